"""``ygui render``: board images from the command line, with no window."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ygui.core.drawing import Orientation
from ygui.core.game import Game, IllegalMove
from ygui.core.geometry import BoardError, BoardGeometry
from ygui.core.limits import MAX_FIGURE_WIDTH, MIN_FIGURE_WIDTH
from ygui.core.record import RecordError, load_record
from ygui.core.variants import GameOptions, OptionsError, options_for_board


def build_game(args: argparse.Namespace) -> Game:
    """The game to draw: a record's final position, a board file's empty board or a fresh
    game, then ``--moves``."""
    if args.record:
        if args.game or args.size or args.set or args.board:
            raise OptionsError("give either a record or --game/--size/--set/--board, not both")
        game = load_record(args.record).to_game()
    elif args.board:
        if args.game or args.size or args.set:
            raise OptionsError("give either --board or --game/--size/--set, not both")
        try:
            geometry = BoardGeometry.read_file(args.board)
        except BoardError as exc:
            raise BoardError(f"{args.board} is not a valid board: {exc}") from None
        game = Game(options_for_board(geometry), geometry)
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
    if not MIN_FIGURE_WIDTH <= args.width <= MAX_FIGURE_WIDTH:
        print(
            f"ygui: the width must be {MIN_FIGURE_WIDTH} to {MAX_FIGURE_WIDTH:,} pixels, "
            f"not {args.width:,}",
            file=sys.stderr,
        )
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
        render_scene(scene, output, args.width)
    except (RenderError, OSError) as exc:
        print(f"ygui: {exc}", file=sys.stderr)
        return 2
    finally:
        del scene
        del app
    return 0
