"""TreePanel: the game tree with its variations, the comment on the current position, and
promoting or deleting a line."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut, QTextCursor
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from ygui.core.limits import MAX_COMMENT_CHARS
from ygui.session import Session
from ygui.ui.form import ok_cancel
from ygui.ui.game_panel import move_words
from ygui.ui.tree_graph import GameTreeView


class CommentBox(QPlainTextEdit):
    """The comment on the position shown: Esc gives the keys back to the board (tester 37's
    Esc left them in the box, and Left moved the text cursor instead of the game)."""

    def __init__(self, leave: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.leave = leave or self.clearFocus
        # Tab goes on to the next control (it wrote tab characters into the comment, and a
        # keyboard player stayed stuck in the box: tester 67)
        self.setTabChangesFocus(True)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and not event.modifiers():
            self.leave()
            return
        super().keyPressEvent(event)


def shown_words(session: Session) -> str:
    """The move shown, as the move list says it ("4. Red f5"), or "Start"."""
    tree = session.tree
    node = tree.current
    if node.move is None or not tree.path:
        return "Start"
    before = tree.game_at(tree.path[:-1])
    return f"{len(tree.path)}. {before.colour_name(node.colour)} {move_words(before, node.move)}"


class CommentDialog(QDialog):
    """The comment on the position shown, written in a dialog of its own while the game tree
    (whose box it is) is not on the screen: opening the tree for it hid the move list, which
    the tree stands in for (tester 74). Ctrl+Enter or OK keeps it, Esc or Cancel does not."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Comment on {shown_words(session)}")
        self.box = CommentBox(self.reject)
        self.box.setPlainText(session.current.comment)
        self.box.moveCursor(QTextCursor.MoveOperation.End)
        note = QLabel(
            "Kept with the position in the game's record. Ctrl+Enter keeps it; the game tree's "
            "panel (Ctrl+T) has this box too."
        )
        note.setWordWrap(True)
        note.setEnabled(False)  # (the window's quieter ink)
        layout = QVBoxLayout(self)
        layout.addWidget(self.box, 1)
        layout.addWidget(note)
        layout.addWidget(ok_cancel(self))
        for keys in ("Ctrl+Return", "Ctrl+Enter"):
            QShortcut(QKeySequence(keys), self, self.accept)
        self.resize(440, 260)
        self.box.setFocus()  # (the keys in the box as it opens)

    def text(self) -> str:
        return self.box.toPlainText()


class TreePanel(QDockWidget):
    def __init__(self, session: Session, leave: Callable[[], None] | None = None) -> None:
        super().__init__("Game tree")
        self.setObjectName("tree")
        self.session = session
        self._filling = False
        body = QWidget()
        layout = QVBoxLayout(body)
        self.graph = GameTreeView(session)
        # the move shown, in words: the tree's discs name none, and it stands in for the move
        # list while open (tester 47 hovered every node to read a line)
        self.shown = QLabel()
        self.shown.setWordWrap(True)
        self.comment = CommentBox(leave)
        self.comment.setPlaceholderText("Comment on this position… (Esc: back to the board)")
        self.comment.setMaximumHeight(80)
        self.comment.textChanged.connect(self._comment_changed)
        buttons = QHBoxLayout()
        self.promote_button = QPushButton("Promote")
        self.promote_button.setToolTip("Make this variation the main line")
        self.promote_button.clicked.connect(lambda: self.graph.promote_node(session.current))
        self.delete_button = QPushButton("Delete")
        self.delete_button.setToolTip("Delete this move and everything after it")
        self.delete_button.clicked.connect(lambda: self.graph.delete_node(session.current))
        buttons.addWidget(self.promote_button)
        buttons.addWidget(self.delete_button)
        layout.addWidget(self.shown)
        layout.addWidget(self.graph, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.comment)
        self.setWidget(body)

    def refresh(self) -> None:
        session = self.session
        self.graph.refresh()
        self.shown.setText(f"Shown: {shown_words(session)}")
        if self.comment.toPlainText() != session.current.comment:
            self._filling = True
            self.comment.setPlainText(session.current.comment)
            self._filling = False
        self.promote_button.setEnabled(session.is_on_variation())
        self.delete_button.setEnabled(session.move_number > 0)

    def _comment_changed(self) -> None:
        if self._filling:
            return
        if not self.session.set_comment(self.comment.toPlainText()):
            self._filling = True  # the box shows what the game keeps
            self.comment.setPlainText(self.session.current.comment)
            self.comment.moveCursor(QTextCursor.MoveOperation.End)
            self._filling = False
            QToolTip.showText(
                self.comment.mapToGlobal(QPoint(0, 0)),
                f"A comment holds at most {MAX_COMMENT_CHARS:,} characters; the rest was left out.",
                self.comment,
            )
