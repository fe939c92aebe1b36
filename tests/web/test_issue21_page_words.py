"""Issue 21, the page's last English words: the team card's match lines, the board prizes, the What-if tab, the
crosstable's tooltips and the derivations' rounds, in Spanish, Thai and Korean; in-process through the API, then
in a real Chromium on a team event and an individual event, where no English word a translation replaces may
remain on screen.

The expected texts are the catalogue's (``languages.language(code)``, the translators' ``.po`` files) filled
with values worked out from the files by hand, never the page's own output:

- ``teams/four_clubs_trf26.trf``: Alpha beat Beta in round 1 (Adams 1 against Dunne, Brown ½ against Evans:
  1.5–0.5 GP, the 3 MP of a won match, record 362), Adams white on board 1; Gamma had the pairing-allocated bye
  in round 3 (2 MP and 1.5 GP, record 299's bye scores); Flynn scored ½ + 1 = 1.5 on board 1; nobody is rated.
- ``whatif/rr4_before_last.trf``: Adams beat Brown in round 1; Clark has ½ + 1 = 1.5 points; the last round's
  two games are open, 3 × 3 = 9 outcomes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from pages import DATA, open_page
from playwright.sync_api import Browser, Page, expect

from sonneborn.languages import Language, language
from sonneborn.messages import Message
from sonneborn.web.views import BOARDS_ADVICE

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

TEAMS = DATA / "teams" / "four_clubs_trf26.trf"
ROUND_ROBIN = DATA / "whatif" / "rr4_before_last.trf"
PAGE = {"X-Sonneborn-Client": "page"}
SLOW = 30_000
"""A re-ranking under the whole suite's load can take seconds."""

ENGLISH_WORDS = (
    "against", "round", "won", "drew", "lost", "forfeit", "pairing", "bye", "board", "boards", "match", "points",
    "percentage", "performance", "games", "players", "teams", "team", "unrated", "rating", "method", "exact",
    "outcomes", "enumerated", "white", "black", "score", "chart", "working", "place", "ranked", "prizes", "eligible",
    "result", "unset", "clear", "standings", "running", "after", "then", "more", "least", "give", "count", "perf",
)  # fmt: skip
"""Words that no text of the results may keep once translated (but those a language writes itself: OWN_WORDS)."""
OWN_WORDS = {"es": {"bye", "performance"}, "th": set(), "ko": set()}
"""English words a translation keeps on purpose: Spanish "bye de medio punto", "rendimiento (performance)"."""


def _keep(client: TestClient, path: Path, query: str = "") -> str:
    response = client.post(f"/api/events?{query}", files={"file": (path.name, path.read_bytes())}, headers=PAGE)
    assert response.status_code == 200, response.text
    key: str = response.json()["event"]
    return key


def _get(client: TestClient, key: str, what: str) -> Any:
    response = client.get(f"/api/events/{key}/{what}")
    assert response.status_code == 200, response.text
    return response.json()


@pytest.mark.parametrize("code", ["es", "th", "ko"])
def test_issue21_the_board_prizes_in_the_language(client: TestClient, code: str) -> None:
    lang = language(code)
    key = _keep(client, TEAMS)
    boards = _get(client, key, f"boards?lang={code}")
    order = lang.gettext("percentage, then more games, then performance rating")
    assert boards["notes"][0] == lang.format("Board prizes ranked by {order}.", order=order)
    # Nobody is rated: no performance, and the advice names the page's control, never the command line's option.
    unrated = lang.message(
        Message.ngettext(
            "no performance rating: {count} player(s) unrated (no. {numbers}; C.07 10)",
            "no performance rating: {count} player(s) unrated (no. {numbers}; C.07 10)",
            9,
            numbers="1, 2, 3, 4, 5, 6, 7, 8, 9",
        )
    )
    advice = lang.gettext(BOARDS_ADVICE)
    assert boards["notes"][1] == lang.format("{reason}, {advice}", reason=unrated, advice=advice)
    assert "--unrated-rating" not in boards["notes"][1]
    flynn = next(row for row in boards["rows"] if row[3] == "Flynn, Fay")
    assert flynn[boards["header"].index("Pts")] == lang.number("1.5")


def test_issue21_the_board_prizes_notes_in_the_command_lines_language() -> None:
    from click.testing import CliRunner

    from sonneborn.cli import cli

    spanish = language("es")
    result = CliRunner().invoke(cli, ["--lang", "es", "crosstable", str(TEAMS), "--boards", "--min-games", "2"])
    assert result.exit_code == 0, result.output
    order = spanish.gettext("percentage, then more games, then performance rating")
    template = "Board prizes ranked by {order}; at least {count} games on a board to be ranked."
    assert spanish.format(template, order=order, count=2) in result.stdout
    # The command line's advice names its own option, in Spanish.
    assert spanish.gettext("give --unrated-rating N to count them at N") in result.stdout


@pytest.mark.parametrize("code", ["es", "th", "ko"])
def test_issue21_the_team_card_in_the_command_lines_language(code: str) -> None:
    from click.testing import CliRunner

    from sonneborn.cli import cli

    lang = language(code)
    for fmt in ("table", "html"):
        result = CliRunner().invoke(cli, ["--lang", code, "crosstable", str(TEAMS), "--team", "3", "-f", fmt])
        assert result.exit_code == 0, result.output
        # Gamma: 1.5 + 1 + 1.5 = 4 GP and 2 + 1 + 2 = 5 MP, second; round 3 its pairing-allocated bye.
        summary = "{team} (team {number}): place {place}, {mp} MP, {gp} GP"
        assert lang.format(summary, team="Gamma", number=3, place="2", mp="5", gp="4") in result.stdout
        bye = lang.format(
            "Round {round}: {result}, {gp} GP, {mp} MP",
            round=3,
            result=lang.gettext("pairing-allocated bye"),
            gp=lang.number("1.5"),
            mp="2",
        )
        assert bye in result.stdout, fmt
        assert lang.gettext("Players") in result.stdout and "Players" not in result.stdout


@pytest.mark.parametrize("code", ["es", "th", "ko"])
def test_issue21_the_team_card_gives_each_match_its_words_and_numbers(client: TestClient, code: str) -> None:
    lang = language(code)
    key = _keep(client, TEAMS)
    gamma = _get(client, key, f"player?start=3&lang={code}")["player"]["team_card"]
    bye = gamma["rounds"][2]
    assert bye["opponent"] is None and bye["what"] == "pairing-allocated bye"
    assert (bye["mp"], bye["gp"]) == ("2", lang.number("1.5"))
    alpha = _get(client, key, f"player?start=1&lang={code}")["player"]["team_card"]["rounds"][0]
    assert (alpha["mp"], alpha["gp"], alpha["opponent_gp"]) == ("3", lang.number("1.5"), lang.number("0.5"))


@pytest.mark.parametrize("code", ["es", "th", "ko"])
def test_issue21_the_crosstables_tooltips_in_the_language(client: TestClient, code: str) -> None:
    lang = language(code)
    key = _keep(client, TEAMS)
    page = _get(client, key, f"page?view=crosstable&lang={code}")
    crosstable = page["crosstable"]
    alpha = crosstable["starts"].index(1)
    round_one = crosstable["header"].index("1")
    expected = lang.format(
        "round {round}: {kind}, {colour}, against {name} (no. {start})",
        round=1,
        kind=lang.gettext("won"),
        colour=lang.gettext("White"),
        name="Beta",
        start=2,
    )
    assert crosstable["titles"][alpha][round_one] == expected


@pytest.mark.parametrize("code", ["es", "th", "ko"])
def test_issue21_the_whatif_tab_writes_its_points_in_the_language(client: TestClient, code: str) -> None:
    lang = language(code)
    key = _keep(client, ROUND_ROBIN)
    tab = _get(client, key, f"whatif?lang={code}")
    clark = next(row for row in tab["standings"] if row["name"] == "Clark, Cid")
    assert clark["points"] == 1.5 and clark["points_text"] == lang.number("1.5")


# In Chromium: the page switched to each language, every view opened, no English word left.

VISIBLE = """(selectors) => {
  // The visible texts and the labels and titles of the results' views (names and codes included: the words are
  // matched whole).
  const found = [];
  for (const selector of selectors) {
    for (const root of document.querySelectorAll(selector)) {
      if (root.closest("[hidden]")) continue;
      found.push(root.innerText);
      for (const element of [root, ...root.querySelectorAll("*")]) {
        for (const name of ["title", "aria-label", "placeholder"]) {
          const value = element.getAttribute(name);
          if (value) found.push(value);
        }
      }
    }
  }
  return found.join("\\n");
}"""

VIEWS = ("#status", "#facts", "#notes", "#standings", "#explain", "section[aria-labelledby=chart-heading]",
         "#crosstable-section", "#rounds-section", "#boards-section", "#whatif-section")  # fmt: skip

NAMES = re.compile(r"\b(Adams|Ann|Brown|Bob|Clark|Cid|Dunne|Dan|Evans|Eve|Flynn|Fay|Grant|Gus|Hayes|Hal|Irwin|Ida)\b")
"""The players' names, which no language translates."""


def _spoken(text: str, code: str) -> list[str]:
    """The English words of ``text`` that the language should have replaced (names aside)."""
    words = set(re.findall(r"[A-Za-z]+", NAMES.sub("", text)))
    return sorted(word for word in words if word.lower() in ENGLISH_WORDS and word.lower() not in OWN_WORDS[code])


@pytest.fixture
def page(browser: Browser, live_server: str, problems: list[str]) -> Iterator[Page]:
    opened = open_page(browser, live_server, problems)
    yield opened
    assert problems == []


def _switch(page: Page, code: str, heading: tuple[str, dict[str, int]]) -> Language:
    """The page switched to ``code``, once the result asked again shows its heading (a template, its values)."""
    page.locator("#lang").select_option(code)
    expect(page.locator("html")).to_have_attribute("lang", code)
    lang = language(code)
    expect(page.locator("#standings-heading")).to_have_text(lang.format(heading[0], **heading[1]), timeout=SLOW)
    # Every answer of the switch in, the What if tab's too: a click on a row being drawn again would be lost.
    expect(page.locator("#results")).to_have_attribute("aria-busy", "false", timeout=SLOW)
    expect(page.locator("#whatif-section")).not_to_have_attribute("aria-busy", "true", timeout=SLOW)
    return lang


def _open_everything(page: Page, start: int) -> None:
    """The player's (or team's) card, then the crosstable, the round view and the tabs below, each scrolled to."""
    page.locator(f'#standings tbody button.player[data-start="{start}"]').click()
    expect(page.locator("#card table.rounds tbody tr").first).to_be_visible(timeout=SLOW)
    for section in ("#crosstable-section", "#rounds-section", "#boards-section", "#whatif-section"):
        if page.locator(section).is_visible():
            page.locator(section).scroll_into_view_if_needed()
    expect(page.locator("#round-table tbody tr").first).to_be_visible(timeout=SLOW)


def test_issue21_a_team_event_speaks_each_language_everywhere(page: Page) -> None:
    page.set_input_files("#file", TEAMS)
    expect(page.locator("#standings tbody tr")).to_have_count(4, timeout=SLOW)
    for code in ("es", "th", "ko"):
        lang = _switch(page, code, ("Standings", {}))
        # Gamma's card: its bye round as a whole sentence, its GP with the language's decimal sign.
        _open_everything(page, 3)
        match = page.locator("#card table.matches tbody tr.match th").nth(2)
        expect(match).to_have_text(
            lang.format(
                "Round {round}: {result} · MP {mp} · GP {gp}",
                round=3,
                result=lang.gettext("pairing-allocated bye"),
                mp="2",
                gp=lang.number("1.5"),
            ),
            timeout=SLOW,
        )
        expect(page.locator("#boards-notes li").first).to_have_text(
            lang.format(
                "Board prizes ranked by {order}.",
                order=lang.gettext("percentage, then more games, then performance rating"),
            ),
            timeout=SLOW,
        )
        expect(page.locator("#boards-table thead th").nth(4)).to_have_text(lang.gettext("Team"))
        # Alpha's card and its first match, against Beta.
        page.locator('#standings tbody button.player[data-start="1"]').click()
        expect(page.locator("#card .card-name")).to_have_text("Alpha", timeout=SLOW)
        expect(page.locator("#card table.matches tbody tr.match th").first).to_have_text(
            lang.format(
                "Round {round}: against {name} (no. {number}) · MP {mp} · GP {gp}–{against}",
                round=1,
                name="Beta",
                number=2,
                mp="3",
                gp=lang.number("1.5"),
                against=lang.number("0.5"),
            )
        )
        assert _spoken(page.evaluate(VISIBLE, list(VIEWS)), code) == [], code


def test_issue21_an_individual_event_speaks_each_language_everywhere(page: Page) -> None:
    page.set_input_files("#file", ROUND_ROBIN)
    expect(page.locator("#standings tbody tr")).to_have_count(4, timeout=SLOW)
    for code in ("es", "th", "ko"):
        # Two rounds of three played: the heading says so, as one sentence.
        lang = _switch(page, code, ("Standings after round {round} of {rounds}", {"round": 2, "rounds": 3}))
        _open_everything(page, 1)
        # Adams's PTS: round 1 won against Brown, one sentence with the name in it (Korean puts it first).
        won = lang.format("won against {name}", name="Brown, Bob")
        expect(page.locator("#explain-text")).to_contain_text(won, timeout=SLOW)
        expect(page.locator("#whatif-method")).to_have_text(
            lang.message(
                Message.ngettext(
                    "Method — exact: {runs} outcomes enumerated.",
                    "Method — exact: {runs} outcomes enumerated.",
                    9,
                    runs=9,
                )
            ),
            timeout=SLOW,
        )
        expect(page.locator('#whatif-table tbody tr[data-start="3"] td.points')).to_have_text(lang.number("1.5"))
        label = lang.format(
            "Round {round}, board {board}: {white} – {black}", round=3, board=1, white="Clark, Cid", black="Brown, Bob"
        )
        expect(page.locator("#whatif-games tbody tr").first.locator(".set-results")).to_have_attribute(
            "aria-label", label
        )
        assert _spoken(page.evaluate(VISIBLE, list(VIEWS)), code) == [], code
