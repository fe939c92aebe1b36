"""Issue 21: messages on the page speak of the page's controls, never of command-line flags. The warnings of
recorded ranks, tie-break values and totals the results do not give name ``sonneborn check FILE`` on the command
line; the page and the API answers (the report, a kept event's page) say them without a command, in every language.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

BAD = Path(__file__).resolve().parents[1] / "data" / "bad"
RANKS = BAD / "trf_ranks_disagree.trf"
VALUES = BAD / "ct_sb_disagrees.tsv"
TOTALS = BAD / "trf_totals_unexplained.trf"
PAIRED = BAD.parent / "whatif" / "rr4_before_last.trf"


def _report(client: TestClient, path: Path, lang: str) -> list[str]:
    response = client.post(f"/api/report?lang={lang}", files={"file": (path.name, path.read_bytes())})
    assert response.status_code == 200, response.text
    warnings: list[str] = response.json()["warnings"]
    return warnings


def _page(client: TestClient, path: Path, lang: str) -> list[str]:
    kept = client.post(f"/api/events?lang={lang}", files={"file": (path.name, path.read_bytes())})
    assert kept.status_code == 200, kept.text
    page = client.get(f"/api/events/{kept.json()['event']}/page?lang={lang}")
    assert page.status_code == 200, page.text
    answer: dict[str, Any] = page.json()
    warnings: list[str] = answer["warnings"]
    return warnings


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("path", [RANKS, VALUES, TOTALS, PAIRED], ids=lambda p: p.name)
def test_the_disagreement_warnings_name_no_command_nor_flag(client: TestClient, path: Path, lang: str) -> None:
    for warnings in (_report(client, path, lang), _page(client, path, lang)):
        assert len(warnings) == 1, warnings
        assert "sonneborn " not in warnings[0] and "--" not in warnings[0], warnings[0]
        assert path.name in warnings[0]


def test_the_ranks_warning_on_the_page_in_english_and_spanish(client: TestClient) -> None:
    # The file's results give 2½, 2, 1½, 0: places 1 to 4 in that order; it records Brown (2) 3rd, Clark (1½) 2nd.
    english = (
        "trf_ranks_disagree.trf: the recorded ranks of 2 players differ from these standings (player 2 (Brown, Bob): "
        "rank 3 recorded, 2 computed: 2 points place 2–2; player 3 (Clark, Cid): rank 2 recorded, 3 computed: "
        "1.5 points place 3–3)"
    )
    assert _page(client, RANKS, "en") == [english]
    assert _report(client, RANKS, "en") == [english]
    (spanish,) = _page(client, RANKS, "es")
    # Spanish writes Clark's 1½ points as 1,5.
    assert "1,5" in spanish and "1.5" not in spanish
    assert "Brown, Bob" in spanish and "Clark, Cid" in spanish
    assert spanish != english


def test_the_totals_warning_writes_its_points_as_the_language_does(client: TestClient) -> None:
    # The file records Brown ½ (his results give 1) and Dunne 3½ (his results give ½): Spanish writes 0,5 and 3,5.
    (spanish,) = _report(client, TOTALS, "es")
    assert "0,5" in spanish and "3,5" in spanish
    assert "0.5" not in spanish and "3.5" not in spanish
    (english,) = _report(client, TOTALS, "en")
    assert "0.5 recorded, 1 from the results" in english and "3.5 recorded, 0.5 from the results" in english


def test_games_paired_without_a_result_name_the_what_if_tab(client: TestClient) -> None:
    # rr4_before_last.trf: round 3 of 3 is paired (line 6 on), its two games without a result.
    english = (
        "rr4_before_last.trf:6: round 3: 2 games paired with a blank result, read as not played yet (the standings "
        "are provisional; the What if tab plays them)"
    )
    assert _report(client, PAIRED, "en") == [english]
    assert _page(client, PAIRED, "en") == [english]
    (spanish,) = _page(client, PAIRED, "es")
    assert "Qué pasaría si" in spanish and "2 partidas" in spanish


@pytest.mark.parametrize(
    ("text", "english", "spanish"),
    [
        (
            "rank,start,name,rating,points,SB\n1,1,Ann,0,2,1\n",
            "sonneborn's standings as CSV (Download CSV): standings alone cannot be ranked again, they hold no games "
            "(rank the file they came from instead, or write its event with Download TRF)",
            "(Descargar CSV)",
        ),
        (
            "# Event\n\n## Standings\n\n| Rk | No | Name | Pts |\n| -: | -: | :--- | -: |\n| 1 | 1 | Ann | 2 |\n",
            "sonneborn's standings as Markdown (Download Markdown): a report, not read back as an event "
            "(rank the file they came from instead, or write its event with Download TRF)",
            "(Descargar Markdown)",
        ),
    ],
)
def test_one_of_our_own_reports_sent_back_is_refused_in_the_pages_words(
    client: TestClient, text: str, english: str, spanish: str
) -> None:
    """A report the page downloads, sent back: refused naming the page's Download buttons, not the commands that
    write it (the command line keeps them: ``tests/data/bad/expected.toml``)."""
    said = {}
    for code in ("en", "es"):
        response = client.post(f"/api/standings?lang={code}", files={"file": ("back.csv", text.encode())})
        assert response.status_code == 422, response.text
        said[code] = response.json()["error"]["message"]
        commands = ("`", "sonneborn standings", "sonneborn convert", "sonneborn crosstable", "--")
        assert not any(command in said[code] for command in commands), said[code]
    assert said["en"] == english
    assert spanish in said["es"] and "Descargar TRF" in said["es"]
