"""What the analysis shows of the moves after its first choice, with and without its wide search.

    python benchmarks/wide_analysis.py [--playouts 1000000] [--seeds 2]

For a few positions, searches each with play's search (``wide`` 0: nearly every playout goes
to the first choice) and with the analysis's (``SearchLimits.wide``, ``ANALYSIS_WIDE``: every
other playout to the least searched of the best-scored few), from several seeds, and prints the
six most searched moves with their playouts and win rates, then how many of the first four
moves by rate the seeds agree on. The rates of moves searched a few hundred times are far below
what those moves are worth, which is what the wide search is for.
"""

from __future__ import annotations

import argparse
import time

from ygui.ai.engine import Engine, SearchLimits
from ygui.core.game import Game, Move
from ygui.core.variants import GameOptions

POSITIONS = (
    ("y", 11, "f4 e3 g5 h6"),
    ("y", 11, "f6 e4"),
    ("poly-y", 5, ""),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=1_000_000)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--wide", type=int, default=5, help="the wide search's moves")
    args = parser.parse_args()
    for name, size, moves in POSITIONS:
        game = Game(GameOptions(game=name, size=size))
        labels = game.geometry.labels
        for label in moves.split():
            game.play(Move(game.geometry.cell(label)))
        print(f"{name} {size}, after {moves or 'no stone'}:")
        for wide in (0, args.wide):
            tops = []
            for seed in range(1, args.seeds + 1):
                started = time.perf_counter()
                limits = SearchLimits(args.playouts, seed=seed, judge=True, wide=wide)
                result = Engine(seed=seed).search(game, limits)
                took = time.perf_counter() - started
                shown = "  ".join(
                    f"{'swap' if c.move.cell is None else labels[c.move.cell]} "
                    f"{c.visits:,} {c.win_rate:.2f}"
                    for c in result.candidates[:6]
                )
                print(f"  wide {wide}, seed {seed} ({took:.1f} s): {shown}")
                by_rate = sorted(result.candidates, key=lambda c: -c.win_rate)[:4]
                tops.append({c.move for c in by_rate})
            agreed = set.intersection(*tops)
            print(f"  wide {wide}: the seeds agree on {len(agreed)} of the first 4 by rate")


if __name__ == "__main__":
    main()
