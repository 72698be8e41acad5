"""Clocks: the time control, each player's time charged at the end of each turn with the
increment, pause, loss on time, the computer's share; kept in records (TM, YT, BL, WL).
Time is given to the clock, never waited for."""

from __future__ import annotations

import pytest

from ygui.core.clock import Clock, ClockError, TimeControl, clock_text
from ygui.core.game import BLACK, SWAP, WHITE, Move
from ygui.core.record import load_record
from ygui.core.variants import GameOptions
from ygui.session import TAKE_BACK_SECONDS, Session


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_each_turn_charges_the_mover_and_adds_the_increment():
    clock = Clock(TimeControl(60, 5))
    clock.start(BLACK, 0.0)
    assert clock.left(BLACK, 10.0) == 50 and clock.left(WHITE, 10.0) == 60
    assert clock.turn_ended(BLACK, WHITE, 10.0) == 55  # 60 - 10 + 5
    assert clock.left(WHITE, 30.0) == 40 and clock.left(BLACK, 30.0) == 55
    clock.pause(30.0)
    assert clock.left(WHITE, 500.0) == 40  # paused: nobody's time runs
    clock.resume(500.0)
    assert clock.left(WHITE, 539.0) == 1 and clock.flagged(539.0) is None
    assert clock.flagged(540.0) == WHITE
    clock.stop(541.0)
    assert clock.running is None and clock.left(WHITE, 900.0) == -1


@pytest.mark.parametrize(
    ("main", "increment"), [(0, 0), (0.5, 0), (86401, 0), (60, -1), (60, 3601), (float("nan"), 0)]
)
def test_time_controls_that_cannot_be_played_are_refused(main, increment):
    with pytest.raises(ClockError):
        TimeControl(main, increment)


def test_time_control_words_and_keys():
    control = TimeControl(300, 5)
    assert control.words == "5 min each + 5 s a turn"
    assert TimeControl.from_keys(control.to_keys()) == control
    assert TimeControl(90).words == "90 s each"
    for bad in ("", "main=x", "main=60 main=60", "main=60 extra=1"):
        with pytest.raises(ClockError):
            TimeControl.from_keys(bad)


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (3725, "1:02:05"),
        (299.9, "4:59"),
        (60, "1:00"),
        (9.96, "0:10.0"),
        (7.31, "0:07.3"),
        (-2, "0:00.0"),
    ],
)
def test_clock_text(seconds, text):
    assert clock_text(seconds) == text


def test_the_computer_spends_a_share_of_its_time():
    clock = Clock(TimeControl(100, 2))
    clock.start(WHITE, 0.0)
    assert clock.budget(WHITE, 0.0, empty_cells=100) == pytest.approx(100 / 50 + 1.6)
    assert clock.budget(WHITE, 0.0, empty_cells=2) == pytest.approx(100 / 5)  # at most a fifth
    assert clock.budget(WHITE, 100.0, empty_cells=50) == 0.05  # nothing left: the least
    for left_at in (0.0, 50.0, 90.0, 99.0):
        assert 0 < clock.budget(WHITE, left_at, 66) <= max(0.05, clock.left(WHITE, left_at) / 5)


def timed_session(turns: str = "standard", pie: bool = False) -> tuple[Session, FakeTime]:
    session = Session()
    now = FakeTime()
    session.now = now
    options = GameOptions(game="y", size=5, pie=pie, turns=turns).validated()
    session.new_game(options, ("Ann", "Bo"), time_control=TimeControl(60, 2))
    return session, now


def test_a_move_taken_back_against_the_computer_goes_on_the_clocks():
    """Against the computer a move at an earlier position takes moves back (the computer
    plays on from it): its line becomes the game's main line and the clocks follow it. They
    ran on for the player to move at the old end, the new line's moves kept no times, and the
    times and result saved were the abandoned line's."""
    from ygui.session import Seat

    session = Session()
    now = FakeTime()
    session.now = now
    options = GameOptions(game="y", size=5, pie=False).validated()
    seats = (Seat("Ann"), Seat("Bot", computer=True, level=1))
    session.new_game(options, ("Ann", "Bot"), seats, TimeControl(60))
    for cell in (0, 1, 2):  # Ann, the computer, Ann: the computer's clock runs
        now.t += 5
        assert session.play(Move(cell)) is None
    assert session.clock is not None and session.clock.running == WHITE
    session.back(single=True)
    session.back(single=True)  # Ann's first move shown: the computer's turn
    now.t += 4
    assert session.play(Move(6)) is None  # its move, in place of the one taken back
    assert not session.is_on_variation()
    assert [n.move for n in session.tree.main_line()] == [Move(0), Move(6)]
    assert session.current.extra["WL"] == ["51.0"]  # its 5 seconds and these 4
    assert session.clock.running == BLACK
    now.t += 3
    assert session.play(Move(1)) is None
    # (the 5 seconds of its move taken back stay spent)
    assert session.current.extra["BL"] == ["52.0"] and session.clock.running == WHITE
    # a game over keeps its main line: a move at an earlier position there is a study
    for cell in (7, 2, 8, 3, 9, 4):  # Black's bottom row a1-e1 wins
        now.t += 1
        assert session.play(Move(cell)) is None
    assert session.game.winner == BLACK and session.clock.running is None
    main = session.tree.main_line()
    assert len(main) == 9
    session.navigate(2)
    assert session.play(Move(12)) is None
    assert session.is_on_variation() and session.tree.main_line() == main


def test_a_session_records_each_players_time_with_the_moves(tmp_path):
    session, now = timed_session()
    # the clocks start with the first move, which takes no time (an untouched game lost on
    # time, tester 39)
    assert session.clock is not None and session.clock.running is None
    now.t += 7
    assert session.check_clock() is None
    assert session.play(Move(0)) is None
    assert session.clock.running == WHITE
    now.t += 12.5
    assert session.play(Move(1)) is None
    main = session.tree.main_line()
    assert main[0].extra["BL"] == ["60.0"] and main[1].extra["WL"] == ["49.5"]
    now.t += 1
    session.back()  # a move at an earlier position of a timed game takes moves back
    now.t += 3
    assert session.play(Move(2)) is None
    assert session.tree.main_line() == session.tree.path and len(session.tree.path) == 2
    # the 4 seconds looked back are Black's, whose clock ran (and was shown running: tester
    # 54 saw them put on White's once it moved); White's increment of the move taken back is
    # gone, its new move's given (each takeback gave one more: tester 54)
    assert session.current.extra["WL"] == ["49.5"]  # 49.5 - 2 + 2
    assert session.clock.running == BLACK and session.clock.left(BLACK, now.t) == 56
    now.t += 3
    path = tmp_path / "timed.ysgf"
    session.save(path)
    record = load_record(path)
    assert record.time_control == TimeControl(60, 2)
    reopened = Session()
    reopened.now = now
    reopened.open(path)
    assert reopened.game.moves == [Move(0), Move(2)]  # the game's moves, taken back and on
    clock = reopened.clock
    assert clock is not None and clock.paused and clock.running == BLACK
    # as they were when saved: Black's 3 seconds since its last move are not given back
    # (tester 18 got them back by saving and reopening)
    assert (clock.left(BLACK, now.t + 100), clock.left(WHITE, now.t + 100)) == (53, 49.5)
    assert reopened.play(Move(3)).startswith("the clocks are paused")
    reopened.set_clock_paused(False)
    now.t += 5
    assert reopened.play(Move(3)) is None
    assert reopened.tree.main_line()[-1].extra["BL"] == ["50.0"]


def test_a_game_between_people_won_after_a_takeback_stops_the_clocks():
    """Tester 52, between two people on the clocks: stepped back, the moves played on went
    into a variation the clocks left alone (only the main line's player's clock ran); the
    variation won, that clock ran on to a loss on time, and the abandoned line came back as
    the game, lost on time. Now the moves go on the clocks as a takeback, the line won is the
    game, and the clocks stop with it."""
    session, now = timed_session()
    for cell in (0, 5, 1, 6):  # Black a1 b1, White a2 b2 (Y 5)
        now.t += 2
        assert session.play(Move(cell)) is None
    session.back(single=True)
    session.back(single=True)  # Black to move after a1 a2
    for cell in (1, 10, 2, 11, 3, 12, 4):  # Black's bottom row wins
        now.t += 2
        assert session.play(Move(cell)) is None
    assert session.game.winner == BLACK and session.tree.path == session.tree.main_line()
    assert session.clock is not None and session.clock.running is None
    assert session.result is not None and session.result.winner == BLACK
    now.t += 600  # long past either player's time
    assert session.check_clock() is None and session.result.winner == BLACK
    # every move of the line won kept its player's time
    assert all(("BL" if n.colour == BLACK else "WL") in n.extra for n in session.tree.path)


def test_the_games_own_next_move_played_again_earns_one_increment():
    """Stepped back in a game on the clocks, the move the game went on with, played again,
    is a move of the game (against the computer, the computer then answers it): the time
    looked back stays on the clock that ran, and the move earns its increment once (each
    takeback gave its mover another: tester 54)."""
    session, now = timed_session()
    for cell in (0, 5, 1, 6, 2):
        now.t += 2
        assert session.play(Move(cell)) is None
    main = session.tree.main_line()
    clock = session.clock
    assert clock is not None and clock.running == WHITE
    session.back(single=True)  # Black to move: its third move, c1, comes next
    now.t += 3
    assert session.play(Move(2)) is None
    assert session.tree.main_line() == main and session.tree.path == main
    assert clock.running == WHITE and clock.left(WHITE, now.t) == 57  # its clock ran
    assert session.current.extra["BL"] == ["60.0"]  # one increment, not two
    for _ in range(3):  # and again: the clocks do not grow
        session.back(single=True)
        assert session.play(Move(2)) is None
    assert clock.left(BLACK, now.t) == 60 and session.current.extra["BL"] == ["60.0"]


def test_the_games_own_next_move_clicked_further_back_leaves_the_clocks_alone():
    """Two moves back, the game's own next move clicked again is a step along the game: the
    clock of the player to move in the game runs on. (Played again, it went on the clocks:
    Black's clock ran while the game had White to move, and White's time stood still.)"""
    session, now = timed_session()
    for cell in (0, 5, 1, 6, 2):
        now.t += 2
        assert session.play(Move(cell)) is None
    main = session.tree.main_line()
    kept = [dict(node.extra) for node in main]
    clock = session.clock
    assert clock is not None and clock.running == WHITE
    session.back(single=True)
    session.back(single=True)  # White to move: its second move, d2 (cell 6), comes next
    session.dirty = False  # (as if saved)
    now.t += 3
    assert session.steps_along(Move(6)) and not session.steps_along(Move(7))
    assert session.play(Move(6)) is None
    assert session.tree.path == main[:4] and session.tree.main_line() == main
    now.t += 10
    assert clock.running == WHITE
    assert (clock.left(BLACK, now.t), clock.left(WHITE, now.t)) == (60, 47)
    assert [dict(node.extra) for node in main] == kept and not session.dirty
    assert session.play(Move(2)) is None  # and Black's c1: the game's end again
    assert session.tree.path == main and clock.running == WHITE
    assert (clock.left(BLACK, now.t), clock.left(WHITE, now.t)) == (60, 47)


def test_what_a_move_would_take_back_is_known_before_it_is_played():
    """The window says what a move took back (the status bar after a click, the computer's
    note after Ctrl+G at an earlier turn): the game's own next move takes nothing back."""
    session, now = timed_session()
    for cell in (0, 5, 1, 6):
        assert session.play(Move(cell)) is None
    assert session.taken_back_by(Move(2)) == 0  # at the game's end
    session.back(single=True)
    session.back(single=True)
    assert session.taken_back_by(Move(1)) == 0  # the game's own next move
    assert session.taken_back_by(Move(2)) == 2
    untimed = Session()  # between people without clocks: a variation, nothing taken back
    untimed.new_game(GameOptions(game="y", size=5, pie=False).validated(), ("Ann", "Bo"))
    for cell in (0, 5):
        assert untimed.play(Move(cell)) is None
    untimed.back(single=True)
    assert untimed.taken_back_by(Move(2)) == 0


def test_a_swap_taken_back_gives_each_player_their_time_back_on_their_colour():
    """A swap exchanges the players' times with their colours: taken back, they go back."""
    session, now = timed_session(pie=True)
    now.t += 1
    assert session.play(Move(0)) is None  # (free: the clocks start)
    now.t += 10
    assert session.play(SWAP) is None  # White spends 10 s, then swaps: its time on Black's clock
    clock = session.clock
    assert clock is not None
    assert (clock.left(BLACK, now.t), clock.left(WHITE, now.t)) == (52, 60)
    now.t += 4
    session.back(single=True)
    assert session.play(Move(5)) is None  # White places a stone instead, 4 s later
    assert not session.is_on_variation() and len(session.tree.main_line()) == 2
    # Bo (White again) keeps its 10 s spent and one increment; Ann, Black again, the 4 s
    # looked back, which ran on her clock (White's after the swap), shown running
    assert (clock.left(BLACK, now.t), clock.left(WHITE, now.t)) == (56, 52)
    assert clock.running == BLACK


def test_a_turn_of_two_stones_is_charged_once():
    session, now = timed_session("two-stone")
    now.t += 4
    session.play(Move(0))  # Black's first turn: one stone
    assert session.game.to_move == WHITE
    now.t += 3
    assert session.play(Move(5)) is None
    assert "WL" not in session.current.extra  # White's turn goes on
    now.t += 3
    assert session.play(next(iter(session.game.legal_moves()))) is None
    assert session.current.extra["WL"] == ["56.0"]  # 60 - 6 + 2


def test_running_out_of_time_loses_and_can_be_taken_back():
    session, now = timed_session()
    now.t += 5
    session.play(Move(0))
    now.t += 59.9
    assert session.check_clock() is None
    now.t += 0.2
    assert session.check_clock() == WHITE
    assert session.result is not None and session.result.text == "B+T"
    assert session.play(Move(1)) == "the game has ended: Black wins on time"
    assert session.record().result == "B+T"
    assert session.take_back_result()  # play goes on; White, out of time, gets a minute
    assert session.check_clock() is None and session.clock.running == WHITE
    assert session.clock.left(WHITE, now.t) == TAKE_BACK_SECONDS
    assert session.play(Move(1)) is None


def test_after_a_swap_each_player_keeps_its_own_time(tmp_path):
    """The pie rule's swap exchanges the players' colours, not their times: the clock of the
    swapper's new colour has the swapper's time (a tester who swapped got the computer's
    unused time); saved and opened again, the times are the same, the time used since the
    last move included (tester 18 got it back by saving and reopening)."""
    session, now = timed_session(pie=True)
    now.t += 7
    assert session.play(Move(0)) is None  # Ann (Black): the first move is free, 60
    now.t += 20
    assert session.play(SWAP) is None  # Bo swaps after 20 s: 60 - 20 + 2 = 42, and is Black
    clock = session.clock
    assert clock is not None and clock.running == WHITE  # Ann, now White, to move
    assert (clock.left(BLACK, now.t), clock.left(WHITE, now.t)) == (42, 60)
    assert session.player_name(BLACK) == "Bo" and session.player_name(WHITE) == "Ann"
    now.t += 5
    assert clock.left(WHITE, now.t) == 55  # Ann's own time runs
    path = tmp_path / "swap.ysgf"
    session.save(path)
    reopened = Session()
    reopened.now = now
    reopened.open(path)
    again = reopened.clock
    assert again is not None
    assert (again.left(BLACK, now.t), again.left(WHITE, now.t)) == (42, 55)


def test_a_crash_keeps_the_time_used_since_the_last_move(tmp_path):
    """The autosave kept the times of the last move only: after a crash the player to move
    had all the time used since again. While a clock runs, the autosave keeps both clocks'
    times every CLOCK_AUTOSAVE_SECONDS; recovery starts them from there (paused), and a save
    keeps them as they are then."""
    from ygui.session import CLOCK_AUTOSAVE_SECONDS, CLOCKS

    session, now = timed_session()
    session.autosave_file = tmp_path / "autosave.ysgf"
    now.t += 7
    assert session.play(Move(0)) is None  # Black: the first move is free, 60 left
    assert load_record(session.autosave_file).root.extra[CLOCKS] == ["60.0", "60.0"]
    now.t += CLOCK_AUTOSAVE_SECONDS - 1
    assert session.check_clock() is None
    assert load_record(session.autosave_file).root.extra[CLOCKS] == ["60.0", "60.0"]
    now.t += 16  # White has thought 25 s
    assert session.check_clock() is None
    assert load_record(session.autosave_file).root.extra[CLOCKS] == ["60.0", "35.0"]
    recovered = Session()
    recovered.now = now
    recovered.recover(load_record(session.autosave_file))
    clock = recovered.clock
    assert clock is not None and clock.paused and clock.running == WHITE
    assert (clock.left(BLACK, now.t), clock.left(WHITE, now.t)) == (60, 35)
    assert CLOCKS not in recovered.tree.record.root.extra
    path = tmp_path / "kept.ysgf"
    recovered.save(path)
    assert load_record(path).root.extra[CLOCKS] == ["60.0", "35.0"]
    damaged = load_record(session.autosave_file)
    damaged.root.extra[CLOCKS] = ["nan", "-3"]  # an editor's: the last move's times
    again = Session()
    again.now = now
    again.recover(damaged)
    assert again.clock is not None and again.clock.left(WHITE, now.t) == 60
