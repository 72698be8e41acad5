"""MatchDialog (Play ▸ Match…): a match between two players (the built-in engine at a level,
or attached engines), played in the window one game after another: colours alternate, each
computer has a time a move, the running score is shown, and every game is saved (atomically)
as a record in the folder chosen. Stop ends the match; the game in play stays on the board.
An engine that fails during a match loses that game by forfeit, and the log says why; one
that fails in two games running stops the match (it will not play: a broken command line)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ygui.core.clock import TimeControl
from ygui.core.record import RecordError
from ygui.core.variants import TURN_STRUCTURES, VARIANTS, GameOptions, OptionsError
from ygui.core.wording import shown_path
from ygui.engines import MatchPlan, MatchPlayer
from ygui.session import Change, Seat, Session
from ygui.settings import data_dir
from ygui.ui.computer import ComputerPlay
from ygui.ui.form import row, scrolled, select

NEXT_GAME_MS = 400  # the end of a game stays on the board this long before the next
FAILURES_TO_STOP = 2  # an engine that fails in this many games running stops the match


class MatchHost(Protocol):
    """What a match needs of the window: its session, its computer, a way to start games."""

    session: Session
    computer: ComputerPlay

    def start_new_game(
        self,
        options: GameOptions,
        names: tuple[str, str],
        seats: tuple[Seat, Seat] | None = None,
        time_control: TimeControl | None = None,
    ) -> None: ...

    def remember(self, key: str, value: object) -> None: ...

    def maybe_keep_changes(self) -> bool: ...

    def show_status(self, text: str, ms: int = 0) -> None: ...

    def resume_computers(self) -> bool: ...


class MatchDialog(QDialog):
    def __init__(
        self,
        host: MatchHost,
        engines: tuple[str, ...],
        choices: dict[str, Any],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Match")
        self.host = host
        self.engines = engines
        self.plan: MatchPlan | None = None
        self.running = False
        self._tree: object = None  # the game tree of the game in play
        self._counted: object = None  # the tree whose result is counted already
        self._failures = [0, 0]  # games running that each player's engine failed in
        self._failed_now: set[int] = set()  # the players whose engine failed in this game
        self._starting = False
        self._build()
        self._load(choices)

    # ----- layout ----------------------------------------------------------------------
    def _build(self) -> None:
        self.kinds: list[QComboBox] = []
        self.levels: list[QSpinBox] = []
        players = QFormLayout()
        for label in ("First player", "Second player"):
            kind = QComboBox()
            kind.addItem("ygui (built-in)", "")
            for name in self.engines:
                kind.addItem(f"Engine: {name}", name)
            level = QSpinBox()
            level.setRange(1, 10)
            level.setPrefix("level ")
            kind.currentIndexChanged.connect(self._kinds_changed)
            self.kinds.append(kind)
            self.levels.append(level)
            players.addRow(label, row(kind, level))
        self.game_box = QComboBox()
        for v in VARIANTS.values():
            self.game_box.addItem(v.title, v.name)
        self.size_box = QComboBox()
        self.game_box.currentIndexChanged.connect(self._game_changed)
        self.pie = QCheckBox("Pie rule")
        self.turns = QComboBox()
        for t in TURN_STRUCTURES:
            self.turns.addItem(t, t)
        self.games = QSpinBox()
        self.games.setRange(1, 1000)
        self.seconds = QDoubleSpinBox()
        self.seconds.setRange(0.1, 3600)
        self.seconds.setDecimals(1)
        self.seconds.setSuffix(" s a move")
        # (what it does to a built-in player at a level was unclear: tester 45)
        self.seconds.setToolTip(
            "Each player's time a move. An engine is told it (ygui-time, or time_settings); "
            "the built-in player searches its level's playouts, and stops at this time if it "
            "comes first."
        )
        self.folder = QLineEdit()
        self.folder_button = QPushButton("Folder…")
        self.folder_button.clicked.connect(self.choose_folder)
        game = QFormLayout()
        game.addRow("Game", self.game_box)
        game.addRow("Board size", self.size_box)
        game.addRow(self.pie)
        game.addRow("Turns", self.turns)
        game.addRow("Games", self.games)
        game.addRow("Time", self.seconds)
        game.addRow("Save the games in", row(self.folder, self.folder_button))
        self.setup_box = QWidget()
        column = QVBoxLayout(self.setup_box)
        column.setContentsMargins(0, 0, 0, 0)
        for title, layout in (("Players", players), ("Games", game)):
            box = QGroupBox(title)
            box.setLayout(layout)
            column.addWidget(box)

        self.score = QLabel("No games played yet.")
        font = self.score.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.score.setFont(font)
        self.score.setWordWrap(True)
        self.log = QListWidget()
        self.log.setMinimumHeight(140)
        self.log.setWordWrap(True)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumWidth(560)
        self.start_button = QPushButton("&Start")
        self.start_button.clicked.connect(self.start)
        self.stop_button = QPushButton("S&top")
        self.stop_button.clicked.connect(lambda: self.stop("The match was stopped."))
        self.stop_button.setEnabled(False)
        self.close_button = QPushButton("&Close")
        self.close_button.clicked.connect(self.close)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        body = QVBoxLayout()
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(self.setup_box)
        body.addWidget(self.score)
        body.addWidget(self.log, 1)
        scrolled(self, body, buttons)  # (the buttons in sight on any screen)

    def _load(self, c: dict[str, Any]) -> None:
        for i, key in enumerate(("first", "second")):
            select(self.kinds[i], c.get(f"{key}_engine") or "")
            level = c.get(f"{key}_level")
            self.levels[i].setValue(level if isinstance(level, int) and 1 <= level <= 10 else 3)
        select(self.game_box, c.get("game") if c.get("game") in VARIANTS else "y")
        self._game_changed()
        select(self.size_box, c.get("size"))
        if isinstance(c.get("pie"), bool):
            self.pie.setChecked(c["pie"])
        select(self.turns, c.get("turns") or "standard")
        games = c.get("games")
        self.games.setValue(games if isinstance(games, int) and 1 <= games <= 1000 else 2)
        seconds = c.get("seconds")
        self.seconds.setValue(float(seconds) if isinstance(seconds, (int, float)) else 1.0)
        folder = c.get("folder")
        self.folder.setText(folder if isinstance(folder, str) and folder else _default_folder())
        self._kinds_changed()

    def _kinds_changed(self) -> None:
        for kind, level in zip(self.kinds, self.levels, strict=True):
            # (greyed, an engine's box showed a level that meant nothing for it: tester 58)
            level.setVisible(not kind.currentData())

    def _game_changed(self) -> None:
        v = VARIANTS[str(self.game_box.currentData())]
        self.size_box.clear()
        for s in v.sizes:
            self.size_box.addItem(f"{s} {v.size_meaning}", s)
        # (each game its own default: Y came back at 7, Hexagonal Y at 8, tester 84; a
        # match's saved size is put back after this, _load)
        select(self.size_box, v.default_size)
        self.turns.setEnabled(v.has_turn_structures)
        if not v.has_turn_structures:
            select(self.turns, "standard")
        # each game's own rule (off for Y, where a new game and the rules have it on: tester
        # 83); a match's saved choice is put back after this (_load)
        self.pie.setChecked(v.pie_default)

    def choose_folder(self) -> None:
        name = QFileDialog.getExistingDirectory(self, "Save the match's games in")
        if name:
            self.folder.setText(name)

    # ----- the choices -----------------------------------------------------------------
    def options(self) -> GameOptions:
        return GameOptions(
            game=str(self.game_box.currentData()),
            size=int(self.size_box.currentData()),
            pie=self.pie.isChecked(),
            turns=str(self.turns.currentData()),
        ).validated()

    def players(self) -> tuple[MatchPlayer, MatchPlayer]:
        a, b = (
            MatchPlayer(str(kind.currentData() or ""), level.value())
            for kind, level in zip(self.kinds, self.levels, strict=True)
        )
        return a, b

    def choices(self) -> dict[str, Any]:
        a, b = self.players()
        return {
            "first_engine": a.engine,
            "first_level": a.level,
            "second_engine": b.engine,
            "second_level": b.level,
            "game": str(self.game_box.currentData()),
            "size": int(self.size_box.currentData()),
            "pie": self.pie.isChecked(),
            "turns": str(self.turns.currentData()),
            "games": self.games.value(),
            "seconds": self.seconds.value(),
            "folder": self.folder.text().strip(),
        }

    # ----- playing ---------------------------------------------------------------------
    def start(self) -> None:
        if self.running:
            return
        try:
            options = self.options()
        except OptionsError as exc:
            self.say(f"These options do not make a game: {exc}")
            return
        folder = Path(self.folder.text().strip() or _default_folder()).expanduser()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self.say(f"The folder {shown_path(folder)} cannot be made: {exc.strerror or exc}")
            return
        if not self.host.maybe_keep_changes():  # the match replaces the game in the window
            return
        self.host.remember("match", self.choices())
        # (computers paused before, by Play ▸ Pause the computers, froze the new match with
        # nothing to say so: tester 45)
        resumed = self.host.resume_computers()
        self._options = options
        self.plan = MatchPlan(self.players(), self.games.value(), folder)
        self._failures = [0, 0]
        self._failed_now = set()
        self.log.clear()
        self.running = True
        self.setup_box.setEnabled(False)
        self.start_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        computer = self.host.computer
        computer.attached.forfeit = True
        computer.attached.failed.connect(self._engine_failed)
        self.host.session.subscribe(self.on_session_changed)
        self.say(self.plan.score_text())
        if resumed:
            self.log.addItem("The computers were paused: they play on for the match.")
        self._next_game()

    def _next_game(self) -> None:
        plan = self.plan
        if not self.running or plan is None:
            return
        if plan.finished:
            self._end(f"Match over: {plan.score_text()}.")
            return
        names = plan.names()
        seconds = self.seconds.value()
        seats = []
        for index in plan.seating():
            player = plan.players[index]
            seats.append(Seat(names[index], True, player.level, player.engine, seconds))
        self._starting = True
        try:
            self.host.start_new_game(
                self._options, (seats[0].name, seats[1].name), (seats[0], seats[1])
            )
        finally:
            self._starting = False
        self._tree = self.host.session.tree
        game = self.host.session.game
        self.log.addItem(
            f"Game {plan.number + 1}: {seats[0].name} ({game.colour_name(1)}) against "
            f"{seats[1].name} ({game.colour_name(2)})"
        )
        self.log.scrollToBottom()
        if not self.isVisible():
            # the match's window hidden, the status bar says whose game this is (it was blank
            # from the second game on, and the board's players changed with nothing said)
            self.host.show_status(
                f"Match game {plan.number + 1} of {plan.games}: {plan.score_text()}. "
                "Play ▸ Match… shows it.",
                15000,
            )
        self.on_session_changed(Change.GAME)  # a game over at once (a set-up win) counts too

    def on_session_changed(self, change: Change) -> None:
        if not self.running or self._starting or self.plan is None:
            return
        session = self.host.session
        if session.tree is not self._tree:
            self.stop("The match was stopped: another game was opened in the window.")
            return
        if self._counted is self._tree or not session.at_main_line_end():
            return
        result = session.result
        if result is None:
            return
        self._counted = self._tree
        plan = self.plan
        path = plan.file_for()
        game = session.game
        colours = (game.colour_name(1), game.colour_name(2))
        try:
            session.save(path)
        except (OSError, RecordError) as exc:
            self.stop(f"The match was stopped: {shown_path(path)} could not be saved: {exc}")
            return
        winner = plan.record_result(result, path, game.swapped)
        self.log.addItem(
            f"    {plan.names()[winner]} wins ({result.words(colours)}); saved as {path.name}"
        )
        self.log.scrollToBottom()
        self.say(plan.score_text())
        for index in (0, 1):
            self._failures[index] = self._failures[index] + 1 if index in self._failed_now else 0
        self._failed_now = set()
        broken = [i for i in (0, 1) if self._failures[i] >= FAILURES_TO_STOP]
        if broken and not plan.finished:
            name = plan.names()[broken[0]]
            self.stop(
                f"The match was stopped: {name} failed in {FAILURES_TO_STOP} games running "
                "(the log says why). Check it with Test in Play ▸ Engines…."
            )
            return
        QTimer.singleShot(NEXT_GAME_MS, self, self._next_game)

    def _engine_failed(self, colour: int, message: str, _declined: bool) -> None:
        # (whether it declined the game or broke, it forfeits)
        if self.running and self.plan is not None:
            session = self.host.session
            seat = (colour - 1) ^ (1 if session.game.swapped else 0)
            self._failed_now.add(self.plan.seating()[seat])
            self.log.addItem(f"  {message.splitlines()[0]} It loses the game by forfeit.")
            self.log.scrollToBottom()

    def stop(self, why: str) -> None:
        """End the match now: the game in play stays on the board, its players now people."""
        if not self.running:
            return
        session = self.host.session
        self._end(why)
        if session.tree is self._tree and not session.finished and not session.game.is_over:
            session.set_seats((Seat(session.seats[0].name), Seat(session.seats[1].name)))
            # (the computers' names stayed on seats people now play, and nothing said so: a
            # tester waited for "ygui" to move, tester 58)
            people = (
                f"{why} The game on the board goes on between people, under the players' "
                "names: Play ▸ Players… gives a side back to a computer."
            )
            self.log.addItem("    The game on the board goes on between people.")
            self.host.show_status(people, 20000)

    def _end(self, why: str) -> None:
        self.running = False
        computer = self.host.computer
        computer.attached.forfeit = False
        computer.attached.failed.disconnect(self._engine_failed)
        self.host.session.unsubscribe(self.on_session_changed)
        self.setup_box.setEnabled(True)
        self.start_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.log.addItem(why)
        self.log.scrollToBottom()
        if self.plan is not None:
            self.say(f"{self.plan.score_text()}. {why if not why.startswith('Match over') else ''}")
        # (said in the status bar too, where it is seen if this window is hidden, and where
        # the last game's words stood otherwise: "… Take back the resignation plays on.",
        # tester 46)
        self.host.show_status(f"{why} Play ▸ Match… shows its games.", 15000)

    def carry_log(self, other: MatchDialog) -> None:
        """Show what ``other`` (the dialog of the match before, not running) showed: its
        score and its log, which a dialog opened afresh lost (tester 45)."""
        self.score.setText(other.score.text())
        for i in range(other.log.count()):
            self.log.addItem(other.log.item(i).text())
        self.log.scrollToBottom()

    def say(self, text: str) -> None:
        self.score.setText(text.strip())

    def in_play(self) -> str:
        """The match and its game in play, as the question before the window closes says
        them."""
        plan = self.plan
        # (the last game over, the match only waits to say so: "game 5 of 4 is being
        # played", tester 59)
        if not self.running or plan is None or plan.finished:
            return ""
        return f"{plan.score_text()}; game {plan.number + 1} of {plan.games} is being played"

    def keeps_unfinished(self) -> bool:
        """Whether closing now would keep a game in play (one with moves) as unfinished."""
        session = self.host.session
        return (
            bool(self.in_play())
            and session.tree is self._tree
            and bool(session.tree.main_line())
            and not session.finished
        )

    def closing_question(self) -> str:
        """The question before the window closes while a game of the match is in play ("":
        none is)."""
        match = self.in_play()
        if not match or self.plan is None:
            return ""
        kept = (
            "and the game in play is saved there as unfinished"
            if self.keeps_unfinished()
            else "and the game in play has no moves yet"  # (nothing is saved: tester 59)
        )
        return (
            f"A match is being played: {match}. The games finished are in "
            f"{shown_path(self.plan.folder)}, {kept}. Stop the match and close the window?"
        )

    def shut(self) -> None:
        """Close for good, the match stopped (the main window is closing). The game in play
        is kept in the match's folder, as unfinished (a quit during a match lost it without a
        question: tester 58)."""
        session = self.host.session
        path = None
        if self.keeps_unfinished() and self.plan is not None:
            path = self.plan.file_for().with_suffix(".unfinished.ysgf")
        self.stop("The match was stopped: its window was closed.")  # (its players: people)
        if path is not None:
            try:
                session.save(path)
                self.log.addItem(f"    unfinished; saved as {path.name}")
            except (OSError, RecordError):
                pass  # (the window's own question follows: it is not saved)
        self.hide()

    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        # closed while a match is played, it only goes out of sight: the match goes on (it
        # was stopped with its log, and the board stood still with nothing to say why: tester
        # 45); Stop ends it
        if self.running:
            self.host.show_status(
                "The match goes on: Play ▸ Match… shows it again, and Stop ends it.", 15000
            )
        super().closeEvent(event)


def _default_folder() -> str:
    return str(data_dir() / "matches")
