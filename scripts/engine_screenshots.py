"""Screenshots of other engines in the window: the engines dialog after a Test, a game between
two attached engines (a second ``ygui gtp`` and the tests' tiny engine) in progress, and the
match dialog with its score after a two-game match. Look at every one.

    xvfb-run -a -s "-screen 0 1400x900x24" python scripts/engine_screenshots.py OUT_DIR

Settings go to a temporary folder (YGUI_HOME), never the user's.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="ygui-shots-"))
    os.environ["YGUI_HOME"] = str(home)

    from PySide6.QtWidgets import QApplication
    from screenshots import pause  # (not QTest.qWait: see there)

    from ygui.core.variants import GameOptions
    from ygui.engines import EngineSpec
    from ygui.session import Seat
    from ygui.settings import Settings
    from ygui.ui.engines_dialog import EnginesDialog
    from ygui.ui.main_window import MainWindow

    app = QApplication(sys.argv)
    window = MainWindow(Settings(), warm_up_engine=False)
    window.inform = lambda title, text: print("INFORM", title, text)  # type: ignore[method-assign]
    tiny = ROOT / "tests" / "tiny_gtp_engine.py"
    specs = [
        EngineSpec(
            "ygui gtp", f"{sys.executable} -m ygui gtp --threads 1", str(ROOT), "ygui-level 2", 0.3
        ),
        EngineSpec("Tiny", f"{sys.executable} {tiny} --random 7"),
    ]
    window.remember("engines", [s.to_json() for s in specs])
    window.show()
    pause(500)

    def shot(name: str) -> None:
        pause(200)
        path = out / f"{name}.png"
        if shutil.which("import") and os.environ.get("DISPLAY"):
            subprocess.run(["import", "-window", "root", str(path)], check=True)
        else:
            window.grab().save(str(path))
        print(path)

    def wait_until(condition: Callable[[], bool], ms: int = 60_000) -> None:
        waited = 0
        while not condition() and waited < ms:
            pause(50)
            waited += 50

    dialog = EnginesDialog(list(window.engine_specs().values()), window)
    dialog.show()
    dialog.test()
    wait_until(lambda: "ready" in dialog.test_result.text(), 30_000)
    shot("1-engines-dialog")
    dialog.reject()

    seats = (Seat("ygui gtp", True, 5, "ygui gtp"), Seat("Tiny", True, 5, "Tiny"))
    window.start_new_game(GameOptions(game="y", size=9).validated(), ("ygui gtp", "Tiny"), seats)
    wait_until(lambda: len(window.game.moves) >= 12 and window.game.to_move == 1, 60_000)
    wait_until(lambda: window.computer.thinking.isVisible(), 10_000)
    shot("2-engine-game-in-progress")
    window.act_pause_computers.trigger()
    pause(300)
    shot("2b-engine-game-paused")
    window.act_pause_computers.trigger()
    wait_until(lambda: window.game.is_over, 60_000)

    match = window.open_match()
    match.kinds[0].setCurrentIndex(match.kinds[0].findData("ygui gtp"))
    match.kinds[1].setCurrentIndex(match.kinds[1].findData(""))
    match.levels[1].setValue(2)
    match.size_box.setCurrentIndex(match.size_box.findData(7))
    match.games.setValue(2)
    match.seconds.setValue(0.3)
    match.folder.setText(str(home / "match"))
    match.move(window.x() + 40, window.y() + 120)
    match.start()
    wait_until(lambda: not match.running, 180_000)
    shot("3-match-dialog-with-score")
    print(match.score.text())
    for path in sorted((home / "match").glob("*.ysgf")):
        print(path.name)
    window.session.dirty = False
    window.close()
    app.quit()


if __name__ == "__main__":
    main()
