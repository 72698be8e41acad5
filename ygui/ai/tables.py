"""The engine's view of a game: a board as arrays, and a position as arrays (no numba here).

One uniform form for every game (DESIGN.md): a padded neighbour table, each cell's side mask,
a table of objectives indexed by a group's side mask (side-set games and Poly-Y's corners), and
for Hexagonal Y the perimeter positions and opposite cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ygui.ai import kernels as k
from ygui.core.game import Game
from ygui.core.geometry import BoardGeometry
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
    rule_kind: int
    corners: int
    perimeter: int

    @property
    def arrays(self) -> tuple[np.ndarray, ...]:
        return (self.nbr, self.deg, self.side_mask, self.ppos, self.opp, self.table)


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
    return BoardTables(
        nbr=nbr,
        deg=deg,
        side_mask=np.array(geometry.side_mask, np.int64),
        ppos=ppos,
        opp=opp,
        table=table,
        bridges=bridges,
        bcount=bcount,
        rule_kind=kind,
        corners=len(geometry.corners),
        perimeter=len(geometry.perimeter),
    )


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


def params_of(game: Game, tables: BoardTables) -> np.ndarray:
    p = np.zeros(k.PARAMS, np.int64)
    p[k.RULE] = tables.rule_kind
    p[k.NCORNERS] = tables.corners
    p[k.PERIM] = tables.perimeter
    p[k.TURNS] = TURN_KINDS[game.options.turns]
    p[k.HANDICAP] = game.options.handicap_value
    p[k.PIE] = 1 if game.options.pie_value else 0
    p[k.NCELLS] = game.geometry.size
    p[k.COMMON_SIDE] = _common_side(game.rule) if tables.rule_kind == k.SIDESET else -1
    return p


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
