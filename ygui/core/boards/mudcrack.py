"""Mudcrack Y boards (docs/rules.md, Mudcrack Y): seeded Voronoi cells clipped to a triangle.

The cells themselves decide the rules: two cells are neighbours when they share a border of
positive length, and a cell lies on a side when it touches it along a positive length. A board
where four cells meet at a point, or two cells touch only at a point (or along a border too
short to see), is drawn again from the next seed. Shapely (GEOS) computes the Voronoi cells.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPoint, Polygon

from ygui.core.geometry import BoardError, BoardGeometry, Point

CELL_COUNTS = range(30, 401)
DEFAULT_CELLS = 100
LLOYD_ROUNDS = 4
MAX_REDRAWS = 200
MIN_BORDER = 0.12  # shortest border between neighbours, in cell widths: shorter is hard to see
NUDGE_ROUNDS = 40
NUDGE = 0.06
SIDE_NAMES = ("right", "bottom", "left")


def mudcrack_board(cells: int = DEFAULT_CELLS, seed: int = 1) -> BoardGeometry:
    """A deterministic board for (cells, seed): the first acceptable draw from seed, seed+1, ..."""
    if cells not in CELL_COUNTS:
        raise BoardError(f"a Mudcrack board has 30 to 400 cells, not {cells}")
    if not 0 <= seed < 2**63:
        raise BoardError(f"a Mudcrack seed is a whole number from 0 to 2^63-1, not {seed}")
    for attempt in range(MAX_REDRAWS):
        board = _try_board(cells, seed, seed + attempt)
        if board is not None:
            return board
    raise BoardError(f"no acceptable Mudcrack board near seed {seed}")  # pragma: no cover


def _triangle(cells: int) -> tuple[Point, Point, Point]:
    side = math.sqrt(2 * cells)  # each cell about the area of a hexagon one unit wide
    height = side * math.sqrt(3) / 2
    return (side / 2, 0.0), (side, height), (0.0, height)


def _random_points(
    rng: np.random.Generator, count: int, tri: tuple[Point, Point, Point]
) -> np.ndarray:
    a, b, c = (np.array(p) for p in tri)
    u = rng.random((count, 2))
    flip = u.sum(axis=1) > 1
    u[flip] = 1 - u[flip]
    return a + np.outer(u[:, 0], b - a) + np.outer(u[:, 1], c - a)


def _cells(points: np.ndarray, region: Polygon) -> list[Polygon]:
    diagram = shapely.voronoi_polygons(MultiPoint(points), extend_to=region, ordered=True)
    polys = [shapely.intersection(p, region) for p in diagram.geoms]
    return [p if isinstance(p, Polygon) else Polygon() for p in polys]


def _try_board(cells: int, seed: int, draw: int) -> BoardGeometry | None:
    tri = _triangle(cells)
    region = Polygon(tri)
    rng = np.random.default_rng(draw)
    points = _random_points(rng, cells, tri)
    for _ in range(LLOYD_ROUNDS):
        polys = _cells(points, region)
        points = np.array([[p.centroid.x, p.centroid.y] for p in polys])
    polys = _lengthen_short_borders(points, region)
    if any(p.is_empty or p.area <= 0 for p in polys) or not _vertices_ok(polys, tri):
        return None
    neighbours = _adjacency(polys)
    if neighbours is None:
        return None
    return _assemble(polys, neighbours, tri, cells, seed, draw)


def _short_pairs(polys: list[Polygon]) -> list[tuple[int, int]]:
    tree = shapely.STRtree(polys)
    left, right = tree.query(polys, predicate="intersects")
    return [
        (a, b)
        for a, b in zip(left.tolist(), right.tolist(), strict=True)
        if a < b and polys[a].intersection(polys[b]).length < MIN_BORDER
    ]


def _lengthen_short_borders(points: np.ndarray, region: Polygon) -> list[Polygon]:
    """Nudge the two seeds of every too-short border towards each other until every border
    between neighbours is long enough to see (or give up; the caller then rejects)."""
    polys = _cells(points, region)
    for _ in range(NUDGE_ROUNDS):
        pairs = _short_pairs(polys)
        if not pairs:
            break
        points = points.copy()
        for a, b in pairs:
            step = (points[b] - points[a]) * NUDGE
            points[a] += step
            points[b] -= step
        polys = _cells(points, region)
    return polys


def _vertices_ok(polys: list[Polygon], tri: tuple[Point, Point, Point]) -> bool:
    """Three cells at every inner point, two on a side, one at a corner."""
    counts: Counter[tuple[float, float]] = Counter()
    for poly in polys:
        ring = list(poly.exterior.coords)[:-1]
        counts.update({(round(x, 6), round(y, 6)) for x, y in ring})
    outline = LineString([*tri, tri[0]])
    corners = {(round(x, 6), round(y, 6)) for x, y in tri}
    for point, count in counts.items():
        if point in corners:
            wanted = 1
        elif outline.distance(shapely.Point(point)) < 1e-6:
            wanted = 2
        else:
            wanted = 3
        if count != wanted:
            return False
    return True


def _adjacency(polys: list[Polygon]) -> list[list[int]] | None:
    tree = shapely.STRtree(polys)
    left, right = tree.query(polys, predicate="intersects")
    neighbours: list[list[int]] = [[] for _ in polys]
    for a, b in zip(left.tolist(), right.tolist(), strict=True):
        if a >= b:
            continue
        border = polys[a].intersection(polys[b]).length
        if border < MIN_BORDER:
            return None  # touching at a point, or along a border too short to see
        neighbours[a].append(b)
        neighbours[b].append(a)
    return neighbours


def _along_edge(poly: Polygon, edge: LineString) -> float | None:
    """Where along ``edge`` the cell touches it with a border of positive length, or None."""
    ring = list(poly.exterior.coords)
    for p, q in zip(ring, ring[1:], strict=False):
        if math.dist(p, q) > 1e-9 and all(edge.distance(shapely.Point(v)) < 1e-7 for v in (p, q)):
            return float(edge.project(shapely.Point((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)))
    return None


def _reading_order(centroids: list[Point], base: float) -> list[int]:
    """The cells numbered by rows from the bottom side up, each row left to right: rows of a
    cell's height (the cells are about a hexagon one unit wide, so a row is sqrt(3)/2 high),
    centred on the rows the cells settle in. By the centroids' height alone, the numbers
    zigzagged along a row (9, 8, 5, 10, 4, 12 on the default board's bottom row: a tester
    looking for cell 44 could not find it). A record keeps its own board (``YB``), with its
    numbers, so records of boards numbered the old way read as they were written."""
    row = math.sqrt(3) / 2

    def place(i: int) -> tuple[int, float]:
        x, y = centroids[i]
        return round((base - y - row / 2) / row), x

    return sorted(range(len(centroids)), key=place)


def _assemble(
    polys: list[Polygon],
    neighbours: list[list[int]],
    tri: tuple[Point, Point, Point],
    cells: int,
    seed: int,
    draw: int,
) -> BoardGeometry | None:
    centroids = [(p.centroid.x, p.centroid.y) for p in polys]
    order = _reading_order(centroids, tri[1][1])
    new = {old: n for n, old in enumerate(order)}
    sides = []
    for start, end in ((tri[0], tri[1]), (tri[1], tri[2]), (tri[2], tri[0])):
        edge = LineString([start, end])
        touching = []
        for old, poly in enumerate(polys):
            along = _along_edge(poly, edge)
            if along is not None:
                touching.append((along, new[old]))
        sides.append(tuple(cell for _, cell in sorted(touching)))
    perimeter = tuple(c for side in sides for c in side[:-1])
    try:
        return BoardGeometry(
            name=f"mudcrack-{cells}-{seed}",
            style="cells",
            labels=tuple(str(n + 1) for n in range(len(order))),
            centres=tuple(centroids[old] for old in order),
            neighbours=tuple(tuple(sorted(new[b] for b in neighbours[old])) for old in order),
            side_names=SIDE_NAMES,
            sides=tuple(sides),
            corners=tuple(side[0] for side in sides),
            perimeter=perimeter,
            outlines=tuple(
                tuple((x, y) for x, y in list(polys[old].exterior.coords)[:-1]) for old in order
            ),
            meta={"shape": "mudcrack", "cells": cells, "seed": seed, "draw": draw},
        ).validate()
    except BoardError:
        return None
