"""The standings as a TRF-26 file: the event with computed points, ranks and the tie-break list used."""

from __future__ import annotations

from sonneborn.formats.trf import write_trf
from sonneborn.ranking import Standings


def render_trf(standings: Standings) -> str:
    """A TRF-26 file of the event; record 202 names the list used and ``XXT`` the rules edition, so that reading
    it back ranks the same."""
    players = range(standings.event.players)
    return write_trf(
        standings.tournament,
        points={row + 1: standings.points.number(row) or 0 for row in players},  # type: ignore[misc]
        ranks={row + 1: int(standings.ranks[row]) for row in players},
        tiebreaks=[str(spec) for spec in standings.tiebreaks],
        standings_tiebreaks=[str(spec) for spec in standings.specs],
        rules=str(standings.rules),
    )
