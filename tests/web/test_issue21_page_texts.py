"""Issue 21, the page's languages in-process: every text of the page's HTML and script is a text of the page
catalogue (messages.PAGE), translated in each language; the page rendered per language; the API's answers to the
page in the language it sends."""

from __future__ import annotations

import re
from importlib.resources import files
from typing import TYPE_CHECKING

from sonneborn.demo import seed_text
from sonneborn.languages import PLURAL_SAMPLES, language, page_catalogue, page_plurals
from sonneborn.messages import PAGE, PAGE_PLURALS, TIEBREAK_NAMES
from sonneborn.render.crosstable import RESULT_WORDS
from sonneborn.render.teamcard import DOUBLE_FORFEIT
from sonneborn.render.teamcrosstable import BOARD_HEADINGS
from sonneborn.web.report import PRESETS, RULE_LABELS

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

WEB = files("sonneborn.web")
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _calls(source: str, name: str) -> list[str]:
    """The argument text of every call of ``name(`` in a script, its parentheses balanced."""
    found = []
    for match in re.finditer(r"(?<![\w.$])" + name + r"\(", source):
        depth, index, quote = 1, match.end(), ""
        while depth:
            char = source[index]
            if quote:
                if char == "\\":
                    index += 1
                elif char == quote:
                    quote = ""
            elif char in "\"'`":
                quote = char
            elif char in "([{":
                depth += 1
            elif char in ")]}":
                depth -= 1
            index += 1
        found.append(source[match.end() : index - 1])
    return found


def _first_arguments(arguments: str, count: int) -> str:
    """The first ``count`` top-level arguments of a call (a tf() call's values come after its text)."""
    depth, quote = 0, ""
    for index, char in enumerate(arguments):
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'`":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            count -= 1
            if not count:
                return arguments[:index]
    return arguments


def script_texts() -> set[str]:
    """What app.js shows through t(), tf() and its table headings (a heading and its title), and the names of
    its controls that replace the command line's options in the server's messages (CONTROLS, through t())."""
    script = WEB.joinpath("static", "app.js").read_text(encoding="utf-8")
    found = set(re.findall(r'\[/.*?/g, "([^"]*)"\]', script))
    for name, count in (("t", 1), ("tf", 1), ("tn", 1), ("headerCell", 2)):
        for arguments in _calls(script, name):
            found.update(
                text for text in LITERAL.findall(_first_arguments(arguments, count)) if re.search("[A-Za-z]", text)
            )
    return found


def html_texts() -> set[str]:
    """What index.html marks for translation: data-t (and data-t-title, …) and its t("…") calls."""
    html = WEB.joinpath("templates", "index.html").read_text(encoding="utf-8")
    marked = {text for text in re.findall(r'data-t(?:-[a-z-]+)?="([^"]*)"', html) if "{{" not in text}
    return marked | set(re.findall(r"""\bt\(\s*["']((?:(?!["']\s*[,)]).)*)["']""", html))


def test_every_text_of_the_page_is_in_the_catalogue_and_nothing_else() -> None:
    shown = script_texts() | html_texts()
    plurals = {singular for singular, _ in PAGE_PLURALS}
    assert shown - {*PAGE, *TIEBREAK_NAMES, *plurals} == set()
    assert plurals - shown == set()
    # The texts the page shows from data: a round's result in words (a team's match: a double forfeit too), the
    # board prizes' headings, the presets and the rule editions.
    data = {
        *RESULT_WORDS.values(),
        DOUBLE_FORFEIT,
        *BOARD_HEADINGS,
        *(p.label for p in PRESETS),
        *(p.description for p in PRESETS),
        *RULE_LABELS.values(),
    }
    assert set(PAGE) - shown - data == set()


def test_every_page_text_is_translated_keeping_its_fields() -> None:
    field = re.compile(r"\{(\w+)\}")
    for code in ("es", "th", "ko"):
        chosen = language(code)
        for text in PAGE:
            said = chosen.gettext(text)
            assert said and sorted(field.findall(said)) == sorted(field.findall(text)), (code, text)
        # Most texts differ from the English (some are names and codes: FIDE 2024, {code}: {name}).
        assert sum(chosen.gettext(text) != text for text in PAGE) > 0.9 * len(PAGE)


def test_every_page_text_with_a_count_has_each_plural_form() -> None:
    """The page's texts with a count: a form for each of the language's plural forms, the one its catalogue's
    rule picks for each sample count, and the script's rule (app.js PLURAL) the same as the catalogue's."""
    field = re.compile(r"\{(\w+)\}")
    script = WEB.joinpath("static", "app.js").read_text(encoding="utf-8")
    for code, samples in PLURAL_SAMPLES.items():
        chosen = language(code)
        rule = getattr(chosen.catalogue, "plural", lambda n: int(n != 1))
        assert [rule(count) for count in samples] == list(range(len(samples))), code
        for count in (0, 1, 2, 5, 21, 100, 1_000_000, 2_000_000, 1_000_001):
            assert rule(count) < len(samples), (code, count)
        for singular, _ in PAGE_PLURALS:
            forms = page_plurals(code)[singular]
            assert len(forms) == len(samples) and all(forms), (code, singular)
            assert all(sorted(field.findall(form)) == sorted(field.findall(singular)) for form in forms)
            if code != "en":
                assert any(form != singular for form in forms), (code, singular)  # "bytes" is Spanish too
    # The script's rule, written in JavaScript: Spanish's three forms, Thai's and Korean's one, English's two.
    assert "es: (n) => (n === 1 ? 0 : n !== 0 && n % 1000000 === 0 ? 1 : 2), th: () => 0, ko: () => 0" in script
    assert "en: (n) => (n === 1 ? 0 : 1)" in script
    assert "tras la ronda {rounds} de" in page_plurals("es")[PAGE_PLURALS[4][0]][0]  # one round played


def test_the_page_in_the_language_asked_for(client: TestClient) -> None:
    korean = client.get("/", headers={"Accept-Language": "ko-KR,ko;q=0.9,en;q=0.5"})
    assert korean.headers["vary"] == "Accept-Language"
    assert '<html lang="ko">' in korean.text and '<option value="ko" lang="ko" selected>' in korean.text
    assert f">{page_catalogue('ko')['Standings']}</h2>" in korean.text
    thai = client.get("/?lang=th", headers={"Accept-Language": "ko"})  # the address first
    assert '<html lang="th">' in thai.text and f">{page_catalogue('th')['Tournament file']}</legend>" in thai.text
    english = client.get("/?lang=fr")  # a language not spoken: the browser's, here none, so English
    assert '<html lang="en">' in english.text and ">Standings</h2>" in english.text


def test_the_page_api_answers_in_the_language_sent(client: TestClient) -> None:
    kept = client.post("/api/events?tiebreaks=SB,DE,WIN&lang=es", data={"text": seed_text()})
    assert kept.status_code == 200, kept.text
    first = kept.json()
    # The seed articles' 69.5 for Sloth with a decimal comma; his 11 points have no decimals to write.
    assert (first["rows"][0]["name"], first["rows"][0]["points"], first["rows"][0]["values"]["SB"]) == (
        "Sloth",
        "11",
        "69,50",
    )
    assert first["columns"][0]["name"] == "puntuación Sonneborn-Berger (Neustadtl)"  # the seed article's term
    korean = client.get(f"/api/events/{first['event']}/page", params={"tiebreaks": "SB", "lang": "ko"}).json()
    assert korean["rows"][0]["values"]["SB"] == "69.50" and korean["columns"][0]["name"].startswith("소네본-베르거")
    card = client.get(f"/api/events/{first['event']}/player", params={"start": 3, "lang": "es"}).json()["player"]
    # Kosenkov, no. 3, scored 10½ (the seed's row): written 10,5, and every running score with a comma.
    assert all("." not in (entry["running"] or "") for entry in card["rounds"]) and card["points"] == "10,5"


def test_an_error_in_the_language_sent(client: TestClient) -> None:
    refused = client.post("/api/events?lang=es", data={"text": seed_text(), "tiebreaks": "XYZ"})
    assert refused.status_code == 422
    english = client.post("/api/events?lang=en", data={"text": seed_text(), "tiebreaks": "XYZ"}).json()["error"]
    spanish = refused.json()["error"]
    assert spanish["field"] == english["field"] == "tiebreaks"
    assert spanish["message"] != english["message"] and "XYZ" in spanish["message"]
