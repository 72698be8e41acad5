"""How a game ended, as SGF's RE property writes it: the winner, and the reason when it was not
the board (``B+`` a connection, ``W+R`` a resignation, ``B+T`` a loss on time, ``W+F`` a
forfeit: an attached engine that failed)."""

from __future__ import annotations

from dataclasses import dataclass

from ygui.core.game import BLACK, WHITE

CONNECTION = ""
RESIGNATION = "R"
TIME = "T"
FORFEIT = "F"  # the other side broke the rules in a way play cannot go on from (an engine)
_REASONS = {
    "": CONNECTION,
    "r": RESIGNATION,
    "resign": RESIGNATION,
    "t": TIME,
    "time": TIME,
    "f": FORFEIT,
    "forfeit": FORFEIT,
}
_WORDS = {CONNECTION: "", RESIGNATION: " by resignation", TIME: " on time", FORFEIT: " by forfeit"}


@dataclass(frozen=True)
class Result:
    winner: int  # BLACK or WHITE
    reason: str = CONNECTION  # CONNECTION, RESIGNATION, TIME or FORFEIT

    @property
    def text(self) -> str:
        """As RE holds it: B+, W+R, B+T."""
        return ("B+" if self.winner == BLACK else "W+") + self.reason

    def words(self, colour_names: tuple[str, str]) -> str:
        """'White wins by resignation', in the game's own colour names."""
        return f"{colour_names[self.winner - 1]} wins{_WORDS[self.reason]}"


def parse_result(text: str) -> Result | None:
    """The result RE holds, if it is a win in one of the forms ygui knows (B+, W+R, B+Resign,
    W+T, W+Time, any case); None for anything else (a draw, a score, free text, nothing)."""
    text = text.strip()
    if len(text) < 2 or text[1] != "+" or text[0].upper() not in "BW":
        return None
    reason = _REASONS.get(text[2:].strip().lower())
    if reason is None:
        return None
    return Result(BLACK if text[0].upper() == "B" else WHITE, reason)
