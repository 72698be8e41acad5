"""GameTreeView: the game tree drawn as a graph, one disc per move in the colour of its stone.

The main line is a column going down from the start; each variation leaves its branch point by a
line across and down to a column of its own. Columns are given by one depth-first pass: a line
(a node and its first children) takes the first column free in every row it spans, the row of
its branch point included, so nodes never overlap and no line crosses a node. Laying out is
linear in the number of nodes, and drawing paints only what is in view, so a record of 50,000
nodes (or 20,000 variations of one move) opens at once.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QContextMenuEvent,
    QHelpEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QMenu,
    QStyleOptionGraphicsItem,
    QToolTip,
    QWidget,
)

from ygui.core.game import BLACK, WHITE
from ygui.core.record import RecordNode
from ygui.core.study import MISTAKE_DROP, drops, mistake_notes
from ygui.core.tree import GameTree
from ygui.core.wording import counted
from ygui.session import Change, Session
from ygui.ui.game_panel import MISTAKE_COLOUR, move_words
from ygui.ui.theme import STONE_COLOURS

SPACING = 24.0  # between neighbouring nodes, across and down
MARGIN = 18.0  # around the tree
# room on the left for the move numbers, every NUMBER_EVERY rows (a row is a move number:
# the discs alone gave no hint of where in the game a node was, a tester's finding)
NUMBER_ROOM = 22.0
NUMBER_EVERY = 5
LEFT = MARGIN + NUMBER_ROOM  # the first column's centre
RADIUS = 7.0  # of a node's disc
RING = 2.6  # how far out of its disc a mistake's ring is drawn
COMMENT_COLOUR = "#2e9d4f"  # a small dot at the top right of a commented node
# changes after which the tree is drawn the same and only the current mark moves
_SAME_TREE = {"position", "seats", "saved", "info", "result", "clock"}
_SAME_SHAPE = {"comment", "analysis"}  # only the marks change: painted again, not laid out


@dataclass
class TreeLayout:
    """Where each node of a tree is drawn: node ``i`` at ``column[i]``, ``row[i]`` (its move
    number). Node 0 is the root. A node in another column than its parent is joined to it by a
    line across the parent's row from ``across[i]`` to the column before its own, then down."""

    nodes: list[RecordNode] = field(default_factory=list)
    parent: list[int] = field(default_factory=list)
    column: list[int] = field(default_factory=list)
    row: list[int] = field(default_factory=list)
    main: list[bool] = field(default_factory=list)
    across: list[int] = field(default_factory=list)
    rows: list[list[int]] = field(default_factory=list)  # the nodes of each row, left to right
    row_columns: list[list[int]] = field(default_factory=list)  # and their columns
    index: dict[int, int] = field(default_factory=dict)  # id(node) -> i
    columns: int = 0

    def at(self, column: int, row: int) -> int | None:
        """The node drawn at a grid place, if any."""
        if not 0 <= row < len(self.rows):
            return None
        cols = self.row_columns[row]
        k = bisect_left(cols, column)
        return self.rows[row][k] if k < len(cols) and cols[k] == column else None

    def path(self, i: int) -> list[RecordNode]:
        """The nodes from the first move down to node ``i``."""
        path = []
        while i > 0:
            path.append(self.nodes[i])
            i = self.parent[i]
        return path[::-1]


def lay_out(root: RecordNode) -> TreeLayout:
    """Columns and rows for every node, in one depth-first pass (see the module's words)."""
    out = TreeLayout()
    free: list[int] = []  # by row: the first column free from there on
    last_branch: dict[int, int] = {}  # by parent: the column of its latest variation so far
    stack: list[tuple[RecordNode, int, int]] = [(root, -1, 0)]
    while stack:
        start, parent, row = stack.pop()
        line = [start]
        while line[-1].children:
            line.append(line[-1].children[0])
        top, end = (row - 1 if parent >= 0 else row), row + len(line) - 1
        if len(free) <= end:
            free.extend([0] * (end + 1 - len(free)))
            out.rows.extend([] for _ in range(end + 1 - len(out.rows)))
            out.row_columns.extend([] for _ in range(end + 1 - len(out.row_columns)))
        column = max(free[top : end + 1])
        for r in range(top, end + 1):
            free[r] = column + 1
        out.columns = max(out.columns, column + 1)
        across = column
        if parent >= 0:
            across = last_branch.get(parent, out.column[parent] + 1) - 1
            last_branch[parent] = column
        main = parent < 0 or (out.main[parent] and out.nodes[parent].children[0] is start)
        previous = parent
        for r, node in enumerate(line, start=row):
            i = len(out.nodes)
            out.nodes.append(node)
            out.parent.append(previous)
            out.column.append(column)
            out.row.append(r)
            out.main.append(main)
            out.across.append(across if node is start else column)
            out.rows[r].append(i)
            out.row_columns[r].append(column)
            out.index[id(node)] = i
            previous = i
        base = len(out.nodes) - len(line)
        for k, node in enumerate(line):  # the deepest branch point's variations come first
            for child in reversed(node.children[1:]):
                stack.append((child, base + k, row + k + 1))
    return out


def centre(column: int, row: int) -> QPointF:
    return QPointF(LEFT + column * SPACING, MARGIN + row * SPACING)


class TreeCanvas(QGraphicsItem):
    """All nodes and lines of a layout, painted as one item: only the part in view is drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.layout = TreeLayout()
        self.fills: dict[int, tuple[QColor, QColor]] = {}  # by colour: fill, outline
        self.mistakes: dict[int, float] = {}  # node index -> the win rate it lost
        self.line_colours = (QColor("#9a9a9a"), QColor("#555555"))  # variations, main line
        self.root_colour = QColor("#444444")
        self.root_fill = QColor("#ffffff")  # the view's background
        self.number_colour = QColor("#777777")
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def set_layout(self, layout: TreeLayout, mistakes: dict[int, float]) -> None:
        self.prepareGeometryChange()
        self.layout = layout
        self.mistakes = mistakes
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, *self.size())

    def size(self) -> tuple[float, float]:
        return (
            LEFT + MARGIN + max(0, self.layout.columns - 1) * SPACING,
            2 * MARGIN + max(0, len(self.layout.rows) - 1) * SPACING,
        )

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        shown = option.exposedRect
        lay = self.layout
        if not lay.nodes:
            return
        c0 = max(0, math.floor((shown.left() - LEFT) / SPACING) - 1)
        c1 = math.ceil((shown.right() - LEFT) / SPACING) + 1
        r0 = max(0, math.floor((shown.top() - MARGIN) / SPACING) - 1)
        r1 = min(len(lay.rows) - 1, math.ceil((shown.bottom() - MARGIN) / SPACING) + 1)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for main in (False, True):  # the main line over the variations
            pen = QPen(self.line_colours[main], 3.0 if main else 1.4)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            path = QPainterPath()
            for r in range(max(1, r0), min(len(lay.rows) - 1, r1 + 1) + 1):
                nodes, cols = lay.rows[r], lay.row_columns[r]
                for k in range(bisect_left(cols, c0), len(cols)):
                    i = nodes[k]
                    if lay.across[i] > c1:
                        break
                    if lay.main[i] != main:
                        continue
                    p, c = lay.parent[i], cols[k]
                    if c == lay.column[p]:
                        path.moveTo(centre(c, r - 1))
                    else:
                        path.moveTo(centre(lay.across[i], r - 1))
                        path.lineTo(centre(c - 1, r - 1))
                    path.lineTo(centre(c, r))
            painter.drawPath(path)
        for r in range(r0, r1 + 1):
            nodes, cols = lay.rows[r], lay.row_columns[r]
            for k in range(bisect_left(cols, c0), len(cols)):
                if cols[k] > c1:
                    break
                self._paint_node(painter, nodes[k], centre(cols[k], r))
        if shown.left() < LEFT - RADIUS:  # the move numbers, in the room on the left
            painter.setPen(self.number_colour)
            font = painter.font()
            font.setPixelSize(10)
            painter.setFont(font)
            align = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
            for r in self.numbered_rows(max(1, r0), r1 + 1):
                y = MARGIN + r * SPACING
                # (clear of a mistake's ring round the node: "5" touched it, a tester's)
                box = QRectF(2, y - SPACING / 2, LEFT - RADIUS - RING - 7, SPACING)
                painter.drawText(box, int(align), str(r))

    def numbered_rows(self, first: int = 1, stop: int | None = None) -> list[int]:
        """The rows (move numbers) from ``first`` up to ``stop`` (the last row by default)
        with a number in the room on the left: move 1, then every NUMBER_EVERY-th."""
        rows = range(first, len(self.layout.rows) if stop is None else stop)
        return [r for r in rows if r == 1 or r % NUMBER_EVERY == 0]

    def _paint_node(self, painter: QPainter, i: int, at: QPointF) -> None:
        node = self.layout.nodes[i]
        if i in self.mistakes:
            painter.setPen(QPen(QColor(MISTAKE_COLOUR), 2.4))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(at, RADIUS + RING, RADIUS + RING)
        if node.move is None:  # the start: a hollow square (filled, it read as a Black
            # stone, whoever was to move: tester 24)
            painter.setPen(QPen(self.root_colour, 1.8))
            painter.setBrush(QBrush(self.root_fill))  # (over the line to the first move)
            painter.drawRoundedRect(QRectF(at.x() - 6, at.y() - 6, 12, 12), 2, 2)
        else:
            fill, outline = self.fills.get(node.colour, (QColor("#999999"), QColor("#555555")))
            painter.setPen(QPen(outline, 1.2))
            painter.setBrush(QBrush(fill))
            if node.move.is_swap:  # the pie rule's swap: a diamond
                r = RADIUS + 0.5
                painter.drawPolygon(
                    QPolygonF(
                        [
                            at + QPointF(0, -r),
                            at + QPointF(r, 0),
                            at + QPointF(0, r),
                            at + QPointF(-r, 0),
                        ]
                    )
                )
            else:
                painter.drawEllipse(at, RADIUS, RADIUS)
        if node.comment:
            painter.setPen(QPen(QColor("#ffffff"), 1))
            painter.setBrush(QBrush(QColor(COMMENT_COLOUR)))
            painter.drawEllipse(at + QPointF(RADIUS * 0.85, -RADIUS * 0.85), 3.2, 3.2)


class GameTreeView(QGraphicsView):
    """The tree of the session's game; click a node to go there, right-click to promote or
    delete from it. ``current_mark`` rings the current node."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.setScene(QGraphicsScene(self))
        self.scene().setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.canvas = TreeCanvas()
        self.scene().addItem(self.canvas)
        # (outside a mistake's red ring, which it hid at the current node: a tester's find)
        self.current_mark = QGraphicsEllipseItem(
            -RADIUS - 6, -RADIUS - 6, 2 * RADIUS + 12, 2 * RADIUS + 12
        )
        self.current_mark.setZValue(-1)  # (under the nodes: its glow hid a mistake's ring)
        self.scene().addItem(self.current_mark)
        self.tree_layout = TreeLayout()
        self._root: RecordNode | None = None
        self._stale = True
        self._marks_stale = False
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.on_menu: Callable[[QMenu], None] = lambda menu: None  # tests look at the menu
        # deleting a node and what follows: the window asks first where that is several moves
        self.delete_node: Callable[[RecordNode], None] = session.delete
        self.promote_node: Callable[[RecordNode], None] = session.promote
        session.subscribe(self._session_changed)

    # ----- keeping up with the session ----------------------------------------------------
    def _session_changed(self, change: Change) -> None:
        if change.value in _SAME_SHAPE:
            self._marks_stale = True
        elif change.value not in _SAME_TREE:
            self._stale = True

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.refresh()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        # the panel takes its size after it is shown: the current node, brought into view
        # at the first size, sat half cut off at the bottom at the last (a tester's finding)
        super().resizeEvent(event)
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:  # the light or dark theme
            self._stale = True
            self.refresh()

    def refresh(self) -> None:
        """Lay the tree out again if it changed, and ring the current node. Nothing is done
        while the view is hidden: it catches up when shown."""
        if not self.isVisible():
            return
        tree = self.session.tree
        known = tree.root is self._root and id(tree.current) in self.tree_layout.index
        if self._stale or not known:
            self._lay_out(tree)
        elif self._marks_stale:
            self.canvas.set_layout(self.tree_layout, self._mistakes(tree, self.tree_layout))
        self._marks_stale = False
        i = self.tree_layout.index.get(id(tree.current))
        if i is None:  # pragma: no cover - a tree changed without a word
            self.current_mark.hide()
            return
        at = centre(self.tree_layout.column[i], self.tree_layout.row[i])
        self.current_mark.setPos(at)
        self.current_mark.show()
        shown = self.mapToScene(self.viewport().rect()).boundingRect()
        if not shown.adjusted(SPACING, SPACING, -SPACING, -SPACING).contains(at):
            self.centerOn(at)  # a node near the edge or out of view: brought to the middle
        self.ensureVisible(self.current_mark, 8, 8)  # (if the view is only just big enough)

    def _lay_out(self, tree: GameTree) -> None:
        layout = lay_out(tree.root)
        mistakes = self._mistakes(tree, layout)
        names = tree.record.new_game().variant.colour_names
        palette = self.palette()
        text = palette.color(palette.ColorRole.Text)
        base = palette.color(palette.ColorRole.Base)
        self.canvas.fills = {}
        for colour, name in zip((BLACK, WHITE), names, strict=True):
            fill = QColor(STONE_COLOURS[name][0])
            outline = QColor(STONE_COLOURS[name][1]).darker(150)
            if abs(fill.lightnessF() - base.lightnessF()) < 0.3:
                # a node near the background's shade is ringed in the text's colour (the dark
                # theme's Black nodes were dark grey on dark grey: noticed by a session's look)
                outline = QColor(text)
            self.canvas.fills[colour] = (fill, outline)
        faint, strong = QColor(text), QColor(text)
        faint.setAlpha(110)
        strong.setAlpha(170)
        self.canvas.line_colours = (faint, strong)
        self.canvas.root_colour = text
        self.canvas.root_fill = palette.color(palette.ColorRole.Base)
        self.canvas.number_colour = faint
        highlight = palette.color(palette.ColorRole.Highlight)
        self.current_mark.setPen(QPen(highlight, 2.6))
        glow = QColor(highlight)
        glow.setAlpha(70)
        self.current_mark.setBrush(QBrush(glow))
        self.canvas.set_layout(layout, mistakes)
        self.tree_layout = layout
        self._root = tree.root
        self._stale = False
        width, height = self.canvas.size()
        self.scene().setSceneRect(QRectF(0, 0, width, height))

    @staticmethod
    def _mistakes(tree: GameTree, layout: TreeLayout) -> dict[int, float]:
        """The main line's mistakes: node index -> the win rate it lost."""
        line = [tree.root, *tree.main_line()]
        drop = drops(tree)
        return {layout.index[id(line[i])]: d for i, d in drop.items() if d >= MISTAKE_DROP}

    # ----- what is drawn where ------------------------------------------------------------
    def node_at(self, scene_pos: QPointF) -> RecordNode | None:
        """The node drawn at a point of the scene (within its disc, and a little around)."""
        column = round((scene_pos.x() - LEFT) / SPACING)
        row = round((scene_pos.y() - MARGIN) / SPACING)
        i = self.tree_layout.at(column, row)
        if i is None:
            return None
        if math.dist(
            (scene_pos.x(), scene_pos.y()), (centre(column, row).x(), centre(column, row).y())
        ) > (RADIUS + 4):
            return None
        return self.tree_layout.nodes[i]

    def node_position(self, node: RecordNode) -> QPointF:
        """Where a node's disc is drawn in the scene."""
        i = self.tree_layout.index[id(node)]
        return centre(self.tree_layout.column[i], self.tree_layout.row[i])

    def marked_node(self) -> RecordNode | None:
        """The node the current-node ring is drawn around, found by where the ring is."""
        if not self.current_mark.isVisible():
            return None
        return self.node_at(self.current_mark.sceneBoundingRect().center())

    def drawn_nodes(self) -> list[tuple[RecordNode, QPointF]]:
        """Every node with its place in the scene."""
        lay = self.tree_layout
        return [(n, centre(c, r)) for n, c, r in zip(lay.nodes, lay.column, lay.row, strict=True)]

    def drawn_edges(self) -> list[tuple[RecordNode, RecordNode, bool]]:
        """Every line drawn: parent, child, and whether it is a main-line one (thicker)."""
        lay = self.tree_layout
        return [
            (lay.nodes[p], lay.nodes[i], lay.main[i]) for i, p in enumerate(lay.parent) if p >= 0
        ]

    def is_mistake_marked(self, node: RecordNode) -> bool:
        return self.tree_layout.index[id(node)] in self.canvas.mistakes

    # ----- the mouse ----------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        node = self.node_at(self.mapToScene(event.position().toPoint()))
        if node is not None and event.button() == Qt.MouseButton.LeftButton:
            i = self.tree_layout.index[id(node)]
            self.session.go_to_path(self.tree_layout.path(i))
            return
        super().mousePressEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        node = self.node_at(self.mapToScene(event.pos()))
        menu = self.menu_for(node) if node is not None else None
        if menu is not None:
            self.on_menu(menu)
            menu.exec(event.globalPos())

    def menu_for(self, node: RecordNode) -> QMenu | None:
        """The menu a right-click on a node opens: none on the start."""
        if node is self.session.tree.root:
            return None
        menu = QMenu(self)
        promote = menu.addAction("Promote to main line", lambda: self.promote_node(node))
        # (nothing to promote on the main line: greyed, as the panel's button is there)
        promote.setEnabled(self.session.is_on_variation(node))
        menu.addAction("Delete from here", lambda: self.delete_node(node))
        return menu

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            node = self.node_at(self.mapToScene(event.pos()))
            if node is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), self.tooltip(node), self.viewport())
            return True
        return super().viewportEvent(event)

    def tooltip(self, node: RecordNode) -> str:
        """A node's move number, colour and move, the start of its comment, its analysis."""
        tree = self.session.tree
        i = self.tree_layout.index[id(node)]
        path = self.tree_layout.path(i)
        game = tree.game_at(path[:-1])
        if node.move is None:
            lines = ["Start"]
        else:
            words = move_words(game, node.move)
            lines = [f"{len(path)}. {game.colour_name(node.colour)} {words}"]
        if i in self.canvas.mistakes:  # (main-line moves only; the note says the move the
            # engine preferred, as the move list does: a tester's)
            lost = f"lost {100 * self.canvas.mistakes[i]:.0f}%"
            lines[0] += f": a mistake, {mistake_notes(tree).get(len(path), lost)}"
        text = node.comment.strip()
        if text:
            start = text.splitlines()[0][:80]
            lines.append(start + ("…" if start != text else ""))
        analysis = GameTree.analysis(node)
        if analysis is not None:
            rate, visits = analysis
            proved = GameTree.proved(node)
            if proved:  # (a rate from 1 playout, "wins 100% (1 playouts)", told nothing)
                winner = game.colour_name(BLACK if rate >= 0.5 else WHITE)
                lines.append(
                    f"{winner} wins (proved: the game ends within {counted(proved, 'stone')})"
                )
            else:
                lines.append(
                    f"{game.colour_name(BLACK)} wins {100 * rate:.0f}% "
                    f"({counted(visits, 'playout')})"
                )
        return "\n".join(lines)
