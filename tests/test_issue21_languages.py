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
from collections import Counter
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.demo import seed_event, seed_text
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
from sonneborn.messages import N_, PAGE, TIEBREAK_DEFINITIONS, TIEBREAK_NAMES, Message
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
    assert set(TIEBREAK_DEFINITIONS) == {definition.definition for definition in REGISTRY.values()}


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


def test_the_definitions_in_the_report_in_each_language() -> None:
    """Each tie-break's one-sentence definition is in the report's language (SB: the points scored times the
    opponent's score; DE: the games among the tied players only), English as the registry writes it."""
    standings = _seed()
    spanish = render_html(standings, lang=language("es"))
    assert "de los puntos obtenidos por la puntuación del rival" in spanish
    assert "Puntos solo en las partidas entre los jugadores empatados" in spanish
    assert "คะแนนเฉพาะในเกมระหว่างผู้เล่นที่เสมอกัน" in render_html(standings, lang=language("th"))
    assert "동점인 선수들끼리 둔 게임의 점수만" in render_html(standings, lang=language("ko"))
    english = render_html(standings)
    assert all(f'title="{REGISTRY[code].definition}"' in unescape(english) for code in ("SB", "DE", "WIN"))


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
    assert half.message(Message(N_("the file is empty"))) == "the file is empty"
    assert language("ko").message(Message("a message no catalogue knows")) == "a message no catalogue knows"


CASES: list[dict[str, Any]] = tomllib.loads((BAD / "expected.toml").read_text(encoding="utf-8"))["case"]
SPOKEN = [case for case in CASES if case.get("stderr") and "generated" not in case]
"""The bad inputs whose message is pinned, stored as files (the generated ones are big or sonneborn's own)."""


def _first_lines(case: dict[str, Any], code: str) -> tuple[str, str]:
    """The first line of stderr for a bad input in English and in a language."""
    path = str(BAD / case["file"])
    args = [arg.replace("{path}", path) for arg in case.get("args", ["standings", "{path}"])]
    english, other = (CliRunner().invoke(cli, ["--lang", lang, *args]).stderr.splitlines() for lang in ("en", code))
    return english[0], other[0]


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_bad_input_message_is_translated_keeping_its_values(code: str) -> None:
    """Each pinned message of the catalogue of bad inputs is written in the language where it is raised, with
    the same numbers as in English: the message carries its template and values, nothing is matched."""
    untranslated, lost = [], []
    for case in SPOKEN:
        english, other = _first_lines(case, code)
        assert english == case["stderr"].replace("{path}", str(BAD / case["file"])), case["file"]
        said = english.split(": ", 2)[-1]
        if said in other:
            untranslated.append((case["file"], english))
        if Counter(re.findall(r"[0-9]+", english)) - Counter(re.findall(r"[0-9]+", other)):
            lost.append((case["file"], english, other))  # a value of the English message is missing
    assert not untranslated
    assert not lost


def test_a_message_is_its_template_and_values() -> None:
    inner = Message.of(
        N_("player {number} records {result} against {opponent}, but player {number2} records {found} (expected "
           "{expected})"),
        number=2, result="1", opponent=4, number2=4, found="   2 b 1", expected="'2 b 0'",
    )  # fmt: skip
    message = Message.of(N_("round {round}: {message}"), round=3, message=inner)
    assert str(message) == "round 3: player 2 records 1 against 4, but player 4 records    2 b 1 (expected '2 b 0')"
    assert language("es").message(message) == (
        "ronda 3: el jugador 2 registra 1 contra 4, pero el jugador 4 registra    2 b 1 (se esperaba '2 b 0')"
    )
    placed = Message.of(N_("{path}: {message}"), path="tournament.players[2].name",
                        message=Message.of(N_("expected a string, found {found}"), found="3"))  # fmt: skip
    assert language("ko").message(placed) == "tournament.players[2].name: 문자열이어야 하는데 3이(가) 있습니다"


def test_errors_carry_their_message() -> None:
    """The library's errors keep the template and values they were raised with; ``str()`` is the English."""
    from sonneborn.errors import InputError, TiebreakError
    from sonneborn.formats import read_text
    from sonneborn.tiebreaks import parse

    with pytest.raises(InputError) as raised:
        read_text((BAD / "trf_points_not_a_number.trf").read_text(encoding="utf-8"), path="x.trf")
    assert raised.value.text.template == "expected points at columns {columns}, found {found}"
    assert dict(raised.value.text.values) == {"columns": "81-84", "found": "' 1.x'"}
    with pytest.raises(TiebreakError) as wrong:
        parse("BH/X1")
    assert str(wrong.value).startswith("unknown modifier '/X1' in 'BH/X1' (BH is Buchholz; its modifiers: cut /C1")
    assert language("es").message(wrong.value.text).startswith("modificador desconocido '/X1' en 'BH/X1' (BH es ")


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
        # The page's texts and the tie-breaks' names its list of codes shows.
        assert set(catalogue) == {*PAGE, *TIEBREAK_NAMES} and all(catalogue.values())
    assert page_catalogue("en") == {text: text for text in (*PAGE, *TIEBREAK_NAMES)}
    assert page_catalogue("es")["Download"] == "Descargar"
    assert page_catalogue("th")["Print"] == "พิมพ์"
    assert page_catalogue("ko")["Standings"] == "순위표"


def test_english_numbers_are_babels() -> None:
    from babel.numbers import get_decimal_symbol, get_group_symbol, get_minus_sign_symbol

    assert (ENGLISH.decimal, ENGLISH.minus) == (get_decimal_symbol("en"), get_minus_sign_symbol("en"))
    assert ENGLISH.group == get_group_symbol("en") == ","
    assert [language(code).decimal for code in TRANSLATED] == [",", ".", "."]
    from babel.numbers import format_percent

    # What follows a percentage, as Babel writes 58 %: English's and the code's "%", Spanish's after a no-break space.
    assert format_percent(0.58, locale="en") == "58" + ENGLISH.percent == "58%"
    assert [format_percent(0.58, locale=code) for code in TRANSLATED] == ["58\xa0%", "58%", "58%"]
    assert [language(code).percent for code in TRANSLATED] == ["\xa0%", "%", "%"]


def test_english_is_the_code() -> None:
    message = Message.of(N_("round {round}: {message}"), round=2, message=Message(N_("the file is empty")))
    assert ENGLISH.message(message) == str(message) == "round 2: the file is empty"
    assert ENGLISH.number("-69.5") == "-69.5" and language("es").number("-69.5") == "-69,5"


TEAMS = Path(__file__).parent / "data" / "teams" / "four_clubs_trf26.trf"


def test_the_team_pages_in_each_language() -> None:
    """The match crosstable, the board prizes and a team's card as HTML say their own words in the language."""
    runner = CliRunner()

    def page(code: str, *more: str) -> str:
        result = runner.invoke(cli, ["--lang", code, "crosstable", str(TEAMS), "-f", "html", *more])
        assert result.exit_code == 0, result.output
        return result.stdout

    spanish = page("es")
    assert '<html lang="es">' in spanish and "<h2>Tabla cruzada de encuentros</h2>" in spanish
    assert "<h2>Tablero 1</h2>" in page("es", "--boards") and "<h2>กระดาน 1</h2>" in page("th", "--boards")
    assert "보드별 선수" in page("ko", "--team", "1")
    english = page("en")
    assert "<h2>Match crosstable</h2>" in english and "<h2>Board 1</h2>" in page("en", "--boards")


def test_the_summaries_of_check_batch_and_convert_in_the_language(tmp_path: Path) -> None:
    runner = CliRunner()
    reference = str(BAD / "trf_valid_reference.trf")  # 4 players, 3 rounds, its totals agree with its results
    checked = runner.invoke(cli, ["--lang", "es", "check", reference])
    assert checked.stdout == "Ninguna discrepancia: puntos de 4 jugadores coinciden con los resultados.\n"
    assert runner.invoke(cli, ["check", reference]).stdout == (
        "No disagreement: points of 4 players agree with the results.\n"
    )
    converted = runner.invoke(cli, ["--lang", "ko", "convert", reference, str(tmp_path / "e.json")])
    assert converted.exit_code == 0, converted.output
    assert converted.stderr.endswith("(json, 선수 4명, 3라운드)\n"), converted.stderr
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.trf").write_bytes(Path(reference).read_bytes())
    batch = runner.invoke(cli, ["--lang", "th", "batch", str(folder), "-o", str(tmp_path / "out"), "-j", "1"])
    assert batch.exit_code == 0, batch.output
    assert batch.stderr.splitlines()[-1].startswith("เสร็จ 1 ข้าม 0 ล้มเหลว 0 ใน "), batch.stderr


def test_the_terminal_crosstable_in_each_language(tmp_path: Path) -> None:
    """The seed event's crosstable: Sloth's 11 points and SB 69.50 (the article's 69.5) as the language writes
    them, the headings translated, the results and codes as they are; Markdown is the same in every language."""
    seed = tmp_path / "seed.tsv"
    seed.write_text(seed_text(), encoding="utf-8")
    runner = CliRunner()

    def table(code: str, *more: str) -> list[str]:
        result = runner.invoke(cli, ["--lang", code, "crosstable", str(seed), "-t", "SB", *more])
        assert result.exit_code == 0, result.output
        return result.stdout.splitlines()

    spanish = table("es")
    assert spanish[0].split()[:3] == ["Pos", "N.º", "Jugador"] and spanish[0].split()[-2:] == ["Ptos", "SB"]
    assert spanish[1].split()[2:5] == ["Sloth", "X", "½"] and spanish[1].split()[-2:] == ["11", "69,50"]
    assert "소네본-베르거 점수" in "\n".join(table("ko")) and table("ko")[1].split()[-1] == "69.50"
    english = table("en")
    assert english[0].split()[:3] == ["Rk", "No", "Player"] and english[1].split()[-1] == "69.50"
    assert table("es", "-f", "md") == table("en", "-f", "md")


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


@pytest.mark.parametrize(
    ("args", "spanish", "english"),
    [
        (
            ["--profile", "nope"],
            "perfil desconocido 'nope' (perfiles: ",
            "unknown profile 'nope' (profiles: ",
        ),
        (  # MIN_SECRET is 16; "short" has 5 characters
            ["--lots-secret", "short"],
            "un secreto tiene al menos 16 caracteres (se encontraron 5)",
            "a secret has at least 16 characters (found 5)",
        ),
        (
            ["--lots", "7", "--lots-secret", "a-secret-of-twenty-chars"],
            "sortea con una semilla o con un secreto, no con ambos (--lots)",
            "draws by a seed or by a secret, not both (--lots)",
        ),
    ],
)
def test_the_profiles_and_lots_errors_in_spanish_and_english(args: list[str], spanish: str, english: str) -> None:
    """The errors of the profiles and the lots (branch i-rounds' side of the merge) carry their template."""
    for code, words in (("es", spanish), ("en", english)):
        result = CliRunner().invoke(cli, ["--lang", code, "standings", str(FIELDS), *args])
        assert result.exit_code == 2, result.output
        assert words in result.output and "Traceback" not in result.output


def test_categories_of_a_team_event_in_korean_and_english() -> None:
    team_file = str(TEAMS)
    korean = CliRunner().invoke(cli, ["--lang", "ko", "standings", team_file, "--category", "women"])
    english = CliRunner().invoke(cli, ["standings", team_file, "--category", "women"])
    assert korean.exit_code == english.exit_code == 2, (korean.output, english.output)
    assert "categories are of players: a team event's standings rank teams" in english.output
    assert "부문은 선수의 것입니다: 단체전의 순위표는 팀의 순위입니다" in korean.output
    assert "Traceback" not in korean.output


def test_the_team_readers_field_is_translated_inside_its_message() -> None:
    """The team records' field (``a team number``) is a message of its own inside ``expected {what} at columns``."""
    path = str(BAD / "trf_team_310_number.trf")
    said = {
        code: CliRunner().invoke(cli, ["--lang", code, "standings", path]).stderr.splitlines()[0] for code in TRANSLATED
    }
    assert said["es"].endswith(": se esperaba un número de equipo en las columnas 5-7, se encontró '  C'")
    assert said["th"].endswith(": ควรมีหมายเลขทีมที่คอลัมน์ 5-7 แต่พบ '  C'")
    assert said["ko"].endswith(": 5-7열에 팀 번호이(가) 있어야 하는데 '  C'이(가) 있습니다")


def test_large_group_summaries_write_thousands_as_the_language_does() -> None:
    """DE's summary of a group of 2,999 players (a large group: a few words, not its mini-table) with the
    language's thousands separator: Spanish writes 2.999 (its decimal sign is the comma), Thai and Korean 2,999."""
    from fractions import Fraction

    from sonneborn.tiebreaks.direct_encounter import LargeGroup

    note = LargeGroup(["Ann", "Bob"], 2_999, Fraction(3, 2), set(), {}).note(1)
    assert note == "2,999 players tied on 1.5 points, no games among them"
    assert language("es").phrase(note) == "2.999 jugadores empatados con 1,5 puntos, sin partidas entre ellos"
    assert language("th").phrase(note) == "ผู้เล่น 2,999 คนเสมอกัน ที่ 1.5 คะแนน, ไม่มีเกมระหว่างกัน"
    assert language("ko").phrase(note) == "동점 선수 2,999명 1.5점에서, 서로 둔 게임 없음"
