"""Threads that search one tree (``Engine(threads=N, shared=True)``, tree parallel): the
atomic operations they claim nodes and blocks with, the virtual loss that sends them apart,
and a tree that stays whole however they interleave, in every game and turn structure."""

import threading

import numpy as np
import pytest
from helpers import block_scores

from ygui.ai import kernels as k
from ygui.ai.engine import Engine, SearchLimits
from ygui.core.game import Game, Move
from ygui.core.variants import GameOptions


@k.compiled
def _hammer(counts, rounds: int) -> int:
    """Add to counts[0] at once and to counts[1] plainly; claim counts[2] from 0 and give it
    back. Returns the claims won."""
    won = 0
    for _ in range(rounds):
        k.atomic_add(counts, 0, 1)
        counts[1] += 1
        if k.compare_swap(counts, 2, 0, 1):
            won += 1
            k.atomic_add(counts, 2, -1)
    return won


def test_atomic_operations_lose_nothing_between_threads():
    counts = np.zeros(3, np.int64)
    _hammer(counts, 10)  # (compiled before the threads start)
    counts[:] = 0
    won = [0, 0]

    def run(i: int) -> None:
        won[i] = _hammer(counts, 2_000_000)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert counts[0] == 4_000_000  # not one addition lost
    assert counts[2] == 0  # every claim given back
    assert 0 < sum(won) <= 4_000_000
    # (the plain additions may lose some: that is what the atomic ones are for)
    assert counts[1] <= 4_000_000


def test_compare_swap_sets_only_what_it_expects():
    @k.compiled
    def swap(a, old, new):
        return k.compare_swap(a, 1, old, new)

    a = np.array([5, -1, 7], np.int32)
    assert not swap(a, 0, 3) and list(a) == [5, -1, 7]
    assert swap(a, -1, k.EXPANDING) and list(a) == [5, k.EXPANDING, 7]
    assert swap(a, k.EXPANDING, 12) and list(a) == [5, 12, 7]


def test_a_crowded_block_turns_to_its_second_best_once_the_best_falls_below_it():
    """``crowded_slot`` scores the block's best child afresh: the best while nothing has
    changed, the second best once other threads' visits, not yet won, bring the best's score
    below the second's."""
    game = Game(GameOptions(game="y", size=7, pie=False).validated())
    engine = Engine(seed=2, threads=2, shared=True)
    engine.search(game, SearchLimits(playouts=3000, seed=2))
    tree = engine._tree
    assert tree is not None
    b = tree.block(tree.root)
    m = tree.m
    inv_k = np.float32(1.0 / engine.rave_k)
    parent = float(tree.visits[tree.root])
    scores = block_scores(tree, engine, b, parent)
    first, second = np.argsort(-scores, kind="stable")[:2]
    assert tree.best[b] == first and tree.second[b] == second
    assert np.isclose(tree.top2[b], scores[second])

    def chosen() -> int:
        return k.crowded_slot(
            tree.visits, tree.wins, tree.rave_n, tree.rave_w, tree.best, tree.second,
            tree.top2, b, m, inv_k, engine.explore, engine.prior, True, parent,
        )  # fmt: skip

    assert chosen() == b * m + first
    visits = 0
    while chosen() == b * m + first:
        tree.visits[b * m + first] += 1
        visits += 1
    assert chosen() == b * m + second
    assert block_scores(tree, engine, b, parent)[first] < tree.top2[b]


def _check_whole(tree) -> None:
    """No node left claimed, no thread left in a block, every block within the room used and
    given to one node only."""
    used = tree.used
    assert 1 <= used <= tree.blocks
    # (block 0 holds the first root in its slot 0; its other slots are not nodes)
    child = np.concatenate([tree.child[:1], tree.child[tree.m : used * tree.m]])
    assert not (child == k.EXPANDING).any()
    assert not tree.busy.any()
    blocks = child[(child >= 0) & (child < k.PROVED)]
    proved = child[child >= k.PROVED]
    blocks = np.concatenate([blocks, (proved & (k.PROVED - 1)) - 1])
    blocks = blocks[blocks >= 0]
    assert (blocks < used).all()
    assert len(np.unique(blocks)) == len(blocks)  # (a block claimed twice would be shared)


GAMES = [
    ("y", {"size": 9}),
    ("y", {"size": 7, "pie": True}),
    ("game-of-y", {"size": 7}),
    ("poly-y", {"size": 5}),
    ("mudcrack-y", {"size": 40, "seed": 2}),
    ("hexagonal-y", {"size": 4}),
    ("y", {"size": 6, "turns": "two-stone"}),
    ("y", {"size": 6, "turns": "tabu"}),
]


@pytest.mark.parametrize(("name", "more"), GAMES, ids=lambda x: str(x))
def test_threads_search_one_tree_and_leave_it_whole(name, more):
    game = Game(GameOptions(game=name, **more).validated())
    engine = Engine(seed=4, threads=2, shared=True)
    for _ in range(3):  # (the tree is kept between moves)
        result = engine.search(game, SearchLimits(playouts=30_000, seed=4))
        assert engine._trees[1:] == [] and engine.shared
        tree = engine._tree
        assert tree is not None
        _check_whole(tree)
        # (all the playouts, unless the search proved the position and stopped: Y 7 is
        # proved within them since the third-row templates, in some runs of the threads)
        assert result.playouts == 30_000 or (result.proved and result.playouts < 30_000)
        assert game.is_legal(result.move)
        game.play(result.move)
        if game.is_over:
            break


def test_a_shared_tree_that_fills_up_stays_whole():
    """Two threads in a tree too small for the search: each stops growing it when it is full,
    and the blocks they took are the room's, each once."""
    game = Game(GameOptions(game="y", size=9, pie=False).validated())
    engine = Engine(seed=1, threads=2, shared=True, capacity=82 * 300)
    result = engine.search(game, SearchLimits(playouts=60_000, seed=1))
    tree = engine._tree
    assert tree is not None
    assert tree.used == tree.blocks  # it did fill up
    _check_whole(tree)
    assert game.is_legal(result.move)


def test_a_shared_tree_visits_every_playout_once():
    """The root's visits count every playout of both threads, exactly (its count is added to
    at once; below it, two threads adding at the same moment may lose a visit now and then,
    which the move's choice does not feel)."""
    game = Game(GameOptions(game="y", size=11, pie=False).validated())
    game.play(Move(60))
    engine = Engine(seed=7, threads=2, shared=True)
    result = engine.search(game, SearchLimits(playouts=200_000, seed=7))
    tree = engine._tree
    assert tree is not None
    assert result.playouts == 200_000
    assert tree.visits[tree.root] == 200_000
    assert 0.99 * 200_000 <= sum(result.visits.values()) <= 200_000
