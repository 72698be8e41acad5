"""The ladder reader in the tree (ygui.ai.kernels.read_ladder, ladder_priors): a stone of the
mover's on a side's second row, cut from the side by the opponent's stones there, can go on
along the second row, each stone threatening the side through its one empty cell there, which
the opponent must take. The reader follows such a ladder to its end: a stone or a side of the
mover's (the ladder gains it) or the opponent's stones (it gains nothing). A fresh child of
the tree that steps onto such a ladder starts from a head start that says which."""

from __future__ import annotations

import random

import numpy as np
import pytest

from ygui.ai import kernels as k
from ygui.ai.engine import Engine, SearchLimits
from ygui.ai.tables import board_tables, params_of, position_of
from ygui.core.game import BLACK, WHITE, Game, Move
from ygui.core.variants import GameOptions

RIGHT, BOTTOM = 1, 2  # Y 9's side bits (the left is 4)


def y9(black: str, white: str, last: str, game: str = "y", size: int = 9) -> Game:
    """Y 9 with the stones given (labels), then White's ``last`` stone: Black to move."""
    options = GameOptions(game=game, size=size, pie=False)
    cell = Game(options).geometry.cell
    setup = {cell(x): BLACK for x in black.split()} | {cell(x): WHITE for x in white.split()}
    played = Game(options, setup=setup, to_move=WHITE)
    played.play(played.parse_move(last))
    return played


def read(game: Game, prev: str, cur: str, bit: int) -> int:
    """``read_ladder`` for Black's stone ``cur`` stepping on from its ``prev``."""
    tables = board_tables(game)
    pos = position_of(game, tables, params_of(game, tables))
    cell = game.geometry.cell
    before = pos.colours.copy()
    held = np.zeros(game.geometry.size, np.int64)
    args = (tables.nbr, tables.deg, tables.side_mask, pos.colours, pos.parent, pos.smask)
    gain = int(k.read_ladder(*args, BLACK, cell(prev), cell(cur), bit, held))
    assert np.array_equal(pos.colours, before)  # (the opponent's answers are taken off)
    return gain


def head_starts(game: Game) -> dict[str, float]:
    """The cells whose head start ``ladder_priors`` changes from one half, with the new one."""
    tables = board_tables(game)
    pos = position_of(game, tables, params_of(game, tables))
    n = game.geometry.size
    base = np.arange(n, dtype=np.int32)
    strength = np.full(n, 0.5, np.float32)
    held = np.zeros(n + 8, np.int64)
    args = (tables.nbr, tables.deg, tables.side_mask, pos.colours, pos.parent, pos.smask)
    k.ladder_priors(*args, pos.info, base, strength, n + 1, held)
    labels = game.geometry.labels
    return {labels[c]: round(float(strength[c]), 3) for c in range(n) if strength[c] != 0.5}


def test_a_ladder_to_the_corner_gains_the_other_side():
    """Black's e2 is cut from the bottom by White's d1 and e1 (the last stone). Black's f2
    threatens f1, White takes it; g2 threatens g1, h2 threatens h1, and i2 is on the right
    side, which Black's e2 lacks: the ladder gains the right side, and f2 starts strong."""
    game = y9("e2", "d1", "e1")
    assert read(game, "e2", "f2", BOTTOM) == RIGHT
    assert head_starts(game) == {"f2": k.LADDER_WON}


def test_an_opponents_stone_on_the_second_row_ahead_breaks_the_ladder():
    """White's h2 stands in the ladder's way: f2, g2 gain nothing, so f2 starts weak."""
    game = y9("e2", "d1 h2", "e1")
    assert read(game, "e2", "f2", BOTTOM) == 0
    assert head_starts(game) == {"f2": k.LADDER_LOST}


def test_a_stone_of_the_movers_on_the_side_ahead_is_the_ladders_escape():
    """Black's h1 ahead: when the ladder reaches h2 its stone touches h1 and the bottom."""
    game = y9("e2 h1", "d1", "e1")
    assert read(game, "e2", "f2", BOTTOM) == BOTTOM
    assert head_starts(game) == {"f2": k.LADDER_WON}


def test_a_stone_of_the_movers_ahead_with_a_cell_on_the_side_is_an_escape():
    """Black's g2 ahead, its cell g1 on the side still empty: f2 threatens f1 and joins g2,
    which threatens g1; White can take one of them only, and Black reaches the bottom."""
    game = y9("e2 g2", "d1", "e1")
    assert read(game, "e2", "f2", BOTTOM) == BOTTOM
    assert head_starts(game) == {"f2": k.LADDER_WON}


def test_a_ladder_to_a_side_the_group_has_already_gains_nothing():
    """Black's e2 joins e3-f3-g3-h3-i3 on the right side: the ladder to the corner reaches
    the right side again, which the group has, and then the row ends there."""
    game = y9("e2 e3 f3 g3 h3 i3", "d1", "e1")
    assert read(game, "e2", "f2", BOTTOM) == 0
    assert head_starts(game) == {"f2": k.LADDER_LOST}


def test_a_ladder_reaching_another_group_with_a_side_gains_its_sides():
    """Black's h3 on the third row, joined to i3 on the right side: the ladder's g2 touches
    h3 (g2's neighbours on the third row are g3 and h3), joining a group with the right side."""
    game = y9("e2 h3 i3", "d1", "e1")
    gain = read(game, "e2", "f2", BOTTOM)
    assert gain == RIGHT
    assert head_starts(game) == {"f2": k.LADDER_WON}


def test_no_ladder_without_a_cut_stone_and_the_last_stone_beside_it():
    """With White's last stone far away, f2 is not read as a ladder's step; nor d2 when
    White's d1 leaves Black's e2 its other cell on the side, e1 (not cut: no ladder)."""
    assert head_starts(y9("e2", "d1", "g6")) == {}
    assert head_starts(y9("e2", "", "d1")) == {}


def test_the_search_starts_the_ladders_step_from_the_readers_head_start():
    """At the root of a search, the child f2 holds at least the ladder's head start when the
    ladder gains (its cell's learned head start may be higher), at most when it gains
    nothing: 20 playouts' worth, plus at most one playout's all-moves-as-first result."""
    for white, won in (("d1", True), ("d1 h2", False)):
        game = y9("e2", white, "e1")
        engine = Engine(seed=3, prior=20.0)
        engine.search(game, SearchLimits(playouts=1))
        tree = engine._tree
        assert tree is not None
        slot = tree.slot(tree.root, game.geometry.cell("f2"))
        hits = float(tree.rave_n[slot]) - 20.0
        assert hits in (0.0, 1.0)
        rate = float(tree.rave_w[slot]) / float(tree.rave_n[slot])
        if won:
            assert rate >= 20.0 * k.LADDER_WON / 21.0 - 1e-6
        else:
            assert rate <= (20.0 * k.LADDER_LOST + 1.0) / 21.0 + 1e-6


@pytest.mark.parametrize(
    "name", ["y", "game-of-y", "poly-y", "mudcrack-y", "starboard-y", "eccentric-y"]
)
def test_the_reader_leaves_the_position_as_it_was_on_every_board(name):
    """On each game's default board (rows of cells of every shape), in random positions, the
    reader changes no stone and sets no head start but the two of a ladder's."""
    options = GameOptions(game=name, pie=False).validated()
    rng = random.Random(7)
    for _ in range(150):
        game = Game(options)
        n = game.geometry.size
        for _ in range(rng.randint(4, n // 2)):
            empty = [c for c in range(n) if not game.colours[c]]
            game.play(Move(rng.choice(empty)))
            if game.winner is not None:
                break
        if game.winner is not None:
            continue
        tables = board_tables(game)
        pos = position_of(game, tables, params_of(game, tables))
        before = pos.colours.copy()
        strength = np.full(n, 0.5, np.float32)
        held = np.zeros(n + 8, np.int64)
        args = (tables.nbr, tables.deg, tables.side_mask, pos.colours, pos.parent, pos.smask)
        k.ladder_priors(*args, pos.info, np.arange(n, dtype=np.int32), strength, n + 1, held)
        assert np.array_equal(pos.colours, before)
        changed = {float(v) for v in strength if v != 0.5}
        assert changed <= {np.float32(k.LADDER_WON), np.float32(k.LADDER_LOST)}
