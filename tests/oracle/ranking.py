"""Standings: rank by points, then by each tie-break of an ordered list (C.07 4.2).

Each tie-break is applied only to the groups still tied; direct encounter is
evaluated inside each of those groups. Players still tied at the end of the
list share the place, unless lots are drawn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from oracle.direct_encounter import describe
from oracle.own_results import points
from oracle.registry import REGISTRY, WEIGHTED_SCORES, Context, Spec, Value, parse, parse_list
from sonneborn.errors import TiebreakError
from sonneborn.model import EventKind, Player, StartNo, Tournament
from sonneborn.tiebreaks.rules import DEFAULT_RULES, Rules


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the standings."""

    rank: int
    player: Player
    points: Fraction
    values: dict[str, Value]
    """By normalised code (``BH/C1``)."""
    shared: bool = False
    by_lot: bool = False
    points_derivation: Value | None = None


@dataclass(frozen=True, slots=True)
class Standings:
    """The ranked event: one result, many renderers."""

    tournament: Tournament
    kind: EventKind
    tiebreaks: tuple[Spec, ...]
    rows: tuple[Row, ...]
    rank_by: Spec | None = None
    lots: int | None = None
    rules: Rules = DEFAULT_RULES
    index: dict[StartNo, int] = field(default_factory=dict, compare=False, repr=False)
    """Each start number's row."""

    @property
    def codes(self) -> list[str]:
        """The normalised codes of the columns, the ranking score first when it is not points."""
        codes = [str(spec) for spec in self.tiebreaks]
        if self.rank_by is not None:
            codes.insert(0, str(self.rank_by))
        return codes

    def row(self, start: StartNo) -> Row:
        """The row of a player."""
        return self.rows[self.index[start]]


def rank(
    tournament: Tournament,
    tiebreaks: Sequence[Spec],
    *,
    rank_by: Spec | None = None,
    lots: int | None = None,
    rules: Rules = DEFAULT_RULES,
    unrated_rating: int | None = None,
) -> Standings:
    """Ranks the event: by points (or a weighted score), then by each tie-break in order.

    >>> from sonneborn.demo import seed_event
    >>> standings = rank(seed_event(), parse_list("SB,DE,WIN"))
    >>> [(r.rank, r.player.name, float(r.values["SB"].number)) for r in standings.rows[:3]]
    [(1, 'Sloth', 69.5), (2, 'Zagorovsky', 66.75), (3, 'Kosenkov', 67.5)]
    """
    context = Context(tournament, rules=rules, unrated_rating=unrated_rating)
    specs = tuple(tiebreaks)
    if rank_by is not None and rank_by.code not in WEIGHTED_SCORES:
        raise TiebreakError(f"cannot rank by {str(rank_by)!r} (choose one of {', '.join(WEIGHTED_SCORES)})")
    computed: dict[str, dict[StartNo, Value]] = {}
    for spec in [*specs, *([rank_by] if rank_by else [])]:
        compute = REGISTRY[spec.code].compute
        if compute is not None and str(spec) not in computed:
            computed[str(spec)] = compute(context, spec)

    def primary(start: StartNo) -> Fraction:
        if rank_by is None:
            return context.scores[start]
        number = computed[str(rank_by)][start].number
        return Fraction(0) if number is None else number

    starts = [p.start for p in tournament.players]
    groups = _split(starts, primary, reverse=False)
    for spec in specs:
        definition = REGISTRY[spec.code]
        if definition.group_rank is not None:
            values: dict[StartNo, Value] = {s: Value(Fraction(0), note="not tied at this point") for s in starts}
            refined: list[list[StartNo]] = []
            for group in groups:
                if len(group) == 1:
                    refined.append(group)
                    continue
                parts = definition.group_rank(context, spec, group)
                place = 1
                for part in parts:
                    for start in part:
                        note = describe(context, spec, group, start)
                        values[start] = Value(Fraction(place if len(parts) > 1 else 0), note=note)
                    place += len(part)
                refined.extend(parts)
            computed[str(spec)] = values
            groups = refined
        else:
            table = computed[str(spec)]

            def number(start: StartNo, table: dict[StartNo, Value] = table) -> Fraction | None:
                return table[start].number

            groups = [
                part
                for group in groups
                for part in ([group] if len(group) == 1 else _split(group, number, definition.lowest_first(spec)))
            ]
    derivations = points(context, Spec("PTS"))
    rows: list[Row] = []
    rng = random.Random(lots) if lots is not None else None
    for group in groups:
        members = sorted(group)
        if rng is not None and len(members) > 1:
            rng.shuffle(members)
            for start in members:
                rows.append(
                    _row(tournament, context, computed, derivations, start, len(rows) + 1, shared=False, by_lot=True)
                )
            continue
        place = len(rows) + 1
        for start in members:
            rows.append(
                _row(tournament, context, computed, derivations, start, place, shared=len(members) > 1, by_lot=False)
            )
    index = {row.player.start: position for position, row in enumerate(rows)}
    return Standings(tournament, context.kind, specs, tuple(rows), rank_by, lots, rules, index)


def _row(
    tournament: Tournament,
    context: Context,
    computed: dict[str, dict[StartNo, Value]],
    derivations: dict[StartNo, Value],
    start: StartNo,
    place: int,
    *,
    shared: bool,
    by_lot: bool,
) -> Row:
    values = {code: table[start] for code, table in computed.items()}
    return Row(place, tournament.player(start), context.scores[start], values, shared, by_lot, derivations[start])


def _split(group: Sequence[StartNo], key: Callable[[StartNo], Fraction | None], reverse: bool) -> list[list[StartNo]]:
    """Splits a group into subgroups of equal key, best first; a missing value ranks last."""
    buckets: dict[Fraction, list[StartNo]] = {}
    absent: list[StartNo] = []
    for start in sorted(group):
        value = key(start)
        if value is None:
            absent.append(start)
        else:
            buckets.setdefault(value, []).append(start)
    parts = [buckets[level] for level in sorted(buckets, reverse=not reverse)]
    return parts + ([absent] if absent else [])


__all__ = ["Row", "Standings", "parse", "parse_list", "rank"]
