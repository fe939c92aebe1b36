"""The bundled event: the final of the 1975–80 World Correspondence Chess Championship.

Transcribed from the crosstable of the seed articles (15 players, single
round robin); Jørn Sloth won on Neustadtl score, 69.5 to Zagorovsky's 66.75.

>>> event = seed_event()
>>> len(event), event.rounds
(15, 15)
"""

from __future__ import annotations

from dataclasses import replace
from importlib.resources import files

from sonneborn.formats.crosstable import read_crosstable
from sonneborn.model import Tournament

SEED_NAME = "World Correspondence Chess Championship Final 1975–80"
SEED_FILE = "wccc_1975_final.tsv"
DEMO_LIST = "SB,DE,WIN"
"""The tie-breaks `sonneborn demo` ranks the seed event by, and the page's example button with it."""


def seed_text() -> str:
    """The bundled crosstable, as text."""
    return files("sonneborn").joinpath("data", SEED_FILE).read_text(encoding="utf-8")


def seed_event() -> Tournament:
    """The bundled event as a :class:`Tournament`, named."""
    return replace(read_crosstable(seed_text(), path=SEED_FILE), name=SEED_NAME)


def seed_json() -> str:
    """The bundled event, named, as sonneborn's JSON: the page's example, which a crosstable cannot name."""
    from sonneborn.formats.jsonio import write_json

    return write_json(seed_event())
