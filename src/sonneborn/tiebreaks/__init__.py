"""The tie-breaks: one kernel each, registered by code with its C.07 article.

A new tie-break is one kernel in one of these modules, registered with the
:func:`~sonneborn.tiebreaks.registry.tiebreak` decorator (see
``docs/architecture.md``); importing this package registers them all.

>>> REGISTRY["SB"].article
'C.07 9.1'
>>> str(parse("bh-c1"))
'BH/C1'
>>> WEIGHTED_SCORES
('SB', 'GF', 'NNSB')
"""

from __future__ import annotations

from sonneborn.errors import TiebreakError

# The family modules register their kernels when imported, in the order the catalogue lists them.
from sonneborn.tiebreaks import (  # noqa: F401
    buchholz,
    direct_encounter,
    koya,
    own_results,
    rating,
    sonneborn_berger,
)
from sonneborn.tiebreaks.column import Column, Element, Terms, Value
from sonneborn.tiebreaks.context import Context
from sonneborn.tiebreaks.registry import REGISTRY, Definition, definition, full_name
from sonneborn.tiebreaks.spec import Modifier, Spec

__all__ = [
    "MAX_TIEBREAKS",
    "REGISTRY",
    "WEIGHTED_SCORES",
    "Column",
    "Context",
    "Definition",
    "Element",
    "Modifier",
    "Spec",
    "Terms",
    "Value",
    "definition",
    "full_name",
    "parse",
    "parse_list",
]

WEIGHTED_SCORES = tuple(code for code, d in REGISTRY.items() if d.weighted)
"""The codes ``--rank-by`` accepts: weighted scores that can replace points."""


def parse(text: str) -> Spec:
    """Parses one code and checks it against the registry (case-insensitive)."""
    spec = Spec.parse(text)
    found = REGISTRY.get(spec.code)
    if found is None:
        raise TiebreakError(f"unknown tie-break {text.strip()!r} (valid codes: {', '.join(sorted(REGISTRY))})")
    found.check(spec)
    return spec


MAX_TIEBREAKS = 100
"""The most codes a list may hold (every code of the catalogue with each of its modifiers fits): every column,
derivation and answer grows with the list, and a list of a hundred thousand codes is no list."""


def parse_list(text: str) -> list[Spec]:
    """Parses a comma-separated list such as ``"SB,DE,WIN"``, of at most :data:`MAX_TIEBREAKS` codes."""
    parts = [part for part in text.split(",") if part.strip()]
    if not parts:
        raise TiebreakError(f"empty tie-break list {text[:100]!r}")
    if len(parts) > MAX_TIEBREAKS:
        raise TiebreakError(f"a tie-break list of {len(parts):,} codes (at most {MAX_TIEBREAKS})")
    return [parse(part) for part in parts]
