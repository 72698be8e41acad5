"""``python -m ygui.ai.warmup``: compile the engine's kernels into the on-disk cache.

The window runs this in a separate process on start-up: compiling holds Python's global lock
for several seconds, which would freeze a window doing it in a thread. When the cache is
already filled this only loads it and exits.
"""

from __future__ import annotations

import sys
import time

from ygui.ai.engine import Engine, SearchLimits
from ygui.ai.solver import Solver
from ygui.core.game import Game
from ygui.core.variants import GameOptions

# one board of each rule kind (all share the kernels' argument types)
BOARDS = (("y", 4), ("poly-y", 4), ("hexagonal-y", 3))


def main() -> int:
    started = time.perf_counter()
    for name, size in BOARDS:
        Engine(seed=1).search(Game(GameOptions(game=name, size=size)), SearchLimits(playouts=20))
    Solver(table_bits=10).solve(Game(GameOptions(game="y", size=4)), nodes=100)  # the solver
    print(f"engine ready in {time.perf_counter() - started:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
