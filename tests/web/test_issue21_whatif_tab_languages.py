"""Issue 21 (languages) on issue 22's "What if" tab, in a real Chromium: what decides first place, written in
the page's language (``?lang=es``, ``th``, ``ko``), never in English.

The event is the hand-made round robin of four (``tests/data/whatif/rr4_before_last.trf``) under DE,WIN, with
Adams's game against Dunne (board 2) set to ``1-0``, as ``tests/web/test_issue22_whatif_tab.py`` works it out by
hand: Clark–Brown (board 1, round 3) is the one game left. Brown winning leaves Adams and Brown on 2 points,
Adams first by DE (he beat Brown); a draw leaves Adams and Clark on 2, Clark first by DE (he beat Adams); Brown
losing gives Clark 2½, first on points. So Adams can finish first, first in 1 outcome, by DE; Clark is first only
if he does not lose against Brown (round 3), first in 2 outcomes, 1 on points and 1 by DE; Brown (at most 2,
behind Adams by DE) and Dunne cannot finish first. The expected words are the translators' (the catalogues),
filled with those values.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pages import open_page
from playwright.sync_api import Browser, Page, expect
from test_issue21_phone_print import SLOW
from test_issue22_whatif_page import _event, _open_tab

from sonneborn.languages import language


def _decides(page: Page) -> dict[str, str]:
    script = """() => Object.fromEntries([...document.querySelectorAll('#whatif-table tbody tr')].map((tr) => [
        tr.dataset.start, tr.querySelector('td[data-what="decides"]').textContent]))"""
    found: dict[str, str] = page.evaluate(script)
    return found


@pytest.mark.parametrize("code", ["es", "th", "ko"])
def test_issue21_the_whatif_tab_says_what_decides_first_place_in_the_pages_language(
    browser: Browser, live_server: str, tmp_path: Path, problems: list[str], code: str
) -> None:
    words = language(code)
    page = open_page(browser, f"{live_server}/?lang={code}", problems)
    expect(page.locator("html")).to_have_attribute("lang", code)
    _open_tab(page, _event(tmp_path))
    board2 = page.locator('#whatif-games tr[data-board="3.2"]')
    board2.get_by_role("button", name="1-0").click()
    expect(page.locator('#whatif-table tr[data-start="4"] td[data-what="best"]')).to_have_text("4", timeout=SLOW)
    decides = _decides(page)

    def by(count: int, code_: str) -> str:
        return words.format("{count} by {code}", count=str(count), code=code_)

    cannot = words.gettext("cannot finish first")
    assert decides["2"] == cannot and decides["4"] == cannot
    adams, clark = decides["1"], decides["3"]
    assert adams.startswith(words.gettext("can finish first"))
    assert by(1, "DE") in adams
    condition = words.format("does not lose against {name} (round {round})", name="Brown, Bob", round=3)
    assert clark.startswith(words.format("first only if he {conditions}", conditions=condition))
    assert words.format("{count} on points", count="1") in clark and by(1, "DE") in clark
    # The tallies' own sentence in the language's plural: one outcome for Adams, two for Clark.
    for text, count in ((adams, 1), (clark, 2)):
        head = words.ngettext("first in {count} outcome: {ways}", "first in {count} outcomes: {ways}", count)
        assert head.split("{count}")[0] in text
    # And nothing of the English.
    for english in ("can finish first", "cannot", "first only if", "does not lose", "outcome", "on points", "round"):
        assert all(english not in text for text in decides.values()), (english, decides)
    assert problems == []
