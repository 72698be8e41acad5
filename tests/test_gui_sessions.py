"""Sessions of a user's actions in the window, in every game, and after every action a look at
what the window draws: the stones on the board (scene items and pixels), the last-move mark,
the move selected in the move list and the tree, and the turn text, against the position the
session says is current. Random sequences of the same actions run as a hypothesis state machine.
"""

from __future__ import annotations

import os
import random

import pytest
from drawn import drawn_stones, mismatches, pixel_mismatches
from gui_helpers import Answers, click_cell, make_window
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)
from PySide6.QtCore import Qt

from ygui.core.game import SWAP, Move
from ygui.core.variants import VARIANTS, GameOptions
from ygui.session import Seat

pytestmark = pytest.mark.usefixtures("ygui_home", "compiled_engine")

SMALL = {
    "y": {"size": 6},
    "game-of-y": {"size": 5},
    "poly-y": {"size": 4},
    "mudcrack-y": {"size": 40},
    "starboard-y": {"size": 3},
    "hexagonal-y": {"size": 4},
    "eccentric-y": {"size": 4},
}
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


class Checker:
    """Runs actions and checks the window after each one; counts steps and mismatches."""

    def __init__(self, qtbot, window) -> None:
        self.qtbot = qtbot
        self.window = window
        self.steps = 0
        self.problems: list[str] = []

    def check(self, action: str, pixels: bool = False) -> None:
        self.steps += 1
        found = mismatches(self.window) + (pixel_mismatches(self.window) if pixels else [])
        self.problems += [f"after {action}: {p}" for p in found]
        assert not found, f"after {action}: {found}"

    def key(self, key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier):
        self.qtbot.keyClick(self.window.view, key, modifiers)
        self.check(f"key {key.name} {modifiers}")

    def click(self, cell: int) -> None:
        click_cell(self.qtbot, self.window, cell)
        self.check(f"click {self.window.game.geometry.labels[cell]}")

    def click_move_list(self, index: int) -> None:
        moves = self.window.game_panel.moves_list
        item = moves.item(index)
        moves.scrollToItem(item)
        pos = moves.visualItemRect(item).center()
        self.qtbot.mouseClick(moves.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        self.check(f"click move list {index}")

    def click_tree(self, node) -> None:
        graph = self.window.tree_panel.graph
        graph.centerOn(graph.node_position(node))
        pos = graph.mapFromScene(graph.node_position(node))
        self.qtbot.mouseClick(graph.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        self.check("click in the tree")

    def type(self, text: str) -> None:
        entry = self.window.entry_panel.entry
        entry.setText(text)
        self.qtbot.keyClick(entry, Qt.Key.Key_Return)
        self.check(f"typed {text!r}")


def legal(window, rng: random.Random) -> int:
    return rng.choice(window.game.legal_cells())


def occupied(window) -> int | None:
    return next((c for c, col in enumerate(window.game.colours) if col), None)


@pytest.mark.parametrize("game", list(VARIANTS))
def test_a_players_session_draws_the_position_after_every_action(
    qtbot, answers: Answers, tmp_path, game
):
    window = make_window(qtbot, answers)
    options = GameOptions(game=game, **SMALL[game]).validated()
    window.start_new_game(options, ("Ann", "Bo"))
    c = Checker(qtbot, window)
    c.check("new game", pixels=True)
    rng = random.Random(game)
    labels = window.game.geometry.labels
    # play, be refused, step back and forward
    for _ in range(6):
        c.click(legal(window, rng))
    if occupied(window) is not None:
        c.click(occupied(window))
        assert window.game_panel.refusal.text()
    for key in (Qt.Key.Key_Left, Qt.Key.Key_Left, Qt.Key.Key_Home, Qt.Key.Key_Right):
        c.key(key)
    c.check("stepped", pixels=True)
    c.key(Qt.Key.Key_End)
    # a variation from an earlier position, and the keys between variations
    c.key(Qt.Key.Key_Left)
    c.key(Qt.Key.Key_Left)
    later = window.session.current.children[0].move
    other = next(x for x in window.game.legal_cells() if Move(x) != later)
    c.click(other)
    assert (
        len(
            window.session.tree.path[-2].children
            if len(window.session.tree.path) > 1
            else window.session.tree.root.children
        )
        >= 2
    )
    c.key(Qt.Key.Key_Up)
    c.key(Qt.Key.Key_Down)
    for _ in range(3):
        c.click(legal(window, rng))
    c.check("variation", pixels=True)
    # the move list, undo and both redo shortcuts
    c.click_move_list(2)
    assert window.session.move_number == 2
    c.key(Qt.Key.Key_Z, CTRL)
    assert window.session.move_number == 1
    c.key(Qt.Key.Key_Y, CTRL)
    assert window.session.move_number == 2
    c.key(Qt.Key.Key_Z, CTRL | SHIFT)
    assert window.session.move_number == 3
    c.click_move_list(window.game_panel.moves_list.count() - 1)
    # the tree
    window.tree_panel.show()
    window.tree_panel.raise_()
    qtbot.waitUntil(lambda: not window.game_panel.moves_list.isVisible())  # one at a time
    window.setup_dock.show()
    window.setup_dock.raise_()  # the tree behind another tab: the moves are back
    qtbot.waitUntil(lambda: window.game_panel.moves_list.isVisible())
    window.tree_panel.raise_()
    qtbot.waitUntil(lambda: not window.game_panel.moves_list.isVisible())
    c.click_tree(window.session.tree.root.children[0])
    c.click_tree(window.session.tree.line_through_current()[-1])
    window.tree_panel.hide()
    window.setup_dock.hide()
    # typed moves
    probe = window.game.copy()
    typed = []
    for _ in range(2):
        if probe.is_over:
            break
        cell = rng.choice(probe.legal_cells())
        typed.append(labels[cell])
        probe.play(Move(cell))
    if typed:
        c.type(" ".join(typed))
    # the computer's move for the side to play
    if not window.game.is_over:
        before = window.session.move_number
        window.act_computer.trigger()
        qtbot.waitUntil(lambda: window.session.move_number == before + 1, timeout=60_000)
        c.check("the computer's move", pixels=True)
    # save, a new game, open again
    path = tmp_path / f"{game}.ysgf"
    window.choose_save_path = lambda suffix=".ysgf": path
    window.act_save.trigger()
    c.check("save")
    saved_line = [n.move for n in window.session.tree.main_line()]
    window.start_new_game(options, ("Cy", "Di"))
    c.check("new game")
    window.choose_open_path = lambda: path
    window.act_open.trigger()
    assert [n.move for n in window.session.tree.main_line()] == saved_line
    c.check("open", pixels=True)
    c.key(Qt.Key.Key_Home)
    c.key(Qt.Key.Key_End)
    # a typed position replaces the game only once the player agrees
    c.click(legal(window, rng)) if not window.game.is_over else None
    two = [labels[x] for x in window.game.legal_cells()[:2]] if not window.game.is_over else []
    if len(two) == 2 or window.game.is_over:
        cells = [labels[x] for x in range(2)]
        answers.save_choice = ["cancel"]
        before = drawn_stones(window)
        c.type(f"B: {cells[0]} W: {cells[1]}")
        assert drawn_stones(window) == before and answers.questions[-1]
        answers.save_choice = ["discard"]
        c.type(f"B: {cells[0]} W: {cells[1]} to move: B")
        assert len(drawn_stones(window)) == 2
    # set up a position by clicks, then play on
    window.setup_dock.show()
    window.act_edit.trigger()
    c.check("edit position")
    for cell in rng.sample(range(window.game.geometry.size), 3):
        c.click(cell)
    window.editor.edit_button.toggle()
    c.check("done editing", pixels=True)
    if not window.game.is_over:
        c.click(legal(window, rng))
    print(f"{game}: {c.steps} steps, {len(c.problems)} mismatches")


def test_swap_is_drawn(qtbot, answers):
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=7).validated(), ("Ann", "Bo"))
    c = Checker(qtbot, window)
    c.click(window.game.geometry.cell("d4"))
    qtbot.mouseClick(window.game_panel.swap_button, Qt.MouseButton.LeftButton)
    c.check("swap", pixels=True)
    assert window.game.moves[-1] == SWAP
    c.key(Qt.Key.Key_Left)
    c.key(Qt.Key.Key_Right)
    c.click(window.game.geometry.cell("a1"))


def test_the_reported_case_left_then_new_moves(qtbot, answers):
    """Y 11: h6, g4, f3, Left. The board must show two stones, then follow new moves."""
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=11, pie=False).validated(), ("A", "B"))
    c = Checker(qtbot, window)
    for label in ("h6", "g4", "f3"):
        c.click(window.game.geometry.cell(label))
    c.key(Qt.Key.Key_Left)
    assert len(drawn_stones(window)) == 2
    assert "Viewing move 2 of 3" in window.game_panel.turn_label.text()
    for label in ("a1", "b1", "c1"):
        c.click(window.game.geometry.cell(label))
    assert len(drawn_stones(window)) == 5


def test_undo_against_the_computer_is_drawn(qtbot, answers):
    window = make_window(qtbot, answers)
    seats = (Seat("Ann"), Seat("Bot", computer=True, level=1))
    window.start_new_game(
        GameOptions(game="y", size=6, pie=False).validated(), ("Ann", "Bot"), seats
    )
    c = Checker(qtbot, window)
    c.click(window.game.geometry.cell("c3"))
    qtbot.waitUntil(lambda: window.session.move_number == 2, timeout=60_000)
    c.check("the computer's answer", pixels=True)
    c.key(Qt.Key.Key_Z, CTRL)
    assert drawn_stones(window) == {}


class WindowActions(RuleBasedStateMachine):
    """Random sequences of what a user does; the window must show the position after each."""

    qtbot = None
    answers = None
    runs = steps = 0  # counted over a test, for its report

    @initialize(game=st.sampled_from(list(VARIANTS)), seed=st.integers(0, 10_000))
    def start(self, game, seed):
        self.window = make_window(self.qtbot, self.answers)
        options = GameOptions(game=game, **SMALL[game]).validated()
        self.window.start_new_game(options, ("Ann", "Bo"))
        self.rng = random.Random(seed)
        self.checker = Checker(self.qtbot, self.window)
        WindowActions.runs += 1

    def teardown(self):
        self.window.session.dirty = False
        self.window.close()

    @rule()
    def click_a_cell(self):
        self.checker.click(self.rng.randrange(self.window.game.geometry.size))

    @rule(
        key=st.sampled_from(
            [
                Qt.Key.Key_Left,
                Qt.Key.Key_Right,
                Qt.Key.Key_Home,
                Qt.Key.Key_End,
                Qt.Key.Key_Up,
                Qt.Key.Key_Down,
            ]
        )
    )
    def press(self, key):
        self.checker.key(key)

    @rule(redo=st.booleans())
    def undo_or_redo(self, redo):
        self.checker.key(Qt.Key.Key_Y if redo else Qt.Key.Key_Z, CTRL)

    @rule(data=st.data())
    def click_in_move_list(self, data):
        count = self.window.game_panel.moves_list.count()
        self.checker.click_move_list(data.draw(st.integers(0, count - 1)))

    @rule()
    def swap(self):
        if self.window.game.can_swap:
            self.qtbot.mouseClick(self.window.game_panel.swap_button, Qt.MouseButton.LeftButton)
        self.checker.check("swap")

    @rule()
    def promote_or_delete(self):
        action = self.rng.choice([self.window.act_promote, self.window.act_delete])
        if action.isEnabled():
            self.answers.yes_no = [True]  # (deleting several moves asks first)
            action.trigger()
            self.answers.yes_no = []
        self.checker.check(action.text())

    @invariant()
    def shows_the_position(self):
        if hasattr(self, "checker"):
            WindowActions.steps += 1
            assert not mismatches(self.window)


def test_random_action_sequences(qtbot, answers):
    """A sample in every run; YGUI_THOROUGH=1 runs 150 sequences of up to 40 actions."""
    WindowActions.qtbot, WindowActions.answers = qtbot, answers
    WindowActions.runs = WindowActions.steps = 0
    thorough = bool(os.environ.get("YGUI_THOROUGH"))
    run_state_machine_as_test(
        WindowActions,
        settings=settings(
            max_examples=150 if thorough else 12,
            stateful_step_count=40 if thorough else 25,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        ),
    )
    print(f"random sessions: {WindowActions.runs}, steps checked: {WindowActions.steps}")
    assert WindowActions.steps > WindowActions.runs
