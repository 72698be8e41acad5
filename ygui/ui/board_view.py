"""BoardView: shows a BoardScene scaled to the window, and turns mouse input into cells."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QCursor,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QLabel, QWidget

from ygui.ui.board_scene import HEAT_RING, BoardScene, heat_colour, heat_size
from ygui.ui.theme import STONE_COLOURS

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


class HeatLegend(QWidget):
    """The heat map's key, in the analysis panel (on the board it hid cells of boards that
    fill their view): discs from few visits (small, blue) to the most (large, red), and the
    most visited cell with its share of the search."""

    # the shares of the most visited cell's visits the key's discs show, from the fewest (the
    # colour most cells have: the key began at a sixth, and did not show it)
    SHARES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = ""
        # rings, as the board draws its marks while the cells' names are shown (the key's
        # discs matched nothing on a board of rings, tester 82)
        self.rings = False
        self.dark = False  # the board's dark theme: its colours (heat_colour)
        self.hide()

    def say(self, text: str) -> None:
        self.text = text
        self.setToolTip(text)
        self.updateGeometry()
        self.update()

    STEP = 22.0  # between the key's discs
    # the most visited cell's words, wrapped at the key's width
    WRAPPED = Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        # (the scale on one line, its words at its ends: on three lines the key pushed the
        # candidates' table down to four rows, tester 28)
        metrics = self.fontMetrics()
        few, many = self.scale_words
        width = metrics.horizontalAdvance(few) + metrics.horizontalAdvance(many)
        width += round(len(self.SHARES) * self.STEP) + 16 + 16
        return QSize(width, self.heightForWidth(self.width() if self.width() > 0 else width))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return self.sizeHint()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        """The most visited cell's words wrapped at the key's width, then the scale's line
        (the words were cut short: "46% of the sear…", tester 83)."""
        return 4 + self._text_height(width) + 4 + self.fontMetrics().height() + 10

    def _text_height(self, width: int) -> int:
        metrics = self.fontMetrics()
        if not self.text:
            return metrics.height()
        return max(
            metrics.height(),
            metrics.boundingRect(0, 0, width - 16, 10_000, self.WRAPPED, self.text).height(),
        )

    @property
    def scale_words(self) -> tuple[str, str]:
        return "fewest visits", "most"

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        back = self.palette().window().color()
        back.setAlpha(215)
        painter.setPen(QPen(QColor(0, 0, 0, 60)))
        painter.setBrush(back)
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6)
        metrics = self.fontMetrics()
        painter.setPen(self.palette().windowText().color())
        above = self._text_height(self.width())
        painter.drawText(QRect(8, 4, self.width() - 16, above), self.WRAPPED, self.text)
        few, many = self.scale_words
        y = 4 + above + 4 + metrics.height() / 2  # the middle of the scale's line
        baseline = round(y - metrics.height() / 2 + metrics.ascent())
        painter.drawText(8, baseline, few)
        x = 8 + metrics.horizontalAdvance(few) + 8 + 9
        painter.setPen(Qt.PenStyle.NoPen)
        for i, share in enumerate(self.SHARES):
            radius = 9 * heat_size(share)
            if self.rings:
                radius = 9 * max(heat_size(share), HEAT_RING)
                painter.setPen(QPen(heat_colour(share, self.dark), 2.0))
                painter.setBrush(Qt.BrushStyle.NoBrush)
            else:
                painter.setBrush(heat_colour(share, self.dark))
            painter.drawEllipse(QPointF(x + i * self.STEP, y), radius, radius)
        painter.setPen(self.palette().windowText().color())
        after = x + (len(self.SHARES) - 1) * self.STEP + 9 + 8
        painter.drawText(round(after), baseline, many)
        painter.end()


# the keys of the keyboard's cursor on the board: each arrow's direction on the screen
CURSOR_ARROWS = {
    Qt.Key.Key_Left: (-1, 0),
    Qt.Key.Key_Right: (1, 0),
    Qt.Key.Key_Up: (0, -1),
    Qt.Key.Key_Down: (0, 1),
}
CURSOR_PLAYS = {Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space}


class BoardView(QGraphicsView):
    """The board on the screen. With the keys on it (Tab, or a click then Enter), a cursor
    moves by the arrows and Enter or Space plays where it is (clicks the cell); Esc gives the
    arrows back to the game's moves (tester 74 found no way to play a stone without the
    mouse but the set-up panel's box)."""

    cellClicked = Signal(int)
    cellHovered = Signal(int)  # -1 when the pointer leaves every cell
    cursorShown = Signal(bool)  # the keyboard's cursor came on the board, or went
    # a click on a board of points between its points (it did nothing and said nothing:
    # tester 28 on the Game of Y)
    missedPoint = Signal()

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
        # the name of the cell under the mouse, in the board's lower left corner (in the
        # status bar it cut long messages short and wrote over their ends: tester 26)
        self.hover_label = QLabel(self.viewport())
        self.hover_label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.hover_label.setStyleSheet(
            "QLabel { background-color: palette(window); color: palette(window-text); "
            "border-radius: 3px; padding: 1px 6px; }"
        )
        self.hover_label.hide()
        self.tabbed_in = False  # the keys came to the board by Tab: its frame shows it
        self._cursor_at: int | None = None  # where the cursor was last (it comes back there)
        self._across: float | None = None  # its place across the arrows' way, kept (rows)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt's name
        # (a keyboard player's Tab put the keys on the board with nothing to show it: tester
        # 65; not after a click, where the pointer shows where the player is)
        self.tabbed_in = event.reason() in (
            Qt.FocusReason.TabFocusReason,
            Qt.FocusReason.BacktabFocusReason,
        )
        self.viewport().update()
        super().focusInEvent(event)
        if self.tabbed_in:
            self.show_cursor()

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt's name
        self.tabbed_in = False
        self.viewport().update()
        super().focusOutEvent(event)
        self.hide_cursor()

    def tab_in(self) -> None:
        """Tab came to the board, which had the keys already: its frame and its cursor."""
        self.tabbed_in = True
        self.viewport().update()
        if self.cursor_cell is None:
            self.show_cursor()

    # ----- the keyboard's cursor ---------------------------------------------------------
    @property
    def cursor_cell(self) -> int | None:
        return self.board_scene().cursor_cell

    def show_cursor(self) -> None:
        """The cursor on the board: where it was, else on the last move, else in the
        middle."""
        scene = self.board_scene()
        game = scene.game
        size = game.geometry.size
        cell = self._cursor_at if self._cursor_at is not None and self._cursor_at < size else None
        if cell is None:
            last = next((m.cell for m in reversed(game.moves) if m.cell is not None), None)
            cell = last if last is not None else self._middle_cell()
        self._across = None
        scene.set_cursor(cell)
        self._cursor_at = cell
        self.cellHovered.emit(cell)  # (its name, and the stone a play would place)
        self.cursorShown.emit(True)

    def hide_cursor(self) -> None:
        scene = self.board_scene()
        if scene.cursor_cell is None:
            return
        scene.set_cursor(None)
        self.cellHovered.emit(self._hover)
        self.cursorShown.emit(False)

    def _middle_cell(self) -> int:
        scene = self.board_scene()
        spots = [scene.cell_position(c) for c in range(scene.game.geometry.size)]
        mx = sum(p.x() for p in spots) / len(spots)
        my = sum(p.y() for p in spots) / len(spots)
        return min(
            range(len(spots)), key=lambda c: (spots[c].x() - mx) ** 2 + (spots[c].y() - my) ** 2
        )

    def _cursor_keys(self, event: QKeyEvent) -> bool:
        """Keys the cursor takes: the arrows while it is shown, Enter or Space (which show it
        first), and Esc (which hides it)."""
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        key = event.key()
        if key in CURSOR_PLAYS:
            return True
        return self.cursor_cell is not None and (key in CURSOR_ARROWS or key == Qt.Key.Key_Escape)

    def event(self, event: QEvent) -> bool:
        # the window's shortcuts (the arrows step through the game) give way to the cursor
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and self._cursor_keys(event)
        ):
            event.accept()
            return True
        return super().event(event)

    def set_turn(self, stone: str | None, words: str) -> None:
        """Say on the board whose turn it is (``stone``: its colour's name, whose stone the
        badge shows; ``words`` "" for none): in the side panel alone, a player on the board
        had to look away to see it, and how many stones the turn had left (tester 74)."""
        if (stone, words) != (self.turn_stone, self.turn_words):
            self.turn_stone, self.turn_words = stone, words
            self.viewport().update()

    turn_stone: str | None = None
    turn_words = ""

    def _draw_turn(self, painter: QPainter) -> None:
        if not self.turn_words:
            return
        metrics = self.fontMetrics()
        disc = metrics.height() * 0.8 if self.turn_stone else 0.0
        gap = 6.0 if self.turn_stone else 0.0
        width = metrics.horizontalAdvance(self.turn_words) + disc + gap + 14
        box = QRectF(8, 8, width, metrics.height() + 8)
        back = self.palette().window().color()
        back.setAlpha(215)
        painter.setPen(QPen(QColor(0, 0, 0, 60)))
        painter.setBrush(back)
        painter.drawRoundedRect(box, 4, 4)
        x = box.left() + 7
        if self.turn_stone:
            light, dark = STONE_COLOURS.get(self.turn_stone, ("#888888", "#333333"))
            painter.setPen(QPen(QColor(dark), 1.2))
            painter.setBrush(QColor(light))
            painter.drawEllipse(QRectF(x, box.center().y() - disc / 2, disc, disc))
            x += disc + gap
        painter.setPen(self.palette().windowText().color())
        baseline = box.center().y() - metrics.height() / 2 + metrics.ascent()
        painter.drawText(QPointF(x, baseline), self.turn_words)

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802
        super().drawForeground(painter, rect)
        painter.save()
        painter.resetTransform()  # (in the viewport's pixels)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._draw_turn(painter)
        painter.restore()
        if not (self.tabbed_in and self.hasFocus()):
            return
        painter.save()
        painter.resetTransform()  # (in the viewport's pixels)
        pen = QPen(self.palette().highlight().color(), 3)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(self.viewport().rect()).adjusted(1.5, 1.5, -1.5, -1.5))
        painter.restore()

    def show_hover_text(self, text: str) -> None:
        """Name the cell under the mouse (an empty text hides the name)."""
        label = self.hover_label
        label.setText(text)
        label.adjustSize()
        label.move(8, self.viewport().height() - label.height() - 8)
        label.setVisible(bool(text))

    def board_scene(self) -> BoardScene:
        return self._board_scene

    def fit(self) -> None:
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.fit()
        if self.hover_label.isVisible():
            self.show_hover_text(self.hover_label.text())

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        self.fit()

    def cell_under(self, event: QMouseEvent) -> int:
        return self._cell_at(event.position().toPoint())

    def _cell_at(self, point: QPoint) -> int:
        """The cell at ``point`` of the viewport, or -1."""
        cell = self.board_scene().cell_at(self.mapToScene(point))
        return -1 if cell is None else cell

    def rehover(self) -> None:
        """Name the cell under the mouse afresh, the board having turned under it (the name
        of the cell that had been there stood: tester 51); the keyboard's cursor, where it is
        shown, again with the stone a play there places (the board drawn afresh had lost it:
        tester 76)."""
        if self.cursor_cell is not None:
            self.cellHovered.emit(self.cursor_cell)
            return
        if self._hover < 0:
            return
        point = self.viewport().mapFromGlobal(QCursor.pos())
        cell = self._cell_at(point) if self.viewport().rect().contains(point) else -1
        if cell != self._hover:
            self._hover = cell
            self.cellHovered.emit(cell)

    @property
    def hovered(self) -> int:
        """The cell the keyboard's cursor is on, else the cell under the mouse, or -1."""
        cursor = self.cursor_cell
        return cursor if cursor is not None else self._hover

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        self.hide_cursor()  # (the pointer shows where the player is)
        if self.tabbed_in:
            self.tabbed_in = False  # (and the frame goes with the cursor)
            self.viewport().update()
        if event.button() == Qt.MouseButton.LeftButton:
            cell = self.cell_under(event)
            if cell >= 0:
                self.cellClicked.emit(cell)
            elif self.board_scene().on_points_board(self.mapToScene(event.position().toPoint())):
                self.missedPoint.emit()
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
        if self._cursor_keys(event):
            key = event.key()
            cell = self.cursor_cell
            if key == Qt.Key.Key_Escape:
                self.hide_cursor()
            elif cell is None:
                self.show_cursor()  # (Enter or Space: the cursor first, a play after)
            elif key in CURSOR_PLAYS:
                self.cellClicked.emit(cell)
            else:
                dx, dy = CURSOR_ARROWS[Qt.Key(key)]
                scene = self.board_scene()
                # (the place kept is across the up and down arrows' way: sideways, a row's
                # cells are in their own row)
                step, self._across = scene.cursor_step(cell, dx, dy, None if dx else self._across)
                if dx:
                    self._across = None
                scene.set_cursor(step)
                self._cursor_at = step
                self.cellHovered.emit(step)
            event.accept()
            return
        # Arrow keys step through the game (the window's shortcuts), never scroll the board.
        if event.key() in NAVIGATION_KEYS:
            event.ignore()
            return
        super().keyPressEvent(event)
