"""The table of solved boards: the empty board of each game at its small sizes, solved without
the pie rule, and the map of every first move (README: "Exact answers on small boards").

    python benchmarks/solve_table.py [SECONDS_PER_POSITION] [--map SECONDS] [BOARD ...]

``--map`` gives each first move of the map its own time (default: the same). A BOARD is
``game:size`` with options after more colons, e.g. ``y:7``, ``poly-y:4:corners=3``; without
any, the boards of the README's table. Prints a Markdown table: the board, its cells,
who wins the empty board and with which first move, the time to prove it, then how many first
moves win, lose or stay unknown within the time per move and the map's total time; then each
board's map as a picture (W: the first move wins, L: it loses, ?: unknown), and whether the map
is the same under every symmetry of the board (it must be: a disagreement is a solver bug).
"""

from __future__ import annotations

import argparse
import sys
import time

from ygui.ai.book import symmetries
from ygui.ai.solver import SolveMap, Solver
from ygui.core.diagram import cell_map
from ygui.core.game import Game
from ygui.core.variants import GameOptions

BOARDS = [
    "y:3",
    "y:4",
    "y:5",
    "y:6",
    "y:7",
    "y:8",
    "hexagonal-y:3",
    "eccentric-y:3",
    "poly-y:4:corners=3",
    "starboard-y:3",
    "game-of-y:5",
    "poly-y:4",
]


def parse_board(text: str) -> tuple[GameOptions, str]:
    """``game:size[:key=value...]`` -> the options (pie rule off) and a title."""
    name, size, *more = text.split(":")
    extra = {k: int(v) for k, v in (item.split("=", 1) for item in more)}
    options = GameOptions(game=name, size=int(size), pie=False, **extra)  # type: ignore[arg-type]
    return options, text


def map_marks(game: Game, solved: SolveMap) -> dict[int, str]:
    """W, L or ? on each cell a first move can take."""
    won, lost = set(solved.winning()), set(solved.losing())
    return {
        m.cell: "W" if m in won else "L" if m in lost else "?"
        for m in solved.results
        if not m.is_swap and m.cell is not None
    }


def asymmetries(game: Game, marks: dict[int, str]) -> int:
    """How many (symmetry, cell) pairs give a settled cell and its image different results."""
    bad = 0
    for perm in symmetries(game.geometry, game.rule):
        for cell, mark in marks.items():
            image = marks.get(perm[cell])
            if mark != "?" and image not in (None, "?") and image != mark:
                bad += 1
    return bad


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seconds", type=float, nargs="?", default=60.0)
    parser.add_argument("boards", nargs="*", default=BOARDS)
    parser.add_argument("--map", type=float, dest="map_seconds")
    args = parser.parse_intermixed_args(argv)
    seconds, boards = args.seconds, args.boards
    map_seconds = args.map_seconds if args.map_seconds is not None else seconds
    print(
        f"The empty board within {seconds:g} s, each first move within {map_seconds:g} s;"
        " the pie rule off.\n"
    )
    print("| board | cells | empty board | time | first moves: win / lose / unknown | map time |")
    print("| --- | --- | --- | --- | --- | --- |")
    maps: list[str] = []
    for text in boards:
        options, title = parse_board(text)
        game = Game(options)
        solver = Solver()
        started = time.perf_counter()
        proof = solver.solve(game, seconds)
        took = time.perf_counter() - started
        if proof.winner is None:
            verdict = "unknown"
        else:
            verdict = game.colour_name(proof.winner) + " wins"
            if proof.move is not None:
                verdict += f" ({game.move_text(proof.move)})"
        started = time.perf_counter()
        solved = solver.solve_map(game, map_seconds)
        map_took = time.perf_counter() - started
        won, lost = solved.winning(), solved.losing()
        unknown = len(solved.results) - len(won) - len(lost)
        print(
            f"| {title} | {game.geometry.size} | {verdict} | {took:.2f} s "
            f"| {len(won)} / {len(lost)} / {unknown} | {map_took:.1f} s |",
            flush=True,
        )
        marks = map_marks(game, solved)
        bad = asymmetries(game, marks)
        symmetric = "the same under every symmetry" if not bad else f"{bad} ASYMMETRIES"
        maps.append(f"{title} ({symmetric}):\n{cell_map(game, marks)}")
    print("\nMaps of the first move (W wins, L loses, ? unknown):\n")
    print("\n\n".join(maps))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
