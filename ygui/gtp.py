"""``ygui gtp``: the engine as a GTP version 2 program on stdin and stdout (docs/design.md).

An illegal or malformed command gets a ``?`` reply and changes nothing.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import BinaryIO

from ygui import __version__
from ygui.ai.engine import (
    BOOK_LEVEL,
    LEVEL_PLAYOUTS,
    TREE_MEMORY,
    Engine,
    SearchLimits,
    engine_threads,
    max_threads,
)
from ygui.ai.solver import Solver
from ygui.core.diagram import diagram
from ygui.core.game import BLACK, WHITE, Game, IllegalMove
from ygui.core.geometry import BoardError, BoardGeometry
from ygui.core.limits import MAX_GTP_LINE
from ygui.core.variants import GameOptions, OptionsError, find_variant, options_for_board

DEFAULT_LEVEL = 5
SOLVE_SECONDS = 10.0  # ygui-solve without a time
SOLVE_MAP_SECONDS = 60.0  # ygui-solve-map without a time: for all the moves together
MAX_THREADS = max_threads()  # search threads (ygui-threads), each with a tree of its own
_COLOURS = {"b": BLACK, "black": BLACK, "red": BLACK, "w": WHITE, "white": WHITE, "blue": WHITE}


class GtpError(Exception):
    """Answered as '? message'."""


Handler = Callable[[list[str]], str]


class GtpEngine:
    def __init__(self, options: GameOptions | None = None, threads: int | None = None) -> None:
        self.options = (options or GameOptions()).validated()
        self.game = Game(self.options)
        self.quit = False
        self.commands: dict[str, Handler] = {
            "protocol_version": lambda a: "2",
            "name": lambda a: "ygui",
            "version": lambda a: __version__,
            "known_command": self._known_command,
            "list_commands": lambda a: "\n".join(self.commands),
            "quit": self._quit,
            "boardsize": self._boardsize,
            "clear_board": self._clear_board,
            "komi": self._komi,
            "play": self._play,
            "undo": self._undo,
            "showboard": lambda a: "\n" + diagram(self.game),
            "ygui-variant": self._variant,
            "ygui-winner": lambda a: self._colour_word(self.game.winner),
            "ygui-to-move": lambda a: self._colour_word(
                None if self.game.is_over else self.game.to_move
            ),
            "ygui-cells": lambda a: " ".join(self.game.geometry.labels),
            "ygui-sides": self._sides,
            "ygui-graph": self._graph,
            "ygui-board": self._board,
            "genmove": self._genmove,
            "ygui-playouts": self._playouts,
            "ygui-time": self._time,
            "ygui-level": self._level,
            "ygui-threads": self._threads,
            "ygui-solve": self._solve,
            "ygui-solve-map": self._solve_map,
        }
        self.limits = SearchLimits.level(DEFAULT_LEVEL)
        self.custom_board: BoardGeometry | None = None
        self._engine: Engine | None = None
        self._solver: Solver | None = None
        # one search tree a core (ygui-threads changes it); a playout budget is shared out
        self.threads = engine_threads() if threads is None else threads

    # ----- the loop -------------------------------------------------------------------
    def handle(self, raw: str) -> str | None:
        """The full reply to one input line (None for a blank or comment line)."""
        line = "".join(ch for ch in raw.split("#", 1)[0] if ch == "\t" or ch >= " ")
        words = line.replace("\t", " ").split()
        if not words:
            return None
        ident = ""
        if words[0].isascii() and words[0].isdigit():  # a GTP id is ASCII digits only
            ident = words.pop(0)
            if not words:
                return f"?{ident} syntax error: no command\n\n"
        name, args = words[0].lower(), words[1:]
        handler = self.commands.get(name)
        try:
            if handler is None:
                raise GtpError("unknown command")
            answer = handler(args)
        except GtpError as exc:
            return f"?{ident} {exc}\n\n"
        return f"={ident} {answer}".rstrip(" ") + "\n\n"

    def run(self, stdin: BinaryIO, stdout: BinaryIO) -> None:
        """Answer every line of ``stdin`` until ``quit`` or its end. Input is read as bytes
        whatever the locale: bytes that are not UTF-8 become replacement characters, and a
        line longer than MAX_GTP_LINE is skipped with an error reply, so any byte sequence
        gets a well-formed answer. Replies are written as UTF-8."""
        for raw in read_lines(stdin):
            if raw is None:
                reply: str | None = f"? syntax error: a line is at most {MAX_GTP_LINE:,} bytes\n\n"
            else:
                reply = self.handle(raw.decode("utf-8", "replace"))
            if reply is not None:
                stdout.write(reply.encode("utf-8", "replace"))
                stdout.flush()
            if self.quit:
                break

    # ----- standard commands -----------------------------------------------------------
    def _known_command(self, args: list[str]) -> str:
        _need(args, 1, "known_command NAME")
        return "true" if args[0].lower() in self.commands else "false"

    def _quit(self, args: list[str]) -> str:
        self.quit = True
        return ""

    def _new_game(self, options: GameOptions, geometry: BoardGeometry | None = None) -> None:
        try:
            game = Game(options, geometry)
        except (OptionsError, BoardError) as exc:
            raise GtpError(str(exc)) from None
        self.options, self.game, self.custom_board = game.options, game, geometry

    def _boardsize(self, args: list[str]) -> str:
        _need(args, 1, "boardsize N")
        self._new_game(self._options_with(self.options.game, [f"size={args[0]}"], keep=True))
        return ""

    def _clear_board(self, args: list[str]) -> str:
        self._new_game(self.options, self.custom_board)
        return ""

    def _komi(self, args: list[str]) -> str:
        """komi VALUE: a command GTP asks every engine to know, which tools send whatever the
        game; Y has no komi, so the value is taken and has no effect."""
        _need(args, 1, "komi FLOAT")
        try:
            float(args[0])
        except ValueError:
            raise GtpError(f"syntax error: komi takes a number, not {args[0]!r}") from None
        return ""

    def _board(self, args: list[str]) -> str:
        """ygui-board PATH: play on a board of one's own (a JSON file): Y on three sides,
        Poly-Y on an odd number, whatever the game before (after ygui-variant hexagonal-y it
        was refused as if the board were not Y's, tester 61); the pie rule, the turns and a
        handicap stay as they were set."""
        if not args:
            raise GtpError("syntax error: usage: ygui-board PATH")
        # the rest of the line is the path: spaces in it, quotes round it and a ~ for the
        # home folder as a shell has them (each was refused or not found, and the message
        # named the file alone: tester 72)
        text = " ".join(args)
        if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
            text = text[1:-1]
        path = os.path.expanduser(text)
        try:
            geometry = BoardGeometry.read_file(path)
            game = options_for_board(geometry).game
        except (BoardError, OptionsError) as exc:
            raise GtpError(f"invalid board ({os.path.abspath(path)}): {exc}") from None
        old = self.options
        pie = old.pie if old.game in ("y", "poly-y") else None
        options = GameOptions(game, pie=pie, turns=old.turns, handicap=old.handicap)
        self._new_game(options, geometry)
        return ""

    def _play(self, args: list[str]) -> str:
        _need(args, 2, "play COLOR VERTEX")
        colour = self._colour(args[0])
        if args[1].lower() == "pass":
            raise GtpError("illegal move: there is no pass in this game")
        game = self.game
        if game.winner is not None:
            raise GtpError("illegal move: the game is over")
        try:
            move = game.parse_move(args[1])
        except BoardError as exc:  # (said before the turn: an off-board cell played out of
            # turn was told only of the turn, tester 61)
            raise GtpError(f"illegal move: {exc}") from None
        if colour != game.to_move:
            raise GtpError(f"illegal move: it is {self._colour_word(game.to_move)}'s turn")
        try:
            game.play(move)
        except (BoardError, IllegalMove) as exc:
            raise GtpError(f"illegal move: {exc}") from None
        return ""

    def _undo(self, args: list[str]) -> str:
        try:
            self.game.undo()
        except IllegalMove:
            raise GtpError("cannot undo") from None
        self.game.redo_moves.clear()
        return ""

    # ----- the engine -------------------------------------------------------------------
    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = Engine(seed=self.limits.seed, threads=self.threads)
        return self._engine

    def _genmove(self, args: list[str]) -> str:
        _need(args, 1, "genmove COLOR")
        colour = self._colour(args[0])
        game = self.game
        if game.is_over:
            raise GtpError("the game is over")
        if colour != game.to_move:
            raise GtpError(f"it is {self._colour_word(game.to_move)}'s turn")
        played = []
        while not game.is_over and game.to_move == colour:
            result = self.engine.search(game, self.limits)
            game.play(result.move)
            played.append(game.move_text(result.move))
            if result.move.is_swap:
                break
        return " ".join(played)

    def _playouts(self, args: list[str]) -> str:
        _need(args, 1, "ygui-playouts N")
        number = _number(args[0], int, 1, 50_000_000)
        # the opening book as the levels have it: for a budget of a strong level
        book = number >= LEVEL_PLAYOUTS[BOOK_LEVEL]
        self.limits = replace(
            self.limits, playouts=int(number), seconds=None, book=book, scaled=False
        )
        return ""

    def _time(self, args: list[str]) -> str:
        _need(args, 1, "ygui-time SECONDS")
        seconds = _number(args[0], float, 0.001, 3600.0)
        self.limits = replace(
            self.limits, playouts=50_000_000, seconds=float(seconds), book=True, scaled=False
        )
        return ""

    def _level(self, args: list[str]) -> str:
        _need(args, 1, "ygui-level L")
        level = int(_number(args[0], int, 1, 10))
        self.limits = SearchLimits.level(level, self.limits.seed)
        return ""

    def _threads(self, args: list[str]) -> str:
        _need(args, 1, "ygui-threads N")
        threads = int(_number(args[0], int, -(2**63), 2**63))
        if threads < 1:  # (the range said 1 to 100000, the refusal of 100 at most 32: tester 61)
            raise GtpError(f"{args[0]} is out of range (1 to {MAX_THREADS})")
        if threads > MAX_THREADS:
            raise GtpError(threads_refused(threads))
        if threads != self.threads:
            self.threads = threads
            self._engine = None  # a new engine with that many trees (root parallel)
        return ""

    # ----- the solver ----------------------------------------------------------------------
    @property
    def solver(self) -> Solver:
        if self._solver is None:
            self._solver = Solver()
        return self._solver

    def _solve_seconds(self, args: list[str], usage: str, default: float) -> float:
        if len(args) > 1:
            raise GtpError(f"syntax error: usage: {usage}")
        return float(_number(args[0], float, 0.001, 86_400.0)) if args else default

    def _solve(self, args: list[str]) -> str:
        """ygui-solve [SECONDS]: the winner with perfect play (black, white, draw or unknown)
        and, when the player to move wins, a winning move (a cell, or swap)."""
        seconds = self._solve_seconds(args, "ygui-solve [SECONDS]", SOLVE_SECONDS)
        proof = self.solver.solve(self.game, seconds)
        if proof.winner is None:
            return "draw" if proof.draw else "unknown"
        word = self._colour_word(proof.winner)
        return word if proof.move is None else f"{word} {self.game.move_text(proof.move)}"

    def _solve_map(self, args: list[str]) -> str:
        """ygui-solve-map [SECONDS]: each legal move and the winner after it, one a line
        (unknown where the time, shared out among the moves, ran out)."""
        seconds = self._solve_seconds(args, "ygui-solve-map [SECONDS]", SOLVE_MAP_SECONDS)
        if self.game.is_over:
            raise GtpError("the game is over")
        moves = self.game.legal_moves()
        solved = self.solver.solve_map(self.game, seconds / len(moves))
        return "\n".join(
            f"{self.game.move_text(m)} {self._colour_word(w) if w else 'unknown'}"
            for m, w in solved.results.items()
        )

    # ----- extensions ------------------------------------------------------------------
    def _variant(self, args: list[str]) -> str:
        if not args:
            raise GtpError("syntax error: usage: ygui-variant NAME [key=value ...]")
        self._new_game(self._options_with(args[0], args[1:], keep=False))
        return ""

    def _options_with(self, game: str, words: list[str], keep: bool) -> GameOptions:
        try:
            base = [w for w in self.options.to_keys() if not w.startswith("size=")] if keep else []
            return GameOptions.from_keys(find_variant(game).name, base + words)
        except OptionsError as exc:
            raise GtpError(str(exc)) from None

    def _sides(self, args: list[str]) -> str:
        g = self.game.geometry
        return "\n".join(
            f"{name}: {' '.join(g.labels[c] for c in cells)}"
            for name, cells in zip(g.side_names, g.sides, strict=True)
        )

    def _graph(self, args: list[str]) -> str:
        g = self.game.geometry
        return "\n".join(
            f"{g.labels[c]}: {' '.join(g.labels[n] for n in g.neighbours[c])}"
            for c in range(g.size)
        )

    # ----- helpers --------------------------------------------------------------------
    @staticmethod
    def _colour(word: str) -> int:
        try:
            return _COLOURS[word.lower()]
        except KeyError:
            raise GtpError(f"syntax error: {word!r} is not a colour") from None

    @staticmethod
    def _colour_word(colour: int | None) -> str:
        return {BLACK: "black", WHITE: "white"}.get(colour or 0, "none")


def _number(text: str, kind: type, low: float, high: float) -> float:
    try:
        value = kind(text)
    except ValueError:
        raise GtpError(f"syntax error: {text!r} is not a number") from None
    if not low <= value <= high:
        raise GtpError(f"{text} is out of range ({low} to {high})")
    return float(value)


def threads_refused(threads: int) -> str:
    return (
        f"{threads} search trees would not fit in the search memory "
        f"({TREE_MEMORY // 1_000_000} MB for all trees together): at most {MAX_THREADS} threads"
    )


def _need(args: list[str], count: int, usage: str) -> None:
    if len(args) != count:
        raise GtpError(f"syntax error: usage: {usage}")


def read_lines(stream: BinaryIO) -> Iterator[bytes | None]:
    """The lines of ``stream``, each at most MAX_GTP_LINE bytes; None for a longer line, whose
    rest is read and dropped without being kept."""
    while True:
        line = stream.readline(MAX_GTP_LINE + 1)
        if not line:
            return
        if len(line) > MAX_GTP_LINE and not line.endswith(b"\n"):
            while True:  # the rest of the line, in bounded pieces
                rest = stream.readline(MAX_GTP_LINE)
                if not rest or rest.endswith(b"\n"):
                    break
            yield None
            continue
        yield line


def main(threads: int | None = None) -> int:
    GtpEngine(threads=threads).run(sys.stdin.buffer, sys.stdout.buffer)
    return 0
