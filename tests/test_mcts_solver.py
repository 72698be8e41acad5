"""The search's proofs (the MCTS-solver of ygui.ai.kernels.prove) against a minimax over the rules
model (ygui.core.game), written apart from the compiled kernels: every move the search calls
proved wins or loses as it says, on late positions of every game, in every turn structure,
with and without the pie rule; the game ends within the stones it gives; a proved win is never
lost; and the search stops once it has settled the position."""

from __future__ import annotations

import random

import numpy as np
import pytest
from helpers import BOARDS, TURNS, late_position, state

from ygui.ai.engine import Engine, SearchLimits, SearchResult, _intrusions
from ygui.ai.tables import BoardTables, Position, board_tables, params_of, position_of
from ygui.core.game import BLACK, SWAP, Game
from ygui.core.variants import GameOptions


def perfect(game: Game, memo: dict[tuple[object, ...], tuple[int, int]]) -> tuple[int, int]:
    """The colour that wins with perfect play and the stones to the end when the winner ends
    the game as fast as it can and the loser as slowly (0, 0 for a draw)."""
    key = state(game)
    if key not in memo:
        me = game.to_move
        best: tuple[int, int, int] | None = None  # (how good for me, colour, stones)
        for move in game.legal_moves():
            child = game.copy()
            child.play(move)
            if child.is_over:
                winner, stones = child.winner or 0, 0
            else:
                winner, stones = perfect(child, memo)
            stones += 1
            # a swap wins for its player when Black wins the position (it takes Black)
            mine = winner == (BLACK if move == SWAP else me)
            good = (1_000 - stones) if mine else (-1_000 + stones) if winner else 0
            if best is None or good > best[0]:
                best = (good, winner, stones)
        assert best is not None
        memo[key] = (best[1], best[2])
    return memo[key]


def checked(game: Game, result: SearchResult) -> tuple[int, int]:
    """Check every proved candidate of ``result`` by minimax; the wins and losses checked."""
    memo: dict[tuple[object, ...], tuple[int, int]] = {}
    wins = losses = 0
    me = game.to_move
    for candidate in result.candidates:
        if not candidate.proved:
            continue
        child = game.copy()
        child.play(candidate.move)
        winner, stones = (child.winner, 0) if child.is_over else perfect(child, memo)
        stones += 1
        mine = winner == (BLACK if candidate.move == SWAP else me)
        assert mine == (candidate.proved > 0), (game.moves, candidate)
        assert candidate.win_rate == (1.0 if mine else 0.0)
        # the proof's count is the game's length along the proof: never shorter than perfect play
        assert stones <= abs(candidate.proved), (game.moves, candidate, stones)
        wins += mine
        losses += not mine
    if result.reason == "win":  # found before any search: the move wins at once
        child = game.copy()
        child.play(result.move)
        assert child.winner == me and result.proved == 1
    elif result.proved:
        assert result.candidates[0].move == result.move
        assert result.proved == result.candidates[0].proved
    return wins, losses


def options(name: str, size: int, turns: str, pie: bool, more: dict[str, int]) -> GameOptions:
    return GameOptions(game=name, size=size, turns=turns, pie=pie, **more)


def structures(name: str) -> tuple[str, ...]:
    return TURNS if Game(GameOptions(game=name)).variant.has_turn_structures else TURNS[:1]


@pytest.mark.parametrize(("name", "size", "more"), BOARDS)
def test_proofs_agree_with_minimax(name: str, size: int, more: dict[str, int]) -> None:
    rng = random.Random(f"{name}{size}")
    wins = losses = 0
    turn_structures = structures(name)
    for turns in turn_structures:
        for pie in (False, True):
            for empty in (5, 7, 8) * (1 if len(turn_structures) > 1 else 4):
                game = late_position(options(name, size, turns, pie, more), empty, rng)
                # (with the must-play regions, as the analysis searches)
                limits = SearchLimits(3_000, must_play=True)
                result = Engine(seed=rng.randrange(100)).search(game, limits)
                won, lost = checked(game, result)
                wins += won
                losses += lost
    assert wins >= 3 and losses >= 3  # (the check was not empty)


@pytest.mark.parametrize("turns", TURNS)
def test_proofs_next_to_the_swap(turns: str) -> None:
    """Under the pie rule the second player's swap and stones are proved as the player who
    makes them fares (the swap takes Black); nothing is proved of a first stone, whose worth
    depends on whether it will be swapped."""
    opts = GameOptions(game="y", size=4, turns=turns, pie=True)
    engine = Engine(seed=3)
    first = engine.search(Game(opts), SearchLimits(20_000, must_play=True))
    assert first.proved == 0 and not any(c.proved for c in first.candidates)
    proved = 0
    for cell in range(10):
        game = Game(opts)
        game.play(game.legal_moves()[cell])
        result = Engine(seed=cell).search(game, SearchLimits(20_000))
        checked(game, result)
        proved += sum(1 for c in result.candidates if c.proved)
    assert proved


def test_a_proved_win_is_played_at_once_and_never_lost() -> None:
    """Where the search proves a win it stops early, says so, and plays on to win against any
    replies."""
    rng = random.Random(7)
    found = 0
    for _ in range(40):
        game = late_position(GameOptions(game="y", size=7, pie=False), 14, rng)
        engine = Engine(seed=1)
        result = engine.search(game, SearchLimits(200_000))
        if result.proved <= 0:
            continue
        found += 1
        assert result.playouts < 200_000 and result.win_rate == 1.0
        me = game.to_move
        while not game.is_over:
            if game.to_move == me:
                step = engine.search(game, SearchLimits(2_000))
                # still proved (but a forced block is played without a search)
                assert step.proved > 0 or step.reason == "only move"
                game.play(step.move)
            else:
                game.play(rng.choice(game.legal_moves()))
        assert game.winner == me
    assert found >= 3


def test_a_lost_position_is_proved_lost_and_the_slowest_loss_played() -> None:
    rng = random.Random(11)
    found = 0
    for _ in range(60):
        game = late_position(GameOptions(game="y", size=6, pie=False), 9, rng)
        result = Engine(seed=2).search(game, SearchLimits(50_000))
        if result.proved >= 0 or result.reason == "block":
            continue
        found += 1
        assert result.win_rate == 0.0
        assert all(c.proved < 0 for c in result.candidates)
        # the slowest loss first, unless the opponent has won by links: then a move into them
        intrusions = _intrusions(*_arrays(game), game.to_move)
        if intrusions is None:
            assert result.proved == min(c.proved for c in result.candidates)
        else:
            assert intrusions[result.move.cell]
        checked(game, result)
    assert found >= 3


def _arrays(game: Game) -> tuple[BoardTables, np.ndarray, Position]:
    tables = board_tables(game)
    params = params_of(game, tables)
    return tables, params, position_of(game, tables, params)


def test_two_trees_share_what_either_proved() -> None:
    rng = random.Random(5)
    for _ in range(40):
        game = late_position(GameOptions(game="y", size=6, pie=False), 10, rng)
        one = Engine(seed=1).search(game, SearchLimits(50_000))
        if one.proved > 0:
            break
    else:
        pytest.fail("no proved position found")
    two = Engine(seed=1, threads=2).search(game, SearchLimits(50_000))
    assert two.proved > 0 and two.win_rate == 1.0
    checked(game, two)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "size", "more"), BOARDS)
def test_more_proofs_agree_with_minimax(name: str, size: int, more: dict[str, int]) -> None:
    rng = random.Random(f"more {name}{size}")
    for turns in structures(name):
        for pie in (False, True):
            for _ in range(5):
                game = late_position(options(name, size, turns, pie, more), 9, rng)
                checked(game, Engine(seed=rng.randrange(100)).search(game, SearchLimits(10_000)))


def test_a_win_in_one_is_a_proved_candidate() -> None:
    """Found before any search: still listed, as a proved win of one stone, for the analysis
    to show."""
    game = Game(GameOptions(game="y", size=4, pie=False))
    for label in ("a1", "b2", "b1", "c2", "c1", "d2"):  # Black's bottom row lacks d1
        game.play(game.parse_move(label))
    result = Engine().search(game, SearchLimits(1_000))
    assert result.reason == "win" and game.move_text(result.move) == "d1"
    assert result.proved == 1 and result.win_rate == 1.0
    (candidate,) = result.candidates
    assert candidate.move == result.move and candidate.proved == 1
    checked(game, result)


def test_proofs_with_a_handicap() -> None:
    """Black's first turn places several stones: the one-stone tactics wait for it to end."""
    rng = random.Random(9)
    wins = losses = 0
    for handicap in (2, 3):
        opts = GameOptions(game="y", size=5, handicap=handicap)
        for empty in (5, 7, 8):
            game = late_position(opts, empty, rng)
            won, lost = checked(game, Engine(seed=1).search(game, SearchLimits(5_000)))
            wins += won
            losses += lost
        first = Game(GameOptions(game="y", size=4, handicap=handicap))  # the set-up turn
        checked(first, Engine(seed=1).search(first, SearchLimits(5_000)))
    assert wins + losses >= 3


def test_a_proved_lines_reply_is_not_one_at_random() -> None:
    """Tester 56's figure: g5 wins in 3 (two ways to connect after it). Its line read "g5
    i9": a reply of no meaning, the first of many proved to lose alike, and no winning stone
    after it. The line stops where the tree's proof does."""
    from ygui.core.study import parse_position

    options = GameOptions(game="y", size=9, pie=False).validated()
    setup, to_move = parse_position(
        Game(options).geometry, "B: e1 e2 e3 e4 e5 f5 i5 i6 W: d1 d2 d3 d4 f1 f2 f3 f4"
    )
    game = Game(options, setup=setup, to_move=to_move)
    result = Engine(seed=1).search(game, SearchLimits(20_000))
    assert result.proved == 3 and [game.move_text(m) for m in result.principal] == ["g5"]
    assert [game.move_text(m) for m in result.candidates[0].line] == ["g5"]
