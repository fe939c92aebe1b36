"""The standings as a TRF-26 file: the event with computed points, ranks and the tie-break list used."""

from __future__ import annotations

from sonneborn.formats.trf import write_trf
from sonneborn.ranking import Standings


def render_trf(standings: Standings) -> str:
    """A TRF-26 file of the event; record 202 names the list used, so reading it back ranks the same."""
    return write_trf(
        standings.tournament,
        points={row.player.start: row.points for row in standings.rows},
        ranks={row.player.start: row.rank for row in standings.rows},
        tiebreaks=[str(spec) for spec in standings.tiebreaks],
        standings_tiebreaks=standings.codes,
    )
