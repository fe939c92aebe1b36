"""Team competitions: the teams, their matches as integer arrays, and the team point systems.

A team event is an individual :class:`~sonneborn.event.Event` (the players and
their games, as any reader gives them) with the teams over it: each
:class:`Team` lists its members in board order, and :class:`Matches` holds,
a row per team and a column per round, whom the team met, how the match went
and who sat on each board. Match points (MP) and game points (GP) are whole
numbers of a unit each, as :class:`~sonneborn.event.Table` keeps points, so
that no sum is a float (C.07 11.1). :mod:`sonneborn.matches` builds them from
the games and from the records that say more (byes, forfeited matches, board
orders, abnormal points).

>>> points = TeamPoints()
>>> points.match_points(ResultKind.WIN), points.match_points(ResultKind.DRAW), points.bye(ResultKind.PAIRING_BYE, 4)
(Fraction(2, 1), Fraction(1, 1), ByePoints(match=Fraction(1, 1), game=Fraction(2, 1)))
>>> str(TeamPoints.parse("3,1,0")), TeamPoints.parse("3,1,0").match_points(ResultKind.FORFEIT_WIN)
('3-1-0', Fraction(3, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import Any, Literal

import numpy as np

from sonneborn.errors import InputError, TiebreakError
from sonneborn.event import CODE, KINDS, Bools, Codes, Event, Ints, Roster, Score, Table, integers, point_unit
from sonneborn.messages import N_, Message
from sonneborn.model import EventKind, PointSystem, ResultKind, RoundNo, StartNo

__all__ = [
    "NO_BOARD",
    "SCORES",
    "Award",
    "BoardResult",
    "ByePoints",
    "Forfeit",
    "Lineup",
    "Listed",
    "Matches",
    "Team",
    "TeamBye",
    "TeamEvent",
    "TeamNo",
    "TeamPoints",
    "TeamSource",
    "Where",
    "team_event",
    "team_standings_unsupported",
    "teams_of",
    "unsupported_message",
]

TeamNo = int
"""A team's pairing number, 1-based (TRF-26 310; the order of the TRF-16 013 records)."""

Where = tuple[int, int]
"""A line and a column of the source, 1-based; 0 where the source has none (JSON)."""

NO_BOARD = -1
"""What :attr:`Matches.boards` holds for an empty board (or a board a match does not have)."""


def unsupported_message(code: str) -> str:
    """What sonneborn says of a team competition it cannot rank yet, at its first team record ``code``.

    The one sentence for both the individual reader that meets a team record
    (:func:`~sonneborn.formats.trf.read_trf_event`) and the commands given a team reading.

    >>> unsupported_message("013")
    "team competitions are not supported yet (record 013 is a team's); sonneborn ranks individual events"
    """
    return f"team competitions are not supported yet (record {code} is a team's); sonneborn ranks individual events"


def team_standings_unsupported(teams: TeamEvent, *, path: str) -> InputError:
    """The error a command gives for a team reading until team standings exist, at its first team record."""
    code, line = teams.record
    return InputError(unsupported_message(code), path=path, line=line, column=1 if line else 0)


@dataclass(frozen=True, slots=True)
class ByePoints:
    """The match points and game points a team gets for a round without a match."""

    match: Fraction
    game: Fraction


_BYES = (ResultKind.PAIRING_BYE, ResultKind.FULL_BYE, ResultKind.HALF_BYE, ResultKind.ZERO_BYE)


@dataclass(frozen=True, slots=True)
class TeamPoints:
    """The point systems of a team event: match points per match result and per bye, and the game points.

    MP are 2/1/0 by default (TRF-26 362, C.07 11.1); a forfeited match gives
    the winner a win's MP and the loser a loss's. A bye gives MP and GP
    together: a pairing-allocated bye (320) a drawn match's by default
    (C.04.6: the MP of a draw, a draw on every board), a full-point bye a
    won match's (a win on every board), a half-point bye a drawn match's, a
    zero-point bye nothing. The game points of each board follow ``games``,
    the individual point system (record 162, "valid also for game points in
    team competitions").
    """

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction | None = None
    """MP of a match won by forfeit; defaults to a win's."""
    forfeit_loss: Fraction | None = None
    """MP of a match lost by forfeit (and of a double forfeit); defaults to a loss's."""
    pairing_bye: ByePoints | None = None
    full_bye: ByePoints | None = None
    half_bye: ByePoints | None = None
    zero_bye: ByePoints | None = None
    games: PointSystem = field(default_factory=PointSystem)
    """The game points of one board (record 162)."""

    @classmethod
    def parse(cls, text: str) -> TeamPoints:
        """Reads match points ``WIN,DRAW,LOSS`` such as ``3,1,0`` (the game points stay 1-½-0).

        >>> TeamPoints.parse("2,1,0") == TeamPoints()
        True
        """
        system = PointSystem.parse(text)
        return cls(win=system.win, draw=system.draw, loss=system.loss)

    def match_points(self, kind: ResultKind) -> Fraction:
        """The MP of a match result (or of a bye, on a board count of none: use :meth:`bye` for those)."""
        match kind:
            case ResultKind.WIN | ResultKind.UNRATED_WIN:
                return self.win
            case ResultKind.DRAW | ResultKind.UNRATED_DRAW:
                return self.draw
            case ResultKind.LOSS | ResultKind.UNRATED_LOSS:
                return self.loss
            case ResultKind.FORFEIT_WIN:
                return self.win if self.forfeit_win is None else self.forfeit_win
            case ResultKind.FORFEIT_LOSS:
                return self.loss if self.forfeit_loss is None else self.forfeit_loss
            case ResultKind.NOT_PLAYED:
                return Fraction(0)
        return self.bye(kind, 0).match

    def bye(self, kind: ResultKind, boards: int) -> ByePoints:
        """The MP and GP of a bye of ``kind`` in an event of ``boards`` boards."""
        games = self.games
        match kind:
            case ResultKind.PAIRING_BYE:
                stated, default = self.pairing_bye, ByePoints(self.draw, boards * games.draw)
            case ResultKind.FULL_BYE:
                stated, default = self.full_bye, ByePoints(self.win, boards * games.points(ResultKind.FULL_BYE))
            case ResultKind.HALF_BYE:
                stated, default = self.half_bye, ByePoints(self.draw, boards * games.points(ResultKind.HALF_BYE))
            case ResultKind.ZERO_BYE:
                stated, default = self.zero_bye, ByePoints(self.loss, boards * games.points(ResultKind.ZERO_BYE))
            case _:
                raise ValueError(f"{kind.name.lower()} is no bye")
        return default if stated is None else stated

    def __str__(self) -> str:
        return "-".join(format(value, "") for value in (self.win, self.draw, self.loss))


@dataclass(frozen=True, slots=True)
class Team:
    """A team: its pairing number, its names and its members in board order (TRF-26 310, TRF-16 013)."""

    number: TeamNo
    name: str
    members: tuple[int, ...]
    """The members' player rows (start number − 1) in board order, reserves last."""
    nickname: str = ""
    """A short name (310 columns 42–46), ``""`` when none."""
    recorded_match_points: Fraction | None = None
    """The MP the file records (310), for ``check``."""
    recorded_game_points: Fraction | None = None
    recorded_rank: int | None = None


@dataclass(frozen=True, eq=False)
class Matches:
    """The matches of a team event as integer arrays: a row per team (number − 1), a column per round.

    A round's :attr:`kind` uses the individual result kinds
    (:data:`~sonneborn.event.KINDS`), so that the rules on unplayed rounds serve
    teams unchanged: a match played over the board is a win, a draw or a loss
    (its MP decided by comparing the two teams' GP); a forfeited match is a
    forfeit win or loss (a double forfeit is a forfeit loss on both sides); a
    round without a match is a bye (pairing-allocated, full, half, zero), a
    zero-point bye when the team was not paired in a round others played
    (an absence, the free round of a round robin), or not played yet.
    """

    opponent: Ints
    """The opponent team's row, −1 for none."""
    kind: Codes
    """The match's kind code (:data:`~sonneborn.event.KINDS`)."""
    colour: Codes
    """The team's colour on the first board, as a :class:`~sonneborn.event.Table` codes colours (0 unknown)."""
    boards: Ints
    """Teams × rounds × boards: the player row on each board, :data:`NO_BOARD` for an empty board."""
    match_points: Ints
    """Each round's MP, in :attr:`match_unit`."""
    game_points: Ints
    """Each round's GP, in :attr:`game_unit`: the sum of the team's boards, or a bye's, or the arbiter's."""
    awarded: Bools
    """Where the arbiter set the MP or GP (TRF-26 299)."""
    match_adjustment: Ints
    """Bonus or penalty MP outside any round, by team, in :attr:`match_unit`."""
    game_adjustment: Ints
    match_unit: int
    """Units per match point."""
    game_unit: int
    """Units per game point."""

    @property
    def teams(self) -> int:
        return int(self.opponent.shape[0])

    @property
    def rounds(self) -> int:
        return int(self.opponent.shape[1])

    @property
    def board_count(self) -> int:
        """The boards of a match (the most any match of the event has)."""
        return int(self.boards.shape[2])

    @cached_property
    def match_scores(self) -> Ints:
        """Each team's MP, in :attr:`match_unit`."""
        scores: Ints = self.match_points.sum(axis=1) + self.match_adjustment
        return scores

    @cached_property
    def game_scores(self) -> Ints:
        """Each team's GP, in :attr:`game_unit`."""
        scores: Ints = self.game_points.sum(axis=1) + self.game_adjustment
        return scores

    def match_kind(self, team: int, round_no: RoundNo) -> ResultKind:
        """The kind of one team's match of one round, by row and round number."""
        return KINDS[int(self.kind[team, round_no - 1])]

    def lineup(self, team: int, round_no: RoundNo) -> list[int]:
        """The player rows on a team's boards in one round, :data:`NO_BOARD` for an empty board."""
        row: list[int] = self.boards[team, round_no - 1].tolist()
        return row

    def match_score(self, team: int, round_no: RoundNo) -> tuple[Fraction, Fraction]:
        """A team's MP and GP of one round."""
        column = round_no - 1
        return (
            Fraction(int(self.match_points[team, column]), self.match_unit),
            Fraction(int(self.game_points[team, column]), self.game_unit),
        )

    def totals(self, team: int) -> tuple[Fraction, Fraction]:
        """A team's MP and GP."""
        return (
            Fraction(int(self.match_scores[team]), self.match_unit),
            Fraction(int(self.game_scores[team]), self.game_unit),
        )


@dataclass(frozen=True, slots=True)
class BoardResult:
    """What one player scored on one board number over the event, for board prizes.

    C.07 has no board-prize rule; this is the usual convention: the points of the
    games a player had on that board over the games he had there, a forfeit
    counted as its result (won 1, lost 0) and a round without a game not at all.
    """

    board: int
    """The board number, 1-based."""
    player: int
    """The player's row (start number − 1)."""
    team: int
    """The team's row in that round (team number − 1)."""
    points: Fraction
    games: int

    @property
    def share(self) -> Fraction:
        """The points over the games, exact: 3/4 for 1½ of 2."""
        return Fraction(self.points) / self.games


@dataclass(frozen=True, eq=False)
class TeamEvent:
    """A team competition: its individual event, its teams, their matches and the team point systems.

    >>> from sonneborn.formats.trf import read_trf_teams
    >>> text = "\\n".join([
    ...     "013 Alpha                            1    2",
    ...     "013 Beta                             3    4",
    ...     f"{'001    1      Adams, Ann':<91}   3 w 1",
    ...     f"{'001    2      Brown, Bob':<91}   4 b =",
    ...     f"{'001    3      Clark, Cid':<91}   1 b 0",
    ...     f"{'001    4      Dunne, Dan':<91}   2 w =",
    ... ])
    >>> teams = read_trf_teams(text)
    >>> [team.name for team in teams.teams], teams.matches.lineup(1, 1), teams.matches.match_kind(0, 1).name
    (['Alpha', 'Beta'], [2, 3], 'WIN')
    >>> teams.matches.match_score(0, 1), teams.matches.match_score(1, 1)
    ((Fraction(2, 1), Fraction(3, 2)), (Fraction(0, 1), Fraction(1, 2)))
    """

    event: Event
    """The players and their games, as for an individual event."""
    teams: tuple[Team, ...]
    """The teams in pairing-number order."""
    matches: Matches
    points: TeamPoints
    kind: EventKind
    """Round robin or Swiss, for the teams: as the source states it, else detected from the team pairings."""
    record: tuple[str, int]
    """The code and line of the source's first team record (``("013", 150)``); line 0 when none."""
    sequence: str = ""
    """The colours of the first team's boards as the source states them (TRF-26 352, ``WBWB``); ``""``: none
    stated (alternating from White), kept so that a writer states them again."""
    source: TeamSource | None = field(default=None, repr=False)
    """What the source said of the teams, from which the matches were built: kept so that they can be built
    again under other match or game points (:func:`sonneborn.matches.rescored`)."""

    @cached_property
    def team_of(self) -> Ints:
        """Each player's team row, −1 for a player of no team."""
        found = np.full(self.event.players, -1, dtype=np.int64)
        for row, team in enumerate(self.teams):
            found[list(team.members)] = row
        return found

    def team(self, number: TeamNo) -> Team:
        """The team of a pairing number."""
        return self.teams[number - 1]

    def board_results(self) -> list[BoardResult]:
        """Each player's results board by board (:class:`BoardResult`), board 1 first, then by start number;
        :func:`sonneborn.boardprizes.board_prizes` ranks them."""
        table, matches = self.event.table, self.matches
        counted = np.array([kind.is_played or kind.is_forfeit for kind in KINDS])
        found: dict[tuple[int, int], tuple[int, int, int]] = {}
        for team, column, board in zip(*np.nonzero(matches.boards != NO_BOARD), strict=True):
            player = int(matches.boards[team, column, board])
            if not counted[int(table.kind[player, column])]:
                continue
            _, points, games = found.get((int(board), player), (int(team), 0, 0))
            found[int(board), player] = (int(team), points + int(table.score.points[player, column]), games + 1)
        unit = table.score.unit
        results = [
            BoardResult(board + 1, player, team, Fraction(points, unit), games)
            for (board, player), (team, points, games) in found.items()
        ]
        return sorted(results, key=lambda r: (r.board, r.player))

    def ranked(self, primary: str = "MP") -> Event:
        """The event whose rows are the teams (:func:`team_event`)."""
        return team_event(self, primary=primary)


SCORES = ("MP", "GP")
"""A team event's scores: match points and game points (C.07 11.1)."""


def team_event(teams: TeamEvent, *, primary: str = "MP") -> Event:
    """The event whose rows are the teams, ranked by ``primary`` (``MP`` or ``GP``), with both scores.

    A row is a team (start = team number, name = the team's): its opponent, result kind and first-board
    colour per round are the match's (:class:`Matches`), and :attr:`~sonneborn.event.Table.scores` holds
    ``MP`` and ``GP``, each a :class:`~sonneborn.event.Score` in its own unit with a match's win, draw and
    loss: a drawn match of four boards is worth 1 MP and 2 GP, the draw's value C.07 Art. 16 counts an
    unplayed round as. The team data stays reachable as :attr:`Event.teams <sonneborn.event.Event.teams>`.

    >>> from sonneborn.formats.trf import read_trf_teams
    >>> text = "\\n".join([
    ...     "013 Alpha                            1    2",
    ...     "013 Beta                             3    4",
    ...     f"{'001    1      Adams, Ann':<91}   3 w 1",
    ...     f"{'001    2      Brown, Bob':<91}   4 b =",
    ...     f"{'001    3      Clark, Cid':<91}   1 b 0",
    ...     f"{'001    4      Dunne, Dan':<91}   2 w =",
    ... ])
    >>> event = team_event(read_trf_teams(text))
    >>> list(event.roster.names), event.table.score.totals.tolist(), event.table.scores["GP"].totals.tolist()
    (['Alpha', 'Beta'], [2, 0], [3, 1])
    >>> event.table.scores["GP"].draw, event.table.scores["GP"].unit, event.teams is not None
    (2, 2, True)
    """
    if primary not in SCORES:
        raise TiebreakError(Message.of(N_("a team event is ranked by MP or GP, not {found}"), found=repr(primary)))
    matches, points = teams.matches, teams.points
    boards = matches.board_count
    match_values = [points.match_points(kind) if not kind.is_bye else points.bye(kind, boards).match for kind in KINDS]
    game_values = [
        points.bye(kind, boards).game if kind.is_bye else boards * points.games.points(kind) for kind in KINDS
    ]
    game_values[CODE[ResultKind.NOT_PLAYED]] = Fraction(0)
    match_score = _score(
        matches.match_points,
        matches.awarded,
        matches.match_adjustment,
        matches.match_unit,
        match_values,
        (points.win, points.draw, points.loss),
    )
    games = points.games
    game_score = _score(
        matches.game_points,
        # Game points are the boards' sums, not a point system's: every round is set, as the arbiter's are.
        np.ones(matches.game_points.shape, dtype=bool),
        matches.game_adjustment,
        matches.game_unit,
        game_values,
        (boards * games.win, boards * games.draw, boards * games.loss),
    )
    count = matches.teams
    table = Table(
        matches.opponent,
        matches.kind,
        matches.colour,
        np.zeros(count, dtype=np.int64),
        {"MP": match_score, "GP": game_score},
        primary,
    )
    recorded = [team.recorded_match_points if primary == "MP" else team.recorded_game_points for team in teams.teams]
    empty = [""] * count
    roster = Roster(
        names=[team.name for team in teams.teams],
        titles=empty,
        sexes=empty,
        federations=empty,
        fide_ids=[None] * count,
        birth_dates=empty,
        recorded_points=recorded,
        recorded_ranks=[team.recorded_rank for team in teams.teams],
        recorded_tiebreaks=[()] * count,
    )
    info = replace(teams.event.info, kind=teams.kind)
    return Event(table, roster, info, teams)


def _score(
    points: Ints,
    awarded: Bools,
    adjustment: Ints,
    unit: int,
    system: list[Fraction],
    outcomes: tuple[Fraction, Fraction, Fraction],
) -> Score:
    """One team score in a unit that holds its rounds and its point system's values exactly."""
    common = point_unit([Fraction(1, unit), *system, *outcomes])
    factor = common // unit
    win, draw, loss = (int(value * common) for value in outcomes)
    return Score(
        points * factor,
        awarded,
        adjustment * factor,
        common,
        integers([int(value * common) for value in system]),
        win,
        draw,
        loss,
    )


def teams_of(event: Event) -> TeamEvent:
    """The teams of an event whose rows are teams, with their type; a :class:`TiebreakError` for an
    individual event."""
    found = event.teams
    if not isinstance(found, TeamEvent):
        raise TiebreakError(Message(N_("the event is no team event")))
    return found


# What a source says of the teams, with where it says it: what a reader gives the builder.


@dataclass(frozen=True, slots=True)
class Listed:
    """A team as its record lists it."""

    number: TeamNo
    name: str
    members: tuple[tuple[StartNo, Where], ...]
    where: Where
    nickname: str = ""
    recorded_match_points: Fraction | None = None
    recorded_game_points: Fraction | None = None
    recorded_rank: int | None = None


@dataclass(frozen=True, slots=True)
class TeamBye:
    """A team's round without a match that a record states (TRF-26 320 for a PAB, 240 for FPB/HPB/ZPB)."""

    kind: ResultKind
    round: RoundNo
    team: TeamNo
    where: Where
    points: ByePoints | None = None
    """The MP and GP the record gives (320), ``None`` for the point system's."""


@dataclass(frozen=True, slots=True)
class Forfeit:
    """A forfeited match (TRF-26 330): the white and the black team, and who won (``None``: double forfeit)."""

    round: RoundNo
    white: TeamNo
    black: TeamNo
    winner: Literal["white", "black"] | None
    where: Where
    pending: bool = False
    """Whether only the pairing stands, the result set aside: the round after the one a team event is taken after
    for ``whatif`` (:func:`sonneborn.matches.after_round`), a match still to be played."""


@dataclass(frozen=True, slots=True)
class Lineup:
    """A team's boards of one round, when it played out of its default order (TRF-26 300); 0 is an empty board."""

    round: RoundNo
    team: TeamNo
    opponent: TeamNo
    players: tuple[tuple[StartNo, Where], ...]
    where: Where


@dataclass(frozen=True, slots=True)
class Award:
    """Abnormal points (TRF-26 299) for teams: a match's MP and GP set, or (type ``" "``) a bonus or penalty."""

    type: str
    """The type as the source writes it (``W D L F H Z + -``; ``" "`` for a bonus or penalty), for messages."""
    kinds: frozenset[ResultKind]
    """The match kinds the type applies to; none for a bonus or penalty."""
    match_points: Fraction | None
    """``None`` where the record leaves the MP blank: the match keeps its own."""
    game_points: Fraction
    round: RoundNo
    """0 for every round."""
    teams: tuple[tuple[TeamNo, Where], ...]
    where: Where


def _nowhere(row: int, round_no: RoundNo) -> Where:
    """No place known (a source pickled, :meth:`TeamSource.__getstate__`)."""
    return (0, 0)


def _fail_at(message: str | Message, where: Where) -> InputError:
    return InputError(message, line=where[0], column=where[1])


@dataclass(frozen=True)
class TeamSource:
    """Everything a source says of its teams, each fact with its place, for :func:`sonneborn.matches.build`."""

    teams: Sequence[Listed]
    path: str
    """The source's name, as warnings give it."""
    record: tuple[str, int]
    """The code and line of the first team record."""
    player_where: Callable[[int, RoundNo], Where]
    """Where a player's round stands (his line, the round's column), by row and round, for messages."""
    byes: Sequence[TeamBye] = ()
    forfeits: Sequence[Forfeit] = ()
    lineups: Sequence[Lineup] = ()
    awards: Sequence[Award] = ()
    points: TeamPoints = field(default_factory=TeamPoints)
    sequence: str = ""
    """The colours of the first team's boards (TRF-26 352, ``WBWB``); ``""``: alternating from White."""
    kind: EventKind | None = None
    """Round robin or Swiss as the source states it."""
    infer_pab: bool = False
    """Whether a round's only unpaired team in a Swiss of an odd number of teams had the PAB: for TRF-16,
    which has no record for it."""
    fail: Callable[[str | Message, Where], InputError] = _fail_at
    """The error of a fact that cannot stand, at its place."""

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (to a process or a Dask worker, which only ranks) without the reader's callables, which plain
        :mod:`pickle` cannot send: the places of its facts become unknown (``(0, 0)``, as JSON's), its errors
        plain."""
        state = dict(self.__dict__)
        state["player_where"], state["fail"] = _nowhere, _fail_at
        return state
