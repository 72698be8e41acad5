"""What the screen says and how it is laid out: titles, result wording, the room the board gets,
readable labels, the dark theme, numbers that say what they are, menus, the new-game dialog."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from drawn import last_move_mark
from gui_helpers import click_cell, make_window, settled
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QApplication,
    QGroupBox,
    QMenu,
    QPushButton,
    QScrollArea,
    QTabBar,
    QWidget,
)

from ygui.ai.engine import SearchResult
from ygui.core.boards.polyy import polyy_board
from ygui.core.game import BLACK, Move
from ygui.core.tree import GameTree
from ygui.core.variants import VARIANTS, GameOptions
from ygui.core.wording import win_reason
from ygui.session import Change, Seat
from ygui.settings import Settings
from ygui.ui.form import place_beside
from ygui.ui.main_window import MainWindow
from ygui.ui.new_game_dialog import NewGameDialog
from ygui.ui.theme import DARK, STONE_COLOURS, ink_on

pytestmark = pytest.mark.usefixtures("ygui_home")


@pytest.fixture
def window(qtbot, answers):
    return make_window(qtbot, answers)


def start(window, game, **kw):
    window.start_new_game(GameOptions(game=game, **kw).validated(), ("Ann", "Bo"))


def play_out(qtbot, window, seed=1):
    rng = random.Random(seed)
    while window.game.winner is None:
        click_cell(qtbot, window, rng.choice(window.game.legal_cells()))


def test_typing_a_position_asks_before_it_replaces_an_unsaved_game(qtbot, window, answers):
    start(window, "y", size=7, pie=False)
    rng = random.Random(3)
    for _ in range(17):
        click_cell(qtbot, window, rng.choice(window.game.legal_cells()))
    entry = window.entry_panel.entry
    answers.save_choice = ["cancel"]
    entry.setText("B: a1 b2 W: c3 to move: W")
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    # (it names the game: tester 37 was asked before Open of a game it did not name)
    assert answers.questions == ["Save the current game, Y, 7 cells per side (17 moves), first?"]
    assert window.session.move_number == 17 and "kept" in window.entry_panel.entry_error.text()
    answers.save_choice = ["discard"]
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    assert window.session.move_number == 0 and len(window.game.setup) == 3


def test_a_first_window_opens_within_a_small_screen(qtbot):
    """With nothing remembered, the window opens within the screen's room, however small the
    screen (it opened at 1100 by 760 on a 1024 by 600 screen: tester 23). The offscreen
    screen is 800 pixels wide."""
    window = MainWindow(Settings(), warm_up_engine=False)
    qtbot.addWidget(window)
    room = window.screen().availableGeometry()
    assert room.width() < 1100
    assert window.width() <= room.width() and window.height() <= room.height()
    assert window.width() >= 0.9 * room.width()  # (but as large as it fits)


@pytest.mark.parametrize(
    "room, size",
    [((1920, 1040), (1440, 884)), ((1280, 770), (1100, 708)), ((3840, 2100), (1700, 1150))],
)
def test_a_first_window_grows_with_a_larger_screen(qtbot, monkeypatch, room, size):
    """With nothing remembered, a larger screen opens a larger window (1100 by 760 on a
    1920 by 1080 screen left the study panels cramped: tester 60), up to a size that still
    leaves the desktop in view."""
    from PySide6.QtCore import QRect

    class Screen:
        def availableGeometry(self):  # noqa: N802 - Qt's name
            return QRect(0, 0, *room)

    monkeypatch.setattr(MainWindow, "screen", lambda self: Screen())
    window = MainWindow(Settings(), warm_up_engine=False)
    qtbot.addWidget(window)
    assert (window.width(), window.height()) == size


@pytest.mark.parametrize("game", list(VARIANTS))
def test_the_board_keeps_most_of_the_window_with_every_panel_open(qtbot, window, game):
    start(window, game)
    width = window.width()
    for dock in (window.tree_panel, window.setup_dock, window.review_panel, window.computer.dock):
        dock.show()
    qtbot.wait(20)
    assert window.width() == width  # opening panels does not widen the window
    view = window.view
    assert view.width() >= 0.6 * window.width() and view.height() >= 0.75 * window.height()


def test_the_window_fits_a_laptop_screen_with_the_study_panels_open(qtbot, window):
    """With every panel open and a game over, the window can still be made 600 pixels tall
    (a 1366 x 768 screen, less its bars): the panels scroll instead of holding it taller,
    and nothing is drawn over anything else."""
    start(window, "y", size=5, pie=False)
    for dock in (window.setup_dock, window.review_panel, window.computer.dock):
        dock.show()
    play_out(qtbot, window)
    window.resize(1000, 600)
    qtbot.wait(50)
    assert window.height() == 600 and window.minimumSizeHint().height() < 600
    # a panel is never squeezed below its own minimum (where its rows overlapped): it scrolls
    for dock in (window.game_dock, window.setup_dock, window.review_panel, window.computer.dock):
        area = dock.widget()
        assert isinstance(area, QScrollArea)
        body = area.widget()
        if dock.isVisible() and not dock.visibleRegion().isEmpty():
            assert body.height() >= body.minimumSizeHint().height()
    assert window.game_panel.result_label.isVisible()


@pytest.mark.parametrize("game", list(VARIANTS))
def test_labels_are_readable_at_the_default_size(qtbot, window, game):
    start(window, game)
    window.act_labels.setChecked(True)
    qtbot.wait(20)
    scale = window.view.transform().m11()
    smallest = min(label.font().pixelSize() for label in window.scene._labels) * scale
    assert smallest >= 8, f"labels {smallest:.1f} px on screen"


def test_game_of_y_labels_sit_on_a_patch_and_the_last_move_is_a_ring(qtbot, window):
    start(window, "game-of-y")
    window.act_labels.setChecked(True)
    click_cell(qtbot, window, 0)
    backs = window.scene._label_backs
    assert all(b is not None for b in backs)
    assert not backs[0].isVisible() and all(b.isVisible() for b in backs[1:])
    assert last_move_mark(window) == {0}
    ring = next(m for m in window.scene._marks)
    assert ring.brush().style() == Qt.BrushStyle.NoBrush  # the label on the stone stays readable


def test_a_board_file_is_titled_by_the_board_played(qtbot, window, tmp_path):
    path = tmp_path / "small.json"
    path.write_text(polyy_board(5, 4).to_json())
    assert window.open_board(path)
    title = window.game_panel.title.text()
    assert "7 cells per side" not in title and "board of one's own" in title
    assert f"{window.game.geometry.size} cells" in title and "5 corners" in title
    assert "board of one's own" in window.windowTitle()


@pytest.mark.parametrize("game", list(VARIANTS))
def test_results_are_worded_for_people(qtbot, window, game):
    start(window, game, **({"size": 40} if game == "mudcrack-y" else {}))
    play_out(qtbot, window)
    text = window.game_panel.turn_label.text()
    assert "side1" not in text and "-" not in text.replace("Poly-Y", "")
    if game == "poly-y":
        assert "corners" in text and "side" not in text
    assert window.game.colour_name(window.game.winner) in text


def test_the_dark_theme_reaches_the_graph_and_the_labels(qtbot, window):
    start(window, "y", size=5)
    window.review_panel.show()
    window.act_dark.setChecked(True)
    graph = window.review_panel.graph
    image = graph.grab().toImage()
    assert image.pixelColor(graph.width() - 3, 3).lightnessF() < 0.3
    for name, (light, dark) in STONE_COLOURS.items():
        ink = QColor(ink_on(name))
        middle = (QColor(light).lightnessF() + QColor(dark).lightnessF()) / 2
        assert abs(ink.lightnessF() - middle) >= 0.4, name
    # the game tree's nodes stand out from its background: a stone near its shade is ringed
    # in the text's (the Black nodes were dark grey on dark grey)
    window.panel_asked(window.tree_panel)
    view = window.tree_panel.graph
    qtbot.waitUntil(lambda: bool(view.canvas.fills))
    base = view.palette().color(view.palette().ColorRole.Base).lightnessF()
    for fill, outline in view.canvas.fills.values():
        assert max(abs(fill.lightnessF() - base), abs(outline.lightnessF() - base)) >= 0.3
    window.act_dark.setChecked(False)
    assert window.theme.name == "light" and DARK.name == "dark"


def _indicator_contrast(box) -> float:
    """How far the lightest pixel of a check box's indicator (the left of its picture, before
    the text) stands from the panel around it."""
    image = box.grab().toImage()
    around = image.pixelColor(0, 0).lightnessF()
    indicator = box.style().subElementRect(
        box.style().SubElement.SE_CheckBoxIndicator, _option(box), box
    )
    return max(
        abs(image.pixelColor(x, y).lightnessF() - around)
        for x in range(indicator.left(), indicator.right() + 1)
        for y in range(indicator.top(), indicator.bottom() + 1)
    )


def _option(box):
    from PySide6.QtWidgets import QStyleOptionButton

    option = QStyleOptionButton()
    box.initStyleOption(option)
    return option


def test_the_dark_themes_check_boxes_can_be_seen(qtbot, window):
    """A tester's find: in the dark theme an unchecked box was a dark square on the dark
    panel. Its outline stands out, checked or not, and it goes back to Fusion's in light."""
    start(window, "y", size=5)
    box = window.computer.heat_box
    window.act_dark.setChecked(True)
    for checked in (False, True):
        box.blockSignals(True)
        box.setChecked(checked)
        box.blockSignals(False)
        assert _indicator_contrast(box) > 0.35, checked
    window.act_dark.setChecked(False)
    from ygui.ui.theme import PANEL_TABS

    assert QApplication.instance().styleSheet() == PANEL_TABS  # (the dark indicators gone)


@pytest.mark.usefixtures("compiled_engine")
def test_the_thinking_numbers_say_what_they_are(qtbot, window):
    start(window, "y", size=7)
    computer = window.computer
    computer._think_for_move(10)  # a request, then a progress report as the worker sends it
    request = computer.runner.current
    assert request is not None and request.is_move
    result = SearchResult(Move(3), 0.93, 232_704, ())
    computer._move_progress(request, result)
    text = computer.thinking_label.text()
    assert "232,704 of 400,000 playouts" in text and "win probability 93%" in text
    # the line is two lines tall, however long its text: the room kept for it stays so
    line = computer.thinking_label.fontMetrics().lineSpacing()
    assert computer.thinking.sizeHint().height() <= 2 * line + 20
    computer.runner.cancel()


def test_the_board_and_the_moves_keep_still_when_the_thinking_bar_appears(qtbot, window):
    seats = (Seat("Ann"), Seat("Computer", computer=True, level=3))  # Ann to play: none thinks
    window.start_new_game(GameOptions(game="y", size=7).validated(), ("Ann", "Computer"), seats)
    panel = window.game_panel

    def places():
        return window.view.geometry(), panel.moves_box.geometry()

    before = settled(qtbot, places)
    window.computer.thinking.setVisible(True)
    assert settled(qtbot, places) == before
    window.computer.thinking.setVisible(False)


def test_a_game_of_people_alone_has_no_blank_room_above_the_moves(qtbot, window):
    """The thinking line keeps its room only while a computer plays; between two people the
    moves begin just below the turn's line and the (empty) line for a refused move."""
    window.resize(1100, 760)
    start(window, "y", size=7, pie=False)
    panel = window.game_panel
    line = panel.turn_label.fontMetrics().height()

    def room():
        return panel.moves_box.y() - panel.turn_label.geometry().bottom()

    gap = settled(qtbot, room)
    assert gap < 3 * line, (gap, line)
    seats = (Seat("Ann"), Seat("Computer", computer=True, level=3))
    window.start_new_game(
        GameOptions(game="y", size=7, pie=False).validated(), ("Ann", "Computer"), seats
    )
    assert settled(qtbot, room) > gap  # room kept
    start(window, "y", size=7, pie=False)
    assert settled(qtbot, room) == gap


def test_a_finished_game_against_the_computer_has_no_blank_room_above_its_result(qtbot, window):
    """Once the game is over nobody thinks: the thinking line's room goes, and the result
    stands just below the end's words (a tester found a gap of about 60 px there, which
    pushed the moves out of sight in a short window)."""
    from ygui.session import RESIGNATION

    window.resize(1100, 760)
    seats = (Seat("Ann"), Seat("Computer", computer=True, level=3))
    window.start_new_game(
        GameOptions(game="y", size=7, pie=False).validated(), ("Ann", "Computer"), seats
    )
    qtbot.wait(20)
    panel = window.game_panel
    line = panel.turn_label.fontMetrics().height()
    assert window.computer.thinking.sizePolicy().retainSizeWhenHidden()
    assert window.session.end_game(BLACK, RESIGNATION) is None
    qtbot.waitUntil(panel.result_box.isVisible, timeout=2000)
    qtbot.wait(50)
    gap = panel.result_box.y() - panel.refusal.geometry().bottom()
    assert gap < line, (gap, line)


def test_each_menu_entry_is_named_once(window):
    # (menus are found as children, never through QAction.menu(): under PySide6 6.8.0 the
    # wrapper that call returns deletes the menu when it is collected)
    menus = window.menuBar().findChildren(QMenu)
    titles = {m.title() for m in menus}
    texts = [
        a.text().replace("&", "")
        for m in menus
        for a in m.actions()
        if not a.isSeparator() and a.text() not in titles
    ]
    assert len(texts) == len(set(texts))
    assert sum(t.startswith("Analyse") for t in texts) == 2  # the position, the whole game
    # the View menu shows and hides things; it starts no analysis
    view = next(m for m in menus if m.title() == "&View")
    shown = [a.text() for m in [view, *view.findChildren(QMenu)] for a in m.actions()]
    assert not any(t.replace("&", "").startswith("Analyse") for t in shown)


def test_the_new_game_dialogs_rules_button_stays_in_sight_with_ok(qtbot):
    """Under the list of games, Rules of this game… was below the fold of a 1366 by 768
    screen, where the choices scroll (tester 85): it is beside OK and Cancel, which stay in
    sight."""
    dialog = NewGameDialog({}, DARK)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert not dialog.body.isAncestorOf(dialog.rules_button)
    rules, ok = (
        b.mapTo(dialog, b.rect().center()) for b in (dialog.rules_button, dialog.ok_button)
    )
    assert abs(rules.y() - ok.y()) <= 2 and rules.x() < ok.x()  # (on OK's row, at its left)


def test_the_new_game_dialogs_choices_shrink_before_they_scroll(qtbot):
    """On a 1366 by 768 screen the choices scrolled by 39 pixels, the first game's name cut
    off once scrolled, while the preview above them stood at the height it would like
    (tester 86): they are given the dialog's room down to their least, the preview giving
    up its room first, and scroll only in a dialog shorter than that."""
    dialog = NewGameDialog({}, DARK)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    area = dialog.body.parentWidget().parentWidget()
    assert isinstance(area, QScrollArea)
    # (wide enough that nothing scrolls sideways, whose bar would take its height)
    width = dialog.width() + 60
    dialog.resize(width, dialog.height() + 200)
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() == 0)
    assert area.horizontalScrollBar().maximum() == 0
    layout = dialog.body.layout()
    least = layout.totalMinimumHeightForWidth(area.viewport().width())
    liked = layout.totalHeightForWidth(area.viewport().width())
    assert least + 40 <= liked  # (room to squeeze: the preview's)
    chrome = dialog.height() - area.viewport().height()
    for height in (least + 20, (least + liked) // 2):
        dialog.resize(width, height + chrome)
        qtbot.waitUntil(lambda h=height: area.viewport().height() == h)
        qtbot.wait(20)
        assert area.verticalScrollBar().maximum() == 0, height
        assert dialog.body.height() == height
        assert dialog.preview.height() < dialog.preview.sizeHint().height()
    dialog.resize(width, least - 60 + chrome)  # shorter than the least: they scroll
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 0)
    assert dialog.body.height() == least
    assert dialog.preview.height() == dialog.preview.minimumHeight()
    # and the list of games beside them stays put as they scroll (it scrolled with them, its
    # first game cut off at the top, tester 87)
    games = dialog.games
    assert not dialog.body.isAncestorOf(games)
    top = games.mapTo(dialog, games.rect().topLeft())
    area.verticalScrollBar().setValue(area.verticalScrollBar().maximum())
    assert games.mapTo(dialog, games.rect().topLeft()) == top
    assert games.height() >= least - 60  # (as tall as the room the choices scroll in)


def test_the_new_game_dialog_keeps_its_size(qtbot):
    dialog = NewGameDialog({}, DARK)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    size = dialog.size()
    for row in range(dialog.games.count()):
        dialog.games.setCurrentRow(row)
        qtbot.wait(10)
        assert dialog.size() == size, VARIANTS[dialog.game_name].title


def test_the_new_game_dialog_opens_at_one_height_whatever_the_game_last_chosen(qtbot):
    """Opened on Poly-Y (its corners' row) the dialog was taller than opened on Y, and its OK
    button stood elsewhere from one new game to the next (tester 79)."""
    heights = {}
    for game in VARIANTS:
        dialog = NewGameDialog({"game": game}, DARK)
        qtbot.addWidget(dialog)
        # (the board's box, whose height was the difference under a real screen; offscreen
        # the list of games, in another font, is taller than the choices beside it)
        box = next(b for b in dialog.findChildren(QGroupBox) if b.title() == "Board")
        heights[game] = max(box.sizeHint().height(), box.minimumHeight())
        dialog.close()
    assert len(set(heights.values())) == 1, heights


def test_mistakes_are_marked_in_the_move_list_and_the_tree(qtbot, window):
    start(window, "y", size=5, pie=False)
    for label in ("c2", "a1", "b1"):
        click_cell(qtbot, window, window.game.geometry.cell(label))
    tree = window.session.tree
    line = tree.main_line()
    values = [0.5, 0.55, 0.6, 0.2]  # White's a1 lost 5%, Black's b1 lost 40%
    for node, value in zip([tree.root, *line], values, strict=True):
        GameTree.set_analysis(node, value, 1000)
    window.session.notify(Change.ANALYSIS)
    item = window.game_panel.moves_list.item(3)
    assert "✗ lost 40%" in item.text() and item.foreground().color() == QColor("#d32f2f")
    assert "✗" not in window.game_panel.moves_list.item(2).text()
    window.tree_panel.show()
    graph = window.tree_panel.graph
    marked = [n for n, _ in graph.drawn_nodes() if graph.is_mistake_marked(n)]
    assert marked == [line[2]] and "lost 40%" in graph.tooltip(line[2])
    assert 3 in window.review_panel.graph.marks
    assert window.game.colour_name(BLACK) in window.review_panel.graph_title.text()


def test_the_review_graph_leaves_room_for_its_percentages(qtbot):
    """The graph's left margin fits '100%' in its own font, however large (a fixed margin
    showed '00%'), and clicks map to moves across the rest."""
    from PySide6.QtGui import QFont

    from ygui.ui.review_panel import WinRateGraph

    went: list[int] = []
    graph = WinRateGraph(went.append)
    qtbot.addWidget(graph)
    graph.values = [0.5] * 11
    graph.resize(400, 150)
    for size in (8, 12, 20):
        graph.setFont(QFont(graph.font().family(), size))
        assert graph.margin() - 3 >= graph.fontMetrics().horizontalAdvance("100%")
        qtbot.mouseClick(graph, Qt.MouseButton.LeftButton, pos=graph.rect().center())
        assert went[-1] == 5 or abs(went[-1] - 5) <= 1
    graph.grab()  # paints without error at every size


def test_the_analysis_panel_gets_the_room_the_game_panel_does_not_need(qtbot, window):
    """Opened under the game panel, the analysis panel gets room for its candidates (they had
    one row while the move list stood half empty); the game panel keeps what it asks for, so
    it does not scroll (its navigation buttons in sight)."""
    start(window, "y", size=9, pie=False)
    window.resize(1100, 760)
    window.computer.dock.show()
    area = window.game_dock.widget()
    body = area.widget()
    qtbot.waitUntil(lambda: window.computer.candidates_table.height() >= 100, timeout=2000)
    assert body.height() <= area.viewport().height()  # no scrolling in it
    button = window.game_panel.nav_buttons["last"]
    bottom = button.mapTo(area.viewport(), button.rect().bottomLeft()).y()
    assert bottom <= area.viewport().height()


def eight_candidates(game):
    """A search's result as the analysis shows it: eight candidates with long lines, and the
    figures' two lines (a synthetic one: the panel's room is what is tested)."""
    from ygui.ai.engine import Candidate

    cells = game.legal_cells()
    line = tuple(Move(c) for c in cells[:10])
    candidates = tuple(
        Candidate(Move(cells[i]), 300_000 - 30_000 * i, 0.4 - 0.01 * i, (Move(cells[i]), *line))
        for i in range(8)
    )
    return SearchResult(
        candidates[0].move,
        0.4,
        827_904,
        line,
        seconds=5.7,
        candidates=candidates,
        tree_playouts=827_904,
    )


@pytest.mark.parametrize("size", [(1100, 760), (1400, 900)])
def test_the_analysis_panel_grows_to_show_its_candidates_whole(qtbot, window, size):
    """Once the analysis shows its eight candidates and its figures' two lines, its panel
    takes the room the game panel does not need: at 1100 by 760 and at 1400 by 900 it
    scrolled by a few pixels, the table's last row cut in half under it and the table
    scrolling too (two scroll bars, one inside the other), while the game panel had spare
    room (it had been shared as the analysis opened, before its lines and rows came)."""
    from types import SimpleNamespace

    start(window, "y", size=11, pie=False)
    for label in ("f5", "e4", "g3"):
        click_cell(qtbot, window, window.game.geometry.cell(label))
    window.resize(*size)
    window.computer.dock.show()
    qtbot.wait(100)
    computer = window.computer
    computer.show_analysis(SimpleNamespace(game=window.game), eight_candidates(window.game))
    table = computer.candidates_table
    assert table.rowCount() == 8
    panel = window.computer.dock.widget()
    body = panel.widget()

    def whole() -> bool:
        return body.height() <= panel.viewport().height()

    qtbot.waitUntil(whole, timeout=2000)
    qtbot.wait(200)  # (and it stays so)
    assert whole()
    assert not table.verticalScrollBar().isVisible()
    last = table.visualItemRect(table.item(7, 0))
    assert last.bottom() <= table.viewport().height()
    # the game panel still whole, its buttons in sight
    area = window.game_dock.widget()
    assert area.widget().height() <= area.viewport().height()


def test_a_small_study_panel_under_the_game_panel_leaves_both_whole(qtbot, window):
    """Every study panel open, tabbed: with Set up's tab chosen, neither it nor the game
    panel scrolls (a tester's set-up panel scrolled under a game panel half empty), and the
    moves are there, the tree being behind a tab."""
    start(window, "y", size=6, pie=False)
    window.resize(1100, 760)
    for dock in (window.tree_panel, *window.below_game):
        dock.show()
        qtbot.wait(50)
    window.solver_panel.raise_()  # (the tallest of the two panels' sizes first)
    qtbot.wait(100)
    window.setup_dock.raise_()

    def whole(dock):
        area = dock.widget()
        return area.widget().height() <= area.viewport().height()

    qtbot.waitUntil(lambda: whole(window.setup_dock), timeout=2000)
    assert whole(window.game_dock) and window.game_panel.moves_list.isVisible()
    button = window.game_panel.nav_buttons["last"]
    area = window.game_dock.widget()
    assert button.mapTo(area.viewport(), button.rect().bottomLeft()).y() <= area.viewport().height()


def test_once_the_position_is_proved_the_candidates_say_which_rates_are_rough(qtbot, window):
    """The search stops once it proves the position: the proved moves head the table, and
    the others' rates (from a few playouts, 75% for a move the solver calls lost in a
    tester's game) are grey, with a tooltip that says why."""
    from ygui.ai.engine import Candidate

    start(window, "y", size=5, pie=False)
    g = window.game.geometry
    a, b = g.cell("c2"), g.cell("b2")
    result = SearchResult(
        Move(b),
        1.0,
        40,
        (Move(b),),
        candidates=(
            Candidate(Move(a), 18, 0.75, (Move(a),)),
            Candidate(Move(b), 9, 1.0, (Move(b),), 5),
        ),
        proved=5,
    )
    computer = window.computer
    computer._fill_candidates(window.game, result)
    table = computer.candidates_table
    assert [table.item(r, 0).text() for r in range(2)] == ["b2", "c2"]
    assert "win" in table.item(0, 1).text() and table.item(1, 1).text() == "75%"
    assert table.item(1, 1).foreground().color() == QColor(Qt.GlobalColor.gray)
    assert "Not proved" in table.item(1, 1).toolTip()
    assert table.item(0, 1).foreground().color() != QColor(Qt.GlobalColor.gray)
    unproved = replace(result, proved=0, candidates=result.candidates[:1])
    computer._fill_candidates(window.game, unproved)  # nothing proved: nothing greyed
    assert table.item(0, 1).foreground().color() != QColor(Qt.GlobalColor.gray)


def test_in_a_lost_position_the_candidates_begin_with_the_best_lines_move(qtbot, window):
    """Every move proved lost: the table keeps the search's order (the move it plays, an
    intrusion into the winner's links or the slowest loss, first), so that its first row is
    the move the best line begins with (it sorted the quickest loss first)."""
    from ygui.ai.engine import Candidate

    start(window, "y", size=5, pie=False)
    g = window.game.geometry
    slow, quick, rough = g.cell("b1"), g.cell("c2"), g.cell("a1")
    result = SearchResult(
        Move(slow),
        0.0,
        60,
        (Move(slow),),
        candidates=(
            Candidate(Move(slow), 9, 0.0, (Move(slow),), -8),
            Candidate(Move(quick), 21, 0.0, (Move(quick),), -4),
        ),
        proved=-8,
    )
    window.computer._fill_candidates(window.game, result)
    table = window.computer.candidates_table
    assert [table.item(r, 0).text() for r in range(2)] == ["b1", "c2"]
    won = replace(
        result,
        candidates=(
            Candidate(Move(slow), 9, 1.0, (Move(slow),), 7),
            Candidate(Move(quick), 21, 1.0, (Move(quick),), 3),
            Candidate(Move(rough), 3, 0.5, (Move(rough),)),
        ),
        proved=3,
    )
    window.computer._fill_candidates(window.game, won)  # the quickest win first
    assert [table.item(r, 0).text() for r in range(3)] == ["c2", "b1", "a1"]


def test_with_the_tree_on_the_screen_the_game_panel_is_no_taller_than_it_needs(qtbot, window):
    """The tree stands in for the moves: the game panel keeps its lines (no blank room under
    them, as there was) and the tree has the rest; behind a tab, the moves are back whole."""
    from ygui.ui.main_window import wanted_height

    start(window, "y", size=9, pie=False)
    window.resize(1100, 760)
    window.tree_panel.show()
    window.tree_panel.raise_()
    area = window.game_dock.widget()
    qtbot.waitUntil(lambda: abs(area.height() - wanted_height(window.game_dock)) <= 4, timeout=2000)
    assert not window.game_panel.moves_list.isVisible()
    # and says where they are (tester 13 took the list for lost)
    elsewhere = window.game_panel.moves_elsewhere
    assert elsewhere.isVisible() and not elsewhere.visibleRegion().isEmpty()
    assert elsewhere.text() == "The moves are in the game tree while it is in view."
    # the buttons that step through the moves stay (they went with the list: tester 7)
    buttons = window.game_panel.nav_buttons.values()
    assert all(b.isVisible() and not b.visibleRegion().isEmpty() for b in buttons)
    assert area.widget().height() <= area.viewport().height()  # its lines whole
    assert window.tree_panel.height() > 2 * window.game_dock.height()
    window.setup_dock.show()
    window.setup_dock.raise_()
    qtbot.waitUntil(lambda: window.game_panel.moves_list.isVisible(), timeout=2000)
    assert not elsewhere.isVisible()
    qtbot.waitUntil(lambda: area.widget().height() <= area.viewport().height(), timeout=2000)


def test_tab_stops_on_the_board_show_a_frame_and_none_is_invisible(qtbot, window):
    """Tab reaches the board and the panels' controls, each showing it has the keys: the
    board a frame in the highlight's colour (nothing showed it; and two of the stops, the
    panels' scroll areas, showed nothing at all: tester 65). A click gives the board the
    keys without a frame."""
    window.resize(1100, 760)
    window.show()
    qtbot.waitExposed(window)
    view = window.view
    highlight = view.palette().highlight().color()

    def edge():
        return view.viewport().grab().toImage().pixelColor(1, view.viewport().height() // 2)

    assert edge() != highlight
    window.entry_panel.entry.setFocus()  # (the last stop before the board, when shown)
    stops = []
    for _ in range(12):
        widget = QApplication.focusWidget()
        qtbot.keyClick(widget, Qt.Key.Key_Tab)
        stops.append(QApplication.focusWidget())
        if stops[-1] is view:
            break
    assert view.hasFocus() and view.tabbed_in and edge() == highlight
    assert not any(isinstance(stop, QScrollArea) for stop in stops), stops
    assert view.cursor_cell is not None  # (and its cursor)
    # (the board is the one stop here: the panels' bars are none, the set-up's box is behind
    # the game panel's tab)
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    assert view.hasFocus() and edge() == highlight and view.cursor_cell is not None
    click_cell(qtbot, window, 0)
    assert view.hasFocus() and not view.tabbed_in and edge() != highlight
    assert view.cursor_cell is None
    # no stop is a bar of tabbed panels, where nothing showed the keys (tester 74); with the
    # board the one stop, Tab there shows its frame and its cursor all the same
    window.panel_asked(window.review_panel)
    window.panel_asked(window.computer.dock)
    assert [b for b in window.findChildren(QTabBar) if b.isVisible() and b.count() > 1]
    seen = []
    for _ in range(12):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        seen.append(QApplication.focusWidget())
    assert not any(isinstance(stop, QTabBar) for stop in seen), seen
    for dock in (window.review_panel, window.computer.dock, window.tree_panel):
        dock.hide()
    window.setup_dock.hide()
    click_cell(qtbot, window, 1)
    assert view.cursor_cell is None
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is view and view.tabbed_in
    assert view.cursor_cell is not None and edge() == highlight


def test_a_panel_asked_for_comes_to_the_front_and_asked_again_closes(qtbot, window):
    """View → Panels and the panels' keys: a panel open behind another's tab comes to the
    front (Qt's toggle closed it instead, or opened it behind the tab in front)."""
    start(window, "y", size=7, pie=False)
    window.resize(1100, 760)
    tree, setup = window.panel_actions["Game tree"], window.panel_actions["Set up"]
    assert set(window.panel_actions) == {  # every panel (the solver's was missing)
        "Game",
        "Game tree",
        "Set up",
        "Game review",
        "Analysis",
        "Solver",
    }

    def on_screen(dock):
        return dock.isVisible() and not dock.visibleRegion().isEmpty()

    tree.trigger()
    qtbot.waitUntil(lambda: on_screen(window.tree_panel), timeout=2000)
    setup.trigger()
    qtbot.waitUntil(lambda: on_screen(window.setup_dock), timeout=2000)
    assert not on_screen(window.tree_panel) and tree.isChecked() and setup.isChecked()
    tree.trigger()  # open behind Set up's tab: to the front, not closed
    qtbot.waitUntil(lambda: on_screen(window.tree_panel), timeout=2000)
    assert window.tree_panel.isVisible() and tree.isChecked()
    tree.trigger()  # on the screen: closed, and said how to bring it back (tester 24)
    qtbot.waitUntil(lambda: not window.tree_panel.isVisible(), timeout=2000)
    assert not tree.isChecked() and setup.isChecked()
    said = window.statusBar().currentMessage()
    assert said.startswith("The Game tree panel is hidden (Ctrl+T or View ▸ Panels"), said
    window.setup_dock.close()  # its ×: said too (tester 25)
    qtbot.waitUntil(lambda: "Set up panel is hidden" in window.statusBar().currentMessage())
    assert "(Ctrl+2 or View ▸ Panels shows it again)" in window.statusBar().currentMessage()
    setup.trigger()  # back: the word goes (it stayed: tester 26)
    qtbot.waitUntil(lambda: on_screen(window.setup_dock), timeout=2000)
    assert window.statusBar().currentMessage() == ""


def test_a_window_made_shorter_keeps_the_game_panel_whole(qtbot, window):
    """With the analysis open, a window made shorter shares its panels' room again: the game
    panel keeps its lines and its navigation in sight, the analysis scrolls (the moves had
    scrolled away at 1000x600)."""
    start(window, "y", size=9, pie=False)
    window.resize(1100, 760)
    window.computer.dock.show()
    window.computer.dock.raise_()
    qtbot.wait(200)
    window.resize(1000, 600)
    area = window.game_dock.widget()
    qtbot.waitUntil(lambda: area.widget().height() <= area.viewport().height(), timeout=3000)
    button = window.game_panel.nav_buttons["last"]
    assert button.mapTo(area.viewport(), button.rect().bottomLeft()).y() <= area.viewport().height()


def test_a_short_window_keeps_the_navigation_in_sight(qtbot, window):
    """Testers 4 and 6: at 1000 by 500 pixels with the review and the analysis open, the
    navigation buttons under the moves were cut in half, or out of sight, the game panel
    scrolling. The move list gives up rows (three left) and the study panel some of its
    least height; given room again, the list takes its rows back."""
    start(window, "y", size=11, pie=True)
    window.resize(1000, 500)
    window.review_panel.show()
    window.computer.dock.show()
    window.computer.dock.raise_()
    area = window.game_dock.widget()
    moves = window.game_panel.moves_list
    button = window.game_panel.nav_buttons["last"]

    def whole() -> bool:
        bottom = button.mapTo(area.viewport(), button.rect().bottomLeft()).y()
        return area.widget().height() <= area.viewport().height() and bottom <= (
            area.viewport().height()
        )

    for label in ("f5", "d3", "e2"):  # (the swap's room kept, then given back)
        click_cell(qtbot, window, window.game.geometry.cell(label))
        qtbot.waitUntil(whole, timeout=3000)
        qtbot.wait(300)
        assert whole(), label
        assert moves.height() >= moves.short_height() - 2
    window.resize(1000, 900)
    qtbot.waitUntil(lambda: not moves.short, timeout=3000)
    qtbot.waitUntil(lambda: moves.height() >= moves.HEIGHT, timeout=3000)


def test_with_the_tree_open_the_result_and_the_swap_stay_in_sight(qtbot, window):
    """The game panel asks for more room as its lines come and go, and gets it: the result
    and its New game button at the end of a game (they were scrolled out of sight under the
    tree, a tester's finding), and the swap's offer in a new game with the pie rule (it was
    cut in half)."""
    window.resize(1280, 840)
    for dock in (*window.below_game, window.tree_panel):  # every study panel, tabbed
        dock.show()
        qtbot.wait(50)
    window.tree_panel.raise_()
    qtbot.wait(200)
    start(window, "y", size=5, pie=True)
    area = window.game_dock.widget()
    panel = window.game_panel

    def in_sight(widget):
        bottom = widget.mapTo(area.viewport(), widget.rect().bottomLeft()).y()
        return widget.isVisible() and 0 <= bottom <= area.viewport().height()

    qtbot.waitUntil(lambda: area.widget().height() <= area.viewport().height(), timeout=2000)
    play_out(qtbot, window)

    def whole(widget):  # in sight, the panel not scrolling, the tree keeping the rest
        return (
            in_sight(widget)
            and area.widget().height() <= area.viewport().height()
            and window.tree_panel.height() > window.game_dock.height()
        )

    qtbot.waitUntil(lambda: whole(panel.result_box), timeout=3000)
    qtbot.wait(300)
    assert whole(panel.result_box)  # (and so it stays)
    start(window, "hexagonal-y", size=5, pie=True)
    qtbot.waitUntil(lambda: whole(panel.swap_button), timeout=3000)
    qtbot.wait(300)
    assert whole(panel.swap_button)
    assert not panel.result_box.isVisible()


def test_past_the_swap_its_room_goes_to_the_moves(qtbot, window):
    """The swap's offer keeps its room around its moment (no jump as it comes and goes), and
    gives it back once the game is past it (it stood blank above the moves all game)."""
    start(window, "y", size=7, pie=True)
    panel = window.game_panel
    policy = panel.swap_button.sizePolicy
    assert panel.swap_button.isVisible() and policy().retainSizeWhenHidden()
    for label in ("d4", "b2", "c1"):
        click_cell(qtbot, window, window.game.geometry.cell(label))
    assert not panel.swap_button.isVisible() and not policy().retainSizeWhenHidden()


def test_editing_a_position_gives_the_set_up_panel_its_room(qtbot, window):
    """Every study panel open, tabbed: Edit position opens the editor's part of Set up, and
    the panels share their room again, so that the side to move and the rest of the editor
    are in sight (the game panel kept its empty move rows and Set up scrolled, a tester's
    finding), and both panels are whole; Done gives the room back."""
    window.resize(1280, 840)
    start(window, "y", size=9, pie=True)
    for dock in (window.tree_panel, *window.below_game):
        dock.show()
        qtbot.wait(50)
    window.computer.dock.raise_()
    qtbot.wait(200)
    window.edit_position()
    qtbot.wait(200)
    window.edit_position()  # Done, then again (as a tester did)
    qtbot.wait(200)
    window.solver_panel.raise_()
    qtbot.wait(200)
    window.edit_position()
    area = window.setup_dock.widget()
    box = window.editor.to_move

    def whole():
        bottom = box.mapTo(area.viewport(), box.rect().bottomLeft()).y()
        game = window.game_dock.widget()
        return (
            box.isVisible()
            and bottom <= area.viewport().height()
            and area.widget().height() <= area.viewport().height()
            and game.widget().height() <= game.viewport().height()
        )

    qtbot.waitUntil(whole, timeout=3000)
    qtbot.wait(300)
    assert whole()  # (and so it stays)
    window.edit_position()  # Done
    qtbot.waitUntil(lambda: not window.session.editing, timeout=3000)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_five_panels_tabbed_together_show_their_whole_names(qtbot, window, theme):
    """Every study panel open, tabbed under the game panel at the window's usual width: each
    tab shows its whole name (as Qt pads them, every name was cut: "Sol…", "Set …"), in the
    dark theme's tabs too (with their outlines)."""
    from PySide6.QtWidgets import QTabBar

    from ygui.ui.theme import THEMES, apply_palette

    apply_palette(QApplication.instance(), THEMES[theme])  # (as ygui starts)
    window.resize(1280, 840)
    start(window, "y", size=7)
    qtbot.waitUntil(lambda: window.game_dock.width() >= 300, timeout=2000)  # (settled)
    for dock in (window.tree_panel, *window.below_game):
        dock.show()
        qtbot.wait(20)
    qtbot.wait(100)
    (bar,) = [b for b in window.findChildren(QTabBar) if b.isVisible() and b.count() == 5]
    for i in range(bar.count()):
        assert bar.tabRect(i).width() >= bar.tabSizeHint(i).width(), bar.tabText(i)
    apply_palette(QApplication.instance(), THEMES["light"])


def test_a_narrow_window_keeps_most_of_its_width_for_the_board(qtbot, window):
    """Made narrow, the window's panels give way down to their least width, to 40% of the
    window (at 640 pixels they kept 380 and the board had 200, a tester's finding), with
    every study panel open too; widened again, they get their width back."""
    from ygui.ui.main_window import PANELS_SHARE

    start(window, "y", size=6)
    window.resize(1280, 840)
    qtbot.wait(50)
    wide = window.game_dock.width()
    window.resize(640, 840)
    qtbot.waitUntil(lambda: window.game_dock.width() <= PANELS_SHARE * 640 + 1, timeout=2000)
    assert window.view.width() > window.game_dock.width()
    window.resize(1280, 840)
    qtbot.waitUntil(lambda: window.game_dock.width() == wide, timeout=2000)
    for dock in (window.tree_panel, *window.below_game):  # their controls fit 2 lines: no wider
        dock.show()
        qtbot.wait(20)
    window.resize(640, 840)
    qtbot.waitUntil(lambda: window.game_dock.width() <= 300, timeout=2000)
    assert window.view.width() >= 300


def test_a_long_mistake_note_wraps_in_the_move_list(qtbot, window):
    """A mistake's note longer than the move list is wide wraps within it (the list scrolled
    sideways and the move numbers went out of sight, a tester's finding), and its tooltip
    holds the whole note."""
    start(window, "y", size=5, pie=True)
    window.resize(1100, 760)
    click_cell(qtbot, window, window.game.geometry.cell("c2"))
    tree = window.session.tree
    GameTree.set_analysis(tree.root, 0.45, 1000, "c1")
    GameTree.set_analysis(tree.main_line()[0], 0.0, 1000, "swap")
    window.session.notify(Change.ANALYSIS)
    moves = window.game_panel.moves_list
    item = moves.item(1)
    assert "strong enough to be swapped" in item.text() and "c1 was better" in item.toolTip()
    qtbot.wait(50)
    rect = moves.visualItemRect(item)
    assert (
        rect.right() <= moves.viewport().width()
        and rect.height() > moves.fontMetrics().height() * 1.5
    )
    assert not moves.horizontalScrollBar().isVisible()


def test_after_a_swap_the_review_graph_follows_the_first_player(qtbot, window):
    """With a swap in the main line the review's graph is the first player's win probability
    all along (its colour changes at the swap: a line of the colour's leapt from 0 to 100%
    there), and its title says so."""
    start(window, "y", size=5, pie=True)
    click_cell(qtbot, window, window.game.geometry.cell("c2"))
    window.swap()
    click_cell(qtbot, window, window.game.geometry.cell("a1"))
    tree = window.session.tree
    # Black's (the colour's) rates: the first player's c2 was too strong, the swapper (now
    # Black) wins from there
    for node, black in zip([tree.root, *tree.main_line()], (0.45, 0.02, 0.97, 0.96), strict=True):
        GameTree.set_analysis(node, black, 1000)
    window.session.notify(Change.ANALYSIS)
    graph = window.review_panel.graph
    assert graph.values == pytest.approx([0.45, 0.02, 0.03, 0.04])
    title = window.review_panel.graph_title.text()
    assert title.startswith("The first player's win probability") and "White after it" in title
    # against the computer, the person's: the second player here, who swapped (the line
    # followed the computer, and the person's blunder showed as a leap up: tester 75)
    window.session.set_seats((Seat("Bot", computer=True, level=1), Seat("Ann")))
    assert graph.values == pytest.approx([0.55, 0.98, 0.97, 0.96])
    title = window.review_panel.graph_title.text()
    assert title == (
        "Ann's win probability along the main line (White until the swap, Black after it)"
    )
    window.session.set_seats((Seat("Ann"), Seat("Bot", computer=True, level=1)))
    assert graph.values == pytest.approx([0.45, 0.02, 0.03, 0.04])
    assert window.review_panel.graph_title.text().startswith("Ann's win probability")


def test_the_move_list_says_what_a_swap_does(qtbot, window):
    """A swap in the move list says its player takes the first stone's colour, so that the
    colour named on the next line reads as the other player's (a tester read "2. White swap,
    3. White d3" as White playing twice)."""
    start(window, "y", size=5, pie=True)
    click_cell(qtbot, window, window.game.geometry.cell("c2"))
    window.swap()
    click_cell(qtbot, window, window.game.geometry.cell("a1"))
    moves = window.game_panel.moves_list
    texts = [moves.item(r).text() for r in range(1, 4)]
    assert texts == [
        "1. Black c2",
        "2. White swaps: Bo plays Black from here",
        "3. White a1",
    ]


def test_the_current_move_stays_in_sight_when_the_move_list_is_made_shorter(qtbot, window):
    """At the end of a game the result appears above the moves and the list gets shorter:
    the last move, the current one, stays whole in sight (a tester's was cut in half at the
    bottom; so was the computer's move when the thinking bar came and went)."""
    window.resize(1100, 760)
    window.computer.dock.show()
    window.computer.dock.raise_()
    start(window, "starboard-y", pie=False)
    moves = window.game_panel.moves_list

    def current_in_sight():
        rect = moves.visualItemRect(moves.currentItem())
        return moves.viewport().rect().contains(rect)

    def result_in_sight():
        rect = moves.visualItemRect(moves.item(moves.count() - 1))
        return moves.viewport().rect().contains(rect)

    play_out(qtbot, window, seed=3)
    qtbot.waitUntil(window.game_panel.result_box.isVisible, timeout=3000)
    qtbot.wait(300)
    # the last move is the current one, and the list's last row says the game was won
    assert moves.currentRow() == moves.count() - 2 and current_in_sight()
    won = win_reason(window.game)
    assert moves.item(moves.count() - 1).text() == won and result_in_sight()
    window.session.back()  # said from any move of the line (it went: tester 38)
    assert moves.item(moves.count() - 1).text() == won
    window.session.forward()
    for height in (700, 600, 500):  # and as the window is made shorter
        window.resize(1100, height)
        qtbot.wait(200)
        assert current_in_sight()


def test_a_set_up_warning_does_not_move_the_editors_controls(qtbot, window):
    """A warning that comes and goes as stones are placed keeps the colour buttons where
    they are (they moved up under the mouse, and a tester's click on the second colour
    missed it)."""
    window.resize(1100, 760)
    start(window, "poly-y", pie=False)
    window.setup_dock.show()
    window.setup_dock.raise_()
    window.edit_position()
    button = window.editor.tool_buttons[BLACK]

    def top():
        return button.mapTo(window, button.rect().topLeft()).y()

    qtbot.wait(300)
    before = top()
    for label in ("40", "41", "42"):  # two stones more of one colour: a warning
        click_cell(qtbot, window, window.game.geometry.cell(label))
    qtbot.waitUntil(lambda: window.editor.edit_warning.text() != "", timeout=3000)
    qtbot.wait(300)
    assert top() == before
    window.edit_position()


def test_the_dark_themes_menu_ticks_can_be_seen(qtbot, window):
    """Tester 6: in the dark theme the menus' check boxes could hardly be seen, and a ticked
    item (Dark theme itself) showed no tick at all. Each box's outline stands out from the
    menu, and a ticked one is filled with the highlight's colour."""
    start(window, "y", size=5)
    window.act_dark.setChecked(True)
    from PySide6.QtWidgets import QMenu

    # (found among the window's children: PySide6 6.8's QAction.menu() gave a wrapper whose
    # menu was already deleted)
    menu = next(m for m in window.findChildren(QMenu) if m.title().replace("&", "") == "View")
    menu.popup(window.mapToGlobal(window.rect().center()))
    qtbot.waitUntil(menu.isVisible)
    image = menu.grab().toImage()
    around = image.pixelColor(3, menu.actionGeometry(window.act_dark).center().y())

    def box(action) -> list:
        rect = menu.actionGeometry(action)
        return [
            image.pixelColor(x, y)
            for x in range(rect.left(), rect.left() + 28)
            for y in range(rect.top(), rect.bottom())
        ]

    ticked = box(window.act_dark)
    assert max(abs(p.lightnessF() - around.lightnessF()) for p in ticked) > 0.35
    highlight = QColor(window.palette().color(window.palette().ColorRole.Highlight))
    assert sum(p == highlight for p in ticked) > 40  # (the box filled, not a line)
    window.act_labels.setChecked(False)
    unticked = box(window.act_labels)
    assert max(abs(p.lightnessF() - around.lightnessF()) for p in unticked) > 0.35
    assert sum(p == highlight for p in unticked) == 0
    menu.hide()
    window.act_dark.setChecked(False)


def test_the_dark_themes_panel_buttons_can_be_seen(qtbot, window):
    """Tester 7: the panels' float and close buttons were dark grey on the dark title bars.
    In the dark theme they are drawn light."""
    start(window, "y", size=5)
    window.resize(1000, 700)
    window.act_dark.setChecked(True)
    dock = window.game_dock
    qtbot.waitUntil(dock.isVisible)
    qtbot.wait(50)
    image = dock.grab().toImage()
    title = dock.widget().mapTo(dock, dock.widget().rect().topLeft()).y()
    right = [
        image.pixelColor(x, y).lightnessF()
        for x in range(dock.width() - 40, dock.width())
        for y in range(0, max(1, title))
    ]
    assert max(right) > 0.75  # (Fusion's: below 0.5)
    window.act_dark.setChecked(False)


def test_the_move_list_keeps_the_next_move_in_sight(qtbot, window):
    """Stepping through a game longer than the list, the current move and the one after it
    are both wholly in sight (at the position before a mistake, the mistake below was cut in
    half, a tester's finding)."""
    start(window, "y", size=7, pie=False)
    for cell in range(20):
        click_cell(qtbot, window, cell)
    moves = window.game_panel.moves_list
    moves.setFixedHeight(100)  # (as in a short window: a few rows)
    qtbot.waitUntil(lambda: moves.viewport().height() < 100)
    view = moves.viewport().rect()
    window.session.go_to_main_line(0)
    assert moves.count() == 21 and not view.contains(moves.visualItemRect(moves.item(12)))
    for k in range(1, 20):
        window.session.forward()
        for row in (k, k + 1):
            rect = moves.visualItemRect(moves.item(row))
            assert view.contains(rect), (k, row, rect, view)
    window.session.go_to_main_line(3)  # (and going back up)
    assert view.contains(moves.visualItemRect(moves.item(4)))


def test_the_set_up_panel_widens_for_mudcrack_ys_row(qtbot, window):
    """Editing a Mudcrack Y position adds a row (cells, seed, New board) to the set-up panel:
    the panel widens to hold its contents whole (their right side was cut off, the Players…
    button and the side to move among it, a tester's finding)."""
    start(window, "y", size=9, pie=False)
    window.resize(1400, 1000)
    window.act_edit.trigger()
    window.editor.edit_button.toggle()
    start(window, "mudcrack-y", size=50, pie=False)
    window.act_edit.trigger()
    area = window.setup_dock.widget()
    body = area.widget()
    qtbot.waitUntil(lambda: area.viewport().width() >= body.minimumSizeHint().width(), timeout=2000)
    assert body.width() >= body.minimumSizeHint().width()


def test_poly_y_corners_say_where_they_are_and_whose(qtbot, window):
    """Each corner's tooltip names it by where it lies (as the result does) and whose it is;
    once the game is over a free corner is "not captured", no longer "not yet"."""
    from ygui.core.wording import corner_names

    start(window, "poly-y", size=4, pie=False)
    names = corner_names(window.game.geometry)
    items = window.scene._corner_items
    # every marker inside the board's room, clear of its edge (the top one's tip touched the
    # new-game dialog's preview's edge: tester 83)
    from ygui.ui.board_scene import UNIT

    room = window.scene.sceneRect()
    gap = UNIT * 0.2
    for item in items:
        box = item.sceneBoundingRect()
        assert room.adjusted(gap, gap, -gap, -gap).contains(box), (room, box)
    assert [i.toolTip() for i in items] == [f"The {n} corner: not yet captured" for n in names]
    play_out(qtbot, window)
    held = {s: c for c in (1, 2) for s in window.game.corners_held(c)}
    for s, item in enumerate(items):
        if s in held:
            whose = window.game.colour_name(held[s])
            assert item.toolTip() == f"The {names[s]} corner: captured by {whose}"
        else:
            assert item.toolTip() == f"The {names[s]} corner: not captured"


@pytest.mark.usefixtures("compiled_engine")
def test_against_the_computer_the_moves_keep_their_place_past_the_swap(qtbot, answers):
    """The swap's offer shares its place with the computer's thinking, whose room is kept
    in a game against the computer: the moves below stay where they are as the offer comes
    and goes (they moved up 28 pixels after the swap's moment, tester 27)."""
    window = make_window(qtbot, answers)
    seats = (Seat("Bot", computer=True, level=1), Seat("Ann"))
    window.start_new_game(
        GameOptions(game="y", size=7, pie=True).validated(), ("Bot", "Ann"), seats
    )
    panel = window.game_panel
    qtbot.waitUntil(lambda: len(window.game.moves) == 1, timeout=30_000)
    qtbot.waitUntil(panel.swap_button.isVisible, timeout=3000)
    qtbot.wait(100)
    top = panel.moves_box.y()
    free = next(c for c in range(window.game.geometry.size) if not window.game.colours[c])
    click_cell(qtbot, window, free)
    qtbot.waitUntil(lambda: len(window.game.moves) == 3, timeout=30_000)
    qtbot.wait(100)
    assert not panel.swap_button.isVisible()
    assert panel.moves_box.y() == top


def test_the_wheel_over_a_choice_scrolls_the_new_game_dialog(qtbot):
    """Tester 28 scrolled a short screen's New game dialog down to the players; the pointer
    passed over the handicap, and the wheel set it to nine stones without a word; tester 29
    did the same over a choice just used. Over a choice the wheel scrolls the dialog."""
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent

    dialog = NewGameDialog({}, DARK)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.resize(dialog.width(), 380)  # (a short screen: the choices scroll)
    qtbot.wait(50)
    bar = dialog.body.parentWidget().parentWidget().verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == 0
    combo = dialog.handicap
    before = combo.currentIndex()

    def wheel() -> None:
        centre = QPointF(combo.rect().center())
        event = QWheelEvent(
            centre,
            QPointF(combo.mapToGlobal(combo.rect().center())),
            QPoint(),
            QPoint(0, -120),  # down
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(combo, event)

    wheel()
    assert combo.currentIndex() == before and bar.value() > 0
    scrolled = bar.value()
    combo.setFocus()  # (just used: it keeps the focus)
    qtbot.waitUntil(combo.hasFocus, timeout=1000)
    wheel()
    assert combo.currentIndex() == before and bar.value() > scrolled


def test_a_click_between_the_points_of_the_game_of_y_says_so(qtbot, window):
    """On the Game of Y a click between points did nothing and said nothing (tester 28)."""
    from PySide6.QtTest import QTest

    start(window, "game-of-y", size=5)
    scene, view = window.scene, window.view
    g = window.game.geometry
    # the middle of three points each next to the others: a gap among them
    a = len(g.labels) // 2
    b, c = next((b, c) for b in g.neighbours[a] for c in g.neighbours[b] if c in g.neighbours[a])
    middle = (scene.cell_position(a) + scene.cell_position(b) + scene.cell_position(c)) / 3
    assert scene.cell_at(middle) is None  # (a gap: no point there)
    at = view.mapFromScene(middle)
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert window.statusBar().currentMessage().startswith("Between the points")
    assert not window.game.moves
    outside = view.mapFromScene(scene.sceneRect().topLeft())  # (far from every point)
    window.statusBar().clearMessage()
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=outside)
    assert window.statusBar().currentMessage() == ""


def test_the_new_game_dialog_starts_with_the_keys_on_the_games_and_no_stop_is_unseen(qtbot, window):
    """The dialog opens with the keys on the list of games; Tab goes round its choices and
    buttons, never to the scroll area round them or the preview, where nothing showed the
    keys were (it opened with them there, and arrows meant for the list changed the board's
    size: tester 65)."""
    from ygui.ui.new_game_dialog import NewGameDialog

    theme = window.theme
    window.close()
    dialog = NewGameDialog({}, theme)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    assert QApplication.focusWidget() is dialog.games
    stops = []
    for _ in range(40):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        stops.append(QApplication.focusWidget())
        if stops[-1] is dialog.games:
            break
    assert stops[-1] is dialog.games and len(stops) > 5
    assert not any(isinstance(s, (QScrollArea, type(dialog.preview))) for s in stops), stops


def test_the_rules_and_the_keys_open_with_the_keys_on_their_page(qtbot, window):
    """PageDown in the rules scrolls them (it chose another game's rules: the keys were on
    the chooser), and in the list of keys (it did nothing until Tab was pressed twice):
    tester 65."""
    from ygui.ui.help import RulesDialog, ShortcutsDialog

    window.close()
    for dialog in (RulesDialog("y"), ShortcutsDialog("<p>x</p>" * 200)):
        qtbot.addWidget(dialog)
        dialog.resize(500, 300)
        dialog.show()
        qtbot.waitExposed(dialog)
        dialog.activateWindow()
        qtbot.waitUntil(dialog.isActiveWindow)
        assert QApplication.focusWidget() is dialog.browser
        title = dialog.windowTitle()
        qtbot.keyClick(dialog.browser, Qt.Key.Key_PageDown)
        assert dialog.browser.verticalScrollBar().value() > 0 and dialog.windowTitle() == title
        dialog.close()


def test_the_unsaved_game_question_has_keys_for_its_answers(qtbot, window):
    """Save first? answers by Alt+S and Alt+D, Esc cancels, Enter saves (a keyboard player
    had to Tab to a button: tester 65)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    def press(key, modifier=Qt.KeyboardModifier.NoModifier):
        def now():
            box = QApplication.activeModalWidget()
            assert isinstance(box, QMessageBox)
            qtbot.keyClick(box, key, modifier)
            # (a key that answers nothing: the test fails, not hangs; a button's key clicks
            # it a moment later, as it is drawn pressed)
            QTimer.singleShot(1500, box, lambda: box.isVisible() and box.done(0))

        return now

    alt = Qt.KeyboardModifier.AltModifier
    said = []
    for key, modifier in (
        (Qt.Key.Key_D, alt),
        (Qt.Key.Key_S, alt),
        (Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier),
    ):
        QTimer.singleShot(50, press(key, modifier))
        said.append(MainWindow.ask_save_discard_cancel(window, "Save the game?"))
    assert said == ["discard", "save", "cancel", "save"]
    # a letter alone answers nothing: typed over the question, taken for the file dialog, a
    # name's "s" saved the game (and a "d" would have discarded it: tester 68)
    for key in (Qt.Key.Key_D, Qt.Key.Key_S):
        QTimer.singleShot(50, press(key, Qt.KeyboardModifier.NoModifier))
        said.append(MainWindow.ask_save_discard_cancel(window, "Save the game?"))
    QTimer.singleShot(50, press(Qt.Key.Key_Y, Qt.KeyboardModifier.NoModifier))
    said.append(MainWindow.ask_yes_no(window, "Resign?", "Resign?"))
    assert said[4:] == ["cancel", "cancel", False]
    # the recovery question too: a "n" typed at the starting window declined a game
    recover = []
    for key, modifier in (
        (Qt.Key.Key_N, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_Y, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_Y, alt),
        (Qt.Key.Key_N, alt),
    ):
        QTimer.singleShot(50, press(key, modifier))
        recover.append(MainWindow.ask_recover(window, "Recover it?", window.game))
    # (a letter alone: the guard closes the box unanswered, which is neither Yes nor No)
    assert recover == [False, False, True, False]


def test_the_window_starts_without_warnings_on_the_terminal(tmp_path):
    """Nothing of the window's making on the terminal: a tester's log held PySide's warning
    that it could not connect the status bar's tooltip (tester 67). (A process of its own:
    PySide says such a thing once a process.)"""
    import os
    import subprocess
    import sys

    script = (
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from ygui.settings import Settings\n"
        "from ygui.ui.main_window import MainWindow\n"
        "w = MainWindow(Settings(), warm_up_engine=False)\n"
        "w.show_status('a message')\n"
        "w.close()\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "YGUI_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "libpyside" not in done.stderr and "Cannot add" not in done.stderr, done.stderr


def test_tab_in_the_comment_box_goes_on_and_writes_nothing(qtbot, window):
    """Tab in the game tree's comment box moves the keys on; it wrote tab characters into
    the comment, and a keyboard player was stuck in the box (tester 67)."""
    click_cell(qtbot, window, 0)
    window.resize(1100, 760)
    window.show()
    window.tree_panel.show()
    window.tree_panel.raise_()
    qtbot.waitExposed(window)
    box = window.tree_panel.comment
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    qtbot.keyClick(box, Qt.Key.Key_Tab)
    assert not box.hasFocus() and window.session.current.comment == ""


def test_open_recent_lists_the_files_another_window_saved(qtbot, window, tmp_path):
    """Another ygui (another process) saved a game: this window's Open recent lists it too
    (it showed this window's own alone: tester 68)."""
    from ygui.settings import Settings

    Settings(window.settings.path).add_recent(str(tmp_path / "theirs.ysgf"))
    window.recent_menu.aboutToShow.emit()
    names = [a.text() for a in window.recent_menu.actions()]
    assert any("theirs.ysgf" in name for name in names), names


def test_the_candidates_table_stays_put_as_the_searchs_figures_grow_and_shrink(qtbot, window):
    """The figures above the candidates ("1,119,854 playouts: 920,430 from before, ...")
    took one line, then two, then one as they changed, and the table moved under the pointer:
    a double click added the line of the row that came under it (tester 70). In one position
    the labels keep the room their longest words took; another position lets them shrink."""

    start(window, "y", size=9, pie=False)
    window.resize(1100, 760)
    computer = window.computer
    computer.dock.show()
    table = computer.candidates_table
    qtbot.waitUntil(lambda: table.height() >= 100, timeout=2000)
    short, long = "2,000 playouts in 0.1 s", "1,119,854 playouts: 920,430 from before, " * 3
    tops = []
    for text in (short, long, short, long, short):
        computer.stats_label.setText(text)
        computer.line_label.setText("Best line: " + ("e5 d6 " * (8 if text is long else 1)))
        qtbot.wait(150)
        tops.append(table.mapTo(window, table.rect().topLeft()).y())
    assert tops[1] > tops[0]  # (the long words need their room)
    # and keep it: the rows stay where they are (the panel, grown past its room, took the
    # game panel's spare room once, upwards: the table came back to about its first place)
    assert tops[2:] == [tops[2]] * 3, tops
    assert abs(tops[2] - tops[0]) <= 3, tops
    computer.clear_analysis_display()  # another position
    computer.stats_label.setText(short)
    computer.line_label.setText("Best line: e5")
    qtbot.wait(150)
    assert table.mapTo(window, table.rect().topLeft()).y() < tops[2]  # (its room given up)


def test_the_match_dialog_opens_beside_the_board_not_over_it(qtbot, window):
    """Centred over the window, it hid the games it played: beside the window where the screen
    has room, else over the window's right-hand panels; whole on the screen."""
    room = window.screen().availableGeometry()
    small = QWidget()
    qtbot.addWidget(small)
    dialog = QWidget()
    qtbot.addWidget(dialog)
    dialog.resize(200, 300)
    small.setGeometry(room.left(), room.top(), 300, 400)
    place_beside(dialog, small)
    assert dialog.frameGeometry().left() == small.frameGeometry().right() + 1
    small.move(room.right() - 300, room.top())
    place_beside(dialog, small)
    assert dialog.frameGeometry().right() == small.frameGeometry().left() - 1
    # too little room either side: against the screen's edge where there is more
    small.setGeometry(room.left() + 80, room.top(), room.width() - 220, 400)
    place_beside(dialog, small)
    assert dialog.frameGeometry().right() == room.right()
    small.move(room.left() + 140, room.top())
    place_beside(dialog, small)
    assert dialog.frameGeometry().left() == room.left()
    # the window itself, as wide as the screen: over its right edge
    window.move(room.topLeft())
    window.resize(room.width(), 600)
    window.show()
    qtbot.waitExposed(window)
    match = window.open_match()
    qtbot.waitExposed(match)
    placed = match.frameGeometry()
    assert room.contains(placed)
    assert placed.right() == min(window.frameGeometry().right(), room.right())
    assert placed.top() == window.frameGeometry().top()


def test_with_a_large_font_every_dialog_keeps_its_buttons_on_the_screen(qtbot, window):
    """With a larger font (QT_FONT_DPI=144 on a screen of 1024 by 600) Export figure, the rules,
    Game information, Match and Engines stood taller or wider than the screen, their buttons
    off it (tester 73): each fits its screen, its contents scrolling."""
    from ygui.session import GameInfo
    from ygui.ui.engines_dialog import EnginesDialog
    from ygui.ui.figure_dialog import FigureDialog
    from ygui.ui.game_info_dialog import GameInfoDialog
    from ygui.ui.help import RulesDialog
    from ygui.ui.match_dialog import MatchDialog

    app = QApplication.instance()
    font = app.font()
    large = QFont(font)
    large.setPointSizeF(font.pointSizeF() * 2.2)
    app.setFont(large)
    try:
        room = window.screen().availableGeometry()
        dialogs = [
            FigureDialog(window.game, False, None, window),
            RulesDialog("y", window),
            GameInfoDialog(GameInfo(), ("Black", "White"), False, window, False),
            MatchDialog(window, ("tiny",), {}, window),
            EnginesDialog([], window),
        ]
        for dialog in dialogs:
            qtbot.addWidget(dialog)
            dialog.show()
            qtbot.waitExposed(dialog)
            placed = dialog.frameGeometry()
            name = type(dialog).__name__
            assert placed.width() <= room.width() and placed.height() <= room.height(), name
            scrolled = [a.widget() for a in dialog.findChildren(QScrollArea)]
            for button in dialog.findChildren(QPushButton):
                # (the dialog's own: those in its scrolled contents are reached by scrolling)
                if button.isVisible() and not any(w.isAncestorOf(button) for w in scrolled):
                    where = button.mapTo(dialog, button.rect().bottomRight())
                    assert dialog.rect().contains(where), (name, button.text())
            dialog.close()
    finally:
        app.setFont(font)


def test_after_a_dialog_the_keys_come_back_to_the_window(qtbot, window):
    """Without a window manager nothing hands the keys back when a dialog closes: after New
    game the one-letter shortcuts did nothing until a click in the window (tester 75)."""
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)

    def run():
        dialog = NewGameDialog(dict(window.settings.get("new_game")), window.theme, window)
        qtbot.addWidget(dialog)
        dialog.show()
        dialog.activateWindow()
        qtbot.waitUntil(dialog.isActiveWindow)
        dialog.accept()
        return dialog

    window.run_new_game_dialog = run
    window.act_new.trigger()
    qtbot.waitUntil(window.isActiveWindow)


@pytest.mark.parametrize(
    "action", ["act_figure", "act_rules", "act_keys", "act_info", "ask_choice"]
)
def test_after_export_figure_and_other_dialogs_the_keys_come_back(qtbot, window, action):
    """After Export figure, Ctrl+N did nothing until a click in the window (tester 78, without
    a window manager); the same for the rules, the shortcuts and the game's information."""
    from PySide6.QtCore import QTimer

    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    seen = []

    def close_it():
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(20, close_it)
            return
        if not dialog.isActiveWindow():
            dialog.activateWindow()
            QTimer.singleShot(20, close_it)
            return
        seen.append(dialog)
        dialog.reject()

    QTimer.singleShot(50, close_it)
    if action == "ask_choice":  # (the question Done asks of the moves kept: tester 79)
        MainWindow.ask_choice(window, "Done", "Keep the moves?", ("Keep", "Alone"))
    else:
        getattr(window, action).trigger()
    assert seen
    qtbot.waitUntil(window.isActiveWindow)


@pytest.mark.parametrize("choice", MainWindow.WELCOME_CHOICES)
def test_a_first_start_welcomes_a_newcomer(qtbot, window, answers, choice, monkeypatch):
    """The first start (no settings yet) says what the games are and offers the rules or a
    game against the computer at level 1 (the window opened on an empty board between
    "Player 1" and "Player 2", the rules and the computer unmentioned: tester 75)."""
    asked, shown = [], []
    window.ask_welcome = lambda: asked.append(True) or choice
    monkeypatch.setattr(window, "show_rules", lambda topic=None: shown.append("rules"))

    def dialog():
        chosen = dict(window.settings.get("new_game"))
        shown.append((chosen["white_player"], chosen["white_level"]))
        return None  # (cancelled)

    window.run_new_game_dialog = dialog
    window.welcome()
    expected = {
        "Read the rules": ["rules"],
        "Play the computer": [("computer", 1)],
        "Look around": [],
    }[choice]
    assert asked == [True] and shown == expected
    assert window.settings.path.exists()  # (the next start is no first one)
    assert "connection games" in MainWindow.WELCOME and "F1" in MainWindow.WELCOME


def test_only_a_first_start_is_welcomed(qtbot, monkeypatch, ygui_home):
    """``ygui`` welcomes where there are no settings yet, and only there."""
    from ygui.ui import app as app_module

    welcomed = []
    monkeypatch.setattr(MainWindow, "welcome", lambda self: welcomed.append(True))
    monkeypatch.setattr(app_module, "schedule_recovery", lambda window: None)
    windows = []
    real_init = MainWindow.__init__

    def init(self, settings, *args, **kwargs):
        real_init(self, settings, warm_up_engine=False)
        windows.append(self)

    monkeypatch.setattr(MainWindow, "__init__", init)

    def run_briefly(_self=None):
        qtbot.wait(500)
        for window in windows:
            window.session.dirty = False
            window.close()
        return 0

    monkeypatch.setattr(QApplication, "exec", run_briefly)
    assert app_module.run([]) == 0
    assert welcomed == [True]
    Settings().set("theme", "light")  # (settings now on the disk)
    assert app_module.run([]) == 0
    assert welcomed == [True]


def test_a_split_the_user_dragged_stays_as_the_panels_change(qtbot, window):
    """On a small screen the Set up panel, dragged taller over the game panel, sprang back at
    the first stone placed and at Cancel, and the next click meant for Cancel landed on the
    move list (tester 73): a split the user chose stays while the panels' contents change."""
    window.resize(1024, 560)
    window.show()
    qtbot.waitExposed(window)
    start(window, "y", size=7, pie=False)
    window.edit_position()
    game, setup = window.game_dock, window.setup_dock
    qtbot.waitUntil(lambda: setup.isVisible() and window._split is not None, timeout=3000)
    qtbot.wait(300)

    def heights():
        return game.widget().height(), setup.widget().height()

    before = heights()
    window.resizeDocks([game, setup], [before[0] - 100, before[1] + 100], Qt.Orientation.Vertical)
    qtbot.wait(100)
    dragged = heights()
    assert dragged[1] > before[1] + 80  # (the drag)
    window.editor.edit_click(window.game.geometry.cell("c2"))  # a stone set up
    qtbot.wait(400)  # (past the share's timer)
    assert window.game.colours[window.game.geometry.cell("c2")]
    now = heights()
    assert abs(now[0] - dragged[0]) <= 3 and abs(now[1] - dragged[1]) <= 3, (before, dragged, now)
    # the window made taller shares the room afresh
    window.resize(1024, 700)
    qtbot.wait(400)
    assert heights() != now


def test_the_new_game_dialog_says_what_a_computers_level_means(qtbot):
    """A level in words under the players (in a tooltip alone, a newcomer found nothing saying
    what level 1 or 3 was, nor how high the levels went: tester 75)."""
    dialog = NewGameDialog({"white_player": "computer", "white_level": 3}, DARK)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.level_note.isVisible()
    assert dialog.level_note.text() == "The computer: level 3 of 10, casual."
    dialog.first_kind.setCurrentIndex(dialog.first_kind.findData("computer"))
    dialog.first_level.setValue(1)
    assert dialog.level_note.text() == (
        "Levels of 10: first player 1, a beginner: little more than random; second 3, casual."
    )
    for combo in (dialog.first_kind, dialog.second_kind):
        combo.setCurrentIndex(combo.findData("human"))
    assert dialog.level_note.text() == ""
    # an attached engine's level box is greyed: the note says where its strength is set
    # (a greyed "level 5" beside it read as a level it could not be given: tester 83)
    engines = NewGameDialog({}, DARK, engines={"ygui gtp": "ygui gtp"})
    qtbot.addWidget(engines)
    engines.second_kind.setCurrentIndex(engines.second_kind.findData("engine:ygui gtp"))
    assert not engines.second_level.isEnabled()
    assert (
        engines.level_note.text()
        == "ygui gtp plays at its own strength: its commands in Play ▸ Engines… set it "
        "(for ygui: ygui-level 3)."
    )
    # the rows below it keep still as a computer comes and goes (they moved by a line, and
    # a tester's next click landed on another control: tester 77)
    qtbot.wait(50)
    below = dialog.preview.mapTo(dialog, dialog.preview.rect().topLeft())
    dialog.second_kind.setCurrentIndex(dialog.second_kind.findData("computer"))
    qtbot.wait(50)
    assert dialog.level_note.text() == "The computer: level 3 of 10, casual."
    assert dialog.preview.mapTo(dialog, dialog.preview.rect().topLeft()) == below

    # and the level boxes keep still as the note grows from one line to three (both players
    # the computer, levels 1 and 10): they moved, and a click meant for White's level landed
    # on the note (tester 81)
    def level_box():
        qtbot.wait(50)
        return dialog.second_level.mapTo(dialog, dialog.second_level.rect().topLeft())

    where = level_box()
    dialog.first_kind.setCurrentIndex(dialog.first_kind.findData("computer"))
    for first, second in ((1, 10), (10, 1), (3, 3), (1, 1)):
        dialog.first_level.setValue(first)
        dialog.second_level.setValue(second)
        assert level_box() == where, (first, second)
    assert dialog.preview.mapTo(dialog, dialog.preview.rect().topLeft()) == below


def test_the_players_name_boxes_keep_their_place_from_game_to_game(qtbot):
    """The name boxes moved sideways between games of Black and White and games of Red and
    Blue, as the labels beside them changed width (tester 82)."""
    dialog = NewGameDialog({}, DARK)
    qtbot.addWidget(dialog)
    dialog.show()
    places = set()
    for row in range(dialog.games.count()):
        dialog.games.setCurrentRow(row)
        qtbot.wait(20)
        for box in (dialog.first_name, dialog.second_name):
            places.add(box.mapTo(dialog, box.rect().topLeft()).x())
    assert len(places) == 1, places


@pytest.mark.parametrize("name", ["y", "hexagonal-y", "poly-y"])
def test_the_rules_show_a_won_game(qtbot, name):
    """Each game's rules begin with a picture of a won game and the winner's sentence (the
    rules were words alone: tester 75); the options' page has none."""
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QImage, QTextDocument

    from ygui.core.examples import example_win
    from ygui.ui.help import RulesDialog

    dialog = RulesDialog(name)
    qtbot.addWidget(dialog)
    image = dialog.browser.document().resource(
        QTextDocument.ResourceType.ImageResource, QUrl(f"example:{name}")
    )
    assert isinstance(image, QImage) and not image.isNull() and image.width() == 300
    text = dialog.browser.toPlainText()
    assert f"An example of a won game: {win_reason(example_win(name))}" in text
    dialog.show_topic("options")
    assert "An example of a won game" not in dialog.browser.toPlainText()


def test_a_panel_that_comes_back_shows_its_top(qtbot, window):
    """The analysis panel came up with its first row a few pixels high, scrolled as it was
    left (tester 73): a panel shown again shows its top."""
    window.resize(1024, 500)
    window.show()
    qtbot.waitExposed(window)
    dock = window.computer.dock
    window.panel_asked(dock)
    area = dock.widget()
    qtbot.waitUntil(dock.isVisible)
    window.resizeDocks([window.game_dock, dock], [400, 80], Qt.Orientation.Vertical)
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 20, timeout=3000)
    area.verticalScrollBar().setValue(15)
    dock.hide()
    dock.show()
    qtbot.waitUntil(dock.isVisible)
    assert area.verticalScrollBar().value() == 0


def test_the_wheel_never_changes_a_choice_of_the_scrolled_dialogs(qtbot, window):
    """Scrolling Export figure set the figure's width to 100 pixels, and the match's board size
    to 18, as a choice came under the pointer (tester 76): in the dialogs whose contents
    scroll, the wheel over a choice scrolls them."""
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent

    from ygui.ui.figure_dialog import FigureDialog
    from ygui.ui.match_dialog import MatchDialog

    figure = FigureDialog(window.game, False, None, window)
    match = MatchDialog(window, (), {}, window)
    for dialog, choice in ((figure, figure.width_box), (match, match.size_box)):
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        before = choice.value() if hasattr(choice, "value") else choice.currentIndex()
        event = QWheelEvent(
            QPointF(choice.rect().center()),
            QPointF(choice.mapToGlobal(choice.rect().center())),
            QPoint(),
            QPoint(0, -120),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(choice, event)
        after = choice.value() if hasattr(choice, "value") else choice.currentIndex()
        assert after == before, type(dialog).__name__


def test_the_cursor_keeps_its_stone_when_the_board_turns(qtbot, window):
    """After R the cursor was a hollow ring until the next arrow (tester 76)."""
    window.show()
    qtbot.waitExposed(window)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert window.view.cursor_cell is not None and window.scene.ghost_cells == 1
    window.act_rotate.trigger()
    assert window.view.cursor_cell is not None and window.scene.ghost_cells == 1


def test_the_match_dialog_offers_each_games_own_pie_rule(qtbot, window):
    """Y's pie rule was off in the match dialog while the new-game dialog and the rules have
    it on (tester 83): each game's own rule, unless a match chose otherwise."""
    from ygui.ui.match_dialog import MatchDialog

    match = MatchDialog(window, (), {}, window)
    qtbot.addWidget(match)
    assert match.game_box.currentData() == "y" and match.pie.isChecked()
    for name, variant in VARIANTS.items():
        match.game_box.setCurrentIndex(match.game_box.findData(name))
        assert match.pie.isChecked() == variant.pie_default, name
        # and its own default size (Y came back at 7, Hexagonal Y at 8: tester 84)
        assert match.size_box.currentData() == variant.default_size, name
    chosen = MatchDialog(window, (), {"game": "y", "pie": False}, window)
    qtbot.addWidget(chosen)
    assert not chosen.pie.isChecked()


def test_a_short_window_scrolls_the_candidates_not_the_analysis_panel(qtbot, window):
    """Where the panel has no room for its eight rows (a window 700 pixels tall, the pie
    rule's longer words), the table gives up rows and scrolls them: the panel scrolled, and
    cut the table (tester 84); it keeps four rows at least."""
    from types import SimpleNamespace

    start(window, "y", size=11, pie=True)
    click_cell(qtbot, window, window.game.geometry.cell("f5"))
    window.resize(1100, 700)
    window.computer.dock.show()
    qtbot.wait(100)
    computer = window.computer
    computer.show_analysis(SimpleNamespace(game=window.game), eight_candidates(window.game))
    panel = computer.dock.widget()
    body = panel.widget()
    table = computer.candidates_table
    qtbot.wait(300)
    assert body.height() <= panel.viewport().height(), (body.height(), panel.viewport().height())
    assert table.height() >= table.minimumHeight()
    assert not table.horizontalScrollBar().isVisible()
