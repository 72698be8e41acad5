"""Other GTP engines as players (no Qt): start one by its command line, speak GTP to it, give
it the game and ask it for moves; and the bookkeeping of a match between two players.

Every call here may block (it waits for the engine), so the window makes them in a worker
thread. An engine is never trusted: a reply that is not a legal move of the game, an engine
that stops, or one that does not answer in time ends in an ``EngineError`` whose message says
what happened in words; a hung or dead engine is killed.
"""

from __future__ import annotations

import contextlib
import os
import queue
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, NoReturn

from ygui.core.game import BLACK, WHITE, Game, Move
from ygui.core.geometry import BoardError
from ygui.core.limits import MAX_GTP_LINE
from ygui.core.result import FORFEIT, RESIGNATION, Result
from ygui.core.wording import capitalised

START_TIMEOUT = 30.0  # seconds for the first answer (an engine may load a network first)
COMMAND_TIMEOUT = 30.0  # seconds for any answer but a move
MOVE_TIMEOUT = 300.0  # seconds for a move when no time a move is set
MOVE_GRACE = 30.0  # beyond twice the time a move, before an engine is taken as hung
EXIT_WAIT = 0.2  # seconds a failing engine has to end by itself, for its exit code
QUIT_TIMEOUT = 3.0  # seconds an engine has to end after quit, before it is killed
STDERR_LINES = 20  # the last lines of an engine's error output, kept for messages
MAX_TURN_ROUNDS = 64  # genmove asked again while an engine leaves stones of its turn
MAX_NAME = 100
MAX_COMMAND = 4000
COLOUR_WORDS = {BLACK: "b", WHITE: "w"}


def this_ygui_command() -> str:
    """The command line that starts the ygui running now as a GTP engine: the same Python and
    installation (or the same bundled program), whatever is on the PATH."""
    if getattr(sys, "frozen", False):  # a bundled program: the program itself
        return shlex.join([sys.executable, "gtp"])
    # (-P: not the folder it starts in first on the import path, where a folder named ygui,
    # such as ygui's own data folder, hid the package: "cannot import name '__version__'",
    # tester 69)
    return shlex.join([sys.executable, "-P", "-m", "ygui", "gtp"])


class EngineError(Exception):
    """The engine failed: it could not start, stopped, hung, or broke the protocol."""


class CannotPlay(EngineError):
    """The engine works but cannot play this game (it lacks ygui-variant, or refused it)."""


class BadMove(EngineError):
    """The engine answered genmove with something that is not a legal turn: it forfeits."""


@dataclass(frozen=True)
class EngineSpec:
    """An attached engine as the user described it."""

    name: str
    command: str
    folder: str = ""  # the working directory ("" for the current one)
    commands: str = ""  # GTP commands sent after it starts, separated by ';'
    seconds: float = 0.0  # time a move asked of it (ygui-time or time_settings); 0: its own

    def argv(self) -> list[str]:
        """The command line as words (shlex, POSIX quoting); EngineError if it has none."""
        try:
            words = shlex.split(self.command)
        except ValueError as exc:
            raise EngineError(f"the command line of {self.name} cannot be read: {exc}") from None
        if not words:
            raise EngineError(f"{self.name} has no command line")
        return words

    def initial_commands(self) -> list[str]:
        return [c.strip() for c in self.commands.split(";") if c.strip()]

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "command": self.command,
            "folder": self.folder,
            "commands": self.commands,
            "seconds": self.seconds,
        }

    @staticmethod
    def from_json(data: object) -> EngineSpec | None:
        """An engine from the settings; None if the entry is not one."""
        if not isinstance(data, dict):
            return None
        name, command = data.get("name"), data.get("command")
        folder, commands = data.get("folder", ""), data.get("commands", "")
        seconds = data.get("seconds", 0.0)
        texts = (name, command, folder, commands)
        if not all(isinstance(t, str) for t in texts) or not isinstance(seconds, (int, float)):
            return None
        if isinstance(seconds, bool) or not 0 <= seconds <= 3600:
            return None
        assert isinstance(name, str) and isinstance(command, str)
        if not name.strip() or len(name) > MAX_NAME or not command or len(command) > MAX_COMMAND:
            return None
        if not getattr(sys, "frozen", False) and command == shlex.join(
            [sys.executable, "-m", "ygui", "gtp"]
        ):
            # "Add this ygui" before -P (this_ygui_command): kept in the settings, it broke
            # whenever ygui was started beside a folder named ygui (tester 69)
            command = this_ygui_command()
        return EngineSpec(name.strip(), command, str(folder), str(commands), float(seconds))


def is_engine_list(value: object) -> bool:
    """A settings value that is a list of engines with distinct names."""
    if not isinstance(value, list) or len(value) > 100:
        return False
    specs = [EngineSpec.from_json(v) for v in value]
    names = [s.name for s in specs if s is not None]
    return len(names) == len(specs) and len(set(names)) == len(names)


@dataclass(frozen=True)
class EngineInfo:
    """What an engine says of itself once started."""

    name: str
    version: str
    protocol: str
    commands: frozenset[str]

    def knows(self, command: str) -> bool:
        return command in self.commands

    @property
    def title(self) -> str:
        return f"{self.name} {self.version}".strip()


_EOF = object()


class GtpClient:
    """One running engine and the GTP conversation with it. ``send`` blocks until the answer,
    the engine's end or the timeout; any failure but a '?' answer leaves the engine killed."""

    def __init__(self, spec: EngineSpec) -> None:
        self.spec = spec
        self._ident = 0
        self._lines: queue.Queue[object] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self.dead: str | None = None  # why the engine is no longer usable
        self.waiting = False  # a command's answer is awaited (another thread may read this)
        folder = spec.folder.strip() or None
        if folder is not None and not Path(folder).is_dir():
            raise EngineError(f"the folder {folder} of {spec.name} does not exist")
        try:
            self.process = subprocess.Popen(
                spec.argv(),
                cwd=folder,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=os.name == "posix",  # the engine's children are its own
            )
        except OSError as exc:
            program = spec.argv()[0]
            raise EngineError(
                f"{spec.name} could not be started: {program}: {exc.strerror or exc}"
            ) from None
        assert self.process.stdout is not None and self.process.stderr is not None
        self._threads = [
            threading.Thread(target=self._read_stdout, args=(self.process.stdout,), daemon=True),
            threading.Thread(target=self._read_stderr, args=(self.process.stderr,), daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    # ----- reading, in threads of their own (an engine never blocks on a full pipe) --------
    def _read_stdout(self, stream: IO[bytes]) -> None:
        try:
            while True:
                line = stream.readline(MAX_GTP_LINE)
                if not line:
                    break
                self._lines.put(line.decode("utf-8", "replace").rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        self._lines.put(_EOF)

    def _read_stderr(self, stream: IO[bytes]) -> None:
        try:
            while True:
                line = stream.readline(MAX_GTP_LINE)
                if not line:
                    break
                self._stderr.append(line.decode("utf-8", "replace").rstrip())
        except (OSError, ValueError):
            pass

    @property
    def stderr_tail(self) -> str:
        return "\n".join(self._stderr)

    # ----- the conversation --------------------------------------------------------------
    def send(self, command: str, timeout: float = COMMAND_TIMEOUT) -> str:
        """Send one command; its answer's text (without '=' and id). A '?' answer raises
        EngineError with the engine's message; the engine stays usable."""
        if self.dead is not None:
            raise EngineError(self.dead)
        name = self.spec.name
        self._ident += 1
        ident = self._ident
        line = f"{ident} {command}\n"
        try:
            assert self.process.stdin is not None
            self.process.stdin.write(line.encode("utf-8"))
            self.process.stdin.flush()
        except (OSError, ValueError):
            self._fail(f"{name} stopped before `{command}` could be sent")
        self.waiting = True
        try:
            ok, text = self._answer(command, ident, time.monotonic() + timeout, timeout)
        finally:
            self.waiting = False
        if not ok:
            raise EngineRefusal(command, text or "no reason given", name)
        return text

    def _answer(
        self, command: str, ident: int, deadline: float, timeout: float
    ) -> tuple[bool, str]:
        """The answer to the command sent with ``ident``: (True, text) or (False, message)."""
        name = self.spec.name
        sent = f"{ident} {command}"
        first: str | None = None
        body: list[str] = []
        ignored = 0
        while True:
            left = deadline - time.monotonic()
            try:
                item = (
                    self._lines.get(timeout=max(0.0, left))
                    if left > 0
                    else self._lines.get_nowait()
                )
            except queue.Empty:
                self._fail(
                    f"{name} did not answer `{command}` within {timeout:g} seconds, "
                    "so it was stopped"
                )
            if item is _EOF:
                self._fail(f"{name} stopped while answering `{command}`")
            assert isinstance(item, str)
            line = item.replace("\t", " ")
            if first is None:
                if not line.strip():
                    continue  # blank lines between answers
                match = re.match(r"([=?])(\d*)(?:\s|$)", line)
                if match is None and line.strip() in (sent, command):
                    # a program that repeats its input (cat, a shell) would wait out the timeout
                    self._fail(
                        f"{name} does not speak GTP: it wrote back what it was sent "
                        f"(`{command}`) instead of answering"
                    )
                if match is None:
                    ignored += 1  # chatter before the answer: skipped (some engines print it)
                    if ignored > 1000:
                        self._fail(f"{name} does not speak GTP (it wrote {line[:80]!r})")
                    continue
                if match.group(2) and int(match.group(2)) != ident:
                    continue  # the answer to an earlier command, given late
                first = line
                body = [line[match.end() :].strip()]
                continue
            if not line.strip():
                return first.startswith("="), "\n".join(body).strip()
            body.append(line)

    def _fail(self, message: str) -> NoReturn:
        """The engine cannot go on: kill it and raise EngineError with what it last said."""
        try:  # (an engine that closed its output may take a moment to end)
            code: int | None = self.process.wait(EXIT_WAIT)
        except subprocess.TimeoutExpired:
            code = None  # it runs on: ygui's kill below is no exit code of its own
        self.kill()
        if code is not None and code != 0 and "exit code" not in message:
            message += f" (exit code {code})"
        tail = self.stderr_tail
        if tail:
            # the last line says most (a traceback ends with its error): it comes first
            lines = tail.rstrip().splitlines()
            message += f".\nIts last words: {lines[-1].strip()}"
            before = "\n".join(lines[:-1]).rstrip()
            if before.strip():
                # what came before the last line, which is said once, above
                message += f"\n\nBefore that it wrote:\n{before[-1500:]}"
        self.dead = message
        raise EngineError(message)

    def stop(self) -> None:
        """End the engine now, without waiting (from any thread): the thread waiting for
        its answer then gets the engine's end. Its own children go with it."""
        if self.process.poll() is not None:
            return
        with contextlib.suppress(OSError):
            if os.name == "posix":
                os.killpg(self.process.pid, signal.SIGKILL)  # started in a session of its own
            else:
                self.process.kill()

    def kill(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(OSError):
                self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(QUIT_TIMEOUT)
        for thread in self._threads:
            thread.join(1.0)

    def close(self) -> None:
        """``quit``, then the end of the process (killed if it does not end in time)."""
        if self.dead is None and self.process.poll() is None:
            try:
                assert self.process.stdin is not None
                self.process.stdin.write(b"quit\n")
                self.process.stdin.flush()
                self.process.stdin.close()
                self.process.wait(QUIT_TIMEOUT)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
        self.dead = self.dead or f"{self.spec.name} was closed"
        self.kill()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass

    # ----- what it is --------------------------------------------------------------------
    def identify(self) -> EngineInfo:
        """Ask its protocol version, name, version and commands."""
        try:
            protocol = self.send("protocol_version", START_TIMEOUT)
        except EngineRefusal:
            protocol = "?"
        name = self._optional("name") or self.spec.name
        version = self._optional("version")
        listed = self._optional("list_commands")
        commands = frozenset(w.lower() for w in listed.split())
        return EngineInfo(name.splitlines()[0] if name else name, version, protocol, commands)

    def _optional(self, command: str) -> str:
        try:
            return self.send(command)
        except EngineRefusal:
            return ""


class EngineRefusal(EngineError):
    """The engine answered '?' (the engine itself is fine)."""

    def __init__(self, command: str, message: str, name: str = "the engine") -> None:
        # (by its name, as every other message of an engine says it: tester 69)
        super().__init__(f"{name} refused `{command}`: {message}")
        self.command = command
        self.message = message


def probe(spec: EngineSpec, started: Callable[[GtpClient], None] | None = None) -> EngineInfo:
    """Start an engine, ask what it is, and quit it (the engines dialog's Test). ``started``
    is given the running client (from this thread), so that another thread can stop it."""
    client = GtpClient(spec)
    if started is not None:
        started(client)
    try:
        info = client.identify()
        for command in spec.initial_commands():
            client.send(command)
        return info
    finally:
        client.close()


# ----- playing a game --------------------------------------------------------------------


def is_plain_y(game: Game) -> bool:
    """Y as any Y engine plays it: a triangular board of ygui's own, standard turns, no
    handicap, no set-up. An engine without ygui-variant is given it with boardsize."""
    o = game.options
    return (
        o.game == "y"
        and o.turns == "standard"
        and not o.handicap_value
        and game.geometry is o.board()
        and not game.setup
    )


@dataclass(frozen=True)
class Turn:
    """An engine's answer to genmove: the stones of its turn, or a resignation."""

    moves: tuple[Move, ...] = ()
    resigned: bool = False
    reply: str = ""


@dataclass
class EnginePlayer:
    """An engine playing one side of games: it is started when first needed, given the game
    (again only where it differs from what the engine has), and asked for its turn."""

    spec: EngineSpec
    client: GtpClient | None = None
    info: EngineInfo | None = None
    _game_key: tuple[object, ...] | None = None
    _sent: list[Move] = field(default_factory=list)
    _board_file: Path | None = None
    seconds: float | None = None  # time a move for this player (a match's), else the spec's
    _told_seconds: float = 0.0  # the time a move the engine was last told
    stopped: bool = False  # stop() was called: the engine is not started again

    def stop(self) -> None:
        """From any thread: end what the engine is doing now (its process is killed) and
        never start it again; the call waiting for it ends with an EngineError."""
        self.stopped = True
        client = self.client
        if client is not None:
            client.kill()

    def start(self) -> EngineInfo:
        """The engine running and told its time a move (started afresh if it had died)."""
        if self.stopped:
            raise EngineError(f"{self.spec.name} was stopped")
        if self.client is None or self.client.dead is not None:
            if self.client is not None:
                self.client.close()
            self.client, self.info, self._game_key = GtpClient(self.spec), None, None
            if self.stopped:  # stopped while it started
                self.client.kill()
                raise EngineError(f"{self.spec.name} was stopped")
        if self.info is None:
            info = self.client.identify()
            for command in self.spec.initial_commands():
                self.client.send(command)
            self.info, self._told_seconds = info, 0.0
        if self._told_seconds != self.time_a_move:
            self._tell_time(self.info)
        return self.info

    @property
    def time_a_move(self) -> float:
        return self.seconds if self.seconds is not None else self.spec.seconds

    def _tell_time(self, info: EngineInfo) -> None:
        seconds = self.time_a_move
        self._told_seconds = seconds
        if seconds <= 0 or self.client is None:
            return
        if info.knows("ygui-time"):
            self.client.send(f"ygui-time {seconds:g}")
        elif info.knows("time_settings"):
            self.client.send(f"time_settings 0 {max(1, round(seconds))} 1")

    def move_timeout(self) -> float:
        seconds = self.time_a_move
        return 2 * seconds + MOVE_GRACE if seconds > 0 else MOVE_TIMEOUT

    def setup_commands(self, game: Game, info: EngineInfo) -> list[str]:
        """The commands that give the engine a new game like ``game`` (CannotPlay if none)."""
        title = game.options.describe()
        name = info.name or self.spec.name
        if game.setup:
            raise CannotPlay(
                f"this game starts from a position set up stone by stone, which {name} "
                "cannot be given: engines play games from the first move"
            )
        o = game.options
        if info.knows("ygui-variant"):
            commands = [" ".join(["ygui-variant", o.game, *o.to_keys()])]
            if game.geometry is not o.board() and o.game != "mudcrack-y":
                if not info.knows("ygui-board"):
                    raise CannotPlay(
                        f"{name} does not know ygui-board, so it cannot play "
                        f"{o.variant.title} on a board of one's own"
                    )
                commands.append(f"ygui-board {self._write_board(game)}")
            return commands
        if is_plain_y(game) and info.knows("boardsize"):
            return [f"boardsize {o.size_value}", "clear_board"]
        raise CannotPlay(
            f"{name} does not know ygui-variant, so it cannot play {title}; "
            "an engine without it plays only Y with standard turns and no handicap"
        )

    def _write_board(self, game: Game) -> str:
        if self._board_file is None:
            handle, name = tempfile.mkstemp(prefix="ygui-board-", suffix=".json")
            os.close(handle)
            self._board_file = Path(name)
        self._board_file.write_text(game.geometry.to_json())
        path = str(self._board_file)
        if any(c.isspace() for c in path):
            raise CannotPlay("the board file's path has spaces, which GTP cannot carry")
        return path

    def prepare(self, game: Game) -> None:
        """Bring the engine to ``game``'s position: only the new moves if it has the game's
        beginning, else the whole game afresh."""
        info = self.start()
        client = self.client
        assert client is not None
        o = game.options
        key = (o.game, *o.to_keys(), game.geometry)
        moves = list(game.moves)
        if self._game_key != key or moves[: len(self._sent)] != self._sent:
            self._game_key = None
            for command in self.setup_commands(game, info):
                try:
                    client.send(command)
                except EngineRefusal as exc:
                    raise CannotPlay(
                        f"{info.name or self.spec.name} cannot play {o.describe()}: {exc.message}"
                    ) from None
            self._game_key, self._sent = key, []
        replay = Game(game.options, game.geometry)
        replay.play_all(self._sent)
        for move in moves[len(self._sent) :]:
            text = f"play {COLOUR_WORDS[replay.to_move]} {replay.move_text(move)}"
            try:
                client.send(text)
            except EngineRefusal as exc:
                self._game_key = None
                raise CannotPlay(
                    f"{info.name or self.spec.name} refused the move "
                    f"{replay.move_text(move)} of this game: {exc.message}"
                ) from None
            replay.play(move)
            self._sent.append(move)

    def genmove(self, game: Game) -> Turn:
        """The engine's turn in ``game`` (brought to it first). BadMove if it answers with
        anything but legal stones of this turn or ``resign``."""
        self.prepare(game)
        client, name = self.client, (self.info.name if self.info else "") or self.spec.name
        assert client is not None
        colour = game.to_move
        probe = game.copy()
        played: list[Move] = []
        replies: list[str] = []
        for _ in range(MAX_TURN_ROUNDS):
            try:
                reply = client.send(f"genmove {COLOUR_WORDS[colour]}", self.move_timeout())
            except EngineRefusal as exc:
                self._game_key = None
                raise BadMove(f"{name} gave no move: {exc.message}") from None
            replies.append(reply)
            words = reply.split()
            if len(words) == 1 and words[0].lower() == "resign":
                self._game_key = None  # what it has of the game no longer matters
                return Turn((), True, reply)
            if not words:
                self._game_key = None
                raise BadMove(f"{name} answered genmove with no move")
            for word in words:
                self._check_and_play(probe, colour, len(game.moves), word, reply, name)
                played.append(probe.moves[-1])
            if _turn_over(probe, colour, len(game.moves)):
                self._sent = list(probe.moves)
                return Turn(tuple(played), False, " ".join(replies))
            # an engine that gives one stone at a time: it has played it; ask for the next
        self._game_key = None
        raise BadMove(f"{name} did not finish its turn")

    def _check_and_play(
        self, probe: Game, colour: int, start: int, word: str, reply: str, name: str
    ) -> None:
        if _turn_over(probe, colour, start):
            self._game_key = None
            raise BadMove(f"{name} played more stones than its turn has: {reply!r}")
        if word.lower() == "pass":
            self._game_key = None
            raise BadMove(f"{name} passed, but there is no pass in this game")
        try:
            move = probe.parse_move(word)
        except (BoardError, KeyError, ValueError):
            self._game_key = None
            raise BadMove(
                f"{name} answered {reply!r}: {word!r} is not a cell of this board"
            ) from None
        reason = probe.why_illegal(move)
        if reason is not None:
            self._game_key = None
            raise BadMove(f"{name} chose {word}, which is illegal: {reason}")
        probe.play(move)

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None
        self.info, self._game_key, self._sent = None, None, []
        if self._board_file is not None:
            self._board_file.unlink(missing_ok=True)
            self._board_file = None


def _turn_over(game: Game, colour: int, start: int) -> bool:
    """The turn of the player who had ``colour`` from move ``start`` on is over: the game is,
    the other colour is to move, or the player swapped (White still moves, but the other
    player now plays it)."""
    swapped = len(game.moves) > start and game.moves[-1].is_swap
    return game.is_over or game.to_move != colour or swapped


# ----- a match --------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchPlayer:
    """A player of a match: the built-in engine at a level, or an attached engine."""

    engine: str = ""  # an attached engine's name; "" for the built-in one
    level: int = 3

    @property
    def name(self) -> str:
        return self.engine or f"ygui level {self.level}"


@dataclass
class MatchPlan:
    """A match of ``games`` games between two players, colours alternating (the first player
    moves first in the odd-numbered games); the score and the file of each game."""

    players: tuple[MatchPlayer, MatchPlayer]
    games: int
    folder: Path
    results: list[tuple[int, str]] = field(default_factory=list)  # (winning player, how)
    files: list[Path] = field(default_factory=list)
    stamp: str = field(default_factory=lambda: time.strftime("%Y%m%d-%H%M%S"))

    @property
    def number(self) -> int:
        """The game being played (from 0); ``games`` once the match is over."""
        return len(self.results)

    @property
    def finished(self) -> bool:
        return self.number >= self.games

    def seating(self, number: int | None = None) -> tuple[int, int]:
        """Which player sits first and second in game ``number`` (the current by default)."""
        n = self.number if number is None else number
        return (0, 1) if n % 2 == 0 else (1, 0)

    def names(self) -> tuple[str, str]:
        """The players' names, told apart when both are the same engine."""
        a, b = self.players[0].name, self.players[1].name
        return (f"{a} (1)", f"{b} (2)") if a == b else (a, b)

    def record_result(self, result: Result, path: Path, swapped: bool = False) -> int:
        """Game over: ``result`` (by colour) counted for the player who had that colour at
        the end (after the pie rule's swap, ``swapped``, the first seat has White: the score
        gave every swapped game to the loser, a tester's finding); returns that player."""
        seats = self.seating()
        first = (result.winner == BLACK) != swapped
        winner = seats[0] if first else seats[1]
        how = {RESIGNATION: "by resignation", FORFEIT: "by forfeit"}.get(result.reason, "")
        self.results.append((winner, how))
        self.files.append(path)
        return winner

    @property
    def score(self) -> tuple[int, int]:
        wins = [w for w, _ in self.results]
        return wins.count(0), wins.count(1)

    def file_for(self, number: int | None = None) -> Path:
        n = self.number if number is None else number
        names = self.names()
        first, second = (names[i] for i in self.seating(n))
        base = f"{self.stamp}-{n + 1:03d}-{_safe(first)}-vs-{_safe(second)}.ysgf"
        return self.folder / base

    def score_text(self) -> str:
        a, b = self.names()
        s = self.score
        # (with dots: "ygui level 2 2 – 2 ygui gtp" ran the level into the score, tester 59)
        text = f"{a} · {s[0]} – {s[1]} · {b}"
        return text + (f" after {self.number} of {self.games} games" if self.number else "")


def _safe(name: str) -> str:
    """A name as part of a file name: letters, digits, '.', '-' and '_' only."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("_")[:40] or "player"


def failure_words(text: str, name: str) -> str:
    """An engine's failure as a sentence for the window: a capital first, unless it begins
    with the engine's name, which stays as its user wrote it ("False engine stopped…" of an
    engine named "false engine", tester 45)."""
    return text if name and text.startswith(name) else capitalised(text)
