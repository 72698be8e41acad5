"""MainWindow: the board, the turn panel, the move list, menus, files and autosave."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QFont, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ygui import __version__
from ygui.core.game import BLACK, SWAP, WHITE, Game, Move
from ygui.core.geometry import BoardError, BoardGeometry
from ygui.core.record import (
    GameRecord,
    RecordError,
    RecordNode,
    atomic_write_text,
    load_record,
    save_record,
    write_record,
)
from ygui.core.tree import GameTree, tree_from_game
from ygui.core.variants import GameOptions
from ygui.settings import Settings, autosave_path
from ygui.ui.board_scene import BoardScene
from ygui.ui.board_view import BoardView
from ygui.ui.computer import ComputerPlay, Seat
from ygui.ui.help import AboutText, RulesDialog, shortcuts_text
from ygui.ui.new_game_dialog import NewGameDialog
from ygui.ui.render import RenderError, render_scene
from ygui.ui.study import StudyPanel
from ygui.ui.theme import THEMES, apply_palette, resource_icon

Shortcut = QKeySequence | QKeySequence.StandardKey | Qt.Key | str | None
RECORD_FILTER = "ygui games (*.ysgf *.sgf);;All files (*)"


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings | None = None, warm_up_engine: bool = True) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.theme = THEMES.get(self.settings.get("theme"), THEMES["light"])
        self.tree = tree_from_game(Game(GameOptions().validated()))
        self.seats = [Seat("Player 1"), Seat("Player 2")]
        self.path: Path | None = None
        self.dirty = False
        self.message = ""
        self.setWindowIcon(resource_icon())
        self.scene = BoardScene(self.game, self.theme, bool(self.settings.get("show_labels")))
        self.view = BoardView(self.scene)
        self.view.cellClicked.connect(self.on_cell_clicked)
        self.view.cellHovered.connect(self.on_cell_hovered)
        self.engine_progress = QProgressBar()
        self.engine_progress.setRange(0, 0)  # busy
        self.engine_progress.setMaximumWidth(160)
        self.engine_progress.setVisible(False)
        self.statusBar().addPermanentWidget(self.engine_progress)
        self.computer = ComputerPlay(self, warm_up=warm_up_engine)
        self.study = StudyPanel(self)
        self._build_panel()
        self._build_actions()
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.computer.dock)
        self.computer.dock.hide()
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.study)
        self.study.hide()
        splitter = QSplitter()
        splitter.addWidget(self.view)
        splitter.addWidget(self.panel)
        splitter.setStretchFactor(0, 1)
        splitter.setSizes([760, 300])
        self.setCentralWidget(splitter)
        self.resize(QSize(1100, 760))
        self.statusBar()
        self.start_new_game(GameOptions().validated(), ("Player 1", "Player 2"))
        if self.settings.problem:
            self.statusBar().showMessage(self.settings.problem, 10000)

    # ----- building ---------------------------------------------------------------------
    def _build_panel(self) -> None:
        self.panel = QWidget()
        layout = QVBoxLayout(self.panel)
        self.title = QLabel()
        self.title.setWordWrap(True)
        bold = QFont()
        bold.setPointSizeF(bold.pointSizeF() * 1.15)
        bold.setBold(True)
        self.title.setFont(bold)
        self.player_labels = {BLACK: QLabel(), WHITE: QLabel()}
        self.legend = QLabel()
        self.legend.setWordWrap(True)
        self.turn_label = QLabel()
        self.turn_label.setWordWrap(True)
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet(f"color: {self.theme.refused};")
        self.swap_button = QPushButton("Swap (pie rule)")
        self.swap_button.setToolTip(
            "Take over the first stone: you play it, and your "
            "opponent moves next with the other colour"
        )
        self.swap_button.clicked.connect(self.swap)
        self.result_box = QWidget()
        result_layout = QHBoxLayout(self.result_box)
        result_layout.setContentsMargins(0, 4, 0, 4)
        self.result_label = QLabel()
        big = QFont()
        big.setPointSizeF(big.pointSizeF() * 1.5)
        big.setBold(True)
        self.result_label.setFont(big)
        self.result_label.setWordWrap(True)
        again = QPushButton("New game…")
        again.clicked.connect(self.new_game)
        result_layout.addWidget(self.result_label, 1)
        result_layout.addWidget(again)
        self.moves_list = QListWidget()
        self.moves_list.itemClicked.connect(self._move_clicked)
        self.moves_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        nav = QHBoxLayout()
        self.nav_buttons = {}
        for key, text, slot in (
            ("first", "«", self.go_first),
            ("back", "‹", self.go_back),
            ("forward", "›", self.go_forward),
            ("last", "»", self.go_last),
        ):
            button = QPushButton(text)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(slot)
            nav.addWidget(button)
            self.nav_buttons[key] = button
        for widget in (
            self.title,
            self.legend,
            self.player_labels[BLACK],
            self.player_labels[WHITE],
            self.turn_label,
            self.refusal,
            self.swap_button,
            self.computer.thinking,
            self.result_box,
        ):
            layout.addWidget(widget)
        layout.addWidget(QLabel("Moves"))
        layout.addWidget(self.moves_list, 1)
        layout.addLayout(nav)

    def _action(
        self,
        text: str,
        slot: Callable[..., object],
        shortcut: Shortcut = None,
        checkable: bool = False,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        if checkable:
            action.toggled.connect(slot)
        else:
            action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        a = self._action
        self.act_new = a("&New game…", self.new_game, QKeySequence.StandardKey.New)
        self.act_open = a("&Open…", self.open_dialog, QKeySequence.StandardKey.Open)
        self.act_board = a("Play on a &board file…", self.open_board_dialog)
        self.act_save = a("&Save", self.save, QKeySequence.StandardKey.Save)
        self.act_save_as = a("Save &as…", self.save_as, QKeySequence.StandardKey.SaveAs)
        self.act_png = a("Export board as &PNG…", lambda: self.export_image(".png"), "Ctrl+P")
        self.act_svg = a("Export board as S&VG…", lambda: self.export_image(".svg"))
        self.act_quit = a("&Quit", self.close, QKeySequence.StandardKey.Quit)
        self.act_undo = a("&Undo", self.go_back, QKeySequence.StandardKey.Undo)
        self.act_redo = a("&Redo", self.go_forward, QKeySequence.StandardKey.Redo)
        self.act_swap = a("S&wap (pie rule)", self.swap, "S")
        self.act_first = a("To the &start", self.go_first, Qt.Key.Key_Home)
        self.act_up = a("&Previous variation", lambda: self.go_sibling(-1), Qt.Key.Key_Up)
        self.act_down = a("&Next variation", lambda: self.go_sibling(+1), Qt.Key.Key_Down)
        self.act_back = a("&Back one move", self.go_back, Qt.Key.Key_Left)
        self.act_forward = a("&Forward one move", self.go_forward, Qt.Key.Key_Right)
        self.act_last = a("To the &end", self.go_last, Qt.Key.Key_End)
        self.act_hint = a("&Hint", self.computer.hint, "H")
        self.act_move_now = a("&Move now", self.computer.move_now, "Ctrl+Space")
        self.act_computer = a(
            "Let the &computer play this move", self.computer.play_for_computer, "Ctrl+G"
        )
        self.act_analyse = a("&Analyse", self.computer.analyse_box.setChecked, "A", checkable=True)
        self.computer.analyse_box.toggled.connect(self.act_analyse.setChecked)
        self.act_heat = a("Heat &map", self.computer.heat_box.setChecked, "M", checkable=True)
        self.act_preview = a(
            "&Preview the best line", self.computer.preview_box.setChecked, "P", checkable=True
        )
        self.computer.preview_box.toggled.connect(self.act_preview.setChecked)
        self.computer.heat_box.toggled.connect(self.act_heat.setChecked)
        self.act_labels = a("Show &coordinates", self.set_show_labels, "C", checkable=True)
        self.act_labels.setChecked(bool(self.settings.get("show_labels")))
        self.act_dark = a("&Dark theme", self.set_dark, "Ctrl+Shift+D", checkable=True)
        self.act_dark.setChecked(self.theme.name == "dark")
        self.act_rules = a(
            "&Rules of this game", self.show_rules, QKeySequence.StandardKey.HelpContents
        )
        self.act_options_help = a(
            "Pie rule, handicaps and &turns", lambda: self.show_rules("options")
        )
        self.act_keys = a("&Keyboard shortcuts", self.show_shortcuts)
        self.act_about = a("&About ygui", self.show_about)

        bar = self.menuBar()
        game = bar.addMenu("&Game")
        for act in (self.act_new, self.act_open):
            game.addAction(act)
        self.recent_menu = game.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        for act in (self.act_board, self.act_save, self.act_save_as):
            game.addAction(act)
        game.addSeparator()
        game.addAction(self.act_png)
        game.addAction(self.act_svg)
        game.addSeparator()
        game.addAction(self.act_quit)
        play = bar.addMenu("&Play")
        for act in (self.act_undo, self.act_redo, self.act_swap):
            play.addAction(act)
        play.addSeparator()
        for act in (self.act_hint, self.act_computer, self.act_move_now):
            play.addAction(act)
        play.addSeparator()
        for act in (
            self.act_first,
            self.act_back,
            self.act_forward,
            self.act_last,
            self.act_up,
            self.act_down,
        ):
            play.addAction(act)
        view = bar.addMenu("&View")
        view.addAction(self.computer.dock.toggleViewAction())
        view.addAction(self.act_analyse)
        view.addAction(self.act_heat)
        view.addAction(self.act_preview)
        view.addAction(self.act_labels)
        view.addAction(self.act_dark)
        study = bar.addMenu("&Study")
        study_toggle = self.study.toggleViewAction()
        study_toggle.setShortcut(QKeySequence("Ctrl+T"))
        self.addAction(study_toggle)
        study.addAction(study_toggle)
        self.act_edit = a("&Edit position", self.edit_position, "Ctrl+E")
        self.act_promote = a("&Promote variation to main line", self.study.promote)
        self.act_delete = a("&Delete move and what follows", self.study.delete)
        self.act_review = a("&Analyse game", self.review_game)
        self.act_mistake = a("Next &mistake", self.study.next_mistake, "N")
        for act in (
            self.act_edit,
            self.act_promote,
            self.act_delete,
            self.act_review,
            self.act_mistake,
        ):
            study.addAction(act)
        help_menu = bar.addMenu("&Help")
        for act in (self.act_rules, self.act_options_help, self.act_keys, self.act_about):
            help_menu.addAction(act)

    # ----- modal questions (replaced in tests) -----------------------------------------
    def ask_yes_no(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(self, title, text)
        return answer == QMessageBox.StandardButton.Yes

    def ask_save_discard_cancel(self, text: str) -> str:
        buttons = (
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        answer = QMessageBox.question(self, "Unsaved game", text, buttons)
        return {
            QMessageBox.StandardButton.Save: "save",
            QMessageBox.StandardButton.Discard: "discard",
        }.get(answer, "cancel")

    def inform(self, title: str, text: str) -> None:
        QMessageBox.warning(self, title, text)

    def choose_open_path(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self, "Open a game", "", RECORD_FILTER)
        return Path(name) if name else None

    def choose_save_path(self, suffix: str = ".ysgf") -> Path | None:
        filters = {".ysgf": RECORD_FILTER, ".png": "PNG image (*.png)", ".svg": "SVG image (*.svg)"}
        name, _ = QFileDialog.getSaveFileName(self, "Save", "", filters[suffix])
        if not name:
            return None
        path = Path(name)
        return path if path.suffix else path.with_suffix(suffix)

    def run_new_game_dialog(self) -> NewGameDialog | None:
        dialog = NewGameDialog(dict(self.settings.get("new_game")), self.theme, self)
        return dialog if dialog.exec() else None

    # ----- games ------------------------------------------------------------------------
    def start_new_game(
        self, options: GameOptions, names: tuple[str, str], seats: tuple[Seat, Seat] | None = None
    ) -> None:
        self.dirty = False
        self.set_game(Game(options), names, path=None, seats=seats)

    @property
    def game(self) -> Game:
        """The position shown: the game along the tree's current path."""
        return self.tree.game

    def set_game(
        self,
        game: Game,
        names: tuple[str, str],
        path: Path | None,
        seats: tuple[Seat, Seat] | None = None,
    ) -> None:
        self.set_tree(tree_from_game(game), names, path, seats)

    def set_tree(
        self,
        tree: GameTree,
        names: tuple[str, str],
        path: Path | None,
        seats: tuple[Seat, Seat] | None = None,
    ) -> None:
        self.tree = tree
        game = tree.game
        if seats is None:
            seats = (Seat(names[0]), Seat(names[1]))
        self.seats = [
            Seat(seats[0].name or game.colour_name(BLACK), seats[0].computer, seats[0].level),
            Seat(seats[1].name or game.colour_name(WHITE), seats[1].computer, seats[1].level),
        ]
        self.path = path
        self.scene.set_game(game)
        self.view.fit()
        self.message = ""
        self.update_all()
        self.computer.after_change()

    @property
    def names(self) -> dict[int, str]:
        """The players' names by the colour each began with."""
        return {BLACK: self.seats[0].name, WHITE: self.seats[1].name}

    def seat_for(self, colour: int, game: Game | None = None) -> Seat:
        """Who plays ``colour`` in ``game`` (the shown one by default): after a swap the
        players have exchanged colours."""
        swapped = (game or self.game).swapped
        return self.seats[(colour - 1) ^ (1 if swapped else 0)]

    def new_game(self) -> None:
        if not self.maybe_keep_changes():
            return
        dialog = self.run_new_game_dialog()
        if dialog is None or dialog.options is None:
            return
        self.settings.set("new_game", dialog.choices())
        self.start_new_game(dialog.options, dialog.player_names(), dialog.seats())
        self.remove_autosave()

    # ----- playing ----------------------------------------------------------------------
    def on_cell_clicked(self, cell: int) -> None:
        if self.study.editing:
            self.study.edit_click(cell)
        else:
            self.play(Move(cell))

    def edit_position(self) -> None:
        self.study.show()
        self.study.edit_button.toggle()

    def review_game(self) -> None:
        self.study.show()
        self.study.toggle_review()

    def tree_changed(self) -> None:
        """The tree was edited (promotion, deletion): show it, save it."""
        self.dirty = True
        self.tree.go_to_path(self.tree.path)
        self.update_all()
        self.autosave()
        self.computer.after_change()

    def on_cell_hovered(self, cell: int) -> None:
        self.scene.show_ghost(cell if cell >= 0 else None)

    def swap(self) -> None:
        self.play(SWAP)

    def play(self, move: Move) -> bool:
        """Play a move if the rules allow it; otherwise say why. Returns True if played."""
        game = self.game
        if self.computer.thinking_for_move():
            self.refuse("the computer is thinking (Move now makes it play at once)")
            return False
        reason = game.why_illegal(move)
        if reason is not None:
            self.refuse(reason)
            return False
        self.tree.play(move)  # a new move here starts a variation; nothing is discarded
        self.message = ""
        self.changed()
        return True

    def computer_plays(self, move: Move) -> None:
        """The engine's answer to a request for the current position."""
        if self.game.why_illegal(move) is not None:  # never trust, always check
            self.refuse(f"the computer chose an illegal move ({self.game.why_illegal(move)})")
            return
        self.tree.play(move)
        self.message = ""
        self.changed()

    def refuse(self, reason: str) -> None:
        self.message = reason[0].upper() + reason[1:] + "."
        self.refusal.setText(self.message)
        self.statusBar().showMessage(self.message, 5000)
        QApplication.beep()

    def changed(self) -> None:
        self.dirty = True
        self.update_all()
        self.autosave()
        self.computer.after_change()

    def navigate(self, index: int) -> None:
        """Go to move ``index`` of the line through the current node (0: the start)."""
        line = self.tree.line_through_current()
        index = max(0, min(len(line), index))
        if line[:index] != self.tree.path:
            self.go_to_path(line[:index])

    def go_to_path(self, path: list[RecordNode]) -> None:
        self.computer.runner.cancel()
        self.tree.go_to_path(path)
        self.message = ""
        self.update_all()
        self.computer.after_change()

    def go_first(self) -> None:
        self.navigate(0)

    def go_back(self) -> None:
        """One move back; against the computer, back to the last position a person plays."""
        index = len(self.tree.path) - 1
        if any(seat.computer for seat in self.seats) and not all(s.computer for s in self.seats):
            while index > 0:
                probe = self.tree.game_at(self.tree.path[:index])
                if not self.seat_for(probe.to_move, probe).computer:
                    break
                index -= 1
        self.navigate(index)

    def go_forward(self) -> None:
        self.navigate(len(self.tree.path) + 1)

    def go_last(self) -> None:
        self.navigate(len(self.tree.line_through_current()))

    def go_sibling(self, step: int) -> None:
        """Up/Down: the previous or next variation at this move."""
        path = self.tree.path
        parent = path[-2] if len(path) > 1 else self.tree.root
        if not path:
            return
        siblings = parent.children
        index = siblings.index(path[-1]) + step
        if 0 <= index < len(siblings):
            self.go_to_path([*path[:-1], siblings[index]])

    def _move_clicked(self, item: QListWidgetItem) -> None:
        self.navigate(int(item.data(Qt.ItemDataRole.UserRole)))

    # ----- showing the state ------------------------------------------------------------
    def player_name(self, colour: int) -> str:
        seat = self.seat_for(colour)
        return f"{seat.name} (computer, level {seat.level})" if seat.computer else seat.name

    def update_all(self) -> None:
        game = self.game
        self.scene.refresh()
        self.title.setText(game.options.describe())
        self.legend.setText(self.legend_text())
        self.legend.setVisible(bool(self.legend.text()))
        for colour, label in self.player_labels.items():
            marker = "▶ " if not game.is_over and game.to_move == colour else "   "
            text = f"{marker}{game.colour_name(colour)}: {self.player_name(colour)}"
            label.setText(f"<b>{text}</b>" if marker.strip() else text)
        self.turn_label.setText(self.turn_text())
        self.refusal.setText(self.message)
        pie = game.options.pie_value
        self.swap_button.setVisible(pie)
        self.swap_button.setEnabled(game.can_swap)
        self.act_swap.setEnabled(game.can_swap)
        self.result_box.setVisible(game.winner is not None)
        if game.winner is not None:
            self.result_label.setText(
                f"{game.colour_name(game.winner)} wins! ({self.player_name(game.winner)})"
            )
        self._fill_moves()
        self.study.refresh()
        moves = len(self.tree.path)
        later = len(self.tree.line_through_current()) - moves
        for key, enabled in (
            ("first", moves > 0),
            ("back", moves > 0),
            ("forward", later > 0),
            ("last", later > 0),
        ):
            self.nav_buttons[key].setEnabled(enabled)
        self.act_undo.setEnabled(moves > 0)
        self.act_redo.setEnabled(later > 0)
        name = self.path.name if self.path else "unsaved game"
        self.setWindowTitle(f"{'*' if self.dirty else ''}{name} — {game.variant.title} — ygui")

    def legend_text(self) -> str:
        """What the board's colours mean, where they carry a rule."""
        t = self.theme
        swatch = "<span style='color:{}'>&#9632;</span> {}".format
        game = self.game.options.game
        if game == "starboard-y":
            return (
                swatch(t.long_side, "long sides")
                + "&nbsp;&nbsp; "
                + swatch(t.short_side, "short sides")
            )
        if game == "eccentric-y":
            return (
                swatch(t.green_side, "green sides")
                + "&nbsp;&nbsp; "
                + swatch(t.black_side, "black sides")
            )
        if game == "poly-y":
            return "Triangles mark the corners, coloured as they are captured."
        if game == "hexagonal-y":
            return "An edge stone brings its opposite: hover to see both."
        return ""

    def turn_text(self) -> str:
        game = self.game
        if game.winner is not None:
            group = game.winning_groups()
            sides = sorted({s for g in group for s in game.sides_touched(g)})
            how = f" Winning group touches: {', '.join(sides)}." if sides else ""
            return f"{game.colour_name(game.winner)} has won.{how}"
        text = f"{game.colour_name(game.to_move)} to play ({self.player_name(game.to_move)})."
        if game.stones_in_turn() > 1:
            text += (
                f" Turn {game.turn}: {game.stones_left_in_turn} of "
                f"{game.stones_in_turn()} stones still to place."
            )
        if game.can_swap:
            text += " You may swap instead of placing a stone."
        if game.options.game == "poly-y":
            held = [len(game.corners_held(c)) for c in (BLACK, WHITE)]
            text += (
                f" Corners: {game.colour_name(BLACK)} {held[0]}, "
                f"{game.colour_name(WHITE)} {held[1]}."
            )
        total = len(self.tree.line_through_current())
        if total > len(self.tree.path):
            text += f" (Viewing move {len(self.tree.path)} of {total}.)"
        return text

    def _fill_moves(self) -> None:
        """The line through the current node; later moves grey, branch points marked."""
        self.moves_list.clear()
        start = QListWidgetItem("Start")
        start.setData(Qt.ItemDataRole.UserRole, 0)
        self.moves_list.addItem(start)
        replay = self.tree.record.new_game()
        parent = self.tree.root
        for i, node in enumerate(self.tree.line_through_current(), start=1):
            move = node.move
            assert move is not None
            colour = replay.colour_name(replay.to_move)
            text = replay.move_text(move)
            if move.cell is not None and len(replay.placement_cells(move.cell)) == 2:
                text += f" + {replay.geometry.labels[replay.placement_cells(move.cell)[1]]}"
            replay.play(move)
            if len(parent.children) > 1:
                text += f"   [{parent.children.index(node) + 1}/{len(parent.children)}]"
            if node.comment:
                text += "  ✎"
            item = QListWidgetItem(f"{i}. {colour} {text}")
            item.setData(Qt.ItemDataRole.UserRole, i)
            if i > len(self.tree.path):
                item.setForeground(Qt.GlobalColor.gray)
            self.moves_list.addItem(item)
            parent = node
        current = self.moves_list.item(len(self.tree.path))
        self.moves_list.setCurrentItem(current)
        self.moves_list.scrollToItem(current)

    # ----- view options -----------------------------------------------------------------
    def set_show_labels(self, show: bool) -> None:
        self.scene.set_show_labels(show)
        self.settings.set("show_labels", bool(show))

    def set_dark(self, dark: bool) -> None:
        self.theme = THEMES["dark" if dark else "light"]
        self.settings.set("theme", self.theme.name)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_palette(app, self.theme)
        self.refusal.setStyleSheet(f"color: {self.theme.refused};")
        self.scene.set_theme(self.theme)

    def show_rules(self, topic: str | None = None) -> None:
        RulesDialog(topic or self.game.options.game, self).exec()

    def show_shortcuts(self) -> None:
        QMessageBox.information(self, "Keyboard shortcuts", shortcuts_text(self.actions()))

    def show_about(self) -> None:
        QMessageBox.about(self, "About ygui", AboutText.format(version=__version__))

    # ----- files ------------------------------------------------------------------------
    def record(self) -> GameRecord:
        """The tree's record, with the players and the main line's result brought up to date."""
        record = self.tree.record
        record.black, record.white = self.names[BLACK], self.names[WHITE]
        final = record.to_game()
        record.result = {BLACK: "B+", WHITE: "W+"}.get(final.winner or 0, "")
        record.date = record.date or date.today().isoformat()
        return record

    def save(self) -> bool:
        if self.path is None:
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> bool:
        path = self.choose_save_path()
        return self.save_to(path) if path is not None else False

    def save_to(self, path: Path) -> bool:
        try:
            save_record(path, self.record())
        except OSError as exc:
            self.inform("Could not save", f"{path} could not be written: {exc}")
            return False
        self.path = path
        self.dirty = False
        self.settings.add_recent(str(path))
        self.remove_autosave()
        self.update_all()
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def open_dialog(self) -> None:
        if not self.maybe_keep_changes():
            return
        path = self.choose_open_path()
        if path is not None:
            self.open_path(path)

    def open_path(self, path: Path) -> bool:
        """Load a record; a damaged one gives a message and changes nothing."""
        try:
            record = load_record(path)
        except RecordError as exc:
            self.inform("Could not open the game", f"{path}:\n{exc}")
            return False
        tree = GameTree(record)
        tree.to_end()
        self.set_tree(tree, (record.black, record.white), path)
        self.dirty = False
        self.settings.add_recent(str(path))
        self.update_all()
        return True

    def open_board_dialog(self) -> None:
        if not self.maybe_keep_changes():
            return
        name, _ = QFileDialog.getOpenFileName(
            self, "A board of your own", "", "Board files (*.json);;All files (*)"
        )
        if name:
            self.open_board(Path(name))

    def open_board(self, path: Path) -> bool:
        """Play Y (three sides) or Poly-Y (more) on a board file; a bad file is explained."""
        try:
            geometry = BoardGeometry.from_json(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            self.inform("Could not read the board", f"{path}: {exc}")
            return False
        except BoardError as exc:
            self.inform("Not a usable board", f"{path}:\n{exc}")
            return False
        game = "y" if len(geometry.sides) == 3 else "poly-y"
        if game == "poly-y" and len(geometry.sides) % 2 == 0:
            self.inform(
                "Not a usable board",
                f"{path}: a board of one's own needs three sides "
                f"(Y) or an odd number of sides (Poly-Y), not {len(geometry.sides)}",
            )
            return False
        options = GameOptions(game=game, pie=True).validated()
        self.set_game(Game(options, geometry), (self.seats[0].name, self.seats[1].name), None)
        self.dirty = False
        self.statusBar().showMessage(f"Playing {options.variant.title} on {path.name}", 5000)
        return True

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.settings.get("recent_files")
        if not recent:
            self.recent_menu.addAction("(none)").setEnabled(False)
        for name in recent:
            action = self.recent_menu.addAction(name)
            action.triggered.connect(lambda _=False, n=name: self._open_recent(Path(n)))

    def _open_recent(self, path: Path) -> None:
        if self.maybe_keep_changes():
            self.open_path(path)

    def export_image(self, suffix: str) -> None:
        path = self.choose_save_path(suffix)
        if path is None:
            return
        self.scene.clear_ghost()
        try:
            render_scene(self.scene, path)
        except (RenderError, OSError) as exc:
            self.inform("Could not export", str(exc))
            return
        self.statusBar().showMessage(f"Wrote {path}", 4000)

    def maybe_keep_changes(self) -> bool:
        """Ask about unsaved changes. True means: go ahead (saved or discarded)."""
        if not self.dirty or not (self.tree.root.children or self.tree.root.comment):
            return True
        answer = self.ask_save_discard_cancel("Save the current game first?")
        if answer == "save":
            return self.save()
        return answer == "discard"

    # ----- autosave ---------------------------------------------------------------------
    def autosave(self) -> None:
        path = autosave_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            record = replace(self.record())
            record.root = replace(
                record.root, extra={**record.root.extra, "YF": [str(self.path or "")]}
            )
            atomic_write_text(path, write_record(record))
        except OSError as exc:
            self.statusBar().showMessage(f"Autosave failed: {exc}", 5000)

    def remove_autosave(self) -> None:
        autosave_path().unlink(missing_ok=True)

    def offer_recovery(self) -> bool:
        """After a crash: offer the autosaved game back. True if it was restored."""
        path = autosave_path()
        if not path.exists():
            return False
        try:
            record = load_record(path)
            tree = GameTree(record)
            tree.to_end()
            game = tree.game
        except RecordError:
            path.rename(path.with_suffix(".damaged"))
            return False
        if not self.ask_yes_no(
            "Recover game?",
            "ygui did not close normally. Recover the game "
            f"that was in progress ({game.options.describe()}, "
            f"{len(game.moves)} moves)?",
        ):
            self.remove_autosave()
            return False
        original = (record.root.extra.pop("YF", None) or [""])[0]
        self.set_tree(tree, (record.black, record.white), Path(original) if original else None)
        self.dirty = True
        self.update_all()
        return True

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if not self.maybe_keep_changes():
            event.ignore()
            return
        self.remove_autosave()
        self.computer.shutdown()
        event.accept()


def schedule_recovery(window: MainWindow) -> None:
    QTimer.singleShot(0, window.offer_recovery)
