"""The load test's runner, briefly: a few seconds of its mix against a real server, with no 5xx.

``make loadtest`` runs the same for 60 s; this keeps the runner working in ``make test``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "loadtest" / "run.py"


def test_load_test_drives_a_server_and_reports_its_figures(tmp_path: Path) -> None:
    figures_file = tmp_path / "figures.json"
    # The raw clients wait out the server's timeouts (10 to 30 s): make loadtest runs them.
    command = [sys.executable, str(RUNNER), "--seconds", "2", "--concurrency", "4", "--large-players", "200"]
    command += ["--abusers", "0", "--costly", "0", "--crowd", "20", "--max-healthz-ms", "5000"]
    result = subprocess.run(
        [*command, "--json", str(figures_file)], capture_output=True, text=True, timeout=60, cwd=ROOT, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    figures = json.loads(figures_file.read_text(encoding="utf-8"))
    assert figures["requests"] > 0
    assert figures["server_errors"] == 0
    assert figures["connection_errors"] == {}
    assert figures["latency_ms"]["p99"] > 0
    assert figures["failures"] == []
    assert figures["probe_ms"]["p99"] > 0
    assert figures["probe_ms"]["unanswered"] == 0
    assert figures["memory_samples"]
    for shown in ("requests", "5xx               0", "p99", "/healthz (ms)", "verdict: ok"):
        assert shown in result.stdout, result.stdout
