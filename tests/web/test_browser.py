"""The page in a real headless Chromium (Debian's), driven by Playwright, against the app served by uvicorn.

No browser is ever downloaded: the test fails, rather than skips, when Debian's
``chromium`` is missing (``make test`` installs it).
"""

from __future__ import annotations

import contextlib
import csv
import io
import shutil
import time
from pathlib import Path

from conftest import swiss_trf
from hostile import EVENT_NAME, FILE_NAME, MARKUP_TRF, NAMES
from pages import ARTIFACTS, CHROMIUM_ARGS, DATA, open_page
from playwright.sync_api import Browser, Dialog, Route, expect
from playwright.sync_api import Error as PlaywrightError

from sonneborn.demo import seed_text
from sonneborn.pipeline import Request, read_text, standings
from sonneborn.render.trf import render_trf
from sonneborn.tiebreaks.rules import Rules
from sonneborn.web.report import RULE_LABELS


def test_seed_standings_explanation_chart_and_csv(
    browser: Browser, live_server: str, seed_file: Path, problems: list[str]
) -> None:
    page = open_page(browser, live_server, problems)
    page.set_input_files("#file", seed_file)
    first = page.locator("#standings tbody tr").first
    expect(first.locator("td.name")).to_have_text("Sloth")
    sb = first.locator('button[data-code="SB"]')
    assert float(sb.inner_text()) == 69.5
    expect(page.locator("#crosstable tbody tr").first.locator("td.name")).to_have_text("Sloth")

    sb.click()
    explanation = page.locator("#explain-text")
    expect(explanation).to_contain_text("SB 69.5 = ½×11 (Zagorovsky) + ½×10.5 (Kosenkov)")
    expect(page.locator("#explain-title")).to_contain_text("SB of Sloth")

    # The derivation opens in a row under its own (issue 21), the next player's row after it.
    expect(page.locator("#standings tbody tr").nth(1)).to_have_class("detail")
    # The keyboard reaches every value: Enter on Zagorovsky's SB explains his.
    page.locator('#standings tbody tr[data-start="2"]').locator('button[data-code="SB"]').focus()
    page.keyboard.press("Enter")
    expect(explanation).to_contain_text("SB 66.75 = ")
    page.keyboard.press("Escape")
    expect(page.locator("#explain")).to_be_hidden()

    # The chart has a line for each of the first ten (issue 21: never every player); pointing at one names him.
    expect(page.locator("#chart g.player-line")).to_have_count(10)
    page.locator('#chart g.player-line[data-start="1"]').dispatch_event("mouseenter")
    expect(page.locator("#chart .hover-label")).to_have_text("1. Sloth: 11 after round 15")

    ARTIFACTS.mkdir(exist_ok=True)
    sb.click()
    page.screenshot(path=ARTIFACTS / "standings.png", full_page=True)

    with page.expect_download() as info:
        page.click('button.download[data-format="csv"]')
    download = info.value
    assert download.suggested_filename == "wccc_1975_final-standings.csv"
    rows = list(csv.DictReader(io.StringIO(Path(download.path()).read_text(encoding="utf-8"))))
    assert [row["name"] for row in rows[:3]] == ["Sloth", "Zagorovsky", "Kosenkov"]
    assert float(rows[0]["SB"]) == 69.5
    assert problems == []


def test_broken_file_shows_its_line_next_to_the_input(
    browser: Browser, live_server: str, tmp_path: Path, problems: list[str]
) -> None:
    broken = tmp_path / "broken.tsv"
    broken.write_text(seed_text().replace("½\t1\t1\t1\t1\t11", "Q\t1\t1\t1\t1\t11", 1), encoding="utf-8")
    page = open_page(browser, live_server, problems)
    page.set_input_files("#file", broken)
    error = page.locator("#input-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("broken.tsv, line 2, column 29: unknown result 'Q' of Sloth against Walther")
    expect(error.locator("pre")).to_contain_text("1\tSloth\tX")
    expect(page.locator("#result")).to_be_hidden()

    # Pasted text: the error names the line, and the line is selected in the text area.
    page.fill("#text", "hello\nworld\n")
    page.click("#rank")
    expect(error).to_contain_text("<text>, line 2, column 1: only one player row found")
    assert page.eval_on_selector("#text", "t => t.value.slice(t.selectionStart, t.selectionEnd)") == "world"
    expect(page.locator("#text")).to_have_attribute("aria-invalid", "true")
    assert [p for p in problems if "422" not in p] == []


def test_tie_break_list_presets_keyboard_and_drag(
    browser: Browser, live_server: str, seed_file: Path, problems: list[str]
) -> None:
    page = open_page(browser, live_server, problems)
    page.set_input_files("#file", seed_file)
    chips = page.locator("#chips li")
    # Left empty, the list shows what was used: the FIDE default for a round robin.
    expect(chips).to_have_count(4)

    def codes() -> list[str]:
        return [str(code) for code in chips.evaluate_all("lis => lis.map(li => li.dataset.code)")]

    assert codes() == ["DE", "SB", "WIN", "KS"]
    # Until the user sets it, the list follows the file: a TRF-26 file's own list.
    page.set_input_files("#file", DATA / "trf26" / "galway_club_open_2026.trf")
    expect(page.locator("#standings thead th").last).to_have_text("SB")
    assert codes() == ["DE", "BH/C1", "BH", "SB"]
    page.set_input_files("#file", seed_file)
    expect(page.locator("#standings tbody tr").first.locator("td.name")).to_have_text("Sloth")
    assert codes() == ["DE", "SB", "WIN", "KS"]

    page.get_by_role("button", name="Linares: most wins first").click()
    assert codes() == ["WIN", "SB", "DE"]
    expect(page.locator("#standings thead th").nth(4)).to_have_text("WIN")
    expect(page.locator("#standings tbody tr").first.locator("td.name")).to_have_text("Zagorovsky")

    page.get_by_role("button", name="Move SB earlier").press("Enter")
    assert codes() == ["SB", "WIN", "DE"]
    expect(page.locator("#standings thead th").nth(4)).to_have_text("SB")
    expect(page.locator("#standings tbody tr").first.locator("td.name")).to_have_text("Sloth")

    page.locator('#chips li[data-code="DE"]').drag_to(
        page.locator('#chips li[data-code="SB"]'), target_position={"x": 4, "y": 8}
    )
    assert codes() == ["DE", "SB", "WIN"]
    expect(page.locator("#standings thead th").nth(4)).to_have_text("DE")

    page.fill("#code", "xx")
    page.press("#code", "Enter")
    expect(page.locator("#tiebreak-error")).to_contain_text("unknown tie-break XX")
    page.fill("#code", "bh-c1")
    page.click("#add-code")
    assert codes() == ["DE", "SB", "WIN", "BH-C1"]
    expect(page.locator("#standings thead th").last).to_have_text("BH/C1")

    page.get_by_role("button", name="Neustadtl ranking (historic)").click()
    expect(page.locator("#rank-by")).to_have_value("SB")
    expect(page.locator("#facts")).to_contain_text("Ranked by")
    page.select_option("#rules", "fide-2009")
    expect(page.locator("#facts")).to_contain_text(RULE_LABELS[Rules.FIDE_2009])
    assert problems == []


def test_the_files_own_rules_edition_unless_one_is_chosen(
    browser: Browser, live_server: str, tmp_path: Path, problems: list[str]
) -> None:
    # A TRF that sonneborn wrote under fide-2009 states it (record XXT): the page ranks by it until the
    # arbiter picks an edition, and again once he picks "the file's"; the facts name it as the form's list does.
    written = render_trf(standings(read_text(seed_text(), path="seed.tsv"), Request(rules=Rules.FIDE_2009)))
    assert "XXT" in written
    path = tmp_path / "written.trf"
    path.write_text(written, encoding="utf-8")
    page = open_page(browser, live_server, problems)
    expect(page.locator("#rules")).to_have_value("")
    page.set_input_files("#file", path)
    expect(page.locator("#facts")).to_contain_text(RULE_LABELS[Rules.FIDE_2009])
    page.select_option("#rules", "fide-2024")
    expect(page.locator("#facts")).to_contain_text(RULE_LABELS[Rules.FIDE_2024])
    page.select_option("#rules", "")
    expect(page.locator("#facts")).to_contain_text(RULE_LABELS[Rules.FIDE_2009])
    assert problems == []


def test_phone_sized_screen_with_the_bundled_example(browser: Browser, live_server: str, problems: list[str]) -> None:
    page = open_page(browser, live_server, problems, width=375, height=812)
    page.get_by_role("button", name="Try the 1975–80 World Correspondence Championship final").click()
    expect(page.locator("#standings tbody tr").first.locator("td.name")).to_have_text("Sloth")
    # Nothing but the tables' own scrolling areas is wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / "standings-phone.png", full_page=True)
    assert problems == []


def test_markup_in_names_and_file_name_shows_as_text(browser: Browser, live_server: str, problems: list[str]) -> None:
    page = open_page(browser, live_server, problems)
    dialogs: list[str] = []

    def dialog(opened: Dialog) -> None:
        dialogs.append(opened.message)
        opened.dismiss()

    page.on("dialog", dialog)
    page.set_input_files("#file", {"name": FILE_NAME, "mimeType": "text/plain", "buffer": MARKUP_TRF.encode()})
    expect(page.locator("#event-title")).to_have_text(EVENT_NAME)
    expect(page.locator("#file-chosen")).to_contain_text(FILE_NAME)
    shown = {
        int(start): name
        for start, name in page.locator("#standings tbody button.player").evaluate_all(
            "buttons => buttons.map(b => [b.dataset.start, b.textContent])"
        )
    }
    assert {start: shown[start] for start in NAMES} == NAMES
    crosstable = page.locator("#crosstable tbody td.name").all_inner_texts()
    assert set(NAMES.values()) <= {text.strip() for text in crosstable}
    page.locator('#standings tbody button.player[data-start="2"]').click()
    expect(page.locator("#explain-title")).to_have_text(f"{NAMES[2]}: every value")
    page.locator('#chart g.player-line[data-start="1"]').dispatch_event("mouseenter")
    expect(page.locator("#chart .hover-label")).to_contain_text(NAMES[1])

    # Nothing of the names became an element: the CSP would stop an inline script, but none is even there.
    injected = "#result script, #result img, #result b, #result [onload], #result [onerror], #result foreignObject"
    assert page.locator(injected).count() == 0
    # The page's own script only, besides its texts (a JSON data block, never run).
    assert page.evaluate("""document.querySelectorAll('script:not([type="application/json"])').length""") == 1

    # A file that cannot be read: its name is in the error, as text.
    broken = b"<script>alert(2)</script>\n"
    page.set_input_files("#file", {"name": FILE_NAME, "mimeType": "text/plain", "buffer": broken})
    expect(page.locator("#input-error")).to_contain_text(FILE_NAME)
    elements = page.locator("#input-error *").evaluate_all("nodes => nodes.map(n => n.tagName)")
    assert elements == ["P", "STRONG", "PRE", "CODE"], "the message, the path and the line quoted, as text"
    expect(page.locator("#input-error pre code")).to_have_text("<script>alert(2)</script>")
    assert dialogs == []
    page.evaluate("alert('the listener hears a dialog')")
    assert dialogs == ["the listener hears a dialog"]
    assert [p for p in problems if "422" not in p] == []


def test_issue13_only_the_latest_requests_answer_is_shown(
    browser: Browser, live_server: str, seed_file: Path, problems: list[str]
) -> None:
    # A big file chosen, then a small one at once: every answer is held, and the big one's sent last.
    big = swiss_trf(2000).encode()
    held: list[Route] = []
    page = open_page(browser, live_server, problems)
    # The uploads are held; what the page asks of the kept event afterwards goes through.
    page.route(
        "**/api/events**", lambda route: held.append(route) if route.request.method == "POST" else route.continue_()
    )
    page.set_input_files("#file", {"name": "big.trf", "mimeType": "text/plain", "buffer": big})
    page.set_input_files("#file", seed_file)
    deadline = time.monotonic() + 30
    while len(held) < 2:
        assert time.monotonic() < deadline, f"{len(held)} requests reached the server"
        page.wait_for_timeout(50)
    late, latest = held
    assert b"Benchmark Swiss" in (late.request.post_data_buffer or b"")

    # The old request's answer comes first: the page was asked for something else since, so it waits on.
    answer = late.fetch()
    with contextlib.suppress(PlaywrightError):  # the page dropped the request: nothing to answer
        late.fulfill(response=answer)
    page.wait_for_timeout(300)
    expect(page.locator("#event-form")).to_have_attribute("aria-busy", "true")
    expect(page.locator("#result")).to_be_hidden()

    latest.continue_()
    expect(page.locator("#standings tbody tr").first.locator("td.name")).to_have_text("Sloth")
    expect(page.locator("#event-form")).not_to_have_attribute("aria-busy", "true")
    expect(page.locator("#file-chosen")).to_contain_text(seed_file.name)

    # The old answer, sent again now, changes nothing: the screen and the download agree on the small file.
    with contextlib.suppress(PlaywrightError):
        late.fulfill(response=answer)
    page.wait_for_timeout(300)
    expect(page.locator("#standings tbody tr")).to_have_count(15)
    with page.expect_download() as info:
        page.click('button.download[data-format="csv"]')
    assert info.value.suggested_filename == "wccc_1975_final-standings.csv"
    rows = list(csv.DictReader(io.StringIO(Path(info.value.path()).read_text(encoding="utf-8"))))
    assert [row["name"] for row in rows[:2]] == ["Sloth", "Zagorovsky"]
    assert len(rows) == 15
    assert [p for p in problems if "abort" not in p.lower()] == []


def test_issue13_downloads_are_of_what_is_on_screen(
    browser: Browser, live_server: str, seed_file: Path, problems: list[str]
) -> None:
    # The list changed but not yet ranked (its answer held back): the download is the table shown.
    page = open_page(browser, live_server, problems)
    page.set_input_files("#file", seed_file)
    expect(page.locator("#standings thead th").nth(4)).to_have_text("DE")
    held: list[Route] = []
    page.route("**/api/events/**", lambda route: held.append(route))
    page.get_by_role("button", name="Linares: most wins first").click()
    with page.expect_download() as info:
        page.click('button.download[data-format="csv"]')
    header = Path(info.value.path()).read_text(encoding="utf-8").splitlines()[0]
    assert header.split(",")[5:9] == ["DE", "SB", "WIN", "KS"]  # after rank,start,name,rating,points
    assert problems == []


def test_issue19_the_page_works_as_localhost_too(
    browser: Browser, live_server: str, seed_file: Path, problems: list[str]
) -> None:
    # The page's own requests carry the name it was loaded by: localhost is one the server answers for.
    page = open_page(browser, live_server.replace("127.0.0.1", "localhost"), problems)
    page.set_input_files("#file", seed_file)
    expect(page.locator("#standings tbody tr").first.locator("td.name")).to_have_text("Sloth")
    assert problems == []


def test_issue19_a_page_of_a_name_rebound_to_this_machine_is_refused(browser: Browser, live_server: str) -> None:
    # DNS rebinding: rebound.example resolves to 127.0.0.1 for this browser; its page is same-origin to itself,
    # so only the server's check of Host stands between it and the API.
    executable = shutil.which("chromium")
    assert executable is not None
    port = live_server.rsplit(":", 1)[1]
    rules = "--host-resolver-rules=MAP rebound.example 127.0.0.1"
    rebound = browser.browser_type.launch(executable_path=executable, args=[*CHROMIUM_ARGS, rules])
    try:
        page = rebound.new_page()
        response = page.goto(f"http://rebound.example:{port}/")
        assert response is not None and response.status == 421
        answer = page.evaluate(
            """async () => {
                const answer = await fetch("/api/standings", {method: "POST", body: "x",
                    headers: {"X-Sonneborn-Client": "page"}});
                return [answer.status, (await answer.json()).error.message];
            }"""
        )
        assert answer[0] == 421
        assert "rebound.example" in answer[1]
    finally:
        rebound.close()


def test_issue20_a_team_file_shows_its_teams(browser: Browser, live_server: str, problems: list[str]) -> None:
    # The four clubs by MP: Alpha 7 (3½ GP), Gamma 5 (4), Delta 3 (2½), Beta 0 (1) (tests/test_issue20_teamcmd.py).
    page = open_page(browser, live_server, problems)
    page.set_input_files("#file", DATA / "teams" / "four_clubs_trf26.trf")
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.locator("td.name")).to_have_text(["Alpha", "Gamma", "Delta", "Beta"])
    expect(rows.locator("td.secondary")).to_have_text(["3.5", "4", "2.5", "1"])
    expect(page.locator("#standings thead")).to_contain_text("MP")
    expect(page.locator("#standings thead")).to_contain_text("GP")
    expect(page.locator("#facts")).to_contain_text("Teams4")
    expect(page.locator("#facts")).to_contain_text("team Swiss")
    assert [float(text) for text in rows.locator("td.points").all_inner_texts()] == [7, 5, 3, 0]
    rows.first.locator('button[data-code="BH:MP/C1"]').click()
    expect(page.locator("#explain-text")).to_contain_text("BH:MP/C1 8 = 5 (Gamma) + 3 (round 3")
    expect(page.locator("#explain-title")).to_contain_text("BH:MP/C1 of Alpha")
    # The CSV download is the team CSV: both scores, no rating.
    with page.expect_download() as info:
        page.click('button.download[data-format="csv"]')
    rows_csv = list(csv.DictReader(io.StringIO(Path(info.value.path()).read_text(encoding="utf-8"))))
    assert [(row["name"], float(row["MP"]), float(row["GP"])) for row in rows_csv] == [
        ("Alpha", 7, 3.5), ("Gamma", 5, 4), ("Delta", 3, 2.5), ("Beta", 0, 1)
    ]  # fmt: skip
    assert problems == []
