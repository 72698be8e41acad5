"""Example wins for the rules: for each game, a position where the first player has just won
with one lean group (the sides it must join, joined the short way), drawn beside the rules'
words. A newcomer found the rules in words alone, "a corner cell belongs to both sides" and
Hexagonal Y's span without a picture (tester 75)."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from itertools import combinations

from ygui.core.drawing import from_middle
from ygui.core.game import BLACK, Game
from ygui.core.geometry import BoardGeometry
from ygui.core.rules.win import CornerRule, PerimeterRule, SideSetRule
from ygui.core.variants import GameOptions

# the board each game's example is drawn on: small enough to read at a glance
EXAMPLE_SIZES = {
    "y": 7,
    "game-of-y": 7,
    "poly-y": 5,
    "mudcrack-y": 60,
    "starboard-y": 4,
    "hexagonal-y": 5,
    "eccentric-y": 5,
}


def _distances(g: BoardGeometry, starts: Sequence[int]) -> tuple[list[int], list[int]]:
    """Each cell's distance from the nearest of ``starts`` (a walk from cell to neighbour),
    and the neighbour one step nearer to them (-1 at the starts)."""
    far = g.size + 1
    distance, towards = [far] * g.size, [-1] * g.size
    queue = deque(starts)
    for cell in starts:
        distance[cell] = 0
    while queue:
        cell = queue.popleft()
        for n in g.neighbours[cell]:
            if distance[n] > distance[cell] + 1:
                distance[n], towards[n] = distance[cell] + 1, cell
                queue.append(n)
    return distance, towards


def joining(g: BoardGeometry, sides: Sequence[str]) -> set[int]:
    """A lean group touching every side of ``sides``: from the cell nearest to all of them
    (nearest the middle among equals), the shortest walk to each."""
    index = {name: i for i, name in enumerate(g.side_names)}
    shared = {
        c
        for i, side in enumerate(g.sides)
        for c in side
        if any(c in other for j, other in enumerate(g.sides) if j != i)
    }
    # (a side's own cells, not the corners it shares: a walk that ends on a corner touches
    # a side more than asked, and the example's kind of win is no longer plain)
    walks = [
        _distances(g, [c for c in g.sides[index[name]] if c not in shared] or g.sides[index[name]])
        for name in sides
    ]

    def cost(cell: int) -> tuple[int, float]:
        return sum(d[cell] for d, _ in walks), from_middle(g, cell)

    hub = min(range(g.size), key=cost)
    group = {hub}
    for _, towards in walks:
        cell = hub
        while towards[cell] >= 0:
            cell = towards[cell]
            group.add(cell)
    return group


def _spanning(g: BoardGeometry) -> set[int]:
    """Hexagonal Y: the shortest walk between two opposite edge cells, through the middle."""
    best: tuple[tuple[int, float], set[int]] | None = None
    for a, b in g.opposite_pairs:
        _, towards = _distances(g, [a])
        walk = {b}
        cell = b
        while towards[cell] >= 0:
            cell = towards[cell]
            walk.add(cell)
        off = sum(from_middle(g, c) for c in walk)
        if best is None or (len(walk), off) < best[0]:
            best = (len(walk), off), walk
    return best[1] if best is not None else set()


def example_win(game: str) -> Game | None:
    """The example position of ``game`` (a name of VARIANTS): the first player has won with
    one lean group, the fewest sides it can join to win joined; None if none was found."""
    size = EXAMPLE_SIZES.get(game)
    options = GameOptions(game=game, size=size, pie=False).validated()
    board = Game(options)
    g, rule = board.geometry, board.rule
    tries: list[set[int]] = []
    if isinstance(rule, PerimeterRule):
        tries.append(_spanning(g))
    elif isinstance(rule, SideSetRule):
        # the leanest of the winning sets' groups, touching no side more than its set's
        groups = [(joining(g, sorted(sides)), sides) for sides in rule.winning_sets]
        groups.sort(
            key=lambda pair: (len(board.sides_touched(pair[0])) > len(pair[1]), len(pair[0]))
        )
        tries += [group for group, _ in groups]
    elif isinstance(rule, CornerRule):
        names = list(g.side_names)
        for count in range(2, len(names) + 1):
            # consecutive sides first: a corner is taken between two of them
            runs = [names[i:] + names[:i] for i in range(len(names))]
            tries += [joining(g, run[:count]) for run in runs]
            tries += [joining(g, list(c)) for c in combinations(names, count)]
    for group in tries:
        if not group:
            continue
        won = Game(options, setup=dict.fromkeys(group, BLACK))
        if won.winner == BLACK:
            return won
    return None
