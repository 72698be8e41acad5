"""Damaged and hostile records: every one is either read whole or refused with a RecordError
(a message naming the place), never another exception. Mutations of real records of every
game: bytes flipped, inserted and cut, the file truncated, and ygui's own properties edited
into odd values."""

from __future__ import annotations

import os
import random
import re

import pytest

from ygui.core.game import Game, Move
from ygui.core.record import GameRecord, RecordError, read_record_bytes, write_record
from ygui.core.tree import tree_from_game
from ygui.core.variants import VARIANTS, GameOptions

ODD_VALUES = [
    "",
    "-1",
    "0",
    "²",
    "１２",
    "1e400",
    "99999999999999999999999999",
    "nan",
    "[",
    "\\",
    "size=",
    "size=1e400",
    "seed=-5",
    "corners=2",
    "handicap=999",
    "turns=nonsense",
    "pie=maybe",
    '{"format": "ygui-board"}',
    '{"format": "ygui-board", "version": 1, "cells": [{"label": "a", "centre": [1e400, 0]}]}',
    '{"format": "ygui-board", "version": 1, "cells": [], "sides": [{"name": "x", "cells": [5]}]}',
    "[" * 5000 + "]" * 5000,
    "zz99",
    "swap",
]


def sample_records(rng: random.Random) -> list[bytes]:
    out = []
    for name in VARIANTS:
        game = Game(GameOptions(game=name).validated())
        tree = tree_from_game(game)
        for _ in range(rng.randrange(3, 12)):
            g = tree.game
            if g.is_over:
                break
            tree.play(rng.choice(list(g.legal_moves())))
        tree.go_to_path(tree.path[:2])
        g = tree.game
        if not g.is_over:
            tree.play(rng.choice([m for m in g.legal_moves() if m != Move.swap()]))  # a variation
        tree.current.comment = "a comment ] with \\ escapes"
        record: GameRecord = tree.record
        out.append(write_record(record).encode())
    return out


def mutate(data: bytes, rng: random.Random) -> bytes:
    kind = rng.randrange(5)
    b = bytearray(data)
    if kind == 0:
        for _ in range(rng.randrange(1, 6)):
            b[rng.randrange(len(b))] = rng.randrange(256)
    elif kind == 1:
        del b[rng.randrange(len(b)) :]
    elif kind == 2:
        at = rng.randrange(len(b))
        b[at:at] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 8)))
    elif kind == 3:
        at = rng.randrange(len(b))
        del b[at : at + rng.randrange(1, 20)]
    else:  # one of ygui's properties edited into an odd value
        text = b.decode()
        props = list(re.finditer(r"(YV|YG|YO|YB|AB|AW|PL|B|W)\[", text))
        if props:
            m = rng.choice(props)
            end = text.find("]", m.end())
            value = rng.choice(ODD_VALUES).replace("]", "\\]")
            text = text[: m.end()] + value + text[end if end >= 0 else len(text) :]
        return text.encode()
    return bytes(b)


COUNT = int(os.environ.get("YGUI_FUZZ", "1500"))


@pytest.mark.parametrize("seed", [1, 2])
def test_damaged_records_are_read_whole_or_refused_with_a_message(seed):
    rng = random.Random(seed)
    records = sample_records(rng)
    for data in records:
        read_record_bytes(data)  # the originals are good
    refused = accepted = 0
    for _ in range(COUNT):
        damaged = mutate(rng.choice(records), rng)
        try:
            read_record_bytes(damaged)
            accepted += 1
        except RecordError as exc:
            assert str(exc)
            refused += 1
    assert refused + accepted == COUNT and refused > COUNT // 4


@pytest.mark.parametrize("value", ODD_VALUES)
@pytest.mark.parametrize("prop", ["YV", "YG", "YO", "YB", "AB", "PL"])
def test_each_odd_value_in_each_property(prop, value):
    text = "(;FF[4]YV[1]YG[y]YO[size=5]AB[a1];W[b1])"
    if prop in text:
        text = re.sub(prop + r"\[[^\]]*\]", f"{prop}[{value}]".replace("\\", "\\\\"), text)
    else:
        text = text.replace("YO[size=5]", f"YO[size=5]{prop}[{value}]")
    try:
        read_record_bytes(text.encode())
    except RecordError as exc:
        assert str(exc)  # refused in words; any other exception fails the test
