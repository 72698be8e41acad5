"""The games of the Y family and their options, in one registry (``find_variant``).

``GameOptions`` is what a player chooses: the game, the board size and the rule options.
``GameOptions.from_keys`` reads the ``key=value`` words of GTP's ``ygui-variant``, the
``--set`` of ``ygui render`` and the records; ``to_keys`` writes them back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache

from ygui.core.boards.curved import curved_board
from ygui.core.boards.hexagon import regular_hexagon_board, starboard_board
from ygui.core.boards.mudcrack import mudcrack_board
from ygui.core.boards.polyy import polyy_board
from ygui.core.boards.triangle import triangle_board
from ygui.core.geometry import BoardGeometry
from ygui.core.rules.win import CornerRule, PerimeterRule, SideSetRule, WinRule

TURN_STRUCTURES = ("standard", "master", "two-stone", "progressive", "tabu")
# what each turn structure means, in a line (the new-game dialog shows it)
TURN_DESCRIPTIONS = {
    "standard": "One stone a turn.",
    "master": "One stone in the first turn, then two a turn, placed freely.",
    "two-stone": (
        "One stone in the first turn, then two a turn; the two may not end up in one group."
    ),
    "progressive": (
        "Turn k has k stones (1, 2, 3, ...); no two of a turn's stones may end up in one group."
    ),
    "tabu": "One stone a turn, never next to the opponent's most recent stone.",
}
MULTI_STONE = ("master", "two-stone", "progressive")
MAX_HANDICAP = 20
CORNER_COUNTS = (3, 5, 7, 9)  # Poly-Y's boards: an odd number of corners


class OptionsError(ValueError):
    """Options that do not describe a playable game; the message says why."""


@dataclass(frozen=True)
class Variant:
    name: str
    title: str
    description: str
    colour_names: tuple[str, str]
    sizes: tuple[int, ...]
    default_size: int
    size_meaning: str
    pie_default: bool
    has_turn_structures: bool
    build_board: Callable[[GameOptions], BoardGeometry]
    build_rule: Callable[[BoardGeometry], WinRule]
    designer: str


def _y_rule(g: BoardGeometry) -> WinRule:
    return SideSetRule(g.side_names, (frozenset(g.side_names),))


def _starboard_rule(g: BoardGeometry) -> WinRule:
    sets = [
        {"top", "lower-right", "lower-left"},  # the three short sides
        {"upper-right", "bottom", "upper-left"},  # the three long sides
        {"bottom", "top", "lower-right"},  # bottom -> top: starboard is to the right
        {"bottom", "top", "upper-right"},
        {"upper-left", "lower-right", "lower-left"},  # upper-left -> lower-right
        {"upper-left", "lower-right", "bottom"},
        {"upper-right", "lower-left", "top"},  # upper-right -> lower-left
        {"upper-right", "lower-left", "upper-left"},
    ]
    kinds = ("disjoint Y",) * 2 + ("starboard Y",) * 6
    return SideSetRule(g.side_names, tuple(frozenset(s) for s in sets), kinds)


def _eccentric_rule(g: BoardGeometry) -> WinRule:
    sets = [
        {"bottom", "upper-left", "upper-right"},  # three pairwise non-adjacent sides
        {"lower-left", "top", "lower-right"},
        {"bottom", "top", "lower-left"},  # an opposite pair and a green side beside it
        {"bottom", "top", "upper-left"},
        {"lower-left", "upper-right", "upper-left"},
        {"lower-left", "upper-right", "top"},
        {"upper-left", "lower-right", "bottom"},
        {"upper-left", "lower-right", "lower-left"},
    ]
    # (the winner's sentence says which of the two ways it was: tester 75 was told the sides)
    kinds = ("Y of three alternate sides",) * 2 + ("Y of two opposite sides and a green one",) * 6
    return SideSetRule(g.side_names, tuple(frozenset(s) for s in sets), kinds)


ECCENTRIC_BLACK_SIDES = ("upper-right", "lower-right")
ECCENTRIC_GREEN_SIDES = ("bottom", "lower-left", "upper-left", "top")


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant(
            "y",
            "Y",
            "Connect all three sides of a triangle of hexagons.",
            ("Black", "White"),
            tuple(range(3, 27)),
            11,
            "cells per side",
            True,
            True,
            lambda o: triangle_board(o.size_value),
            _y_rule,
            "Charles Titus and Craige Schensted",
        ),
        Variant(
            "game-of-y",
            "The Game of Y",
            # (no count of points here: the New game dialog says the board's before it, and
            # "55 points. ... (93 points; ...)" read as a contradiction, tester 28)
            "Y on the curved board of Kadon's game, in several sizes, stones on the points.",
            ("Black", "White"),
            (5, 7, 9, 11),
            9,
            "points per side",
            True,
            True,
            lambda o: curved_board(o.size_value),
            _y_rule,
            "Charles Titus and Craige Schensted (Kadon's board)",
        ),
        Variant(
            "poly-y",
            "Poly-Y",
            "Capture a majority of the corners of a many-sided board.",
            ("Black", "White"),
            tuple(range(4, 13)),
            7,
            "cells per side",
            True,
            True,
            lambda o: polyy_board(o.corners_value, o.size_value),
            lambda g: CornerRule(len(g.corners)),
            "Craige Schensted and Charles Titus",
        ),
        Variant(
            "mudcrack-y",
            "Mudcrack Y",
            "Y on an irregular board of cracked-mud cells.",
            ("Black", "White"),
            tuple(range(30, 401)),
            100,
            "cells",
            True,
            True,
            lambda o: mudcrack_board(o.size_value, o.seed_value),
            _y_rule,
            "Craige Schensted and Charles Titus",
        ),
        Variant(
            "starboard-y",
            "Starboard Y",
            "A hexagon of long and short sides: a disjoint Y or a starboard Y wins.",
            ("Black", "White"),
            tuple(range(3, 11)),
            5,
            "cells on a short side",
            False,
            False,
            lambda o: starboard_board(o.size_value),
            _starboard_rule,
            "Mark Steere",
        ),
        Variant(
            "hexagonal-y",
            "Hexagonal Y",
            "Span more than half the perimeter of a hexagon; edge stones come in pairs.",
            ("Red", "Blue"),
            tuple(range(3, 13)),
            7,
            "cells per side",
            False,
            False,
            lambda o: regular_hexagon_board(o.size_value, "hexagonal"),
            lambda g: PerimeterRule(len(g.perimeter)),
            "Mark Steere",
        ),
        Variant(
            "eccentric-y",
            "Eccentric Y",
            "A hexagon of four green and two black sides, with its own Y shapes.",
            ("Red", "Blue"),
            tuple(range(3, 13)),
            8,
            "cells per side",
            False,
            False,
            lambda o: regular_hexagon_board(o.size_value, "eccentric"),
            _eccentric_rule,
            "Mark Steere",
        ),
    )
}


def find_variant(name: str) -> Variant:
    try:
        return VARIANTS[name.strip().lower()]
    except KeyError:
        raise OptionsError(f"unknown game {name!r}; the games are: {', '.join(VARIANTS)}") from None


@dataclass(frozen=True)
class GameOptions:
    """A game and its options. ``None`` means the game's default."""

    game: str = "y"
    size: int | None = None
    corners: int | None = None
    seed: int | None = None
    pie: bool | None = None
    turns: str = "standard"
    handicap: int = 0

    @property
    def variant(self) -> Variant:
        return find_variant(self.game)

    @property
    def size_value(self) -> int:
        return self.size if self.size is not None else self.variant.default_size

    @property
    def corners_value(self) -> int:
        return self.corners if self.corners is not None else 5

    @property
    def seed_value(self) -> int:
        return self.seed if self.seed is not None else 1

    @property
    def pie_value(self) -> bool:
        if self.pie is not None:
            return self.pie
        if self.handicap >= 2 or self.turns in MULTI_STONE:
            return False
        return self.variant.pie_default

    @property
    def handicap_value(self) -> int:
        return self.handicap if self.handicap >= 2 else 0

    def validated(self) -> GameOptions:
        """These options with the game name normalised; OptionsError if impossible."""
        v = find_variant(self.game)
        opts = replace(self, game=v.name)
        if opts.size is not None and opts.size not in v.sizes:
            raise OptionsError(
                f"{v.title} is played with {v.sizes[0]} to {v.sizes[-1]} {v.size_meaning}"
                + (f" ({', '.join(map(str, v.sizes))})" if len(v.sizes) < 6 else "")
                + f", not {opts.size}"
            )
        if opts.corners is not None and (v.name != "poly-y" or opts.corners not in CORNER_COUNTS):
            raise OptionsError(
                "corners applies to Poly-Y only, and must be 3, 5, 7 or 9 (an odd number)"
                if v.name == "poly-y"
                else f"{v.title} has no 'corners' option"
            )
        if opts.seed is not None and v.name != "mudcrack-y":
            raise OptionsError(f"{v.title} has no 'seed' option (it is for Mudcrack Y)")
        if opts.turns not in TURN_STRUCTURES:
            raise OptionsError(
                f"unknown turn structure {opts.turns!r}; choose one of {', '.join(TURN_STRUCTURES)}"
            )
        if opts.turns != "standard" and not v.has_turn_structures:
            raise OptionsError(
                f"{v.title} is played one stone a turn; it has no {opts.turns} turns"
            )
        if not 0 <= opts.handicap <= MAX_HANDICAP:
            raise OptionsError(f"a handicap is 2 to {MAX_HANDICAP} stones (0 for none)")
        if opts.handicap >= 2 and opts.pie:
            raise OptionsError("the pie rule cannot be used with a handicap")
        return opts

    # ----- key=value form ------------------------------------------------------------
    @staticmethod
    def from_keys(game: str, words: Iterable[str]) -> GameOptions:
        opts = GameOptions(game=find_variant(game).name)
        for word in words:
            key, sep, value = word.partition("=")
            if not sep or not value:
                raise OptionsError(f"expected key=value, not {word!r}")
            opts = opts.with_key(key.strip().lower(), value.strip().lower())
        return opts.validated()

    def with_key(self, key: str, value: str) -> GameOptions:
        if key in ("size", "corners", "cells", "seed", "handicap"):
            try:
                number = int(value)
            except ValueError:
                raise OptionsError(f"{key} takes a whole number, not {value!r}") from None
            if key == "cells" and self.game != "mudcrack-y":
                raise OptionsError("cells applies to Mudcrack Y only")
            if key in ("size", "cells"):
                return replace(self, size=number)
            if key == "corners":
                return replace(self, corners=number)
            if key == "seed":
                return replace(self, seed=number)
            return replace(self, handicap=number)
        if key == "pie":
            if value not in ("on", "off", "yes", "no", "true", "false", "1", "0"):
                raise OptionsError(f"pie takes on or off, not {value!r}")
            return replace(self, pie=value in ("on", "yes", "true", "1"))
        if key == "turns":
            return replace(self, turns=value)
        raise OptionsError(
            f"unknown option {key!r}; the options are size, corners, cells, seed, pie, turns, "
            "handicap"
        )

    def to_keys(self) -> list[str]:
        """The options as key=value words, every value explicit."""
        keys = [f"size={self.size_value}"]
        if self.game == "poly-y":
            keys.append(f"corners={self.corners_value}")
        if self.game == "mudcrack-y":
            keys.append(f"seed={self.seed_value}")
        keys.append(f"pie={'on' if self.pie_value else 'off'}")
        keys.append(f"turns={self.turns}")
        if self.handicap_value:
            keys.append(f"handicap={self.handicap_value}")
        return keys

    def describe(self) -> str:
        v = self.variant
        text = f"{v.title}, {self.size_value} {v.size_meaning}"
        if self.game == "poly-y":
            text += f", {self.corners_value} corners"
        if self.game == "mudcrack-y":
            text += f", seed {self.seed_value}"
        return text + self.rule_words()

    def rule_words(self) -> str:
        """The turns, handicap and pie rule of a heading, each after a comma."""
        text = ""
        if self.turns != "standard":
            text += f", {self.turns} turns"
        if self.handicap_value:
            # (a no-break space: the heading wrapped with the number alone on its last line,
            # tester 57)
            text += f", handicap\u00a0{self.handicap_value}"
        if self.pie_value:
            text += ", pie rule"
        return text

    def board(self) -> BoardGeometry:
        return _cached_board(self.validated().canonical())

    def canonical(self) -> GameOptions:
        """Options reduced to what decides the board (for caching boards)."""
        return GameOptions(
            game=self.game,
            size=self.size_value,
            corners=self.corners_value if self.game == "poly-y" else None,
            seed=self.seed_value if self.game == "mudcrack-y" else None,
        )


@lru_cache(maxsize=64)
def _cached_board(options: GameOptions) -> BoardGeometry:
    return options.variant.build_board(options)


def options_for_board(geometry: BoardGeometry) -> GameOptions:
    """The game a board of one's own is played as: Y on three sides, Poly-Y on an odd number
    of sides (their corners), with the pie rule. OptionsError says why a board has no game."""
    sides = len(geometry.sides)
    if sides == 3:
        return GameOptions(game="y", pie=True).validated()
    if sides % 2 == 1:
        return GameOptions(game="poly-y", pie=True).validated()
    raise OptionsError(
        "a board of one's own needs three sides (Y) or an odd number of sides (Poly-Y), "
        f"not {sides}"
    )
