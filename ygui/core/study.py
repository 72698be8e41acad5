"""Study helpers (no Qt): typed moves and positions, set-up warnings, mistakes in a game."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ygui.core.game import BLACK, EMPTY, SWAP, WHITE, Game, IllegalMove, Move
from ygui.core.geometry import BoardError, BoardGeometry
from ygui.core.rules.win import PerimeterRule
from ygui.core.tree import GameTree
from ygui.core.wording import counted

MISTAKE_DROP = 0.15  # a move that lowers its player's win probability this much is marked
REVIEW_PLAYOUTS = 10_000  # the whole-game review's effort a position, to begin with
REVIEW_RANGE = (100, 1_000_000)  # the efforts a user can choose

# (brackets separate words as spaces do: "B: a1 (to move: W)")
_TOKEN = re.compile(r"[^\s,;()]+")
_POSITION_TOKEN = re.compile(r"[^\s,;:()]+:?")
_MOVE_NUMBER = re.compile(r"\d+\.+")  # "12." before a move, or alone


class EntryError(IllegalMove):
    """A bad token in typed input; ``span`` is its (start, length) in the text."""

    def __init__(self, message: str, span: tuple[int, int]) -> None:
        super().__init__(message)
        self.span = span


def parse_moves(game: Game, text: str) -> list[Move]:
    """Moves in the game's notation (``d2 swap e2 h4``), checked on a copy of ``game``: either
    all of them are legal in turn, or EntryError points at the first bad one."""
    probe = game.copy()
    probe.redo_moves.clear()
    moves = []
    words = []
    for match in _TOKEN.finditer(text):
        # a move list's numbers ("1. f3 2. e3", "1.f3") are passed over (a pasted list was
        # refused at '1.': tester 62)
        numbered = _MOVE_NUMBER.match(match.group())
        start = match.start() + (numbered.end() if numbered else 0)
        if start < match.end():
            words.append((text[start : match.end()], start))
    for number, (word, start) in enumerate(words, start=1):
        span = (start, len(word))
        try:
            move = probe.parse_move(word)
            probe.play(move)
        except (BoardError, IllegalMove) as exc:
            # (not "move 2": tester 41 read it as move 2 of the game, not of those typed)
            which = "the first" if number == 1 else f"word {number} of those typed"
            raise EntryError(f"'{word}', {which}: {exc}", span) from None
        moves.append(move)
    if not moves:
        raise EntryError("type some moves, for example: d2 swap e2", (0, len(text)))
    return moves


def parse_position(geometry: BoardGeometry, text: str) -> tuple[dict[int, int], int]:
    """A position: ``B: a1 b2 W: c3`` (also Black/White/Red/Blue/X/O), and optionally
    ``to move: W``. Returns the stones and the side to move: where not given, the side whose
    turn it is in alternate play (``due``), the first colour where the stones tell nothing
    (it was the first colour always, with a stone more on the board: tester 62)."""
    colour: int | None = None
    setup: dict[int, int] = {}
    to_move: int | None = None
    expect_side = False
    for match in _POSITION_TOKEN.finditer(text):
        word = match.group()
        span = (match.start(), len(word))
        key = word.rstrip(":").lower()
        if expect_side:
            side = _COLOUR_WORDS.get(key)
            if side is None:
                raise EntryError(f"'{word}' is not a colour", span)
            to_move, expect_side = side, False
        elif key in ("move", "to") or word.lower() == "to":
            expect_side = key == "move"
        elif word.endswith(":") and key in _COLOUR_WORDS:
            colour = _COLOUR_WORDS[key]
        elif colour is None:
            raise EntryError(f"'{word}': say whose stones come first, as in 'B: a1 b2 W: c3'", span)
        else:
            try:
                cell = geometry.cell(word)
            except BoardError as exc:
                raise EntryError(f"'{word}': {exc}", span) from None
            if cell in setup:
                raise EntryError(f"'{word}' is given twice", span)
            setup[cell] = colour
    if to_move is None:
        to_move = due(geometry, [setup.get(c, EMPTY) for c in range(geometry.size)]) or BLACK
    return setup, to_move


def names_side(text: str) -> bool:
    """Whether a typed position says the side to move (``to move: W``)."""
    return any(m.group().rstrip(":").lower() == "move" for m in _POSITION_TOKEN.finditer(text))


def setup_words(game: Game, text: str) -> str:
    """What to say of a position typed or pasted as ``text``, set up as ``game``: the side to
    move where the text did not say it, and what the rules could not reach (said while
    editing only: a pasted position of three stones against two was set up with the first
    colour to move, without a word, tester 62)."""
    words = []
    if not names_side(text):
        counted_so = ", as the stones' count has it" if due(game.geometry, game.colours) else ""
        mover = game.colour_name(game.first_to_move)
        other = game.colour_name(3 - game.first_to_move)
        words.append(f"{mover} to move{counted_so} (add 'to move: {other}' for {other}).")
    return " ".join([*words, *setup_warnings(game)])


def placements(geometry: BoardGeometry, colours: Sequence[int]) -> tuple[int, int]:
    """Each colour's turns on the board (``colours``: each cell's): its stones, an edge pair
    of one colour counted once (Hexagonal Y places them together)."""
    counts = [sum(1 for c in colours if c == colour) for colour in (BLACK, WHITE)]
    for a, b in geometry.opposite_pairs:
        if colours[a] and colours[a] == colours[b]:
            counts[colours[a] - 1] -= 1
    return counts[0], counts[1]


def due(geometry: BoardGeometry, colours: Sequence[int]) -> int | None:
    """The colour to move in alternate play, one stone a turn: the first when the counts are
    equal, the second when the first has one more; None where neither fits."""
    return _due(*placements(geometry, colours))


def due_in_setup(game: Game, setup: dict[int, int]) -> int | None:
    """The side to move that the stones of ``setup`` call for on ``game``'s board in alternate
    play (one stone a turn, no handicap), as ``due`` says; None in other turn structures,
    with a handicap, or where the counts fit neither side."""
    if game.options.turns != "standard" or game.options.handicap_value:
        return None
    colours = [EMPTY] * game.geometry.size
    for cell, colour in setup.items():
        colours[cell] = colour
    return due(game.geometry, colours)


def _due(black: int, white: int) -> int | None:
    return BLACK if black == white else WHITE if black == white + 1 else None


_COLOUR_WORDS = {
    "b": BLACK,
    "black": BLACK,
    "red": BLACK,
    "x": BLACK,
    "first": BLACK,
    "w": WHITE,
    "white": WHITE,
    "blue": WHITE,
    "o": WHITE,
    "second": WHITE,
}


def entry_example(game: Game) -> str:
    """What the typing box shows before anything is typed: moves and a position in this
    board's own cell names and colours (Poly-Y's cells are numbers, Hexagonal Y's colours Red
    and Blue)."""
    labels = game.geometry.labels
    n = len(labels)
    a, b, c = labels[n // 2], labels[n // 3], labels[(2 * n) // 3]
    first, second = game.colour_name(BLACK), game.colour_name(WHITE)
    # the two forms give the same position: after the swap the first stone stays the first
    # colour's, then the second colour plays b and the first c
    return f"{a} swap {b} {c}   or   {first}: {a} {c}  {second}: {b}  (to move: {second})"


def position_text(game: Game) -> str:
    """The stones on the board and the side to move, written as ``parse_position`` reads them
    (``Black: a1 b2  White: c3  (to move: White)``), in the board's cell names and colours.
    A won position has nobody to move (it named the winner: tester 66)."""
    labels = game.geometry.labels
    parts = []
    for colour in (BLACK, WHITE):
        cells = [labels[c] for c, held in enumerate(game.colours) if held == colour]
        parts.append(f"{game.colour_name(colour)}: {' '.join(cells)}".rstrip())
    if game.winner is not None:
        return "  ".join(parts)
    return f"{'  '.join(parts)}  (to move: {game.colour_name(game.to_move)})"


NAMED_STONES = 8  # a winning group's stones named in the set-up's warning, at most


def setup_warnings(game: Game) -> list[str]:
    """What makes a set-up position one the rules could not reach (it stands all the same)."""
    warnings = []
    if isinstance(game.rule, PerimeterRule):
        g = game.geometry
        lonely = sorted(
            g.labels[a]
            for a, b in g.opposite.items()
            if game.colours[a] and game.colours[b] != game.colours[a]
        )
        if lonely:
            warnings.append(
                "Edge stones without their opposite (Hexagonal Y places them in "
                f"pairs): {', '.join(lonely)}."
            )
    if len(game.setup_winners) == 2:
        warnings.append("Both players already have a winning group.")
    elif game.winner is not None:
        groups = game.winning_groups()
        stones = sorted({c for group in groups for c in group})
        named = ", ".join(game.geometry.labels[c] for c in stones[:NAMED_STONES])
        if len(stones) > NAMED_STONES:  # (eight of thirteen were named as if all, tester 19)
            named += f" and {len(stones) - NAMED_STONES} more"
        kind = "group" if len(groups) == 1 else "groups"
        warnings.append(
            f"{game.colour_name(game.winner)} has already won (the winning {kind}: {named})."
        )
    # Hexagonal Y's turns are placements: an edge stone and its opposite are one (two edge
    # pairs against two stones read as "4 stones and 2", tester 53)
    black, white = placements(game.geometry, game.colours)
    unit = "placement" if isinstance(game.rule, PerimeterRule) else "stone"
    # in alternate play the first colour moves when the counts are equal, the second when the
    # first has one stone more (3 and 2 with the first to move was let pass, tester 19)
    alternate = game.options.turns == "standard" and not game.options.handicap_value
    if alternate and _due(black, white) != game.first_to_move:
        # (short: the panel keeps two lines for its warnings)
        first, second = game.colour_name(BLACK), game.colour_name(WHITE)
        warnings.append(
            f"Unusual for alternate play: {first} has {counted(black, unit)} and "
            f"{second} {white}, {game.colour_name(game.first_to_move)} to move."
        )
    return warnings


def drops(tree: GameTree) -> dict[int, float]:
    """For each analysed move of the main line (1-based), how much it lowered its player's
    win probability, from the analysis stored in the nodes."""
    line = tree.main_line()
    values = [GameTree.analysis(tree.root), *(GameTree.analysis(n) for n in line)]
    result = {}
    for i, node in enumerate(line, start=1):
        before, after = values[i - 1], values[i]
        if before is None or after is None or node.move is None or node.move.is_swap:
            continue
        change = before[0] - after[0]
        result[i] = change if node.colour == BLACK else -change
    return result


def mistake_notes(tree: GameTree) -> dict[int, str]:
    """What each main-line mistake cost, and the move the engine preferred in its place when
    the analysis before it says ("lost 23%; c3 was better")."""
    line = tree.main_line()
    notes = {}
    for i, drop in drops(tree).items():
        if drop < MISTAKE_DROP:
            continue
        note = f"lost {100 * drop:.0f}%"
        before = line[i - 2] if i >= 2 else tree.root
        best = GameTree.best_move(before)
        played = line[i - 1].move
        if i == 1 and tree.game_at([]).options.pie_value:
            # under the pie rule a first stone is judged by what the other player does with
            # it: the review's better stone can be one that loses without the swap
            if GameTree.best_move(line[0]) == tree.game_at(line[:1]).move_text(SWAP):
                note += " (strong enough to be swapped)"
            else:
                note += " (weak enough to be kept, not swapped)"
        if best and played is not None and best != tree.game_at(line[: i - 1]).move_text(played):
            note += f"; {best} was better"
        notes[i] = note
    return notes


def mistake_moves(tree: GameTree, number: int) -> tuple[Move, Move | None, int]:
    """Main-line move ``number``'s stone, the move the analysis of the position before it
    preferred (None: not known, not legal there, or the one played), and who played it: what
    the board shows of a mistake, in the position before it."""
    line = tree.main_line()
    node = line[number - 1]
    if node.move is None:
        raise ValueError(f"move {number} of the main line is a setup")
    game = tree.game_at(line[: number - 1])
    before = line[number - 2] if number >= 2 else tree.root
    text = GameTree.best_move(before)
    better: Move | None = None
    if text:
        try:
            better = game.parse_move(text)
        except BoardError:
            better = None  # (a record's analysis naming no cell of this board)
        if better is not None and (better == node.move or not game.is_legal(better)):
            better = None
    return node.move, better, node.colour


def mistakes(tree: GameTree) -> list[int]:
    """Main-line moves that lost at least MISTAKE_DROP, in order of play."""
    return sorted(i for i, d in drops(tree).items() if d >= MISTAKE_DROP)
