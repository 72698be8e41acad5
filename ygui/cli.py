"""The ``ygui`` command: the window by default, and subcommands for scripts and tools."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path

from ygui import __version__
from ygui.core.geometry import BoardError
from ygui.core.limits import MAX_FIGURE_WIDTH, MIN_FIGURE_WIDTH
from ygui.core.record import atomic_write_text
from ygui.core.variants import VARIANTS, GameOptions, OptionsError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ygui",
        description="Play and study the Y family of connection games.",
        # (the window's own use, "ygui FILE", was in the README alone: tester 55)
        epilog="Without a command, ygui opens its window: 'ygui' alone, or 'ygui FILE' with a "
        "game record (.ysgf, .sgf) to open in it.",
    )
    parser.add_argument("--version", action="version", version=f"ygui {__version__}")
    sub = parser.add_subparsers(dest="command")
    gtp = sub.add_parser(
        "gtp", help="speak GTP version 2 on stdin/stdout (for tools and front ends)"
    )
    gtp.add_argument(
        "--threads",
        type=_thread_count,
        default=None,
        help="search threads (default: one a core, at most 8; ygui-threads N changes it)",
    )
    board = sub.add_parser("board", help="write a board's geometry as JSON (to edit into your own)")
    board.add_argument("game", choices=list(VARIANTS), help="the game whose board to write")
    board.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an option, as in GTP's ygui-variant (size=N, corners=K, ...)",
    )
    board.add_argument(
        "-o",
        "--output",
        default="-",
        help="the JSON file to write (without it, or with -, written to standard output: "
        "'ygui board y > b.json' stopped at a missing -o and left b.json empty, tester 81)",
    )
    check = sub.add_parser("check-board", help="validate a board JSON file and describe it")
    check.add_argument("file")
    render = sub.add_parser("render", help="draw a board or a game as PNG or SVG, without a window")
    render.add_argument("record", nargs="?", help="a game record to draw (its final position)")
    render.add_argument(
        "--board", default=None, metavar="FILE.json", help="a board file of one's own to draw"
    )
    render.add_argument("--game", default=None, choices=list(VARIANTS))
    render.add_argument("--size", type=int, default=None)
    render.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    render.add_argument("--moves", default="", help='moves in the game\'s notation, "a1 swap b2"')
    render.add_argument("--labels", action="store_true", help="show the cell names")
    render.add_argument("--theme", choices=("light", "dark"), default="light")
    render.add_argument(
        "--rotate",
        type=int,
        default=0,
        metavar="STEPS",
        help="turn the board STEPS steps clockwise (a step is a third of a turn on a triangle, "
        "a sixth on a hexagon)",
    )
    render.add_argument("--mirror", action="store_true", help="mirror the board left to right")
    render.add_argument(
        "--width",
        type=int,
        default=1000,
        help=f"image width in pixels ({MIN_FIGURE_WIDTH} to {MAX_FIGURE_WIDTH:,})",
    )
    render.add_argument("-o", "--output", required=True, help="FILE.png or FILE.svg")
    sub.add_parser(
        "warmup", help="compile the computer player into its cache (the window does this itself)"
    )
    desktop = sub.add_parser(
        "desktop", help="put ygui in the desktop's menus, with its icon and file type, or remove it"
    )
    desktop.add_argument("action", choices=("install", "uninstall"))
    sub.add_parser(
        "self-check",
        help="open the window, let the computer get ready and play it a move, and say how it went",
    )
    return parser


def _thread_count(text: str) -> int:
    from ygui.gtp import MAX_THREADS, threads_refused

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not 1 to {MAX_THREADS}")
    if value > MAX_THREADS:
        raise argparse.ArgumentTypeError(threads_refused(value))
    return value


COMMANDS = ("gtp", "board", "check-board", "render", "warmup", "self-check", "desktop")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or (argv[0] not in COMMANDS and not argv[0].startswith("-")):
        return _window(argv)
    args = _parser().parse_args(argv)
    if args.command == "render":
        try:
            from ygui.ui.render_cli import render_command
        except ImportError as exc:
            return _qt_missing(exc)
        return render_command(args)
    if args.command == "gtp":
        from ygui.gtp import main as gtp_main

        return gtp_main(args.threads)
    if args.command == "self-check":
        if (why := no_display()) is not None:
            return _say_no_display(why, "self-check")
        try:
            from ygui.ui.self_check import run_check
        except ImportError as exc:
            return _qt_missing(exc)
        return run_check()
    if args.command == "desktop":
        from ygui.desktop import main as desktop_main

        return desktop_main(args.action)
    if args.command == "warmup":
        from ygui.ai.warmup import main as warmup_main

        return warmup_main()
    if args.command == "board":
        return _write_board(args.game, args.set, None if args.output == "-" else Path(args.output))
    if args.command == "check-board":
        return _check_board(Path(args.file))
    _parser().print_help()
    return 0


def no_display(environ: Mapping[str, str] | None = None) -> str | None:
    """Why a window cannot open here, if that can be told before Qt tries (Qt then aborts
    the process with its own words, "xcb-cursor0 ... is needed ... Reinstalling the
    application may fix this problem", where nothing was wrong with the install: tester 72);
    None where it may open. Only on Linux and the BSDs, where windows need a display server:
    neither DISPLAY nor WAYLAND_DISPLAY set, or a local X display with no server's socket."""
    env = os.environ if environ is None else environ
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None
    platform = env.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith(("xcb", "wayland")):
        return None  # (offscreen, vnc, eglfs...: no display server asked for)
    display, wayland = env.get("DISPLAY", ""), env.get("WAYLAND_DISPLAY", "")
    if not display and not wayland:
        return "neither DISPLAY nor WAYLAND_DISPLAY is set"
    local = re.fullmatch(r"(?:unix)?:(\d+)(?:\.\d+)?", display)
    sockets = Path("/tmp/.X11-unix")
    if (
        not wayland
        and local is not None
        and sockets.is_dir()
        and not (sockets / f"X{local.group(1)}").exists()
    ):
        return f"no X server is running at DISPLAY={display}"
    return None


def _say_no_display(why: str, what: str = "the window") -> int:
    print(
        f"ygui: {what} needs a display, and there is none here: {why}.\n"
        "Start ygui from a desktop session (or an ssh session with X forwarding); for a check "
        "without a window, set QT_QPA_PLATFORM=offscreen.",
        file=sys.stderr,
    )
    return 2


def _window(files: list[str]) -> int:
    if (why := no_display()) is not None:
        return _say_no_display(why)
    try:
        from ygui.ui.app import run
    except ImportError as exc:
        return _qt_missing(exc)
    return run(files)


def _qt_missing(exc: ImportError) -> int:
    print(
        f"ygui: Qt could not be loaded ({exc}).\n"
        "PySide6-Essentials is installed with ygui (pip install --force-reinstall ygui repairs "
        "a broken install); if it is there, the system lacks a library Qt needs: see the "
        "README's list of system packages.",
        file=sys.stderr,
    )
    return 2


def _write_board(game: str, keys: list[str], output: Path | None) -> int:
    """Write the board's file to ``output``, or to standard output (None)."""
    try:
        options = GameOptions.from_keys(game, keys)
        text = options.board().to_file_text()
        if output is None:
            sys.stdout.write(text)
        else:
            atomic_write_text(output, text)
    except (OptionsError, BoardError, OSError) as exc:
        print(f"ygui: {exc}", file=sys.stderr)
        return 2
    return 0


def _check_board(path: Path) -> int:
    """Check a board file, and say how it is played (Y on three sides, Poly-Y on an odd
    number) or why it cannot be: a four-sided board passed here and was refused by the
    window (tester 61)."""
    from ygui.core.geometry import BoardGeometry
    from ygui.core.variants import options_for_board

    if not path.exists():
        print(f"ygui: there is no file {path}", file=sys.stderr)
        return 2
    try:
        geometry = BoardGeometry.read_file(path)
    except BoardError as exc:
        print(f"ygui: {path} is not a valid board: {exc}", file=sys.stderr)
        return 2
    sides = ", ".join(
        f"{n} ({len(c)})" for n, c in zip(geometry.side_names, geometry.sides, strict=True)
    )
    print(
        f"{geometry.name}: {geometry.size} cells, {len(geometry.edges)} adjacencies, sides {sides}"
    )
    try:
        options = options_for_board(geometry)
    except OptionsError as exc:
        print(f"ygui: {path} cannot be played: {exc}", file=sys.stderr)
        return 2
    how = "three sides" if options.game == "y" else f"{len(geometry.sides)} corners"
    print(f"Played as {options.variant.title} ({how}).")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
