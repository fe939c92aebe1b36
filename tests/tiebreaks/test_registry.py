"""The registry (``@tiebreak``), the code grammar (C.07 14, TEC codes) and the errors the user reads."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from builders import FOUR_PLAYER_ROUND_ROBIN, column, event

from sonneborn.errors import TiebreakError
from sonneborn.event import Ints
from sonneborn.tiebreaks import REGISTRY, Column, Context, Spec, definition, parse, parse_list
from sonneborn.tiebreaks.registry import tiebreak
from sonneborn.tiebreaks.rules import Rules
from sonneborn.tiebreaks.spec import Modifier


@pytest.fixture
def scratch() -> Iterator[list[str]]:
    """Codes a test registers, removed from the registry afterwards."""
    codes: list[str] = []
    yield codes
    for code in codes:
        REGISTRY.pop(code, None)


def _kernel(context: Context, spec: Spec) -> Column:
    raise AssertionError("never called")


def _group_kernel(context: Context, spec: Spec, groups: Ints) -> Column:
    raise AssertionError("never called")


def test_a_registered_kernel_keeps_what_the_decorator_says(scratch: list[str]) -> None:
    scratch.append("ZZA")
    returned = tiebreak("ZZA", "Test", "C.07 7.8", "A test code.", modifiers="CR", integral=True, ascending=True)(
        _kernel
    )
    assert returned is _kernel
    found = REGISTRY["ZZA"]
    assert (found.code, found.name, found.article, found.definition) == ("ZZA", "Test", "C.07 7.8", "A test code.")
    assert found.kernel is _kernel and found.group_kernel is None
    assert found.modifiers == frozenset({Modifier.CUT, Modifier.REVERSE})
    assert (found.integral, found.ascending, found.weighted) == (True, True, False)


def test_the_decorator_defaults(scratch: list[str]) -> None:
    scratch.append("ZZB")
    tiebreak("ZZB", "Test", "C.07 7.1", "A test code.")(_kernel)
    found = REGISTRY["ZZB"]
    assert found.kernel is _kernel and found.group_kernel is None
    assert found.modifiers == frozenset()
    assert (found.integral, found.ascending, found.weighted) == (False, False, False)


def test_a_group_kernel_is_registered_as_one(scratch: list[str]) -> None:
    scratch.append("ZZC")
    tiebreak("ZZC", "Test", "C.07 6", "A test code.", modifiers="P", group=True, weighted=True)(_group_kernel)
    found = REGISTRY["ZZC"]
    assert found.kernel is None and found.group_kernel is _group_kernel
    assert found.weighted
    assert found.modifiers == frozenset({Modifier.PLAYED})


def test_a_code_registered_twice_is_refused(scratch: list[str]) -> None:
    scratch.append("ZZD")
    tiebreak("ZZD", "Test", "C.07 7.1", "A test code.")(_kernel)
    with pytest.raises(ValueError, match=r"^tie-break 'ZZD' registered twice$"):
        tiebreak("ZZD", "Test", "C.07 7.1", "A test code.")(_kernel)


def test_the_definition_of_a_spec_or_a_column_key() -> None:
    assert definition(parse("SB/C1")).code == "SB"
    assert definition("BH/C1").code == "BH"
    assert definition("DE#2").code == "DE"
    assert definition("KS/L+1#3").code == "KS"


def test_the_order_a_spec_ranks_in() -> None:
    # TPN lowest first (C.07 7.8), /R the highest; the others highest first, /R the lowest.
    assert REGISTRY["TPN"].lowest_first(parse("TPN")) and not REGISTRY["TPN"].lowest_first(parse("TPN/R"))
    assert not REGISTRY["RTNG"].lowest_first(parse("RTNG")) and REGISTRY["RTNG"].lowest_first(parse("RTNG/R"))


def test_a_modifier_a_code_does_not_take_names_those_it_takes() -> None:
    with pytest.raises(TiebreakError) as raised:
        parse("WIN/C1")
    assert str(raised.value) == "WIN does not take /C (WIN is Number of wins, without modifiers)"
    with pytest.raises(TiebreakError) as raised:
        parse("ARO/R/P")
    assert str(raised.value) == (
        "ARO does not take /P, /R (ARO is Average rating of opponents; its modifiers: cut /C1, median /M1, "
        "rating of the unrated /U1500)"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("  ", "empty tie-break code"),
        ("BH/X1", "unknown modifier '/X1' in 'BH/X1'"),
        ("BH/C", "modifier /C needs a count from 1 to 99 such as /C1 in 'BH/C'"),
        ("BH/C0", "modifier /C needs a count from 1 to 99 such as /C1 in 'BH/C0'"),
        ("BH/M+1", "modifier /M needs a count from 1 to 99 such as /M1 in 'BH/M+1'"),
        ("KS/L1", "modifier /L needs a signed number of half points from -99 to +99 such as /L+1 in 'KS/L1'"),
        ("KS/L", "modifier /L needs a signed number of half points from -99 to +99 such as /L+1 in 'KS/L'"),
        ("ARO/U", "modifier /U needs a rating from 0 to 9999 such as /U1000 in 'ARO/U'"),
        ("ARO/U-5", "modifier /U needs a rating from 0 to 9999 such as /U1000 in 'ARO/U-5'"),
        ("DE/P1", "modifier /P takes no number in 'DE/P1'"),
    ],
)
def test_bad_codes_say_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(TiebreakError) as raised:
        Spec.parse(text)
    assert str(raised.value) == message


def test_the_code_grammar() -> None:
    # TEC codes: NAME[/Cn|/Mn][/L±n][/P][/F][/R][/U<N>] (shared/docs/fide-c07.md §19).
    assert Spec.parse("sb/m2") == Spec("SB", cut_low=2, cut_high=2)
    assert Spec.parse("BH/C2/P") == Spec("BH", cut_low=2, forfeits_played=True)
    assert Spec.parse("ks/l-3") == Spec("KS", limit=-3)
    assert Spec.parse("AOB/F") == Spec("AOB", fore=True)
    assert Spec.parse("RTNG/R/U1800") == Spec("RTNG", reverse=True, unrated_rating=1800)
    assert parse("PS-C1") == Spec("PS", cut_low=1)
    assert repr(parse("bh/c1/p")) == "Spec.parse('BH/C1/P')"
    assert str(Spec("KS", limit=2)) == "KS/L+2"
    assert Spec.parse("SB/M1").modifiers == frozenset({Modifier.MEDIAN})
    assert Spec.parse("ARO/C1/U1500").modifiers == frozenset({Modifier.CUT, Modifier.UNRATED})


def test_an_empty_list_is_refused() -> None:
    with pytest.raises(TiebreakError) as raised:
        parse_list(" , ")
    assert str(raised.value) == "empty tie-break list ' , '"


def test_an_unknown_edition_lists_the_valid_ones() -> None:
    with pytest.raises(TiebreakError) as raised:
        Rules.parse(" FIDE-2022 ")
    assert str(raised.value) == "unknown rules 'FIDE-2022' (valid: fide-2026, fide-2024, fide-2023, fide-2009, none)"


@pytest.mark.parametrize("code", sorted(code for code, d in REGISTRY.items() if not d.teams))
def test_every_kernel_gives_one_value_per_player(code: str) -> None:
    # A Column holds one value for every player, in start-number order (its arrays as long as the field).
    found = column(event(FOUR_PLAYER_ROUND_ROBIN), code, unrated_rating=1500)
    assert [len(found.numerator), len(found.denominator), len(found.present), len(found.key), len(found)] == [4] * 5
