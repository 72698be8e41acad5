"""Start the window: ``ygui`` and ``ygui FILE``."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from ygui.settings import Settings
from ygui.ui.main_window import MainWindow, schedule_recovery
from ygui.ui.theme import THEMES, apply_palette, resource_icon


def run(files: list[str]) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("ygui")
    app.setDesktopFileName("io.github.ygui.ygui")  # its desktop file
    settings = Settings()
    apply_palette(app, THEMES.get(settings.get("theme"), THEMES["light"]))
    app.setWindowIcon(resource_icon())
    window = MainWindow(settings)
    window.show()
    if files:
        window.open_path(Path(files[0]))
    schedule_recovery(window)  # a crashed game is offered back whatever was opened
    code = app.exec()
    window.computer.shutdown()
    del window
    return code
