"""The array path gives exactly the reference path's standings (issue 6): JSON and CSV, text for text."""

from __future__ import annotations

import dataclasses
import logging
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_events import random_event

from sonneborn.fast.event import from_tournament
from sonneborn.fast.standings import rank_arrays, render_csv, render_json
from sonneborn.formats.crosstable import berger_schedule
from sonneborn.model import Colour, Entry, EventKind, Player, ResultKind, Tournament
from sonneborn.ranking import rank
from sonneborn.render.csv import render_csv as reference_csv
from sonneborn.render.json import render_json as reference_json
from sonneborn.tiebreaks import parse_list
from sonneborn.tiebreaks.rules import Rules

LISTS = [
    "BH/C1,BH,SB,SB/C1,FB,AOB,DE,WIN,WON,BPG,PS,ARO,TPR",
    "DE,SB,WIN,KS",
    "BH/M1,BH/C2,SB/M2,SB/C2,PS/C2,FB/C1/P,SB/P,BH/P,AOB/F,DE/P,KS/L+1,KS/L-2,REP,GE,TPN,TPN/R,RTNG,RTNG/R,BWG",
    "ARO/C1/U1500,TPR/U1800,ARO/M1/U1000,RTNG/U1400,PTS",
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), rules=st.sampled_from(list(Rules)),
       codes=st.sampled_from(LISTS), lots=st.sampled_from([None, None, 7]))  # fmt: skip
def test_fast_path_equals_reference(seed: int, rules: Rules, codes: str, lots: int | None) -> None:
    tournament = random_event(random.Random(seed))
    specs = parse_list(codes)
    logging.disable(logging.WARNING)  # unrated players make both paths warn; the texts are what count here
    try:
        reference = rank(tournament, specs, rules=rules, lots=lots)
        fast = rank_arrays(
            from_tournament(tournament),
            specs,
            names=[p.name for p in tournament.players],
            name=tournament.name,
            unfinished=tournament.unfinished_games,
            rules=rules,
            lots=lots,
        )
    finally:
        logging.disable(logging.NOTSET)
    assert render_json(fast) == reference_json(reference)
    assert render_csv(fast) == reference_csv(reference)


def test_many_games_rank_averages_exactly() -> None:
    # 45 players meet everyone: the AOB averages have no common denominator within 64 bits,
    # so the array path ranks the exact averages instead.
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
    specs = parse_list("AOB,BH,SB")
    fast = rank_arrays(
        from_tournament(event), specs, names=[p.name for p in event.players], name=None, unfinished=0,
        rules=Rules.FIDE_2026,
    )  # fmt: skip
    assert render_json(fast) == reference_json(rank(event, specs))


@pytest.mark.parametrize(("column", "char"), [(99, "ñ"), (95, "é"), (97, "ß"), (5, "٣")])
def test_fast_trf_reader_leaves_letters_beyond_ascii_outside_the_names_to_the_reference(column: int, char: str) -> None:
    from builders import trf_player

    from sonneborn.errors import InputError
    from sonneborn.fast.trf import read_trf_fast
    from sonneborn.formats.trf import read_trf

    # A game not yet played ("?"), as a replaced letter would read in the result column.
    lines = [trf_player(1, "Muñoz, José", "0.0", ["   2 w ?"]), trf_player(2, "Ødegaard, Ørjan", "0.0", ["   1 b ?"])]
    assert read_trf_fast("\n".join(lines)) is not None  # names may hold any letter
    broken = lines[0][: column - 1] + char + lines[0][column:]
    assert read_trf_fast("\n".join([broken, lines[1]])) is None
    with pytest.raises(InputError, match=f"found '{char}'|number"):
        read_trf("\n".join([broken, lines[1]]))


def test_an_event_in_memory_is_never_looked_for_on_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The web API names an event by the client's file name: that name must never be opened.
    from sonneborn.errors import InputError
    from sonneborn.fast import tournament_standings

    tournament = dataclasses.replace(random_event(random.Random(3)), tiebreaks=("BH", "FOO"))
    decoy = tmp_path / "decoy.trf"
    decoy.write_text("202 FOO\n", encoding="utf-8")

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a file was read")

    monkeypatch.setattr(Path, "read_bytes", refused)
    monkeypatch.setattr(Path, "open", refused)
    with pytest.raises(InputError, match="the file's tie-break list: unknown tie-break 'FOO'") as raised:
        tournament_standings(tournament, fmt="json", tiebreaks=None, rules=Rules.FIDE_2026, path=str(decoy))
    assert raised.value.line == 0


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("block", ["0000 - Z", "0000 - H", ""])
def test_fast_trf_reader_calls_an_event_without_games_swiss_as_the_reference(players: int, block: str) -> None:
    # A fuzz find: with no pair meeting, "every pair meets as often" must not make a round robin.
    from builders import trf_player

    from sonneborn.fast.trf import read_trf_fast
    from sonneborn.formats.trf import read_trf

    text = "\n".join(trf_player(start, f"P{start}", "0.0", [block] if block else []) for start in range(1, players + 1))
    fast = read_trf_fast(text)
    assert fast is not None
    assert fast.event.event_kind == read_trf(text).event_kind == EventKind.SWISS
