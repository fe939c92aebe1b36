"""Times ``sonneborn whatif`` (issue 22) on generated events before their last round, the library call alone in a
fresh process after the imports and the reading, against the issue's targets:

- a 10-player round robin before its last round, exact: ≤ 0.1 s;
- a 200-player 9-round Swiss before its last round, 10,000 simulations of the Swiss list (``BH/C1,BH,SB,DE,WIN``,
  the default) with ``-j 2``: ≤ 5 s on a 2-core machine; the benchmark's long list
  (``run.TIEBREAKS``) is timed too, for the record;
- exact best and worst places for the top 20 of that Swiss: ≤ 2 s (the ``top-20 exact`` column counts the best
  and the worst places of the top 20 that are exact, not bounds).

The last round is written as a paired round without results (an opponent, a colour, a blank result), as
pairing programs write it. Run as ``.venv/bin/python benchmarks/whatif.py`` (``make bench`` runs it).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
from pathlib import Path

import generate

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache"
TIMER = """\
import sys, time
from sonneborn.pipeline import Request, read
from sonneborn.whatif import what_if
path, method, runs, jobs, codes = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
effort = int(sys.argv[6])
reading = read(path)
request = Request.parse(tiebreaks=codes or None)
began = time.perf_counter()
answer = what_if(reading, request, method=method, runs=runs, jobs=jobs, seed=1, proof_effort=effort)
seconds = time.perf_counter() - began
top = answer.rows[:20]
print(seconds, answer.ranked, sum(r.best_exact for r in top), sum(r.worst_exact for r in top))
"""
LONG = "BH/C1,BH,SB,SB/C1,FB,AOB,DE,WIN,WON,BPG,PS,ARO,TPR"
CASES = (
    # name, event, method, runs, jobs, list, proof effort, target (s)
    ("round robin 10, exact", "rr10", "exact", 1, 1, "", 1, 0.1),
    ("Swiss 200 × 9, 10,000 runs, -j 2", "swiss200", "simulation", 10_000, 2, "", 1, 5.0),
    ("Swiss 200 × 9, 10,000 runs, -j 1", "swiss200", "simulation", 10_000, 1, "", 1, None),
    ("Swiss 200 × 9, 10,000 runs, long list, -j 2", "swiss200", "simulation", 10_000, 2, LONG, 1, None),
    # The places of one run: what the best and worst places of the top 20 cost; exact only as counted.
    ("Swiss 200 × 9, best/worst of the top 20, 1 run", "swiss200", "simulation", 1, 1, "", 1, 2.0),
    # The same with --proof-effort 40: what more time buys (for the record).
    ("  the same, --proof-effort 40", "swiss200", "simulation", 1, 1, "", 40, None),
)
EXACT_TOP = "Swiss 200 × 9, best/worst of the top 20, 1 run"
"""The case whose target also asks every best and worst place of the top 20 exact."""


def before_last_round(text: str) -> str:
    """A TRF with the results of its last round taken out where a game was paired (kept: opponent, colour)."""
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            line = line.rstrip()
            block = line[-8:]
            if block[:4].strip() not in ("", "0000") and block[5] in "wb":
                line = line[:-1].rstrip()
        lines.append(line)
    return "\n".join(lines) + "\n"


def prepare() -> dict[str, Path]:
    CACHE.mkdir(parents=True, exist_ok=True)
    made = {
        "rr10": generate.round_robin(10),
        "swiss200": generate.swiss(200, 9, every_kind=False),
    }
    paths = {}
    for name, event in made.items():
        path = CACHE / f"whatif_{name}.trf"
        text = before_last_round(generate.to_trf(event))
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
        paths[name] = path
    return paths


def main(runs: int = 3) -> int:
    paths = prepare()
    failed = False
    print(f"{'whatif case':<48} {'median':>8} {'fastest':>8} {'ranked':>7} {'top-20 exact':>13}  target")
    for name, event, method, count, jobs, codes, effort, target in CASES:
        times, ranked, exact = [], 0, (0, 0)
        for _ in range(runs):
            command = [
                sys.executable,
                "-c",
                TIMER,
                str(paths[event]),
                method,
                str(count),
                str(jobs),
                codes,
                str(effort),
            ]
            done = subprocess.run(command, capture_output=True, text=True, check=True, timeout=600)
            seconds, ranked_text, best_text, worst_text = done.stdout.split()
            times.append(float(seconds))
            ranked, exact = int(ranked_text), (int(best_text), int(worst_text))
        median = statistics.median(times)
        met = target is not None and median <= target and (name != EXACT_TOP or exact == (20, 20))
        verdict = (
            "" if target is None else f"≤ {target} s{' exact' if name == EXACT_TOP else ''} {'ok' if met else 'FAIL'}"
        )
        failed |= target is not None and not met
        shown = f"{exact[0]}/20, {exact[1]}/20" if event == "swiss200" else ""
        print(f"{name:<48} {median:>7.3f}s {min(times):>7.3f}s {ranked:>7} {shown:>13}  {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
