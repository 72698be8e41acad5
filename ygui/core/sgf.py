"""A small, strict reader and writer for SGF's syntax (the game-record grammar of FF[4]).

Only the syntax lives here: a collection of game trees made of nodes, each node an ordered
list of properties with one or more text values. What the properties mean is
``ygui.core.record``'s business. The reader is iterative (no recursion, so deeply nested
hostile input cannot overflow the stack) and every error names the line and column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ygui.core.limits import MAX_RECORD_BYTES, MAX_RECORD_DEPTH, MAX_RECORD_NODES

MAX_TEXT = MAX_RECORD_BYTES
MAX_DEPTH = MAX_RECORD_DEPTH
MAX_NODES = MAX_RECORD_NODES

# the reader scans with these, so a long value or a long run of spaces costs one pass in C
# rather than a Python step a character
_SPACE = re.compile(r"\s*")
_LETTERS = re.compile(r"[^\W\d_]*")
# a property value up to its closing bracket: runs of plain characters, and escape pairs
_VALUE = re.compile(r"(?:[^\\\]]+|\\.)*", re.DOTALL)


def _unescape(raw: str) -> str:
    """A backslash takes the next character as it is; before a newline it is a soft line
    break, which the value does not hold. Done with string methods (a hostile value may hold
    millions of escapes): escaped backslashes are split off first, reading from the left as
    the escapes are read, so each piece's backslashes escape what follows them."""
    return "\\".join(piece.replace("\\\n", "").replace("\\", "") for piece in raw.split("\\\\"))


class SgfError(ValueError):
    """The text is not well-formed SGF; the message names the line and column."""

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        self.line = line
        self.column = column
        where = f"line {line}, column {column}: " if line else ""
        super().__init__(where + message)


@dataclass
class SgfNode:
    """One node: properties in file order, each with its values; and the child nodes."""

    properties: dict[str, list[str]] = field(default_factory=dict)
    children: list[SgfNode] = field(default_factory=list)
    line: int = 0

    def get(self, name: str, default: str | None = None) -> str | None:
        values = self.properties.get(name)
        return values[0] if values else default

    def set(self, name: str, *values: str) -> None:
        self.properties[name] = list(values)


def parse(text: str) -> list[SgfNode]:
    """The root node of every game tree in ``text``."""
    if len(text) > MAX_TEXT:
        raise SgfError(f"the file is too large ({len(text)} characters)")
    return _Reader(text).collection()


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.line = 1
        self.line_start = 0
        self.nodes = 0

    def error(self, message: str) -> SgfError:
        return SgfError(message, self.line, self.pos - self.line_start + 1)

    def skip_space(self) -> None:
        end = _SPACE.match(self.text, self.pos).end()  # type: ignore[union-attr]
        if end != self.pos:
            self._advance(end)

    def _advance(self, end: int) -> None:
        """Move to ``end``, counting the lines passed."""
        lines = self.text.count("\n", self.pos, end)
        if lines:
            self.line += lines
            self.line_start = self.text.rfind("\n", self.pos, end) + 1
        self.pos = end

    def peek(self) -> str:
        self.skip_space()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def expect(self, char: str) -> None:
        if self.peek() != char:
            found = (
                repr(self.text[self.pos]) if self.pos < len(self.text) else "the end of the file"
            )
            raise self.error(f"expected {char!r} but found {found}")
        self.pos += 1

    def collection(self) -> list[SgfNode]:
        roots = []
        if not self.peek():  # (an empty file was "not a game record": tester 41)
            raise SgfError("the file is empty: it holds no game record")
        if self.peek() != "(":
            raise self.error("not a game record: it must begin with '(;'")
        while self.peek() == "(":
            roots.append(self.game_tree())
        if self.peek():
            raise self.error(f"unexpected {self.peek()!r} after the end of the game tree")
        return roots

    def game_tree(self) -> SgfNode:
        """Read '(' sequence subtrees ')' without recursion."""
        self.expect("(")
        root: SgfNode | None = None
        # stack of (node the next sequence hangs from, number of open parentheses there)
        stack: list[SgfNode | None] = []
        parent: SgfNode | None = None
        first = True
        while True:
            char = self.peek()
            if char == ";":
                node = self.node()
                if parent is None:
                    if root is not None:
                        raise self.error("a game tree has one root")
                    root = node
                else:
                    parent.children.append(node)
                parent = node
                first = False
            elif char == "(":
                if first or parent is None:
                    raise self.error("a game tree must begin with a node ';'")
                if len(stack) >= MAX_DEPTH:
                    raise self.error("variations are nested too deeply")
                self.pos += 1
                stack.append(parent)
                first = True
            elif char == ")":
                if first:
                    raise self.error("an empty variation '()'")
                self.pos += 1
                if not stack:
                    assert root is not None
                    return root
                parent = stack.pop()
            elif char == "":
                raise self.error("the file ends inside a game tree (a ')' is missing)")
            else:
                raise self.error(f"unexpected {char!r}: expected ';', '(' or ')'")

    def node(self) -> SgfNode:
        self.expect(";")
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise self.error(f"the record has more than {MAX_NODES:,} moves and variations")
        node = SgfNode(line=self.line)
        while self.peek().isalpha():
            start = self.pos
            self.pos = _LETTERS.match(self.text, self.pos).end()  # type: ignore[union-attr]
            name = self.text[start : self.pos]
            if not name.isupper() or not name.isascii():
                raise self.error(f"property name {name!r} must be upper-case letters")
            if name in node.properties:
                raise self.error(f"property {name} appears twice in one node")
            if self.peek() != "[":
                raise self.error(f"property {name} has no value")
            values = []
            while self.peek() == "[":
                values.append(self.value())
            node.properties[name] = values
        return node

    def value(self) -> str:
        self.expect("[")
        text = self.text
        end = _VALUE.match(text, self.pos).end()  # type: ignore[union-attr]
        if end >= len(text) or text[end] != "]":  # the end, or a backslash at the very end
            self._advance(len(text))
            raise self.error("the file ends inside a property value (a ']' is missing)")
        raw = text[self.pos : end]
        self._advance(end)
        self.pos = end + 1
        return _unescape(raw) if "\\" in raw else raw

    def _newline(self) -> None:
        self.line += 1
        self.line_start = self.pos


def escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def serialise(root: SgfNode) -> str:
    """Write one game tree; the main line on one line per node, variations indented."""
    out: list[str] = []
    # Iterative pre-order walk: items are nodes to write or closing parentheses.
    stack: list[tuple[SgfNode, int] | str] = [(root, 0)]
    out.append("(")
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        node, depth = item
        out.append(_node_text(node))
        children = node.children
        if len(children) == 1:
            stack.append((children[0], depth))
        elif children:
            for child in reversed(children):
                stack.append(")")
                stack.append((child, depth + 1))
                stack.append("\n" + "  " * (depth + 1) + "(")
    out.append(")\n")
    return "".join(out)


def _node_text(node: SgfNode) -> str:
    props = "".join(
        name + "".join(f"[{escape(v)}]" for v in values) for name, values in node.properties.items()
    )
    return f";{props}\n"
