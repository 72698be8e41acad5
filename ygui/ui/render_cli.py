"""``ygui render``: board images from the command line, with no window."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ygui.core.drawing import Orientation
from ygui.core.game import Game, IllegalMove
from ygui.core.geometry import BoardError
from ygui.core.record import RecordError, load_record
from ygui.core.variants import GameOptions, OptionsError


def build_game(args: argparse.Namespace) -> Game:
    """The game to draw: a record's final position, or a fresh game, then ``--moves``."""
    if args.record:
        if args.game or args.size or args.set:
            raise OptionsError("give either a record or --game/--size/--set, not both")
        game = load_record(args.record).to_game()
    else:
        keys = list(args.set) + ([f"size={args.size}"] if args.size is not None else [])
        game = Game(GameOptions.from_keys(args.game or "y", keys))
    for number, word in enumerate(args.moves.replace(",", " ").split(), start=1):
        try:
            game.play(game.parse_move(word))
        except (BoardError, IllegalMove) as exc:
            raise IllegalMove(f"move {number} ({word}): {exc}") from None
    return game


def render_command(args: argparse.Namespace) -> int:
    output = Path(args.output)
    if output.suffix.lower() not in (".png", ".svg"):
        print("ygui: the output file must end in .png or .svg", file=sys.stderr)
        return 2
    try:
        game = build_game(args)
    except (OptionsError, BoardError, IllegalMove, RecordError) as exc:
        print(f"ygui: {exc}", file=sys.stderr)
        return 2
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from ygui.ui.board_scene import BoardScene
    from ygui.ui.render import RenderError, render_scene
    from ygui.ui.theme import THEMES

    app = QApplication.instance() or QApplication([])
    orientation = Orientation(args.rotate, args.mirror)
    scene = BoardScene(game, THEMES[args.theme], args.labels, orientation)
    try:
        render_scene(scene, output, max(64, args.width))
    except (RenderError, OSError) as exc:
        print(f"ygui: {exc}", file=sys.stderr)
        return 2
    finally:
        del scene
        del app
    return 0
