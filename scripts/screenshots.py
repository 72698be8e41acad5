"""Take a player's session through the real window and save a screenshot after each step.

Run under a display (for instance ``xvfb-run -s "-screen 0 1280x860x24" python
scripts/screenshots.py OUT_DIR``); each step is saved as ``OUT_DIR/NN-name.png``, taken from the
X screen with ImageMagick's ``import`` where it is installed, else grabbed from the window. Look
at every one: does the board show the position the move list and the turn text say?
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ygui.core.variants import GameOptions
from ygui.settings import Settings
from ygui.ui.main_window import MainWindow
from ygui.ui.theme import apply_palette


class Shooter:
    def __init__(self, window: MainWindow, out: Path) -> None:
        self.window = window
        self.out = out
        self.count = 0

    def settle(self, ms: int = 150) -> None:
        QTest.qWait(ms)

    def shot(self, name: str) -> None:
        self.settle()
        self.count += 1
        path = self.out / f"{self.count:02d}-{name}.png"
        if shutil.which("import") and os.environ.get("DISPLAY"):
            subprocess.run(["import", "-window", "root", str(path)], check=True)
        else:
            self.window.grab().save(str(path))
        print(path, "|", self.window.game_panel.turn_label.text())

    def click(self, label: str) -> None:
        window = self.window
        cell = window.game.geometry.cell(label)
        pos = window.view.mapFromScene(window.scene.cell_position(cell))
        QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)

    def key(self, key: Qt.Key, times: int = 1) -> None:
        for _ in range(times):
            QTest.keyClick(self.window.view, key)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("YGUI_HOME", tempfile.mkdtemp(prefix="ygui-shots-"))
    app = QApplication(sys.argv)
    settings = Settings()
    window = MainWindow(settings, warm_up_engine=False)
    apply_palette(app, window.theme)
    window.show()
    window.move(0, 0)
    window.raise_()
    window.activateWindow()  # the keys reach the active window only
    QTest.qWaitForWindowActive(window, 3000)
    s = Shooter(window, args.out)
    window.start_new_game(GameOptions(game="y", size=11, pie=False).validated(), ("Ann", "Bo"))
    for label in ("h6", "g4", "f3", "e5", "f5"):
        s.click(label)
    s.shot("y-five-moves")
    s.key(Qt.Key.Key_Left, 2)
    s.shot("y-two-back")
    s.click("d4")
    s.shot("y-variation")
    s.key(Qt.Key.Key_Up)
    s.shot("y-other-variation")
    window.tree_panel.show()
    window.review_panel.show()
    window.computer.dock.show()
    window.setup_dock.show()
    s.shot("y-all-panels")
    window.act_labels.setChecked(True)
    s.shot("y-labels")
    window.act_dark.setChecked(True)
    s.shot("y-dark")
    window.act_dark.setChecked(False)
    for dock in (window.tree_panel, window.review_panel, window.computer.dock, window.setup_dock):
        dock.hide()
    window.start_new_game(GameOptions(game="game-of-y").validated(), ("Ann", "Bo"))
    for label in ("a1", "e5", "c7"):
        s.click(label)
    s.shot("game-of-y-labels")
    for game in ("poly-y", "mudcrack-y", "starboard-y", "hexagonal-y", "eccentric-y"):
        window.start_new_game(GameOptions(game=game).validated(), ("Ann", "Bo"))
        labels = window.game.geometry.labels
        for index in (len(labels) // 2, 1, len(labels) // 3, 5):
            s.click(labels[index])
        s.key(Qt.Key.Key_Left)
        s.shot(f"{game}-one-back")
    window.session.dirty = False
    window.close()


if __name__ == "__main__":
    main()
