"""Acceptance figures of every board (docs/rules.md), for every size offered."""

import math
from collections import Counter
from itertools import pairwise

import networkx as nx
import pytest

from ygui.core.boards.curved import SIZES as CURVED_SIZES
from ygui.core.boards.curved import curved_board
from ygui.core.boards.hexagon import regular_hexagon_board, starboard_board
from ygui.core.boards.mudcrack import mudcrack_board
from ygui.core.boards.polyy import polyy_board
from ygui.core.boards.triangle import triangle_board
from ygui.core.geometry import BoardError, BoardGeometry


def degree_histogram(g: BoardGeometry) -> dict[int, int]:
    return dict(Counter(len(n) for n in g.neighbours))


def curvature(g: BoardGeometry) -> int:
    boundary = set(g.perimeter)
    return sum((4 if c in boundary else 6) - len(n) for c, n in enumerate(g.neighbours))


def check_common(g: BoardGeometry) -> None:
    for a, nbrs in enumerate(g.neighbours):
        for b in nbrs:
            assert a in g.neighbours[b]
    assert all(d >= 0 for d in g.distances_from(0))
    assert curvature(g) == 6
    assert len(set(g.labels)) == g.size
    for i, side in enumerate(g.sides):
        assert side[0] == g.corners[i] and g.sides[i - 1][-1] == g.corners[i]
        for a, b in pairwise(side):
            assert b in g.neighbours[a]
    for corner in g.corners:
        assert len(g.sides_of(corner)) == 2
    assert BoardGeometry.from_json(g.to_json()).neighbours == g.neighbours


@pytest.mark.parametrize("n", range(3, 27))
def test_triangle(n):
    g = triangle_board(n)
    check_common(g)
    assert g.size == n * (n + 1) // 2
    assert [g.labels[c] for c in g.corners] == [f"{chr(96 + n)}{n}", f"{chr(96 + n)}1", "a1"]
    assert g.side_names == ("right", "bottom", "left")
    assert all(len(s) == n for s in g.sides)
    # The apex is drawn at the top, row 1 at the bottom (screen y grows downward).
    apex, a1 = g.cell(f"{chr(96 + n)}{n}"), g.cell("a1")
    assert g.centres[apex][1] < g.centres[a1][1]
    # Neighbours in axial coordinates (docs/design.md).
    c, r = 2, 2
    expected = {(c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1), (c - 1, r - 1), (c + 1, r + 1)}
    labels = {f"{chr(96 + x)}{y}" for x, y in expected if 1 <= y <= x <= n}
    assert {g.labels[b] for b in g.neighbours[g.cell("b2")]} == labels


def test_triangle_rule_text_cells_exist():
    g = triangle_board(11)
    for label in ("d2", "e2", "h2", "h3", "h4", "i4", "j4"):
        g.cell(label)
    with pytest.raises(BoardError):
        g.cell("a2")


@pytest.mark.parametrize("size", CURVED_SIZES)
def test_curved_counts(size):
    g = curved_board(size)
    check_common(g)
    s = size - 1
    assert g.size == {5: 27, 7: 55, 9: 93, 11: 141}[size]
    assert all(len(side) == size for side in g.sides)
    hist = degree_histogram(g)
    assert hist[3] == 3 and hist[5] == 3
    assert hist[4] == 3 * (s - 1)
    # inner faces by Euler's formula: E - V + 1
    assert len(g.edges) - g.size + 1 == {5: 40, 7: 90, 9: 160, 11: 250}[size]
    assert g.style == "points" and len(g.lines) == len(g.edges)


def test_game_of_y_board_acceptance():
    g = curved_board(9)
    assert g.size == 93
    assert len(g.edges) == 252
    assert len(g.edges) - g.size + 1 == 160
    triangles = sum(nx.triangles(nx.Graph(g.edges)).values()) // 3
    assert triangles == 160
    assert degree_histogram(g) == {3: 3, 4: 21, 5: 3, 6: 66}
    corners = [g.cell(x) for x in ("a1", "a9", "a17")]
    pentads = [g.cell(x) for x in ("e1", "e5", "e9")]
    assert list(g.corners) == corners
    assert sorted(c for c in range(g.size) if len(g.neighbours[c]) == 5) == sorted(pentads)
    assert sum(len(g.neighbours[c]) == 3 for c in corners) == 3
    for a in corners:
        d = g.distances_from(a)
        assert sorted(d[b] for b in corners if b != a) == [8, 8]
        assert min(d[p] for p in pentads) == 4
    for a in pentads:
        d = g.distances_from(a)
        assert sorted(d[b] for b in pentads if b != a) == [4, 4]
    # 24 on the edges (9 per side), 69 interior
    assert len(g.perimeter) == 24 and g.size - 24 == 69


def test_game_of_y_rings_and_labels():
    g = curved_board(9)
    rings = Counter(label[0] for label in g.labels)
    assert [rings[x] for x in "abcdef"] == [24, 21, 18, 15, 12, 3]
    # rings are the distance from the edge
    boundary = set(g.perimeter)
    depth = [min(g.distances_from(c)[b] for b in boundary) for c in range(g.size)]
    for c, label in enumerate(g.labels):
        assert depth[c] == ord(label[0]) - ord("a")
    expected = [
        f"{r}{i}"
        for r, n in zip("abcdef", (24, 21, 18, 15, 12, 3), strict=True)
        for i in range(1, n + 1)
    ]
    assert sorted(g.labels) == sorted(expected)
    # position 1 of every ring is on the line from the top corner; positions run clockwise
    assert [g.labels[c] for c in g.sides[0]] == [f"a{i}" for i in range(1, 10)]
    top = g.centres[g.cell("a1")]
    for ring in "abcde":
        x, _ = g.centres[g.cell(f"{ring}1")]
        assert x == pytest.approx(top[0], abs=1e-9)
        assert g.centres[g.cell(f"{ring}2")][0] > x  # clockwise from the top is to the right


def test_game_of_y_has_six_symmetries():
    g = curved_board(9)
    graph = nx.Graph(g.edges)
    matcher = nx.algorithms.isomorphism.GraphMatcher(graph, graph)
    assert sum(1 for _ in matcher.isomorphisms_iter()) == 6


@pytest.mark.parametrize("k", (3, 5, 7, 9))
@pytest.mark.parametrize("m", range(4, 13))
def test_polyy(k, m):
    g = polyy_board(k, m)
    check_common(g)
    assert g.size == 1 + k * m * (m - 1) // 2
    assert len(g.sides) == k and all(len(s) == m for s in g.sides)
    assert g.side_names == tuple(f"side{i}" for i in range(1, k + 1))
    assert sorted(c for c in g.perimeter if len(g.neighbours[c]) == 3) == sorted(g.corners)
    centre = [c for c in range(g.size) if len(g.neighbours[c]) == k and c not in g.perimeter]
    assert len(centre) == 1
    # CodeCup numbering: by distance from the top corner
    d = g.distances_from(g.cell("1"))
    assert d == sorted(d)


def _length_over_width(outline):
    widths = []
    for step in range(36):
        a = math.pi * step / 36
        along = [x * math.cos(a) + y * math.sin(a) for x, y in outline]
        widths.append(max(along) - min(along))
    return max(widths) / min(widths)


@pytest.mark.parametrize("m", (4, 7, 12))
def test_polyy_of_three_corners_is_drawn_with_cells_near_even(m):
    """Three corners on nested triangles drew the cells near each side's middle as strips 2.7
    times as long as wide, and the smallest stone half as wide as the largest (a tester's
    finding); on rounder rings no cell is more than 2.3 times as long as wide, the smallest
    stone is more than 0.75 of the largest, and the cells keep their numbers, left to right
    as drawn."""
    from ygui.core.drawing import stone_radii

    g = polyy_board(3, m)
    centre = next(c for c in range(g.size) if len(g.neighbours[c]) == 3 and c not in g.perimeter)
    assert max(_length_over_width(g.outlines[c]) for c in range(g.size) if c != centre) < 2.3
    radii = stone_radii(g)
    assert min(radii) > 0.75 * max(radii)
    assert [g.labels[c] for c in g.sides[0]] == [str(n * n) for n in range(1, m + 1)]
    d = g.distances_from(g.cell("1"))
    for distance in set(d):
        ring = [c for c in range(g.size) if d[c] == distance]
        ring.sort(key=lambda c: int(g.labels[c]))
        assert [g.centres[c][0] for c in ring] == sorted(g.centres[c][0] for c in ring)


def test_polyy_standard_board_codecup_numbers():
    g = polyy_board(5, 7)
    assert g.size == 106
    assert len(g.edges) == 285
    assert [g.labels[c] for c in g.sides[0]] == ["1", "4", "9", "16", "25", "36", "49"]
    assert [g.labels[c] for c in g.corners] == ["1", "49", "106", "100", "37"]
    assert [g.labels[c] for c in range(g.size) if len(g.neighbours[c]) == 5] == ["43"]
    assert all(len(g.neighbours[c]) == 3 for c in g.corners)
    # "left to right as drawn with the top corner up"
    x = [g.centres[c][0] for c in range(g.size)]
    assert x[g.cell("2")] < x[g.cell("3")] < x[g.cell("4")]


@pytest.mark.parametrize("n", range(3, 13))
def test_regular_hexagon(n):
    g = regular_hexagon_board(n)
    check_common(g)
    assert g.size == 3 * n * (n - 1) + 1
    assert len(g.perimeter) == 6 * (n - 1)
    assert g.side_names == (
        "top",
        "upper-right",
        "lower-right",
        "bottom",
        "lower-left",
        "upper-left",
    )
    assert all(len(s) == n for s in g.sides)
    opp = g.opposite
    assert set(opp) == set(g.perimeter)
    p = len(g.perimeter)
    for i, cell in enumerate(g.perimeter):
        assert opp[opp[cell]] == cell
        assert g.perimeter_position[opp[cell]] == (i + p // 2) % p  # half way round
        (x1, y1), (x2, y2) = g.centres[cell], g.centres[opp[cell]]
        cx = sum(x for x, _ in g.centres) / g.size
        cy = sum(y for _, y in g.centres) / g.size
        assert (x1 + x2) / 2 == pytest.approx(cx) and (y1 + y2) / 2 == pytest.approx(cy)
    for i, corner in enumerate(g.corners):
        assert opp[corner] == g.corners[(i + 3) % 6]
    assert g.labels[g.sides[3][-1]] == "a1"  # line a passes through the bottom row's leftmost


@pytest.mark.parametrize("n", range(3, 11))
def test_starboard(n):
    g = starboard_board(n)
    check_common(g)
    assert g.size == 3 * n * n
    assert [len(s) for s in g.sides] == [n, n + 1, n, n + 1, n, n + 1]
    rows = Counter(round(y, 6) for _, y in g.centres)
    widths = [rows[y] for y in sorted(rows)]  # top row first on screen
    assert widths == list(range(n, 2 * n + 1)) + list(range(2 * n - 1, n, -1))


def test_starboard_sides_on_screen():
    g = starboard_board(4)
    ys = {
        name: sum(g.centres[c][1] for c in side) / len(side)
        for name, side in zip(g.side_names, g.sides, strict=True)
    }
    xs = {
        name: sum(g.centres[c][0] for c in side) / len(side)
        for name, side in zip(g.side_names, g.sides, strict=True)
    }
    assert ys["top"] < ys["upper-right"] < ys["lower-right"] < ys["bottom"]
    assert xs["upper-right"] > xs["upper-left"] and xs["lower-right"] > xs["lower-left"]
    assert ys["upper-left"] < ys["lower-left"]


@pytest.mark.parametrize("cells", (30, 100, 250, 400))
@pytest.mark.parametrize("seed", (1, 2, 3))
def test_mudcrack(cells, seed):
    g = mudcrack_board(cells, seed)
    check_common(g)
    assert g.size == cells
    assert g.labels == tuple(str(i) for i in range(1, cells + 1))
    # numbered by rows from the bottom up, each row left to right (by height alone the
    # numbers zigzagged along a row: a tester could not find a cell by its number)
    ys = [g.centres[c][1] for c in range(g.size)]
    assert ys[-1] == min(ys)  # (the top corner last)
    assert g.sides[g.side_names.index("left")][0] == 0  # (from the bottom-left corner)
    base = max(y for outline in g.outlines or () for _, y in outline)
    row = math.sqrt(3) / 2
    rows = [round((base - y - row / 2) / row) for y in ys]
    assert rows == sorted(rows)
    for a in range(g.size - 1):  # along a row, left to right
        assert rows[a] < rows[a + 1] or g.centres[a][0] < g.centres[a + 1][0]
    assert g.meta["seed"] == seed and g.meta["cells"] == cells


def test_mudcrack_is_deterministic_and_seed_dependent():
    a, b, c = mudcrack_board(60, 7), mudcrack_board(60, 7), mudcrack_board(60, 8)
    assert a.neighbours == b.neighbours and a.outlines == b.outlines
    assert a.outlines != c.outlines


def test_mudcrack_adjacency_matches_the_drawn_cells():
    from shapely.geometry import Polygon

    g = mudcrack_board(80, 5)
    polys = [Polygon(o) for o in g.outlines]
    for a in range(g.size):
        for b in range(a + 1, g.size):
            shared = polys[a].intersection(polys[b]).length
            assert (b in g.neighbours[a]) == (shared > 1e-6)


@pytest.mark.parametrize(
    "builder, bad",
    [
        (triangle_board, 2),
        (triangle_board, 27),
        (curved_board, 8),
        (starboard_board, 11),
        (regular_hexagon_board, 2),
        (lambda n: polyy_board(4, 7), 0),
        (lambda n: polyy_board(5, 13), 0),
        (lambda n: mudcrack_board(29, 1), 0),
    ],
)
def test_sizes_outside_the_offer_are_refused(builder, bad):
    with pytest.raises(BoardError):
        builder(bad)
