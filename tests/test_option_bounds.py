"""Issue 13: every number an option gives is bounded by its size before any arithmetic, and contradictions refused.

The bounds live where the options are parsed (``Spec.parse``, ``parse_list``,
``PointSystem.parse``, ``Request.parse``), so that the command line, the web
API and a file's own list share them. Each case took hours, or gigabytes,
before; a generous second is allowed for what now takes microseconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.demo import seed_event
from sonneborn.errors import OptionError, TiebreakError
from sonneborn.event import Event
from sonneborn.model import PointSystem
from sonneborn.pipeline import Request, standings
from sonneborn.ranking import parse_list, rank
from sonneborn.tiebreaks import MAX_TIEBREAKS, Spec
from sonneborn.tiebreaks.spec import MAX_CUT, MAX_RATING

QUICK = 2.0
"""Seconds allowed for a refusal that used to take hours: far above its cost, even on a loaded machine."""


@contextmanager
def quick() -> Iterator[None]:
    began = time.monotonic()
    yield
    assert time.monotonic() - began < QUICK


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("BH/C1/C2/M3", "contradict"),
        ("BH/C1/M1", "contradict"),
        ("SB/M1/M2", "contradict"),
        ("BH/P/P", "contradict"),
        ("KS/L+1/L-1", "contradict"),
        ("ARO/U1000/U1200", "contradict"),
        ("BH/C999999999", f"from 1 to {MAX_CUT}"),
        ("SB/M100", f"from 1 to {MAX_CUT}"),
        ("BH/C0", f"from 1 to {MAX_CUT}"),
        ("KS/L+100", r"from -99 to \+99"),
        ("ARO/U10000", f"from 0 to {MAX_RATING}"),
    ],
)
def test_issue13_contradictory_or_absurd_modifiers_are_refused(text: str, fragment: str) -> None:
    with quick(), pytest.raises(TiebreakError, match=fragment):
        Spec.parse(text)


@pytest.mark.parametrize("text", ["BH/C99", "SB/M2", "KS/L-99", "ARO/U9999", "BH/C1/P", "TPN/R", "AOB/F/C1"])
def test_modifiers_within_their_bounds_are_read(text: str) -> None:
    assert str(Spec.parse(text)) == str(Spec.parse(str(Spec.parse(text))))


def test_issue13_a_cut_above_the_rounds_is_clamped_not_looped() -> None:
    # The seed has 15 rounds: a cut of 99 removes every element, as a cut of 15 does, at once.
    event = seed_event()
    with quick():
        clamped = rank(event, parse_list("BH/C99,SB/M99"))
    exact = rank(event, parse_list("BH/C15,SB/M15"))
    assert [c.numerator.tolist() for c in clamped.columns] == [c.numerator.tolist() for c in exact.columns]
    assert set(clamped.columns[0].numerator.tolist()) == {0}


def test_issue13_a_list_of_a_hundred_thousand_codes_is_refused_at_once() -> None:
    with quick(), pytest.raises(TiebreakError, match=f"100,000 codes \\(at most {MAX_TIEBREAKS}\\)"):
        parse_list(",".join(["BH"] * 100_000))
    assert len(parse_list(",".join(["BH"] * MAX_TIEBREAKS))) == MAX_TIEBREAKS


@pytest.mark.parametrize(
    "text",
    [
        "1e20000000,0,0",
        "1,0.5,0,pairing_bye=1e20000000",
        "1e9,0,0",
        "1234567,1,0",
        "1,0.1234567,0",
        "1/1234567,0,0",
        "inf,0,0",
        "nan,0,0",
        "1_000,0,0",
        "1/0,0,0",
        "1,0.5,0,half_bye=0.5,half_bye=1",
    ],
)
def test_issue13_absurd_point_values_are_refused_before_any_arithmetic(text: str) -> None:
    with quick(), pytest.raises(ValueError, match="point system"):
        PointSystem.parse(text)


@pytest.mark.parametrize(
    ("text", "win", "draw"),
    [("3,1,0", 3, 1), ("1,0.5,0", 1, 0.5), ("2, 1/2 ,0", 2, 0.5), ("999999,.5,-1", 999999, 0.5)],
)
def test_point_values_within_the_bound_are_read(text: str, win: float, draw: float) -> None:
    system = PointSystem.parse(text)
    assert (float(system.win), float(system.draw)) == (win, draw)


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"lots": 2**63}, "lots"),
        ({"lots": -(2**63) - 1}, "lots"),
        ({"lots": 10**5000}, "lots"),
        ({"unrated_rating": MAX_RATING + 1}, "unrated_rating"),
        ({"unrated_rating": -1}, "unrated_rating"),
        ({"points": "1e20000000,0,0"}, "points"),
    ],
)
def test_issue13_request_bounds_every_number(options: dict[str, object], option: str) -> None:
    parse: Callable[..., Request] = Request.parse
    with quick(), pytest.raises(OptionError) as raised:
        parse(**options)
    assert raised.value.option == option
    assert len(str(raised.value)) < 300


def test_request_within_the_bounds_ranks() -> None:
    request = Request.parse(lots=2**63 - 1, unrated_rating=MAX_RATING, tiebreaks="ARO,BH/C1")
    assert standings(Event.of(seed_event()), request).lots == 2**63 - 1


def test_issue13_the_command_line_shares_the_bounds() -> None:
    runner = CliRunner()
    with quick():
        result = runner.invoke(cli, ["standings", "-", "--points", "1e20000000,0,0"], input="")
    assert result.exit_code == 2, result.output
    assert "--points: point system '1e20000000,0,0'" in result.output
    result = runner.invoke(cli, ["standings", "-", "-t", "BH/C1/C2/M3"], input="")
    assert result.exit_code == 2, result.output
    assert "contradict" in result.output
