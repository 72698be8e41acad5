"""Memory over long sessions: does anything grow game after game?

    python benchmarks/long_sessions.py [--gtp-games 100] [--window-games 20]

1. ``ygui gtp`` (one process, one thread) plays games against itself: Y 9 with the pie rule,
   10,000 playouts a move, every game started with ``clear_board`` in the same process. Its
   resident memory (VmRSS from /proc) is printed after the first game and after games 10, 50
   and 100.
2. The window (offscreen, in this process) plays games with the computer in both seats, level 3,
   alternating Y 9 and Hexagonal Y 5 (with the pie rule), each started as Game -> New game does;
   resident memory is printed after games 1, 5, 10 and 20.

"Flat" means: after the first games have filled the caches (the compiled engine, Qt's), later
figures stay within a few MB of each other. Linux only (it reads /proc).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("YGUI_HOME", "/tmp/ygui-long-sessions")


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


class Gtp:
    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ygui", "gtp", "--threads", "1"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, command: str) -> str:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while (line := self.process.stdout.readline()) != "\n":
            if not line:
                raise RuntimeError(f"the engine ended at {command!r}")
            lines.append(line)
        reply = "".join(lines)
        if not reply.startswith("="):
            raise RuntimeError(f"{command!r}: {reply}")
        return reply[1:].strip()


def gtp_session(games: int, marks: set[int]) -> list[tuple[int, float]]:
    gtp = Gtp()
    gtp.ask("ygui-variant y size=9 pie=on")
    gtp.ask("ygui-playouts 10000")
    rows = []
    for number in range(1, games + 1):
        gtp.ask("clear_board")
        colour = "b"
        while gtp.ask("ygui-winner") == "none":
            gtp.ask(f"genmove {colour}")
            colour = "w" if colour == "b" else "b"
        if number in marks or number == 1:
            rows.append((number, rss_mb(gtp.process.pid)))
            print(f"  gtp: after game {number}: {rows[-1][1]:.0f} MB", flush=True)
    gtp.ask("quit")
    gtp.process.wait(30)
    return rows


def window_session(games: int, marks: set[int]) -> list[tuple[int, float]]:
    from PySide6.QtCore import QCoreApplication, QEventLoop
    from PySide6.QtWidgets import QApplication

    from ygui.core.variants import GameOptions
    from ygui.session import Seat
    from ygui.settings import Settings
    from ygui.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow(Settings(), warm_up_engine=False)
    window.computer.ready = True
    window.show()
    rows = []
    for number in range(1, games + 1):
        options = (
            GameOptions(game="y", size=9) if number % 2 else GameOptions(game="hexagonal-y", size=5)
        )
        seats = (Seat("A", computer=True, level=3), Seat("B", computer=True, level=3))
        window.start_new_game(options.validated(), ("A", "B"), seats)
        while not window.session.game.is_over:
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
            time.sleep(0.005)
        window.session.dirty = False
        if number in marks or number == 1:
            rows.append((number, rss_mb(os.getpid())))
            print(f"  window: after game {number}: {rows[-1][1]:.0f} MB", flush=True)
    window.computer.shutdown()
    window.close()
    del app
    return rows


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--gtp-games", type=int, default=100)
    parser.add_argument("--window-games", type=int, default=20)
    args = parser.parse_args()
    started = time.perf_counter()
    gtp = gtp_session(args.gtp_games, {10, 50, 100, args.gtp_games})
    window = window_session(args.window_games, {5, 10, 20, args.window_games})
    print(f"\nresident memory (MB), {time.perf_counter() - started:.0f} s in all")
    print("| session | " + " | ".join(f"after {n}" for n, _ in gtp) + " |")
    print("| `ygui gtp`, self-play Y 9 | " + " | ".join(f"{m:.0f}" for _, m in gtp) + " |")
    print("| session | " + " | ".join(f"after {n}" for n, _ in window) + " |")
    print("| window, computer both seats | " + " | ".join(f"{m:.0f}" for _, m in window) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
