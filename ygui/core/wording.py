"""What the screen says about a game, in words a person reads (no Qt).

Titles that describe the board actually played, side names without code spelling, the roles of
sides that carry a rule (Starboard Y's long and short sides, Eccentric Y's green and black
ones) and the reason a game was won, worded by the kind of winning rule. The window shows
these; it holds no per-game wording of its own.
"""

from __future__ import annotations

import math
from dataclasses import replace

from ygui.core.game import Game
from ygui.core.geometry import BoardGeometry
from ygui.core.rules.win import CornerRule, PerimeterRule, SideSetRule, largest_gap, masks_of
from ygui.core.variants import ECCENTRIC_BLACK_SIDES


def capitalised(text: str) -> str:
    """A message as the start of a sentence: its first letter a capital ('the pie rule
    cannot...' -> 'The pie rule cannot...'); the rest as it is."""
    return text[:1].upper() + text[1:]


def counted(count: int, word: str) -> str:
    """'1 stone', '2,000 playouts'."""
    return f"{count:,} {word}{'s' if count != 1 else ''}"


def ordinal(count: int) -> str:
    """'1st', '2nd', '3rd', '4th', '11th', '22nd'."""
    if count % 100 in (11, 12, 13):
        return f"{count}th"
    return f"{count}{({1: 'st', 2: 'nd', 3: 'rd'}).get(count % 10, 'th')}"


STARBOARD_LONG_SIDES = ("upper-right", "bottom", "upper-left")

# Side roles by game: the theme colours each role; a side with no role is drawn neutral.
SIDE_ROLES: dict[str, dict[str, str]] = {
    "starboard-y": {
        name: ("long_side" if name in STARBOARD_LONG_SIDES else "short_side")
        for name in ("top", "upper-right", "lower-right", "bottom", "lower-left", "upper-left")
    },
    "eccentric-y": {
        name: ("black_side" if name in ECCENTRIC_BLACK_SIDES else "green_side")
        for name in ("top", "upper-right", "lower-right", "bottom", "lower-left", "upper-left")
    },
}

# What a legend says of each role, and notes that carry a rule but no colour.
ROLE_NAMES = {
    "long_side": "long sides",
    "short_side": "short sides",
    "green_side": "green sides",
    "black_side": "black sides",
}
NOTES = {
    "poly-y": "Triangles mark the corners, coloured as they are captured.",
    "hexagonal-y": "An edge stone brings its opposite: hover to see both.",
}


def side_role(game: str, side_name: str) -> str:
    """The theme role of a side (``neutral_side`` where the side carries no rule of its own)."""
    return SIDE_ROLES.get(game, {}).get(side_name, "neutral_side")


def legend_roles(game: str) -> list[tuple[str, str]]:
    """(role, words) for each coloured kind of side this game has, in a stable order."""
    roles = SIDE_ROLES.get(game, {})
    return [(role, ROLE_NAMES[role]) for role in dict.fromkeys(roles.values())]


_COMPASS: tuple[str, ...] = ("right", "upper right", "top", "upper left", "left")
_COMPASS += ("lower left", "bottom", "lower right")


def corner_names(g: BoardGeometry) -> list[str]:
    """Each corner of the board (``g.corners``) named by where it lies as drawn: "top",
    "lower left"..., or where two would share a name, by the hour on a clock face ("2
    o'clock"). The corners had numbers that were nowhere on the board (a tester's finding)."""
    if not g.corners:
        return []
    cx = sum(x for x, _ in g.centres) / g.size
    cy = sum(y for _, y in g.centres) / g.size
    # (drawn y grows downwards)
    angles = [math.atan2(cy - g.centres[c][1], g.centres[c][0] - cx) for c in g.corners]
    names = [_COMPASS[round(a / (math.pi / 4)) % 8] for a in angles]
    if len(set(names)) == len(names):
        return names
    hours = [(round(3 - a / (math.pi / 6)) - 1) % 12 + 1 for a in angles]
    return [f"{hour} o'clock" for hour in hours]


def side_label(name: str) -> str:
    """``upper-right`` -> ``upper right``, ``side3`` -> ``side 3``."""
    text = name.replace("-", " ").replace("_", " ")
    head = text.rstrip("0123456789")
    if head != text and head and not head.endswith(" "):
        text = f"{head} {text[len(head) :]}"
    return text


def side_named(name: str) -> str:
    """A side as the window names it: ``bottom`` -> ``bottom side``; ``side3`` -> ``side 3``
    (whose name says it is a side already: "side 3 side" on Poly-Y, tester 79)."""
    label = side_label(name)
    return label if _numbered(label) else f"{label} side"


def _numbered(label: str) -> bool:
    head, _, number = label.rpartition(" ")
    return head == "side" and number.isdigit()


def _join(words: list[str]) -> str:
    if len(words) <= 2:
        return " and ".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def is_board_file(game: Game) -> bool:
    """True where the game is played on a board other than its options' own."""
    if game.options.game == "mudcrack-y":
        return False
    return game.geometry is not game.options.board() and game.geometry != game.options.board()


def title(game: Game) -> str:
    """The game and the board actually played, as a heading."""
    options, setup = game.options, ""
    if game.setup:  # (no swap from a set-up position: the heading said "pie rule", a tester's
        # finding)
        options, setup = replace(options, pie=False), ", set-up position"
    if not is_board_file(game):
        return options.describe() + setup
    g = game.geometry
    # the board's own name, where its file gives one (tester 61's "Hobbit hexagon" showed
    # nowhere)
    named = f"“{g.name}”, " if g.name and g.name != "custom" else ""
    text = f"{options.variant.title} on {named}a board of one's own ({g.size} cells"
    text += f", {len(g.sides)} sides"
    if isinstance(game.rule, CornerRule):
        text += f", {game.rule.corners} corners"
    text += ")"
    return text + options.rule_words() + setup


def win_reason(game: Game) -> str:
    """Why the winner won, in a sentence (empty while nobody has)."""
    if game.winner is None:
        return ""
    name = game.colour_name(game.winner)
    rule = game.rule
    if isinstance(rule, CornerRule):
        names = corner_names(game.geometry)
        held = [names[c] for c in game.corners_held(game.winner)]
        return (
            f"{name} captured {len(held)} of the {rule.corners} corners "
            f"(the {_join(held)} corner{'s' if len(held) != 1 else ''})."
        )
    groups = game.winning_groups()
    if isinstance(rule, PerimeterRule) and groups:
        # in the rule's own words (its largest gap, in other words than the rules', read as
        # another rule: tester 75), and the opposite edge cells the group holds, if it does
        g = game.geometry
        edge = len(g.perimeter)
        gap, group = min(
            (
                (largest_gap(masks_of(gr, g.side_mask, g.perimeter_position)[1], edge), gr)
                for gr in groups
            ),
            key=lambda pair: pair[0],
        )
        members = set(group)
        pair = next(
            (sorted((a, b)) for a, b in g.opposite.items() if a in members and b in members), None
        )
        opposite = (
            f"; it holds the opposite edge cells {g.labels[pair[0]]} and {g.labels[pair[1]]}"
            if pair
            else ""
        )
        return (
            f"{name}'s group spans more than half the edge: the shortest way along the edge "
            f"through all its edge cells takes in {edge - gap} of the {edge} edge cells{opposite}."
        )
    touched = [game.sides_touched(g) for g in groups]
    sides = sorted({s for group in touched for s in group})
    if not sides:  # won by a set-up position whose groups the rules cannot name
        return f"{name} has won."
    # the kind of win where the rules name kinds (Starboard Y's: a new player had to work out
    # which of the two it was, tester 50)
    won, kind = None, ""
    if isinstance(rule, SideSetRule):
        won = next((w for group in touched if (w := rule.set_won(group)) is not None), None)
        kind = rule.kind_of(won)
    made = f": a {kind}" if kind else ""
    also = ""
    if kind and won is not None:
        # the three sides of the kind named, the others apart ("connected the bottom, top,
        # upper left and upper right sides: a Y of three alternate sides", tester 84)
        others = [s for s in sides if s not in won]
        sides = sorted(won)
        if others:
            other_labels = [side_label(s) for s in others]
            also = f" (touching the {_join(other_labels)} side{'s' if len(others) > 1 else ''} too)"
    labels = [side_label(s) for s in sides]
    # ("connected the side 1, side 2 and side 3 sides" on a board file's numbered sides)
    named = _join(labels) if all(map(_numbered, labels)) else f"the {_join(labels)} sides"
    return f"{name} connected {named}{made}{also}."


def shown_path(path: object) -> str:
    """A file name as a person (and Qt) can read it: bytes that are not UTF-8, which Python
    keeps as lone surrogates, are shown as replacement characters."""
    return str(path).encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def autosave_failed(problem: str) -> str:
    """The words for the first autosave of a session that could not be written."""
    return (
        f"{problem}.\n\nThe game is still open here; save it with File → Save to keep it. "
        "Autosave is tried again after every move, and further failures are shown in the "
        "status bar."
    )
