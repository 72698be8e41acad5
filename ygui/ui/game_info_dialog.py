"""GameInfoDialog: the game's information (players, event, date, place, result, a comment on
the whole game), editable at any time and saved with the record (PB, PW, EV, DT, PC, RE, GC)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from ygui.core.limits import MAX_COMMENT_CHARS
from ygui.core.result import parse_result
from ygui.session import GameInfo
from ygui.ui.form import ok_cancel

NAME_CHARS = 200


class GameInfoDialog(QDialog):
    def __init__(
        self,
        info: GameInfo,
        colour_names: tuple[str, str],
        result_from_board: bool,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Game information")
        self._info = info
        form = QFormLayout()
        self.fields: dict[str, QLineEdit] = {}
        for key, label, hint in (
            ("black", f"{colour_names[0]} player", ""),
            ("white", f"{colour_names[1]} player", ""),
            ("event", "Event", "a tournament, a club evening…"),
            ("date", "Date", "YYYY-MM-DD"),
            ("place", "Place", ""),
            ("result", "Result", "B+, W+R (resignation), B+T (on time)…"),
        ):
            edit = QLineEdit(getattr(info, key))
            edit.setMaxLength(NAME_CHARS)
            edit.setPlaceholderText(hint)
            edit.setObjectName(key)
            form.addRow(label, edit)
            self.fields[key] = edit
        # the result in words, under its record notation (a tester read "B+" as a riddle)
        self.result_words = QLabel()
        form.addRow("", self.result_words)
        result = self.fields["result"]
        result.textChanged.connect(lambda text: self._say_result(text, colour_names))
        self._say_result(result.text(), colour_names)
        if result_from_board:
            result.setReadOnly(True)
            result.setToolTip("The board decided this game: its result is the board's.")
        self.game_comment = QPlainTextEdit(info.game_comment)
        self.game_comment.setPlaceholderText("A comment on the whole game")
        form.addRow("Comment", self.game_comment)
        buttons = ok_cancel(self)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.resize(440, self.sizeHint().height())

    def _say_result(self, text: str, colour_names: tuple[str, str]) -> None:
        found = parse_result(text)
        if found is not None:
            self.result_words.setText(found.words(colour_names) + ".")
        else:
            self.result_words.setText(
                "(no result ygui reads: kept as written)" if text.strip() else ""
            )

    def info(self) -> GameInfo:
        """What the dialog holds now."""
        texts = {key: edit.text().strip() for key, edit in self.fields.items()}
        return replace(
            self._info,
            **texts,
            game_comment=self.game_comment.toPlainText()[:MAX_COMMENT_CHARS],
        )
