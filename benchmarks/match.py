"""Matches: our engine against open_spiel's C++ MCTSBot, and our levels against each other.

    python benchmarks/match.py open-spiel [--games 40] [--size 11] [--theirs 1.0] [--ours 0.0625]
                                          [--threads N] [--only white] [--moves]
                                          [--no-book] [--first 0]
    python benchmarks/match.py levels [--games 20] [--game y] [--strong 10] [--weak 7] [--no-pie]
    python benchmarks/match.py priors [--games 100] [--game y] [--playouts 15000] [--prior 20]
                                      [--scale 0.25] [--weights FILE] [--against 0]
                                      [--against-scale 0.25] [--against-weights FILE] [--no-pie]
    python benchmarks/match.py pie [--games 100] [--game y] [--size N] [--corners C] [--level 8]
                                   [--first 0]
                                   [--pie-opening] [--pie-budget K] [--model-opening K|off]
    python benchmarks/match.py checkouts DIR_A DIR_B [--games 100] [--game y] [--size 11]
        [--seconds 0.0625]
                                         [--threads 1] [--first 0]
    python benchmarks/match.py threads [--games 200] [--game y] [--seconds 0.25] [--playouts 0]
                                       [--threads 2] [--root] [--against 1] [--against-root]
                                       [--against-seconds S] [--first 0] [--balanced]
                                       [--balance-playouts 50000] [--openings FILE]

Colours alternate. Against open_spiel the pie rule is off (the issue's setting). Between levels,
and between weights of the engine's prior knowledge (at equal playouts), the game is played with
its own default rules: Y and Poly-Y with the pie rule (without it the first move is worth so
much on Y 11 that the colour, not the level, decides most games), Hexagonal Y without, as Mark
Steere's rules have it. ``--no-pie`` plays without. Prints each game as it ends, then the win
rate with a 95% Wilson confidence interval.

Against open_spiel our engine searches with one thread a core (``engine.engine_threads``, as
``ygui gtp`` does; two on a 2-core machine), each thread with a tree of its own, while
open_spiel's bot searches with one; the two never think at the same time. ``--threads 1``
measures one core against one.

``pie`` is self-play at one level under the pie rule (whatever the game's default), on the
game's default board or ``--size``: how often the first player wins (balanced is 45-55%), how
often the opening is swapped, how the first player fares when it is and when it is not, and
the openings played.

``checkouts`` plays two checkouts of ygui against each other through ``ygui gtp`` (for a change
to the engine against the code before it, at equal time a move), on Y (or ``--game``) without
the pie rule: each
game opens with two random stones, and each opening is played twice, each checkout moving first
once, so neither the colour nor the opening decides the count. Each engine searches with one
thread (``--threads``), so that two matches can run at once on two cores.

``threads`` measures what more threads buy: the engine with ``--threads`` against itself with
``--against`` threads, at equal time a move (the threads share one tree, or with ``--root``
each has its own), on the game's default board without the pie rule, openings of two random
stones each played twice as in ``checkouts``. The two never think at the same time, so run it
alone on the machine. ``--against-seconds`` gives B another time (one thread at twice the time
is what a second thread could buy at best); ``--playouts`` gives both a budget instead (the
levels are budgets: how the threads share it). ``--balanced`` keeps only openings that a
search finds near even (within 0.1): from two random stones the first mover won most games,
and a game the colour decides cannot tell the players apart. ``--balance-playouts`` is that
search's budget (50,000): openings near even for a search of 50,000 playouts were not for
players of a quarter of a second, who think longer. ``--openings FILE`` keeps the openings found
in a JSON file and reads them from it: they can be searched beforehand, on a machine busy with
other work (``--games 0 --pairs N`` only searches), and the match played alone later.
``--pie`` plays from the empty board under the pie rule instead: the first mover's stone and
the second's swap are each player's own search's (no book), so the players balance the first
move themselves, as in play, and a better search's choices count too.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from ygui.ai.engine import (
    EXPLORE,
    MODEL_OPENING,
    PIE_BUDGET,
    PRIOR,
    PRIOR_SCALE,
    Engine,
    SearchLimits,
    engine_threads,
)
from ygui.ai.priors import weights_from_dict
from ygui.core.game import BLACK, Game, Move
from ygui.core.notation import parse_letter_label
from ygui.core.variants import GameOptions


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def report(label: str, wins: int, games: int) -> None:
    low, high = wilson(wins, games)
    print(
        f"{label}: {wins}/{games} = {100 * wins / games:.0f}% "
        f"(95% interval {100 * low:.0f}%-{100 * high:.0f}%)",
        flush=True,
    )


def open_spiel_match(
    games: int,
    size: int,
    theirs: float,
    ours: float,
    threads: int,
    only: str | None,
    moves: bool,
    book: bool,
    first: int = 0,
) -> None:
    import pyspiel

    spiel_game = pyspiel.load_game("y", {"board_size": size})
    wins = 0
    played = 0
    for number in range(first, first + games):
        our_colour = BLACK if number % 2 == 0 else 3 - BLACK
        if only is not None and our_colour != (BLACK if only == "black" else 3 - BLACK):
            continue
        played += 1
        game = Game(GameOptions(game="y", size=size, pie=False).validated())
        state = spiel_game.new_initial_state()
        bot = pyspiel.MCTSBot(
            spiel_game,
            pyspiel.RandomRolloutEvaluator(1, number),
            1.4,
            10_000_000,
            4000,
            False,
            number,
            False,
            pyspiel.ChildSelectionPolicy.UCT,
            theirs,
        )
        engine = Engine(seed=number + 1, threads=threads)
        started = time.perf_counter()
        while not game.is_over:
            if game.to_move == our_colour:
                result = engine.search(
                    game,
                    SearchLimits(playouts=50_000_000, seconds=ours, seed=number + 1, book=book),
                )
                move = result.move
            else:
                action = bot.step(state)
                label = state.action_to_string(state.current_player(), action)
                move = Move(_cell_of(game, label, size))
            game.play(move)
            state.apply_action(_action_of(game.geometry.labels[move.cell or 0], size))
        won = game.winner == our_colour
        wins += won
        print(
            f"game {number + 1}: ours {'Black' if our_colour == BLACK else 'White'}, "
            f"{'won' if won else 'lost'} in {len(game.moves)} moves "
            f"({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
        if moves:
            print("  " + " ".join(game.geometry.labels[m.cell or 0] for m in game.moves))
    report(
        f"ours ({ours:.4g} s/move, {threads} thread{'s' if threads > 1 else ''}"
        f"{', book' if book else ''}) against "
        f"open_spiel MCTSBot ({theirs:g} s/move, 1 thread), Y {size}",
        wins,
        played,
    )


def _action_of(label: str, size: int) -> int:
    c, r = parse_letter_label(label)
    return (size - c) + (r - 1) * size


def _cell_of(game: Game, spiel_label: str, size: int) -> int:
    # open_spiel names cells by its own x (letter) and y (number): map through the action
    x = ord(spiel_label[0]) - ord("a")
    y = int(spiel_label[1:]) - 1
    return game.geometry.cell(f"{chr(ord('a') + size - x - 1)}{y + 1}")


def level_match(
    games: int, name: str, strong: int, weak: int, pie: bool | None, first: int = 0
) -> int:
    return duel(
        games,
        name,
        pie,
        first,
        (f"level {strong}", Engine, lambda seed: SearchLimits.level(strong, seed=seed)),
        (f"level {weak}", Engine, lambda seed: SearchLimits.level(weak, seed=seed)),
    )


def prior_match(
    games: int,
    name: str,
    playouts: int,
    pie: bool | None,
    first: int,
    ours: tuple[float, float, str | None],
    theirs: tuple[float, float, str | None],
) -> None:
    """The engine with one setting of its prior knowledge against another, at equal playouts:
    each is (playouts of head start, scale, a priors file or None for the shipped one)."""

    def limits(seed: int) -> SearchLimits:
        return SearchLimits(playouts=playouts, seed=seed)

    def player(setting: tuple[float, float, str | None]) -> Player:
        prior, scale, path = setting
        learned = None
        if path is not None:
            learned = weights_from_dict(json.loads(Path(path).read_text(encoding="utf-8")))
        label = f"prior {prior:g} x {scale:g}" + (f" ({Path(path).name})" if path else "")

        def engine(seed: int) -> Engine:
            return Engine(seed=seed, prior=prior, prior_scale=scale, weights=learned)

        return (label, engine, limits)

    duel(games, name, pie, first, player(ours), player(theirs))


Player = tuple[str, Callable[[int], Engine], Callable[[int], SearchLimits]]


def explore_match(
    games: int,
    name: str,
    level: int,
    seconds: float | None,
    pie: bool | None,
    first: int,
    ours: tuple[float, int],
    theirs: tuple[float, int],
) -> None:
    """The engine with one exploration bonus (``Engine(explore=...)``) and root width
    (``SearchLimits.wide``) against another, both at ``level`` (its playouts, book and proofs)
    or, with ``seconds``, at that time a move."""

    def player(explore: float, wide: int) -> Player:
        def limits(seed: int) -> SearchLimits:
            at_level = replace(SearchLimits.level(level, seed=seed), wide=wide)
            if seconds is None:
                return at_level
            return replace(at_level, playouts=10**9, seconds=seconds, scaled=False)

        def engine(seed: int) -> Engine:
            return Engine(seed=seed, explore=explore)

        return (f"explore {explore:g}" + (f" wide {wide}" if wide else ""), engine, limits)

    duel(games, name, pie, first, player(*ours), player(*theirs))


def level_ladder(
    games: int, name: str, strong: int, weak: int, pie: bool | None, first: int = 0
) -> None:
    """Each level from ``weak + 1`` to ``strong`` against the level below it, ``games`` games
    a step; then the steps again, as the README's table of the level ladder has them."""
    rows = []
    for level in range(weak + 1, strong + 1):
        wins = level_match(games, name, level, level - 1, pie, first)
        low, high = wilson(wins, games)
        rows.append(f"{level} vs {level - 1}: {wins}/{games} ({100 * low:.0f}-{100 * high:.0f}%)")
    print(f"the level ladder, {name}: " + "; ".join(rows), flush=True)


def duel(games: int, name: str, pie: bool | None, first: int, a: Player, b: Player) -> int:
    """Games between two players (a label, an engine for a seed, limits for a seed); the first
    moves first in even-numbered games. Prints the first player's results, and returns its
    wins. Mudcrack Y draws a board for each game (seed = the game's number)."""
    wins = 0
    for number in range(first, first + games):
        a_colour = BLACK if number % 2 == 0 else 3 - BLACK
        # (Mudcrack Y: a board of its own for each game, as in play)
        seed = number + 1 if name == "mudcrack-y" else None
        game = Game(GameOptions(game=name, pie=pie, seed=seed).validated())
        engines = {a_colour: a[1](number + 1), 3 - a_colour: b[1](number + 101)}
        limits = {a_colour: a[2], 3 - a_colour: b[2]}
        started = time.perf_counter()
        while not game.is_over:
            # a swap exchanges the players' colours: the seat is the colour before any swap
            seat = 3 - game.to_move if game.swapped else game.to_move
            seed = number * 1000 + len(game.moves) + 1
            game.play(engines[seat].search(game, limits[seat](seed)).move)
        # after a swap the players exchange colours: the first player is whoever moved second
        swapped = game.swapped
        a_final = 3 - a_colour if swapped else a_colour
        won = game.winner == a_final
        wins += won
        print(
            f"game {number + 1}: {a[0]} {'won' if won else 'lost'}, moving "
            f"{'first' if a_colour == BLACK else 'second'}"
            f"{' (the second player swapped)' if swapped else ''} "
            f"({len(game.moves)} moves, {time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    rules = "pie rule" if game.options.pie_value else "no pie rule"
    report(f"{a[0]} against {b[0]}, {name}, {rules}", wins, games)
    return wins


def pie_match(
    games: int,
    name: str,
    size: int | None,
    level: int,
    first: int,
    pie_opening: bool = False,
    pie_budget: float = PIE_BUDGET,
    model_opening: int | None = MODEL_OPENING,
    book: bool = True,
    corners: int | None = None,
) -> None:
    """Self-play under the pie rule: the balance of the first move, and the swap decisions.
    Mudcrack Y draws its board anew for each game (seed = the game's number), as in play.
    Without ``book`` the search opens and swaps where the level would use the opening book.
    ``corners``: Poly-Y's (its default if None)."""
    options = GameOptions(game=name, size=size, pie=True, corners=corners).validated()
    board = options.describe()
    if name == "mudcrack-y":
        board = board.replace(f"seed {options.seed_value}", f"seeds {first + 1}-{first + games}")
    first_wins = swaps = swapped_first_wins = 0
    openings: dict[str, list[int]] = {}  # the first stone: [games, swapped, first player won]
    for number in range(first, first + games):
        if name == "mudcrack-y":
            options = replace(options, seed=number + 1)
        game = Game(options)
        engine = {
            BLACK: Engine(seed=number + 1, pie_budget=pie_budget, model_opening=model_opening),
            3 - BLACK: Engine(
                seed=number + 101, pie_budget=pie_budget, model_opening=model_opening
            ),
        }
        started = time.perf_counter()
        while not game.is_over:
            seat = 3 - game.to_move if game.swapped else game.to_move
            limits = SearchLimits.level(level, seed=number * 1000 + len(game.moves) + 1)
            limits = replace(limits, pie_opening=pie_opening, book=limits.book and book)
            game.play(engine[seat].search(game, limits).move)
        swapped = game.swapped
        won = (game.winner == BLACK) != swapped  # after a swap the first player has White
        first_wins += won
        swaps += swapped
        swapped_first_wins += won and swapped
        opening = game.move_text(game.moves[0])
        tally = openings.setdefault(opening, [0, 0, 0])
        tally[0] += 1
        tally[1] += swapped
        tally[2] += won
        print(
            f"game {number + 1}: opening {opening}{', swapped' if swapped else ''}; the "
            f"{'first' if won else 'second'} player won ({len(game.moves)} moves, "
            f"{time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    title = f"{board}, level {level}" + (", pie opening" if pie_opening else "")
    if not book:
        title += ", no opening book"
    if pie_budget != PIE_BUDGET:
        title += f", the pie rule's decisions searched with {pie_budget:g} times the playouts"
    if model_opening != MODEL_OPENING:
        title += (
            ", the search's first stone"
            if model_opening is None
            else ", the first stones' model's nearest to even"
            if model_opening == 0
            else f", the best of the first stones' model's {model_opening} nearest to even"
        )
    report(f"{title}: the first player wins", first_wins, games)
    report(f"{title}: the opening is swapped", swaps, games)
    if swaps:
        report(f"{title}: the first player wins after a swap", swapped_first_wins, swaps)
    if games > swaps:
        report(
            f"{title}: the first player wins without a swap",
            first_wins - swapped_first_wins,
            games - swaps,
        )
    print("openings (games, swapped, the first player won):")
    for opening, (n, swapped_n, won_n) in sorted(openings.items(), key=lambda kv: -kv[1][0]):
        print(f"  {opening}: {n}, {swapped_n}, {won_n}")


# ``python -m ygui gtp`` with the checkout's own resources (opening book, prior knowledge): an
# editable install of ygui maps ygui.resources to its own tree's resources/ whatever PYTHONPATH
# says, so the checkout's package is put in its place before ygui runs.
_FROM_CHECKOUT = """
import importlib.util, runpy, sys
import ygui
root = sys.argv.pop(1)
folder = root + "/resources"
spec = importlib.util.spec_from_file_location(
    "ygui.resources", folder + "/__init__.py", submodule_search_locations=[folder]
)
resources = importlib.util.module_from_spec(spec)
sys.modules["ygui.resources"] = ygui.resources = resources
spec.loader.exec_module(resources)
sys.argv[0] = "ygui"
runpy.run_module("ygui", run_name="__main__", alter_sys=True)
"""


class GtpProcess:
    """``ygui gtp`` run from a checkout of ygui, with its resources."""

    def __init__(self, root: str) -> None:
        where = str(Path(root).resolve())
        env = {**os.environ, "PYTHONPATH": where}
        self.process = subprocess.Popen(
            [sys.executable, "-c", _FROM_CHECKOUT, where, "gtp"],
            cwd=root,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def __call__(self, command: str) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines: list[str] = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"the engine stopped after {command!r}")
            if not line.strip():
                if lines:
                    break
                continue
            lines.append(line.strip())
        answer = " ".join(lines)
        if not answer.startswith("="):
            raise RuntimeError(f"{command!r}: {answer}")
        return answer[1:].strip()

    def close(self) -> None:
        self("quit")
        self.process.wait()


OTHER = {"A": "B", "B": "A"}  # the players of a checkout match


def checkout_match(
    a: str,
    b: str,
    games: int,
    size: int | None,
    seconds: float,
    threads: int,
    first: int,
    name: str = "y",
) -> None:
    engines = {"A": GtpProcess(a), "B": GtpProcess(b)}
    options = GameOptions(game=name, size=size, pie=False).validated()
    labels = Game(options).geometry.labels
    variant = f"ygui-variant {name} size={options.size_value} pie=off"
    for engine in engines.values():
        engine(f"ygui-time {seconds}")  # (kept by each new game)
        engine(f"ygui-threads {threads}")
    wins = 0
    for number in range(first, first + games):
        for engine in engines.values():
            engine(variant)
        black = "A" if number % 2 == 0 else "B"
        owner = {"black": black, "white": OTHER[black]}
        moves = random.Random(number // 2).sample(list(labels), 2)  # the pair's opening
        for colour, move in zip(("black", "white"), moves, strict=True):
            for engine in engines.values():
                engine(f"play {colour} {move}")
        while (winner := engines["A"]("ygui-winner")) == "none":
            colour = engines["A"]("ygui-to-move")
            move = engines[owner[colour]](f"genmove {colour}")
            engines[OTHER[owner[colour]]](f"play {colour} {move}")
            moves.append(move)
        won = owner[winner] == "A"
        wins += won
        print(
            f"game {number + 1}: A {'won' if won else 'lost'} moving "
            f"{'first' if black == 'A' else 'second'} ({len(moves)} moves)",
            flush=True,
        )
    for engine in engines.values():
        engine.close()
    board = options.describe()
    report(f"A ({a}) against B ({b}), {board}, {seconds:g} s a move, no pie rule", wins, games)


Side = tuple[int, bool, float]  # threads, a tree each (root parallel), seconds a move

BALANCE_PLAYOUTS = 50_000  # the search that judges an opening (--balanced)
BALANCE = 0.1  # an opening is kept when that search finds it this near even
BALANCE_TRIES = 200


def balanced_opening(
    options: GameOptions, pair: int, playouts: int = BALANCE_PLAYOUTS
) -> list[int]:
    """Two stones, drawn at random (seeded by the pair) until a search of ``playouts`` from
    the position finds it within BALANCE of even: an opening either player can win, so that
    the colour decides fewer games and the players' difference shows in fewer of them."""
    rng = random.Random(pair)
    engine = Engine(seed=pair + 1)
    for _ in range(BALANCE_TRIES):
        game = Game(options)
        for cell in rng.sample(range(game.geometry.size), 2):
            game.play(Move(cell))
        if game.is_over:
            continue
        value = engine.search(game, SearchLimits(playouts=playouts, seed=pair)).win_rate
        if abs(value - 0.5) <= BALANCE:
            return [m.cell for m in game.moves if m.cell is not None]
    raise SystemExit(f"no opening within {BALANCE} of even in {BALANCE_TRIES} draws")


class Openings:
    """Balanced openings by pair, searched once, kept in ``path`` (JSON) when given: for
    each board and budget of the judging search, the pair's two stones."""

    def __init__(self, options: GameOptions, playouts: int, path: Path | None) -> None:
        self.options, self.playouts, self.path = options, playouts, path
        self.key = f"{' '.join(options.to_keys())} judged by {playouts}"
        self.all: dict[str, dict[str, list[int]]] = {}
        if path is not None and path.exists():
            self.all = json.loads(path.read_text(encoding="utf-8"))

    def __getitem__(self, pair: int) -> list[int]:
        found = self.all.setdefault(self.key, {})
        if str(pair) not in found:
            started = time.perf_counter()
            found[str(pair)] = balanced_opening(self.options, pair, self.playouts)
            print(f"opening {pair}: {found[str(pair)]} ({time.perf_counter() - started:.0f} s)")
            if self.path is not None:
                temporary = self.path.with_suffix(".tmp")
                temporary.write_text(json.dumps(self.all, indent=1), encoding="utf-8")
                temporary.replace(self.path)
        return found[str(pair)]


def threads_match(
    games: int,
    name: str,
    size: int | None,
    a: Side,
    b: Side,
    playouts: int,
    first: int,
    balanced: bool = False,
    balance_playouts: int = BALANCE_PLAYOUTS,
    openings_file: Path | None = None,
    pairs: int = 0,
    pie: bool = False,
) -> None:
    """The engine with one number of threads against another, each at its time a move (or
    both at ``playouts`` a move, if not 0), without the pie rule; with ``balanced``, from
    openings near even (balanced_opening, by a search of ``balance_playouts``, kept in
    ``openings_file``; ``pairs``: search this many pairs' openings first); with ``pie``, from
    the empty board under the pie rule."""
    options = GameOptions(game=name, size=size, pie=pie).validated()
    cells = Game(options).geometry.size
    wins = 0
    openings = Openings(options, balance_playouts, openings_file)
    if balanced:  # (searched beforehand, and kept in the file if there is one)
        for pair in range(first // 2, first // 2 + pairs):
            openings[pair]
    for number in range(first, first + games):
        if name == "mudcrack-y":
            options = replace(options, seed=number // 2 + 1)
        game = Game(options)
        a_colour = BLACK if number % 2 == 0 else 3 - BLACK
        sides = {a_colour: a, 3 - a_colour: b}
        engines = {
            colour: Engine(seed=number + 1 + 100 * (colour != a_colour), threads=t, shared=not r)
            for colour, (t, r, _) in sides.items()
        }
        pair = number // 2
        # (a balanced one searched once for the pair's two games)
        if pie:
            opening = []
        elif balanced:
            opening = openings[pair]
        else:
            opening = random.Random(pair).sample(range(cells), 2)
        for cell in opening:  # the pair's opening
            game.play(Move(cell))
        started = time.perf_counter()
        while not game.is_over:
            seed = number * 1000 + len(game.moves)
            # a swap exchanges the players' colours: the seat is the colour before any swap
            seat = 3 - game.to_move if game.swapped else game.to_move
            if playouts:
                limits = SearchLimits(playouts=playouts, seed=seed)
            else:
                limits = SearchLimits(playouts=10**9, seconds=sides[seat][2], seed=seed)
            game.play(engines[seat].search(game, limits).move)
        a_final = 3 - a_colour if game.swapped else a_colour
        won = game.winner == a_final
        wins += won
        print(
            f"game {number + 1}: A {'won' if won else 'lost'} moving "
            f"{'first' if a_colour == BLACK else 'second'}"
            f"{' (the second player swapped)' if game.swapped else ''} ({len(game.moves)} "
            f"moves, {time.perf_counter() - started:.0f} s)",
            flush=True,
        )

    def told(side: Side) -> str:
        threads, root, seconds = side
        kind = "" if threads == 1 else (", a tree each" if root else ", one tree")
        return f"{threads} thread{'s' if threads > 1 else ''}{kind}" + (
            "" if playouts else f", {seconds:g} s a move"
        )

    budget = f", {playouts} playouts a move" if playouts else ""
    if balanced:
        budget += f", openings within {BALANCE:g} of even at {balance_playouts:,} playouts"
    if not games:
        return
    rules = "from the empty board" if pie else "no pie rule"
    report(
        f"A ({told(a)}) against B ({told(b)}), {options.describe()}{budget}, {rules}",
        wins,
        games,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="kind", required=True)
    spiel = sub.add_parser("open-spiel")
    spiel.add_argument("--games", type=int, default=40)
    spiel.add_argument("--size", type=int, default=11)
    spiel.add_argument("--theirs", type=float, default=1.0)
    spiel.add_argument("--ours", type=float, default=1 / 16)
    spiel.add_argument(
        "--threads",
        type=int,
        default=engine_threads(),
        help="our search threads (default: one a core, %(default)s here)",
    )
    spiel.add_argument("--only", choices=("black", "white"), help="play only the games as")
    spiel.add_argument("--moves", action="store_true", help="print each game's moves")
    spiel.add_argument("--no-book", action="store_true", help="search every move, no book")
    spiel.add_argument("--first", type=int, default=0, help="number of the first game (0)")
    levels = sub.add_parser("levels")
    levels.add_argument("--games", type=int, default=20)
    levels.add_argument("--game", default="y")
    levels.add_argument("--strong", type=int, default=10)
    levels.add_argument("--weak", type=int, default=7)
    levels.add_argument("--no-pie", action="store_true", help="play without the pie rule")
    levels.add_argument(
        "--ladder",
        action="store_true",
        help="each level from weak + 1 to strong against the one below",
    )
    levels.add_argument("--first", type=int, default=0, help="number of the first game (0)")
    priors = sub.add_parser("priors")
    priors.add_argument("--games", type=int, default=100)
    priors.add_argument("--game", default="y")
    priors.add_argument("--playouts", type=int, default=15_000)
    priors.add_argument("--prior", type=float, default=PRIOR)
    priors.add_argument("--scale", type=float, default=PRIOR_SCALE)
    priors.add_argument("--weights", help="a priors file (the shipped one if not given)")
    priors.add_argument("--against", type=float, default=0.0)
    priors.add_argument("--against-scale", type=float, default=PRIOR_SCALE)
    priors.add_argument("--against-weights", help="a priors file for the other side")
    priors.add_argument("--no-pie", action="store_true", help="play without the pie rule")
    priors.add_argument("--first", type=int, default=0, help="number of the first game (0)")
    pie_parser = sub.add_parser("pie")
    pie_parser.add_argument("--games", type=int, default=100)
    pie_parser.add_argument("--game", default="y")
    pie_parser.add_argument("--size", type=int, help="the board's size (the game's default)")
    pie_parser.add_argument("--corners", type=int, help="Poly-Y's corners (its default, 5)")
    pie_parser.add_argument("--level", type=int, default=8)
    pie_parser.add_argument("--first", type=int, default=0, help="number of the first game (0)")
    pie_parser.add_argument(
        "--pie-opening",
        action="store_true",
        help="weigh the first stone apart (SearchLimits.pie_opening, off at every level)",
    )
    pie_parser.add_argument(
        "--pie-budget",
        type=float,
        default=PIE_BUDGET,
        help="the pie rule's decisions searched with this many times the level's playouts",
    )
    pie_parser.add_argument(
        "--model-opening",
        default=MODEL_OPENING,
        type=lambda text: None if text == "off" else int(text),
        help="where a first stones' model fits: weigh its K stones nearest to even by the "
        "second player's search (K), play its nearest (0), or not ask it (off)",
    )
    pie_parser.add_argument(
        "--no-book", action="store_true", help="the search opens and swaps, not the book"
    )
    checkouts = sub.add_parser("checkouts")
    checkouts.add_argument("a", help="a checkout of ygui (player A)")
    checkouts.add_argument("b", help="another checkout (player B)")
    checkouts.add_argument("--games", type=int, default=100)
    checkouts.add_argument("--game", default="y")
    checkouts.add_argument("--size", type=int, help="the game's default board if not given")
    checkouts.add_argument("--seconds", type=float, default=1 / 16)
    checkouts.add_argument("--threads", type=int, default=1, help="each engine's threads (1)")
    checkouts.add_argument("--first", type=int, default=0, help="number of the first game (0)")
    threads = sub.add_parser("threads")
    threads.add_argument("--games", type=int, default=200)
    threads.add_argument("--game", default="y")
    threads.add_argument("--size", type=int, help="the board's size (the game's default)")
    threads.add_argument("--seconds", type=float, default=0.25)
    threads.add_argument("--playouts", type=int, default=0, help="a budget, not a time")
    threads.add_argument("--threads", type=int, default=2, help="player A's threads (2)")
    threads.add_argument("--root", action="store_true", help="A's threads search a tree each")
    threads.add_argument("--against", type=int, default=1, help="player B's threads (1)")
    threads.add_argument("--against-root", action="store_true", help="B's: a tree each")
    threads.add_argument("--against-seconds", type=float, help="B's time a move (--seconds)")
    threads.add_argument("--first", type=int, default=0, help="number of the first game (0)")
    threads.add_argument("--balanced", action="store_true", help="openings near even")
    threads.add_argument(
        "--balance-playouts", type=int, default=BALANCE_PLAYOUTS, help="the judging search's"
    )
    threads.add_argument("--openings", type=Path, help="keep the openings in this JSON file")
    threads.add_argument("--pairs", type=int, default=0, help="search these openings first")
    threads.add_argument("--pie", action="store_true", help="the pie rule, no opening stones")
    explore = sub.add_parser("explore")
    explore.add_argument("--games", type=int, default=100)
    explore.add_argument("--game", default="y")
    explore.add_argument("--level", type=int, default=8)
    explore.add_argument("--seconds", type=float, help="a time a move, not the level's budget")
    explore.add_argument("--explore", type=float, default=0.1, help="player A's bonus")
    explore.add_argument("--against", type=float, default=EXPLORE, help="player B's bonus")
    explore.add_argument("--wide", type=int, default=0, help="player A's root width")
    explore.add_argument("--against-wide", type=int, default=0, help="player B's root width")
    explore.add_argument("--no-pie", action="store_true", help="play without the pie rule")
    explore.add_argument("--first", type=int, default=0, help="number of the first game (0)")
    args = parser.parse_args()
    if args.kind == "explore":
        explore_match(
            args.games,
            args.game,
            args.level,
            args.seconds,
            False if args.no_pie else None,
            args.first,
            (args.explore, args.wide),
            (args.against, args.against_wide),
        )
        return
    if args.kind == "threads":
        b_seconds = args.seconds if args.against_seconds is None else args.against_seconds
        threads_match(
            args.games,
            args.game,
            args.size,
            (args.threads, args.root, args.seconds),
            (args.against, args.against_root, b_seconds),
            args.playouts,
            args.first,
            args.balanced,
            args.balance_playouts,
            args.openings,
            args.pairs,
            args.pie,
        )
        return
    if args.kind == "checkouts":
        checkout_match(
            args.a,
            args.b,
            args.games,
            args.size,
            args.seconds,
            args.threads,
            args.first,
            args.game,
        )
        return
    if args.kind == "pie":
        pie_match(
            args.games,
            args.game,
            args.size,
            args.level,
            args.first,
            args.pie_opening,
            args.pie_budget,
            args.model_opening,
            not args.no_book,
            args.corners,
        )
        return
    if args.kind == "open-spiel":
        open_spiel_match(
            args.games,
            args.size,
            args.theirs,
            args.ours,
            args.threads,
            args.only,
            args.moves,
            not args.no_book,
            args.first,
        )
        return
    pie = False if args.no_pie else None
    if args.kind == "levels":
        play = level_ladder if args.ladder else level_match
        play(args.games, args.game, args.strong, args.weak, pie, args.first)
    else:
        prior_match(
            args.games,
            args.game,
            args.playouts,
            pie,
            args.first,
            (args.prior, args.scale, args.weights),
            (args.against, args.against_scale, args.against_weights),
        )


if __name__ == "__main__":
    main()
