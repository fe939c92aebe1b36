"""What a user reads of a code: its full name with the modifiers in words, and why a code is refused.

The bounds are those docs/tiebreaks.md states: cuts and medians 1–99 (C.07 14 needs a count; more than the
rounds is clamped), Koya's limit −99 to +99 half points (14.5: "by half a point at a time"), an assumed
rating 0–9999, at most 100 codes in a list (the registry's 25 codes take 63 forms).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from builders import FOUR_PLAYER_ROUND_ROBIN, event

from sonneborn.errors import TiebreakError
from sonneborn.ranking import rank
from sonneborn.tiebreaks import MAX_TIEBREAKS, full_name, parse_list


@pytest.mark.parametrize(
    ("code", "name"),
    [
        ("KS/L+1", "Koya limit +1 half point"),
        ("KS/L+2", "Koya limit +2 half points"),
        ("KS/L-1", "Koya limit -1 half point"),
        ("RTNG/R", "Rating reversed"),
        ("AOB/F", "Average of opponents' Buchholz with Fore Buchholz"),
        ("ARO/C1/U1500", "Average rating of opponents cut 1 unrated at 1500"),
        ("SB/M2", "Sonneborn–Berger (Neustadtl) median 2"),
        ("BH/P", "Buchholz forfeits as played"),
        ("DE", "Direct encounter"),
        # A code listed twice is keyed DE#2 (docs/json.md); its name is the code's.
        ("DE#2", "Direct encounter"),
        ("BH/C1#2", "Buchholz cut 1"),
    ],
)
def test_full_names(code: str, name: str) -> None:
    assert full_name(code) == name


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("BH/C1/M1", "modifiers /C1 and /M1 contradict each other in 'BH/C1/M1' (give one cut or median)"),
        ("BH/M1/C2", "modifiers /M1 and /C2 contradict each other in 'BH/M1/C2' (give one cut or median)"),
        ("SB/P/P", "modifiers /P and /P contradict each other in 'SB/P/P' (give each modifier once)"),
        ("BH/C100", "modifier /C needs a count from 1 to 99 such as /C1 in 'BH/C100'"),
        ("KS/L+100", "modifier /L needs a signed number of half points from -99 to +99 such as /L+1 in 'KS/L+100'"),
        ("KS/L5", "modifier /L needs a signed number of half points from -99 to +99 such as /L+1 in 'KS/L5'"),
        ("ARO/U10000", "modifier /U needs a rating from 0 to 9999 such as /U1000 in 'ARO/U10000'"),
        ("SSSC/K", "modifier /K needs a divisor from 1 to 99 such as /K3 in 'SSSC/K'"),
        ("SSSC/K0", "modifier /K needs a divisor from 1 to 99 such as /K3 in 'SSSC/K0'"),
        ("SSSC/K100", "modifier /K needs a divisor from 1 to 99 such as /K3 in 'SSSC/K100'"),
        (" , ", "empty tie-break list ' , '"),
        (",," + " " * 200, "empty tie-break list ',," + " " * 98 + "'"),  # the list quoted up to 100 characters
    ],
)
def test_refused_codes_say_why(text: str, message: str) -> None:
    with pytest.raises(TiebreakError) as error:
        parse_list(text)
    assert str(error.value) == message


@pytest.mark.parametrize(
    "text", ["BH/C99", "SB/M99", "KS/L+99", "KS/L-99", "ARO/U9999", "ARO/U0", "SSSC/K1", "SSSC/K99"]
)
def test_the_bounds_themselves_are_accepted(text: str) -> None:
    assert [str(spec) for spec in parse_list(text)] == [text]


def test_a_list_of_the_most_codes_is_read_and_one_more_is_not() -> None:
    assert len(parse_list(",".join(["WIN"] * MAX_TIEBREAKS))) == MAX_TIEBREAKS
    with pytest.raises(TiebreakError) as error:
        parse_list(",".join(["WIN"] * (MAX_TIEBREAKS + 1)))
    assert str(error.value) == f"a tie-break list of {MAX_TIEBREAKS + 1} codes (at most {MAX_TIEBREAKS})"


def test_the_points_are_a_column_of_the_standings_whatever_the_list() -> None:
    # FOUR_PLAYER_ROUND_ROBIN, worked by hand in tests/builders.py: Anna 1.5, Boris 2, Carla 1, Dmitri 1.5.
    standings = rank(event(FOUR_PLAYER_ROUND_ROBIN), parse_list("SB"))
    assert [standings.column("PTS").number(row) for row in range(4)] == [
        Fraction(3, 2), Fraction(2), Fraction(1), Fraction(3, 2),
    ]  # fmt: skip
    with pytest.raises(KeyError, match="'BH' is no column of these standings \\(they have PTS, SB\\)"):
        standings.column("BH")
