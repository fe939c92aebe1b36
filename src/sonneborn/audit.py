"""Auditing a results file: what it records against what its results give.

Arbiters run this before they publish: every recorded total, rank and
tie-break value is recomputed, and each disagreement is named with a hint of
its likely cause.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from sonneborn.event import KINDS
from sonneborn.model import ResultKind, StartNo
from sonneborn.numbers import exact_text
from sonneborn.ranking import Standings
from sonneborn.tiebreaks import REGISTRY, Column, Context, parse
from sonneborn.tiebreaks.unplayed import describe_kind


@dataclass(frozen=True, slots=True)
class Disagreement:
    """One recorded value that the results do not give."""

    start: StartNo
    name: str
    what: str
    """``points``, ``rank`` or a tie-break code."""
    recorded: Fraction
    computed: Fraction | None
    hint: str = ""

    def __str__(self) -> str:
        computed = "no value" if self.computed is None else exact_text(self.computed)
        text = f"player {self.start} ({self.name}): {self.what} {exact_text(self.recorded)} recorded, "
        text += f"{computed} computed"
        return text + (f": {self.hint}" if self.hint else "")


def points_hint(standings: Standings, row: int, recorded: Fraction, computed: Fraction) -> str:
    """A likely cause of a points difference: a round left out, or an unplayed round counted as more."""
    table = standings.event.table
    unit, system = table.unit, standings.event.point_system
    difference = computed - recorded
    for column in range(table.rounds):
        kind = KINDS[int(table.kind[row, column])]
        points = Fraction(int(table.points[row, column]), unit)
        finished = kind is not ResultKind.NOT_PLAYED
        if difference > 0 and points == difference and finished:
            name = describe_kind(kind) if not kind.is_played else "win" if points == system.win else "draw"
            return f"round {column + 1} {name} not counted"
        if difference < 0 and not kind.is_played and finished and points == 0:
            for value, label in ((system.draw, "a draw"), (system.win, "a win")):
                if -difference == value:
                    what = "absence" if kind is ResultKind.ZERO_BYE else describe_kind(kind)
                    return f"round {column + 1} {what} counted as {label}"
    return ""


def audit(standings: Standings, *, list_known: bool) -> list[Disagreement]:
    """Every disagreement between what the file records and what its results give, by start number.

    Ranks are compared exactly when the tie-break list is known (stated in the
    file or given); otherwise a recorded rank only has to fall within the places
    of the player's points group.
    """
    event = standings.event
    roster, table = event.roster, event.table
    points = [int(p) for p in standings.points.numerator.tolist()]
    ranks = standings.ranks.tolist()
    names = roster.names
    found: list[Disagreement] = []
    # The places of each points group: from its best rank to its worst.
    first_place: dict[int, int] = {}
    last_place: dict[int, int] = {}
    for row in standings.order.tolist():
        score, rank = points[row], ranks[row]
        first_place.setdefault(score, rank)
        last_place[score] = max(last_place.get(score, 0), rank)
    extra: dict[str, Column] = {}
    context = Context(event, rules=standings.rules, unrated_rating=standings.unrated_rating)
    recorded_points, recorded_ranks = list(roster.recorded_points), list(roster.recorded_ranks)
    unit = table.unit
    for row in range(event.players):
        start, score = row + 1, points[row]
        recorded = recorded_points[row]
        if recorded is not None and recorded.numerator * unit != score * recorded.denominator:
            computed = Fraction(score, table.unit)
            hint = points_hint(standings, row, recorded, computed)
            found.append(Disagreement(start, names[row], "points", recorded, computed, hint))
        recorded_rank = recorded_ranks[row]
        if recorded_rank is not None:
            rank = ranks[row]
            if list_known:
                wrong, hint = recorded_rank != rank, ""
            else:
                low, high = first_place[score], last_place[score]
                wrong = not low <= recorded_rank <= high
                hint = f"{exact_text(Fraction(score, table.unit))} points place {low}–{high}"
            if wrong:
                found.append(Disagreement(start, names[row], "rank", Fraction(recorded_rank), Fraction(rank), hint))
        for code, value in roster.recorded_tiebreaks[row]:
            if code not in extra:
                spec = parse(code)
                kernel = REGISTRY[spec.code].kernel
                assert kernel is not None
                extra[code] = kernel(context, spec)
            number = extra[code].number(row)
            if number != value:
                found.append(Disagreement(start, names[row], code, value, number))
    return found


def audited_fields(standings: Standings) -> list[str]:
    """What the file records, for the summary line."""
    roster = standings.event.roster
    fields = []
    if any(p is not None for p in roster.recorded_points):
        fields.append("points")
    if any(r is not None for r in roster.recorded_ranks):
        fields.append("ranks")
    fields += sorted({code for values in roster.recorded_tiebreaks for code, _ in values})
    return fields


__all__ = ["Disagreement", "audit", "audited_fields"]
