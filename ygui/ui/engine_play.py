"""Attached GTP engines in the window: the seats they play, with every call to an engine in a
thread of its own (an engine may take long, hang or die; the window never waits for it).

Each engine a seat names runs in one process, kept from game to game; the same engine on both
seats runs twice. An answer is taken only if it is for the position still shown, and only
after the rules have checked every stone once more. An engine that fails is said in words;
in a match (``forfeit``) it loses the game instead, by forfeit.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

from ygui.core.game import Game
from ygui.core.result import FORFEIT, RESIGNATION
from ygui.engines import (
    CannotPlay,
    EngineError,
    EnginePlayer,
    EngineSpec,
    GtpClient,
    Turn,
    failure_words,
    probe,
)
from ygui.session import Seat, Session

Key = tuple[str, int]


class _Bridge(QObject):
    """Carries an answer from an engine's thread to the window's (a queued signal)."""

    answered = Signal(object)
    open = True  # False once its threads are shut down: late answers are dropped

    @Slot(object)
    def deliver(self, item: tuple[Callable[[Any], None], Any]) -> None:
        if self.open:
            callback, value = item
            callback(value)


class EngineThreads:
    """One thread per key: an engine's calls run in order, off the window's thread; each
    answer (or exception) reaches its callback on the window's thread, unless the threads
    were shut down or their ``owner`` deleted meanwhile."""

    def __init__(self, owner: QObject | None = None) -> None:
        self.bridge = _Bridge(owner)  # deleted with its owner: no answer reaches a dead object
        self.bridge.answered.connect(self.bridge.deliver)
        self._pools: dict[object, ThreadPoolExecutor] = {}
        self._busy: dict[object, int] = {}  # calls submitted and not yet ended, by key
        self._lock = threading.Lock()

    def run(
        self,
        key: object,
        work: Callable[[], Any],
        on_done: Callable[[Any], None],
        on_error: Callable[[Exception], None],
    ) -> None:
        pool = self._pools.get(key)
        if pool is None:
            pool = self._pools[key] = ThreadPoolExecutor(1, thread_name_prefix="ygui-gtp")

        bridge = self.bridge

        def answer(item: tuple[Callable[[Any], None], Any]) -> None:
            with contextlib.suppress(RuntimeError):  # the window that asked is gone
                bridge.answered.emit(item)

        def job() -> None:
            try:
                value = work()
            except Exception as exc:  # an engine's failure never reaches the window raw
                answer((on_error, exc))
                return
            finally:
                with self._lock:
                    self._busy[key] -= 1
            answer((on_done, value))

        with self._lock:
            self._busy[key] = self._busy.get(key, 0) + 1
        pool.submit(job)

    def busy(self, key: object) -> bool:
        """A call for ``key`` is queued or running."""
        with self._lock:
            return self._busy.get(key, 0) > 0

    def shutdown(self, wait: bool = True) -> None:
        with contextlib.suppress(RuntimeError):
            self.bridge.open = False
        for pool in self._pools.values():
            pool.shutdown(wait=wait, cancel_futures=True)
        self._pools.clear()


class AttachedPlay(QObject):
    """The moves of seats an attached engine plays. ``failed`` says (colour, message,
    declined) when an engine cannot give a move (``declined``: it works, but cannot play this
    game); ``thinking`` the engine's name (or "" when none thinks)."""

    failed = Signal(int, str, bool)
    thinking = Signal(str)
    suggested = Signal(str, object)  # an engine's name and its Turn for the position shown
    suggestion_failed = Signal(str, str)  # an engine's name and why it gave no suggestion
    asking = Signal(str)  # the engine asked for a suggestion now ("" once none is)

    def __init__(
        self,
        session: Session,
        specs: Callable[[], dict[str, EngineSpec]],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.specs = specs
        self.players: dict[Key, EnginePlayer] = {}
        self.threads = EngineThreads(self)
        self.forfeit = False  # a match: an engine that fails loses the game
        self._ident = 0
        self.current: str | None = None  # the engine thinking for the position shown
        self.suggesting: str | None = None  # the engine asked for a suggestion, answering
        self._suggestion = 0  # which suggestion is awaited; a stopped one goes unheard
        # shut down with its window: no engine is started again (one asked for after the
        # window closed was left running after ygui ended)
        self.closed = False

    @property
    def busy(self) -> bool:
        return self.current is not None

    def key(self, seat: Seat) -> Key:
        """The process for a seat: one an engine, or one a seat if both seats name it."""
        seats = self.session.seats
        shared = sum(1 for s in seats if s.computer and s.engine == seat.engine) > 1
        index = next((i for i, s in enumerate(seats) if s is seat), 0)
        return seat.engine, (index if shared else 0)

    def think(self, seat: Seat) -> None:
        """Ask the seat's engine for its turn in the position shown."""
        self.cancel()
        if self.closed:
            return
        game = self.session.game.copy()
        colour = game.to_move
        spec = self.specs().get(seat.engine)
        if spec is None:
            self._failed(
                colour,
                f"No engine named {seat.engine} is attached (Play ▸ Engines… attaches one)",
            )
            return
        key = self.key(seat)
        player = self.players.get(key)
        if player is not None and player.spec != spec:
            self._close(key)  # its settings changed: a fresh process
            player = None
        if player is None:
            player = self.players[key] = EnginePlayer(spec)
        client = player.client
        if client is not None and client.waiting:
            # still thinking for a position no longer shown: GTP cannot interrupt it, so it
            # is stopped and started afresh rather than kept waited for
            client.kill()
        player.seconds = seat.seconds  # told to the engine before its next move
        self._ident += 1
        ident = self._ident
        self.current = spec.name
        self.thinking.emit(spec.name)
        self.threads.run(
            key,
            lambda: player.genmove(game),
            lambda turn: self._answered(ident, game, turn),
            lambda exc: self._error(ident, game, exc),
        )

    def suggest(self, name: str) -> None:
        """Ask engine ``name`` what it would play in the position shown (a process of its
        own, apart from the seats'); the answer comes by ``suggested`` if the position is
        still shown then."""
        if self.closed:
            return
        spec = self.specs().get(name)
        if spec is None:
            self.suggestion_failed.emit(name, f"No engine named {name} is attached")
            return
        key = (name, -1)
        player = self.players.get(key)
        if player is None or player.spec != spec:
            self._close(key)
            player = self.players[key] = EnginePlayer(spec)
        game = self.session.game.copy()
        self.stop_suggestion()  # (another engine's, or this one's for another position)
        self._suggestion += 1
        ident = self._suggestion
        self.suggesting = name
        self.asking.emit(name)

        def heard() -> bool:
            """The answer is the one awaited, for the position still shown."""
            if ident != self._suggestion:
                return False
            self.suggesting = None
            self.asking.emit("")
            current = self.session.game
            return current.moves == game.moves and current.setup == game.setup

        def answered(turn: Turn) -> None:
            if heard():
                self.suggested.emit(name, turn)

        def failed(exc: Exception) -> None:
            if heard():
                self.suggestion_failed.emit(name, str(exc))

        self.threads.run(key, lambda: player.genmove(game), answered, failed)

    def stop_suggestion(self) -> str | None:
        """Stop the engine answering a suggestion (GTP cannot interrupt a genmove: its
        process is ended, and started again for the next question); its name, or None."""
        name = self.suggesting
        if name is None:
            return None
        self._suggestion += 1
        self.suggesting = None
        self._close((name, -1))
        self.asking.emit("")
        return name

    def cancel(self) -> None:
        """Drop the answer being waited for (the engine finishes its move, unheard)."""
        self._ident += 1
        if self.current is not None:
            self.current = None
            self.thinking.emit("")

    def _is_current(self, ident: int, game: Game) -> bool:
        shown = self.session.game
        return ident == self._ident and shown.moves == game.moves and shown.setup == game.setup

    def _answered(self, ident: int, game: Game, turn: Turn) -> None:
        if not self._is_current(ident, game):
            return
        self.current = None
        self.thinking.emit("")
        session = self.session
        clock = session.clock
        if session.finished or (clock is not None and clock.paused):
            return  # lost on time meanwhile, or the clocks were paused: the move is not played
        colour = game.to_move
        if turn.resigned:
            session.end_game(colour, RESIGNATION)
            return
        probe_game = game.copy()
        for move in turn.moves:  # never trust, always check (again, by the window's rules)
            reason = probe_game.why_illegal(move)
            if reason is not None:
                self._failed(colour, f"The engine chose an illegal move: {reason}")
                return
            probe_game.play(move)
        session.play_line(list(turn.moves))

    def _error(self, ident: int, game: Game, exc: Exception) -> None:
        if not self._is_current(ident, game):
            return
        self.current = None
        self.thinking.emit("")
        if not isinstance(exc, EngineError):
            exc = EngineError(f"the engine's answer could not be used: {exc}")
        name = self.session.seat_for(game.to_move).engine
        self._failed(game.to_move, failure_words(str(exc), name), isinstance(exc, CannotPlay))

    def _failed(self, colour: int, message: str, declined: bool = False) -> None:
        """Said to the window; in a match the engine loses the game by forfeit (whether it
        played an illegal move, stopped or hung: play cannot go on with it). ``declined``:
        the engine works, but cannot play this game."""
        full = message + ("." if not message.endswith((".", ")")) else "")
        self.failed.emit(colour, full, declined)
        if self.forfeit:
            # (why goes with the result into the record: only the match's log said it)
            self.session.end_game(colour, FORFEIT, message.rstrip("."))

    def prune(self, new_game: bool) -> None:
        """End the processes of engines no seat plays any more (the players of a new game, or
        Players…), and at a new game those that answered suggestions, unless one is asked
        now: they stayed alive, idle, as long as the window."""
        seats = self.session.seats
        wanted = {self.key(seat) for seat in seats if seat.computer and seat.engine}
        for key in list(self.players):
            name, index = key
            if index == -1:
                if new_game and name != self.suggesting:
                    self._close(key)
            elif key not in wanted:
                if self.current == name:
                    self.cancel()
                self._close(key)

    def _close(self, key: Key) -> None:
        player = self.players.pop(key, None)
        if player is not None:
            client = player.client
            if client is not None:
                client.kill()  # wakes a thread waiting for it
            self.threads.run(key, player.close, lambda _v: None, lambda _e: None)

    def shutdown(self) -> None:
        """Stop every engine: one still thinking is killed, an idle one asked to quit; returns
        once all have ended (idempotent)."""
        self.closed = True
        self.cancel()
        for key, player in self.players.items():
            client = player.client
            if self.threads.busy(key) or (client is not None and client.waiting):
                player.stop()  # at work, or about to be: ended, not waited for
        for key in list(self.players):
            player = self.players.pop(key)
            self.threads.run(key, player.close, lambda _v: None, lambda _e: None)
        self.threads.shutdown()


class EngineTest(QObject):
    """The engines dialog's Test: start an engine in a thread, say what it is or why not.
    ``stop`` ends a test that waits (a program that is not an engine may say nothing)."""

    done = Signal(object)  # EngineInfo or the error's text

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.threads = EngineThreads(self)
        self._lock = threading.Lock()
        self._client: GtpClient | None = None
        self._test = 0  # which test is running; a stopped test's answer goes unheard
        self.running = False

    def start(self, spec: EngineSpec) -> None:
        self._test += 1
        test = self._test
        self.running = True

        def started(client: GtpClient) -> None:
            with self._lock:
                self._client = client
            if test != self._test:  # stopped while it was starting
                client.stop()

        self.threads.run(
            id(self),
            lambda: probe(spec, started),
            lambda info: self._answer(test, info),
            lambda exc: self._answer(test, str(exc)),
        )

    def _answer(self, test: int, answer: object) -> None:
        if test != self._test:
            return
        self.running = False
        with self._lock:
            self._client = None
        self.done.emit(answer)

    def stop(self) -> None:
        """End the test at once: the engine is stopped and its answer will not be heard."""
        self._test += 1
        self.running = False
        with self._lock:
            client, self._client = self._client, None
        if client is not None:
            client.stop()

    def shutdown(self) -> None:
        """The test still running is stopped; its thread ends, unheard."""
        self.stop()
        self.threads.shutdown(wait=False)
