"""Other engines as players, through GTP: a whole game between two engines (ygui's own
``ygui gtp`` and a tiny engine of the tests), and every way an engine can misbehave, each
with a message in words and the game untouched."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ygui.core.game import BLACK, Game
from ygui.core.variants import GameOptions
from ygui.engines import EngineError, EnginePlayer, EngineRefused, GtpClient

TINY = [sys.executable, str(Path(__file__).with_name("tiny_gtp_engine.py"))]
YGUI = [sys.executable, "-m", "ygui", "gtp", "--threads", "1"]


def tiny(mode: str = "") -> EnginePlayer:
    return EnginePlayer([*TINY, mode] if mode else TINY)


@pytest.fixture
def players():
    made: list[EnginePlayer] = []
    yield made
    for player in made:
        player.close()


def test_a_whole_game_between_ygui_and_the_tiny_engine(players):
    ygui = EnginePlayer(YGUI)
    players.append(ygui)
    little = tiny()
    players.append(little)
    assert ygui.name == "ygui" and "ygui-variant" in ygui.commands
    assert little.title == "tiny 1.0"
    ygui.client.send("ygui-playouts 200")
    game = Game(GameOptions(game="y", size=5, pie=True).validated())
    seats = {BLACK: little, 3 - BLACK: ygui}
    while not game.is_over:
        player = seats[game.to_move]
        player.set_game(game)  # each turn from the game itself, as the window does
        moves = player.genmove(game, seconds=60)
        assert moves is not None
        for move in moves:
            game.play(move)
    assert game.winner in (1, 2) and len(game.moves) >= 5


def test_an_engine_of_several_stones_a_turn(players):
    ygui = EnginePlayer(YGUI)
    players.append(ygui)
    ygui.client.send("ygui-playouts 100")
    game = Game(GameOptions(game="y", size=6, turns="two-stone", pie=False).validated())
    game.play(game.parse_move("c3"))
    ygui.set_game(game)
    moves = ygui.genmove(game, seconds=60)
    assert moves is not None and len(moves) == game.stones_left_in_turn == 2


def test_an_engine_that_does_not_know_ygui_variant_is_named_and_refused(players):
    plain = tiny("plain")
    players.append(plain)
    with pytest.raises(EngineError, match="tiny 1.0 does not know the command ygui-variant"):
        plain.set_game(Game(GameOptions(game="y", size=5).validated()))


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("crash", r"ended \(exit code 3\) while answering 'genmove': .*out of luck"),
        ("illegal", "tiny 1.0 played 'a1'"),
        ("nonsense", "which is not GTP"),
    ],
)
def test_a_misbehaving_engine_is_said_in_words(players, mode, message):
    engine = tiny(mode)
    players.append(engine)
    game = Game(GameOptions(game="y", size=5, pie=False).validated())
    game.play(game.parse_move("a1"))
    engine.set_game(game)
    before = list(game.moves)
    with pytest.raises(EngineError, match=message):
        engine.genmove(game, seconds=20)
    assert game.moves == before  # the game is untouched


def test_an_engine_that_hangs_is_given_up_and_stopped(players):
    engine = tiny("hang")
    players.append(engine)
    game = Game(GameOptions(game="y", size=5, pie=False).validated())
    engine.set_game(game)
    with pytest.raises(EngineError, match="did not answer 'genmove' within 0.5 s"):
        engine.genmove(game, seconds=0.5)
    engine.close()  # quit gets no answer either: the process is killed
    assert not engine.client.alive


def test_a_resignation_and_a_refusal():
    engine = tiny("resign")
    try:
        game = Game(GameOptions(game="y", size=5, pie=False).validated())
        engine.set_game(game)
        assert engine.genmove(game) is None
        with pytest.raises(EngineRefused, match="unknown command"):
            engine.client.send("no-such-command")
        assert engine.client.alive  # a refusal is no failure
    finally:
        engine.close()
    assert not engine.client.alive


def test_a_command_line_that_does_not_start():
    with pytest.raises(EngineError, match="could not start 'no-such-engine-anywhere'"):
        GtpClient("no-such-engine-anywhere --level 3")
    with pytest.raises(EngineError, match="no command line"):
        GtpClient("   ")


def test_set_up_positions_are_refused_in_words(players):
    ygui = EnginePlayer(YGUI)
    players.append(ygui)
    options = GameOptions(game="y", size=5).validated()
    game = Game(options, setup={3: BLACK})
    with pytest.raises(EngineError, match="position that was set up"):
        ygui.set_game(game)
