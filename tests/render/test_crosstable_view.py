"""The crosstable view: the seeds' layout for round robins, chess-results cells for Swiss events.

Source: tests/data/crosstable/wccc_1975_final.tsv (the seed's table, cs = points, ns = SB),
tests/data/crosstable/double_round_robin.txt and tests/data/held/fide_tec_exercise_2023.{trf,csv}.
"""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction
from pathlib import Path

import pytest
from builders import event

from sonneborn.formats import detect_format, read_path, read_text
from sonneborn.model import EventKind
from sonneborn.ranking import rank
from sonneborn.render.crosstable import (
    Crosstable,
    build_crosstable,
    crosstable_csv,
    crosstable_markdown,
    crosstable_text,
)
from sonneborn.render.html import render_crosstable_page
from sonneborn.tiebreaks import parse_list
from sonneborn.tiebreaks.rules import Rules

DATA = Path(__file__).parent.parent / "data"
SEED = DATA / "crosstable" / "wccc_1975_final.tsv"
DOUBLE = DATA / "crosstable" / "double_round_robin.txt"
HELD_TRF = DATA / "held" / "fide_tec_exercise_2023.trf"
HELD_CSV = DATA / "held" / "fide_tec_exercise_2023.csv"


def seed_rows() -> list[list[str]]:
    """The seed's player rows: number, name, 15 result cells, cs, ns."""
    with SEED.open(encoding="utf-8") as handle:
        return list(csv.reader(handle, delimiter="\t"))[1:]


def permuted(rows: list[list[str]], order: list[int]) -> list[list[str]]:
    """The seed's grid with rows and columns in the given order of its numbers."""
    return [[rows[i - 1][1], *(rows[i - 1][1 + j] for j in order), *rows[i - 1][-2:]] for i in order]


def check_against_seed(table: Crosstable, order: list[int]) -> None:
    n = len(order)
    assert table.kind is EventKind.ROUND_ROBIN
    # "Rk" the place, "No" the start number (issue 12), the opponents' columns numbered by row.
    assert table.header[: n + 4] == ["Rk", "No", "Player", *(str(k) for k in range(1, n + 1)), "Pts"]
    assert [row[1] for row in table.rows] == [str(k) for k in order]
    assert table.starts == order
    pts, sb = table.header.index("Pts"), table.header.index("SB")
    for got, want in zip(table.rows, permuted(seed_rows(), order), strict=True):
        name, cells, (cs, ns) = want[0], want[1:-2], want[-2:]
        assert got[2] == name
        assert got[3 : 3 + n] == cells, name
        assert (Fraction(got[pts]), Fraction(got[sb])) == (Fraction(cs), Fraction(ns)), name


def test_seed_ranked_by_sb_is_the_seeds_table() -> None:
    # Dunhaupt and Maedler share 8th on SB alone and stay in start order, as in the seed.
    table = build_crosstable(rank(read_path(SEED), parse_list("SB")))
    assert table.header[-2:] == ["Pts", "SB"]
    check_against_seed(table, list(range(1, 16)))


def test_seed_ranked_by_sb_de_win_swaps_dunhaupt_and_maedler() -> None:
    # Maedler beat Dunhaupt: DE puts him 8th, so rows and columns 8 and 9 of the seed change places.
    table = build_crosstable(rank(read_path(SEED), parse_list("SB,DE,WIN")))
    assert table.header[-4:] == ["Pts", "SB", "DE", "WIN"]
    seven = [row[2] for row in table.rows if row[-4] == "7"]
    assert seven == ["De Carbonnel", "Arnlind", "Maedler", "Dunhaupt", "Estrin"]
    check_against_seed(table, [1, 2, 3, 4, 5, 6, 7, 9, 8, 10, 11, 12, 13, 14, 15])
    assert table.rows[7][-2:] == ["1", "4"]
    assert table.titles[7][-2] == "DE 1: separate standings: Maedler 1, Dunhaupt 0"


@pytest.mark.parametrize("tiebreaks", ["SB", "SB,DE,WIN"])
def test_text_and_csv_read_back_as_the_same_event(tiebreaks: str) -> None:
    # The acceptance test of `sonneborn crosstable seed.tsv`: the output is a crosstable again, read as the
    # published crosstable it is (Rk, No, ...), with the start numbers it shows (issue 12).
    original = read_path(SEED)
    table = build_crosstable(rank(original, parse_list(tiebreaks)))
    for text in (crosstable_text(table), crosstable_csv(table)):
        assert detect_format(text) == "published"
        again = read_text(text)
        assert [p.name for p in again] == [p.name for p in original]
        assert [[str(e) for e in p.entries] for p in again] == [[str(e) for e in p.entries] for p in original]
        assert [p.recorded_points for p in again] == [p.recorded_points for p in original]


def test_a_swiss_crosstable_reads_back_as_the_same_event() -> None:
    original = read_path(HELD_TRF)
    table = build_crosstable(rank(original, parse_list("BH/C1,SB/C1"), rules=Rules.FIDE_2023))
    for text in (crosstable_text(table), crosstable_csv(table)):
        again = read_text(text)
        assert [p.entries for p in again] == [p.entries for p in original]


def test_text_aligns_wide_names() -> None:
    tournament = event("1 Ann: 2w1\n2 李小龍: 1b0")
    lines = crosstable_text(build_crosstable(rank(tournament, parse_list("SB")))).splitlines()
    # A CJK character takes two terminal columns.
    assert lines[1] == " 1   1  Ann     X  1    1  0.00"
    assert lines[2] == " 2   2  李小龍  0  X    0  0.00"


def test_markdown_and_csv_shape() -> None:
    table = build_crosstable(rank(read_path(SEED), parse_list("SB")))
    lines = crosstable_markdown(table).splitlines()
    assert lines[0] == "| Rk | No | Player | " + " | ".join(str(k) for k in range(1, 16)) + " | Pts | SB |"
    assert lines[1].startswith("| -: | -: | :--- | :-: |")
    assert lines[2].startswith("| 1 | 1 | Slot | X | ½ | ½ | 1 |")
    assert len(lines) == 17
    rows = list(csv.reader(io.StringIO(crosstable_csv(table))))
    assert rows[0] == table.header
    assert rows[9][:4] == ["8-9", "9", "Maedler", "½"]


def test_double_round_robin_has_one_symbol_per_game() -> None:
    lines = DOUBLE.read_text(encoding="utf-8").splitlines()
    published = {cells[1]: cells[2:6] for cells in (re.split(r"\s{2,}", line.strip()) for line in lines[1:])}
    standings = rank(read_path(DOUBLE), parse_list("SB"))
    table = build_crosstable(standings)
    starts = {row.player.name: row.player.start for row in standings.rows}
    names = [row[2] for row in table.rows]
    assert names == ["Ann", "Dan", "Bob", "Cy"]
    for row in table.rows:
        cells = published[row[2]]
        # The file writes a draw as "=" and the diagonal as "XX"; columns follow the final order.
        want = [cells[starts[name] - 1].replace("=", "½").replace("XX", "X") for name in names]
        assert row[3:7] == want, row[2]
    assert [row[7] for row in table.rows] == ["4.5", "3", "3", "1.5"]
    assert table.titles[3][4] == "Cy against Dan: forfeit win (round 2), forfeit loss (round 5)"


def held_expected() -> dict[int, list[str]]:
    """The Held crosstable's cells by start number, written the chess-results way."""
    expected = {}
    with HELD_CSV.open(encoding="utf-8") as handle:
        for record in list(csv.reader(handle))[1:]:
            cells = []
            for text in record[1:]:
                if text == "--":
                    cells.append("-Z0")
                elif text.endswith("BYE"):
                    cells.append("-U1" if text[0] == "+" else "-H½")
                elif text[1] == "F":
                    cells.append(f"{text[2:]}-{text[0]}")
                else:
                    cells.append(text[2:] + text[1].lower() + {"+": "1", "=": "½", "-": "0"}[text[0]])
            expected[int(record[0])] = cells
    return expected


def test_swiss_cells_follow_the_published_crosstable() -> None:
    standings = rank(read_path(HELD_TRF), parse_list("BH/C1,SB/C1"), rules=Rules.FIDE_2023)
    table = build_crosstable(standings)
    assert table.kind is EventKind.SWISS
    assert table.header == ["Rk", "No", "Name", "Rtg", "1", "2", "3", "4", "5", "Pts", "BH/C1", "SB/C1"]
    assert list(table.result_columns) == [4, 5, 6, 7, 8]
    by_start = {int(row[1]): row for row in table.rows}
    expected = held_expected()
    for start in (1, 4, 6, 9, 11, 12, 14):
        assert by_start[start][4:9] == expected[start], start
    assert by_start[2][:3] == ["1", "2", "P2"]
    assert by_start[2][9:] == ["4", "12.00", "8.50"]
    assert [row[4:9] for row in table.rows] == [expected[int(row[1])] for row in table.rows]
    assert table.titles[0][4] == "round 1: won, Black, against P10 (no. 10)"
    assert table.titles[0][-1].startswith("SB/C1 8.5 = ")


def test_swiss_pending_games_unknown_colours_and_shared_places() -> None:
    tournament = event(
        """
        1 Ann: 2w1 3-+ 4w*
        2 Bob: 1b0 4b= -H
        3 Cy: 4w1 1--  -U
        4 Dan: 3b0 2w= 1b*
        """,
        kind=EventKind.SWISS,
    )
    table = build_crosstable(rank(tournament, parse_list("WIN")))
    rows = {row[2]: row for row in table.rows}
    assert rows["Ann"][4:7] == ["2w1", "3-+", "4w"]
    assert rows["Bob"][4:7] == ["1b0", "4b½", "-H½"]
    assert rows["Cy"][4:7] == ["4w1", "1--", "-U1"]
    assert rows["Ann"][0] == rows["Cy"][0] == "1-2"
    assert rows["Dan"][-1] == "0"


def test_html_page_of_the_crosstable_alone() -> None:
    standings = rank(read_path(SEED), parse_list("SB"))
    page = render_crosstable_page(build_crosstable(standings), standings)
    assert page.startswith("<!doctype html>")
    assert 'id="crosstable"' in page
    assert 'id="standings"' not in page
    assert "Slot" in page and "http" not in page
