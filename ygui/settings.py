"""User settings and folders (no Qt): JSON under platformdirs, read through one typed schema.

Every key has a type and a range; a stored value that fails its check falls back to the default
alone, and the rest is kept. The file is read with bounds (a regular file of limited size, any
nesting depth refused without a crash); one that cannot be read is copied aside before anything
is written, and ``problem`` says where. A change is written key by key over what the file holds
at that moment, so two windows merge their changes instead of the last writer erasing the
other's, and unknown keys (a newer ygui's) are kept. ``YGUI_HOME`` (used by the tests) puts
every folder below one directory.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from platformdirs import user_cache_dir, user_config_dir, user_data_dir, user_log_dir

from ygui.core.jsonwords import slip_words
from ygui.core.limits import MAX_SETTINGS_BYTES
from ygui.core.record import atomic_write_text
from ygui.core.study import REVIEW_PLAYOUTS, REVIEW_RANGE
from ygui.core.variants import CORNER_COUNTS, MAX_HANDICAP, TURN_STRUCTURES, VARIANTS
from ygui.engines import MAX_NAME as MAX_ENGINE_NAME
from ygui.engines import is_engine_list

SCHEMA_VERSION = 1
MAX_RECENT = 10
MAX_NAME = 100

Check = Callable[[Any], bool]


def _int_in(low: int, high: int) -> Check:
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def _optional(check: Check) -> Check:
    return lambda v: v is None or check(v)


def _one_of(*values: object) -> Check:
    return lambda v: isinstance(v, str) and v in values


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _is_name(v: Any) -> bool:
    return isinstance(v, str) and len(v) <= MAX_NAME


def _is_player(v: Any) -> bool:
    """human, computer (the built-in one) or engine:NAME (an attached engine)."""
    if not isinstance(v, str):
        return False
    return v in ("human", "computer") or (
        v.startswith("engine:") and 0 < len(v) - 7 <= MAX_ENGINE_NAME
    )


def _is_paths(v: Any) -> bool:
    return (
        isinstance(v, list)
        and len(v) <= MAX_RECENT
        and all(isinstance(p, str) and 0 < len(p) <= 4096 for p in v)
    )


def _size_entry(k: Any, s: Any) -> bool:
    number = isinstance(s, int) and not isinstance(s, bool)
    return k in VARIANTS and number and s in VARIANTS[k].sizes


def _orientation_entry(k: Any, o: Any) -> bool:
    """game name -> [turns, mirrored]: how the user turned each game's board."""
    return (
        k in VARIANTS
        and isinstance(o, list)
        and len(o) == 2
        and isinstance(o[0], int)
        and not isinstance(o[0], bool)
        and 0 <= o[0] < 12
        and isinstance(o[1], bool)
    )


class _Table:
    """The check of a table of one entry a game, entry by entry: ``_checked`` keeps its good
    entries where some are bad (one bad size lost every game's: tester 22)."""

    def __init__(self, entry: Callable[[Any, Any], bool]) -> None:
        self.entry = entry

    def __call__(self, v: Any) -> bool:
        return isinstance(v, dict) and all(self.entry(k, e) for k, e in v.items())


# the paces of a game of computers alone the Play menu offers (seconds a move at least)
PACES = (0, 1, 3)

# key -> (default, check); a nested section is a dict of the same
NEW_GAME: dict[str, tuple[Any, Check]] = {
    "game": ("y", _one_of(*VARIANTS)),
    "size": (None, _optional(_int_in(1, 1000))),
    "corners": (None, _optional(lambda v: _int_in(3, 9)(v) and v in CORNER_COUNTS)),
    "seed": (None, _optional(_int_in(0, 2_000_000_000))),
    "pie": (None, _optional(_is_bool)),
    "turns": ("standard", _one_of(*TURN_STRUCTURES)),
    "handicap": (0, _int_in(0, MAX_HANDICAP)),
    "black": ("Player 1", _is_name),
    "white": ("Player 2", _is_name),
    "black_player": ("human", _is_player),
    "white_player": ("human", _is_player),
    "black_level": (5, _int_in(1, 10)),
    "white_level": (5, _int_in(1, 10)),
    "clocks": (False, _is_bool),
    "clock_minutes": (10, _int_in(1, 1440)),
    "clock_increment": (0, _int_in(0, 3600)),
    # the size last chosen for each game: choosing a game again in the dialog brings it back
    "sizes": ({}, _Table(_size_entry)),
}


SCHEMA: dict[str, tuple[Any, Check]] = {
    "version": (SCHEMA_VERSION, _int_in(0, 1_000_000)),
    "theme": ("light", _one_of("light", "dark")),
    "show_labels": (False, _is_bool),
    "move_numbers": (False, _is_bool),
    "computer_resigns": (True, _is_bool),  # the computer resigns a game it has proved lost
    # a game of computers alone: the least seconds between their moves, to watch it
    "computer_pace": (PACES[1], lambda v: v in PACES and not isinstance(v, bool)),
    # what the analysis shows on the board (they were off again at each start: tester 41)
    "heat_map": (False, _is_bool),
    "best_line": (False, _is_bool),
    "candidates": (False, _is_bool),
    "orientations": ({}, _Table(_orientation_entry)),
    "recent_files": ([], _is_paths),
    "window": ({}, lambda v: isinstance(v, dict)),
    "engines": ([], is_engine_list),  # attached GTP engines (EngineSpec.to_json each)
    "match": ({}, lambda v: isinstance(v, dict)),  # the match dialog's last choices
    "figure": ({}, lambda v: isinstance(v, dict)),  # the figure dialog's last choices
    "review_playouts": (REVIEW_PLAYOUTS, _int_in(*REVIEW_RANGE)),  # the review's effort
}
DEFAULTS: dict[str, Any] = {
    **{k: d for k, (d, _) in SCHEMA.items()},
    "new_game": {k: d for k, (d, _) in NEW_GAME.items()},
}


def _base(kind: str) -> Path:
    home = os.environ.get("YGUI_HOME")
    if home:
        return Path(home) / kind
    finder = {
        "config": user_config_dir,
        "data": user_data_dir,
        "cache": user_cache_dir,
        "log": user_log_dir,
    }[kind]
    return Path(finder("ygui", appauthor=False))


def config_dir() -> Path:
    return _base("config")


def data_dir() -> Path:
    return _base("data")


def _empty(path: Path) -> bool:
    """Whether a regular file holds nothing but white space (False if it cannot be read; a
    FIFO or a device is not opened)."""
    try:
        return path.is_file() and path.stat().st_size <= 4096 and not path.read_bytes().strip()
    except OSError:
        return False


def cache_dir() -> Path:
    return _base("cache")


def log_dir() -> Path:
    return _base("log")


def _checked(stored: dict[str, Any], schema: dict[str, tuple[Any, Check]]) -> list[str]:
    """Replace each value that fails its check by its default; returns the keys replaced."""
    bad = []
    for key, (default, check) in schema.items():
        value = stored.get(key)
        if isinstance(check, _Table) and isinstance(value, dict) and not check(value):
            stored[key] = {k: e for k, e in value.items() if check.entry(k, e)}
            bad.append(key)
            continue
        if key in stored and not check(stored[key]):
            bad.append(key)
        if key not in stored or not check(stored[key]):
            stored[key] = json.loads(json.dumps(default))
    return bad


def validated(stored: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """``stored`` with every known key checked and defaults filled in; unknown keys kept."""
    data = dict(stored)
    bad = _checked(data, SCHEMA)
    section = data.get("new_game")
    if not isinstance(section, dict):
        if "new_game" in data:
            bad.append("new_game")
        section = {}
    section = dict(section)
    wrong = _checked(section, NEW_GAME)
    if "game" in wrong:
        # the board's choices were another game's (a game of "chess" came back as Y with
        # Hexagonal Y's size, 7: tester 22)
        for key in ("size", "corners", "seed"):
            section[key] = None
    elif section["size"] is not None and section["size"] not in VARIANTS[section["game"]].sizes:
        # a size the game is not played at (Y at 99): the game's last size instead, which
        # the board fell back past to the game's default without a word (tester 57)
        wrong.append("size")
        section["size"] = section["sizes"].get(section["game"])
    bad += [f"new_game.{k}" for k in wrong]
    data["new_game"] = section
    return data, bad


def read_bounded_json(path: Path, limit: int = MAX_SETTINGS_BYTES) -> tuple[Any, list[str]]:
    """A JSON file read with bounds: a regular file of at most ``limit`` bytes; OSError or
    ValueError (with a reason) otherwise, never a hang or a crash on deep nesting. The slips
    a hand edit leaves are mended (``mended_json``); the second value says which."""
    if not path.is_file():
        raise ValueError("it is not a regular file")
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"it is larger than {limit} bytes")
    try:
        return mended_json(data.decode("utf-8"))
    except RecursionError:
        raise ValueError("it is nested too deeply") from None
    except UnicodeDecodeError:
        raise ValueError("it is not UTF-8 text") from None


MAX_MENDS = 20


def mended_json(text: str) -> tuple[Any, list[str]]:
    """``text`` read as JSON, with the slips of a hand edit mended: a comma too many before
    a closing brace or bracket, a comma left out between two entries, a comment (``//`` or
    ``#`` to the end of the line). Returns the value and what was mended, by line (a stray
    comma had every setting fall back to its default: a settings file an editor touched).
    ValueError, with the reader's first complaint, when it cannot be read even so."""
    mends: list[str] = []
    first: json.JSONDecodeError | None = None
    for _ in range(MAX_MENDS + 1):
        try:
            return json.loads(text), mends
        except json.JSONDecodeError as exc:
            first = first or exc
            pos = exc.pos
            before = text[:pos].rstrip()
            # (the line of the slip itself: the reader names the one where it noticed it,
            # the next one for a comma at a line's end, tester 43)
            where = f"line {text.count(chr(10), 0, len(before)) + 1}"
            if text.startswith(("//", "#"), pos):
                end = text.find("\n", pos)
                text = text[:pos] + (text[end:] if end >= 0 else "")
                mends.append(f"line {exc.lineno}: a comment taken out")
            elif exc.msg == "Expecting ',' delimiter" and text[pos : pos + 1] in ('"', "{", "["):
                text = before + "," + text[len(before) :]
                mends.append(f"{where}: a missing comma added")
            elif text[pos : pos + 1] in ("}", "]", ",") and before.endswith(","):
                # (before a closing brace, or doubled: "7,," lost every setting, tester 57)
                text = before[:-1] + text[len(before) :]
                mends.append(f"{where}: a comma too many taken out")
            else:
                # the slip that could not be mended, at its own line (the lines stay where
                # they were: a mend adds or takes none): the first complaint named a comment
                # mended already, tester 57
                where = f"line {exc.lineno}, column {exc.colno}"
                raise ValueError(f"{where}: {_json_words(exc.msg)}") from None
    assert first is not None
    raise ValueError(
        f"more than {MAX_MENDS} slips; the first at line {first.lineno}: {_json_words(first.msg)}"
    )


# the JSON reader's complaints in words (its "Expecting value" read as jargon: tester 58)
def _json_words(message: str) -> str:
    return slip_words(message, "a setting's name", "the settings")


def _shown(stored: dict[str, Any], name: str) -> str:
    """The value a dotted setting's name had in the file, short."""
    value: Any = stored
    for part in name.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Settings:
    """The settings file, read once and validated; each change written key by key."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or config_dir() / "settings.json"
        self.problem = ""
        self._mends: list[str] = []  # the slips of a hand edit mended at start
        stored = self._read()
        if self._mends and stored is not None:
            self._write_mended(stored)
        self.data, bad = validated(stored if stored is not None else {})
        if bad and (not self.problem or self._mends):
            # each with the value it had (the key alone named no fault: tester 43)
            said = f"settings in {self.path} were not valid and are back to their defaults: " + (
                ", ".join(f"{name} (was {_shown(stored or {}, name)})" for name in bad)
            )
            # the file as the user left it kept aside first, as for a mended slip (the values
            # were gone, with no copy, where the README promised one: tester 68)
            if not self._mends and (kept := self._copy_aside("as-edited")) is not None:
                said += f"; the file as it was is kept as {kept}"
            self.problem = f"{self.problem}\n\nSome {said}" if self.problem else f"some {said}"
            # and written so, for the next start (the message came back at every start until
            # that very setting was changed: tester 39); a newer ygui's file is left alone
            for key in dict.fromkeys(name.split(".")[0] for name in bad):
                if key in self.data and self._write(key, self.data[key]) is not None:
                    break

    def _read(self, at_start: bool = True) -> dict[str, Any] | None:
        """What the file holds now; None if it cannot be read. At start, ``problem`` says why
        and a regular file is copied aside (once: a later read only finds it still bad)."""
        try:
            data, mends = read_bounded_json(self.path)
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            if not self.path.exists() and not self.path.is_symlink():
                return {}
            if _empty(self.path):
                # nothing in it to keep aside (a copy of nothing was kept, and the message was
                # the reader's "Expecting value: line 1 column 1": tester 22)
                if at_start:
                    self.problem = f"{self.path} was empty: the settings are their defaults"
                return {}
            self._unreadable(f"could not be read: {exc}", at_start)
            return None
        if not isinstance(data, dict):
            self._unreadable("is not a JSON object", at_start)
            return None
        if mends and at_start:
            self._mends = mends
        version = data.get("version", 0)
        if at_start and isinstance(version, int) and version > SCHEMA_VERSION:
            self.problem = (
                f"the settings file {self.path} is from a newer ygui: the settings this "
                "version knows are used, and the others are kept"
            )
        return data

    def _write_mended(self, stored: dict[str, Any]) -> None:
        """The file as it was read, slips mended, written back as plain JSON (its values and
        unknown keys as they were), the file as the user left it kept aside; said once."""
        kept = self._copy_aside("as-edited")
        self.problem = (
            # ("had slips a hand edit leaves, and was read with them mended" read oddly:
            # tester 81)
            f"the settings file {self.path} had small slips, of the kind hand edits leave; "
            f"they were mended as it was read ({'; '.join(self._mends)})"
            + (f"; the file as it was is kept as {kept}" if kept else "")
        )
        try:
            atomic_write_text(self.path, json.dumps(stored, indent=2, sort_keys=True) + "\n")
        except (OSError, ValueError) as exc:
            self.problem += f"; it could not be written mended: {exc}"

    def _unreadable(self, why: str, at_start: bool) -> None:
        """At start: say why the file is not used, and keep a copy of it."""
        if at_start:
            kept = self._copy_aside()
            self.problem = f"the settings file {self.path} {why}; defaults are used" + (
                f", and the file is kept as {kept}" if kept else ""
            )

    def _copy_aside(self, why: str = "unreadable") -> Path | None:
        if not self.path.is_file():
            return None  # a FIFO, a device or a dangling link: nothing to keep, never read
        target = self.path.with_name(f"{self.path.name}.{why}-{time.strftime('%Y%m%d%H%M%S')}")
        try:
            shutil.copyfile(self.path, target)
        except OSError:
            return None
        return target

    def get(self, key: str) -> Any:
        return self.data[key]

    def set(self, key: str, value: Any) -> str | None:
        """Change one setting and write it over what the file holds now (another window's
        changes stay). Returns what went wrong, or None."""
        self.data[key] = value
        return self._write(key, value)

    def _write(self, key: str, value: Any) -> str | None:
        latest = self._read(at_start=False)
        if (
            latest is not None
            and key in latest
            and latest[key] == value
            and isinstance(latest.get("version"), int)
        ):
            return None  # the file holds it already (the View toggles restored at start)
        merged = dict(latest) if latest is not None else dict(self.data)
        merged[key] = value
        if "version" not in merged or not isinstance(merged["version"], int):
            merged["version"] = SCHEMA_VERSION
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.path, json.dumps(merged, indent=2, sort_keys=True) + "\n")
        except (OSError, ValueError) as exc:
            return f"settings could not be saved: {exc}"
        return None

    def save(self) -> str | None:
        """Write every setting this version knows (over the file's other keys)."""
        for key in (*SCHEMA, "new_game"):
            problem = self._write(key, self.data[key])
            if problem:
                return problem
        return None

    def latest_recent(self) -> list[str]:
        """The recent files as the file holds them now: another window's (another process's)
        additions too (its Open recent showed its own alone: tester 68)."""
        latest = self._read(at_start=False) or {}
        stored = latest.get("recent_files")
        if isinstance(stored, list) and _is_paths(stored):
            self.data["recent_files"] = list(stored)[:MAX_RECENT]
        return list(self.data["recent_files"])

    def add_recent(self, path: str) -> str | None:
        """Put ``path`` first in the recent files, as the file holds them now (another
        window's additions stay)."""
        recent = [p for p in self.latest_recent() if p != path]
        return self.set("recent_files", [path, *recent][:MAX_RECENT])
