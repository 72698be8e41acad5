"""How long each level thinks for a move, on every game's default board, as the window plays.

    python benchmarks/level_times.py [--levels 1-10] [--positions 4] [--threads N] [--games y,...]

For each game's default board (pie rule as the game has it by default) and each level, the
engine searches ``--positions`` positions of a random game (after 2, then about a sixth, a
third and a half of the cells are filled), each with a fresh engine (no tree kept from an
earlier move: the slowest case), with as many threads as the window gives its engine on this
machine (``window_threads``: every core but one) unless ``--threads`` says otherwise. Prints
the median and the longest time a move took, and the playouts searched; moves the opening
book or a forced win or block answered are counted with their (short) time, as a player
waits for them too.

The figures are for the machine it runs on: name it beside them (the README does).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import subprocess
import sys
import time

from ygui.ai.engine import LEVEL_SECONDS, Engine, SearchLimits, cores, window_threads
from ygui.core.game import Game, Move
from ygui.core.variants import VARIANTS, GameOptions


def positions(game_name: str, count: int, seed: int, empty: list[int] | None = None) -> list[Game]:
    """``count`` positions of one random game on the default board, none of them over; or,
    with ``empty``, the positions of one game with those numbers of empty cells (late
    positions, where from level 6 the engine first tries to solve the position)."""
    rng = random.Random(seed)
    while True:
        found = _positions(game_name, count, rng, empty)
        if len(found) == (count if empty is None else len(empty)):
            return found


def _positions(
    game_name: str, count: int, rng: random.Random, empty: list[int] | None
) -> list[Game]:
    game = Game(GameOptions(game=game_name).validated())
    cells = game.geometry.size
    if empty is None:
        stops = [2, cells // 6, cells // 3, cells // 2][:count]
    else:
        stops = [cells - e for e in empty]
    found: list[Game] = []
    moves = 0
    while len(found) < len(stops) and not game.is_over:
        filled = moves if empty is None else cells - game.empty_count()
        if filled in stops and not any(g.empty_count() == game.empty_count() for g in found):
            found.append(game.copy())
        legal = [m for m in game.legal_moves() if not m.is_swap]
        rng.shuffle(legal)
        if empty is not None:  # keep the game going: a move that does not end it, if any
            legal.sort(key=lambda m: _ends(game, m))
        game.play(legal[0])
        moves += 1
    return found


def _ends(game: Game, move: Move) -> bool:
    child = game.copy()
    child.play(move)
    return child.is_over


def parse_levels(text: str) -> list[int]:
    if "-" in text:
        low, high = text.split("-")
        return list(range(int(low), int(high) + 1))
    return [int(x) for x in text.split(",")]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--levels", default="1-10")
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--games", default=",".join(VARIANTS))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--empty",
        default=None,
        help="late positions instead: these numbers of empty cells, e.g. 24,20,16",
    )
    args = parser.parse_args()
    threads = args.threads or window_threads()
    subprocess.run([sys.executable, "-m", "ygui.ai.warmup"], check=True)
    print(
        f"{platform.processor() or platform.machine()}, {cores()} cores, Python "
        f"{platform.python_version()}; {threads} search thread(s); fresh engine per move"
    )
    columns = ("median s", "longest s", "budget s", "playouts", "proved")
    print(f"{'board':34} {'level':>5} " + " ".join(f"{c:>9}" for c in columns))
    for name in args.games.split(","):
        empty = None if args.empty is None else [int(x) for x in args.empty.split(",")]
        games = positions(name, args.positions, args.seed, empty)
        label = games[0].options.describe()
        for level in parse_levels(args.levels):
            times, playouts, proved = [], [], 0
            for game in games:
                engine = Engine(seed=1, threads=threads)
                limits = SearchLimits.level(level, seed=len(game.moves) + 1)
                started = time.perf_counter()
                result = engine.search(game, limits)
                times.append(time.perf_counter() - started)
                playouts.append(result.playouts)
                proved += result.reason == "proved"
            print(
                f"{label:34.34} {level:5} {statistics.median(times):9.2f} {max(times):10.2f} "
                f"{LEVEL_SECONDS[level]:9.1f} {int(statistics.median(playouts)):9d} "
                f"{proved:6d}/{len(games)}",
                flush=True,
            )


if __name__ == "__main__":
    main()
