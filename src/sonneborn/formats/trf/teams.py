"""The team records of a TRF: TRF-16 ``013``, TRF-26 ``310 320 330 300 362 352``, and ``240``/``299`` for teams.

:func:`read_teams` reads them, each fact with its line and column, into a
:class:`~sonneborn.teams.TeamSource`, and builds the team event over the
individual one (:func:`sonneborn.matches.build`). In a team competition the
numbers of records ``240`` and ``299`` are teams' (TRF-26: "Player/Team ID").

>>> from sonneborn.formats.trf import read_trf_teams
>>> text = "\\n".join([
...     "362 TW 3.0 TD 1.0 TL 0.0",
...     f"{'310   1 Alpha':<73}   1",
...     f"{'310   2 Beta':<73}   2",
...     f"{'310   3 Gamma':<73}   3",
...     "320  3.0  1.0   3",
...     f"{'001    1      Adams, Ann':<91}   2 w 1",
...     f"{'001    2      Brown, Bob':<91}   1 b 0",
...     f"{'001    3      Clark, Cid':<91}",
... ])
>>> teams = read_trf_teams(text)
>>> teams.points.win, teams.matches.match_kind(2, 1).name, teams.matches.match_score(2, 1)
(Fraction(3, 1), 'PAIRING_BYE', (Fraction(3, 1), Fraction(1, 1)))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from sonneborn.errors import InputWarning, TrfError, Warn, shown
from sonneborn.event import Event
from sonneborn.formats.trf.layout import (
    ABNORMAL_KINDS,
    ABNORMAL_MATCH_POINTS,
    BYE_TYPES,
    CONTENT_COLUMN,
    FORFEIT_BLACK,
    FORFEIT_ROUND,
    FORFEIT_TYPE,
    FORFEIT_TYPES,
    FORFEIT_WHITE,
    ORDER_OPPONENT,
    ORDER_PLAYERS,
    ORDER_ROUND,
    ORDER_TEAM,
    PAB_FIRST,
    PAB_GAME_POINTS,
    PAB_MATCH_POINTS,
    PAB_WIDTH,
    RECORD_CODE,
    TEAM_013_MEMBERS,
    TEAM_013_NAME,
    TEAM_GAME_POINTS,
    TEAM_MATCH_POINTS,
    TEAM_MEMBERS,
    TEAM_NAME,
    TEAM_NICKNAME,
    TEAM_NUMBER,
    TEAM_RANK,
    TRF16,
    Columns,
)
from sonneborn.matches import build
from sonneborn.messages import N_, Message
from sonneborn.model import EventKind, ResultKind, RoundNo, StartNo
from sonneborn.teams import (
    Award,
    ByePoints,
    Forfeit,
    Lineup,
    Listed,
    TeamBye,
    TeamEvent,
    TeamPoints,
    TeamSource,
    Where,
)

__all__ = ["Assignment", "read_teams"]

_NUMBER = re.compile(r"[0-9]+")
_POINTS = re.compile(r"-?[0-9]{1,9}(?:[.,][0-9]{1,9})?")
_MATCH_CODE = re.compile(r"\s*(T[WDL])\s*=?\s*(-?[0-9]{1,9}(?:[.,][0-9]{1,9})?)(?=\s|$)", re.IGNORECASE)
"""One entry of record 362: ``TW 2.0`` (or ``TW=2``)."""
_MATCH_FIELDS = {"TW": "win", "TD": "draw", "TL": "loss"}
_DEFAULT_FIELDS = {"W": "win", "D": "draw", "L": "loss", "+": "forfeit_win", "-": "forfeit_loss"}
"""The MP a ``299`` for every team in every round sets, by type (F, H and Z set a bye's MP and GP)."""
_BYE_FIELDS = {"F": "full_bye", "H": "half_bye", "Z": "zero_bye"}


@dataclass(frozen=True, slots=True)
class Assignment:
    """A bye (``240``) or abnormal points (``299``) for some players (or teams), applied once every line is read."""

    lineno: int
    code: str
    type: str
    """``F H Z`` for a bye; ``W D L F H Z + -`` or a blank for abnormal points."""
    round: RoundNo
    """The round; 0 for every round."""
    points: Fraction | None
    players: tuple[tuple[StartNo, int], ...]
    """The start numbers, each with its column (team numbers in a team competition)."""
    match_points: str = ""
    """Record 299's MP (columns 8–11) as written: teams only."""


def read_teams(
    event: Event,
    lines: Sequence[tuple[int, str]],
    *,
    byes: Sequence[Assignment],
    abnormal: Sequence[Assignment],
    defaults: Sequence[Assignment],
    stated_kind: tuple[EventKind | None, int],
    where: Callable[[int, RoundNo], Where],
    path: str,
    warn: Warn,
) -> TeamEvent:
    """The team event of an individual event read from a TRF and its team records (each with its line).

    ``stated_kind`` is round robin or Swiss as the file states it, with the line
    of record 192 when that names a team type; ``where`` places a player's
    round (by row and round) for messages.
    """
    return _TeamRecords(path, warn).read(event, lines, byes, abnormal, defaults, stated_kind, where)


class _TeamRecords:
    def __init__(self, path: str, warn: Warn) -> None:
        self.path = path
        self.say = warn

    def error(self, message: str | Message, where: Where) -> TrfError:
        return TrfError(message, path=self.path, line=where[0], column=where[1])

    def read(
        self,
        event: Event,
        lines: Sequence[tuple[int, str]],
        byes: Sequence[Assignment],
        abnormal: Sequence[Assignment],
        defaults: Sequence[Assignment],
        stated_kind: tuple[EventKind | None, int],
        where: Callable[[int, RoundNo], Where],
    ) -> TeamEvent:
        by_code: dict[str, list[tuple[int, str]]] = {}
        for lineno, line in lines:
            by_code.setdefault(RECORD_CODE.text(line), []).append((lineno, line))
        kind, type_line = stated_kind
        first = (RECORD_CODE.text(lines[0][1]), lines[0][0]) if lines else ("192", type_line)
        teams = [self.team_310(lineno, line) for lineno, line in by_code.get("310", [])]
        old = by_code.get("013", [])
        if teams and old:
            self.say(
                InputWarning(Message(N_("record 013 ignored: the 310 records list the teams")), self.path, old[0][0])
            )
        elif old:
            teams = [self.team_013(number, lineno, line) for number, (lineno, line) in enumerate(old, 1)]
        if not teams:
            template = N_(
                "a team competition (record {record}) without teams (expected records 310 or 013 listing them)"
            )
            message = Message.of(template, record=first[0])
            raise self.error(message, (first[1], 1))
        points = TeamPoints(games=event.point_system)
        for lineno, line in by_code.get("362", []):
            points = self.match_points(points, lineno, line)
        sequence = ""
        for lineno, line in by_code.get("352", []):
            sequence = self.sequence(lineno, line)
        team_byes = [bye for lineno, line in by_code.get("320", []) for bye in self.pairing_byes(lineno, line)]
        for record in byes:
            team_byes += [
                TeamBye(BYE_TYPES[record.type], record.round, number, (record.lineno, column))
                for number, column in record.players
            ]
        source = TeamSource(
            teams=teams,
            path=self.path,
            record=first,
            player_where=where,
            byes=team_byes,
            forfeits=[self.forfeit(lineno, line) for lineno, line in by_code.get("330", [])],
            lineups=[self.lineup(lineno, line) for lineno, line in by_code.get("300", [])],
            awards=[self.award(record) for record in abnormal],
            points=self.defaults(points, defaults),
            sequence=sequence,
            kind=kind,
            infer_pab=not by_code.get("310") and not by_code.get("320"),
            fail=self.error,
        )
        return build(event, source, warn=self.say)

    # Fields.

    def number(self, lineno: int, line: str, columns: Columns, what: str, *, required: bool = True) -> int:
        """A whole number of a field; 0 when blank and not required."""
        text = columns.text(line).strip()
        if not text and not required:
            return 0
        if not _NUMBER.fullmatch(text):
            raise self.error(_expected(what, columns, columns.text(line)), (lineno, columns.first))
        return int(text)

    def points(self, lineno: int, line: str, columns: Columns, what: str) -> Fraction | None:
        """Points as written (``11.5``, ``11,5``), ``None`` when blank."""
        text = columns.text(line).strip()
        if not text:
            return None
        if not _POINTS.fullmatch(text):
            raise self.error(_expected(what, columns, columns.text(line)), (lineno, columns.first))
        return Fraction(text.replace(",", "."))

    def members(self, lineno: int, line: str, first: int) -> tuple[tuple[StartNo, Where], ...]:
        """The start numbers from ``first`` on, 4 columns every 5; blanks and ``0000`` are no member."""
        found = []
        for columns in TRF16.starts(first, len(line.rstrip())):
            start = self.number(lineno, line, columns, N_("a start number"), required=False)
            if start:
                found.append((start, (lineno, columns.first)))
        return tuple(found)

    # Records.

    def team_013(self, number: int, lineno: int, line: str) -> Listed:
        """TRF-16 013: a name and the members in board order; the team's number is its record's order."""
        name = TEAM_013_NAME.text(line).strip()
        return Listed(number, name, self.members(lineno, line, TEAM_013_MEMBERS), (lineno, 1))

    def team_310(self, lineno: int, line: str) -> Listed:
        """TRF-26 310: number, name, nickname, recorded MP, GP and rank, members in board order."""
        number = self.number(lineno, line, TEAM_NUMBER, N_("a team number"))
        rank = self.number(lineno, line, TEAM_RANK, N_("a rank"), required=False)
        return Listed(
            number=number,
            name=TEAM_NAME.text(line).strip(),
            members=self.members(lineno, line, TEAM_MEMBERS),
            where=(lineno, TEAM_NUMBER.first),
            nickname=TEAM_NICKNAME.text(line).strip(),
            recorded_match_points=self.points(lineno, line, TEAM_MATCH_POINTS, N_("match points")),
            recorded_game_points=self.points(lineno, line, TEAM_GAME_POINTS, N_("game points")),
            recorded_rank=rank or None,
        )

    def match_points(self, points: TeamPoints, lineno: int, line: str) -> TeamPoints:
        """TRF-26 362: ``TW``, ``TD``, ``TL``, each with its MP (``TW 3.0``)."""
        content = line[CONTENT_COLUMN - 1 :]
        at = 0
        found: dict[str, Any] = {}
        while match := _MATCH_CODE.match(content, at):
            found[_MATCH_FIELDS[match.group(1).upper()]] = Fraction(match.group(2).replace(",", "."))
            at = match.end()
        rest = content[at:]
        if rest.strip() or not found:
            column = CONTENT_COLUMN + at + len(rest) - len(rest.lstrip())
            template = N_("expected TW, TD or TL with its match points in record 362 (TW 2.0), found {found}")
            message = Message.of(template, found=shown(rest.strip()))
            raise self.error(message, (lineno, column))
        return replace(points, **found)

    def sequence(self, lineno: int, line: str) -> str:
        """TRF-26 352: the colours of the first team's boards, ``WBWB``."""
        value = line[CONTENT_COLUMN - 1 :].strip().upper()
        if not value or set(value) - {"W", "B"}:
            message = Message.of(N_("expected the board colours W and B in record 352 (WBWB), found {found}"),
                                 found=shown(value))  # fmt: skip
            raise self.error(message, (lineno, CONTENT_COLUMN))
        return value

    def pairing_byes(self, lineno: int, line: str) -> list[TeamBye]:
        """TRF-26 320: the PAB's MP and GP, then round by round the team that had it (``000`` for none)."""
        match_points = self.points(lineno, line, PAB_MATCH_POINTS, N_("the PAB's match points"))
        game_points = self.points(lineno, line, PAB_GAME_POINTS, N_("the PAB's game points"))
        if match_points is None or game_points is None:
            columns = PAB_MATCH_POINTS if match_points is None else PAB_GAME_POINTS
            what = N_("the PAB's match points") if match_points is None else N_("the PAB's game points")
            raise self.error(_expected(what, columns, columns.text(line)), (lineno, columns.first))
        stated = ByePoints(match_points, game_points)
        byes = []
        end = len(line.rstrip())
        for round_no, column in enumerate(range(PAB_FIRST, end + 1, PAB_WIDTH + 1), 1):
            columns = Columns(column, column + PAB_WIDTH - 1)
            team = self.number(lineno, line, columns, N_("a team number"), required=False)
            if team:
                byes.append(TeamBye(ResultKind.PAIRING_BYE, round_no, team, (lineno, column), stated))
        return byes

    def forfeit(self, lineno: int, line: str) -> Forfeit:
        """TRF-26 330: the type (``+-``, ``-+``, ``--``), the round, the white and the black team."""
        kind = FORFEIT_TYPE.text(line)
        if kind not in FORFEIT_TYPES:
            template = N_("expected a forfeit type +-, -+ or -- at columns {columns}, found {found}")
            message = Message.of(template, columns=str(FORFEIT_TYPE), found=repr(kind))
            raise self.error(message, (lineno, FORFEIT_TYPE.first))
        winner = FORFEIT_TYPES[kind]
        return Forfeit(
            round=self.number(lineno, line, FORFEIT_ROUND, N_("a round number")),
            white=self.number(lineno, line, FORFEIT_WHITE, N_("the white team's number")),
            black=self.number(lineno, line, FORFEIT_BLACK, N_("the black team's number")),
            winner="white" if winner == "white" else "black" if winner == "black" else None,
            where=(lineno, FORFEIT_TYPE.first),
        )

    def lineup(self, lineno: int, line: str) -> Lineup:
        """TRF-26 300: the round, the team, its opponent, and the players board by board (``0000``: empty)."""
        players = []
        for columns in TRF16.starts(ORDER_PLAYERS, len(line.rstrip())):
            start = self.number(lineno, line, columns, N_("a start number or 0000"), required=False)
            players.append((start, (lineno, columns.first)))
        return Lineup(
            round=self.number(lineno, line, ORDER_ROUND, N_("a round number")),
            team=self.number(lineno, line, ORDER_TEAM, N_("a team number")),
            opponent=self.number(lineno, line, ORDER_OPPONENT, N_("the opponent team's number")),
            players=tuple(players),
            where=(lineno, ORDER_TEAM.first),
        )

    def award(self, record: Assignment) -> Award:
        """A ``299`` for some teams: its type, MP (columns 8–11, blank to keep the match's) and GP."""
        assert record.points is not None
        return Award(
            type=record.type,
            kinds=ABNORMAL_KINDS.get(record.type, frozenset()),
            match_points=self.abnormal_match_points(record),
            game_points=record.points,
            round=record.round,
            teams=tuple((number, (record.lineno, column)) for number, column in record.players),
            where=(record.lineno, 5),
        )

    def abnormal_match_points(self, record: Assignment) -> Fraction | None:
        text = record.match_points.strip()
        if not text:
            return None
        if not _POINTS.fullmatch(text):
            columns = ABNORMAL_MATCH_POINTS
            raise self.error(
                _expected(N_("match points"), columns, record.match_points), (record.lineno, columns.first)
            )
        return Fraction(text.replace(",", "."))

    def defaults(self, points: TeamPoints, records: Sequence[Assignment]) -> TeamPoints:
        """The team point system as ``299`` records for every team in every round set it: a type's MP, and a
        bye's MP and GP."""
        for record in records:
            assert record.points is not None
            match_points = self.abnormal_match_points(record)
            if record.type in _BYE_FIELDS:
                kind = BYE_TYPES[record.type]
                stated = ByePoints(points.bye(kind, 0).match if match_points is None else match_points, record.points)
                changed: dict[str, Any] = {_BYE_FIELDS[record.type]: stated}
                points = replace(points, **changed)
            elif match_points is not None:
                changed = {_DEFAULT_FIELDS[record.type]: match_points}
                points = replace(points, **changed)
        return points


def _expected(what: str, columns: Columns, found: str) -> Message:
    """The message of a field that does not hold what it should, ``what`` (marked N_) translated in turn."""
    template = N_("expected {what} at columns {columns}, found {found}")
    return Message.of(template, what=Message(what), columns=str(columns), found=repr(found))
