"""Simulations per second: ours (search and bare playouts) and open_spiel's C++ MCTSBot.

    python benchmarks/engine_speed.py [--seconds 3]

Prints one row per board and, for Y 11 and Y 19, the ratio to open_spiel's MCTSBot with
random rollouts measured in the same run, on one core. Targets (issue 4): at least 5x at
size 11 and 8x at size 19. On a shared machine the speed of both drifts from minute to
minute, so for those two boards ours and open_spiel's are measured in turn ``--repeat``
times and the best of each is kept. A last line gives the scaling on both cores: two trees
searched at once (root parallel, the default), and two threads in one tree (``shared``).

The search is measured as the window runs it: compiled in a separate process into the on-disk
cache (``python -m ygui.ai.warmup``), then loaded from there. Code compiled in the measuring
process itself can run at another speed than the same code loaded from the cache: one version
of the kernels ran about 410,000 simulations a second on Y 11 just after compiling and about
315,000 loaded from the cache, every time (the shipped kernels run alike either way).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

import numpy as np

from ygui.ai import kernels as k
from ygui.ai.engine import Engine, SearchLimits
from ygui.ai.tables import board_tables, params_of, position_of
from ygui.core.game import Game
from ygui.core.variants import VARIANTS, GameOptions


def ours(game: Game, seconds: float, threads: int = 1, shared: bool = False) -> float:
    engine = Engine(seed=1, threads=threads, shared=shared)
    engine.search(game, SearchLimits(playouts=300))  # compile or load, warm up
    budget = 2000
    while True:
        engine.reset()
        started = time.perf_counter()
        result = engine.search(game, SearchLimits(playouts=budget))
        elapsed = time.perf_counter() - started
        if elapsed > seconds or budget > 5_000_000:
            return result.playouts / elapsed
        budget *= 2


def bare(game: Game, seconds: float) -> float:
    tables = board_tables(game)
    params = params_of(game, tables)
    pos = position_of(game, tables, params)
    rng = np.array([12345], np.uint64)
    args = (*tables.arrays, params, *tables.playout_arrays, *pos.arrays[:5], pos.info)
    k.bare_playouts(*args, 10, rng)
    count = 1000
    while True:
        started = time.perf_counter()
        k.bare_playouts(*args, count, rng)
        elapsed = time.perf_counter() - started
        if elapsed > seconds:
            return count / elapsed
        count *= 2


def open_spiel(size: int, seconds: float) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("y", {"board_size": size})
    sims = 500
    while True:
        bot = pyspiel.MCTSBot(
            game, pyspiel.RandomRolloutEvaluator(1, 1), 1.4, sims, 2000, False, 1, False
        )
        started = time.perf_counter()
        bot.step(game.new_initial_state())
        elapsed = time.perf_counter() - started
        if elapsed > seconds:
            return sims / elapsed
        sims *= 2


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    # fill the on-disk cache in another process, so that this one loads the search from it
    subprocess.run([sys.executable, "-m", "ygui.ai.warmup"], check=True)
    print(
        f"{'board':32} {'search sims/s':>14} {'bare playouts/s':>16} {'open_spiel':>11} "
        f"{'ratio':>6}"
    )
    rows = [("y", 11), ("y", 19)] + [(name, None) for name in VARIANTS if name != "y"]
    for name, size in rows:
        options = GameOptions(game=name, size=size, pie=False).validated()
        game = Game(options)
        search = ours(game, args.seconds)
        playouts = bare(game, args.seconds)
        reference = open_spiel(size, args.seconds) if name == "y" and size else None
        if reference is not None and size:
            for _ in range(args.repeat - 1):  # in turn, the best of each
                search = max(search, ours(game, args.seconds))
                reference = max(reference, open_spiel(size, args.seconds) or 0.0)
        ratio = f"{search / reference:6.1f}" if reference else ""
        ref = f"{reference:11.0f}" if reference else ""
        label = options.describe()
        print(f"{label:32.32} {search:14.0f} {playouts:16.0f} {ref:>11} {ratio:>6}", flush=True)
    # both cores: two trees searched at once (root parallel), and one tree shared
    game = Game(GameOptions(game="y", size=11, pie=False).validated())
    one = ours(game, args.seconds)
    two = ours(game, args.seconds, threads=2)
    shared = ours(game, args.seconds, threads=2, shared=True)
    print(
        f"Y 11 with 2 threads: {two:.0f} sims/s, {two / one:.2f}x one thread ({one:.0f}); "
        f"sharing one tree {shared:.0f}, {shared / one:.2f}x"
    )


if __name__ == "__main__":
    main()
