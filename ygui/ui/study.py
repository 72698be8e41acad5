"""The study panel: the game tree, comments, typed moves and positions, position set-up, the
win-rate graph and the analysis of a whole game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ygui.ai.engine import SearchLimits, SearchResult
from ygui.core.game import BLACK, EMPTY, WHITE, Game, IllegalMove
from ygui.core.geometry import BoardError
from ygui.core.record import GameRecord, RecordNode
from ygui.core.study import MISTAKE_DROP, mistakes, parse_moves, parse_position, setup_warnings
from ygui.core.tree import GameTree, path_to
from ygui.core.variants import GameOptions, OptionsError
from ygui.ui.ai_runner import Request

if TYPE_CHECKING:
    from ygui.ui.main_window import MainWindow


class WinRateGraph(QWidget):
    """Black's win probability along the main line; a click goes to that move."""

    def __init__(self, study: StudyPanel) -> None:
        super().__init__()
        self.study = study
        self.setMinimumHeight(90)
        self.values: list[float | None] = []
        self.marks: set[int] = set()
        self.current = 0

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        painter.fillRect(0, 0, w, h, QColor("#fbfaf7"))
        painter.setPen(QPen(QColor("#c8c2b4"), 1, Qt.PenStyle.DashLine))
        painter.drawLine(0, h // 2, w, h // 2)
        count = max(1, len(self.values) - 1)
        points = [
            QPointF(i * w / count, h * (1 - v)) for i, v in enumerate(self.values) if v is not None
        ]
        if len(points) > 1:
            painter.setPen(QPen(QColor("#222222"), 1.8))
            painter.drawPolyline(QPolygonF(points))
        painter.setPen(QPen(QColor("#d32f2f"), 1))
        painter.setBrush(QColor("#d32f2f"))
        for i in self.marks:
            value = self.values[i] if i < len(self.values) else None
            if value is not None:
                painter.drawEllipse(QPointF(i * w / count, h * (1 - value)), 3.5, 3.5)
        painter.setPen(QPen(QColor("#1e88e5"), 1.5))
        x = self.current * w / count
        painter.drawLine(QPointF(x, 0), QPointF(x, h))
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        count = max(1, len(self.values) - 1)
        index = round(event.position().x() / max(1, self.width()) * count)
        self.study.go_to_main_line(max(0, min(len(self.values) - 1, index)))


class StudyPanel(QDockWidget):
    def __init__(self, window: MainWindow) -> None:
        super().__init__("Study")
        self.setObjectName("study")
        self.window_ = window
        self.editing = False
        self.edit_colour = BLACK
        self.review: list[RecordNode | None] = []  # positions still to analyse
        self._items: list[tuple[QTreeWidgetItem, RecordNode]] = []
        self._filling = False
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self._build_tree())
        layout.addWidget(self._build_entry())
        layout.addWidget(self._build_edit())
        layout.addWidget(self._build_review())
        self.setWidget(body)

    # ----- widgets ----------------------------------------------------------------------
    def _build_tree(self) -> QWidget:
        box = QGroupBox("Game tree")
        layout = QVBoxLayout(box)
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
        self.promote_button.clicked.connect(self.promote)
        self.delete_button = QPushButton("Delete")
        self.delete_button.setToolTip("Delete this move and everything after it")
        self.delete_button.clicked.connect(self.delete)
        buttons.addWidget(self.promote_button)
        buttons.addWidget(self.delete_button)
        layout.addWidget(self.tree_view, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.comment)
        return box

    def _build_entry(self) -> QWidget:
        box = QGroupBox("Type moves or a position")
        layout = QVBoxLayout(box)
        self.entry = QLineEdit()
        self.entry.setPlaceholderText("d2 swap e2 h4   or   B: a1 b2  W: c3  (to move: W)")
        self.entry.returnPressed.connect(self.enter_text)
        self.entry_error = QLabel()
        self.entry_error.setWordWrap(True)
        self.entry_error.setStyleSheet("color: #b3261e;")
        layout.addWidget(self.entry)
        layout.addWidget(self.entry_error)
        return box

    def _build_edit(self) -> QWidget:
        box = QGroupBox("Set up a position")
        layout = QVBoxLayout(box)
        self.edit_button = QPushButton("Edit position")
        self.edit_button.setCheckable(True)
        self.edit_button.toggled.connect(self.set_editing)
        tools = QHBoxLayout()
        self.tool_group = QButtonGroup(self)
        self.tool_buttons = {}
        for colour, text in ((BLACK, "First colour"), (WHITE, "Second colour"), (EMPTY, "Erase")):
            button = QRadioButton(text)
            self.tool_group.addButton(button)
            button.toggled.connect(lambda on, c=colour: self._set_tool(c, on))
            tools.addWidget(button)
            self.tool_buttons[colour] = button
        self.tool_buttons[BLACK].setChecked(True)
        self.to_move = QComboBox()
        self.to_move.addItem("first colour to move", BLACK)
        self.to_move.addItem("second colour to move", WHITE)
        self.to_move.currentIndexChanged.connect(lambda _: self._setup_changed())
        clear = QPushButton("Clear board")
        clear.clicked.connect(self.clear_board)
        board = QHBoxLayout()
        self.cells_box = QSpinBox()
        self.cells_box.setRange(30, 400)
        self.cells_box.setPrefix("cells ")
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, 2_000_000_000)
        self.seed_box.setPrefix("seed ")
        self.board_apply = QPushButton("New board")
        self.board_apply.setToolTip("Mudcrack Y: draw the board for this cell count and seed")
        self.board_apply.clicked.connect(self.apply_mudcrack_board)
        for widget in (self.cells_box, self.seed_box, self.board_apply):
            board.addWidget(widget)
        self.mudcrack_row = QWidget()
        self.mudcrack_row.setLayout(board)
        self.edit_warning = QLabel()
        self.edit_warning.setWordWrap(True)
        self.edit_tools = QWidget()
        tools_layout = QVBoxLayout(self.edit_tools)
        tools_layout.setContentsMargins(0, 0, 0, 0)
        tools_layout.addLayout(tools)
        tools_layout.addWidget(self.to_move)
        tools_layout.addWidget(clear)
        tools_layout.addWidget(self.mudcrack_row)
        tools_layout.addWidget(self.edit_warning)
        self.edit_tools.setVisible(False)
        layout.addWidget(self.edit_button)
        layout.addWidget(self.edit_tools)
        return box

    def _build_review(self) -> QWidget:
        box = QGroupBox("Analyse the game")
        layout = QVBoxLayout(box)
        self.graph = WinRateGraph(self)
        row = QHBoxLayout()
        self.budget = QSpinBox()
        self.budget.setRange(100, 1_000_000)
        self.budget.setSingleStep(1000)
        self.budget.setValue(3000)
        self.budget.setSuffix(" playouts")
        self.review_button = QPushButton("Analyse game")
        self.review_button.clicked.connect(self.toggle_review)
        self.next_mistake_button = QPushButton("Next mistake")
        self.next_mistake_button.clicked.connect(self.next_mistake)
        row.addWidget(self.budget)
        row.addWidget(self.review_button)
        row.addWidget(self.next_mistake_button)
        self.review_bar = QProgressBar()
        self.review_bar.setVisible(False)
        self.review_label = QLabel()
        self.review_label.setWordWrap(True)
        layout.addWidget(self.graph)
        layout.addLayout(row)
        layout.addWidget(self.review_bar)
        layout.addWidget(self.review_label)
        return box

    # ----- keeping up with the window ------------------------------------------------------
    @property
    def tree(self) -> GameTree:
        return self.window_.tree

    def refresh(self) -> None:
        self._fill_tree()
        self._filling = True
        self.comment.setPlainText(self.tree.current.comment)
        self._filling = False
        on_variation = bool(self.tree.path) and any(
            node is not parent.children[0]
            for parent, node in zip([self.tree.root, *self.tree.path], self.tree.path, strict=False)
        )
        self.promote_button.setEnabled(on_variation)
        self.delete_button.setEnabled(bool(self.tree.path))
        self.mudcrack_row.setVisible(self.window_.game.options.game == "mudcrack-y")
        self._fill_graph()

    def _fill_tree(self) -> None:
        self.tree_view.clear()
        self._items = []
        root_item = QTreeWidgetItem(["Start" + ("  ✎" if self.tree.root.comment else "")])
        self.tree_view.addTopLevelItem(root_item)
        self._items.append((root_item, self.tree.root))
        game = self.tree.record.new_game()
        self._add_line(self.tree_view.invisibleRootItem(), self.tree.root, game, 1)
        current = self.tree.current
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
        text = f"{number}. {game.colour_name(game.to_move)} {game.move_text(node.move)}"
        if node.comment:
            text += "  ✎"
        analysis = GameTree.analysis(node)
        if analysis is not None:
            text += f"  ({game.colour_name(BLACK)} {100 * analysis[0]:.0f}%)"
        item = QTreeWidgetItem(container, [text])
        item.setData(0, Qt.ItemDataRole.UserRole, len(self._items))
        self._items.append((item, node))
        return item

    def _item_clicked(self, item: QTreeWidgetItem) -> None:
        index = item.data(0, Qt.ItemDataRole.UserRole)
        if isinstance(index, int):
            self.window_.go_to_path(_path_to(self.tree, self._items[index][1]))

    def _tree_menu(self, pos: QPoint) -> None:
        item = self.tree_view.itemAt(pos)
        index = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        if not isinstance(index, int) or index == 0:
            return
        node = self._items[index][1]
        menu = QMenu(self)
        menu.addAction("Promote to main line", lambda: self.promote(node))
        menu.addAction("Delete from here", lambda: self.delete(node))
        menu.exec(self.tree_view.viewport().mapToGlobal(pos))

    def _comment_changed(self) -> None:
        if self._filling:
            return
        self.tree.current.comment = self.comment.toPlainText()
        self.window_.dirty = True
        self.window_.autosave()

    # ----- editing the tree ---------------------------------------------------------------
    def promote(self, node: RecordNode | None = None) -> None:
        self.tree.promote(node or self.tree.current)
        self.window_.tree_changed()

    def delete(self, node: RecordNode | None = None) -> None:
        target = node or self.tree.current
        if target is self.tree.root:
            return
        self.window_.computer.runner.cancel()
        self.tree.delete(target)
        self.window_.tree_changed()

    def go_to_main_line(self, index: int) -> None:
        self.window_.go_to_path(self.tree.main_line()[:index])

    # ----- typed input --------------------------------------------------------------------
    def enter_text(self) -> None:
        text = self.entry.text()
        try:
            if ":" in text:
                setup, to_move = parse_position(self.window_.game.geometry, text)
                self.start_position(setup, to_move)
            else:
                moves = parse_moves(self.window_.game, text)
                for move in moves:
                    self.tree.play(move)
                self.window_.changed()
        except IllegalMove as exc:
            start, length = getattr(exc, "span", (0, 0))
            self.entry_error.setText(str(exc))
            self.entry.setSelection(start, length)
            self.entry.setFocus()
            return
        self.entry_error.setText("")
        self.entry.clear()

    # ----- position set-up ----------------------------------------------------------------
    def set_editing(self, on: bool) -> None:
        window = self.window_
        if on and not window.maybe_keep_changes():
            self.edit_button.setChecked(False)
            return
        self.editing = on
        self.edit_tools.setVisible(on)
        self.edit_button.setText("Done: play from this position" if on else "Edit position")
        if on:
            window.computer.runner.cancel()
            game = window.game
            self.start_position(
                {c: col for c, col in enumerate(game.colours) if col},
                game.to_move if not game.is_over else BLACK,
            )
            self.cells_box.setValue(game.geometry.size)
            self.seed_box.setValue(int(game.geometry.meta.get("seed", 1) or 1))
        window.update_all()
        window.computer.after_change()

    def _set_tool(self, colour: int, on: bool) -> None:
        if on:
            self.edit_colour = colour

    def edit_click(self, cell: int) -> None:
        game = self.window_.game
        setup = {c: col for c, col in enumerate(game.colours) if col}
        if self.edit_colour == EMPTY or setup.get(cell) == self.edit_colour:
            setup.pop(cell, None)  # clicking a stone of the chosen colour removes it
        else:
            setup[cell] = self.edit_colour
        self.start_position(setup, int(self.to_move.currentData()))

    def clear_board(self) -> None:
        self.start_position({}, int(self.to_move.currentData()))

    def _setup_changed(self) -> None:
        if self.editing:
            game = self.window_.game
            self.start_position(
                {c: col for c, col in enumerate(game.colours) if col},
                int(self.to_move.currentData()),
            )

    def start_position(
        self, setup: dict[int, int], to_move: int, options: GameOptions | None = None
    ) -> None:
        """Make a set-up position the start of a new game tree (same board and players)."""
        window = self.window_
        old = window.game
        options = options or old.options
        geometry = old.geometry if options == old.options else options.board()
        record = GameRecord(options=options, geometry=geometry, setup=dict(setup), to_move=to_move)
        seats = (window.seats[0], window.seats[1])
        names = (seats[0].name, seats[1].name)
        window.set_tree(GameTree(record), names, window.path, seats)
        self.to_move.blockSignals(True)
        self.to_move.setCurrentIndex(self.to_move.findData(to_move))
        self.to_move.blockSignals(False)
        self.edit_warning.setText("\n".join(setup_warnings(window.game)))
        window.dirty = True

    def apply_mudcrack_board(self) -> None:
        game = self.window_.game
        try:
            options = GameOptions.from_keys(
                "mudcrack-y",
                [
                    *(k for k in game.options.to_keys() if not k.startswith(("size", "seed"))),
                    f"size={self.cells_box.value()}",
                    f"seed={self.seed_box.value()}",
                ],
            )
            options.board()
        except (OptionsError, BoardError) as exc:
            self.edit_warning.setText(str(exc))
            return
        self.start_position({}, int(self.to_move.currentData()), options)

    # ----- analysing the whole game -------------------------------------------------------
    def _fill_graph(self) -> None:
        line = self.tree.main_line()
        values: list[float | None] = [_black_rate(self.tree.root)]
        values += [_black_rate(node) for node in line]
        self.graph.values = values
        self.graph.marks = set(mistakes(self.tree))
        self.graph.current = (
            len(self.tree.path) if self.tree.path == line[: len(self.tree.path)] else 0
        )
        self.graph.update()

    def toggle_review(self) -> None:
        if self.review:
            self.stop_review()
            return
        if not self.window_.computer.ready:
            self.review_label.setText(
                "The computer player is still being prepared; try again in a moment."
            )
            return
        self.review = [self.tree.root, *self.tree.main_line()]
        self.review_bar.setRange(0, len(self.review))
        self.review_bar.setValue(0)
        self.review_bar.setVisible(True)
        self.review_button.setText("Cancel")
        self._review_next()

    def stop_review(self, message: str = "Analysis cancelled.") -> None:
        self.review = []
        self.window_.computer.runner.cancel()
        self.review_bar.setVisible(False)
        self.review_button.setText("Analyse game")
        self.review_label.setText(message)

    def _review_next(self) -> None:
        total = self.review_bar.maximum()
        while self.review:
            node = self.review[0]
            assert node is not None
            game = _game_at(self.tree, node)
            self.review_bar.setValue(total - len(self.review))
            if game.is_over:
                GameTree.set_analysis(node, 1.0 if game.winner == BLACK else 0.0, 0)
                self.review.pop(0)
                continue
            self.window_.computer.runner.start(
                game,
                SearchLimits(playouts=self.budget.value(), seed=total - len(self.review)),
                "review",
            )
            return
        self.review_bar.setVisible(False)
        self.review_button.setText("Analyse game")
        found = mistakes(self.tree)
        self.review_label.setText(
            f"Done. {len(found)} mistake{'s' if len(found) != 1 else ''} "
            f"(a drop of {100 * MISTAKE_DROP:.0f}% or more) marked in red."
            if found
            else "Done. No move lost much."
        )
        self.window_.dirty = True
        self.refresh()

    def review_result(self, request: Request, result: SearchResult) -> None:
        if not self.review:
            return
        node = self.review.pop(0)
        assert node is not None
        game = request.game
        black = result.win_rate if game.to_move == BLACK else 1 - result.win_rate
        GameTree.set_analysis(node, black, result.playouts)
        self._fill_graph()
        self._review_next()

    def next_mistake(self) -> None:
        found = mistakes(self.tree)
        here = len(self.tree.path)
        later = [i for i in found if i > here] or found
        if not later:
            self.review_label.setText("No mistakes marked: analyse the game first.")
            return
        self.go_to_main_line(later[0])


def _black_rate(node: RecordNode) -> float | None:
    analysis = GameTree.analysis(node)
    return analysis[0] if analysis else None


def _path_to(tree: GameTree, node: RecordNode) -> list[RecordNode]:
    return path_to(tree.root, node)


def _game_at(tree: GameTree, node: RecordNode) -> Game:
    return tree.game_at(path_to(tree.root, node))
