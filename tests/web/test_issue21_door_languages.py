"""Issue 21: the refusals at the door (413, 408, 431, 503, 403, 421: web/limits.py) in the language the request names
(``lang`` in the query) or its browser prefers, as the API's other errors are; a form's ``lang`` field names the
language of a refused form too. The English texts are unchanged (tests/web/test_api.py, the doctests)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from sonneborn.web.limits import MAX_BODY, Admission, AllowedHosts, BodyLimit, BodyTimeout, SameOrigin

if TYPE_CHECKING:
    from fastapi.testclient import TestClient
    from starlette.types import Message, Receive, Scope, Send

DATA = Path(__file__).parents[1] / "data"


def _message(response: object, status: int) -> str:
    assert response.status_code == status, response.text  # type: ignore[attr-defined]
    found: str = response.json()["error"]["message"]  # type: ignore[attr-defined]
    return found


def test_a_body_over_the_limit_in_the_browsers_language_and_the_querys(client: TestClient) -> None:
    declared = client.post(
        "/api/standings", files={"file": ("big.trf", b"x" * (MAX_BODY + 1))}, headers={"accept-language": "ko"}
    )
    assert _message(declared, 413) == "요청 본문이 10 MB(10485760바이트)보다 큽니다"

    def chunks() -> Iterator[bytes]:  # no content-length: refused as it arrives, inside the app
        for _ in range(11):
            yield b"x" * (1024 * 1024)

    streamed = client.post(
        "/api/standings?lang=th", content=chunks(), headers={"content-type": "text/plain", "accept-language": "es"}
    )
    assert _message(streamed, 413) == "เนื้อหาของคำขอใหญ่เกิน 10 MB (10485760 ไบต์)"


def test_a_head_over_the_limit_in_spanish(client: TestClient) -> None:
    response = client.get("/healthz", headers={"x-long": "a" * 17_000, "accept-language": "es-ES,en;q=0.5"})
    assert _message(response, 431) == (
        "la cabecera de la solicitud (su línea y sus encabezados) supera los 16 kB (16384 bytes)"
    )


def _answer(app: object, scope: Scope, receive: Receive) -> tuple[int, str]:
    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))  # type: ignore[operator]
    return sent[0]["status"], json.loads(sent[1]["body"])["error"]["message"]


def test_a_body_too_slow_and_a_busy_server_in_korean_and_spanish() -> None:
    async def slow(scope: Scope, receive: Receive, send: Send) -> None:
        raise BodyTimeout(10, 30.0)  # as BodyLimit's receive raises it, outside any route

    async def nothing() -> Message:
        return {"type": "http.request", "body": b"", "more_body": False}

    scope: Scope = {"type": "http", "query_string": b"lang=ko", "headers": [(b"accept-language", b"th")]}
    assert _answer(BodyLimit(slow), scope, nothing) == (
        408,
        "요청 본문이 제시간에 도착하지 않았습니다 (각 부분은 10초 안에, 전체는 30초 안에)",
    )
    busy = Admission(slow, limit=0)
    scope = {"type": "http", "query_string": b"", "headers": [(b"accept-language", b"es")]}
    assert _answer(busy, scope, nothing) == (
        503,
        "el servidor está ocupado: atiende 0 solicitudes, el máximo que admite a la vez; vuelva a intentarlo en 5 s",
    )


def test_a_refused_form_in_the_language_of_its_lang_field(client: TestClient) -> None:
    """A form with both a file and a text: refused in the field's Spanish, not the browser's Korean."""
    response = client.post(
        "/api/standings",
        files={"file": ("a.trf", b"x")},
        data={"text": "x", "lang": "es"},
        headers={"accept-language": "ko"},
    )
    assert _message(response, 422) == "envíe un archivo o un texto, no ambos"


def test_a_post_from_another_site_and_a_foreign_host_in_spanish_and_thai() -> None:
    """The 403 (another site's page) and the 421 (a host the server was not started for) speak too."""

    async def served(scope: Scope, receive: Receive, send: Send) -> None:
        raise AssertionError("a refused request never reaches the app")

    async def nothing() -> Message:
        return {"type": "http.request", "body": b"", "more_body": False}

    scope: Scope = {
        "type": "http",
        "method": "POST",
        "scheme": "http",
        "query_string": b"",
        "headers": [(b"host", b"localhost:8000"), (b"origin", b"http://evil.example"), (b"accept-language", b"es")],
    }
    assert _answer(SameOrigin(served), scope, nothing) == (
        403,
        "rechazada: una página de otro origen ('http://evil.example') no puede enviar datos a este servidor",
    )
    scope = {"type": "http", "method": "GET", "query_string": b"lang=th", "headers": [(b"host", b"evil.example")]}
    assert _answer(AllowedHosts(served, hosts=()), scope, nothing) == (
        421,
        "ถูกปฏิเสธ: เซิร์ฟเวอร์นี้ตอบเฉพาะ 127.0.0.1, [::1], localhost เท่านั้น ไม่ใช่ 'evil.example' "
        "(sonneborn serve --allow-host NAME เพิ่มชื่อได้)",
    )
    english = {"type": "http", "method": "GET", "query_string": b"", "headers": [(b"host", b"evil.example")]}
    assert _answer(AllowedHosts(served, hosts=()), english, nothing)[1].startswith(
        "refused: this server answers for 127.0.0.1, [::1], localhost only"
    )


def test_a_json_bodys_lang_names_the_language_of_its_options_errors(client: TestClient) -> None:
    """The body's `lang` wins over the browser's language for the errors of the options beside it."""
    text = (DATA / "trf" / "icu_bunratty_major_2011.trf").read_text()
    body = {"text": text, "lang": "es", "colour": "white"}
    response = client.post("/api/standings", json=body, headers={"accept-language": "ko"})
    assert _message(response, 422) == "parámetro desconocido 'colour'"
    response = client.post("/api/standings", json={"text": text, "colour": "white"}, headers={"accept-language": "ko"})
    assert _message(response, 422) == "알 수 없는 매개변수 'colour'"
