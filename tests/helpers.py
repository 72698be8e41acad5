"""Shared test helpers: building groups that touch chosen sides, random play."""

from __future__ import annotations

import importlib.util
import random
from collections import deque
from pathlib import Path
from types import ModuleType

import numpy as np

from ygui.core.game import BLACK, WHITE, Game, Move
from ygui.core.geometry import BoardGeometry
from ygui.core.variants import GameOptions


def path(g: BoardGeometry, start: int, goal_cells: set[int], allowed: set[int]) -> list[int]:
    """A shortest path from start to any goal cell through allowed cells."""
    prev = {start: -1}
    queue = deque([start])
    while queue:
        a = queue.popleft()
        if a in goal_cells:
            out = [a]
            while prev[out[-1]] != -1:
                out.append(prev[out[-1]])
            return out
        for b in g.neighbours[a]:
            if b not in prev and (b in allowed or b in goal_cells):
                prev[b] = a
                queue.append(b)
    raise AssertionError("no path")


def group_touching(g: BoardGeometry, side_names: set[str]) -> set[int]:
    """A connected set of cells touching exactly the named sides (no corner cells)."""
    boundary = set(g.perimeter)
    interior = set(range(g.size)) - boundary
    cx = sum(x for x, _ in g.centres) / g.size
    cy = sum(y for _, y in g.centres) / g.size
    centre = min(interior, key=lambda c: (g.centres[c][0] - cx) ** 2 + (g.centres[c][1] - cy) ** 2)
    cells = {centre}
    for name in side_names:
        side = g.sides[g.side_index(name)]
        targets = {c for c in side if len(g.sides_of(c)) == 1}
        cells |= set(path(g, centre, targets, interior))
    touched = {n for c in cells for n in g.sides_of(c)}
    assert touched == set(side_names), (touched, side_names)
    return cells


def random_game(game: Game, rng: random.Random, max_moves: int | None = None) -> Game:
    count = 0
    while not game.is_over and (max_moves is None or count < max_moves):
        game.play(rng.choice(game.legal_moves()))
        count += 1
    return game


def random_fill(g: BoardGeometry, rng: random.Random, paired: bool = False) -> list[int]:
    colours = [rng.choice((BLACK, WHITE)) for _ in range(g.size)]
    if paired:
        for a, b in g.opposite_pairs:
            colours[b] = colours[a]
    return colours


def play_labels(game: Game, text: str) -> None:
    for word in text.split():
        game.play(game.parse_move(word))


__all__ = ["Move", "group_touching", "path", "play_labels", "random_fill", "random_game"]


# ----- positions for the solvers' tests (test_solver, test_mcts_solver) ----------------------
TURNS = ("standard", "master", "two-stone", "progressive", "tabu")

BOARDS = [
    ("y", 5, {}),
    ("poly-y", 4, {"corners": 3}),
    ("poly-y", 4, {}),
    ("game-of-y", 5, {}),
    ("mudcrack-y", 30, {}),
    ("starboard-y", 3, {}),
    ("hexagonal-y", 3, {}),
    ("eccentric-y", 3, {}),
]


def state(game: Game) -> tuple[object, ...]:
    """Everything of a game's state that decides what can follow."""
    return (
        tuple(game.colours),
        game.to_move,
        game.turn,
        game.placed_in_turn,
        tuple(sorted(game.turn_stones)),
        tuple(game._last_stone),
        game.swapped,
        game.winner,
    )


def late_position(opts: GameOptions, empty: int, rng: random.Random) -> Game:
    """A random game played on until at most ``empty`` empty cells are left (not over)."""
    while True:
        game = Game(opts)
        while not game.is_over and game.empty_count() > empty:
            game.play(rng.choice(game.legal_moves()))
        if not game.is_over:
            return game


def load_script(name: str) -> tuple[Path, ModuleType]:
    """A script of ``scripts/`` (``build_book``, ``learn_priors``): its path and the module."""
    path = Path(__file__).resolve().parent.parent / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return path, module


def block_scores(tree, engine, b: int, parent_visits: float) -> np.ndarray:
    """The scores of block ``b``'s cells as the search keeps them: each win rate blended with
    its all-moves-as-first rate (1/2 for a cell with neither), and in the root's block the
    exploration bonus for ``parent_visits`` (``Engine.explore``)."""
    m = tree.m
    inv_k = np.float32(1.0 / engine.rave_k)
    cells = slice(b * m, b * m + m - 1)
    v, w = tree.visits[cells], tree.wins[cells]
    rn, rw = tree.rave_n[cells], tree.rave_w[cells]
    num = w * (np.float32(1.0) + rn * inv_k) + rw
    den = rn + v + rn * v * inv_k
    with np.errstate(divide="ignore", invalid="ignore"):
        score = np.where(den > 0, num / den, np.float32(0.5)).astype(np.float32)
    if b == tree.block(tree.root):
        bonus = engine.explore * np.sqrt(np.log(parent_visits + 1.0) / (v + engine.prior))
        score = (score + bonus).astype(np.float32)
    return score


def four_sided() -> dict[str, object]:
    """Y 5's board as a file, its bottom side cut in two at c1: four sides and corners, a
    board no game of the family is played on (tester 61's)."""
    from ygui.core.boards.triangle import triangle_board

    data = triangle_board(5).to_dict(by_label=True)
    right, bottom, left = data["sides"]
    cells = bottom["cells"]  # e1 d1 c1 b1 a1
    data["sides"] = [
        right,
        {"name": "b1", "cells": cells[:3]},
        {"name": "b2", "cells": cells[2:]},
        left,
    ]
    data["corners"] = ["e5", "e1", "c1", "a1"]
    return data
