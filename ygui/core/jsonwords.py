"""A JSON file's slip in words a person reads: where it is (line and column) and what is
wrong there, for files people edit by hand (the settings, boards of one's own). Python's own
messages ("Expecting value at line 1") name neither the column nor the fault in plain words."""

from __future__ import annotations

import json

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
    return f"line {exc.lineno}, column {exc.colno}: {slip_words(exc.msg, name, whole)}"
