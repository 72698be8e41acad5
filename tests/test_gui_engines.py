"""Other GTP engines in the window, used by clicks: attaching one in Play ▸ Engines…, playing a
whole game against it, engine against engine (a second ``ygui gtp`` too), pausing, a two-game
match with its score and records, and engines that misbehave. After every move the board
drawn is checked against the position (tests/drawn.py). Offscreen."""

import sys
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from drawn import mismatches, pixel_mismatches
from gui_helpers import choose_kind, click_cell, make_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from ygui import engines
from ygui.core.game import BLACK, WHITE
from ygui.core.record import load_record
from ygui.core.result import FORFEIT, RESIGNATION, parse_result
from ygui.core.variants import VARIANTS, GameOptions
from ygui.engines import EngineSpec
from ygui.session import RESULT_NOTE, Change
from ygui.settings import Settings
from ygui.ui.new_game_dialog import NewGameDialog

pytestmark = pytest.mark.usefixtures("ygui_home", "compiled_engine")

# ygui engines start outside the source tree: there `python -m ygui` would import the checkout,
# not the installed ygui the tests are testing (an sdist's tree has no ygui/resources)
ENGINE_DIR = tempfile.gettempdir()
TINY = Path(__file__).resolve().parent / "tiny_gtp_engine.py"


def tiny_command(mode="good", extra=""):
    return f"{sys.executable} {TINY} --mode {mode} {extra}".strip()


def attach(window, name, command, folder="", commands="", seconds=0.0):
    """An engine attached as the settings keep it (the dialog's own test clicks through it)."""
    specs = [*window.settings.get("engines"), EngineSpec(name, command, folder, commands, seconds)]
    window.remember("engines", [s.to_json() if isinstance(s, EngineSpec) else s for s in specs])


def attach_ygui(window, name="ygui gtp", level=1):
    attach(
        window, name, f"{sys.executable} -m ygui gtp --threads 1", ENGINE_DIR, f"ygui-level {level}"
    )


def watch(window):
    """Every mismatch between the board drawn and the position, after every change."""
    problems = []
    window.session.subscribe(lambda change: problems.extend(mismatches(window)))
    return problems


def new_game_by_dialog(qtbot, window, game, size, first, second, turns="standard"):
    """Game ▸ New game… with the players chosen in the dialog (``first``/``second``: the
    combo's data: human, computer or engine:NAME)."""

    def run():
        dialog = NewGameDialog(
            dict(window.settings.get("new_game")),
            window.theme,
            window,
            window.player_engines(),
        )
        qtbot.addWidget(dialog)
        dialog.games.setCurrentRow(list(VARIANTS).index(game))
        dialog.size_box.setCurrentIndex(dialog.size_box.findData(size))
        dialog.turns.setCurrentIndex(dialog.turns.findData(turns))
        for combo, kind in ((dialog.first_kind, first), (dialog.second_kind, second)):
            combo.setCurrentIndex(combo.findData(kind))
            combo.activated.emit(combo.currentIndex())  # as a choice by the user does
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
        return dialog

    window.run_new_game_dialog = run
    window.act_new.trigger()


def test_attach_an_engine_in_the_engines_dialog(qtbot, answers):
    window = make_window(qtbot, answers)
    seen = {}

    def run(dialog):
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
        dialog.name.clear()
        qtbot.keyClicks(dialog.name, "Tiny")
        qtbot.keyClicks(dialog.command, tiny_command())
        qtbot.mouseClick(dialog.test_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "ready" in dialog.test_result.text(), timeout=20_000)
        seen["ok"] = dialog.test_result.text()
        # a second engine whose program is not there: Test says so
        qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
        qtbot.keyClicks(dialog.command, "/no/such/engine --gtp")
        qtbot.mouseClick(dialog.test_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "could not be started" in dialog.test_result.text(), timeout=20_000)
        seen["bad"] = dialog.test_result.text()
        qtbot.mouseClick(dialog.remove_button, Qt.MouseButton.LeftButton)
        assert dialog.names.count() == 1
        # the ygui running now, by its exact command line (no PATH needed)
        qtbot.mouseClick(dialog.add_ygui_button, Qt.MouseButton.LeftButton)
        # (not "ygui" alone, which read as the built-in player in a match: tester 58)
        assert dialog.name.text() == "ygui gtp" and sys.executable in dialog.command.text()
        qtbot.mouseClick(dialog.test_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "ready" in dialog.test_result.text(), timeout=30_000)
        seen["ygui"] = dialog.test_result.text()
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
        return dialog.result() == dialog.DialogCode.Accepted

    window.run_engines_dialog = run
    window.act_engines.trigger()
    assert "tiny-good 0.1" in seen["ok"] and "knows ygui-variant" in seen["ok"]
    assert "Engine 1 could not be started: /no/such/engine: " in seen["bad"]
    assert seen["ygui"].startswith("<b>ygui ") and "knows ygui-variant" in seen["ygui"]
    assert list(window.engine_specs()) == ["Tiny", "ygui gtp"]
    assert window.engine_specs()["Tiny"].command == tiny_command()


def test_a_test_that_waits_can_be_stopped(qtbot, answers):
    """Test of a program that says nothing waited out its 30 seconds with no way to end it,
    and its answer could stand beside a command line changed meanwhile (tester 18)."""
    window = make_window(qtbot, answers)
    seen = {}

    def run(dialog):
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
        qtbot.keyClicks(dialog.command, "sleep 60")
        qtbot.mouseClick(dialog.test_button, Qt.MouseButton.LeftButton)
        assert dialog.test_button.text() == "S&top test"
        assert "Stop test" in dialog.test_result.text()
        qtbot.wait(300)
        qtbot.mouseClick(dialog.test_button, Qt.MouseButton.LeftButton)
        seen["stopped"] = dialog.test_result.text()
        assert dialog.test_button.text() == "&Test"
        # the stopped test's answer (the engine's end) is not shown afterwards
        qtbot.wait(1500)
        assert dialog.test_result.text() == seen["stopped"]
        # a test running while the command line is edited is stopped, and says so
        qtbot.mouseClick(dialog.test_button, Qt.MouseButton.LeftButton)
        qtbot.keyClicks(dialog.command, " ")
        seen["edited"] = dialog.test_result.text()
        assert dialog.test_button.text() == "&Test"
        qtbot.wait(1500)
        assert dialog.test_result.text() == seen["edited"]
        dialog.reject()
        return False

    window.run_engines_dialog = run
    window.act_engines.trigger()
    assert seen["stopped"] == "The test of Engine 1 was stopped."
    assert seen["edited"] == "The test of Engine 1 was stopped: the engine was changed."


def test_engines_dialog_refuses_two_engines_of_one_name(qtbot, answers):
    window = make_window(qtbot, answers)

    def run(dialog):
        qtbot.addWidget(dialog)
        for _ in range(2):
            qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
            dialog.name.clear()
            qtbot.keyClicks(dialog.name, "Same")
            qtbot.keyClicks(dialog.command, tiny_command())
        dialog.warn = lambda text: seen.append(text)
        dialog.accept()
        return dialog.result() == dialog.DialogCode.Accepted

    seen = []
    window.run_engines_dialog = run
    window.act_engines.trigger()
    assert seen == ["Two engines are named Same: give each a name of its own."]
    assert window.engine_specs() == {}


def test_a_whole_game_against_an_attached_engine(qtbot, answers):
    window = make_window(qtbot, answers)
    attach(window, "Tiny", tiny_command(extra="--random 5"))
    problems = watch(window)
    new_game_by_dialog(qtbot, window, "y", 6, "human", "engine:Tiny")
    assert window.session.seats[1].engine == "Tiny" and window.session.seats[1].name == "Tiny"
    assert window.session.player_name(WHITE) == "Tiny"
    assert Settings().get("new_game")["white_player"] == "engine:Tiny"  # remembered
    while not window.game.is_over:
        qtbot.waitUntil(lambda: not window.computer.thinking_for_move(), timeout=20_000)
        if window.game.is_over:
            break
        assert window.game.to_move == BLACK
        cells = window.game.legal_cells()
        before = len(window.game.moves)
        click_cell(qtbot, window, cells[len(cells) // 2])
        assert len(window.game.moves) == before + 1
        qtbot.waitUntil(
            lambda b=before: window.game.is_over or len(window.game.moves) == b + 2,
            timeout=20_000,
        )
    assert problems == []
    assert pixel_mismatches(window) == []
    assert window.game_panel.result_box.isVisible()
    moves = window.game.moves
    assert len(moves) >= 6 and not answers.informed


def test_engine_against_engine_plays_itself_and_can_be_paused(qtbot, answers):
    window = make_window(qtbot, answers)
    attach(window, "Tiny", tiny_command(extra="--random 1"))
    attach_ygui(window)
    problems = watch(window)
    new_game_by_dialog(qtbot, window, "y", 7, "engine:ygui gtp", "engine:Tiny")
    qtbot.waitUntil(lambda: len(window.game.moves) >= 3, timeout=60_000)
    window.act_pause_computers.trigger()
    assert window.act_pause_computers.isChecked()
    held = len(window.game.moves)
    qtbot.wait(600)
    assert len(window.game.moves) == held and not window.computer.thinking_for_move()
    paused = "The computers are paused: Play ▸ Pause the computers lets them go on."
    assert paused in window.game_panel.turn_label.text()  # (said where the turn is)
    # unpaused while looking back, the computers wait at the game's end: said so ("The
    # computers play on." and nothing moved: tester 69)
    window.step(-1)
    window.act_pause_computers.trigger()
    said = window.statusBar().currentMessage()
    assert said == "The computers play on from the game's last move: End goes there."
    qtbot.wait(300)
    assert len(window.game.moves) == held - 1  # (the board stays where it was)
    assert paused not in window.game_panel.turn_label.text()
    window.session.go_to_main_line(held)
    qtbot.waitUntil(lambda: window.game.is_over, timeout=120_000)
    assert problems == []
    assert pixel_mismatches(window) == []
    assert window.game.winner in (BLACK, WHITE)
    assert not answers.informed


def test_a_new_game_is_not_held_by_the_last_ones_pause(qtbot, answers):
    window = make_window(qtbot, answers)
    attach(window, "Tiny", tiny_command(extra="--random 1"))
    new_game_by_dialog(qtbot, window, "y", 5, "engine:Tiny", "engine:Tiny")
    qtbot.waitUntil(lambda: len(window.game.moves) >= 2, timeout=20_000)
    window.act_pause_computers.trigger()
    answers.save_choice = ["discard"]
    new_game_by_dialog(qtbot, window, "y", 5, "engine:Tiny", "engine:Tiny")
    assert not window.act_pause_computers.isChecked() and not window.computer.paused
    assert window.statusBar().currentMessage() == (
        "A new game: the computers are no longer paused."
    )
    assert "paused" not in window.game_panel.turn_label.text()
    qtbot.waitUntil(lambda: window.game.is_over, timeout=60_000)
    assert not answers.informed


def test_the_built_in_computer_against_an_engine(qtbot, answers):
    window = make_window(qtbot, answers)
    attach(window, "Tiny", tiny_command())
    problems = watch(window)
    new_game_by_dialog(qtbot, window, "poly-y", 4, "engine:Tiny", "computer")
    qtbot.waitUntil(lambda: window.game.is_over, timeout=120_000)
    assert problems == [] and not answers.informed


def start_match(qtbot, window, players, size, games, folder):
    """Play → Match…: the two players chosen by name, the board, the games, Start clicked."""
    window.act_match.trigger()
    dialog = window.match_dialog
    qtbot.addWidget(dialog)
    for box, name in zip(dialog.kinds, players, strict=True):
        box.setCurrentIndex(box.findData(name))
    dialog.size_box.setCurrentIndex(dialog.size_box.findData(size))
    dialog.games.setValue(games)
    dialog.seconds.setValue(0.5)
    dialog.folder.setText(str(folder))
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    return dialog


def test_a_two_game_match(qtbot, answers, tmp_path):
    window = make_window(qtbot, answers)
    attach(window, "Tiny", tiny_command(extra="--random 2"))
    attach_ygui(window)
    problems = watch(window)
    dialog = start_match(qtbot, window, ("ygui gtp", "Tiny"), 6, 2, tmp_path / "match")
    assert dialog.running and not dialog.start_button.isEnabled()
    first_seats = [s.name for s in window.session.seats]
    assert first_seats == ["ygui gtp", "Tiny"]
    qtbot.waitUntil(lambda: not dialog.running, timeout=180_000)
    plan = dialog.plan
    assert plan.number == 2 and sum(plan.score) == 2
    assert "after 2 of 2 games" in dialog.score.text()
    assert dialog.score.text().startswith(f"ygui gtp · {plan.score[0]} – {plan.score[1]} · Tiny")
    files = sorted((tmp_path / "match").glob("*.ysgf"))
    assert [f.name[-25:] for f in files] == [
        "001-ygui_gtp-vs-Tiny.ysgf",
        "002-Tiny-vs-ygui_gtp.ysgf",
    ]
    for number, path in enumerate(files):
        record = load_record(path)
        game = record.to_game()
        first, second = ("ygui gtp", "Tiny") if number == 0 else ("Tiny", "ygui gtp")
        # (PB and PW: who plays each colour at the end; after a swap the first player is
        # White, and the test failed in the runs where a player swapped)
        black, white = (second, first) if game.swapped else (first, second)
        assert (record.black, record.white) == (black, white)
        assert game.winner is not None and parse_result(record.result).winner == game.winner
        # (after a swap the first player has White)
        winner = first if (game.winner == BLACK) != game.swapped else second
        assert plan.names()[plan.results[number][0]] == winner
    # the last game stays on the board, saved, and was drawn right all along
    assert window.session.path == files[-1] and not window.session.dirty
    assert problems == []
    assert pixel_mismatches(window) == []


def test_a_match_with_an_engine_that_will_not_start_stops_after_two_games(qtbot, answers, tmp_path):
    window = make_window(qtbot, answers)
    attach(window, "Tiny", tiny_command(extra="--random 2"))
    attach(window, "Broken", "/no/such/engine --gtp")
    dialog = start_match(qtbot, window, ("Tiny", "Broken"), 5, 10, tmp_path / "match")
    qtbot.waitUntil(lambda: not dialog.running, timeout=60_000)
    plan = dialog.plan
    assert plan.number == 2 and plan.score == (2, 0)  # not ten forfeits
    log = [dialog.log.item(i).text() for i in range(dialog.log.count())]
    assert any("could not be started" in line and "forfeit" in line for line in log)
    assert "Broken failed in 2 games running" in log[-1]
    assert "Broken failed in 2 games running" in dialog.score.text()
    assert dialog.start_button.isEnabled() and not dialog.stop_button.isEnabled()


def test_a_match_asks_before_it_replaces_an_unsaved_game(qtbot, answers, tmp_path):
    window = make_window(qtbot, answers)
    window.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("Ann", "Bo"))
    for label in ("c2", "b1"):
        click_cell(qtbot, window, window.game.geometry.cell(label))
    attach(window, "Tiny", tiny_command(extra="--random 2"))
    window.act_match.trigger()
    dialog = window.match_dialog
    qtbot.addWidget(dialog)
    dialog.folder.setText(str(tmp_path / "match"))
    answers.save_choice = ["cancel"]
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert answers.questions == ["Save the current game, Y, 5 cells per side (2 moves), first?"]
    assert not dialog.running and dialog.start_button.isEnabled()
    assert [window.game.move_text(m) for m in window.game.moves] == ["c2", "b1"]
    assert mismatches(window) == [] and pixel_mismatches(window) == []
    answers.save_choice = ["discard"]
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert dialog.running and window.game.moves == []
    dialog.stop("stopped by the test")


def test_a_match_game_lost_by_forfeit_and_a_stop(qtbot, answers, tmp_path):
    window = make_window(qtbot, answers)
    attach(window, "Crash", tiny_command("crash"))
    window.act_match.trigger()
    dialog = window.match_dialog
    qtbot.addWidget(dialog)
    dialog.kinds[0].setCurrentIndex(dialog.kinds[0].findData("Crash"))
    dialog.levels[1].setValue(1)
    dialog.size_box.setCurrentIndex(dialog.size_box.findData(5))
    dialog.games.setValue(3)
    dialog.folder.setText(str(tmp_path))
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.plan.number >= 1, timeout=60_000)
    record = load_record(dialog.plan.files[0])
    assert parse_result(record.result) is not None
    assert parse_result(record.result).reason == FORFEIT and record.result == "W+F"
    # why, in the record too (only the log said it)
    (why,) = record.root.extra[RESULT_NOTE]
    assert why.startswith("Crash stopped while answering `genmove b`"), why
    log = [dialog.log.item(i).text() for i in range(dialog.log.count())]
    assert any("Crash stopped while answering `genmove b`" in line for line in log), log
    assert any("ygui level 1 wins (White wins by forfeit)" in line for line in log), log
    assert not answers.informed  # a match says it in its log, not in a message box
    qtbot.waitUntil(
        lambda: window.session.path is None,
        timeout=10_000,  # the second game is on
    )
    qtbot.mouseClick(dialog.stop_button, Qt.MouseButton.LeftButton)
    assert not dialog.running and "stopped" in dialog.score.text()
    assert not any(s.computer for s in window.session.seats)  # the game on the board: people
    if not window.game.is_over:  # and said so (tester 58 waited for "ygui" to move)
        assert "goes on between people" in window.statusBar().currentMessage()


@pytest.mark.parametrize(
    "mode, game, size, words",
    [
        ("crash", "y", 5, "stopped while answering `genmove w`"),
        ("illegal", "y", 5, "which is illegal"),
        ("garbage", "y", 5, "is not a cell of this board"),
        ("plain", "poly-y", 4, "does not know ygui-variant, so it cannot play Poly-Y"),
    ],
)
def test_misbehaving_engines_are_said_and_a_person_takes_over(
    qtbot, answers, mode, game, size, words
):
    window = make_window(qtbot, answers)
    attach(window, "bad one", tiny_command(mode))  # (a name in small letters stays so)
    problems = watch(window)
    new_game_by_dialog(qtbot, window, game, size, "human", "engine:bad one")
    click_cell(qtbot, window, window.game.geometry.cell("b2" if game == "y" else "1"))
    qtbot.waitUntil(lambda: bool(answers.informed), timeout=20_000)
    assert words in answers.informed[0] and "a person now plays this side" in answers.informed[0]
    assert "Bad one" not in answers.informed[0]  # (tester 45's "False engine stopped…")
    assert not window.session.seats[1].computer  # the game goes on between people
    # named as a person, not as the engine (the panel said "White to play: Bad", tester 18)
    assert window.session.seats[1].name == "Player 2" and "as Player 2" in answers.informed[0]
    assert "bad one" not in window.game_panel.turn_label.text()
    # and the status bar no longer names the engine among the players (tester 45)
    colour = window.game.colour_name(2)
    assert window.statusBar().currentMessage() == f"Player 2 plays {colour} now: bad one failed."
    assert len(window.game.moves) == 1
    click_cell(qtbot, window, window.game.legal_cells()[0])
    assert len(window.game.moves) == 2 and problems == []
    # the next start's game has a person there too (it opened against the engine, which
    # failed again at its first move: tester 58)
    remembered = window.settings.get("new_game")
    assert remembered["white_player"] == "human" and remembered["black_player"] == "human"
    # the next new game offers the engine as one that failed, and says why (it was offered
    # as if nothing had happened, and failed again when chosen)
    dialog = NewGameDialog({}, window.theme, window, window.player_engines())
    qtbot.addWidget(dialog)
    index = dialog.second_kind.findData("engine:bad one")
    if mode == "plain":
        # an engine that works but cannot play this game has not failed: it plays plain Y
        # (it was "(failed earlier)" in every list after Poly-Y turned it down: tester 69)
        assert dialog.second_kind.itemText(index) == "Engine: bad one"
        return
    assert dialog.second_kind.itemText(index) == "Engine: bad one (failed earlier)"
    tip = dialog.second_kind.itemData(index, Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("bad one failed earlier: ") and words in tip

    # mended in the engines dialog, it is offered as any other again
    def mend(dialog):
        dialog.specs[0] = replace(dialog.specs[0], command=tiny_command())
        return True

    window.run_engines_dialog = mend
    window.manage_engines()
    assert window.player_engines() == {"bad one": ""}


def test_a_hung_engine_is_stopped(qtbot, answers, monkeypatch):
    monkeypatch.setattr(engines, "MOVE_GRACE", 1.0)
    window = make_window(qtbot, answers)
    attach(window, "Hang", tiny_command("hang"), seconds=0.1)
    new_game_by_dialog(qtbot, window, "y", 5, "human", "engine:Hang")
    click_cell(qtbot, window, window.game.geometry.cell("c2"))
    assert window.computer.thinking.isVisible()
    assert "Hang" in window.computer.thinking_label.text()
    click_cell(qtbot, window, window.game.geometry.cell("a1"))  # refused while it thinks
    # (not "Move now makes it play at once" beside a greyed Move now: tester 58)
    assert window.game_panel.refusal.text() == "Hang is thinking."
    assert not window.computer.move_now_button.isEnabled()
    # the menu's Move now (Ctrl+Space) says why it cannot (it did nothing: tester 69)
    window.computer.move_now()
    said = window.statusBar().currentMessage()
    assert said.startswith("Hang cannot be hurried: GTP has no way")
    qtbot.waitUntil(lambda: bool(answers.informed), timeout=20_000)
    assert "did not answer `genmove w` within 1.2 seconds, so it was stopped" in answers.informed[0]


def test_an_engine_resigns(qtbot, answers):
    window = make_window(qtbot, answers)
    attach(window, "Quitter", tiny_command("resign"))
    new_game_by_dialog(qtbot, window, "y", 5, "engine:Quitter", "human")
    qtbot.waitUntil(lambda: len(window.game.moves) == 1, timeout=20_000)
    click_cell(qtbot, window, window.game.legal_cells()[0])
    qtbot.waitUntil(lambda: window.session.ended_early is not None, timeout=20_000)
    assert window.session.ended_early.reason == RESIGNATION
    assert window.session.ended_early.winner == WHITE


def test_closing_the_window_while_an_engine_thinks(qtbot, answers):
    window = make_window(qtbot, answers)
    attach(window, "Hang", tiny_command("hang"))
    new_game_by_dialog(qtbot, window, "y", 5, "engine:Hang", "human")
    player = next(iter(window.computer.attached.players.values()))
    qtbot.waitUntil(lambda: player.client is not None and player.client.waiting, timeout=10_000)
    process = player.client.process
    answers.save_choice = ["discard"]
    window.session.dirty = False
    assert window.close()
    assert process.poll() is not None  # killed, not left behind
    window.session.notify(Change.POSITION)  # nothing is running that could answer
    # nor started again: an engine asked for after the close was left running once ygui
    # ended (seen with the oldest dependencies the sdist allows)
    assert window.computer.attached.players == {}


def test_an_engine_asked_for_a_move_marks_it_as_a_hint(qtbot, answers):
    window = make_window(qtbot, answers)
    window.act_ask_engine.trigger()
    assert answers.informed == ["Attach one first: Play ▸ Engines…"]
    attach(window, "Tiny", tiny_command())  # plays the first legal cell
    attach_ygui(window)
    window.start_new_game(window.game.options, ("Ann", "Bo"))
    click_cell(qtbot, window, window.game.geometry.cell("c3"))
    window.choose_engine = lambda names: names[names.index("Tiny")]
    window.act_ask_engine.trigger()
    expected = window.game.legal_cells()[0]
    qtbot.waitUntil(lambda: window.computer.hint_cell == expected, timeout=20_000)
    label = window.game.geometry.labels[expected]
    assert window.statusBar().currentMessage() == f"Tiny suggests {label}."
    assert len(window.game.moves) == 1  # a suggestion, not a move
    window.choose_engine = lambda names: "ygui gtp"
    window.act_ask_engine.trigger()
    qtbot.waitUntil(
        lambda: window.statusBar().currentMessage().startswith("ygui gtp suggests"), timeout=60_000
    )
    hint = window.computer.hint_cell
    assert hint is not None and window.game.colours[hint] == 0


def test_asking_an_engine_that_does_not_answer_can_be_stopped(qtbot, answers):
    """Tester 19 asked an engine that never answered: the status bar said "Asking…", the menu
    had no way to stop it, and the engine ran on after the position changed."""
    window = make_window(qtbot, answers)
    attach(window, "Hang", tiny_command("hang"))
    attach(window, "Tiny", tiny_command())
    window.start_new_game(window.game.options, ("Ann", "Bo"))
    assert not window.act_stop_asking.isEnabled()
    window.choose_engine = lambda names: "Hang"
    window.act_ask_engine.trigger()
    assert window.act_stop_asking.isEnabled()
    assert "Stop asking the engine" in window.statusBar().currentMessage()
    attached = window.computer.attached
    player = attached.players[("Hang", -1)]
    qtbot.waitUntil(lambda: player.client is not None and player.client.waiting, timeout=10_000)
    process = player.client.process
    window.act_stop_asking.trigger()
    assert window.statusBar().currentMessage() == "Stopped asking Hang: the engine was ended."
    assert not window.act_stop_asking.isEnabled()
    qtbot.waitUntil(lambda: process.poll() is not None, timeout=5_000)
    qtbot.wait(300)  # its thread's failure, once the process is gone, is not heard
    assert answers.informed == [] and window.computer.hint_cell is None
    # asked again, then the position changes: the engine is stopped, not left thinking
    window.act_ask_engine.trigger()
    player = attached.players[("Hang", -1)]
    qtbot.waitUntil(lambda: player.client is not None and player.client.waiting, timeout=10_000)
    process = player.client.process
    click_cell(qtbot, window, window.game.geometry.cell("c3"))
    qtbot.waitUntil(lambda: process.poll() is not None, timeout=5_000)
    assert not window.act_stop_asking.isEnabled()
    # and the status bar says so ("Asking Hang…" stayed there, tester 20)
    said = "No longer asking Hang for a move: the position changed."
    assert window.statusBar().currentMessage() == said
    # and another engine asked next answers at once
    window.choose_engine = lambda names: "Tiny"
    window.act_ask_engine.trigger()
    qtbot.waitUntil(
        lambda: window.statusBar().currentMessage().startswith("Tiny suggests"), timeout=20_000
    )
    assert answers.informed == []


def test_one_engine_on_both_sides_runs_twice(qtbot, answers):
    window = make_window(qtbot, answers)
    attach(window, "Tiny", tiny_command(extra="--random 4"))
    problems = watch(window)
    new_game_by_dialog(qtbot, window, "y", 7, "engine:Tiny", "engine:Tiny", "two-stone")
    assert window.game.options.turns == "two-stone"
    qtbot.waitUntil(lambda: window.game.is_over, timeout=60_000)
    players = window.computer.attached.players
    assert sorted(players) == [("Tiny", 0), ("Tiny", 1)]
    processes = {p.client.process.pid for p in players.values()}
    assert len(processes) == 2
    assert problems == [] and not answers.informed


def test_an_engine_no_seat_plays_any_more_ends(qtbot, answers):
    """A new game without the engine ends its processes (they stayed alive, idle, as long as
    the window); one still named keeps its process from game to game."""
    window = make_window(qtbot, answers)
    attach(window, "Tiny", tiny_command(extra="--random 4"))
    new_game_by_dialog(qtbot, window, "y", 5, "engine:Tiny", "engine:Tiny")
    qtbot.waitUntil(lambda: window.game.is_over, timeout=60_000)
    players = dict(window.computer.attached.players)
    assert sorted(players) == [("Tiny", 0), ("Tiny", 1)]
    gone = players[("Tiny", 1)].client.process
    answers.save_choice = ["discard"]
    new_game_by_dialog(qtbot, window, "y", 5, "human", "engine:Tiny")
    click_cell(qtbot, window, window.game.geometry.cell("c2"))
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=20_000)
    kept = window.computer.attached.players
    assert list(kept) == [("Tiny", 0)] and kept[("Tiny", 0)] is players[("Tiny", 0)]
    qtbot.waitUntil(lambda: gone.poll() is not None, timeout=10_000)
    process = kept[("Tiny", 0)].client.process
    answers.save_choice = ["discard"]
    new_game_by_dialog(qtbot, window, "y", 5, "human", "human")
    assert window.computer.attached.players == {}
    qtbot.waitUntil(lambda: process.poll() is not None, timeout=10_000)
    assert not answers.informed


def test_an_engine_still_thinking_for_an_old_position_is_restarted(qtbot, answers):
    window = make_window(qtbot, answers)
    attach(window, "Hang", tiny_command("hang"))
    new_game_by_dialog(qtbot, window, "y", 5, "human", "engine:Hang")
    click_cell(qtbot, window, window.game.geometry.cell("c2"))
    player = window.computer.attached.players[("Hang", 0)]
    qtbot.waitUntil(lambda: player.client is not None and player.client.waiting, timeout=10_000)
    first = player.client.process
    window.act_undo.trigger()  # the position it thinks about is gone
    assert not window.computer.thinking_for_move() and window.game.moves == []
    click_cell(qtbot, window, window.game.geometry.cell("b2"))
    qtbot.waitUntil(
        lambda: player.client is not None and player.client.process is not first, timeout=10_000
    )
    assert first.poll() is not None  # the old one was stopped, not waited for
    assert window.computer.thinking_for_move() and not answers.informed
    # and closing the window stops the one thinking now (it was left to the fixture)
    second = player.client.process
    answers.save_choice = ["discard"]
    window.session.dirty = False
    assert window.close()
    assert second.poll() is not None


def test_an_engine_that_swaps(qtbot, answers):
    window = make_window(qtbot, answers)
    attach(window, "Swapper", tiny_command("swap"))
    problems = watch(window)
    new_game_by_dialog(qtbot, window, "y", 5, "human", "engine:Swapper")
    assert window.game.options.pie_value
    click_cell(qtbot, window, window.game.geometry.cell("c2"))
    qtbot.waitUntil(lambda: len(window.game.moves) == 2, timeout=20_000)
    assert window.game.moves[1].is_swap and window.game.to_move == WHITE
    # the person now plays White; the engine, Black, answers
    assert not window.session.seat_for(WHITE).computer
    click_cell(qtbot, window, window.game.geometry.cell("b2"))
    qtbot.waitUntil(lambda: len(window.game.moves) == 4, timeout=20_000)
    assert window.session.seat_for(window.game.to_move).name == window.session.seats[0].name
    assert problems == [] and not answers.informed


def test_an_engine_name_goes_with_the_engine_in_the_new_game_dialog(qtbot, answers):
    window = make_window(qtbot, answers)
    attach(window, "Tiny", tiny_command())
    dialog = NewGameDialog({}, window.theme, window, {"Tiny": ""})
    qtbot.addWidget(dialog)

    choose_kind(dialog.first_kind, "engine:Tiny")
    assert dialog.first_name.text() == "Tiny"
    choose_kind(dialog.first_kind, "computer")  # the engine's name does not stay on the computer
    assert dialog.first_name.text() == "Computer"
    choose_kind(dialog.second_kind, "engine:Tiny")
    dialog.second_name.setText("My Tiny")  # typed over: kept
    choose_kind(dialog.second_kind, "human")
    assert dialog.second_name.text() == "My Tiny"
    choose_kind(dialog.second_kind, "engine:Tiny")
    choose_kind(dialog.second_kind, "human")
    assert dialog.second_name.text() == "Player 2"


def test_a_match_goes_on_behind_its_closed_window_and_keeps_its_log(qtbot, answers, tmp_path):
    """Tester 45 closed the match's window while it played: the match stopped with nothing
    said, the board stood still, and the window opened again had lost its log. Closed, it
    only goes out of sight; the match plays on and says so, and its log is there again. And
    computers paused before (Play ▸ Pause the computers) froze a new match: it resumes them."""
    window = make_window(qtbot, answers)
    attach(window, "Tiny", tiny_command(extra="--random 2"))
    window.act_pause_computers.setChecked(True)  # paused before the match
    dialog = start_match(qtbot, window, ("Tiny", ""), 5, 2, tmp_path / "match")
    assert dialog.running and not window.computer.paused
    assert not window.act_pause_computers.isChecked()
    log = [dialog.log.item(i).text() for i in range(dialog.log.count())]
    assert "The computers were paused: they play on for the match." in log
    dialog.close()
    assert dialog.running and not dialog.isVisible()
    assert window.statusBar().currentMessage().startswith("The match goes on")
    # its next game is said in the status bar (blank from the second game on, before)
    said_games = []
    window.statusBar().messageChanged.connect(
        lambda text: said_games.append(text) if text.startswith("Match game") else None
    )
    qtbot.waitUntil(lambda: not dialog.running, timeout=120_000)  # played to its end
    assert said_games, "the second game was not said"
    assert said_games[0].startswith("Match game 2 of 2: ")
    assert said_games[0].endswith(" after 1 of 2 games. Play ▸ Match… shows it.")
    assert dialog.plan.number == 2
    assert "Match over" in window.statusBar().currentMessage()  # (said where it is seen)
    said = [dialog.log.item(i).text() for i in range(dialog.log.count())]
    again = window.open_match()
    assert again.score.text() == dialog.score.text()
    assert [again.log.item(i).text() for i in range(again.log.count())] == said
    qtbot.addWidget(again)


def test_closing_the_window_during_a_match_asks_and_keeps_the_game_in_play(
    qtbot, answers, tmp_path
):
    """Tester 58 pressed Ctrl+Q during a match: the window closed without a question, and
    the game in play was neither saved nor offered back. It asks first, and the game in play
    is saved in the match's folder as unfinished."""
    window = make_window(qtbot, answers)
    attach(window, "Tiny", tiny_command(extra="--random 2"))
    dialog = start_match(qtbot, window, ("Tiny", ""), 7, 3, tmp_path / "match")
    # a level for the built-in player alone (an engine's box showed one that meant nothing)
    assert not dialog.levels[0].isVisibleTo(dialog) and dialog.levels[1].isVisibleTo(dialog)
    qtbot.waitUntil(lambda: len(window.session.tree.main_line()) >= 2, timeout=60_000)
    window.act_pause_computers.setChecked(True)  # (the game stands still for the test)
    qtbot.waitUntil(lambda: not window.computer.runner.busy, timeout=30_000)
    moves = list(window.game.moves)
    answers.yes_no = [False]
    assert not window.close()
    assert answers.questions[-1].startswith("A match is being played: Tiny · 0 – 0 · ygui")
    assert "game 1 of 3 is being played. The games finished are in " in answers.questions[-1]
    assert answers.questions[-1].endswith(
        "and the game in play is saved there as unfinished. Stop the match and close the window?"
    )
    assert dialog.running and window.isVisible()
    # (the last game over, the match only waiting to say so, it asked of "game 5 of 4":
    # tester 59)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(type(dialog.plan), "finished", property(lambda plan: True))
        assert dialog.in_play() == "" and not dialog.keeps_unfinished()
    answers.yes_no = [True]
    assert window.close()
    assert not dialog.running
    kept = list((tmp_path / "match").glob("*.unfinished.ysgf"))
    assert len(kept) == 1 and "-001-Tiny-vs-ygui_level_" in kept[0].name
    assert load_record(kept[0]).to_game().moves == moves
