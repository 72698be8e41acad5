"""A tiny GTP engine for the tests: it knows ``ygui-variant`` for Y and plays the first empty
cell (or swaps when it may). Its first argument makes it misbehave: ``crash`` (dies at the
first genmove), ``hang`` (never answers genmove), ``illegal`` (plays an occupied cell),
``nonsense`` (answers without GTP's ``=``), ``plain`` (no ygui-variant), ``resign``."""

from __future__ import annotations

import sys
import time

from ygui.core.game import Game, Move
from ygui.core.variants import GameOptions


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    game = Game(GameOptions(game="y", size=5))
    commands = [
        "protocol_version",
        "name",
        "version",
        "list_commands",
        "clear_board",
        "play",
        "genmove",
        "quit",
    ]
    if mode != "plain":
        commands.append("ygui-variant")
    print("tiny engine starting", file=sys.stderr, flush=True)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        name, args = words[0], words[1:]
        answer = ""
        if name == "name":
            answer = "tiny"
        elif name == "version":
            answer = "1.0"
        elif name == "protocol_version":
            answer = "2"
        elif name == "list_commands":
            answer = "\n".join(commands)
        elif name == "ygui-variant" and mode != "plain":
            keys = dict(a.split("=", 1) for a in args[1:])
            game = Game(GameOptions.from_keys(args[0], [f"{k}={v}" for k, v in keys.items()]))
        elif name == "clear_board":
            game = Game(game.options)
        elif name == "play":
            game.play(game.parse_move(args[1]))
        elif name == "genmove":
            if mode == "crash":
                print("tiny engine: out of luck", file=sys.stderr, flush=True)
                sys.exit(3)
            if mode == "hang":
                time.sleep(3600)
            if mode == "nonsense":
                print("I think e5\n", flush=True)
                continue
            if mode == "resign":
                answer = "resign"
            elif mode == "illegal" and game.moves:
                answer = game.move_text(game.moves[0])
            else:
                cell = next(c for c in game.legal_cells())
                answer = game.move_text(Move(cell))
                game.play(Move(cell))
        elif name == "quit":
            print("=\n", flush=True)
            return
        else:
            print("? unknown command\n", flush=True)
            continue
        print(f"= {answer}\n", flush=True)


if __name__ == "__main__":
    main()
