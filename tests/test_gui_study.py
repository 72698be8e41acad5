"""Study mode in the window: set-up, typed input, variations, comments, whole-game analysis."""

import pytest
from drawn import drawn_stones, last_move_mark, mismatches, mistake_marks
from gui_helpers import click_cell, make_window, settled, variation_window
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QLabel, QMenu, QPushButton, QTabBar

from ygui.core.game import BLACK, EMPTY, WHITE, Move
from ygui.core.limits import MAX_COMMENT_CHARS
from ygui.core.record import load_record
from ygui.core.study import drops, mistakes
from ygui.core.tree import GameTree
from ygui.core.variants import GameOptions

pytestmark = pytest.mark.usefixtures("ygui_home", "compiled_engine")


@pytest.fixture
def window(qtbot, answers):
    w = make_window(qtbot, answers)
    w.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("Ann", "Bo"))
    w.tree_panel.show()
    w.setup_dock.show()
    w.review_panel.show()
    return w


def click(qtbot, window, label):
    click_cell(qtbot, window, window.game.geometry.cell(label))


def labels(window):
    return [window.game.move_text(m) for m in window.game.moves]


def test_set_up_a_position_by_clicks_then_play_on(qtbot, window):
    window.act_edit.trigger()
    assert window.session.editing
    # no move is played while setting up: the Play menu does not offer one (tester 35)
    assert not window.act_hint.isEnabled() and not window.act_computer.isEnabled()
    click(qtbot, window, "c2")
    click(qtbot, window, "a1")
    window.editor.tool_buttons[WHITE].setChecked(True)
    click(qtbot, window, "b1")
    click(qtbot, window, "a1")  # White over Black's stone: it changes colour
    window.editor.tool_buttons[BLACK].setChecked(True)
    click(qtbot, window, "c2")  # a stone of the chosen colour is removed
    click(qtbot, window, "d3")
    window.editor.to_move.setCurrentIndex(window.editor.to_move.findData(WHITE))
    g = window.game.geometry
    assert window.game.setup == {g.cell("a1"): WHITE, g.cell("b1"): WHITE, g.cell("d3"): BLACK}
    assert window.game.to_move == WHITE
    window.editor.edit_button.toggle()  # done: play from here
    assert not window.session.editing
    assert window.act_hint.isEnabled() and window.act_computer.isEnabled()
    click(qtbot, window, "e1")
    assert labels(window) == ["e1"] and window.game.colours[g.cell("e1")] == WHITE


def test_the_side_to_move_follows_the_stones_count_until_it_is_chosen(qtbot, window):
    """Tester 78 set up 6 Black stones and 5 White from a figure: the box stayed at "Black to
    move" under a warning, and had to be turned by hand. In alternate play it now follows the
    count until the user chooses; the board's corner says the side while setting up, a stone
    turned to the other colour is said, and a won set-up is not shown as a game over."""
    window.act_edit.trigger()
    box, view = window.editor.to_move, window.view
    game = lambda: window.game  # noqa: E731 - (each edit starts a game of its own)
    colour = lambda label: game().colours[game().geometry.cell(label)]  # noqa: E731
    assert (view.turn_stone, view.turn_words) == ("Black", "Setting up: Black to move")
    for label in ("c2", "d2", "d3"):
        click(qtbot, window, label)
    window.editor.tool_buttons[WHITE].setChecked(True)
    for label in ("b2", "c3"):
        click(qtbot, window, label)
    assert game().to_move == WHITE and box.currentData() == WHITE
    assert window.editor.edit_warning.text() == ""  # (the count fits: no "Unusual")
    assert (view.turn_stone, view.turn_words) == ("White", "Setting up: White to move")
    assert "White to play" in window.game_panel.turn_label.text()
    click(qtbot, window, "c1")
    assert game().to_move == BLACK  # 3 and 3
    click(qtbot, window, "c2")  # White over Black's stone: said, as play refuses it
    assert colour("c2") == WHITE
    assert window.statusBar().currentMessage().startswith("c2: Black's stone is now White's")
    assert game().to_move == BLACK  # 2 and 4: neither fits, the side stays
    window.act_undo.trigger()
    assert colour("c2") == BLACK and game().to_move == BLACK
    box.setCurrentIndex(box.findData(WHITE))  # chosen by hand: it stays so
    window.editor.tool_buttons[BLACK].setChecked(True)
    click(qtbot, window, "d1")
    click(qtbot, window, "d1")  # (on and off again: 3 and 3, which the count gives Black)
    assert game().to_move == WHITE and box.currentData() == WHITE
    assert "Unusual" in window.editor.edit_warning.text()
    # Black joins the three sides: the set-up warns of it; no "Black wins!" mid-edit
    for label in ("a1", "b1", "e2"):
        click(qtbot, window, label)
    assert game().winner == BLACK and "already won" in window.editor.edit_warning.text()
    assert not window.game_panel.result_box.isVisible()
    assert mismatches(window) == []
    window.editor.edit_button.toggle()  # done: the game over is said now
    assert window.game_panel.result_box.isVisible()
    assert view.turn_words == "Black has won"
    # edited again, the box says the set-up's side, as the board's corner does (it said the
    # first colour, and the next edit took that: tester 79)
    window.act_edit.trigger()
    assert box.currentData() == WHITE and view.turn_words == "Setting up: White to move"
    window.editor.tool_buttons[EMPTY].setChecked(True)
    click(qtbot, window, "e5")  # Erase on an empty cell: said, not silent
    assert window.statusBar().currentMessage().startswith("e5 is empty: Erase takes stones off")
    click(qtbot, window, "e2")
    assert game().to_move == WHITE and mismatches(window) == []


def _wheel(widget, steps: int) -> None:
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre.toPoint())),
        QPoint(),
        QPoint(0, -120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_the_wheel_over_the_side_to_move_box_scrolls_the_panel_not_the_choice(qtbot, window):
    """A tester's find: scrolling the Set up panel with the wheel, the pointer passed over
    the side-to-move box and turned it from Black to White. The box turns with the wheel only
    once it has the focus (clicked or tabbed to)."""
    window.act_edit.trigger()
    window.resize(1000, 560)  # short: the Set up panel scrolls
    qtbot.wait(50)
    box = window.editor.to_move
    area = window.setup_dock.widget()
    bar = area.verticalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(0)
    before = box.currentIndex()
    _wheel(box, 2)
    assert box.currentIndex() == before and window.game.to_move == BLACK
    assert bar.value() > 0  # the panel scrolled instead
    box.setFocus()
    _wheel(box, 1)  # a box the user chose turns with the wheel
    assert box.currentIndex() != before and window.game.to_move == WHITE


def test_set_up_warns_of_unreachable_positions_but_keeps_them(qtbot, window):
    window.session.set_position(
        {window.game.geometry.cell(c): BLACK for c in ("a1", "b1", "c1", "d1", "e1")}, WHITE
    )
    assert "already won" in window.editor.edit_warning.text()
    assert window.game.winner == BLACK and window.scene.game.winning_groups()
    # the analysis panel and a hint say the game is over (they said "-" and nothing, tester 19)
    assert window.computer.win_label.text() == "The game is over: Black has won."
    window.act_hint.trigger()
    assert window.statusBar().currentMessage() == "The game is over: there is no move to hint."
    window.start_new_game(GameOptions(game="hexagonal-y", size=3).validated(), ("A", "B"))
    window.act_edit.trigger()
    click(qtbot, window, "a1")  # edit mode places single stones, even on the edge
    assert "without their opposite" in window.editor.edit_warning.text()


def test_typed_moves_and_an_error_pointing_at_the_bad_token(qtbot, window):
    window.entry_panel.entry.setText("a1 b1 zz9 c1")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert "'zz9', word 3 of those typed: " in window.entry_panel.entry_error.text()
    assert window.entry_panel.entry.selectedText() == "zz9"
    assert labels(window) == []  # nothing was played
    window.entry_panel.entry.setText("a1 b1 a1")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert (
        "'a1', word 3 of those typed" in window.entry_panel.entry_error.text()
        and "occupied" in window.entry_panel.entry_error.text()
    )
    window.entry_panel.entry.setText("a1, b1 c1")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert labels(window) == ["a1", "b1", "c1"] and window.entry_panel.entry_error.text() == ""
    # a refusal goes once the position changes (it stayed through moves and steps: tester 24)
    window.entry_panel.entry.setText("c1")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert "occupied" in window.entry_panel.entry_error.text()
    window.act_undo.trigger()
    assert window.entry_panel.entry_error.text() == ""
    assert window.entry_panel.entry.text() == "c1"  # (what was typed stays, to be mended)


def test_typed_position(qtbot, window):
    window.entry_panel.entry.setText("B: a1 b2  W: c3 to move: W")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    g = window.game.geometry
    assert window.game.setup == {g.cell("a1"): BLACK, g.cell("b2"): BLACK, g.cell("c3"): WHITE}
    assert window.game.to_move == WHITE
    window.entry_panel.entry.setText("B: a1 q9")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert "'q9'" in window.entry_panel.entry_error.text()
    assert window.entry_panel.entry.selectedText() == "q9"


def test_the_keys_go_back_to_the_board_after_a_typed_position_or_esc(qtbot, window):
    """Tester 31 typed a position, then pressed H for a hint: an "h" went into the box. A
    position set up, or Esc, gives the keys back to the board; after typed moves the box
    keeps them, for the next moves."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    entry = window.entry_panel.entry

    def typed(text: str) -> None:
        entry.setFocus()
        qtbot.waitUntil(entry.hasFocus, timeout=2000)
        entry.setText(text)
        qtbot.keyClick(entry, Qt.Key.Key_Return)

    typed("B: a1 b2  W: c3")
    assert window.view.hasFocus() and not entry.hasFocus()
    typed("d3")
    assert labels(window) == ["d3"] and entry.hasFocus()
    qtbot.keyClick(entry, Qt.Key.Key_Escape)
    assert window.view.hasFocus()
    typed("zz9")  # (refused: the box keeps the keys, its error selected)
    assert entry.hasFocus()
    # Ctrl+2, the Set up panel, gives the keys to its box (tester 41's typed position went
    # to the board's shortcuts: "h" asked for a hint)
    qtbot.keyClick(entry, Qt.Key.Key_Escape)
    window.setup_dock.hide()
    window.panel_actions["Set up"].trigger()
    assert window.setup_dock.isVisible()
    qtbot.waitUntil(entry.hasFocus, timeout=2000)
    # shown, with the keys elsewhere, Ctrl+2 gives them to the box again (it hid the panel,
    # and a keyboard player pressed it twice to type: tester 65); with them there, it hides
    qtbot.keyClick(entry, Qt.Key.Key_Escape)
    window.panel_actions["Set up"].trigger()
    assert window.setup_dock.isVisible()
    qtbot.waitUntil(entry.hasFocus, timeout=2000)
    window.panel_actions["Set up"].trigger()
    assert not window.setup_dock.isVisible()


def test_a_typed_side_to_move_stays_through_later_edits(qtbot, window):
    """A position typed with "to move: W" while editing went back to Black at the next click
    on the board (tester 19), and the panel's box said Black all along."""
    window.act_edit.trigger()
    window.entry_panel.entry.setText("B: a1 b2  W: c3 to move: W")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert window.game.to_move == WHITE
    assert window.editor.to_move.currentData() == WHITE
    assert window.editor.to_move.currentText() == "White to move"
    click(qtbot, window, "d1")  # one more stone
    window.editor.tool_buttons[EMPTY].setChecked(True)
    click(qtbot, window, "a1")  # and one taken off
    assert window.game.to_move == WHITE and window.editor.to_move.currentData() == WHITE
    assert "White to play" in window.game_panel.turn_label.text()
    assert mismatches(window) == []


def test_every_edit_of_a_set_up_can_be_undone_and_redone(qtbot, window):
    """Clear board took a tester's figure at one click, and Undo was greyed while editing."""
    window.act_edit.trigger()
    assert not window.act_undo.isEnabled()  # (the start of editing is no edit)
    for label in ("c2", "a1", "d3"):
        click(qtbot, window, label)
    # (White to move since c2, by the stones' count; chosen by hand now, an edit too)
    window.editor.to_move.setCurrentIndex(window.editor.to_move.findData(BLACK))
    g = window.game.geometry
    built = {g.cell("c2"): BLACK, g.cell("a1"): BLACK, g.cell("d3"): BLACK}
    assert window.game.setup == built and window.act_undo.isEnabled()
    clear = next(b for b in window.editor.findChildren(QPushButton) if b.text() == "Clear board")
    qtbot.mouseClick(clear, Qt.MouseButton.LeftButton)
    assert window.game.setup == {} and mismatches(window) == []
    assert "Ctrl+Z" in window.statusBar().currentMessage()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.game.setup == built and window.game.to_move == BLACK
    assert mismatches(window) == []
    # ("The board is cleared" stayed said over the stones brought back: tester 70)
    said = window.statusBar().currentMessage()
    assert said == "Undone: the set-up as it was before the last change."
    window.act_undo.trigger()  # the side to move
    assert window.game.to_move == WHITE and window.editor.to_move.currentData() == WHITE
    window.act_undo.trigger()  # d3
    assert window.game.setup == {g.cell("c2"): BLACK, g.cell("a1"): BLACK}
    assert mismatches(window) == []
    window.act_redo.trigger()
    window.act_redo.trigger()
    assert window.game.setup == built and window.game.to_move == BLACK
    assert window.act_redo.isEnabled()  # the clearing is still to redo
    click(qtbot, window, "e1")  # a new edit: nothing left to redo
    assert not window.act_redo.isEnabled()
    assert mismatches(window) == []
    # Done: Undo is a step back in the game again
    window.editor.edit_button.toggle()
    assert not window.act_undo.isEnabled()
    click(qtbot, window, "b1")
    window.act_undo.trigger()
    assert window.game.moves == [] and len(window.game.setup) == 4


def test_a_position_typed_while_editing_is_an_edit_undone_like_the_others(qtbot, window, answers):
    """Tester 20: typed while editing, a position asked to save the set-up under way and
    could not be undone; Undo skipped the stone placed before it."""
    window.act_edit.trigger()
    g = window.game.geometry
    entry = window.entry_panel.entry
    entry.setText("B: a1 b2  W: c3 to move: W")
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    click(qtbot, window, "d1")
    placed = {g.cell("a1"): BLACK, g.cell("b2"): BLACK, g.cell("c3"): WHITE, g.cell("d1"): BLACK}
    assert window.game.setup == placed
    entry.setText("B: a1  W: e1 to move: W")
    qtbot.keyClick(entry, Qt.Key.Key_Return)  # no question: it is an edit (no answers given)
    assert answers.questions == [] and window.game.setup == {
        g.cell("a1"): BLACK,
        g.cell("e1"): WHITE,
    }
    qtbot.keyClick(entry, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # (focus in the box)
    assert window.game.setup == placed and entry.text() == ""
    assert mismatches(window) == []
    window.act_undo.trigger()  # d1
    window.act_undo.trigger()  # the first typed position
    assert window.game.setup == {}
    window.act_redo.trigger()
    assert window.game.setup == {g.cell("a1"): BLACK, g.cell("b2"): BLACK, g.cell("c3"): WHITE}
    assert window.game.to_move == WHITE and mismatches(window) == []


def test_a_new_mudcrack_board_while_editing_can_be_undone(qtbot, window):
    window.start_new_game(GameOptions(game="mudcrack-y", size=60, seed=3).validated(), ("A", "B"))
    window.act_edit.trigger()
    first = window.game.geometry
    for cell in (5, 17, 30):
        click_cell(qtbot, window, cell)
    window.editor.seed_box.setValue(9)
    window.editor.apply_mudcrack_board()
    assert window.game.geometry.meta.get("seed") != first.meta.get("seed")
    assert window.game.setup == {}
    assert "its 3 stones went with the old one" in window.statusBar().currentMessage()
    window.act_undo.trigger()
    assert window.game.geometry.neighbours == first.neighbours and len(window.game.setup) == 3
    assert window.editor.seed_box.value() == 3
    assert mismatches(window) == []


def test_a_position_set_up_by_hand_is_not_replaced_without_a_question(qtbot, window, answers):
    """A set-up position with no moves is work too: typing another position, a new game or
    closing asks first (a tester's set-up of eight stones went without a word)."""
    window.act_edit.trigger()
    for label in ("c2", "a1", "d3"):
        click(qtbot, window, label)
    window.editor.edit_button.toggle()
    built = dict(window.game.setup)
    assert len(built) == 3 and window.session.has_work
    answers.save_choice = ["cancel"]
    window.entry_panel.entry.setText("B: b2  W: c3")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert answers.save_choice == [] and window.game.setup == built
    assert "not set up" in window.entry_panel.entry_error.text()
    assert mismatches(window) == []
    answers.save_choice = ["discard"]
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    g = window.game.geometry
    assert window.game.setup == {g.cell("b2"): BLACK, g.cell("c3"): WHITE}
    assert mismatches(window) == []
    window.entry_panel.entry.setText("B: b2 q9")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert window.entry_panel.entry_error.text()
    answers.save_choice = ["discard"]
    window.start_new_game(GameOptions(game="y", size=6).validated(), ("Ann", "Bo"))
    assert window.entry_panel.entry_error.text() == window.entry_panel.entry.text() == ""


def test_create_promote_and_delete_variations(qtbot, window, answers):
    variation_window(qtbot, window)
    moves = window.game_panel.moves_list
    marked = [moves.item(i) for i in range(moves.count()) if " of 2]" in moves.item(i).text()]
    assert marked and all("of the 2 played here" in item.toolTip() for item in marked)
    first = window.session.tree.root.children[0]
    assert [window.game.move_text(c.move) for c in first.children] == ["b1", "d1"]
    assert window.tree_panel.promote_button.isEnabled()
    window.act_promote.trigger()
    assert [window.game.move_text(n.move) for n in window.session.tree.main_line()] == [
        "a1",
        "d1",
        "e1",
    ]
    assert not window.tree_panel.promote_button.isEnabled()
    # (it changed without a word: tester 56)
    assert window.statusBar().currentMessage() == (
        "This line is the main line now; the old main line is a variation."
    )
    window.session.back()  # to d1, now the first of its siblings
    qtbot.keyClick(window.view, Qt.Key.Key_Up)
    assert labels(window)[-1] == "d1"  # nothing above the main line
    qtbot.keyClick(window.view, Qt.Key.Key_Down)
    assert labels(window)[-1] == "b1"
    answers.yes_no = [False]  # b1 and c1 after it: asked first, and No keeps them
    window.act_delete.trigger()
    assert answers.questions[-1] == (
        "Delete move 2, White b1, and all that follows it (2 moves)? Undo (Ctrl+Z) at once "
        "after puts them back."
    )
    assert labels(window) == ["a1", "b1"] and len(first.children) == 2
    answers.yes_no = [True]
    qtbot.keyClick(window.view, Qt.Key.Key_Delete, Qt.KeyboardModifier.ControlModifier)
    assert labels(window) == ["a1"] and len(first.children) == 1
    assert window.statusBar().currentMessage() == (
        "Deleted move 2, White b1, and 1 move after it: Undo (Ctrl+Z) puts them back."
    )
    graph = window.tree_panel.graph
    texts = [graph.tooltip(node) for node, _ in graph.drawn_nodes()]
    assert any("d1" in t for t in texts) and not any("b1" in t for t in texts)
    # Ctrl+Z at once puts them back, where they were, and shows the position as it was (a
    # student's Ctrl+Z after a delete only stepped back: tester 56)
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert labels(window) == ["a1", "b1"] and len(first.children) == 2
    assert [window.game.move_text(c.move) for c in first.children] == ["d1", "b1"]
    assert window.statusBar().currentMessage() == "Put back the 2 deleted moves."
    assert mismatches(window) == []
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert labels(window) == ["a1"] and len(first.children) == 2  # then a step back again
    # after a step elsewhere, Ctrl+Z is a step back
    window.session.forward()
    answers.yes_no = [True]
    window.act_delete.trigger()
    assert len(first.children) == 1 and window.session.move_number == 1
    window.session.back()
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(first.children) == 1 and window.session.move_number == 0


def test_comments_survive_save_and_load(qtbot, window, tmp_path):
    click(qtbot, window, "c2")
    window.tree_panel.comment.setPlainText("a strong start")
    click(qtbot, window, "a1")
    window.session.to_start()
    window.tree_panel.comment.setPlainText("study of Y 5")
    path = tmp_path / "study.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    window.act_save.trigger()
    window.start_new_game(GameOptions(game="y").validated(), ("A", "B"))
    assert window.open_path(path)
    assert window.session.tree.root.comment == "study of Y 5"
    assert window.session.tree.root.children[0].comment == "a strong start"
    window.session.to_start()
    window.session.forward()
    assert window.tree_panel.comment.toPlainText() == "a strong start"


def test_the_comment_of_the_position_shown_is_read_under_the_moves(qtbot, window):
    """Comments were only in the game tree's panel: a tester stepping through a study with
    the tree closed saw only a ✎ in the move list."""
    click(qtbot, window, "c2")
    window.tree_panel.comment.setPlainText("a strong start")
    click(qtbot, window, "a1")
    window.session.to_start()
    window.tree_panel.comment.setPlainText("study of Y 5 " + "and more " * 60)
    window.tree_panel.hide()  # the list of moves, not the tree
    panel = window.game_panel
    assert panel.moves_list.isVisibleTo(panel)
    label = panel.comment_label
    assert label.isVisibleTo(panel) and label.text().startswith("study of Y 5")
    assert label.text().endswith("…") and len(label.text()) <= 400
    assert "and more" in label.toolTip()  # the rest, in its tooltip
    window.session.forward()
    assert label.isVisibleTo(panel) and label.text() == "a strong start"
    row = panel.moves_list.item(1)
    assert row.text().endswith("✎") and "Comment: a strong start" in row.toolTip()
    window.session.forward()  # a1: no comment
    assert not label.isVisibleTo(panel)
    window.session.back()
    window.tree_panel.show()  # the tree shows it, and edits it: not said twice
    assert not label.isVisibleTo(panel)


def test_a_comment_longer_than_a_record_holds_is_cut_and_said(qtbot, window, answers, tmp_path):
    """The comment box keeps what a record can hold (100,000 characters) and says so; a record
    with a longer comment is refused with the reason, and the game open stays."""
    click(qtbot, window, "c2")
    window.tree_panel.comment.setPlainText("y" * (MAX_COMMENT_CHARS + 50))
    assert window.session.current.comment == "y" * MAX_COMMENT_CHARS
    assert window.tree_panel.comment.toPlainText() == "y" * MAX_COMMENT_CHARS
    path = tmp_path / "long.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    window.act_save.trigger()
    assert window.open_path(path) and window.session.current.comment == "y" * MAX_COMMENT_CHARS
    bad = tmp_path / "longer.ysgf"
    bad.write_text("(;YG[y]YO[size=5]\n;B[a1]C[" + "z" * (MAX_COMMENT_CHARS + 1) + "])")
    assert not window.open_path(bad)
    assert "line 2: a comment of 100,001 characters" in answers.informed[-1]
    assert window.session.path == path and window.game.moves


def test_whole_game_analysis_marks_the_blunder(qtbot, window):
    # Black could win (and must block) at e1 after move 8, but plays b2: White wins at e1.
    window.entry_panel.entry.setText("e5 a1 e4 b1 e3 c1 e2 d1 b2 e1")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert window.game.winner == WHITE
    window.review_panel.budget.setValue(300)
    window.act_review.trigger()
    qtbot.waitUntil(lambda: not window.review_panel.review, timeout=120_000)
    # (judged again with eight times the effort, the opening's stones are proved mistakes
    # too on this small board: e5 in the corner loses, and so on)
    found = drops(window.session.tree)
    assert found[9] == max(found.values()) and found[9] > 0.5
    assert 9 in window.review_panel.graph.marks
    assert "mistake" in window.review_panel.review_label.text()
    window.session.go_to_main_line(10)
    assert mistake_marks(window) == {}
    window.session.go_to_main_line(8)  # (as a click on the graph: shown as N shows it)
    # the board shows the position before the mistake, Black to move, with the move played
    # ringed in red and the better one in green, each a see-through Black stone (it showed
    # the position after it, White to move: a tester's)
    assert len(window.session.tree.path) == 8 and window.game.to_move == BLACK
    assert not mismatches(window)
    # (and no last move's mark meanwhile: a red ring too, it was taken for the mistake's)
    assert last_move_mark(window) == set() and window.game.moves
    g = window.game.geometry
    assert mistake_marks(window) == {
        g.cell("b2"): ("red", "Black"),
        g.cell("e1"): ("green", "Black"),
    }
    # the mistake says what it cost and what the engine wanted instead: e1, the win
    note = window.review_panel.review_label.text()
    assert note.startswith("Move 9 (Black): lost ") and "; e1 was better." in note
    assert note.endswith("b2, the move played, ✗ in red; e1, the better one, ✓ in green.")
    moves = window.game_panel.moves_list
    assert any(moves.item(r).text().endswith("e1 was better") for r in range(moves.count()))
    # the marks are drawn again in the other theme
    window.act_dark.trigger()
    assert len(mistake_marks(window)) == 2
    window.act_dark.trigger()
    # and they stay while the analysis runs there, and after (they went as it started, with
    # the review's panel in front, a tester's)
    window.review_panel.raise_()
    window.act_analyse.trigger()
    qtbot.wait(1000)
    assert len(mistake_marks(window)) == 2
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: not window.computer.runner.busy, timeout=10_000)
    assert len(mistake_marks(window)) == 2
    window.review_panel.raise_()  # (the analysis's panel came in front)
    window.session.forward()  # the mistake played: the marks go with the position
    assert mistake_marks(window) == {} and not mismatches(window)
    window.session.back()  # back at it: shown again, as N shows it (tester 60)
    assert len(window.session.tree.path) == 8 and len(mistake_marks(window)) == 2
    assert window.review_panel.review_label.text() == note
    window.session.back()  # the note is of move 9: gone at another move (it stayed)
    assert not window.review_panel.review_label.text().startswith("Move 9")
    assert g.cell("b2") not in mistake_marks(window)
    # with the review panel out of sight, the note is said in the status bar too
    window.show()
    window.review_panel.show()
    qtbot.waitUntil(lambda: not window.review_panel.visibleRegion().isEmpty())
    window.act_mistake.trigger()
    assert window.statusBar().currentMessage() != note
    window.session.back()
    window.review_panel.hide()
    window.act_mistake.trigger()
    assert window.statusBar().currentMessage() == note
    values = [GameTree.analysis(n) for n in window.session.tree.main_line()]
    assert all(v is not None for v in values)
    # the better move played there: the rings go with the position (they stayed, a tester's)
    window.session.go_to_main_line(7)
    window.session.go_to_main_line(8)
    assert len(mistake_marks(window)) == 2
    click(qtbot, window, "e1")
    assert labels(window)[-1] == "e1" and len(labels(window)) == 9
    assert mistake_marks(window) == {}
    # the graph's cursor where the variation leaves the main line (it stood at 0, a tester's)
    assert window.review_panel.graph.current == 8
    assert not mismatches(window)
    # a deeper analysis finds the move lost less: the note says so, and the rings stay (the
    # note had stayed saying what the move list no longer did; then the rings went, with
    # the analysis turned on, a tester's); the status bar says what changed
    window.session.go_to_main_line(8)
    assert len(mistake_marks(window)) == 2 and last_move_mark(window) == set()
    before = window.session.tree.main_line()[7]
    assert GameTree.proved(before)  # (Black wins at e1: a proof is kept over any rate)
    assert not GameTree.set_analysis(before, 0.03, 10**9, "e1")
    before.extra.pop("YQ")  # (as if it were not proved)
    window.session.keep_analysis(before, 0.03, 10**9, "e1")
    assert 9 not in window.review_panel.graph.marks
    said = window.review_panel.review_label.text()
    assert said.startswith("Move 9 (Black): no longer marked: an analysis since found it lost 3%")
    assert len(mistake_marks(window)) == 2 and not mismatches(window)
    status = window.statusBar().currentMessage()
    assert status.startswith("From the analysis of the positions shown: ")
    assert "move 9 no longer marked as a mistake" in status
    # the mistake's move deleted while it is shown (from the tree): the note and rings go
    last = max(mistakes(window.session.tree))
    window.session.go_to_main_line(last - 2)
    window.session.go_to_main_line(last - 1)
    assert len(window.session.tree.path) == last - 1 and mistake_marks(window)
    assert len(window.session.tree.main_line()) > last
    window.session.delete(window.session.tree.main_line()[last])  # a change of the tree
    assert len(mistake_marks(window)) == 2  # (the position stays: so do they)
    window.session.delete(window.session.tree.main_line()[last - 1])
    assert len(window.session.tree.path) == last - 1
    assert mistake_marks(window) == {} and window.review_panel.review_label.text() == ""
    # a new game's board shows none of the last one's marks (its first position can be
    # the same as the one the mistake was shown in)
    window.session.go_to_main_line(0)
    window.act_mistake.trigger()
    assert mistake_marks(window)
    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("Ann", "Bo"))
    assert mistake_marks(window) == {}


def test_the_review_judges_a_forced_block_by_searching_it(qtbot, window):
    """After c1, White must block at b2 and wins so (proved in 5 stones): the review and the
    analysis say White wins there, not 50% (a forced move had been given a rate of 1/2, which
    made the block look like a blunder by one side and the move before like one by the
    other)."""
    window.entry_panel.entry.setText("d2 d4 c2 e3 e2 c3 c1 b2")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    window.review_panel.budget.setValue(300)
    window.act_review.trigger()
    qtbot.waitUntil(lambda: not window.review_panel.review, timeout=120_000)
    line = window.session.tree.main_line()
    value = GameTree.analysis(line[6])  # White to move: the block
    assert value is not None and value[0] < 0.05 and value[1] > 0
    assert 8 not in drops(window.session.tree) or drops(window.session.tree)[8] < 0.15
    assert 8 not in window.review_panel.graph.marks
    window.session.go_to_main_line(7)
    window.act_analyse.trigger()
    computer = window.computer
    qtbot.waitUntil(lambda: "White" in computer.win_label.text(), timeout=60_000)
    assert "50%" not in computer.win_label.text()
    window.act_analyse.trigger()


def test_the_whole_game_is_analysed_while_the_user_browses_and_analyses(qtbot, window):
    """The review has an engine of its own: stepping through the game, and the analysis of
    the position shown, go on meanwhile; the graph fills in; another game stops it."""
    window.entry_panel.entry.setText("e5 a1 e4 b1 e3 c1 e2 d1 b2 e1")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    panel = window.review_panel
    panel.budget.setValue(2000)
    window.act_review.trigger()
    window.act_analyse.trigger()
    for key in (Qt.Key.Key_Home, Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_Left):
        qtbot.keyClick(window, key)
        assert mismatches(window) == []
        qtbot.wait(50)
    # the analysis of the position shown, unless it has proved who wins (then it stops)
    analysis = window.computer._analysis
    assert window.computer.runner.busy or (analysis is not None and analysis[1].proved)
    qtbot.waitUntil(lambda: not panel.review, timeout=120_000)
    # done (or, where it was done before the last key, the note of the mistake after the
    # position stepped to, shown as N shows it)
    said = panel.review_label.text()
    assert said.startswith("Done.") or (2 in panel.graph.marks and said.startswith("Move 2 "))
    assert all(v is not None for v in panel.graph.values)
    assert window.session.move_number == 1 and mismatches(window) == []
    window.act_analyse.trigger()
    panel.budget.setValue(1_000_000)
    window.act_review.trigger()
    assert panel.review
    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"))
    assert not panel.review and not panel.runner.busy
    assert "another game" in panel.review_label.text()


def test_whole_game_analysis_can_be_cancelled(qtbot, window):
    window.entry_panel.entry.setText("e5 a1 e4 b1 e3 c1 e2 d1")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    window.review_panel.budget.setValue(1_000_000)
    window.act_review.trigger()
    assert window.review_panel.review and window.review_panel.runner.busy
    window.review_panel.review_button.click()  # Cancel
    assert not window.review_panel.review and not window.review_panel.runner.busy
    assert "cancelled" in window.review_panel.review_label.text()
    # a new game: what the panel said of the one before goes (a tester saw "Done. 2 mistakes"
    # still there in a new game)
    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"))
    assert window.review_panel.review_label.text() == ""


def test_win_rate_graph_click_goes_to_the_move(qtbot, window):
    window.entry_panel.entry.setText("a1 b1 c1 d1")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    window.session.to_start()
    graph = window.review_panel.graph
    graph.resize(400, 100)
    qtbot.mouseClick(graph, Qt.MouseButton.LeftButton, pos=graph.rect().center())
    assert len(window.session.tree.path) == 2


def test_records_with_variations_and_analysis_round_trip(qtbot, window, tmp_path):
    window.entry_panel.entry.setText("a1 b1")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    window.session.back()
    click(qtbot, window, "c2")
    GameTree.set_analysis(window.session.tree.current, 0.3, 500)
    path = tmp_path / "v.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    window.act_save.trigger()
    assert window.open_path(path)
    first = window.session.tree.root.children[0]
    assert len(first.children) == 2
    assert GameTree.analysis(first.children[1]) == (0.3, 500)


def test_best_line_preview_without_playing(qtbot, window):
    window.act_analyse.trigger()
    window.act_preview.trigger()
    qtbot.waitUntil(lambda: window.scene.preview_stones >= 2, timeout=60_000)
    assert window.game.stone_count == 0 and labels(window) == []
    window.act_preview.trigger()
    assert window.scene.preview_stones == 0
    window.act_analyse.trigger()


def test_the_set_up_panels_buttons_keep_still_at_the_first_edit(qtbot, window):
    """At the first edit the position becomes one of its own, without the pie rule's swap:
    the game panel kept no room for it, and the set-up panel's buttons below moved up under
    the pointer (a click meant for Black landed elsewhere: tester 66)."""
    options = GameOptions(game="mudcrack-y", size=60, seed=777, pie=True).validated()
    window.start_new_game(options, ("A", "B"))
    window.resize(1100, 716)
    window.show()
    qtbot.waitExposed(window)
    window.act_edit.trigger()
    qtbot.wait(50)
    done = window.editor.edit_button

    def where():
        return done.mapTo(window, done.rect().topLeft())

    before = settled(qtbot, where)
    window.editor.tool_buttons[WHITE].setChecked(True)
    for label in ("32", "21"):
        click(qtbot, window, label)
        assert settled(qtbot, where) == before
    assert len(window.game.setup) == 2
    window.editor.edit_button.toggle()


def test_mudcrack_board_chosen_in_edit_mode(qtbot, window):
    window.start_new_game(GameOptions(game="mudcrack-y", size=40).validated(), ("A", "B"))
    window.act_edit.trigger()
    assert window.editor.mudcrack_row.isVisible()
    window.editor.cells_box.setValue(60)
    window.editor.seed_box.setValue(7)
    window.editor.board_apply.click()
    assert window.game.geometry.size == 60 and window.game.options.seed_value == 7
    click(qtbot, window, "5")
    assert window.game.setup == {window.game.geometry.cell("5"): BLACK}
    # asked again with the board's own count and seed: another board, a new seed (the same
    # board came back without its stones, as if nothing had been drawn: tester 66)
    centres = list(window.game.geometry.centres)
    window.editor.board_apply.click()
    seed = window.game.options.seed_value
    assert window.game.geometry.size == 60 and seed != 7 and window.editor.seed_box.value() == seed
    assert list(window.game.geometry.centres) != centres and window.game.setup == {}
    assert mismatches(window) == []


def test_set_up_position_then_the_computer_plays_on(qtbot, answers):
    from ygui.session import Seat

    w = make_window(qtbot, answers)
    w.start_new_game(
        GameOptions(game="y", size=5, pie=False).validated(),
        ("A", "Bot"),
        (Seat("A"), Seat("Bot", computer=True, level=2)),
    )
    w.tree_panel.show()
    w.setup_dock.show()
    w.review_panel.show()
    w.act_edit.trigger()
    click(qtbot, w, "c2")
    w.editor.to_move.setCurrentIndex(w.editor.to_move.findData(WHITE))
    assert not w.computer.runner.busy  # no thinking while editing
    w.editor.edit_button.toggle()
    qtbot.waitUntil(lambda: len(w.game.moves) == 1, timeout=60_000)
    assert w.game.colours[w.game.moves[0].cell] == WHITE


def tab_texts(bar: QTabBar) -> list[str]:
    return [bar.tabText(i) for i in range(bar.count())]


def test_the_analysis_follows_a_position_being_set_up(qtbot, window):
    """Analyse, ticked while a position is set up, analyses it stone by stone (a tester's
    showed nothing and said nothing until Done); nobody moves meanwhile."""
    window.start_new_game(GameOptions(game="poly-y", pie=False).validated(), ("A", "B"))
    window.act_edit.trigger()
    outlook = window.editor.outlook
    assert outlook.isVisibleTo(window)
    assert outlook.text() == "A analyses the position as you set it up."
    click(qtbot, window, "40")
    window.act_analyse.trigger()
    computer = window.computer

    def analysed() -> list[int] | None:
        kept = computer._analysis
        return None if kept is None or not kept[1].playouts else list(kept[0].game.colours)

    qtbot.waitUntil(lambda: analysed() == list(window.game.colours), timeout=30_000)
    assert computer.win_label.text().startswith("Win probability: ")
    # said in the set-up panel too, the analysis's panel behind its tab (out of sight while
    # the position was set up), which stays in front
    bars = [b for b in window.findChildren(QTabBar) if "Analysis" in tab_texts(b)]
    assert [b.tabText(b.currentIndex()) for b in bars] == ["Set up"]
    qtbot.waitUntil(lambda: "%" in outlook.text())
    assert outlook.text().startswith("Analysis (Ctrl+4): Win probability: ")
    assert outlook.text().split(". ")[1].startswith("Best line: ")
    click(qtbot, window, "41")
    qtbot.waitUntil(lambda: analysed() == list(window.game.colours), timeout=30_000)
    assert window.session.editing and window.game.moves == []
    assert window.game.colours.count(0) == window.game.geometry.size - 2
    window.act_analyse.trigger()


@pytest.mark.parametrize("name", ["y", "poly-y", "mudcrack-y", "hexagonal-y", "game-of-y"])
def test_the_typing_box_example_works_as_typed_on_every_board(qtbot, answers, name):
    """The box's example is in the board's own cell names and colours, and typing it in as
    shown (brackets and all) plays the moves or sets up the position (a tester typed the old
    example, letters and digits on Poly-Y's numbered cells, and '(to' was refused)."""
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game=name, pie=True).validated(), ("A", "B"))
    entry = window.entry_panel.entry
    example = entry.placeholderText()
    moves, position = (part.strip() for part in example.split("   or   "))
    game = window.game
    colours = (game.colour_name(BLACK), game.colour_name(WHITE))
    assert f"{colours[0]}: " in position and f"(to move: {colours[1]})" in position
    entry.setText(moves)
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    assert window.entry_panel.entry_error.text() == ""
    assert [game.move_text(m) for m in window.game.moves] == moves.split()
    assert mismatches(window) == []
    played = list(window.game.colours)
    answers.save_choice = ["discard"]
    entry.setText(position)
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    assert window.entry_panel.entry_error.text() == ""
    assert len(window.game.setup) == 3 and window.game.to_move == WHITE
    assert mismatches(window) == []
    # the two forms of the example give the same position (a tester found them crossed)
    assert window.game.colours == played and entry.toolTip().startswith(f"For example: {example}\n")


def test_the_position_editor_names_the_games_colours(qtbot, answers):
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="hexagonal-y").validated(), ("A", "B"))
    editor = window.editor
    assert [editor.tool_buttons[c].text() for c in (BLACK, WHITE)] == ["Red", "Blue"]
    assert editor.to_move.itemText(1) == "Blue to move"
    window.start_new_game(GameOptions(game="y").validated(), ("A", "B"))
    assert editor.tool_buttons[WHITE].text() == "White"
    assert editor.to_move.itemText(0) == "Black to move"


def test_a_new_game_started_while_setting_up_is_played(qtbot, window, answers):
    """Another game ends the set-up of a position: a tester's new game, started from Edit
    position with Erase chosen, took no clicks at all, then set-up stones; so did an opened
    file."""
    window.start_new_game(GameOptions(game="poly-y", pie=False).validated(), ("A", "B"))
    window.act_edit.trigger()
    click(qtbot, window, "40")
    window.editor.tool_buttons[EMPTY].setChecked(True)
    assert window.session.editing
    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"))
    assert not window.session.editing and not window.editor.edit_button.isChecked()
    assert not window.editor.edit_tools.isVisible()
    assert window.editor.edit_button.text() == "Edit position"
    click(qtbot, window, "c3")
    assert [window.game.move_text(m) for m in window.game.moves] == ["c3"]
    answers.save_choice = ["discard"]
    window.act_edit.trigger()  # and Edit position works again
    assert window.session.editing and window.editor.edit_button.isChecked()


def test_edit_position_on_a_new_game_changes_nothing_until_a_stone_is_set(qtbot, window):
    """Tester 5: Edit position on a fresh game marked its title changed ("*") and would
    have asked to save a game nobody had touched."""
    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"))
    window.act_edit.trigger()
    assert window.session.editing
    assert not window.windowTitle().startswith("*") and not window.session.has_work
    click(qtbot, window, "c3")
    assert window.windowTitle().startswith("*") and window.session.has_work
    assert window.game.colours[window.game.geometry.cell("c3")] == BLACK
    assert not mismatches(window)


def _fake_review_engine(monkeypatch, panel, shallow, deep, playouts):
    """The review's engine replaced by rates given for each effort (Black's, after k
    moves): ``deep`` for the second look's effort, ``shallow`` below it. Returns the
    searches asked for, (k, playouts) each."""
    from ygui.ai.engine import SearchResult
    from ygui.core.game import Move
    from ygui.ui.review_panel import CHECK_FACTOR

    efforts: list[tuple[int, int]] = []

    def start(game, limits, on_finished, *args, **kw):
        k = len(game.moves)
        efforts.append((k, limits.playouts))
        black = (deep if limits.playouts >= playouts * CHECK_FACTOR else shallow)[k]
        rate = black if game.to_move == BLACK else 1 - black
        result = SearchResult(Move(0), rate, limits.playouts, ())
        request = type("R", (), {"game": game.copy()})()
        QTimer.singleShot(0, lambda: on_finished(request, result))

    panel.budget.setValue(playouts)
    monkeypatch.setattr(panel.runner, "start", start)
    return efforts


def _six_moves(qtbot, window):
    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"))
    window.entry_panel.entry.setText("c3 a1 b2 e1 c1 d1")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert len(window.game.moves) == 6 and not window.game.is_over


def test_the_review_judges_each_mistake_again_with_more_effort(qtbot, window, monkeypatch):
    """A short search's rate swings: the first pass's marks are judged again, the positions
    before and after each, with CHECK_FACTOR times the effort, and only the moves that still
    lose much stay marked (a tester's game had 10 marked, several gone after a longer look).
    The engine is replaced by rates given for each effort: a false drop at move 3, a true one
    at move 6."""
    _six_moves(qtbot, window)
    shallow = [0.5, 0.5, 0.5, 0.1, 0.1, 0.5, 0.9]  # Black's rate after k moves
    deep = [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.9]
    panel = window.review_panel
    efforts = _fake_review_engine(monkeypatch, panel, shallow, deep, 100)
    window.act_review.trigger()
    qtbot.waitUntil(lambda: not panel.review, timeout=10_000)
    assert efforts[:7] == [(k, 100) for k in range(7)]
    assert sorted(efforts[7:]) == [(k, 800) for k in (2, 3, 5, 6)]
    assert panel.graph.marks == {6}
    text = panel.review_label.text()
    assert text.startswith("Done. 1 mistake") and "first pass marked 2" in text
    assert "800 playouts a position, 1 of them stayed." in text
    moves = window.game_panel.moves_list
    marked = [r for r in range(moves.count()) if "lost" in moves.item(r).text()]
    assert len(marked) == 1 and moves.item(marked[0]).text().startswith("6")


@pytest.mark.parametrize("choice", ["this", "main", "cancel"])
def test_a_review_started_on_a_variation_asks_which_line(qtbot, window, monkeypatch, choice):
    """Tester 17 went back, played another move and finished the game there: the review
    was of the main line, the line abandoned, with nothing to say so. On a variation it asks:
    this line (made the main line), the main line, or nothing."""
    _six_moves(qtbot, window)
    window.session.go_to_main_line(4)
    for label in ("d2", "b1"):
        click(qtbot, window, label)
    assert window.session.is_on_variation()
    played = [window.game.move_text(m) for m in window.game.moves]
    panel = window.review_panel
    asked = []
    panel.ask_line = lambda text: asked.append(text) or choice
    efforts = _fake_review_engine(monkeypatch, panel, [0.5] * 7, [0.5] * 7, 100)
    window.act_review.trigger()
    assert len(asked) == 1 and "on a variation" in asked[0]
    main = [window.game.move_text(n.move) for n in window.session.tree.main_line()]
    if choice == "cancel":
        assert not panel.review and efforts == [] and main != played
        return
    qtbot.waitUntil(lambda: not panel.review, timeout=10_000)
    assert (main == played) == (choice == "this")
    assert len(efforts) >= 7 and mismatches(window) == []
    window.act_review.trigger()  # on the main line now, or the same choice: no question then
    assert len(asked) == (1 if choice == "this" else 2)


def test_the_reviews_summary_tells_marks_kept_from_marks_new(qtbot, window, monkeypatch):
    """The longer look can mark a move the first pass did not (its position judged longer
    beside one judged short): the summary said "The first pass marked 8; … 12 stayed"
    (tester 87). Here the first pass marks moves 3 and 6; judged again, 3 goes, 6 stays, and
    move 2 is marked anew."""
    _six_moves(qtbot, window)
    shallow = [0.5, 0.5, 0.5, 0.1, 0.1, 0.5, 0.9]  # Black's rate after k moves
    deep = [0.5, 0.5, 0.9, 0.9, 0.1, 0.5, 0.9]
    panel = window.review_panel
    _fake_review_engine(monkeypatch, panel, shallow, deep, 100)
    window.act_review.trigger()
    qtbot.waitUntil(lambda: not panel.review, timeout=10_000)
    assert panel.graph.marks == {2, 6}
    text = panel.review_label.text()
    assert text.startswith("Done. 2 mistakes")
    assert text.endswith(
        "The first pass marked 2; judged again with 800 playouts a position, 1 of them "
        "stayed, and 1 more move was marked."
    )
    # the tree said where its panel is, and the way said is the menu's (tester 88 read of
    # marks in a tree not shown)
    assert "the game tree (View ▸ Panels ▸ Game tree, Ctrl+T)" in text
    toggle = window.panel_actions["Game tree"]
    assert toggle.text().replace("&", "") == "Game tree"
    assert toggle.shortcut().toString() == "Ctrl+T"
    panels = [m for m in window.findChildren(QMenu) if m.title() == "&Panels"]
    assert len(panels) == 1 and toggle in panels[0].actions()
    view = panels[0].parentWidget()
    assert isinstance(view, QMenu) and view.title() == "&View"


def test_the_review_counts_the_mistakes_an_analysis_found_before_it(qtbot, window, monkeypatch):
    """Tester 6: with each position analysed deeply before (the analysis panel on during
    play), the review kept those figures, judged nothing again, and said "No move lost
    much." under five marks."""
    _six_moves(qtbot, window)
    tree = window.session.tree
    deep = [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.9]
    for node, value in zip([tree.root, *tree.main_line()], deep, strict=True):
        GameTree.set_analysis(node, value, 2_000_000)
    panel = window.review_panel
    efforts = _fake_review_engine(monkeypatch, panel, [0.5] * 7, [0.5] * 7, 100)
    window.act_review.trigger()
    qtbot.waitUntil(lambda: not panel.review, timeout=10_000)
    assert len(efforts) == 7  # the first pass; nothing to judge again more deeply
    assert panel.graph.marks == {6}
    assert panel.review_label.text().startswith("Done. 1 mistake (a drop of 15% or more)")


def test_the_reviews_effort_is_kept_for_the_next_window(qtbot, window):
    """The review's playouts a position, as chosen, in the next window (it was back at
    10,000 after a restart, a tester's); a settings file's value out of range is not taken."""
    from ygui.settings import validated
    from ygui.ui.main_window import MainWindow

    window.review_panel.budget.setValue(2500)
    assert window.settings.get("review_playouts") == 2500
    again = MainWindow(window.settings, warm_up_engine=False)
    qtbot.addWidget(again)
    assert again.review_panel.budget.value() == 2500
    kept, problems = validated({"review_playouts": 5})
    assert kept["review_playouts"] == 10_000 and problems


def _analysed(window, rates, playouts=2000):
    """Black's win rate ``rates`` kept as the analysis of the start and of each move of the
    main line (e1 the move preferred everywhere); the main line."""
    tree = window.session.tree
    line = tree.main_line()
    for node, black in zip([tree.root, *line], rates, strict=True):
        window.session.set_analysis(node, black, playouts, "e1")
    return line


def test_next_mistake_says_when_it_wraps_and_when_none_is_marked(qtbot, window):
    """N after the last mistake goes back to the first and says so; with the game analysed
    and nothing marked it says that (not "analyse the game first", a tester's finding)."""
    window.entry_panel.entry.setText("c2 a1 c3 b1")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    _analysed(window, (0.5, 0.5, 0.5, 0.5, 0.5), 1000)
    window.act_mistake.trigger()
    assert window.review_panel.review_label.text() == (
        "No mistakes marked: no move lost 15% or more."
    )
    # Black's c3 (move 3) and White's b1 (move 4) lose much
    _analysed(window, (0.5, 0.5, 0.5, 0.2, 0.9))
    window.session.go_to_main_line(0)
    window.act_mistake.trigger()
    assert len(window.session.tree.path) == 2 and len(mistake_marks(window)) == 2
    assert window.review_panel.review_label.text().startswith("Move 3 (Black): lost 30%")
    window.act_mistake.trigger()
    assert len(window.session.tree.path) == 3
    assert window.review_panel.review_label.text().startswith("Move 4 (White): lost 70%")
    window.act_mistake.trigger()
    assert len(window.session.tree.path) == 2 and len(mistake_marks(window)) == 2
    assert window.review_panel.review_label.text().startswith(
        "Back to the first mistake. Move 3 (Black)"
    )


def test_a_position_set_up_is_played_against_the_computer_chosen_in_players(qtbot, window):
    """A tester set a position up from a figure and found no way to give a side to the
    computer: the editor's Players… (and Play ▸ Players…) does it, in the middle of a game."""
    from ygui.core.record import read_record
    from ygui.ui.players_dialog import PlayersDialog

    window.act_edit.trigger()
    for label in ("c2", "b2"):
        click(qtbot, window, label)
    window.editor.tool_buttons[WHITE].setChecked(True)
    click(qtbot, window, "d1")
    window.editor.to_move.setCurrentIndex(window.editor.to_move.findData(WHITE))
    window.editor.edit_button.toggle()  # done: play from here

    shown: list[PlayersDialog] = []

    def fill(dialog: PlayersDialog, kind: str, level: int) -> bool:
        shown.append(dialog)
        combo = dialog.kinds[1]  # White's row
        combo.setCurrentIndex(combo.findData(kind))
        dialog.levels[1].setValue(level)
        return True

    window.run_players_dialog = lambda d: fill(d, "computer", 2)
    window.editor.players_button.click()
    names = [shown[0].names[c].text() for c in range(2)]
    assert names == ["Ann", "Bo"]  # given names stay, whatever the choice
    assert not shown[0].levels[0].isEnabled() and shown[0].levels[1].isEnabled()
    seat = window.session.seats[1]
    assert seat.computer and seat.level == 2 and not window.session.seats[0].computer
    assert window.game_panel.player_labels[WHITE].text().count("level 2")
    # the computer, to move, plays at once; its stone is drawn
    qtbot.waitUntil(lambda: len(window.game.moves) == 1, timeout=60_000)
    assert window.game.colours[window.game.moves[0].cell] == WHITE
    assert mismatches(window) == []
    # the autosave holds the new players: a crash brings the game back against the computer
    autosaved = read_record(window.session.autosave_file.read_text(encoding="utf-8"))
    assert '"Bo", true, 2' in autosaved.root.extra["YS"][1]

    # and back to a person: the computer makes no more moves
    window.run_players_dialog = lambda d: fill(d, "human", 2)
    window.act_players.trigger()
    assert not any(seat.computer for seat in window.session.seats)
    click(qtbot, window, "a1")
    qtbot.wait(300)
    assert labels(window)[-1] == "a1" and len(window.game.moves) == 2
    assert mismatches(window) == []


@pytest.mark.usefixtures("compiled_engine")
def test_the_computer_waiting_at_an_earlier_move_is_unsaid_once_it_has_played(qtbot, window):
    """Given a side at an earlier move, the computer waits, and the status bar says so; once
    the view has moved on, and the computer has played, the words go (they stood after its
    move: tester 66)."""
    from ygui.ui.players_dialog import PlayersDialog

    for label in ("c2", "b2", "d3"):
        click(qtbot, window, label)
    window.session.back()
    window.session.back()  # White to move, after the first move
    window.session.played = False  # (as in a game opened from its file)

    def fill(dialog: PlayersDialog) -> bool:
        dialog.kinds[1].setCurrentIndex(dialog.kinds[1].findData("computer"))
        dialog.levels[1].setValue(1)
        return True

    window.run_players_dialog = fill
    window.act_players.trigger()
    assert "waits at this earlier move" in window.statusBar().currentMessage()
    window.act_last.trigger()  # back to the game, where the computer is to move: it plays
    qtbot.waitUntil(lambda: len(window.game.moves) == 4, timeout=60_000)
    assert "waits at this earlier move" not in window.statusBar().currentMessage()
    assert mismatches(window) == []


@pytest.mark.usefixtures("compiled_engine")
def test_a_computers_move_deleted_stays_deleted(qtbot, window):
    """On a line after the game (as in the game), the computer answers the user's moves; a
    move of its deleted, it waits there, and says so: it played the move again at once, and
    again after each delete (tester 67). Ctrl+G asks it for one."""
    from ygui.session import Seat

    for label in ("a1", "c3", "b1", "d4", "c1", "e5", "d1", "e4", "e1"):  # Black's row 1 wins
        click(qtbot, window, label)
    assert window.game.winner == BLACK
    window.session.set_seats((Seat("Ann"), Seat("Bot", computer=True, level=1)))
    window.session.to_start()
    window.session.forward()
    window.session.forward()  # Black to move, after a1 c3
    click(qtbot, window, "b2")  # a variation: the computer answers
    qtbot.waitUntil(lambda: len(window.game.moves) == 4, timeout=30_000)
    window.delete_moves()
    assert (
        window.statusBar()
        .currentMessage()
        .endswith("The computer waits here: Ctrl+G asks it for a move.")
    )
    qtbot.wait(1000)
    assert len(window.game.moves) == 3 and not window.computer.runner.busy
    assert mismatches(window) == []
    window.act_computer.trigger()
    qtbot.waitUntil(lambda: len(window.game.moves) == 4, timeout=30_000)
    assert mismatches(window) == []


def test_the_players_dialog_keeps_the_seats_order_after_a_swap(qtbot, answers):
    """After a swap the first seat plays White: the dialog's rows follow the colours, and the
    seats it gives back keep the session's order."""
    from ygui.session import COMPUTER_NAME, Seat
    from ygui.ui.players_dialog import PlayersDialog

    seats = (Seat("Ann"), Seat("Player 2"))
    dialog = PlayersDialog(seats, ("Black", "White"), True)
    assert [dialog.names[c].text() for c in range(2)] == ["Player 2", "Ann"]
    dialog.kinds[0].setCurrentIndex(dialog.kinds[0].findData("computer"))  # Black's row
    assert dialog.names[0].text() == COMPUTER_NAME  # a default name follows the choice
    dialog.levels[0].setValue(7)
    first, second = dialog.seats()
    assert (first.name, first.computer) == ("Ann", False)
    assert (second.name, second.computer, second.level) == (COMPUTER_NAME, True, 7)
    dialog.kinds[0].setCurrentIndex(dialog.kinds[0].findData("human"))
    assert dialog.names[0].text() == "Player 2"
    dialog.deleteLater()


def test_a_set_up_position_under_the_pie_rule_says_no_swap(qtbot, answers):
    """The pie rule does not apply to a set-up position: the heading said "pie rule" and a
    greyed Swap button stood there all the same (a tester's finding)."""
    w = make_window(qtbot, answers)
    w.start_new_game(GameOptions(game="y", size=5, pie=True).validated(), ("A", "B"))
    assert "pie rule" in w.game_panel.title.text() and w.game_panel.swap_button.isVisible()
    w.act_edit.trigger()
    click(qtbot, w, "c2")
    w.editor.edit_button.toggle()  # done: play from here
    assert w.game_panel.title.text() == "Y, 5 cells per side, set-up position"
    assert "set-up position" in w.windowTitle() and "pie" not in w.windowTitle()
    assert not w.game_panel.swap_button.isVisible()
    click(qtbot, w, "a1")
    assert not w.game_panel.swap_button.isVisible() and not w.act_swap.isEnabled()
    assert mismatches(w) == []


def test_setting_up_a_position_after_a_swap_keeps_each_player_on_their_colour(qtbot, answers):
    """After a swap the player who began as Black plays White. Editing the position (a set-up
    position has no swap) gave them back the colours they began with: a tester's computer
    found itself playing the other colour."""
    from ygui.session import Seat

    w = make_window(qtbot, answers)
    w.start_new_game(
        GameOptions(game="y", size=5, pie=True).validated(),
        ("Ann", "Bot"),
        (Seat("Ann"), Seat("Bot", computer=True, level=1)),
    )
    w.computer.set_paused(True)  # (the moves are the test's)
    click(qtbot, w, "c2")
    w.session.play(Move.swap())
    assert w.session.seat_for(BLACK).name == "Bot" and w.session.seat_for(WHITE).name == "Ann"
    assert "swapped" in w.statusBar().currentMessage()
    answers.save_choice = ["discard"]
    w.act_edit.trigger()
    assert w.game.swapped  # (the game as it is until the first edit)
    click(qtbot, w, "a1")  # (a stone of the set-up: the position is a game of its own)
    assert "swapped" not in w.statusBar().currentMessage()  # (no swap in what is shown)
    assert w.session.editing and not w.game.swapped
    assert w.session.seat_for(BLACK).name == "Bot" and w.session.seat_for(BLACK).computer
    assert w.session.seat_for(WHITE).name == "Ann"
    assert "Bot" in w.game_panel.player_labels[BLACK].text()
    answers.save_choice = ["discard"]  # (the game of two moves left behind: agreed)
    w.editor.edit_button.toggle()  # done
    assert w.session.seat_for(BLACK).name == "Bot" and mismatches(w) == []


def _second_seat_to_the_computer(window) -> list[str]:
    """Players… answered by choosing the computer for the second seat; returns the list the
    dialog's note is put in when it opens."""
    notes: list[str] = []

    def fill(dialog):
        notes.append(dialog.findChildren(QLabel)[-1].text())
        dialog.kinds[1].setCurrentIndex(dialog.kinds[1].findData("computer"))
        return True

    window.run_players_dialog = fill
    return notes


def test_the_players_dialog_says_when_the_computer_waits(qtbot, window):
    """At an earlier move a computer to move waits (the user came back there): the dialog
    said it would start at once, and nothing came (a tester's finding)."""
    for label in ("c2", "b1", "d3"):
        click(qtbot, window, label)
    window.session.back()
    window.session.back()  # White to move, at move 1 of 3
    notes = _second_seat_to_the_computer(window)
    window.act_players.trigger()
    assert "waits" in notes[0] and "Ctrl+G" in notes[0]
    qtbot.wait(300)
    assert len(window.game.moves) == 1 and not window.computer.runner.busy
    assert window.statusBar().currentMessage() == (
        "Players: Ann and Bo (computer, level 5). Bo (computer, level 5) waits at this "
        "earlier move: Ctrl+G lets it play here."
    )
    window.act_computer.trigger()  # Ctrl+G: it plays here, a variation
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=60_000)
    assert mismatches(window) == []


def test_players_chosen_while_setting_up_say_the_computer_plays_after_done(qtbot, window):
    """While a position is set up, the dialog says a computer plays after Done, and the status
    bar does not say it waits at an earlier move (what it says of a position come back to)."""
    window.act_edit.trigger()
    click(qtbot, window, "c2")
    window.editor.to_move.setCurrentIndex(window.editor.to_move.findData(WHITE))
    notes = _second_seat_to_the_computer(window)
    window.editor.players_button.click()
    assert "once the position is set up (Done)" in notes[0]
    assert window.statusBar().currentMessage() == "Players: Ann and Bo (computer, level 5)."
    assert not window.computer.runner.busy
    window.editor.edit_button.toggle()  # done: it plays
    qtbot.waitUntil(lambda: len(window.game.moves) == 1, timeout=60_000)
    assert mismatches(window) == []


def test_a_review_of_a_saved_game_asks_to_save_its_analysis_by_name(
    qtbot, window, answers, tmp_path
):
    """A game opened from its file and then analysed has unsaved analysis, not unsaved moves:
    the question before a new game says so (a tester took "Save the current game first?"
    after a review for a fault). Once a move is played, it is the usual question."""
    for label in ("a1", "b2", "c3"):
        click(qtbot, window, label)
    path = tmp_path / "reviewed.ysgf"
    window.session.save(path)
    assert not window.session.dirty
    node = window.session.tree.main_line()[1]
    window.session.set_analysis(node, 0.4, 5000, "d4")  # (as the review keeps each result)
    assert window.session.dirty and window.session.only_analysis_unsaved
    answers.save_choice = ["cancel"]
    assert not window.maybe_keep_changes()
    assert answers.questions[-1].startswith("The analysis of this game is not saved")
    click(qtbot, window, "d4")
    assert not window.session.only_analysis_unsaved
    answers.save_choice = ["cancel"]
    assert not window.maybe_keep_changes()
    assert answers.questions[-1] == (
        "Save the current game, reviewed.ysgf (4 moves), first? The last move is not in "
        "reviewed.ysgf."
    )


def test_a_game_lost_without_a_mistake_says_how_it_slipped_away(qtbot, window, monkeypatch):
    """No move lost 15%, but Black's chances fell from 50% to 10%: the review says so, and
    names Black's largest losses ("No move lost much." beside a graph falling to 0% read as a
    contradiction, a tester's finding). White's moves gained; Black's lost 10% each."""
    _six_moves(qtbot, window)
    rates = [0.5, 0.4, 0.4, 0.3, 0.3, 0.2, 0.1]  # Black's rate after k moves
    panel = window.review_panel
    _fake_review_engine(monkeypatch, panel, rates, rates, 100)
    window.act_review.trigger()
    qtbot.waitUntil(lambda: not panel.review, timeout=10_000)
    assert panel.graph.marks == set()
    text = panel.review_label.text()
    assert text.startswith("Done. No move lost 15% or more. Black's chances fell from 50% to 10%")
    assert "its largest losses: move 1 (-10%), move 3 (-10%), move 5 (-10%)." in text


def test_the_review_graphs_move_numbers_never_run_into_each_other(qtbot):
    """However narrow the panel and long the game, the numbers under the graph keep a gap
    ("45" and "54" ran together in a narrow panel, a tester's finding), the last inside."""
    from ygui.ui.review_panel import WinRateGraph

    graph = WinRateGraph(lambda _: None)
    qtbot.addWidget(graph)
    for moves in (3, 9, 54, 120, 361):
        graph.values = [0.5] * (moves + 1)
        for width in (140, 200, 260, 400, 900):
            graph.resize(width, 120)
            places = graph.number_places()
            assert places[0][0] == 0 and len(places) >= 2
            for (_, left, w), (_, after, _) in zip(places, places[1:], strict=False):
                assert left + w <= after
                assert w >= graph.fontMetrics().horizontalAdvance(str(moves))
            assert places[-1][1] + places[-1][2] <= width
            # in round steps (tester 17 read "0, 9, 18, 27")
            step = places[1][0]
            assert str(step).strip("0") in ("1", "2", "5")
            assert all(number == i * step for i, (number, _, _) in enumerate(places))


def test_a_position_typed_over_a_saved_game_is_a_game_of_its_own(qtbot, window, tmp_path):
    """A study opened from its file and replaced by a typed position: the file is left as it
    was, and Save asks where to write the position (Ctrl+S wrote it over the study, a
    tester's finding). So is a file that held a position alone (tester 53: the next figure
    typed took over the file of the one before, and Ctrl+S wrote it there)."""
    from ygui.core.record import load_record

    for label in ("a1", "b2", "c3"):
        click(qtbot, window, label)
    study = tmp_path / "study.ysgf"
    window.session.save(study)
    kept = study.read_text()
    window.entry_panel.entry.setText("B: a1 b2  W: c3 to move: W")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert window.game.setup and not window.game.moves
    assert window.session.path is None and "unsaved game" in window.windowTitle()
    asked: list[str] = []
    position = tmp_path / "position.ysgf"

    def choose(suffix=".ysgf"):
        asked.append(suffix)
        return position

    window.choose_save_path = choose
    window.act_save.trigger()
    assert asked and study.read_text() == kept
    assert len(load_record(study).root.children) == 1  # the study's moves, whole
    assert window.session.path == position
    # a file with a position and no moves: another position typed is a game of its own
    window.entry_panel.entry.setText("B: a1 W: c3 to move: B")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert window.session.path is None and len(load_record(position).setup) == 3
    # the same position typed again is the file's still
    window.session.open(position)
    window.entry_panel.entry.setText("B: a1 b2  W: c3 to move: W")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert window.session.path == position and not window.session.dirty


def test_the_analysis_lines_are_added_to_the_game_and_stepped_through(qtbot, window):
    """A candidate's line, double-clicked in the analysis's table, is added to the game as a
    variation from the position shown, which goes to its first move; Right steps through it,
    the board drawing each position; L adds the best line (the lines could only be looked
    at: tester 24)."""
    window.start_new_game(GameOptions(game="y", size=9, pie=False).validated(), ("A", "B"))
    window.act_add_line.trigger()  # nothing analysed yet: said so, nothing added
    assert "no line of the analysis" in window.statusBar().currentMessage()
    assert window.session.tree.root.children == []
    for label in ("c3", "b2"):
        click(qtbot, window, label)
    window.session.back()  # at move 1: b2 is the game's move 2
    computer = window.computer
    window.act_analyse.trigger()
    table = computer.candidates_table
    qtbot.waitUntil(lambda: table.rowCount() >= 3 and len(computer.best_moves) >= 3, timeout=60_000)
    window.act_analyse.trigger()  # stopped: its figures stay
    qtbot.waitUntil(lambda: not computer.runner.busy, timeout=10_000)
    line = computer.candidate_moves[2]
    words = [window.game.move_text(m) for m in line]  # (White's move first)
    assert len(line) >= 2 and table.item(2, 0).text() == words[0]
    table.cellDoubleClicked.emit(2, 0)
    assert f"The line {' '.join(words)}" in window.statusBar().currentMessage()
    tree = window.session.tree
    first = tree.root.children[0]
    assert [c.move for c in first.children][0] == Move(window.game.geometry.cell("b2"))
    assert window.session.move_number == 2 and window.session.is_on_variation() == (
        words[0] != "b2"
    )
    assert window.game.moves[-1] == line[0] and mismatches(window) == []
    seen = [window.game.moves[-1]]
    for _ in line[1:]:
        qtbot.keyClick(window, Qt.Key.Key_Right)
        assert mismatches(window) == []
        seen.append(window.game.moves[-1])
    assert seen == list(line)
    moves = window.game_panel.moves_list  # the list shows the line, the last move chosen
    assert moves.currentRow() == moves.count() - 1 == 1 + len(line)
    # L: the best line of the position shown, once analysed
    window.session.to_start()
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: len(computer.best_moves) >= 2, timeout=60_000)
    best = computer.best_moves
    window.act_add_line.trigger()
    assert window.session.move_number == 1 and window.game.moves == [best[0]]
    assert mismatches(window) == []
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: not computer.runner.busy, timeout=10_000)


def test_a_position_and_a_game_are_copied_and_pasted_as_text(qtbot, window, answers):
    """Ctrl+C copies the position as the text the Set up box reads, Ctrl+Shift+C the game's
    record; Ctrl+V pastes either (into another window too), and text that is neither is
    said to be so, the game unchanged (tester 24: a position could be copied only as a
    picture)."""
    from PySide6.QtWidgets import QApplication

    clipboard = QApplication.clipboard()
    for label in ("c3", "b2", "a1"):
        click(qtbot, window, label)
    window.session.back()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert clipboard.text() == "Black: c3  White: b2  (to move: Black)"
    assert window.statusBar().currentMessage() == f"Copied: {clipboard.text()}"
    window.act_copy_record.trigger()
    record = clipboard.text()
    assert record.startswith("(;") and "a1" not in record.split("b2")[0]
    # the position, pasted: a set-up of the same stones, after the question about the game
    clipboard.setText("Black: c3  White: b2  (to move: Black)")
    answers.save_choice = ["discard"]
    qtbot.keyClick(window.view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    g = window.game.geometry
    assert window.game.setup == {g.cell("c3"): BLACK, g.cell("b2"): WHITE}
    assert window.game.moves == [] and window.game.to_move == BLACK
    assert mismatches(window) == []
    # the record, pasted: the whole game, at the move it was copied at, with no file
    clipboard.setText(record)
    answers.save_choice = ["discard"]
    window.act_paste.trigger()
    assert labels(window) == ["c3", "b2"] and window.session.line_length == 3
    assert window.session.path is None and window.session.dirty
    assert mismatches(window) == []
    assert window.statusBar().currentMessage().startswith("Pasted Y, 5 cells per side, at move 2")
    # neither: said, and nothing changes
    clipboard.setText("hello there")
    window.act_paste.trigger()
    assert (
        "neither a game's record, nor moves to play here, nor a position" in (answers.informed[-1])
    )
    assert "('hello', the first: no cell 'hello' on this board)" in answers.informed[-1]
    assert labels(window) == ["c3", "b2"]
    clipboard.setText("(;FF[4]GM[1]SZ[19];B[dd]")  # a Go record, cut short
    window.act_paste.trigger()
    assert answers.informed[-1].startswith("The record on the clipboard:")
    assert labels(window) == ["c3", "b2"]
    # copied from another board (Poly-Y), pasted: on that board, not this one's cells of the
    # same names (a Y 7 position went into a Y 11 board's corner: tester 25)
    answers.save_choice = ["discard"]
    window.start_new_game(GameOptions(game="poly-y").validated(), ("A", "B"))
    for label in ("31", "12"):
        click(qtbot, window, label)
    window.act_copy.trigger()
    copied = window.game.geometry.to_dict()
    window.start_new_game(GameOptions(game="y", size=7, pie=False).validated(), ("A", "B"))
    answers.save_choice = ["discard"]
    window.act_paste.trigger()
    assert window.game.geometry.to_dict() == copied and window.game.options.game == "poly-y"
    g = window.game.geometry
    assert window.game.setup == {g.cell("31"): BLACK, g.cell("12"): WHITE}
    said = window.statusBar().currentMessage()
    # (named as Poly-Y's own board, not a board file's, and without a swap: tester 26)
    assert "on its own board (Poly-Y, " in said and "pie" not in said, said
    assert "one's own" not in window.windowTitle()
    assert mismatches(window) == []
    # and a position on the same board goes on it, with no word of another board
    window.act_copy.trigger()
    window.act_paste.trigger()
    assert "own board" not in window.statusBar().currentMessage()


def test_an_analysis_kept_with_the_game_is_shown_when_the_position_is_again(
    qtbot, window, answers, tmp_path
):
    """The figures an analysis kept with a position are in the analysis panel when the
    position is shown again, in a reopened file too, until an analysis runs there (they
    were in the review's graph alone: tester 24)."""
    window.start_new_game(GameOptions(game="y", size=9, pie=False).validated(), ("A", "B"))
    for label in ("c3", "b2"):
        click(qtbot, window, label)
    computer = window.computer
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: "%" in computer.win_label.text(), timeout=60_000)
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: not computer.runner.busy, timeout=10_000)
    kept = GameTree.analysis(window.session.current)
    assert kept is not None and kept[1] > 0
    window.session.back()
    assert computer.win_label.text() == "Win probability: -"  # nothing kept at move 1
    window.session.forward()
    black = round(100 * kept[0])
    said = f"Win probability, as kept with the game: Black {black}% · White {100 - black}%"
    assert computer.win_label.text() == said
    assert computer.stats_label.text().startswith(f"{kept[1]:,} playouts, when it was")
    assert computer.win_bar.text() == (
        f"Black {black}%" if black >= 50 else f"White {100 - black}%"
    )
    path = tmp_path / "kept.ysgf"
    window.session.save(path)
    answers.save_choice = ["discard"]
    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"))
    assert window.open_path(path)
    assert window.session.move_number == 2 and computer.win_label.text() == said
    # and its best move is marked on the board as the analysis marks it, with Candidate moves
    # on the board (the panel alone said it)
    best = GameTree.best_move(window.session.current)
    cell = window.game.geometry.cell(best)
    assert computer.line_label.text() == f"Best move, as kept with the game: {best}"
    assert window.scene._candidates_given is None
    window.act_candidates.trigger()
    (mark,) = window.scene._candidates_given
    assert window.game.to_move == BLACK  # (the rate is the mover's, as the analysis says it)
    assert mark == (cell, f"{black}%", pytest.approx(black / 100, abs=0.006))
    assert mismatches(window) == []


@pytest.mark.parametrize("order", ["person first", "computer first"])
def test_a_person_who_changes_sides_with_the_computer_keeps_their_name(qtbot, order):
    """Tester 27 handed Black to the computer and took White: White was named "Player 2",
    and the win was announced for "Player 2". The person's name follows them, whichever row
    is changed first, and the computer's seat is named "Computer"."""
    from ygui.session import COMPUTER_NAME, Seat
    from ygui.ui.players_dialog import PlayersDialog

    seats = (Seat("Ann"), Seat(COMPUTER_NAME, computer=True, level=6))
    dialog = PlayersDialog(seats, ("Black", "White"), False)
    qtbot.addWidget(dialog)
    rows = [(0, "computer"), (1, "human")]
    for colour, kind in rows if order == "computer first" else rows[::-1]:
        dialog.kinds[colour].setCurrentIndex(dialog.kinds[colour].findData(kind))
    assert [dialog.names[c].text() for c in range(2)] == [COMPUTER_NAME, "Ann"]
    black, white = dialog.seats()
    assert (black.name, black.computer, white.name, white.computer) == (
        COMPUTER_NAME,
        True,
        "Ann",
        False,
    )
    # and back: Ann sits at Black again
    dialog.kinds[1].setCurrentIndex(dialog.kinds[1].findData("computer"))
    dialog.kinds[0].setCurrentIndex(dialog.kinds[0].findData("human"))
    assert [dialog.names[c].text() for c in range(2)] == ["Ann", COMPUTER_NAME]


def test_of_two_people_one_handing_a_seat_to_the_computer_renames_no_one(qtbot):
    """Tester 29: Player 1 and Player 2 at one computer, White handed to the computer, and
    Black was renamed "Player 2" (the name was taken for a person changing sides)."""
    from ygui.session import COMPUTER_NAME, Seat
    from ygui.ui.players_dialog import PlayersDialog

    dialog = PlayersDialog((Seat("Player 1"), Seat("Player 2")), ("Black", "White"), False)
    qtbot.addWidget(dialog)
    dialog.kinds[1].setCurrentIndex(dialog.kinds[1].findData("computer"))
    assert [dialog.names[c].text() for c in range(2)] == ["Player 1", COMPUTER_NAME]
    dialog.kinds[0].setCurrentIndex(dialog.kinds[0].findData("computer"))
    dialog.kinds[1].setCurrentIndex(dialog.kinds[1].findData("human"))
    assert dialog.names[1].text() == "Player 2"


def test_the_computer_changing_sides_keeps_its_level(qtbot):
    """Tester 30 took the computer's side on Poly-Y: the computer, now at the other colour,
    came up at level 1 instead of its 3."""
    from ygui.session import COMPUTER_NAME, Seat
    from ygui.ui.players_dialog import PlayersDialog

    seats = (Seat(COMPUTER_NAME, computer=True, level=3), Seat("Ann"))
    dialog = PlayersDialog(seats, ("Black", "White"), False)
    qtbot.addWidget(dialog)
    dialog.kinds[1].setCurrentIndex(dialog.kinds[1].findData("computer"))
    dialog.kinds[0].setCurrentIndex(dialog.kinds[0].findData("human"))
    black, white = dialog.seats()
    assert (black.name, black.computer) == ("Ann", False)
    assert (white.computer, white.level) == (True, 3)


def _study(qtbot, window, tmp_path):
    """Y 5: the line c2 b2 d3 c3 with a branch (e3 for d3), saved, shown at the third move."""
    for label in ("c2", "b2", "d3", "c3"):
        click(qtbot, window, label)
    window.act_undo.trigger()
    window.act_undo.trigger()
    click(qtbot, window, "e3")  # a second branch at the third move
    window.session.save(tmp_path / "study.ysgf")
    window.session.sibling(-1)  # (the first branch again: d3)
    assert labels(window) == ["c2", "b2", "d3"]
    return _named({c: col for c, col in enumerate(window.game.colours) if col})


def _named(stones: dict[int, int]) -> dict[int, str]:
    return {c: "Black" if col == BLACK else "White" for c, col in stones.items()}


def _whole(window) -> tuple:
    session = window.session
    tree = session.tree
    return (
        tree,
        labels(window),
        len(tree.root.children[0].children[0].children),
        session.path,
        session.dirty,
    )


def test_edit_position_left_without_an_edit_changes_nothing(qtbot, window, tmp_path):
    """Tester 31 pressed Edit position on a saved study, then Done without a change: its moves,
    branches and file were gone. Now the game stays as it is until the first edit."""
    stones = _study(qtbot, window, tmp_path)
    before = _whole(window)
    window.act_edit.trigger()
    assert window.session.editing and _whole(window) == before
    assert drawn_stones(window) == stones and mismatches(window) == []
    window.editor.edit_button.toggle()  # done, without an edit
    assert not window.session.editing and _whole(window) == before
    assert drawn_stones(window) == stones and mismatches(window) == []
    assert window.editor.to_move.currentData() == WHITE  # (the position's: White to move)
    window.act_edit.trigger()
    window.editor.cancel_button.click()  # (nothing set up: nothing asked)
    assert not window.session.editing and _whole(window) == before


@pytest.mark.parametrize("back", ["undo", "cancel", "menu"])
def test_the_game_an_edit_replaced_comes_back_by_undo_or_cancel(
    qtbot, window, answers, tmp_path, back
):
    """The first edit starts a game from the position edited (the status bar says how to get
    the game back); Undo (Ctrl+Z) brings back the game with its moves at the move it was left
    at, still editing, and Redo the edit; Cancel (the panel's button, or Study ▸ Cancel the
    set-up) brings it back and leaves the set-up, once the user agrees to drop the position
    set up (asked, since it cannot come back). The board draws each position."""
    stones = _study(qtbot, window, tmp_path)
    before = _whole(window)
    window.act_edit.trigger()
    click(qtbot, window, "a1")
    g = window.game.geometry
    edited = stones | {g.cell("a1"): "Black"}
    assert _named(window.game.setup) == edited and window.session.tree.root.children == []
    assert window.game.to_move == WHITE
    assert "Until you press Done, Undo (Ctrl+Z) or Cancel brings back" in (
        window.statusBar().currentMessage()
    )
    assert drawn_stones(window) == edited and mismatches(window) == []
    if back == "undo":
        window.act_undo.trigger()
        assert window.session.editing and _whole(window) == before
        assert drawn_stones(window) == stones and mismatches(window) == []
        assert "The game is back" in window.statusBar().currentMessage()
        window.act_redo.trigger()
        assert _named(window.game.setup) == edited and drawn_stones(window) == edited
        assert "Until you press Done" in window.statusBar().currentMessage()
        window.act_undo.trigger()
        window.editor.edit_button.toggle()  # done
    else:
        answers.yes_no = [False]  # (no: the set-up stays)
        window.editor.cancel_button.click()
        assert answers.yes_no == [] and window.session.editing
        assert _named(window.game.setup) == edited and drawn_stones(window) == edited
        answers.yes_no = [True]
        if back == "cancel":
            window.editor.cancel_button.click()
        else:
            window.act_cancel_edit.trigger()
        assert answers.yes_no == []
        assert "The game is back" in window.statusBar().currentMessage()
    assert not window.session.editing and _whole(window) == before
    assert drawn_stones(window) == stones and mismatches(window) == []
    assert not window.editor.cancel_button.isVisible()
    click(qtbot, window, "e1")  # (play goes on from the game's third move)
    assert labels(window) == ["c2", "b2", "d3", "e1"]
    # what was said of the game brought back goes with the move (it stood over the moves
    # played after Done, tester 53)
    assert "The game is back" not in window.statusBar().currentMessage()


def test_study_comment_writes_in_a_dialog_while_the_tree_is_closed(qtbot, window):
    """Study ▸ Comment on this position… (Ctrl+K) with the game tree closed: a dialog of its
    own, the move list staying in view (opening the tree for the box hid the list, which the
    tree stands in for: tester 74); Ctrl+Enter keeps what was written, Esc does not."""
    window.show()
    qtbot.waitExposed(window)
    window.tree_panel.hide()
    click(qtbot, window, "c2")
    shown = []

    def run(dialog, typed="a fine start", keep=True):
        dialog.show()
        dialog.activateWindow()
        qtbot.waitUntil(dialog.box.hasFocus)
        assert dialog.windowTitle() == "Comment on 1. Black c2"
        assert window.game_panel.moves_list.isVisible() and not window.tree_panel.isVisible()
        qtbot.keyClicks(dialog.box, typed)
        key = Qt.Key.Key_Return if keep else Qt.Key.Key_Escape
        modifier = Qt.KeyboardModifier.ControlModifier if keep else Qt.KeyboardModifier.NoModifier
        qtbot.keyClick(dialog.box, key, modifier)
        shown.append(dialog.result())
        return dialog.result() == dialog.DialogCode.Accepted

    window.run_comment_dialog = run
    window.act_comment.trigger()
    assert shown == [1] and window.session.current.comment == "a fine start"
    assert window.game_panel.comment_label.text() == "a fine start"  # (under the moves)
    window.run_comment_dialog = lambda d: run(d, " and more", keep=False)
    window.act_comment.trigger()
    assert shown == [1, 0] and window.session.current.comment == "a fine start"
    assert mismatches(window) == []


def test_study_comment_opens_the_comment_box_of_the_position(qtbot, window):
    """Study ▸ Comment on this position… (Ctrl+K) with the game tree's panel on the screen
    puts the keys in its comment box: what is typed is the position's comment (tester 31
    found the box only in that panel)."""
    window.show()
    qtbot.waitExposed(window)
    window.tree_panel.show()
    window.tree_panel.raise_()
    qtbot.waitUntil(lambda: window._tree_on_screen)
    click(qtbot, window, "c2")
    window.run_comment_dialog = lambda dialog: pytest.fail("no dialog: the tree's box")
    window.act_comment.trigger()
    assert window.tree_panel.isVisible() and window.tree_panel.comment.hasFocus()
    qtbot.keyClicks(window.tree_panel.comment, "a fine start")
    assert window.session.current.comment == "a fine start"
    # Esc gives the keys back to the board: Left steps back (it moved the text cursor in the
    # box, tester 37)
    qtbot.keyClick(window.tree_panel.comment, Qt.Key.Key_Escape)
    assert window.view.hasFocus() and not window.tree_panel.comment.hasFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Left)
    assert window.session.move_number == 0
    assert window.tree_panel.comment.toPlainText() == ""  # the start's own (empty) comment


def test_done_after_an_edit_asks_and_then_leaves_no_promise(qtbot, window, answers, tmp_path):
    """Done after an edit leaves the game set aside behind: it asks first, naming the moves
    and the file that keeps them (tester 34's game went at Done without a word); No goes on
    editing. After Done the status bar no longer says Undo or Cancel brings the game back
    (tester 32 read that promise after Done)."""
    _study(qtbot, window, tmp_path)
    window.act_edit.trigger()
    click(qtbot, window, "c3")  # (on the cell of the one move after it: no move fits)
    assert "Until you press Done" in window.statusBar().currentMessage()
    answers.yes_no = [False]
    window.editor.edit_button.toggle()  # done? no
    assert answers.questions[-1] == (
        "Play from the position set up? The game before it (4 moves) stays behind: it stays "
        "in its file, study.ysgf. No move after the position edited fits the position set up: "
        "c3, move 1: the cell c3 is occupied (1 move)."
    )
    assert window.session.editing and window.editor.edit_button.isChecked()
    assert window.editor.cancel_button.isVisible()
    answers.yes_no = [True]
    window.editor.edit_button.toggle()  # done
    assert not window.session.editing and answers.yes_no == []
    assert "brings back" not in window.statusBar().currentMessage()
    assert not window.act_undo.isEnabled()  # (the set-up's first position: nothing before it)


def test_the_set_ups_warning_is_of_the_set_up_shown(qtbot, window, answers):
    """A set-up of two Black stones and one White, Black to move, is warned of at its start;
    at its third move the board is not that set-up, and entering Edit position there said
    the set-up's count of stones as if it were the board's (tester 32)."""
    window.entry_panel.entry.setText("B: a1 b1 W: e1 to move: B")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    warning = window.editor.edit_warning
    assert "Black has 2 stones and White 1" in warning.text()
    for label in ("c2", "d3", "c3"):
        click(qtbot, window, label)
    assert warning.text() == ""
    answers.save_choice = ["discard"]
    window.act_edit.trigger()
    assert window.session.editing and warning.text() == ""
    window.editor.cancel_button.click()


def test_up_and_down_switch_at_the_branch_above_and_say_when_there_is_none(qtbot, window):
    """A move below a branch: Up goes to the other line at the branch, as deep as it goes,
    and the board draws it; with no variation, Up says so (it did nothing: tester 32)."""
    for label in ("c2", "b2", "d3"):
        click(qtbot, window, label)
    window.act_up.trigger()
    assert labels(window) == ["c2", "b2", "d3"]
    assert "Up: no variation above this one" in window.statusBar().currentMessage()
    window.session.back()
    window.session.back()
    click(qtbot, window, "e3")
    click(qtbot, window, "d4")  # c2 e3 d4: a move below the branch at e3
    window.act_up.trigger()
    assert labels(window) == ["c2", "b2", "d3"] and mismatches(window) == []
    assert window.statusBar().currentMessage() == "Variation 1 of 2 at move 2."
    window.act_down.trigger()
    assert labels(window) == ["c2", "e3", "d4"] and mismatches(window) == []
    assert window.statusBar().currentMessage() == "Variation 2 of 2 at move 2."
    window.act_back.trigger()  # (the words stood at another move: tester 51)
    assert window.statusBar().currentMessage() == ""
    window.act_up.trigger()
    window.game_panel.nav_buttons["back"].click()  # ‹, the panel's step back
    assert window.statusBar().currentMessage() == ""
    window.session.to_start()
    window.act_down.trigger()  # (at the start: the branch is further on)
    assert "] goes on to the next move that has variations" in (window.statusBar().currentMessage())


def test_the_next_new_game_starts_with_the_players_last_chosen(qtbot, window):
    """Players… gave White to the computer; the New game dialog then offered the players
    chosen in it before, two people. It offers the players of the game now."""
    from ygui.ui.new_game_dialog import NewGameDialog

    _second_seat_to_the_computer(window)
    window.act_players.trigger()
    dialog = NewGameDialog(dict(window.settings.get("new_game")), window.theme, window)
    qtbot.addWidget(dialog)
    assert dialog.first_kind.currentData() == "human" and dialog.first_name.text() == "Ann"
    assert dialog.second_kind.currentData() == "computer"
    assert dialog.seats()[1].computer and not dialog.seats()[0].computer


def test_closing_while_a_set_up_has_set_a_game_aside_asks_of_that_game_first(
    qtbot, window, answers, tmp_path
):
    """A game of unsaved moves, set aside by an edit: closing the window asked of the set-up
    alone, and the game went unasked. Now it is shown again and asked about first (Cancel
    keeps the window, the set-up shown again); saved, its file has its moves."""
    from ygui.core.record import load_record

    for label in ("c2", "b2", "d3"):
        click(qtbot, window, label)
    answers.save_choice = ["discard"]  # (the question before editing: edit without saving)
    window.act_edit.trigger()
    click(qtbot, window, "a1")
    g = window.game.geometry
    edited = {g.cell("c2"): "Black", g.cell("d3"): "Black", g.cell("b2"): "White"}
    edited[g.cell("a1")] = "Black"
    answers.save_choice = ["cancel"]
    assert not window.close()
    assert answers.questions[-1].startswith(
        "The game set aside by Edit position (3 moves), shown now, is not saved."
    )
    assert window.session.editing and _named(window.game.setup) == edited
    assert drawn_stones(window) == edited and mismatches(window) == []
    path = tmp_path / "aside.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    answers.save_choice = ["save", "cancel"]  # the game aside saved; then the set-up: cancel
    assert not window.close()
    assert answers.questions[-1].startswith("Closing the window of")
    moves = [window.game.move_text(node.move) for node in load_record(path).main_line()]
    assert moves == ["c2", "b2", "d3"]
    assert window.session.editing and drawn_stones(window) == edited
    answers.yes_no = [True]
    window.editor.cancel_button.click()
    assert labels(window) == ["c2", "b2", "d3"] and window.session.path == path
    assert not window.session.dirty


def test_done_offers_to_save_the_unsaved_game_it_leaves(qtbot, window, answers, tmp_path):
    """Done after an edit, the game set aside unsaved: Save, Discard or Cancel, with that game
    shown (tester 35 had only Yes or No, and had to leave to find Save). Cancel goes on
    editing; Save writes it, then plays from the set-up; the board draws each."""
    from ygui.core.record import load_record

    for label in ("c2", "b2", "d3"):
        click(qtbot, window, label)
    answers.save_choice = ["discard"]
    window.act_edit.trigger()
    assert answers.questions[-1].startswith("Edit position: at the first change")
    click(qtbot, window, "a1")
    setup = _named(window.game.setup)
    answers.save_choice = ["cancel"]
    window.editor.edit_button.toggle()  # done? cancel
    assert answers.questions[-1].startswith(
        "Done plays from the position set up and leaves the game before it. The game set "
        "aside by Edit position (3 moves), shown now, is not saved."
    )
    assert window.session.editing and _named(window.game.setup) == setup
    assert drawn_stones(window) == setup and mismatches(window) == []
    path = tmp_path / "before.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    answers.save_choice = ["save"]
    window.editor.edit_button.toggle()  # done: save it first
    assert not window.session.editing and _named(window.game.setup) == setup
    assert drawn_stones(window) == setup and mismatches(window) == []
    moves = [window.game.move_text(node.move) for node in load_record(path).main_line()]
    assert moves == ["c2", "b2", "d3"]
    answers.save_choice = ["discard"]
    assert window.close()
    assert answers.questions[-1].startswith(
        "Closing the window of Y, 5 cells per side, set-up position (4 stones set up)."
    )


def _figure_studied(qtbot, window, tmp_path):
    """A figure typed in (Black c2, White d3, Black to move), studied: the line b2 c3 d2
    with a comment and a mark on b2, and e3 instead of b2; saved, shown at the start."""
    window.entry_panel.entry.setText("B: c2 W: d3 to move: B")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    for label in ("b2", "c3", "d2"):
        click(qtbot, window, label)
    session = window.session
    first = session.tree.root.children[0]
    first.comment = "the figure's move"
    first.extra["TR"] = ["e1"]
    GameTree.set_analysis(first, 0.7, 5000, "c3")
    session.go_to(session.tree.root)
    click(qtbot, window, "e3")  # a variation
    path = tmp_path / "figure.ysgf"
    session.save(path)
    session.go_to(session.tree.root)
    return path


def _white_stone_then_done(qtbot, window, answers, label, choice):
    """Edit position, a White stone on ``label``, Done answered with ``choice``: the question
    asked."""
    window.act_edit.trigger()
    window.editor.tool_buttons[WHITE].setChecked(True)
    click(qtbot, window, label)
    answers.choices = [choice]
    window.editor.edit_button.toggle()
    return answers.questions[-1]


def test_a_stone_forgotten_from_the_figure_keeps_the_study(qtbot, window, answers, tmp_path):
    """Tester 41 set up a figure, studied it, then found a stone missing: Edit position at
    the start and Done left the variations, comments and marks behind, in the game before
    the edit. Done now offers to keep the moves that still fit the position set up: they
    stay, with their comments and marks (not the analysis of the other position). Where every
    move fits, the study goes on in its file; where some are left out, the question names
    each line, why, and what goes with it, and the study kept is a new game: its file keeps
    the study whole (tester 43's routine Ctrl+S wrote a commented variation, left out, over
    the file)."""
    from ygui.ui.position_editor import KEEP_MOVES

    path = _figure_studied(qtbot, window, tmp_path)
    before = path.read_bytes()
    # the stone forgotten, on the cell of the main line's 2nd move; cancel: go on editing
    asked = _white_stone_then_done(qtbot, window, answers, "c3", "")
    assert asked.startswith(
        "The game's moves can be kept on the position set up: 2 moves fit it, and 2 moves "
        "would be left out:\n• c3, move 2: the cell c3 is occupied (2 moves)\n\n"
        "Keep the moves: with their variations, comments and marks (their analysis goes); a "
        "new game, not saved (its file, figure.ysgf, keeps the game as it was)."
    )
    assert window.session.editing and window.editor.edit_button.isChecked()
    answers.choices = [KEEP_MOVES]
    window.editor.edit_button.toggle()  # done: keep the moves
    session = window.session
    assert not session.editing and answers.choices == [] and answers.yes_no == []
    assert window.statusBar().currentMessage() == (
        "The position set up keeps 2 moves of the game (2 moves left out); figure.ysgf keeps "
        "the study as it was."
    )
    assert session.path is None and session.dirty and path.read_bytes() == before
    g = window.game.geometry
    assert window.game.setup == {g.cell("c2"): BLACK, g.cell("d3"): WHITE, g.cell("c3"): WHITE}
    assert mismatches(window) == []
    lines = session.tree.root.children
    assert [window.game.move_text(n.move) for n in lines] == ["b2", "e3"]
    assert lines[0].comment == "the figure's move" and lines[0].extra == {"TR": ["e1"]}
    window.act_forward.trigger()
    assert labels(window) == ["b2"] and mismatches(window) == []
    assert window.scene.marks == {g.cell("e1"): ("triangle", "")}
    session.go_to(lines[1])
    assert labels(window) == ["e3"] and mismatches(window) == []


def test_a_stone_on_a_free_cell_keeps_the_whole_study_in_its_file(qtbot, window, answers, tmp_path):
    from ygui.core.record import load_record
    from ygui.ui.position_editor import KEEP_MOVES

    path = _figure_studied(qtbot, window, tmp_path)
    asked = _white_stone_then_done(qtbot, window, answers, "a1", KEEP_MOVES)
    assert "all 4 moves fit it.\n\nKeep the moves: with their variations, comments and " in asked
    assert "in its file, figure.ysgf, when you save." in asked
    session = window.session
    assert session.path == path and session.dirty and mismatches(window) == []
    assert window.statusBar().currentMessage() == "The position set up keeps 4 moves of the game."
    window.act_save.trigger()  # into its file, without a question
    record = load_record(path)
    g = window.game.geometry
    assert record.setup[g.cell("a1")] == WHITE
    assert [n.move.cell for n in record.root.children] == [g.cell("b2"), g.cell("e3")]
    first = record.root.children[0]
    assert first.comment == "the figure's move" and "YW" not in first.extra


def test_an_edit_at_a_later_move_keeps_the_moves_after_it_in_a_new_game(
    qtbot, window, answers, tmp_path
):
    from ygui.ui.position_editor import KEEP_MOVES

    _figure_studied(qtbot, window, tmp_path)
    window.session.go_to(window.session.tree.root.children[0])  # after b2
    asked = _white_stone_then_done(qtbot, window, answers, "a1", KEEP_MOVES)
    assert asked.startswith(
        "The moves after the position edited can be kept on the position set up: all 2 moves "
        "fit it.\n\nKeep the moves: with their variations, comments and marks (their analysis "
        "goes); the moves before the position edited become its set-up stones; a new game, "
        "not saved (its file, figure.ysgf, keeps the game as it was)."
    )
    session = window.session
    g = window.game.geometry
    assert session.path is None and window.game.setup[g.cell("b2")] == BLACK
    assert [window.game.move_text(n.move) for n in session.tree.main_line()] == ["c3", "d2"]
    assert mismatches(window) == []


def test_done_offers_the_position_alone_too(qtbot, window, answers, tmp_path):
    from ygui.core.record import load_record
    from ygui.ui.position_editor import ALONE

    path = _figure_studied(qtbot, window, tmp_path)
    window.act_edit.trigger()
    click(qtbot, window, "a1")  # every move still fits
    answers.choices = [ALONE]
    window.editor.edit_button.toggle()
    assert "all 4 moves fit it" in answers.questions[-1]
    assert answers.yes_no == []  # (the game before it is saved: not asked a second time)
    assert not window.session.editing and not window.session.tree.root.children
    assert window.session.path is None and mismatches(window) == []
    assert len(load_record(path).main_line()) == 3  # the study stays in its file


def test_done_does_not_ask_a_third_time_of_moves_discarded_before_editing(qtbot, window, answers):
    """Ctrl+E over unsaved moves asked to save them (Discard), Done whether to keep them
    (Position alone), then again whether to save them (tester 64): not a third time."""
    from ygui.ui.position_editor import ALONE

    for label in ("c3", "b2"):
        click(qtbot, window, label)
    window.session.to_start()  # (the start edited: the moves after it can be kept)
    answers.save_choice = ["discard"]
    window.act_edit.trigger()
    click(qtbot, window, "a1")  # (the two moves still fit)
    answers.choices = [ALONE]
    asked = len(answers.questions)
    window.editor.edit_button.toggle()
    assert len(answers.questions) == asked + 1  # Keep the moves / Position alone, no more
    assert not window.session.editing and not window.session.tree.root.children
    g = window.game.geometry
    assert window.game.setup == {g.cell("a1"): BLACK} and mismatches(window) == []


def test_a_position_typed_over_a_saved_figure_is_a_new_game(qtbot, window, answers, tmp_path):
    """Tester 53 typed a figure, was asked to save it first when typing the next one, saved
    it, and the next figure took over its file: Ctrl+S then wrote it there without a word,
    and the first figure was lost. A figure typed over a saved set-up of no moves is a game of
    its own; Edit position's changes to a saved set-up stay the file's."""
    window.entry_panel.entry.setText("B: c2 W: d3 to move: B")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    path = tmp_path / "first.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    window.act_save.trigger()  # (a typed figure gives way to the next without a question)
    window.entry_panel.entry.setText("B: a1 b1 W: e1")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert load_record(path).setup == {
        window.game.geometry.cell("c2"): BLACK,
        window.game.geometry.cell("d3"): WHITE,
    }
    assert len(window.game.setup) == 3 and window.session.path is None
    assert window.statusBar().currentMessage() == (
        "The position typed is a new game; first.ysgf keeps the position before it: "
        "Game ▸ Open recent. White to move, as the stones' count has it (add 'to move: Black' "
        "for Black)."
    )
    assert not window.windowTitle().startswith("*first.ysgf")
    second = tmp_path / "second.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": second
    window.act_save.trigger()  # asks for a name: the first figure stays in its file
    assert len(load_record(path).setup) == 2 and len(load_record(second).setup) == 3
    assert window.session.path == second
    # a stone added by Edit position changes the file's own set-up
    window.act_edit.trigger()
    click(qtbot, window, "c3")
    window.editor.edit_button.toggle()
    assert window.session.path == second and window.windowTitle().startswith("*")
    assert mismatches(window) == []


def test_a_position_typed_over_a_saved_study_says_where_the_study_is(
    qtbot, window, answers, tmp_path
):
    """Tester 43 typed a position over a saved study: it went without a word (its file
    keeps it, as the README says). The status bar says so."""
    path = _figure_studied(qtbot, window, tmp_path)
    window.entry_panel.entry.setText("B: a1 W: e1")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert window.session.path is None and len(window.game.setup) == 2
    assert window.statusBar().currentMessage() == (
        f"The position typed is a new game; {path.name} keeps the game before it (3 moves): "
        "Game ▸ Open recent. Black to move, as the stones' count has it (add 'to move: White' "
        "for White)."
    )


def _reviewed_with_a_variation(qtbot, window):
    """c2 a1 c3 b1 d1 as the main line, its move 3 (c3) a mistake; a variation b2 e1 d2 from
    move 3, visited last, the view at its end."""
    window.entry_panel.entry.setText("c2 a1 c3 b1 d1")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    line = _analysed(window, (0.5, 0.5, 0.5, 0.2, 0.2, 0.2))
    window.session.go_to_main_line(2)
    window.entry_panel.entry.setText("b2 e1 d2")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert window.session.is_on_variation() and len(window.session.tree.path) == 5
    return line


def test_after_next_mistake_forward_plays_the_mistake_not_a_variation(qtbot, window):
    """N shows the position before the mistake; → played the variation visited last below it
    (two moves of it, against the README's "→ plays the mistake": tester 60)."""
    line = _reviewed_with_a_variation(qtbot, window)
    window.act_mistake.trigger()
    assert window.session.tree.path == line[:2]
    assert window.review_panel.review_label.text().startswith("Move 3 (Black): lost 30%")
    # the move list shows the main line on from here, the game's c3 next
    texts = [window.game_panel.moves_list.item(i).text() for i in range(4)]
    assert texts[3].startswith("3. Black c3"), texts
    window.act_forward.trigger()
    assert window.session.tree.path == line[:3]
    assert labels(window) == ["c2", "a1", "c3"]
    assert mismatches(window) == []  # the board drawn as the position is


def test_the_position_before_a_mistake_shows_it_however_it_is_reached(qtbot, window):
    """The graph or the keys to the position before a mistake ring the move played and the
    better one, as N does (they came with N alone: tester 60)."""
    line = _reviewed_with_a_variation(qtbot, window)
    graph = window.review_panel.graph
    graph.resize(400, 100)
    span = graph.width() - graph.margin() - 4
    x = graph.margin() + round(span * 2 / (len(graph.values) - 1))  # the point of move 2
    qtbot.mouseClick(graph, Qt.MouseButton.LeftButton, pos=QPoint(x, 50))
    assert window.session.tree.path == line[:2]
    marks = mistake_marks(window)
    assert len(marks) == 2
    assert window.review_panel.review_label.text().startswith("Move 3 (Black): lost 30%")
    window.act_forward.trigger()  # the mistake played: the rings go
    assert mistake_marks(window) == {} and window.review_panel.review_label.text() == ""
    window.act_back.trigger()  # and come back with the position before it
    assert len(mistake_marks(window)) == 2
    window.act_mistake.trigger()  # N goes on to the next (there is none: back to this one)
    assert window.session.tree.path == line[:2]


def test_the_graph_says_each_points_figures_and_keeps_its_place(qtbot, window):
    """Resting on a point of the graph says its move, the rates before and after it and its
    note (by eye a note's "lost 30%" and the graph's step disagreed); the panel keeps room for
    a note, so the graph stays where it is as notes come and go (it moved under the mouse, and
    five mistakes in a row were one blot of dots: tester 60)."""
    line = _reviewed_with_a_variation(qtbot, window)
    graph = window.review_panel.graph
    assert graph.describe(3) == "Move 3, Black c3: 50% → 20% (✗ lost 30%; e1 was better)"
    assert graph.describe(0) == "The start: 50%"
    assert graph.describe(4) == "Move 4, White b1: 20% → 20%"
    window.show()
    qtbot.waitExposed(window)
    window.review_panel.raise_()
    window.session.go_to_main_line(5)
    qtbot.wait(10)
    top = graph.mapTo(window, QPoint(0, 0)).y()
    height = window.review_panel.height()
    window.session.go_to_main_line(2)  # a note of three lines shown
    assert window.review_panel.review_label.text().startswith("Move 3 (Black)")
    qtbot.wait(10)
    assert graph.mapTo(window, QPoint(0, 0)).y() == top
    assert window.review_panel.height() == height
    assert line


def test_pasted_moves_are_played_and_a_positions_side_follows_its_stones(qtbot, window, answers):
    """Moves pasted are played from the position shown, as typed ones (they were refused,
    the refusal naming moves as a form to write; numbered lists at '1.'); a position that
    does not say whose move it is gives it to the side the stones' count says, and says so,
    with what the rules could not reach (three stones against two went to Black: tester
    62)."""
    from PySide6.QtWidgets import QApplication

    clipboard = QApplication.clipboard()
    clipboard.setText("1. c3 2. b2 3.a1")
    window.act_paste.trigger()
    assert labels(window) == ["c3", "b2", "a1"] and mismatches(window) == []
    assert window.statusBar().currentMessage() == "Pasted and played: 1. c3 2. b2 3.a1"
    clipboard.setText("d1 d1")
    window.act_paste.trigger()
    assert "('d1', word 2 of those typed: the cell d1 is occupied)" in answers.informed[-1]
    assert labels(window) == ["c3", "b2", "a1", "d1"][:3]  # all or none
    # a position without its side to move
    clipboard.setText("Black: c3 d4 e5  White: b2 c2")
    answers.save_choice = ["discard"]
    window.act_paste.trigger()
    assert window.game.to_move == WHITE and window.game.moves == []
    said = window.statusBar().currentMessage()
    assert said == (
        "Pasted the position: Black: c3 d4 e5  White: b2 c2. White to move, as the stones' "
        "count has it (add 'to move: Black' for Black)."
    )
    # said in the turn's words and drawn: White's turn
    assert window.game_panel.turn_label.text().startswith("White to play")
    assert mismatches(window) == []
    # typed, with a count no turn order reaches: the first colour, and the warning
    window.entry_panel.entry.setText("B: a1 b1 c1 W: e5")
    answers.save_choice = ["discard"]
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert window.game.to_move == BLACK
    said = window.statusBar().currentMessage()
    assert "Black to move (add 'to move: White' for White). Unusual for alternate play" in said
    assert said.endswith(
        "Unusual for alternate play: Black has 3 stones and White 1, Black to move."
    )


def test_a_mark_mode_ends_as_a_set_up_begins_or_another_game_comes(qtbot, window, answers):
    """Letters left on from one puzzle took the next set-up's clicks as marks, and the marks
    went at the next edit (tester 62): the set-up's clicks are stones, and a mark mode cannot
    be chosen while setting up, nor outlives its game."""
    window.act_mark_label.trigger()
    assert window.mark_kind is not None and window.act_mark_label.isChecked()
    window.act_edit.trigger()
    assert window.mark_kind is None and not window.act_mark_label.isChecked()
    assert window.statusBar().currentMessage() == (
        "Marking ended: clicks place the set-up's stones."
    )
    click(qtbot, window, "c3")
    g = window.game.geometry
    assert window.game.setup == {g.cell("c3"): BLACK} and mismatches(window) == []
    window.act_mark_triangle.trigger()  # refused while setting up
    assert window.mark_kind is None and not window.act_mark_triangle.isChecked()
    assert "once it is set up" in window.statusBar().currentMessage()
    window.editor.edit_button.toggle()  # done: marks are for the position set up
    window.act_mark_square.trigger()
    click(qtbot, window, "c3")
    assert window.mark_kind is not None and window.session.current.extra.get("SQ")
    answers.save_choice = ["discard"]
    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"))
    assert window.mark_kind is None and not window.act_mark_square.isChecked()
    click(qtbot, window, "c3")  # a move of the new game
    assert labels(window) == ["c3"] and mismatches(window) == []


def test_a_typed_position_gives_way_to_the_next_without_a_question(qtbot, window, answers):
    """Going through a book's figures, each position typed or pasted asked whether to save
    the one before (testers 56 and 62): a typed position as it came loses nothing its text
    does not hold. Once played on, commented or marked, it is asked of."""
    from PySide6.QtWidgets import QApplication

    def typed(text):
        window.entry_panel.entry.setText(text)
        qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)

    click(qtbot, window, "c3")  # a game with a move: asked of
    answers.save_choice = ["discard"]
    typed("B: a1 W: e1")
    assert answers.questions and not answers.save_choice
    asked = len(answers.questions)
    typed("B: b1 W: e1 to move: B")  # no question (one would fail: none is answered)
    QApplication.clipboard().setText("Black: c1 White: d1")
    window.act_paste.trigger()
    g = window.game.geometry
    assert window.game.setup == {g.cell("c1"): BLACK, g.cell("d1"): WHITE}
    assert len(answers.questions) == asked and mismatches(window) == []
    window.session.toggle_mark(g.cell("c1"), "triangle")  # marked: asked of again
    answers.save_choice = ["cancel"]
    typed("B: a1 W: e1")
    assert len(answers.questions) == asked + 1
    assert window.game.setup == {g.cell("c1"): BLACK, g.cell("d1"): WHITE}


def test_the_outlook_column_names_the_side_to_move_of_the_position_shown(qtbot, window):
    """The column said "Outlook (White)" on Red and Blue boards and with Black to move, kept
    from an analysis of a game before (tester 63)."""

    def heading():
        return window.computer.candidates_table.horizontalHeaderItem(1).text()

    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"))
    click(qtbot, window, "c3")
    assert heading() == "Outlook\n(White)"
    window.start_new_game(GameOptions(game="hexagonal-y", size=4).validated(), ("A", "B"))
    assert heading() == "Outlook\n(Red)"
    window.start_new_game(GameOptions(game="starboard-y", size=4).validated(), ("A", "B"))
    assert heading() == "Outlook\n(Black)"
    window.start_new_game(GameOptions(game="y", size=5).validated(), ("A", "B"))
    assert heading() == "Outlook\n(1st player)"  # (the pie rule leaves the colours open)


def test_mistakes_in_a_row_each_show_as_their_positions_are_reached(qtbot, window):
    """Moves 1 and 2 both mistakes: the start, reached by Left or Home, showed no rings for
    move 1, and after N at the start, → to move 1 showed none for move 2, the panel keeping
    N's "Back to the first mistake" (tester 64)."""
    window.entry_panel.entry.setText("c2 a1 c3 b1")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    _analysed(window, (0.6, 0.3, 0.9, 0.9, 0.9))
    assert mistakes(window.session.tree) == [1, 2]
    window.act_back.trigger()
    window.act_back.trigger()
    window.act_first.trigger()  # the start: move 1's
    assert len(window.session.tree.path) == 0 and len(mistake_marks(window)) >= 1
    assert window.review_panel.review_label.text().startswith("Move 1 (Black): lost 30%")
    window.act_forward.trigger()  # move 1 played: move 2's shown, the note its own
    assert len(window.session.tree.path) == 1 and len(mistake_marks(window)) >= 1
    assert window.review_panel.review_label.text().startswith("Move 2 (White): lost 60%")
    window.act_mistake.trigger()  # N: on to the next (none after: back to the first)
    assert len(window.session.tree.path) == 0
    assert window.review_panel.review_label.text().startswith("Back to the first mistake. Move 1")
    window.act_forward.trigger()
    assert window.review_panel.review_label.text().startswith("Move 2 (White)")
    assert len(mistake_marks(window)) >= 1 and mismatches(window) == []


def test_the_marks_of_a_position_stay_as_it_is_edited(qtbot, window, answers):
    """A letter on h4 went at the first stone placed by Edit position (tester 64): the marks
    of the position edited stay on their cells, in the position set up and after Done."""
    g = window.game.geometry
    window.session.toggle_mark(g.cell("a1"), "label")
    window.session.toggle_mark(g.cell("e1"), "triangle")
    marked = dict(window.scene.drawn_marks)
    assert len(marked) == 2
    window.act_edit.trigger()
    click(qtbot, window, "c3")
    assert window.game.setup == {g.cell("c3"): BLACK}
    assert window.scene.drawn_marks == marked and mismatches(window) == []
    window.editor.edit_button.toggle()
    assert window.scene.drawn_marks == marked
