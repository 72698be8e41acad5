"""The error log: every unexpected exception, with its traceback, in ``ygui.log`` in the user's
log folder (platformdirs; ``YGUI_HOME/log`` in the tests). Nothing here imports Qt: the window
installs :func:`ygui.ui.faults.install` on top of this.

The log is bounded: past ``MAX_LOG_BYTES`` it is renamed ``ygui.log.1`` (replacing an older one)
and a new one begun, so it never grows without end.
"""

from __future__ import annotations

import datetime
import os
import traceback
from pathlib import Path
from types import TracebackType

from ygui import __version__
from ygui.settings import log_dir

MAX_LOG_BYTES = 1_000_000


def log_path() -> Path:
    return log_dir() / "ygui.log"


def log_exception(
    kind: type[BaseException], value: BaseException, tb: TracebackType | None, where: str = ""
) -> Path | None:
    """Append the exception to the log; returns the log's path, or None if it could not be
    written (a full disk must not turn one fault into two)."""
    path = log_path()
    stamp = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
    text = "".join(traceback.format_exception(kind, value, tb))
    entry = f"--- {stamp} ygui {__version__} pid {os.getpid()}{' ' + where if where else ''}\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size > MAX_LOG_BYTES:
            path.replace(path.with_name(path.name + ".1"))
        with path.open("a", encoding="utf-8", errors="replace") as stream:
            stream.write(entry + text)
    except OSError:
        return None
    return path
