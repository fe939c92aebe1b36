"""What an unknown code may have meant (``tiebreaks.suggest``), each case worked from the rules of the module:
a modifier's separator mended, modifiers glued on, a code's name (with its modifiers named), a spelling
alike, a name begun; nothing that the grammar or the registry refuses."""

from __future__ import annotations

import pytest

from sonneborn.tiebreaks.suggest import suggestions


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Written apart: blanks, dots, underscores, mixed with a slash ("./" is one separator, not two).
        ("bh c1", ["BH/C1"]),
        ("BH_C1", ["BH/C1"]),
        ("BH C1./P", ["BH/C1/P"]),
        # Glued to the code.
        ("BHC1P", ["BH/C1/P"]),
        ("AOBF", ["AOB/F"]),
        # "BH" and a tail that is no modifier: nothing glued; spelt alike only if close enough (BHQQ is,
        # 2·2/6 ≥ 0.6; BHZZZ is not, 4/7); a text of five letters that begins no name: nothing.
        ("BHQQ", ["BH"]),
        ("BHZZZ", []),
        # By name, with the modifiers named; a modifier the code does not take falls back to the code.
        ("Buchholz", ["BH"]),
        ("Buchholz cut 1", ["BH/C1"]),
        ("buchholz median 2", ["BH/M2"]),
        ("Progressive score cut 1", ["PS/C1"]),
        ("Number of wins cut 1", ["WIN"]),
        ("Buchholz unrated 1", ["BH"]),
        # A name without its parenthesis: SB is "Sonneborn–Berger (Neustadtl)", MM "Modified median (USCF)".
        ("sonneborn berger cut 1", ["SB/C1"]),
        ("Sonneborn-Berger", ["SB"]),
        ("modified median", ["MM"]),
        # A dash for a slash, before each modifier.
        ("BH-C1", ["BH/C1"]),
        ("BH-C1/P", ["BH/C1/P"]),
        ("BH-C1-P", ["BH/C1/P"]),
        ("SBB-C1", ["SB/C1"]),
        # Spelt alike: up to three, the likeliest first.
        ("SBB", ["SB", "BBE"]),
        # A name begun, from four letters; three are too few to guess from.
        ("koya", ["KS"]),
        ("koy", []),
        ("progressive", ["PS"]),
        # Else a name that holds the text as a word: SB's "(Neustadtl)", NNSB's "Non-Neustadtl …".
        ("neustadtl", ["SB", "NNSB"]),
        ("XYZ", []),
    ],
)
def test_suggestions(text: str, expected: list[str]) -> None:
    assert suggestions(text) == expected
