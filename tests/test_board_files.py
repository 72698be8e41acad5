"""Board descriptors as JSON: round trips, and invalid files rejected with a clear message."""

import copy
import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ygui.core.boards.triangle import triangle_board
from ygui.core.game import BLACK, Game
from ygui.core.geometry import BoardError, BoardGeometry
from ygui.core.variants import VARIANTS, GameOptions


@pytest.mark.parametrize("name", list(VARIANTS))
def test_round_trip(name):
    g = GameOptions(game=name).board()
    again = BoardGeometry.from_json(g.to_json())
    assert again.labels == g.labels and again.neighbours == g.neighbours
    assert again.sides == g.sides and again.corners == g.corners
    assert again.perimeter == g.perimeter and again.opposite_pairs == g.opposite_pairs
    assert again.lines == g.lines and again.style == g.style


def base() -> dict:
    return triangle_board(4).to_dict()


def label_index(data, label):
    return next(i for i, c in enumerate(data["cells"]) if c["label"] == label)


def break_symmetry(d):
    d["cells"][0]["neighbours"].remove(d["cells"][0]["neighbours"][0])


def disconnect(d):
    # cut cell 'd4' (the apex) loose from everything
    apex = label_index(d, "d4")
    for n in d["cells"][apex]["neighbours"]:
        d["cells"][n]["neighbours"].remove(apex)
    d["cells"][apex]["neighbours"] = []


def duplicate_label(d):
    d["cells"][1]["label"] = d["cells"][0]["label"]


def empty_side(d):
    d["sides"][1]["cells"] = []


def gap_in_side(d):
    d["sides"][1]["cells"].pop(1)


def add_extra_edge(d):
    a, b = label_index(d, "a1"), label_index(d, "d4")
    d["cells"][a]["neighbours"].append(b)
    d["cells"][b]["neighbours"].append(a)


@pytest.mark.parametrize(
    "damage, message",
    [
        (break_symmetry, "not symmetric"),
        (disconnect, "not connected"),
        (duplicate_label, "used twice"),
        (empty_side, "has no cells"),
        (gap_in_side, "not contiguous"),
        (add_extra_edge, "curvature"),
        (lambda d: d.pop("cells"), "'cells' must be a list"),
        (lambda d: d.update(format="x"), "not a board file"),
        (lambda d: d.update(version=99), "version"),
        (lambda d: d["cells"][0].update(centre=["a", 1]), "pair of numbers"),
        (lambda d: d["cells"][0].update(neighbours=[999]), "does not exist"),
        (lambda d: d.update(corners=[0]), "corners"),
        (lambda d: d["cells"][0].update(label="Big Cell"), "lower case"),
        (lambda d: d["perimeter"].pop(), "perimeter"),
    ],
)
def test_invalid_board_files_name_the_problem(damage, message):
    data = base()
    damage(data)
    with pytest.raises(BoardError, match=message):
        BoardGeometry.from_dict(data)


def test_not_json():
    with pytest.raises(BoardError, match="not valid JSON"):
        BoardGeometry.from_json("{nope")
    with pytest.raises(BoardError, match="one JSON object"):
        BoardGeometry.from_json("[1, 2]")


@given(st.data())
def test_random_damage_is_refused_or_valid(data):
    d = base()
    for _ in range(data.draw(st.integers(1, 3))):
        cell = data.draw(st.integers(0, len(d["cells"]) - 1))
        field = data.draw(st.sampled_from(["neighbours", "label", "centre"]))
        value = data.draw(
            st.one_of(
                st.integers(-2, 20),
                st.text(max_size=3),
                st.lists(st.integers(-1, 12), max_size=7),
                st.none(),
            )
        )
        d["cells"][cell][field] = value
    try:
        g = BoardGeometry.from_dict(copy.deepcopy(d))
    except BoardError as exc:
        assert str(exc)
        return
    g.validate()


def test_a_board_of_ones_own_plays_y(tmp_path):
    """A user-made board (here a triangle written out and re-read) plays as Y."""
    path = tmp_path / "mine.json"
    subprocess.run(
        [sys.executable, "-m", "ygui", "board", "y", "--set", "size=4", "-o", str(path)], check=True
    )
    g = BoardGeometry.from_json(path.read_text())
    game = Game(GameOptions(game="y", size=4), geometry=g)
    for label in ("a1", "b2", "b1", "c2", "c1", "c3", "d1"):
        game.play(game.parse_move(label))
    assert game.winner == BLACK
    check = subprocess.run(
        [sys.executable, "-m", "ygui", "check-board", str(path)], capture_output=True, text=True
    )
    assert check.returncode == 0 and "10 cells" in check.stdout
    data = json.loads(path.read_text())
    data["cells"][0]["neighbours"] = []
    path.write_text(json.dumps(data))
    check = subprocess.run(
        [sys.executable, "-m", "ygui", "check-board", str(path)], capture_output=True, text=True
    )
    assert check.returncode == 2 and "not a valid board" in check.stderr


def test_a_board_of_ones_own_is_played_as_y_or_poly_y_by_its_sides():
    from ygui.core.boards.polyy import polyy_board
    from ygui.core.boards.triangle import triangle_board
    from ygui.core.variants import OptionsError, options_for_board

    assert options_for_board(triangle_board(5)).game == "y"
    assert options_for_board(polyy_board(5, 4)).game == "poly-y"
    assert options_for_board(polyy_board(7, 4)).pie_value
    square = polyy_board(5, 4)
    even = type(square)(
        **{**square.__dict__, "sides": square.sides[:4], "side_names": square.side_names[:4]}
    )
    with pytest.raises(OptionsError, match="odd number of sides"):
        options_for_board(even)
