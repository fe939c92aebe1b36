"""The reader of published crosstables: chess-results.com's "Final ranking crosstable" and FIDE TEC's.

Pairing programs and results sites publish an event as a crosstable in final
order, exported as CSV, TSV or text: a caption above, a header row whose first
label is the rank (``Rk.``) or the start number (``#``), the players' own
columns (``SNo``, a title, ``Name``, ``Rtg``, ``FED``, ``Club``), the results,
then ``Pts.`` and the tie-break columns ``TB1``, ``TB2``, … whose names an
annotation below the table gives (``Tie Break1: Buchholz Tie-Breaks (Cut 1)``).

The results come in one of two layouts, told apart by their cells:

- a round robin: a column per opponent, numbered by row, ``*`` on the
  diagonal, results ``1 ½ 0 + -`` (the games are put into the Berger rounds);
- a Swiss event: a column per round (``1.Rd``, ``2.Rd``, …), each cell the
  opponent's number, the colour and the result as chess-results writes it
  (``25b1``, ``5w½``, ``31w+`` a forfeit; ``-1``, ``-½``, ``-0`` without an
  opponent), or as FIDE TEC's exercise writes it (``+W9``, ``=B13``, ``-F11`` a
  forfeit, ``+BYE``, ``=BYE``, ``--`` absent).

A cell's opponent is a row's rank, or its start number: whichever makes every
game mirrored by the opponent's cell (the rank when both do). The recorded
points, ranks and tie-break values (those whose annotation names a tie-break
sonneborn knows) are kept for ``check``, and so is the list they make.

>>> text = "Final Ranking crosstable after 2 Rounds\\n" + "\\n".join([
...     "Rk.;SNo;Name;1.Rd;2.Rd;Pts.;TB1",
...     "1;2;Brown;3w1;2b1;2;2",
...     "2;1;Adams;4w1;1w0;1;2",
...     "3;3;Clark;1b0;4b½;0,5;1,5",
...     "4;4;Dunne;2b0;3w½;0,5;1,5",
...     "Tie Break1: Buchholz Tie-Breaks (Total)"])
>>> event = read_published(text)
>>> [(p.start, p.name, p.recorded_rank) for p in event], event.tiebreaks
([(1, 'Adams', 2), (2, 'Brown', 1), (3, 'Clark', 3), (4, 'Dunne', 4)], ('BH',))
>>> [str(entry) for entry in event.player(1).entries]
['4w1', '2w0']
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sonneborn.errors import CrosstableError, InputWarning, Warn, log_warning, shown
from sonneborn.event import ALONE, CODE, COLOUR_CODE, NO_PLAYER, NOT_PLAYED, unmirrored
from sonneborn.formats.crosstable import RESULT_KINDS, berger_schedule, parse_points, result_tokens, split_cells
from sonneborn.formats.lines import MAX_LINE, long_line, split_lines, too_many_results
from sonneborn.formats.reports import refuse_report
from sonneborn.messages import N_, Message
from sonneborn.model import Colour, Entry, EventKind, Player, ResultKind, Tournament, mirrors

__all__ = ["looks_published", "read_published", "tiebreak_of"]

_HEADER_SEARCH = 40
"""The lines looked at for the header row."""
_RANK_LABELS = frozenset({"rk", "rg", "rang", "pl", "place", "pos", "platz"})
_START_LABELS = frozenset({"sno", "snr", "nr", "no", "tpn", "start", "#"})
_NAME_LABELS = frozenset({"name", "nimi", "nom", "nombre", "nome", "naam", "navn", "spieler", "player", "jugador"})
_TITLE_LABELS = frozenset({"", "title", "tit", "titel", "titre"})
_RATING_LABELS = frozenset({"rtg", "elo", "rating", "frtg", "fide"})
_FEDERATION_LABELS = frozenset({"fed", "land", "country", "nat"})
_POINTS_LABELS = frozenset({"pts", "pt", "p", "pkt", "punkte", "points", "score", "total", "puntos", "pisteet"})
_ROUND_LABEL = re.compile(
    r"(?:(\d{1,4})\s*\.?\s*(?:rd|rnd|r|runde|rde|kierros)?|(?:rd|rnd|r|round|runde)\s*\.?\s*(\d{1,4}))"
)
_TIEBREAK_LABEL = re.compile(r"(?:tb|wtg|fw|tie\s*break)\s*(\d{1,2})")
_ANNOTATION = re.compile(r"[#\s]*([^\W\d_][^:\d]*)(\d{1,2})\s*:(.*)")
"""``Tie Break1: Buchholz …`` (any language's words, a number, a colon, the name); no two parts can take
the same characters, so that a long line is matched in linear time."""
_ANNOTATION_LENGTH = 300
"""The longest line looked at as an annotation."""
_CAPTION_NOISE = re.compile(r"chess-results|last update|crosstable|ranking|rangliste|kreuztabelle|ristitaulukko|^#")

# Swiss cells, compared without blanks: chess-results' "25b1", "31w+", "-1"; FIDE TEC's "+W9", "-F11", "+BYE", "--".
# A game's result token is one of the seed grid's (RESULT_KINDS); the pattern never takes its "." (not played).
_GAME = re.compile(r"(\d{1,6})([wbsWBS-])?(1/2|0[.,]5|[10½=+-])")
_NO_OPPONENT = {"-1": ResultKind.PAIRING_BYE, "-½": ResultKind.HALF_BYE, "-1/2": ResultKind.HALF_BYE}
_NO_OPPONENT |= {"-0": ResultKind.ZERO_BYE, "--": ResultKind.ZERO_BYE, "-": ResultKind.ZERO_BYE}
_NO_OPPONENT |= {"+bye": ResultKind.PAIRING_BYE, "=bye": ResultKind.HALF_BYE, "-bye": ResultKind.ZERO_BYE}
_BYE_LETTER = re.compile(r"-([ufhzUFHZ])(?:1|½|0|1/2|[0-9]+(?:[.,][0-9]+)?)?")
"""sonneborn's own Swiss cells without an opponent: ``-U1``, ``-F1``, ``-H½``, ``-Z0``."""
_BYE_KINDS = {"u": ResultKind.PAIRING_BYE, "f": ResultKind.FULL_BYE, "h": ResultKind.HALF_BYE, "z": ResultKind.ZERO_BYE}
_RANK_CELL = re.compile(r"(\d{1,6})(?:\s*[-–]\s*\d{1,6})?\.?")
"""A rank as a row's first cell gives it: ``7``, ``7.``, or a shared place ``8-9``."""
_TEC_GAME = re.compile(r"([+=-])([WBFwbf])(\d{1,6})")
_TEC_RESULT = {"+": ResultKind.WIN, "=": ResultKind.DRAW, "-": ResultKind.LOSS}
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "s": Colour.BLACK}
_ROUND_ROBIN_CELL = re.compile(r"[10½=+\-.]|1/2|0[.,]5")


def looks_published(text: str) -> bool:
    """Whether a text holds a published crosstable: a header row (within its first lines) led by ``Rk.`` or ``#``.

    >>> looks_published(";Final Ranking crosstable after 5 Rounds\\nRk.;;Name;Rtg;FED;1;2;Pts.")
    True
    >>> looks_published("No\\tName\\t1\\t2\\tPts\\n1\\tAdams\\tX\\t1\\t1")
    False
    """
    return header_line(text) > 0


def header_line(text: str) -> int:
    """The line (from 1) of a published crosstable's header row among a text's first lines, 0 when none.

    >>> header_line("\\nFinal Ranking crosstable\\nRk.;SNo;Name;1.Rd;Pts.")
    3
    """
    filled = [(number, line) for number, line in enumerate(split_lines(text[:65536]), 1) if line.strip()]
    return next((number for number, line in filled[:_HEADER_SEARCH] if _header_of(line) is not None), 0)


@dataclass(frozen=True, slots=True)
class _Header:
    """The header row: its line, the separator of its cells, and what each column holds."""

    line: int
    separator: str
    labels: list[tuple[int, str]]
    key: str
    """``rank`` or ``start``: what the first column holds."""


def _separator(line: str) -> str:
    for separator in ("\t", ";", ","):
        if separator in line:
            return separator
    return ""


def _label(text: str) -> str:
    """A header label as compared: case-folded, without dots and blanks at its ends."""
    return text.casefold().strip().strip(".").strip()


def _header_of(line: str) -> tuple[str, str] | None:
    """The separator and the key (``rank`` or ``start``) of a header row, ``None`` for another line."""
    separator = _separator(line)
    cells = split_cells(line, separator)
    if len(cells) < 3:
        return None
    first = _label(cells[0][1])
    if first in _RANK_LABELS:
        return separator, "rank"
    if cells[0][1].strip() == "#" and any(_ROUND_LABEL.fullmatch(_label(text)) for _, text in cells[1:]):
        return separator, "start"
    return None


@dataclass(slots=True)
class _Columns:
    """Which column holds what, by index among the header's cells."""

    results: range
    start: int | None = None
    name: int | None = None
    title: int | None = None
    rating: int | None = None
    federation: int | None = None
    points: int | None = None
    tiebreaks: dict[int, int] | None = None
    """The column of each tie-break number (``TB1`` → 1)."""


@dataclass(frozen=True, slots=True)
class _Cell:
    """A result cell read: the opponent's number (0 for none), the colour and the kind from its row's side."""

    opponent: int
    colour: Colour
    kind: ResultKind


class _Reader:
    def __init__(self, path: str, warn: Warn) -> None:
        self.path = path
        self.say = warn

    def error(self, message: str | Message, line: int, column: int = 1) -> CrosstableError:
        return CrosstableError(message, path=self.path, line=line, column=column)

    def read(self, text: str) -> Tournament:
        lines = split_lines(text.removeprefix("\ufeff"))
        for number, line in enumerate(lines, 1):
            problem = long_line(line)
            if problem is not None:
                raise self.error(problem, number, MAX_LINE + 1)
        refuse_report(text, path=self.path)
        header = self.header(lines)
        columns = self.columns(header)
        rows, after = self.rows(lines, header)
        if len(rows) < 2:
            at = rows[0][0] if rows else header.line + 1
            raise self.error(Message(N_("a crosstable needs two or more player rows below its header")), at)
        caption = next(
            (line.strip(" ;,\t") for line in lines[: header.line - 1] if line.strip(" ;,\t") and not
             _CAPTION_NOISE.search(line.strip(" ;,\t").casefold())),
            None,
        )  # fmt: skip
        codes = self.annotations(lines, after, columns)
        problem = too_many_results(len(rows), len(columns.results), len(text))
        if problem is not None:
            raise self.error(problem, header.line)
        cells = [[cell for cell in row[1]] for row in rows]
        if self.is_round_robin(cells, columns, len(rows)):
            return self.round_robin(rows, columns, header, codes, caption)
        return self.swiss(rows, columns, header, codes, caption)

    def header(self, lines: Sequence[str]) -> _Header:
        for number, line in enumerate(lines[: _HEADER_SEARCH * 4], 1):
            if not line.strip():
                continue
            found = _header_of(line)
            if found is not None:
                separator, key = found
                return _Header(number, separator, split_cells(line, separator), key)
        template = N_("no header row found (expected a row of column labels led by Rk. or #, above a row per player)")
        raise self.error(Message(template), 1)

    def columns(self, header: _Header) -> _Columns:
        labels = [_label(text) for _, text in header.labels]
        numbered = [index for index, label in enumerate(labels) if index and _round_number(label) is not None]
        if not numbered:
            column = header.labels[-1][0]
            template = N_("the header has no result columns (expected columns numbered 1, 2, … or 1.Rd, 2.Rd, …)")
            if any(label in _POINTS_LABELS for label in labels[1:]):  # a ranking list, such as chess-results' own
                template = N_(
                    "the header has points but no result columns: standings alone cannot be ranked again, they "
                    "hold no games (expected a crosstable, with columns numbered 1, 2, … or 1.Rd, 2.Rd, …: export "
                    "the crosstable instead)"
                )
            raise self.error(Message(template), header.line, column)
        first = numbered[0]
        last = first
        while last + 1 < len(labels) and _round_number(labels[last + 1]) == (_round_number(labels[last]) or 0) + 1:
            last += 1
        if _round_number(labels[first]) != 1:
            template = N_("the result columns start at {found} (expected 1 or 1.Rd)")
            raise self.error(
                Message.of(template, found=repr(header.labels[first][1])), header.line, header.labels[first][0]
            )
        found = _Columns(range(first, last + 1), tiebreaks={})
        if header.key == "start":
            found.start = 0
        for index, label in enumerate(labels[:first]):
            if index == 0:
                continue
            if label in _START_LABELS and found.start is None:
                found.start = index
            elif label in _NAME_LABELS and found.name is None:
                found.name = index
            elif label in _RATING_LABELS and found.rating is None:
                found.rating = index
            elif label in _FEDERATION_LABELS and found.federation is None:
                found.federation = index
            elif label in _TITLE_LABELS and found.title is None:
                found.title = index
        if found.name is None:  # no label names the name: the first column of the others that has none known
            known = {found.start, found.rating, found.federation, found.title, 0}
            found.name = next((index for index in range(first) if index not in known), None)
        for index in range(last + 1, len(labels)):
            label = labels[index]
            if found.points is None and (label in _POINTS_LABELS or (index == last + 1 and not label)):
                found.points = index
            tiebreak = _TIEBREAK_LABEL.fullmatch(label)
            if tiebreak is not None:
                assert found.tiebreaks is not None
                found.tiebreaks[int(tiebreak.group(1))] = index
        return found

    def rows(self, lines: Sequence[str], header: _Header) -> tuple[list[tuple[int, list[tuple[int, str]]]], int]:
        """The player rows below the header (a first cell that is a number), and the line after the last."""
        rows: list[tuple[int, list[tuple[int, str]]]] = []
        number = header.line
        for number, line in enumerate(lines[header.line :], header.line + 1):
            if not line.strip(" ;,\t"):
                if rows:
                    break
                continue
            cells = split_cells(line, header.separator)
            if not header.separator:
                cells = _aligned(cells, header.labels)
            if not cells or not _RANK_CELL.fullmatch(cells[0][1]):
                break
            if len(cells) > len(header.labels):
                extra = cells[len(header.labels)]
                template = N_("the row has {count} cells, the header {labels} (expected a cell per label)")
                raise self.error(Message.of(template, count=len(cells), labels=len(header.labels)), number, extra[0])
            cells += [(len(line) + 1, "")] * (len(header.labels) - len(cells))
            rows.append((number, cells))
        else:
            number += 1
        return rows, number

    def annotations(self, lines: Sequence[str], after: int, columns: _Columns) -> dict[int, str]:
        """The code of each tie-break column its annotation names (``Tie Break1: …``); the others are warned of."""
        assert columns.tiebreaks is not None
        names: dict[int, tuple[int, str]] = {}
        for number, line in enumerate(lines[after - 1 :], after):
            if len(line) > _ANNOTATION_LENGTH:
                continue
            match = _ANNOTATION.fullmatch(line.strip(" ;,\t\"'"))
            description = match.group(3).strip() if match is not None else ""
            if match is not None and description and int(match.group(2)) in columns.tiebreaks:
                names.setdefault(int(match.group(2)), (number, description))
        codes: dict[int, str] = {}
        for position in sorted(columns.tiebreaks):
            if position not in names:
                continue
            lineno, description = names[position]
            code = tiebreak_of(description)
            if code is None:
                template = N_("tie-break {number} ({name}) is none sonneborn knows: its values are not checked")
                message = Message.of(template, number=position, name=shown(description, 60))
                self.say(InputWarning(message, self.path, lineno))
            else:
                codes[position] = code
        return codes

    @staticmethod
    def is_round_robin(cells: list[list[tuple[int, str]]], columns: _Columns, count: int) -> bool:
        """Whether the results are a column per opponent: as many as rows, ``*`` on the diagonal."""
        if len(columns.results) != count:
            return False
        for index, row in enumerate(cells):
            for offset, column in enumerate(columns.results):
                text = row[column][1].replace(" ", "")
                if offset == index:
                    if text not in ("*", "X", "x", "×", "—", ""):
                        return False
                elif text and result_tokens(text) is None:
                    return False
        return True

    # The players.

    def players_of(
        self, rows: list[tuple[int, list[tuple[int, str]]]], columns: _Columns, header: _Header, codes: dict[int, str]
    ) -> tuple[list[int], list[Player]]:
        """Each row's start number, and the players (without entries) by row."""
        count = len(rows)
        starts = list(range(1, count + 1))
        if columns.start is not None:
            given = [_number(cells[columns.start][1]) for _, cells in rows]
            if None in given or sorted(value or 0 for value in given) != starts:
                at = next(
                    k
                    for k, value in enumerate(given)
                    if value is None or not 1 <= value <= count or given.count(value) > 1
                )
                line, cells = rows[at]
                cell = cells[columns.start]
                if given[at] is not None and 1 <= (given[at] or 0) <= count:
                    template = N_("start number {number} is given twice (expected each of {first} to {last} once)")
                    message = Message.of(template, number=str(given[at]), first=1, last=count)
                else:
                    template = N_("expected a start number from {first} to {last}, found {found}")
                    message = Message.of(template, first=1, last=count, found=shown(cell[1]))
                raise self.error(message, line, cell[0])
            starts = [value for value in given if value is not None]
        players = []
        for (line, cells), start in zip(rows, starts, strict=True):
            rank = _number(cells[0][1]) if header.key == "rank" else None
            rating = _number(cells[columns.rating][1]) if columns.rating is not None else None
            assert columns.tiebreaks is not None
            recorded = tuple(
                (codes[position], value)
                for position, index in sorted(columns.tiebreaks.items())
                if position in codes and (value := parse_points(cells[index][1])) is not None
            )
            if columns.name is None:
                name = f"P{start}"  # FIDE TEC's exercise names nobody: the players are their numbers
            else:
                name = cells[columns.name][1]
                if not name:
                    message = Message(N_("expected a player's name, found nothing"))
                    raise self.error(message, line, cells[columns.name][0])
            players.append(
                Player(
                    start=start,
                    name=name,
                    title=cells[columns.title][1] if columns.title is not None else "",
                    rating=rating or None,
                    federation=cells[columns.federation][1] if columns.federation is not None else "",
                    recorded_points=parse_points(cells[columns.points][1]) if columns.points is not None else None,
                    recorded_rank=rank,
                    recorded_tiebreaks=recorded,
                )
            )
        return starts, players

    def tournament(
        self,
        players: list[Player],
        starts: list[int],
        entries: list[tuple[Entry, ...]],
        kind: EventKind,
        codes: dict[int, str],
        caption: str | None,
        tiebreak_count: int,
    ) -> Tournament:
        ordered = sorted(zip(starts, players, entries, strict=True), key=lambda item: item[0])
        built = tuple(
            Player(
                start=start,
                name=player.name,
                entries=row_entries,
                title=player.title,
                rating=player.rating,
                federation=player.federation,
                recorded_points=player.recorded_points,
                recorded_rank=player.recorded_rank,
                recorded_tiebreaks=player.recorded_tiebreaks,
            )
            for start, player, row_entries in ordered
        )
        # The list the ranks were decided by, when every tie-break column is known.
        stated = tuple(codes[position] for position in sorted(codes)) if len(codes) == tiebreak_count else ()
        rounds = len(built[0].entries) if built else 0
        return Tournament(players=built, rounds=rounds, name=caption, kind=kind, tiebreaks=stated)

    # Round robin.

    def round_robin(
        self,
        rows: list[tuple[int, list[tuple[int, str]]]],
        columns: _Columns,
        header: _Header,
        codes: dict[int, str],
        caption: str | None,
    ) -> Tournament:
        starts, players = self.players_of(rows, columns, header, codes)
        count = len(rows)
        games: list[list[list[str]]] = []
        for index, (_, cells) in enumerate(rows):
            found = []
            for offset, column in enumerate(columns.results):
                text = cells[column][1].replace(" ", "")
                found.append([] if offset == index else (result_tokens(text) or []))
            games.append(found)
        cycles = max((len(tokens) for row in games for tokens in row), default=1) or 1
        for index, (line, cells) in enumerate(rows):
            for other in range(count):
                mine, theirs = games[index][other], games[other][index]
                if other == index or (not mine and not theirs):
                    continue
                cell = cells[columns.results[other]]
                answers = ".".join(theirs) or Message(N_("nothing"))
                if len(mine) != len(theirs):
                    message = Message.ngettext(
                        "{name}'s cell against {opponent} holds {count} game(s), {opponent2}'s against {name2} {found}",
                        "{name}'s cell against {opponent} holds {count} game(s), {opponent2}'s against {name2} {found}",
                        len(mine),
                        name=players[index].name,
                        opponent=players[other].name,
                        opponent2=players[other].name,
                        name2=players[index].name,
                        found=answers,
                    )
                    raise self.error(message, line, cell[0])
                for token, answer in zip(mine, theirs, strict=True):
                    if "." not in (token, answer) and not mirrors(RESULT_KINDS[token], RESULT_KINDS[answer]):
                        template = N_(
                            "{name}'s result {result} against {opponent} is not mirrored by {opponent2}'s {found}"
                        )
                        message = Message.of(
                            template,
                            name=players[index].name,
                            result=token,
                            opponent=players[other].name,
                            opponent2=players[other].name,
                            found=answer,
                        )
                        raise self.error(message, line, cell[0])
        row_of = {start: index for index, start in enumerate(starts)}
        schedule = berger_schedule(count)
        entries: list[list[Entry]] = [[] for _ in rows]
        for cycle in range(cycles):
            for offset, pairs in enumerate(schedule, 1):
                round_no = cycle * len(schedule) + offset
                opponent_of = {a: b for white, black in pairs for a, b in ((white, black), (black, white))}
                for index, start in enumerate(starts):
                    opponent = opponent_of.get(start)
                    if opponent is None:
                        entries[index].append(Entry(round_no, None, Colour.UNKNOWN, ResultKind.ZERO_BYE))
                        continue
                    tokens = games[index][row_of[opponent]]
                    token = tokens[cycle] if cycle < len(tokens) else "."
                    entries[index].append(Entry(round_no, opponent, Colour.UNKNOWN, RESULT_KINDS[token]))
        assert columns.tiebreaks is not None
        return self.tournament(
            players, starts, [tuple(e) for e in entries], EventKind.ROUND_ROBIN, codes, caption, len(columns.tiebreaks)
        )

    # Swiss.

    def swiss(
        self,
        rows: list[tuple[int, list[tuple[int, str]]]],
        columns: _Columns,
        header: _Header,
        codes: dict[int, str],
        caption: str | None,
    ) -> Tournament:
        starts, players = self.players_of(rows, columns, header, codes)
        # FIDE TEC's notation (+W9) writes a forfeit loss against #1 as -F1, sonneborn's a full-point bye.
        tec = any(
            (match := _TEC_GAME.fullmatch("".join(cells[column][1].split()))) is not None and match.group(2) in "WBwb"
            for _, cells in rows
            for column in columns.results
        )
        read = [[self.cell(line, cells[column], tec=tec) for column in columns.results] for line, cells in rows]
        keys = self.keys(rows, header, starts)
        row_of = self.row_of_numbers(read, keys, rows, columns)
        last_played = max(
            (round_no + 1 for row in read for round_no, cell in enumerate(row) if cell is not None), default=0
        )
        entries: list[tuple[Entry, ...]] = []
        for row in read:
            found = []
            for round_no, cell in enumerate(row, 1):
                if cell is None:
                    kind = ResultKind.ZERO_BYE if round_no <= last_played else ResultKind.NOT_PLAYED
                    found.append(Entry(round_no, None, Colour.UNKNOWN, kind))
                elif cell.opponent == 0:
                    found.append(Entry(round_no, None, Colour.UNKNOWN, cell.kind))
                else:
                    opponent = starts[row_of[cell.opponent]]
                    found.append(Entry(round_no, opponent, cell.colour, cell.kind))
            entries.append(tuple(found))
        assert columns.tiebreaks is not None
        return self.tournament(players, starts, entries, EventKind.SWISS, codes, caption, len(columns.tiebreaks))

    def cell(self, line: int, cell: tuple[int, str], *, tec: bool = False) -> _Cell | None:
        """A Swiss cell read, ``None`` when empty; raises when it is none of the forms. In FIDE TEC's notation
        (``tec``) ``-F1`` is a forfeit loss against #1, else sonneborn's full-point bye."""
        column, written = cell
        text = "".join(written.split())
        if not text:
            return None
        bye = _NO_OPPONENT.get(text.casefold())
        if bye is not None:
            return _Cell(0, Colour.UNKNOWN, bye)
        lettered = None if tec else _BYE_LETTER.fullmatch(text)
        if lettered is not None:
            return _Cell(0, Colour.UNKNOWN, _BYE_KINDS[lettered.group(1).lower()])
        game = _GAME.fullmatch(text)
        if game is not None:
            colour = _COLOURS.get((game.group(2) or "").lower(), Colour.UNKNOWN)
            return _Cell(int(game.group(1)), colour, RESULT_KINDS[game.group(3)])
        tec_game = _TEC_GAME.fullmatch(text)
        if tec_game is not None:
            sign, letter = tec_game.group(1), tec_game.group(2).lower()
            if letter == "f":
                if sign == "=":
                    message = Message.of(N_("expected +F or -F for a forfeit, found {found}"), found=shown(written))
                    raise self.error(message, line, column)
                kind = ResultKind.FORFEIT_WIN if sign == "+" else ResultKind.FORFEIT_LOSS
                return _Cell(int(tec_game.group(3)), Colour.UNKNOWN, kind)
            return _Cell(int(tec_game.group(3)), _COLOURS[letter], _TEC_RESULT[sign])
        template = N_("expected a result such as {examples}, found {found}")
        message = Message.of(
            template, examples="25b1, 5w½, 31w+, -1 or +W9, =B13, -F11, +BYE, --", found=shown(written)
        )
        raise self.error(message, line, column)

    def keys(self, rows: list[tuple[int, list[tuple[int, str]]]], header: _Header, starts: list[int]) -> list[
            list[int]]:  # fmt: skip
        """The numbers a cell may give a row by: its first column's (rank or #), then its start number."""
        first = [_number(cells[0][1]) for _, cells in rows]
        found = []
        if all(value is not None for value in first) and len(set(first)) == len(first):
            found.append([value for value in first if value is not None])
        else:
            found.append(list(range(1, len(rows) + 1)))  # shared ranks: the rows in order
        if header.key == "rank":
            found.append(starts)
        return found

    def row_of_numbers(
        self,
        read: list[list[_Cell | None]],
        keys: list[list[int]],
        rows: list[tuple[int, list[tuple[int, str]]]],
        columns: _Columns,
    ) -> dict[int, int]:
        """The row each opponent number means: by the first numbering under which every game is mirrored."""
        problems = []
        for numbers in keys:
            row_of = {number: index for index, number in enumerate(numbers)}
            problem = self.mirror_problem(read, row_of, rows, columns)
            if problem is None:
                return row_of
            problems.append(problem)
        raise problems[0]

    def mirror_problem(
        self,
        read: list[list[_Cell | None]],
        row_of: dict[int, int],
        rows: list[tuple[int, list[tuple[int, str]]]],
        columns: _Columns,
    ) -> CrosstableError | None:
        """The first round (by row, then round) that the opponent's row does not mirror under a numbering
        (:func:`~sonneborn.event.unmirrored`), as an error at its cell."""
        count, rounds = len(read), max(map(len, read), default=0)
        opponent = np.full((count, rounds), -1, dtype=np.int64)
        kind = np.full((count, rounds), NOT_PLAYED, dtype=np.int8)
        colour = np.zeros((count, rounds), dtype=np.int8)
        for index, row in enumerate(read):
            for round_index, cell in enumerate(row):
                if cell is None:
                    continue
                if cell.opponent:  # a number no player has is no player: −2
                    opponent[index, round_index] = row_of.get(cell.opponent, -2)
                kind[index, round_index] = CODE[cell.kind]
                colour[index, round_index] = COLOUR_CODE[cell.colour]
        found = unmirrored(opponent, kind, colour)
        if not len(found):
            return None
        index, round_index, why = int(found.rows[0]), int(found.columns[0]), int(found.why[0])
        cell = read[index][round_index]
        assert cell is not None
        line, cells = rows[index]
        column = cells[columns.results[round_index]][0]
        if why in (ALONE, NO_PLAYER):
            mismatch = Message.of(N_("opponent {number} is no other player's number"), number=str(cell.opponent))
            return self.error(
                Message.of(N_("round {round}: {message}"), round=round_index + 1, message=mismatch), line, column
            )
        other = int(opponent[index, round_index])
        answer = read[other][round_index] if round_index < len(read[other]) else None
        written = Message(N_("nothing")) if answer is None else shown(rows[other][1][columns.results[round_index]][1])
        template = N_("{result} is not mirrored by the row of player {number}, which has {other}")
        mismatch = Message.of(
            template,
            result=repr(rows[index][1][columns.results[round_index]][1]),
            number=str(cell.opponent),
            other=written,
        )
        return self.error(
            Message.of(N_("round {round}: {message}"), round=round_index + 1, message=mismatch), line, column
        )


def _round_number(label: str) -> int | None:
    match = _ROUND_LABEL.fullmatch(label)
    if match is None:
        return None
    return int(match.group(1) or match.group(2))


def _number(text: str) -> int | None:
    """A number as a cell writes it; a shared place (``8-9``) is its first."""
    match = _RANK_CELL.fullmatch(text.strip())
    return int(match.group(1)) if match is not None else None


def _aligned(fields: list[tuple[int, str]], labels: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The cells of a line of aligned columns, one per label: each text goes under the label it overlaps most
    (numbers right-aligned, names left-aligned), else the nearest, so that an empty cell stays one."""
    spans = [(column, column + max(len(text), 1) - 1) for column, text in labels]
    starts = [first for first, _ in spans]
    cells: list[list[tuple[int, str]]] = [[] for _ in labels]
    for column, text in fields:
        end = column + len(text) - 1
        after = bisect_right(starts, end)  # the labels from here on start after the text
        best, best_fit = max(after - 1, 0), (-(10**9), 0)
        index = after - 1
        while index >= 0:
            low, high = spans[index]
            overlap = min(end, high) - max(column, low) + 1
            distance = 0 if overlap > 0 else min(abs(column - high), abs(low - end))
            if (overlap, -distance) > best_fit:
                best, best_fit = index, (overlap, -distance)
            if high < column:  # the labels before this one end before the text too
                break
            index -= 1
        if after < len(spans):
            low, high = spans[after]
            if (0, -(low - end)) > best_fit:
                best = after
        cells[best].append((column, text))
    return [
        (found[0][0], " ".join(text for _, text in found)) if found else (labels[index][0], "")
        for index, found in enumerate(cells)
    ]


_KEYWORDS: list[tuple[tuple[str, ...], str]] = [
    (("(de)", "direct encounter", "direkter vergleich", "direct-encounter"), "DE"),
    (("(bwg)", "won with black", "wins with black"), "BWG"),
    (("(bpg)", "played with black", "games with black"), "BPG"),
    (("(won)", "games won"), "WON"),
    (("(win)", "number of wins", "wins including"), "WIN"),
    (("(rep)", "(ge)", "elected to play"), "REP"),
    (("(std)", "standard points"), "STD"),
    (("(aob)", "average of opponents' buchholz", "average buchholz"), "AOB"),
    (("fore buchholz", "(fb)"), "FB"),
    (("buchholz",), "BH"),
    (("sonneborn", "berger"), "SB"),
    (("koya",), "KS"),
    (("progressive", "cumulative", "(ps)"), "PS"),
    (("(aro)", "average rating", "elo average", "rating average", "average elo"), "ARO"),
    (("(apro)",), "APRO"),
    (("(appo)",), "APPO"),
    (("(ptp)", "perfect"), "PTP"),
    (("(tpr)", "performance"), "TPR"),
]
_CUT = re.compile(r"cut\s*-?\s*([12])|\(c([12])\)|minus\s+(?:the\s+)?(?:lowest|weakest)")
_MEDIAN = re.compile(r"median\s*-?\s*([12])?|\(m([12])\)")
_CUT_CODES = frozenset({"BH", "SB", "FB", "ARO"})


def tiebreak_of(description: str) -> str | None:
    """The code of a tie-break as chess-results and Swiss-Manager name it, ``None`` when none is known.

    >>> tiebreak_of("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)"), tiebreak_of("Direct Encounter (DE)")
    ('BH/C1', 'DE')
    >>> tiebreak_of("Sonneborn-Berger-Tie-Break variable"), tiebreak_of("points (game-points)")
    ('SB', None)
    """
    text = description.casefold()
    code = next((code for words, code in _KEYWORDS if any(word in text for word in words)), None)
    if code is None or code not in _CUT_CODES:
        return code
    median = _MEDIAN.search(text)
    if median is not None:
        return f"{code}/M{median.group(1) or median.group(2) or 1}"
    cut = _CUT.search(text)
    if cut is not None:
        return f"{code}/C{cut.group(1) or cut.group(2) or 1}"
    return code


def read_published(text: str, *, path: str = "<input>", warn: Warn = log_warning) -> Tournament:
    """Reads a published crosstable (chess-results' export, FIDE TEC's exercise) into a tournament.

    Raises :class:`~sonneborn.errors.CrosstableError` at the first problem: no
    header row, no result columns, a row with more cells than labels, a start
    number given twice, a cell that is no result, a game its opponent's cell
    does not mirror. A tie-break column whose annotation names no tie-break
    sonneborn knows is warned of (through ``warn``) and not checked.
    """
    return _Reader(path, warn).read(text)
