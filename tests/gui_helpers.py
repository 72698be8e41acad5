"""Helpers for the window tests: scripted answers to questions, a window, clicks on cells."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import Qt

from ygui.settings import Settings
from ygui.ui.main_window import MainWindow

T = TypeVar("T")


def settled(qtbot, read: Callable[[], T], quiet: int = 3, timeout_ms: int = 5000) -> T:
    """What ``read`` gives once the window's layout has settled: the same value ``quiet``
    times in a row, 30 ms apart. (A fixed short wait read a layout half done on a loaded
    machine, where the window's deferred room-sharing ran late.)"""
    last = read()
    same = 0
    waited = 0
    while same < quiet and waited < timeout_ms:
        qtbot.wait(30)
        waited += 30
        now = read()
        same = same + 1 if now == last else 0
        last = now
    return last


class Answers:
    """Scripted answers to the window's questions; an unexpected question fails the test."""

    def __init__(self) -> None:
        self.yes_no: list[bool] = []
        self.save_choice: list[str] = []
        self.informed: list[str] = []
        self.questions: list[str] = []
        self.choices: list[str] = []  # the button chosen in a question of several
        self.windows: list[MainWindow] = []

    def close_all(self) -> None:
        # close without questions once the test is over, with the windows recovery opened
        # (a window left open keeps its engine thread running past the end of the process)
        for w in [*self.windows, *(o for win in self.windows for o in win._others)]:
            w.session.dirty = False
            w.session.editing = False  # (nor of a game a set-up set aside)
            w.close()
            w.deleteLater()


def make_window(qtbot, answers: Answers) -> MainWindow:
    settings = Settings()
    window = MainWindow(settings, warm_up_engine=False)
    # games of computers alone at full speed (Play ▸ Pace of computer play; its own tests
    # set it)
    window.computer.pace = 0.0
    if not settings.get("window"):
        # the size it first opens at on a screen large enough (the offscreen screen, 800
        # pixels wide, holds it smaller: test_a_first_window_opens_within_a_small_screen)
        window.resize(1100, 760)

    def ask_yes_no(title, text):
        answers.questions.append(text)
        assert answers.yes_no, f"unexpected question: {text}"
        return answers.yes_no.pop(0)

    def ask_save(text):
        answers.questions.append(text)
        assert answers.save_choice, f"unexpected question: {text}"
        return answers.save_choice.pop(0)

    def ask_choice(title, text, choices):
        answers.questions.append(text)
        assert answers.choices, f"unexpected question: {text}"
        choice = answers.choices.pop(0)
        assert choice in (*choices, ""), f"{choice!r} is not one of {choices}"
        return choice

    window.ask_yes_no = ask_yes_no
    window.ask_choice = ask_choice
    window.ask_recover = lambda question, game: ask_yes_no("Recover game?", question)
    window.ask_save_discard_cancel = ask_save
    window.inform = lambda title, text: answers.informed.append(text)
    answers.windows.append(window)
    with qtbot.waitActive(window):  # shortcuts reach only the active window
        window.show()
        window.activateWindow()
    return window


def click_cell(qtbot, window: MainWindow, cell: int) -> None:
    view = window.view
    pos = view.mapFromScene(window.scene.cell_position(cell))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def variation_window(qtbot, window: MainWindow) -> None:
    """a1 b1 c1 as the main line, and d1 e1 instead of b1 c1: the current node is e1."""
    for label in ("a1", "b1", "c1"):
        click_cell(qtbot, window, window.game.geometry.cell(label))
    window.session.back()
    window.session.back()
    for label in ("d1", "e1"):
        click_cell(qtbot, window, window.game.geometry.cell(label))


def crash(window: MainWindow) -> None:
    """What a crash leaves: the window's autosave stays and its lock is released (as the kernel
    releases a dead process's locks); the window is then forgotten without a close."""
    lock = window.autosave._lock
    assert lock is not None
    lock.close()
    window.autosave._lock = None
    window.autosave.path = window.autosave.path.with_name("gone.ysgf")  # never removed by it
    window.session.autosave_file = None


def choose_kind(combo, kind: str) -> None:
    """Choose a player kind in the new-game dialog's combo box, as the user does."""
    combo.setCurrentIndex(combo.findData(kind))
    combo.activated.emit(combo.currentIndex())
