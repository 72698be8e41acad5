"""How fast the window answers a player who interrupts the computer's thinking.

    python benchmarks/responsiveness.py [--tries 20] [--seed 1]

In the window (offscreen), the computer thinks at level 10 on Y 12 (no pie rule, so no
opening book) for White after Black's first stone; at a random moment (0.1 to 1.2 s into the
search) the player does one of: undo; undo then a new move (the computer thinks again at level
10); a new game in which the computer moves first (level 5, Y 9); another game (Hexagonal Y,
level 5, computer first); turning analysis on; "move now". Hint interrupts an analysis
search instead (a hint is not offered while the computer thinks for a move).

For each it reports, over the tries, the longest of:
- **stop**: from the action to the end of the abandoned search (the worker free again);
- **start**: from the action to the start of the search the new state asks for;
- **answer**: from the action to the move on the board or the hint shown, against the time
  of that level (its budget) plus 0.3 s, the target.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("YGUI_HOME", "/tmp/ygui-responsiveness")

from PySide6.QtWidgets import QApplication  # noqa: E402

from ygui.ai import warmup  # noqa: E402
from ygui.ai.engine import LEVEL_SECONDS  # noqa: E402
from ygui.core.game import BLACK, WHITE, Move  # noqa: E402
from ygui.core.variants import GameOptions  # noqa: E402
from ygui.session import Seat  # noqa: E402
from ygui.settings import Settings  # noqa: E402
from ygui.ui.computer import HINT_LEVEL  # noqa: E402
from ygui.ui.main_window import MainWindow  # noqa: E402

TARGET_SLACK = 0.3


def start(window: MainWindow, game: str, colour: int, level: int, **kw: object) -> None:
    seats = [Seat("Ann"), Seat("Bo")]
    seats[colour - 1] = Seat("Bot", computer=True, level=level)
    options = GameOptions(game=game, pie=False, **kw).validated()  # type: ignore[arg-type]
    window.start_new_game(options, ("Ann", "Bo"), (seats[0], seats[1]))


def wait(app: QApplication, condition: Callable[[], bool], limit: float = 120.0) -> float:
    """Run the event loop until ``condition``; the moment it held (perf_counter)."""
    deadline = time.perf_counter() + limit
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError("the window did not answer")
        app.processEvents()
        time.sleep(0.001)
    return time.perf_counter()


class Bench:
    def __init__(self, app: QApplication, rng: random.Random) -> None:
        self.app = app
        self.rng = rng
        self.window = MainWindow(Settings(), warm_up_engine=False)
        self.window.inform = lambda title, text: None  # type: ignore[method-assign]
        self.runner = self.window.computer.runner

    def think_hard(self) -> int:
        w = self.window
        start(w, "y", WHITE, 10, size=12)
        w.session.play(Move(w.game.geometry.cell("f6")))
        ident = self.runner.current.ident if self.runner.current else -1
        wait(self.app, lambda: ("start", ident, 0) in self.runner.journal)
        pause = time.perf_counter() + self.rng.uniform(0.1, 1.2)
        wait(self.app, lambda: time.perf_counter() >= pause)
        return ident

    def analyse_hard(self) -> int:
        w = self.window
        start(w, "y", WHITE, 10, size=12)
        w.session.seats[WHITE - 1] = Seat("Bo")  # humans only: analysis runs
        w.computer.analyse_box.setChecked(True)
        w.computer.after_change()
        ident = self.runner.current.ident if self.runner.current else -1
        wait(self.app, lambda: ("start", ident, 0) in self.runner.journal)
        pause = time.perf_counter() + self.rng.uniform(0.1, 1.2)
        wait(self.app, lambda: time.perf_counter() >= pause)
        return ident

    def measure(
        self, old: int, act: Callable[[], None], answered: Callable[[], bool] | None
    ) -> tuple[float, float | None, float | None]:
        """(stop, start, answer) seconds after ``act``; start and answer None if not asked."""
        began = time.perf_counter()
        act()
        new = self.runner.current.ident if self.runner.current else None
        journal = self.runner.journal
        stopped = wait(self.app, lambda: any(e[0] == "end" and e[1] == old for e in journal))
        started = None
        if new is not None and new != old:
            started = wait(self.app, lambda: ("start", new, 0) in journal)
        done = wait(self.app, answered) if answered is not None else None
        return (
            stopped - began,
            None if started is None else started - began,
            None if done is None else done - began,
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tries", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warmup.main()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    bench = Bench(app, random.Random(args.seed))
    w = bench.window
    w.computer.ready = True

    def moves() -> int:
        return len(w.game.moves)

    def undo() -> None:
        w.act_undo.trigger()

    def undo_then_move() -> None:
        w.act_undo.trigger()
        w.session.play(Move(w.game.geometry.cell("e5")))

    def hint_shown() -> bool:
        return w.computer.hint_cell is not None

    cases: list[tuple[str, Callable[[], int], Callable[[], None], Callable[[], bool] | None, int]]
    cases = [
        ("undo", bench.think_hard, undo, None, 0),
        ("undo then move", bench.think_hard, undo_then_move, lambda: moves() == 2, 10),
        (
            "new game",
            bench.think_hard,
            lambda: start(w, "y", BLACK, 5, size=9),
            lambda: moves() == 1,
            5,
        ),
        (
            "another game",
            bench.think_hard,
            lambda: start(w, "hexagonal-y", BLACK, 5),
            lambda: moves() == 1,
            5,
        ),
        (
            "analysis on",
            bench.think_hard,
            lambda: w.computer.analyse_box.setChecked(True),
            lambda: moves() == 2,
            10,
        ),
        ("move now", bench.think_hard, w.computer.move_now, lambda: moves() == 2, 0),
        ("hint (during analysis)", bench.analyse_hard, w.computer.hint, hint_shown, HINT_LEVEL),
    ]
    print(f"{args.tries} interruptions each of a level-10 think on Y 12 (one search thread)")
    print(f"{'action':24} {'stop s':>7} {'start s':>8} {'answer s':>9} {'target s':>9}  met")
    for name, prepare, act, answered, level in cases:
        worst = [0.0, 0.0, 0.0]
        for _ in range(args.tries):
            old = prepare()
            stop, begin, answer = bench.measure(old, act, answered)
            worst[0] = max(worst[0], stop)
            worst[1] = max(worst[1], begin or 0.0)
            worst[2] = max(worst[2], answer or 0.0)
            w.computer.analyse_box.setChecked(False)
            bench.runner.cancel()
        target = (LEVEL_SECONDS[level] if level else 0.0) + TARGET_SLACK
        met = "yes" if max(worst[2], worst[0]) <= target else "NO"
        print(
            f"{name:24} {worst[0]:7.3f} {worst[1]:8.3f} {worst[2]:9.3f} {target:9.1f}  {met}",
            flush=True,
        )
    w.session.dirty = False
    w.close()


if __name__ == "__main__":
    main()
