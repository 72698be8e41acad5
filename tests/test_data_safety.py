"""Saving keeps what the user set up, and the window tells the user in words when a settings
file, a save or an autosave goes wrong, without losing the game."""

from __future__ import annotations

import json
import os
import stat

import pytest
from gui_helpers import click_cell, make_window

from ygui.core.game import Move
from ygui.core.record import (
    RecordError,
    atomic_write_text,
    load_record,
    remove_stale_temporaries,
    save_record,
)
from ygui.session import Session
from ygui.settings import config_dir
from ygui.ui.new_game_dialog import NewGameDialog

pytestmark = pytest.mark.usefixtures("ygui_home")


def a_session(moves=(0, 5, 9)) -> Session:
    session = Session()
    for cell in moves:
        session.play(Move(cell))
    return session


# ----- saving -----------------------------------------------------------------------------------


def test_saving_over_a_link_writes_its_target(tmp_path):
    real = tmp_path / "games" / "real.ysgf"
    real.parent.mkdir()
    a_session((0,)).save(real)
    link = tmp_path / "link.ysgf"
    link.symlink_to(real)
    a_session((0, 5, 9)).save(link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert len(load_record(real).to_game().moves) == 3


def test_saving_keeps_the_files_mode_and_a_new_file_is_not_private(tmp_path):
    path = tmp_path / "g.ysgf"
    a_session().save(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~_umask()
    path.chmod(0o640)
    a_session((1, 2)).save(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_temporary_files_of_a_killed_save_are_removed(tmp_path):
    path = tmp_path / "g.ysgf"
    dead = tmp_path / ".g.ysgf.999999999.abc123.tmp"  # no process has this number
    mine = tmp_path / f".g.ysgf.{os.getpid()}.def456.tmp"  # a save of this process under way
    other = tmp_path / ".h.ysgf.999999999.abc123.tmp"  # another file's
    users = tmp_path / ".g.ysgf.notes.tmp"  # not of ygui's naming
    for f in (dead, mine, other, users):
        f.write_text("partial")
    a_session().save(path)
    assert not dead.exists() and mine.exists() and other.exists() and users.exists()
    assert remove_stale_temporaries(tmp_path / "h.ysgf") == 1


def test_a_record_the_reader_would_refuse_is_not_written(tmp_path, monkeypatch):
    monkeypatch.setattr("ygui.core.record.MAX_FILE_BYTES", 20_000)  # one limit for both
    session = a_session()
    session.set_comment("x" * 20_010)
    path = tmp_path / "big.ysgf"
    with pytest.raises(RecordError, match="too large to save"):
        session.save(path)
    assert not path.exists() and session.dirty
    session.set_comment("x" * 19_000)
    session.save(path)
    assert load_record(path).to_game().moves  # what is written can be read back


def test_a_file_name_that_is_not_utf8_saves_autosaves_and_reopens(tmp_path):
    name = os.fsdecode(b"partie-\xff.ysgf")
    path = tmp_path / name
    session = a_session()
    session.autosave_file = tmp_path / "auto.ysgf"
    session.save(path)
    session.play(Move(20))
    assert session.autosave_problem is None
    restored = Session()
    restored.recover(load_record(session.autosave_file))
    assert restored.path == path and restored.dirty
    reopened = Session()
    reopened.open(path)
    assert len(reopened.game.moves) == 3


def test_atomic_write_through_a_dangling_link_creates_its_target(tmp_path):
    link = tmp_path / "settings.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    atomic_write_text(link, "{}")
    assert link.is_symlink() and (tmp_path / "elsewhere.json").read_text() == "{}"


# ----- what the window says -------------------------------------------------------------------


def test_the_window_starts_on_a_bad_settings_file_and_says_so(qtbot, answers):
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(
        '{"theme": ["dark"], "show_labels": "no", "recent_files": 5,'
        ' "new_game": {"seed": "x", "size": 1e400, "black": 123, "game": "hexagonal-y"}}'
    )
    window = make_window(qtbot, answers)
    qtbot.waitUntil(lambda: len(answers.informed) == 1)
    assert "back to their defaults" in answers.informed[0]
    assert "new_game.seed" in answers.informed[0]
    dialog = NewGameDialog(dict(window.settings.get("new_game")), window.theme, window)
    dialog.warn = lambda title, text: pytest.fail(text)
    dialog.accept()
    assert dialog.options is not None and dialog.options.game == "hexagonal-y"
    window.remember("theme", "dark")
    assert json.loads(path.read_text())["theme"] == "dark"


def test_a_damaged_settings_file_is_kept_and_the_message_says_where(qtbot, answers):
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text("{damaged")
    make_window(qtbot, answers)
    qtbot.waitUntil(lambda: len(answers.informed) == 1)
    kept = list(path.parent.glob("settings.json.unreadable-*"))
    assert len(kept) == 1 and str(kept[0]) in answers.informed[0]


def test_an_empty_settings_file_is_said_so_and_not_kept_aside(qtbot, answers):
    """Tester 22 emptied the settings file: the message was the reader's "Expecting value:
    line 1 column 1 (char 0)", and a copy of nothing was kept aside."""
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(" \n")
    make_window(qtbot, answers)
    qtbot.waitUntil(lambda: len(answers.informed) == 1)
    assert "settings.json was empty: the settings are their defaults" in answers.informed[0]
    assert not list(path.parent.glob("settings.json.unreadable-*"))


def test_settings_that_cannot_be_written_are_reported(qtbot, answers, tmp_path):
    window = make_window(qtbot, answers)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    window.settings.path = blocker / "settings.json"
    window.set_dark(True)
    assert "could not be saved" in window.statusBar().currentMessage()


def test_a_failed_save_and_a_failed_autosave_are_said_in_words(
    qtbot, answers, tmp_path, monkeypatch
):
    monkeypatch.setattr("ygui.core.record.MAX_FILE_BYTES", 20_000)
    window = make_window(qtbot, answers)
    click_cell(qtbot, window, 0)
    window.session.set_comment("x" * 20_001)
    assert window.save_to(tmp_path / "big.ysgf") is False
    assert "too large to save" in answers.informed[-1]
    blocker = tmp_path / "plain-file"
    blocker.write_text("")
    window.session.set_comment("")
    window.session.autosave_file = blocker / "auto.ysgf"
    click_cell(qtbot, window, 5)
    qtbot.waitUntil(lambda: any("Autosave failed" in t for t in answers.informed))
    said = len(answers.informed)
    click_cell(qtbot, window, 9)  # the next failure goes to the status bar, not a dialog
    qtbot.wait(20)
    assert len(answers.informed) == said
    assert "Autosave failed" in window.statusBar().currentMessage()
    assert len(window.session.game.moves) == 3  # the game is still there


def test_a_game_reopens_where_it_was_left_with_its_players_and_result(tmp_path):
    """A game finished after a move taken back and another played, against the computer:
    the line played is the game's main line (the moves taken back a variation), and the file
    keeps the result, the position viewed and the computer's seat, and opens there again; a
    record from elsewhere opens at its main line's end, with people."""
    from ygui.core.variants import GameOptions
    from ygui.session import Seat

    session = Session()
    options = GameOptions(game="y", size=3, pie=False).validated()
    session.new_game(options, ("Ann", "Bo"), (Seat("Ann"), Seat("Bo", True, 3)))
    g = session.game.geometry
    for label in ("a1", "b2", "c1"):
        assert session.play(Move(g.cell(label))) is None
    session.navigate(2)  # back to White's turn, and another move: a second line
    for label in ("c3", "c2", "c1", "b1"):  # White joins the three sides: b1 b2 c2
        assert session.play(Move(g.cell(label))) is None
    assert session.game.winner is not None and not session.is_on_variation()
    assert len(session.tree.root.children) == 1 and len(session.tree.main_line()[1].children) == 2
    assert session.info().result == session.record().result != ""
    path = tmp_path / "left.ysgf"
    session.save(path)
    record = load_record(path)
    assert record.result.startswith("W+")
    reopened = Session()
    reopened.open(path)
    assert reopened.game.moves == session.game.moves and reopened.game.winner is not None
    assert reopened.seats[1].computer and reopened.seats[1].level == 3
    assert not reopened.seats[0].computer and reopened.info().result == record.result
    assert not reopened.dirty
    # saved again, it keeps no stale situation: the properties are made anew
    reopened.navigate(1)
    reopened.save(path)
    again = Session()
    again.open(path)
    assert len(again.game.moves) == 1
    # a record without ygui's situation: the main line's end, people in both seats
    plain = load_record(path)
    plain.root.extra.pop("YP")
    plain.root.extra.pop("YS")
    save_record(tmp_path / "plain.ysgf", plain)
    other = Session()
    other.open(tmp_path / "plain.ysgf")
    played = ("a1", "b2", "c3", "c2", "c1", "b1")
    assert [m.cell for m in other.game.moves] == [g.cell(c) for c in played]
    assert not any(seat.computer for seat in other.seats)


def test_a_file_written_by_another_window_is_not_replaced_without_a_question(
    qtbot, answers, ygui_home, tmp_path
):
    """Tester 22 opened one file in two windows and saved in both: the second Save replaced
    the first's moves without a word. Saving over a file changed since this window read it
    asks first; No saves under another name."""
    from ygui.core.record import load_record
    from ygui.core.variants import GameOptions

    path = tmp_path / "game1.ysgf"
    first = make_window(qtbot, answers)
    first.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("A", "B"))
    click_cell(qtbot, first, first.game.geometry.cell("c2"))
    assert first.save_to(path)
    second = make_window(qtbot, answers)
    assert second.open_path(path)
    cell = second.game.geometry.cell
    click_cell(qtbot, second, cell("a1"))  # the second window's line
    assert second.save()
    assert not answers.questions  # nobody else had written it
    click_cell(qtbot, first, cell("e1"))  # the first window's, over a file it read before
    elsewhere = tmp_path / "mine.ysgf"
    # Save as then offers another name than the file's (tester 23 was offered it again)
    assert first.suggested_path(".ysgf") == str(tmp_path / "game1-2.ysgf")
    first.choose_save_path = lambda: elsewhere
    answers.yes_no.append(False)
    assert first.save()
    assert "has changed since this window opened or saved it" in answers.questions[-1]
    moves = [n.move.cell for n in load_record(path).main_line()]
    assert moves == [cell("c2"), cell("a1")]  # the second window's work is still there
    assert [n.move.cell for n in load_record(elsewhere).main_line()] == [cell("c2"), cell("e1")]
    # the first window now belongs to its own file; the second saves again without a question
    assert first.session.path == elsewhere
    click_cell(qtbot, second, cell("b1"))
    asked = len(answers.questions)
    assert second.save() and len(answers.questions) == asked
    # and Yes replaces the file
    first.session.path = path
    first.session.disk_stamp = (0, 0)
    answers.yes_no.append(True)
    assert first.save()
    assert [n.move.cell for n in load_record(path).main_line()] == [cell("c2"), cell("e1")]


def test_after_a_swap_the_record_names_who_played_each_colour(tmp_path):
    """PB and PW name the players of Black and White at the main line's end, as other
    programs read them: after a swap the first player plays White (the record named the
    first player Black, and so the winner, when they had resigned as White: tester 24).
    Without ygui's seats the names are read back to their seats the same way."""
    from ygui.core.game import BLACK, WHITE
    from ygui.core.result import RESIGNATION
    from ygui.core.variants import GameOptions
    from ygui.session import SEATS

    session = Session()
    session.new_game(GameOptions(game="y", size=5, pie=True).validated(), ("Ann", "Bo"))
    session.play(Move(7))
    session.play(Move.swap())  # Bo takes Ann's stone: Bo plays Black, Ann White
    assert session.seat_for(BLACK).name == "Bo" and session.game.to_move == WHITE
    assert session.end_game(WHITE, RESIGNATION) is None  # Ann resigns as White
    path = tmp_path / "swapped.ysgf"
    session.save(path)
    record = load_record(path)
    assert (record.black, record.white, record.result) == ("Bo", "Ann", "B+R")
    text = path.read_text(encoding="utf-8")
    assert "PB[Bo]" in text and "PW[Ann]" in text
    for seats in (True, False):  # with ygui's seats, and as from another program
        if not seats:
            text = text.replace(f"{SEATS}[", "XX[")
            path.write_text(text, encoding="utf-8")
        reopened = Session()
        reopened.open(path)
        assert [s.name for s in reopened.seats] == ["Ann", "Bo"]
        assert reopened.seat_for(BLACK, reopened.game).name == "Bo"
    # without a swap, the first player is Black
    plain = Session()
    plain.new_game(GameOptions(game="y", size=5, pie=True).validated(), ("Ann", "Bo"))
    plain.play(Move(7))
    plain.play(Move(3))
    plain.save(path)
    assert (load_record(path).black, load_record(path).white) == ("Ann", "Bo")
