"""Issue 21: a team's card and the board prizes in the language, in the terminal and in Markdown; a count in a
sentence in the language's plural form; and a sweep of every command in Spanish, Thai and Korean that finds no
English word left and no raw message.

The expected cells are worked out by hand from the files (tests/data/teams/four_clubs_recorded.trf): Alpha won
round 1 1½-½ (3 MP), drew round 2 1-1 (1 MP) and won round 3 by forfeit (3 MP): 7 MP, 3½ GP. Brown, Bob, on
board 2, drew round 1 and won round 3 by forfeit (board 2 of Delta empty): 1½ of 2 games, 75 %. Flynn, Fay, on
board 1 of Gamma, drew Hayes in round 1 and beat Clark in round 2: 1½ of 2, 75 %; Hayes drew Flynn and lost the
double forfeit against Adams in round 3: ½ of 2, 25 %. The Spanish, Thai and Korean words come from the
catalogues, read by Babel, not by the code under test.
"""

from __future__ import annotations

import html.parser
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from sonneborn.batch import BatchSummary
from sonneborn.cli import cli
from sonneborn.languages import language
from sonneborn.messages import Message
from sonneborn.profiles import PROFILES

DATA = Path(__file__).parent / "data"
FOUR_CLUBS = DATA / "teams" / "four_clubs_recorded.trf"
ROUND_ROBIN = DATA / "whatif" / "rr4_before_last.trf"
ROUND_ROBIN_FINAL = DATA / "whatif" / "rr4_final.trf"
SWISS = DATA / "whatif" / "swiss6_final.trf"
TEAMS_BEFORE_LAST = DATA / "whatif" / "team4_before_last.trf"
SB_TYPO = DATA / "identify" / "hand_written_sb_typo.csv"
SPLIT = DATA / "recorded" / "open_split.trf"
FIELDS = DATA / "trf" / "issue21_fields.trf"
REAL = Path(__file__).parents[2] / "shared" / "data" / "real"
LOCALE = Path(__file__).parents[1] / "src" / "sonneborn" / "locale"
LANGUAGES = ("es", "th", "ko")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def catalogue(code: str) -> dict[str, str | tuple[str, ...]]:
    """Each entry's translation, by its English (singular) text, as the .po gives it."""
    with (LOCALE / code / "LC_MESSAGES" / "sonneborn.po").open("rb") as handle:
        found = read_po(handle, locale=code)
    entries: dict[str, str | tuple[str, ...]] = {}
    for message in found:
        if message.id:
            english = str(message.id[0] if isinstance(message.id, tuple | list) else message.id)
            string = message.string
            entries[english] = tuple(map(str, string)) if isinstance(string, tuple | list) else str(string or "")
    return entries


def said(code: str, text: str) -> str:
    string = catalogue(code)[text]
    return string[0] if isinstance(string, tuple) else string


# --- a team's card ------------------------------------------------------------------------------------------------


def test_a_team_card_in_spanish_in_the_terminal() -> None:
    code, out, _ = run("--lang", "es", "crosstable", str(FOUR_CLUBS), "--team", "1")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == "Alpha (equipo 1): puesto 1, 7 MP, 3,5 GP"
    players = lines.index("Jugadores")
    assert lines[players + 1].split() == ["N.º", "Jugador", "Elo", "Tab", "Partidas", "Ptos", "%"]
    assert lines[players + 4].split() == ["2", "Brown,", "Bob", "2", "2", "1,5", "75"]
    assert "(vacío)" in lines[players - 2] and "(empty)" not in out  # Delta's board 2 in round 3
    assert lines[-1].endswith("(vacío) un tablero sin jugador.")


def test_a_team_card_in_markdown_speaks_the_language() -> None:
    code, out, _ = run("--lang", "es", "crosstable", str(FOUR_CLUBS), "--team", "1", "-f", "md")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == "## Alpha (equipo 1): puesto 1, 7 MP, 3,5 GP"
    assert "### Ronda 2: contra 3 Gamma, Blancas en el tablero 1: empató 1-1, 1 MP" in lines
    assert "| Tab | N.º | Jugador | Elo | Col | Res | N.º | Rival | Elo |" in lines
    assert "| 2 | 2 | Brown, Bob |  |  | +- |  | (vacío) |  |" in lines
    assert "### Jugadores" in lines and "| 2 | Brown, Bob |  | 2 | 2 | 1,5 | 75 |" in lines
    for lang in ("th", "ko"):
        out = run("--lang", lang, "crosstable", str(FOUR_CLUBS), "--team", "1", "-f", "md")[1]
        assert f"### {said(lang, 'Players')}" in out
        assert "| 2 | Brown, Bob |  | 2 | 2 | 1.5 | 75 |" in out  # Thai and Korean write a decimal point
        assert f"| {said(lang, '(empty)')} |" in out and "(empty)" not in out
    english = run("crosstable", str(FOUR_CLUBS), "--team", "1", "-f", "md")[1].splitlines()
    assert "### Players" in english and "| 2 | Brown, Bob |  | 2 | 2 | 1.5 | 75 |" in english
    assert "| 2 | 2 | Brown, Bob |  |  | +- |  | (empty) |  |" in english


def test_a_team_card_csv_is_the_same_in_every_language() -> None:
    english = run("crosstable", str(FOUR_CLUBS), "--team", "1", "-f", "csv")[1]
    assert "(empty)" in english
    for lang in LANGUAGES:
        assert run("--lang", lang, "crosstable", str(FOUR_CLUBS), "--team", "1", "-f", "csv")[1] == english


# --- the board prizes ---------------------------------------------------------------------------------------------


def test_the_board_prizes_in_spanish_in_the_terminal_and_markdown() -> None:
    code, out, _ = run("--lang", "es", "crosstable", str(FOUR_CLUBS), "--boards", "--min-games", "2")
    assert code == 0, out
    lines = out.splitlines()
    heading = ["Tab", "Pos", "N.º", "Jugador", "Equipo", "Elo", "Ptos", "Partidas", "%", "Rend", "Elegible"]
    assert lines[0].split() == heading
    assert lines[1].split() == ["1", "1", "6", "Flynn,", "Fay", "Gamma", "1,5", "2", "75", "sí"]
    assert lines[3].split() == ["1", "3", "8", "Hayes,", "Hal", "Delta", "0,5", "2", "25", "sí"]
    assert lines[4].split() == ["1", "3", "Clark,", "Cid", "Alpha", "0", "1", "0", "no"]  # 1 game of 2: no place
    # Nine players, none rated: the plural form.
    assert lines[-1].startswith("sin rendimiento (performance): 9 jugadores sin Elo (n.º 1, 2, 3, 4, 5, 6, 7, 8, 9;")
    code, out, _ = run("--lang", "es", "crosstable", str(FOUR_CLUBS), "--boards", "-f", "md")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == "| Tab | Pos | N.º | Jugador | Equipo | Elo | Ptos | Partidas | % | Rend |"
    assert lines[2] == "| 1 | 1 | 6 | Flynn, Fay | Gamma |  | 1,5 | 2 | 75 |  |"
    assert "Premios por tablero ordenados por porcentaje" in out


def test_the_board_prizes_in_thai_and_korean_and_english() -> None:
    for lang in ("th", "ko"):
        out = run("--lang", lang, "crosstable", str(FOUR_CLUBS), "--boards", "--min-games", "2")[1]
        heading = out.splitlines()[0]
        for word in ("Player", "Team", "Games", "Eligible"):
            assert said(lang, word) in heading
        assert said(lang, "yes") in out.splitlines()[1]
    lines = run("crosstable", str(FOUR_CLUBS), "--boards", "--min-games", "2")[1].splitlines()
    assert lines[0].split() == ["Bd", "Rk", "No", "Player", "Team", "Rtg", "Pts", "Games", "%", "Perf", "Eligible"]
    assert lines[1].split() == ["1", "1", "6", "Flynn,", "Fay", "Gamma", "1.5", "2", "75", "yes"]
    csv = run("crosstable", str(FOUR_CLUBS), "--boards", "-f", "csv")[1]
    assert run("--lang", "es", "crosstable", str(FOUR_CLUBS), "--boards", "-f", "csv")[1] == csv


# --- plurals ------------------------------------------------------------------------------------------------------


def _one_game_open(tmp_path: Path) -> Path:
    """The round robin of four before its last round with Adams–Dunne played (1-0): one game of round 3 open."""
    lines = ROUND_ROBIN.read_text(encoding="utf-8").splitlines()
    lines = [line + " 1" if line.startswith("001    1 ") else line + " 0" if line.startswith("001    4 ") else line
             for line in lines]  # fmt: skip
    path = tmp_path / "one_open.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_count_of_one_game_agrees_in_spanish(tmp_path: Path) -> None:
    one = _one_game_open(tmp_path)
    code, out, err = run("--lang", "es", "whatif", str(one))
    assert code == 0, out + err
    assert "- ronda 3: 1 partida emparejada y aún por jugar, victoria, tablas o derrota" in out.splitlines()
    assert ("ronda 3: 1 partida emparejada con el resultado en blanco, leída como aún no jugada (la clasificación es "
            "provisional; `sonneborn whatif` la juega)") in err  # fmt: skip
    code, out, err = run("--lang", "es", "whatif", str(ROUND_ROBIN))
    assert code == 0, out + err
    assert "- ronda 3: 2 partidas emparejadas y aún por jugar, cada una victoria, tablas o derrota" in out.splitlines()
    assert "ronda 3: 2 partidas emparejadas con el resultado en blanco, leídas como aún no jugadas" in err
    # English is as it was, one game or two.
    out = run("whatif", str(one))[1]
    assert "- round 3: 1 game paired and still to be played, each a win, a draw or a loss" in out.splitlines()
    for lang in ("th", "ko"):  # one form: the count's number in the sentence
        out = run("--lang", lang, "whatif", str(one))[1]
        assert "1" in next(line for line in out.splitlines() if line.startswith("- ") and "3" in line)


def test_a_count_of_one_disagreement_is_singular_in_spanish(tmp_path: Path) -> None:
    # Brown's points written 2.5 instead of 1.5: one disagreement, as tests/test_issue20_teamcmd.py's check.
    text = FOUR_CLUBS.read_text(encoding="utf-8")
    brown = next(line for line in text.splitlines() if line.startswith("001    2"))
    path = tmp_path / "brown.trf"
    path.write_text(text.replace(brown, brown[:80] + " 2.5" + brown[84:]), encoding="utf-8")
    out = run("--lang", "es", "check", str(path), "-t", "MPvGP")[1]
    counted = [line for line in out.splitlines() if "discrepancia" in line]
    assert counted and all(re.match(r"\d+ discrepancias? ", line) for line in counted), out
    for line in counted:
        number = int(line.split()[0])
        assert line.split()[1] == ("discrepancia" if number == 1 else "discrepancias")


def test_every_plural_entry_has_each_languages_forms() -> None:
    """Spanish has three forms (one, millions: "1.000.000 de rondas", other), Thai and Korean one; none is
    empty, and an English text that writes ``(s)`` is not written with ``(s)``/``(es)`` in Spanish."""
    for lang, forms in (("es", 3), ("th", 1), ("ko", 1)):
        with (LOCALE / lang / "LC_MESSAGES" / "sonneborn.po").open("rb") as handle:
            entries = [m for m in read_po(handle, locale=lang) if isinstance(m.id, tuple)]
        assert len(entries) >= 25
        for entry in entries:
            strings = tuple(map(str, entry.string or ()))
            assert len(strings) == forms and all(strings), (lang, entry.id)
            if lang == "es":
                assert not any("(s)" in form or "(es)" in form for form in strings), entry.id


# --- the sweep ----------------------------------------------------------------------------------------------------

SECRET = "correct horse battery staple"

_WORDS = """the and of with without against after before round rounds player players team teams game games board boards
    points place rank ranks ranked won lost drawn white black empty name opponent standings crosstable recorded
    computed tie-break tie-breaks rules first can cannot finish yes only each every method exact simulation runs
    outcomes percentage eligible prizes none match matches forfeit settings closest disagreement disagreements
    likely cause secret commitment lots order unrated list lists total totals from which what who still"""
ENGLISH_WORDS = frozenset(_WORDS.split())
"""English words no Spanish, Thai or Korean output may show outside names, codes, paths, options, the profiles'
sources and the titles of the docs' sections (words Spanish shares, such as `bye`, `performance`, `rating`,
`provisional`, `no`, are not here)."""


def _commands(tmp_path: Path) -> list[list[str]]:
    commitment = run("lots", "commit", SECRET)[1].split()[-1]
    teams = str(FOUR_CLUBS)
    formats = ("table", "html")
    found = [
        *(["standings", str(path), "-f", fmt] for path in (SWISS, ROUND_ROBIN, FOUR_CLUBS) for fmt in formats),
        ["standings", str(SWISS), "--explain", "1"],
        ["standings", str(FIELDS), "--category", "women"],
        ["standings", str(SWISS), "--after-round", "3"],
        *(["crosstable", str(path), "-f", fmt] for path in (SWISS, ROUND_ROBIN_FINAL, FOUR_CLUBS) for fmt in formats),
        *(["crosstable", teams, "--team", "1", "-f", fmt] for fmt in ("table", "md", "html")),
        *(["crosstable", teams, "--boards", "--min-games", "2", "-f", fmt] for fmt in ("table", "md", "html")),
        ["check", str(SPLIT)],
        ["check", teams],
        ["check", str(SWISS)],
        ["compare", str(ROUND_ROBIN_FINAL), "-t", "SB", "-t", "WIN"],
        ["compare", teams, "-t", "MPvGP", "-t", "BH:MP"],
        ["compare", str(SWISS), "--rules", "fide-2026", "--rules", "fide-2023"],
        ["whatif", str(ROUND_ROBIN)],
        ["whatif", str(TEAMS_BEFORE_LAST)],
        ["whatif", str(ROUND_ROBIN), "--method", "simulation", "--runs", "200", "--seed", "1"],
        ["identify", str(SB_TYPO)],
        ["identify", str(SPLIT)],
        ["profiles"],
        ["lots", "commit", SECRET],
        ["lots", "verify", str(ROUND_ROBIN_FINAL), "--secret", SECRET, "--commitment", commitment],
        ["demo"],
    ]  # fmt: skip
    found += [["convert", str(path), str(tmp_path / f"out.{to}"), "--force"] for path, to in
              ((SWISS, "pgn"), (SWISS, "md"), (FOUR_CLUBS, "json"), (FOUR_CLUBS, "trf"))]  # fmt: skip
    crete, bunratty = REAL / "friendship_cup_crete_2024_team.trf", REAL / "icu_bunratty_minor_2011.trf"
    rapid = REAL / "fide_womens_world_rapid_2024.pgn"
    if crete.exists():  # the real files of ../shared/data/real, when the checkout has them
        found += [["standings", str(crete)], ["crosstable", str(crete), "--boards"], ["check", str(crete)],
                  ["crosstable", str(crete), "--team", "1"], ["standings", str(bunratty), "--explain", "1"],
                  ["check", str(bunratty)], ["whatif", str(bunratty), "--after-round", "4", "--runs", "100"],
                  ["standings", str(rapid)], ["crosstable", str(rapid)]]  # fmt: skip
    return found


class _Visible(html.parser.HTMLParser):
    """An HTML page's visible text and titles (no script, no style)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("script", "style")
        self.parts += [value for name, value in attrs if name in ("title", "aria-label") and value]

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def _event_names(command: list[str]) -> list[str]:
    names = []
    for argument in command:
        path = Path(argument)
        if path.suffix == ".trf" and path.exists():
            names += [line[4:].strip() for line in path.read_text(encoding="utf-8").splitlines() if line[:4] == "012 "]
    return names


def _shown_words(text: str, command: list[str]) -> str:
    """The text without what stays English by design: the event's name, the profiles' sources, file paths,
    options, commands in backquotes and the docs' section titles."""
    for name in [*_event_names(command), "World Correspondence Chess Championship Final"]:
        text = text.replace(name, " ")
    for profile in PROFILES.values():
        text = text.replace(profile.source, " ")
    text = re.sub(r"\(docs/[^)]*\)", " ", text)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\S*/\S*", " ", text)  # paths
    return re.sub(r"--[a-z-]+(?: [a-z]+\b)?", " ", text)


def _english_texts() -> list[str]:
    """The catalogue's English texts of three words or more (a template's literal parts), each as it would be
    shown untranslated."""
    found = []
    for english in catalogue("es"):
        for part in re.split(r"\{\w+\}", english):
            part = part.strip(" :;,.()")
            if len(part.split()) >= 3:
                found.append(part)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_command_speaks_the_language(lang: str, tmp_path: Path) -> None:
    translations = catalogue(lang)
    untranslated = [text for text in _english_texts() if translations.get(text, "") != text]
    for command in _commands(tmp_path):
        code, out, err = run("--lang", lang, *command)
        assert code in (0, 1), (command, out, err)
        shown = out + "\n" + err
        if "html" in command:
            assert f'<html lang="{lang}"' in out, command
            page = _Visible()
            page.feed(out)
            shown = "\n".join(page.parts) + "\n" + err
        assert not re.search(r"\{[a-z_0-9]+\}", shown), (command, shown)  # no field left unfilled
        left = {
            word
            for word in re.findall(r"[A-Za-z][A-Za-z-]*", _shown_words(shown, command))
            if word.lower() in ENGLISH_WORDS
        }
        assert not left, (lang, command, sorted(left), shown)
        whole = [text for text in untranslated if text in shown]
        assert not whole, (lang, command, whole)


@pytest.mark.parametrize("fmt", ["json", "csv", "md"])
def test_the_standings_data_formats_are_the_same_in_every_language(fmt: str) -> None:
    """JSON, CSV and the standings' Markdown are the English of every language (docs/languages.md)."""
    for path in (SWISS, FOUR_CLUBS):
        english = run("standings", str(path), "-f", fmt)[1]
        assert english
        for lang in LANGUAGES:
            assert run("--lang", lang, "standings", str(path), "-f", fmt)[1] == english, (lang, path)


def test_batchs_summary_counts_each_in_its_form() -> None:
    failed = ((Path("x.trf"), Message("x.trf:3: bad")),)
    one = BatchSummary(done=1, skipped=1, failed=failed, seconds=2.0, warnings=1)
    assert language("es").message(one.said) == "1 hecho, 1 omitido, 1 fallido en 2,0 s, 1 aviso"
    assert str(one) == "1 done, 1 skipped, 1 failed in 2.0 s, 1 warnings"  # English as it was
    many = BatchSummary(done=2, skipped=0, failed=failed * 2, seconds=2.0, warnings=0)
    assert language("es").message(many.said) == "2 hechos, 0 omitidos, 2 fallidos en 2,0 s"
    assert language("ko").message(many.said) == "완료 2, 건너뜀 0, 실패 2 (2.0초)"
    assert language("th").message(many.said) == "เสร็จ 2 ข้าม 0 ล้มเหลว 2 ใน 2.0 วินาที"
