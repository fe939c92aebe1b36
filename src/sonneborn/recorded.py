"""The totals a file records, read against its results: the blank rounds they count, and those nothing explains.

Swiss-Perfect and other programs write a bye as a round left blank (TRF
``     -    ``, ``0000 -    ``; an empty cell), which every reader reads as a
zero-point bye, while the points the file records count it as ½ or 1.
:func:`read_recorded` reads each such round as the bye its player's recorded
total implies, and says so in one warning; recorded totals that differ from
the results in a way no such reading explains are warned of on every command.
It runs on the event of every reader (:func:`sonneborn.formats.load_text`), under
the file's own point system; the rule is stated in ``docs/tiebreaks.md``
("Blank rounds that the totals count").

>>> from sonneborn.model import Entry, Colour, Player, Tournament, ResultKind as K
>>> def player(start, total, *rounds):
...     entries = tuple(Entry(r, o, Colour.UNKNOWN, k) for r, (o, k) in enumerate(rounds, 1))
...     return Player(start, f"P{start}", entries, recorded_points=Fraction(total))
>>> blank = (None, K.ZERO_BYE)
>>> players = (player(1, "1.5", (2, K.WIN), blank), player(2, "0", (1, K.LOSS), blank))
>>> event = Event.of(Tournament(players, 2, kind=EventKind.SWISS))
>>> found = read_recorded(event, path="x.trf")
>>> [str(e.kind) for e in found.event.tournament.player(1).entries], found.differing
(['1', 'H'], ())
>>> print(found.warnings[0])  # doctest: +NORMALIZE_WHITESPACE
x.trf: the recorded points count 1 round left blank (no opponent, no result) as a bye, as Swiss-Perfect
and other programs write them: read as 1 half-point bye
(docs/tiebreaks.md, "Blank rounds that the totals count")
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from sonneborn.errors import InputWarning, shown_name
from sonneborn.event import CODE, Event
from sonneborn.messages import N_, Message, Number
from sonneborn.model import EventKind, PointSystem, ResultKind, StartNo
from sonneborn.numbers import exact_text

__all__ = ["RecordedReading", "differing", "read_recorded", "split", "written_otherwise"]

_BLANK = CODE[ResultKind.ZERO_BYE]
_SHOWN = 8
"""The most start numbers a warning names."""
_DETAILED = 3
"""The most players whose points a warning gives."""
_RULE = '(docs/tiebreaks.md, "Blank rounds that the totals count")'
_NAMES = {
    ResultKind.HALF_BYE: (N_("{count} half-point bye"), N_("{count} half-point byes")),
    ResultKind.FULL_BYE: (N_("{count} full-point bye"), N_("{count} full-point byes")),
    ResultKind.PAIRING_BYE: (N_("{count} pairing-allocated bye"), N_("{count} pairing-allocated byes")),
}


@dataclass(frozen=True, slots=True)
class RecordedReading:
    """An event with its blank rounds read as the byes its recorded totals count, and what was found."""

    event: Event
    byes: tuple[tuple[ResultKind, int], ...]
    """How many blank rounds were read as each kind of bye (half-point, full-point, pairing-allocated)."""
    open: tuple[StartNo, ...]
    """The players whose total leaves open which of their blank rounds are the byes (or which kind)."""
    differing: tuple[StartNo, ...]
    """The players whose recorded points still differ from their results."""
    warnings: tuple[InputWarning, ...]


def differing(event: Event) -> list[StartNo]:
    """The players whose recorded points differ from the points their results give, by start number."""
    return [
        row + 1
        for row, (mine, score) in enumerate(zip(_in_units(event), event.table.score.totals.tolist(), strict=True))
        if mine is not None and mine != score
    ]


def _in_units(event: Event) -> list[int | Fraction | None]:
    """Each player's recorded points in the table's units (a fraction when no whole number of them), ``None``
    when not recorded. A big file's totals are a few dozen values, each an object of its own: each is
    converted once."""
    unit = event.table.score.unit
    converted: dict[int, int | Fraction | None] = {id(None): None}
    found = []
    for value in event.roster.recorded_points:
        key = id(value)
        if key not in converted:
            assert value is not None
            units = value * unit
            converted[key] = int(units) if units.denominator == 1 else units
        found.append(converted[key])
    return found


def written_otherwise(event: Event) -> Message | None:
    """What an output that writes each player's points (a TRF, a crosstable) says when the points its results
    give are not the ones the file records, else ``None``: the recorded totals are not written then.

    The reading has already read the blank rounds the totals count; what differs still is a total nothing
    explains, or the user's point system (``--points``).
    """
    starts = differing(event)
    if not starts:
        return None
    if event.point_system == PointSystem():
        template = N_(
            "the points written are those the results give, not the recorded points of {count} {player} ({players})"
        )
    else:
        template = N_(
            "the points written are those the results give under {system}, not the recorded points of "
            "{count} {player} ({players})"
        )
    player = Message(N_("player") if len(starts) == 1 else N_("players"))
    return Message.of(
        template, system=str(event.point_system), count=len(starts), player=player, players=_starts(starts)
    )


def read_recorded(event: Event, *, path: str = "", blanks: bool = True) -> RecordedReading:
    """The event with each blank round its player's recorded total counts read as a bye, with the warnings.

    A blank round is a round without an opponent read as a zero-point bye, with no points (nor points the
    arbiter set). For a player whose recorded total exceeds his results' by ``d``, with ``k`` blank rounds:
    the fewest full-point byes that make ``d`` with half-point byes in the other rounds, the half-point byes
    in the earliest blank rounds, then the full-point ones; a full-point bye is pairing-allocated when the
    player is the only one of the round without an opponent (C.07 16.2.1 puts both in one category). A total
    lower than the results, or that no such split makes, changes nothing: it is warned of, as are all
    totals when most players without a blank round disagree too (the totals are then taken to be under
    another point system, and no blank round is read from them), and those of a round robin, whose free
    round adds nothing (C.07 15.2) whatever a total says. Without ``blanks`` (the players of a team event,
    whose blank rounds are the boards they were not on) no blank round is read: the totals are only warned of.
    """
    table = event.table
    recorded = _in_units(event)
    gaps = {
        row: mine - score
        for row, (mine, score) in enumerate(zip(recorded, table.score.totals.tolist(), strict=True))
        if mine is not None and mine != score
    }
    if not gaps:
        return RecordedReading(event, (), (), (), ())
    blank = (table.opponent < 0) & (table.kind == _BLANK) & ~table.score.awarded & (table.score.points == 0)
    without = np.flatnonzero(~blank.any(axis=1) & np.array([mine is not None for mine in recorded], dtype=bool))
    elsewhere = 2 * sum(1 for row in without.tolist() if row in gaps) > len(without)
    robin = event.kind is EventKind.ROUND_ROBIN  # its free round adds nothing (C.07 15.2), whatever a total says
    half = table.score.system_points(ResultKind.HALF_BYE)
    full = table.score.system_points(ResultKind.FULL_BYE)
    pairing = table.score.system_points(ResultKind.PAIRING_BYE) == full
    unpaired = (table.opponent < 0).sum(axis=0).tolist()
    byes: dict[tuple[int, int], ResultKind] = {}
    open_rows: list[int] = []
    for row, gap in gaps.items():
        columns = np.flatnonzero(blank[row]).tolist()
        found = None if elsewhere or robin or not blanks else split(gap, len(columns), half, full)
        if found is None:
            continue
        halves, fulls, ways = found
        for column in columns[:halves]:
            byes[row, column] = ResultKind.HALF_BYE
        for column in columns[halves : halves + fulls]:
            lone = pairing and unpaired[column] == 1
            byes[row, column] = ResultKind.PAIRING_BYE if lone else ResultKind.FULL_BYE
        if ways > 1:
            open_rows.append(row)
    read = event.with_byes(byes)
    counts = tuple((kind, n) for kind in _NAMES if (n := sum(1 for k in byes.values() if k is kind)))
    changed = {row for row, _ in byes}
    still = tuple(row + 1 for row in gaps if row not in changed)
    opened = tuple(row + 1 for row in open_rows)
    warnings = []
    if byes:
        warnings.append(InputWarning(_read_message(len(byes), counts, opened), path))
    if still:
        message, page = _differing_message(still, path, elsewhere, event)
        warnings.append(InputWarning(message, path, page=page))
    return RecordedReading(read, counts, opened, still, tuple(warnings))


def split(gap: int | Fraction, blanks: int, half: int, full: int) -> tuple[int, int, int] | None:
    """How many half- and full-point byes make a gap of points (in units) in some of ``blanks`` rounds, the
    fewest full-point byes first, with the number of ways the rounds and kinds could be chosen; ``None`` when
    none make it.

    >>> split(Fraction(1), 1, 1, 2), split(Fraction(2), 2, 1, 2), split(Fraction(3), 2, 1, 2)
    ((1, 0, 1), (2, 0, 3), (1, 1, 2))
    >>> split(Fraction(2), 1, 1, 2), split(Fraction(5), 2, 1, 2), split(Fraction(-1), 3, 1, 2) is None
    ((0, 1, 1), None, True)
    """
    if gap <= 0 or gap.denominator != 1:
        return None
    points = int(gap)
    ways = 0
    first: tuple[int, int] | None = None
    for fulls in range(blanks + 1) if full > 0 else (0,):
        rest = points - fulls * full
        if rest < 0:
            break
        if (rest and half <= 0) or (half > 0 and rest % half):
            continue
        halves = rest // half if half > 0 else 0
        if halves + fulls > blanks:
            continue
        first = first or (halves, fulls)
        ways += math.comb(blanks, halves) * math.comb(blanks - halves, fulls)
    return None if first is None else (*first, ways)


def _starts(starts: Sequence[StartNo]) -> str | Message:
    listed = ", ".join(map(str, starts[:_SHOWN]))
    if len(starts) <= _SHOWN:
        return listed
    return Message.joined([listed, Message.of(N_("and {count} more"), count=len(starts) - _SHOWN)], " ")


def _count(n: int, one: str, many: str) -> Message:
    return Message.of(one if n == 1 else many, count=n)


def _read_message(rounds: int, counts: Sequence[tuple[ResultKind, int]], opened: Sequence[StartNo]) -> Message:
    kinds = Message.listed([_count(n, *_NAMES[kind]) for kind, n in counts])
    if rounds == 1:
        template = N_(
            "the recorded points count {count} round left blank (no opponent, no result) as a bye, as "
            "Swiss-Perfect and other programs write them: read as {kinds}"
        )
    else:
        template = N_(
            "the recorded points count {count} rounds left blank (no opponent, no result) as byes, as "
            "Swiss-Perfect and other programs write them: read as {kinds}"
        )
    message = Message.of(template, count=rounds, kinds=kinds)
    if opened:
        if len(opened) == 1:
            template = N_(
                "{message}; the totals of player {numbers} leave the split open: half-point byes are read "
                "before full-point ones, in the earliest blank rounds"
            )
        else:
            template = N_(
                "{message}; the totals of players {numbers} leave the split open: half-point byes are read "
                "before full-point ones, in the earliest blank rounds"
            )
        message = Message.of(template, message=message, numbers=_starts(opened))
    return Message.of(N_("{message} {rule}"), message=message, rule=_RULE)


def _differing_message(starts: Sequence[StartNo], path: str, elsewhere: bool, event: Event) -> tuple[Message, Message]:
    """The warning of recorded points the results do not give, as the command line says it and as the web page
    says it (naming the page's Point system field, never a command or a flag)."""
    file = path if path and not path.startswith("<") else "FILE"
    players = _count(len(starts), N_("{count} player"), N_("{count} players"))
    command = f"`sonneborn check {file}`"
    if elsewhere:
        template = N_(
            "the recorded points of {players} differ from their results under the file's point system {system}, "
            "most of them without a blank round, so no blank round is read as a bye (are the totals under another "
            "point system? --points states one); {command} lists them"
        )
        page = N_(
            "the recorded points of {players} differ from their results under the file's point system {system}, "
            "most of them without a blank round, so no blank round is read as a bye (are the totals under another "
            "point system? The Point system field under Advanced states one)"
        )
        system = str(event.point_system)
        return (
            Message.of(template, players=players, system=system, command=command),
            Message.of(page, players=players, system=system),
        )
    table, names, recorded = event.table, event.roster.names, event.roster.recorded_points
    details: list[str | int | Message] = [
        Message.of(
            N_("{name} (no. {number}): {recorded} recorded, {points} from the results"),
            name=shown_name(names[start - 1]),
            number=start,
            recorded=Number(exact_text(recorded[start - 1] or Fraction(0))),
            points=Number(exact_text(Fraction(int(table.score.totals[start - 1]), table.score.unit))),
        )
        for start in starts[:_DETAILED]
    ]
    if len(starts) > _DETAILED:
        details.append(Message.of(N_("and {count} more"), count=len(starts) - _DETAILED))
    template = N_(
        "the recorded points of {players} differ from their results, and no bye in a blank round explains them "
        "({details}); {command} lists them"
    )
    page = N_(
        "the recorded points of {players} differ from their results, and no bye in a blank round explains them "
        "({details})"
    )
    joined = Message.joined(details, "; ")
    return (
        Message.of(template, players=players, details=joined, command=command),
        Message.of(page, players=players, details=joined),
    )
