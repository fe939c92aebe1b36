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

import numpy as np

from sonneborn.errors import WriteError
from sonneborn.event import KINDS, UNKNOWN, WHITE
from sonneborn.formats.dates import trf_date, trf_round_dates
from sonneborn.formats.lines import line_text
from sonneborn.formats.trf.layout import (
    ABNORMAL_MATCH_POINTS,
    ABNORMAL_POINTS,
    ABNORMAL_ROUND,
    ABNORMAL_STARTS,
    ABNORMAL_TYPE,
    BYE_ROUND,
    BYE_STARTS,
    BYE_TYPES,
    CONTENT_COLUMN,
    FORFEIT_BLACK,
    FORFEIT_ROUND,
    FORFEIT_TYPE,
    FORFEIT_WHITE,
    LEADING_NUMBER,
    LOTS_RECORD,
    ORDER_OPPONENT,
    ORDER_PLAYERS,
    ORDER_ROUND,
    ORDER_TEAM,
    PAB_FIRST,
    PAB_GAME_POINTS,
    PAB_MATCH_POINTS,
    PAB_WIDTH,
    POINT_CODES,
    RECORD_CODE,
    REGENERATED,
    ROUND_DATE_WIDTH,
    RULES_RECORD,
    TEAM_GAME_POINTS,
    TEAM_MATCH_POINTS,
    TEAM_MEMBERS,
    TEAM_NAME,
    TEAM_NICKNAME,
    TEAM_NUMBER,
    TEAM_RANK,
    TOURNAMENT_RECORD,
    TRF16,
    TYPE_COLUMN,
    UNKNOWN_RESULT,
    Columns,
    Layout,
    team_type,
    type_kind,
)
from sonneborn.messages import N_, Message, Number, said
from sonneborn.model import Colour, Entry, EventKind, Player, PointSystem, ResultKind, RoundNo, StartNo, Tournament
from sonneborn.scoring import scores
from sonneborn.teams import NO_BOARD, ByePoints, Matches, Team, TeamEvent, TeamNo

__all__ = ["write_trf", "write_trf_teams"]

logger = logging.getLogger(__name__)


def write_trf(
    tournament: Tournament,
    *,
    points: Mapping[StartNo, Fraction] | None = None,
    ranks: Mapping[StartNo, int] | None = None,
    tiebreaks: Sequence[str] = (),
    standings_tiebreaks: Sequence[str] = (),
    rules: str | None = None,
    lots: str | None = None,
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
    any), and ``lots`` the drawing of lots that decided the ranks, in record
    ``XXL`` (:func:`sonneborn.lots.drawing_record`). Dates are written as TRF writes them (``YYYY/MM/DD``, rounds
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
    return _write(
        tournament,
        points=points,
        ranks=ranks,
        tiebreaks=tiebreaks,
        standings_tiebreaks=standings_tiebreaks,
        rules=rules,
        lots=lots,
        newline=newline,
    )


def write_trf_teams(
    teams: TeamEvent,
    *,
    ranks: Mapping[TeamNo, int] | None = None,
    player_ranks: Mapping[StartNo, int] | None = None,
    tiebreaks: Sequence[str] = (),
    standings_tiebreaks: Sequence[str] = (),
    rules: str | None = None,
    lots: str | None = None,
    newline: str = "\r\n",
) -> str:
    """Writes a team competition as a TRF-26 file that :func:`read_trf_teams` reads back into the same teams,
    matches and team point systems.

    The players are written as :func:`write_trf` writes them (their blocks always: in a team competition
    records ``240`` and ``299`` name teams), then the team records: ``352`` the board colours the source
    stated, ``362`` the match points when not 2-1-0, ``310`` each team with its MP and GP, its rank
    (``ranks``, by team number, else blank) and its members in board order; ``320`` the pairing-allocated
    byes with their MP and GP, ``240`` the full- and half-point byes (and the zero-point byes the matches do
    not imply), ``330`` the forfeited matches, ``300`` the boards of a team that played out of its roster
    order or left a board empty, and ``299`` the arbiter's MP and GP, the bonuses and penalties, and the
    team point values 362 cannot state. ``player_ranks`` fill the players' rank column.

    Raises :exc:`~sonneborn.errors.WriteError` for what TRF-26 cannot state of a team competition: a team
    or round number of more than 3 digits, points set for one player (records ``299`` name teams here), an
    individual point system that needs ``299`` records.

    >>> from sonneborn.formats.trf import read_trf_teams
    >>> text = "\\n".join([
    ...     "013 Alpha                            1    2",
    ...     "013 Beta                             3    4",
    ...     f"{'001    1      Adams, Ann':<91}   4 w 1",
    ...     f"{'001    2      Brown, Bob':<91}   3 b =",
    ...     f"{'001    3      Clark, Cid':<91}   2 w =",
    ...     f"{'001    4      Dunne, Dan':<91}   1 b 0",
    ... ])
    >>> teams = read_trf_teams(text, warn=[].append)  # warned: the teams' orders cross
    >>> written = write_trf_teams(teams, newline="\\n")
    >>> print("\\n".join(line for line in written.splitlines() if line[:3] in {"310", "300"}))
    310   1 Alpha                                            2.0    1.5         1    2
    310   2 Beta                                             0.0    0.5         3    4
    300   1   1   2    1    2
    300   1   2   1    4    3
    """
    tournament = teams.event.tournament
    return _write(
        tournament,
        points=None,
        ranks=player_ranks,
        tiebreaks=tiebreaks,
        standings_tiebreaks=standings_tiebreaks,
        rules=rules,
        lots=lots,
        newline=newline,
        teams=teams,
        team_ranks=ranks or {},
    )


def _write(
    tournament: Tournament,
    *,
    points: Mapping[StartNo, Fraction] | None,
    ranks: Mapping[StartNo, int] | None,
    tiebreaks: Sequence[str],
    standings_tiebreaks: Sequence[str],
    rules: str | None,
    newline: str,
    lots: str | None = None,
    teams: TeamEvent | None = None,
    team_ranks: Mapping[TeamNo, int] | None = None,
) -> str:
    """:func:`write_trf`, and :func:`write_trf_teams` when ``teams`` are given."""
    layout = _layout(tournament)
    given = dict(points or {})
    complete = all(player.start in given for player in tournament.players)
    totals = given if complete else {**scores(tournament), **given}  # each score summed only when not given
    ranks = ranks or {}
    kept = [(code, content) for code, content in tournament.records if code not in REGENERATED]
    if rules is not None:
        kept = [(code, content) for code, content in kept if code != RULES_RECORD]
    # The ranks written are this ranking's: a drawing the file recorded before is not theirs.
    kept = [(code, content) for code, content in kept if code != LOTS_RECORD]
    header = [(code, content) for code, content in kept if TOURNAMENT_RECORD.fullmatch(code)]
    header += _header_records(tournament, tiebreaks, standings_tiebreaks, teams)
    if rules is not None:
        header.append((RULES_RECORD, rules))
    if lots is not None:
        header.append((LOTS_RECORD, lots))
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
            if teams is None and _deferred(entry) and entry.round > last_played:
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
    abnormal = _abnormal_lines(tournament)
    if teams is not None:
        if abnormal:
            message = "a team competition's records 299 name teams: TRF-26 cannot state "
            raise WriteError(message + "points set for a player, or an individual point system that needs them")
        rosters, records = _team_lines(teams, team_ranks or {}, layout)
        lines[len(header) : len(header)] = rosters
        abnormal = records
    lines += abnormal
    for number, line in enumerate(lines, start=1):
        if "\r" in line or "\n" in line:
            template = N_("line {number} of the TRF would hold a line break: {line}")
            raise WriteError(Message.of(template, number=number, line=repr(line)))
    return newline.join(lines) + newline


def _header_records(
    tournament: Tournament, tiebreaks: Sequence[str], standings_tiebreaks: Sequence[str], teams: TeamEvent | None
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
    if teams is not None:
        type_code = _team_type_code(type_code, teams.kind)
    elif tournament.kind is not None and type_kind(type_code) is not tournament.kind:
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
    if teams is not None:
        records += _team_header_records(teams)
    return records


def _team_type_code(read: str, kind: EventKind) -> str:
    """Record 192 of a team competition: the code read when it names a team type of its kind, else a team
    code of the kind (a team type, so that the file reads as a team competition even without its records)."""
    if team_type(read) is kind:
        return read
    return "BERGER_TEAM_ROUNDROBIN" if kind is EventKind.ROUND_ROBIN else "CUSTOM_TEAM_SWISS"


def _team_header_records(teams: TeamEvent) -> list[tuple[str, str]]:
    """Records 352 (the board colours stated) and 362 (the match points, when not 2-1-0)."""
    records = [("352", teams.sequence)] if teams.sequence else []
    points = teams.points
    if (points.win, points.draw, points.loss) != (Fraction(2), Fraction(1), Fraction(0)):
        values = zip(("TW", "TD", "TL"), (points.win, points.draw, points.loss), strict=True)
        records.append(("362", "   ".join(f"{code} {_decimal(value, 4, _MATCH_POINTS)}" for code, value in values)))
    return records


def _team_lines(teams: TeamEvent, ranks: Mapping[TeamNo, int], layout: Layout) -> tuple[list[str], list[str]]:
    """The team records: the 310s (before the players), and the 240, 320, 330, 300 and 299 (after them)."""
    matches = teams.matches
    count, rounds = matches.teams, matches.rounds
    if count > 999 or rounds > 999:
        template = (
            N_("TRF-26 team records hold team and round numbers of 3 digits, not {count} teams")
            if count > 999
            else N_("TRF-26 team records hold team and round numbers of 3 digits, not {count} rounds")
        )
        raise WriteError(Message.of(template, count=count if count > 999 else rounds))
    rosters = [_team_line(team, matches.totals(row), ranks.get(team.number)) for row, team in enumerate(teams.teams)]
    lines: list[str] = []
    kinds = [[KINDS[code] for code in row] for row in matches.kind.tolist()]
    opponents = matches.opponent.tolist()
    byes: dict[tuple[Fraction, Fraction], list[dict[RoundNo, TeamNo]]] = {}
    others: dict[tuple[RoundNo, str], list[TeamNo]] = defaultdict(list)
    forfeits, orders = [], []
    boards = matches.board_count
    written = {kind: teams.points.bye(kind, boards) for kind in _TEAM_BYES}
    last = max((column + 1 for row in opponents for column, other in enumerate(row) if other >= 0), default=0)
    for row in range(count):
        for column in range(rounds):
            if kinds[row][column] in (ResultKind.FULL_BYE, ResultKind.HALF_BYE):
                last = max(last, column + 1)
    for column in range(rounds):
        round_no = column + 1
        for row in range(count):
            kind, other, number = kinds[row][column], opponents[row][column], row + 1
            if kind is ResultKind.PAIRING_BYE:
                stated = written[kind] if matches.awarded[row, column] else _bye_points(matches, row, round_no)
                lines_of = byes.setdefault((stated.match, stated.game), [])
                free = next((line for line in lines_of if round_no not in line), None)
                if free is None:
                    lines_of.append(free := {})
                free[round_no] = number
            elif kind in (ResultKind.FULL_BYE, ResultKind.HALF_BYE) or (
                kind is ResultKind.ZERO_BYE and round_no > last
            ):
                others[round_no, kind.value].append(number)
            if other < row:
                continue
            if kind.is_forfeit:
                forfeit = _forfeit_line(matches, row, other, round_no, teams.sequence)
                if forfeit:
                    forfeits.append(forfeit)
            orders += _order_lines(teams, row, other, round_no)
    for (round_no, bye), numbers in sorted(others.items()):
        fields = [(TYPE_COLUMN, bye), (BYE_ROUND.first, f"{round_no:>3}"), *_starts(numbers, BYE_STARTS, layout)]
        lines.append(_line((RECORD_CODE.first, "240"), *fields))
    for (match, game), pab_lines in byes.items():
        for pab in pab_lines:
            fields = [
                (PAB_MATCH_POINTS.first, f"{_decimal(match, PAB_MATCH_POINTS.width, _PAB_MATCH_POINTS):>4}"),
                (PAB_GAME_POINTS.first, f"{_decimal(game, PAB_GAME_POINTS.width, _PAB_GAME_POINTS):>4}"),
            ]
            fields += [(PAB_FIRST + (PAB_WIDTH + 1) * (r - 1), f"{pab.get(r, 0):0>3}") for r in range(1, max(pab) + 1)]
            lines.append(_line((RECORD_CODE.first, "320"), *fields))
    return rosters, lines + forfeits + orders + _team_awards(teams, layout)


_TEAM_BYES = (ResultKind.PAIRING_BYE, ResultKind.FULL_BYE, ResultKind.HALF_BYE, ResultKind.ZERO_BYE)


def _team_line(team: Team, totals: tuple[Fraction, Fraction], rank: int | None) -> str:
    """A ``310`` line: number, name, nickname, MP, GP, rank and the members in board order."""
    name = line_text(team.name)
    if len(name) > TEAM_NAME.width:
        logger.warning("team %d: name %r cut to %d characters", team.number, name, TEAM_NAME.width)
        name = name[: TEAM_NAME.width]
    nickname = line_text(team.nickname)[: TEAM_NICKNAME.width]
    what = Message.of(N_("team {number}: points"), number=team.number)
    match, game = (_decimal(value, TEAM_MATCH_POINTS.width, what) for value in totals)
    if rank is not None and len(str(rank)) > TEAM_RANK.width:
        template = N_("team {number}: rank {rank} is longer than {width} digits")
        raise WriteError(Message.of(template, number=team.number, rank=rank, width=TEAM_RANK.width))
    members = TRF16.starts(TEAM_MEMBERS, TEAM_MEMBERS + 5 * (len(team.members) - 1)) if team.members else []
    return _line(
        (RECORD_CODE.first, "310"),
        (TEAM_NUMBER.first, f"{team.number:>{TEAM_NUMBER.width}}"),
        (TEAM_NAME.first, name),
        (TEAM_NICKNAME.first, nickname),
        (TEAM_MATCH_POINTS.first, f"{match:>{TEAM_MATCH_POINTS.width}}"),
        (TEAM_GAME_POINTS.first, f"{game:>{TEAM_GAME_POINTS.width}}"),
        (TEAM_RANK.first, f"{rank or '':>{TEAM_RANK.width}}"),
        *((field.first, f"{row + 1:>{field.width}}") for field, row in zip(members, team.members, strict=True)),
    )


def _bye_points(matches: Matches, row: int, round_no: RoundNo) -> ByePoints:
    match, game = matches.match_score(row, round_no)
    return ByePoints(match, game)


def _forfeit_line(matches: Matches, row: int, other: int, round_no: RoundNo, sequence: str) -> str:
    """The ``330`` of a forfeited match, ``""`` where the boards imply it and no colour is known to state."""
    kind, colour = matches.match_kind(row, round_no), int(matches.colour[row, round_no - 1])
    first_white = (sequence or "W")[0].upper() == "W"
    if colour == UNKNOWN:
        column = round_no - 1
        mine, theirs = (int(matches.game_points[team, column]) for team in (row, other))
        implied = ResultKind.FORFEIT_WIN if mine > theirs else ResultKind.FORFEIT_LOSS
        played = bool((matches.boards[[row, other], column] >= 0).any())
        if played and not matches.awarded[[row, other], column].any() and kind is implied:
            return ""
        white, black = row, other
    else:
        white, black = (row, other) if (colour == WHITE) == first_white else (other, row)
    white_kind = matches.match_kind(white, round_no)
    black_kind = matches.match_kind(black, round_no)
    code = "--" if white_kind is black_kind else "+-" if white_kind is ResultKind.FORFEIT_WIN else "-+"
    return _line(
        (RECORD_CODE.first, "330"),
        (FORFEIT_TYPE.first, code),
        (FORFEIT_ROUND.first, f"{round_no:>3}"),
        (FORFEIT_WHITE.first, f"{white + 1:>3}"),
        (FORFEIT_BLACK.first, f"{black + 1:>3}"),
    )


def _order_lines(teams: TeamEvent, row: int, other: int, round_no: RoundNo) -> list[str]:
    """The ``300`` records of a match: both teams' boards, when either played out of its roster order or left
    a board empty before its last (the reader lays such boards only by them)."""
    matches = teams.matches
    lineups = [list(matches.lineup(team, round_no)) for team in (row, other)]
    for lineup in lineups:
        while lineup and lineup[-1] == NO_BOARD:
            lineup.pop()
    ordered = [
        NO_BOARD not in lineup and lineup == sorted(lineup, key=teams.teams[team].members.index)
        for team, lineup in zip((row, other), lineups, strict=True)
    ]
    if all(ordered):
        return []
    lines = []
    for team, facing, lineup in ((row, other, lineups[0]), (other, row, lineups[1])):
        starts = TRF16.starts(ORDER_PLAYERS, ORDER_PLAYERS + 5 * (len(lineup) - 1)) if lineup else []
        lines.append(
            _line(
                (RECORD_CODE.first, "300"),
                (ORDER_ROUND.first, f"{round_no:>3}"),
                (ORDER_TEAM.first, f"{team + 1:>3}"),
                (ORDER_OPPONENT.first, f"{facing + 1:>3}"),
                *((field.first, _board(player)) for field, player in zip(starts, lineup, strict=True)),
            )
        )
    return lines


def _board(row: int) -> str:
    """A board of a ``300``: the player's start number, ``0000`` for an empty board."""
    return "0000" if row == NO_BOARD else f"{row + 1:>4}"


def _team_awards(teams: TeamEvent, layout: Layout) -> list[str]:
    """The ``299`` records of a team competition: the team point values 362 cannot state (every team, every
    round), the MP and GP the arbiter set, the bonuses and penalties."""
    points, matches = teams.points, teams.matches
    boards = matches.board_count
    lines = []
    for code, value in (("+", points.forfeit_win), ("-", points.forfeit_loss)):
        if value is not None:
            kind = ResultKind.FORFEIT_WIN if code == "+" else ResultKind.FORFEIT_LOSS
            lines.append(_award_line(code, value, boards * points.games.points(kind), 0, [], layout))
    for code, stated in (("F", points.full_bye), ("H", points.half_bye), ("Z", points.zero_bye)):
        if stated is not None:
            lines.append(_award_line(code, stated.match, stated.game, 0, [], layout))
    awarded: dict[tuple[RoundNo, str, Fraction, Fraction], list[TeamNo]] = defaultdict(list)
    for row, column in zip(*np.nonzero(matches.awarded), strict=True):
        round_no = int(column) + 1
        match, game = matches.match_score(int(row), round_no)
        awarded[round_no, ABNORMAL_TYPE[matches.match_kind(int(row), round_no)], match, game].append(int(row) + 1)
    for row in range(matches.teams):
        match = Fraction(int(matches.match_adjustment[row]), matches.match_unit)
        game = Fraction(int(matches.game_adjustment[row]), matches.game_unit)
        if match or game:
            awarded[0, " ", match, game].append(row + 1)
    for (round_no, code, match, game), numbers in sorted(awarded.items()):
        lines.append(_award_line(code, match, game, round_no, numbers, layout))
    return lines


def _award_line(
    code: str, match: Fraction, game: Fraction, round_no: RoundNo, numbers: Sequence[TeamNo], layout: Layout
) -> str:
    """A team ``299``: type, MP, GP, round (``000``: every round) and the teams (none: every team)."""
    width = ABNORMAL_MATCH_POINTS.width
    fields = [
        (TYPE_COLUMN, code),
        (ABNORMAL_MATCH_POINTS.first, f"{_decimal(match, width, _MATCH_POINTS):>{width}}"),
        _abnormal_points(game),
        (ABNORMAL_ROUND.first, f"{round_no:03d}"),
    ]
    return _line((RECORD_CODE.first, "299"), *fields, *_starts(numbers, ABNORMAL_STARTS, layout))


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
            (_content(POINT_CODES.first + POINT_CODES.step * index), f"{code}{_decimal(value, 4, _POINTS):>4}")
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
                template = N_("player {number} round {round}: points set for a round not played")
                raise WriteError(Message.of(template, number=player.start, round=entry.round))
            awarded[entry.round, code, entry.points].append(player.start)
    layout = _layout(tournament)
    for (round_no, code, value), starts in sorted(awarded.items()):
        fields = [(TYPE_COLUMN, code), _abnormal_points(value), (ABNORMAL_ROUND.first, f"{round_no:03d}")]
        lines.append(_line((RECORD_CODE.first, "299"), *fields, *_starts(starts, ABNORMAL_STARTS, layout)))
    return lines


def _abnormal_points(value: Fraction) -> tuple[int, str]:
    """The points field of a record 299."""
    return ABNORMAL_POINTS.first, f"{_decimal(value, ABNORMAL_POINTS.width, _POINTS):>{ABNORMAL_POINTS.width}}"


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
            template = N_("player {number}: {what} {found} is longer than {width} characters")
            found = repr(text)
            raise WriteError(
                Message.of(template, number=player.start, what=Message(what), found=found, width=field.width)
            )
        return text

    def number(value: int | None, field: Columns, what: str) -> str:
        if value is None or value == 0:
            return ""
        if value < 0:
            template = N_("player {number}: {what} {found} is negative")
            raise WriteError(Message.of(template, number=player.start, what=Message(what), found=value))
        return f"{fit(str(value), field, what):>{field.width}}"

    written = _decimal(points, layout.points.width, Message.of(N_("player {number}: points"), number=player.start))
    return _line(
        (RECORD_CODE.first, "001"),
        (layout.start.first, f"{player.start:>{layout.start.width}}"),
        (layout.sex.first, fit(player.sex, layout.sex, N_("sex"))),
        (layout.title.first, fit(player.title, layout.title, N_("title")).rjust(layout.title.width)),
        (layout.name.first, name),
        (layout.rating.first, number(player.rating, layout.rating, N_("rating"))),
        (layout.federation.first, fit(player.federation, layout.federation, N_("federation"))),
        (layout.fide_id.first, number(player.fide_id, layout.fide_id, N_("FIDE id"))),
        (layout.birth_date.first, fit(player.birth_date, layout.birth_date, N_("birth date"))),
        (layout.points.first, f"{written:>{layout.points.width}}"),
        (layout.rank.first, number(rank, layout.rank, N_("rank"))),
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


_MATCH_POINTS = N_("match points")
_PAB_MATCH_POINTS = N_("PAB match points")
_PAB_GAME_POINTS = N_("PAB game points")
_POINTS = N_("points")
"""What a message of :func:`_decimal` calls the points it cannot write (marked here: an f-string hides a mark)."""


def _decimal(value: Fraction, width: int, what: str | Message) -> str:
    """Points written like ``11.5`` in at most ``width`` characters (``100`` when the decimal does not fit);
    ``what`` names them in a message (a text marked :func:`N_`, or a message).

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
        template = N_("{what} {value} cannot be written as a decimal")
        raise WriteError(Message.of(template, what=said(what), value=Number(str(value))))
    if len(text) > width and value.denominator == 1:
        text = str(value.numerator)
    if len(text) > width:
        template = N_("{what} {value} do not fit in {width} columns")
        raise WriteError(Message.of(template, what=said(what), value=Number(text), width=width))
    return text
