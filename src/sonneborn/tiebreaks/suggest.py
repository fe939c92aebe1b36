"""What an unknown tie-break code may have meant.

An unknown code is often a known one misspelt (``BHH``), written by its name (``Buchholz``,
``Buchholz cut 1``), or with its modifier after a blank instead of a slash (``BH C1``). The
suggestions are tried in that spirit: a modifier's separator mended, the registry's names, codes of
a similar spelling; each is checked by the grammar (:mod:`sonneborn.tiebreaks.spec`) and the
registry before it is offered.

>>> suggestions("BHH"), suggestions("Buchholz cut 1"), suggestions("bh c1"), suggestions("AOBF"), suggestions("FOO")
(['BH'], ['BH/C1'], ['BH/C1'], ['AOB/F'], [])
"""

from __future__ import annotations

import difflib
import re

from sonneborn.errors import TiebreakError
from sonneborn.tiebreaks.registry import REGISTRY
from sonneborn.tiebreaks.spec import Spec
from sonneborn.words import words

__all__ = ["suggestions"]

_SEPARATOR = re.compile(r"[\s._:;|\\]+")
_WRITTEN_APART = re.compile(r"([A-Za-z]+)[\s._:;|\\]+([CcMmLlPpRrUuFf][+-]?\d*(?:[\s._:;|\\/]+[A-Za-z][+-]?\d*)*)")
"""A code and its modifiers written with blanks (``BH C1``), dots or underscores instead of slashes."""
_GLUED = re.compile(r"(?:[CMLPRUF][+-]?\d*)+")
_GLUED_PART = re.compile(r"[CMLPRUF][+-]?\d*")
"""Modifiers glued to their code (``BHC1``, ``AOBF``)."""
_NAMED_MODIFIERS = {"cut": "C", "median": "M", "limit": "L", "unrated": "U"}
_NAMED_MODIFIER = re.compile(r"(cut|median|limit|unrated)\s*([+-]?\d{1,4})")
_PARENTHESIS = re.compile(r"\([^)]*\)")
_HYPHEN = re.compile(r"-(?=[A-Z])")
"""A hyphen before a modifier, written for its slash (``BH-C1-P``)."""
_MOST = 3
"""The most suggestions a message offers."""


def suggestions(text: str) -> list[str]:
    """The codes, with modifiers, that an unknown code may have meant: at most three, the likeliest first.

    The text mended (modifiers apart or glued on, a code's name) comes first; else codes spelt alike;
    else the codes whose names begin with the text, else those whose names hold it as a word.
    """
    cleaned = text.strip()
    key = words(cleaned)
    # A name is also known without its parenthesis: ``Sonneborn–Berger`` for ``Sonneborn–Berger (Neustadtl)``.
    named = [
        (definition, name)
        for definition in REGISTRY.values()
        for name in dict.fromkeys((words(definition.name), words(_PARENTHESIS.sub(" ", definition.name))))
    ]
    mended: list[str] = []
    apart = _WRITTEN_APART.fullmatch(cleaned)
    if apart is not None:
        _offer(mended, apart.group(1) + "/" + _SEPARATOR.sub("/", apart.group(2)).replace("//", "/"))
    upper = cleaned.upper()
    for cut in range(1, len(upper)):
        if upper[:cut] in REGISTRY and _GLUED.fullmatch(upper[cut:]):
            _offer(mended, upper[:cut] + "".join("/" + part for part in _GLUED_PART.findall(upper[cut:])))
    for definition, name in named:
        if key == name:
            _offer(mended, definition.code)
        elif key.startswith(name + " "):
            modifiers = "".join(
                f"/{_NAMED_MODIFIERS[word]}{number}" for word, number in _NAMED_MODIFIER.findall(key[len(name) :])
            )
            if not _offer(mended, definition.code + modifiers):
                _offer(mended, definition.code)
    if mended:
        return mended[:_MOST]
    spelt: list[str] = []
    code, slash, modifiers = _HYPHEN.sub("/", upper).partition("/")
    for close in difflib.get_close_matches(code, list(REGISTRY), n=_MOST, cutoff=0.6):
        _offer(spelt, close + slash + modifiers)
    if spelt:
        return spelt[:_MOST]
    begun: list[str] = []
    worded: list[str] = []
    if len(key) >= 4:
        for definition, name in named:
            if name.startswith(key):
                _offer(begun, definition.code)
            elif re.search(rf"(?<!\w){re.escape(key)}", name):
                _offer(worded, definition.code)
    return (begun or worded)[:_MOST]


def _offer(found: list[str], candidate: str) -> bool:
    """Adds a candidate that the grammar and the registry take, once; whether it was taken."""
    try:
        spec = Spec.parse(candidate)
    except TiebreakError:
        return False
    definition = REGISTRY.get(spec.code)
    if definition is None or spec.modifiers - definition.modifiers:
        return False
    shown = str(spec)
    if shown not in found:
        found.append(shown)
    return True
