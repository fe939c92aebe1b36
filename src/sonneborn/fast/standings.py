"""Ranking on arrays, and the JSON and CSV of the result, identical to the reference path's.

Groups of tied players are integer group numbers; each tie-break splits
them with one sort over the whole field, and direct encounter runs only
inside the groups still tied when it is reached (C.07 4.2, Art. 6).
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from sonneborn.fast.event import FORFEITS, PLAYED, ArrayEvent, Ints, of_kinds, system_of
from sonneborn.fast.kernels import BIG, Column, Kernels, Unsupported
from sonneborn.model import EventKind, StartNo
from sonneborn.numbers import exact_text, terminates
from sonneborn.render.json import Numbers, StandingsColumns, iter_standings
from sonneborn.tiebreaks import REGISTRY, Spec
from sonneborn.tiebreaks.direct_encounter import order_by_encounters
from sonneborn.tiebreaks.rules import Rules

SUPPORTED = frozenset(
    {
        "PTS",
        "SB",
        "BH",
        "FB",
        "AOB",
        "PS",
        "WIN",
        "WON",
        "BPG",
        "BWG",
        "KS",
        "REP",
        "GE",
        "TPN",
        "RTNG",
        "ARO",
        "TPR",
        "DE",
    }
)
"""The codes the array path computes; any other code goes the reference way."""


def supports(specs: Sequence[Spec]) -> bool:
    """Whether the array path computes every tie-break of the list."""
    return all(spec.code in SUPPORTED for spec in specs)


def column(kernels: Kernels, spec: Spec) -> Column:
    """One tie-break's values for every player."""
    code = spec.code
    simple = {
        "PTS": kernels.points,
        "WIN": kernels.wins,
        "WON": kernels.games_won,
        "BPG": kernels.black_games,
        "BWG": kernels.black_wins,
        "REP": kernels.rounds_elected,
        "GE": kernels.rounds_elected,
        "TPN": kernels.pairing_number,
    }
    if code in simple:
        return simple[code]()
    with_spec = {
        "SB": kernels.sonneborn_berger,
        "BH": kernels.buchholz,
        "FB": kernels.fore_buchholz,
        "AOB": kernels.average_of_opponents_buchholz,
        "PS": kernels.progressive,
        "KS": kernels.koya,
        "RTNG": kernels.rating,
        "ARO": kernels.average_rating,
        "TPR": kernels.performance,
    }
    if code in with_spec:
        return with_spec[code](spec)
    raise Unsupported(code)


@dataclass(frozen=True, slots=True)
class FastStandings:
    """The ranked event as arrays: rows in final order with their ranks and every column."""

    event: ArrayEvent
    names: Sequence[str]
    name: str | None
    kind: EventKind
    rules: Rules
    specs: tuple[Spec, ...]
    order: Ints
    """Player rows in final order."""
    ranks: Ints
    """The rank of each player (by row)."""
    columns: dict[str, Column]
    points: Column
    lots: int | None
    unfinished: int

    @property
    def codes(self) -> list[str]:
        return [str(spec) for spec in self.specs]


def rank_arrays(
    event: ArrayEvent,
    specs: Sequence[Spec],
    *,
    names: Sequence[str],
    name: str | None,
    unfinished: int,
    rules: Rules,
    unrated_rating: int | None = None,
    lots: int | None = None,
) -> FastStandings:
    """Ranks by points, then by each tie-break on the groups still tied, exactly as :func:`sonneborn.ranking.rank`."""
    if not supports(specs):
        raise Unsupported(", ".join(s.code for s in specs if s.code not in SUPPORTED))
    kernels = Kernels(event, rules=rules, unrated_rating=unrated_rating)
    points = kernels.points()
    players = event.players
    starts = np.arange(1, players + 1, dtype=np.int64)
    group = _regroup(np.zeros(players, dtype=np.int64), -points.key)
    columns: dict[str, Column] = {}
    for spec in specs:
        definition = REGISTRY[spec.code]
        if definition.group_rank is not None:
            places, sub = _direct_encounter(event, kernels, spec, group)
            columns[str(spec)] = Column(places, np.ones(players, dtype=np.int64), np.ones(players, dtype=bool), places)
            group = _regroup(group, sub)
            continue
        values = columns.get(str(spec)) or column(kernels, spec)
        columns[str(spec)] = values
        lowest_first = definition.lowest_first(spec)
        order_key = np.where(values.present, values.key if lowest_first else -values.key, BIG)
        group = _regroup(group, order_key)
    order = np.lexsort((starts, group))
    ranks = np.empty(players, dtype=np.int64)
    sorted_groups = group[order]
    first = np.ones(players, dtype=bool)
    first[1:] = sorted_groups[1:] != sorted_groups[:-1]
    positions = np.arange(1, players + 1, dtype=np.int64)
    ranks[order] = np.maximum.accumulate(np.where(first, positions, 0))
    if lots is not None:
        order, ranks = _draw_lots(order, sorted_groups, first, lots)
    return FastStandings(
        event, names, name, event.event_kind, rules, tuple(specs), order, ranks, columns, points, lots, unfinished
    )


def _regroup(group: Ints, key: Ints) -> Ints:
    """Group numbers refined by a key: tied players stay together only when their keys are equal too.

    Only the players still tied are sorted; the others keep their place.
    """
    sizes = np.bincount(group)
    tied = np.flatnonzero(sizes[group] > 1)
    if not tied.size:
        return group
    order = tied[np.lexsort((key[tied], group[tied]))]
    sorted_group, sorted_key = group[order], key[order]
    new_level = np.ones(len(order), dtype=bool)
    new_level[1:] = (sorted_group[1:] != sorted_group[:-1]) | (sorted_key[1:] != sorted_key[:-1])
    first_of_group = np.ones(len(order), dtype=bool)
    first_of_group[1:] = sorted_group[1:] != sorted_group[:-1]
    # The rank of each player's key inside his group: 0 for the best.
    levels = np.cumsum(new_level) - 1
    start_level = np.maximum.accumulate(np.where(first_of_group, levels, 0))
    inner = levels - start_level
    # Groups are numbered 0, 1, 2 … in rank order: a group split in k moves every later group k − 1 on.
    last_of_group = np.ones(len(order), dtype=bool)
    last_of_group[:-1] = first_of_group[1:]
    extra = np.zeros(len(sizes), dtype=np.int64)
    extra[sorted_group[last_of_group]] = inner[last_of_group]
    shift = np.cumsum(extra) - extra
    refined: Ints = group + shift[group]
    refined[order] += inner
    return refined


def _direct_encounter(event: ArrayEvent, kernels: Kernels, spec: Spec, group: Ints) -> tuple[Ints, Ints]:
    """DE places (0 where not separated or not tied) and a sub-order key, group by group."""
    players = event.players
    places = np.zeros(players, dtype=np.int64)
    sub = np.zeros(players, dtype=np.int64)
    sizes = np.bincount(group)
    tied = np.flatnonzero(sizes > 1)
    if not tied.size:
        return places, sub
    include_forfeits = spec.forfeits_played or kernels.round_robin
    counted_kinds = np.concatenate([PLAYED, FORFEITS]) if include_forfeits else PLAYED
    usable = of_kinds(event.kind, counted_kinds) & (event.opponent >= 0)
    system = system_of(event)
    unit = event.unit
    members_of: dict[int, list[int]] = {}
    for row in np.flatnonzero(np.isin(group, tied)):
        members_of.setdefault(int(group[row]), []).append(int(row) + 1)

    def encounters(members: Sequence[StartNo]) -> tuple[dict[StartNo, Fraction], set[frozenset[int]]]:
        inside = set(members)
        sums: dict[tuple[int, int], list[int]] = {}
        for start in members:
            row = start - 1
            for column in np.flatnonzero(usable[row]):
                opponent = int(event.opponent[row, column]) + 1
                if opponent in inside:
                    sums.setdefault((start, opponent), []).append(int(event.points[row, column]))
        separate = {start: Fraction(0) for start in members}
        met = set()
        for (start, opponent), results in sums.items():
            separate[start] += Fraction(sum(results), len(results) * unit)
            met.add(frozenset((start, opponent)))
        return separate, met

    for members in members_of.values():
        parts = order_by_encounters(members, encounters, system.win, system.loss)
        place = 1
        for index, part in enumerate(parts):
            for start in part:
                places[start - 1] = place if len(parts) > 1 else 0
                sub[start - 1] = index
            place += len(part)
    return places, sub


def _draw_lots(order: Ints, sorted_groups: Ints, first: np.ndarray[Any, Any], seed: int) -> tuple[Ints, Ints]:
    """The reference draw: one generator, each tied group (in order, by start number) shuffled in turn."""
    import random  # here: lots are rarely drawn

    rng = random.Random(seed)
    new_order = order.copy()
    bounds = [*np.flatnonzero(first).tolist(), len(order)]
    for begin, end in itertools.pairwise(bounds):
        if end - begin > 1:
            members = order[begin:end].tolist()
            rng.shuffle(members)
            new_order[begin:end] = members
    ranks = np.empty(len(order), dtype=np.int64)
    ranks[new_order] = np.arange(1, len(order) + 1)
    return new_order, ranks


def _numbers(values: Column, integral: bool, order: Ints) -> Numbers:
    """The JSON numbers of a column in final order: exact floats (ints for counts), null (NaN) where absent."""
    numerator, denominator, present = values.numerator[order], values.denominator[order], values.present[order]
    if integral and present.all():
        return numerator
    if integral:  # rare: counts that may be absent keep their ints in a list
        numbers: list[Any] = numerator.tolist()
        for missing in np.flatnonzero(~present).tolist():
            numbers[missing] = None
        return numbers
    return np.where(present, numerator / denominator, np.nan)


def standings_columns(result: FastStandings) -> StandingsColumns:
    """The standings column by column, as :func:`sonneborn.render.json.columns_of` gives the reference's."""
    codes = result.codes
    order = result.order
    head: dict[str, Any] = {
        "event": {"name": result.name, "rounds": result.event.rounds, "players": result.event.players,
                  "kind": result.kind.value},
        "rules": result.rules.value,
        "tiebreaks": codes,
    }  # fmt: skip
    if result.unfinished:
        head["provisional"] = True
    if result.lots is not None:
        head["lots"] = result.lots
    names = result.names
    return StandingsColumns(
        head,
        result.ranks[order],
        order + 1,
        list(map(names.__getitem__, order.tolist())),
        result.points.numerator[order] / result.points.denominator[order],
        [_numbers(result.columns[c], REGISTRY[c.split("/")[0]].integral, order) for c in codes],
    )


def render_json(result: FastStandings) -> str:
    """The same text as :func:`sonneborn.render.json.render_json` of the reference standings."""
    return "".join(iter_json(result))


def iter_json(result: FastStandings) -> Iterator[str]:
    """The text of :func:`render_json` in pieces, as they are formatted."""
    return iter_standings(standings_columns(result))


def render_csv(result: FastStandings) -> str:
    """The same text as :func:`sonneborn.render.csv.render_csv` of the reference standings."""
    out = io.StringIO()
    import csv  # here: the JSON output, the common one, needs no CSV writer

    writer = csv.writer(out, lineterminator="\n")
    codes = result.codes
    writer.writerow(["rank", "start", "name", "rating", "points", *codes])
    texts = [_exact_texts(result.columns[code]) for code in codes]
    points = _exact_texts(result.points)
    ratings = result.event.rating.tolist()
    ranks = result.ranks.tolist()
    for row in result.order.tolist():
        rating = str(ratings[row]) if ratings[row] else ""
        writer.writerow([ranks[row], row + 1, result.names[row], rating, points[row], *(t[row] for t in texts)])
    return out.getvalue()


def _exact_texts(values: Column) -> list[str]:
    texts = []
    for numerator, denominator, present in zip(
        values.numerator.tolist(), values.denominator.tolist(), values.present.tolist(), strict=True
    ):
        if not present:
            texts.append("")
            continue
        value = Fraction(numerator, denominator)
        texts.append(exact_text(value) if terminates(value) else repr(float(value)))
    return texts
