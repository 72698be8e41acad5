"""Settings: defaults merged in, unknown keys kept, damaged or newer files never lost."""

import json

from ygui.autosave import autosave_dir
from ygui.settings import SCHEMA_VERSION, Settings


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


def test_a_newer_file_is_left_untouched(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": SCHEMA_VERSION + 1, "theme": "dark"}))
    s = Settings(path)
    s.set("theme", "light")
    assert json.loads(path.read_text())["theme"] == "dark"
    assert "newer" in s.problem


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
