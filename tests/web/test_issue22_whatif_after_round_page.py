"""Issue 22, the page's "What if" tab after an earlier round, in a real Chromium: ``rr4_final.trf`` (the hand
round robin of four finished) has no What if section as it is, and after round 2 (the round picker) the section
sets round 3's two games as it was paired — Clark–Brown (board 1), Adams–Dunne (board 2) — with the places
worked out by hand in ``tests/test_issue22_whatif.py``: Adams 1–4, Brown 1–4, Clark 1–3, Dunne 2–4.
"""

from __future__ import annotations

from pathlib import Path

from pages import DATA, open_page
from playwright.sync_api import Browser, expect
from test_issue21_phone_print import SLOW
from test_issue22_whatif_page import _places

FINAL = DATA / "whatif" / "rr4_final.trf"


def test_issue22_after_round_the_tab_sets_the_next_rounds_games(
    browser: Browser, live_server: str, tmp_path: Path, problems: list[str]
) -> None:
    path = tmp_path / "rr4.trf"  # its list stated (record 202), so that the page ranks it by DE,WIN
    path.write_text(FINAL.read_text(encoding="utf-8").replace("XXR 3\n", "XXR 3\n202 DE,WIN\n"), encoding="utf-8")
    page = open_page(browser, live_server, problems)
    page.set_input_files("#file", path)
    expect(page.locator("#standings tbody tr")).to_have_count(4)
    expect(page.locator("#whatif-section")).to_be_hidden()  # the event is over

    page.locator("#after-round").select_option(label="2")
    expect(page.locator("#whatif-section")).to_be_visible(timeout=SLOW)
    page.locator("#whatif-section").scroll_into_view_if_needed()
    expect(page.locator("#whatif-games tbody tr")).to_have_count(2, timeout=SLOW)
    expect(page.locator('#whatif-games tr[data-board="3.1"]')).to_contain_text("Clark, Cid (3)")
    expect(page.locator('#whatif-games tr[data-board="3.2"]')).to_contain_text("Adams, Ann (1)")
    expect(page.locator('#whatif-table tr[data-start="4"] td[data-what="best"]')).to_have_text("2", timeout=SLOW)
    assert _places(page) == {"1": "1–4", "2": "1–4", "3": "1–3", "4": "2–4"}
    assert problems == []
