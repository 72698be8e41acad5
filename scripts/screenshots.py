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

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ygui.core.variants import GameOptions
from ygui.session import GameInfo
from ygui.settings import Settings
from ygui.ui.figure_dialog import FigureDialog
from ygui.ui.game_info_dialog import GameInfoDialog
from ygui.ui.main_window import MainWindow
from ygui.ui.theme import apply_palette


def pause(ms: int) -> None:
    """Let the window run for ``ms`` milliseconds. (Not QTest.qWait: it keeps Python's lock
    while it waits, and the engine's thread, which needs the lock between its compiled chunks,
    then searched at a twentieth of its speed: an analysis showed nothing after 30 s.)"""
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


class Shooter:
    def __init__(self, window: MainWindow, out: Path) -> None:
        self.window = window
        self.out = out
        self.count = 0

    def settle(self, ms: int = 150) -> None:
        pause(ms)

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
    study_features(window, s)
    window.session.dirty = False
    window.close()


def study_features(window: MainWindow, s: Shooter) -> None:
    """The study and play features: clocks, analysis with candidates and the heat map, marks,
    move numbers, the turned board, the game tree and the review's graph with a mistake."""
    from ygui.core.clock import TimeControl

    window.start_new_game(
        GameOptions(game="y", size=9, pie=False).validated(),
        ("Ann", "Bo"),
        time_control=TimeControl(300, 5),
    )
    for label in ("e5", "d4", "f3"):
        s.click(label)
    s.settle(1500)
    s.shot("clocks-running")
    window.computer.dock.show()
    window.computer.dock.raise_()
    window.act_candidates.trigger()
    window.act_heat.trigger()
    window.act_analyse.trigger()
    for _ in range(60):  # the first search loads the compiled engine
        s.settle(500)
        if window.computer.candidates_table.rowCount() >= 3:
            break
    s.settle(3000)
    s.shot("analysis-candidates-heat")
    window.act_analyse.trigger()
    window.act_heat.trigger()
    window.act_candidates.trigger()
    window.computer.dock.hide()
    window.act_numbers.trigger()
    window.act_mark_triangle.trigger()
    s.click("a1")
    window.act_mark_label.trigger()
    s.click("b2")
    s.click("c1")
    window.act_mark_label.trigger()
    s.shot("numbers-and-marks")
    window.rotate_board(1)
    window.mirror_board(True)
    s.shot("turned-and-mirrored")
    window.rotate_board(-1)
    window.mirror_board(False)
    window.act_numbers.trigger()
    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("Ann", "Bo"))
    window.entry_panel.entry.setText("e5 a1 e4 b1 e3 c1 e2 d1 b2 e1")
    QTest.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    window.session.go_to_main_line(6)
    s.click("c2")
    s.click("d3")
    window.review_panel.show()
    window.review_panel.budget.setValue(2000)
    window.review_game()
    s.settle(8000)
    window.tree_panel.show()
    window.review_panel.show()
    window.review_panel.raise_()
    s.shot("review-graph-and-mistake")
    window.session.go_to_main_line(8)
    window.next_mistake()
    window.tree_panel.raise_()
    s.shot("tree-with-mistake")
    proved_analysis(window, s)
    solver_maps(window, s)
    dialogs(window, s)


def proved_analysis(window: MainWindow, s: Shooter) -> None:
    """The analysis of a position the search proves: a game of Y 9 between two quick searches,
    taken back eleven stones from its end."""
    from ygui.ai.engine import Engine, SearchLimits
    from ygui.core.game import Game

    opts = GameOptions(game="y", size=9, pie=False).validated()
    game = Game(opts)
    while not game.is_over:
        game.play(Engine().search(game, SearchLimits(1000, seed=len(game.moves))).move)
    window.start_new_game(opts, ("Ann", "Bo"))
    for move in game.moves[:-11]:
        window.session.play(move)
    window.computer.dock.show()
    window.computer.dock.raise_()
    window.act_candidates.trigger()
    window.act_analyse.trigger()
    for _ in range(120):
        s.settle(250)
        if "proved" in window.computer.win_label.text():
            break
    s.shot("analysis-proved")
    if window.computer.analyse_box.isChecked():
        window.act_analyse.trigger()
    window.act_candidates.trigger()
    window.computer.dock.hide()


def solver_maps(window: MainWindow, s: Shooter) -> None:
    """Study → Solve this position: the map of the empty Y 6, then of a position of Y 7."""
    for size, moves in ((6, ()), (7, ("d4", "c3"))):
        window.start_new_game(
            GameOptions(game="y", size=size, pie=False).validated(), ("Ann", "Bo")
        )
        for label in moves:
            s.click(label)
        window.act_solve.trigger()
        for _ in range(600):
            s.settle(200)
            if not window.solver_panel.busy:
                break
        s.shot(f"solver-map-y{size}")
    window.solver_panel.hide()


def dialogs(window: MainWindow, s: Shooter) -> None:
    """The figure export dialog and the game information dialog, shown over the window."""
    window.act_numbers.trigger()
    figure = FigureDialog(
        window.game,
        True,
        window.scene.numbers_from,
        window,
        orientation=window.scene.orientation,
    )
    figure.show()
    s.shot("figure-dialog")
    figure.coordinates.setChecked(False)
    figure.width_box.setValue(300)
    s.shot("figure-dialog-small-no-coordinates")
    figure.close()
    window.act_numbers.trigger()
    window.session.set_info(
        GameInfo(
            black="Ann",
            white="Bo",
            event="Club night",
            date="2026-11-25",
            place="Utrecht",
            game_comment="A study of the edge templates.",
        )
    )
    info = GameInfoDialog(window.session.info(), ("Black", "White"), False, window)
    info.show()
    s.shot("game-information")
    info.close()


if __name__ == "__main__":
    main()
