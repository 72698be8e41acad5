"""FigureDialog: the board's figure for a book or a web page: at a chosen width, with or
without coordinates, with move numbers from a chosen move on; saved as PNG or SVG, or copied
to the clipboard. The figure is drawn afresh from the position, with the position's own marks
(triangles, squares, letters) if chosen, without the analysis marks, and a caption under it if
chosen ("White to play")."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QPixmap, QTextOption
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGraphicsScene,
    QGraphicsTextItem,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ygui.core.drawing import Orientation
from ygui.core.game import Game
from ygui.core.limits import MAX_FIGURE_WIDTH, MIN_FIGURE_WIDTH
from ygui.core.wording import shown_path
from ygui.ui.board_scene import BoardScene
from ygui.ui.form import scrolled
from ygui.ui.render import RenderError, render_scene, scene_image
from ygui.ui.theme import DARK, LIGHT, THEMES, Theme

PREVIEW_WIDTH = 360  # pixels: the box of the dialog's picture of the figure
PREVIEW_HEIGHT = 320  # (the whole figure fits in it: a caption ran below it, tester 37)
CAPTION_CHARS = 200


def default_caption(game: Game, numbers_from: int | None = None) -> str:
    """What a rule book writes under a figure of ``game``'s position: who is to play, or who
    has won; with the moves numbered from ``numbers_from``, the swaps among them, which
    have no stone to carry their number ("2: swap")."""
    said = (
        f"{game.colour_name(game.winner)} has won"
        if game.winner is not None
        else f"{game.colour_name(game.to_move)} to play"
    )
    if numbers_from is None:
        return said
    swaps = [n for n, m in enumerate(game.moves, 1) if m.is_swap and n >= numbers_from]
    return "".join(f"{n}: swap. " for n in swaps) + said


def add_caption(scene: QGraphicsScene, text: str, theme: Theme) -> None:
    """``text`` centred under the board, in the labels' colour, wrapped to the board's width
    (a long caption widened the figure and shrank its board: tester 34); the scene grows down
    to hold it."""
    rect = scene.sceneRect()
    board = scene.itemsBoundingRect()  # (the scene's margins round it made the caption wider
    # than the board: tester 62)
    font = QFont()
    font.setPixelSize(max(8, round(rect.width() / 22)))
    item = QGraphicsTextItem()
    item.setFont(font)
    item.setDefaultTextColor(theme.colour("label"))
    item.setTextWidth(min(rect.width(), board.width()))
    item.document().setDefaultTextOption(QTextOption(Qt.AlignmentFlag.AlignHCenter))
    item.setPlainText(text)
    # right under the board, not under the scene's room round it: a triangle's figure had a
    # band of a tenth of its height between the board and the caption (tester 70); the
    # figure ends as far below the caption as the board begins below its top
    top = min(rect.bottom(), board.bottom() + 0.2 * font.pixelSize())
    item.setPos(rect.center().x() - item.textWidth() / 2, top)
    scene.addItem(item)
    height = item.boundingRect().height()
    margin = max(0.0, board.top() - rect.top())
    bottom = top + height + max(margin, 0.1 * height)
    scene.setSceneRect(QRectF(rect.left(), rect.top(), rect.width(), bottom - rect.top()))


class FigureDialog(QDialog):
    """The figure's options, a preview that follows them, and where it goes."""

    def __init__(
        self,
        game: Game,
        show_labels: bool,
        numbers_from: int | None,
        parent: QWidget | None = None,
        orientation: Orientation | None = None,
        marks: dict[int, tuple[str, str]] | None = None,
        remembered: dict[str, object] | None = None,
    ) -> None:
        """``remembered``: the choices of the figure before (``choices``), taken again: a
        worksheet of figures had its caption ticked and written again each time (tester
        62)."""
        super().__init__(parent)
        self.setWindowTitle("Export figure")
        self.game = game
        # the position's marks (triangles, squares, letters), as a rule book's figure has
        # them (the figure left them out, a tester's finding)
        self.marks = dict(marks or {})
        self.orientation = orientation or Orientation()
        self.width_box = QSpinBox()
        self.width_box.setRange(MIN_FIGURE_WIDTH, MAX_FIGURE_WIDTH)
        self.width_box.setSingleStep(100)
        self.width_box.setValue(1000)
        self.width_box.setSuffix(" pixels wide")
        self.coordinates = QCheckBox("Coordinates")
        self.coordinates.setChecked(show_labels)
        self.numbers = QCheckBox("Move numbers from move")
        # (not where there is no move to number: it stood ticked on a set-up of no moves)
        self.numbers.setChecked(numbers_from is not None and bool(game.moves))
        self.numbers.setEnabled(bool(game.moves))
        self.numbers_from = QSpinBox()
        self.numbers_from.setRange(1, max(1, len(game.moves)))
        self.numbers_from.setValue(numbers_from or 1)
        self.numbers.toggled.connect(self.numbers_from.setEnabled)
        self.numbers_from.setEnabled(self.numbers.isChecked())
        self.show_marks = QCheckBox("Marks (triangles, squares, letters)")
        self.show_marks.setChecked(bool(self.marks))
        self.show_marks.setEnabled(bool(self.marks))
        # a rule book's figure has no red ring on its last stone, least of all one numbered
        # (the ring stayed on every figure, tester 19): off unless asked for
        self.last_move = QCheckBox("Last move marked")
        self.last_move.setChecked(False)
        self.last_move.setEnabled(bool(game.moves))
        # a figure's colours are its own: light, as a book prints, whatever the window's theme
        # (in the dark theme the figures came out dark without a word: tester 70)
        self.colours = QComboBox()
        self.colours.addItem("Light", LIGHT.name)
        self.colours.addItem("Dark", DARK.name)
        self.colours.setToolTip("The figure's colours, whatever the window's theme")
        # a rule book's figure says who is to play under it (tester 31 found no way to)
        self.caption = QCheckBox("Caption")
        self._caption = default_caption(game, numbers_from)  # the text offered, unedited
        self.caption_text = QLineEdit(self._caption)
        self.caption_text.setMaxLength(CAPTION_CHARS)
        self.caption.toggled.connect(self._caption_ticked)
        self.caption_text.setEnabled(False)
        caption = QHBoxLayout()
        caption.addWidget(self.caption)
        caption.addWidget(self.caption_text, 1)
        numbers = QHBoxLayout()
        numbers.addWidget(self.numbers)
        numbers.addWidget(self.numbers_from)
        form = QFormLayout()
        form.addRow("Size", self.width_box)
        form.addRow("Colours", self.colours)
        form.addRow(self.coordinates)
        form.addRow(self.show_marks)
        form.addRow(numbers)
        form.addRow(self.last_move)
        form.addRow(caption)
        self.save_png = QPushButton("Save as PNG…")
        self.save_svg = QPushButton("Save as SVG…")
        self.copy = QPushButton("Copy to clipboard")
        close = QPushButton("Close")
        self.save_png.clicked.connect(lambda: self._save(".png"))
        self.save_svg.clicked.connect(lambda: self._save(".svg"))
        self.copy.clicked.connect(self.copy_to_clipboard)
        close.clicked.connect(self.accept)
        buttons = QHBoxLayout()
        for button in (self.save_png, self.save_svg, self.copy, close):
            buttons.addWidget(button)
        self.preview = QLabel()
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setMinimumSize(PREVIEW_WIDTH, PREVIEW_HEIGHT)
        self.size_label = QLabel()
        for signal in (
            self.coordinates.toggled,
            self.show_marks.toggled,
            self.numbers.toggled,
            self.numbers_from.valueChanged,
            self.last_move.toggled,
            self.width_box.valueChanged,
            self.colours.currentIndexChanged,
            self.caption.toggled,
            self.caption_text.textChanged,
        ):
            signal.connect(self.update_preview)
        # a swap numbered has no stone: the caption offered says it (a figure of a game with
        # a swap went from 1 to 3 without a word); a caption written by hand stays
        self.numbers.toggled.connect(self._offer_caption)
        self.numbers_from.valueChanged.connect(self._offer_caption)
        self._take(remembered or {})
        layout = QVBoxLayout()
        layout.addWidget(self.preview)
        layout.addWidget(self.size_label)
        layout.addLayout(form)
        self.saved: list[Path] = []
        self.update_preview()
        self.area = scrolled(self, layout, buttons)  # (the buttons in sight on any screen)

    def _take(self, remembered: dict[str, object]) -> None:
        """The choices kept from the figure before: its width, whether it had a caption and
        a last move's mark, and what its caption added to the one offered ("White to play
        and win" gives "Black to play and win" where Black is to play)."""
        width = remembered.get("width")
        if isinstance(width, int) and not isinstance(width, bool):
            self.width_box.setValue(width)  # (kept within the box's range)
        colours = self.colours.findData(remembered.get("colours"))
        if colours >= 0:
            self.colours.setCurrentIndex(colours)
        if remembered.get("last_move") is True and self.last_move.isEnabled():
            self.last_move.setChecked(True)
        tail = remembered.get("caption_tail")
        if isinstance(tail, str) and len(tail) <= CAPTION_CHARS:
            self.caption_text.setText((self._caption + tail)[:CAPTION_CHARS])
        if remembered.get("caption") is True:
            self.caption.setChecked(True)

    def choices(self) -> dict[str, object]:
        """What the next figure takes again (``_take``)."""
        text = self.caption_text.text()
        offered = self._caption
        return {
            "width": self.width_box.value(),
            "colours": self.colours.currentData(),
            "last_move": self.last_move.isChecked(),
            "caption": self.caption.isChecked(),
            "caption_tail": text[len(offered) :] if text.startswith(offered) else "",
        }

    def _offer_caption(self) -> None:
        offered = default_caption(
            self.game, self.numbers_from.value() if self.numbers.isChecked() else None
        )
        if self.caption_text.text() == self._caption:
            self.caption_text.setText(offered)
        self._caption = offered

    def _caption_ticked(self, on: bool) -> None:
        """The caption's text, ready to be written over (typed after, it was added to the
        default: "White to playAfter 5.h6", tester 32)."""
        self.caption_text.setEnabled(on)
        if on:
            self.caption_text.setFocus()
            self.caption_text.selectAll()

    def update_preview(self) -> None:
        """Draw the figure as the choices stand, small, and say its size in pixels."""
        scene = self.figure()
        rect = scene.sceneRect()
        fits = PREVIEW_HEIGHT * rect.width() / rect.height() if rect.height() else PREVIEW_WIDTH
        image = scene_image(scene, max(1, min(PREVIEW_WIDTH, round(fits))))
        self.preview.setPixmap(QPixmap.fromImage(image))
        width = self.width_box.value()
        height = round(width * rect.height() / rect.width()) if rect.width() else 0
        self.size_label.setText(f"The figure: {width} × {height} pixels")

    def figure(self) -> BoardScene:
        """The figure's scene, as the dialog's choices draw it."""
        theme = THEMES[self.colours.currentData()]
        scene = BoardScene(self.game, theme, self.coordinates.isChecked(), self.orientation)
        scene.set_numbers(self.numbers_from.value() if self.numbers.isChecked() else None)
        scene.set_last_move_shown(self.last_move.isChecked())
        if self.show_marks.isChecked():
            scene.set_marks(self.marks)
        text = self.caption_text.text().strip()
        if self.caption.isChecked() and text:
            add_caption(scene, text, theme)
        return scene

    def choose_path(self, suffix: str) -> Path | None:
        """Where to save (replaced in tests); the window's own file chooser by default."""
        parent = self.parentWidget()
        chooser = getattr(parent, "choose_save_path", None)
        return chooser(suffix) if chooser is not None else None

    def _save(self, suffix: str) -> None:
        path = self.choose_path(suffix)
        if path is None:
            return
        try:
            render_scene(self.figure(), path, self.width_box.value())
        except (RenderError, OSError) as exc:
            inform = getattr(self.parentWidget(), "inform", None)
            if inform is not None:
                inform("Could not export", str(exc))
            return
        self.saved.append(path)
        self.size_label.setText(f"Saved {shown_path(path)}")

    def copy_to_clipboard(self) -> None:
        image = scene_image(self.figure(), self.width_box.value())
        QApplication.clipboard().setImage(image)
        self.size_label.setText(
            f"Copied to the clipboard: {image.width()} × {image.height()} pixels"
        )
