"""PositionEditor: set up a position stone by stone, choose the side to move, and for Mudcrack
Y draw a board for another cell count and seed."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ygui.core.game import BLACK, EMPTY, WHITE
from ygui.core.geometry import BoardError
from ygui.core.study import due_in_setup, setup_warnings
from ygui.core.tree import Dropped
from ygui.core.variants import GameOptions, OptionsError
from ygui.core.wording import counted
from ygui.session import Session, SetAside
from ygui.ui.new_game_dialog import fresh_seed

# one set-up as the editor keeps it for undo: its stones, the side to move, its options; or
# the game the set-up replaced, as it was
Setup = tuple[dict[int, int], int, GameOptions]
Undone = Setup | SetAside
MAX_NAMED = 6  # lines left out named one by one in Done's question
KEEP_MOVES = "Keep the moves"  # Done's choices where the game's moves fit the set-up
ALONE = "Position alone"
SET_ASIDE = (
    "The position edited is a game of its own from here. Until you press Done, Undo (Ctrl+Z) "
    "or Cancel brings back the game with its moves."
)


class PositionEditor(QGroupBox):
    """The Set up panel. Every edit (a stone, Clear board, New board, the side to move) can be
    undone and redone while editing (Play ▸ Undo and Redo, Ctrl+Z and Ctrl+Y): a tester's
    figure of many stones went at one click on Clear board. The game shown stays as it is
    until the first edit, which starts a game from the position edited; undoing that edit, or
    Cancel, brings the game back with its moves, at the move it was left at."""

    def __init__(
        self,
        session: Session,
        may_replace: Callable[[], bool],
        players: Callable[[], None] | None = None,
        tell: Callable[[str], None] | None = None,
        confirm: Callable[[str], bool] | None = None,
        keep: Callable[[str], bool] | None = None,
        choose: Callable[[str, tuple[str, ...]], str] | None = None,
        tell_of_position: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__("Set up a position")
        self.session = session
        self.may_replace = may_replace
        self.tell = tell or (lambda text: None)
        # words about the game brought back, gone once the view moves on ("The game is back
        # as it was before the first edit" stood over the moves played after it, tester 53)
        self.tell_of_position = tell_of_position or self.tell
        self.confirm = confirm or (lambda text: True)
        # save, discard or cancel, of the game shown, after what is happening (the window's)
        self.keep = keep or (lambda text: True)
        # one of the choices given, or "" (cancel), of a question (the window's)
        self.choose = choose or (lambda text, choices: choices[0])
        self.edit_colour = BLACK
        self._undo: list[Undone] = []
        self._redo: list[Undone] = []
        self._kept: SetAside | None = None  # the game as it was when the editing began
        self._done_words = ""  # what Done says (the moves kept)
        # whether the side to move was chosen in the box while editing (or came with the moves
        # of the game edited); until then it follows the stones' count in alternate play (6
        # stones to 5 stayed "Black to move" under a warning, and a tester set White by hand,
        # tester 78)
        self._side_chosen = False
        layout = QVBoxLayout(self)
        self.edit_button = QPushButton("Edit position")
        self.edit_button.setCheckable(True)
        self.edit_button.toggled.connect(self.set_editing)
        # who plays the position set up: a tester set one up from a figure and found no way
        # to play it against the computer (Play ▸ Players… does it too)
        self.players_button = QPushButton("Players…")
        self.players_button.setToolTip(
            "Who plays each colour from here on: a person or the computer (Play ▸ Players…)"
        )
        if players is not None:
            self.players_button.clicked.connect(players)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip(
            "Leave the set-up and bring back the game as it was before it (Study ▸ Cancel the "
            "set-up)"
        )
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.setVisible(False)
        self.edit_tools = self._build_tools()
        self.edit_tools.setVisible(False)
        buttons = QHBoxLayout()
        buttons.addWidget(self.edit_button, 1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.players_button)
        layout.addLayout(buttons)
        layout.addWidget(self.edit_tools)

    def _build_tools(self) -> QWidget:
        tools = QHBoxLayout()
        self.tool_group = QButtonGroup(self)
        self.tool_buttons: dict[int, QRadioButton] = {}
        for colour, text in ((BLACK, "First colour"), (WHITE, "Second colour"), (EMPTY, "Erase")):
            button = QRadioButton(text)
            self.tool_group.addButton(button)
            button.toggled.connect(lambda on, c=colour: self._set_tool(c, on))
            tools.addWidget(button)
            self.tool_buttons[colour] = button
        self.tool_buttons[BLACK].setChecked(True)
        self.to_move = QComboBox()
        self.to_move.addItem("first colour to move", BLACK)
        self.to_move.addItem("second colour to move", WHITE)
        self.to_move.currentIndexChanged.connect(lambda _: self._setup_changed())
        self.to_move.setToolTip(
            "Who moves first from the position. In alternate play it follows the stones' count "
            "(the second colour when the first has one stone more) until you choose here."
        )
        clear = QPushButton("Clear board")
        clear.clicked.connect(self.clear_board)
        board = QHBoxLayout()
        self.cells_box = QSpinBox()
        self.cells_box.setRange(30, 400)
        self.cells_box.setPrefix("cells ")
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, 2_000_000_000)
        self.seed_box.setPrefix("seed ")
        self.board_apply = QPushButton("New board")
        self.board_apply.setToolTip(
            "Mudcrack Y: draw the board for this cell count and seed (a new seed where both "
            "are the board's already)"
        )
        self.board_apply.clicked.connect(self.apply_mudcrack_board)
        board.addWidget(self.cells_box)
        board.addWidget(self.seed_box)
        board.addWidget(self.board_apply)
        self.mudcrack_row = QWidget()
        self.mudcrack_row.setLayout(board)
        self.edit_warning = QLabel()
        self.edit_warning.setWordWrap(True)
        # two lines kept for it: a warning that came and went moved the controls under the
        # mouse (the panel grows upwards), and a tester's click missed the colour it aimed at
        self.edit_warning.setMinimumHeight(2 * self.edit_warning.fontMetrics().lineSpacing())
        self.edit_warning.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        panel = QWidget()
        column = QVBoxLayout(panel)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(tools)
        column.addWidget(self.to_move)
        column.addWidget(clear)
        column.addWidget(self.mudcrack_row)
        column.addWidget(self.edit_warning)
        # the analysis's outlook, its panel being behind this one's tab (the window's words)
        self.outlook = QLabel()
        self.outlook.setWordWrap(True)
        column.addWidget(self.outlook)
        return panel

    @property
    def editing(self) -> bool:
        return self.session.editing

    def refresh(self) -> None:
        game = self.session.game
        if self.edit_button.isChecked() != self.session.editing:  # (another game ended it)
            self.edit_button.blockSignals(True)
            self.edit_button.setChecked(self.session.editing)
            self.edit_button.blockSignals(False)
            self._show_editing(self.session.editing)
        self.mudcrack_row.setVisible(game.options.game == "mudcrack-y")
        for colour in (BLACK, WHITE):  # the game's own colours: Black and White, Red and Blue
            name = game.colour_name(colour)
            self.tool_buttons[colour].setText(name)
            self.to_move.setItemText(colour - 1, f"{name} to move")
        # the side to move as the position has it: a position typed in the entry box sets it
        # too (a tester's typed "to move: W" went back to the box's Black at the next click)
        self._show_to_move(self._to_move())
        if not self.session.editing and self._kept is not None:
            self._aside(None)  # (a game set aside is the set-up's alone: another game ended it)
            self._kept = None
        start = self.session.tree.record.new_game()  # the set-up position, if there is one
        # (of the set-up as shown: at move 5 of a game, its warning of the set-up's count of
        # stones read as one of the board's, tester 32)
        shown = start.setup and self.session.move_number == 0
        self.edit_warning.setText("\n".join(setup_warnings(start)) if shown else "")

    def set_editing(self, on: bool) -> None:
        session = self.session
        root = session.tree.root
        # (a position with neither moves nor comments loses nothing: its stones are edited)
        if on and (root.children or root.comment) and not self.may_replace():
            self.edit_button.setChecked(False)
            return
        if not on and self._kept is not None and self._replaced():
            if not self._may_leave(self._kept):
                self.edit_button.blockSignals(True)
                self.edit_button.setChecked(True)
                self.edit_button.blockSignals(False)
                return
            self.tell(self._done_words)  # (its way back, said at the first edit, is gone)
            self._done_words = ""
            self._aside(None)
        self._show_editing(on)
        session.set_editing(on)
        self._kept = session.set_aside() if on else None
        if on:
            game = session.game
            self.cells_box.setValue(game.geometry.size)
            self.seed_box.setValue(int(game.geometry.meta.get("seed", 1) or 1))
            self._show_to_move(self._to_move())
        self._undo.clear()  # (the start of editing is not an edit)
        self._redo.clear()
        # (a position of a game with moves has its side to move: an edit there keeps it, so
        # that the moves after it can be kept on the position set up)
        self._side_chosen = bool(session.tree.root.children)

    def _may_leave(self, kept: SetAside) -> bool:
        """Done after an edit leaves the game set aside behind for good: agreed to at that
        moment, where it had moves (tester 34's twelve moves and a variation went at Done,
        agreed to only by "Discard" at the question before editing); unsaved, with the
        choice to save it first (tester 35 had to say No, leave, and find Save)."""
        moves = len(kept.tree.main_line())
        if not moves:
            return True
        lines, fit, dropped = self.session.moves_that_fit(kept)
        if fit:
            choice = self._ask_keep_moves(kept, fit, dropped)
            if choice == KEEP_MOVES:
                self.session.keep_moves(kept, lines, whole=not dropped)
                left_out = counted(sum(d.moves for d in dropped), "move")
                self._done_words = f"The position set up keeps {counted(fit, 'move')} of the game"
                if dropped:
                    self._done_words += f" ({left_out} left out)" + (
                        f"; {kept.path.name} keeps the study as it was." if kept.path else "."
                    )
                else:
                    self._done_words += "."
                return True
            # Position alone, chosen just now: not asked again whether to save the game (it
            # was asked before editing, where it had unsaved moves: a third question, tester 64)
            return choice == ALONE
        # (why no move could be kept: the question said only that the game stayed behind,
        # tester 43)
        none = (
            f" No move after the position edited fits the position set up: "
            f"{self._dropped_words(dropped[0])}."
            if dropped
            else ""
        )
        if kept.dirty:
            return self.keep_set_aside(
                "Done plays from the position set up and leaves the game before it." + none
            )
        where = f"it stays in its file, {kept.path.name}" if kept.path else "it is not saved"
        return self.confirm(
            f"Play from the position set up? The game before it ({counted(moves, 'move')}) "
            f"stays behind: {where}.{none}"
        )

    def _ask_keep_moves(self, kept: SetAside, fit: int, dropped: list[Dropped]) -> str:
        """Done, where moves of the game before the edit still fit the position set up: keep
        them, play from the position alone, or go on editing. The question names each line
        that would be left out, why, and the comments and marks that would go with it (a
        commented variation went unnamed: tester 43)."""
        start = kept.tree.current is kept.tree.root
        after = "The game's moves" if start else "The moves after the position edited"
        if not dropped:
            text = f"{after} can be kept on the position set up: " + (
                "its one move fits it." if fit == 1 else f"all {fit} moves fit it."
            )
        else:
            left_out = counted(sum(d.moves for d in dropped), "move")
            text = (
                f"{after} can be kept on the position set up: {counted(fit, 'move')} fit it, "
                f"and {left_out} would be left out:"
            )
            for d in dropped[:MAX_NAMED]:
                text += "\n• " + self._dropped_words(d)
            if len(dropped) > MAX_NAMED:
                rest = dropped[MAX_NAMED:]
                moves = counted(sum(d.moves for d in rest), "move")
                text += f"\n• and {counted(len(rest), 'line')} more, {moves}"
        where = f"its file, {kept.path.name}," if kept.path else ""
        keeps = "Keep the moves: with their variations, comments and marks (their analysis goes)"
        if start and not dropped:
            keeps += f", in {where} when you save." if where else "."
        else:
            keeps += (
                (
                    "; the moves before the position edited become its set-up stones"
                    if not start
                    else ""
                )
                + "; a new game, not saved"
                + (f" ({where} keeps the game as it was)." if where else ".")
            )
        text += "\n\n" + keeps
        text += "\nPosition alone: play from the position set up; the game before it stays " + (
            "behind, in its file." if kept.path else "behind, not saved."
        )
        return self.choose(text, (KEEP_MOVES, ALONE))

    def _dropped_words(self, d: Dropped) -> str:
        """A line left out, in words: "h2, move 3 of a variation: the cell h2 is occupied
        (2 moves, 1 comment, 2 marks)"."""
        game = self.session.game
        move = game.move_text(d.node.move) if d.node.move is not None else "a node"
        where = f"move {d.depth}" + ("" if d.main else " of a variation")
        goes = [counted(d.moves, "move")]
        if d.comments:
            goes.append(counted(d.comments, "comment"))
        if d.marks:
            goes.append(counted(d.marks, "mark"))
        return f"{move}, {where}: {d.reason} ({', '.join(goes)})"

    def keep_set_aside(self, doing: str = "") -> bool:
        """Before the window closes or takes another game while a set-up has replaced a game
        with unsaved moves: that game, shown again, is asked about (``keep``, after what is
        ``doing``: save it, discard it, or cancel), then the set-up is shown again. False
        means cancel. (Closing while editing asked of the set-up alone, and the game behind it
        went unasked.)"""
        kept = self._kept
        if (
            not self.session.editing
            or kept is None
            or not self._replaced()
            or not kept.dirty
            or not kept.tree.main_line()
        ):
            return True
        edited = self._current()
        self.session.bring_back(kept)
        moves = counted(len(kept.tree.main_line()), "move")
        doing = f"{doing} " if doing else ""
        agreed = self.keep(
            f"{doing}The game set aside by Edit position ({moves}), shown now, is not saved."
        )
        again = self.session.set_aside()  # (as saved, if it was)
        self._undo = [again if state is kept else state for state in self._undo]
        self._redo = [again if state is kept else state for state in self._redo]
        self._kept = again
        self._set(*edited)
        self._aside(again)  # (gone, if it was saved)
        return agreed

    def _aside(self, kept: SetAside | None) -> None:
        """The game set aside kept in an autosave of its own while it is (``Session.
        autosave_aside``), what went wrong said."""
        problem = self.session.autosave_aside(kept)
        if problem:
            self.tell(problem)

    def cancel(self) -> None:
        """Leave the set-up, the game as it was before it (its moves, file and clocks), once
        the user agrees to drop the position set up, if there is one (it cannot come back)."""
        kept = self._kept
        back = kept is not None and self._replaced()
        if kept is not None and back:
            stones = counted(len(self._stones()), "stone")
            if not self.confirm(
                f"Drop the position set up ({stones}) and bring back the game as it was "
                "before Edit position?"
            ):
                return
            self.session.bring_back(kept)
            self._aside(None)
        self.edit_button.setChecked(False)
        if back:  # (said once the set-up is left: its own change would take the words away)
            self.tell_of_position("The game is back as it was before Edit position.")

    def _to_move(self) -> int:
        """The side to move of the position edited: the set-up's, or before the first edit,
        that of the position shown (no one, at the end of a game's moves: the first colour)."""
        if self._replaced():
            return self.session.tree.record.to_move
        game = self.session.game
        if game.is_over and game.moves:  # (a set-up already won has its own side: tester 79)
            return BLACK
        return game.to_move

    def _replaced(self) -> bool:
        """Whether an edit has replaced the game shown when the editing began."""
        return self._kept is None or self._kept.tree is not self.session.tree

    def _stones(self) -> dict[int, int]:
        return {c: col for c, col in enumerate(self.session.game.colours) if col}

    def _show_editing(self, on: bool) -> None:
        self.edit_tools.setVisible(on)
        self.edit_button.setText("Done: play from this position" if on else "Edit position")
        self.cancel_button.setVisible(on)

    def _set_tool(self, colour: int, on: bool) -> None:
        if on:
            self.edit_colour = colour

    def edit_click(self, cell: int) -> None:
        setup = self._stones()
        was = setup.get(cell, EMPTY)
        if was == EMPTY and self.edit_colour == EMPTY:  # (nothing happened, unsaid: tester 79)
            label = self.session.game.geometry.labels[cell]
            self.tell(f"{label} is empty: Erase takes stones off (choose a colour to place one).")
            return
        if self.edit_colour == EMPTY or was == self.edit_colour:
            setup.pop(cell, None)  # clicking a stone of the chosen colour removes it
        else:
            setup[cell] = self.edit_colour
        self._start(setup, self._side_for(setup))
        if was not in (EMPTY, self.edit_colour) and self.edit_colour != EMPTY:
            # (a stone of the other colour changed without a word, where play refuses an
            # occupied cell: tester 78)
            game = self.session.game
            self.tell(
                f"{game.geometry.labels[cell]}: {game.colour_name(was)}'s stone is now "
                f"{game.colour_name(self.edit_colour)}'s (Undo, Ctrl+Z, brings it back)."
            )

    def _side_for(self, setup: dict[int, int]) -> int:
        """The side to move after an edit to ``setup``: as chosen in the box, else as the
        stones' count has it in alternate play, else as it was."""
        if not self._side_chosen:
            due = due_in_setup(self.session.game, setup)
            if due is not None:
                return due
        return self._to_move()

    def set_typed(self, setup: dict[int, int], to_move: int) -> None:
        """A position typed in the entry box while editing: an edit like the others. A side
        to move typed against the stones' count stays through later edits."""
        if to_move != due_in_setup(self.session.game, setup):
            self._side_chosen = True
        self._start(setup, to_move)

    def clear_board(self) -> None:
        if self._stones():
            self._start({}, self._side_for({}))
            self.tell("The board is cleared (Undo, Ctrl+Z, brings its stones back).")

    def _setup_changed(self) -> None:
        if self.editing:
            self._side_chosen = True
            self._start(self._stones(), int(self.to_move.currentData()))

    def _start(
        self, setup: dict[int, int], to_move: int, options: GameOptions | None = None
    ) -> None:
        if not self._replaced():
            options_now = self.session.tree.record.options
            now = (self._stones(), self._to_move(), options_now)
            if (setup, to_move, options or options_now) == now:
                return  # (the position as it is: nothing to do)
            kept = self._kept = self.session.set_aside()  # (as it is now, set aside)
            self._undo.append(kept)
            self._redo.clear()
            self._set(setup, to_move, options)
            self._aside(kept)
            if kept.tree.root.children:
                self.tell(SET_ASIDE)
            return
        before = self._current()
        if (setup, to_move, options or before[2]) != before:
            self._undo.append(before)
            self._redo.clear()
        self._set(setup, to_move, options)

    def _current(self) -> Setup:
        record = self.session.tree.record
        return dict(record.setup), record.to_move, record.options

    def _set(self, setup: dict[int, int], to_move: int, options: GameOptions | None) -> None:
        self.session.set_position(setup, to_move, options, edit=True)
        self._show_to_move(to_move)

    @property
    def can_undo(self) -> bool:
        return self.editing and bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return self.editing and bool(self._redo)

    def undo(self) -> None:
        """The set-up as it was before the last edit (before the first: the game as it was)."""
        if self.can_undo:
            self._redo.append(self._current())
            state = self._undo.pop()
            self._restore(state)
            if not isinstance(state, SetAside):
                # ("The board is cleared (Undo ... brings its stones back)" stayed said over
                # the stones brought back: tester 70)
                self.tell("Undone: the set-up as it was before the last change.")

    def redo(self) -> None:
        if self.can_redo:
            # from the game shown, back before the first edit: it is set aside again, as it is
            kept = None if self._replaced() else self.session.set_aside()
            self._undo.append(self._current() if kept is None else kept)
            self._restore(self._redo.pop())
            if kept is not None:
                self._kept = kept
                self._aside(kept)
                self.tell(SET_ASIDE)  # (the game set aside again: "is back" stayed said)

    def _restore(self, state: Undone) -> None:
        if isinstance(state, SetAside):
            self.session.bring_back(state)
            self._aside(None)
            self._show_to_move(self._to_move())
            self.tell_of_position(
                "The game is back as it was before the first edit (Redo edits again)."
            )
            return
        setup, to_move, options = state
        if options.game == "mudcrack-y":
            self.cells_box.setValue(options.size_value)
            self.seed_box.setValue(options.seed_value)
        self._set(setup, to_move, options)

    def _show_to_move(self, to_move: int) -> None:
        self.to_move.blockSignals(True)
        self.to_move.setCurrentIndex(self.to_move.findData(to_move))
        self.to_move.blockSignals(False)

    def apply_mudcrack_board(self) -> None:
        game = self.session.game
        same = game.geometry.size == self.cells_box.value() and str(
            game.geometry.meta.get("seed", "")
        ) == str(self.seed_box.value())
        if same:
            # the board shown again, its stones gone, read as nothing drawn: a new board is
            # another seed's, as the new-game dialog's button gives (tester 66)
            self.seed_box.setValue(fresh_seed(self.seed_box.value()))
        try:
            options = GameOptions.from_keys(
                "mudcrack-y",
                [
                    *(k for k in game.options.to_keys() if not k.startswith(("size", "seed"))),
                    f"size={self.cells_box.value()}",
                    f"seed={self.seed_box.value()}",
                ],
            )
            options.board()
        except (OptionsError, BoardError) as exc:
            self.edit_warning.setText(str(exc))
            return
        stones = len(self._stones())
        self._start({}, self._to_move(), options)
        if stones:
            self.tell(
                f"A new board: its {counted(stones, 'stone')} went with the old one (Undo, "
                "Ctrl+Z, brings them back)."
            )
