"""BoardScene: draws any board from its geometry descriptor, and the stones of a Game.

The scene only draws; it asks the Game what is legal and who has won, and never decides a rule.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TypeVar

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QRadialGradient,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPolygonItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ygui.core.drawing import (
    Orientation,
    board_middle,
    oriented_bounds,
    orienter,
    side_paths,
    stone_radii,
)
from ygui.core.game import BLACK, EMPTY, Game, Move
from ygui.core.geometry import Point
from ygui.core.rules.win import CornerRule, PerimeterRule
from ygui.core.wording import corner_names, side_named, side_role
from ygui.ui.theme import LIGHT, STONE_COLOURS, Theme, ink_on, mark_on

UNIT = 40.0
Item = TypeVar("Item", bound=QGraphicsItem)


FORBIDDEN = "forbidden"  # the data of a cross on a cell the player to move may not take


def scene_point(p: Point) -> QPointF:
    return QPointF(p[0] * UNIT, p[1] * UNIT)


def candidate_tint(worth: float) -> QColor:
    """A candidate mark's pale fill for its worth to the side to move: red at 0, yellow at
    one half, green at 1 (pale, so that it is not read as a stone of a red or blue game)."""
    worth = min(1.0, max(0.0, worth))
    return QColor.fromHsl(int(120 * worth), 190, 190)


class StoneItem(QGraphicsEllipseItem):
    def __init__(self, centre: QPointF, radius: float, colour_name: str, ghost: bool = False):
        super().__init__(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
        light, dark = STONE_COLOURS[colour_name]
        if ghost:
            # see-through, one light fill with a rim in the colour's own dark shade: a
            # see-through stone alone took the board's colour (Blue's looked grey on Hexagonal
            # Y, a tester's finding; a gradient's dark end still greyed it, the next tester's)
            fill = QColor(light)
            fill.setAlpha(170)
            self.setBrush(QBrush(fill))
            self.setPen(QPen(QColor(dark), radius * 0.14))
            self.setZValue(9)
        else:
            gradient = QRadialGradient(
                centre.x() - radius * 0.35, centre.y() - radius * 0.4, radius * 1.35
            )
            gradient.setColorAt(0.0, QColor(light))
            gradient.setColorAt(1.0, QColor(dark))
            self.setBrush(QBrush(gradient))
            edge = QColor("#000000")
            edge.setAlpha(110)
            self.setPen(QPen(edge, radius * 0.06))
            self.setZValue(10)
        # a plain disc under the gradient: an SVG figure read by a program that draws no
        # gradients showed hollow stones (ImageMagick's own renderer, tester 19)
        self.base = None if ghost else QColor.fromRgbF(*_mean(QColor(light), QColor(dark)))
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.colour_name = colour_name

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        if self.base is not None:
            painter.save()
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self.base)
            painter.drawEllipse(self.rect())
            painter.restore()
        super().paint(painter, option, widget)


def _mean(a: QColor, b: QColor) -> tuple[float, float, float, float]:
    return (
        (a.redF() + b.redF()) / 2,
        (a.greenF() + b.greenF()) / 2,
        (a.blueF() + b.blueF()) / 2,
        1.0,
    )


def heat_colour(share: float, dark: bool = False) -> QColor:
    """The heat map's colour for a cell with ``share`` of the most visited cell's visits:
    one hue, violet, from light for few to deep for the most. Not red to green: the
    candidates and the solver's map say worse to better in those, and the heat map's red,
    the most visited, was read as the best move where the table called it a loss (tester
    44). Opaque enough to be the key's colour on the board too (at a quarter it showed the
    board through and looked grey: a tester could not match the dots to the key). On the
    dark board, light and growing more vivid, never deep (the most visited cell's deep violet
    was lost on its dark brown: tester 85)."""
    if dark:
        return QColor.fromHsvF(0.77, 0.35 + 0.5 * share, 0.85 + 0.15 * share, 0.85 + 0.15 * share)
    return QColor.fromHsvF(0.77, 0.45 + 0.55 * share, 1.0 - 0.35 * share, 0.8 + 0.15 * share)


# cells with less than this share of all the visits have no mark: the search glanced at them
# only (every empty cell had a dot, corners included, and the few the search weighs stood out
# less: tester 28; two seconds into a search, a share of the most visited cell's still let
# every cell pass, tester 29)
HEAT_LEAST = 0.002
HEAT_RING = 0.55  # with the cells' names shown, the heat is a ring at least this large


def heat_size(share: float) -> float:
    """The heat map's disc, as a part of a stone's size: at most two thirds of it, so that
    the most visited cell's red disc is not taken for a stone (Hexagonal Y's Red)."""
    return 0.3 + 0.37 * share


@dataclass(frozen=True)
class HeatSummary:
    """What the legend of the heat map says: the most visited cell, its visits, all visits."""

    best: str
    best_visits: int
    visits: int


GUIDE = "#1e88e5"  # the engine's advice: the hint's ring, the best candidate's frame
GUIDE_ON_BLUE = "#8e24aa"  # the same on boards with a Blue player
GUIDE_INK, GUIDE_INK_ON_BLUE = "#0d47a1", "#4a148c"  # their words
SOLUTION_WON = "#2e7d32"  # the solver's map: a move that wins
SOLUTION_LOST = "#c62828"  # and one that loses
MARK_INK = "#1f4fa8"  # the user's marks on empty cells (on the light board)


class BoardScene(QGraphicsScene):
    """Draws ``game`` and keeps the drawing in step with it through ``refresh``."""

    heatChanged = Signal()  # the heat map was drawn or cleared (see ``heat``)

    def __init__(
        self,
        game: Game,
        theme: Theme = LIGHT,
        show_labels: bool = False,
        orientation: Orientation | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.orientation = orientation or Orientation()
        self.theme = theme
        self.show_labels = show_labels
        self.ended = False  # (see ``show``)
        self.numbers_from: int | None = None  # number the stones of moves from this one on
        self._numbers: list[QGraphicsSimpleTextItem] = []
        self._mark_items: list[QGraphicsItem] = []
        self.marks: dict[int, tuple[str, str]] = {}
        self._heat_items: list[QGraphicsItem] = []
        self.heat: HeatSummary | None = None
        self._solution_items: dict[int, QGraphicsEllipseItem] = {}
        self.solution: tuple[set[int], set[int]] | None = None
        self._hint_items: list[QGraphicsItem] = []
        self._mistake_items: list[QGraphicsItem] = []
        self._mistake_given: tuple[int | None, int | None, int] | None = None
        self._preview_items: list[QGraphicsItem] = []
        self._preview_backs: list[QGraphicsItem] = []
        self._candidate_items: list[QGraphicsItem] = []
        self._candidate_labels: list[QGraphicsSimpleTextItem] = []
        self._candidate_names: list[QGraphicsSimpleTextItem] = []
        self._stones: dict[int, StoneItem] = {}
        self._ghosts: list[QGraphicsItem] = []
        self._marks: list[QGraphicsItem] = []
        self._build()

    # ----- building ---------------------------------------------------------------------
    def show(self, game: Game, orientation: Orientation | None = None, ended: bool = False) -> None:
        """Draw ``game``'s position: the one way the board learns of a position. The board
        itself is rebuilt only when the game is played on another board or by other rules,
        or in another ``orientation`` (None: as it is). ``ended``: the game has ended there
        without a winner on the board (resigned, lost on time): no cell is crossed as
        forbidden (the crosses stood after a loss on time: tester 65)."""
        self.ended = ended
        same_board = game.geometry is self.game.geometry and game.options == self.game.options
        if not same_board:
            self.solution = None  # the solver's map was of another board
        self.game = game
        if orientation is not None and orientation.normal(game.geometry) != self.orientation:
            self.orientation = orientation
            same_board = False
        if same_board:
            self.refresh()
        else:
            self._build()

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme
        self._redraw()

    def _redraw(self) -> None:
        """Draw the same board and position again (in another theme or orientation), with
        what the analysis had drawn on it: the heat map, the candidates, the hint's ring and
        the line shown. (``_build`` alone drops them: it also draws a new board.)"""
        heat, candidates, first = self._heat_given, self._candidates_given, self._first_is_best
        hint, preview, mistake = self._hint_given, self._preview_given, self._mistake_given
        self._build()
        self.set_heat(heat)
        self.set_candidates(candidates, first)
        self.set_hint(hint)
        self.set_preview(preview)
        self.set_mistake(*(mistake or (None, None, 0)))

    def _remove(self, items: list[Item]) -> None:
        """Take ``items`` off the board, and empty the list."""
        for item in items:
            self.removeItem(item)
        items.clear()

    def set_orientation(self, orientation: Orientation) -> None:
        """Turn or mirror the picture of the board (the cells keep their names)."""
        self.orientation = orientation.normal(self.game.geometry)
        self._redraw()

    def point(self, p: Point) -> QPointF:
        """Where a point of the board's geometry is drawn, in the board's orientation."""
        return scene_point(self._place(p))

    def set_show_labels(self, show: bool) -> None:
        self.show_labels = show
        self.refresh()
        if self._heat_given is not None:
            self.set_heat(self._heat_given)  # (rings round the names, or discs)
        if self._candidates_given is not None:  # (with their cells' names, or not)
            self.set_candidates(self._candidates_given, self._first_is_best)

    def set_numbers(self, start: int | None) -> None:
        """Move numbers on the stones of moves ``start`` and after (None: no numbers)."""
        self.numbers_from = start
        self.refresh()

    def set_marks(self, marks: dict[int, tuple[str, str]]) -> None:
        """The user's marks on the position shown: cell -> (kind, text)."""
        self.marks = dict(marks)
        self._draw_user_marks()

    def _draw_user_marks(self) -> None:
        self._remove(self._mark_items)
        game = self.game
        numbered = self.numbered_stones()
        hidden = set(numbered) | set(self.marks)
        # cells whose centre another label holds: a stone's number, a candidate's rate (a
        # letter drawn over a candidate hid its name and rate: tester 53)
        crowded = set(numbered) | self._candidate_cells()
        for cell, label in enumerate(self._labels):  # a mark takes the coordinate's place
            label.setVisible(self._label_shown(cell) and cell not in hidden)
        for cell, (kind, text) in self.marks.items():
            if not 0 <= cell < game.geometry.size:
                continue
            colour = game.colours[cell]
            # (on an empty cell: blue, lighter on the dark board, where a darker ink was lost;
            # not the red of a cell the solver finds losing, which a letter took for its own
            # and hid: tester 83)
            empty_ink = MARK_INK if self.theme is LIGHT else "#90b8ff"
            ink = QColor(ink_on(game.colour_name(colour))) if colour else QColor(empty_ink)
            p = self.point(game.geometry.centres[cell])
            size = self.radii[cell]
            if cell in crowded:
                # a stone's number (or a candidate) and a mark both: the mark small at the
                # upper right, on a patch of board (drawn over the number, neither could be
                # read in a figure: tester 41)
                # (at half size, a square on a Poly-Y cell was some 6 pixels: tester 56)
                p = QPointF(p.x() + 0.74 * size, p.y() - 0.74 * size)
                size *= 0.64
                ink = QColor(empty_ink)
                self._mark_items.append(self._board_patch(p, size * 0.75, 21.5))
            r = size * 0.55
            shape: QGraphicsItem
            if kind == "triangle":
                shape = QGraphicsPolygonItem(
                    QPolygonF(
                        [
                            QPointF(p.x(), p.y() - r),
                            QPointF(p.x() + r * 0.87, p.y() + r * 0.5),
                            QPointF(p.x() - r * 0.87, p.y() + r * 0.5),
                        ]
                    )
                )
                shape.setPen(QPen(ink, max(1.5, r * 0.18)))
            elif kind == "square":
                side = r * 1.3
                shape = QGraphicsRectItem(p.x() - side / 2, p.y() - side / 2, side, side)
                shape.setPen(QPen(ink, max(1.5, r * 0.18)))
            else:
                label = QGraphicsSimpleTextItem(text)
                font = QFont()
                font.setPixelSize(max(6, int(size * (1.1 if len(text) < 2 else 0.75))))
                font.setBold(True)
                label.setFont(font)
                label.setBrush(ink)
                rect = label.boundingRect()
                label.setPos(p.x() - rect.width() / 2, p.y() - rect.height() / 2)
                shape = label
                if not colour and cell not in numbered:  # on the board, on a patch of it
                    self._mark_items.append(self._board_patch(p, r * 1.2, 21.5))
            shape.setZValue(22)
            shape.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            shape.setData(0, (cell, kind, text))
            self.addItem(shape)
            self._mark_items.append(shape)

    @property
    def drawn_marks(self) -> dict[int, tuple[str, str]]:
        """Cell -> (kind, text) of the user's marks as drawn (read from the items)."""
        found = {}
        for item in self._mark_items:
            data = item.data(0)
            cell = self.cell_at(item.sceneBoundingRect().center())
            if data and cell is not None:
                found[cell] = (data[1], data[2])
        return found

    def numbered_stones(self) -> dict[int, int]:
        """Cell -> the move number shown on its stone (the later move where a cell holds two
        numbers' stones, as in Hexagonal Y's pairs)."""
        start = self.numbers_from
        if start is None:
            return {}
        game = self.game
        pairs = game.geometry.opposite if isinstance(game.rule, PerimeterRule) else {}
        numbers: dict[int, int] = {}
        for number, move in enumerate(game.moves, start=1):
            if move.cell is None or number < start:
                continue
            for cell in (move.cell, pairs.get(move.cell)):
                if cell is not None and game.colours[cell] != EMPTY:
                    numbers[cell] = number
        return numbers

    def _build(self) -> None:
        self.clear()
        # what the analysis asked to be drawn (``_redraw`` draws it again)
        self._heat_given: dict[int, int] | None = None
        self._candidates_given: list[tuple[int, str, float]] | None = None
        self._candidate_labels, self._candidate_names = [], []  # (cleared with the scene)
        self._first_is_best = True
        self._hint_given: int | None = None
        self._preview_given: list[tuple[int, int, int]] | None = None
        self._mistake_given = None
        self._mistake_items = []
        self._last_move_items: list[QGraphicsItem] = []
        self.last_move_shown = True  # (a figure may leave the last move's mark out)
        self._heat_items = []
        if self.heat is not None:
            self.heat = None
            self.heatChanged.emit()
        self._solution_items = {}
        self._hint_items = []
        self._preview_items = []
        self._preview_backs = []
        self._candidate_items = []
        self._numbers = []
        self._mark_items = []
        self._stones = {}
        self._ghosts = []
        self._marks = []
        self._labels: list[QGraphicsSimpleTextItem] = []
        self._side_items: list[QGraphicsPathItem] = []
        self.side_halos: list[QGraphicsPathItem] = []  # edges round sides hard to see
        self._corner_items: list[QGraphicsPolygonItem] = []
        g = self.game.geometry
        self.orientation = self.orientation.normal(g)
        self._place = orienter(g, self.orientation)
        self.radii = [r * UNIT for r in stone_radii(g)]
        self.setBackgroundBrush(self.theme.colour("background"))
        if g.outlines is not None:
            self._draw_cells()
        else:
            self._draw_points()
        self._draw_sides()
        self._draw_corner_markers()
        self._draw_labels()
        x0, y0, x1, y1 = oriented_bounds(g, self._place)
        margin = UNIT * 0.9
        room = QRectF(
            x0 * UNIT - margin,
            y0 * UNIT - margin,
            (x1 - x0) * UNIT + 2 * margin,
            (y1 - y0) * UNIT + 2 * margin,
        )
        # and Poly-Y's corner markers, with a little room round them (their tips touched the
        # view's edge, the new-game dialog's preview's: tester 83)
        gap = UNIT * 0.25
        for item in self._corner_items:
            room = room.united(item.sceneBoundingRect().adjusted(-gap, -gap, gap, gap))
        self.setSceneRect(room)
        self.refresh()
        self._draw_solution()
        self._cursor_items: list[QGraphicsItem] = []  # (cleared with the scene)
        self.set_cursor(self.cursor_cell)

    # ----- the keyboard's cursor ----------------------------------------------------------
    cursor_cell: int | None = None  # the cell the keyboard's cursor is on, shown (or None)

    def set_cursor(self, cell: int | None) -> None:
        """Ring the keyboard's cell (None: no cursor): a black and a white ring, seen on any
        board and stone, and unlike the engine's dashed hint."""
        self._remove(self._cursor_items)
        if cell is not None and not 0 <= cell < self.game.geometry.size:
            cell = None  # (another board's)
        self.cursor_cell = cell
        if cell is None:
            return
        p = self.cell_position(cell)
        radius = self.radii[cell] * 1.12
        width = max(2.0, self.radii[cell] * 0.12)
        for colour, pen_width in (("#000000", 2 * width), ("#ffffff", width)):
            ring = QGraphicsEllipseItem(p.x() - radius, p.y() - radius, 2 * radius, 2 * radius)
            ring.setPen(QPen(QColor(colour), pen_width))
            ring.setBrush(Qt.BrushStyle.NoBrush)
            ring.setZValue(30)  # over every mark
            ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.addItem(ring)
            self._cursor_items.append(ring)

    def cursor_step(self, cell: int, dx: int, dy: int, along: float | None) -> tuple[int, float]:
        """The cell an arrow key moves the cursor to from ``cell``, in the board's picture
        (turned or mirrored as shown): of the cells ahead within 50 degrees of the arrow's
        direction, those of the nearest row (or column), and among them the one nearest to
        ``along``, the cursor's remembered place across the arrow's direction (as a text
        cursor keeps its column going up and down the lines: on a hexagonal lattice each
        step up would otherwise drift to one side). Returns the cell (``cell`` where none is
        ahead) and the place across to remember."""
        here = self.cell_position(cell)
        spots = [self.cell_position(c) for c in range(self.game.geometry.size)]
        across = (here.y() if dx else here.x()) if along is None else along
        ahead: list[tuple[float, float, int]] = []
        for c, spot in enumerate(spots):
            if c == cell:
                continue
            forward = (spot.x() - here.x()) * dx + (spot.y() - here.y()) * dy
            sideways = abs((spot.y() - here.y()) if dx else (spot.x() - here.x()))
            if forward > 1e-6 and sideways <= 1.2 * forward:  # (within 50 degrees)
                off = abs((spot.y() if dx else spot.x()) - across)
                ahead.append((forward, off, c))
        if not ahead:
            return cell, across
        nearest = min(f for f, _, _ in ahead)
        band = nearest + 0.5 * min(self.radii)  # (one row of an irregular board)
        _, _, best = min((off, f, c) for f, off, c in ahead if f <= band)
        return best, across

    def _draw_cells(self) -> None:
        g = self.game.geometry
        assert g.outlines is not None
        pen = QPen(self.theme.colour("cell_line"), 1.3)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        board = self.theme.colour("board")
        self._cell_items = []
        for outline in g.outlines:
            item = QGraphicsPolygonItem(QPolygonF([self.point(p) for p in outline]))
            item.setBrush(board)
            item.setPen(pen)
            item.setZValue(0)
            self.addItem(item)
            self._cell_items.append(item)

    def _draw_points(self) -> None:
        g = self.game.geometry
        outline = QPainterPath()
        outline.moveTo(self.point(g.centres[g.perimeter[0]]))
        for cell in g.perimeter[1:]:
            outline.lineTo(self.point(g.centres[cell]))
        outline.closeSubpath()
        backing = QGraphicsPathItem(outline)
        backing.setBrush(self.theme.colour("board"))
        wide = QPen(self.theme.colour("board"), UNIT * 1.3)
        wide.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        backing.setPen(wide)
        backing.setZValue(-1)
        self.addItem(backing)
        lines = QPainterPath()
        for a, b in g.lines:
            lines.moveTo(self.point(g.centres[a]))
            lines.lineTo(self.point(g.centres[b]))
        line_item = QGraphicsPathItem(lines)
        line_item.setPen(QPen(self.theme.colour("line"), 1.6))
        line_item.setZValue(0)
        self.addItem(line_item)
        self._cell_items = []
        dot = QBrush(self.theme.colour("point"))
        # the points on the edge, light on the side's line, over it: drawn like the others
        # they were lost under it, and a newcomer did not see that the edge's crossings are
        # points to play (tester 80)
        edge = set(g.perimeter)
        light = QBrush(self.theme.colour("board"))
        rim = QPen(self.theme.colour("point"), 1.0)
        for cell, centre in enumerate(g.centres):
            r = 3.2 if len(g.neighbours[cell]) != 5 else 4.5
            p = self.point(centre)
            item = QGraphicsEllipseItem(p.x() - r, p.y() - r, 2 * r, 2 * r)
            if cell in edge:
                item.setBrush(light)
                item.setPen(rim)
                item.setZValue(2.1)  # (over the sides, 2, and their halos)
            else:
                item.setBrush(dot)
                item.setPen(QPen(Qt.PenStyle.NoPen))
                item.setZValue(1)
            self.addItem(item)

    def side_colour(self, side: int) -> QColor:
        name = self.game.geometry.side_names[side]
        return self.theme.colour(side_role(self.game.options.game, name))

    def _draw_sides(self) -> None:
        width = UNIT * (0.2 if self.game.geometry.outlines is not None else 0.16)
        for side, segments in enumerate(side_paths(self.game.geometry)):
            path = QPainterPath()
            for a, b in segments:
                path.moveTo(self.point(a))
                path.lineTo(self.point(b))
            item = QGraphicsPathItem(path)
            colour = self.side_colour(side)
            background = self.theme.colour("background")
            if abs(colour.lightnessF() - background.lightnessF()) < 0.2:
                # a side of nearly the background's colour, edged in the labels' colour
                # (Eccentric Y's black sides on the dark theme's near-black: tester 62)
                halo = QGraphicsPathItem(path)
                edge = QPen(self.theme.colour("label"), width * 1.6)
                edge.setCapStyle(Qt.PenCapStyle.RoundCap)
                halo.setPen(edge)
                halo.setZValue(1.9)
                self.addItem(halo)
                self.side_halos.append(halo)
            pen = QPen(colour, width)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            item.setPen(pen)
            item.setZValue(2)
            item.setToolTip(side_named(self.game.geometry.side_names[side]))
            self.addItem(item)
            self._side_items.append(item)

    def _draw_corner_markers(self) -> None:
        if not isinstance(self.game.rule, CornerRule):
            return
        g = self.game.geometry
        cx, cy = board_middle(g)
        for corner in g.corners:
            x, y = g.centres[corner]
            dx, dy = x - cx, y - cy
            length = math.hypot(dx, dy) or 1.0
            ux, uy = dx / length, dy / length
            tip = (x + ux * 0.75, y + uy * 0.75)
            base = (x + ux * 1.35, y + uy * 1.35)
            half = 0.32
            triangle = QPolygonF(
                [
                    self.point(tip),
                    self.point((base[0] - uy * half, base[1] + ux * half)),
                    self.point((base[0] + uy * half, base[1] - ux * half)),
                ]
            )
            item = QGraphicsPolygonItem(triangle)
            item.setZValue(3)
            self.addItem(item)
            self._corner_items.append(item)

    def _draw_labels(self) -> None:
        """Cell names, centred on the cell. On boards of points, where lines and dots cross
        the name, an empty point's name sits on a patch of board colour."""
        g = self.game.geometry
        font = QFont()
        self._label_backs: list[QGraphicsRectItem | None] = []
        on_points = g.outlines is None

        def fits(radius: float, length: int) -> int:
            """The largest size of a name of ``length`` characters in a cell of ``radius``."""
            return max(6, int(min(0.75 * radius, 1.75 * radius / (0.6 * length))))

        # one size for every name where it fits, so that the names read alike (each as large
        # as its own cell allowed made 37 and 100 smaller than their neighbours on Poly-Y, a
        # tester's finding): the size the longest name takes in all but the smallest cells
        longest = max(len(text) for text in g.labels)
        self._names_are_numbers = all(text.isdigit() for text in g.labels)
        sizes = sorted(fits(self.radii[c], longest) for c in range(len(g.centres)))
        common = sizes[len(sizes) // 5]
        for cell, centre in enumerate(g.centres):
            radius = self.radii[cell]
            text = g.labels[cell]
            font.setPixelSize(min(common, fits(radius, len(text))))
            item = QGraphicsSimpleTextItem(text)
            item.setFont(font)
            item.setBrush(self.theme.colour("label"))
            rect = item.boundingRect()
            p = self.point(centre)
            item.setPos(p.x() - rect.width() / 2, p.y() - rect.height() / 2)
            item.setZValue(20)
            item.setVisible(self.show_labels)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.addItem(item)
            self._labels.append(item)
            back = None
            if on_points:
                pad = 1.5
                back = QGraphicsRectItem(
                    item.pos().x() - pad, item.pos().y(), rect.width() + 2 * pad, rect.height()
                )
                back.setBrush(self.theme.colour("board"))
                back.setPen(QPen(Qt.PenStyle.NoPen))
                back.setZValue(5)
                back.setVisible(self.show_labels)
                back.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                self.addItem(back)
            self._label_backs.append(back)

    def _label_shown(self, cell: int) -> bool:
        """Whether a cell's name is drawn. Not on a stone while moves are numbered, where the
        names are numbers too (Poly-Y, Mudcrack Y): a set-up stone's "13" read as a move's
        number beside the numbered stone "1" (tester 70)."""
        if not self.show_labels:
            return False
        if self.numbers_from is None or self.game.colours[cell] == EMPTY:
            return True
        return not self._names_are_numbers

    def _show_label(self, cell: int, stone: str | None) -> None:
        """A label reads on its stone (light ink on a dark stone) and on the empty board."""
        label = self._labels[cell]
        label.setVisible(self._label_shown(cell))
        label.setBrush(QColor(ink_on(stone)) if stone else self.theme.colour("label"))
        back = self._label_backs[cell]
        if back is not None:
            back.setVisible(self.show_labels and stone is None)

    # ----- state ------------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring stones, markers and highlights in line with the game."""
        game = self.game
        for cell, colour in enumerate(game.colours):
            item = self._stones.get(cell)
            name = game.colour_name(colour) if colour != EMPTY else None
            if item is not None and (name is None or item.colour_name != name):
                self.removeItem(item)
                del self._stones[cell]
                item = None
            if item is None and name is not None:
                item = StoneItem(self.point(game.geometry.centres[cell]), self.radii[cell], name)
                self.addItem(item)
                self._stones[cell] = item
            self._show_label(cell, name)
        self._draw_numbers()
        self._draw_user_marks()
        self.clear_ghost()
        self._draw_marks()
        self._colour_corners()

    def _draw_numbers(self) -> None:
        self._remove(self._numbers)
        game = self.game
        for cell, number in self.numbered_stones().items():
            stone = game.colour_name(game.colours[cell])
            text = str(number)
            item = QGraphicsSimpleTextItem(text)
            font = QFont()
            radius = self.radii[cell]
            font.setPixelSize(max(6, int(min(0.95 * radius, 2.2 * radius / (0.6 * len(text))))))
            font.setBold(True)
            item.setFont(font)
            item.setBrush(QColor(ink_on(stone)))
            rect = item.boundingRect()
            p = self.point(game.geometry.centres[cell])
            item.setPos(p.x() - rect.width() / 2, p.y() - rect.height() / 2)
            item.setZValue(21)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.addItem(item)
            self._numbers.append(item)
            self._labels[cell].setVisible(False)  # the number takes the coordinate's place

    @property
    def drawn_numbers(self) -> dict[int, str]:
        """Cell -> the number drawn there, read from the items (for tests)."""
        found = {}
        for item in self._numbers:
            cell = self.cell_at(item.sceneBoundingRect().center())
            if cell is not None:
                found[cell] = item.text()
        return found

    def _draw_marks(self) -> None:
        self._remove(self._marks)
        game = self.game
        latest = game.latest_turn_stones if game.moves else ()
        if latest:
            cells = []
            for placed in latest:  # (every stone of a turn of several)
                cells.append(placed)
                opposite = (
                    game.geometry.opposite.get(placed)
                    if isinstance(game.rule, PerimeterRule)
                    else None
                )
                if opposite is not None and game.colours[opposite] == game.colours[placed]:
                    cells.append(opposite)
            # the stones of a turn under way are told from the turn before by their mark: a
            # hollow ring (dashed round a cell's name), not a dot (both were alike: a tester
            # could not tell which stones belonged to the turn being played)
            under_way = set(game.turn_stones) if game.winner is None else set()
            numbered = self.numbers_from is not None
            for cell in cells:
                stone = game.colour_name(game.colours[cell])
                dot = QColor(mark_on(stone) or self.theme.last_move)
                this_turn = cell in under_way or game.geometry.opposite.get(cell) in under_way
                if self.show_labels or numbered:  # a ring round the stone: the text stays readable
                    self._mark(cell, self.radii[cell] * 0.92, ring=dot, dashed=this_turn)
                elif this_turn:
                    self._mark(cell, self.radii[cell] * 0.4, ring=dot, width=0.4)
                else:
                    self._mark(cell, self.radii[cell] * 0.28, fill=dot)
        self._last_move_items = list(self._marks)
        self._show_last_move()
        self._draw_forbidden()
        winning = game.winning_groups()
        edge = QColor(self.theme.colour("win")).darker(260)
        for group in winning:
            for cell in group:  # a bright ring with a dark edge: seen on light and dark boards
                self._mark(cell, self.radii[cell] * 1.13, ring=edge, width=0.07, least=1.0)
                self._mark(cell, self.radii[cell] * 1.03, ring=self.theme.colour("win"), width=0.2)
        touched: set[str] = set()
        # (not the sides Hexagonal Y's winning group happens to touch: it wins by its span of
        # the edge, whatever the sides; four of six lit for a row from corner to corner read
        # as a meaning nobody could find, tester 53; nor Poly-Y's, won by corners)
        if not isinstance(game.rule, (CornerRule, PerimeterRule)):
            for group in winning:
                touched.update(game.sides_touched(group))
        for side, item in enumerate(self._side_items):
            pen = item.pen()
            name = game.geometry.side_names[side]
            base = UNIT * (0.2 if game.geometry.outlines is not None else 0.16)
            if winning and name in touched:
                pen.setWidthF(base * 1.7)
                pen.setColor(self.theme.colour("win"))
            else:
                pen.setWidthF(base)
                pen.setColor(self.side_colour(side))
            item.setPen(pen)

    def _draw_forbidden(self) -> None:
        """A faint cross on each empty cell the player to move may not take now (tabu's
        cells beside the opponent's last stone, a turn's stone that would join another of
        the same turn): the game says which, the board only shows them (a tester found
        nothing telling them apart before a click was refused)."""
        if self.ended:
            return
        game = self.game
        colour = self.theme.colour("refused")
        colour.setAlpha(115)  # (late in a progressive game some thirty of them, at 170, read
        # as a board covered in red: tester 36)
        for cell, reason in game.forbidden_cells().items():
            p, arm = self.point(game.geometry.centres[cell]), self.radii[cell] * 0.3
            if self.show_labels:  # smaller, under the cell's name: it struck the name through
                arm = self.radii[cell] * 0.16
                p = QPointF(p.x(), p.y() + 0.62 * self.radii[cell])
            path = QPainterPath()
            path.moveTo(p.x() - arm, p.y() - arm)
            path.lineTo(p.x() + arm, p.y() + arm)
            path.moveTo(p.x() - arm, p.y() + arm)
            path.lineTo(p.x() + arm, p.y() - arm)
            item = QGraphicsPathItem(path)
            item.setPen(QPen(colour, max(1.5, self.radii[cell] * 0.08)))
            item.setZValue(11)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            item.setToolTip(reason[:1].upper() + reason[1:] + ".")
            item.setData(0, FORBIDDEN)
            self.addItem(item)
            self._marks.append(item)

    @property
    def forbidden_cells(self) -> set[int]:
        """The cells drawn as not to be taken now, read from the items (for tests)."""
        found = set()
        for item in self._marks:
            if item.data(0) == FORBIDDEN:
                cell = self.cell_at(item.sceneBoundingRect().center())
                if cell is not None:
                    found.add(cell)
        return found

    def _mark(
        self,
        cell: int,
        radius: float,
        fill: QColor | None = None,
        ring: QColor | None = None,
        width: float = 0.16,
        least: float = 2.0,
        dashed: bool = False,
    ) -> None:
        """A dot (``fill``) or a ring (``ring``, ``width`` of the radius thick, ``least``
        pixels at least, ``dashed`` or whole) on a cell."""
        p = self.point(self.game.geometry.centres[cell])
        item = QGraphicsEllipseItem(p.x() - radius, p.y() - radius, 2 * radius, 2 * radius)
        if fill is not None:
            item.setBrush(fill)
            item.setPen(QPen(Qt.PenStyle.NoPen))
        if ring is not None:
            item.setBrush(Qt.BrushStyle.NoBrush)
            pen = QPen(ring, max(least, radius * width))
            if dashed:  # (short dashes, wide gaps: Qt's own dashes read as a whole ring)
                pen.setDashPattern([1.2, 1.6])
            item.setPen(pen)
        item.setZValue(12)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(item)
        self._marks.append(item)

    def _colour_corners(self) -> None:
        if not self._corner_items:
            return
        held = {s: c for c in (1, 2) for s in self.game.corners_held(c)}
        names = corner_names(self.game.geometry)
        for s, item in enumerate(self._corner_items):
            if s in held:
                light, dark = STONE_COLOURS[self.game.colour_name(held[s])]
                item.setBrush(QColor(dark if held[s] == BLACK else light))
                # (a black outline was lost on the dark theme's background: a tester's)
                outline = "#000000" if self.theme is LIGHT else self.theme.point
                item.setPen(QPen(QColor(outline), 1.2))
                item.setToolTip(
                    f"The {names[s]} corner: captured by {self.game.colour_name(held[s])}"
                )
            else:
                item.setBrush(QColor("#b9b2a3"))
                item.setPen(QPen(QColor("#6d6759"), 1.0))
                state = "not captured" if self.game.is_over else "not yet captured"
                item.setToolTip(f"The {names[s]} corner: {state}")

    # ----- analysis overlays ----------------------------------------------------------------
    def set_heat(self, visits: dict[int, int] | None) -> None:
        """Shade each cell by its share of the engine's visits (None clears the map)."""
        self._remove(self._heat_items)
        self._heat_given = None if visits is None else dict(visits)
        empty = {c: n for c, n in (visits or {}).items() if n > 0 and not self.game.colours[c]}
        if not empty:
            self.heat = None
            self.heatChanged.emit()
            return
        assert visits is not None
        top = max(visits.values()) or 1
        best = max(empty, key=lambda c: empty[c])
        # (a Hexagonal Y edge pair named by both its cells, as the candidates name it)
        named = " + ".join(self.game.geometry.labels[c] for c in self.game.placement_cells(best))
        self.heat = HeatSummary(named, empty[best], sum(visits.values()))
        # (not under the solver's map: its exact answer covers the estimate there, and the
        # heat's red, the most visited, showed through its red, a move that loses)
        settled = set() if self.solution is None else self.solution[0] | self.solution[1]
        total = sum(visits.values())
        # a Hexagonal Y edge pair, one move searched by its first cell, warms its second too
        # (which the search never lists)
        twins = {
            twin: n
            for c, n in visits.items()
            for twin in self.game.placement_cells(c)[1:]
            if self.game.is_paired_twin(twin)
        }
        for cell, count in [*visits.items(), *twins.items()]:
            if count <= 0 or self.game.colours[cell] or cell in settled:
                continue
            if count < HEAT_LEAST * total:
                continue
            share = count / top
            colour = heat_colour(share, dark=self.theme.name == "dark")
            radius = self.radii[cell] * heat_size(share)
            p = self.cell_position(cell)
            if self.show_labels:
                # a ring round the cell's name, which a disc covered (a tester could not read
                # the numbers under the dots)
                radius = self.radii[cell] * max(heat_size(share), HEAT_RING)
            item = QGraphicsEllipseItem(p.x() - radius, p.y() - radius, 2 * radius, 2 * radius)
            if self.show_labels:
                item.setBrush(Qt.BrushStyle.NoBrush)
                item.setPen(QPen(colour, self.radii[cell] * 0.16))
            else:
                item.setBrush(colour)
                item.setPen(QPen(Qt.PenStyle.NoPen))
            item.setZValue(8)
            item.setToolTip(f"{self.game.geometry.labels[cell]}: {count} visits")
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.addItem(item)
            self._heat_items.append(item)
        self.heatChanged.emit()

    def set_solution(self, cells: tuple[set[int], set[int]] | None) -> None:
        """The solver's map: a green disc on each cell that wins for the player to move, a
        red one on each that loses (None clears it). Kept when the board is turned."""
        self.solution = None if cells is None else (set(cells[0]), set(cells[1]))
        self._draw_solution()
        if self._heat_given is not None:
            self.set_heat(self._heat_given)  # (none under the map; back where it has gone)

    def _draw_solution(self) -> None:
        for item in self._solution_items.values():
            self.removeItem(item)
        self._solution_items = {}
        if self.solution is None:
            return
        won, lost = self.solution
        for cell in sorted(won | lost):
            if self.game.colours[cell]:
                continue
            wins = cell in won
            colour = QColor(SOLUTION_WON if wins else SOLUTION_LOST)
            radius = self.radii[cell] * 0.62
            p = self.cell_position(cell)
            item = QGraphicsEllipseItem(p.x() - radius, p.y() - radius, 2 * radius, 2 * radius)
            fill = QColor(colour)
            fill.setAlphaF(0.55)
            item.setBrush(fill)
            item.setPen(QPen(colour, 2.0))
            item.setZValue(9)
            what = "wins" if wins else "loses"
            item.setToolTip(f"{self.game.geometry.labels[cell]} {what} (proved)")
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.addItem(item)
            self._solution_items[cell] = item

    @property
    def solution_cells(self) -> dict[int, str]:
        """The solver's map as drawn: cell -> "won" or "lost", from the items' colours."""
        won = QColor(SOLUTION_WON)
        return {
            cell: "won" if item.pen().color() == won else "lost"
            for cell, item in self._solution_items.items()
        }

    def _board_patch(self, centre: QPointF, radius: float, z: float) -> QGraphicsItem:
        """A disc of the board's colour, that hides what lies under it (added to the scene)."""
        back = QGraphicsEllipseItem(
            centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius
        )
        back.setBrush(self.theme.colour("board"))
        back.setPen(QPen(Qt.PenStyle.NoPen))
        back.setZValue(z)
        back.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(back)
        return back

    def set_preview(self, stones: list[tuple[int, int, int]] | None) -> None:
        """Show a line of play as see-through numbered stones (cell, colour, number), or
        clear it.
        Each sits on a disc of the board's colour: what is under it (the cell's name, a
        candidate's percentage, the heat map) does not show through behind its number."""
        self._remove(self._preview_items)
        self._remove(self._preview_backs)
        self._preview_given = None if stones is None else list(stones)
        placed = {cell for cell, colour, _ in stones or [] if colour != EMPTY}
        for cell, colour, number in stones or []:
            if colour == EMPTY:  # a swap, said on the first stone, which it takes
                self._preview_swap(cell, number, below=cell in placed)
                continue
            name = self.game.colour_name(colour)
            back = self._board_patch(self.cell_position(cell), self.radii[cell], 20.65)
            self._preview_backs.append(back)
            stone = StoneItem(self.cell_position(cell), self.radii[cell], name, ghost=True)
            stone.setZValue(20.7)  # over the candidates' labels: a line shown is read first
            self.addItem(stone)
            label = QGraphicsSimpleTextItem(str(number))
            font = QFont()
            font.setPixelSize(max(7, int(self.radii[cell] * 0.9)))
            font.setBold(True)
            label.setFont(font)
            label.setBrush(QColor(ink_on(name)))
            rect = label.boundingRect()
            p = self.cell_position(cell)
            label.setPos(p.x() - rect.width() / 2, p.y() - rect.height() / 2)
            label.setZValue(20.8)
            self.addItem(label)
            self._preview_items += [stone, label]

    def _preview_swap(self, cell: int, number: int, below: bool) -> None:
        """A line's swap: its number and "swap" on the first stone (``below`` the number of
        that stone's own move where the line places it too), on a patch of the board's colour
        so that it reads on either stone."""
        radius = self.radii[cell]
        label = QGraphicsSimpleTextItem(f"{number} swap")
        font = QFont()
        font.setPixelSize(max(7, int(radius * 0.5)))
        font.setBold(True)
        label.setFont(font)
        label.setBrush(self.theme.colour("label"))
        rect = label.boundingRect()
        p = self.cell_position(cell)
        y = p.y() + (radius * 0.72 if below else 0.0)
        label.setPos(p.x() - rect.width() / 2, y - rect.height() / 2)
        # (over a mistake's ring too, which ran through it: "? swa", tester 84)
        label.setZValue(21.4)
        back = QGraphicsRectItem(label.sceneBoundingRect().adjusted(-2, 0, 2, 0))
        back.setBrush(self.theme.colour("board"))
        back.setPen(QPen(Qt.PenStyle.NoPen))
        back.setZValue(21.35)
        self.addItem(back)
        self.addItem(label)
        self._preview_items += [back, label]

    def set_candidates(
        self, marks: list[tuple[int, str, float]] | None, first_is_best: bool = True
    ) -> None:
        """Mark the engine's candidate cells with their win rate (cell, text, worth from 0 to
        1), the first framed in blue as the best unless ``first_is_best`` is false (the best is
        no cell: a swap) (None clears them). A mark is a rounded square tinted from
        red (lost) through yellow to green (won): a round white disc read as a white stone. With
        the cells' names shown, the mark says its cell's name above the rate (the names were
        hidden under the marks)."""
        self._remove(self._candidate_items)
        self._candidate_labels, self._candidate_names = [], []
        self._candidates_given = None if marks is None else list(marks)
        self._first_is_best = first_is_best
        for rank, (cell, text, worth) in enumerate(marks or [], start=0 if first_is_best else 1):
            swap = self.is_swap_mark(cell)
            if self.game.colours[cell] and not swap:
                continue
            half = self.radii[cell] * 0.74  # (its corners within the cell: a line shown hides it)
            p = self.cell_position(cell)
            box = QPainterPath()
            box.addRoundedRect(
                p.x() - half, p.y() - half, 2 * half, 2 * half, 0.4 * half, 0.4 * half
            )
            mark = QGraphicsPathItem(box)
            tint = candidate_tint(worth)
            mark.setBrush(tint)  # opaque: the cell's name does not show through
            edge = QColor(self.guide_colour()) if rank == 0 else tint.darker(160)
            mark.setPen(QPen(edge, 2.5 if rank == 0 else 1.0))
            mark.setZValue(20.4)  # over the cell's name
            mark.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            label = QGraphicsSimpleTextItem(text)
            font = QFont()
            # "100%" and "loss" fit the mark in a smaller size than "55%"; under the cell's name
            # both are smaller (the name, small, could not be read: a tester's)
            size = (0.58, 0.48) if not (self.show_labels or swap) else (0.46, 0.4)
            font.setPixelSize(max(7, int(self.radii[cell] * size[len(text) >= 4])))
            font.setBold(rank == 0)
            label.setFont(font)
            label.setBrush(QColor(self.guide_colour(ink=True) if rank == 0 else "#212121"))
            rect = label.boundingRect()
            items: list[QGraphicsItem] = [mark, label]
            self._candidate_labels.append(label)
            if self.show_labels or swap:
                # (the swap's mark, on the first stone, says what it is: "swap" above its rate)
                name = QGraphicsSimpleTextItem("swap" if swap else self.game.geometry.labels[cell])
                small = QFont()
                small.setPixelSize(max(7, int(self.radii[cell] * 0.52)))
                name.setFont(small)
                name.setBrush(QColor("#424242"))
                top = name.boundingRect()
                height = top.height() + rect.height()
                name.setPos(p.x() - top.width() / 2, p.y() - height / 2)
                label.setPos(p.x() - rect.width() / 2, p.y() - height / 2 + top.height())
                items.append(name)
                self._candidate_names.append(name)
            else:
                label.setPos(p.x() - rect.width() / 2, p.y() - rect.height() / 2)
            for item in items[1:]:
                item.setZValue(20.6)
                item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            for item in items:
                self.addItem(item)
                self._candidate_items.append(item)
        if self.marks:  # (the marks on candidates' cells move aside, or come back)
            self._draw_user_marks()

    def _candidate_cells(self) -> set[int]:
        """The cells a candidate's mark is drawn on (an occupied cell only for the swap)."""
        given = self._candidates_given or []
        return {
            cell for cell, _, _ in given if not self.game.colours[cell] or self.is_swap_mark(cell)
        }

    @property
    def candidate_marks(self) -> list[str]:
        """The texts of the candidate labels drawn, best first."""
        return [label.text() for label in self._candidate_labels]

    @property
    def candidate_names(self) -> list[str]:
        """The cells' names drawn on the candidate marks (with the names shown), best first."""
        return [name.text() for name in self._candidate_names]

    @property
    def preview_stones(self) -> int:
        return len(self._preview_items) // 2

    @property
    def heat_cells(self) -> int:
        return len(self._heat_items)

    def is_swap_mark(self, cell: int) -> bool:
        """Whether a mark on ``cell`` stands for the pie rule's swap: the analysis and the
        hints mark the swap on the first stone, which it takes (they showed nothing on the
        board for it: a player asked for a hint was told "swap" in the status bar alone)."""
        return bool(self.game.colours[cell]) and self.game.can_swap

    def guide_colour(self, ink: bool = False) -> str:
        """The colour of the engine's advice on the board (the hint's ring, the best
        candidate's frame; ``ink``: its words): blue, or purple where a player is Blue (a blue
        ring on an empty cell read as Blue's stone to come)."""
        blue = "Blue" in self.game.variant.colour_names
        return (
            (GUIDE_INK_ON_BLUE if blue else GUIDE_INK)
            if ink
            else (GUIDE_ON_BLUE if blue else GUIDE)
        )

    def set_hint(self, cell: int | None) -> None:
        """Ring the cell the engine suggests (None clears it); a swap's hint rings the first
        stone, with "swap" on it."""
        self._remove(self._hint_items)
        self._hint_given = cell
        if cell is None:
            return
        if self.game.colours[cell] and not self.is_swap_mark(cell):
            return  # (another position's hint)
        radius = self.radii[cell] * 1.05
        p = self.cell_position(cell)
        item = QGraphicsEllipseItem(p.x() - radius, p.y() - radius, 2 * radius, 2 * radius)
        pen = QPen(QColor(self.guide_colour()), max(2.5, radius * 0.18))
        pen.setStyle(Qt.PenStyle.DashLine)
        item.setPen(pen)
        item.setZValue(13)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(item)
        self._hint_items.append(item)
        if self.is_swap_mark(cell):
            word = QGraphicsSimpleTextItem("swap")
            font = QFont()
            font.setPixelSize(max(7, int(self.radii[cell] * 0.5)))
            font.setBold(True)
            word.setFont(font)
            word.setBrush(QColor(self.guide_colour(ink=True)))
            rect = word.boundingRect()
            badge = QPainterPath()
            pad = 0.15 * rect.height()
            badge.addRoundedRect(
                p.x() - rect.width() / 2 - pad,
                p.y() - rect.height() / 2 - pad,
                rect.width() + 2 * pad,
                rect.height() + 2 * pad,
                2 * pad,
                2 * pad,
            )
            back = QGraphicsPathItem(badge)
            back.setBrush(QColor("#ffffff"))
            back.setPen(QPen(QColor(self.guide_colour()), 1.0))
            word.setPos(p.x() - rect.width() / 2, p.y() - rect.height() / 2)
            # over the cell's name, under a candidate's mark there (which says "swap" and its
            # rate: the hint's word hid them, tester 48)
            for z, extra in ((20.3, back), (20.35, word)):
                extra.setZValue(z)
                extra.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                self.addItem(extra)
                self._hint_items.append(extra)

    def _show_last_move(self) -> None:
        """The last move's mark, hidden while a mistake is shown: a red ring too, it was taken
        for the mistake's (a tester's finding)."""
        for item in self._last_move_items:
            item.setVisible(self._mistake_given is None and self.last_move_shown)

    def set_last_move_shown(self, shown: bool) -> None:
        self.last_move_shown = shown
        self._show_last_move()

    def set_mistake(self, played: int | None, better: int | None, colour: int) -> None:
        """Show a mistake in the position before it: a see-through stone of ``colour`` on the
        cell played, ringed in red with a ✗, and on the better cell, ringed in green with a ✓
        on a badge (None: no such cell; both None clear them), the last move's mark hidden
        meanwhile. The analysis's marks, if any, go over the stones, the rings and badges over
        them. The window clears them when the position changes."""
        self._remove(self._mistake_items)
        given = played is not None or better is not None
        self._mistake_given = (played, better, colour) if given else None
        self._show_last_move()
        if not given:
            return
        name = self.game.colour_name(colour)
        for cell, ink, sign in ((played, "#d32f2f", "✗"), (better, "#2e7d32", "✓")):
            if cell is None or self.game.colours[cell]:
                continue
            p = self.cell_position(cell)
            radius = self.radii[cell]
            stone = StoneItem(p, radius, name, ghost=True)  # (under the candidates' marks)
            ring = QGraphicsEllipseItem(
                p.x() - 1.1 * radius, p.y() - 1.1 * radius, 2.2 * radius, 2.2 * radius
            )
            ring.setPen(QPen(QColor(ink), max(2.5, radius * 0.2)))
            ring.setZValue(21)
            # a sign too, the last move's mark being a red ring as well (a tester's finding):
            # on a badge on the ring, clear of the cell's name and a candidate's rate
            centre = QPointF(p.x() + 0.78 * radius, p.y() - 0.78 * radius)
            size = max(6.0, 0.42 * radius)
            badge = QGraphicsEllipseItem(centre.x() - size, centre.y() - size, 2 * size, 2 * size)
            badge.setBrush(QColor("#ffffff"))
            badge.setPen(QPen(QColor(ink), max(1.5, radius * 0.08)))
            badge.setZValue(21.1)
            mark = QGraphicsSimpleTextItem(sign)
            font = QFont()
            font.setPixelSize(max(8, int(size * 1.5)))
            font.setBold(True)
            mark.setFont(font)
            mark.setBrush(QColor(ink))
            rect = mark.boundingRect()
            mark.setPos(centre.x() - rect.width() / 2, centre.y() - rect.height() / 2)
            mark.setZValue(21.2)
            for item in (stone, ring, badge, mark):
                item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                self.addItem(item)
                self._mistake_items.append(item)

    # ----- hover and hit testing --------------------------------------------------------
    def show_ghost(self, cell: int | None) -> None:
        """A see-through stone where a click would play (both stones of a Hexagonal Y pair)."""
        self.clear_ghost()
        game = self.game
        if cell is None or game.is_over or not game.is_legal(Move(cell)):
            return
        name = game.colour_name(game.to_move)
        for target in game.placement_cells(cell):
            item = StoneItem(
                self.point(game.geometry.centres[target]), self.radii[target], name, ghost=True
            )
            self.addItem(item)
            self._ghosts.append(item)

    def clear_ghost(self) -> None:
        self._remove(self._ghosts)

    @property
    def ghost_cells(self) -> int:
        return len(self._ghosts)

    def cell_at(self, pos: QPointF) -> int | None:
        g = self.game.geometry
        if g.outlines is not None:
            for cell, item in enumerate(self._cell_items):
                if item.polygon().containsPoint(pos, Qt.FillRule.OddEvenFill):
                    return cell
            return None
        best, best_d = self._nearest_centre(pos)
        if best_d <= self.radii[best] * 1.15:
            return best
        return None

    def _nearest_centre(self, pos: QPointF) -> tuple[int, float]:
        """The cell whose centre is nearest ``pos``, and its distance (a board without
        outlines: its cells are discs round their centres)."""
        best, best_d = 0, float("inf")
        for cell, centre in enumerate(self.game.geometry.centres):
            at = self.point(centre)
            d = math.dist((pos.x(), pos.y()), (at.x(), at.y()))
            if d < best_d:
                best, best_d = cell, d
        return best, best_d

    def on_points_board(self, pos: QPointF) -> bool:
        """Whether ``pos`` is among a board of points' points (within three radii of the
        nearest, not on it), where a click missed them; boards of cells have no such gaps."""
        g = self.game.geometry
        if g.style != "points" or g.outlines is not None:
            return False
        nearest, distance = self._nearest_centre(pos)
        return distance <= 3 * self.radii[nearest]

    def cell_position(self, cell: int) -> QPointF:
        return self.point(self.game.geometry.centres[cell])
