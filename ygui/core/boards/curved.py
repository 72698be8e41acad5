"""The curved boards of the Game of Y (docs/rules.md): stones on points joined by lines.

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
    centres = _sector_layout(keys, neighbours, s, h, c)
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


def _sector_layout(
    keys: list[Key], neighbours: list[list[int]], s: int, h: int, c: int
) -> tuple[Point, ...]:
    """Place the central triangle as an equilateral triangle of side c, and each sector row r
    on a bowed line between the legs, from the board side (r = 0) to the central triangle
    (r = h); then relax the inner points a little towards their neighbours' average, which
    evens out the spacing. Screen coordinates, the top corner up, neighbours about 1 apart."""

    def direction(k: int) -> np.ndarray:
        angle = math.radians(90 - 120 * (k % 3))
        return np.array([math.cos(angle), -math.sin(angle)])

    r_in = c / math.sqrt(3)
    r_out = r_in + 0.85 * h + 0.35
    pentads = [direction(k) * r_in for k in range(3)]
    corners = [direction(k) * r_out for k in range(3)]
    pos = np.zeros((len(keys), 2))
    for i, key in enumerate(keys):
        if key[0] >= 0:  # a point of the central triangle, in barycentric coordinates
            pos[i] = sum(key[k] * pentads[k] for k in range(3)) / c
            continue
        k, r, p = -1 - key[0], key[1], key[2]
        t = r / h
        left = corners[k] + (pentads[k] - corners[k]) * t
        right = corners[(k + 1) % 3] + (pentads[(k + 1) % 3] - corners[(k + 1) % 3]) * t
        u = p / (s - r)
        mid = left + (right - left) * u
        outward = mid / (np.linalg.norm(mid) or 1.0)
        pos[i] = mid + outward * 0.13 * (s - r) * (1 - t) * math.sin(math.pi * u)
    boundary = {i for i, key in enumerate(keys) if key[0] < 0 and key[1] == 0}
    for _ in range(12):
        new = pos.copy()
        for i, nbrs in enumerate(neighbours):
            if i not in boundary:
                new[i] = 0.6 * pos[i] + 0.4 * pos[nbrs].mean(axis=0)
        pos = new
    lengths = [np.linalg.norm(pos[a] - pos[b]) for a, nbrs in enumerate(neighbours) for b in nbrs]
    pos *= 1.0 / float(np.mean(lengths))
    return tuple((float(x), float(y)) for x, y in pos)
