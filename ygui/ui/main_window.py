"""MainWindow: the board in the middle, the game panel and the study panels as docks around
it, the menus, files and autosave. It shows a Session: every change of the session reaches
``on_session_changed``, which draws the board and the panels from the current position."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QByteArray, QEvent, QMimeData, QObject, QPoint, QSize, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QKeyEvent,
    QKeySequence,
    QPixmap,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QDockWidget,
    QFileDialog,
    QFrame,
    QInputDialog,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QScrollArea,
    QTabBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ygui import __version__
from ygui.autosave import (
    KEEP_DAYS,
    AutosaveSlot,
    discard,
    is_aside,
    keep_copy,
    orphans,
    purge_declined,
    read_orphan,
    running_windows,
    safe_stem,
    set_aside,
)
from ygui.core.clock import TimeControl, clock_text
from ygui.core.drawing import Orientation
from ygui.core.game import BLACK, SWAP, WHITE, Game, IllegalMove, Move
from ygui.core.geometry import BoardError, BoardGeometry
from ygui.core.limits import MAX_COMMENT_CHARS
from ygui.core.markup import LABEL, SQUARE, TRIANGLE, marks_of
from ygui.core.record import (
    GameRecord,
    LeftOut,
    RecordError,
    RecordNode,
    nodes_of,
    read_record,
    salvage_bad_moves,
    salvage_cut_short,
)
from ygui.core.result import CONNECTION, FORFEIT, RESIGNATION, TIME, parse_result
from ygui.core.study import entry_example, parse_moves, parse_position, position_text, setup_words
from ygui.core.tree import path_to, tree_from_game
from ygui.core.variants import GameOptions, OptionsError, options_for_board
from ygui.core.wording import autosave_failed, capitalised, counted, shown_path, title
from ygui.engines import EngineSpec
from ygui.session import (
    COMPUTER_NAME,
    TAKE_BACK_SECONDS,
    Change,
    GameInfo,
    Seat,
    Session,
    against_computer,
    original_file,
    seat_name,
    viewed_game,
)
from ygui.settings import PACES, Settings
from ygui.ui.board_scene import BoardScene
from ygui.ui.board_view import BoardView
from ygui.ui.computer import ComputerPlay
from ygui.ui.engines_dialog import EnginesDialog
from ygui.ui.entry_panel import EntryPanel
from ygui.ui.figure_dialog import FigureDialog
from ygui.ui.form import Squeezed, kind_of, place_beside, resize_within_screen
from ygui.ui.game_info_dialog import GameInfoDialog
from ygui.ui.game_panel import GamePanel
from ygui.ui.help import AboutText, RulesDialog, ShortcutsDialog, shortcuts_text
from ygui.ui.match_dialog import MatchDialog
from ygui.ui.menus import Entry, build_menus
from ygui.ui.new_game_dialog import NewGameDialog
from ygui.ui.players_dialog import PlayersDialog
from ygui.ui.position_editor import PositionEditor
from ygui.ui.render import RenderError, render_scene, scene_image
from ygui.ui.review_panel import ReviewPanel
from ygui.ui.solver_panel import SolverPanel
from ygui.ui.theme import THEMES, apply_palette, resource_icon
from ygui.ui.tree_panel import CommentDialog, TreePanel

RECORD_FILTER = "ygui games (*.ysgf *.sgf);;All files (*)"
POSITION_MIME = "application/x-ygui-position"  # the board a copied position stands on
DOCK_WIDTH = 340  # (five study panels tabbed under it show their whole names)
PANELS_SHARE = 0.4  # of a narrow window's width, at most, for the panels' column
LAYOUT = 1  # the version of the saved panel layout (QMainWindow.saveState)
STAGGER = 32  # pixels between the places of windows open at once
REFUSAL_MS = 10_000  # how long the game panel says why a click did nothing


D = TypeVar("D", bound=QDockWidget)


class LettersNeedAlt(QMessageBox):
    """A question whose buttons answer to Alt and their letter, not to the letter alone: a
    player typing a file's name over "Save first?", taken for the file dialog, saved the game
    at its "s" (and a "d" would have discarded it; a "y" resigned: tester 68)."""

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if (
            event.modifiers()
            in (
                Qt.KeyboardModifier.NoModifier,
                Qt.KeyboardModifier.ShiftModifier,
            )
            and event.text().isalnum()
        ):
            event.accept()  # (swallowed: no button, and nothing else, takes it)
            return
        super().keyPressEvent(event)


# the questions whose Yes ends or removes something: No is their default
NO_BY_DEFAULT = ("Resign?", "Delete moves?", "Stop the match?")


class MainWindow(QMainWindow):
    # actions of the menu table that the window itself reaches (build_menus sets them all)
    act_close_window: QAction
    act_board: QAction
    act_back: QAction
    act_forward: QAction
    act_analyse: QAction
    act_heat: QAction
    act_preview: QAction
    act_labels: QAction
    act_dark: QAction
    act_mirror: QAction
    act_solve: QAction
    act_swap: QAction
    act_undo: QAction
    act_cancel_edit: QAction
    act_hint: QAction
    act_computer: QAction
    act_redo: QAction
    act_promote: QAction
    act_delete: QAction
    act_resign: QAction
    act_resigns: QAction
    act_take_back: QAction
    act_info: QAction
    act_pause: QAction
    act_stop_asking: QAction
    act_candidates: QAction
    act_numbers: QAction
    act_mark_triangle: QAction
    act_mark_square: QAction
    act_mark_label: QAction
    act_pause_computers: QAction
    act_engines: QAction

    def __init__(self, settings: Settings | None = None, warm_up_engine: bool = True) -> None:
        super().__init__()
        self.mark_kind: str | None = None  # clicks mark cells instead of playing
        self._marked_tree: object = None  # the game whose cells clicks mark
        self.settings = settings or Settings()
        self.theme = THEMES.get(self.settings.get("theme"), THEMES["light"])
        self.session = Session()
        self.autosave = AutosaveSlot()
        # the windows already open (of this ygui or another), whose count places this one a
        # step down and right of them, and names its unsaved game apart: two windows of
        # unsaved games of one kind had one title (tester 86)
        self._others_open = running_windows(self.autosave.folder) - (self.autosave.problem == "")
        self._unsaved = (
            f"unsaved game {self._others_open + 1}" if self._others_open else "unsaved game"
        )
        self._autosave_failed = False
        self.session.autosave_file = self.autosave.path
        self._others: list[MainWindow] = []
        self.message = ""
        # the refusal said is that the computer is thinking: it holds through the computer's
        # own stones of a turn of several (each one cleared it at once: tester 21 saw nothing)
        self._refused_thinking = False
        self._refusal_count = 0  # refusals said so far (menus.build_menus)
        self._position_words = ""  # said of the position shown, gone when it changes
        self.setWindowIcon(resource_icon())
        self.scene = BoardScene(
            self.session.game, self.theme, bool(self.settings.get("show_labels"))
        )
        self.view = BoardView(self.scene)
        self.view.cellClicked.connect(self.on_cell_clicked)
        self.view.cellHovered.connect(self.on_cell_hovered)
        self.view.cursorShown.connect(self._cursor_shown)
        self.view.missedPoint.connect(
            lambda: self.show_status("Between the points: click on a point to play there.", 4000)
        )
        self.setCentralWidget(self.view)
        self.engine_progress = QProgressBar()
        self.engine_progress.setRange(0, 0)  # busy
        self.engine_progress.setMaximumWidth(160)
        policy = self.engine_progress.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.engine_progress.setSizePolicy(policy)
        self.engine_progress.setVisible(False)
        self.statusBar().addPermanentWidget(self.engine_progress)
        # the board turned or mirrored, said for as long as it is (a view turned once stays
        # for that game's later boards and records: tester 21 took a reopened game's moved
        # stones for a different game, with nothing on screen to say why); a click undoes it
        self.turned_button = QToolButton()
        self.turned_button.setAutoRaise(True)
        self.turned_button.setToolTip(
            "The picture of the board is turned or mirrored (View ▸ Rotate, Mirror); the "
            "game is the same. Click to show the board as it starts (Ctrl+Shift+R)."
        )
        self.turned_button.clicked.connect(self.plain_board)
        self.turned_button.setVisible(False)
        self.statusBar().addPermanentWidget(self.turned_button)
        # a message longer than the bar, whole in its tooltip (it ended mid-word, with no way
        # to read the rest: tester 66)
        # (through a function of ours: a widget's own slot, connected so, had PySide warn on
        # the terminal that it could not add it)
        bar = self.statusBar()
        bar.messageChanged.connect(lambda text: bar.setToolTip(text))
        # the name of the cell under the mouse (with the labels off, no cell's name could be
        # read anywhere: tester 24), in the board's corner
        self.cell_name = self.view.hover_label
        self.computer = ComputerPlay(
            self.session, self.scene, self, self, warm_up_engine, self.engine_specs
        )
        self.match_dialog: MatchDialog | None = None
        self._build_docks()
        self._build_menus()
        self.session.subscribe(self.on_session_changed)
        self.session.subscribe(self.computer.on_session_changed)
        self.session.subscribe(self.solver_panel.on_session_changed)  # (after the board's)
        self._dialog_hold: ExitStack | None = None  # a dialog open holds the clocks
        self._quitting = False  # closed by Quit (its question says so)
        self._discard_note = ""  # where the game last discarded is kept, to say once more
        self.clock_timer = QTimer(self)
        self.clock_timer.setInterval(100)
        self.clock_timer.timeout.connect(self._tick)
        self.clock_timer.start()
        # within a small screen's room (it opened at 1100 by 760 on a 1024 by 600 screen, its
        # status bar and the panels' buttons below it: tester 23)
        # and larger on a larger screen (1100 by 760 on 1920 by 1080 left the panels cramped:
        # a candidates table of four rows beside the move list's five, tester 60)
        screen = self.screen() or QApplication.primaryScreen()
        room = screen.availableGeometry() if screen is not None else None
        width = min(1700, max(1100, int(0.75 * room.width()))) if room else 1100
        height = min(1150, max(760, int(0.85 * room.height()))) if room else 760
        resize_within_screen(self, width, height, 0.98, 0.92)
        self.restore_layout()
        # an unsaved game's autosave follows the position viewed a moment after the last step
        # (it was written only when the game changed: a tester's recovered game came back at
        # the last move played, not at the one being looked at)
        self._viewed_timer = QTimer(self)
        self._viewed_timer.setSingleShot(True)
        self._viewed_timer.setInterval(1000)
        self._viewed_timer.timeout.connect(self._autosave_viewed)
        # a refusal says why the last click did nothing; it goes after a while, so that it
        # is not read later as said of something else (a dialog opened and cancelled)
        self._refusal_timer = QTimer(self)
        self._refusal_timer.setSingleShot(True)
        self._refusal_timer.setInterval(REFUSAL_MS)
        self._refusal_timer.timeout.connect(self._forget_refusal)
        # the panels as they are a second after each change are what the next start opens
        # with, after a crash too (they were kept only when the window closed: a tester's
        # recovered game came back without the panels it had)
        self._layout_timer = QTimer(self)
        self._layout_timer.setSingleShot(True)
        self._layout_timer.setInterval(1000)
        self._layout_timer.timeout.connect(self._keep_layout)
        for dock in self.findChildren(QDockWidget):
            dock.visibilityChanged.connect(lambda _shown: self._layout_timer.start())
            dock.dockLocationChanged.connect(lambda _area: self._layout_timer.start())
            dock.topLevelChanged.connect(lambda _floating: self._layout_timer.start())
        self.start_remembered_game()
        problems = [p for p in (self.settings.problem, self.autosave.problem) if p]
        # (the settings' once: the windows share them, and every new window said it again,
        # of a file long since mended, tester 39)
        self.settings.problem = ""
        if problems:  # said once the window is up, in a message that stays until read
            text = "\n\n".join(capitalised(p) + "." for p in problems)
            QTimer.singleShot(0, lambda: self.inform("Settings and autosave", text))

    # ----- building ---------------------------------------------------------------------
    def _dock(self, dock: D) -> D:
        dock.setMinimumWidth(240)
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        # closed by its ×: said how to bring it back (only its key said so: tester 25)
        self._close_watches.append(
            LayoutWatch(dock, partial(self._say_panel_hidden, dock), QEvent.Type.Close)
        )
        dock.visibilityChanged.connect(partial(self._panel_shown, dock))
        return dock

    def _panel_shown(self, dock: QDockWidget, visible: bool) -> None:
        # (the word that it was hidden stayed after it came back: tester 26; a panel hidden
        # asks nothing of the window, which may be going: its docks are hidden as it is
        # deleted)
        if not visible:
            return
        if (
            self.statusBar()
            .currentMessage()
            .startswith(f"The {dock.windowTitle()} panel is hidden")
        ):
            self.statusBar().clearMessage()

    def _say_panel_hidden(self, dock: QDockWidget) -> None:
        if dock.isVisible() or not self.isVisible():
            return
        action = self.panel_actions.get(dock.windowTitle())
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText) if action else ""
        again = f" ({keys} or View ▸ Panels shows it again)" if keys else ""
        self.show_status(f"The {dock.windowTitle()} panel is hidden{again}.", 8000)

    def _build_docks(self) -> None:
        """The game panel on the right, the study panels tabbed below it, hidden at first."""
        self._close_watches: list[LayoutWatch] = []
        self.game_panel = GamePanel(
            self.session, self.computer.thinking, self.swap, self.new_game, self.step
        )
        self.game_dock = self._dock(QDockWidget("Game"))
        self.game_dock.setObjectName("game")
        self.game_dock.setWidget(self.game_panel)
        self.tree_panel = self._dock(TreePanel(self.session, self.view.setFocus))
        self.tree_panel.graph.delete_node = self.delete_moves
        self.tree_panel.graph.promote_node = self.promote_line
        self.entry_panel = EntryPanel(
            self.session,
            self.maybe_keep_changes,
            lambda *typed: self.editor.set_typed(*typed),
            self.view.setFocus,
            lambda text: self.show_status(text, 10000),
            self.play_moves,
        )
        self.editor = PositionEditor(
            self.session,
            # (the bare "Save the current game first?" did not say what editing does to the
            # moves: tester 19)
            lambda: self.maybe_keep_changes(
                "Edit position: at the first change the position becomes a game of its own, "
                "and this game stays behind (Undo or Cancel brings it back while you edit; "
                "Done asks first, and can keep its moves that fit the position set up). "
                "Discard: edit without saving it."
            ),
            self.change_players,
            lambda text: self.show_status(text, 10000),
            lambda text: self.ask_yes_no("Set up a position", text),
            lambda text: self._keep_changes(text, named=True),  # (its text names the game)
            lambda text, choices: self.ask_choice("Set up a position", text, choices),
            lambda text: self._say_of_position(text, 10000),
        )
        self.setup_dock = self._dock(QDockWidget("Set up"))
        self.setup_dock.setObjectName("setup")
        body = QWidget()
        column = QVBoxLayout(body)
        column.addWidget(self.entry_panel)
        column.addWidget(self.editor)
        column.addStretch(1)
        self.setup_dock.setWidget(body)
        self.review_panel = self._dock(ReviewPanel(self.session, lambda: self.computer.ready))
        self.review_panel.mistakeShown.connect(self.scene.set_mistake)
        # the analysis said in the set-up panel too: they share a tab, and the analysis that
        # follows a position as it is set up was out of sight while setting it up
        for said in (self.computer.win_label.said, self.computer.line_label.said):
            said.connect(self._show_outlook)
        self.computer.analyse_box.toggled.connect(self._show_outlook)
        self._show_outlook()
        self.review_panel.told.connect(lambda text: self.show_status(text, 15000))
        # (the effort chosen is kept: it was back at 10,000 after a restart, a tester's)
        self.review_panel.budget.setValue(self.settings.get("review_playouts"))
        self.review_panel.budget.valueChanged.connect(
            lambda value: self.remember("review_playouts", value)
        )
        analysis = self._dock(self.computer.dock)
        self.solver_panel = self._dock(
            SolverPanel(self.session, self.scene, lambda text: self.show_status(text, 5000))
        )
        self.computer.proved = self.solver_panel.verdict
        self.computer.solved = self.solver_panel.map_of
        self.computer.engine_gave_up = self._engine_gave_up
        self.solver_panel.settled = self.computer.solver_settled
        study = [self.tree_panel, self.setup_dock, self.review_panel, analysis, self.solver_panel]
        for dock in study[1:]:
            self.tabifyDockWidget(self.tree_panel, dock)
        for dock in study:
            dock.hide()
        for dock in (self.game_dock, *study):
            scrolling(dock, squeeze=dock is analysis)
        # scrolled under a still pointer, the candidates' table has no row under it any more:
        # the line it previewed gives way to the best line (it stayed until the pointer moved)
        table = self.computer.candidates_table
        panel = analysis.widget()
        assert isinstance(panel, QScrollArea)
        panel.verticalScrollBar().valueChanged.connect(
            lambda _value: table.hovered.emit(-1) if table.hovered_row >= 0 else None
        )
        self.resizeDocks([self.game_dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)
        # the tree shows what the move list shows, and more: one of them at a time (the tree on
        # the screen, not open behind another panel's tab: then the moves are back)
        self._tree_on_screen = False
        self._panels_width: int | None = None  # the panels' width before a narrow window
        self._shares = 0  # how many times the panels' room was shared (see correct())
        self._share_timer = QTimer(self)
        self._share_timer.setSingleShot(True)
        self._share_timer.setInterval(150)
        self._share_timer.timeout.connect(lambda: self._share_with_study(content=True))
        # the panels' heights as last shared, with the window's height then: a share asked for
        # by a panel's contents leaves a split the user dragged alone (the Set up panel, pulled
        # taller, sprang back at the first stone: tester 73)
        self._split: tuple[int, int, int] | None = None
        self.tree_panel.visibilityChanged.connect(self._tree_shown)
        # the game panel asks for more room or less as its lines and buttons come and go (the
        # result and its New game button at the end, the swap's offer in a new game): shared
        # again, else they were drawn under a study panel, out of sight (a tester's finding)
        self._wanted: dict[str, int] = {}  # each panel's wanted height, when last seen
        self._height_watch = LayoutWatch(self.game_panel, self._game_panel_changed)
        game_area = self.game_dock.widget()
        assert isinstance(game_area, QScrollArea)
        self._room_watch = LayoutWatch(game_area.viewport(), self._fit_moves, QEvent.Type.Resize)
        self.below_game = study[1:]  # the panels that go under the game panel (not the tree)
        for dock in self.below_game:
            dock.visibilityChanged.connect(self._study_shown)
        # and so does a study panel whose contents grow or shrink (Set up as a position is
        # edited: its side to move was out of sight under a game panel of empty move rows);
        # not the analysis, whose lines change as it searches
        self._study_watches = [
            LayoutWatch(contents, partial(self._study_changed, dock))
            for dock in self.below_game
            if dock is not analysis
            and isinstance(area := dock.widget(), QScrollArea)
            and (contents := area.widget()) is not None
        ]
        # the analysis shares again only where it has grown past its room (its figures' two
        # lines and eight rows of candidates came after it was shared, and it scrolled by a
        # few pixels beside a game panel with room to spare); not as it shrinks, which would
        # move the table under the pointer as the search goes on
        self._analysis_asked = 0  # the height it last asked for and was shared for
        analysis_area = analysis.widget()
        if isinstance(analysis_area, QScrollArea) and (analysis_body := analysis_area.widget()):
            self._study_watches.append(
                LayoutWatch(analysis_body, partial(self._analysis_grew, analysis))
            )

    def restore_layout(self) -> None:
        """The window's size and place and its panels as they were when it last closed. A
        value Qt does not take (an edited settings file) leaves the default layout."""
        saved = self.settings.get("window")
        geometry, state = saved.get("geometry"), saved.get("state")
        if isinstance(geometry, str) and len(geometry) < 10_000:
            self.restoreGeometry(QByteArray.fromBase64(geometry.encode("ascii", "ignore")))
        if isinstance(state, str) and len(state) < 100_000:
            self.restoreState(QByteArray.fromBase64(state.encode("ascii", "ignore")), LAYOUT)
        # another window already open (a second ygui, a second recovered game) has the same
        # place: this one opens a step down and right of it (they lay exactly on top of each
        # other, a tester's finding)
        others = self._others_open
        if others > 0:
            self.move(self.pos() + QPoint(STAGGER, STAGGER) * min(others, 8))
        # and wholly on the screen (each start a step further, its bottom, the status bar and
        # the move buttons, went below the screen's: tester 68): smaller where it reaches past
        # the screen's right or bottom, moved only where it cannot be as small as that
        screen = self.screen()
        if screen is not None:
            room, frame = screen.availableGeometry(), self.frameGeometry()
            over_x = max(0, frame.right() - room.right())
            over_y = max(0, frame.bottom() - room.bottom())
            if over_x or over_y:
                least = self.minimumSizeHint()
                self.resize(
                    max(least.width(), self.width() - over_x),
                    max(least.height(), self.height() - over_y),
                )
                frame = self.frameGeometry()
            x = max(room.left(), min(frame.left(), room.right() + 1 - frame.width()))
            y = max(room.top(), min(frame.top(), room.bottom() + 1 - frame.height()))
            if (x, y) != (frame.left(), frame.top()):
                self.move(self.pos() + QPoint(x - frame.left(), y - frame.top()))

    def save_layout(self) -> None:
        self.remember(
            "window",
            {
                "geometry": bytes(self.saveGeometry().toBase64().data()).decode("ascii"),
                "state": bytes(self.saveState(LAYOUT).toBase64().data()).decode("ascii"),
            },
        )

    def _keep_layout(self) -> None:
        if self.isVisible():  # (a closing window has kept its layout already)
            self.save_layout()

    def _tree_shown(self, shown: bool) -> None:
        """The tree shows what the move list shows, and more: one of them at a time, and the
        game panel no taller than it needs to be while the tree is there; when the tree goes
        (or another panel's tab covers it) the moves come back with their room."""
        self._tree_on_screen = shown
        self.game_panel.show_moves(not shown)
        area = self.game_dock.widget()
        if area is not None:
            area.updateGeometry()  # (its least height follows the panel's, now with or without)
        if self.game_dock.isVisible() and not self.game_dock.isFloating():
            if shown:
                self._share_with_study()  # at once: the tree is drawn at its size from the start
            QTimer.singleShot(0, self, self._share_with_study)

    def _wants_new_height(self, dock: QDockWidget) -> bool:
        """Whether the panel's contents ask for another height than when last seen."""
        wanted = wanted_height(dock)
        if wanted == self._wanted.get(dock.objectName()):
            return False
        self._wanted[dock.objectName()] = wanted
        return True

    def _fit_moves(self) -> None:
        """The move list asks for fewer rows where the game panel has no room for them (see
        ``MoveList.fit``)."""
        area = self.game_dock.widget()
        if isinstance(area, QScrollArea) and self.game_panel.moves_list.isVisible():
            self.game_panel.moves_list.fit(area.viewport().height() - wanted_height(self.game_dock))

    def _game_panel_changed(self) -> None:
        self._fit_moves()
        dock = self.game_dock
        if self._wants_new_height(dock) and dock.isVisible() and not dock.isFloating():
            self._share_with_study(content=True)

    def _study_changed(self, dock: QDockWidget) -> None:
        if self._wants_new_height(dock) and dock.isVisible() and not dock.visibleRegion().isEmpty():
            self._share_timer.start()

    def _analysis_grew(self, dock: QDockWidget) -> None:
        area = dock.widget()
        if not isinstance(area, QScrollArea) or dock.visibleRegion().isEmpty():
            return
        wanted = wanted_height(dock)
        if wanted > area.height() and wanted != self._analysis_asked:
            self._analysis_asked = wanted
            self._share_timer.start()

    def _study_shown(self, visible: bool) -> None:
        """A study panel shown under the game panel shares the room with it (see
        ``_share_with_study``)."""
        if not visible or not self.game_dock.isVisible() or self.game_dock.isFloating():
            return
        QTimer.singleShot(0, self, self._share_with_study)

    def _share_with_study(self, content: bool = False) -> None:
        """The game panel and the study panel on the screen under it share their room: the
        study panel what it asks for (the analysis its candidates: they had one row while
        the move list stood half empty; the tree all it can have), the game panel the rest,
        and never less than it needs without scrolling (a few rows of moves, its navigation
        buttons in sight; without the moves while the tree stands in for them). ``content``:
        asked for by a panel's contents, which leave a split the user dragged as it is."""
        dock = self.game_dock
        area = self.dockWidgetArea(dock)
        below = [
            d
            for d in (self.tree_panel, *self.below_game)
            if d.isVisible() and not d.isFloating() and self.dockWidgetArea(d) == area
        ]
        if not below:
            return
        # tabbed panels share one place; the one whose tab is chosen is on the screen
        study = next((d for d in below if not d.visibleRegion().isEmpty()), below[0])
        now = (dock.widget().height(), study.widget().height(), self.height())
        split = self._split
        if content and split is not None and split[2] == now[2]:
            dragged = abs(split[0] - now[0]) > 3 and abs(split[1] - now[1]) > 3
            if dragged:
                return
        # (in the heights of the panels' contents, without their title bars; tabbed panels
        # have their tabs' bar in their place too)
        tabs = self._tab_bar_height() if self.tabifiedDockWidgets(study) else 0
        total = dock.widget().height() + study.widget().height() + tabs
        height = wanted_height(dock)
        if study is not self.tree_panel:
            # the study panel what it asks for where the game panel can do without it: down
            # to three rows of moves (at 1100 by 760 the analysis scrolled, its candidates cut,
            # beside eight rows of moves: tester 84)
            moves = self.game_panel.moves_list
            if moves.isVisible() and not moves.short:
                height -= moves.HEIGHT - moves.short_height()
            height = max(height, total - wanted_height(study) - tabs)
        if total - height <= 0 or height <= 0:
            return
        sizes = [height, total - height]
        self.resizeDocks([dock, study], sizes, Qt.Orientation.Vertical)
        self._shares += 1
        share = self._shares

        def correct() -> None:
            # Qt lands a few pixels off the sizes it is given: asked again, by what it missed
            # (unless another share came since: this one's sizes are no longer wanted)
            missed = dock.widget().height() - height
            latest = share == self._shares
            if latest and abs(missed) > 2 and study.isVisible() and dock.isVisible():
                asked = [sizes[0] - missed, sizes[1] + missed]
                if min(asked) > 0:  # (Qt warns of a size not above 0: a small window's)
                    self.resizeDocks([dock, study], asked, Qt.Orientation.Vertical)
            if latest:
                QTimer.singleShot(0, self, remember)

        def remember() -> None:
            if share == self._shares:
                heights = (dock.widget().height(), study.widget().height(), self.height())
                self._split = heights

        QTimer.singleShot(0, self, correct)

    def _tab_bar_height(self) -> int:
        """The height of the bar of tabs under tabbed panels (Qt's own; none found: 0)."""
        bars = [b for b in self.findChildren(QTabBar) if b.isVisible() and b.count() > 1]
        return max((b.height() for b in bars), default=0)

    def _menu_table(self) -> list[Entry]:
        std = QKeySequence.StandardKey
        c = self.computer
        s = self.session
        return [
            ("&Game", "new", "&New game…", self.new_game, (std.New,)),
            # (a second window came only with a second recovered game: tester 33)
            ("&Game", "new_window", "New &window", self.new_window, ("Ctrl+Shift+N",)),
            ("&Game", "again", "Play a&gain, sides changed", self.play_again, ()),
            ("&Game", "open", "&Open…", self.open_dialog, (std.Open,)),
            ("&Game", "board", "Play on a &board file…", self.open_board_dialog, ()),
            ("&Game", "info", "Game &information…", self.edit_game_info, ("Ctrl+I",)),
            ("&Game", None),
            ("&Game", "save", "&Save", self.save, (std.Save,)),
            ("&Game", "save_as", "Save &as…", self.save_as, (std.SaveAs,)),
            ("&Game", None),
            ("&Game", "figure", "Export &figure…", self.export_figure, ("Ctrl+P",)),
            # (a position could not be copied as text, only as a picture: tester 24)
            ("&Game", "copy", "&Copy the position as text", self.copy_position, (std.Copy,)),
            ("&Game", "copy_record", "Copy the game recor&d", self.copy_record, ("Ctrl+Shift+C",)),
            ("&Game", "paste", "&Paste a position or a game", self.paste, (std.Paste,)),
            ("&Game", None),
            # (one window of several could not be closed from its menus: tester 39)
            ("&Game", "close_window", "C&lose window", self.close, (std.Close, "Ctrl+W")),
            ("&Game", "quit", "&Quit", self.quit, (std.Quit,)),
            ("&Play", "undo", "&Undo", self.undo, (std.Undo,)),
            ("&Play", "redo", "&Redo", self.redo, (std.Redo, "Ctrl+Y", "Ctrl+Shift+Z")),
            ("&Play", "swap", "S&wap (pie rule)", self.swap, ("S",)),
            ("&Play", None),
            ("&Play", "hint", "&Hint", c.hint, ("H",)),
            (
                "&Play",
                "computer",
                "Let the &computer play this move",
                c.play_for_computer,
                ("Ctrl+G",),
            ),
            ("&Play", "move_now", "&Move now", c.move_now, ("Ctrl+Space",)),
            ("&Play", "players", "P&layers…", self.change_players, ()),
            ("&Play", "pause_computers?", "Pause the c&omputers", self.set_computers_paused, ()),
            (
                "&Play",
                "resigns?",
                "The computer resigns a lost game",
                self.set_computer_resigns,
                (),
            ),
            ("&Play", "engines", "&Engines…", self.manage_engines, ()),
            ("&Play", "match", "M&atch…", self.open_match, ()),
            ("&Play", None),
            ("&Play", "pause?", "Pause the cloc&ks", self.set_clocks_paused, ("Ctrl+Shift+P",)),
            ("&Play", "resign", "Resi&gn…", self.resign, ()),
            ("&Play", "take_back", "&Take back the resignation", self.take_back_result, ()),
            ("&Navigate", "first", "To the &start", s.to_start, ("Home",)),
            ("&Navigate", "back", "&Back", lambda: self.step(-1), ("Left",)),
            ("&Navigate", "forward", "&Forward", lambda: self.step(+1), ("Right",)),
            # the computer's moves too, one by one (tester 24: only the list could show them)
            (
                "&Navigate",
                "back_one",
                "Back one move",
                lambda: self.step(-1, True),
                ("Shift+Left",),
            ),
            (
                "&Navigate",
                "forward_one",
                "Forward one move",
                lambda: self.step(+1, True),
                ("Shift+Right",),
            ),
            ("&Navigate", "last", "To the en&d", s.to_end, ("End",)),
            ("&Navigate", "up", "&Previous variation", lambda: self.variation(-1), ("Up",)),
            ("&Navigate", "down", "&Next variation", lambda: self.variation(+1), ("Down",)),
            ("&Navigate", "next_branch", "Next branch po&int", lambda: s.branch_point(+1), ("]",)),
            (
                "&Navigate",
                "previous_branch",
                "Pre&vious branch point",
                lambda: s.branch_point(-1),
                ("[",),
            ),
            ("&Navigate", "next_comment", "Ne&xt comment", lambda: self.to_comment(+1), (".",)),
            (
                "&Navigate",
                "previous_comment",
                "Previous comment",
                lambda: self.to_comment(-1),
                (",",),
            ),
            ("&Study", "analyse?", "&Analyse this position", c.analyse_box.setChecked, ("A",)),
            ("&Study", "review", "Analyse the whole &game", self.review_game, ()),
            ("&Study", "solve", "&Solve this position", self.solver_panel.solve, ()),
            ("&Study", "mistake", "Next &mistake", self.next_mistake, ("N",)),
            ("&Study", "add_line", "Add the &best line to the game", c.add_line, ("L",)),
            ("&Study", "ask_engine", "As&k an engine for a move…", self.ask_engine, ()),
            ("&Study", "stop_asking", "Stop asking the engine", c.stop_asking, ()),
            ("&Study", None),
            ("&Study", "edit", "&Edit position", self.edit_position, ("Ctrl+E",)),
            ("&Study", "cancel_edit", "&Cancel the set-up", lambda: self.editor.cancel(), ()),
            ("&Study", None),
            ("&Study", "comment", "C&omment on this position…", self.comment_here, ("Ctrl+K",)),
            ("&Study", "mark_triangle?", "Mark cells with a &triangle", self._mark_triangle, ()),
            ("&Study", "mark_square?", "Mark cells with a s&quare", self._mark_square, ()),
            ("&Study", "mark_label?", "Mark cells with &letters", self._mark_label, ()),
            ("&Study", None),
            ("&Study", "promote", "&Promote variation to main line", self.promote_line, ()),
            (
                "&Study",
                "delete",
                "&Delete move and what follows",
                self.delete_moves,
                ("Ctrl+Del",),  # (none: tester 56; Ctrl+Z at once after puts them back)
            ),
            ("&View", "heat?", "Heat &map on the board", c.heat_box.setChecked, ("M",)),
            ("&View", "preview?", "Preview the best &line", c.preview_box.setChecked, ("P",)),
            (
                "&View",
                "candidates?",
                "Candidate mo&ves on the board",
                c.candidates_box.setChecked,
                ("K",),
            ),
            ("&View", "labels?", "Show &coordinates", self.set_show_labels, ("C",)),
            ("&View", "numbers?", "Move &numbers on the stones", self.set_numbers, ("Ctrl+M",)),
            ("&View", "number_here", "Number the moves &from here", self.number_from_here, ()),
            ("&View", "dark?", "&Dark theme", self.set_dark, ("Ctrl+Shift+D",)),
            ("&View", None),
            ("&View", "rotate", "&Rotate the board", lambda: self.rotate_board(1), ("R",)),
            (
                "&View",
                "rotate_back",
                "Rotate the board &back",
                lambda: self.rotate_board(-1),
                ("Shift+R",),
            ),
            ("&View", "mirror?", "M&irror the board", self.mirror_board, ("F",)),
            ("&View", "plain", "Board as it &starts", self.plain_board, ("Ctrl+Shift+R",)),
            ("&View", None),
            ("&Help", "rules", "&Rules of the games", self.show_rules, (std.HelpContents,)),
            ("&Help", "options_help", "Pie rule, handicaps and &turns", self.show_options, ()),
            ("&Help", "keys", "&Keyboard shortcuts", self.show_shortcuts, ()),
            ("&Help", "about", "&About ygui", self.show_about, ()),
        ]

    def _build_menus(self) -> None:
        # (a refusal goes once the player does something else: it stood in red beside the
        # hint they had asked for next, tester 50)
        menus = build_menus(
            self, self._menu_table(), self._forget_refusal, lambda: self._refusal_count
        )
        # (said in the menu itself, they made the Play menu 710 pixels wide: tester 27)
        against = "in a game against the computer still going on"
        for action, tip in (
            (self.act_back, f"Back one move; {against}, back to your last turn"),
            (self.act_forward, f"Forward one move; {against}, to your next turn"),
        ):
            action.setStatusTip(tip)
            action.setToolTip(tip)
        self.act_stop_asking.setEnabled(False)  # while an engine is asked for a move
        self.computer.attached.asking.connect(
            lambda name: self.act_stop_asking.setEnabled(bool(name))
        )
        self.recent_menu = menus["&Game"].addMenu("Open &recent")
        menus["&Game"].insertMenu(self.act_board, self.recent_menu)
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        c = self.computer
        for box, action in (
            (c.analyse_box, self.act_analyse),
            (c.heat_box, self.act_heat),
            (c.preview_box, self.act_preview),
            (c.candidates_box, self.act_candidates),
        ):
            box.toggled.connect(action.setChecked)
        # what the analysis shows on the board, as the user last chose (it was off again at
        # each start: tester 41)
        for box, key in (
            (c.heat_box, "heat_map"),
            (c.preview_box, "best_line"),
            (c.candidates_box, "candidates"),
        ):
            box.setChecked(bool(self.settings.get(key)))
            box.toggled.connect(lambda on, k=key: self.remember(k, bool(on)))
        self.act_labels.setChecked(bool(self.settings.get("show_labels")))
        self.act_resigns.setChecked(bool(self.settings.get("computer_resigns")))
        pace = menus["&Play"].addMenu("Pace of computer pla&y")
        menus["&Play"].insertMenu(self.act_engines, pace)
        pace.setToolTipsVisible(True)
        self.pace_actions: dict[int, QAction] = {}
        paces = QActionGroup(self)
        for seconds, text in zip(
            PACES,
            (
                "&As fast as they play",
                "At most a move a &second",
                "At most a move in &three seconds",
            ),
            strict=True,
        ):
            action = QAction(text, self)
            action.setCheckable(True)
            action.setToolTip(
                "In a game between computers (not a match's): the least time between their moves"
            )
            action.triggered.connect(lambda _on, t=seconds: self.set_pace(t))
            paces.addAction(action)
            pace.addAction(action)
            self.pace_actions[seconds] = action
        self.set_pace(int(self.settings.get("computer_pace")), remember=False)
        if self.settings.get("move_numbers"):
            self.act_numbers.setChecked(True)  # (numbers from the first move)
        self.act_dark.setChecked(self.theme.name == "dark")
        panels = menus["&View"].addMenu("&Panels")
        self.panel_actions: dict[str, QAction] = {}
        # (with their underlined letters, as every other menu's items: a tester's finding)
        for dock, key, text in (
            (self.game_dock, "Ctrl+1", "&Game"),
            (self.tree_panel, "Ctrl+T", "Game &tree"),
            (self.setup_dock, "Ctrl+2", "&Set up"),
            (self.review_panel, "Ctrl+3", "Game &review"),
            (c.dock, "Ctrl+4", "&Analysis"),
            (self.solver_panel, "Ctrl+5", "S&olver"),  # (it was missing: a tester's finding)
        ):
            toggle = QAction(text, self)
            toggle.setCheckable(True)
            toggle.setShortcut(QKeySequence(key))
            # (the list of keys said "Game" alone, and Ctrl+1 hid the game panel: tester 24)
            toggle.setStatusTip(f"Show or hide the {dock.windowTitle()} panel")
            toggle.triggered.connect(lambda _on, d=dock: self.panel_asked(d))
            dock.visibilityChanged.connect(lambda _v, d=dock, t=toggle: t.setChecked(d.isVisible()))
            self.addAction(toggle)
            panels.addAction(toggle)
            self.panel_actions[dock.windowTitle()] = toggle

    def delete_moves(self, node: RecordNode | None = None) -> None:
        """Delete a move (the current one by default) and all that follows it, after a
        question where that is more than the one move or holds a comment (a tester lost a
        variation of several moves at one click); Undo at once after puts them back."""
        session = self.session
        target = node or session.current
        if target is session.tree.root:
            return
        removed = list(nodes_of(target))
        comments = sum(1 for n in removed if n.comment)
        path = path_to(session.tree.root, target)
        number = len(path)
        played = session.game.move_text(target.move) if target.move else "a move"
        move = f"move {number}, {session.game.colour_name(target.colour)} {played}"
        if len(removed) > 1 or comments:
            what = counted(len(removed), "move")
            if comments:
                what += f" and {counted(comments, 'comment')}"
            with self.question():
                if not self.ask_yes_no(
                    "Delete moves?",
                    f"Delete {move}, and all that follows it ({what})? Undo (Ctrl+Z) at once "
                    "after puts them back.",
                ):
                    return
        # the computer waits where its move went (it played it again at once, and deleted
        # again, again: tester 67)
        self.computer.held_at = path[-2] if len(path) > 1 else session.tree.root
        session.delete(target)
        # (a delete said nothing, and a student's Ctrl+Z after it only stepped back: tester 56)
        if len(removed) > 1:
            after = counted(len(removed) - 1, "move")
            said = f"Deleted {move}, and {after} after it: Undo (Ctrl+Z) puts them back."
        else:
            said = f"Deleted {move}: Undo (Ctrl+Z) puts it back."
        if self.computer.computer_to_move() and session.current is self.computer.held_at:
            said += " The computer waits here: Ctrl+G asks it for a move."
        self.show_status(said, 10000)

    def promote_line(self, node: RecordNode | None = None) -> None:
        """Make the line through ``node`` (the current one by default) the main line, and say
        so (it changed without a word: tester 56)."""
        session = self.session
        target = node or session.current
        if not session.is_on_variation(target):
            return
        session.promote(target)
        self.show_status("This line is the main line now; the old main line is a variation.", 8000)

    def panel_asked(self, dock: QDockWidget) -> None:
        """A panel asked for from View → Panels or its key: on the screen, it closes; open
        behind another panel's tab, or closed, it comes to the front (Qt's own toggle closed
        a panel that was open behind a tab, or opened it behind the tab in front)."""
        typing = self.entry_panel.entry.hasFocus()
        if dock is self.setup_dock and dock.isVisible() and not typing:
            # shown, its box without the keys: they go to it (Ctrl+2, a keyboard player's way
            # to play, hid the panel and had to be pressed again: tester 65)
            dock.raise_()
            self.entry_panel.entry.setFocus()
        elif dock.isVisible() and not dock.visibleRegion().isEmpty():
            dock.hide()
            self._say_panel_hidden(dock)
        else:
            dock.show()
            dock.raise_()
            if dock is self.setup_dock:
                # the keys to its box (a tester's position typed at once went to the board's
                # one-letter shortcuts: "h" asked for a hint, tester 41); Esc gives them back
                self.entry_panel.entry.setFocus()

    # ----- modal questions (replaced in tests) -----------------------------------------
    @contextmanager
    def question(self) -> Iterator[list[bool]]:
        """While the user answers a question about the game in the window (save it first?
        which game next? resign?): the computers make no move and the clocks stand still;
        both go on afterwards (unless the caller sets the list it is given to [False], see
        ``Computer.held``, or the game was replaced)."""
        try:
            with self.computer.held() as resume, self.session.clocks_held():
                yield resume
        finally:
            # (the keys back to the window after its dialog: without a window manager the
            # one-letter shortcuts did nothing after New game until a click, tester 75)
            if self.isVisible():
                self._take_keys_back()

    def ask_yes_no(self, title: str, text: str) -> bool:
        # (No by default where Yes ends or removes something: Enter, pressed for the next
        # thing, resigned the game, tester 65)
        no, yes = QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes
        box = LettersNeedAlt(QMessageBox.Icon.Question, title, text, yes | no, self)
        box.setDefaultButton(no if title in NO_BY_DEFAULT else yes)
        return QMessageBox.StandardButton(self._modal(box)) == yes

    def ask_choice(self, title: str, text: str, choices: tuple[str, ...]) -> str:
        """One of ``choices`` (buttons, the first the default), or "" for Cancel."""
        box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=self)
        buttons = [box.addButton(c, QMessageBox.ButtonRole.AcceptRole) for c in choices]
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(buttons[0])
        self._modal(box)  # (the keys stayed with the box gone after Done's: tester 79)
        clicked = box.clickedButton()
        return next((c for c, b in zip(choices, buttons, strict=True) if b is clicked), "")

    def ask_recover(self, question: str, game: Game) -> bool:
        """Yes or no to an autosaved game, shown with a picture of its position."""
        # (its Yes and No take Alt+Y and Alt+N, as every other question's buttons do: a "n"
        # typed at the starting window declined the game)
        yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
        box = LettersNeedAlt(QMessageBox.Icon.Question, "Recover game?", question, yes | no, self)
        # (turned as the board will show it: the picture was drawn unturned, a tester's finding)
        scene = BoardScene(game, self.theme, orientation=self.remembered_orientation(game))
        box.setIconPixmap(QPixmap.fromImage(scene_image(scene, 240)))
        return QMessageBox.StandardButton(self._modal(box)) == yes

    def ask_save_discard_cancel(self, text: str) -> str:
        answer = self._modal(self.save_question_box(text))
        return {
            QMessageBox.StandardButton.Save: "save",
            QMessageBox.StandardButton.Discard: "discard",
        }.get(QMessageBox.StandardButton(answer), "cancel")

    def save_question_box(self, text: str) -> QMessageBox:
        """The question of ``ask_save_discard_cancel``: Save, Discard or Cancel."""
        buttons = (
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        box = LettersNeedAlt(QMessageBox.Icon.Question, "Unsaved game", text, buttons, self)
        # (keys for each: Alt+S, Alt+D; Esc cancels; a keyboard player had to Tab to a
        # button, tester 65)
        for button, words in (
            (QMessageBox.StandardButton.Save, "&Save"),
            (QMessageBox.StandardButton.Discard, "&Discard"),
        ):
            box.button(button).setText(words)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        if self.session.autosave_file is not None:
            # (said after Discard in the status bar, which a closing window took with it:
            # tester 84 was never told the game was kept)
            # (and where: "ygui's autosave folder" alone was no place to look, tester 85)
            folder = shown_path(self.autosave.folder / "declined")
            box.setInformativeText(
                f"Discard keeps a copy for {KEEP_DAYS} days in {folder} (Game → Open reads it)."
            )
        return box

    def inform(self, title: str, text: str) -> None:
        QMessageBox.warning(self, title, text)

    def _modal(self, dialog: QDialog) -> int:
        """Run a dialog of the window's; afterwards the keys are the window's again (without a
        window manager, Ctrl+N did nothing after Export figure until a click: tester 78)."""
        try:
            return dialog.exec()
        finally:
            if self.isVisible():
                self._take_keys_back()

    def _take_keys_back(self) -> None:
        """After a file dialog, the keys to this window again: where nothing else handed the
        focus back (a desktop without a window manager), Ctrl+N right after a save did
        nothing until a click in the window (tester 44)."""
        if not self.isActiveWindow():
            self.activateWindow()

    def choose_open_path(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(
            self, "Open a game", str(self.recent_folder()), RECORD_FILTER
        )
        self._take_keys_back()
        return Path(name) if name else None

    def choose_save_path(self, suffix: str = ".ysgf") -> Path | None:
        filters = {".ysgf": RECORD_FILTER, ".png": "PNG image (*.png)", ".svg": "SVG image (*.svg)"}
        name, _ = QFileDialog.getSaveFileName(
            self, "Save", self.suggested_path(suffix), filters[suffix]
        )
        self._take_keys_back()
        if not name:
            return None
        path = Path(name)
        return path if path.suffix else path.with_suffix(suffix)

    def recent_folder(self) -> Path:
        """Where the file dialogs open: the folder of the file opened or saved last (while it
        exists), else the home folder."""
        recent = self.settings.get("recent_files")
        folder = Path(recent[0]).parent if recent else Path.home()
        if self.in_autosave_folder(folder):  # (no game of one's own is kept there)
            return Path.home()
        return folder if folder.is_dir() else Path.home()

    def suggested_path(self, suffix: str) -> str:
        """Where Save offers to write: the game's own file, else a name made of the game, the
        date and the players, in the folder of the file opened or saved last."""
        path = self.session.path
        if suffix != ".ysgf" and path is not None:
            # (a figure of a game with a file is named after it: tester 34's figure of
            # "…-2.ysgf" was offered the first game's name)
            return str(_free_name(self.recent_folder() / f"{path.stem}{suffix}"))
        if suffix == ".ysgf" and path is not None and not self.in_autosave_folder(path):
            if not self.session.changed_on_disk():
                return str(path)
            # (another window wrote the file: its name again would replace its game, the
            # very thing No was for, tester 23)
            return str(_free_name(path))
        folder = self.recent_folder()
        # the colours' players as the record names them (after a swap, the seats' order
        # named them the other way round: tester 39)
        stem = record_stem(self.game.options.game, self.session.record())
        # (a second game of the day between the same players was offered the first one's
        # file: one Yes replaced it, tester 33)
        return str(_free_name(folder / f"{stem or 'game'}{suffix}"))

    def run_new_game_dialog(self) -> NewGameDialog | None:
        engines = self.player_engines()
        dialog = NewGameDialog(dict(self.settings.get("new_game")), self.theme, self, engines)
        return dialog if self._modal(dialog) else None

    # ----- other engines ------------------------------------------------------------------
    def engine_specs(self) -> dict[str, EngineSpec]:
        """The attached engines, by name, as the settings keep them."""
        specs = (EngineSpec.from_json(v) for v in self.settings.get("engines"))
        return {s.name: s for s in specs if s is not None}

    def player_engines(self) -> dict[str, str]:
        """The attached engines a seat may be given, each with why it failed as a player in
        this window ("" if it has not)."""
        failed = self.computer.failed_engines
        return {name: failed.get(name, "") for name in self.engine_specs()}

    def run_engines_dialog(self, dialog: EnginesDialog) -> bool:
        """Show the engines dialog (replaced in tests, which click in it)."""
        return bool(self._modal(dialog))

    def manage_engines(self) -> None:
        before = self.engine_specs()
        dialog = EnginesDialog(list(before.values()), self)
        if self.run_engines_dialog(dialog):
            self.remember("engines", [s.to_json() for s in dialog.specs])
            # an engine whose command was mended is offered as any other again
            now = self.engine_specs()
            for name in [n for n in self.computer.failed_engines if now.get(n) != before.get(n)]:
                del self.computer.failed_engines[name]

    def choose_engine(self, names: list[str]) -> str | None:
        """Which attached engine to ask (replaced in tests)."""
        if len(names) == 1:
            return names[0]
        name, ok = QInputDialog.getItem(self, "Ask an engine", "Engine", names, 0, False)
        return name if ok else None

    def ask_engine(self) -> None:
        """An attached engine's move in the position shown, marked as a hint."""
        names = list(self.engine_specs())
        if not names:
            self.inform("No engine attached", "Attach one first: Play ▸ Engines…")
            return
        name = self.choose_engine(names)
        if name:
            self.computer.ask_engine(name)

    def open_match(self) -> MatchDialog:
        """The match dialog (one, not modal: the board shows the games it plays)."""
        fresh = self.match_dialog is None or not self.match_dialog.running
        if fresh:
            before = self.match_dialog
            choices = self.settings.get("match")
            engines = tuple(self.engine_specs())  # (made afresh: the engines may be new)
            self.match_dialog = MatchDialog(self, engines, dict(choices), self)
            if before is not None:
                self.match_dialog.carry_log(before)
                before.deleteLater()
        assert self.match_dialog is not None
        self.match_dialog.show()
        if fresh:
            place_beside(self.match_dialog, self)  # (not over the board it plays on)
        self.match_dialog.raise_()
        return self.match_dialog

    # ----- the host of the computer player ------------------------------------------------
    def remember(self, key: str, value: object) -> None:
        self.say_problem(self.settings.set(key, value))

    def say_problem(self, problem: str | None) -> None:
        if problem:
            self.statusBar().showMessage(capitalised(problem), 15000)

    def show_status(self, text: str, ms: int = 0) -> None:
        self.statusBar().showMessage(text, ms)

    def replace_status(self, old: str, new: str = "") -> None:
        """``new`` in place of ``old`` where the status bar still says it, or says nothing
        (a menu's hover empties it: the engine's preparation went unsaid while its bar ran
        on, tester 63)."""
        if self.statusBar().currentMessage() in (old, ""):
            if new:
                self.statusBar().showMessage(new)
            else:
                self.statusBar().clearMessage()

    def set_busy(self, busy: bool) -> None:
        self.engine_progress.setVisible(busy)

    # ----- what the window shows ------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The position shown (the session's current one; a fresh object after navigation)."""
        return self.session.game

    def on_session_changed(self, change: Change) -> None:
        """Draw the board and every panel from the session: the one place that does."""
        if change in (Change.POSITION, Change.TREE, Change.GAME):
            if not (self._refused_thinking and self.computer.computer_to_move()):
                if self.message and self.statusBar().currentMessage() == self.message:
                    self.statusBar().clearMessage()  # a refusal is stale once play goes on
                if self.message:  # (and in the game panel: it stayed there, tester 41)
                    self.game_panel.refusal.setText("")
                self.message = ""
                self._refused_thinking = False
            # what was said of the position left ("White to play now", after a turn cut
            # short: it stood under an undo that gave the turn back, tester 42)
            if self._position_words:
                self.replace_status(self._position_words)
                self._position_words = ""
            self.scene.set_mistake(None, None, 0)  # (shown in the position before it, alone)
        if change is Change.POSITION and self.session.dirty:
            self._viewed_timer.start()
        if change is Change.GAME:  # each game's board as the user last turned it
            if self.scene.numbers_from is not None and self.scene.numbers_from != 1:
                # numbered "from here" in the game before: this one's from its first move
                # (its first moves went without numbers in every game after, tester 83)
                self.scene.numbers_from = 1
            self.scene.show(self.session.game, self.remembered_orientation(), self.session.finished)
            if self._show_turned():
                self.show_status(
                    f"The board is {self._turned_words()}, as you last showed this game's "
                    "boards (View ▸ Board as it starts shows it plain).",
                    10000,
                )
            self.view.fit()
            self.entry_panel.forget()
            if self.review_panel.review:
                self.review_panel.stop_review("Analysis stopped: another game was opened.")
            else:  # (what it said of the game before is not of this one)
                self.review_panel.review_label.setText("")
        else:
            self.scene.show(self.session.game, ended=self.session.finished)
        self.scene.set_marks(marks_of(self.session.current, self.session.game.geometry))
        problem = self.session.autosave_problem
        if problem and not self._autosave_failed:
            self._autosave_failed = True  # said once in words; then in the status bar
            QTimer.singleShot(0, lambda: self.inform("Autosave failed", autosave_failed(problem)))
        elif problem:
            self.statusBar().showMessage(problem, 5000)
        else:
            self._autosave_failed = False
        self.update_all()

    def _autosave_viewed(self) -> None:
        if self.session.dirty:
            self.session.autosave_problem = self.session.autosave()

    def update_all(self) -> None:
        session = self.session
        game = session.game
        if self.mark_kind is not None and (
            session.editing or session.tree is not self._marked_tree
        ):
            self.set_mark_kind(None)  # (clicks are stones or moves again)
            if session.editing:
                self.show_status("Marking ended: clicks place the set-up's stones.", 6000)
        # (the pause the user chose, not a question's hold)
        paused = self.act_pause_computers.isChecked()
        self.game_panel.refresh(self.theme, self.message, paused)
        self.view.set_turn(*self._turn_badge())
        cursor = self.view.cursor_cell
        if cursor is not None:  # (the stone a play there would place may have changed)
            self.on_cell_hovered(cursor)
        else:
            self.view.show_hover_text(self._cell_words(self.view.hovered))  # (its stone too)
        self.tree_panel.refresh()
        self.editor.refresh()
        self.entry_panel.refresh()
        self.review_panel.refresh(self.theme)
        self.act_swap.setEnabled(game.can_swap)
        self.act_cancel_edit.setEnabled(session.editing)
        # (no move is played while a position is set up: the menu offered them, tester 35)
        self.act_hint.setEnabled(not session.editing)
        self.act_computer.setEnabled(not session.editing)
        places = f"{game.geometry.word}s"  # (the Game of Y's points: tester 31)
        self.act_mark_triangle.setText(f"Mark {places} with a &triangle")
        self.act_mark_square.setText(f"Mark {places} with a s&quare")
        self.act_mark_label.setText(f"Mark {places} with &letters")
        if session.editing:  # the set-up's own edits
            self.act_undo.setEnabled(self.editor.can_undo)
            self.act_redo.setEnabled(self.editor.can_redo)
        else:
            self.act_undo.setEnabled(session.move_number > 0 or session.can_restore_deleted())
            self.act_redo.setEnabled(session.line_length > session.move_number)
        self.act_promote.setEnabled(session.is_on_variation())
        self.act_delete.setEnabled(session.move_number > 0)
        self.act_resign.setEnabled(session.can_end_game())
        clock = session.clock
        # (paused before its first move, a game opened so had no way to start: enabled
        # wherever the clocks run or stand paused, in a game not over)
        self.act_pause.setEnabled(
            clock is not None
            and (clock.running is not None or clock.paused)
            and not session.finished
        )
        self.act_pause.blockSignals(True)
        self.act_pause.setChecked(clock is not None and clock.paused)
        self.act_pause.blockSignals(False)
        ended = session.ended_early
        self.act_take_back.setEnabled(ended is not None)
        if ended is not None:
            words = {RESIGNATION: "resignation", FORFEIT: "forfeit"}
            what = words.get(ended.reason, "loss on time")
            self.act_take_back.setText(f"&Take back the {what}")
        else:  # (a game without one kept the last game's words, greyed: a tester's finding)
            self.act_take_back.setText("&Take back a resignation")
        name = shown_path(session.path.name) if session.path else self._unsaved
        star = "*" if session.dirty else ""
        # the players too: two windows of one game's unsaved games had one title (tester 74)
        first, second = (seat.name for seat in session.seats)
        # Black's player first, as the panel and the file's name say them: after a swap the
        # title named them the other way round (tester 85)
        if any(node.move is not None and node.move.is_swap for node in session.tree.main_line()):
            first, second = second, first
        players = f" — {first} vs {second}" if first and second else ""
        self.setWindowTitle(f"{star}{name}{players} — {title(game)} — ygui")

    # ----- games ------------------------------------------------------------------------
    def play_again(self) -> None:
        """Game ▸ Play again, sides changed: the same game from its start (its board, set-up,
        options and clocks), the first player now second (a newcomer who wanted a rematch
        with the colours reversed changed both players in the new-game dialog: tester 75)."""
        if self.match_dialog is not None and self.match_dialog.running:
            self.inform("A match is being played", "Its games are the match's: stop it first.")
            return
        with self.question():
            if not self.maybe_keep_changes():
                return
        self._analysis_off_for_play((self.session.seats[1], self.session.seats[0]))
        self.session.play_again()
        self.session.remove_autosave()
        self.resume_computers()  # (a new game is not held by the last one's pause)
        first = self.session.seats[0].name
        self.show_status(f"The game again, sides changed: {first} plays first.", 8000)

    def _analysis_off_for_play(self, seats: tuple[Seat, Seat]) -> None:
        """A game with a person in it starts with the analysis off."""
        playing = any(not s.computer for s in seats)
        if playing and self.computer.analyse_box.isChecked():
            # left on from studying, it would show a player the engine's view of the game (and
            # two people at one computer each other's mistakes as they are made: tester 20)
            self.computer.analyse_box.setChecked(False)
            against = "against the computer" if against_computer(seats) else "between two people"
            self.statusBar().showMessage(
                f"The analysis is off for the game {against} (A turns it on).", 8000
            )

    def start_new_game(
        self,
        options: GameOptions,
        names: tuple[str, str],
        seats: tuple[Seat, Seat] | None = None,
        time_control: TimeControl | None = None,
    ) -> None:
        if seats is not None:
            self._analysis_off_for_play(seats)
        self.session.new_game(options, names, seats, time_control)

    def _engine_gave_up(self, name: str) -> None:
        """An engine failed in a game and a person took its side: the game the next start
        opens has a person there too (it opened against the engine, which failed again at
        its first move: tester 58). The new-game dialog still offers it."""
        remembered = dict(self.settings.get("new_game"))
        changed = False
        for key in ("black_player", "white_player"):
            if remembered.get(key) == f"engine:{name}":
                remembered[key] = "human"
                changed = True
        if changed:
            self.remember("new_game", remembered)

    def start_remembered_game(self) -> None:
        """The first game of a window: the one the new-game dialog last started (its game,
        players, computer levels and clocks), else Y between two people. A computer to move
        first starts thinking at once, as after New game."""
        remembered = self.settings.get("new_game")
        if remembered:
            # (the dialog reads the choices as it would show them: a size the game lacks
            # becomes its default)
            dialog = NewGameDialog(dict(remembered), self.theme, self, self.player_engines())
            try:
                options: GameOptions | None = dialog.current_options().validated()
            except OptionsError:
                options = None  # (a settings file edited by hand: the plain game instead)
            names, seats, clocks = dialog.player_names(), dialog.seats(), dialog.time_control()
            dialog.deleteLater()
            if options is not None and all(names):
                # a game of computers alone waits to be let go: it began playing itself at
                # the start, unasked (tester 80)
                alone = all(seat.computer for seat in seats)
                if alone:
                    self.act_pause_computers.setChecked(True)
                self.start_new_game(options, names, seats, clocks)
                if alone:
                    self.show_status(
                        "A new game of two computers, as the last: they wait until Play ▸ "
                        "Pause the computers lets them play."
                    )
                return
        self.start_new_game(GameOptions().validated(), ("Player 1", "Player 2"))

    def new_game(self) -> None:
        with self.question():
            if not self.maybe_keep_changes():
                return
            dialog = self.run_new_game_dialog()
        if dialog is None or dialog.options is None:
            self._discard_note = ""  # (nothing was discarded after all)
            return
        self.remember("new_game", dialog.choices())
        self.start_new_game(
            dialog.options, dialog.player_names(), dialog.seats(), dialog.time_control()
        )
        self.session.remove_autosave()
        self._say_discard_note()
        # (the pause of the last game held the new one's computers, and nothing said why they
        # did not play: noticed by a session's own look)
        if self.resume_computers() and any(seat.computer for seat in self.session.seats):
            self.show_status("A new game: the computers are no longer paused.", 6000)

    # ----- playing ----------------------------------------------------------------------
    def on_cell_clicked(self, cell: int) -> None:
        if self.mark_kind is not None:
            self.session.toggle_mark(cell, self.mark_kind)
        elif self.session.editing:
            self.editor.edit_click(cell)
        else:
            self.play(Move(cell))

    CURSOR_WORDS = (
        "Keys on the board: the arrows move its cursor, Enter or Space plays there, Esc gives "
        "the arrows back to the moves."
    )

    def _turn_badge(self) -> tuple[str | None, str]:
        """What the board's corner says of the turn: the stone to play and how many stones
        the turn has left, the winner, or while a position is set up, its side to move."""
        session = self.session
        game = session.game
        if session.editing:  # (the corner was blank while setting up: tester 78)
            name = game.colour_name(game.to_move)
            return name, f"Setting up: {name} to move"
        if game.winner is not None:
            name = game.colour_name(game.winner)
            return name, f"{name} has won"
        if session.finished:
            # who won, and how (it said "The game is over" after a loss on time, and "Blue
            # has won" after a connection: tester 84)
            ended = session.ended_early
            if ended is not None:
                names = (game.colour_name(BLACK), game.colour_name(WHITE))
                winner = names[ended.winner - 1]
                return winner, ended.words(names).replace(" wins", " has won", 1)
            return None, "The game is over"
        name = game.colour_name(game.to_move)
        words = f"{name} to play"
        total = game.stones_in_turn()
        if total > 1:
            unit = "placements" if game.places_pairs else "stones"
            words += f": {game.stones_left_in_turn} of {total} {unit} left"
        return name, words

    def _cursor_shown(self, shown: bool) -> None:
        if shown:
            self.show_status(self.CURSOR_WORDS, 12000)
        else:
            self.replace_status(self.CURSOR_WORDS)

    def on_cell_hovered(self, cell: int) -> None:
        # no see-through stone while the computer thinks: a click would not place it
        thinking = self.computer.thinking_for_move()
        # nor once the game has ended early (a resignation, on time): a click says so (tester
        # 39 saw a stone offered there)
        ended = self.session.finished
        self.scene.show_ghost(cell if cell >= 0 and not thinking and not ended else None)
        self.view.show_hover_text(self._cell_words(cell))

    def _cell_words(self, cell: int) -> str:
        """The hovered cell's name, and its stone's colour if it has one."""
        game = self.game
        if not 0 <= cell < game.geometry.size:
            return ""
        kind = game.geometry.word.capitalize()  # (the Game of Y's points)
        words = f"{kind} {game.geometry.labels[cell]}"
        colour = game.colours[cell]
        if colour:
            return f"{words}: {game.colour_name(colour)}"
        session = self.session
        if (
            not session.editing
            and session.line_length > session.move_number
            and not session.takes_back()
            and game.winner is None
        ):
            # (between people, a click at an earlier position made a second line, and the
            # moves after it went from the list, unsaid: tester 82; said where the pointer is)
            tree = session.tree
            ahead = tree.continuation(tree.current)
            others = [c for c in tree.current.children if c is not ahead]
            if ahead is not None and ahead.move is not None and ahead.move.cell == cell:
                # (the line's own next move was said to start a variation: tester 84)
                words += ": the next move of this line (a click follows it)"
            elif any(c.move is not None and c.move.cell == cell for c in others):
                words += ": the first move of another line (a click follows that line)"
            else:
                words += ": a stone here starts a variation"
        return words

    def swap(self) -> None:
        self.play(SWAP)

    def _thinking_refusal(self) -> str | None:
        """Why nobody else may move now (a computer or an engine is thinking), or None."""
        if not self.computer.thinking_for_move():
            return None
        # (an engine has no Move now, greyed while the words named it: tester 58)
        if self.match_dialog is not None and self.match_dialog.running:
            return "a match is being played (Play ▸ Match…, Stop, ends it)"
        if self.computer.move_now_button.isEnabled():
            return "the computer is thinking (Move now makes it play at once)"
        seat = self.computer.seat_to_move()
        return f"{seat.name if seat is not None else 'the engine'} is thinking"

    def play_moves(self, moves: list[Move]) -> str | None:
        """Typed or pasted moves played from the position shown, all or none; returns why not
        (they went in while the computer thought, or under paused clocks: tester 65)."""
        why = self._thinking_refusal()
        return why if why is not None else self.session.play_line(moves)

    def play(self, move: Move) -> bool:
        """Play a move if the rules allow it; otherwise say why. Returns True if played."""
        why = self._thinking_refusal()
        if why is not None:
            self.refuse(why, thinking=True)
            return False
        session = self.session
        seat = self.computer.seat_to_move()
        colour = session.game.colour_name(session.game.to_move)
        # a move at an earlier position of a game that goes on takes the later moves back,
        # unless it is the game's own next move: that is a step along the game
        later = session.taken_back_by(move)
        # the move the line shown goes on with (a step, said so: tester 59 saw nothing)
        step = session.goes_on_with(move)
        on_variation = session.is_on_variation()
        reason = session.play(move)
        if reason is not None:
            self.refuse(reason)
            return False
        if step:
            # (played again, it went on the clocks again: tester 52's leftover)
            line = "line" if on_variation else "game"
            said = f"The {line} went on with {session.game.move_text(move)} here: one move on."
            if self.computer.computer_to_move():
                said += " The computer answers it anew; another answer takes back the later moves."
            self._say_of_position(said)
        elif later and not (seat is not None and seat.computer):
            # (a click while looking back changed the game without a word: the words before
            # the click said it would, the list's greyed moves went)
            self._say_of_position(
                f"Took back {counted(later, 'move')}: the game goes on from {colour}'s move; "
                "the moves taken back stay in the game tree as a variation."
            )
        elif seat is not None and seat.computer:  # (stepped back to its turn: played for it)
            self._say_of_position(
                f"You played {colour}'s move in place of {seat.name} (Play ▸ Let the computer "
                "play this move, Ctrl+G, asks it instead)."
            )
        elif (game := session.game).turn_cut_short and game.winner is None:
            # the turn passed early: said where the eye is after a click too (tester 26 placed
            # the next stone for the other side, meaning it for the turn that had ended)
            self._say_of_position(
                f"{colour}'s turn has ended: no cell is left where the rules allow another "
                f"stone. {game.colour_name(game.to_move)} to play now."
            )
        return True

    def _say_of_position(self, text: str, ms: int = 10000) -> None:
        """Words about the position just reached, in the status bar until another is shown,
        however the view moves on (where a step went and which variation this is stood after
        the step buttons and End had moved on, tester 51)."""
        self.show_status(text, ms)
        self._position_words = text

    def resign(self) -> None:
        """The person (against the computer) or the side to move resigns, after a question."""
        session = self.session
        if not session.can_end_game():
            self.refuse("the game is already over" if not session.editing else "finish the set-up")
            return
        loser = session.loser_if_resigning()
        line = session.playing_line()
        final = session.tree.game_at(line)
        winner = WHITE if loser == BLACK else BLACK
        # (not "White (Computer (level 7)) wins.": tester 39)
        question = (
            f"Resign as {final.colour_name(loser)} ({seat_name(session.seat_for(loser, final))})? "
            f"{final.colour_name(winner)} wins: {seat_name(session.seat_for(winner, final))}."
        )
        if session.off_main_line(line):  # (it became the main line without a word: tester 24)
            question += (
                f"\n\nThe game is being played on a variation (move {len(line)} is its last): "
                "this variation becomes the game's main line, and the main line a variation."
            )
        with self.question():  # no move is made and no time spent under the question
            if not self.ask_yes_no("Resign?", question):
                return
            reason = session.end_game(loser, RESIGNATION)
        if reason is not None:
            self.refuse(reason)

    def set_clocks_paused(self, paused: bool) -> None:
        self.session.set_clock_paused(paused)

    def _tick(self) -> None:
        """Ten times a second: the clocks shown, and a game lost on time ended."""
        self._hold_for_dialogs()
        session = self.session
        if session.clock is None or session.clock.running is None:
            return
        loser = session.check_clock()
        if loser is not None:
            game = session.game
            self.show_status(f"{game.colour_name(loser)}'s time has run out.", 10000)
        else:
            self.game_panel.refresh_clocks()

    def _hold_for_dialogs(self) -> None:
        """While a dialog of the window is open (a file to save to, a figure, the rules, the
        game's information), the clocks stand still and the computers wait, as under a
        question: the time a player spent choosing a file name was charged to them (tester
        40), and no move could be made meanwhile."""
        modal = QApplication.activeModalWidget()
        if self._dialog_hold is not None and modal is None:
            hold, self._dialog_hold = self._dialog_hold, None
            hold.close()
            return
        clock = self.session.clock
        if (
            self._dialog_hold is None
            and modal is not None
            and clock is not None
            and clock.running is not None
            and not clock.paused
        ):
            self._dialog_hold = ExitStack()
            self._dialog_hold.enter_context(self.question())

    def take_back_result(self) -> None:
        session = self.session
        ended = session.ended_early
        if session.take_back_result():
            text = "Play goes on."
            if ended is not None and ended.reason == TIME:
                loser = self.game.colour_name(3 - ended.winner)
                text = f"Play goes on: {loser} has {clock_text(TAKE_BACK_SECONDS)} on the clock."
            self.show_status(text, 8000)

    def run_game_info_dialog(self, info: GameInfo) -> GameInfo | None:
        game = self.session.tree.game_at(self.session.tree.main_line())
        names = (game.colour_name(BLACK), game.colour_name(WHITE))
        dialog = GameInfoDialog(info, names, game.winner is not None, self, game.swapped)
        return dialog.info() if self._modal(dialog) else None

    def set_computers_paused(self, paused: bool) -> None:
        self.computer.set_paused(paused)
        self.update_all()  # (the panel says it)

    def resume_computers(self) -> bool:
        """The computers play on if they were paused (Play ▸ Pause the computers); whether
        they were."""
        if not self.computer.paused:
            return False
        self.act_pause_computers.setChecked(False)
        if self.computer.paused:  # (the action and the computers out of step)
            self.computer.set_paused(False)
        return True

    def run_players_dialog(self, dialog: PlayersDialog) -> bool:
        """Show the players dialog (replaced in tests, which fill it in)."""
        return bool(self._modal(dialog))

    def change_players(self) -> None:
        """Who plays each colour from here on: a game handed to the computer or taken back,
        a set-up position played against it."""
        if self.match_dialog is not None and self.match_dialog.running:
            self.inform("A match is being played", "Its players are the match's: stop it first.")
            return
        session = self.session
        game = session.game
        names = (game.colour_name(BLACK), game.colour_name(WHITE))
        seats = (session.seats[0], session.seats[1])
        engines = self.player_engines()
        waits = not session.editing and not self.computer.plays_here()
        if session.editing:
            note = "A computer plays once the position is set up (Done)."
        elif not waits:
            note = "A computer to move starts thinking at once."
        else:  # (the dialog promised a move that never came: a tester's finding)
            note = (
                "At this earlier move a computer to move waits: play a move here, or Play ▸ "
                "Let the computer play this move (Ctrl+G)."
            )
        with self.question():  # (no computer moves while the dialog is open)
            dialog = PlayersDialog(seats, names, game.swapped, engines, self, note)
            chosen = dialog.seats() if self.run_players_dialog(dialog) else None
        if chosen is None or chosen == seats:
            return
        session.set_seats(chosen)
        # the next new game starts with these players (the dialog offered those chosen in it
        # before: noticed by a session's own look)
        remembered = dict(self.settings.get("new_game"))
        for seat, colour in zip(chosen, ("black", "white"), strict=True):
            remembered |= {
                colour: seat.name,
                f"{colour}_player": kind_of(seat),
                f"{colour}_level": seat.level,
            }
        self.remember("new_game", remembered)
        # by the players' names, not the colours: a status bar naming colours contradicted
        # the panel once the user stepped back over a swap (a tester's finding)
        first, second = (session.player_name(c) for c in (BLACK, WHITE))
        said = f"Players: {first} and {second}."
        if waits and session.seat_for(game.to_move).computer:
            # (the dialog said so, and then nothing on the screen did: a tester's finding;
            # not while editing, where the dialog says it plays after Done)
            said += (
                f" {session.player_name(game.to_move)} waits at this earlier move: "
                "Ctrl+G lets it play here."
            )
            # (words of this position: they stood after the computer had played, tester 66)
            self._say_of_position(said, 15000)
            return
        self.show_status(said, 15000)

    def edit_game_info(self) -> None:
        info = self.run_game_info_dialog(self.session.info())
        if info is not None and info != self.session.info():
            self.session.set_info(info)

    def undo(self) -> None:
        """A step back, or while a position is set up, its last edit undone; at once after a
        delete, the moves deleted put back."""
        if self.session.editing:
            self.editor.undo()
        elif (node := self.session.restore_deleted()) is not None:
            gone = counted(len(list(nodes_of(node))), "deleted move")
            self.show_status(f"Put back the {gone}.", 8000)
        else:
            self.session.back()

    def redo(self) -> None:
        if self.session.editing:
            self.editor.redo()
        else:
            self.session.forward()

    def refuse(self, reason: str, thinking: bool = False) -> None:
        """Say why an action was refused, in the panel and the status bar; ``thinking``: the
        computer is thinking (said until its turn is over, see ``on_session_changed``)."""
        self._refused_thinking = thinking
        self._refusal_count += 1
        self.message = capitalised(reason) + "."
        self.game_panel.refusal.setText(self.message)
        self.statusBar().showMessage(self.message, 5000)
        self._refusal_timer.start()
        QApplication.beep()

    def _forget_refusal(self) -> None:
        if self.message:  # (and from the status bar: it stood after an undo, tester 66)
            self.replace_status(self.message)
        self.message = ""
        self._refused_thinking = False
        self.game_panel.refusal.setText("")

    def _show_outlook(self, *_: object) -> None:
        """The analysis's outlook in the set-up panel's tools: the win probability and the
        best line's first moves, or how to have them."""
        c = self.computer
        if not c.analyse_box.isChecked():
            self.editor.outlook.setText("A analyses the position as you set it up.")
            return
        words = c.line_label.text().split()
        line = " ".join(words[:6]) + (" …" if len(words) > 6 else "")
        win = c.win_label.text().rstrip(".")
        self.editor.outlook.setText(f"Analysis (Ctrl+4): {win}. {line}")

    def edit_position(self) -> None:
        self.setup_dock.show()
        self.setup_dock.raise_()
        self.editor.edit_button.toggle()

    def step(self, step: int, single: bool = False) -> None:
        """Back (-1) or forward (+1): against the computer, unless ``single``, to the person's
        turn; where that passed more than one move, the status bar says so (Left went back two
        moves at a time without a word, tester 32), and a step after it takes the words away
        (they stayed under a single step: tester 34)."""
        before = self.session.move_number
        if step < 0:
            self.session.back(single=single)
        else:
            self.session.forward(single=single)
        moved = abs(self.session.move_number - before)
        if moved > 1:
            key = "Shift+Left" if step < 0 else "Shift+Right"
            self._say_of_position(
                f"{'Back' if step < 0 else 'On'} {moved} moves, to your turn; {key} steps one "
                "move at a time.",
                6000,
            )

    def variation(self, step: int) -> None:
        """The previous (-1) or next (+1) variation (``Session.sibling``), said: which one, at
        which move; or that there is none, and where the next branch is if there is one (Up
        did nothing, without a word: tester 32; a switch said nothing, tester 34)."""
        before = list(self.session.tree.path)
        key = "Up" if step < 0 else "Down"
        if not self.session.sibling(step):
            # where the lines part here, Up and Down choose the line ahead (they did nothing
            # at the very position where a tester's study parted in two: tester 70)
            turned = self.session.turn_continuation(step)
            if turned is not None:
                node = self.session.current
                n, move = len(node.children), node.children[turned].move
                first = self.game.move_text(move) if move is not None else "?"
                self._say_of_position(
                    f"The line ahead: variation {turned + 1} of {n}, from {first} "
                    "(Right goes along it).",
                    6000,
                )
                return
            which = "above" if step < 0 else "below"
            words = f"{key}: no variation {which} this one, at this move or any before it"
            if self.session.tree.branch_point(+1) is not None:
                words += "; ] goes on to the next move that has variations"
            self.show_status(f"{words}.", 6000)
            return
        path = self.session.tree.path
        depth = next(i for i, (a, b) in enumerate(zip(before, path, strict=False)) if a is not b)
        parent = path[depth - 1] if depth else self.session.tree.root
        k, n = parent.children.index(path[depth]) + 1, len(parent.children)
        self._say_of_position(f"Variation {k} of {n} at move {depth + 1}.", 5000)

    def to_comment(self, step: int) -> None:
        """To the next (+1) or previous (-1) comment; where there is none, the status bar says
        so (a "," at the first comment did nothing, without a word: tester 70)."""
        if not self.session.next_comment(step):
            which = "later" if step > 0 else "earlier"
            self.show_status(f"No {which} comment in the game.", 5000)

    def comment_here(self) -> None:
        """The comment box of the position shown, ready for typing: the game tree's, where the
        tree is on the screen (it was only there, hidden at first: tester 31 looked for it in
        the menus), else a dialog's (opening the tree hid the move list: tester 74)."""
        panel = self.tree_panel
        if self._tree_on_screen or (panel.isVisible() and not panel.visibleRegion().isEmpty()):
            panel.raise_()
            panel.comment.setFocus()
            return
        session = self.session
        node = session.current
        dialog = CommentDialog(session, self)
        with self.question():  # (no computer's move meanwhile: the comment is of this position)
            written = self.run_comment_dialog(dialog)
        if not written or session.current is not node:
            return
        if not session.set_comment(dialog.text()):
            self.show_status(
                f"A comment holds at most {MAX_COMMENT_CHARS:,} characters; the rest was left out.",
                10000,
            )

    def run_comment_dialog(self, dialog: CommentDialog) -> bool:
        """Show the comment dialog (replaced in tests, which fill it in)."""
        return bool(self._modal(dialog))

    def review_game(self) -> None:
        self.review_panel.show()
        self.review_panel.raise_()
        self.review_panel.toggle_review()

    def next_mistake(self) -> None:
        self.review_panel.next_mistake()
        if self.review_panel.visibleRegion().isEmpty():
            # (its note said in the status bar too: behind another panel's tab, or closed,
            # the review panel showed it to nobody, a tester's finding)
            self.show_status(self.review_panel.review_label.text(), 15000)

    # ----- view options -----------------------------------------------------------------
    def set_show_labels(self, show: bool) -> None:
        self.scene.set_show_labels(show)
        self.remember("show_labels", bool(show))

    def set_dark(self, dark: bool) -> None:
        self.theme = THEMES["dark" if dark else "light"]
        self.remember("theme", self.theme.name)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_palette(app, self.theme)
        self.scene.set_theme(self.theme)
        self.update_all()

    WELCOME = (
        "ygui plays the Y family of connection games: each player places stones to join the "
        "sides of the board with one chain, and the board shows which sides count.\n\n"
        "New to them? Read the rules first (Help ▸ Rules of the games, F1), then play the "
        "computer: level 1 of its 10 is a gentle start, and Play ▸ Hint (H) helps.\n\n"
        "The board now shows a game between two people at one computer: a click on a cell "
        "plays there, for each side in turn."
    )
    WELCOME_CHOICES = ("Read the rules", "Play the computer", "Look around")

    def ask_welcome(self) -> str:
        """One of WELCOME_CHOICES (replaced in tests)."""
        box = QMessageBox(
            QMessageBox.Icon.Information, "Welcome to ygui", self.WELCOME, parent=self
        )
        buttons = [
            box.addButton(text, QMessageBox.ButtonRole.AcceptRole) for text in self.WELCOME_CHOICES
        ]
        box.setDefaultButton(buttons[0])
        box.setEscapeButton(buttons[-1])
        box.exec()
        clicked = box.clickedButton()
        return next(
            (t for t, b in zip(self.WELCOME_CHOICES, buttons, strict=True) if b is clicked),
            self.WELCOME_CHOICES[-1],
        )

    def welcome(self) -> None:
        """The first start's word to a newcomer (the window opened on an empty board between
        "Player 1" and "Player 2", the rules and the computer unmentioned: tester 75): the
        rules, a game against the computer at level 1, or the window as it is."""
        with self.question():
            choice = self.ask_welcome()
        self.remember("theme", self.theme.name)  # (settings on the disk: said once)
        if choice == self.WELCOME_CHOICES[0]:
            self.show_rules()
        elif choice == self.WELCOME_CHOICES[1]:
            # the new-game dialog, its second player the computer at level 1 (OK starts it)
            remembered = dict(self.settings.get("new_game"))
            remembered |= {"white_player": "computer", "white": COMPUTER_NAME, "white_level": 1}
            self.remember("new_game", remembered)
            self.new_game()

    def show_rules(self, topic: str | None = None) -> None:
        self._modal(RulesDialog(topic or self.game.options.game, self))

    def show_options(self) -> None:
        self.show_rules("options")

    def show_shortcuts(self) -> None:
        # (wide enough for the descriptions on one line each, and scrolling where the screen
        # is shorter than the list)
        self._modal(ShortcutsDialog(shortcuts_text(self.actions()), self))

    def show_about(self) -> None:
        QMessageBox.about(self, "About ygui", AboutText.format(version=__version__))

    # ----- files ------------------------------------------------------------------------
    def in_autosave_folder(self, path: Path) -> bool:
        """Whether ``path`` lies in ygui's autosave folder, whose games it deletes after a
        while (a game discarded, or declined at a recovery)."""
        try:
            return path.resolve().is_relative_to(self.autosave.folder.resolve())
        except OSError:
            return False

    def save(self) -> bool:
        path = self.session.path
        if path is None:
            return self.save_as()
        if self.in_autosave_folder(path):
            # (a game opened from autosave/declined was saved back there by Ctrl+S, to be
            # deleted a week later: tester 85)
            self.show_status(
                f"This game came from ygui's autosave folder, whose games are deleted after "
                f"{KEEP_DAYS} days: save it in a folder of your own.",
                10000,
            )
            return self.save_as()
        if self.session.changed_on_disk():
            # (two windows with one file: the second Save silently replaced the first's
            # moves, tester 22)
            question = (
                f"{shown_path(path)} has changed since this window opened or saved it: another "
                "window or program wrote it. Replace it with the game here?\n\nNo saves this "
                "game under another name instead."
            )
            if not self.ask_yes_no("The file has changed", question):
                return self.save_as()
        return self.save_to(path)

    def save_as(self) -> bool:
        path = self.choose_save_path()
        return self.save_to(path) if path is not None else False

    def save_to(self, path: Path) -> bool:
        if self.in_autosave_folder(path):
            self.inform(
                "Could not save",
                f"{shown_path(path)} is in ygui's autosave folder, whose games are deleted "
                f"after {KEEP_DAYS} days: choose a folder of your own.",
            )
            return False
        try:
            self.session.save(path)
        except OSError as exc:
            self.inform("Could not save", f"{shown_path(path)} could not be written: {exc}")
            return False
        except RecordError as exc:
            self.inform("Could not save", f"{shown_path(path)} was not written: {exc}.")
            return False
        self.say_problem(self.settings.add_recent(str(path)))
        self.statusBar().showMessage(f"Saved {shown_path(path)}", 4000)
        return True

    def open_dialog(self) -> None:
        with self.question():
            if not self.maybe_keep_changes():
                return
            path = self.choose_open_path()
        if path is not None:
            self.open_path(path)

    def _open_cut_short(self, path: Path, data: bytes, problem: str) -> bool | None:
        """A record cut short (its end lost), ``data`` its file's bytes: offer the moves
        before the cut, as a game of no file (a file missing only its last ')' was refused
        whole, its moves with it: tester 22). Whether it was opened so; None when the user
        declined it."""
        record = salvage_cut_short(data)
        if record is None:
            return False
        moves = len(record.main_line())
        question = (
            f"{shown_path(path)} is cut short: {problem}.\n\nOpen the game it holds up to the "
            f"cut ({counted(moves, 'move')} in its main line)? The file is left as it is; "
            "save the game under a name of your choice."
        )
        with self.question():  # (the game shown was asked about before the file was chosen)
            if not self.ask_yes_no("Damaged file", question):
                return None
        self.session.open_unsaved(record)
        self.show_status(
            f"Opened what {shown_path(path.name)} holds up to its cut: {title(self.game)}, "
            f"{counted(moves, 'move')}; not yet saved",
            15000,
        )
        return True

    def _leave_out_bad_moves(self, what: str, record: GameRecord, left: list[LeftOut]) -> bool:
        """Ask whether to open a record without its moves that cannot be played (a damaged
        file was refused whole, its good moves, variations and comments with it: tester 37)."""
        shown = left[:5]
        lines = "\n".join(
            f"• {item.problem}"
            + (f" ({counted(item.moves - 1, 'move')} after it)" if item.moves > 1 else "")
            for item in shown
        )
        if len(left) > len(shown):
            lines += f"\n• and {len(left) - len(shown)} more"
        dropped = sum(item.moves for item in left)
        stack, lines_kept, comments = [record.root], 1, 0
        while stack:  # (what the rest holds, said as it is: not variations it has not)
            node = stack.pop()
            lines_kept += max(0, len(node.children) - 1)
            comments += bool(node.comment)
            stack.extend(node.children)
        kept = [counted(len(record.main_line()), "move") + " in its main line"]
        if lines_kept > 1:
            kept.append(counted(lines_kept - 1, "other line"))
        if comments:
            kept.append(counted(comments, "comment"))
        rest = ", ".join(kept[:-1]) + " and " + kept[-1] if len(kept) > 1 else kept[0]
        question = (
            f"{what} holds moves that cannot be played:\n{lines}\n\nOpen the game without "
            f"them ({counted(dropped, 'move')} left out in all)? The rest opens as it is: "
            f"{rest}."
        )
        with self.question():
            return self.ask_yes_no("Damaged game record", question)

    def _open_without_bad_moves(self, path: Path, data: bytes) -> bool | None:
        """A record whose moves cannot all be played, ``data`` its file's bytes: offer the
        rest, as a game of no file. Whether it was opened so; None when the user declined."""
        salvaged = salvage_bad_moves(data)
        if salvaged is None:
            return False
        record, left = salvaged
        if not self._leave_out_bad_moves(shown_path(path), record, left):
            return None
        self.session.open_unsaved(record)
        dropped = sum(item.moves for item in left)
        self.show_status(
            f"Opened {shown_path(path.name)} without {counted(dropped, 'move')} that could "
            f"not be played: {title(self.game)}; not yet saved (the file is left as it is)",
            15000,
        )
        return True

    def open_path(self, path: Path) -> bool:
        """Load a record; a damaged one gives a message and changes nothing."""
        # (a relative path from the command line was said as such, "Saved home/game.ysgf",
        # and would be another file after a change of folder: a tester's finding)
        path = path.absolute()
        try:
            self.session.open(path)
        except RecordError as exc:
            try:  # (read once for both ways of salvaging it)
                data: bytes | None = path.read_bytes()
            except OSError:
                data = None
            opened: bool | None = False
            if data is not None:
                opened = self._open_cut_short(path, data, str(exc))
                if opened is False:
                    opened = self._open_without_bad_moves(path, data)
            if opened:
                return True
            if opened is None:  # declined: the question said what was wrong (a second box
                # said it again, hidden behind the window: tester 55)
                self.show_status(
                    f"Did not open {shown_path(path.name)}; the game shown is as it was", 15000
                )
                return False
            self.inform("Could not open the game", f"{shown_path(path)}:\n{exc}")
            self.show_status(
                f"Could not open {shown_path(path.name)}; the game shown is as it was", 15000
            )
            return False
        session = self.session
        turned = self._turned_words()  # (said over by this line: tester 23)
        # (gone as the position changes: "at move 6 of 6" stood after moves 7 and 8, tester
        # 80)
        self._say_of_position(
            f"Opened {shown_path(path.name)}: {title(session.game)}, {self._where_in_line()}"
            + (f"; the board is {turned} (View ▸ Board as it starts)" if turned else ""),
            8000,
        )
        self.say_problem(self.settings.add_recent(str(path)))
        return True

    def _where_in_line(self) -> str:
        """Where the game opened is shown: "at move 3 of 5", or "with no moves yet" (a set-up
        position said "at move 0 of 0": tester 58)."""
        session = self.session
        if not session.line_length:
            return "with no moves yet"
        return f"at move {session.move_number} of {session.line_length}"

    def open_board_dialog(self) -> None:
        with self.question():
            if not self.maybe_keep_changes():
                return
            name, _ = QFileDialog.getOpenFileName(
                self,
                "A board of your own",
                str(self.recent_folder()),
                "Board files (*.json);;All files (*)",
            )
            self._take_keys_back()
        if name:
            self.open_board(Path(name))

    def open_board(self, path: Path) -> bool:
        """Play Y (three sides) or Poly-Y (more) on a board file; a bad file is explained."""
        try:
            geometry = BoardGeometry.read_file(path)
        except BoardError as exc:
            self.inform("Not a usable board", f"{shown_path(path)}:\n{exc}")
            return False
        try:
            options = options_for_board(geometry)
        except OptionsError as exc:
            self.inform("Not a usable board", f"{shown_path(path)}: {exc}")
            return False
        # the players as they were, a computer still a computer (its name stayed on a person's
        # seat: tester 61); the first player plays the first colour of the new game
        seats = self.session.seats
        self.session.set_tree(tree_from_game(Game(options, geometry)), seats=(seats[0], seats[1]))
        shown = f"Playing {options.variant.title} on {shown_path(path.name)}"
        self.statusBar().showMessage(shown, 5000)
        return True

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.settings.latest_recent()
        if not recent:
            self.recent_menu.addAction("(none)").setEnabled(False)
        for name in recent:
            action = self.recent_menu.addAction(shown_path(name))
            action.triggered.connect(lambda _=False, n=name: self._open_recent(Path(n)))

    def _open_recent(self, path: Path) -> None:
        if self.maybe_keep_changes():
            self.open_path(path)

    def _mark_triangle(self, on: bool) -> None:
        self.set_mark_kind(TRIANGLE if on else None)

    def _mark_square(self, on: bool) -> None:
        self.set_mark_kind(SQUARE if on else None)

    def _mark_label(self, on: bool) -> None:
        self.set_mark_kind(LABEL if on else None)

    def set_mark_kind(self, kind: str | None) -> None:
        """Clicks on the board put (or take off) marks of ``kind`` instead of playing; None
        goes back to playing. One kind at a time. Not while a position is set up: its clicks
        are stones (a mark mode left on took them, and the marks went at the next edit: tester
        62); it ends as the set-up begins or another game comes."""
        if kind is not None and self.session.editing:
            kind = None
            self.show_status("Marks go on a position once it is set up (Done, then mark).", 8000)
        self.mark_kind = kind
        self._marked_tree = self.session.tree
        for name, action in (
            (TRIANGLE, self.act_mark_triangle),
            (SQUARE, self.act_mark_square),
            (LABEL, self.act_mark_label),
        ):
            action.blockSignals(True)
            action.setChecked(name == kind)
            action.blockSignals(False)
        if kind is not None:
            # (in the menu's words: "label" for "Mark cells with letters" read oddly, a tester's)
            shown = {TRIANGLE: "triangles", SQUARE: "squares", LABEL: "letters"}.get(kind, kind)
            places = f"{self.game.geometry.word}s"
            self.show_status(
                f"Clicks mark {places} with {shown}; choose the mark again to play", 8000
            )

    # ----- the board's orientation ------------------------------------------------------------
    def remembered_orientation(self, game: Game | None = None) -> Orientation:
        """How the user last turned the board of ``game``'s kind (the current game's by
        default; kept in the settings, per game)."""
        game = game or self.game
        stored = self.settings.get("orientations").get(game.options.game)
        if stored is None:
            return Orientation()
        return Orientation(stored[0], stored[1]).normal(game.geometry)

    def _turned_words(self) -> str:
        """How the board's picture is turned: "turned", "mirrored", both, or "" (plain)."""
        orientation = self.scene.orientation
        if orientation.plain:
            return ""
        if orientation.turns and orientation.mirror:
            return "turned and mirrored"
        return "turned" if orientation.turns else "mirrored"

    def _show_turned(self) -> bool:
        """The board's orientation shown: the View menu's Mirror ticked as it is, and the
        status bar's mark of a turned board while it is; whether it is."""
        self.act_mirror.blockSignals(True)
        self.act_mirror.setChecked(self.scene.orientation.mirror)
        self.act_mirror.blockSignals(False)
        words = self._turned_words()
        self.turned_button.setText(f"Board {words} \N{MULTIPLICATION SIGN}" if words else "")
        self.turned_button.setVisible(bool(words))
        return bool(words)

    def plain_board(self) -> None:
        """The board as it starts: neither turned nor mirrored."""
        if self.scene.orientation.plain:
            self.show_status("The board is already shown as it starts.", 5000)
            return
        self._turn_board(Orientation())

    def _turn_board(self, orientation: Orientation) -> None:
        self.scene.set_orientation(orientation)
        self._show_turned()
        orientation = self.scene.orientation
        stored = dict(self.settings.get("orientations"))
        if orientation.plain:
            stored.pop(self.game.options.game, None)
        else:
            stored[self.game.options.game] = [orientation.turns, orientation.mirror]
        self.remember("orientations", stored)
        self.view.fit()
        self.view.rehover()
        # a triangle turned a third looks the same: a tester clicked where b2 had been and
        # played g1. Say what happened, and how to see it.
        if orientation.plain:
            said = "The board is back as it started."
        else:
            said = f"The board is {self._turned_words()}."
            if not self.scene.show_labels:
                said += (
                    " Its outline looks the same, but the cells have moved: C shows their names."
                )
        self.show_status(said, 8000)

    def rotate_board(self, by: int) -> None:
        """Turn the picture of the board a step (a third of a turn on a triangle)."""
        self._turn_board(self.scene.orientation.rotated(self.game.geometry, by))

    def mirror_board(self, on: bool) -> None:
        if on != self.scene.orientation.mirror:
            self._turn_board(self.scene.orientation.mirrored(self.game.geometry))

    def set_pace(self, seconds: int, remember: bool = True) -> None:
        """The least seconds between two moves of a game of computers alone (Play ▸ Pace of
        computer play)."""
        self.computer.pace = float(seconds)
        self.pace_actions[seconds].setChecked(True)
        if remember:
            self.remember("computer_pace", seconds)

    def set_computer_resigns(self, on: bool) -> None:
        """Whether the computer resigns a game its search has proved lost (it plays on to the
        end otherwise)."""
        self.computer.resigns = bool(on)
        self.remember("computer_resigns", bool(on))

    def set_numbers(self, on: bool) -> None:
        self.scene.set_numbers(1 if on else None)
        self.remember("move_numbers", bool(on))

    def number_from_here(self) -> None:
        """Number the moves after the position shown (for a figure of what follows)."""
        self.act_numbers.setChecked(True)  # (first: checking it numbers from the first move)
        start = self.session.move_number + 1
        self.scene.set_numbers(start)
        # (nothing changed on the board, whose stones are all before it: tester 84 saw no
        # sign that the choice was taken)
        self.show_status(
            f"Moves from move {start} on are numbered: step forward to see them "
            "(Move numbers on the stones, Ctrl+M, numbers them all again).",
            10000,
        )

    def copy_position(self) -> None:
        """The position shown, as the text the typing box reads (``position_text``), and,
        for ygui itself, the board it stands on (a position pasted on a board of another
        size went into its corner without a word: tester 25)."""
        game = self.game
        text = position_text(game)
        data = QMimeData()
        data.setText(text)
        board = {
            "game": game.options.game,
            "options": list(game.options.to_keys()),
            "board": game.geometry.to_dict(),
        }
        data.setData(POSITION_MIME, QByteArray(json.dumps(board).encode("utf-8")))
        QApplication.clipboard().setMimeData(data)
        self.show_status(f"Copied: {text}", 8000)

    def _pasted_board(self) -> tuple[GameOptions, BoardGeometry] | None:
        """The board a position on the clipboard was copied from, if ygui copied it there
        and it is not the board shown (None otherwise, or where it cannot be read)."""
        data = QApplication.clipboard().mimeData()
        if data is None or not data.hasFormat(POSITION_MIME):
            return None
        try:
            board = json.loads(bytes(data.data(POSITION_MIME).data()).decode("utf-8"))
            options = GameOptions.from_keys(str(board["game"]), [str(k) for k in board["options"]])
            geometry = BoardGeometry.from_dict(board["board"])
        except (ValueError, TypeError, KeyError, OptionsError, BoardError):
            return None
        shape = geometry.to_dict()
        if shape == self.game.geometry.to_dict():
            return None
        if shape == options.board().to_dict():
            # the options' own board (a copy of it was titled as a board of one's own: tester 26)
            geometry = options.board()
        return options, geometry

    def copy_record(self) -> None:
        """The whole game, its variations and comments, as the text of its record."""
        QApplication.clipboard().setText(self.session.record_text())
        self.show_status(
            f"Copied the record of {title(self.game)} ({counted(self.session.line_length, 'move')} "
            "in the line shown); Paste in another window opens it.",
            8000,
        )

    def paste(self) -> None:
        """A game's record from the clipboard opens as a game of no file; a position written
        as the typing box reads it (Black: a1 b2  White: c3) is set up on the board it was
        copied from, where ygui copied it, else on this board. Text that is neither is said
        to be so, and nothing changes."""
        text = QApplication.clipboard().text().strip()
        if not text:
            self.refuse("the clipboard holds no text")
            return
        if text.startswith("("):  # a record
            try:
                record = read_record(text)
            except RecordError as exc:
                salvaged = salvage_bad_moves(text.encode())
                if salvaged is None:
                    self.inform("Could not paste the game", f"The record on the clipboard: {exc}")
                    return
                record, left = salvaged
                if not self._leave_out_bad_moves("The record on the clipboard", record, left):
                    return
            if not self.maybe_keep_changes("Pasting opens the game on the clipboard."):
                return
            self.session.open_unsaved(record)
            self.show_status(
                f"Pasted {title(self.game)}, {self._where_in_line()}; not yet saved", 10000
            )
            return
        elsewhere = self._pasted_board()
        geometry = elsewhere[1] if elsewhere else self.game.geometry
        if ":" not in text and elsewhere is None:
            # moves, played here as the typing box plays them (they were refused, the
            # refusal giving moves as the form to write: tester 62)
            self._paste_moves(text)
            return
        try:
            setup, to_move = parse_position(geometry, text)
        except IllegalMove as exc:
            self.inform(
                "Could not paste the position",
                f"The clipboard holds neither a game's record nor a position of this board "
                f"({capitalised(str(exc))}). A position is written as: "
                f"{position_text(self.game) if self.game.moves else entry_example(self.game)}",
            )
            return
        if elsewhere is not None:
            options, geometry = elsewhere
            board = title(Game(replace(options, pie=False), geometry))
            why = f"Pasting sets up the position on the clipboard, on its own board ({board})."
            if not self.session.is_typed_position() and not self.maybe_keep_changes(why):
                return
            if self.session.editing:  # (the set-up is of the board shown: done with it)
                self.editor.edit_button.setChecked(False)
            self.session.set_position(setup, to_move, options, geometry, typed=True)
            said = f"Pasted the position, on its own board ({board}): {text}"
            self.show_status(self._with_setup_words(said, text), 15000)
            return
        if self.session.editing:
            self.editor.set_typed(setup, to_move)
            return
        typed = self.session.is_typed_position()
        if not typed and not self.maybe_keep_changes(
            "Pasting sets up the position on the clipboard."
        ):
            return
        self.session.set_position(setup, to_move, typed=True)
        self.show_status(self._with_setup_words(f"Pasted the position: {text}", text), 15000)

    def _with_setup_words(self, said: str, text: str) -> str:
        """``said``, then what the position set up from ``text`` leaves unsaid (its side to
        move, what the rules could not reach) as a sentence of its own."""
        words = setup_words(self.session.tree.record.new_game(), text)
        return f"{said.rstrip('.')}. {words}" if words else said

    def _paste_moves(self, text: str) -> None:
        """Moves from the clipboard played from the position shown, all or none."""
        example = position_text(self.game) if self.game.moves else entry_example(self.game)
        if self.session.editing:
            why = "a position is being set up, and moves are played once it is done"
        else:
            try:
                moves = parse_moves(self.game, text)
            except IllegalMove as exc:
                why = capitalised(str(exc))
            else:
                refused = self.play_moves(moves)
                if refused is not None:
                    self.refuse(refused)
                    return
                self.show_status(f"Pasted and played: {text}", 8000)
                return
        self.inform(
            "Could not paste",
            "The clipboard holds neither a game's record, nor moves to play here, nor a "
            f"position of this board ({why}). Moves and positions are written as: {example}",
        )

    def export_figure(self) -> None:
        self.scene.clear_ghost()
        dialog = FigureDialog(
            self.game,
            self.scene.show_labels,
            self.scene.numbers_from,
            self,
            orientation=self.scene.orientation,
            marks=self.scene.marks,
            remembered=self.settings.get("figure"),
        )
        self._modal(dialog)
        self.remember("figure", dialog.choices())

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
        self.statusBar().showMessage(f"Wrote {shown_path(path)}", 4000)

    def maybe_keep_changes(self, why: str = "", named: bool = False) -> bool:
        """Ask about unsaved changes, after ``why`` (what is about to happen, if the bare
        question would not say it; ``named`` if it names the game), first of a game a set-up
        has set aside, if it has some. True means: go ahead (saved or discarded)."""
        if not self.editor.keep_set_aside():
            return False
        return self._keep_changes(why, named)

    def _game_named(self) -> str:
        """The game shown as a question names it: its file, or else its board, and its
        length ("study.ysgf (12 moves)")."""
        path = self.session.path
        game = shown_path(path.name) if path is not None else title(self.game)
        if path is None and (self._others_open or running_windows(self.autosave.folder) > 1):
            # (as the title names it, where another window runs: "Closing the window of Y, 9
            # cells …" under a title of "unsaved game 2" did not say which of two windows
            # asked, tester 87; nor did the first window's, its title "unsaved game", 88)
            game = f"{self._unsaved}, {game}"
        tree = self.session.tree
        # (the variations too: "(3 moves)" of a study whose line on the screen had four read
        # as a count gone wrong, tester 41)
        lines = sum(max(0, len(n.children) - 1) for n in nodes_of(tree.root))
        more = f", {counted(lines, 'variation')}" if lines else ""
        main, shown = tree.main_line(), tree.line_through_current()
        whole = extent(tree.game_at(main))
        if [id(n) for n in shown] != [id(n) for n in main]:
            # (the main line's length alone, "12 moves", of a game played on to move 16 in a
            # variation read as moves lost, tester 44)
            here = extent(tree.game_at(shown))
            whole = f"{here} in the variation shown, {whole} in the main line"
        elif len(tree.path) < len(main):
            # (of an empty board after an undo, "(1 move)" read as a question about nothing:
            # tester 71; the moves stepped back over are the game's still)
            at = f"move {len(tree.path)}" if tree.path else "the start"
            more += f"; the board shows {at}"
        return f"{game} ({whole}{more})"

    def _moves_not_saved(self) -> str:
        """What of the game's moves its file lacks, said in the question before it is lost
        ("" where the file's main line is the game's, or not known)."""
        known = self.session.moves_not_saved()
        if known is None:
            return ""
        saved, now, alike, more = known
        name = self.session.path.name if self.session.path is not None else "the file"
        if saved == now == alike:
            # (a variation of two moves added: the question named the whole game, tester 58)
            if more > 0:
                return f"Variations have {counted(more, 'move')} that {shown_path(name)} lacks."
            return ""  # (other changes: comments, marks)
        if alike == saved:
            later = "last move is" if now - saved == 1 else f"last {now - saved} moves are"
            return f"The {later} not in {shown_path(name)}."
        if alike == now:
            return f"{shown_path(name)} has {counted(saved - now, 'more move')} in its main line."
        # ("parts from this one after move 0", of a line changed from its first move, read as
        # jargon: tester 70)
        where = "from its first move" if alike == 0 else f"after move {alike}"
        return (
            f"The game's main line differs from that of {shown_path(name)} "
            f"({counted(saved, 'move')}) {where}."
        )

    def _keep_changes(self, why: str = "", named: bool = False) -> bool:
        self._discard_note = ""
        if not self.session.has_work:
            return True
        with self.question():
            # (the question before New and Open named no game, where closing's did: tester 37)
            game = "the current game" if named else f"the current game, {self._game_named()},"
            question = (
                "The analysis of this game is not saved (its moves are). Save it with the "
                "game first?"
                if self.session.only_analysis_unsaved and self.session.path is not None
                else f"Save {game} first?"
            )
            question = f"{why} {question}" if why else question
            if (lost := self._moves_not_saved()) and not self.session.only_analysis_unsaved:
                question = f"{question} {lost}"
            answer = self.ask_save_discard_cancel(question)
            if answer == "save":
                return self.save()
            if answer != "discard":
                return False  # (cancelled)
            self._keep_discarded()
            return True

    def _keep_discarded(self) -> None:
        """A game discarded is kept a while, as a recovered game declined is: only Discard
        as the window closed kept it, and a game discarded before New or Open was gone for
        good (tester 81). Said where, since nothing else tells of the folder."""
        session = self.session
        if session.autosave_file is None or session.autosave() is not None:
            return
        # (named as a declined recovered game is; not as a save would be, whose name is made
        # free in the folder of saves: "-2" came from a file there)
        kept = keep_copy(
            session.autosave_file, "declined", record_stem(self.game.options.game, session.record())
        )
        if kept is not None:
            self._discard_note = (
                # (its name said: said again as each new game came, "the game discarded"
                # read as the game in the window, tester 86)
                # (the place last: a long one is cut at the window's edge, tester 88)
                f"The game you discarded is kept for {KEEP_DAYS} days (Game → Open reads "
                f"it): {shown_path(kept)}"
            )
            self.show_status(self._discard_note, 10000)

    def _say_discard_note(self) -> None:
        """Where the game just discarded is kept, said again once the next game is shown (said
        only at the question, it stood while the new-game dialog was open and was gone after
        its OK, tester 82)."""
        if self._discard_note:
            self.show_status(self._discard_note, 10000)
            self._discard_note = ""

    # ----- recovery -----------------------------------------------------------------------
    def offer_recovery(self) -> int:
        """After a crash: offer back every autosave no running window owns, one by one. An
        accepted game comes back here (or, if this window has a game already, in a window of
        its own); a declined one is kept for a while; one that cannot be read is kept and the
        reason given. Returns how many games came back."""
        purge_declined()
        # (the clock of the game behind the questions stands still meanwhile: it ran, and the
        # new game began with 19 s gone, tester 7; and the computer makes no move in it: its
        # first move made the game no longer blank, and the one recovered went to a second
        # window, tester 22)
        with self.question():
            return self._offer_recovery()

    def _offer_recovery(self) -> int:
        recovered = 0
        for path in orphans():
            if path == self.autosave.path:
                continue
            orphan = read_orphan(path)
            if orphan.record is None:
                kept = set_aside(path, "unreadable")
                self.inform(
                    "An autosaved game could not be opened",
                    f"ygui found a game it saved automatically, but cannot open it: "
                    f"{orphan.problem}.\n\nThe file is kept in {kept}.",
                )
                continue
            game = orphan.record.to_game()
            viewed = viewed_game(orphan.record)  # (the preview: where the game was left)
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(orphan.modified))
            at = (
                ""
                if viewed.moves == game.moves
                else ", left at the start"
                if not viewed.moves
                else f", left at move {len(viewed.moves)}"
                + " of a variation" * (viewed.moves != game.moves[: len(viewed.moves)])
            )
            belongs = original_file(orphan.record)  # (a tester missed the file's name)
            of = f" of {shown_path(belongs.name)}" if belongs is not None else ""
            # (a game a set-up had set aside, said so: two questions of one window's games read
            # alike, tester 35)
            which = "that Edit position had set aside" if is_aside(path) else "that was in progress"
            said = "in progress"
            ended = parse_result(orphan.record.result)
            if ended is not None and ended.reason != CONNECTION and not is_aside(path):
                # (not "in progress": it had been resigned or lost on time, tester 39)
                names = (game.colour_name(BLACK), game.colour_name(WHITE))
                which = said = f"that was open ({ended.words(names)})"
            record = orphan.record
            # (who played it: a tester's two recovered games read alike)
            players = (
                f"{record.black} against {record.white}, " if record.black and record.white else ""
            )
            question = (
                f"ygui did not close normally. Recover the game{of} {which} "
                f"({title(game)}, {players}{extent(game)}{at}, saved {when})?"
            )
            if not self.ask_recover(question, viewed):
                # (named after its game and players, as a discarded game's copy is)
                kept = set_aside(path, "declined", record_stem(game.options.game, record))
                self.show_status(f"The autosaved game is kept for {KEEP_DAYS} days in {kept}")
                continue
            target = self if recovered == 0 and self.session.is_blank else self.new_window()
            target.session.recover(orphan.record)
            target.session.autosave()
            discard(path)
            recovered += 1
            clock = target.session.clock
            target.show_status(
                f"Recovered the game {said}: {title(game)}, {extent(game)}"
                # (tester 39 learnt it from a refused click)
                + (
                    "; the clocks are paused: Ctrl+Shift+P starts them"
                    if clock and clock.paused and not target.session.finished
                    else ""
                ),
                10000,
            )
        return recovered

    def quit(self) -> None:
        """Close every window of the program, each asking of its own unsaved game; a window
        whose question is cancelled stays, and so do those not yet asked (Quit closed only
        the window it was chosen in, and the program ran on: tester 22)."""
        for window in [*self._other_windows(), self]:
            window._quitting = True  # (its question says Quit, not closing its window)
            try:
                if not window.close():
                    return
            finally:
                window._quitting = False

    def _other_windows(self) -> list[MainWindow]:
        """The program's other windows on the screen."""
        return [
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, MainWindow) and w is not self and w.isVisible()
        ]

    def new_window(self) -> MainWindow:
        """Another window, sharing the settings (for a second recovered game)."""
        window = MainWindow(self.settings, warm_up_engine=False)
        window.computer.ready = self.computer.ready
        self._others.append(window)
        window.show()
        return window

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        """A window made shorter or taller shares its panels' room again, once it has settled
        (Qt shares it in proportion, and the game panel's moves scrolled out of sight)."""
        super().resizeEvent(event)
        if event.oldSize().height() != event.size().height():
            self._share_timer.start()
        if event.oldSize().width() != event.size().width():
            QTimer.singleShot(0, self, self._fit_panels_across)

    def _fit_panels_across(self) -> None:
        """A narrow window keeps most of its width for the board: the panels' column gives
        way down to its least width, to PANELS_SHARE of the window (at 640 pixels they kept
        380 and the board had 200, a tester's finding), and grows back to the width it had
        as the window widens again."""
        dock = self.game_dock
        if not dock.isVisible() or dock.isFloating():
            return
        most = max(dock.minimumSizeHint().width(), int(PANELS_SHARE * self.width()))
        width = dock.width()
        if width > most:
            self._panels_width = max(width, self._panels_width or 0)
            self.resizeDocks([dock], [most], Qt.Orientation.Horizontal)
        elif self._panels_width is not None and width < self._panels_width:
            grown = min(self._panels_width, most)
            if grown > width:
                self.resizeDocks([dock], [grown], Qt.Orientation.Horizontal)
            if grown >= self._panels_width:
                self._panels_width = None

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002 - Qt's names
        """Tab passes over the bars of tabbed panels: a stop there showed nothing a keyboard
        player could see (tester 74's Tab seemed to go nowhere); Ctrl+1 to Ctrl+5 bring a
        panel to the front."""
        before = QApplication.focusWidget()
        moved = super().focusNextPrevChild(next)
        for _ in range(8):  # (a bar or two, never a loop)
            if not isinstance(QApplication.focusWidget(), QTabBar):
                break
            super().focusNextPrevChild(next)
        if before is self.view and QApplication.focusWidget() is self.view:
            self.view.tab_in()  # (the board the one stop: Tab there still shows its keys)
        return moved

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        match = self.match_dialog
        if match is not None and (stopping := match.closing_question()):
            with self.question() as resume:
                stop = self.ask_yes_no("Stop the match?", stopping)
                resume[0] = not stop
            if not stop:
                event.ignore()
                return
            match.shut()
        why = ""
        if self.session.has_work:
            # the question names its game (tester 34 was asked of two windows' games in two
            # ways); with several windows (Quit asks each) over its own window brought to the
            # front (tester 23 read one window's question over the other and discarded the
            # wrong game)
            if self._other_windows():
                self.raise_()
                self.activateWindow()
            # (said as Quit where Quit was chosen: "Closing the window of …" puzzled tester
            # 81, who had chosen Quit)
            why = (
                f"Quitting ygui, with {self._game_named()} in this window."
                if self._quitting
                else f"Closing the window of {self._game_named()}."
            )
        with self.question() as resume:  # a match or an engine game waits for the answer
            keep_going = self.maybe_keep_changes(why, named=True)
            resume[0] = not keep_going  # closing: nothing is started again
        if not keep_going:
            event.ignore()
            return
        if self.match_dialog is not None:
            self.match_dialog.shut()
        self.save_layout()
        # nothing of the game runs on behind a closed window: a second window closed (its
        # game discarded) kept its clock and its autosave going, lost on time unseen and was
        # offered back after a normal quit (tester 40)
        for timer in (self._layout_timer, self.clock_timer, self._viewed_timer):
            timer.stop()
        # (a game discarded as the window closes was kept a while at the question, as a
        # recovered game declined is: a Discard clicked by mistake lost it for good, tester
        # 68; _keep_discarded)
        self.session.autosave_file = None
        if self.session.clock is not None:
            self.session.clock.stop(self.session.now())
        self.autosave.release()
        self.computer.shutdown()
        self.review_panel.shutdown()
        self.solver_panel.shutdown()
        event.accept()


class VerticalScroll(QScrollArea):
    """A scroll area that scrolls only up and down: as wide as its contents need (their
    minimum width, as the panel was before it scrolled) and as tall as they would like, but
    content to be much shorter."""

    SHORTEST = 100  # (a short window: the game panel's buttons first, a tester's finding)

    def __init__(self, parent: QWidget | None = None, squeeze: bool = False) -> None:
        """``squeeze``: the contents are given the viewport's height down to their least
        (Qt gives contents whose lines wrap the height they would like, and a panel whose
        table could have shown fewer rows scrolled instead: the analysis's at 1100 by 760,
        its candidates cut, tester 84); they scroll only below it."""
        super().__init__(parent)
        # (no stop of Tab's: two of them showed nothing, tester 65; the wheel scrolls it)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.squeeze = squeeze
        self.setWidgetResizable(not squeeze)
        self._squeezed: Squeezed | None = None

    def setWidget(self, widget: QWidget) -> None:  # noqa: N802 - Qt's name
        super().setWidget(widget)
        widget.installEventFilter(self)
        if self.squeeze:
            # (as wide as the viewport and as tall as it, or as their least at that width
            # where that is more)
            self._squeezed = Squeezed(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        # contents that come to need more width (Mudcrack Y's row of the set-up panel) widen
        # the panel: its width was the one it had, and the contents' right side was cut off
        # (a tester's finding)
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        # a panel that comes (back) on the screen shows its top: the analysis panel came up
        # with its first row, Analyse and Heat map, a few pixels high (tester 73)
        super().showEvent(event)
        self.verticalScrollBar().setValue(0)

    def _bar(self) -> int:
        return int(self.verticalScrollBar().sizeHint().width())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        body = self.widget()
        if body is None:
            return super().minimumSizeHint()
        least = body.minimumSizeHint()
        return QSize(least.width() + self._bar(), min(least.height(), self.SHORTEST))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        body = self.widget()
        if body is None:
            return super().sizeHint()
        wanted = body.sizeHint().expandedTo(body.minimumSizeHint())
        return QSize(wanted.width() + self._bar(), wanted.height())


def wanted_height(dock: QDockWidget) -> int:
    """The height a panel's contents ask for at its width, their lines wrapped (without the
    title bar): what they need not to scroll."""
    area = dock.widget()
    body = area.widget() if isinstance(area, QScrollArea) else area
    if body is None or area is None:
        return dock.sizeHint().height()
    frame = 2 * area.frameWidth() if isinstance(area, QScrollArea) else 0
    # (at the width left beside a scroll bar: given the height its lines take at the full
    # width, the scroll area found them a little taller beside the bar it then showed, and
    # kept it, the panel scrolling by a line)
    bar = area.verticalScrollBar().sizeHint().width() if isinstance(area, QScrollArea) else 0
    width = area.width() - frame - bar
    height = body.heightForWidth(width) if body.hasHeightForWidth() else -1
    if height < 0:
        height = body.sizeHint().expandedTo(body.minimumSizeHint()).height()
    return int(height + frame + 2)


def scrolling(dock: QDockWidget, squeeze: bool = False) -> None:
    """The panel's contents scroll where the window is too short for them, instead of
    holding the window taller than a laptop's screen (the analysis panel alone wanted 720
    pixels) or being drawn over one another when it is made shorter (``squeeze``: not
    before they are at their least, ``VerticalScroll``)."""
    area = VerticalScroll(squeeze=squeeze)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(dock.widget())
    dock.setWidget(area)
    guard = WheelGuard(area)
    for box in area.findChildren(QComboBox) + area.findChildren(QAbstractSpinBox):
        box.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # (not taken by a turn of the wheel)
        box.installEventFilter(guard)


class LayoutWatch(QObject):
    """Tells, soon after, when a widget's layout is asked to be done again: one of its
    widgets shown, hidden or changed in size (or, with ``kind``, another event)."""

    def __init__(
        self,
        widget: QWidget,
        changed: Callable[[], None],
        kind: QEvent.Type = QEvent.Type.LayoutRequest,
    ) -> None:
        super().__init__(widget)
        self.changed = changed
        self.kind = kind
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == self.kind:
            QTimer.singleShot(0, self, self.changed)  # (once the layout is done)
        return False


class WheelGuard(QObject):
    """The mouse wheel over a choice box or a number box in a scrolling panel scrolls the
    panel, unless the box has the keyboard's focus (clicked or tabbed to): a tester scrolling
    the Set up panel turned its side-to-move box from Black to White without seeing it."""

    def __init__(self, area: QScrollArea) -> None:
        super().__init__(area)
        self.area = area

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if (
            event.type() == QEvent.Type.Wheel
            and isinstance(watched, QWidget)
            and not watched.hasFocus()
        ):
            QApplication.sendEvent(self.area.verticalScrollBar(), event)
            return True
        return False


def schedule_recovery(window: MainWindow) -> None:
    QTimer.singleShot(0, window.offer_recovery)


def record_stem(game_name: str, record: GameRecord) -> str:
    """A file name's stem for a game: its kind, date and players ("y-2026-11-29-Ann-vs-Bo"),
    in characters any file system takes."""
    words = (game_name, record.date, record.black, "vs", record.white)
    return safe_stem("-".join(w for w in words if w))


def _free_name(path: Path) -> Path:
    """``path`` if no file has that name, else the first of ``stem-2``, ``stem-3``... free."""
    number = 2
    other = path
    while other.exists():
        other = path.with_name(f"{path.stem}-{number}{path.suffix}")
        number += 1
    return other


def extent(game: Game) -> str:
    """How much a game holds, in words: its moves, or a set-up's stones ("0 moves" of a set-up
    read as nothing worth saving, tester 35)."""
    if game.moves or not game.setup:
        return counted(len(game.moves), "move")
    return f"{counted(len(game.setup), 'stone')} set up"
