"""BoardView: shows a BoardScene scaled to the window, and turns mouse input into cells."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from ygui.ui.board_scene import BoardScene

NAVIGATION_KEYS = {
    Qt.Key.Key_Left,
    Qt.Key.Key_Right,
    Qt.Key.Key_Up,
    Qt.Key.Key_Down,
    Qt.Key.Key_Home,
    Qt.Key.Key_End,
    Qt.Key.Key_PageUp,
    Qt.Key.Key_PageDown,
}


class BoardView(QGraphicsView):
    cellClicked = Signal(int)
    cellHovered = Signal(int)  # -1 when the pointer leaves every cell

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self._board_scene = scene  # a view does not own its scene: keep it alive
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMouseTracking(True)
        self.setMinimumSize(240, 200)
        self._hover = -1

    def board_scene(self) -> BoardScene:
        return self._board_scene

    def fit(self) -> None:
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        self.fit()

    def cell_under(self, event: QMouseEvent) -> int:
        cell = self.board_scene().cell_at(self.mapToScene(event.position().toPoint()))
        return -1 if cell is None else cell

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            cell = self.cell_under(event)
            if cell >= 0:
                self.cellClicked.emit(cell)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        cell = self.cell_under(event)
        if cell != self._hover:
            self._hover = cell
            self.cellHovered.emit(cell)
        event.accept()

    def leaveEvent(self, event: object) -> None:  # noqa: N802
        self._hover = -1
        self.cellHovered.emit(-1)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        # Arrow keys step through the game (the window's shortcuts), never scroll the board.
        if event.key() in NAVIGATION_KEYS:
            event.ignore()
            return
        super().keyPressEvent(event)
