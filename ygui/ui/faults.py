"""What the window does with an exception nobody caught (a defect of ygui's, not bad input,
which is refused where it is read): it is logged (:mod:`ygui.faultlog`), the user is told in
words where the details are, and offered to save the game before going on. The window keeps
working: Qt's event loop carries on after a slot raises.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import TracebackType

from PySide6.QtWidgets import QMessageBox, QWidget

from ygui.core.wording import shown_path
from ygui.faultlog import log_exception

Hook = Callable[[type[BaseException], BaseException, TracebackType | None], None]


class FaultHandler:
    def __init__(self, window_of: Callable[[], QWidget | None]) -> None:
        self.window_of = window_of  # the window whose game to offer to save
        self.busy = False  # a fault while telling of a fault is only logged
        self.previous: Hook = sys.excepthook

    def __call__(
        self, kind: type[BaseException], value: BaseException, tb: TracebackType | None
    ) -> None:
        path = log_exception(kind, value, tb)
        self.previous(kind, value, tb)  # still printed on stderr, for whoever started it there
        if issubclass(kind, KeyboardInterrupt) or self.busy:
            return
        self.busy = True
        try:
            self.tell(self.message(value, path))
        finally:
            self.busy = False

    @staticmethod
    def message(value: BaseException, path: object) -> str:
        where = (
            f"The details were written to {shown_path(str(path))}."
            if path is not None
            else "The details could not be written to the log (shown on the terminal only)."
        )
        return (
            f"Something went wrong inside ygui ({type(value).__name__}: {value}).\n\n{where}\n\n"
            "The window goes on working and your game is autosaved. Save it to a file now?"
        )

    def tell(self, text: str) -> None:
        window = self.window_of()
        answer = QMessageBox.warning(
            window,
            "ygui: an unexpected error",
            text,
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Ignore,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save and window is not None:
            save = getattr(window, "save", None)
            if callable(save):
                save()


def install(window_of: Callable[[], QWidget | None]) -> FaultHandler:
    handler = FaultHandler(window_of)
    sys.excepthook = handler
    return handler
