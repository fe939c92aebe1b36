"""Files that record what ``sonneborn check`` audits and that disagree with the list in force, for the benchmarks.

Each is a generated event (``generate.py``) with, beside its results, what a pairing program writes:

- ``ranks_under``: the ranks of another list and edition (``SB,KS`` under FIDE-2009, late in
  ``sonneborn.audit.COMMON_LISTS``): ``check`` names them after trying every list before it, the typical case;
- ``ranks_of_no_list``: the points order with the ties in a random order (seeded), which no list gives: every
  list is tried under every edition, the worst case;
- ``ranks_unnamed``: the ranks of ``SB/C1,BH/C2`` under FIDE-2023, no preset's list, for ``identify`` (issue
  22) to find among the lists of the catalogue;
- ``values_under``: sonneborn's JSON with each player's BH as FIDE-2009 counts it (found under the fourth
  edition tried) and his SB/P under FIDE-2023 with the last player's a half point off, which no variant
  gives (every variant of SB tried under every edition).

``benchmarks/run.py`` runs it in a child process with the interpreter of ``.venv`` (it imports sonneborn,
which the benchmark's own process does not, so as not to weigh on the children's peak memory)::

    .venv/bin/python benchmarks/recorded.py late benchmarks/.cache/swiss-2000.trf late.trf

The same source gives the same files.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sonneborn.event import Event

LATE_LIST = ("SB,KS", "fide-2009")
"""The list and edition ``ranks_under`` records the ranks of."""
IDENTIFY_LIST = ("SB/C1,BH/C2", "fide-2023")
"""The list and edition ``identify`` finds (no preset's, nor an edition's in force): ``ranks_unnamed``."""


def ranks_under(source: Path, target: Path, tiebreaks: str = LATE_LIST[0], rules: str = LATE_LIST[1]) -> Path:
    """The event of ``source`` with the ranks of ``tiebreaks`` under ``rules``, as TRF."""
    from sonneborn.ranking import rank
    from sonneborn.tiebreaks import parse_list
    from sonneborn.tiebreaks.rules import Rules

    event = _event(source)
    ranks = rank(event, parse_list(tiebreaks), rules=Rules.parse(rules)).ranks.tolist()
    return _write_trf(event, ranks, target)


def ranks_unnamed(source: Path, target: Path) -> Path:
    """The event of ``source`` with the ranks of :data:`IDENTIFY_LIST`, as TRF without a list or an edition: what
    ``sonneborn identify`` is given to find them."""
    return ranks_under(source, target, *IDENTIFY_LIST)


def ranks_of_no_list(source: Path, target: Path, *, seed: int = 1) -> Path:
    """The event of ``source`` ranked by points, the players of equal points in a random order, as TRF."""
    event = _event(source)
    rng = random.Random(seed)
    scores = event.table.score.totals.tolist()
    order = sorted(range(event.players), key=lambda row: (-scores[row], rng.random()))
    ranks = [0] * event.players
    for place, row in enumerate(order, start=1):
        ranks[row] = place
    return _write_trf(event, ranks, target)


def values_under(source: Path, target: Path) -> Path:
    """The event of ``source`` with recorded BH values under FIDE-2009 and SB/P values under FIDE-2023 (the
    last player's a half point off), as sonneborn's JSON."""
    from sonneborn.formats.jsonio import write_json
    from sonneborn.tiebreaks import REGISTRY, Context, parse
    from sonneborn.tiebreaks.rules import Rules

    event = _event(source)
    columns = []
    for code, rules in (("BH", Rules.FIDE_2009), ("SB/P", Rules.FIDE_2023)):
        spec = parse(code)
        kernel = REGISTRY[spec.code].kernel
        assert kernel is not None
        columns.append(kernel(Context(event, rules=rules), spec))
    players = []
    for row, player in enumerate(event.tournament.players):
        bh, sb = (column.number(row) or Fraction(0) for column in columns)
        off = Fraction(1, 2) if row == event.players - 1 else Fraction(0)
        players.append(replace(player, recorded_tiebreaks=(("BH", bh), ("SB", sb + off))))
    target.write_text(write_json(replace(event.tournament, players=tuple(players))), encoding="utf-8")
    return target


def _event(source: Path) -> Event:
    from sonneborn.pipeline import read

    return read(str(source)).event


def _write_trf(event: Event, ranks: list[int], target: Path) -> Path:
    from sonneborn.formats.trf import write_trf

    ranked = {row + 1: place for row, place in enumerate(ranks)}
    target.write_text(write_trf(event.tournament, ranks=ranked, newline="\n"), encoding="utf-8")
    return target


WRITERS: dict[str, Callable[[Path, Path], Path]] = {
    "late": ranks_under,
    "unlisted": ranks_of_no_list,
    "values": values_under,
    "identify": ranks_unnamed,
}
"""What writes each kind of file, by the name ``run.py`` gives it."""


def main(argv: list[str] | None = None) -> int:
    """The command line: ``KIND SOURCE TARGET``."""
    kind, source, target = sys.argv[1:] if argv is None else argv
    WRITERS[kind](Path(source), Path(target))
    return 0


if __name__ == "__main__":
    sys.exit(main())
