"""Shows that :func:`sonneborn.formats.pgn.read_pgn` streams: memory follows the event, not the file.

It writes three PGN files to a temporary directory and reads each over an open file in a fresh process,
printing the size, the reading time and the peak resident memory (``ru_maxrss``) of that process:

- 5 MB: 500 players, 40 rounds (10,000 games), short movetexts;
- 50 MB: the same 10,000 games, each movetext ten times as long;
- 50 MB: 500 players, 400 rounds (100,000 games), short movetexts.

The first two must need the same memory (the moves are never kept); the third more, for ten times the
games, yet far less than the file. Run it as ``.venv/bin/python benchmarks/pgn_memory.py``; it is not
part of the test suite, its figures depend on the machine.
"""

from __future__ import annotations

import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MB = 1024 * 1024
PLAYERS = 500
OPENINGS = [
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O",
    "d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O Bd3 d5 Nf3 c5 O-O dxc4 Bxc4 Nbd7",
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7",
]
RESULTS = ["1-0", "0-1", "1/2-1/2"]
RUNS = [(5 * MB, 40), (50 * MB, 40), (50 * MB, 400)]
"""Each file's size and number of rounds."""


def game(round_no: int, board: int, white: int, black: int, result: str, moves: str) -> str:
    """One game with the tags an event's PGN usually has."""
    return (
        f'[Event "Benchmark Open"]\n[Site "Nowhere"]\n[Date "2025.01.01"]\n[Round "{round_no}.{board}"]\n'
        f'[White "Player {white:03d}, A."]\n[Black "Player {black:03d}, B."]\n[Result "{result}"]\n'
        f'[WhiteElo "{1400 + white}"]\n[BlackElo "{1400 + black}"]\n'
        f'[WhiteFideId "{100000 + white}"]\n[BlackFideId "{100000 + black}"]\n\n{moves} {result}\n\n'
    )


def movetext(opening: str, length: int) -> str:
    """Moves with clock comments, the opening repeated (only the first move is ever parsed) to ``length``."""
    sans = opening.split()
    parts: list[str] = []
    ply = size = 0
    while size < length:
        san = sans[ply % len(sans)]
        part = f"{ply // 2 + 1}. {san}" if ply % 2 == 0 else san
        part += " { [%clk 0:14:32] }"
        parts.append(part)
        size += len(part) + 1
        ply += 1
    lines = [" ".join(parts[index : index + 4]) for index in range(0, len(parts), 4)]
    return "\n".join(lines)


def generate(path: Path, size: int, rounds: int) -> int:
    """Writes ``rounds`` rounds of random pairings, the movetexts long enough for about ``size`` bytes."""
    rng = random.Random(1)
    players = list(range(1, PLAYERS + 1))
    games = rounds * (PLAYERS // 2)
    tags = len(game(1, 1, 1, 2, "1-0", ""))
    length = max(size // games - tags, 1)
    with path.open("w", encoding="utf-8") as handle:
        for round_no in range(1, rounds + 1):
            rng.shuffle(players)
            for board in range(PLAYERS // 2):
                moves = movetext(rng.choice(OPENINGS), length)
                white, black = players[2 * board], players[2 * board + 1]
                handle.write(game(round_no, board + 1, white, black, rng.choice(RESULTS), moves))
    return games


def measure(path: Path) -> None:
    """Reads one file in this process and prints its figures."""
    from sonneborn.formats.pgn import read_pgn

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    with path.open(encoding="utf-8") as handle:
        event = read_pgn(handle, path=str(path))
    elapsed = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    print(
        f"{path.stat().st_size / MB:6.1f} MB  {len(event)} players  {event.rounds:3d} rounds  "
        f"{elapsed:5.1f} s  peak RSS {peak / 1024:5.1f} MB (after imports {before / 1024:5.1f} MB)",
        flush=True,
    )


def main() -> None:
    if sys.argv[1:2] == ["--measure"]:
        measure(Path(sys.argv[2]))
        return
    with tempfile.TemporaryDirectory() as directory:
        for size, rounds in RUNS:
            path = Path(directory) / f"bench-{size // MB}mb-{rounds}r.pgn"
            games = generate(path, size, rounds)
            print(f"{games:,} games: ", end="", flush=True)
            subprocess.run([sys.executable, __file__, "--measure", str(path)], check=True)
            path.unlink()


if __name__ == "__main__":
    main()
