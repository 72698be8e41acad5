"""The window's event loop while the engine thinks at the strongest level.

    python benchmarks/ui_latency.py [--seconds 6]

A 10 ms timer runs on the main thread while the AiRunner searches Y 11 at level 10 in its
worker; the largest lateness of that timer is the longest the window could not respond.
Also measures how long a cancel takes to end the search (until the worker's finished signal).
Target (issue 4): lateness under 50 ms.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QElapsedTimer, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from ygui.ai.engine import Engine, SearchLimits  # noqa: E402
from ygui.core.game import Game  # noqa: E402
from ygui.core.variants import GameOptions  # noqa: E402
from ygui.ui.ai_runner import AiRunner  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=6.0)
    args = parser.parse_args()
    app = QApplication([])
    game = Game(GameOptions(game="y", size=11, pie=False).validated())
    Engine().search(game, SearchLimits(playouts=100))  # load the compiled kernels first
    runner = AiRunner()
    lateness: list[float] = []
    clock = QElapsedTimer()
    timer = QTimer()
    timer.setInterval(10)
    last = [0.0]

    def tick() -> None:
        now = clock.nsecsElapsed() / 1e6
        if last[0]:
            lateness.append(now - last[0] - 10.0)
        last[0] = now

    timer.timeout.connect(tick)
    finished_at: list[float] = []
    runner._worker.finished.connect(lambda *_: finished_at.append(time.perf_counter()))
    clock.start()
    timer.start()
    runner.start(game, SearchLimits(playouts=50_000_000), lambda *_: None)  # level 10 and beyond
    end = time.perf_counter() + args.seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.001)
    cancelled = time.perf_counter()
    runner.cancel()
    while not finished_at and time.perf_counter() - cancelled < 10:
        app.processEvents()
        time.sleep(0.0005)
    timer.stop()
    runner.shutdown()
    lateness.sort()
    print(f"timer ticks: {len(lateness)} over {args.seconds:.0f} s while searching")
    print(
        f"largest lateness: {max(lateness):.1f} ms (target < 50 ms); "
        f"99th percentile {lateness[int(0.99 * len(lateness))]:.1f} ms"
    )
    if finished_at:
        print(
            f"cancel to the worker's finished signal: {1000 * (finished_at[0] - cancelled):.1f} ms"
        )


if __name__ == "__main__":
    main()
