"""The computer in the window: whole games, cancelling, closing while it thinks, failures,
hints and analysis. Offscreen."""

import random
import re
from dataclasses import replace

import pytest
from drawn import mismatches
from gui_helpers import click_cell, make_window
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPalette
from PySide6.QtWidgets import QApplication

from ygui.ai.engine import Candidate, Engine, SearchLimits, SearchResult
from ygui.core.game import BLACK, SWAP, WHITE, Game, Move
from ygui.core.record import read_record
from ygui.core.variants import GameOptions
from ygui.session import Seat

pytestmark = pytest.mark.usefixtures("ygui_home", "compiled_engine")


def start(window, game="y", computer_level=1, computer_colour=WHITE, **kw):
    seats = [Seat("Ann"), Seat("Bo")]
    seats[computer_colour - 1] = Seat("Bot", computer=True, level=computer_level)
    window.start_new_game(GameOptions(game=game, **kw).validated(), ("Ann", "Bo"), tuple(seats))


def wait_for_human(qtbot, window, timeout=60_000):
    qtbot.waitUntil(
        lambda: (
            window.session.finished  # won, or resigned by the computer
            or (
                not window.computer.runner.busy
                and not window.session.seat_for(window.game.to_move).computer
            )
        ),
        timeout=timeout,
    )


@pytest.mark.parametrize(
    "game, kw",
    [
        ("y", {"size": 6}),
        ("hexagonal-y", {"size": 4}),
        ("poly-y", {"size": 4}),
        ("y", {"size": 6, "turns": "progressive"}),
    ],
)
def test_whole_game_against_the_computer(qtbot, answers, game, kw):
    window = make_window(qtbot, answers)
    start(window, game, **kw)
    rng = random.Random(game)
    while not window.session.finished:
        wait_for_human(qtbot, window)
        if window.session.finished:
            break
        click_cell(qtbot, window, rng.choice(window.game.legal_cells()))
    assert window.game_panel.result_box.isVisible()
    assert any(window.session.seat_for(c).computer for c in (BLACK, WHITE))
    assert len(window.game.moves) > 2


def test_a_start_after_a_game_of_computers_alone_waits_to_be_let_go(qtbot, answers):
    """Tester 80 quit during a game of two computers; the next start began a new one that
    played by itself, unasked. It now opens paused and says so; unpaused, it plays."""
    window = make_window(qtbot, answers)
    window.remember(
        "new_game",
        {
            "game": "y",
            "size": 5,
            "black": "A",
            "white": "B",
            "black_player": "computer",
            "white_player": "computer",
            "black_level": 1,
            "white_level": 1,
        },
    )
    again = make_window(qtbot, answers)  # (the next start, with these settings)
    assert all(seat.computer for seat in again.session.seats)
    assert again.act_pause_computers.isChecked() and again.computer.paused
    assert "they wait until Play ▸ Pause the computers" in again.statusBar().currentMessage()
    assert "The computers are paused" in again.game_panel.turn_label.text()
    qtbot.wait(300)
    assert not again.game.moves and not again.computer.thinking_for_move()
    assert mismatches(again) == []
    again.act_pause_computers.trigger()
    qtbot.waitUntil(lambda: len(again.game.moves) >= 1, timeout=20_000)
    assert mismatches(again) == []
    again.act_pause_computers.trigger()  # (held again, for the window's closing)
    # a game with a person in it starts as before: the computer to move first plays
    window.remember("new_game", {**window.settings.get("new_game"), "white_player": "human"})
    third = make_window(qtbot, answers)
    assert not third.act_pause_computers.isChecked()
    qtbot.waitUntil(lambda: len(third.game.moves) == 1, timeout=20_000)


def test_a_game_of_computers_alone_goes_at_the_pace_chosen(qtbot, answers):
    """Play ▸ Pace of computer play: a move shown stays the pace chosen before the next
    computer starts to think (a game at level 1 was over before it could be seen); remembered;
    never in a game with a person, nor at "As fast as they play"."""
    window = make_window(qtbot, answers)
    assert window.settings.get("computer_pace") == 1
    window.pace_actions[3].trigger()
    assert window.computer.pace == 3 and window.settings.get("computer_pace") == 3
    seats = (Seat("A", computer=True, level=1), Seat("B", computer=True, level=1))
    window.start_new_game(GameOptions(game="y", size=5).validated(), ("A", "B"), seats)
    qtbot.waitUntil(lambda: len(window.game.moves) == 1, timeout=20_000)  # the first at once
    timer = window.computer._pace_timer
    assert timer.isActive() and not window.computer.thinking_for_move()
    assert 0 < timer.interval() <= 3000  # (what is left of the pace)
    assert mismatches(window) == []
    timer.stop()
    timer.timeout.emit()  # (the pace over)
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=20_000)
    assert timer.isActive()
    window.act_pause_computers.trigger()  # paused: nothing waits
    assert not timer.isActive()
    window.act_pause_computers.trigger()
    assert timer.isActive()  # (the pace counts from when the move was shown)
    window.pace_actions[0].trigger()
    window.computer.after_change()
    assert not timer.isActive()
    qtbot.waitUntil(lambda: window.game.is_over, timeout=60_000)
    # a person in the game: the computer answers at once
    window.pace_actions[3].trigger()
    answers.save_choice = ["discard"]
    start(window, size=5)
    click_cell(qtbot, window, window.game.geometry.cell("c2"))
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=20_000)
    assert not timer.isActive()


def test_computer_moves_first_when_it_plays_black(qtbot, answers):
    window = make_window(qtbot, answers)
    start(window, "y", computer_colour=BLACK, size=5)
    qtbot.waitUntil(lambda: len(window.game.moves) == 1, timeout=60_000)
    assert window.game.to_move == WHITE


def test_clicks_are_refused_while_it_thinks_and_move_now_plays(qtbot, answers):
    window = make_window(qtbot, answers)
    start(window, "y", computer_level=10, size=12, pie=False)  # no opening book
    click_cell(qtbot, window, window.game.geometry.cell("f6"))
    qtbot.waitUntil(lambda: window.computer.thinking.isVisible(), timeout=10_000)
    click_cell(qtbot, window, window.game.geometry.cell("a1"))
    assert "thinking" in window.game_panel.refusal.text()
    assert len(window.game.moves) == 1
    window.on_cell_hovered(window.game.geometry.cell("b2"))  # no stone to place: none shown
    assert window.scene.ghost_cells == 0
    qtbot.waitUntil(lambda: window.computer.thinking_bar.value() > 0, timeout=60_000)
    qtbot.mouseClick(window.computer.move_now_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=10_000)
    assert window.game.to_move == BLACK


def test_the_computer_answers_from_the_opening_book(qtbot, answers):
    window = make_window(qtbot, answers)
    start(window, "y", computer_level=10, size=11, pie=False)
    click_cell(qtbot, window, window.game.geometry.cell("f4"))
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=10_000)
    # the analysis is off: the panel keeps the computer's view of the game to itself
    assert not window.computer.stats_label.text().startswith("Why")
    window.act_analyse.trigger()  # on: it explains the next move (from the book too)
    click_cell(qtbot, window, window.game.geometry.cell("b2"))
    qtbot.waitUntil(lambda: len(window.game.moves) == 4, timeout=10_000)
    # the book takes the centre against an off-centre first stone
    assert window.game.move_text(window.game.moves[1]) in {"g4", "h4", "h5"}


def test_cancel_stops_the_search_and_drops_its_answer(qtbot, answers):
    window = make_window(qtbot, answers)
    start(window, "y", computer_level=10, size=12, pie=False)  # no opening book
    click_cell(qtbot, window, window.game.geometry.cell("f6"))
    runner = window.computer.runner
    assert runner.busy
    with qtbot.waitSignal(runner._worker.finished, timeout=60_000):
        window.session.back()  # undo: cancels the search
    qtbot.wait(50)
    assert window.game.moves == [] and not runner.busy


def test_a_runner_deleted_with_its_owner_mid_search_ends_its_thread(qtbot):
    """A window deleted without being closed took its engine's runner with it, not the
    runner's thread: its Python object outlived the runner, and once collected while still
    running, Qt ended the process (a test worker crashed so, at random). The runner's end
    stops its search and its thread."""
    from PySide6.QtCore import QObject
    from shiboken6 import delete

    from ygui.ui.ai_runner import AiRunner

    owner = QObject()
    runner = AiRunner(owner)
    started = []
    game = Game(GameOptions(game="y", size=12, pie=False).validated())
    runner.start(
        game,
        SearchLimits(playouts=50_000_000),
        lambda *_: None,
        on_progress=lambda *_: started.append(True),
    )
    qtbot.waitUntil(lambda: bool(started), timeout=60_000)  # (searching now)
    thread = runner._thread
    delete(owner)  # (as deleteLater does to a window's children)
    assert not thread.isRunning()


def test_stale_answer_after_new_game_is_ignored(qtbot, answers):
    window = make_window(qtbot, answers)
    start(window, "y", computer_colour=BLACK, computer_level=8, size=9)
    assert window.computer.runner.busy
    start(window, "starboard-y")  # humans only
    qtbot.wait(1500)
    assert window.game.moves == []


def test_closing_while_it_thinks(qtbot, answers):
    window = make_window(qtbot, answers)
    start(window, "y", computer_level=10, size=12, pie=False)  # no opening book
    click_cell(qtbot, window, window.game.geometry.cell("f6"))
    qtbot.waitUntil(lambda: window.computer.thinking_bar.value() > 0, timeout=60_000)
    answers.save_choice = ["discard"]
    assert window.close()
    assert not window.computer.runner._thread.isRunning()


def test_engine_failure_is_reported_and_a_person_takes_over(qtbot, answers, monkeypatch):
    def broken(self, *args, **kwargs):
        raise RuntimeError("out of cheese")

    monkeypatch.setattr(Engine, "search", broken)
    window = make_window(qtbot, answers)
    start(window, "y", size=5)
    click_cell(qtbot, window, window.game.geometry.cell("c2"))
    qtbot.waitUntil(lambda: bool(answers.informed), timeout=10_000)
    assert "out of cheese" in answers.informed[0]
    assert not window.session.seat_for(WHITE).computer
    click_cell(qtbot, window, window.game.geometry.cell("a1"))
    assert len(window.game.moves) == 2


def test_undo_against_the_computer_returns_to_the_humans_turn(qtbot, answers):
    window = make_window(qtbot, answers)
    start(window, "y", size=5, pie=False)
    click_cell(qtbot, window, window.game.geometry.cell("c2"))
    wait_for_human(qtbot, window)
    assert len(window.game.moves) == 2
    window.act_undo.trigger()
    assert len(window.game.moves) == 0 and not window.computer.runner.busy


def test_left_and_right_against_the_computer_step_between_the_persons_turns(qtbot, answers):
    """Left goes back to the person's last turn and Right on to the next, over the computer's
    moves, and the board draws each position; the computer thinks at none of them."""
    window = make_window(qtbot, answers)
    start(window, "y", size=5, pie=False)
    for label in ("c2", "b2"):
        cell = window.game.geometry.cell(label)
        if window.game.colours[cell]:
            cell = next(c for c in range(15) if not window.game.colours[c])
        click_cell(qtbot, window, cell)
        wait_for_human(qtbot, window)
    assert window.session.move_number == 4
    seen = []
    for key in (Qt.Key.Key_Left, Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Right):
        qtbot.keyClick(window, key)
        assert mismatches(window) == [] and not window.computer.runner.busy
        assert window.session.seat_for(window.game.to_move).name == "Ann"
        seen.append(window.session.move_number)
        # (two moves at a time, said: tester 32 found nothing explaining it)
        assert "2 moves, to your turn" in window.statusBar().currentMessage()
    assert seen == [2, 0, 2, 4]
    # the panel's step buttons as the keys: two moves at a time, said, and the words gone
    # once the view moves on (they stood after a step forward, tester 51)
    window.game_panel.nav_buttons["back"].click()
    assert window.session.move_number == 2
    assert "2 moves, to your turn" in window.statusBar().currentMessage()
    window.game_panel.nav_buttons["last"].click()
    assert window.session.move_number == 4 and window.statusBar().currentMessage() == ""
    window.act_undo.trigger()
    window.act_redo.trigger()  # Redo as Right
    assert window.session.move_number == 4 and mismatches(window) == []
    # Shift and the arrows step one move, the computer's too (tester 24)
    seen = []
    for key in (Qt.Key.Key_Left, Qt.Key.Key_Left, Qt.Key.Key_Right):
        qtbot.keyClick(window, key, Qt.KeyboardModifier.ShiftModifier)
        assert mismatches(window) == [] and not window.computer.runner.busy
        seen.append(window.session.move_number)
        # (the words of two moves at a time are gone under a single step: tester 34)
        assert "moves, to your turn" not in window.statusBar().currentMessage()
    assert seen == [3, 2, 3]
    # and once the game is over, the arrows alone step one move (a game looked through)
    answers.yes_no = [True]
    window.act_resign.trigger()
    assert window.session.move_number == 4
    seen = []
    for key in (Qt.Key.Key_Left, Qt.Key.Key_Left, Qt.Key.Key_Right):
        qtbot.keyClick(window, key)
        assert mismatches(window) == [] and not window.computer.runner.busy
        seen.append(window.session.move_number)
    assert seen == [3, 2, 3]


def test_hint_and_analysis_with_heat_map(qtbot, answers):
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=7).validated(), ("A", "B"))
    window.act_hint.trigger()
    qtbot.waitUntil(lambda: window.computer.hint_cell is not None, timeout=60_000)
    assert "Hint:" in window.statusBar().currentMessage()
    window.act_heat.trigger()
    window.act_analyse.trigger()
    assert window.computer.dock.isVisible()
    qtbot.waitUntil(lambda: window.scene.heat_cells > 3, timeout=60_000)
    assert "%" in window.computer.win_label.text()
    assert window.computer.line_label.text() != "Best line: -"
    bar = window.computer.win_bar  # in the players' colours: Black's share dark, the rest white
    qtbot.waitUntil(lambda: 50 < bar.value() < 950, timeout=10_000)
    image = bar.grab().toImage()
    middle = image.height() // 2
    assert image.pixelColor(4, middle).lightnessF() < 0.45
    assert image.pixelColor(image.width() - 5, middle).lightnessF() > 0.85
    for item in window.scene._heat_items:  # never a stone's size: not taken for a stone
        cell = window.scene.cell_at(item.rect().center())
        assert item.rect().width() / 2 <= 0.7 * window.scene.radii[cell]
    legend = window.computer.heat_legend  # the map's key, in the analysis panel
    heat = window.scene.heat
    assert legend.isVisible() and heat is not None
    assert f"Most visited {heat.best}: " in legend.text and heat.best in window.game.geometry.labels
    assert legend.text.endswith("% of the search")  # (not a bare rate beside the board's)

    def key_centre_is_filled():  # the middle of the key's largest mark
        metrics = legend.fontMetrics()
        x = 8 + metrics.horizontalAdvance("fewest visits") + 8 + 9 + 5 * legend.STEP
        y = 4 + legend._text_height(legend.width()) + 4 + metrics.height() / 2
        image = legend.grab().toImage()
        ratio = image.width() / legend.width()
        seen = image.pixelColor(round(x * ratio), round(y * ratio))
        return seen.saturationF() > 0.3  # (the heat's purple, not the key's grey)

    assert not legend.rings and key_centre_is_filled()
    window.set_show_labels(True)  # the board's marks become rings: so do the key's (tester 82)
    qtbot.waitUntil(lambda: legend.rings)
    assert not key_centre_is_filled()
    window.set_show_labels(False)
    qtbot.waitUntil(lambda: not legend.rings)
    assert key_centre_is_filled()
    assert window.computer.dock.isAncestorOf(legend)
    assert legend.height() >= legend.sizeHint().height()  # the whole key, not squeezed
    # its words wrap where the panel is narrow (they were cut short: "46% of the sear…",
    # tester 83), and the key is as tall as they need
    one_line = legend.heightForWidth(2000)
    assert (
        legend.heightForWidth(legend.fontMetrics().horizontalAdvance(legend.text) // 2) > one_line
    )
    assert legend.height() >= legend.heightForWidth(legend.width())
    click_cell(qtbot, window, window.game.geometry.cell("d4"))  # analysis follows the game
    assert window.computer.runner.busy and not window.computer.runner.current.is_move
    window.act_analyse.trigger()
    assert not window.computer.runner.busy
    window.act_heat.trigger()
    assert window.scene.heat_cells == 0 and not legend.isVisible()


def test_the_analysis_marks_stay_on_the_board_through_a_theme_and_a_turn(qtbot, answers):
    """A tester's find: the dark theme (or turning the board) redrew the board without the
    heat map, the candidates and the hint's ring, and their key left the panel, while the
    menu still said they were on."""
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=7).validated(), ("A", "B"))
    window.act_heat.trigger()
    window.act_candidates.trigger()
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: window.scene.heat_cells > 3, timeout=60_000)
    qtbot.waitUntil(lambda: len(window.scene.candidate_marks) > 1, timeout=60_000)
    window.act_hint.trigger()
    qtbot.waitUntil(lambda: window.computer.hint_cell is not None, timeout=60_000)
    window.act_analyse.trigger()  # stopped: what it drew stays, and must stay as it is
    scene = window.scene

    def drawn():
        hint = [scene.cell_at(i.rect().center()) for i in scene._hint_items]
        heat = sorted(scene.cell_at(i.rect().center()) for i in scene._heat_items)
        return hint, heat, scene.candidate_marks, scene.heat

    before = drawn()
    assert before[0] == [window.computer.hint_cell]
    for change in (
        lambda: window.set_dark(True),
        lambda: window.rotate_board(1),
        lambda: window.set_dark(False),
    ):
        change()
        assert drawn() == before
        assert window.computer.heat_legend.isVisible()
    assert window.act_heat.isChecked() and window.act_candidates.isChecked()


def test_a_hint_during_an_analysis_keeps_it_going(qtbot, answers):
    """A hint asked while the analysis runs is the analysis's best move once it has searched
    as much as a hint would (the analysis is not interrupted); asked earlier, the hint's own
    search runs and the analysis then goes on (it used to stop, with the hint's figures left
    in its panel)."""
    from ygui.ui.computer import ANALYSIS

    window = make_window(qtbot, answers)
    # (Y 11: the analysis proves who wins such positions of Y 7, and then stops)
    window.start_new_game(GameOptions(game="y", size=11, pie=False).validated(), ("A", "B"))
    for label in ("d4", "c3"):
        click_cell(qtbot, window, window.game.geometry.cell(label))
    computer = window.computer
    window.act_analyse.trigger()
    qtbot.waitUntil(
        lambda: computer._analysis is not None and computer._analysis[1].playouts > 20_000,
        timeout=60_000,
    )
    request = computer.runner.current
    assert request is not None and request.limits is ANALYSIS
    window.act_hint.trigger()
    best = computer._analysis[1].move.cell
    assert computer.hint_cell == best and computer.runner.current is request
    assert window.statusBar().currentMessage().startswith("Hint: ")
    (ring,) = window.scene._hint_items  # drawn on the board, round the cell
    assert ring.rect().center() == window.scene.cell_position(best)
    # a new position: the hint comes before the analysis has searched enough
    click_cell(qtbot, window, window.game.geometry.cell("e3"))
    window.act_hint.trigger()
    assert computer.runner.current is not None and computer.runner.current.limits is not ANALYSIS
    qtbot.waitUntil(lambda: computer.hint_cell is not None, timeout=60_000)
    assert window.game.colours[computer.hint_cell] == 0
    qtbot.waitUntil(
        lambda: computer.runner.current is not None and computer.runner.current.limits is ANALYSIS,
        timeout=10_000,
    )
    qtbot.waitUntil(lambda: "playouts" in computer.stats_label.text(), timeout=10_000)
    count = computer._analysis[1].playouts
    qtbot.waitUntil(lambda: computer._analysis[1].playouts > count, timeout=30_000)
    assert computer.analyse_box.isChecked() and mismatches(window) == []
    # the hint's ring follows the analysis's best move as it goes on, and the status line
    # names the cell the ring is on
    qtbot.waitUntil(lambda: computer.hint_cell == computer._analysis[1].move.cell, timeout=5000)
    # (as it was when the hint was shown on a move the analysis has since left)
    elsewhere = (m.cell for m in window.game.legal_moves() if m.cell != computer.hint_cell)
    left = next(c for c in elsewhere if c is not None)
    computer.set_hint(left)
    window.statusBar().showMessage(f"Hint: {window.game.geometry.labels[left]} (...)")
    qtbot.waitUntil(lambda: computer.hint_cell == computer._analysis[1].move.cell, timeout=5000)
    named = window.game.geometry.labels[computer.hint_cell]
    assert window.statusBar().currentMessage().startswith(f"Hint: {named} ")


def test_a_hint_stays_when_the_analysis_starts(qtbot, answers):
    """H, then A: the hint's ring stays on the board (it vanished as the analysis started),
    and follows the analysis's best move from then on."""
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=9, pie=False).validated(), ("A", "B"))
    click_cell(qtbot, window, window.game.geometry.cell("e3"))
    computer = window.computer
    window.act_hint.trigger()
    qtbot.waitUntil(lambda: computer.hint_cell is not None, timeout=60_000)
    hint = computer.hint_cell
    window.act_analyse.trigger()
    assert computer.hint_cell == hint
    (ring,) = window.scene._hint_items
    assert ring.rect().center() == window.scene.cell_position(hint)
    qtbot.waitUntil(lambda: computer._analysis is not None, timeout=60_000)
    qtbot.waitUntil(lambda: computer.hint_cell == computer._analysis[1].move.cell, timeout=5000)
    assert len(window.scene._hint_items) == 1 and mismatches(window) == []
    window.act_analyse.trigger()


def test_analysis_goes_on_from_where_it_was(qtbot, answers):
    """Analysis keeps growing on the position shown, and coming back to a position analysed
    before goes on from that search: its playouts count on from where they were."""
    from ygui.core.tree import GameTree

    window = make_window(qtbot, answers)
    # (Y 11: the analysis proves who wins such positions of Y 7, and then stops)
    window.start_new_game(GameOptions(game="y", size=11, pie=False).validated(), ("A", "B"))
    for label in ("d4", "c3"):
        click_cell(qtbot, window, window.game.geometry.cell(label))
    window.act_analyse.trigger()
    node = window.session.current

    def playouts(n):
        return (GameTree.analysis(n) or (0.5, 0))[1]

    qtbot.waitUntil(lambda: playouts(node) >= 3000, timeout=60_000)
    qtbot.keyClick(window, Qt.Key.Key_Left)
    earlier = window.session.current
    qtbot.waitUntil(lambda: playouts(earlier) >= 1000, timeout=60_000)
    assert mismatches(window) == []
    before = playouts(node)
    qtbot.keyClick(window, Qt.Key.Key_Right)
    assert window.session.current is node and mismatches(window) == []
    qtbot.waitUntil(lambda: "from before" in window.computer.stats_label.text(), timeout=60_000)
    assert playouts(node) > before
    window.act_analyse.trigger()
    assert not window.computer.runner.busy


def test_several_search_threads_move_now_and_close(qtbot, answers, monkeypatch):
    """On a machine with more cores the window's engine searches several trees: "Move now"
    stops them all and plays, and closing the window while they think stops them too."""
    monkeypatch.setattr("ygui.ui.ai_runner.window_threads", lambda: 2)
    window = make_window(qtbot, answers)
    start(window, "y", computer_level=10, size=12, pie=False)  # no opening book
    click_cell(qtbot, window, window.game.geometry.cell("f6"))
    qtbot.waitUntil(lambda: window.computer.thinking_bar.value() > 0, timeout=60_000)
    assert window.computer.runner._worker.engine.threads == 2
    qtbot.mouseClick(window.computer.move_now_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=10_000)
    click_cell(qtbot, window, next(c for c in window.game.legal_cells()))
    assert len(window.game.moves) == 3
    qtbot.waitUntil(lambda: window.computer.thinking_bar.value() > 0, timeout=60_000)
    answers.save_choice = ["discard"]
    assert window.close()
    assert not window.computer.runner._thread.isRunning()


def _think_hard(qtbot, window):
    """Level 10 on Y 12 (no book), thinking for White after Black's f6, with progress shown."""
    start(window, "y", computer_level=10, size=12, pie=False)
    click_cell(qtbot, window, window.game.geometry.cell("f6"))
    qtbot.waitUntil(lambda: window.computer.thinking_bar.value() > 0, timeout=60_000)
    runner = window.computer.runner
    return runner.current.ident, runner.current.limits.playouts_on(78)


def _undo_then_move(qtbot, window):
    window.act_undo.trigger()
    click_cell(qtbot, window, window.game.geometry.cell("e5"))


def _new_game_computer_first(qtbot, window):
    start(window, "y", computer_colour=BLACK, computer_level=3, size=9, pie=False)


def _another_game(qtbot, window):
    start(window, "hexagonal-y", computer_colour=BLACK, computer_level=3, size=4)


@pytest.mark.parametrize("action", [_undo_then_move, _new_game_computer_first, _another_game])
def test_a_search_nobody_wants_stops_before_the_next_begins(qtbot, answers, action):
    """Behaviour, not timing: after the action the abandoned search ends, stopped far short of
    its budget, before the search the new position asks for starts."""
    window = make_window(qtbot, answers)
    old, budget = _think_hard(qtbot, window)
    runner = window.computer.runner
    action(qtbot, window)
    new = runner.current.ident
    assert new != old
    qtbot.waitUntil(lambda: ("start", new, 0) in runner.journal, timeout=60_000)
    journal = runner.journal
    ended = [e for e in journal if e[0] == "end" and e[1] == old]
    assert ended, journal
    assert journal.index(ended[0]) < journal.index(("start", new, 0))
    assert ended[0][2] < budget // 2  # stopped, not run to its end
    runner.cancel()


def test_candidates_are_listed_drawn_and_their_lines_previewed(qtbot, answers):
    """The analysis lists the engine's candidate moves (win rate, visits, line); the board
    labels them when asked; hovering a row shows that move's line as numbered stones, and
    leaving the table puts the best line's preview back. (Y 9: the empty Y 7 is proved in a
    few thousand playouts, and its analysis stops there.)"""
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=9, pie=False).validated(), ("A", "B"))
    computer = window.computer
    table = computer.candidates_table
    window.act_candidates.trigger()
    window.act_analyse.trigger()
    qtbot.waitUntil(
        lambda: table.rowCount() >= 3 and int(table.item(0, 2).text().replace(",", "")) > 3000,
        timeout=60_000,
    )
    window.act_analyse.trigger()  # stopped: what it found stays in view
    assert not computer.runner.busy and table.rowCount() >= 3
    rows = [[table.item(r, c).text() for c in range(4)] for r in range(table.rowCount())]
    visits = [int(row[2].replace(",", "")) for row in rows]
    assert visits == sorted(visits, reverse=True) and visits[0] > 0
    assert all(row[1].endswith("%") and row[3].split()[0] == row[0] for row in rows)
    assert computer.line_label.text().removeprefix("Best line: ").startswith(rows[0][3])
    labels = window.game.geometry.labels
    drawn = window.scene.candidate_marks
    assert drawn == [row[1] for row in rows if row[0] in labels][: len(drawn)] and drawn
    assert window.scene.preview_stones == 0  # the best line's preview is off
    second_line = rows[1][3].split()
    point = QPointF(table.visualItemRect(table.item(1, 0)).center())
    move = QMouseEvent(
        QEvent.Type.MouseMove,
        point,
        table.viewport().mapToGlobal(point),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(table.viewport(), move)  # the pointer on the second row
    qtbot.waitUntil(lambda: window.scene.preview_stones == len(second_line), timeout=5_000)
    # a previewed stone hides what is under it: its candidate's percentage, the cell's name
    scene = window.scene
    cell = window.game.geometry.cell(second_line[0])
    assert cell in {c for c, _, _ in computer.candidate_marks}

    def picture():
        p, r = scene.cell_position(cell), scene.radii[cell]
        image = QImage(64, 64, QImage.Format.Format_ARGB32)
        image.fill(0)
        painter = QPainter(image)
        scene.render(painter, QRectF(0, 0, 64, 64), QRectF(p.x() - r, p.y() - r, 2 * r, 2 * r))
        painter.end()
        return image

    window.act_labels.setChecked(True)
    shown = picture()
    scene.set_candidates(None)
    window.act_labels.setChecked(False)
    assert picture() == shown
    scene.set_candidates(computer.candidate_marks)
    # the panel scrolled with the wheel under a still pointer: the row's line goes
    window.resize(1000, 450)
    bar = computer.dock.widget().verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=2000)
    assert window.scene.preview_stones == len(second_line)
    bar.setValue(bar.maximum())
    assert window.scene.preview_stones == 0
    computer.candidates_table.hovered.emit(1)
    assert window.scene.preview_stones == len(second_line)

    def shaded() -> list[int]:  # the rows drawn shaded (the one whose line the board shows)
        return sorted(
            {
                row
                for row in range(table.rowCount())
                for column in range(table.columnCount())
                if table.item(row, column).background().color().alpha() > 0
            }
        )

    assert shaded() == [1]
    computer.candidates_table.hovered.emit(-1)  # the pointer leaves the table
    assert window.scene.preview_stones == 0 and shaded() == []
    window.act_candidates.trigger()
    assert window.scene.candidate_marks == []
    click_cell(qtbot, window, window.game.geometry.cell("d4"))  # a new position: cleared
    assert table.rowCount() == 0


def test_no_move_is_made_while_the_resign_question_is_open(qtbot, answers):
    window = make_window(qtbot, answers)
    seats = (Seat("One", computer=True, level=3), Seat("Two", computer=True, level=3))
    options = GameOptions(game="y", size=9, pie=False).validated()
    window.start_new_game(options, ("One", "Two"), seats)
    qtbot.waitUntil(lambda: len(window.game.moves) >= 2, timeout=30_000)
    seen = {}

    def ask(title, text):
        before = len(window.session.tree.main_line())
        qtbot.wait(600)  # the question is open for a while: the computers wait
        seen["moves"] = (before, len(window.session.tree.main_line()))
        return False

    window.ask_yes_no = ask
    window.act_resign.trigger()
    assert seen["moves"][0] == seen["moves"][1]
    assert window.session.result is None
    # answered No: the game goes on
    qtbot.waitUntil(lambda: len(window.session.tree.main_line()) > seen["moves"][1], timeout=30_000)
    window.computer.set_paused(True)


FIGURE = (
    "(;FF[4]CA[UTF-8]AP[ygui:0.1.0]YV[1]YG[y]YO[size=9 pie=on turns=standard]"
    "AB[c1][d2][f2][e3][h3][f4][e5][g5]AW[b2][g2][d3][f3][e4][g4][h5][f6]PL[W])"
)


def test_a_proved_positions_other_moves_of_many_playouts_are_shown(qtbot, answers, tmp_path):
    """Tester 87's figure, White to play: the search proves h7 wins and stops; h6 and i7, of
    20,261 and 15,774 playouts, 77% and 69%, were greyed as rates "from a few playouts" and
    left off the board, and both win. A move of ROUGH_PLAYOUTS or more keeps its rate, in
    the table and on the board."""
    from ygui.ui.computer import ROUGH_PLAYOUTS

    path = tmp_path / "figure.ysgf"
    path.write_text(FIGURE, encoding="utf-8")
    window = make_window(qtbot, answers)
    window.open_path(path)
    computer = window.computer
    window.act_candidates.trigger()
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: "proved" in computer.win_label.text(), timeout=60_000)
    qtbot.waitUntil(lambda: not computer.runner.busy, timeout=60_000)
    table = computer.candidates_table
    assert table.item(0, 0).text() == "h7" and table.item(0, 1).text().startswith("win in")
    rows = {
        table.item(r, 0).text(): (table.item(r, 1).text(), table.item(r, 2).text())
        for r in range(table.rowCount())
    }
    many = {
        move: rate
        for move, (rate, playouts) in rows.items()
        if rate.endswith("%") and int(playouts.replace(",", "")) >= ROUGH_PLAYOUTS
    }
    assert many  # (h6 and i7 in the tester's run)
    drawn = {cell: label for cell, label, _ in computer.candidate_marks}
    geometry = window.game.geometry
    for move, rate in many.items():
        assert drawn.get(geometry.cell(move)) == rate
        row = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == move)
        assert table.item(row, 0).foreground().color() != QColor(Qt.GlobalColor.gray)


def test_the_analysis_says_when_the_search_proved_the_position(qtbot, answers):
    """Once the search proves a win the panel says who wins and within how many stones, the
    candidates table and the board's marks say "win" or "loss" for the proved moves, and the
    analysis stops by itself: there is nothing more to learn."""
    rng = random.Random(3)
    opts = GameOptions(game="y", size=7, pie=False).validated()
    for _ in range(40):  # a position the search proves (found as the window's engine would)
        game = Game(opts)
        while game.empty_count() > 14 and not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        if game.is_over:
            continue
        found = Engine(seed=1).search(game, SearchLimits(100_000))
        if found.proved > 1 and found.reason == "search":
            break
    else:
        pytest.fail("no proved position found")
    window = make_window(qtbot, answers)
    window.start_new_game(opts, ("A", "B"))
    for move in game.moves:
        assert window.session.play(move) is None
    computer = window.computer
    window.act_candidates.trigger()
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: "proved" in computer.win_label.text(), timeout=60_000)
    qtbot.waitUntil(lambda: not computer.runner.busy, timeout=60_000)  # stopped by itself
    mover = window.game.colour_name(window.game.to_move)
    text = computer.win_label.text()
    assert text.startswith(f"{mover} wins (proved: the game ends within ") and "stone" in text
    table = computer.candidates_table
    # the table says how soon ("win in 5"): its order, quickest win first and slowest loss
    # last, read as none without it (tester 37); the board's marks say "win" or "loss"
    assert re.fullmatch(r"win in \d+", table.item(0, 1).text())
    assert "this move wins" in table.item(0, 1).toolTip()
    rows = [table.item(r, 1).text() for r in range(table.rowCount())]
    assert all(re.fullmatch(r"(win|loss) in \d+|\d+%", r) for r in rows)
    proved = [int(r.split()[-1]) * (1 if r.startswith("win") else -1) for r in rows if " in " in r]
    wins, losses = [p for p in proved if p > 0], [p for p in proved if p < 0]
    assert proved == wins + losses and wins == sorted(wins)
    marks = window.scene.candidate_marks
    assert marks[0] == "win"
    # the board labels the proved moves, and the others with a rate of many playouts; those
    # of a few playouts are greyed in the table and left off the board ("0%" of one visit
    # read as a real figure; but rates of 20,261 and 15,774 playouts were left off too, and
    # both moves won, tester 87)
    from ygui.ui.computer import ROUGH_PLAYOUTS

    rated = [r for r in range(table.rowCount()) if table.item(r, 1).text().endswith("%")]
    many = [r for r in rated if int(table.item(r, 2).text().replace(",", "")) >= ROUGH_PLAYOUTS]
    assert sorted(m for m in marks if m.endswith("%")) == sorted(
        table.item(r, 1).text() for r in many
    )
    assert len(marks) == len(proved) + len(many)
    for r in rated:
        greyed = table.item(r, 0).foreground().color() == QColor(Qt.GlobalColor.gray)
        assert greyed == (r not in many), table.item(r, 0).text()
    assert (
        window.computer.line_label.text()
        .removeprefix("Best line: ")
        .startswith(table.item(0, 0).text())
    )
    assert computer.win_bar.isEnabled() and computer.win_bar.value() == 1000 * (mover == "Black")
    # the bar says it too: all of one colour, it was read as an empty box (a tester's finding)
    assert computer.win_bar.isTextVisible() and computer.win_bar.text() == f"{mover} 100%"
    _check_the_bar_text_reads(computer.win_bar)
    computer.set_win_bar(0.53, window.session.game)  # (near even: half on each colour)
    assert computer.win_bar.text() == "Black 53%"
    _check_the_bar_text_reads(computer.win_bar)
    window.act_dark.trigger()  # and in the dark theme
    assert window.theme.name == "dark"
    _check_the_bar_text_reads(computer.win_bar)
    window.act_dark.trigger()
    window.act_analyse.trigger()
    window.act_hint.trigger()  # the hint says the move is a proved win
    qtbot.waitUntil(lambda: "Hint:" in window.statusBar().currentMessage(), timeout=60_000)
    assert "(a proved win" in window.statusBar().currentMessage()
    window.session.back()  # a position not analysed: nothing said of it, an empty bar
    assert computer.win_label.text() == "Win probability: -" and not computer.win_bar.isEnabled()
    assert not computer.win_bar.isTextVisible()


def test_search_sizes_are_said_in_words():
    from ygui.core.game import Move
    from ygui.ui.computer import search_stats

    one = SearchResult(Move(0), 0.5, 1, (), seconds=0.01)
    assert search_stats(one) == "1 playout in under 0.1\N{NO-BREAK SPACE}s"  # (not "0.0 s")
    more = SearchResult(Move(0), 0.5, 2_000, (), seconds=0.25, tree_playouts=5_000)
    assert (
        search_stats(more)
        == "5,000 playouts: 3,000 from before, 2,000 more in 0.2\N{NO-BREAK SPACE}s"
    )


@pytest.mark.usefixtures("compiled_engine")
def test_the_computer_says_why_it_opened_where_it_did_under_the_pie_rule(qtbot, answers):
    """Its swap and its keeping were explained, its first stone was not: a player deciding
    whether to swap was told nothing (tester 77). Said in the status bar and kept with the
    move in the list; a first stone without the pie rule is not said so."""
    window = make_window(qtbot, answers)
    seats = (Seat("Computer", computer=True, level=3), Seat("Ann"))
    options = GameOptions(game="y", size=7, pie=True).validated()
    window.start_new_game(options, ("Computer", "Ann"), seats)
    qtbot.waitUntil(lambda: len(window.game.moves) == 1, timeout=30_000)
    said = window.statusBar().currentMessage()
    opened = window.game.move_text(window.game.moves[0])
    assert said == (
        f"Computer (level 3) opened {opened}: under the pie rule it plays a first stone it "
        "judges near even. Ann may swap and take it, or answer it."
    ), said
    rows = [window.game_panel.moves_list.item(i).text() for i in range(2)]
    assert rows[1] == f"1. Black {opened} (opened near even: the pie rule)", rows
    window.start_new_game(replace(options, pie=False), ("Computer", "Ann"), seats)
    qtbot.waitUntil(lambda: len(window.game.moves) == 1, timeout=30_000)
    assert "pie rule" not in window.statusBar().currentMessage()
    assert "(" not in window.game_panel.moves_list.item(1).text()


@pytest.mark.usefixtures("compiled_engine")
def test_the_computer_says_when_it_swaps(qtbot, answers):
    """Under the pie rule a computer that swaps says so in the status bar (the board shows no
    new stone; only the names beside the colours change: a tester did not notice it)."""
    from ygui.ai.book import EMPTY, books

    window = make_window(qtbot, answers)
    seats = (Seat("Ann"), Seat("Computer", computer=True, level=7))
    options = GameOptions(game="y", size=11, pie=True).validated()
    window.start_new_game(options, ("Ann", "Computer"), seats)
    (book,) = [b for b in books() if b.key == ("y", "size=11", "turns=standard")]
    opening = book.positions[EMPTY]
    strongest = max(opening, key=opening.__getitem__)  # the book swaps it (worth 0.70)
    click_cell(qtbot, window, strongest)
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=30_000)
    assert window.game.moves[-1].is_swap and window.game.to_move == WHITE
    said = window.statusBar().currentMessage()
    assert re.fullmatch(
        r"Computer \(level 7\) swapped \(pie rule\) and plays Black: the first stone won "
        r"(\d+) of \1 book games for its owner\. Ann plays White, to move\.",
        said,
    ), said
    assert window.game_panel.player_labels[WHITE].text() == "<b>▶ White: Ann</b>"
    window.act_undo.trigger()  # undone and played again: said again
    assert len(window.game.moves) == 0
    window.statusBar().clearMessage()
    click_cell(qtbot, window, strongest)
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=30_000)
    assert "swapped (pie rule)" in window.statusBar().currentMessage()
    free = next(c for c in range(window.game.geometry.size) if not window.game.colours[c])
    click_cell(qtbot, window, free)  # the game goes on: the note goes
    assert "swapped" not in window.statusBar().currentMessage()
    # the move list keeps why, with the swap (the status bar's went unseen: tester 36)
    rows = [window.game_panel.moves_list.item(i).text() for i in range(4)]
    assert re.fullmatch(
        r"2\. White swaps: Computer plays Black from here \(the first stone won "
        r"(\d+) of \1 book games for its owner\)",
        rows[2],
    ), rows
    assert "(" not in rows[1] and "(" not in rows[3]
    # a first stone it keeps is said too, with its worth (tester 27 was told nothing)
    window.start_new_game(options, ("Ann", "Computer"), seats)
    click_cell(qtbot, window, window.game.geometry.cell("a1"))
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=30_000)
    reply = window.game.moves[-1]
    assert not reply.is_swap
    said = window.statusBar().currentMessage()
    worth = re.fullmatch(
        r"Computer \(level 7\) did not swap \(pie rule\): the first stone won (\d+) of "
        r"(\d+) book games for its owner\. It played (\w+)\.",
        said,
    )
    assert worth is not None, said
    assert int(worth[1]) < int(worth[2]) / 2 and worth[3] == window.game.move_text(reply)
    kept = (
        f"2. White {worth[3]} (did not swap: the first stone won {worth[1]} of {worth[2]} "
        "book games for its owner)"
    )
    assert window.game_panel.moves_list.item(2).text() == kept
    # the word on it goes once the game goes on (it stayed over the computer's next two
    # moves, tester 44)
    free = next(c for c in range(window.game.geometry.size) if not window.game.colours[c])
    click_cell(qtbot, window, free)
    assert "did not swap" not in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: len(window.game.moves) == 4, timeout=30_000)
    window.session.back()  # (back to the position after its move)
    window.session.back()
    # and kept in the record (tester 38 found them gone after a save)
    record = read_record(window.session.record_text())
    assert "did not swap: " in record.main_line()[1].extra["YC"][0]
    # where a search decides, its own figure: the swapper's chance, or the owner's after
    # the answer (a search's rate is its mover's)
    from ygui.ui.computer import pie_reason

    kept = SearchResult(reply, 0.7, 100, (reply,))
    assert pie_reason(window.game, kept, 3) == "it judged the first stone worth 30% to its owner"
    # a short search's figure the other way from its choice is not quoted (tester 30 read
    # "did not swap: it judged the first stone worth 62% to its owner")
    odd = SearchResult(reply, 0.38, 100, (reply,))
    assert pie_reason(window.game, odd, 1) == "its search at this level kept it"
    taken = SearchResult(SWAP, 0.7, 100, (SWAP,))
    assert pie_reason(window.game, taken, 3).endswith("worth 70% to its owner")
    # nor a book's games that argue the other way from the choice made at a level ("swapped
    # …: the first stone won 21 of 48 book games for its owner", tester 55)
    from ygui.ai.book import first_stone_games

    first = Game(GameOptions(game="y", size=11, pie=True).validated())
    first.play(Move(first.geometry.cell("f6")))
    wins, played = first_stone_games(first, 7)
    other = SWAP if wins / played <= 0.5 else reply
    verb = "took" if other == SWAP else "kept"
    assert pie_reason(first, SearchResult(other, 0.5, 100, (other,)), 7) == (
        f"at this level it {verb} it, though the first stone won {wins} of {played} book games "
        "for its owner"
    )


@pytest.mark.usefixtures("compiled_engine")
def test_the_computer_answers_a_move_played_again_after_an_undo(qtbot, answers):
    """Undo takes back the computer's reply and the move before it; playing that move again
    follows the game's own continuation, and the computer answers it (it used to wait, as it
    does when the game is only stepped through)."""
    window = make_window(qtbot, answers)
    seats = (Seat("Ann"), Seat("Computer", computer=True, level=3))
    window.start_new_game(GameOptions(game="y", size=7, pie=False).validated(), ("Ann", "C"), seats)
    d4 = window.game.geometry.cell("d4")
    click_cell(qtbot, window, d4)
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=30_000)
    window.act_undo.trigger()
    assert len(window.game.moves) == 0
    click_cell(qtbot, window, d4)
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=30_000)
    assert mismatches(window) == []
    # a position of the game where the computer is to move, chosen in the move list: it waits
    qtbot.keyClick(window, Qt.Key.Key_Home)
    moves = window.game_panel.moves_list
    moves.itemClicked.emit(moves.item(1))
    assert len(window.game.moves) == 1 and not window.computer.runner.busy
    qtbot.wait(300)
    assert len(window.game.moves) == 1 and mismatches(window) == []
    # a click there plays in the computer's place, and the window says so
    free = next(c for c in range(window.game.geometry.size) if not window.game.colours[c])
    click_cell(qtbot, window, free)
    assert len(window.game.moves) == 2 and mismatches(window) == []
    assert "in place of" in window.statusBar().currentMessage()


def test_the_computers_move_is_explained_with_the_moves_it_weighed(qtbot, answers):
    """After the computer's move the panel says why it played it, and its table keeps the
    moves it weighed (a tester found the table empty beside the explanation); their marks and
    lines were of the position before the move and are not drawn on the board."""
    window = make_window(qtbot, answers)
    # between people, the computer asked for a move (Ctrl+G): nobody's game is given away
    window.start_new_game(GameOptions(game="y", size=7, pie=False).validated(), ("A", "B"))
    click_cell(qtbot, window, window.game.geometry.cell("d4"))
    window.act_computer.trigger()
    # said in the status bar (Ctrl+G gave no word of what it did, tester 17)
    assert window.statusBar().currentMessage() == "The computer (level 5) plays White's move here."
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=30_000)
    computer = window.computer
    move = window.game.move_text(window.game.moves[1])
    # and which move it played (tester 18)
    assert window.statusBar().currentMessage() == f"The computer played {move} for White."
    assert computer.stats_label.text().startswith(f"Why White played {move}: ")
    table = computer.candidates_table
    assert table.rowCount() >= 2 and table.item(0, 0).text() == move
    assert computer.candidate_lines == [] and computer.candidate_marks == []
    assert window.scene.candidate_marks == [] and window.scene.preview_stones == 0
    assert mismatches(window) == []
    click_cell(qtbot, window, window.game.geometry.cell("c3"))  # the game goes on: cleared
    assert not computer.stats_label.text().startswith(f"Why White played {move}: ")
    assert computer.candidate_lines == [] or len(window.game.moves) > 3


def test_a_game_against_the_computer_starts_with_the_analysis_off(qtbot, answers):
    """Left on from studying, the analysis would show the player the engine's view of the
    game, and two people each other's mistakes; a game between computers keeps it."""
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"))
    window.act_analyse.trigger()
    assert window.computer.analyse_box.isChecked()
    start(window, "y", size=5, pie=False)
    assert not window.computer.analyse_box.isChecked() and not window.computer.runner.busy
    assert "analysis is off" in window.statusBar().currentMessage()
    window.act_analyse.trigger()  # the player may turn it on again
    assert window.computer.analyse_box.isChecked()
    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"))
    assert window.computer.analyse_box.isChecked()  # (a game without players: a study)
    # two people at one computer: it would show each the other's mistakes (tester 20)
    window.start_new_game(
        GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"), (Seat("A"), Seat("B"))
    )
    assert not window.computer.analyse_box.isChecked()
    assert "game between two people" in window.statusBar().currentMessage()
    window.act_analyse.trigger()
    computers = (Seat("C1", computer=True, level=1), Seat("C2", computer=True, level=1))
    window.start_new_game(
        GameOptions(game="y", size=5, pie=False).validated(), ("C1", "C2"), computers
    )
    assert window.computer.analyse_box.isChecked()  # the computers' game, watched
    window.act_analyse.trigger()


def test_a_swap_is_explained_by_the_players_names(qtbot, answers):
    """The colours change hands with a swap: its explanation names the players, and gives
    the swapper's share to the swapper (it gave it to the colour the swapper had left)."""
    from types import SimpleNamespace

    window = make_window(qtbot, answers)
    options = GameOptions(game="y", size=7, pie=True).validated()
    window.start_new_game(options, ("Ann", "Bo"))
    click_cell(qtbot, window, window.game.geometry.cell("d4"))
    computer = window.computer
    result = SearchResult(SWAP, 0.7, 1000, (SWAP,))
    computer._explain(SimpleNamespace(game=window.game.copy()), result)
    assert computer.stats_label.text().startswith("Why Bo swapped: ")
    assert computer.win_label.text() == "Win probability: Bo 70% · Ann 30% (Bo now plays Black)"
    assert computer.win_bar.value() == 700


def test_the_heat_map_turned_on_after_the_analysis_stopped_shows_what_it_found(qtbot, answers):
    """A tester turned the heat map off and on again once the analysis had stopped: the
    board stayed blank and the key was gone. It shows the analysis of the position shown."""
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=9, pie=False).validated(), ("A", "B"))
    computer = window.computer
    computer.heat_box.setChecked(True)
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: window.scene.heat is not None, timeout=30_000)
    window.act_analyse.trigger()  # stopped
    qtbot.waitUntil(lambda: not computer.runner.busy, timeout=10_000)
    computer.heat_box.setChecked(False)
    assert window.scene.heat is None and not window.scene._heat_items
    computer.heat_box.setChecked(True)
    assert window.scene.heat is not None and window.scene._heat_items
    assert not computer.heat_legend.isHidden()
    click_cell(qtbot, window, window.game.geometry.cell("e5"))  # another position: no map
    computer.heat_box.setChecked(False)
    computer.heat_box.setChecked(True)
    assert window.scene.heat is None


def test_a_stopped_analysis_stays_through_a_dialog_cancelled(qtbot, answers):
    """Tester 19 stopped the analysis, opened the new-game dialog with Ctrl+N and cancelled
    it: the panel was blank ("Win probability: -") and stayed so."""
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=9, pie=False).validated(), ("A", "B"))
    computer = window.computer
    computer.heat_box.setChecked(True)
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: computer.candidates_table.rowCount() > 0, timeout=30_000)
    window.act_analyse.trigger()  # stopped
    qtbot.waitUntil(lambda: not computer.runner.busy, timeout=10_000)
    shown = (
        computer.win_label.text(),
        computer.line_label.text(),
        computer.stats_label.text(),
        computer.candidates_table.rowCount(),
    )
    assert shown[0].startswith("Win probability: Black") and shown[3] > 0
    window.run_new_game_dialog = lambda: None  # the dialog, cancelled
    window.act_new.trigger()
    after = (
        computer.win_label.text(),
        computer.line_label.text(),
        computer.stats_label.text(),
        computer.candidates_table.rowCount(),
    )
    assert after == shown
    assert window.scene.heat is not None and window.scene._heat_items
    assert not computer.runner.busy  # (and it did not start again)
    # a move is another position: its figures go
    click_cell(qtbot, window, window.game.geometry.cell("e5"))
    assert computer.win_label.text() == "Win probability: -"
    assert computer.candidates_table.rowCount() == 0 and window.scene.heat is None


def test_a_proved_position_fills_the_bar_for_its_winner(qtbot, answers):
    """Proved, the analysis says who wins, and its bar says the same: all the winner's (it
    stayed at the search's 90% under "Black wins (proved)", a tester's finding)."""
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"))
    for label in ("c2", "d1", "d3", "e1", "c1"):  # Black has won by links, White to move
        click_cell(qtbot, window, window.game.geometry.cell(label))
    computer = window.computer
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: "(proved" in computer.win_label.text(), timeout=30_000)
    assert computer.win_label.text().startswith("Black wins (proved")
    assert computer.win_bar.value() == 1000
    window.act_analyse.trigger()
    # proved by the solver where the search is unsure: the bar follows the proof
    from types import SimpleNamespace

    from ygui.ai.engine import Engine, SearchLimits

    window.start_new_game(GameOptions(game="y", size=9, pie=False).validated(), ("A", "B"))
    game = window.game
    unsure = Engine(seed=1).search(game, SearchLimits(200))
    assert 0.05 < unsure.win_rate < 0.95 and not unsure.proved
    computer.proved = lambda _game: ("Black wins (proved)", BLACK)
    computer.show_analysis(SimpleNamespace(game=game), unsure)
    assert computer.win_label.text() == "Black wins (proved)"
    assert computer.win_bar.value() == 1000


def test_a_swap_best_is_framed_on_the_first_stone(qtbot, answers):
    """Tester 6: with the swap the best move (first in the table), the board framed the
    second candidate, g3, as the best; the swap is now marked on the first stone, which it
    takes, framed as the best, with "swap" on it."""
    from ygui.ai.engine import Candidate
    from ygui.core.game import Move

    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=7, pie=True).validated(), ("A", "B"))
    click_cell(qtbot, window, window.game.geometry.cell("d4"))
    game = window.game
    g3, e2 = Move(game.geometry.cell("g3")), Move(game.geometry.cell("e2"))
    swap_first = (Candidate(SWAP, 900, 0.48, (SWAP,)), Candidate(g3, 500, 0.47, (g3,)))
    computer = window.computer
    computer.candidates_box.setChecked(True)

    def framed() -> list[bool]:
        marks = [i for i in window.scene._candidate_items if hasattr(i, "path")]
        return [m.pen().color().name() == "#1e88e5" for m in marks]

    computer._fill_candidates(game, SearchResult(SWAP, 0.48, 1400, (SWAP,), candidates=swap_first))
    assert window.scene.candidate_marks == ["48%", "47%"] and framed() == [True, False]
    assert window.scene.candidate_names == ["swap"]
    cell_first = (Candidate(g3, 900, 0.52, (g3,)), Candidate(e2, 500, 0.47, (e2,)))
    computer._fill_candidates(game, SearchResult(g3, 0.52, 1400, (g3,), candidates=cell_first))
    assert window.scene.candidate_marks == ["52%", "47%"] and framed() == [True, False]


def test_the_thinking_line_keeps_the_computers_view_from_its_opponent(qtbot, answers):
    """Against the computer with the analysis off, its thinking line says how far it has got,
    not its win probability (the engine's view of the game, which a tester read there); with
    the analysis on it says that too."""
    window = make_window(qtbot, answers)
    start(window, "y", computer_level=10, size=9, pie=False)
    label = window.computer.thinking_label
    click_cell(qtbot, window, window.game.geometry.cell("e5"))
    qtbot.waitUntil(lambda: "playouts" in label.text(), timeout=60_000)
    assert "win probability" not in label.text() and "win probability" not in label.toolTip()
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: "win probability" in label.text(), timeout=60_000)
    window.act_undo.trigger()  # (stops it)


def _check_the_bar_text_reads(bar) -> None:
    """The win bar's text is drawn on a chip of the window's base colour, in its text colour,
    whatever the colours of the bar under it (near an even share "53%" was white on white, a
    tester's finding)."""
    image = bar.grab().toImage()
    chip = bar.chip_rect()
    assert not chip.isEmpty() and bar.rect().contains(chip)
    base = bar.chip_palette().color(QPalette.ColorRole.Base)
    text = bar.chip_palette().color(QPalette.ColorRole.Text)
    # text and chip far apart in lightness (in the dark theme the chip was white under the
    # theme's light text, a tester's finding)
    assert abs(base.lightnessF() - text.lightnessF()) > 0.5
    ratio = image.width() / bar.width()  # (device pixels)
    y = int(chip.center().y() * ratio)
    assert image.pixelColor(int((chip.left() + 3) * ratio), y) == base
    assert image.pixelColor(int((chip.right() - 3) * ratio), y) == base
    inside = [
        image.pixelColor(int(x * ratio), int(row * ratio))
        for x in range(chip.left() + 4, chip.right() - 3)
        for row in range(chip.top() + 2, chip.bottom() - 1)
    ]
    # the glyphs: pixels near the text colour, far from the base
    assert any(abs(c.lightnessF() - text.lightnessF()) < 0.25 for c in inside)


def test_a_hint_to_swap_says_which_colour_its_chances_are_for(qtbot, answers):
    """The swap's chances are the swapper's, who plays the first stone's colour after it:
    the hint said "White's win probability 67%" and after the swap the analysis said Black
    53% (a tester could not tell which was meant)."""
    from ygui.ai.engine import SearchResult

    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=7, pie=True).validated(), ("A", "B"))
    window.session.play(Move(window.game.geometry.cell("d4")))
    request = type("R", (), {"game": window.game.copy()})()
    window.computer._show_hint(request, SearchResult(SWAP, 0.67, 1000, ()))
    message = window.statusBar().currentMessage()
    assert message == "Hint: swap (you then play Black, with a win probability of 67%)"
    # and the board shows it: the first stone, which the swap takes, ringed with "swap" on it
    # (the board showed nothing for a swap's hint)
    assert hint_drawn(window) == ("d4", "swap")
    window.computer._show_hint(request, SearchResult(Move(3), 0.4, 1000, ()))
    assert window.statusBar().currentMessage().endswith("(White's win probability 40%)")
    assert hint_drawn(window) == (window.game.geometry.labels[3], None)
    # the analysis's candidates mark the swap there too, with its rate, framed as the best
    scene = window.computer.scene
    scene.set_candidates([(window.game.geometry.cell("d4"), "53%", 0.53), (3, "40%", 0.4)])
    assert scene.candidate_names == ["swap"] and scene.candidate_marks == ["53%", "40%"]
    window.session.play(SWAP)  # (once swapped, a mark left there is not the swap's)
    scene.set_candidates([(window.game.geometry.cell("d4"), "53%", 0.53)])
    assert scene.candidate_marks == []
    # from the opening book, its games are said (a centre stone of Y 11: "with a win
    # probability of 100%", from the book's games)
    y11 = Game(GameOptions(game="y", size=11, pie=True).validated())
    y11.play(Move(y11.geometry.cell("h4")))
    booked = Engine().search(y11, replace(SearchLimits.level(7), judge=True))
    assert booked.reason == "book" and booked.move.is_swap
    window.start_new_game(y11.options, ("A", "B"))
    window.session.play(Move(y11.geometry.cell("h4")))
    request = type("R", (), {"game": window.game.copy()})()
    window.computer._show_hint(request, booked)
    said = window.statusBar().currentMessage()
    assert said.startswith("Hint: swap (the first stone won ") and "book games" in said


def hint_drawn(window) -> tuple[str, str | None] | None:
    """The cell the board rings as the hint (the ring's centre's nearest cell) and the word
    drawn on it, if any."""
    from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsSimpleTextItem

    scene = window.computer.scene
    rings = [i for i in scene._hint_items if isinstance(i, QGraphicsEllipseItem)]
    if not rings:
        return None
    centre = rings[0].rect().center()
    cell = min(
        range(window.game.geometry.size),
        key=lambda c: (scene.cell_position(c) - centre).manhattanLength(),
    )
    words = [i.text() for i in scene._hint_items if isinstance(i, QGraphicsSimpleTextItem)]
    return window.game.geometry.labels[cell], (words[0] if words else None)


def test_a_stopped_analysis_says_so_and_a_hint_leaves_the_computers_view_out(qtbot, answers):
    """Tester 21: with "Analyse the position" unticked, the figures and marks it left read
    as an analysis still running; and a hint against the computer, the analysis off, filled
    the panel with the candidates of the computer's own search ("1,159,051 from before")."""
    from ygui.ui.computer import STOPPED

    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=9, pie=False).validated(), ("A", "B"))
    computer = window.computer
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: computer.candidates_table.rowCount() > 0, timeout=30_000)
    assert not computer.stats_label.text().endswith(STOPPED)
    window.act_analyse.trigger()  # stopped
    qtbot.waitUntil(lambda: not computer.runner.busy, timeout=10_000)
    assert computer.stats_label.text().endswith(STOPPED)
    assert computer.candidates_table.rowCount() > 0  # what it found stays
    window.act_analyse.trigger()  # on again: no longer said to be stopped
    qtbot.waitUntil(lambda: not computer.stats_label.text().endswith(STOPPED), timeout=30_000)
    window.act_analyse.trigger()
    click_cell(qtbot, window, window.game.geometry.cell("e5"))  # another position
    assert not computer.stats_label.text().endswith(STOPPED)

    start(window, "y", computer_level=3, size=7, pie=False)
    click_cell(qtbot, window, window.game.geometry.cell("d4"))
    wait_for_human(qtbot, window)
    assert not computer.analyse_box.isChecked()
    window.act_hint.trigger()
    qtbot.waitUntil(lambda: computer.hint_cell is not None, timeout=30_000)
    assert window.statusBar().currentMessage().startswith("Hint: ")
    assert computer.candidates_table.rowCount() == 0
    assert computer.win_label.text() == "Win probability: -"
    assert computer.line_label.text() == "Best line: -"


def test_a_click_refused_while_the_computer_thinks_is_said_through_its_turn(qtbot, answers):
    """Tester 21 clicked during the computer's turn of several stones and saw no word: the
    refusal was cleared as the computer placed its next stone. It stays while the computer
    is to move, and goes once the turn is the person's."""
    window = make_window(qtbot, answers)
    start(window, "y", computer_level=9, size=9, pie=False, turns="progressive")
    cell = window.game.geometry.cell
    click_cell(qtbot, window, cell("e5"))  # turn 1; the computer's turn 2 has two stones
    qtbot.waitUntil(lambda: window.computer.thinking_for_move(), timeout=10_000)
    if len(window.game.moves) == 1:
        click_cell(qtbot, window, cell("a1"))
        said = window.game_panel.refusal.text()
        assert "thinking" in said
        qtbot.waitUntil(lambda: len(window.game.moves) >= 2, timeout=60_000)
        if len(window.game.moves) == 2:  # its second stone still to come
            assert window.game_panel.refusal.text() == said
    wait_for_human(qtbot, window)
    assert window.game_panel.refusal.text() == ""


def test_move_now_and_the_computers_stone_of_a_longer_turn_say_what_they_did(qtbot, answers):
    """Tester 21: Move now said nothing when nobody was thinking (after the game's end), and
    Ctrl+G in a turn of four stones placed one without saying that the others were still
    the player's."""
    window = make_window(qtbot, answers)
    options = GameOptions(game="y", size=7, pie=False, turns="two-stone").validated()
    window.start_new_game(options, ("A", "B"))
    window.act_move_now.trigger()
    assert window.statusBar().currentMessage().startswith("The computer is not thinking")
    click_cell(qtbot, window, window.game.geometry.cell("d4"))  # turn 2: White's two stones
    window.act_computer.trigger()  # it thinks now: the words of a moment ago are gone
    assert not window.statusBar().currentMessage().startswith("The computer is not thinking")
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=30_000)
    window.act_undo.trigger()
    assert len(window.game.moves) == 1
    window.act_computer.trigger()
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=30_000)
    said = window.statusBar().currentMessage()
    assert said.startswith("The computer played ") and "1 stone of the turn still" in said
    window.act_computer.trigger()
    qtbot.waitUntil(lambda: len(window.game.moves) == 3, timeout=30_000)
    assert "still to place" not in window.statusBar().currentMessage()
    answers.yes_no.append(True)
    window.act_resign.trigger()
    assert window.session.finished
    window.act_move_now.trigger()
    assert window.statusBar().currentMessage().startswith("The game is over")


def test_the_computers_first_move_alone_is_nothing_to_save(qtbot, answers):
    """Tester 22: a new game in which the computer had only made its first move asked to be
    saved on New game and on closing. The person's first move is something to save."""
    window = make_window(qtbot, answers)
    start(window, "y", computer_level=1, computer_colour=BLACK, size=5, pie=False)
    qtbot.waitUntil(lambda: len(window.game.moves) == 1, timeout=30_000)
    assert window.session.dirty and not window.session.has_work
    assert window.maybe_keep_changes() and not answers.questions
    wait_for_human(qtbot, window)
    click_cell(qtbot, window, window.game.legal_cells()[0])
    assert window.session.has_work
    answers.save_choice.append("cancel")
    assert not window.maybe_keep_changes()
    assert len(answers.questions) == 1
    assert re.fullmatch(r"Save the current game, Y, .*\(\d+ moves\), first\?", answers.questions[0])


def test_no_analysis_line_is_added_to_a_game_against_the_computer_that_goes_on(qtbot, answers):
    """A line added there would be the computer's moves chosen by the analysis (tester 25's
    went in as the game's, and play went on after them): refused, said why; once the game is
    over the lines go in for study."""
    window = make_window(qtbot, answers)
    start(window, "y", size=9, pie=False)
    click_cell(qtbot, window, window.game.geometry.cell("e3"))
    wait_for_human(qtbot, window)
    computer = window.computer
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: len(computer.best_moves) >= 2, timeout=60_000)
    before = window.session.line_length
    computer.candidates_table.cellDoubleClicked.emit(0, 0)
    assert "the line would play its moves" in window.statusBar().currentMessage()
    window.act_add_line.trigger()
    assert window.session.line_length == before and window.session.move_number == before
    assert not window.session.dirty or window.session.tree.main_line()[-1].children == []
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: not computer.runner.busy, timeout=10_000)
    answers.yes_no = [True]
    window.act_resign.trigger()  # over: study (but nothing past the resignation)
    main = list(window.session.tree.main_line())
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: len(computer.best_moves) >= 2, timeout=60_000)
    window.act_add_line.trigger()
    assert "no move follows its resignation" in window.statusBar().currentMessage()
    assert window.session.tree.main_line() == main
    window.session.to_start()
    qtbot.waitUntil(lambda: len(computer.best_moves) >= 2, timeout=60_000)
    line = computer.best_moves
    window.act_add_line.trigger()
    assert window.statusBar().currentMessage().startswith("The line ")
    assert window.game.moves == [line[0]] and mismatches(window) == []
    assert window.session.tree.main_line() == main  # (a variation, or the game's own e3)
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: not computer.runner.busy, timeout=10_000)


@pytest.mark.random_seeds
@pytest.mark.usefixtures("compiled_engine")
def test_each_game_against_the_computer_has_a_seed_of_its_own(qtbot, answers):
    """With one seed for every game the computer opened the same stone and answered the same
    moves alike game after game (tester 27: "it always opens b4"): each game draws its own,
    and the computer's searches in it go from there."""
    window = make_window(qtbot, answers)
    seats = (Seat("Computer", computer=True, level=1), Seat("Ann"))
    seeds = set()
    for _ in range(3):
        window.start_new_game(
            GameOptions(game="y", size=7, pie=True).validated(), ("Computer", "Ann"), seats
        )
        request = window.computer.runner.current
        assert request is not None and request.is_move
        assert request.limits.seed == window.computer.game_seed + 1
        seeds.add(window.computer.game_seed)
        qtbot.waitUntil(lambda: len(window.game.moves) == 1, timeout=30_000)
    assert len(seeds) > 1


def test_a_hint_followed_never_counts_its_proved_win_longer(qtbot, answers):
    """A hint proved a win within 7 stones; it was played and answered: the next proof of the
    next hint, a search of its own, may be longer (9), but the first still wins within 5, so
    that is said (tester 27 saw 15, 13, 11, 9, 7, then 9). A hint not followed says its own."""
    from ygui.ui.ai_runner import Request

    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=7).validated(), ("A", "B"))
    computer = window.computer
    cells = iter(window.game.geometry.cell(label) for label in ("d4", "c3", "e5", "b2"))

    def hint(proved: int) -> str:
        game = window.session.game
        move = Move(next(cells))
        result = SearchResult(move, 1.0, 1000, (move,), proved=proved)
        computer._show_hint(Request(1, game.copy(), SearchLimits(10), print), result)
        said = window.statusBar().currentMessage()
        window.session.play(move)  # followed
        return said

    assert "within 7 stones" in hint(7)
    window.session.play(Move(window.game.geometry.cell("a1")))  # the answer
    assert "within 5 stones" in hint(9)
    window.session.play(Move(window.game.geometry.cell("b1")))
    window.session.back()  # not the hinted line: its own count
    window.session.back()
    window.session.play(Move(window.game.geometry.cell("c1")))
    window.session.play(Move(window.game.geometry.cell("g7")))
    assert "within 9 stones" in hint(9)
    assert hint(1).endswith("(it wins at once)")  # (not "ends within 1 stone": tester 29)


def test_candidates_alike_in_playouts_are_listed_by_rate(qtbot, answers):
    """The analysis shares its playouts alike among the few moves after its choice: rows of
    one count but one swapped places as it ran (tester 28). Those within a hundredth of one
    another by playouts are listed by rate; the choice stays first, the rest after them."""
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=7).validated(), ("A", "B"))
    g = window.game.geometry
    shares = [("d4", 5000, 0.6), ("c3", 1500, 0.4), ("e5", 1499, 0.55), ("d3", 1500, 0.5)]
    shares.append(("b2", 200, 0.7))
    candidates = tuple(
        Candidate(Move(g.cell(label)), visits, rate, (Move(g.cell(label)),))
        for label, visits, rate in shares
    )
    result = SearchResult(
        candidates[0].move, 0.6, 9699, (candidates[0].move,), candidates=candidates
    )
    window.computer._fill_candidates(window.game, result)
    table = window.computer.candidates_table
    rows = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert rows == ["d4", "e5", "d3", "c3", "b2"]
    assert table.horizontalHeaderItem(2).text() == "Playouts"  # (as its tooltip says)
    # (a chance, or "loss in 8"), whose it is said (the marks' red to green were read as the
    # players' colours on a Red and Blue board: tester 47); the colours open, the player's
    assert window.game.swap_ahead
    assert table.horizontalHeaderItem(1).text() == "Outlook\n(1st player)"
    for label in ("a1", "g1"):
        window.session.play(Move(g.cell(label)))
    window.computer._fill_candidates(window.game, result)
    assert table.horizontalHeaderItem(1).text() == "Outlook\n(Black)"


def test_a_move_proved_without_playouts_shows_none_counted(qtbot, answers):
    """A move proved by what one stone decides has no playouts: its row read "0" as a move
    not looked at; it says "–", and its tooltip says it is proved."""
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=7, pie=False).validated(), ("A", "B"))
    g = window.game.geometry
    d4, a1 = Move(g.cell("d4")), Move(g.cell("a1"))
    candidates = (Candidate(d4, 900, 0.6, (d4,)), Candidate(a1, 0, 0.0, (a1,), -3))
    result = SearchResult(d4, 0.6, 900, (d4,), candidates=candidates)
    window.computer._fill_candidates(window.game, result)
    table = window.computer.candidates_table
    assert [table.item(r, 2).text() for r in range(2)] == ["900", "–"]
    assert table.item(1, 2).toolTip().startswith("Proved by the search: this move loses")
    # the swap's worth is its best other move's: its playouts are that move's, said so (the
    # two rows showed the same count, tester 49)
    window.start_new_game(GameOptions(game="y", size=7, pie=True).validated(), ("A", "B"))
    window.session.play(d4)
    c3 = Move(g.cell("c3"))
    candidates = (Candidate(SWAP, 900, 0.6, (SWAP, c3)), Candidate(c3, 900, 0.4, (c3,)))
    result = SearchResult(SWAP, 0.6, 900, (SWAP, c3), candidates=candidates)
    window.computer._fill_candidates(window.game, result)
    assert [table.item(r, 2).text() for r in range(2)] == ["as c3", "900"]
    assert table.item(0, 2).toolTip().startswith("The swap's worth follows from c3's")


def test_the_candidates_keep_their_rows_while_the_pointer_is_on_the_table(y5_window):
    """The analysis updates its table as it searches; rows that changed places under the
    pointer made the board's line jump to another move's (tester 32). While the pointer is
    on the table the rows keep their places (a new move after them), the hovered row's line
    is of the same move, brought up to date, and the board frames the search's best; off
    the table the rows are in the search's order again."""
    window = y5_window
    computer = window.computer
    game = window.game
    cell = game.geometry.cell

    def result(order: list[str]) -> SearchResult:
        moves = [Move(cell(label)) for label in order]
        others = [m for m in (Move(cell(x)) for x in ("a1", "b1", "c1", "d1")) if m not in moves]
        return SearchResult(
            moves[0],
            0.6,
            1000,
            (moves[0],),
            candidates=tuple(
                Candidate(m, 500 - 100 * i, 0.6 - 0.05 * i, (m, others[i % len(others)]))
                for i, m in enumerate(moves)
            ),
        )

    table = computer.candidates_table
    computer._fill_candidates(game, result(["c2", "d3", "e1"]))
    rows = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert rows == ["c2", "d3", "e1"]
    table.hovered.emit(1)  # the pointer on d3's row
    computer._fill_candidates(game, result(["e1", "b2", "d3", "c2"]))
    rows = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert rows == ["c2", "d3", "e1", "b2"]
    assert computer.candidate_moves[1][0] == Move(cell("d3"))
    assert computer.candidate_marks[0][0] == cell("e1")  # (framed: the search's best)
    table.hovered.emit(-1)
    computer._fill_candidates(game, result(["e1", "b2", "d3", "c2"]))
    rows = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert rows == ["e1", "b2", "d3", "c2"]
    # how to use the rows is said on the headers, not over the rows (the whole table's tip
    # covered the board's bottom row while the pointer rested on a row: tester 34)
    assert table.toolTip() == "" and table.item(1, 0).toolTip() == ""
    headers = [table.horizontalHeaderItem(c).toolTip() for c in range(table.columnCount())]
    assert all("Hover a move to see its line" in tip for tip in headers)


def test_the_heat_map_turned_on_without_an_analysis_says_where_it_comes_from(y5_window):
    """M with no analysis drew nothing and said nothing (tester 32): the status bar says the
    map is the analysis's."""
    window = y5_window
    window.act_heat.trigger()
    assert window.computer.heat_box.isChecked()
    assert "appears once the analysis runs" in window.statusBar().currentMessage()


def _computer_to_move_lost(window, opts, lost, level=5):
    """``lost``'s moves played in a new game of ``window`` by two people; then the side to
    move, proved lost, is the computer's (level 5)."""
    window.start_new_game(opts, ("A", "B"))
    for move in lost.moves:
        assert window.session.play(move) is None
    seats = [Seat("Ann"), Seat("Ann")]
    seats[lost.to_move - 1] = Seat("Bot", computer=True, level=level)
    window.session.set_seats((seats[0], seats[1]))


def _a_lost_position(opts, empties=10):
    """A position of a random game whose player to move is proved lost by a level-5 search."""
    rng = random.Random(11)
    for _ in range(200):
        game = Game(opts)
        while game.empty_count() > empties and not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        if not game.is_over and Engine(seed=1).search(game, SearchLimits.level(5)).proved < -2:
            return game
    pytest.fail("no lost position found")


def test_the_computer_resigns_a_game_it_proved_lost_and_plays_on_if_taken_back(
    qtbot, answers, tmp_path
):
    """Against the computer, a position its search proves lost ends by its resignation,
    said in the status line and the game panel; taken back, it plays on to the end (it does
    not resign the same game twice); with Play ▸ The computer resigns a lost game off it plays
    on from the start."""
    opts = GameOptions(game="y", size=7, pie=False).validated()
    lost = _a_lost_position(opts)
    loser = lost.to_move
    window = make_window(qtbot, answers)
    assert window.act_resigns.isChecked()  # on by default

    def set_up():
        _computer_to_move_lost(window, opts, lost)

    set_up()
    qtbot.waitUntil(lambda: window.session.finished, timeout=60_000)
    result = window.session.result
    assert result is not None and result.reason == "R" and result.winner == 3 - loser
    assert window.game.moves == lost.moves  # no stone played
    assert not mismatches(window)
    message = window.statusBar().currentMessage()
    assert message.startswith(
        "Bot (computer, level 5) resigns: it found that Ann wins whatever it plays ("
    )
    window.on_cell_hovered(window.game.legal_cells()[0])  # no stone offered (tester 39)
    assert window.scene.ghost_cells == 0
    assert "Take back the resignation" in message
    assert window.game_panel.result_box.isVisible()
    assert "resign" in window.game_panel.result_label.text().lower()
    # why is kept in the panel, by the result and in the move list's last row (the status
    # bar's went unseen: tester 36)
    why = "Bot (computer, level 5) found that Ann wins whatever it plays ("
    assert window.game_panel.result_note.text().startswith(why)
    moves = window.game_panel.moves_list
    last_row = f"{window.game.colour_name(3 - loser)} wins by resignation: {why}"
    assert moves.item(moves.count() - 1).text().startswith(last_row)
    # and kept in the record (they were gone after a save: tester 38)
    path = tmp_path / "resigned.ysgf"
    assert window.save_to(path)
    assert window.open_path(path)
    assert window.game_panel.result_note.text().startswith(why)
    assert moves.item(moves.count() - 1).text().startswith(last_row)
    window.act_take_back.trigger()  # the person wants to win it on the board
    qtbot.waitUntil(lambda: window.game.moves != lost.moves, timeout=60_000)
    assert window.session.result is None and window.game.to_move != loser
    assert not window.game_panel.result_box.isVisible() and not window.session.result_note
    assert not mismatches(window)
    # the setting off: the computer plays its lost position
    window.act_resigns.trigger()
    assert not window.act_resigns.isChecked() and window.settings.get("computer_resigns") is False
    set_up()
    qtbot.waitUntil(lambda: window.game.moves != lost.moves, timeout=60_000)
    assert window.session.result is None
    assert not mismatches(window)


def test_the_beginners_levels_play_a_lost_game_to_its_end(qtbot, answers):
    """At levels 1 to 3 the computer does not resign: a newcomer who had won saw a
    resignation, not the winning group on the board (tester 63)."""
    opts = GameOptions(game="y", size=7, pie=False).validated()
    lost = _a_lost_position(opts)
    window = make_window(qtbot, answers)
    _computer_to_move_lost(window, opts, lost, level=3)
    qtbot.waitUntil(lambda: window.game.moves != lost.moves, timeout=60_000)
    assert window.session.result is None and not mismatches(window)


def test_a_hint_leaves_the_status_bar_once_its_position_is_left(qtbot, answers):
    """Tester 36: "Hint: 89 ..." stayed in the status bar after the move was played and
    answered. After a resignation a hint says it is for study."""
    window = make_window(qtbot, answers)
    start(window, "y", computer_level=1, size=6, pie=False)
    wait_for_human(qtbot, window)
    window.act_hint.trigger()
    qtbot.waitUntil(
        lambda: window.statusBar().currentMessage().startswith("Hint: "), timeout=60_000
    )
    assert "for study" not in window.statusBar().currentMessage()
    click_cell(qtbot, window, window.computer.hint_cell)
    wait_for_human(qtbot, window)
    assert not window.statusBar().currentMessage().startswith("Hint: ")
    window.session.end_game(WHITE, "R")  # (as the computer's resignation would)
    window.act_hint.trigger()
    qtbot.waitUntil(
        lambda: window.statusBar().currentMessage().startswith("Hint: "), timeout=60_000
    )
    assert (
        window.statusBar().currentMessage().endswith(" · the game has ended: the hint is for study")
    )


def test_the_swap_button_is_not_offered_on_the_computers_turn(qtbot, answers):
    """Tester 36: the Swap button could be clicked while the computer was to decide the
    swap, and with the computers paused one click swapped for it. The button is the person's;
    Play ▸ Swap still plays the computer's move on purpose."""
    window = make_window(qtbot, answers)
    window.computer.set_paused(True)
    start(window, "y", computer_level=1, size=6, pie=True)
    panel = window.game_panel
    # nor before the first stone where the computer is the one to decide it (a player who
    # opened against it saw the offer, greyed, all through their first turn: tester 50)
    assert not window.game.moves and not panel.swap_button.isVisibleTo(panel)
    click_cell(qtbot, window, window.game.geometry.cell("c3"))
    assert window.game.can_swap and window.session.seat_for(window.game.to_move).computer
    assert not panel.swap_button.isEnabled()
    # nor shown: the computer's thinking line shares its place (drawn over each other:
    # tester 40)
    assert not panel.swap_button.isVisibleTo(panel)
    assert window.act_swap.isEnabled()
    window.computer.set_paused(False)
    wait_for_human(qtbot, window)
    # a person's own swap decision: offered (human against human)
    window.start_new_game(GameOptions(game="y", size=6, pie=True).validated(), ("A", "B"))
    assert panel.swap_button.isVisibleTo(panel) and not panel.swap_button.isEnabled()
    click_cell(qtbot, window, window.game.geometry.cell("c3"))
    assert panel.swap_button.isEnabled()


def test_a_variation_in_a_resigned_game_is_played_on_and_the_game_keeps_its_end(
    qtbot, answers, tmp_path
):
    """Tester 38 reopened a game the computer had resigned, went back a move and played
    another: the computer resigned again there, which made the variation the main line with
    the old resignation at its end. In a game already over the computer plays on in a
    variation, and the game keeps its main line and its end. Nor does it resign in a
    position it did not see played (a game just opened)."""
    opts = GameOptions(game="y", size=7, pie=False).validated()
    lost = _a_lost_position(opts)
    window = make_window(qtbot, answers)
    _computer_to_move_lost(window, opts, lost)
    qtbot.waitUntil(lambda: window.session.finished, timeout=60_000)
    path = tmp_path / "resigned.ysgf"
    assert window.save_to(path)
    assert window.open_path(path)  # a new tree: the window's "once a game" is not this
    main = [n.move for n in window.session.tree.main_line()]
    assert window.session.ended_early is not None
    window.session.go_to_main_line(len(main) - 1)  # the winner's move before the end
    other = next(c for c in window.game.legal_cells() if Move(c) != main[-1])
    click_cell(qtbot, window, other)
    qtbot.waitUntil(lambda: len(window.game.moves) == len(main) + 1, timeout=60_000)
    assert [n.move for n in window.session.tree.main_line()] == main
    assert window.session.ended_early is not None and window.session.tree.record.result
    assert not mismatches(window)
    # opened at a position the computer is to move in and lost, it plays (no resignation
    # for a position it did not see played)
    window.session.go_to_main_line(len(main))
    window.session.take_back_result()
    assert window.save_to(path)
    assert window.open_path(path)
    qtbot.waitUntil(lambda: len(window.game.moves) > len(main), timeout=60_000)
    assert window.session.ended_early is None


def test_the_panel_says_how_many_moves_the_candidates_leave_out(qtbot, answers):
    """The table lists the most searched moves only: the panel says how many of how many
    (tester 44 found cells without a row or a mark, with no word of why)."""
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=7, pie=False).validated(), ("A", "B"))
    computer = window.computer
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: computer.candidates_table.rowCount() == 8, timeout=30_000)
    qtbot.waitUntil(lambda: "legal moves" in computer.stats_label.text(), timeout=10_000)
    assert "The candidates are the 8 most searched of 28 legal moves" in (
        computer.stats_label.text()
    )
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: not computer.runner.busy, timeout=10_000)


def test_while_the_pie_rule_leaves_the_colours_open_the_chances_are_the_players(qtbot, answers):
    """On an empty Y 5 under the pie rule every first stone loses (the second player swaps
    the strong ones): the panel said "Black 0% · White 100%", which tester 44 could not square
    with Black's first move. Until the swap is chosen the chances are the players'."""
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=5, pie=True).validated(), ("A", "B"))
    computer = window.computer
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: computer.candidates_table.rowCount() > 0, timeout=30_000)
    label = computer.win_label.text()
    assert label.startswith("Win probability: First player ") and "second player" in label
    assert "pie rule" in label and "Black" not in label
    assert computer.win_bar.text().split()[0] in ("First", "Second")
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: not computer.runner.busy, timeout=10_000)
    g = window.game.geometry
    window.session.play(Move(g.cell("c3")))  # the second player may swap: still open
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: computer.candidates_table.rowCount() > 0, timeout=30_000)
    said = computer.win_label.text()  # (a search of Y 5 may prove it)
    assert said.startswith(("Win probability: First player ", "The second player wins (proved"))
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: not computer.runner.busy, timeout=10_000)
    window.session.play(Move(g.cell("a1")))  # kept: the colours are the players' now
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: computer.candidates_table.rowCount() > 0, timeout=30_000)
    said = computer.win_label.text()
    assert said.startswith(("Win probability: Black ", "Black wins", "White wins")), said
    assert computer.win_bar.text().split()[0] in ("Black", "White")
    window.act_analyse.trigger()
    qtbot.waitUntil(lambda: not computer.runner.busy, timeout=10_000)


def test_a_resignation_in_a_match_offers_no_take_back(qtbot, answers):
    """In a match a resignation ends the game and the next follows: "Play ▸ Take back the
    resignation plays on." stood in the status bar over the next game (tester 58)."""
    opts = GameOptions(game="y", size=7, pie=False).validated()
    lost = _a_lost_position(opts)
    window = make_window(qtbot, answers)
    window.computer.attached.forfeit = True  # (as a match sets it)
    _computer_to_move_lost(window, opts, lost)
    qtbot.waitUntil(lambda: window.session.finished, timeout=60_000)
    message = window.statusBar().currentMessage()
    assert " resigns: it found that " in message and "Take back" not in message
    window.computer.attached.forfeit = False


def test_a_proved_line_through_the_swap_names_the_player_not_the_colour(qtbot, answers):
    """After 1. e3 under the pie rule, White to move: the line "swap h5 …" ended "then White
    wins whatever the replies", where the second player, who swaps, plays Black (tester 84).
    While the colours are open the winner is named as a player."""
    from types import SimpleNamespace

    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=5, pie=True).validated(), ("A", "B"))
    g = window.game.geometry
    click_cell(qtbot, window, g.cell("c2"))
    game = window.game
    line = (SWAP, Move(g.cell("b2")))
    result = SearchResult(SWAP, 1.0, 500, line, proved=7)
    window.computer.show_analysis(SimpleNamespace(game=game), result)
    text = window.computer.line_label.text()
    assert text.endswith("then the second player wins whatever the replies"), text
    lost = SearchResult(Move(g.cell("b2")), 0.0, 500, (Move(g.cell("b2")), SWAP), proved=-7)
    window.computer.show_analysis(SimpleNamespace(game=game), lost)
    text = window.computer.line_label.text()
    assert text.endswith("then the first player wins whatever the second player plays"), text
