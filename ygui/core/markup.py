"""Marks a user places on cells of a position, for study and figures: a triangle, a square or a
short label, kept with the node as SGF's markup properties (TR, SQ, LB) so other programs
read them too. Marks on cells the board does not have are ignored, never an error."""

from __future__ import annotations

from ygui.core.geometry import BoardError, BoardGeometry
from ygui.core.record import RecordNode

TRIANGLE = "triangle"
SQUARE = "square"
LABEL = "label"
KINDS = {TRIANGLE: "TR", SQUARE: "SQ"}
LABEL_PROP = "LB"
MARK_PROPS = (*KINDS.values(), LABEL_PROP)  # every property a node's marks are kept in
MAX_LABEL = 4  # characters of a label


def marks_of(node: RecordNode, geometry: BoardGeometry) -> dict[int, tuple[str, str]]:
    """Cell -> (kind, text) for the node's marks (text is empty but for labels)."""
    marks: dict[int, tuple[str, str]] = {}
    for kind, prop in KINDS.items():
        for value in node.extra.get(prop, []):
            cell = _cell(geometry, value)
            if cell is not None:
                marks[cell] = (kind, "")
    for value in node.extra.get(LABEL_PROP, []):
        where, _, text = value.partition(":")
        cell = _cell(geometry, where)
        if cell is not None and text:
            marks[cell] = (LABEL, text[:MAX_LABEL])
    return marks


def set_mark(
    node: RecordNode, geometry: BoardGeometry, cell: int, kind: str, text: str = ""
) -> None:
    """Put a mark on ``cell`` (replacing any mark there); kind None-like '' removes it."""
    marks = marks_of(node, geometry)
    marks.pop(cell, None)
    if kind:
        if kind not in (*KINDS, LABEL):
            raise ValueError(f"not a kind of mark: {kind!r}")
        marks[cell] = (kind, text[:MAX_LABEL] if kind == LABEL else "")
    for prop in MARK_PROPS:
        node.extra.pop(prop, None)
    labels = geometry.labels
    for cell_, (kind_, text_) in sorted(marks.items()):
        if kind_ == LABEL:
            node.extra.setdefault(LABEL_PROP, []).append(f"{labels[cell_]}:{text_}")
        else:
            node.extra.setdefault(KINDS[kind_], []).append(labels[cell_])


def next_letter(node: RecordNode, geometry: BoardGeometry) -> str:
    """The first capital letter no label of the node uses (then A1, A2...)."""
    used = {text for kind, text in marks_of(node, geometry).values() if kind == LABEL}
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        if letter not in used:
            return letter
    n = 1
    while f"A{n}" in used:
        n += 1
    return f"A{n}"


def _cell(geometry: BoardGeometry, label: str) -> int | None:
    try:
        return geometry.cell(label)
    except BoardError:
        return None
