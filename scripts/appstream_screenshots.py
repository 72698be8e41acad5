"""Make the screenshots the AppStream metadata shows (packaging/screenshots/*.png).

Each is a game the engine plays against itself for a few moves, drawn by ``ygui render``, so
the pictures are of real boards as ygui draws them. Run it again when the drawing changes:
``.venv/bin/python scripts/appstream_screenshots.py``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ygui.ai.engine import Engine, SearchLimits
from ygui.core.game import Game
from ygui.core.variants import GameOptions

OUT = Path(__file__).resolve().parents[1] / "packaging" / "screenshots"
# (game, options as ygui render --set takes them, moves played, theme)
SHOTS: tuple[tuple[str, list[str], int, str], ...] = (
    ("y", ["size=11"], 24, "light"),
    ("game-of-y", [], 26, "light"),
    ("poly-y", [], 30, "dark"),
    ("starboard-y", [], 20, "light"),
)


def moves_of(game_name: str, keys: list[str], count: int) -> str:
    game = Game(GameOptions.from_keys(game_name, keys))
    engine = Engine(seed=7)
    words = []
    for _ in range(count):
        if game.is_over:
            break
        move = engine.search(game, SearchLimits(playouts=3000)).move
        words.append("swap" if move.is_swap else game.geometry.labels[move.cell or 0])
        game.play(move)
    return " ".join(words)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for game_name, keys, count, theme in SHOTS:
        moves = moves_of(game_name, keys, count)
        target = OUT / f"{game_name}.png"
        sets = [arg for key in keys for arg in ("--set", key)]
        command = [sys.executable, "-m", "ygui", "render", "--game", game_name, *sets]
        command += ["--moves", moves, "--theme", theme, "--labels", "--width", "900"]
        subprocess.run([*command, "-o", str(target)], check=True)
        print(f"{target.name}: {moves}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
