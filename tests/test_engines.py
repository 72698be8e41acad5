"""Attached GTP engines without the window: starting, the conversation, giving them the game,
their moves checked, and every way an engine can misbehave. A tiny engine of the tests' own
(tests/tiny_gtp_engine.py) and a second ``ygui gtp`` play."""

import shlex
import sys
import tempfile
from pathlib import Path

import pytest

from ygui import engines
from ygui.core.game import BLACK, WHITE, Game
from ygui.core.result import Result
from ygui.core.variants import GameOptions
from ygui.engines import (
    BadMove,
    CannotPlay,
    EngineError,
    EnginePlayer,
    EngineSpec,
    MatchPlan,
    MatchPlayer,
    probe,
    this_ygui_command,
)

# ygui engines start outside the source tree: there `python -m ygui` would import the checkout,
# not the installed ygui the tests are testing (an sdist's tree has no ygui/resources)
ENGINE_DIR = tempfile.gettempdir()
TINY = Path(__file__).resolve().parent / "tiny_gtp_engine.py"


def tiny(mode="good", name=None, **kw):
    command = f"{sys.executable} {TINY} --mode {mode}"
    return EngineSpec(name or f"tiny {mode}", command, **kw)


def ygui_gtp(level=1):
    return EngineSpec(
        "ygui", f"{sys.executable} -m ygui gtp --threads 1", ENGINE_DIR, f"ygui-level {level}"
    )


def y(size=5, **kw):
    return Game(GameOptions(game="y", size=size, **kw).validated())


def play_out(game, players):
    while not game.is_over:
        turn = players[game.to_move].genmove(game)
        assert not turn.resigned
        game.play_all(turn.moves)
    return game


def test_probe_tells_what_the_engine_is():
    info = probe(tiny())
    assert info.name == "tiny-good" and info.version == "0.1" and info.protocol == "2"
    assert info.knows("ygui-variant") and info.knows("genmove")
    assert not probe(tiny("plain")).knows("ygui-variant")
    assert probe(tiny("slow-start")).name == "tiny-slow-start"  # a second to start is fine


def test_a_program_that_is_not_there_is_said_clearly():
    with pytest.raises(EngineError, match="could not be started"):
        probe(EngineSpec("ghost", "/no/such/program --gtp"))
    with pytest.raises(EngineError, match="cannot be read"):
        probe(EngineSpec("quotes", 'python "unclosed'))
    with pytest.raises(EngineError, match="no command line"):
        probe(EngineSpec("empty", "   "))
    with pytest.raises(EngineError, match="does not exist"):
        probe(tiny(folder="/no/such/folder"))


def test_a_program_that_does_not_speak_gtp_is_stopped(monkeypatch):
    monkeypatch.setattr(engines, "START_TIMEOUT", 2.0)
    with pytest.raises(EngineError, match="true stopped (before|while)"):
        probe(EngineSpec("true", "true"))
    with pytest.raises(EngineError, match="did not answer"):
        probe(EngineSpec("sleeper", "sleep 30"))


def test_a_program_that_repeats_its_input_is_told_at_once():
    """`cat` wrote each command back and the test waited 30 seconds for an answer."""
    with pytest.raises(
        EngineError, match="does not speak GTP: it wrote back what it was sent"
    ) as e:
        probe(EngineSpec("cat", "cat"))
    assert "exit code" not in str(e.value)  # (ygui ended it: "exit code -9" read as a crash)


def test_an_engines_last_words_are_said_once():
    """A usage error's last line led the message and came again in the output after it."""
    script = (
        "import sys; sys.stderr.write('usage: e [--gtp]\\ne: error: no --fast\\n'); sys.exit(2)"
    )
    with pytest.raises(EngineError) as caught:
        probe(EngineSpec("E", shlex.join([sys.executable, "-c", script])))
    text = str(caught.value)
    assert text.count("no --fast") == 1, text
    assert "Its last words: e: error: no --fast" in text
    assert "Before that it wrote:\nusage: e [--gtp]" in text


@pytest.mark.parametrize(
    "options",
    [
        {"game": "y", "size": 5},
        {"game": "y", "size": 6, "turns": "two-stone"},
        {"game": "poly-y", "size": 4},
        {"game": "hexagonal-y", "size": 3},
        {"game": "y", "size": 5, "handicap": 2},
    ],
)
def test_two_engines_play_whole_games(options):
    first, second = EnginePlayer(tiny(name="a")), EnginePlayer(tiny(name="b"))
    try:
        game = play_out(Game(GameOptions(**options).validated()), {BLACK: first, WHITE: second})
    finally:
        first.close()
        second.close()
    assert game.winner in (BLACK, WHITE)


def test_ygui_gtp_plays_the_tiny_engine():
    ours, theirs = EnginePlayer(ygui_gtp()), EnginePlayer(tiny())
    try:
        game = play_out(y(5), {BLACK: ours, WHITE: theirs})
    finally:
        ours.close()
        theirs.close()
    assert game.winner is not None
    assert ours.info is None  # closed
    assert ours.client is None


def test_only_the_new_moves_are_sent(monkeypatch):
    player = EnginePlayer(tiny())
    sent = []
    try:
        game = y(5)
        player.prepare(game)
        original = player.client.send
        monkeypatch.setattr(player.client, "send", lambda c, t=30: sent.append(c) or original(c, t))
        game.play(game.parse_move("a1"))
        game.play(game.parse_move("b1"))
        player.prepare(game)
        assert sent == ["play b a1", "play w b1"]
        sent.clear()
        game.undo()  # the engine has a1 b1; the game only a1: it is given the game afresh
        game.play(game.parse_move("c1"))
        player.prepare(game)
        assert sent[0].startswith("ygui-variant y size=5")
        assert sent[1:] == ["play b a1", "play w c1"]
        sent.clear()
        turn = player.genmove(game)
        assert sent == ["genmove b"] and len(turn.moves) == 1
        sent.clear()
        game.play_all(turn.moves)
        player.prepare(game)  # it played that move itself: nothing to send
        assert sent == []
    finally:
        player.close()


def test_an_engine_without_ygui_variant_plays_plain_y_only():
    player = EnginePlayer(tiny("plain"))
    try:
        game = play_out(y(5), {BLACK: player, WHITE: player})
        assert game.winner is not None
        with pytest.raises(
            CannotPlay, match="does not know ygui-variant, so it cannot play Poly-Y"
        ):
            player.genmove(Game(GameOptions(game="poly-y", size=4).validated()))
        with pytest.raises(CannotPlay, match="two-stone"):
            player.genmove(y(5, turns="two-stone"))
    finally:
        player.close()


def test_a_set_up_position_cannot_be_given():
    game = Game(GameOptions(game="y", size=5).validated(), setup={0: BLACK})
    player = EnginePlayer(tiny())
    try:
        with pytest.raises(CannotPlay, match="set up stone by stone"):
            player.genmove(game)
    finally:
        player.close()


@pytest.mark.parametrize(
    "mode, error, words",
    [
        ("crash", EngineError, "stopped while answering `genmove b`.*exit code 3.*badly wrong"),
        ("illegal", BadMove, "'z99' is not a cell"),
        ("garbage", BadMove, "'the' is not a cell"),
    ],
)
def test_misbehaving_engines_are_told_in_words(mode, error, words):
    player = EnginePlayer(tiny(mode))
    try:
        with pytest.raises(error, match=f"(?s){words}"):
            player.genmove(y(5))
    finally:
        player.close()


def test_an_illegal_move_on_a_taken_cell_is_refused():
    player = EnginePlayer(tiny("illegal"))
    game = y(5)
    game.play(game.parse_move("c2"))
    try:
        with pytest.raises(BadMove, match="chose c2, which is illegal"):
            player.genmove(game)
        # the engine is still there; the next question gives it the game afresh
        with pytest.raises(BadMove):
            player.genmove(game)
    finally:
        player.close()


def test_a_hung_engine_is_killed(monkeypatch):
    monkeypatch.setattr(engines, "MOVE_GRACE", 1.0)
    player = EnginePlayer(tiny("hang"), seconds=0.1)
    try:
        with pytest.raises(EngineError, match="did not answer `genmove b` within 1.2 seconds"):
            player.genmove(y(5))
        process = player.client.process
        assert process.poll() is not None  # killed
        # asked again, it is started afresh (and hangs again)
        with pytest.raises(EngineError, match="did not answer"):
            player.genmove(y(5))
        assert player.client.process is not process
    finally:
        player.close()


def test_resignation_and_chatter():
    player = EnginePlayer(tiny("resign"))
    chatty = EnginePlayer(tiny("chatty"))  # fills its error output, chatters before answers
    try:
        game = y(5)
        assert not player.genmove(game).resigned
        game.play_all(chatty.genmove(game).moves)
        assert player.genmove(game).resigned
    finally:
        player.close()
        chatty.close()


def test_time_a_move_is_told_to_engines_that_know_how(monkeypatch):
    sent = []
    original = engines.GtpClient.send

    def spy(self, command, timeout=engines.COMMAND_TIMEOUT):
        sent.append((self.spec.name, command))
        return original(self, command, timeout)

    monkeypatch.setattr(engines.GtpClient, "send", spy)
    player, plain = EnginePlayer(ygui_gtp(), seconds=0.2), EnginePlayer(tiny(), seconds=3)
    try:
        player.start()
        assert ("ygui", "ygui-time 0.2") in sent
        assert player.move_timeout() == pytest.approx(0.4 + engines.MOVE_GRACE)
        player.seconds = 0.5  # a new time a move is told before the next move
        player.genmove(y(5))
        assert ("ygui", "ygui-time 0.5") in sent
        plain.start()  # knows neither ygui-time nor time_settings: told nothing
        assert not [c for n, c in sent if n == "tiny good" and "time" in c]
    finally:
        player.close()
        plain.close()


def test_close_quits_the_engine():
    player = EnginePlayer(tiny())
    player.start()
    process = player.client.process
    player.close()
    assert process.wait(5) == 0  # it ended by quit, not killed


def test_specs_round_trip_and_bad_entries_are_refused():
    spec = tiny(folder="/tmp", commands="a; b", seconds=2.5)
    assert EngineSpec.from_json(spec.to_json()) == spec
    assert spec.initial_commands() == ["a", "b"]
    for bad in (None, [], {"name": "x"}, {"name": "", "command": "c"}, {"name": "x", "command": 3}):
        assert EngineSpec.from_json(bad) is None
    assert engines.is_engine_list([spec.to_json()])
    assert not engines.is_engine_list([spec.to_json(), spec.to_json()])  # the same name twice


def test_a_match_alternates_colours_and_keeps_the_score(tmp_path):
    plan = MatchPlan((MatchPlayer("tiny"), MatchPlayer("", 2)), 3, tmp_path)
    assert plan.names() == ("tiny", "ygui level 2")
    assert plan.seating() == (0, 1)
    assert plan.file_for().name.endswith("001-tiny-vs-ygui_level_2.ysgf")
    plan.record_result(Result(BLACK), plan.file_for())  # tiny had black
    assert plan.seating() == (1, 0)
    assert plan.file_for().name.endswith("002-ygui_level_2-vs-tiny.ysgf")
    plan.record_result(Result(BLACK, engines.FORFEIT), plan.file_for())  # level 2 had black
    assert plan.score == (1, 1) and not plan.finished
    plan.record_result(Result(WHITE), plan.file_for())
    assert plan.score == (1, 2) and plan.finished
    # after a swap the seats hold the other colours (tester 18: each swapped game was
    # scored for its loser)
    swapped = MatchPlan((MatchPlayer("tiny"), MatchPlayer("", 2)), 2, tmp_path)
    swapped.record_result(Result(BLACK), swapped.file_for(), swapped=True)  # level 2 has black
    assert swapped.score == (0, 1)
    swapped.record_result(Result(BLACK), swapped.file_for(), swapped=True)  # tiny has black
    assert swapped.score == (1, 1)
    assert plan.score_text() == "tiny · 1 – 2 · ygui level 2 after 3 of 3 games"
    same = MatchPlan((MatchPlayer("e"), MatchPlayer("e")), 2, tmp_path)
    assert same.names() == ("e (1)", "e (2)")


def test_an_engine_seat_survives_an_autosave(tmp_path):
    from ygui.core.record import load_record
    from ygui.session import Seat, Session

    session = Session(GameOptions(game="y", size=5))
    session.autosave_file = tmp_path / "auto.ysgf"
    session.set_seats((Seat("Ann"), Seat("Tiny", True, 5, "Tiny")))
    session.play(session.game.parse_move("a1"))
    again = Session()
    again.recover(load_record(session.autosave_file))
    assert again.seats[1].engine == "Tiny" and again.seats[1].computer
    assert not again.seats[0].engine


def test_a_forfeit_is_a_result_records_keep():
    from ygui.core.result import FORFEIT, parse_result

    assert parse_result("W+F") == Result(WHITE, FORFEIT)
    assert parse_result("b+forfeit") == Result(BLACK, FORFEIT)
    assert Result(BLACK, FORFEIT).words(("Red", "Blue")) == "Red wins by forfeit"


def test_a_refusal_leaves_the_engine_usable_and_answers_span_lines():
    client = engines.GtpClient(tiny())
    try:
        with pytest.raises(engines.EngineRefusal, match="refused `frobnicate`: unknown command"):
            client.send("frobnicate")
        listed = client.send("list_commands")
        assert len(listed.splitlines()) > 5 and "genmove" in listed.splitlines()
        assert client.send("name") == "tiny-good"
    finally:
        client.close()
    with pytest.raises(EngineError, match="was closed"):
        client.send("name")


def test_a_board_of_ones_own_is_sent_as_a_file():
    from ygui.core.geometry import BoardGeometry
    from ygui.core.variants import options_for_board

    geometry = BoardGeometry.from_json(GameOptions(game="y", size=4).validated().board().to_json())
    game = Game(options_for_board(geometry), geometry)
    ours, theirs = EnginePlayer(ygui_gtp()), EnginePlayer(tiny())
    try:
        turn = ours.genmove(game)  # ygui-variant, then ygui-board FILE
        assert ours._board_file is not None and ours._board_file.exists()
        game.play_all(turn.moves)
        with pytest.raises(CannotPlay, match="does not know ygui-board, so it cannot play Y on"):
            theirs.genmove(game)
        board_file = ours._board_file
        play_out(game, {BLACK: ours, WHITE: ours})
    finally:
        ours.close()
        theirs.close()
    assert game.winner is not None
    assert not board_file.exists()  # removed when the player closes


def test_a_swap_is_answered_and_passed_on():
    first, second = EnginePlayer(tiny(name="a")), EnginePlayer(tiny("swap", name="b"))
    try:
        game = y(5, pie=True)
        game.play_all(first.genmove(game).moves)
        turn = second.genmove(game)
        assert [m.is_swap for m in turn.moves] == [True]
        game.play_all(turn.moves)
        assert game.swapped
        play_out(game, {BLACK: first, WHITE: second})  # `play w swap` reached the first
    finally:
        first.close()
        second.close()
    assert game.winner is not None


def test_an_engine_giving_one_stone_at_a_time_is_asked_again():
    single, other = EnginePlayer(tiny("single")), EnginePlayer(tiny())
    sent = []
    try:
        game = y(6, turns="two-stone")
        game.play_all(other.genmove(game).moves)  # black's one stone
        original = single.start() and single.client.send
        single.client.send = lambda c, t=30: sent.append(c) or original(c, t)
        turn = single.genmove(game)
        assert len(turn.moves) == 2 and sent.count("genmove w") == 2
        game.play_all(turn.moves)
        play_out(game, {BLACK: other, WHITE: single})
    finally:
        single.close()
        other.close()
    assert game.winner is not None


def test_a_crash_at_start_says_the_error_first():
    """A traceback ends with its error: the message leads with that line, then the rest."""
    command = shlex.join([sys.executable, "-c", "import ygui_no_such_module"])
    with pytest.raises(EngineError) as caught:
        probe(EngineSpec("Broken", command))
    text = str(caught.value)
    assert "Its last words: ModuleNotFoundError: No module named 'ygui_no_such_module'" in text
    assert "Traceback" in text.split("Its last words:")[1]  # the whole ending follows


def test_this_ygui_is_started_by_its_exact_command():
    info = probe(EngineSpec("ygui", this_ygui_command()))
    assert info.name == "ygui" and info.knows("ygui-variant")


def test_this_ygui_starts_from_a_folder_that_holds_a_folder_named_ygui(tmp_path):
    """Tester 69 started ygui in the folder of its data folder, named ygui: "Add this ygui"
    then failed its test ("cannot import name '__version__' from 'ygui'"), that folder
    hiding the package from `python -m ygui`. The command does not put its folder first."""
    (tmp_path / "ygui").mkdir()
    info = probe(EngineSpec("ygui", this_ygui_command(), folder=str(tmp_path)))
    assert info.name == "ygui"


def test_this_ygui_attached_before_the_mend_is_mended_as_it_is_read():
    """Tester 69: an entry "Add this ygui" made before `-P` kept its command in the settings,
    and still broke beside a folder named ygui. Read again, it is this ygui's command now;
    any other command stays as it was."""
    old = {"name": "ygui gtp", "command": shlex.join([sys.executable, "-m", "ygui", "gtp"])}
    spec = EngineSpec.from_json(old)
    assert spec is not None and spec.command == this_ygui_command()
    other = {"name": "mine", "command": shlex.join([sys.executable, "-m", "mine", "gtp"])}
    spec = EngineSpec.from_json(other)
    assert spec is not None and spec.command == other["command"]
