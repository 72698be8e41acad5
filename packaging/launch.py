"""Entry script for the PyInstaller bundle (packaging/ygui.spec).

Started from a desktop menu, a bundle has no terminal to show a traceback in: whatever stops
it is written to a crash log and, when Qt can still show one, said in a message box.
"""

import os
import sys
import traceback


def _report(text: str) -> None:
    from pathlib import Path

    try:
        from ygui.settings import data_dir

        log = Path(data_dir()) / "crash.log"
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("a", encoding="utf-8") as stream:
            stream.write(text + "\n")
        where = f"\n\nThe details are in {log}."
    except Exception:
        where = ""
    print(text, file=sys.stderr)
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return  # no screen to show a message on (Qt would abort trying)
    try:
        from PySide6.QtWidgets import QApplication, QMessageBox

        app = QApplication.instance() or QApplication(sys.argv[:1])
        QMessageBox.critical(None, "ygui could not go on", text.strip().splitlines()[-1] + where)
        del app
    except Exception:
        pass


try:
    from ygui.cli import main

    code = main()
except SystemExit:
    raise
except BaseException:
    _report(traceback.format_exc())
    code = 3
sys.exit(code)
