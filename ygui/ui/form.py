"""Small pieces the dialogs' forms share."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QWidget


def row(*widgets: QWidget) -> QWidget:
    """The widgets side by side in one form row, the first taking the room left."""
    box = QWidget()
    layout = QHBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    for i, widget in enumerate(widgets):
        layout.addWidget(widget, 1 if i == 0 else 0)
    return box


def select(combo: QComboBox, value: object) -> None:
    """Choose the item whose data is ``value``; nothing changes if there is none."""
    index = combo.findData(value)
    if index >= 0:
        combo.setCurrentIndex(index)
