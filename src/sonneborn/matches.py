"""A team event's matches from its players' games and the records that say more: :func:`build`.

The games decide almost everything. Two teams met in a round when their
members played each other; a match whose boards point at two teams, a game
between team-mates or with a player of no team cannot stand. The boards are
the team's players of the match in roster order, each facing his opponent,
and an empty board where a player won by forfeit against nobody (``0000 - +``);
a TRF-26 300 record gives a team's boards where it played out of that order.
A team's GP of a match is the sum of its boards' points (C.07 11.1); the MP
follow from comparing the two GP (C.07 11.1), unless a record says the match
was forfeited (330). A match in which no board was played over the board is
a forfeit too: C.07 15.1 counts a round without a match played as unplayed.
A round without a match is a bye that a record gives (320, 240), or an absence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

import numpy as np

from sonneborn.errors import InputError, InputWarning, Said, Warn
from sonneborn.event import BLACK, CODE, KINDS, UNKNOWN, WHITE, Event, integers, point_unit
from sonneborn.messages import N_, Message, Number
from sonneborn.model import EventKind, PointSystem, ResultKind
from sonneborn.numbers import exact_text
from sonneborn.teams import (
    NO_BOARD,
    Award,
    ByePoints,
    Matches,
    Team,
    TeamEvent,
    TeamPoints,
    TeamSource,
    Where,
)

__all__ = ["after_round", "build", "rescored"]

_SHOWN = 3
"""How many inferred byes a warning names."""


@dataclass
class _Round:
    """One team's round while it is worked out."""

    opponent: int = -1
    players: list[int] = field(default_factory=list)
    """The team's players of the match: those who played a member of the opponent, or won against nobody."""
    witness: tuple[int, int] | None = None
    """A game that shows whom the team met: its player and his opponent (rows)."""
    bye: ResultKind | None = None
    bye_points: ByePoints | None = None
    bye_where: Where = (0, 0)
    forfeit: ResultKind | None = None
    """The kind a 330 record gives the team."""
    pending: bool = False
    """Whether a 330 record pairs the match with its result set aside (:attr:`Forfeit.pending`): still to be played."""
    forfeit_where: Where = (0, 0)
    white: bool | None = None
    """Whether a 330 record names the team White."""
    lineup: list[int] | None = None
    """The boards a 300 record gives, rows or :data:`NO_BOARD`."""
    boards: list[int] = field(default_factory=list)
    kind: ResultKind = ResultKind.NOT_PLAYED
    colour: int = UNKNOWN
    match_points: Fraction = Fraction(0)
    game_points: Fraction = Fraction(0)
    awarded: bool = False


def build(event: Event, source: TeamSource, *, warn: Warn) -> TeamEvent:
    """The team event of an individual event and what its source says of the teams.

    Raises the source's error (:attr:`TeamSource.fail`) at the place of the
    first fact that cannot stand: team numbers that do not run 1..n, a player
    listed in two teams or not in the event, a match whose boards point at
    different teams, a bye, forfeit or board order that the games contradict.
    """
    return _Builder(event, source, warn).build()


def rescored(teams: TeamEvent, *, match: TeamPoints | None = None, games: PointSystem | None = None) -> TeamEvent:
    """The team event under other match points (a won, drawn and lost match's, ``--match-points 3,1,0``) or
    other game points (the individual games' system, ``--points``), its matches built again from what the source
    said; the byes' and forfeits' MP and GP the source stated itself stay as it stated them.

    Raises :exc:`ValueError` for a team event built without a source (in memory).
    """
    if teams.source is None:
        raise ValueError("a team event built without a source cannot be scored again")
    points = teams.points
    if match is not None:
        points = replace(points, win=match.win, draw=match.draw, loss=match.loss)
    event = teams.event
    if games is not None:
        points = replace(points, games=games)
        event = event.with_point_system(games)
    return build(event, replace(teams.source, points=points), warn=lambda warning: None)


def after_round(teams: TeamEvent, last: int, *, next_paired: bool = False) -> TeamEvent:
    """The team event as it stood after round ``last`` (:meth:`Event.after_round
    <sonneborn.event.Event.after_round>` of its players), its matches built again from what the source says of
    rounds 1 to ``last`` only: a later round's bye, forfeit, board order or points are not known yet, and nor is
    a withdrawal that only a later round shows (a TRF-16 team missing round ``last + 1`` had the PAB in round
    ``last``). The kind stays the whole event's; the MP, GP and ranks the file records (its final ones) are
    dropped.

    With ``next_paired`` (``whatif``'s), round ``last + 1`` keeps its pairings as its players' games do, and what
    the source says of it that was known when it was paired: the teams' byes (240, 320) and board orders (300),
    and a forfeited match's pairing (330, :attr:`Forfeit.pending`: a match still to be played); its forfeits and
    points assigned (299) are results, not known yet.

    Raises :exc:`ValueError` for a round outside 1 to the rounds played, or a team event built without a source.
    """
    if teams.source is None:
        raise Said(Message(N_("a team event built without a source cannot be taken after a round")))
    event = teams.event.after_round(last, next_paired=next_paired)
    if event is teams.event:
        return teams
    source = teams.source
    paired = last + 1 if next_paired else last
    listed = [
        replace(team, recorded_match_points=None, recorded_game_points=None, recorded_rank=None)
        for team in source.teams
    ]
    source = replace(
        source,
        teams=listed,
        byes=[bye for bye in source.byes if bye.round <= paired],
        forfeits=[
            forfeit if forfeit.round <= last else replace(forfeit, pending=True)
            for forfeit in source.forfeits
            if forfeit.round <= paired
        ],
        lineups=[lineup for lineup in source.lineups if lineup.round <= paired],
        awards=[award for award in source.awards if award.round <= last],
        points=teams.points,
        kind=teams.kind,
    )
    return build(event, source, warn=lambda warning: None)


class _Builder:
    def __init__(self, event: Event, source: TeamSource, warn: Warn) -> None:
        self.event = event
        self.source = source
        self.say = warn
        self.fail = source.fail
        self.count = len(source.teams)
        self.rounds = event.rounds
        self.cells = [[_Round() for _ in range(self.rounds)] for _ in range(self.count)]
        self.team_of = np.full(event.players, -1, dtype=np.int64)
        self.position = np.zeros(event.players, dtype=np.int64)
        self.board_count = len(source.sequence)
        self.adjustments: dict[int, tuple[Fraction, Fraction]] = {}

    def build(self) -> TeamEvent:
        teams = self.rosters()
        self.pair()
        self.forfeits()
        self.byes()
        self.lineups()
        self.lay_boards()
        kind = self.source.kind or self.detected_kind()
        self.score(kind)
        self.award(self.source.awards)
        return TeamEvent(
            self.event,
            teams,
            self.matches(),
            self.source.points,
            kind,
            self.source.record,
            self.source.sequence,
            self.source,
        )

    def error(self, message: str | Message, where: Where) -> InputError:
        return self.fail(message, where)

    def name(self, row: int) -> Message:
        """A team as messages name it: its number and name."""
        listed = self.source.teams[row]
        if listed.name:
            return Message.of(N_("team {number} ({name})"), number=listed.number, name=listed.name)
        return Message.of(N_("team {number}"), number=listed.number)

    def in_round(self, round_no: int, message: Message) -> Message:
        """A message about one round."""
        return Message.of(N_("round {round}: {message}"), round=round_no, message=message)

    # The teams.

    def rosters(self) -> tuple[Team, ...]:
        listed = sorted(self.source.teams, key=lambda team: team.number)
        for index, team in enumerate(listed):
            if team.number != index + 1:
                twice = index > 0 and listed[index - 1].number == team.number
                template = (
                    N_("team numbers must run 1..{count} without gaps, but {number} is given twice")
                    if twice
                    else N_("team numbers must run 1..{count} without gaps, but {number} is missing")
                )
                problem = Message.of(template, count=self.count, number=team.number if twice else index + 1)
                raise self.error(problem, team.where)
        players = self.event.players
        teams = []
        for row, team in enumerate(listed):
            members = []
            for board, (start, where) in enumerate(team.members):
                if not 1 <= start <= players:
                    problem = Message.ngettext(
                        "{team} lists player {number}, but there are {count} players (expected 1 to {last})",
                        "{team} lists player {number}, but there are {count} players (expected 1 to {last})",
                        players,
                        team=self.name(row),
                        number=start,
                        last=players,
                    )
                    raise self.error(problem, where)
                other = int(self.team_of[start - 1])
                if other >= 0:
                    template = N_(
                        "player {number} is listed in {team} and again in {team2} (expected each player in one "
                        "team, once)"
                    )
                    problem = Message.of(template, number=start, team=self.name(other), team2=self.name(row))
                    raise self.error(problem, where)
                self.team_of[start - 1] = row
                self.position[start - 1] = board
                members.append(start - 1)
            teams.append(
                Team(
                    number=team.number,
                    name=team.name,
                    members=tuple(members),
                    nickname=team.nickname,
                    recorded_match_points=team.recorded_match_points,
                    recorded_game_points=team.recorded_game_points,
                    recorded_rank=team.recorded_rank,
                )
            )
        self.source = replace(self.source, teams=listed)
        return tuple(teams)

    # The matches the games show.

    def pair(self) -> None:
        table = self.event.table
        opponents, kinds = table.opponent.tolist(), table.kind.tolist()
        forfeit_win = CODE[ResultKind.FORFEIT_WIN]
        where = self.source.player_where
        for row in range(self.event.players):
            team = int(self.team_of[row])
            for column in range(self.rounds):
                other = opponents[row][column]
                alone = other < 0 and kinds[row][column] == forfeit_win
                if other < 0 and not alone:
                    continue
                round_no = column + 1
                if team < 0:
                    template = (
                        N_(
                            "player {number} plays player {number2}, but is listed in no team (expected every "
                            "player of a team event in a team)"
                        )
                        if other >= 0
                        else N_(
                            "player {number} wins by forfeit, but is listed in no team (expected every player of "
                            "a team event in a team)"
                        )
                    )
                    problem = Message.of(template, number=row + 1, number2=other + 1)
                    raise self.error(self.in_round(round_no, problem), where(row, round_no))
                cell = self.cells[team][column]
                if alone:
                    cell.players.append(row)
                    continue
                other_team = int(self.team_of[other])
                if other_team < 0:
                    template = N_(
                        "player {number} of {team} plays player {number2}, who is listed in no team (expected "
                        "every player of a team event in a team)"
                    )
                    problem = Message.of(template, number=row + 1, team=self.name(team), number2=other + 1)
                    raise self.error(self.in_round(round_no, problem), where(other, round_no))
                if other_team == team:
                    template = N_(
                        "players {number} and {number2}, both of {team}, play each other (expected a game between "
                        "two teams)"
                    )
                    problem = Message.of(template, number=row + 1, number2=other + 1, team=self.name(team))
                    raise self.error(self.in_round(round_no, problem), where(row, round_no))
                if cell.witness is not None and cell.opponent != other_team:
                    first, first_other = cell.witness
                    template = N_(
                        "the boards of {team} point at different teams: player {number} plays {number2} of "
                        "{team2}, player {number3} plays {number4} of {team3} (expected one opponent team per "
                        "match)"
                    )
                    problem = Message.of(
                        template,
                        team=self.name(team),
                        number=first + 1,
                        number2=first_other + 1,
                        team2=self.name(cell.opponent),
                        number3=row + 1,
                        number4=other + 1,
                        team3=self.name(other_team),
                    )
                    raise self.error(self.in_round(round_no, problem), where(row, round_no))
                cell.opponent, cell.witness = other_team, (row, other)
                cell.players.append(row)

    def forfeits(self) -> None:
        for forfeit in self.source.forfeits:
            column = self.round_column(forfeit.round, forfeit.where, "330")
            white, black = (
                self.team_row(forfeit.white, forfeit.where, "330"),
                self.team_row(forfeit.black, forfeit.where, "330"),
            )
            if white == black:
                template = N_("record {record} pairs {team} with itself (expected two teams)")
                raise self.error(Message.of(template, record="330", team=self.name(white)), forfeit.where)
            for team, other, is_white in ((white, black, True), (black, white, False)):
                cell = self.cells[team][column]
                if cell.forfeit is not None or cell.pending:
                    raise self.error(self.second_record("330", team, forfeit.round), forfeit.where)
                if cell.opponent >= 0 and cell.opponent != other:
                    assert cell.witness is not None
                    template = N_(
                        "record {record} says {team} met {team2}, but its player {number} plays player {number2} "
                        "of {team3}"
                    )
                    problem = Message.of(
                        template,
                        record="330",
                        team=self.name(team),
                        team2=self.name(other),
                        number=cell.witness[0] + 1,
                        number2=cell.witness[1] + 1,
                        team3=self.name(cell.opponent),
                    )
                    raise self.error(self.in_round(forfeit.round, problem), forfeit.where)
                if forfeit.pending:
                    cell.pending = True
                elif forfeit.winner is None:
                    cell.forfeit = ResultKind.FORFEIT_LOSS
                else:
                    won = (forfeit.winner == "white") == is_white
                    cell.forfeit = ResultKind.FORFEIT_WIN if won else ResultKind.FORFEIT_LOSS
                cell.opponent, cell.white, cell.forfeit_where = other, is_white, forfeit.where
            for row in self.cells[white][column].players + self.cells[black][column].players:
                kind = KINDS[int(self.event.table.kind[row, column])]
                if kind.is_played:
                    template = N_(
                        "record {record} says the match of {team} and {team2} was forfeited, but player "
                        "{number} played his game over the board (result {result}; expected + or -)"
                    )
                    problem = Message.of(
                        template,
                        record="330",
                        team=self.name(white),
                        team2=self.name(black),
                        number=row + 1,
                        result=repr(kind.value),
                    )
                    raise self.error(self.in_round(forfeit.round, problem), forfeit.where)

    def byes(self) -> None:
        for bye in self.source.byes:
            column = self.round_column(bye.round, bye.where, "320" if bye.kind is ResultKind.PAIRING_BYE else "240")
            code = "320" if bye.kind is ResultKind.PAIRING_BYE else "240"
            team = self.team_row(bye.team, bye.where, code)
            cell = self.cells[team][column]
            what = _BYE_NAMES[bye.kind]
            if cell.bye is not None:
                problem = Message.of(N_("{team} is given a bye twice (expected one per round)"), team=self.name(team))
                raise self.error(self.in_round(bye.round, problem), bye.where)
            if cell.opponent >= 0 or cell.players:
                template = N_(
                    "record {record} gives {team} {bye}, but its {message} (expected no game in a round "
                    "without a match)"
                )
                if cell.witness:
                    shown = self.shown_witness(cell)
                else:
                    shown = Message.of(N_("player {number} wins by forfeit"), number=cell.players[0] + 1)
                problem = Message.of(template, record=code, team=self.name(team), bye=Message(what), message=shown)
                raise self.error(self.in_round(bye.round, problem), bye.where)
            cell.bye, cell.bye_points, cell.bye_where = bye.kind, bye.points, bye.where

    def lineups(self) -> None:
        for lineup in self.source.lineups:
            column = self.round_column(lineup.round, lineup.where, "300")
            team = self.team_row(lineup.team, lineup.where, "300")
            other = self.team_row(lineup.opponent, lineup.where, "300")
            cell = self.cells[team][column]
            if cell.opponent != other:
                if cell.opponent >= 0:
                    template = N_("record {record} names {team} the opponent of {team2}, but it meets {team3}")
                    problem = Message.of(
                        template,
                        record="300",
                        team=self.name(other),
                        team2=self.name(team),
                        team3=self.name(cell.opponent),
                    )
                else:
                    template = N_("record {record} names {team} the opponent of {team2}, but it has no match")
                    problem = Message.of(template, record="300", team=self.name(other), team2=self.name(team))
                raise self.error(self.in_round(lineup.round, problem), lineup.where)
            if cell.lineup is not None:
                raise self.error(self.second_record("300", team, lineup.round), lineup.where)
            rows: list[int] = []
            for board, (start, where) in enumerate(lineup.players):
                if start == 0:
                    rows.append(NO_BOARD)
                    continue
                row = start - 1
                if not 1 <= start <= self.event.players or int(self.team_of[row]) != team:
                    template = N_(
                        "record {record} puts player {number} on board {board} of {team}, who is not in that "
                        "team (expected a member of it, or 0000)"
                    )
                    problem = Message.of(template, record="300", number=start, board=board + 1, team=self.name(team))
                    raise self.error(problem, where)
                if row in rows:
                    template = N_(
                        "record {record} puts player {number} on two boards of {team} (expected each player once)"
                    )
                    raise self.error(Message.of(template, record="300", number=start, team=self.name(team)), where)
                if row not in cell.players:
                    template = N_(
                        "record {record} puts player {number} on board {board}, but his line records no game "
                        "against {team} (expected the players of the match)"
                    )
                    problem = Message.of(template, record="300", number=start, board=board + 1, team=self.name(other))
                    raise self.error(self.in_round(lineup.round, problem), where)
                rows.append(row)
            missing = [row for row in cell.players if row not in rows]
            if missing:
                template = N_(
                    "record {record} leaves out player {number}, who plays for {team} against {team2} (expected "
                    "every player of the match)"
                )
                problem = Message.of(
                    template, record="300", number=missing[0] + 1, team=self.name(team), team2=self.name(other)
                )
                raise self.error(self.in_round(lineup.round, problem), lineup.where)
            cell.lineup = rows
            self.board_count = max(self.board_count, len(rows))

    # The boards.

    def lay_boards(self) -> None:
        """Each match's boards, from both teams' players and the 300 records; then every match padded alike."""
        opponent = self.event.table.opponent
        for column in range(self.rounds):
            for team in range(self.count):
                cell = self.cells[team][column]
                other = cell.opponent
                if other < 0:
                    cell.boards = cell.lineup or sorted(cell.players, key=self.position.__getitem__)
                    self.board_count = max(self.board_count, len(cell.boards))
                    continue
                if other < team:
                    continue
                facing = self.cells[other][column]
                pairs = self.match_boards(team, other, column, cell, facing, opponent[:, column].tolist())
                cell.boards = [first for first, _ in pairs]
                facing.boards = [second for _, second in pairs]
                self.board_count = max(self.board_count, len(pairs))

    def match_boards(
        self, team: int, other: int, column: int, cell: _Round, facing: _Round, opponents: list[int]
    ) -> list[tuple[int, int]]:
        """The boards of one match: each a player of ``team`` and of ``other`` (:data:`NO_BOARD` for empty)."""

        def opposite(row: int) -> int:
            return opponents[row] if row >= 0 and opponents[row] >= 0 else NO_BOARD

        round_no = column + 1
        if cell.lineup is not None and facing.lineup is not None:
            pairs = list(zip(cell.lineup, facing.lineup, strict=False))
            longer = cell.lineup if len(cell.lineup) > len(facing.lineup) else facing.lineup
            pairs += [(row, NO_BOARD) if longer is cell.lineup else (NO_BOARD, row) for row in longer[len(pairs) :]]
            for board, (first, second) in enumerate(pairs):
                if (first >= 0 and opposite(first) != second) or (second >= 0 and opposite(second) != first):
                    row = first if first >= 0 else second
                    template = N_(
                        "the records {record} of {team} and {team2} put players {player} and {player2} on board "
                        "{board}, but player {number} plays {player3} (expected opponents on each board)"
                    )
                    problem = Message.of(
                        template,
                        record="300",
                        team=self.name(team),
                        team2=self.name(other),
                        player=_player(first),
                        player2=_player(second),
                        board=board + 1,
                        number=row + 1,
                        player3=_player(opposite(row)),
                    )
                    raise self.error(self.in_round(round_no, problem), self.lineup_where(team, column))
            return pairs
        if facing.lineup is not None:
            return [(second, first) for first, second in self.follow(facing.lineup, cell, opposite)]
        if cell.lineup is not None:
            return self.follow(cell.lineup, facing, opposite)
        own = sorted(cell.players, key=self.position.__getitem__)
        theirs = sorted(facing.players, key=self.position.__getitem__)
        pairs = [(row, opposite(row)) for row in own]
        for index, row in enumerate(theirs):
            if opposite(row) >= 0:
                continue
            before = theirs[index - 1] if index else None
            at = 0 if before is None else next(i for i, (_, s) in enumerate(pairs) if s == before) + 1
            pairs.insert(at, (NO_BOARD, row))
        seated = [second for _, second in pairs if second >= 0]
        if seated != theirs:
            first = next(a for a, b in zip(seated, theirs, strict=True) if a != b)
            template = N_(
                "{team} and {team2} field their players in orders that disagree (player {number} of {team2} faces "
                "board {board}); the boards follow {team}'s (a record 300 gives them)"
            )
            problem = Message.of(
                template,
                team=self.name(team),
                team2=self.name(other),
                number=first + 1,
                board=[s for _, s in pairs].index(first) + 1,
            )
            where = self.source.player_where(first, round_no)
            self.say(InputWarning(self.in_round(round_no, problem), self.source.path, *where))
        return pairs

    @staticmethod
    def follow(lineup: list[int], facing: _Round, opposite: Callable[[int], int]) -> list[tuple[int, int]]:
        """The boards where one team's are given: the other's loners fill its empty boards, in roster order."""
        loners = [row for row in facing.players if opposite(row) < 0]
        pairs = []
        for row in lineup:
            if row >= 0:
                pairs.append((row, opposite(row)))
            else:
                pairs.append((NO_BOARD, loners.pop(0) if loners else NO_BOARD))
        return pairs + [(NO_BOARD, row) for row in loners]

    def lineup_where(self, team: int, column: int) -> Where:
        found = [lineup for lineup in self.source.lineups if lineup.round == column + 1]
        return next((lineup.where for lineup in found if lineup.team == self.source.teams[team].number), (0, 0))

    # The points.

    def detected_kind(self) -> EventKind:
        """Round robin when every two teams meet, the same number of times; else Swiss."""
        count = self.count
        meetings = np.zeros((count, count), dtype=np.int64)
        for team in range(count):
            for cell in self.cells[team]:
                if cell.opponent >= 0:
                    meetings[team, cell.opponent] += 1
        off = meetings[~np.eye(count, dtype=bool)]
        return EventKind.ROUND_ROBIN if count > 1 and off.size and (off == off[0]).all() and off[0] else EventKind.SWISS

    def score(self, kind: EventKind) -> None:
        table, points = self.event.table, self.source.points
        units = table.score.points.tolist()
        played = [CODE[k] for k in KINDS if k.is_played]
        unfinished = CODE[ResultKind.NOT_PLAYED]
        codes = table.kind.tolist()
        boards = self.board_count
        last = 0
        for column in range(self.rounds):
            if any(cell[column].opponent >= 0 or cell[column].players or cell[column].bye for cell in self.cells):
                last = column + 1
        for column in range(self.rounds):
            for team in range(self.count):
                cell = self.cells[team][column]
                cell.boards += [NO_BOARD] * (boards - len(cell.boards))
                # Summed in units, one Fraction a match: a Fraction a board made reading 1,200 players 0.2 s slower.
                scored = sum(units[row][column] for row in cell.boards if row >= 0)
                cell.game_points = Fraction(scored, table.score.unit)
            for team in range(self.count):
                cell = self.cells[team][column]
                if cell.bye is not None:
                    cell.kind = cell.bye
                    stated = cell.bye_points or points.bye(cell.bye, boards)
                    cell.match_points, cell.game_points = stated.match, stated.game
                    continue
                if cell.opponent < 0:
                    if cell.players:
                        cell.kind = ResultKind.FORFEIT_WIN
                        cell.match_points = points.match_points(cell.kind)
                    else:
                        cell.kind = ResultKind.ZERO_BYE if column < last else ResultKind.NOT_PLAYED
                        if cell.kind is ResultKind.ZERO_BYE:
                            cell.game_points = points.bye(cell.kind, boards).game
                            cell.match_points = points.bye(cell.kind, boards).match
                    continue
                self.match_kind(team, column, cell, played, unfinished, codes)
            self.colour(column)
        if self.source.infer_pab and kind is EventKind.SWISS and self.count % 2:
            self.infer_byes(last, boards)

    def match_kind(
        self,
        team: int,
        column: int,
        cell: _Round,
        played: list[int],
        unfinished: int,
        codes: list[list[int]],
    ) -> None:
        """A match's kind and MP, from the 330 record or the two teams' GP; the second team's mirrors the first's."""
        facing = self.cells[cell.opponent][column]
        other_done = cell.opponent < team
        points = self.source.points
        board_kinds = [codes[row][column] for row in cell.boards + facing.boards if row >= 0]
        if cell.forfeit is not None:
            if not board_kinds:  # no board recorded: a forfeit on every board
                per_board = {
                    ResultKind.FORFEIT_WIN: points.games.points(ResultKind.FORFEIT_WIN),
                    ResultKind.FORFEIT_LOSS: points.games.points(ResultKind.FORFEIT_LOSS),
                }
                cell.game_points = self.board_count * per_board[cell.forfeit]
            elif other_done:
                self.check_forfeit(team, column, cell, facing)
            cell.kind = cell.forfeit
        elif cell.pending or unfinished in board_kinds:
            cell.kind = ResultKind.NOT_PLAYED
        elif other_done:
            double = facing.kind is ResultKind.FORFEIT_LOSS and facing.game_points == cell.game_points
            cell.kind = ResultKind.FORFEIT_LOSS if double else facing.kind.complement
        else:
            mine, theirs = cell.game_points, facing.game_points
            if any(code in played for code in board_kinds):
                cell.kind = ResultKind.WIN if mine > theirs else ResultKind.LOSS if mine < theirs else ResultKind.DRAW
            else:
                cell.kind = ResultKind.FORFEIT_WIN if mine > theirs else ResultKind.FORFEIT_LOSS
        cell.match_points = points.match_points(cell.kind)

    def check_forfeit(self, team: int, column: int, cell: _Round, facing: _Round) -> None:
        """Raises when the boards of a forfeited match give the loser more GP than the winner."""
        for loser, winner, lost in ((cell, facing, cell.forfeit), (facing, cell, facing.forfeit)):
            beaten = lost is ResultKind.FORFEIT_LOSS and winner.forfeit is ResultKind.FORFEIT_WIN
            if beaten and loser.game_points > winner.game_points:
                won = team if winner is cell else cell.opponent
                template = N_(
                    "record {record} says {team} won by forfeit, but the boards give it {points} against {points2}"
                )
                problem = Message.of(
                    template,
                    record="330",
                    team=self.name(won),
                    points=Number(_points(winner.game_points)),
                    points2=Number(_points(loser.game_points)),
                )
                raise self.error(self.in_round(column + 1, problem), cell.forfeit_where)

    def colour(self, column: int) -> None:
        """Each match's first-board colours: from the first board whose colour a game gives, else the 330 record."""
        sequence = (self.source.sequence or "WB").upper()
        colours = self.event.table.colour[:, column].tolist()
        for team in range(self.count):
            cell = self.cells[team][column]
            if cell.opponent < team:
                continue
            facing = self.cells[cell.opponent][column]
            found = UNKNOWN
            for board, row in enumerate(cell.boards):
                if row >= 0 and colours[row] != UNKNOWN:
                    same = sequence[board % len(sequence)] == sequence[0]
                    found = colours[row] if same else {WHITE: BLACK, BLACK: WHITE}[colours[row]]
                    break
            if cell.white is not None:
                stated = WHITE if (sequence[0] == "W") == cell.white else BLACK
                if found not in (UNKNOWN, stated):
                    template = (
                        N_(
                            "record {record} makes {team} the white team, but its first board has {colour} "
                            "(expected the 330 record's colours)"
                        )
                        if cell.white
                        else N_(
                            "record {record} makes {team} the black team, but its first board has {colour} "
                            "(expected the 330 record's colours)"
                        )
                    )
                    colour = Message(N_("White") if found == WHITE else N_("Black"))
                    problem = Message.of(template, record="330", team=self.name(team), colour=colour)
                    raise self.error(self.in_round(column + 1, problem), cell.forfeit_where)
                found = stated
            cell.colour, facing.colour = found, {WHITE: BLACK, BLACK: WHITE}.get(found, UNKNOWN)

    def infer_byes(self, last: int, boards: int) -> None:
        """TRF-16 has no record of a team's PAB: a Swiss round's only team without a match had it, unless it
        misses the next round too (a withdrawal)."""
        found: list[Message] = []
        pab = self.source.points.bye(ResultKind.PAIRING_BYE, boards)
        for column in range(last):
            idle = [team for team in range(self.count) if self.cells[team][column].kind is ResultKind.ZERO_BYE]
            if len(idle) != 1:
                continue
            team = idle[0]
            if column + 1 < last and self.cells[team][column + 1].kind is ResultKind.ZERO_BYE:
                continue
            cell = self.cells[team][column]
            cell.kind, cell.match_points, cell.game_points = ResultKind.PAIRING_BYE, pab.match, pab.game
            found.append(self.in_round(column + 1, self.name(team)))
        if not found:
            return
        teams = Message.joined(found[:_SHOWN])
        if len(found) > _SHOWN:
            more = Message.ngettext("and {count} more round", "and {count} more rounds", len(found) - _SHOWN)
            teams = Message.joined([teams, more], " ")
        template = N_(
            "a team without a match in a round the others play is read as the pairing-allocated bye, {points} MP "
            "and {points2} GP (a drawn match, C.04.6; TRF-16 has no record for it): {teams}"
        )
        message = Message.of(
            template,
            points=Number(_points(pab.match)),
            points2=Number(_points(pab.game)),
            teams=teams,
        )
        self.say(InputWarning(message, self.source.path, self.source.record[1]))

    def award(self, awards: Sequence[Award]) -> None:
        """Applies abnormal points (299): the later record wins; a bye type may name a round without a match."""
        for award in awards:
            for number, where in award.teams:
                team = self.team_row(number, where, "299")
                if not award.kinds:
                    self.adjust(team, award)
                    continue
                columns = (
                    range(self.rounds) if not award.round else [self.round_column(award.round, award.where, "299")]
                )
                for column in columns:
                    cell = self.cells[team][column]
                    if cell.kind not in award.kinds:
                        absent = cell.kind in (ResultKind.ZERO_BYE, ResultKind.NOT_PLAYED) and cell.opponent < 0
                        if not award.round:
                            continue
                        if not (absent and award.kinds <= set(_BYE_NAMES)):
                            template = N_(
                                "record {record} gives {team} points for {type}, but its round is {kind} (expected "
                                "a result of type {type})"
                            )
                            problem = Message.of(
                                template,
                                record="299",
                                team=self.name(team),
                                type=repr(award.type),
                                kind=Message(_KIND_NAMES.get(cell.kind, N_("not played"))),
                            )
                            raise self.error(self.in_round(award.round, problem), where)
                        (cell.kind,) = award.kinds
                    if award.match_points is not None:
                        cell.match_points = award.match_points
                    cell.game_points, cell.awarded = award.game_points, True

    def adjust(self, team: int, award: Award) -> None:
        """Adds a bonus or penalty (299 of a blank type) to a team's MP and GP."""
        match, game = self.adjustments.get(team, (Fraction(0), Fraction(0)))
        self.adjustments[team] = (match + (award.match_points or 0), game + award.game_points)

    def matches(self) -> Matches:
        count, rounds, boards = self.count, self.rounds, self.board_count
        cells = [cell for team in self.cells for cell in team]
        adjustments = self.adjustments
        match_adjustments = [adjustments.get(team, (Fraction(0), Fraction(0)))[0] for team in range(count)]
        game_adjustments = [adjustments.get(team, (Fraction(0), Fraction(0)))[1] for team in range(count)]
        match_values = [cell.match_points for cell in cells]
        game_values = [cell.game_points for cell in cells]
        match_unit = point_unit([*match_values, *match_adjustments])
        game_unit = point_unit([*game_values, *game_adjustments])

        def units(values: list[Fraction], unit: int, shape: tuple[int, ...]) -> np.ndarray:
            # The unit is a multiple of every denominator: an integer product, no Fraction made.
            return integers([value.numerator * (unit // value.denominator) for value in values]).reshape(shape)

        return Matches(
            opponent=np.array([cell.opponent for cell in cells], dtype=np.int64).reshape(count, rounds),
            kind=np.array([CODE[cell.kind] for cell in cells], dtype=np.int8).reshape(count, rounds),
            colour=np.array([cell.colour for cell in cells], dtype=np.int8).reshape(count, rounds),
            boards=np.array([cell.boards for cell in cells], dtype=np.int64).reshape(count, rounds, boards),
            match_points=units(match_values, match_unit, (count, rounds)),
            game_points=units(game_values, game_unit, (count, rounds)),
            awarded=np.array([cell.awarded for cell in cells], dtype=bool).reshape(count, rounds),
            match_adjustment=units(match_adjustments, match_unit, (count,)),
            game_adjustment=units(game_adjustments, game_unit, (count,)),
            match_unit=match_unit,
            game_unit=game_unit,
        )

    # Helpers.

    def round_column(self, round_no: int, where: Where, code: str) -> int:
        if not 1 <= round_no <= self.rounds:
            problem = Message.ngettext(
                "record {record} names round {round}, but the event has {count} rounds (expected 1 to {last})",
                "record {record} names round {round}, but the event has {count} rounds (expected 1 to {last})",
                self.rounds,
                record=code,
                round=round_no,
                last=self.rounds,
            )
            raise self.error(problem, where)
        return round_no - 1

    def team_row(self, number: int, where: Where, code: str) -> int:
        if not 1 <= number <= self.count:
            problem = Message.ngettext(
                "record {record} names team {number}, but there are {count} teams (expected 1 to {last})",
                "record {record} names team {number}, but there are {count} teams (expected 1 to {last})",
                self.count,
                record=code,
                number=number,
                last=self.count,
            )
            raise self.error(problem, where)
        return number - 1

    def second_record(self, code: str, team: int, round_no: int) -> Message:
        """A second record of a kind there is one of per match (330, 300) for a team in a round."""
        template = N_("a second record {record} for {team} (expected one per match)")
        return self.in_round(round_no, Message.of(template, record=code, team=self.name(team)))

    def shown_witness(self, cell: _Round) -> Message:
        assert cell.witness is not None
        row, other = cell.witness
        return Message.of(N_("player {number} plays player {number2}"), number=row + 1, number2=other + 1)


_BYE_NAMES = {
    ResultKind.PAIRING_BYE: N_("the pairing-allocated bye"),
    ResultKind.FULL_BYE: N_("a full-point bye"),
    ResultKind.HALF_BYE: N_("a half-point bye"),
    ResultKind.ZERO_BYE: N_("a zero-point bye"),
}
_KIND_NAMES = {
    ResultKind.WIN: N_("a win"),
    ResultKind.DRAW: N_("a draw"),
    ResultKind.LOSS: N_("a loss"),
    ResultKind.FORFEIT_WIN: N_("a forfeit win"),
    ResultKind.FORFEIT_LOSS: N_("a forfeit loss"),
    **_BYE_NAMES,
}


def _player(row: int) -> str:
    return "0000" if row < 0 else str(row + 1)


def _points(value: Fraction) -> str:
    return exact_text(value)
