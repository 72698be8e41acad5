"""The game tree drawn as a graph: nodes, lines and columns, the current node's ring moved by
keys and clicks, comment and mistake marks, tooltips, the context menu, branch-point and
comment navigation, and large trees laid out without overlaps."""

from __future__ import annotations

import random

import pytest
from gui_helpers import click_cell, make_window, variation_window
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QContextMenuEvent, QHelpEvent, QImage, QPainter
from PySide6.QtWidgets import QApplication, QToolTip

from ygui.core.game import Game, Move
from ygui.core.record import RecordNode
from ygui.core.tree import GameTree, path_to, tree_from_game
from ygui.core.variants import GameOptions
from ygui.session import Change
from ygui.ui.game_panel import MISTAKE_COLOUR
from ygui.ui.tree_graph import COMMENT_COLOUR, LEFT, MARGIN, RADIUS, SPACING, lay_out

pytestmark = pytest.mark.usefixtures("ygui_home")


@pytest.fixture
def window(qtbot, answers):
    w = make_window(qtbot, answers)
    w.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("Ann", "Bo"))
    w.tree_panel.show()
    w.tree_panel.raise_()
    qtbot.waitUntil(lambda: w.tree_panel.graph.isVisible())
    return w


def click(qtbot, window, label):
    click_cell(qtbot, window, window.game.geometry.cell(label))


def label(window, node: RecordNode) -> str:
    assert node.move is not None
    return window.game.move_text(node.move)


def grid(graph) -> dict[str, tuple[int, int]]:
    """Each drawn node's (column, row) on the drawing's grid, by its move."""
    places = {}
    for node, at in graph.drawn_nodes():
        name = "start" if node.move is None else graph.session.game.move_text(node.move)
        places[name] = (round((at.x() - LEFT) / SPACING), round((at.y() - MARGIN) / SPACING))
    return places


def marked(window) -> RecordNode | None:
    graph = window.tree_panel.graph
    node = graph.marked_node()
    assert node is window.session.current, "the ring is not on the current node"
    return node


def test_a_line_and_a_variation_are_drawn_in_two_columns_joined_by_lines(qtbot, window):
    variation_window(qtbot, window)
    graph = window.tree_panel.graph
    assert grid(graph) == {
        "start": (0, 0),
        "a1": (0, 1),
        "b1": (0, 2),
        "c1": (0, 3),
        "d1": (1, 2),
        "e1": (1, 3),
    }
    edges = {
        ("start" if p.move is None else label(window, p), label(window, c), main)
        for p, c, main in graph.drawn_edges()
    }
    assert edges == {
        ("start", "a1", True),
        ("a1", "b1", True),
        ("b1", "c1", True),
        ("a1", "d1", False),
        ("d1", "e1", False),
    }
    assert label(window, marked(window)) == "e1"
    # the start is a hollow square: filled, it read as a Black stone (tester 24)
    root = graph.node_position(window.session.tree.root)
    area = QRectF(root.x() - 10, root.y() - 10, 20, 20)
    image = QImage(20, 20, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    graph.scene().render(painter, QRectF(0, 0, 20, 20), area)
    painter.end()
    edge, middle = image.pixelColor(16, 10), image.pixelColor(10, 10)
    assert edge.lightness() < 160 and middle.lightness() > 200, (edge.name(), middle.name())


def test_the_ring_follows_the_keys_and_clicks(qtbot, window):
    variation_window(qtbot, window)
    graph = window.tree_panel.graph
    steps = [
        (Qt.Key.Key_Left, "d1"),
        (Qt.Key.Key_Up, "b1"),
        (Qt.Key.Key_Right, "c1"),
        (Qt.Key.Key_Home, None),
        (Qt.Key.Key_End, "c1"),
        (Qt.Key.Key_Left, "b1"),
        (Qt.Key.Key_Down, "d1"),
        (Qt.Key.Key_Right, "e1"),
    ]
    for key, expected in steps:
        qtbot.keyClick(window.view, key)
        node = marked(window)
        assert node.move is None if expected is None else label(window, node) == expected, key
        assert graph.current_mark.pos() == graph.node_position(node)
        # the move shown is named above the tree (its discs name none: tester 47)
        shown = window.tree_panel.shown.text()
        if expected is None:
            assert shown == "Shown: Start"
        else:
            number, colour = window.session.move_number, window.game.colour_name(node.colour)
            assert shown == f"Shown: {number}. {colour} {expected}", key
    tree = window.session.tree
    a1 = tree.root.children[0]
    for node in (a1.children[0], tree.root, a1.children[1].children[0], a1):
        pos = graph.mapFromScene(graph.node_position(node))
        qtbot.mouseClick(graph.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        assert window.session.current is node and marked(window) is node
    beside = graph.mapFromScene(graph.node_position(a1) + QPointF(SPACING * 3, 0))
    qtbot.mouseClick(graph.viewport(), Qt.MouseButton.LeftButton, pos=beside)
    assert window.session.current is a1  # a click on no node goes nowhere


def drawn_near(graph, at: QPointF, colour: str, tolerance: int = 40) -> bool:
    """Whether the view shows ``colour`` within two pixels of a point of the scene."""
    image = graph.viewport().grab().toImage()
    p = graph.mapFromScene(at)
    want = QColor(colour).getRgb()[:3]
    for dx in range(-2, 3):
        for dy in range(-2, 3):
            seen = image.pixelColor(p.x() + dx, p.y() + dy).getRgb()[:3]
            if all(abs(x - y) <= tolerance for x, y in zip(seen, want, strict=True)):
                return True
    return False


def test_comments_and_mistakes_are_marked_and_told_in_tooltips(qtbot, window):
    for move in ("c2", "a1", "b1"):
        click(qtbot, window, move)
    tree = window.session.tree
    line = tree.main_line()
    graph = window.tree_panel.graph
    comment_spot = graph.node_position(line[0]) + QPointF(RADIUS * 0.85, -RADIUS * 0.85)
    assert not drawn_near(graph, comment_spot, COMMENT_COLOUR)
    window.session.go_to(line[0])
    window.tree_panel.comment.setPlainText("A strong start.\nThe centre matters.")
    assert drawn_near(graph, comment_spot, COMMENT_COLOUR)
    for node, value in zip([tree.root, *line], [0.5, 0.55, 0.6, 0.2], strict=True):
        GameTree.set_analysis(node, value, 1000)
    window.session.notify(Change.ANALYSIS)  # Black's b1 lost 40%
    assert [n for n, _ in graph.drawn_nodes() if graph.is_mistake_marked(n)] == [line[2]]
    ring = graph.node_position(line[2]) + QPointF(RADIUS + 2.6, 0)
    assert drawn_near(graph, ring, MISTAKE_COLOUR)
    window.session.go_to(line[2])  # the current node's ring goes round the red one
    assert graph.current_mark.pos() == graph.node_position(line[2])
    assert drawn_near(graph, ring, MISTAKE_COLOUR, tolerance=25)
    window.session.go_to(line[0])
    clean = graph.node_position(line[1]) + QPointF(RADIUS + 2.6, 0)
    assert not drawn_near(graph, clean, MISTAKE_COLOUR)
    first = graph.tooltip(line[0])
    assert first.startswith("1. Black c2") and "A strong start.…" in first
    assert "Black wins 55% (1,000 playouts)" in first
    assert graph.tooltip(line[2]).startswith("3. Black b1: a mistake, lost 40%")
    assert graph.tooltip(tree.root).startswith("Start")
    # a proved position says so, not a rate from a playout or two ("wins 100% (1
    # playouts)": tester 37); a proof stays over a later rate
    GameTree.set_analysis(line[1], 0.0, 1, "d3", proved=-7)
    assert graph.tooltip(line[1]).endswith("\nWhite wins (proved: the game ends within 7 stones)")
    assert not GameTree.set_analysis(line[1], 0.3, 50_000, "a1")
    GameTree.set_analysis(line[1], 0.3, 1)
    assert GameTree.proved(line[1]) == 7
    line[2].extra.clear()  # (its deeper analysis would stay)
    GameTree.set_analysis(line[2], 0.2, 1)
    assert graph.tooltip(line[2]).endswith("\nBlack wins 20% (1 playout)")
    GameTree.set_analysis(line[2], 0.2, 1000)
    pos = graph.mapFromScene(graph.node_position(line[2]))
    help_event = QHelpEvent(QEvent.Type.ToolTip, pos, graph.viewport().mapToGlobal(pos))
    QApplication.sendEvent(graph.viewport(), help_event)
    assert QToolTip.isVisible() and QToolTip.text() == graph.tooltip(line[2])


def test_the_context_menu_promotes_and_deletes(qtbot, window, answers):
    variation_window(qtbot, window)
    graph = window.tree_panel.graph
    tree = window.session.tree
    a1 = tree.root.children[0]
    d1 = a1.children[1]
    assert graph.menu_for(tree.root) is None  # the start is neither promoted nor deleted
    menu = graph.menu_for(d1)
    actions = {a.text(): a for a in menu.actions()}
    assert list(actions) == ["Promote to main line", "Delete from here"]
    # on the main line there is nothing to promote: greyed (it did nothing, a tester's)
    assert not graph.menu_for(a1).actions()[0].isEnabled()
    assert actions["Promote to main line"].isEnabled()
    actions["Promote to main line"].trigger()
    assert tree.main_line()[1] is d1
    assert grid(graph)["d1"] == (0, 2) and grid(graph)["b1"] == (1, 2)
    assert {(c.move, main) for _, c, main in graph.drawn_edges()} >= {(d1.move, True)}
    answers.yes_no = [True]  # (two moves: asked first)
    graph.menu_for(a1.children[1]).actions()[1].trigger()  # delete b1 and c1
    assert answers.questions[-1].startswith("Delete move 2, White b1,")
    assert set(grid(graph)) == {"start", "a1", "d1", "e1"}
    assert marked(window) is window.session.current
    # a right-click opens the same menu (closed at once here)
    shown = []

    def on_menu(menu):
        shown.append([a.text() for a in menu.actions()])
        QTimer.singleShot(0, menu.close)

    graph.on_menu = on_menu
    pos = graph.mapFromScene(graph.node_position(d1))
    event = QContextMenuEvent(
        QContextMenuEvent.Reason.Mouse, pos, graph.viewport().mapToGlobal(pos)
    )
    QApplication.sendEvent(graph.viewport(), event)
    assert shown == [["Promote to main line", "Delete from here"]]


def commented_tree(qtbot, window):
    """a1 b1 c1 d1 e1 main line; variations at a1 (c2 d2) and at c1 (b2); comments on b1, d2
    and b2."""
    for move in ("a1", "b1", "c1", "d1", "e1"):
        click(qtbot, window, move)
    s = window.session
    s.navigate(1)
    click(qtbot, window, "c2")
    click(qtbot, window, "d2")
    s.set_comment("d2 comment")
    s.go_to_main_line(3)
    click(qtbot, window, "b2")
    s.set_comment("b2 comment")
    s.go_to_main_line(2)
    s.set_comment("b1 comment")
    s.to_start()


def test_branch_points_and_comments_are_reached_by_keys(qtbot, window):
    commented_tree(qtbot, window)
    s = window.session

    def at():
        node = marked(window)
        return "start" if node.move is None else label(window, node)

    keys = [
        (Qt.Key.Key_BracketRight, "a1"),
        (Qt.Key.Key_BracketRight, "c1"),
        (Qt.Key.Key_BracketRight, "c1"),  # no branch point further down: stays
        (Qt.Key.Key_BracketLeft, "a1"),
        (Qt.Key.Key_BracketLeft, "a1"),
        (Qt.Key.Key_Home, "start"),
        (Qt.Key.Key_Period, "b1"),
        (Qt.Key.Key_Period, "b2"),  # the line's deepest variation first, as a record lists it
        (Qt.Key.Key_Period, "d2"),
        (Qt.Key.Key_Period, "d2"),
        (Qt.Key.Key_Comma, "b2"),
        (Qt.Key.Key_Comma, "b1"),
        (Qt.Key.Key_Comma, "b1"),
    ]
    for key, expected in keys:
        qtbot.keyClick(window.view, key)
        assert at() == expected, key
    # (at the first comment "," stays, and says why: it did nothing without a word, tester 70)
    assert window.statusBar().currentMessage() == "No earlier comment in the game."
    s.to_start()
    s.set_comment("at the start")
    s.go_to_main_line(2)
    assert s.next_comment(-1) and s.current is s.tree.root
    assert not s.next_comment(-1)
    s.go_to_main_line(4)
    assert s.branch_point(-1) and label(window, s.current) == "c1"


def random_tree(size: int, nodes: int, seed: int) -> GameTree:
    rng = random.Random(seed)
    tree = tree_from_game(Game(GameOptions(game="y", size=size, pie=False).validated()))
    paths: list[list[RecordNode]] = [[]]
    while len(paths) < nodes:
        path = rng.choice(paths) if rng.random() < 0.6 else paths[-1]
        tree.go_to_path(path)
        if tree.game.is_over:
            continue
        tree.play(rng.choice(tree.game.legal_moves()))
        if tree.path not in paths:
            paths.append(list(tree.path))
    tree.to_start()
    return tree


def check_layout(root: RecordNode) -> int:
    """No two nodes in one place, each node one row below its parent and not to its left, and
    no line across a row passing a node; returns the number of nodes."""
    lay = lay_out(root)
    places = list(zip(lay.column, lay.row, strict=True))
    assert len(set(places)) == len(places), "two nodes drawn in one place"
    occupied = set(places)
    for i, p in enumerate(lay.parent):
        if p < 0:
            continue
        assert lay.row[i] == lay.row[p] + 1 and lay.column[i] >= lay.column[p]
        if lay.column[i] > lay.column[p]:
            for c in range(lay.across[i] + 1, lay.column[i]):
                assert (c, lay.row[p]) not in occupied, "a line drawn across a node"
    for row_columns in lay.row_columns:
        assert row_columns == sorted(row_columns)
    return len(places)


def test_a_record_with_many_variations_is_laid_out_without_overlaps(qtbot, window):
    tree = random_tree(7, 400, seed=5)
    assert check_layout(tree.root) == 400
    window.session.set_tree(tree)
    graph = window.tree_panel.graph
    places = [(p.x(), p.y()) for _, p in graph.drawn_nodes()]
    assert len(places) == 400 and len(set(places)) == 400, "two node items share a place"
    for node, _ in graph.drawn_nodes()[::37]:
        window.session.go_to(node)
        assert marked(window) is node
        view = graph.viewport().rect()
        assert view.contains(graph.mapFromScene(graph.current_mark.pos())), "scrolled to it"
    for seed in range(20):
        check_layout(random_tree(5, 120, seed).root)


def test_the_tree_walks_in_record_order_and_finds_paths_in_deep_trees():
    tree = random_tree(6, 300, seed=2)
    order: list[RecordNode] = []
    stack = [tree.root]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(reversed(node.children))
    for node in order:
        node.comment = "seen"
    tree.to_start()
    walked = [tree.root]
    while (path := tree.commented(+1)) is not None:
        tree.go_to_path(path)
        walked.append(path[-1])
    assert walked == order
    back = [tree.current]
    while (path := tree.commented(-1)) is not None:
        tree.go_to_path(path)
        back.append(tree.current)
    assert back == order[::-1]
    deep = RecordNode()
    node = deep
    for _ in range(20_000):
        node.children.append(RecordNode())
        node = node.children[0]
    assert len(path_to(deep, node)) == 20_000


def test_the_analysis_panels_figures_mark_mistakes_everywhere_at_once(qtbot, window):
    """Tester 6: the analysis panel keeps its figures with each position quietly; a mistake
    they made showed in the move list and graph at the next step and never in the tree. Now
    a change of the marks is told to every view at once, the tree's included; figures that
    change no mark stay quiet."""
    for move in ("c2", "a1", "b1"):
        click(qtbot, window, move)
    tree = window.session.tree
    line = tree.main_line()
    graph = window.tree_panel.graph
    told: list[Change] = []
    window.session.subscribe(told.append)
    session = window.session
    for node, value in zip([tree.root, *line[:2]], [0.5, 0.55, 0.6], strict=True):
        session.keep_analysis(node, value, 1000)
    assert told == []  # no mark: nothing said, nothing redrawn

    def marked() -> tuple[list, list, set]:
        moves = window.game_panel.moves_list
        listed = [r for r in range(moves.count()) if "lost" in moves.item(r).text()]  # (0: start)
        in_tree = [line.index(n) + 1 for n, _ in graph.drawn_nodes() if graph.is_mistake_marked(n)]
        return listed, in_tree, window.review_panel.graph.marks

    assert marked() == ([], [], set())
    session.keep_analysis(line[1], 0.6, 2000, "c1")  # (the engine's move there)
    session.keep_analysis(line[2], 0.2, 1000)  # Black's b1 lost 40%
    assert told == [Change.ANALYSIS]
    assert marked() == ([3], [3], {3})
    # the tree's tooltip says what the move list says, the better move included
    assert graph.tooltip(line[2]).startswith("3. Black b1: a mistake, lost 40%; c1 was better")
    session.keep_analysis(line[2], 0.55, 5000)  # a deeper look: b1 was fine
    assert marked() == ([], [], set())


def test_deleting_one_move_is_at_once_and_more_asks_first(qtbot, window, answers):
    """The panel's Delete (and the menu's, and the tree's own) take one move without a
    comment at once; several moves, or a comment, are asked about first
    (a tester lost a variation of two moves at a click)."""
    for label in ("a1", "b1", "c1"):
        click_cell(qtbot, window, window.game.geometry.cell(label))
    panel = window.tree_panel
    panel.delete_button.click()  # c1 alone: at once
    assert [window.game.move_text(m) for m in window.game.moves] == ["a1", "b1"]
    assert answers.questions == []
    window.session.set_comment("a note worth keeping")
    answers.yes_no = [False]
    panel.delete_button.click()  # b1 alone, but with its comment: asked, and No keeps it
    assert answers.questions[-1].endswith(
        "(1 move and 1 comment)? Undo (Ctrl+Z) at once after puts them back."
    )
    assert [window.game.move_text(m) for m in window.game.moves] == ["a1", "b1"]
    assert answers.yes_no == []


def test_the_current_node_is_whole_in_view_once_the_tree_opens(qtbot, window):
    """A long line with a variation at its end: opened, the tree shows the current node's
    ring whole (it sat half cut off at the bottom until the next move, a tester's finding:
    the panel takes its size after it is shown)."""
    window.tree_panel.hide()
    window.resize(1100, 700)
    cells = list(range(window.game.geometry.size))
    for cell in cells[:12]:
        click_cell(qtbot, window, cell)
    window.session.back()
    click_cell(qtbot, window, cells[13])  # a variation at the end
    window.tree_panel.show()
    graph = window.tree_panel.graph

    def whole() -> bool:
        ring = graph.mapFromScene(graph.current_mark.sceneBoundingRect()).boundingRect()
        return graph.viewport().rect().contains(ring)

    qtbot.waitUntil(lambda: graph.isVisible() and graph.viewport().height() > 40, timeout=2000)
    qtbot.wait(50)
    assert whole()
    window.tree_panel.resize(window.tree_panel.width(), 90)  # and after the panel resizes
    qtbot.wait(50)
    assert whole()


def test_the_tree_numbers_its_moves_on_the_left(qtbot, window):
    """Tester 17: the discs alone said nothing of where in the game a node was (only a
    tooltip did). The rows are numbered on the left: move 1, then every fifth."""
    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"))
    for cell in range(12):
        window.session.play(Move(cell))
    window.tree_panel.show()
    graph = window.tree_panel.graph
    qtbot.waitUntil(lambda: graph.isVisible())
    graph.refresh()
    assert graph.canvas.numbered_rows() == [1, 5, 10]
    graph.ensureVisible(QRectF(0, 0, 10, 10))
    image = graph.viewport().grab().toImage()
    ratio = image.width() / graph.viewport().width()

    def inked(row: int) -> int:
        """Dark pixels in the number room beside a row, in the view as drawn."""
        top = graph.mapFromScene(QPointF(0, MARGIN + row * SPACING - 6))
        back = image.pixelColor(1, 1).lightness()
        return sum(
            1
            for x in range(int(2 * ratio), int((LEFT - RADIUS - 2) * ratio))
            for y in range(int(top.y() * ratio), int((top.y() + 12) * ratio))
            if abs(image.pixelColor(x, y).lightness() - back) > 60
        )

    assert inked(5) > 5 and inked(1) > 5  # the numbers are drawn
    assert inked(3) == 0  # and only there


def test_closing_names_the_length_of_the_variation_shown_and_of_the_main_line(
    qtbot, window, answers
):
    """Closing asks of the game by its length: played on in a variation, the line on the
    screen's length as well as the main line's (tester 44 read "12 moves" of a game played on
    to move 16 as moves lost)."""
    variation_window(qtbot, window)  # a1 b1 c1, and a1 d1 e1
    click(qtbot, window, "c2")  # the variation, 4 moves long
    answers.save_choice = ["cancel"]
    assert not window.close()
    assert (
        "(4 moves in the variation shown, 3 moves in the main line, 1 variation)"
        in (answers.questions[-1])
    )
    window.session.to_start()
    window.session.forward()
    window.session.forward()  # d1: going forward follows the line last visited
    assert window.session.sibling(-1)  # b1, the main line
    answers.save_choice = ["cancel"]
    assert not window.close()
    assert "(3 moves, 1 variation; the board shows move 2)" in answers.questions[-1]


def test_the_save_question_after_an_undo_says_what_the_board_shows(qtbot, window, answers):
    """Tester 71 placed a stone, undid it and pressed Ctrl+N: "Save the current game, Y ...
    (1 move), first?" over an empty board read as a question about nothing. The move undone
    is the game's still (Redo brings it back), and the question says the board shows the
    start."""
    variation_window(qtbot, window)  # a1 b1 c1, and a1 d1 e1
    window.session.go_to_main_line(0)  # the start, the main line ahead
    answers.save_choice = ["cancel"]
    assert not window.close()
    assert "(3 moves, 1 variation; the board shows the start)" in answers.questions[-1]
    window.session.go_to_main_line(3)  # at the end: nothing more to say
    answers.save_choice = ["cancel"]
    assert not window.close()
    assert "(3 moves, 1 variation)" in answers.questions[-1]


def test_up_and_down_where_the_lines_part_choose_the_line_ahead(qtbot, window):
    """Tester 70 stood at the very position where a study's lines parted: Up and Down said
    there was no variation, though the tree showed two. There they choose the line ahead
    (the move list shows it, the board stays), and Right goes along it."""
    variation_window(qtbot, window)  # a1 b1 c1, and a1 d1 e1
    s = window.session
    s.go_to_main_line(1)  # after a1, b1 c1 ahead
    ahead = [label(window, n) for n in s.tree.line_through_current()]
    assert ahead == ["a1", "b1", "c1"]
    qtbot.keyClick(window.view, Qt.Key.Key_Down)
    assert [label(window, n) for n in s.tree.line_through_current()] == ["a1", "d1", "e1"]
    assert len(s.tree.path) == 1  # (the position shown stays)
    said = window.statusBar().currentMessage()
    assert said.startswith("The line ahead: variation 2 of 2, from d1")
    listed = [window.game_panel.moves_list.item(i).text() for i in range(3)]
    assert "d1" in listed[2], listed  # the move list shows the line ahead
    qtbot.keyClick(window.view, Qt.Key.Key_Down)  # no third: said so, nothing changes
    assert "no variation below" in window.statusBar().currentMessage()
    qtbot.keyClick(window.view, Qt.Key.Key_Up)
    assert [label(window, n) for n in s.tree.line_through_current()] == ["a1", "b1", "c1"]
    qtbot.keyClick(window.view, Qt.Key.Key_Down)
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    assert label(window, s.current) == "d1"
