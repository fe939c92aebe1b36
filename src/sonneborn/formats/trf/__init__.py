"""The FIDE Tournament Report File (TRF-16, C.04 Annex 2, and TRF-26): reading and writing.

A TRF is a fixed-column text file: tournament records (``012`` name, ``022``
city, …), one ``001`` line per player with his round-by-round results, the
TRF-26 records (``142`` rounds, ``162`` point system, ``192`` tournament type,
``202`` tie-breaks, ``240`` byes, ``299`` abnormal points) and the JaVaFo
extensions ``XXR`` (number of rounds) and ``XXS`` (point system) of older
files. :mod:`.layout` says where every field stands, :mod:`.read` reads a
file (its player lines through the column reader, :mod:`.columns`), :mod:`.write`
writes one.
"""

from __future__ import annotations

from sonneborn.formats.trf.layout import TRF16, Columns, Layout
from sonneborn.formats.trf.read import read_trf, read_trf_event, read_trf_reading, read_trf_teams
from sonneborn.formats.trf.write import write_trf, write_trf_teams

__all__ = [
    "TRF16",
    "Columns",
    "Layout",
    "read_trf",
    "read_trf_event",
    "read_trf_reading",
    "read_trf_teams",
    "write_trf",
    "write_trf_teams",
]
