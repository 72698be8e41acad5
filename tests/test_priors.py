"""The engine's learned prior knowledge: the features of a cell, the weights file, their use."""

from __future__ import annotations

import dataclasses
import json
import math
import random
from pathlib import Path

import numpy as np
import pytest
from helpers import load_script

from ygui.ai import kernels as k
from ygui.ai.engine import Engine, SearchLimits
from ygui.ai.priors import (
    FEATURES,
    FORMAT,
    FORMAT_VERSION,
    PriorsError,
    pattern_classes,
    unpack,
    weights,
    weights_from_dict,
)
from ygui.ai.tables import board_tables, params_of, position_of
from ygui.core.game import Game, Move
from ygui.core.geometry import edge_distances
from ygui.core.variants import VARIANTS, GameOptions

SHIPPED = Path(__file__).resolve().parent.parent / "resources" / "priors"


def test_a_pattern_class_is_the_same_under_every_symmetry_of_the_hexagon() -> None:
    classes = pattern_classes()
    rng = random.Random(5)
    for _ in range(300):
        digits = [rng.randrange(4) for _ in range(6)]
        code = _code(digits)
        for r in range(6):
            assert classes[_code(digits[r:] + digits[:r])] == classes[code]
            mirrored = digits[::-1]
            assert classes[_code(mirrored[r:] + mirrored[:r])] == classes[code]
    assert classes[k.PATTERNS] == k.PATTERNS
    # an empty neighbourhood, one stone of the mover's, and its orbit of six
    assert classes[0] == 0 and len({classes[4**j] for j in range(6)}) == 1
    assert 400 < len(set(classes.tolist())) < 500  # 4,096 patterns in 430 classes


def _code(digits: list[int]) -> int:
    return sum(d * 4**j for j, d in enumerate(digits))


def _cyclic_order(nbrs: list[set[int]], c: int) -> list[int] | None:
    """The neighbours of ``c`` in a cycle (or a path along the edge), found afresh."""
    around = nbrs[c]
    ends = [v for v in around if len(nbrs[v] & around) < 2]
    order = [min(ends) if ends else min(around)]
    while len(order) < len(around):
        step = [v for v in nbrs[order[-1]] & around if v not in order]
        if not step:
            return None
        order.append(step[0])
    return order


def _steps(nbrs: list[set[int]], a: int, b: int) -> int:
    """The fewest steps from cell a to cell b."""
    seen, frontier, steps = {a}, {a}, 0
    while b not in frontier:
        frontier = {y for x in frontier for y in nbrs[x]} - seen
        seen |= frontier
        steps += 1
    return steps


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_features_of_every_cell_follow_their_definitions(name: str) -> None:
    """Along random games: the pattern (up to the hexagon's symmetries), the shape, the
    nearness to the opponent's last stone, the depth and the distance from the nearest corner,
    against definitions in Python."""
    options = dataclasses.replace(GameOptions(game=name).validated(), pie=False)
    rng = random.Random(name)
    classes = pattern_classes()
    game = Game(options)
    g = game.geometry
    nbrs = [set(nb) for nb in g.neighbours]
    depth = edge_distances(g)
    corner = [min(_steps(nbrs, c, x) for x in g.corners) for c in range(g.size)]
    assert 0 in corner and max(corner) >= k.CORNER_DISTANCES - 1
    checked = 0
    while not game.is_over and checked < 60:
        tables = board_tables(game)
        params = params_of(game, tables)
        pos = position_of(game, tables, params)
        feat = np.empty(g.size, np.int8)
        packed = np.full(g.size, -9, np.int64)
        k.features(*tables.arrays[:2], *tables.feature_arrays, pos.colours, pos.info, feat, packed)
        out = unpack(packed)
        me = game.to_move
        last = game.moves[-1].cell if game.moves else None
        for c in range(g.size):
            if game.colours[c]:
                continue
            order = _cyclic_order(nbrs, c)
            hexagon = order is not None and (
                len(order) == 6
                and order[0] in nbrs[order[-1]]
                or len(order) < 6
                and (len(order) < 3 or order[0] not in nbrs[order[-1]])
            )
            if hexagon and tables.ring[c, 0] >= 0:
                assert order is not None
                digits = [
                    0 if not game.colours[v] else 1 if game.colours[v] == me else 2 for v in order
                ] + [3] * (6 - len(order))
                assert classes[out[c, 0]] == classes[_code(digits)]
            else:
                assert out[c, 0] == k.PATTERNS
            assert out[c, 1] == feat[c]
            if last is None:
                near = k.NEAR_NONE
            elif c in nbrs[last]:
                near = k.NEAR_ADJACENT
            elif len(nbrs[c] & nbrs[last]) == 2:
                near = k.NEAR_BRIDGE
            else:
                near = k.NEAR_FAR
            assert out[c, 2] == near, (c, last)
            assert out[c, 3] == min(depth[c], k.DEPTHS - 1)
            assert out[c, 4] == min(corner[c], k.CORNER_DISTANCES - 1)
            checked += 1
        game.play(rng.choice(game.legal_moves()))
    assert checked >= 60


def _valid() -> dict[str, object]:
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "patterns": {"0": -0.5, "4096": 0.25},
        "shape": [0.0, 0.1, 0.2, 0.3],
        "near": [0.0, 0.5, 0.4, -0.2],
        "depth": [-1.0, 0.0, 0.1, 0.2, 0.3],
        "corner": [0.7, 0.2, 0.0, -0.1],
    }


def test_a_priors_file_gives_each_weight_its_place() -> None:
    w = weights_from_dict(_valid())
    assert w.shape == (k.WEIGHTS,)
    assert w[0] == pytest.approx(-0.5) and w[k.PATTERNS] == pytest.approx(0.25)
    assert w[k.W_SHAPE + 3] == pytest.approx(0.3) and w[k.W_NEAR + 1] == pytest.approx(0.5)
    assert w[k.W_DEPTH] == pytest.approx(-1.0) and w[1] == 0.0
    assert w[k.W_CORNER] == pytest.approx(0.7) and w[k.WEIGHTS - 1] == pytest.approx(-0.1)
    older = _valid()
    del older["corner"]  # a file from before the corners were known: they weigh nothing
    assert np.all(weights_from_dict(older)[k.W_CORNER :] == 0.0)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "other"}, "not a ygui-priors file"),
        ({"version": 9}, "version 9"),
        ({"patterns": {"5000": 1.0}}, "pattern 5000"),
        ({"patterns": {"x": 1.0}}, "not numbers"),
        ({"shape": [0.0, 1.0]}, "shape: 4 weights, not 2"),
        ({"near": ["a", 0, 0, 0]}, "not numbers"),
        ({"depth": None}, "not numbers"),
        ({"shape": [0.0, 1.0, 2.0, 1e9]}, "between -20 and 20"),
    ],
)
def test_a_damaged_priors_file_is_refused_with_a_message(change, message: str) -> None:
    data = {**_valid(), **change}
    with pytest.raises(PriorsError, match=message):
        weights_from_dict(data)
    depthless = _valid()
    del depthless["depth"]
    with pytest.raises(PriorsError, match="missing"):
        weights_from_dict(depthless)


LEARNED = sorted(p.stem for p in SHIPPED.glob("*.json") if p.stem != "default")


def test_the_games_with_learned_weights() -> None:
    assert "y" in LEARNED and set(LEARNED) <= set(VARIANTS)


@pytest.mark.parametrize("name", LEARNED)
def test_the_shipped_weights_load_and_know_the_shapes_of_their_game(name: str) -> None:
    w = weights(name)
    assert w is weights(name)  # read once
    text = (SHIPPED / f"{name}.json").read_text(encoding="utf-8")
    assert np.array_equal(w, weights_from_dict(json.loads(text)))
    shape = w[k.W_SHAPE : k.W_NEAR]
    # restoring an intruded bridge beats making one, which beats a cell touching nothing
    assert shape[k.SAVE] > shape[k.BRIDGE] > shape[k.NOTHING]
    near = w[k.W_NEAR : k.W_DEPTH]
    assert near[k.NEAR_ADJACENT] > near[k.NEAR_FAR] and near[k.NEAR_BRIDGE] > near[k.NEAR_FAR]
    assert len(np.flatnonzero(w[: k.PATTERNS])) > 100  # patterns learned


def test_a_game_without_weights_of_its_own_uses_the_shape_of_the_move_alone() -> None:
    assert set(LEARNED) == set(VARIANTS)  # (every game has its own now)
    w = weights("a-game-of-ones-own")
    default = weights_from_dict(json.loads((SHIPPED / "default.json").read_text("utf-8")))
    assert np.array_equal(w, default)
    assert not np.any(w[: k.W_SHAPE]) and not np.any(w[k.W_NEAR :])
    shape = w[k.W_SHAPE : k.W_NEAR]
    assert shape[k.SAVE] > shape[k.BRIDGE] > shape[k.TOUCH] > shape[k.NOTHING]
    engine = Engine()
    assert np.array_equal(engine.weights("a-game-of-ones-own")[:-1], default)
    assert engine.weights("a-game-of-ones-own")[-1] == np.float32(engine.prior_scale)


def test_a_fresh_child_starts_from_the_value_of_its_features() -> None:
    """One playout from a position where White intruded into Black's bridge: each child of
    the root holds the head start its cell's features give (plus that playout's
    all-moves-as-first result), and the first one followed is the strongest cell, which
    restores the bridge."""
    game = Game(GameOptions(game="y", size=7, pie=False).validated())
    nbrs = [set(nb) for nb in game.geometry.neighbours]
    a = game.parse_move("d4").cell
    assert a is not None
    b = next(
        b for b in range(game.geometry.size) if b not in nbrs[a] and len(nbrs[a] & nbrs[b]) == 2
    )
    x, y = sorted(nbrs[a] & nbrs[b])
    far = next(c for c in range(game.geometry.size) if not nbrs[c] & {a, b, x, y})
    for cell in (a, far, b, x):  # White's x intrudes into Black's bridge a-b
        game.play(Move(cell))
    learned = weights("y").copy()  # Y's, with weights for the corner distances too
    learned[k.W_CORNER : k.WEIGHTS] = [0.4, 0.2, -0.1, 0.05]
    engine = Engine(seed=3, prior=20.0, weights=learned)
    engine.search(game, SearchLimits(playouts=1))
    tree = engine._tree
    assert tree is not None
    tables = board_tables(game)
    pos = position_of(game, tables, params_of(game, tables))
    n = game.geometry.size
    packed = np.zeros(n, np.int64)
    scratch = np.empty(n, np.int8)
    k.features(*tables.arrays[:2], *tables.feature_arrays, pos.colours, pos.info, scratch, packed)
    out = unpack(packed)
    w = engine.weights("y").astype(np.float64)
    empty = [c for c in range(n) if not game.colours[c]]
    strength = {
        c: w[out[c, 0]]
        + w[k.W_SHAPE + out[c, 1]]
        + w[k.W_NEAR + out[c, 2]]
        + w[k.W_DEPTH + out[c, 3]]
        + w[k.W_CORNER + out[c, 4]]
        for c in empty
    }
    mean = sum(strength.values()) / len(strength)
    followed = []
    for c in tree.children(tree.root):
        cell = tree.move_of(int(c))
        value = k.prior_value(strength[cell] - mean, w[k.WEIGHTS])
        hits = float(tree.rave_n[c]) - 20.0
        assert hits in (0.0, 1.0)
        assert float(tree.rave_w[c]) - 20.0 * value == pytest.approx(0.0, abs=1e-4) or (
            float(tree.rave_w[c]) - 20.0 * value == pytest.approx(hits, abs=1e-4)
        )
        if tree.visits[c]:
            followed.append(cell)
    strongest = max(empty, key=lambda c: (strength[c], -c))
    assert followed == [strongest] == [y]


def test_a_head_start_grows_with_strength_within_bounds() -> None:
    values = [k.prior_value(x / 10, 1.0) for x in range(-80, 81)]
    assert all(a <= b for a, b in zip(values, values[1:], strict=False))
    assert all(a < b for a, b in zip(values[50:110], values[51:111], strict=False))
    assert values[80] == 0.5 and values[0] > 0.05 - 1e-9 and values[-1] < 0.95 + 1e-9
    for x in range(-80, 81):  # close to 1/2 + 0.45 tanh
        assert abs(k.prior_value(x / 10, 1.0) - (0.5 + 0.45 * math.tanh(x / 10))) < 0.012


def test_without_weights_every_head_start_is_even() -> None:
    """A damaged priors file leaves every weight 0: every child starts at one half."""
    game = Game(GameOptions(game="y", size=7, pie=False).validated())
    game.play(game.parse_move("d4"))
    engine = Engine(seed=3, prior=20.0, weights=np.zeros(k.WEIGHTS, np.float32))
    engine.search(game, SearchLimits(playouts=1))
    tree = engine._tree
    assert tree is not None
    for c in tree.children(tree.root):
        hits = float(tree.rave_n[c]) - 20.0
        assert float(tree.rave_w[c]) - 10.0 in (0.0, hits)


def _script():
    return load_script("learn_priors")[1]


def test_the_fit_finds_the_feature_the_choices_follow() -> None:
    """Contests where the chosen cell is always the one that restores a bridge, and cells
    next to the last stone are chosen more often than far ones: the weights say so."""
    rng = np.random.default_rng(3)
    rows = []
    for contest in range(400):
        cells = 12
        block = np.zeros((cells, 2 + FEATURES), np.int32)
        block[:, 0] = contest
        block[:, 1] = rng.integers(0, 50, cells)  # patterns: noise
        block[:, 2] = rng.choice([k.NOTHING, k.TOUCH, k.BRIDGE], cells)
        block[:, 3] = rng.choice([k.NEAR_ADJACENT, k.NEAR_FAR], cells)
        block[:, 4] = rng.integers(0, k.DEPTHS, cells)
        block[:, 5] = rng.integers(0, k.CORNER_DISTANCES, cells)
        if contest % 2:
            block[0, 2] = k.SAVE
            block[0, -1] = 1
        else:
            near = np.flatnonzero(block[:, 3] == k.NEAR_ADJACENT)
            block[near[0] if len(near) else 0, -1] = 1
        rows.append(block)
    w = _script().fit(np.concatenate(rows), iterations=30)
    shape = w[k.W_SHAPE : k.W_NEAR]
    assert shape[k.SAVE] > max(shape[k.NOTHING], shape[k.TOUCH], shape[k.BRIDGE]) + 1.0
    assert w[k.W_NEAR + k.NEAR_ADJACENT] > w[k.W_NEAR + k.NEAR_FAR] + 0.5
    assert abs(w[k.W_NEAR + k.NEAR_BRIDGE]) < 1e-6  # never seen: left at strength 1


def test_the_script_plays_learns_and_writes_a_file_the_engine_reads(tmp_path) -> None:
    import subprocess
    import sys

    script = Path(__file__).resolve().parent.parent / "scripts" / "learn_priors.py"
    games = tmp_path / "games.npz"
    out = tmp_path / "priors.json"
    play = ["play", "--games", "2", "--playouts", "200", "--boards", "y:size=5", "--jobs", "1"]
    subprocess.run([sys.executable, str(script), *play, "--out", str(games)], check=True)
    rows = np.load(games)["rows"]
    # each position has exactly one chosen cell, among its empty cells
    assert np.all(np.bincount(rows[:, 0], weights=rows[:, -1]) == 1)
    subprocess.run([sys.executable, str(script), "fit", str(games), "--out", str(out)], check=True)
    w = weights_from_dict(json.loads(out.read_text(encoding="utf-8")))
    assert np.any(w != 0.0) and np.any(w[k.W_CORNER :] != 0.0)
    fit = ["fit", str(games), "--without", "corner", "--out", str(out)]
    subprocess.run([sys.executable, str(script), *fit], check=True)
    without = weights_from_dict(json.loads(out.read_text(encoding="utf-8")))
    assert np.all(without[k.W_CORNER :] == 0.0) and np.any(without[: k.W_CORNER] != 0.0)
    game = Game(GameOptions(game="y", size=5, pie=False))
    result = Engine(seed=1, weights=w).search(game, SearchLimits(playouts=200))
    assert game.is_legal(result.move)
