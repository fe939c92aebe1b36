"""Issue 21: the players' fields (federation, club, title, FIDE id, rating, sex, birth date) and the event's
(city, federation, dates, chief arbiter) in every output, DE written ``–`` where it does not apply, and the
category tables (``--category``).

``tests/data/trf/issue21_fields.trf`` was written by hand: a Swiss of 4 players and 3 rounds.
R1 1-2 1-0, 3-4 ½; R2 3-1 0-1, 2-4 1-0; R3 1-4 0-1, 3-2 0-1. Scores: Adams 2, Brown 2, Dunne 1½, Clark ½.
With ``-t DE``: Adams and Brown are tied on 2 and Adams beat Brown (R1): DE 1 and 2; Dunne and Clark are tied
with nobody, DE does not apply (``–`` in the tables, 0 in JSON and CSV as FIDE's checker writes it).
Order: Adams, Brown, Dunne, Clark. Dunne has no rating; Clark no federation (her sex is ``f``, read as ``w``).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.formats.jsonio import read_json, write_json
from sonneborn.formats.pgn import read_pgn

DATA = Path(__file__).resolve().parent / "data"
FIELDS = DATA / "trf" / "issue21_fields.trf"
NULLS = dict.fromkeys(("title", "federation", "fide_id", "rating", "sex", "birth_date", "club"))


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_json_event_holds_what_the_file_says_of_it() -> None:
    event = json.loads(run("standings", str(FIELDS), "-t", "DE", "-f", "json"))["event"]
    assert {key: event[key] for key in ("name", "city", "federation", "start_date", "end_date", "chief_arbiter")} == {
        "name": "Galway Spring Open",
        "city": "Galway",
        "federation": "IRL",
        "start_date": "2026-03-07",
        "end_date": "2026-03-08",
        "chief_arbiter": "IA Mary Arbiter",
    }
    assert (event["rounds"], event["played"]) == (3, 3)


def test_the_json_rows_keep_their_keys_and_add_the_players_fields() -> None:
    rows = json.loads(run("standings", str(FIELDS), "-t", "DE", "-f", "json"))["standings"]
    assert [list(row)[:5] for row in rows] == [["rank", "start", "name", "points", "values"]] * 4
    by_name = {row["name"]: row for row in rows}
    assert [row["name"] for row in rows] == ["Adams, Ann", "Brown, Bob", "Dunne, Dan", "Clark, Cid"]
    assert {key: by_name["Adams, Ann"][key] for key in NULLS} == {
        "title": "WFM", "federation": "IRL", "fide_id": 2500011, "rating": 2105, "sex": "w",
        "birth_date": "1990/05/17", "club": None,
    }  # fmt: skip
    assert {key: by_name["Dunne, Dan"][key] for key in NULLS} == NULLS | {"federation": "IRL"}
    assert {key: by_name["Clark, Cid"][key] for key in NULLS} == NULLS | {
        "rating": 1650, "sex": "w", "birth_date": "2012/03/03"
    }  # fmt: skip
    assert [row["values"]["DE"] for row in rows] == [1, 2, 0, 0]  # the values stay as they were


def test_the_csv_ends_with_the_players_fields() -> None:
    rows = list(csv.reader(io.StringIO(run("standings", str(FIELDS), "-t", "DE", "-f", "csv"))))
    assert rows[0] == ["rank", "start", "name", "rating", "points", "DE", "title", "federation", "fide_id", "sex",
                       "birth_date", "club"]  # fmt: skip
    assert rows[1] == ["1", "1", "Adams, Ann", "2105", "2", "1", "WFM", "IRL", "2500011", "w", "1990/05/17", ""]
    assert rows[3] == ["3", "4", "Dunne, Dan", "", "1.5", "0", "", "IRL", "", "", "", ""]


def test_the_terminal_table_has_the_federation_and_a_dash_where_de_does_not_apply() -> None:
    lines = run("standings", str(FIELDS), "-t", "DE").splitlines()
    assert lines[1].split() == ["Rk", "No", "Name", "Fed", "Rtg", "Pts", "DE"]
    assert lines[2].split() == ["1", "1", "Adams,", "Ann", "IRL", "2105", "2", "1"]
    assert lines[4].split() == ["3", "4", "Dunne,", "Dan", "IRL", "1.5", "–"]
    assert lines[5].split() == ["4", "3", "Clark,", "Cid", "1650", "0.5", "–"]


def test_the_markdown_table_has_the_title_federation_fide_id_sex_and_birth_date() -> None:
    text = run("standings", str(FIELDS), "-t", "DE", "-f", "md")
    assert "| Rk | No | Name | Tit | Fed | FIDE id | Sex | Born | Rtg | Pts | DE |" in text
    assert "| 1 | 1 | Adams, Ann | WFM | IRL | 2500011 | w | 1990/05/17 | 2105 | 2 | 1 |" in text
    assert "| 4 | 3 | Clark, Cid |  |  |  | w | 2012/03/03 | 1650 | 0.5 | – |" in text


def test_the_html_report_heads_the_event_and_each_tiebreak_with_its_article() -> None:
    page = run("standings", str(FIELDS), "-t", "DE", "-f", "html")
    header = page[page.index("<header>") : page.index("</header>")]
    for fact in ("<dt>City</dt><dd>Galway</dd>", "<dt>Federation</dt><dd>IRL</dd>",
                 "<dt>Dates</dt><dd>2026/03/07 – 2026/03/08</dd>", "<dt>Chief arbiter</dt><dd>IA Mary Arbiter</dd>",
                 "<dt>Rounds</dt><dd>3</dd>"):  # fmt: skip
        assert fact in header
    assert 'Direct encounter <span class="article">(C.07 6)</span>' in header
    assert "a place inside a group of tied players" in header and "– where the player was tied with nobody" in header
    table = page[page.index('<table id="standings"') :]
    for heading in ('"federation">Fed', '"FIDE id">FIDE id', '"sex">Sex', '"birth date">Born'):
        assert f"<abbr title={heading}</abbr>" in table


def test_html_says_rounds_played_of_rounds_planned_after_a_round() -> None:
    page = run("standings", str(FIELDS), "-f", "html", "--after-round", "2")
    assert "<dt>Rounds</dt><dd>2 of 3 played</dd>" in page


PGN = """[Event "Club night"]
[Round "1"]
[White "Adams, Ann"]
[Black "Brown, Bob"]
[WhiteElo "2105"]
[WhiteTitle "WFM"]
[WhiteFed "IRL"]
[WhiteFideId "2500011"]
[WhiteTeam "Galway CC"]
[BlackClub "Dublin CC"]
[Result "1-0"]

1-0
"""


def test_pgn_tags_give_the_players_fields_and_json_keeps_the_club() -> None:
    tournament = read_pgn(PGN)
    adams, brown = tournament.players
    assert (adams.name, adams.rating, adams.title, adams.federation, adams.fide_id, adams.club) == (
        "Adams, Ann", 2105, "WFM", "IRL", 2500011, "Galway CC"
    )  # fmt: skip
    assert (brown.rating, brown.title, brown.federation, brown.fide_id, brown.club) == (None, "", "", None, "Dublin CC")
    assert read_json(write_json(tournament)) == tournament  # the club goes through the JSON and back


def test_the_club_reaches_the_outputs(tmp_path: Path) -> None:
    path = tmp_path / "club.pgn"
    path.write_text(PGN, encoding="utf-8")
    rows = json.loads(run("standings", str(path), "-f", "json"))["standings"]
    assert [(row["name"], row["club"]) for row in rows] == [("Adams, Ann", "Galway CC"), ("Brown, Bob", "Dublin CC")]
    assert "| Rk | No | Name | Tit | Fed | Club | FIDE id | Rtg |" in run("standings", str(path), "-f", "md")  # no sex


# --- category tables --------------------------------------------------------------------------------------------
# The same file, event year 2026 (042). Ages in the calendar year: Adams 2026 − 1990 = 36, Brown 51, Clark 14,
# Dunne no birth date. Overall order (-t DE): Adams 1, Brown 2, Dunne 3, Clark 4.
# women: Adams (w), Clark (f, read w): places 1, 2 beside overall 1, 4. U16: Clark alone (14 ≤ 16), place 1.
# 50+: Brown (51). fed:IRL: Adams, Dunne (1, 3). rating:<2000: Clark (1650; Dunne unrated is in no band).
# rating:2100-2450: Adams 2105, Brown 2450. women+U16: Clark.


def category_rows(*specs: str) -> dict[str, list[tuple[int, int, str]]]:
    data = json.loads(run("standings", str(FIELDS), "-t", "DE", "-f", "json", *(f"--category={s}" for s in specs)))
    return {c["category"]: [(r["place"], r["rank"], r["name"]) for r in c["standings"]] for c in data["categories"]}


def test_category_tables_filter_the_overall_order_with_the_overall_rank_beside() -> None:
    assert category_rows("women", "U16", "50+", "fed:irl", "rating:<2000", "rating:2100-2450", "women+U16") == {
        "women": [(1, 1, "Adams, Ann"), (2, 4, "Clark, Cid")],
        "U16": [(1, 4, "Clark, Cid")],
        "50+": [(1, 2, "Brown, Bob")],
        "fed:IRL": [(1, 1, "Adams, Ann"), (2, 3, "Dunne, Dan")],
        "rating:<2000": [(1, 4, "Clark, Cid")],
        "rating:2100-2450": [(1, 1, "Adams, Ann"), (2, 2, "Brown, Bob")],
        "women+U16": [(1, 4, "Clark, Cid")],
    }


def test_a_category_shares_the_places_its_members_share_overall() -> None:
    # Without DE, Adams and Brown share the first place (2 points each): in 2100-2450 they share the first too.
    data = json.loads(run("standings", str(FIELDS), "-t", "WON", "-f", "json", "--category", "rating:2100-2450"))
    rows = data["categories"][0]["standings"]
    assert [(row["place"], row["rank"]) for row in rows] == [(1, 1), (1, 1)]
    table = run("standings", str(FIELDS), "-t", "WON", "--category", "rating:2100-2450").splitlines()
    assert [line.split()[:2] for line in table[2:4]] == [["1-2", "1-2"], ["1-2", "1-2"]]
    assert "Players still tied after the last tie-break share the place (1–2)." in table
    # Among the women Adams is alone on her place, which she shares overall with Brown (no woman): place 1,
    # not shared, beside her overall 1-2; Clark 2, overall 4.
    table = run("standings", str(FIELDS), "-t", "WON", "--category", "women").splitlines()
    assert [line.split()[:3] for line in table[2:4]] == [["1", "1-2", "1"], ["2", "4", "3"]]
    assert not any(line.startswith("Players still tied") for line in table)


def test_category_tables_in_every_format() -> None:
    csv_rows = list(csv.reader(io.StringIO(run("standings", str(FIELDS), "-t", "DE", "-f", "csv", "--category",
                                               "women", "--category", "50+"))))  # fmt: skip
    assert csv_rows[0][:5] == ["category", "place", "rank", "start", "name"]
    assert [row[:5] for row in csv_rows[1:]] == [
        ["women", "1", "1", "1", "Adams, Ann"],
        ["women", "2", "4", "3", "Clark, Cid"],
        ["50+", "1", "2", "2", "Brown, Bob"],
    ]
    table = run("standings", str(FIELDS), "-t", "DE", "--category", "women").splitlines()
    assert table[0] == "Galway Spring Open: Women (women): 2 of 4 players"
    assert table[1].split()[:4] == ["Pl", "Rk", "No", "Name"]
    assert table[3].split()[:3] == ["2", "4", "3"]
    md = run("standings", str(FIELDS), "-t", "DE", "-f", "md", "--category", "U16")
    assert "## Under 16 (U16): 1 of 4 players" in md and "| 1 | 4 | 3 | Clark, Cid |" in md
    page = run("standings", str(FIELDS), "-t", "DE", "-f", "html", "--category", "50+")
    assert "<h2>50 and over (50+): 1 of 4 players</h2>" in page and '<abbr title="overall rank">Rk</abbr>' in page


def test_bad_categories_are_one_line() -> None:
    for args, message in (
        (["--category", "U15"], "--category: unknown category 'U15' (expected women, U8 to U20, 50+, 65+"),
        (["--category", "women", "-f", "trf"], "--category: category tables are written as table, json, csv, md"),
    ):
        result = CliRunner().invoke(cli, ["standings", str(FIELDS), *args])
        assert result.exit_code == 2 and result.stderr.startswith(f"sonneborn: error: {message}"), result.output
        assert result.stderr.count("\n") == 1
    undated = CliRunner().invoke(cli, ["standings", str(DATA / "crosstable" / "wccc_1975_final.csv"), "--category",
                                       "U20"])  # fmt: skip
    assert undated.exit_code == 2, undated.output
    assert "the event's year is not known" in undated.stderr


def test_convert_names_the_clubs_a_trf_cannot_hold(tmp_path: Path) -> None:
    path = tmp_path / "club.pgn"
    path.write_text(PGN, encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(path), "-", "--to", "trf"])
    assert result.exit_code == 0, result.output
    assert "sonneborn: warning: -: clubs: TRF has no field for them" in result.stderr.splitlines()
    kept = CliRunner().invoke(cli, ["convert", str(path), "-", "--to", "pgn"])
    assert kept.exit_code == 0 and "clubs" not in kept.stderr
    assert '[WhiteTeam "Galway CC"]' in kept.stdout and '[BlackTeam "Dublin CC"]' in kept.stdout
