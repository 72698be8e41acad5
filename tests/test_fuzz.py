"""The fuzzers of tests/fuzzing.py, a sample of each: damaged records, board files and GTP
lines are each taken whole or refused with the reader's own message, never anything else.
``YGUI_FUZZ=20000`` runs more; ``python scripts/fuzz.py`` runs them longer and reports times."""

from __future__ import annotations

import os

import pytest
from fuzzing import FUZZERS

COUNT = int(os.environ.get("YGUI_FUZZ", "1000"))


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("kind", list(FUZZERS))
def test_damaged_input_is_taken_whole_or_refused_with_a_message(kind: str, seed: int) -> None:
    tally = FUZZERS[kind](COUNT, seed)
    assert not tally.uncaught, tally.uncaught[0]
    assert tally.tried == COUNT
    assert tally.refused > COUNT // 4 and tally.accepted > 0  # the damage reaches both ways
