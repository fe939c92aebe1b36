"""The real server over HTTP: ``serve`` says where it listens, the limits hold and it keeps serving after them."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from sonneborn.web.limits import MAX_BODY

TWENTY_MB = 20 * 1024 * 1024


def test_serve_prints_its_address_and_serves() -> None:
    code = "from sonneborn.web import serve; serve('127.0.0.1', 0)"
    with subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as process:
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            assert line.startswith("sonneborn: serving on http://127.0.0.1:"), line
            url = line.split(" on ", 1)[1].split()[0]
            assert url.endswith("/")
            with httpx.Client(timeout=10) as client:
                assert client.get(url + "healthz").json()["status"] == "ok"
                assert "sonneborn" in client.get(url).text
        finally:
            process.send_signal(signal.SIGINT)
            process.communicate(timeout=15)
    assert process.returncode == 0


@pytest.fixture
def http(live_server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live_server, timeout=30) as client:
        yield client


def test_acceptance_upload_gives_the_contract(http: httpx.Client, seed_file: Path) -> None:
    with seed_file.open("rb") as handle:
        response = http.post("/api/standings?tiebreaks=SB", files={"file": ("seed.tsv", handle)})
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["tiebreaks"] == ["SB"]
    assert data["standings"][0] == {"rank": 1, "start": 1, "name": "Sloth", "points": 11.0, "values": {"SB": 69.5}} | {
        key: None for key in ("title", "federation", "fide_id", "rating", "sex", "birth_date", "club")
    }  # the crosstable holds no player field (issue 21)


def test_acceptance_twenty_megabytes_get_413_and_the_server_keeps_serving(http: httpx.Client) -> None:
    response = http.post("/api/standings", files={"file": ("big.trf", b"0" * TWENTY_MB)})
    assert response.status_code == 413, response.text
    assert "10 MB" in response.json()["error"]["message"]

    def chunks() -> Iterator[bytes]:
        for _ in range(TWENTY_MB // (1024 * 1024)):
            yield b"0" * (1024 * 1024)

    response = http.post("/api/standings", content=chunks(), headers={"content-type": "text/plain"})
    assert "content-length" not in response.request.headers
    assert response.status_code == 413, response.text

    response = http.post("/api/standings", files={"file": ("garbage.bin", os.urandom(4096))})
    assert response.status_code == 422, response.text
    assert response.json()["error"]["message"]

    response = http.post("/api/standings", files={"file": ("garbage.txt", b"no\ntournament\nhere\n")})
    assert response.status_code == 422, response.text
    assert response.json()["error"]["line"] is not None

    assert http.get("/healthz").json()["status"] == "ok"


def test_body_just_under_the_limit_is_read(http: httpx.Client) -> None:
    response = http.post("/api/standings", content=b" " * (MAX_BODY - 1), headers={"content-type": "text/plain"})
    assert response.status_code == 422
    assert response.json()["error"]["message"] == "the file is empty"


def test_curl_examples_of_the_documentation(live_server: str, seed_file: Path, tmp_path: Path) -> None:
    curl = shutil.which("curl")
    if curl is None:
        pytest.skip("curl is not installed")
    result = subprocess.run(
        [curl, "-sS", "-F", f"file=@{seed_file}", f"{live_server}/api/standings?tiebreaks=SB"],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    assert json.loads(result.stdout)["standings"][0]["name"] == "Sloth"
    big = tmp_path / "big.trf"
    big.write_bytes(b"0" * TWENTY_MB)
    result = subprocess.run(
        [curl, "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-F", f"file=@{big}", f"{live_server}/api/standings"],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    assert result.stdout == "413"


def descendants(pid: int) -> set[int]:
    """A process's descendants, from the parents in ``/proc/*/stat``."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(stat.parent.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_issue13_the_ranking_workers_end_with_a_killed_server(seed_file: Path) -> None:
    code = "from sonneborn.web import serve; serve('127.0.0.1', 0)"
    with subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True) as process:
        try:
            assert process.stdout is not None
            url = process.stdout.readline().split(" on ", 1)[1].split()[0]
            with httpx.Client(timeout=30) as client, seed_file.open("rb") as handle:
                answer = client.post(url + "api/standings", files={"file": ("seed.tsv", handle)})
                assert answer.status_code == 200, answer.text
            helpers = descendants(process.pid)
            assert len(helpers) >= 2, "the zygote and a worker"
        finally:
            process.kill()
            process.wait(timeout=15)
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in helpers):
        assert time.monotonic() < deadline, "a worker or the zygote outlived the server"
        time.sleep(0.1)
