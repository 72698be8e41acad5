"""Run ygui's fuzzers longer than the test suite does, and print the figures the README quotes:
inputs tried, refused with a message, accepted, uncaught exceptions, and inputs over the time
bound (an input's whole path: a record read, opened as the window opens it, saved and read
again; a board file read, a game started and drawn; a GTP line answered).

    python scripts/fuzz.py                    # 20,000 records, 10,000 boards, 10,000 GTP lines
    python scripts/fuzz.py --records 1000 --boards 0 --gtp 0 --seed 7

The fuzzers are the test suite's own (tests/fuzzing.py). Exits 1 if any input raised an
uncaught exception or took longer than the bound; the details go to fuzz-failures.txt.
"""

from __future__ import annotations

import argparse
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import tempfile  # noqa: E402

from fuzzing import FUZZERS, Tally, open_board, open_record  # noqa: E402
from test_hostile_boards import CORPUS as HOSTILE_BOARDS  # noqa: E402
from test_hostile_records import HOSTILE_RECORDS  # noqa: E402


def corpus(bound: float) -> Tally:
    """The fixed corpora of hostile records and board files (the tests' own), each timed."""
    with tempfile.TemporaryDirectory() as folder:
        items = [
            (f"record: {n}", make().encode(), "record") for n, (make, _) in HOSTILE_RECORDS.items()
        ]
        items += [
            (f"board: {n}", make().encode("utf-8", "surrogateescape"), "board")
            for n, make in HOSTILE_BOARDS.items()
        ]

        def check(item: tuple[str, bytes, str]) -> bool:
            _, data, kind = item
            taken = open_record(data) if kind == "record" else open_board(data, Path(folder))
            return bool(taken)

        return Tally("corpus", bound).run(iter(items), check, lambda item: item[0])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--gtp", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bound", type=float, default=5.0, help="seconds an input may take")
    args = parser.parse_args()
    print(f"# {platform.python_version()} on {platform.machine()}, seed {args.seed}")
    failures: list[str] = []
    for kind in FUZZERS:
        count = getattr(args, kind)
        if count <= 0:
            continue
        tally = FUZZERS[kind](count, args.seed, args.bound)
        print(tally.line(), flush=True)
        failures += [f"[{kind}] uncaught: {u}" for u in tally.uncaught]
        failures += [f"[{kind}] slow: {s}" for s in tally.slow]
    tally = corpus(args.bound)
    print(tally.line())
    failures += [f"[corpus] uncaught: {u}" for u in tally.uncaught]
    failures += [f"[corpus] slow: {s}" for s in tally.slow]
    if failures:
        Path("fuzz-failures.txt").write_text("\n\n".join(failures))
        print(f"{len(failures)} failures: see fuzz-failures.txt")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
