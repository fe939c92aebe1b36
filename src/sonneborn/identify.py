"""Which settings reproduce a published table: the search of ``sonneborn identify FILE``.

A file that records ranks (a TRF's rank column, a published crosstable), and perhaps tie-break values (the
TB columns of a chess-results export), was ranked by some list under some rules. :func:`identify` searches
the settings that could have produced it — the presets (:data:`PRESETS`: every ``--profile`` list, and
every list ``check`` tries), every list of up to four codes of the catalogue (:func:`sonneborn.causes.catalogue`)
with their usual modifiers, every rule edition, the file's point system and others that give its totals, its
unplayed rounds as read, as its totals score them or with its absences as half-point byes, a team event's
primary score and match points — and gives those that reproduce every recorded rank and value, simplest first.
Where none does, it gives the closest, each disagreement with its likely cause in words.

No candidate is a whole ranking: every (code, edition) column is computed once, and a list is judged on the
groups its first tie-breaks form (:class:`sonneborn.causes.Search`), dropped at its first recorded rank out
of reach, so that the lists beginning with a tie-break that contradicts the file are never looked at.

>>> from sonneborn.demo import seed_event
>>> published = rank(seed_event(), parse_list("SB,WIN"))  # a table published with its ranks
>>> players = [replace(p, recorded_rank=int(r)) for p, r in zip(published.tournament, published.ranks)]
>>> found = identify(rank(replace(published.tournament, players=tuple(players))))
>>> found.exact, [",".join(map(str, match.setting.tiebreaks)) for match in found.matches[:3]]
(True, ['SB,BH', 'SB', 'SB/P'])

WIN is in no list found: after SB, it splits no tie of this event.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from sonneborn.audit import COMMON_LISTS, TEAM_COMMON_LISTS, Disagreement, audit, audited_fields, file_scoring
from sonneborn.causes import RanksAgainstPoints, RecordedRanks, RecordedValues, Search, catalogue, ranks_against_points
from sonneborn.errors import TiebreakError
from sonneborn.event import CODE, KINDS, Event, Ints
from sonneborn.matches import rescored
from sonneborn.messages import N_, Message, Number, phrase_message
from sonneborn.model import EventKind, PointSystem, ResultKind
from sonneborn.numbers import exact_text
from sonneborn.profiles import PROFILES, Profile
from sonneborn.ranking import DEFAULT_TIEBREAKS, Standings, rank
from sonneborn.recorded import differing
from sonneborn.teams import SCORES, TeamPoints, team_event, teams_of
from sonneborn.tiebreaks import REGISTRY, Modifier, Spec, parse, parse_list
from sonneborn.tiebreaks.rules import Rules
from sonneborn.tiebreaks.unplayed import describe_kind

__all__ = [
    "MAX_LENGTH",
    "PRESETS",
    "AgainstPoints",
    "Identification",
    "Match",
    "Preset",
    "Setting",
    "candidates",
    "identify",
    "profile_presets",
]

MAX_LENGTH = 4
"""The longest list of the catalogue searched."""
_KEPT = 500
"""The most reproducing settings kept by one search (a tiny event is reproduced by thousands of lists)."""
_BEAM = 4
"""The lists kept at each length when the closest are searched."""
_CLOSEST = 5
"""The closest settings given when none reproduces the file."""


@dataclass(frozen=True, slots=True)
class Preset:
    """A named list a program or a rule book uses, tried as a whole before the catalogue's lists."""

    name: str
    tiebreaks: str
    source: str
    """Where it comes from, in words."""
    teams: bool = False
    """Whether it ranks a team event."""


def profile_presets(profile: Profile) -> tuple[Preset, ...]:
    """A profile's lists as presets: one when the profile gives one list, else one per kind of event.

    >>> [preset.name for preset in profile_presets(PROFILES["sharly-chess"])]
    ['sharly-chess (swiss)', 'sharly-chess (round-robin)']
    """
    kinds: dict[str, EventKind] = {}
    for kind, text in profile.lists.items():
        kinds.setdefault(text, kind)  # each list once, with the first kind it is for
    return tuple(
        Preset(
            profile.name if len(kinds) == 1 else f"{profile.name} ({kind.value})",
            text,
            f"--profile {profile.name}: {profile.title}",
            teams=profile.teams,
        )
        for text, kind in kinds.items()
    )


PRESETS: tuple[Preset, ...] = (
    *(preset for profile in PROFILES.values() for preset in profile_presets(profile)),
    Preset("sonneborn-swiss", DEFAULT_TIEBREAKS[EventKind.SWISS], "sonneborn's default for a Swiss event"),
    Preset("sonneborn-rr", DEFAULT_TIEBREAKS[EventKind.ROUND_ROBIN], "sonneborn's default for a round robin"),
)
"""The named lists searched first: every list of ``--profile`` (:data:`sonneborn.profiles.PROFILES`, each with
its source: FIDE's recommended lists, the team defaults, US Chess, Sharly Chess) and sonneborn's defaults."""

_POINT_SYSTEMS = (PointSystem(), PointSystem.three_one_zero())
"""Point systems tried besides the file's own, when they give its recorded totals as well."""


def candidates(event: Event, presets: Sequence[Preset] = PRESETS, *, common: bool = True) -> list[tuple[str, str]]:
    """The named lists tried as a whole on an event, each with its name: the presets of its sort (a team event's
    or an individual one's), then, with ``common``, the lists ``check`` tries (named ``common``), each list once.
    """
    teams = event.teams is not None
    found: dict[str, str] = {}
    for preset in presets:
        if preset.teams == teams:
            found.setdefault(",".join(str(spec) for spec in parse_list(preset.tiebreaks)), preset.name)
    for text in (TEAM_COMMON_LISTS if teams else COMMON_LISTS) if common else ():
        found.setdefault(",".join(str(spec) for spec in parse_list(text)), N_("common"))
    return [(name, text) for text, name in found.items()]


@dataclass(frozen=True, slots=True)
class Setting:
    """The settings of one candidate: a list, the rule editions that give the same, and the options."""

    tiebreaks: tuple[Spec, ...]
    rules: tuple[Rules, ...]
    """The editions under which it gives the same, the first the likeliest (the one in force first)."""
    options: tuple[tuple[str, str], ...]
    """The point system and how unplayed rounds were read, as ``(name, value)``."""
    preset: str = ""
    """The name of the preset it is, ``""`` for a list of the catalogue."""


@dataclass(frozen=True, slots=True)
class Match:
    """A setting and what the file records that it does not give (nothing, for one that reproduces it)."""

    setting: Setting
    disagreements: tuple[Disagreement, ...]
    decisive: int
    """How many of its tie-breaks it takes to give every recorded rank (its length when it does not)."""


@dataclass(frozen=True, slots=True)
class AgainstPoints:
    """Recorded ranks that no setting gives: players the file ranks above one with more points, whereas a
    tie-break orders only players of equal points (C.07 1.1). Read under the reading of the points with the
    fewest of them."""

    count: int
    """How many players the file ranks above one with more points."""
    message: Message
    """The count and the best ranked of them in words, with the player of the most points ranked below him."""


@dataclass(frozen=True, slots=True)
class Identification:
    """What :func:`identify` found: the settings that reproduce the file, or else the closest."""

    matches: tuple[Match, ...]
    """Best first: the fewest disagreements, then the simplest."""
    exact: bool
    """Whether the matches reproduce every recorded rank and value."""
    judged: int
    """How many settings (list, edition, options) were judged, a list dropped at its beginning counted once."""
    recorded: tuple[str, ...]
    """What the file records: ``points`` (a team event's ``MP``, ``GP``), ``ranks``, tie-break codes."""
    against_points: AgainstPoints | None = None
    """When none reproduces the file: the recorded ranks no tie-break can give, if any."""

    @property
    def searched(self) -> bool:
        """Whether the file records something a setting gives (ranks or tie-break values), not only totals."""
        return any(field not in ("points", *SCORES) for field in self.recorded)


@dataclass(frozen=True, slots=True)
class _Base:
    """One way of reading the event's points and unplayed rounds, with its search."""

    options: tuple[tuple[str, str], ...]
    search: Search
    points: tuple[Disagreement, ...]
    """The recorded points it does not give."""


class _Recorded:
    """The recorded tie-break columns of a file, in their order, each matched to the list by its code: the
    ``k``-th column of a code with the ``k``-th tie-break of that code in the list (``BH/C1,BH`` for the columns
    ``BH, BH``), else with its own code or a variant of it."""

    def __init__(self, event: Event) -> None:
        codes: dict[str, None] = {}
        for player in event.roster.recorded_tiebreaks:
            for code, _ in player:
                codes.setdefault(code)
        self.columns = [(code, parse(code), RecordedValues(event.roster.recorded_tiebreaks, code)) for code in codes]
        self.by_code: dict[str, list[RecordedValues]] = {}
        for _, spec, column in self.columns:
            self.by_code.setdefault(spec.code, []).append(column)

    def target(self, specs: Sequence[Spec], spec: Spec) -> RecordedValues | None:
        """The recorded column that ``spec`` appended to ``specs`` must give, if any."""
        found = self.by_code.get(spec.code, [])
        seen = sum(1 for other in specs if other.code == spec.code)
        return found[seen] if seen < len(found) else None


def identify(
    standings: Standings,
    *,
    presets: Sequence[Preset] = PRESETS,
    common: bool = True,
    max_length: int | None = MAX_LENGTH,
    limit: int = _KEPT,
) -> Identification:
    """The settings that reproduce what the standings' file records, best first; the closest when none does.

    ``standings`` is the event as read and ranked by the list in force (its edition is tried first);
    ``presets`` the named lists tried as a whole (:func:`candidates`), with the list in force and the lists
    ``check`` tries unless ``common`` is false (``identify --profile``: that profile's lists alone); ``max_length``
    the longest list of the catalogue searched, ``None`` for none. Every edition and reading of the points and
    unplayed rounds is searched either way.
    """
    event = standings.event
    recorded = _Recorded(event)
    ranks = RecordedRanks(list(event.roster.recorded_ranks))
    fields = tuple(audited_fields(standings))
    bases = list(_bases(standings))
    in_force = ",".join(str(spec) for spec in standings.tiebreaks)
    named = candidates(event, presets, common=common)
    if common and in_force:  # the list the file states, else the default of its kind
        named = [(N_("in force"), in_force), *((name, text) for name, text in named if text != in_force)]
    specs = catalogue(event)
    judged = 0
    found: list[tuple[tuple[int, ...], Match, tuple[Spec, ...]]] = []
    for index, base in enumerate(bases):
        if base.points:
            continue  # it does not give the recorded totals: it reproduces nothing
        for rank_of, rules in enumerate(base.search.editions):
            for order, (name, text) in enumerate(named):
                judged += 1
                listed = tuple(parse_list(text))
                if not _fits(listed, event):
                    continue
                working = _effective(base.search, listed, rules, ranks)
                if working is not None and not _values_off(base.search, listed, rules, recorded):
                    setting = Setting(listed, (rules,), base.options, name)
                    length = max(len(working), len(recorded.columns))
                    key = (length, _misplaced(listed, recorded), 0, order, rank_of, index)
                    found.append((key, Match(setting, (), len(working)), working))
            if max_length is None:
                continue
            lists, count = _search(base.search, rules, ranks, recorded, specs, max_length, limit)
            judged += count
            for position, listed in enumerate(lists):
                full = _completed(base.search, listed, rules, recorded, specs)
                if full is None:
                    continue
                simplicity = sum(len(spec.modifiers) for spec in listed)
                setting = Setting(full, (rules,), base.options)
                key = (len(full), _misplaced(full, recorded), 1 + simplicity, position, rank_of, index)
                found.append((key, Match(setting, (), len(listed)), listed))
    if found:
        found.sort(key=lambda item: item[0])
        return Identification(tuple(_merged([(match, working) for _, match, working in found])), True, judged, fields)
    # A reading that gives other totals than the file's is the closest only when every reading does.
    near = [base for base in bases if not base.points] or bases
    closest, count = _closest(near, named, specs, ranks, recorded, max_length or 0)
    return Identification(
        tuple(closest), False, judged + count, fields, _against_points(near, event.roster.recorded_ranks)
    )


def _against_points(bases: Sequence[_Base], ranks: Sequence[int | None]) -> AgainstPoints | None:
    """The players the file ranks above one with more points (:func:`~sonneborn.causes.ranks_against_points`),
    under the reading with the fewest; none when a reading has none."""
    found: tuple[RanksAgainstPoints, _Base] | None = None
    for base in bases:
        column = base.search.base.points
        scores = [column.number(row) or Fraction(0) for row in range(len(ranks))]
        against = ranks_against_points(scores, ranks)
        if not against.count:
            return None
        if found is None or against.count < found[0].count:
            found = (against, base)
    if found is None:
        return None
    against, base = found
    count, low, high = against.count, against.low, against.high
    points = base.search.base.points
    values = {
        "low": low + 1,
        "high": high + 1,
        "low_rank": ranks[low] or 0,
        "high_rank": ranks[high] or 0,
        "low_points": _number(points.number(low)),
        "high_points": _number(points.number(high)),
    }
    if _who(base.search.base.event) == "player":
        message = Message.ngettext(
            "the file ranks {count} player above one with more points, which no tie-break does: player {low}, "
            "rank {low_rank} with {low_points}, above player {high}, rank {high_rank} with {high_points}",
            "the file ranks {count} players above one with more points, which no tie-break does: player {low}, "
            "rank {low_rank} with {low_points}, above player {high}, rank {high_rank} with {high_points}",
            count,
            **values,
        )
    else:
        message = Message.ngettext(
            "the file ranks {count} team above one with more {score}, which no tie-break does: team {low}, "
            "rank {low_rank} with {low_points}, above team {high}, rank {high_rank} with {high_points}",
            "the file ranks {count} teams above one with more {score}, which no tie-break does: team {low}, "
            "rank {low_rank} with {low_points}, above team {high}, rank {high_rank} with {high_points}",
            count,
            score=base.search.base.event.table.primary,
            **values,
        )
    return AgainstPoints(count, message)


def _effective(search: Search, specs: Sequence[Spec], rules: Rules, ranks: RecordedRanks) -> tuple[Spec, ...] | None:
    """The tie-breaks of a whole list that do the work of giving the recorded ranks (those that split a group
    before every recorded rank is decided: ``DE`` met with no two tied players who met counts for nothing),
    ``None`` when the list does not give them."""
    given, depth = search.decisive(specs, rules, ranks)
    if not given:
        return None
    columns = search.columns
    return tuple(
        spec
        for k, spec in enumerate(specs[:depth])
        if not np.array_equal(columns.groups(specs[: k + 1], rules), columns.groups(specs[:k], rules))
    )


def _fits(specs: Sequence[Spec], event: Event) -> bool:
    """Whether every code of a list can be computed on the event: no team code on an individual event, nor a
    rating code on a team event (:meth:`~sonneborn.tiebreaks.registry.Definition.fits`), no score it lacks."""
    try:
        for spec in specs:
            REGISTRY[spec.code].fits(spec, event)
    except TiebreakError:
        return False
    return all(spec.score in (None, *event.table.scores) for spec in specs)


def _bases(standings: Standings) -> Iterator[_Base]:
    """The readings of the event searched: as read; with the unplayed rounds the totals count as draws or wins
    read as byes; with every absence (a round without a game and without points) read as a half-point bye, as
    ``--absent-as half`` reads a PGN's; under the other point systems that give the recorded totals as well as
    the file's. A team event's: ranked by match points or by game points, under its match points and the usual
    others (:func:`_team_bases`)."""
    event = standings.event
    system = str(event.point_system)

    def base(ranked: Standings, options: tuple[tuple[str, str], ...]) -> _Base:
        found = tuple(d for d in audit(ranked, list_known=False) if d.what in ("points", *SCORES))
        return _Base(options, Search(ranked), found)

    def again(changed: Event) -> Standings:
        return rank(changed, standings.tiebreaks, rules=standings.rules, unrated_rating=standings.unrated_rating)

    if event.teams is not None:
        for changed, options in _team_bases(event):
            yield base(standings if changed is event else again(changed), options)
        return
    yield base(standings, ((N_("points"), system), (N_("unplayed"), N_("as read"))))
    scored = file_scoring(standings)
    if scored is not None:
        yield base(again(scored), (("points", system), ("unplayed", N_("as the totals count them"))))
    absent = _absences_as_half(event)
    if absent is not None:
        yield base(again(absent), (("points", system), ("unplayed", N_("absences as half-point byes"))))
    wrong = len(differing(event))
    for other in _POINT_SYSTEMS:
        if other == event.point_system:
            continue
        changed = event.with_point_system(other)
        if len(differing(changed)) <= wrong:
            yield base(again(changed), (("points", str(other)), ("unplayed", "as read")))


def _absences_as_half(event: Event) -> Event | None:
    """The event with every round that has no opponent and no points (a zero-point bye, a round not played)
    read as a half-point bye, as a PGN's rounds without a game are read with ``--absent-as half``; ``None``
    when it has none."""
    table = event.table
    absent = np.isin(table.kind, [CODE[ResultKind.ZERO_BYE], CODE[ResultKind.NOT_PLAYED]]) & (table.opponent < 0)
    rows, columns = np.nonzero(absent)
    if not rows.size:
        return None
    return event.with_byes({(int(r), int(c)): ResultKind.HALF_BYE for r, c in zip(rows, columns, strict=True)})


_MATCH_POINTS = (TeamPoints(), TeamPoints.parse("3,1,0"))
"""Match points tried besides a team event's own (``--match-points``): 2-1-0 (C.07 11.1) and 3-1-0."""


def _team_bases(event: Event) -> Iterator[tuple[Event, tuple[tuple[str, str], ...]]]:
    """A team event as ranked by match points and by game points (``--primary``), under its own match points,
    then 2-1-0 and 3-1-0 (``--match-points``), each with its options; the event itself first."""
    teams = teams_of(event)
    games = str(teams.points.games)
    own = teams.points
    systems: list[tuple[TeamPoints | None, str]] = [(None, _match_text(own))]
    for other in _MATCH_POINTS:
        if (other.win, other.draw, other.loss) != (own.win, own.draw, own.loss) and teams.source is not None:
            systems.append((other, _match_text(other)))
    for match, text in systems:
        scored = teams if match is None else rescored(teams, match=match)
        for primary in (event.table.primary, *(score for score in SCORES if score != event.table.primary)):
            same = match is None and primary == event.table.primary
            options = (("points", games), ("unplayed", "as read"), (N_("primary"), primary), (N_("match points"), text))
            yield event if same else team_event(scored, primary=primary), options


def _match_text(points: TeamPoints) -> str:
    """A team event's match points as ``2-1-0``: a won, drawn and lost match's."""
    return "-".join(exact_text(value) for value in (points.win, points.draw, points.loss))


def _values_off(search: Search, specs: Sequence[Spec], rules: Rules, recorded: _Recorded) -> int:
    """How many recorded tie-break values a whole list does not give: each recorded column against the list's
    tie-break of its code, else against its own code as a list of it alone gives it (as ``check`` compares a
    recorded code its list lacks)."""
    off = 0
    columns = search.columns
    for code, spec, values in recorded.columns:
        position = _position(specs, recorded, code)
        if position is None:
            column = columns.at(columns.points_groups, spec, rules)
        else:
            column = columns.at(columns.groups(specs[:position], rules), specs[position], rules)
        off += len(values.differing(column))
    return off


def _misplaced(specs: Sequence[Spec], recorded: _Recorded) -> int:
    """How many recorded columns the list does not have where the file has them (its ``TB1``, ``TB2``, …)."""
    return sum(1 for k, (code, _, _) in enumerate(recorded.columns) if _position(specs, recorded, code) != k)


def _position(specs: Sequence[Spec], recorded: _Recorded, code: str) -> int | None:
    """The position in the list of the tie-break that a recorded column is matched with, if any."""
    family = parse(code).code
    rank_in_file = [c for c, s, _ in recorded.columns if s.code == family].index(code)
    positions = [k for k, spec in enumerate(specs) if spec.code == family]
    return positions[rank_in_file] if rank_in_file < len(positions) else None


def _search(
    search: Search,
    rules: Rules,
    ranks: RecordedRanks,
    recorded: _Recorded,
    specs: Sequence[Spec],
    max_length: int,
    limit: int,
) -> tuple[list[tuple[Spec, ...]], int]:
    """Every list of the catalogue of up to ``max_length`` tie-breaks that gives the recorded ranks under an
    edition, none longer than it needs, with the count of beginnings judged.

    A beginning is extended only while the ranks are undecided, by a tie-break that splits a tied group and
    gives the values the file records for its code; beginnings that leave the same groups (and the same
    recorded columns to give) share what follows.
    """
    columns = search.columns
    judged = 0
    memo: dict[tuple[bytes, int, tuple[int, ...]], list[tuple[Spec, ...]]] = {}

    def after(prefix: tuple[Spec, ...], groups: Ints) -> list[tuple[Spec, ...]]:
        nonlocal judged
        judged += 1
        verdict = ranks.decided(groups)
        if verdict is False:
            return []
        depth = len(prefix)
        if verdict is True or ranks.given(groups):
            return [()]  # decided, or the players still tied share a place, as the file ranks them
        if depth == max_length:
            return []
        seen = tuple(sum(1 for spec in prefix if spec.code == code) for code in recorded.by_code)
        key = groups.tobytes(), depth, seen
        if key in memo:
            return memo[key]
        found: list[tuple[Spec, ...]] = []
        for spec in specs:
            target = recorded.target(prefix, spec)
            if target is not None and not target.given(columns.at(groups, spec, rules)):
                continue
            split = columns.split(groups, spec, rules)
            if split is groups or np.array_equal(split, groups):
                continue  # it splits nobody: a shorter list gives the same
            for rest in after((*prefix, spec), split):
                found.append((spec, *rest))
                if len(found) >= limit:
                    break
            if len(found) >= limit:
                break
        memo[key] = found
        return found

    lists = after((), columns.points_groups)
    lists.sort(key=lambda listed: (len(listed), sum(len(spec.modifiers) for spec in listed)))
    return lists, judged


def _completed(
    search: Search, listed: tuple[Spec, ...], rules: Rules, recorded: _Recorded, specs: Sequence[Spec]
) -> tuple[Spec, ...] | None:
    """A list that gives the recorded ranks, with a tie-break appended for each recorded column of a code it
    does not have (the column's own code, else the first variant of it that gives its values), ``None`` when
    a recorded column is given by none."""
    full = listed
    columns = search.columns
    for code, spec, values in recorded.columns:
        if _position(full, recorded, code) is not None:
            continue
        variants = [spec, *(other for other in specs if other.code == spec.code and other != spec)]
        # Judged as _values_off judges a column of a code the list lacks: as a list of it alone gives it.
        found = next((v for v in variants if values.given(columns.at(columns.points_groups, v, rules))), None)
        if found is None:
            return None
        full = (*full, found)
    return full


def _merged(matches: Sequence[tuple[Match, tuple[Spec, ...]]]) -> Iterator[Match]:
    """The matches (each with the tie-breaks of it that do the work), a setting given under several editions
    once, with its editions in order; a list of the catalogue that is the working tie-breaks of a preset under
    the same edition and options left out: the preset says it."""
    by_key: dict[tuple[tuple[str, ...], tuple[tuple[str, str], ...]], Match] = {}
    decided: set[tuple[tuple[Spec, ...], Rules, tuple[tuple[str, str], ...]]] = set()
    for match, working in matches:
        setting = match.setting
        codes = tuple(str(spec) for spec in setting.tiebreaks)
        if setting.preset:
            decided.add((working, setting.rules[0], setting.options))
        elif (working, setting.rules[0], setting.options) in decided:
            continue
        key = codes, setting.options
        if key in by_key:
            kept = by_key[key]
            rules = (*kept.setting.rules, *(r for r in setting.rules if r not in kept.setting.rules))
            by_key[key] = replace(kept, setting=replace(kept.setting, rules=rules))
        else:
            by_key[key] = match
    yield from by_key.values()


def _closest(
    bases: Sequence[_Base],
    named: Sequence[tuple[str, str]],
    specs: Sequence[Spec],
    ranks: RecordedRanks,
    recorded: _Recorded,
    max_length: int,
) -> tuple[list[Match], int]:
    """The settings that give the fewest disagreements: the presets, and lists of the catalogue grown a
    tie-break at a time from the best few of each length (a beam), under every edition and reading."""
    scored: dict[tuple[int, str, Rules], tuple[tuple[int, ...], Setting]] = {}
    judged = 0
    for index, base in enumerate(bases):
        columns, event = base.search.columns, base.search.base.event
        for rank_of, rules in enumerate(base.search.editions):
            for order, (name, text) in enumerate(named):
                listed = tuple(parse_list(text))
                if not _fits(listed, event):
                    continue
                judged += 1
                value = _score(base, rules, listed, ranks, recorded)
                setting = Setting(listed, (rules,), base.options, name)
                key = (value, _misplaced(listed, recorded), 0, len(listed), order, rank_of, index)
                scored[index, text, rules] = key, setting
            beam: list[tuple[Spec, ...]] = [()]
            for _ in range(max_length):
                grown: list[tuple[int, int, tuple[Spec, ...]]] = []
                for listed in beam:
                    before = columns.groups(listed, rules)
                    for position, spec in enumerate(specs):
                        longer = (*listed, spec)
                        if np.array_equal(columns.groups(longer, rules), before):
                            continue  # it splits nobody
                        judged += 1
                        grown.append((_score(base, rules, longer, ranks, recorded), position, longer))
                grown.sort(key=lambda item: (item[0], len(item[2]), item[1]))
                beam = [listed for _, _, listed in grown[:_BEAM]]
                for value, position, listed in grown[:_BEAM]:
                    setting = Setting(listed, (rules,), base.options)
                    order_key = (value, _misplaced(listed, recorded), 1, len(listed), position, rank_of, index)
                    scored.setdefault((index, ",".join(map(str, listed)), rules), (order_key, setting))
                if not beam:
                    break
    kinds: dict[tuple[str, tuple[tuple[str, str], ...], int], list[Setting]] = {}
    for sort_key, setting in sorted(scored.values(), key=lambda item: item[0]):
        alike = ",".join(map(str, setting.tiebreaks)), setting.options, sort_key[0]
        if alike in kinds or len(kinds) < _CLOSEST:
            kinds.setdefault(alike, []).append(setting)
    matches = []
    for settings in kinds.values():
        first = settings[0]
        base = next(b for b in bases if b.options == first.options)
        # The same list under several editions, off for the same players, is one setting with its editions.
        wrong = _off(base, first, ranks, recorded)
        alike_under = tuple(s.rules[0] for s in settings if s is first or _off(base, s, ranks, recorded) == wrong)
        setting = replace(first, rules=alike_under)
        matches.append(Match(setting, tuple(_explained(base, setting, ranks, recorded)), len(setting.tiebreaks)))
    return matches, judged


def _score(base: _Base, rules: Rules, listed: Sequence[Spec], ranks: RecordedRanks, recorded: _Recorded) -> int:
    """How many recorded values (totals, ranks, tie-break values) a setting does not give."""
    wrong = len(ranks.wrong(base.search.columns.groups(listed, rules)))
    return wrong + _values_off(base.search, listed, rules, recorded) + len(base.points)


def _off(base: _Base, setting: Setting, ranks: RecordedRanks, recorded: _Recorded) -> tuple[bytes, int]:
    """Who a setting ranks otherwise than the file, and how many recorded values it does not give."""
    groups = base.search.columns.groups(setting.tiebreaks, setting.rules[0])
    wrong = ranks.wrong(groups)
    return wrong.tobytes(), _values_off(base.search, setting.tiebreaks, setting.rules[0], recorded)


class _Alternatives:
    """The players a setting's neighbours (another edition, ``/P``, a cut more or less, the list's beginnings)
    rank otherwise than the file, each worked out once for all the disagreements it may explain."""

    def __init__(self, base: _Base, ranks: RecordedRanks) -> None:
        self.base, self.ranks = base, ranks
        self._wrong: dict[tuple[str, Rules], frozenset[int]] = {}

    def wrong(self, specs: Sequence[Spec], rules: Rules) -> frozenset[int]:
        key = ",".join(map(str, specs)), rules
        if key not in self._wrong:
            groups = self.base.search.columns.groups(specs, rules)
            self._wrong[key] = frozenset(self.ranks.wrong(groups)[:, 0].tolist())
        return self._wrong[key]


def _explained(base: _Base, setting: Setting, ranks: RecordedRanks, recorded: _Recorded) -> Iterator[Disagreement]:
    """Every disagreement of a setting, by start number, each with its likely cause in words."""
    search, rules, listed = base.search, setting.rules[0], setting.tiebreaks
    event = search.base.event
    names = event.roster.names
    who = _who(event)
    found: list[Disagreement] = list(base.points)
    groups = search.columns.groups(listed, rules)
    alternatives = _Alternatives(base, ranks)
    for row, place in ranks.wrong(groups).tolist():
        recorded_rank = int(event.roster.recorded_ranks[row] or 0)
        cause = _rank_cause(alternatives, setting, row, recorded_rank)
        found.append(Disagreement(row + 1, names[row], "rank", Fraction(recorded_rank), Fraction(place), cause, who))
    for code, spec, values in recorded.columns:
        position = _position(listed, recorded, code)
        at = spec if position is None else listed[position]
        before = search.columns.points_groups if position is None else search.columns.groups(listed[:position], rules)
        column = search.columns.at(before, at, rules)
        for row in values.differing(column).tolist():
            given = dict(event.roster.recorded_tiebreaks[row])
            cause = _value_cause(base, at, before, rules, values, row)
            found.append(Disagreement(row + 1, names[row], code, given[code], column.number(row), cause, who))
    found.sort(key=lambda d: (d.start, d.what not in ("points", *SCORES), d.what != "rank", d.what))
    yield from found


def _unplayed(event: Event, row: int, *, forfeits: bool = False) -> list[Message]:
    """A player's unplayed rounds in words (``round 5 forfeit win``), the forfeits only when asked."""
    found = []
    for column in range(event.table.rounds):
        kind = KINDS[int(event.table.kind[row, column])]
        if kind.is_played or kind is ResultKind.NOT_PLAYED:
            continue
        if forfeits and kind not in (ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS):
            continue
        found.append(Message.of(N_("round {round} {kind}"), round=column + 1, kind=phrase_message(describe_kind(kind))))
    return found


_EDITION_WORDS = {
    Rules.FIDE_2026: N_("against a dummy of the same score, capped (C.07 16.4)"),
    Rules.FIDE_2024: N_("against a dummy of the same score, uncapped"),
    Rules.FIDE_2023: N_("against a dummy of the same score, uncapped"),
    Rules.FIDE_2009: N_("against a virtual opponent (C.02 13.15)"),
    Rules.NONE: N_("at face value"),
}
"""How an edition counts a player's own unplayed rounds, as a cause says it."""

_CAUSES = {
    # A cause's sentence, by what the row is (a player: his, him; a team: its, it), whole in every language.
    ("edition", "player"): N_("ranked as under --rules {edition}, which counts his {rounds} {how}"),
    ("edition", "team"): N_("ranked as under --rules {edition}, which counts its {rounds} {how}"),
    ("opponents", "player"): N_("ranked as under --rules {edition}, which scores his opponents' unplayed rounds "
                                "otherwise"),
    ("opponents", "team"): N_("ranked as under --rules {edition}, which scores its opponents' unplayed rounds "
                              "otherwise"),
    ("forfeits", "player"): N_("ranked as if his {rounds} counted as a game played (/P)"),
    ("forfeits", "team"): N_("ranked as if its {rounds} counted as a game played (/P)"),
    ("opponents' forfeits", "player"): N_("ranked as if his opponents' forfeits counted as games played (/P)"),
    ("opponents' forfeits", "team"): N_("ranked as if its opponents' forfeits counted as games played (/P)"),
    ("points ahead", "player"): N_("his points place him ahead of player {other} ({mine} against {theirs}), whom "
                                   "the file ranks above him"),
    ("points behind", "player"): N_("his points place him behind player {other} ({mine} against {theirs}), whom "
                                    "the file ranks below him"),
    ("points otherwise", "player"): N_("his points place him otherwise"),
    ("points ahead", "team"): N_("its {score} place it ahead of team {other} ({mine} against {theirs}), whom the "
                                 "file ranks above it"),
    ("points behind", "team"): N_("its {score} place it behind team {other} ({mine} against {theirs}), whom the "
                                  "file ranks below it"),
    ("points otherwise", "team"): N_("its {score} place it otherwise"),
    ("code ahead", "player"): N_("{code} places him ahead of player {other} ({mine} against {theirs}), whom the "
                                 "file ranks above him"),
    ("code behind", "player"): N_("{code} places him behind player {other} ({mine} against {theirs}), whom the "
                                  "file ranks below him"),
    ("code otherwise", "player"): N_("{code} places him otherwise"),
    ("code ahead", "team"): N_("{code} places it ahead of team {other} ({mine} against {theirs}), whom the file "
                               "ranks above it"),
    ("code behind", "team"): N_("{code} places it behind team {other} ({mine} against {theirs}), whom the file "
                                "ranks below it"),
    ("code otherwise", "team"): N_("{code} places it otherwise"),
}  # fmt: skip
"""The likely causes of a rank the setting does not give, as sentences with fields."""


def _rank_cause(alternatives: _Alternatives, setting: Setting, row: int, recorded_rank: int) -> Message:
    """The likely cause of a recorded rank the setting does not give: another edition, forfeits counted as
    games, a cut, else the tie-break that places the player otherwise."""
    search, rules, listed = alternatives.base.search, setting.rules[0], setting.tiebreaks
    event = search.base.event
    who = _who(event)
    final = search.columns.groups(listed, rules)
    tied = [other + 1 for other in np.flatnonzero(final == final[row]).tolist() if other != row]
    if tied:  # the list is too short for him: that, not a neighbour that lands him right by chance
        # English's one form; the other languages take the form of the number of the tied
        if who == "player":
            return Message.ngettext(
                "no tie-break of the list separates him from player(s) {list}",
                "no tie-break of the list separates him from player(s) {list}",
                len(tied),
                list=", ".join(map(str, tied[:5])),
            )
        return Message.ngettext(
            "no tie-break of the list separates it from team(s) {list}",
            "no tie-break of the list separates it from team(s) {list}",
            len(tied),
            list=", ".join(map(str, tied[:5])),
        )

    def gives(specs: Sequence[Spec], edition: Rules) -> bool:
        return row not in alternatives.wrong(specs, edition)

    for edition in search.editions:
        if edition is not rules and gives(listed, edition):
            own = _unplayed(event, row)
            if own:
                return Message.of(_CAUSES["edition", who], edition=str(edition), rounds=Message.joined(own),
                                  how=Message(_EDITION_WORDS[edition]))  # fmt: skip
            return Message.of(_CAUSES["opponents", who], edition=str(edition))
    played = tuple(
        replace(spec, forfeits_played=True) if Modifier.PLAYED in REGISTRY[spec.code].modifiers else spec
        for spec in listed
    )
    if played != listed and gives(played, rules):
        forfeits = _unplayed(event, row, forfeits=True)
        if forfeits:
            return Message.of(_CAUSES["forfeits", who], rounds=Message.joined(forfeits))
        return Message(_CAUSES["opponents' forfeits", who])
    for position, spec in enumerate(listed):
        if Modifier.CUT not in REGISTRY[spec.code].modifiers:
            continue
        other = replace(spec, cut_low=0 if spec.cut_low else 1, cut_high=0)
        if gives((*listed[:position], other, *listed[position + 1 :]), rules):
            return Message.of(N_("ranked as if {code} were {other}"), code=str(spec), other=str(other))
    return _placed(alternatives, setting, row, recorded_rank)


def _placed(alternatives: _Alternatives, setting: Setting, row: int, recorded_rank: int) -> Message:
    """The tie-break of the list that places a player where the file does not, against whom, with both values."""
    search, rules, listed = alternatives.base.search, setting.rules[0], setting.tiebreaks
    recorded = alternatives.ranks
    who = _who(search.base.event)
    for depth in range(len(listed) + 1):
        groups = search.columns.groups(listed[:depth], rules)
        if not recorded.within_reach(groups, row) or depth == len(listed):
            break
    else:  # pragma: no cover - the loop always breaks
        return Message("")
    if depth == 0:  # his points: every player is in one group before them
        by, code, before, column = "points", "", np.zeros_like(groups), search.base.points
    else:
        spec = listed[depth - 1]
        before = search.columns.groups(listed[: depth - 1], rules)
        by, code, column = "code", str(spec), search.columns.at(before, spec, rules)
    score = search.base.event.table.primary
    ranks_of = search.base.event.roster.recorded_ranks
    mates = np.flatnonzero(before == before[row])
    # The first player of his group whom the file ranks on one side of him and the tie-break on the other.
    for other in mates[groups[mates] != groups[row]].tolist():
        theirs = ranks_of[other]
        if not theirs:
            continue
        above_in_file = theirs < recorded_rank
        above_here = groups[other] < groups[row]
        if above_in_file != above_here:
            side = "ahead" if above_in_file else "behind"
            return Message.of(_CAUSES[f"{by} {side}", who], code=code, score=score, other=other + 1,
                              mine=_number(column.number(row)), theirs=_number(column.number(other)))  # fmt: skip
    return Message.of(_CAUSES[f"{by} otherwise", who], code=code, score=score)


def _value_cause(base: _Base, spec: Spec, groups: Ints, rules: Rules, values: RecordedValues, row: int) -> Message:
    """The likely cause of a recorded value the setting's tie-break does not give: the edition or variant of the
    code that gives it."""
    search = base.search
    for edition in search.editions:
        if edition is not rules and row not in values.differing(search.columns.at(groups, spec, edition)).tolist():
            return Message.of(N_("{code} as --rules {edition} counts it"), code=str(spec), edition=str(edition))
    for other in catalogue(search.base.event):
        differs = other.code != spec.code or other == spec
        if not differs and row not in values.differing(search.columns.at(groups, other, rules)).tolist():
            return Message.of(N_("computed as {code}"), code=str(other))
    return Message.of(N_("no edition nor variant of {code} gives it"), code=spec.code)


def _who(event: Event) -> str:
    """What a row is, ``player`` or ``team``: a disagreement's and the key of its causes' sentences (his or its)."""
    return "player" if event.teams is None else "team"


def _number(value: Fraction | None) -> Message | Number:
    return Message(N_("no value")) if value is None else Number(exact_text(value))
