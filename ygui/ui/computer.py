"""The computer in the window: its moves, the thinking indicator, hints and the analysis panel.

The engine is first prepared by ``python -m ygui.ai.warmup`` in a separate process (compiling
holds the global lock); the window shows that progress and stays usable meanwhile. Searches run
in the AiRunner's worker thread.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Protocol

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QObject,
    QProcess,
    QRect,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QDockWidget,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QStyle,
    QStyleOptionProgressBar,
    QStylePainter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ygui.ai.book import first_stone_games, swap_worth
from ygui.ai.engine import (
    CANDIDATES,
    MAX_TREE_VISITS,
    Candidate,
    SearchLimits,
    SearchResult,
)
from ygui.ai.solver import SolveMap, position_signature, wins_for_mover
from ygui.core.game import BLACK, EMPTY, WHITE, Game, Move
from ygui.core.result import RESIGNATION
from ygui.core.tree import GameTree
from ygui.core.wording import capitalised, counted
from ygui.engines import EngineSpec, Turn
from ygui.session import CLOCKS_PAUSED, Change, Seat, Session
from ygui.ui.ai_runner import AiRunner, Request
from ygui.ui.board_scene import BoardScene
from ygui.ui.board_view import HeatLegend
from ygui.ui.engine_play import AttachedPlay
from ygui.ui.game_panel import move_words
from ygui.ui.theme import STONE_COLOURS

HINT_LEVEL = 7
# said after the figures of an analysis the user stopped (they stay until the position changes)
STOPPED = (
    ". The analysis is stopped (press A to go on); its figures stay until the position changes."
)
# the analysis's wide search (SearchLimits.wide): every other playout to the least visited of
# its five best-scored moves, so that the first few candidates' rates are worth comparing
ANALYSIS_WIDE = 5
# a move of a position proved by another, itself not proved: its rate is shown (in the table,
# and on the board) from this many playouts on; fewer, and it is greyed and left off the board
ROUGH_PLAYOUTS = 1000
# Analysis runs until it is stopped or the position changes (a billion playouts take days), and
# goes on from its earlier search of a position when the user comes back to it.
ANALYSIS = SearchLimits(
    playouts=1_000_000_000, resume=True, must_play=True, judge=True, wide=ANALYSIS_WIDE
)


def pie_reason(game: Game, result: SearchResult, level: int | None) -> str:
    """Why the computer swapped the first stone of ``game`` or kept it: its worth to its owner
    as the computer knew it. From a search, the swapper's chance or the one the answer leaves
    the stone's owner (a search's rate is its own mover's); from the book, the games behind it,
    where it has them ("99%", from 14 games of 14, read as a sure thing: tester 28)."""
    worth = swap_worth(game, level)  # (the book decides at every level where it knows)
    swap = result.move.is_swap
    verb = "took" if swap else "kept"
    if worth is None:
        owner = result.win_rate if swap else 1 - result.win_rate
        if (owner > 0.5) != swap:
            # a short search's figures can say the other way from its choice (level 1 kept a
            # stone it put at 62% for its owner, tester 30): the choice alone is said
            return f"its search at this level {verb} it"
        return f"it judged the first stone worth {percent(owner)} to its owner"
    games = first_stone_games(game, level)
    if games is None:
        if (worth > 0.5) != swap:
            return f"its search at this level {verb} it"
        return f"its book values the first stone at {percent(worth)} for its owner"
    wins, played = games
    said = f"the first stone won {wins} of {played} book games for its owner"
    if played and (wins / played > 0.5) != swap:
        # (a level's choice against its book's games, quoted as its reason, argued the other
        # way: "swapped …: the first stone won 21 of 48 book games for its owner", tester 55)
        return f"at this level it {verb} it, though {said}"
    return said


def percent(rate: float) -> str:
    """A chance as a whole percentage, 1% to 99% (a first stone that won 14 of 14 games is
    not a sure thing)."""
    return f"{min(99, max(1, round(100 * rate)))}%"


def win_bar_style(game: Game) -> str:
    """The win-probability bar in the players' colours: the first colour's share filled in
    its stones' colour, the rest in the second's (it was the style's blue, neither's)."""
    first = STONE_COLOURS[game.colour_name(BLACK)]
    second = STONE_COLOURS[game.colour_name(WHITE)]
    if colours_open(game):
        # the players' shares while the pie rule leaves the colours open, in greys: in the
        # first stone's colour and the other's, the second player's share stood in the colour
        # it gives up by swapping (tester 48)
        first, second = ("#616161", ""), ("#e0e0e0", "")
    return (
        f"QProgressBar {{ background: {second[0]}; border: 1px solid #808080; "
        f"border-radius: 3px; font-weight: bold; }}"
        f"QProgressBar::chunk {{ background: {first[0]}; }}"
    )


PLAYS_ON_TO_LEVEL = 3  # the computer at this level or below never resigns


class SaidLabel(QLabel):
    """A label that says when its words change (the set-up panel repeats the analysis's
    outlook, the analysis panel being behind its tab while a position is set up)."""

    said = Signal(str)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        changed = text != self.text()
        super().setText(text)
        if changed:
            self.said.emit(text)


class SteadyLabel(SaidLabel):
    """A wrapped label that keeps the height its longest words took in one position: the
    search's figures, one line then two as they grew, moved the candidates table under the
    pointer, and a double click took the row that came under it (tester 70). ``settle`` (a
    new position) lets it shrink again. (Not a change of width: the panel's scroll bar, come
    and gone with the room the words took, narrowed and widened it at each change.)"""

    def __init__(self, text: str = "") -> None:
        super().__init__(text)
        self.setWordWrap(True)
        self._tallest = 0

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setText(text)
        if self.width() > 0 and text:
            needed = self.heightForWidth(self.width())
            if needed > self._tallest:
                self._tallest = needed
                self.setMinimumHeight(needed)

    def settle(self) -> None:
        self._tallest = 0
        self.setMinimumHeight(0)


class WinBar(QProgressBar):
    """The win-probability bar, its text on a chip of the window's own colours in the
    middle: near an even share the text lay half on each colour, and the half in the ink of
    the other read as nothing ("53%" white on white, a tester's finding)."""

    def _chip_font(self) -> QFont:
        font = self.font()
        font.setBold(True)
        return font

    def chip_rect(self) -> QRect:
        """Where the chip with the text is drawn (empty without text)."""
        if not self.isTextVisible() or not self.text():
            return QRect()
        size = QFontMetrics(self._chip_font()).boundingRect(self.text()).size()
        width = min(self.width() - 2, size.width() + 12)
        height = min(self.height() - 2, size.height() + 2)
        return QRect((self.width() - width) // 2, (self.height() - height) // 2, width, height)

    @staticmethod
    def chip_palette() -> QPalette:
        """The window's colours, for the chip: the bar's own palette takes the background of
        its style sheet (the second colour's), and in the dark theme the chip was white
        under the theme's light text (a tester's finding)."""
        return QApplication.palette()

    def paintEvent(self, event: QPaintEvent) -> None:
        option = QStyleOptionProgressBar()
        self.initStyleOption(option)
        option.textVisible = False  # (the chip's text instead, below)
        painter = QStylePainter(self)
        painter.drawControl(QStyle.ControlElement.CE_ProgressBar, option)
        chip = self.chip_rect()
        if chip.isEmpty():
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.chip_palette()
        painter.setPen(QColor("#808080"))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(chip, 3, 3)
        painter.setFont(self._chip_font())
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        painter.drawText(chip, Qt.AlignmentFlag.AlignCenter, self.text())


def search_stats(result: SearchResult) -> str:
    """The size of a search: its playouts and time, and those it went on from."""
    earlier = result.tree_playouts - result.playouts
    # ("in 0.0 s" read as no time at all: a tester's)
    took = (
        f"{result.seconds:.1f}\N{NO-BREAK SPACE}s"
        if result.seconds >= 0.05
        else "under 0.1\N{NO-BREAK SPACE}s"
    )
    if result.tree_playouts <= 0 and result.proved:
        # ("0 playouts in under 0.1 s" read oddly beside a win in one: tester 56)
        return f"Proved at once, without a playout, in {took}"
    if earlier <= 0:
        text = f"{counted(result.playouts, 'playout')} in {took}"
    elif result.playouts == 0:  # (a tester found "16,002,499 from before, 0 more" hard to read)
        text = f"{counted(result.tree_playouts, 'playout')}, all from before"
    else:
        text = (
            f"{counted(result.tree_playouts, 'playout')}: {earlier:,} from before, "
            f"{result.playouts:,} more in {took}"
        )
    if result.tree_playouts >= MAX_TREE_VISITS:
        text += f"; stopped: {MAX_TREE_VISITS:,} playouts are as many as one search can hold"
    return text


def proved_text(proved: int) -> str:
    """A candidate's proved result for the side that plays it (``Candidate.proved``), short
    enough for the board's marks and the table's Outlook column."""
    return "win" if proved > 0 else "loss"


def proved_tip(proved: int) -> str:
    end = f"the game ends within {counted(abs(proved), 'stone')}, this one included"
    if proved > 0:
        return f"Proved by the search: this move wins whatever the reply; {end}"
    return f"Proved by the search: this move loses against the best replies; {end}"


SOLVED_WIN = (
    "Proved by the solver (Study ▸ Solve this position): this move wins whatever the reply "
    "(the solver does not count how soon)"
)
SOLVED_LOSS = (
    "Proved by the solver (Study ▸ Solve this position): this move loses against the best "
    "replies (the solver does not count how soon)"
)


class Host(Protocol):
    """What the computer needs of the window around it: to say things."""

    def show_status(self, text: str, ms: int = 0) -> None: ...

    def inform(self, title: str, text: str) -> None: ...

    def set_busy(self, busy: bool) -> None: ...

    def replace_status(self, old: str, new: str = "") -> None:
        """Say ``new`` (or nothing) in the status bar, if it still says ``old``."""
        ...


SWAP_TIP = (
    "The swap's worth follows from {move}'s: after a swap the position is the one before it, "
    "the players exchanged, so the swap is worth to the second player what {move} leaves "
    "the first (its own figure from {move}'s playouts)"
)


def playouts_words(game: Game, candidate: Candidate) -> str:
    """A candidate's playouts as its row says them: "–" for a move proved without one (by
    what one stone decides: "0" read as a move not looked at), and for the swap, "as e3",
    the move whose playouts give its worth (the two rows showed the same count, tester 49)."""
    if candidate.move.is_swap and len(candidate.line) > 1 and candidate.line[1].cell is not None:
        return f"as {move_words(game, candidate.line[1])}"
    if candidate.proved and not candidate.visits:
        return "–"
    return f"{candidate.visits:,}"


def marked_cell(game: Game, move: Move) -> int | None:
    """Where the board marks ``move`` (a candidate, a hint): its cell, or for the pie rule's
    swap the first stone's, which it takes (the board's scene says "swap" on it)."""
    if move.cell is not None:
        return move.cell
    if not game.can_swap:
        return None
    return next((m.cell for m in game.moves if m.cell is not None), None)


def colours_open(game: Game) -> bool:
    """Whether the pie rule still leaves open who ends with which colour: on the first turn,
    and on the second before the swap is chosen. The chances are then the players': the
    second player can take the first stone's colour by swapping."""
    return game.swap_ahead or game.can_swap


def side_names(game: Game) -> tuple[str, str]:
    """The names the win probability gives the first colour's side and the second's: the
    colours, or the players while the pie rule leaves the colours open (an empty board of Y
    5 said "Black 0% · White 100%", which a tester could not square with Black's first move;
    the first player's 0% is every first stone swapped or too weak)."""
    if colours_open(game):
        return "First player", "second player"
    return game.colour_name(BLACK), game.colour_name(WHITE)


def winner_name(game: Game, colour: int) -> str:
    """Who a proof says wins: the colour, or while the pie rule leaves the colours open the
    player ("White wins" of a second player who wins by swapping, and so as Black, confused
    tester 44)."""
    if colours_open(game):
        return "The first player" if colour == BLACK else "The second player"
    return game.colour_name(colour)


def shares(game: Game, black: float) -> str:
    """Each side's chance of winning, the first's being ``black``: "Black 52% · White 48%",
    or the players' while the pie rule leaves the colours open."""
    first, second = side_names(game)
    said = f"{first} {100 * black:.0f}% · {second} {100 * (1 - black):.0f}%"
    if colours_open(game):
        said += " (the pie rule: the second player may swap and take the first stone)"
    return said


def line_stones(game: Game, line: Sequence[Move]) -> tuple[list[str], list[tuple[int, int, int]]]:
    """A line of play from ``game``: its moves in words, and the stones it places (cell,
    colour, the number of its move in the line), up to its first move that is not legal. A
    Hexagonal Y edge pair's two stones share their move's number, and a swap takes one: the
    numbers on the board are the words' (an edge pair's partner took the next number, and
    the board's 4 was the words' third move's other stone, tester 47). A swap is said on the
    first stone, which it takes, with the colour EMPTY (the stone is there already): the
    board showed nothing for it, and after 1. f4 the line "swap h2" read as "White: h2"
    (tester 83)."""
    probe = game.copy()
    words: list[str] = []
    stones: list[tuple[int, int, int]] = []
    for move in line:
        if not probe.is_legal(move):
            break
        words.append(move_words(probe, move))
        number = len(words)
        if move.cell is not None:
            stones += [(c, probe.to_move, number) for c in probe.placement_cells(move.cell)]
        else:
            first = next((m.cell for m in probe.moves if m.cell is not None), None)
            if first is not None:
                stones.append((first, EMPTY, number))
        probe.play(move)
    return words, stones


ROWS_TIP = (
    "Hover a move to see its line on the board; double-click it to add the line to the game, "
    "and step through it with the arrow keys."
)


class CandidateTable(QTableWidget):
    """The engine's candidate moves; says which row the pointer is on (-1 when it leaves)."""

    hovered = Signal(int)

    def __init__(self) -> None:
        super().__init__(0, 4)
        # ("Win" over "loss in 8" read oddly, tester 44: the column holds a chance, or a
        # proved outcome)
        self.setHorizontalHeaderLabels(["Move", "Outlook", "Playouts", "Line"])
        # (the framed best had a lower rate than a move below it: tester 25 took it for a
        # fault; a loss in 22 above a loss in 20 with more playouts, tester 41)
        order = (
            "The moves are in the order of their playouts: the search's choice is the most "
            "searched (framed on the board). The analysis gives half of its playouts to its "
            "next few choices, so that their rates can be compared; a rate from fewer "
            "playouts is less sure, so a move below the choice can show a higher one. A move "
            "the search has proved is placed by its proof, not its playouts: a proved win "
            "first, the quickest first; a proved loss last, the hardest to meet (the longest) "
            "first, even above a loss with more playouts."
        )
        # (each its own words: the order's paragraph under three headers read as one tooltip
        # repeated, tester 29)
        for column, tip in enumerate(
            (
                order,
                "The side to move's chance of winning after this move, as the search found it. "
                "A rate from fewer playouts is less sure. Where the search proved the move, "
                "'win in 7' or 'loss in 12' for the side to move: the game ends within that "
                "many stones, the move included.",
                "The playouts that went through this move. The analysis shares half of its "
                "playouts alike among its next few choices, so they show the same count.",
                "The line the search expects after this move.",
            )
        ):
            item = self.horizontalHeaderItem(column)
            if item is not None:  # (rich text wraps: one was 1,200 px wide)
                item.setToolTip(f"<p>{tip}</p><p>{ROWS_TIP}</p>")
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        header.setStretchLastSection(True)
        for column in range(3):  # the move, its win rate and visits as narrow as they can be:
            # the line gets the rest of the width
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setMouseTracking(True)
        self.cellEntered.connect(lambda row, _column: self.hovered.emit(row))
        # (on the headers, not over every row: the tip of the whole table covered the board's
        # bottom row while the pointer rested on a row to see its line, tester 34)
        self.setWordWrap(False)  # a line on one row: rows keep one height
        # (the line's column is cut short with "…": a scroll bar across took a row's room in
        # a narrow panel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        # (four rows at least: in a short window the table scrolls its rows, not the panel)
        self.setMinimumHeight(
            self.horizontalHeader().sizeHint().height() + 4 * (self.fontMetrics().height() + 6)
        )

        self.hovered_row = -1
        self.hovered.connect(self._remember)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        """Room for the heading and every candidate a search lists, without a scroll bar of
        its own: Qt's guess was a few pixels short of eight rows, and the table scrolled
        inside a panel that scrolled too (its last row cut in half)."""
        rows = CANDIDATES * self.verticalHeader().defaultSectionSize()
        heading = self.horizontalHeader().sizeHint().height()
        return QSize(super().sizeHint().width(), heading + rows + 2 * self.frameWidth())

    def _remember(self, row: int) -> None:
        self.hovered_row = row
        self.mark_hovered()

    def mark_hovered(self) -> None:
        """The row under the pointer, whose line the board shows, shaded (the table selects
        nothing: tester 31 could not tell which row's line the board showed)."""
        shade = QColor(self.palette().color(QPalette.ColorRole.Highlight))
        shade.setAlpha(70)
        for row in range(self.rowCount()):
            for column in range(self.columnCount()):
                item = self.item(row, column)
                if item is not None:
                    item.setBackground(
                        shade if row == self.hovered_row else Qt.GlobalColor.transparent
                    )

    def leaveEvent(self, event: QEvent) -> None:
        self.hovered.emit(-1)
        super().leaveEvent(event)


class ComputerPlay(QObject):
    """The seats the computer plays, hints and the analysis of the shown position. It follows
    the session: after every change it drops stale work and starts whatever is due."""

    def __init__(
        self,
        session: Session,
        scene: BoardScene,
        host: Host,
        parent: QObject | None = None,
        warm_up: bool = True,
        engines: Callable[[], dict[str, EngineSpec]] = dict,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.scene = scene
        self.host = host
        self.runner = AiRunner(self)
        self.attached = AttachedPlay(session, engines, self)  # seats other engines play
        # the attached engines that failed as players here, and why (the dialogs say so)
        self.failed_engines: dict[str, str] = {}
        # told the name of an engine that failed in a game (the window: the next start's
        # game has a person in its place)
        self.engine_gave_up: Callable[[str], None] | None = None
        self.attached.thinking.connect(self._engine_thinking)
        self.attached.failed.connect(self._engine_failed)
        self.attached.suggested.connect(self._engine_suggested)
        self.attached.suggestion_failed.connect(self._engine_gave_no_move)
        self.paused = False  # computers make no moves (an engine game held)
        # a game of computers alone (not a match's): the least seconds between their moves,
        # to watch it (a game at level 1 was over before it could be seen: noticed by a
        # session's own look); the window sets it (Play ▸ Pace of computer play)
        self.pace = 0.0
        self._pace_timer = QTimer(self)
        self._pace_timer.setSingleShot(True)
        self._pace_timer.timeout.connect(self.after_change)
        self._paced: tuple[object, float] = (None, 0.0)  # a position, when it was first seen
        self.held_at: object = None  # the position it waits at, whatever (``plays_here``)
        self.ready = not warm_up
        self.warmup: QProcess | None = None
        self.warmup_code: int | None = None  # the warm-up's exit code, once it has ended
        self.hint_cell: int | None = None
        # the solver's verdict on a position, its words ("Black wins (proved)") and winner
        # (None where the pie rule leaves the colour open), shown instead of the win
        # probability where there is one (the window sets it)
        self.proved: Callable[[Game], tuple[str, int | None] | None] | None = None
        # and its map of a position's moves (the window sets it): the candidates it settled
        # are said so (the table called them unproved beside the solver's map: tester 56)
        self.solved: Callable[[Game], SolveMap | None] | None = None
        self._filled: tuple[Game, SearchResult] | None = None  # what the table shows
        # the position right after the computer's own move, whose search the panel shows
        self._explained: list[Move] | None = None
        # the position the panel's figures are of (None: it shows none): a question that held
        # the computers (a dialog opened and cancelled) changed nothing, and its figures, their
        # marks and the hint stay (a tester's stopped analysis was wiped by Ctrl+N, Cancel)
        self._displayed: tuple[object, ...] | None = None
        self._said_idle = False  # Move now said that nobody was thinking
        self._analysis: tuple[Request, SearchResult] | None = None  # its last report
        self._build_thinking()
        self._build_analysis()
        self._swap_said = False  # the status bar says a computer swapped
        # why the computer swapped: the first stone's worth to its owner, as it judged it
        # (said with the swap; tester 27 was told that it swapped, not why)
        self._swap_why: str | None = None
        # each game's own seed for the computer's searches: with the same seed for every
        # game, the computer opened the same stone and answered the same moves alike game
        # after game (tester 27: "it always opens b4"), a game to learn by heart
        self.game_seed = self._new_game_seed()
        # the last hint that proved a win: the position's moves, the move, its bound
        self._hinted_win: tuple[tuple[Move, ...], Move, int] | None = None
        self._asked_here = False  # Ctrl+G asked the computer for the move being searched
        self._hint_said: tuple[tuple[Move, ...], str] | None = None  # its position and words
        # the words said of a computer's move, with the moves they were said after
        self._move_said: tuple[tuple[Move, ...], str] | None = None
        # the engine's preparation: the seconds it has taken so far, said each second (the
        # first start on a busy machine said the same words for a minute and more: tester 36
        # could not tell it from a hang)
        self._warm_started = time.monotonic()
        self._warm_said = ""  # what the status bar was last told of it
        self._warm_timer = QTimer(self)
        self._warm_timer.setInterval(1000)
        self._warm_timer.timeout.connect(self._say_warming)
        # the computer resigns a game its search proved lost (Play ▸ The computer resigns a
        # lost game; the window sets it from the settings)
        self.resigns = True
        self._resigned_in: GameTree | None = None  # the game it resigned (once a game)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)
        if warm_up:
            self.start_warmup()

    # ----- widgets ----------------------------------------------------------------------
    def _build_thinking(self) -> None:
        self.thinking = QWidget()
        layout = QHBoxLayout(self.thinking)
        layout.setContentsMargins(0, 0, 0, 0)
        self.thinking_label = QLabel()
        self.thinking_label.setWordWrap(True)  # long, and changing: it must not widen the panel
        # two lines, whatever the text: the room the panel keeps for this line while it is
        # hidden stays that of two lines (it kept the last text's, up to 165 blank pixels)
        self.thinking_label.setFixedHeight(2 * self.thinking_label.fontMetrics().lineSpacing())
        self.thinking_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.thinking_bar = QProgressBar()
        self.thinking_bar.setTextVisible(False)
        self.thinking_bar.setMaximumHeight(10)
        self.move_now_button = QPushButton("Move now")
        self.move_now_button.clicked.connect(self.move_now)
        self.move_now_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay with the board
        column = QVBoxLayout()
        column.addWidget(self.thinking_label)
        column.addWidget(self.thinking_bar)
        layout.addLayout(column, 1)
        layout.addWidget(self.move_now_button)
        self.thinking.setVisible(False)  # (its room while hidden: _keep_thinking_room)

    def _build_analysis(self) -> None:
        self.dock = QDockWidget("Analysis")
        self.dock.setObjectName("analysis")
        body = QWidget()
        layout = QVBoxLayout(body)
        self.analyse_box = QCheckBox("Analyse (A)")
        self.analyse_box.toggled.connect(self.set_analysing)
        self.heat_box = QCheckBox("Heat map (M)")
        self.heat_box.toggled.connect(self.set_heat_map)
        self.heat_legend = HeatLegend()  # (shown with the heat map)
        self.scene.heatChanged.connect(self._show_heat_legend)
        self.win_label = SteadyLabel("Win probability: -")
        self.win_bar = WinBar()
        self.win_bar.setRange(0, 1000)
        self.win_bar.setTextVisible(False)
        self.line_label = SteadyLabel("Best line: -")
        self.preview_box = QCheckBox("Best line (P)")
        self.preview_box.toggled.connect(self._show_preview)
        self.best_line: list[tuple[int, int, int]] = []
        # the lines as moves, to be added to the game (the best line, each candidate's)
        self.best_moves: tuple[Move, ...] = ()
        self.candidate_moves: list[tuple[Move, ...]] = []
        self._row_moves: list[Move] = []  # the table's moves, row by row, as last shown
        self.stats_label = SteadyLabel()
        self.candidates_box = QCheckBox("Candidates (K)")
        self.candidates_box.toggled.connect(self._show_candidates)
        self.candidates_table = CandidateTable()
        self.candidates_table.hovered.connect(self._candidate_hovered)
        self.candidates_table.cellDoubleClicked.connect(lambda row, _column: self.add_line(row))
        self.candidate_lines: list[list[tuple[int, int, int]]] = []
        self.candidate_marks: list[tuple[int, str, float]] = []
        self._best_is_marked = True  # the first of the marks is the best move (not a swap)
        # The four switches two by two, with short names (one a row, tester 23 saw two
        # candidates' rows of eight on a 1024 by 600 screen); the tooltips say them whole.
        switches = QGridLayout()
        for index, (box, tip) in enumerate(
            (
                (self.analyse_box, "Analyse the position shown, until stopped"),
                (self.heat_box, "The heat map on the board: where the search looked most"),
                (self.preview_box, "Preview the best line on the board, as numbered stones"),
                (self.candidates_box, "The candidate moves on the board, tinted by win rate"),
            )
        ):
            box.setToolTip(tip)
            switches.addWidget(box, index // 2, index % 2)
        layout.addLayout(switches)
        for widget in (
            self.heat_legend,
            self.win_label,
            self.win_bar,
            self.line_label,
            self.stats_label,
        ):
            layout.addWidget(widget)
        layout.addWidget(self.candidates_table, 1)
        self.dock.setWidget(body)

    def _show_heat_legend(self) -> None:
        heat = self.scene.heat
        if heat is None:
            self.heat_legend.hide()
            return
        self.heat_legend.rings = self.scene.show_labels
        self.heat_legend.dark = self.scene.theme.name == "dark"
        share = heat.best_visits / max(1, heat.visits)
        # (its share of the search said as such: "(253,748 visits, 23%)" beside the board's
        # "20%" on the same cell, a chance of winning, read as two rates that disagreed,
        # tester 82)
        self.heat_legend.say(
            f"Most visited {heat.best}: {heat.best_visits:,} playouts, {share:.0%} of the search"
        )
        self.heat_legend.show()

    # ----- the engine's readiness --------------------------------------------------------
    def start_warmup(self) -> None:
        process = QProcess(self)
        process.setProgram(sys.executable)
        # in a bundle the executable is ygui itself, which has no -m
        frozen = getattr(sys, "frozen", False)
        # (-P: see engines.this_ygui_command; a folder named ygui where the window was
        # started would have hidden the package from the warm-up)
        process.setArguments(["warmup"] if frozen else ["-P", "-m", "ygui.ai.warmup"])
        process.finished.connect(self._warmed_up)
        process.errorOccurred.connect(lambda _error: self._warmed_up(-1, None))
        self.warmup = process
        self._warm_started = time.monotonic()
        self._warm_said = ""
        self._say_warming()
        self._warm_timer.start()
        self.host.set_busy(True)
        process.start()

    def _warming_words(self) -> str:
        seconds = round(time.monotonic() - self._warm_started)
        so_far = f", {seconds} s so far" if seconds else ""
        if self.computer_to_move() and not self.paused:
            return (
                f"Waiting for the computer player: its engine is being prepared{so_far} (about "
                "a minute the first time)…"
            )
        # (in every game: two people's game said it prepared a computer player, tester 33)
        return (
            f"Preparing the engine of the computer player, hints and analysis{so_far} (about a "
            "minute the first time, a moment after)…"
        )

    def _say_warming(self) -> None:
        """Say how long the engine's preparation has taken, where the status bar still says
        it (another message is left alone)."""
        if self.ready:
            self._warm_timer.stop()
            return
        words = self._warming_words()
        if not self._warm_said:
            self.host.show_status(words)
        elif words != self._warm_said:
            self.host.replace_status(self._warm_said, words)
        self._warm_said = words

    def _warmed_up(self, code: int, _status: object) -> None:
        if self.ready:
            return
        self.warmup_code = code
        self.ready = True  # even after a failed warm-up: the worker compiles on first use
        self._warm_timer.stop()
        self.host.set_busy(False)
        message = (
            "The engine is ready (the computer player, hints and analysis)."
            if code == 0
            else ("The engine could not be prepared in advance; its first move will be slow.")
        )
        self.host.show_status(message, 5000)
        self.after_change()

    # ----- whose move -------------------------------------------------------------------
    def seat_to_move(self) -> Seat | None:
        game = self.session.game
        if game.is_over or self.session.finished:  # won, resigned or lost on time
            return None
        return self.session.seat_for(game.to_move)

    def computer_to_move(self) -> bool:
        seat = self.seat_to_move()
        return seat is not None and seat.computer

    def thinking_for_move(self) -> bool:
        request = self.runner.current
        return (request is not None and request.is_move) or self.attached.busy

    @staticmethod
    def _new_game_seed() -> int:
        return random.randrange(1_000_000)

    def on_session_changed(self, change: Change) -> None:
        if change == Change.GAME:
            self._swap_why = None  # (another game's)
            self.game_seed = self._new_game_seed()
        if change in (Change.GAME, Change.SEATS):
            self.attached.prune(new_game=change == Change.GAME)
        # (and a swap said is taken back once the game shown no longer ends with it: it
        # stayed in the status bar over a position set up afresh, a tester's finding)
        if change in (Change.TREE, Change.POSITION, Change.GAME) and (
            self.session.played or self._swap_said
        ):
            self._say_swap()
        # a hint of a position left behind goes from the status bar (it stayed there after
        # the move was played and answered: tester 36), and so does the word on a computer's
        # move once the game has gone on ("... It played 2." stayed over its next two moves,
        # tester 44)
        self._hint_said = self._unsaid_if_stale(self._hint_said)
        self._move_said = self._unsaid_if_stale(self._move_said)
        if change not in (Change.SAVED, Change.ANALYSIS, Change.COMMENT, Change.INFO):
            self.after_change()

    def _unsaid_if_stale(
        self, said: tuple[tuple[Move, ...], str] | None
    ) -> tuple[tuple[Move, ...], str] | None:
        """Words in the status bar said after the moves ``said[0]``: taken away once the
        game shown is no longer there (None then), else kept."""
        if said is None or tuple(self.session.game.moves) == said[0]:
            return said
        self.host.replace_status(said[1])
        return None

    def _keep_thinking_room(self) -> None:
        """While a computer or an engine plays in the game, the thinking line keeps its room
        when hidden, so that the panel and the board keep still as it comes and goes; in a
        game of people alone it takes none (it was a blank gap above the moves), nor where
        the game is over (the gap stood between the end's words and the result, and pushed
        the moves out of sight in a short window: a tester's finding)."""
        plays = any(seat.computer for seat in self.session.seats)  # (an engine's seat too)
        plays = plays and not self.session.finished
        policy = self.thinking.sizePolicy()
        if policy.retainSizeWhenHidden() != plays:
            policy.setRetainSizeWhenHidden(plays)
            self.thinking.setSizePolicy(policy)

    def _say_swap(self) -> None:
        """A computer or an engine that has just swapped says so: the board shows no new
        stone, only the names beside the colours change."""
        session = self.session
        game = session.game
        if not game.moves or not game.moves[-1].is_swap:
            if self._swap_said:  # the game has gone on: the note would be stale
                self._swap_said = False
                self.host.show_status("", 1)
            return
        # after the swap the swapper has the first stone's colour, and the other is to move
        swapper = session.seat_for(3 - game.to_move)
        if not swapper.computer:  # (an engine's seat is a computer seat too)
            return
        first, other = game.colour_name(3 - game.to_move), game.colour_name(game.to_move)
        # (short: at the window's first size its end, who moves next, was cut off: tester 29)
        why = "" if self._swap_why is None else f": {self._swap_why}"
        self.host.show_status(
            f"{session.player_name(3 - game.to_move)} swapped (pie rule) and plays {first}"
            f"{why}. {session.player_name(game.to_move)} plays {other}, to move.",
            15000,
        )
        self._swap_said = True

    def plays_here(self) -> bool:
        """Whether a computer to move in the position shown plays there: at the end of the
        line, or once a move was played there; at an earlier move the user came back to, it
        waits (a variation is the user's to start, or Play ▸ Let the computer play this
        move)."""
        session = self.session
        if session.current is self.held_at:
            # where its move was just deleted, it waits (it played it again at once: tester
            # 67); Ctrl+G asks it for one
            return False
        return not session.editing and (session.played or not session.current.children)

    def after_change(self) -> None:
        """The position changed: drop stale work and start whatever is due now."""
        self.runner.cancel()
        self.attached.cancel()
        self._pace_timer.stop()
        self.thinking.setVisible(False)
        self._keep_thinking_room()
        session = self.session
        if self._displayed != position_signature(session.game):
            # an engine asked for a move here answers for a position no longer shown: it is
            # stopped (its move would be dropped, and the next question would wait for it)
            dropped = self.attached.stop_suggestion()
            if dropped is not None:  # ("Asking …" stayed in the status bar: tester 20)
                self.host.show_status(
                    f"No longer asking {dropped} for a move: the position changed.", 8000
                )
            self.set_hint(None)
            self.scene.set_heat(None)
            self.best_line, self.best_moves = [], ()
            self.scene.set_preview(None)
            self.candidate_lines, self.candidate_marks = [], []
            self.candidate_moves = []
            self.scene.set_candidates(None)
            if session.game.moves != self._explained:
                self.candidates_table.setRowCount(0)
                self._name_outlook(session.game)
                self.clear_analysis_display()
            # (explaining the computer's move, the table keeps the moves it weighed; their
            # lines and marks were of the position before, and are not drawn on this one)
            self._explained = None
        game = session.game
        if session.editing:
            # nobody moves while a position is set up, but the analysis follows it stone by
            # stone (a tester's Analyse, ticked in the editor, showed nothing and said nothing)
            if self.analyse_box.isChecked() and not game.is_over and self.ready:
                self._analyse()
            return
        if self.computer_to_move() and self.plays_here():
            seat = self.seat_to_move()
            assert seat is not None
            if self.paused or session.held_by_clocks():
                # (under paused clocks it thought, and its move, refused, was named in the
                # status bar: the opponent's move given away, tester 65)
                return
            wait = self._pace_wait()
            if wait > 0:
                self._pace_timer.start(max(1, round(wait * 1000)))
                return
            if seat.engine:
                self.attached.think(seat)
                return
            if not self.ready:
                self._warm_said = self._warming_words()
                self.host.show_status(self._warm_said)
                return
            self._think_for_move(seat.level, seat.seconds)
        elif self.analyse_box.isChecked() and not game.is_over and self.ready:
            self._analyse()

    def _pace_wait(self) -> float:
        """The seconds a computer waits before it starts to think here: in a game of
        computers alone, outside a match, until the position has been shown ``pace``
        seconds."""
        now = time.monotonic()
        signature = position_signature(self.session.game)
        if self._paced[0] != signature:
            self._paced = (signature, now)
        if self.pace <= 0 or self.attached.forfeit or not self.session.played:
            return 0.0
        if not all(seat.computer for seat in self.session.seats):
            return 0.0
        return self.pace - (now - self._paced[1])

    def _analyse(self) -> None:
        """Analyse the position shown (going on from its search where the engine kept it)."""
        self.runner.start(self.session.game, ANALYSIS, self._analysed, on_progress=self._analysed)

    def play_for_computer(self) -> None:
        """Let the computer make the move here (for the side to move, whoever sits there)."""
        # (it did nothing without a word, a tester's finding)
        if self.session.finished:
            self.host.show_status("The game is over: there is no move to play.", 8000)
            return
        if not self.ready:
            self.host.show_status(
                "The computer player is still being prepared; try again in a moment.", 8000
            )
            return
        if self.thinking_for_move():
            self.host.show_status("The computer is already thinking about this move.", 8000)
            return
        if self.session.held_by_clocks():  # (it thought, and named the move it could not play)
            self.host.show_status(f"No move is played now: {CLOCKS_PAUSED}.", 8000)
            return
        level = next((s.level for s in self.session.seats if s.computer), 5)
        self._think_for_move(level)
        self._asked_here = True
        self.host.show_status(
            f"The computer (level {level}) plays "
            f"{self.session.game.colour_name(self.session.game.to_move)}'s move here.",
            8000,
        )

    def _think_for_move(self, level: int, seconds: float | None = None) -> None:
        """Search the shown position for a move at ``level`` (at most ``seconds``), with the
        thinking bar."""
        session = self.session
        game = session.game
        if self._said_idle:  # (it stood in the status bar as the computer began: tester 23)
            self._said_idle = False
            self.host.show_status("", 1)
        limits = SearchLimits.level(level, seed=self.game_seed + len(game.moves) + 1)
        if seconds:
            limits = replace(limits, seconds=min(limits.seconds or seconds, seconds))
        clock = session.clock
        if clock is not None and not clock.paused and session.at_main_line_end():
            empty = game.colours.count(0)
            budget = clock.budget(game.to_move, session.now(), empty)
            limits = replace(limits, seconds=min(limits.seconds or budget, budget))
        self.runner.start(
            game,
            limits,
            self._move_found,
            on_progress=self._move_progress,
            on_failed=self._move_failed,
            is_move=True,
        )
        self.thinking_label.setText(f"{game.colour_name(game.to_move)} is thinking…")
        self.thinking_bar.setRange(0, limits.playouts_on(game.geometry.size))
        self.thinking_bar.setValue(0)
        self.move_now_button.setEnabled(True)
        self.thinking.setVisible(True)

    def _engine_thinking(self, name: str) -> None:
        """An attached engine thinks (it says nothing of its progress: the bar only moves)."""
        if not name:
            self.thinking.setVisible(False)
            return
        game = self.session.game
        self.thinking_label.setText(f"{game.colour_name(game.to_move)} ({name}) is thinking…")
        self.thinking_bar.setRange(0, 0)
        self.move_now_button.setEnabled(False)  # GTP has no way to ask for the move at once
        self.thinking.setVisible(True)

    def _engine_failed(self, colour: int, message: str, declined: bool) -> None:
        """An attached engine gave no usable move (``declined``: it cannot play this game).
        In a match it has lost by forfeit (the match says so); otherwise a person takes its
        side and the game goes on."""
        if self.attached.forfeit:
            self.host.show_status(message, 10000)
            return
        seat = self.session.seat_for(colour)
        person, engine = seat.name, seat.engine
        if engine and not declined:
            # (not an engine that works but cannot play this game: one without ygui-variant,
            # turned down for Poly-Y, was "(failed earlier)" in every list after, tester 69)
            self.failed_engines[engine] = message.splitlines()[0].rstrip(".") + "."
        if engine:
            # the side is a person's now, by a person's name (the panel went on saying
            # "White to play: Crasher", as if the engine were thinking: a tester's finding)
            index = next(i for i, s in enumerate(self.session.seats) if s is seat)
            person = f"Player {index + 1}"
            seat.computer, seat.engine, seat.name = False, "", person
            if self.engine_gave_up is not None:
                self.engine_gave_up(engine)
        # (a full stop after it, unless it quotes the engine's lines: "(exit code 1)" ended
        # the sentence without one, tester 45)
        if not message.endswith(".") and "\n" not in message:
            message += "."
        self.host.inform(
            "The engine failed",
            f"{message}\n\nThe game goes on; a person now plays this side, as {person} "
            "(Game ▸ Game information… can rename them).",
        )
        self.session.set_seats((self.session.seats[0], self.session.seats[1]))
        if engine:
            # (the status bar went on naming the engine among the players, tester 45)
            side = self.session.game.colour_name(colour)
            self.host.show_status(f"{person} plays {side} now: {engine} failed.", 15000)

    def ask_engine(self, name: str) -> None:
        """An attached engine's move for the position shown, as a hint (its genmove)."""
        game = self.session.game
        if game.is_over or self.session.finished:
            return
        self.set_hint(None)  # an earlier suggestion is not this engine's
        self.attached.suggest(name)
        self.host.show_status(
            f"Asking {name} for a move… (Study ▸ Stop asking the engine ends the wait)"
        )

    def stop_asking(self) -> None:
        """Stop waiting for an attached engine's suggestion (tester 19 could not stop one
        that did not answer)."""
        name = self.attached.stop_suggestion()
        if name is not None:
            self.host.show_status(f"Stopped asking {name}: the engine was ended.", 8000)

    def _engine_gave_no_move(self, name: str, why: str) -> None:
        self.host.show_status(f"{name} gave no move.", 5000)
        self.host.inform(f"{name} gave no move", why if why.endswith(".") else why + ".")

    def _engine_suggested(self, name: str, turn: object) -> None:
        assert isinstance(turn, Turn)
        if turn.resigned:
            self.host.show_status(f"{name} would resign here.", 8000)
            return
        game = self.session.game
        self.set_hint(marked_cell(game, turn.moves[0]) if turn.moves else None)
        words = " ".join(game.move_text(m) for m in turn.moves)
        self.host.show_status(f"{name} suggests {words}.", 8000)

    def set_paused(self, paused: bool) -> None:
        """Hold the computers' moves (a game between engines, to look at it) or go on."""
        self.paused = paused
        self.after_change()
        if paused:
            self.host.show_status("The computers are paused (Play ▸ Pause the computers).")
        elif self.session.line_length > self.session.move_number and not self.session.line_ended():
            # (unpaused while looking back, "The computers play on." and nothing moved:
            # tester 69; they wait where the game is not)
            self.host.show_status(
                "The computers play on from the game's last move: End goes there.", 6000
            )
        else:
            self.host.show_status("The computers play on.", 3000)

    @contextmanager
    def held(self) -> Iterator[list[bool]]:
        """The computers make no move meanwhile (a question to the user about the game is
        open); their thinking starts again afterwards unless they were paused before, or the
        caller set the list it is given to [False] (the window is closing)."""
        was = self.paused
        self.paused = True
        self.after_change()
        resume = [True]
        try:
            yield resume
        finally:
            self.paused = was
            if not was and resume[0]:
                self.after_change()

    def move_now(self) -> None:
        if self.attached.current:
            # (the menu's Move now did nothing for an attached engine, without a word, where
            # the panel's button is greyed: tester 69)
            self.host.show_status(
                f"{self.attached.current} cannot be hurried: GTP has no way to ask an engine "
                "for its move at once.",
                8000,
            )
        elif self.thinking_for_move():
            self.runner.move_now()
        elif self.session.finished:  # (it said nothing: tester 21)
            self.host.show_status("The game is over: nobody is thinking about a move.", 8000)
        else:
            self.host.show_status(
                "The computer is not thinking about a move (Play ▸ Let the computer play "
                "this move asks it for one).",
                8000,
            )
            self._said_idle = True

    def hint(self) -> None:
        """A good move for the side to move: the analysis's best so far where it has searched
        the position at least as much as a hint would (it goes on undisturbed), else a search
        of its own, after which the analysis, if on, goes on."""
        game = self.session.game
        if game.is_over:  # (H did nothing at all, tester 19)
            self.host.show_status("The game is over: there is no move to hint.", 8000)
            return
        if self.thinking_for_move():
            return
        limits = replace(SearchLimits.level(HINT_LEVEL), judge=True)
        last = self._analysis
        needed = limits.playouts_on(game.geometry.size)
        if (
            last is not None
            and self._is_current(last[0])
            and max(last[1].playouts, last[1].tree_playouts) >= needed
        ):
            self._show_hint(*last)
            return
        self.runner.start(game, limits, self._hint_found)
        self.host.show_status("Looking for a good move…")

    # ----- answers ----------------------------------------------------------------------
    def _is_current(self, request: Request) -> bool:
        game = self.session.game
        return game.moves == request.game.moves and game.setup == request.game.setup

    def _move_progress(self, request: Request, result: SearchResult) -> None:
        game = request.game
        mover = game.colour_name(game.to_move)
        self.thinking_bar.setValue(result.playouts)
        text = (
            f"{mover} is thinking… {result.playouts:,} of {self.thinking_bar.maximum():,} playouts"
        )
        explaining = self._explaining()
        if explaining:  # (not the computer's view of the game to the person it plays, with
            # the analysis off: a tester read it in the thinking line)
            text += f" · {mover}'s win probability {100 * result.win_rate:.0f}%"
        self.thinking_label.setText(text)
        self.thinking_label.setToolTip(text)  # (whole, if cut)
        if explaining:
            self.show_analysis(request, result)

    def _explaining(self) -> bool:
        """Whether the analysis panel shows the computer's own search, and then explains its
        move: not to a person playing against it with the analysis off (the panel gave the
        computer's view of the game, and its plans, away)."""
        return self.analyse_box.isChecked() or not self.session.is_against_computer()

    def _move_found(self, request: Request, result: SearchResult) -> None:
        self.thinking.setVisible(False)
        explaining = self._explaining()
        if explaining:
            self.show_analysis(request, result)
        if not self._is_current(request):
            return  # the game moved on meanwhile
        if explaining:
            self._explain(request, result)
        game = request.game
        if (
            result.proved < 0
            and self.resigns
            and not self._asked_here
            and not game.setup  # (a position set up is there to be played out)
            and self._resigned_in is not self.session.tree
            # a position reached by a move played here (not one opened: tester 38's computer
            # resigned as a damaged file's game opened), in a game not over yet
            and self.session.played
            and self.session.can_end_game()
            # the beginners' levels play on to the end: a newcomer who had won saw a
            # resignation, not the winning group (tester 63)
            and self.session.seat_for(game.to_move, game).level > PLAYS_ON_TO_LEVEL
        ):
            self._resign(game, result.proved)
            return
        colour = game.colour_name(game.to_move)
        said = f"The computer played {move_words(game, result.move)} for {colour}."
        kept = game.can_swap and not result.move.is_swap  # (the first stone, at its moment)
        self._swap_why = None
        why = ""
        if game.can_swap and result.reason != "only move":
            why = pie_reason(game, result, request.limits.strength or None)
            if kept:
                said = (
                    f"{self.session.player_name(game.to_move)} did not swap (pie rule): "
                    f"{why}. It played {move_words(game, result.move)}."
                )
            else:
                self._swap_why = why
        taken = self.session.taken_back_by(result.move)
        if taken:  # (asked to play at an earlier turn, Ctrl+G: the later moves go)
            said += f" It took back {counted(taken, 'later move')}; they stay as a variation."
        reason = self.session.play(result.move)  # never trust, always check
        if reason is not None and game.is_legal(result.move):
            # a rule of the moment, not of the game (the clocks paused meanwhile: "The
            # computer chose an illegal move" said so, tester 22): it thinks again when due
            # (not named: a move not played is a hint to the other side, tester 65)
            self.host.show_status(f"The computer's move was not played: {reason}.", 8000)
        elif reason is not None:
            self.host.inform("The computer chose an illegal move", reason)
        elif kept:
            self.host.show_status(said, 15000)  # (as a swap is said)
            self._move_said = (tuple(self.session.game.moves), said)
        elif self.session.game.can_swap and not game.can_swap:
            # the first stone under the pie rule: why there (its swap was explained, its
            # opening said nothing: tester 77)
            why = "opened near even: the pie rule"
            other = self.session.player_name(3 - game.to_move)
            said = (
                f"{self.session.player_name(game.to_move)} opened {move_words(game, result.move)}"
                f": under the pie rule it plays a first stone it judges near even. {other} may "
                "swap and take it, or answer it."
            )
            self.host.show_status(said, 15000)
            self._move_said = (tuple(self.session.game.moves), said)
        elif self._asked_here:
            # (Ctrl+G's note said only that it would play, and stayed after the reply)
            after = self.session.game
            if not after.is_over and after.to_move == game.to_move and after.stones_in_turn() > 1:
                # one stone of a turn of several: the rest are still the player's (tester 21
                # read it against Move now, which plays the computer's whole turn)
                left = after.stones_left_in_turn
                said += (
                    f" {counted(left, 'stone')} of the turn still to place (Ctrl+G again for "
                    "the next)."
                )
            self.host.show_status(said, 6000)
            self._move_said = (tuple(self.session.game.moves), said)
        self._asked_here = False
        if reason is None and why:
            # kept with the move in the move list: said in the status bar alone, a swap's
            # why went unseen (tester 36)
            note = f"did not swap: {why}" if kept else why
            self.session.note_move(self.session.current, note)

    def _resign(self, game: Game, proved: int) -> None:
        """The computer's side resigns: its search proved that it loses whatever it plays
        (a proof, never a guess from the win rate, so a resignation is never premature)."""
        loser = game.to_move
        name = self.session.player_name(loser)
        winner = self.session.player_name(3 - loser)
        ends = (
            f"the game ends within {counted(-proved, 'stone')}"
            if -proved > 2
            else f"{winner}'s next stone wins"
        )
        found = f"found that {winner} wins whatever it plays ({ends})"
        if self.session.end_game(loser, RESIGNATION, f"{name} {found}") is not None:
            return
        self._resigned_in = self.session.tree  # (taken back, it plays on to the end)
        if self.attached.forfeit:  # (in a match: its next game follows, tester 58 read the
            # take-back beside it)
            self.host.show_status(f"{name} resigns: it {found}.", 5000)
            return
        self.host.show_status(
            f"{name} resigns: it {found}. Play ▸ Take back the resignation plays on.", 30000
        )

    def _explain(self, request: Request, result: SearchResult) -> None:
        """The panel goes on explaining the computer's move once it is played, and says so
        (its figures are of the position before the move, its line begins with the move)."""
        game = request.game
        why = f"Why {game.colour_name(game.to_move)} played {move_words(game, result.move)}: "
        if result.move.is_swap:
            # the colours change hands: the figures are told by the players' names, and the
            # bar in the colours as they are after the swap (the swapper's share first)
            me, other = (self.session.player_name(c) for c in (game.to_move, 3 - game.to_move))
            rate = result.win_rate
            self.win_label.setText(
                f"Win probability: {me} {100 * rate:.0f}% · {other} {100 * (1 - rate):.0f}% "
                f"({me} now plays {game.colour_name(BLACK)})"
            )
            self.set_win_bar(rate, game)
            why = f"Why {me} swapped: "
        self.stats_label.setText(why + self.stats_label.text())
        self._explained = [*request.game.moves, result.move]

    def _move_failed(self, request: Request, message: str) -> None:
        self.thinking.setVisible(False)
        seat = self.seat_to_move()
        if seat is not None:
            seat.computer = False  # a human takes over this side
        self.host.inform(
            "The computer player failed",
            f"{message}\n\nThe game goes on; a person now plays this side.",
        )
        self.session.set_seats((self.session.seats[0], self.session.seats[1]))

    def _hint_found(self, request: Request, result: SearchResult) -> None:
        # (the panel with the analysis off against the computer: not its table of candidates
        # and lines, from the computer's own search, tester 21; the status line says the hint)
        if self._explaining():
            self.show_analysis(request, result)
        if not self._is_current(request):
            return
        self._show_hint(request, result)
        if self.analyse_box.isChecked() and not self.session.editing:
            self._analyse()  # the hint's search interrupted it

    def _show_hint(self, request: Request, result: SearchResult) -> None:
        game = request.game
        self.set_hint(marked_cell(game, result.move))
        proved = result.proved
        moves = tuple(game.moves)
        last = self._hinted_win
        if proved > 0 and last is not None:
            # the last hint proved a win within N stones and was followed, one stone came
            # in answer: the proof still wins within N - 2 (a new search may find only a
            # longer one, and the count went up as tester 27 followed the hints: 9, 7, 9)
            before, move, bound = last
            if moves[: len(before) + 1] == (*before, move) and len(moves) == len(before) + 2:
                proved = min(proved, bound - 2)
        self._hinted_win = (moves, result.move, proved) if proved > 0 else None
        end = f"the game ends within {counted(abs(proved), 'stone')}"
        if proved == 1:
            worth = "it wins at once"  # (not "the game ends within 1 stone": tester 29)
        elif proved > 0:
            worth = f"a proved win: {end}"
        elif result.reason == "proved":  # by the exact solver, which gives no length
            worth = "a proved win"
        elif proved < 0:
            worth = f"every move loses: {end}"
        elif result.reason == "book" and game.can_swap:
            # the book swaps or keeps by the first stone's worth to its owner: said as the
            # games behind it (a hint to swap a centre stone of Y 11 said "you then play
            # Black, with a win probability of 100%": 14 book games of 14)
            worth = pie_reason(game, result, HINT_LEVEL)
        elif result.move.is_swap:
            # the swapper plays the first stone's colour from then on: its chances were given
            # under the colour it gave up ("White's win probability 67%", and after the swap
            # the analysis said Black 53%: a tester could not tell which was meant)
            worth = (
                f"you then play {game.colour_name(BLACK)}, with a win probability of "
                f"{100 * result.win_rate:.0f}%"
            )
        else:
            worth = (
                f"{game.colour_name(game.to_move)}'s win probability {100 * result.win_rate:.0f}%"
            )
        # (after a resignation or a loss on time the hint is for study: tester 36 read a hint
        # after the game had ended as a fault)
        ended = self.session.ended_early
        note = " · the game has ended: the hint is for study" if ended is not None else ""
        self._hint_said = (moves, f"Hint: {game.move_text(result.move)} ({worth}){note}")
        self.host.show_status(self._hint_said[1], 8000)

    def _analysed(self, request: Request, result: SearchResult) -> None:
        """The analysis of the shown position: shown, and kept with its node (quietly: keeping
        it is no change of position to react to)."""
        self.show_analysis(request, result)
        self._analysis = (request, result)
        if (
            self._is_current(request)
            and self.hint_cell is not None
            and marked_cell(request.game, result.move) != self.hint_cell
        ):
            # a hint shown while the analysis runs on follows its best move (the ring stayed
            # on a cell the analysis had left: a tester's finding), and the status line says
            # so (it went on naming the cell the ring had left)
            self._show_hint(request, result)
        playouts = max(result.playouts, result.tree_playouts)
        # (a search of the tree from before alone, or a win in one proved at once, is kept
        # too: a student's steps through an analysed line kept none of them, tester 56)
        if self._is_current(request) and (playouts or result.proved):
            game = request.game
            black = result.win_rate if game.to_move == BLACK else 1 - result.win_rate
            best = game.move_text(result.move)
            self.session.keep_analysis(self.session.current, black, playouts, best, result.proved)

    # ----- analysis display -------------------------------------------------------------
    def clear_analysis_display(self) -> None:
        """The panel says nothing of a position it has not analysed (its figures were of the
        position before): an empty, greyed bar (a half-filled one read as an even game)."""
        self.win_bar.setValue(0)
        self.win_bar.setTextVisible(False)
        self.win_bar.setEnabled(False)
        self.win_bar.setStyleSheet("")
        game = self.session.game
        verdict = self.proved(game) if self.proved is not None else None
        if game.winner is not None:  # (it said "Win probability: -", tester 19)
            self.win_label.setText(f"The game is over: {game.colour_name(game.winner)} has won.")
        else:
            self.win_label.setText(verdict[0] if verdict else "Win probability: -")
        self.line_label.setText("Best line: -")
        self.stats_label.setText("")
        for label in (self.win_label, self.line_label, self.stats_label):
            label.settle()  # (another position: its figures may take less room)
        self._displayed = None
        kept = GameTree.analysis(self.session.current)
        stones = GameTree.proved(self.session.current)
        if verdict is not None and verdict[1] is not None and game.winner is None:
            # the solver's verdict, and the bar all of the winner's (it stood empty and grey
            # beside "Black wins (proved)", with the move kept with the game unsaid: tester 58)
            self.set_win_bar(1.0 if verdict[1] == BLACK else 0.0, game)
            best = GameTree.best_move(self.session.current)
            if best:
                self.line_label.setText(f"Best move, as kept with the game: {best}")
        if kept is not None and (kept[1] > 0 or stones) and game.winner is None and not verdict:
            # what an analysis kept with the game found here, until one runs (a reopened
            # study's figures were in the review's graph alone: tester 24)
            black, playouts = kept
            self.set_win_bar(black, game)
            self.win_label.setText(f"Win probability, as kept with the game: {shares(game, black)}")
            if stones and black in (0.0, 1.0):
                # (a proof came back as "Black 100%": tester 56)
                winner = game.colour_name(BLACK if black else WHITE)
                self.win_label.setText(
                    f"{winner} wins (proved, as kept with the game: the game ends within "
                    f"{counted(stones, 'stone')})"
                )
            best = GameTree.best_move(self.session.current)
            if best:
                self.line_label.setText(f"Best move, as kept with the game: {best}")
                self._mark_kept_best(game, best, black, bool(stones))
            self.stats_label.setText(
                f"{playouts:,} playouts, when it was analysed (press A to analyse it now)"
                if playouts
                else "Proved when it was analysed (press A to analyse it now)"
            )

    def _mark_kept_best(self, game: Game, best: str, black: float, proved: bool) -> None:
        """The best move an analysis kept with the game found here, marked on the board as the
        analysis marks its best candidate (with Candidate moves on the board): a reopened
        study said it in the panel alone."""
        try:
            move = game.parse_move(best)
        except (KeyError, ValueError):
            return  # (a record's own words: nothing to mark)
        cell = marked_cell(game, move)
        if cell is None or game.why_illegal(move) is not None:
            return
        worth = black if game.to_move == BLACK else 1 - black
        rate = proved_text(1 if worth > 0.5 else -1) if proved else f"{100 * worth:.0f}%"
        self.candidate_marks = [(cell, rate, worth)]
        self._best_is_marked = True
        self._show_candidates(self.candidates_box.isChecked())

    def set_win_bar(self, black: float, game: Game) -> None:
        """The bar filled to the first colour's share, with the leader's share written on it:
        a bar all of the second colour (a proved win for White) looked like an empty box, the
        bar of a position not analysed (a tester's finding)."""
        self.win_bar.setValue(round(1000 * black))
        first, second = side_names(game)
        leader, share = (first, black) if black >= 0.5 else (second, 1 - black)
        self.win_bar.setFormat(f"{capitalised(leader)} {100 * share:.0f}%")
        self.win_bar.setTextVisible(True)
        style = win_bar_style(game)
        if self.win_bar.styleSheet() != style:  # (a new style sheet costs a relayout)
            self.win_bar.setStyleSheet(style)

    def show_analysis(self, request: Request, result: SearchResult) -> None:
        game = request.game
        self._displayed = position_signature(game)
        mover = game.to_move
        black = result.win_rate if mover == BLACK else 1 - result.win_rate
        self.win_bar.setEnabled(True)
        self.set_win_bar(black, game)
        self.win_label.setText(f"Win probability: {shares(game, black)}")
        verdict = self.proved(game) if self.proved is not None else None
        proved, winner = verdict if verdict is not None else (None, None)
        if proved is None and result.reason == "proved":
            proved, winner = f"{winner_name(game, mover)} wins (proved)", mover
        if result.proved:
            found = mover if result.proved > 0 else 3 - mover
            # (the search's count too where the solver's verdict is the same: going back to a
            # solved position said only "wins (proved)", the first visit the count)
            if proved is None or winner == found:
                end = (
                    f"the game ends within {counted(abs(result.proved), 'stone')}"
                    if abs(result.proved) > 1
                    else f"{game.move_text(result.move)} wins at once"
                )
                proved, winner = f"{winner_name(game, found)} wins (proved: {end})", found
        if proved is not None:  # the solver settled it: no probability about it
            self.win_label.setText(proved)
            # and the bar says the same (it stayed at the search's 90%, a tester's finding)
            if winner is not None:
                self.set_win_bar(1.0 if winner == BLACK else 0.0, game)
        words, stones = line_stones(game, result.principal)
        line = "Best line: " + (" ".join(words) or "-")
        if words and 0 < len(result.principal) < abs(result.proved):
            # (a proved line stops where the tree's proof does: what follows is any reply's
            # answer, said so where a reply at random stood, tester 56)
            # (the players, while the pie rule leaves the colours open: after 1. e3 the line
            # "swap h5 … then White wins" named the colour the second player gives up by
            # swapping, tester 84)
            me, other = (
                winner_name(game, c).replace("The ", "the ", 1)
                for c in (game.to_move, 3 - game.to_move)
            )
            line += (
                f", then {me} wins whatever the replies"
                if result.proved > 0
                else f", then {other} wins whatever {me} plays"
            )
        self.line_label.setText(line)
        if result.reason == "book":
            self.stats_label.setText("From the opening book")
        elif result.reason == "model":
            self.stats_label.setText(
                "From the first stones' model: the stone nearest to even, by its distances to "
                "the sides (learned from the engine's games against itself)"
            )
        else:
            text = search_stats(result)
            legal = len(game.distinct_moves())  # (a Hexagonal Y pair is one move)
            if 0 < len(result.candidates) < legal and result.tree_playouts > 0:
                # (moves without a row or a mark, unexplained, tester 44)
                text += (
                    f". The candidates are the {len(result.candidates)} most searched of "
                    f"{counted(legal, 'legal move')}"
                )
            self.stats_label.setText(text)
        if self._is_current(request):
            if self.heat_box.isChecked():
                self.scene.set_heat(result.visits)
            self.best_line = stones
            self.best_moves = tuple(result.principal)
            self._fill_candidates(game, result)
            self._candidate_hovered(self.candidates_table.hovered_row)

    def _name_outlook(self, game: Game) -> None:
        """The Outlook column's heading: whose outlook the rates are (the marks' red to green
        were read as the players' colours on a Red and Blue board, and the column did not say
        whose it was: tester 47); of the position shown, the table empty too (it said White on
        Red and Blue boards, and with Black to move, from a game before: tester 63)."""
        mover = game.colour_name(game.to_move)
        if colours_open(game):  # (the players', see side_names)
            mover = "1st player" if game.swap_ahead else "2nd player"
        outlook = f"Outlook\n({mover})"  # (on one line it took the Line column's room)
        header = self.candidates_table.horizontalHeaderItem(1)
        if header is not None and header.text() != outlook:
            header.setText(outlook)

    def _fill_candidates(self, game: Game, result: SearchResult) -> None:
        """The candidates table: each move with its win rate for the side to move, its visits
        and its line; hovering a row shows the line on the board."""
        table = self.candidates_table
        table.setRowCount(len(result.candidates))
        self._name_outlook(game)
        self.candidate_lines, self.candidate_marks = [], []
        self.candidate_moves = []
        self._filled = (game, result)
        candidates = list(result.candidates)
        # the moves the solver settled (Study ▸ Solve this position), where the search did not
        known = self.solved(game) if self.solved is not None else None
        solver: dict[Move, bool] = {}
        if known is not None:
            solver = {
                c.move: wins_for_mover(c.move, winner, game.to_move)
                for c in candidates
                if not c.proved and (winner := known.results.get(c.move)) is not None
            }
        # once the position is proved the search stops: the moves it proved come first, and
        # the others' rates, from the few playouts they had, are greyed and said to be rough
        settled = result.proved != 0
        if settled or solver:
            # (the losses in the search's order: an intrusion into the links by which the
            # opponent has won first, then the slowest; sorted quickest first, the move the
            # best line begins with stood sixth in a tester's lost position); the solver's
            # wins after the search's, its losses before them
            def order(c: Candidate) -> tuple[int, int]:
                if c.proved:
                    return (0, c.proved) if c.proved > 0 else (4, 0)
                if c.move in solver:
                    return (1, 0) if solver[c.move] else (3, 0)
                return 2, 0

            candidates.sort(key=order)
        elif len(candidates) > 2:
            # the analysis's few moves after its choice share its playouts alike (its wide
            # search): those within a hundredth of one another by playouts are in the order
            # of their rates, or rows of one count but one swapped places as it ran (tester 28)
            rest = candidates[1:]
            alike = [c for c in rest if c.visits >= 0.99 * rest[0].visits]
            alike.sort(key=lambda c: -c.win_rate)
            candidates = [candidates[0], *alike, *rest[len(alike) :]]
        best = marked_cell(game, candidates[0].move) if candidates else None
        self._best_is_marked = best is not None
        rank = {marked_cell(game, c.move): i for i, c in enumerate(candidates)}
        if table.hovered_row >= 0 and self._row_moves:
            # the rows stay where they were while the pointer is on the table (they changed
            # places under it, and the board's line jumped to another move's: tester 32);
            # the rest, new, in the search's order after them
            place = {move: row for row, move in enumerate(self._row_moves)}
            candidates.sort(key=lambda c: place.get(c.move, len(place)))
        self._row_moves = [c.move for c in candidates]
        for row, candidate in enumerate(candidates):
            words, stones = line_stones(game, candidate.line)
            self.candidate_lines.append(stones)
            self.candidate_moves.append(tuple(candidate.line))
            rate = f"{100 * candidate.win_rate:.0f}%"
            worth = candidate.win_rate
            shown = rate
            if candidate.proved:
                rate = proved_text(candidate.proved)
                # (the table says how soon: its order, quickest win and slowest loss first,
                # read as no order at all without it, tester 37)
                shown = f"{rate} in {abs(candidate.proved)}"
                worth = 1.0 if candidate.proved > 0 else 0.0
            elif candidate.move in solver:  # (the solver knows the winner, not how soon)
                rate = proved_text(1 if solver[candidate.move] else -1)
                shown = f"{rate} (solved)"
                worth = 1.0 if solver[candidate.move] else 0.0
            # (on the board, of a settled position's moves not proved, those with a rate of
            # many playouts: a rate of a move's few playouts there read as a real figure,
            # "0%" from one visit; but moves of 20,261 and 15,774 playouts, 77% and 69%, were
            # greyed and left off the board, and both won, tester 87)
            rough = (
                settled
                and not candidate.proved
                and candidate.move not in solver
                and candidate.visits < ROUGH_PLAYOUTS
            )
            marked = marked_cell(game, candidate.move)
            if marked is not None and not rough:
                self.candidate_marks.append((marked, rate, worth))
            texts = (
                move_words(game, candidate.move),  # (a Hexagonal Y pair's both cells)
                shown,
                playouts_words(game, candidate),
                " ".join(words),
            )
            for column, text in enumerate(texts):
                item = QTableWidgetItem(text)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                if candidate.proved:
                    item.setToolTip(proved_tip(candidate.proved))
                elif candidate.move in solver:
                    item.setToolTip(SOLVED_WIN if solver[candidate.move] else SOLVED_LOSS)
                elif rough:
                    item.setForeground(Qt.GlobalColor.gray)
                    item.setToolTip(
                        "Not proved: the search stopped once it had proved the position, and "
                        "this move's rate is from its few playouts (Study ▸ Solve this "
                        "position settles every move on small boards)"
                    )
                elif column == 3:
                    item.setToolTip(text)  # the whole line, where the column cuts it
                elif column == 2 and text.startswith("as "):
                    item.setToolTip(SWAP_TIP.format(move=text[3:]))
                table.setItem(row, column, item)
        self.candidate_marks.sort(key=lambda mark: rank[mark[0]])  # (the search's best first)
        table.mark_hovered()
        self._show_candidates(self.candidates_box.isChecked())

    def solver_settled(self) -> None:
        """The solver settled moves: the candidates of the position shown say so."""
        if self._filled is not None:
            game, result = self._filled
            if self._displayed == position_signature(self.session.game) == position_signature(game):
                self._fill_candidates(game, result)

    def _show_candidates(self, on: bool) -> None:
        # (the best is framed on the board only if it is a cell: the swap, best in a tester's
        # position, left the frame on the second move, g3)
        self.scene.set_candidates(self.candidate_marks if on else None, self._best_is_marked)

    def add_line(self, row: int | None = None) -> None:
        """The analysis's best line (or the line of the candidates table's ``row``) added to
        the game from the position shown, which goes to its first move: the arrow keys then
        step through it (the lines could only be looked at: tester 24)."""
        session = self.session
        if row is None:
            moves = self.best_moves
        else:
            moves = self.candidate_moves[row] if 0 <= row < len(self.candidate_moves) else ()
        if self._displayed != position_signature(session.game) or not moves:
            self.host.show_status(
                "There is no line of the analysis for this position to add (Study ▸ Analyse "
                "this position, A, finds one).",
                8000,
            )
            return
        words, _stones = line_stones(session.game, moves)
        number = session.move_number + 1
        reason = session.add_line(moves)
        if reason is not None:
            self.host.show_status(f"The line was not added: {reason}.", 8000)
            return
        self.host.show_status(
            f"The line {' '.join(words)} is in the game from move {number}: Right steps "
            f"through it; at move {number}, Study ▸ Delete move and what follows takes it out.",
            10000,
        )

    def _candidate_hovered(self, row: int) -> None:
        """A candidate's line on the board while the pointer is on its row (-1: left)."""
        if 0 <= row < len(self.candidate_lines):
            self.scene.set_preview(self.candidate_lines[row])
        else:
            self._show_preview(self.preview_box.isChecked())

    def _show_preview(self, on: bool) -> None:
        self.scene.set_preview(self.best_line if on else None)

    def set_analysing(self, on: bool) -> None:
        """Start analysing the position shown, or stop: what the analysis found stays in view
        (the win rate, the candidates, the marks on the board) until the position changes."""
        if on:
            self.dock.show()
            if not self.session.editing:  # (while a position is set up, its panel says the
                # outlook and keeps its tools in front)
                self.dock.raise_()  # its tab in front of the other study panels
            hint = self.hint_cell
            self.after_change()
            if hint is not None:
                # the position is the same: a hint shown stays (it vanished as the analysis
                # started, a tester's finding), and then follows the analysis's best move
                self.set_hint(hint)
            return
        request = self.runner.current
        if request is not None and request.limits is ANALYSIS:
            self.runner.cancel()
        if self._displayed is not None and not self.stats_label.text().endswith(STOPPED):
            # what it found stays, and says that it is no longer searching (with the box
            # unticked, the figures and marks read as an analysis still running: tester 21)
            self.stats_label.setText(self.stats_label.text() + STOPPED)

    def set_heat_map(self, on: bool) -> None:
        if not on:
            self.scene.set_heat(None)
            return
        # the analysis of the position shown, stopped or proved, is drawn at once (the map
        # stayed blank until a search came: a tester's, turned on after the analysis stopped)
        kept = self._analysis
        if kept is not None and self._is_current(kept[0]) and kept[1].visits:
            self.scene.set_heat(kept[1].visits)
        elif not self.analyse_box.isChecked():
            # (the map is the analysis's: turned on without one it showed nothing, and said
            # nothing, tester 32)
            self.host.show_status(
                "The heat map shows where the analysis searches: it appears once the analysis "
                "runs (Study ▸ Analyse this position, A).",
                8000,
            )

    def set_hint(self, cell: int | None) -> None:
        self.hint_cell = cell
        self.scene.set_hint(cell)

    def shutdown(self) -> None:
        """Stop thinking and end the worker thread and the warm-up process (idempotent)."""
        self.runner.shutdown()
        self.attached.shutdown()
        if self.warmup is not None:
            self.warmup.finished.disconnect()
            self.warmup.errorOccurred.disconnect()
            if self.warmup.state() != QProcess.ProcessState.NotRunning:
                self.warmup.kill()
                self.warmup.waitForFinished(2000)
            self.warmup = None
