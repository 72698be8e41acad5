"""Invariants over many random games and fills (docs/rules.md), and agreement with
independent references: Y-reduction and open_spiel's implementation of Y."""

import os
import random

import pytest
from helpers import random_fill, random_game

from ygui.core.game import BLACK, EMPTY, WHITE, Game, Move, position_winners
from ygui.core.notation import parse_letter_label
from ygui.core.rules.win import groups_of
from ygui.core.variants import GameOptions

FILLS = int(os.environ.get("YGUI_FILLS", "2000"))

BOARDS = [
    ("y", {"size": 3}),
    ("y", {"size": 5}),
    ("y", {"size": 11}),
    ("game-of-y", {"size": 5}),
    ("game-of-y", {"size": 9}),
    ("poly-y", {"size": 4, "corners": 3}),
    ("poly-y", {}),
    ("poly-y", {"size": 5, "corners": 7}),
    ("poly-y", {"size": 4, "corners": 9}),
    ("mudcrack-y", {"size": 40, "seed": 3}),
    ("mudcrack-y", {}),
    ("starboard-y", {"size": 3}),
    ("starboard-y", {}),
    ("hexagonal-y", {"size": 3}),
    ("hexagonal-y", {}),
    ("eccentric-y", {"size": 3}),
    ("eccentric-y", {}),
]


def board_id(item):
    name, kw = item
    return name + "".join(f"-{k}{v}" for k, v in kw.items())


@pytest.mark.parametrize("item", BOARDS, ids=board_id)
def test_every_full_board_has_exactly_one_winner(item):
    name, kw = item
    game = Game(GameOptions(game=name, **kw))
    g, rule = game.geometry, game.rule
    rng = random.Random(hash(board_id(item)) & 0xFFFF)
    paired = name == "hexagonal-y"
    for _ in range(FILLS):
        colours = random_fill(g, rng, paired)
        winners = position_winners(g, rule, colours)
        assert len(winners) == 1, (colours, winners)


@pytest.mark.parametrize("kw", [{}, {"size": 5, "corners": 7}, {"size": 4, "corners": 9}])
def test_polyy_every_corner_held_by_exactly_one_player_on_a_full_board(kw):
    game = Game(GameOptions(game="poly-y", **kw))
    g, rule = game.geometry, game.rule
    rng = random.Random(5)
    full = (1 << rule.corners) - 1
    for _ in range(FILLS // 2):
        colours = random_fill(g, rng)
        held = []
        for colour in (BLACK, WHITE):
            obj = 0
            for group in groups_of(g.neighbours, colours, colour):
                sides = 0
                for c in group:
                    sides |= g.side_mask[c]
                obj |= rule.objectives(sides)
            held.append(obj)
        assert held[0] & held[1] == 0  # never captured by both
        assert held[0] | held[1] == full  # every corner captured


@pytest.mark.parametrize("kw", [{}, {"size": 5, "corners": 7}])
def test_polyy_partial_boards_never_share_a_corner(kw):
    game = Game(GameOptions(game="poly-y", **kw))
    rng = random.Random(9)
    for _ in range(100):
        g2 = random_game(Game(game.options), rng, max_moves=rng.randrange(10, 80))
        assert not set(g2.corners_held(BLACK)) & set(g2.corners_held(WHITE))


OPTION_SETS = [
    ("y", {"size": 7}),
    ("y", {"size": 7, "turns": "master"}),
    ("y", {"size": 7, "turns": "two-stone"}),
    ("y", {"size": 8, "turns": "progressive"}),
    ("y", {"size": 7, "turns": "tabu"}),
    ("y", {"size": 7, "handicap": 3}),
    ("game-of-y", {"size": 7}),
    ("poly-y", {"size": 5}),
    ("poly-y", {"turns": "progressive"}),
    ("mudcrack-y", {"size": 50, "turns": "two-stone"}),
    ("starboard-y", {"size": 4}),
    ("hexagonal-y", {"size": 5}),
    ("hexagonal-y", {"size": 4, "handicap": 2}),
    ("eccentric-y", {"size": 4}),
]


@pytest.mark.parametrize("item", OPTION_SETS, ids=board_id)
def test_random_games_incremental_win_agrees_with_a_fresh_look(item):
    name, kw = item
    options = GameOptions(game=name, **kw).validated()
    rng = random.Random(board_id(item))
    for _ in range(40):
        game = Game(options)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
            winners = position_winners(game.geometry, game.rule, game.colours)
            assert winners == ({game.winner} if game.winner else set())
        assert game.winner in (BLACK, WHITE)


@pytest.mark.parametrize("turns", ["two-stone", "progressive"])
def test_group_restriction_stone_by_stone_equals_end_of_turn_check(turns):
    options = GameOptions(game="y", size=7, turns=turns).validated()
    rng = random.Random(turns)
    for _ in range(60):
        game = Game(options)
        while not game.is_over:
            legal = set(game.legal_cells())
            turn = set(game.turn_stones)
            for cell in range(game.geometry.size):
                if game.colours[cell] != EMPTY:
                    continue
                colours = list(game.colours)
                colours[cell] = game.to_move
                group = next(
                    g
                    for g in groups_of(game.geometry.neighbours, colours, game.to_move)
                    if cell in g
                )
                assert (cell in legal) == (not turn & set(group))
            turn_before, mover = game.turn, game.to_move
            cell = rng.choice(sorted(legal))
            stones = [*game.turn_stones, cell]
            game.play(Move(cell))
            if game.turn != turn_before:
                # a completed turn: its stones lie in pairwise different groups
                groups = groups_of(game.geometry.neighbours, game.colours, mover)
                owner = {c: i for i, grp in enumerate(groups) for c in grp}
                assert len({owner[c] for c in stones}) == len(stones)
                if len(stones) < game.stones_in_turn(turn_before):
                    # ended early: no legal placement was left for the next stone
                    assert all(
                        game.colours[c] != EMPTY
                        or any(
                            game.colours[nb] == mover and owner[nb] in {owner[s] for s in stones}
                            for nb in game.geometry.neighbours[c]
                        )
                        for c in range(game.geometry.size)
                    )


def test_hexagonal_y_pairs_stay_paired():
    rng = random.Random(4)
    for size in (3, 5, 7):
        for _ in range(40):
            game = Game(GameOptions(game="hexagonal-y", size=size))
            g = game.geometry
            while not game.is_over:
                game.play(rng.choice(game.legal_moves()))
                for a, b in g.opposite_pairs:
                    assert game.colours[a] == game.colours[b]


def test_stone_counts_follow_the_turn_structure():
    rng = random.Random(8)
    for turns in ("standard", "master", "two-stone", "progressive", "tabu"):
        game = random_game(Game(GameOptions(game="y", size=9, turns=turns)), rng)
        per_turn: dict[int, int] = {}
        replay = Game(game.options)
        for move in game.moves:
            per_turn[replay.turn] = per_turn.get(replay.turn, 0) + 1
            replay.play(move)
        last = max(per_turn)
        for t, count in per_turn.items():
            assert count <= replay.stones_in_turn(t)
            if t < last and turns in ("standard", "master", "tabu"):
                assert count == replay.stones_in_turn(t)


# ----- Y-reduction -----------------------------------------------------------------------


def y_reduction_winner(n: int, g, colours) -> int:
    """docs/rules.md, Y: reduce the board row by row (rows counted from the apex)."""
    rows = []
    for big_r in range(n):  # row from apex
        r = n - big_r
        rows.append([colours[g.cell(f"{chr(96 + i + r)}{r}")] for i in range(big_r + 1)])
    while len(rows) > 1:
        rows = [
            [
                BLACK
                if [rows[r][i], rows[r + 1][i], rows[r + 1][i + 1]].count(BLACK) >= 2
                else WHITE
                for i in range(len(rows[r]))
            ]
            for r in range(len(rows) - 1)
        ]
    return rows[0][0]


@pytest.mark.parametrize("n", [3, 4, 5, 8, 11, 15])
def test_y_reduction_agrees(n):
    game = Game(GameOptions(game="y", size=n))
    g = game.geometry
    rng = random.Random(n)
    for _ in range(FILLS // 2):
        colours = random_fill(g, rng)
        assert position_winners(g, game.rule, colours) == {y_reduction_winner(n, g, colours)}


# ----- open_spiel ------------------------------------------------------------------------


def open_spiel_action(label: str, n: int) -> int:
    c, r = parse_letter_label(label)
    x, y = n - c, r - 1
    return x + y * n


@pytest.mark.parametrize("n", [5, 8, 11])
def test_open_spiel_y_agrees_move_by_move(n):
    pyspiel = pytest.importorskip("pyspiel")
    spiel_game = pyspiel.load_game("y", {"board_size": n})
    rng = random.Random(n * 7)
    for _ in range(100 if n < 11 else 60):
        game = Game(GameOptions(game="y", size=n, pie=False))
        state = spiel_game.new_initial_state()
        while not game.is_over:
            cell = rng.choice(game.legal_cells())
            game.play(Move(cell))
            state.apply_action(open_spiel_action(game.geometry.labels[cell], n))
            assert state.is_terminal() == (game.winner is not None)
        returns = state.returns()
        assert (returns[0] > 0) == (game.winner == BLACK)


def test_open_spiel_legal_moves_match():
    pyspiel = pytest.importorskip("pyspiel")
    n = 6
    state = pyspiel.load_game("y", {"board_size": n}).new_initial_state()
    game = Game(GameOptions(game="y", size=n, pie=False))
    ours = sorted(open_spiel_action(game.geometry.labels[c], n) for c in game.legal_cells())
    assert ours == sorted(state.legal_actions())


def _state(game: Game) -> dict[str, object]:
    """The game's state; the union-find forest by what it means (each cell's group, and the
    sides and perimeter its group holds), not by its shape, which depends on the order of the
    finds."""
    roots = [game._find(c) for c in range(game.geometry.size)]
    first: dict[int, int] = {}
    for cell, root in enumerate(roots):
        first.setdefault(root, cell)
    state = {k: v for k, v in vars(game).items() if k not in ("rule", "geometry", "options")}
    for name in ("_parent", "_sides", "_perim"):
        del state[name]
    state["groups"] = [
        (first[r], game._sides[r], game._perim[r]) if game.colours[c] else None
        for c, r in enumerate(roots)
    ]
    return state


@pytest.mark.parametrize("turns", ["standard", "progressive", "two-stone"])
@pytest.mark.parametrize("name", ["y", "poly-y", "hexagonal-y", "starboard-y"])
def test_a_copy_is_the_replayed_game_and_independent(name, turns):
    """Game.copy copies the state instead of replaying it: the copy must equal a replay of the
    same moves, and the original and the copy must not share anything that play changes."""
    if name in ("starboard-y", "hexagonal-y") and turns != "standard":
        return  # Steere's games are played one stone a turn
    rng = random.Random(7)
    for _ in range(20):
        game = Game(GameOptions(game=name, size=None, turns=turns))
        random_game(game, rng, max_moves=rng.randrange(0, 25))
        before = _state(game)
        clone = game.copy()
        replay = Game(game.options, game.geometry, game.setup, game.first_to_move)
        replay.play_all(game.moves)
        replay.redo_moves = list(game.redo_moves)
        assert _state(clone) == _state(replay)
        if not clone.is_over and clone.moves:
            clone.play(rng.choice(list(clone.legal_moves())))
            assert _state(game) == before  # the original is untouched
            clone.undo()
            clone.undo()
            assert _state(game) == before
