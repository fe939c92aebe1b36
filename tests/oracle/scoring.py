"""A player's points, worked out from the rules of the event's point system, one round at a time.

The point system states what a win, a draw and a loss are worth. Forfeits
and byes are worth what the system says for them; where it says nothing, a
forfeit win, a pairing-allocated bye and a full-point bye are worth a win, a
half-point bye a draw, a forfeit loss and a zero-point bye a loss. A round
not played yet is worth nothing. Points the arbiter set for a round replace
all of that, and a bonus or penalty outside the rounds is added at the end.

This is written from those rules, not from :mod:`sonneborn.scoring` or
:meth:`sonneborn.model.PointSystem.points`: the point system is read as a
record of numbers.

>>> from sonneborn.model import PointSystem, ResultKind
>>> [worth(PointSystem(), k) for k in (ResultKind.FORFEIT_WIN, ResultKind.HALF_BYE, ResultKind.NOT_PLAYED)]
[Fraction(1, 1), Fraction(1, 2), Fraction(0, 1)]
>>> worth(PointSystem(win=Fraction(3), draw=Fraction(1), half_bye=Fraction(0)), ResultKind.HALF_BYE)
Fraction(0, 1)
"""

from __future__ import annotations

from fractions import Fraction

from sonneborn.model import Player, PointSystem, ResultKind, StartNo, Tournament


def worth(system: PointSystem, kind: ResultKind) -> Fraction:
    """What one result is worth under the point system, by its TRF code."""
    code = kind.value
    if code in ("1", "W"):  # a win over the board, rated or not
        return system.win
    if code in ("=", "D"):
        return system.draw
    if code in ("0", "L"):
        return system.loss
    if code == "*":  # no result yet
        return Fraction(0)
    # The unplayed results: the system's own value when it states one, else the result they stand for.
    stated = {
        "+": system.forfeit_win,
        "-": system.forfeit_loss,
        "U": system.pairing_bye,
        "F": system.full_bye,
        "H": system.half_bye,
        "Z": system.zero_bye,
    }[code]
    if stated is not None:
        return stated
    if code in ("+", "U", "F"):
        return system.win
    if code == "H":
        return system.draw
    return system.loss


def round_by_round(tournament: Tournament, player: Player) -> list[Fraction]:
    """The player's points in each round of the event; points the arbiter set win over the system."""
    found = []
    for entry in player.entries:
        if entry.points is not None:
            found.append(entry.points)
        else:
            found.append(worth(tournament.point_system, entry.kind))
    return found


def final_score(tournament: Tournament, player: Player) -> Fraction:
    """The player's score: every round's points, then any bonus or penalty."""
    total = Fraction(0)
    for value in round_by_round(tournament, player):
        total += value
    return total + player.adjustment


def final_scores(tournament: Tournament) -> dict[StartNo, Fraction]:
    """Every player's score, by start number."""
    return {player.start: final_score(tournament, player) for player in tournament.players}
