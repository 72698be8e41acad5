"""AiRunner: the engine in one worker thread, off the window's thread.

Every request carries an id, its own stop signal and the callbacks that take its answers: the
one who asks says what the answer is for. An answer whose id is not the latest one (the game
moved on, was undone or replaced) is dropped. ``cancel`` stops the search at once and drops its
answer; ``move_now`` stops it and keeps the best move found so far. Starting a request stops
the one before through that request's own signal, so a search nobody wants never delays the
next. Results reach the window through signals connected to methods of main-thread objects,
so the callbacks run on the window's thread.
"""

from __future__ import annotations

import gc
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QThread, Signal, Slot
from shiboken6 import isValid

from ygui.ai.engine import Engine, SearchLimits, SearchResult, window_threads
from ygui.core.game import Game

PROGRESS_INTERVAL = 0.1  # seconds between progress reports


ResultCallback = Callable[["Request", SearchResult], None]


def _ignore(*_args: object) -> None:
    return None


@dataclass(frozen=True)
class Request:
    ident: int
    game: Game  # a private copy: the window's game may change while this one is searched
    limits: SearchLimits
    on_finished: ResultCallback
    on_progress: ResultCallback = _ignore
    on_failed: Callable[[Request, str], None] = _ignore
    is_move: bool = False  # a move for a seat: the board waits for it
    stop: threading.Event = field(default_factory=threading.Event, compare=False)


class _Worker(QObject):
    progress = Signal(int, object)
    finished = Signal(int, object)
    failed = Signal(int, str)

    def __init__(self) -> None:
        super().__init__()
        self.engine: Engine | None = None
        # what the worker did, in order: ("start", id, 0) and ("end", id, playouts searched);
        # the tests read it to see that a search nobody wants stops before the next begins
        self.journal: list[tuple[str, int, int]] = []

    @Slot(object)
    def run(self, request: Request) -> None:
        last = 0.0

        def report(result: SearchResult) -> None:
            nonlocal last
            now = time.perf_counter()
            if now - last >= PROGRESS_INTERVAL:
                last = now
                self.progress.emit(request.ident, result)

        first = self.engine is None
        self.journal.append(("start", request.ident, 0))
        del self.journal[:-200]
        try:
            if self.engine is None:
                self.engine = Engine(seed=request.limits.seed, threads=window_threads())
            if first:
                # The first search compiles the kernels or loads them from the cache: LLVM at
                # work in this thread. The window's thread must not collect garbage meanwhile
                # (finalising LLVM objects from another thread crashes), so collection waits.
                gc.disable()
            try:
                result = self.engine.search(
                    request.game, request.limits, report, request.stop.is_set
                )
            finally:
                if first:
                    gc.enable()
        except Exception as exc:  # an engine fault must never take the window down
            self.journal.append(("end", request.ident, 0))
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            self.failed.emit(request.ident, detail)
            return
        self.journal.append(("end", request.ident, result.playouts))
        self.finished.emit(request.ident, result)


def owned_thread(owner: QObject, name: str, end: Callable[[], None]) -> QThread:
    """A worker thread for ``owner``, ended by ``end`` (the owner's ``shutdown``: its work
    stopped, the thread quit and waited for) at the latest as the owner is deleted. An owner
    deleted with its window, never closed, left its thread running: the thread's Python
    object outlived it and was destroyed running later, and Qt ends the process for that (a
    test worker crashed so, at random)."""
    thread = QThread()
    thread.setObjectName(name)

    def ended(*_: object) -> None:
        # (not once the thread is gone itself: at the program's end Python may delete it
        # first, and the owner's end then raised, a tester's finding)
        if isValid(thread):
            end()

    owner.destroyed.connect(ended)
    return thread


class AiRunner(QObject):
    """Owns the worker thread. Only answers to the current request reach its callbacks."""

    _start = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread = owned_thread(self, "ygui-engine", self.shutdown)
        self._worker = _Worker()
        self._worker.moveToThread(self._thread)
        self._start.connect(self._worker.run)
        self._worker.progress.connect(self._on_progress)
        self._worker.finished.connect(self._on_finished)
        self._worker.failed.connect(self._on_failed)
        self._thread.start()
        self._ident = 0
        self.current: Request | None = None

    @property
    def journal(self) -> list[tuple[str, int, int]]:
        return self._worker.journal

    @property
    def busy(self) -> bool:
        return self.current is not None

    def start(
        self,
        game: Game,
        limits: SearchLimits,
        on_finished: ResultCallback,
        on_progress: ResultCallback = _ignore,
        on_failed: Callable[[Request, str], None] = _ignore,
        is_move: bool = False,
    ) -> Request:
        """Search ``game`` (copied) within ``limits``; the callbacks take the answers."""
        self.cancel()
        self._ident += 1
        request = Request(
            self._ident, game.copy(), limits, on_finished, on_progress, on_failed, is_move
        )
        self.current = request
        self._start.emit(request)
        return request

    def cancel(self) -> None:
        """Stop the current search and drop its answer."""
        if self.current is not None:
            self.current.stop.set()
            self._ident += 1  # anything still on its way is stale now
            self.current = None

    def move_now(self) -> None:
        """Stop the current search; its best move so far is delivered as the answer."""
        if self.current is not None:
            self.current.stop.set()

    def _take(self, ident: int) -> Request | None:
        request = self.current
        if request is None or request.ident != ident:
            return None
        return request

    @Slot(int, object)
    def _on_progress(self, ident: int, result: SearchResult) -> None:
        request = self._take(ident)
        if request is not None:
            request.on_progress(request, result)

    @Slot(int, object)
    def _on_finished(self, ident: int, result: SearchResult) -> None:
        request = self._take(ident)
        if request is not None:
            self.current = None
            request.on_finished(request, result)

    @Slot(int, str)
    def _on_failed(self, ident: int, message: str) -> None:
        request = self._take(ident)
        if request is not None:
            self.current = None
            request.on_failed(request, message)

    def shutdown(self) -> None:
        """Stop any search and wait for the thread to end (call before the window closes)."""
        self.cancel()
        if self._thread.isRunning():
            self._thread.quit()
            self._thread.wait()
