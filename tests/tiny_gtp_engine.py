"""A tiny GTP engine the tests attach to the window: it knows ygui-variant and plays the first
legal cell (or a random one), and it can misbehave on purpose.

    python tiny_gtp_engine.py [--mode MODE] [--random SEED]

Modes: good (the default), crash (exits at its first genmove), hang (never answers genmove),
illegal (answers genmove with an occupied cell or, on an empty board, a cell off the board),
garbage (answers genmove with words that are no cell), resign (resigns at its second genmove),
single (gives one stone a genmove, even in a turn of more), swap (swaps whenever the pie rule
lets it, else plays as good does), plain (knows no ygui-variant, only boardsize: a plain Y
engine), chatty (writes a lot to its error output and a line of chatter before each answer),
slow-start (sleeps before its first answer).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's ygui

from ygui.core.game import Game  # noqa: E402
from ygui.core.variants import GameOptions  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="good")
    parser.add_argument("--random", type=int, default=None)
    args = parser.parse_args()
    mode = args.mode
    rng = random.Random(args.random) if args.random is not None else None
    game = Game(GameOptions(game="y", size=5).validated())
    commands = [
        "protocol_version",
        "name",
        "version",
        "list_commands",
        "known_command",
        "quit",
        "boardsize",
        "clear_board",
        "play",
        "genmove",
    ]
    if mode != "plain":
        commands.append("ygui-variant")
    genmoves = 0
    out = sys.stdout
    if mode == "slow-start":
        time.sleep(1.0)
    for raw in sys.stdin:
        words = raw.split("#")[0].split()
        if not words:
            continue
        ident = words.pop(0) if words[0].isdigit() else ""
        name, rest = (words[0].lower(), words[1:]) if words else ("", [])
        ok, text = True, ""
        if mode == "chatty":
            sys.stderr.write("thinking hard\n" * 2000)
            out.write("chatter before the answer\n")
        if name not in commands:
            ok, text = False, "unknown command"
        elif name == "protocol_version":
            text = "2"
        elif name == "name":
            text = f"tiny-{mode}"
        elif name == "version":
            text = "0.1"
        elif name == "list_commands":
            text = "\n".join(commands)
        elif name == "known_command":
            text = "true" if rest and rest[0] in commands else "false"
        elif name == "quit":
            out.write(f"={ident}\n\n")
            out.flush()
            return 0
        elif name == "boardsize":
            game = Game(GameOptions(game="y", size=int(rest[0])).validated())
        elif name == "clear_board":
            game = Game(game.options, game.geometry)
        elif name == "ygui-variant":
            keys = dict(w.split("=", 1) for w in rest[1:])
            options = GameOptions.from_keys(rest[0], [f"{k}={v}" for k, v in keys.items()])
            game = Game(options)
        elif name == "play":
            try:
                move = game.parse_move(rest[1])
                reason = game.why_illegal(move)
            except Exception as exc:  # noqa: BLE001 - any bad vertex is refused
                reason = str(exc)
            if reason is None:
                game.play(move)
            else:
                ok, text = False, f"illegal move: {reason}"
        elif name == "genmove":
            genmoves += 1
            colour = game.to_move
            if mode == "crash":
                sys.stderr.write("tiny: something went badly wrong\n")
                sys.stderr.flush()
                return 3
            if mode == "hang":
                time.sleep(3600)
            if mode == "resign" and genmoves >= 2:
                text = "resign"
            elif mode == "illegal":
                taken = [c for c, col in enumerate(game.colours) if col]
                text = game.geometry.labels[taken[0]] if taken else "z99"
            elif mode == "garbage":
                text = "the middle one"
            elif mode == "single":  # one stone a genmove, whatever the turn
                cells = game.legal_cells()
                move = game.parse_move(game.geometry.labels[rng.choice(cells) if rng else cells[0]])
                game.play(move)
                text = game.move_text(move)
            elif mode == "swap" and game.can_swap:
                game.play(game.parse_move("swap"))
                text = "swap"
            else:
                played = []
                while not game.is_over and game.to_move == colour:
                    cells = game.legal_cells()  # it never swaps
                    cell = rng.choice(cells) if rng else cells[0]
                    move = game.parse_move(game.geometry.labels[cell])
                    game.play(move)
                    played.append(game.move_text(move))
                text = " ".join(played)
        out.write(f"{'=' if ok else '?'}{ident} {text}".rstrip() + "\n\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
