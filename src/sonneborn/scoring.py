"""Points: per round, running totals and final scores under a point system.

>>> from sonneborn.model import PointSystem, ResultKind
>>> round_points(PointSystem(), [ResultKind.WIN, ResultKind.HALF_BYE, ResultKind.LOSS])
[Fraction(1, 1), Fraction(1, 2), Fraction(0, 1)]
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from itertools import accumulate

from sonneborn.model import Player, PointSystem, ResultKind, StartNo, Tournament


def round_points(system: PointSystem, kinds: Iterable[ResultKind]) -> list[Fraction]:
    """The points of each round's result."""
    return [system.points(kind) for kind in kinds]


def player_round_points(tournament: Tournament, player: Player) -> list[Fraction]:
    """The points a player made in each round of the event (an arbiter's award overrides the system)."""
    system = tournament.point_system
    return [system.points(e.kind) if e.points is None else e.points for e in player.entries]


def running_scores(tournament: Tournament, player: Player) -> list[Fraction]:
    """The player's score after each round (C.07 7.5), a bonus or penalty outside the rounds counted from the first."""
    return list(accumulate(player_round_points(tournament, player), initial=player.adjustment))[1:]


def scores(tournament: Tournament) -> dict[StartNo, Fraction]:
    """Every player's final score, by start number."""
    return {
        player.start: sum(player_round_points(tournament, player), player.adjustment) for player in tournament.players
    }
