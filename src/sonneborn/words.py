"""Names and words compared as people read them: without accents, case or punctuation.

``Müller, Jörg``, ``MULLER, Jorg`` and ``Muller Jorg`` are one name to a reader; :func:`folded` makes
them one text to a program, quickly (a name of ASCII letters is translated at C speed).

>>> folded("Müller, J.-P."), folded("Sonneborn–Berger (Neustadtl)")
('muller, j  p ', 'sonneborn berger  neustadtl ')
>>> words("Müller, J.-P.")
'muller j p'
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["folded", "words"]

_ASCII_PUNCTUATION = {code: " " for code in range(128) if not chr(code).isalnum() and chr(code) != ","}
_PUNCTUATION = re.compile(r"[^\w,]|_")


def folded(text: str) -> str:
    """A text without accents, case or punctuation but its commas, each character else kept as a blank."""
    lowered = text.casefold()
    if lowered.isascii():
        return lowered.translate(_ASCII_PUNCTUATION)
    bare = "".join(char for char in unicodedata.normalize("NFKD", lowered) if not unicodedata.combining(char))
    return _PUNCTUATION.sub(" ", bare)


def words(text: str) -> str:
    """A text's words, folded, one blank apart: what two spellings of a name share."""
    return " ".join(folded(text).replace(",", " ").split())
