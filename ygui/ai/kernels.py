"""The engine's compiled kernels: rules, playouts and Monte-Carlo tree search with RAVE.

Everything here is numba ``njit(nogil=True, cache=True)``: the search runs without Python's
global lock, so a worker thread can think while the window stays responsive. The kernels see a
board only as arrays (see ``ygui.ai.tables``) and a position as a handful of arrays:

- ``colours`` int8[n]; ``parent`` int32[n]; ``smask`` int64[n] (side mask per root);
  ``plo``/``phi`` int64[n] (perimeter bits 0-63 and 64-127 per root, Hexagonal Y);
  ``tstones`` int32[n] (the placements of the current turn);
- ``info`` int64[INFO]: the scalar state (whose turn, the turn number, ...).

A move is a cell index, or ``n`` for the pie rule's swap.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

# info fields
TO_MOVE, TURN, PLACED, NTSTONES, WINNER, STONES, LAST_B, LAST_W, OBJ_B, OBJ_W = range(10)
SWAPPED, SETUP = 10, 11
INFO = 12
# params fields
RULE, NCORNERS, PERIM, TURNS, HANDICAP, PIE, NCELLS, COMMON_SIDE, RINGS, REDUCE = range(10)
DRAWLESS = 10  # every full board has exactly one winner (the game's own board)
# Hexagonal Y with every edge pair whole (both stones or neither): a cell and its opposite are
# the same move, so only the first of them along the perimeter is one (``paired_twin``)
PAIRED = 11
# no group of fewer stones wins on this board (``tables.fewest_to_win``): while the stones on
# the board are fewer than this less one, no stone wins at once, and ``threats`` is not asked
FEWEST = 12
PARAMS = 13
# the fields of a cell's ring mask (see ygui.ai.tables._rings)
EDGE_BELOW, EDGE_ABOVE = 20, 40
# rule kinds and turn structures
SIDESET, CORNERS, PERIMETER = 0, 1, 2
STANDARD, MASTER, TWO_STONE, PROGRESSIVE, TABU = 0, 1, 2, 3, 4


def compiled(func: Any) -> Any:
    """Compile without the GIL, caching the machine code (in the user cache folder), and
    without the runtime's reference counts. Numba counts references to every array passed to
    a call, with atomic operations, and the kernels pass a dozen arrays to each call: that
    made applying a move in the tree cost twice what it does without (numba issues #2345,
    #2350). Such a function must not allocate: those that do use ``allocating``."""
    return njit(nogil=True, cache=True, _nrt=False)(func)


def inlined(func: Any) -> Any:
    """``compiled``, and written into each caller (numba's own inlining, before the
    compiler's): for a small function called in the search's hottest loops, where passing
    its arrays (seven words each) cost as much as its work."""
    return njit(nogil=True, cache=True, _nrt=False, inline="always")(func)


def allocating(func: Any) -> Any:
    """Compile without the GIL and cache, with the runtime (for functions that allocate
    arrays; they hand the work to ``compiled`` ones)."""
    return njit(nogil=True, cache=True)(func)


# Atomic operations on an array's element, for searches that share one tree between threads
# (``Engine(threads=N, shared=True)``): the next free block, a node claimed for expansion,
# the threads passing through a block. Numba has none on the CPU; these emit LLVM's own.
@intrinsic
def atomic_add(typingctx, array, index, value):  # type: ignore[no-untyped-def]
    """Add ``value`` to ``array[index]`` at once; returns the element's value before."""

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        kind = signature.args[0]
        data = context.make_array(kind)(context, builder, args[0])
        where = cgutils.get_item_pointer(context, builder, kind, data, [args[1]])
        amount = context.cast(builder, args[2], signature.args[2], kind.dtype)
        operation = "fadd" if isinstance(kind.dtype, types.Float) else "add"
        return builder.atomic_rmw(operation, where, amount, "seq_cst")

    return array.dtype(array, index, value), codegen


@intrinsic
def compare_swap(typingctx, array, index, old, new):  # type: ignore[no-untyped-def]
    """Set ``array[index]`` to ``new`` if it holds ``old``, at once; returns whether it did."""

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        kind = signature.args[0]
        data = context.make_array(kind)(context, builder, args[0])
        where = cgutils.get_item_pointer(context, builder, kind, data, [args[1]])
        expected = context.cast(builder, args[2], signature.args[2], kind.dtype)
        wanted = context.cast(builder, args[3], signature.args[3], kind.dtype)
        outcome = builder.cmpxchg(where, expected, wanted, "seq_cst", "seq_cst")
        return builder.extract_value(outcome, 1)

    return types.boolean(array, index, old, new), codegen


# ----- rules ------------------------------------------------------------------------------
@compiled
def find(parent: np.ndarray, x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@compiled
def stones_in_turn(params: np.ndarray, info: np.ndarray, turn: int) -> int:
    if turn == 1 and params[HANDICAP] >= 2 and info[SETUP] == 0:
        return params[HANDICAP]
    kind = params[TURNS]
    if kind in (MASTER, TWO_STONE):
        return 1 if turn == 1 else 2
    if kind == PROGRESSIVE:
        return turn
    return 1


@compiled
def popcount(x: int) -> int:
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@compiled
def perimeter_wins(lo: int, hi: int, perimeter: int) -> bool:
    """At least two perimeter cells, and the largest run of others is under half the cycle."""
    count = popcount(lo) + popcount(hi)
    if count < 2:
        return False
    first = -1
    for i in range(perimeter):
        word = lo if i < 64 else hi
        if (word >> (i % 64)) & 1:
            first = i
            break
    best = 0
    run = 0
    for step in range(1, perimeter + 1):
        i = (first + step) % perimeter
        word = lo if i < 64 else hi
        if (word >> (i % 64)) & 1:
            if run > best:
                best = run
            run = 0
        else:
            run += 1
    return 2 * best < perimeter


@compiled
def objectives(params: np.ndarray, table: np.ndarray, sides: int, lo: int, hi: int) -> int:
    if params[RULE] == PERIMETER:
        return 1 if perimeter_wins(lo, hi, params[PERIM]) else 0
    return table[sides]


@compiled
def is_win(params: np.ndarray, obj: int) -> bool:
    if params[RULE] == CORNERS:
        return 2 * popcount(obj) > params[NCORNERS]
    return obj != 0


@compiled
def put_stone(
    nbr,
    deg,
    side_mask,
    ppos,
    table,
    params,
    colours,
    parent,
    smask,
    plo,
    phi,
    info,
    cell: int,
    colour: int,
) -> None:
    colours[cell] = colour
    info[STONES] += 1
    parent[cell] = cell
    smask[cell] = side_mask[cell]
    plo[cell] = 0
    phi[cell] = 0
    pos = ppos[cell]
    if pos >= 0:
        if pos < 64:
            plo[cell] = np.int64(1) << pos
        else:
            phi[cell] = np.int64(1) << (pos - 64)
    for j in range(deg[cell]):
        nb = nbr[cell, j]
        if colours[nb] == colour:
            root = find(parent, nb)
            if root != cell:
                parent[root] = cell
                smask[cell] |= smask[root]
                plo[cell] |= plo[root]
                phi[cell] |= phi[root]
    slot = OBJ_B if colour == 1 else OBJ_W
    info[slot] |= objectives(params, table, smask[cell], plo[cell], phi[cell])


@compiled
def is_tabu(nbr, deg, colours, info, params, cell: int) -> bool:
    if params[TURNS] != TABU:
        return False
    last = info[LAST_W] if info[TO_MOVE] == 1 else info[LAST_B]
    if last < 0:
        return False
    touches = False
    for j in range(deg[last]):
        if nbr[last, j] == cell:
            touches = True
    if not touches:
        return False
    # lifted when every empty cell is forbidden
    forbidden = 0
    for j in range(deg[last]):
        if colours[nbr[last, j]] == 0:
            forbidden += 1
    return forbidden < params[NCELLS] - info[STONES]


@compiled
def joins_turn_stone(nbr, deg, colours, parent, tstones, info, params, cell: int) -> bool:
    kind = params[TURNS]
    if (kind != TWO_STONE and kind != PROGRESSIVE) or info[NTSTONES] == 0:
        return False
    me = info[TO_MOVE]
    for j in range(deg[cell]):
        nb = nbr[cell, j]
        if colours[nb] == me:
            root = find(parent, nb)
            for t in range(info[NTSTONES]):
                if find(parent, tstones[t]) == root:
                    return True
    return False


@compiled
def paired_twin(ppos, params, cell: int) -> bool:
    """Whether ``cell`` is the second of a whole Hexagonal Y edge pair: a placement there is
    the placement at its opposite, which comes first along the perimeter (the pairs stay
    whole in every position after one where they are, so the search and the solver list each
    such move once, not twice)."""
    return params[PAIRED] != 0 and ppos[cell] >= params[PERIM] // 2


@compiled
def can_swap(params: np.ndarray, info: np.ndarray) -> bool:
    return (
        params[PIE] == 1
        and info[SETUP] == 0
        and info[TURN] == 2
        and info[PLACED] == 0
        and info[SWAPPED] == 0
        and info[WINNER] == 0
    )


@compiled
def is_legal(nbr, deg, colours, parent, tstones, info, params, move: int) -> bool:
    if info[WINNER] != 0:
        return False
    if move == params[NCELLS]:
        return can_swap(params, info)
    if colours[move] != 0:
        return False
    if is_tabu(nbr, deg, colours, info, params, move):
        return False
    return not joins_turn_stone(nbr, deg, colours, parent, tstones, info, params, move)


@compiled
def apply_move(
    nbr,
    deg,
    side_mask,
    ppos,
    opp,
    table,
    params,
    colours,
    parent,
    smask,
    plo,
    phi,
    tstones,
    info,
    move: int,
) -> None:
    """Play a legal move (the caller checked it)."""
    n = params[NCELLS]
    if move == n:
        info[SWAPPED] = 1
        return
    me = info[TO_MOVE]
    put_stone(
        nbr, deg, side_mask, ppos, table, params, colours, parent, smask, plo, phi, info, move, me
    )
    other = opp[move]
    if other >= 0 and colours[other] == 0:
        put_stone(
            nbr,
            deg,
            side_mask,
            ppos,
            table,
            params,
            colours,
            parent,
            smask,
            plo,
            phi,
            info,
            other,
            me,
        )
    if me == 1:
        info[LAST_B] = move
    else:
        info[LAST_W] = move
    info[PLACED] += 1
    tstones[info[NTSTONES]] = move
    info[NTSTONES] += 1
    if is_win(params, info[OBJ_B] if me == 1 else info[OBJ_W]):
        info[WINNER] = me
        return
    done = info[PLACED] >= stones_in_turn(params, info, info[TURN])
    if not done and (params[TURNS] == TWO_STONE or params[TURNS] == PROGRESSIVE):
        done = True
        for c in range(n):
            if colours[c] == 0 and not joins_turn_stone(
                nbr, deg, colours, parent, tstones, info, params, c
            ):
                done = False
                break
    if done:
        info[TO_MOVE] = 3 - me
        info[TURN] += 1
        info[PLACED] = 0
        info[NTSTONES] = 0


@compiled
def legal_moves(nbr, deg, colours, parent, tstones, info, params, out: np.ndarray) -> int:
    count = 0
    n = params[NCELLS]
    if info[WINNER] != 0:
        return 0
    for c in range(n):
        if is_legal(nbr, deg, colours, parent, tstones, info, params, c):
            out[count] = c
            count += 1
    if can_swap(params, info):
        out[count] = n
        count += 1
    return count


# ----- playouts ---------------------------------------------------------------------------
@compiled
def full_board_winner(
    nbr, deg, side_mask, ppos, table, params, starts, colours, parent, smask, plo, phi
) -> int:
    """The winner of a completely filled board: Black if Black's groups win, else White."""
    n = params[NCELLS]
    if params[REDUCE] > 0:
        return _reduction_winner(colours, starts, params[REDUCE], smask)
    if params[COMMON_SIDE] >= 0:
        return _flood_winner(nbr, deg, side_mask, table, params, starts, colours, parent, smask)
    for c in range(n):
        parent[c] = c
    for c in range(n):
        if colours[c] == 1:
            for j in range(deg[c]):
                nb = nbr[c, j]
                if nb < c and colours[nb] == 1:
                    a = find(parent, c)
                    b = find(parent, nb)
                    if a != b:
                        parent[a] = b
    for c in range(n):
        smask[c] = 0
        plo[c] = 0
        phi[c] = 0
    for c in range(n):
        if colours[c] == 1:
            root = find(parent, c)
            smask[root] |= side_mask[c]
            pos = ppos[c]
            if pos >= 0:
                if pos < 64:
                    plo[root] |= np.int64(1) << pos
                else:
                    phi[root] |= np.int64(1) << (pos - 64)
    obj = 0
    for c in range(n):
        if colours[c] == 1 and parent[c] == c:
            obj |= objectives(params, table, smask[c], plo[c], phi[c])
    return 1 if is_win(params, obj) else 2


@compiled
def _reduction_winner(colours, order, size: int, rows) -> int:
    """Y on a triangular board: Schensted and Titus's reduction. Each step replaces every
    small triangle of three cells by the colour of its majority, making the board one row
    smaller; the last cell has the winner's colour. ``order`` lists the cells row by row from
    the apex. Each row is a bit mask of its Black cells (``rows`` is scratch), so one step of a
    row is a handful of operations on whole words."""
    p = 0
    for r in range(size):
        bits = np.int64(0)
        for i in range(r + 1):
            bits |= np.int64(colours[order[p]] & 1) << i  # Black is 1, White 2
            p += 1
        rows[r] = bits
    for s in range(size - 1, 0, -1):
        for r in range(s):
            a = rows[r]
            b = rows[r + 1]
            c = b >> 1
            rows[r] = ((a & b) | (a & c) | (b & c)) & ((np.int64(1) << (r + 1)) - 1)
    return 1 if rows[0] & 1 else 2


@compiled
def _flood_winner(nbr, deg, side_mask, table, params, starts, colours, seen, stack) -> int:
    """When every winning set of sides contains one side, only Black's groups on that side
    can win: flood them from its cells (``starts``; ``seen`` and ``stack`` are scratch)."""
    n = params[NCELLS]
    for c in range(n):
        seen[c] = 0
    for i in range(starts.shape[0]):
        start = starts[i]
        if colours[start] != 1 or seen[start]:
            continue
        seen[start] = 1
        stack[0] = start
        top = 1
        mask = np.int64(0)
        while top > 0:
            top -= 1
            c = stack[top]
            mask |= side_mask[c]
            for j in range(deg[c]):
                nb = nbr[c, j]
                if colours[nb] == 1 and not seen[nb]:
                    seen[nb] = 1
                    stack[top] = nb
                    top += 1
        if table[mask]:
            return 1
    return 2


@compiled
def playout(
    nbr,
    deg,
    side_mask,
    ppos,
    opp,
    table,
    params,
    bridges,
    bcount,
    ring,
    bmask,
    starts,
    colours,
    parent,
    smask,
    plo,
    phi,
    info,
    empties,
    slot_of,
    first_play,
    rng,
) -> int:
    """Fill the board at random from this position, keeping the stone counts of the turn
    structure and Hexagonal Y's pairs, answering bridge intrusions; return the winner.

    ``first_play[slot_of[cell]]`` records who played each cell (all-moves-as-first)."""
    if info[WINNER] != 0:
        return info[WINNER]
    n = params[NCELLS]
    count = 0
    for c in range(n):
        if colours[c] == 0:
            empties[count] = c
            count += 1
    _fill(
        params,
        info,
        deg,
        ring,
        bmask,
        opp,
        bridges,
        bcount,
        colours,
        empties,
        count,
        slot_of,
        first_play,
        rng,
    )
    return full_board_winner(
        nbr, deg, side_mask, ppos, table, params, starts, colours, parent, smask, plo, phi
    )


@compiled
def restoring(bridges, colours, x: int, t: int, me: int) -> int:
    """The cell that restores the ``t``-th bridge carried by ``x`` (a stone just played
    there) when that bridge is ``me``'s and its other carrier is empty; else -1."""
    y = bridges[x, t, 2]
    if colours[y] == 0 and colours[bridges[x, t, 0]] == me and colours[bridges[x, t, 1]] == me:
        return y
    return -1


@compiled
def _fill(
    params,
    info,
    deg,
    ring,
    bmask,
    opp,
    bridges,
    bcount,
    colours,
    empties,
    count: int,
    slot_of,
    first_play,
    rng,
) -> None:
    """Fill the empty cells: a lazy Fisher-Yates shuffle of them, taken in order, skipping
    cells already taken (by a bridge reply, or as the other half of a Hexagonal Y pair).

    After each opponent stone the mover first answers an intrusion into one of its bridges
    or edge templates, tested all at once on bit masks of the stone's ring of neighbours
    (boards without rings test the bridges one by one). One stone a turn is the common case;
    other turn structures count the stones of each turn."""
    me = info[TO_MOVE]
    turn = info[TURN]
    placed = info[PLACED]
    kind = params[TURNS]
    single = kind in (STANDARD, TABU) and stones_in_turn(params, info, turn) == 1
    rings = params[RINGS] == 1
    # the opponent's last stone may have intruded into a bridge: answer it first
    last = info[LAST_W] if me == 1 else info[LAST_B]
    if not single:
        last = -1
    x = rng[0]
    mask = np.uint64(0xFFFFFFFFFFFFFFFF)
    nxt = 0
    left = count
    while left > 0:
        cell = -1
        if last >= 0 and rings:
            masks = bmask[last]
            if masks != 0:
                # (inline: a call in this loop costs more than the work)
                d = deg[last]
                mine = 0
                empty = 0
                for j in range(d):
                    c = colours[ring[last, j]]
                    mine |= (c == me) << j
                    empty |= (c == 0) << j
                full = (1 << d) - 1
                mine1 = ((mine >> 1) | (mine << (d - 1))) & full
                mine2 = ((mine >> 2) | (mine << (d - 2))) & full
                empty1 = ((empty >> 1) | (empty << (d - 1))) & full
                # a bridge: ring[i] and ring[i+2] mine, ring[i+1] empty
                found = mine & mine2 & empty1 & masks
                step = 1
                if found == 0:
                    # an edge template: my stone reaches a side through the last stone or
                    # the empty cell beside it on that side
                    found = empty & mine1 & (masks >> EDGE_BELOW)
                    step = 0
                    if found == 0:
                        found = mine & empty1 & (masks >> EDGE_ABOVE) & full
                        step = 1
                if found != 0:
                    i = 0
                    while not (found >> i) & 1:
                        i += 1
                    cell = ring[last, (i + step) % d]
        elif last >= 0:
            for j in range(bcount[last]):
                cell = restoring(bridges, colours, last, j, me)
                if cell >= 0:
                    break
        if cell < 0:
            while True:
                x ^= (x << np.uint64(13)) & mask
                x ^= x >> np.uint64(7)
                x ^= (x << np.uint64(17)) & mask
                pick = nxt + int(((x >> np.uint64(32)) * np.uint64(count - nxt)) >> np.uint64(32))
                cell = empties[pick]
                empties[pick] = empties[nxt]
                empties[nxt] = cell
                nxt += 1
                if colours[cell] == 0:
                    break
        colours[cell] = me
        first_play[slot_of[cell]] = me
        left -= 1
        other = opp[cell]
        if other >= 0 and colours[other] == 0:
            colours[other] = me
            first_play[slot_of[other]] = me
            left -= 1
        last = cell
        if single:
            me = 3 - me
        else:
            placed += 1
            if placed >= stones_in_turn(params, info, turn):
                me = 3 - me
                turn += 1
                placed = 0
            else:
                last = -1  # my own stone: nothing to answer
    rng[0] = x


# ----- the tree ---------------------------------------------------------------------------
# The tree is made of blocks. A block holds the children of one node, one slot for each cell
# that was empty when the tree was started (``base``) and a last slot for the swap; slots for
# moves that are not legal there carry ILLEGAL statistics, so they are never selected and the
# all-moves-as-first update can run over a whole block without a test. Per slot: ``child`` (the
# block of its own children, or -1), ``visits``, ``wins``, ``rave_n``, ``rave_w`` (float32).
# Per block: ``mover``, who plays its moves. Block 0 holds the first root in its slot 0.
# ``tree`` = [blocks used, root slot]; a node is its slot's global index.
ILLEGAL = -1e30
# A node's counts stop here (float32 counts exactly to 2**24 only): past it a node's visits
# stood still while its wins went on, and its rate rose to 94% on the empty board (tester 7:
# a move that had been the root of long analyses came back as a move with more visits than
# its position's). The engine stops a search whose root reaches it (engine.MAX_TREE_VISITS).
FROZEN = 16_000_000.0


@inlined
def block_max(score, cells: int) -> float:
    """The largest of ``score[:cells]``, in eight running maxima: one would make each step
    wait for the last (the compiler does not vectorise a float maximum by itself)."""
    t0 = t1 = t2 = t3 = t4 = t5 = t6 = t7 = score[0]
    s = 0
    while s + 8 <= cells:
        t0 = max(t0, score[s])
        t1 = max(t1, score[s + 1])
        t2 = max(t2, score[s + 2])
        t3 = max(t3, score[s + 3])
        t4 = max(t4, score[s + 4])
        t5 = max(t5, score[s + 5])
        t6 = max(t6, score[s + 6])
        t7 = max(t7, score[s + 7])
        s += 8
    while s < cells:
        t0 = max(t0, score[s])
        s += 1
    return max(max(max(t0, t1), max(t2, t3)), max(max(t4, t5), max(t6, t7)))


@inlined
def first_best(score, cells: int) -> tuple[int, float]:
    """Where the first best of ``score[:cells]`` is, and its score. (The least index at the
    best, looked for over every cell: the compiler makes that loop a few vector steps. A
    loop that stopped at the first one found was a branch a cell, mispredicted where it
    stopped: with it, and without the inlining, the search ran 16% slower on Y 11.)"""
    t = block_max(score, cells)
    i = cells
    for s in range(cells):
        i = min(i, s if score[s] == t else cells)
    return i, t


@compiled
def select_slot(visits, wins, rave_w, best, top, b: int, m: int, parent_visits: float) -> int:
    """The child to follow: the block's best cell, unless the swap (the last slot) beats it.
    The swap has no RAVE statistics: it is scored by its win rate and a UCT bonus."""
    swap = b * m + m - 1
    if rave_w[swap] > ILLEGAL / 2:
        n = visits[swap]
        swap_score = 0.5
        if n > 0:
            swap_score = wins[swap] / n + 0.5 * np.sqrt(np.log(parent_visits + 1.0) / n)
        if swap_score > top[b]:
            return swap
    return b * m + best[b]


@compiled
def wide_slot(visits, wins, rave_n, rave_w, score, b: int, m: int, inv_k, wide: int) -> int:
    """The root's child for a simulation of a wide search (the analysis): of the ``wide``
    cells scored best, the one visited least (-1 where the block has no legal cell). The
    search gives its first choice nearly every playout (the rates of the others stay those
    of a few hundred, far below what they are worth: a move worth 0.68 read 0.59), so the
    analysis sends every other simulation to its best few, whose rates can then be compared.
    (Not the swap: it has no all-moves-as-first counts to score it by.) ``score`` is scratch,
    ``m`` long."""
    start = b * m
    for s in range(m - 1):
        g = start + s
        legal = rave_w[g] > ILLEGAL / 2
        score[s] = rave_score(wins[g], visits[g], rave_n[g], rave_w[g], inv_k) if legal else -1
    least = -1
    for _ in range(wide):
        i, t = first_best(score, m - 1)
        if t < 0:
            break
        if least < 0 or visits[start + i] < visits[start + least]:
            least = i
        score[i] = -1
    return -1 if least < 0 else start + least


@compiled
def rave_score(wins: float, visits: float, rave_n: float, rave_w: float, inv_k: float) -> float:
    """A child's score: its wins and its all-moves-as-first wins, weighed by their counts
    (1/2 for a child with neither). (The backup in ``_simulate`` works it out in its own
    loop, fused with the update of the counts.)"""
    one = np.float32(1.0)
    den = rave_n + visits + rave_n * visits * inv_k
    if den <= 0:
        return np.float32(0.5)
    return (wins * (one + rave_n * inv_k) + rave_w) / den


@compiled
def crowded_slot(
    visits,
    wins,
    rave_n,
    rave_w,
    best,
    second,
    top2,
    b: int,
    m: int,
    inv_k,
    explore,
    prior,
    root,
    parent_visits,
) -> int:
    """``select_slot`` in a block another thread sharing the tree is passing through: the
    block's best child scored afresh, the other threads' visits not yet won included, against
    its second best of the last update."""
    g = b * m + best[b]
    high = rave_score(wins[g], visits[g], rave_n[g], rave_w[g], inv_k)
    if root:
        high += explore * np.sqrt(np.log(parent_visits + 1.0) / (visits[g] + prior))
    if high < top2[b]:
        g = b * m + second[b]
        high = top2[b]
    swap = b * m + m - 1
    if rave_w[swap] > ILLEGAL / 2:
        n = visits[swap]
        swap_score = 0.5
        if n > 0:
            swap_score = wins[swap] / n + 0.5 * np.sqrt(np.log(parent_visits) / n)
        if swap_score > high:
            return swap
    return g


# The shape a move makes, one of the features of prior knowledge (``features``).
NOTHING, TOUCH, BRIDGE, SAVE = 0, 1, 2, 3


@compiled
def bridge_end(bridges, x: int, t: int, s: int) -> int:
    """The other end of the ``t``-th bridge carried by ``x``, if ``s`` is one end; else -1."""
    a = bridges[x, t, 0]
    b = bridges[x, t, 1]
    return b if a == s else (a if b == s else -1)


@compiled
def knowledge(nbr, deg, bridges, bcount, colours, info, feat) -> None:
    """``feat[c]`` for each cell: SAVE if it restores a bridge of the mover's that the
    opponent's last stone intruded into, BRIDGE if it makes a bridge with one of the mover's
    stones (both carriers empty), TOUCH if it is next to a stone, else NOTHING."""
    me = info[TO_MOVE]
    n = colours.shape[0]
    for c in range(n):
        feat[c] = NOTHING
    for s in range(n):
        if colours[s] == 0:
            continue
        for j in range(deg[s]):
            x = nbr[s, j]
            if feat[x] < TOUCH:
                feat[x] = TOUCH
            if colours[s] != me or colours[x] != 0:
                continue
            # bridges carried by x with an end at s: the other end, if y is empty too
            for t in range(bcount[x]):
                y = bridges[x, t, 2]
                d = bridge_end(bridges, x, t, s)
                if d >= 0 and colours[d] == 0 and colours[y] == 0 and feat[d] < BRIDGE:
                    feat[d] = BRIDGE
    last = info[LAST_W] if me == 1 else info[LAST_B]
    if 0 <= last < n:
        for t in range(bcount[last]):
            y = restoring(bridges, colours, last, t, me)
            if y >= 0:
                feat[y] = SAVE


# A ladder along a side (the reader in the tree, ``ladder_priors``). A stone of the mover's
# on a side's second row, cut from the side (the opponent holds its cells on the side), and
# the opponent's last stone on that side next to it: the mover's next stone along the second
# row threatens the side through its one empty cell there, which the opponent must take, and
# so on, stone after stone, until the mover reaches a stone or a side of its own (the ladder
# gains that) or meets the opponent's stones (it gains nothing: every stone of it wasted, and
# each of the opponent's answers a stone on the side).
LADDER_LOST = 0.1  # the head start of a ladder's next stone when the ladder gains nothing
LADDER_WON = 0.8  # and when it gains a side or a group with sides its stones lack


@compiled
def _side_cells(nbr, deg, side_mask, colours, c: int, bit: int, me: int) -> tuple[int, int]:
    """``c``'s cells on side ``bit``: how many are empty (-1 if one is the mover's), and the
    last empty one."""
    empty = 0
    at = -1
    for j in range(deg[c]):
        y = nbr[c, j]
        if side_mask[y] & bit:
            if colours[y] == me:
                return -1, y
            if colours[y] == 0:
                empty += 1
                at = y
    return empty, at


@compiled
def _row_two(nbr, deg, side_mask, c: int, bit: int) -> bool:
    """``c`` is on the second row of side ``bit``: off it, next to a cell on it."""
    near = False
    if not side_mask[c] & bit:
        for j in range(deg[c]):
            near |= side_mask[nbr[c, j]] & bit != 0
    return near


@compiled
def _adjacent(nbr, deg, a: int, b: int) -> bool:
    """Whether ``b`` is one of ``a``'s neighbours."""
    found = False
    for j in range(deg[a]):
        found |= nbr[a, j] == b
    return found


@compiled
def _sides_joined(nbr, deg, colours, parent, smask, c: int, me: int) -> int:
    """The sides of the mover's groups next to ``c``."""
    sides = 0
    for j in range(deg[c]):
        z = nbr[c, j]
        if colours[z] == me:
            sides |= smask[find(parent, z)]
    return sides


@compiled
def read_ladder(
    nbr, deg, side_mask, colours, parent, smask, me: int, prev: int, cur: int, bit: int, held
) -> int:
    """The mover (``me``) plays ``cur``, on the second row of side ``bit`` next to its stone
    ``prev`` there, and the opponent takes ``cur``'s one empty cell on the side; then the
    mover goes on along the second row, away from ``prev``, while each stone leaves the
    opponent one cell to take. Returns the sides the ladder gains that the groups next to
    ``cur`` lack (``bit`` if it reaches the side), 0 if none, -1 if the rows are not clear
    enough to read. ``held`` is scratch for the opponent's answers, which are put on
    ``colours`` while reading and taken off before returning."""
    opp = 3 - me
    have = side_mask[cur] | _sides_joined(nbr, deg, colours, parent, smask, cur, me)
    count = 0
    result = -1
    played = True  # ``cur`` is a stone the mover plays (not one of its stones already there)
    for _ in range(colours.shape[0]):
        if played or colours[cur] == me:
            gain = side_mask[cur] | _sides_joined(nbr, deg, colours, parent, smask, cur, me)
            gain &= ~have
            if gain:
                result = gain
                break
        empty, at = _side_cells(nbr, deg, side_mask, colours, cur, bit, me)
        if empty < 0 or empty >= 2:
            result = bit  # a stone of the mover's on the side, or two cells to reach it by
            break
        if empty == 1 and not played:
            # a stone of the mover's already there, joined by the last one: a second threat
            # (the first one's cell is the opponent's by now)
            result = bit
            break
        if empty == 1:
            colours[at] = opp
            held[count] = at
            count += 1
        elif played:
            result = 0  # (the stone threatens nothing: the ladder is over)
            break
        # the next cell along the second row: not ``prev``, nor next to it
        nxt = -1
        ways = 0
        for j in range(deg[cur]):
            z = nbr[cur, j]
            if z == prev or not _row_two(nbr, deg, side_mask, z, bit):
                continue
            if not _adjacent(nbr, deg, prev, z):
                nxt = z
                ways += 1
        if ways != 1:
            # the row ends where it meets another side (a corner): nothing more; else the
            # board is not regular enough here to read
            result = 0 if ways == 0 and side_mask[cur] & ~bit else -1
            break
        if colours[nxt] == opp:
            result = 0
            break
        played = colours[nxt] == 0
        prev = cur
        cur = nxt
    for i in range(count):
        colours[held[i]] = 0
    return result


@compiled
def ladder_priors(nbr, deg, side_mask, colours, parent, smask, info, base, strength, m, held):
    """The head starts of the mover's ladder stones (above, LADDER_*): for each empty cell next
    to the opponent's last stone, on a side's second row where that stone lies on the side,
    with one empty cell of its own on the side and next to a stone of the mover's cut from it
    (``strength`` holds the head starts of ``base``'s cells, in slot order)."""
    me = info[TO_MOVE]
    n = colours.shape[0]
    last = info[LAST_W] if me == 1 else info[LAST_B]
    if not 0 <= last < n or colours[last] != 3 - me:
        return
    sides = side_mask[last]
    while sides:
        bit = sides & -sides
        sides ^= bit
        for j in range(deg[last]):
            cur = nbr[last, j]
            if colours[cur] != 0 or not _row_two(nbr, deg, side_mask, cur, bit):
                continue
            empty, _ = _side_cells(nbr, deg, side_mask, colours, cur, bit, me)
            if empty != 1:
                continue
            if _sides_joined(nbr, deg, colours, parent, smask, cur, me) & bit:
                continue
            prev = -1
            for i in range(deg[cur]):
                z = nbr[cur, i]
                if (
                    colours[z] == me
                    and _row_two(nbr, deg, side_mask, z, bit)
                    and _side_cells(nbr, deg, side_mask, colours, z, bit, me)[0] == 0
                    and _adjacent(nbr, deg, z, last)
                ):
                    prev = z
            if prev < 0:
                continue
            gain = read_ladder(
                nbr, deg, side_mask, colours, parent, smask, me, prev, cur, bit, held
            )
            if gain < 0:
                continue
            for s in range(m - 1):
                if base[s] == cur:
                    strength[s] = (
                        max(strength[s], LADDER_WON) if gain else min(strength[s], LADDER_LOST)
                    )


# Learned prior knowledge (``ygui.ai.priors``): a fresh child's value follows from the
# features of its cell, each with a learned weight (the log of a Bradley-Terry strength):
# - the pattern of its six neighbours, each empty, the mover's, the opponent's or off the
#   board, as a base-4 number (PATTERNS where the board's cells are not hexagons);
# - its shape (``knowledge``);
# - its nearness to the opponent's last stone (NEAR_*);
# - its distance from the edge, up to DEPTHS - 1;
# - its distance from the nearest corner of the board, up to CORNER_DISTANCES - 1 (a corner
#   joins two sides: it matters in Poly-Y, whose five or more corners each join a pair).
PATTERNS = 4096
NEAR_NONE, NEAR_ADJACENT, NEAR_BRIDGE, NEAR_FAR = 0, 1, 2, 3
DEPTHS = 5
CORNER_DISTANCES = 4
W_SHAPE = PATTERNS + 1
W_NEAR = W_SHAPE + 4
W_DEPTH = W_NEAR + 4
W_CORNER = W_DEPTH + DEPTHS
WEIGHTS = W_CORNER + CORNER_DISTANCES  # the weights' length, then the prior's scale
# a cell's features packed in one number (``features``): the pattern in the low bits; the
# depth's three bits, then the corner distance's two, come together from the board's tables
AT_SHAPE, AT_NEAR, AT_DEPTH, AT_CORNER = 13, 15, 17, 20
DEPTH_BITS = 7


@compiled
def features(nbr, deg, bridges, bcount, ring, colours, info, feat, out) -> None:
    """``out[c]`` for every empty cell ``c``: its features in the mover's view, packed as
    pattern + shape << AT_SHAPE + nearness << AT_NEAR + depth << AT_DEPTH
    + corner distance << AT_CORNER (``ygui.ai.priors.unpack``).
    ``ring[c, -2]`` is the pattern of the board's edge around ``c`` (the missing neighbours
    of a cell on the edge count as off the board), or -1; ``ring[c, -1]`` its depth and its
    corner distance, packed as depth + corner distance << (AT_CORNER - AT_DEPTH)."""
    knowledge(nbr, deg, bridges, bcount, colours, info, feat)
    me = info[TO_MOVE]
    flip = 0 if me == 1 else 3
    n = colours.shape[0]
    last = info[LAST_W] if me == 1 else info[LAST_B]
    if not 0 <= last < n:
        last = -1
    far = NEAR_FAR if last >= 0 else NEAR_NONE
    for c in range(n):
        out[c] = far << AT_NEAR
    if last >= 0:
        for j in range(deg[last]):
            out[nbr[last, j]] = NEAR_ADJACENT << AT_NEAR
        for j in range(deg[last]):
            x = nbr[last, j]
            for t in range(bcount[x]):
                d = bridge_end(bridges, x, t, last)
                if d >= 0 and out[d] == NEAR_FAR << AT_NEAR:
                    out[d] = NEAR_BRIDGE << AT_NEAR
    width = ring.shape[1]
    for c in range(n):
        if colours[c] != 0:
            continue
        code = np.int64(ring[c, width - 2])
        if code < 0:
            code = PATTERNS
        else:
            # digit 1 for the mover's stone, 2 for the opponent's (no branch: 1 <-> 2 by xor)
            for j in range(deg[c]):
                stone = np.int64(colours[ring[c, j]])
                code += (stone ^ (flip * (stone > 0))) << (2 * j)
        out[c] += (
            code + (np.int64(feat[c]) << AT_SHAPE) + (np.int64(ring[c, width - 1]) << AT_DEPTH)
        )


@compiled
def prior_value(above_mean: float, scale: float) -> float:
    """The win rate of a child's head start, from its cell's strength above the mean of the
    node's cells: 1/2 at the mean, towards 0.05 or 0.95 far below or above it. (A rational
    form of tanh, within 2.5% of it and a fifth of its cost: this runs for every cell of every
    node the tree grows.)"""
    x = min(max(scale * above_mean, -3.0), 3.0)
    return 0.5 + 0.45 * x * (27.0 + x * x) / (27.0 + 9.0 * x * x)


@compiled
def expand(
    nbr,
    deg,
    side_mask,
    ppos,
    table,
    colours,
    parent,
    smask,
    plo,
    phi,
    tstones,
    info,
    params,
    base,
    allowed,
    child,
    visits,
    wins,
    rave_n,
    rave_w,
    plen,
    mover,
    best,
    top,
    tree,
    m: int,
    node: int,
    restrict: bool,
    path,
    depth: int,
    tactics: bool,
    bridges,
    bcount,
    ring,
    weights,
    feat,
    packed,
    strength,
    prior: float,
    vc,
) -> int:
    """Give ``node`` (``path[depth]``) its block of children; -1 when the tree is full. With
    ``prior`` > 0 each legal child starts with that many playouts of all-moves-as-first
    experience, won at the rate ``prior_value`` makes of the learned strength of its cell
    (``features``). With ``tactics``, what one stone decides among the children is settled
    (``threats``) and a proof carried up the path. (A function of its own, called from the
    simulation's loop: that loop ran 25% slower with the tactics written in it.)"""
    # Threads that share the tree: the node is claimed (another thread that finds it claimed
    # takes it for a leaf), and the block taken from the free room, at once
    if not compare_swap(child, node, -1, EXPANDING):
        return -1
    b = atomic_add(tree, 0, 1)
    if (b + 1) * m > child.shape[0]:
        atomic_add(tree, 0, -1)
        child[node] = -1
        return -1
    mover[b] = info[TO_MOVE]
    n = params[NCELLS]
    any_legal = False
    # one stone at a time and no tabu: a cell is legal when it is empty
    kind = params[TURNS]
    simple = kind in (STANDARD, MASTER) or (kind != TABU and info[NTSTONES] == 0)
    if prior > 0:
        # (``packed`` and ``strength`` are scratch: the playout's list of empties, the scores)
        features(nbr, deg, bridges, bcount, ring, colours, info, feat, packed)
        total = 0.0
        count = 0
        for s in range(m - 1):
            c = base[s]
            if colours[c] == 0:
                f = packed[c]
                v = (
                    weights[f & ((1 << AT_SHAPE) - 1)]
                    + weights[W_SHAPE + ((f >> AT_SHAPE) & 3)]
                    + weights[W_NEAR + ((f >> AT_NEAR) & 3)]
                    + weights[W_DEPTH + ((f >> AT_DEPTH) & DEPTH_BITS)]
                    + weights[W_CORNER + (f >> AT_CORNER)]
                )
                strength[s] = v
                total += v
                count += 1
        mean = total / count if count else 0.0
        scale = weights[WEIGHTS]
        for s in range(m - 1):
            if colours[base[s]] == 0:
                strength[s] = prior_value(strength[s] - mean, scale)
        if (
            params[RULE] != PERIMETER
            and stones_in_turn(params, info, info[TURN]) == 1
            and stones_in_turn(params, info, info[TURN] + 1) == 1
        ):
            ladder_priors(
                nbr, deg, side_mask, colours, parent, smask, info, base, strength, m, packed
            )
    for s in range(m):
        g = b * m + s
        move = base[s] if s < m - 1 else n
        child[g] = -1
        visits[g] = 0.0
        wins[g] = 0.0
        if simple and s < m - 1:
            legal = colours[move] == 0
        else:
            legal = is_legal(nbr, deg, colours, parent, tstones, info, params, move)
        if restrict and not allowed[move]:
            legal = False
        if legal and s < m - 1 and paired_twin(ppos, params, move):
            legal = False
        if legal:
            any_legal = True
            if prior > 0 and s < m - 1:
                rave_n[g] = prior
                rave_w[g] = prior * strength[s]
            else:
                rave_n[g] = 0.0
                rave_w[g] = 0.0
        else:
            rave_n[g] = 1.0
            rave_w[g] = ILLEGAL
    if not any_legal:
        compare_swap(tree, 0, b + 1, b)  # (given back unless another block came after it)
        child[node] = -1
        return -1
    first_scores(rave_n, rave_w, best, top, b, m)
    # the block is seen by other threads once it is complete; a thread that proved the node
    # meanwhile keeps its proof
    if not compare_swap(child, node, EXPANDING, b):
        return -1
    if (
        tactics
        and stones_in_turn(params, info, info[TURN]) == 1
        and stones_in_turn(params, info, info[TURN] + 1) == 1
    ):
        g = -1  # (too few stones for a stone to win at once: nothing to settle)
        if info[STONES] + 1 >= params[FEWEST]:
            g = threats(
                nbr,
                deg,
                side_mask,
                ppos,
                table,
                params,
                colours,
                parent,
                smask,
                plo,
                phi,
                info,
                base,
                child,
                plen,
                mover,
                rave_w,
                best,
                top,
                b,
                m,
                feat,  # (scratch: expand is done with it)
            )
        if g != -1:  # a proved child that settles the position
            path[depth + 1] = g if g >= 0 else -2 - g
            climb(path, depth + 1, plen, child, mover, rave_w, m)
        elif not restrict and rave_w[b * m + m - 1] <= ILLEGAL / 2:
            # the side that has just moved may have won by its links (not at the root: its
            # moves are ranked by their own searches, so that a lost position is played on
            # with the moves that resist longest, not any one)
            q = 3 - info[TO_MOVE]
            links = -1
            if near_a_side(ring, colours, q):
                links = virtual_win(
                    nbr, deg, side_mask, table, params, colours, parent, smask, info, q, vc
                )
            if links > 0:
                lost = -1
                for s in range(m - 1):
                    g = b * m + s
                    if rave_w[g] > ILLEGAL / 2:
                        mark(g, q, 2 * links, child, plen, mover, rave_w, m)
                        lost = g
                if lost >= 0:
                    first_scores(rave_n, rave_w, best, top, b, m)
                    path[depth + 1] = lost
                    climb(path, depth + 1, plen, child, mover, rave_w, m)
        elif restrict and rave_w[b * m + m - 1] <= ILLEGAL / 2:
            # at the root, the side to move may have won by its links already: a stone in one
            # of them keeps the others, and wins within 2 links - 1 stones (so the search
            # ends at once, and the game is finished link by link, not dragged out by any
            # other move that happens to keep the win)
            p = info[TO_MOVE]
            links = -1
            if near_a_side(ring, colours, p):
                links = virtual_win(
                    nbr, deg, side_mask, table, params, colours, parent, smask, info, p, vc
                )
            if links > 0:
                won = -1
                for s in range(m - 1):
                    g = b * m + s
                    if rave_w[g] > ILLEGAL / 2 and vc_key(vc, n, base[s]):
                        mark(g, p, 2 * links - 1, child, plen, mover, rave_w, m)
                        if won < 0:
                            won = g
                            best[b] = s
                            top[b] = np.float32(PROVED_WEIGHT)
                if won >= 0:
                    path[depth + 1] = won
                    climb(path, depth + 1, plen, child, mover, rave_w, m)
    return b


# The farthest a stone can be from a side and still be linked to it by ``virtual_win``'s
# links: two empty cells of the side next to its group (1), or a third-row template (2).
VC_REACH = 2


@compiled
def near_a_side(ring, colours, q: int) -> bool:
    """Whether a stone of ``q`` is within VC_REACH of the board's edge (``ring``'s last
    column holds each cell's depth): a side none of its stones can reach by a link, it has
    not won by links (``virtual_win``), and that costs the search much more to find out
    early in a game, where the stones stand in the middle."""
    last = ring.shape[1] - 1
    for c in range(colours.shape[0]):
        if colours[c] == q and (ring[c, last] & DEPTH_BITS) <= VC_REACH:
            return True
    return False


@compiled
def first_scores(rave_n, rave_w, best, top, b: int, m: int) -> None:
    """The best cell of block ``b`` before any visit: a legal cell scores its prior (1/2
    without), an illegal one far below; the first best."""
    best[b] = 0
    top[b] = ILLEGAL
    for s in range(m - 1):
        g = b * m + s
        if rave_w[g] > ILLEGAL / 2:
            v = np.float32(rave_w[g] / rave_n[g]) if rave_n[g] > 0 else np.float32(0.5)
            if v > top[b]:
                best[b] = s
                top[b] = v


# The MCTS-solver's marks, in arrays the search reads anyway (an array of their own cost a
# cache miss a step down the tree, and any test of them in the loops 20-25% of the
# simulations on Y 11, measured). A slot proved to be won by ``colour`` (the colour that wins
# the position after its move) holds ``colour << PROVED_SHIFT | (block + 1)`` in ``child``, and
# its all-moves-as-first wins are set to +-PROVED_WEIGHT for the player who makes the move: its
# score is then far above every other's if it wins, far below if it loses (and still above an
# illegal move's), and the selection follows the proof with no test of its own. (The swap's
# slot is scored by its own statistics: select_slot.)
PROVED_SHIFT = 29
PROVED = 1 << PROVED_SHIFT
PROVED_WEIGHT = 1e20
# a node a thread is giving its block (``expand``), in ``child``
EXPANDING = -2


@compiled
def prove(path, depth: int, plen, child, mover, rave_w, m: int, winner: int) -> None:
    """The MCTS-solver's step: the slot ``path[depth]`` ended the game, won by ``winner``.
    A slot's proof is the colour that wins the position after its move (packed in ``child``),
    and ``plen`` the stones to the end of the game, that move included, if the winner ends it
    as fast and the loser as slowly as the proof knows. A position is won for its mover as
    soon as one child is, lost once every legal child is lost. Nothing is carried through a
    block where the pie rule's swap is legal: a move before the swap is judged by the player
    who ends up with the other colour, so colours there are not players."""
    mark(path[depth], winner, 1, child, plen, mover, rave_w, m)
    climb(path, depth, plen, child, mover, rave_w, m)


@compiled
def climb(path, depth: int, plen, child, mover, rave_w, m: int) -> None:
    """Carry the proof of the slot ``path[depth]`` up the path as far as it settles the
    positions above (``prove``)."""
    d = depth
    while d > 0:
        above = path[d - 1]
        b = child[above]  # (not proved: the search stops at a proved slot)
        if b < 0 or b >= PROVED:
            return  # (proved meanwhile by another thread sharing the tree)
        if rave_w[b * m + m - 1] > ILLEGAL / 2:
            return  # the swap is legal here
        p = mover[b]
        if child[path[d]] >> PROVED_SHIFT == p:
            length = plen[path[d]] + 1
            colour = p
        else:
            length = 0
            for g in range(b * m, b * m + m - 1):
                if rave_w[g] > ILLEGAL / 2:
                    if child[g] >> PROVED_SHIFT != 3 - p:
                        return  # this child is not known lost: nor is the position
                    length = max(length, plen[g] + 1)
            colour = 3 - p
        mark(above, colour, min(length, 32767), child, plen, mover, rave_w, m)
        d -= 1


@compiled
def wins_at(
    nbr, deg, side_mask, ppos, table, params, colours, parent, smask, plo, phi, info, cell: int
) -> int:
    """Who wins at once with a stone on the empty ``cell`` (one stone, no pair): 1 Black, 2
    White, 3 both, 0 neither. (One pass over the neighbours for both colours.)"""
    sides_b = sides_w = side_mask[cell]
    lo = np.int64(0)
    hi = np.int64(0)
    pos = ppos[cell]
    if pos >= 0:
        if pos < 64:
            lo = np.int64(1) << pos
        else:
            hi = np.int64(1) << (pos - 64)
    lo_b = lo_w = lo
    hi_b = hi_w = hi
    for j in range(deg[cell]):
        nb = nbr[cell, j]
        colour = colours[nb]
        if colour == 1:
            r = find(parent, nb)
            sides_b |= smask[r]
            lo_b |= plo[r]
            hi_b |= phi[r]
        elif colour == 2:
            r = find(parent, nb)
            sides_w |= smask[r]
            lo_w |= plo[r]
            hi_w |= phi[r]
    found = 0
    if is_win(params, info[OBJ_B] | objectives(params, table, sides_b, lo_b, hi_b)):
        found |= 1
    if is_win(params, info[OBJ_W] | objectives(params, table, sides_w, lo_w, hi_w)):
        found |= 2
    return found


@compiled
def threats(
    nbr,
    deg,
    side_mask,
    ppos,
    table,
    params,
    colours,
    parent,
    smask,
    plo,
    phi,
    info,
    base,
    child,
    plen,
    mover,
    rave_w,
    best,
    top,
    b: int,
    m: int,
    threat,
) -> int:
    """Settle what one stone decides among a fresh block's children, in games of one stone a
    turn without pairs: a cell where the mover wins at once is a proved win (its slot is
    returned); where the other side wins at once somewhere, every other cell is a proved loss,
    and if it wins at two, every cell is (then -2 - a lost slot is returned). Else -1."""
    p = info[TO_MOVE]
    count = 0
    for s in range(m - 1):
        g = b * m + s
        threat[s] = 0
        if rave_w[g] <= ILLEGAL / 2:
            continue
        who = wins_at(
            nbr,
            deg,
            side_mask,
            ppos,
            table,
            params,
            colours,
            parent,
            smask,
            plo,
            phi,
            info,
            base[s],
        )
        if who & p:
            mark(g, p, 1, child, plen, mover, rave_w, m)
            best[b] = s
            top[b] = np.float32(PROVED_WEIGHT)
            return g
        if who & (3 - p):
            threat[s] = 1
            count += 1
    if count == 0:
        return -1
    lost = -1
    for s in range(m - 1):
        g = b * m + s
        if rave_w[g] > ILLEGAL / 2 and (count > 1 or threat[s] == 0):
            mark(g, 3 - p, 2, child, plen, mover, rave_w, m)
            lost = g
    if count > 1:
        return -2 - lost  # every cell loses
    for s in range(m - 1):  # the block's best was chosen before: the one cell left to play
        if threat[s] == 1:
            best[b] = s
    return -1


# The scratch of ``virtual_win`` (one int64 array a thread, ``vc_scratch``): the call's
# stamp, the hash table's size, the keys and links found, ``_vc_zig``'s stamp, then from
# VC_HEAD the hash table (4 a slot), then the regions ``vc_layout`` and ``vc_zig_layout``
# give.
VC_STAMP, VC_SIZE, VC_KEYS, VC_LINKS, VC_ZIG, VC_GROUPS, VC_THIRD = 0, 1, 2, 3, 4, 5, 6
VC_HEAD = 8
VC_ROOTS = 64  # the distinct groups around one cell, at most
ZIG_WAYS = 24  # ``_vc_zig``'s ways of one stone to a side, at most
ZIG_CELLS = 5  # the cells of one way, at most (the key cell first; -1 after the last)
ZIG_NEXT = 3  # the groups next to an empty cell kept (more: looked for again)


@allocating
def vc_scratch(n: int) -> np.ndarray:
    """``virtual_win``'s scratch for a board of ``n`` cells (stamps start at 0: all stale)."""
    size = 64
    while size < 8 * n:
        size *= 2
    vc = np.zeros(VC_HEAD + 8 * size + 16 * n + VC_ROOTS + ZIG_WAYS * ZIG_CELLS, np.int64)
    vc[VC_SIZE] = size
    vc[VC_THIRD] = 1  # third-row templates looked for (not by ``links_after``: their cost)
    return vc


@compiled
def vc_layout(vc, n: int) -> tuple[int, int, int, int, int, int, int, int]:
    """Where the regions of the scratch ``vc`` of a board of ``n`` cells begin: the links
    found (4 each), then a cell each: the cells taken, the parents of the sets of groups
    joined, their sides, their stamps, the links kept; the groups around one cell
    (VC_ROOTS); and ``must_play``'s cells allowed, a cell each."""
    links = VC_HEAD + 4 * vc[VC_SIZE]
    used = links + 4 * vc[VC_SIZE]
    roots = used + 5 * n
    return links, used, used + n, used + 2 * n, used + 3 * n, used + 4 * n, roots, roots + VC_ROOTS


@compiled
def vc_zig_layout(vc, n: int) -> tuple[int, int, int, int, int, int, int, int]:
    """Where ``_vc_zig``'s regions of the scratch begin, after ``vc_layout``'s: a cell each,
    the liberties of the set of groups tried, the cells beyond them seen once, the first
    liberty each was seen from, the cells of the ways taken that are not their key, the
    groups with liberties seen (by root) and their list (VC_GROUPS of them); four a cell, the
    groups next to each empty cell (their count, then up to ZIG_NEXT roots); then the ways
    (ZIG_CELLS each)."""
    lib = vc_layout(vc, n)[7] + n
    nxt = lib + 6 * n
    return lib, lib + n, lib + 2 * n, lib + 3 * n, lib + 4 * n, lib + 5 * n, nxt, nxt + 4 * n


@compiled
def _vc_find(vc, vp: int, vs: int, vt: int, smask, cur: int, x: int) -> int:
    """The root of ``x``'s set among the groups joined by links (made on first sight)."""
    if vc[vt + x] != cur:
        vc[vt + x] = cur
        vc[vp + x] = x
        vc[vs + x] = smask[x]
        return x
    while vc[vp + x] != x:
        vc[vp + x] = vc[vp + vc[vp + x]]
        x = vc[vp + x]
    return x


@compiled
def _vc_pair(vc, cur: int, size: int, links: int, u: int, v: int, x: int, wide: int) -> None:
    """Cell ``x`` is empty and next to both ``u`` and ``v`` (a group's root, or ``wide`` + a
    side's bit): the second such cell makes a link of the two, carried by both cells."""
    key = u * wide + v + 1
    h = (key * 2654435761) & (size - 1)
    while True:
        at = VC_HEAD + 4 * h
        if vc[at + 3] != cur:
            if 2 * vc[VC_KEYS] >= size:
                return  # (full: fewer links, never a wrong one)
            vc[at] = key
            vc[at + 1] = x
            vc[at + 2] = -1
            vc[at + 3] = cur
            vc[VC_KEYS] += 1
            return
        if vc[at] == key:
            if vc[at + 2] == -1 and vc[at + 1] != x:
                vc[at + 2] = x
                link = links + 4 * vc[VC_LINKS]
                vc[link] = u
                vc[link + 1] = v
                vc[link + 2] = vc[at + 1]
                vc[link + 3] = x
                vc[VC_LINKS] += 1
            return
        h = (h + 1) & (size - 1)


@compiled
def virtual_win(
    nbr, deg, side_mask, table, params, colours, parent, smask, info, q: int, vc
) -> int:
    """Whether ``q`` has won already whatever the other side plays, by links of two empty
    cells: two groups of ``q`` next to the same two empty cells (a bridge, or any two cells
    that both touch both groups), or a group next to two empty cells of a side it does not
    touch (an edge template). Links whose cells overlap none of the others' are taken, one by
    one (the joins between groups first, then again the links to the sides first); where they
    make a winning structure, ``q`` wins with the other side to move: an intrusion into a
    link is answered by its other cell, and the other side cannot win meanwhile (its winning
    stone would leave a full board won by both). So only for games of one stone a turn, on
    boards where every full board has exactly one winner (``params[DRAWLESS]``), without
    Hexagonal Y's perimeter rule: the caller's conditions.

    Returns the links of the winning structure (the game then ends within twice as many
    stones), or -1. After a win, ``vc_carries`` tells the cells of the links taken. Sound,
    not complete: longer templates, and links whose cells overlap, are left to the search."""
    if params[RULE] == PERIMETER or params[DRAWLESS] == 0:
        return -1
    n = params[NCELLS]
    cur = vc[VC_STAMP] + 1
    vc[VC_STAMP] = cur
    size = vc[VC_SIZE]
    vc[VC_KEYS] = 0
    vc[VC_LINKS] = 0
    links, _used, _vp, _vs, _vt, _kept, roots, _allowed = vc_layout(vc, n)
    gseen, glist, nxt = vc_zig_layout(vc, n)[4:7]
    reached = info[OBJ_B] if q == 1 else info[OBJ_W]
    sides = side_count(table)
    third = vc[VC_THIRD] != 0  # (third-row templates looked for: their groups listed)
    vc[VC_GROUPS] = 0
    short = False  # a group one side short of a win (a third-row template may complete it)
    wide = n + 64
    for x in range(n):
        if colours[x] != 0:
            continue
        r = 0
        for j in range(deg[x]):
            nb = nbr[x, j]
            if colours[nb] == q:
                g = find(parent, nb)
                new = True
                for i in range(r):
                    if vc[roots + i] == g:
                        new = False
                        break
                if new and r < VC_ROOTS:
                    vc[roots + r] = g
                    r += 1
                if third and vc[gseen + g] != cur:  # the groups with liberties, once each
                    vc[gseen + g] = cur
                    vc[glist + vc[VC_GROUPS]] = g
                    vc[VC_GROUPS] += 1
                    if not short:
                        short = _one_side_short(params, table, reached, smask[g], sides)
        if third:
            vc[nxt + 4 * x] = r
            for i in range(min(r, ZIG_NEXT)):
                vc[nxt + 4 * x + 1 + i] = vc[roots + i]
        for i in range(r):
            u = vc[roots + i]
            for j in range(i + 1, r):
                v = vc[roots + j]
                if u < v:
                    _vc_pair(vc, cur, size, links, u, v, x, wide)
                else:
                    _vc_pair(vc, cur, size, links, v, u, x, wide)
            rest = side_mask[x] & ~smask[u]
            while rest:
                low = rest & -rest
                _vc_pair(vc, cur, size, links, u, n + popcount(low - 1), x, wide)
                rest ^= low
    if vc[VC_LINKS] == 0 and not short:
        return -1
    for sides_first in (False, True):
        found = _vc_take(
            nbr,
            deg,
            side_mask,
            colours,
            parent,
            q,
            vc,
            n,
            table,
            params,
            smask,
            reached,
            sides_first,
        )
        if found > 0 or vc[VC_LINKS] == 0:  # (without links the order changes nothing)
            return found
    return -1


@compiled
def _vc_take(
    nbr,
    deg,
    side_mask,
    colours,
    parent,
    q: int,
    vc,
    n: int,
    table,
    params,
    smask,
    reached: int,
    sides_first: bool,
) -> int:
    """``virtual_win``'s greedy pass over the links found: those that join what was apart,
    with cells no link taken before uses; the joins between groups first, or the links to
    the sides first. Where that leaves one side short of a win, a set of joined groups that
    reaches it by two ways of one stone each (``_vc_zig``, a third-row template) completes
    it (counted as three links: the winner plays at most three stones in its cells)."""
    cur = vc[VC_STAMP] + 1
    vc[VC_STAMP] = cur
    links, used, vp, vs, vt, kept, _roots, _allowed = vc_layout(vc, n)
    count = 0
    for phase in range(2):
        for i in range(vc[VC_LINKS]):
            at = links + 4 * i
            if (vc[at + 1] >= n) != ((phase == 0) == sides_first):
                continue
            x = vc[at + 2]
            y = vc[at + 3]
            if vc[used + x] == cur or vc[used + y] == cur:
                continue
            ru = _vc_find(vc, vp, vs, vt, smask, cur, vc[at])
            v = vc[at + 1]
            if v < n:
                rv = _vc_find(vc, vp, vs, vt, smask, cur, v)
                if rv == ru:
                    continue
                vc[vp + rv] = ru
                vc[vs + ru] |= vc[vs + rv]
            else:
                bit = np.int64(1) << (v - n)
                if vc[vs + ru] & bit:
                    continue
                vc[vs + ru] |= bit
            vc[used + x] = cur
            vc[used + y] = cur
            vc[kept + count] = vc[at]
            count += 1
    for i in range(count):
        reached |= table[vc[vs + _vc_find(vc, vp, vs, vt, smask, cur, vc[kept + i])]]
    zigs = 0
    if not is_win(params, reached):
        if sides_first:
            return -1  # (third-row templates are looked for in the first pass alone: their cost)
        # one side more for one set of groups: each set (of a group with liberties), each
        # side it does not reach whose objectives would win
        sides = side_count(table)
        tried, glist = vc_zig_layout(vc, n)[4:6]  # (sets tried: the groups seen are listed)
        for i in range(vc[VC_GROUPS]):
            r = _vc_find(vc, vp, vs, vt, smask, cur, vc[glist + i])
            if vc[tried + r] == cur:
                continue
            vc[tried + r] = cur
            for side in range(sides):
                bit = np.int64(1) << side
                if vc[vs + r] & bit or not is_win(params, reached | table[vc[vs + r] | bit]):
                    continue
                if _vc_zig(nbr, deg, side_mask, colours, parent, q, vc, n, smask, cur, r, bit):
                    vc[vs + r] |= bit
                    reached |= table[vc[vs + r]]
                    zigs = 1
                    break
            if zigs:
                break
        if not zigs:
            return -1
    elif count == 0:
        return -1
    needed = 3 * zigs
    for i in range(count):
        if table[vc[vs + _vc_find(vc, vp, vs, vt, smask, cur, vc[kept + i])]] != 0:
            needed += 1
    return max(needed, 1)


@compiled
def side_count(table) -> int:
    """The board's sides (``table`` holds the objectives of each mask of them)."""
    sides = 0
    while (1 << sides) < table.shape[0]:
        sides += 1
    return sides


@compiled
def _one_side_short(params, table, reached: int, mask: int, sides: int) -> bool:
    """Whether one side more than ``mask`` would win (with the objectives ``reached``)."""
    for side in range(sides):
        bit = np.int64(1) << side
        if not mask & bit and is_win(params, reached | table[mask | bit]):
            return True
    return False


@compiled
def _vc_in_set(nbr, deg, colours, parent, q: int, vc, vp, vs, vt, smask, cur, r, x) -> bool:
    """Whether the empty cell ``x`` is next to a group of ``q`` in the set of root ``r``."""
    for j in range(deg[x]):
        nb = nbr[x, j]
        if colours[nb] == q and _vc_find(vc, vp, vs, vt, smask, cur, find(parent, nb)) == r:
            return True
    return False


@compiled
def _vc_pod(nbr, deg, side_mask, colours, vc, used, cur, x, bit, a, b) -> tuple[int, int]:
    """Two empty cells of the side ``bit`` next to ``x``, free and other than ``a`` and ``b``
    (or -1s)."""
    first = -1
    for j in range(deg[x]):
        e = nbr[x, j]
        if colours[e] != 0 or not side_mask[e] & bit or vc[used + e] == cur or e in (a, b):
            continue
        if first < 0:
            first = e
        else:
            return first, e
    return -1, -1


@compiled
def _vc_way(vc, at: int, key: int, c1: int, c2: int, c3: int, c4: int) -> None:
    """Write one of ``_vc_zig``'s ways at ``at``: its key cell, then its other cells (-1 for
    none, after the last)."""
    vc[at] = key
    vc[at + 1] = c1
    vc[at + 2] = c2
    vc[at + 3] = c3
    vc[at + 4] = c4


@compiled
def _vc_zig(nbr, deg, side_mask, colours, parent, q: int, vc, n: int, smask, cur, r, bit) -> bool:
    """Whether the set of groups of root ``r`` reaches the side ``bit`` through free cells
    (no link taken uses them) by two ways of one stone each whose cells are apart: the
    other side's stone in one way's cells is answered by the other's key stone. A way is a
    liberty of the set on the side (its cell), a liberty next to two free cells of the side
    (the three), or a cell with two such cells whose two common free neighbours with the set
    are liberties (a link to it: the five, or three when it is on the side). On Y's rows
    that is the third-row template (the ziggurat): a stone on the third row reaches the side
    by the liberty below it with the two beneath, or by the cell two along on the second row
    through the two between. Where one is found, its two ways' cells are marked taken (and
    all but their keys marked as not keys, ``vc_key``)."""
    used = vc_layout(vc, n)[1]
    vp, vs, vt = used + n, used + 2 * n, used + 3 * n
    lib, seen, first, nonkey, _gseen, _glist, nxt, ways = vc_zig_layout(vc, n)
    z = vc[VC_ZIG] + 1  # (the try's own stamp, for its liberties and the cells seen)
    vc[VC_ZIG] = z
    for x in range(n):
        if colours[x] != 0 or vc[used + x] == cur:
            continue
        count = vc[nxt + 4 * x]  # (the groups next to x, seen by ``virtual_win``)
        if count > ZIG_NEXT:
            if _vc_in_set(nbr, deg, colours, parent, q, vc, vp, vs, vt, smask, cur, r, x):
                vc[lib + x] = z
            continue
        for i in range(count):
            if _vc_find(vc, vp, vs, vt, smask, cur, vc[nxt + 4 * x + 1 + i]) == r:
                vc[lib + x] = z
                break
    count = 0
    for x in range(n):
        if vc[lib + x] != z or count >= ZIG_WAYS:
            continue
        if side_mask[x] & bit:
            _vc_way(vc, ways + ZIG_CELLS * count, x, -1, -1, -1, -1)
            count += 1
            continue
        e1, e2 = _vc_pod(nbr, deg, side_mask, colours, vc, used, cur, x, bit, -1, -1)
        if e2 >= 0:
            _vc_way(vc, ways + ZIG_CELLS * count, x, e1, e2, -1, -1)
            count += 1
        for j in range(deg[x]):
            y = nbr[x, j]
            if colours[y] != 0 or vc[used + y] == cur or vc[lib + y] == z:
                continue
            if vc[seen + y] != z:
                vc[seen + y] = z
                vc[first + y] = x
                continue
            c = vc[first + y]
            if c < 0 or c == x or count >= ZIG_WAYS:
                continue
            vc[first + y] = -1  # (one way through y)
            if side_mask[y] & bit:
                _vc_way(vc, ways + ZIG_CELLS * count, y, c, x, -1, -1)
                count += 1
                continue
            f1, f2 = _vc_pod(nbr, deg, side_mask, colours, vc, used, cur, y, bit, c, x)
            if f2 >= 0:
                _vc_way(vc, ways + ZIG_CELLS * count, y, c, x, f1, f2)
                count += 1
    for i in range(count):
        a = ways + ZIG_CELLS * i
        for j in range(i + 1, count):
            b = ways + ZIG_CELLS * j
            apart = True
            for u in range(ZIG_CELLS):
                cu = vc[a + u]
                if cu < 0:
                    break
                for v in range(ZIG_CELLS):
                    if vc[b + v] == cu:
                        apart = False
                        break
                if not apart:
                    break
            if not apart:
                continue
            for w in (a, b):
                for u in range(ZIG_CELLS):
                    cu = vc[w + u]
                    if cu < 0:
                        break
                    vc[used + cu] = cur
                    if u > 0:
                        vc[nonkey + cu] = cur
            return True
    return False


@compiled
def vc_carries(vc, n: int, x: int) -> bool:
    """Whether cell ``x`` is one of the cells of the links the last win ``virtual_win`` found
    takes (of a board of ``n`` cells): where the other side must play to stop it."""
    return vc[vc_layout(vc, n)[1] + x] == vc[VC_STAMP]


@compiled
def vc_key(vc, n: int, x: int) -> bool:
    """Whether a stone of the winner on cell ``x`` shortens the last win ``virtual_win``
    found: a cell of one of its links of two cells, or the key cell of a way of a third-row
    template's (not the other cells of a way, after which its key is still to play)."""
    stamp = vc[VC_STAMP]
    return vc[vc_layout(vc, n)[1] + x] == stamp and vc[vc_zig_layout(vc, n)[3] + x] != stamp


@compiled
def links_after(
    nbr,
    deg,
    side_mask,
    ppos,
    table,
    params,
    colours,
    parent,
    smask,
    plo,
    phi,
    info,
    cell: int,
    q: int,
    vc,
    c_colours,
    c_parent,
    c_smask,
    c_info,
) -> int:
    """``virtual_win`` of ``q`` once it has a stone on the empty ``cell``, on a copy of the
    position (``c_*``; ``plo`` and ``phi`` are written for ``cell`` only, harmlessly: the
    caller's rules have no perimeter)."""
    for x in range(params[NCELLS]):
        c_colours[x] = colours[x]
        c_parent[x] = parent[x]
        c_smask[x] = smask[x]
    for x in range(INFO):
        c_info[x] = info[x]
    put_stone(
        nbr,
        deg,
        side_mask,
        ppos,
        table,
        params,
        c_colours,
        c_parent,
        c_smask,
        plo,
        phi,
        c_info,
        cell,
        q,
    )
    third = vc[VC_THIRD]
    vc[VC_THIRD] = 0
    links = virtual_win(
        nbr, deg, side_mask, table, params, c_colours, c_parent, c_smask, c_info, q, vc
    )
    vc[VC_THIRD] = third
    return links


@compiled
def must_play(
    nbr,
    deg,
    side_mask,
    ppos,
    table,
    params,
    colours,
    parent,
    smask,
    plo,
    phi,
    info,
    base,
    child,
    visits,
    wins,
    rave_n,
    rave_w,
    plen,
    mover,
    best,
    top,
    b: int,
    m: int,
    inv_k: float,
    score,
    vc,
    c_colours,
    c_parent,
    c_smask,
    c_info,
) -> bool:
    """The must-play region of the block ``b``'s mover (the side to move in the simulation's
    position): each cell where the other side's stone would win by links (``virtual_win``)
    must be played, or one of the cells of those links; every move outside all such regions
    is proved lost (within 2 + twice the most links). Returns whether that leaves no move:
    then every child is lost. The position is copied for each try (``c_*``). For games of one
    stone a turn on a board where every full board has one winner (the caller's conditions)."""
    n = params[NCELLS]
    p = info[TO_MOVE]
    q = 3 - p
    allowed = vc_layout(vc, n)[7]
    for s in range(m - 1):
        vc[allowed + s] = 1
    most = 0
    for s in range(m - 1):
        g = b * m + s
        if rave_w[g] <= ILLEGAL / 2 or child[g] >= PROVED:
            continue
        links = links_after(
            nbr,
            deg,
            side_mask,
            ppos,
            table,
            params,
            colours,
            parent,
            smask,
            plo,
            phi,
            info,
            base[s],
            q,
            vc,
            c_colours,
            c_parent,
            c_smask,
            c_info,
        )
        if links <= 0:
            continue
        if links > most:
            most = links
        for t in range(m - 1):
            if t != s and not vc_carries(vc, n, base[t]):
                vc[allowed + t] = 0
    if most == 0:
        return False
    left = 0
    lost = -1
    for s in range(m - 1):
        g = b * m + s
        if rave_w[g] <= ILLEGAL / 2:
            continue
        if vc[allowed + s] == 0:
            mark(g, q, 2 + 2 * most, child, plen, mover, rave_w, m)
        if child[g] >= PROVED and child[g] >> PROVED_SHIFT == q:
            lost = g
        else:
            left += 1
    if left == 0:
        return lost >= 0
    # the block's best, afresh
    for s in range(m - 1):
        g = b * m + s
        score[s] = rave_score(wins[g], visits[g], rave_n[g], rave_w[g], inv_k)
    i, t = first_best(score, m - 1)
    best[b] = i
    top[b] = t
    return False


@compiled
def mark(slot: int, colour: int, length: int, child, plen, mover, rave_w, m: int) -> None:
    """Mark ``slot`` proved: won by ``colour``, the game ending within ``length`` stones."""
    held = child[slot]
    if held >= PROVED:
        return  # (proved already, by another thread sharing the tree)
    child[slot] = (colour << PROVED_SHIFT) | (max(held, -1) + 1)  # (-1: no block)
    plen[slot] = length
    if slot % m != m - 1 and slot >= m:  # (not the swap, nor the first root's dummy block)
        won = colour == mover[slot // m]
        rave_w[slot] = np.float32(PROVED_WEIGHT if won else -PROVED_WEIGHT)


@allocating
def search(
    nbr,
    deg,
    side_mask,
    ppos,
    opp,
    table,
    params,
    bridges,
    bcount,
    ring,
    bmask,
    starts,
    r_colours,
    r_parent,
    r_smask,
    r_plo,
    r_phi,
    r_tstones,
    r_info,
    base,
    slot_of,
    child,
    visits,
    wins,
    rave_n,
    rave_w,
    mover,
    best,
    top,
    plen,
    tree,
    busy,
    second,
    top2,
    root_allowed,
    sims: int,
    rng,
    rave_k: float,
    explore: float,
    wide: int,
    expand_at: int,
    prior: float,
    weights,
    shared: bool,
    must_at: int,
) -> int:
    """Run ``sims`` simulations from the root (slot tree[1]). Returns how many were run.
    ``weights`` are the learned weights of the prior knowledge, then its scale
    (``ygui.ai.priors``). ``shared``: other threads search the same tree at the same time
    (``busy`` counts the threads in each block; ``second`` and ``top2`` are each block's
    second best cell and its score, as of its last update). ``must_at``: a node's must-play
    region is worked out at its ``must_at``-th visit (``must_play``; 0: never)."""
    n = params[NCELLS]
    m = base.shape[0] + 1
    return _simulate(
        nbr,
        deg,
        side_mask,
        ppos,
        opp,
        table,
        params,
        bridges,
        bcount,
        ring,
        bmask,
        starts,
        r_colours,
        r_parent,
        r_smask,
        r_plo,
        r_phi,
        r_tstones,
        r_info,
        base,
        slot_of,
        child,
        visits,
        wins,
        rave_n,
        rave_w,
        mover,
        best,
        top,
        plen,
        tree,
        busy,
        second,
        top2,
        root_allowed,
        sims,
        rng,
        rave_k,
        explore,
        wide,
        expand_at,
        prior,
        weights,
        shared,
        must_at,
        np.empty_like(r_colours),
        np.empty_like(r_parent),
        np.empty_like(r_smask),
        r_plo.copy(),
        r_phi.copy(),
        np.empty_like(r_tstones),
        np.empty_like(r_info),
        np.empty(n, np.int32),
        np.empty(m + 1, np.int8),
        np.empty(m, np.float32),
        np.empty(n + 8, np.int64),
        np.empty(n, np.int8),
        np.empty(n + 8, np.int64),
        vc_scratch(n),
        np.empty_like(r_colours),
        np.empty_like(r_parent),
        np.empty_like(r_smask),
        np.empty_like(r_info),
    )


# (``arcp``: the scores' divisions may use the reciprocal; its gain was within the noise of
# the measures, under 5%)
@njit(nogil=True, cache=True, _nrt=False, fastmath={"arcp", "contract"})
def _simulate(
    nbr,
    deg,
    side_mask,
    ppos,
    opp,
    table,
    params,
    bridges,
    bcount,
    ring,
    bmask,
    starts,
    r_colours,
    r_parent,
    r_smask,
    r_plo,
    r_phi,
    r_tstones,
    r_info,
    base,
    slot_of,
    child,
    visits,
    wins,
    rave_n,
    rave_w,
    mover,
    best,
    top,
    plen,
    tree,
    busy,
    second,
    top2,
    root_allowed,
    sims: int,
    rng,
    rave_k: float,
    explore: float,
    wide: int,
    expand_at: int,
    prior: float,
    weights,
    shared: bool,
    must_at: int,
    colours,
    parent,
    smask,
    plo,
    phi,
    tstones,
    info,
    empties,
    first_play,
    score,
    path,
    feat,
    held,
    vc,
    c_colours,
    c_parent,
    c_smask,
    c_info,
) -> int:
    """The simulations of ``search``, in the scratch arrays it gives. A visit is counted on
    the way down: to a thread sharing the tree, a visit not yet won is a loss (the virtual
    loss that sends it elsewhere), and in a block another thread is in, the block's best is
    scored afresh against its second best (``crowded_slot``)."""
    n = params[NCELLS]
    m = base.shape[0] + 1
    perimeter = params[RULE] == PERIMETER
    inv_k = np.float32(1.0 / rave_k)
    one = np.float32(1.0)
    half = np.float32(0.5)
    root = tree[1]
    # what one stone decides is settled as a block is made (threats), in games of one stone a
    # turn without Hexagonal Y's pairs
    tactics = params[TURNS] == STANDARD
    for c in range(n):
        if opp[c] >= 0:
            tactics = False
    # and the must-play regions, where links prove (virtual_win)
    musts = tactics and must_at > 0 and params[DRAWLESS] != 0 and params[RULE] != PERIMETER
    # the root at the swap's moment, in a game of one stone a turn (see the swap below)
    skip_swap = params[TURNS] == STANDARD
    must_visits = np.float32(must_at)
    for done in range(sims):
        if child[root] >= PROVED:
            return done  # the position is proved: nothing left to learn
        # (loops: a slice assignment may copy its source, which needs the runtime)
        for c in range(n):
            colours[c] = r_colours[c]
            parent[c] = r_parent[c]
            smask[c] = r_smask[c]
        if perimeter:
            for c in range(n):
                plo[c] = r_plo[c]
                phi[c] = r_phi[c]
        for c in range(r_tstones.shape[0]):
            tstones[c] = r_tstones[c]
        for c in range(INFO):
            info[c] = r_info[c]
        first_play[:] = 0
        node = root
        depth = 0
        path[0] = node
        if visits[node] >= FROZEN:
            pass  # (counted no further: see FROZEN)
        elif shared:  # (the root's count, which every thread adds to, is exact)
            atomic_add(visits, node, one)
        else:
            visits[node] += one
        swap_at = 0  # depth of a swap in this path (0: none, nothing is judged otherwise)
        while info[WINNER] == 0:
            b = child[node]
            if b >= PROVED:
                break  # a proved position: who wins it is known
            if b < 0:
                if visits[node] <= expand_at and node != root:  # (this visit counted)
                    break
                b = expand(
                    nbr,
                    deg,
                    side_mask,
                    ppos,
                    table,
                    colours,
                    parent,
                    smask,
                    plo,
                    phi,
                    tstones,
                    info,
                    params,
                    base,
                    root_allowed,
                    child,
                    visits,
                    wins,
                    rave_n,
                    rave_w,
                    plen,
                    mover,
                    best,
                    top,
                    tree,
                    m,
                    node,
                    node == root,
                    path,
                    depth,
                    tactics,
                    bridges,
                    bcount,
                    ring,
                    weights,
                    feat,
                    empties,
                    score,
                    prior,
                    vc,
                )
                if b < 0 or child[node] >= PROVED:
                    break  # the tree is full, or the position proved as it was made
                if shared:  # (no second best until the block's first update)
                    second[b] = best[b]
                    top2[b] = ILLEGAL
            elif (
                musts
                and visits[node] == must_visits
                and rave_w[b * m + m - 1] <= ILLEGAL / 2  # (the swap is not legal)
                and (params[PIE] == 0 or info[TURN] > 1)  # (nor after the move)
                and stones_in_turn(params, info, info[TURN]) == 1
            ):
                if must_play(
                    nbr,
                    deg,
                    side_mask,
                    ppos,
                    table,
                    params,
                    colours,
                    parent,
                    smask,
                    plo,
                    phi,
                    info,
                    base,
                    child,
                    visits,
                    wins,
                    rave_n,
                    rave_w,
                    plen,
                    mover,
                    best,
                    top,
                    b,
                    m,
                    inv_k,
                    score,
                    vc,
                    c_colours,
                    c_parent,
                    c_smask,
                    c_info,
                ):
                    for s in range(m - 1):
                        if rave_w[b * m + s] > ILLEGAL / 2:
                            path[depth + 1] = b * m + s
                            break
                    climb(path, depth + 1, plen, child, mover, rave_w, m)
                if child[node] >= PROVED:
                    break
            if shared:
                held[depth] = b
                if atomic_add(busy, b, 1) > 0:  # another thread is in the block
                    node = crowded_slot(
                        visits,
                        wins,
                        rave_n,
                        rave_w,
                        best,
                        second,
                        top2,
                        b,
                        m,
                        inv_k,
                        explore,
                        prior,
                        depth == 0,
                        visits[node],
                    )
                else:
                    node = select_slot(visits, wins, rave_w, best, top, b, m, visits[node] - one)
            else:
                node = select_slot(visits, wins, rave_w, best, top, b, m, visits[node] - one)
                if wide > 0 and depth == 0 and done % 2 == 1:
                    g = wide_slot(visits, wins, rave_n, rave_w, score, b, m, inv_k, wide)
                    if g >= 0:
                        node = g
            if depth == 0 and skip_swap and node == b * m + m - 1:
                # the root's swap is not searched: the position after it is the root's own,
                # the players exchanged, and its worth follows from the root's other moves
                # (Engine._swap_by_identity); its subtree took half of the playouts
                node = b * m + best[b]
            if visits[node] < FROZEN:
                visits[node] += one
            s = node - b * m
            mv = base[s] if s < m - 1 else n
            if first_play[s] == 0:
                first_play[s] = info[TO_MOVE]
            apply_move(
                nbr,
                deg,
                side_mask,
                ppos,
                opp,
                table,
                params,
                colours,
                parent,
                smask,
                plo,
                phi,
                tstones,
                info,
                mv,
            )
            depth += 1
            path[depth] = node
            if mv == n:
                swap_at = depth
        known = child[path[depth]] >> PROVED_SHIFT
        if known > 0:
            winner = known
        elif info[WINNER] != 0:
            # the last move of the path ended the game: its slot is proved, and maybe those
            # above it
            winner = info[WINNER]
            prove(path, depth, plen, child, mover, rave_w, m, winner)
        else:
            winner = playout(
                nbr,
                deg,
                side_mask,
                ppos,
                opp,
                table,
                params,
                bridges,
                bcount,
                ring,
                bmask,
                starts,
                colours,
                parent,
                smask,
                plo,
                phi,
                info,
                empties,
                slot_of,
                first_play,
                rng,
            )
        # A move made before a swap was made by the player who ends up with the other colour:
        # it is judged by that player's result.
        if shared:
            for d in range(depth):
                atomic_add(busy, held[d], -1)
        # (the root's too: a search rooted at a node counted its visits, and once the node
        # was a move again, seen from the position before it, its rate was its wins of
        # before over all those visits: "0%" after an analysis of the next position)
        for d in range(depth + 1):
            nd = path[d]
            judged = winner if d >= swap_at else 3 - winner
            player = 1 if nd % m == m - 1 else mover[nd // m]
            if player == judged and visits[nd] < FROZEN:
                if shared and d == 0:  # (every thread adds to the root)
                    atomic_add(wins, nd, one)
                else:
                    wins[nd] += one
        for d in range(depth + 1):
            b = child[path[d]]
            # (nor its children's all-moves-as-first counts, which it bounds: see FROZEN)
            if 0 <= b < PROVED and visits[path[d]] < FROZEN:
                p = mover[b]
                judged = winner if d + 1 >= swap_at else 3 - winner
                won = np.float32(1.0) if judged == p else np.float32(0.0)
                start = b * m
                for s in range(m - 1):
                    hit = np.float32(1.0) if first_play[s] == p else np.float32(0.0)
                    rn = rave_n[start + s] + hit
                    rw = rave_w[start + s] + hit * won
                    rave_n[start + s] = rn
                    rave_w[start + s] = rw
                    v = visits[start + s]
                    # (rave_score, written out: fused with the update of the counts)
                    num = wins[start + s] * (one + rn * inv_k) + rw
                    den = rn + v + rn * v * inv_k
                    score[s] = num / den if den > 0 else half
                if d == 0 and explore > 0:
                    # at the root, the exploration bonus: explore * sqrt(ln N / (n + prior)),
                    # N the root's visits, n the child's
                    reach = np.float32(explore * np.sqrt(np.log(visits[path[0]] + one)))
                    head = np.float32(prior)
                    for s in range(m - 1):
                        score[s] += reach / np.sqrt(visits[start + s] + head)
                i, t = first_best(score, m - 1)
                best[b] = i
                top[b] = t
                if shared:  # and the second best, for a thread that finds the best crowded
                    score[i] = ILLEGAL
                    i, t = first_best(score, m - 1)
                    second[b] = i
                    top2[b] = t
    return sims


@allocating
def winning_cells(
    nbr,
    deg,
    side_mask,
    ppos,
    opp,
    table,
    params,
    colours,
    parent,
    smask,
    plo,
    phi,
    tstones,
    info,
    mover: int,
    out: np.ndarray,
) -> int:
    """Cells where ``mover`` would win at once with one placement (checked on a copy)."""
    n = params[NCELLS]
    count = 0
    c2 = np.empty_like(colours)
    p2 = np.empty_like(parent)
    s2 = np.empty_like(smask)
    l2 = np.empty_like(plo)
    h2 = np.empty_like(phi)
    t2 = np.empty_like(tstones)
    i2 = np.empty_like(info)
    for cell in range(n):
        if colours[cell] != 0:
            continue
        c2[:] = colours
        p2[:] = parent
        s2[:] = smask
        l2[:] = plo
        h2[:] = phi
        t2[:] = tstones
        i2[:] = info
        if i2[TO_MOVE] != mover:  # as if it were the mover's turn now, one stone to place
            i2[TO_MOVE] = mover
            i2[NTSTONES] = 0
        if not is_legal(nbr, deg, c2, p2, t2, i2, params, cell):
            continue
        apply_move(nbr, deg, side_mask, ppos, opp, table, params, c2, p2, s2, l2, h2, t2, i2, cell)
        if i2[WINNER] == mover:
            out[count] = cell
            count += 1
    return count


@allocating
def bare_playouts(
    nbr,
    deg,
    side_mask,
    ppos,
    opp,
    table,
    params,
    bridges,
    bcount,
    ring,
    bmask,
    starts,
    r_colours,
    r_parent,
    r_smask,
    r_plo,
    r_phi,
    r_info,
    count: int,
    rng,
) -> int:
    """``count`` playouts from a position with no tree around them (for benchmarks):
    returns how many Black won."""
    n = params[NCELLS]
    colours = np.empty_like(r_colours)
    parent = np.empty_like(r_parent)
    smask = np.empty_like(r_smask)
    plo = np.empty_like(r_plo)
    phi = np.empty_like(r_phi)
    info = np.empty_like(r_info)
    empties = np.empty(n, np.int32)
    slot_of = np.arange(n, dtype=np.int32)
    first_play = np.empty(n, np.int8)
    black = 0
    for _ in range(count):
        colours[:] = r_colours
        parent[:] = r_parent
        smask[:] = r_smask
        plo[:] = r_plo
        phi[:] = r_phi
        info[:] = r_info
        first_play[:] = 0
        if (
            playout(
                nbr,
                deg,
                side_mask,
                ppos,
                opp,
                table,
                params,
                bridges,
                bcount,
                ring,
                bmask,
                starts,
                colours,
                parent,
                smask,
                plo,
                phi,
                info,
                empties,
                slot_of,
                first_play,
                rng,
            )
            == 1
        ):
            black += 1
    return black
