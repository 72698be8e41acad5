"""A game is never lost: one autosave per window, a lock that keeps a live window's game from
being offered, recovery of the whole situation, and autosaves that cannot be read kept and
explained. Two real processes for the two-window cases."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from gui_helpers import click_cell, crash, make_window
from PySide6.QtCore import QPoint

from ygui.autosave import autosave_dir, keep_copy, orphans, purge_declined, read_orphan
from ygui.core.game import Move
from ygui.core.variants import GameOptions
from ygui.session import Seat

pytestmark = pytest.mark.usefixtures("ygui_home")

OTHER_WINDOW = """
import os, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtWidgets import QApplication
app = QApplication([])
from ygui.core.game import Move
from ygui.settings import Settings
from ygui.ui.main_window import MainWindow
window = MainWindow(Settings(), warm_up_engine=False)
window.session.play(Move(0))
window.session.play(Move(5))
print(window.autosave.path, flush=True)
sys.stdin.readline()
"""


def start(window, game="y", seats=None, **kw):
    options = GameOptions(game=game, **kw).validated()
    window.start_new_game(options, ("Ann", "Bo"), seats)


def test_two_windows_in_two_processes_never_touch_each_others_game(qtbot, answers):
    other = subprocess.Popen(
        [sys.executable, "-c", OTHER_WINDOW],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=os.environ.copy(),
    )
    try:
        theirs = Path(other.stdout.readline().strip())
        assert theirs.exists()
        mine = make_window(qtbot, answers)
        start(mine, "y", size=5)
        click_cell(qtbot, mine, 3)
        assert mine.autosave.path != theirs and mine.autosave.path.exists()
        assert theirs not in orphans()  # alive: never offered, never touched
        assert mine.offer_recovery() == 0 and answers.questions == []
        assert theirs.exists()
        os.kill(other.pid, signal.SIGKILL)  # the other window crashes
        other.wait(10)
        assert theirs in orphans() and mine.autosave.path not in orphans()
        answers.yes_no = [True]
        assert mine.offer_recovery() == 1  # into a window of its own: this one has a game
        assert len(mine._others) == 1
        assert len(mine._others[0].game.moves) == 2 and len(mine.game.moves) == 1
        assert not theirs.exists()
    finally:
        if other.poll() is None:
            other.kill()
        other.wait(10)


def test_a_window_closed_normally_leaves_the_others_autosave(qtbot, answers):
    first, second = make_window(qtbot, answers), make_window(qtbot, answers)
    for window in (first, second):
        start(window, "y", size=5)
        click_cell(qtbot, window, 2)
    answers.save_choice = ["discard"]
    first.close()
    assert not first.autosave.path.exists() and second.autosave.path.exists()


def test_recovery_restores_seats_the_viewed_node_and_the_file(qtbot, answers, tmp_path):
    first = make_window(qtbot, answers)
    seats = (Seat("Ann"), Seat("Bot", computer=True, level=7))
    start(first, "y", seats=seats, size=5, pie=False)
    session = first.session
    for cell in (0, 1, 2, 3):
        session.tree.play(Move(cell))
    session.back()  # viewing move 3 of 4 (the computer's turn is skipped for a person)
    viewed = session.move_number
    weird = Path(os.fsdecode(b"/tmp/g\xffme.ysgf"))  # a name that is not UTF-8
    session.path = weird
    session.play_line([])  # an edit: written to the autosave
    crash(first)
    second = make_window(qtbot, answers)
    answers.yes_no = [True]
    assert second.offer_recovery() == 1
    assert f"Ann against Bot, 4 moves, left at move {viewed}, saved " in answers.questions[-1]
    assert "Recover the game of g\ufffdme.ysgf that was" in answers.questions[-1]
    s = second.session
    assert s.seats[1].computer and s.seats[1].level == 7 and s.seats[1].name == "Bot"
    assert s.move_number == viewed and s.line_length == 4
    assert s.path == weird and s.dirty
    assert "*" in second.windowTitle()
    assert second.windowTitle().startswith("*g\ufffdme.ysgf — Ann vs Bot — Y, 5 cells")


def test_a_crash_after_stepping_back_recovers_the_position_viewed(qtbot, answers):
    """A tester's find: stepped back to move 2 of a variation, then killed, the recovered
    game showed the variation's last move: the autosave was written only when the game
    changed. It follows the position viewed a second after the last step."""
    first = make_window(qtbot, answers)
    start(first, "y", size=5, pie=False)
    for label in ("a1", "b2", "c3", "d4"):
        click_cell(qtbot, first, first.game.geometry.cell(label))
    first.session.back()
    click_cell(qtbot, first, first.game.geometry.cell("e5"))  # a variation at move 4
    for _ in range(2):
        first.session.back()
    viewed = [first.game.move_text(m) for m in first.game.moves]
    assert viewed == ["a1", "b2"]
    before = first.autosave.path.read_text()
    qtbot.waitUntil(lambda: first.autosave.path.read_text() != before, timeout=5000)
    crash(first)
    second = make_window(qtbot, answers)
    asked = []  # the question shows where the game was left (it showed the main line's end)
    second.ask_recover = lambda question, game: asked.append((question, game)) or True
    assert second.offer_recovery() == 1
    question, shown = asked[0]
    assert ", 4 moves, left at move 2, saved " in question
    assert [shown.move_text(m) for m in shown.moves] == viewed
    assert [second.game.move_text(m) for m in second.game.moves] == viewed
    second.session.to_end()  # on the line that was being looked at: the variation's
    assert [second.game.move_text(m) for m in second.game.moves][-1] == "e5"


def test_a_restart_after_a_crash_opens_the_panels_that_were_open(qtbot, answers):
    """A tester's find: the recovered game came back without the Set up and Analysis panels
    it had open; the layout was kept only when a window closed. It is kept a second after
    each change of the panels."""
    first = make_window(qtbot, answers)
    first.show()
    start(first, "y", size=5, pie=False)
    first.session.play(Move(3))
    before = first.settings.get("window").get("state")
    first.setup_dock.show()
    first.computer.dock.show()
    first.computer.dock.raise_()
    qtbot.waitUntil(lambda: first.settings.get("window").get("state") != before, timeout=5000)
    crash(first)
    first.hide()  # (gone: nothing of it is kept after the crash)
    second = make_window(qtbot, answers)
    second.show()
    answers.yes_no = [True]
    assert second.offer_recovery() == 1
    assert not second.setup_dock.isHidden() and not second.computer.dock.isHidden()
    assert not second.computer.dock.visibleRegion().isEmpty()  # its tab in front, as it was


def test_the_recovery_question_counts_one_move_as_one(qtbot, answers):
    first = make_window(qtbot, answers)
    start(first, "y", size=5, pie=False)
    first.session.play(Move(3))
    crash(first)
    second = make_window(qtbot, answers)
    answers.yes_no = [False]
    assert second.offer_recovery() == 0
    assert ", 1 move, saved " in answers.questions[-1]  # (it said "1 moves")


def test_an_unreadable_autosave_is_kept_and_explained_never_replaced(qtbot, answers):
    folder = autosave_dir()
    folder.mkdir(parents=True)
    (folder / "a.ysgf").write_text("(;YG[y]YO[size=5]\n;B[a1]\n;B[b1])")
    (folder / "b.ysgf").write_text("(;YV[2]YG[y]YO[size=5])")
    window = make_window(qtbot, answers)
    assert window.offer_recovery() == 0
    assert len(answers.informed) == 2
    assert "line 3" in answers.informed[0] and "newer ygui" in answers.informed[1]
    kept = sorted((folder / "unreadable").glob("*.ysgf"))
    assert len(kept) == 2 and all(str(k) in " ".join(answers.informed) for k in kept)
    (folder / "a.ysgf").write_text("(;YG[y]YO[size=5]\n;B[a1]\n;B[b1])")  # damaged again
    make_window(qtbot, answers).offer_recovery()
    assert len(list((folder / "unreadable").glob("*.ysgf"))) == 3


def test_a_fifo_or_a_device_in_place_of_an_autosave_does_not_hang(qtbot, answers):
    folder = autosave_dir()
    folder.mkdir(parents=True)
    os.mkfifo(folder / "fifo.ysgf")
    (folder / "zero.ysgf").symlink_to("/dev/zero")
    assert read_orphan(folder / "fifo.ysgf").problem == "it is not a regular file"
    window = make_window(qtbot, answers)
    assert window.offer_recovery() == 0 and len(answers.informed) == 2


def test_a_declined_game_is_kept_for_days(qtbot, answers):
    first = make_window(qtbot, answers)
    start(first, "y", size=5)
    click_cell(qtbot, first, 1)
    crash(first)
    second = make_window(qtbot, answers)
    answers.yes_no = [False]
    assert second.offer_recovery() == 0
    declined = list((autosave_dir() / "declined").glob("*.ysgf"))
    assert len(declined) == 1 and "kept for 7 days" in second.statusBar().currentMessage()
    assert declined[0].name.startswith("y-"), declined[0].name  # (its game first, then the time)
    purge_declined()
    assert declined[0].exists()
    old = time.time() - 8 * 86400
    os.utime(declined[0], (old, old))
    purge_declined()
    assert not declined[0].exists()


def test_a_game_discarded_as_the_window_closes_is_kept_for_days(qtbot, answers):
    """Discard at "Save first?" as the window closes keeps the game a while, as a declined
    recovery is kept (a Discard clicked by mistake lost the game for good: tester 68); a
    window closed with its game saved, or with nothing in it, keeps nothing."""
    window = make_window(qtbot, answers)
    start(window, "y", size=5)
    for cell in (1, 4, 7):
        click_cell(qtbot, window, cell)
    # the question says so (said after it in the status bar, which the closing window took
    # with it: tester 84 was never told)
    box = window.save_question_box("Save the current game first?")
    qtbot.addWidget(box)
    assert box.informativeText() == (
        f"Discard keeps a copy for 7 days in {autosave_dir() / 'declined'} (Game → Open reads it)."
    )
    answers.save_choice = ["discard"]
    assert window.close()
    (kept,) = (autosave_dir() / "declined").glob("*.ysgf")
    # named after the game and its players, then the time (by the time alone, tester 85
    # could not tell three discarded games apart in the Open dialog)
    assert kept.name.startswith("y-") and "-vs-" in kept.name, kept.name
    orphan = read_orphan(kept)
    assert orphan.problem == "" and orphan.record is not None
    assert len(orphan.record.main_line()) == 3
    assert not list(autosave_dir().glob("*.ysgf"))  # (no orphan offered at the next start)
    other = make_window(qtbot, answers)
    start(other, "y", size=5)
    assert other.close()  # nothing to keep: no question, nothing kept
    assert len(list((autosave_dir() / "declined").glob("*.ysgf"))) == 1


def test_a_game_opened_from_the_autosave_folder_is_saved_elsewhere(qtbot, answers, tmp_path):
    """Tester 85 opened a discarded game from autosave/declined, played on and pressed Ctrl+S:
    it was saved back there, to be deleted a week later. Save asks for a place of one's own,
    and no save is written into that folder."""
    window = make_window(qtbot, answers)
    start(window, "y", size=5)
    for cell in (1, 4, 7):
        click_cell(qtbot, window, cell)
    answers.save_choice = ["discard"]
    assert window.close()
    (kept,) = (autosave_dir() / "declined").glob("*.ysgf")
    again = make_window(qtbot, answers)
    again.open_path(kept)
    click_cell(qtbot, again, 10)
    before = kept.read_bytes()
    chosen = tmp_path / "mine.ysgf"
    offered = []

    def choose(suffix=".ysgf"):
        offered.append(again.suggested_path(suffix))
        return chosen

    again.choose_save_path = choose
    assert again.save()
    assert chosen.exists() and kept.read_bytes() == before
    assert not offered[0].startswith(str(autosave_dir()))
    assert again.session.path == chosen
    again.choose_save_path = lambda suffix=".ysgf": kept  # chosen there on purpose: refused
    assert not again.save_as()
    assert "autosave folder" in answers.informed[-1] and kept.read_bytes() == before


def test_a_game_discarded_before_another_is_opened_is_kept_for_days(qtbot, answers, tmp_path):
    """Discard at "Save first?" before Open (or New game) is kept as at closing: tester 81's
    game discarded before opening a file was in no folder; and the status bar says where."""
    from ygui.core.game import Game
    from ygui.core.record import GameRecord, save_record

    other = Game(GameOptions(game="y", size=5).validated())
    other.play(Move(0))
    path = tmp_path / "other.ysgf"
    save_record(path, GameRecord.from_game(other, "A", "B"))
    window = make_window(qtbot, answers)
    start(window, "y", size=5)
    for cell in (1, 4, 7):
        click_cell(qtbot, window, cell)
    window.choose_open_path = lambda: path
    answers.save_choice = ["discard"]
    window.open_dialog()
    assert window.game.stone_count == 1  # the file's game, shown
    (kept,) = (autosave_dir() / "declined").glob("*.ysgf")
    orphan = read_orphan(kept)
    assert orphan.record is not None and len(orphan.record.main_line()) == 3
    assert window.open_path(kept)  # (Game → Open reads it back)
    assert [n.move.cell for n in window.session.tree.main_line()] == [1, 4, 7]
    # the window's own autosave goes on, and a discard as it closes keeps one copy more
    window.session.play(Move(10))
    answers.save_choice = ["discard"]
    assert window.close()
    assert len(list((autosave_dir() / "declined").glob("*.ysgf"))) == 2
    assert not list(autosave_dir().glob("*.ysgf"))


def test_where_a_game_discarded_before_a_new_one_is_kept_is_said_after_it(qtbot, answers):
    """The place of a game discarded at New game was said at the question, stood while the
    dialog was open and was gone after its OK (tester 82): it is said once the new game is
    shown. Cancelled, the game stays and nothing more is said."""
    from ygui.ui.new_game_dialog import NewGameDialog

    window = make_window(qtbot, answers)
    start(window, "y", size=5)
    click_cell(qtbot, window, 1)
    chosen = []

    def run_dialog():
        if not chosen:
            return None  # (cancelled)
        dialog = NewGameDialog({"game": "y", "size": 4}, window.theme)
        qtbot.addWidget(dialog)
        # (the pointer over the dialog's controls empties the window's status bar, as their
        # tips go to it)
        window.statusBar().clearMessage()
        dialog.accept()
        return dialog

    window.run_new_game_dialog = run_dialog
    answers.save_choice = ["discard"]
    window.act_new.trigger()
    assert window.game.stone_count == 1  # cancelled: the game stays
    window.statusBar().clearMessage()
    window.start_new_game(GameOptions(game="y", size=5).validated(), ("A", "B"))
    assert "discarded" not in window.statusBar().currentMessage()
    click_cell(qtbot, window, 2)
    chosen.append(True)
    answers.save_choice = ["discard"]
    window.act_new.trigger()
    assert window.game.geometry.size == 10 and not window.game.moves  # Y 4, new
    said = window.statusBar().currentMessage()
    # (named: said as the next game came, it read as that game's, tester 86)
    # (the place last: a long one is cut at the window's edge, tester 88)
    kept = [str(f) for f in (window.autosave.folder / "declined").glob("*.ysgf")]
    prefix = "The game you discarded is kept for 7 days (Game → Open reads it): "
    assert said.startswith(prefix) and said.removeprefix(prefix) in kept


def test_opening_a_file_still_offers_the_crashed_game(qtbot, answers, tmp_path):
    first = make_window(qtbot, answers)
    start(first, "y", size=5)
    click_cell(qtbot, first, 1)
    path = tmp_path / "g.ysgf"
    first.save_to(path)
    click_cell(qtbot, first, 2)
    crash(first)
    second = make_window(qtbot, answers)
    assert second.open_path(path)  # as `ygui g.ysgf` does, before offering recovery
    answers.yes_no = [True]
    assert second.offer_recovery() == 1
    assert len(second.game.moves) == 1 and second.session.path == path
    assert len(second._others[0].game.moves) == 2


def test_the_recovery_question_shows_the_position(qtbot, answers):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from ygui.ui.main_window import MainWindow

    window = make_window(qtbot, answers)
    for cell in (0, 5, 9):
        window.session.play(Move(cell))
    seen = {}

    def answer():
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen["text"] = box.text()
        seen["image"] = box.iconPixmap().toImage()
        box.button(QMessageBox.StandardButton.No).click()

    QTimer.singleShot(50, answer)
    assert MainWindow.ask_recover(window, "Recover this game?", window.session.game) is False
    image = seen["image"]
    assert seen["text"] == "Recover this game?" and image.width() == 240
    pixels = [image.pixelColor(x, y) for x in range(240) for y in range(image.height())]
    dark = sum(1 for c in pixels if c.alpha() > 200 and c.lightness() < 50)
    assert dark > 100  # the black stones are drawn, not a blank icon


def quiet_line(window, count: int) -> list[Move]:
    """``count`` moves from the current position that end nothing."""
    game, moves = window.session.game, []
    for cell in range(game.geometry.size):
        if len(moves) == count:
            break
        if game.is_legal(Move(cell)):
            game.play(Move(cell))
            if game.is_over:
                game.undo()
            else:
                moves.append(Move(cell))
    for _ in moves:
        game.undo()
    return moves


def analysed(window) -> int:
    from ygui.core.tree import GameTree

    return sum(GameTree.analysis(n) is not None for n in window.session.tree.main_line())


@pytest.mark.usefixtures("compiled_engine")
def test_a_crash_during_a_whole_game_review_keeps_the_analysis_so_far(qtbot, answers, monkeypatch):
    import ygui.session

    monkeypatch.setattr(ygui.session, "ANALYSIS_AUTOSAVE_SECONDS", 0.0)
    first = make_window(qtbot, answers)
    start(first, "y", size=7, pie=False)
    first.session.play_line(quiet_line(first, 8))
    first.review_panel.budget.setValue(200_000)
    first.act_review.trigger()
    qtbot.waitUntil(lambda: analysed(first) >= 3, timeout=120_000)
    assert first.review_panel.review  # still reviewing when it crashes
    crash(first)
    first.review_panel.review_button.click()  # (stop the forgotten window's search)
    found = analysed(first)
    second = make_window(qtbot, answers)
    answers.yes_no = [True]
    assert second.offer_recovery() == 1
    assert analysed(second) >= 3 and analysed(second) <= found
    assert second.session.line_length == 8


@pytest.mark.usefixtures("compiled_engine")
def test_a_finished_review_is_autosaved_whole(qtbot, answers):
    first = make_window(qtbot, answers)
    start(first, "y", size=5, pie=False)
    first.session.play_line(quiet_line(first, 4))
    first.review_panel.budget.setValue(300)
    first.act_review.trigger()
    qtbot.waitUntil(lambda: not first.review_panel.review, timeout=120_000)
    total = analysed(first)
    assert total == 4  # the position after each move
    crash(first)
    second = make_window(qtbot, answers)
    answers.yes_no = [True]
    assert second.offer_recovery() == 1
    assert analysed(second) == total


def test_a_saved_game_reopens_on_the_line_it_was_left_on(qtbot, answers, tmp_path):
    """Saved while looking at a variation's earlier move, a game reopens at that move, and
    going forward follows the variation (it followed the main line: the line last visited
    was not kept in the file)."""
    first = make_window(qtbot, answers)
    start(first, "y", size=5, pie=False)
    for label in ("a1", "b2", "c3", "d4"):
        click_cell(qtbot, first, first.game.geometry.cell(label))
    for _ in range(2):
        first.session.back()
    for label in ("e5", "d3"):  # a variation at move 3
        click_cell(qtbot, first, first.game.geometry.cell(label))
    for _ in range(2):  # back before the branch
        first.session.back()
    path = tmp_path / "left.ysgf"
    first.session.save(path)
    second = make_window(qtbot, answers)
    second.session.open(path)
    assert [second.game.move_text(m) for m in second.game.moves] == ["a1", "b2"]
    second.session.to_end()
    assert [second.game.move_text(m) for m in second.game.moves] == ["a1", "b2", "e5", "d3"]
    second.session.go_to_main_line(4)
    assert second.game.move_text(second.game.moves[-1]) == "d4"  # (the main line is kept)


def test_a_game_left_at_its_start_reopens_at_its_start(qtbot, answers, tmp_path):
    """Saved, or autosaved and recovered, while looking at the start (a set-up position, a
    figure's), a game opens at the start again, and going forward follows the line last
    followed (a tester's came back at the end of the main line: the start's empty path read
    as no path at all)."""
    first = make_window(qtbot, answers)
    start(first, "y", size=5, pie=False)
    for label in ("a1", "b2", "c3"):
        click_cell(qtbot, first, first.game.geometry.cell(label))
    first.session.back()
    click_cell(qtbot, first, first.game.geometry.cell("e5"))  # a variation at move 3
    first.session.to_start()
    path = tmp_path / "start.ysgf"
    first.session.save(path)
    click_cell(qtbot, first, first.game.geometry.cell("d4"))  # unsaved: autosaved
    first.session.to_start()
    before = first.autosave.path.read_text()
    qtbot.waitUntil(lambda: first.autosave.path.read_text() != before, timeout=5000)
    crash(first)
    recovered = make_window(qtbot, answers)
    answers.yes_no = [True]
    assert recovered.offer_recovery() == 1
    assert ", left at the start, saved " in answers.questions[-1]
    opened = make_window(qtbot, answers)
    opened.session.open(path)
    for window, end in ((opened, "e5"), (recovered, "d4")):
        assert window.game.moves == []
        window.session.to_end()
        assert window.game.move_text(window.game.moves[-1]) == end


def test_the_clock_behind_the_recovery_question_stands_still(qtbot, answers):
    """Tester 7: while the "Recover game?" question was open, the clock of the timed game
    behind it ran (19 s gone before the first move, once the question was declined)."""
    from ygui.core.clock import TimeControl
    from ygui.core.game import WHITE, Move

    first = make_window(qtbot, answers)
    start(first, "y", size=5, pie=False)
    click_cell(qtbot, first, 0)
    crash(first)
    second = make_window(qtbot, answers)
    now = [1000.0]
    second.session.now = lambda: now[0]
    options = GameOptions(game="y", size=5, pie=False).validated()
    second.session.new_game(options, ("Ann", "Bo"), time_control=TimeControl(60, 0))
    assert second.session.play(Move(0)) is None  # (the clocks start with the first move)
    clock = second.session.clock
    assert clock is not None and clock.running == WHITE and not clock.paused

    def answer(question, game) -> bool:
        now[0] += 19  # the player reads the question
        return False

    second.ask_recover = answer
    assert second.offer_recovery() == 0
    assert second.session.clock is clock and not clock.paused
    assert clock.left(WHITE, now[0]) == 60


def test_the_recovery_picture_is_turned_as_the_board_will_be(qtbot, answers):
    """Tester 16: the board turned a third (R), then a crash: the recovery question's picture
    was drawn unturned while the board opened turned."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from ygui.ui.board_scene import BoardScene
    from ygui.ui.main_window import MainWindow
    from ygui.ui.render import scene_image

    window = make_window(qtbot, answers)
    for cell in (0, 5, 9):
        window.session.play(Move(cell))
    window.rotate_board(1)
    turned = window.scene.orientation
    assert not turned.plain
    seen = {}

    def answer():
        box = QApplication.activeModalWidget()
        seen["image"] = box.iconPixmap().toImage()
        box.button(QMessageBox.StandardButton.No).click()

    QTimer.singleShot(50, answer)
    MainWindow.ask_recover(window, "Recover this game?", window.session.game.copy())
    game = window.session.game
    as_shown = scene_image(BoardScene(game, window.theme, orientation=turned), 240)
    unturned = scene_image(BoardScene(game, window.theme), 240)
    assert as_shown != unturned
    assert seen["image"].convertToFormat(as_shown.format()) == as_shown


def test_a_second_window_opens_beside_the_first_not_on_it(qtbot, answers):
    """Tester 16: two ygui processes put their windows at the same place, exactly on top of
    each other. A window opened while others run opens a step down and right per window."""
    from ygui.settings import Settings
    from ygui.ui.main_window import STAGGER, MainWindow

    first = MainWindow(Settings(), warm_up_engine=False)
    answers.windows.append(first)
    second = MainWindow(Settings(), warm_up_engine=False)
    answers.windows.append(second)
    third = MainWindow(Settings(), warm_up_engine=False)
    answers.windows.append(third)
    assert second.pos() - first.pos() == QPoint(STAGGER, STAGGER)
    assert third.pos() - first.pos() == QPoint(2 * STAGGER, 2 * STAGGER)
    # and each wholly on the screen: smaller where the step took it past the screen's edge
    # (the status bar and the move buttons went below it: tester 68)
    room = first.screen().availableGeometry()
    for window in (first, second, third):
        assert room.contains(window.frameGeometry()), (room, window.frameGeometry())
    assert third.width() < first.width() or first.frameGeometry().right() + 64 <= room.right()
    # and their unsaved games are named apart: two windows of unsaved games of one kind, one
    # the players' names, had one title (tester 86)
    titles = [w.windowTitle().split(" — ")[0] for w in (first, second, third)]
    assert titles == ["unsaved game", "unsaved game 2", "unsaved game 3"]
    # and so are they in the question before one is closed (tester 87)
    assert second._game_named().startswith("unsaved game 2, Y, ")
    assert first._game_named().startswith("unsaved game, Y, ")  # (tester 88)
    # a window of another process counts as well
    other = subprocess.Popen(
        [sys.executable, "-c", OTHER_WINDOW],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    try:
        other.stdout.readline()
        fourth = MainWindow(Settings(), warm_up_engine=False)
        answers.windows.append(fourth)
        assert fourth.pos() - first.pos() == QPoint(4 * STAGGER, 4 * STAGGER)
        assert fourth.windowTitle().startswith("unsaved game 5 — ")
    finally:
        other.stdin.write("\n")
        other.stdin.flush()
        other.wait(30)


@pytest.mark.usefixtures("compiled_engine")
def test_the_computer_waits_behind_the_recovery_question(qtbot, answers):
    """Tester 22: behind the "Recover game?" question the new game's computer made its first
    move, so the game recovered went to a second window and left a game of one move here
    asking to be saved (and with clocks, its move was refused as "an illegal move")."""
    from ygui.session import Seat

    first = make_window(qtbot, answers)
    start(first, "y", size=5, pie=False)
    click_cell(qtbot, first, 0)
    crash(first)
    second = make_window(qtbot, answers)
    options = GameOptions(game="y", size=5, pie=False).validated()
    seats = (Seat("Bot", computer=True, level=1), Seat("Ann"))
    second.start_new_game(options, ("Bot", "Ann"), seats)
    second.computer.runner.cancel()  # (the question comes before it has moved)
    second.session.new_game(options, ("Bot", "Ann"), seats)

    def answer(question, game) -> bool:
        qtbot.wait(1500)  # the player reads the question: the computer makes no move
        assert second.game.moves == [] and not second.computer.thinking_for_move()
        return True

    second.ask_recover = answer
    assert second.offer_recovery() == 1
    assert second._others == []  # the game came back in this window
    assert [m.cell for m in second.game.moves] == [0]
    assert not answers.informed


def test_a_game_set_aside_by_a_set_up_survives_a_crash(qtbot, answers):
    """A set-up's first edit sets aside a game of unsaved moves; its autosave held the set-up
    alone, and a crash during the set-up lost the game. It has an autosave of its own, which
    goes when the game comes back (Undo) and after a crash is offered back with the set-up."""
    from ygui.autosave import aside_of

    first = make_window(qtbot, answers)
    start(first, "y", size=5, pie=False)
    for label in ("a1", "b2", "c3"):
        click_cell(qtbot, first, first.game.geometry.cell(label))
    answers.save_choice = ["discard"]  # (edit without saving first)
    first.act_edit.trigger()
    aside = aside_of(first.autosave.path)
    assert not aside.exists()
    click_cell(qtbot, first, first.game.geometry.cell("e1"))  # the first edit
    assert aside.exists()
    first.act_undo.trigger()  # the game back: its own autosave holds it again
    assert not aside.exists() and len(first.game.moves) == 3
    first.act_redo.trigger()
    assert aside.exists()
    crash(first)
    second = make_window(qtbot, answers)
    offered, questions = [], []
    second.ask_recover = lambda question, game: (
        offered.append(game) or questions.append(question) or True
    )
    assert second.offer_recovery() == 2
    moves = sorted(len(game.moves) for game in offered)
    stones = sorted(len(game.setup) for game in offered)
    assert moves == [0, 3] and stones == [0, 4]  # the set-up (four stones), the game aside
    # each said for what it is (the two read alike, and the set-up as "0 moves": tester 35)
    assert sum("that Edit position had set aside" in q and "3 moves" in q for q in questions)
    assert sum("that was in progress" in q and "4 stones set up" in q for q in questions)


def test_a_resigned_game_is_offered_back_as_ended_not_in_progress(qtbot, answers):
    """Tester 39: a game already resigned was offered back as "the game that was in
    progress"."""
    from ygui.core.game import BLACK

    first = make_window(qtbot, answers)
    start(first, "y", size=5, pie=False)
    click_cell(qtbot, first, 0)
    assert first.session.end_game(BLACK, "R") is None
    crash(first)
    second = make_window(qtbot, answers)
    questions = []
    second.ask_recover = lambda question, game: questions.append(question) or True
    assert second.offer_recovery() == 1
    assert "Recover the game that was open (White wins by resignation) (" in questions[0]
    assert (
        second.statusBar()
        .currentMessage()
        .startswith("Recovered the game that was open (White wins by resignation): ")
    )
    second.session.dirty = False


def test_a_recovered_timed_game_says_its_clocks_are_paused(qtbot, answers):
    """Tester 39 learnt that a recovered game's clocks were paused from a refused click."""
    from ygui.core.clock import TimeControl

    first = make_window(qtbot, answers)
    options = GameOptions(game="y", size=5, pie=False).validated()
    first.start_new_game(options, ("Ann", "Bo"), None, TimeControl(600))
    click_cell(qtbot, first, 0)
    crash(first)
    second = make_window(qtbot, answers)
    second.ask_recover = lambda question, game: True
    assert second.offer_recovery() == 1
    assert second.session.clock is not None and second.session.clock.paused
    assert (
        second.statusBar()
        .currentMessage()
        .endswith("; the clocks are paused: Ctrl+Shift+P starts them")
    )
    second.session.dirty = False


def test_the_same_game_is_not_kept_twice(tmp_path):
    """Discarded at New, the game stayed as the new-game dialog was cancelled, and discarded
    again at Quit: two copies of one game lay in the folder (tester 88). A copy the same as
    the one kept last of its name is that one; a game that changed is kept anew."""
    game = tmp_path / "window-1.ysgf"
    game.write_text("(;FF[4]YG[y];B[a1])", encoding="utf-8")
    first = keep_copy(game, "declined", "y-2026-11-29-A-vs-B")
    second = keep_copy(game, "declined", "y-2026-11-29-A-vs-B")
    assert first is not None and second == first
    assert len(list((tmp_path / "declined").iterdir())) == 1
    game.write_text("(;FF[4]YG[y];B[a1];W[b1])", encoding="utf-8")
    time.sleep(0.01)  # (a later time of change, to be the last kept)
    third = keep_copy(game, "declined", "y-2026-11-29-A-vs-B")
    assert third is not None and third != first and third.read_text().endswith("W[b1])")
    assert len(list((tmp_path / "declined").iterdir())) == 2
    assert keep_copy(game, "declined", "y-2026-11-29-A-vs-B") == third
