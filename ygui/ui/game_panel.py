"""GamePanel: beside the board, the game and whose turn it is, the result, the swap button and
the moves of the line being viewed, with buttons to step through them."""

from __future__ import annotations

import operator
from collections.abc import Callable

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QFont, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ygui.core.clock import clock_text
from ygui.core.game import BLACK, WHITE, Game, Move
from ygui.core.rules.win import CornerRule
from ygui.core.study import mistake_notes
from ygui.core.wording import (
    NOTES,
    corner_names,
    counted,
    legend_roles,
    ordinal,
    title,
    win_reason,
)
from ygui.session import Session
from ygui.ui.theme import Theme

MISTAKE_COLOUR = "#d32f2f"
LOW_TIME = 10.0  # seconds: a running clock with less is shown in red
RESULT_ROW = Qt.ItemDataRole.UserRole + 1  # the move list's row of a resignation or time loss
COMMENT_SHOWN = 400  # characters of the position's comment shown under the moves
COMMENT_TIP = 160  # and in a move's tooltip


def _shortened(text: str, most: int = COMMENT_TIP) -> str:
    """A comment cut to ``most`` characters, with "…" where it was cut."""
    text = text.strip()
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def turn_text(session: Session, computers_paused: bool = False) -> str:
    """Whose turn it is and what the turn allows, or why the game is over (and that a
    computer to move is held, ``computers_paused``)."""
    game = session.game
    if game.winner is not None:
        return win_reason(game)
    ended = session.result
    if ended is not None:
        return ended.words((game.colour_name(BLACK), game.colour_name(WHITE))) + "."
    text = f"{game.colour_name(game.to_move)} to play: {session.player_name(game.to_move)}."
    if game.turn_cut_short:
        # (a tester saw the turn pass after one stone of two and was told nothing)
        other = game.colour_name(3 - game.to_move)
        placed = game.stones_in_turn(game.turn - 1) - game.turn_cut_short
        text += (
            f" {other}'s turn ended after "
            f"{counted(placed, 'placement' if game.places_pairs else 'stone')} of "
            f"{game.stones_in_turn(game.turn - 1)}: no cell was left where the rules allow "
            "another."
        )
    if game.stones_in_turn() > 1:
        # (in Hexagonal Y an edge stone brings its pair: "1 of 2 stones still to place" with
        # three on the board read as a miscount, a tester's finding)
        unit = "placements still to make" if game.places_pairs else "stones still to place"
        # (not "Turn 3: …" beside a move list numbered by stones, where "3. + e2" was the
        # turn before's: "3" read two ways at once, tester 80)
        text += f" This turn: {game.stones_left_in_turn} of {game.stones_in_turn()} {unit}"
        free = game.empty_count()
        if not game.places_pairs and free < game.stones_left_in_turn:
            # ("2 of 2 stones still to place" with one cell left: tester 20)
            # (it read as the game over already: tester 26)
            text += (
                f", but only {counted(free, 'cell')} left: the board will be full, and the game "
                "over, before the turn is done"
            )
        text += "."
    if game.forbidden_cells():
        text += " Crossed cells may not be taken now."
    if computers_paused and session.seat_for(game.to_move).computer:
        # (the status bar said it once, and then nothing did: a paused engine game looked
        # like one that had hung, noticed by a session's own look)
        text += " The computers are paused: Play ▸ Pause the computers lets them go on."
    clock = session.clock
    started = bool(session.tree.main_line())
    if clock is not None and clock.running is None and not clock.paused and not started:
        # (a clock standing still at the start was read as a fault: tester 40; not once the
        # game has been played, its clocks stopped: tester 54 read it looking back over one)
        text += " The clocks start with the first move."
    elif clock is not None and clock.paused and not session.finished:
        # (a game reopened from its file comes back paused, and nothing said how to go on:
        # tester 52; the autosave's recovery said it in the status bar, for a while)
        text += " The clocks are paused: Ctrl+Shift+P starts them."
    elif clock is not None and clock.running is not None:
        # an earlier position shown, or a variation, while the game's clock runs on: the ▶
        # marks the player whose clock it is (before a swap, named: they play the other
        # colour in the game)
        here = session.clock_colour(clock.running)
        if here != game.to_move:
            runs = game.colour_name(here) if here == clock.running else session.player_name(here)
            text += f" {runs}'s clock runs: {runs} is to move in the game."
    if game.can_swap:
        # ("you" read as said to the person while the computer was about to move)
        seat = session.seat_for(game.to_move)
        who = session.player_name(game.to_move) if seat.computer else "You"
        text += f" {who} may swap instead of placing a stone."
    if isinstance(game.rule, CornerRule):
        held = [len(game.corners_held(c)) for c in (BLACK, WHITE)]
        text += (
            f" Corners: {game.colour_name(BLACK)} {held[0]}, {game.colour_name(WHITE)} {held[1]}."
        )
    total = session.line_length
    finished_variation = session.on_variation_of_finished_game()
    if total > session.move_number:
        if session.move_number:
            text += f" (Viewing move {session.move_number} of {total}.)"
        else:
            text += f" (Viewing the start of the line; it has {counted(total, 'move')}.)"
        if session.line_ended():
            # (looking back over a finished game, "the computer waits" read as the game going
            # on: tester 50; on a variation of it, said below: End goes to the variation's end)
            if not finished_variation:
                text += (
                    " The game is over: End goes to its last move; a move here starts a variation."
                )
        elif session.seat_for(game.to_move).computer and not game.is_over:
            # (a player who stepped back to the computer's turn waited for it: tester 42)
            text += (
                " The computer waits while you look back: End goes back to the game, "
                "Ctrl+G asks it to play here."
            )
        elif session.takes_back():
            # (a move here is the game's, not a study: say so before the click)
            count = total - session.move_number
            later = "later move" if count == 1 else f"{count} later moves"
            text += f" A move here takes back the {later}."
    elif (
        (session.clock is not None or session.is_against_computer())
        and session.is_on_variation()
        and not session.main_line_ended()
    ):
        # (a side line reached by Down in a timed game read as the game itself, while the
        # game's clock ran: tester 67)
        text += " A variation: the game goes on in the main line (Up or Down shows the lines)."
    if finished_variation:
        # (a side line of a finished game read as the game itself: tester 51)
        main = len(session.tree.main_line())
        text += f" A variation: the game ended at move {main} of the main line."
    return text


def legend_text(game: Game, theme: Theme) -> str:
    """What the board's colours mean, where they carry a rule."""
    background = theme.colour("background").lightnessF()

    def swatch(role: str, words: str) -> str:
        colour = theme.colour(role)
        # a colour near the background's on a chip of the labels' colour, as the board edges
        # it (Eccentric Y's black sides on the dark theme were a black square on dark grey:
        # tester 63)
        chip = (
            f";background-color:{theme.label}"
            if abs(colour.lightnessF() - background) < 0.2
            else ""
        )
        return f"<span style='color:{colour.name()}{chip}'>&#9632;</span> {words}"

    parts = [swatch(role, words) for role, words in legend_roles(game.options.game)]
    note = NOTES.get(game.options.game)
    return "&nbsp;&nbsp; ".join(parts) + (note or "")


def move_words(game: Game, move: Move) -> str:
    """A move as the list shows it: its cell, and a Hexagonal Y pair's second stone."""
    text = game.move_text(move)
    if move.cell is not None:
        cells = game.placement_cells(move.cell)
        if len(cells) == 2:
            text += f" + {game.geometry.labels[cells[1]]}"
    return text


class MoveList(QListWidget):
    """The move list, asking for a few rows only: it stretches into whatever room the panel
    has, but a panel that scrolls (a short window) asks for its preferred height, and a tall
    list's pushed the navigation buttons out of sight while other panels went without."""

    HEIGHT = 110  # the height it asks for, where the panel has room for it

    def __init__(self) -> None:
        super().__init__()
        self.short = False  # asking for three rows only: the panel has no room for more

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(super().sizeHint().width(), self.short_height() if self.short else self.HEIGHT)

    def short_height(self) -> int:
        return 3 * self.fontMetrics().lineSpacing() + 2 * self.frameWidth() + 8

    def fit(self, spare: int) -> None:
        """Ask for three rows when the panel is ``-spare`` pixels short of room, and for its
        height again once the panel has room for it (the rows a short list gives up). In a
        short window the navigation buttons below it were cut in half, or out of sight (at
        1000 by 500 pixels with a study panel open: a tester's finding)."""
        saved = self.HEIGHT - self.short_height()
        short = spare < 0 if not self.short else spare < saved
        if short != self.short:
            self.short = short
            self.updateGeometry()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        """The current move stays in sight when the list is made shorter (a result line or
        the thinking bar appearing above it cut it off: a tester's finding)."""
        super().resizeEvent(event)
        self.keep_in_sight()

    def keep_in_sight(self) -> None:
        """Scroll to the current move, with the one after it in sight too where the list has
        room (at the position before a mistake, the mistake was cut in half below it: a
        tester's finding)."""
        current = self.currentItem()
        if current is None:
            return
        following = self.item(self.row(current) + 1)
        if following is not None:
            self.scrollToItem(following)
        self.scrollToItem(current)


class GamePanel(QWidget):
    def __init__(
        self,
        session: Session,
        thinking: QWidget,
        swap: Callable[[], None],
        new_game: Callable[[], None],
        step: Callable[[int], None],
    ) -> None:
        """``step`` moves back (-1) or forward (+1) as the window's keys do (and says so where
        it passes more than one move: the buttons passed the computer's moves without a
        word)."""
        super().__init__()
        self._step = step
        self.session = session
        layout = self._layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setWordWrap(True)
        bold = QFont()
        bold.setPointSizeF(bold.pointSizeF() * 1.15)
        bold.setBold(True)
        self.title.setFont(bold)
        self.player_labels = {BLACK: QLabel(), WHITE: QLabel()}
        # each player's time in a column of its own, right-aligned: written after the names,
        # the two times did not line up (tester 7)
        self.clock_labels = {BLACK: QLabel(), WHITE: QLabel()}
        player_rows = {}
        for colour, label in self.player_labels.items():
            label.setWordWrap(True)  # a long name wraps, it does not widen the panel for good
            clock = self.clock_labels[colour]
            clock.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
            row = player_rows[colour] = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            line.addWidget(label, 1)
            line.addWidget(clock, 0, Qt.AlignmentFlag.AlignTop)
        self.legend = QLabel()
        self.legend.setWordWrap(True)
        self.turn_label = QLabel()
        self.turn_label.setWordWrap(True)
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        # lines kept for these while short or empty, so that what is below them does not jump
        # as their messages come and go (two for whose turn it is: with the swap's offer, or
        # the move viewed, it takes two in a panel of the usual width)
        spacing = self.turn_label.fontMetrics().lineSpacing()
        self.turn_label.setMinimumHeight(2 * spacing)
        # (and never fewer than it has needed in this game at this width: _keep_turn_room)
        self._room_for: object = None
        self._room_width, self._room = -1, 2 * spacing
        self.refusal.setMinimumHeight(spacing)
        self.swap_button = QPushButton("Swap (pie rule)")
        self.swap_button.setToolTip(
            "Take over the first stone: you play it, and your "
            "opponent moves next with the other colour"
        )
        self.swap_button.clicked.connect(swap)
        # (the keys stay with the board, as at the other buttons here: a click gave them to
        # the button, which went as the swap's moment passed, and Qt handed them on as Tab
        # does, so the board showed its keyboard cursor around the swapped stone, tester 80;
        # S swaps from the keyboard)
        self.swap_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # The swap's offer and the computer's thinking share one place: never shown at once
        # (the one is the person's turn, the other the computer's), and the room the thinking
        # keeps in a game against the computer holds the offer too, so that the moves below
        # no longer jump as it comes and goes (tester 27).
        transient = QWidget()
        shared = QGridLayout(transient)
        shared.setContentsMargins(0, 0, 0, 0)
        shared.addWidget(self.swap_button, 0, 0, Qt.AlignmentFlag.AlignTop)
        shared.addWidget(thinking, 0, 0)
        for widget in (
            self.title,
            self.legend,
            player_rows[BLACK],
            player_rows[WHITE],
            self.turn_label,
            self.refusal,
            transient,
            self._build_result(new_game),
        ):
            layout.addWidget(widget)
        self.moves_box = self._build_moves()
        layout.addWidget(self.moves_box, 1)
        layout.addStretch(0)  # holds the rest together at the top while the list is hidden

    def _keep_turn_room(self) -> None:
        """The lines of whose turn it is never give back room while the same game is shown
        at the same width: stepping back adds "(Viewing move 5 of 12.)", on Poly-Y after the
        corners held, and the move list below jumped down and up again at every step to the
        end and back (a tester's finding). A new game, or another width, starts again from
        two lines. Where the game is won, the result's box comes in under them: there they
        take only what they need, the room kept for the positions before (a progressive game
        ended with five lines' room over a line of words, and a gap over "Black wins!",
        tester 82; the box's coming moves the list anyway, and its going gives the room
        back in the same step)."""
        label = self.turn_label
        width = label.width()
        floor = 2 * label.fontMetrics().lineSpacing()
        if self._room_for is not self.session.tree or self._room_width != width:
            self._room_for, self._room_width, self._room = self.session.tree, width, floor
        over = self.session.result is not None and not self.session.editing
        if width > 0 and not over:
            self._room = max(self._room, label.heightForWidth(width))
        label.setMinimumHeight(floor if over else self._room)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._keep_turn_room()

    def show_moves(self, shown: bool) -> None:
        """The move list, or (while the game tree shows the same and more) not; the buttons
        that step through the moves stay (they went with it: tester 7)."""
        self.moves_label.setVisible(shown)
        self.moves_list.setVisible(shown)
        self.moves_elsewhere.setVisible(not shown)
        self._show_comment()
        # (without the list, the room left goes to the stretch under the buttons)
        self._layout.setStretchFactor(self.moves_box, 1 if shown else 0)

    def _build_result(self, new_game: Callable[[], None]) -> QWidget:
        self.result_box = QWidget()
        # the button under the words, which get the panel's whole width ("Black wins / by /
        # resignation!" took four lines beside it in a narrow panel, a tester's finding)
        row = QVBoxLayout(self.result_box)
        row.setContentsMargins(0, 4, 0, 4)
        self.result_label = QLabel()
        big = QFont()
        big.setPointSizeF(big.pointSizeF() * 1.5)
        big.setBold(True)
        self.result_label.setFont(big)
        self.result_label.setWordWrap(True)
        self.result_note = QLabel()  # why the game ended early, where a computer said so
        self.result_note.setWordWrap(True)
        again = QPushButton("New game…")
        again.clicked.connect(new_game)
        row.addWidget(self.result_label)
        row.addWidget(self.result_note)
        row.addWidget(again, 0, Qt.AlignmentFlag.AlignLeft)
        return self.result_box

    def _build_moves(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        self.moves_list = MoveList()
        # a long line (a mistake's note) wraps in the list, which does not scroll sideways: a
        # tester had to scroll to read the note's end, and the move numbers went out of sight
        self.moves_list.setWordWrap(True)
        self.moves_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.moves_list.itemClicked.connect(self._move_clicked)
        self.moves_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        nav = QHBoxLayout()
        self.nav_buttons: dict[str, QPushButton] = {}
        session = self.session
        for key, text, tip, slot in (
            ("first", "«", "To the start (Home)", session.to_start),
            (
                "back",
                "‹",
                "Back one move; against the computer, back to your own last turn (Left)",
                lambda: self._step(-1),
            ),
            (
                "forward",
                "›",
                "Forward one move; against the computer, on to your own next turn (Right)",
                lambda: self._step(+1),
            ),
            ("last", "»", "To the end (End)", session.to_end),
        ):
            button = QPushButton(text)
            button.setMinimumWidth(36)  # (one character: the style's 80 pixels need not hold)
            button.setToolTip(tip)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(slot)
            nav.addWidget(button)
            self.nav_buttons[key] = button
        self.moves_label = QLabel("Moves")
        # where the list went while the tree stands in for it (a tester took the list for
        # lost when the tree was opened)
        self.moves_elsewhere = QLabel("The moves are in the game tree while it is in view.")
        self.moves_elsewhere.setWordWrap(True)
        self.moves_elsewhere.setEnabled(False)  # (the window's quieter ink)
        self.moves_elsewhere.setVisible(False)
        # the comment of the position shown, read here as the moves are stepped through (it
        # was only in the game tree's panel, which a tester studying a game had closed)
        self.comment_label = QLabel()
        self.comment_label.setWordWrap(True)
        self.comment_label.setTextFormat(Qt.TextFormat.PlainText)
        self.comment_label.setFrameShape(QFrame.Shape.StyledPanel)
        self.comment_label.setMargin(4)
        self.comment_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.comment_label.setVisible(False)
        layout.addWidget(self.moves_label)
        layout.addWidget(self.moves_elsewhere)
        layout.addWidget(self.moves_list, 1)
        layout.addWidget(self.comment_label)
        layout.addLayout(nav)
        return box

    # ----- showing the session -----------------------------------------------------------
    def refresh(self, theme: Theme, message: str, computers_paused: bool = False) -> None:
        session = self.session
        game = session.game
        self.title.setText(title(game))
        self.legend.setText(legend_text(game, theme))
        self.legend.setVisible(bool(self.legend.text()))
        self.refresh_clocks()
        self.turn_label.setText(turn_text(session, computers_paused))
        self._keep_turn_room()
        self.refusal.setStyleSheet(f"color: {theme.refused};")
        self.refusal.setText(message)
        # two lines kept for it where its messages are long (tabu's, a turn's joining stone):
        # the moves below jumped as a refusal of two lines came and went (a tester's finding)
        lines = 1 if game.options.turns == "standard" else 2
        self.refusal.setMinimumHeight(lines * self.refusal.fontMetrics().lineSpacing())
        # shown until the swap's moment is past (greyed before the first stone)
        # (not on a computer's turn: its thinking line shares the place, and the two were
        # drawn over each other, tester 40)
        computers = session.seat_for(game.to_move).computer
        # (and only in a line not yet past the swap's moment: stepping back through a longer
        # game, its offer and its room came and went at the first two moves, and the moves
        # below jumped, tester 49; Play ▸ Swap still swaps there, and starts a variation)
        early = session.line_length <= 2
        # (nor where the computer is the second player, whose decision the swap is: a player
        # who opened against it saw an offer, greyed, that could never be theirs, tester 50)
        swapper = session.seats[1].computer
        self.swap_button.setVisible(
            game.pie_applies
            and (game.can_swap or not game.moves)
            and not computers
            and not swapper
            and early
        )
        # (not on a computer's turn: the swap is its decision, and a click there swapped for
        # it while the computers were paused, tester 36; Play ▸ Swap still can, on purpose)
        self.swap_button.setEnabled(game.can_swap and not computers)
        # (its room stays around the swap's moment, so that the moves do not jump up as the
        # offer comes and goes; it goes once the game is past it: it stood as a blank band
        # above the moves all game long)
        # (and while a position is set up, as it was: at the first edit the position became
        # one of its own, the room went, and the set-up panel's buttons moved up under a
        # tester's pointer, tester 66)
        if not session.editing:
            policy = self.swap_button.sizePolicy()
            policy.setRetainSizeWhenHidden(game.pie_applies and early)
            self.swap_button.setSizePolicy(policy)
        # (not while a position is set up: a won set-up showed "Black wins!" and New game…
        # mid-edit, tester 78; the set-up panel warns of it)
        result = session.result if not session.editing else None
        self.result_box.setVisible(result is not None)
        if result is not None:
            words = result.words((game.colour_name(BLACK), game.colour_name(WHITE)))
            self.result_label.setText(f"{words}!\n{session.player_name(result.winner)}")
        note = session.result_note if result is not None and session.ended_early else ""
        self.result_note.setText(f"{note}." if note else "")
        self.result_note.setVisible(bool(note))
        self._fill_moves()
        moves, later = session.move_number, session.line_length - session.move_number
        for key, enabled in (
            ("first", moves > 0),
            ("back", moves > 0),
            ("forward", later > 0),
            ("last", later > 0),
        ):
            self.nav_buttons[key].setEnabled(enabled)

    def refresh_clocks(self) -> None:
        """The players' lines: whose turn it is and, under a time control, each one's time
        (shown often while a clock runs)."""
        session = self.session
        game = session.game
        clock = session.clock
        now = session.now()
        # whose turn the game is at: the running clock's owner while one runs, even with an
        # earlier position shown (the ▶ stood on the side to move there while the other
        # player's clock ran)
        # (whether the clocks are the other colours' here, before a swap: asked once a tick)
        flipped = clock is not None and session.clocks_flipped()
        turn = game.to_move
        if clock is not None and clock.running is not None:
            turn = session.clock_colour(clock.running, flipped)  # (its owner's colour here)
        for colour, label in self.player_labels.items():
            marker = "▶ " if not session.finished and turn == colour else "   "
            text = f"{marker}{game.colour_name(colour)}: {session.player_name(colour)}"
            label.setText(f"<b>{text}</b>" if marker.strip() else text)
            shown = self.clock_labels[colour]
            shown.setVisible(clock is not None)
            if clock is not None:
                # ("(paused)" on a game over, opened from its file, said nothing true: tester 40)
                paused = clock.paused and not session.finished
                mine = session.clock_colour(colour, flipped)
                left = clock.left(mine, now)
                time = clock_text(left) + (" (paused)" if paused else "")
                # (bold: the clock that runs; a finished game's looked back over runs none)
                running = clock.running == mine and not paused
                shown.setText(f"<b>{time}</b>" if running else time)
                waits = clock.running is None and not session.finished
                shown.setToolTip("The clocks start with the first move" if waits else "")
                # the last seconds of the running clock in red (nothing warned: tester 39)
                short = clock.running == mine and left < LOW_TIME
                shown.setStyleSheet("color: #b3261e;" if short else "")

    def _fill_moves(self) -> None:
        """The line through the current node; later moves grey, branch points and mistakes
        marked; the current move selected."""
        tree = self.session.tree
        self.moves_list.clear()
        start = QListWidgetItem("Start")
        start.setData(Qt.ItemDataRole.UserRole, 0)
        self.moves_list.addItem(start)
        replay = tree.record.new_game()
        parent = tree.root
        line = tree.line_through_current()
        main = tree.main_line()
        marked = mistake_notes(tree)
        for i, node in enumerate(line, start=1):
            assert node.move is not None
            colour = replay.colour_name(replay.to_move)
            text = f"{i}. {colour} {move_words(replay, node.move)}"
            stones, placed = replay.stones_in_turn(), replay.placed_in_turn + 1
            unit = "placements" if replay.places_pairs else "stones"
            within = ""  # a turn of several stones: each says its place in the turn
            if stones > 1 and not node.move.is_swap:
                # (a tester could not tell where a turn ended; then "2. White e3 (turn 2: 2
                # stones)", "3. + e2" read "3" as the turn the status line calls 3, tester 80:
                # the numbers are the moves', and the turn's count is its stones')
                # (in ordinals: "(1 of 2 stones)" counted up beside the panel's "1 of 2 stones
                # still to place", counting down, tester 81)
                within = f" ({ordinal(placed)} of {stones} {unit})"
            if node.move.is_swap:
                # (the next line names the other colour's player: "2. White swap, 3. White d3"
                # read as White playing twice, a tester's finding)
                # (and who that is: "White swaps (plays Black from here)" left a tester to
                # work out who plays which colour now, tester 33)
                taken = replay.colour_name(3 - replay.to_move)
                who = self.session.seats[1].name
                text = f"{i}. {colour} swaps: {who} plays {taken} from here"
            mover = replay.to_move
            held = set(replay.corners_held(mover))
            replay.play(node.move)
            captured = [c for c in replay.corners_held(mover) if c not in held]
            if captured:
                # (Poly-Y: a corner taken said at the move that took it; a newcomer saw a
                # corner won by a group that did not hold its cell, and nothing said why or
                # when: tester 75)
                names = corner_names(replay.geometry)
                which = " and ".join(f"the {names[c]}" for c in captured)
                text += f" — captures {which} corner{'s' if len(captured) > 1 else ''}"
            if replay.turn_cut_short:
                # (not "turn 4: 2 stones", read as two stones placed: a tester's finding)
                text += f" — the turn ends after {placed} of its {stones} {unit}: "
                text += "no allowed cell left"
            else:
                text += within
            tip = ""
            if len(parent.children) > 1:
                k, n = parent.children.index(node) + 1, len(parent.children)
                # (the bare "[1/2]" meant nothing to a newcomer: tester 75)
                text += f"   [line {k} of {n}]"
                tip = (
                    f"Move {k} of the {n} played here (the game tree shows them; Up and Down "
                    "switch between them)"
                )
            why = self.session.move_note(node)
            if why:  # (a computer's swap said only in the status bar went unseen: tester 36)
                text += f" ({why})"
            if node.comment:
                text += "  ✎"
                tip = "\n".join(t for t in (tip, f"Comment: {_shortened(node.comment)}") if t)
            is_mistake = i in marked and line[:i] == main[:i]
            if is_mistake:
                text += f"  ✗ {marked[i]}"
                tip = "\n".join(t for t in (f"A mistake: {marked[i]}.", tip) if t)
            item = QListWidgetItem(text)
            item.setToolTip(tip)
            item.setData(Qt.ItemDataRole.UserRole, i)
            if is_mistake:
                item.setForeground(QColor(MISTAKE_COLOUR))
            elif i > self.session.move_number:
                item.setForeground(Qt.GlobalColor.gray)
            self.moves_list.addItem(item)
            parent = node
        ended = self.session.ended_early
        text = ""
        if ended is not None and len(line) == len(main) and all(map(operator.is_, line, main)):
            # a resignation or a loss on time, after the main line's last move (the list
            # ended at a move with nothing to say the game was over)
            game = self.session.game
            words = ended.words((game.colour_name(BLACK), game.colour_name(WHITE)))
            note = self.session.result_note  # (a computer's resignation says why)
            text = f"{words}: {note}." if note else f"{words}."
        elif replay.winner is not None:
            # and a line won on the board says so too, seen from any of its moves (the words
            # went as the moves were stepped back through: tester 38)
            text = win_reason(replay)
        if text:
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, len(line))  # (a click: the position it ended)
            item.setData(RESULT_ROW, True)
            font = item.font()
            font.setItalic(True)
            item.setFont(font)
            self.moves_list.addItem(item)
        current = self.moves_list.item(self.session.move_number)
        self.moves_list.setCurrentItem(current)
        self.moves_list.keep_in_sight()
        self._show_comment()

    def _show_comment(self) -> None:
        """The comment of the position shown, under the move list (not while the game tree,
        which shows and edits it, stands in for the list)."""
        comment = self.session.current.comment
        self.comment_label.setVisible(bool(comment) and self.moves_list.isVisibleTo(self))
        self.comment_label.setText(_shortened(comment, COMMENT_SHOWN))
        self.comment_label.setToolTip(
            "The comment of the position shown (the game tree, Ctrl+T, edits it)"
            + (f":\n{_shortened(comment, 2000)}" if len(comment) > COMMENT_SHOWN else "")
        )

    def _move_clicked(self, item: QListWidgetItem) -> None:
        self.session.navigate(int(item.data(Qt.ItemDataRole.UserRole)))
