"""The engine's first stone under the pie rule (ygui.ai.engine, Engine._pie_opening): the stone
that leaves the second player least after its best reply, swap or stone, not the strongest,
which the second player would swap."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ygui.ai.book import symmetries
from ygui.ai.engine import PIE_CANDIDATES, Engine, SearchLimits
from ygui.ai.solver import Solver
from ygui.core.game import Game, Move
from ygui.core.variants import GameOptions


def first_stone(game: Game, level: int, seed: int = 1, **more: object):
    more = {"pie_opening": True, **more}
    limits = replace(SearchLimits.level(level, seed=seed), **more)
    return Engine(seed=seed, threads=1).search(game, limits)


@pytest.fixture(scope="module")
def y6_winning() -> set[int]:
    game = Game(GameOptions(game="y", size=6, pie=False))
    return {m.cell for m in Solver(table_bits=16).solve_map(game).winning() if m.cell is not None}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_first_stone_is_not_one_the_second_player_must_swap(seed, y6_winning):
    game = Game(GameOptions(game="y", size=6, pie=True))
    result = first_stone(game, 7, seed)
    assert result.reason == "pie opening"
    assert result.move.cell not in y6_winning  # (the solver's map: those win for the first)
    # without it the engine searches (it used to play a "proved" winning stone here: a win
    # for Black the colour, which the second player takes by swapping)
    assert first_stone(game, 7, seed, pie_opening=False).reason == "search"


@pytest.mark.parametrize("name", ["y", "poly-y", "game-of-y", "mudcrack-y", "hexagonal-y"])
def test_the_stone_that_leaves_the_second_player_least_is_played(name):
    game = Game(GameOptions(game=name, size=7 if name in ("y", "hexagonal-y") else None, pie=True))
    result = first_stone(game, 5)
    assert result.reason == "pie opening"
    weighed = result.candidates
    assert 2 <= len(weighed) <= PIE_CANDIDATES
    assert result.move == weighed[0].move
    assert weighed[0].win_rate == max(c.win_rate for c in weighed) == result.win_rate
    # each stone's worth is what the second player's own search (swap included) leaves
    stone = weighed[-1]
    after = game.copy()
    after.play(stone.move)
    assert after.can_swap
    assert all(game.is_legal(c.move) for c in weighed)
    # one stone of each set alike by symmetry
    syms = symmetries(game.geometry, game.rule)
    cells = [c.move.cell for c in weighed]
    for a in cells:
        assert not any(perm[a] in cells and perm[a] != a for perm in syms)


@pytest.mark.parametrize(
    ("options", "level"),
    [
        (GameOptions(game="y", size=7, pie=False), 7),  # no pie rule
        (GameOptions(game="y", size=7, pie=True, turns="two-stone"), 7),
    ],
)
def test_only_for_the_first_stone_under_the_pie_rule(options, level):
    assert first_stone(Game(options), level).reason == "search"


def test_not_after_the_first_move():
    game = Game(GameOptions(game="y", size=7, pie=True))
    game.play(Move(game.geometry.cell("a1")))
    assert first_stone(game, 7).reason != "pie opening"


def test_move_now_during_the_weighing_plays_the_best_so_far():
    game = Game(GameOptions(game="poly-y", pie=True))
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 3

    limits = replace(SearchLimits.level(10, seed=1), pie_opening=True, book=False)
    result = Engine(seed=1, threads=1).search(game, limits, should_stop=stop)
    assert result.reason == "pie opening" and game.is_legal(result.move)
    assert 1 <= len(result.candidates) < PIE_CANDIDATES
    assert result.playouts < limits.playouts_on(game.geometry.size) // 2


def test_no_level_weighs_the_first_stone_apart():
    """Measured no better than the search alone over four boards (docs/strength.md)."""
    assert not any(SearchLimits.level(level).pie_opening for level in range(1, 11))
    game = Game(GameOptions(game="starboard-y", pie=True))  # (no book, no model)
    assert Engine(seed=1, threads=1).search(game, SearchLimits.level(5)).reason == "search"
    # (a board with a book opens by it at every level under the pie rule: test_book)
    polyy = Game(GameOptions(game="poly-y", pie=True))
    assert Engine(seed=1, threads=1).search(polyy, SearchLimits.level(5)).reason == "book"


def test_the_pie_decisions_can_be_searched_longer_at_a_level():
    """``Engine(pie_budget=K)``: the first stone and the choice to swap, in a level's search,
    take K times the level's playouts (within its time); the other moves, and searches not
    at a level (the analysis), take their own."""
    game = Game(GameOptions(game="mudcrack-y", size=40, seed=3, pie=True))
    limits = replace(SearchLimits.level(4, seed=1), seconds=None)
    own = limits.playouts_on(game.geometry.size)
    assert Engine(seed=1, pie_budget=1).search(game, limits).playouts == own
    first = Engine(seed=1, pie_budget=3).search(game, limits)
    assert first.playouts == 3 * own
    game.play(first.move)
    assert game.can_swap
    assert Engine(seed=1, pie_budget=3).search(game, limits).playouts == 3 * own
    game.play(Move(next(c for c in range(game.geometry.size) if game.is_legal(Move(c)))))
    assert not game.can_swap
    assert Engine(seed=1, pie_budget=3).search(game, limits).playouts == own
    analysis = SearchLimits(playouts=own, seed=1)
    fresh = Game(game.options)
    assert Engine(seed=1, pie_budget=3).search(fresh, analysis).playouts == own
