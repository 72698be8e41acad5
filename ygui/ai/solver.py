"""Exact answers on small boards: who wins a position with perfect play, and how.

``Solver.solve(game)`` proves (or disproves) that the side to move wins, with the compiled
depth-first proof-number search of ``ygui.ai.solver_kernels``, within a time, a node budget
and a fixed amount of memory (its transposition table), and can be stopped from another
thread. ``Solver.solve_map(game)`` settles every legal move of a position in turn.

Results are in colours: ``winner`` is the colour (1 Black, 2 White) that wins whatever the
other does, or None when the search could not settle it. The pie rule's swap changes who holds
which colour, not the position: the player asked to swap wins by swapping exactly when the
colour that just moved (Black, after the first move) wins the position. A move's result in a
map is the winner of the position after it (for a swap, the position's own winner). On the
first turn under the pie rule (``Game.swap_ahead``) no winning move is given: the player to
move loses whatever it plays (a stone that wins for its colour is swapped), and the map's
winning stones are the openings the second player must swap.

A solver keeps what it proved: its table (for the last game it searched, that game's board,
options and set-up) and a cache of the results of whole positions, so asking again about a
solved position is answered at once.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ygui.ai import kernels as k
from ygui.ai import priors
from ygui.ai import solver_kernels as sk
from ygui.ai.book import symmetries
from ygui.ai.tables import BoardTables, Position, board_tables, params_of, position_of
from ygui.core.game import SWAP, Game, Move

TABLE_BITS = 21  # 2M slots of 36 bytes: 72 MB
MAX_CELLS = sk.ZMAX - 1  # the Zobrist tables' size; larger boards are never settled anyway
CACHE_SIZE = 100_000  # positions whose results are kept (then forgotten all at once)
SLICE = 20_000  # nodes per call of the kernel: stopping and progress are checked between them


@dataclass(frozen=True)
class Proof:
    """What the solver found about one position."""

    winner: int | None  # the colour that wins with perfect play, or None (unknown)
    move: Move | None  # a winning move for the player to move, if that player wins
    nodes: int
    seconds: float
    draw: bool = False  # (boards of one's own only) neither side can force a win

    @property
    def proved(self) -> bool:
        return self.winner is not None or self.draw


@dataclass
class SolveMap:
    """Every legal move of a position and the winner after it (None: unknown yet)."""

    to_move: int
    results: dict[Move, int | None] = field(default_factory=dict)
    seconds: dict[Move, float] = field(default_factory=dict)
    pending: list[Move] = field(default_factory=list)  # moves not tried yet

    def winning(self) -> list[Move]:
        """The moves that win for the player who plays them (a swap wins when the colour
        that just moved wins the position)."""
        return [m for m, w in self._settled() if wins_for_mover(m, w, self.to_move)]

    def losing(self) -> list[Move]:
        return [m for m, w in self._settled() if not wins_for_mover(m, w, self.to_move)]

    def _settled(self) -> list[tuple[Move, int]]:
        return [(m, w) for m, w in self.results.items() if w is not None]

    @property
    def complete(self) -> bool:
        return not self.pending and all(w is not None for w in self.results.values())


def wins_for_mover(move: Move, winner: int, to_move: int) -> bool:
    """Whether ``move`` wins for the player who plays it, ``winner`` winning after it (a
    swap wins when the colour that just moved wins the position)."""
    return (winner != to_move) if move.is_swap else (winner == to_move)


Progress = Callable[[int, float], None]  # nodes so far, seconds so far


def position_signature(game: Game) -> tuple[object, ...]:
    """What makes two games' positions the same for the solver: the board, the options, the
    set-up, the side to move first and the moves."""
    return (
        game.geometry,  # by identity (eq=False), and kept alive: an id could be reused
        tuple(game.options.to_keys()),
        game.options.game,
        tuple(sorted(game.setup.items())),
        game.first_to_move,
        tuple(m.cell for m in game.moves),
    )


class Solver:
    """A solver with its own table and cache. One search at a time; ``stop()`` may be called
    from any thread."""

    def __init__(self, table_bits: int = TABLE_BITS) -> None:
        self.table_bits = table_bits
        self._game_key: object = None
        self._tables: tuple[np.ndarray, ...] | None = None
        self._ctl = np.zeros(sk.CTL, np.int64)
        self._stopped = threading.Event()
        self.cache: dict[tuple[object, ...], Proof] = {}
        rng = np.random.default_rng(20240601)
        self._zcell = rng.integers(1, 2**63, size=(sk.ZMAX, 3), dtype=np.int64).astype(np.uint64)
        self._zcell[:, 0] = 0
        self._zs = rng.integers(1, 2**63, size=sk.ZS, dtype=np.int64).astype(np.uint64)
        self._zcell <<= np.uint64(1)
        self._zs <<= np.uint64(1)

    # ----- control ---------------------------------------------------------------------
    def stop(self) -> None:
        """Stop the search under way (and the rest of a map) as soon as possible."""
        self._stopped.set()
        self._ctl[sk.STOP] = 1

    def clear(self) -> None:
        """Forget the table and the cache."""
        self._tables = None
        self._game_key = None
        self.cache.clear()

    def _table(self, game: Game) -> tuple[np.ndarray, ...]:
        key = (
            game.geometry,  # by identity (eq=False), and kept alive: an id could be reused
            tuple(game.options.to_keys()),
            game.options.game,
            tuple(sorted(game.setup.items())),
        )
        if self._tables is None or self._game_key != key:
            slots = 1 << self.table_bits
            self._tables = (
                np.zeros(slots, np.uint64),
                np.zeros(slots, np.int64),
                np.zeros(slots, np.int64),
                np.full(slots, -1, np.int32),
                np.zeros(slots, np.int64),
            )
            self._game_key = key
        return self._tables

    # ----- solving ---------------------------------------------------------------------
    def solve(
        self,
        game: Game,
        seconds: float | None = None,
        nodes: int | None = None,
        progress: Progress | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> Proof:
        """Who wins ``game``'s position with perfect play, within ``seconds`` and ``nodes``
        (each None: no limit), and a winning move for the player to move if there is one."""
        started = time.perf_counter()
        signature = position_signature(game)
        known = self.cache.get(signature)
        if known is not None:
            return known
        if game.winner is not None:
            proof = Proof(game.winner, None, 0, 0.0)
            self.cache[signature] = proof
            return proof
        if game.is_over:
            return self._keep(signature, Proof(None, None, 0, 0.0, draw=True))
        if game.geometry.size > MAX_CELLS:
            return Proof(None, None, 0, 0.0)
        mover = game.to_move
        found = self._search(game, mover, seconds, nodes, progress, should_stop, started)
        if found is None:
            return Proof(None, None, int(self._ctl[sk.NODES]), time.perf_counter() - started)
        wins, move, draw_seen = found
        spent = int(self._ctl[sk.NODES])
        if wins and game.swap_ahead:  # the colour wins, but the second player may take it
            proof = Proof(mover, None, spent, 0.0)
        elif wins:
            if move < 0:  # settled before any move (a virtual win): find one that keeps it
                move = self._winning_child(game, seconds, nodes, should_stop, started)
            proof = Proof(mover, Move(move) if move >= 0 else None, spent, 0.0)
        elif not draw_seen:
            proof = Proof(3 - mover, SWAP if game.can_swap else None, spent, 0.0)
        else:  # the mover cannot win; can the other side? (boards of one's own only)
            other = self._search(game, 3 - mover, seconds, nodes, progress, should_stop, started)
            spent += int(self._ctl[sk.NODES])
            if other is None:
                return Proof(None, None, spent, time.perf_counter() - started)
            swap = SWAP if game.can_swap and other[0] else None
            proof = Proof(3 - mover if other[0] else None, swap, spent, 0.0, draw=not other[0])
        proof = Proof(
            proof.winner, proof.move, proof.nodes, time.perf_counter() - started, proof.draw
        )
        return self._keep(signature, proof)

    def _winning_child(
        self,
        game: Game,
        seconds: float | None,
        nodes: int | None,
        should_stop: Callable[[], bool] | None,
        started: float,
    ) -> int:
        """A placement after which the side to move still wins (it does: the caller proved
        it), searched with growing budgets of nodes a move (at most ``nodes``); -1 if out of
        time or nodes."""
        mover = game.to_move
        budgets: list[int | None] = [2_000, 50_000, None]
        if nodes is not None:
            budgets = [b for b in (2_000, 50_000, nodes) if b <= nodes]
        for budget in budgets:
            for move in game.distinct_moves():
                cell = move.cell
                if cell is None:
                    continue
                left = None if seconds is None else seconds - (time.perf_counter() - started)
                if left is not None and left <= 0:
                    return -1
                child = game.copy()
                child.play(Move(cell))
                if self.solve(child, left, budget, None, should_stop).winner == mover:
                    return cell
        return -1

    def _keep(self, signature: tuple[object, ...], proof: Proof) -> Proof:
        if len(self.cache) >= CACHE_SIZE:
            self.cache.clear()
        self.cache[signature] = proof
        return proof

    def _search(
        self,
        game: Game,
        attacker: int,
        seconds: float | None,
        nodes: int | None,
        progress: Progress | None,
        should_stop: Callable[[], bool] | None,
        started: float,
    ) -> tuple[bool, int, bool] | None:
        """Prove or disprove that ``attacker`` wins: (wins, the move that proves it or -1,
        whether a draw was met), or None if out of time, nodes or stopped."""
        tables = board_tables(game)
        params = params_of(game, tables)
        pos = position_of(game, tables, params)
        ctl = self._ctl
        ctl[:] = 0
        ctl[sk.STOP] = 1 if self._stopped.is_set() else 0
        ctl[sk.ATTACKER] = attacker
        ctl[sk.DRAWLESS] = params[k.DRAWLESS]
        weights = priors.weights(game.options.game)
        tt = self._table(game)
        while True:
            if self._stopped.is_set() or (should_stop is not None and should_stop()):
                return None
            if seconds is not None and time.perf_counter() - started > seconds:
                return None
            if nodes is not None and ctl[sk.NODES] >= nodes:
                return None
            step = SLICE if nodes is None else min(SLICE, nodes - int(ctl[sk.NODES]))
            ctl[sk.BUDGET] = ctl[sk.NODES] + step
            _run(tables, params, pos, weights, self._zcell, self._zs, tt, ctl)
            if progress is not None:
                progress(int(ctl[sk.NODES]), time.perf_counter() - started)
            if ctl[sk.ROOT_PN] == 0 or ctl[sk.ROOT_DN] == 0:
                return ctl[sk.ROOT_PN] == 0, int(ctl[sk.ROOT_MOVE]), bool(ctl[sk.DRAW])
            if ctl[sk.STOP]:
                return None

    def reset_stop(self) -> None:
        """Allow searches again after ``stop()``."""
        self._stopped.clear()
        self._ctl[sk.STOP] = 0

    def solve_map(
        self,
        game: Game,
        seconds_per_move: float | None = None,
        nodes_per_move: int | None = None,
        report: Callable[[SolveMap], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
        progress: Progress | None = None,
    ) -> SolveMap:
        """The result of every legal move of ``game``'s position, each settled within its
        own time and node budget; ``report`` is called after each move."""
        result = SolveMap(game.to_move)
        moves = game.legal_moves()
        result.pending = list(moves)
        for move in moves:
            result.results[move] = None
        same = position_symmetries(game)
        # (a Hexagonal Y pair's first cell before its second, which then takes its result)
        for move in sorted(moves, key=game.is_twin_move):
            if self._stopped.is_set() or (should_stop is not None and should_stop()):
                break
            twin = _tried_twin(game, move, same, result)
            if twin is not None:  # the image of a move tried already: the same result (or
                # none: the same search within the same budget)
                result.results[move] = result.results[twin]
                result.seconds[move] = 0.0
                result.pending.remove(move)
                if report is not None:
                    report(result)
                continue
            if move.is_swap:
                proof = self.solve(game, seconds_per_move, nodes_per_move, progress, should_stop)
            else:
                child = game.copy()
                child.play(move)
                proof = self.solve(child, seconds_per_move, nodes_per_move, progress, should_stop)
            result.results[move] = proof.winner
            result.seconds[move] = proof.seconds
            result.pending.remove(move)
            if report is not None:
                report(result)
        placements = {m: w for m, w in result.results.items() if not m.is_swap}
        signature = position_signature(game)
        if placements and signature not in self.cache:  # the position's own result
            me = game.to_move
            wins = [m for m, w in placements.items() if w == me]
            if wins:
                opening: Move | None = None if game.swap_ahead else wins[0]
                self._keep(signature, Proof(me, opening, 0, sum(result.seconds.values())))
            elif all(w == 3 - me for w in placements.values()):
                swap = SWAP if game.can_swap else None
                self._keep(signature, Proof(3 - me, swap, 0, sum(result.seconds.values())))
        return result


def position_symmetries(game: Game) -> list[tuple[int, ...]]:
    """The symmetries of the board and its rules (``book.symmetries``) that map the position's
    stones onto stones of the same colour, other than the identity: a move and its image then
    have the same result. Only for one stone a turn, where the stones are the whole state (the
    pie rule's swap depends only on how many moves were played)."""
    if game.options.turns != "standard" or game.stones_left_in_turn > 1:
        return []
    colours = game.colours
    return [
        perm
        for perm in symmetries(game.geometry, game.rule)[1:]
        if all(colours[perm[c]] == colours[c] for c in range(len(perm)))
    ]


def _tried_twin(
    game: Game, move: Move, same: list[tuple[int, ...]], result: SolveMap
) -> Move | None:
    """A move tried already (settled, or not within its budget) that ``move`` is an image of
    under a symmetry of the position, or the same placement (a Hexagonal Y edge cell and its
    empty opposite); a settled one first."""
    if move.cell is None:
        return None
    images = {Move(perm[move.cell]) for perm in same}
    images |= {Move(cell) for cell in game.placement_cells(move.cell)}  # (a pair's other cell)
    images -= {move}
    tried = [m for m in images if m in result.seconds]
    settled = [m for m in tried if result.results.get(m) is not None]
    found = settled or tried
    return found[0] if found else None


def _run(
    tables: BoardTables,
    params: np.ndarray,
    pos: Position,
    weights: np.ndarray,
    zcell: np.ndarray,
    zs: np.ndarray,
    tt: tuple[np.ndarray, ...],
    ctl: np.ndarray,
) -> None:
    sk.solve(
        *tables.arrays,
        params,
        *tables.feature_arrays,
        weights,
        *pos.arrays,
        zcell,
        zs,
        *tt,
        ctl,
    )


def solved_result_text(game: Game, proof: Proof) -> str:
    """A line for the window or GTP: who wins, proved, and how."""
    if proof.draw and proof.winner is None:
        return "a draw (proved)"
    if proof.winner is None:
        return "unknown"
    text = f"{game.colour_name(proof.winner)} wins (proved)"
    if proof.move is not None:
        text += f"; winning move {game.move_text(proof.move)}"
    return text
