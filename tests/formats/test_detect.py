"""The format is guessed from the first line that is not blank, as the lines are cut everywhere else."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sonneborn.formats import _first_line, detect_format
from sonneborn.formats.lines import split_lines


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("012 Open\n001    1 ...", "trf"),
        ("\n   \r\n\t\n012 Open", "trf"),
        ('\ufeff{"tournament": {}}', "json"),
        ("  [\n {}]", "json"),
        ('[Event "Open"]\n', "pgn"),
        ("No;Name;1;2\n", "crosstable"),
        ("  012 indented is no record", "crosstable"),
        ("", "crosstable"),
        (" \n \r\n ", "crosstable"),
    ],
)
def test_format_of_the_first_line(text: str, expected: str) -> None:
    assert detect_format(text) == expected


@given(st.text(alphabet=["\n", "\r", " ", "\t", "\x0c", "\x85", "\u2028", "\x1c", "\ufeff", "a", "0", "{"]))
def test_first_line_is_the_first_nonblank_line_of_split_lines(text: str) -> None:
    expected = next(((number, line) for number, line in enumerate(split_lines(text), 1) if line.strip()), None)
    assert _first_line(text) == expected
