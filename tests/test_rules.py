"""Hand-made cases from the rule texts and docs/rules.md, one or more per statement."""

import random
from itertools import combinations

import pytest
from helpers import group_touching, play_labels

from ygui.core.game import BLACK, EMPTY, SWAP, WHITE, Game, IllegalMove, Move, position_winners
from ygui.core.rules.win import CornerRule, PerimeterRule, SideSetRule, largest_gap
from ygui.core.variants import VARIANTS, GameOptions, OptionsError, find_variant


def opts(game="y", **kw):
    return GameOptions(game=game, **kw).validated()


def wins_with(game_name, side_names, **kw):
    game = Game(opts(game_name, **kw))
    cells = group_touching(game.geometry, set(side_names))
    colours = [0] * game.geometry.size
    for c in cells:
        colours[c] = BLACK
    return position_winners(game.geometry, game.rule, colours) == {BLACK}


# ----- Y ---------------------------------------------------------------------------------


def test_y_group_touching_three_sides_wins_two_does_not():
    assert wins_with("y", {"left", "right", "bottom"})
    for pair in combinations(("left", "right", "bottom"), 2):
        assert not wins_with("y", set(pair))


def test_corner_belongs_to_both_sides_a_string_from_corner_to_opposite_side_wins():
    game = Game(opts(size=5))
    # a1 is a corner (bottom and left); e1 lies on the right side: the bottom row is a Y.
    play_labels(game, "a1 b2 b1 c2 c1 d2 d1 e2")
    assert game.winner is None
    play_labels(game, "e1")
    assert game.winner == BLACK
    assert set(game.sides_touched(game.winning_groups()[0])) == {"left", "right", "bottom"}


def test_y_first_player_is_black_and_turns_alternate():
    game = Game(opts())
    assert game.to_move == BLACK
    play_labels(game, "f5")
    assert game.to_move == WHITE
    play_labels(game, "f4")
    assert game.to_move == BLACK
    assert game.colour_name(BLACK) == "Black"


def test_game_over_refuses_further_moves_and_changes_nothing():
    game = Game(opts(size=3))
    play_labels(game, "a1 b2 b1 c2 c1")
    assert game.winner == BLACK
    before = (list(game.colours), list(game.moves))
    with pytest.raises(IllegalMove, match="over"):
        game.play(game.parse_move("c3"))
    assert (game.colours, game.moves) == before


def test_occupied_cell_is_refused_with_its_label():
    game = Game(opts())
    play_labels(game, "c3")
    with pytest.raises(IllegalMove, match="c3 is occupied"):
        game.play(game.parse_move("c3"))
    assert len(game.moves) == 1 and game.to_move == WHITE


def test_unknown_label_is_refused():
    game = Game(opts(size=5))
    with pytest.raises(ValueError, match="no cell"):
        game.parse_move("a5")


# ----- pie rule --------------------------------------------------------------------------


def test_swap_keeps_the_stone_and_the_other_player_moves_next():
    game = Game(opts())
    play_labels(game, "f6")
    assert game.can_swap
    game.play(SWAP)
    cell = game.geometry.cell("f6")
    assert game.colours[cell] == BLACK  # the stone keeps its colour
    assert game.swapped  # the players exchanged colours
    assert game.to_move == WHITE  # the player who placed it now plays White and moves next
    assert game.move_text(game.moves[-1]) == "swap"
    assert not game.can_swap  # only once
    play_labels(game, "a1")
    assert game.to_move == BLACK
    game.undo()
    game.undo()
    assert not game.swapped and game.to_move == WHITE and game.can_swap


@pytest.mark.parametrize("when", ["start", "later"])
def test_swap_only_answers_the_first_move(when):
    game = Game(opts())
    if when == "later":
        play_labels(game, "a1 b1")
    with pytest.raises(IllegalMove, match="first move"):
        game.play(SWAP)


def test_pie_defaults():
    assert opts("y").pie_value and opts("game-of-y").pie_value and opts("poly-y").pie_value
    assert opts("mudcrack-y").pie_value
    for name in ("starboard-y", "hexagonal-y", "eccentric-y"):
        assert not opts(name).pie_value
        assert opts(name, pie=True).pie_value
    for turns in ("master", "two-stone", "progressive"):
        assert not opts(turns=turns).pie_value
        assert opts(turns=turns, pie=True).pie_value
    assert opts(turns="tabu").pie_value


def test_pie_off_refuses_swap():
    game = Game(opts(pie=False))
    play_labels(game, "a1")
    with pytest.raises(IllegalMove, match="pie rule is off"):
        game.play(SWAP)


# ----- handicaps -------------------------------------------------------------------------


def test_handicap_gives_first_player_k_stones_and_turns_pie_off():
    game = Game(opts(handicap=3))
    assert not game.options.pie_value
    assert game.stones_left_in_turn == 3
    play_labels(game, "a1 b2")
    assert game.to_move == BLACK and game.stones_left_in_turn == 1
    play_labels(game, "c3")
    assert game.to_move == WHITE and game.stones_left_in_turn == 1
    assert not game.can_swap
    play_labels(game, "d4")
    assert game.to_move == BLACK


@pytest.mark.parametrize("k", [0, 1])
def test_handicap_0_and_1_mean_none(k):
    game = Game(opts(handicap=k))
    assert game.stones_in_turn(1) == 1 and game.options.pie_value


def test_handicap_with_pie_is_refused():
    with pytest.raises(OptionsError, match="pie"):
        opts(handicap=2, pie=True)


@pytest.mark.parametrize(
    "turns, expected",
    [
        ("standard", [3, 1, 1, 1]),
        ("master", [3, 2, 2, 2]),
        ("two-stone", [3, 2, 2, 2]),
        ("progressive", [3, 2, 3, 4]),
        ("tabu", [3, 1, 1, 1]),
    ],
)
def test_handicap_replaces_turn_one(turns, expected):
    game = Game(opts(turns=turns, handicap=3))
    assert [game.stones_in_turn(t) for t in range(1, 5)] == expected


def test_hexagonal_y_handicap_counts_a_pair_as_one_placement():
    game = Game(opts("hexagonal-y", size=4, handicap=2))
    play_labels(game, "a1")  # perimeter: a pair
    assert game.to_move == BLACK and game.stone_count == 2
    play_labels(game, "c3")
    assert game.to_move == WHITE and game.stone_count == 3


# ----- turn structures -------------------------------------------------------------------


@pytest.mark.parametrize(
    "turns, counts",
    [
        ("standard", [1, 1, 1, 1, 1]),
        ("master", [1, 2, 2, 2, 2]),
        ("two-stone", [1, 2, 2, 2, 2]),
        ("progressive", [1, 2, 3, 4, 5]),
        ("tabu", [1, 1, 1, 1, 1]),
    ],
)
def test_stones_per_turn(turns, counts):
    game = Game(opts(turns=turns, size=11))
    assert [game.stones_in_turn(t) for t in range(1, 6)] == counts


def test_progressive_example_from_the_rule_text():
    # "Black started. In the second turn, White plays already four stones": White's second
    # turn is the game's fourth, of four stones.
    game = Game(opts(turns="progressive"))
    play_labels(game, "f6")
    assert game.to_move == WHITE and game.stones_left_in_turn == 2
    play_labels(game, "h2 j4")
    assert game.to_move == BLACK and game.stones_left_in_turn == 3
    # Black cannot answer both threats with h3 and i4: they would be one group.
    play_labels(game, "h3")
    with pytest.raises(IllegalMove, match="a stone at i4 would join h3, a stone of this turn"):
        game.play(game.parse_move("i4"))
    assert game.stones_left_in_turn == 2
    play_labels(game, "a1 c3")
    assert game.to_move == WHITE and game.stones_left_in_turn == 4


def test_group_restriction_through_an_older_stone():
    # Two stones of one turn may not meet through a stone of an earlier turn either.
    game = Game(opts(turns="two-stone", size=7))
    play_labels(game, "d2")  # Black, turn 1
    play_labels(game, "a1 g1")  # White, turn 2
    play_labels(game, "c2")  # Black: c2 joins d2
    # e2 would join d2, already joined to c2: the refusal names the stone (tester 26)
    with pytest.raises(IllegalMove, match="a stone at e2 would join c2, a stone of this turn"):
        game.play(game.parse_move("e2"))
    play_labels(game, "f3")
    assert game.to_move == WHITE


def test_master_has_no_group_restriction():
    game = Game(opts(turns="master", size=7))
    play_labels(game, "d2 a1 b1 c2 d3")
    assert game.to_move == WHITE


def test_first_stone_of_a_turn_is_always_legal_and_turn_ends_when_nothing_is_left():
    # A turn ends early when no legal placement remains for its next stone.
    game = Game(opts(turns="two-stone", size=3), setup={}, to_move=BLACK)
    play_labels(game, "b1")  # Black turn 1
    play_labels(game, "a1 c3")  # White turn 2
    play_labels(game, "c2")  # Black turn 3, first stone: always legal
    # c2 joined b1; the empty cells b2 and c1 would both join that group: the turn ends
    # after one stone, and White moves.
    assert game.to_move == WHITE and game.turn == 4
    assert sorted(game.geometry.labels[c] for c in game.legal_cells()) == ["b2", "c1"]
    # the one stone the turn could not place is known until the next stone
    assert game.turn_cut_short == 1
    play_labels(game, "b2")
    assert game.turn_cut_short == 0
    game.undo()
    assert game.turn_cut_short == 1 and game.copy().turn_cut_short == 1


def test_win_mid_turn_ends_the_game_at_once():
    game = Game(opts(turns="master", size=4))
    play_labels(game, "a1 d4 d3 b1 c1 c2 c3")
    assert game.to_move == BLACK and game.stones_left_in_turn == 2
    play_labels(game, "d1")
    assert game.winner == BLACK and game.stones_left_in_turn == 0 and game.is_over


def test_tabu_forbids_the_neighbours_of_the_last_opposing_stone():
    game = Game(opts(turns="tabu", size=7))
    play_labels(game, "d2")
    with pytest.raises(IllegalMove, match="tabu"):
        game.play(game.parse_move("d3"))
    play_labels(game, "d4")  # not adjacent to d2
    with pytest.raises(IllegalMove, match="tabu"):
        game.play(game.parse_move("e5"))  # next to White's d4
    with pytest.raises(IllegalMove, match="last stone d4"):
        game.play(game.parse_move("d3"))  # next to Black's own d2, but also to White's d4
    play_labels(game, "a1")
    assert game.to_move == WHITE


def test_tabu_after_swap_uses_the_first_stone():
    game = Game(opts(turns="tabu", size=7))
    play_labels(game, "d2")
    game.play(SWAP)
    with pytest.raises(IllegalMove, match="tabu"):
        game.play(game.parse_move("d3"))


def test_tabu_lifted_when_every_empty_cell_is_forbidden():
    # Size 3: b2 touches every cell but c1. White holds c1; Black plays b2.
    game = Game(opts(turns="tabu", size=3), setup={2: WHITE})
    assert game.geometry.labels[2] == "c1"
    play_labels(game, "b2")
    assert set(game.legal_cells()) == {game.geometry.cell(x) for x in ("a1", "b1", "c2", "c3")}


# ----- Game of Y -------------------------------------------------------------------------


def test_game_of_y_string_from_corner_to_opposite_side():
    game = Game(opts("game-of-y"), setup={}, to_move=BLACK)
    g = game.geometry
    corner = g.cell("a1")
    opposite_side = set(g.sides[g.side_index("bottom")])
    from helpers import path

    cells = path(g, corner, opposite_side, set(range(g.size)) - set(g.perimeter))
    colours = [0] * g.size
    for c in cells:
        colours[c] = BLACK
    assert position_winners(g, game.rule, colours) == {BLACK}
    colours[corner] = 0
    assert position_winners(g, game.rule, colours) == set()


# ----- Poly-Y ----------------------------------------------------------------------------


def test_polyy_corner_capture_table():
    rule = CornerRule(5)
    sides = lambda *idx: sum(1 << i for i in idx)  # noqa: E731
    assert rule.objectives(sides(0, 1)) == 0  # two sides only: no corner
    assert rule.objectives(sides(4, 0, 2)) == 1 << 0  # corner 0 lies between sides 4 and 0
    assert rule.objectives(sides(0, 1, 2)) == (1 << 1) | (1 << 2)
    assert not rule.is_win((1 << 1) | (1 << 2))
    assert rule.is_win(0b111)  # three of five is a majority


def test_polyy_group_on_four_consecutive_sides_wins_three_does_not():
    assert wins_with("poly-y", {"side1", "side2", "side3", "side4"})
    assert not wins_with("poly-y", {"side1", "side2", "side3"})


def test_polyy_corners_from_separate_groups_add_up():
    game = Game(opts("poly-y"))
    g = game.geometry
    a = group_touching(g, {"side1", "side2", "side3"})  # corners 2 and 3 (1-based)
    colours = [0] * g.size
    for c in a:
        colours[c] = BLACK
    assert position_winners(g, game.rule, colours) == set()
    setup = dict.fromkeys(a, BLACK)
    # a second group far away on side4, side5 and side1's far end captures corner 5
    b = {c for c in group_touching(g, {"side4", "side5"})} - a
    game2 = Game(opts("poly-y"), setup=setup)
    assert game2.corners_held(BLACK) == [1, 2]
    assert game2.winner is None
    del b


def test_polyy_holding_the_corner_cell_is_not_needed():
    assert wins_with("poly-y", {"side1", "side2", "side3", "side4"})  # built without corners


def test_polyy_three_corners_is_y():
    rule = CornerRule(3)
    assert rule.is_win(rule.objectives(0b111)) and not rule.objectives(0b011)


def test_polyy_even_corners_refused():
    with pytest.raises(OptionsError):
        opts("poly-y", corners=4)


# ----- Starboard Y -----------------------------------------------------------------------

STARBOARD_WINS = {
    frozenset(s)
    for s in (
        {"top", "lower-right", "lower-left"},
        {"upper-right", "bottom", "upper-left"},
        {"bottom", "top", "lower-right"},
        {"bottom", "top", "upper-right"},
        {"upper-left", "lower-right", "lower-left"},
        {"upper-left", "lower-right", "bottom"},
        {"upper-right", "lower-left", "top"},
        {"upper-right", "lower-left", "upper-left"},
    )
}
SIX = ("top", "upper-right", "lower-right", "bottom", "lower-left", "upper-left")


def test_starboard_chirality_as_drawn():
    # Facing from the long bottom side to the short top side, starboard is to the right.
    assert wins_with("starboard-y", {"bottom", "top", "lower-right"})
    assert not wins_with("starboard-y", {"bottom", "top", "lower-left"})
    assert wins_with("starboard-y", {"bottom", "top", "upper-right"})
    assert not wins_with("starboard-y", {"bottom", "top", "upper-left"})


def test_starboard_right_is_right_on_screen():
    g = Game(opts("starboard-y")).geometry
    mean_x = lambda name: sum(g.centres[c][0] for c in g.sides[g.side_index(name)])  # noqa
    assert mean_x("lower-right") > mean_x("lower-left")


@pytest.mark.parametrize("triple", list(combinations(SIX, 3)))
def test_starboard_every_triple(triple):
    assert wins_with("starboard-y", set(triple), size=6) == (frozenset(triple) in STARBOARD_WINS)


def test_starboard_disjoint_y_and_two_sides():
    assert wins_with("starboard-y", {"top", "lower-right", "lower-left"})
    assert not wins_with("starboard-y", {"top", "bottom"})


@pytest.mark.parametrize(
    ("sides", "kind"),
    [
        ({"top", "lower-right", "lower-left"}, "a disjoint Y"),
        ({"upper-right", "bottom", "upper-left"}, "a disjoint Y"),
        ({"bottom", "top", "upper-right"}, "a starboard Y"),
        ({"upper-left", "lower-right", "bottom"}, "a starboard Y"),
    ],
)
def test_a_starboard_win_says_which_kind_it_is(sides, kind):
    """Starboard Y's rules name two kinds of win; the winner's sentence says which was made
    (a new player had to work out that "the bottom, top and upper right sides" was a starboard
    Y, tester 50). Games whose rules name no kinds say the sides alone."""
    from ygui.core.wording import win_reason

    game = Game(opts("starboard-y"))
    setup = dict.fromkeys(group_touching(game.geometry, sides), BLACK)
    text = win_reason(Game(opts("starboard-y"), setup=setup))
    assert text.endswith(f" sides: {kind}."), text
    # Eccentric Y's two ways too (tester 75 was told the sides alone)
    for ways, kind in (
        ({"bottom", "upper-left", "upper-right"}, "Y of three alternate sides"),
        ({"bottom", "top", "lower-left"}, "Y of two opposite sides and a green one"),
    ):
        board = Game(opts("eccentric-y"))
        setup = dict.fromkeys(group_touching(board.geometry, ways), BLACK)
        said = win_reason(Game(opts("eccentric-y"), setup=setup))
        assert said.endswith(f" sides: a {kind}."), said
    # a group touching four sides is said by the three that make its kind, the fourth apart
    # ("the bottom, top, upper left and upper right sides: a Y of three alternate sides",
    # tester 84)
    board = Game(opts("eccentric-y"))
    four = {"bottom", "upper-left", "upper-right", "top"}
    setup = dict.fromkeys(group_touching(board.geometry, four), BLACK)
    said = win_reason(Game(opts("eccentric-y"), setup=setup))
    assert said.split(" ", 1)[1] == (
        "connected the bottom, upper left and upper right sides: a Y of three alternate "
        "sides (touching the top side too)."
    ), said
    y = Game(opts("y", size=5), setup=dict.fromkeys(range(5), BLACK))  # the bottom row of Y 5
    assert win_reason(y).endswith("sides.") and ":" not in win_reason(y)
    every = SideSetRule(tuple(SIX), tuple(STARBOARD_WINS), ("kind",) * len(STARBOARD_WINS))
    assert every.kind_won({"top", "bottom"}) == "" and SideSetRule(SIX, ()).kind_won(SIX) == ""
    with pytest.raises(ValueError, match="a kind for each"):
        SideSetRule(tuple(SIX), tuple(STARBOARD_WINS), ("kind",))


# ----- Eccentric Y -----------------------------------------------------------------------

ECCENTRIC_WINS = {
    frozenset(s)
    for s in (
        {"bottom", "upper-left", "upper-right"},
        {"lower-left", "top", "lower-right"},
        {"bottom", "top", "lower-left"},
        {"bottom", "top", "upper-left"},
        {"lower-left", "upper-right", "upper-left"},
        {"lower-left", "upper-right", "top"},
        {"upper-left", "lower-right", "bottom"},
        {"upper-left", "lower-right", "lower-left"},
    )
}


def test_eccentric_example():
    assert wins_with("eccentric-y", {"lower-left", "upper-right", "top"})
    assert not wins_with("eccentric-y", {"lower-left", "upper-right", "bottom"})


@pytest.mark.parametrize("triple", list(combinations(SIX, 3)))
def test_eccentric_every_triple(triple):
    assert wins_with("eccentric-y", set(triple)) == (frozenset(triple) in ECCENTRIC_WINS)


def test_eccentric_and_hexagonal_colours_are_red_and_blue():
    for name in ("eccentric-y", "hexagonal-y"):
        assert find_variant(name).colour_names == ("Red", "Blue")


# ----- Hexagonal Y -----------------------------------------------------------------------


def test_hexagonal_perimeter_placement_fills_the_opposite_cell():
    game = Game(opts("hexagonal-y", size=4))
    g = game.geometry
    play_labels(game, "a1")
    opposite = g.opposite[g.cell("a1")]
    assert game.colours[g.cell("a1")] == BLACK and game.colours[opposite] == BLACK
    assert len(game.moves) == 1 and game.to_move == WHITE
    play_labels(game, "d4")  # the centre: a single stone
    assert game.stone_count == 3 and game.to_move == BLACK
    game.undo()
    game.undo()
    assert game.stone_count == 0


def test_hexagonal_opposite_perimeter_cells_win():
    game = Game(opts("hexagonal-y", size=3))
    play_labels(game, "a1 a2 b2 b1 c3 d3")  # a1 brings e5; then b2, c3 (centre)
    assert game.winner is None
    play_labels(game, "d4")
    assert game.winner == BLACK


def test_hexagonal_gap_counts_cells_not_steps():
    rule = PerimeterRule(12)
    assert rule.wins(0b1000001)  # cells 0 and 6: opposite
    assert not rule.wins(0b100001)  # cells 0 and 5: a path of 6 cells, exactly half
    assert rule.wins(0b1111111)
    assert not rule.wins(0b1)  # one perimeter stone is never enough
    assert largest_gap(0b100001, 12) == 6 and largest_gap(0b1000001, 12) == 5


def test_hexagonal_pie_is_available_but_off():
    assert not opts("hexagonal-y").pie_value
    game = Game(opts("hexagonal-y", pie=True))
    play_labels(game, "a1")
    game.play(SWAP)
    assert game.to_move == WHITE


@pytest.mark.parametrize("game_name", ["starboard-y", "hexagonal-y", "eccentric-y"])
def test_steere_games_have_no_turn_structures(game_name):
    with pytest.raises(OptionsError):
        opts(game_name, turns="master")


# ----- the model -------------------------------------------------------------------------


def test_undo_redo_and_playing_a_new_move_discards_redo():
    game = Game(opts(size=5))
    play_labels(game, "a1 b1 c1")
    game.undo()
    game.undo()
    assert len(game.moves) == 1 and len(game.redo_moves) == 2
    game.redo()
    assert game.move_text(game.moves[-1]) == "b1" and len(game.redo_moves) == 1
    play_labels(game, "c1")  # the same as the redo move: the rest is kept
    assert game.redo_moves == []
    game.undo()
    play_labels(game, "d1")
    assert game.redo_moves == []
    with pytest.raises(IllegalMove):
        Game(opts()).undo()


def test_go_to_keeps_later_moves():
    game = Game(opts(size=5))
    play_labels(game, "a1 b1 c1 d1")
    game.go_to(1)
    assert game.stone_count == 1 and len(game.redo_moves) == 3
    game.go_to(4)
    assert game.stone_count == 4


def test_setup_position_already_won_is_reported():
    g = Game(opts(size=3)).geometry
    setup = {g.cell(x): BLACK for x in ("a1", "b1", "c1")}
    game = Game(opts(size=3), setup=setup, to_move=WHITE)
    assert game.winner == BLACK and game.is_over


def test_illegal_moves_change_nothing():
    game = Game(opts(size=5))
    play_labels(game, "c3")
    snapshot = (list(game.colours), list(game.moves), game.to_move, game.turn)
    for move in (Move(game.geometry.cell("c3")), Move(999), SWAP if False else Move(-1)):
        with pytest.raises(IllegalMove):
            game.play(move)
    assert snapshot == (game.colours, game.moves, game.to_move, game.turn)


@pytest.mark.parametrize("turns", ["standard", "master", "two-stone", "progressive", "tabu"])
def test_the_forbidden_cells_are_the_empty_cells_a_move_may_not_take(turns):
    """Game.forbidden_cells, which the board crosses, is exactly the empty cells whose move
    is refused, with the refusal's reason, through random games of every turn structure."""
    rng = random.Random(turns)
    for _ in range(20):
        game = Game(GameOptions(game="y", size=6, pie=False, turns=turns).validated())
        while not game.is_over:
            expected = {
                c: game.why_illegal(Move(c))
                for c, stone in enumerate(game.colours)
                if stone == EMPTY and game.stone_count and game.why_illegal(Move(c))
            }
            assert game.forbidden_cells() == expected
            game.play(Move(rng.choice(game.legal_cells())))
        assert game.forbidden_cells() == {}


@pytest.mark.parametrize("corners", [3, 5, 7, 9])
def test_a_poly_y_win_names_the_corners_as_they_are_drawn(corners):
    """The sentence of a Poly-Y win names the corners captured by where they lie on the board
    ("the top, right and lower left corners"): their numbers were nowhere on the board (a
    tester's finding). Every corner has a name of its own."""
    from ygui.core.wording import corner_names, win_reason

    game = Game(GameOptions(game="poly-y", corners=corners).validated())
    g = game.geometry
    names = corner_names(g)
    assert len(set(names)) == corners
    assert names[0] in ("top", "12 o'clock")  # (the first corner is the top one)
    # the top corner is the highest drawn, and a corner named "... left" lies left of the centre
    cx = sum(x for x, _ in g.centres) / g.size
    assert g.centres[g.corners[0]][1] == min(y for _, y in g.centres)
    for name, corner in zip(names, g.corners, strict=True):
        if name.endswith("left"):
            assert g.centres[corner][0] < cx
        if name.endswith("right"):
            assert g.centres[corner][0] > cx
    rng = random.Random(corners)
    cells = list(range(g.size))
    rng.shuffle(cells)
    for cell in cells:
        if game.is_over:
            break
        game.play(Move(cell))
    held = game.corners_held(game.winner)
    text = win_reason(game)
    assert f"captured {len(held)} of the {corners} corners" in text
    inside = text.split("(the ")[1].removesuffix(").").rsplit(" corner", 1)[0]
    said = inside.replace(" and ", ", ").split(", ")
    assert said == [names[s] for s in held], text


def test_a_hexagonal_win_is_said_in_the_rules_words():
    """Hexagonal Y's winner's sentence says it as the rule does, the edge cells the shortest
    way along the edge takes in, and the opposite edge cells the group holds (its "largest
    gap" read as another rule: tester 75)."""
    from collections import deque

    from ygui.core.wording import win_reason

    g = Game(opts("hexagonal-y", size=3)).geometry
    a, b = next(iter(g.opposite.items()))
    came = {a: a}
    queue = deque([a])
    while queue:  # (the cells of a shortest path from a to its opposite b)
        cell = queue.popleft()
        for n in g.neighbours[cell]:
            if n not in came:
                came[n] = cell
                queue.append(n)
    path = [b]
    while path[-1] != a:
        path.append(came[path[-1]])
    said = win_reason(Game(opts("hexagonal-y", size=3), setup=dict.fromkeys(path, BLACK)))
    assert said.startswith("Red's group spans more than half the edge: the shortest way along")
    assert f" of the {len(g.perimeter)} edge cells; it holds the opposite edge cells " in said
    held = set(path)
    pairs = {tuple(sorted((x, y))) for x, y in g.opposite.items() if x in held and y in held}
    named = [f"cells {g.labels[x]} and {g.labels[y]}." for x, y in pairs]
    assert any(said.endswith(words) for words in named), (said, named)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_game_has_an_example_win_of_one_lean_group(name):
    """The rules' picture of each game (tester 75 found the rules in words alone): the first
    player has won with one group, and no stone of it could go without losing the win."""
    from ygui.core.examples import example_win

    game = example_win(name)
    assert game is not None and game.winner == BLACK
    stones = [c for c, colour in enumerate(game.colours) if colour]
    assert len(game.winning_groups()) == 1 and sorted(game.winning_groups()[0]) == stones
    if name != "poly-y":  # (a corner's group may hold a stone more than it needs)
        lean = 0
        for cell in stones:
            rest = dict.fromkeys((c for c in stones if c != cell), BLACK)
            lean += Game(game.options, setup=rest).winner is None
        assert lean >= len(stones) - 2, (name, lean, len(stones))


def test_ordinals_as_the_move_list_writes_them():
    from ygui.core.wording import ordinal

    words = [ordinal(n) for n in (1, 2, 3, 4, 10, 11, 12, 13, 21, 22, 23, 101, 111, 112)]
    assert words == [
        "1st", "2nd", "3rd", "4th", "10th", "11th", "12th", "13th",
        "21st", "22nd", "23rd", "101st", "111th", "112th",
    ]  # fmt: skip
