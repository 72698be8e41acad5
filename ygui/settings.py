"""User settings and folders (no Qt): JSON under platformdirs, with a schema version.

A user's file is never overwritten wholesale: the stored values are read, defaults are merged
in for keys it lacks, old versions are migrated forward, and unknown keys are kept.
``YGUI_HOME`` (used by the tests) puts every folder below one directory.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from platformdirs import user_cache_dir, user_config_dir, user_data_dir

from ygui.core.record import atomic_write_text

SCHEMA_VERSION = 1
MAX_RECENT = 10

DEFAULTS: dict[str, Any] = {
    "version": SCHEMA_VERSION,
    "theme": "light",
    "show_labels": False,
    "recent_files": [],
    "new_game": {
        "game": "y",
        "size": None,
        "corners": None,
        "seed": None,
        "pie": None,
        "turns": "standard",
        "handicap": 0,
        "black": "Player 1",
        "white": "Player 2",
        "black_player": "human",
        "white_player": "human",
        "black_level": 5,
        "white_level": 5,
    },
    "window": {},
}


def _base(kind: str) -> Path:
    home = os.environ.get("YGUI_HOME")
    if home:
        return Path(home) / kind
    finder = {"config": user_config_dir, "data": user_data_dir, "cache": user_cache_dir}[kind]
    return Path(finder("ygui", appauthor=False))


def config_dir() -> Path:
    return _base("config")


def data_dir() -> Path:
    return _base("data")


def cache_dir() -> Path:
    return _base("cache")


def _merge(defaults: dict[str, Any], stored: dict[str, Any]) -> dict[str, Any]:
    merged = dict(stored)
    for key, value in defaults.items():
        if key not in merged:
            merged[key] = value
        elif isinstance(value, dict) and isinstance(merged[key], dict):
            merged[key] = _merge(value, merged[key])
    return merged


def _migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older settings file forward. Version 1 is the first."""
    data["version"] = SCHEMA_VERSION
    return data


class Settings:
    """The settings file, read once, written back atomically on every change."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or config_dir() / "settings.json"
        self.problem = ""
        self.data = _merge(json.loads(json.dumps(DEFAULTS)), self._read())

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            self.problem = f"the settings file {self.path} could not be read ({exc}); defaults used"
            return {}
        if not isinstance(data, dict):
            self.problem = f"the settings file {self.path} is not a JSON object; defaults used"
            return {}
        version = data.get("version", 0)
        if isinstance(version, int) and version > SCHEMA_VERSION:
            self.problem = f"the settings file {self.path} is from a newer ygui; left untouched"
            self.path = self.path.with_name("settings.v1.json")
            return {}
        return _migrate(data)

    def get(self, key: str) -> Any:
        return self.data[key]

    def set(self, key: str, value: Any) -> None:
        self.data[key] = value
        self.save()

    def save(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.path, json.dumps(self.data, indent=2, sort_keys=True) + "\n")
        except OSError as exc:
            self.problem = f"settings could not be saved: {exc}"

    def add_recent(self, path: str) -> None:
        recent = [p for p in self.data.get("recent_files", []) if p != path]
        self.set("recent_files", [path, *recent][:MAX_RECENT])
