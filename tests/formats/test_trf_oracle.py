"""The TRF reader against the line-by-line reader it replaced (``tests/oracle/trf_reader.py``).

On random events written as TRF, and on those texts broken in every way a file
breaks (characters dropped or replaced, blocks shifted, pairings broken, byes,
points and point systems added, lines cut, swapped or repeated, the wide
``XXD`` layout), both readers must give the same :class:`Tournament` and the
same warnings, or refuse the text with the same message at the same line and
column, after the same warnings (:func:`oracle.trf_compare.assert_same_reading`).
Every case compares one or the other.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from oracle.trf_compare import assert_same_reading, read_by_oracle
from random_events import random_trf_event

from sonneborn.formats import decode
from sonneborn.formats.trf import Layout, write_trf
from sonneborn.model import Tournament

DATA = Path(__file__).parent.parent / "data"
SEED_FILES = [
    *sorted((DATA / "trf").glob("*.trf")),
    DATA / "trf26" / "galway_club_open_2026.trf",
    DATA / "held" / "fide_tec_exercise_2023.trf",
]

# Random events, written as TRF.


def written(seed: int) -> str:
    rng = random.Random(seed)
    event = random_trf_event(rng)
    ranks = {player.start: rng.randint(1, len(event)) for player in event} if rng.random() < 0.5 else None
    return write_trf(event, ranks=ranks, newline=rng.choice(["\n", "\r\n"]))


@pytest.mark.parametrize("seed", range(150))
def test_random_events_read_alike(seed: int) -> None:
    assert assert_same_reading(written(seed)) == "result"


@pytest.mark.parametrize("digits", [5, 6, 9])
@pytest.mark.parametrize("seed", range(5))
def test_random_events_in_the_wide_layout_read_alike(seed: int, digits: int) -> None:
    assert assert_same_reading(wide(written(seed), digits)) == "result"


# Broken texts.

CHARACTERS = [
    *"0123456789",
    *"          ",
    *"wbWB-+=10DLHFUZuhz?x.,",
    "\t", "\xa0", "\u2003", "\x0b", "\x1f", "\x85", "\x00", "é", "Ж", "\u2028", "１",
]  # fmt: skip
"""What a mutation writes: digits, blanks (the space most, and the others :meth:`str.strip` takes), colours,
result codes, and characters no field takes."""
POINTS = ["1.0", "0.5", " 0,5", "-1", "  2", "x", "", "1.", "12.5", "-0.5"]


def wide(text: str, digits: int) -> str:
    """The text in sonneborn's ``XXD`` layout of ``digits``-digit numbers (record ``XXD`` first)."""
    extra = " " * (digits - 4)
    lines = text.replace("\r\n", "\n").split("\n")
    out = []
    for line in lines:
        if line.startswith("001"):
            head = line.ljust(91)
            blocks = [line[column : column + 10] for column in range(91, len(line), 10)]
            line = head[:4] + extra + head[4:85] + extra + head[85:91] + "".join(extra + block for block in blocks)
        elif line[:3] in ("240", "299"):
            first = 10 if line.startswith("240") else 23
            starts = [line[column : column + 4] for column in range(first, len(line), 5)]
            line = line[:first].ljust(first) + " ".join(extra + start for start in starts)
        out.append(line.rstrip())
    return f"XXD {digits}\n" + "\n".join(out)


def _player_lines(lines: list[str]) -> list[int]:
    return [index for index, line in enumerate(lines) if line.startswith("001")] or list(range(len(lines)))


def _layout(lines: list[str]) -> Layout:
    digits = next((line[4:].strip() for line in lines if line.startswith("XXD")), "4")
    return Layout(int(digits) if digits.isdigit() and 4 <= int(digits) <= 9 else 4)


def _column(lines: list[str], line: str, rng: random.Random) -> int:
    """A 0-based column of a line, most often one of a field or of a round block."""
    layout = _layout(lines)
    rounds = max(1, (len(line) - layout.block_column(1)) // layout.width + 2)
    round_no = rng.randint(1, rounds)
    block = layout.block_column(round_no)
    fields = [layout.start, layout.rating, layout.fide_id, layout.points, layout.rank, layout.opponent(round_no)]
    field = rng.choice(fields)
    column = rng.choice(
        [
            rng.randint(1, max(1, len(line) + 2)),
            rng.randint(field.first, field.last),
            field.first,
            field.last,
            rng.randint(block, block + layout.width - 1),
            layout.colour(round_no),
            layout.result(round_no),
            *layout.gaps(round_no),
        ]
    )
    return column - 1


def _replace(lines: list[str], rng: random.Random) -> None:
    index = rng.choice(_player_lines(lines)) if rng.random() < 0.8 else rng.randrange(len(lines))
    line = lines[index]
    at = _column(lines, line, rng)
    lines[index] = line[:at].ljust(at) + rng.choice(CHARACTERS) + line[at + 1 :]


def _drop(lines: list[str], rng: random.Random) -> None:
    index = rng.choice(_player_lines(lines))
    line = lines[index]
    at = _column(lines, line, rng)
    lines[index] = line[:at] + line[at + rng.choice([1, 1, 2, 4]) :]


def _insert(lines: list[str], rng: random.Random) -> None:
    index = rng.choice(_player_lines(lines))
    line = lines[index]
    at = _column(lines, line, rng)
    lines[index] = line[:at] + rng.choice([" ", " ", "  ", rng.choice(CHARACTERS)]) + line[at:]


def _cut(lines: list[str], rng: random.Random) -> None:
    index = rng.choice(_player_lines(lines))
    line = lines[index]
    lines[index] = line[: rng.choice([_column(lines, line, rng), rng.randint(0, len(line))])]


def _extend(lines: list[str], rng: random.Random) -> None:
    """Blanks or blocks after the end of a line: rounds nobody else has."""
    index = rng.choice(_player_lines(lines))
    tail = rng.choice(
        [
            *["   ", "       ", "  0000 - H", "     1 w 1", "  0000 - ?", "        ", "     3 - +"],
            *["  0000 - -", "       - -"],
        ]
    )
    lines[index] += tail * rng.randint(1, 3)


def _opponent(lines: list[str], rng: random.Random) -> None:
    """A block's opponent, colour or result changed to another valid-looking one: pairings that do not mirror."""
    index = rng.choice(_player_lines(lines))
    line = lines[index]
    layout = _layout(lines)
    rounds = max(1, (len(line) - layout.block_column(1)) // layout.width + 1)
    round_no = rng.randint(1, rounds)
    opponent = layout.opponent(round_no)
    count = len(_player_lines(lines))
    which = rng.randrange(3)
    if which == 0:
        value = rng.choice([0, 1, count, count + 1, index + 1, rng.randint(1, count)])
        text = f"{value:>{opponent.width}}"
        column = opponent.first - 1
    elif which == 1:
        text, column = rng.choice("wb- "), layout.colour(round_no) - 1
    else:
        text, column = rng.choice("10=+-WDLHFUZ? "), layout.result(round_no) - 1
    lines[index] = line[:column].ljust(column) + text + line[column + len(text) :]


def _start(lines: list[str], rng: random.Random) -> None:
    index = rng.choice(_player_lines(lines))
    line = lines[index]
    layout = _layout(lines)
    count = len(_player_lines(lines))
    value = rng.choice([0, 1, count, count + 1, count + 5, rng.randint(1, count)])
    text = rng.choice([f"{value:>{layout.digits}}", " " * layout.digits, f"{value:<{layout.digits}}"])
    lines[index] = line[:4].ljust(4) + text + line[4 + layout.digits :]


def _lines(lines: list[str], rng: random.Random) -> None:
    at = rng.randrange(len(lines))
    action = rng.randrange(3)
    if action == 0:
        lines.insert(rng.randrange(len(lines) + 1), lines[at])
    elif action == 1 and len(lines) > 1:
        del lines[at]
    else:
        other = rng.randrange(len(lines))
        lines[at], lines[other] = lines[other], lines[at]


def _record(lines: list[str], rng: random.Random) -> None:
    """A record added: byes, abnormal points, a point system, a number of rounds, digits, and others."""
    count = len(_player_lines(lines))
    layout = _layout(lines)

    def starts() -> str:
        picked = [rng.choice([rng.randint(1, count), rng.randint(1, count), count + 1, 0]) for _ in "abc"]
        return " ".join(f"{start:>{layout.digits}}" for start in picked[: rng.randint(1, 3)])

    rounds = rng.randint(0, 9)
    kind = rng.randrange(12)
    if kind in (0, 1):
        bye = rng.choice("FHZFHZx ")
        record = f"240 {bye} {rounds:03d} {starts()}"
    elif kind in (2, 3, 4):
        code = rng.choice("WDLFHZ+- U")
        points = rng.choice(POINTS)
        round_text = rng.choice([f"{rounds:03d}", "000", "   ", " x "])
        players = starts() if rng.random() < 0.85 else ""
        record = f"299 {code}        {points:>4}  {round_text} {players}".rstrip()
    elif kind == 5:
        entries = [f"{rng.choice('WDLAPXZFHQ ')}{rng.choice(POINTS):>4}" for _ in range(rng.randint(1, 5))]
        record = "162  " + "    ".join(entries)
    elif kind == 6:
        pairs = [f"{rng.choice(['W', 'D', 'WW', 'BW', 'PAB', 'FL', 'ZPB', 'XX'])}={rng.choice(POINTS)}" for _ in "ab"]
        record = "XXS " + " ".join(pairs)
    elif kind == 7:
        record = f"{rng.choice(['XXR', '142'])} {rng.choice([str(rounds), 'six', '99999999', ''])}"
    elif kind == 8:
        record = f"XXD {rng.choice(['4', '5', '6', '10', 'x'])}"
    elif kind == 9:
        record = rng.choice(
            [
                *["062 3", "062 x", f"062 {count}", "013 Team    1    2", "310   1 Team", "ABC x", "### note", ""],
                *["DDD SSSS sTTT NNNN", "         1         2", "1234567890123", "12 3", "DDDx", "142 x"],
            ]
        )
    elif kind == 10:
        record = rng.choice(["092 Round Robin", "192 FIDE_DUTCH_2025", "192 FIDE_ROUNDROBIN", "202 BH, SB"])
    else:
        record = "IRL    1      Adams, Ann                        1500"
    lines.insert(rng.randint(0, len(lines)), record)


def _long(lines: list[str], rng: random.Random) -> None:
    index = rng.randrange(len(lines))
    lines[index] += " " * rng.choice([100_001, 99_990]) + rng.choice(["", "x"])


MUTATIONS: list[tuple[Callable[[list[str], random.Random], None], int]] = [
    (_replace, 30),
    (_drop, 8),
    (_insert, 8),
    (_cut, 8),
    (_extend, 5),
    (_opponent, 15),
    (_start, 5),
    (_lines, 6),
    (_record, 20),
    (_long, 1),
]


def broken(seed: int) -> str:
    """A written event (or a real file) broken by a few mutations, maybe in the wide layout first."""
    rng = random.Random(seed)
    text = decode(rng.choice(SEED_FILES).read_bytes()) if rng.random() < 0.2 else written(seed)
    if rng.random() < 0.15:
        text = wide(text, rng.choice([5, 6]))
    lines = text.replace("\r\n", "\n").split("\n")
    mutations, weights = zip(*MUTATIONS, strict=True)
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
        rng.choices(mutations, weights)[0](lines, rng)
    return rng.choice(["\n", "\r\n", "\r"]).join(lines)


@pytest.mark.parametrize("seed", range(400))
def test_broken_texts_read_alike(seed: int) -> None:
    assert assert_same_reading(broken(seed)) in ("result", "error")


def test_broken_texts_give_both_outcomes() -> None:
    # The mutations are neither too gentle nor too rough: both readers refuse many texts and read many.
    outcomes = [read_by_oracle(broken(seed))[0] for seed in range(400)]
    results = sum(isinstance(outcome, Tournament) for outcome in outcomes)
    assert 60 < results < 340, results
