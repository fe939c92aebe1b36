"""Issue 21: the web API's own refusals (a body it cannot read, an event it no longer keeps, a team file's
error) in the language the request names or its browser prefers; the English texts unchanged."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

BAD = Path(__file__).parents[1] / "data" / "bad"


def _error(response: object) -> dict[str, object]:
    found: dict[str, object] = response.json()["error"]  # type: ignore[attr-defined]
    return found


def test_a_json_body_that_is_no_object_in_each_language(client: TestClient) -> None:
    headers = {"content-type": "application/json"}
    said = {
        code: client.post("/api/standings", content=b"[1, 2]", headers={**headers, "accept-language": code})
        for code in ("en", "es", "ko")
    }
    assert {response.status_code for response in said.values()} == {422}
    assert _error(said["en"])["message"] == 'the JSON body must be an object such as {"text": "…"}'
    assert _error(said["es"])["message"] == 'el cuerpo JSON debe ser un objeto como {"text": "…"}'
    assert _error(said["ko"])["message"] == 'JSON 본문은 {"text": "…"} 같은 객체여야 합니다'
    assert {_error(response)["field"] for response in said.values()} == {"body"}


def test_an_event_no_longer_kept_in_thai(client: TestClient) -> None:
    response = client.get("/api/events/0123456789abcdef/page", params={"lang": "th"})
    assert response.status_code == 404, response.text
    assert _error(response)["message"] == ("เซิร์ฟเวอร์ไม่ได้เก็บการแข่งขันนี้แล้ว (หรือไม่เคยเก็บ): ส่งไฟล์อีกครั้งไปที่ POST /api/events")


def test_a_bad_team_file_in_spanish_with_its_place(client: TestClient) -> None:
    """Record 300 of line 23 puts player 3 on two boards of Alpha: its line and column as in English; ``lang``
    given as a form field, as the page's other options are."""
    text = (BAD / "trf_team_300_two_boards.trf").read_text(encoding="utf-8")
    answers = {code: client.post("/api/standings", data={"text": text, "lang": code}) for code in ("en", "es")}
    english, spanish = (_error(answers[code]) for code in ("en", "es"))
    assert english["message"] == "record 300 puts player 3 on two boards of team 1 (Alpha) (expected each player once)"
    assert spanish["message"] == (
        "el registro 300 pone al jugador 3 en dos tableros del equipo 1 (Alpha) (se esperaba cada jugador una vez)"
    )
    assert (spanish["line"], spanish["column"]) == (english["line"], english["column"]) == (23, 22)


def test_the_servers_refusals_carry_their_message() -> None:
    """An answer too large to send, and a worker that died of its memory: messages the request's language
    writes, the size with its group separator (2.000 MB in Spanish)."""
    from sonneborn.languages import language
    from sonneborn.web.work import too_large_message
    from sonneborn.web.workers import Ended, death

    large = too_large_message(2_000 * 1024 * 1024)
    assert str(large).startswith("the answer would be 2,000 MB, more than the 256 MB the server sends")
    assert language("es").message(large).startswith("la respuesta ocuparía 2.000 MB, más de los 256 MB")
    died = death(Ended(signal.SIGSEGV, 200 << 20), 256 << 20)  # grown by 200 MB, more than a quarter of 256
    assert (died.status, died.message) == (422, str(died.text))
    assert language("ko").message(died.text).startswith("이 대회의 순위를 매기려면 이 서버가 요청 하나에")
