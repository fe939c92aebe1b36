"""Auditing a results file: what it records against what its results give.

Arbiters run this before they publish: every recorded total, rank and
tie-break value is recomputed, and each disagreement is named with a hint of
its likely cause. When ranks or a tie-break's values disagree, the common
lists and rule editions are tried, and the one that gives the file's values
is named (:func:`likely_causes`, searching with :class:`sonneborn.causes.Search`).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from sonneborn.causes import Search, ranks_against_points
from sonneborn.errors import InputWarning
from sonneborn.event import KINDS, Event
from sonneborn.messages import N_, Message, Number, phrase_message
from sonneborn.model import EventKind, ResultKind, StartNo
from sonneborn.numbers import exact_text
from sonneborn.ranking import Standings, rank
from sonneborn.teams import SCORES, teams_of
from sonneborn.tiebreaks import REGISTRY, Column, Context, parse
from sonneborn.tiebreaks.unplayed import FREE_ROUND, describe_kind, free_rounds

__all__ = [
    "COMMON_LISTS",
    "TEAM_COMMON_LISTS",
    "Check",
    "Disagreement",
    "audit",
    "audited_fields",
    "check",
    "file_scoring",
    "likely_causes",
    "standings_warning",
]


@dataclass(frozen=True, slots=True)
class Disagreement:
    """One recorded value that the results do not give."""

    start: StartNo
    name: str
    what: str
    """``points``, ``rank`` or a tie-break code."""
    recorded: Fraction
    computed: Fraction | None
    hint: str | Message = ""
    """The likely cause, a message translated at the boundary; empty when none is found."""
    who: str = "player"
    """What the row is: ``player``, or ``team`` (its number for ``start``) in a team event."""

    @property
    def message(self) -> Message:
        """The disagreement as ``check`` writes it, in any language (its numbers each language's)."""
        template = _TEAM_LINE if self.who == "team" else _PLAYER_LINE
        computed = Message(N_("no value")) if self.computed is None else Number(exact_text(self.computed))
        what = Message(self.what) if self.what in _WORDS else self.what  # a code is every language's
        line = Message.of(template, start=self.start, name=self.name, what=what,
                          recorded=Number(exact_text(self.recorded)), computed=computed)  # fmt: skip
        return Message.of(N_("{disagreement}: {hint}"), disagreement=line, hint=self.hint) if self.hint else line

    def __str__(self) -> str:
        return str(self.message)


_PLAYER_LINE = N_("player {start} ({name}): {what} {recorded} recorded, {computed} computed")
_TEAM_LINE = N_("team {start} ({name}): {what} {recorded} recorded, {computed} computed")
_WORDS = (N_("points"), N_("rank"))
"""What a disagreement is about, in words (the other are codes: a tie-break's, MP, GP)."""
_COUNTED_AS = N_("round {round} {what} counted as {label}")


COMMON_LISTS = (
    "BH/C1,BH,SB,DE,WIN",
    "BH/C1,BH,SB",
    "BH,SB",
    "BH,BH/C1,SB",
    "BH/M1,BH,SB",
    "BH/C2,BH/C1,BH",
    "BH/C1,BH,SB,PS",
    "BH,SB,PS",
    "SB,BH",
    "DE,BH/C1,BH,SB",
    "DE,WIN,BPG,ARO/C1,BH/C1,BH,SB",
    "PS,BH",
    "DE,SB,WIN,KS",
    "DE,WIN,SB,KS",
    "SB,DE",
    "SB,KS",
    "SB",
)
"""Tie-break lists in common use (pairing programs' defaults, FIDE's old recommended lists), tried on ranks
that the list in force does not give."""
TEAM_COMMON_LISTS = (
    "MPvGP,BH:MP/C1,EMGSB/C1",
    "MPvGP,DE,EMGSB",
    "EMGSB/C1,MPvGP,BH:MP/C1",
    "EDET,EMGSB/C1,BH:MP/C1,MPvGP",
    "MPvGP,EMGSB/C1",
    "MPvGP,EMMSB",
    "MPvGP,BH:MP,SB:MP",
    "MPvGP,DE",
    "MPvGP",
)
"""The same for team events (after MP): sonneborn's defaults, the Olympiads' (13.1 then 13.2) and FIDE's
team Swiss lists; no rating code, which teams have none."""
_VARIANTS = {
    "BH": ("BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "BH/P", "BH/C1/P"),
    "SB": ("SB", "SB/C1", "SB/M1", "SB/P", "SB/C1/P"),
    "FB": ("FB", "FB/C1", "FB/P"),
}
"""The modifiers a published value's code may have been computed with, tried when its values disagree."""


def points_hint(standings: Standings, row: int, recorded: Fraction, computed: Fraction) -> str | Message:
    """A likely cause of a points difference: a round left out, or an unplayed round counted as more."""
    found = _scored_otherwise(standings, row, recorded, computed)
    if found is not None:
        column, label = found
        event = standings.event
        kind = KINDS[int(event.table.kind[row, column])]
        what: str | Message = Message(N_("absence")) if kind is ResultKind.ZERO_BYE else describe_kind(kind)
        round_robin = event.kind is EventKind.ROUND_ROBIN
        if free_rounds(event.table.kind[row, column], round_robin=round_robin, players=event.players):
            what = FREE_ROUND
        return Message.of(_COUNTED_AS, round=column + 1, what=phrase_message(what), label=Message(label))
    table = standings.event.table
    unit, system = table.score.unit, standings.event.point_system
    difference = computed - recorded
    for column in range(table.rounds):
        kind = KINDS[int(table.kind[row, column])]
        points = Fraction(int(table.score.points[row, column]), unit)
        if difference > 0 and points == difference and kind is not ResultKind.NOT_PLAYED:
            name = describe_kind(kind) if not kind.is_played else N_("win") if points == system.win else N_("draw")
            return Message.of(N_("round {round} {name} not counted"), round=column + 1, name=phrase_message(name)
                              if not kind.is_played else Message(name))  # fmt: skip
    return ""


def _scored_otherwise(standings: Standings, row: int, recorded: Fraction, computed: Fraction) -> tuple[int, str] | None:
    """The round an unplayed round of no points was counted as a draw or a win in the file, with which."""
    table = standings.event.table
    system = standings.event.point_system
    if recorded <= computed:
        return None
    for column in range(table.rounds):
        kind = KINDS[int(table.kind[row, column])]
        if kind.is_played or kind is ResultKind.NOT_PLAYED or int(table.score.points[row, column]) != 0:
            continue
        for value, label in ((system.draw, N_("a draw")), (system.win, N_("a win"))):
            if recorded - computed == value:
                return column, label
    return None


def audit(standings: Standings, *, list_known: bool) -> list[Disagreement]:
    """Every disagreement between what the file records and what its results give, by start number.

    Ranks are compared exactly when the tie-break list is known (stated in the
    file or given); otherwise a recorded rank only has to fall within the places
    of the player's points group. A recorded rank of 0 means not ranked (a
    player who withdrew): it is not compared, and places are counted among the
    players ranked.
    """
    event = standings.event
    return _recorded(standings, list_known=list_known, totals=True) + _secondary(event) + _members(event)


def standings_warning(standings: Standings, *, list_known: bool, path: str) -> InputWarning | None:
    """The one warning ``sonneborn standings`` gives when the ranks or tie-break values the file records are not
    the ones computed (compared as :func:`audit` compares them), ``None`` when they agree or the file records none.

    The totals are left out: the readers warn of those already.
    """
    roster = standings.event.roster
    if not any(roster.recorded_ranks) and not any(roster.recorded_tiebreaks):
        return None
    found = _recorded(standings, list_known=list_known, totals=False)
    if not found:
        return None
    ranks = any(d.what == "rank" for d in found)
    values = any(d.what != "rank" for d in found)
    template = _RANKS_AND_VALUES if ranks and values else _RANKS if ranks else _VALUES
    rows = len({d.start for d in found})
    counted = (_TEAMS if standings.event.teams is not None else _PLAYERS)[rows != 1]
    details: list[str | int | Message] = [d.message for d in found[:_DETAILED]]
    if len(found) > _DETAILED:
        details.append(Message.of(N_("and {count} more"), count=len(found) - _DETAILED))
    file = path if path and not path.startswith("<") else "FILE"
    said = {"rows": Message.of(counted, count=rows), "details": Message.joined(details, "; ")}
    message = Message.of(template, **said, command=f"`sonneborn check {file}`")
    return InputWarning(message, path, page=Message.of(_ON_PAGE[template], **said))


_RANKS = N_("the recorded ranks of {rows} are not the ones computed ({details}); {command} lists them")
_VALUES = N_("the recorded tie-break values of {rows} are not the ones computed ({details}); {command} lists them")
_RANKS_AND_VALUES = N_(
    "the recorded ranks and tie-break values of {rows} are not the ones computed ({details}); {command} lists them"
)
_ON_PAGE = {
    _RANKS: N_("the recorded ranks of {rows} differ from these standings ({details})"),
    _VALUES: N_("the recorded tie-break values of {rows} differ from these standings ({details})"),
    _RANKS_AND_VALUES: N_("the recorded ranks and tie-break values of {rows} differ from these standings ({details})"),
}
"""The same warnings as the web page says them: it has no command to list the rest, so none is named."""
_PLAYERS = (N_("{count} player"), N_("{count} players"))
_TEAMS = (N_("{count} team"), N_("{count} teams"))
_DETAILED = 3
"""The most disagreements the warning of :func:`standings_warning` gives."""


def _recorded(standings: Standings, *, list_known: bool, totals: bool) -> list[Disagreement]:
    """The recorded totals (when ``totals``), ranks and tie-break values the results do not give, by row."""
    event = standings.event
    roster, table = event.roster, event.table
    points = [int(p) for p in standings.points.numerator.tolist()]
    names = roster.names
    who, total = ("player", "points") if event.teams is None else ("team", table.primary)
    found: list[Disagreement] = []
    extra: dict[str, Column] = {}
    context = Context(event, rules=standings.rules, unrated_rating=standings.unrated_rating)
    recorded_points, recorded_ranks = list(roster.recorded_points), list(roster.recorded_ranks)
    places = _places(standings, recorded_ranks)
    unit = table.score.unit
    for row in range(event.players):
        start, score = row + 1, points[row]
        recorded = recorded_points[row]
        if totals and recorded is not None and recorded.numerator * unit != score * recorded.denominator:
            computed = Fraction(score, table.score.unit)
            # The hints read a player's point system: a team's totals are the matches' and the arbiter's.
            hint = points_hint(standings, row, recorded, computed) if event.teams is None else ""
            found.append(Disagreement(start, names[row], total, recorded, computed, hint, who))
        recorded_rank = recorded_ranks[row]
        if recorded_rank:
            place, low, high = places[row]
            if list_known:
                wrong, hint = recorded_rank != place, ""
            else:
                wrong = not low <= recorded_rank <= high
                scored = Number(exact_text(Fraction(score, table.score.unit)))
                named = Message(total) if total in _WORDS else total
                hint = Message.of(N_("{points} {score} place {low}–{high}"), points=scored, score=named, low=low,
                                  high=high)  # fmt: skip
            if wrong:
                found.append(Disagreement(start, names[row], "rank", Fraction(recorded_rank), Fraction(place), hint,
                                          who))  # fmt: skip
        for code, value in roster.recorded_tiebreaks[row]:
            if code not in extra:
                extra[code] = _column(standings, context, code)
            number = extra[code].number(row)
            if number != value:
                found.append(Disagreement(start, names[row], code, value, number, who=who))
    return found


def _members(event: Event) -> list[Disagreement]:
    """A team event's players whose own recorded points (their 001 records) are not what their boards give: the
    points of their games, as the team's game points count them."""
    if event.teams is None:
        return []
    teams = teams_of(event)
    players = teams.event
    score, found = players.table.score, []
    for row, recorded in enumerate(players.roster.recorded_points):
        if recorded is None or teams.team_of[row] < 0:
            continue
        computed = Fraction(int(score.totals[row]), score.unit)
        if recorded != computed:
            found.append(Disagreement(row + 1, players.roster.names[row], "points", recorded, computed))
    return found


def _member_points_recorded(event: Event) -> bool:
    """Whether a team event's file records the points of some team member (001)."""
    if event.teams is None:
        return False
    teams = teams_of(event)
    recorded = teams.event.roster.recorded_points
    return any(recorded[row] is not None for team in teams.teams for row in team.members)


def _secondary(event: Event) -> list[Disagreement]:
    """A team event's other score (GP when ranked by MP) where the file records it (TRF-26 310) and the matches
    give another."""
    if event.teams is None:
        return []
    table, found = event.table, []
    name = next(score for score in table.scores if score != table.primary)
    score = table.scores[name]
    for row, recorded in enumerate(secondary_recorded(event)):
        computed = Fraction(int(score.totals[row]), score.unit)
        if recorded is not None and recorded != computed:
            found.append(Disagreement(row + 1, event.roster.names[row], name, recorded, computed, who="team"))
    return found


def secondary_recorded(event: Event) -> list[Fraction | None]:
    """A team event's other score as its file records it, by row; ``[]`` for an individual event."""
    if event.teams is None:
        return []
    teams = teams_of(event).teams
    if event.table.primary == "MP":
        return [team.recorded_game_points for team in teams]
    return [team.recorded_match_points for team in teams]


def _places(standings: Standings, recorded_ranks: Sequence[int | None]) -> list[tuple[int, int, int]]:
    """Each player's place among the players the file ranks (a recorded rank other than 0) as the ranking gives
    it, and the first and last places of his points group: three players on 3.5 at the top share places 1-3."""
    ranks = standings.ranks.tolist()
    scores = [int(p) for p in standings.points.numerator.tolist()]
    ranked = [row for row, recorded in enumerate(recorded_ranks) if recorded != 0]
    ranked_ranks = np.sort(np.asarray([ranks[row] for row in ranked], dtype=np.int64))
    ranked_scores = sorted(scores[row] for row in ranked)
    found = []
    for row in range(len(recorded_ranks)):
        place = int(np.searchsorted(ranked_ranks, ranks[row], side="left")) + 1
        below = bisect_left(ranked_scores, scores[row])
        at_most = bisect_right(ranked_scores, scores[row])
        found.append((place, len(ranked_scores) - at_most + 1, len(ranked_scores) - below))
    return found


def _column(standings: Standings, context: Context, code: str) -> Column:
    """The column of a recorded code: the kernel's, or the ranking's for a tie-break decided in groups (DE)."""
    if code in standings.codes:
        return standings.column(code)
    spec = parse(code)
    kernel = REGISTRY[spec.code].kernel
    if kernel is not None:
        return kernel(context.of(spec), spec)
    ranked = rank(standings.event, [spec], rules=standings.rules, unrated_rating=standings.unrated_rating)
    return ranked.column(str(spec))


def audited_fields(standings: Standings) -> list[str]:
    """What the file records, for the summary line."""
    roster = standings.event.roster
    fields = []
    if any(p is not None for p in roster.recorded_points):
        fields.append(N_("points") if standings.event.teams is None else standings.event.table.primary)
    if any(r is not None for r in roster.recorded_ranks):
        fields.append(N_("ranks"))
    if any(value is not None for value in secondary_recorded(standings.event)):
        table = standings.event.table
        fields.append(next(score for score in table.scores if score != table.primary))
    if _member_points_recorded(standings.event):
        fields.append(N_("players' points"))
    fields += sorted({code for values in roster.recorded_tiebreaks for code, _ in values})
    return fields


@dataclass(frozen=True, slots=True)
class Check:
    """What ``sonneborn check`` reports: the disagreements, each with a hint when one is known, and the likely
    causes found by trying the file's own scoring, the common lists and the rule editions."""

    disagreements: list[Disagreement]
    causes: list[str | Message]

    @property
    def unexplained(self) -> list[Disagreement]:
        """The disagreements neither a hint nor a cause accounts for."""
        return [d for d in self.disagreements if not d.hint]


def check(standings: Standings, *, list_known: bool) -> Check:
    """The audit of the standings, with the likely causes of what disagrees (:func:`likely_causes`)."""
    found = audit(standings, list_known=list_known)
    if not found:
        return Check(found, [])
    return likely_causes(standings, found, list_known=list_known)


def file_scoring(standings: Standings) -> Event | None:
    """The event as the file scores it, when its totals count unplayed rounds of no points as draws or wins:
    those rounds become half- or full-point byes. ``None`` when none. The blank rounds a file's totals count
    (Swiss-Perfect's byes) are read so already (:mod:`sonneborn.recorded`); what is left here is a forfeit
    loss counted so, or an absence under a point system the user gave."""
    event = standings.event
    if event.teams is not None:  # a team's totals are the matches' and the arbiter's: no byes read otherwise
        return None
    table = event.table
    recorded = list(event.roster.recorded_points)
    changes: dict[tuple[int, int], ResultKind] = {}
    for row in range(event.players):
        mine = recorded[row]
        computed = Fraction(int(standings.points.numerator[row]), table.score.unit)
        if mine is None or mine == computed:
            continue
        found = _scored_otherwise(standings, row, mine, computed)
        if found is not None:
            changes[(row, found[0])] = ResultKind.HALF_BYE if found[1] == "a draw" else ResultKind.FULL_BYE
    if not changes:
        return None
    tournament = event.tournament
    players = []
    for row, player in enumerate(tournament.players):
        entries = tuple(
            replace(entry, kind=changes[(row, column)], opponent=None) if (row, column) in changes else entry
            for column, entry in enumerate(player.entries)
        )
        players.append(replace(player, entries=entries))
    return Event.of(replace(tournament, players=tuple(players)))


def likely_causes(standings: Standings, found: list[Disagreement], *, list_known: bool) -> Check:
    """The disagreements with hints from the causes that reproduce the file's values.

    1. Totals that count absences as draws or wins: the ranks are compared with the file's own scoring.
    2. Ranks: the list in force, then the common lists (:data:`COMMON_LISTS`), under every rule edition;
       the first that gives every recorded rank is named. Ranks that do not follow the points at all
       are no final ranking (a starting rank, say), and are said to be.
    3. A tie-break's values: its code with the usual modifiers, under every rule edition.

    Steps 2 and 3 search from the base of step 1 (:class:`~sonneborn.causes.Search`), each column computed once.
    """
    causes: list[str | Message] = []
    event = standings.event
    ranks = list(event.roster.recorded_ranks)
    scored = file_scoring(standings)
    base = standings
    if scored is not None:
        count = sum(1 for d in found if d.what == "points" and isinstance(d.hint, Message)
                    and d.hint.template == _COUNTED_AS)  # fmt: skip
        causes.append(Message.ngettext(
            "the file's totals count {count} unplayed round(s) of no points as draws or wins: its ranks are "
            "compared with that scoring",
            "the file's totals count {count} unplayed round(s) of no points as draws or wins: its ranks are "
            "compared with that scoring",
            count,
        ))  # fmt: skip
        base = rank(scored, standings.tiebreaks, rules=standings.rules, unrated_rating=standings.unrated_rating)
        again = audit(base, list_known=list_known)
        found = [d for d in found if d.what != "rank"] + [d for d in again if d.what == "rank"]
    search = Search(base)
    if any(d.what == "rank" for d in found):
        follows = search.ranking(_lists(base), ranks)
        if follows is not None:
            hint: str | Message = Message.of(N_("the recorded ranks follow -t {list} --rules {rules}"),
                                             list=follows[0], rules=str(follows[1]))  # fmt: skip
            causes.append(hint)
            found = [replace(d, hint=d.hint or hint) if d.what == "rank" else d for d in found]
        elif not _ranks_follow_points(event, ranks):
            hint = Message(
                N_("the recorded ranks do not follow the points: they are no final ranking (a starting rank?)")
            )
            causes.append(hint)
            found = [replace(d, hint=hint) if d.what == "rank" else d for d in found]
    for code in sorted({d.what for d in found if d.what not in ("points", "rank", *SCORES)}):
        variant = search.variant(code, _variants(code))
        if variant is not None:
            hint = Message.of(N_("the recorded {code} values are {variant} under --rules {rules}"), code=code,
                              variant=variant[0], rules=str(variant[1]))  # fmt: skip
            causes.append(hint)
            found = [replace(d, hint=d.hint or hint) if d.what == code else d for d in found]
    first = {
        "points": 0,
        event.table.primary: 0,
        "rank": 1,
        **{name: 2 for name in SCORES if name != event.table.primary},
    }
    found.sort(key=lambda d: (d.who != "team" and event.teams is not None, d.start, first.get(d.what, 3), d.what))
    return Check(found, causes)


def _lists(standings: Standings) -> list[str]:
    """The lists tried on ranks that disagree: the one in force, then the common lists."""
    current = ",".join(str(spec) for spec in standings.tiebreaks)
    common = COMMON_LISTS if standings.event.teams is None else TEAM_COMMON_LISTS
    return [current, *(text for text in common if text != current)]


def _ranks_follow_points(event: Event, recorded: Sequence[int | None]) -> bool:
    """Whether the recorded ranks order the players by points, but for a few (at most a quarter of the ranked
    players ranked above someone with more points)."""
    points_score = event.table.score
    points = [p if p is not None else Fraction(int(s), points_score.unit)
              for p, s in zip(event.roster.recorded_points, points_score.totals.tolist(), strict=True)]  # fmt: skip
    found = ranks_against_points(points, recorded)
    return found.count * 4 <= found.ranked


def _variants(code: str) -> list[str]:
    """The variants of a code tried on values that disagree: the code as written, then its usual modifiers."""
    names = _VARIANTS.get(parse(code).code, (code,))
    return [code, *(name for name in names if name != code)]
