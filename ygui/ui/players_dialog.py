"""PlayersDialog: who plays each colour from here on, a person, the computer at a level or an
attached engine, changed in the middle of a game (a position set up from a figure, then played
on against the computer; a game handed over to the computer, or taken back from it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ygui.session import COMPUTER_NAME, Seat
from ygui.ui.form import fill_player_kinds, kind_of, ok_cancel, row, seat_of, select
from ygui.ui.game_info_dialog import NAME_CHARS


class PlayersDialog(QDialog):
    """The two seats, in the order of the colours they play now (after a swap the player who
    began as Black plays White); ``seats()`` gives them back in the session's order."""

    def __init__(
        self,
        seats: tuple[Seat, Seat],
        colour_names: tuple[str, str],
        swapped: bool,
        engines: Mapping[str, str] | None = None,
        parent: QWidget | None = None,
        note: str = "A computer to move starts thinking at once.",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Players")
        self._seats = seats
        self._swapped = swapped
        self.names: list[QLineEdit] = []
        self.kinds: list[QComboBox] = []
        self.levels: list[QSpinBox] = []
        form = QFormLayout()
        for colour in range(2):  # the colours' order: Black's row first
            seat = seats[colour ^ swapped]
            name, kind, level = QLineEdit(seat.name), QComboBox(), QSpinBox()
            name.setMaxLength(NAME_CHARS)
            fill_player_kinds(kind, level, engines or {})
            if seat.engine and kind.findData(kind_of(seat)) < 0:
                # (an engine no longer attached: kept as it was, the only way to keep it)
                kind.addItem(f"Engine: {seat.engine}", kind_of(seat))
            select(kind, kind_of(seat))
            level.setValue(seat.level)
            level.setEnabled(kind.currentData() == "computer")
            kind.currentIndexChanged.connect(lambda _i, c=colour: self._kind_changed(c))
            self.names.append(name)
            self.kinds.append(kind)
            self.levels.append(level)
            form.addRow(colour_names[colour], row(name, kind, level))
        said = QLabel(f"The game goes on from the position shown, with these players. {note}")
        said.setWordWrap(True)
        buttons = ok_cancel(self)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(said)
        layout.addWidget(buttons)
        self.resize(480, self.sizeHint().height())

    def _kind_changed(self, colour: int) -> None:
        """The level is a computer's alone; a default name follows the choice (a person's
        "Player N" becomes "Computer" and back; an engine's seat takes the engine's name). A
        name the user gave stays, unless its person changes sides with the computer: then the
        name goes with them (tester 27 took White from the computer and became "Player 2")."""
        kind = str(self.kinds[colour].currentData())
        self.levels[colour].setEnabled(kind == "computer")
        field = self.names[colour]
        other = 1 - colour
        default = self._default_name(colour)
        generic = field.text() in (default, COMPUTER_NAME) or field.text() in self._engines(colour)
        if generic:
            if kind.startswith("engine:"):
                field.setText(kind[len("engine:") :])
            elif kind == "computer":
                field.setText(COMPUTER_NAME)
            else:
                field.setText(self._person_for(colour) or default)
        # the computer changing sides keeps its level (it came up at level 1: tester 30),
        # whichever row is changed first
        own, theirs = self._at_open(colour), self._at_open(other)
        other_kind = self.kinds[other].currentData()
        took = kind == "computer" and other_kind != "computer"  # (this seat from the other)
        if took and theirs.computer and not theirs.engine and not own.computer:
            self.levels[colour].setValue(theirs.level)
        gave = kind != "computer" and other_kind == "computer"  # (the other seat from this)
        if gave and own.computer and not own.engine and not theirs.computer:
            self.levels[other].setValue(own.level)
        if kind == "human":
            person = self._person_for(colour)
            if person and field.text() == person and self.names[other].text() == person:
                self._machine_named(other)  # (the seat the person left)
        else:
            # the person of this seat may have moved to the other one already, which took
            # a default name: it takes this seat's person's name, and this seat the machine's
            person = self._person_moving(other)
            if person and self._is_default(other) and other_kind == "human":
                self.names[other].setText(person)
                if field.text() == person:
                    self._machine_named(colour)

    def _engines(self, colour: int) -> set[str]:
        combo = self.kinds[colour]
        return {
            str(combo.itemData(i))[len("engine:") :]
            for i in range(combo.count())
            if str(combo.itemData(i)).startswith("engine:")
        }

    def _machine_named(self, colour: int) -> None:
        kind = str(self.kinds[colour].currentData())
        name = kind[len("engine:") :] if kind.startswith("engine:") else COMPUTER_NAME
        self.names[colour].setText(name)

    def _person_moving(self, colour: int) -> str | None:
        """The name of the person who sat at the other colour when the dialog opened and no
        longer does, where a machine sat at this one: a person changing sides with the
        computer; else None (of two people, one handing a seat to the computer moves no one:
        tester 29 saw Black renamed "Player 2" as White became the computer's)."""
        other = 1 - colour
        before, own = self._at_open(other), self._at_open(colour)
        if before.computer or not own.computer or self.kinds[other].currentData() == "human":
            return None
        return before.name

    def _person_for(self, colour: int) -> str | None:
        """A person's name for a seat that becomes a person's: its own person's, back (unless
        a person sits at the other colour under that name), or that of the person who left
        the other colour."""
        own = self._at_open(colour)
        other = 1 - colour
        if not own.computer and not (
            self.kinds[other].currentData() == "human" and self.names[other].text() == own.name
        ):
            return own.name
        return self._person_moving(colour)

    def _at_open(self, colour: int) -> Seat:
        """The seat at ``colour`` when the dialog opened."""
        return self._seats[colour ^ self._swapped]

    def _default_name(self, colour: int) -> str:
        return f"Player {(colour ^ self._swapped) + 1}"

    def _is_default(self, colour: int) -> bool:
        return self.names[colour].text() in (self._default_name(colour), "")

    def seats(self) -> tuple[Seat, Seat]:
        """The seats chosen, in the session's order (the first seat began as Black); a
        computer's time a move (a match's) is kept."""
        chosen = []
        for colour in range(2):
            old = self._at_open(colour)
            name = self.names[colour].text().strip() or old.name
            seat = seat_of(name, str(self.kinds[colour].currentData()), self.levels[colour].value())
            chosen.append(replace(seat, seconds=old.seconds))
        if self._swapped:
            chosen.reverse()
        return chosen[0], chosen[1]
