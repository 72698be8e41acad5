"""The opening book: the board's symmetries, the file format and its errors, the book's moves
(with and without the pie rule) and the engine's use of it."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from helpers import load_script

from ygui.ai.book import Book, BookError, best_of, book_key, books, symmetries
from ygui.ai.engine import Engine, SearchLimits
from ygui.core.game import BLACK, SWAP, WHITE, Game, Move
from ygui.core.variants import VARIANTS, GameOptions


def _book(values: dict[str, dict[str, float]], opening: dict[str, float]) -> dict:
    """A Y 5 book: ``values[first]`` the replies' values to a first stone at ``first``."""
    positions = [{"mine": [], "theirs": [], "values": opening}]
    positions += [{"mine": [], "theirs": [f], "values": v} for f, v in values.items()]
    return {
        "format": "ygui-book",
        "version": 1,
        "game": "y",
        "options": ["size=5", "turns=standard"],
        "positions": positions,
    }


SMALL = _book(
    {"c2": {"c3": 0.3, "b2": 0.2}, "a1": {"c2": 0.9, "b1": 0.6}},
    {"c2": 0.7, "a1": 0.1, "b1": 0.52, "c1": 0.45},
)


def _game(pie: bool, *moves: str, size: int = 5) -> Game:
    game = Game(GameOptions(game="y", size=size, pie=pie))
    for label in moves:
        game.play(game.parse_move(label))
    return game


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_symmetries_keep_the_board(name: str) -> None:
    geometry = GameOptions(game=name).board()
    syms = symmetries(geometry)
    assert syms[0] == tuple(range(geometry.size))
    assert len(set(syms)) == len(syms)
    for perm in syms:
        assert sorted(perm) == list(range(geometry.size))
        for a, nbrs in enumerate(geometry.neighbours):
            assert {perm[b] for b in nbrs} == set(geometry.neighbours[perm[a]])
    expected = {"y": 6, "hexagonal-y": 12, "mudcrack-y": 1, "poly-y": 10}
    if name in expected:
        assert len(syms) == expected[name]


@pytest.mark.parametrize(
    ("name", "board_only", "with_rules"),
    [("eccentric-y", 12, 2), ("starboard-y", 6, 3), ("hexagonal-y", 12, 12), ("y", 6, 6)],
)
def test_symmetries_keep_the_winning_sides(name: str, board_only: int, with_rules: int) -> None:
    """Eccentric Y's hexagon turns onto itself twelve ways, but only a reflection that swaps
    its two black sides keeps the rules; Starboard Y's turns by a third keep them and its
    reflections (starboard into port) do not."""
    game = Game(GameOptions(game=name))
    assert len(symmetries(game.geometry)) == board_only
    syms = symmetries(game.geometry, game.rule)
    assert len(syms) == with_rules
    n = game.geometry.size
    rng = random.Random(name)
    for perm in syms:
        for _ in range(20):  # a position and its image have the same winner (or none)
            stones = {c: rng.choice((BLACK, WHITE)) for c in rng.sample(range(n), n * 2 // 3)}
            image = {perm[c]: colour for c, colour in stones.items()}
            assert Game(game.options, setup=stones).winner == Game(game.options, setup=image).winner
    # and the rules' symmetries are needed: some board symmetry breaks the rules of these two
    if board_only != with_rules:
        broken = [p for p in symmetries(game.geometry) if p not in syms]
        assert any(
            Game(game.options, setup=s).winner
            != Game(game.options, setup={broken[0][c]: v for c, v in s.items()}).winner
            for s in (
                {c: rng.choice((BLACK, WHITE)) for c in rng.sample(range(n), n * 2 // 3)}
                for _ in range(200)
            )
        )


def test_a_y_board_has_the_symmetries_of_its_triangle() -> None:
    geometry = GameOptions(game="y", size=5).board()
    images = {geometry.labels[p[geometry.cell("a1")]] for p in symmetries(geometry)}
    assert images == {"a1", "e1", "e5"}  # the three corners
    centre_free = {geometry.labels[p[geometry.cell("c2")]] for p in symmetries(geometry)}
    assert len(centre_free) == 3


def test_the_book_answers_every_image_of_a_position() -> None:
    book = Book.from_dict(SMALL)
    geometry = book.options.board()
    for perm in symmetries(geometry):
        first = geometry.labels[perm[geometry.cell("a1")]]
        answer = book.move(_game(False, first))
        assert answer is not None
        assert answer.move == Move(perm[geometry.cell("c2")])
        assert answer.value == pytest.approx(0.9)


def test_without_the_pie_rule_it_opens_with_the_best_first_move() -> None:
    answer = Book.from_dict(SMALL).move(_game(False))
    assert answer is not None and answer.value == pytest.approx(0.7)
    geometry = GameOptions(game="y", size=5).board()
    assert geometry.labels[answer.move.cell or 0] in {"c2", "c3", "d3"}  # c2 or an image


def test_with_the_pie_rule_it_opens_near_even_and_swaps_a_strong_opening() -> None:
    book = Book.from_dict(SMALL)
    opening = book.move(_game(True), seed=3)
    assert opening is not None
    # b1 (0.52) and its images are nearest to even; c1 (0.45) is not within the margin
    assert opening.value == pytest.approx(0.52)
    # against c2 the best reply is worth 0.3: swapping is worth 0.7
    swap = book.move(_game(True, "c2"))
    assert swap is not None and swap.move == SWAP and swap.value == pytest.approx(0.7)
    # against a1 the best reply is worth 0.9: play it
    reply = book.move(_game(True, "a1"))
    assert reply is not None and reply.move == _game(True).parse_move("c2")
    # without the pie rule there is no swap
    plain = book.move(_game(False, "c2"))
    geometry = book.options.board()
    c2, c3 = geometry.cell("c2"), geometry.cell("c3")
    images = {p[c3] for p in symmetries(geometry) if p[c2] == c2}  # c3 or its mirror image
    assert plain is not None and plain.move.cell in images and plain.value == pytest.approx(0.3)


def test_the_book_knows_nothing_of_other_positions_and_boards() -> None:
    book = Book.from_dict(SMALL)
    assert book.move(_game(False, "c2", "c3")) is None
    assert book.move(_game(False, "b1")) is None  # a first stone it has no replies for
    assert book.move(_game(False, size=6)) is None
    master = Game(GameOptions(game="y", size=5, turns="master"))
    assert book.move(master) is None


def test_colours_do_not_matter_only_whose_turn() -> None:
    book = Book.from_dict(SMALL)
    geometry = book.options.board()
    game = Game(GameOptions(game="y", size=5, pie=False), setup={geometry.cell("a1"): WHITE})
    answer = book.move(game)  # Black to move against a White stone at a1
    assert answer is not None and answer.move == Move(geometry.cell("c2"))
    assert game.to_move == BLACK


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="other"), "not a ygui-book file"),
        (lambda d: d.update(version=9), "version 9"),
        (lambda d: d.update(options=["size=99"]), "not 99"),
        (lambda d: d["positions"][1].update(theirs=["z9"]), "position 2"),
        (lambda d: d["positions"][1]["values"].update(c3=1.5), "values are 0 to 1"),
        (lambda d: d["positions"][1]["values"].update(c2=0.5), "occupied"),
        (lambda d: d.pop("positions"), "no list of positions"),
    ],
)
def test_a_damaged_book_is_refused_with_a_message(change, message: str) -> None:
    data = json.loads(json.dumps(SMALL))
    change(data)
    with pytest.raises(BookError, match=message):
        Book.from_dict(data)
    with pytest.raises(BookError, match="not JSON"):
        Book.from_json("{ nope")


def test_the_shipped_books_load_and_cover_every_first_stone() -> None:
    from importlib import resources

    shelf = books()
    assert shelf, "no opening book in resources/book"
    files = [f for f in (resources.files("ygui.resources") / "book").iterdir()]
    data = [json.loads(f.read_text(encoding="utf-8")) for f in files if f.name.endswith(".json")]
    assert len(data) == len(shelf)  # every file loads
    played = {
        book_key(GameOptions.from_keys(d["game"], d["options"])): d["positions"][0].get("games")
        for d in data
    }
    for book in shelf:
        geometry = book.options.board()
        empty = frozenset[int]()
        opening = book.positions[(empty, empty)]
        assert set(opening) == set(range(geometry.size))
        games = played[book.key]
        for cell in range(geometry.size):
            game = Game(book.options)
            game.play(Move(cell))
            replies = book.values(game)  # (a Hexagonal Y perimeter stone and its opposite)
            assert replies is not None and len(replies) >= 3, geometry.labels[cell]
            assert all(0.0 <= v <= 1.0 for v in replies.values())
            if games is None:  # the first stone is worth what its best reply leaves
                assert opening[cell] == pytest.approx(1 - max(replies.values()), abs=1e-3)
        if games is not None:  # or what it won in self-play
            for label, (wins, count) in games.items():
                assert opening[geometry.cell(label)] == pytest.approx(wins / count, abs=1e-4)
    assert ("y", "size=11", "turns=standard") in {b.key for b in shelf}


def test_the_engine_plays_the_book_at_strong_levels_only() -> None:
    game = Game(GameOptions(game="y", size=11, pie=False))
    game.play(game.parse_move("f4"))
    strong = Engine().search(game, SearchLimits.level(10))
    assert strong.reason == "book" and strong.playouts == 0
    assert game.is_legal(strong.move)
    weak = Engine().search(game, SearchLimits.level(3))
    assert weak.reason == "search" and weak.playouts > 0
    assert Engine().search(game, SearchLimits(playouts=50)).reason == "search"


def test_the_book_key_ignores_the_pie_rule() -> None:
    on = book_key(GameOptions(game="y", size=11, pie=True))
    assert on == book_key(GameOptions(game="y", size=11, pie=False))
    assert on != book_key(GameOptions(game="y", size=11, turns="tabu"))


def test_the_builder_writes_a_book_the_engine_reads(tmp_path) -> None:
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "scripts" / "build_book.py"
    out = tmp_path / "y-4.json"
    command = [sys.executable, str(script), "y", "size=4", "--playouts", "300", "--jobs", "1"]
    subprocess.run([*command, "--out", str(out)], check=True, capture_output=True)
    first = Book.from_json(out.read_text(encoding="utf-8"))
    geometry = first.options.board()
    empty = frozenset[int]()
    assert set(first.positions[(empty, empty)]) == set(range(geometry.size))
    # deepening keeps what is there and adds the answers to the best opening's reply
    subprocess.run([*command, "--out", str(out), "--deeper", "1"], check=True, capture_output=True)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [run["deeper"] for run in data["built"]] == [0, 1]
    deeper = Book.from_dict(data)
    assert all(deeper.positions[k] == v for k, v in first.positions.items())
    three = [k for k in deeper.positions if len(k[0]) + len(k[1]) == 3]
    assert three
    game = Game(GameOptions(game="y", size=4, pie=False))
    for _ in range(2):  # the best opening and the book's reply to it
        found = deeper.move(game)
        assert found is not None
        game.play(found.move)
    assert deeper.move(game) is None  # the first player's second move is not in the book
    game.play(Move(_free(game)))
    assert deeper.move(game) is not None  # but every answer to the book's reply is
    # following the strongest answers adds the positions two moves further on
    follow = ["--deeper", "1", "--follow", "2", "--strongest", "2"]
    subprocess.run([*command, "--out", str(out), *follow], check=True, capture_output=True)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["built"][-1]["follow"] == 2
    followed = Book.from_dict(data)
    assert all(followed.positions[k] == v for k, v in deeper.positions.items())
    # each new position follows a three-stone one with the book's reply to it (as written:
    # loading the book merges the images of symmetric positions, which may reorder ties)
    raw = _as_written(data, geometry.cell)
    five = [key for key in raw if len(key[0]) + len(key[1]) == 5]
    assert 1 <= len(five) <= 4  # two answers to the replies to two answers
    _assert_follow_the_book(raw, five)
    assert all(followed.positions[key] for key in five)


def test_the_builder_follows_the_strongest_lines_level_after_level(tmp_path) -> None:
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "scripts" / "build_book.py"
    out = tmp_path / "y-5.json"
    command = [sys.executable, str(script), "y", "size=5", "--playouts", "200", "--jobs", "1"]
    follow = ["--deeper", "1", "--follow", "2", "--strongest", "2", "--levels", "2"]
    subprocess.run([*command, "--out", str(out), *follow], check=True, capture_output=True)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["built"][-1]["levels"] == 2
    raw = _as_written(data, GameOptions(game="y", size=5).board().cell)
    # each level: two answers to the book's reply to each of the two strongest lines
    five = [key for key in raw if len(key[0]) + len(key[1]) == 5]
    seven = [key for key in raw if len(key[0]) + len(key[1]) == 7]
    assert 1 <= len(five) <= 4 and 1 <= len(seven) <= 4
    _assert_follow_the_book(raw, five)
    _assert_follow_the_book(raw, seven)


def _as_written(data: dict, cell: Callable[[str], int]) -> dict:
    """A book file's positions as written (its stones, then the other side's) with their
    values, by cell (loading a book merges the images of symmetric positions)."""
    return {
        (frozenset(map(cell, e["mine"])), frozenset(map(cell, e["theirs"]))): {
            cell(c): v for c, v in e["values"].items()
        }
        for e in data["positions"]
    }


def _assert_follow_the_book(raw: dict, positions: list) -> None:
    """Each position (the stones of the side to move, then the other's) follows a position
    two stones shorter, with the book's reply to it and then an answer."""
    for mine, theirs in positions:
        assert len(theirs) == len(mine) + 1
        assert any(
            (mine - {r}, theirs - {z}) in raw and best_of(raw[(mine - {r}, theirs - {z})]) == r
            for r in mine
            for z in theirs
        )


def _free(game: Game) -> int:
    return next(c for c in range(game.geometry.size) if game.colours[c] == 0)


def test_the_builder_rechecks_the_best_replies_with_more_seeds(tmp_path) -> None:
    import subprocess
    import sys

    script, builder = _builder()
    out = tmp_path / "y-5.json"
    command = [sys.executable, str(script), "y", "size=5", "--playouts", "200", "--jobs", "1"]
    subprocess.run(
        [*command, "--out", str(out), "--recheck", "2", "--seeds", "2"],
        check=True,
        capture_output=True,
    )
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["built"][-1]["recheck"] == 2 and data["built"][-1]["seeds"] == 2
    geometry = GameOptions(game="y", size=5).board()
    keys = ("size=5", "turns=standard")
    averaged = 0
    for entry in data["positions"][1:]:  # the replies to each first stone
        (first,) = entry["theirs"]
        once: dict[str, float] = {}
        mean: dict[str, float] = {}
        for label, written in entry["values"].items():
            task = ("y", keys, (geometry.cell(first), geometry.cell(label)), 200)
            v11 = builder.value((task, 11))[1]
            v12 = builder.value((task, 12))[1]
            once[label] = round(v11, 4)
            mean[label] = round((v11 + v12) / 2, 4)
            assert written in (once[label], mean[label])
        rechecked = [r for r, v in entry["values"].items() if v != once[r]]
        assert len(rechecked) <= 2
        second = sorted(once.values(), reverse=True)[1]
        assert all(once[r] >= second for r in rechecked)  # only the best two were searched again
        averaged += len(rechecked)
    assert averaged > 0


def test_with_the_pie_rule_the_swap_follows_the_first_stones_value() -> None:
    """A book whose first stones were valued apart (by self-play) swaps by that value, not by
    its replies': a stone the replies call weak but that won in play is swapped."""
    data = _book(
        {"c2": {"c3": 0.6, "b2": 0.2}, "a1": {"c2": 0.3, "b1": 0.2}},
        {"c2": 0.58, "a1": 0.2},
    )
    book = Book.from_dict(data)
    swap = book.move(_game(True, "c2"))
    assert swap is not None and swap.move == SWAP and swap.value == pytest.approx(0.58)
    keep = book.move(_game(True, "a1"))  # its replies say 0.7 for it, but it is worth 0.2
    assert keep is not None and keep.move == _game(True).parse_move("c2")
    # without the pie rule the replies decide the reply as before
    plain = book.move(_game(False, "c2"))
    assert plain is not None and plain.value == pytest.approx(0.6)


def _builder():
    return load_script("build_book")


def test_the_builder_values_first_stones_by_self_play(tmp_path) -> None:
    import subprocess
    import sys

    script, builder = _builder()
    out = tmp_path / "y-4.json"
    command = [sys.executable, str(script), "y", "size=4", "--playouts", "200", "--jobs", "1"]
    run = [*command, "--out", str(out), "--self-play", "6", "--level", "1"]
    subprocess.run(run, check=True, capture_output=True)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["built"][-1]["self_play"] == 6 and data["built"][-1]["level"] == 1
    root = data["positions"][0]
    geometry = GameOptions(game="y", size=4).board()
    assert set(root["games"]) == set(root["values"])  # every first stone's class
    for label, (wins, games) in root["games"].items():
        # a third of the games for every stone, the rest for those still near even
        assert games == 6 or (games == 2 and abs(wins / games - 0.5) >= builder.CLEAR)
        assert root["values"][label] == pytest.approx(wins / games, abs=1e-4)
        # the games are the ones play_out plays (deterministic by their seeds)
        cell = geometry.cell(label)
        replayed = [
            builder.play_out(("y", ("size=4", "turns=standard"), cell, 1, 1 + n))[1]
            for n in range(games)
        ]
        assert sum(replayed) == wins
    # a second run with more games plays only the missing ones: the first ones are kept
    subprocess.run([*run[:-4], "--self-play", "9", "--level", "1"], check=True, capture_output=True)
    again = json.loads(out.read_text(encoding="utf-8"))["positions"][0]["games"]
    assert all(again[label][1] >= games for label, (_, games) in root["games"].items())
    for wins, games in again.values():
        assert games == 9 or abs(wins / games - 0.5) >= builder.CLEAR
    # --focus K: the K stones nearest to even play on to three times as many
    subprocess.run(
        [*run[:-4], "--self-play", "9", "--level", "1", "--focus", "2"],
        check=True,
        capture_output=True,
    )
    focused = json.loads(out.read_text(encoding="utf-8"))["positions"][0]["games"]
    nearest = sorted(
        again,
        key=lambda label: (abs(again[label][0] / again[label][1] - 0.5), geometry.cell(label)),
    )[:2]
    assert {label for label in focused if focused[label][1] == 27} == set(nearest)


def test_the_builder_keys_hexagonal_y_pairs_as_the_board_holds_them(tmp_path) -> None:
    """In Hexagonal Y a perimeter stone brings its opposite: the book's positions hold both,
    so that the engine finds the replies to a first stone on the perimeter."""
    import subprocess
    import sys

    script, _ = _builder()
    out = tmp_path / "hexagonal-y-3.json"
    command = [sys.executable, str(script), "hexagonal-y", "size=3", "--playouts", "100"]
    subprocess.run([*command, "--jobs", "1", "--out", str(out)], check=True, capture_output=True)
    book = Book.from_json(out.read_text(encoding="utf-8"))
    options = GameOptions(game="hexagonal-y", size=3, pie=True)
    for cell in range(options.board().size):
        game = Game(options)
        game.play(Move(cell))
        found = book.move(game)
        assert found is not None, f"no reply to {game.geometry.labels[cell]}"
        game.play(found.move)


def test_at_a_level_the_first_stone_and_the_swap_follow_that_levels_games() -> None:
    """A book with the first stones' worth in games at level 10 (``at_level``) opens and
    swaps by it at level 10 and above, and by its own values below (Y 11's opening, even by
    the searches, won 58% at level 7 and 21% at level 10)."""
    data = json.loads(json.dumps(SMALL))
    # at level 10: c2 is even, b1 strong, a1 weak (c1 not played at that level)
    data["positions"][0]["at_level"] = {"10": {"c2": [10, 20], "b1": [16, 20], "a1": [1, 20]}}
    book = Book.from_dict(data)
    geometry = book.options.board()
    images = {p[geometry.cell("c2")] for p in symmetries(geometry)}
    for level in (10, 11, None):
        first = book.move(_game(True), seed=1, level=level)
        assert first is not None
        if level is None:  # the book's own values: b1 (0.52) is nearest to even
            assert first.value == pytest.approx(0.52)
        else:
            assert first.move.cell in images and first.value == pytest.approx(0.5)
    assert book.move(_game(True), level=9).value == pytest.approx(0.52)  # (below 10: its own)
    # the swap: c2 is worth 0.5 at level 10 (not swapped), 0.7 by the book's own values
    kept = book.move(_game(True, "c2"), level=10)
    assert kept is not None and kept.move != SWAP
    assert book.move(_game(True, "c2"), level=7).move == SWAP
    # without the pie rule the best stone at that level: b1 (0.8)
    best = book.move(_game(False), level=10)
    assert best is not None and best.value == pytest.approx(0.8)
    assert geometry.labels[best.move.cell or 0] in {
        geometry.labels[p[geometry.cell("b1")]] for p in symmetries(geometry)
    }


def test_above_its_opening_level_the_book_leaves_the_first_stone_and_swap_to_the_search():
    """``opens_to_level``: above it the book chooses neither the first stone nor the swap of
    the pie rule (Hexagonal Y 7's, by its level-7 games, gave the first player 61% at level
    10), unless it has games at that level; it still answers later moves, and opens without
    the pie rule."""
    data = json.loads(json.dumps(SMALL))
    data["opens_to_level"] = 9
    book = Book.from_dict(data)
    for game in (_game(True), _game(True, "c2")):
        assert book.move(game, level=9) is not None and book.move(game, level=None)
        assert book.move(game, level=10) is None
    assert book.move(_game(True, "c2"), level=9).move == SWAP  # (worth 0.7)
    # without the pie rule, its strongest first stone still; and replies
    assert book.move(_game(False), level=10).value == pytest.approx(0.7)
    reply = book.move(_game(False, "c2"), level=10)
    assert reply is not None and reply.value == pytest.approx(0.3)
    data["positions"][0]["at_level"] = {"10": {"c2": [10, 20], "b1": [16, 20]}}
    assert Book.from_dict(data).move(_game(True), level=10) is not None  # (its own games)
    for bad in ("9", 0, True, 2.5):
        data["opens_to_level"] = bad
        with pytest.raises(BookError, match="opens_to_level"):
            Book.from_dict(data)
    # the shipped Hexagonal Y book: at level 10 under the pie rule the search decides
    hexagonal = next(b for b in books() if b.options.game == "hexagonal-y")
    game = Game(GameOptions(game="hexagonal-y", pie=True).validated())
    assert hexagonal.opens_to == 9 and hexagonal.move(game, level=10) is None
    assert hexagonal.move(game, level=7) is not None


@pytest.mark.parametrize(
    "at_level",
    [{"ten": {"c2": [1, 2]}}, {"10": {"c2": [3, 2]}}, {"10": {"z9": [1, 2]}}, {"10": [1, 2]}],
)
def test_a_damaged_level_table_is_refused(at_level) -> None:
    data = json.loads(json.dumps(SMALL))
    data["positions"][0]["at_level"] = at_level
    with pytest.raises(BookError):
        Book.from_dict(data)


def test_the_engine_asks_the_book_at_its_level() -> None:
    assert SearchLimits.level(10).strength == 10 and SearchLimits.level(7).strength == 7
    assert SearchLimits(playouts=1000).strength == 0


def test_the_builder_keeps_games_at_a_level_apart(tmp_path) -> None:
    """``--at-level``: the games are kept as the first stones' worth at that level (the book's
    own values, and its games at other levels, stay as they were), and the book reads them."""
    import subprocess
    import sys

    script, _builder_module = _builder()
    out = tmp_path / "y-4.json"
    command = [sys.executable, str(script), "y", "size=4", "--playouts", "200", "--jobs", "1"]
    subprocess.run([*command, "--out", str(out)], check=True, capture_output=True)
    written = json.loads(out.read_text(encoding="utf-8"))
    before = written["positions"][0]
    written["opens_to_level"] = 9  # (a setting of the file: a build keeps it)
    out.write_text(json.dumps(written), encoding="utf-8")
    for level in ("2", "1"):
        run = [*command, "--out", str(out), "--self-play", "3", "--level", level, "--at-level"]
        subprocess.run(run, check=True, capture_output=True)
    data = json.loads(out.read_text(encoding="utf-8"))
    root = data["positions"][0]
    assert root["values"] == before["values"] and "games" not in root
    assert list(root["at_level"]) == ["1", "2"]  # (in order)
    assert data["opens_to_level"] == 9
    assert set(root["at_level"]["1"]) == set(root["values"])  # every first stone's class
    book = Book.from_dict(data)
    geometry = book.options.board()
    for label, (wins, games) in root["at_level"]["2"].items():
        assert book.levels[2][geometry.cell(label)] == pytest.approx(wins / games)


def test_under_the_pie_rule_every_level_opens_and_swaps_by_the_book() -> None:
    """Level 2 kept a centre stone, a gift (tester 27), and below the book's levels the search
    opened alike game after game (tester 29): under the pie rule every level opens and swaps
    as the book says; below its levels the answer to a stone kept is the level's own search."""
    from ygui.ai.book import swap_worth

    for level in (1, 3, 6):
        game = Game(GameOptions(game="y", size=11, pie=True))
        opening = Engine(seed=level).search(game, SearchLimits.level(level, seed=level))
        assert opening.reason == "book" and opening.playouts == 0
        centre = game.copy()
        centre.play(centre.parse_move("g4"))  # worth 70% and more to its owner
        assert (swap_worth(centre, level) or 0) > 0.5
        taken = Engine(seed=level).search(centre, SearchLimits.level(level, seed=level))
        assert taken.move == SWAP and taken.reason == "book"
        corner = game.copy()
        corner.play(corner.parse_move("a1"))
        assert (swap_worth(corner, level) or 1) < 0.5
        for seed in range(1, 4):  # kept, whatever the level's own search would say
            kept = Engine(seed=seed).search(corner, SearchLimits.level(level, seed=seed))
            assert kept.move != SWAP and kept.reason == "search" and kept.playouts > 0
    # without the pie rule, or without a level's strength, the search alone
    plain = Game(GameOptions(game="y", size=11, pie=False))
    assert Engine().search(plain, SearchLimits.level(3)).reason == "search"
    bare = Game(GameOptions(game="y", size=11, pie=True))
    assert Engine().search(bare, SearchLimits(playouts=50)).reason == "search"
