"""A TRF-16 reader that parses the fixed columns of every player line at once, with NumPy.

It accepts only what :mod:`sonneborn.formats.trf` accepts, and reads it the
same way; anything it does not handle — a malformed line, a game not mirrored,
byes and points given in records 240, 299, 162 or ``XXS`` — makes it give up
(``None``), and the caller reads the file with the reference reader, which
then says exactly what is wrong.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import compress
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from sonneborn.errors import TrfError
from sonneborn.fast.event import BLACK, CODE, KINDS, WHITE, ArrayEvent, Bools, Ints, distinct, of_kinds
from sonneborn.formats import MAX_LINE, split_lines, too_many_results
from sonneborn.formats.trf.read import _event_kind, _Reader
from sonneborn.model import EventKind, PointSystem, ResultKind, mirrors

SPACE = 32
T = TypeVar("T", bound=np.generic)

_RESULT_CODE = np.full(256, -1, dtype=np.int8)
for _char, _kind in {
    "1": ResultKind.WIN,
    "=": ResultKind.DRAW,
    "0": ResultKind.LOSS,
    "W": ResultKind.UNRATED_WIN,
    "D": ResultKind.UNRATED_DRAW,
    "L": ResultKind.UNRATED_LOSS,
    "+": ResultKind.FORFEIT_WIN,
    "-": ResultKind.FORFEIT_LOSS,
    "U": ResultKind.PAIRING_BYE,
    "F": ResultKind.FULL_BYE,
    "H": ResultKind.HALF_BYE,
    "Z": ResultKind.ZERO_BYE,
    " ": ResultKind.ZERO_BYE,
    "?": ResultKind.NOT_PLAYED,
}.items():
    _RESULT_CODE[ord(_char)] = CODE[_kind]
    _RESULT_CODE[ord(_char.lower())] = CODE[_kind]

_COLOUR = np.full(256, -1, dtype=np.int8)
for _char, _value in {" ": 0, "-": 0, "w": WHITE, "W": WHITE, "b": BLACK, "B": BLACK}.items():
    _COLOUR[ord(_char)] = _value

_NOT_ASCII = "sonneborn.fast-trf"
# A character beyond ASCII becomes DEL, which no column accepts ("?" would read as a result code).
codecs.register_error(_NOT_ASCII, lambda error: ("\x7f" * (error.end - error.start), error.end))  # type: ignore[attr-defined]

_BYE_CODES = np.array([CODE[k] for k in KINDS if k.is_bye], dtype=np.int64)
_PLAYED_CODES = np.array([CODE[k] for k in KINDS if k.is_played], dtype=np.int64)
_MIRRORS = np.array([[mirrors(a, b) for b in KINDS] for a in KINDS], dtype=bool)


class _GiveUp(Exception):
    """Something the fast reader leaves to the reference reader."""


class _QuietReader(_Reader):
    """The reference header reader, its warnings held back until the fast reading succeeds.

    A file the fast reader gives up on is read again by the reference reader,
    which then gives the warnings itself: none may be said twice.
    """

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.held: list[tuple[int, str, tuple[object, ...]]] = []

    def warn(self, lineno: int, message: str, *args: object) -> None:
        self.held.append((lineno, message, args))

    def release(self) -> None:
        for lineno, message, args in self.held:
            super().warn(lineno, message, *args)
        self.held.clear()


@dataclass(frozen=True, slots=True)
class FastEvent:
    """What the command needs of an event read the fast way."""

    event: ArrayEvent
    names: list[str]
    name: str | None
    tiebreaks: tuple[str, ...]
    unfinished: int
    say_warnings: Callable[[], None] = lambda: None
    """Says the reader's warnings when they were held (``hold_warnings``): once the caller keeps the event."""


def read_trf_fast(text: str, *, path: str = "<input>", hold_warnings: bool = False) -> FastEvent | None:
    """The event of a TRF-16 text as arrays, or ``None`` when the reference reader must read it.

    With ``hold_warnings`` the reader's warnings wait for :attr:`FastEvent.say_warnings`: a caller that may
    still hand the file to the reference reader (which says them itself) says them only if it does not.
    """
    try:
        return _read(text, path, hold_warnings)
    except (_GiveUp, TrfError):  # a header record the reference reader rejects: it says what is wrong
        return None


def _read(text: str, path: str, hold_warnings: bool) -> FastEvent:
    text = text.removeprefix("\ufeff")
    reader = _QuietReader(path)
    lines = split_lines(text)
    is_player = [line.startswith("001") for line in lines]
    player_lines = list(compress(lines, is_player))
    if not player_lines:
        raise _GiveUp
    first_player = is_player.index(True)
    for index in compress(range(len(lines)), [not flag for flag in is_player]):
        reader.seen_players = index > first_player  # as the reference reader: XXD must come before the players
        reader.record(index + 1, lines[index])
    header = reader.header
    if header.byes or header.abnormal or header.points or header.points_162:
        raise _GiveUp
    if header.system_points:
        raise _GiveUp
    layout = reader.layout
    extra, digits, block_width = layout.extra, layout.digits, layout.width
    first_block = layout.block_column(1) - 1
    count = len(player_lines)
    lengths = np.array([len(line) for line in player_lines], dtype=np.int64)
    longest = int(lengths.max())
    if longest > MAX_LINE:
        raise _GiveUp  # the reference reader refuses the line
    blocks = max(0, (longest - first_block - 1) // block_width + 1) if longest > first_block else 0
    width = first_block + block_width * blocks
    if count * width > 2 * len(text) + 1_000_000:
        raise _GiveUp  # a few long lines among many short ones: the grid would be mostly padding
    padded = "".join(line.ljust(width) for line in player_lines)
    raw = padded.encode("ascii", errors=_NOT_ASCII)
    del padded  # each copy of a big event's text let go as soon as it is done with: less memory to touch
    if len(raw) != count * width:
        raise _GiveUp
    grid = np.frombuffer(raw, dtype=np.uint8).reshape(count, width)
    names_in_file = [line[14 + extra : 47 + extra].strip() for line in player_lines]
    del lines, player_lines

    starts = _number(grid[:, 4 : 4 + digits], required=True)
    order = np.argsort(starts, kind="stable")
    if not np.array_equal(starts[order], np.arange(1, count + 1)):
        raise _GiveUp
    for first, last in ((48 + extra, 52 + extra), (85 + extra, 89 + 2 * extra)):
        _number(grid[:, first:last])
    fide_ids = _number(grid[:, 57 + extra : 68 + extra])
    _points_field(grid[:, 80 + extra : 84 + extra])

    # Every round block of every line at once: cells[player, block, column].
    cells = grid[:, first_block:].reshape(count, blocks, block_width)
    columns = first_block + block_width * np.arange(blocks)
    opponent_field = cells[:, :, :digits]
    filled_opponent = _any_filled(cells, range(digits))
    content = (filled_opponent | _any_filled(cells, range(digits, block_width))) & (lengths[:, None] > columns[None, :])
    truncated = (lengths[:, None] < columns[None, :] + digits) & filled_opponent
    gaps = _any_filled(cells, (digits, digits + 2, digits + 4, digits + 5))
    number = _number(opponent_field, where=content)
    colours = _COLOUR[cells[:, :, digits + 1]]
    results = _RESULT_CODE[cells[:, :, digits + 3]]
    has_opponent = number > 0
    blank_result = cells[:, :, digits + 3] == SPACE
    wrong = (
        truncated
        | gaps
        | (colours < 0)
        | (results < 0)
        | (has_opponent & blank_result)
        | (has_opponent & of_kinds(results, _BYE_CODES))
        | (~has_opponent & of_kinds(results, _PLAYED_CODES))
    )
    if (wrong & content).any():
        raise _GiveUp
    opponent = np.where(content & has_opponent, number - 1, -1)
    kind = np.where(content, results, -1)
    colour = np.where(content, colours, 0).astype(np.int8)

    opponent, kind, colour, content = opponent[order], kind[order], colour[order], content[order]
    finished = content & (kind != CODE[ResultKind.NOT_PLAYED])
    played_columns = np.flatnonzero(finished.any(axis=0))
    last_played = int(played_columns[-1]) + 1 if played_columns.size else 0
    content_columns = np.flatnonzero(content.any(axis=0))
    last_block = int(content_columns[-1]) + 1 if content_columns.size else 0
    rounds = max(header.stated_rounds, last_block)
    if too_many_results(count, rounds, len(text)) is not None:
        raise _GiveUp
    opponent, kind = _widen(opponent, rounds, -1), _widen(kind, rounds, -1)
    colour, content = _widen(colour, rounds, 0), _widen(content, rounds, False)
    absent = np.where(np.arange(rounds) < last_played, CODE[ResultKind.ZERO_BYE], CODE[ResultKind.NOT_PLAYED])
    kind = np.where(content, kind, absent[None, :])
    _check_pairings(opponent, kind, colour)
    rows = order.tolist()
    names = list(map(names_in_file.__getitem__, rows))
    keys = [fide_id or name for fide_id, name in zip(fide_ids[order].tolist(), names, strict=True)]
    if len(set(keys)) < count:  # rare: only then the line numbers are worth finding
        player_linenos = [index + 1 for index in compress(range(len(is_player)), is_player)]
        reader.check_duplicates(keys, [player_linenos[row] for row in rows])

    if header.stated_players is not None and header.stated_players[0] != count:
        stated, lineno = header.stated_players
        reader.warn(lineno, "record 062 gives %d players, but there are %d player records (001)", stated, count)
    system = reader.point_system()
    if system != PointSystem():
        raise _GiveUp  # stated point systems are rare: the reference reader reads them
    unit = 2
    points_of = np.array([int(system.points(k) * unit) for k in KINDS], dtype=np.int64)
    ratings = _number(grid[:, 48 + extra : 52 + extra])[order]
    stated_kind = header.type_kind or _event_kind(header.event_type)
    event = ArrayEvent(
        opponent=opponent,
        kind=kind.astype(np.int8),
        colour=colour,
        points=points_of[kind],
        adjustment=np.zeros(count, dtype=np.int64),
        rating=ratings,
        unit=unit,
        system=points_of,
        event_kind=stated_kind or _detect_kind(opponent),
    )
    home = opponent >= 0
    unfinished = int((home & (kind == CODE[ResultKind.NOT_PLAYED]) & (opponent > np.arange(count)[:, None])).sum())
    if hold_warnings:
        return FastEvent(event, names, header.name, header.tiebreaks, unfinished, reader.release)
    reader.release()
    return FastEvent(event, names, header.name, header.tiebreaks, unfinished)


def _any_filled(cells: npt.NDArray[np.uint8], columns: Iterable[int]) -> Bools:
    """Whether each cell has something but a blank in the given columns (a column at a time: reducing
    the short last axis of a big array is several times slower)."""
    filled = np.zeros(cells.shape[:2], dtype=bool)
    for column in columns:
        filled |= cells[:, :, column] != SPACE
    return filled


def _widen(array: npt.NDArray[T], rounds: int, fill: object) -> npt.NDArray[T]:
    """The array with as many columns as rounds (blank columns for rounds no line reaches)."""
    count, columns = array.shape
    if columns >= rounds:
        return array[:, :rounds]
    wider = np.full((count, rounds), fill, dtype=array.dtype)
    wider[:, :columns] = array
    return wider


def _number(field: npt.NDArray[np.uint8], *, required: bool = False, where: Bools | None = None) -> Ints:
    """Whole numbers in fixed columns (the last axis): digits in one run with blanks around; blank is 0.

    The fields stay bytes until the values are summed column by column: the
    million opponent fields of a big event are never widened to 64 bits.
    """
    values = field - np.uint8(ord("0"))  # bytes below "0" wrap round to 208 and more
    digit = values < 10
    other = ~digit & (field != SPACE)
    if other.any() and (other.any(axis=-1) & (True if where is None else where)).any():
        raise _GiveUp
    if required and not digit.any(axis=-1).all():
        raise _GiveUp
    values *= digit  # blanks count 0
    # A run of digits that ends before the last column: the field is not right-aligned.
    ended = digit[..., :-1] & ~digit[..., 1:]
    if not ended.any():
        # Right-aligned, as TRF writes numbers: one run reaching the last column; a weighted sum.
        right: Ints = values[..., 0].astype(np.int64)
        for column in range(1, field.shape[-1]):
            right *= 10
            right += values[..., column]
        return right
    # Digits must be contiguous: no blank between the first and the last digit.
    starts = (digit[..., 1:] & ~digit[..., :-1]).sum(axis=-1, dtype=np.int32) + digit[..., 0]
    if ((starts > 1) & (True if where is None else where)).any():
        raise _GiveUp
    value = np.zeros(field.shape[:-1], dtype=np.int64)
    for column in range(field.shape[-1]):
        value = np.where(digit[..., column], value * 10 + values[..., column], value)
    return value


def _points_field(field: npt.NDArray[np.uint8]) -> None:
    """Gives up unless every points field is blank or a number such as ``11.5`` (checked once per distinct text)."""
    pattern = re.compile(r"-?[0-9]+(?:[.,][0-9]+)?")
    texts = distinct(np.ascontiguousarray(field).view(f"S{field.shape[1]}").ravel())
    for raw in texts.tolist():
        text = raw.decode("ascii").strip()
        if text and not pattern.fullmatch(text):
            raise _GiveUp


def _check_pairings(opponent: Ints, kind: Ints, colour: npt.NDArray[np.int8]) -> None:
    """Gives up unless every game is mirrored by the opponent's entry with the other colour."""
    count, rounds = opponent.shape
    rows = np.broadcast_to(np.arange(count)[:, None], opponent.shape)
    columns = np.broadcast_to(np.arange(rounds)[None, :], opponent.shape)
    paired = opponent >= 0
    if (paired & ((opponent >= count) | (opponent == rows))).any():
        raise _GiveUp
    # The opponent's entry of the same round, by its place in the flattened arrays (faster than 2-D indexing).
    other = np.where(paired, opponent, 0) * rounds + columns
    back = np.take(opponent, other)
    other_kind = np.take(kind, other)
    other_colour = np.take(colour, other)
    mirrored = np.take(_MIRRORS, kind.astype(np.intp) * len(KINDS) + other_kind)
    bad = paired & ((back != rows) | ~mirrored | ((colour == other_colour) & (colour != 0)))
    if bad.any():
        raise _GiveUp


def _detect_kind(opponent: Ints) -> EventKind:
    """Round robin when every pair is scheduled to meet the same number of times (as the model detects it)."""
    count, rounds = opponent.shape
    if count < 2 or rounds < count - 1:
        return EventKind.SWISS
    rows = np.broadcast_to(np.arange(count)[:, None], opponent.shape)
    mask = opponent > rows
    pairs = np.sort(rows[mask] * count + opponent[mask])
    if not pairs.size:
        return EventKind.SWISS  # no game at all: nobody meets anybody
    firsts = np.flatnonzero(np.concatenate(([True], pairs[1:] != pairs[:-1])))
    meetings = np.diff(np.append(firsts, len(pairs)))
    if len(meetings) == count * (count - 1) // 2 and len(set(meetings.tolist())) == 1:
        return EventKind.ROUND_ROBIN
    return EventKind.SWISS
