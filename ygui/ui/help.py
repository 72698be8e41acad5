"""Rules help, the about box and the list of shortcuts."""

from __future__ import annotations

import html
from collections.abc import Iterable

from PySide6.QtCore import QUrl
from PySide6.QtGui import QAction, QKeySequence, QTextDocument
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ygui.core.examples import example_win
from ygui.core.variants import VARIANTS
from ygui.core.wording import win_reason
from ygui.ui.board_scene import BoardScene
from ygui.ui.form import resize_within_screen
from ygui.ui.render import scene_image
from ygui.ui.theme import LIGHT, resource_text

EXAMPLE_WIDTH = 300  # the rules' example's picture, in pixels

AboutText = """<h2>ygui {version}</h2>
<p>Play and study the Y family of connection games.</p>
<p><b>Y</b> was invented by Charles Titus and Craige Schensted. <b>Poly-Y</b> and
<b>Mudcrack Y</b> are from Craige Schensted and Charles Titus, <i>Mudcrack Y &amp; Poly-Y</i>
(Neo Press, 1975). The curved 93-point board is that of Kadon's <i>The Game of Y</i>.</p>
<p><b>Starboard Y</b>, <b>Hexagonal Y</b> and <b>Eccentric Y</b> are designs of
<b>Mark Steere</b>, programmed with his permission as given on his rule sheets: their names and
rules are unchanged. His games are at marksteeregames.com.</p>
<p>ygui is free software, under the MIT License (the LICENSE file that comes with it).</p>"""


def rules_html(topic: str) -> str:
    """The help page for a game name or 'options'; every game page ends with the options."""
    body = resource_text("rules", f"{topic}.html")
    if topic in VARIANTS:
        body += "<hr>" + resource_text("rules", "options.html")
    return body


class RulesDialog(QDialog):
    """The rules of any game of the family (and of the options), chosen from a list: they can
    be read without starting a game."""

    def __init__(self, topic: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.topics = QComboBox()
        for name, variant in VARIANTS.items():
            self.topics.addItem(variant.title, name)
        self.topics.addItem("Pie rule, handicaps and turns", "options")
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.topics.currentIndexChanged.connect(
            lambda _: self.show_topic(self.topics.currentData())
        )
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.topics)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        resize_within_screen(self, 560, 600, 0.9, 0.85)  # (its Close off a small screen: tester 73)
        self.show_topic(topic)
        # the keys to the page (PageDown on the chooser showed another game's rules: tester
        # 65); Shift+Tab reaches the chooser
        self.browser.setFocus()

    def _topic_chosen(self, _index: int) -> None:
        self.show_topic(self.topics.currentData())

    def show_topic(self, topic: str) -> None:
        index = self.topics.findData(topic)
        if index >= 0 and index != self.topics.currentIndex():
            self.topics.setCurrentIndex(index)  # calls back here
            return
        # (titled as the Help menu names the page: "Rules: Options" under "Pie rule, handicaps
        # and turns", tester 42)
        title = VARIANTS[topic].title if topic in VARIANTS else "Pie rule, handicaps and turns"
        self.setWindowTitle(f"Rules: {title}" if topic in VARIANTS else title)
        self.browser.setHtml(self._example(topic) + rules_html(topic))

    def _example(self, topic: str) -> str:
        """A picture of a won position of the game, with the winner's sentence under it (the
        rules were words alone: tester 75); "" where there is none."""
        game = example_win(topic) if topic in VARIANTS else None
        if game is None:
            return ""
        scene = BoardScene(game, LIGHT)
        image = scene_image(scene, EXAMPLE_WIDTH)
        url = QUrl(f"example:{topic}")
        self.browser.document().addResource(QTextDocument.ResourceType.ImageResource, url, image)
        caption = html.escape(f"An example of a won game: {win_reason(game)}")
        return (
            f"<p align='center'><img src='{url.toString()}' width='{EXAMPLE_WIDTH}'><br>"
            f"<i>{caption}</i></p>"
        )


class ShortcutsDialog(QDialog):
    """The keys, in a page that scrolls: as wide as its lines, and as tall as they are or as
    the screen allows (a message box of them stood 775 pixels tall, its OK button below the
    bottom of a screen of 768: tester 21)."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        self.browser = QTextBrowser()
        self.browser.setHtml(text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        document = self.browser.document()
        document.setTextWidth(-1)
        width = int(document.idealWidth()) + 40
        document.setTextWidth(width - 40)
        height = int(document.size().height()) + 90
        resize_within_screen(self, width, height, 0.9, 0.85)
        self.browser.setFocus()  # (PageDown scrolled nothing until Tab was pressed twice)


def shortcuts_text(actions: Iterable[QAction]) -> str:
    """Every action's keys (Redo has two) and what it does, as a table whose descriptions
    wrap in their own column (tab-separated lines wrapped into the keys' column, a tester's
    finding)."""
    rows = [
        f"<tr><td style='padding-right: 14px; white-space: nowrap'>"
        f"{html.escape(', '.join(keys))}</td>"
        f"<td>{html.escape(a.statusTip() or a.text().replace('&', '').rstrip('…'))}</td></tr>"
        for a in actions
        if (keys := _keys(a))
    ]
    return (
        f"<table>{''.join(rows)}</table>"
        "<p>Click a cell to play there; hover to see where a stone would go. Without a "
        "mouse: Tab to the board (or Enter with the keys on it) shows a cursor there; the "
        "arrows move it, Enter or Space plays where it is, and Esc gives the arrows back to "
        "the moves. Or Ctrl+2 puts the keys in the Set up panel's box; type the cells' names "
        "there (<i>d4</i>, or several moves: <i>d4 swap c3</i>) and press Enter; Esc gives the "
        "keys back to the board's shortcuts. C shows the cells' names.</p>"
    )


def _keys(action: QAction) -> list[str]:
    """An action's keys as a person types them: the first, and the other Ctrl ones (a
    standard key brings the platform's others too, Alt+Shift+Backspace or a media key)."""
    native = QKeySequence.SequenceFormat.NativeText
    keys = list(dict.fromkeys(k.toString(native) for k in action.shortcuts()))
    return keys[:1] + [k for k in keys[1:] if k.startswith("Ctrl+")]
