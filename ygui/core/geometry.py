"""BoardGeometry: the data that describes one board, for drawing and for the rules alike.

A geometry is immutable. Rules read only the graph (``neighbours``, ``sides``, ``corners``,
``perimeter``, ``opposite``); the window reads the drawing data (``centres``, ``outlines``,
``lines``). Coordinates are screen coordinates: x to the right, y downward.
"""

from __future__ import annotations

import json
import math
import os
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from ygui.core.jsonwords import slip
from ygui.core.limits import (
    MAX_BOARD_CELLS,
    MAX_BOARD_FILE_BYTES,
    MAX_CELL_NEIGHBOURS,
    MAX_COORDINATE,
    MAX_OUTLINE_POINTS,
)

Point = tuple[float, float]
Style = Literal["cells", "points"]
FORMAT = "ygui-board"
FORMAT_VERSION = 1


class BoardError(ValueError):
    """A board description that cannot be used; the message names the problem."""


@dataclass(frozen=True, eq=False)
class BoardGeometry:
    """One board: its cells, their adjacency, named sides and drawing data."""

    name: str
    style: Style
    labels: tuple[str, ...]
    centres: tuple[Point, ...]
    neighbours: tuple[tuple[int, ...], ...]
    side_names: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...]
    corners: tuple[int, ...]
    perimeter: tuple[int, ...]
    outlines: tuple[tuple[Point, ...], ...] | None = None
    lines: tuple[tuple[int, int], ...] = ()
    opposite_pairs: tuple[tuple[int, int], ...] = ()
    meta: Mapping[str, Any] = field(default_factory=dict)

    # ----- derived data -------------------------------------------------------------
    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.labels)

    @property
    def word(self) -> str:
        """What a player calls a place of this board: "point" where stones go on points (the
        Game of Y's), else "cell" (tester 31 read "the cell c8" on a board of points)."""
        return "point" if self.style == "points" else "cell"

    @cached_property
    def index_of(self) -> dict[str, int]:
        return {label: i for i, label in enumerate(self.labels)}

    @cached_property
    def side_mask(self) -> tuple[int, ...]:
        """For each cell, a bit mask of the sides it lies on (bit i = side i)."""
        masks = [0] * self.size
        for i, side in enumerate(self.sides):
            for cell in side:
                masks[cell] |= 1 << i
        return tuple(masks)

    @cached_property
    def opposite(self) -> dict[int, int]:
        """Each perimeter cell's opposite (point reflection), where the board has one."""
        result: dict[int, int] = {}
        for a, b in self.opposite_pairs:
            result[a] = b
            result[b] = a
        return result

    @cached_property
    def perimeter_position(self) -> dict[int, int]:
        return {cell: i for i, cell in enumerate(self.perimeter)}

    @cached_property
    def edges(self) -> tuple[tuple[int, int], ...]:
        return tuple((a, b) for a, nbrs in enumerate(self.neighbours) for b in nbrs if a < b)

    def cell(self, label: str) -> int:
        """The index of the cell with this label (case-insensitive)."""
        try:
            return self.index_of[label.strip().lower()]
        except KeyError:
            raise BoardError(f"no {self.word} {label!r} on this board") from None

    def side_index(self, name: str) -> int:
        try:
            return self.side_names.index(name)
        except ValueError:
            raise BoardError(f"no side {name!r} on this board") from None

    def sides_of(self, cell: int) -> tuple[str, ...]:
        mask = self.side_mask[cell]
        return tuple(n for i, n in enumerate(self.side_names) if mask >> i & 1)

    def distances_from(self, start: int) -> list[int]:
        """Graph distance from ``start`` to every cell (breadth first)."""
        return graph_distances(self.neighbours, start)

    # ----- validation ---------------------------------------------------------------
    def validate(self) -> BoardGeometry:
        """Check the invariants every board must have; raise BoardError naming the first
        one broken. Returns self so builders can chain it."""
        _check_cells(self)
        _check_adjacency(self)
        _check_sides(self)
        _check_perimeter(self)
        _check_curvature(self)
        return self

    # ----- JSON ---------------------------------------------------------------------
    def to_dict(self, by_label: bool = False) -> dict[str, Any]:
        """The board as JSON data; its cells referred to by number (their place in
        ``cells``), or ``by_label``, as a person editing the file reads and writes them (a
        cell taken out then needs no renumbering of the others)."""
        ref: Any = (lambda c: self.labels[c]) if by_label else (lambda c: c)
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "name": self.name,
            "style": self.style,
            "cells": [
                {
                    "label": lab,
                    "centre": [round(x, 6), round(y, 6)],
                    "neighbours": [ref(c) for c in nb],
                }
                for lab, (x, y), nb in zip(self.labels, self.centres, self.neighbours, strict=True)
            ],
            "sides": [
                {"name": n, "cells": [ref(c) for c in s]}
                for n, s in zip(self.side_names, self.sides, strict=True)
            ],
            "corners": [ref(c) for c in self.corners],
            "perimeter": [ref(c) for c in self.perimeter],
            "opposites": [[ref(c) for c in p] for p in self.opposite_pairs],
            "lines": [[ref(c) for c in p] for p in self.lines],
            "meta": dict(self.meta),
        }
        if self.outlines is not None:
            for cell, outline in zip(data["cells"], self.outlines, strict=True):
                cell["outline"] = [[round(x, 6), round(y, 6)] for x, y in outline]
        return data

    def to_json(self) -> str:
        """Compact JSON, the cells by number (as a record carries its board)."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def to_file_text(self) -> str:
        """JSON for a person to edit (``ygui board``): the cells by label, one cell, side or
        pair a line, so that a slip's line number points at it."""
        items = []
        for key, value in self.to_dict(by_label=True).items():
            if isinstance(value, list) and value and isinstance(value[0], dict | list):
                rows = ",\n".join(f"    {_compact(v)}" for v in value)
                items.append(f"  {json.dumps(key)}: [\n{rows}\n  ]")
            else:
                items.append(f"  {json.dumps(key)}: {_compact(value)}")
        return "{\n" + ",\n".join(items) + "\n}\n"

    @staticmethod
    def from_dict(data: Any) -> BoardGeometry:
        """Build and validate a geometry from parsed JSON; BoardError on any problem."""
        try:
            return _geometry_from_dict(data).validate()
        except BoardError:
            raise
        except (IndexError, KeyError, TypeError, ValueError, OverflowError, RecursionError) as exc:
            # a check that a hostile file got past: still a board that cannot be used
            raise BoardError(f"the board is not consistent ({type(exc).__name__}: {exc})") from None

    @staticmethod
    def from_json(text: str) -> BoardGeometry:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BoardError(f"not valid JSON: {slip(exc, 'a key', 'the board file')}") from None
        except RecursionError:
            raise BoardError("the JSON is nested too deeply to be a board") from None
        except ValueError as exc:  # e.g. an integer of more digits than Python reads
            raise BoardError(f"not valid JSON: {exc}") from None
        return BoardGeometry.from_dict(data)

    @staticmethod
    def read_file(path: str | os.PathLike[str]) -> BoardGeometry:
        """A board file read with bounds (a regular file of at most MAX_BOARD_FILE_BYTES, UTF-8)
        and checked; BoardError naming the reason otherwise, never a hang or a crash."""
        path = Path(path)
        try:
            if not path.exists():
                raise BoardError(f"cannot read {path.name}: there is no such file")
            if not path.is_file():
                raise BoardError(f"{path.name} is not a regular file")
            with open(path, "rb") as handle:
                data = handle.read(MAX_BOARD_FILE_BYTES + 1)
        except OSError as exc:
            raise BoardError(f"cannot read {path.name}: {exc.strerror or exc}") from None
        if len(data) > MAX_BOARD_FILE_BYTES:
            raise BoardError(f"{path.name} is larger than {MAX_BOARD_FILE_BYTES:,} bytes")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise BoardError(f"{path.name} is not UTF-8 text") from None
        return BoardGeometry.from_json(text)


def graph_distances(neighbours: Sequence[Sequence[int]], start: int | Iterable[int]) -> list[int]:
    """Breadth-first distance from ``start`` (a cell, or the nearest of several) to every
    cell; -1 where unreachable."""
    starts = [start] if isinstance(start, int) else list(start)
    dist = [-1] * len(neighbours)
    for c in starts:
        dist[c] = 0
    queue = deque(starts)
    while queue:
        a = queue.popleft()
        for b in neighbours[a]:
            if dist[b] < 0:
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist


def edge_distances(g: BoardGeometry) -> list[int]:
    """Each cell's distance from the board's edge (its sides, corners and perimeter)."""
    edge = {c for side in g.sides for c in side} | set(g.corners) | set(g.perimeter)
    return graph_distances(g.neighbours, sorted(edge))


# ----- checks ---------------------------------------------------------------------------


def _check_label(label: str, where: str = "") -> None:
    """A cell's label is lower case, without spaces (``where``: the cell, said first)."""
    if not label or label != label.strip().lower() or " " in label:
        raise BoardError(f"{where}bad cell label {label!r}: labels are lower case, without spaces")


def _check_cells(g: BoardGeometry) -> None:
    n = g.size
    if n == 0:
        raise BoardError("the board has no cells")
    if len(g.centres) != n or len(g.neighbours) != n:
        raise BoardError("cells, centres and neighbour lists differ in number")
    if g.outlines is not None and len(g.outlines) != n:
        raise BoardError("cells and outlines differ in number")
    seen: set[str] = set()
    for label in g.labels:
        _check_label(label)
        if label in seen:
            raise BoardError(f"cell label {label!r} is used twice")
        if label == "swap":
            raise BoardError("'swap' cannot be a cell label")
        seen.add(label)
    if g.style not in ("cells", "points"):
        raise BoardError(f"unknown board style {g.style!r}")


FAR_LINK = 25  # a link this many times the board's usual one is a mistyped centre
# (the family's own boards: at most 1.9 times, on Mudcrack Y)


def _check_spread(g: BoardGeometry) -> None:
    """No two neighbours drawn far apart for the board's scale: a centre mistyped as 999999
    among cells a unit apart passed every check, and the board was drawn as nothing (its
    cells a speck in a million) and could not be played (tester 72)."""
    links = sorted(
        (math.dist(g.centres[a], g.centres[b]), a, b)
        for a, nbrs in enumerate(g.neighbours)
        for b in nbrs
        if a < b
    )
    if not links:
        return
    usual = links[len(links) // 2][0]
    longest, a, b = links[-1]
    if usual <= 0:
        raise BoardError("most neighbours are drawn at one point: their centres are the same")
    if longest > FAR_LINK * usual:

        def shown(x: float) -> str:
            return f"{x:,.0f}" if x >= 100 else f"{x:.3g}"

        raise BoardError(
            f"cells {g.labels[a]} and {g.labels[b]} are neighbours drawn {shown(longest)} "
            f"apart, where most neighbours are {shown(usual)} apart: is a centre mistyped?"
        )


def _check_adjacency(g: BoardGeometry) -> None:
    n = g.size
    for a, nbrs in enumerate(g.neighbours):
        if len(set(nbrs)) != len(nbrs):
            raise BoardError(f"cell {g.labels[a]} lists a neighbour twice")
        for b in nbrs:
            if not 0 <= b < n:
                raise BoardError(f"cell {g.labels[a]} has a neighbour {b} that does not exist")
            if b == a:
                raise BoardError(f"cell {g.labels[a]} is its own neighbour")
            if a not in g.neighbours[b]:
                raise BoardError(
                    f"adjacency is not symmetric: {g.labels[a]} lists {g.labels[b]} "
                    "but not the other way round"
                )
    unreached = [g.labels[i] for i, d in enumerate(g.distances_from(0)) if d < 0]
    if unreached:
        raise BoardError(f"the board is not connected: {unreached[0]} cannot be reached")
    _check_spread(g)
    for a, b in g.lines:
        if not (0 <= a < n and 0 <= b < n) or b not in g.neighbours[a]:
            raise BoardError(
                f"line {g.labels[a]}-{g.labels[b]} joins cells that are not neighbours"
            )


def _check_sides(g: BoardGeometry) -> None:
    if len(g.sides) != len(g.side_names) or len(g.sides) < 2:
        raise BoardError("a board needs at least two named sides, each with its cells")
    for i, name in enumerate(g.side_names):
        if name in g.side_names[:i]:
            raise BoardError(f"two sides are named {name!r}: each side needs a name of its own")
    k = len(g.sides)
    for name, side in zip(g.side_names, g.sides, strict=True):
        if not side:
            raise BoardError(f"side {name!r} has no cells")
        for j, cell in enumerate(side):
            if not 0 <= cell < g.size:
                raise BoardError(f"side {name!r} names a cell {cell} that does not exist")
            if cell in side[:j]:
                raise BoardError(f"side {name!r} lists the cell {g.labels[cell]} twice")
        for a, b in zip(side, side[1:], strict=False):
            if b not in g.neighbours[a]:
                raise BoardError(
                    f"side {name!r} is not contiguous: {g.labels[a]} and {g.labels[b]} "
                    "are not neighbours"
                )
    if len(g.corners) != k:
        raise BoardError(f"the board has {k} sides but {len(g.corners)} corners")
    for i, corner in enumerate(g.corners):
        prev, cur = g.sides[i - 1], g.sides[i]
        if cur[0] != corner or prev[-1] != corner:
            raise BoardError(
                f"corner {g.labels[corner] if 0 <= corner < g.size else corner} must end side "
                f"{g.side_names[i - 1]!r} and begin side {g.side_names[i]!r}"
            )


def _check_perimeter(g: BoardGeometry) -> None:
    boundary = {c for side in g.sides for c in side}
    if set(g.perimeter) != boundary or len(g.perimeter) != len(boundary):
        listed = set(g.perimeter)
        if any(not 0 <= c < g.size for c in listed):
            wrong = "names a cell that does not exist"
        elif boundary - listed:
            wrong = f"lacks {g.labels[min(boundary - listed)]}, a cell of a side"
        elif listed - boundary:
            wrong = f"lists {g.labels[min(listed - boundary)]}, which is on no side"
        else:
            twice = next(c for k, c in enumerate(g.perimeter) if c in g.perimeter[:k])
            wrong = f"lists {g.labels[twice]} twice"
        raise BoardError(f"the perimeter must list each cell of the sides once; it {wrong}")
    p = len(g.perimeter)
    for i, a in enumerate(g.perimeter):
        b = g.perimeter[(i + 1) % p]
        if b not in g.neighbours[a]:
            raise BoardError(
                f"the perimeter is not a cycle: {g.labels[a]} and {g.labels[b]} are not neighbours"
            )
    for a, b in g.opposite_pairs:
        if a not in boundary or b not in boundary:
            raise BoardError("opposite cells must both lie on the perimeter")


def _check_curvature(g: BoardGeometry) -> None:
    """The cells tile a disk: counted over the cells, the neighbours a cell lacks (from six
    inside the board, four on its sides) sum to 6. A hole, or an edge cell left out of the
    sides, makes the sum larger; cells joined across the board make it smaller."""
    boundary = {c for side in g.sides for c in side}
    total = sum((4 if c in boundary else 6) - len(nbrs) for c, nbrs in enumerate(g.neighbours))
    if total == 6:
        return
    if total > 6:
        odd = [g.labels[c] for c, n in enumerate(g.neighbours) if c not in boundary and len(n) < 6]
        what = (
            "the board has a hole, or a cell on its edge is in none of its sides: every cell "
            "on no side should be surrounded by its neighbours"
        )
        near = "cells on no side with fewer than six neighbours"
    else:
        # a link across the board: the neighbours whose centres lie furthest apart
        lengths = sorted(math.dist(g.centres[a], g.centres[b]) for a, b in g.edges)
        usual = lengths[len(lengths) // 2]
        odd = [
            f"{g.labels[a]}-{g.labels[b]}"
            for a, b in g.edges
            if math.dist(g.centres[a], g.centres[b]) > 1.5 * usual
        ]
        what = "some cells are neighbours of more cells than cells side by side can touch"
        near = "neighbours drawn far apart"
    shown = ", ".join(odd[:8]) + (", ..." if len(odd) > 8 else "")
    raise BoardError(
        f"the cells do not tile a board without holes: {what}"
        + (f" ({near}: {shown})" if odd else "")
    )


# ----- reading --------------------------------------------------------------------------


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(", ", ": "), ensure_ascii=False)


def _geometry_from_dict(data: Any) -> BoardGeometry:
    if not isinstance(data, dict):
        raise BoardError("a board file holds one JSON object")
    if data.get("format") != FORMAT:
        raise BoardError(f"not a board file: 'format' must be {FORMAT!r}")
    version = data.get("version")
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise BoardError(f"board format version {version!r} is not supported")
    cells = _list(data, "cells")
    if len(cells) > MAX_BOARD_CELLS:
        raise BoardError(f"the board has {len(cells):,} cells; at most {MAX_BOARD_CELLS:,}")
    labels: list[str] = []
    for i, cell in enumerate(cells):
        if not isinstance(cell, dict):
            raise BoardError(f"cell {i} is not an object")
        label = _str(cell, "label", f"cell {i}")
        # (checked before any neighbour list names the cell: "A1" for "d1" was reported as
        # c1 naming a cell 'd1' that is not among the cells)
        _check_label(label, f"cell {i}: ")
        labels.append(label)
    # a cell is referred to by its number (its place in 'cells', from 0) or by its label
    index: dict[str, int] = {}
    for i, label in enumerate(labels):
        if label in index:
            raise BoardError(f"cell label {label!r} is used twice (cells {index[label]} and {i})")
        index[label] = i

    def refs(value: Any, where: str) -> list[int]:
        return _refs(value, where, index)

    centres, neighbours, outlines = [], [], []
    outlined = bool(cells) and "outline" in cells[0]  # every cell as the first: one or none
    for i, cell in enumerate(cells):
        where = f"cell {labels[i]} (cell {i})"
        if ("outline" in cell) != outlined:
            raise BoardError(
                f"{where} has no outline, and the cells before it have one"
                if outlined
                else f"{where} has an outline and the cells before it have none: either every "
                "cell has an outline or none has"
            )
        centres.append(_point(cell.get("centre"), f"{where}: its centre"))
        neighbours.append(tuple(refs(cell.get("neighbours"), f"{where}: its neighbours")))
        if len(neighbours[-1]) > MAX_CELL_NEIGHBOURS:
            raise BoardError(f"{where} has more than {MAX_CELL_NEIGHBOURS} neighbours")
        if "outline" in cell:
            outline = cell["outline"]
            if not isinstance(outline, list) or len(outline) < 3:
                raise BoardError(f"{where}: its outline needs at least three points")
            if len(outline) > MAX_OUTLINE_POINTS:
                raise BoardError(f"{where}: its outline has more than {MAX_OUTLINE_POINTS} points")
            outlines.append(tuple(_point(p, f"{where}: its outline") for p in outline))
    sides = _list(data, "sides")
    side_names, side_cells = [], []
    for i, side in enumerate(sides):
        if not isinstance(side, dict):
            raise BoardError(f"side {i} is not an object")
        side_names.append(_str(side, "name", f"side {i}"))
        side_cells.append(tuple(refs(side.get("cells"), f"side {side_names[-1]!r}: its cells")))
    style = data.get("style", "cells")
    if style not in ("cells", "points"):
        raise BoardError(f"unknown board style {style!r}")
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise BoardError("'meta' must be an object")
    return BoardGeometry(
        name=str(data.get("name", "custom")),
        style=style,
        labels=tuple(labels),
        centres=tuple(centres),
        neighbours=tuple(neighbours),
        side_names=tuple(side_names),
        sides=tuple(side_cells),
        corners=tuple(refs(data.get("corners"), "'corners'")),
        perimeter=tuple(refs(data.get("perimeter"), "'perimeter'")),
        outlines=tuple(outlines) if outlines else None,
        lines=tuple(_pair(refs(p, "'lines'"), "lines") for p in _list(data, "lines", False)),
        opposite_pairs=tuple(
            _pair(refs(p, "'opposites'"), "opposites")
            for p in _list(data, "opposites", required=False)
        ),
        meta=meta,
    )


def _list(data: dict[str, Any], key: str, required: bool = True) -> list[Any]:
    if required and key not in data:
        raise _missing(f"'{key}'")
    value = data.get(key, [])
    if not isinstance(value, list):
        raise BoardError(f"'{key}' must be a list")
    return value


def _str(data: dict[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise BoardError(f"{where}: '{key}' must be a string")
    return value


def _refs(value: Any, where: str, index: Mapping[str, int]) -> list[int]:
    """A list of cells, each given by its number or its label, as numbers."""
    if value is None:
        raise _missing(where)
    if not isinstance(value, list):
        raise BoardError(f'{where} must be a list of cells (labels such as "a1", or numbers)')
    cells = []
    for v in value:
        if isinstance(v, str):
            if v.strip().lower() not in index:
                raise BoardError(f"{where} name a cell {v!r} that is not among the cells")
            cells.append(index[v.strip().lower()])
        elif isinstance(v, int) and not isinstance(v, bool):
            cells.append(v)
        else:
            raise BoardError(
                f'{where} must be cells: labels such as "a1", or numbers (a cell\'s place in '
                f"'cells', from 0), not {_compact(v)[:40]}"
            )
    return cells


def _pair(items: list[int], where: str) -> tuple[int, int]:
    if len(items) != 2:
        raise BoardError(f"each entry of '{where}' must be a pair of cells")
    return items[0], items[1]


def _missing(where: str) -> BoardError:
    """A field left out, said so ("must be a list" of a field not there read as a field of
    the wrong kind: tester 72)."""
    plural = where.endswith("s")  # ("its neighbours are"; a key's name: "'corners' is")
    return BoardError(f"{where} {'are' if plural else 'is'} missing")


def _point(value: Any, where: str) -> Point:
    if value is None:
        raise _missing(where)
    if (
        not isinstance(value, Sequence)
        or len(value) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        raise BoardError(f"{where} must be a pair of numbers")
    try:
        x, y = float(value[0]), float(value[1])
    except OverflowError:
        raise BoardError(f"{where} must be finite numbers") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise BoardError(f"{where} must be finite numbers")
    if abs(x) > MAX_COORDINATE or abs(y) > MAX_COORDINATE:
        raise BoardError(f"{where} must be numbers from -{MAX_COORDINATE:,} to {MAX_COORDINATE:,}")
    return x, y
