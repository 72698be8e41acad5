"""Build an opening book (see ygui/ai/book.py) for one board, with deep searches.

    python scripts/build_book.py y size=11 [--out resources/book/y-11.json]
        [--playouts 1000000] [--candidates 8] [--deeper 0]
        [--follow 0 --strongest 12 --levels 1]
        [--recheck 0 --seeds 3] [--self-play 0 --level 7] [--jobs 2]

For each first stone up to the board's symmetries, a search of ``--playouts`` from the position
names the replies it looked at most (``--candidates`` of them); the cells deepest inside the board
are added, for the centre is what a short search most often misses. Each candidate reply is then
valued by a search of its own from the position after it, from the other side. The file lists each
first stone with its replies' values; the first moves' own values follow from them. On Y 11 with
the defaults it takes about seven minutes on two cores. ``--deeper K`` goes on after the K best
first stones and the book's reply to each: it values the replies to every answer (on Y 11, K = 1 at
600,000 playouts: nine more minutes). ``--follow A`` goes on from there along the lines a strong
opponent plays: after the ``--strongest`` S answers (those that leave the book's player least) and
the book's reply to each, it values the replies to the A answers a search looks at most;
``--levels L`` does that L times, each level going on from the strongest of the lines the last
one valued. ``--recheck R`` searches the R best replies of each position again until each has
``--seeds`` searches, and keeps their mean: the best of eight values of a single search each is
often the one its search overrated. ``--self-play N --level L`` values the first stones
instead by games of the engine against itself at level L after each (N games a stone; after the
first third, only the stones still near even play on): on boards where a deep search finds
every first stone near even (Poly-Y), this is what tells the pie rule's openings apart, and the
book then swaps by it. With ``--at-level`` those games are kept as the first stones' worth at
level L alone (``at_level`` in the file): the book opens and swaps by them from that level up,
and by its other values below (on Y 11 a first stone's worth differs much between levels).
Positions and games already in the file are kept, so a build can be resumed or deepened.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from ygui.ai.book import FORMAT, FORMAT_VERSION, Position, best_of, symmetries
from ygui.ai.engine import Engine, SearchLimits
from ygui.core.game import BLACK, WHITE, Game, Move
from ygui.core.geometry import edge_distances
from ygui.core.variants import GameOptions

Task = tuple[str, tuple[str, ...], tuple[int, ...], int]  # game, options, moves, playouts


def new_game(name: str, keys: tuple[str, ...], stones: tuple[int, ...]) -> Game:
    game = Game(GameOptions.from_keys(name, [*keys, "pie=off"]))
    for cell in stones:
        game.play(Move(cell))
    return game


def candidates(task: Task, count: int) -> list[int]:
    """The replies a deep search from the position looked at most (none once it is won)."""
    name, keys, stones, playouts = task
    game = new_game(name, keys, stones)
    if game.is_over:
        return []
    result = Engine(seed=7).search(game, SearchLimits(playouts=playouts, seed=7))
    if not result.visits and result.move.cell is not None:
        return [result.move.cell]  # a win to take or a loss to block: no search needed
    ranked = sorted(result.visits, key=lambda c: -result.visits[c])
    return ranked[:count]


VALUE_SEED = 11  # the seed of a reply's first valuing search; rechecks take the next ones


def value(job: tuple[Task, int]) -> tuple[tuple[int, ...], float]:
    """The value of the last of ``stones`` for the player who placed it, by a search with
    the given seed."""
    (name, keys, stones, playouts), seed = job
    game = new_game(name, keys, stones)
    if game.is_over:  # (a win ends the game with the winner still to move)
        return stones, 1.0 if game.winner == game.colours[stones[-1]] else 0.0
    result = Engine(seed=seed).search(game, SearchLimits(playouts=playouts, seed=seed))
    return stones, 1.0 - result.win_rate


Line = tuple[int, ...]  # the moves from the empty board, Black first


# Hexagonal Y: a perimeter stone brings the opposite one (``Game.placement_cells``; in a line
# from the empty board the opposite is always empty); main() sets it for such a game
PAIRED: dict[int, int] = {}


def stones_of(line: Line) -> Position:
    """The stones of the side to move after ``line``, and of the other side (the book's key,
    as ``Book.values`` reads it from the board)."""
    mover = len(line) % 2
    placed = [(i, c) for i, c in enumerate(line)] + [
        (i, PAIRED[c]) for i, c in enumerate(line) if c in PAIRED
    ]
    return (
        frozenset(c for i, c in placed if i % 2 == mover),
        frozenset(c for i, c in placed if i % 2 != mover),
    )


def classes(syms: list[tuple[int, ...]], line: Line, cells: list[int]) -> list[int]:
    """One of each class of ``cells`` under the symmetries that keep ``line``'s stones."""
    mine, theirs = stones_of(line)
    keep = [p for p in syms if {p[c] for c in mine} == mine and {p[c] for c in theirs} == theirs]
    seen: set[int] = set(mine | theirs)
    out = []
    for c in cells:
        if c not in seen:
            seen.update(p[c] for p in keep)
            out.append(c)
    return out


def value_lines(
    pool: Any,
    name: str,
    keys: tuple[str, ...],
    syms: list[tuple[int, ...]],
    lines: list[Line],
    extra: list[int],
    args: Any,
) -> dict[Line, dict[int, float]]:
    """For each line, the values of its candidate replies: those a search looked at most and
    ``extra``, one of each class under the line's symmetries ``syms``."""
    tasks = [(name, keys, line, args.playouts) for line in lines]
    found = pool.starmap(candidates, [(t, args.candidates) for t in tasks])
    replies = {
        line: classes(syms, line, [*ranked, *extra])
        for line, ranked in zip(lines, found, strict=True)
    }
    jobs = [
        ((name, keys, (*line, r), args.playouts), VALUE_SEED)
        for line in lines
        for r in replies[line]
    ]
    print(f"{len(lines)} positions, {len(jobs)} replies to value", flush=True)
    values: dict[Line, dict[int, float]] = {line: {} for line in lines}
    for stones, v in run(pool, jobs):
        values[stones[:-1]][stones[-1]] = v
    if args.recheck and args.seeds > 1:
        # The best of several noisy values is likely one the noise raised: the book would
        # pick the luckiest search, not the best reply. The best few are searched again with
        # other seeds, and each keeps the mean of its searches.
        again = [
            ((name, keys, (*line, r), args.playouts), VALUE_SEED + s)
            for line in lines
            for r in sorted(values[line], key=lambda r: -values[line][r])[: args.recheck]
            for s in range(1, args.seeds)
        ]
        print(f"  {len(again)} searches more for the best {args.recheck} of each", flush=True)
        sums = {line: dict(vals) for line, vals in values.items()}
        for stones, v in run(pool, again):
            sums[stones[:-1]][stones[-1]] += v
        for job in again:
            stones = job[0][2]
            values[stones[:-1]][stones[-1]] = sums[stones[:-1]][stones[-1]] / args.seeds
    return values


def play_out(job: tuple[str, tuple[str, ...], int, int, int]) -> tuple[int, bool]:
    """One game of self-play at a level after the first stone ``cell``: whether the player
    of that stone won."""
    name, keys, cell, level, seed = job
    game = new_game(name, keys, (cell,))
    engines = {BLACK: Engine(seed=seed), WHITE: Engine(seed=seed + 500_000)}
    while not game.is_over:
        limits = SearchLimits.level(level, seed=seed * 1000 + len(game.moves))
        game.play(engines[game.to_move].search(game, limits).move)
    return cell, game.winner == BLACK


CLEAR = 0.2  # after the first third of its games, a first stone this far from even is settled


def self_play(
    pool: Any,
    name: str,
    keys: tuple[str, ...],
    firsts: list[Line],
    tally: dict[int, list[int]],
    args: Any,
) -> None:
    """The first stones' worth in play: ``args.self_play`` games each at ``args.level`` (the
    first third for every stone, the rest for those still near even), then, with
    ``args.focus`` K, three times as many for the K stones nearest to even (the pie rule's
    openings are chosen among them: their values must be the surest), added to ``tally``
    (the stone's wins and games so far: a build can be resumed)."""
    rounds = [-(-args.self_play // 3), args.self_play] + (
        [3 * args.self_play] if args.focus else []
    )
    for number, share in enumerate(rounds):
        jobs = []
        if number == 2:  # the focus: the stones nearest to even so far
            ranked = sorted((abs(w / g - 0.5), c) for c, (w, g) in tally.items() if g)
            focus = {c for _, c in ranked[: args.focus]}
        for (cell,) in firsts:
            wins, games = tally.setdefault(cell, [0, 0])
            if number == 1 and games and abs(wins / games - 0.5) >= CLEAR:
                continue
            if number == 2 and cell not in focus:
                continue
            jobs += [(name, keys, cell, args.level, 1 + n) for n in range(games, share)]
        print(f"{len(jobs)} games of self-play at level {args.level}", flush=True)
        started = time.perf_counter()
        for done, (cell, won) in enumerate(pool.imap_unordered(play_out, jobs), 1):
            tally[cell][0] += won
            tally[cell][1] += 1
            if done % 20 == 0:
                print(f"  {done}/{len(jobs)} ({time.perf_counter() - started:.0f} s)", flush=True)


def run(pool: Any, jobs: list[tuple[Task, int]]) -> list[tuple[tuple[int, ...], float]]:
    """The values of ``jobs``, searched by the pool, with progress on the way."""
    started = time.perf_counter()
    out = []
    for done, found in enumerate(pool.imap_unordered(value, jobs), 1):
        out.append(found)
        if done % 20 == 0:
            print(f"  {done}/{len(jobs)} ({time.perf_counter() - started:.0f} s)", flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("options", nargs="*", help="key=value, as in 'ygui gtp' (no pie)")
    parser.add_argument("--out")
    parser.add_argument("--playouts", type=int, default=1_000_000)
    parser.add_argument("--candidates", type=int, default=8)
    parser.add_argument(
        "--deeper",
        type=int,
        default=0,
        help="for the K best first stones, also value the replies to every answer to the "
        "book's reply",
    )
    parser.add_argument(
        "--follow",
        type=int,
        default=0,
        help="with --deeper: after the book's reply to each of the --strongest answers, value "
        "the replies to the FOLLOW answers a search looks at most",
    )
    parser.add_argument("--strongest", type=int, default=12)
    parser.add_argument(
        "--levels",
        type=int,
        default=1,
        help="with --follow: follow the strongest lines this many times, two moves each",
    )
    parser.add_argument(
        "--recheck",
        type=int,
        default=0,
        help="search the best RECHECK replies of each position again, --seeds searches in all",
    )
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument(
        "--self-play",
        type=int,
        default=0,
        help="value the first stones by this many games of self-play each at --level instead "
        "(where a deep search cannot tell them apart)",
    )
    parser.add_argument("--level", type=int, default=7)
    parser.add_argument(
        "--focus",
        type=int,
        default=0,
        help="with --self-play: the FOCUS stones nearest to even play on to three times as many",
    )
    parser.add_argument(
        "--at-level",
        action="store_true",
        help="with --self-play: keep the games as the first stones' worth at --level only "
        "(the book then opens and swaps by them at that level and above), not as their worth",
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    keys = tuple(k for k in args.options if not k.startswith("pie="))
    options = GameOptions.from_keys(args.game, [*keys, "pie=off"])
    geometry = options.board()
    labels = geometry.labels
    syms = symmetries(geometry, options.variant.build_rule(geometry))
    empty = Game(options)
    PAIRED.update({c: p[1] for c in range(geometry.size) if len(p := empty.placement_cells(c)) > 1})
    out = Path(args.out or f"resources/book/{options.game}-{options.size_value}.json")
    started = time.perf_counter()
    print(f"{options.describe()}: {len(syms)} symmetries", flush=True)
    # positions already in the file are kept: a build can be resumed or deepened
    known: dict[Position, dict[int, float]] = {}
    tally: dict[int, list[int]] = {}  # self-play: a first stone's wins and games
    at_level: dict[str, dict[int, list[int]]] = {}  # the same, kept per level (--at-level)
    runs: list[Any] = []  # what each build that made the file did
    kept_keys: dict[str, Any] = {}  # the file's settings a build keeps (``opens_to_level``)
    if out.exists():
        old = json.loads(out.read_text(encoding="utf-8"))
        runs = list(old.get("built", []))
        kept_keys = {k: old[k] for k in ("opens_to_level",) if k in old}
        for label, counts in old["positions"][0].get("games", {}).items():
            tally[geometry.cell(label)] = list(counts)
        for level, games in old["positions"][0].get("at_level", {}).items():
            at_level[level] = {geometry.cell(c): list(t) for c, t in games.items()}
        for entry in old["positions"]:
            if entry["theirs"] or entry["mine"]:
                key = (
                    frozenset(geometry.cell(c) for c in entry["mine"]),
                    frozenset(geometry.cell(c) for c in entry["theirs"]),
                )
                known[key] = {geometry.cell(c): v for c, v in entry["values"].items()}
        print(f"{len(known)} positions kept from {out}", flush=True)
    kept = len(known)

    def unknown(lines: list[Line]) -> list[Line]:
        return [line for line in lines if stones_of(line) not in known]

    def keep(found: dict[Line, dict[int, float]]) -> None:
        for line, vals in found.items():
            if vals:  # (a game already over has no reply)
                known[stones_of(line)] = vals

    far = edge_distances(geometry)
    firsts: list[Line] = [(c,) for c in classes(syms, (), list(range(geometry.size)))]
    with Pool(args.jobs) as pool:
        # the first stones; the cells near the centre are always among the replies valued
        near = [c for c in range(geometry.size) if far[c] >= max(far) - 1]
        keep(value_lines(pool, options.game, keys, syms, unknown(firsts), near, args))
        worth = {line: 1.0 - max(known[stones_of(line)].values()) for line in firsts}
        if args.self_play:
            games = at_level.setdefault(str(args.level), {}) if args.at_level else tally
            self_play(pool, options.game, keys, firsts, games, args)
        for line in firsts:
            if tally.get(line[0], [0, 0])[1]:
                wins, games = tally[line[0]]
                worth[line] = wins / games
        if args.deeper:
            # the strongest first stones, the book's reply, and every answer to it
            deepest = [c for c in range(geometry.size) if far[c] == max(far)]
            lines: list[Line] = []
            for line in sorted(firsts, key=lambda f: -worth[f])[: args.deeper]:
                reply = best_of(known[stones_of(line)])
                answers = classes(syms, (*line, reply), list(range(geometry.size)))
                lines += [(*line, reply, a) for a in answers]
            keep(value_lines(pool, options.game, keys, syms, unknown(lines), deepest, args))
            for _ in range(args.levels if args.follow else 0):
                # the answers that leave the book's player least, its reply to each, and
                # the answers a search expects to that: the lines a strong opponent plays;
                # each level goes on two moves from the lines the last one valued
                lines = [line for line in lines if stones_of(line) in known]
                strongest = sorted(lines, key=lambda line: max(known[stones_of(line)].values()))
                replied = [
                    (*line, best_of(known[stones_of(line)])) for line in strongest[: args.strongest]
                ]
                ranked = pool.starmap(
                    candidates,
                    [((options.game, keys, line, args.playouts), args.follow) for line in replied],
                )
                lines = [
                    (*line, a)
                    for line, found in zip(replied, ranked, strict=True)
                    for a in classes(syms, line, found)
                ]
                keep(value_lines(pool, options.game, keys, syms, unknown(lines), deepest, args))
    positions: list[dict[str, Any]] = [
        {
            "mine": [],
            "theirs": [],
            "values": {labels[line[0]]: round(worth[line], 4) for line in firsts},
            **({"games": {labels[c]: t for c, t in sorted(tally.items())}} if tally else {}),
            **(
                {
                    "at_level": {
                        level: {labels[c]: t for c, t in sorted(won.items())}
                        for level, won in sorted(at_level.items(), key=lambda kv: int(kv[0]))
                    }
                }
                if at_level
                else {}
            ),
        }
    ]
    for (mine, theirs), vals in sorted(
        known.items(), key=lambda kv: (len(kv[0][1]), sorted(kv[0][1]), sorted(kv[0][0]))
    ):
        positions.append(
            {
                "mine": [labels[c] for c in sorted(mine)],
                "theirs": [labels[c] for c in sorted(theirs)],
                "values": {labels[c]: round(v, 4) for c, v in vals.items()},
            }
        )
    for line in firsts:
        vals = known[stones_of(line)]
        best = best_of(vals)
        played = f" ({tally[line[0]][0]}/{tally[line[0]][1]} in play)" if line[0] in tally else ""
        print(
            f"{labels[line[0]]}: worth {worth[line]:.3f}{played}, "
            f"best reply {labels[best]} {vals[best]:.3f}"
        )
    book = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": options.game,
        "options": [k for k in options.to_keys() if not k.startswith("pie=")],
        "built": [
            *runs,
            {
                "playouts": args.playouts,
                "candidates": args.candidates,
                "deeper": args.deeper,
                **(
                    {"follow": args.follow, "strongest": args.strongest, "levels": args.levels}
                    if args.follow
                    else {}
                ),
                **({"recheck": args.recheck, "seeds": args.seeds} if args.recheck else {}),
                **(
                    {
                        "self_play": args.self_play,
                        "level": args.level,
                        "focus": args.focus,
                        **({"at_level": True} if args.at_level else {}),
                    }
                    if args.self_play
                    else {}
                ),
                "positions": len(known) - kept,
            },
        ],
        **kept_keys,
        "positions": positions,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    tmp.write_text(json.dumps(book, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, out)
    print(f"wrote {out} ({time.perf_counter() - started:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
