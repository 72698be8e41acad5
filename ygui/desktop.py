"""``ygui desktop install`` and ``ygui desktop uninstall``: ygui in the desktop's menus.

Installs, in the user's own data folder (``$XDG_DATA_HOME``, usually ``~/.local/share``), what a
freedesktop.org desktop (GNOME, KDE, Xfce, ...) looks for:

- ``applications/io.github.ygui.ygui.desktop``: the menu entry, whose ``Exec`` is the program
  that ran the command (a bundle's executable, a virtual environment's ``ygui`` script, or
  ``python -m ygui``), so it resolves whether or not ygui is on the ``PATH``;
- ``icons/hicolor/scalable/apps/io.github.ygui.ygui.svg``: the icon;
- ``mime/packages/io.github.ygui.ygui.xml``: the file type of ygui's records (``*.ysgf``), so a
  file manager opens them with ygui;
- ``metainfo/io.github.ygui.ygui.metainfo.xml``: the description a software centre shows.

Then the desktop's caches are brought up to date with ``update-mime-database`` and
``update-desktop-database`` where those tools are installed. Nothing here imports Qt.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from ygui.core.record import atomic_write_text

APP_ID = "io.github.ygui.ygui"


def data_home() -> Path:
    given = os.environ.get("XDG_DATA_HOME", "")
    # the specification says a relative value is to be ignored
    return Path(given) if os.path.isabs(given) else Path.home() / ".local" / "share"


def installed_paths(home: Path | None = None) -> dict[str, Path]:
    """Where each installed file goes, by the shipped file (``folder/name`` in resources/) it is
    made from."""
    home = home or data_home()
    return {
        f"desktop/{APP_ID}.desktop": home / "applications" / f"{APP_ID}.desktop",
        "icons/ygui.svg": home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg",
        f"desktop/{APP_ID}.mime.xml": home / "mime" / "packages" / f"{APP_ID}.xml",
        f"desktop/{APP_ID}.metainfo.xml": home / "metainfo" / f"{APP_ID}.metainfo.xml",
    }


def launcher() -> list[str]:
    """The command line that starts the ygui that is running now."""
    if getattr(sys, "frozen", False):  # a bundle: its executable is ygui itself
        return [os.path.abspath(sys.executable)]
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.name == "ygui" and os.access(script, os.X_OK):
        return [os.path.abspath(script)]
    return [os.path.abspath(sys.executable), "-P", "-m", "ygui"]  # (-P: engines.py)


# characters that make an Exec argument need quotes (Desktop Entry Specification, "Exec key")
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def exec_line(command: Sequence[str]) -> str:
    """``command`` as the value of an Exec key, followed by ``%f`` (the file to open)."""
    words = []
    for word in command:
        word = word.replace("%", "%%")
        if any(c in _RESERVED for c in word):
            inner = "".join("\\" + c if c in '"`$\\' else c for c in word)
            word = f'"{inner}"'
        # the value is a string first: each backslash is written twice
        words.append(word.replace("\\", "\\\\"))
    return " ".join([*words, "%f"])


def _shipped(path: str) -> str:
    place = resources.files("ygui.resources")
    for part in path.split("/"):  # one name a call: Python 3.11's readers take no more
        place = place.joinpath(part)
    return place.read_text(encoding="utf-8")


def desktop_entry(command: Sequence[str]) -> str:
    lines = []
    for line in _shipped(f"desktop/{APP_ID}.desktop").splitlines():
        if line.startswith("Exec="):
            line = "Exec=" + exec_line(command)
        lines.append(line)
    return "\n".join(lines) + "\n"


def _refresh(home: Path) -> list[str]:
    """Bring the desktop's caches up to date; returns what could not be run."""
    missing = []
    for tool, folder in (
        ("update-mime-database", home / "mime"),
        ("update-desktop-database", home / "applications"),
    ):
        program = shutil.which(tool)
        if program is None:
            missing.append(tool)
            continue
        if folder.is_dir():
            subprocess.run([program, str(folder)], check=False, capture_output=True)
    return missing


def install(home: Path | None = None, command: Sequence[str] | None = None) -> list[str]:
    """Install the four files; returns one line for each thing done, for the user to read."""
    home = home or data_home()
    command = list(command or launcher())
    paths = installed_paths(home)
    done = []
    for name, target in paths.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        text = desktop_entry(command) if name.endswith(".desktop") else _shipped(name)
        atomic_write_text(target, text)
        done.append(f"wrote {target}")
    for tool in _refresh(home):
        done.append(f"({tool} is not installed: the desktop picks the changes up at next login)")
    done.append(f"the menu entry starts: {' '.join(command)}")
    return done


def uninstall(home: Path | None = None) -> list[str]:
    home = home or data_home()
    done = []
    for target in installed_paths(home).values():
        if target.exists() or target.is_symlink():
            target.unlink()
            done.append(f"removed {target}")
    if not done:
        done.append("ygui was not installed in this desktop's menus")
    _refresh(home)
    return done


def main(action: str) -> int:
    try:
        lines = install() if action == "install" else uninstall()
    except OSError as exc:
        print(f"ygui: could not {action} the desktop files: {exc}", file=sys.stderr)
        return 2
    for line in lines:
        print(line)
    return 0
