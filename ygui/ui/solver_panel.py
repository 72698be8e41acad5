"""The solver in the window: Study > Solve this position settles every legal move of the
position shown (ygui.ai.solver) in a worker thread, with progress and a Stop button, and draws
the map on the board: cells that win for the player to move in one colour, cells that lose in
another, unsettled ones plain.

Results are kept in memory for the window's session: the solver's table and its cache of
proved positions, and each finished map by position, so a solved position is answered at once
the next time it is shown.
"""

from __future__ import annotations

import gc
import threading
import traceback
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QDockWidget,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ygui.ai.solver import SolveMap, Solver, position_signature
from ygui.core.game import Game
from ygui.core.wording import counted
from ygui.session import Change, Session
from ygui.ui.ai_runner import owned_thread
from ygui.ui.board_scene import BoardScene

SECONDS_A_MOVE = 5.0
_GREEN, _RED = "<span style='color:#2e7d32'>■</span>", "<span style='color:#c62828'>■</span>"
NAMED_WINS = 5  # winning moves the verdict names, at most
LEGEND = f"{_GREEN} wins for the player to move · {_RED} loses · plain: not settled"
# the first turn under the pie rule: every opening loses for the player who makes it
PIE_LEGEND = f"{_GREEN} must be swapped · {_RED} must be answered · plain: not settled"


class _Worker(QObject):
    progress = Signal(int, int, float)  # request, nodes, seconds
    report = Signal(int, object)  # request, the map so far
    finished = Signal(int, object)
    failed = Signal(int, str)

    def __init__(self, solver: Solver) -> None:
        super().__init__()
        self.solver = solver
        self.first = True

    @Slot(int, object, float, object)
    def run(self, ident: int, game: Game, seconds: float, stop: threading.Event) -> None:
        first, self.first = self.first, False
        if first:  # loading the compiled code: no collection meanwhile (see ai_runner)
            gc.disable()
        try:
            self.solver.reset_stop()
            # (stopped before it began, it still answers, at once: a Stop pressed as Solve
            # started left the panel solving for good)
            result = self.solver.solve_map(
                game,
                seconds,
                report=lambda m: self.report.emit(ident, m),
                should_stop=stop.is_set,
                progress=lambda nodes, s: self.progress.emit(ident, nodes, s),
            )
            self.finished.emit(ident, result)
        except Exception as exc:  # a fault must never take the window down
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            self.failed.emit(ident, detail)
        finally:
            if first:
                gc.enable()


def time_words(seconds: float) -> str:
    """A time to wait, in words: "40 s", "about 9 min", "about 2 h 5 min"."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    minutes = round(seconds / 60)
    if minutes < 90:
        return f"about {minutes} min"
    return f"about {minutes // 60} h {minutes % 60} min"


class SolverPanel(QDockWidget):
    """Study > Solve this position: the map of the position's moves, with a Stop button."""

    _start = Signal(int, object, float, object)

    def __init__(self, session: Session, scene: BoardScene, status: Callable[[str], None]):
        super().__init__("Solver")
        self.setObjectName("solver")
        self.session = session
        self.scene = scene
        self.status = status
        self.solver = Solver()
        self.maps: dict[tuple[object, ...], SolveMap] = {}  # finished maps, by position
        body = QWidget()
        column = QVBoxLayout(body)
        self.result_label = QLabel("Not solved")
        self.result_label.setWordWrap(True)
        self.progress_label = QLabel("")
        self.progress_label.setWordWrap(True)  # (a long line widened the panel past its dock)
        row = QHBoxLayout()
        self.solve_button = QPushButton("Solve")
        self.solve_button.clicked.connect(self.solve)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setEnabled(False)
        self.stop_button.clicked.connect(self.stop)
        for button in (self.solve_button, self.stop_button):
            # a click leaves the keys with the board (Left/Right step through the game): a
            # button that took the focus and was then disabled passed it to the time box
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.seconds = QDoubleSpinBox()
        self.seconds.setRange(0.1, 3600.0)
        self.seconds.setValue(SECONDS_A_MOVE)
        self.seconds.setSuffix(" s a move")
        row.addWidget(self.solve_button)
        row.addWidget(self.stop_button)
        self.legend = legend = QLabel(LEGEND)
        legend.setWordWrap(True)
        # (the time on a line of its own: beside the buttons it held the panels' column at
        # 340 pixels however narrow the window)
        for widget in (self.result_label, self.progress_label, legend, self.seconds):
            column.addWidget(widget)
        column.addLayout(row)
        column.addStretch(1)
        # (the window's panels scroll where they are short: main_window.scrolling; a scroll
        # area of its own inside that one let the panel be narrower than its buttons, and its
        # wrapped verdict ran under a scroll bar, a tester's finding)
        self.setWidget(body)
        self._thread = owned_thread(self, "ygui-solver", self.shutdown)
        self._worker = _Worker(self.solver)
        self._worker.moveToThread(self._thread)
        self._start.connect(self._worker.run)
        self._worker.progress.connect(self._on_progress)
        self._worker.report.connect(self._on_report)
        self._worker.finished.connect(self._on_finished)
        self._worker.failed.connect(self._on_failed)
        self._thread.start()
        self._ident = 0
        self._stop: threading.Event | None = None
        self._stopped_by_user = False  # the last search was stopped by Stop, not its time
        self._per_move = 0.0  # the time a move of the search running
        self._signature: tuple[object, ...] | None = None
        self.shown: SolveMap | None = None
        self.settled: Callable[[], None] | None = None  # told of each map shown (the window)

    @property
    def busy(self) -> bool:
        return self._stop is not None

    # ----- actions ------------------------------------------------------------------
    def solve(self) -> None:
        """Settle every legal move of the position shown (at once if it was done before)."""
        self.show()
        self.raise_()
        game = self.session.game
        self.cancel()
        if game.is_over:
            self.result_label.setText("The game is over")
            return
        signature = position_signature(game)
        known = self.maps.get(signature)
        if known is not None and known.complete:  # (one in part is solved again: a tester's
            self._show_map(game, known, done=True)  # second Solve did nothing)
            self.progress_label.setText("Solved before: from memory")
            return
        self._ident += 1
        self._stop = threading.Event()
        self._signature = signature
        self._stopped_by_user = False
        self.stop_button.setEnabled(True)
        self.solve_button.setEnabled(False)
        self._per_move = float(self.seconds.value())
        most = time_words(len(game.distinct_moves()) * self._per_move)
        self.result_label.setText(f"Solving… · at most {most}")
        self.progress_label.setText("")
        self._start.emit(self._ident, game.copy(), self._per_move, self._stop)

    def stop(self) -> None:
        """Stop the search; what is settled stays on the board."""
        if self._stop is not None:
            self._stopped_by_user = True
            self._stop.set()
            self.solver.stop()

    def cancel(self) -> None:
        """Stop the search and drop its answers (the position changed)."""
        self.stop()
        self._ident += 1
        self._stop = None
        self.stop_button.setEnabled(False)
        self.solve_button.setEnabled(True)

    def on_session_changed(self, change: Change) -> None:
        if change in (Change.COMMENT, Change.ANALYSIS, Change.SAVED):
            return
        game = self.session.game
        if self._signature == position_signature(game) and self.busy:
            return
        self.cancel()
        self._signature = None
        self.shown = None
        self.scene.set_solution(None)
        self.legend.setText(LEGEND)
        if self.session.editing:  # the map is of moves: in the editor nobody moves
            # (it said "Not shown while the position is set up", and Solve worked: tester 19)
            self.result_label.setText("Setting up: Solve settles the position as it stands")
            self.progress_label.setText("")
            return
        known = self.maps.get(position_signature(game))
        if known is not None:
            self._show_map(game, known, done=True)
            self.progress_label.setText(
                "Solved before: from memory"
                + ("" if known.complete else " (in part: Solve again for the rest)")
            )
        else:
            self.result_label.setText("Not solved")
            self.progress_label.setText("")

    def verdict(self, game: Game) -> tuple[str, int | None] | None:
        """When the solver has settled ``game``'s position: its words ("Black wins
        (proved)") and the winning colour (None under the pie rule's first turn, where the
        swap decides who holds it)."""
        proof = self.solver.cache.get(position_signature(game))
        if proof is None or proof.winner is None:
            return None
        if game.swap_ahead:  # whoever holds the winning colour after the swap is chosen
            return "The second player wins (proved, with the pie rule)", None
        return f"{game.colour_name(proof.winner)} wins (proved)", proof.winner

    def map_of(self, game: Game) -> SolveMap | None:
        """What the solver settled of ``game``'s moves: its finished map, or the one being
        made of the position shown."""
        signature = position_signature(game)
        known = self.maps.get(signature)
        if known is None and self.shown is not None and self._signature == signature:
            known = self.shown
        return known

    def shutdown(self) -> None:
        self.cancel()
        if self._thread.isRunning():
            self._thread.quit()
            self._thread.wait()

    # ----- answers ------------------------------------------------------------------
    @Slot(int, int, float)
    def _on_progress(self, ident: int, nodes: int, seconds: float) -> None:
        if ident == self._ident:
            self.progress_label.setText(f"{nodes:,} nodes in {seconds:.1f} s (this move)")

    @Slot(int, object)
    def _on_report(self, ident: int, solved: SolveMap) -> None:
        if ident == self._ident:
            self._show_map(self.session.game, solved, done=False)

    @Slot(int, object)
    def _on_finished(self, ident: int, solved: SolveMap) -> None:
        if ident != self._ident:
            return
        self._stop = None
        self.stop_button.setEnabled(False)
        self.solve_button.setEnabled(True)
        game = self.session.game
        if self._signature is not None:  # (a map in part too: a tester's, of 26 settled moves
            self.maps[self._signature] = solved  # of 41, was gone after a step and back)
        self._show_map(game, solved, done=True)
        self.status("Solver: " + self.result_label.text())

    @Slot(int, str)
    def _on_failed(self, ident: int, message: str) -> None:
        if ident == self._ident:
            self.cancel()
            self.result_label.setText(f"The solver failed: {message}")

    def _show_map(self, game: Game, solved: SolveMap, done: bool) -> None:
        self.shown = solved
        if self.settled is not None:
            self.settled()
        self.legend.setText(PIE_LEGEND if game.swap_ahead else LEGEND)
        won = {m.cell for m in solved.winning() if m.cell is not None}
        lost = {m.cell for m in solved.losing() if m.cell is not None}
        self.scene.set_solution((won, lost))
        me = game.colour_name(game.to_move)
        # (a Hexagonal Y edge pair is one move, its second cell given the first's result: the
        # count said 97 moves where the analysis said 83, tester 48)
        moves = [m for m in solved.results if not game.is_twin_move(m)]
        settled = sum(1 for m in moves if solved.results[m] is not None)
        total = len(moves)
        if game.swap_ahead and settled == total and total:
            verdict = (
                "Under the pie rule the second player wins (proved): it swaps the openings "
                f"that win for {me} (green, {len(won)}) and answers the others (red)"
            )
        elif any(m.is_swap for m in solved.winning()):
            verdict = f"{me} wins by swapping (proved)"
        elif won:
            verdict = f"{me} wins (proved): {counted(len(won), 'winning move')}"
            if len(won) <= NAMED_WINS:  # (named: other marks on the board may hide its disc)
                verdict += f" ({', '.join(sorted(game.geometry.labels[c] for c in won))})"
        elif settled == total and total:
            verdict = f"{game.colour_name(3 - game.to_move)} wins (proved)"
        else:
            verdict = (
                "Not settled yet"
                if not done
                else "Stopped before it settled"
                if self._stopped_by_user
                else "Not settled in the time given"
            )
        said = f"{verdict} · {settled} of {total} moves settled"
        if not done and solved.pending:
            # how long it may still take (a tester waited with no idea: 108 moves at 5 s a
            # move); a move alike to one settled by symmetry, or a Hexagonal Y pair's second
            # cell, takes no time, so this is the most
            left = [m for m in solved.pending if not game.is_twin_move(m)]
            said += f" · at most {time_words(len(left) * self._per_move)} more"
        self.result_label.setText(said)
        if done:
            seconds = sum(solved.seconds.values())
            what = "Stopped after" if self._stopped_by_user else "Done in"
            self.progress_label.setText(f"{what} {seconds:.1f} s")
