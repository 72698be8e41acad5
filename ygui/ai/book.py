"""The opening book: values of the first moves, found by deep searches made in advance.

Early in a game a search of a fraction of a second judges badly: on Y 11 the reply to a first
stone off the centre decides much of the game, and a search even of a million playouts
sometimes misses that taking the centre wins. The book holds, for a board, the value of every
reply to every first stone, each found by a search of its own after that reply
(``scripts/build_book.py``), so the engine's strong levels answer the first stone as well as
the book's searches did. From the same values it knows the first moves' worth: without the
pie rule it opens with the best, with the pie rule with the one nearest to even, so that
swapping is hard; and as the second player it swaps when the first stone is worth more than
half. On boards where even a deep search finds every first stone near even (Poly-Y, the Game
of Y, Hexagonal Y, Starboard Y), the first stones' worth is instead what each won in games of
the engine against itself (``build_book.py --self-play``), and the book opens and swaps by it.

A book file (``resources/book/*.json``) names its game and options and lists positions up to
the board's symmetries, each position as the stones of the side to move and of the other side,
with the values of the side to move's replies. Loading expands them over the symmetries.
A damaged or unknown file is skipped with a message on the log; the engine then searches.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ygui.ai.shipped import shipped
from ygui.core.game import SWAP, Game, Move
from ygui.core.geometry import BoardGeometry
from ygui.core.rules.win import SideSetRule, WinRule
from ygui.core.variants import GameOptions, OptionsError

FORMAT = "ygui-book"
FORMAT_VERSION = 1
# with the pie rule, first moves whose value is within this of the one nearest to even are
# equally good openings: the seed picks among them
EVEN_MARGIN = 0.02


Position = tuple[frozenset[int], frozenset[int]]  # the mover's stones, the other side's
EMPTY: Position = (frozenset(), frozenset())  # the empty board: the first stones' values


class BookError(ValueError):
    """A book file that cannot be used; the message says why."""


@dataclass(frozen=True)
class BookMove:
    move: Move
    value: float  # for the side that moves, 0..1
    choices: int  # how many moves the book knew here


# ----- symmetries ---------------------------------------------------------------------------
def symmetries(geometry: BoardGeometry, rule: WinRule | None = None) -> list[tuple[int, ...]]:
    """The board's symmetries as permutations of its cells (the identity first): the
    rotations and reflections of its drawing about its centre that map cells onto cells and
    keep the neighbours, the sides (as a whole), the corners and the perimeter, and, given the
    game's ``rule``, the sets of sides that win (Eccentric Y's two black sides stay black;
    Starboard Y's starboard sides are not mirrored into port ones)."""
    n = geometry.size
    xs = [p[0] for p in geometry.centres]
    ys = [p[1] for p in geometry.centres]
    cx, cy = sum(xs) / n, sum(ys) / n
    spacing = min(math.dist(geometry.centres[a], geometry.centres[b]) for a, b in geometry.edges)
    where = {
        (round((x - cx) / spacing * 4), round((y - cy) / spacing * 4)): i
        for i, (x, y) in enumerate(geometry.centres)
    }
    found: list[tuple[int, ...]] = []
    angles = sorted({round(360 * i / k, 6) % 360 for k in (4, 5, 6) for i in range(k)})
    for reflect in (False, True):
        for degrees in angles:
            a = math.radians(degrees)
            perm: list[int] = []
            for x, y in geometry.centres:
                u, v = x - cx, y - cy
                if reflect:
                    u = -u
                ru = u * math.cos(a) - v * math.sin(a)
                rv = u * math.sin(a) + v * math.cos(a)
                key = (round(ru / spacing * 4), round(rv / spacing * 4))
                if key not in where:
                    break
                perm.append(where[key])
            else:
                if (
                    len(set(perm)) == n
                    and _keeps_board(geometry, perm)
                    and _keeps_rule(geometry, perm, rule)
                ):
                    found.append(tuple(perm))
    identity = tuple(range(n))
    return [identity] + [p for p in dict.fromkeys(found) if p != identity]


def _keeps_board(geometry: BoardGeometry, perm: Sequence[int]) -> bool:
    for a, nbrs in enumerate(geometry.neighbours):
        if {perm[b] for b in nbrs} != set(geometry.neighbours[perm[a]]):
            return False
    sides = {frozenset(s) for s in geometry.sides}
    if {frozenset(perm[c] for c in s) for s in geometry.sides} != sides:
        return False
    if {perm[c] for c in geometry.corners} != set(geometry.corners):
        return False
    if {perm[c] for c in geometry.perimeter} != set(geometry.perimeter):
        return False
    pairs = {frozenset(p) for p in geometry.opposite_pairs}
    return {frozenset((perm[a], perm[b])) for a, b in geometry.opposite_pairs} == pairs


def _keeps_rule(geometry: BoardGeometry, perm: Sequence[int], rule: WinRule | None) -> bool:
    if not isinstance(rule, SideSetRule):
        return True  # Y's three sides, and the corner majorities of Poly-Y and the Game of Y
    named = list(zip(geometry.side_names, geometry.sides, strict=True))
    index = {frozenset(s): name for name, s in named}
    image = {name: index[frozenset(perm[c] for c in s)] for name, s in named}
    wins = set(rule.winning_sets)
    return {frozenset(image[n] for n in w) for w in wins} == wins


# ----- the book -----------------------------------------------------------------------------
def best_of(values: Mapping[int, float]) -> int:
    """The move of highest value; of equals, the lowest cell (the builder follows the same
    choice when it extends the book past the best reply)."""
    return max(values, key=lambda c: (values[c], -c))


def book_key(options: GameOptions) -> tuple[str, ...]:
    """What a book must match: the game, its board and its turns (not the pie rule, which the
    book's values decide by themselves)."""
    opts = options.validated()
    return (opts.game, *(k for k in opts.to_keys() if not k.startswith("pie=")))


class Book:
    """The positions of one board's book, expanded over the board's symmetries."""

    def __init__(
        self,
        options: GameOptions,
        positions: dict[Position, dict[int, float]],
        levels: dict[int, dict[int, float]] | None = None,
        opens_to: int | None = None,
        records: dict[int | None, dict[int, tuple[int, int]]] | None = None,
    ):
        self.options = options.validated()
        self.key = book_key(self.options)
        self.positions = positions
        # the first stones' worth in games at a level, where the book has it for that level
        # (``at_level`` in the file): the stronger the play, the more the first stones' worth
        # differs from a search's (Y 11's book opening won 58% of its games at level 7, 21%
        # at level 10)
        self.levels = levels or {}
        # the highest level whose first stone and swap under the pie rule the book chooses,
        # where it has no games at a level (``opens_to_level`` in the file; None: every
        # level): above it the search does (Hexagonal Y 7's book, by its level-7 games, gave
        # the first player 61% at level 10, the search alone 52%)
        self.opens_to = opens_to
        # the games behind the first stones' worth, where it comes from games: (wins of the
        # stone's player, games) by level (``at_level``) and None (the book's own ``games``)
        self.records = records or {}

    # ----- reading and writing -------------------------------------------------------
    @staticmethod
    def from_dict(data: Any) -> Book:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BookError(f"not a {FORMAT} file")
        if data.get("version") != FORMAT_VERSION:
            raise BookError(f"version {data.get('version')!r} is not {FORMAT_VERSION}")
        try:
            options = GameOptions.from_keys(str(data["game"]), [str(w) for w in data["options"]])
        except (KeyError, TypeError) as error:
            raise BookError(f"no game or options ({error})") from None
        except OptionsError as error:
            raise BookError(str(error)) from None
        geometry = options.board()
        syms = symmetries(geometry, options.variant.build_rule(geometry))
        positions: dict[Position, dict[int, float]] = {}
        entries = data.get("positions")
        if not isinstance(entries, list):
            raise BookError("no list of positions")
        for number, entry in enumerate(entries, 1):
            try:
                mine = [geometry.cell(str(c)) for c in entry["mine"]]
                theirs = [geometry.cell(str(c)) for c in entry["theirs"]]
                values = {geometry.cell(str(c)): float(v) for c, v in entry["values"].items()}
            except (KeyError, TypeError, AttributeError, ValueError) as error:
                raise BookError(f"position {number}: {error}") from None
            if not values or any(not 0.0 <= v <= 1.0 for v in values.values()):
                raise BookError(f"position {number}: values are 0 to 1, one at least")
            if set(values) & (set(mine) | set(theirs)):
                raise BookError(f"position {number}: a value for an occupied cell")
            for perm in syms:
                key = (frozenset(perm[c] for c in mine), frozenset(perm[c] for c in theirs))
                mapped = positions.setdefault(key, {})
                for c, v in values.items():
                    mapped.setdefault(perm[c], v)
        records = _records(entries[0] if entries else {}, geometry, syms)
        levels = {
            level: {c: w / g for c, (w, g) in counts.items()}
            for level, counts in records.items()
            if level is not None
        }
        opens_to = data.get("opens_to_level")
        if opens_to is not None and (
            not isinstance(opens_to, int) or isinstance(opens_to, bool) or opens_to < 1
        ):
            raise BookError(f"opens_to_level {opens_to!r} is not a level")
        return Book(options, positions, levels, opens_to, records)

    @staticmethod
    def from_json(text: str) -> Book:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise BookError(f"not JSON: {error}") from None
        return Book.from_dict(data)

    # ----- looking up ----------------------------------------------------------------
    def matches(self, game: Game) -> bool:
        return (
            book_key(game.options) == self.key
            and game.geometry.neighbours == self.options.board().neighbours
            and game.stones_in_turn() == 1
        )

    def values(self, game: Game) -> dict[int, float] | None:
        """The book's values of the moves of the side to move here, or None."""
        if not self.matches(game) or game.is_over:
            return None
        me = game.to_move
        colours = game.colours
        mine = frozenset(c for c, s in enumerate(colours) if s == me)
        theirs = frozenset(c for c, s in enumerate(colours) if s not in (0, me))
        return self.positions.get((mine, theirs))

    def _games_level(self, level: int | None) -> int | None:
        """The highest level at or below ``level`` the book has first stones' games for, or
        None (then its own values count)."""
        known = [at for at in self.levels if level is not None and at <= level]
        return max(known) if known else None

    def first_stones(self, level: int | None = None) -> dict[int, float]:
        """The first stones' worth for the first player: in games at the highest level the
        book has at or below ``level``, else the book's own values."""
        at = self._games_level(level)
        return self.positions.get(EMPTY, {}) if at is None else self.levels[at]

    def first_stone_games(self, cell: int, level: int | None = None) -> tuple[int, int] | None:
        """The games behind a first stone's worth at ``level`` (its player's wins, games):
        those at the level the book opens by there, else the book's own; None where its worth
        comes from searches."""
        table = self.records.get(self._games_level(level))
        return None if table is None else table.get(cell)

    def _first_worth(self, game: Game, level: int | None, best_reply: float) -> float:
        """The first stone's worth to its owner at the swap's moment, by the book at
        ``level``: its games' or values' where it has them, else its best reply's
        complement."""
        opening = self.first_stones(level)
        first = game.moves[0].cell if game.moves else None
        return opening[first] if first in opening else 1.0 - best_reply

    def swap_worth(self, game: Game, level: int | None = None) -> float | None:
        """The first stone's worth to its owner by which the book swaps it or keeps it at
        ``level`` (the swap's moment of a game it knows), or None where the book does not
        decide there."""
        if not game.can_swap or self._steps_aside(level):
            return None
        values = self.values(game)
        legal = {c: v for c, v in (values or {}).items() if game.is_legal(Move(c))}
        if not legal:
            return None
        return self._first_worth(game, level, legal[best_of(legal)])

    def _steps_aside(self, level: int | None) -> bool:
        """Whether the search, not the book, chooses the first stone and the swap at
        ``level``: above the book's ``opens_to``, where it has no games at that level."""
        if self.opens_to is None or level is None or level <= self.opens_to:
            return False
        return not any(at <= level for at in self.levels if at > self.opens_to)

    def move(self, game: Game, seed: int = 1, level: int | None = None) -> BookMove | None:
        """The book's move here, or None if the book does not know the position; the first
        stone and the swap are chosen by their worth at ``level`` where the book has it."""
        values = self.values(game)
        # (the first stone and the swap under the pie rule: without it, the strongest first
        # stone is the book's to play at every level)
        deciding = game.options.pie_value and not game.setup and (not game.moves or game.can_swap)
        if deciding and self._steps_aside(level):
            return None
        if values is not None and not game.moves and not game.setup:
            values = self.first_stones(level) or values
        if not values:
            return None
        legal = {c: v for c, v in values.items() if game.is_legal(Move(c))}
        if not legal:
            return None
        best = best_of(legal)
        if game.can_swap:
            # after a swap the other player faces this position: it swaps a first stone worth
            # more than half (the opening's value where the book has one: its best reply's
            # complement, or what the stone won in self-play where a search could not tell)
            worth = self._first_worth(game, level, legal[best])
            if worth > 0.5:
                return BookMove(SWAP, worth, len(legal) + 1)
            return BookMove(Move(best), legal[best], len(legal) + 1)
        if not game.moves and not game.setup and game.options.pie_value:
            # an opening the other player cannot gain from by swapping: nearest to even
            nearest = min(abs(v - 0.5) for v in legal.values())
            even = sorted(c for c, v in legal.items() if abs(v - 0.5) <= nearest + EVEN_MARGIN)
            pick = even[seed % len(even)]
            return BookMove(Move(pick), legal[pick], len(legal))
        return BookMove(Move(best), legal[best], len(legal))


@lru_cache(maxsize=1)
def books() -> tuple[Book, ...]:
    """The books shipped in ``resources/book``; a file that cannot be read is skipped."""
    return shipped("book", Book.from_json, (BookError,), "opening book")


def _book_for(game: Game) -> Book | None:
    """The shipped book of ``game``'s board and rules, or None."""
    return next((book for book in books() if book.matches(game)), None)


def swap_worth(game: Game, level: int | None = None) -> float | None:
    """The worth to its owner by which a book swaps or keeps the first stone of ``game`` at
    ``level`` (``Book.swap_worth``), or None where no book decides."""
    book = _book_for(game)
    return None if book is None else book.swap_worth(game, level)


def first_stone_games(game: Game, level: int | None = None) -> tuple[int, int] | None:
    """The games behind the worth a book gives the first stone of ``game`` (at its second
    move, the swap's moment) at ``level``: (its player's wins, games), or None where no book
    knows it from games."""
    if len(game.moves) != 1 or game.moves[0].cell is None or game.setup:
        return None
    book = _book_for(game)
    return None if book is None else book.first_stone_games(game.moves[0].cell, level)


def book_move(
    game: Game, seed: int = 1, shelf: Iterable[Book] | None = None, level: int | None = None
) -> BookMove | None:
    """The move of the first book that knows this position (at ``level``), or None."""
    for book in books() if shelf is None else shelf:
        found = book.move(game, seed, level)
        if found is not None:
            return found
    return None


def _records(
    entry: Any, geometry: BoardGeometry, syms: list[tuple[int, ...]]
) -> dict[int | None, dict[int, tuple[int, int]]]:
    """The games of the first stones the book's first position has, over the board's
    symmetries: at each level (``"at_level": {"10": {"e3": [wins, games], ...}}``), and the
    book's own (``"games"``, under None, whose worth is the position's values already)."""
    found: dict[int | None, dict[int, tuple[int, int]]] = {}
    at_level = entry.get("at_level", {}) if isinstance(entry, dict) else {}
    if not isinstance(at_level, dict):
        raise BookError("at_level is not a table of levels")
    own = entry.get("games", {}) if isinstance(entry, dict) else {}
    tables: list[tuple[int | None, Any]] = [(None, own)] if isinstance(own, dict) else []
    for level, games in [*at_level.items(), *tables]:
        where = "games" if level is None else f"at_level {level!r}"
        try:
            number = None if level is None else int(level)
            counts = {geometry.cell(str(c)): (int(w), int(g)) for c, (w, g) in games.items()}
        except (TypeError, ValueError, AttributeError) as error:
            raise BookError(f"{where}: {error}") from None
        if any(not 0 <= w <= g or g == 0 for w, g in counts.values()):
            raise BookError(f"{where}: wins are 0 to the games, of one game at least")
        found[number] = {perm[c]: t for perm in syms for c, t in counts.items()}
    return found
