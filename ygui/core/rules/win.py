"""Win predicates: what a group must touch for its owner to win.

Every game is judged the same way (docs/rules.md). Each group has a side mask (bit i set
when it touches side i) and, for Hexagonal Y, a perimeter mask (bit j set when it holds
perimeter cell j). ``objectives`` turns a group's masks into a bit set of what the group
achieves; a player has won when the union over their groups satisfies ``is_win``.

- side-set games: one objective bit, set when the mask covers a winning set of sides;
- Poly-Y: one bit per corner the group captures; a majority of corners wins;
- Hexagonal Y: one bit, set by the perimeter-gap test.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property


@dataclass(frozen=True)
class SideSetRule:
    """A group wins when the sides it touches include one of ``winning_sets``."""

    side_names: tuple[str, ...]
    winning_sets: tuple[frozenset[str], ...]
    # what the rules call each winning set (Starboard Y's "disjoint Y" and "starboard Y"), or
    # nothing: the winner's sentence names the kind it made
    kinds: tuple[str, ...] = ()
    needs_perimeter: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        for s in self.winning_sets:
            unknown = s - set(self.side_names)
            if unknown:
                raise ValueError(f"unknown sides in a winning set: {sorted(unknown)}")
        if self.kinds and len(self.kinds) != len(self.winning_sets):
            raise ValueError("a kind for each winning set, or none")

    def kind_won(self, sides: Iterable[str]) -> str:
        """The kind of the first winning set among ``sides`` ("" where the sets have no
        kinds, or none is among them)."""
        return self.kind_of(self.set_won(sides))

    def set_won(self, sides: Iterable[str]) -> frozenset[str] | None:
        """The first winning set among ``sides`` (the one ``kind_won`` names), or None."""
        touched = set(sides)
        return next((w for w in self.winning_sets if w <= touched), None)

    def kind_of(self, winning: frozenset[str] | None) -> str:
        """What the rules call ``winning``, one of the winning sets ("" for None, or where
        the sets have no kinds)."""
        if winning is None or not self.kinds:
            return ""
        return self.kinds[self.winning_sets.index(winning)]

    @cached_property
    def masks(self) -> tuple[int, ...]:
        return tuple(sum(1 << self.side_names.index(n) for n in s) for s in self.winning_sets)

    def table(self) -> list[int]:
        """objectives by side mask: 1 where the mask wins."""
        masks = self.masks
        return [
            1 if any(mask & w == w for w in masks) else 0
            for mask in range(1 << len(self.side_names))
        ]

    def objectives(self, side_mask: int, perimeter_mask: int = 0) -> int:
        return 1 if any(side_mask & w == w for w in self.masks) else 0

    def is_win(self, objectives: int) -> bool:
        return objectives != 0


@dataclass(frozen=True)
class CornerRule:
    """Poly-Y: corner s lies between sides s-1 and s. A group captures it when it touches
    both and at least one other side; a majority of the corners wins."""

    corners: int
    needs_perimeter: bool = field(default=False, init=False)

    def table(self) -> list[int]:
        return [self._captured(mask) for mask in range(1 << self.corners)]

    def _captured(self, mask: int) -> int:
        k = self.corners
        result = 0
        for s in range(k):
            pair = (1 << s) | (1 << ((s - 1) % k))
            if mask & pair == pair and mask & ~pair:
                result |= 1 << s
        return result

    def objectives(self, side_mask: int, perimeter_mask: int = 0) -> int:
        return self._captured(side_mask)

    def is_win(self, objectives: int) -> bool:
        return objectives.bit_count() * 2 > self.corners


@dataclass(frozen=True)
class PerimeterRule:
    """Hexagonal Y: a group with at least two perimeter cells wins when the largest run of
    perimeter cells it does not hold is shorter than half the perimeter (counting cells)."""

    perimeter_length: int
    needs_perimeter: bool = field(default=True, init=False)

    def objectives(self, side_mask: int, perimeter_mask: int = 0) -> int:
        return 1 if self.wins(perimeter_mask) else 0

    def wins(self, perimeter_mask: int) -> bool:
        if perimeter_mask.bit_count() < 2:
            return False
        return 2 * largest_gap(perimeter_mask, self.perimeter_length) < self.perimeter_length

    def is_win(self, objectives: int) -> bool:
        return objectives != 0


def largest_gap(mask: int, length: int) -> int:
    """The longest run of clear bits in a ``length``-bit mask read as a cycle."""
    if mask == 0:
        return length
    bits = [(mask >> i) & 1 for i in range(length)]
    start = bits.index(1)
    best = run = 0
    for i in range(1, length + 1):
        if bits[(start + i) % length]:
            best = max(best, run)
            run = 0
        else:
            run += 1
    return best


WinRule = SideSetRule | CornerRule | PerimeterRule


def groups_of(
    neighbours: Sequence[Sequence[int]], colours: Sequence[int], colour: int
) -> list[list[int]]:
    """The groups of one colour, found afresh (used to check positions, not in play)."""
    seen = [False] * len(colours)
    groups = []
    for start, c in enumerate(colours):
        if c != colour or seen[start]:
            continue
        seen[start] = True
        group, stack = [], [start]
        while stack:
            a = stack.pop()
            group.append(a)
            for b in neighbours[a]:
                if colours[b] == colour and not seen[b]:
                    seen[b] = True
                    stack.append(b)
        groups.append(group)
    return groups


def masks_of(
    group: Iterable[int], side_mask: Sequence[int], perimeter_position: dict[int, int]
) -> tuple[int, int]:
    sides = perim = 0
    for cell in group:
        sides |= side_mask[cell]
        if cell in perimeter_position:
            perim |= 1 << perimeter_position[cell]
    return sides, perim
