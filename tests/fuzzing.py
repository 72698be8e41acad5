"""Fuzzers for what ygui reads from outside: game records, board files and GTP lines.

Each starts from valid input of every game, damages it at random, and passes it through the
functions the window and the command line call, in the order they call them (a record: read,
build the tree, go to the end, write it back and read that again; a board file: read it from
disk, choose the game, start one, work out the drawing; a GTP line: the engine's own loop).
Every input must be taken whole or refused with the reader's own error; anything else is
"uncaught". The time of each input is measured and reported, never asserted here.

The test suite runs a sample (tests/test_fuzz.py); ``scripts/fuzz.py`` runs the same fuzzers
longer and prints the figures the README quotes.
"""

from __future__ import annotations

import io
import json
import random
import re
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ygui.core.drawing import bounds, side_paths, stone_radii
from ygui.core.game import Game, Move
from ygui.core.geometry import BoardError, BoardGeometry
from ygui.core.record import GameRecord, RecordError, read_record_bytes, write_record
from ygui.core.tree import GameTree, tree_from_game
from ygui.core.variants import VARIANTS, GameOptions, OptionsError, options_for_board
from ygui.gtp import GtpEngine

# ----- the tally ----------------------------------------------------------------------------


@dataclass
class Tally:
    """What one fuzzer found."""

    kind: str
    bound: float  # seconds an input may take before it counts as slow
    tried: int = 0
    accepted: int = 0
    refused: int = 0
    uncaught: list[str] = field(default_factory=list)  # a description and the traceback
    slow: list[str] = field(default_factory=list)
    slowest: float = 0.0
    seconds: float = 0.0

    def run(
        self, inputs: Iterator[Any], check: Callable[[Any], bool], name: Callable[[Any], str]
    ) -> Tally:
        """``check`` returns True when the input was taken, False when it was refused with the
        reader's own error; any exception it lets out is counted as uncaught."""
        start = time.perf_counter()
        for item in inputs:
            began = time.perf_counter()
            try:
                if check(item):
                    self.accepted += 1
                else:
                    self.refused += 1
            except Exception:  # noqa: BLE001 - counting these is the point
                self.uncaught.append(f"{name(item)}\n{traceback.format_exc()}")
            took = time.perf_counter() - began
            self.tried += 1
            self.slowest = max(self.slowest, took)
            if took > self.bound:
                self.slow.append(f"{took:.1f} s: {name(item)}")
        self.seconds = time.perf_counter() - start
        return self

    def line(self) -> str:
        return (
            f"{self.kind:8} {self.tried:7,} tried {self.refused:7,} refused {self.accepted:7,} "
            f"accepted {len(self.uncaught):3} uncaught {len(self.slow):3} over {self.bound:g} s "
            f"(slowest {self.slowest:.2f} s; {self.seconds:.0f} s in all)"
        )


def _short(data: bytes | str) -> str:
    text = repr(data)
    return text if len(text) <= 300 else text[:150] + " ... " + text[-150:]


# ----- records ------------------------------------------------------------------------------

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
    """A short game of every kind, with a variation, a comment and escapes."""
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


def _mutate_bytes(data: bytes, rng: random.Random, kind: int) -> bytes:
    b = bytearray(data)
    if kind == 0:  # bytes flipped
        for _ in range(rng.randrange(1, 6)):
            b[rng.randrange(len(b))] = rng.randrange(256)
    elif kind == 1:  # truncated
        del b[rng.randrange(len(b)) :]
    elif kind == 2:  # bytes inserted
        at = rng.randrange(len(b))
        b[at:at] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 8)))
    else:  # bytes cut
        at = rng.randrange(len(b))
        del b[at : at + rng.randrange(1, 20)]
    return bytes(b)


def mutate_record(data: bytes, rng: random.Random) -> bytes:
    kind = rng.randrange(5)
    if kind < 4:
        return _mutate_bytes(data, rng, kind)
    # one of ygui's properties edited into an odd value
    text = data.decode()
    props = list(re.finditer(r"(YV|YG|YO|YB|AB|AW|PL|B|W)\[", text))
    if props:
        m = rng.choice(props)
        end = text.find("]", m.end())
        value = rng.choice(ODD_VALUES).replace("]", "\\]")
        text = text[: m.end()] + value + text[end if end >= 0 else len(text) :]
    return text.encode()


def open_record(data: bytes) -> bool:
    """What the window does with a record file's bytes, then saving it (autosave) and reading
    the save back. True if taken, False if refused with a RecordError."""
    try:
        record = read_record_bytes(data)
    except RecordError as exc:
        if not str(exc):
            raise AssertionError("a refusal without a message") from exc
        return False
    tree = GameTree(record)
    tree.to_end()
    again = read_record_bytes(write_record(tree.record).encode())
    GameTree(again).to_end()
    return True


def damaged_records(count: int, seed: int) -> Iterator[bytes]:
    rng = random.Random(seed)
    records = sample_records(rng)
    for data in records:
        if not open_record(data):
            raise AssertionError("a good record was refused")
    for _ in range(count):
        yield mutate_record(rng.choice(records), rng)


def fuzz_records(count: int, seed: int = 1, bound: float = 5.0) -> Tally:
    return Tally("records", bound).run(damaged_records(count, seed), open_record, _short)


# ----- board files --------------------------------------------------------------------------

ODD_JSON: list[Any] = [
    None,
    True,
    -1,
    0,
    5,
    10**30,
    1e308,
    -1e308,
    0.5,
    "",
    "a1",
    "Big Cell",
    "\u00b2",
    [],
    [0],
    [-1, 2],
    [1e308, 1e308],
    ["a", 1],
    [[0, 0], [1, 0], [0, 1]],
    [[0, 0]] * 300,
    list(range(70)),
    {},
    {"name": "x", "cells": [5]},
    [[[[[[[[[[[[]]]]]]]]]]]],
]


def sample_boards() -> list[str]:
    """Small boards of every game as board files (the JSON a user's file holds)."""
    small = {"y": {"size": 4}, "poly-y": {"corners": 5, "size": 4}, "hexagonal-y": {"size": 3}}
    return [
        GameOptions(game=name, **small.get(name, {})).validated().board().to_json()  # type: ignore[arg-type]
        for name in VARIANTS
    ]


def _places(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every key and index path in a JSON value."""
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _places(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _places(value, (*path, i))


def mutate_board(text: str, rng: random.Random) -> bytes:
    kind = rng.randrange(7)
    if kind < 3:
        return _mutate_bytes(text.encode(), rng, rng.randrange(4))
    data = json.loads(text)
    places = [p for p in _places(data) if p]
    for _ in range(rng.randrange(1, 4)):
        path = rng.choice(places)
        parent = data
        try:
            for step in path[:-1]:
                parent = parent[step]
            if kind == 3 and isinstance(parent, list):
                del parent[path[-1]]  # an item removed
            elif kind == 4 and isinstance(parent, dict):
                parent.pop(path[-1])  # a key removed
            else:
                parent[path[-1]] = rng.choice(ODD_JSON)  # a value replaced
        except (IndexError, KeyError, TypeError):
            continue  # an earlier change removed the place
    return json.dumps(data).encode()


def open_board(data: bytes, folder: Path) -> bool:
    """What the window's "Play on a board file" and ``ygui check-board`` do with a file, then
    a game on it and its drawing."""
    path = folder / "board.json"
    path.write_bytes(data)
    try:
        geometry = BoardGeometry.read_file(path)
        options = options_for_board(geometry)
    except (BoardError, OptionsError) as exc:
        if not str(exc):
            raise AssertionError("a refusal without a message") from exc
        return False
    game = Game(options, geometry)
    tree_from_game(game)
    stone_radii(geometry)
    side_paths(geometry)
    bounds(geometry)
    move = next(iter(game.legal_moves()))
    game.play(move)
    return True


def damaged_boards(count: int, seed: int) -> Iterator[bytes]:
    rng = random.Random(seed)
    boards = sample_boards()
    for _ in range(count):
        yield mutate_board(rng.choice(boards), rng)


def fuzz_boards(count: int, seed: int = 1, bound: float = 5.0) -> Tally:
    with tempfile.TemporaryDirectory() as folder:
        for text in sample_boards():  # Steere's boards are refused: a file plays Y or Poly-Y
            if not open_board(text.encode(), Path(folder)) and len(json.loads(text)["sides"]) != 6:
                raise AssertionError("a good board was refused")
        return Tally("boards", bound).run(
            damaged_boards(count, seed), lambda d: open_board(d, Path(folder)), _short
        )


# ----- GTP ----------------------------------------------------------------------------------

COMMAND_WORDS = [
    b"name",
    b"version",
    b"play b a1",
    b"play w swap",
    b"genmove b",
    b"undo",
    b"showboard",
    b"ygui-variant hexagonal-y size=3",
    b"ygui-variant y size=4 pie=on",
    b"boardsize 5",
    b"ygui-level 2",
    b"ygui-board /dev/zero",
    b"known_command play",
    b"12 name",
    b"clear_board",
]


def fuzz_lines(seed: int, count: int) -> list[bytes]:
    """GTP lines: random bytes, and commands with a few bytes changed, added or cut (never
    ``quit``)."""
    rng = random.Random(seed)
    lines: list[bytes] = []
    while len(lines) < count:
        if rng.random() < 0.4:
            line = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
        else:
            changed = bytearray(rng.choice(COMMAND_WORDS))
            for _ in range(rng.randrange(4)):
                at = rng.randrange(len(changed) + 1)
                if rng.random() < 0.5:
                    changed[at:at] = bytes([rng.randrange(256)])
                else:
                    del changed[at : at + 1]
            line = bytes(changed)
        line = line.replace(b"\n", b" ")
        if b"quit" not in line.lower():
            lines.append(line)
    return lines


def answer_line(engine: GtpEngine, line: bytes) -> bool:
    """One line through the engine's own loop. True for a "=" answer, False for a "?" one (or
    none, for a blank line); a malformed answer is an error."""
    out = io.BytesIO()
    engine.run(io.BytesIO(line + b"\n"), out)
    reply = out.getvalue().decode("utf-8")
    if not reply:
        return False
    if reply[:1] not in "=?" or not reply.endswith("\n\n") or "\n\n" in reply[:-2]:
        raise AssertionError(f"a malformed answer: {reply!r}")
    return reply.startswith("=")


def fuzz_gtp(count: int, seed: int = 1, bound: float = 5.0) -> Tally:
    engine = GtpEngine(threads=1)
    answer_line(engine, b"ygui-level 1")
    tally = Tally("GTP", bound).run(
        iter(fuzz_lines(seed, count)), lambda line: answer_line(engine, line), _short
    )
    if answer_line(engine, b"name") is not True:
        tally.uncaught.append("the engine stopped answering")
    return tally


FUZZERS: dict[str, Callable[..., Tally]] = {
    "records": fuzz_records,
    "boards": fuzz_boards,
    "gtp": fuzz_gtp,
}
