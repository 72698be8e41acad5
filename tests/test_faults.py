"""An exception nobody caught: logged to a bounded file, said in words, the game offered to be
saved, and the window still working."""

from __future__ import annotations

import sys

import pytest
from gui_helpers import make_window
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox

from ygui import faultlog
from ygui.ui import faults


def raised(text: str) -> tuple[type[BaseException], BaseException, object]:
    try:
        raise ValueError(text)
    except ValueError as exc:
        return type(exc), exc, exc.__traceback__


def test_the_log_holds_the_traceback_and_stays_bounded(monkeypatch) -> None:
    monkeypatch.setattr(faultlog, "MAX_LOG_BYTES", 2000)
    path = None
    for n in range(40):
        path = faultlog.log_exception(*raised(f"fault {n}"))  # type: ignore[arg-type]
    assert path is not None and path == faultlog.log_path()
    text = path.read_text()
    assert "ValueError: fault 39" in text and "Traceback" in text and "ygui 0." in text
    older = path.with_name("ygui.log.1")
    assert older.exists()
    assert path.stat().st_size < 4000 and older.stat().st_size < 4000


def test_a_log_that_cannot_be_written_is_no_second_fault(monkeypatch, tmp_path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setattr(faultlog, "log_dir", lambda: blocker / "log")
    assert faultlog.log_exception(*raised("x")) is None  # type: ignore[arg-type]
    assert "could not be written" in faults.FaultHandler.message(ValueError("x"), None)


@pytest.mark.qt_no_exception_capture
def test_a_slot_that_raises_is_told_and_the_game_can_be_saved(qtbot, answers, monkeypatch):
    window = make_window(qtbot, answers)
    told: list[str] = []

    def warning(parent, title, text, *args):
        told.append(text)
        return QMessageBox.StandardButton.Save

    monkeypatch.setattr(QMessageBox, "warning", warning)
    saved: list[bool] = []
    monkeypatch.setattr(window, "save", lambda: saved.append(True) or True)
    previous = sys.excepthook
    handler = faults.install(lambda: window)
    try:

        def broken() -> None:
            raise RuntimeError("a defect")

        QTimer.singleShot(0, broken)
        qtbot.waitUntil(lambda: bool(told), timeout=5000)
    finally:
        sys.excepthook = previous
    assert "RuntimeError: a defect" in told[0]
    assert str(faultlog.log_path()) in told[0]
    assert "RuntimeError: a defect" in faultlog.log_path().read_text()
    assert saved == [True]
    assert not handler.busy
    # the window goes on: a click still plays
    window.session.play(window.game.parse_move("a1"))
    assert window.session.move_number == 1


def test_a_fault_while_telling_of_a_fault_is_only_logged(monkeypatch) -> None:
    handler = faults.FaultHandler(lambda: None)
    handler.previous = lambda *a: None
    calls: list[str] = []

    def tell(text: str) -> None:
        calls.append(text)
        handler(*raised("inner"))  # type: ignore[arg-type]

    monkeypatch.setattr(handler, "tell", tell)
    handler(*raised("outer"))  # type: ignore[arg-type]
    assert len(calls) == 1
    assert "inner" in faultlog.log_path().read_text()
