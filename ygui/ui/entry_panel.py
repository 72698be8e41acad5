"""EntryPanel: moves or a whole position typed in the game's notation."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QGroupBox, QLabel, QLineEdit, QVBoxLayout

from ygui.core.game import IllegalMove
from ygui.core.study import entry_example, parse_moves, parse_position
from ygui.core.wording import capitalised
from ygui.session import Session


class EntryPanel(QGroupBox):
    """``d2 swap e2 h4`` plays from the current position, all or nothing; ``B: a1 b2 W: c3
    to move: W`` sets up a position, after ``may_replace`` agrees to replace the game."""

    def __init__(self, session: Session, may_replace: Callable[[], bool]) -> None:
        super().__init__("Type moves or a position")
        self.session = session
        self.may_replace = may_replace
        layout = QVBoxLayout(self)
        self.entry = QLineEdit()
        self.refresh()
        self.entry.returnPressed.connect(self.enter_text)
        self.entry_error = QLabel()
        self.entry_error.setWordWrap(True)
        self.entry_error.setStyleSheet("color: #b3261e;")
        layout.addWidget(self.entry)
        layout.addWidget(self.entry_error)

    def refresh(self) -> None:
        example = entry_example(self.session.game)
        self.entry.setPlaceholderText(example)
        self.entry.setToolTip(  # (the box may cut the example)
            f"For example: {example}\nThe colours may also be written X/O or first/second."
        )

    def forget(self) -> None:
        """Another game: the text typed for the one before, and what was said of it, go."""
        self.entry.clear()
        self.entry_error.setText("")

    def enter_text(self) -> None:
        text = self.entry.text()
        session = self.session
        try:
            if ":" in text:
                setup, to_move = parse_position(session.game.geometry, text)
                if not self.may_replace():
                    self.entry_error.setText("The position was not set up; the game is kept.")
                    return
                session.set_position(setup, to_move)
            else:
                session.play_line(parse_moves(session.game, text))
        except IllegalMove as exc:
            start, length = getattr(exc, "span", (0, 0))
            self.entry_error.setText(capitalised(str(exc)))
            self.entry.setSelection(start, length)
            self.entry.setFocus()
            return
        self.entry_error.setText("")
        self.entry.clear()
