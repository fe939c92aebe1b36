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

import re

from sonneborn.errors import TiebreakError
from sonneborn.messages import N_, Message, Number

# The family modules register their kernels when imported, in the order the catalogue lists them.
from sonneborn.tiebreaks import (  # noqa: F401
    buchholz,
    direct_encounter,
    extended_encounter,
    knockout,
    koya,
    own_results,
    rating,
    sonneborn_berger,
    team_scores,
    uscf,
)
from sonneborn.tiebreaks.column import Column, Element, Terms, Value
from sonneborn.tiebreaks.context import Context
from sonneborn.tiebreaks.registry import REGISTRY, Definition, definition, full_name
from sonneborn.tiebreaks.spec import Modifier, Spec
from sonneborn.tiebreaks.suggest import suggestions

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
    """Parses one code and checks it against the registry (case-insensitive).

    An unknown code says what it may have meant (``BHH``, ``Buchholz``, ``BH C1``: ``BH`` or ``BH/C1``) and
    the modifiers of that code; an unknown modifier of a known code, the modifiers it takes.

    >>> parse("Buchholz")
    Traceback (most recent call last):
    sonneborn.errors.TiebreakError: unknown tie-break 'Buchholz': did you mean BH? (BH is Buchholz; its \
modifiers: cut /C1, median /M1, forfeits as played /P; valid codes: AOB, APPO, APRO, ARO, BBE, BC, BH, BPG, \
BWG, CUM, DE, EDE, EDEB, EDEBB, EDEBT, EDET, EGGSB, EGMSB, EMGSB, EMMSB, FB, GE, GF, KS, MM, MPVGP, NNSB, \
OCUM, PS, PTP, PTS, REP, RTNG, SB, SOLK, SSSC, STD, TBR, TPN, TPR, WIN, WON)
    """
    try:
        spec = Spec.parse(text)
    except TiebreakError as error:
        known = REGISTRY.get(re.split(r"[/:-]", text.strip().upper(), maxsplit=1)[0])
        if known is None or not str(error).startswith("unknown modifier"):
            raise
        raise TiebreakError(Message.of(N_("{message} ({takes})"), message=error.text, takes=known.takes)) from None
    found = REGISTRY.get(spec.code)
    if found is None:
        valid = ", ".join(sorted(REGISTRY))
        meant = suggestions(text)
        if not meant:
            template = N_("unknown tie-break {name} (valid codes: {codes})")
            raise TiebreakError(Message.of(template, name=repr(text.strip()), codes=valid))
        hint = REGISTRY[Spec.parse(meant[0]).code].takes
        if len(meant) == 1:
            template = N_("unknown tie-break {name}: did you mean {code}? ({takes}; valid codes: {codes})")
            options = meant[0]
        else:
            template = N_("unknown tie-break {name}: did you mean {codes2} or {code}? ({takes}; valid codes: {codes})")
            options = meant[-1]
        message = Message.of(
            template, name=repr(text.strip()), code=options, codes2=", ".join(meant[:-1]), takes=hint, codes=valid
        )
        raise TiebreakError(message)
    found.check(spec)
    return spec


MAX_TIEBREAKS = 100
"""The most codes a list may hold (every code of the catalogue with each of its modifiers fits): every column,
derivation and answer grows with the list, and a list of a hundred thousand codes is no list."""


def parse_list(text: str) -> list[Spec]:
    """Parses a comma-separated list such as ``"SB,DE,WIN"``, of at most :data:`MAX_TIEBREAKS` codes."""
    parts = [part for part in text.split(",") if part.strip()]
    if not parts:
        raise TiebreakError(Message.of(N_("empty tie-break list {text}"), text=repr(text[:100])))
    if len(parts) > MAX_TIEBREAKS:
        template = N_("a tie-break list of {count} codes (at most {limit})")
        raise TiebreakError(Message.of(template, count=Number(f"{len(parts):,}"), limit=MAX_TIEBREAKS))
    return [parse(part) for part in parts]
