"""Issue 21 in a real Chromium: the page's round picker (standings after any round) and its category view.

The event is ``tests/data/trf/issue21_pickers.trf``: six players, three rounds, ranked by BH then FB. Worked out
by hand from the file's lines:

- Round 1: Adams–Dunne 1–0, Brown–Egan ½–½, Clark–Flynn 0–1.
- Round 2: Adams–Flynn ½–½, Brown–Clark 1–0, Egan–Dunne 0–1.
- Round 3: Adams–Brown 0–1, Flynn–Dunne 0–1, Clark–Egan 1–0.

After round 2 the scores are Adams 1½, Brown 1½, Flynn 1½, Dunne 1, Egan ½, Clark 0. Nobody has an unplayed
round, so BH is the sum of the opponents' scores after round 2 (C.07 8.1): Adams 1 (Dunne) + 1½ (Flynn) = 2½,
Flynn 0 (Clark) + 1½ (Adams) = 1½, Brown ½ (Egan) + 0 (Clark) = ½, Dunne 1½ + ½ = 2, Egan 1½ + 1 = 2½, Clark 1½ +
1½ = 3. By points, then BH: Adams, Flynn, Brown, Dunne, Egan, Clark. The final round is not paired after round
2, so FB is BH (C.07 8.3). After round 3 (the file as it is): Brown 2½, Dunne 2, Adams 1½ (BH 2 + 1½ + 2½ = 6)
before Flynn 1½ (BH 1 + 1½ + 2 = 4½), Clark 1, Egan ½.

Categories (the event's year is 2026, an age the one reached in that year): the women are Adams, Clark and Egan;
Flynn (born 2015) is 11, Clark (2012) 14, Dunne (2011) 15, Brown (1970) 56, Egan (1960) 66: U12 Flynn; U14 Clark
and Flynn; U16, U18 and U20 Clark, Dunne and Flynn; 50+ Brown and Egan; 65+ Egan. The ratings (2300, 2200, 1900,
2000, 1800, 1700) split at 1800 (Flynn under), 2000 (Clark, Egan, Flynn) and 2200 (Dunne too); federations ENG
(Brown, Egan) and IRL. A category's table keeps the overall order: the women at the end are Adams (3rd overall),
Clark (5th), Egan (6th); after round 2 Adams (1st), Egan (5th), Clark (6th); the under-16s after round 2 Flynn
(2nd), Dunne (4th), Clark (6th).
"""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path

from builders import event as build_event
from conftest import swiss_trf
from pages import ARTIFACTS, DATA, open_page
from playwright.sync_api import Browser, Locator, Page, Route, expect
from playwright.sync_api import Error as PlaywrightError
from test_issue21_phone_print import PHONE, SLOW, serious_violations, small_targets, visible_headers

from sonneborn.formats.jsonio import write_json

EVENT = DATA / "trf" / "issue21_pickers.trf"
UNFINISHED = "1 A: 2w1 3b= 4w*\n2 B: 1b0 4w1 3b*\n3 C: 4b= 1w= 2w*\n4 D: 3w= 2b0 1b*"
FINAL = ["Brown, Bob", "Dunne, Dan", "Adams, Ann", "Flynn, Finn", "Clark, Cat", "Egan, Eve"]
AFTER_TWO = ["Adams, Ann", "Flynn, Finn", "Brown, Bob", "Dunne, Dan", "Egan, Eve", "Clark, Cat"]
BH_AFTER_TWO = ["2.50", "1.50", "0.50", "2.00", "2.50", "3.00"]
HELD = [
    "Whole event", "Women (3)", "Under 12 (1)", "Under 14 (2)", "Under 16 (3)", "Under 18 (3)", "Under 20 (3)",
    "50 and over (2)", "65 and over (1)", "Rating <1800 (1)", "Rating <2000 (3)", "Rating <2200 (4)",
    "Federation ENG (2)", "Federation IRL (4)",
]  # fmt: skip


def opened(browser: Browser, live_server: str, problems: list[str], **options: int | bool) -> Page:
    """The page with the event ranked by BH, FB, its final standings on screen."""
    page = open_page(browser, live_server, problems, **options)  # type: ignore[arg-type]
    page.fill("#code", "BH,FB")
    page.press("#code", "Enter")
    page.set_input_files("#file", EVENT)
    expect(names(page)).to_have_text(FINAL, timeout=SLOW)
    return page


def names(page: Page) -> Locator:
    return page.locator("#standings tbody td.name button.player")


def column(page: Page, code: str) -> list[str]:
    """The texts of one column of the standings, by its heading."""
    script = """(code) => {
        const index = [...document.querySelectorAll('#standings thead th')].findIndex((th) => th.textContent === code);
        return [...document.querySelectorAll('#standings tbody tr')].map((tr) => tr.children[index].textContent);
    }"""
    found: list[str] = page.evaluate(script, code)
    return found


def test_issue21_standings_after_a_round_with_cards_search_downloads_and_print(
    browser: Browser, live_server: str, tmp_path: Path, problems: list[str]
) -> None:
    page = opened(browser, live_server, problems)
    picker = page.locator("#after-round")
    # Rounds 1 to 3 offered, the last (the file as it is) chosen; nothing says "during the event".
    expect(picker.locator("option")).to_have_text(["1", "2", "3"])
    expect(picker).to_have_value("")
    expect(page.locator("#after-of")).to_have_text("of 3")
    expect(page.locator("#during")).to_be_hidden()
    expect(page.locator("#standings-heading")).to_have_text("Standings")

    picker.select_option(label="2")
    expect(names(page)).to_have_text(AFTER_TWO, timeout=SLOW)
    assert column(page, "BH") == BH_AFTER_TWO
    assert column(page, "FB") == BH_AFTER_TWO  # FB is BH before the final round is paired (C.07 8.3)
    assert column(page, "Pts") == ["1.5", "1.5", "1.5", "1", "0.5", "0"]
    expect(page.locator("#standings-heading")).to_have_text("Standings after round 2 of 3")
    expect(page.locator("#during")).to_contain_text("every tie-break counts the rounds played so far")
    expect(page.locator("#during")).to_contain_text("FB is BH here")
    expect(page.locator("#notes")).to_contain_text("Provisional: after round 2 of 3.")

    # Adams's card is his after round 2: round 3 not played yet, 1½ so far, BH 2½ from Dunne's 1 and Flynn's 1½.
    page.locator('#standings button.player[data-start="1"]').click()
    card = page.locator("#card")
    rounds = card.locator("table.rounds tbody tr")
    expect(rounds).to_have_count(3, timeout=SLOW)
    expect(rounds.nth(1).locator("td").last).to_have_text("1.5")
    expect(rounds.nth(2).locator("td").nth(3)).to_have_text("")
    expect(page.locator("#explain-text")).to_contain_text("BH 2.5")

    # A search gives the places after round 2: Clark is last.
    page.fill("#search", "Clark")
    expect(page.locator("#search-results button.found")).to_have_text(["6. Clark, Cat (no. 3, IRL)"], timeout=SLOW)

    # The download is the table on screen: after round 2.
    with page.expect_download() as download:
        page.locator(".download[data-format='json']").click()
    saved = tmp_path / "after-2.json"
    download.value.save_as(saved)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert [row["start"] for row in data["standings"]] == [1, 6, 2, 4, 5, 3]
    assert data["event"]["played"] == 2 and data["event"]["rounds"] == 3

    # On paper the heading says which standings these are; the picker itself is not printed.
    page.emulate_media(media="print")
    expect(page.locator("#standings-heading")).to_be_visible()
    expect(page.locator("#pickers")).to_be_hidden()
    expect(page.locator("#during")).to_be_visible()
    page.emulate_media(media="screen")

    # Back to the last round: the final standings, nothing provisional.
    picker.select_option(label="3")
    expect(names(page)).to_have_text(FINAL, timeout=SLOW)
    expect(page.locator("#during")).to_be_hidden()
    expect(page.locator("#standings-heading")).to_have_text("Standings")
    assert problems == []


def test_issue21_category_view_place_in_it_and_overall_rank(
    browser: Browser, live_server: str, problems: list[str]
) -> None:
    page = opened(browser, live_server, problems)
    category = page.locator("#category")
    expect(category.locator("option")).to_have_text(HELD)

    category.select_option("women")
    expect(names(page)).to_have_text(["Adams, Ann", "Clark, Cat", "Egan, Eve"], timeout=SLOW)
    headers = page.locator("#standings thead th")
    expect(headers.nth(0)).to_have_text("Pl")
    expect(headers.nth(1)).to_have_text("Rk")
    assert column(page, "Pl") == ["1", "2", "3"]
    assert column(page, "Rk") == ["3", "5", "6"]
    expect(page.locator("#standings-heading")).to_have_text("Standings: Women (women): 3 of 6 players")
    # The crosstable is the whole event's: not shown beside a category's table.
    expect(page.locator("#crosstable-section")).to_be_hidden()

    # With the round picker: after round 2, the women are Adams, Egan, Clark.
    page.locator("#after-round").select_option(label="2")
    expect(names(page)).to_have_text(["Adams, Ann", "Egan, Eve", "Clark, Cat"], timeout=SLOW)
    assert column(page, "Rk") == ["1", "5", "6"]
    category.select_option("U16")
    expect(names(page)).to_have_text(["Flynn, Finn", "Dunne, Dan", "Clark, Cat"], timeout=SLOW)
    assert column(page, "Pl") == ["1", "2", "3"]
    assert column(page, "Rk") == ["2", "4", "6"]
    expect(page.locator("#after-round")).to_have_value("2")

    # The search looks in the category: Adams is not under 16.
    page.fill("#search", "Adams")
    expect(page.locator("#search-results li.hint")).to_have_text("No player matches “Adams”.", timeout=SLOW)

    # An opponent outside the category: the whole event's standings (still after round 2), his card on his row.
    page.locator('#standings button.player[data-start="6"]').click()
    page.locator("#card").get_by_role("button", name="Adams, Ann (no. 1)").click()
    expect(page.locator("#card .card-name")).to_have_text("Adams, Ann", timeout=SLOW)
    expect(category).to_have_value("")
    expect(names(page)).to_have_text(AFTER_TWO)
    expect(page.locator("#crosstable-section")).to_be_visible()
    assert problems == []


def test_issue21_fb_is_said_to_be_bh_only_where_the_final_round_is_not_paired(
    browser: Browser, live_server: str, tmp_path: Path, problems: list[str]
) -> None:
    # Two rounds played of three, the third paired and not played. As the file is, FB counts the final round's
    # paired games as draws (C.07 8.3): the scores become A 2, B 1½, C 1½, D 1, so FB is A 1½ + 1½ + 1 = 4,
    # B 2 + 1 + 1½ = 4½, C 1 + 2 + 1½ = 4½, D 1½ + 1½ + 2 = 5, while BH (two rounds) is 2 for each. After
    # round 1 (A 1, C ½, D ½, B 0) round 2 is not paired yet: FB is BH, C ½ and D ½.
    path = tmp_path / "unfinished.json"
    path.write_text(write_json(build_event(UNFINISHED)), encoding="utf-8")
    page = open_page(browser, live_server, problems)
    page.fill("#code", "BH,FB")
    page.press("#code", "Enter")
    page.set_input_files("#file", path)
    expect(names(page)).to_have_text(["A", "B", "C", "D"], timeout=SLOW)
    assert column(page, "FB") == ["4.00", "4.50", "4.50", "5.00"]
    expect(page.locator("#during")).to_contain_text("every tie-break counts the rounds played so far")
    expect(page.locator("#during")).not_to_contain_text("FB is BH")
    expect(page.locator("#after-round option")).to_have_text(["1", "2"])
    page.locator("#after-round").select_option(label="1")
    expect(names(page)).to_have_text(["A", "C", "D", "B"], timeout=SLOW)
    assert column(page, "FB") == column(page, "BH") == ["0.00", "0.50", "0.50", "1.00"]
    expect(page.locator("#during")).to_contain_text("FB is BH here")
    assert problems == []


def test_issue21_a_category_in_pages(browser: Browser, live_server: str, tmp_path: Path, problems: list[str]) -> None:
    # The generated open's 127 players under 1800: two pages, the second of 27, each row placed in the category.
    path = tmp_path / "swiss-250.trf"
    path.write_text(swiss_trf(250, 7), encoding="utf-8")
    page = open_page(browser, live_server, problems)
    page.set_input_files("#file", path)
    expect(page.locator("#standings tbody tr")).to_have_count(100, timeout=SLOW)
    page.locator("#category").select_option("rating:<1800")
    expect(page.locator("#pager .where")).to_have_text("1–100 of 127", timeout=SLOW)
    page.locator("#pager").get_by_role("button", name="Next page").click()
    expect(page.locator("#pager .where")).to_have_text("101–127 of 127", timeout=SLOW)
    expect(page.locator("#standings tbody tr")).to_have_count(27)
    assert all(int(rating) < 1800 for rating in column(page, "Rtg"))
    places = [int(place.split("–")[0]) for place in column(page, "Pl")]
    assert places[0] >= 101 and places == sorted(places)
    assert problems == []


def test_issue21_a_late_answer_never_replaces_the_round_chosen_since(
    browser: Browser, live_server: str, problems: list[str]
) -> None:
    page = opened(browser, live_server, problems)
    held: list[Route] = []
    released = False

    def hold(route: Route) -> None:
        # Only the question for round 1 is held, until after round 2's answer is on screen; every other request
        # (round 2's, the round view's) goes on at once, as does one whose routing reaches Python after the release.
        if not released and "after_round=1" in route.request.url:
            held.append(route)
        else:
            route.continue_()

    page.route("**/api/events/**", hold)
    picker = page.locator("#after-round")
    picker.select_option(label="1")
    expect(page.locator("#pending")).to_be_visible()
    deadline = time.monotonic() + SLOW / 1000
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(20)  # the route reaches Python while the page's events are pumped
    assert held, "the question for round 1 was never held"
    picker.select_option(label="2")
    expect(names(page)).to_have_text(AFTER_TWO, timeout=SLOW)
    expect(page.locator("#pending")).to_be_hidden()

    # The answer for round 1 arrives last: the page had dropped its question, and keeps round 2.
    released = True
    page.unroute("**/api/events/**")
    for route in held:
        with contextlib.suppress(PlaywrightError):  # the page aborted it when round 2 was chosen
            route.continue_()
    page.wait_for_load_state("networkidle")
    expect(names(page)).to_have_text(AFTER_TWO)
    expect(picker).to_have_value("2")
    expect(page.locator("#standings-heading")).to_have_text("Standings after round 2 of 3")
    assert problems == []


def test_issue21_pickers_on_a_phone_and_under_axe(browser: Browser, live_server: str, problems: list[str]) -> None:
    page = opened(browser, live_server, problems, width=PHONE["width"], height=PHONE["height"], bypass_csp=True)
    page.locator("#after-round").select_option(label="2")
    page.locator("#category").select_option("women")
    expect(names(page)).to_have_text(["Adams, Ann", "Egan, Eve", "Clark, Cat"], timeout=SLOW)
    # Nothing wider than the phone: the pickers wrap, and the table's first columns are in view.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    boxes = page.evaluate(
        "[...document.querySelectorAll('#pickers select')].map((s) => s.getBoundingClientRect().right)"
    )
    assert all(right <= PHONE["width"] for right in boxes), boxes
    assert small_targets(page, "#pickers") == []
    headers = visible_headers(page)
    assert [header["text"] for header in headers[:4]] == ["Pl", "Rk", "Name", "Pts"], headers
    for header in headers[:4]:
        assert float(header["right"]) <= PHONE["width"], headers
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / "issue21-pickers-phone.png", full_page=True)
    assert serious_violations(page) == []
    assert problems == []
