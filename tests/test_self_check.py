"""``ygui self-check`` and ``ygui warmup``: what a bundle runs, run here from the checkout."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, "-m", "ygui", *args], env=env, capture_output=True, text=True, timeout=280
    )


def test_self_check_opens_the_window_and_the_computer_answers(tmp_path) -> None:
    done = run("self-check")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "self-check: window opened (offscreen platform)"
    assert lines[1].startswith("self-check: engine warm-up ended well")
    # the knowledge files are there (a bundle could leave them behind)
    assert lines[2].startswith("self-check: ")
    models = len(list((Path(__file__).parents[1] / "resources" / "first_stones").glob("*.json")))
    assert models >= 2  # Mudcrack Y's, Y 13's
    assert lines[2].endswith(f" opening books and {models} first-stone models loaded")
    assert lines[3].startswith("self-check: the computer answered ")
    assert lines[-1] == "self-check: all well"
    # its settings and autosaves went to a folder of its own, now gone
    assert not (tmp_path / "home").exists()


def test_warmup_is_a_command_of_its_own() -> None:
    """In a bundle the window's warm-up process is ``ygui warmup``: there is no ``-m``."""
    done = run("warmup")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("engine ready in ")


def bundled_window(qtbot, tmp_path, monkeypatch, script: str):
    """A window that believes it runs in a bundle whose executable is ``script``."""
    from ygui.settings import Settings
    from ygui.ui.main_window import MainWindow

    program = tmp_path / "ygui"
    program.write_text("#!/bin/sh\n" + script)
    program.chmod(0o755)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(program))
    window = MainWindow(Settings(), warm_up_engine=True)
    qtbot.addWidget(window)
    return window


def test_the_window_warms_up_through_the_bundles_own_command(qtbot, tmp_path, monkeypatch):
    """A bundle's sys.executable is ygui itself: the window must run ``ygui warmup``, and the
    status must say the computer is ready, not that its preparation failed."""
    seen = tmp_path / "args"
    script = f'echo "$@" > {seen}\nexec {sys.executable} -m ygui "$@"\n'
    window = bundled_window(qtbot, tmp_path, monkeypatch, script)
    qtbot.waitUntil(lambda: window.computer.ready, timeout=240_000)
    assert seen.read_text().strip() == "warmup"
    assert window.computer.warmup_code == 0
    assert window.statusBar().currentMessage().startswith("The engine is ready")
    window.computer.shutdown()


def test_closing_while_the_engine_compiles_ends_the_warm_up(qtbot, tmp_path, monkeypatch):
    """The window closes at once and leaves no warm-up process behind."""
    pid_file = tmp_path / "pid"
    window = bundled_window(qtbot, tmp_path, monkeypatch, f"echo $$ > {pid_file}\nexec sleep 120\n")
    window.show()
    qtbot.waitUntil(pid_file.exists, timeout=10_000)
    qtbot.waitUntil(lambda: pid_file.read_text().strip() != "", timeout=10_000)
    pid = int(pid_file.read_text())
    assert not window.computer.ready
    assert window.close()
    assert window.computer.warmup is None
    with pytest.raises(ProcessLookupError):
        for _ in range(100):
            os.kill(pid, 0)  # still there?
            time.sleep(0.05)


def test_a_long_warm_up_says_the_seconds_it_has_taken(qtbot, tmp_path, monkeypatch):
    """Tester 36's first start on a busy machine said the same words for a minute and more:
    the status bar counts the seconds, and with the computer to move says it waits for it.
    Another message meanwhile is left alone."""
    from ygui.core.variants import GameOptions
    from ygui.session import Seat

    window = bundled_window(qtbot, tmp_path, monkeypatch, "exec sleep 120\n")
    window.show()
    computer = window.computer
    status = window.statusBar().currentMessage
    assert status().startswith("Preparing the engine of the computer player, hints and analysis")
    computer._warm_started -= 12  # (twelve seconds on)
    qtbot.waitUntil(
        lambda: re.search(r", 1[2-5] s so far \(about a minute", status()), timeout=3000
    )
    seats = (Seat("Bot", computer=True, level=3), Seat("Ann"))
    window.start_new_game(GameOptions(game="y", size=5).validated(), ("Bot", "Ann"), seats)
    qtbot.waitUntil(lambda: status().startswith("Waiting for the computer player: "), timeout=3000)
    assert "s so far" in status()
    window.statusBar().showMessage("something else")
    qtbot.wait(1500)
    assert status() == "something else"
    window.session.dirty = False
    assert window.close()
