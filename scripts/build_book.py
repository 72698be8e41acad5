"""Build an opening book (see ygui/ai/book.py) for one board, with deep searches.

    python scripts/build_book.py y size=11 [--out resources/book/y-11.json]
        [--playouts 1000000] [--candidates 8] [--jobs 2]

For each first stone up to the board's symmetries, a search of ``--playouts`` from the position
names the replies it looked at most (``--candidates`` of them); the cells deepest inside the
board are added, for the centre is what a short search most often misses. Each candidate reply
is then valued by a search of its own from the position after it, from the other side. The file
lists each first stone with its replies' values; the first moves' own values follow from them.
On Y 11 with the defaults it takes about ten minutes on two cores.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path

from ygui.ai.book import FORMAT, FORMAT_VERSION, symmetries
from ygui.ai.engine import Engine, SearchLimits
from ygui.core.game import Game, Move
from ygui.core.variants import GameOptions

Task = tuple[str, tuple[str, ...], tuple[int, ...], int]


def new_game(name: str, keys: tuple[str, ...], stones: tuple[int, ...]) -> Game:
    game = Game(GameOptions.from_keys(name, [*keys, "pie=off"]))
    for cell in stones:
        game.play(Move(cell))
    return game


def candidates(task: Task, count: int) -> list[int]:
    """The replies a deep search from the position looked at most."""
    name, keys, stones, playouts = task
    game = new_game(name, keys, stones)
    result = Engine(seed=7).search(game, SearchLimits(playouts=playouts, seed=7))
    ranked = sorted(result.visits, key=lambda c: -result.visits[c])
    return ranked[:count]


def value(task: Task) -> tuple[tuple[int, ...], float]:
    """The value of the last of ``stones`` for the player who placed it."""
    name, keys, stones, playouts = task
    game = new_game(name, keys, stones)
    if game.is_over:
        return stones, 1.0 if game.winner == 3 - game.to_move else 0.0
    result = Engine(seed=11).search(game, SearchLimits(playouts=playouts, seed=11))
    return stones, 1.0 - result.win_rate


def depth(game: Game) -> list[int]:
    """Each cell's distance from the board's edge (sides, corners and perimeter)."""
    g = game.geometry
    edge = {c for side in g.sides for c in side} | set(g.corners) | set(g.perimeter)
    far = [0 if c in edge else -1 for c in range(g.size)]
    frontier = sorted(edge)
    while frontier:
        nxt = []
        for c in frontier:
            for nb in g.neighbours[c]:
                if far[nb] < 0:
                    far[nb] = far[c] + 1
                    nxt.append(nb)
        frontier = nxt
    return far


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("options", nargs="*", help="key=value, as in 'ygui gtp' (no pie)")
    parser.add_argument("--out")
    parser.add_argument("--playouts", type=int, default=1_000_000)
    parser.add_argument("--candidates", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    keys = tuple(k for k in args.options if not k.startswith("pie="))
    options = GameOptions.from_keys(args.game, [*keys, "pie=off"])
    empty = Game(options)
    geometry = empty.geometry
    syms = symmetries(geometry)
    started = time.perf_counter()
    print(f"{options.describe()}: {len(syms)} symmetries", flush=True)
    firsts = sorted({min(p[c] for p in syms) for c in range(geometry.size)})
    far = depth(empty)
    centre = [c for c in range(geometry.size) if far[c] >= max(far) - 1]
    with Pool(args.jobs) as pool:
        tasks = [(options.game, keys, (c,), args.playouts) for c in firsts]
        found = pool.starmap(candidates, [(t, args.candidates) for t in tasks])
        replies: dict[int, list[int]] = {}
        for first, ranked in zip(firsts, found, strict=True):
            # one reply of each class under the symmetries that keep the first stone
            keep = [p for p in syms if p[first] == first]
            seen: set[int] = set()
            replies[first] = []
            for r in [*ranked, *centre]:
                if r == first or r in seen:
                    continue
                seen.update(p[r] for p in keep)
                replies[first].append(r)
        jobs = [
            (options.game, keys, (first, r), args.playouts)
            for first in firsts
            for r in replies[first]
        ]
        print(f"{len(firsts)} first stones, {len(jobs)} replies to value", flush=True)
        values: dict[tuple[int, ...], float] = {}
        for stones, v in pool.imap_unordered(value, jobs):
            values[stones] = v
            if len(values) % 20 == 0:
                print(
                    f"  {len(values)}/{len(jobs)} ({time.perf_counter() - started:.0f} s)",
                    flush=True,
                )
    labels = geometry.labels
    positions = []
    for first in firsts:
        vals = {labels[r]: round(values[(first, r)], 4) for r in replies[first]}
        positions.append({"mine": [], "theirs": [labels[first]], "values": vals})
        best = max(vals, key=lambda c: vals[c])
        print(f"{labels[first]}: best reply {best} {vals[best]:.3f}", flush=True)
    # the first moves: each worth what its best reply leaves the first player
    opening = {p["theirs"][0]: round(1.0 - max(p["values"].values()), 4) for p in positions}
    positions.insert(0, {"mine": [], "theirs": [], "values": opening})
    book = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": options.game,
        "options": [k for k in options.to_keys() if not k.startswith("pie=")],
        "built": {
            "playouts": args.playouts,
            "candidates": args.candidates,
            "seconds": round(time.perf_counter() - started),
        },
        "positions": positions,
    }
    out = Path(args.out or f"resources/book/{options.game}-{options.size_value}.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    tmp.write_text(json.dumps(book, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, out)
    print(f"wrote {out} ({time.perf_counter() - started:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
