"""How many positions the search proves: positions of random games, each searched afresh as
the computer player searches (``SearchLimits(N)``) and as the analysis does (with must-play
regions: ``SearchLimits(N, must_play=True)``).

    python benchmarks/proofs.py [--size 9] [--positions 40] [--empty 25] [--playouts 20000 100000]

Prints, for each budget and kind of search, how many of the positions' results were proved,
how many of their listed candidates, and the playouts spent (a proved position stops its
search). Run with ``PYTHONPATH=`` another checkout to measure that version (one without
must-play regions measures the first kind only).
"""

from __future__ import annotations

import argparse
import random
import time

from ygui.ai.engine import Engine, SearchLimits
from ygui.core.game import Game
from ygui.core.variants import GameOptions


def positions(size: int, count: int, empty: int, seed: int) -> list[Game]:
    """Random games of Y ``size`` played on until ``empty`` empty cells are left (not over)."""
    rng = random.Random(seed)
    found: list[Game] = []
    while len(found) < count:
        game = Game(GameOptions(game="y", size=size, pie=False))
        while not game.is_over and game.empty_count() > empty:
            game.play(rng.choice(game.legal_moves()))
        if not game.is_over:
            found.append(game)
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--empty", type=int, default=25)
    parser.add_argument("--playouts", type=int, nargs="+", default=[20_000, 100_000])
    parser.add_argument("--seed", type=int, default=4)
    args = parser.parse_args()
    games = positions(args.size, args.positions, args.empty, args.seed)
    print(f"{len(games)} positions of Y {args.size} with {args.empty} empty cells")
    for playouts in args.playouts:
        for kind in ("play", "analysis"):
            if kind == "play":
                limits = SearchLimits(playouts)
            else:
                try:
                    limits = SearchLimits(playouts, must_play=True)
                except TypeError:  # (a version without must-play regions)
                    continue
            proved = candidates = spent = 0
            started = time.perf_counter()
            for game in games:
                result = Engine(seed=1).search(game, limits)
                proved += result.proved != 0
                candidates += sum(1 for c in result.candidates if c.proved)
                spent += result.playouts
            print(
                f"{playouts:>7} playouts, {kind:<8}: proved {proved}/{len(games)} positions, "
                f"{candidates} candidates; {spent:,} playouts, "
                f"{time.perf_counter() - started:.1f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
