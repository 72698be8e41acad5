"""Autosaves (no Qt): one file per window, a lock that says the window is alive, and the
orphans a crash leaves behind.

Each window writes its game to ``autosave/<id>.ysgf`` and holds ``<id>.lock`` locked for as long
as it runs, so no other window ever takes a live game for a crashed one. At start, every autosave
whose lock nobody holds is an orphan to offer back. One the user declines is kept in
``autosave/declined/`` for ``KEEP_DAYS`` days; one that cannot be read is kept in
``autosave/unreadable/``; neither ever replaces an earlier copy.
"""

from __future__ import annotations

import os
import re
import shutil
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from ygui.core.record import GameRecord, read_record_bytes
from ygui.settings import data_dir

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: a lock file with the process id instead
    fcntl = None  # type: ignore[assignment]

KEEP_DAYS = 7
MAX_AUTOSAVE_BYTES = 20_000_000
LEGACY_NAME = "current.ysgf"  # the single autosave of ygui before autosaves per window
# the autosave of a game a set-up of a position set aside, beside its window's own (its name's
# stem and this), under the window's lock
ASIDE = "-aside"


def autosave_dir() -> Path:
    return data_dir() / "autosave"


class AutosaveSlot:
    """One window's autosave file and the lock that says its window is alive."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or autosave_dir()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        self.name = f"{stamp}-{os.getpid()}-{uuid.uuid4().hex[:6]}"
        self.path = self.folder / f"{self.name}.ysgf"
        self.lock_path = self.folder / f"{self.name}.lock"
        self._lock: IO[str] | None = None
        self.problem = ""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._lock = open(self.lock_path, "w", encoding="utf-8")  # noqa: SIM115 - held open
            if fcntl is not None:
                fcntl.flock(self._lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            self._lock.write(str(os.getpid()))
            self._lock.flush()
        except OSError as exc:
            self.problem = f"the autosave folder {self.folder} cannot be used ({exc})"

    def release(self) -> None:
        """The window closes normally: its autosaves and its lock go."""
        self.path.unlink(missing_ok=True)
        aside_of(self.path).unlink(missing_ok=True)
        if self._lock is not None:
            self._lock.close()
            self._lock = None
            self.lock_path.unlink(missing_ok=True)


def aside_of(path: Path) -> Path:
    """The autosave beside ``path`` for a game a set-up set aside."""
    return path.with_name(f"{path.stem}{ASIDE}{path.suffix}")


def is_aside(path: Path) -> bool:
    """Whether ``path`` is the autosave of a game a set-up set aside (``aside_of``)."""
    return path.stem.endswith(ASIDE)


def is_alive(lock_path: Path) -> bool:
    """True while the window that owns this lock file runs."""
    if fcntl is None:  # pragma: no cover
        try:
            os.kill(int(lock_path.read_text()), 0)
        except (OSError, ValueError):
            return False
        return True
    try:
        with open(lock_path, encoding="utf-8") as handle:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return True
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
            return False
    except OSError:
        return False


def running_windows(folder: Path | None = None) -> int:
    """How many windows, of every ygui process, run now (each holds its autosave's lock)."""
    folder = folder or autosave_dir()
    try:
        locks = sorted(folder.glob("*.lock"))
    except OSError:
        return 0
    return sum(1 for lock in locks if is_alive(lock))


def orphans(folder: Path | None = None) -> list[Path]:
    """Autosaves no running window owns, oldest first."""
    folder = folder or autosave_dir()
    try:
        candidates = sorted(folder.glob("*.ysgf"))
    except OSError:
        return []
    found = []
    for path in candidates:
        lock = path.with_name(f"{path.stem.removesuffix(ASIDE)}.lock")
        if path.name != LEGACY_NAME and lock.exists() and is_alive(lock):
            continue
        found.append(path)
    return found


@dataclass
class Orphan:
    """An orphaned autosave: its record, or why it cannot be read."""

    path: Path
    record: GameRecord | None
    problem: str
    modified: float


def read_orphan(path: Path) -> Orphan:
    """Read an orphan with bounded effort: a regular file of limited size, fully checked."""
    try:
        info = path.stat()
        modified = info.st_mtime
        if not path.is_file():
            return Orphan(path, None, "it is not a regular file", modified)
        if info.st_size > MAX_AUTOSAVE_BYTES:
            return Orphan(path, None, f"it is too large ({info.st_size} bytes)", modified)
        with open(path, "rb") as handle:
            data = handle.read(MAX_AUTOSAVE_BYTES + 1)
    except OSError as exc:
        return Orphan(path, None, f"it cannot be read ({exc.strerror or exc})", 0.0)
    try:
        return Orphan(path, read_record_bytes(data), "", modified)
    except Exception as exc:  # noqa: BLE001 - whatever a damaged file raises, start goes on
        return Orphan(path, None, str(exc) or type(exc).__name__, modified)


def set_aside(path: Path, kind: str, about: str = "") -> Path:
    """Move an orphan (and its lock) into ``autosave/<kind>/`` under a name no other copy has
    (beginning with ``about`` where given, as ``keep_copy``'s); returns where it went (its old
    place if it could not be moved)."""
    try:
        target = _fresh_name(path, kind, about)
        if target is not None:
            os.replace(path, target)
            path.with_suffix(".lock").unlink(missing_ok=True)
            return target
    except OSError:
        pass
    return path


def keep_copy(path: Path, kind: str, about: str = "") -> Path | None:
    """A copy of a window's autosave in ``autosave/<kind>/`` under a name no other copy has
    (the window goes on with its own), beginning with ``about`` where given (the game and its
    players: copies named by the time alone could not be told apart in the Open dialog,
    tester 85); where it went, or None if it could not be made."""
    try:
        # the same game kept a moment ago is not kept twice: discarded at New, the game stayed
        # as its dialog was cancelled, and discarded again at Quit, it lay there twice (tester
        # 88)
        data = path.read_bytes()
        earlier = sorted(
            (path.parent / kind).glob(f"{_stem(path, about)}-*.ysgf"),
            key=lambda f: f.stat().st_mtime,
        )
        if earlier and earlier[-1].read_bytes() == data:
            return earlier[-1]
        target = _fresh_name(path, kind, about)
        if target is not None:
            shutil.copyfile(path, target)
        return target
    except OSError:
        return None


def safe_stem(text: str) -> str:
    """``text`` in characters any file system takes in a file's name."""
    return re.sub(r"[^\w.-]+", "_", text).strip("._-")


def _stem(path: Path, about: str) -> str:
    """The start of a copy's name: ``about`` as a file name allows it, else the file's own."""
    return safe_stem(about)[:80] or path.stem


def _fresh_name(path: Path, kind: str, about: str = "") -> Path | None:
    """A name in ``autosave/<kind>/`` (made if need be) that no file has yet."""
    target_dir = path.parent / kind
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target_dir.mkdir(parents=True, exist_ok=True)
    stem = _stem(path, about)
    for number in range(1000):
        suffix = f"-{number}" if number else ""
        target = target_dir / f"{stem}-{stamp}{suffix}.ysgf"
        if not target.exists():
            return target
    return None


def discard(path: Path) -> None:
    """A recovered orphan is the window's game now: its file and lock go."""
    path.unlink(missing_ok=True)
    path.with_suffix(".lock").unlink(missing_ok=True)


def purge_declined(folder: Path | None = None, days: float = KEEP_DAYS) -> None:
    """Declined autosaves older than ``days`` go; unreadable ones stay until removed by hand."""
    limit = time.time() - days * 86400
    try:
        for path in ((folder or autosave_dir()) / "declined").glob("*.ysgf"):
            if path.stat().st_mtime < limit:
                path.unlink(missing_ok=True)
    except OSError:
        pass
