"""Settings: defaults merged in, unknown keys kept, damaged or newer files never lost."""

import json
import os

import pytest

from ygui.autosave import autosave_dir
from ygui.settings import SCHEMA_VERSION, Settings, mended_json


def test_defaults_and_round_trip(tmp_path):
    s = Settings(tmp_path / "settings.json")
    assert s.get("theme") == "light" and s.get("new_game")["game"] == "y"
    s.set("theme", "dark")
    again = Settings(tmp_path / "settings.json")
    assert again.get("theme") == "dark" and again.get("version") == SCHEMA_VERSION


def test_a_users_file_is_merged_not_replaced(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps({"version": 1, "theme": "dark", "my_own": 42, "new_game": {"game": "poly-y"}})
    )
    s = Settings(path)
    assert s.get("theme") == "dark" and s.get("new_game")["game"] == "poly-y"
    assert s.get("new_game")["turns"] == "standard"  # a default merged into a nested section
    s.set("show_labels", True)
    stored = json.loads(path.read_text())
    assert stored["my_own"] == 42 and stored["show_labels"] is True


def test_damaged_file_gives_defaults_and_a_message(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{not json")
    s = Settings(path)
    assert s.get("theme") == "light" and "could not be read" in s.problem


def test_the_slips_of_a_hand_edit_are_mended_not_the_whole_file_dropped(tmp_path):
    """A comma too many, a comma left out and a comment: every setting fell back to its
    default for one stray comma. The file is read mended, said once (with the lines), kept
    aside as it was, and written back as plain JSON with its values and unknown keys."""
    path = tmp_path / "settings.json"
    edited = (
        "// my settings\n"
        "{\n"
        '  "version": 1,\n'
        '  "theme": "dark",\n'
        '  "show_labels": true  # I like them\n'
        '  "recent_files": ["/a.ysgf", "/b.ysgf",],\n'
        '  "someone_elses": {"x": 1,},\n'
        "}\n"
    )
    path.write_text(edited)
    s = Settings(path)
    assert s.get("theme") == "dark" and s.get("show_labels") is True
    assert s.get("recent_files") == ["/a.ysgf", "/b.ysgf"]
    # each on the line of the slip (the reader notices a comma missing at a line's end on
    # the next line: tester 43)
    for said in ("line 1: a comment", "line 5: a comment", "line 5: a missing comma"):
        assert said in s.problem
    assert "line 7: a comma too many" in s.problem and "line 6: a comma too many" in s.problem
    assert "line 8" not in s.problem
    kept = list(tmp_path.glob("settings.json.as-edited-*"))
    assert len(kept) == 1 and kept[0].read_text() == edited and str(kept[0]) in s.problem
    stored = json.loads(path.read_text())
    assert stored["theme"] == "dark" and stored["someone_elses"] == {"x": 1}
    again = Settings(path)
    assert again.problem == "" and again.get("theme") == "dark"


def test_a_doubled_comma_is_mended_and_a_slip_left_is_named_at_its_own_line(tmp_path):
    """Tester 57: a comment (mended) on line 2 and a doubled comma on line 4 lost every
    setting, and the message named line 2. A doubled comma is mended; a slip that cannot be
    is named at its own line, not at the first one mended."""
    path = tmp_path / "settings.json"
    path.write_text('{\n  "theme": "dark", // mine\n  "show_labels": true,,\n  "version": 1\n}')
    s = Settings(path)
    assert s.get("theme") == "dark" and s.get("show_labels") is True
    assert "line 3: a comma too many taken out" in s.problem
    path.write_text('{\n  "theme": "dark", // mine\n  "show_labels": yes\n}')
    s = Settings(path)
    assert s.get("theme") == "light" and "could not be read" in s.problem
    # (in words: "Expecting value" read as jargon, tester 58)
    assert "read: line 3, column 18: a value is missing, or is not one (words" in s.problem
    # (one closing bracket each: "(... (words need double quotes))" read as a slip, tester 68)
    assert "))" not in s.problem


def test_mending_has_its_limits(tmp_path):
    path = tmp_path / "settings.json"
    for text in ('{"theme": dark}', '{"theme": "dark"', "{'theme': 'dark'}", "{,}"):
        path.write_text(text)
        s = Settings(path)
        assert s.get("theme") == "light" and "could not be read" in s.problem, text
    with pytest.raises(ValueError, match="a comma is missing"):
        mended_json("[" + "1 " * 100 + "]")


def test_a_bad_value_is_said_once_and_written_back_as_its_default(tmp_path):
    """Tester 39: a value of the wrong type was said at every start until that very setting
    was changed. It falls back, is said, and the file is mended for the next start; the
    file's other values and keys stay."""
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps(
            {
                "version": SCHEMA_VERSION,
                "theme": 7,
                "show_labels": True,
                "new_game": {"black_level": "hard", "game": "poly-y"},
                "someone_elses": 1,
            }
        )
    )
    first = Settings(path)
    assert "theme (was 7)" in first.problem and 'black_level (was "hard")' in first.problem
    assert first.get("theme") == "light" and first.get("show_labels") is True
    stored = json.loads(path.read_text())
    assert stored["theme"] == "light" and stored["show_labels"] is True
    assert stored["new_game"]["black_level"] == 5 and stored["new_game"]["game"] == "poly-y"
    assert stored["someone_elses"] == 1
    # the file as the user left it, kept aside and named (its values went with no copy,
    # where the README promised one: tester 68)
    (kept,) = tmp_path.glob("settings.json.as-edited-*")
    assert f"the file as it was is kept as {kept}" in first.problem
    assert json.loads(kept.read_text())["theme"] == 7
    assert Settings(path).problem == ""


def test_a_newer_file_is_read_for_the_keys_this_version_knows(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": SCHEMA_VERSION + 1, "theme": "dark", "future": [1]}))
    s = Settings(path)
    assert s.get("theme") == "dark" and "newer" in s.problem
    s.set("theme", "light")
    stored = json.loads(path.read_text())
    assert stored["theme"] == "light" and stored["future"] == [1]
    assert stored["version"] == SCHEMA_VERSION + 1
    assert Settings(path).get("theme") == "light"  # the change is read back at the next start


def test_recent_files_are_unique_and_bounded(tmp_path):
    s = Settings(tmp_path / "settings.json")
    for i in range(15):
        s.add_recent(f"/g/{i}.ysgf")
    s.add_recent("/g/3.ysgf")
    recent = s.get("recent_files")
    assert recent[0] == "/g/3.ysgf" and len(recent) == 10 and len(set(recent)) == 10


def test_folders_follow_ygui_home(tmp_path, monkeypatch):
    monkeypatch.setenv("YGUI_HOME", str(tmp_path))
    assert autosave_dir().is_relative_to(tmp_path)


# ----- files an editor, a sync tool or a newer ygui touched (each starts ygui) ---------------


def _write(path, value):
    path.write_text(value if isinstance(value, str) else json.dumps(value))
    return path


def test_a_wrong_type_falls_back_alone(tmp_path):
    path = _write(
        tmp_path / "settings.json",
        {"version": 1, "theme": ["dark"], "show_labels": "no", "recent_files": 5, "mine": 1},
    )
    s = Settings(path)
    assert s.get("theme") == "light" and s.get("show_labels") is False
    assert s.get("recent_files") == []
    for key in ("theme", "show_labels", "recent_files"):
        assert key in s.problem
    assert s.add_recent("/g/a.ysgf") is None  # saving a game is not broken halfway
    stored = json.loads(path.read_text())
    assert stored["recent_files"] == ["/g/a.ysgf"] and stored["mine"] == 1


def test_bad_new_game_values_fall_back_one_by_one(tmp_path):
    path = _write(
        tmp_path / "settings.json",
        '{"new_game": {"game": "poly-y", "seed": "x", "size": 1e400, "black": 123,'
        ' "handicap": true, "turns": "tabu"}}',
    )
    ng = Settings(path).get("new_game")
    assert ng["game"] == "poly-y" and ng["turns"] == "tabu"  # the good ones are kept
    assert ng["seed"] is None and ng["size"] is None
    assert ng["black"] == "Player 1" and ng["handicap"] == 0


def test_deep_nesting_is_refused_and_the_file_kept_aside(tmp_path):
    path = _write(tmp_path / "settings.json", "[" * 100_000 + "]" * 100_000)
    s = Settings(path)
    assert s.get("theme") == "light" and "nested too deeply" in s.problem
    kept = list(tmp_path.glob("settings.json.unreadable-*"))
    assert len(kept) == 1 and str(kept[0]) in s.problem
    assert s.set("theme", "dark") is None
    assert len(list(tmp_path.glob("settings.json.unreadable-*"))) == 1  # copied once only
    assert kept[0].read_text().startswith("[[[") and Settings(path).get("theme") == "dark"


def test_not_json_object_and_bad_bytes(tmp_path):
    for content in ("[1, 2]", "\ufeff{", "\x00\x01"):
        path = _write(tmp_path / "settings.json", content)
        s = Settings(path)
        assert s.get("theme") == "light" and s.problem
    path.write_bytes(b'{"theme": "\xff"}')
    assert "not UTF-8" in Settings(path).problem


def test_a_large_file_is_not_read_whole(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"x": "' + "a" * 2_000_000 + '"}')
    s = Settings(path)
    assert "larger than" in s.problem and s.get("theme") == "light"


def test_a_link_to_dev_zero_and_a_fifo_do_not_hang(tmp_path):
    link = tmp_path / "a" / "settings.json"
    link.parent.mkdir()
    link.symlink_to("/dev/zero")
    s = Settings(link)
    assert "not a regular file" in s.problem
    assert s.set("theme", "dark") is None  # the link is replaced by a real file
    assert link.is_file() and not link.is_symlink() and Settings(link).get("theme") == "dark"
    fifo = tmp_path / "b" / "settings.json"
    fifo.parent.mkdir()
    os.mkfifo(fifo)
    s = Settings(fifo)
    assert "not a regular file" in s.problem and s.get("theme") == "light"
    assert s.set("show_labels", True) is None and Settings(fifo).get("show_labels") is True


def test_a_linked_settings_file_stays_a_link(tmp_path):
    (tmp_path / "dotfiles").mkdir()
    real = _write(tmp_path / "dotfiles" / "ygui.json", {"theme": "dark"})
    link = tmp_path / "settings.json"
    link.symlink_to(real)
    s = Settings(link)
    assert s.get("theme") == "dark"
    s.set("show_labels", True)
    assert link.is_symlink() and json.loads(real.read_text())["show_labels"] is True


def test_two_windows_merge_their_changes(tmp_path):
    path = tmp_path / "settings.json"
    first, second = Settings(path), Settings(path)
    first.set("theme", "dark")
    second.set("show_labels", True)
    second.add_recent("/g/b.ysgf")
    first.add_recent("/g/a.ysgf")
    again = Settings(path)
    assert again.get("theme") == "dark" and again.get("show_labels") is True
    assert again.get("recent_files")[0] == "/g/a.ysgf"
    # each sees the other's recent files as the file holds them now (another process's Open
    # recent showed its own alone: tester 68)
    assert second.latest_recent() == ["/g/a.ysgf", "/g/b.ysgf"]


def test_a_failed_write_is_reported(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    s = Settings(blocker / "settings.json")  # its folder is a file: nothing can be written
    problem = s.set("theme", "dark")
    assert problem and "could not be saved" in problem
    assert s.get("theme") == "dark"  # the change holds for this session


def test_two_processes_keep_each_others_changes(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "settings.json"
    mine = Settings(path)  # read before the other process writes, as a window open at start
    code = (
        "import sys; from pathlib import Path; from ygui.settings import Settings; "
        "s = Settings(Path(sys.argv[1])); s.set('theme', 'dark'); s.add_recent('/other.ysgf')"
    )
    subprocess.run([sys.executable, "-c", code, str(path)], check=True, timeout=60)
    mine.set("show_labels", True)
    mine.add_recent("/mine.ysgf")
    again = Settings(path)
    assert again.get("theme") == "dark" and again.get("show_labels") is True
    assert again.get("recent_files") == ["/mine.ysgf", "/other.ysgf"]


def test_a_value_the_file_holds_already_is_not_written_again(tmp_path):
    path = tmp_path / "settings.json"
    s = Settings(path)
    s.set("move_numbers", True)
    written = path.stat().st_mtime_ns
    os.utime(path, ns=(written - 10**9, written - 10**9))  # older, so a write would show
    s.set("move_numbers", True)
    assert path.stat().st_mtime_ns == written - 10**9
    other = Settings(path)  # another window turns it off; this one's True is written again
    other.set("move_numbers", False)
    s.set("move_numbers", True)
    assert json.loads(path.read_text())["move_numbers"] is True


def test_a_bad_entry_of_a_table_goes_alone_and_a_bad_game_takes_its_board_along():
    """Tester 22: one bad entry in the sizes dropped every game's size, and a game of "chess"
    came back as Y with Hexagonal Y's size, 7 (Y has no such default)."""
    from ygui.settings import validated

    data, bad = validated(
        {
            "orientations": {"y": [1, True], "chess": [0, False]},
            "new_game": {"game": "y", "sizes": {"hexagonal-y": 7, "y": 999}},
        }
    )
    assert data["orientations"] == {"y": [1, True]} and "orientations" in bad
    assert data["new_game"]["sizes"] == {"hexagonal-y": 7} and "new_game.sizes" in bad
    data, bad = validated({"new_game": {"game": "chess", "size": 7, "corners": 5}})
    assert data["new_game"]["game"] == "y" and "new_game.game" in bad
    assert data["new_game"]["size"] is None and data["new_game"]["corners"] is None
    data, bad = validated({"new_game": {"game": "hexagonal-y", "size": 7}})
    assert data["new_game"]["size"] == 7 and not bad
    # a size the game is not played at: said, and the game's last size instead (Y at 99
    # opened Y 11 without a word, the last size, 7, passed over: tester 57)
    data, bad = validated({"new_game": {"game": "y", "size": 99, "sizes": {"y": 7}}})
    assert data["new_game"]["size"] == 7 and bad == ["new_game.size"]
    data, bad = validated({"new_game": {"game": "poly-y", "size": 99, "corners": 4}})
    assert data["new_game"]["size"] is None and data["new_game"]["corners"] is None
    assert bad == ["new_game.corners", "new_game.size"]
