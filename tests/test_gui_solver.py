"""The solver in the window: Study > Solve this position, the map drawn on the board, Stop,
the map kept per position, and "wins (proved)" in the analysis panel. Offscreen."""

import re

import pytest
from gui_helpers import click_cell, make_window, settled
from PySide6.QtCore import Qt

from ygui.ai.solver import Solver
from ygui.core.game import BLACK, WHITE, Move
from ygui.core.variants import GameOptions

pytestmark = pytest.mark.usefixtures("ygui_home", "compiled_engine")


def start(window, **kw):
    window.start_new_game(GameOptions(**kw).validated(), ("Ann", "Bo"))


def test_solver_map_is_drawn(qtbot, answers):
    window = make_window(qtbot, answers)
    start(window, game="y", size=5, pie=False)
    g = window.game.geometry
    click_cell(qtbot, window, g.cell("c2"))
    click_cell(qtbot, window, g.cell("d3"))
    game = window.game.copy()
    window.act_solve.trigger()
    panel = window.solver_panel
    assert panel.isVisible()
    qtbot.waitUntil(lambda: not panel.busy, timeout=120_000)
    # what is drawn is what an independent solver says of each move, at the cells' places
    reference = Solver(table_bits=16)
    drawn = window.scene.solution_cells
    assert set(drawn) == set(game.legal_cells())
    for cell, verdict in drawn.items():
        child = game.copy()
        child.play(Move(cell))
        winner = reference.solve(child).winner
        assert verdict == ("won" if winner == BLACK else "lost"), g.labels[cell]
        item = window.scene._solution_items[cell]
        centre = item.mapToScene(item.boundingRect().center())
        assert (centre - window.scene.cell_position(cell)).manhattanLength() < 1e-6
    assert "won" in drawn.values() and "lost" in drawn.values()
    assert panel.result_label.text().startswith("Black wins (proved)")
    won = sorted(g.labels[c] for c, v in drawn.items() if v == "won")
    said = f"{len(won)} winning move{'s' if len(won) > 1 else ''}"
    if len(won) <= 5:  # (named: the candidates' or the line's marks may cover the discs)
        said += f" ({', '.join(won)})"
    assert f"{said} ·" in panel.result_label.text()
    # turning the board keeps the map, drawn at the cells' new places
    window.act_rotate.trigger()
    assert window.scene.solution_cells == drawn
    for cell, item in window.scene._solution_items.items():
        centre = item.mapToScene(item.boundingRect().center())
        assert (centre - window.scene.cell_position(cell)).manhattanLength() < 1e-6
    window.act_rotate_back.trigger()
    # a move clears the map; going back shows it again at once, from memory
    click_cell(qtbot, window, next(c for c, v in drawn.items() if v == "won"))
    assert window.scene.solution_cells == {}
    window.act_back.trigger()
    assert window.scene.solution_cells == drawn
    assert "from memory" in panel.progress_label.text()
    # the map is of moves: setting the position up hides it
    answers.save_choice = ["discard"]  # (the editor makes the moves a set-up position)
    window.act_edit.trigger()
    assert window.session.editing and answers.save_choice == []
    # the question says what editing does to the moves (tester 19 was asked only to save)
    assert answers.questions[-1].startswith("Edit position: at the first change the position")
    assert re.search(r"Save the current game, .* first\?$", answers.questions[-1])
    assert window.scene.solution_cells == {} and not window.scene._solution_items
    # and it says Solve works on the position as it stands (it said "Not shown", tester 19)
    assert panel.result_label.text() == "Setting up: Solve settles the position as it stands"
    window.act_solve.trigger()
    qtbot.waitUntil(lambda: not panel.busy, timeout=30_000)
    assert window.scene.solution_cells and window.scene._solution_items


def test_stop_button(qtbot, answers):
    window = make_window(qtbot, answers)
    start(window, game="y", size=10, pie=False)
    panel = window.solver_panel
    panel.seconds.setValue(600)
    window.act_solve.trigger()
    assert panel.busy and panel.stop_button.isEnabled()
    # it says how long it may take: 55 moves, 600 s each (a tester waited with no idea)
    assert panel.result_label.text() == "Solving… · at most about 9 h 10 min"
    qtbot.wait(300)
    qtbot.mouseClick(panel.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.busy, timeout=30_000)
    assert panel.solve_button.isEnabled() and not panel.stop_button.isEnabled()
    assert "Stopped" in panel.result_label.text()
    # a map in part is kept as well: after a step and back it is shown again, as it was (a
    # tester's 26 settled moves of 41 were gone)
    drawn = window.scene.solution_cells
    click_cell(qtbot, window, window.game.geometry.cell("e5"))
    assert window.scene.solution_cells == {}
    window.session.back()
    assert window.scene.solution_cells == drawn
    assert "from memory (in part" in panel.progress_label.text()
    assert panel.progress_label.wordWrap()  # (the long line widened the panel past its dock)
    window.act_solve.trigger()  # in part: solved again (a second Solve did nothing)
    assert panel.busy and "from memory" not in panel.progress_label.text()
    qtbot.mouseClick(panel.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.busy, timeout=30_000)
    # the keys stay with the game: Left steps back (the time box did not take the focus)
    assert window.focusWidget() is not panel.seconds
    click_cell(qtbot, window, window.game.geometry.cell("c3"))
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_Left)
    assert window.game.moves == []


def test_closing_while_solving(qtbot, answers):
    window = make_window(qtbot, answers)
    start(window, game="y", size=10, pie=False)
    window.solver_panel.seconds.setValue(600)
    window.act_solve.trigger()
    qtbot.wait(200)
    window.close()  # stops the solver and waits for its thread
    assert not window.solver_panel._thread.isRunning()


def test_a_window_deleted_while_solving_ends_the_solvers_thread(qtbot, answers):
    """A window deleted without being closed (``owned_thread``): the solver's thread was
    left running, to be destroyed so later, which ends the process."""
    from shiboken6 import delete

    window = make_window(qtbot, answers)
    answers.windows.remove(window)  # (deleted here, not closed at the end)
    start(window, game="y", size=10, pie=False)
    window.solver_panel.seconds.setValue(600)
    window.act_solve.trigger()
    qtbot.waitUntil(lambda: window.solver_panel.busy)
    engines = [window.solver_panel._thread, window.computer.runner._thread]
    window.session.dirty = False
    delete(window)
    assert not any(thread.isRunning() for thread in engines)


EXIT_AFTER_STUDY = """
from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from ygui.core.variants import GameOptions
from ygui.settings import Settings
from ygui.ui.main_window import MainWindow
def wait(ms):
    loop = QEventLoop(); QTimer.singleShot(ms, loop.quit); loop.exec()
w = MainWindow(Settings(), warm_up_engine=False)
w.show()
w.start_new_game(GameOptions(game="y", size=9, pie=False).validated(), ("Ann", "Bo"))
w.act_analyse.trigger(); wait(1500)
w.act_solve.trigger(); wait(500)
w.review_game(); wait(1500)
w.session.dirty = False
w.close(); wait(100)
print("closed")
"""


def test_the_program_ends_quietly_after_analysis_solver_and_review():
    """A program that had analysed, solved and reviewed printed "Internal C++ object
    (QThread) already deleted" as it ended: Python had deleted an engine's thread before
    its owner, whose end then stopped it (tester 87)."""
    import os
    import subprocess
    import sys

    for _ in range(2):  # (the order Python deletes things in at the end varies)
        done = subprocess.run(
            [sys.executable, "-c", EXIT_AFTER_STUDY],
            capture_output=True,
            text=True,
            timeout=300,
            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        )
        assert done.returncode == 0 and "closed" in done.stdout, done.stderr
        assert "Traceback" not in done.stderr, done.stderr
        assert "Destroyed while" not in done.stderr, done.stderr


def test_the_first_move_under_the_pie_rule_is_told_in_players(qtbot, answers):
    """On the empty board under the pie rule every opening loses for the player who makes
    it: the map's green openings win for Black the colour and are swapped."""
    window = make_window(qtbot, answers)
    start(window, game="y", size=4, pie=True)
    window.act_solve.trigger()
    panel = window.solver_panel
    qtbot.waitUntil(lambda: not panel.busy, timeout=60_000)
    text = panel.result_label.text()
    assert text.startswith("Under the pie rule the second player wins (proved)"), text
    assert "(green, 7)" in text  # Y 4: every stone but the corners wins for its colour
    assert "must be swapped" in panel.legend.text()
    drawn = window.scene.solution_cells
    assert sorted(v for v in drawn.values()).count("won") == 7
    window.computer.analyse_box.setChecked(True)
    qtbot.waitUntil(lambda: "proved" in window.computer.win_label.text(), timeout=60_000)
    assert window.computer.win_label.text() == "The second player wins (proved, with the pie rule)"
    window.computer.analyse_box.setChecked(False)


def test_analysis_says_proved(qtbot, answers):
    window = make_window(qtbot, answers)
    start(window, game="y", size=4, pie=True)
    click_cell(qtbot, window, window.game.geometry.cell("a1"))  # a corner: White wins
    window.act_solve.trigger()
    qtbot.waitUntil(lambda: not window.solver_panel.busy, timeout=60_000)
    assert window.solver_panel.result_label.text().startswith("White wins (proved)")
    window.computer.analyse_box.setChecked(True)
    qtbot.waitUntil(lambda: "proved" in window.computer.win_label.text(), timeout=60_000)
    assert window.computer.win_label.text() == "White wins (proved)"
    assert window.game.to_move == WHITE


def test_a_solved_position_keeps_the_count_its_analysis_proved(qtbot, answers):
    """Solved, and proved by the analysis too: the panel says the count of stones the search
    found (coming back to a solved position, it had said only "wins (proved)")."""
    window = make_window(qtbot, answers)
    start(window, game="y", size=5, pie=False)
    for label in ("c2", "d1", "d3"):  # Black has won by links
        click_cell(qtbot, window, window.game.geometry.cell(label))
    window.act_solve.trigger()
    qtbot.waitUntil(lambda: not window.solver_panel.busy, timeout=60_000)
    assert window.solver_panel.result_label.text().startswith("Black wins (proved)")
    computer = window.computer
    computer.analyse_box.setChecked(True)
    qtbot.waitUntil(lambda: "within" in computer.win_label.text(), timeout=60_000)
    assert computer.win_label.text().startswith("Black wins (proved: the game ends within ")


def test_a_win_in_one_is_said_so_and_kept_with_the_game(qtbot, answers, tmp_path):
    """A proof of one stone names it ("within 1 stone" read as if the game had ended).
    Tester 56: a win in one, proved at once without a playout, was not kept with the game
    (nor a position searched from the tree of before alone), and a proof kept came back from
    the file as "Win probability, as kept with the game: Black 100%"."""
    from ygui.core.tree import GameTree

    window = make_window(qtbot, answers)
    start(window, game="y", size=4, pie=False)
    for label in ("a1", "b2", "b1", "c2", "c1", "d2"):  # Black's bottom row lacks d1
        click_cell(qtbot, window, window.game.geometry.cell(label))
    computer = window.computer
    computer.analyse_box.setChecked(True)
    qtbot.waitUntil(lambda: "proved" in computer.win_label.text(), timeout=60_000)
    assert computer.win_label.text() == "Black wins (proved: d1 wins at once)"
    # ("0 playouts in under 0.1 s. The candidates are the 1 most searched of 29 legal
    # moves" read oddly: tester 56)
    assert computer.stats_label.text().startswith("Proved at once, without a playout, in ")
    qtbot.waitUntil(lambda: not computer.runner.busy, timeout=60_000)
    computer.analyse_box.setChecked(False)
    node = window.session.current
    assert GameTree.analysis(node) is not None and GameTree.proved(node) == 1
    path = tmp_path / "proof.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    window.act_save.trigger()
    start(window, game="y", size=5)
    window.choose_open_path = lambda: path
    window.act_open.trigger()
    assert len(window.game.moves) == 6 and not computer.runner.busy
    assert computer.win_label.text() == (
        "Black wins (proved, as kept with the game: the game ends within 1 stone)"
    )
    assert computer.win_bar.value() == 1000
    assert computer.line_label.text() == "Best move, as kept with the game: d1"
    # solved, and opened again: the solver's words, and still the bar and the move kept
    # (the bar stood empty and grey, the move unsaid: tester 58)
    window.act_solve.trigger()
    qtbot.waitUntil(lambda: not window.solver_panel.busy, timeout=60_000)
    window.act_open.trigger()
    assert computer.win_label.text() == "Black wins (proved)"
    assert computer.win_bar.value() == 1000 and computer.win_bar.isTextVisible()
    assert computer.line_label.text() == "Best move, as kept with the game: d1"


def test_the_analysis_panel_forgets_a_position_it_no_longer_shows(qtbot, answers):
    window = make_window(qtbot, answers)
    start(window, game="y", size=4, pie=True)
    click_cell(qtbot, window, window.game.geometry.cell("a1"))
    window.act_solve.trigger()
    qtbot.waitUntil(lambda: not window.solver_panel.busy, timeout=60_000)
    computer = window.computer
    computer.analyse_box.setChecked(True)
    qtbot.waitUntil(lambda: "proved" in computer.win_label.text(), timeout=60_000)
    computer.analyse_box.setChecked(False)
    assert computer.win_label.text() == "White wins (proved)"  # stopping keeps it in view
    window.act_back.trigger()  # another position, not analysed: the panel says nothing of it
    assert computer.win_label.text() == "Win probability: -"
    assert computer.line_label.text() == "Best line: -" and computer.stats_label.text() == ""
    window.act_forward.trigger()  # the solved position: its proof is known without analysis
    assert computer.win_label.text() == "White wins (proved)"
    start(window, game="hexagonal-y", size=3)
    assert computer.win_label.text() == "Win probability: -"


def test_the_heat_map_is_not_drawn_under_the_solvers_map(qtbot, answers):
    """Where the solver's map says a move wins or loses, the heat map's disc is not drawn
    under it (its red, the most visited, showed through the map's red, a move that loses);
    elsewhere it stays, and with the map gone it is back everywhere."""
    window = make_window(qtbot, answers)
    start(window, size=5)
    scene = window.scene
    g = window.game.geometry
    empty = [c for c in range(g.size) if not window.game.colours[c]]
    scene.set_heat({c: 10 + i for i, c in enumerate(empty)})

    def heated():
        return {scene.cell_at(item.rect().center()) for item in scene._heat_items}

    assert heated() == set(empty)
    won, lost = {empty[0]}, {empty[-1]}  # (the last: the most visited, red)
    scene.set_solution((won, lost))
    assert heated() == set(empty) - won - lost
    assert set(scene.solution_cells) == won | lost
    assert scene.heat is not None and scene.heat.best == g.labels[empty[-1]]  # (the key)
    scene.set_solution(None)
    assert heated() == set(empty)


def test_the_heat_maps_key_shows_the_colour_of_the_least_visited_cells(qtbot, answers):
    """Most cells of a heat map have few visits: the key's discs begin with their colour (it
    began at a sixth of the most visited, and a tester found most of the board a colour the
    key did not show)."""
    from ygui.ui.board_scene import heat_colour
    from ygui.ui.board_view import HeatLegend

    window = make_window(qtbot, answers)
    start(window, size=7)
    scene = window.scene
    empty = [c for c in range(window.game.geometry.size) if not window.game.colours[c]]
    scene.set_heat({c: 1 if i else 1000 for i, c in enumerate(empty)})
    hues = [item.brush().color().hueF() for item in scene._heat_items]
    key = [heat_colour(share).hueF() for share in HeatLegend.SHARES]
    assert all(min(key) - 0.01 <= hue <= max(key) + 0.01 for hue in hues)


def test_the_solver_panel_is_never_narrower_than_its_buttons(qtbot, answers):
    """Made as narrow as the window lets it be, the solver panel keeps its time box and its
    verdict whole (a scroll area of its own inside the window's let it be narrower than its
    buttons, and the verdict ran under a scroll bar, a tester's finding)."""
    window = make_window(qtbot, answers)
    window.resize(1280, 840)
    start(window, size=9)
    window.solver_panel.show()
    window.solver_panel.raise_()
    qtbot.wait(50)
    window.resizeDocks([window.game_dock], [150], Qt.Orientation.Horizontal)
    area = window.solver_panel.widget()
    box = window.solver_panel.seconds

    def widths():
        right = box.mapTo(area.viewport(), box.rect().topRight()).x()
        return right, area.widget().width(), area.viewport().width()

    right, body, room = settled(qtbot, widths)
    assert right <= room
    assert body <= room


def test_the_time_left_is_said_in_words():
    from ygui.ui.solver_panel import time_words

    assert [time_words(s) for s in (40, 89.4, 540, 5399, 5400, 33000)] == [
        "40 s",
        "89 s",
        "about 9 min",
        "about 1 h 30 min",
        "about 1 h 30 min",
        "about 9 h 10 min",
    ]


def test_the_solver_counts_an_edge_pair_once(qtbot, answers):
    """Hexagonal Y: the map marks both cells of an edge pair, but counts the pair as one move,
    as the analysis does (it said 97 moves where the analysis said 83: tester 48)."""
    window = make_window(qtbot, answers)
    start(window, game="hexagonal-y", size=3, pie=False)
    click_cell(qtbot, window, window.game.geometry.cell("c3"))
    game = window.game
    distinct = len(game.distinct_moves())
    assert distinct < len(game.legal_moves())
    panel = window.solver_panel
    window.act_solve.trigger()
    assert panel.result_label.text().startswith("Solving… · at most")
    qtbot.waitUntil(lambda: not panel.busy, timeout=60_000)
    assert f"· {distinct} of {distinct} moves settled" in panel.result_label.text()
    drawn = window.scene.solution_cells
    assert len(drawn) == len(game.legal_moves())  # (both cells of each pair on the map)


def test_the_win_bar_is_grey_while_the_colours_are_open():
    """While the pie rule leaves the colours open, the bar gives the players' shares: in the
    stones' colours, the second player's share stood in the colour it takes by swapping
    (tester 48); in greys then, in the colours once they are settled."""
    from ygui.core.game import Game
    from ygui.ui.computer import win_bar_style

    game = Game(GameOptions(game="hexagonal-y", size=4, pie=True).validated())
    assert "#616161" in win_bar_style(game)
    game.play(Move(game.geometry.cell("d4")))
    assert "#616161" in win_bar_style(game)  # (the swap still to choose)
    game.play(Move(game.geometry.cell("c3")))
    assert "#616161" not in win_bar_style(game)


def test_the_candidates_the_solver_settled_are_said_settled(qtbot, answers):
    """Tester 56 solved a position its analysis had proved: the solver's map named 18
    winning moves, and the candidates table still greyed them as rates from a few playouts,
    "Not proved", its tooltip sending the student to the solver they had just used."""
    from ygui.core.study import parse_position

    window = make_window(qtbot, answers)
    start(window, game="y", size=9, pie=False)
    setup, to_move = parse_position(  # (the tester's figure: Black wins)
        window.game.geometry,
        "B: e1 e2 e3 e4 e5 f5 i5 i6 W: d1 d2 d3 d4 f1 f2 f3 f4 to move: B",
    )
    window.session.set_position(setup, to_move)
    computer = window.computer
    window.act_candidates.trigger()
    computer.analyse_box.setChecked(True)
    qtbot.waitUntil(lambda: "within" in computer.win_label.text(), timeout=60_000)
    qtbot.waitUntil(lambda: not computer.runner.busy, timeout=60_000)  # stopped by itself
    table = computer.candidates_table

    def rows():
        return [table.item(r, 1).text() for r in range(table.rowCount())]

    assert any(re.fullmatch(r"\d+%", r) for r in rows())  # some not proved by the search
    window.act_solve.trigger()
    qtbot.waitUntil(lambda: not window.solver_panel.busy, timeout=60_000)
    # the best line stops where the proof does, and says what follows (it read "g5 i9": a
    # reply at random, and no winning stone after it)
    assert computer.line_label.text() == "Best line: g5, then Black wins whatever the replies"
    assert rows() and all(
        re.fullmatch(r"(win|loss) in \d+|(win|loss) \(solved\)", r) for r in rows()
    )
    solved = [r for r in range(table.rowCount()) if table.item(r, 1).text().endswith("(solved)")]
    assert solved and "Proved by the solver" in table.item(solved[0], 1).toolTip()
    assert table.item(solved[0], 0).foreground().color() != Qt.GlobalColor.gray
    # the search's wins first, then the solver's, then its losses
    order = [(0 if " in " in r else 1) if r.startswith("win") else 2 for r in rows()]
    assert order == sorted(order)
    # and the board labels them too
    assert len(window.scene.candidate_marks) == table.rowCount()
