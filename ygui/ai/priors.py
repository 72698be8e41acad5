"""The engine's learned prior knowledge: a weight for each feature of a cell.

A fresh node of the search tree gives each child a head start of a few playouts' worth of
experience, won at a rate that follows from the features of its cell (``kernels.features``):
the pattern of its six neighbours, its shape (bridges), its nearness to the opponent's last
stone, its distance from the edge and its distance from the nearest corner. Each feature value
has a weight, the logarithm of its Bradley-Terry strength, learned from the engine's own games
by ``scripts/learn_priors.py`` and kept in ``resources/priors/GAME.json``. A cell's strength
is the sum of its weights; the child's head start is won at the rate ``kernels.prior_value``
makes of it.

A game without weights of its own uses ``default.json``: weights for the shape of the move
alone, set by hand. Y's weights, tried in Poly-Y and Hexagonal Y at 10,000 playouts, won 22/41
and 16/33 against the shape alone, no clear gain; each game's own weights, learned from its
own games, gain (docs/strength.md gives the figures).

A damaged file is skipped with a message on the log: every weight is then 0, and the head
start is even for every move.
"""

from __future__ import annotations

import json
import logging
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from ygui.ai import kernels as k

FORMAT = "ygui-priors"
FORMAT_VERSION = 1
FEATURES = 5  # pattern, shape, nearness, depth, corner distance (kernels.features)
log = logging.getLogger(__name__)


class PriorsError(ValueError):
    """A priors file that cannot be used; the message says why."""


@lru_cache(maxsize=1)
def pattern_classes() -> np.ndarray:
    """For each base-4 pattern of six neighbours (and ``PATTERNS`` for none), the smallest
    pattern it becomes under a rotation or reflection of the hexagon."""
    digits = np.array([[(code >> (2 * j)) & 3 for j in range(6)] for code in range(k.PATTERNS)])
    orders = [[(r + j) % 6 for j in range(6)] for r in range(6)]
    orders += [[(r - j) % 6 for j in range(6)] for r in range(6)]
    place = 4 ** np.arange(6)
    images = np.stack([digits[:, order] @ place for order in orders])
    classes = np.empty(k.PATTERNS + 1, np.int64)
    classes[: k.PATTERNS] = images.min(axis=0)
    classes[k.PATTERNS] = k.PATTERNS
    return classes


def unpack(packed: np.ndarray) -> np.ndarray:
    """The columns (pattern, shape, nearness, depth, corner distance) of
    ``kernels.features``' packed codes."""
    p = packed.astype(np.int64)
    pattern = p & ((1 << k.AT_SHAPE) - 1)
    return np.stack(
        [
            pattern,
            (p >> k.AT_SHAPE) & 3,
            (p >> k.AT_NEAR) & 3,
            (p >> k.AT_DEPTH) & k.DEPTH_BITS,
            p >> k.AT_CORNER,
        ],
        axis=-1,
    )


def weights_from_dict(data: Any) -> np.ndarray:
    """The weights (kernels.W_*, length kernels.WEIGHTS) of a priors file's contents."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PriorsError(f"not a {FORMAT} file")
    if data.get("version") != FORMAT_VERSION:
        raise PriorsError(f"version {data.get('version')!r} is not {FORMAT_VERSION}")
    out = np.zeros(k.WEIGHTS, np.float32)
    try:
        for code, w in dict(data["patterns"]).items():
            index = int(code)
            if not 0 <= index <= k.PATTERNS:
                raise PriorsError(f"pattern {code} is not 0 to {k.PATTERNS}")
            out[index] = float(w)
        for name, start, count in (
            ("shape", k.W_SHAPE, k.W_NEAR - k.W_SHAPE),
            ("near", k.W_NEAR, k.W_DEPTH - k.W_NEAR),
            ("depth", k.W_DEPTH, k.W_CORNER - k.W_DEPTH),
            ("corner", k.W_CORNER, k.WEIGHTS - k.W_CORNER),
        ):
            if name == "corner" and name not in data:
                continue  # (written before corners were known: every distance weighs 0)
            values = [float(w) for w in data[name]]
            if len(values) != count:
                raise PriorsError(f"{name}: {count} weights, not {len(values)}")
            out[start : start + count] = values
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, PriorsError):
            raise
        raise PriorsError(f"weights missing or not numbers ({error})") from None
    if not np.all(np.isfinite(out)) or np.any(np.abs(out) > 20):
        raise PriorsError("a weight is not a number between -20 and 20")
    return out


@lru_cache(maxsize=16)
def weights(game: str) -> np.ndarray:
    """The shipped weights for ``game``: ``resources/priors/GAME.json`` if there is one, else
    ``default.json``; all 0 (no knowledge) if the file cannot be read."""
    folder = resources.files("ygui.resources") / "priors"
    item = folder / f"{game}.json"
    if not item.is_file():
        item = folder / "default.json"
    try:
        return weights_from_dict(json.loads(item.read_text(encoding="utf-8")))
    except (PriorsError, OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        log.warning("prior knowledge %s skipped: %s", item.name, error)
        return np.zeros(k.WEIGHTS, np.float32)
