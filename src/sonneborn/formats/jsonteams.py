"""A team competition in sonneborn's JSON: the ``"teams"`` object of the ``"tournament"``, read and written.

The players and their games are the individual event's (:mod:`sonneborn.formats.jsonio`); ``"teams"``
adds what a TRF-26 file's team records say: the teams with their members in board order, and for each
team and round whom it met, the match's result, the boards (start numbers, 0 for an empty board), the
MP and GP of a bye or set by the arbiter. The reader builds the matches as the TRF reader does
(:func:`sonneborn.matches.build`), then checks that each round's stated opponent, colour and result are
the ones the games give. The schema is in ``docs/json.md``.

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
>>> data = teams_data(teams)
>>> data["teams"][0]["rounds"]
[{'round': 1, 'opponent': 2, 'colour': 'w', 'result': '1', 'boards': [1, 2]}]
>>> again = read_json_reading(write_json_teams(teams))
>>> again.matches.match_score(0, 1), [team.name for team in again.teams]
((Fraction(2, 1), Fraction(3, 2)), ['Alpha', 'Beta'])
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, Literal

from sonneborn.errors import InputError, Warn, log_warning, shown
from sonneborn.event import BLACK, KINDS, UNKNOWN, WHITE, Event
from sonneborn.formats.jsonio import _found, _locate, _Reader, _Where, json_number, tournament_data
from sonneborn.formats.trf.layout import ABNORMAL_KINDS, ABNORMAL_TYPE
from sonneborn.matches import build
from sonneborn.messages import N_, Message
from sonneborn.model import EventKind, ResultKind, Tournament
from sonneborn.teams import (
    NO_BOARD,
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

__all__ = ["read_json_reading", "teams_data", "write_json_teams"]

_TEAMS_KEYS = ("kind", "board_colours", "match_points", "teams")
_TEAM_KEYS = (
    "number",
    "name",
    "nickname",
    "members",
    "recorded_match_points",
    "recorded_game_points",
    "recorded_rank",
    "adjustment",
    "rounds",
)
_ROUND_KEYS = ("round", "opponent", "colour", "result", "boards", "match_points", "game_points", "awarded")
_POINTS_KEYS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "pairing_bye", "full_bye", "half_bye", "zero_bye")
_BYE_KEYS = ("match_points", "game_points")
_BYES = frozenset({ResultKind.PAIRING_BYE, ResultKind.FULL_BYE, ResultKind.HALF_BYE, ResultKind.ZERO_BYE})
_UNRATED = frozenset({ResultKind.UNRATED_WIN, ResultKind.UNRATED_DRAW, ResultKind.UNRATED_LOSS})
# In the order of ResultKind, so that a message lists them the same way every run (a frozenset's order is not).
_RESULTS: dict[str | None, ResultKind] = {kind.value: kind for kind in ResultKind if kind not in _UNRATED}
_KINDS: dict[str | None, EventKind | None] = {kind.value: kind for kind in EventKind}
_KINDS[None] = None
_COLOURS: dict[str | None, int] = {"w": WHITE, "b": BLACK, None: UNKNOWN}
_COLOUR_NAMES = {WHITE: "w", BLACK: "b", UNKNOWN: None}


def teams_data(teams: TeamEvent) -> dict[str, Any]:
    """The ``"teams"`` object of a team competition, as plain data."""
    points = teams.points

    def bye(stated: ByePoints | None) -> dict[str, Any] | None:
        if stated is None:
            return None
        return {"match_points": json_number(stated.match), "game_points": json_number(stated.game)}

    return {
        "kind": teams.kind.value,
        "board_colours": teams.sequence,
        "match_points": {
            "win": json_number(points.win),
            "draw": json_number(points.draw),
            "loss": json_number(points.loss),
            "forfeit_win": None if points.forfeit_win is None else json_number(points.forfeit_win),
            "forfeit_loss": None if points.forfeit_loss is None else json_number(points.forfeit_loss),
            "pairing_bye": bye(points.pairing_bye),
            "full_bye": bye(points.full_bye),
            "half_bye": bye(points.half_bye),
            "zero_bye": bye(points.zero_bye),
        },
        "teams": [_team_data(teams, row) for row in range(len(teams.teams))],
    }


def _team_data(teams: TeamEvent, row: int) -> dict[str, Any]:
    team, matches = teams.teams[row], teams.matches
    data: dict[str, Any] = {"number": team.number, "name": team.name}
    if team.nickname:
        data["nickname"] = team.nickname
    data["members"] = [member + 1 for member in team.members]
    for key in ("recorded_match_points", "recorded_game_points"):
        value = getattr(team, key)
        if value is not None:
            data[key] = json_number(value)
    if team.recorded_rank is not None:
        data["recorded_rank"] = team.recorded_rank
    match = Fraction(int(matches.match_adjustment[row]), matches.match_unit)
    game = Fraction(int(matches.game_adjustment[row]), matches.game_unit)
    if match or game:
        data["adjustment"] = {"match_points": json_number(match), "game_points": json_number(game)}
    data["rounds"] = [_round_data(teams, row, round_no) for round_no in range(1, matches.rounds + 1)]
    return data


def _round_data(teams: TeamEvent, row: int, round_no: int) -> dict[str, Any]:
    matches = teams.matches
    column = round_no - 1
    other, kind = int(matches.opponent[row, column]), matches.match_kind(row, round_no)
    data: dict[str, Any] = {
        "round": round_no,
        "opponent": None if other < 0 else other + 1,
        "colour": _COLOUR_NAMES[int(matches.colour[row, column])],
        "result": kind.value,
    }
    if other >= 0:
        data["boards"] = [player + 1 if player != NO_BOARD else 0 for player in matches.lineup(row, round_no)]
    awarded = bool(matches.awarded[row, column])
    if awarded or kind in _BYES:
        match, game = matches.match_score(row, round_no)
        data["match_points"], data["game_points"] = json_number(match), json_number(game)
    if awarded:
        data["awarded"] = True
    return data


def write_json_teams(teams: TeamEvent, standings_data: dict[str, Any] | None = None) -> str:
    """The JSON document of a team competition: the standings (when given), then the ``"tournament"`` object
    with its ``"teams"``; read back by :func:`read_json_reading` into the same teams and matches."""
    tournament = {**tournament_data(teams.event.tournament), "teams": teams_data(teams)}
    document = {**(standings_data or {}), "tournament": tournament}
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def read_json_reading(text: str, *, path: str = "<input>", warn: Warn = log_warning) -> Tournament | TeamEvent:
    """Reads a JSON document: an individual event into its tournament, exactly as
    :func:`~sonneborn.formats.jsonio.read_json` reads it, a team competition (a ``"teams"`` object) into a
    :class:`~sonneborn.teams.TeamEvent`.

    Raises :exc:`~sonneborn.errors.InputError` with the JSON path, line and column of the first problem.
    """
    return _TeamReader(text, path, warn).read_any()


class _TeamReader(_Reader):
    def read_any(self) -> Tournament | TeamEvent:
        document = self.document()
        data = document["tournament"]
        teams = data.get("teams") if isinstance(data, dict) else None
        if teams is None:
            return self.read()
        tournament = self.tournament(data, ("tournament",))
        return self.teams(Event.of(tournament), teams, ("tournament", "teams"))

    def at(self, where: _Where) -> Where:
        return _locate(self.text, where)

    def fail(self, message: str | Message, where: Where) -> InputError:
        return InputError(message, path=self.path, line=where[0], column=where[1])

    def teams(self, event: Event, value: Any, where: _Where) -> TeamEvent:
        owner = N_("missing key {key} (expected in the teams object)")
        data = self.fields(value, where, _TEAMS_KEYS, required=("teams",), owner=owner)
        sequence = self.string(data, where, "board_colours").upper()
        if set(sequence) - {"W", "B"}:
            message = Message.of(N_("expected the board colours W and B (WBWB), found {found}"), found=shown(sequence))
            raise self.error((*where, "board_colours"), message)
        points = self.match_points(data.get("match_points"), (*where, "match_points"), event)
        listed, byes, lineups, awards = [], [], [], []
        stated: list[tuple[_Where, int, int, int | None, ResultKind]] = []
        facts: dict[tuple[int, int], _Round] = {}
        for index, item in enumerate(self.array(data, where, "teams")):
            at = (*where, "teams", index)
            owner = N_("missing key {key} (expected in every team)")
            team = self.fields(item, at, _TEAM_KEYS, required=("name",), owner=owner)
            number = self.integer(team, at, "number")
            if number is not None and number != index + 1:
                template = N_("expected team {number} (teams in number order), found {found}")
                raise self.error((*at, "number"), Message.of(template, number=index + 1, found=number))
            members = []
            for board, start in enumerate(self.array(team, at, "members")):
                spot = (*at, "members", board)
                if isinstance(start, bool) or not isinstance(start, int):
                    raise self.error(
                        spot, Message.of(N_("expected a start number, found {found}"), found=_found(start))
                    )
                members.append((start, self.at(spot)))
            rank = self.integer(team, at, "recorded_rank", least=0)
            listed.append(
                Listed(
                    number=index + 1,
                    name=self.string(team, at, "name"),
                    members=tuple(members),
                    where=self.at(at),
                    nickname=self.string(team, at, "nickname"),
                    recorded_match_points=self.optional_number(team, at, "recorded_match_points"),
                    recorded_game_points=self.optional_number(team, at, "recorded_game_points"),
                    recorded_rank=rank,
                )
            )
            if team.get("adjustment") is not None:
                match, game = self.pair_object(team["adjustment"], (*at, "adjustment"))
                awards.append(Award(" ", frozenset(), match, game, 0, ((index + 1, self.at(at)),), self.at(at)))
            rounds = self.array(team, at, "rounds")
            if len(rounds) != event.rounds:
                message = Message.ngettext(
                    "expected {number} rounds, found {found}",
                    "expected {number} rounds, found {found}",
                    event.rounds,
                    number=event.rounds,
                    found=len(rounds),
                )
                raise self.error((*at, "rounds"), message)
            for column, entry in enumerate(rounds):
                spot = (*at, "rounds", column)
                fact = self.team_round(entry, spot, index + 1, column + 1)
                fact.where = self.at(spot)
                facts[index + 1, column + 1] = fact
                stated.append((spot, index, column, fact.opponent, fact.kind))
                byes += fact.byes
                lineups += fact.lineups
                awards += fact.awards
        source = TeamSource(
            teams=listed,
            path=self.path,
            record=("teams", self.at(where)[0]),
            player_where=lambda row, round_no: self.at(("tournament", "players", row, "rounds", round_no - 1)),
            byes=byes,
            forfeits=self.forfeits(facts),
            lineups=lineups,
            awards=awards,
            points=points,
            sequence=sequence,
            kind=self.choice(data, where, "kind", _KINDS),
            fail=self.fail,
        )
        built = build(event, source, warn=self.warn)
        self.check(built, stated)
        return built

    def check(self, built: TeamEvent, stated: list[tuple[_Where, int, int, int | None, ResultKind]]) -> None:
        """Raises at the first round whose opponent or result is not the one the games and records give."""
        matches = built.matches
        for spot, row, column, opponent, kind in stated:
            found = int(matches.opponent[row, column])
            if (opponent or 0) != found + 1:
                given = Message(N_("no opponent")) if found < 0 else Message.of(N_("team {number}"), number=found + 1)
                template = N_("the games give team {number} {opponent}, found {found}")
                written = "null" if opponent is None else str(opponent)
                message = Message.of(template, number=row + 1, opponent=given, found=written)
                raise self.error(
                    (*spot, "opponent"), Message.of(N_("round {round}: {message}"), round=column + 1, message=message)
                )
            actual = KINDS[int(matches.kind[row, column])]
            if actual is not kind:
                template = N_("the boards give team {number} the result {result}, found {found}")
                message = Message.of(template, number=row + 1, result=repr(actual.value), found=repr(kind.value))
                raise self.error(
                    (*spot, "result"), Message.of(N_("round {round}: {message}"), round=column + 1, message=message)
                )

    def team_round(self, value: Any, where: _Where, team: int, round_no: int) -> _Round:
        owner = N_("missing key {key} (expected in every team's round)")
        data = self.fields(value, where, _ROUND_KEYS, required=("result",), owner=owner)
        stated = self.integer(data, where, "round")
        if stated is not None and stated != round_no:
            template = N_("expected round {round} (rounds in order), found {found}")
            raise self.error((*where, "round"), Message.of(template, round=round_no, found=stated))
        opponent = self.integer(data, where, "opponent")
        kind = self.choice(data, where, "result", _RESULTS)
        found = _Round(opponent, kind, self.choice(data, where, "colour", _COLOURS))
        place = self.at(where)
        awarded = data.get("awarded")
        if awarded not in (None, True, False):
            message = Message.of(N_("expected true or false, found {found}"), found=_found(awarded))
            raise self.error((*where, "awarded"), message)
        given = data.get("match_points") is not None or data.get("game_points") is not None
        if kind in _BYES and opponent is not None:
            template = N_("a bye ({bye}) has no opponent, found {found}")
            raise self.error((*where, "opponent"), Message.of(template, bye=repr(kind.value), found=opponent))
        if kind in _BYES:
            points = ByePoints(*self.pair(data, where)) if given and not awarded else None
            found.byes.append(TeamBye(kind, round_no, team, place, points))
        if data.get("boards") is not None:
            if opponent is None:
                message = Message(N_("boards need an opponent team (expected null boards)"))
                raise self.error((*where, "boards"), message)
            players = []
            for board, start in enumerate(self.array(data, where, "boards")):
                spot = (*where, "boards", board)
                if isinstance(start, bool) or not isinstance(start, int) or start < 0:
                    template = N_("expected a start number or 0 for an empty board, found {found}")
                    raise self.error(spot, Message.of(template, found=_found(start)))
                players.append((start, self.at(spot)))
            found.lineups.append(Lineup(round_no, team, opponent, tuple(players), place))
            found.boards = True
        if awarded:
            code = ABNORMAL_TYPE.get(kind, "")
            if not code:
                message = Message.of(N_("result {result} cannot be awarded points"), result=repr(kind.value))
                raise self.error((*where, "awarded"), message)
            match, game = self.pair(data, where)
            found.awards.append(Award(code, ABNORMAL_KINDS[code], match, game, round_no, ((team, place),), place))
        elif given and kind not in _BYES:
            message = Message(
                N_(
                    "the MP and GP of a match come from its boards unless the arbiter set them "
                    '(expected "awarded": true)'
                )
            )
            raise self.error((*where, "match_points" if "match_points" in data else "game_points"), message)
        return found

    def pair(self, data: dict[str, Any], where: _Where) -> tuple[Fraction, Fraction]:
        """``match_points`` and ``game_points`` of an object, both required."""
        for key in _BYE_KEYS:
            if data.get(key) is None:
                template = N_("missing key {key} (expected both match_points and game_points)")
                raise self.error(where, Message.of(template, key=repr(key)))
        return self.points(data["match_points"], (*where, "match_points")), self.points(
            data["game_points"], (*where, "game_points")
        )

    def pair_object(self, value: Any, where: _Where) -> tuple[Fraction, Fraction]:
        return self.pair(self.fields(value, where, _BYE_KEYS), where)

    def forfeits(self, rounds: dict[tuple[int, int], _Round]) -> list[Forfeit]:
        """A record 330 of each forfeited match, from its two teams' rounds: the winner's "+", or "-" on both;
        left to the boards when they are given and no colour is (a 330 names a white and a black team)."""
        found = []
        for (team, round_no), mine in sorted(rounds.items()):
            other = mine.opponent
            if not mine.kind.is_forfeit or other is None or other <= team:
                continue
            theirs = rounds.get((other, round_no))
            if theirs is None or not theirs.kind.is_forfeit or theirs.opponent != team:
                continue  # the builder says what is wrong, at the games
            if mine.colour == UNKNOWN and (mine.boards or theirs.boards):
                continue
            white = mine.colour != BLACK
            first, second = (mine, theirs) if white else (theirs, mine)
            winner: Literal["white", "black"] | None = None
            if first.kind is ResultKind.FORFEIT_WIN:
                winner = "white"
            elif second.kind is ResultKind.FORFEIT_WIN:
                winner = "black"
            pair = (team, other) if white else (other, team)
            found.append(Forfeit(round_no, pair[0], pair[1], winner, mine.where))
        return found

    def match_points(self, value: Any, where: _Where, event: Event) -> TeamPoints:
        games = event.info.point_system
        if value is None:
            return TeamPoints(games=games)
        data = self.fields(value, where, _POINTS_KEYS)
        found: dict[str, Any] = {"games": games}
        for key in ("win", "draw", "loss", "forfeit_win", "forfeit_loss"):
            if data.get(key) is not None:
                found[key] = self.points(data[key], (*where, key))
        for key in ("pairing_bye", "full_bye", "half_bye", "zero_bye"):
            if data.get(key) is not None:
                found[key] = ByePoints(*self.pair_object(data[key], (*where, key)))
        return TeamPoints(**found)


class _Round:
    """What one team's round says, as the builder's facts."""

    def __init__(self, opponent: int | None, kind: ResultKind, colour: int) -> None:
        self.opponent = opponent
        self.kind = kind
        self.colour = colour
        self.boards = False
        self.where: Where = (0, 0)
        self.byes: list[TeamBye] = []
        self.lineups: list[Lineup] = []
        self.awards: list[Award] = []
