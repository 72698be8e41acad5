"""Learn a model of a first stone's worth from its distances to the sides
(``ygui/ai/first_stones.py``), for a game whose boards are drawn anew (Mudcrack Y), or a board
no book knows (Y 13).

    python scripts/learn_first_stones.py play --games 2000 [--game mudcrack-y] [--cells 100]
        [--size N] [--corners C] [--level 7] [--first 0] [--jobs 2] [--out games.jsonl]
    python scripts/learn_first_stones.py fit games.jsonl [...] [--features one near middle]
        [--out resources/first_stones/mudcrack-y.json]

``play`` plays games of the engine against itself at ``--level`` without the pie rule, each on
a board of its own for Mudcrack Y (seed 10,000 + the game's number; ``--cells``), on the
game's board of ``--size`` (and Poly-Y's ``--corners``) for the others, from a first stone
drawn at random, and
adds a line for each to ``--out``: the board's options, the stone and whether its player won
(a run can be stopped and resumed with ``--first``). ``fit`` finds the weights of the features
by logistic regression (Newton's method, a small ridge), says how well they predict the last
quarter of the games when learned on the first three quarters (mean log-likelihood, against the
mean win rate alone), and writes the weights learned on all of them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np
from build_book import play_out

from ygui.ai.first_stones import FEATURES, StoneModel, features
from ygui.core.game import Game
from ygui.core.variants import GameOptions

SEEDS = 10_000  # the first board's seed (the engine's own games, apart from the matches')
RIDGE = 1e-3
DEFAULT_FEATURES = ("one", "near", "middle", "near^2", "near*middle", "middle^2")


Job = tuple[str, tuple[str, ...], int, int, int]  # play_out's: game, options, cell, level, seed
# task's: game, cells, size, corners, level, number
Numbered = tuple[str, int, int | None, int | None, int, int]


def task(
    game: str, cells: int, size: int | None, corners: int | None, level: int, number: int
) -> Job:
    if game == "mudcrack-y":  # a board drawn for each game
        keys: tuple[str, ...] = (f"cells={cells}", f"seed={SEEDS + number}")
    else:
        keys = () if size is None else (f"size={size}",)
        keys += () if corners is None else (f"corners={corners}",)
    count = GameOptions.from_keys(game, [*keys, "pie=off"]).board().size  # (its cells)
    cell = random.Random(number).randrange(count)
    return game, keys, cell, level, number + 1


def command_play(args: argparse.Namespace) -> None:
    numbers = range(args.first, args.first + args.games)
    jobs = [(args.game, args.cells, args.size, args.corners, args.level, n) for n in numbers]
    started = time.perf_counter()
    with Pool(args.jobs) as pool, open(args.out, "a", encoding="utf-8") as out:
        for done, (job, won) in enumerate(pool.imap_unordered(_played, jobs), 1):
            game, board, cell, level, _ = job
            row = {"game": game, "keys": list(board), "cell": cell, "won": won, "level": level}
            out.write(json.dumps(row) + "\n")
            out.flush()
            if done % 50 == 0:
                print(f"  {done}/{len(jobs)} ({time.perf_counter() - started:.0f} s)", flush=True)


def _played(numbered: Numbered) -> tuple[Job, bool]:
    """One game, its board drawn in the worker (once: the game's own use of it is cached)."""
    job = task(*numbered)
    _, won = play_out(job)
    return job, won


def rows_of(paths: list[str]) -> list[dict[str, object]]:
    rows = []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                rows.append(json.loads(line))
    return rows


def design(rows: list[dict[str, object]], names: tuple[str, ...]) -> tuple[np.ndarray, list[int]]:
    """Each game's first stone's features, and each game's board's cell count (a board's
    features are worked out once)."""
    boards: dict[tuple[str, ...], np.ndarray] = {}
    out = []
    for row in rows:
        key = (str(row["game"]), *(str(k) for k in row["keys"]))  # type: ignore[attr-defined]
        if key not in boards:
            game = Game(GameOptions.from_keys(key[0], [*key[1:], "pie=off"]))
            boards[key] = features(game.geometry, names, game.rule)
        out.append(boards[key][int(row["cell"])])  # type: ignore[call-overload]
    return np.array(out), [len(boards[key]) for key in boards]


def fit(x: np.ndarray, y: np.ndarray, ridge: float = RIDGE) -> np.ndarray:
    """Logistic regression's weights by Newton's method (a ridge keeps it from diverging)."""
    w = np.zeros(x.shape[1])
    for _ in range(60):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        gradient = x.T @ (y - p) - ridge * w
        hessian = -(x.T * (p * (1 - p))) @ x - ridge * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def likelihood(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1.0 / (1.0 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def command_fit(args: argparse.Namespace) -> None:
    rows = rows_of(args.games)
    names = tuple(args.features)
    unknown = [n for n in names if n not in FEATURES]
    if unknown:
        sys.exit(f"unknown features {unknown}; known: {', '.join(FEATURES)}")
    levels = {int(r["level"]) for r in rows}  # type: ignore[call-overload]
    games = {str(r["game"]) for r in rows}
    if len(levels) != 1 or len(games) != 1:
        sys.exit("the games must be of one game and one level")
    boards = {(str(r["game"]), *(str(k) for k in r["keys"])) for r in rows}  # type: ignore[attr-defined]
    corners = {GameOptions.from_keys(b[0], [*b[1:], "pie=off"]).corners for b in boards}
    if len(corners) > 1:
        sys.exit("the games must be of one number of corners")
    x, sizes = design(rows, names)
    y = np.array([bool(r["won"]) for r in rows], dtype=np.float64)
    cut = len(rows) * 3 // 4
    w = fit(x[:cut], y[:cut])
    rate = float(y[:cut].mean())
    alone = np.zeros(len(names))
    alone[names.index("one")] = np.log(rate / (1 - rate)) if "one" in names else 0.0
    print(
        f"{len(rows)} games, the first stone's player won {y.mean():.3f}; on the last quarter, "
        f"learned on the rest: {likelihood(x[cut:], y[cut:], w):.4f} a game "
        f"(the win rate alone {likelihood(x[cut:], y[cut:], alone):.4f})"
    )
    w = fit(x, y)
    model = StoneModel(
        next(iter(games)),
        names,
        tuple(float(v) for v in w),
        (min(sizes), max(sizes)),
        next(iter(levels)),
        len(rows),
        corners=next(iter(corners)),
    )
    print("weights: " + ", ".join(f"{n} {v:+.3f}" for n, v in zip(names, w, strict=True)))
    Path(args.out).write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
    print(f"written to {args.out}")


def main() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--game", default="mudcrack-y")
    p.add_argument("--cells", type=int, default=100, help="Mudcrack Y's boards' cells")
    p.add_argument("--size", type=int, help="the other games' board (their default)")
    p.add_argument("--corners", type=int, help="Poly-Y's corners (its default, 5)")
    p.add_argument("--level", type=int, default=7)
    p.add_argument("--first", type=int, default=0, help="number of the first game (0)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--out", default="first-stones.jsonl")
    f = sub.add_parser("fit")
    f.add_argument("games", nargs="+")
    f.add_argument("--features", nargs="+", default=list(DEFAULT_FEATURES))
    f.add_argument("--out", default="resources/first_stones/mudcrack-y.json")
    args = parser.parse_args()
    if args.command == "play":
        command_play(args)
    else:
        command_fit(args)


if __name__ == "__main__":
    main()
