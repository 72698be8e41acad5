"""``ygui self-check``: open the window, let the computer get ready, and play it one move.

Run by the bundle's check (scripts/bundle-check) and useful to anyone whose ygui misbehaves: it
goes through what a player's first minute goes through (the window, the engine's warm-up in its
own process, a search in the worker) and says in one line each what happened. Settings and
autosaves go to a temporary folder, so the user's own are never touched; the compiled engine
is cached where the window keeps it.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer
from PySide6.QtWidgets import QApplication


def _wait(condition: object, seconds: float) -> bool:
    assert callable(condition)
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            return False
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        time.sleep(0.01)
    return True


def run_check(seconds: float = 300.0) -> int:
    from ygui.settings import cache_dir

    # the compiled engine is the user's own cache (a warm one makes the check quick)
    os.environ.setdefault("NUMBA_CACHE_DIR", str(cache_dir() / "numba"))
    with tempfile.TemporaryDirectory(prefix="ygui-check-") as home:
        os.environ["YGUI_HOME"] = home
        return _check(seconds)


def _check(seconds: float) -> int:
    from ygui.core.game import Move
    from ygui.core.variants import GameOptions
    from ygui.session import Seat
    from ygui.settings import Settings
    from ygui.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    started = time.monotonic()
    window = MainWindow(Settings(), warm_up_engine=True)
    window.show()
    if not _wait(lambda: window.isVisible(), 10):
        print("self-check: the window did not open", file=sys.stderr)
        return 1
    print(f"self-check: window opened ({app.platformName()} platform)")
    computer = window.computer
    if not _wait(lambda: computer.ready, seconds):
        print(f"self-check: the engine was not ready after {seconds:.0f} s", file=sys.stderr)
        return 1
    if computer.warmup_code != 0:
        print(
            f"self-check: the engine warm-up failed (code {computer.warmup_code})", file=sys.stderr
        )
        return 1
    print(f"self-check: engine warm-up ended well after {time.monotonic() - started:.1f} s")
    # the engine's knowledge files are data a bundle can leave behind without a word
    from ygui.ai.book import books
    from ygui.ai.first_stones import models

    shelf, stones = books(), models()
    if not shelf or not stones:
        print("self-check: the opening books or first-stone models are missing", file=sys.stderr)
        return 1
    from ygui.core.wording import counted

    print(
        f"self-check: {counted(len(shelf), 'opening book')} and "
        f"{counted(len(stones), 'first-stone model')} loaded"
    )
    window.start_new_game(
        GameOptions(game="y", size=7),
        ("You", "Computer"),
        (Seat("You"), Seat("Computer", computer=True, level=3)),
    )
    session = window.session
    asked = time.monotonic()
    problem = session.play(Move(0))
    if problem:
        print(f"self-check: the first move was refused: {problem}", file=sys.stderr)
        return 1
    if not _wait(lambda: session.move_number >= 2, seconds):
        print("self-check: the computer did not answer", file=sys.stderr)
        return 1
    # (a move or the swap: the answer to a stone in the corner was now and then a swap, and
    # the check failed on it, in about one run of ten on a loaded machine)
    name = session.game.move_text(session.game.moves[-1])
    print(f"self-check: the computer answered {name} in {time.monotonic() - asked:.1f} s")
    session.dirty = False
    QTimer.singleShot(0, window.close)
    _wait(lambda: not window.isVisible(), 10)
    window.computer.shutdown()
    print("self-check: all well")
    return 0
