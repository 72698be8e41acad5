"""Wins by links of two cells (ygui.ai.kernels.virtual_win): a player whose groups are joined to
each other and to the sides by bridges and edge templates whose cells overlap has won, whatever
the other side plays. Each found win is checked by a minimax over the rules model, with the
game's length it promises; and the search proves such a position at once."""

from __future__ import annotations

import random

import pytest
from helpers import BOARDS, late_position
from test_mcts_solver import checked, perfect

from ygui.ai import kernels as k
from ygui.ai.engine import Engine, SearchLimits
from ygui.ai.tables import board_tables, params_of, position_of
from ygui.core.game import BLACK, WHITE, Game
from ygui.core.variants import GameOptions


def links_of(game: Game, colour: int) -> int:
    """What ``virtual_win`` says of ``colour`` in ``game``: the links of its win, or -1."""
    tables = board_tables(game)
    params = params_of(game, tables)
    pos = position_of(game, tables, params)
    scratch = k.vc_scratch(game.geometry.size)
    return int(
        k.virtual_win(
            tables.nbr,
            tables.deg,
            tables.side_mask,
            tables.table,
            params,
            pos.colours,
            pos.parent,
            pos.smask,
            pos.info,
            colour,
            scratch,
        )
    )


def y5(*labels: str) -> Game:
    game = Game(GameOptions(game="y", size=5, pie=False))
    for label in labels:
        game.play(game.parse_move(label))
    return game


def test_bridges_and_edge_templates_to_three_sides_win():
    """Y 5: Black's c2-d3 reaches the bottom by b1/c1, the left by c3/d4 (or b2/c3) and the
    right by e3/e4, with cells that do not overlap: won with White to move, in at most 6
    stones (three links, each intrusion answered). With c1 played, two links are left."""
    assert links_of(y5("c2", "d1", "d3"), BLACK) == 3
    assert links_of(y5("c2", "d1", "d3"), WHITE) == -1
    game = y5("c2", "d1", "d3", "e1", "c1")
    assert links_of(game, BLACK) == 2
    winner, stones = perfect(game, {})
    assert winner == BLACK and stones <= 4


def y7_set_up(black: str, white: str) -> Game:
    """Y 7 with the stones given (labels), White to move."""
    base = Game(GameOptions(game="y", size=7, pie=False))
    cell = base.geometry.cell
    setup = {cell(x): BLACK for x in black.split()} | {cell(x): WHITE for x in white.split()}
    return Game(GameOptions(game="y", size=7, pie=False), setup=setup, to_move=WHITE)


ZIGGURAT_BLACK = "d4 e4 f4 g4 e3"
ZIGGURAT_WHITE = "e5 f5 g5 f6 g6 g7 a1 b2 c3 g1 g2 g3 f1 f2 f3"


def zig_cells(game: Game, colour: int) -> tuple[int, set[str], set[str]]:
    """``links_of``, with the cells of the third-row template it took (if one) and their
    keys (the cells whose stone shortens the win: ``vc_key``)."""
    tables = board_tables(game)
    params = params_of(game, tables)
    pos = position_of(game, tables, params)
    n = game.geometry.size
    vc = k.vc_scratch(n)
    args = (tables.nbr, tables.deg, tables.side_mask, tables.table, params)
    links = int(k.virtual_win(*args, pos.colours, pos.parent, pos.smask, pos.info, colour, vc))
    nonkey = k.vc_zig_layout(vc, n)[3]
    labels = game.geometry.labels
    cells = {labels[x] for x in range(n) if links > 0 and vc[nonkey + x] == vc[k.VC_STAMP]}
    keys = {labels[x] for x in range(n) if links > 0 and k.vc_key(vc, n, x)}
    return links, cells, keys


def test_a_stone_on_the_third_row_reaches_the_side_by_the_ziggurat():
    """Y 7: Black's group touches the left and right sides; its e3, on the third row, reaches
    the bottom by e2 (then d1/e1) or by c2 (through d2/d3, then b1/c1): two ways of one stone
    whose eight cells are apart, the board's only empty cells. Won with White to move, in at
    most six stones (three links' worth); a White stone in one way is answered by the other
    way's key, and Black has won by links again. The minimax agrees each time."""
    game = y7_set_up(ZIGGURAT_BLACK, ZIGGURAT_WHITE)
    links, cells, keys = zig_cells(game, BLACK)
    assert (links, keys) == (3, {"e2", "c2"})
    assert cells == {"d1", "e1", "d2", "d3", "b1", "c1"}
    assert perfect(game, {}) == (BLACK, 6)
    ways = ({"e2", "d1", "e1"}, {"c2", "d2", "d3", "b1", "c1"})
    for way, answer in ((ways[0], "c2"), (ways[1], "e2")):
        for intrusion in sorted(way):
            after = y7_set_up(f"{ZIGGURAT_BLACK} {answer}", f"{ZIGGURAT_WHITE} {intrusion}")
            assert links_of(after, BLACK) > 0, intrusion
            assert perfect(after, {})[0] == BLACK
        alone = y7_set_up(ZIGGURAT_BLACK, f"{ZIGGURAT_WHITE} {sorted(way)[0]}")
        assert links_of(alone, BLACK) == -1  # (one way left: White, to move again, wins)


def test_a_link_whose_cell_is_taken_is_no_link():
    """The cells a group has on a side are any of its neighbours there: with White on c3,
    Black's c2-d3 still reaches the left by b2/d4. With White on d4 as well, b2 is its one cell
    there: no win by links (e1 only passes the turn to White)."""
    assert links_of(y5("c2", "c3", "d3"), BLACK) == 3
    assert links_of(y5("c2", "c3", "d3", "d4", "e1"), BLACK) == -1


def test_the_search_proves_the_win_at_once():
    """White to move in the position with two links left: every White move is proved lost
    long before the search's budget, and the proof agrees with the minimax. One move
    earlier, Black has a proved win (d3 makes the links, for one)."""
    game = y5("c2", "d1", "d3", "e1", "c1")
    result = Engine(seed=1).search(game, SearchLimits(5_000))
    assert result.playouts < 5_000
    assert result.proved < 0 and all(c.proved < 0 for c in result.candidates)
    checked(game, result)
    before = y5("c2", "d1", "c1", "e1")
    win = Engine(seed=1).search(before, SearchLimits(20_000))
    assert win.proved > 0  # (d3 or another winning move)
    checked(before, win)


def test_links_prove_what_the_search_alone_does_not():
    """Y 7: Black's d2, e4 and f5 hold four links (c1/d1 to the bottom, d3/e3 between d2 and
    e4, d4/e5 to the left, g5/g6 to the right). With White to move, the search proves every
    White move lost within a few thousand playouts; without the links it proved nothing in
    100,000 (measured on the version before them: the win is eight stones deep)."""
    game = Game(GameOptions(game="y", size=7, pie=False))
    for label in ("d2", "a1", "e4", "g1", "f5"):
        game.play(game.parse_move(label))
    assert links_of(game, BLACK) == 4
    result = Engine(seed=1).search(game, SearchLimits(20_000))
    assert result.playouts < 5_000 and result.proved < 0
    assert all(c.proved < 0 for c in result.candidates)
    # and at once where the search works out must-play regions (the root's, at its 64th visit)
    assert Engine(seed=1).search(game, SearchLimits(20_000, must_play=True)).playouts <= 64
    # (White's move, then Black's answer leaves at most four links: ten stones at most)
    assert result.proved >= -10


def test_a_lost_position_is_played_on_with_an_intrusion():
    """Lost, the computer makes the winner find the answer: it plays into one of the links
    that won (each move loses, and the game lasts no longer either way), and the analysis
    lists those moves first (it had played and shown any move, all proved lost alike)."""
    game = Game(GameOptions(game="y", size=7, pie=False))
    for label in ("d2", "a1", "e4", "g1", "f5"):
        game.play(game.parse_move(label))
    links = {"c1", "d1", "d3", "e3", "d4", "e5", "g5", "g6"}
    for must_play in (False, True):
        result = Engine(seed=1).search(game, SearchLimits(20_000, must_play=must_play))
        assert result.proved < 0 and game.move_text(result.move) in links
        shown = [game.move_text(c.move) for c in result.candidates]
        intrusions = [m for m in shown if m in links]
        assert shown[: len(intrusions)] == intrusions and intrusions


def test_a_won_position_is_finished_link_by_link():
    """To move with a win by four links, the computer knows it at once (the root's own links:
    a stone in one keeps the others, within 7 stones) and plays into them, so the game ends
    within those 7 stones whatever the loser does (it had played any move that kept the
    win, and a tester's won game went on for 14 more stones than the proof said)."""
    rng = random.Random(3)
    links = {"c1", "d1", "d3", "e3", "d4", "e5", "g5", "g6"}
    for _ in range(5):
        game = Game(GameOptions(game="y", size=7, pie=False))
        for label in ("d2", "a1", "e4", "g1", "f5", "b1"):
            game.play(game.parse_move(label))
        first = Engine(seed=1).search(game, SearchLimits(20_000))
        assert first.proved == 7 and first.playouts <= 1
        assert game.move_text(first.move) in links
        engine = Engine(seed=1)
        start = len(game.moves)
        while not game.is_over:
            game.play(engine.search(game, SearchLimits(2_000)).move)
            if not game.is_over:
                game.play(rng.choice(game.legal_moves()))
        assert game.winner == BLACK and len(game.moves) - start <= 7


def test_the_must_play_region_proves_the_moves_outside_it():
    """Y 7, White to move with 11 empty cells: wherever Black's next stone would win by
    links, White must play there or in those links' cells. A search of 300 playouts that
    works out the region (as the analysis does) proves moves the search without it does not,
    and every proof agrees with the minimax."""
    game = Game(GameOptions(game="y", size=7, pie=False))
    moves = [
        "c1",
        "d4",
        "g6",
        "f6",
        "e4",
        "a1",
        "b1",
        "g1",
        "e1",
        "d2",
        "g3",
        "e5",
        "d3",
        "f3",
        "d1",
        "e2",
        "g4",
    ]
    for label in moves:
        game.play(game.parse_move(label))
    without = Engine(seed=1).search(game, SearchLimits(300))
    region = Engine(seed=1).search(game, SearchLimits(300, must_play=True))
    assert sum(1 for c in without.candidates if c.proved) == 0
    assert sum(1 for c in region.candidates if c.proved) >= 3
    checked(game, region)


def _found_wins_hold(name: str, size: int, more: dict[str, int], count: int) -> int:
    rng = random.Random(f"links {name}{size}")
    found = 0
    for _ in range(count):
        game = late_position(
            GameOptions(game=name, size=size, pie=False, **more), rng.choice((6, 8)), rng
        )
        mover = 3 - game.to_move
        links = links_of(game, mover)
        if links > 0:
            found += 1
            winner, stones = perfect(game, {})
            assert winner == mover, (game.moves, links)
            assert stones <= 2 * links, (game.moves, links, stones)
    return found


PLAIN = [b for b in BOARDS if b[0] != "hexagonal-y"]


def _third_row_wins_hold(name: str, size: int, more: dict[str, int], count: int) -> int:
    """Late positions of ten empty cells (room for a third-row template's eight): each win
    that takes one is a win, within twice its links in stones."""
    rng = random.Random(f"third row {name}{size}")
    found = 0
    for _ in range(count):
        game = late_position(GameOptions(game=name, size=size, pie=False, **more), 10, rng)
        mover = 3 - game.to_move
        links, cells, _keys = zig_cells(game, mover)
        if cells:
            found += 1
            winner, stones = perfect(game, {})
            assert winner == mover, (game.moves, links)
            assert stones <= 2 * links, (game.moves, links, stones)
    return found


def test_every_win_by_a_third_row_template_is_a_win():
    assert _third_row_wins_hold("y", 5, {}, 25) >= 1


@pytest.mark.slow
@pytest.mark.parametrize(("name", "size", "more"), PLAIN)
def test_every_win_by_a_third_row_template_is_a_win_more(name, size, more):
    _third_row_wins_hold(name, size, more, 400)


@pytest.mark.parametrize(("name", "size", "more"), PLAIN)
def test_every_win_by_links_is_a_win(name: str, size: int, more: dict[str, int]) -> None:
    """On late positions of random games of every game (Hexagonal Y's perimeter rule is left
    out: never found there), each win found is one, within twice its links in stones."""
    assert _found_wins_hold(name, size, more, 40) >= 1


@pytest.mark.slow
@pytest.mark.parametrize(("name", "size", "more"), PLAIN)
def test_every_win_by_links_is_a_win_more(name: str, size: int, more: dict[str, int]) -> None:
    assert _found_wins_hold(name, size, more, 300) >= 20


def test_never_for_the_perimeter_rule():
    game = late_position(GameOptions(game="hexagonal-y", size=3, pie=False), 6, random.Random(1))
    assert links_of(game, BLACK) == -1 and links_of(game, WHITE) == -1


def near(game: Game, colour: int) -> bool:
    tables = board_tables(game)
    colours = position_of(game, tables, params_of(game, tables)).colours
    return bool(k.near_a_side(tables.ring, colours, colour))


@pytest.mark.parametrize(("name", "size", "more"), PLAIN)
def test_a_win_by_links_has_a_stone_near_a_side(name: str, size: int, more: dict[str, int]) -> None:
    """The search asks ``virtual_win`` only when a stone of the side is within reach of a side
    by a link (``near_a_side``): every win by links found on random positions has one, and a
    side with its stones in the middle alone is not asked."""
    rng = random.Random(f"near {name}{size}")
    found = 0
    for _ in range(60):
        game = late_position(GameOptions(game=name, size=size, pie=False, **more), 8, rng)
        for colour in (BLACK, WHITE):
            if links_of(game, colour) > 0:
                found += 1
                assert near(game, colour), game.moves
    assert found >= 1
    centre = Game(GameOptions(game="y", size=11, pie=False))
    centre.play(centre.parse_move("g4"))
    assert not near(centre, BLACK) and not near(centre, WHITE)
    centre.play(centre.parse_move("c1"))
    assert near(centre, WHITE) and not near(centre, BLACK)
