"""What the window draws, read back from the screen's own items and pixels, and compared with
the position the session says is current. Used by the tests of user sessions."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsEllipseItem

from ygui.core.game import EMPTY, Move
from ygui.core.markup import marks_of
from ygui.ui.board_scene import FORBIDDEN, StoneItem
from ygui.ui.game_panel import RESULT_ROW, turn_text
from ygui.ui.main_window import MainWindow


def see_through(item: StoneItem) -> bool:
    """A stone drawn see-through (a preview, a mistake's move): the item faded, or its fill
    not opaque."""
    if item.opacity() < 1:
        return True
    gradient = item.brush().gradient()
    if gradient is not None:
        return any(colour.alpha() < 255 for _, colour in gradient.stops())
    return item.brush().color().alpha() < 255


def drawn_stones(window: MainWindow) -> dict[int, str]:
    """The stones on the board as drawn: every solid stone item in the scene, found by where
    it is (not by the scene's own bookkeeping), as cell -> colour name."""
    scene = window.scene
    stones: dict[int, str] = {}
    for item in scene.items():
        if not isinstance(item, StoneItem) or see_through(item) or not item.isVisible():
            continue
        cell = scene.cell_at(item.sceneBoundingRect().center())
        assert cell is not None, "a stone drawn off the board"
        assert cell not in stones, f"two stones drawn on {cell}"
        stones[cell] = item.colour_name
    return stones


def mistake_marks(window: MainWindow) -> dict[int, tuple[str, str]]:
    """A mistake shown on the board, as drawn: cell -> (its ring's colour, "red" or "green";
    the colour name of the see-through stone under it, or "")."""
    scene = window.scene
    inks = {QColor("#d32f2f").name(): "red", QColor("#2e7d32").name(): "green"}
    rings: dict[int, str] = {}
    ghosts: dict[int, str] = {}
    for item in scene.items():
        if isinstance(item, StoneItem) and see_through(item) and item.isVisible():
            cell = scene.cell_at(item.sceneBoundingRect().center())
            if cell is not None:
                ghosts[cell] = item.colour_name
        elif isinstance(item, QGraphicsEllipseItem) and item.pen().color().name() in inks:
            if item.brush().style() != Qt.BrushStyle.NoBrush or item.zValue() < 20:
                continue
            cell = scene.cell_at(item.sceneBoundingRect().center())
            if cell is not None:
                rings[cell] = inks[item.pen().color().name()]
    return {cell: (ink, ghosts.get(cell, "")) for cell, ink in rings.items()}


def expected_stones(window: MainWindow) -> dict[int, str]:
    game = window.session.game
    return {c: game.colour_name(col) for c, col in enumerate(game.colours) if col != EMPTY}


def last_move_mark(window: MainWindow) -> set[int]:
    """The cells the last-move mark is drawn on (small dots or, with labels, thin rings)."""
    scene = window.scene
    cells = set()
    for item in scene._marks:
        if not item.isVisible() or item.data(0) == FORBIDDEN:
            continue
        if item.pen().color() == QColor(window.theme.win) and item.brush().style() == (
            Qt.BrushStyle.NoBrush
        ):
            continue  # a ring of the winning group
        cell = scene.cell_at(item.sceneBoundingRect().center())
        if cell is not None and item.rect().width() < 2 * scene.radii[cell]:
            cells.add(cell)
    return cells


def expected_last_move(window: MainWindow) -> set[int]:
    """Every stone of the latest turn with stones (a Hexagonal Y pair counts both), and of
    the turn before it while the game goes on in the middle of a turn, found by replaying the
    game and noting each placement's turn. None while a mistake is shown (its rings would be
    taken for it)."""
    if mistake_marks(window):
        return set()
    game = window.session.game
    replay = game.copy()
    replay.go_to(0)
    turns: list[tuple[int, int]] = []
    for move in game.moves:
        if move.cell is not None:
            turns.append((replay.turn, move.cell))
        replay.play(move)
    if not turns:
        return set()
    latest = max(t for t, _ in turns)
    shown = {latest}
    if game.winner is None and latest == game.turn:  # a turn under way: and the one before
        shown.add(latest - 1)
    cells = set()
    for turn, cell in turns:
        if turn in shown:
            cells.add(cell)
            opposite = (
                game.geometry.opposite.get(cell) if game.options.game == "hexagonal-y" else None
            )
            if opposite is not None and game.colours[opposite] == game.colours[cell]:
                cells.add(opposite)
    return cells


def this_turn_marks(window: MainWindow) -> set[int]:
    """The cells whose last-move mark is a turn's under way: hollow (or dashed) rings, where
    the turn before has dots (or whole rings)."""
    scene = window.scene
    cells = set()
    dotted = not scene.show_labels and scene.numbers_from is None
    for item in scene._last_move_items:
        if not item.isVisible():
            continue
        pen, hollow = item.pen(), item.brush().style() == Qt.BrushStyle.NoBrush
        if (dotted and hollow) or pen.style() == Qt.PenStyle.CustomDashLine:
            cell = scene.cell_at(item.sceneBoundingRect().center())
            if cell is not None:
                cells.add(cell)
    return cells


def expected_this_turn(window: MainWindow) -> set[int]:
    """The stones placed in the turn under way (a Hexagonal Y pair counts both), while the game
    goes on and no mistake is shown."""
    game = window.session.game
    if game.winner is not None or mistake_marks(window):
        return set()
    cells = set(game.turn_stones)
    return cells | {game.geometry.opposite[c] for c in cells if c in game.geometry.opposite}


def mismatches(window: MainWindow) -> list[str]:
    """Every way what the window shows differs from the session's current position."""
    session = window.session
    found = []
    drawn, expected = drawn_stones(window), expected_stones(window)
    if drawn != expected:
        labels = session.game.geometry.labels
        extra = sorted(labels[c] for c in drawn.keys() - expected.keys())
        missing = sorted(labels[c] for c in expected.keys() - drawn.keys())
        wrong = sorted(labels[c] for c in drawn.keys() & expected.keys() if drawn[c] != expected[c])
        found.append(f"stones: extra {extra}, missing {missing}, wrong colour {wrong}")
    if last_move_mark(window) != expected_last_move(window):
        found.append(
            f"last-move mark on {last_move_mark(window)}, last move {expected_last_move(window)}"
        )
    moves = window.game_panel.moves_list
    current = moves.currentItem()
    if current is None or current.data(Qt.ItemDataRole.UserRole) != session.move_number:
        found.append(
            f"move list selects {current and current.text()!r}, not move {session.move_number}"
        )
    rows = moves.count()
    if rows > 1 and moves.item(rows - 1).data(RESULT_ROW):
        rows -= 1  # (a resignation's or a time loss's row after the last move)
    if rows != session.line_length + 1:
        found.append(f"move list has {rows - 1} moves, the line {session.line_length}")
    graph = window.tree_panel.graph
    if graph.isVisible() and graph.marked_node() is not session.current:
        found.append("the tree marks another node than the current one")  # drawn only if shown
    expected_marks = marks_of(session.current, session.game.geometry)
    if window.scene.drawn_marks != expected_marks:
        found.append(f"marks drawn {window.scene.drawn_marks}, the position's {expected_marks}")
    game = session.game
    forbidden = {
        c
        for c, stone in enumerate(game.colours)
        if stone == EMPTY and game.stone_count and game.why_illegal(Move(c)) is not None
    }
    if window.scene.forbidden_cells != (set() if session.finished else forbidden):
        found.append(f"crosses on {window.scene.forbidden_cells}, forbidden {forbidden}")
    under_way = this_turn_marks(window)
    if under_way != expected_this_turn(window):
        found.append(f"this turn's marks on {under_way}, its stones {expected_this_turn(window)}")
    paused = window.act_pause_computers.isChecked()
    if window.game_panel.turn_label.text() != turn_text(session, paused):
        found.append(f"turn text {window.game_panel.turn_label.text()!r}")
    return found


def pixel_mismatches(window: MainWindow) -> list[str]:
    """The board rendered to an image: at each cell's centre, a stone's colour where the
    position has a stone and the board's where it has none."""
    scene = window.scene
    rect = scene.sceneRect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32)
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, image.width(), image.height()), rect)
    painter.end()
    game = window.session.game
    found = []
    for cell, colour in enumerate(game.colours):
        p = scene.cell_position(cell) - rect.topLeft()
        # a little off the centre, past the last-move dot and the label
        probe = p + QPointF(scene.radii[cell] * 0.55, scene.radii[cell] * 0.2)
        pixel = image.pixelColor(int(probe.x()), int(probe.y()))
        if colour == EMPTY:
            ok = _near(pixel, QColor(window.theme.board), 60) or not game.geometry.outlines
        else:
            name = game.colour_name(colour)
            ok = _stone_like(pixel, name)
        if not ok:
            found.append(f"{game.geometry.labels[cell]}: pixel {pixel.name()} for {colour}")
    return found


def _near(a: QColor, b: QColor, tolerance: int) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def _stone_like(pixel: QColor, name: str) -> bool:
    r, g, b, _ = pixel.getRgb()
    if name == "Black":
        return max(r, g, b) < 110
    if name == "White":
        return min(r, g, b) > 170
    if name == "Red":
        return r > 120 and r > g + 50 and r > b + 50
    if name == "Blue":
        return b > 120 and b > r + 40
    raise AssertionError(name)
