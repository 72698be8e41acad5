"""Cell outlines for boards given as a planar triangulation of cell centres.

Each inner face (a triangle of mutually adjacent cells) contributes its centroid as a corner
of the three cells around it; boundary cells are closed off outside the perimeter. Used for
boards whose cells are not a regular lattice (Poly-Y).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ygui.core.geometry import Point


def inner_faces(
    centres: Sequence[Point], neighbours: Sequence[Sequence[int]], perimeter: Sequence[int]
) -> list[tuple[int, int, int]]:
    """The triangles of the straight-line embedding, the outer face excluded."""
    order = [_by_angle(centres, a, nbrs) for a, nbrs in enumerate(neighbours)]
    seen: set[tuple[int, int]] = set()
    faces: list[tuple[int, int, int]] = []
    outer = {(perimeter[i], perimeter[(i + 1) % len(perimeter)]) for i in range(len(perimeter))}
    for a, nbrs in enumerate(neighbours):
        for b in nbrs:
            if (a, b) in seen:
                continue
            face = [a]
            u, v = a, b
            while True:
                seen.add((u, v))
                ring = order[v]
                w = ring[(ring.index(u) - 1) % len(ring)]  # turn to the next edge around v
                u, v = v, w
                if u == a:
                    break
                face.append(u)
            if len(face) == 3 and not _is_outer(face, outer):
                faces.append((face[0], face[1], face[2]))
    return faces


def _is_outer(face: list[int], outer: set[tuple[int, int]]) -> bool:
    edges = [(face[i], face[(i + 1) % len(face)]) for i in range(len(face))]
    return all((b, a) in outer or (a, b) in outer for a, b in edges) and len(outer) == 3


def _by_angle(centres: Sequence[Point], a: int, nbrs: Sequence[int]) -> list[int]:
    return sorted(nbrs, key=lambda b: _angle(centres[a], centres[b]))


def _angle(a: Point, b: Point) -> float:
    return math.atan2(b[1] - a[1], b[0] - a[0])


def dual_outlines(
    centres: Sequence[Point], neighbours: Sequence[Sequence[int]], perimeter: Sequence[int]
) -> tuple[tuple[Point, ...], ...]:
    faces = inner_faces(centres, neighbours, perimeter)
    corners: list[list[Point]] = [[] for _ in centres]
    for face in faces:
        cx = sum(centres[i][0] for i in face) / 3
        cy = sum(centres[i][1] for i in face) / 3
        for i in face:
            corners[i].append((cx, cy))
    inner = [math.dist(centres[c], p) for c, pts in enumerate(corners) for p in pts]
    depth = sum(inner) / len(inner)  # how far a cell reaches past its centre
    n = len(perimeter)
    # one outside point per boundary edge, shared by the two cells on it
    edge_points = []
    for i in range(n):
        a, b = centres[perimeter[i]], centres[perimeter[(i + 1) % n]]
        ox, oy = _outward(a, b)
        edge_points.append(((a[0] + b[0]) / 2 + ox * depth / 2, (a[1] + b[1]) / 2 + oy * depth / 2))
    position = {cell: i for i, cell in enumerate(perimeter)}
    outlines: list[tuple[Point, ...]] = []
    for cell, pts in enumerate(corners):
        if cell in position:
            i = position[cell]
            prev, nxt = centres[perimeter[i - 1]], centres[perimeter[(i + 1) % n]]
            ox, oy = _outward(prev, nxt)
            x, y = centres[cell]
            pts = [*pts, edge_points[i - 1], (x + ox * depth, y + oy * depth), edge_points[i]]
        x, y = centres[cell]
        outlines.append(tuple(sorted(pts, key=lambda p: math.atan2(p[1] - y, p[0] - x))))
    return tuple(outlines)


def _outward(a: Point, b: Point) -> Point:
    """The unit normal pointing out of a board whose perimeter runs clockwise on screen."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return dy / length, -dx / length
