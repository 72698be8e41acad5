"""The computer player: Monte-Carlo tree search with RAVE over the real rules of every game.

``Engine.search(game, limits)`` returns a ``SearchResult`` for the side to move. The search runs
in compiled chunks (``ygui.ai.kernels``) that release the GIL; between chunks it reports
progress and checks whether it should stop, so a caller can cancel it at once or ask it to
move now. For the same seed and playout budget the result is the same.
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from ygui.ai import kernels as k
from ygui.ai import priors
from ygui.ai.book import book_move, symmetries
from ygui.ai.first_stones import model_move, model_stones
from ygui.ai.solver import Solver
from ygui.ai.tables import BoardTables, Position, board_tables, params_of, position_of
from ygui.core.game import SWAP, Game, Move

# Playouts per move for each level on a board of REFERENCE_CELLS cells (Y 11). On a larger
# board a playout takes longer, so a level searches fewer, in proportion (never fewer than
# MIN_SCALE of them): its time stays about the same on every board. Each level also has a time
# budget per stone, LEVEL_SECONDS, that it never passes; on the machines measured (README)
# the playouts run out first, so a level's moves are the same on every run.
LEVEL_PLAYOUTS = {
    1: 40,
    2: 120,
    3: 300,
    4: 800,
    5: 2_000,
    6: 5_000,
    7: 12_000,
    8: 40_000,
    9: 120_000,
    10: 400_000,
}
REFERENCE_CELLS = 66
MIN_SCALE = 0.25
LEVEL_SECONDS = {  # about three times the longest move measured (README), as a guard
    1: 0.5,
    2: 0.5,
    3: 0.5,
    4: 0.5,
    5: 0.5,
    6: 0.5,
    7: 0.5,
    8: 1.0,
    9: 2.0,
    10: 5.0,
}
LEVEL_DESCRIPTIONS = {
    1: "a beginner: little more than random",
    2: "sees the obvious",
    3: "casual",
    4: "club beginner",
    5: "solid",
    6: "club player",
    7: "strong club player",
    8: "expert",
    9: "very strong",
    10: "the strongest (a few seconds a move)",
}
# the levels from which the engine plays the opening book (ygui.ai.book); weaker ones search
BOOK_LEVEL = 7
# From this level the engine first tries to solve a position with few empty cells
# (ygui.ai.solver), within PROOF_NODES nodes (a few tenths of a second at most): a proved
# position is played perfectly.
PROOF_LEVEL = 6
PROOF_CELLS = 24
PROOF_NODES = 20_000
PROOF_TABLE_BITS = 18  # the solver's table: 9 MB
PROOF_SHARE = 0.25  # and within this share of the level's time budget
# The first stone under the pie rule weighed apart (Engine._pie_opening: the stone that leaves
# the second player least after its best reply, swap included) is off at every level: measured
# in self-play at level 7 it balanced Poly-Y and the Game of Y better and Hexagonal and Starboard
# Y worse than the plain search (docs/strength.md). SearchLimits(pie_opening=True) turns it on.
PIE_CANDIDATES = 12  # first stones weighed, one of each set of stones alike by symmetry
RAVE_K = 600.0
# An exploration bonus at the root, EXPLORE * sqrt(ln N / (n + PRIOR)) added to each child's
# score (N the root's visits, n the child's): without it the search gives its first choice
# 98-99% of a level-10 search and never comes back to a move whose first playouts went badly.
# Measured (docs/strength.md): a bonus in every node won on Y 11 at level 8 (0.05 and 0.1)
# and lost on Poly-Y; at the root alone it lost on Poly-Y at level 8 too; so it is off.
EXPLORE = 0.0
# The pie rule's decisions (the first stone, and whether to swap it) searched with this many
# times a level's playouts, within its time. Measured on Mudcrack Y at level 7 with 4
# (docs/strength.md): the second player's choice gained more than the first's, so it is off.
PIE_BUDGET = 1.0
# Where a first stones' model fits (ygui.ai.first_stones), from the book's levels up, the first
# stone under the pie rule is, with MODEL_OPENING K, the best of the model's K stones nearest to
# even, each weighed by the second player's search with a level's playouts (Engine._pie_opening),
# with 0 the model's nearest to even itself, with None the search's (the model is not asked).
MODEL_OPENING: int | None = 6
PRIOR = 20.0  # playouts of prior knowledge a fresh child starts with (ygui.ai.priors)
PRIOR_SCALE = 0.25  # how far from even a strong or weak cell's head start is (kernels.prior_value)
EXPAND_AT = 4
# a node's must-play region (kernels.must_play) is worked out at its MUST_AT-th visit, in a
# search with SearchLimits(must_play=True)
MUST_AT = 64
# A search of this many playouts or more expands a node only after twice as many visits: its
# tree would otherwise outgrow the processor's caches, and every step down it would wait for
# memory (on Y 11, 500,000 playouts ran about 25% faster so).
LARGE_SEARCH = 200_000
# A search whose tree has fewer free blocks than this (or than a 64th of its blocks) prunes the
# tree's lightest nodes (_Tree.prune), or stops
FULL_BLOCKS = 16
CHUNK = 256  # simulations in the first call of the kernel; later calls grow
# The tree's counts are 32-bit floats, exact up to 2**24 (16,777,216): past that, adding a
# visit adds nothing while the wins still grow, and a long analysis read 100% for a move
# (a tester's finding). A search stops once its root has this many; every node's counts stop
# there too (kernels.FROZEN: a move that had been the root of long analyses can have more
# visits than its position).
MAX_TREE_VISITS = int(k.FROZEN)
MAX_CHUNK = 4096
CHUNK_SECONDS = 0.005  # grow while a call takes less (cancelling waits at most about this)
MAX_SLOTS = 8_000_000  # 176 MB of tree at most
SLOT_BYTES = 22  # a slot's child, visits, wins, all-moves-as-first counts and proof length
# Memory for all of an engine's trees together (root parallel: one tree a thread). Each tree gets
# at most its share; an engine whose trees would each get less than MIN_TREE_SLOTS is refused.
TREE_MEMORY = 704_000_000  # (32 trees of MIN_TREE_SLOTS)
MIN_TREE_SLOTS = 1_000_000
# A tree has room for the nodes of this many searches: the subtree a move keeps stays in place
# among the nodes it no longer needs, and the next search grows it from the free room. With room
# for one search the tree was cleared every other move (on Y 11 at 1/16 s the subtree kept held
# up to three quarters of a search's playouts).
ROOM = 3
# Resuming searches (analysis) set trees aside when the user goes to a position none of them
# holds: at most this many a thread, in at most this much memory (of the trees' used part; the
# rest of a tree's arrays is never touched, so it takes no memory).
PARKED_TREES = 6
PARKED_MEMORY = 480_000_000


# the most threads ``window_threads`` and ``engine_threads`` give an engine (root parallelism
# gains little past a few trees; each tree takes memory of its own)
WINDOW_THREADS = 8


def max_threads() -> int:
    """The most search trees (threads) an engine may have within TREE_MEMORY."""
    return TREE_MEMORY // (SLOT_BYTES * MIN_TREE_SLOTS)


def cores() -> int:
    """The processor cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # (no affinity on macOS and Windows)
        return os.cpu_count() or 1


def window_threads(count: int | None = None) -> int:
    """Search threads for the window's engine: every core this process may use (or ``count``)
    but one, which is left to the window (so one on a two-core machine), at most
    WINDOW_THREADS."""
    return engine_threads((cores() if count is None else count) - 1)


def engine_threads(count: int | None = None) -> int:
    """Search threads for an engine without a window (``ygui gtp``, the match benchmark):
    every core this process may use (or ``count``), at most WINDOW_THREADS."""
    return max(1, min(WINDOW_THREADS, cores() if count is None else count))


@dataclass(frozen=True)
class SearchLimits:
    playouts: int = 2_000
    seconds: float | None = None
    seed: int = 1
    book: bool = False  # play the opening book's move where it knows the position
    scaled: bool = False  # playouts are for a board of REFERENCE_CELLS: scale them to the board
    # go on from the tree of an earlier search that holds this position (one's own or one
    # kept aside), whatever room it has left: analysis that resumes where it was
    resume: bool = False
    proof_nodes: int = 0  # try to solve positions with PROOF_CELLS empty cells or fewer first
    pie_opening: bool = False  # under the pie rule, weigh the first stone apart (see above)
    # work out the must-play regions of the nodes the search visits most (kernels.must_play):
    # more proofs, for the analysis; play does without (its cost bought no strength)
    must_play: bool = False
    # the caller wants the position judged, not only a move (the analysis, the game review,
    # hints): a forced move is searched like any other for its win rate, where play takes it
    # at once (it was given a rate of 1/2, which the review read as the position's value)
    judge: bool = False
    # the level these limits are (SearchLimits.level; 0: none): the book chooses the first
    # stone and the swap by their worth in games at that level where it has them
    strength: int = 0
    # the analysis: every other simulation goes to the least visited of the root's ``wide``
    # best-scored moves (kernels.wide_slot), so that the rates of the moves after the first
    # choice are worth comparing (0: every simulation follows the best score, as in play)
    wide: int = 0

    @staticmethod
    def level(level: int, seed: int = 1) -> SearchLimits:
        if level not in LEVEL_PLAYOUTS:
            raise ValueError(f"levels are 1 to 10, not {level}")
        return SearchLimits(
            playouts=LEVEL_PLAYOUTS[level],
            seconds=LEVEL_SECONDS[level],
            seed=seed,
            book=level >= BOOK_LEVEL,
            scaled=True,
            proof_nodes=PROOF_NODES if level >= PROOF_LEVEL else 0,
            strength=level,
        )

    def playouts_on(self, cells: int) -> int:
        """The playouts these limits allow on a board of ``cells`` cells."""
        if not self.scaled or cells <= REFERENCE_CELLS:
            return self.playouts
        return max(1, round(self.playouts * max(MIN_SCALE, REFERENCE_CELLS / cells)))


@dataclass(frozen=True)
class Candidate:
    """One of the moves the search looked at most: its visits, its win rate for the side that
    plays it, and the line the search expects after it (the move first)."""

    move: Move
    visits: int
    win_rate: float
    line: tuple[Move, ...]
    # proved by the search (the MCTS-solver): the stones to the end of the game, the move
    # included, if it wins; their negative if it loses; 0 when not proved
    proved: int = 0


CANDIDATES = 8  # candidates a result lists
CANDIDATE_LINE = 10  # moves of each candidate's line


@dataclass(frozen=True)
class SearchResult:
    move: Move
    win_rate: float  # for the side that moves, 0..1
    playouts: int
    principal: tuple[Move, ...]
    visits: dict[int, int] = field(default_factory=dict)  # root cell -> visits
    seconds: float = 0.0
    # "win", "block", "only move", "book", "model" (ygui.ai.first_stones), "proved" or "search"
    reason: str = "search"
    candidates: tuple[Candidate, ...] = ()  # the most visited moves, most visited first
    # the position's playouts in the tree, this search's and those of earlier ones it went on
    # from (at least ``playouts`` when the search ran in a tree)
    tree_playouts: int = 0
    # the move proved by the search (Candidate.proved): > 0 the side to move wins with it in
    # that many stones at most, < 0 it loses whatever it plays, 0 not known
    proved: int = 0


Progress = Callable[[SearchResult], None]


class Engine:
    """The search, with its trees kept between moves. ``threads`` > 1 searches with that many
    threads, each with its share of the playouts: each in a tree of its own (root parallel),
    or with ``shared`` all in one tree (tree parallel: each thread's visit counts as a loss
    until its result is in, which sends the others elsewhere). Measured on two cores, one
    tree gained nothing over a tree each at equal playouts (2, 4 and 7 threads: 310/600), and
    two threads in one tree ran only 1.4 times the simulations of one (docs/strength.md), so
    root parallel is the default."""

    def __init__(
        self,
        seed: int = 1,
        capacity: int | None = None,
        rave_k: float = RAVE_K,
        explore: float = EXPLORE,
        pie_budget: float = PIE_BUDGET,
        model_opening: int | None = MODEL_OPENING,
        expand_at: int = EXPAND_AT,
        threads: int = 1,
        shared: bool = False,
        prior: float = PRIOR,
        prior_scale: float = PRIOR_SCALE,
        weights: np.ndarray | None = None,
        must_at: int = MUST_AT,
    ) -> None:
        self.seed = seed
        # a node's must-play region is worked out at this visit (kernels.must_play; 0: never),
        # in a search that asks for it (SearchLimits.must_play)
        self.must_at = must_at
        self.capacity = capacity
        self.rave_k = rave_k
        self.explore = explore
        self.pie_budget = pie_budget
        self.model_opening = model_opening
        self.expand_at = expand_at
        self.threads = max(1, threads)
        self.shared = shared and self.threads > 1
        # the trees: one for all the threads, or one a thread
        self.tree_count = 1 if self.shared else self.threads
        if self.threads > max_threads():
            raise ValueError(
                f"{self.threads} search trees would not fit in the engine's "
                f"{TREE_MEMORY // 1_000_000} MB of search memory: at most {max_threads()} threads"
            )
        # each tree's share of the memory for all of them
        self.max_slots = min(MAX_SLOTS, TREE_MEMORY // SLOT_BYTES // self.tree_count)
        self.prior = prior
        self.prior_scale = prior_scale
        # the prior knowledge's weights (ygui.ai.priors) given to the engine, else each game's
        self._given = None if weights is None else self._scaled(weights)
        self._weights: dict[str, np.ndarray] = {}
        self._trees: list[_Tree | None] = [None] * self.tree_count
        # trees set aside by resuming searches, to go on from when their position comes back;
        # one list a tree, the most recently used last
        self._parked: list[list[_Tree]] = [[] for _ in range(self.tree_count)]
        self._solver: Solver | None = None

    def weights(self, game: str) -> np.ndarray:
        """The weights of the prior knowledge for ``game`` and, last, its scale: those given
        to the engine, else the game's own (``ygui.ai.priors``)."""
        if self._given is not None:
            return self._given
        if game not in self._weights:
            self._weights[game] = self._scaled(priors.weights(game))
        return self._weights[game]

    def _scaled(self, weights: np.ndarray) -> np.ndarray:
        return np.append(weights, self.prior_scale).astype(np.float32)

    def reset(self) -> None:
        self._trees = [None] * self.tree_count
        self._parked = [[] for _ in range(self.tree_count)]

    @property
    def _tree(self) -> _Tree | None:
        return self._trees[0]

    # ----- the public call ------------------------------------------------------------
    def search(
        self,
        game: Game,
        limits: SearchLimits,
        progress: Progress | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> SearchResult:
        if game.is_over:
            raise ValueError("the game is over")
        started = time.perf_counter()
        # Under the pie rule every level opens and swaps as its book or first stones' model
        # says, where the board has one (below the book's levels the rest is the search's):
        # level 2 kept a centre stone, a gift (tester 27), and below level 7 the search opened
        # alike game after game (tester 29: j5 nine times in eleven).
        pie_moment = (
            bool(limits.strength) and not (limits.book or limits.pie_opening) and _pie_moment(game)
        )
        keeps_stone = False  # the book keeps the first stone: the search may not swap it
        if limits.book or pie_moment:
            known = book_move(game, limits.seed, level=limits.strength or None)
            if known is not None and pie_moment and game.moves and not known.move.is_swap:
                keeps_stone, known = True, None  # (its answer is the search's, at this level)
            if known is not None:
                return SearchResult(
                    known.move,
                    known.value,
                    0,
                    (known.move,),
                    seconds=time.perf_counter() - started,
                    reason="book",
                )
            weighs = self.model_opening
            if weighs and _pie_first_move(game):  # a board no book knows
                stones = model_stones(game, weighs, limits.strength or None)
                if stones:  # the model's stones nearest to even, weighed
                    return self._pie_opening(game, limits, started, should_stop, stones)
            elif weighs == 0 and _pie_first_move(game):
                modelled = model_move(game, limits.seed, limits.strength or None)
                if modelled is not None:  # the model's nearest to even itself
                    move, worth = modelled
                    return SearchResult(
                        move,
                        worth,
                        0,
                        (move,),
                        seconds=time.perf_counter() - started,
                        reason="model",
                    )
        if limits.pie_opening and _pie_first_move(game):
            return self._pie_opening(game, limits, started, should_stop)
        tables = board_tables(game)
        params = params_of(game, tables)
        pos = position_of(game, tables, params)
        n = game.geometry.size
        me = int(pos.info[k.TO_MOVE])
        wins = _winning(tables, params, pos, me)
        if wins:
            win = Move(wins[0])  # (a candidate too: the analysis lists it and labels it)
            return SearchResult(
                win,
                1.0,
                0,
                (win,),
                reason="win",
                candidates=(Candidate(win, 0, 1.0, (win,), 1),),
                proved=1,
            )
        allowed = np.ones(n + 1, np.bool_)
        allowed[n] = not keeps_stone  # (the swap's slot)
        reason = "search"
        if game.stones_left_in_turn == 1:
            threats = [c for c in _winning(tables, params, pos, 3 - me) if game.is_legal(Move(c))]
            if threats:
                allowed[:] = False
                allowed[threats] = True
                reason = "block"
        if params[k.PAIRED]:
            # (an edge pair's second cell is no move of the search's, kernels.paired_twin:
            # a cell allowed allows its pair's first)
            for a, b in game.geometry.opposite.items():
                allowed[a] = allowed[b] = allowed[a] or allowed[b]
        legal = [m for m in game.distinct_moves() if allowed[n if m.cell is None else m.cell]]
        if len(legal) == 1 and not limits.judge:
            return SearchResult(legal[0], 0.5, 0, (legal[0],), reason="only move")
        if limits.proof_nodes and game.empty_count() <= PROOF_CELLS:
            if self._solver is None:
                self._solver = Solver(PROOF_TABLE_BITS)
            budget = None if limits.seconds is None else limits.seconds * PROOF_SHARE
            proof = self._solver.solve(
                game, budget, nodes=limits.proof_nodes, should_stop=should_stop
            )
            if proof.move is not None:  # the player to move wins with it
                return SearchResult(
                    proof.move,
                    1.0,
                    0,
                    (proof.move,),
                    seconds=time.perf_counter() - started,
                    reason="proved",
                )
        if limits.strength and (_pie_first_move(game) or game.can_swap):
            limits = replace(limits, playouts=max(1, round(limits.playouts * self.pie_budget)))
        if limits.scaled:
            limits = replace(limits, playouts=limits.playouts_on(n), scaled=False)
        expand_at = self.expand_at_for(limits)
        trees = [
            self._tree_for(i, game, tables, params, pos, limits, expand_at, reset=reason == "block")
            for i in range(self.tree_count)
        ]
        intrusions = _intrusions(tables, params, pos, game.to_move)
        for tree in trees:
            tree.intrusions = intrusions
        weights = self.weights(game.options.game)
        seed = np.uint64(limits.seed * 0x9E3779B97F4A7C15 % 2**64 or 1)
        done = [0] * self.threads
        failed: list[BaseException] = []

        def report(i: int, count: int) -> None:
            """A thread's simulations so far; the first thread reports the progress of all
            of them, with its own tree's line and visits (the others' are changing)."""
            done[i] = count
            # (nothing to say while the root has no children: a tree out of room)
            if progress is not None and i == 0 and trees[0].block(trees[0].root) >= 0:
                progress(
                    _swap_by_identity(game, self._result(trees[:1], game, done, started, reason))
                )

        def think(i: int) -> None:
            """One thread's search: in the shared tree, or in a tree of its own."""
            try:
                budget = self._share(limits, i)
                rng = np.array([seed ^ np.uint64(len(game.moves) + 1 + 7919 * i)], np.uint64)
                done[i] = self._think(
                    trees[i % len(trees)],
                    tables,
                    params,
                    pos,
                    weights,
                    allowed,
                    rng,
                    budget,
                    expand_at,
                    limits,
                    started,
                    should_stop,
                    lambda d: report(i, d),
                )
            except BaseException as error:  # handed to the caller's thread
                failed.append(error)

        helpers = [threading.Thread(target=think, args=(i,)) for i in range(1, self.threads)]
        for helper in helpers:
            helper.start()
        think(0)
        for helper in helpers:
            helper.join()
        if failed:
            raise failed[0]
        if all(tree.block(tree.root) < 0 for tree in trees):
            # stopped before the root was expanded: fall back to the first legal move
            return SearchResult(legal[0], 0.5, sum(done), (legal[0],), reason="stopped")
        result = _swap_by_identity(game, self._result(trees, game, done, started, reason))
        if any(c.move.is_swap for c in result.candidates) and _swap_judged_apart(game):
            for tree in trees:
                tree.keep_root_as_before()
        return result

    def _pie_opening(
        self,
        game: Game,
        limits: SearchLimits,
        started: float,
        should_stop: Callable[[], bool] | None,
        stones: list[int] | None = None,
    ) -> SearchResult:
        """The first stone under the pie rule: the second player swaps a stone that is worth
        more than half to its owner and answers one worth less, so the strongest stone is not
        the best one; the best leaves the second player least after its best reply, swap or
        stone. Weighs PIE_CANDIDATES stones, one of each set alike by symmetry, spread from the
        centre to the edge, each by a search of the position after it from the second player's
        side, the swap included (the search the second player itself will make), within its
        share of the level's playouts and time. (Choosing instead the stone whose worth
        without the swap was nearest half was measured no better than the plain search:
        docs/strength.md.) ``stones`` given (a first stones' model's nearest to even), each
        is weighed with the level's whole budget instead."""
        total = limits.playouts_on(game.geometry.size) if limits.scaled else limits.playouts
        share = 1
        if stones is None:
            stones = _spread_stones(game, PIE_CANDIDATES)
            share = len(stones)
        each = replace(
            limits,
            playouts=max(100, total // share),
            seconds=None if limits.seconds is None else limits.seconds / share,
            scaled=False,
            book=False,
            proof_nodes=0,
            pie_opening=False,
            resume=False,
        )
        weighed: list[Candidate] = []
        playouts = 0
        for number, cell in enumerate(stones):
            if should_stop is not None and should_stop() and weighed:
                break
            after = game.copy()
            after.play(Move(cell))
            if after.is_over:  # (a board so small that one stone wins)
                worth, done = 1.0, 0
            else:
                answer = self.search(
                    after, replace(each, seed=limits.seed + number), None, should_stop
                )
                worth, done = 1.0 - answer.win_rate, answer.playouts
            playouts += done
            weighed.append(Candidate(Move(cell), done, worth, (Move(cell),)))
        self.reset()  # the trees of these searches are of no use for the game
        weighed.sort(key=lambda c: -c.win_rate)  # the most left after the second's best
        best = weighed[0]
        return SearchResult(
            best.move,
            best.win_rate,
            playouts,
            best.line,
            {c.move.cell: c.visits for c in weighed if c.move.cell is not None},
            time.perf_counter() - started,
            "pie opening",
            tuple(weighed[:CANDIDATES]),
            playouts,
        )

    def _share(self, limits: SearchLimits, index: int) -> int:
        """The playouts of the ``index``-th thread: the budget shared out, the first taking the
        remainder (under a time limit each thread also uses all of the time)."""
        share = limits.playouts // self.threads
        return share + (limits.playouts % self.threads if index == 0 else 0)

    def expand_at_for(self, limits: SearchLimits) -> int:
        """The visits a node needs before it is expanded, in a search within ``limits``."""
        return self.expand_at * (2 if _most_playouts(limits) >= LARGE_SEARCH else 1)

    def _think(
        self,
        tree: _Tree,
        tables: BoardTables,
        params: np.ndarray,
        pos: Position,
        weights: np.ndarray,
        allowed: np.ndarray,
        rng: np.ndarray,
        budget: int,
        expand_at: int,
        limits: SearchLimits,
        started: float,
        should_stop: Callable[[], bool] | None,
        report: Callable[[int], None],
    ) -> int:
        """Search one tree in compiled chunks until the budget, the time or a stop; returns
        the simulations run."""
        done = 0
        size = CHUNK
        searching = 0.0  # seconds spent in the kernel
        while done < budget:
            if should_stop is not None and should_stop():
                break
            if tree.most_visits() >= MAX_TREE_VISITS:
                break  # (the counts would stop counting: see MAX_TREE_VISITS)
            # A full tree grows no more, and the search then went on from its leaves: a move
            # whose node could not be expanded kept the rate of its random playouts and drew
            # every playout (98% of 16 million, a tester's finding). The root's lightest nodes
            # go, to make room; a tree shared by threads (others in it now) or one that cannot
            # be pruned stops the search instead.
            full = tree.free < max(FULL_BLOCKS, tree.blocks // 64)
            if full and (self.shared or not tree.prune()):
                break
            now = time.perf_counter()
            if limits.seconds is not None and done > 0 and now - started > limits.seconds:
                break  # (always one chunk: a first call may load the compiled code)
            chunk = min(size, budget - done)
            if limits.seconds is not None and searching > 0:
                # do not overrun the time: as many as the rate so far fits in what is left
                left = limits.seconds - (now - started)
                chunk = max(16, min(chunk, int(left * done / searching) + 1))
            ran = k.search(
                *tables.arrays,
                params,
                *tables.playout_arrays,
                *pos.arrays,
                *tree.arrays,
                allowed,
                chunk,
                rng,
                self.rave_k,
                self.explore,
                limits.wide,
                _expand_at_when(tree, expand_at) if limits.resume else expand_at,
                self.prior,
                weights,
                self.shared,
                self.must_at if limits.must_play else 0,
            )
            took = time.perf_counter() - now
            searching += took
            done += ran
            if took < CHUNK_SECONDS:
                # fewer, longer calls waste less time on the way in and out of the kernel
                size = min(2 * size, MAX_CHUNK)
            report(done)
            if tree.proved_root():
                break  # a move proved to win, or every move to lose: no more to learn
        return done

    @staticmethod
    def _result(
        trees: list[_Tree], game: Game, done: list[int], started: float, reason: str
    ) -> SearchResult:
        """The move with the most visits over every tree's root (one tree: its own result)."""
        seconds = time.perf_counter() - started
        if len(trees) == 1:
            return trees[0].result(game, sum(done), seconds, reason)
        visits: dict[int, float] = {}
        wins: dict[int, float] = {}
        proved: dict[int, int] = {}  # what any tree proved of a move (the shortest proof)
        for tree in trees:
            children = tree.children(tree.root)
            for c, outcome in zip(children, tree.outcomes(children), strict=True):
                mv = tree.move_of(int(c))
                visits[mv] = visits.get(mv, 0.0) + float(tree.visits[c])
                wins[mv] = wins.get(mv, 0.0) + float(tree.wins[c])
                if outcome and (mv not in proved or abs(outcome) < abs(proved[mv])):
                    proved[mv] = int(outcome)

        intrusions = trees[0].intrusions

        def rank(mv: int) -> tuple[int, bool, int, float, float]:  # as _Tree.ranked
            outcome = proved.get(mv, 0)
            intrudes = intrusions is not None and bool(intrusions[mv]) and outcome < 0
            return ((outcome > 0) - (outcome < 0), intrudes, -outcome, visits[mv], wins[mv])

        n = game.geometry.size
        ranked = sorted(visits, key=rank, reverse=True)
        best = ranked[0]
        candidates = []
        for mv in ranked[:CANDIDATES]:
            if not visits[mv] and not proved.get(mv):
                continue  # (as _Tree.candidates)
            # each move's line from the tree that looked at it most
            tree = max(trees, key=lambda t: t.visits_of(mv))
            line = tree.line_of(mv, CANDIDATE_LINE) or (_as_move(mv, n),)
            rate = _proved_rate(proved.get(mv, 0), wins[mv], visits[mv])
            candidates.append(
                Candidate(_as_move(mv, n), int(visits[mv]), rate, line, proved.get(mv, 0))
            )
        line = candidates[0].line if candidates else (_as_move(best, n),)
        return SearchResult(
            _as_move(best, n),
            _proved_rate(proved.get(best, 0), wins[best], visits[best]),
            sum(done),
            line,
            {mv: int(v) for mv, v in visits.items() if mv < n},
            seconds,
            reason,
            tuple(candidates),
            sum(tree.root_playouts() for tree in trees),
            proved.get(best, 0),
        )

    # ----- the tree, kept between moves ------------------------------------------------
    def _tree_for(
        self,
        index: int,
        game: Game,
        tables: BoardTables,
        params: np.ndarray,
        pos: Position,
        limits: SearchLimits,
        expand_at: int,
        reset: bool,
    ) -> _Tree:
        key = (
            game.geometry,  # by identity: an id can be reused by another board
            tuple(game.options.to_keys()),
            game.options.game,
            tuple(sorted(game.setup.items())),
            game.first_to_move,
        )
        moves = [game.geometry.size if m.cell is None else m.cell for m in game.moves]
        empties = np.flatnonzero(pos.colours == 0).astype(np.int32)
        # what a search may add: its share of the playouts, at most what the time allows
        playouts = limits.playouts if self.shared else self._share(limits, index)
        blocks = min(_most_playouts(limits), playouts) // expand_at + 1000
        slots = min(self.max_slots, ROOM * blocks * (len(empties) + 1))
        if self.capacity is not None:  # a fixed size (the tests fill a small tree)
            slots = self.capacity
            blocks = slots // (len(empties) + 1)
        if limits.resume and not reset:
            kept = self._resumed(index, key, moves, slots)
            if kept is not None:
                return kept
        tree = self._trees[index]
        reuse = tree is not None and not reset and tree.key == key and tree.reroot(moves)
        if reuse and tree is not None and tree.free >= blocks // 2:
            return tree  # keep the subtree, while there is room left to grow it
        n = game.geometry.size
        if tree is not None and tree.capacity >= slots:
            # reuse the arrays: allocating them costs more than a move
            tree.clear(key, moves, empties, n)
            return tree
        tree = self._trees[index] = _Tree(key, moves, empties, n, slots)
        return tree

    def _resumed(self, index: int, key: object, moves: list[int], slots: int) -> _Tree | None:
        """For a resuming search: the tree, the thread's own or one set aside, whose node for
        the position after ``moves`` has the most playouts, rooted there; None when no tree
        has the position, and then the thread's own tree is set aside (if it holds a search)
        for a fresh one to be made. A tree smaller than the ``slots`` a fresh one would have
        (a move's search, resumed by the analysis) grows to that size first: in the small one
        the analysis soon had no room to grow, and a move whose node could not be expanded
        drew every playout on its first random playouts' rate (a tester's finding: 98% of the
        visits on an edge move, its line one move long)."""
        parked = [t for t in self._parked[index] if t.key == key]  # other games' are of no use
        own = self._trees[index]
        kept = [t for t in (own, *parked) if t is not None and t.key == key]
        found = [
            (float(t.visits[node]), i, t, node)
            for i, t in enumerate(kept)
            if (node := t.find(moves)) >= 0
        ]
        if found:
            _visits, _i, tree, node = max(found, key=lambda f: (f[0], -f[1]))
            tree.grow(slots)
            below = tree.subtree(node) if tree.free < tree.blocks // 4 else None
            if below is not None and 2 * len(below) < tree.used:
                # little room left, most of it for other positions: the position's subtree
                # goes to a tree of its own, else its search could not grow (the full tree is
                # set aside, for the positions it holds)
                fresh = _Tree(key, moves, tree.base, tree.cells, tree.capacity)
                fresh.take(tree, node, moves, below)
                if own is not None and own.key == key:  # (the full tree, if it is this one)
                    parked.append(own)
                self._trees[index] = fresh
                self._parked[index] = self._within_memory(parked)
                return fresh
            tree.root_at(node, moves)
            if tree is not own:
                parked.remove(tree)
                if own is not None and own.key == key:
                    parked.append(own)
                self._trees[index] = tree
            self._parked[index] = self._within_memory(parked)
            return tree
        if own is not None and own.used > 1:
            parked.append(own)
            self._trees[index] = None  # (its arrays are kept: a fresh tree is made)
        self._parked[index] = self._within_memory(parked)
        return None

    def _within_memory(self, parked: list[_Tree]) -> list[_Tree]:
        """The most recent of ``parked`` that fit in this thread's share of PARKED_MEMORY."""
        budget = PARKED_MEMORY // self.tree_count
        kept: list[_Tree] = []
        for tree in reversed(parked):
            if len(kept) == PARKED_TREES or tree.used_bytes > budget:
                break
            budget -= tree.used_bytes
            kept.append(tree)
        return kept[::-1]


def _one_stone_turns(game: Game) -> bool:
    """One stone a turn from the first, no handicap."""
    return game.options.turns == "standard" and game.options.handicap == 0


def _pie_first_move(game: Game) -> bool:
    """The game's first stone, on the empty board, one stone a turn, under the pie rule."""
    return game.swap_ahead and not game.moves and _one_stone_turns(game)


def _pie_moment(game: Game) -> bool:
    """The first stone under the pie rule, or the swap's decision after it, in a game of one
    stone a turn with no handicap and no set-up."""
    swap_due = game.can_swap and len(game.moves) == 1 and not game.setup
    return _pie_first_move(game) or (swap_due and _one_stone_turns(game))


def _spread_stones(game: Game, count: int) -> list[int]:
    """At most ``count`` first stones, one of each set alike under the board's symmetries
    (``book.symmetries``), spread evenly from the one nearest the centre to the farthest."""
    g = game.geometry
    n = g.size
    cx = sum(x for x, _ in g.centres) / n
    cy = sum(y for _, y in g.centres) / n
    seen: set[int] = set()
    classes: list[int] = []
    syms = symmetries(g, game.rule)
    for cell in sorted(range(n), key=lambda c: (math.dist(g.centres[c], (cx, cy)), c)):
        if cell in seen or not game.is_legal(Move(cell)):
            continue
        classes.append(cell)
        seen.update(perm[cell] for perm in syms)
    if len(classes) <= count:
        return classes
    step = (len(classes) - 1) / (count - 1)
    return [classes[round(i * step)] for i in range(count)]


def _most_playouts(limits: SearchLimits) -> int:
    """The most playouts a search within ``limits`` may run (a time limit counts as at most
    400,000 playouts a second)."""
    if limits.seconds is None:
        return limits.playouts
    return min(limits.playouts, int(limits.seconds * 400_000) + 1000)


def _winning(tables: BoardTables, params: np.ndarray, pos: Position, mover: int) -> list[int]:
    out = np.empty(params[k.NCELLS], np.int32)
    count = k.winning_cells(*tables.arrays, params, *pos.arrays, mover, out)
    return [int(c) for c in out[:count]]


def _expand_at_when(tree: _Tree, expand_at: int) -> int:
    """The visits a node needs to be expanded in an analysis (a resuming search), growing as
    the tree fills: past half full, twice as many for each further twentieth (32 times when
    full). A long analysis's tree filled in seconds, and its search then went on only from the
    leaves; so the last of the room goes to the nodes the search comes back to most. (Play's
    trees are made for their search, with room to spare.)"""
    filled = tree.used / max(1, tree.blocks)
    if filled <= 0.5:
        return expand_at
    return int(expand_at * 2 ** min(5.0, (filled - 0.5) * 10))


def _intrusions(
    tables: BoardTables, params: np.ndarray, pos: Position, mover: int
) -> np.ndarray | None:
    """Where the opponent of ``mover`` has already won by links (kernels.virtual_win), the
    cells of those links, by cell: a lost position is played on, and shown, with the moves
    that make the opponent find the answer first. None where it has not."""
    if pos.info[k.WINNER] or not params[k.DRAWLESS] or params[k.TURNS] != k.STANDARD:
        return None
    n = int(params[k.NCELLS])
    vc = k.vc_scratch(n)
    colours, parent, smask = pos.colours, pos.parent.copy(), pos.smask
    won = k.virtual_win(
        *tables.arrays[:3], tables.table, params, colours, parent, smask, pos.info, 3 - mover, vc
    )
    if won <= 0:
        return None
    return np.array([k.vc_carries(vc, n, c) for c in range(n + 1)], bool)


class _Tree:
    """The search tree in blocks of child slots (see ``ygui.ai.kernels``), kept between
    moves while the game goes on along it."""

    # its arrays of a value a slot (the child's block first) and of a value a block
    SLOT_ARRAYS = ("child", "visits", "wins", "rave_n", "rave_w", "plen")
    BLOCK_ARRAYS = ("mover", "best", "top", "second", "top2", "busy")

    def __init__(
        self, key: object, moves: list[int], empties: np.ndarray, cells: int, capacity: int
    ) -> None:
        self.capacity = capacity
        self.child = np.empty(capacity, np.int32)
        self.visits = np.empty(capacity, np.float32)
        self.wins = np.empty(capacity, np.float32)
        self.rave_n = np.empty(capacity, np.float32)
        self.rave_w = np.empty(capacity, np.float32)
        # the MCTS-solver's (kernels.prove): a proved slot's stones to the end of the game
        # (which colour wins is packed in ``child``)
        self.plen = np.empty(capacity, np.int16)
        self.tree = np.array([1, 0], np.int64)  # blocks used, root slot
        # the cells of the links by which the root's opponent has won, if it has (_intrusions):
        # the moves ranked first among the root's proved losses
        self.intrusions: np.ndarray | None = None
        self.clear(key, moves, empties, cells)

    def clear(self, key: object, moves: list[int], empties: np.ndarray, cells: int) -> None:
        """Forget every node but a fresh root for the position after ``moves``, whose empty
        cells are ``empties`` (of ``cells``)."""
        self.key = key
        self.moves = list(moves)
        self.base_moves = list(moves)  # the position of the first root (slot 0)
        self.cells = cells
        self.base = empties
        self.m = len(empties) + 1
        self.blocks = self.capacity // self.m
        self.mover = np.zeros(self.blocks, np.int8)
        self.best = np.zeros(self.blocks, np.int32)  # a block's best cell (kernels.rescore)
        self.top = np.zeros(self.blocks, np.float32)  # and its score
        # the threads in each block, of a search that shares the tree (kernels.search)
        self.busy = np.zeros(self.blocks, np.int32)
        self.second = np.zeros(self.blocks, np.int32)  # and each block's second best cell
        self.top2 = np.zeros(self.blocks, np.float32)  # and its score
        # a cell's slot in a block; the swap is the last slot; cells not in the base (never
        # legal again) share a dummy slot past the end
        self.slot_of = np.full(self.cells + 1, self.m, np.int32)
        self.slot_of[empties] = np.arange(len(empties), dtype=np.int32)
        self.slot_of[self.cells] = self.m - 1
        self.tree[:] = (1, 0)
        self._root_start = 0.0  # the root's visits when it became the root (_credit_above)
        self._root_start_wins = 0.0  # and its wins (keep_root_as_before)
        self.child[0] = -1
        self.visits[0] = 0.0
        self.wins[0] = 0.0
        self.rave_n[0] = 0.0
        self.rave_w[0] = 0.0

    def grow(self, capacity: int) -> None:
        """Room for ``capacity`` slots (if it has fewer), every node kept where it is."""
        if capacity <= self.capacity:
            return
        slots, blocks, used = self.used * self.m, capacity // self.m, self.used
        for name in self.SLOT_ARRAYS:
            old = getattr(self, name)
            new = np.empty(capacity, old.dtype)
            new[:slots] = old[:slots]
            setattr(self, name, new)
        for name in self.BLOCK_ARRAYS:
            old = getattr(self, name)
            new = np.zeros(blocks, old.dtype)
            new[:used] = old[:used]
            setattr(self, name, new)
        self.capacity = capacity
        self.blocks = blocks

    @property
    def root(self) -> int:
        return int(self.tree[1])

    @property
    def arrays(self) -> tuple[np.ndarray, ...]:
        return (
            self.base,
            self.slot_of,
            self.child,
            self.visits,
            self.wins,
            self.rave_n,
            self.rave_w,
            self.mover,
            self.best,
            self.top,
            self.plen,
            self.tree,
            self.busy,
            self.second,
            self.top2,
        )

    def slot(self, node: int, move: int) -> int:
        """The child of ``node`` for ``move``, or -1 if the node has no block or the move is
        not legal there."""
        b = self.block(node)
        s = int(self.slot_of[move])
        if b < 0 or s >= self.m or self.rave_w[b * self.m + s] <= k.ILLEGAL / 2:
            return -1
        return b * self.m + s

    def visits_of(self, move: int) -> float:
        """The root's visits of ``move``."""
        node = self.slot(self.root, move)
        return float(self.visits[node]) if node >= 0 else 0.0

    def move_of(self, node: int) -> int:
        s = node % self.m
        return self.cells if s == self.m - 1 else int(self.base[s])

    def block(self, node: int) -> int:
        """The block of ``node``'s children, -1 if it has none."""
        v = int(self.child[node])
        return v if v < k.PROVED else (v & (k.PROVED - 1)) - 1

    def children(self, node: int) -> np.ndarray:
        """The legal children of ``node`` (global slots), or none if it has no block."""
        b = self.block(node)
        if b < 0:
            return np.empty(0, np.int64)
        slots = np.arange(b * self.m, (b + 1) * self.m)
        return slots[self.rave_w[slots] > k.ILLEGAL / 2]

    @property
    def used(self) -> int:
        """Blocks in use."""
        return int(self.tree[0])

    @property
    def used_bytes(self) -> int:
        return self.used * self.m * SLOT_BYTES

    def find(self, moves: list[int]) -> int:
        """The node of the position after ``moves``, if the tree holds it (above the current
        root too: every position from the first root on), else -1."""
        base = self.base_moves
        if moves[: len(base)] != base:
            return -1
        node = 0
        for mv in moves[len(base) :]:
            node = self.slot(node, mv)
            if node < 0:
                return -1
        return node

    @property
    def free(self) -> int:
        """Blocks not yet used."""
        return self.blocks - self.used

    def subtree(self, node: int, least: float = 0.0) -> np.ndarray:
        """The blocks below ``node``, in the order a walk down from it meets them; with
        ``least``, only below the nodes of that many visits or more."""
        m = self.m
        order: list[np.ndarray] = []
        first = self.block(node)
        frontier = np.array([first] if first >= 0 else [], np.int64)
        while len(frontier):
            order.append(frontier)
            slots = (frontier[:, None] * m + np.arange(m)).ravel()
            held = self.child[slots].astype(np.int64)
            below = np.where(held >= k.PROVED, (held & (k.PROVED - 1)) - 1, held)
            keep = below >= 0
            if least > 0:
                keep &= self.visits[slots] >= least
            frontier = below[keep]
        return np.concatenate(order) if order else np.empty(0, np.int64)

    def prune(self) -> bool:
        """Make room in a full tree: keep the root's subtree, without the blocks of its
        lightest nodes (those of fewer visits than a bound doubled until at most half the
        tree is kept; each such node becomes a leaf, its own counts kept). Positions above
        the root are lost. Returns False when nothing could be freed."""
        root, moves = self.root, list(self.moves)
        least = float(EXPAND_AT)
        kept = self.subtree(root)
        while len(kept) > self.blocks // 2:
            least *= 2
            kept = self.subtree(root, least)
            if least > self.visits[root]:
                break
        if len(kept) + 1 >= self.used:
            return False
        self.take(self, root, moves, kept)
        return True

    def take(
        self, source: _Tree, node: int, moves: list[int], kept: np.ndarray | None = None
    ) -> None:
        """Hold the subtree of ``source``'s ``node`` (the position after ``moves``) alone:
        its blocks at the front, in the order a walk down from ``node`` meets them, ``node``
        the first root (slot 0), every other block free room. ``source`` may be this tree
        (then what it held elsewhere is lost), or another of the same game, base and size.
        ``kept``: ``source.subtree(node)``, if the caller has it already."""
        m = self.m
        mask = k.PROVED - 1
        source._credit_above()  # (``node`` may be above its root)
        if kept is None:
            kept = source.subtree(node)
        renumber = np.full(source.used + 1, -1, np.int64)
        renumber[kept] = np.arange(1, len(kept) + 1)
        src = np.concatenate([[node], (kept[:, None] * m + np.arange(m)).ravel()])
        dst = np.concatenate([[0], np.arange(m, m * (len(kept) + 1))])
        for name in self.SLOT_ARRAYS[1:]:  # (the child's block is renumbered below)
            getattr(self, name)[dst] = getattr(source, name)[src]
        held = source.child[src].astype(np.int64)
        proved = held >= k.PROVED
        block = np.where(proved, (held & mask) - 1, held)  # (-1 none; -2 being made: none)
        block = np.where(block >= 0, renumber[np.maximum(block, 0)], -1)
        self.child[dst] = np.where(
            proved, (held >> k.PROVED_SHIFT << k.PROVED_SHIFT) | (block + 1), block
        ).astype(np.int32)
        for name in self.BLOCK_ARRAYS[:-1]:  # (no thread is in the blocks taken)
            getattr(self, name)[1 : len(kept) + 1] = getattr(source, name)[kept]
        self.busy[: len(kept) + 1] = 0
        self.tree[0] = len(kept) + 1
        self.tree[1] = 0
        self.moves = list(moves)
        self.base_moves = list(moves)
        self._note_root_start(0)
        self._unsettle(0)

    def root_at(self, node: int, moves: list[int]) -> None:
        """The root at ``node``, the position after ``moves`` (found by ``find``: above the
        current root too)."""
        self._credit_above()
        self._unsettle(node)
        self.tree[1] = node
        self.moves = list(moves)
        self._note_root_start(node)

    def _note_root_start(self, node: int) -> None:
        """The counts of ``node``, the root now, as it became the root (``_credit_above``,
        ``keep_root_as_before``)."""
        self._root_start = float(self.visits[node])
        self._root_start_wins = float(self.wins[node])

    def keep_root_as_before(self) -> None:
        """The root's own visits and wins as they were when it became the root. At the swap's
        moment the search leaves the swap out (it is judged apart, ``_swap_by_identity``), so
        its playouts through the root count as if the first stone were kept: analysed after a
        strong first stone, that stone came back one move up at 97-99% for the first player,
        with millions of playouts, where the swap leaves it next to nothing (tester 83, on Y 8
        after f4). The figures from before are the search's above it, which searched the
        swap; and the playouts kept out are not added above (``_credit_above``)."""
        root = self.root
        if root != 0:  # (the tree's first root is no move of any position above it)
            self.visits[root] = np.float32(self._root_start)
            self.wins[root] = np.float32(self._root_start_wins)

    def _credit_above(self) -> None:
        """The playouts the root has had since it became the root, added to the nodes above
        it (a search adds them from its root down): rooted again higher up, a position had a
        move with more playouts than itself ("1,778,176 playouts", its best move 2,510,830,
        tester 70), and the search there weighed its moves against too few. Each node above
        keeps its rate."""
        gained = float(self.visits[self.root]) - self._root_start
        if gained <= 0 or self.root == 0:
            return
        node = 0
        for mv in self.moves[len(self.base_moves) :]:
            visits = float(self.visits[node])
            rate = float(self.wins[node]) / visits if visits > 0 else 0.5
            self.visits[node] = visits + gained
            self.wins[node] += gained * rate
            node = self.slot(node, mv)
            if node < 0:
                return  # (not on the tree's path: nothing more above the root to credit)
        self._note_root_start(self.root)

    def _unsettle(self, node: int) -> None:
        """A node about to be the root whose proof its own children do not show loses its mark
        (a move proved to lose by what the position after it has: kernels.virtual_win, or by
        the must-play region above it, kernels.must_play): its proof is then found again below
        it, where the search can show and play the moves that make it."""
        held = int(self.child[node])
        if held < k.PROVED:
            return
        b = self.block(node)
        if b < 0:
            self.child[node] = -1
            return
        outcome = self.outcomes(self.children(node))
        if held >> k.PROVED_SHIFT == int(self.mover[b]):
            shown = bool((outcome > 0).any())
        else:
            shown = bool(len(outcome)) and bool((outcome < 0).all())
        if not shown:
            self.child[node] = b

    def reroot(self, moves: list[int]) -> bool:
        """Move the root down to the position after ``moves``, if the tree has it."""
        if moves[: len(self.moves)] != self.moves:
            return False
        node = self.root
        for mv in moves[len(self.moves) :]:
            node = self.slot(node, mv)
            if node < 0:
                return False
        self._credit_above()
        self._unsettle(node)
        self.tree[1] = node
        self.moves = list(moves)
        self._note_root_start(node)
        return True

    def outcomes(self, slots: np.ndarray) -> np.ndarray:
        """What the search proved of each slot's move for the player who makes it
        (``Candidate.proved``): the stones to the end if it wins, their negative if it loses,
        0 if not proved. (The swap's player is the one who takes Black: kernels.)"""
        colour = np.maximum(self.child[slots] >> k.PROVED_SHIFT, 0)
        player = np.where(slots % self.m == self.m - 1, 1, self.mover[slots // self.m])
        length = self.plen[slots].astype(np.int64)
        return np.where(colour == 0, 0, np.where(colour == player, length, -length))

    def outcome(self, node: int) -> int:
        """``outcomes`` of one slot."""
        return int(self.outcomes(np.array([node]))[0])

    def ranked(self, node: int) -> np.ndarray:
        """The legal children of ``node``, best first: the proved wins, quickest first; then
        the moves not proved, most visited first (then most won); the proved losses last, the
        slowest first."""
        children = self.children(node)
        if not len(children):
            return children
        outcome = self.outcomes(children)
        # won, not known, lost; then the quickest win, the slowest loss (at the root, an
        # intrusion into the links that won before any other loss)
        intrudes = np.zeros(len(children), bool)
        if node == self.root and self.intrusions is not None:
            moves = np.array([self.move_of(int(c)) for c in children])
            intrudes = self.intrusions[moves] & (outcome < 0)
        order = np.lexsort(
            (self.wins[children], self.visits[children], -outcome, intrudes, np.sign(outcome))
        )
        return children[order[::-1]]

    def best_child(self, node: int) -> int:
        ranked = self.ranked(node)
        return int(ranked[0]) if len(ranked) else -1

    def _line_from(self, node: int, length: int) -> tuple[Move, ...]:
        """The moves of ``node`` and of the best child below it (``ranked``), and so on, while
        the search visited them or proved them."""
        line: list[Move] = []
        proved = 0  # what the search proved of the line's last move
        while (
            node >= 0
            and len(line) < length
            and (self.visits[node] > 0 or self.child[node] >= k.PROVED)
        ):
            line.append(_as_move(self.move_of(node), self.cells))
            proved = self.outcome(node)
            after = self.best_child(node)
            if after >= 0 and proved and not self.outcome(after):
                # a proved move's replies not proved themselves (it was proved by what its
                # stone decides): the most visited of a few playouts is no line to follow
                # ("g5 i9", a random reply after a win in 3: tester 56)
                break
            node = after
        if 1 < len(line) < length and proved < 0:
            # a reply proved to lose, its refutation not in the tree (proved by what the
            # stones decide): any reply does as well, and the line named one at random
            line.pop()
        return tuple(line)

    def line_of(self, move: int, length: int) -> tuple[Move, ...]:
        """``move`` at the root and the line the tree expects after it (empty if unvisited)."""
        node = self.slot(self.root, move)
        return self._line_from(node, length) if node >= 0 else ()

    def candidates(self, limit: int = CANDIDATES) -> tuple[Candidate, ...]:
        found = []
        for c in self.ranked(self.root)[:limit]:
            node = int(c)
            visits = float(self.visits[node])
            proved = self.outcome(node)
            if visits <= 0 and not proved:
                continue  # (the root's swap, not searched: the proved losses after it count)
            move = _as_move(self.move_of(node), self.cells)
            line = self._line_from(node, CANDIDATE_LINE)
            rate = _proved_rate(proved, float(self.wins[node]), visits)
            found.append(Candidate(move, int(visits), rate, line, proved))
        return tuple(found)

    def proved_root(self) -> bool:
        """Whether the search has settled the root: a move proved to win, or every move
        proved to lose."""
        if self.child[self.root] >= k.PROVED:
            return True
        children = self.children(self.root)
        return bool(len(children)) and bool((self.outcomes(children) > 0).any())

    def result(self, game: Game, playouts: int, seconds: float, reason: str) -> SearchResult:
        n = game.geometry.size
        best = self.best_child(self.root)
        line = list(self._line_from(best, 12))
        visits = {
            self.move_of(int(c)): int(self.visits[c])
            for c in self.children(self.root)
            if self.move_of(int(c)) < n
        }
        proved = self.outcome(best)
        return SearchResult(
            _as_move(self.move_of(best), n),
            _proved_rate(proved, float(self.wins[best]), float(self.visits[best])),
            playouts,
            tuple(line),
            visits,
            seconds,
            reason,
            self.candidates(),
            self.root_playouts(),
            proved,
        )

    def most_visits(self) -> float:
        """The visits of the root or of its most visited move, whichever has more: where
        either has reached ``kernels.FROZEN`` the search can learn no more (a root at the
        swap's moment keeps its visits from above, ``keep_root_as_before``; a move once the
        root of long analyses came back with more visits than its position, tester 7)."""
        children = self.children(self.root)
        most = float(self.visits[children].max()) if len(children) else 0.0
        return max(float(self.visits[self.root]), most)

    def root_playouts(self) -> int:
        """The playouts the tree holds of its root's position: its visits, or its moves' where
        they have more (a root at the swap's moment keeps its visits from above,
        ``keep_root_as_before``, and its moves have the playouts of its own searches)."""
        children = self.children(self.root)
        below = float(self.visits[children].sum()) if len(children) else 0.0
        return int(max(float(self.visits[self.root]), below))


def _swap_by_identity(game: Game, result: SearchResult) -> SearchResult:
    """The swap judged by what it is: at its moment, in a game of one stone a turn, the
    position after a swap is the position before it, the same colour to move, with the
    players exchanged. So the swap is worth to the second player what its best other move
    leaves the first: 1 - v, v that move's rate; it is played exactly when 1 - v > v, and the
    result says so. The search's own figure for the swap, from the playouts through its
    subtree (a second search of the same position), was compared in the tree with the other
    moves' all-moves-as-first scores, and the most visited move was played: on Y 9 after
    e3 it swapped with 0.43 over g4's 0.57, and the analysis showed the two figures
    contradicting each other (tester 45)."""
    if not _swap_judged_apart(game) or result.reason not in ("search", "proved"):
        return result
    others = [c for c in result.candidates if not c.move.is_swap]
    if not others:
        return result
    best = others[0]
    worth = 1.0 - best.win_rate
    line = _line_after(result, best)
    # (after the swap the first player plays that move, and the game goes as it would)
    swap = Candidate(
        SWAP,
        # (the root's swap is not searched, kernels._simulate: its figure is that move's)
        best.visits,
        worth,
        (SWAP, *best.line[: CANDIDATE_LINE - 1]),
        # (proved as that move is, the other way round, the swap counted as one move more)
        -(best.proved + (1 if best.proved > 0 else -1)) if best.proved else 0,
    )
    if worth > best.win_rate:
        chosen, order = swap, (swap, *others)
    else:
        chosen, order = best, (best, swap, *others[1:])
    return replace(
        result,
        move=chosen.move,
        win_rate=chosen.win_rate,
        principal=line if chosen is best else (SWAP, *line),
        candidates=order[:CANDIDATES],
        proved=chosen.proved,
    )


def _swap_judged_apart(game: Game) -> bool:
    """Whether the search of ``game`` leaves its swap out of the tree and judges it by what
    it is (``_swap_by_identity``): the swap's moment in a game of one stone a turn."""
    return game.can_swap and game.options.turns == "standard"


def _line_after(result: SearchResult, best: Candidate) -> tuple[Move, ...]:
    """The line the search expects after ``best``: the principal line where it begins with
    it (longer than a candidate's), else the candidate's own."""
    if result.principal[:1] == (best.move,):
        return result.principal
    return best.line


def _proved_rate(proved: int, wins: float, visits: float) -> float:
    """A move's win rate: certain where it is proved, else its wins in its visits (1/2 for a
    move not visited)."""
    if proved:
        return 1.0 if proved > 0 else 0.0
    return wins / visits if visits else 0.5


def _as_move(move: int, cells: int) -> Move:
    return SWAP if move == cells else Move(move)
