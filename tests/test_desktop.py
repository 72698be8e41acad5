"""``ygui desktop install|uninstall`` and the shipped desktop files."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path

import pytest

from ygui import __version__, desktop

SHIPPED = resources.files("ygui.resources").joinpath("desktop")


def entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def unquote_exec(value: str) -> list[str]:
    """The Exec value as the desktop would run it: the string's escapes first (a doubled
    backslash is one), then the quoting rule (inside double quotes a backslash makes the next
    character literal), then the field code %% (a percent sign)."""
    value = value.replace("\\\\", "\\")
    words: list[str] = []
    word, quoted, escaped, started = "", False, False, False
    for c in value:
        if escaped:
            word, escaped = word + c, False
        elif quoted and c == "\\":
            escaped = True
        elif c == '"':
            quoted, started = not quoted, True
        elif c == " " and not quoted:
            if word or started:
                words.append(word)
            word, started = "", False
        else:
            word += c
    if word or started:
        words.append(word)
    return [w.replace("%%", "%") for w in words]


def test_install_writes_every_file_and_uninstall_removes_them(tmp_path: Path) -> None:
    lines = desktop.install(home=tmp_path, command=["/opt/ygui/ygui"])
    paths = desktop.installed_paths(tmp_path)
    assert all(p.is_file() for p in paths.values())
    assert any("/opt/ygui/ygui" in line for line in lines)
    desktop_file = tmp_path / "applications" / "io.github.ygui.ygui.desktop"
    fields = entry(desktop_file)
    assert fields["Exec"] == "/opt/ygui/ygui %f"
    assert fields["Icon"] == "io.github.ygui.ygui"
    assert "application/x-ygui-game" in fields["MimeType"]
    icon = tmp_path / "icons/hicolor/scalable/apps/io.github.ygui.ygui.svg"
    assert "<svg" in icon.read_text(encoding="utf-8")
    removed = desktop.uninstall(home=tmp_path)
    assert len(removed) == 4
    assert not any(p.exists() for p in paths.values())
    assert desktop.uninstall(home=tmp_path) == ["ygui was not installed in this desktop's menus"]


@pytest.mark.parametrize(
    "command",
    [
        ["/home/ann/my games/ygui"],
        ["/home/bo/100%/ygui"],
        ['/tmp/a"b$c`d\\e/python', "-m", "ygui"],
    ],
)
def test_exec_line_survives_awkward_paths(command: list[str]) -> None:
    line = desktop.exec_line(command)
    assert line.endswith(" %f")
    assert unquote_exec(line[: -len(" %f")]) == command


def test_the_launcher_is_the_running_program(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    script = tmp_path / "ygui"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.setattr(sys, "argv", [str(script), "desktop", "install"])
    assert desktop.launcher() == [str(script)]
    monkeypatch.setattr(sys, "argv", [str(tmp_path / "__main__.py")])
    assert desktop.launcher() == [sys.executable, "-P", "-m", "ygui"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert desktop.launcher() == [sys.executable]


def test_command_line_install_resolves_to_this_python(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "ygui", "desktop", "install"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    fields = entry(tmp_path / "applications" / "io.github.ygui.ygui.desktop")
    command = unquote_exec(fields["Exec"])[:-1]
    assert command == [sys.executable, "-P", "-m", "ygui"]
    version = subprocess.run([*command, "--version"], capture_output=True, text=True, timeout=60)
    assert version.stdout.strip() == f"ygui {__version__}"
    if shutil.which("update-mime-database"):
        # the desktop now knows the record type by its name
        assert "application/x-ygui-game:*.ysgf" in (tmp_path / "mime" / "globs2").read_text()


def test_metainfo_names_every_game_and_the_current_version() -> None:
    root = ET.fromstring(SHIPPED.joinpath("io.github.ygui.ygui.metainfo.xml").read_text("utf-8"))
    assert root.findtext("id") == desktop.APP_ID
    assert root.find("launchable").text == f"{desktop.APP_ID}.desktop"  # type: ignore[union-attr]
    text = " ".join(root.find("description").itertext())  # type: ignore[union-attr]
    for game in ("Y", "Game of Y", "Poly-Y", "Mudcrack Y", "Starboard Y", "Hexagonal Y"):
        assert game in text
    assert "Eccentric Y" in text and "computer" in text
    releases = [r.get("version") for r in root.iter("release")]
    assert releases[0] == __version__
    shots = list(root.iter("screenshot"))
    assert shots, "a software centre shows screenshots"
    root_dir = Path(__file__).resolve().parents[1]
    for shot in shots:
        url = shot.findtext("image") or ""
        name = url.rsplit("/", 1)[-1]
        assert (root_dir / "packaging" / "screenshots" / name).is_file(), url


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="no desktop-file-utils")
def test_desktop_file_validates(tmp_path: Path) -> None:
    desktop.install(home=tmp_path, command=["/opt/ygui/ygui"])
    path = tmp_path / "applications" / "io.github.ygui.ygui.desktop"
    done = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="no appstream")
def test_metainfo_validates() -> None:
    with resources.as_file(SHIPPED.joinpath("io.github.ygui.ygui.metainfo.xml")) as path:
        done = subprocess.run(
            ["appstreamcli", "validate", "--no-net", "--pedantic", str(path)],
            capture_output=True,
            text=True,
        )
    assert done.returncode == 0, done.stdout + done.stderr
