"""The TRF writer: a TRF-26 file of an event, with computed points and ranks.

It writes a TRF-26 file that reads back into the same event (see :mod:`sonneborn.formats.trf.read`):

>>> from sonneborn.formats.trf import read_trf
>>> tournament = read_trf("\\n".join([
...     "012 Club championship",
...     "XXR 2",
...     f"{'001    1      Adams, Ann':<91}   2 w 1",
...     f"{'001    2      Brown, Bob':<91}   1 b 0",
... ]))

>>> print(write_trf(tournament, ranks={1: 1, 2: 2}, newline="\\n"), end="")
012 Club championship
062 2
142 2
001    1      Adams, Ann                                                         1.0    1     2 w 1
001    2      Brown, Bob                                                         0.0    2     1 b 0
>>> again = read_trf(write_trf(tournament))
>>> [p.entries for p in again] == [p.entries for p in tournament], again.player(1).recorded_points
(True, Fraction(1, 1))
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Mapping, Sequence
from fractions import Fraction

from sonneborn.errors import WriteError
from sonneborn.formats.dates import trf_date, trf_round_dates
from sonneborn.formats.lines import line_text
from sonneborn.formats.trf.layout import (
    ABNORMAL_POINTS,
    ABNORMAL_ROUND,
    ABNORMAL_STARTS,
    ABNORMAL_TYPE,
    BYE_ROUND,
    BYE_STARTS,
    BYE_TYPES,
    CONTENT_COLUMN,
    LEADING_NUMBER,
    POINT_CODES,
    RECORD_CODE,
    REGENERATED,
    ROUND_DATE_WIDTH,
    RULES_RECORD,
    TOURNAMENT_RECORD,
    TRF16,
    TYPE_COLUMN,
    UNKNOWN_RESULT,
    Columns,
    Layout,
    type_kind,
)
from sonneborn.model import Colour, Entry, EventKind, Player, PointSystem, ResultKind, RoundNo, StartNo, Tournament
from sonneborn.scoring import scores

__all__ = ["write_trf"]

logger = logging.getLogger(__name__)


def write_trf(
    tournament: Tournament,
    *,
    points: Mapping[StartNo, Fraction] | None = None,
    ranks: Mapping[StartNo, int] | None = None,
    tiebreaks: Sequence[str] = (),
    standings_tiebreaks: Sequence[str] = (),
    rules: str | None = None,
    newline: str = "\r\n",
) -> str:
    """Writes the event as a TRF-26 file that :func:`read_trf` reads back into the same event.

    Each player's points (81–84) are ``points`` or else his score under the
    event's point system; his rank (86–89) is ``ranks``' or blank. Record 202
    states ``tiebreaks`` (else the event's own list), 212 ``PTS`` and
    ``standings_tiebreaks`` (else the record read, if any). The point system
    goes to record 162 when it is not FIDE's 1-½-0, with ``299`` records for
    every player for the values 162 cannot state; arbiter-set points and
    adjustments go to ``299`` records, byes of rounds after the last played
    one to ``240``, results not known yet to blocks with TieBreakServer's
    ``?``. ``rules`` names the tie-break rules edition the values were
    computed under, in sonneborn's record ``XXT`` (else the record read, if
    any). Dates are written as TRF writes them (``YYYY/MM/DD``, rounds
    ``YY/MM/DD``) when their spelling can be read one way alone. The records
    read and not held by the model are written back as they were. Lines end
    with CR LF (TRF asks for a CR) unless ``newline`` says otherwise.

    Raises :exc:`ValueError` for more than 9999 players, or a field or a
    number of points that does not fit its columns. A name (the event's, its
    city's, a player's) is written as a line holds it, its control characters
    as spaces (:func:`~sonneborn.formats.lines.line_text`; the callers that
    warn name the players with :func:`~sonneborn.formats.lines.changed_names`).
    Names longer than 33 characters are cut, with a logged warning.

    >>> from sonneborn.formats.trf import read_trf
    >>> event = read_trf("162  W 3.0    D 1.0\\n202 BH,SB\\n" + f"{'001    1      Adams, Ann':<91}0000 - U")
    >>> print(write_trf(event, standings_tiebreaks=["BH", "SB"], newline="\\n"), end="")
    062 1
    142 1
    162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0
    202 BH,SB
    212 PTS,BH,SB
    001    1      Adams, Ann                                                         3.0       0000 - U
    """
    layout = _layout(tournament)
    given = dict(points or {})
    complete = all(player.start in given for player in tournament.players)
    totals = given if complete else {**scores(tournament), **given}  # each score summed only when not given
    ranks = ranks or {}
    kept = [(code, content) for code, content in tournament.records if code not in REGENERATED]
    if rules is not None:
        kept = [(code, content) for code, content in kept if code != RULES_RECORD]
    header = [(code, content) for code, content in kept if TOURNAMENT_RECORD.fullmatch(code)]
    header += _header_records(tournament, tiebreaks, standings_tiebreaks)
    if rules is not None:
        header.append((RULES_RECORD, rules))
    if layout.digits > 4:
        header.append(("XXD", str(layout.digits)))
    header.sort(key=lambda record: record[0])
    lines = [f"{code} {content}" if content else code for code, content in header]
    last_played = max(
        (e.round for p in tournament.players for e in p.entries if e.kind.is_finished and not _deferred(e)),
        default=0,
    )
    byes: dict[tuple[RoundNo, str], list[StartNo]] = defaultdict(list)
    for player in tournament.players:
        blocks: list[tuple[int, str]] = []
        for entry in player.entries:
            if entry.kind is ResultKind.NOT_PLAYED and entry.opponent is None and entry.round > last_played:
                continue
            if _deferred(entry) and entry.round > last_played:
                byes[entry.round, entry.kind.value].append(player.start)
                continue
            blocks.append((layout.block_column(entry.round), _write_block(entry, layout)))
        lines.append(_player_line(player, totals[player.start], ranks.get(player.start), blocks, layout))
    lines += [
        f"{code} {content}" if content else code for code, content in kept if not TOURNAMENT_RECORD.fullmatch(code)
    ]
    for (round_no, bye), starts in sorted(byes.items()):
        fields = [(TYPE_COLUMN, bye), (BYE_ROUND.first, f"{round_no:03d}"), *_starts(starts, BYE_STARTS, layout)]
        lines.append(_line((RECORD_CODE.first, "240"), *fields))
    lines += _abnormal_lines(tournament)
    for number, line in enumerate(lines, start=1):
        if "\r" in line or "\n" in line:
            raise WriteError(f"line {number} of the TRF would hold a line break: {line!r}")
    return newline.join(lines) + newline


def _header_records(
    tournament: Tournament, tiebreaks: Sequence[str], standings_tiebreaks: Sequence[str]
) -> list[tuple[str, str]]:
    """The tournament records the writer makes from the model and the caller's lists."""
    records = [
        ("012", line_text(tournament.name or "")),
        ("022", line_text(tournament.city)),
        ("042", trf_date(tournament.start_date)),
        ("052", trf_date(tournament.end_date)),
        ("092", tournament.event_type),
    ]
    records = [(code, content) for code, content in records if content]
    read = {code: content for code, content in tournament.records}
    count = len(tournament.players)
    number = LEADING_NUMBER.match(read.get("062", ""))
    stated = number is not None and int(number.group(1)) == count
    records.append(("062", read["062"] if stated else str(count)))
    if tournament.round_dates:
        dates = []
        written = trf_round_dates(tournament.round_dates, start=tournament.start_date, end=tournament.end_date)
        for index, date in enumerate(written):
            if len(date) > ROUND_DATE_WIDTH:
                logger.warning("round %d: date %r cut to %d characters", index + 1, date, ROUND_DATE_WIDTH)
            dates.append((_content(TRF16.block_column(index + 1)), date[:ROUND_DATE_WIDTH]))
        records.append(("132", _line(*dates)))
    records.append(("142", str(tournament.rounds)))
    system = _point_system_record(tournament.point_system)
    if system:
        records.append(("162", system))
    type_code = read.get("192", "")
    if tournament.kind is not None and type_kind(type_code) is not tournament.kind:
        if tournament.kind is EventKind.SWISS:
            type_code = "CUSTOM_SWISS"
        elif tournament.meetings_per_pair() == 2:
            type_code = "FIDE_DOUBLEROUNDROBIN"
        else:
            type_code = "FIDE_ROUNDROBIN"
    if type_code:
        records.append(("192", type_code))
    listed = list(tiebreaks) or list(tournament.tiebreaks)
    if listed:
        records.append(("202", ",".join(listed)))
    if standings_tiebreaks:
        codes = list(standings_tiebreaks)
        if codes[0].upper() != "PTS":
            codes.insert(0, "PTS")
        records.append(("212", ",".join(codes)))
    elif "212" in read:
        records.append(("212", read["212"]))
    return records


def _point_system_record(system: PointSystem) -> str:
    """The content of record 162 (after the code and a space), empty for FIDE's 1-½-0."""
    values = {
        "W": system.win,
        "D": system.draw,
        "L": system.loss,
        "A": system.points(ResultKind.ZERO_BYE),
        "P": system.points(ResultKind.PAIRING_BYE),
    }
    if values == {"W": 1, "D": Fraction(1, 2), "L": 0, "A": 0, "P": system.win}:
        return ""
    return _line(
        *(
            (_content(POINT_CODES.first + POINT_CODES.step * index), f"{code}{_decimal(value, 4, 'points'):>4}")
            for index, (code, value) in enumerate(values.items())
        )
    )


def _abnormal_lines(tournament: Tournament) -> list[str]:
    """The ``299`` records: point-system values record 162 cannot state, arbiter-set points, adjustments."""
    system = tournament.point_system
    win, draw = system.points(ResultKind.WIN), system.points(ResultKind.DRAW)
    absent = system.points(ResultKind.ZERO_BYE)
    lines = [
        _line((RECORD_CODE.first, "299"), (TYPE_COLUMN, code), _abnormal_points(value), (ABNORMAL_ROUND.first, "000"))
        for code, kind, default in (
            ("+", ResultKind.FORFEIT_WIN, win),
            ("F", ResultKind.FULL_BYE, win),
            ("H", ResultKind.HALF_BYE, draw),
            ("-", ResultKind.FORFEIT_LOSS, absent),
        )
        if (value := system.points(kind)) != default
    ]
    awarded: dict[tuple[RoundNo, str, Fraction], list[StartNo]] = defaultdict(list)
    for player in tournament.players:
        if player.adjustment:
            awarded[0, " ", player.adjustment].append(player.start)
        for entry in player.entries:
            if entry.points is None:
                continue
            code = ABNORMAL_TYPE.get(entry.kind)
            if code is None:
                raise WriteError(f"player {player.start} round {entry.round}: points set for a round not played")
            awarded[entry.round, code, entry.points].append(player.start)
    layout = _layout(tournament)
    for (round_no, code, value), starts in sorted(awarded.items()):
        fields = [(TYPE_COLUMN, code), _abnormal_points(value), (ABNORMAL_ROUND.first, f"{round_no:03d}")]
        lines.append(_line((RECORD_CODE.first, "299"), *fields, *_starts(starts, ABNORMAL_STARTS, layout)))
    return lines


def _abnormal_points(value: Fraction) -> tuple[int, str]:
    """The points field of a record 299."""
    return ABNORMAL_POINTS.first, f"{_decimal(value, ABNORMAL_POINTS.width, 'points'):>{ABNORMAL_POINTS.width}}"


def _layout(tournament: Tournament) -> Layout:
    """TRF-16 numbers have four digits; a larger event gets sonneborn's ``XXD`` record and wider numbers."""
    return Layout(max(4, len(str(len(tournament.players)))))


def _content(column: int) -> int:
    """The column of a record's content (after the code and a blank) where the line's ``column`` is."""
    return column - (CONTENT_COLUMN - 1)


def _deferred(entry: Entry) -> bool:
    """Whether an entry is a bye that record 240 can state, so that its block may stay blank."""
    return entry.opponent is None and entry.colour is Colour.UNKNOWN and entry.kind.value in BYE_TYPES


_RESULT_CODES = {kind: UNKNOWN_RESULT if kind is ResultKind.NOT_PLAYED else kind.value for kind in ResultKind}
_COLOUR_CODES = {colour: colour.value for colour in Colour}


def _write_block(entry: Entry, layout: Layout) -> str:
    """A round block: opponent, colour and result, ``?`` for a result not known yet."""
    digits = layout.digits
    opponent = "0" * digits if entry.opponent is None else f"{entry.opponent:>{digits}}"
    return f"{opponent} {_COLOUR_CODES[entry.colour]} {_RESULT_CODES[entry.kind]}"


def _player_line(
    player: Player, points: Fraction, rank: int | None, blocks: list[tuple[int, str]], layout: Layout = TRF16
) -> str:
    """A ``001`` line with every field at its columns."""
    name = line_text(player.name)
    if len(name) > layout.name.width:
        logger.warning("player %d: name %r cut to %d characters", player.start, name, layout.name.width)
        name = name[: layout.name.width]

    def fit(text: str, field: Columns, what: str) -> str:
        if len(text) > field.width:
            raise WriteError(f"player {player.start}: {what} {text!r} is longer than {field.width} characters")
        return text

    def number(value: int | None, field: Columns, what: str) -> str:
        if value is None or value == 0:
            return ""
        if value < 0:
            raise WriteError(f"player {player.start}: {what} {value!r} is negative")
        return f"{fit(str(value), field, what):>{field.width}}"

    written = _decimal(points, layout.points.width, f"player {player.start}: points")
    return _line(
        (RECORD_CODE.first, "001"),
        (layout.start.first, f"{player.start:>{layout.start.width}}"),
        (layout.sex.first, fit(player.sex, layout.sex, "sex")),
        (layout.title.first, f"{fit(player.title, layout.title, 'title'):>{layout.title.width}}"),
        (layout.name.first, name),
        (layout.rating.first, number(player.rating, layout.rating, "rating")),
        (layout.federation.first, fit(player.federation, layout.federation, "federation")),
        (layout.fide_id.first, number(player.fide_id, layout.fide_id, "FIDE id")),
        (layout.birth_date.first, fit(player.birth_date, layout.birth_date, "birth date")),
        (layout.points.first, f"{written:>{layout.points.width}}"),
        (layout.rank.first, number(rank, layout.rank, "rank")),
        *blocks,
    )


def _starts(starts: Sequence[StartNo], first: int, layout: Layout) -> list[tuple[int, str]]:
    """Start numbers placed every 5 columns (``digits`` + 1 with ``XXD``) from ``first`` on."""
    columns = layout.starts(first, first + (layout.digits + 1) * (len(starts) - 1))
    return [(field.first, f"{start:>{field.width}}") for field, start in zip(columns, starts, strict=True)]


def _line(*fields: tuple[int, str]) -> str:
    """A line with each text placed at its 1-based column, blanks between, none at the end (a later text
    over an earlier one where they overlap)."""
    parts, length = [], 0
    for column, text in fields:
        if column - 1 < length:  # before the end of the line so far: placed character by character
            return _overlaid(fields)
        parts += [" " * (column - 1 - length), text]
        length = column - 1 + len(text)
    return "".join(parts).rstrip()


def _overlaid(fields: Sequence[tuple[int, str]]) -> str:
    """:func:`_line` of fields in any order, each text over what is already at its columns."""
    chars: list[str] = []
    for column, text in fields:
        end = column - 1 + len(text)
        if len(chars) < end:
            chars.extend(" " * (end - len(chars)))
        chars[column - 1 : end] = text
    return "".join(chars).rstrip()


def _decimal(value: Fraction, width: int, what: str) -> str:
    """Points written like ``11.5`` in at most ``width`` characters (``100`` when the decimal does not fit).

    >>> [_decimal(Fraction(value), 4, "points") for value in ("23/2", "-1/2", "100", "-3")]
    ['11.5', '-0.5', '100', '-3.0']
    """
    for places in (1, 2, 3):
        scaled = abs(value) * 10**places
        if scaled.denominator == 1:
            whole, decimals = divmod(scaled.numerator, 10**places)
            text = f"{'-' if value < 0 else ''}{whole}.{decimals:0{places}d}"
            break
    else:
        raise WriteError(f"{what} {value} cannot be written as a decimal")
    if len(text) > width and value.denominator == 1:
        text = str(value.numerator)
    if len(text) > width:
        raise WriteError(f"{what} {text} do not fit in {width} columns")
    return text
