"""Drawing data derived from a geometry (no Qt): stone sizes and the outer edges of each side.

The scene and the image renderer both draw from these, so what is drawn is what the rules use.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ygui.core.geometry import BoardGeometry, Point

Segment = tuple[Point, Point]
Bounds = tuple[float, float, float, float]


def _point_segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def _segments(outline: Sequence[Point]) -> list[Segment]:
    return [(outline[i], outline[(i + 1) % len(outline)]) for i in range(len(outline))]


@lru_cache(maxsize=32)
def stone_radii(g: BoardGeometry) -> tuple[float, ...]:
    """A radius for a stone on each cell: inside its outline, or clear of its neighbours."""
    if g.outlines is not None:
        inner = [
            min(_point_segment_distance(centre, a, b) for a, b in _segments(outline))
            for centre, outline in zip(g.centres, g.outlines, strict=True)
        ]
        typical = sorted(inner)[len(inner) // 2]  # big cells of a mudcrack board: no boulders
        return tuple(0.86 * min(r, 1.1 * typical) for r in inner)
    gaps = [
        min(math.dist(c, g.centres[n]) for n in g.neighbours[i]) for i, c in enumerate(g.centres)
    ]
    small = sorted(gaps)[len(gaps) // 10]  # one size for every stone, that fits nearly all
    return tuple(0.46 * min(gap, small) for gap in gaps)


@lru_cache(maxsize=32)
def side_paths(g: BoardGeometry) -> tuple[tuple[Segment, ...], ...]:
    """For each side, the segments of the board's outer edge that belong to it.

    Cell boards: the outline edges of perimeter cells that no neighbour shares (a corner
    cell's edges go to the side whose neighbouring perimeter cell is nearer). Point boards: the
    lines between consecutive points of the side."""
    if g.outlines is None:
        return tuple(
            tuple((g.centres[a], g.centres[b]) for a, b in zip(side, side[1:], strict=False))
            for side in g.sides
        )
    result: list[list[Segment]] = [[] for _ in g.sides]
    perimeter = g.perimeter
    for i, cell in enumerate(perimeter):
        prev, nxt = perimeter[i - 1], perimeter[(i + 1) % len(perimeter)]
        for seg in _outer_segments(g, cell):
            side = _side_for(g, cell, seg, prev, nxt)
            result[side].append(seg)
    return tuple(tuple(_chain(segs)) for segs in result)


def _outer_segments(g: BoardGeometry, cell: int) -> list[Segment]:
    assert g.outlines is not None
    out = []
    for a, b in _segments(g.outlines[cell]):
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        shared = any(
            _point_segment_distance(mid, c, d) < 1e-4
            for n in g.neighbours[cell]
            for c, d in _segments(g.outlines[n])
        )
        if not shared:
            out.append((a, b))
    return out


def _side_for(g: BoardGeometry, cell: int, seg: Segment, prev: int, nxt: int) -> int:
    mask = g.side_mask[cell]
    sides = [i for i in range(len(g.sides)) if mask >> i & 1]
    if len(sides) == 1:
        return sides[0]
    # A corner: the side it ends (shared with prev) or the side it begins (shared with next).
    mid = ((seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2)
    ends = next(i for i in sides if g.sides[i][-1] == cell)
    begins = next(i for i in sides if g.sides[i][0] == cell)
    if math.dist(mid, g.centres[prev]) <= math.dist(mid, g.centres[nxt]):
        return ends
    return begins


def _chain(segments: list[Segment]) -> list[Segment]:
    """Order segments so that consecutive ones meet, where they can (for smooth joins)."""
    if not segments:
        return []
    remaining = list(segments)
    chain = [remaining.pop(0)]
    while remaining:
        end = chain[-1][1]
        best = min(range(len(remaining)), key=lambda i: math.dist(end, remaining[i][0]))
        chain.append(remaining.pop(best))
    return chain


def bounds(g: BoardGeometry) -> Bounds:
    """(min x, min y, max x, max y) of everything drawn."""
    points = [p for outline in (g.outlines or ()) for p in outline] or list(g.centres)
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


@dataclass(frozen=True)
class Orientation:
    """How a board is turned on the screen: ``turns`` steps of the board's rotation (a
    third of a turn for a three-sided board, a fifth for Poly-Y's pentagon, a sixth for a
    hexagon) after a left-right mirror when ``mirror``. It changes the picture only: cells keep
    their names and the rules their sides."""

    turns: int = 0
    mirror: bool = False

    def normal(self, g: BoardGeometry) -> Orientation:
        """The same orientation with ``turns`` in 0 .. steps - 1."""
        return Orientation(self.turns % rotation_steps(g), self.mirror)

    def rotated(self, g: BoardGeometry, by: int = 1) -> Orientation:
        return Orientation((self.turns + by) % rotation_steps(g), self.mirror)

    def mirrored(self, g: BoardGeometry) -> Orientation:
        """The picture as it is now, flipped left to right on the screen. (Mirrored first and
        then turned as before, a turned board flipped about its own axis: with a1 at the top,
        the mirror put h1 there, tester 83.) A flip after a turn is the turn the other way
        after a flip."""
        return Orientation(-self.turns % rotation_steps(g), not self.mirror)

    @property
    def plain(self) -> bool:
        return self.turns == 0 and not self.mirror


def rotation_steps(g: BoardGeometry) -> int:
    """The steps of a full turn: one a side of the board's outline (at least 2)."""
    return max(2, len(g.side_names))


def orienter(g: BoardGeometry, orientation: Orientation) -> Callable[[Point], Point]:
    """A board point's place when the board is drawn in ``orientation``: mirrored about the
    vertical through the board's middle, then turned about the middle (the mean of the cells'
    centres: on a regular board, the centre of its symmetry, so that a step of rotation lays the
    board onto itself)."""
    if orientation.normal(g).plain:
        return lambda p: p
    cx, cy = board_middle(g)
    angle = 2 * math.pi * orientation.turns / rotation_steps(g)
    cos, sin = math.cos(angle), math.sin(angle)
    sign = -1.0 if orientation.mirror else 1.0

    def place(p: Point) -> Point:
        x, y = sign * (p[0] - cx), p[1] - cy
        return (cx + x * cos - y * sin, cy + x * sin + y * cos)

    return place


def board_middle(g: BoardGeometry) -> Point:
    return (sum(x for x, _ in g.centres) / g.size, sum(y for _, y in g.centres) / g.size)


def from_middle(g: BoardGeometry, cell: int) -> float:
    """How far ``cell`` lies from the board's middle (squared)."""
    mx, my = board_middle(g)
    x, y = g.centres[cell]
    return (x - mx) ** 2 + (y - my) ** 2


def oriented_bounds(g: BoardGeometry, place: Callable[[Point], Point]) -> Bounds:
    """``bounds`` of the board drawn through ``place``."""
    points = [place(p) for outline in (g.outlines or ()) for p in outline] or [
        place(p) for p in g.centres
    ]
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)
