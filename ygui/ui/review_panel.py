"""ReviewPanel: the engine over every position of the main line, the win-rate graph it draws,
and the mistakes it finds."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ygui.ai.engine import SearchLimits, SearchResult
from ygui.core.game import BLACK, WHITE
from ygui.core.record import RecordNode
from ygui.core.study import (
    MISTAKE_DROP,
    REVIEW_PLAYOUTS,
    REVIEW_RANGE,
    drops,
    mistake_moves,
    mistake_notes,
    mistakes,
)
from ygui.core.tree import GameTree, path_to
from ygui.core.wording import counted
from ygui.session import Session
from ygui.ui.ai_runner import AiRunner, Request
from ygui.ui.game_panel import MISTAKE_COLOUR
from ygui.ui.theme import LIGHT, Theme

# Each mistake the first pass finds is judged again, the positions before and after it, with
# this many times the effort: a short search's rate swings, and a move it marks can be one a
# longer search finds fine (a tester's Starboard game: 10 mistakes, several gone after ten
# seconds of analysis). The marks are of the second look.
CHECK_FACTOR = 8


class WinRateGraph(QWidget):
    """The first colour's win probability along the main line, with a 50% line and move
    numbers; mistakes are red dots; a click goes to that move."""

    def __init__(self, go_to_move: Callable[[int], None]) -> None:
        super().__init__()
        self.go_to_move = go_to_move
        # (taller where the panel has room: 80 pixels piled a game's mistake dots on one
        # another, tester 60)
        self.setMinimumHeight(110)
        self.setMouseTracking(True)
        # what a point is, said as the mouse rests on it (the panel's words)
        self.describe: Callable[[int], str] = lambda index: ""
        self.values: list[float | None] = []
        self.marks: set[int] = set()
        self.current = 0
        self.theme = LIGHT
        self.first_colour = "Black"

    def margin(self) -> int:
        """Room on the left for the percentages, in the widget's own font (a fixed 28
        pixels cut '100%' to '00%' in a larger font: a tester's finding)."""
        return self.fontMetrics().horizontalAdvance("100%") + 6

    def _x(self, index: int) -> float:
        count = max(1, len(self.values) - 1)
        return self.margin() + index * (self.width() - self.margin() - 4) / count

    def _y(self, value: float) -> float:
        return 4 + (self.height() - 20) * (1 - value)

    def number_places(self) -> list[tuple[int, float, float]]:
        """The move numbers under the graph: each number, its box's left and width; about
        six, never closer than a number's width and a gap (the last, kept inside, ran into
        the one before it in a narrow panel: "45" and "54" read as one, a tester's)."""
        moves = len(self.values) - 1
        width = float(self.fontMetrics().horizontalAdvance(str(max(moves, 0))) + 8)
        room = max(1.0, self.width() - self.margin() - 4)
        step = max(1, round(moves / 6), math.ceil(moves * width / room))
        # a round step (1, 2, 5, 10, 20, 50…): "0, 9, 18, 27" made the moves hard to count
        # (a tester's finding)
        power = 10 ** (len(str(step)) - 1)
        step = next(k * power for k in (1, 2, 5, 10) if k * power >= step)
        places: list[tuple[int, float, float]] = []
        for i in range(0, moves + 1, step):
            left = min(self._x(i) - width / 2, self.width() - width)  # (the last inside too)
            if places and left < places[-1][1] + places[-1][2]:
                break
            places.append((i, left, width))
        return places

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        dark = self.theme.name == "dark"
        ink = QColor("#d8d8d8" if dark else "#333333")
        painter.fillRect(self.rect(), QColor("#25282e" if dark else "#fbfaf7"))
        painter.setPen(QPen(QColor("#5a5f69" if dark else "#c8c2b4"), 1, Qt.PenStyle.DashLine))
        margin = self.margin()
        painter.drawLine(QPointF(margin, self._y(0.5)), QPointF(self.width(), self._y(0.5)))
        painter.setPen(ink)
        line = self.fontMetrics().height()
        for text, top, place in (
            # 100% inside the graph (not cut at its top), 0% above the move numbers
            ("100%", self._y(1.0) - 4, Qt.AlignmentFlag.AlignTop),
            ("50%", self._y(0.5) - line / 2, Qt.AlignmentFlag.AlignVCenter),
            ("0%", self._y(0.0) - line, Qt.AlignmentFlag.AlignBottom),
        ):
            painter.drawText(
                QRectF(0, top, margin - 3, line), Qt.AlignmentFlag.AlignRight | place, text
            )
        for i, left, width in self.number_places():
            painter.drawText(
                QRectF(left, self.height() - 15, width, 14), Qt.AlignmentFlag.AlignCenter, str(i)
            )
        points = [
            QPointF(self._x(i), self._y(v)) for i, v in enumerate(self.values) if v is not None
        ]
        if len(points) > 1:
            painter.setPen(QPen(ink, 1.8))
            painter.drawPolyline(QPolygonF(points))
        painter.setPen(QPen(QColor(MISTAKE_COLOUR), 1))
        painter.setBrush(QColor(MISTAKE_COLOUR))
        # dots apart where moves are close (five mistakes in a row were one blot, tester 60)
        gap = (self.width() - self.margin() - 4) / max(1, len(self.values) - 1)
        radius = max(2.0, min(3.5, 0.45 * gap))
        for i in self.marks:
            mark = self.values[i] if i < len(self.values) else None
            if mark is not None:
                painter.drawEllipse(QPointF(self._x(i), self._y(mark)), radius, radius)
        painter.setPen(QPen(QColor("#1e88e5"), 1.5))
        x = self._x(self.current)
        painter.drawLine(QPointF(x, 0), QPointF(x, self.height() - 16))
        painter.end()

    def index_at(self, x: float) -> int:
        """The move whose point is nearest ``x``."""
        count = max(1, len(self.values) - 1)
        span = max(1, self.width() - self.margin() - 4)
        return max(0, min(len(self.values) - 1, round((x - self.margin()) / span * count)))

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        self.go_to_move(self.index_at(event.position().x()))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        # the figures of the point under the mouse: read by eye, a note's "lost 31%" and the
        # graph's step disagreed (tester 60)
        self.setToolTip(self.describe(self.index_at(event.position().x())) if self.values else "")


class ReviewPanel(QDockWidget):
    """Analyses the main line in the background, with an engine of its own: the user goes on
    browsing, playing or analysing meanwhile, and the graph fills in as it goes."""

    # a mistake to show on the board, in the position before it: the cell played, the better
    # cell (or None), the colour that played
    mistakeShown = Signal(object, object, int)
    # what changed on its own and the player may not see (the panel behind another's tab):
    # the window says it in the status bar
    told = Signal(str)

    def __init__(self, session: Session, is_ready: Callable[[], bool]) -> None:
        super().__init__("Game review")
        self.setObjectName("review")
        self.session = session
        self.runner = AiRunner(self)
        self.is_ready = is_ready
        self.review: list[RecordNode] = []  # positions still to analyse
        self._playouts = REVIEW_PLAYOUTS  # the effort for those positions
        # the moves the first pass marked, judged again by the second look (None: in the
        # first pass)
        self._first_found: set[int] | None = set()
        self._judged: set[int] = set()  # the nodes (ids) the second look has searched
        body = QWidget()
        layout = QVBoxLayout(body)
        self.graph_title = QLabel()
        self.graph_title.setWordWrap(True)  # (a long title held the panel wide)
        self.graph = WinRateGraph(session.go_to_main_line)
        self.graph.describe = self._describe_point
        row = QHBoxLayout()
        self.budget = QSpinBox()
        self.budget.setRange(*REVIEW_RANGE)
        self.budget.setSingleStep(1000)
        self.budget.setValue(REVIEW_PLAYOUTS)
        self.budget.setSuffix(" playouts")
        self.budget.setToolTip(
            "The engine's effort for each position of the game; each mistake it finds is "
            f"judged again with {CHECK_FACTOR} times as much"
        )
        self.review_button = QPushButton("Analyse game")
        self.review_button.clicked.connect(self.toggle_review)
        self.next_mistake_button = QPushButton("Next mistake")
        self.next_mistake_button.clicked.connect(self.next_mistake)
        for button in (self.review_button, self.next_mistake_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay with the board
        # (the effort on a line of its own: the three in one row held the panels' column,
        # when the review was open, at 373 pixels however narrow the window)
        row.addWidget(self.review_button)
        row.addWidget(self.next_mistake_button)
        self.review_bar = QProgressBar()
        self.review_bar.setVisible(False)
        self.review_label = QLabel()
        # the mistake whose note the label shows (the board shows the position before it)
        self._noted: int | None = None
        self._told: tuple[str, int | None, int | None, int] | None = None  # (as said, drawn)
        self._last_told = 0  # the mistake N showed last
        self._shown_path: list[int] = []  # the position the last refresh found shown
        self.review_label.setWordWrap(True)
        for widget in (self.graph_title, self.graph, self.budget):
            layout.addWidget(widget)
        layout.addLayout(row)
        layout.addWidget(self.review_bar)
        layout.addWidget(self.review_label)
        # room for a mistake's note kept: as notes came and went the panel grew and shrank,
        # and the graph moved under the mouse (tester 60)
        self.review_label.setMinimumHeight(4 * self.review_label.fontMetrics().lineSpacing())
        self.review_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout.setStretchFactor(self.graph, 1)  # (the room the panel has goes to the graph)
        self.setWidget(body)

    def refresh(self, theme: Theme) -> None:
        tree = self.session.tree
        line = tree.main_line()
        values: list[float | None] = [_black_rate(tree.root)]
        values += [_black_rate(node) for node in line]
        game = self.session.game
        first, second = game.colour_name(BLACK), game.colour_name(WHITE)
        swap = next((i for i, n in enumerate(line, 1) if n.move is not None and n.move.is_swap), 0)
        if swap:
            # the first player's, whose colour changes at the swap: a line of the colour's
            # leapt from 0 to 100% there, as the colour went to the other player (a tester
            # found it hard to read)
            values[swap:] = [None if v is None else 1 - v for v in values[swap:]]
        seats = self.session.seats
        if self.session.is_against_computer():
            # against the computer, the person's (after the person's swap the line followed
            # the computer, and their blunder showed as a leap up to 100%: tester 75)
            person = next(i for i, seat in enumerate(seats) if not seat.computer)
            if person == 1:
                values = [None if v is None else 1 - v for v in values]
            colours = (second, first) if person else (first, second)
            held = f"{colours[0]} until the swap, {colours[1]} after it" if swap else colours[0]
            self.graph_title.setText(
                f"{seats[person].name}'s win probability along the main line ({held})"
            )
        elif swap:
            self.graph_title.setText(
                f"The first player's win probability along the main line ({first} until the "
                f"swap, {second} after it)"
            )
        else:
            self.graph_title.setText(f"{first}'s win probability along the main line")
        self.graph.values = values
        self.graph.marks = set(mistakes(tree))
        refined = self.session.refined
        if refined is not None:
            # the analysis panel's figures changed the review's marks (they came and went
            # with nothing said, a tester's finding)
            self.told.emit(_refined(set(refined[0]), set(refined[1])))
        self.graph.theme = theme
        path = tree.path
        # the moves the path shares with the main line: on a variation, the cursor stands
        # where it leaves it (it stood at 0, a tester's finding)
        pairs = enumerate(zip(path, line, strict=False))
        self.graph.current = next((i for i, (a, b) in pairs if a is not b), len(path))
        on_line = self.graph.current == len(path)
        self.graph.update()
        moved = [id(node) for node in path] != self._shown_path
        self._shown_path = [id(node) for node in path]
        noted = self._noted
        if noted is not None and (not on_line or len(path) != noted - 1 or noted > len(line)):
            # the mistake's note is of its move: gone once the board shows another (it stayed
            # under the buttons at move 18, a tester's finding; the window clears the rings),
            # and with the move, deleted; not words said since ("another game", ...), but with
            # what N said before it ("Back to the first mistake. …" stayed: tester 64)
            if self._told is not None and self.review_label.text().endswith(self._told[0]):
                self.review_label.setText("")
            self._noted = None
            self._told = None
        if self._noted is None:
            # the position before a mistake, however it was reached (the graph, the move list,
            # the keys), shows it as Next mistake does (the rings came with N alone: tester
            # 60); not where the view stays (the review's "Done" stays said); from another
            # mistake's position too (tester 64)
            coming = len(path) + 1
            if moved and on_line and coming in self.graph.marks and coming <= len(line):
                self._noted = coming
                self._tell(coming, quiet=True)
            return
        # (its figures, or the better move, may have changed; and the window takes the rings
        # off at a change of the tree, where the position can stay: drawn again)
        self._tell(self._noted, again=True, quiet=refined is not None)

    def _describe_point(self, index: int) -> str:
        """The graph's point ``index``: the move, the rate drawn, and a mistake's note."""
        tree = self.session.tree
        line = tree.main_line()
        if not 0 <= index < len(self.graph.values) or index > len(line):
            return ""
        values = self.graph.values

        def figure(value: float | None) -> str:
            return "not analysed" if value is None else f"{100 * value:.0f}%"

        if index == 0:
            return f"The start: {figure(values[0])}"
        node = line[index - 1]
        before = tree.game_at(line[: index - 1])
        played = before.move_text(node.move) if node.move is not None else "?"
        move = f"{before.colour_name(before.to_move)} {played}"
        note = mistake_notes(tree).get(index)
        said = f"Move {index}, {move}: {figure(values[index - 1])} → {figure(values[index])}"
        return said + (f" (✗ {note})" if note else "")

    # ----- analysing the whole game ------------------------------------------------------
    def toggle_review(self) -> None:
        if self.review:
            self.stop_review()
            return
        if not self.is_ready():
            self.review_label.setText(
                "The computer player is still being prepared; try again in a moment."
            )
            return
        tree = self.session.tree
        if self.session.is_on_variation():
            # the review is of the main line: a tester who finished a game on a variation got
            # the review of the line abandoned, with nothing to say so
            choice = self.ask_line(
                "The position shown is on a variation, not on the game's main line. Review "
                "this line (it becomes the main line), or the main line?"
            )
            if choice == "cancel":
                return
            if choice == "this":
                line = tree.line_through_current()
                self.session.promote(line[-1])
        self._start([tree.root, *tree.main_line()], self.budget.value())
        self._first_found = None
        self._judged = set()
        self.review_button.setText("Cancel")
        self._review_next()

    def ask_line(self, text: str) -> str:
        """Which line to review: "this", "main" or "cancel" (replaced in tests)."""
        box = QMessageBox(QMessageBox.Icon.Question, "Review which line?", text, parent=self)
        this = box.addButton("Review &this line", QMessageBox.ButtonRole.AcceptRole)
        main = box.addButton("Review the &main line", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(this)
        box.exec()
        clicked = box.clickedButton()
        return "this" if clicked == this else "main" if clicked == main else "cancel"

    def _start(self, nodes: list[RecordNode], playouts: int) -> None:
        self.review, self._playouts = nodes, playouts
        self.review_bar.setRange(0, len(nodes))
        self.review_bar.setValue(0)
        self.review_bar.setVisible(True)

    def stop_review(self, message: str = "Analysis cancelled.") -> None:
        self.review = []
        self._first_found = set()
        self.runner.cancel()
        self.review_bar.setVisible(False)
        self.review_button.setText("Analyse game")
        self.review_label.setText(message)

    def shutdown(self) -> None:
        """Stop the review and end its engine's thread (before the window closes)."""
        self.review = []
        self.runner.shutdown()

    def _review_next(self) -> None:
        total = self.review_bar.maximum()
        tree = self.session.tree
        checking = self._first_found is not None
        while self.review:
            node = self.review[0]
            game = tree.game_at(path_to(tree.root, node))
            done = total - len(self.review)
            self.review_bar.setValue(done)
            if checking:
                self.review_label.setText(
                    f"Judging {counted(len(self._first_found or ()), 'mistake')} again with "
                    f"{self._playouts:,} playouts a position… ({done} of {total} positions)"
                )
            else:
                self.review_label.setText(f"Analysing move {done} of {total - 1}…")
            if game.is_over:
                GameTree.set_analysis(node, 1.0 if game.winner == BLACK else 0.0, 0)
                self.review.pop(0)
                continue
            if checking and not _shallower(node, self._playouts):
                self.review.pop(0)  # (judged as deeply before: an earlier review's look)
                continue
            limits = SearchLimits(playouts=self._playouts, seed=done + 1, judge=True)
            self.runner.start(game, limits, self._reviewed)
            return
        found = mistakes(tree)
        # the second look: the positions before and after each mistake, searched longer; and
        # again for a move marked anew by a position judged longer (judged by rates of two
        # efforts, its drop would be theirs as much as the move's)
        deep = self._playouts if checking else self._playouts * CHECK_FACTOR
        line = [tree.root, *tree.main_line()]
        again = [
            line[i]
            for i in sorted({i - 1 for i in found} | set(found))
            if id(line[i]) not in self._judged and _shallower(line[i], deep)
        ]
        self._judged |= {id(node) for node in again}
        if again:
            if not checking:
                self._first_found = set(found)
            self._start(again, deep)
            self._review_next()
            return
        self.review_bar.setVisible(False)
        self.review_button.setText("Analyse game")
        self.review_label.setText(self._summary(found, checking))
        # the summary stays said where the view stays (a mistake's note shown meanwhile took
        # its place); the rings stay, and N says the note again
        self._noted = None
        self._told = None
        self._first_found = set()
        self.session.analysis_finished()

    def _summary(self, found: list[int], checked: bool) -> str:
        """What the review found; ``checked``: its marks were judged again (else none were
        marked, or each was judged as deeply before, by the analysis panel or a review)."""
        rule = f"(a drop of {100 * MISTAKE_DROP:.0f}% or more)"
        # (the tree said where its panel is: tester 88 read of marks in a tree not shown)
        where = (
            "marked in red in the graph, the move list and the game tree "
            "(View ▸ Panels ▸ Game tree, Ctrl+T)"
        )
        said = (
            f"Done. {counted(len(found), 'mistake')} {rule} {where}."
            if found
            else f"Done. No move lost {100 * MISTAKE_DROP:.0f}% or more.{self._slipped()}"
        )
        if not checked:
            return said
        first = self._first_found or set()
        if set(found) == first:
            return f"{said} Each was judged again with {self._playouts:,} playouts a position."
        # which of the first pass's stayed, and which the longer look marked anew ("the first
        # pass marked 8; … 12 stayed" said of four marked anew, tester 87)
        stayed = len(first.intersection(found))
        added = len(set(found) - first)
        kept = (
            f"all {stayed} stayed"
            if stayed == len(first) and stayed > 1
            else f"{stayed} of them stayed"
        )
        more = (
            f", and {counted(added, 'more move')} {'was' if added == 1 else 'were'} marked"
            if added
            else ""
        )
        return (
            f"{said} The first pass marked {len(first)}; judged again with "
            f"{self._playouts:,} playouts a position, {kept}{more}."
        )

    def _slipped(self) -> str:
        """Where a game was lost without a mistake: how the loser's chances fell, and its
        moves that lost most ("No move lost much" beside a graph that fell from 50% to 0%
        read as a contradiction, a tester's finding)."""
        tree = self.session.tree
        line = [tree.root, *tree.main_line()]
        values = [v[0] for node in line if (v := GameTree.analysis(node)) is not None]
        if len(values) < 2:
            return ""
        first, last = values[0], values[-1]
        loser = BLACK if last < first else WHITE
        start, end = (first, last) if loser == BLACK else (1 - first, 1 - last)
        if start - end < MISTAKE_DROP:
            return ""
        game = self.session.game
        losses = [
            (number, drop)
            for number, drop in drops(tree).items()
            if drop > 0.02 and line[number].colour == loser
        ]
        worst = sorted(losses, key=lambda loss: -loss[1])[:3]
        text = (
            f" {game.colour_name(loser)}'s chances fell from {100 * start:.0f}% to "
            f"{100 * end:.0f}% move by move"
        )
        if worst:
            moves = ", ".join(f"move {n} (-{100 * d:.0f}%)" for n, d in sorted(worst))
            text += f"; its largest losses: {moves}"
        return text + "."

    def _reviewed(self, request: Request, result: SearchResult) -> None:
        if not self.review:
            return
        node = self.review.pop(0)
        game = request.game
        black = result.win_rate if game.to_move == BLACK else 1 - result.win_rate
        self.session.set_analysis(
            node, black, result.playouts, game.move_text(result.move), result.proved
        )
        self._review_next()

    def next_mistake(self) -> None:
        """Go to the position before the next mistake of the main line, and show on the board
        the move played (ringed in red) and the better one (in green): the player to move
        there sees the choice the mistake was, and the analysis, if on, its candidates.
        (It showed the position after it, whose marks were the opponent's: a tester's.)"""
        tree = self.session.tree
        found = mistakes(tree)
        here = self.session.move_number
        # the next one whose position is still to come, or this position's if not shown yet
        later = [i for i in found if i - 1 > here or (i - 1 == here and i != self._noted)]
        later = later or found
        if not later:
            analysed = any(GameTree.analysis(node) for node in tree.main_line())
            self.review_label.setText(
                f"No mistakes marked: no move lost {100 * MISTAKE_DROP:.0f}% or more."
                if analysed
                else "No mistakes marked: analyse the game first."
            )
            return
        number = later[0]
        self.session.go_to_main_line(number - 1)
        self._noted = number
        self._told = None
        self._tell(number)
        if number == self._last_told and len(found) == 1:
            self._say(f"The only mistake. {self.review_label.text()}")
        elif number <= here and len(found) > 1:
            self._say(f"Back to the first mistake. {self.review_label.text()}")
        self._last_told = number

    def _say(self, text: str) -> None:
        self.review_label.setText(text)  # (until the note changes: ``_told`` keeps the note)

    def _tell(self, number: int, again: bool = False, quiet: bool = False) -> None:
        """Say mistake ``number``'s note under the buttons and show it on the board (only
        where either changed, unless ``again``); a note changed on its own is said in the
        status bar too, unless ``quiet``."""
        tree = self.session.tree
        played, better, colour = mistake_moves(tree, number)
        game = self.session.game
        note = mistake_notes(tree).get(number)
        if note is None:
            # a deeper analysis since found it lost less: said, and still shown (the rings
            # went, and the note stayed, a tester's finding)
            drop = max(0.0, drops(tree).get(number, 0.0))
            note = (
                f"no longer marked: an analysis since found it lost {100 * drop:.0f}% "
                f"(under {100 * MISTAKE_DROP:.0f}%)"
            )
        said = f"Move {number} ({game.colour_name(colour)}): {note}."
        if played.cell is not None:
            said += f" Shown before it: {game.move_text(played)}, the move played, ✗ in red"
            if better is None:
                said += "."
            elif better.cell is None:  # (no cell to ring)
                said += "; the better move is the swap (Play ▸ Swap)."
            else:
                said += f"; {game.move_text(better)}, the better one, ✓ in green."
        told = (said, played.cell, better.cell if better else None, colour)
        if told == self._told and not again:
            return
        if self._told is not None and told[0] != self._told[0] and not quiet:
            self.told.emit(said)  # (changed on its own: said where it can be seen)
        if told != self._told:
            self._told = told
            self.review_label.setText(said)
        self.mistakeShown.emit(*told[1:])


def _refined(before: set[int], after: set[int]) -> str:
    """What an analysis changed in the review's marks, in words."""
    parts = []
    if after - before:
        parts.append(f"{_moves(after - before)} now marked as a mistake")
    if before - after:
        # ("moves 1, 2 no longer" read as a sentence left unfinished: a tester's finding)
        parts.append(f"{_moves(before - after)} no longer marked as a mistake")
    # (not "refined the review" where none had been run: tester 25)
    return f"From the analysis of the positions shown: {'; '.join(parts)}."


def _moves(numbers: set[int]) -> str:
    listed = [str(n) for n in sorted(numbers)]
    if len(listed) == 1:
        return f"move {listed[0]}"
    return f"moves {', '.join(listed[:-1])} and {listed[-1]}"


def _shallower(node: RecordNode, playouts: int) -> bool:
    """Whether the node's analysis is of fewer playouts (0: a finished game's, exact; a
    search that proves its position stops short of its playouts, so a node is judged again
    once at most: see ``_judged``)."""
    known = GameTree.analysis(node)
    return known is None or 0 < known[1] < playouts


def _black_rate(node: RecordNode) -> float | None:
    analysis = GameTree.analysis(node)
    return analysis[0] if analysis else None
