"""The second player's decision under the pie rule, against a deep search's.

    python benchmarks/swap_decisions.py [--game starboard-y] [--level 7] [--stones 40]
                                        [--deep 1000000] [--references FILE]

For first stones spread over the board (every symmetry class, up to ``--stones``), the
engine at ``--level`` decides whether to swap; a deep search of the same position (``--deep``
playouts; its best move's rate v for the second player, so the swap is worth 1 - v) says
what the decision should have been. Stones the deep search finds within 0.03 of even are
left out (either choice is right). Prints each stone and the count of wrong decisions. The
deep searches are kept in ``--references`` (JSON), so that another checkout (run with its
own ``PYTHONPATH``) is judged against the same figures.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ygui.ai.book import symmetries
from ygui.ai.engine import Engine, SearchLimits
from ygui.core.game import Game, Move
from ygui.core.variants import GameOptions

NEAR_EVEN = 0.03


def first_stones(options: GameOptions, count: int) -> list[int]:
    """One cell of each symmetry class, spread over the board, at most ``count``."""
    geometry = options.board()
    syms = symmetries(geometry, options.variant.build_rule(geometry))
    seen: set[int] = set()
    cells = []
    for c in range(geometry.size):
        if c in seen:
            continue
        seen |= {s[c] for s in syms}
        cells.append(c)
    step = max(1, len(cells) // count)
    return cells[::step][:count]


def after(options: GameOptions, cell: int) -> Game:
    game = Game(options)
    game.play(Move(cell))
    return game


def reference(options: GameOptions, cell: int, deep: int) -> float:
    """The second player's best rate without the swap, by a deep search."""
    result = Engine(seed=7).search(after(options, cell), SearchLimits(playouts=deep))
    best = next(c for c in result.candidates if not c.move.is_swap)
    return best.win_rate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="starboard-y")
    parser.add_argument("--size", type=int)
    parser.add_argument("--level", type=int, default=7)
    parser.add_argument("--stones", type=int, default=40)
    parser.add_argument("--deep", type=int, default=1_000_000)
    parser.add_argument("--references", default="")
    args = parser.parse_args()
    options = GameOptions(game=args.game, size=args.size, pie=True).validated()
    path = Path(args.references) if args.references else None
    known: dict[str, float] = json.loads(path.read_text()) if path and path.exists() else {}
    wrong = judged = swapped = 0
    for cell in first_stones(options, args.stones):
        key = f"{options.describe()}|{cell}|{args.deep}"
        if key not in known:
            known[key] = reference(options, cell, args.deep)
            if path:
                path.write_text(json.dumps(known, indent=1))
        v = known[key]
        game = after(options, cell)
        result = Engine(seed=cell + 1).search(game, SearchLimits.level(args.level, seed=cell))
        swaps = result.move.is_swap
        swapped += swaps
        right = v < 0.5
        near = abs(v - 0.5) < NEAR_EVEN
        if not near:
            judged += 1
            wrong += swaps != right
        verdict = "near even" if near else ("right" if swaps == right else "WRONG")
        label = game.geometry.labels[cell]
        print(f"{label:>5}: deep v {v:.3f}, swap {'yes' if swaps else 'no '} - {verdict}")
    print(
        f"{options.describe()}, level {args.level}: {wrong} wrong of {judged} judged "
        f"(swapped {swapped})"
    )


if __name__ == "__main__":
    main()
