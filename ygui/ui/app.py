"""Start the window: ``ygui`` and ``ygui FILE``."""

from __future__ import annotations

import sys
import weakref
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from ygui.settings import Settings
from ygui.ui.faults import install as install_fault_handler
from ygui.ui.main_window import MainWindow, schedule_recovery
from ygui.ui.theme import THEMES, apply_palette, resource_icon


def _main_window_in_front(default: MainWindow | None) -> MainWindow | None:
    """The window the user is working in (a dialog's own window), for a fault to offer its
    game to be saved."""
    widget = QApplication.activeWindow()
    while widget is not None and not isinstance(widget, MainWindow):
        widget = widget.parentWidget()
    return widget if isinstance(widget, MainWindow) else default


def run(files: list[str]) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("ygui")
    app.setDesktopFileName("io.github.ygui.ygui")  # its desktop file
    settings = Settings()
    first_start = not settings.path.exists()  # (a newcomer: a word of welcome)
    apply_palette(app, THEMES.get(settings.get("theme"), THEMES["light"]))
    app.setWindowIcon(resource_icon())
    window = MainWindow(settings)
    first = weakref.ref(window)  # (the handler must not keep the window past its end)
    handler = install_fault_handler(lambda: _main_window_in_front(first()))
    window.show()
    if files:
        window.open_path(Path(files[0]))
    schedule_recovery(window)  # a crashed game is offered back whatever was opened
    if first_start and not files:
        QTimer.singleShot(300, window.welcome)
    code = app.exec()
    sys.excepthook = handler.previous
    window.computer.shutdown()
    del window
    return code
