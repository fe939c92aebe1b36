"""The production kernels give exactly the oracle's values, ranks and derivations (issue 10).

The oracle (``tests/oracle``) is the plain Fraction implementation, one player
at a time. The code lists are made from the registry, every modifier each code
takes included, so a new code cannot be left out; the events are random single
and double round robins and Swiss events with every kind of unplayed round,
ranked under every rules edition.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path

import pytest
from oracle.explain import format_value as oracle_format
from oracle.ranking import rank as oracle_rank
from oracle.registry import parse_list as oracle_parse_list
from random_events import random_event

from sonneborn.explain import explained, format_value
from sonneborn.model import PointSystem, Tournament
from sonneborn.ranking import column_keys, rank
from sonneborn.tiebreaks import REGISTRY, Spec, parse_list
from sonneborn.tiebreaks.rules import Rules
from sonneborn.tiebreaks.spec import Modifier

VARIANTS = {
    Modifier.CUT: ["/C1", "/C2"],
    Modifier.MEDIAN: ["/M1", "/M2"],
    Modifier.PLAYED: ["/P"],
    Modifier.LIMIT: ["/L+1", "/L-2"],
    Modifier.REVERSE: ["/R"],
    Modifier.UNRATED: ["/U1500"],
    Modifier.FORE: ["/F"],
    Modifier.DIVISOR: ["/K2"],
}
INDIVIDUAL = {code: definition for code, definition in REGISTRY.items() if not definition.teams}
"""The codes of individual events; the team codes are checked against the team oracle (test_issue20_teamrank)."""


def every_code() -> list[str]:
    """Every registered code of individual events, alone and with each modifier it takes (and a cut with /P)."""
    codes = []
    for code, definition in INDIVIDUAL.items():
        codes.append(code)
        for modifier in sorted(definition.modifiers, key=lambda m: m.value):
            codes += [code + text for text in VARIANTS[modifier]]
        if {Modifier.CUT, Modifier.PLAYED} <= definition.modifiers:
            codes.append(code + "/C1/P")
    return codes


EVERY_CODE = every_code()
FIRST = int(os.environ.get("SONNEBORN_FIRST_EVENT", "0"))
"""The seed of the first random event: ``make random`` starts elsewhere each run and tries many more."""
EVENTS = int(os.environ.get("SONNEBORN_EVENTS", "500"))
CHUNK = 10


def test_the_lists_cover_the_registry_and_every_modifier() -> None:
    assert {code.split("/")[0] for code in EVERY_CODE} == set(INDIVIDUAL)
    for code, definition in INDIVIDUAL.items():
        for modifier in definition.modifiers:
            assert any(text.startswith(code + "/" + modifier.value) for text in EVERY_CODE), (code, modifier)


@contextmanager
def warnings_of_the_oracle() -> Iterator[list[str]]:
    """The oracle logs its warnings; the kernels return them."""
    found: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            found.append(record.getMessage())

    handler = Collect(logging.WARNING)
    logger = logging.getLogger("oracle")
    logger.addHandler(handler)
    saved = logger.propagate
    logger.propagate = False
    try:
        yield found
    finally:
        logger.removeHandler(handler)
        logger.propagate = saved


def compare(event: Tournament, codes: str, rules: Rules, **options: object) -> None:
    """Ranks with both and compares every rank, value, derivation and warning."""
    specs = parse_list(codes)
    rank_by = options.pop("rank_by", None)
    assert rank_by is None or isinstance(rank_by, str)
    with warnings_of_the_oracle() as oracle_warnings:
        expected = oracle_rank(
            event,
            oracle_parse_list(codes),
            rules=rules,
            rank_by=None if rank_by is None else oracle_parse_list(rank_by)[0],
            **options,  # type: ignore[arg-type]
        )
    found = rank(event, specs, rules=rules, rank_by=None if rank_by is None else Spec.parse(rank_by), **options)  # type: ignore[arg-type]
    assert [(r.player.start, r.rank, r.shared, r.by_lot) for r in found.rows] == [
        (r.player.start, r.rank, r.shared, r.by_lot) for r in expected.rows
    ]
    keys = column_keys(specs, None if rank_by is None else Spec.parse(rank_by))
    for row in expected.rows:
        start = row.player.start
        mine = found.row(start)
        assert mine.points == row.points, start
        assert mine.points_derivation is not None
        assert format_value(found.kind, "PTS", mine.points_derivation) == oracle_format(
            expected,
            "PTS",
            row.points_derivation,  # type: ignore[arg-type]
        )
        for key in keys:
            code = key.split("#")[0]
            if code.startswith("DE") and key != code:
                continue  # the oracle keeps one column per code; a second DE is compared where it is alone
            theirs, ours = row.values[code], mine.values[key]
            assert ours.number == theirs.number, (start, key, ours, theirs)
            assert format_value(found.kind, key, ours) == oracle_format(expected, code, theirs), (start, key)
    assert sorted(str(w) for w in found.warnings) == sorted(set(oracle_warnings))
    # A page's derivations, made a column at a time, read as each one made alone.
    order = found.order.tolist()
    for key in ["PTS", *found.codes]:
        column = found.column(key)
        assert explained(found, key) == [format_value(found.kind, key, column.value(row)) for row in order], key


@pytest.mark.parametrize("first", range(FIRST, FIRST + EVENTS, CHUNK))
def test_every_code_on_random_events_under_every_edition(first: int) -> None:
    editions = list(Rules)
    for seed in range(first, first + CHUNK):
        rng = random.Random(seed)
        round_robin = [True, False, None][seed % 3]
        event = random_event(rng, round_robin=round_robin)
        rules = editions[seed % len(editions)]
        compare(event, ",".join(EVERY_CODE), rules)


@pytest.mark.parametrize("seed", [500, 4, 23, 11])
def test_known_hard_events(seed: int) -> None:
    # Seeds of random_event that once told implementations apart (see test_properties).
    for rules in Rules:
        compare(random_event(random.Random(seed)), ",".join(EVERY_CODE), rules, lots=7)


@pytest.mark.parametrize("first", range(0, 200, CHUNK))
def test_ranking_by_short_lists_weighted_scores_and_lots(first: int) -> None:
    lists = ["BH/C1,BH,SB,DE,WIN", "DE,SB,WIN,KS", "DE", "SB,DE,WIN", "WIN,DE,SB", "TPN/R", "PS/C1,DE/P,BWG"]
    for seed in range(first, first + CHUNK):
        rng = random.Random(10_000 + seed)
        event = random_event(rng)
        rules = list(Rules)[seed % len(Rules)]
        codes = lists[seed % len(lists)]
        options: dict[str, object] = {}
        if seed % 4 == 1:
            options["lots"] = seed
        if seed % 5 == 2:
            options["rank_by"] = ["SB", "GF", "NNSB"][seed % 3]
        if seed % 3 == 0:
            options["unrated_rating"] = 1400
        compare(event, codes, rules, **options)


@pytest.mark.parametrize("first", range(0, 60, CHUNK))
def test_the_same_kernels_on_python_integers_give_the_same_values(first: int) -> None:
    # Where 64 bits could overflow the kernels run on object arrays: the same code, the same values.
    from dataclasses import replace

    from sonneborn.event import Event, as_wide

    specs = parse_list(",".join(EVERY_CODE))
    for seed in range(first, first + CHUNK):
        event = Event.of(random_event(random.Random(20_000 + seed)))
        table, score = event.table, event.table.score
        wide_score = replace(
            score, points=as_wide(score.points), adjustment=as_wide(score.adjustment), system=as_wide(score.system)
        )
        assert wide_score.wide
        wide_table = replace(table, scores={table.primary: wide_score})
        wide = Event(wide_table, event.roster, event.info)
        rules = list(Rules)[seed % len(Rules)]
        narrow_standings, wide_standings = rank(event, specs, rules=rules), rank(wide, specs, rules=rules)
        assert wide_standings.order.tolist() == narrow_standings.order.tolist()
        for key in narrow_standings.codes:
            a, b = narrow_standings.column(key), wide_standings.column(key)
            assert [a.number(row) for row in range(len(a))] == [b.number(row) for row in range(len(b))], key
            assert [a.value(row) for row in range(len(a))] == [b.value(row) for row in range(len(b))], key


HUGE_UNIT = PointSystem(
    win=Fraction(1),
    draw=Fraction(499_991, 999_983),
    loss=Fraction(0),
    forfeit_win=Fraction(999_958, 999_959),
    pairing_bye=Fraction(999_960, 999_961),
    half_bye=Fraction(499_989, 999_979),
)
"""A point system of six-digit denominators, as ``--points`` allows: its unit, their product, is beyond 64 bits."""


@pytest.mark.parametrize("first", range(0, 20, CHUNK))
def test_a_unit_beyond_64_bits_gives_the_oracles_values_issue_19(first: int) -> None:
    # A unit of 10^24 (1/999983 and the like, each a prime): every code's kernel on Python integers.
    from sonneborn.event import EXACT_LIMIT, Event

    for seed in range(first, first + CHUNK):
        event = dataclasses.replace(random_event(random.Random(30_000 + seed)), point_system=HUGE_UNIT)
        assert Event.of(event).table.score.unit >= EXACT_LIMIT
        compare(event, ",".join(EVERY_CODE), list(Rules)[seed % len(Rules)])


def test_many_games_rank_averages_exactly() -> None:
    # 45 players meet everyone: the AOB averages have no common denominator within 64 bits,
    # so the exact averages are ranked instead.
    from sonneborn.formats.crosstable import berger_schedule
    from sonneborn.model import Colour, Entry, Player, ResultKind

    size, rng = 45, random.Random(9)
    entries: dict[int, list[Entry]] = {s: [] for s in range(1, size + 1)}
    for number, pairs in enumerate(berger_schedule(size), start=1):
        seen = set()
        for white, black in pairs:
            first, second = rng.choice([(ResultKind.WIN, ResultKind.LOSS), (ResultKind.DRAW, ResultKind.DRAW)])
            entries[white].append(Entry(number, black, Colour.WHITE, first))
            entries[black].append(Entry(number, white, Colour.BLACK, second))
            seen |= {white, black}
        for start in set(entries) - seen:
            entries[start].append(Entry(number, None, Colour.UNKNOWN, ResultKind.ZERO_BYE))
    event = Tournament(tuple(Player(s, f"P{s}", tuple(entries[s])) for s in entries), len(berger_schedule(size)))
    compare(event, "AOB,BH,SB", Rules.FIDE_2026)


def large_swiss(rng: random.Random, players: int, rounds: int, *, repeat: bool = False) -> Tournament:
    """A Swiss of many players and few rounds, its results drawn from the random events' (forfeits and games not
    played among them): large groups tied when DE is reached. ``repeat``: round 2 pairs round 1 again."""
    from random_events import GAME_RESULTS, GAME_WEIGHTS

    from sonneborn.model import Colour, Entry, Player, ResultKind

    entries: dict[int, list[Entry]] = {s: [] for s in range(1, players + 1)}
    first_pairs: list[tuple[int, int]] = []
    for number in range(1, rounds + 1):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        pairs = first_pairs if repeat and number == 2 else list(zip(order[0::2], order[1::2], strict=False))
        first_pairs = first_pairs or pairs
        paired = set()
        for white, black in pairs:
            mine, theirs = rng.choices(GAME_RESULTS, GAME_WEIGHTS)[0]
            entries[white].append(Entry(number, black, Colour.WHITE, mine))
            entries[black].append(Entry(number, white, Colour.BLACK, theirs))
            paired |= {white, black}
        for start in set(entries) - paired:
            entries[start].append(Entry(number, None, Colour.UNKNOWN, ResultKind.PAIRING_BYE))
    return Tournament(tuple(Player(s, f"P{s}", tuple(entries[s])) for s in entries), rounds)


@pytest.mark.parametrize("seed", range(6))
def test_issue19_large_tied_groups_are_derived_as_the_oracle_derives_them(seed: int) -> None:
    # Groups of more than 10 when DE is reached: each member told the group in a few words and his own games.
    rng = random.Random(30_000 + seed)
    event = large_swiss(rng, rng.randint(25, 61), rng.randint(1, 3), repeat=seed % 3 == 0)
    compare(event, "DE", Rules.FIDE_2026)
    compare(event, "DE/P,SB", list(Rules)[seed % len(Rules)])
    compare(event, "WIN,DE", Rules.FIDE_2026, rank_by="SB")


def test_a_list_the_text_states_is_never_looked_for_on_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The web API names an event by the client's file name: that name must never be opened.
    from sonneborn.errors import InputError
    from sonneborn.formats.trf import write_trf
    from sonneborn.pipeline import read_text

    text = write_trf(dataclasses.replace(random_event(random.Random(3)), tiebreaks=("BH", "FOO")))
    decoy = tmp_path / "decoy.trf"
    decoy.write_text("202 FOO\n", encoding="utf-8")

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a file was read")

    monkeypatch.setattr(Path, "read_bytes", refused)
    monkeypatch.setattr(Path, "open", refused)
    reading = read_text(text, path=str(decoy))
    expected = r"the file's tie-break list \(record 202\): unknown tie-break 'FOO'"
    with pytest.raises(InputError, match=expected) as raised:
        reading.stated_tiebreaks()
    assert raised.value.line == text.splitlines().index("202 BH,FOO") + 1
