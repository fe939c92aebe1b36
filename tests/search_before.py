"""The search for a likely cause as ``check`` made it before issue 18: a whole ranking for every candidate.

Each list is ranked in full under each edition with :func:`sonneborn.ranking.rank`, and each variant's
column computed afresh, then compared with the file one player at a time. Slow and plain, kept only to
check :mod:`sonneborn.causes` (not in ``tests/oracle``: it ranks with the engine by design, the search being
what it checks), which computes each column once and stops at the first disagreement.
"""

from __future__ import annotations

from collections.abc import Sequence

from sonneborn.ranking import Standings, rank
from sonneborn.tiebreaks import REGISTRY, Column, Context, Spec, parse, parse_list
from sonneborn.tiebreaks.rules import Rules


def editions(standings: Standings) -> list[Rules]:
    """The rule editions to try, the one in force first."""
    return [standings.rules, *(rules for rules in Rules if rules is not standings.rules)]


def places(standings: Standings, recorded_ranks: Sequence[int | None]) -> list[tuple[int, int, int]]:
    """Each player's place among the players the file ranks, and the first and last places of his points
    group (as ``sonneborn.audit`` counts them), one player at a time."""
    ranks = standings.ranks.tolist()
    scores = [int(p) for p in standings.points.numerator.tolist()]
    ranked = [row for row, recorded in enumerate(recorded_ranks) if recorded != 0]
    found = []
    for row in range(len(recorded_ranks)):
        place = 1 + sum(1 for other in ranked if ranks[other] < ranks[row])
        more = sum(1 for other in ranked if scores[other] > scores[row])
        as_many = sum(1 for other in ranked if scores[other] == scores[row])
        found.append((place, more + 1, more + as_many))
    return found


def ranking_found(
    standings: Standings, lists: Sequence[str], recorded: Sequence[int | None]
) -> tuple[str, Rules] | None:
    """The first list and edition (the edition in force first) that give every recorded rank, else ``None``."""
    for text in lists:
        for rules in editions(standings):
            specs = parse_list(text) if text else []
            ranked = rank(standings.event, specs, rules=rules, unrated_rating=standings.unrated_rating)
            found = places(ranked, recorded)
            if all(not mine or mine == found[row][0] for row, mine in enumerate(recorded)):
                return text or "(none)", rules
    return None


def variant_found(standings: Standings, code: str, variants: Sequence[str]) -> tuple[str, Rules] | None:
    """The first variant and edition under which a tie-break gives every value the file records, else ``None``."""
    roster = standings.event.roster
    recorded = [{c: v for c, v in values}.get(code) for values in roster.recorded_tiebreaks]
    for text in variants:
        for rules in editions(standings):
            column = column_under(standings, parse(text), rules)
            if all(value is None or column.number(row) == value for row, value in enumerate(recorded)):
                return text, rules
    return None


def column_under(standings: Standings, spec: Spec, rules: Rules) -> Column:
    """A tie-break's column under another edition: the kernel's, or a list of it alone ranked in full."""
    kernel = REGISTRY[spec.code].kernel
    if kernel is not None:
        return kernel(Context(standings.event, rules=rules, unrated_rating=standings.unrated_rating), spec)
    return rank(standings.event, [spec], rules=rules, unrated_rating=standings.unrated_rating).column(str(spec))
