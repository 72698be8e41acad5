"""Turning and mirroring the picture of a board: the geometry's points, the window (by its
menu and keys, the board drawn checked against the position), the settings, figures and
``ygui render``."""

from __future__ import annotations

import math

import pytest
from drawn import mismatches, pixel_mismatches
from gui_helpers import click_cell, make_window
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from ygui.core.drawing import Orientation, board_middle, orienter, rotation_steps
from ygui.core.game import Game
from ygui.core.variants import VARIANTS, GameOptions

BOARDS = {name: Game(GameOptions(game=name).validated()).geometry for name in VARIANTS}


def close(p, q) -> bool:
    return math.dist(p, q) < 1e-9


@pytest.mark.parametrize("name", list(BOARDS))
def test_a_full_turn_and_two_mirrors_give_the_board_back(name):
    g = BOARDS[name]
    steps = rotation_steps(g)
    assert Orientation(steps, False).normal(g).plain
    assert Orientation().rotated(g, steps).plain
    assert Orientation().mirrored(g).mirrored(g).plain
    assert Orientation(1, False).mirrored(g).mirrored(g) == Orientation(1, False)
    assert Orientation().rotated(g, -1) == Orientation(steps - 1, False)
    place = orienter(g, Orientation(steps))
    assert all(close(place(p), p) for p in g.centres)


@pytest.mark.parametrize("name", list(BOARDS))
@given(turns=st.integers(0, 11), mirror=st.booleans())
def test_the_picture_is_moved_not_distorted(name, turns, mirror):
    """Distances between cells are kept, and a step of rotation is the board's own angle."""
    g = BOARDS[name]
    orientation = Orientation(turns, mirror)
    place = orienter(g, orientation)
    a, b, c = g.centres[0], g.centres[len(g.centres) // 2], g.centres[-1]
    for p, q in ((a, b), (b, c), (a, c)):
        assert math.isclose(math.dist(place(p), place(q)), math.dist(p, q), abs_tol=1e-9)
    middle = board_middle(g)
    assert close(place(middle), middle)
    if not mirror and turns % rotation_steps(g):
        u = (a[0] - middle[0], a[1] - middle[1])
        v = (place(a)[0] - middle[0], place(a)[1] - middle[1])
        turned = math.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1])
        expected = 2 * math.pi * (turns % rotation_steps(g)) / rotation_steps(g)
        assert math.isclose(turned % (2 * math.pi), expected % (2 * math.pi), abs_tol=1e-6)


@pytest.mark.parametrize("name", list(BOARDS))
@given(turns=st.integers(0, 11), mirror=st.booleans())
def test_the_mirror_flips_the_picture_as_it_is_on_the_screen(name, turns, mirror):
    """Turned, then mirrored: every point goes to its image across the vertical through the
    middle, as the picture stood (a turned board was flipped about its own axis instead:
    with a1 at the top, the mirror put h1 there, tester 83)."""
    g = BOARDS[name]
    before = Orientation(turns, mirror).normal(g)
    now, then = orienter(g, before.mirrored(g)), orienter(g, before)
    cx, _ = board_middle(g)
    for p in g.centres:
        x, y = then(p)
        assert close(now(p), (2 * cx - x, y))


def test_a_triangle_turns_by_thirds_and_a_mirror_swaps_left_and_right():
    g = BOARDS["y"]
    assert rotation_steps(g) == 3 and rotation_steps(BOARDS["hexagonal-y"]) == 6
    assert rotation_steps(BOARDS["poly-y"]) == 5
    mirrored = orienter(g, Orientation(0, True))
    left, right, top = (g.centres[g.cell(label)] for label in ("a1", "k1", "k11"))
    assert close(mirrored(left), right) and close(mirrored(right), left)
    assert close(mirrored(top), top)
    turned = orienter(g, Orientation(1, False))
    assert close(turned(left), top) and close(turned(top), right)


# ----- in the window ------------------------------------------------------------------------

pytestmark = pytest.mark.usefixtures("ygui_home")


@pytest.fixture
def window(y5_window):
    return y5_window


def shows_the_position(window):
    assert mismatches(window) == []
    assert pixel_mismatches(window) == []


def test_rotating_and_mirroring_keeps_the_game_and_clicks_find_their_cells(qtbot, window):
    cell = window.game.geometry.cell
    for label in ("c2", "b1"):
        click_cell(qtbot, window, cell(label))
    a1 = window.scene.cell_position(cell("a1"))
    qtbot.keyClick(window, Qt.Key.Key_R)
    assert window.scene.orientation == Orientation(1, False)
    assert window.scene.cell_position(cell("a1")) != a1  # the picture turned
    # the outline looks the same: the status bar says the cells moved (tester 16)
    said = window.statusBar().currentMessage()
    assert said.startswith("The board is turned. Its outline looks the same") and "C shows" in said
    shows_the_position(window)
    click_cell(qtbot, window, cell("d3"))  # a click plays the cell under the pointer
    assert window.game.moves[-1].cell == cell("d3")
    shows_the_position(window)
    window.act_mirror.trigger()
    # (flipped as it stood on the screen: the turn the other way, after a flip)
    assert window.scene.orientation == Orientation(2, True)
    assert window.act_mirror.isChecked()
    assert window.statusBar().currentMessage().startswith("The board is turned and mirrored.")
    shows_the_position(window)
    click_cell(qtbot, window, cell("a1"))
    assert window.game.moves[-1].cell == cell("a1")
    qtbot.keyClick(window, Qt.Key.Key_Left)  # stepping back draws the earlier position
    shows_the_position(window)
    qtbot.keyClick(window, Qt.Key.Key_F)  # undone in the other order: flipped, turned back
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    assert window.scene.orientation.plain and not window.act_mirror.isChecked()
    assert window.statusBar().currentMessage() == "The board is back as it started."
    assert window.scene.cell_position(cell("a1")) == a1
    shows_the_position(window)


def test_the_orientation_is_remembered_for_each_game(qtbot, window, answers):
    qtbot.keyClick(window, Qt.Key.Key_R)
    qtbot.keyClick(window, Qt.Key.Key_R)
    assert window.settings.get("orientations") == {"y": [2, False]}
    window.start_new_game(GameOptions(game="hexagonal-y", size=4).validated(), ("A", "B"))
    assert window.scene.orientation.plain  # another game's board is not turned
    shows_the_position(window)
    window.start_new_game(GameOptions(game="y", size=7, pie=False).validated(), ("A", "B"))
    assert window.scene.orientation == Orientation(2, False)
    shows_the_position(window)
    again = make_window(qtbot, answers)  # and by the next window
    again.start_new_game(GameOptions(game="y", size=7, pie=False).validated(), ("A", "B"))
    assert again.scene.orientation == Orientation(2, False)


def test_a_settings_file_with_a_bad_orientation_is_not_trusted(tmp_path):
    from ygui.settings import validated

    ok, problems = validated({"orientations": {"y": [1, True]}})
    assert ok["orientations"] == {"y": [1, True]} and not problems
    for bad in ({"chess": [1, True]}, {"y": [99, False]}, {"y": [True, False]}, {"y": "1"}):
        fixed, problems = validated({"orientations": bad})
        assert fixed["orientations"] == {} and problems


def test_a_figure_is_drawn_as_the_board_is_turned(qtbot, window):
    from ygui.ui.figure_dialog import FigureDialog

    window.rotate_board(1)
    window.mirror_board(True)
    dialog = FigureDialog(window.game, False, None, window, orientation=window.scene.orientation)
    qtbot.addWidget(dialog)
    figure = dialog.figure()
    a1 = window.game.geometry.cell("a1")
    assert figure.orientation == Orientation(2, True)
    assert figure.cell_position(a1) == window.scene.cell_position(a1)


def test_render_turns_the_board(tmp_path):
    from PySide6.QtGui import QImage

    from ygui.cli import main

    plain, turned = tmp_path / "plain.png", tmp_path / "turned.png"
    base = ["render", "--game", "y", "--size", "5", "--moves", "a1", "--width", "300"]
    assert main([*base, "-o", str(plain)]) == 0
    assert main([*base, "--rotate", "1", "--mirror", "-o", str(turned)]) == 0
    assert QImage(str(plain)) != QImage(str(turned))


def test_a_turned_board_is_said_while_it_lasts_and_one_click_undoes_it(
    qtbot, window, answers, tmp_path
):
    """A view turned once stays for the game's later boards: tester 21 reopened a game and took
    its moved stones for another game's, with nothing on the screen to say the board was
    turned. The status bar's mark says so as long as it is, and a click (or View ▸ Board as
    it starts) shows it plain."""
    button = window.turned_button
    assert button.isHidden()
    qtbot.keyClick(window, Qt.Key.Key_R)
    window.act_mirror.trigger()
    assert not button.isHidden() and button.text().startswith("Board turned and mirrored")
    # a later game of the same kind opens turned, and says so
    window.start_new_game(GameOptions(game="y", size=7, pie=False).validated(), ("A", "B"))
    assert window.scene.orientation == Orientation(2, True)
    assert not button.isHidden()
    said = window.statusBar().currentMessage()
    assert said.startswith("The board is turned and mirrored, as you last showed")
    # and so does a record of that game, opened
    path = tmp_path / "turned.ysgf"
    assert window.save_to(path) and window.open_path(path)
    assert (
        window.statusBar()
        .currentMessage()
        .endswith("; the board is turned and mirrored (View ▸ Board as it starts)")
    )
    # another game's board is plain: no mark
    window.start_new_game(GameOptions(game="hexagonal-y", size=4).validated(), ("A", "B"))
    assert button.isHidden()
    window.start_new_game(GameOptions(game="y", size=7, pie=False).validated(), ("A", "B"))
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.scene.orientation.plain and button.isHidden()
    assert not window.act_mirror.isChecked()
    assert window.settings.get("orientations") == {}
    shows_the_position(window)
    window.act_plain.trigger()
    assert window.statusBar().currentMessage() == "The board is already shown as it starts."
    window.act_mirror.trigger()
    assert button.text().startswith("Board mirrored")
    window.act_plain.trigger()
    assert window.scene.orientation.plain and not window.act_mirror.isChecked()
