"""Hexagon-shaped boards of hexagonal cells (docs/rules.md: Starboard Y, Hexagonal Y, Eccentric Y).

Both shapes are the cells (c, r) with 1 <= c <= C, 1 <= r <= R, c - r <= D1 and
r - c <= D2, whose six sides, clockwise on screen from the top, are
top (r = R), upper-right (c = C), lower-right (c - r = D1), bottom (r = 1),
lower-left (c = 1) and upper-left (r - c = D2).
"""

from __future__ import annotations

from ygui.core.boards.axial import Coord, build_axial
from ygui.core.geometry import BoardError, BoardGeometry

SIDE_NAMES = ("top", "upper-right", "lower-right", "bottom", "lower-left", "upper-left")
REGULAR_SIZES = range(3, 13)
STARBOARD_SIZES = range(3, 11)


def _walk(start: Coord, step: Coord, stop: Coord) -> list[Coord]:
    cells = [start]
    while cells[-1] != stop:
        c, r = cells[-1]
        cells.append((c + step[0], r + step[1]))
    return cells


def _hexagon(
    name: str, big_c: int, big_r: int, d1: int, d2: int, meta: dict[str, object], symmetric: bool
) -> BoardGeometry:
    coords = [
        (c, r)
        for c in range(1, big_c + 1)
        for r in range(1, big_r + 1)
        if c - r <= d1 and r - c <= d2
    ]
    # The six corners, clockwise from the top side's left end.
    top_left = (big_r - d2, big_r)
    top_right = (big_c, big_r)
    right = (big_c, big_c - d1)
    bottom_right = (d1 + 1, 1)
    bottom_left = (1, 1)
    left = (1, 1 + d2)
    sides = [
        ("top", _walk(top_left, (1, 0), top_right)),
        ("upper-right", _walk(top_right, (0, -1), right)),
        ("lower-right", _walk(right, (-1, -1), bottom_right)),
        ("bottom", _walk(bottom_right, (-1, 0), bottom_left)),
        ("lower-left", _walk(bottom_left, (0, 1), left)),
        ("upper-left", _walk(left, (1, 1), top_left)),
    ]
    opposite = None
    if symmetric:
        opposite = {(c, r): (big_c + 1 - c, big_r + 1 - r) for c, r in coords}
    return build_axial(name, coords, sides, opposite=opposite, meta=meta)


def regular_hexagon_board(n: int, kind: str = "hexagon") -> BoardGeometry:
    """A regular hexagon of side n: 3n(n-1)+1 cells, perimeter 6(n-1), each perimeter
    cell's opposite being its point reflection through the centre."""
    if n not in REGULAR_SIZES:
        raise BoardError(f"a hexagonal board has 3 to 12 cells a side, not {n}")
    m = 2 * n - 1
    return _hexagon(f"{kind}-{n}", m, m, n - 1, n - 1, {"shape": "hexagon", "size": n}, True)


def starboard_board(n: int = 5) -> BoardGeometry:
    """Starboard Y's hexagon: sides alternately n (top, lower-right, lower-left) and n+1
    (upper-right, bottom, upper-left) cells, 3n^2 cells, the short side at the top."""
    if n not in STARBOARD_SIZES:
        raise BoardError(f"a Starboard Y board has a short side of 3 to 10 cells, not {n}")
    m = 2 * n
    return _hexagon(f"starboard-{n}", m, m, n, n - 1, {"shape": "starboard", "size": n}, False)
