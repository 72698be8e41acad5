"""Learn the engine's prior knowledge for a game (``resources/priors/GAME.json``) from its games.

    python scripts/learn_priors.py play --games 400 [--playouts 30000] [--out games.npz]
        [--boards y:size=11 y:size=13] [--jobs 2]
    python scripts/learn_priors.py fit games.npz [--out resources/priors/y.json]
        [--without corner]

``play`` plays games of the engine against itself (the first stone at random, then a search of
``--playouts`` for every move) and keeps, for every position, the features of each empty cell
(``ygui.ai.kernels.features``) and which cell the search chose. ``fit`` finds the weight of
each feature value with the minorisation-maximisation algorithm for generalised Bradley-Terry
models (Hunter 2004; Coulom 2007, "Computing Elo ratings of move patterns in the game of Go"):
a cell's strength is the product of its features' weights, and the chosen cell is taken as
the winner of a contest among the empty cells of its position. Patterns are learned up to the
twelve symmetries of the hexagon. The weights are written as their natural logarithms.
``--without`` leaves features out (their weights 0), to measure what each one is worth.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from ygui.ai import kernels as k
from ygui.ai.engine import Engine, SearchLimits
from ygui.ai.priors import FEATURES, FORMAT, FORMAT_VERSION, pattern_classes, unpack
from ygui.ai.tables import board_tables, params_of, position_of
from ygui.core.game import Game, Move
from ygui.core.variants import GameOptions


def new_game(board: str) -> Game:
    name, _, rest = board.partition(":")
    keys = [w for w in rest.split(",") if w]
    return Game(GameOptions.from_keys(name, [*keys, "pie=off"]))


def play(task: tuple[str, int, int]) -> np.ndarray:
    """One game: rows of (position number, pattern, shape, nearness, depth, corner distance,
    chosen)."""
    board, seed, playouts = task
    game = new_game(board)
    rng = np.random.default_rng(seed)
    engine = Engine(seed=seed)
    tables = board_tables(game)
    params = params_of(game, tables)
    n = game.geometry.size
    scratch = np.empty(n, np.int8)
    packed = np.zeros(n, np.int64)
    rows: list[np.ndarray] = []
    number = 0
    game.play(Move(int(rng.integers(n))))
    while not game.is_over:
        result = engine.search(game, SearchLimits(playouts=playouts, seed=seed + number))
        cell = result.move.cell
        if cell is None:
            break
        pos = position_of(game, tables, params)
        k.features(
            *tables.arrays[:2], *tables.feature_arrays, pos.colours, pos.info, scratch, packed
        )
        out = unpack(packed)
        empty = np.flatnonzero(pos.colours == 0)
        if len(empty) > 1 and result.reason == "search":
            block = np.zeros((len(empty), 2 + FEATURES), np.int32)
            block[:, 0] = number
            block[:, 1 : 1 + FEATURES] = out[empty]
            block[:, -1] = empty == cell
            rows.append(block)
            number += 1
        game.play(Move(cell))
    return np.concatenate(rows) if rows else np.zeros((0, 2 + FEATURES), np.int32)


def command_play(args: argparse.Namespace) -> None:
    tasks = [
        (board, 1000 * i + j, args.playouts)
        for j in range(args.games)
        for i, board in enumerate(args.boards)
        if j % len(args.boards) == i
    ]
    started = time.perf_counter()
    parts = []
    offset = 0
    with Pool(args.jobs) as pool:
        for done, rows in enumerate(pool.imap_unordered(play, tasks), 1):
            if len(rows):
                rows[:, 0] += offset
                offset = int(rows[-1, 0]) + 1
                parts.append(rows)
            if done % 10 == 0:
                print(
                    f"{done}/{len(tasks)} games, {offset} positions "
                    f"({time.perf_counter() - started:.0f} s)",
                    flush=True,
                )
    data = np.concatenate(parts)
    np.savez_compressed(args.out, rows=data)
    print(f"wrote {args.out}: {offset} positions, {len(data)} cells", file=sys.stderr)


def weight_indices(rows: np.ndarray, classes: np.ndarray) -> list[np.ndarray]:
    """Each feature of each cell (a row of ``play``) as its index in the weights
    (kernels.W_*), a pattern by its class."""
    return [
        classes[rows[:, 1]],
        k.W_SHAPE + rows[:, 2],
        k.W_NEAR + rows[:, 3],
        k.W_DEPTH + rows[:, 4],
        k.W_CORNER + rows[:, 5],
    ]


def fit(rows: np.ndarray, iterations: int = 60) -> np.ndarray:
    """The log-weights of every feature value (kernels.W_*), fitted by MM."""
    classes = pattern_classes()
    contest = rows[:, 0]
    chosen = rows[:, -1] == 1
    groups = weight_indices(rows, classes)
    size = k.WEIGHTS
    gamma = np.ones(size)
    wins = np.zeros(size)
    for index in groups:
        wins += np.bincount(index[chosen], minlength=size)
    contests = int(contest.max()) + 1

    def strengths() -> tuple[np.ndarray, np.ndarray]:
        """Each cell's strength, and each contest's total."""
        strength = np.prod([gamma[index] for index in groups], axis=0)
        return strength, np.bincount(contest, strength, minlength=contests)

    for it in range(iterations):
        for index in groups:
            strength, total = strengths()
            share = strength / gamma[index] / total[contest]
            denominator = np.bincount(index, share, minlength=size)
            # a prior: one virtual win and one virtual loss against a strength of 1
            mine = np.unique(index)
            gamma[mine] = (wins[mine] + 1.0) / (denominator[mine] + 2.0 / (gamma[mine] + 1.0))
        if it % 10 == 9:
            strength, total = strengths()
            likelihood = np.mean(np.log(strength[chosen] / total))
            print(f"iteration {it + 1}: mean log-likelihood {likelihood:.4f}", flush=True)
    log = np.log(gamma)
    # every raw pattern takes the weight of its class
    weights = log.copy()
    weights[: k.PATTERNS + 1] = log[classes]
    return weights


COLUMNS = {"pattern": 1, "shape": 2, "near": 3, "depth": 4, "corner": 5}


def command_fit(args: argparse.Namespace) -> None:
    rows = np.load(args.data)["rows"]
    for name in args.without:
        # one value for every cell: a weight that every contestant shares, which fits to 1
        rows[:, COLUMNS[name]] = k.PATTERNS if name == "pattern" else 0
    contests = int(rows[:, 0].max()) + 1
    print(f"{contests} positions, {len(rows)} cells", flush=True)
    weights = fit(rows)
    # how often the strongest cell by the weights is the chosen one
    strength = np.sum([weights[i] for i in weight_indices(rows, pattern_classes())], axis=0)
    best = np.full(contests, -np.inf)
    np.maximum.at(best, rows[:, 0], strength)
    top = rows[strength == best[rows[:, 0]]]
    hit = np.zeros(contests, bool)
    hit[top[top[:, -1] == 1, 0]] = True
    print(f"the strongest cell is the chosen one in {100 * hit.mean():.1f}% of positions")
    out = Path(args.out)
    data = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "learned": {"positions": contests, "cells": len(rows), "data": os.path.basename(args.data)},
        "patterns": {
            str(i): round(float(weights[i]), 4) for i in range(k.PATTERNS + 1) if weights[i] != 0.0
        },
        "shape": [round(float(w), 4) for w in weights[k.W_SHAPE : k.W_NEAR]],
        "near": [round(float(w), 4) for w in weights[k.W_NEAR : k.W_DEPTH]],
        "depth": [round(float(w), 4) for w in weights[k.W_DEPTH : k.W_CORNER]],
        "corner": [round(float(w), 4) for w in weights[k.W_CORNER : k.WEIGHTS]],
    }
    tmp = out.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, out)
    print(f"wrote {out}", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--playouts", type=int, default=30_000)
    p.add_argument("--boards", nargs="+", default=["y:size=11", "y:size=13"])
    p.add_argument("--out", default="games.npz")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    f = sub.add_parser("fit")
    f.add_argument("data")
    f.add_argument("--out", default="resources/priors/y.json")
    f.add_argument("--without", nargs="*", default=[], choices=sorted(COLUMNS))
    args = parser.parse_args()
    if args.command == "play":
        command_play(args)
    else:
        command_fit(args)


if __name__ == "__main__":
    main()
