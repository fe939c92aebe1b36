"""The standings as a TRF-26 file: the event with computed points, ranks and the tie-break list used."""

from __future__ import annotations

from sonneborn.formats.trf import write_trf
from sonneborn.formats.trf.write import write_trf_teams
from sonneborn.lots import drawing_record
from sonneborn.ranking import Standings


def render_trf(standings: Standings) -> str:
    """A TRF-26 file of the event; record 202 names the list used, ``XXT`` the rules edition and ``XXL`` the
    drawing of lots when one decided a place, so that reading it back ranks the same. A team event's file holds
    its players and its team records (310 with each team's rank), as
    :func:`~sonneborn.formats.trf.write.write_trf_teams` writes them."""
    rows = range(standings.event.players)
    ranks = {row + 1: int(standings.ranks[row]) for row in rows}
    tiebreaks = [str(spec) for spec in standings.tiebreaks]
    whole = [str(spec) for spec in standings.specs]
    rules = str(standings.rules)
    lots = None if standings.drawing is None else drawing_record(standings.drawing)
    if standings.event.teams is not None:
        from sonneborn.teams import teams_of

        teams = teams_of(standings.event)
        return write_trf_teams(
            teams, ranks=ranks, tiebreaks=tiebreaks, standings_tiebreaks=whole, rules=rules, lots=lots
        )
    return write_trf(
        standings.tournament,
        points={row + 1: standings.points.number(row) or 0 for row in rows},  # type: ignore[misc]
        ranks=ranks,
        tiebreaks=tiebreaks,
        standings_tiebreaks=whole,
        rules=rules,
        lots=lots,
    )
