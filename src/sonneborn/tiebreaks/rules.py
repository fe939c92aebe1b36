"""Editions of the FIDE tie-break rules, a parameter of every computation.

Old events stay recomputable under the rules they were played under.

>>> Rules.parse("FIDE-2023").unplayed
'article-16'
>>> [r.value for r in Rules]
['fide-2026', 'fide-2024', 'fide-2023', 'fide-2009', 'none']
"""

from __future__ import annotations

import enum

from sonneborn.errors import TiebreakError
from sonneborn.messages import N_, Message


class Rules(enum.Enum):
    """A rule edition and how it treats unplayed rounds."""

    FIDE_2026 = "fide-2026"
    """C.07 in force since 1 March 2026: Art. 16 with the dummy caps of 16.4.1 and 16.4.2."""
    FIDE_2024 = "fide-2024"
    """C.07 of 1 August 2024: Art. 16 without caps."""
    FIDE_2023 = "fide-2023"
    """C.07 of 1 August 2023: Art. 16 without caps; REP was called GE."""
    FIDE_2009 = "fide-2009"
    """Before 2023 (C.02 13.15): unplayed games of opponents count as draws, own unplayed rounds
    against a virtual opponent."""
    NONE = "none"
    """No special treatment: unplayed rounds count their points, no dummy, no adjustment."""

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Rules:
        """The edition named (case-insensitive)."""
        try:
            return cls(text.strip().lower())
        except ValueError:
            valid = ", ".join(r.value for r in cls)
            template = N_("unknown rules {text} (valid: {values})")
            raise TiebreakError(Message.of(template, text=repr(text.strip()), values=valid)) from None

    @property
    def unplayed(self) -> str:
        """How Swiss unplayed rounds are handled: ``article-16``, ``virtual-opponent`` or ``none``."""
        if self is Rules.FIDE_2009:
            return "virtual-opponent"
        if self is Rules.NONE:
            return "none"
        return "article-16"

    @property
    def dummy_cap(self) -> bool:
        """Whether the dummy's score is capped (C.07 16.4.1, 16.4.2; 2026 only)."""
        return self is Rules.FIDE_2026

    @property
    def forfeits_unplayed_in_round_robins(self) -> bool:
        """Whether forfeit losses stay unplayed for type B tie-breaks in round robins (C.07 15.2, 2026)."""
        return self is Rules.FIDE_2026


DEFAULT_RULES = Rules.FIDE_2026
