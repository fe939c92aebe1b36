"""Issue 21: ``after_round`` in the web API, the standings as they stood after a round.

The Swiss is ``tests/test_issue21_rounds.py``'s, worked by hand there: after round 2 the order is #1, #4, #3, #2
and BH #1 1, #4 1½, #3 3½, #2 2.
"""

from __future__ import annotations

from fractions import Fraction as F

from builders import event as build_event
from conftest import make_client

from sonneborn.formats.jsonio import write_json

SWISS = """
1 A: 2w1 3w1 4b0
2 B: 1b0 -Z 3w1
3 C: 4w= 1b0 2b0
4 D: 3b= -U 1w1
"""


def test_the_api_takes_after_round_and_names_it_when_out_of_range() -> None:
    text = write_json(build_event(SWISS))
    with make_client() as client:
        good = client.post("/api/standings", json={"text": text, "after_round": 2, "tiebreaks": "BH"})
        bad = client.post("/api/standings", json={"text": text, "after_round": 5})
        zero = client.post("/api/standings", json={"text": text, "after_round": 0})
    assert good.status_code == 200, good.text
    assert [row["start"] for row in good.json()["standings"]] == [1, 4, 3, 2]
    assert [F(row["values"]["BH"]) for row in good.json()["standings"]] == [1, F(3, 2), F(7, 2), 2]
    assert bad.status_code == 422, bad.text
    assert "the event has 3 rounds played (expected 1 to 3)" in bad.text and "after_round" in bad.text
    assert zero.status_code == 422


def test_the_api_gives_category_tables() -> None:
    # tests/test_issue21_fields.py works the file out: women are Adams (overall 1) and Clark (overall 4).
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "data" / "trf" / "issue21_fields.trf"
    files = {"file": ("fields.trf", path.read_bytes())}
    with make_client() as client:
        good = client.post("/api/standings", files=files, data={"category": "women,50+", "tiebreaks": "DE"})
        trf = client.post("/api/standings", files=files, data={"category": "women", "format": "trf"})
        bad = client.post("/api/standings", files=files, data={"category": "U15"})
    assert good.status_code == 200, good.text
    tables = good.json()["categories"]
    assert [(t["category"], [(r["place"], r["rank"]) for r in t["standings"]]) for t in tables] == [
        ("women", [(1, 1), (2, 4)]), ("50+", [(1, 2)])
    ]  # fmt: skip
    assert trf.status_code == 422 and "category" in trf.text
    assert bad.status_code == 422 and "unknown category 'U15'" in bad.text
