"""The curved boards of the Game of Y (RULES.md section 2): stones on points joined by lines.

Built by the sector construction: three sectors k of rows r = 0..h (row 0 is a board side)
with positions p = 0..S-r, glued along seams, around a central triangle of side c = S - h
whose corners are the three pentads. Named by points per side, S + 1: 5, 7, 9 (the 93-point
board) or 11.
"""

from __future__ import annotations

import math

import numpy as np

from ygui.core.geometry import BoardError, BoardGeometry, Point

SIZES = (5, 7, 9, 11)
DEFAULT_SIZE = 9
Key = tuple[int, int, int]  # barycentric point of the central triangle, or a sector point


def curved_board(points_per_side: int = DEFAULT_SIZE) -> BoardGeometry:
    if points_per_side not in SIZES:
        raise BoardError(
            f"the Game of Y board has 5, 7, 9 or 11 points a side, not {points_per_side}"
        )
    s = points_per_side - 1
    h = s // 2
    c = s - h
    keys, labels = _points_and_labels(s, h, c)
    index = {k: i for i, k in enumerate(keys)}
    edges = {tuple(sorted((index[a], index[b]))) for a, b in _edges(s, h, c)}
    neighbours: list[list[int]] = [[] for _ in keys]
    for a, b in sorted(edges):
        neighbours[a].append(b)
        neighbours[b].append(a)
    sides = tuple(tuple(index[_sector(k, 0, p, s, h, c)] for p in range(s + 1)) for k in range(3))
    perimeter = tuple(cell for side in sides for cell in side[:-1])
    centres = _tutte_layout(neighbours, perimeter, s)
    return BoardGeometry(
        name=f"curved-{points_per_side}",
        style="points",
        labels=tuple(labels),
        centres=centres,
        neighbours=tuple(tuple(sorted(n)) for n in neighbours),
        side_names=("right", "bottom", "left"),
        sides=sides,
        corners=tuple(side[0] for side in sides),
        perimeter=perimeter,
        lines=tuple(sorted((a, b) for a, b in edges)),
        meta={"shape": "curved", "size": points_per_side},
    ).validate()


def _sector(k: int, r: int, p: int, s: int, h: int, c: int) -> Key:
    """The canonical key of sector point (k, r, p): seams and the central triangle are
    identified, so one point has one key. Sector keys are (-1 - k, r, p)."""
    k %= 3
    if r == h:
        x = [0, 0, 0]
        x[k] = c - p
        x[(k + 1) % 3] = p
        return (x[0], x[1], x[2])
    if p == s - r:
        return (-1 - (k + 1) % 3, r, 0)
    return (-1 - k, r, p)


def _points_and_labels(s: int, h: int, c: int) -> tuple[list[Key], list[str]]:
    keys: list[Key] = []
    labels: list[str] = []
    for r in range(h):  # rings a.. are the sector rows, clockwise from the top
        letter = chr(ord("a") + r)
        for k in range(3):
            for p in range(s - r):
                keys.append(_sector(k, r, p, s, h, c))
                labels.append(f"{letter}{k * (s - r) + p + 1}")
    j = 0
    while c - 3 * j >= 0:  # rings of the central triangle, from the outside in
        letter = chr(ord("a") + h + j)
        side = c - 3 * j
        if side == 0:
            keys.append((j, j, j))
            labels.append(f"{letter}1")
        for k in range(3) if side else ():
            for q in range(side):
                x = [j, j, j]
                x[k] = c - 2 * j - q
                x[(k + 1) % 3] = j + q
                keys.append((x[0], x[1], x[2]))
                labels.append(f"{letter}{k * side + q + 1}")
        j += 1
    return keys, labels


def _edges(s: int, h: int, c: int) -> list[tuple[Key, Key]]:
    edges: list[tuple[Key, Key]] = []
    for k in range(3):
        for r in range(h + 1):
            for p in range(s - r):
                edges.append((_sector(k, r, p, s, h, c), _sector(k, r, p + 1, s, h, c)))
        for r in range(h):
            for p in range(s - r + 1):
                for q in (p - 1, p):
                    if 0 <= q <= s - r - 1:
                        edges.append((_sector(k, r, p, s, h, c), _sector(k, r + 1, q, s, h, c)))
    steps = [(1, -1, 0), (1, 0, -1), (0, 1, -1)]
    for x0 in range(c + 1):
        for x1 in range(c + 1 - x0):
            x = (x0, x1, c - x0 - x1)
            for d in steps:
                y = (x[0] + d[0], x[1] + d[1], x[2] + d[2])
                if min(y) >= 0:
                    edges.append((x, y))
    return edges


def _tutte_layout(
    neighbours: list[list[int]], perimeter: tuple[int, ...], s: int
) -> tuple[Point, ...]:
    """Fix the boundary on a bowed triangle and put every inner point at the average of its
    neighbours (one linear solve). Screen coordinates, the top corner up."""
    n = len(neighbours)
    pos = np.zeros((n, 2))
    fixed = np.zeros(n, dtype=bool)
    corners = [
        np.array([math.cos(math.radians(90 - 120 * k)), -math.sin(math.radians(90 - 120 * k))])
        for k in range(3)
    ]
    bulge = 0.16
    for i, cell in enumerate(perimeter):
        k, p = divmod(i, s)
        a, b = corners[k], corners[(k + 1) % 3]
        t = p / s
        mid = a + (b - a) * t
        outward = mid / (np.linalg.norm(mid) or 1.0)
        pos[cell] = mid + outward * bulge * math.sin(math.pi * t)
        fixed[cell] = True
    free = np.flatnonzero(~fixed)
    where = {int(cell): i for i, cell in enumerate(free)}
    lap = np.zeros((len(free), len(free)))
    rhs = np.zeros((len(free), 2))
    for free_cell in free:
        cell = int(free_cell)
        row = where[cell]
        lap[row, row] = len(neighbours[cell])
        for nb in neighbours[cell]:
            if fixed[nb]:
                rhs[row] += pos[nb]
            else:
                lap[row, where[nb]] -= 1
    pos[free] = np.linalg.solve(lap, rhs)
    # scale so that neighbouring points are about one unit apart, like the cells of other boards
    lengths = [np.linalg.norm(pos[a] - pos[b]) for a, nbrs in enumerate(neighbours) for b in nbrs]
    pos *= 1.0 / float(np.mean(lengths))
    return tuple((float(x), float(y)) for x, y in pos)
