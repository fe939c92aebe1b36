"""The column reader: every ``001`` line of a TRF at once, into NumPy arrays.

The player lines are laid side by side in a grid of bytes, a row per line and
a column per character, so that a field is a slice of the grid and a number is
read a column of digits at a time. A character beyond Latin-1 takes one byte
too, one that means to the reader what the character means: a blank
(``"\\u2003"``) or something no field accepts (``"Ж"``).

Every cell is checked in bulk, each check a mask. The first bad cell, in the
order a reader going through the file line by line and field by field meets
it, gives the error, worded from the line's own text:

>>> lines = [f"{'001    1      Adams, Ann':<91}   2 w 1", f"{'001    2      Brown, Bob':<91}   1 x 0"]
>>> read_player_lines(lines, [3, 4], Layout(), path="t.trf")
Traceback (most recent call last):
...
sonneborn.errors.TrfError: t.trf:4:97: round 1: expected a colour w, b or - at column 97, found 'x'
>>> players = read_player_lines(lines[:1] + [lines[1].replace(" x ", " b ")], [3, 4], Layout(), path="t.trf")
>>> players.start.tolist(), players.blocks[0].opponent.tolist(), players.blocks[0].colour.tolist()
([1, 2], [[2], [1]], [[1], [2]])
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import islice
from operator import itemgetter, methodcaller
from typing import Any

import numpy as np
import numpy.typing as npt

from sonneborn.errors import TrfError
from sonneborn.event import CODE, COLOUR_CODE, KINDS, NOT_PLAYED, Bools, Codes, Ints, distinct
from sonneborn.formats.lines import MAX_LINE, long_line
from sonneborn.formats.trf.layout import COLOURS, RESULT_CODES, RESULTS, Columns, Layout
from sonneborn.messages import N_, Message

__all__ = ["Blocks", "PlayerLines", "cut", "read_player_lines"]

Bytes = npt.NDArray[np.uint8]

SPACE = 0x20

_ONE_BYTE = "sonneborn.trf-columns"


def _one_byte(error: UnicodeError) -> tuple[str, int]:
    """The encoding error handler ``sonneborn.trf-columns``: a character beyond Latin-1 becomes one byte,
    NEL (a blank to :meth:`str.strip`, as it is) when it is a blank, else DEL (which no field accepts)."""
    assert isinstance(error, UnicodeEncodeError)
    text = error.object[error.start : error.end]
    return "".join("\x85" if char.isspace() else "\x7f" for char in text), error.end


codecs.register_error(_ONE_BYTE, _one_byte)

_CHARS = [chr(byte) for byte in range(256)]
_BLANK = np.array([char.isspace() for char in _CHARS], dtype=bool)
"""The bytes :meth:`str.strip` takes away (``\\t``, ``\\x1c``, NBSP, …): a field of them is blank."""
_KIND = np.array([CODE[RESULTS[char.upper()]] if char.upper() in RESULTS else -1 for char in _CHARS], dtype=np.int8)
"""The kind code of each result code (either case), −1 for a byte that is none."""
_COLOUR = np.array(
    [COLOUR_CODE[COLOURS[char.lower()]] if char.lower() in COLOURS else -1 for char in _CHARS], dtype=np.int8
)
"""The colour code of each colour letter (either case), −1 for a byte that is none."""
_IS_BYE = np.array([index < len(KINDS) and KINDS[index].is_bye for index in range(256)], dtype=bool)
_IS_PLAYED = np.array([index < len(KINDS) and KINDS[index].is_played for index in range(256)], dtype=bool)
"""Whether a kind code (as a byte; −1 is 255) is a bye, or a game played over the board."""
_POINTS = re.compile(r"-?[0-9]{1,9}(?:[.,][0-9]{1,9})?")
"""Points as a player line states them, ``11.5`` or ``11,5``."""


@dataclass(frozen=True, eq=False)
class Blocks:
    """The round blocks of some player lines, a row per line, a column per block the longest line starts.

    Lines are read in groups of about the same length, so that a few long lines
    do not make every row of the grid long.
    """

    rows: Ints
    """The lines' indices among the player lines, in file order."""
    opponent: Ints
    """The opponent's start number, 0 for none (``0000`` or blank)."""
    kind: Codes
    """The result kind's code (:data:`sonneborn.event.KINDS`) where :attr:`content`."""
    colour: Codes
    """0 unknown, 1 White, 2 Black, where :attr:`content`."""
    content: Bools
    """Whether a block has anything but blanks: a blank block is a round without a result."""
    blank: Bools
    """Whether a block has an opponent, a colour and a blank result: a game paired and not played yet."""
    ended: Bools
    """Whether such a block's line ends before its result (as programs write a paired round, cut after it)."""


@dataclass(frozen=True, eq=False)
class PlayerLines:
    """The ``001`` lines of a file read into columns, a row per line in file order."""

    lines: Sequence[str]
    linenos: Ints
    """Each line's number in the file."""
    layout: Layout
    start: Ints
    rating: Ints
    """0 for none."""
    fide_id: Ints
    """0 for none."""
    rank: Ints
    """The rank the line states, −1 where blank."""
    blocks: list[Blocks]
    federation_odd: Bools
    """Whether a line's federation is neither three letters nor blank."""

    def field(self, columns: Columns, rows: Sequence[int]) -> list[str]:
        """A field of the lines of ``rows``, in that order, stripped."""
        return cut(self.lines, columns, rows)


def cut(lines: Sequence[str], columns: Columns, rows: Sequence[int]) -> list[str]:
    """A field of the ``lines`` of ``rows``, in that order, stripped."""
    fields = list(map(str.strip, map(itemgetter(slice(columns.first - 1, columns.last)), lines)))
    return list(map(fields.__getitem__, rows))


def read_player_lines(lines: Sequence[str], linenos: Sequence[int] | Ints, layout: Layout, *, path: str) -> PlayerLines:
    """Reads the ``001`` lines of a file, each with its line number, into columns.

    Raises :class:`TrfError` at the first problem a line-by-line reader would
    meet: a line too long, a start number that is not one or is given twice,
    points, a rating, a FIDE id or a rank that is not a number, a block that is
    not a block (an opponent, a colour or a result code where they do not
    belong, a result without an opponent, a bye with one).
    """
    count = len(lines)
    numbers = np.asarray(linenos, dtype=np.int64)
    lengths = np.fromiter(map(len, lines), dtype=np.int64, count=count)
    too_long = np.flatnonzero(lengths > MAX_LINE)
    # A line beyond the limit stops the reading: the lines after it are never looked at.
    checked = int(too_long[0]) if too_long.size else count
    reading = _Reading(lines, numbers, lengths, layout, path, checked)
    problem = reading.first_problem()
    if problem is not None:
        raise problem
    if checked < count:
        line = lines[checked]
        raise TrfError(long_line(line) or "", path=path, line=int(numbers[checked]), column=MAX_LINE + 1)
    return PlayerLines(
        lines=lines,
        linenos=numbers,
        layout=layout,
        start=reading.start,
        rating=reading.rating,
        fide_id=reading.fide_id,
        rank=reading.rank,
        blocks=[group.blocks for group in reading.groups],
        federation_odd=reading.federation_odd,
    )


@dataclass(frozen=True, eq=False)
class _Numbers:
    """Whole numbers in fixed columns, with what is wrong with them."""

    value: Ints
    """The number; 0 where blank."""
    bad: Bools
    """Something but digits in one run with blanks around."""
    blank: Bools
    """Nothing but blanks."""


def _numbers(columns: Sequence[Bytes], blank: Callable[[Bytes], Bools], dtype: type[np.signedinteger[Any]]) -> _Numbers:
    """Reads the numbers of a field given a column of the grid at a time, as :meth:`str.strip` and ``int`` would."""
    shape = columns[0].shape
    value = np.zeros(shape, dtype=dtype)
    seen = np.zeros(shape, dtype=bool)
    after = np.zeros(shape, dtype=bool)  # a blank after a digit
    bad = np.zeros(shape, dtype=bool)
    for column in columns:
        digits = column - np.uint8(ord("0"))  # bytes below "0" wrap round to 208 and more
        digit = digits < 10
        space = blank(column)
        bad |= ~(digit | space)
        bad |= digit & after
        after |= seen & space
        seen |= digit
        value *= 10
        value += digits * digit
    # Read as right-aligned, as TRF writes numbers; one followed by blanks has a power of ten too many.
    trailing = np.flatnonzero(after & ~bad)
    if trailing.size:
        blanks = np.zeros(trailing.size, dtype=np.int64)
        for column in columns:
            cells = column.reshape(-1)[trailing]
            blanks = np.where(cells - np.uint8(ord("0")) < 10, 0, blanks + 1)
        flat = value.reshape(-1)
        flat[trailing] //= (10**blanks).astype(dtype)
    return _Numbers(value, bad, ~(seen | bad))


class _Group:
    """The lines of one length class: their grid, their fields' masks and their blocks."""

    def __init__(self, lines: Sequence[str], rows: Ints, lengths: Ints, blocks: int, layout: Layout) -> None:
        """Reads the ``lines`` (those of ``rows``, whose ``lengths`` are given; any after them are not read)."""
        first_block = layout.block_column(1) - 1
        width = layout.width
        grid_width = first_block + width * blocks
        text = "".join(map(methodcaller("ljust", grid_width), islice(lines, len(rows))))
        raw = text.encode("latin-1", errors=_ONE_BYTE)
        del text
        grid = np.frombuffer(raw, dtype=np.uint8).reshape(len(rows), grid_width)
        # Blanks other than the space (a tab, NBSP) are rare: without them a blank is a space, a faster test.
        odd = not raw.isascii() or (grid.size > 0 and int(grid.min()) < SPACE)
        blank = _blank_of_any if odd else _blank_of_space
        self.rows = rows

        self.start = _numbers(_columns(grid, layout.start), blank, np.int64)
        self.points_bad = _points_bad(grid[:, layout.points.first - 1 : layout.points.last])
        self.rating = _numbers(_columns(grid, layout.rating), blank, np.int64)
        self.fide_id = _numbers(_columns(grid, layout.fide_id), blank, np.int64)
        self.rank = _numbers(_columns(grid, layout.rank), blank, np.int64)
        self.number_gaps = grid[:, [column - 1 for column, _ in layout.number_gaps]] != SPACE
        federation = grid[:, layout.federation.first - 1 : layout.federation.last]
        letters = ((federation | np.uint8(0x20)) - np.uint8(ord("a"))) < 26  # A-Z or a-z
        self.federation_odd = ~(letters.all(axis=1) | blank(federation).all(axis=1))

        # Every block of every line at once; the cells of one place in the blocks are copied together.
        cells = grid[:, first_block:].reshape(len(rows), blocks, width).transpose(2, 0, 1).copy()
        del grid, raw
        digits = layout.digits
        filled = [~blank(cells[offset]) for offset in range(width)]
        content = np.logical_or.reduce(filled) if filled else np.zeros((len(rows), 0), dtype=bool)
        opponent_filled = np.logical_or.reduce(filled[:digits]) if filled else content
        starts = first_block + width * np.arange(blocks)
        self.truncated = opponent_filled & (lengths[:, None] < starts[None, :] + digits)
        self.opponent = _numbers(list(cells[:digits]), blank, np.int32)
        self.gaps = [cells[offset] != SPACE for offset in layout.gap_offsets]
        self.colour = _COLOUR[cells[layout.colour_offset]] if blocks else np.zeros((len(rows), 0), dtype=np.int8)
        result = cells[layout.result_offset] if blocks else np.zeros((len(rows), 0), dtype=np.uint8)
        has_opponent = self.opponent.value > 0
        blank_result = has_opponent & (result == SPACE)
        # An opponent, a colour and a blank result is a round paired and not played yet, as programs write the
        # next round; without a colour the block is cut short, an error.
        self.paired_blank = blank_result & (self.colour > 0)
        self.result_blank = blank_result & ~self.paired_blank
        self.kind = np.where(self.paired_blank, np.int8(NOT_PLAYED), _KIND[result])
        results_at = starts + layout.result_offset + 1
        self.ended = self.paired_blank & (lengths[:, None] < results_at[None, :])
        kind_byte = self.kind.view(np.uint8)
        self.bye_with_opponent = has_opponent & _IS_BYE[kind_byte]
        self.played_alone = ~has_opponent & _IS_PLAYED[kind_byte]
        wrong = self.truncated | self.opponent.bad | self.result_blank | self.bye_with_opponent | self.played_alone
        for gap in self.gaps:
            wrong |= gap
        wrong |= self.colour < 0
        wrong |= self.kind < 0
        self.wrong = wrong & content
        self.content = content
        self.bad_fields = self.start.bad | self.start.blank | (self.start.value == 0) | self.points_bad
        self.bad_fields |= self.rating.bad | self.fide_id.bad | self.rank.bad | self.number_gaps.any(axis=1)

    @property
    def bad_rows(self) -> Bools:
        """Whether each line has a problem of its own (a start number given twice aside)."""
        bad: Bools = self.bad_fields | self.wrong.any(axis=1)
        return bad

    @property
    def blocks(self) -> Blocks:
        return Blocks(
            self.rows, self.opponent.value, self.kind, self.colour, self.content, self.paired_blank, self.ended
        )


def _columns(grid: Bytes, field: Columns) -> list[Bytes]:
    """A field's columns of the grid, each a column of cells."""
    return [grid[:, column - 1] for column in range(field.first, field.last + 1)]


def _blank_of_space(cells: Bytes) -> Bools:
    blank: Bools = cells == SPACE
    return blank


def _blank_of_any(cells: Bytes) -> Bools:
    blank: Bools = _BLANK[cells]
    return blank


def _points_bad(field: Bytes) -> Bools:
    """Whether each points field is neither blank nor a number such as ``11.5`` (each distinct text checked once).

    The four bytes of a field are read as one integer, to sort and compare them at once.
    """
    assert field.shape[1] == 4
    texts = np.ascontiguousarray(field).view(np.uint32).reshape(-1)
    kinds = distinct(texts)
    raw = kinds.tobytes()
    wrong = [
        kinds[index]
        for index in range(len(kinds))
        if (text := raw[4 * index : 4 * index + 4].decode("latin-1").strip()) and not _POINTS.fullmatch(text)
    ]
    found = np.zeros(len(texts), dtype=bool)
    for value in wrong:  # only a file with errors has any
        found |= texts == value
    return found


class _Reading:
    """The groups of lines of one file, and the first problem of all its lines."""

    def __init__(
        self, lines: Sequence[str], linenos: Ints, lengths: Ints, layout: Layout, path: str, checked: int
    ) -> None:
        self.lines, self.linenos, self.layout, self.path = lines, linenos, layout, path
        count = len(lines)
        first_block = layout.block_column(1) - 1
        blocks = np.where(lengths > first_block, (lengths - first_block - 1) // layout.width + 1, 0)[:checked]
        widths = first_block + layout.width * blocks
        if checked * int(widths.max(initial=0)) <= 2 * int(widths.sum()) + 1_000_000:
            parts = [np.arange(checked, dtype=np.int64)]
        else:
            # A few long lines among many short ones: lines by powers of two of their blocks, so that the
            # grid of each group is at most about twice its text.
            classes = np.ceil(np.log2(blocks + 1)).astype(np.int64)
            parts = [np.flatnonzero(classes == kind) for kind in distinct(classes).tolist()]
        self.groups = []
        for rows in parts:
            group_lines = lines if len(parts) == 1 else [lines[row] for row in rows.tolist()]
            self.groups.append(_Group(group_lines, rows, lengths[rows], int(blocks[rows].max(initial=0)), layout))
        self.start = np.zeros(count, dtype=np.int64)
        self.rating = np.zeros(count, dtype=np.int64)
        self.fide_id = np.zeros(count, dtype=np.int64)
        self.rank = np.full(count, -1, dtype=np.int64)
        self.start_ok = np.zeros(count, dtype=bool)
        self.federation_odd = np.zeros(count, dtype=bool)
        for group in self.groups:
            self.federation_odd[group.rows] = group.federation_odd
            rows = group.rows
            self.start[rows] = group.start.value
            self.start_ok[rows] = ~(group.start.bad | group.start.blank | (group.start.value == 0))
            self.rating[rows] = group.rating.value
            self.fide_id[rows] = group.fide_id.value
            self.rank[rows] = np.where(group.rank.blank, -1, group.rank.value)

    def first_problem(self) -> TrfError | None:
        """The error of the first line with a problem, at the first problem of that line, else ``None``."""
        first: int | None = None
        for group in self.groups:
            bad = np.flatnonzero(group.bad_rows)
            if bad.size and (first is None or int(group.rows[bad[0]]) < first):
                first = int(group.rows[bad[0]])
        twice = self.given_twice()
        if twice is not None and (first is None or twice[0] <= first):
            # A line with a bad start number is never said to repeat one: its own error comes first.
            return self.describe(twice[0], duplicate_of=twice[1])
        return None if first is None else self.describe(first)

    def given_twice(self) -> tuple[int, int] | None:
        """The first line whose start number an earlier line gives, with that earlier line, else ``None``."""
        rows = np.flatnonzero(self.start_ok)
        if not rows.size:
            return None
        starts = self.start[rows]
        order = np.argsort(starts, kind="stable")
        ordered = starts[order]
        again = np.flatnonzero(ordered[1:] == ordered[:-1]) + 1
        if not again.size:
            return None
        later = rows[order[again]]
        row = int(later.min())
        start = self.start[row]
        earlier = int(rows[order[np.searchsorted(ordered, start)]])
        return row, earlier

    def error(self, message: str | Message, row: int, column: int) -> TrfError:
        return TrfError(message, path=self.path, line=int(self.linenos[row]), column=column)

    def describe(self, row: int, *, duplicate_of: int | None = None) -> TrfError:
        """The error of a line known to have a problem, at its first problem."""
        group, index = next(
            (group, index)
            for group in self.groups
            if (index := int(np.searchsorted(group.rows, row))) < len(group.rows) and group.rows[index] == row
        )
        line = self.lines[row]
        layout = self.layout
        start = layout.start
        if not self.start_ok[row]:
            template = N_("expected a start number at columns {columns}, found {found}")
            return self.error(Message.of(template, columns=str(start), found=repr(start.text(line))), row, start.first)
        if duplicate_of is not None:
            template = N_(
                "duplicate start number {number}, first given at line {number2} (expected each start number once)"
            )
            message = Message.of(template, number=int(self.start[row]), number2=int(self.linenos[duplicate_of]))
            return self.error(message, row, start.first)
        if group.points_bad[index]:
            points = layout.points
            template = N_("expected points at columns {columns}, found {found}")
            return self.error(
                Message.of(template, columns=str(points), found=repr(points.text(line))), row, points.first
            )
        for gap, (column, field) in zip(group.number_gaps[index], layout.number_gaps, strict=True):
            if gap:
                template = (
                    N_("expected a blank at column {number}, found {found} (the rating takes columns {columns}: is "
                       "the line shifted?)")
                    if field == layout.rating
                    else N_("expected a blank at column {number}, found {found} (the FIDE id takes columns "
                            "{columns}: is the line shifted?)")
                )  # fmt: skip
                found = repr(line[column - 1 : column])
                return self.error(Message.of(template, number=column, found=found, columns=str(field)), row, column)
        for template, numbers, field in (
            (N_("expected a rating at columns {columns}, found {found}"), group.rating, layout.rating),
            (N_("expected a FIDE id at columns {columns}, found {found}"), group.fide_id, layout.fide_id),
            (N_("expected a rank at columns {columns}, found {found}"), group.rank, layout.rank),
        ):
            if numbers.bad[index]:
                message = Message.of(template, columns=str(field), found=repr(field.text(line)))
                return self.error(message, row, field.first)
        block = int(np.argmax(group.wrong[index]))
        message, column = _block_problem(group, index, block, line, layout)
        return self.error(Message.of(N_("round {round}: {message}"), round=block + 1, message=message), row, column)


def _block_problem(group: _Group, index: int, block: int, line: str, layout: Layout) -> tuple[Message, int]:
    """The message and column of the first problem of a bad block."""
    round_no = block + 1
    opponent = layout.opponent(round_no)
    if group.truncated[index, block]:
        template = N_("expected an opponent's start number at columns {columns}, found end of line")
        return Message.of(template, columns=str(opponent)), opponent.first
    if group.opponent.bad[index, block]:
        template = N_("expected an opponent's start number at columns {columns}, found {found}")
        return Message.of(template, columns=str(opponent), found=repr(opponent.text(line))), opponent.first
    for gap_column, gap in zip(layout.gaps(round_no), group.gaps, strict=True):
        if gap[index, block]:
            found = line[gap_column - 1 : gap_column]
            template = N_(
                "expected a blank at column {number}, found {found} (the block of round {round} takes "
                "columns {columns}: is it shifted?)"
            )
            columns = f"{opponent.first}-{layout.result(round_no)}"
            return Message.of(
                template, number=gap_column, found=repr(found), round=round_no, columns=columns
            ), gap_column
    colour = layout.colour(round_no)
    if group.colour[index, block] < 0:
        template = N_("expected a colour w, b or - at column {number}, found {found}")
        return Message.of(template, number=colour, found=repr(line[colour - 1 : colour])), colour
    result = layout.result(round_no)
    result_text = line[result - 1 : result]
    if group.result_blank[index, block]:
        template = (
            N_("expected a result code at column {number}, found end of line")
            if not result_text
            else N_("expected a result code at column {number}, found a blank")
        )
        return Message.of(template, number=result), result
    if group.kind[index, block] < 0:
        template = N_("expected a result code ({codes}) at column {number}, found {found}")
        return Message.of(template, codes=RESULT_CODES, number=result, found=repr(result_text)), result
    if group.bye_with_opponent[index, block]:
        template = N_("a bye ({bye}) cannot have an opponent, found {found} (expected 0000 or a blank)")
        return Message.of(
            template, bye=repr(result_text), found=int(group.opponent.value[index, block])
        ), opponent.first
    template = N_(
        "result {result} needs an opponent, found {found} (expected an opponent's start number at columns {columns})"
    )
    return Message.of(template, result=repr(result_text), found=repr(opponent.text(line)), columns=str(opponent)), (
        opponent.first
    )
