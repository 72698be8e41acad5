"""The ``ygui`` command: the window by default, and subcommands for scripts and tools."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ygui import __version__
from ygui.core.geometry import BoardError
from ygui.core.record import atomic_write_text
from ygui.core.variants import VARIANTS, GameOptions, OptionsError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ygui", description="Play and study the Y family of connection games."
    )
    parser.add_argument("--version", action="version", version=f"ygui {__version__}")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("gtp", help="speak GTP version 2 on stdin/stdout (for tools and front ends)")
    board = sub.add_parser("board", help="write a board's geometry as JSON (to edit into your own)")
    board.add_argument("game", choices=list(VARIANTS), help="the game whose board to write")
    board.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an option, as in GTP's ygui-variant (size=N, corners=K, ...)",
    )
    board.add_argument("-o", "--output", required=True, help="the JSON file to write")
    check = sub.add_parser("check-board", help="validate a board JSON file and describe it")
    check.add_argument("file")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "gtp":
        from ygui.gtp import main as gtp_main

        return gtp_main()
    if args.command == "board":
        return _write_board(args.game, args.set, Path(args.output))
    if args.command == "check-board":
        return _check_board(Path(args.file))
    _parser().print_help()
    return 0


def _write_board(game: str, keys: list[str], output: Path) -> int:
    try:
        options = GameOptions.from_keys(game, keys)
        atomic_write_text(output, options.board().to_json() + "\n")
    except (OptionsError, BoardError, OSError) as exc:
        print(f"ygui: {exc}", file=sys.stderr)
        return 2
    return 0


def _check_board(path: Path) -> int:
    from ygui.core.geometry import BoardGeometry

    try:
        geometry = BoardGeometry.from_json(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        print(f"ygui: cannot read {path}: {exc}", file=sys.stderr)
        return 2
    except BoardError as exc:
        print(f"ygui: {path} is not a valid board: {exc}", file=sys.stderr)
        return 2
    sides = ", ".join(
        f"{n} ({len(c)})" for n, c in zip(geometry.side_names, geometry.sides, strict=True)
    )
    print(
        f"{geometry.name}: {geometry.size} cells, {len(geometry.edges)} adjacencies, sides {sides}"
    )
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
