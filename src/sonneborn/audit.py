"""Auditing a results file: what it records against what its results give.

Arbiters run this before they publish: every recorded total, rank and
tie-break value is recomputed, and each disagreement is named with a hint of
its likely cause.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from sonneborn.model import Player, ResultKind
from sonneborn.numbers import exact_text
from sonneborn.ranking import Standings
from sonneborn.tiebreaks import REGISTRY, Context, parse
from sonneborn.tiebreaks.unplayed import describe_kind


@dataclass(frozen=True, slots=True)
class Disagreement:
    """One recorded value that the results do not give."""

    player: Player
    what: str
    """``points``, ``rank`` or a tie-break code."""
    recorded: Fraction
    computed: Fraction | None
    hint: str = ""

    def __str__(self) -> str:
        computed = "no value" if self.computed is None else exact_text(self.computed)
        text = f"player {self.player.start} ({self.player.name}): {self.what} {exact_text(self.recorded)} recorded, "
        text += f"{computed} computed"
        return text + (f": {self.hint}" if self.hint else "")


def points_hint(standings: Standings, player: Player, recorded: Fraction, computed: Fraction) -> str:
    """A likely cause of a points difference: a round left out, or an unplayed round counted as more."""
    system = standings.tournament.point_system
    difference = computed - recorded
    for entry in player.entries:
        points = system.points(entry.kind) if entry.points is None else entry.points
        if difference > 0 and points == difference and entry.kind.is_finished:
            name = describe_kind(entry.kind) if not entry.kind.is_played else "win" if points == system.win else "draw"
            return f"round {entry.round} {name} not counted"
        if difference < 0 and not entry.kind.is_played and entry.kind.is_finished and points == 0:
            for value, label in ((system.draw, "a draw"), (system.win, "a win")):
                if -difference == value:
                    what = "absence" if entry.kind is ResultKind.ZERO_BYE else describe_kind(entry.kind)
                    return f"round {entry.round} {what} counted as {label}"
    return ""


def audit(standings: Standings, *, list_known: bool) -> list[Disagreement]:
    """Every disagreement between what the file records and what its results give.

    Ranks are compared exactly when the tie-break list is known (stated in the
    file or given); otherwise a recorded rank only has to fall within the places
    of the player's points group.
    """
    found: list[Disagreement] = []
    first_place: dict[Fraction, int] = {}
    last_place: dict[Fraction, int] = {}
    for row in standings.rows:
        first_place.setdefault(row.points, row.rank)
        last_place[row.points] = max(last_place.get(row.points, 0), row.rank)
    context = Context(standings.tournament, rules=standings.rules)
    extra: dict[str, dict[int, Fraction | None]] = {}
    for row in sorted(standings.rows, key=lambda r: r.player.start):
        player = row.player
        if player.recorded_points is not None and player.recorded_points != row.points:
            hint = points_hint(standings, player, player.recorded_points, row.points)
            found.append(Disagreement(player, "points", player.recorded_points, row.points, hint))
        if player.recorded_rank is not None:
            if list_known:
                wrong = player.recorded_rank != row.rank
            else:
                wrong = not first_place[row.points] <= player.recorded_rank <= last_place[row.points]
            if wrong:
                hint = (
                    ""
                    if list_known
                    else f"{exact_text(row.points)} points place {first_place[row.points]}–{last_place[row.points]}"
                )
                found.append(Disagreement(player, "rank", Fraction(player.recorded_rank), Fraction(row.rank), hint))
        for code, recorded in player.recorded_tiebreaks:
            if code not in extra:
                spec = parse(code)
                compute = REGISTRY[spec.code].compute
                assert compute is not None
                extra[code] = {s: v.number for s, v in compute(context, spec).items()}
            computed = extra[code][player.start]
            if computed != recorded:
                found.append(Disagreement(player, code, recorded, computed))
    return found


def audited_fields(standings: Standings) -> list[str]:
    """What the file records, for the summary line."""
    players = standings.tournament.players
    fields = []
    if any(p.recorded_points is not None for p in players):
        fields.append("points")
    if any(p.recorded_rank is not None for p in players):
        fields.append("ranks")
    fields += sorted({code for p in players for code, _ in p.recorded_tiebreaks})
    return fields
