"""Colours of the board and the window, light and dark."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path

from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import QApplication


@dataclass(frozen=True)
class Theme:
    name: str
    background: str
    board: str
    board_edge: str
    cell_line: str
    line: str
    point: str
    label: str
    neutral_side: str
    long_side: str
    short_side: str
    green_side: str
    black_side: str
    win: str
    last_move: str
    refused: str

    def colour(self, field: str) -> QColor:
        return QColor(getattr(self, field))


LIGHT = Theme(
    name="light",
    background="#efe9dc",
    board="#e8c27a",
    board_edge="#9c6b30",
    cell_line="#8a6330",
    line="#6b4a22",
    point="#5a3d1a",
    label="#6b4a22",
    neutral_side="#7a4e1e",
    long_side="#2456a6",
    short_side="#e0892b",
    green_side="#2f9e55",
    black_side="#1d1d1d",
    win="#ffd21f",
    last_move="#e23b3b",
    refused="#b3261e",
)

DARK = Theme(
    name="dark",
    background="#1f2126",
    board="#6f5836",
    board_edge="#3b2c17",
    cell_line="#2b2114",
    line="#c8b58f",
    point="#d9c79f",
    label="#e6d8b8",
    neutral_side="#c49a5c",
    long_side="#5b8fe0",
    short_side="#f0a04b",
    green_side="#45c070",
    black_side="#0a0a0a",
    win="#ffdf4d",
    last_move="#ff6b5e",
    refused="#ff8a80",
)

THEMES = {t.name: t for t in (LIGHT, DARK)}

STONE_COLOURS = {
    "Black": ("#4a4a4a", "#050505"),
    "White": ("#ffffff", "#c9c9c9"),
    "Red": ("#f26b5b", "#a3140a"),
    "Blue": ("#6aa7f5", "#15489e"),
}


def ink_on(stone: str) -> str:
    """A text colour that reads on a stone of this colour name (dark ink on light stones)."""
    light, dark = (QColor(c) for c in STONE_COLOURS[stone])
    luminance = (light.lightnessF() + dark.lightnessF()) / 2
    return "#141414" if luminance > 0.55 else "#f4f4f4"


def mark_on(stone: str) -> str | None:
    """The last-move mark's colour on a stone: white on the coloured stones, where the theme's
    red would not show; None for the theme's own."""
    return "#ffffff" if stone in ("Red", "Blue") else None


# the dark theme's palette (Fusion's roles)
DARK_ROLES = {
    QPalette.ColorRole.Window: "#2a2d33",
    QPalette.ColorRole.WindowText: "#e8e8e8",
    QPalette.ColorRole.Base: "#1f2126",
    QPalette.ColorRole.AlternateBase: "#2f3238",
    QPalette.ColorRole.Text: "#e8e8e8",
    QPalette.ColorRole.Button: "#33363d",
    QPalette.ColorRole.ButtonText: "#e8e8e8",
    QPalette.ColorRole.Highlight: "#4f7fd1",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.ToolTipBase: "#33363d",
    QPalette.ColorRole.ToolTipText: "#e8e8e8",
    QPalette.ColorRole.PlaceholderText: "#9a9a9a",
}


def apply_palette(app: QApplication, theme: Theme) -> None:
    """Fusion with a palette to match the theme."""
    app.setStyle("Fusion")
    palette = QPalette()
    if theme.name == "dark":
        for role, colour in DARK_ROLES.items():
            palette.setColor(role, QColor(colour))
        palette.setColor(
            QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText, QColor("#777777")
        )
        palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text, QColor("#777777"))
        palette.setColor(
            QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText, QColor("#777777")
        )
    else:
        palette = app.style().standardPalette()
    app.setPalette(palette)
    app.setStyleSheet(PANEL_TABS + (dark_indicators() if theme.name == "dark" else ""))


# the tabs of the panels tabbed together, with less room round their names: five of them, as
# Qt pads them, wanted more than the panels' width and every name was cut ("Sol…", "Set …")
PANEL_TABS = "QMainWindow > QTabBar::tab { padding: 3px 5px; }\n"


def dark_indicators() -> str:
    """Check boxes and radio buttons drawn to be seen on the dark theme: Fusion draws their
    boxes in the text fields' colour with an outline darker than the window's, so on the dark
    panels an unchecked box was all but invisible (a tester's find). A light outline, and the
    highlight's colour with a white tick (or a light dot) when chosen."""
    tick = Path(str(_resource("icons", "check.svg")))
    close = Path(str(_resource("icons", "dock-close.svg")))
    float_ = Path(str(_resource("icons", "dock-float.svg")))
    base = DARK_ROLES[QPalette.ColorRole.Base]
    light = DARK_ROLES[QPalette.ColorRole.Text]
    chosen = DARK_ROLES[QPalette.ColorRole.Highlight]
    return (
        "QCheckBox::indicator, QRadioButton::indicator {"
        f" width: 12px; height: 12px; border: 1px solid #a3a9b3; background: {base}; }}"
        " QCheckBox::indicator { border-radius: 2px; }"
        " QRadioButton::indicator { border-radius: 7px; }"
        " QCheckBox::indicator:checked {"
        f" background: {chosen}; border-color: {chosen}; image: url({tick.as_posix()}); }}"
        " QRadioButton::indicator:checked { background: qradialgradient(cx:0.5, cy:0.5,"
        f" radius:0.5, fx:0.5, fy:0.5, stop:0 {light}, stop:0.42 {light}, stop:0.5 {chosen},"
        f" stop:1 {chosen}); border-color: {chosen}; }}"
        " QCheckBox::indicator:disabled, QRadioButton::indicator:disabled {"
        " border-color: #5d626b; }"
        # the panels' float and close buttons, light (Fusion's dark grey ones could hardly be
        # seen on the dark title bars: tester 7)
        f" QDockWidget {{ titlebar-close-icon: url({close.as_posix()});"
        f" titlebar-normal-icon: url({float_.as_posix()}); }}"
        # the tabs of panels tabbed together: the style sheet's plain tabs had white outlines
        # on the dark window (tester 7)
        " QMainWindow > QTabBar::tab { border: 1px solid #4a4e57; border-top: none;"
        f" background: {DARK_ROLES[QPalette.ColorRole.Window]}; color: #b8bcc4; }}"
        " QMainWindow > QTabBar::tab:selected {"
        f" background: {DARK_ROLES[QPalette.ColorRole.Button]}; color: {light};"
        f" border-bottom: 2px solid {chosen}; }}"
        # the menus' ticked items (Analyse this position, Dark theme): Fusion drew neither box
        # nor tick to be seen on the dark menus (a tester's find). Styling their indicator has
        # Qt draw the whole menu from the style sheet, so all of it is said here.
        f" QMenu {{ background: {DARK_ROLES[QPalette.ColorRole.Window]};"
        " border: 1px solid #4a4e57; padding: 3px 0px; }"
        " QMenu::item { padding: 4px 22px 4px 30px; background: transparent; }"
        f" QMenu::item:selected {{ background: {chosen}; color: #ffffff; }}"
        " QMenu::item:disabled { color: #777777; }"
        " QMenu::separator { height: 1px; background: #4a4e57; margin: 4px 8px; }"
        " QMenu::indicator { width: 12px; height: 12px; left: 9px; }"
        f" QMenu::indicator:non-exclusive {{ border: 1px solid #a3a9b3; border-radius: 2px;"
        f" background: {base}; }}"
        " QMenu::indicator:non-exclusive:checked {"
        f" background: {chosen}; border-color: {chosen}; image: url({tick.as_posix()}); }}"
        " QMenu::indicator:exclusive {"
        f" border: 1px solid #a3a9b3; border-radius: 7px; background: {base}; }}"
        " QMenu::indicator:exclusive:checked { background: qradialgradient(cx:0.5, cy:0.5,"
        f" radius:0.5, fx:0.5, fy:0.5, stop:0 {light}, stop:0.42 {light}, stop:0.5 {chosen},"
        f" stop:1 {chosen}); border-color: {chosen}; }}"
    )


def _resource(*parts: str) -> Traversable:
    """A file shipped in resources/ (found in a checkout and in an installed wheel)."""
    from importlib.resources import files

    place = files("ygui.resources")
    for part in parts:  # one name a call: Python 3.11's readers take no more
        place = place.joinpath(part)
    return place


def resource_text(*parts: str) -> str:
    """A text file shipped in resources/."""
    return _resource(*parts).read_text(encoding="utf-8")


def resource_icon() -> QIcon:
    from importlib.resources import as_file

    with as_file(_resource("icons", "ygui.svg")) as path:
        return QIcon(str(path))
