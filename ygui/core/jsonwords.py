"""A JSON file's slip in words a person reads: where it is (line and column) and what is
wrong there, for files people edit by hand (the settings, boards of one's own). Python's own
messages ("Expecting value at line 1") name neither the column nor the fault in plain words."""

from __future__ import annotations

import json
import re

# Python's messages, for a file whose names are ``name`` ("a setting's name", "a key")
_WORDS = {
    "Expecting value": "a value is missing, or is not one (words need double quotes)",
    "Expecting property name enclosed in double quotes": "{name} in double quotes was expected",
    "Expecting ',' delimiter": "a comma is missing",
    "Expecting ':' delimiter": "a colon is missing after {name}",
    "Unterminated string starting at": "a text in double quotes is not closed",
    "Extra data": "something follows the end of {whole}",
    "Invalid control character at": "a line break or a tab inside double quotes",
}


def slip_words(message: str, name: str = "a name", whole: str = "the file") -> str:
    """Python's message for a JSON slip in plain words (itself where it has none)."""
    words = _WORDS.get(message)
    return words.format(name=name, whole=whole) if words else message


def slip(exc: json.JSONDecodeError, name: str = "a name", whole: str = "the file") -> str:
    """'line 3, column 18: a comma is missing'; an empty text is said to be empty."""
    if not exc.doc.strip():
        return f"{whole} is empty"
    if cut_short(exc):
        # (a file cut in half was said to miss a comma at its last line: tester 81)
        last = exc.doc.rstrip()
        line = last.count("\n") + 1
        column = len(last) - (last.rfind("\n") + 1)
        return (
            f"{whole} is cut short: it ends at line {line}, column {column}, before its JSON "
            "is complete (was it saved whole?)"
        )
    return f"line {exc.lineno}, column {exc.colno}: {slip_words(exc.msg, name, whole)}"


def cut_short(exc: json.JSONDecodeError) -> bool:
    """The text ends before its JSON does: the slip is at its end, in a number or word cut
    there ("1." of "1.5", "tr" of "true"), or a text in quotes runs on to it (an unclosed
    text always runs to the end: a line break in it is a slip of its own)."""
    rest = exc.doc[exc.pos :].rstrip()
    if re.fullmatch(r"[-+.0-9eEtrufalsn]*", rest):
        return True
    # (a text in quotes runs to the end, and the end is not a closing bracket: a quote left
    # out before "}" is said as that)
    return exc.msg.startswith("Unterminated string") and not rest.endswith(("}", "]"))
