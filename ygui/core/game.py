"""Game: a position, whose turn it is, the history, undo and redo, the pie rule and handicaps.

Win detection is incremental: a union-find over the stones whose roots carry the side mask
(and for Hexagonal Y the perimeter mask) of their group. A player's *objectives* (see
``ygui.core.rules.win``) only grow as stones are added, so the winner is known the moment a
placement completes a winning group. Undo replays the history from the start.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ygui.core.geometry import BoardError, BoardGeometry
from ygui.core.rules.win import (
    CornerRule,
    PerimeterRule,
    WinRule,
    groups_of,
    masks_of,
)
from ygui.core.variants import GameOptions

EMPTY, BLACK, WHITE = 0, 1, 2
RESTRICTED_TURNS = ("two-stone", "progressive")


def other(colour: int) -> int:
    return 3 - colour


@dataclass(frozen=True)
class Move:
    """One placement (a cell; in Hexagonal Y a perimeter cell brings its opposite), or the
    pie rule's swap (``cell is None``)."""

    cell: int | None

    @staticmethod
    def swap() -> Move:
        return Move(None)

    @property
    def is_swap(self) -> bool:
        return self.cell is None


SWAP = Move.swap()


class IllegalMove(ValueError):
    """A move the rules do not allow here; the message says why."""


class Game:
    """A game in progress: the model the window, the engine and the records all read."""

    def __init__(
        self,
        options: GameOptions | None = None,
        geometry: BoardGeometry | None = None,
        setup: Mapping[int, int] | None = None,
        to_move: int = BLACK,
    ) -> None:
        self.options = (options or GameOptions()).validated()
        self.variant = self.options.variant
        self.geometry = geometry if geometry is not None else self.options.board()
        self.rule: WinRule = self.variant.build_rule(self.geometry)
        self.setup: dict[int, int] = dict(setup or {})
        for cell, colour in self.setup.items():
            if not 0 <= cell < self.geometry.size or colour not in (BLACK, WHITE):
                raise BoardError(f"bad set-up stone {cell}:{colour}")
        if to_move not in (BLACK, WHITE):
            raise ValueError("the side to move is BLACK or WHITE")
        self.first_to_move = to_move
        self.moves: list[Move] = []
        self.redo_moves: list[Move] = []
        self._needs_perimeter = self.rule.needs_perimeter
        self._perimeter_pos = self.geometry.perimeter_position
        self._opposite = self.geometry.opposite if isinstance(self.rule, PerimeterRule) else {}
        self._restricted = self.options.turns in RESTRICTED_TURNS
        self._reset()

    # ----- state -------------------------------------------------------------------
    def _reset(self) -> None:
        n = self.geometry.size
        self.colours = [EMPTY] * n
        self._parent = list(range(n))
        self._sides = [0] * n
        self._perim = [0] * n
        self._objectives = [0, 0, 0]
        self._last_stone: list[int | None] = [None, None, None]
        self.to_move = self.first_to_move
        self.turn = 1
        self.placed_in_turn = 0
        # the stones the turn just over could not place (a turn ends early when no allowed
        # cell is left); 0 once a stone of the next turn is placed
        self.turn_cut_short = 0
        self._turn_stones: list[int] = []
        self._last_turn: list[int] = []  # the placements of the turn before this one
        self.swapped = False
        self.winner: int | None = None
        self.stone_count = 0
        for cell, colour in sorted(self.setup.items()):
            self._put(cell, colour)
        winners = [c for c in (BLACK, WHITE) if self.rule.is_win(self._objectives[c])]
        self.setup_winners = tuple(winners)
        if len(winners) == 1:
            self.winner = winners[0]

    def _find(self, cell: int) -> int:
        parent = self._parent
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    def _put(self, cell: int, colour: int) -> None:
        """Place a stone, merge groups, and record what its group now achieves."""
        self.colours[cell] = colour
        self.stone_count += 1
        self._sides[cell] = self.geometry.side_mask[cell]
        if self._needs_perimeter and cell in self._perimeter_pos:
            self._perim[cell] = 1 << self._perimeter_pos[cell]
        root = cell
        for nb in self.geometry.neighbours[cell]:
            if self.colours[nb] == colour:
                other_root = self._find(nb)
                if other_root != root:
                    self._parent[other_root] = root
                    self._sides[root] |= self._sides[other_root]
                    self._perim[root] |= self._perim[other_root]
        self._objectives[colour] |= self.rule.objectives(self._sides[root], self._perim[root])

    # ----- turn structure -------------------------------------------------------------
    def stones_in_turn(self, turn: int | None = None) -> int:
        """How many placements turn ``turn`` (default: the current one) has."""
        t = self.turn if turn is None else turn
        if t == 1 and self.options.handicap_value and not self.setup:
            return self.options.handicap_value
        structure = self.options.turns
        if structure in ("master", "two-stone"):
            return 1 if t == 1 else 2
        if structure == "progressive":
            return t
        return 1

    @property
    def stones_left_in_turn(self) -> int:
        return 0 if self.is_over else self.stones_in_turn() - self.placed_in_turn

    @property
    def turn_stones(self) -> tuple[int, ...]:
        """The placements made so far in the current turn."""
        return tuple(self._turn_stones)

    @property
    def latest_turn_stones(self) -> tuple[int, ...]:
        """What the board marks as just played: the placements of the turn before this one
        (all of a turn of several stones), and while this one is under way its placements
        too (the opponent's last stones stay in sight while they are answered); once the game
        is won, the winning turn's."""
        if self._turn_stones and self.winner is None:
            return tuple(self._last_turn + self._turn_stones)
        return tuple(self._turn_stones or self._last_turn)

    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.stone_count == self.geometry.size

    @property
    def swap_ahead(self) -> bool:
        """The first turn under the pie rule: the next player may take this turn's stones by
        swapping, so whoever places them is not sure to end with their colour (a winning
        move for the colour to move is not one for the player)."""
        return (
            bool(self.options.pie_value)
            and not self.setup
            and self.turn == 1
            and not self.swapped
            and not self.is_over
        )

    @property
    def can_swap(self) -> bool:
        return self.why_illegal(SWAP) is None

    # ----- legality --------------------------------------------------------------------
    def why_illegal(self, move: Move) -> str | None:
        """None if ``move`` is legal now, else the reason a player would be told."""
        if self.winner is not None:
            return "the game is over"
        if move.is_swap:
            return self._why_no_swap()
        cell = move.cell
        assert cell is not None
        if not 0 <= cell < self.geometry.size:
            return f"no such {self.geometry.word}"
        if self.colours[cell] != EMPTY:
            return f"the {self.geometry.word} {self.geometry.labels[cell]} is occupied"
        if self.options.turns == "tabu" and cell in self._tabu_cells():
            last = self._last_stone[other(self.to_move)]
            assert last is not None
            return (
                f"tabu: {self.geometry.labels[cell]} touches the opponent's last stone "
                f"{self.geometry.labels[last]}"
            )
        if self._restricted:
            joined = self._joined_turn_stone(cell)
            if joined is not None:
                # (naming the stone, as tabu's refusal names the opponent's: tester 26)
                labels = self.geometry.labels
                return (
                    f"a stone at {labels[cell]} would join {labels[joined]}, a stone of this "
                    "turn: a turn's stones may not be joined in one group"
                )
        return None

    @property
    def pie_applies(self) -> bool:
        """The pie rule is part of this game: on in its options, and the game began on an
        empty board (a set-up position has no swap)."""
        return bool(self.options.pie_value) and not self.setup

    def _why_no_swap(self) -> str | None:
        if not self.options.pie_value:
            return "the pie rule is off in this game"
        if self.setup:
            return "the pie rule does not apply to a set-up position"
        if self.turn != 2 or self.placed_in_turn != 0 or self.swapped:
            return "swap is only possible as the answer to the first move"
        return None

    def _tabu_cells(self) -> set[int]:
        last = self._last_stone[other(self.to_move)]
        if last is None:
            return set()
        forbidden = {nb for nb in self.geometry.neighbours[last] if self.colours[nb] == EMPTY}
        empty = self.empty_count()
        return set() if len(forbidden) >= empty else forbidden

    def empty_count(self) -> int:
        return self.geometry.size - self.stone_count

    def _joined_turn_stone(self, cell: int) -> int | None:
        """A stone of this turn that a stone at ``cell`` would join in one group, or None."""
        if not self._turn_stones:
            return None
        roots = {self._find(s): s for s in self._turn_stones}
        for nb in self.geometry.neighbours[cell]:
            if self.colours[nb] == self.to_move and self._find(nb) in roots:
                return roots[self._find(nb)]
        return None

    def is_legal(self, move: Move) -> bool:
        return self.why_illegal(move) is None

    def forbidden_cells(self) -> dict[int, str]:
        """The empty cells the player to move may not take now (tabu's, a turn's stone that
        would join another of the same turn), each with the reason; none once the game is
        won."""
        if self.winner is not None or self.stone_count == 0:
            return {}
        if self.options.turns != "tabu" and not (self._restricted and self._turn_stones):
            return {}  # (no rule forbids an empty cell now: the board is not searched)
        found = {}
        for cell, stone in enumerate(self.colours):
            if stone == EMPTY:
                reason = self.why_illegal(Move(cell))
                if reason is not None:
                    found[cell] = reason
        return found

    def legal_cells(self) -> list[int]:
        if self.winner is not None:
            return []
        return [c for c in range(self.geometry.size) if self.why_illegal(Move(c)) is None]

    def legal_moves(self) -> list[Move]:
        moves = [Move(c) for c in self.legal_cells()]
        return moves + [SWAP] if self.can_swap else moves

    def distinct_moves(self) -> list[Move]:
        """The legal moves, each placement once: in Hexagonal Y an edge cell whose opposite
        is empty brings it, so the two cells are one move, listed by the one that comes
        first along the perimeter (the engine's and the solver's choice too: a search that
        weighed both weighed the same move twice)."""
        moves = self.legal_moves()
        if not self._opposite:
            return moves
        return [m for m in moves if not self.is_twin_move(m)]

    def is_twin_move(self, move: Move) -> bool:
        """Whether ``move`` is a placement ``distinct_moves`` lists by another cell."""
        return move.cell is not None and self.is_paired_twin(move.cell)

    def is_paired_twin(self, cell: int) -> bool:
        """Whether a placement at the empty ``cell`` is the one at its opposite, which comes
        before it along the perimeter (see ``distinct_moves``)."""
        opposite = self._opposite.get(cell)
        if opposite is None or self.colours[opposite] != EMPTY:
            return False
        return self._perimeter_pos[cell] > self._perimeter_pos[opposite]

    @property
    def places_pairs(self) -> bool:
        """Whether a placement can be two stones (Hexagonal Y's edge pairs): a turn counts
        its placements, not its stones."""
        return bool(self._opposite)

    def placement_cells(self, cell: int) -> list[int]:
        """The cells a placement at ``cell`` fills: the cell, and in Hexagonal Y the opposite
        of a perimeter cell when it is empty (it always is, outside set-up positions)."""
        opposite = self._opposite.get(cell)
        if opposite is not None and self.colours[opposite] == EMPTY:
            return [cell, opposite]
        return [cell]

    # ----- playing ---------------------------------------------------------------------
    def play(self, move: Move) -> None:
        """Play a legal move, or raise IllegalMove and change nothing."""
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(reason)
        self._apply(move)
        self.moves.append(move)
        if self.redo_moves and self.redo_moves[-1] == move:
            self.redo_moves.pop()
        else:
            self.redo_moves.clear()

    def _apply(self, move: Move) -> None:
        self.turn_cut_short = 0
        if move.cell is None:
            self.swapped = not self.swapped
            return
        colour = self.to_move
        for cell in self.placement_cells(move.cell):
            self._put(cell, colour)
        self._last_stone[colour] = move.cell
        self.placed_in_turn += 1
        self._turn_stones.append(move.cell)
        if self.rule.is_win(self._objectives[colour]):
            self.winner = colour
            return
        if self.placed_in_turn >= self.stones_in_turn():
            self._end_turn()
        elif not self._any_legal():
            self.turn_cut_short = self.stones_in_turn() - self.placed_in_turn
            self._end_turn()

    def _any_legal(self) -> bool:
        return any(
            self.colours[c] == EMPTY and self.why_illegal(Move(c)) is None
            for c in range(self.geometry.size)
        )

    def _end_turn(self) -> None:
        self.to_move = other(self.to_move)
        self.turn += 1
        self.placed_in_turn = 0
        self._last_turn = self._turn_stones
        self._turn_stones = []

    def undo(self) -> Move:
        """Take back the last placement (a stone, a Hexagonal Y pair or a swap)."""
        if not self.moves:
            raise IllegalMove("there is nothing to undo")
        move = self.moves.pop()
        self.redo_moves.append(move)
        self._replay()
        return move

    def redo(self) -> Move:
        if not self.redo_moves:
            raise IllegalMove("there is nothing to redo")
        move = self.redo_moves[-1]
        self.play(move)
        return move

    def go_to(self, index: int) -> None:
        """Show the position after ``index`` moves, keeping the later ones for redo."""
        all_moves = self.moves + self.redo_moves[::-1]
        if not 0 <= index <= len(all_moves):
            raise IllegalMove(f"there is no move {index}")
        self.moves = all_moves[:index]
        self.redo_moves = all_moves[index:][::-1]
        self._replay()

    def _replay(self) -> None:
        self._reset()
        for move in self.moves:
            reason = self.why_illegal(move)
            if reason is not None:  # pragma: no cover - the history was legal when played
                raise IllegalMove(f"history is inconsistent: {reason}")
            self._apply(move)

    def play_all(self, moves: Iterable[Move]) -> None:
        for move in moves:
            self.play(move)

    def copy(self) -> Game:
        """An independent game with the same history (and redo list). The state is copied, not
        replayed, so a copy costs the board's size, not the game's length: a record whose every
        move has a variation is read in linear time. The rule and the geometry are immutable
        and shared; every list and dict of the state is copied."""
        clone = object.__new__(type(self))
        clone.__dict__ = {
            name: value.copy() if isinstance(value, (list, dict)) else value
            for name, value in self.__dict__.items()
        }
        return clone

    # ----- notation --------------------------------------------------------------------
    def move_text(self, move: Move) -> str:
        return "swap" if move.cell is None else self.geometry.labels[move.cell]

    def parse_move(self, text: str) -> Move:
        word = text.strip().lower()
        if word == "swap":
            return SWAP
        return Move(self.geometry.cell(word))

    def colour_name(self, colour: int) -> str:
        return self.variant.colour_names[colour - 1]

    # ----- what the stones achieve -----------------------------------------------------
    def group_of(self, cell: int) -> list[int]:
        colour = self.colours[cell]
        if colour == EMPTY:
            return []
        root = self._find(cell)
        return [
            c
            for c in range(self.geometry.size)
            if self.colours[c] == colour and self._find(c) == root
        ]

    def winning_groups(self) -> list[list[int]]:
        """The groups that won (Poly-Y: those that captured corners), or []."""
        if self.winner is None:
            return []
        return [
            g
            for g in groups_of(self.geometry.neighbours, self.colours, self.winner)
            if self.rule.objectives(*masks_of(g, self.geometry.side_mask, self._perimeter_pos))
        ]

    def sides_touched(self, group: Iterable[int]) -> list[str]:
        mask = 0
        for cell in group:
            mask |= self.geometry.side_mask[cell]
        return [n for i, n in enumerate(self.geometry.side_names) if mask >> i & 1]

    def corners_held(self, colour: int) -> list[int]:
        """Poly-Y: the indices of the corners this colour has captured."""
        if not isinstance(self.rule, CornerRule):
            return []
        objectives = self._objectives[colour]
        return [s for s in range(self.rule.corners) if objectives >> s & 1]


def position_winners(geometry: BoardGeometry, rule: WinRule, colours: list[int]) -> set[int]:
    """Which colours have a winning set of groups on this board, found afresh."""
    result = set()
    for colour in (BLACK, WHITE):
        objectives = 0
        for group in groups_of(geometry.neighbours, colours, colour):
            objectives |= rule.objectives(
                *masks_of(group, geometry.side_mask, geometry.perimeter_position)
            )
        if rule.is_win(objectives):
            result.add(colour)
    return result
