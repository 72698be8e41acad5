"""Menus built from one table: each entry names its menu, its words, what it does and its keys.

An entry is ``(menu, name, text, slot, keys)`` with ``keys`` a tuple of shortcuts (the first is
the one menus show), or ``(menu, None)`` for a separator. A name ending in ``?`` makes a
checkable action, whose slot takes the new state. Every action is kept on the window under its
name (``act_<name>``), so tests and other parts reach it as ``window.act_undo``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

Key = QKeySequence | QKeySequence.StandardKey | str
Entry = tuple[str, str | None] | tuple[str, str, str, Callable[..., Any], tuple[Key, ...]]


def build_menus(
    window: QMainWindow,
    table: Sequence[Entry],
    before: Callable[[], None] | None = None,
    refusals: Callable[[], int] | None = None,
) -> dict[str, QMenu]:
    """Create the actions and menus of ``table`` on ``window``; returns the menus by title.
    ``before`` is called as a command (an action that is not checkable) is chosen, before
    the command itself; as a checkable action is chosen, after it, unless it refused
    (``refusals`` counts the window's refusals: a checkable action's slot runs on its toggle,
    before its trigger, so ``before`` on its trigger would wipe its own refusal; left out, a
    red refusal stood while the analysis just turned on ran, tester 78)."""
    menus: dict[str, QMenu] = {}
    for entry in table:
        title = entry[0]
        if title not in menus:
            menus[title] = window.menuBar().addMenu(title)
        if len(entry) == 2:
            menus[title].addSeparator()
            continue
        _, name, text, slot, keys = entry
        assert name is not None
        action = QAction(text, window)
        checkable = name.endswith("?")
        name = name.rstrip("?")
        shortcuts: list[QKeySequence] = []
        for key in keys:
            shortcuts += (
                QKeySequence.keyBindings(key)
                if isinstance(key, QKeySequence.StandardKey)
                else [QKeySequence(key)]
            )
        action.setShortcuts(list(dict.fromkeys(shortcuts)))  # one key, one binding
        action.setCheckable(checkable)
        if before is not None and not checkable:
            action.triggered.connect(before)  # (first: connected slots run in order)
        if before is not None and checkable and refusals is not None:
            _forget_unless_refused(action, before, refusals)
        (action.toggled if checkable else action.triggered).connect(slot)
        window.addAction(action)
        menus[title].addAction(action)
        setattr(window, f"act_{name}", action)
    return menus


def _forget_unless_refused(
    action: QAction, before: Callable[[], None], refusals: Callable[[], int]
) -> None:
    """``before`` once a checkable ``action`` chosen has done its work, unless that work was
    a refusal: the count of refusals is taken as it toggles (connected before its slot) and
    compared as it triggers (after it). A toggle made by the program triggers nothing."""
    seen = [0]

    def toggled(_checked: bool) -> None:
        seen[0] = refusals()

    def triggered(_checked: bool) -> None:
        if refusals() == seen[0]:
            before()

    action.toggled.connect(toggled)
    action.triggered.connect(triggered)
