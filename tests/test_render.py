"""``ygui render`` draws every game and board size; stones appear where they must."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QGraphicsPathItem

from ygui.cli import main
from ygui.core.game import Game
from ygui.core.variants import VARIANTS, GameOptions
from ygui.ui.board_scene import BoardScene

CASES = []
for name, v in VARIANTS.items():
    sizes = v.sizes if name != "mudcrack-y" else (30, 100, 250, 400)
    for size in sizes:
        if name == "poly-y":
            CASES += [(name, size, {"corners": k}) for k in (3, 5, 7, 9)]
        else:
            CASES.append((name, size, {}))


def pixel(image: QImage, game: Game, cell: int, width: int) -> QColor:
    scene = BoardScene(game)
    rect = scene.sceneRect()
    p = scene.cell_position(cell)
    r = scene.radii[cell]  # beside the centre, clear of the last-move dot
    scale = width / rect.width()
    x, y = (p.x() - 0.25 * r - rect.x()) * scale, (p.y() - 0.35 * r - rect.y()) * scale
    return image.pixelColor(round(x), round(y))


@pytest.mark.parametrize(
    "name, size, extra", CASES, ids=[f"{n}-{s}-{e.get('corners', '')}" for n, s, e in CASES]
)
def test_render_every_game_and_size(qapp, tmp_path, name, size, extra):
    options = GameOptions(game=name, size=size, **extra).validated()
    game = Game(options)
    g = game.geometry
    first = g.perimeter[len(g.perimeter) // 3]
    second = next(c for c in range(g.size) if c not in game.placement_cells(first))
    moves = f"{g.labels[first]} {g.labels[second]}"
    out = tmp_path / "board.png"
    args = [
        "render",
        "--game",
        name,
        "--size",
        str(size),
        "--moves",
        moves,
        "-o",
        str(out),
        "--width",
        "800",
    ]
    args += [f"--set=corners={extra['corners']}"] if extra else []
    assert main(args) == 0
    image = QImage(str(out))
    assert image.width() == 800 and image.height() > 100
    colours = {image.pixel(x, y) for x in range(0, 800, 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 10  # not blank
    game.play(game.parse_move(g.labels[first]))
    game.play(game.parse_move(g.labels[second]))
    black = pixel(image, game, first, 800)
    white = pixel(image, game, second, 800)
    if name in ("hexagonal-y", "eccentric-y"):
        assert black.red() > black.blue() + 40  # Red
        assert white.blue() > white.red() + 40  # Blue
    else:
        assert black.lightness() < 80
        assert white.lightness() > 170


def test_render_svg_and_labels(qapp, tmp_path):
    out = tmp_path / "board.svg"
    assert (
        main(
            [
                "render",
                "--game",
                "y",
                "--size",
                "5",
                "--labels",
                "--moves",
                "a1 swap",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    text = out.read_text()
    assert text.startswith("<?xml") and "<svg" in text and "a1" in text
    # 1000 pixels at 96 to the inch, as the web and office programs read an SVG's pixels (at
    # 72 it declared 352.778 mm: 35 cm wide in a document, tester 53)
    assert 'width="264.583mm"' in text


def test_svg_stones_have_a_plain_fill_under_their_gradient(qapp, tmp_path):
    """A program that draws no SVG gradients showed the stones hollow (tester 19): each stone
    has a plain disc of its colour under the gradient."""
    from PySide6.QtGui import QColor

    from ygui.ui.theme import STONE_COLOURS

    out = tmp_path / "board.svg"
    assert main(["render", "--game", "y", "--size", "5", "--moves", "c2 b1", "-o", str(out)]) == 0
    text = out.read_text()
    for name in ("Black", "White"):
        light, dark = (QColor(c) for c in STONE_COLOURS[name])
        plain = QColor.fromRgbF(
            (light.redF() + dark.redF()) / 2,
            (light.greenF() + dark.greenF()) / 2,
            (light.blueF() + dark.blueF()) / 2,
        )
        assert f'fill="{plain.name()}"' in text, name


def test_render_a_record(qapp, tmp_path):
    from ygui.core.record import GameRecord, save_record

    game = Game(GameOptions(game="poly-y").validated())
    game.play(game.parse_move("43"))
    record = tmp_path / "g.ysgf"
    save_record(record, GameRecord.from_game(game))
    out = tmp_path / "g.png"
    assert main(["render", str(record), "--moves", "1", "-o", str(out)]) == 0
    assert out.stat().st_size > 1000


def test_render_a_board_file(qapp, tmp_path):
    """A board of one's own drawn from its file (only a record of a game on it could be:
    tester 61), with moves."""
    from ygui.core.boards.polyy import polyy_board

    board = tmp_path / "mine.json"
    board.write_text(polyy_board(5, 4).to_file_text())
    out = tmp_path / "mine.svg"
    args = ["render", "--board", str(board), "--moves", "7 swap 12", "--labels", "-o", str(out)]
    assert main(args) == 0
    text = out.read_text()
    assert text.startswith("<?xml") and ">12<" in text  # (a cell's name)
    assert main(["render", "--board", str(board), "--moves", "7 7", "-o", str(out)]) == 2


@pytest.mark.parametrize(
    "args, message",
    [
        (["--game", "y", "--moves", "a1 a1"], "move 2 (a1): the cell a1 is occupied"),
        (["--game", "y", "--size", "99"], "3 to 26"),
        (["--game", "y", "--moves", "q77"], "no cell"),
        (["--game", "y", "--set", "pie"], "key=value"),
        # (100,000 flooded the terminal with Qt's painter warnings and blamed the disk; 0 drew
        # a 64-pixel picture without a word: tester 61)
        (["--game", "y", "--width", "100000"], "the width must be 100 to 6,000 pixels, not 100,"),
        (["--game", "y", "--width", "0"], "the width must be 100 to 6,000 pixels, not 0"),
        (["--board", "/nonexistent/b.json"], "/nonexistent/b.json is not a valid board: cannot"),
        (["--board", "b.json", "--game", "y"], "give either --board or --game/--size/--set, not"),
    ],
)
def test_render_errors(tmp_path, args, message):
    out = tmp_path / "x.png"
    proc = subprocess.run(
        [sys.executable, "-m", "ygui", "render", *args, "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2 and message in proc.stderr
    assert not out.exists()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_heat_dots_show_the_keys_colours_on_the_board(qapp, theme):
    """A tester's find: the heat map's least visited cells showed the board through their
    dots, which looked grey, not the key's blue. Drawn on the board, each dot's colour is
    near the key's (the same colour on the panel's background), in either theme."""
    from ygui.ui.board_scene import heat_colour
    from ygui.ui.render import scene_image
    from ygui.ui.theme import THEMES

    game = Game(GameOptions(game="y", size=7).validated())
    scene = BoardScene(game, THEMES[theme])
    cells = [3, 10, 17, 24]
    visits = {c: n for c, n in zip(cells, (100, 400, 700, 1000), strict=True)}
    scene.set_heat(visits)
    width = 900
    image = scene_image(scene, width)
    rect = scene.sceneRect()
    scale = width / rect.width()
    for cell, count in visits.items():
        p = scene.cell_position(cell)
        seen = image.pixelColor(
            round((p.x() - rect.x()) * scale), round((p.y() - rect.y()) * scale)
        )
        key = heat_colour(count / 1000, dark=theme == "dark")
        hue = abs(seen.hsvHueF() - key.hsvHueF())
        assert min(hue, 1 - hue) < 0.06, (cell, seen.name(), key.name())
        assert seen.hsvSaturationF() > 0.35, (cell, seen.name())  # a colour, not a grey
        # and on the dark board, lighter than it: the most visited cell's deep violet was
        # lost on the brown (tester 85)
        board = QColor(THEMES[theme].colour("board"))
        if theme == "dark":
            assert seen.valueF() > board.valueF() + 0.3, (cell, seen.name(), board.name())


def test_with_the_cells_names_shown_the_heat_is_a_ring_round_each_name(qapp):
    """A tester could not read the cell names under the heat map's dots: with the names
    shown, each heated cell's colour is a ring round its name, whose middle is the board's
    own colour again; without them, a disc."""
    from ygui.ui.board_scene import heat_colour
    from ygui.ui.render import scene_image
    from ygui.ui.theme import LIGHT

    game = Game(GameOptions(game="poly-y").validated())
    scene = BoardScene(game, LIGHT)
    visits = {c: n for c, n in zip((10, 30, 50), (100, 500, 1000), strict=True)}
    scene.set_heat(visits)
    width = 1200
    rect = scene.sceneRect()
    scale = width / rect.width()

    def pixel(image, cell, dx=0.0):
        p = scene.cell_position(cell)
        x = (p.x() + dx - rect.x()) * scale
        return image.pixelColor(round(x), round((p.y() - rect.y()) * scale))

    def near(seen, key):
        hue = abs(seen.hsvHueF() - key.hsvHueF())
        return min(hue, 1 - hue) < 0.06 and seen.hsvSaturationF() > 0.35

    discs = scene_image(scene, width)
    scene.set_show_labels(True)
    rings = scene_image(scene, width)
    board = QColor(LIGHT.colour("board"))
    for cell, count in visits.items():
        key = heat_colour(count / 1000)
        assert near(pixel(discs, cell), key)
        ring = scene.radii[cell] * max(0.55, 0.3 + 0.37 * count / 1000)
        assert near(pixel(rings, cell, ring), key)
        # (left of the name, inside the ring: the board's colour)
        inside = pixel(rings, cell, -0.45 * ring)
        assert abs(inside.hueF() - board.hueF()) < 0.05 and not near(inside, key)
    assert len(scene._heat_items) == 3


def test_candidate_marks_are_tinted_squares_and_say_their_cells_names(qapp):
    """A tester took the analysis's round white candidate discs for white stones, and every
    disc of a lost position read "loss" over the name of its cell. A mark is a rounded square
    (its corners are filled where a disc's would not be), tinted red for a loss and green for
    a win; with the names shown, it says its cell's name above the rate, and turning the
    names on or off redraws the marks."""
    from ygui.ui.board_scene import candidate_tint
    from ygui.ui.render import scene_image
    from ygui.ui.theme import LIGHT

    game = Game(GameOptions(game="y", size=7).validated())
    scene = BoardScene(game, LIGHT)
    marks = [(10, "win", 1.0), (17, "loss", 0.0), (24, "50%", 0.5)]
    scene.set_candidates(marks)
    width = 1200
    rect = scene.sceneRect()
    scale = width / rect.width()

    def pixel(image, cell, dx, dy):
        p, r = scene.cell_position(cell), scene.radii[cell]
        x, y = p.x() + dx * r - rect.x(), p.y() + dy * r - rect.y()
        return image.pixelColor(round(x * scale), round(y * scale))

    image = scene_image(scene, width)
    board = QColor(LIGHT.colour("board"))
    for cell, _, worth in marks:
        corner = pixel(image, cell, -0.58, -0.58)  # outside a disc of the mark's size
        tint = candidate_tint(worth)
        assert corner != board and abs(corner.lightnessF() - tint.lightnessF()) < 0.05
        assert tint.hslSaturationF() > 0.6, tint.name()  # (pale tints could not be told apart)
        hue = corner.hslHueF() * 360
        assert abs(hue - 120 * worth) < 8, (cell, hue)
    assert scene.candidate_marks == ["win", "loss", "50%"] and scene.candidate_names == []
    scene.set_show_labels(True)
    assert scene.candidate_names == [game.geometry.labels[c] for c, _, _ in marks]
    assert scene.candidate_marks == ["win", "loss", "50%"]
    scene.set_show_labels(False)
    assert scene.candidate_names == []

    def framed() -> list[bool]:
        marks = [i for i in scene._candidate_items if isinstance(i, QGraphicsPathItem)]
        return [m.pen().color() == QColor("#1e88e5") for m in marks]

    assert framed() == [True, False, False]
    # the best move a swap (no cell): no mark is framed as the best (g3 was, a tester's)
    scene.set_candidates(marks, first_is_best=False)
    assert framed() == [False, False, False]
    scene.set_show_labels(True)  # (and drawn again so)
    assert framed() == [False, False, False]


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_cells_names_share_one_size_where_it_fits(qapp, name):
    """Each name as large as its own cell allowed made 37, 49 and 100 smaller than their
    neighbours on Poly-Y (tester 17): the names take one size, smaller only in the smallest
    cells, and each still fits its cell."""
    scene = BoardScene(Game(GameOptions(game=name).validated()), show_labels=True)
    sizes = [label.font().pixelSize() for label in scene._labels]
    common = max(set(sizes), key=sizes.count)
    assert sizes.count(common) >= 0.75 * len(sizes) and max(sizes) == common
    for label, radius in zip(scene._labels, scene.radii, strict=True):
        assert label.boundingRect().width() <= 2.2 * radius


def test_cells_the_search_only_glanced_at_have_no_heat_mark(qapp):
    """Every empty cell had a dot, the corners too, and the few the search weighs stood out
    less (tester 28): a cell with under HEAT_LEAST of all the visits has no mark."""
    from ygui.ui.board_scene import HEAT_LEAST
    from ygui.ui.theme import THEMES

    game = Game(GameOptions(game="y", size=7).validated())
    scene = BoardScene(game, THEMES["light"])
    total = 1_000_000
    least = int(total * HEAT_LEAST)
    top = total - (least + 1) - (least - 1) - 5
    scene.set_heat({3: top, 10: least + 1, 17: least - 1, 24: 5})
    marked = {scene.cell_at(item.sceneBoundingRect().center()) for item in scene._heat_items}
    assert marked == {3, 10}


def test_a_mark_on_a_numbered_stone_leaves_its_number_readable(qapp, tmp_path):
    """Tester 41's figure drew a triangle right over move 3's number. A mark on a numbered
    stone is drawn small at its upper right, on a patch of board, clear of the number; on a
    stone without a number it stays in the middle."""
    from ygui.ui.render import render_scene

    game = Game(GameOptions(game="y", size=7, pie=False).validated())
    g = game.geometry
    for label in ("c2", "d3", "e3"):
        game.play(game.parse_move(label))
    scene = BoardScene(game)
    scene.set_numbers(1)
    marks = {g.cell("c2"): ("triangle", ""), g.cell("d3"): ("label", "A")}
    marks[g.cell("e3")] = ("square", "")
    scene.set_numbers(2)  # c2 has no number now
    scene.set_marks(marks)
    assert scene.drawn_marks == marks and set(scene.drawn_numbers) == {g.cell("d3"), g.cell("e3")}
    numbers = {scene.cell_at(i.sceneBoundingRect().center()): i for i in scene._numbers}
    for item in scene._mark_items:
        data = item.data(0)
        if not data:
            continue  # (a patch of board under a mark)
        cell = data[0]
        box = item.sceneBoundingRect()
        if cell in numbers:
            assert not box.intersects(numbers[cell].sceneBoundingRect()), g.labels[cell]
        else:
            assert box.center().x() == pytest.approx(scene.cell_position(cell).x(), abs=2)
    render_scene(scene, tmp_path / "figure.png")


def test_a_mark_on_a_candidates_cell_leaves_its_rate_readable(qapp):
    """Tester 53's letter A stood over the best candidate, which showed only its blue frame,
    and a triangle scribbled over "h7 48%". A mark on a candidate's cell is drawn small at its
    upper right, clear of the rate, and back in the middle once the candidates go."""
    game = Game(GameOptions(game="y", size=7, pie=False).validated())
    g = game.geometry
    scene = BoardScene(game)
    a, b = g.cell("d3"), g.cell("c2")
    scene.set_marks({a: ("label", "A"), b: ("triangle", "")})

    def mark_box(cell):
        return next(
            i.sceneBoundingRect() for i in scene._mark_items if (i.data(0) or [-1])[0] == cell
        )

    scene.set_candidates([(a, "55%", 0.55), (g.cell("e3"), "50%", 0.5)])
    label = scene._candidate_labels[0].sceneBoundingRect()
    assert scene.candidate_marks == ["55%", "50%"]
    assert not mark_box(a).intersects(label)
    assert mark_box(b).center().x() == pytest.approx(scene.cell_position(b).x(), abs=2)
    full = mark_box(b).width()
    scene.set_candidates([(b, "40%", 0.4)])  # and a triangle there: small, but not too small
    small = mark_box(b)  # (at half size, a square on a Poly-Y cell was 6 pixels: tester 56)
    assert 0.6 * full <= small.width() < 0.7 * full
    assert not small.intersects(scene._candidate_labels[0].sceneBoundingRect())
    scene.set_candidates(None)
    assert mark_box(a).center().x() == pytest.approx(scene.cell_position(a).x(), abs=2)


def test_the_heat_map_warms_both_cells_of_an_edge_pair(qapp):
    """The search lists a Hexagonal Y edge pair by its first cell: the map draws its heat on
    the second too (either cell plays the pair), the legend names both, and the share of the
    visits counts them once."""
    game = Game(GameOptions(game="hexagonal-y", size=4, pie=False).validated())
    g = game.geometry
    first = next(c for c in g.opposite if game.is_paired_twin(g.opposite[c]))
    twin, centre = g.opposite[first], g.cell("d4")
    scene = BoardScene(game)
    scene.set_heat({first: 60, centre: 40})
    drawn = {scene.cell_at(item.sceneBoundingRect().center()) for item in scene._heat_items}
    assert drawn == {first, twin, centre}
    assert scene.heat is not None
    assert scene.heat.best == f"{g.labels[first]} + {g.labels[twin]}"
    assert (scene.heat.best_visits, scene.heat.visits) == (60, 100)


def test_a_win_lights_the_sides_its_rule_counts(qapp):
    """Y's winning group lights the sides it joins; Hexagonal Y's, won by its span of the
    edge whatever the sides, lights none (a row from corner to corner lit four sides of six,
    read as a meaning nobody could find: tester 53)."""
    from ygui.core.game import BLACK

    def lit(name: str, size: int, black: str) -> list[str]:
        options = GameOptions(game=name, size=size, pie=False).validated()
        g = options.board()
        setup = {g.cell(c): BLACK for c in black.split()}
        game = Game(options, g, setup)
        assert game.winner == BLACK
        scene = BoardScene(game)
        win = scene.theme.colour("win")
        items = scene._side_items
        return [g.side_names[i] for i, item in enumerate(items) if item.pen().color() == win]

    assert sorted(lit("y", 3, "a1 b1 c1")) == ["bottom", "left", "right"]
    row = "a7 b7 c7 d7 e7 f7 g7 h7 i7 j7 k7 l7 m7"
    assert lit("hexagonal-y", 7, row) == []


def test_help_says_how_to_open_a_file(capsys):
    """'ygui FILE' was in the README alone; --help listed the commands only (tester 55)."""
    with pytest.raises(SystemExit):
        main(["--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "'ygui FILE' with a game record (.ysgf, .sgf) to open in it" in said


@pytest.mark.parametrize("theme, edged", [("dark", True), ("light", False)])
def test_eccentric_ys_black_sides_stand_out_on_the_dark_theme(qapp, theme, edged):
    """The black sides, near-black on the dark theme's near-black, are edged in the labels'
    colour there (hard to see in a dark figure: tester 62); on the light theme they need
    no edge."""
    from ygui.ui.theme import THEMES

    game = Game(GameOptions(game="eccentric-y").validated())
    scene = BoardScene(game, THEMES[theme], False)
    black = [
        i for i, n in enumerate(game.geometry.side_names) if scene.side_colour(i).lightnessF() < 0.2
    ]
    assert black  # (the rules' black sides)
    assert len(scene.side_halos) == (len(black) if edged else 0)
    for halo in scene.side_halos:
        assert halo.pen().color() == THEMES[theme].colour("label")


def test_the_legends_swatch_of_a_colour_near_the_background_is_on_a_chip():
    """The black sides' swatch in the game panel's key was a black square on dark grey on
    the dark theme (tester 63): it stands on a chip of the labels' colour there."""
    from ygui.ui.game_panel import legend_text
    from ygui.ui.theme import THEMES

    game = Game(GameOptions(game="eccentric-y").validated())
    dark, light = (legend_text(game, THEMES[name]) for name in ("dark", "light"))
    assert f"background-color:{THEMES['dark'].label}" in dark and "black sides" in dark
    assert dark.count("background-color") == 1  # (the green sides' swatch stands out)
    assert "background-color" not in light


def test_where_cell_names_are_numbers_a_set_up_stone_has_no_name_beside_move_numbers(qapp):
    """Tester 70's Poly-Y figure: set-up stones carried their cell numbers ("13", "21") in the
    very style of the numbered move "1" beside them. While moves are numbered, a stone's name
    is left off where names are numbers; letters and digits (Y's "d3") stay, and so do the
    names of empty cells."""
    from ygui.core.game import BLACK, WHITE

    for name, numbers_as_names in (("poly-y", True), ("y", False)):
        options = GameOptions(game=name, pie=False).validated()
        board = options.board()
        set_up = {10: BLACK, 20: WHITE}
        game = Game(options, board, setup=set_up, to_move=BLACK)
        game.play(game.parse_move(board.labels[40]))
        scene = BoardScene(game, show_labels=True)

        def shown(scene=scene):
            return {cell for cell, item in enumerate(scene._labels) if item.isVisible()}

        everywhere = set(range(board.size))
        assert shown() == everywhere  # (no numbers: every name, stones' too)
        scene.set_numbers(1)
        assert scene.drawn_numbers == {40: "1"}
        hidden = {40, *set_up} if numbers_as_names else {40}
        assert shown() == everywhere - hidden, name
        scene.set_numbers(None)
        assert shown() == everywhere


def test_without_a_display_the_window_and_self_check_say_so(tmp_path, capsys):
    """Tester 72 ran `ygui self-check` with no display: Qt aborted the process (134) saying a
    library was needed and "reinstalling the application may fix this problem", where the
    install was whole. Where no display can be found, ygui says so itself and exits 2."""
    from ygui.cli import no_display

    assert no_display({}) == "neither DISPLAY nor WAYLAND_DISPLAY is set"
    assert no_display({"QT_QPA_PLATFORM": "offscreen"}) is None
    assert no_display({"WAYLAND_DISPLAY": "wayland-0"}) is None
    assert no_display({"DISPLAY": "remote:10.0"}) is None  # (forwarded: not looked at)
    sockets = Path("/tmp/.X11-unix")
    if sockets.is_dir():
        free = next(n for n in range(900, 2000) if not (sockets / f"X{n}").exists())
        assert no_display({"DISPLAY": f":{free}"}) == f"no X server is running at DISPLAY=:{free}"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    for command in (["self-check"], []):
        done = subprocess.run(
            [sys.executable, "-m", "ygui", *command],
            env={**env, "YGUI_HOME": str(tmp_path)},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 2, done.stderr
        assert "needs a display, and there is none here" in done.stderr
        assert "QT_QPA_PLATFORM=offscreen" in done.stderr


def test_the_engines_advice_is_not_in_a_players_colour(qapp):
    """The hint's ring and the best candidate's frame are blue, but purple on a board with a
    Blue player (a blue ring on an empty cell read as Blue's stone to come)."""
    from PySide6.QtWidgets import QGraphicsEllipseItem

    from ygui.ui.theme import LIGHT

    for game_name, colour in (("y", "#1e88e5"), ("hexagonal-y", "#8e24aa")):
        game = Game(GameOptions(game=game_name, size=5).validated())
        assert ("Blue" in game.variant.colour_names) == (game_name != "y")
        scene = BoardScene(game, LIGHT)
        scene.set_hint(3)
        (ring,) = [i for i in scene._hint_items if isinstance(i, QGraphicsEllipseItem)]
        assert ring.pen().color().name() == colour
        scene.set_candidates([(3, "60%", 0.6), (4, "40%", 0.4)])
        frames = [i for i in scene._candidate_items if isinstance(i, QGraphicsPathItem)]
        assert [f.pen().color().name() == colour for f in frames] == [True, False]


def test_the_game_of_y_draws_its_edge_points_over_the_sides(qapp, tmp_path):
    """The Game of Y's points on the edge were drawn like the others, under the edge's thick
    line, so a newcomer saw no points there (tester 80): each is drawn over the sides, light,
    and an image shows the board's colour at its centre, not the line's."""
    game = Game(GameOptions(game="game-of-y").validated())
    scene = BoardScene(game)
    g = game.geometry
    over = max(item.zValue() for item in scene._side_items)
    for cell in g.perimeter:
        p = scene.cell_position(cell)
        dots = [
            item
            for item in scene.items(p)
            if item.zValue() > over and item.type() == 4  # (QGraphicsEllipseItem)
        ]
        assert dots, g.labels[cell]
    out = tmp_path / "goy.png"
    assert main(["render", "--game", "game-of-y", "--width", "800", "-o", str(out)]) == 0
    image = QImage(str(out))
    board = QColor(scene.theme.colour("board"))
    rect = scene.sceneRect()
    scale = 800 / rect.width()
    for cell in g.perimeter:
        p = scene.cell_position(cell)
        x, y = (p.x() - rect.x()) * scale, (p.y() - rect.y()) * scale
        seen = image.pixelColor(round(x), round(y))
        assert abs(seen.red() - board.red()) < 40, (g.labels[cell], seen.name(), board.name())


def test_a_mark_on_an_empty_cell_is_not_in_the_solvers_red(qapp):
    """Letters, triangles and squares on empty cells were red, the red of a cell the solver
    finds losing (a letter hid that colour under it: tester 83): they are blue."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QAbstractGraphicsShapeItem

    from ygui.ui.board_scene import MARK_INK, SOLUTION_LOST

    game = Game(GameOptions(game="y", size=7, pie=False).validated())
    g = game.geometry
    scene = BoardScene(game)
    marks = {g.cell("c2"): ("triangle", ""), g.cell("d3"): ("label", "A")}
    marks[g.cell("e3")] = ("square", "")
    scene.set_marks(marks)
    inks = set()
    for item in scene._mark_items:
        if not item.data(0) or not isinstance(item, QAbstractGraphicsShapeItem):
            continue  # (a patch of board under a mark)
        pen, brush = item.pen(), item.brush()
        ink = brush.color() if brush.style() != Qt.BrushStyle.NoBrush else pen.color()
        inks.add(ink.name())
    assert inks == {QColor(MARK_INK).name()}
    assert QColor(SOLUTION_LOST).name() not in inks
