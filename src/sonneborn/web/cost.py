"""What a request asks of a worker, known before the work: to refuse it, or to rank it among the costly ones.

The size of an upload says little of its cost: a 24 kB crosstable of 110
players with a hundred cut codes asks for a report of 84 MB and seconds of
work. So the cost is reckoned from what the request asks, once the event is
read and before it is ranked (:func:`work`): its *cells*, players × rounds ×
values (the points and each code, a cut or median counting twice), times
what the output makes of each (:data:`OUTPUT_WEIGHTS`: the report and the
explanations derive every value). A request asking for more than
:data:`WORK_PER_SECOND` cells for each second of its time budget is refused
at once (422), rather than cut when its time is up; one of more than
:data:`CHEAP_WORK` is *costly*, and is ranked by the share of the workers
costly requests may take (:mod:`sonneborn.web.workers`), so that cheap ones
always find a worker.

The derivations of a tie-break decided inside tied groups (DE) once named the
whole group for each member, and grew with the square of the largest group.
Now a member's derivation names the group's members only in a group of at
most :data:`~sonneborn.tiebreaks.direct_encounter.LISTED`; in a larger one it
gives the group in a few words and the member's own games in it, so that they
grow with the players and their games (3,000 players without a game yet make
a report of some 2 MB, not 235 MB). Their size is still measured once the event
is ranked (:func:`derivations_size`) and bounded, a guard that seldom bites: past
:data:`MAX_TIED` the request is refused before a derivation is written, past
:data:`CHEAP_ANSWER` it is costly.

>>> from sonneborn.tiebreaks import parse_list
>>> cells(players=110, rounds=109, specs=parse_list("BH/C1,SB"))
47960
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sonneborn.event import Ints
from sonneborn.model import EventKind
from sonneborn.ranking import Standings, default_tiebreaks, regroup
from sonneborn.tiebreaks import REGISTRY, Spec
from sonneborn.tiebreaks.column import Column

WORK_PER_SECOND = 2_000_000
"""The cells a request may ask for per second of its time budget: 20 million for a file of a few kB (10 s)."""
CHEAP_WORK = 250_000
"""The most cells of a cheap request (a table of 2,000 players and 11 rounds is 132,000); more is costly."""
CHEAP_ANSWER = 8 * 1024 * 1024
"""The most characters of tied groups' derivations in a cheap request's answer (8 MB); more is costly."""
MAX_TIED = 64 * 1024 * 1024
"""The most characters of tied groups' derivations in an answer (64 MB): more is refused at once. A derivation
is the group in a few words and the member's games in it, some hundred characters a player: only an event of
hundreds of thousands of tied players reaches this, and the cells (:class:`Work`) refuse most such first."""
OUTPUT_WEIGHTS = {"report": 4, "explain": 8, "html": 3, "whatif": 1000}
"""What deriving every value costs, as cells per cell: the report and the explanations of every player derive
them all, the HTML standings as tooltips; other outputs weigh 1. ``whatif`` ranks up to 10,000 scenarios, about
a thousand rankings' work once they are ranked many at once."""
DERIVING = {"report": 2, "explain": 2, "html": 1}
"""How many times an output writes each derivation (the report and the explanations as lines and by code)."""


class Costly(Exception):
    """A request asks for more than a cheap one, and was sent to a worker of the cheap share: it must queue."""


@dataclass(frozen=True, slots=True)
class Work:
    """What a request asks: its players, rounds, values (the points and the codes, a cut counting twice) and the
    weight of its output; :attr:`cells` is their product."""

    players: int
    rounds: int
    values: int
    weight: int
    output: str

    @property
    def cells(self) -> int:
        return self.players * self.rounds * self.values * self.weight

    def refusal(self, seconds: float) -> str | None:
        """Why the request is refused, when it asks for more than ``seconds`` of budget allow; else ``None``."""
        allowed = int(WORK_PER_SECOND * seconds)
        if self.cells <= allowed:
            return None
        weight = f" × {self.weight} for the {self.output}" if self.weight > 1 else ""
        return (
            f"the request asks for too much work: {self.players:,} players × {self.rounds:,} rounds × "
            f"{self.values:,} values (the points and each code, a cut counting twice){weight} = {self.cells:,} "
            f"cells, more than the {allowed:,} the server ranks in the {seconds:g} s it gives a file of this size "
            "(ask for fewer codes, or for the JSON standings)"
        )


def values(specs: Sequence[Spec], rank_by: Spec | None = None) -> int:
    """The values a list asks for each player and round: the points (or the score ranked by) and each code, a cut
    or median counting twice (its elements are sorted).

    >>> from sonneborn.tiebreaks import parse_list
    >>> values(parse_list("BH/C1,BH,SB,DE,WIN"))
    7
    """
    chosen = [*([rank_by] if rank_by is not None else []), *specs]
    return 1 + sum(2 if spec.cut_low or spec.cut_high else 1 for spec in chosen)


def cells(*, players: int, rounds: int, specs: Sequence[Spec], rank_by: Spec | None = None) -> int:
    """Players × rounds (at least one) × :func:`values`."""
    return players * max(rounds, 1) * values(specs, rank_by)


def work(
    players: int,
    rounds: int,
    specs: Sequence[Spec] | None,
    kind: EventKind,
    rank_by: Spec | None,
    output: str,
    times: int = 1,
) -> Work:
    """What a request asks for an event; ``specs`` ``None`` is the default list of its ``kind``; ``times``
    multiplies the output's weight (``whatif``'s ``proof_effort``: its proofs search that many times as long)."""
    chosen = specs if specs is not None else default_tiebreaks(kind)
    return Work(players, max(rounds, 1), values(chosen, rank_by), OUTPUT_WEIGHTS.get(output, 1) * times, output)


@dataclass(frozen=True, slots=True)
class Tied:
    """The derivations of the codes decided inside tied groups (DE): their characters, once each, and the most
    players in one group."""

    size: int
    largest: int

    def refusal(self, times: int) -> str | None:
        """Why an answer writing them ``times`` over is refused, else ``None``."""
        if self.size * times <= MAX_TIED:
            return None
        return (
            f"the derivations of DE would be {self.size * times / (1024 * 1024):,.0f} MB, more than the "
            f"{MAX_TIED >> 20} MB an answer holds, for groups of up to {self.largest:,} players tied when it is "
            "reached (ask for a list without DE, or for the JSON standings)"
        )


def derivations_size(standings: Standings) -> Tied:
    """The derivations of the codes decided inside tied groups (DE): how large, once each, and the largest group.

    Every tied member's derivation is worked out and measured: each is a few
    words on his group and his own games in it (or, in a small group, its
    separate standings), so that this costs as much as there are players and
    games.
    """
    event = standings.event
    players = event.players
    columns = list(standings.columns)
    primary = columns.pop(0) if standings.rank_by is not None else standings.points
    group = _split(np.zeros(players, dtype=np.int64), primary)
    size = largest = 0
    for spec, column in zip(standings.tiebreaks, columns, strict=True):
        if REGISTRY[spec.code].group_kernel is not None:
            counts = np.bincount(group, minlength=1)
            tied = np.flatnonzero(counts[group] > 1)
            extra = len(spec.code) + 8
            size += sum(len(column.value(row).note) + extra for row in tied.tolist())
            if tied.size:
                largest = max(largest, int(counts.max()))
        group = _split(group, column)
    return Tied(size, largest)


def _split(group: Ints, column: Column) -> Ints:
    """The groups still tied once a column's values are known (equal values, or none, stay together)."""
    key: Ints = np.where(column.present, column.key, 0)
    return regroup(regroup(group, column.present.astype(np.int64)), key)
