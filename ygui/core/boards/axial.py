"""Boards of hexagonal cells in axial coordinates (docs/design.md).

Cell (c, r): r is the row counted from the bottom, c the line of cells running from lower
right to upper left. Neighbours: (c-1, r), (c+1, r), (c, r-1), (c, r+1), (c-1, r-1),
(c+1, r+1). Drawn with horizontal rows, pointy-top hexagons one unit wide.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from ygui.core.geometry import BoardGeometry, Point
from ygui.core.notation import letter_label

Coord = tuple[int, int]
STEPS: tuple[Coord, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1))
ROW_HEIGHT = math.sqrt(3) / 2
HEX_RADIUS = 1 / math.sqrt(3)


def centre(c: int, r: int) -> Point:
    return (c - r / 2, -r * ROW_HEIGHT)


def hexagon_outline(p: Point, radius: float = HEX_RADIUS) -> tuple[Point, ...]:
    """A pointy-top hexagon, vertices clockwise on screen from the top."""
    x, y = p
    return tuple(
        (x + radius * math.cos(math.radians(a)), y - radius * math.sin(math.radians(a)))
        for a in (90, 30, -30, -90, -150, 150)
    )


def build_axial(
    name: str,
    coords: Iterable[Coord],
    sides: Sequence[tuple[str, Sequence[Coord]]],
    opposite: dict[Coord, Coord] | None = None,
    meta: dict[str, object] | None = None,
) -> BoardGeometry:
    """Assemble a geometry from its cells and its sides (each listed clockwise, each side
    beginning with the corner where the previous one ends)."""
    cells = sorted(set(coords), key=lambda cr: (cr[1], cr[0]))
    index = {cr: i for i, cr in enumerate(cells)}
    neighbours = tuple(
        tuple(index[(c + dc, r + dr)] for dc, dr in STEPS if (c + dc, r + dr) in index)
        for c, r in cells
    )
    side_cells = tuple(tuple(index[cr] for cr in side) for _, side in sides)
    perimeter = tuple(cell for side in side_cells for cell in side[:-1])
    centres = tuple(centre(c, r) for c, r in cells)
    pairs: tuple[tuple[int, int], ...] = ()
    if opposite is not None:
        pairs = tuple(
            sorted(
                {
                    (min(index[a], index[b]), max(index[a], index[b]))
                    for a, b in opposite.items()
                    if index[a] in perimeter
                }
            )
        )
    return BoardGeometry(
        name=name,
        style="cells",
        labels=tuple(letter_label(c, r) for c, r in cells),
        centres=centres,
        neighbours=neighbours,
        side_names=tuple(n for n, _ in sides),
        sides=side_cells,
        corners=tuple(side[0] for side in side_cells),
        perimeter=perimeter,
        outlines=tuple(hexagon_outline(p) for p in centres),
        opposite_pairs=pairs,
        meta=meta or {},
    ).validate()
