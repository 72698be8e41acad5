"""The solver's compiled kernels: depth-first proof-number search (df-pn) over the engine's
rules kernels (``ygui.ai.kernels``), with a transposition table of fixed size.

A node is a position in the kernels' arrays; its children are its legal placements (the pie
rule's swap is left out: it changes who holds which colour, not the position, so a position's
value in colours is the same with or without it; ``ygui.ai.solver`` adds it back for players).
The search proves or disproves that the *attacker* (a colour, ``ctl[ATTACKER]``) wins: a node
is an OR node when the attacker is to place a stone, else an AND node. Proof and disproof
numbers follow Nagai's df-pn with Pawlewicz and Lew's 1 + epsilon thresholds.

Pruning, each sound for every game and turn structure where it is used:

- a side whose every empty cell, filled with its colour, still would not win, cannot win (a
  stone never hurts its owner: a player's objectives only grow); when the other side cannot
  win either the position is a draw (only a board of one's own could have one);
- a side to move that can win with one placement wins;
- the last placement of a turn (no tabu, no Hexagonal Y): if the opponent could win with one
  placement at two or more cells, the side to move loses; at exactly one, it must play there.

Children are tried in the order of the engine's learned prior knowledge (``kernels.features``
and the weights of ``ygui.ai.priors``), strongest first.

The position at depth ``d`` of the search is row ``d`` of the stack arrays. Everything here is
compiled like the engine's kernels, without the GIL; ``ctl[STOP]`` set by another thread stops
the search at its next node.
"""

from __future__ import annotations

import numpy as np

from ygui.ai import kernels as k
from ygui.ai.kernels import allocating, compiled

INF = np.int64(1) << 40
# ctl fields
NODES, BUDGET, STOP, DRAW, ATTACKER, DRAWLESS, ROOT_PN, ROOT_DN, ROOT_MOVE, MAX_DEPTH = range(10)
CTL = 10
# the Zobrist table of the scalar state: offsets into ``zs``
Z_MOVER = 0  # 3 entries, by colour
Z_ATTACKER = 3  # 3 entries
Z_PLACED = 6  # placements made in this turn, up to ZMAX
ZMAX = 128
Z_TURN = Z_PLACED + ZMAX  # the turn number (or 1 / 2 where only the first turn differs)
Z_TSTONE = Z_TURN + ZMAX  # the stones of this turn, one entry per cell (ZMAX cells at most)
Z_LAST = Z_TSTONE + ZMAX  # the opponent's last stone (tabu), one per cell
ZS = Z_LAST + ZMAX
WAYS = 4  # slots of a bucket of the transposition table


@compiled
def position_key(colours, info, tstones, params, zcell, zs, attacker: int) -> np.uint64:
    """The Zobrist key of a position: the stones and the scalar state that decides what can
    follow (whose turn, the placements of the turn, and where the turn structure needs them,
    the turn number, the stones of the turn and the opponent's last stone)."""
    n = params[k.NCELLS]
    key = np.uint64(0)
    for c in range(n):
        if colours[c] != 0:
            key ^= zcell[c, colours[c]]
    me = info[k.TO_MOVE]
    key ^= zs[Z_MOVER + me]
    key ^= zs[Z_ATTACKER + attacker]
    key ^= zs[Z_PLACED + min(info[k.PLACED], ZMAX - 1)]
    kind = params[k.TURNS]
    turn = info[k.TURN]
    if kind == k.PROGRESSIVE:
        key ^= zs[Z_TURN + min(turn, ZMAX - 1)]
    elif kind == k.MASTER or kind == k.TWO_STONE or params[k.HANDICAP] >= 2:
        key ^= zs[Z_TURN + min(turn, 2)]
    if kind == k.TWO_STONE or kind == k.PROGRESSIVE:
        for t in range(info[k.NTSTONES]):
            key ^= zs[Z_TSTONE + tstones[t]]
    if kind == k.TABU:
        last = info[k.LAST_W] if me == 1 else info[k.LAST_B]
        if last >= 0:
            key ^= zs[Z_LAST + last]
    if info[k.SETUP] != 0 and turn == 1:
        key ^= zs[Z_TURN + ZMAX - 1]  # a set-up position's first turn has no handicap
    return key | np.uint64(1)  # 0 marks an empty slot


@compiled
def can_win(nbr, deg, side_mask, ppos, table, params, colours, colour: int, seen, stack) -> bool:
    """Whether ``colour`` would win with every empty cell filled with its stones."""
    n = params[k.NCELLS]
    for c in range(n):
        seen[c] = 0
    obj = np.int64(0)
    for s in range(n):
        if seen[s] or (colours[s] != colour and colours[s] != 0):
            continue
        seen[s] = 1
        stack[0] = s
        top = 1
        mask = np.int64(0)
        lo = np.int64(0)
        hi = np.int64(0)
        while top > 0:
            top -= 1
            c = stack[top]
            mask |= side_mask[c]
            pos = ppos[c]
            if pos >= 0:
                if pos < 64:
                    lo |= np.int64(1) << pos
                else:
                    hi |= np.int64(1) << (pos - 64)
            for j in range(deg[c]):
                nb = nbr[c, j]
                if not seen[nb] and (colours[nb] == colour or colours[nb] == 0):
                    seen[nb] = 1
                    stack[top] = nb
                    top += 1
        obj |= k.objectives(params, table, mask, lo, hi)
        if k.is_win(params, obj):
            return True
    return k.is_win(params, obj)


@compiled
def threats(nbr, deg, side_mask, table, params, colours, parent, smask, info, colour, out) -> int:
    """The empty cells where one placement of ``colour`` would win now (side-set and corner
    rules: a stone's group is its neighbours' groups of its colour and itself)."""
    n = params[k.NCELLS]
    have = info[k.OBJ_B] if colour == 1 else info[k.OBJ_W]
    count = 0
    for c in range(n):
        if colours[c] != 0:
            continue
        mask = side_mask[c]
        for j in range(deg[c]):
            nb = nbr[c, j]
            if colours[nb] == colour:
                mask |= smask[k.find(parent, nb)]
        if k.is_win(params, have | table[mask]):
            out[count] = c
            count += 1
    return count


@compiled
def tt_find(tkey, key) -> int:
    slots = tkey.shape[0]
    b = np.int64(key % np.uint64(slots // WAYS)) * WAYS
    for i in range(b, b + WAYS):
        if tkey[i] == key:
            return i
    return -1


@compiled
def tt_store(tkey, tpn, tdn, tmove, twork, key, pn, dn, move, work) -> None:
    """Keep a node's numbers: in its own slot, else in its bucket's empty slot or the slot
    that cost least to find (a proof or disproof counts as more work than any search)."""
    slots = tkey.shape[0]
    b = np.int64(key % np.uint64(slots // WAYS)) * WAYS
    victim = b
    least = INF * 4
    for i in range(b, b + WAYS):
        if tkey[i] == key:
            victim = i
            break
        worth = twork[i] if tkey[i] != 0 else -1
        if worth < least:
            least = worth
            victim = i
    tkey[victim] = key
    tpn[victim] = pn
    tdn[victim] = dn
    tmove[victim] = move
    solved = pn == 0 or dn == 0
    twork[victim] = work + (INF if solved else 0)


@compiled
def copy_row(d, colours, parent, smask, plo, phi, tstones, info) -> None:
    """Row ``d + 1`` of the stack := row ``d``."""
    for c in range(colours.shape[1]):
        colours[d + 1, c] = colours[d, c]
        parent[d + 1, c] = parent[d, c]
        smask[d + 1, c] = smask[d, c]
        plo[d + 1, c] = plo[d, c]
        phi[d + 1, c] = phi[d, c]
    for t in range(info[d, k.NTSTONES]):
        tstones[d + 1, t] = tstones[d, t]
    for i in range(info.shape[1]):
        info[d + 1, i] = info[d, i]


@compiled
def expand(
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
    weights,
    colours,
    parent,
    smask,
    plo,
    phi,
    tstones,
    info,
    cmove,
    ckey,
    cpn,
    cdn,
    cstr,
    seen,
    stack,
    vc,
    allowed,
    feat,
    packed,
    zcell,
    zs,
    tkey,
    tpn,
    tdn,
    tmove,
    twork,
    ctl,
    d: int,
    key: np.uint64,
    out,
) -> int:
    """Enter the node at depth ``d`` (key ``key``): if what is known before any search
    settles it, its numbers go to ``out[d]`` (proof, disproof) and to the table, and the
    answer is -1; else its children (moves, keys, numbers) are set out in row ``d`` of
    ``cmove``, ``ckey``, ``cpn`` and ``cdn``, and the answer is how many."""
    n = params[k.NCELLS]
    att = ctl[ATTACKER]
    me = info[d, k.TO_MOVE]
    orn = me == att
    # ----- what is known before any move ----------------------------------------------------
    winner = info[d, k.WINNER]
    pn = np.int64(1)
    dn = np.int64(1)
    decided = False
    best = -1
    if winner != 0:
        decided = True
        pn, dn = (np.int64(0), INF) if winner == att else (INF, np.int64(0))
    else:
        a_can = can_win(nbr, deg, side_mask, ppos, table, params, colours[d], att, seen, stack)
        o_can = can_win(nbr, deg, side_mask, ppos, table, params, colours[d], 3 - att, seen, stack)
        if not a_can:
            decided = True
            pn, dn = INF, np.int64(0)
            if not o_can:
                ctl[DRAW] = 1
        elif not o_can and ctl[DRAWLESS] != 0:
            decided = True
            pn, dn = np.int64(0), INF
        elif (
            ctl[DRAWLESS] != 0
            and params[k.TURNS] == k.STANDARD
            and params[k.RULE] != k.PERIMETER
            and k.stones_in_turn(params, info[d], info[d, k.TURN]) == 1
        ):
            for side in (att, 3 - att):
                links = k.virtual_win(
                    nbr,
                    deg,
                    side_mask,
                    table,
                    params,
                    colours[d],
                    parent[d],
                    smask[d],
                    info[d],
                    side,
                    vc,
                )
                if links > 0:
                    decided = True
                    pn, dn = (np.int64(0), INF) if side == att else (INF, np.int64(0))
                    break
    if decided:
        out[d, 0] = pn
        out[d, 1] = dn
        tt_store(tkey, tpn, tdn, tmove, twork, key, pn, dn, best, 1)
        return -1
    # ----- the children ---------------------------------------------------------------------
    m = 0
    for c in range(n):
        if k.is_legal(
            nbr, deg, colours[d], parent[d], tstones[d], info[d], params, c
        ) and not k.paired_twin(ppos, params, c):
            cmove[d, m] = c
            m += 1
    if m == 0:  # a full board without a winner: a draw
        ctl[DRAW] = 1
        out[d, 0] = INF
        out[d, 1] = 0
        tt_store(tkey, tpn, tdn, tmove, twork, key, INF, np.int64(0), -1, 1)
        return -1
    # each child's key, and a win at once
    for i in range(m):
        copy_row(d, colours, parent, smask, plo, phi, tstones, info)
        k.apply_move(
            nbr,
            deg,
            side_mask,
            ppos,
            opp,
            table,
            params,
            colours[d + 1],
            parent[d + 1],
            smask[d + 1],
            plo[d + 1],
            phi[d + 1],
            tstones[d + 1],
            info[d + 1],
            cmove[d, i],
        )
        if info[d + 1, k.WINNER] != 0:  # (only the mover can win by a placement)
            best = cmove[d, i]
            pn, dn = (np.int64(0), INF) if orn else (INF, np.int64(0))
            out[d, 0] = pn
            out[d, 1] = dn
            tt_store(tkey, tpn, tdn, tmove, twork, key, pn, dn, best, 1)
            return -1
        ckey[d, i] = position_key(
            colours[d + 1], info[d + 1], tstones[d + 1], params, zcell, zs, att
        )
    # one stone a turn: the mover must stop every virtual win the opponent could make with
    # one stone (the win of that stone, or the stone and the links it would win with)
    virtual = (
        ctl[DRAWLESS] != 0
        and params[k.TURNS] == k.STANDARD
        and params[k.RULE] != k.PERIMETER
        and k.stones_in_turn(params, info[d], info[d, k.TURN]) == 1
    )
    if virtual:
        for c in range(n):
            allowed[c] = 1
        them = 3 - me
        for c in range(n):
            if colours[d, c] != 0:
                continue
            links = k.links_after(
                nbr,
                deg,
                side_mask,
                ppos,
                table,
                params,
                colours[d],
                parent[d],
                smask[d],
                plo[d],
                phi[d],
                info[d],
                c,
                them,
                vc,
                colours[d + 1],
                parent[d + 1],
                smask[d + 1],
                info[d + 1],
            )
            if links > 0:
                for x in range(n):
                    if x != c and not k.vc_carries(vc, n, x):
                        allowed[x] = 0
        keep = 0
        for i in range(m):
            if allowed[cmove[d, i]]:
                cmove[d, keep] = cmove[d, i]
                ckey[d, keep] = ckey[d, i]
                keep += 1
        if keep == 0:  # every move lets the opponent win
            pn, dn = (INF, np.int64(0)) if orn else (np.int64(0), INF)
            out[d, 0] = pn
            out[d, 1] = dn
            tt_store(tkey, tpn, tdn, tmove, twork, key, pn, dn, -1, 1)
            return -1
        m = keep
    # the last placement of a turn must stop an opponent's win in one
    if (
        not virtual
        and params[k.TURNS] != k.TABU
        and params[k.RULE] != k.PERIMETER
        and info[d, k.PLACED] + 1 == k.stones_in_turn(params, info[d], info[d, k.TURN])
    ):
        count = threats(
            nbr,
            deg,
            side_mask,
            table,
            params,
            colours[d],
            parent[d],
            smask[d],
            info[d],
            3 - me,
            stack,
        )
        if count >= 1:
            keep = 0
            if count == 1:
                for i in range(m):
                    if cmove[d, i] == stack[0]:
                        cmove[d, 0] = cmove[d, i]
                        ckey[d, 0] = ckey[d, i]
                        keep = 1
                        break
            if keep == 0:  # two threats, or one the mover may not block
                pn, dn = (INF, np.int64(0)) if orn else (np.int64(0), INF)
                out[d, 0] = pn
                out[d, 1] = dn
                tt_store(tkey, tpn, tdn, tmove, twork, key, pn, dn, -1, 1)
                return -1
            m = 1
    # order by the engine's prior knowledge, strongest first
    k.features(nbr, deg, bridges, bcount, ring, colours[d], info[d], feat, packed)
    for i in range(m):
        f = packed[cmove[d, i]]
        cstr[d, i] = (
            weights[f & ((1 << k.AT_SHAPE) - 1)]
            + weights[k.W_SHAPE + ((f >> k.AT_SHAPE) & 3)]
            + weights[k.W_NEAR + ((f >> k.AT_NEAR) & 3)]
            + weights[k.W_DEPTH + ((f >> k.AT_DEPTH) & k.DEPTH_BITS)]
            + weights[k.W_CORNER + (f >> k.AT_CORNER)]
        )
    for i in range(1, m):
        j = i
        while j > 0 and cstr[d, j] > cstr[d, j - 1]:
            cstr[d, j], cstr[d, j - 1] = cstr[d, j - 1], cstr[d, j]
            cmove[d, j], cmove[d, j - 1] = cmove[d, j - 1], cmove[d, j]
            ckey[d, j], ckey[d, j - 1] = ckey[d, j - 1], ckey[d, j]
            j -= 1
    # each child's numbers: the table's, or 1 and 1
    for i in range(m):
        slot = tt_find(tkey, ckey[d, i])
        if slot >= 0:
            cpn[d, i] = tpn[slot]
            cdn[d, i] = tdn[slot]
        else:
            cpn[d, i] = 1
            cdn[d, i] = 1
    return m


@allocating
def solve(
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
    weights,
    r_colours,
    r_parent,
    r_smask,
    r_plo,
    r_phi,
    r_tstones,
    r_info,
    zcell,
    zs,
    tkey,
    tpn,
    tdn,
    tmove,
    twork,
    ctl,
) -> None:
    """Search the root position until it is proved or disproved for ``ctl[ATTACKER]``, the
    node budget ``ctl[BUDGET]`` (counted in ``ctl[NODES]``) is spent, or ``ctl[STOP]`` is
    set; the root's numbers and move go to ``ctl[ROOT_PN]``, ``ctl[ROOT_DN]``, ``ctl[ROOT_MOVE]``
    (the move that proves or disproves it, else -1)."""
    n = params[k.NCELLS]
    depth = n + 2
    colours = np.empty((depth, n), r_colours.dtype)
    parent = np.empty((depth, n), r_parent.dtype)
    smask = np.empty((depth, n), r_smask.dtype)
    plo = np.empty((depth, n), r_plo.dtype)
    phi = np.empty((depth, n), r_phi.dtype)
    tstones = np.empty((depth, r_tstones.shape[0]), r_tstones.dtype)
    info = np.empty((depth, r_info.shape[0]), r_info.dtype)
    colours[0] = r_colours
    parent[0] = r_parent
    smask[0] = r_smask
    plo[0] = r_plo
    phi[0] = r_phi
    tstones[0] = r_tstones
    info[0] = r_info
    cmove = np.empty((depth, n), np.int32)
    ckey = np.empty((depth, n), np.uint64)
    cpn = np.empty((depth, n), np.int64)
    cdn = np.empty((depth, n), np.int64)
    cstr = np.empty((depth, n), np.float64)
    seen = np.empty(n, np.int8)
    stack = np.empty(n + 1, np.int32)
    vc = k.vc_scratch(n)
    allowed = np.empty(n, np.int8)
    feat = np.empty(n, np.int8)
    packed = np.empty(n + 8, np.int64)
    out = np.zeros((depth + 1, 2), np.int64)
    att = ctl[ATTACKER]
    mcount = np.zeros(depth, np.int64)
    keys = np.zeros(depth, np.uint64)
    thp = np.zeros(depth, np.int64)
    thd = np.zeros(depth, np.int64)
    sel = np.zeros(depth, np.int64)
    start = np.zeros(depth, np.int64)
    keys[0] = position_key(colours[0], info[0], tstones[0], params, zcell, zs, att)
    while True:
        thp[0] = INF
        thd[0] = INF
        search(
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
            weights,
            colours,
            parent,
            smask,
            plo,
            phi,
            tstones,
            info,
            cmove,
            ckey,
            cpn,
            cdn,
            cstr,
            seen,
            stack,
            vc,
            allowed,
            feat,
            packed,
            zcell,
            zs,
            tkey,
            tpn,
            tdn,
            tmove,
            twork,
            ctl,
            out,
            mcount,
            keys,
            thp,
            thd,
            sel,
            start,
        )
        if out[0, 0] == 0 or out[0, 1] == 0:
            break
        if ctl[STOP] != 0 or ctl[NODES] >= ctl[BUDGET]:
            break
    ctl[ROOT_PN] = out[0, 0]
    ctl[ROOT_DN] = out[0, 1]
    slot = tt_find(tkey, keys[0])
    ctl[ROOT_MOVE] = tmove[slot] if slot >= 0 and (out[0, 0] == 0 or out[0, 1] == 0) else -1


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
    ring,
    weights,
    colours,
    parent,
    smask,
    plo,
    phi,
    tstones,
    info,
    cmove,
    ckey,
    cpn,
    cdn,
    cstr,
    seen,
    stack,
    vc,
    allowed,
    feat,
    packed,
    zcell,
    zs,
    tkey,
    tpn,
    tdn,
    tmove,
    twork,
    ctl,
    out,
    mcount,
    keys,
    thp,
    thd,
    sel,
    start,
) -> None:
    """Df-pn from the root (row 0, key ``keys[0]``, thresholds ``thp[0]``, ``thd[0]``),
    depth first without recursion: row ``d`` of the arrays is the node at depth ``d``
    (its key, thresholds, children, the child being searched and the node count at entry)."""
    att = ctl[ATTACKER]
    d = 0
    entering = True
    while True:
        if entering:
            ctl[NODES] += 1
            if d > ctl[MAX_DEPTH]:
                ctl[MAX_DEPTH] = d
            start[d] = ctl[NODES]
            m = expand(
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
                weights,
                colours,
                parent,
                smask,
                plo,
                phi,
                tstones,
                info,
                cmove,
                ckey,
                cpn,
                cdn,
                cstr,
                seen,
                stack,
                vc,
                allowed,
                feat,
                packed,
                zcell,
                zs,
                tkey,
                tpn,
                tdn,
                tmove,
                twork,
                ctl,
                d,
                keys[d],
                out,
            )
            if m < 0:  # settled on entry: back to the parent
                if d == 0:
                    return
                d -= 1
                cpn[d, sel[d]] = out[d + 1, 0]
                cdn[d, sel[d]] = out[d + 1, 1]
                entering = False
                continue
            mcount[d] = m
        m = mcount[d]
        orn = info[d, k.TO_MOVE] == att
        # the node's numbers from its children's, and the child to search
        best = -1
        first = INF + 1
        second = INF + 1
        total = np.int64(0)
        for i in range(m):
            p = cpn[d, i] if orn else cdn[d, i]  # what the mover wants to bring to 0
            q = cdn[d, i] if orn else cpn[d, i]
            total = min(total + q, INF)
            if p < first:
                second = first
                first = p
                best = i
            elif p < second:
                second = p
        if orn:
            pn, dn = first, total
        else:
            pn, dn = total, first
        solved = pn == 0 or dn == 0
        if solved or pn >= thp[d] or dn >= thd[d] or ctl[STOP] != 0 or ctl[NODES] >= ctl[BUDGET]:
            move = -1
            if solved and (pn == 0) == orn:  # the mover's winning child
                move = cmove[d, best]
            out[d, 0] = pn
            out[d, 1] = dn
            tt_store(tkey, tpn, tdn, tmove, twork, keys[d], pn, dn, move, ctl[NODES] - start[d] + 1)
            if d == 0:
                return
            d -= 1
            cpn[d, sel[d]] = out[d + 1, 0]
            cdn[d, sel[d]] = out[d + 1, 1]
            entering = False
            continue
        # the child's thresholds (1 + epsilon trick, epsilon 1/4)
        second = min(second, INF)
        bound = second + second // 4 + 1
        if orn:
            c_thpn = min(thp[d], bound)
            c_thdn = min(thd[d] - dn + cdn[d, best], INF)
        else:
            c_thdn = min(thd[d], bound)
            c_thpn = min(thp[d] - pn + cpn[d, best], INF)
        copy_row(d, colours, parent, smask, plo, phi, tstones, info)
        k.apply_move(
            nbr,
            deg,
            side_mask,
            ppos,
            opp,
            table,
            params,
            colours[d + 1],
            parent[d + 1],
            smask[d + 1],
            plo[d + 1],
            phi[d + 1],
            tstones[d + 1],
            info[d + 1],
            cmove[d, best],
        )
        sel[d] = best
        keys[d + 1] = ckey[d, best]
        thp[d + 1] = c_thpn
        thd[d + 1] = c_thdn
        d += 1
        entering = True
