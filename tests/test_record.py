"""Records: round trips for every game and option, and damaged files refused cleanly."""

import contextlib
import random

import pytest
from helpers import play_labels, random_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ygui.core import sgf
from ygui.core.game import BLACK, WHITE, Game
from ygui.core.record import (
    GameRecord,
    RecordError,
    RecordNode,
    load_record,
    read_record,
    read_record_bytes,
    save_record,
    write_record,
)
from ygui.core.variants import GameOptions

ROUND_TRIP = [
    ("y", {}),
    ("y", {"size": 5, "pie": False}),
    ("y", {"turns": "master"}),
    ("y", {"turns": "two-stone"}),
    ("y", {"turns": "progressive"}),
    ("y", {"turns": "tabu"}),
    ("y", {"handicap": 4}),
    ("game-of-y", {}),
    ("game-of-y", {"size": 5}),
    ("poly-y", {}),
    ("poly-y", {"corners": 7, "size": 5}),
    ("mudcrack-y", {"size": 60, "seed": 9}),
    ("starboard-y", {}),
    ("hexagonal-y", {}),
    ("hexagonal-y", {"pie": True}),
    ("eccentric-y", {"size": 5}),
]


def same_game(a: Game, b: Game) -> None:
    assert a.options.to_keys() == b.options.to_keys()
    assert a.options.game == b.options.game
    assert a.geometry.labels == b.geometry.labels
    assert a.geometry.neighbours == b.geometry.neighbours
    assert a.moves == b.moves and a.colours == b.colours
    assert a.winner == b.winner and a.swapped == b.swapped and a.to_move == b.to_move


@pytest.mark.parametrize("item", ROUND_TRIP, ids=lambda i: i[0] + str(i[1]))
def test_round_trip(item, tmp_path):
    name, kw = item
    rng = random.Random(str(item))
    game = random_game(Game(GameOptions(game=name, **kw)), rng, max_moves=rng.randrange(5, 60))
    record = GameRecord.from_game(game, black="Ann", white="Bo", comments={0: "hello]\\", 2: "two"})
    path = tmp_path / "game.ysgf"
    save_record(path, record)
    loaded = load_record(path)
    same_game(loaded.to_game(), game)
    assert (loaded.black, loaded.white) == ("Ann", "Bo")
    assert loaded.root.comment == "hello]\\"
    assert loaded.main_line()[1].comment == "two"
    assert write_record(loaded) == write_record(record)


def test_swap_round_trip_and_result():
    game = Game(GameOptions(game="y", size=4))
    play_labels(game, "b2 swap a1 c2 b1 c3 d1")
    text = write_record(GameRecord.from_game(game))
    assert ";W[swap]" in text
    loaded = read_record(text).to_game()
    same_game(loaded, game)


def test_finished_game_has_result():
    game = Game(GameOptions(game="y", size=3))
    play_labels(game, "a1 b2 b1 c2 c1")
    text = write_record(GameRecord.from_game(game))
    assert "RE[B+]" in text


def test_a_board_of_ones_own_is_saved_without_a_size_of_the_games():
    """Tester 72's record of a 10-cell board of their own said YO[size=11 ...], Y's default
    size, as if it were that board's. The board is in YB; YO keeps the rules alone."""
    from ygui.core.boards.triangle import triangle_board
    from ygui.core.geometry import BoardGeometry
    from ygui.core.variants import options_for_board

    board = BoardGeometry.from_json(triangle_board(4).to_json())  # (not the game's own)
    game = Game(options_for_board(board), board)
    play_labels(game, "a1 b2")
    text = write_record(GameRecord.from_game(game))
    assert "YO[pie=on turns=standard]" in text and "YB[" in text
    loaded = read_record(text)
    assert loaded.geometry.size == 10 and loaded.options.pie_value
    assert [game.move_text(n.move) for n in loaded.main_line()] == ["a1", "b2"]


def test_mudcrack_record_embeds_the_board():
    game = Game(GameOptions(game="mudcrack-y", size=40, seed=5))
    play_labels(game, "1 2 3")
    text = write_record(GameRecord.from_game(game))
    assert "YB[" in text and "seed=5" in text
    loaded = read_record(text)
    for a, b in zip(loaded.geometry.outlines, game.geometry.outlines, strict=True):
        assert [p for xy in a for p in xy] == pytest.approx([p for xy in b for p in xy], abs=1e-5)
    assert loaded.geometry.neighbours == game.geometry.neighbours


def test_redo_moves_are_kept_in_the_record():
    game = Game(GameOptions(game="y", size=5))
    play_labels(game, "a1 b1 c1")
    game.undo()
    loaded = read_record(write_record(GameRecord.from_game(game)))
    assert len(loaded.main_line()) == 3


def test_setup_position_round_trip():
    g = Game(GameOptions(game="y", size=5)).geometry
    setup = {g.cell("a1"): BLACK, g.cell("c3"): WHITE}
    game = Game(GameOptions(game="y", size=5), setup=setup, to_move=WHITE)
    play_labels(game, "b1")
    text = write_record(GameRecord.from_game(game))
    assert "AB[a1]" in text and "AW[c3]" in text and "PL[W]" in text
    loaded = read_record(text).to_game()
    same_game(loaded, game)


def test_variations_are_read_checked_and_written_back():
    text = "(;YV[1]YG[y]YO[size=5];B[a1](;W[b1];B[c1])(;W[c2]C[other]))"
    record = read_record(text)
    assert len(record.root.children[0].children) == 2
    again = read_record(write_record(record))
    assert again.root.children[0].children[1].comment == "other"
    bad = "(;YV[1]YG[y]YO[size=5];B[a1](;W[b1];B[c1])(;W[a1]))"
    with pytest.raises(RecordError, match="a1 is occupied"):
        read_record(bad)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "^the file is empty"),
        (" \n\n", "the file is empty"),
        ("hello", "must begin"),
        ("(;YG[y]", "missing"),
        ("(;YG[y];B[a1]", r"'\)' is missing"),
        ("(;YG[nope])", "unknown game"),
        ("(;YG[y]YO[size=99])", "line 1: bad game options"),
        ("(;YG[y]YO[size=5]\n;B[a1]\n;B[b1])", r"line 3: move 2 \(B\[b1\]\): it is White's turn"),
        ("(;YG[y]YO[size=5]\n;B[zz9])", "line 2: move 1 .*not a cell|no cell"),
        ("(;YG[y]YO[size=5]\n;B[a1]\n;W[a1])", "line 3: .*a1 is occupied"),
        ("(;YG[y]YO[size=3];B[a1];W[b2];B[b1];W[c2];B[c1];W[c3])", "after the end"),
        ("(;YG[y]YO[size=5]\n;B[a1]W[b1])", "exactly one"),
        ("(;YG[y]YV[99])", "newer"),
        ("(;YG[y]YB[{bad json])", "embedded board"),
        ("(;YG[y]AB[a1][a1])", "twice"),
        ("(;YG[y])(;YG[y])", "2 games"),
        ("(;YG[y]YO[size=5];B[a1];W[swap])", ""),
        ("(;YG[y]YO[size=5];B[a1];W[swap];B[b1])", "it is White's turn"),
        ("(;YG[y]YO[size=5 pie=off];B[a1];W[swap])", "pie rule is off"),
        ("(;YG[y]b[a1])", "upper-case"),
        # a record of another game says which (tester 21 was told of "property YG")
        ("(;GM[1]FF[4]SZ[19];B[pd])", "line 1: not a ygui record: it is a record of Go"),
        ("(;FF[4];B[pd])", "not a ygui record: it names no game of the Y family"),
    ],
)
def test_damaged_files_name_the_problem(text, message):
    if message == "":
        read_record(text)  # this one is fine: the pie rule is on by default
        return
    with pytest.raises(RecordError, match=message):
        read_record(text)


def test_binary_and_huge_files(tmp_path):
    with pytest.raises(RecordError, match="not UTF-8 text"):
        read_record_bytes(b"(;YG[y]\xff\xfe)")
    with pytest.raises(RecordError, match="NUL"):
        read_record("(;YG[y]\x00)")
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.ysgf")


def test_deeply_nested_variations_do_not_crash():
    text = "(;YG[y]YO[size=5]" + "(;B[a1]" * 5000 + ")" * 5001
    with pytest.raises(RecordError):
        read_record(text)  # W must answer B: the second nested B[a1] is refused, cleanly


def test_atomic_save_keeps_the_old_file_when_writing_fails(tmp_path, monkeypatch):
    path = tmp_path / "g.ysgf"
    game = Game(GameOptions(game="y", size=5))
    save_record(path, GameRecord.from_game(game))
    before = path.read_text()
    import ygui.core.record as rec

    def broken(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(rec.os, "replace", broken)
    play_labels(game, "a1")
    with pytest.raises(OSError):
        save_record(path, GameRecord.from_game(game))
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.ysgf"]


VALID = write_record(
    GameRecord.from_game(
        random_game(Game(GameOptions(game="y", size=6)), random.Random(1), max_moves=12)
    )
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_damaged_records_are_refused_cleanly(data):
    """Any corruption either still reads as a consistent game, or gives RecordError."""
    text = VALID
    for _ in range(data.draw(st.integers(1, 4))):
        pos = data.draw(st.integers(0, len(text)))
        action = data.draw(st.sampled_from(["delete", "insert", "replace", "truncate"]))
        if action == "delete":
            text = text[:pos] + text[pos + data.draw(st.integers(1, 10)) :]
        elif action == "insert":
            text = text[:pos] + data.draw(st.text(max_size=5)) + text[pos:]
        elif action == "replace":
            text = text[:pos] + data.draw(st.sampled_from("()[];\\BWa19swap")) + text[pos + 1 :]
        else:
            text = text[:pos]
    try:
        record = read_record(text)
    except RecordError as exc:
        assert str(exc)
        return
    game = record.to_game()  # whatever was read is a legal game
    assert len(game.moves) == len(record.main_line())


@given(st.binary(max_size=300))
def test_random_bytes_never_crash(blob):
    with contextlib.suppress(RecordError):
        read_record_bytes(blob)


def test_unknown_properties_are_kept():
    text = "(;YG[y]YO[size=5]XX[keep me];B[a1]ZZ[and me])"
    out = write_record(read_record(text))
    assert "XX[keep me]" in out and "ZZ[and me]" in out


def test_record_node_tree_defaults():
    assert RecordNode().children == [] and RecordNode().move is None
    assert RecordNode(colour=WHITE).colour == WHITE


def _unescape_by_hand(raw: str) -> str:
    """SGF's escapes read one character at a time, as the format describes them."""
    out, i = [], 0
    while i < len(raw):
        if raw[i] == "\\" and i + 1 < len(raw):
            if raw[i + 1] != "\n":
                out.append(raw[i + 1])
            i += 2
        else:
            out.append(raw[i])
            i += 1
    return "".join(out)


TOKENS = ["a", "b", " ", "\n", "\r", "\\]", "\\\\", "\\\n", "\\a", "\\\r", "\\["]


@given(st.lists(st.sampled_from(TOKENS), max_size=30), st.text(max_size=40))
def test_values_are_unescaped_as_the_format_reads_them(tokens, text):
    """The reader unescapes with string methods; it must agree with a character-by-character
    reading, and a written value must come back as it was."""
    raw = "".join(tokens)
    (root,) = sgf.parse(f"(;C[{raw}])")
    assert root.get("C") == _unescape_by_hand(raw)
    node = sgf.SgfNode()
    node.set("C", text)
    assert sgf.parse(sgf.serialise(node))[0].get("C") == text
    with pytest.raises(sgf.SgfError, match="ends inside a property value"):
        sgf.parse(f"(;C[{raw}\\")


@pytest.mark.parametrize(
    "text, mended",
    [
        ("(;YG[y]YO[size=5];B[a1];W[b1]", "(;YG[y]YO[size=5];B[a1];W[b1])"),
        ("(;YG[y]YO[size=5];B[a1];W[b", "(;YG[y]YO[size=5];B[a1])"),
        (r"(;YG[y]YO[size=5];B[a1]C[x\]y];W[b1]C[z", r"(;YG[y]YO[size=5];B[a1]C[x\]y];W[b1])"),
        ("(;YG[y]YO[size=5];B[a1](;W[b1])(;W[c1];B[d", "(;YG[y]YO[size=5];B[a1](;W[b1])(;W[c1]))"),
        ("(;YG[y]YO[size=5];B[a1])", None),  # whole
        ("(;YG[y]YO[size=5];B[a1])(", None),  # whole, then something else
        ("(;YG", None),  # nothing whole to keep
    ],
)
def test_a_record_cut_short_is_mended_up_to_its_last_whole_value(text, mended):
    from ygui.core.record import cut_short_text, salvage_cut_short

    assert cut_short_text(text) == mended
    if mended is not None:
        assert salvage_cut_short(text.encode()) is not None


def test_a_record_with_moves_that_cannot_be_played_is_salvaged_without_them():
    """A record whose moves cannot all be played is refused by read_record; salvaged, each
    bad move is left out with the moves after it (said with where and why), and the rest,
    variations and comments, is kept. A whole record, or one damaged otherwise, has nothing
    to salvage."""
    from ygui.core.record import RecordError, read_record, salvage_bad_moves

    head = "(;YG[y]YO[size=5 pie=0]"
    whole = head + ";B[c2]C[one];W[b2](;B[d1];W[a1])(;B[a1];W[d1]))"
    assert salvage_bad_moves(whole.encode()) is None
    bad = head + ";B[c2]C[one];W[b2](;B[d1];W[d1];B[a1];W[e1])(;B[a1]C[kept];W[b1]))"
    # (the bad move is the first line's fourth: the line keeps its first three)
    with pytest.raises(RecordError, match="move 4 \\(W\\[d1\\]\\): the cell d1 is occupied"):
        read_record(bad)
    salvaged = salvage_bad_moves(bad.encode())
    assert salvaged is not None
    record, left = salvaged
    assert [(x.moves, "the cell d1 is occupied" in x.problem) for x in left] == [(3, True)]
    assert [n.comment for n in record.main_line()] == ["one", "", ""]
    variation = record.root.children[0].children[0].children[1]
    assert variation.comment == "kept" and len(variation.children) == 1
    out_of_turn = head + ";B[c2];B[b2];W[d1])"  # every move after the bad one is left out
    record, left = salvage_bad_moves(out_of_turn.encode())
    assert len(record.main_line()) == 1 and left[0].moves == 2
    assert "it is White's turn" in left[0].problem
    # a result stays where the main line does, and goes with its end (tester 38: a
    # resignation after move 13 stood after move 7)
    resigned = "(;YG[y]YO[size=5 pie=0]RE[B+R];B[c2];W[b2](;B[d1];W[a1])(;B[a1];W[a1]))"
    record, left = salvage_bad_moves(resigned.encode())
    assert record.result == "B+R" and len(record.main_line()) == 4
    record, left = salvage_bad_moves(resigned.replace("W[b2]", "W[c2]").encode())
    assert record.result == "" and len(record.main_line()) == 1
    for damaged in (b"(;YG[nope];B[a1])", b"(;YG[y];B[a1]", b"\xff\xfe", b"(;GM[1];B[aa])"):
        assert salvage_bad_moves(damaged) is None
