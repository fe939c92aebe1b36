"""Issue 21, Languages: the tables, the report, the CSV for spreadsheets and the messages in English,
Spanish, Thai and Korean, from Babel-managed gettext catalogues.

The expected words are the seed articles' (``shared/seeds``: "puntuación Sonneborn-Berger",
"คะแนนซอนเนบอร์น-เบอร์เกอร์", "소네본-베르거 점수") and the numbers the articles print for the demo
event (Sloth 69.5, Zagorovsky 66.75, Kosenkov 10½ points), written as each language writes them.
"""

from __future__ import annotations

import csv
import gettext
import io
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.demo import seed_event
from sonneborn.languages import (
    ENGLISH,
    LANGUAGES,
    Language,
    from_accept_language,
    from_environment,
    language,
    page_catalogue,
    parse_language,
)
from sonneborn.messages import MESSAGES, PAGE, TIEBREAK_NAMES
from sonneborn.ranking import parse_list, rank
from sonneborn.render.csv import BOM, render_csv
from sonneborn.render.html import render_html
from sonneborn.render.text import render_table
from sonneborn.tiebreaks import REGISTRY

LOCALE = Path(__file__).parents[1] / "src" / "sonneborn" / "locale"
BAD = Path(__file__).parent / "data" / "bad"
TRANSLATED = [code for code in LANGUAGES if code != "en"]
FIELD = re.compile(r"\{(\w+)\}")


def _seed() -> Any:
    return rank(seed_event(), parse_list("SB,DE,WIN"))


def _po(code: str) -> Any:
    with (LOCALE / code / "LC_MESSAGES" / "sonneborn.po").open("rb") as handle:
        return read_po(handle, locale=code)


@pytest.mark.parametrize("code", TRANSLATED)
def test_compiled_catalogue_is_not_older_than_its_po(code: str) -> None:
    """The shipped .mo holds exactly what its .po says: a .po edited without `make i18n` fails here."""
    compiled = io.BytesIO()
    write_mo(compiled, _po(code))
    shipped = (LOCALE / code / "LC_MESSAGES" / "sonneborn.mo").read_bytes()
    fresh = gettext.GNUTranslations(io.BytesIO(compiled.getvalue()))
    stale = gettext.GNUTranslations(io.BytesIO(shipped))
    assert stale._catalog == fresh._catalog, f"run `make i18n`: {code}'s .mo is older than its .po"  # type: ignore[attr-defined]


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_its_fields(code: str) -> None:
    catalogue = _po(code)
    assert not catalogue.fuzzy
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{code}: {message.id!r} has no translation"
        assert "fuzzy" not in message.flags, f"{code}: {message.id!r} is fuzzy"
        for string in strings:
            assert set(FIELD.findall(string)) == set(FIELD.findall(ids[0])), f"{code}: {message.id!r} → {string!r}"


def test_the_catalogue_names_every_registered_tiebreak() -> None:
    assert set(TIEBREAK_NAMES) == {definition.name for definition in REGISTRY.values()}


def test_seed_terms_in_the_catalogues() -> None:
    """The seed articles' terms, as they spell them."""
    assert language("es").gettext("Sonneborn–Berger (Neustadtl)").startswith("puntuación Sonneborn-Berger")
    assert language("es").gettext("Buchholz") == "puntuación de Buchholz"
    assert language("es").gettext("Progressive score") == "suma de puntuaciones progresivas"
    assert language("th").gettext("Buchholz") == "คะแนนบุชโฮลซ์"
    assert language("th").gettext("Koya") == "คะแนนโคยะ"
    assert language("ko").gettext("Sonneborn–Berger (Neustadtl)").startswith("소네본-베르거 점수")
    assert language("ko").gettext("Progressive score") == "누진 점수 합계"


def test_the_seed_event_in_each_language() -> None:
    standings = _seed()
    spanish = render_table(standings, lang=language("es"))
    assert "Desempates: SB = puntuación Sonneborn-Berger (Neustadtl); DE = puntuación de cabeza a cabeza" in spanish
    lines = spanish.splitlines()
    assert lines[1].split() == ["Pos", "N.º", "Nombre", "Ptos", "SB", "DE", "WIN"]
    # SB separates the two on 11 before DE is reached, and Kosenkov is alone on 10½: DE does not apply (–).
    assert lines[2].split() == ["1", "1", "Sloth", "11", "69,50", "–", "8"]
    assert lines[3].split() == ["2", "2", "Zagorovsky", "11", "66,75", "–", "9"]
    assert lines[4].split() == ["3", "3", "Kosenkov", "10,5", "67,50", "–", "7"]
    thai = render_table(standings, lang=language("th"))
    assert thai.splitlines()[1].split() == ["อันดับ", "เลข", "ชื่อ", "คะแนน", "SB", "DE", "WIN"]
    assert thai.splitlines()[2].split()[-3:] == ["69.50", "–", "8"]  # Thai writes a decimal point
    assert "SB = คะแนนซอนเนบอร์น-เบอร์เกอร์ (Neustadtl)" in thai
    korean = render_table(standings, lang=language("ko"))
    assert korean.splitlines()[1].split() == ["순위", "번호", "이름", "점수", "SB", "DE", "WIN"]
    assert "SB = 소네본-베르거 점수 (너스타드틀); DE = 정면승부 점수; WIN = 승리 수." in korean
    for text in (spanish, thai, korean):  # the codes never change
        assert " SB " in text.splitlines()[1] + " "


def test_the_report_in_each_language() -> None:
    standings = _seed()
    spanish = render_html(standings, lang=language("es"))
    assert '<html lang="es">' in spanish
    assert "<h2>Clasificación</h2>" in spanish and "<h2>Tabla cruzada</h2>" in spanish
    assert "puntuación Sonneborn-Berger (Neustadtl)" in spanish
    assert "<td>69,50</td>" in spanish.replace('<td title="', "<td>").split('">', 1)[0] or ">69,50</td>" in spanish
    assert ">10,5</td>" in spanish and ">10.5</td>" not in spanish
    assert "todos contra todos" in spanish  # the system, in the seed's words
    korean = render_html(standings, lang=language("ko"))
    assert '<html lang="ko">' in korean and "<h2>순위표</h2>" in korean and "소네본-베르거 점수" in korean
    thai = render_html(standings, lang=language("th"))
    assert '<html lang="th">' in thai and "คะแนนจากการพบกันโดยตรง" in thai and ">69.50</td>" in thai
    english = render_html(standings)
    assert '<html lang="en">' in english and "<h2>Standings</h2>" in english and ">69.50</td>" in english


def test_a_missing_translation_falls_back_to_english_never_to_a_key() -> None:
    """A catalogue that knows one text: every other text is the English one."""
    from babel.messages.catalog import Catalog

    partial = Catalog(locale="es")
    partial.add("Name", "Nombre")
    compiled = io.BytesIO()
    write_mo(compiled, partial)
    half = Language("es", ",", "-", gettext.GNUTranslations(io.BytesIO(compiled.getvalue())))
    table = render_table(_seed(), lang=half)
    assert table.splitlines()[1].split() == ["Rk", "No", "Nombre", "Pts", "SB", "DE", "WIN"]
    assert "Tie-breaks: SB = Sonneborn–Berger (Neustadtl)" in table
    assert half.translate("the file is empty") == "the file is empty"
    assert language("ko").translate("a message no template knows") == "a message no template knows"


def _bad_messages() -> list[tuple[str, str]]:
    cases = tomllib.loads((BAD / "expected.toml").read_text(encoding="utf-8"))["case"]
    found = []
    for case in cases:
        line = case.get("stderr")
        if not line:
            continue
        # The message after "sonneborn: error: FILE:LINE:COL: " (a message of an option keeps its "--x: ").
        message = re.sub(r"^sonneborn: (error|warning): (\{path\}|-|<stdout>)(:\d+)*: ", "", line)
        message = re.sub(r"^sonneborn: (error|warning): ", "", message)
        message = re.sub(r"^--[a-z-]+: ", "", message).replace("{path}", "x.trf")
        found.append((case.get("file") or case.get("generated") or "?", message))
    return found


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_bad_input_message_is_translated(code: str) -> None:
    """Each line of the catalogue of bad inputs has a template, and is translated keeping its values."""
    chosen = language(code)
    untranslated = [(case, message) for case, message in _bad_messages() if chosen.translate(message) == message]
    assert not untranslated


def test_a_translated_message_keeps_its_values() -> None:
    spanish = language("es").translate(
        "round 3: player 2 records 1 against 4, but player 4 records    2 b 1 (expected '2 b 0')"
    )
    assert spanish == (
        "ronda 3: el jugador 2 registra 1 contra 4, pero el jugador 4 registra    2 b 1 (se esperaba '2 b 0')"
    )
    korean = language("ko").translate("tournament.players[2].name: expected a string, found 3")
    assert korean == "tournament.players[2].name: 문자열이어야 하는데 3이(가) 있습니다"


def test_cli_errors_and_warnings_in_the_language() -> None:
    runner = CliRunner()
    empty = str(BAD / "blank_lines_only.txt")
    result = runner.invoke(cli, ["--lang", "es", "standings", empty])
    assert result.exit_code == 2, result.output
    assert result.stderr == f"sonneborn: error: {empty}:1:1: el archivo está vacío\n"
    result = runner.invoke(cli, ["standings", empty], env={"LC_ALL": "", "LC_MESSAGES": "", "LANG": "ko_KR.UTF-8"})
    assert result.stderr == f"sonneborn: 오류: {empty}:1:1: 파일이 비어 있습니다\n"
    duplicate = str(BAD / "ct_duplicate_name.tsv")
    result = runner.invoke(cli, ["standings", duplicate, "--lang", "th"])
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith(f"sonneborn: คำเตือน: {duplicate}:5:3: Adams เป็นชื่อของสองแถว บรรทัด 2 และ 5")
    result = runner.invoke(cli, ["standings", empty, "-t", "BHH", "--lang", "es"])
    assert result.stderr.startswith("sonneborn: error: desempate desconocido 'BHH': ¿quiso decir BH?")


def test_an_unknown_language_is_a_usage_error() -> None:
    result = CliRunner().invoke(cli, ["demo", "--lang", "fr"])
    assert result.exit_code == 2
    assert "unknown language 'fr' (expected one of en, es, th, ko)" in result.stderr


@pytest.mark.parametrize("env", [{}, {"LANG": "C"}, {"LANG": "en_US.UTF-8"}, {"LC_ALL": "C", "LANG": "es_ES"}])
def test_default_output_is_english(env: dict[str, str]) -> None:
    clear = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}
    result = CliRunner().invoke(cli, ["demo"], env={**clear, **env})
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1] == "Rk  No  Name           Pts     SB  DE  WIN"
    # DE applies to nobody here: SB has separated the two on 11 before it is reached.
    assert result.output.splitlines()[2] == " 1   1  Sloth           11  69.50   –    8"
    assert "\nHow Sloth's Neustadtl score was worked out:\n" in result.output


def test_json_and_trf_never_change_with_the_language() -> None:
    seed = str(Path(__file__).parents[1] / "src" / "sonneborn" / "data" / "wccc_1975_final.tsv")
    runner = CliRunner()
    for fmt in ("json", "trf", "csv", "md"):
        english = runner.invoke(cli, ["standings", seed, "-f", fmt]).output
        for code in TRANSLATED:
            assert runner.invoke(cli, ["standings", seed, "-f", fmt, "--lang", code]).output == english, (fmt, code)


def _spreadsheet(text: str) -> list[list[str]]:
    """The rows as a spreadsheet reads the file: the BOM says UTF-8, the separator is sniffed."""
    assert text.startswith(BOM)
    body = text.removeprefix(BOM)
    dialect = csv.Sniffer().sniff(body.splitlines()[0], delimiters=",;")
    return list(csv.reader(io.StringIO(body), dialect))


def test_csv_for_a_spanish_spreadsheet() -> None:
    standings = _seed()
    text = render_csv(standings, dialect="excel", lang=language("es"))
    # The players' own fields close every row; the crosstable gives none of them, so they are empty.
    own = ["title", "federation", "fide_id", "sex", "birth_date", "club"]
    assert text.startswith(BOM + "rank;start;name;rating;points;SB;DE;WIN;" + ";".join(own) + "\n")
    rows = _spreadsheet(text)
    assert rows[0] == ["rank", "start", "name", "rating", "points", "SB", "DE", "WIN", *own]
    assert rows[1] == ["1", "1", "Sloth", "", "11", "69,5", "0", "8", *[""] * len(own)]
    assert rows[2][4:6] == ["11", "66,75"]
    assert rows[3][2:6] == ["Kosenkov", "", "10,5", "67,5"]
    assert len(rows) == 16 and all(len(row) == 8 + len(own) for row in rows)


@pytest.mark.parametrize("code", ["en", "th", "ko"])
def test_csv_for_a_decimal_point_spreadsheet(code: str) -> None:
    text = render_csv(_seed(), dialect="excel", lang=language(code))
    rows = _spreadsheet(text)
    own = "title,federation,fide_id,sex,birth_date,club"
    assert text.removeprefix(BOM).splitlines()[0] == "rank,start,name,rating,points,SB,DE,WIN," + own
    assert rows[1][4:6] == ["11", "69.5"]
    assert rows[3][4:6] == ["10.5", "67.5"]


def test_cli_csv_excel() -> None:
    seed = str(Path(__file__).parents[1] / "src" / "sonneborn" / "data" / "wccc_1975_final.tsv")
    runner = CliRunner()
    result = runner.invoke(cli, ["standings", seed, "--csv", "excel", "--lang", "es"])
    assert result.exit_code == 0, result.output
    rows = _spreadsheet(result.output)
    assert rows[1][rows[0].index("SB")] == "69,5" and rows[3][rows[0].index("points")] == "10,5"
    plain = runner.invoke(cli, ["standings", seed, "-f", "csv", "--lang", "es"]).output
    assert plain == runner.invoke(cli, ["standings", seed, "-f", "csv"]).output and not plain.startswith(BOM)
    refused = runner.invoke(cli, ["standings", seed, "--csv", "excel", "-f", "json"])
    assert refused.exit_code == 2 and "--csv goes with -f csv" in refused.output


def test_language_from_the_environment_as_gettext_reads_it() -> None:
    assert from_environment({}) == "en"
    assert from_environment({"LANG": "th_TH.UTF-8"}) == "th"
    assert from_environment({"LC_MESSAGES": "ko_KR", "LANG": "es_ES"}) == "ko"
    assert from_environment({"LC_ALL": "es_MX.UTF-8", "LC_MESSAGES": "ko_KR"}) == "es"
    assert from_environment({"LANGUAGE": "fr:ko", "LANG": "es_ES"}) == "ko"
    assert from_environment({"LC_ALL": "C.UTF-8", "LANG": "es_ES"}) == "en"
    assert from_environment({"LANG": "de_DE.UTF-8"}) == "en"


def test_language_from_accept_language() -> None:
    assert from_accept_language(None) == "en"
    assert from_accept_language("es-ES,es;q=0.9,en;q=0.8") == "es"
    assert from_accept_language("en;q=0.5, ko;q=0.9, th;q=0.7") == "ko"
    assert from_accept_language("de, th;q=0.2") == "th"
    assert from_accept_language("es;q=0, ko") == "ko"
    assert from_accept_language("fr-FR, de;q=0.9") == "en"
    assert from_accept_language("th;q=abc, es;q=0.1") == "es"


def test_parse_language() -> None:
    assert [parse_language(text) for text in ("es", "ES_es.UTF-8", "th-TH", "ko", "C", "en_GB")] == [
        "es", "es", "th", "ko", "en", "en",
    ]  # fmt: skip
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        parse_language("xx")


def test_the_page_catalogue() -> None:
    for code in LANGUAGES:
        catalogue = page_catalogue(code)
        assert set(catalogue) == set(PAGE) and all(catalogue.values())
    assert page_catalogue("en") == {text: text for text in PAGE}
    assert page_catalogue("es")["Download"] == "Descargar"
    assert page_catalogue("th")["Print"] == "พิมพ์"
    assert page_catalogue("ko")["Standings"] == "순위표"


def test_english_numbers_are_babels() -> None:
    from babel.numbers import get_decimal_symbol, get_minus_sign_symbol

    assert (ENGLISH.decimal, ENGLISH.minus) == (get_decimal_symbol("en"), get_minus_sign_symbol("en"))
    assert [language(code).decimal for code in TRANSLATED] == [",", ".", "."]


def test_templates_are_unique_and_english_is_the_code() -> None:
    assert len(set(MESSAGES)) == len(MESSAGES)
    assert ENGLISH.translate("round 2: the file is empty") == "round 2: the file is empty"
    assert ENGLISH.number("-69.5") == "-69.5" and language("es").number("-69.5") == "-69,5"


# --- the merge of issue 21's fields, categories and --after-round with the languages --------------------------

FIELDS = Path(__file__).parent / "data" / "trf" / "issue21_fields.trf"


def _cli(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_category_tables_in_each_language() -> None:
    """The category's name, its heading's words and the Pl/Rk headings come from the catalogue; the code
    (``women+U16``) never changes. Clark (f, 2012) is the only woman under 16 of the 4 players."""
    spanish = _cli("--lang", "es", "standings", str(FIELDS), "-t", "DE", "--category", "women+U16")
    assert "Mujeres, sub-16 (women+U16): 1 de 4 jugadores" in spanish
    assert spanish.splitlines()[1].split()[:2] == ["PCat", "Pos"]
    korean = _cli("--lang", "ko", "standings", str(FIELDS), "-t", "DE", "--category", "65+,rating:<2000")
    assert "65세 이상 (65+): 4명 중 0명" in korean
    assert "레이팅 <2000 (rating:<2000): 4명 중 1명" in korean
    thai = _cli("--lang", "th", "standings", str(FIELDS), "-t", "DE", "--category", "fed:irl", "-f", "html")
    assert "สหพันธ์ IRL (fed:IRL): 2 จาก 4 คน" in thai and "อันดับรวม" in thai


def test_player_fields_and_the_de_legend_in_each_language() -> None:
    """The header's federation and chief arbiter, the Fed column and DE's legend, in Spanish."""
    page = _cli("--lang", "es", "standings", str(FIELDS), "-t", "DE", "-f", "html")
    assert "Federación" in page and "Árbitro principal" in page and ">Fed<" in page
    assert "En la tabla, el número es un puesto dentro de un grupo de jugadores empatados" in page
    assert "In the table" not in page
    table = _cli("--lang", "th", "standings", str(FIELDS), "-t", "DE")
    assert "สหพ." in table.splitlines()[1]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--after-round", "0"], "la clasificación se toma tras la ronda 1 o una posterior (se encontró 0)"),
        (["--after-round", "4"], "el evento tiene 3 rondas jugadas (se esperaba de 1 a 3)"),
        (["--category", "U99"], "categoría desconocida 'U99' (se esperaba women, U8 to U20"),
    ],
)
def test_after_round_and_category_errors_in_spanish(args: list[str], words: str) -> None:
    result = CliRunner().invoke(cli, ["--lang", "es", "standings", str(FIELDS), *args])
    assert result.exit_code == 2, result.output
    assert words in result.output and "Traceback" not in result.output
