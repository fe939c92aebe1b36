"""How many columns a text takes in a terminal: the one rule every fixed-width output pads, cuts and wraps by.

A wide (CJK, Hangul) character takes two columns; a combining mark (Thai vowel and tone marks, accents
written apart), a format character and a conjoining Hangul vowel or final consonant take none, since they
stand on the character before them; every other character takes one. Texts are cut only between such
clusters, never between a character and its marks.

>>> display_width("王小明"), display_width("สมชาย ใจดี"), display_width("Zoë"), display_width("김민준")
(6, 9, 3, 6)
>>> fit("Zagorovsky", 8), fit("สมศักดิ์", 4), fit("김민준", 4)
('Zagorov…', 'สมศั…', '김…')
>>> wrapped("ผู้เล่น คะแนน 김민준 王小明", 8)
['ผู้เล่น', 'คะแนน', '김민준', '王小明']
"""

from __future__ import annotations

import unicodedata

__all__ = ["char_width", "display_width", "display_widths", "fit", "padded", "wrapped"]

ELLIPSIS = "…"
"""What marks a cut text (one column)."""

_CONJOINING = (("\u1160", "\u11ff"), ("\ud7b0", "\ud7ff"))
"""Hangul vowels and final consonants written apart (a decomposed syllable): they join the initial before them."""


def char_width(char: str) -> int:
    """Columns one character takes: 2 for East Asian wide and full-width, 0 for a mark (categories Mn, Me, Cf:
    Thai vowel and tone marks are Mn with combining class 0) and a conjoining Hangul vowel or final, else 1."""
    if unicodedata.category(char) in ("Mn", "Me", "Cf") or any(a <= char <= b for a, b in _CONJOINING):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def display_width(text: str) -> int:
    """Columns the text takes in a terminal (its length when it is ASCII)."""
    if text.isascii():
        return len(text)
    return sum(map(char_width, text))


def display_widths(cells: list[str]) -> list[int] | None:
    """Each cell's display width, or ``None`` when every cell is ASCII (its width is its length)."""
    return None if "".join(cells).isascii() else [display_width(cell) for cell in cells]


def padded(text: str, width: int, *, left: bool) -> str:
    """The text and blanks to ``width`` columns: after it (``left``, aligned left) or before it.

    >>> padded("王", 4, left=True) + "|", padded("ชื่อ", 4, left=False) + "|"
    ('王  |', '  ชื่อ|')
    """
    fill = " " * max(0, width - display_width(text))
    return text + fill if left else fill + text


def _head(text: str, width: int) -> int:
    """The length of the longest start of the text that takes at most ``width`` columns and ends between two
    clusters (a character's marks stay with it); at least its first cluster."""
    used = 0
    end = 0
    for index, char in enumerate(text):
        size = char_width(char)
        if size and used + size > width and end:
            break
        used += size
        end = index + 1
    return end


def fit(text: str, width: int) -> str:
    """The text cut to ``width`` columns, an ellipsis marking the cut."""
    if display_width(text) <= width:
        return text
    return text[: _head(text, width - 1)].rstrip() + ELLIPSIS if width > 1 else ELLIPSIS


def wrapped(text: str, width: int) -> list[str]:
    """The text in lines of at most ``width`` columns, broken at blanks; a word wider than a line (Thai writes
    no blank between words) is broken between two clusters."""
    lines: list[str] = []
    line, used = "", 0
    for word in text.split():
        size = display_width(word)
        while size > width:
            if line:
                lines.append(line)
                line, used = "", 0
            end = _head(word, width)
            lines.append(word[:end])
            word = word[end:]
            size = display_width(word)
        if not word:
            continue
        if line and used + 1 + size <= width:
            line, used = f"{line} {word}", used + 1 + size
        else:
            if line:
                lines.append(line)
            line, used = word, size
    if line:
        lines.append(line)
    return lines
