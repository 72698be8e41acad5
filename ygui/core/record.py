"""Game records: SGF syntax with ygui's own properties (SGF has no game number for Y, so the
record claims none).

Root properties: ``YV`` record version, ``YG`` game name, ``YO`` options as ``key=value``
words, ``YB`` the board itself as JSON (always for Mudcrack Y and for boards of one's own),
``PB``/``PW`` the players of Black and White at the main line's end (after a swap the
first player plays White), ``RE`` ``B+``/``W+``, ``DT``,
``C`` a comment, ``AB``/``AW``/``PL`` a set-up position and the side to move. Move nodes carry
``B[label]`` or ``W[label]`` (``W[swap]`` for the pie rule) and an optional ``C``. Variations
are SGF variations. Unknown properties are kept and written back.

Reading either returns a complete record or raises RecordError naming the line: it never
half-loads. Every move of every variation is checked against the rules.
"""

from __future__ import annotations

import codecs
import os
import re
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, Protocol, TypeVar

from ygui import __version__
from ygui.core.clock import ClockError, TimeControl
from ygui.core.game import BLACK, EMPTY, WHITE, Game, IllegalMove, Move
from ygui.core.geometry import BoardError, BoardGeometry
from ygui.core.limits import (
    MAX_COMMENT_CHARS,
    MAX_RECORD_BYTES,
    MAX_RECORD_DEPTH,
    MAX_RECORD_NODES,
)
from ygui.core.sgf import SgfError, SgfNode, parse, serialise
from ygui.core.variants import GameOptions, OptionsError

RECORD_VERSION = 1
MAX_FILE_BYTES = MAX_RECORD_BYTES
_KNOWN_ROOT = {
    "FF",
    "CA",
    "AP",
    "YV",
    "YG",
    "YO",
    "YB",
    "PB",
    "PW",
    "RE",
    "DT",
    "EV",
    "PC",
    "GC",
    "TM",
    "YT",
    "C",
    "AB",
    "AW",
    "PL",
    "GM",
    "SZ",
}
_COLOUR_PROP = {BLACK: "B", WHITE: "W"}


class RecordError(ValueError):
    """A record that cannot be read; the message names the line and the problem."""


class BadMove(RecordError):
    """A record's move that cannot be played where it stands (a cell taken or not on the
    board, a colour out of turn, a move after the end)."""


@dataclass
class RecordNode:
    """A move in the game tree (the root has no move) with its comment and variations."""

    move: Move | None = None
    colour: int = EMPTY
    comment: str = ""
    extra: dict[str, list[str]] = field(default_factory=dict)
    children: list[RecordNode] = field(default_factory=list)


@dataclass
class GameRecord:
    options: GameOptions
    geometry: BoardGeometry
    black: str = ""
    white: str = ""
    result: str = ""
    date: str = ""
    event: str = ""
    place: str = ""
    game_comment: str = ""
    time_control: TimeControl | None = None
    setup: dict[int, int] = field(default_factory=dict)
    to_move: int = BLACK
    root: RecordNode = field(default_factory=RecordNode)

    def main_line(self) -> list[RecordNode]:
        line, node = [], self.root
        while node.children:
            node = node.children[0]
            line.append(node)
        return line

    def new_game(self) -> Game:
        """An empty game of this record's options, board and set-up."""
        return Game(self.options, self.geometry, self.setup, self.to_move)

    def to_game(self) -> Game:
        """The game at the end of the main line."""
        game = self.new_game()
        for node in self.main_line():
            assert node.move is not None
            game.play(node.move)
        return game

    @staticmethod
    def from_game(
        game: Game, black: str = "", white: str = "", comments: dict[int, str] | None = None
    ) -> GameRecord:
        """A record of the game's main line: played moves and those waiting for redo."""
        comments = comments or {}
        root = RecordNode(comment=comments.get(0, ""))
        replay = Game(game.options, game.geometry, game.setup, game.first_to_move)
        node = root
        for i, move in enumerate(game.moves + game.redo_moves[::-1], start=1):
            child = RecordNode(move=move, colour=replay.to_move, comment=comments.get(i, ""))
            replay.play(move)
            node.children.append(child)
            node = child
        result = ""
        if replay.winner is not None:
            result = "B+" if replay.winner == BLACK else "W+"
        return GameRecord(
            options=game.options,
            geometry=game.geometry,
            black=black,
            white=white,
            result=result,
            date=date.today().isoformat(),
            setup=dict(game.setup),
            to_move=game.first_to_move,
            root=root,
        )


# ----- writing --------------------------------------------------------------------------


def _embeds_board(record: GameRecord) -> bool:
    if record.options.game == "mudcrack-y":
        return True
    return record.geometry is not record.options.board()


def write_record(record: GameRecord) -> str:
    root = SgfNode()
    root.set("FF", "4")
    root.set("CA", "UTF-8")
    root.set("AP", f"ygui:{__version__}")
    root.set("YV", str(RECORD_VERSION))
    root.set("YG", record.options.game)
    keys = record.options.to_keys()
    embedded = _embeds_board(record)
    if embedded and record.options.game != "mudcrack-y":
        # a board of one's own has no size or corners of the game's: "size=11", Y's default,
        # stood in a record of a 10-cell board as if it were that board's (tester 72)
        keys = [k for k in keys if not k.startswith(("size=", "corners="))]
    root.set("YO", " ".join(keys))
    if embedded:
        root.set("YB", record.geometry.to_json())
    for prop, value in (
        ("PB", record.black),
        ("PW", record.white),
        ("RE", record.result),
        ("DT", record.date),
        ("EV", record.event),
        ("PC", record.place),
        ("GC", record.game_comment),
        ("C", record.root.comment),
    ):
        if value:
            root.set(prop, value)
    if record.time_control is not None:
        root.set("TM", f"{record.time_control.main:g}")
        root.set("YT", record.time_control.to_keys())
    labels = record.geometry.labels
    for colour, prop in ((BLACK, "AB"), (WHITE, "AW")):
        cells = sorted(c for c, col in record.setup.items() if col == colour)
        if cells:
            root.set(prop, *(labels[c] for c in cells))
    if record.setup or record.to_move != BLACK:
        root.set("PL", _COLOUR_PROP[record.to_move])
    root.properties.update(record.root.extra)
    _write_children(record, record.root, root)
    return serialise(root)


def _write_children(record: GameRecord, node: RecordNode, out: SgfNode) -> None:
    stack = [(node, out)]
    while stack:
        source, target = stack.pop()
        for child in source.children:
            sgf = SgfNode()
            assert child.move is not None
            text = "swap" if child.move.is_swap else record.geometry.labels[child.move.cell or 0]
            sgf.set(_COLOUR_PROP[child.colour], text)
            if child.comment:
                sgf.set("C", child.comment)
            sgf.properties.update(child.extra)
            target.children.append(sgf)
            stack.append((child, sgf))


def save_record(path: str | os.PathLike[str], record: GameRecord) -> None:
    """Write ``record`` atomically; RecordError (writing nothing) if the reader would refuse
    the result, OSError if it cannot be written."""
    nodes, depth, longest = tree_extent(record.root)
    longest = max(longest, len(record.game_comment))
    if longest > MAX_COMMENT_CHARS:
        raise RecordError(
            f"a comment is too long to save ({longest:,} characters; a comment holds at most "
            f"{MAX_COMMENT_CHARS:,})"
        )
    if nodes > MAX_RECORD_NODES:
        raise RecordError(
            f"the game has too many moves and variations to save ({nodes:,}; a record holds at "
            f"most {MAX_RECORD_NODES:,}): delete some variations"
        )
    if depth > MAX_RECORD_DEPTH:
        raise RecordError(
            f"the variations are nested too deeply to save ({depth:,} levels; a record holds "
            f"at most {MAX_RECORD_DEPTH:,}): delete some variations"
        )
    text = write_record(record)
    size = len(text.encode("utf-8"))
    if size > MAX_FILE_BYTES:
        raise RecordError(
            f"the game is too large to save ({size:,} bytes; a record holds at most "
            f"{MAX_FILE_BYTES:,}): shorten its comments"
        )
    atomic_write_text(Path(path), text)


def tree_extent(root: RecordNode) -> tuple[int, int, int]:
    """The nodes of a game tree, the root included; how deeply its variations nest as written
    (each node with more than one child opens a level for each); its longest comment."""
    nodes, deepest, longest = 0, 0, 0
    stack = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        nodes += 1
        deepest = max(deepest, depth)
        longest = max(longest, len(node.comment))
        inner = depth + 1 if len(node.children) > 1 else depth
        stack.extend((child, inner) for child in node.children)
    return nodes, deepest, longest


def _default_mode() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


_NEW_FILE_MODE = _default_mode()
_TMP_SUFFIX = ".tmp"


def _write_target(path: Path) -> Path:
    """The file to replace: a symbolic link's target where it is (or would be) a regular file,
    so that a link the user made stays a link."""
    if not path.is_symlink():
        return path
    target = path.resolve()
    if target.is_file() or (not target.exists() and target.parent.is_dir()):
        return target
    return path


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def remove_stale_temporaries(path: Path) -> int:
    """Remove the temporary files that a killed save of ``path`` left (those of ygui's own
    naming whose process is gone); returns how many."""
    removed = 0
    prefix = f".{path.name}."
    try:
        entries = list(path.parent.iterdir())
    except OSError:
        return 0
    for entry in entries:
        name = entry.name
        if not (name.startswith(prefix) and name.endswith(_TMP_SUFFIX)):
            continue
        pid = name[len(prefix) :].split(".", 1)[0]
        if pid.isascii() and pid.isdigit() and int(pid) != os.getpid() and not _pid_alive(int(pid)):
            try:
                entry.unlink()
                removed += 1
            except OSError:
                pass
    return removed


def atomic_write_text(path: Path, text: str) -> None:
    """Write a file so that it holds either the old text or the new, never a mix.

    A symbolic link is written through (its target replaced, the link kept); an existing
    file keeps its permissions, a new one gets the usual ones (not the temporary file's 0600);
    temporary files left by a killed save of the same file are removed.
    """
    path = _write_target(Path(path))
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mode = _NEW_FILE_MODE
    remove_stale_temporaries(path)
    fd, tmp = tempfile.mkstemp(
        prefix=f".{path.name}.{os.getpid()}.", suffix=_TMP_SUFFIX, dir=path.parent
    )
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# ----- reading --------------------------------------------------------------------------


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise RecordError(f"{path.name} is too large to be a game record ({size} bytes)")
        data = path.read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    return read_record_bytes(data)


def read_record_bytes(data: bytes) -> GameRecord:
    """A record from a file's bytes: UTF-8 (what ygui writes), or the character set the
    record names in SGF's ``CA`` where that is another one (other programs' SGF files, in
    ISO-8859-1 for instance)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        named = _named_charset(data)
        if named is not None:
            try:
                return read_record(data.decode(named))
            except UnicodeDecodeError:
                pass
        line = data[: exc.start].count(b"\n") + 1
        raise RecordError(
            f"line {line}: bytes that are not UTF-8 text (the file is damaged, or uses "
            "another character set and does not say which)"
        ) from None
    return read_record(text)


def _named_charset(data: bytes) -> str | None:
    """The character set a record names (``CA[ISO-8859-1]``) near its start, if Python
    knows it and it is not UTF-8; else None."""
    found = re.search(rb"CA\[([A-Za-z0-9_.:-]{1,40})\]", data[:4000])
    if found is None:
        return None
    try:
        name = codecs.lookup(found.group(1).decode("ascii")).name
    except LookupError:
        return None
    return None if name in ("utf-8", "utf-8-sig") else name


def cut_short_text(text: str) -> str | None:
    """The text of a record cut short (a game tree or a value not closed at the end of the
    file): up to its last whole value, with its open game trees closed; None if the text is
    not cut short so."""
    depth, in_value, escaped, closed = 0, False, False, False
    last_whole, open_there = -1, 0  # where the last whole value or tree ends; trees open there
    for i, char in enumerate(text):
        if in_value:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == "]":
                in_value = False
                last_whole, open_there = i, depth
        elif char == "[":
            in_value = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            last_whole, open_there = i, depth
            closed = closed or depth == 0
    if depth <= 0 or closed or last_whole < 0:
        return None
    return text[: last_whole + 1] + ")" * open_there


def salvage_cut_short(data: bytes) -> GameRecord | None:
    """The game a record cut short still holds (its moves up to the cut), or None where the
    file is not cut short, or is damaged otherwise too."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    mended = cut_short_text(text)
    if mended is None:
        return None
    try:
        return read_record(mended)
    except RecordError:
        return None


@dataclass(frozen=True)
class LeftOut:
    """A move a record holds that cannot be played, left out with the moves after it."""

    problem: str  # where and why, as a RecordError says it ("line 12: move 3 (W[e4]): ...")
    moves: int  # the moves left out: the bad one and every move after it in its lines


def salvage_bad_moves(data: bytes) -> tuple[GameRecord, list[LeftOut]] | None:
    """The game a record still holds without its moves that cannot be played (a cell
    occupied, a move after the end, a colour out of turn...), each left out with the moves
    after it, and what was left out; None where the record is whole, or damaged otherwise
    (its text, its first node or its board)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    left_out: list[LeftOut] = []
    try:
        root = _one_game(text)
        record = _record_from_root(root, left_out)
    except (ValueError, IndexError, KeyError, TypeError, OverflowError, RecursionError):
        return None  # (RecordError among them: the record is damaged otherwise)
    if not left_out:
        return None
    main, node = 0, root
    while node.children:
        main, node = main + 1, node.children[0]
    if len(record.main_line()) < main:
        # the game's end is gone with its main line's moves: so is the way it ended (a
        # resignation after move 13 stood after move 7, tester 38)
        record.result = ""
    return record, left_out


def _one_game(text: str) -> SgfNode:
    """The first node of the one game a record's text holds; RecordError if it is not text,
    not SGF, or not one game."""
    if "\x00" in text:
        raise RecordError(
            f"line {text[: text.index(chr(0))].count(chr(10)) + 1}: "
            "this is not a text file (it holds a NUL byte)"
        )
    try:
        roots = parse(text)
    except SgfError as exc:
        raise RecordError(str(exc)) from None
    if len(roots) != 1:
        raise RecordError(f"the file holds {len(roots)} games; a ygui record holds one")
    return roots[0]


def read_record(text: str) -> GameRecord:
    root = _one_game(text)
    try:
        return _record_from_root(root)
    except RecordError:
        raise
    except (ValueError, IndexError, KeyError, TypeError, OverflowError, RecursionError) as exc:
        # a check that a damaged file got past: it is still refused, with what went wrong
        raise RecordError(f"the record is damaged ({type(exc).__name__}: {exc})") from None


# the games of SGF's GM property that a record without ygui's own game may be of, by number
SGF_GAMES = {
    "1": "Go",
    "2": "Othello",
    "3": "chess",
    "4": "Gomoku",
    "7": "Chinese chess",
    "8": "Shogi",
    "9": "Lines of Action",
    "11": "Hex",
}


def _fail(node: SgfNode, message: str) -> RecordError:
    return RecordError(f"line {node.line}: {message}")


def _record_from_root(root: SgfNode, left_out: list[LeftOut] | None = None) -> GameRecord:
    """The record a parsed game holds; a move that cannot be played is refused, or with
    ``left_out`` left out with the moves after it, and said there."""
    version = root.get("YV")
    if version is not None and not (version.isascii() and version.isdigit()):
        raise _fail(root, f"record version {version!r} is not a number")
    if version is not None and int(version) > RECORD_VERSION:
        raise _fail(root, f"record version {version!r} was written by a newer ygui")
    game_name = root.get("YG")
    if game_name is None:
        # (a Go record was refused in the words of the format alone: tester 21)
        other = SGF_GAMES.get((root.get("GM") or "").strip())
        kind = f"it is a record of {other}" if other else "it names no game of the Y family"
        raise _fail(
            root,
            f"not a ygui record: {kind} (ygui opens the records it saves, which name their "
            "game in the property YG)",
        )
    try:
        options = GameOptions.from_keys(game_name, (root.get("YO") or "").split())
    except OptionsError as exc:
        raise _fail(root, f"bad game options: {exc}") from None
    geometry = _board(root, options)
    record = GameRecord(
        options=options,
        geometry=geometry,
        black=root.get("PB") or "",
        white=root.get("PW") or "",
        result=root.get("RE") or "",
        date=root.get("DT") or "",
        event=root.get("EV") or "",
        place=root.get("PC") or "",
        game_comment=_comment(root, "GC"),
        time_control=_time_control(root),
        root=RecordNode(
            comment=_comment(root),
            extra={k: v for k, v in root.properties.items() if k not in _KNOWN_ROOT},
        ),
    )
    for prop, colour in (("AB", BLACK), ("AW", WHITE)):
        for label in root.properties.get(prop, []):
            cell = _cell(root, geometry, label)
            if cell in record.setup:
                raise _fail(root, f"set-up stone {label} is given twice")
            record.setup[cell] = colour
    turn = root.get("PL")
    if turn is not None:
        if turn.upper() not in ("B", "W"):
            raise _fail(root, f"PL must be B or W, not {turn!r}")
        record.to_move = BLACK if turn.upper() == "B" else WHITE
    try:
        game = record.new_game()
    except (BoardError, ValueError) as exc:
        raise _fail(root, str(exc)) from None
    _read_moves(root, record.root, game, left_out)
    return record


def _board(root: SgfNode, options: GameOptions) -> BoardGeometry:
    embedded = root.get("YB")
    if embedded is None:
        return options.board()
    try:
        return BoardGeometry.from_json(embedded)
    except BoardError as exc:
        raise _fail(root, f"the embedded board (YB) is invalid: {exc}") from None


def _time_control(root: SgfNode) -> TimeControl | None:
    text = root.get("YT")
    if text is None:
        return None
    try:
        return TimeControl.from_keys(text)
    except ClockError as exc:
        raise _fail(root, f"bad time control (YT): {exc}") from None


def _comment(node: SgfNode, prop: str = "C") -> str:
    text = node.get(prop) or ""
    if len(text) > MAX_COMMENT_CHARS:
        raise _fail(
            node,
            f"a comment of {len(text):,} characters (ygui reads at most {MAX_COMMENT_CHARS:,})",
        )
    return text


def _cell(node: SgfNode, geometry: BoardGeometry, label: str) -> int:
    try:
        return geometry.cell(label)
    except BoardError:
        raise _fail(node, f"{label!r} is not a cell of this board") from None


def _read_moves(
    sgf_root: SgfNode, root: RecordNode, game: Game, left_out: list[LeftOut] | None = None
) -> None:
    """Check and convert every line of play; branches copy the game where they split. A
    move that cannot be played is refused, or with ``left_out`` left out (with what follows
    it) and said there."""
    stack: list[tuple[SgfNode, RecordNode, Game]] = [(sgf_root, root, game)]
    while stack:
        sgf, node, position = stack.pop()
        for i, child in enumerate(sgf.children):
            here = position if i == len(sgf.children) - 1 else position.copy()
            try:
                record_child = _read_move(child, here)
            except BadMove as exc:
                if left_out is None:
                    raise
                left_out.append(LeftOut(str(exc), sum(1 for _ in nodes_of(child))))
                continue
            node.children.append(record_child)
            if child.children:  # a leaf's game is dropped at once, not kept on the stack
                stack.append((child, record_child, here))


class _Branching(Protocol):
    children: list[Any]


Branching = TypeVar("Branching", bound=_Branching)


def nodes_of(node: Branching) -> Iterator[Branching]:
    """``node`` and every node below it, in every line (a record's or an SGF tree's);
    iterative, however deep the tree."""
    stack = [node]
    while stack:
        top = stack.pop()
        yield top
        stack.extend(top.children)


def _read_move(sgf: SgfNode, game: Game) -> RecordNode:
    colours = [c for c, p in _COLOUR_PROP.items() if p in sgf.properties]
    if len(colours) != 1:
        raise _fail(sgf, "each move node needs exactly one B[...] or W[...]")
    if any(p in sgf.properties for p in ("AB", "AW", "AE")):
        raise _fail(sgf, "set-up stones are only read in the first node")
    colour = colours[0]
    text = sgf.get(_COLOUR_PROP[colour]) or ""
    number = len(game.moves) + 1
    where = f"move {number} ({_COLOUR_PROP[colour]}[{text}])"
    if game.is_over:
        raise BadMove(f"line {sgf.line}: {where} comes after the end of the game")
    if colour != game.to_move:
        raise BadMove(f"line {sgf.line}: {where}: it is {game.colour_name(game.to_move)}'s turn")
    try:
        move = game.parse_move(text)
        game.play(move)
    except (BoardError, IllegalMove) as exc:
        raise BadMove(f"line {sgf.line}: {where}: {exc}") from None
    return RecordNode(
        move=move,
        colour=colour,
        comment=_comment(sgf),
        extra={k: v for k, v in sgf.properties.items() if k not in ("B", "W", "C")},
    )
