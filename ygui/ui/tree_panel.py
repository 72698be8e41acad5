"""TreePanel: the game tree with its variations, the comment on the current position, and
promoting or deleting a line."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QTextCursor
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QToolTip,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ygui.core.game import BLACK, Game
from ygui.core.limits import MAX_COMMENT_CHARS
from ygui.core.record import RecordNode
from ygui.core.study import MISTAKE_DROP, drops
from ygui.core.tree import GameTree
from ygui.session import Session
from ygui.ui.game_panel import MISTAKE_COLOUR, move_words


class TreePanel(QDockWidget):
    def __init__(self, session: Session) -> None:
        super().__init__("Game tree")
        self.setObjectName("tree")
        self.session = session
        self._items: list[tuple[QTreeWidgetItem, RecordNode]] = []
        self._filling = False
        body = QWidget()
        layout = QVBoxLayout(body)
        self.tree_view = QTreeWidget()
        self.tree_view.setHeaderHidden(True)
        self.tree_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.tree_view.itemClicked.connect(self._item_clicked)
        self.tree_view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree_view.customContextMenuRequested.connect(self._tree_menu)
        self.comment = QPlainTextEdit()
        self.comment.setPlaceholderText("Comment on this position…")
        self.comment.setMaximumHeight(80)
        self.comment.textChanged.connect(self._comment_changed)
        buttons = QHBoxLayout()
        self.promote_button = QPushButton("Promote")
        self.promote_button.setToolTip("Make this variation the main line")
        self.promote_button.clicked.connect(lambda: session.promote())
        self.delete_button = QPushButton("Delete")
        self.delete_button.setToolTip("Delete this move and everything after it")
        self.delete_button.clicked.connect(lambda: session.delete())
        buttons.addWidget(self.promote_button)
        buttons.addWidget(self.delete_button)
        layout.addWidget(self.tree_view, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.comment)
        self.setWidget(body)

    def refresh(self) -> None:
        session = self.session
        self._fill_tree()
        if self.comment.toPlainText() != session.current.comment:
            self._filling = True
            self.comment.setPlainText(session.current.comment)
            self._filling = False
        self.promote_button.setEnabled(session.is_on_variation())
        self.delete_button.setEnabled(session.move_number > 0)

    def _fill_tree(self) -> None:
        tree = self.session.tree
        self.tree_view.clear()
        self._items = []
        line = tree.main_line()
        self._mistakes = {id(line[i - 1]): d for i, d in drops(tree).items() if d >= MISTAKE_DROP}
        root_item = QTreeWidgetItem(["Start" + ("  ✎" if tree.root.comment else "")])
        self.tree_view.addTopLevelItem(root_item)
        self._items.append((root_item, tree.root))
        self._add_line(self.tree_view.invisibleRootItem(), tree.root, tree.record.new_game(), 1)
        current = tree.current
        for item, node in self._items:
            if node is current:
                self.tree_view.setCurrentItem(item)
                self.tree_view.scrollToItem(item)
        self.tree_view.expandAll()

    def _add_line(
        self, container: QTreeWidgetItem, node: RecordNode, game: Game, number: int
    ) -> None:
        """Main continuation at this level; other branches nested under their main move."""
        stack = [(container, node, game, number)]
        while stack:
            container, node, game, number = stack.pop()
            while node.children:
                main = node.children[0]
                item = self._item(container, main, game, number)
                for alt in node.children[1:]:
                    group = QTreeWidgetItem(item, ["variation"])
                    branch = game.copy()
                    self._item(group, alt, branch, number)
                    assert alt.move is not None
                    branch.play(alt.move)
                    stack.append((group, alt, branch, number + 1))
                assert main.move is not None
                game.play(main.move)
                node, number = main, number + 1

    def _item(
        self, container: QTreeWidgetItem, node: RecordNode, game: Game, number: int
    ) -> QTreeWidgetItem:
        assert node.move is not None
        text = f"{number}. {game.colour_name(game.to_move)} {move_words(game, node.move)}"
        if node.comment:
            text += "  ✎"
        analysis = GameTree.analysis(node)
        if analysis is not None:
            text += f"  ({game.colour_name(BLACK)} {100 * analysis[0]:.0f}%)"
        item = QTreeWidgetItem(container, [text])
        if id(node) in self._mistakes:
            item.setText(0, f"{text}  ✗ lost {100 * self._mistakes[id(node)]:.0f}%")
            item.setForeground(0, QColor(MISTAKE_COLOUR))
        item.setData(0, Qt.ItemDataRole.UserRole, len(self._items))
        self._items.append((item, node))
        return item

    def _item_clicked(self, item: QTreeWidgetItem) -> None:
        index = item.data(0, Qt.ItemDataRole.UserRole)
        if isinstance(index, int):
            self.session.go_to(self._items[index][1])

    def _tree_menu(self, pos: QPoint) -> None:
        item = self.tree_view.itemAt(pos)
        index = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        if not isinstance(index, int) or index == 0:
            return
        node = self._items[index][1]
        menu = QMenu(self)
        menu.addAction("Promote to main line", lambda: self.session.promote(node))
        menu.addAction("Delete from here", lambda: self.session.delete(node))
        menu.exec(self.tree_view.viewport().mapToGlobal(pos))

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
