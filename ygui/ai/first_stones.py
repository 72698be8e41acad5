"""A first stone's worth from where it lies, for boards no book can know.

Mudcrack Y draws a new board for each game, so its openings under the pie rule cannot be
computed beforehand as a book's are (``ygui.ai.book``), and a search at the start of the game
cannot tell a stone near even from one a little too strong or too weak. A stone's worth in Y
follows mostly from how far it lies from each side: this model says how often the player of a
first stone wins in self-play, from its distances to the sides (the nearest, the middle one and
the farthest, in steps from cell to cell, over the board's mean sum of the three), by logistic
regression on games played on many boards (``scripts/learn_first_stones.py``). The engine opens
with the stone the model finds nearest to even (``model_move``); the search still decides the
swap.

The files are ``resources/first_stones/GAME.json``: the format and its version, the game, the
range of cell counts the games were played on, the level, the number of games, the features'
names (``FEATURES``) and their weights, and optionally ``opens_to_level``, the highest level
that opens by the model, and ``corners``, Poly-Y's number of corners on the boards it was
learned on (a board of that many corners only: Poly-Y's boards of other corner counts can
have as many cells).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from ygui.ai.shipped import shipped
from ygui.core.game import Game, Move
from ygui.core.geometry import BoardGeometry, graph_distances
from ygui.core.rules.win import SideSetRule, WinRule

FORMAT = "ygui-first-stones"
FORMAT_VERSION = 1
# stones whose worth is within this of the nearest to even are alike: the seed picks one
EVEN_MARGIN = 0.01


# near, middle, far, degree, reach, second reach
Columns = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]

# each feature of a cell from its sorted side distances (near <= middle <= far, scaled), its
# number of neighbours, and the rules' winning sets of sides: its reach, the least sum of its
# distances to the sides of one set (scaled), and the second least, of another set. (On
# Eccentric Y and Starboard Y the sides are not alike: a stone as far from its nearest sides
# as another may lie nearer a winning set's.)
FEATURES: Mapping[str, Callable[[Columns], np.ndarray]] = {
    "one": lambda c: np.ones_like(c[0]),
    "near": lambda c: c[0],
    "middle": lambda c: c[1],
    "far": lambda c: c[2],
    "near^2": lambda c: c[0] * c[0],
    "near*middle": lambda c: c[0] * c[1],
    "middle^2": lambda c: c[1] * c[1],
    "neighbours": lambda c: c[3] / 6.0,
    "reach": lambda c: c[4],
    "second reach": lambda c: c[5],
}


class FirstStonesError(ValueError):
    """A first-stones file that cannot be used."""


def side_distances(geometry: BoardGeometry) -> np.ndarray:
    """Each cell's distance in steps to each side (0 on it): an array of cells x sides."""
    return np.array(
        [graph_distances(geometry.neighbours, side) for side in geometry.sides], dtype=np.float64
    ).T


def features(
    geometry: BoardGeometry, names: tuple[str, ...], rule: WinRule | None = None
) -> np.ndarray:
    """The named features of every cell: an array of cells x features. The reaches are
    measured to the winning sets of ``rule`` where it has sets of sides, else to all the
    sides."""
    distances = side_distances(geometry)
    scale = float(distances.sum(axis=1).mean()) or 1.0
    ordered = np.sort(distances / scale, axis=1)
    degree = np.array([len(n) for n in geometry.neighbours], dtype=np.float64)
    near, middle = ordered[:, 0], ordered[:, 1]
    far = ordered[:, -1]
    sides = list(geometry.side_names)
    sets = (
        [[sides.index(n) for n in winning] for winning in rule.winning_sets]
        if isinstance(rule, SideSetRule) and rule.winning_sets
        else [list(range(len(sides)))]
    )
    sums = np.sort(np.stack([distances[:, s].sum(axis=1) for s in sets], axis=1) / scale, axis=1)
    second = sums[:, 1] if sums.shape[1] > 1 else sums[:, 0]
    columns = (near, middle, far, degree, sums[:, 0], second)
    return np.stack([FEATURES[name](columns) for name in names], axis=1)


@dataclass(frozen=True)
class StoneModel:
    game: str
    names: tuple[str, ...]
    weights: tuple[float, ...]
    cells: tuple[int, int]  # the boards' cell counts it was learned on, least and most
    level: int
    games: int
    # the highest level that opens by it (``opens_to_level`` in the file; None: every level):
    # above it the search does (Y 15's stones, valued by level-7 games, were swapped at level
    # 10 every time, and the first player won 26 of 34)
    opens_to: int | None = None
    # Poly-Y's corners on the boards it was learned on (``corners`` in the file; None: any)
    corners: int | None = None

    def fits(self, game: Game, level: int | None = None) -> bool:
        """The model was learned on boards like this game's, in games of one stone a turn
        (its games; tabu's turns, or a two-stone first turn, change a stone's worth), and
        opens at ``level`` (None: any)."""
        low, high = self.cells
        options = game.options
        return (
            options.game == self.game
            and low <= game.geometry.size <= high
            and options.turns == "standard"
            and (self.corners is None or options.corners_value == self.corners)
            and (level is None or self.opens_to is None or level <= self.opens_to)
        )

    def worth(self, geometry: BoardGeometry, rule: WinRule | None = None) -> np.ndarray:
        """For each cell, how often the player of a first stone there wins (under ``rule``,
        the game's, where the features ask for its winning sets)."""
        logit: np.ndarray = features(geometry, self.names, rule) @ np.array(self.weights)
        worth: np.ndarray = 1.0 / (1.0 + np.exp(-logit))
        return worth

    def to_dict(self) -> dict[str, Any]:
        return (
            {
                "format": FORMAT,
                "version": FORMAT_VERSION,
                "game": self.game,
                "cells": list(self.cells),
                "level": self.level,
                "games": self.games,
                "features": list(self.names),
                "weights": [round(w, 6) for w in self.weights],
            }
            | ({} if self.opens_to is None else {"opens_to_level": self.opens_to})
            | ({} if self.corners is None else {"corners": self.corners})
        )

    @staticmethod
    def from_dict(data: Any) -> StoneModel:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise FirstStonesError("not a ygui first-stones file")
        if data.get("version") != FORMAT_VERSION:
            raise FirstStonesError(f"a first-stones file of version {data.get('version')!r}")
        try:
            names = tuple(str(n) for n in data["features"])
            weights = tuple(float(w) for w in data["weights"])
            low, high = (int(c) for c in data["cells"])
            model = StoneModel(
                str(data["game"]),
                names,
                weights,
                (low, high),
                int(data["level"]),
                int(data["games"]),
                _counted(data.get("opens_to_level"), "opens_to_level", 1, "a level"),
                _counted(data.get("corners"), "corners", 3, "a number of corners"),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise FirstStonesError(f"a first-stones file with a bad entry: {error}") from None
        unknown = [n for n in names if n not in FEATURES]
        if unknown:
            raise FirstStonesError(f"unknown features {', '.join(unknown)}")
        if len(weights) != len(names) or not all(math.isfinite(w) for w in weights):
            raise FirstStonesError("a weight for each feature, each a number")
        return model


def _counted(value: object, key: str, least: int, what: str) -> int | None:
    """An optional whole number of the file, ``least`` or more (None where absent)."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise ValueError(f"{key} {value!r} is not {what}")
    return value


@lru_cache(maxsize=1)
def models() -> tuple[StoneModel, ...]:
    """The models shipped in ``resources/first_stones``; a file that cannot be read is
    skipped."""
    return shipped(
        "first_stones",
        lambda text: StoneModel.from_dict(json.loads(text)),
        (FirstStonesError, ValueError),
        "first-stones model",
    )


def model_stones(game: Game, count: int, level: int | None = None) -> list[int]:
    """The ``count`` legal first stones the model finds nearest to even ([] where no model
    fits, at ``level``, or the game is not at its first stone)."""
    worth = _legal_worth(game, level)
    return sorted(worth, key=lambda c: (abs(worth[c] - 0.5), c))[:count]


def model_move(game: Game, seed: int = 1, level: int | None = None) -> tuple[Move, float] | None:
    """The first stone under the pie rule by a model of the game's boards: the legal cell
    whose worth is nearest to even (the seed picks among those alike), with its worth; None
    where no model fits or the game is not at its first stone."""
    worth = _legal_worth(game, level)
    if not worth:
        return None
    nearest = min(abs(w - 0.5) for w in worth.values())
    even = [c for c, w in worth.items() if abs(w - 0.5) <= nearest + EVEN_MARGIN]
    pick = even[seed % len(even)]
    return Move(pick), worth[pick]


def _legal_worth(game: Game, level: int | None = None) -> dict[int, float]:
    """Each legal first stone's worth by the model of the game's boards, in cell order ({}
    where none fits at ``level``, or the game is not at its first stone under the pie
    rule)."""
    if not game.options.pie_value or game.moves or game.setup:
        return {}
    model = next((m for m in models() if m.fits(game, level)), None)
    if model is None:
        return {}
    worth = model.worth(game.geometry, game.rule)
    return {c: float(worth[c]) for c in range(game.geometry.size) if game.is_legal(Move(c))}
