"""Ending a game by resignation, and the game's information, used by clicks and keys in the
window; after every step what the window draws is compared with the position."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from drawn import mismatches, pixel_mismatches, this_turn_marks
from gui_helpers import click_cell, make_window
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QDialog, QPushButton

from ygui.core.clock import TimeControl
from ygui.core.game import BLACK, SWAP, WHITE, Move
from ygui.core.record import load_record, read_record
from ygui.core.variants import GameOptions
from ygui.session import Seat
from ygui.ui.game_info_dialog import GameInfoDialog

pytestmark = pytest.mark.usefixtures("ygui_home")


@pytest.fixture
def window(y5_window):
    return y5_window


def click(qtbot, window, label):
    click_cell(qtbot, window, window.game.geometry.cell(label))


def shows_the_position(window):
    assert mismatches(window) == []
    assert pixel_mismatches(window) == []


def test_resigning_ends_the_game_and_is_saved_taken_back_and_reopened(
    qtbot, window, answers, tmp_path
):
    click(qtbot, window, "c2")
    click(qtbot, window, "b1")
    assert window.act_resign.isEnabled() and not window.act_take_back.isEnabled()
    answers.yes_no = [False]  # asked first, and No changes nothing
    window.act_resign.trigger()
    assert "Resign as Black (Ann)? White wins: Bo." in answers.questions[-1]
    assert window.session.result is None
    answers.yes_no = [True]
    window.act_resign.trigger()
    assert window.game_panel.turn_label.text() == "White wins by resignation."
    # and the board's corner says so (it said "The game is over": tester 84)
    assert (window.view.turn_stone, window.view.turn_words) == (
        "White",
        "White has won by resignation",
    )
    assert window.game_panel.result_box.isVisibleTo(window)
    assert window.game_panel.result_label.text() == "White wins by resignation!\nBo"
    # the words have the panel's width, the button under them (beside them in a narrow
    # panel they took four lines, a tester's finding)
    panel = window.game_panel
    qtbot.waitUntil(lambda: panel.result_label.width() > 0)
    button = panel.result_box.findChild(QPushButton)
    assert button.text() == "New game…"
    assert button.geometry().top() >= panel.result_label.geometry().bottom()
    assert panel.result_label.width() >= panel.result_box.width() - 2
    assert "*" in window.windowTitle()
    shows_the_position(window)
    # the move list ends with the resignation, after the last move, which stays selected
    moves = window.game_panel.moves_list
    assert moves.count() == 4 and moves.item(3).text() == "White wins by resignation."
    assert moves.item(3).font().italic() and moves.currentRow() == 2
    assert not window.act_resign.isEnabled() and window.act_take_back.isEnabled()
    before = dict(enumerate(window.game.colours))
    click(qtbot, window, "a1")  # no move after the end
    assert window.game_panel.refusal.text() == "The game has ended: White wins by resignation."
    assert dict(enumerate(window.game.colours)) == before
    shows_the_position(window)

    # stepping back shows the position as it was, and a move there is a variation (study)
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert window.game_panel.turn_label.text().startswith("White to play")
    assert not window.game_panel.result_box.isVisibleTo(window)
    assert moves.count() == 4  # (the main line's, whose end is not shown)
    shows_the_position(window)
    click(qtbot, window, "d1")
    assert len(window.session.tree.root.children[0].children) == 2
    # on the variation, no resignation: it is the main line's
    assert moves.count() == 3 and "resignation" not in moves.item(2).text()
    shows_the_position(window)

    path = tmp_path / "resigned.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    window.act_save.trigger()
    assert load_record(path).result == "W+R"
    window.start_new_game(GameOptions(game="y", size=5).validated(), ("X", "Y"))
    assert window.open_path(path)
    assert window.game_panel.turn_label.text().startswith("Black to play")  # at d1, as saved
    shows_the_position(window)
    window.session.go_to_main_line(len(window.session.tree.main_line()))
    assert window.game_panel.turn_label.text() == "White wins by resignation."
    shows_the_position(window)

    window.act_take_back.trigger()  # play goes on where it ended
    assert window.session.result is None and window.act_resign.isEnabled()
    assert "resignation" not in moves.item(moves.count() - 1).text()
    assert window.game_panel.turn_label.text().startswith("Black to play")
    click(qtbot, window, "a1")
    assert window.game.move_text(window.game.moves[-1]) == "a1"
    shows_the_position(window)
    window.act_save.trigger()
    assert load_record(path).result == ""


def test_resigning_at_an_earlier_position_ends_the_main_line(qtbot, window, answers):
    for label in ("c2", "b1", "d2"):
        click(qtbot, window, label)
    window.session.to_start()
    answers.yes_no = [True]
    window.act_resign.trigger()
    assert "Resign as White (Bo)?" in answers.questions[-1]  # White was to move at the end
    assert window.session.move_number == 3  # the window shows where the game ended
    assert window.game_panel.turn_label.text() == "Black wins by resignation."
    shows_the_position(window)


def test_resigning_on_a_variation_ends_that_line_which_becomes_the_game(qtbot, window, answers):
    """After a different move at an earlier position the game goes on along that variation:
    a resignation there ends it there, and that line becomes the main line (a tester's went
    to the old main line's end, and the record's result with it); the question says so, and
    the game tree draws it as the main line (it drew the old one until reopened: tester 24)."""
    window.tree_panel.show()
    for label in ("c2", "b1", "d2"):
        click(qtbot, window, label)
    window.session.back()
    for label in ("e1", "a1"):
        click(qtbot, window, label)  # the game goes on: d2 is now a variation's sibling
    played = [window.game.move_text(m) for m in window.game.moves]
    assert played == ["c2", "b1", "e1", "a1"] and window.session.is_on_variation()
    answers.yes_no = [True]
    window.act_resign.trigger()
    assert "Resign as Black (Ann)?" in answers.questions[-1]  # Black to move at its end
    assert "this variation becomes the game's main line" in answers.questions[-1]
    main_line = window.session.tree.main_line()
    main = [window.game.move_text(n.move) for n in main_line]
    assert main == played and window.session.move_number == 4
    assert window.game_panel.turn_label.text() == "White wins by resignation."
    shows_the_position(window)
    drawn_main = {id(child) for _, child, main in window.tree_panel.graph.drawn_edges() if main}
    assert drawn_main == {id(n) for n in main_line}
    assert window.tree_panel.graph.marked_node() is window.session.current
    assert not window.tree_panel.promote_button.isEnabled()


def test_a_game_won_after_a_move_taken_back_is_the_main_line(qtbot, window, answers, tmp_path):
    """A move taken back (Undo) and another played: the game goes on along a variation, and
    when it is won there, that line becomes the main line, so the record's main line is the
    game played and its result that game's (tester 50's save question called the game they
    had won "the variation shown", and the moves they had taken back "the main line"). A
    variation played to its end from a finished game stays a variation."""
    window.tree_panel.show()
    for label in ("a1", "b2", "b1", "c2"):
        click(qtbot, window, label)
    window.act_undo.trigger()
    for label in ("d2", "c1", "c2", "d1", "e2", "e1"):  # c2 a move later: the game goes on
        click(qtbot, window, label)
        shows_the_position(window)
    played = [window.game.move_text(m) for m in window.game.moves]
    assert window.game.winner == BLACK
    main_line = window.session.tree.main_line()
    assert [window.game.move_text(n.move) for n in main_line] == played
    assert not window.session.is_on_variation() and window.session.move_number == 9
    drawn_main = {id(child) for _, child, main in window.tree_panel.graph.drawn_edges() if main}
    assert drawn_main == {id(n) for n in main_line}
    answers.save_choice = ["cancel"]
    assert not window.close()
    assert "(9 moves, 1 variation)" in answers.questions[-1]
    path = tmp_path / "won.ysgf"
    assert window.save_to(path)
    record = load_record(path)
    assert record.result == "B+" and len(record.main_line()) == 9
    # the game is over: a line played out from an earlier position is a study of it
    window.session.navigate(3)
    for label in ("c2", "c1", "d2", "d1", "e2", "e1"):
        click(qtbot, window, label)
    assert window.game.winner == BLACK and window.session.is_on_variation()
    assert window.session.tree.main_line() == main_line
    shows_the_position(window)


def test_a_won_game_cannot_be_resigned(qtbot, window, answers):
    for label in ("a1", "b2", "b1", "c2", "c1", "d2", "d1", "e2", "e1"):
        click(qtbot, window, label)
    assert window.game.winner == BLACK
    assert not window.act_resign.isEnabled()
    window.resign()  # even if called: nothing asked, nothing changed
    assert answers.questions == [] and window.session.ended_early is None
    assert window.game_panel.result_label.text() == "Black wins!\nAnn"
    # each stone of the winning group has a bright ring with a dark edge round it
    win = QColor(window.theme.win)
    rings = [m for m in window.scene._marks if m.pen().color() == win]
    edges = [m for m in window.scene._marks if m.pen().color() == win.darker(260)]
    cells = {window.scene.cell_at(m.sceneBoundingRect().center()) for m in rings + edges}
    winners = {c for group in window.game.winning_groups() for c in group}
    assert len(rings) == len(edges) == len(winners) == 5 and cells == winners


@pytest.mark.usefixtures("compiled_engine")
def test_resigning_against_the_computer_stops_it(qtbot, answers):
    window = make_window(qtbot, answers)
    seats = (Seat("Ann"), Seat("Bot", computer=True, level=10))
    window.start_new_game(
        GameOptions(game="y", size=12, pie=False).validated(), ("Ann", "Bot"), seats
    )
    click(qtbot, window, "f6")
    qtbot.waitUntil(lambda: window.computer.thinking.isVisible(), timeout=10_000)
    answers.yes_no = [True]
    window.act_resign.trigger()  # while the computer thinks: Ann (the person) resigns
    assert "Resign as Black (Ann)?" in answers.questions[-1]
    assert not window.computer.runner.busy or window.computer.runner.current is None
    qtbot.wait(300)
    assert len(window.game.moves) == 1  # the computer did not move after the end
    assert window.game_panel.turn_label.text() == "White wins by resignation."
    assert not window.computer.thinking.isVisible()
    shows_the_position(window)
    window.act_take_back.trigger()  # the computer's turn again: it plays
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=60_000)
    shows_the_position(window)


def test_enter_at_the_resign_question_does_not_resign(qtbot, window):
    """The questions whose Yes ends or removes something have No as their default (Enter,
    pressed at the resign question, resigned: tester 65); the others keep Yes."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    from ygui.ui.main_window import MainWindow

    defaults = []

    def press_enter():
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        defaults.append(box.standardButton(box.defaultButton()))
        qtbot.keyClick(box, Qt.Key.Key_Return)

    answers = []
    for title in ("Resign?", "Delete moves?", "Damaged file"):
        QTimer.singleShot(50, press_enter)
        answers.append(MainWindow.ask_yes_no(window, title, "Sure?"))
    no, yes = QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes
    assert defaults == [no, no, yes] and answers == [False, False, True]


def test_game_information_is_edited_saved_and_read_back(qtbot, window, tmp_path):
    click(qtbot, window, "c2")
    info = window.session.info()
    assert (info.black, info.white) == ("Ann", "Bo") and info.date  # today, by default
    edited = replace(
        info,
        black="Anna Keller",
        event="Club evening",
        date="2026-11-20",
        place="Lyon",
        game_comment="A quiet game.\nSecond line.",
    )
    window.run_game_info_dialog = lambda current: edited
    window.act_info.trigger()
    assert window.session.info() == edited
    assert "Anna Keller" in window.game_panel.player_labels[BLACK].text()
    assert "*" in window.windowTitle()
    shows_the_position(window)
    path = tmp_path / "info.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    window.act_save.trigger()
    record = load_record(path)
    assert (record.black, record.event, record.date, record.place) == (
        "Anna Keller",
        "Club evening",
        "2026-11-20",
        "Lyon",
    )
    assert record.game_comment == "A quiet game.\nSecond line."
    window.start_new_game(GameOptions(game="y", size=5).validated(), ("X", "Y"))
    assert window.open_path(path)
    assert window.session.info() == edited


def test_a_result_typed_in_game_information_ends_the_game_at_once(qtbot, window):
    click(qtbot, window, "c2")
    window.run_game_info_dialog = lambda current: replace(current, result="W+R")
    window.act_info.trigger()
    assert "White wins by resignation" in window.game_panel.result_label.text()
    assert window.game_panel.result_box.isVisible()
    assert "to play" not in window.game_panel.turn_label.text()
    moves = list(window.game.moves)
    click(qtbot, window, "b1")  # the game has ended: the click is refused
    assert window.game.moves == moves and "has ended" in window.game_panel.refusal.text()
    shows_the_position(window)
    window.run_game_info_dialog = lambda current: replace(current, result="")
    window.act_info.trigger()  # taken back: play goes on
    assert not window.game_panel.result_box.isVisible()
    click(qtbot, window, "b1")
    assert len(window.game.moves) == 2


def test_records_without_game_information_still_load():
    record = read_record("(;FF[4]YG[y]YO[size=5]PB[A]PW[B]RE[B+Resign];B[a1])")
    assert (record.event, record.place, record.game_comment) == ("", "", "")
    assert record.result == "B+Resign"


def test_the_dialog_edits_every_field(qtbot, window):
    info = window.session.info()
    dialog = GameInfoDialog(info, ("Black", "White"), result_from_board=False)
    qtbot.addWidget(dialog)
    for key, text in (("event", "Cup"), ("place", "Oslo"), ("result", "W+R")):
        dialog.fields[key].clear()
        qtbot.keyClicks(dialog.fields[key], text)
    dialog.fields["white"].clear()
    qtbot.keyClicks(dialog.fields["white"], "Bea")
    qtbot.keyClicks(dialog.game_comment, "Well played")
    # the notation in words, with the winner's name
    assert dialog.result_words.text() == "White wins by resignation: Bea."
    got = dialog.info()
    assert (got.event, got.place, got.result, got.white, got.game_comment) == (
        "Cup",
        "Oslo",
        "W+R",
        "Bea",
        "Well played",
    )
    window.session.set_info(got)  # a result typed in: a resignation the window then shows
    window.session.to_end()
    assert window.game_panel.turn_label.text() == "White wins by resignation."
    won = GameInfoDialog(replace(info, result="B+"), ("Red", "Blue"), result_from_board=True)
    qtbot.addWidget(won)
    assert won.fields["result"].isReadOnly()
    assert won.result_words.text() == f"Red wins: {info.black}."
    # the notation's B and W said by the game's colours (B read as Blue: tester 21)
    assert won.fields["result"].placeholderText().startswith("B+ (Red wins), W+R (Blue")
    assert dialog.fields["result"].placeholderText().startswith("B+, W+R (resignation)")
    assert "B for Black (who moves first)" in dialog.fields["result"].toolTip()
    dialog.fields["result"].setText("jigo?")
    assert dialog.result_words.text() == "(no result ygui reads: kept as written)"


def test_after_a_swap_the_dialog_names_the_players_as_they_began_and_the_winner_rightly(
    qtbot, window
):
    """Tester 17: the computer swapped and won with Black; the dialog said "Black player:
    Tester" and "Black wins", so that Tester seemed to have won. The players are named as
    they began, with a note of who holds which colour after the swap, and the winner by name."""
    window.start_new_game(GameOptions(game="y", size=5, pie=True).validated(), ("Tester", "Bot"))
    window.session.seats[1] = Seat("Computer")
    assert window.session.play(window.game.parse_move("c2")) is None
    assert window.session.play(SWAP) is None
    for label in ("b1", "b2", "a1", "c1", "d2", "d1", "e2", "e1"):
        assert window.session.play(window.game.parse_move(label)) is None
    assert window.game.winner == BLACK and window.game.swapped
    # the title names Black's player first, as the panel and the file's name do (it named
    # them as they began: tester 85)
    window.update_all()
    assert " — Computer vs Tester — " in window.windowTitle()
    answers_seen = {}

    def look(dialog):
        answers_seen["labels"] = [
            dialog.layout().itemAt(0).layout().labelForField(dialog.fields[k]).text()
            for k in ("black", "white")
        ]
        answers_seen["note"] = dialog.swap_note.text()
        answers_seen["result"] = dialog.result_words.text()
        return None

    import ygui.ui.main_window as main_window

    original = main_window.GameInfoDialog
    main_window.GameInfoDialog = lambda *a, **kw: _Seen(original(*a, **kw), look)
    try:
        window.run_game_info_dialog(window.session.info())
    finally:
        main_window.GameInfoDialog = original
    assert answers_seen["labels"] == [
        "First player (Black before the swap)",
        "Second player (White before it)",
    ]
    assert answers_seen["note"] == (
        "The second player swapped: Computer plays Black from then on, Tester White."
    )
    assert answers_seen["result"] == "Black wins: Computer."


class _Seen:
    """A dialog looked at instead of shown."""

    def __init__(self, dialog, look):
        self.dialog, self._look = dialog, look

    def exec(self):
        self._look(self.dialog)
        return 0

    def info(self):
        return self.dialog.info()


def test_a_typed_result_never_overrides_the_board(qtbot, window):
    for label in ("a1", "b2", "b1", "c2", "c1", "d2", "d1", "e2", "e1"):
        click(qtbot, window, label)
    window.session.set_info(replace(window.session.info(), result="W+R"))
    assert window.session.record().result == "B+"
    assert window.game_panel.result_label.text() == "Black wins!\nAnn"
    assert WHITE not in (window.session.result.winner,)


# ----- clocks -------------------------------------------------------------------------------


def test_clocks_run_in_the_window_to_a_loss_on_time(qtbot, answers, tmp_path):
    window = make_window(qtbot, answers)
    options = GameOptions(game="y", size=5, pie=False).validated()
    window.start_new_game(options, ("Ann", "Bo"), None, TimeControl(1))
    labels = window.game_panel.clock_labels
    # the clocks start with the first move (an untouched game lost on time: tester 39)
    assert "0:01.0" in labels[WHITE].text() and not window.act_pause.isEnabled()
    assert labels[BLACK].toolTip() == "The clocks start with the first move"
    assert window.game_panel.turn_label.text().endswith(" The clocks start with the first move.")
    qtbot.wait(1200)
    assert window.session.result is None and "0:01.0" in labels[BLACK].text()
    # the times in a column of their own, their right edges lined up (tester 7: written after
    # the names, "▶ White: Player 2 9:56" stood past "Black: Player 1   9:49")
    panel = window.game_panel
    window.show()
    qtbot.waitUntil(lambda: labels[BLACK].isVisible() and labels[WHITE].width() > 0)
    edges = {c: labels[c].mapTo(panel, labels[c].rect().topRight()).x() for c in labels}
    assert edges[BLACK] == edges[WHITE]
    assert "0:01" not in panel.player_labels[WHITE].text()
    click(qtbot, window, "c2")  # Black's time stops, White's runs out in a second
    assert "WL" not in window.session.current.extra and "BL" in window.session.current.extra
    assert window.act_pause.isEnabled() and labels[BLACK].toolTip() == ""
    # White's last second in red (nothing warned of it: tester 39), Black's not
    assert "b3261e" in labels[WHITE].styleSheet() and labels[BLACK].styleSheet() == ""
    qtbot.waitUntil(lambda: window.session.result is not None, timeout=10_000)
    assert window.game_panel.turn_label.text() == "Black wins on time."
    assert window.game_panel.result_label.text() == "Black wins on time!\nAnn"
    assert "0:00.0" in labels[WHITE].text()
    assert "time has run out" in window.statusBar().currentMessage()
    shows_the_position(window)
    click(qtbot, window, "b1")
    assert window.game_panel.refusal.text() == "The game has ended: Black wins on time."
    path = tmp_path / "on-time.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    window.act_save.trigger()
    record = load_record(path)
    assert record.result == "B+T" and record.time_control == TimeControl(1)
    assert window.act_take_back.text() == "&Take back the loss on time"
    window.act_take_back.trigger()  # the players agree to go on: White gets a minute
    assert window.statusBar().currentMessage() == "Play goes on: White has 1:00 on the clock."
    # (greyed in a game that has not ended so, it no longer names the last one's loss)
    assert window.act_take_back.text() == "&Take back a resignation"
    assert not window.act_take_back.isEnabled()
    clock = window.session.clock
    assert clock.running == WHITE and 59 < clock.left(WHITE, window.session.now()) <= 60
    qtbot.wait(300)
    assert "0:59" in labels[WHITE].text() and window.session.result is None
    click(qtbot, window, "b1")  # White plays on; Black's clock runs
    assert window.game.moves[-1].cell == window.game.geometry.cell("b1")
    assert window.session.clock.running == BLACK
    shows_the_position(window)


def test_a_game_lost_on_time_reopened_has_no_paused_clocks(qtbot, answers, tmp_path):
    """A game that has ended, opened from its file, has no clock to start: looked back over,
    it said "(paused)" and "Ctrl+Shift+P starts them" (tester 65). Its loss on time taken
    back, the loser's clock runs at once."""
    window = make_window(qtbot, answers)
    options = GameOptions(game="y", size=5, pie=False).validated()
    window.start_new_game(options, ("Ann", "Bo"), None, TimeControl(1))
    click(qtbot, window, "c2")
    qtbot.waitUntil(lambda: window.session.result is not None, timeout=10_000)
    path = tmp_path / "on-time.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    window.act_save.trigger()
    again = make_window(qtbot, answers)
    assert again.open_path(path)
    for step in (0, -1):
        again.step(step)
        times = [label.text() for label in again.game_panel.clock_labels.values()]
        assert not any("paused" in text for text in times), times
        assert "paused" not in again.game_panel.turn_label.text()
        assert not again.act_pause.isEnabled()
        shows_the_position(again)
    again.session.to_end()
    again.act_take_back.trigger()
    clock = again.session.clock
    assert clock.running == WHITE and not clock.paused
    qtbot.wait(300)
    assert 59 < clock.left(WHITE, again.session.now()) < 60


def test_pausing_the_clocks_stops_them_and_play(qtbot, answers):
    window = make_window(qtbot, answers)
    options = GameOptions(game="y", size=5, pie=False).validated()
    window.start_new_game(options, ("Ann", "Bo"), None, TimeControl(2))
    click(qtbot, window, "c2")  # (the clocks start with the first move)
    window.act_pause.trigger()
    assert window.session.clock.paused and window.act_pause.isChecked()
    assert "(paused)" in window.game_panel.clock_labels[WHITE].text()
    # the turn's words say how to go on (a game reopened paused said nothing: tester 52)
    turn = window.game_panel.turn_label
    assert turn.text() == "White to play: Bo. The clocks are paused: Ctrl+Shift+P starts them."
    qtbot.wait(2500)  # longer than White's whole time: paused, it does not run out
    assert window.session.result is None
    click(qtbot, window, "b2")
    assert window.game_panel.refusal.text().startswith("The clocks are paused")
    assert len(window.game.moves) == 1
    window.act_pause.trigger()
    assert turn.text() == "White to play: Bo."
    click(qtbot, window, "b2")
    assert len(window.game.moves) == 2
    shows_the_position(window)


def test_typed_and_pasted_moves_wait_for_paused_clocks_and_an_ended_game(qtbot, answers):
    """Moves typed in the box or pasted go in as a click does: not while the clocks are
    paused (typed, they went in and took the increment: tester 65), nor once the game has
    ended; the typed text stays, to be entered once play goes on."""
    window, now, clock = _a_minute_each_white_to_move(qtbot, answers)
    window.act_pause.trigger()
    entry = window.entry_panel.entry
    entry.setText("b2")
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    assert window.entry_panel.entry_error.text().startswith("The clocks are paused: Ctrl+Shift+P")
    assert entry.text() == "b2" and len(window.game.moves) == 1
    assert clock.left(WHITE, now[0]) == 60
    QApplication.clipboard().setText("b2 a1")
    window.act_paste.trigger()
    assert window.game_panel.refusal.text().startswith("The clocks are paused")
    assert len(window.game.moves) == 1
    shows_the_position(window)
    window.act_pause.trigger()
    # the clocks run: what was said of them goes (it stayed: tester 67)
    assert window.entry_panel.entry_error.text() == ""
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    assert [window.game.move_text(m) for m in window.game.moves] == ["c2", "b2"]
    assert entry.text() == "" and window.entry_panel.entry_error.text() == ""
    answers.yes_no = [True]
    window.act_resign.trigger()  # Black resigns
    entry.setText("a1")
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    assert window.entry_panel.entry_error.text() == "The game has ended: White wins by resignation."
    assert len(window.game.moves) == 2
    shows_the_position(window)


def test_before_a_swap_each_clock_stays_beside_its_player(qtbot, answers):
    """A swap exchanges the players' colours and their clocks with them; looking back to
    before it, each player's time is shown beside their own name, and the one that runs is
    marked there (the other player's time stood beside the computer's name and ran down
    there: tester 65)."""
    window = make_window(qtbot, answers)
    now = [1000.0]
    window.session.now = lambda: now[0]
    options = GameOptions(game="y", size=5, pie=True).validated()
    window.start_new_game(options, ("Ann", "Bo"), None, TimeControl(60))
    click(qtbot, window, "c2")  # Ann (Black) opens; Bo's clock runs
    now[0] += 20
    window.swap()  # Bo swaps: Bo plays Black, with 40 s left; Ann, White, to move
    now[0] += 5
    clock, panel = window.session.clock, window.game_panel
    assert clock.running == WHITE and clock.left(WHITE, now[0]) == 55
    names, times = panel.player_labels, panel.clock_labels
    panel.refresh_clocks()
    assert names[WHITE].text() == "<b>▶ White: Ann</b>" and "0:55" in times[WHITE].text()
    assert "0:40" in times[BLACK].text()
    window.session.to_start()  # before the first stone: Ann plays Black there
    panel.refresh_clocks()
    assert names[BLACK].text() == "<b>▶ Black: Ann</b>" and names[WHITE].text() == "   White: Bo"
    assert times[BLACK].text() == "<b>0:55</b>" and times[WHITE].text() == "0:40"
    assert window.game_panel.turn_label.text().startswith("Black to play: Ann.")
    assert "clock runs" not in window.game_panel.turn_label.text()
    window.step(1)  # Bo (White here) to move; Ann's clock runs
    panel.refresh_clocks()
    assert names[BLACK].text() == "<b>▶ Black: Ann</b>" and times[BLACK].text() == "<b>0:55</b>"
    assert "Ann's clock runs: Ann is to move in the game." in panel.turn_label.text()
    shows_the_position(window)


def _a_minute_each_white_to_move(qtbot, answers):
    """A window whose clocks read a time the test moves on (``now[0]``): a minute each, and
    White's runs after Black's first stone."""
    window = make_window(qtbot, answers)
    now = [1000.0]
    window.session.now = lambda: now[0]
    options = GameOptions(game="y", size=5, pie=False).validated()
    window.start_new_game(options, ("Ann", "Bo"), None, TimeControl(60))
    click(qtbot, window, "c2")
    return window, now, window.session.clock


def test_the_turn_marker_stays_with_the_running_clock_while_looking_back(qtbot, answers):
    """Stepped back in a timed game, ▶ and the bold time stay on the player whose clock runs
    (they marked the side to move in the position shown, while the other's time ran)."""
    window, now, clock = _a_minute_each_white_to_move(qtbot, answers)
    click(qtbot, window, "b1")  # White plays; Black's clock runs
    labels = window.game_panel.player_labels
    assert clock.running == BLACK and labels[BLACK].text().startswith("<b>▶ ")
    window.step(-1)  # White to move in the position shown
    assert window.game.to_move == WHITE and clock.running == BLACK
    assert labels[BLACK].text() == "<b>▶ Black: Ann</b>"
    assert labels[WHITE].text() == "   White: Bo"
    # and the turn's words say whose clock runs, beside whose turn it is in the position shown
    assert window.game_panel.turn_label.text() == (
        "White to play: Bo. Black's clock runs: Black is to move in the game. "
        "(Viewing move 1 of 2.) A move here takes back the later move."
    )
    # and it does: the game goes on from it, on the clocks (a variation between people ran
    # the other player's clock to a loss on time after it had been won: tester 52)
    now[0] += 4
    click(qtbot, window, "a1")
    assert [window.game.move_text(m) for m in window.game.moves] == ["c2", "a1"]
    assert not window.session.is_on_variation() and clock.running == BLACK
    assert window.statusBar().currentMessage() == (
        "Took back 1 move: the game goes on from White's move; the moves taken back stay in "
        "the game tree as a variation."
    )
    assert labels[BLACK].text() == "<b>▶ Black: Ann</b>"
    assert window.game_panel.turn_label.text() == "Black to play: Ann."
    assert window.game_panel.clock_labels[BLACK].text().startswith("<b>")
    assert not window.game_panel.clock_labels[WHITE].text().startswith("<b>")
    shows_the_position(window)


def test_a_side_line_of_a_timed_game_says_it_is_not_the_game(qtbot, answers):
    """Down, in a game on the clocks, shows a line taken back: its end read as the game
    itself, while the game's clock ran (tester 67). The turn's words say it is a variation
    and how to go back."""
    window, now, clock = _a_minute_each_white_to_move(qtbot, answers)  # Black c2
    for label in ("b1", "a1"):
        click(qtbot, window, label)
    window.step(-1)  # Black to move after b1
    click(qtbot, window, "d1")  # another move: a1 taken back, a variation now
    assert [window.game.move_text(m) for m in window.game.moves] == ["c2", "b1", "d1"]
    window.variation(+1)
    assert [window.game.move_text(m) for m in window.game.moves] == ["c2", "b1", "a1"]
    assert window.session.is_on_variation()
    assert window.game_panel.turn_label.text().endswith(
        "A variation: the game goes on in the main line (Up or Down shows the lines)."
    )
    shows_the_position(window)
    window.variation(-1)
    assert "variation" not in window.game_panel.turn_label.text()


def test_the_games_own_next_move_clicked_while_looking_back_is_a_step(qtbot, answers):
    """Two moves back in a game on the clocks, a click on the cell the game went on with
    shows the game one move on; the clock of the player to move in the game runs on. (It was
    a move of the game again: Black's clock ran with White to move in the game.)"""
    window, now, clock = _a_minute_each_white_to_move(qtbot, answers)  # Black c2
    for label in ("b1", "a1"):
        now[0] += 1
        click(qtbot, window, label)
    assert clock.running == WHITE
    window.step(-1)
    window.step(-1)  # White to move: its b1 comes next
    shows_the_position(window)
    click(qtbot, window, "b1")
    assert [window.game.move_text(m) for m in window.game.moves] == ["c2", "b1"]
    assert len(window.session.tree.main_line()) == 3 and clock.running == WHITE
    assert window.statusBar().currentMessage() == "The game went on with b1 here: one move on."
    labels = window.game_panel.player_labels
    assert labels[WHITE].text() == "<b>▶ White: Bo</b>"
    assert window.game_panel.turn_label.text() == (
        "Black to play: Ann. White's clock runs: White is to move in the game. "
        "(Viewing move 2 of 3.) A move here takes back the later move."
    )
    shows_the_position(window)
    now[0] += 5
    click(qtbot, window, "a1")  # and the game's end again, White's clock still running
    assert window.session.at_main_line_end() and clock.running == WHITE
    assert window.game_panel.turn_label.text() == "White to play: Bo."
    shows_the_position(window)


def test_a_click_on_the_next_move_between_people_says_it_steps(qtbot, window):
    """Between people without clocks a click on the cell the line went on with shows it one
    move on, as a step, and now says so (the status bar said nothing: tester 59)."""
    for label in ("c2", "b1", "a1"):
        click(qtbot, window, label)
    window.step(-1)
    window.step(-1)
    click(qtbot, window, "b1")
    assert len(window.game.moves) == 2 and len(window.session.tree.main_line()) == 3
    assert window.statusBar().currentMessage() == "The game went on with b1 here: one move on."
    shows_the_position(window)


def test_a_finished_game_on_the_clocks_looked_back_over_runs_no_clock(qtbot, answers):
    """Tester 54 stepped back in a game won on the clocks and read "The clocks start with the
    first move." beside a bold time, as if a clock ran: the clocks stopped with the win."""
    window, now, clock = _a_minute_each_white_to_move(qtbot, answers)  # Black c2
    for label in ("b2", "a1", "d2", "b1", "e2", "c1", "c3", "d1", "d3", "e1"):
        now[0] += 1
        click(qtbot, window, label)
    assert window.game.winner == BLACK and clock.running is None
    window.step(-2)
    text = window.game_panel.turn_label.text()
    assert "clocks start" not in text and "clock runs" not in text
    assert "The game is over" in text
    assert not any(
        label.text().startswith("<b>") for label in window.game_panel.clock_labels.values()
    )
    shows_the_position(window)


def test_no_time_runs_while_the_window_asks_about_the_game(qtbot, answers):
    """Save first?, the new-game dialog, the open dialog and the resign question stop the
    running clock; cancelled, the game goes on with the time it had, and the clock runs."""
    window, now, clock = _a_minute_each_white_to_move(qtbot, answers)
    assert clock.running == WHITE and clock.left(WHITE, now[0]) == 60

    def slow(answer):  # the user takes half a minute over every question
        def ask(*_):
            assert clock.paused and window.act_pause.isChecked()
            now[0] += 30
            return answer

        return ask

    window.ask_save_discard_cancel = slow("cancel")
    window.act_new.trigger()
    window.act_open.trigger()
    window.act_board.trigger()
    window.ask_save_discard_cancel = slow("discard")
    window.run_new_game_dialog = slow(None)
    window.choose_open_path = slow(None)
    window.act_new.trigger()
    window.act_open.trigger()
    window.ask_yes_no = slow(False)
    window.act_resign.trigger()
    assert now[0] == 1000 + 8 * 30  # (after a discard, the dialog: two questions each)
    assert clock.left(WHITE, now[0]) == 60 and not clock.paused
    assert not window.act_pause.isChecked() and window.game.moves  # the same game goes on
    now[0] += 5
    assert clock.left(WHITE, now[0]) == 55
    window.ask_yes_no = slow(True)  # resigned: the game is over and the clocks stop
    window.act_resign.trigger()
    assert window.session.result is not None and clock.running is None
    shows_the_position(window)


def test_no_time_runs_while_a_dialog_of_the_window_is_open(qtbot, answers):
    """A file chooser, a figure, the rules: any dialog open over the game holds the running
    clock (a tester's time ran on while they chose a file name to save to), and it runs on
    once the dialog is closed."""
    window, now, clock = _a_minute_each_white_to_move(qtbot, answers)
    dialog = QDialog(window)
    dialog.setWindowModality(Qt.WindowModality.ApplicationModal)
    dialog.show()
    qtbot.waitUntil(lambda: clock.paused)  # (the window looks ten times a second)
    assert window.act_pause.isChecked()
    assert "(paused)" in window.game_panel.clock_labels[WHITE].text()
    now[0] += 30  # half a minute over the dialog
    qtbot.wait(250)
    dialog.close()
    qtbot.waitUntil(lambda: not clock.paused)
    assert clock.left(WHITE, now[0]) == 60 and not window.act_pause.isChecked()
    now[0] += 5
    assert clock.left(WHITE, now[0]) == 55
    # a clock the player paused stays paused after a dialog
    window.act_pause.trigger()
    dialog.show()
    qtbot.wait(250)
    dialog.close()
    qtbot.wait(250)
    assert clock.paused and window.act_pause.isChecked()
    shows_the_position(window)


def test_a_clock_paused_by_hand_stays_paused_after_a_question(qtbot, answers):
    window = make_window(qtbot, answers)
    options = GameOptions(game="y", size=5, pie=False).validated()
    window.start_new_game(options, ("Ann", "Bo"), None, TimeControl(60))
    click(qtbot, window, "c2")
    window.act_pause.trigger()
    answers.save_choice = ["cancel"]
    window.act_new.trigger()
    assert window.session.clock.paused and window.act_pause.isChecked()


@pytest.mark.usefixtures("compiled_engine")
def test_the_computer_plays_within_its_time(qtbot, answers):
    window = make_window(qtbot, answers)
    seats = (Seat("Ann"), Seat("Bot", computer=True, level=10))
    options = GameOptions(game="y", size=7, pie=False).validated()
    window.start_new_game(options, ("Ann", "Bot"), seats, TimeControl(3))
    for _ in range(3):  # the level's own time is longer than the whole clock
        move = next(iter(window.game.legal_moves()))
        click_cell(qtbot, window, move.cell)
        qtbot.waitUntil(
            lambda: window.session.finished or window.game.to_move == BLACK, timeout=30_000
        )
        if window.session.finished:
            break
        assert window.session.current.extra["WL"][0] != "0.0"
    assert window.session.result is None or window.session.result.reason != "T"
    shows_the_position(window)


@pytest.mark.usefixtures("compiled_engine")
def test_under_paused_clocks_the_computer_neither_thinks_nor_names_a_move(qtbot, answers):
    """Clocks paused on the computer's turn: it does not think (it did, and its move,
    refused, was named in the status bar, a hint to its opponent: tester 65), nor does
    Ctrl+G; once they run, it plays."""
    window = make_window(qtbot, answers)
    seats = (Seat("Ann"), Seat("Bot", computer=True, level=1))
    options = GameOptions(game="y", size=7, pie=False).validated()
    window.start_new_game(options, ("Ann", "Bot"), seats, TimeControl(60))
    click(qtbot, window, "d4")
    window.act_pause.trigger()  # (before the computer's answer reaches the window)
    qtbot.wait(1500)
    assert len(window.game.moves) == 1 and not window.computer.thinking.isVisible()
    assert not window.computer.runner.busy
    assert "move" not in window.statusBar().currentMessage().lower()
    window.act_computer.trigger()
    assert window.statusBar().currentMessage() == (
        "No move is played now: the clocks are paused: Ctrl+Shift+P (Play ▸ Pause the clocks) "
        "starts them."
    )
    qtbot.wait(500)
    assert len(window.game.moves) == 1 and not window.computer.runner.busy
    shows_the_position(window)
    window.act_pause.trigger()
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=30_000)
    shows_the_position(window)


def test_the_new_game_dialog_sets_the_clocks(qtbot, window):
    from ygui.ui.new_game_dialog import NewGameDialog

    dialog = NewGameDialog({"clocks": True, "clock_minutes": 5, "clock_increment": 3}, window.theme)
    qtbot.addWidget(dialog)
    assert dialog.time_control() == TimeControl(300, 3)
    assert dialog.choices()["clocks"] is True
    dialog.clocks.setChecked(False)
    assert dialog.time_control() is None and not dialog.clock_minutes.isEnabled()


# ----- rules before a game ------------------------------------------------------------------


def test_the_rules_of_every_game_can_be_read_without_starting_it(qtbot, window):
    from ygui.core.variants import VARIANTS
    from ygui.ui.help import RulesDialog, rules_html
    from ygui.ui.new_game_dialog import NewGameDialog

    window.show_rules = lambda topic=None: None  # the dialog is opened below, not modally
    dialog = RulesDialog("y", window)
    qtbot.addWidget(dialog)
    assert dialog.topics.count() == len(VARIANTS) + 1
    for i in range(dialog.topics.count()):
        dialog.topics.setCurrentIndex(i)
        topic = dialog.topics.currentData()
        title = dialog.windowTitle()
        assert dialog.browser.toHtml()
        assert title.startswith("Rules: ") or title == "Pie rule, handicaps and turns"
        shown = dialog.browser.toPlainText()
        if topic in VARIANTS:  # (a picture of a won game first, and its sentence)
            assert shown.startswith("\ufffc\nAn example of a won game: "), shown[:80]
            shown = shown.split("\n", 2)[2]
        assert shown[:40] in _plain(rules_html(topic))
    new_game = NewGameDialog({"game": "hexagonal-y"}, window.theme)
    qtbot.addWidget(new_game)
    opened = []
    new_game.rules_dialog = lambda game: opened.append(game) or _Closed()
    qtbot.mouseClick(new_game.rules_button, Qt.MouseButton.LeftButton)
    assert opened == ["hexagonal-y"]
    assert window.game.moves == []  # nothing started


class _Closed:
    def exec(self) -> int:
        return 0


def _plain(html: str) -> str:
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setHtml(html)
    return doc.toPlainText()


# ----- figures ------------------------------------------------------------------------------


def test_move_numbers_on_the_stones_and_from_a_chosen_move(qtbot, window):
    moves = ["c2", "b1", "d3", "a1", "c3"]
    for label in moves:
        click(qtbot, window, label)
    cell = window.game.geometry.cell
    window.act_numbers.trigger()
    assert window.scene.drawn_numbers == {cell(m): str(i) for i, m in enumerate(moves, 1)}
    shows_the_position(window)
    qtbot.keyClick(window, Qt.Key.Key_Left)  # what is drawn follows the position
    assert window.scene.drawn_numbers == {cell(m): str(i) for i, m in enumerate(moves[:4], 1)}
    shows_the_position(window)
    qtbot.keyClick(window, Qt.Key.Key_Left)
    window.act_number_here.trigger()  # the figure of what follows move 3
    assert (
        window.statusBar()
        .currentMessage()
        .startswith("Moves from move 4 on are numbered: step forward to see them")
    )
    qtbot.keyClick(window, Qt.Key.Key_End)
    assert window.scene.drawn_numbers == {cell("a1"): "4", cell("c3"): "5"}
    shows_the_position(window)
    window.act_numbers.trigger()
    assert window.scene.drawn_numbers == {}
    shows_the_position(window)


def test_numbers_from_a_chosen_move_are_of_that_game_alone(qtbot, window):
    """Numbered from move 3 in one game, every game after went without numbers on its first
    two moves, and the figure dialog offered numbers from move 3 (tester 83): a new game or
    an opened one is numbered from its first move."""
    for label in ("c2", "b1", "d3"):
        click(qtbot, window, label)
    qtbot.keyClick(window, Qt.Key.Key_Left)
    window.act_number_here.trigger()
    assert window.scene.numbers_from == 3
    window.start_new_game(window.game.options, ("Ann", "Bo"))
    moves = ["c2", "b1", "d3"]
    for label in moves:
        click(qtbot, window, label)
    cell = window.game.geometry.cell
    assert window.act_numbers.isChecked()
    assert window.scene.drawn_numbers == {cell(m): str(i) for i, m in enumerate(moves, 1)}
    shows_the_position(window)


def test_the_figure_is_exported_at_a_chosen_size_and_copied(qtbot, window, tmp_path):
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication

    from ygui.ui.figure_dialog import FigureDialog

    for label in ("c2", "b1", "d3"):
        click(qtbot, window, label)
    dialog = FigureDialog(window.game, False, None, window)
    qtbot.addWidget(dialog)
    before = dialog.preview.pixmap().toImage()
    assert before.width() > 0
    dialog.width_box.setValue(400)
    dialog.coordinates.setChecked(True)
    assert dialog.preview.pixmap().toImage() != before  # the preview follows the choices
    assert dialog.size_label.text().startswith("The figure: 400 × ")
    dialog.numbers.setChecked(True)
    dialog.numbers_from.setValue(2)
    figure = dialog.figure()
    cell = window.game.geometry.cell
    assert figure.drawn_numbers == {cell("b1"): "2", cell("d3"): "3"}
    numbered = {cell("b1"), cell("d3")}
    assert all(label.isVisible() for c, label in enumerate(figure._labels) if c not in numbered)
    assert window.scene.drawn_numbers == {}  # the window's own board is unchanged
    # the last move is not ringed unless asked (every figure had it, tester 19); the window's
    # board keeps its mark
    from types import SimpleNamespace

    from drawn import last_move_mark

    assert last_move_mark(SimpleNamespace(scene=figure, theme=window.theme)) == set()
    assert last_move_mark(window) == {cell("d3")}
    dialog.last_move.setChecked(True)
    figure = dialog.figure()
    assert last_move_mark(SimpleNamespace(scene=figure, theme=window.theme)) == {cell("d3")}
    png, svg = tmp_path / "fig.png", tmp_path / "fig.svg"
    dialog.choose_path = lambda suffix: png if suffix == ".png" else svg
    qtbot.mouseClick(dialog.save_png, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.save_svg, Qt.MouseButton.LeftButton)
    assert QImage(str(png)).width() == 400
    assert 'width="400"' in svg.read_text() or "400" in svg.read_text()[:600]
    assert dialog.size_label.text().startswith("Saved ")  # said where it went
    qtbot.mouseClick(dialog.copy, Qt.MouseButton.LeftButton)
    assert QApplication.clipboard().image().width() == 400
    assert dialog.size_label.text().startswith("Copied to the clipboard: 400 × ")
    dialog.choose_path = lambda suffix: tmp_path / "no-such-folder" / "fig.png"
    dialog._save(".png")
    assert len(dialog.saved) == 2  # a failed save is said, not counted


def test_a_figure_can_say_who_is_to_play_under_the_board(qtbot, window, tmp_path):
    """A rule book's figure says "White to play" under it (tester 31 found no way to): the
    caption, off at first, is the side to move's by default and can be written over; the
    figure grows to hold it, the text drawn under the board."""
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QGraphicsTextItem

    from ygui.ui.figure_dialog import FigureDialog

    for label in ("c2", "b1", "d3"):
        click(qtbot, window, label)
    dialog = FigureDialog(window.game, False, None, window)
    qtbot.addWidget(dialog)

    def captions(scene):
        board = window.scene.itemsBoundingRect()
        return [
            item.toPlainText()
            for item in scene.items()
            if isinstance(item, QGraphicsTextItem) and item.pos().y() >= board.bottom()
        ]

    plain = dialog.figure()
    assert captions(plain) == [] and not dialog.caption_text.isEnabled()
    assert dialog.caption_text.text() == "White to play"
    dialog.caption.setChecked(True)
    assert dialog.caption_text.selectedText() == "White to play"  # (typing replaces it)
    figure = dialog.figure()
    assert captions(figure) == ["White to play"]
    assert figure.sceneRect().height() > plain.sceneRect().height()
    # right under the board (a band of a tenth of the figure's height lay between them:
    # tester 70), and the figure ends as far below it as the board begins below the top
    text = next(i for i in figure.items() if isinstance(i, QGraphicsTextItem))
    board = window.scene.itemsBoundingRect()
    assert board.bottom() <= text.pos().y() <= board.bottom() + 0.5 * text.font().pixelSize()
    below = figure.sceneRect().bottom() - text.sceneBoundingRect().bottom()
    assert below == pytest.approx(board.top() - figure.sceneRect().top())
    # the preview shows the whole figure, caption and all (it was cut at the board's foot:
    # tester 37), and its size follows
    dialog.show()
    shown = dialog.preview.pixmap()
    assert shown.height() <= dialog.preview.contentsRect().height()
    assert shown.width() <= dialog.preview.contentsRect().width()
    rect = figure.sceneRect()
    assert abs(shown.height() / shown.width() - rect.height() / rect.width()) < 0.01
    width = dialog.width_box.value()
    assert dialog.size_label.text() == (
        f"The figure: {width} × {round(width * rect.height() / rect.width())} pixels"
    )
    dialog.caption_text.setText("Diagram 3: White to play and win")
    png = tmp_path / "fig.png"
    dialog.choose_path = lambda suffix: png
    dialog.width_box.setValue(500)
    dialog._save(".png")
    image = QImage(str(png))
    assert image.width() == 500
    # the caption's ink, in the figure's bottom strip, under the board
    strip = [
        image.pixelColor(x, y).alpha()
        for y in range(image.height() - image.height() // 12, image.height())
        for x in range(image.width())
    ]
    assert max(strip) > 0
    # a long caption wraps to the board's width: the figure grows down, its board as wide
    dialog.caption_text.setText("Diagram 3: " + "White to play and win the game. " * 6)
    long = dialog.figure()
    assert long.sceneRect().width() == plain.sceneRect().width()
    assert long.sceneRect().height() > figure.sceneRect().height()
    dialog.caption.setChecked(False)
    assert captions(dialog.figure()) == []


# ----- marks --------------------------------------------------------------------------------


def test_marks_are_placed_by_clicks_saved_and_shown_with_their_position(qtbot, window, tmp_path):
    click(qtbot, window, "c2")
    click(qtbot, window, "b1")
    cell = window.game.geometry.cell
    window.act_mark_triangle.trigger()
    click(qtbot, window, "c3")  # a mark, not a move
    click(qtbot, window, "c2")  # on a stone too
    assert len(window.game.moves) == 2
    window.act_mark_label.trigger()  # one kind at a time
    assert not window.act_mark_triangle.isChecked()
    click(qtbot, window, "d4")
    click(qtbot, window, "e5")
    window.act_mark_square.trigger()
    click(qtbot, window, "a1")
    expected = {
        cell("c3"): ("triangle", ""),
        cell("c2"): ("triangle", ""),
        cell("d4"): ("label", "A"),
        cell("e5"): ("label", "B"),
        cell("a1"): ("square", ""),
    }
    assert window.scene.drawn_marks == expected
    shows_the_position(window)
    click(qtbot, window, "a1")  # the same mark again takes it off
    del expected[cell("a1")]
    assert window.scene.drawn_marks == expected
    window.act_mark_square.trigger()  # back to playing
    assert window.mark_kind is None
    click(qtbot, window, "d3")
    assert len(window.game.moves) == 3 and window.scene.drawn_marks == {}  # another position
    shows_the_position(window)
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert window.scene.drawn_marks == expected
    shows_the_position(window)
    path = tmp_path / "marked.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    window.act_save.trigger()
    text = path.read_text()
    assert "TR[c2][c3]" in text and "LB[d4:A][e5:B]" in text
    window.start_new_game(GameOptions(game="y", size=5).validated(), ("X", "Y"))
    assert window.open_path(path)
    window.session.to_start()
    window.session.forward()
    window.session.forward()
    assert window.scene.drawn_marks == expected
    shows_the_position(window)


def test_long_names_and_thinking_texts_do_not_widen_the_panel(qtbot, window):
    from ygui.core.variants import GameOptions

    window.resize(1200, 800)
    qtbot.wait(50)
    width = window.game_dock.width()
    long = "Engine with a very long name indeed (computer, level 10, two threads)"
    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), (long, long))
    window.computer.thinking.setVisible(True)
    window.computer.thinking_label.setText(
        "Black is thinking… 200,960 of 400,000 playouts · Black's win probability 84%"
    )
    window.game_panel.result_label.setText(f"Black wins!\n{long}")
    qtbot.wait(50)
    assert window.game_dock.width() <= width + 2
    assert window.view.width() > window.width() // 2  # the board keeps most of the window


def test_redo_after_undo_goes_back_into_the_variation(qtbot, window):
    for label in ("c2", "b1", "d3", "a1"):
        click(qtbot, window, label)
    window.act_back.trigger()
    window.act_back.trigger()
    click(qtbot, window, "e1")  # a variation at move 3
    moves = [window.game.move_text(m) for m in window.game.moves]
    assert moves == ["c2", "b1", "e1"]
    window.act_undo.trigger()
    shows_the_position(window)
    listed = window.game_panel.moves_list
    texts = " ".join(listed.item(i).text() for i in range(listed.count()))
    assert "e1" in texts and "d3" not in texts  # the move list shows the line one came from
    assert window.act_redo.isEnabled()
    window.act_redo.trigger()
    assert [window.game.move_text(m) for m in window.game.moves] == moves
    shows_the_position(window)


def test_the_window_opens_as_it_was_closed(qtbot, answers, ygui_home):
    from ygui.settings import Settings

    first = make_window(qtbot, answers)
    first.resize(760, 560)  # within the offscreen screen
    first.tree_panel.show()
    first.computer.dock.show()
    first.computer.dock.raise_()
    qtbot.wait(20)
    first.close()
    again = make_window(qtbot, answers)
    assert again.tree_panel.isVisibleTo(again) and again.computer.dock.isVisibleTo(again)
    assert again.width() == first.width() == 760  # (offscreen, heights follow the panels)
    again.close()
    # a layout an editor damaged: the default one, without a word
    settings = Settings()
    settings.set("window", {"geometry": "not base64 at all!", "state": "AAAA" * 10})
    third = make_window(qtbot, answers)
    assert not third.tree_panel.isVisibleTo(third) and not answers.informed


@pytest.mark.parametrize("turns", ["master", "two-stone", "progressive", "tabu"])
def test_every_stone_of_the_last_turn_is_marked(qtbot, answers, turns):
    """In turns of several stones the board marks all of the opponent's last turn (a tester
    saw only its last stone marked), and the stones of the turn in progress as they come;
    stepping back and forth shows the same."""
    from drawn import last_move_mark

    window = make_window(qtbot, answers)
    options = GameOptions(game="y", size=9, pie=False, turns=turns).validated()
    window.start_new_game(options, ("Ann", "Bo"))
    rng = random.Random(turns)
    current: list[int] = []  # the stones of the turn in progress
    before: list[int] = []  # and of the turn before it
    for _ in range(12):
        if window.game.is_over:
            break
        turn = window.game.turn
        cell = rng.choice(window.game.legal_cells())
        click_cell(qtbot, window, cell)
        current.append(cell)
        assert mismatches(window) == []
        if window.game.turn != turn or window.game.is_over:  # the turn is over: all of it
            assert last_move_mark(window) == set(current)
            before, current = current, []
        else:  # under way: the opponent's last turn stays marked beside it, told apart
            assert last_move_mark(window) == set(before) | set(current)
            assert this_turn_marks(window) == set(current)
            window.set_show_labels(True)  # (rings round the names: this turn's dashed)
            assert this_turn_marks(window) == set(current) and mismatches(window) == []
            window.set_show_labels(False)
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert mismatches(window) == []
    qtbot.keyClick(window, Qt.Key.Key_Right)
    assert mismatches(window) == []


def test_no_cell_is_crossed_once_the_game_has_ended_by_resignation(qtbot, answers):
    """The crosses are of the player to move; once the game has ended without a winner on
    the board (resigned, lost on time) nobody moves, and none is drawn (they stayed after
    a loss on time: tester 65); taken back, they are there again."""
    window = make_window(qtbot, answers)
    window.start_new_game(
        GameOptions(game="y", size=7, pie=False, turns="tabu").validated(), ("Ann", "Bo")
    )
    click(qtbot, window, "d4")
    assert window.scene.forbidden_cells
    answers.yes_no = [True]
    window.act_resign.trigger()  # White resigns
    assert window.session.finished and window.scene.forbidden_cells == set()
    assert mismatches(window) == []
    window.act_take_back.trigger()
    assert window.scene.forbidden_cells and mismatches(window) == []


def test_the_cells_forbidden_now_are_crossed_on_the_board(qtbot, answers):
    """Tabu's cells beside the opponent's last stone, and a turn's stone that would join
    another of the same turn, are drawn crossed before a click is refused (a tester found
    nothing telling them apart); the crosses follow the position step by step."""
    window = make_window(qtbot, answers)
    window.start_new_game(
        GameOptions(game="y", size=7, pie=False, turns="tabu").validated(), ("Ann", "Bo")
    )
    g = window.game.geometry
    assert window.scene.forbidden_cells == set()
    click(qtbot, window, "d4")
    beside = {nb for nb in g.neighbours[g.cell("d4")]}
    assert window.scene.forbidden_cells == beside and mismatches(window) == []
    crossed = min(beside)
    click_cell(qtbot, window, crossed)
    assert "Tabu" in window.game_panel.refusal.text() and len(window.game.moves) == 1
    click(qtbot, window, "a1")
    assert window.scene.forbidden_cells == {
        nb for nb in g.neighbours[g.cell("a1")] if window.game.colours[nb] == 0
    }
    qtbot.keyClick(window, Qt.Key.Key_Left)  # back: the first crosses again
    assert window.scene.forbidden_cells == beside and mismatches(window) == []

    window.start_new_game(
        GameOptions(game="y", size=7, pie=False, turns="two-stone").validated(), ("Ann", "Bo")
    )
    click(qtbot, window, "d4")  # Black's one stone, then White's two
    click(qtbot, window, "b2")
    joins = {nb for nb in g.neighbours[g.cell("b2")] if window.game.colours[nb] == 0}
    assert window.scene.forbidden_cells == joins and this_turn_marks(window) == {g.cell("b2")}
    assert mismatches(window) == []
    click(qtbot, window, "f6")
    assert window.scene.forbidden_cells == set() and mismatches(window) == []
    rows = [window.game_panel.moves_list.item(i).text() for i in range(1, 4)]
    assert rows == ["1. Black d4", "2. White b2 (1st of 2 stones)", "3. White f6 (2nd of 2 stones)"]
    # the status line counts the turn's stones, not the turns, beside rows numbered by move:
    # "3. + f6" beside "Turn 3: …" read "3" two ways (tester 80)
    said = window.game_panel.turn_label.text()
    assert "This turn: 2 of 2 stones still to place." in said and "Turn 3" not in said
    click(qtbot, window, "c2")  # with the cells' names shown the crosses go under them
    window.set_show_labels(True)
    assert window.scene.forbidden_cells and mismatches(window) == []
    for item in window.scene._marks:
        if item.data(0) == "forbidden":
            cell = window.scene.cell_at(item.sceneBoundingRect().center())
            label = window.scene._labels[cell].sceneBoundingRect()
            assert item.sceneBoundingRect().top() >= label.center().y()


def test_a_refusal_is_cleared_once_a_legal_move_is_played(qtbot, answers):
    """A refused click says why in the panel and the status bar; the next legal move clears
    both (a tester saw a tabu refusal still in the status bar on the other player's turn)."""
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=7, pie=False).validated(), ("A", "B"))
    click(qtbot, window, "d4")
    click(qtbot, window, "d4")  # occupied
    refusal = window.game_panel.refusal.text()
    assert "occupied" in refusal and window.statusBar().currentMessage() == refusal
    assert window.statusBar().toolTip() == refusal  # (whole there, where the bar cuts it)
    click(qtbot, window, "c3")
    assert window.game_panel.refusal.text() == "" and window.statusBar().currentMessage() == ""
    shows_the_position(window)
    # and once the player gives another command (it stood after Ctrl+Z took the swap back,
    # tester 66)
    for action in (window.act_undo, window.act_copy_record):
        click(qtbot, window, "d4")  # occupied
        assert "occupied" in window.statusBar().currentMessage()
        action.trigger()
        assert "occupied" not in window.statusBar().currentMessage(), action.text()
        assert window.game_panel.refusal.text() == ""


def test_the_figure_has_the_positions_marks(qtbot, window):
    """A figure for a rule book's page has the marks of the position: triangles, letters
    (the figure left them out, a tester's finding); they can be left out."""
    for label in ("c2", "b1"):
        click(qtbot, window, label)
    cell = window.game.geometry.cell
    window.session.toggle_mark(cell("a1"), "triangle")
    window.session.toggle_mark(cell("d3"), "label")
    window.session.toggle_mark(cell("c2"), "label")
    wanted = window.scene.drawn_marks
    assert set(wanted) == {cell("a1"), cell("d3"), cell("c2")}
    shown = []
    from ygui.ui.figure_dialog import FigureDialog

    def look(dialog):
        shown.append(dialog.figure().drawn_marks)
        dialog.show_marks.setChecked(False)
        shown.append(dialog.figure().drawn_marks)

    original = FigureDialog.exec
    FigureDialog.exec = lambda self: look(self) or 0
    try:
        window.act_figure.trigger()
    finally:
        FigureDialog.exec = original
    assert shown == [wanted, {}]


def test_the_resign_question_names_the_computer_with_its_level(qtbot, window, answers):
    """It said "White (Computer) wins", where the game panel and the end of the game say
    "Computer (level 3)" (tester 29)."""
    from ygui.core.variants import GameOptions
    from ygui.session import Seat

    seats = (Seat("Ann"), Seat("Computer", computer=True, level=3))
    options = GameOptions(game="y", size=5, pie=False).validated()
    window.start_new_game(options, ("Ann", "Computer"), seats)
    answers.yes_no = [False]
    window.act_resign.trigger()
    assert "Resign as Black (Ann)? White wins: Computer (level 3)." in answers.questions[-1]


def test_a_timed_game_opened_before_its_first_move_can_be_started(qtbot, answers, tmp_path):
    """Opened, a timed game's clocks stand paused; one opened before its first move (its
    clocks not yet started) could not be unpaused, and no move could be played. A finished
    game's clocks do not say "(paused)" (tester 40)."""
    window = make_window(qtbot, answers)
    options = GameOptions(game="y", size=5, pie=False).validated()
    window.start_new_game(options, ("Ann", "Bo"), None, TimeControl(60))
    path = tmp_path / "fresh.ysgf"
    assert window.save_to(path)
    assert window.open_path(path)
    assert window.session.clock.paused and window.act_pause.isEnabled()
    click(qtbot, window, "c2")
    assert window.game_panel.refusal.text().startswith("The clocks are paused")
    window.act_pause.trigger()  # started again
    click(qtbot, window, "c2")
    assert len(window.game.moves) == 1 and not window.session.clock.paused
    for label in ("b1", "d3", "a1", "e4", "b2"):
        if not window.game.is_over:
            click(qtbot, window, label)
    window.session.end_game(window.game.to_move, "R")
    assert window.save_to(path) and window.open_path(path)
    labels = window.game_panel.clock_labels
    assert "(paused)" not in labels[BLACK].text() + labels[WHITE].text()
    assert not window.act_pause.isEnabled()


def test_a_figure_numbered_through_a_swap_says_it_under_the_board(qtbot, answers):
    """A swap has no stone to carry its number: a figure of c2, swap, d3 went from 1 to 3
    without a word. With the numbers on, the caption offered says "2: swap."; a caption
    written by hand stays as written."""
    from ygui.ui.figure_dialog import FigureDialog

    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=5, pie=True).validated(), ("Ann", "Bo"))
    click(qtbot, window, "c2")
    window.session.play(Move.swap())
    click(qtbot, window, "d3")
    dialog = FigureDialog(window.game, False, None, window)
    qtbot.addWidget(dialog)
    assert dialog.caption_text.text() == "Black to play"
    dialog.numbers.setChecked(True)
    assert dialog.caption_text.text() == "2: swap. Black to play"
    dialog.numbers_from.setValue(3)
    assert dialog.caption_text.text() == "Black to play"
    dialog.numbers_from.setValue(1)
    dialog.caption_text.setText("Diagram 2")
    dialog.numbers.setChecked(False)
    assert dialog.caption_text.text() == "Diagram 2"
    numbered = FigureDialog(window.game, False, 1, window)
    qtbot.addWidget(numbered)
    assert numbered.caption_text.text() == "2: swap. Black to play"


def test_the_figure_dialog_takes_the_last_figures_choices_again(qtbot, window, monkeypatch):
    """A worksheet of figures: the caption was unticked and its words gone at each figure
    (tester 62). The next figure takes the width, the caption and what was added to the
    caption offered ("White to play and win" gives "Black to play and win" where Black is to
    play); its caption spans the board, not the margins round it; and the numbers' box is
    not ticked where there is no move to number."""
    from ygui.ui.figure_dialog import FigureDialog

    monkeypatch.setattr(window.scene, "numbers_from", 1)
    seen = []

    def first(dialog):
        seen.append(dialog.numbers.isChecked() or dialog.numbers.isEnabled())
        dialog.width_box.setValue(800)
        dialog.caption.setChecked(True)
        dialog.caption_text.setText(dialog.caption_text.text() + " and win")
        seen.append(dialog.caption_text.text())
        return 0

    monkeypatch.setattr(FigureDialog, "exec", first)
    window.act_figure.trigger()
    assert seen == [False, "Black to play and win"]
    click(qtbot, window, "c3")  # White to play now

    def second(dialog):
        seen.append((dialog.width_box.value(), dialog.caption.isChecked()))
        seen.append(dialog.caption_text.text())
        from PySide6.QtWidgets import QGraphicsTextItem

        from ygui.ui.board_scene import BoardScene

        figure = dialog.figure()  # (kept: its items go with it)
        caption = [i for i in figure.items() if isinstance(i, QGraphicsTextItem)]
        plain = BoardScene(window.game, window.theme, False)
        seen.append(caption[0].sceneBoundingRect().width() <= plain.itemsBoundingRect().width() + 1)
        return 0

    monkeypatch.setattr(FigureDialog, "exec", second)
    window.act_figure.trigger()
    assert seen[2:] == [(800, True), "White to play and win", True]


def test_a_figure_is_light_unless_chosen_dark_whatever_the_windows_theme(qtbot, window, tmp_path):
    """In the dark theme the exported figures came out dark, a dark-brown board on black,
    without a word (tester 70): a book's figure is light. The dialog says the figure's
    colours, light by default, dark if chosen; the next figure takes the choice again."""
    from PySide6.QtGui import QImage

    from ygui.ui.figure_dialog import FigureDialog
    from ygui.ui.theme import DARK, LIGHT

    click(qtbot, window, "c2")
    window.act_dark.trigger()
    assert window.theme is DARK
    dialog = FigureDialog(window.game, False, None, window)
    qtbot.addWidget(dialog)
    assert dialog.colours.currentText() == "Light"
    path = tmp_path / "fig.png"
    dialog.choose_path = lambda suffix: path

    def corner():
        dialog._save(".png")
        return QImage(str(path)).pixelColor(2, 2).name()

    assert corner() == LIGHT.colour("background").name()
    dialog.colours.setCurrentIndex(dialog.colours.findText("Dark"))
    assert corner() == DARK.colour("background").name()
    again = FigureDialog(window.game, False, None, window, remembered=dialog.choices())
    qtbot.addWidget(again)
    assert again.colours.currentText() == "Dark"


def _key(qtbot, window, key):
    """A key pressed with the keys on the board (the window's shortcuts see it first)."""
    qtbot.keyClick(window.view, key)


def test_the_keyboard_plays_on_the_board_with_a_cursor(qtbot, window):
    """Tab to the board: a cursor, moved by the arrows, Enter or Space plays there, Esc gives
    the arrows back to the game's moves (tester 74 found no way to play a stone without the
    mouse but the set-up panel's box)."""
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    g = window.game.geometry
    window.game_panel.moves_list.setFocus()
    window.view.setFocus(Qt.FocusReason.TabFocusReason)
    assert window.view.hasFocus()
    assert window.view.cursor_cell is not None  # in the middle of the empty board
    assert window.statusBar().currentMessage() == window.CURSOR_WORDS
    start = window.view.cursor_cell
    scene = window.scene

    def x_y(label):
        p = scene.cell_position(g.cell(label))
        return round(p.x()), round(p.y())

    _key(qtbot, window, Qt.Key.Key_Right)
    right = window.view.cursor_cell
    assert x_y(g.labels[right])[1] == x_y(g.labels[start])[1]  # the same row
    assert x_y(g.labels[right])[0] > x_y(g.labels[start])[0]  # to its right
    assert window.view.hover_label.text() == f"Cell {g.labels[right]}"
    assert scene.ghost_cells == 1  # the stone a play there places
    _key(qtbot, window, Qt.Key.Key_Return)
    assert [window.game.move_text(m) for m in window.game.moves] == [g.labels[right]]
    shows_the_position(window)
    # on an occupied cell it says so, as a click does
    _key(qtbot, window, Qt.Key.Key_Space)
    assert len(window.game.moves) == 1
    assert "is occupied" in window.game_panel.refusal.text()
    # up, down and to the edge: every step stays on the board
    for key in [Qt.Key.Key_Up] * 6 + [Qt.Key.Key_Left] * 6 + [Qt.Key.Key_Down] * 6:
        _key(qtbot, window, key)
        assert 0 <= window.view.cursor_cell < g.size
    low = g.labels[window.view.cursor_cell]
    assert low.endswith("1")  # (down: the bottom row)
    _key(qtbot, window, Qt.Key.Key_Space)
    assert [window.game.move_text(m) for m in window.game.moves] == [g.labels[right], low]
    shows_the_position(window)
    # Esc: the arrows step through the game again
    _key(qtbot, window, Qt.Key.Key_Escape)
    assert window.view.cursor_cell is None and scene.ghost_cells == 0
    _key(qtbot, window, Qt.Key.Key_Left)
    assert window.session.move_number == 1
    shows_the_position(window)
    # Enter brings the cursor back where it was; a click on the board takes it away
    _key(qtbot, window, Qt.Key.Key_Enter)
    assert window.view.cursor_cell == g.cell(low)
    click(qtbot, window, "c2")
    assert window.view.cursor_cell is None
    assert window.session.move_number == 2 and window.game.moves[-1] == Move(g.cell("c2"))
    shows_the_position(window)


def test_the_cursor_follows_the_board_as_it_is_turned(qtbot, window):
    """The arrows are the screen's: on a board turned a sixth, Right still goes right."""
    window.show()
    qtbot.waitExposed(window)
    for _ in range(2):
        window.act_rotate.trigger()
        window.view.setFocus()
        _key(qtbot, window, Qt.Key.Key_Return)  # (Enter shows the cursor first)
        scene, view = window.scene, window.view
        for key, axis, sign in (
            (Qt.Key.Key_Right, 0, 1),
            (Qt.Key.Key_Up, 1, -1),
            (Qt.Key.Key_Left, 0, -1),
            (Qt.Key.Key_Down, 1, 1),
        ):
            before = scene.cell_position(view.cursor_cell)
            _key(qtbot, window, key)
            after = scene.cell_position(view.cursor_cell)
            moved = (after - before).x() if axis == 0 else (after - before).y()
            assert moved * sign > 0, (key, before, after)
        assert window.game.moves == []
        _key(qtbot, window, Qt.Key.Key_Escape)


def test_the_board_says_whose_turn_it_is(qtbot, window):
    """The board's corner says whose turn it is, with that player's stone, how many stones a
    turn of more than one has left, and the winner (in the side panel alone, a player on the
    board looked away for it: tester 74)."""
    window.show()
    qtbot.waitExposed(window)
    view = window.view
    assert (view.turn_stone, view.turn_words) == ("Black", "Black to play")
    height = view.fontMetrics().height()
    image = view.viewport().grab().toImage()
    disc = image.pixelColor(round(15 + height * 0.4), round(12 + height / 2))
    assert disc.lightnessF() < 0.4  # (Black's stone, drawn)
    click(qtbot, window, "c2")
    assert (view.turn_stone, view.turn_words) == ("White", "White to play")
    window.start_new_game(
        GameOptions(game="y", size=5, pie=False, turns="two-stone").validated(), ("A", "B")
    )
    click(qtbot, window, "c2")
    assert view.turn_words == "White to play: 2 of 2 stones left"
    click(qtbot, window, "a1")
    assert view.turn_words == "White to play: 1 of 2 stones left"
    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"))
    for label in ("a1", "b2", "b1", "c2", "c1", "d2", "d1", "e2", "e1"):  # the bottom row
        click(qtbot, window, label)
    assert (view.turn_stone, view.turn_words) == ("Black", "Black has won")
    shows_the_position(window)


def test_the_move_list_says_when_a_poly_y_corner_is_captured(qtbot, window):
    """Poly-Y: the move that captures a corner says so in the move list (a newcomer saw a
    corner won by a group that did not hold its cell, and nothing said why or when: tester
    75)."""
    from ygui.core.wording import corner_names

    window.start_new_game(GameOptions(game="poly-y", size=4, pie=False).validated(), ("A", "B"))
    rng = random.Random(3)
    names = corner_names(window.game.geometry)
    said = []
    while window.game.winner is None:
        mover = window.game.to_move
        before = set(window.game.corners_held(mover))
        click_cell(qtbot, window, rng.choice(window.game.legal_cells()))
        new = [c for c in window.game.corners_held(mover) if c not in before]
        text = window.game_panel.moves_list.item(len(window.game.moves)).text()
        if new:
            said.append(text)
            assert " — captures the " in text and all(names[c] in text for c in new), text
        else:
            assert "captures" not in text, text
    assert said  # (a corner was captured before the game was won)
    shows_the_position(window)


def test_play_again_with_the_sides_changed(qtbot, window, answers):
    """Game ▸ Play again, sides changed: the same game from its start, the first player now
    second (a newcomer changed both players in the new-game dialog for it: tester 75)."""
    options = window.game.options
    click(qtbot, window, "c2")
    click(qtbot, window, "b2")
    answers.save_choice = ["discard"]
    window.act_again.trigger()
    assert answers.questions[-1].startswith("Save the current game")
    assert window.game.moves == [] and window.game.options == options
    assert [s.name for s in window.session.seats] == ["Bo", "Ann"]
    assert window.session.player_name(BLACK) == "Bo"
    assert window.statusBar().currentMessage() == ("The game again, sides changed: Bo plays first.")
    shows_the_position(window)
    # against the computer, which now moves first
    seats = (Seat("Ann"), Seat("Bot", computer=True, level=1))
    window.start_new_game(
        GameOptions(game="y", size=5, pie=False).validated(), ("Ann", "Bot"), seats
    )
    window.session.dirty = False
    window.act_again.trigger()
    assert window.session.seats[0].computer and window.session.seats[0].name == "Bot"
    qtbot.waitUntil(lambda: len(window.game.moves) == 1, timeout=30_000)
    shows_the_position(window)
