"""The 1975–80 World Correspondence Chess Championship Final of the seed articles.

Source: the crosstable of the seed articles (cs = points, ns = Neustadtl score), kept as
tests/data/crosstable/wccc_1975_final.tsv. Expected values come from those published columns.
"""

from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path

from sonneborn.demo import seed_event
from sonneborn.formats import read_path
from sonneborn.ranking import rank
from sonneborn.tiebreaks import parse_list

SEED = Path(__file__).parent / "data" / "crosstable" / "wccc_1975_final.tsv"


def published() -> dict[int, tuple[Fraction, Fraction]]:
    """The seed's cs and ns columns by start number."""
    with SEED.open(encoding="utf-8") as handle:
        rows = list(csv.reader(handle, delimiter="\t"))
    header = rows[0]
    cs, ns = header.index("cs"), header.index("ns")
    return {int(r[0]): (Fraction(r[cs]), Fraction(r[ns])) for r in rows[1:]}


def test_points_and_sb_equal_the_published_columns() -> None:
    standings = rank(read_path(SEED), parse_list("SB"))
    table = published()
    assert len(standings.rows) == 15
    for row in standings.rows:
        assert (row.points, row.values["SB"].number) == table[row.player.start], row.player.name


def test_gelbfuhs_and_non_neustadtl_from_the_published_columns() -> None:
    # Everyone played 14 games: GF = s + SB/14 and NNSB = s² + SB.
    standings = rank(read_path(SEED), parse_list("GF,NNSB"))
    for start, (cs, ns) in published().items():
        row = standings.row(start)
        assert row.values["GF"].number == cs + ns / 14
        assert row.values["NNSB"].number == cs * cs + ns
    sloth = standings.row(1)
    assert (sloth.values["GF"].number, sloth.values["NNSB"].number) == (Fraction(447, 28), Fraction(381, 2))


def test_ranked_as_the_event_was_decided() -> None:
    standings = rank(seed_event(), parse_list("SB,DE,WIN"))
    top = [(row.rank, row.player.name, row.values["SB"].number) for row in standings.rows[:3]]
    assert top == [
        (1, "Sloth", Fraction(139, 2)),
        (2, "Zagorovsky", Fraction(267, 4)),
        (3, "Kosenkov", Fraction(135, 2)),
    ]


def test_order_of_the_seven_point_group() -> None:
    # SB: De Carbonnel 45.25, Arnlind 42.5, Dunhaupt and Maedler 41.5, Estrin 40.5;
    # Maedler beat Dunhaupt, so DE puts him ahead.
    standings = rank(seed_event(), parse_list("SB,DE,WIN"))
    group = [(row.rank, row.player.name) for row in standings.rows if row.points == 7]
    assert group == [(6, "De Carbonnel"), (7, "Arnlind"), (8, "Maedler"), (9, "Dunhaupt"), (10, "Estrin")]
    assert standings.row(9).values["DE"].number == 1
    assert standings.row(8).values["DE"].number == 2


def test_default_round_robin_list_and_koya() -> None:
    # DE first: Sloth and Zagorovsky drew; SB then puts Sloth first. KS: Sloth's points
    # against the nine players with at least 7 (50 % of 14).
    standings = rank(seed_event())
    sloth = standings.row(1)
    assert sloth.rank == 1
    assert {code: value.number for code, value in sloth.values.items()} == {
        "DE": 0,
        "SB": Fraction(139, 2),
        "WIN": 8,
        "KS": Fraction(13, 2),
    }
