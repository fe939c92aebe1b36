"""Issue 21, the page's languages, in a real Chromium: the switch (English, Español, ไทย, 한국어), the language the
browser asks for, the choice kept over a reload, every text of the page from the catalogue, the answers in it.

The expected texts are the catalogue's (``languages.page_catalogue``, the translators' ``.po`` files), never the
page's own output; the Spanish numbers are the seed articles' (Sloth's Sonneborn–Berger score 69.5, with a decimal
comma: 69,50 as the tables write two decimals).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pages import ARTIFACTS, DATA, open_page
from playwright.sync_api import Browser, Page, Request, expect
from test_issue21_phone_print import serious_violations

from sonneborn.errors import InputError
from sonneborn.languages import LANGUAGES, language, page_catalogue
from sonneborn.pipeline import read_text

SLOW = 30_000
"""A re-ranking under the whole suite's load can take seconds."""

LEAKS = """(english) => {
  // Every text of the page, and every title, label and placeholder, that is still an English text the catalogue
  // translates otherwise.
  const found = new Set();
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (["SCRIPT", "STYLE"].includes(node.parentElement.tagName)) continue;
    const text = node.textContent.trim();
    if (english.includes(text)) found.add(text);
  }
  for (const element of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
    for (const name of ["title", "aria-label", "placeholder"]) {
      const text = (element.getAttribute(name) || "").trim();
      if (english.includes(text)) found.add(`${name}: ${text}`);
    }
  }
  return [...found].sort();
}"""


def translated(code: str) -> list[str]:
    """The English texts the catalogue of ``code`` writes otherwise: none of them may show in that language."""
    return sorted(text for text, said in page_catalogue(code).items() if said != text)


def leaks(page: Page, code: str) -> list[str]:
    found: list[str] = page.evaluate(LEAKS, translated(code))
    return found


def ranked(page: Page, seed_file: Path) -> None:
    page.set_input_files("#file", seed_file)
    expect(page.locator("#standings tbody tr")).to_have_count(15, timeout=SLOW)


def test_issue21_the_switch_translates_the_page_and_asks_the_result_again_in_it(
    browser: Browser, live_server: str, seed_file: Path, problems: list[str]
) -> None:
    page = open_page(browser, live_server, problems)
    switch = page.locator("#lang")
    expect(switch).to_be_visible()
    assert switch.locator("option").all_inner_texts() == list(LANGUAGES.values())
    ranked(page, seed_file)
    uploads: list[str] = []
    page.on("request", lambda request: uploads.append(request.url) if _upload(request) else None)

    sloth = page.locator('#standings tbody tr[data-start="1"]')
    for code in ("es", "th", "ko"):
        texts = page_catalogue(code)
        switch.select_option(code)
        expect(page.locator("html")).to_have_attribute("lang", code)
        # The page's own texts, the script's and the server's answer (its headings, names and notes).
        expect(page.locator("#standings-heading")).to_have_text(texts["Standings"])
        expect(page.locator("#input-fieldset legend")).to_have_text(texts["Tournament file"])
        expect(page.locator("#rank")).to_have_text(texts["Rank"])
        expect(page.locator("#search")).to_have_attribute("placeholder", texts["name, start number, federation, club"])
        expect(page.locator("#standings thead th.name")).to_have_text(texts["Name"], timeout=SLOW)
        expect(page.locator("#facts dt").first).to_have_text(texts["Players"])
        sb = page.locator("#standings thead abbr", has_text="SB")
        expect(sb).to_have_attribute("title", _starts_with(texts["Sonneborn–Berger (Neustadtl)"]))
        expect(page).to_have_title(texts["sonneborn: tie-break standings"])
        # The seed articles' 69.5, as the language writes it: a decimal comma in Spanish only.
        expect(sloth.locator("button[data-code='SB']")).to_have_text("69,50" if code == "es" else "69.50")
        expect(page.locator("#status")).to_have_text(
            language(code)
            .ngettext(
                "Ranked {count} players; rows {first}–{last} shown.",
                "Ranked {count} players; rows {first}–{last} shown.",
                15,
            )
            .format(count=15, first=1, last=15),
            timeout=SLOW,
        )
    # Every switch asked the kept event again by its key: the file was sent once, before.
    assert uploads == []
    page.screenshot(path=str(ARTIFACTS / "issue21-page-korean.png"), full_page=False)
    assert problems == []


def _upload(request: Request) -> bool:
    return request.method == "POST" and "/api/" in request.url


def _starts_with(text: str) -> re.Pattern[str]:
    return re.compile("^" + re.escape(text))


def test_issue21_no_english_text_leaks_where_a_translation_exists(
    browser: Browser, live_server: str, seed_file: Path, problems: list[str]
) -> None:
    for code in ("es", "th", "ko"):
        page = open_page(browser, f"{live_server}/?lang={code}", problems)
        assert leaks(page, code) == []
        ranked(page, seed_file)
        # The crosstable, a round and a player's card in view too.
        page.locator("#rounds-section").scroll_into_view_if_needed()
        expect(page.locator("#round-table tbody tr").first).to_be_visible(timeout=SLOW)
        page.locator('#standings tbody tr[data-start="1"] td.name button').click()
        expect(page.locator("#card table.rounds tbody tr").first).to_be_visible(timeout=SLOW)
        assert leaks(page, code) == []
        page.close()
    assert problems == []


def test_issue21_the_browsers_language_chooses_first_and_a_reload_keeps_the_choice(
    browser: Browser, live_server: str, seed_file: Path, problems: list[str]
) -> None:
    context = browser.new_context(locale="th-TH")  # Accept-Language: th-TH
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(live_server)
    thai = page_catalogue("th")
    expect(page.locator("html")).to_have_attribute("lang", "th")
    expect(page.locator("#lang")).to_have_value("th")
    expect(page.locator("#standings-heading")).to_have_text(thai["Standings"])
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "/api/" in request.url else None)
    ranked(page, seed_file)
    expect(page.locator("#standings thead th.place")).to_have_text(thai["Rk"])
    assert asked and all("lang=th" in url for url in asked)

    # Korean chosen: a reload keeps it (the address), and so does the page opened anew (this browser's storage).
    page.locator("#lang").select_option("ko")
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    assert page.url.endswith("?lang=ko")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    expect(page.locator("#standings-heading")).to_have_text(page_catalogue("ko")["Standings"])
    again = context.new_page()
    again.goto(live_server)
    expect(again.locator("html")).to_have_attribute("lang", "ko")
    expect(again.locator("#lang")).to_have_value("ko")
    expect(again.locator("#input-fieldset legend")).to_have_text(page_catalogue("ko")["Tournament file"])
    context.close()
    assert problems == []


def test_issue21_an_error_comes_back_in_the_chosen_language(
    browser: Browser, live_server: str, problems: list[str]
) -> None:
    bad = (DATA / "bad" / "trf_points_not_a_number.trf").read_text(encoding="utf-8")
    with pytest.raises(InputError) as refused:
        read_text(bad, path="<text>")
    english, spanish = str(refused.value.text), language("es").message(refused.value.text)
    assert spanish != english  # the catalogue translates it

    page = open_page(browser, f"{live_server}/?lang=es", problems)
    page.fill("#text", bad)
    page.click("#rank")
    error = page.locator("#input-error .message")
    expect(error).to_contain_text(spanish, timeout=SLOW)
    # Switched to English, the same error is asked again and comes back in English.
    page.locator("#lang").select_option("en")
    expect(error).to_contain_text(english, timeout=SLOW)
    assert problems and all("status of 422" in problem for problem in problems)  # the two refusals, and nothing else


def test_issue21_axe_passes_in_thai_and_korean(
    browser: Browser, live_server: str, seed_file: Path, problems: list[str]
) -> None:
    for code in ("th", "ko"):
        page = open_page(browser, f"{live_server}/?lang={code}", problems, bypass_csp=True)
        assert serious_violations(page) == []
        ranked(page, seed_file)
        page.locator('#standings tbody tr[data-start="2"] td.name button').click()
        expect(page.locator("#card")).to_be_visible(timeout=SLOW)
        assert serious_violations(page) == []
        page.close()
    assert problems == []
