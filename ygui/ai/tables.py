"""The engine's view of a game: a board as arrays, and a position as arrays (no numba here).

One uniform form for every game (docs/design.md): a padded neighbour table, each cell's side mask,
a table of objectives indexed by a group's side mask (side-set games and Poly-Y's corners), and
for Hexagonal Y the perimeter positions and opposite cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np

from ygui.ai import kernels as k
from ygui.core.game import Game
from ygui.core.geometry import BoardGeometry, edge_distances, graph_distances
from ygui.core.rules.win import CornerRule, PerimeterRule, SideSetRule, WinRule

TURN_KINDS = {
    "standard": k.STANDARD,
    "master": k.MASTER,
    "two-stone": k.TWO_STONE,
    "progressive": k.PROGRESSIVE,
    "tabu": k.TABU,
}


@dataclass(frozen=True, eq=False)
class BoardTables:
    nbr: np.ndarray
    deg: np.ndarray
    side_mask: np.ndarray
    ppos: np.ndarray
    opp: np.ndarray
    table: np.ndarray
    bridges: np.ndarray
    bcount: np.ndarray
    ring: np.ndarray  # the neighbours in cyclic order, then two columns (kernels.features)
    bmask: np.ndarray
    starts: np.ndarray  # flood starts, or the cells in reduction order when ``reduce``
    reduce: int  # the side of a triangular Y board whose winner is found by reduction, or 0
    common_side: int  # a side every win of a side-set rule needs, or -1
    rule_kind: int
    corners: int
    perimeter: int
    fewest: int  # no group of fewer stones wins (fewest_to_win)

    @property
    def arrays(self) -> tuple[np.ndarray, ...]:
        return (self.nbr, self.deg, self.side_mask, self.ppos, self.opp, self.table)

    @property
    def playout_arrays(self) -> tuple[np.ndarray, ...]:
        """What playouts need besides the board: bridges (as triples and as ring masks) and
        the cells a flood for the winner starts from."""
        return (self.bridges, self.bcount, self.ring, self.bmask, self.starts)

    @property
    def feature_arrays(self) -> tuple[np.ndarray, ...]:
        """What the features of a cell need besides the board (``kernels.features``)."""
        return (self.bridges, self.bcount, self.ring)


@lru_cache(maxsize=32)
def _board_tables(geometry: BoardGeometry, rule: WinRule) -> BoardTables:
    n = geometry.size
    width = max(len(nb) for nb in geometry.neighbours)
    nbr = np.full((n, width), -1, np.int32)
    deg = np.zeros(n, np.int32)
    for c, nbrs in enumerate(geometry.neighbours):
        nbr[c, : len(nbrs)] = nbrs
        deg[c] = len(nbrs)
    ppos = np.full(n, -1, np.int32)
    opp = np.full(n, -1, np.int32)
    if isinstance(rule, PerimeterRule):
        for i, c in enumerate(geometry.perimeter):
            ppos[c] = i
        for a, b in geometry.opposite.items():
            opp[a] = b
    if isinstance(rule, PerimeterRule):
        table = np.zeros(1, np.int64)
        kind = k.PERIMETER
    else:
        table = np.array(rule.table(), np.int64)
        kind = k.CORNERS if isinstance(rule, CornerRule) else k.SIDESET
    bridges, bcount = _bridges(geometry)
    ring, bmask = _rings(geometry, bridges, bcount)
    # two more columns for the features of prior knowledge (kernels.features): the edge's
    # part of the cell's pattern, and its distances from the edge and from the nearest corner
    # in one number (packed here, for every array more that the search kernel takes costs it
    # about a tenth of its speed)
    depth = np.minimum(np.array(edge_distances(geometry), np.int32), k.DEPTHS - 1)
    corner = np.full(geometry.size, k.CORNER_DISTANCES - 1, np.int32)
    if geometry.corners:
        near = np.array(graph_distances(geometry.neighbours, geometry.corners), np.int32)
        far = k.CORNER_DISTANCES - 1
        corner = np.where(near < 0, far, np.minimum(near, far))
    place = depth + (corner << (k.AT_CORNER - k.AT_DEPTH))
    ring = np.concatenate([ring, _pattern_base(geometry, ring)[:, None], place[:, None]], axis=1)
    common = _common_side(rule) if kind == k.SIDESET else -1
    rows = _reduction_rows(geometry, rule)
    if rows:
        starts = np.array([c for row in rows for c in row], np.int32)
    else:
        starts = np.array(geometry.sides[common] if common >= 0 else (), np.int32)
    return BoardTables(
        nbr=nbr,
        deg=deg,
        side_mask=np.array(geometry.side_mask, np.int64),
        ppos=ppos,
        opp=opp,
        table=table,
        bridges=bridges,
        bcount=bcount,
        ring=ring,
        bmask=bmask,
        starts=starts,
        reduce=len(rows),
        common_side=common,
        rule_kind=kind,
        corners=len(geometry.corners),
        perimeter=len(geometry.perimeter),
        fewest=fewest_to_win(geometry, rule),
    )


def fewest_to_win(geometry: BoardGeometry, rule: WinRule) -> int:
    """A number of stones below which no group wins: the search then asks no cell whether a
    stone there wins at once (``kernels.threats``), the most of its cost early in a game.

    A connected group touching sides A, B and C has at least 1 + d(c, A) + d(c, B) + d(c, C)
    stones for some cell c of it (the median of the three paths between them in a spanning
    tree: the paths are apart but at c), d the fewest steps to a side. A win of a side-set
    rule touches every side of one of its sets, so each set gives the largest such figure of
    its sides three at a time (or two, or one), and the rule the smallest of its sets'. A win
    of the corner rule (Poly-Y) holds two corners at least, so it touches three sides at
    least. Hexagonal Y's perimeter rule: 1 (no bound: its search asks nothing of the kind)."""
    if isinstance(rule, PerimeterRule) or not geometry.sides:
        return 1
    n = geometry.size
    far = 4 * n  # (a side that cannot be reached: no group touches it)
    dist = [
        [d if d >= 0 else far for d in graph_distances(geometry.neighbours, side)]
        for side in geometry.sides
    ]

    def fewest_touching(sides: tuple[int, ...]) -> int:
        return 1 + min(sum(dist[i][c] for i in sides) for c in range(n))

    def most_of(sides: list[int]) -> int:
        if len(sides) <= 3:
            return fewest_touching(tuple(sides))
        return max(fewest_touching(three) for three in combinations(sides, 3))

    count = len(geometry.sides)
    if isinstance(rule, SideSetRule):
        sets = [[i for i in range(count) if mask >> i & 1] for mask in rule.masks]
        return max(1, min(most_of(sides) for sides in sets)) if sets else 1
    if isinstance(rule, CornerRule):
        if count < 3:
            return 1
        return min(fewest_touching(three) for three in combinations(range(count), 3))
    return 1


def board_tables(game: Game) -> BoardTables:
    return _board_tables(game.geometry, game.rule)


def _bridges(g: BoardGeometry) -> tuple[np.ndarray, np.ndarray]:
    """For each cell x, the bridges it is a carrier of: (a, b, y) where a and b are not
    neighbours and share exactly the two empty-able neighbours x and y."""
    sets = [set(nb) for nb in g.neighbours]
    found: list[list[tuple[int, int, int]]] = [[] for _ in range(g.size)]
    for a in range(g.size):
        seconds = {b for x in sets[a] for b in sets[x]} - sets[a] - {a}
        for b in seconds:
            if b < a:
                continue
            common = sets[a] & sets[b]
            if len(common) == 2:
                x, y = sorted(common)
                found[x].append((a, b, y))
                found[y].append((a, b, x))
    width = max(1, max(len(f) for f in found))
    bridges = np.zeros((g.size, width, 3), np.int32)
    bcount = np.zeros(g.size, np.int32)
    for x, triples in enumerate(found):
        bcount[x] = len(triples)
        for i, t in enumerate(triples):
            bridges[x, i] = t
    return bridges, bcount


def _rings(
    g: BoardGeometry, bridges: np.ndarray, bcount: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Each cell's neighbours in their cyclic order around it (the link of the cell in the
    board's triangulation), and for each cell x a mask of three bit fields over ring
    positions i:

    - bits 0-19: ring[i] and ring[i+2] form a bridge carried by x and ring[i+1];
    - bits 20-39: x and ring[i] lie on a side that ring[i+1] is not on: a stone at ring[i+1]
      reaches that side through x or ring[i] (the edge template);
    - bits 40-59: the same with ring[i] and ring[i+1] exchanged.

    Playouts then test every bridge and edge template of a cell at once. If some cell's
    neighbours do not form a path or a cycle, or some bridge is not made of ring neighbours,
    the masks are all zero and playouts use the triples."""
    width = max(len(nb) for nb in g.neighbours)
    ring = np.full((g.size, max(width, 1)), -1, np.int32)
    bmask = np.zeros(g.size, np.int64)
    none = (ring, np.zeros(g.size, np.int64))
    if width > k.EDGE_BELOW:  # the bridge field of a mask holds a ring of up to 20
        return none
    sets = [set(nb) for nb in g.neighbours]
    sides = g.side_mask
    for x, nbrs in enumerate(g.neighbours):
        order = _link_order(nbrs, sets)
        if order is None:
            return none
        ring[x, : len(order)] = order
        deg = len(order)
        wanted = {
            (int(bridges[x, j, 0]), int(bridges[x, j, 1]), int(bridges[x, j, 2]))
            for j in range(bcount[x])
        }
        found = set()
        for i in range(deg if deg >= 3 else 0):
            a, y, b = order[i], order[(i + 1) % deg], order[(i + 2) % deg]
            triple = (min(a, b), max(a, b), y)
            if triple in wanted:
                bmask[x] |= 1 << i
                found.add(triple)
        if found != wanted:
            return none
        for i in range(deg if deg >= 3 else 0):
            p, q = order[i], order[(i + 1) % deg]
            if q not in sets[p]:
                continue
            if sides[x] & sides[p] & ~sides[q]:
                bmask[x] |= 1 << (k.EDGE_BELOW + i)  # q's stone, reply at p
            if sides[x] & sides[q] & ~sides[p]:
                bmask[x] |= 1 << (k.EDGE_ABOVE + i)  # p's stone, reply at q
    return ring, bmask


def _pattern_base(g: BoardGeometry, ring: np.ndarray) -> np.ndarray:
    """For each cell whose neighbours are those of a hexagon (six in a cycle, or fewer in a
    path along the edge), the base-4 pattern of the places around it off the board (3 each,
    after its ring of neighbours); -1 for any other cell, or for every cell of a board
    without rings."""
    base = np.full(g.size, -1, np.int32)
    sets = [set(nb) for nb in g.neighbours]
    for c, nbrs in enumerate(g.neighbours):
        d = len(nbrs)
        if d == 0 or ring[c, 0] < 0 or d > 6:
            continue
        cycle = d >= 3 and int(ring[c, d - 1]) in sets[int(ring[c, 0])]
        if cycle != (d == 6):
            continue
        base[c] = sum(3 * 4**j for j in range(d, 6))
    return base


def _reduction_rows(g: BoardGeometry, rule: WinRule) -> list[list[int]]:
    """For Y on a triangular board, its rows of cells from a corner, so that every cell and
    the two below it are mutually adjacent and the three sides are the triangle's edges;
    otherwise []."""
    if not isinstance(rule, SideSetRule) or isinstance(rule, CornerRule):
        return []
    if len(g.sides) != 3 or list(rule.masks) != [0b111] or len(g.corners) != 3:
        return []
    n = len(g.sides[0])
    if n * (n + 1) // 2 != g.size or n < 2:
        return []
    apex = next(iter(set(g.sides[0]) & set(g.sides[2])), None)
    if apex is None:
        return []
    sets = [set(nb) for nb in g.neighbours]
    # walk down the two sides that meet at the apex; each row runs between them
    left = list(g.sides[2])[::-1] if g.sides[2][-1] == apex else list(g.sides[2])
    right = list(g.sides[0]) if g.sides[0][0] == apex else list(g.sides[0])[::-1]
    if left[0] != apex or right[0] != apex:
        return []
    rows = [[apex]]
    for r in range(1, n):
        row = [left[r]]
        for i in range(1, r + 1):
            # the cell after row[i-1] is its common neighbour with the cell above, not above
            common = sets[row[-1]] & sets[rows[-1][i - 1]] - set(rows[-1])
            if len(common) != 1:
                return []
            row.append(common.pop())
        if row[-1] != right[r]:
            return []
        rows.append(row)
    for r in range(n - 1):
        for i in range(r + 1):
            a, b, c = rows[r][i], rows[r + 1][i], rows[r + 1][i + 1]
            if b not in sets[a] or c not in sets[a] or c not in sets[b]:
                return []
    if set(rows[-1]) != set(g.sides[1]):
        return []
    return rows


def _link_order(nbrs: tuple[int, ...], sets: list[set[int]]) -> list[int] | None:
    """The neighbours of a cell ordered so that consecutive ones are adjacent: a cycle, or a
    path for a cell on the edge; None if they form neither."""
    if not nbrs:
        return []
    inside = set(nbrs)
    links = {v: sets[v] & inside for v in nbrs}
    if any(len(v) > 2 for v in links.values()):
        return None
    ends = [v for v in nbrs if len(links[v]) < 2]
    start = min(ends) if ends else min(nbrs)
    order = [start]
    while len(order) < len(nbrs):
        step = [v for v in links[order[-1]] if v not in order]
        if not step:
            return None
        order.append(min(step))
    return order


def params_of(game: Game, tables: BoardTables) -> np.ndarray:
    p = np.zeros(k.PARAMS, np.int64)
    p[k.RULE] = tables.rule_kind
    p[k.NCORNERS] = tables.corners
    p[k.PERIM] = tables.perimeter
    p[k.TURNS] = TURN_KINDS[game.options.turns]
    p[k.HANDICAP] = game.options.handicap_value
    p[k.PIE] = 1 if game.options.pie_value else 0
    p[k.NCELLS] = game.geometry.size
    p[k.COMMON_SIDE] = tables.common_side
    p[k.RINGS] = 1 if tables.bmask.any() else 0
    p[k.REDUCE] = tables.reduce
    p[k.DRAWLESS] = 1 if drawless(game) else 0
    p[k.PAIRED] = 1 if pairs_whole(game) else 0
    p[k.FEWEST] = tables.fewest
    return p


def pairs_whole(game: Game) -> bool:
    """Whether the position has Hexagonal Y's edge pairs and every one of them is whole:
    both of its stones on the board or neither (always so, but in a position set up with a
    lone edge stone)."""
    if not game.places_pairs:
        return False
    opposite = game.geometry.opposite
    colours = game.colours
    return all((colours[a] == 0) == (colours[b] == 0) for a, b in opposite.items())


def drawless(game: Game) -> bool:
    """Whether every full board has exactly one winner: so for every game's own boards (the
    rules' tests check it); a board of one's own is not assumed to be so."""
    return game.geometry == game.options.board()


def _common_side(rule: WinRule) -> int:
    """A side that every winning set includes, or -1."""
    if not isinstance(rule, SideSetRule):
        return -1
    common = -1
    for mask in rule.masks:
        common = mask if common < 0 else common & mask
    return (common & -common).bit_length() - 1 if common > 0 else -1


@dataclass
class Position:
    """A position in the engine's arrays, rebuilt from a Game's set-up and moves."""

    colours: np.ndarray
    parent: np.ndarray
    smask: np.ndarray
    plo: np.ndarray
    phi: np.ndarray
    tstones: np.ndarray
    info: np.ndarray

    @property
    def arrays(self) -> tuple[np.ndarray, ...]:
        return (self.colours, self.parent, self.smask, self.plo, self.phi, self.tstones, self.info)


def position_of(game: Game, tables: BoardTables, params: np.ndarray) -> Position:
    n = game.geometry.size
    pos = Position(
        colours=np.zeros(n, np.int8),
        parent=np.arange(n, dtype=np.int32),
        smask=np.zeros(n, np.int64),
        plo=np.zeros(n, np.int64),
        phi=np.zeros(n, np.int64),
        tstones=np.zeros(n + 1, np.int32),
        info=np.zeros(k.INFO, np.int64),
    )
    info = pos.info
    info[k.TO_MOVE] = game.first_to_move
    info[k.TURN] = 1
    info[k.LAST_B] = info[k.LAST_W] = -1
    info[k.SETUP] = 1 if game.setup else 0
    for cell, colour in sorted(game.setup.items()):
        k.put_stone(
            *tables.arrays[:4],
            tables.table,
            params,
            pos.colours,
            pos.parent,
            pos.smask,
            pos.plo,
            pos.phi,
            info,
            cell,
            colour,
        )
    for colour, slot in ((1, k.OBJ_B), (2, k.OBJ_W)):
        if k.is_win(params, info[slot]):
            info[k.WINNER] = colour
    for move in game.moves:
        apply(tables, params, pos, n if move.cell is None else move.cell)
    return pos


def apply(tables: BoardTables, params: np.ndarray, pos: Position, move: int) -> None:
    k.apply_move(*tables.arrays[:5], tables.table, params, *pos.arrays[:6], pos.info, move)
