"""The table of solved boards: the empty board of each game at its small sizes, solved without
the pie rule, and the map of every first move (README: "Exact answers on small boards").

    python benchmarks/solve_table.py [SECONDS_PER_POSITION]

Prints a Markdown table: the board, its cells, who wins the empty board and with which first
move, the time to prove it, then how many first moves win, lose or stay unknown within the
time per move and the map's total time; then, for each board whose map is complete, the
winning first moves.
"""

from __future__ import annotations

import sys
import time

from ygui.ai.solver import Solver
from ygui.core.game import Game
from ygui.core.variants import GameOptions

BOARDS: list[tuple[str, int, dict[str, int]]] = [
    ("y", 3, {}),
    ("y", 4, {}),
    ("y", 5, {}),
    ("y", 6, {}),
    ("y", 7, {}),
    ("y", 8, {}),
    ("hexagonal-y", 3, {}),
    ("eccentric-y", 3, {}),
    ("poly-y", 4, {"corners": 3}),
    ("starboard-y", 3, {}),
    ("game-of-y", 5, {}),
    ("poly-y", 4, {}),
]


def main() -> int:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    print(f"Each position within {seconds:g} s; the pie rule off.\n")
    print("| board | cells | empty board | time | first moves: win / lose / unknown | map time |")
    print("| --- | --- | --- | --- | --- | --- |")
    winners: list[str] = []
    for name, size, more in BOARDS:
        game = Game(GameOptions(game=name, size=size, pie=False, corners=more.get("corners")))
        title = f"{game.variant.title} {size}" + "".join(f" {k}={v}" for k, v in more.items())
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
        solved = solver.solve_map(game, seconds)
        map_took = time.perf_counter() - started
        won, lost = solved.winning(), solved.losing()
        unknown = len(solved.results) - len(won) - len(lost)
        print(
            f"| {title} | {game.geometry.size} | {verdict} | {took:.2f} s "
            f"| {len(won)} / {len(lost)} / {unknown} | {map_took:.1f} s |",
            flush=True,
        )
        if solved.complete:
            cells = " ".join(sorted(game.move_text(m) for m in won))
            winners.append(f"- {title}: {cells}")
    print("\nWinning first moves (complete maps):\n")
    print("\n".join(winners))
    return 0


if __name__ == "__main__":
    sys.exit(main())
