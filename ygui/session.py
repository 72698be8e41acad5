"""Session: the one game a window shows, without Qt.

A session holds the game tree and its current node, the two seats, the file the game belongs
to and whether it has unsaved changes. Everything that changes any of these goes through a
method here, and every change ends in one notification to the session's listeners: the
window redraws the board, the panels and the title from the session's current position in
one place, so nothing on screen can keep a stale game. The session saves, opens and
autosaves records; it never asks the user anything (that is the window's part).
"""

from __future__ import annotations

import enum
import json
import math
import os
import re
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from urllib.parse import quote, unquote_to_bytes

from ygui.autosave import aside_of
from ygui.core.clock import Clock, TimeControl
from ygui.core.game import BLACK, WHITE, Game, IllegalMove, Move
from ygui.core.geometry import BoardGeometry
from ygui.core.limits import MAX_COMMENT_CHARS
from ygui.core.markup import LABEL, MARK_PROPS, marks_of, next_letter, set_mark
from ygui.core.record import (
    GameRecord,
    RecordNode,
    atomic_write_text,
    load_record,
    nodes_of,
    save_record,
    write_record,
)
from ygui.core.result import CONNECTION, FORFEIT, RESIGNATION, TIME, Result, parse_result
from ygui.core.study import mistakes
from ygui.core.tree import Dropped, GameTree, path_to, replanted, tree_from_game
from ygui.core.variants import GameOptions

ANALYSIS_AUTOSAVE_SECONDS = 2.0
COMPUTER_NAME = "Computer"  # the built-in engine's seat, as the new-game dialog names it
# why nobody may play while the clocks stand (the same words as the turn's line: tester 54
# found two hints for one thing)
CLOCKS_PAUSED = "the clocks are paused: Ctrl+Shift+P (Play ▸ Pause the clocks) starts them"
TAKE_BACK_SECONDS = 60.0  # the time a player whose time ran out gets when play goes on

# What an autosave keeps beyond the record, so that recovery restores the whole situation
ORIGINAL_FILE = "YF"  # the file the game came from (bytes, percent-quoted: any file name)
SEATS = "YS"  # each seat: computer or human, level, name
VIEWED = "YP"  # the node being viewed: child indices from the root, dot-separated
VIEWED_LINE = "YL"  # the end of the line through it that going forward follows (the same form)
CLOCKS = "YK"  # each player's time left at the autosave, first colour then second (seconds)
MOVE_NOTE = "YC"  # on a move: why the computer made it (its swap decision)
RESULT_NOTE = "YE"  # on the first node: why the game ended early (a computer's resignation)
CLOCK_AUTOSAVE_SECONDS = 10.0  # while a clock runs, the autosave keeps its time this often


def file_stamp(path: Path) -> tuple[int, int] | None:
    """A file's time of change and size, or None if it cannot be read."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


class Change(enum.Enum):
    """What a notification says changed (each implies the ones above it may have)."""

    POSITION = "position"  # the current node moved: the same tree, another position
    TREE = "tree"  # the tree's content changed (a move added, a variation deleted, a comment)
    GAME = "game"  # a different tree: a new game, an opened file, a set-up position
    SEATS = "seats"  # who plays (names, computer, level); the position is unchanged
    SAVED = "saved"  # written to its file: only the unsaved flag and the title change
    ANALYSIS = "analysis"  # an analysis kept with a node: shown, no move made
    COMMENT = "comment"  # a comment written: saved and shown, the position unchanged
    INFO = "info"  # the game's information (players, event, result...): saved and shown
    RESULT = "result"  # the game ended by resignation or on time, or that was taken back
    CLOCK = "clock"  # the clocks were paused or started again


@dataclass
class GameInfo:
    """What the game information dialog shows and edits."""

    black: str = ""
    white: str = ""
    event: str = ""
    date: str = ""
    place: str = ""
    result: str = ""
    game_comment: str = ""


@dataclass
class Seat:
    """One of the two players: the first seat starts as the first colour."""

    name: str
    computer: bool = False
    level: int = 5
    engine: str = ""  # an attached engine's name (a computer seat it plays); "" built-in
    seconds: float | None = None  # time a move for the computer here (a match's), if set


def against_computer(seats: Sequence[Seat]) -> bool:
    """A person against the computer: one seat a computer (built in, or an attached engine,
    whose seat is a computer seat too), the other a person."""
    return sum(seat.computer for seat in seats) == 1


Listener = Callable[[Change], None]


@dataclass(frozen=True)
class SetAside:
    """A game as it was when the set-up of a position began (``Session.set_aside``): what
    brings it back, its moves, file and clocks as they were (``Session.bring_back``)."""

    tree: GameTree
    path: Path | None
    seats: tuple[Seat, Seat]
    dirty: bool
    disk_stamp: tuple[int, int] | None
    clocks: dict[int, float] | None


class Session:
    def __init__(self, options: GameOptions | None = None) -> None:
        self.tree = tree_from_game(Game((options or GameOptions()).validated()))
        self.seats = [Seat("Player 1"), Seat("Player 2")]
        self.path: Path | None = None
        self.disk_stamp: tuple[int, int] | None = None  # (set_tree)
        self.dirty = False
        self.saved_moves: list[Move | None] | None = None  # (set_tree, save)
        self.saved_count = 0  # and the moves of all its lines
        # the moves last deleted, to put back until the next change (``_edited``): (parent,
        # place, node, path before, path after)
        self._deleted: (
            tuple[RecordNode, int, RecordNode, list[RecordNode], list[RecordNode]] | None
        ) = None
        # all that is unsaved is analysis (a review of a game opened from its file): the
        # question before it is lost says so
        self.only_analysis_unsaved = False
        self.autosave_file: Path | None = None  # the window gives each session its own
        self._listeners: list[Listener] = []
        self.autosave_problem: str | None = None  # the last autosave's failure, if any
        # while views are told of it: the main line's mistakes before and after an analysis
        # panel's figures changed them (``keep_analysis``)
        self.refined: tuple[list[int], list[int]] | None = None
        self._analysis_autosaved = 0.0  # when an analysis last caused an autosave
        self.editing = False  # a position is being set up: nobody moves (the analysis follows it)
        self.typed_tree: GameTree | None = None  # a position typed or pasted (is_typed_position)
        self.clock: Clock | None = None  # the game's clocks, under a time control
        self.now: Callable[[], float] = time.monotonic  # the clocks' time (tests replace it)
        self._clock_autosaved = 0.0  # when the autosave last kept the running clock's time
        # the current position was reached by playing a move (not by stepping through the
        # game): a computer to move answers it even where the game went on before
        self.played = False

    # why a computer made a move (swapped the first stone, or kept it) and why the game ended
    # early (a computer's resignation), shown with the moves and the result, and kept in the
    # record apart from the player's comments (MOVE_NOTE, RESULT_NOTE: tester 38 found them
    # gone after a save)
    def note_move(self, node: RecordNode, text: str) -> None:
        """Keep why ``node``'s move was made (by a computer), to be shown with it."""
        node.extra[MOVE_NOTE] = [text[:MAX_COMMENT_CHARS]]
        self._edited(Change.INFO)

    @staticmethod
    def move_note(node: RecordNode) -> str:
        """Why ``node``'s move was made, if a computer said so (``note_move``), else ""."""
        value = node.extra.get(MOVE_NOTE)
        return value[0] if value else ""

    @property
    def result_note(self) -> str:
        """Why the game ended early, where a computer said so (``end_game``), else ""."""
        value = self.tree.root.extra.get(RESULT_NOTE)
        return value[0] if value else ""

    def _set_result_note(self, text: str) -> None:
        if text:
            self.tree.root.extra[RESULT_NOTE] = [text[:MAX_COMMENT_CHARS]]
        else:
            self.tree.root.extra.pop(RESULT_NOTE, None)

    # ----- notifications ------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` after every change, in the order of subscription."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def notify(self, change: Change) -> None:
        for listener in list(self._listeners):
            listener(change)

    def _edited(self, change: Change = Change.TREE) -> None:
        """The game's content changed: it is unsaved, autosaved, and shown."""
        self._deleted = None
        self.dirty = True
        self.only_analysis_unsaved = False
        self.autosave_problem = self.autosave()
        self.notify(change)

    # ----- what is shown ------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The position at the current node (a fresh object after navigation: never keep it)."""
        return self.tree.game

    @property
    def current(self) -> RecordNode:
        return self.tree.current

    @property
    def names(self) -> dict[int, str]:
        """The players' names by the colour each began with."""
        return {BLACK: self.seats[0].name, WHITE: self.seats[1].name}

    def seat_for(self, colour: int, game: Game | None = None) -> Seat:
        """Who plays ``colour`` in ``game`` (the current one by default): after a swap the
        players have exchanged colours."""
        swapped = (game or self.game).swapped
        return self.seats[(colour - 1) ^ (1 if swapped else 0)]

    def clocks_flipped(self) -> bool:
        """Whether each player's clock is the other colour's in the position shown. The clocks
        follow the game as played (each player's time went with them to their new colour at
        a swap): looking back to before a swap, each player's time is on the other colour's
        clock (the time shown was the other player's, and ran out beside the computer's
        name: tester 65)."""
        swapped = any(node.move is not None and node.move.is_swap for node in self.tree.main_line())
        return self.game.swapped != swapped

    def clock_colour(self, colour: int, flipped: bool | None = None) -> int:
        """The clock that is the time of whoever plays ``colour`` in the position shown
        (``clocks_flipped``, unless the caller has it already: ``flipped``)."""
        if flipped is None:
            flipped = self.clocks_flipped()
        return 3 - colour if flipped else colour

    def player_name(self, colour: int) -> str:
        return seat_name(self.seat_for(colour))

    @property
    def move_number(self) -> int:
        return len(self.tree.path)

    @property
    def line_length(self) -> int:
        """Moves in the line through the current node (what the move list shows)."""
        return len(self.tree.line_through_current())

    @property
    def has_work(self) -> bool:
        """Unsaved moves, a set-up position or comments that closing or replacing the game
        would lose."""
        root = self.tree.root
        if not (self.dirty and (root.children or root.comment or self.tree.record.setup)):
            return False
        # the computer's first move alone, nobody else's (a new game asked to be saved as soon
        # as the computer had opened it: tester 22)
        if len(root.children) == 1 and not root.comment and not self.tree.record.setup:
            first = root.children[0]
            marked = any(first.extra.get(prop) for prop in MARK_PROPS)
            alone = not (first.children or first.comment or marked)
            seat = self.seats[first.colour - 1] if first.colour in (BLACK, WHITE) else None
            return not (alone and seat is not None and seat.computer)
        return True

    @property
    def is_blank(self) -> bool:
        """A new game nobody has touched: no moves, set-up, comment or file."""
        record = self.tree.record
        return not (record.root.children or record.setup or record.root.comment or self.path)

    def is_against_computer(self) -> bool:
        return against_computer(self.seats)

    # ----- how the game ended ----------------------------------------------------------------
    @property
    def result(self) -> Result | None:
        """How the game has ended at the shown position: the board's winner there or, at the
        end of the main line, a resignation or a loss on time (kept in the record's RE)."""
        game = self.game
        if game.winner is not None:
            return Result(game.winner)
        if self.at_main_line_end():
            ended = parse_result(self.tree.record.result)
            if ended is not None and ended.reason != CONNECTION:
                return ended
        return None

    @property
    def finished(self) -> bool:
        """Nobody moves here: the board has a winner, or the game was resigned or lost on time."""
        return self.result is not None

    def at_main_line_end(self) -> bool:
        main = self.tree.main_line()
        path = self.tree.path
        return len(path) == len(main) and all(a is b for a, b in zip(path, main, strict=True))

    def playing_line(self) -> list[RecordNode]:
        """The line the game is being played on: the one through the position shown, as the
        move list shows it (after a different move at an earlier position, the game goes on
        along that variation, not along the main line)."""
        return self.tree.line_through_current()

    def end_game(self, loser: int, reason: str, note: str = "") -> str | None:
        """``loser`` resigns (RESIGNATION), runs out of time (TIME) or forfeits (FORFEIT: an
        engine that failed) at the end of the line being played, which becomes the main line
        (the result is the game's) and is shown; ``note`` says why (``result_note``).
        Returns why not, or None."""
        if reason not in (RESIGNATION, TIME, FORFEIT) or loser not in (BLACK, WHITE):
            raise ValueError(f"not a way to lose: {loser} {reason!r}")
        if self.editing:
            return "a position is being set up"
        if self.ended_early is not None:
            # (before anything changes: a variation played in a resigned game was made the
            # main line, and the old resignation stood at its end, tester 38)
            return "the game is already over"
        line = self.playing_line()
        promoted = bool(line) and not self.tree.game_at(line).is_over and self.off_main_line(line)
        if promoted:
            self.tree.promote(line[-1])  # (a tester's resignation went to the old main line)
        self.tree.go_to_path(self.tree.main_line())
        if self.game.is_over or self.result is not None:
            self.notify(Change.POSITION)
            return "the game is already over"
        self.tree.record.result = Result(WHITE if loser == BLACK else BLACK, reason).text
        self._set_result_note(note)
        if self.clock is not None:
            self.clock.stop(self.now())
        # (a promoted line changes the tree's shape: the game tree drew the old main line)
        self._edited(Change.TREE if promoted else Change.RESULT)
        return None

    def off_main_line(self, line: list[RecordNode]) -> bool:
        """Whether the line (from the start) leaves the main line somewhere."""
        main = self.tree.main_line()
        return len(line) > len(main) or any(a is not b for a, b in zip(line, main, strict=False))

    @property
    def ended_early(self) -> Result | None:
        """The game's resignation or loss on time, if it has one (wherever the view is)."""
        ended = parse_result(self.tree.record.result)
        return ended if ended is not None and ended.reason != CONNECTION else None

    def can_end_game(self) -> bool:
        """A player may resign (or lose on time): the end of the line being played is not
        over yet."""
        if self.editing or self.ended_early is not None:
            return False
        return not self.line_won()

    def line_won(self) -> bool:
        """The line being played (the one through the position shown) ends with a winner."""
        return self.tree.game_at(self.playing_line()).is_over

    def loser_if_resigning(self) -> int:
        """Who resigns from the window: against the computer, the person; otherwise the side
        to move at the end of the line being played."""
        final = self.tree.game_at(self.playing_line())
        people = [c for c in (BLACK, WHITE) if not self.seat_for(c, final).computer]
        return people[0] if len(people) == 1 else final.to_move

    def take_back_result(self) -> bool:
        """Undo a resignation or a loss on time, so play can go on; False if there is none.
        A player whose time had run out gets TAKE_BACK_SECONDS (else the clock would stop
        the game again at once)."""
        if self.ended_early is None:
            return False
        self.tree.record.result = ""
        self._set_result_note("")
        if self.clock is not None:  # the side to move at the end has its time again
            final = self.tree.game_at(self.tree.main_line())
            now = self.now()
            if self.clock.left(final.to_move, now) <= 0:
                self.clock.give(final.to_move, TAKE_BACK_SECONDS, now)
            self.clock.start(final.to_move, now)
        self._edited(Change.RESULT)
        return True

    # ----- clocks ---------------------------------------------------------------------------
    def _start_clock(self, running: bool, left: dict[int, float] | None = None) -> None:
        """The clocks of the tree's time control: each player's time as the main line last
        recorded it (BL, WL), or as ``left`` says (an autosave's), the side to move at its
        end running, or paused."""
        control = self.tree.record.time_control
        if control is None:
            self.clock = None
            return
        remaining: dict[int, float] = {}
        for node in self.tree.record.main_line():
            for colour, prop in ((BLACK, "BL"), (WHITE, "WL")):
                value = _seconds((node.extra.get(prop) or [""])[0])
                if value is not None:
                    remaining[colour] = value
        remaining.update(left or {})
        self.clock = Clock(control, remaining)
        main = self.tree.main_line()
        final = self.tree.game_at(main)
        now = self.now()
        # the clocks start with the first move: a game just opened at the start (the one a
        # window starts with among them) lost on time before anyone had looked at it, and its
        # time ran behind the start's messages (tester 39)
        over = final.is_over or self.ended_early is not None
        if main and not over:
            self.clock.start(final.to_move, now)
        if not running and not over:
            # (not a game that has ended: looked back over, it said "(paused)" and how to
            # start its clocks, tester 65)
            self.clock.pause(now)

    def _clock_after_play(self, mover: int, node: RecordNode) -> None:
        """A move of the game in play (at the end of the main line): when the mover's turn has
        ended, its time is charged and kept with the move (BL or WL), and the other runs."""
        clock = self.clock
        if clock is None:
            return
        game = self.game
        swap = node.move is not None and node.move.is_swap
        if game.to_move == mover and not game.is_over and not swap:
            return  # more stones to place in this turn (after a swap: the other player's)
        now = self.now()
        if clock.running is None:
            clock.start(game.to_move, now)  # the first turn ends: the clocks start (it is free)
        else:
            clock.turn_ended(mover, game.to_move, now)
        kept: tuple[int, ...] = (mover,)
        if swap:
            # the players exchange colours, and each keeps its own time (a tester who swapped
            # took over the computer's unused time): both clocks are kept with the swap
            clock.exchange(now)
            kept = (BLACK, WHITE)
        for colour in kept:
            prop = "BL" if colour == BLACK else "WL"
            node.extra[prop] = [f"{max(0.0, clock.left(colour, now)):.1f}"]
        if game.is_over:
            clock.stop(now)

    def check_clock(self) -> int | None:
        """End the game on time if the running clock has run out; returns the loser. While
        it runs, the autosave keeps its time every CLOCK_AUTOSAVE_SECONDS (a crash gave the
        player to move all the time used since the last move again)."""
        clock = self.clock
        if clock is None or clock.paused:
            return None
        if self.dirty and self.now() - self._clock_autosaved >= CLOCK_AUTOSAVE_SECONDS:
            self.autosave_problem = self.autosave()
        loser = clock.flagged(self.now())
        if loser is None or self.end_game(loser, TIME) is not None:
            return None
        return loser

    def set_clock_paused(self, paused: bool) -> None:
        if self.clock is None:
            return
        if paused:
            self.clock.pause(self.now())
        else:
            self.clock.resume(self.now())
        self.notify(Change.CLOCK)

    @contextmanager
    def clocks_held(self) -> Iterator[None]:
        """The running clock stands still while the user answers a question about the game
        (save it first? which game next? resign?): time spent in a dialog is nobody's. It
        runs again afterwards if the game is still this one and nobody paused it meanwhile."""
        clock = self.clock
        hold = clock is not None and clock.running is not None and not clock.paused
        if hold:
            self.set_clock_paused(True)
        try:
            yield
        finally:
            if hold and self.clock is clock and clock is not None and clock.paused:
                self.set_clock_paused(False)

    def set_info(self, info: GameInfo) -> None:
        """The game's information as the user wrote it (the players' names go to the seats)."""
        record = self.tree.record
        for seat, name in zip(self.seats, (info.black, info.white), strict=True):
            seat.name = name
        record.event, record.date, record.place = info.event, info.date, info.place
        record.game_comment = info.game_comment[:MAX_COMMENT_CHARS]
        before = record.result
        if self.record().to_game().winner is None:  # the board's result is the board's
            record.result = info.result
        if record.result != before:  # a result typed in ends the game (or takes it back)
            self._set_result_note("")  # (its why was the result's before)
            if self.clock is not None and self.ended_early is not None:
                self.clock.stop(self.now())
            self._edited(Change.RESULT)
        else:
            self._edited(Change.INFO)

    def info(self) -> GameInfo:
        record = self.record()
        return GameInfo(
            black=self.seats[0].name,
            white=self.seats[1].name,
            event=record.event,
            date=record.date,
            place=record.place,
            result=record.result,
            game_comment=record.game_comment,
        )

    # ----- playing --------------------------------------------------------------------------
    def play(self, move: Move) -> str | None:
        """Play ``move`` at the current node if the rules allow it (following an existing
        continuation or adding a variation: nothing is discarded). Returns why not, or None."""
        ended = self._ended_early_words()
        if ended is not None:
            return ended
        if self.steps_along(move):
            # (played again, it went on the clocks again: with moves after it, the clock of
            # the player to move there ran while the game had the other to move)
            self.tree.play(move)  # (it follows the move there)
            self.played = True  # a computer to move answers it anew, as after an undo
            self.notify(Change.POSITION)
            return None
        takeback, live = self._how_played()
        if self._clocks_hold(live):
            return CLOCKS_PAUSED
        reason = self.game.why_illegal(move)
        if reason is not None:
            return reason
        self._place(move, takeback, live)
        self.played = True
        self._finished_line_to_main()
        self._edited()
        return None

    def _ended_early_words(self) -> str | None:
        """Why no move is played here: the game has ended without a winner on the board
        (resigned, lost on time), in words; None where it has not."""
        result = self.result
        if result is None or result.reason == CONNECTION:
            return None
        names = (self.game.colour_name(BLACK), self.game.colour_name(WHITE))
        return f"the game has ended: {result.words(names)}"

    def _how_played(self) -> tuple[bool, bool]:
        """Whether a move here takes moves back (``takes_back``), and whether it goes on the
        clocks: a move of the game, at the main line's end or taking moves back."""
        takeback = self.takes_back()
        return takeback, self.clock is not None and (self.at_main_line_end() or takeback)

    def _place(self, move: Move, takeback: bool, live: bool) -> None:
        """Put ``move`` in the tree as ``_how_played`` said of the position it was chosen in."""
        mover = self.game.to_move
        # the clocks as if the moves taken back had not been played: their increments and
        # swaps undone (each takeback gave its mover another increment: tester 54); the time
        # spent stays spent, on the clock that ran (the one shown running)
        gone = self._replaced_on_clock() if live and takeback else []
        node = self.tree.play(move)
        if takeback and self.off_main_line(self.tree.path):
            self.tree.promote(node)
        self._undo_on_clock(gone)
        if live:
            self._clock_after_play(mover, node)

    def _plays_on(self, move: Move) -> bool:
        """Whether ``move`` is the game's own next move from the position shown (on its main
        line, before its end)."""
        main = self.tree.main_line()
        at = self.move_number
        return at < len(main) and not self.is_on_variation() and main[at].move == move

    def goes_on_with(self, move: Move) -> bool:
        """Whether the line shown goes on with ``move`` from here (the game's own next move,
        or the move going forward follows): playing it is a step."""
        following = self.tree.continuation(self.current)
        return self._plays_on(move) or (following is not None and following.move == move)

    def steps_along(self, move: Move) -> bool:
        """Whether ``move``, played here, is a step along the game: where a move would take
        moves back (``takes_back``), the game's own next move takes none and is not a move of
        the game again (its time is kept with it); the game is shown one move on, the clocks
        run as they did, and a computer to move there answers it anew (its answer, if another,
        takes the later moves back)."""
        return self.takes_back() and self._plays_on(move)

    def _replaced_on_clock(self) -> list[RecordNode]:
        """The main line's moves whose clock effects a move taking moves back here replaces:
        those after the point where the position shown leaves the main line."""
        main = self.tree.main_line()
        path = self.tree.path
        most = min(len(path), len(main))
        return main[next((i for i in range(most) if path[i] is not main[i]), most) :]

    def _undo_on_clock(self, nodes: list[RecordNode]) -> None:
        """Take off the clocks what ``nodes`` (moves of the game, in order) put on them: the
        increment of each that ended its player's turn (it kept that player's time, BL or WL)
        and the exchange of times of a swap, the last move first."""
        clock = self.clock
        if clock is None:
            return
        now = self.now()
        for node in reversed(nodes):
            swap = node.move is not None and node.move.is_swap
            if swap and {"BL", "WL"} <= set(node.extra):
                clock.exchange(now)
            if ("BL" if node.colour == BLACK else "WL") in node.extra:
                clock.take_increment(node.colour)

    def main_line_ended(self) -> bool:
        """The game has ended on its main line: a winner at its end, a resignation or a loss
        on time (wherever the view is)."""
        return self.ended_early is not None or self.tree.game_at(self.tree.main_line()).is_over

    def takes_back(self) -> bool:
        """A move here takes moves back: the game is against the computer (which plays on
        from the move) or on the clocks, it goes on (its main line has no end), and the
        position shown is before its end. The line the move starts becomes the main line, the
        clocks following it (they ran on for the player to move at the old end, and the moves
        taken back stayed the main line: the record's times and result were not the game's).
        Between people without clocks a move at an earlier position starts a variation, which
        becomes the game if it is won (``_finished_line_to_main``). (On the clocks, a
        variation won between people left the clock of the main line's player running to a
        loss on time, which put the abandoned line back as the game: tester 52.)"""
        if self.editing or self.at_main_line_end():
            return False
        if not self.is_against_computer() and self.clock is None:
            return False
        return not self.main_line_ended()

    def taken_back_by(self, move: Move) -> int:
        """How many moves of the game ``move``, played here, would take back (0: none; the
        game's own next move takes none)."""
        if not self.takes_back() or self._plays_on(move):
            return 0
        return self.line_length - self.move_number

    def _finished_line_to_main(self) -> None:
        """A line that has just been won, off a main line that has no end (a move taken back
        and another played: the game went on along a variation), becomes the main line: the
        game is the line played to its end. (The record named the abandoned moves its main
        line and the game played out "the variation shown", and its result was the
        variation's: tester 50.) A main line that has ended stays: a finished game's
        variations are studies of it."""
        if not self.game.is_over or not self.off_main_line(self.tree.path):
            return
        if not self.main_line_ended():
            self.tree.promote(self.current)

    def held_by_clocks(self) -> bool:
        """A move here would go on the clocks, and they are paused: nobody plays here until
        they run (neither a player nor the computer)."""
        return self._clocks_hold(self._how_played()[1])

    def _clocks_hold(self, live: bool) -> bool:
        """``held_by_clocks``, given whether a move here goes on the clocks (``live``)."""
        return live and self.clock is not None and self.clock.paused

    def play_line(self, moves: list[Move]) -> str | None:
        """Play moves already checked together (typed or pasted moves, an engine's turn): one
        change, one notification. Returns why not (the game has ended, the clocks are
        paused: typed moves went on the clocks while they stood, tester 65), or None."""
        takeback, live = self._how_played()
        if moves:
            ended = self._ended_early_words()
            if ended is not None:
                return ended
            if self._clocks_hold(live):
                return CLOCKS_PAUSED
        for move in moves:
            self._place(move, takeback, live)
        self.played = True
        self._finished_line_to_main()
        self._edited()
        return None

    def add_line(self, moves: Sequence[Move]) -> str | None:
        """A line of moves from the position shown added to the game (the moves it already
        has are followed, the rest made a variation, or the continuation where there is
        none), the view going to the line's first move: forward steps through it. Returns why
        not, or None. Moves past one the rules refuse are left out."""
        if self.editing:
            return "a position is being set up"
        if self.is_against_computer() and not self.line_ended():
            # (its moves went in as the game's, the computer's among them: tester 25)
            return (
                "the game against the computer goes on, and the line would play its moves "
                "(lines go in once it is over)"
            )
        if self.clock is not None and self.clock.running is not None and self.at_main_line_end():
            return "the clocks are running on this game (a line added here would be its moves)"
        start = list(self.tree.path)
        main = self.tree.main_line()
        ended = self.ended_early is not None
        if ended and start == main:
            return "the game ended here, and no move follows its resignation or loss on time"
        added = False
        for move in moves:
            if self.game.is_over:
                break
            if ended and self.tree.path == main:
                break  # (past a resignation the main line would go on, its result wrong)
            known = any(child.move == move for child in self.current.children)
            try:
                self.tree.play(move)
            except IllegalMove:
                break
            added = added or not known
        if len(self.tree.path) == len(start):
            return "none of its moves can be played here"
        # (its first move shown; forward follows the line, the one last visited)
        self.tree.go_to_path(self.tree.path[: len(start) + 1])
        self.played = False
        if added:
            self._edited()
        else:
            self.notify(Change.POSITION)
        return None

    # ----- moving around --------------------------------------------------------------------
    def go_to_path(self, path: list[RecordNode]) -> None:
        if path == self.tree.path:
            return
        self.tree.go_to_path(path)
        self.played = False
        self.notify(Change.POSITION)

    def go_to(self, node: RecordNode) -> None:
        self.go_to_path(path_to(self.tree.root, node))

    def navigate(self, index: int) -> None:
        """Go to move ``index`` of the line through the current node (0: the start)."""
        line = self.tree.line_through_current()
        self.go_to_path(line[: max(0, min(len(line), index))])

    def back(self, single: bool = False) -> None:
        """One move back; against the computer, back to the last position a person plays
        (unless ``single``, or the line has ended: a game over is looked through move by
        move, the computer's too: tester 24)."""
        self._step(-1, single)

    def forward(self, single: bool = False) -> None:
        """One move forward; against the computer, on to the next position a person plays
        (or the line's end): the way back, retraced (the same exceptions)."""
        self._step(+1, single)

    def _step(self, step: int, single: bool = False) -> None:
        """One move along the line through the current node, back (-1) or forward (+1);
        against the computer, while the game goes on, on past the positions where the
        computer is to move, to the line's start or end at most."""
        index = self.move_number + step
        if self.is_against_computer() and not single and not self.line_ended():
            line = self.tree.line_through_current()
            while 0 < index < len(line):
                probe = self.tree.game_at(line[:index])
                if not self.seat_for(probe.to_move, probe).computer:
                    break
                index += step
        self.navigate(index)

    def to_start(self) -> None:
        self.navigate(0)

    def to_end(self) -> None:
        self.navigate(self.line_length)

    def sibling(self, step: int) -> bool:
        """The previous (-1) or next (+1) variation, at the current move or the nearest before
        it that has one (``GameTree.sibling_path``); False (staying) if there is none."""
        path = self.tree.sibling_path(step)
        if path is not None:
            self.go_to_path(path)
        return path is not None

    def turn_continuation(self, step: int) -> int | None:
        """The line ahead of the position shown turned to its previous (-1) or next (+1)
        continuation (``GameTree.turn_continuation``); the move list shows it."""
        index = self.tree.turn_continuation(step)
        if index is not None:
            self.notify(Change.POSITION)
        return index

    def branch_point(self, step: int) -> bool:
        """To the next (+1) move with variations along the line below, or back to the previous
        (-1) one; False (staying) if there is none."""
        path = self.tree.branch_point(step)
        if path is not None:
            self.go_to_path(path)
        return path is not None

    def next_comment(self, step: int) -> bool:
        """To the next (+1) or previous (-1) commented position, in the record's order (this
        line first, then the variations); False (staying) if there is none."""
        path = self.tree.commented(step)
        if path is not None:
            self.go_to_path(path)
        return path is not None

    def go_to_main_line(self, index: int) -> None:
        """Move ``index`` of the main line, going forward from there along the main line (the
        review's graph and Next mistake: forward followed a variation visited last, and → played
        it instead of the mistake Next mistake had shown, tester 60)."""
        main = self.tree.main_line()
        followed = self.tree.follow(main)
        if main[:index] == self.tree.path and followed:
            self.notify(Change.POSITION)  # (the same position: the line shown below it changed)
        self.go_to_path(main[:index])

    def line_ended(self) -> bool:
        """The line being played has ended: a winner at its end, or the game resigned or lost
        on time; or, on a variation, the game it is a variation of has ended (looking through
        a line added to a finished game, Right passed over the computer's moves and the panel
        said the computer waited: tester 60)."""
        return self.main_line_ended() or self.line_won()

    def on_variation_of_finished_game(self) -> bool:
        """The position shown is on a variation, not won itself, of a game that has ended."""
        return self.is_on_variation() and self.main_line_ended() and not self.line_won()

    # ----- editing the tree -----------------------------------------------------------------
    def is_on_variation(self, node: RecordNode | None = None) -> bool:
        """Whether ``node`` (the current one by default) lies off the main line."""
        path = self.tree.path if node is None else path_to(self.tree.root, node)
        chain = [self.tree.root, *path]
        pairs = zip(chain, chain[1:], strict=False)
        return any(node is not parent.children[0] for parent, node in pairs)

    def promote(self, node: RecordNode | None = None) -> None:
        self.tree.promote(node or self.current)
        self._edited()

    def delete(self, node: RecordNode | None = None) -> None:
        """Delete ``node`` (the current one by default) and what follows; never the start.
        Until the next change of the game or of the position shown, ``restore_deleted`` puts
        it back (a student's Ctrl+Z after a delete only stepped back: tester 56)."""
        target = node or self.current
        if target is self.tree.root:
            return
        before = list(self.tree.path)
        parent, index = self.tree.delete(target)
        self._edited()
        self._deleted = (parent, index, target, before, list(self.tree.path))

    def can_restore_deleted(self) -> bool:
        """Whether the moves last deleted can be put back: nothing changed since."""
        kept = self._deleted
        return kept is not None and [id(n) for n in kept[4]] == [id(n) for n in self.tree.path]

    def restore_deleted(self) -> RecordNode | None:
        """Put back the moves last deleted, where they were, and show the position shown
        before the delete; returns the first of them (None: nothing to put back)."""
        if not self.can_restore_deleted():
            return None
        assert self._deleted is not None
        parent, index, node, before, _after = self._deleted
        parent.children.insert(min(index, len(parent.children)), node)
        self.tree.go_to_path(before)
        self.played = False
        self._edited()
        return node

    def set_comment(self, text: str) -> bool:
        """Write the comment on the current position; False if it was cut to the longest a
        record holds (MAX_COMMENT_CHARS)."""
        whole = len(text) <= MAX_COMMENT_CHARS
        text = text[:MAX_COMMENT_CHARS]
        if self.current.comment != text:
            self.current.comment = text
            self._edited(Change.COMMENT)
        return whole

    def toggle_mark(self, cell: int, kind: str) -> None:
        """Put a mark of ``kind`` on ``cell`` of the position shown, or take it off if that
        mark is there; a new label takes the next free letter."""
        node, geometry = self.current, self.game.geometry
        current = marks_of(node, geometry).get(cell)
        if current is not None and current[0] == kind:
            set_mark(node, geometry, cell, "")
        else:
            text = next_letter(node, geometry) if kind == LABEL else ""
            set_mark(node, geometry, cell, kind, text)
        self._edited(Change.COMMENT)

    def keep_analysis(
        self,
        node: RecordNode,
        black_win_rate: float,
        visits: int,
        best: str | None = None,
        proved: int = 0,
    ) -> None:
        """Keep the analysis panel's figures with a node, quietly (each of its searches' reports
        is no change to save or redraw), unless they change the main line's mistakes: then
        every view of them is told (the move list and graph showed them at the next step,
        the tree not at all, a tester's finding)."""
        before = mistakes(self.tree)
        if not GameTree.set_analysis(node, black_win_rate, visits, best, proved):
            return
        after = mistakes(self.tree)
        if after != before:
            self.refined = (before, after)  # (for the review to say, which takes it)
            self.notify(Change.ANALYSIS)
            self.refined = None

    def set_analysis(
        self,
        node: RecordNode,
        black_win_rate: float,
        visits: int,
        best: str | None = None,
        proved: int = 0,
    ) -> None:
        """Keep an analysis with a node (saved with the game): the first colour's win rate,
        the playouts and the move the engine preferred; shown, not a move. Autosaved at most
        every ANALYSIS_AUTOSAVE_SECONDS, so a crash during a whole-game review loses at most
        that much of it. A deeper analysis kept before stays."""
        if not GameTree.set_analysis(node, black_win_rate, visits, best, proved):
            return
        if not self.dirty:
            self.only_analysis_unsaved = True
        self.dirty = True
        if time.monotonic() - self._analysis_autosaved >= ANALYSIS_AUTOSAVE_SECONDS:
            self._analysis_autosaved = time.monotonic()
            self.autosave_problem = self.autosave()
        self.notify(Change.ANALYSIS)

    def analysis_finished(self) -> None:
        """A run of analyses (a whole-game review) ended: autosave all it found, and show it."""
        self._analysis_autosaved = time.monotonic()
        self.autosave_problem = self.autosave()
        self.notify(Change.ANALYSIS)

    # ----- replacing the game ---------------------------------------------------------------
    def set_tree(
        self,
        tree: GameTree,
        names: tuple[str, str] | None = None,
        path: Path | None = None,
        seats: tuple[Seat, Seat] | None = None,
        dirty: bool = False,
        clock_running: bool = False,
        editing: bool = False,
        clocks: dict[int, float] | None = None,
    ) -> None:
        """Show another tree. Seats default to named humans; names default to the colours.
        Under a time control the clocks start paused, unless ``clock_running`` (a new game).
        Another game ends the set-up of a position, unless ``editing`` (its own edits: a
        tester's new game, started while setting up, took clicks as set-up stones)."""
        self.editing = editing
        game = tree.game
        if seats is None:
            given = names or (self.seats[0].name, self.seats[1].name)
            seats = (Seat(given[0]), Seat(given[1]))
        self.seats = [
            replace(seat, name=seat.name or game.colour_name(colour))
            for seat, colour in zip(seats, (BLACK, WHITE), strict=True)
        ]
        self.tree = tree
        self._deleted = None  # (another game's)
        self.path = path
        self.played = False  # (its position is as it was read or made, not played here)
        # the file as this window read it: another window or program that writes it after is
        # found before this window's Save replaces its work (tester 22 lost a line so)
        self.disk_stamp = file_stamp(path) if path is not None else None
        self.dirty = dirty
        # the main line's moves as the file holds them, where known (a game recovered over
        # its file is not the file's)
        self.saved_moves = None
        if path is not None and not dirty:
            self._note_saved()
        self.only_analysis_unsaved = False
        self._start_clock(clock_running, clocks)
        self._clock_autosaved = self.now()
        self.notify(Change.GAME)

    def new_game(
        self,
        options: GameOptions,
        names: tuple[str, str],
        seats: tuple[Seat, Seat] | None = None,
        time_control: TimeControl | None = None,
    ) -> None:
        tree = tree_from_game(Game(options))
        tree.record.time_control = time_control
        self.set_tree(tree, names, None, seats, clock_running=True)

    def play_again(self) -> None:
        """The same game again from its start (its board, set-up position, options and
        clocks), the players' sides exchanged: the first player plays second."""
        record = self.tree.record
        start = Game(record.options, record.geometry, record.setup, record.to_move)
        tree = tree_from_game(start)
        tree.record.time_control = record.time_control
        seats = (self.seats[1], self.seats[0])
        self.set_tree(tree, (seats[0].name, seats[1].name), None, seats, clock_running=True)

    def set_position(
        self,
        setup: dict[int, int],
        to_move: int,
        options: GameOptions | None = None,
        geometry: BoardGeometry | None = None,
        edit: bool = False,
        typed: bool = False,
    ) -> None:
        """A set-up position as the start of a new tree, with the same players. With ``edit``
        (Edit position's changes to the position a game starts from) it keeps the file where
        that held a position and no moves. Otherwise a game or a study it would replace is left
        as it is, and the position is a game of its own, unsaved (Ctrl+S wrote a position
        typed over a study opened from its file into that file, tester 43; and, over a saved
        set-up of no moves, just after the question whether to save it first, tester 53)."""
        old = self.game
        options = options or old.options
        if geometry is None:
            geometry = old.geometry if options == old.options else options.board()
        before = self.tree.record
        # (the set-up a game starts from, set up again as it was, changes nothing to save: Edit
        # position on a new game marked it changed)
        same = (
            not before.root.children
            and not before.root.comment
            and before.setup == setup
            and before.to_move == to_move
            and before.options == options
            and before.geometry is geometry
        )
        record = GameRecord(options=options, geometry=geometry, setup=dict(setup), to_move=to_move)
        if edit and geometry is old.geometry:
            # the marks of the position edited stay on its cells (a letter went at the first
            # stone placed, without a word: tester 64)
            marks = {k: list(v) for k, v in self.current.extra.items() if k in MARK_PROPS}
            record.root.extra.update(marks)
        # each player keeps the colour they play now: after a swap the first seat plays White,
        # and a set-up position, which has no swap, would have given them back the colours they
        # began with (a tester's computer found itself playing the other colour)
        seats = (self.seats[1], self.seats[0]) if old.swapped else (self.seats[0], self.seats[1])
        self.set_tree(
            GameTree(record),
            path=self.path if same or (edit and not before.root.children) else None,
            seats=seats,
            dirty=self.dirty if same else True,
            editing=self.editing,
        )
        self.typed_tree = self.tree if typed else None
        self.autosave_problem = self.autosave()

    def is_typed_position(self) -> bool:
        """The game shown is a position typed or pasted, as it came: no move, comment or mark
        since, nor a file. Another typed over it loses nothing its text does not hold (going
        through a book's figures, each asked whether to save the one before: testers 56
        and 62)."""
        root = self.tree.root
        return (
            self.typed_tree is self.tree
            and self.path is None
            and not root.children
            and not root.comment
            and not any(root.extra.get(prop) for prop in MARK_PROPS)
        )

    def moves_that_fit(self, kept: SetAside) -> tuple[list[RecordNode], int, list[Dropped]]:
        """The moves after the position edited in a game set aside (``set_aside``, at the
        first edit), played again on the position set up now: the lines kept, the moves kept,
        the lines left out (``replanted``); none on another board."""
        record, old = self.tree.record, kept.tree.record
        if record.options != old.options or record.geometry.size != old.geometry.size:
            return [], 0, []
        return replanted(kept.tree.current.children, self.game)

    def keep_moves(self, kept: SetAside, lines: list[RecordNode], whole: bool = True) -> None:
        """The position set up, with the moves of the game set aside that still fit it
        (``moves_that_fit``) under it: a set-up mended after a study was made of it keeps the
        study (tester 41 added a stone forgotten from the figure, and the variations, comments
        and marks of half an hour stayed behind). The game's players, date and comment are
        kept, and the position's own comment and marks; its file too, where the set-up edited
        was the game's start and every move fits (``whole``): else the file keeps the study as
        it was, and Save asks where (a routine Ctrl+S wrote a variation and its comment, left
        out, over the study's file: tester 43)."""
        record, old = self.tree.record, kept.tree.record
        at = kept.tree.current
        new = GameRecord(
            options=record.options,
            geometry=record.geometry,
            setup=dict(record.setup),
            to_move=record.to_move,
            black=old.black,
            white=old.white,
            date=old.date,
            event=old.event,
            place=old.place,
            game_comment=old.game_comment,
        )
        new.root.comment = at.comment
        new.root.extra = {k: list(v) for k, v in at.extra.items() if k in MARK_PROPS}
        new.root.children = lines
        self.set_tree(
            GameTree(new),
            path=kept.path if at is kept.tree.root and whole else None,
            seats=(self.seats[0], self.seats[1]),
            dirty=True,
            editing=self.editing,
        )
        self.autosave_problem = self.autosave()

    def set_aside(self) -> SetAside:
        """The game as it is, to be brought back as it was: the set-up of a position replaces
        it at the first stone, and Cancel or Undo brings it back (tester 31 lost a study's
        moves and branches to Edit position, pressed and left without a change)."""
        now = self.now()
        clocks = (
            {colour: self.clock.left(colour, now) for colour in (BLACK, WHITE)}
            if self.clock is not None
            else None
        )
        return SetAside(
            self.tree,
            self.path,
            (self.seats[0], self.seats[1]),
            self.dirty,
            self.disk_stamp,
            clocks,
        )

    def bring_back(self, kept: SetAside) -> None:
        """A game set aside (``set_aside``), at the node it was left at, still set up or not."""
        self.set_tree(
            kept.tree,
            path=kept.path,
            seats=kept.seats,
            dirty=kept.dirty,
            editing=self.editing,
            clocks=kept.clocks,
        )
        self.disk_stamp = kept.disk_stamp  # (as read: a write by another since is still found)
        self.autosave_problem = self.autosave()

    def set_editing(self, on: bool) -> None:
        """Setting up a position (nobody moves) or playing on from it."""
        self.editing = on
        self.notify(Change.POSITION)

    def set_seats(self, seats: tuple[Seat, Seat]) -> None:
        """New players for the game (its record keeps them): autosaved at once, so that a
        crash brings the game back with them."""
        self.seats = list(seats)
        self._edited(Change.SEATS)

    # ----- files ------------------------------------------------------------------------------
    def record(self) -> GameRecord:
        """The tree's record, with the players and the main line's result brought up to date."""
        record = self.tree.record
        final = record.to_game()
        # PB and PW name who plays each colour at the main line's end, as other programs
        # read them: after a swap the players have exchanged colours (the record named the
        # first player Black, who had resigned as White: tester 24); ygui reads its seats
        # from SEATS
        first, second = (WHITE, BLACK) if final.swapped else (BLACK, WHITE)
        record.black, record.white = self.names[first], self.names[second]
        if final.winner is None and self.game.winner is not None:
            final = self.game  # the game was finished on another line than the first
        if final.winner is not None:
            record.result = Result(final.winner).text
        elif (kept := parse_result(record.result)) is not None and kept.reason == CONNECTION:
            record.result = ""  # a connection the main line no longer makes
        record.date = record.date or date.today().isoformat()
        return record

    def save(self, path: Path) -> None:
        """Write the game to ``path`` atomically (OSError if it cannot be written), with the
        seats and the node being viewed, so that it opens again as it was left."""
        save_record(path, self._record_as_left())
        self.path = path
        self.disk_stamp = file_stamp(path)
        self.dirty = False
        self._note_saved()
        self.only_analysis_unsaved = False
        self.remove_autosave()
        self.notify(Change.SAVED)

    def _note_saved(self) -> None:
        """The game as its file holds it now: its main line's moves and all its moves."""
        self.saved_moves = self._main_moves()
        self.saved_count = self._all_moves()

    def _main_moves(self) -> list[Move | None]:
        return [node.move for node in self.tree.main_line()]

    def _all_moves(self) -> int:
        return sum(1 for _ in nodes_of(self.tree.root)) - 1

    def moves_not_saved(self) -> tuple[int, int, int, int] | None:
        """Of a game changed since its file was saved or opened: the main line's length in
        the file and now, how many moves they begin with alike, and how many more moves the
        game has than the file in all (its variations'); None where the file's moves are not
        known (no file, a game recovered over it) or the game is unchanged. (Closing asked
        "Save the current game first?" with nothing of two moves the file lacked: testers 57
        and 58.)"""
        if not self.dirty or self.path is None or self.saved_moves is None:
            return None
        saved, now = self.saved_moves, self._main_moves()
        alike = next((i for i, (a, b) in enumerate(zip(saved, now, strict=False)) if a != b), None)
        same = min(len(saved), len(now)) if alike is None else alike
        return len(saved), len(now), same, self._all_moves() - self.saved_count

    def record_text(self) -> str:
        """The record a save writes, as text (copied to the clipboard)."""
        return write_record(self._record_as_left())

    def _record_as_left(self) -> GameRecord:
        """The record, with the seats and the node being viewed."""
        record = replace(self.record())
        situation = self._situation(with_file=False)
        record.root = replace(record.root, extra={**record.root.extra, **situation})
        return record

    def open(self, path: Path) -> None:
        """Load a record at the node it was saved at, with its seats (a game against the
        computer goes on against it), or at the end of its main line, with people, for a
        record from elsewhere (RecordError, changing nothing, if it cannot be read)."""
        tree, seats, clocks = _left_at(load_record(path))
        self.set_tree(tree, path=path, seats=seats, clocks=clocks)

    def open_unsaved(self, record: GameRecord) -> None:
        """A record from no file of its own (what a damaged file still held,
        ``salvage_cut_short``; a record pasted), as a game of no file: a file it came from
        stays as it is, and the game is the user's to save where they choose."""
        tree, seats, clocks = _left_at(record)
        self.set_tree(tree, seats=seats, clocks=clocks, dirty=True)

    def changed_on_disk(self) -> bool:
        """Whether the game's file was written by someone else since this window opened or
        saved it (another window with the same file, an editor): its Save would replace that
        work. A file gone is not: saving writes it again."""
        if self.path is None or self.disk_stamp is None:
            return False
        now = file_stamp(self.path)
        return now is not None and now != self.disk_stamp

    # ----- autosave -------------------------------------------------------------------------
    def autosave(self) -> str | None:
        """Write the game to the autosave file; returns what went wrong, or None."""
        if self.autosave_file is None:
            return None
        try:
            self.autosave_file.parent.mkdir(parents=True, exist_ok=True)
            self._clock_autosaved = self.now()
            atomic_write_text(self.autosave_file, self._autosave_text())
        except (OSError, ValueError) as exc:
            return f"Autosave failed: {exc}"
        return None

    def _autosave_text(self) -> str:
        """The record an autosave holds: the game's, with its situation (``_situation``)."""
        record = replace(self.record())
        record.root = replace(record.root, extra={**record.root.extra, **self._situation()})
        return write_record(record)

    def _situation(self, with_file: bool = True) -> dict[str, list[str]]:
        """The seats, the node being viewed, the clocks' times now and (for the autosave)
        the file, as record properties."""
        indices, node = [], self.tree.root
        for child in self.tree.line_through_current():
            indices.append(str(node.children.index(child)))
            node = child
        seats = [json.dumps([s.name, s.computer, s.level, s.engine]) for s in self.seats]
        viewed = ".".join(indices[: len(self.tree.path)])
        situation = {SEATS: seats, VIEWED: [viewed], VIEWED_LINE: [".".join(indices)]}
        if with_file:
            situation[ORIGINAL_FILE] = [quote(os.fsencode(self.path)) if self.path else ""]
        clock, now = self.clock, self.now()
        if clock is not None:
            # (the times the last move left miss the time since: a save and a reopening gave
            # the player to move that time back, a tester's finding)
            situation[CLOCKS] = [f"{max(0.0, clock.left(c, now)):.1f}" for c in (BLACK, WHITE)]
        return situation

    def autosave_aside(self, kept: SetAside | None) -> str | None:
        """The game a set-up set aside (``set_aside``), while it has unsaved changes, in an
        autosave of its own beside the window's (a crash during the set-up lost it: the
        autosave held the set-up alone); None, or a game saved, removes it. Returns what went
        wrong, or None."""
        if self.autosave_file is None:
            return None
        path = aside_of(self.autosave_file)
        if kept is None or not kept.dirty:
            path.unlink(missing_ok=True)
            return None
        shown = (self.tree, self.seats, self.path, self.clock)
        try:  # (as ``autosave`` writes the game shown, of that game)
            self.tree, self.seats, self.path, self.clock = kept.tree, [*kept.seats], kept.path, None
            text = self._autosave_text()
        finally:
            self.tree, self.seats, self.path, self.clock = shown
        try:
            atomic_write_text(path, text)
        except OSError as exc:
            return f"Autosave failed: {exc}"
        return None

    def remove_autosave(self) -> None:
        if self.autosave_file is not None:
            self.autosave_file.unlink(missing_ok=True)
            aside_of(self.autosave_file).unlink(missing_ok=True)

    def recover(self, record: GameRecord) -> None:
        """Take back an autosaved record: its tree, the node being viewed, the seats and the
        original file, marked unsaved. A part that cannot be read falls back alone."""
        path = original_file(record)
        tree, seats, clocks = _left_at(record)
        self.set_tree(tree, path=path, seats=seats, dirty=True, clocks=clocks)


def original_file(record: GameRecord) -> Path | None:
    """The file an autosaved game belongs to, if it had one (the record is left as it is)."""
    original = (record.root.extra.get(ORIGINAL_FILE) or [""])[0]
    return Path(os.fsdecode(unquote_to_bytes(original))) if original else None


def _left_at(
    record: GameRecord,
) -> tuple[GameTree, tuple[Seat, Seat], dict[int, float]]:
    """A record's tree at the node ygui's properties say it was left at (else the end of its
    main line), its seats (else people, named as the record says) and the clocks' times when
    it was written (those that can be read); the properties, the file it came from among
    them (``original_file``), are taken out of the record."""
    extra = record.root.extra
    extra.pop(ORIGINAL_FILE, None)
    clocks = _clocks(extra.pop(CLOCKS, None))
    seats = _seats(extra.pop(SEATS, None), record)
    viewed = _viewed_path(record, extra.pop(VIEWED, None))
    line = (extra.pop(VIEWED_LINE, None) or [""])[0]
    tree = GameTree(record)
    if line:  # (along the line first: going forward then follows it, as it did)
        tree.go_to_path(_path(record.root, line))
    tree.go_to_path(viewed)
    return tree, seats, clocks


def _clocks(values: list[str] | None) -> dict[int, float]:
    """The times left a save or an autosave kept (CLOCKS), those that can be read."""
    left = {}
    for colour, text in zip((BLACK, WHITE), values or [], strict=False):
        value = _seconds(text)
        if value is not None and value >= 0:
            left[colour] = value
    return left


def _seconds(text: str) -> float | None:
    """A time written in a record (BL, WL, CLOCKS), if it is a finite number."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def viewed_game(record: GameRecord) -> Game:
    """The position a record says it was left at (ygui's properties), else the end of its
    main line; the record is left as it is."""
    return GameTree(record).game_at(_viewed_path(record, record.root.extra.get(VIEWED)))


def _viewed_path(record: GameRecord, viewed: list[str] | None) -> list[RecordNode]:
    """The nodes to the one a record's VIEWED property names ("" is the start: a tester's
    came back at the end), else its main line."""
    return _path(record.root, viewed[0]) if viewed else record.main_line()


def _seats(values: list[str] | None, record: GameRecord) -> tuple[Seat, Seat]:
    # (without ygui's SEATS, from PB and PW: who played each colour at the main line's end,
    # the first seat White's after a swap)
    names = [record.black, record.white]
    if any(node.move is not None and node.move.is_swap for node in record.main_line()):
        names.reverse()  # the main line has a swap
    seats = [Seat(names[0]), Seat(names[1])]
    for i, text in enumerate((values or [])[:2]):
        try:
            name, computer, level, *rest = json.loads(text)
            engine = rest[0] if rest and isinstance(rest[0], str) else ""
            if isinstance(name, str) and isinstance(computer, bool) and _is_level(level):
                seats[i] = Seat(name, computer, level, engine if computer else "")
        except (ValueError, TypeError):
            continue
    return seats[0], seats[1]


def _is_level(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 10


def _path(root: RecordNode, viewed: str) -> list[RecordNode]:
    """The nodes a dotted list of child indices leads to, as far as they exist."""
    path, node = [], root
    for word in viewed.split("."):
        if not word.isdecimal() or int(word) >= len(node.children):
            break
        node = node.children[int(word)]
        path.append(node)
    return path


def seat_name(seat: Seat) -> str:
    """A seat's player as the window names it: a computer with its level, an engine with its
    name."""
    if seat.engine:
        return seat.name if seat.name == seat.engine else f"{seat.name} ({seat.engine})"
    # (a name with its level already, numbered apart from its twin in a match: "ygui level 3
    # (2)" read "ygui level 3 (2) (computer, level 3)", tester 73)
    bare = re.sub(r" \(\d+\)$", "", seat.name)
    if seat.computer and not bare.endswith(f"level {seat.level}"):
        if seat.name == COMPUTER_NAME:
            return f"{COMPUTER_NAME} (level {seat.level})"
        return f"{seat.name} (computer, level {seat.level})"
    return seat.name
