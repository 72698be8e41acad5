"""Other programs as players: a client for any engine that speaks GTP (version 2).

``GtpClient`` starts an engine from its command line and talks to it over pipes: a command a
line, the answer read up to its blank line, within a time limit; the engine's error output is
read all along (so it never fills its pipe and stops) and its last lines are kept for the
message when it fails. ``EnginePlayer`` gives an engine the game (with ygui's own
``ygui-variant`` command, which an engine that plays ygui's games knows) and asks it for a turn.

No Qt here: the window runs these calls in a worker thread; the benchmarks call them directly.
"""

from __future__ import annotations

import contextlib
import queue
import shlex
import subprocess
import threading
from collections import deque
from collections.abc import Sequence
from pathlib import Path

from ygui.core.game import BLACK, SWAP, Game, IllegalMove, Move
from ygui.core.geometry import BoardError

REPLY_SECONDS = 10.0  # an answer to anything but genmove
MOVE_SECONDS = 600.0  # an answer to genmove, unless the caller says otherwise
STDERR_LINES = 20  # the engine's last lines of error output, for messages
MAX_REPLY_LINE = 1_000_000  # bytes of one line of an answer


class EngineError(Exception):
    """The engine failed: it would not start, died, did not answer in time or answered
    nonsense. The message says which, in words for the user."""


class EngineRefused(EngineError):
    """The engine answered a command with an error (``? message``)."""


class GtpClient:
    """One engine process, spoken to in GTP."""

    def __init__(self, command: str | Sequence[str], cwd: str | Path | None = None) -> None:
        args = shlex.split(command) if isinstance(command, str) else list(command)
        if not args:
            raise EngineError("no command line for the engine")
        self.command = args
        self.stderr_tail: deque[str] = deque(maxlen=STDERR_LINES)
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        try:
            self.process = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
            )
        except OSError as exc:
            raise EngineError(f"could not start {args[0]!r}: {exc.strerror or exc}") from None
        threading.Thread(target=self._read_out, daemon=True).start()
        self._err_reader = threading.Thread(target=self._read_err, daemon=True)
        self._err_reader.start()

    def _read_out(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        for line in iter(lambda: stdout.readline(MAX_REPLY_LINE), b""):
            self._lines.put(line)
        self._lines.put(None)  # the end: the engine closed its output or died

    def _read_err(self) -> None:
        stderr = self.process.stderr
        assert stderr is not None
        for line in iter(lambda: stderr.readline(MAX_REPLY_LINE), b""):
            self.stderr_tail.append(line.decode("utf-8", "replace").rstrip())

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def _died(self, doing: str) -> EngineError:
        # the output ended: give the process a moment to end and say its last words
        try:
            code: int | None = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            code = None
        self._err_reader.join(timeout=1)
        said = "; ".join(line for line in self.stderr_tail if line)[-500:]
        how = f"ended (exit code {code})" if code is not None else "closed its output"
        return EngineError(f"the engine {how} while {doing}" + (f": {said}" if said else ""))

    def send(self, command: str, seconds: float = REPLY_SECONDS) -> str:
        """The answer to ``command`` (without its ``=``); EngineRefused for a ``?`` answer,
        EngineError when the engine dies, hangs past ``seconds`` or answers nonsense."""
        doing = f"answering {command.split()[0]!r}" if command.split() else "starting"
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(command.encode("utf-8") + b"\n")
            stdin.flush()
        except OSError:
            raise self._died(doing) from None
        answer: list[str] = []
        while True:
            try:
                raw = self._lines.get(timeout=seconds)
            except queue.Empty:
                raise EngineError(
                    f"the engine did not answer {command.split()[0]!r} within {seconds:g} s"
                ) from None
            if raw is None:
                self._lines.put(None)  # later calls see the end too
                raise self._died(doing)
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if not answer:
                if not line.strip():
                    continue  # blank lines before an answer are allowed
                if line[0] not in "=?":
                    raise EngineError(f"the engine answered {line[:80]!r}, which is not GTP")
            elif not line.strip():
                break
            answer.append(line)
        head, rest = answer[0], answer[1:]
        text = "\n".join([head[1:].lstrip("0123456789").strip(), *rest]).strip()
        if head[0] == "?":
            raise EngineRefused(text or "refused")
        return text

    def close(self) -> None:
        """Ask the engine to quit; stop it if it does not within a few seconds."""
        if self.alive:
            with contextlib.suppress(EngineError):
                self.send("quit", seconds=3)
        try:
            self.process.wait(timeout=3)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


class EnginePlayer:
    """An engine as a player of ygui's games: it is told the game, and asked for turns."""

    def __init__(self, command: str | Sequence[str], cwd: str | Path | None = None) -> None:
        self.client = GtpClient(command, cwd)
        try:
            self.client.send("protocol_version")
            self.name = self.client.send("name") or self.client.command[0]
            try:
                self.version = self.client.send("version")
            except EngineRefused:
                self.version = ""
            self.commands = set(self.client.send("list_commands").lower().split())
        except EngineError:
            self.client.close()
            raise

    @property
    def title(self) -> str:
        return f"{self.name} {self.version}".strip()

    def set_game(self, game: Game) -> None:
        """Give the engine ``game``: its rules and board, then every move so far."""
        if "ygui-variant" not in self.commands:
            raise EngineError(
                f"{self.title} does not know the command ygui-variant, so it cannot be told "
                f"the game ({game.options.game}); only engines written for ygui's games can "
                "play here"
            )
        if game.setup or game.first_to_move != BLACK:
            raise EngineError(f"{self.title} cannot be given a position that was set up")
        standard = game.options.board()
        if game.geometry is not standard and game.geometry != standard:
            raise EngineError(f"{self.title} cannot be given a board of one's own")
        keys = " ".join(game.options.to_keys())
        self.client.send(f"ygui-variant {game.options.game} {keys}".strip())
        self.client.send("clear_board")
        replay = Game(game.options)
        for move in game.moves:
            colour = "black" if replay.to_move == BLACK else "white"
            self.client.send(f"play {colour} {replay.move_text(move)}")
            replay.play(move)

    def genmove(self, game: Game, seconds: float = MOVE_SECONDS) -> list[Move] | None:
        """The engine's turn in ``game`` (which it was given): its moves, checked against the
        rules, or None when it resigns. EngineError for an answer that is not a legal turn."""
        colour = "black" if game.to_move == BLACK else "white"
        answer = self.client.send(f"genmove {colour}", seconds)
        words = answer.replace(",", " ").split()
        if [w.lower() for w in words] == ["resign"]:
            return None
        if not words:
            raise EngineError(f"{self.title} answered genmove with nothing")
        trial = game.copy()
        moves = []
        for word in words:
            try:
                move = SWAP if word.lower() == "swap" else trial.parse_move(word)
                trial.play(move)
            except (BoardError, IllegalMove, ValueError) as exc:
                raise EngineError(f"{self.title} played {answer!r}: {exc}") from None
            moves.append(move)
        if not trial.is_over and trial.to_move == game.to_move:
            raise EngineError(f"{self.title} played {answer!r}, which does not end its turn")
        return moves

    def close(self) -> None:
        self.client.close()
