"""Plain-text pictures of a position (GTP ``showboard``, logs, test failures)."""

from __future__ import annotations

from collections.abc import Callable

from ygui.core.game import BLACK, WHITE, Game

_LATTICE_SHAPES = ("triangle", "hexagon", "starboard")


def diagram(game: Game) -> str:
    """Rows of stones for lattice boards; lists of stones for the others."""
    g = game.geometry
    text = _lattice(game) if g.meta.get("shape") in _LATTICE_SHAPES else _listing(game)
    status = (
        f"{game.colour_name(game.winner)} has won"
        if game.winner is not None
        else f"{game.colour_name(game.to_move)} to play"
        + (
            f" ({game.stones_left_in_turn} stones left this turn)"
            if game.stones_left_in_turn > 1
            else ""
        )
    )
    return f"{text}\n{status}"


def _symbol(game: Game, cell: int) -> str:
    return {BLACK: "X", WHITE: "O"}.get(game.colours[cell], ".")


def cell_map(game: Game, marks: dict[int, str], blank: str = ".") -> str:
    """A picture of the board with one character a cell: ``marks`` where given, else the
    stone, else ``blank`` (lattice boards); a list of the marked cells for the others."""
    g = game.geometry
    if g.meta.get("shape") in _LATTICE_SHAPES:

        def symbol(cell: int) -> str:
            return marks.get(cell) or _symbol(game, cell).replace(".", blank)

        return _lattice(game, symbol)
    groups: dict[str, list[str]] = {}
    for cell in range(g.size):
        if cell in marks:
            groups.setdefault(marks[cell], []).append(g.labels[cell])
    return "\n".join(f"{mark}: {' '.join(cells)}" for mark, cells in sorted(groups.items()))


def _lattice(game: Game, symbol: Callable[[int], str] | None = None) -> str:
    g = game.geometry
    symbol = symbol or (lambda cell: _symbol(game, cell))
    rows: dict[int, list[int]] = {}
    for cell, (_, y) in enumerate(g.centres):
        rows.setdefault(round(y * 1000), []).append(cell)
    min_x = min(x for x, _ in g.centres)
    lines = []
    for key in sorted(rows):
        cells = sorted(rows[key], key=lambda c: g.centres[c][0])
        row_label = g.labels[cells[0]].lstrip("abcdefghijklmnopqrstuvwxyz")
        width = round((g.centres[cells[0]][0] - min_x) * 2)
        line = " " * width + " ".join(symbol(c) for c in cells)
        lines.append(f"{row_label:>3} {line}")
    return "\n".join(lines)


def _listing(game: Game) -> str:
    g = game.geometry
    parts = []
    for colour in (BLACK, WHITE):
        cells = [g.labels[c] for c in range(g.size) if game.colours[c] == colour]
        parts.append(f"{game.colour_name(colour)}: {' '.join(cells) or '-'}")
    return "\n".join(parts)
