"""EntryPanel: moves or a whole position typed in the game's notation."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QGroupBox, QLabel, QLineEdit, QVBoxLayout

from ygui.core.game import IllegalMove, Move
from ygui.core.study import entry_example, parse_moves, parse_position, setup_words
from ygui.core.wording import capitalised, counted
from ygui.session import Session


class EntryLine(QLineEdit):
    """The entry box: Undo and Redo are its own while it has text to undo or redo, the
    window's otherwise (Ctrl+Z, pressed in the box after a position was typed, did nothing)."""

    left = Signal()  # Esc: the keys go back to the window (its one-letter shortcuts)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and not event.modifiers():
            self.left.emit()
            return
        super().keyPressEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride:
            assert isinstance(event, QKeyEvent)
            if (event.matches(QKeySequence.StandardKey.Undo) and not self.isUndoAvailable()) or (
                event.matches(QKeySequence.StandardKey.Redo) and not self.isRedoAvailable()
            ):
                event.ignore()  # left to the window's shortcut
                return False
        return super().event(event)


class EntryPanel(QGroupBox):
    """``d2 swap e2 h4`` plays from the current position, all or nothing; ``B: a1 b2 W: c3
    to move: W`` sets up a position, after ``may_replace`` agrees to replace the game."""

    def __init__(
        self,
        session: Session,
        may_replace: Callable[[], bool],
        edit: Callable[[dict[int, int], int], None] | None = None,
        leave: Callable[[], None] | None = None,
        tell: Callable[[str], None] | None = None,
        play: Callable[[list[Move]], str | None] | None = None,
    ) -> None:
        super().__init__("Type moves or a position")
        self.tell = tell or (lambda text: None)
        # (the window's: it refuses them while the computer thinks)
        self.play = play or session.play_line
        self.session = session
        self.may_replace = may_replace
        # while a position is set up, a typed one is an edit of it (undone as the others; it
        # asked to save the set-up under way and could not be undone: tester 20)
        self.edit = edit
        layout = QVBoxLayout(self)
        self.entry = EntryLine()
        self._said_at: object = None  # the position the last refusal was of
        self._said_held = False  # and whether it was of clocks paused
        self.entry_error = QLabel()
        self.refresh()
        self.entry.returnPressed.connect(self.enter_text)
        # the keys back to the board: after a position is set up (tester 31's H went into the
        # box as an "h"), or on Esc; after moves the box keeps them, for the next moves
        self.leave = leave or self.entry.clearFocus
        self.entry.left.connect(self.leave)
        self.entry_error.setWordWrap(True)
        self.entry_error.setStyleSheet("color: #b3261e;")
        layout.addWidget(self.entry)
        layout.addWidget(self.entry_error)

    def refresh(self) -> None:
        if self.entry_error.text() and (
            self.session.current is not self._said_at
            or (self._said_held and not self.session.held_by_clocks())
        ):
            # (and "the clocks are paused" once they run: it stayed, tester 67)
            # what was said is of the position it was typed at (it stayed through moves,
            # steps and a resignation: tester 24)
            self.entry_error.setText("")
        example = entry_example(self.session.game)
        self.entry.setPlaceholderText(example)
        self.entry.setToolTip(  # (the box may cut the example)
            f"For example: {example}\nThe colours may also be written X/O or first/second.\n"
            "Esc gives the keys back to the board (its one-letter shortcuts)."
        )

    def forget(self) -> None:
        """Another game: the text typed for the one before, and what was said of it, go."""
        self.entry.clear()
        self.entry_error.setText("")

    def enter_text(self) -> None:
        text = self.entry.text()
        session = self.session
        try:
            position = ":" in text
            if position:
                setup, to_move = parse_position(session.game.geometry, text)
                if session.editing and self.edit is not None:
                    self.edit(setup, to_move)
                elif not session.is_typed_position() and not self.may_replace():
                    self.entry_error.setText("The position was not set up; the game is kept.")
                    self._said_at = session.current
                    self._said_held = False
                    return
                else:
                    path, moves = session.path, len(session.tree.main_line())
                    session.set_position(setup, to_move, typed=True)
                    said = setup_words(session.tree.record.new_game(), text)
                    if path is not None and session.path is None:
                        # (a saved study went without a word: tester 43)
                        kept = f"game before it ({counted(moves, 'move')})"
                        if not moves:
                            kept = "position before it"
                        said = (
                            f"The position typed is a new game; {path.name} keeps the {kept}: "
                            f"Game ▸ Open recent. {said}"
                        )
                    if said:
                        self.tell(said.rstrip())
            else:
                refused = self.play(parse_moves(session.game, text))
                if refused is not None:  # (the text stays, to be entered once it can be)
                    self.entry_error.setText(capitalised(refused) + ".")
                    self._said_at = session.current
                    self._said_held = session.held_by_clocks()
                    return
        except IllegalMove as exc:
            start, length = getattr(exc, "span", (0, 0))
            self.entry_error.setText(capitalised(str(exc)))
            self._said_at = session.current
            self._said_held = False
            self.entry.setSelection(start, length)
            self.entry.setFocus()
            return
        self.entry_error.setText("")
        # (setText, not clear: it empties the box's own undo, so that Ctrl+Z, pressed with the
        # box still in focus, undoes the edit and does not bring the typed text back)
        self.entry.setText("")
        if position:
            self.leave()
