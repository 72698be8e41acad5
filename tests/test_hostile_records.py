"""Damaged and hostile records: every one is either read whole or refused with a RecordError
(a message naming the place), never another exception: ygui's own properties edited into odd
values, and the hostile records an earlier run found. (The random damage is in test_fuzz.py.)"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from fuzzing import ODD_VALUES, open_record

from ygui.core.game import Game, Move
from ygui.core.record import RecordError, read_record_bytes, save_record, write_record
from ygui.core.tree import tree_from_game
from ygui.core.variants import GameOptions


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


# ----- the hostile records an earlier run found (uncaught exceptions, or minutes of work) ----


def _esc(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _comb(depth: int) -> str:
    """A line of ``depth`` moves on a board of 3,003 cells (triangle 77, embedded), each move
    with a variation beside it: the variations nest ``depth`` deep."""
    import ygui.core.boards.triangle as triangle

    sizes = triangle.SIZES
    triangle.SIZES = range(3, 100)
    try:
        board = triangle.triangle_board(77)
    finally:
        triangle.SIZES = sizes
    labels = board.labels
    parts = [f"(;{'BW'[i % 2]}[{labels[i + 1]}])(;{'BW'[i % 2]}[{labels[i]}]" for i in range(depth)]
    return "(;FF[4]YG[y]YB[" + _esc(board.to_json()) + "]" + "".join(parts) + ")" * (depth + 1)


def _hostile_board(name: str) -> str:
    from test_hostile_boards import CORPUS

    return "(;FF[4]YG[y]YB[" + _esc(CORPUS[name]()) + "])"


HOSTILE_RECORDS: dict[str, tuple[Callable[[], str], str | None]] = {
    # name: (the record, the words of its refusal, or None where it is read whole)
    "a 21 MB comment": (lambda: "(;FF[4]YG[y]C[" + "x" * 21_000_000 + "])", "too large"),
    "a 19 MB comment": (lambda: "(;FF[4]YG[y]C[" + "x" * 19_000_000 + "])", "a comment of"),
    "a 10 MB comment on a move": (
        lambda: "(;FF[4]YG[y];B[a1]C[" + "x" * 10_000_000 + "])",
        "a comment of 10,000,000 characters",
    ),
    "a comment of 100,000 characters": (lambda: "(;FF[4]YG[y]C[" + "x" * 100_000 + "])", None),
    "a 10 MB value of escapes": (lambda: "(;FF[4]YG[y]AN[" + "\\]" * 5_000_000 + "])", None),
    "20,000 sibling variations": (lambda: "(;FF[4]YG[y]" + "(;B[a1])" * 20_000 + ")", None),
    "60,000 sibling variations": (
        lambda: "(;FF[4]YG[y]" + "(;B[a1])" * 60_000 + ")",
        "more than 50,000 moves and variations",
    ),
    "a comb of variations 3,000 deep": (lambda: _comb(3_000), None),
    "variations nested 10,001 deep": (
        lambda: "(;FF[4]YG[y]" + "(;B[a1]" * 10_001 + ")" * 10_002,
        "nested too deeply",
    ),
    "a 20 MB run of spaces": (lambda: "(;FF[4]YG[y]" + " " * 19_000_000 + ")", None),
    "a 10 MB property name": (lambda: "(;FF[4]YG[y]" + "X" * 10_000_000 + "[1])", None),
    **{
        f"an embedded board: {name}": ((lambda n=name: _hostile_board(n)), "embedded board")
        for name in (
            "nested 100,000 deep",
            "1e400 in a centre",
            "a huge but finite centre",
            "a neighbour past the cells",
            "an outline of 100,000 points",
            "a line past the cells",
            "a side past the cells",
            "80,200 cells",
            "NaN in a centre",
        )
    },
}


@pytest.mark.parametrize("name", list(HOSTILE_RECORDS))
def test_each_hostile_record_is_read_whole_or_refused_with_a_message(name: str) -> None:
    """Through what the window does with a file (read, build the tree, go to its end, and save
    it again); the fuzz script reports the time each takes."""
    make, refusal = HOSTILE_RECORDS[name]
    data = make().encode()
    if refusal is None:
        assert open_record(data)
    else:
        with pytest.raises(RecordError, match=refusal):
            read_record_bytes(data)


def test_the_writer_refuses_what_the_reader_would(monkeypatch, tmp_path) -> None:
    """Saving refuses a tree with more nodes, or deeper variations, than reading accepts, so a
    saved game always opens again."""
    import ygui.core.record as record_module
    import ygui.core.sgf as sgf

    for module, name in ((sgf, "MAX_NODES"), (record_module, "MAX_RECORD_NODES")):
        monkeypatch.setattr(module, name, 12)
    for module, name in ((sgf, "MAX_DEPTH"), (record_module, "MAX_RECORD_DEPTH")):
        monkeypatch.setattr(module, name, 3)
    game = Game(GameOptions(game="y", size=5))
    path = tmp_path / "g.ysgf"
    for nodes, depth in ((12, 3), (13, 0), (9, 4)):
        tree = tree_from_game(game)
        for i in range(depth):  # a comb: a variation beside each move
            tree.play(Move(i + 1))
            tree.back()
            tree.play(Move(i))
        while record_module.tree_extent(tree.record.root)[0] < nodes:
            tree.play(next(m for m in tree.game.legal_moves() if m != Move.swap()))
        assert record_module.tree_extent(tree.record.root)[:2] == (nodes, depth)
        text = write_record(tree.record)
        if nodes <= 12 and depth <= 3:
            save_record(path, tree.record)
            assert open_record(path.read_bytes())
        else:
            with pytest.raises(RecordError, match="to save"):
                save_record(path, tree.record)
            with pytest.raises(RecordError, match="more than 12|nested too deeply"):
                read_record_bytes(text.encode())


def test_a_record_in_the_character_set_it_names_is_read():
    """Other programs' SGF files may be in another character set, named in CA: read in it; a
    file that is not UTF-8 and names none is refused in words that say what may be wrong."""
    text = "(;FF[4]CA[ISO-8859-1]GM[1]YG[y]YO[size=5]PB[Zoë]PW[José];B[a1])"
    record = read_record_bytes(text.encode("latin-1"))
    assert (record.black, record.white) == ("Zoë", "José")
    plain = text.replace("CA[ISO-8859-1]", "")
    with pytest.raises(RecordError, match="line 1: bytes that are not UTF-8 text"):
        read_record_bytes(plain.encode("latin-1"))
    unknown = text.replace("ISO-8859-1", "klingon")
    with pytest.raises(RecordError, match="damaged"):
        read_record_bytes(unknown.encode("latin-1"))
    assert read_record_bytes(text.encode()).black == "Zoë"  # (UTF-8, whatever CA says)
