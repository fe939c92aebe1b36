"""The crosstable reader: a square table of results, one row per player.

A row holds an optional start number, the player's name and one cell per
opponent in row order, with a diagonal marker (``X``) in the player's own
column; columns after the result cells (points, tie-breaks) are not results.
Cells are separated by tabs, semicolons, commas or runs of two or more spaces.

>>> text = "   Player  1  2  3  Pts\\n1  Ann  X  1  ½  1½\\n2  Bob  0  X  +  1\\n3  Cy  ½  -  X  ½\\n"
>>> event = read_crosstable(text)
>>> [player.name for player in event], event.rounds
(['Ann', 'Bob', 'Cy'], 3)
>>> [str(entry) for entry in event.player(2).entries]
['3-+', '1-0', '0000-Z']

A crosstable carries no rounds and no colours: the games are put into the
rounds of the Berger tables (see :func:`berger_schedule`), colours unknown.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from sonneborn.errors import CrosstableError, InputWarning, Warn, log_warning, shown, shown_name
from sonneborn.formats.lines import MAX_LINE, from_spreadsheet, long_line, split_lines, too_many_results
from sonneborn.formats.reports import refuse_report
from sonneborn.messages import N_, Message, Number
from sonneborn.model import (
    Colour,
    Entry,
    EventKind,
    Player,
    ResultKind,
    StartNo,
    Tournament,
    mirrors,
)

__all__ = ["RESULT_KINDS", "berger_schedule", "parse_points", "read_crosstable", "result_tokens", "split_cells"]


DIAGONAL_MARKERS = frozenset("Xx*—×")
"""The characters that may fill a player's own cell."""

POINTS_LABELS = frozenset({"cs", "pts", "pt", "points", "score", "total", "σ", "punkte", "puntos", "pkt"})
"""Header labels (case-folded, without a final dot) of the points column."""

_TOKEN = re.compile(r"1/2|0[.,]5|½|=|1|0|\+|-|\.")
_TOKEN_KIND = {
    "1": ResultKind.WIN,
    "0": ResultKind.LOSS,
    "½": ResultKind.DRAW,
    "1/2": ResultKind.DRAW,
    "0.5": ResultKind.DRAW,
    "0,5": ResultKind.DRAW,
    "=": ResultKind.DRAW,
    "+": ResultKind.FORFEIT_WIN,
    "-": ResultKind.FORFEIT_LOSS,
    ".": ResultKind.NOT_PLAYED,
}
_START = re.compile(r"([0-9]{1,9})\.?")
_START_AND_NAME = re.compile(r"([0-9]{1,9}\.?)\s+(\S.*)")
_SPACED_FIELD = re.compile(r"\S+(?: \S+)*")
_WORD = re.compile(r"\S+")
_POINTS = re.compile(r"([0-9]{0,9})(½|[.,][0-9]{1,9})?")

_Games = Sequence[Sequence[tuple[str, ...]]]
"""The result tokens of every cell by row and column, ``()`` for empty cells and the diagonal."""


@dataclass(frozen=True, slots=True)
class _Field:
    """A cell of a line: its text without surrounding blanks and its 1-based column."""

    column: int
    text: str


@dataclass(frozen=True, slots=True)
class _Row:
    """A player row split into its parts."""

    line: int
    text: str
    start: _Field | None
    name: _Field
    cells: tuple[_Field, ...]


@dataclass(frozen=True, slots=True)
class _Problem:
    """A reason to reject the table, with its position."""

    line: int
    column: int
    message: Message


def berger_schedule(n: int) -> list[list[tuple[int, int]]]:
    """The rounds of a single round robin of ``n`` players by the Berger tables (FIDE C.05 Annex 1).

    Each round lists its pairs as (white, black) start numbers. For odd ``n`` a
    dummy player ``n + 1`` is added and its pairs are left out: the player
    missing from a round has the free round.

    >>> berger_schedule(4)
    [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    >>> berger_schedule(3)
    [[(2, 3)], [(1, 2)], [(3, 1)]]
    """
    if n < 0:
        raise ValueError(f"a round robin needs a non-negative number of players, not {n!r}")
    if n == 0:
        return []
    size = n + n % 2
    fixed = size
    others = size - 1

    def wrap(number: int) -> int:
        return (number - 1) % others + 1 if others else 1

    schedule: list[list[tuple[int, int]]] = []
    for round_index in range(others or 1):
        pivot = wrap(1 + round_index * (size // 2))
        pairs = [(pivot, fixed) if round_index % 2 == 0 else (fixed, pivot)]
        pairs += [(wrap(pivot + k), wrap(pivot - k)) for k in range(1, size // 2)]
        schedule.append([(white, black) for white, black in pairs if white <= n and black <= n])
    return schedule


def read_crosstable(text: str, *, path: str = "<input>", warn: Warn = log_warning) -> Tournament:
    """Reads a round-robin crosstable into a tournament.

    Raises :class:`~sonneborn.errors.CrosstableError` at the first problem
    (in the order: line length, shape, rows, size, games per cell,
    complementary results), and sends ``warn`` a warning when two rows have the
    same name. A points column is kept as the recorded points (the reading
    compares them with the results, :func:`sonneborn.formats.load_text`).
    """
    lines = [(number, line) for number, line in enumerate(split_lines(text.removeprefix("\ufeff")), 1)]
    for number, line in lines:
        problem = long_line(line)
        if problem is not None:
            raise CrosstableError(problem, path=path, line=number, column=MAX_LINE + 1)
    refuse_report(text, path=path)
    lines = [(number, line) for number, line in lines if line.strip()]
    if not lines:
        raise CrosstableError(_NO_ROWS, path=path, line=1, column=1)
    separator = _detect_separator([line for _, line in lines])
    header: tuple[int, str] | None = None
    if _is_header(lines[0][1], separator, len(lines)):
        header, lines = lines[0], lines[1:]
    if not lines:
        raise CrosstableError(_NO_ROWS, path=path, line=1, column=1)
    size = len(lines)
    if size == 1:
        raise CrosstableError(
            Message(
                N_(
                    "only one player row found, a crosstable needs two or more (expected a row per player: "
                    "is the table run together on one line?)"
                )
            ),
            path=path,
            line=lines[0][0],
            column=1,
        )
    rows = [_split_row(number, line, separator, index, size) for index, (number, line) in enumerate(lines)]

    _raise_first(path, _shape_problems(rows, size))
    numbered = any(row.start is not None for row in rows)
    _raise_first(path, [problem for index in range(size) for problem in _row_problems(index, rows, numbered)])
    labels: list[_Field] = []
    if header is not None:
        labels = _header_labels(header[1], separator)
        _raise_first(path, _header_problems(header[0], labels, size))
    games = [
        [_games(row.cells[column].text) if column != index else () for column in range(size)]
        for index, row in enumerate(rows)
    ]
    cycles = _cycles(games)
    _raise_first(path, _size_problems(rows, games, cycles, len(text)))
    _raise_first(path, _count_problems(rows, games, cycles))
    _raise_first(path, _complement_problems(rows, games, cycles))

    points_column = _points_column(labels, header is not None)
    opponents = _opponents(berger_schedule(size))
    players = []
    for index, row in enumerate(rows):
        entries = _entries(index + 1, opponents, games, cycles)
        recorded = _recorded_points(row, size, points_column)
        players.append(
            Player(
                start=index + 1,
                name=from_spreadsheet(row.name.text),
                entries=entries,
                recorded_points=recorded,
                recorded_tiebreaks=_recorded_tiebreaks(labels, row, size),
            )
        )
    _warn_duplicates(path, rows, warn)
    rounds = len(players[0].entries)
    return Tournament(players=tuple(players), rounds=rounds, kind=EventKind.ROUND_ROBIN, name=None)


_NO_ROWS = Message(
    N_("no player rows found (expected a row per player: his name and a result cell against each player)")
)


def _warn_duplicates(path: str, rows: Sequence[_Row], warn: Warn) -> None:
    """Warns of a name given to two rows: the same player twice, or two players to tell apart."""
    first: dict[str, _Row] = {}
    for row in rows:
        other = first.setdefault(row.name.text, row)
        if other is not row:
            template = N_("{name} is the name of two rows, lines {number} and {number2} (is a player entered twice?)")
            message = Message.of(template, name=shown_name(row.name.text), number=other.line, number2=row.line)
            warn(InputWarning(message, path, row.line, row.name.column))


def _raise_first(path: str, problems: Sequence[_Problem]) -> None:
    if not problems:
        return
    first = min(problems, key=lambda problem: (problem.line, problem.column))
    message = first.message
    if len(problems) > 1:
        more = len(problems) - 1
        template = N_("{message} (and {count} more problems)") if more > 1 else N_("{message} (and 1 more problem)")
        message = Message.of(template, message=message, count=more)
    raise CrosstableError(message, path=path, line=first.line, column=first.column)


# Splitting lines into cells.


def _detect_separator(lines: Sequence[str]) -> str:
    """Tab, semicolon or comma for a delimited table, ``""`` for the whitespace layout."""
    if any("\t" in line for line in lines):
        return "\t"
    # A semicolon may be in a name of a comma-separated table (``Clark ]0;x``): the semicolon layout is
    # taken when its cells make rows, else a table that has one is read as before.
    if any(";" in line for line in lines) and (_marks_every_row(lines, ";") or not _marks_every_row(lines, ",")):
        return ";"
    return "," if _marks_every_row(lines, ",") else ""


def _marks_every_row(lines: Sequence[str], separator: str) -> bool:
    """Whether every row (the header aside) has a cell that is a diagonal marker alone, cut by ``separator``.

    A comma also separates decimals and "Lastname, Firstname" in the whitespace layout, so the comma layout
    needs this of every row.
    """
    rows = lines[1:] if len(lines) > 1 and not _has_marker(_split(lines[0], separator)) else lines
    if not all(separator in line for line in rows):
        return False
    return all(any(_is_marker(field.text) for field in _split(line, separator)) for line in rows)


def split_cells(line: str, separator: str) -> list[tuple[int, str]]:
    """The cells of a line as the separator cuts them (``""``: runs of two or more spaces), each with its
    1-based column; a cell in double quotes may hold the separator.

    >>> split_cells('1;"Adams, Ann";X', ";")
    [(1, '1'), (3, 'Adams, Ann'), (16, 'X')]
    """
    return [(field.column, field.text) for field in _split(line, separator)]


def result_tokens(text: str) -> list[str] | None:
    """The result tokens of a round-robin cell (``1 ½ 0 + -``, ``.`` not played), one per game, or ``None``."""
    return _tokens(text)


def parse_points(text: str) -> Fraction | None:
    """Points as written: ``11``, ``8½``, ``10.5`` or ``10,5``; ``None`` when the text is none of these.

    >>> parse_points("10,5"), parse_points("8½"), parse_points("x")
    (Fraction(21, 2), Fraction(17, 2), None)
    """
    return _parse_points(text)


RESULT_KINDS: dict[str, ResultKind] = _TOKEN_KIND
"""The result kind of each round-robin result token, from the row player's side."""


def _split(line: str, separator: str) -> list[_Field]:
    if not separator:
        return [_Field(match.start() + 1, match.group()) for match in _SPACED_FIELD.finditer(line)]
    fields: list[_Field] = []
    position = 0
    while True:
        start = position
        while start < len(line) and line[start] == " ":
            start += 1
        if start < len(line) and line[start] == '"':
            text, after = _quoted(line, start + 1)
            end = line.find(separator, after)
            end = len(line) if end < 0 else end
            text += line[after:end].strip()
        else:
            end = line.find(separator, start)
            end = len(line) if end < 0 else end
            text = line[start:end].strip()
        fields.append(_Field(start + 1, text))
        if end >= len(line):
            return fields
        position = end + 1


def _quoted(line: str, position: int) -> tuple[str, int]:
    """The text of a quoted cell (``""`` is a quote) and the position after its closing quote."""
    parts: list[str] = []
    while position < len(line):
        char = line[position]
        if char == '"':
            if line.startswith('""', position):
                parts.append('"')
                position += 2
                continue
            return "".join(parts), position + 1
        parts.append(char)
        position += 1
    return "".join(parts), position


def _split_row(number: int, line: str, separator: str, index: int, size: int) -> _Row:
    """The row as the separator cuts it; in the whitespace layout also the single-space grid."""
    row = _row(number, line, _split(line, separator))
    if separator or _fit(row, index, size) == 3:
        return row
    cells = tuple(
        _Field(match.start() + 1, match.group())
        for match in _WORD.finditer(line, row.name.column - 1 + len(row.name.text))
    )
    grid = _Row(number, line, row.start, row.name, cells)
    return grid if _fit(grid, index, size) > _fit(row, index, size) else row


def _row(number: int, line: str, fields: list[_Field]) -> _Row:
    first = fields[0]
    start: _Field | None = None
    if len(fields) > 1 and (_START.fullmatch(first.text) or not first.text):
        start = first if first.text else None
        fields = fields[1:]
    elif match := _START_AND_NAME.fullmatch(first.text):
        start = _Field(first.column, match.group(1))
        fields = [_Field(first.column + match.start(2), match.group(2)), *fields[1:]]
    return _Row(number, line, start, fields[0], tuple(fields[1:]))


def _is_header(line: str, separator: str, size: int) -> bool:
    """Whether the first line labels the columns: no diagonal marker and no row of results."""
    if _has_marker(_split(line, separator)):
        return False
    if size < 2:
        return True
    row = _split_row(0, line, separator, 0, size)
    return len(row.cells) < size or any(_tokens(cell.text) is None for cell in row.cells[:size])


def _fit(row: _Row, index: int, size: int) -> int:
    """How well a row fits: 3 valid, 2 with the diagonal in place, 1 with enough cells, 0 too few."""
    if len(row.cells) < size:
        return 0
    if not _is_marker(row.cells[index].text):
        return 1
    for column, cell in enumerate(row.cells[:size]):
        if column != index and (_has_marker_char(cell.text) or _tokens(cell.text) is None):
            return 2
    return 3


def _is_marker(text: str) -> bool:
    return bool(text) and all(char in DIAGONAL_MARKERS or char.isspace() for char in text)


def _has_marker_char(text: str) -> bool:
    return any(char in DIAGONAL_MARKERS for char in text)


def _has_marker(fields: Sequence[_Field]) -> bool:
    return any(_is_marker(word) for field in fields for word in field.text.split())


def _tokens(text: str) -> list[str] | None:
    """The result tokens of a cell, one per game, or ``None`` when something else is there."""
    tokens: list[str] = []
    position = 0
    while position < len(text):
        if text[position].isspace():
            position += 1
            continue
        match = _TOKEN.match(text, position)
        if match is None:
            return None
        tokens.append(match.group())
        position = match.end()
    return tokens


# The checks.


def _shape_problems(rows: Sequence[_Row], size: int) -> list[_Problem]:
    """A missing or extra row shifts the diagonal of every row after it."""
    positions = [next((c for c, cell in enumerate(row.cells) if _is_marker(cell.text)), None) for row in rows]
    for index, position in enumerate(positions):
        if position == index:
            continue
        if position is None:
            return []
        shift = position - index
        later = positions[index:]
        if len(later) < 2 or any(p is None or p - k != shift for k, p in enumerate(later, index)):
            return []
        row = rows[index]
        if shift > 0:
            template = N_(
                "the table is not square: {rows} player rows, but the diagonal of {name}'s row is in result "
                "column {number} (expected column {expected}: is a row missing?)"
            )
        else:
            template = N_(
                "the table is not square: {rows} player rows, but the diagonal of {name}'s row is in result "
                "column {number} (expected column {expected}: is a row too many, or a column missing?)"
            )
        message = Message.of(
            template, rows=size, name=shown_name(row.name.text), number=position + 1, expected=index + 1
        )
        return [_Problem(row.line, row.cells[position].column, message)]
    return []


def _row_problems(index: int, rows: Sequence[_Row], numbered: bool) -> list[_Problem]:
    row = rows[index]
    problems: list[_Problem] = []
    size = len(rows)
    if numbered and (row.start is None or int(row.start.text.rstrip(".")) != index + 1):
        where = row.name if row.start is None else row.start
        message = Message.of(
            N_("expected start number {number}, found {found}"), number=index + 1, found=shown(where.text)
        )
        problems.append(_Problem(row.line, where.column, message))
    name = shown_name(row.name.text)
    if _is_marker(row.name.text) or _tokens(row.name.text) is not None:
        message = Message.of(N_("expected a player name, found {found}"), found=shown(row.name.text))
        problems.append(_Problem(row.line, row.name.column, message))
    if len(row.cells) < size:
        column = len(row.text.rstrip()) + 1
        message = Message.ngettext(
            "{name}'s row has {count} result cells, expected {expected} (one per player row)",
            "{name}'s row has {count} result cells, expected {expected} (one per player row)",
            len(row.cells),
            name=name,
            expected=size,
        )
        problems.append(_Problem(row.line, column, message))
        return problems
    for column, cell in enumerate(row.cells[:size]):
        opponent = shown_name(rows[column].name.text)
        if column == index:
            if not _is_marker(cell.text):
                template = N_("expected the diagonal marker {marker} in {name}'s own column {number}, found {found}")
                message = Message.of(template, marker="X", name=name, number=index + 1, found=shown(cell.text))
                problems.append(_Problem(row.line, cell.column, message))
        elif _has_marker_char(cell.text):
            template = N_(
                "diagonal marker {marker} off the diagonal, in {name}'s cell against {opponent} (expected X "
                "only in column {number}, {name2}'s own)"
            )
            message = Message.of(
                template, marker=shown(cell.text), name=name, opponent=opponent, number=index + 1, name2=name
            )
            problems.append(_Problem(row.line, cell.column, message))
        elif _tokens(cell.text) is None:
            template = N_(
                "unknown result {result} of {name} against {opponent} (expected 1, 0, ½, =, + or -, one per "
                "game, or empty or . for a game not played)"
            )
            message = Message.of(template, result=shown(cell.text), name=name, opponent=opponent)
            problems.append(_Problem(row.line, cell.column, message))
    return problems


def _header_labels(line: str, separator: str) -> list[_Field]:
    if separator:
        return _split(line, separator)
    return [_Field(match.start() + 1, match.group()) for match in _WORD.finditer(line)]


def _numbered_run(labels: Sequence[_Field]) -> tuple[int, int] | None:
    """Where the column numbers 1, 2, … start in the header, and how many there are (two or more)."""
    texts = [label.text.rstrip(".") for label in labels]
    for first, text in enumerate(texts):
        if text != "1":
            continue
        count = 1
        while first + count < len(texts) and texts[first + count] == str(count + 1):
            count += 1
        if count >= 2:
            return first, count
    return None


def _header_problems(line: int, labels: Sequence[_Field], size: int) -> list[_Problem]:
    run = _numbered_run(labels)
    if run is None or run[1] == size:
        return []
    first, count = run
    message = Message.ngettext(
        "the table is not square: the header numbers {count} result columns, but there are {rows} player "
        "rows (expected a column per row)",
        "the table is not square: the header numbers {count} result columns, but there are {rows} player "
        "rows (expected a column per row)",
        count,
        rows=size,
    )
    return [_Problem(line, labels[first + count - 1].column, message)]


def _games(text: str) -> tuple[str, ...]:
    """The tokens of a cell; ``()`` for a cell that is empty or a lone ``.``."""
    tokens = _tokens(text) or []
    return () if tokens in ([], ["."]) else tuple(tokens)


def _cycles(games: _Games) -> int:
    """The games per pair: the most frequent count of games in a filled cell."""
    counts = Counter(len(cell) for row in games for cell in row if cell)
    if not counts:
        return 1
    return max(counts, key=lambda count: (counts[count], count))


def _size_problems(rows: Sequence[_Row], games: _Games, cycles: int, characters: int) -> list[_Problem]:
    """A cell of thousands of games makes rounds beyond what the file's size allows: it is refused first."""
    size = len(rows)
    problem = too_many_results(size, cycles * (size + size % 2 - 1), characters)
    if problem is None:
        return []
    index, column = next((i, c) for i, row in enumerate(games) for c, cell in enumerate(row) if len(cell) == cycles)
    message = Message.of(N_("{count} games a pair: {message}"), count=Number(f"{cycles:,}"), message=problem)
    return [_Problem(rows[index].line, rows[index].cells[column].column, message)]


def _count_problems(rows: Sequence[_Row], games: _Games, cycles: int) -> list[_Problem]:
    problems = []
    for index, row in enumerate(rows):
        for column, cell in enumerate(games[index]):
            if cell and len(cell) != cycles:
                template = (
                    N_(
                        "{name}'s cell against {opponent} holds {count} game, expected {expected} games like the other "
                        "cells"
                    )
                    if len(cell) == 1
                    else N_(
                        "{name}'s cell against {opponent} holds {count} games, expected {expected} games like the "
                        "other cells"
                    )
                )
                message = Message.of(
                    template,
                    name=shown_name(row.name.text),
                    opponent=shown_name(rows[column].name.text),
                    count=len(cell),
                    expected=cycles,
                )
                problems.append(_Problem(row.line, row.cells[column].column, message))
    return problems


def _complement_problems(rows: Sequence[_Row], games: _Games, cycles: int) -> list[_Problem]:
    """Each game must be mirrored by the opponent's cell; the later of the two cells is blamed."""
    problems = []
    for later, row in enumerate(rows):
        for earlier in range(later):
            own, theirs = _padded(games[later][earlier], cycles), _padded(games[earlier][later], cycles)
            for game, (mine, other) in enumerate(zip(own, theirs, strict=True)):
                if mirrors(_TOKEN_KIND[mine], _TOKEN_KIND[other]):
                    continue
                name, opponent = shown_name(row.name.text), shown_name(rows[earlier].name.text)
                there = rows[earlier]
                if cycles > 1:
                    template = N_(
                        "{name}'s result {result} in game {number} against {opponent} does not complement "
                        "{opponent2}'s {other} against {name2} (line {line}, column {column}; expected "
                        "{expected})"
                    )
                else:
                    template = N_(
                        "{name}'s result {result} against {opponent} does not complement {opponent2}'s "
                        "{other} against {name2} (line {line}, column {column}; expected {expected})"
                    )
                message = Message.of(
                    template,
                    name=name,
                    result=_show(mine),
                    number=game + 1,
                    opponent=opponent,
                    opponent2=opponent,
                    other=_show(other),
                    name2=name,
                    line=there.line,
                    column=there.cells[later].column,
                    expected=_complement(other),
                )
                problems.append(_Problem(row.line, row.cells[earlier].column, message))
                break
    return problems


_COMPLEMENTS: dict[str, str | Message] = {
    "1": "0",
    "0": "1",
    "+": "-",
    "-": Message(N_("+ or -")),
    ".": Message(N_(". or an empty cell")),
}


def _complement(token: str) -> str | Message:
    """The results that complement a result: a draw complements a draw."""
    return _COMPLEMENTS.get(token, "½")


def _padded(cell: tuple[str, ...], cycles: int) -> tuple[str, ...]:
    return cell or (".",) * cycles


def _show(token: str) -> str | Message:
    return Message(N_("(not played)")) if token == "." else token


# Building the tournament.


def _opponents(schedule: Sequence[Sequence[tuple[int, int]]]) -> list[dict[int, int]]:
    """Each round's opponent of each player (the player with the free round has none)."""
    return [{a: b for white, black in pairs for a, b in ((white, black), (black, white))} for pairs in schedule]


def _entries(start: StartNo, opponents: Sequence[dict[int, int]], games: _Games, cycles: int) -> tuple[Entry, ...]:
    """A player's entries: cycle k of the games fills the k-th run of the Berger rounds (opponents by round)."""
    entries: list[Entry] = []
    for cycle in range(cycles):
        for offset, pairs in enumerate(opponents, 1):
            round_no = cycle * len(opponents) + offset
            opponent = pairs.get(start)
            if opponent is None:
                entries.append(Entry(round_no, None, Colour.UNKNOWN, ResultKind.ZERO_BYE))
                continue
            token = _padded(games[start - 1][opponent - 1], cycles)[cycle]
            entries.append(Entry(round_no, opponent, Colour.UNKNOWN, _TOKEN_KIND[token]))
    return tuple(entries)


def _points_column(labels: Sequence[_Field], has_header: bool) -> int | None:
    """Which trailing cell holds the points: the one under a points label, else the first one.

    A negative index counts from the end of the row: without column numbers in the
    header, its labels are matched to the cells from the right.
    """
    if not has_header:
        return 0
    run = _numbered_run(labels)
    if run is not None:
        trailing = labels[run[0] + run[1] :]
        return next((k for k, label in enumerate(trailing) if _is_points_label(label.text)), None)
    return next((k - len(labels) for k, label in enumerate(labels) if _is_points_label(label.text)), None)


TIEBREAK_LABELS = {
    "ns": "SB",
    "sb": "SB",
    "s-b": "SB",
    "sonneborn-berger": "SB",
    "neustadtl": "SB",
    "bh": "BH",
    "buchholz": "BH",
    "ks": "KS",
    "koya": "KS",
    "gf": "GF",
    "nnsb": "NNSB",
    "win": "WIN",
    "wins": "WIN",
    "ps": "PS",
}
"""Header labels (case-folded, without a final dot) of trailing tie-break columns, with their codes."""


def _recorded_tiebreaks(labels: Sequence[_Field], row: _Row, size: int) -> tuple[tuple[str, Fraction], ...]:
    """The values of the trailing columns whose header names a tie-break (``ns`` is the Neustadtl score)."""
    trailing = row.cells[size:]
    run = _numbered_run(labels)
    named = labels[run[0] + run[1] :] if run is not None else labels[len(labels) - len(trailing) :]
    offset = 0 if run is not None else len(trailing) - len(named)
    found = []
    for k, label in enumerate(named):
        code = TIEBREAK_LABELS.get(label.text.casefold().rstrip("."))
        index = k + offset
        if code is None or not 0 <= index < len(trailing):
            continue
        value = _parse_points(trailing[index].text)
        if value is not None:
            found.append((code, value))
    return tuple(found)


def _is_points_label(text: str) -> bool:
    return text.casefold().rstrip(".") in POINTS_LABELS


def _recorded_points(row: _Row, size: int, points_column: int | None) -> Fraction | None:
    """The points the row's points column records (compared with the results where every reader's are,
    :func:`sonneborn.recorded.read_recorded`)."""
    trailing = row.cells[size:]
    if points_column is None or not -len(trailing) <= points_column < len(trailing):
        return None
    return _parse_points(trailing[points_column].text)


def _parse_points(text: str) -> Fraction | None:
    """Points as written: ``11``, ``8½``, ``10.5`` or ``10,5``."""
    match = _POINTS.fullmatch(text)
    if match is None or not text:
        return None
    whole, part = match.groups()
    value = Fraction(int(whole)) if whole else Fraction(0)
    if part == "½":
        value += Fraction(1, 2)
    elif part:
        value += Fraction("0." + part[1:])
    return value
