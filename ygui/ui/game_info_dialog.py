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
from ygui.ui.form import ok_cancel, resize_within_screen

NAME_CHARS = 200


class GameInfoDialog(QDialog):
    def __init__(
        self,
        info: GameInfo,
        colour_names: tuple[str, str],
        result_from_board: bool,
        parent: QWidget | None = None,
        swapped: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Game information")
        self._info = info
        # the game's second player swapped (the pie rule): the players are named as they
        # began, and hold the other colours at the end (the dialog said "Black player:
        # Tester" and "Black wins" for a game the computer won with Black after its swap, a
        # tester's finding)
        self.swapped = swapped
        first, second = colour_names
        players = (
            (f"First player ({first} before the swap)", f"Second player ({second} before it)")
            if swapped
            else (f"{first} player", f"{second} player")
        )
        form = QFormLayout()
        self.fields: dict[str, QLineEdit] = {}
        # the record's notation names the colours B and W, whatever the game calls them (in a
        # game of Red and Blue, B read as Blue, who moves second: tester 21)
        result_hint = "B+, W+R (resignation), B+T (on time)…"
        if (first, second) != ("Black", "White"):
            result_hint = f"B+ ({first} wins), W+R ({second}, by resignation), B+T (on time)…"
        for key, label, hint in (
            ("black", players[0], ""),
            ("white", players[1], ""),
            ("event", "Event", "a tournament, a club evening…"),
            ("date", "Date", "YYYY-MM-DD"),
            ("place", "Place", ""),
            ("result", "Result", result_hint),
        ):
            edit = QLineEdit(getattr(info, key))
            edit.setMaxLength(NAME_CHARS)
            edit.setPlaceholderText(hint)
            edit.setObjectName(key)
            form.addRow(label, edit)
            self.fields[key] = edit
        # the result in words, under its record notation (a tester read "B+" as a riddle)
        self.result_words = QLabel()
        self.result_words.setWordWrap(True)
        form.addRow("", self.result_words)
        self.swap_note = QLabel()
        self.swap_note.setWordWrap(True)
        if swapped:
            form.insertRow(2, "", self.swap_note)
        result = self.fields["result"]
        result.setToolTip(
            f"As records write it: B for {first} (who moves first), W for {second}; then + and "
            "R for a resignation, T on time, F by forfeit, nothing for a connection"
        )
        self._colour_names = colour_names
        for edit in (result, self.fields["black"], self.fields["white"]):
            edit.textChanged.connect(self._say_result)
        self._say_result()
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
        # (within the screen: with a larger font its OK stood below a small one, tester 73)
        resize_within_screen(self, 440, self.sizeHint().height(), 0.95, 0.92)

    def holder(self, colour: int) -> str:
        """The name of the player holding ``colour`` (1 or 2) at the end of the game."""
        first = (colour == 1) != self.swapped
        return self.fields["black" if first else "white"].text().strip()

    def _say_result(self) -> None:
        names = self._colour_names
        text = self.fields["result"].text()
        found = parse_result(text)
        if found is not None:
            holder = self.holder(found.winner)
            self.result_words.setText(found.words(names) + (f": {holder}." if holder else "."))
        else:
            self.result_words.setText(
                "(no result ygui reads: kept as written)" if text.strip() else ""
            )
        if self.swapped:
            self.swap_note.setText(
                f"The second player swapped: {self.holder(1) or 'the second player'} plays "
                f"{names[0]} from then on, {self.holder(2) or 'the first player'} {names[1]}."
            )

    def info(self) -> GameInfo:
        """What the dialog holds now."""
        texts = {key: edit.text().strip() for key, edit in self.fields.items()}
        return replace(
            self._info,
            **texts,
            game_comment=self.game_comment.toPlainText()[:MAX_COMMENT_CHARS],
        )
