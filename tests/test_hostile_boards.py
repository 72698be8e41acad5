"""The hostile board files an earlier test run found (uncaught exceptions or minutes of work),
kept as a fixed corpus: each is refused whole, with a message, by the one reader that the
window, ``ygui check-board`` and GTP's ``ygui-board`` share."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ygui.core.geometry import BoardError, BoardGeometry
from ygui.core.variants import GameOptions

Board = dict[str, Any]


def base() -> Board:
    data: Board = json.loads(GameOptions(game="y", size=4).board().to_json())
    return data


def text_of(change: Callable[[Board], object]) -> Callable[[], str]:
    def make() -> str:
        data = base()
        change(data)
        return json.dumps(data)

    return make


def far_index(d: Board) -> None:
    d["cells"][0]["neighbours"].append(len(d["cells"]) + 5)


def overflow(d: Board) -> None:
    d["cells"][0]["centre"] = [1e308, 1e308]


def huge_outline(d: Board) -> None:
    d["cells"][0]["outline"] = [[i * 1e-6, 0.0] for i in range(100_000)]


def line_past_cells(d: Board) -> None:
    d["style"] = "points"
    d["lines"] = [[0, 10_000]]


def side_past_cells(d: Board) -> None:
    d["sides"][0]["cells"].append(99_999)


def too_many_cells(d: Board) -> None:
    cell = d["cells"][0]
    d["cells"] = [copy.deepcopy(cell) for _ in range(80_200)]


CORPUS: dict[str, Callable[[], str]] = {
    "nested 5,000 deep": lambda: "[" * 5_000 + "]" * 5_000,
    "nested 100,000 deep": lambda: '{"a":' * 100_000 + "1" + "}" * 100_000,
    "1e400 in a centre": lambda: text_of(lambda d: None)().replace(
        '"centre": [', '"centre": [1e400, ', 1
    ),
    "a huge but finite centre": text_of(overflow),
    "a neighbour past the cells": text_of(far_index),
    "an outline of 100,000 points": text_of(huge_outline),
    "a line past the cells": text_of(line_past_cells),
    "a side past the cells": text_of(side_past_cells),
    "80,200 cells": text_of(too_many_cells),
    "NaN in a centre": lambda: text_of(lambda d: None)().replace(
        '"centre": [', '"centre": [NaN, ', 1
    ),
    "not UTF-8": lambda: '{"format": "ygui-board", "name": "\udcff"}',
}


@pytest.mark.parametrize("name", list(CORPUS))
def test_each_hostile_board_is_refused_with_a_message(name: str, tmp_path: Path) -> None:
    path = tmp_path / "board.json"
    path.write_bytes(CORPUS[name]().encode("utf-8", "surrogateescape"))
    with pytest.raises(BoardError) as refused:
        BoardGeometry.read_file(path)
    assert str(refused.value).strip()
    # the command line says it in a line and an exit code, no traceback
    done = subprocess.run(
        [sys.executable, "-m", "ygui", "check-board", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("ygui: ") and "Traceback" not in done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_device_or_a_pipe_is_not_read(tmp_path: Path) -> None:
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(BoardError, match="regular file"):
        BoardGeometry.read_file(link)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    with pytest.raises(BoardError, match="regular file"):
        BoardGeometry.read_file(fifo)
