"""The publishable HTML page: header, standings with explained values, crosstable; escaped and self-contained.

Source: tests/data/crosstable/wccc_1975_final.tsv (the seed's table, ns = SB) for the expected values.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

from builders import FOUR_PLAYER_ROUND_ROBIN, event

from sonneborn.demo import seed_event
from sonneborn.formats import read_path
from sonneborn.languages import language
from sonneborn.model import EventKind
from sonneborn.ranking import rank
from sonneborn.render.crosstable import build_crosstable
from sonneborn.render.html import render_crosstable_page, render_html
from sonneborn.tiebreaks import parse_list
from sonneborn.tiebreaks.rules import Rules

DATA = Path(__file__).parent.parent / "data"
SEED = DATA / "crosstable" / "wccc_1975_final.tsv"
SEVEN_POINTS = ["De Carbonnel", "Arnlind", "Maedler", "Dunhaupt", "Estrin"]


@dataclass
class Cell:
    text: str
    title: str | None
    tag: str


@dataclass
class Page(HTMLParser):
    """The page's tables by id, each as rows of cells, and every tag seen."""

    tables: dict[str, list[list[Cell]]] = field(default_factory=dict)
    tags: list[tuple[str, dict[str, str | None]]] = field(default_factory=list)
    _table: str | None = None
    _cell: Cell | None = None

    def __post_init__(self) -> None:
        super().__init__()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.tags.append((tag, found))
        if tag == "table":
            self._table = found.get("id") or ""
            self.tables[self._table] = []
        elif tag == "tr" and self._table is not None:
            self.tables[self._table].append([])
        elif tag in ("td", "th") and self._table is not None:
            self._cell = Cell("", found.get("title"), tag)
            self.tables[self._table][-1].append(self._cell)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            self._cell = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.text += data


def parse(page: str) -> Page:
    parser = Page()
    parser.feed(page)
    parser.close()
    return parser


def published_sb() -> dict[int, Fraction]:
    with SEED.open(encoding="utf-8") as handle:
        return {int(row[0]): Fraction(row[-1]) for row in list(csv.reader(handle, delimiter="\t"))[1:]}


def test_seed_page_lists_all_fifteen_players_in_order_with_their_sb() -> None:
    standings = rank(seed_event(), parse_list("SB,DE,WIN"))
    page = parse(render_html(standings))
    header, *rows = page.tables["standings"]
    labels = [cell.text for cell in header]
    assert labels == ["Rk", "No", "Name", "Pts", "SB", "DE", "WIN"]
    names = [row[2].text for row in rows]
    assert names == [row.player.name for row in standings.rows]
    assert names[0] == "Sloth" and names[5:10] == SEVEN_POINTS and len(names) == 15
    sb = published_sb()
    for row in rows:
        assert Fraction(row[4].text) == sb[int(row[1].text)], row[2].text


def test_every_value_carries_its_derivation_as_a_title() -> None:
    standings = rank(seed_event(), parse_list("SB,DE,WIN"))
    page = parse(render_html(standings))
    rows = page.tables["standings"][1:]
    for row in rows:
        for code, cell in zip(["SB", "DE", "WIN"], row[4:], strict=True):
            assert cell.title is not None and cell.title.startswith(f"{code} "), (row[2].text, code)
    assert rows[0][4].title is not None
    assert rows[0][4].title.startswith("SB 69.5 = ½×11 (Zagorovsky)")
    assert rows[7][5].title == "DE 1: separate standings: Maedler 1, Dunhaupt 0"


def test_shared_places_and_the_header() -> None:
    standings = rank(seed_event(), parse_list("SB"))
    html = render_html(standings)
    page = parse(html)
    rows = page.tables["standings"][1:]
    assert [row[0].text for row in rows[6:10]] == ["7", "8–9", "8–9", "10"]
    assert "<h1>World Correspondence Chess Championship Final 1975–80</h1>" in html
    assert "Sonneborn–Berger (Neustadtl)" in html and "(C.07 9.1)" in html
    assert "share the place" in html
    assert "<dt>Rules</dt><dd>fide-2026</dd>" in html


def test_crosstable_section_is_the_seeds_grid() -> None:
    standings = rank(seed_event(), parse_list("SB"))
    header, *rows = parse(render_html(standings)).tables["crosstable"]
    assert [cell.text for cell in header] == ["Rk", "No", "Player", *(str(k) for k in range(1, 16)), "Pts", "SB"]
    with SEED.open(encoding="utf-8") as handle:
        seed = list(csv.reader(handle, delimiter="\t"))[1:]
    for got, want in zip(rows, seed, strict=True):
        assert [cell.text for cell in got[3:18]] == want[2:17]
    assert rows[0][4].title == "Sloth against Zagorovsky: drew (round 2)"


def test_each_derivation_is_on_the_page_once() -> None:
    # The standings carry SB's derivation; the crosstable below repeats the value (the published 69.5 for
    # Sloth) without it, while the crosstable's own page carries it there.
    standings = rank(seed_event(), parse_list("SB"))
    html = render_html(standings)
    tables = parse(html).tables
    standings_sb, crosstable_sb = tables["standings"][1][4], tables["crosstable"][1][-1]
    assert Fraction(crosstable_sb.text) == Fraction(standings_sb.text) == Fraction(139, 2)
    assert crosstable_sb.title is None
    assert standings_sb.title is not None and html.count(f'title="{standings_sb.title}"') == 1
    alone = parse(render_crosstable_page(build_crosstable(standings), standings)).tables["crosstable"]
    assert alone[1][-1].title == standings_sb.title


def test_a_script_name_is_escaped() -> None:
    text = FOUR_PLAYER_ROUND_ROBIN.replace("Boris", "<script>alert(1)</script>")
    html = render_html(rank(event(text), parse_list("SB")))
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<script" not in html.lower()
    page = parse(html)
    assert "<script>alert(1)</script>" in [row[2].text for row in page.tables["standings"][1:]]
    assert all(tag != "script" for tag, _ in page.tags)


def test_page_is_self_contained_and_prints_on_a4() -> None:
    html = render_html(rank(seed_event(), parse_list("SB")))
    assert html.startswith('<!doctype html>\n<html lang="en">')
    assert "http://" not in html and "https://" not in html
    page = parse(html)
    assert ("meta", {"charset": "utf-8"}) in page.tags
    assert any(tag == "meta" and attrs.get("name") == "viewport" for tag, attrs in page.tags)
    assert not [(tag, attrs) for tag, attrs in page.tags if tag in ("link", "img", "script", "iframe")]
    assert not [attrs for _, attrs in page.tags if "src" in attrs or "href" in attrs]
    assert "@page { size: A4; margin: 12mm; }" in html
    assert "@media print" in html


def test_swiss_page() -> None:
    standings = rank(
        read_path(DATA / "held" / "fide_tec_exercise_2023.trf"), parse_list("BH/C1,SB/C1"), rules=Rules.FIDE_2023
    )
    assert standings.kind is EventKind.SWISS
    page = parse(render_html(standings))
    header, *rows = page.tables["crosstable"]
    assert [cell.text for cell in header][:9] == ["Rk", "No", "Name", "Rtg", "1", "2", "3", "4", "5"]
    assert [cell.text for cell in rows[0][:9]] == ["1", "2", "P2", "", "10b1", "7w1", "1b½", "16w1", "3b½"]
    assert rows[0][4].title == "round 1: won, Black, against P10 (no. 10)"
    standings_rows = page.tables["standings"][1:]
    assert standings_rows[0][4].title == "BH/C1 12 = 1.5 (P7) + 3.5 (P1) + 3.5 (P16) + 3.5 (P3); cut: 1 (P10)"


def test_swiss_round_titles_in_spanish_and_with_braces_in_names() -> None:
    # A round's tooltip is a phrase put together from its parts (the round's words, the opponent's name and
    # number): another language still writes it from its own template, "ronda {round}: {kind}, {colour},
    # contra {name} (n.º {start})", "ganó", "Negras", "tablas" (es catalogue), and a name's braces
    # are text. Round 1 of the FIDE exercise: P2 beat P10 with Black; Dan {x} drew Ann with White.
    standings = rank(
        read_path(DATA / "held" / "fide_tec_exercise_2023.trf"), parse_list("BH/C1,SB/C1"), rules=Rules.FIDE_2023
    )
    rows = parse(render_html(standings, lang=language("es"))).tables["crosstable"][1:]
    assert rows[0][4].title == "ronda 1: ganó, Negras, contra P10 (n.º 10)"
    braces = rank(event("1 Ann: 2b= 3w1\n2 Dan {x}: 1w= 4b1\n3 Cy: 4w1 1b0\n4 Bo: 3b0 2w0", kind=EventKind.SWISS),
                  parse_list("WIN"))  # fmt: skip
    by_name = {row[2].text: row for row in parse(render_html(braces)).tables["crosstable"][1:]}
    assert by_name["Dan {x}"][4].title == "round 1: drew, White, against Ann (no. 1)"
    assert by_name["Ann"][4].title == "round 1: drew, Black, against Dan {x} (no. 2)"
    spanish = {row[2].text: row for row in parse(render_html(braces, lang=language("es"))).tables["crosstable"][1:]}
    assert spanish["Ann"][4].title == "ronda 1: tablas, Negras, contra Dan {x} (n.º 2)"


def test_braces_in_names_are_text_not_format_fields() -> None:
    # The rows are filled in by str.format: a name's braces must come out as they went in.
    text = FOUR_PLAYER_ROUND_ROBIN.replace("Boris", "Boris {0} {} {name}}")
    html = render_html(rank(event(text), parse_list("SB")))
    page = parse(html)
    assert "Boris {0} {} {name}}" in [row[2].text for row in page.tables["standings"][1:]]
    sb = [row[-1].title for row in page.tables["standings"][1:]]
    assert any(title and "(Boris {0} {} {name}})" in title for title in sb)
