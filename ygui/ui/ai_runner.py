"""AiRunner: the engine in one worker thread, off the window's thread.

Every request carries an id; an answer whose id is not the latest one (the game moved on, was
undone or replaced) is dropped. ``cancel`` stops a search at once and drops its answer;
``move_now`` stops it and keeps the best move found so far. Results reach the window through
signals connected to methods of main-thread objects, so they run on the window's thread.
"""

from __future__ import annotations

import gc
import threading
import time
import traceback
from dataclasses import dataclass

from PySide6.QtCore import QObject, QThread, Signal, Slot

from ygui.ai.engine import Engine, SearchLimits, SearchResult, window_threads
from ygui.core.game import Game

PROGRESS_INTERVAL = 0.1  # seconds between progress reports


@dataclass(frozen=True)
class Request:
    ident: int
    game: Game  # a private copy: the window's game may change while this one is searched
    limits: SearchLimits
    purpose: str  # "move", "hint" or "analysis"


class _Worker(QObject):
    progress = Signal(int, object)
    finished = Signal(int, object)
    failed = Signal(int, str)

    def __init__(self) -> None:
        super().__init__()
        self.engine: Engine | None = None
        self.stop = threading.Event()

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
        try:
            if self.engine is None:
                self.engine = Engine(seed=request.limits.seed, threads=window_threads())
            if first:
                # The first search compiles the kernels or loads them from the cache: LLVM at
                # work in this thread. The window's thread must not collect garbage meanwhile
                # (finalising LLVM objects from another thread crashes), so collection waits.
                gc.disable()
            try:
                result = self.engine.search(request.game, request.limits, report, self.stop.is_set)
            finally:
                if first:
                    gc.enable()
        except Exception as exc:  # an engine fault must never take the window down
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            self.failed.emit(request.ident, detail)
            return
        self.finished.emit(request.ident, result)


class AiRunner(QObject):
    """Owns the worker thread. Signals carry only answers to the current request."""

    progress = Signal(object, object)  # Request, SearchResult
    finished = Signal(object, object)  # Request, SearchResult
    failed = Signal(object, str)  # Request, message
    _start = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread = QThread()
        self._thread.setObjectName("ygui-engine")
        self._worker = _Worker()
        self._worker.moveToThread(self._thread)
        self._start.connect(self._worker.run)
        self._worker.progress.connect(self._on_progress)
        self._worker.finished.connect(self._on_finished)
        self._worker.failed.connect(self._on_failed)
        self._thread.start()
        self._ident = 0
        self.current: Request | None = None
        self._discard = False

    @property
    def busy(self) -> bool:
        return self.current is not None

    def start(self, game: Game, limits: SearchLimits, purpose: str) -> Request:
        self.cancel()
        self._ident += 1
        request = Request(self._ident, game.copy(), limits, purpose)
        self.current = request
        self._discard = False
        self._worker.stop.clear()
        self._start.emit(request)
        return request

    def cancel(self) -> None:
        """Stop the current search and drop its answer."""
        if self.current is not None:
            self._ident += 1  # anything still on its way is stale now
            self.current = None
        self._worker.stop.set()

    def move_now(self) -> None:
        """Stop the current search; its best move so far is delivered as the answer."""
        self._worker.stop.set()

    def _take(self, ident: int) -> Request | None:
        request = self.current
        if request is None or request.ident != ident:
            return None
        return request

    @Slot(int, object)
    def _on_progress(self, ident: int, result: SearchResult) -> None:
        request = self._take(ident)
        if request is not None:
            self.progress.emit(request, result)

    @Slot(int, object)
    def _on_finished(self, ident: int, result: SearchResult) -> None:
        request = self._take(ident)
        if request is not None:
            self.current = None
            self.finished.emit(request, result)

    @Slot(int, str)
    def _on_failed(self, ident: int, message: str) -> None:
        request = self._take(ident)
        if request is not None:
            self.current = None
            self.failed.emit(request, message)

    def shutdown(self) -> None:
        """Stop any search and wait for the thread to end (call before the window closes)."""
        self.cancel()
        if self._thread.isRunning():
            self._thread.quit()
            self._thread.wait()
