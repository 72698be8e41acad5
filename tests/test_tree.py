"""The game tree: variations, promotion, deletion, navigation, comments and analysis kept."""

import random

import pytest
from helpers import random_game

from ygui.core.game import BLACK, WHITE, Game, IllegalMove
from ygui.core.record import GameRecord, read_record, write_record
from ygui.core.study import parse_position, position_text
from ygui.core.tree import GameTree, tree_from_game
from ygui.core.variants import VARIANTS, GameOptions


def fresh(size=5):
    from ygui.core.game import Game

    return tree_from_game(Game(GameOptions(game="y", size=size).validated()))


def play(tree, text):
    for word in text.split():
        tree.play(tree.game.parse_move(word))


def labels(tree, nodes):
    return [tree.game.move_text(n.move) for n in nodes]


def test_a_different_move_starts_a_variation_and_keeps_the_old_line():
    tree = fresh()
    play(tree, "a1 b1 c1")
    tree.back()
    tree.back()
    play(tree, "c2")
    assert labels(tree, tree.path) == ["a1", "c2"]
    first_move = tree.root.children[0]
    assert labels(tree, first_move.children) == ["b1", "c2"]
    assert labels(tree, tree.main_line()) == ["a1", "b1", "c1"]  # the main line is unchanged
    tree.to_start()
    tree.to_end()  # forward follows the line last visited
    assert labels(tree, tree.path) == ["a1", "c2"]
    tree.sibling(-1)  # b1: its line ends in c1
    tree.to_start()
    tree.to_end()
    assert labels(tree, tree.path) == ["a1", "b1", "c1"]


def test_forward_after_back_goes_where_one_came_from():
    """Redo after Undo: back from a variation, forward returns into it, not the main line;
    the move list (the line through the current node) shows that line too."""
    tree = fresh()
    play(tree, "a1 b1 c1")
    tree.back()
    tree.back()
    play(tree, "c2 d1")
    tree.back()
    tree.back()
    assert labels(tree, tree.line_through_current()) == ["a1", "c2", "d1"]
    tree.forward()
    tree.forward()
    assert labels(tree, tree.path) == ["a1", "c2", "d1"]
    tree.delete(tree.root.children[0].children[1])  # the variation gone: the main line again
    assert labels(tree, tree.path) == ["a1"]
    tree.forward()
    assert labels(tree, tree.path) == ["a1", "b1"]


def test_playing_the_existing_move_follows_it():
    tree = fresh()
    play(tree, "a1 b1")
    tree.back()
    play(tree, "b1")
    assert len(tree.root.children[0].children) == 1


def test_siblings_promote_and_delete():
    tree = fresh()
    play(tree, "a1 b1")
    tree.back()
    play(tree, "c2 d1")
    tree.go_to(tree.root.children[0].children[1])  # c2
    assert tree.sibling(-1) and labels(tree, tree.path) == ["a1", "b1"]
    assert not tree.sibling(-1)
    assert tree.sibling(+1) and labels(tree, tree.path) == ["a1", "c2"]
    tree.promote(tree.current)
    assert labels(tree, tree.main_line()) == ["a1", "c2", "d1"]
    tree.to_end()
    assert labels(tree, tree.path) == ["a1", "c2", "d1"]
    tree.delete(tree.path[1])
    assert labels(tree, tree.path) == ["a1"] and labels(tree, tree.main_line()) == ["a1", "b1"]
    assert tree.game.stone_count == 1


def test_a_variation_is_switched_at_the_nearest_move_that_has_one():
    """Below a branch, Up and Down switch at the branch and follow the other line down to as
    many moves (along the moves last visited), or as far as it goes (tester 32's Up did
    nothing a move below a branch)."""
    tree = fresh()
    play(tree, "a1 b1 c1 d1 e1")
    for _ in range(4):
        tree.back()
    play(tree, "c2 d2 e2")  # a variation at the second move: a1 c2 d2 e2
    assert labels(tree, tree.path) == ["a1", "c2", "d2", "e2"]
    assert not tree.sibling(+1)  # (none after it, here or above)
    assert tree.sibling(-1) and labels(tree, tree.path) == ["a1", "b1", "c1", "d1"]
    assert not tree.sibling(-1)
    tree.forward()  # e1: the first line is longer
    assert tree.sibling(+1) and labels(tree, tree.path) == ["a1", "c2", "d2", "e2"]
    tree.back()
    tree.back()  # at c2, the branch itself: as before
    assert tree.sibling(-1) and labels(tree, tree.path) == ["a1", "b1"]


def test_illegal_move_changes_nothing():
    tree = fresh()
    play(tree, "a1")
    with pytest.raises(IllegalMove):
        play(tree, "a1")
    assert len(tree.root.children[0].children) == 0 and len(tree.path) == 1


def test_variations_comments_and_analysis_survive_a_round_trip():
    tree = fresh()
    play(tree, "a1 b1")
    tree.current.comment = "the main line"
    GameTree.set_analysis(tree.current, 0.625, 1234)
    tree.back()
    play(tree, "c2")
    tree.root.comment = "a study"
    again = GameTree(read_record(write_record(tree.record)))
    first = again.root.children[0]
    assert [again.game.move_text(c.move) for c in first.children] == ["b1", "c2"]
    assert first.children[0].comment == "the main line"
    assert GameTree.analysis(first.children[0]) == (0.625, 1234)
    assert again.root.comment == "a study"
    assert GameTree.analysis(first) is None


def test_a_deeper_analysis_is_not_replaced_by_a_shallower_one():
    tree = fresh()
    play(tree, "a1 b1")
    node = tree.current
    assert GameTree.set_analysis(node, 0.6, 50_000, "c2")
    assert not GameTree.set_analysis(node, 0.3, 2_000, "d1")  # a quick review later
    assert GameTree.analysis(node) == (0.6, 50_000)
    assert GameTree.best_move(node) == "c2"
    assert GameTree.set_analysis(node, 0.55, 80_000, "c3")  # a deeper one replaces it
    assert GameTree.analysis(node) == (0.55, 80_000)
    assert GameTree.set_analysis(node, 1.0, 0)  # a finished game's exact result always
    assert GameTree.analysis(node) == (1.0, 0)


def test_records_written_before_variations_still_load():
    old = "(;FF[4]YV[1]YG[y]YO[size=5 pie=on turns=standard];B[a1];W[b1])"
    tree = GameTree(read_record(old))
    tree.to_end()
    assert labels(tree, tree.path) == ["a1", "b1"]
    assert isinstance(tree.record, GameRecord)


def test_marks_are_kept_as_sgf_markup_and_bad_ones_ignored():
    from ygui.core.markup import LABEL, SQUARE, TRIANGLE, marks_of, next_letter, set_mark
    from ygui.core.record import read_record, write_record

    record = read_record("(;FF[4]YG[y]YO[size=5]TR[a1][zz9]SQ[b1]LB[c1:A][q7:B][d1:])")
    geometry = record.geometry
    cell = geometry.cell
    root = record.root
    assert marks_of(root, geometry) == {
        cell("a1"): (TRIANGLE, ""),
        cell("b1"): (SQUARE, ""),
        cell("c1"): (LABEL, "A"),
    }  # zz9 and q7 are not cells, an empty label is no label
    assert next_letter(root, geometry) == "B"
    set_mark(root, geometry, cell("a1"), LABEL, "LONGER")  # replaces the triangle, cut short
    set_mark(root, geometry, cell("b1"), "")  # taken off
    again = read_record(write_record(record))
    assert marks_of(again.root, again.geometry) == {
        cell("a1"): (LABEL, "LONG"),
        cell("c1"): (LABEL, "A"),
    }


def test_a_first_stone_under_the_pie_rule_is_judged_with_the_swap_in_mind():
    """The review's note on a first stone that lost much under the pie rule says why: the
    other player swaps it, or keeps it (its better stone can be one that loses without the
    swap, which puzzled a tester)."""
    from ygui.core.game import Game
    from ygui.core.study import mistake_notes

    def first_stone(pie):
        tree = tree_from_game(Game(GameOptions(game="y", size=5, pie=pie).validated()))
        play(tree, "c2")
        return tree

    for best_after, why in (("swap", "to be swapped)"), ("b2", "not swapped)")):
        tree = first_stone(True)
        GameTree.set_analysis(tree.root, 0.45, 1000, "a1")
        GameTree.set_analysis(tree.main_line()[0], 0.2, 1000, best_after)
        note = mistake_notes(tree)[1]
        assert note.startswith("lost 25% (") and note.endswith(f"{why}; a1 was better")
    plain = first_stone(False)
    GameTree.set_analysis(plain.root, 0.45, 1000, "a1")
    GameTree.set_analysis(plain.main_line()[0], 0.2, 1000, "b2")
    assert mistake_notes(plain)[1] == "lost 25%; a1 was better"


def test_a_mistake_is_told_as_the_move_played_and_the_better_one_before_it():
    """What Next mistake draws: the stone played, the move the analysis before it preferred,
    and who played; no better move where the analysis named the one played, a cell taken, a
    cell of no board, or none."""
    from ygui.core.game import BLACK, WHITE, Game, Move
    from ygui.core.study import mistake_moves

    tree = tree_from_game(Game(GameOptions(game="y", size=5, pie=True).validated()))
    play(tree, "c2")
    play(tree, "swap")
    play(tree, "d1")
    g = tree.game_at([]).geometry
    line = tree.main_line()
    GameTree.set_analysis(tree.root, 0.45, 1000, "a1")
    assert mistake_moves(tree, 1) == (Move(g.cell("c2")), Move(g.cell("a1")), BLACK)
    GameTree.set_analysis(line[1], 0.5, 1000, "d1")  # the move played
    assert mistake_moves(tree, 3) == (Move(g.cell("d1")), None, WHITE)
    for named in ("c2", "z9"):  # taken, and on no board
        GameTree.set_analysis(line[1], 0.5, 2000, named)
        assert mistake_moves(tree, 3)[1] is None
    GameTree.set_analysis(line[0], 0.3, 1000, "swap")
    assert mistake_moves(tree, 2)[1] is None  # the swap was played
    GameTree.set_analysis(tree.root, 0.5, 5000, "swap")  # not legal on the empty board
    assert mistake_moves(tree, 1)[1] is None


def test_set_up_warnings_weigh_the_stone_counts_against_the_side_to_move():
    """3 and 2 stones with the first colour to move passed without a word (tester 19): in
    alternate play the first colour moves when the counts are equal, the second when the first
    has one stone more."""
    from ygui.core.study import setup_warnings

    options = GameOptions(game="y", size=7)
    g = options.board()

    def warned(black: list[str], white: list[str], to_move: int) -> list[str]:
        setup = {g.cell(c): BLACK for c in black} | {g.cell(c): WHITE for c in white}
        return setup_warnings(Game(options, g, setup, to_move))

    assert warned(["a1", "b2"], ["c3", "d4"], BLACK) == []
    assert warned(["a1", "b2", "e1"], ["c3", "d4"], WHITE) == []
    unusual = warned(["a1", "b2", "e1"], ["c3", "d4"], BLACK)
    assert unusual == ["Unusual for alternate play: Black has 3 stones and White 2, Black to move."]
    one = warned(["a1", "b2", "e1"], ["c3"], WHITE)  # (it said "1 White stones")
    assert one == ["Unusual for alternate play: Black has 3 stones and White 1, White to move."]
    assert warned(["a1", "b2"], ["c3", "d4"], WHITE)  # equal, the second to move
    assert warned(["a1"], ["c3", "d4"], WHITE)  # the second colour ahead
    # Hexagonal Y counts placements: an edge stone and its opposite are one (two edge pairs
    # against two stones read as "4 stones and 2", tester 53)
    hexagonal = GameOptions(game="hexagonal-y", size=7)
    h = hexagonal.board()
    pairs = [(h.cell(a), h.cell(b)) for a, b in (("a1", "m13"), ("a2", "m12"))]
    assert set(pairs) <= {tuple(p) for p in h.opposite_pairs} | {p[::-1] for p in h.opposite_pairs}

    def placed(to_move: int, lonely: bool = False) -> list[str]:
        setup = {c: BLACK for pair in pairs for c in pair} | {h.cell("g7"): WHITE}
        setup[h.cell("f6")] = WHITE
        if lonely:
            del setup[pairs[1][1]]
        return setup_warnings(Game(hexagonal, h, setup, to_move))

    assert placed(BLACK) == []
    assert placed(WHITE) == [
        "Unusual for alternate play: Red has 2 placements and Blue 2, Blue to move."
    ]
    # a lonely edge stone is a placement of its own: 2 and 2 still
    assert placed(BLACK, lonely=True) == [
        "Edge stones without their opposite (Hexagonal Y places them in pairs): a2."
    ]
    # with another turn structure the counts say nothing
    two = GameOptions(game="y", size=7, turns="two-stone")
    assert setup_warnings(Game(two, g, {g.cell("a1"): BLACK, g.cell("b2"): BLACK}, BLACK)) == []


def test_a_won_set_up_names_its_winning_stones_or_says_how_many_more():
    from ygui.core.study import NAMED_STONES, setup_warnings

    options = GameOptions(game="y", size=5)
    g = options.board()
    row = [c for c in g.labels if c[1:] == "1"]  # the bottom row: a winning group of five
    game = Game(options, g, {g.cell(c): BLACK for c in row}, WHITE)
    (said,) = [w for w in setup_warnings(game) if "already won" in w]
    assert said == f"Black has already won (the winning group: {', '.join(sorted(row))})."
    big = GameOptions(game="y", size=11)
    g = big.board()
    row = [c for c in g.labels if c[1:] == "1"]
    game = Game(big, g, {g.cell(c): BLACK for c in row}, WHITE)
    (said,) = [w for w in setup_warnings(game) if "already won" in w]
    assert said.endswith(f" and {len(row) - NAMED_STONES} more).")


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_position_written_as_text_is_read_back_as_it_was(name):
    """``position_text`` writes what ``parse_position`` reads (the Set up box, a paste):
    every stone, its colour and the side to move, in each game's own cell names and colours,
    after random games cut at random lengths (tester 24 could not get a position out)."""
    rng = random.Random(name)
    options = GameOptions(game=name, size=40 if name == "mudcrack-y" else None).validated()
    for _ in range(20):
        game = random_game(Game(options), rng, max_moves=rng.randrange(0, 30))
        text = position_text(game)
        assert text.startswith(f"{game.colour_name(BLACK)}: ")
        setup, to_move = parse_position(game.geometry, text)
        stones = {c: colour for c, colour in enumerate(game.colours) if colour}
        assert setup == stones
        if game.winner is None:
            assert to_move == game.to_move
        else:  # (nobody to move: it named the winner, tester 66)
            assert "to move" not in text


def test_a_won_position_as_text_names_nobody_to_move():
    game = Game(GameOptions(game="y", size=3, pie=False).validated())
    for label in ("a1", "b1", "b2", "c1", "c2"):  # Black's a1 b2 c2... wins
        if game.winner is None:
            game.play(game.parse_move(label))
    assert game.winner is not None
    assert "to move" not in position_text(game)
    setup, _ = parse_position(game.geometry, position_text(game))
    assert setup == {c: colour for c, colour in enumerate(game.colours) if colour}


def test_lines_replanted_on_another_position_keep_what_still_fits():
    """A set-up mended after a study: each line played again from the new position keeps
    its moves while they are legal and by their colour, with comments and marks; a move that
    no longer fits goes with the moves below it; the analysis goes."""
    from ygui.core.tree import VISITS, WIN_RATE, replanted

    tree = fresh(5)
    play(tree, "c2 b2 d3 c3")
    tree.to_start()
    play(tree, "c2 b2 e3 a1")  # a second line at the third move
    tree.to_start()
    play(tree, "b1")  # a second first move
    main = tree.root.children[0]
    main.comment = "the figure's move"
    main.extra["TR"] = ["c2"]
    GameTree.set_analysis(main, 0.6, 1000, "b2")
    options = tree.game.options
    moved = Game(options, setup={tree.game.geometry.cell("e3"): WHITE})  # a stone forgotten
    tree.root.children[0].children[0].children[1].comment = "the other way"  # on e3
    lines, kept, dropped = replanted(tree.root.children, moved)
    assert kept == 5 and len(dropped) == 1  # e3, now taken, and a1 below it
    (e3,) = dropped
    assert moved.move_text(e3.node.move) == "e3" and "occupied" in e3.reason
    assert (e3.depth, e3.main, e3.moves, e3.comments, e3.marks) == (3, False, 2, 1, 0)
    c2 = lines[0]
    assert moved.move_text(c2.move) == "c2" and c2.comment == "the figure's move"
    assert c2.extra == {"TR": ["c2"]} and WIN_RATE not in c2.extra and VISITS not in c2.extra
    b2 = c2.children[0]
    assert [moved.move_text(n.move) for n in b2.children] == ["d3"]
    assert [moved.move_text(n.move) for n in b2.children[0].children] == ["c3"]
    assert [moved.move_text(n.move) for n in lines] == ["c2", "b1"]
    assert tree.root.children[0].extra[WIN_RATE]  # the lines given are not changed
    white_first = Game(options, setup={tree.game.geometry.cell("e3"): WHITE}, to_move=WHITE)
    _, kept, dropped = replanted(tree.root.children, white_first)
    assert kept == 0 and [d.moves for d in dropped] == [6, 1]  # every line out of turn
    assert dropped[0].reason == "it is White's turn there" and dropped[0].main


def test_the_side_to_move_a_set_up_calls_for_in_alternate_play_alone():
    from ygui.core.study import due_in_setup

    game = Game(GameOptions(game="y", size=5, pie=False).validated())
    cell = game.geometry.cell
    three_two = {cell("a1"): BLACK, cell("b1"): BLACK, cell("c1"): BLACK}
    three_two.update({cell("c3"): WHITE, cell("d3"): WHITE})
    assert due_in_setup(game, {}) == BLACK
    assert due_in_setup(game, three_two) == WHITE
    assert due_in_setup(game, {**three_two, cell("e3"): WHITE}) == BLACK
    assert due_in_setup(game, {cell("a1"): WHITE}) is None  # neither count fits
    for other in (dict(turns="two-stone"), dict(handicap=2)):
        options = GameOptions(game="y", size=5, pie=False, **other).validated()
        assert due_in_setup(Game(options), three_two) is None
