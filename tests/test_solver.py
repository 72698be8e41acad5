"""The solver (ygui.ai.solver) against a plain minimax over the rules model (ygui.core.game),
written independently of the compiled kernels, on every position of the smallest boards and on
late positions of every game, in every turn structure, with and without the pie rule."""

from __future__ import annotations

import random

import pytest
from helpers import BOARDS, TURNS, late_position, state

from ygui.ai.book import symmetries
from ygui.ai.solver import Proof, Solver, solved_result_text
from ygui.core.game import BLACK, SWAP, WHITE, Game, Move
from ygui.core.variants import GameOptions


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(table_bits=16)


# ----- the reference: minimax over the rules model ------------------------------------------


def minimax(game: Game, memo: dict[tuple[object, ...], int]) -> int:
    """The colour that wins with perfect play (0 for a draw), trying every legal move."""
    key = state(game)
    if key in memo:
        return memo[key]
    if game.winner is not None:
        value = game.winner
    elif game.is_over:
        value = 0
    else:
        me = game.to_move
        values = set()
        for move in game.legal_moves():
            child = game.copy()
            child.play(move)
            values.add(minimax(child, memo))
            if me in values:
                break
        value = me if me in values else (0 if 0 in values else 3 - me)
    memo[key] = value
    return value


def positions(game: Game) -> list[Game]:
    """Every position reachable from ``game`` (each state once)."""
    seen: dict[tuple[object, ...], Game] = {}
    stack = [game]
    while stack:
        g = stack.pop()
        key = state(g)
        if key in seen:
            continue
        seen[key] = g
        if g.is_over:
            continue
        for move in g.legal_moves():
            child = g.copy()
            child.play(move)
            stack.append(child)
    return list(seen.values())


def check(solver: Solver, game: Game, memo: dict[tuple[object, ...], int]) -> Proof:
    expected = minimax(game, memo)
    proof = solver.solve(game, nodes=2_000_000)
    assert proof.proved, f"not settled: {game.options} {game.moves}"
    assert (proof.winner or 0) == expected, f"{game.options} after {game.moves}"
    if proof.winner is not None and not game.is_over:
        if proof.winner != game.to_move and not game.can_swap:
            assert proof.move is None  # the player to move loses
            return proof
        if game.swap_ahead:  # the colour to move wins, but its stones will be swapped
            assert proof.winner == game.to_move and proof.move is None
            return proof
        assert proof.move is not None
        assert game.is_legal(proof.move)
        child = game.copy()
        child.play(proof.move)
        if proof.move.is_swap:  # the swapper takes the colour that wins the position
            assert proof.winner != game.to_move
        else:
            assert proof.winner == game.to_move
            assert minimax(child, memo) == game.to_move
    return proof


def options(game: str, size: int, turns: str, pie: bool, **more: int) -> GameOptions:
    return GameOptions(game=game, size=size, turns=turns, pie=pie, **more)


# ----- every position of the smallest boards ----------------------------------------------
@pytest.mark.parametrize("pie", [False, True])
@pytest.mark.parametrize("turns", TURNS)
def test_every_position_of_y3(solver: Solver, turns: str, pie: bool) -> None:
    game = Game(options("y", 3, turns, pie))
    memo: dict[tuple[object, ...], int] = {}
    everything = positions(game)
    assert len(everything) > 50
    for g in everything:
        check(solver, g, memo)


def y4_sample(turns: str, pie: bool, count: int | None) -> None:
    solver = Solver(table_bits=16)
    game = Game(options("y", 4, turns, pie))
    memo: dict[tuple[object, ...], int] = {}
    everything = positions(game)
    if count is not None:
        everything = random.Random(f"{turns}{pie}").sample(everything, count)
    for g in everything:
        check(solver, g, memo)


@pytest.mark.parametrize("pie", [False, True])
@pytest.mark.parametrize("turns", TURNS)
def test_positions_of_y4(solver: Solver, turns: str, pie: bool) -> None:
    """A sample: every position after random openings of three placements."""
    rng = random.Random(f"{turns}{pie}")
    memo: dict[tuple[object, ...], int] = {}
    for _ in range(3):
        game = late_position(options("y", 4, turns, pie), 7, rng)
        for g in positions(game):
            check(solver, g, memo)


@pytest.mark.slow
@pytest.mark.parametrize("pie", [False, True])
@pytest.mark.parametrize("turns", TURNS)
def test_every_position_of_y4(turns: str, pie: bool) -> None:
    y4_sample(turns, pie, None)


def test_handicap_positions_of_y4(solver: Solver) -> None:
    game = Game(GameOptions(game="y", size=4, handicap=2))
    memo: dict[tuple[object, ...], int] = {}
    check(solver, game, memo)
    rng = random.Random(4)
    for _ in range(3):
        for g in positions(late_position(game.options, 7, rng)):
            check(solver, g, memo)


# ----- late positions of every game ----------------------------------------------------------


def late_positions(name: str, size: int, more: dict[str, int], count: int, empty: int) -> None:
    solver = Solver(table_bits=16)
    structures = TURNS if Game(GameOptions(game=name)).variant.has_turn_structures else TURNS[:1]
    rng = random.Random(f"{name}{size}")
    for turns in structures:
        for pie in (False, True):
            opts = options(name, size, turns, pie, **more)
            for _ in range(count):
                game = late_position(opts, empty, rng)
                memo: dict[tuple[object, ...], int] = {}
                for g in positions(game)[:40]:
                    check(solver, g, memo)


@pytest.mark.parametrize(("name", "size", "more"), BOARDS)
def test_late_positions(name: str, size: int, more: dict[str, int]) -> None:
    late_positions(name, size, more, 2, 6)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "size", "more"), BOARDS)
def test_more_late_positions(name: str, size: int, more: dict[str, int]) -> None:
    late_positions(name, size, more, 10, 8)


def test_set_up_position(solver: Solver) -> None:
    """A set-up position (no handicap, no pie) with White to move."""
    base = Game(GameOptions(game="y", size=4))
    setup = {base.geometry.cell("a1"): BLACK, base.geometry.cell("b2"): WHITE}
    game = Game(GameOptions(game="y", size=4, pie=True), setup=setup, to_move=WHITE)
    memo: dict[tuple[object, ...], int] = {}
    for g in positions(game)[:300]:
        check(solver, g, memo)


# ----- proved wins are never lost ---------------------------------------------------------------
def never_lost(solver: Solver, game: Game, winner: int, replies: int, rng: random.Random) -> int:
    """Play the solver's moves for ``winner`` against every reply (or ``replies`` random ones
    of each position) and check that ``winner`` wins every game; returns the games played."""
    if game.is_over:
        assert game.winner == winner, f"lost after {game.moves}"
        return 1
    if game.to_move == winner:
        proof = solver.solve(game, nodes=2_000_000)
        assert proof.winner == winner
        assert proof.move is not None and not proof.move.is_swap
        child = game.copy()
        child.play(proof.move)
        return never_lost(solver, child, winner, replies, rng)
    moves = game.legal_moves()
    if replies and len(moves) > replies:
        moves = rng.sample(moves, replies)
    total = 0
    for move in moves:
        child = game.copy()
        child.play(move)
        if move.is_swap:
            continue  # (a swap changes the players, not the colours)
        total += never_lost(solver, child, winner, replies, rng)
    return total


def test_proved_win_never_lost_y4(solver: Solver) -> None:
    game = Game(GameOptions(game="y", size=4, pie=False))
    assert solver.solve(game).winner == BLACK
    assert never_lost(solver, game, BLACK, 0, random.Random(1)) > 100


def test_proved_win_never_lost_y5_sampled(solver: Solver) -> None:
    game = Game(GameOptions(game="y", size=5, pie=False))
    assert never_lost(solver, game, BLACK, 3, random.Random(2)) > 20


def test_proved_win_never_lost_other_games(solver: Solver) -> None:
    rng = random.Random(3)
    for name, size, more in BOARDS:
        game = late_position(GameOptions(game=name, size=size, **more), 12, rng)
        proof = solver.solve(game, nodes=2_000_000)
        assert proof.winner is not None, name
        assert never_lost(solver, game, proof.winner, 2, rng) >= 1


# ----- known results ----------------------------------------------------------------------------
@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_first_player_wins_y(solver: Solver, size: int) -> None:
    """Strategy stealing: Y cannot end in a draw and an extra stone never hurts, so the first
    player wins every board without the pie rule."""
    proof = solver.solve(Game(GameOptions(game="y", size=size, pie=False)))
    assert proof.winner == BLACK
    assert proof.move is not None


@pytest.mark.slow
def test_first_player_wins_y7() -> None:
    proof = Solver().solve(Game(GameOptions(game="y", size=7, pie=False)))
    assert proof.winner == BLACK


# HexWiki, "Where to swap (y)" (revision of 2025, https://www.hexwiki.net): the first moves
# of Y 3 to 7 that the second player must swap, that is, that win for the first player, drawn
# on a Hex board's corner: column letter i and row j with i + j > N, the triangle's corners at
# aN, NN and N1. In ygui's names (letter i, row j <= i) that cell is (i, N + 1 - j).
HEXWIKI_SWAP = {
    3: "b2 b3 c2",
    4: "a4 d4 d1",  # for size 4: the cells NOT to swap (the corners); all others win
    5: "d3 c4 d4",
    6: "d4 d5 e4",
    7: "f3 e4 f4 d5 e5 f5 c6 d6 e6 f6",
}


def hexwiki_cells(size: int) -> set[str]:
    cells = set()
    for name in HEXWIKI_SWAP[size].split():
        i, j = name[0], int(name[1:])
        cells.add(f"{i}{size + 1 - j}")
    if size == 4:
        game = Game(GameOptions(game="y", size=4))
        return set(game.geometry.labels) - cells
    return cells


def published_map_agrees(size: int, seconds: float) -> None:
    game = Game(GameOptions(game="y", size=size, pie=False))
    solved = Solver().solve_map(game, seconds)
    assert solved.complete
    assert {game.move_text(m) for m in solved.winning()} == hexwiki_cells(size)


@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_first_move_maps_agree_with_the_published_ones(size: int) -> None:
    published_map_agrees(size, 60)


@pytest.mark.slow
def test_first_move_map_of_y7_agrees_with_the_published_one() -> None:
    published_map_agrees(7, 900)


def test_no_winning_move_is_given_on_the_first_turn_under_the_pie_rule(solver: Solver) -> None:
    """Black (the colour) wins the empty Y 5 whatever the pie rule, but with it the first
    player has no winning move: its winning stones are swapped. The solver gives none, so the
    engine does not play one as "proved" and GTP and the window do not offer one."""
    plain = solver.solve(Game(GameOptions(game="y", size=5, pie=False)))
    assert plain.winner == BLACK and plain.move is not None
    game = Game(GameOptions(game="y", size=5, pie=True))
    assert game.swap_ahead
    pie = solver.solve(game)
    assert pie.winner == BLACK and pie.move is None
    game.play(Move(game.geometry.cell("c2")))
    assert not game.swap_ahead and game.can_swap
    assert solver.solve(game).move == SWAP


def test_pie_rule_second_player_wins(solver: Solver) -> None:
    """With the pie rule the second player wins: after any first move, keep the colour that
    wins the position (swap when Black's opening wins)."""
    game = Game(GameOptions(game="y", size=4, pie=True))
    solved = solver.solve_map(game)
    assert solved.complete
    assert solved.winning()  # Black's winning openings (those White must swap)
    for move, winner in solved.results.items():
        child = game.copy()
        child.play(move)
        proof = solver.solve(child)
        assert proof.winner == winner
        assert proof.move is not None  # the second player always has a winning answer
        assert proof.move.is_swap == (winner == BLACK)


def test_map_agrees_with_solve(solver: Solver) -> None:
    game = Game(GameOptions(game="y", size=5, pie=False))
    solved = solver.solve_map(game)
    assert solved.complete and solved.to_move == BLACK
    assert set(solved.winning()) | set(solved.losing()) == set(game.legal_moves())
    memo: dict[tuple[object, ...], int] = {}
    for move in solved.results:
        child = game.copy()
        child.play(move)
        if child.empty_count() <= 10:
            assert minimax(child, memo) == solved.results[move]
    centre = game.geometry.cell("c2")  # a central cell wins, a corner loses
    assert Move(centre) in solved.winning()
    assert Move(game.geometry.cell("a1")) in solved.losing()


@pytest.mark.parametrize(
    ("name", "size", "more"),
    [("y", 4, {}), ("y", 5, {}), ("hexagonal-y", 3, {}), ("eccentric-y", 3, {})],
)
def test_map_is_the_same_under_every_symmetry(
    solver: Solver, name: str, size: int, more: dict[str, int]
) -> None:
    """A rotation or reflection of the board that keeps its rules maps a winning first move
    onto a winning one: the solver's map of the empty board must not tell them apart."""
    game = Game(GameOptions(game=name, size=size, pie=False, **more))
    solved = solver.solve_map(game, 20)
    assert solved.complete
    syms = symmetries(game.geometry, game.rule)
    assert len(syms) > 1
    winning = {m.cell for m in solved.winning()}
    for perm in syms:
        assert {perm[c] for c in winning if c is not None} == winning
    assert 0 < len(winning) < len(solved.results)


def test_map_settles_each_move_once_up_to_symmetry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The map solves one move of each set of symmetric moves and gives the others its result:
    the same map as solving every move, with the image's time 0."""
    import ygui.ai.solver as solver_module

    for setup in ({}, {"c3": BLACK}, {"a1": WHITE, "e1": WHITE}):
        game = Game(GameOptions(game="y", size=5, pie=False))
        game = Game(game.options, setup={game.geometry.cell(c): v for c, v in setup.items()})
        fast = Solver(table_bits=16).solve_map(game, 20)
        with monkeypatch.context() as m:
            m.setattr(solver_module, "position_symmetries", lambda game: [])
            full = Solver(table_bits=16).solve_map(game, 20)
        assert fast.complete and full.complete
        assert fast.results == full.results
        copied = [mv for mv, t in fast.seconds.items() if t == 0.0]
        # the empty board: 15 cells in 4 sets (corners, middles of the sides, the other side
        # cells, the inner three); one stone on the middle of a side leaves a mirror
        assert len(copied) == {0: 15 - 4, 1: 14 - 8, 2: 13 - 8}[len(setup)], setup


def test_a_move_not_settled_in_its_budget_is_not_tried_again_as_an_image() -> None:
    game = Game(GameOptions(game="y", size=9, pie=False))
    solved = Solver(table_bits=16).solve_map(game, nodes_per_move=50)
    assert not solved.complete and not solved.pending
    searched = [m for m, t in solved.seconds.items() if t > 0.0]
    # one move of each of Y 9's sets alike under its 6 symmetries: 45 cells, 10 sets
    assert len(searched) == 10 and len(solved.seconds) == 45


def test_no_symmetry_is_used_past_one_stone_a_turn() -> None:
    from ygui.ai.solver import position_symmetries

    assert position_symmetries(Game(GameOptions(game="y", size=5, pie=False)))
    two = Game(GameOptions(game="y", size=5, pie=False, turns="two-stone"))
    assert position_symmetries(two) == []


# ----- limits --------------------------------------------------------------------------------
def test_out_of_budget_is_unknown() -> None:
    solver = Solver(table_bits=12)
    proof = solver.solve(Game(GameOptions(game="y", size=8, pie=False)), nodes=500)
    assert proof.winner is None and not proof.proved
    assert "unknown" in solved_result_text(Game(), proof)


def test_stop_from_the_caller() -> None:
    solver = Solver(table_bits=12)
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 2

    proof = solver.solve(Game(GameOptions(game="y", size=9, pie=False)), should_stop=stop)
    assert proof.winner is None
    solver.stop()
    proof = solver.solve(Game(GameOptions(game="y", size=9, pie=False)))
    assert proof.winner is None
    solver.reset_stop()
    assert solver.solve(Game(GameOptions(game="y", size=4, pie=False))).winner == BLACK


def test_cache_answers_at_once(solver: Solver) -> None:
    game = Game(GameOptions(game="y", size=5, pie=False))
    first = solver.solve(game)
    again = solver.solve(game.copy())
    assert again is first
    assert solved_result_text(game, first).startswith("Black wins (proved)")


def test_finished_game(solver: Solver) -> None:
    game = Game(GameOptions(game="y", size=3, pie=False))
    while not game.is_over:
        game.play(game.legal_moves()[0])
    proof = solver.solve(game)
    assert proof.winner == game.winner and proof.move is None


def test_the_map_settles_an_edge_pair_once(solver: Solver) -> None:
    """Hexagonal Y: an edge cell and its opposite are the same placement, so the map gives
    both the same result, and the second is not searched again (its time 0)."""
    game = Game(GameOptions(game="hexagonal-y", size=3, pie=False))
    game.play(Move(game.geometry.cell("b2")))
    solved = solver.solve_map(game, 20)
    assert solved.complete
    pairs = [(a, b) for a, b in game.geometry.opposite.items() if game.colours[a] == 0]
    assert pairs
    for a, b in pairs:
        assert solved.results[Move(a)] == solved.results[Move(b)]
        twin = b if game.is_paired_twin(b) else a
        assert solved.seconds[Move(twin)] == 0.0
