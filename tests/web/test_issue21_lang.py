"""Issue 21, Languages, on the web API: ``lang`` on the HTML, table and report answers, else the
``Accept-Language`` header's language; JSON never changes with either."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sonneborn.demo import seed_text

if TYPE_CHECKING:
    from fastapi.testclient import TestClient


def _standings(client: TestClient, headers: dict[str, str] | None = None, **data: str) -> str:
    response = client.post("/api/standings", data={"text": seed_text(), "tiebreaks": "SB,DE,WIN", **data},
                           headers=headers or {})  # fmt: skip
    assert response.status_code == 200, response.text
    text: str = response.text
    return text


def test_lang_on_the_html_and_table_answers(client: TestClient) -> None:
    spanish = _standings(client, format="html", lang="es")
    assert '<html lang="es">' in spanish and "<h2>Clasificación</h2>" in spanish and ">69,50</td>" in spanish
    korean = _standings(client, format="table", lang="ko-KR")
    assert korean.splitlines()[0].split()[:3] == ["순위", "번호", "이름"]
    english = _standings(client, format="table")
    assert english.splitlines()[0] == "Rk  No  Name           Pts     SB  DE  WIN"


def test_the_accept_language_header_chooses_unless_lang_does(client: TestClient) -> None:
    thai = _standings(client, {"Accept-Language": "th-TH,th;q=0.9,en;q=0.5"}, format="html")
    assert '<html lang="th">' in thai and "คะแนนซอนเนบอร์น-เบอร์เกอร์" in thai
    named = _standings(client, {"Accept-Language": "th"}, format="html", lang="en")
    assert '<html lang="en">' in named and "<h2>Standings</h2>" in named


def test_json_is_the_same_in_every_language(client: TestClient) -> None:
    english = _standings(client, format="json")
    assert _standings(client, {"Accept-Language": "es"}, format="json", lang="ko") == english
    assert _standings(client, {"Accept-Language": "ko"}, format="csv") == _standings(client, format="csv")


def test_the_report_names_and_notes_in_the_language(client: TestClient) -> None:
    response = client.post("/api/report", data={"text": seed_text(), "tiebreaks": "SB,DE,WIN", "lang": "es"})
    assert response.status_code == 200, response.text
    data = response.json()
    assert [column["name"] for column in data["columns"]] == [
        "puntuación Sonneborn-Berger (Neustadtl)", "puntuación de cabeza a cabeza", "número de victorias",
    ]  # fmt: skip
    assert data["rows"][0]["values"]["SB"] == "69.50"  # the values as the page reads them, in every language


def test_an_unknown_lang_is_refused(client: TestClient) -> None:
    response = client.post("/api/standings", data={"text": seed_text(), "lang": "fr"})
    assert response.status_code == 422
    assert response.json()["error"]["field"] == "lang"


def test_an_error_says_the_format_assumed_and_gives_its_line(client: TestClient) -> None:
    """Issue 21: the error answer gives the format the file was read as, why, and the whole line with the
    column its message names (the TRF field), for the page to mark."""
    from pathlib import Path

    bad = Path(__file__).parents[1] / "data" / "bad" / "trf_points_not_a_number.trf"
    response = client.post("/api/standings", files={"file": ("x.trf", bad.read_bytes())})
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert (error["line"], error["column"], error["format"]) == (6, 81, "trf")
    assert error["why"] == "read as TRF because line 1 starts with '012'"
    line = bad.read_text(encoding="utf-8").splitlines()[5]
    assert error["line_text"] == line and line[80:84] == " 1.x"  # columns 81-84, the points the message names


def test_csv_excel_on_the_api(client: TestClient) -> None:
    """Issue 21: ``csv=excel`` gives the CSV a spreadsheet set to the language opens, as ``--csv excel`` does."""
    spanish = _standings(client, format="csv", csv="excel", lang="es")
    assert spanish.startswith("\ufeff") and spanish.splitlines()[0].lstrip("\ufeff").startswith("rank;start;name")
    sloth = next(line for line in spanish.splitlines() if ";Sloth;" in line)
    assert sloth.split(";")[4:6] == ["11", "69,5"]  # points, then SB (69.5, the seed article's) with a decimal comma
    korean = _standings(client, format="csv", csv="excel", lang="ko")
    assert korean.startswith("\ufeff") and ",Sloth," in korean and ",69.5," in korean
    plain = _standings(client, format="csv", lang="es")
    assert not plain.startswith("\ufeff") and ",Sloth," in plain and ",69.5," in plain


def test_the_derivations_in_the_language_asked_for(client: TestClient) -> None:
    """The explanations, a kept event's player card and its crosstable page write the derivations' words and
    numbers in ``lang`` (else the Accept-Language header's); the values themselves never change."""
    from sonneborn.languages import language

    spanish = language("es")
    response = client.post("/api/explain?start=1", data={"text": seed_text(), "tiebreaks": "SB,WIN", "lang": "es"})
    assert response.status_code == 200, response.text
    (sloth,) = response.json()["explanations"]
    assert sloth["values"]["SB"].startswith("SB 69,5 = ½×11 (Zagorovsky) + ½×10,5 (Kosenkov)")
    assert sloth["values"]["WIN"].startswith("WIN 8: " + spanish.gettext("rounds {rounds}").split("{")[0])
    english = client.post("/api/explain?start=1", data={"text": seed_text(), "tiebreaks": "SB"}).json()
    assert english["explanations"][0]["values"]["SB"].startswith("SB 69.5 = ½×11 (Zagorovsky)")
    kept = client.post("/api/events?tiebreaks=SB", files={"file": ("seed.txt", seed_text().encode())})
    assert kept.status_code == 200, kept.text
    key = kept.json()["event"]
    card = client.get(f"/api/events/{key}/player?start=1", headers={"Accept-Language": "th"}).json()["player"]
    assert card["lines"][0] == language("th").format("{name} (no. {start}), rank {rank}", name="Sloth", start=1, rank=1)
    page = client.get(f"/api/events/{key}/page?view=crosstable&tiebreaks=SB&lang=es").json()
    assert page["crosstable"]["titles"][0][-1].startswith("SB 69,5 = ½×11 (Zagorovsky)")
    assert page["rows"][0]["values"]["SB"] == "69,50"  # the page's rows as Spanish writes numbers
