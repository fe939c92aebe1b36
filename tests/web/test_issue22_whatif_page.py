"""Issue 22, the page's "What if" tab in a real Chromium: results set by clicking (and by the keyboard), the
standings of the scenario and every player's best and worst place changing at once, as worked out by hand.

The event is the hand-made round robin of four of ``tests/test_issue22_whatif.py`` under its list DE,WIN
(record 202): round 3 pairs Clark–Brown (board 1) and Adams–Dunne (board 2). Before any result is set Adams is
1–4, Brown 1–4, Clark 1–3, Dunne 2–4; Adams beating Dunne (board 2 ``1-0``) makes them Adams 1–2, Brown 2–3,
Clark 1–3, Dunne 4–4, and the standings Adams 2, Clark 1½, Brown 1, Dunne ½; Brown beating Clark too (board 1
``0-1``) settles every place: Adams 1, Brown 2, Clark 3, Dunne 4 (``tests/web/test_issue22_whatif_tab.py``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import running
from pages import ARTIFACTS, DATA, open_page
from playwright.sync_api import Browser, Page, Route, expect
from playwright.sync_api import Error as PlaywrightError
from test_issue21_phone_print import PHONE, SLOW, serious_violations, small_targets

from sonneborn.web import create_app

ROUND_ROBIN = DATA / "whatif" / "rr4_before_last.trf"


@pytest.fixture(scope="module")
def live_server() -> Iterator[str]:
    """A server of this module's own: a whatif request that never gets its answer (seen under load, not yet
    explained) then stalls only these tests, not the session's server every other browser test shares."""
    with running(create_app()) as url:
        yield url


def _event(tmp_path: Path) -> Path:
    """The round robin with its list stated (record 202), so that the page ranks it by DE,WIN."""
    text = ROUND_ROBIN.read_text(encoding="utf-8").replace("XXR 3\n", "XXR 3\n202 DE,WIN\n")
    path = tmp_path / "rr4.trf"
    path.write_text(text, encoding="utf-8")
    return path


def _places(page: Page) -> dict[str, str]:
    """Each player's best and worst place as the tab shows them: start number → ``best–worst`` (read at once)."""
    script = """() => Object.fromEntries([...document.querySelectorAll('#whatif-table tbody tr')].map((tr) => [
        tr.dataset.start,
        `${tr.querySelector('td[data-what="best"]').textContent}–${tr.querySelector('td[data-what="worst"]').textContent}`,
    ]))"""
    found: dict[str, str] = page.evaluate(script)
    return found


def _cells(page: Page) -> dict[str, str]:
    """Each player's best and worst place cells as the tab shows them: ``start best`` or ``start worst`` → text."""
    script = """() => Object.fromEntries([...document.querySelectorAll(
        '#whatif-table tbody td[data-what="best"], #whatif-table tbody td[data-what="worst"]')].map((td) => [
        `${td.parentElement.dataset.start} ${td.dataset.what}`, td.textContent]))"""
    found: dict[str, str] = page.evaluate(script)
    return found


def _open_tab(page: Page, path: Path) -> None:
    page.set_input_files("#file", path)
    expect(page.locator("#standings tbody tr")).to_have_count(4)
    expect(page.locator("#whatif-section")).to_be_visible()
    page.locator("#whatif-section").scroll_into_view_if_needed()
    expect(page.locator("#whatif-games tbody tr")).to_have_count(2, timeout=SLOW)


def test_issue22_setting_results_by_clicking_changes_the_places(
    browser: Browser, live_server: str, tmp_path: Path, problems: list[str]
) -> None:
    page = open_page(browser, live_server, problems)
    _open_tab(page, _event(tmp_path))
    board1, board2 = (
        page.locator('#whatif-games tr[data-board="3.1"]'),
        page.locator('#whatif-games tr[data-board="3.2"]'),
    )
    expect(board1).to_contain_text("Clark, Cid (3)")
    expect(board2).to_contain_text("Adams, Ann (1)")
    expect(page.locator('#whatif-table tr[data-start="4"] td[data-what="best"]')).to_have_text("2")
    assert _places(page) == {"1": "1–4", "2": "1–4", "3": "1–3", "4": "2–4"}
    expect(page.locator("#whatif-method")).to_contain_text("9")

    board2.get_by_role("button", name="1-0").click()
    expect(board2.get_by_role("button", name="1-0")).to_have_attribute("aria-pressed", "true")
    expect(page.locator('#whatif-table tr[data-start="4"] td[data-what="best"]')).to_have_text("4", timeout=SLOW)
    assert _places(page) == {"1": "1–2", "2": "2–3", "3": "1–3", "4": "4–4"}
    # The standings of the scenario: the game set counts.
    names = page.locator("#whatif-table tbody td.name")
    expect(names).to_have_text(["Adams, Ann", "Clark, Cid", "Brown, Bob", "Dunne, Dan"])
    expect(page.locator('#whatif-table tr[data-start="4"] td[data-what="best"]')).to_have_class("changed")
    expect(page.locator('#whatif-table tr[data-start="2"] td[data-what="can-win"]')).to_have_text("no")
    expect(page.locator("#whatif-method")).to_contain_text("3.2=1-0")

    # By the keyboard: Tab to board 1's "0-1" and press Enter.
    board1.get_by_role("button", name="0-1").focus()
    page.keyboard.press("Enter")
    expect(page.locator('#whatif-table tr[data-start="1"] td[data-what="worst"]')).to_have_text("1", timeout=SLOW)
    assert _places(page) == {"1": "1–1", "2": "2–2", "3": "3–3", "4": "4–4"}
    page.screenshot(path=str(ARTIFACTS / "whatif-desktop.png"), full_page=True)

    # Unset both: back to the places before any result.
    board1.get_by_role("button", name="unset").click()
    page.locator("#whatif-clear").click()
    expect(page.locator('#whatif-table tr[data-start="1"] td[data-what="worst"]')).to_have_text("4", timeout=SLOW)
    assert _places(page) == {"1": "1–4", "2": "1–4", "3": "1–3", "4": "2–4"}
    expect(board2.get_by_role("button", name="unset")).to_have_attribute("aria-pressed", "true")
    assert problems == []


def test_issue22_a_late_answer_never_replaces_a_newer_one(
    browser: Browser, live_server: str, tmp_path: Path, problems: list[str]
) -> None:
    page = open_page(browser, live_server, problems)
    _open_tab(page, _event(tmp_path))
    board2 = page.locator('#whatif-games tr[data-board="3.2"]')
    held: list[Route] = []
    pattern = "**/api/events/*/whatif?*"

    def hold_the_first(route: Route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route(pattern, hold_the_first)
    with page.expect_request(pattern):
        board2.get_by_role("button", name="1-0").click()  # Adams wins: its answer held back
    board2.get_by_role("button", name="0-1").click()  # Dunne wins: answered at once
    expect(page.locator('#whatif-table tr[data-start="1"] td[data-what="best"]')).to_have_text("3", timeout=SLOW)
    assert held
    with (
        page.expect_event("requestfinished", lambda request: "3.2%3D1-0" in request.url),
        contextlib.suppress(PlaywrightError),
    ):
        held[0].continue_()
    # Two frames for the page to take the late answer in, had it not dropped it.
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    # The older answer (Adams 1–2) arrives last and is dropped: Adams stays 3–4, as Dunne's win makes him.
    assert _places(page) == {"1": "3–4", "2": "1–4", "3": "1–2", "4": "2–3"}
    assert problems == []


def test_issue22_the_tab_on_a_phone_under_axe_and_hidden_for_a_finished_event(
    browser: Browser, live_server: str, tmp_path: Path, seed_file: Path, problems: list[str]
) -> None:
    page = open_page(browser, live_server, problems, width=PHONE["width"], height=PHONE["height"], bypass_csp=True)
    _open_tab(page, _event(tmp_path))
    page.locator('#whatif-games tr[data-board="3.2"]').get_by_role("button", name="½-½").click()
    expect(page.locator("#whatif-method")).to_contain_text("3.2=½-½", timeout=SLOW)
    assert small_targets(page, "#whatif-section") == []
    # The section fits the phone: nothing of it runs past 375 px but inside its scrolling tables.
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    buttons = page.locator('#whatif-games tr[data-board="3.2"] .set-results button')
    boxes = [buttons.nth(index).bounding_box() for index in range(buttons.count())]
    assert all(box is not None and box["x"] + box["width"] <= PHONE["width"] for box in boxes), boxes
    assert serious_violations(page) == []
    page.screenshot(path=str(ARTIFACTS / "whatif-phone.png"), full_page=True)

    # The seed event is over: nothing to set, no tab.
    page.set_input_files("#file", seed_file)
    expect(page.locator("#standings tbody tr")).to_have_count(15)
    expect(page.locator("#whatif-section")).to_be_hidden()
    assert problems == []


def test_issue22_the_tab_of_a_team_event_sets_match_scores(
    browser: Browser, live_server: str, tmp_path: Path, problems: list[str]
) -> None:
    """The team round robin (DE): Alpha–Delta is board 2; Alpha winning 2-0 makes Alpha 1–2 and Delta 4–4."""
    text = (DATA / "whatif" / "team4_before_last.trf").read_text(encoding="utf-8")
    path = tmp_path / "teams.trf"
    path.write_text(text.replace("XXR 3\n", "XXR 3\n202 DE\n"), encoding="utf-8")
    page = open_page(browser, live_server, problems)
    _open_tab(page, path)
    match = page.locator('#whatif-games tr[data-board="3.2"]')
    expect(match).to_contain_text("Alpha")
    expect(match.locator(".set-results button")).to_have_text(["2-0", "1½-½", "1-1", "½-1½", "0-2", "unset"])
    match.get_by_role("button", name="2-0").click()
    expect(page.locator('#whatif-table tr[data-start="4"] td[data-what="best"]')).to_have_text("4", timeout=SLOW)
    assert _places(page)["1"] == "1–2"
    assert problems == []


def test_issue22_prove_more_places_asks_four_times_the_search(
    browser: Browser, live_server: str, problems: list[str]
) -> None:
    """UzChess Cup Masters 2025 after round 6 (15 games to play, a simulation): every row's places are left as
    bounds by the page's first search. "Prove more places" asks the search of ``--proof-effort 4``, which
    ``tests/web/test_api.py`` shows proves more: fewer places stay ranges, and a place already exact stays as it was."""
    page = open_page(browser, live_server, problems)
    page.set_input_files("#file", DATA / "pgn" / "uzchess_cup_masters_2025.pgn")
    expect(page.locator("#standings tbody tr")).to_have_count(10)
    page.locator("#after-round").select_option(label="6")
    expect(page.locator("#whatif-section")).to_be_visible(timeout=SLOW)
    page.locator("#whatif-section").scroll_into_view_if_needed()
    prove = page.locator("#whatif-prove")
    expect(prove).to_be_visible(timeout=SLOW)
    expect(page.locator("#whatif-table tbody tr")).to_have_count(10)
    before = _cells(page)
    with page.expect_response(lambda response: "proof_effort=4" in response.url, timeout=SLOW) as answered:
        prove.click()
    assert answered.value.ok
    expect(page.locator("#whatif-section")).not_to_have_attribute("aria-busy", "true", timeout=SLOW)
    after = _cells(page)
    # A place is shown as one number when exact, as a range (``9–10``) when a bound: fewer ranges after, and a
    # place exact before is the same after.
    assert sum("–" in text for text in after.values()) < sum("–" in text for text in before.values())
    assert all(after[cell] == text for cell, text in before.items() if "–" not in text), (before, after)
    # Bounds are left still: the button stays for the next step (16), under the server's limit of 100.
    expect(prove).to_be_visible()
    assert problems == []
