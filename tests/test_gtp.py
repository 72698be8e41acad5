"""The GTP engine shell: a scripted session per game, and error replies."""

import json
import os
import subprocess
import sys

import pytest
from fuzzing import fuzz_lines
from helpers import four_sided

from ygui.ai.engine import Engine
from ygui.gtp import MAX_THREADS, GtpEngine


def ask(engine: GtpEngine, line: str) -> tuple[bool, str]:
    reply = engine.handle(line)
    assert reply is not None and reply.endswith("\n\n")
    ok = reply.startswith("=")
    body = reply[1:].strip()
    return ok, body


def ok(engine, line):
    success, body = ask(engine, line)
    assert success, f"{line!r} -> {body}"
    return body


def err(engine, line):
    success, body = ask(engine, line)
    assert not success, f"{line!r} should fail"
    return body


def test_standard_commands():
    e = GtpEngine()
    assert ok(e, "protocol_version") == "2"
    assert ok(e, "name") == "ygui"
    assert ok(e, "known_command play") == "true"
    assert ok(e, "known_command genmovex") == "false"
    commands = ok(e, "list_commands").split("\n")
    for name in (
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "undo",
        "showboard",
        "ygui-variant",
        "ygui-winner",
        "ygui-to-move",
        "ygui-cells",
        "ygui-sides",
        "ygui-graph",
    ):
        assert name in commands
    assert e.handle("7 name") == "=7 ygui\n\n"
    assert e.handle("# a comment") is None and e.handle("   ") is None


def test_y_session_with_swap():
    e = GtpEngine()
    ok(e, "ygui-variant y size=5")
    assert len(ok(e, "ygui-cells").split()) == 15
    ok(e, "play b c2")
    ok(e, "play w swap")
    assert ok(e, "ygui-to-move") == "white"  # the swapper now plays Black; White moves
    err(e, "play b a1")
    ok(e, "play w a1")
    assert ok(e, "ygui-to-move") == "black"
    ok(e, "undo")
    ok(e, "undo")
    assert ok(e, "ygui-to-move") == "white"
    ok(e, "undo")
    assert ok(e, "ygui-to-move") == "black"
    assert "cannot undo" in err(e, "undo")


def test_win_and_play_after_the_end():
    e = GtpEngine()
    ok(e, "ygui-variant y size=3 pie=off")
    for line in ("play b a1", "play w b2", "play b b1", "play w c2"):
        ok(e, line)
    assert ok(e, "ygui-winner") == "none"
    ok(e, "play b c1")
    assert ok(e, "ygui-winner") == "black"
    assert ok(e, "ygui-to-move") == "none"
    assert "over" in err(e, "play w c3")


def test_sides_and_graph():
    e = GtpEngine()
    ok(e, "ygui-variant y size=3")
    assert ok(e, "ygui-sides").split("\n") == [
        "right: c3 c2 c1",
        "bottom: c1 b1 a1",
        "left: a1 b2 c3",
    ]
    graph = dict(line.split(": ") for line in ok(e, "ygui-graph").split("\n"))
    assert sorted(graph["b2"].split()) == ["a1", "b1", "c2", "c3"]


@pytest.mark.parametrize(
    "variant, moves, expect_cells",
    [
        ("game-of-y", ["play b a1", "play w swap", "play w e1"], 93),
        ("poly-y", ["play b 43", "play w 1"], 106),
        ("poly-y corners=7 size=5", ["play b 1", "play w 2"], 71),
        ("mudcrack-y cells=50 seed=2", ["play b 1", "play w 50"], 50),
        ("starboard-y", ["play b a1", "play w e5"], 75),
        ("hexagonal-y size=4", ["play red a1", "play blue d4"], 37),
        ("eccentric-y", ["play red h8", "play blue a1"], 169),
    ],
)
def test_scripted_session_per_game(variant, moves, expect_cells):
    e = GtpEngine()
    ok(e, f"ygui-variant {variant}")
    assert len(ok(e, "ygui-cells").split()) == expect_cells
    for line in moves:
        ok(e, line)
    assert ok(e, "ygui-winner") == "none"
    board = ok(e, "showboard")
    assert "to play" in board
    ok(e, "clear_board")
    assert ok(e, "ygui-to-move") == "black"


def test_hexagonal_pair_and_undo():
    e = GtpEngine()
    ok(e, "ygui-variant hexagonal-y size=3")
    ok(e, "play red a1")
    assert "occupied" in err(e, "play blue e5")  # the opposite came with a1
    ok(e, "undo")
    ok(e, "play red e5")


def test_multi_stone_turn_keeps_the_same_colour():
    e = GtpEngine()
    ok(e, "ygui-variant y turns=progressive")
    ok(e, "play b a1")
    ok(e, "play w f6")
    assert ok(e, "ygui-to-move") == "white"
    ok(e, "play w k11")
    assert ok(e, "ygui-to-move") == "black"
    ok(e, "play b c3")
    assert "join" in err(e, "play b c2")


def test_boardsize_keeps_the_variant():
    e = GtpEngine()
    ok(e, "ygui-variant hexagonal-y")
    ok(e, "boardsize 4")
    assert len(ok(e, "ygui-cells").split()) == 37
    assert "3 to 12" in err(e, "boardsize 40")
    assert len(ok(e, "ygui-cells").split()) == 37  # unchanged


@pytest.mark.parametrize(
    "line, message",
    [
        ("frobnicate", "unknown command"),
        ("play", "syntax error"),
        ("play b", "syntax error"),
        ("play purple a1", "not a colour"),
        ("play w zz99", "no cell"),
        ("play w pass", "no pass"),
        ("play b a1", "white's turn"),
        ("play b zz99", "no cell"),  # (the cell first, then the turn: tester 61)
        ("play w c3", "occupied"),
        ("ygui-variant", "syntax error"),
        ("ygui-variant chess", "unknown game"),
        ("ygui-variant y size=2", "3 to 26"),
        ("ygui-variant y size=big", "whole number"),
        ("ygui-variant y colour=red", "unknown option"),
        ("ygui-variant y pie", "key=value"),
        ("ygui-variant y handicap=3 pie=on", "pie"),
        ("ygui-variant starboard-y turns=master", "one stone a turn"),
        ("boardsize", "syntax error"),
        ("boardsize x", "whole number"),
        ("known_command", "syntax error"),
        ("ygui-threads", "syntax error"),
        ("ygui-threads 0", f"out of range (1 to {MAX_THREADS})"),
        ("ygui-threads two", "not a number"),
        ("12", "no command"),
    ],
)
def test_errors_change_nothing(line, message):
    e = GtpEngine()
    ok(e, "ygui-variant y size=5")
    ok(e, "play b c3")
    before = ok(e, "showboard")
    assert message in err(e, line)
    assert ok(e, "showboard") == before


def test_control_characters_are_ignored():
    e = GtpEngine()
    assert ok(e, "na\x01me\r") == "ygui"
    assert ok(e, "known_command\tname") == "true"


def test_command_line_program():
    script = "name\nygui-variant y size=3\nplay b a1\nshowboard\nbad\nquit\nname\n"
    out = subprocess.run(
        [sys.executable, "-m", "ygui", "gtp"],
        input=script,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    replies = out.split("\n\n")
    assert replies[0] == "= ygui"
    assert replies[4].startswith("? unknown command")
    assert replies[5] == "="
    assert out.count("=") == 5  # nothing after quit


def test_threads_one_a_core_unless_the_command_line_says(monkeypatch):
    from ygui.cli import main

    monkeypatch.setattr("ygui.ai.engine.cores", lambda: 3)
    assert GtpEngine().threads == 3
    monkeypatch.setattr("ygui.ai.engine.cores", lambda: 200)
    assert GtpEngine().threads == 8  # engine.WINDOW_THREADS at most
    started: list[int] = []
    monkeypatch.setattr(GtpEngine, "run", lambda self, i, o: started.append(self.threads))
    assert main(["gtp", "--threads", "2"]) == 0
    assert main(["gtp"]) == 0
    assert started == [2, 8]


@pytest.mark.parametrize("value", ["0", "33", "two"])
def test_a_bad_thread_count_on_the_command_line_is_refused(value):
    done = subprocess.run(
        [sys.executable, "-m", "ygui", "gtp", "--threads", value],
        input="name\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "--threads" in done.stderr
    assert any(w in done.stderr for w in ("1 to 32", "whole", "search memory"))


def test_search_trees_together_stay_within_the_memory_budget():
    from ygui.ai.engine import SLOT_BYTES, TREE_MEMORY, max_threads

    assert max_threads() == 32
    for threads in (1, 4, 32):
        for shared in (True, False):
            engine = Engine(threads=threads, shared=shared)
            assert engine.max_slots * SLOT_BYTES * engine.tree_count <= TREE_MEMORY
    with pytest.raises(ValueError, match="search memory"):
        Engine(threads=33)
    e = GtpEngine()
    assert "search memory" in err(e, "ygui-threads 64") and e.threads != 64
    assert ok(e, "ygui-threads 32") == ""
    ok(e, "ygui-variant y size=5")
    ok(e, "ygui-playouts 3200")
    assert ok(e, "genmove b")  # 32 trees of 100 playouts each still play


def test_a_board_of_ones_own(tmp_path):
    from ygui.core.boards.triangle import triangle_board

    path = tmp_path / "mine.json"
    path.write_text(triangle_board(4).to_json())
    e = GtpEngine()
    ok(e, "ygui-variant y")
    ok(e, f"ygui-board {path}")
    assert len(ok(e, "ygui-cells").split()) == 10
    ok(e, "play b a1")
    ok(e, "clear_board")
    assert len(ok(e, "ygui-cells").split()) == 10  # the board stays
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "ygui-board", "version": 1, "cells": "x"}')
    assert "invalid board" in err(e, f"ygui-board {bad}")
    assert "cannot read" in err(e, f"ygui-board {tmp_path / 'missing.json'}")
    # another game before it: the board says which game it plays (it was refused as if not
    # a Y board, tester 61), with the pie rule as set
    ok(e, "ygui-variant hexagonal-y pie=off")
    assert len(ok(e, "ygui-cells").split()) == 127
    ok(e, f"ygui-board {path}")
    assert len(ok(e, "ygui-cells").split()) == 10
    assert e.game.options.game == "y" and e.game.options.pie_value  # (Y's default)
    ok(e, "ygui-variant poly-y pie=off")
    ok(e, f"ygui-board {path}")
    assert e.game.options.game == "y" and not e.game.options.pie_value
    # a board of four sides is no game's: refused, as the window and check-board refuse it
    four = tmp_path / "four.json"
    four.write_text(json.dumps(four_sided()))
    assert "odd number of sides" in err(e, f"ygui-board {four}")
    assert len(ok(e, "ygui-cells").split()) == 10  # the game before stays
    # a path with spaces, in quotes or not, and ~ for the home folder (each was refused or
    # not found, the message naming the file alone: tester 72)
    spaced = tmp_path / "my boards" / "fun nel.json"
    spaced.parent.mkdir()
    spaced.write_text(triangle_board(5).to_json())
    for given in (str(spaced), f'"{spaced}"', f"'{spaced}'"):
        ok(e, "ygui-variant y")
        ok(e, f"ygui-board {given}")
        assert len(ok(e, "ygui-cells").split()) == 15, given
    missing = tmp_path / "my boards" / "gone.json"
    assert f"invalid board ({missing})" in err(e, f"ygui-board {missing}")


def test_komi_is_taken_and_has_no_effect():
    """GTP asks every engine to know komi, and tools send it whatever the game (tester 72
    found it unknown): Y has none, so it is taken and changes nothing."""
    e = GtpEngine()
    assert ok(e, "known_command komi") == "true"
    assert ok(e, "komi 6.5") == "" and ok(e, "komi 0") == ""
    assert "komi takes a number" in err(e, "komi lots")
    assert "syntax error" in err(e, "komi")
    ok(e, "play b a1")
    assert ok(e, "ygui-to-move") == "white"


# ----- input a controller or a pipe can send: the engine answers every line, never dies -----


def _gtp_process(script: bytes, env: dict[str, str]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "ygui", "gtp", "--threads", "1"],
        input=script,
        capture_output=True,
        timeout=300,
        env=env,
    )


@pytest.mark.parametrize(
    ("seed", "locale_name", "io_encoding"),
    [
        (1, "C", None),
        (2, "C.UTF-8", None),
        (3, "en_US.UTF-8", None),
        # what en_US.UTF-8 gives where that locale is installed: strict UTF-8 on stdin
        (4, "en_US.UTF-8", "utf-8:strict"),
    ],
)
def test_any_bytes_get_an_answer_in_every_locale(seed, locale_name, io_encoding):
    lines = fuzz_lines(seed, 400)
    script = b"\n".join(lines) + b"\nname\n"
    env = {**os.environ, "LC_ALL": locale_name, "LANG": locale_name}
    env.pop("PYTHONIOENCODING", None)
    env.pop("PYTHONUTF8", None)
    if io_encoding:
        env["PYTHONIOENCODING"] = io_encoding
    done = _gtp_process(script, env)
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    assert b"Traceback" not in done.stderr
    replies = done.stdout.decode("utf-8").split("\n\n")
    assert replies[-1] == "" and replies[-2] == "= ygui"  # alive to the last line
    assert all(r[:1] in ("=", "?") for r in replies[:-1])
    assert len(replies) - 1 > len(lines) // 2  # most lines answered (blank ones are not)


def test_an_overlong_line_is_refused_and_the_next_answered():
    done = _gtp_process(b"name " + b"x" * 1_500_000 + b"\n5 name\n", dict(os.environ))
    assert done.returncode == 0
    replies = done.stdout.decode().split("\n\n")
    assert replies[0].startswith("? syntax error: a line is at most")
    assert replies[1] == "=5 ygui"


def test_ids_are_ascii_digits_only():
    e = GtpEngine()
    assert e.handle("\u00b2 name") == "? unknown command\n\n"
    assert e.handle("\uff11\uff12 name") == "? unknown command\n\n"
    assert e.handle("12 name") == "=12 ygui\n\n"


def test_a_hostile_board_file_is_refused_with_a_reason(tmp_path):
    e = GtpEngine()
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    assert "nested too deeply" in err(e, f"ygui-board {deep}")
    assert "not a regular file" in err(e, "ygui-board /dev/zero")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 6_000_000)
    assert "larger than" in err(e, f"ygui-board {big}")
    huge = tmp_path / "huge.json"
    huge.write_text('{"format": "ygui-board", "version": 1, "cells": [' + "{}," * 6000 + "{}]}")
    assert "at most" in err(e, f"ygui-board {huge}")
    assert ok(e, "name") == "ygui"


def test_solve():
    e = GtpEngine()
    ok(e, "ygui-variant y size=4 pie=off")
    answer = ok(e, "ygui-solve 30").split()
    assert answer[0] == "black" and len(answer) == 2
    ok(e, f"play b {answer[1]}")  # the winning move is legal, and Black still wins
    assert ok(e, "ygui-solve").split()[0] == "black"
    assert ok(e, "ygui-solve").split() == ["black"]  # White to move has no winning move
    assert "syntax" in err(e, "ygui-solve soon")
    assert "syntax" in err(e, "ygui-solve 1 2")
    ok(e, "ygui-variant y size=4 pie=on")
    ok(e, "play b a1")  # a corner: White wins without swapping
    answer = ok(e, "ygui-solve").split()
    assert answer[0] == "white" and answer[1] != "swap"
    ok(e, "clear_board")
    ok(e, "play b c2")
    assert ok(e, "ygui-solve").split() == ["black", "swap"]  # the centre: White swaps


def test_solve_map():
    e = GtpEngine()
    ok(e, "ygui-variant y size=4 pie=on")
    lines = ok(e, "ygui-solve-map 60").split("\n")
    results = dict(line.split() for line in lines)
    assert set(results) == set(ok(e, "ygui-cells").split())  # no swap before the first move
    assert results["a1"] == "white" and results["c2"] == "black"
    ok(e, "play b a1")
    results = dict(line.split() for line in ok(e, "ygui-solve-map").split("\n"))
    assert results["swap"] == "white"  # the colour of the position: White keeps it
    assert "unknown" not in results.values()
    ok(e, "ygui-variant y size=12")
    assert "unknown" in ok(e, "ygui-solve 0.01")
