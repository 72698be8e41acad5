"""Small pieces the dialogs' forms share."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLayout,
    QScrollArea,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from ygui.ai.engine import LEVEL_DESCRIPTIONS
from ygui.session import Seat


class WheelToScroll(QObject):
    """The wheel over a choice scrolls the form, never the choice: tester 28 scrolled a short
    screen's New game dialog down to the players, the pointer passed over the handicap, and
    the game was set to nine stones without a word; tester 29 did the same over a choice just
    used (it kept the focus). A choice's open list still scrolls, and its keys still choose."""

    def __init__(self, scroll: QScrollArea) -> None:
        super().__init__(scroll)
        self.scroll = scroll
        # (the area itself is no stop of Tab's: the new-game dialog opened with the keys on
        # it, where nothing showed them, and arrows meant for the game list changed the
        # board's size: tester 65)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for choice in scroll.findChildren(QComboBox) + scroll.findChildren(QAbstractSpinBox):
            choice.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # (the wheel gives no focus)
            choice.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Wheel and isinstance(watched, QWidget):
            QApplication.sendEvent(self.scroll.verticalScrollBar(), event)
            return True
        return False


def resize_within_screen(
    window: QWidget, width: int, height: int, widths: float, heights: float
) -> None:
    """``window`` as large as asked, but within the given shares of its screen's room (its
    contents then scroll): dialogs taller than a laptop's screen had their buttons below it."""
    parent = window.parentWidget()  # (where a dialog not yet shown will be)
    screen = (parent.screen() if parent is not None else None) or window.screen()
    screen = screen or QApplication.primaryScreen()
    if screen is not None:
        room = screen.availableGeometry()
        width = min(width, int(widths * room.width()))
        height = min(height, int(heights * room.height()))
    window.resize(width, height)


def fit_body(area: QScrollArea, sideways: bool = False) -> None:
    """``area``'s contents as large as its viewport, down to their least where that is more
    (tall: at the viewport's width, the least their wrapped lines need). Qt gives contents
    whose lines wrap the height they would like, not their least, and they scrolled where
    they could have shrunk: the analysis panel's table at 1100 by 760 (tester 84), the
    new-game dialog's choices on a 1366 by 768 screen (tester 86). ``sideways``: as wide as
    their least too, beyond the viewport (they scroll sideways), else the viewport's width."""
    body = area.widget()
    if body is None:
        return
    view = area.viewport()
    width = max(view.width(), body.minimumSizeHint().width()) if sideways else view.width()
    layout = body.layout()
    if layout is not None and layout.hasHeightForWidth():
        least = layout.totalMinimumHeightForWidth(width)
    else:
        least = body.minimumSizeHint().height()
    size = QSize(width, max(view.height(), least))
    if body.size() != size:
        body.resize(size)


class Squeezed(QObject):
    """Keeps a scroll area's contents fitted by ``fit_body`` as the area or they change (the
    area not resizing them itself: ``widgetResizable`` off)."""

    def __init__(self, area: QScrollArea, sideways: bool = False) -> None:
        super().__init__(area)
        self.area = area
        self.sideways = sideways
        area.setWidgetResizable(False)
        # (kept, not asked of the area in the filter: asked as the dialog was destroyed, the
        # area's parts were gone and Python crashed)
        self._view = area.viewport()
        self._body = area.widget()
        self._view.installEventFilter(self)
        if self._body is not None:
            self._body.installEventFilter(self)
        self.fit()

    def fit(self) -> None:
        fit_body(self.area, self.sideways)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if watched is self._view and kind == QEvent.Type.Resize:
            self.fit()
        elif watched is self._body and kind == QEvent.Type.LayoutRequest:
            QTimer.singleShot(0, self, self.fit)
        return False


def scrolled(dialog: QDialog, body: QLayout, buttons: QWidget | QLayout) -> QScrollArea:
    """Lay ``dialog`` out as ``body`` in a scroll area with ``buttons`` under it, always in
    sight, and size it as its contents ask within its screen's room (``fit_to_screen``):
    with a larger font, dialogs stood taller or wider than a small screen, their buttons
    off it (tester 73)."""
    inner = QWidget()
    inner.setLayout(body)
    area = QScrollArea()
    area.setWidget(inner)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    # (the wheel scrolls the contents, never a choice under the pointer: scrolling the figure
    # dialog set its width to 100 pixels, and the match's board size to 18: tester 76)
    area.wheel = WheelToScroll(area)  # type: ignore[attr-defined]
    outer = QVBoxLayout(dialog)
    outer.addWidget(area, 1)
    if isinstance(buttons, QLayout):
        outer.addLayout(buttons)
    else:
        outer.addWidget(buttons)
    fit_to_screen(dialog, area)
    return area


def fit_to_screen(dialog: QDialog, area: QScrollArea) -> None:
    """``dialog`` (laid out by ``scrolled``) as large as its contents ask, within most of its
    screen (they scroll beyond it)."""
    inner = area.widget()
    outer = dialog.layout()
    if inner is None or outer is None:
        return
    bar = area.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
    margins = outer.contentsMargins()
    hint = inner.sizeHint()
    rest = outer.sizeHint().height() - area.sizeHint().height()  # (the buttons and spacing)
    width = hint.width() + bar + margins.left() + margins.right()
    height = hint.height() + max(0, rest) + 2
    resize_within_screen(dialog, width, height, 0.95, 0.92)


def place_beside(dialog: QWidget, window: QWidget) -> None:
    """Move a dialog that stays open while the board plays on (a match's) off the board:
    beside the window where its screen has room, else against the screen's edge on the side
    with more room (over the window's right-hand panels when it fills the screen), never off
    the screen. Centred over the window, it hid the games it played."""
    screen = window.screen() or QApplication.primaryScreen()
    if screen is None:
        return
    room = screen.availableGeometry()
    frame = window.frameGeometry()
    size = dialog.frameGeometry().size()
    # (QRect's right and bottom are its last pixel's)
    right = max(0, room.right() - frame.right())  # the room beside the window, each side
    left = max(0, frame.left() - room.left())
    if size.width() <= right:
        x = frame.right() + 1
    elif size.width() <= left:
        x = frame.left() - size.width()
    elif right >= left:  # against the screen's edge: as little of the window covered
        x = room.right() - size.width() + 1
    else:
        x = room.left()
    y = min(frame.top(), room.bottom() - size.height() + 1)
    x = max(room.left(), min(x, room.right() - size.width() + 1))
    dialog.move(x, max(room.top(), y))


def row(*widgets: QWidget) -> QWidget:
    """The widgets side by side in one form row, the first taking the room left."""
    box = QWidget()
    layout = QHBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    for i, widget in enumerate(widgets):
        layout.addWidget(widget, 1 if i == 0 else 0)
    return box


def select(combo: QComboBox, value: object) -> None:
    """Choose the item whose data is ``value``; nothing changes if there is none."""
    index = combo.findData(value)
    if index >= 0:
        combo.setCurrentIndex(index)


def fill_player_kinds(combo: QComboBox, level: QSpinBox, engines: Mapping[str, str]) -> None:
    """A player's choices: a person, the computer at a level, or an attached engine.
    ``engines``: each attached engine's name and why it failed in this window, if it did
    (it was offered as if nothing had happened, and failed again when chosen)."""
    combo.addItem("Human", "human")
    combo.addItem("Computer", "computer")
    for name, failure in engines.items():
        said = " (failed earlier)" if failure else ""
        combo.addItem(f"Engine: {name}{said}", f"engine:{name}")
        if failure:
            combo.setItemData(
                combo.count() - 1, f"{name} failed earlier: {failure}", Qt.ItemDataRole.ToolTipRole
            )
    level.setRange(1, 10)
    level.setPrefix("level ")
    level.setToolTip("\n".join(f"{i}: {d}" for i, d in LEVEL_DESCRIPTIONS.items()))


def seat_of(name: str, kind: str, level: int) -> Seat:
    """A player as a choice of ``fill_player_kinds`` says: human, computer or engine:NAME."""
    engine = kind[len("engine:") :] if kind.startswith("engine:") else ""
    return Seat(name, kind == "computer" or bool(engine), level, engine)


def kind_of(seat: Seat) -> str:
    """The choice of ``fill_player_kinds`` that ``seat`` is."""
    if seat.engine:
        return f"engine:{seat.engine}"
    return "computer" if seat.computer else "human"


def ok_cancel(dialog: QDialog) -> QDialogButtonBox:
    """The dialog's OK and Cancel buttons, accepting and rejecting it."""
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons
