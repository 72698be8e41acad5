"""The triangular board of Y: side n, n(n+1)/2 hexagonal cells (docs/rules.md, Y)."""

from __future__ import annotations

from ygui.core.boards.axial import build_axial
from ygui.core.geometry import BoardError, BoardGeometry

SIZES = range(3, 27)
DEFAULT_SIZE = 11


def triangle_board(n: int = DEFAULT_SIZE) -> BoardGeometry:
    """Cells (c, r) with 1 <= r <= c <= n; row 1 at the bottom, the apex (n, n) at the top.
    Sides clockwise from the apex: right (c = n), bottom (r = 1), left (r = c)."""
    if n not in SIZES:
        raise BoardError(f"a triangular board has 3 to 26 cells a side, not {n}")
    coords = [(c, r) for c in range(1, n + 1) for r in range(1, c + 1)]
    right = [(n, r) for r in range(n, 0, -1)]
    bottom = [(c, 1) for c in range(n, 0, -1)]
    left = [(c, c) for c in range(1, n + 1)]
    return build_axial(
        f"triangle-{n}",
        coords,
        [("right", right), ("bottom", bottom), ("left", left)],
        meta={"shape": "triangle", "size": n},
    )
