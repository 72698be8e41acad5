"""Poly-Y boards (docs/rules.md, Poly-Y): a centre cell of degree k and rings of k*j cells.

Cell (j, s, i): ring j, side s, index 0 <= i < j; index j means (j, s+1, 0); ring 0 is the
centre. Board side s is ring m-1 from corner (m-1, s, 0) to the next corner. Labels are the
CodeCup numbers: by graph distance from the top corner, then left to right as drawn on the
rings' polygons.

Three corners are drawn on rounder rings: ring j of a three-cornered board has 3j cells, half
a flat lattice's, so on nested triangles the cells near the middle of a side were three times
as wide as deep (the side's middle is half as far from the centre as its corners). Drawn a
little nearer the triangle than a circle, the cells come out near even and the sides bow
outward; the centre cell is drawn wider, and each cell's stone sits at the middle of its
outline.
"""

from __future__ import annotations

import math

from shapely.geometry import Polygon

from ygui.core.boards.dual import dual_outlines
from ygui.core.geometry import BoardError, BoardGeometry, Point, graph_distances

CORNER_COUNTS = (3, 5, 7, 9)
SIZES = range(4, 13)
DEFAULT_CORNERS = 5
DEFAULT_SIZE = 7
Key = tuple[int, int, int]


def polyy_board(corners: int = DEFAULT_CORNERS, size: int = DEFAULT_SIZE) -> BoardGeometry:
    if corners not in CORNER_COUNTS:
        raise BoardError(f"a Poly-Y board has 3, 5, 7 or 9 corners (an odd number), not {corners}")
    if size not in SIZES:
        raise BoardError(f"a Poly-Y board has 4 to 12 cells a side, not {size}")
    k, m = corners, size
    keys = [(0, 0, 0)] + [(j, s, i) for j in range(1, m) for s in range(k) for i in range(j)]
    index = {key: n for n, key in enumerate(keys)}

    def canon(j: int, s: int, i: int) -> int:
        if j == 0:
            return 0
        if i == j:
            s, i = s + 1, 0
        return index[(j, s % k, i)]

    edges: set[tuple[int, int]] = set()
    for j, s, i in keys[1:]:
        a = index[(j, s, i)]
        others = [canon(j, s, i + 1), canon(j - 1, s, i)]
        if i > 0:
            others.append(canon(j - 1, s, i - 1))
        edges.update((min(a, b), max(a, b)) for b in others)
    neighbours: list[list[int]] = [[] for _ in keys]
    for a, b in sorted(edges):
        neighbours[a].append(b)
        neighbours[b].append(a)
    raw_centres = [_position(key, k) for key in keys]
    drawn = [_drawn_position(key, k) for key in keys]
    sides = [[canon(m - 1, s, i) for i in range(m)] for s in range(k)]
    # CodeCup numbering: distance from the top corner, then left to right.
    top = sides[0][0]
    dist = graph_distances(neighbours, top)
    order = sorted(range(len(keys)), key=lambda c: (dist[c], round(raw_centres[c][0], 9)))
    new = {old: n for n, old in enumerate(order)}
    nbrs = tuple(tuple(sorted(new[b] for b in neighbours[old])) for old in order)
    side_cells = tuple(tuple(new[c] for c in side) for side in sides)
    perimeter = tuple(c for side in side_cells for c in side[:-1])
    centres = tuple(drawn[old] for old in order)
    outlines = dual_outlines(centres, nbrs, perimeter)
    if k == 3:
        outlines = _widen_centre(outlines, new[0])
        middles = (Polygon(outline).centroid for outline in outlines)
        centres = tuple((p.x, p.y) for p in middles)  # the stones' places
    return BoardGeometry(
        name=f"polyy-{k}-{m}",
        style="cells",
        labels=tuple(str(n + 1) for n in range(len(order))),
        centres=centres,
        neighbours=nbrs,
        side_names=tuple(f"side{s + 1}" for s in range(k)),
        sides=side_cells,
        corners=tuple(side[0] for side in side_cells),
        perimeter=perimeter,
        outlines=outlines,
        meta={"shape": "polyy", "corners": k, "size": m},
    ).validate()


def _position(key: Key, k: int) -> Point:
    j, s, i = key
    if j == 0:
        return (0.0, 0.0)
    a = _corner(j, s, k)
    b = _corner(j, s + 1, k)
    t = i / j
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


# three corners: the share of the rings' triangles in the drawing (the rest, circles), the
# circles' radius a ring, and how much farther out the first rings go (the centre cell, of three
# neighbours, is drawn small otherwise)
ROUNDING = 0.6
CIRCLE = 0.8
INNER_PUSH = 0.2
CENTRE_GROWTH = 2.0  # the centre cell's corners, this many times as far from its middle


def _widen_centre(
    outlines: tuple[tuple[Point, ...], ...], centre: int
) -> tuple[tuple[Point, ...], ...]:
    """Three corners: the centre cell, of three neighbours, has for corners the middles of the
    three triangles round it, a third of the way to its neighbours: a cell a sixth as wide as
    the others. Its corners go ``CENTRE_GROWTH`` times as far out; its neighbours give way."""
    corners = outlines[centre]
    mx = sum(x for x, _ in corners) / len(corners)
    my = sum(y for _, y in corners) / len(corners)
    moved = {
        p: (mx + (p[0] - mx) * CENTRE_GROWTH, my + (p[1] - my) * CENTRE_GROWTH) for p in corners
    }
    return tuple(tuple(moved.get(p, p) for p in outline) for outline in outlines)


def _drawn_position(key: Key, k: int) -> Point:
    """Where a cell is drawn: on its ring's polygon, or for three corners between the
    triangle and a circle (see the module's note)."""
    j, s, i = key
    if k != 3 or j == 0:
        return _position(key, k)
    t = i / j
    ring = j + INNER_PUSH / j
    a, b = _corner(ring, s, k), _corner(ring, s + 1, k)
    angle = math.radians(90 - 360 * (s + t) / k)
    on_circle = (CIRCLE * ring * math.cos(angle), -CIRCLE * ring * math.sin(angle))
    on_polygon = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    return (
        on_circle[0] + (on_polygon[0] - on_circle[0]) * ROUNDING,
        on_circle[1] + (on_polygon[1] - on_circle[1]) * ROUNDING,
    )


def _corner(j: float, s: int, k: int) -> Point:
    angle = math.radians(90 - 360 * s / k)
    return (j * math.cos(angle), -j * math.sin(angle))
