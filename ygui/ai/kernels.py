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
from numba import njit

# info fields
TO_MOVE, TURN, PLACED, NTSTONES, WINNER, STONES, LAST_B, LAST_W, OBJ_B, OBJ_W = range(10)
SWAPPED, SETUP = 10, 11
INFO = 12
# params fields
RULE, NCORNERS, PERIM, TURNS, HANDICAP, PIE, NCELLS, COMMON_SIDE = range(8)
PARAMS = 8
# rule kinds and turn structures
SIDESET, CORNERS, PERIMETER = 0, 1, 2
STANDARD, MASTER, TWO_STONE, PROGRESSIVE, TABU = 0, 1, 2, 3, 4


def compiled(func: Any) -> Any:
    """Compile without the GIL, caching the machine code (in the user cache folder)."""
    return njit(nogil=True, cache=True)(func)


# ----- random numbers (own generator: deterministic whatever thread runs it) -------------
@compiled
def rand_below(rng: np.ndarray, bound: int) -> int:
    x = rng[0]
    x ^= (x << np.uint64(13)) & np.uint64(0xFFFFFFFFFFFFFFFF)
    x ^= x >> np.uint64(7)
    x ^= (x << np.uint64(17)) & np.uint64(0xFFFFFFFFFFFFFFFF)
    rng[0] = x
    return int(((x >> np.uint64(32)) * np.uint64(bound)) >> np.uint64(32))


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
    nbr, deg, side_mask, ppos, table, params, colours, parent, smask, plo, phi
) -> int:
    """The winner of a completely filled board: Black if Black's groups win, else White."""
    n = params[NCELLS]
    if params[COMMON_SIDE] >= 0:
        return _flood_winner(nbr, deg, side_mask, table, params, colours, parent, smask)
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
def _flood_winner(nbr, deg, side_mask, table, params, colours, seen, stack) -> int:
    """When every winning set of sides contains one side, only Black's groups on that side
    can win: flood them from it (``seen`` and ``stack`` are scratch arrays)."""
    n = params[NCELLS]
    bit = np.int64(1) << params[COMMON_SIDE]
    for c in range(n):
        seen[c] = 0
    for start in range(n):
        if colours[start] != 1 or seen[start] or not (side_mask[start] & bit):
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
    colours,
    parent,
    smask,
    plo,
    phi,
    info,
    empties,
    where,
    first_play,
    rng,
) -> int:
    """Fill the board at random from this position, keeping the stone counts of the turn
    structure and Hexagonal Y's pairs, answering bridge intrusions; return the winner."""
    if info[WINNER] != 0:
        return info[WINNER]
    n = params[NCELLS]
    count = 0
    for c in range(n):
        if colours[c] == 0:
            empties[count] = c
            where[c] = count
            count += 1
    me = info[TO_MOVE]
    turn = info[TURN]
    placed = info[PLACED]
    last = -1
    while count > 0:
        cell = -1
        if last >= 0:
            # answer an intrusion into one of my bridges
            for k in range(bcount[last]):
                a = bridges[last, k, 0]
                b = bridges[last, k, 1]
                y = bridges[last, k, 2]
                if colours[a] == me and colours[b] == me and colours[y] == 0:
                    cell = y
                    break
        if cell < 0:
            cell = empties[rand_below(rng, count)]
        cells_here = 1
        other = opp[cell]
        if other >= 0 and colours[other] == 0:
            cells_here = 2
        for k in range(cells_here):
            c = cell if k == 0 else other
            colours[c] = me
            if first_play[c] == 0:
                first_play[c] = me
            i = where[c]
            count -= 1
            moved = empties[count]
            empties[i] = moved
            where[moved] = i
        last = cell
        placed += 1
        if placed >= stones_in_turn(params, info, turn):
            me = 3 - me
            turn += 1
            placed = 0
        else:
            last = -1  # my own stone: nothing to answer
    return full_board_winner(
        nbr, deg, side_mask, ppos, table, params, colours, parent, smask, plo, phi
    )


# ----- the tree ---------------------------------------------------------------------------
# node arrays: move int32, player int8, first int32, nchild int32, visits int32, wins float64,
# rave_n int32, rave_w float64


@compiled
def child_score(
    visits, wins, rave_n, rave_w, child: int, parent_visits: int, rave_k: float, explore: float
) -> float:
    n = visits[child]
    rn = rave_n[child]
    q = wins[child] / n if n > 0 else 0.5
    qr = rave_w[child] / rn if rn > 0 else 0.5
    # the weight of the RAVE estimate falls as real visits accumulate (Gelly and Silver)
    beta = rn / (rn + n + rn * n / rave_k + 1e-9)
    score = (1.0 - beta) * q + beta * qr
    if explore > 0.0:
        score += explore * np.sqrt(np.log(parent_visits + 1.0) / (n + 1.0))
    if rn == 0 and n > 0:
        # no all-moves-as-first statistics (the swap): plain UCT keeps it explored
        score += 0.5 * np.sqrt(np.log(parent_visits + 1.0) / n)
    return score


@compiled
def select_child(
    visits,
    wins,
    rave_n,
    rave_w,
    start: int,
    count: int,
    parent_visits: int,
    rave_k: float,
    explore: float,
) -> int:
    """The child with the best blend of its own and its RAVE win rate.

    (1 - b) w/n + b rw/rn with b = rn / (rn + n + rn n / k) is one fraction,
    (w (1 + rn/k) + rw) / (rn + n + rn n / k); fractions are compared by cross-multiplying, so
    the common case needs no division. Children without RAVE statistics (the swap), and any
    exploration term, take the slower exact path."""
    inv_k = 1.0 / rave_k
    best = -1
    best_num = -1.0
    best_den = 1.0
    for c in range(start, start + count):
        n = visits[c]
        rn = rave_n[c]
        if explore > 0.0 or (rn == 0 and n > 0):
            num = child_score(visits, wins, rave_n, rave_w, c, parent_visits, rave_k, explore)
            den = 1.0
        elif n == 0 and rn == 0:
            num = 0.5
            den = 1.0
        else:
            num = wins[c] * (1.0 + rn * inv_k) + rave_w[c]
            den = rn + n + rn * n * inv_k
        if num * best_den > best_num * den:
            best_num = num
            best_den = den
            best = c
    return best


@compiled
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
    r_colours,
    r_parent,
    r_smask,
    r_plo,
    r_phi,
    r_tstones,
    r_info,
    move,
    player,
    first,
    nchild,
    visits,
    wins,
    rave_n,
    rave_w,
    tree,
    root_allowed,
    sims: int,
    rng,
    rave_k: float,
    explore: float,
    expand_at: int,
) -> int:
    """Run ``sims`` simulations from the root (node tree[1]). tree = [used, root]. Returns the
    number of simulations done."""
    n = params[NCELLS]
    capacity = move.shape[0]
    colours = np.empty_like(r_colours)
    parent = np.empty_like(r_parent)
    smask = np.empty_like(r_smask)
    plo = np.empty_like(r_plo)
    phi = np.empty_like(r_phi)
    tstones = np.empty_like(r_tstones)
    info = np.empty_like(r_info)
    empties = np.empty(n, np.int32)
    where = np.empty(n, np.int32)
    first_play = np.empty(n + 1, np.int8)
    path = np.empty(n + 8, np.int32)
    moves = np.empty(n + 1, np.int32)
    for _ in range(sims):
        colours[:] = r_colours
        parent[:] = r_parent
        smask[:] = r_smask
        plo[:] = r_plo
        phi[:] = r_phi
        tstones[:] = r_tstones
        info[:] = r_info
        first_play[:] = 0
        node = tree[1]
        depth = 0
        path[0] = node
        swap_at = 0  # depth of a swap in this path (0: none, nothing is judged otherwise)
        while True:
            if info[WINNER] != 0:
                break
            if first[node] < 0:
                if visits[node] < expand_at and node != tree[1]:
                    break
                count = legal_moves(nbr, deg, colours, parent, tstones, info, params, moves)
                if node == tree[1]:
                    kept = 0
                    for i in range(count):
                        if root_allowed[moves[i]]:
                            moves[kept] = moves[i]
                            kept += 1
                    count = kept
                if count == 0 or tree[0] + count > capacity:
                    break
                start = tree[0]
                tree[0] += count
                me = info[TO_MOVE]
                for i in range(count):
                    c = start + i
                    move[c] = moves[i]
                    # whose result counts: the mover; a swap makes the swapper the first player
                    player[c] = 1 if moves[i] == n else me
                    first[c] = -1
                    nchild[c] = 0
                    visits[c] = 0
                    wins[c] = 0.0
                    rave_n[c] = 0
                    rave_w[c] = 0.0
                nchild[node] = count
                first[node] = start
            node = select_child(
                visits,
                wins,
                rave_n,
                rave_w,
                first[node],
                nchild[node],
                visits[node],
                rave_k,
                explore,
            )
            mv = move[node]
            if mv < n and first_play[mv] == 0:
                first_play[mv] = info[TO_MOVE]
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
            colours,
            parent,
            smask,
            plo,
            phi,
            info,
            empties,
            where,
            first_play,
            rng,
        )
        # A move made before a swap was made by the player who ends up with the other colour:
        # it is judged by that player's result.
        for d in range(depth + 1):
            nd = path[d]
            visits[nd] += 1
            judged = winner if d >= swap_at else 3 - winner
            if player[nd] == judged:
                wins[nd] += 1.0
            if first[nd] >= 0:
                judged = winner if d + 1 >= swap_at else 3 - winner
                for i in range(nchild[nd]):
                    c = first[nd] + i
                    mv = move[c]
                    if mv < n and first_play[mv] == player[c]:
                        rave_n[c] += 1
                        if judged == player[c]:
                            rave_w[c] += 1.0
    return sims


@compiled
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


@compiled
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
    where = np.empty(n, np.int32)
    first_play = np.empty(n + 1, np.int8)
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
                colours,
                parent,
                smask,
                plo,
                phi,
                info,
                empties,
                where,
                first_play,
                rng,
            )
            == 1
        ):
            black += 1
    return black
