"""The engine's knowledge files shipped in ``resources/`` (opening books, first stones'
models): each folder's JSON files read in name order, one that cannot be read skipped with
a warning in the log."""

from __future__ import annotations

import logging
from collections.abc import Callable
from importlib import resources
from typing import TypeVar

T = TypeVar("T")

log = logging.getLogger(__name__)


def shipped(
    folder: str, read: Callable[[str], T], errors: tuple[type[Exception], ...], what: str
) -> tuple[T, ...]:
    """What ``read`` makes of each JSON file's text in ``resources/folder`` (none if there is
    no such folder); a file it refuses with one of ``errors``, or that cannot be read as
    UTF-8, is skipped and said in the log as ``what`` (\"opening book\")."""
    found: list[T] = []
    refused: tuple[type[Exception], ...] = (*errors, OSError, UnicodeDecodeError)
    place = resources.files("ygui.resources") / folder
    if not place.is_dir():
        return ()
    for item in sorted(place.iterdir(), key=lambda i: i.name):
        if not item.name.endswith(".json"):
            continue
        try:
            found.append(read(item.read_text(encoding="utf-8")))
        except refused as error:
            log.warning("%s %s skipped: %s", what, item.name, error)
    return tuple(found)
