"""NewGameDialog: choose the game, its board, its options and the players."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent, QShowEvent, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from ygui.ai.engine import LEVEL_DESCRIPTIONS
from ygui.core.clock import TimeControl
from ygui.core.game import Game
from ygui.core.geometry import BoardError
from ygui.core.variants import (
    CORNER_COUNTS,
    MAX_HANDICAP,
    MULTI_STONE,
    TURN_DESCRIPTIONS,
    TURN_STRUCTURES,
    VARIANTS,
    GameOptions,
    OptionsError,
)
from ygui.core.wording import capitalised, counted
from ygui.session import COMPUTER_NAME, Seat
from ygui.ui.board_scene import BoardScene
from ygui.ui.board_view import BoardView
from ygui.ui.form import (
    Squeezed,
    WheelToScroll,
    fill_player_kinds,
    ok_cancel,
    resize_within_screen,
    row,
    seat_of,
    select,
)
from ygui.ui.theme import Theme

PREVIEW_GROWS = 90  # pixels the dialog asks beyond its choices' room, for the preview


class _Preview(BoardView):
    """The board chosen, as small as it reads well: the choices below it ask its room first
    (at its own size, 253 pixels tall, the players' names were below the dialog's fold on a
    1280 by 800 screen: tester 27). It grows where the dialog has room to spare."""

    def __init__(self, scene: BoardScene) -> None:
        super().__init__(scene)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # (a picture: no stop of Tab's)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(280, 160)


def levels_said(first: tuple[object, int], second: tuple[object, int]) -> str:
    """What the computer's levels mean, for the players' (kind, level) (none: nothing)."""
    levels = [
        (who, level)
        for who, (kind, level) in (("first player", first), ("second", second))
        if kind == "computer"
    ]
    engines = [
        str(kind)[len("engine:") :]
        for kind, _ in (first, second)
        if str(kind).startswith("engine:")
    ]
    if not levels and engines:
        # (its level box greyed, with a level in it that does not apply: tester 83)
        # (and where: Play ▸ Engines… has no field called strength, tester 84)
        return (
            f"{engines[0]} plays at its own strength: its commands in Play ▸ Engines… set it "
            "(for ygui: ygui-level 3)."
        )
    if len(levels) == 1:
        level = levels[0][1]
        return f"The computer: level {level} of 10, {LEVEL_DESCRIPTIONS[level]}."
    # (both: the words kept short, in two lines at the dialog's width, where three moved
    # the rows below and took the turns' note its room)
    return (
        "Levels of 10: " + "; ".join(f"{w} {v}, {LEVEL_DESCRIPTIONS[v]}" for w, v in levels) + "."
        if levels
        else ""
    )


class RoomyNote(QLabel):
    """A wrapped note whose room, at a given width, is never less than ``lines`` lines, the
    room of the longest text it may show (``longest``) or the most it has needed so far: the
    rows below it stay where they are as its text changes, and no text of its is cut."""

    def __init__(self, longest: str = "", lines: int = 1) -> None:
        super().__init__()
        self.setWordWrap(True)
        self._longest = QLabel(longest)
        self._longest.setWordWrap(True)
        self._lines = lines
        self._most: dict[int, int] = {}  # width: the most room needed at it

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        return True  # (an empty label has none of its own)

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        self._longest.setFont(self.font())
        most = max(
            super().heightForWidth(width),
            self._longest.heightForWidth(width) if self._longest.text() else 0,
            self._lines * self.fontMetrics().lineSpacing(),
            self._most.get(width, 0),
        )
        self._most[width] = most
        return most

    # (and as its minimum height: a layout in a scroll area asks no label its height for its
    # width, and the note was cut by a line at the width a scroll bar left)
    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setText(text)
        self._hold_room()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._hold_room()

    def _hold_room(self) -> None:
        if self.width() > 0:
            self.setMinimumHeight(self.heightForWidth(self.width()))


class NewGameDialog(QDialog):
    """Shows each game with a description and a preview; validates before accepting."""

    def __init__(
        self,
        choices: dict[str, Any],
        theme: Theme,
        parent: QWidget | None = None,
        engines: Mapping[str, str] | None = None,
    ):
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.theme = theme
        # the attached engines (players besides the built-in), each with why it failed earlier
        self.engines: Mapping[str, str] = engines or {}
        self._fitted = False  # sized to the screen when first shown (fit_screen)
        self._engine_names: dict[bool, str] = {}  # first seat? -> the engine name it was given
        self._pie_touched = choices.get("pie") is not None
        # the pie rule as the player set it for each game, and the turn structure chosen: kept
        # while other games are looked at (passing over a game without turn structures reset
        # them, a tester's finding)
        self._pie_choices: dict[str, bool] = {}
        if self._pie_touched and isinstance(choices.get("game"), str):
            self._pie_choices[choices["game"]] = bool(choices["pie"])
        self._turns_choice = str(choices.get("turns") or "standard")
        self._sizes: dict[str, int] = dict(choices.get("sizes") or {})  # each game's last size
        self.options: GameOptions | None = None
        self._build()
        self._load(choices)

    # ----- layout ----------------------------------------------------------------------
    def _build(self) -> None:
        self.games = QListWidget()
        for v in VARIANTS.values():
            item = QListWidgetItem(f"{v.title}\n{v.description}")
            item.setData(Qt.ItemDataRole.UserRole, v.name)
            item.setToolTip(f"{v.title} by {v.designer}")
            self.games.addItem(item)
        self.games.setMinimumWidth(320)
        self.games.setWordWrap(True)
        self.games.setSpacing(2)

        self.size_box = QComboBox()
        # as wide for every game: the dialog keeps its size as the game changes
        self.size_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.size_box.setMinimumContentsLength(30)
        self.corners = QComboBox()
        for k in CORNER_COUNTS:
            self.corners.addItem(str(k), k)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setToolTip(
            "The board's number: the same number draws the same board. Each new game is given "
            "a new one; type an earlier game's number (its title shows it) to play its board "
            "again."
        )
        self.new_board = QPushButton("New &board")
        self.new_board.setToolTip("Draw another board of this size")
        self.new_board.clicked.connect(self.draw_board)
        self.pie = QCheckBox("Pie rule (the second player may swap)")
        self.turns = QComboBox()
        for t in TURN_STRUCTURES:
            self.turns.addItem(t, t)
            self.turns.setItemData(
                self.turns.count() - 1, TURN_DESCRIPTIONS[t], Qt.ItemDataRole.ToolTipRole
            )
        self.handicap = QComboBox()
        self.handicap.addItem("none", 0)
        for k in range(2, MAX_HANDICAP + 1):
            self.handicap.addItem(f"{k} stones", k)

        board = QFormLayout()
        board.addRow("Board size", self.size_box)
        board.addRow("Corners", self.corners)
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(self.new_board)
        board.addRow("Seed", seed_row)
        self._seed_row = seed_row
        self._board_form = board
        rules = QFormLayout()
        rules.addRow(self.pie)
        rules.addRow("Turns", self.turns)
        rules.addRow("Handicap", self.handicap)
        # what the turns and the handicap mean, in five lines or more (a note that grew past
        # its room overlapped the caption on the preview, a tester's finding; its longest, a
        # turn structure with a handicap, took six at the width a scroll bar leaves)
        self.turns_note = RoomyNote(lines=5)
        self.turns_note.setStyleSheet("color: palette(placeholder-text);")
        self.turns_note.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        rules.addRow(self.turns_note)

        self.first_label = QLabel("Black")
        self.second_label = QLabel("White")
        # as wide as the widest colours' names of any game: the name boxes beside them moved
        # sideways between games of Black and White and games of Red and Blue (tester 82)
        widest = max(
            self.first_label.fontMetrics().horizontalAdvance(f"{name} (moves first)")
            for v in VARIANTS.values()
            for name in v.colour_names
        )
        self.first_label.setMinimumWidth(widest)
        self.first_name = QLineEdit()
        self.second_name = QLineEdit()
        self.first_kind = QComboBox()
        self.second_kind = QComboBox()
        self.first_level = QSpinBox()
        self.second_level = QSpinBox()
        for combo, level in (
            (self.first_kind, self.first_level),
            (self.second_kind, self.second_level),
        ):
            fill_player_kinds(combo, level, self.engines)
            combo.currentIndexChanged.connect(self._kinds_changed)
        self.first_kind.activated.connect(lambda _i: self._engine_named(self.first_kind))
        self.second_kind.activated.connect(lambda _i: self._engine_named(self.second_kind))
        players = QFormLayout()
        players.addRow(self.first_label, row(self.first_name, self.first_kind, self.first_level))
        players.addRow(
            self.second_label, row(self.second_name, self.second_kind, self.second_level)
        )
        # what a level means, in words (in a tooltip alone, a newcomer found nothing saying
        # what level 1 or 3 was, nor how high the levels went: tester 75)
        # its lines kept when it says less: shown and hidden, it moved every row below it,
        # and the next click landed on another control (tester 77); grown from one line to
        # three as the second player became the computer, it moved the level boxes, and a
        # click meant for one landed on the note (tester 81)
        self.level_note = RoomyNote(levels_said(("computer", 1), ("computer", 10)))
        self.level_note.setEnabled(False)  # (the window's quieter ink)
        players.addRow(self.level_note)
        for level in (self.first_level, self.second_level):
            level.valueChanged.connect(lambda _v: self._say_levels())

        self.clocks = QCheckBox("Clocks")
        self.clocks.setToolTip("Each player has this much time for the game; out of time loses")
        self.clock_minutes = QSpinBox()
        self.clock_minutes.setRange(1, 1440)
        self.clock_minutes.setSuffix(" min each")
        self.clock_increment = QSpinBox()
        self.clock_increment.setRange(0, 3600)
        self.clock_increment.setPrefix("+ ")
        self.clock_increment.setSuffix(" s a turn")
        self.clocks.toggled.connect(self._clocks_changed)
        players.addRow(row(self.clocks, self.clock_minutes, self.clock_increment))

        self.preview_game = Game(GameOptions(game="y", size=5))
        self.preview = _Preview(BoardScene(self.preview_game, self.theme))
        # (100 tall at the least: at 1366 by 768 the choices scrolled by 39 pixels, under a
        # preview held 160 tall, the first game's name cut off once scrolled, tester 86)
        self.preview.setMinimumSize(260, 100)
        self.preview.setInteractive(False)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.summary.setMinimumHeight(self.summary.fontMetrics().lineSpacing() * 3 + 4)

        right = QVBoxLayout()
        right.addWidget(self.preview, 1)
        right.addWidget(self.summary)
        # the players before the rules: on a 1024 by 600 screen the dialog is 552 pixels
        # tall, and the players were below its fold (tester 29); the rules' note is long
        for title, layout in (("Board", board), ("Players", players), ("Rules", rules)):
            box = QGroupBox(title)
            box.setLayout(layout)
            right.addWidget(box)
            if title == "Board":
                # the room of its second row, Poly-Y's corners or Mudcrack Y's seed, kept for
                # the games without: the dialog grew and shrank as games were chosen, and OK
                # moved under the pointer (tester 79)
                tallest = 0
                for corners in (True, False):
                    board.setRowVisible(self.corners, corners)
                    board.setRowVisible(seed_row, not corners)
                    tallest = max(tallest, box.sizeHint().height())
                box.setMinimumHeight(tallest)
        self.rules_button = QPushButton("Rules of this game…")
        self.rules_button.setToolTip("Read the rules of the game chosen, before starting it")
        self.rules_button.clicked.connect(self.show_rules)
        buttons = ok_cancel(self)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        # the choices scroll where the screen is too short for them, the buttons stay in sight
        # (at 1024 by 600 the dialog stood 701 pixels tall, OK and Cancel below the screen's
        # bottom: tester 23); the list of games beside them stays put (it scrolled with them,
        # its first game cut off at the top, tester 87)
        self.body = QWidget()
        self.body.setLayout(right)
        scroll = QScrollArea()
        scroll.setWidget(self.body)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        # (squeezed down to their least before they scroll: the preview shrinks first)
        self._squeezed = Squeezed(scroll, sideways=True)
        # (sideways too, where the screen is narrower than the choices: with a larger font the
        # computer's level was out of reach on the right, tester 73)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self._wheel = WheelToScroll(scroll)
        top = QHBoxLayout()
        top.addWidget(self.games)
        top.addWidget(scroll, 1)
        outer = QVBoxLayout(self)
        outer.addLayout(top, 1)
        # the rules on the row of OK and Cancel, at its left, always in sight (under the list
        # of games it was below the fold of a 1366 by 768 screen, where the choices scroll:
        # tester 85)
        bottom = QHBoxLayout()
        bottom.addWidget(self.rules_button)
        bottom.addWidget(buttons, 1)
        outer.addLayout(bottom)
        self._buttons = buttons
        self.games.setFocus()  # (the keys first to the choice of game, where the eye goes)

        self.games.currentRowChanged.connect(self._game_changed)
        for combo in (self.size_box, self.corners, self.turns, self.handicap):
            combo.currentIndexChanged.connect(self._options_changed)
        self.seed.valueChanged.connect(self._options_changed)
        # Poly-Y's sizes say their cells, which its corners change
        self.corners.currentIndexChanged.connect(lambda: self._fill_sizes())
        self.pie.clicked.connect(self._pie_clicked)
        self.turns.currentIndexChanged.connect(self._turns_chosen)

    def fit_screen(self) -> None:
        """As large as the choices ask, within the screen's room (they scroll beyond it)."""
        scroll = self.body.parentWidget()
        bar = scroll.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent) if scroll else 0
        outer = self.layout()
        assert outer is not None
        margins = outer.contentsMargins()
        spacing = outer.spacing()
        hint = self.body.sizeHint()
        # (the list of games beside them, not scrolled)
        beside = max(self.games.sizeHint().width(), self.games.minimumWidth()) + spacing
        width = beside + hint.width() + bar + margins.left() + margins.right()
        height = (
            hint.height()
            + PREVIEW_GROWS  # (where the screen has room: the preview takes it)
            + self._buttons.sizeHint().height()
            + spacing
            + margins.top()
            + margins.bottom()
        )
        resize_within_screen(self, width, height, 0.95, 0.92)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        if not self._fitted:
            self._fitted = True
            self.fit_screen()
        super().showEvent(event)

    def show_rules(self) -> None:
        self.rules_dialog(self.current_options().game).exec()

    def rules_dialog(self, game: str) -> QDialog:
        from ygui.ui.help import RulesDialog

        return RulesDialog(game, self)

    def _clocks_changed(self) -> None:
        self.clock_minutes.setEnabled(self.clocks.isChecked())
        self.clock_increment.setEnabled(self.clocks.isChecked())

    def time_control(self) -> TimeControl | None:
        """The clocks chosen, or None for a game without clocks."""
        if not self.clocks.isChecked():
            return None
        return TimeControl(self.clock_minutes.value() * 60.0, float(self.clock_increment.value()))

    def _kinds_changed(self) -> None:
        self.first_level.setEnabled(self.first_kind.currentData() == "computer")
        self.second_level.setEnabled(self.second_kind.currentData() == "computer")
        self._say_levels()

    def _say_levels(self) -> None:
        """The computer's levels in words, under the players (none: nothing)."""
        self.level_note.setText(
            levels_said(
                (self.first_kind.currentData(), self.first_level.value()),
                (self.second_kind.currentData(), self.second_level.value()),
            )
        )

    def _engine_named(self, combo: QComboBox) -> None:
        """An engine chosen as a player gives that player its name; another choice after it
        takes the engine's name away again (unless the name was typed over). So does the
        computer: a seat still named "Player N" is named "Computer", and back."""
        kind = str(combo.currentData())
        first = combo is self.first_kind
        field = self.first_name if first else self.second_name
        given = self._engine_names.get(first)
        if given is None and field.text() in self.engines:  # chosen in an earlier dialog
            given = field.text()
        # a person's default name, not the other player's (with the names as a game before
        # left them, tester 38 set up "Player 1" against "Player 1")
        other = (self.second_name if first else self.first_name).text()
        default = "Player 1" if first else "Player 2"
        if other == default:
            default = "Player 2" if first else "Player 1"
        if kind.startswith("engine:"):
            self._engine_names[first] = kind[len("engine:") :]
            field.setText(self._engine_names[first])
        elif given is not None:
            self._engine_names.pop(first, None)
            if field.text() == given:
                field.setText(COMPUTER_NAME if kind == "computer" else default)
        elif kind == "computer" and field.text() in ("Player 1", "Player 2"):
            field.setText(COMPUTER_NAME)  # not "Player 2" for the computer
        elif kind == "human" and field.text() == COMPUTER_NAME:
            field.setText(default)

    def _load(self, c: dict[str, Any]) -> None:
        names = list(VARIANTS)
        self._loading = True
        game = c.get("game")
        self.games.setCurrentRow(
            names.index(game) if isinstance(game, str) and game in names else 0
        )
        self._fill_sizes(c.get("size"))
        select(self.corners, c.get("corners") or 5)
        # Mudcrack Y: a board of its own for each game (the board of the game before came
        # back every time, a tester's finding)
        self.seed.setValue(fresh_seed())
        select(self.turns, c.get("turns") or "standard")
        select(self.handicap, c.get("handicap") or 0)
        if c.get("pie") is not None:
            self.pie.setChecked(bool(c["pie"]))
        self.first_name.setText(c.get("black") or "Player 1")
        self.second_name.setText(c.get("white") or "Player 2")
        select(self.first_kind, c.get("black_player") or "human")
        select(self.second_kind, c.get("white_player") or "human")
        for combo, field, default in (
            (self.first_kind, self.first_name, "Player 1"),
            (self.second_kind, self.second_name, "Player 2"),
        ):
            # a seat an engine had, a person's now (the engine failed, and a person took its
            # side): not under the engine's name (a person named "Exits": tester 69)
            kind = str(combo.currentData())
            if not kind.startswith("engine:") and field.text() in self.engines:
                field.setText(COMPUTER_NAME if kind == "computer" else default)
        self.first_level.setValue(int(c.get("black_level") or 5))
        self.clocks.setChecked(bool(c.get("clocks")))
        self.clock_minutes.setValue(int(c.get("clock_minutes") or 10))
        self.clock_increment.setValue(int(c.get("clock_increment") or 0))
        self._clocks_changed()
        self.second_level.setValue(int(c.get("white_level") or 5))
        self._kinds_changed()
        self._loading = False
        self._options_changed()

    # ----- reacting ----------------------------------------------------------------------
    @property
    def game_name(self) -> str:
        item = self.games.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item else "y"

    def _fill_sizes(self, wanted: int | None = None) -> None:
        v = VARIANTS[self.game_name]
        current = wanted if wanted is not None else self.size_box.currentData()
        self.size_box.blockSignals(True)
        self.size_box.clear()
        for s in _listed_sizes(v.sizes, v.default_size, current):
            corners = int(self.corners.currentData() or 5)
            notes = [_board_total(v.name, s, corners)]
            notes += ["default"] if s == v.default_size else []
            notes = [note for note in notes if note]
            self.size_box.addItem(
                f"{s} {v.size_meaning}" + f" ({', '.join(notes)})" * bool(notes), s
            )
        select(self.size_box, current if current in v.sizes else v.default_size)
        self.size_box.blockSignals(False)

    def _game_changed(self) -> None:
        if getattr(self, "_loading", False):
            return
        v = VARIANTS[self.game_name]
        self._fill_sizes(self._sizes.get(v.name, v.default_size))
        self.turns.blockSignals(True)
        select(self.turns, self._turns_choice if v.has_turn_structures else "standard")
        self.turns.blockSignals(False)
        # a handicap is an arrangement for one game: it carried over silently to the next
        # game chosen (a tester's finding), while the sizes and the pie rule are the game's own
        select(self.handicap, 0)
        self._pie_touched = v.name in self._pie_choices
        if self._pie_touched:
            self.pie.setChecked(self._pie_choices[v.name])
        self._options_changed()

    def _pie_clicked(self) -> None:
        self._pie_touched = True
        self._pie_choices[self.game_name] = self.pie.isChecked()
        self._options_changed()

    def _turns_chosen(self) -> None:
        if self.turns.isEnabled() and not getattr(self, "_loading", False):
            self._turns_choice = str(self.turns.currentData())

    def draw_board(self) -> None:
        """Another Mudcrack Y board: a new seed."""
        self.seed.setValue(fresh_seed(self.seed.value()))

    def current_options(self) -> GameOptions:
        """What the controls say, not yet validated."""
        name = self.game_name
        handicap = int(self.handicap.currentData())
        return GameOptions(
            game=name,
            size=int(self.size_box.currentData()),
            corners=int(self.corners.currentData()) if name == "poly-y" else None,
            seed=self.seed.value() if name == "mudcrack-y" else None,
            # (no pie rule with a handicap: the box greyed, the player's choice kept for later)
            pie=self.pie.isChecked() if self._pie_touched and not handicap else None,
            turns=str(self.turns.currentData()),
            handicap=handicap,
        )

    def _options_changed(self) -> None:
        if getattr(self, "_loading", False):
            return
        v = VARIANTS[self.game_name]
        self._sizes[v.name] = int(self.size_box.currentData())
        self.corners.setEnabled(v.name == "poly-y")
        self.seed.setEnabled(v.name == "mudcrack-y")
        self.new_board.setEnabled(v.name == "mudcrack-y")
        # shown for the game they are of (greyed for the others, they were read as choices
        # that could not be made: testers 33 and 37)
        self._board_form.setRowVisible(self.corners, v.name == "poly-y")
        self._board_form.setRowVisible(self._seed_row, v.name == "mudcrack-y")
        # (an edge stone of Hexagonal Y brings its pair: a handicap counts placements)
        unit = "placements" if v.name == "hexagonal-y" else "stones"
        for i in range(1, self.handicap.count()):
            self.handicap.setItemText(i, f"{self.handicap.itemData(i)} {unit}")
        self.turns.setEnabled(v.has_turn_structures)
        first, second = v.colour_names
        self.first_label.setText(f"{first} (moves first)")
        self.second_label.setText(second)
        options = self.current_options()
        handicap = options.handicap
        # the game these options make, asked once: by the note (the turns after a handicap)
        # and by the summary below (None: the options make no game, and ``problem`` says why)
        game: Game | None = None
        problem: Exception | None = None
        try:
            game = Game(options.validated())
        except (OptionsError, BoardError) as exc:
            problem = exc
        # a handicap greys the pie rule out, unticked, and says why; without one the box
        # shows the player's choice for this game, or the default (a ticked box with a
        # handicap greyed OK, the reason in red at the top of the dialog: tester 42)
        self.pie.setEnabled(not handicap)
        self.pie.setToolTip(
            "No pie rule with a handicap: the handicap already says who needs the help"
            if handicap
            else ""
        )
        if self._pie_touched and not handicap:
            self.pie.setChecked(self._pie_choices.get(self.game_name, options.pie_value))
        else:
            self.pie.setChecked(options.pie_value)
        turns = str(self.turns.currentData()) if v.has_turn_structures else "standard"
        note = TURN_DESCRIPTIONS[turns]
        if v.name == "hexagonal-y":
            note = "One stone a turn; a stone on the edge brings a second on the opposite cell."
        if not v.has_turn_structures:
            # (the box greyed without a word: tester 21)
            note = f"{v.title} has one turn structure. {note}"
            self.turns.setToolTip(f"{v.title} is played one stone a turn")
        else:
            self.turns.setToolTip("")
        if not self._pie_touched and turns in MULTI_STONE and not handicap:
            # the box changed by itself as the turns were chosen, with no word why (tester 21)
            # ("the first turn is one stone already" puzzled tester 36: so it is in standard)
            note += (
                " The pie rule is off by default here: a first turn of one stone against the "
                "opponent's more already evens out the first move."
            )
        if handicap:
            # the handicap's stones are the first turn: "one stone in the first turn" then
            # read as a contradiction (a tester's finding)
            stones = (
                "placements (an edge stone brings its pair)"
                if v.name == "hexagonal-y"
                else "stones"
            )
            # (what the second player's turn then is, as the rules count it: "then White
            # plays" left a reader to work out the two stones of master's turn, tester 71)
            then = game.stones_in_turn(2) if game is not None else 0
            hexagonal = v.name == "hexagonal-y"
            plays = (
                "plays"
                if not then or (hexagonal and then == 1)
                else f"plays {counted(then, 'placement' if hexagonal else 'stone')}"
            )
            note += (
                f" With the handicap, {first}'s first turn is {handicap} {stones} instead of "
                f"one; then {second} {plays}: give {first} to the weaker player. No pie rule "
                "with a handicap."
            )
            if turns in ("two-stone", "progressive"):
                note += " No two of the handicap's stones may end up in one group."
            if turns == "tabu":
                note += f" {second}'s first stone may not touch the last of them."
        self.turns_note.setText(note)
        if game is None:
            text = capitalised(str(problem)).rstrip(".")
            self.summary.setText(f"<span style='color:#b3261e'>{text}.</span>")
            self.ok_button.setEnabled(False)
            return
        # a handicap at most half the board (the list offered 20 stones on a board of 6
        # cells, and the game only then said its board would fill: tester 38)
        most = game.geometry.size // 2
        model = self.handicap.model()
        for i in range(1, self.handicap.count()):
            item = model.item(i) if isinstance(model, QStandardItemModel) else None
            if item is not None:
                item.setEnabled(int(self.handicap.itemData(i)) <= most)
        if handicap > most:
            self.summary.setText(
                f"<span style='color:#b3261e'>A handicap of {handicap} is more than half of "
                f"this board ({game.geometry.size} {self._word(game)}): choose at most "
                f"{most}.</span>"
            )
            self.ok_button.setEnabled(False)
            return
        self.ok_button.setEnabled(True)
        self.summary.setText(
            f"<b>{v.title}</b>: {game.geometry.size} {self._word(game)}. {v.description}"
        )
        self.preview.board_scene().show(game)
        self.preview.fit()

    @staticmethod
    def _word(game: Game) -> str:
        return "points" if game.geometry.style == "points" else "cells"

    # ----- result ----------------------------------------------------------------------
    def accept(self) -> None:
        try:
            self.options = self.current_options().validated()
        except OptionsError as exc:
            self.warn("These options do not make a game", str(exc))
            return
        if not self.first_name.text().strip() or not self.second_name.text().strip():
            self.warn("Players", "Give each player a name.")
            return
        super().accept()

    def warn(self, title: str, text: str) -> None:
        """A modal warning (replaced in tests)."""
        self.last_warning = text
        QMessageBox.warning(self, title, text)

    def choices(self) -> dict[str, Any]:
        """The dialog's state, to remember in the settings."""
        o = self.current_options()
        return {
            "game": o.game,
            "size": o.size,
            "corners": o.corners,
            "seed": o.seed,
            "pie": o.pie,
            "turns": o.turns,
            "handicap": o.handicap,
            "sizes": {**self._sizes, o.game: o.size},
            "black": self.first_name.text().strip(),
            "white": self.second_name.text().strip(),
            "black_player": self.first_kind.currentData(),
            "white_player": self.second_kind.currentData(),
            "black_level": self.first_level.value(),
            "white_level": self.second_level.value(),
            "clocks": self.clocks.isChecked(),
            "clock_minutes": self.clock_minutes.value(),
            "clock_increment": self.clock_increment.value(),
        }

    def seats(self) -> tuple[Seat, Seat]:
        first, second = self.player_names()
        return (
            seat_of(first, str(self.first_kind.currentData()), self.first_level.value()),
            seat_of(second, str(self.second_kind.currentData()), self.second_level.value()),
        )

    def player_names(self) -> tuple[str, str]:
        return self.first_name.text().strip(), self.second_name.text().strip()


def _listed_sizes(sizes: Sequence[int], default: int, current: int | None) -> list[int]:
    """The sizes the dialog lists: all of them, or of a long range (Mudcrack Y's 30 to 400
    cells, 371 rows to scroll through, a tester's finding) the round ones, the default and
    the size chosen before."""
    if len(sizes) <= 40:
        return list(sizes)
    kept = {s for s in sizes if s % (10 if s <= 200 else 50) == 0} | {default}
    if current is not None and current in sizes:
        kept.add(current)
    return sorted(kept)


def _board_total(game: str, size: int, corners: int = 5) -> str:
    """The whole board's count after a size given per side (the Game of Y's boards are known
    by theirs, "the 93-point board": a tester looked for it in a list of points per side);
    Poly-Y's with its corners (tester 38 found no count there); nothing where it is the
    size."""
    if game == "mudcrack-y":
        return ""
    unit = "points" if game == "game-of-y" else "cells"
    options = GameOptions(game=game, size=size, corners=corners if game == "poly-y" else None)
    return f"{options.validated().board().size} {unit}"


SEEDS = 999_999  # the seeds drawn for new Mudcrack Y boards: 1 to this


def fresh_seed(old: int = 0) -> int:
    """A seed for a new Mudcrack Y board, not ``old``."""
    while (seed := random.randint(1, SEEDS)) == old:
        pass
    return seed
