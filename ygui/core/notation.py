"""Cell-label helpers shared by the board builders.

Lettered coordinates (docs/rules.md, cell names): a..z, then aa, ab, ... (spreadsheet style).
"""

from __future__ import annotations

import re

_LETTER_LABEL = re.compile(r"^([a-z]+)([1-9][0-9]*)$")


def column_letters(index: int) -> str:
    """1 -> 'a', 26 -> 'z', 27 -> 'aa', 28 -> 'ab'."""
    if index < 1:
        raise ValueError(f"column index must be at least 1, not {index}")
    letters = ""
    while index > 0:
        index, rem = divmod(index - 1, 26)
        letters = chr(ord("a") + rem) + letters
    return letters


def column_index(letters: str) -> int:
    """Inverse of :func:`column_letters`."""
    if not letters or not letters.isalpha() or not letters.isascii():
        raise ValueError(f"not a column name: {letters!r}")
    value = 0
    for ch in letters.lower():
        value = value * 26 + (ord(ch) - ord("a") + 1)
    return value


def letter_label(column: int, row: int) -> str:
    """The label of cell (column, row): letter(column) followed by row."""
    return f"{column_letters(column)}{row}"


def parse_letter_label(label: str) -> tuple[int, int]:
    """'k11' -> (11, 11). Raises ValueError for anything else."""
    match = _LETTER_LABEL.match(label.strip().lower())
    if not match:
        raise ValueError(f"not a cell label: {label!r}")
    return column_index(match.group(1)), int(match.group(2))
