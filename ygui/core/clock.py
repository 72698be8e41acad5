"""Game clocks: each player's remaining time under a time control (absolute, or absolute with an
increment per move), with the time read from outside (``now``, in seconds, monotonic) so the
rules of the clock can be tested without waiting.

A clock runs for one colour at a time. When that colour's turn ends, its time is charged and,
under an increment, the increment added; the other colour's time then runs. A player whose
time reaches zero has lost on time (the session records it; the clock only says who flagged).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ygui.core.game import BLACK, WHITE

MAX_MAIN_SECONDS = 24 * 3600
MAX_INCREMENT_SECONDS = 3600


class ClockError(ValueError):
    """A time control that cannot be played; the message says why."""


@dataclass(frozen=True)
class TimeControl:
    """Each player's time for the game, and the time added after each of their turns."""

    main: float  # seconds
    increment: float = 0.0

    def __post_init__(self) -> None:
        if not (math.isfinite(self.main) and 1 <= self.main <= MAX_MAIN_SECONDS):
            raise ClockError(f"a player's time is 1 second to 24 hours, not {self.main!r} s")
        if not (math.isfinite(self.increment) and 0 <= self.increment <= MAX_INCREMENT_SECONDS):
            raise ClockError(f"the increment is 0 to 3,600 seconds, not {self.increment!r}")

    @property
    def words(self) -> str:
        text = _duration(self.main) + " each"
        return text + (f" + {self.increment:g} s a turn" if self.increment else "")

    def to_keys(self) -> str:
        """As the record keeps it (ygui's YT property): 'main=300 increment=5'."""
        return f"main={self.main:g} increment={self.increment:g}"

    @staticmethod
    def from_keys(text: str) -> TimeControl:
        values: dict[str, float] = {}
        for word in text.split():
            key, _, value = word.partition("=")
            if key not in ("main", "increment") or key in values:
                raise ClockError(f"{word!r} is not part of a time control")
            try:
                values[key] = float(value)
            except ValueError:
                raise ClockError(f"{word!r}: not a number of seconds") from None
        if "main" not in values:
            raise ClockError("a time control needs main=SECONDS")
        return TimeControl(values["main"], values.get("increment", 0.0))


def _duration(seconds: float) -> str:
    if seconds >= 60 and seconds % 60 == 0:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"


def clock_text(seconds: float) -> str:
    """'1:05:03', '4:59', '0:07.3' (tenths under ten seconds)."""
    seconds = max(0.0, seconds)
    if seconds < 10:
        return f"0:{seconds:04.1f}"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class Clock:
    """The two players' remaining times under ``control``."""

    def __init__(self, control: TimeControl, remaining: dict[int, float] | None = None) -> None:
        self.control = control
        self._left = {BLACK: control.main, WHITE: control.main, **(remaining or {})}
        self.running: int | None = None  # the colour whose time runs
        self._since = 0.0  # when it began to run
        self.paused = False

    def left(self, colour: int, now: float) -> float:
        """``colour``'s remaining time at ``now`` (negative once it has run out)."""
        spent = now - self._since if colour == self.running and not self.paused else 0.0
        return self._left[colour] - spent

    def flagged(self, now: float) -> int | None:
        """The colour whose time has run out, if any."""
        if self.running is not None and self.left(self.running, now) <= 0:
            return self.running
        return None

    def start(self, colour: int, now: float) -> None:
        """``colour``'s time runs from ``now`` (the first move of the game, or a restart)."""
        self._charge(now)
        self.running, self._since = colour, now

    def turn_ended(self, colour: int, next_colour: int, now: float) -> float:
        """``colour`` finished a turn at ``now``: its time is charged, the increment added,
        and ``next_colour``'s time runs. Returns ``colour``'s time left (for the record)."""
        self._charge(now)
        self._left[colour] += self.control.increment
        self.running, self._since = next_colour, now
        return self._left[colour]

    def take_increment(self, colour: int) -> None:
        """The increment of a move of ``colour`` taken back is no longer its."""
        self._left[colour] -= self.control.increment

    def exchange(self, now: float) -> None:
        """The players have exchanged colours (the pie rule's swap): each keeps the time it
        had, now on its new colour's clock."""
        self._charge(now)
        self._left[BLACK], self._left[WHITE] = self._left[WHITE], self._left[BLACK]

    def give(self, colour: int, seconds: float, now: float) -> None:
        """``colour`` gets ``seconds`` more, from no time at all if its time had run out."""
        self._charge(now)
        self._left[colour] = max(0.0, self._left[colour]) + seconds

    def stop(self, now: float) -> None:
        """Nobody's time runs (the game is over)."""
        self._charge(now)
        self.running = None

    def pause(self, now: float) -> None:
        if not self.paused:
            self._charge(now)
            self.paused = True

    def resume(self, now: float) -> None:
        if self.paused:
            self.paused = False
            self._since = now

    def _charge(self, now: float) -> None:
        if self.running is not None and not self.paused:
            self._left[self.running] -= now - self._since
        self._since = now

    def budget(self, colour: int, now: float, empty_cells: int) -> float:
        """Seconds the computer may spend on this move: a share of what is left for the moves
        that can remain (about half the empty cells are its own), plus most of the increment,
        never more than a fifth of what is left."""
        left = max(0.0, self.left(colour, now))
        moves_to_come = max(4, empty_cells // 2)
        share = left / moves_to_come + 0.8 * self.control.increment
        return max(0.05, min(share, left / 5))
