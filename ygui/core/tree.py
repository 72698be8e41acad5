"""GameTree: a game with variations, comments and per-move analysis, and a current node.

The tree is the record's tree (``RecordNode``s under ``GameRecord.root``); the first child of a
node is its main line. Playing a move that differs from the existing continuations adds a
variation instead of discarding anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from ygui.core.game import Game, Move
from ygui.core.markup import MARK_PROPS
from ygui.core.record import GameRecord, RecordNode, nodes_of

WIN_RATE = "YW"  # analysis kept in records: Black's win probability, 0..1
VISITS = "YN"  # and the number of playouts behind it
BEST_MOVE = "YM"  # and the move the engine preferred there
# and, where the search proved the position, the stones to the end of the game (the rate is
# then exact: 1 or 0)
PROVED = "YQ"


class GameTree:
    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.path: list[RecordNode] = []  # from the first move down to the current node
        self.game = record.new_game()
        # each node's child last visited (by the node's id): going forward after going back
        # follows the line one came from, not the main line, as Redo after Undo should
        self._visited: dict[int, RecordNode] = {}

    # ----- where we are -----------------------------------------------------------------
    @property
    def root(self) -> RecordNode:
        return self.record.root

    @property
    def current(self) -> RecordNode:
        return self.path[-1] if self.path else self.root

    def game_at(self, path: list[RecordNode]) -> Game:
        """A fresh game at the end of ``path`` (nodes from the first move down)."""
        game = self.record.new_game()
        for node in path:
            assert node.move is not None
            game.play(node.move)
        return game

    def go_to_path(self, path: list[RecordNode]) -> None:
        self.game = self.game_at(path)
        self.path = list(path)
        for parent, child in zip([self.root, *path], path, strict=False):
            self._visited[id(parent)] = child

    def follow(self, line: list[RecordNode]) -> bool:
        """Going forward along ``line`` (a path from the root) follows it from wherever it is
        entered, whatever line was visited last below it. True if that changed anything."""
        changed = False
        for parent, child in zip([self.root, *line], line, strict=False):
            changed = changed or self._visited.get(id(parent)) is not child
            self._visited[id(parent)] = child
        return changed

    def continuation(self, node: RecordNode) -> RecordNode | None:
        """The child that going forward from ``node`` goes to: the one last visited if it is
        still there, else the first (the main continuation); None at the end of a line."""
        visited = self._visited.get(id(node))
        if visited is not None and any(child is visited for child in node.children):
            return visited
        return node.children[0] if node.children else None

    def go_to(self, node: RecordNode) -> None:
        """Make ``node`` (anywhere in the tree) the current node."""
        self.go_to_path(path_to(self.root, node))

    # ----- moving along -----------------------------------------------------------------
    def play(self, move: Move) -> RecordNode:
        """Play a move from the current node: follow an existing child with that move, or add
        a variation. Raises IllegalMove (changing nothing) if the rules forbid it."""
        parent = self.current
        for child in parent.children:
            if child.move == move:
                self.game.play(move)
                self.path.append(child)
                self._visited[id(parent)] = child
                return child
        colour = self.game.to_move
        self.game.play(move)
        child = RecordNode(move=move, colour=colour)
        parent.children.append(child)
        self.path.append(child)
        self._visited[id(parent)] = child
        return child

    def back(self) -> bool:
        if not self.path:
            return False
        self.go_to_path(self.path[:-1])
        return True

    def forward(self) -> bool:
        """One step down the current node's continuation (the line last visited, else the
        main line)."""
        child = self.continuation(self.current)
        if child is None:
            return False
        assert child.move is not None
        self.game.play(child.move)
        self.path.append(child)
        return True

    def to_start(self) -> None:
        self.go_to_path([])

    def to_end(self) -> None:
        while self.forward():
            pass

    def sibling(self, step: int) -> bool:
        """Switch to the previous (-1) or next (+1) variation (``sibling_path``)."""
        path = self.sibling_path(step)
        if path is not None:
            self.go_to_path(path)
        return path is not None

    def sibling_path(self, step: int) -> list[RecordNode] | None:
        """The path to the previous (-1) or next (+1) variation of the current move, or where
        it has none, of the nearest move before it that has one, followed down (along the
        moves last visited) to as many moves as the current path (Up did nothing a move below
        a branch: tester 32); None if no move of the path has a variation that way."""
        path = self.path
        for depth in range(len(path) - 1, -1, -1):
            parent = path[depth - 1] if depth else self.root
            index = parent.children.index(path[depth]) + step
            if 0 <= index < len(parent.children):
                line = [*path[:depth], parent.children[index]]
                while len(line) < len(path):
                    child = self.continuation(line[-1])
                    if child is None:
                        break
                    line.append(child)
                return line
        return None

    def turn_continuation(self, step: int) -> int | None:
        """At a position with several continuations, the line ahead (what going forward
        follows) turned to the previous (-1) or next (+1) of them, staying at the position;
        its index, or None if there is none that way."""
        node = self.current
        ahead = self.continuation(node)
        if ahead is None or len(node.children) < 2:
            return None
        index = next(i for i, c in enumerate(node.children) if c is ahead) + step
        if not 0 <= index < len(node.children):
            return None
        self._visited[id(node)] = node.children[index]
        return index

    # ----- looking along the tree --------------------------------------------------------
    def branch_point(self, step: int) -> list[RecordNode] | None:
        """The path to the next (+1) node below the current one along its main continuation
        that has variations, or to the previous (-1) one above it; None if there is none."""
        if step < 0:
            chain = [self.root, *self.path]
            for i in range(len(chain) - 2, -1, -1):
                if len(chain[i].children) > 1:
                    return self.path[:i]
            return None
        path, node = list(self.path), self.current
        while node.children:
            node = node.children[0]
            path.append(node)
            if len(node.children) > 1:
                return path
        return None

    def commented(self, step: int) -> list[RecordNode] | None:
        """The path to the next (+1) or previous (-1) node with a comment, in the order a
        record lists them (a line, then its variations, the deepest first); None if none."""
        path = list(self.path)
        pairs = zip([self.root, *path], path, strict=False)
        index = [next(i for i, c in enumerate(p.children) if c is n) for p, n in pairs]
        while _step(self.root, path, index, step):
            if (path[-1] if path else self.root).comment:
                return path
        return None

    # ----- editing the tree -------------------------------------------------------------
    def promote(self, node: RecordNode) -> None:
        """Make the line through ``node`` the main line (first child all the way up)."""
        chain = [self.root, *path_to(self.root, node)]
        for parent, child in zip(chain, chain[1:], strict=False):
            parent.children.remove(child)
            parent.children.insert(0, child)

    def delete(self, node: RecordNode) -> tuple[RecordNode, int]:
        """Remove ``node`` and everything after it; the current node moves up if needed.
        Returns where it stood: its parent and its place among the parent's children."""
        chain = path_to(self.root, node)
        parent = chain[-2] if len(chain) > 1 else self.root
        index = parent.children.index(node)
        del parent.children[index]
        if node in self.path:
            self.go_to_path(self.path[: self.path.index(node)])
        return parent, index

    def main_line(self) -> list[RecordNode]:
        return self.record.main_line()

    def line_through_current(self) -> list[RecordNode]:
        """The current path continued as going forward would (the line last visited, else
        the first children): what a move list shows."""
        line = list(self.path)
        node: RecordNode | None = self.continuation(self.current)
        while node is not None:
            line.append(node)
            node = self.continuation(node)
        return line

    # ----- analysis kept with the nodes --------------------------------------------------
    @staticmethod
    def set_analysis(
        node: RecordNode,
        black_win_rate: float,
        visits: int,
        best: str | None = None,
        proved: int = 0,
    ) -> bool:
        """Keep an analysis with ``node``, unless it already has a deeper one (more playouts;
        an analysis of 0 playouts is a finished game's exact result and always kept, and a
        proof is kept over any rate). ``proved``: the search proved the position, the game
        ending within that many stones. True if kept."""
        known = GameTree.analysis(node)
        if (
            known is not None
            and visits > 0
            and (GameTree.proved(node) or (known[1] > visits and not proved))
        ):
            return False
        node.extra[WIN_RATE] = [f"{black_win_rate:.4f}"]
        node.extra[VISITS] = [str(visits)]
        if best:
            node.extra[BEST_MOVE] = [best]
        else:
            node.extra.pop(BEST_MOVE, None)
        if proved:
            node.extra[PROVED] = [str(abs(proved))]
        else:
            node.extra.pop(PROVED, None)
        return True

    @staticmethod
    def proved(node: RecordNode) -> int:
        """The stones to the end of the game where a kept analysis proved the position
        (``set_analysis``), else 0."""
        value = node.extra.get(PROVED)
        try:
            return max(0, int(value[0])) if value else 0
        except ValueError:
            return 0

    @staticmethod
    def best_move(node: RecordNode) -> str | None:
        """The move the engine preferred in this node's position, as the game writes it."""
        value = node.extra.get(BEST_MOVE)
        return value[0] if value else None

    @staticmethod
    def analysis(node: RecordNode) -> tuple[float, int] | None:
        try:
            return float(node.extra[WIN_RATE][0]), int(node.extra[VISITS][0])
        except (KeyError, IndexError, ValueError):
            return None


def path_to(root: RecordNode, target: RecordNode) -> list[RecordNode]:
    """The nodes from the first move down to ``target`` (empty for the root); linear in the
    size of the tree, however deep it is."""
    if target is root:
        return []
    parents: dict[int, RecordNode] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        for child in node.children:
            parents[id(child)] = node
            if child is target:
                path = [child]
                while path[-1] is not root and parents[id(path[-1])] is not root:
                    path.append(parents[id(path[-1])])
                return path[::-1]
            stack.append(child)
    raise ValueError("that node is not in this tree")


def _step(root: RecordNode, path: list[RecordNode], index: list[int], step: int) -> bool:
    """Move ``path`` (with ``index``, each node's place among its siblings) to the next (+1)
    or previous (-1) node in pre-order: a node, its first child's line with all under it, then
    its other children. False at either end. A whole walk is linear in the tree's size."""
    if step > 0:
        node = path[-1] if path else root
        if node.children:
            path.append(node.children[0])
            index.append(0)
            return True
        while path:
            path.pop()
            i = index.pop() + 1
            siblings = (path[-1] if path else root).children
            if i < len(siblings):
                path.append(siblings[i])
                index.append(i)
                return True
        return False
    if not path:
        return False
    path.pop()
    i = index.pop()
    if i > 0:
        node = (path[-1] if path else root).children[i - 1]
        path.append(node)
        index.append(i - 1)
        while node.children:
            node = node.children[-1]
            path.append(node)
            index.append(len(path[-2].children) - 1)
    return True


def tree_from_game(game: Game, black: str = "", white: str = "") -> GameTree:
    """A tree holding a game's moves (and its redo moves) as the main line, at its position."""
    record = GameRecord.from_game(game, black, white)
    tree = GameTree(record)
    tree.go_to_path(record.main_line()[: len(game.moves)])
    return tree


# a node's analysis, of its position: a line played again from another position leaves it
ANALYSIS_KEYS = (WIN_RATE, VISITS, BEST_MOVE, PROVED)


@dataclass(frozen=True)
class Dropped:
    """A line left out by ``replanted``: its first move, why that no longer fits, its depth
    from the position (1 for a move played there) and what goes with it."""

    node: RecordNode
    reason: str
    depth: int
    main: bool  # on the main line
    moves: int  # the moves left out, the first included
    comments: int
    marks: int


def replanted(
    lines: list[RecordNode], game: Game, drop: tuple[str, ...] = ANALYSIS_KEYS
) -> tuple[list[RecordNode], int, list[Dropped]]:
    """Copies of ``lines`` (a node's variations) played again from ``game``, another position
    (a set-up mended after a study was made of it): a move still legal there, by the colour
    that played it, is kept with its comment and marks, its ``drop`` keys left out (the
    analysis was of the other position); a move that is not is left out with every move after
    it in its line. Returns the lines kept, the moves kept and the lines left out, in the
    order of the tree; iterative, however deep the tree."""
    kept: list[RecordNode] = []
    dropped: list[Dropped] = []
    count = 0
    stack: list[tuple[RecordNode, list[RecordNode], Game, int, bool]] = [
        (node, kept, game.copy(), 1, i == 0) for i, node in reversed(list(enumerate(lines)))
    ]
    while stack:
        node, into, at, depth, main = stack.pop()
        move = node.move
        reason = _why_not(at, node)
        if reason or move is None:  # (_why_not says "not a move" of a node without one)
            below = list(nodes_of(node))
            dropped.append(
                Dropped(
                    node,
                    reason,
                    depth,
                    main,
                    len(below),
                    sum(1 for n in below if n.comment),
                    sum(len(n.extra.get(k, [])) for n in below for k in MARK_PROPS),
                )
            )
            continue
        at.play(move)
        extra = {k: list(v) for k, v in node.extra.items() if k not in drop}
        copy = RecordNode(move=move, colour=node.colour, comment=node.comment, extra=extra)
        into.append(copy)
        count += 1
        last = len(node.children) - 1
        for i, child in enumerate(reversed(node.children)):
            first = i == last
            stack.append(
                (child, copy.children, at if first else at.copy(), depth + 1, main and first)
            )
    return kept, count, dropped


def _why_not(game: Game, node: RecordNode) -> str:
    """Why ``node``'s move cannot be played in ``game`` now ("" if it can)."""
    if node.move is None:
        return "not a move"
    if game.is_over:
        return "the game is over before it"
    if node.colour != game.to_move:
        return f"it is {game.colour_name(game.to_move)}'s turn there"
    return game.why_illegal(node.move) or ""
