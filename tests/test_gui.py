"""The window, driven by real clicks and keys (offscreen)."""

import json
import random
import sys
from pathlib import Path

import pytest
from drawn import mismatches
from gui_helpers import choose_kind, click_cell, crash, make_window, settled
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QApplication, QFileDialog

from ygui.core.game import BLACK, SWAP, WHITE, Game, Move
from ygui.core.record import GameRecord, load_record, save_record
from ygui.core.variants import VARIANTS, GameOptions
from ygui.session import GameInfo, Seat, Session
from ygui.settings import Settings
from ygui.ui.game_panel import turn_text
from ygui.ui.main_window import MainWindow
from ygui.ui.new_game_dialog import NewGameDialog
from ygui.ui.theme import LIGHT, STONE_COLOURS

pytestmark = pytest.mark.usefixtures("ygui_home")


@pytest.fixture
def window(qtbot, answers):
    return make_window(qtbot, answers)


def start(window: MainWindow, game: str, **kw) -> None:
    window.start_new_game(GameOptions(game=game, **kw).validated(), ("Ann", "Bo"))


def click_label(qtbot, window, label):
    click_cell(qtbot, window, window.game.geometry.cell(label))


@pytest.mark.parametrize("game", list(VARIANTS))
def test_whole_hot_seat_game_by_clicks(qtbot, window, game):
    kw = {"size": 40} if game == "mudcrack-y" else {}
    start(window, game, **kw)
    rng = random.Random(game)
    clicks = 0
    while window.game.winner is None:
        before = len(window.game.moves)
        click_cell(qtbot, window, rng.choice(window.game.legal_cells()))
        assert len(window.game.moves) == before + 1
        clicks += 1
    assert window.game_panel.result_box.isVisible()
    winner = window.game.colour_name(window.game.winner)
    assert f"{winner} wins!" in window.game_panel.result_label.text()
    assert window.scene.game.winning_groups()
    # the board stays visible and refuses further clicks with a reason
    click_cell(qtbot, window, 0)
    assert "over" in window.game_panel.refusal.text()
    assert clicks == len(window.game.moves)


def test_click_on_occupied_cell_is_refused_with_a_reason(qtbot, window):
    start(window, "y", size=5)
    click_label(qtbot, window, "c2")
    click_label(qtbot, window, "c2")
    assert "The cell c2 is occupied" in window.game_panel.refusal.text()
    assert len(window.game.moves) == 1
    click_label(qtbot, window, "a1")
    assert window.game_panel.refusal.text() == ""
    assert window.act_mark_triangle.text() == "Mark cells with a &triangle"


def test_a_board_of_points_says_point_not_cell(qtbot, window):
    """The Game of Y's stones go on points: its refusals, the typing box's errors and the
    marks' menu say "point" (tester 31 read "The cell c8 is occupied" there)."""
    start(window, "game-of-y")
    click_label(qtbot, window, "c8")
    click_label(qtbot, window, "c8")
    assert "The point c8 is occupied" in window.game_panel.refusal.text()
    assert window.act_mark_triangle.text() == "Mark points with a &triangle"
    assert window.act_mark_label.text() == "Mark points with &letters"
    window.entry_panel.entry.setText("zz9")
    qtbot.keyClick(window.entry_panel.entry, Qt.Key.Key_Return)
    assert "no point 'zz9'" in window.entry_panel.entry_error.text()


def test_a_refusal_goes_after_a_while_and_a_redraw_does_not_bring_it_back(qtbot, window):
    """Said of the last click, it is not left to be read later as said of something else
    (tester 3: it stayed after a dialog was opened and cancelled)."""
    window._refusal_timer.setInterval(200)
    start(window, "y", size=5)
    click_label(qtbot, window, "c2")
    click_label(qtbot, window, "c2")
    assert "occupied" in window.game_panel.refusal.text()
    qtbot.waitUntil(lambda: window.game_panel.refusal.text() == "", timeout=3000)
    window.update_all()
    assert window.game_panel.refusal.text() == "" and window.message == ""


def test_a_refusal_goes_when_the_player_does_something_else(qtbot, window):
    """Tester 50 clicked an occupied cell and asked for a hint: the red "occupied" stood
    beside the hint until the next move. A command clears it, and a command refused says
    its own reason."""
    start(window, "y", size=5)
    click_label(qtbot, window, "c2")
    click_label(qtbot, window, "c2")
    assert "occupied" in window.game_panel.refusal.text()
    window.act_rotate.trigger()  # (a command that refuses nothing)
    assert window.game_panel.refusal.text() == "" and window.message == ""
    click_label(qtbot, window, "c2")
    assert "occupied" in window.game_panel.refusal.text()
    QApplication.clipboard().setText("")
    window.act_paste.trigger()  # refused, with its own reason
    assert window.game_panel.refusal.text() == "The clipboard holds no text."


def test_a_refusal_goes_when_a_checkable_action_is_chosen_unless_it_refuses(qtbot, window):
    """A red refusal stood while the analysis just turned on ran (tester 78): checkable
    actions did not clear it, since their work runs on their toggle, before their trigger.
    They clear it now after their work, unless that work refused; a toggle made by the
    program clears nothing."""
    from PySide6.QtWidgets import QMainWindow

    from ygui.ui.menus import build_menus

    start(window, "y", size=5)
    click_label(qtbot, window, "c2")
    click_label(qtbot, window, "c2")
    assert "occupied" in window.game_panel.refusal.text()
    window.act_labels.setChecked(not window.act_labels.isChecked())  # (the program's)
    assert "occupied" in window.game_panel.refusal.text()
    window.act_labels.trigger()  # (the player's)
    assert window.game_panel.refusal.text() == "" and window.message == ""
    # the rule itself, on a window of its own: a slot that refuses keeps its refusal
    other = QMainWindow()
    qtbot.addWidget(other)
    refused, forgotten = [0], []

    def slot(checked):
        if checked:
            refused[0] += 1

    build_menus(other, [("&Menu", "thing?", "Thing", slot, ())], lambda: forgotten.append(1),
                lambda: refused[0])  # fmt: skip
    other.act_thing.trigger()  # checked: refused
    assert refused[0] == 1 and forgotten == []
    other.act_thing.trigger()  # unchecked: done
    assert forgotten == [1]


def test_the_game_panel_does_not_jump_when_a_move_is_refused(qtbot, window):
    """The lines of the refusal and of whose turn it is are kept while short or empty, and
    the swap button's room after its moment: the move list below them stays where it was."""
    start(window, "y", size=5)
    click_label(qtbot, window, "c2")
    panel = window.game_panel

    def list_top() -> int:
        qtbot.wait(10)  # (the layout settles)
        return panel.moves_list.mapTo(panel, QPoint(0, 0)).y()

    before = list_top()
    click_label(qtbot, window, "c2")
    assert "occupied" in panel.refusal.text()
    assert list_top() == before
    click_label(qtbot, window, "a1")  # (and the swap's moment is past: its button goes)
    assert panel.refusal.text() == "" and list_top() == before
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert "Viewing move 1 of 2" in panel.turn_label.text() and list_top() == before


def settled_list_top(qtbot, panel) -> int:
    """Where the game panel's move list starts, once the layout has settled (the window
    gives the panel's dock its room on a timer)."""
    return settled(qtbot, lambda: panel.moves_list.mapTo(panel, QPoint(0, 0)).y())


def test_the_move_list_stays_put_while_the_moves_are_stepped_through(qtbot, window):
    """Stepping back adds to the lines of whose turn it is (on Poly-Y after the corners
    held): once they have needed the room, they keep it in that game, and the move list
    below does not jump down and up at each step to the end and back."""
    start(window, "poly-y", pie=False)
    rng = random.Random(3)
    for _ in range(8):
        click_cell(qtbot, window, rng.choice(window.game.legal_cells()))
    panel = window.game_panel

    for _ in range(3):
        qtbot.keyClick(window, Qt.Key.Key_Left)
    assert "Viewing move 5 of 8" in panel.turn_label.text()
    viewing = settled_list_top(qtbot, panel)
    tops = []
    for key in (Qt.Key.Key_Right,) * 3 + (Qt.Key.Key_Left, Qt.Key.Key_Home, Qt.Key.Key_End):
        qtbot.keyClick(window, key)
        tops.append(settled_list_top(qtbot, panel))
    assert "Viewing" not in panel.turn_label.text()
    assert tops == [viewing] * len(tops)
    start(window, "y", size=5)  # (a new game starts again from two lines)
    spacing = panel.turn_label.fontMetrics().lineSpacing()
    assert panel.turn_label.minimumHeight() == 2 * spacing


def test_a_won_position_gives_the_result_the_room_kept_for_the_turns_words(qtbot, window):
    """A progressive game ended with five lines' room kept over the winner's one line, and a
    gap above "Black wins!" (tester 82): where the game is won the lines of whose turn it is
    take what they need; a step back gives the kept room again, as the result's box goes."""
    names = ("Annabelle Wilhelmina Fitzgerald-Hargreaves", "Bo")  # (words that wrap)
    window.start_new_game(GameOptions(game="y", size=4, pie=False).validated(), names)
    panel = window.game_panel
    spacing = panel.turn_label.fontMetrics().lineSpacing()
    for label in ("a1", "b1"):
        click_label(qtbot, window, label)
    qtbot.keyClick(window, Qt.Key.Key_Home)  # "(Viewing the start of the line; …)"
    qtbot.wait(20)
    kept = panel.turn_label.minimumHeight()
    assert kept > 2 * spacing
    qtbot.keyClick(window, Qt.Key.Key_End)
    for label in ("b2", "d4", "c2", "d3", "d2"):  # Black's a1 to d2 joins the three sides
        click_label(qtbot, window, label)
    assert window.game.winner == BLACK and panel.result_box.isVisible()
    assert panel.turn_label.minimumHeight() == 2 * spacing
    assert mismatches(window) == []
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert not panel.result_box.isVisible()
    back = panel.turn_label.minimumHeight()
    assert back >= kept  # (the room of before, or more: "The game is over: End goes…")
    qtbot.keyClick(window, Qt.Key.Key_End)
    assert panel.turn_label.minimumHeight() == 2 * spacing
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert panel.turn_label.minimumHeight() == back  # (the same room each time)
    assert mismatches(window) == []


def test_swap_through_the_button(qtbot, window):
    start(window, "y")
    assert (
        window.game_panel.swap_button.isVisible() and not window.game_panel.swap_button.isEnabled()
    )
    click_label(qtbot, window, "f6")
    assert window.game_panel.swap_button.isEnabled()
    qtbot.mouseClick(window.game_panel.swap_button, Qt.MouseButton.LeftButton)
    assert window.game.moves[-1].is_swap
    assert window.game.to_move == WHITE
    # Ann placed f6 as Black; after Bo's swap, Bo plays Black and Ann plays White, to move.
    assert window.session.player_name(BLACK) == "Bo" and window.session.player_name(WHITE) == "Ann"
    assert "White to play: Ann." in window.game_panel.turn_label.text()
    assert not window.game_panel.swap_button.isVisible()  # its moment is past: no room taken
    window.session.back()
    assert window.game_panel.swap_button.isVisible() and window.game_panel.swap_button.isEnabled()


def test_a_click_on_swap_puts_no_keyboard_cursor_on_the_board(qtbot, window):
    """Tester 80 clicked Swap in a shown window: the button took the keys, went as its moment
    passed, and Qt handed the keys on as Tab would, so the board framed itself and ringed
    the swapped stone with its keyboard cursor, which looked like a selection."""
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    start(window, "y", size=4)
    click_label(qtbot, window, "c2")
    qtbot.mouseClick(window.game_panel.swap_button, Qt.MouseButton.LeftButton)
    assert window.game.moves[-1].is_swap
    QApplication.processEvents()
    assert window.view.cursor_cell is None and not window.view.tabbed_in
    assert not window.view.board_scene()._cursor_items  # (no ring drawn)


def test_stepping_back_to_the_swaps_moment_moves_nothing(qtbot, window):
    """Tester 49 stepped back through a game under the pie rule: at its first two moves the
    swap's offer and its room came back, and the moves below jumped down and up. In a line
    past the swap's moment the offer is not shown (Play ▸ Swap still swaps), and once the
    turn's lines have had their room, the moves stay where they are at every step."""
    start(window, "y", size=5, pie=True)
    for label in ("c2", "b1", "d2", "a1", "e1", "c3"):
        click_label(qtbot, window, label)
    panel = window.game_panel

    qtbot.keyClick(window, Qt.Key.Key_Home)  # (the turn's lines take their room once)
    qtbot.keyClick(window, Qt.Key.Key_End)
    tops = set()
    for key in [Qt.Key.Key_Left] * 6 + [Qt.Key.Key_Right] * 6:
        qtbot.keyClick(window, key)
        tops.add(settled_list_top(qtbot, panel))
        assert not panel.swap_button.isVisible(), window.session.move_number
    assert len(tops) == 1
    window.session.back()
    window.session.back()
    window.session.back()
    window.session.back()
    window.session.back()  # at the first stone: the swap is there to play, by the menu
    assert window.game.can_swap and window.act_swap.isEnabled()


def test_swap_hidden_without_pie(qtbot, window):
    start(window, "starboard-y")
    assert not window.game_panel.swap_button.isVisible()


def test_master_turn(qtbot, window):
    start(window, "y", turns="master")
    click_label(qtbot, window, "f6")
    assert "2 of 2 stones" in window.game_panel.turn_label.text()
    click_label(qtbot, window, "a1")
    assert "1 of 2 stones" in window.game_panel.turn_label.text()
    click_label(qtbot, window, "a1")
    assert "occupied" in window.game_panel.refusal.text()
    click_label(qtbot, window, "b1")
    assert window.game.to_move == BLACK


def test_progressive_turn_with_refused_click(qtbot, window):
    start(window, "y", turns="progressive")
    click_label(qtbot, window, "f6")
    click_label(qtbot, window, "h2")
    click_label(qtbot, window, "j4")
    assert "3 of 3 stones" in window.game_panel.turn_label.text()
    click_label(qtbot, window, "h3")
    click_label(qtbot, window, "i4")
    refusal = window.game_panel.refusal.text()
    assert "A stone at i4 would join h3, a stone of this turn: a turn's stones may not" in refusal
    assert window.game.stones_left_in_turn == 2


def test_a_turn_of_more_stones_than_cells_left_says_so(qtbot, window):
    """ "Turn 5: 2 of 2 stones still to place" was said with one cell left (tester 20)."""
    start(window, "y", size=4, turns="two-stone", pie=False)
    for label in ["a1", "c1", "b2", "c2", "d1", "c3", "d2", "d4", "b1"]:
        click_label(qtbot, window, label)
    assert window.game.empty_count() == 1 and window.game.stones_left_in_turn == 2
    said = window.game_panel.turn_label.text()
    assert "2 of 2 stones still to place, but only 1 cell left: the board will be full" in said
    assert mismatches(window) == []


def test_a_turn_that_ends_early_says_so(qtbot, window):
    """A turn of two stones whose second has no allowed cell ends after one: the panel and
    the move list say why the turn passed (a tester saw it pass unexplained)."""
    start(window, "y", size=4, turns="two-stone", pie=False)
    for label in ["d2", "c3", "a1", "d1", "d4", "c2"]:
        click_label(qtbot, window, label)
    assert window.game.to_move == BLACK and window.game.turn == 5
    said = window.game_panel.turn_label.text()
    assert "White's turn ended after 1 stone of 2: no cell was left" in said
    row = window.game_panel.moves_list.item(6).text()
    # (not "(turn 4: 2 stones)", read as two placed, tester 17; nor "turn 4" beside a row
    # numbered 6, tester 80)
    assert row == "6. White c2 — the turn ends after 1 of its 2 stones: no allowed cell left"
    assert mismatches(window) == []
    # and the status bar, where the eye is after a click (tester 26 placed the next stone for
    # Black, meaning it for White's turn that had ended)
    assert window.statusBar().currentMessage() == (
        "White's turn has ended: no cell is left where the rules allow another stone. "
        "Black to play now."
    )
    # an undo gives White the turn back: the status bar's words go with the position
    # (they stood under it, tester 42), and so does the panel's refusal
    window.act_undo.trigger()
    assert "to play now" not in window.statusBar().currentMessage()
    window.act_redo.trigger()
    click_label(qtbot, window, "c2")  # occupied
    assert window.game_panel.refusal.text()
    window.act_undo.trigger()
    assert window.game_panel.refusal.text() == ""
    window.act_redo.trigger()
    # once Black plays, the note goes; the row stays
    click_label(qtbot, window, "b2")
    assert "ended after" not in window.game_panel.turn_label.text()
    assert "ends after 1 of its 2" in window.game_panel.moves_list.item(6).text()
    assert not any("ends after" in window.game_panel.moves_list.item(i).text() for i in range(1, 6))


def test_stepped_back_to_the_computers_turn_the_panel_says_it_waits():
    """Tester 42 stepped back to the computer's turn and waited for it to move: the panel
    says that it waits, and how to go on."""
    session = Session(GameOptions(game="y", size=5, pie=False).validated())
    session.seats[1] = Seat("Bot", computer=True, level=3)
    for label in ("c2", "b2", "d3"):
        session.play(Move(session.game.geometry.cell(label)))
    assert "waits" not in turn_text(session)  # (at the end: its turn, it thinks)
    session.back(single=True)  # Black, the person, to move
    assert "waits" not in turn_text(session)
    session.back(single=True)  # White, the computer, to move
    assert "(Viewing move 1 of 3.) The computer waits while you look back: End goes back" in (
        turn_text(session)
    )
    # a finished game looked back over: the computer waits for nothing (tester 50 read "the
    # computer waits" in a game it had won, beside "The game is over" in the status bar)
    session.to_end()
    for label in ("c3", "a1", "d2", "b1", "e2", "c1", "d4", "d1", "e3", "e1"):  # Black's bottom row
        session.play(Move(session.game.geometry.cell(label)))
    assert session.game.winner is not None
    session.navigate(1)
    text = turn_text(session)
    assert "waits" not in text and text.endswith(
        "(Viewing move 1 of 13.) The game is over: End goes to its last move; a move here starts a "
        "variation."
    )
    # a side line of the finished game says so (it read as the game itself: tester 51)
    session.play(Move(session.game.geometry.cell("a1")))
    assert session.is_on_variation()
    assert turn_text(session).endswith(" A variation: the game ended at move 13 of the main line.")
    session.go_to_main_line(1)
    assert "A variation" not in turn_text(session)
    # a line of several moves added to the finished game, looked through from its start:
    # Right steps one move, the computer's too, and the panel says whose variation it is (it
    # passed over the computer's moves and said the computer waited: tester 60)
    moves = [Move(session.game.geometry.cell(x)) for x in ("b1", "d3", "e5")]
    assert session.add_line(moves) is None and len(session.tree.path) == 2
    text = turn_text(session)
    assert "waits" not in text and "The game is over" not in text
    assert text.endswith(
        "(Viewing move 2 of 4.) A variation: the game ended at move 13 of the main line."
    )
    session.forward()
    assert len(session.tree.path) == 3  # White's d3: the computer's, stepped onto
    session.back()
    assert len(session.tree.path) == 2


def test_the_swap_offer_names_the_computer_on_its_turn():
    """Under the pie rule, the offer to swap on the computer's turn names the computer, not
    "you" (a tester took it as said to them)."""
    session = Session(GameOptions(game="y", size=5).validated())
    session.play(Move(session.game.geometry.cell("c2")))
    assert "You may swap instead" in turn_text(session)
    session.seats[1] = Seat("Bot", computer=True, level=5)
    said = turn_text(session)
    assert "You may swap" not in said
    assert "Bot (computer, level 5) may swap instead of placing a stone." in said


def test_a_hexagonal_handicap_counts_placements(qtbot, window):
    """Tester 16: a handicap of 2 in Hexagonal Y, an edge stone brings its pair, and the
    panel said "1 of 2 stones still to place" with three stones on the board."""
    start(window, "hexagonal-y", size=4, handicap=2)
    click_label(qtbot, window, "a1")
    assert sum(1 for c in window.game.colours if c) == 2
    said = window.game_panel.turn_label.text()
    assert "1 of 2 placements still to make" in said and "stones still" not in said
    assert "(1st of 2 placements)" in window.game_panel.moves_list.item(1).text()
    assert mismatches(window) == []
    # and so does the new-game dialog's list of handicaps (tester 17)
    dialog = NewGameDialog({"game": "hexagonal-y"}, LIGHT)
    qtbot.addWidget(dialog)
    texts = [dialog.handicap.itemText(i) for i in range(dialog.handicap.count())]
    assert texts[:3] == ["none", "2 placements", "3 placements"]
    dialog.games.setCurrentRow(list(VARIANTS).index("y"))
    assert dialog.handicap.itemText(1) == "2 stones"


def test_hexagonal_pair_and_its_preview(qtbot, window):
    start(window, "hexagonal-y", size=4)
    g = window.game.geometry
    window.on_cell_hovered(g.cell("a1"))
    assert window.scene.ghost_cells == 2
    window.on_cell_hovered(g.cell("d4"))
    assert window.scene.ghost_cells == 1
    click_label(qtbot, window, "a1")
    opposite = g.opposite[g.cell("a1")]
    assert window.game.colours[opposite] == BLACK
    assert "a1 + " + g.labels[opposite] in window.game_panel.moves_list.item(1).text()
    # Blue's preview is drawn blue (see-through, it took the board's colour and looked grey,
    # a tester's finding): seen on the board, the preview's pixels are bluer than the board's
    window.on_cell_hovered(g.cell("c3"))
    assert window.game.colour_name(window.game.to_move) == "Blue"
    (ghost,) = window.scene._ghosts
    image = window.view.grab().toImage()
    ratio = image.width() / window.view.width()
    centre = window.view.mapFromScene(ghost.rect().center())
    seen = image.pixelColor(int(centre.x() * ratio), int(centre.y() * ratio))
    assert seen.blue() > seen.red() + 30, seen.name()
    assert ghost.pen().color().name() == STONE_COLOURS["Blue"][1]


def test_a_lines_numbers_on_the_board_are_its_moves_numbers(qtbot, window):
    """Tester 47: in Hexagonal Y an edge pair's partner took the next number, so the board's
    4 was the written line's third move's other stone; a pair's two stones now share their
    move's number, and a swap takes one (the next stone is 2)."""
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    from ygui.ui.computer import line_stones

    start(window, "hexagonal-y", size=4)
    g = window.game.geometry
    line = [Move(g.cell(label)) for label in ("c3", "a1", "d4")]
    words, stones = line_stones(window.game, line)
    partner = g.opposite[g.cell("a1")]
    assert words == ["c3", f"a1 + {g.labels[partner]}", "d4"]
    assert [(g.labels[c], n) for c, _, n in stones] == [
        ("c3", 1),
        ("a1", 2),
        (g.labels[partner], 2),
        ("d4", 3),
    ]
    window.scene.set_preview(stones)
    drawn = {
        window.scene.cell_at(item.sceneBoundingRect().center()): item.text()
        for item in window.scene._preview_items
        if isinstance(item, QGraphicsSimpleTextItem)
    }
    assert drawn == {c: str(n) for c, _, n in stones}
    start(window, "y", size=5, pie=True)
    click_label(qtbot, window, "c2")
    g = window.game.geometry
    words, stones = line_stones(window.game, [SWAP, Move(g.cell("b2"))])
    # the swap is said on the first stone, which it takes (after 1. c2 the line "swap b2"
    # drew a lone stone "2" on b2, read as the next player's move: tester 83)
    assert words == ["swap", "b2"] and stones == [(g.cell("c2"), 0, 1), (g.cell("b2"), 2, 2)]
    window.scene.set_preview(stones)
    texts = {
        item.text(): window.scene.cell_at(item.sceneBoundingRect().center())
        for item in window.scene._preview_items
        if isinstance(item, QGraphicsSimpleTextItem)
    }
    assert texts == {"1 swap": g.cell("c2"), "2": g.cell("b2")}
    window.act_first.trigger()  # from the start: the first stone's number, and the swap's
    words, stones = line_stones(window.game, [Move(g.cell("c2")), SWAP])
    window.scene.set_preview(stones)
    items = {
        item.text(): item.sceneBoundingRect()
        for item in window.scene._preview_items
        if isinstance(item, QGraphicsSimpleTextItem)
    }
    assert set(items) == {"1", "2 swap"}
    assert window.scene.cell_at(items["2 swap"].center()) == g.cell("c2")
    assert items["2 swap"].top() >= items["1"].bottom() - 2  # (below the number, apart)
    # over a mistake's ring on that cell, which ran through it ("? swa": tester 84)
    window.scene.set_mistake(None, g.cell("c2"), 1)
    swap_label = next(
        i
        for i in window.scene._preview_items
        if isinstance(i, QGraphicsSimpleTextItem) and i.text() == "2 swap"
    )
    assert window.scene._mistake_items
    assert all(swap_label.zValue() > i.zValue() for i in window.scene._mistake_items)


@pytest.mark.parametrize(("game", "label"), [("y", "c3"), ("poly-y", "31"), ("game-of-y", "c3")])
def test_the_status_bar_names_the_cell_under_the_mouse(qtbot, window, game, label):
    """With the labels off, the cell under the mouse is named in the status bar, with its
    stone (a cell's name could be read nowhere: tester 24)."""
    start(window, game)
    window.act_labels.setChecked(False)
    view = window.view
    cell = window.game.geometry.cell(label)
    qtbot.mouseMove(view.viewport(), view.mapFromScene(window.scene.cell_position(cell)))
    kind = "Point" if game == "game-of-y" else "Cell"  # (the Game of Y's: tester 25)
    assert window.cell_name.text() == f"{kind} {label}" and window.cell_name.isVisible()
    # in the board's lower left corner, not in the status bar (where it cut long messages
    # short: tester 26)
    corner = window.cell_name.geometry()
    assert corner.left() < 20 and window.view.viewport().height() - corner.bottom() < 20
    assert window.cell_name.parent() is window.view.viewport()
    click_cell(qtbot, window, cell)  # the mouse still over it: its stone is said
    first = window.game.colour_name(window.game.colours[cell])
    assert window.cell_name.text() == f"{kind} {label}: {first}"
    # the board turned under the mouse: the cell now under it is named (the name of the one
    # that had been there stood, tester 51)
    point = view.mapFromScene(window.scene.cell_position(cell))
    QCursor.setPos(view.viewport().mapToGlobal(point))
    window.act_rotate.trigger()
    under = window.scene.cell_at(view.mapToScene(view.viewport().mapFromGlobal(QCursor.pos())))
    assert under is not None and under != cell
    assert window.cell_name.text().startswith(f"{kind} {window.game.geometry.labels[under]}")
    view.leaveEvent(None)
    assert window.cell_name.text() == "" and not window.cell_name.isVisible()


def test_the_pointer_at_an_earlier_position_says_a_stone_starts_a_variation(qtbot, window):
    """Between people, a click at an earlier position made a second line and the moves after
    it went from the list, unsaid (tester 82): the cell's name under the pointer says so;
    not at the line's end, nor against the computer, where a move takes moves back (said in
    the panel)."""
    start(window, "y", size=5, pie=False)
    view = window.view
    for label in ("c2", "b2"):
        click_label(qtbot, window, label)

    def hover(label):
        cell = window.game.geometry.cell(label)
        qtbot.mouseMove(view.viewport(), view.mapFromScene(window.scene.cell_position(cell)))
        return window.cell_name.text()

    assert hover("d3") == "Cell d3"
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert hover("d4") == "Cell d4: a stone here starts a variation"
    assert hover("c2") == "Cell c2: Black"
    # the line's own next move is no variation (tester 84), nor another line's first move
    assert hover("b2") == "Cell b2: the next move of this line (a click follows it)"
    click_label(qtbot, window, "d4")  # a second line
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert hover("d4") == "Cell d4: the next move of this line (a click follows it)"
    assert hover("b2") == "Cell b2: the first move of another line (a click follows that line)"
    window.session.set_seats((Seat("Ann"), Seat("Bot", computer=True, level=1)))
    assert window.session.takes_back()
    assert hover("d3") == "Cell d3"  # (the panel says what a move takes back)


def test_undo_redo_and_navigation_keys(qtbot, window):
    start(window, "y", size=5)
    for label in ("a1", "b1", "c1", "d1"):
        click_label(qtbot, window, label)
    qtbot.keyClick(window.view, Qt.Key.Key_Left)
    assert len(window.game.moves) == 3
    qtbot.keyClick(window.view, Qt.Key.Key_Home)
    assert len(window.game.moves) == 0 and window.game.stone_count == 0
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    assert len(window.game.moves) == 1
    qtbot.keyClick(window.view, Qt.Key.Key_End)
    assert len(window.game.moves) == 4
    window.act_undo.trigger()
    window.act_undo.trigger()
    assert len(window.game.moves) == 2
    window.act_redo.trigger()
    assert len(window.game.moves) == 3
    window.game_panel.moves_list.itemClicked.emit(window.game_panel.moves_list.item(1))
    assert len(window.game.moves) == 1


def test_playing_from_an_earlier_position_starts_a_variation(qtbot, window, answers):
    start(window, "y", size=5)
    for label in ("a1", "b1", "c1"):
        click_label(qtbot, window, label)
    window.session.back()
    window.session.back()
    click_label(qtbot, window, "e1")
    assert answers.questions == []  # nothing is discarded, so nothing is asked
    assert [window.game.move_text(m) for m in window.game.moves] == ["a1", "e1"]
    first = window.session.tree.root.children[0]
    assert [window.game.move_text(c.move) for c in first.children] == ["b1", "e1"]
    assert "[line 2 of 2]" in window.game_panel.moves_list.item(2).text()
    qtbot.keyClick(window.view, Qt.Key.Key_Up)  # to the other branch
    assert [window.game.move_text(m) for m in window.game.moves] == ["a1", "b1"]
    qtbot.keyClick(window.view, Qt.Key.Key_End)
    assert len(window.game.moves) == 3
    qtbot.keyClick(window.view, Qt.Key.Key_Home)
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    qtbot.keyClick(window.view, Qt.Key.Key_Down)
    assert [window.game.move_text(m) for m in window.game.moves] == ["a1", "e1"]


def test_save_and_load_through_the_ui(qtbot, window, answers, tmp_path):
    start(window, "poly-y")
    for label in ("43", "1", "2", "3"):
        click_label(qtbot, window, label)
    window.session.back()
    path = tmp_path / "game.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    window.act_save.trigger()
    assert path.exists() and not window.session.dirty and window.session.path == path
    saved = Game(window.game.options)
    saved.play_all(window.game.moves)
    start(window, "y")
    window.choose_open_path = lambda: path
    window.act_open.trigger()
    assert window.game.options.game == "poly-y"
    # it opens where it was saved (a move back), drawn so; the last move is still there
    assert [window.game.move_text(m) for m in window.game.moves] == ["43", "1", "2"]
    assert mismatches(window) == []
    qtbot.keyClick(window.view, Qt.Key.Key_End)
    assert [window.game.move_text(m) for m in window.game.moves] == ["43", "1", "2", "3"]
    assert mismatches(window) == []
    assert window.session.names == {BLACK: "Ann", WHITE: "Bo"}
    assert str(path) in window.settings.get("recent_files")


def test_the_question_before_closing_says_which_moves_the_file_lacks(
    qtbot, window, answers, tmp_path
):
    """Tester 57 saved, played two moves more and closed: "Closing the window of game.ysgf
    (10 moves). Save the current game first?" said nothing of the two the file lacked."""
    start(window, "y", size=5)
    for label in ("c2", "b1"):
        click_label(qtbot, window, label)
    path = tmp_path / "game.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    window.act_save.trigger()
    for label in ("a1", "d2"):
        click_label(qtbot, window, label)
    answers.save_choice = ["cancel"]
    assert not window.close()
    assert answers.questions[-1] == (
        "Closing the window of game.ysgf (4 moves). Save the current game first? The last 2 "
        "moves are not in game.ysgf."
    )
    window.step(-1)
    window.step(-1)
    click_label(qtbot, window, "e1")  # a variation between people: the main line stays
    answers.save_choice = ["cancel"]
    assert not window.close()
    assert answers.questions[-1].endswith("The last 2 moves are not in game.ysgf.")
    window.act_save.trigger()
    click_label(qtbot, window, "a1")  # a move of the variation alone (tester 58)
    answers.save_choice = ["cancel"]
    assert not window.close()
    assert answers.questions[-1].endswith("Variations have 1 move that game.ysgf lacks.")
    window.act_save.trigger()
    window.session.set_comment("a note")  # the moves are the file's: nothing more is said
    answers.save_choice = ["cancel"]
    assert not window.close()
    assert answers.questions[-1].endswith("Save the current game first?")
    window.session.tree.promote(window.session.tree.path[-1])  # the variation made the game
    window.session.dirty = True
    answers.save_choice = ["cancel"]
    assert not window.close()
    assert answers.questions[-1].endswith(
        "The game's main line differs from that of game.ysgf (4 moves) after move 2."
    )
    answers.save_choice = ["discard"]


def test_a_set_up_position_opened_is_said_without_move_numbers(qtbot, window, answers, tmp_path):
    """Tester 58: "Opened solve9.ysgf: …, at move 0 of 0" for a position set up."""
    start(window, "y", size=5)
    window.session.set_position({0: BLACK, 6: WHITE}, BLACK)
    path = tmp_path / "figure.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    window.act_save.trigger()
    window.choose_open_path = lambda: path
    window.act_open.trigger()
    assert window.statusBar().currentMessage() == (
        "Opened figure.ysgf: Y, 5 cells per side, set-up position, with no moves yet"
    )
    click_label(qtbot, window, "e1")
    window.session.back()
    window.act_save.trigger()
    window.act_open.trigger()
    assert window.statusBar().currentMessage().endswith(", set-up position, at move 0 of 1")


def test_damaged_file_gives_a_message_and_changes_nothing(qtbot, window, answers, tmp_path):
    start(window, "y", size=5)
    click_label(qtbot, window, "c2")
    window.session.dirty = False
    before = (window.game, list(window.game.moves), window.session.path)
    bad = tmp_path / "bad.ysgf"
    bad.write_text("(;YG[y]YO[size=5]\n;B[a1]\n;B[b1])")
    window.choose_open_path = lambda: bad
    answers.yes_no.append(False)  # (the game without the bad move is offered: declined)
    window.act_open.trigger()
    assert "move 2 (B[b1]): it is White's turn" in answers.questions[-1]
    assert "line 3" in answers.questions[-1]
    # declined, no second box says the damage again (tester 55 found it hidden behind the
    # window)
    assert not answers.informed
    assert (window.game, list(window.game.moves), window.session.path) == before
    said = window.statusBar().currentMessage()  # (the dialog's title is all that said so)
    assert said == "Did not open bad.ysgf; the game shown is as it was"


def test_unsaved_changes_prompt(qtbot, window, answers):
    start(window, "y", size=5)
    click_label(qtbot, window, "c2")
    answers.save_choice = ["cancel"]
    assert not window.close()
    assert window.isVisible()
    answers.save_choice = ["discard"]
    assert window.close()


def test_autosave_recovery_after_a_crash(qtbot, answers):
    first = make_window(qtbot, answers)
    start(first, "hexagonal-y", size=4)
    click_label(qtbot, first, "a1")
    click_label(qtbot, first, "d4")
    saved = first.autosave.path
    assert saved.exists()
    crash(first)
    second = make_window(qtbot, answers)
    answers.yes_no = [True]
    assert second.offer_recovery() == 1
    assert [second.game.move_text(m) for m in second.game.moves] == ["a1", "d4"]
    assert second.game.options.game == "hexagonal-y" and second.session.dirty
    said = second.statusBar().currentMessage()  # (the window says what came back)
    assert said.startswith("Recovered the game in progress: Hexagonal Y") and "2 moves" in said
    assert not saved.exists() and second.autosave.path.exists()
    answers.save_choice = ["discard"]
    second.close()
    assert not second.autosave.path.exists()


def test_no_recovery_offered_after_a_clean_exit(qtbot, answers):
    w = make_window(qtbot, answers)
    start(w, "y", size=5)
    click_label(qtbot, w, "a1")
    answers.save_choice = ["discard"]
    w.close()
    assert not make_window(qtbot, answers).offer_recovery()


def test_new_game_dialog_validation(qtbot):
    dialog = NewGameDialog(dict(Settings().get("new_game")), LIGHT)
    qtbot.addWidget(dialog)
    warnings = []
    dialog.warn = lambda title, text: warnings.append(text)
    dialog.games.setCurrentRow(list(VARIANTS).index("y"))
    dialog.pie.click()  # the pie rule off, by the player's choice
    dialog.pie.click()  # and on again
    assert dialog.pie.isChecked() and dialog.pie.isEnabled()
    dialog.handicap.setCurrentIndex(dialog.handicap.findData(3))
    # a handicap greys the pie rule out, unticked, and says why (ticked, it greyed OK with
    # the reason in red at the top of the dialog: tester 42)
    assert not dialog.pie.isChecked() and not dialog.pie.isEnabled()
    assert "No pie rule with a handicap" in dialog.pie.toolTip()
    assert dialog.ok_button.isEnabled() and "cannot" not in dialog.summary.text()
    assert dialog.turns_note.text() == (
        "One stone a turn. With the handicap, Black's first turn is 3 stones instead of one; "
        "then White plays 1 stone: give Black to the weaker player. No pie rule with a "
        "handicap."
    )
    dialog.turns.setCurrentIndex(dialog.turns.findData("two-stone"))
    assert dialog.turns_note.text().startswith("One stone in the first turn, then two a turn; ")
    # (what White's turn is then, as the rules count it: tester 71 had to work it out)
    assert "first turn is 3 stones instead of one; then White plays 2 stones" in (
        dialog.turns_note.text()
    )
    assert dialog.turns_note.text().endswith(
        "No two of the handicap's stones may end up in one group."
    )
    tip = dialog.turns.itemData(dialog.turns.findData("tabu"), Qt.ItemDataRole.ToolTipRole)
    assert tip == "One stone a turn, never next to the opponent's most recent stone."
    dialog.turns.setCurrentIndex(dialog.turns.findData("tabu"))  # (tabu's default is on)
    assert not dialog.pie.isChecked() and dialog.ok_button.isEnabled()
    assert dialog.turns_note.text().endswith("White's first stone may not touch the last of them.")
    dialog.accept()
    assert not warnings
    assert dialog.options is not None and dialog.options.handicap == 3
    assert not dialog.options.pie_value
    # without the handicap, the player's choice comes back
    dialog.handicap.setCurrentIndex(dialog.handicap.findData(0))
    assert dialog.pie.isChecked() and dialog.pie.isEnabled()
    dialog.turns.setCurrentIndex(dialog.turns.findData("standard"))
    dialog.pie.click()
    dialog.handicap.setCurrentIndex(dialog.handicap.findData(2))
    dialog.handicap.setCurrentIndex(dialog.handicap.findData(0))
    assert not dialog.pie.isChecked()


def test_the_handicaps_offered_fit_the_board(qtbot):
    """Tester 38: a handicap of 9 stones went through on a board of 6 cells (the game only
    then said its board would fill). At most half the board is offered; a handicap chosen
    before a smaller board is said, and OK waits."""
    dialog = NewGameDialog({"game": "y", "size": 9}, LIGHT)
    qtbot.addWidget(dialog)
    dialog.handicap.setCurrentIndex(dialog.handicap.findData(9))
    assert dialog.ok_button.isEnabled()
    dialog.size_box.setCurrentIndex(dialog.size_box.findData(3))  # 6 cells
    model = dialog.handicap.model()
    offered = [
        int(dialog.handicap.itemData(i))
        for i in range(1, dialog.handicap.count())
        if model.item(i).isEnabled()
    ]
    assert offered == [2, 3]
    assert not dialog.ok_button.isEnabled()
    assert "A handicap of 9 is more than half of this board (6 cells)" in dialog.summary.text()
    dialog.handicap.setCurrentIndex(dialog.handicap.findData(3))
    assert dialog.ok_button.isEnabled()


def test_the_sizes_say_the_whole_boards_count(qtbot):
    """The Game of Y's boards are known by their points ("the 93-point board"): each size says
    the whole board's count after the count a side (a tester looked for 93 in a list of
    points per side)."""
    dialog = NewGameDialog({}, LIGHT)
    qtbot.addWidget(dialog)
    names = list(VARIANTS)
    dialog.games.setCurrentRow(names.index("game-of-y"))
    texts = [dialog.size_box.itemText(i) for i in range(dialog.size_box.count())]
    assert texts == [
        "5 points per side (27 points)",
        "7 points per side (55 points)",
        "9 points per side (93 points, default)",
        "11 points per side (141 points)",
    ]
    dialog.games.setCurrentRow(names.index("y"))
    assert dialog.size_box.currentText() == "11 cells per side (66 cells, default)"
    # Poly-Y's count depends on its corners, and follows them (it said none: tester 38)
    dialog.games.setCurrentRow(names.index("poly-y"))
    assert dialog.size_box.currentText() == "7 cells per side (106 cells, default)"
    dialog.corners.setCurrentIndex(dialog.corners.findData(3))
    assert dialog.size_box.currentText().startswith("7 cells per side (")
    assert dialog.size_box.currentText() != "7 cells per side (106 cells, default)"
    assert dialog.size_box.currentData() == 7
    # Mudcrack Y's 371 sizes: the round ones listed (371 rows to scroll, a tester's finding),
    # its default and a size chosen before among them
    dialog = NewGameDialog({"game": "mudcrack-y", "size": 137}, LIGHT)
    qtbot.addWidget(dialog)
    sizes = [dialog.size_box.itemData(i) for i in range(dialog.size_box.count())]
    assert dialog.size_box.currentData() == 137
    assert 20 <= len(sizes) <= 30 and sizes == sorted(sizes)
    assert {30, 100, 137, 200, 250, 400} <= set(sizes) and 31 not in sizes
    assert VARIANTS["mudcrack-y"].default_size in sizes


def test_looking_at_other_games_keeps_the_turns_and_pie_rule_chosen(qtbot):
    """Tester 16: Y with master turns and no pie rule, a look at Starboard Y (no turn
    structures), back to Y: the turns were standard again and the pie rule ticked."""
    dialog = NewGameDialog({}, LIGHT)
    qtbot.addWidget(dialog)
    names = list(VARIANTS)
    dialog.games.setCurrentRow(names.index("y"))
    dialog.turns.setCurrentIndex(dialog.turns.findData("master"))
    assert not dialog.pie.isChecked()  # (none with master turns, unless asked for)
    dialog.games.setCurrentRow(names.index("starboard-y"))
    assert dialog.turns.currentData() == "standard" and not dialog.turns.isEnabled()
    dialog.games.setCurrentRow(names.index("y"))
    assert dialog.turns.currentData() == "master" and not dialog.pie.isChecked()
    # the pie rule turned off for Y stays off for Y, while Poly-Y has its own
    dialog.turns.setCurrentIndex(dialog.turns.findData("standard"))
    assert dialog.pie.isChecked()
    dialog.pie.click()
    dialog.games.setCurrentRow(names.index("poly-y"))
    assert dialog.turns.currentData() == "standard" and dialog.pie.isChecked()
    dialog.games.setCurrentRow(names.index("y"))
    assert not dialog.pie.isChecked()
    assert dialog.current_options().validated().pie_value is False


def test_each_new_mudcrack_game_gets_a_board_of_its_own(qtbot):
    """Tester 16: the dialog gave the seed of the game before, so every Mudcrack Y game was
    played on the same board unless a seed was typed. Each dialog draws a new one, and New
    board draws another (the preview shows it)."""
    seeds = set()
    for _ in range(3):
        dialog = NewGameDialog({"game": "mudcrack-y", "seed": 7}, LIGHT)
        qtbot.addWidget(dialog)
        seeds.add(dialog.seed.value())
        assert dialog.new_board.isEnabled()
    assert len(seeds) == 3 and 7 not in seeds
    before = dialog.seed.value()
    drawn = dialog.preview.board_scene().game.geometry.centres
    qtbot.mouseClick(dialog.new_board, Qt.MouseButton.LeftButton)
    assert dialog.seed.value() != before
    assert dialog.preview.board_scene().game.geometry.centres != drawn
    assert dialog.current_options().validated().seed == dialog.seed.value()
    dialog.show()
    assert dialog.seed.isVisible() and not dialog.corners.isVisible()
    dialog.games.setCurrentRow(list(VARIANTS).index("y"))
    assert not dialog.new_board.isEnabled() and not dialog.seed.isEnabled()
    # rows of another game's choices are not shown (greyed, they were read as choices that
    # could not be made: testers 33 and 37)
    assert not dialog.seed.isVisible() and not dialog.new_board.isVisible()
    assert not dialog.corners.isVisible()
    dialog.games.setCurrentRow(list(VARIANTS).index("poly-y"))
    assert dialog.corners.isVisible() and not dialog.seed.isVisible()


def test_the_turns_note_never_covers_the_preview_and_a_handicap_is_the_games_own(qtbot):
    """For every game, turn structure and the largest handicap, at the dialog's own size:
    the note says all it says, and the caption stays below the preview (a three-line note
    pushed it over the board's bottom row, a tester's finding). Choosing another game sets
    the handicap back to none (it carried over silently)."""
    dialog = NewGameDialog({}, LIGHT)
    qtbot.addWidget(dialog)
    dialog.show()
    names = list(VARIANTS)
    for row in range(len(names)):
        dialog.games.setCurrentRow(row)
        for t in range(dialog.turns.count()):
            dialog.turns.setCurrentIndex(t)
            dialog.handicap.setCurrentIndex(dialog.handicap.count() - 1)
            QApplication.processEvents()
            note = dialog.turns_note
            assert note.heightForWidth(note.width()) <= note.height(), note.text()
            assert dialog.summary.geometry().top() > dialog.preview.geometry().bottom()
    dialog.games.setCurrentRow(names.index("y"))
    assert dialog.handicap.currentData() == 0
    dialog.handicap.setCurrentIndex(3)
    dialog.games.setCurrentRow(names.index("starboard-y"))
    assert dialog.handicap.currentData() == 0 and dialog.current_options().handicap == 0


def test_new_game_dialog_brings_back_each_games_last_size(qtbot):
    """Choosing a game again gives the size last played in it, not the default (a tester
    played Y 9, chose Y again and got 11); remembered across dialogs through the settings."""
    settings = Settings()
    dialog = NewGameDialog(dict(settings.get("new_game")), LIGHT)
    qtbot.addWidget(dialog)
    names = list(VARIANTS)
    dialog.games.setCurrentRow(names.index("y"))
    dialog.size_box.setCurrentIndex(dialog.size_box.findData(9))
    dialog.games.setCurrentRow(names.index("poly-y"))
    assert dialog.size_box.currentData() == VARIANTS["poly-y"].default_size
    dialog.size_box.setCurrentIndex(dialog.size_box.findData(5))
    dialog.games.setCurrentRow(names.index("y"))
    assert dialog.size_box.currentData() == 9
    choices = dialog.choices()
    assert choices["sizes"] == {"y": 9, "poly-y": 5}
    settings.set("new_game", choices)
    again = NewGameDialog(dict(settings.get("new_game")), LIGHT)
    qtbot.addWidget(again)
    again.games.setCurrentRow(names.index("poly-y"))
    assert again.size_box.currentData() == 5
    # a size a game does not have, from a settings file edited by hand, is not taken
    from ygui.settings import validated

    data, bad = validated({"new_game": {"sizes": {"y": 2}}})
    assert bad == ["new_game.sizes"] and data["new_game"]["sizes"] == {}


def test_new_game_dialog_offers_each_games_options(qtbot):
    dialog = NewGameDialog(dict(Settings().get("new_game")), LIGHT)
    qtbot.addWidget(dialog)
    dialog.games.setCurrentRow(list(VARIANTS).index("hexagonal-y"))
    assert not dialog.turns.isEnabled() and not dialog.pie.isChecked()
    assert "Red" in dialog.first_label.text()
    assert dialog.size_box.currentData() == 7
    dialog.games.setCurrentRow(list(VARIANTS).index("poly-y"))
    assert dialog.corners.isEnabled() and dialog.pie.isChecked()
    dialog.turns.setCurrentIndex(dialog.turns.findData("progressive"))
    assert not dialog.pie.isChecked()
    assert dialog.preview.board_scene().game.geometry.size == 106


def test_new_game_choices_are_remembered(qtbot, window, answers):
    def fake_dialog():
        dialog = NewGameDialog(dict(window.settings.get("new_game")), window.theme)
        qtbot.addWidget(dialog)
        dialog.games.setCurrentRow(list(VARIANTS).index("eccentric-y"))
        dialog.size_box.setCurrentIndex(dialog.size_box.findData(5))
        dialog.first_name.setText("Cy")
        dialog.accept()
        return dialog

    window.run_new_game_dialog = fake_dialog
    window.act_new.trigger()
    assert window.game.options.game == "eccentric-y" and window.game.geometry.size == 61
    assert window.session.player_name(BLACK) == "Cy"
    again = Settings().get("new_game")
    assert again["game"] == "eccentric-y" and again["size"] == 5 and again["black"] == "Cy"


def test_a_new_window_starts_the_game_the_dialog_last_started(qtbot, answers):
    """The first game of a window is the one last chosen in the new-game dialog: its game,
    players and computer level; a size that game does not have gives its default size, as the
    dialog would show it."""
    settings = Settings()
    settings.set(
        "new_game",
        {
            "game": "poly-y",
            "size": 5,
            "corners": 5,
            "black": "Ann",
            "white": "Computer",
            "black_player": "human",
            "white_player": "computer",
            "white_level": 3,
        },
    )
    window = make_window(qtbot, answers)
    assert window.game.options.game == "poly-y" and window.game.options.size == 5
    seat = window.session.seat_for(WHITE)
    assert seat.computer and seat.level == 3 and seat.name == "Computer"
    assert window.session.player_name(WHITE) == "Computer (level 3)"  # not "computer" twice
    assert (
        window.session.player_name(BLACK) == "Ann" and not window.session.seat_for(BLACK).computer
    )
    assert "Poly-Y" in window.game_panel.title.text()
    settings.set("new_game", {"game": "y", "size": 99, "black": "Ann", "white": "Bo"})
    again = make_window(qtbot, answers)
    assert again.game.options.game == "y" and again.game.geometry.size == 66
    assert again.session.player_name(BLACK) == "Ann"


def test_choosing_the_computer_names_the_seat(qtbot):
    dialog = NewGameDialog({}, LIGHT)
    qtbot.addWidget(dialog)

    choose_kind(dialog.second_kind, "computer")
    assert dialog.second_name.text() == "Computer"
    choose_kind(dialog.second_kind, "human")
    assert dialog.second_name.text() == "Player 2"
    dialog.first_name.setText("Dee")  # a name typed in stays whatever plays
    choose_kind(dialog.first_kind, "computer")
    assert dialog.first_name.text() == "Dee"
    # with the names a game before left (the computer first, the person "Player 1"), the
    # seats changed over name the person and the computer apart (tester 38 got "Player 1"
    # against "Player 1")
    dialog = NewGameDialog(
        {
            "black": "Computer",
            "black_player": "computer",
            "white": "Player 1",
            "white_player": "human",
        },
        LIGHT,
    )
    qtbot.addWidget(dialog)
    assert (dialog.first_name.text(), dialog.second_name.text()) == ("Computer", "Player 1")
    choose_kind(dialog.first_kind, "human")
    assert dialog.first_name.text() == "Player 2"  # (not the other player's name)
    choose_kind(dialog.second_kind, "computer")
    assert dialog.second_name.text() == "Computer"


def test_exports_and_view_options(qtbot, window, tmp_path):
    start(window, "game-of-y")
    click_label(qtbot, window, "e1")
    for suffix in (".png", ".svg"):
        path = tmp_path / f"board{suffix}"
        window.choose_save_path = lambda s=suffix, p=path: p
        window.export_image(suffix)
        assert path.stat().st_size > 1000
    window.act_labels.trigger()
    assert window.settings.get("show_labels")
    window.act_numbers.trigger()
    assert window.settings.get("move_numbers") and window.scene.numbers_from == 1
    window.act_numbers.trigger()
    assert not window.settings.get("move_numbers") and window.scene.numbers_from is None
    window.act_number_here.trigger()  # numbers from the move after the one shown
    assert window.act_numbers.isChecked() and window.scene.numbers_from == 2
    again = MainWindow(window.settings, warm_up_engine=False)  # the next window shows them
    qtbot.addWidget(again)
    assert again.act_numbers.isChecked() and again.scene.numbers_from == 1
    window.act_dark.trigger()
    assert window.settings.get("theme") == "dark"
    window.act_dark.trigger()


def test_open_record_given_on_the_command_line(qtbot, window, tmp_path, monkeypatch):
    game = Game(GameOptions(game="starboard-y").validated())
    game.play(Move(3))
    path = tmp_path / "s.ysgf"
    save_record(path, GameRecord.from_game(game, "A", "B"))
    assert window.open_path(Path(path))
    assert window.game.stone_count == 1 and window.windowTitle().startswith("s.ysgf")
    said = window.statusBar().currentMessage()  # (the window says what it opened)
    assert said.startswith("Opened s.ysgf: Starboard Y") and said.endswith("at move 1 of 1")
    # and it goes with the position it named ("at move 6 of 6" stood after moves 7 and 8,
    # tester 80)
    window.session.play(Move(5))
    assert "at move 1 of 1" not in window.statusBar().currentMessage()
    # a relative path is held as the absolute one: the same file after a change of folder,
    # and "Saved home/s.ysgf" is not said (tester 17)
    monkeypatch.chdir(tmp_path.parent)
    assert window.open_path(Path(tmp_path.name) / "s.ysgf")
    assert window.session.path == path and window.session.path.is_absolute()
    monkeypatch.chdir(tmp_path)
    window.session.play(Move(5))
    window.act_save.trigger()
    assert window.session.path == path and load_record(path).root is not None


def test_rules_help_names_the_designers():
    from ygui.ui.help import rules_html

    for name in VARIANTS:
        html = rules_html(name)
        assert "Pie rule" in html
    for name in ("starboard-y", "hexagonal-y", "eccentric-y"):
        assert "Mark Steere" in rules_html(name)
    assert "Titus" in rules_html("y") and "Schensted" in rules_html("poly-y")
    # the About box names the licence the LICENSE file gives (it said "free software" alone:
    # tester 55)
    from pathlib import Path

    from ygui.ui.help import AboutText

    licence = (Path(__file__).resolve().parents[1] / "LICENSE").read_text()
    assert licence.startswith("MIT License") and "under the MIT License" in AboutText


def test_qt_binding_keeps_none_alive():
    """PySide6 6.12.0 on Python 3.11 drops a reference to None on every void call, which
    crashes any long session; the project pins a version without that fault."""
    from PySide6.QtWidgets import QGraphicsEllipseItem

    item = QGraphicsEllipseItem(0, 0, 1, 1)
    before = sys.getrefcount(None)
    for _ in range(2000):
        item.setZValue(1.0)
    assert sys.getrefcount(None) >= before - 50


def test_play_on_a_board_of_ones_own(qtbot, window, answers, tmp_path):
    from ygui.core.boards.polyy import polyy_board

    path = tmp_path / "pentagon.json"
    path.write_text(polyy_board(5, 4).to_json())
    assert window.open_board(path)
    assert window.game.options.game == "poly-y" and window.game.geometry.size == 31
    click_label(qtbot, window, "1")
    saved = tmp_path / "g.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": saved
    window.act_save.trigger()
    assert "YB[" in saved.read_text()  # the record carries the board
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert not window.open_board(bad)
    assert "not a board file" in answers.informed[-1]
    assert window.game.geometry.size == 31


def test_a_board_of_ones_own_keeps_the_players_and_says_its_name(qtbot, window, tmp_path):
    """Play on a board file after a game against the computer: the computer still plays its
    side (its name stayed on a person's seat, and nothing moved: tester 61), and the heading
    names the board as its file does."""
    from dataclasses import replace

    from ygui.core.boards.triangle import triangle_board

    start(window, "y", size=5)
    window.session.set_seats((Seat("Ann"), Seat("Computer (level 1)", computer=True, level=1)))
    path = tmp_path / "hobbit.json"
    path.write_text(replace(triangle_board(5), name="Hobbit hole").to_file_text())
    assert window.open_board(path)
    seats = window.session.seats
    assert (seats[0].name, seats[0].computer) == ("Ann", False)
    assert (seats[1].name, seats[1].computer, seats[1].level) == ("Computer (level 1)", True, 1)
    heading = window.game_panel.title.text()
    assert heading.startswith("Y on “Hobbit hole”, a board of one's own (15 cells, 3 sides)")
    click_label(qtbot, window, "c2")  # the computer answers
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=20000)


def test_save_suggests_a_name_and_the_games_own_file(qtbot, window, answers, tmp_path, monkeypatch):
    start(window, "y", size=5)
    window.session.set_info(GameInfo(black="Ann Lee", white="Bo/2"))
    suggested = Path(window.suggested_path(".ysgf"))
    assert suggested.suffix == ".ysgf" and suggested.parent.is_dir()
    assert suggested.stem.startswith("y-") and "Ann_Lee-vs-Bo_2" in suggested.stem
    assert Path(window.suggested_path(".png")).suffix == ".png"
    # after a swap, named as the record names the colours' players (tester 39)
    click_label(qtbot, window, "c2")
    window.act_swap.trigger()
    record = window.session.record()
    assert (record.black, record.white) == ("Bo/2", "Ann Lee")
    assert "Bo_2-vs-Ann_Lee" in Path(window.suggested_path(".ysgf")).stem
    start(window, "y", size=5)
    window.session.set_info(GameInfo(black="Ann Lee", white="Bo/2"))
    path = tmp_path / "mine.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    window.act_save.trigger()
    assert window.suggested_path(".ysgf") == str(path)  # Save as starts from the file
    assert Path(window.suggested_path(".png")).name == "mine.png"  # (a figure: the file's name)
    assert Path(window.suggested_path(".svg")).parent == tmp_path  # the folder used last
    assert window.recent_folder() == tmp_path  # where Open starts (it started in the home)
    # a second game of the day between the same players is not offered the first one's file
    # (one Yes would have replaced it: tester 33)
    window.choose_save_path = lambda suffix=".ysgf": Path(window.suggested_path(suffix))
    for number in ("", "-2", "-3"):
        start(window, "y", size=5)
        window.session.set_info(GameInfo(black="Ann", white="Bo"))
        stem = Path(window.suggested_path(".ysgf")).stem
        assert stem.endswith(f"Ann-vs-Bo{number}")
        window.act_save.trigger()
        assert window.session.path == tmp_path / f"{stem}.ysgf"
    asked: list[str] = []

    def board_dialog(parent, title, folder, filters):
        asked.append(folder)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", board_dialog)
    window.open_board_dialog()
    assert asked == [str(tmp_path)]  # a board file is looked for there too
    __import__("shutil").rmtree(tmp_path)
    assert window.recent_folder() == Path.home()  # a folder gone: the home folder again


def test_the_shortcuts_list_every_key_in_a_table(qtbot, window):
    """Help → Keyboard shortcuts: every key of an action (Redo has Ctrl+Y too, which the list
    left out), each beside what it does in a table (tab-separated lines wrapped into the keys'
    column)."""
    from ygui.ui.help import shortcuts_text

    text = shortcuts_text(window.actions())
    assert text.startswith("<table>")
    redo = next(row for row in text.split("<tr>") if ">Redo<" in row)
    assert "Ctrl+Y" in redo and ("Ctrl+Shift+Z" in redo or "Shift+Ctrl+Z" in redo)
    assert text.count("<tr>") == sum(1 for a in window.actions() if a.shortcuts())
    # a panel's key says what it does (it said "Game" alone, and hid the panel: tester 24)
    assert ">Show or hide the Game panel<" in text


def test_no_two_items_of_a_menu_share_their_underlined_letter(window):
    """Alt and a letter reach one item of an open menu: two items with the same underlined
    letter (View's "Heat &map" and "Candidate &moves", Play's "&Redo" and "&Resign…", a
    tester's finding) make the letter go to the first only."""

    def check(menu, name):
        letters: dict[str, str] = {}
        for action in menu.actions():
            text = action.text().replace("&&", "")
            if action.isSeparator() or "&" not in text:
                continue
            letter = text[text.index("&") + 1].lower()
            assert letter not in letters, f"{name}: {letters[letter]!r} and {action.text()!r}"
            letters[letter] = action.text()
            if action.menu() is not None:
                check(action.menu(), action.text())

    for action in window.menuBar().actions():
        check(action.menu(), action.text())


def test_the_new_game_dialog_says_why_the_pie_rule_and_the_turns_change(qtbot):
    """Tester 21: choosing two-stone turns unticked the pie rule, tabu ticked it again, and
    Starboard Y greyed the turns, each without a word."""
    dialog = NewGameDialog({"game": "y"}, LIGHT)
    qtbot.addWidget(dialog)
    assert dialog.pie.isChecked() and "pie rule" not in dialog.turns_note.text()
    dialog.turns.setCurrentIndex(dialog.turns.findData("two-stone"))
    assert not dialog.pie.isChecked()
    assert "The pie rule is off by default here" in dialog.turns_note.text()
    dialog.turns.setCurrentIndex(dialog.turns.findData("tabu"))
    assert dialog.pie.isChecked() and "pie rule" not in dialog.turns_note.text()
    dialog.turns.setCurrentIndex(dialog.turns.findData("progressive"))
    dialog.pie.click()  # ticked by hand: the player's, and no longer explained
    assert dialog.pie.isChecked() and "pie rule" not in dialog.turns_note.text()
    dialog.games.setCurrentRow(list(VARIANTS).index("starboard-y"))
    assert not dialog.turns.isEnabled()
    assert dialog.turns_note.text().startswith("Starboard Y has one turn structure.")
    assert "one stone a turn" in dialog.turns.toolTip()
    dialog.games.setCurrentRow(list(VARIANTS).index("y"))
    assert dialog.turns.isEnabled() and dialog.turns.toolTip() == ""


def test_the_shortcuts_fit_the_screen_and_scroll(qtbot, window):
    """Tester 21: the list of keys stood 775 pixels tall in a message box, its OK button
    below the bottom of a screen 768 tall."""
    from ygui.ui.help import ShortcutsDialog, shortcuts_text

    dialog = ShortcutsDialog(shortcuts_text(window.actions()), window)
    qtbot.addWidget(dialog)
    room = window.screen().availableGeometry()
    assert dialog.height() <= 0.85 * room.height() + 1
    assert dialog.width() <= 0.9 * room.width() + 1
    assert "Ctrl+Shift+R" in dialog.browser.toPlainText()  # (Board as it starts)


def test_quit_closes_every_window_each_asking_of_its_game(qtbot, answers):
    """Tester 22: with a second window (a recovered game), Quit closed the one it was chosen
    in, and the other window and the program ran on."""
    first = make_window(qtbot, answers)
    second = make_window(qtbot, answers)
    for window in (first, second):
        window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"))
    click_cell(qtbot, second, 0)  # a game to ask about
    answers.save_choice.append("cancel")
    first.act_quit.trigger()
    assert second.isVisible() and first.isVisible()  # cancelled: nothing more is closed
    answers.save_choice.append("discard")
    first.act_quit.trigger()
    assert not second.isVisible() and not first.isVisible()
    assert len(answers.questions) == 2
    # the question named the game it was about (tester 23 discarded the other window's), and
    # said Quit, which was chosen ("Closing the window of …" puzzled tester 81)
    # (the second window's unsaved game named as its title names it, tester 87)
    assert answers.questions[0].startswith("Quitting ygui, with unsaved game 2, Y, 5 cells per")
    assert "(1 move) in this window. Save the current game first?" in answers.questions[0]
    third = make_window(qtbot, answers)  # a window closed alone says so
    click_cell(qtbot, third, 0)
    answers.save_choice.append("discard")
    assert third.close()
    assert answers.questions[-1].startswith("Closing the window of Y")


def test_a_file_cut_short_offers_the_moves_before_the_cut(qtbot, window, answers, tmp_path):
    """Tester 22: a record missing only its last ')' was refused whole, its sixteen moves with
    it. A file cut short offers the game up to the cut, as a game of no file (the file is
    left as it is), drawn as read; declined, nothing changes."""
    start(window, "y", size=5)
    for label in ("c2", "b2", "d1", "a1"):
        click_label(qtbot, window, label)
    whole = tmp_path / "whole.ysgf"
    assert window.save_to(whole)
    text = whole.read_text()
    cut = tmp_path / "cut.ysgf"
    cut.write_text(text[: text.index("W[a1]") + 3])  # the end lost inside the last move
    window.session.dirty = False
    before = (window.game, window.session.path)
    window.choose_open_path = lambda: cut
    answers.yes_no.append(False)
    window.act_open.trigger()
    assert "is cut short: " in answers.questions[-1] and "3 moves" in answers.questions[-1]
    # declined: the question said the damage, and no second box says it again (it stood
    # hidden behind the window, tester 55); the game shown stays
    assert not answers.informed
    assert window.statusBar().currentMessage() == (
        "Did not open cut.ysgf; the game shown is as it was"
    )
    assert (window.game, window.session.path) == before
    answers.yes_no.append(True)
    window.act_open.trigger()
    cell = window.game.geometry.cell
    assert [m.cell for m in window.game.moves] == [cell("c2"), cell("b2"), cell("d1")]
    assert window.session.path is None and window.session.dirty
    assert mismatches(window) == []
    assert cut.read_text() == text[: text.index("W[a1]") + 3]  # the file as it was
    assert window.statusBar().currentMessage().startswith("Opened what cut.ysgf holds up to")


def test_the_new_game_dialog_fits_the_screen_and_its_choices_scroll(qtbot):
    """Tester 23: on a screen 600 pixels tall the dialog stood 701, OK and Cancel below the
    screen's bottom. The choices scroll within the screen's room; the buttons stay in sight."""
    from PySide6.QtCore import QRect

    class Small:  # a laptop's screen
        def availableGeometry(self):  # noqa: N802 - Qt's name
            return QRect(0, 0, 1024, 600)

    dialog = NewGameDialog({"game": "y"}, LIGHT)
    qtbot.addWidget(dialog)
    dialog.screen = Small
    dialog.show()
    assert dialog.height() <= 0.92 * 600
    ok = dialog.ok_button
    assert ok.isVisible() and ok.mapTo(dialog, ok.rect().bottomLeft()).y() < dialog.height()
    assert dialog.body.parentWidget() is not None  # (inside the scroll area's view)


def test_game_new_window_opens_a_second_window_of_its_own(qtbot, window):
    """Game ▸ New window (Ctrl+Shift+N): a second window with a game of its own (a second
    window came only with a second recovered game: tester 33)."""
    start(window, "y", size=5)
    click_label(qtbot, window, "c2")
    window.act_new_window.trigger()
    others = window._other_windows()
    assert len(others) == 1
    other = others[0]
    qtbot.addWidget(other)
    assert other.game is not window.game and other.game.moves == []
    assert len(window.game.moves) == 1
    other.session.dirty = False
    other.close()


def test_a_file_with_a_move_that_cannot_be_played_opens_without_it(
    qtbot, window, answers, tmp_path
):
    """Tester 37: a variation's move changed by an editor to an occupied cell refused the
    whole file, its main line, other variation and comments with it. The file now opens
    without the bad move and the moves after it in its line (asked first, as a game of no
    file; the file is left as it is), drawn as read; declined, nothing changes."""
    start(window, "y", size=5)
    session = window.session
    for label in ("c2", "b2", "d1", "a1"):
        click_label(qtbot, window, label)
    session.set_comment("the main line")
    session.to_start()
    for label in ("b1", "c3", "e2"):
        click_label(qtbot, window, label)  # a variation at move 1
    good = tmp_path / "good.ysgf"
    assert window.save_to(good)
    text = good.read_text()
    assert text.count("W[c3]") == 1
    bad = tmp_path / "bad.ysgf"
    bad.write_text(text.replace("W[c3]", "W[b1]"))  # occupied: b1 was just played
    session.dirty = False
    before = (window.game, session.path)
    window.choose_open_path = lambda: bad
    answers.yes_no.append(False)
    window.act_open.trigger()
    question = answers.questions[-1]
    assert question.startswith(f"{bad} holds moves that cannot be played:\n• line ")
    assert "move 2 (W[b1]): the cell b1 is occupied (1 move after it)" in question
    assert question.endswith(
        "(2 moves left out in all)? The rest opens as it is: 4 moves in its main line, "
        "1 other line and 1 comment."
    )
    assert not answers.informed  # declined: the question said the damage; the game stays
    assert (window.game, session.path) == before
    answers.yes_no.append(True)
    window.act_open.trigger()
    cell = window.game.geometry.cell
    session.go_to_path(session.tree.main_line())
    assert [m.cell for m in window.game.moves] == [cell(x) for x in ("c2", "b2", "d1", "a1")]
    assert session.current.comment == "the main line"
    assert mismatches(window) == []
    assert session.path is None and session.dirty
    assert len(session.tree.root.children) == 2  # the variation's first move is kept
    session.go_to(session.tree.root.children[1])
    assert [m.cell for m in window.game.moves] == [cell("b1")]
    assert mismatches(window) == []
    assert bad.read_text() == text.replace("W[c3]", "W[b1]")  # the file as it was
    assert (
        window.statusBar()
        .currentMessage()
        .startswith("Opened bad.ysgf without 2 moves that could not be played")
    )


def test_a_pasted_record_with_a_move_that_cannot_be_played_opens_without_it(qtbot, window, answers):
    """The same for a record on the clipboard: asked, it opens without the bad move."""
    QApplication.clipboard().setText("(;YG[y]YO[size=5 pie=0];B[c2];W[c2];B[a1])")
    answers.yes_no.append(True)
    window.paste()
    assert answers.questions[-1].startswith(
        "The record on the clipboard holds moves that cannot be played:\n• line 1: move 2"
    )
    assert [m.cell for m in window.game.moves] == [window.game.geometry.cell("c2")]
    assert window.session.path is None and mismatches(window) == []


def test_a_settings_problem_is_said_once_not_by_every_new_window(qtbot, answers):
    """Tester 39: a stray comma in the settings file was said at start (rightly), and again
    by every new window, of a file long since written anew."""
    path = Settings().path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"theme": dark}')  # (a stray comma is mended now: see below)
    window = make_window(qtbot, answers)
    qtbot.waitUntil(lambda: bool(answers.informed), timeout=3000)
    assert "could not be read" in answers.informed[0]
    said = len(answers.informed)
    other = window.new_window()
    other.inform = lambda title, text: answers.informed.append(text)  # (before it is said)
    qtbot.addWidget(other)
    qtbot.wait(100)
    assert len(answers.informed) == said
    for w in (other, window):
        w.session.dirty = False


def test_a_stray_comma_in_the_settings_keeps_them_and_is_said(qtbot, answers):
    path = Settings().path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"theme": "dark", "show_labels": false,}')
    window = make_window(qtbot, answers)
    qtbot.waitUntil(lambda: bool(answers.informed), timeout=3000)
    assert "line 1: a comma too many taken out" in answers.informed[0]
    assert window.settings.get("theme") == "dark" and not window.scene.show_labels
    assert json.loads(path.read_text())["theme"] == "dark"
    window.set_dark(False)  # (the application's palette is the process's: the next tests')


def test_close_window_closes_this_window_alone_asking_of_its_game(qtbot, answers):
    """Tester 39: one window of several could not be closed from its menus (Quit closed
    them all). Game ▸ Close window (Ctrl+W) closes its own window, asking of its game."""
    first = make_window(qtbot, answers)
    second = make_window(qtbot, answers)
    for window in (first, second):
        window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"))
    click_cell(qtbot, second, 0)
    assert second.act_close_window.shortcut().toString() in ("Ctrl+W", "Ctrl+F4")
    answers.save_choice.append("cancel")
    second.act_close_window.trigger()
    assert second.isVisible() and first.isVisible()
    answers.save_choice.append("discard")
    second.act_close_window.trigger()
    assert not second.isVisible() and first.isVisible()
    first.session.dirty = False


def test_a_closed_window_leaves_nothing_running_behind_it(qtbot, answers):
    """Tester 40 closed a second window and discarded its timed game: its clock and autosave
    ran on unseen, the game was lost on time in the background, and the next start offered it
    back as a crash's. Closed, a window's clock stops and its autosave stays gone."""
    from ygui.core.clock import TimeControl

    first = make_window(qtbot, answers)
    second = make_window(qtbot, answers)
    options = GameOptions(game="y", size=5, pie=False).validated()
    second.start_new_game(options, ("A", "B"), None, TimeControl(60))
    click_cell(qtbot, second, 0)
    click_cell(qtbot, second, 1)
    path = second.autosave.path
    assert path.exists()
    answers.save_choice.append("discard")
    second.act_close_window.trigger()
    assert not second.isVisible() and first.isVisible() and not path.exists()
    later = second.session.now() + 120  # two minutes on: the clock would have run out
    second.session.now = lambda: later
    second._tick()
    qtbot.wait(50)
    assert not path.exists() and second.session.result is None
    assert not second.clock_timer.isActive()
    first.session.dirty = False


def test_what_the_analysis_shows_on_the_board_is_remembered(qtbot, answers):
    """The heat map, the best line and the candidates, switched on, were off again at the
    next start (tester 41)."""
    window = make_window(qtbot, answers)
    c = window.computer
    assert not c.heat_box.isChecked() and not c.candidates_box.isChecked()
    window.act_candidates.trigger()
    window.act_preview.trigger()
    again = make_window(qtbot, answers)
    a = again.computer
    assert a.candidates_box.isChecked() and a.preview_box.isChecked()
    assert again.act_candidates.isChecked() and not a.heat_box.isChecked()
    a.candidates_box.setChecked(False)
    assert not Settings().get("candidates") and Settings().get("best_line")


def test_a_status_emptied_by_a_menus_hover_takes_the_next_words(qtbot, window):
    """The engine's preparation, said each second in place of its words before, went unsaid
    once a menu's hover had emptied the status bar, its progress bar running on (tester
    63). Another message is still left alone."""
    window.show_status("Preparing… 3 s so far")
    window.replace_status("Preparing… 3 s so far", "Preparing… 4 s so far")
    assert window.statusBar().currentMessage() == "Preparing… 4 s so far"
    window.statusBar().clearMessage()  # (as a menu's hover does)
    window.replace_status("Preparing… 4 s so far", "Preparing… 5 s so far")
    assert window.statusBar().currentMessage() == "Preparing… 5 s so far"
    window.show_status("Saved game.ysgf")
    window.replace_status("Preparing… 5 s so far", "Preparing… 6 s so far")
    assert window.statusBar().currentMessage() == "Saved game.ysgf"


def test_a_seat_an_engine_left_is_not_named_after_it(qtbot):
    """Tester 69: after the engine "Exits" failed and a person took its side, the next
    new-game dialog showed White as Human, still named "Exits". A seat that is not an
    engine's does not keep an engine's name; one that is keeps it."""
    choices = dict(Settings().get("new_game"))
    choices.update(black="Tiny", black_player="engine:Tiny", white="Exits", white_player="human")
    dialog = NewGameDialog(choices, LIGHT, engines={"Tiny": "", "Exits": "it stopped"})
    qtbot.addWidget(dialog)
    assert dialog.first_kind.currentData() == "engine:Tiny" and dialog.first_name.text() == "Tiny"
    assert dialog.second_kind.currentData() == "human"
    assert dialog.second_name.text() == "Player 2"


def test_a_computer_named_with_its_level_is_not_told_its_level_twice():
    """After a match between two built-in players of one level the seats, numbered apart, read
    "ygui level 3 (2) (computer, level 3)" (tester 73)."""
    from ygui.session import Seat, seat_name

    assert seat_name(Seat("ygui level 3 (2)", computer=True, level=3)) == "ygui level 3 (2)"
    assert seat_name(Seat("ygui level 3", computer=True, level=3)) == "ygui level 3"
    assert seat_name(Seat("Bot", computer=True, level=3)) == "Bot (computer, level 3)"
    assert seat_name(Seat("Computer", computer=True, level=2)) == "Computer (level 2)"
    assert seat_name(Seat("ygui level 3 (2)", computer=True, level=5)) == (
        "ygui level 3 (2) (computer, level 5)"
    )


@pytest.mark.parametrize(
    ("game", "expected"),
    [("poly-y", ["side 1", "side 2", "side 3"]), ("y", ["bottom side", "left side"])],
)
def test_the_sides_tooltips_name_each_side_once(window, game, expected):
    """Poly-Y's sides said "side 1 side" (tester 79)."""
    window.start_new_game(GameOptions(game=game).validated(), ("A", "B"))
    tips = [item.toolTip() for item in window.scene._side_items]
    assert all(tip in tips for tip in expected), tips
    assert not any(tip.endswith("side side") for tip in tips)
