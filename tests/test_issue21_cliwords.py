"""Issue 21, Languages: ``compare``, ``whatif``, ``identify``, ``lots verify`` and ``profiles`` print their
tables and notes in the language of ``--lang`` (or ``LANG``), their JSON the same in every language.

The expected words are written here (Spanish) or read from the catalogues with Babel's own reader (Thai, Korean),
never through :mod:`sonneborn.languages`; the numbers are worked out by hand from the test files: the four-player
round robin before its last round (``tests/data/whatif``: Clark 1½, Adams 1, Brown 1, Dunne ½), Delta's
Sonneborn-Berger of ¾ in ``hand_written_sb_typo.csv`` (``tests/test_identify.py``).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.demo import seed_event
from sonneborn.languages import language
from sonneborn.messages import Message
from sonneborn.ranking import parse_list, rank
from sonneborn.render.trf import render_trf

DATA = Path(__file__).parent / "data"
ROUND_ROBIN = DATA / "whatif" / "rr4_before_last.trf"
TEAMS = DATA / "whatif" / "team4_before_last.trf"
FOUR_CLUBS = DATA / "teams" / "four_clubs_recorded.trf"
SB_TYPO = DATA / "identify" / "hand_written_sb_typo.csv"
LOCALE = Path(__file__).parents[1] / "src" / "sonneborn" / "locale"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout


def said(code: str, text: str) -> str:
    """A text's translation as the catalogue's .po gives it, read by Babel (not by the code under test)."""
    with (LOCALE / code / "LC_MESSAGES" / "sonneborn.po").open("rb") as handle:
        found = read_po(handle, locale=code).get(text)
    assert found is not None and found.string, (code, text)
    string = found.string
    return str(string[0] if isinstance(string, tuple | list) else string)


def header(text: str, after: str) -> str:
    """The line after the one that starts with ``after`` (a table's heading line under its title)."""
    lines = text.splitlines()
    return next(lines[i + 1] for i, line in enumerate(lines) if line.startswith(after))


# --- whatif -----------------------------------------------------------------------------------------------------


def test_whatif_in_spanish() -> None:
    code, out = run("--lang", "es", "whatif", str(ROUND_ROBIN), "-t", "DE,WIN")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == "Qué pasaría si: exacto; puestos 1-3; lista DE,WIN"
    assert lines[1].split() == ["Ahora", "N.º", "Nombre", "Ptos", "Mejor", "Peor", "¿Gana?", "Asegurado", "Primer",
                                "puesto"]  # fmt: skip
    rows = {line.split()[1]: line for line in lines[2:6]}
    # Clark 1½ points, Dunne ½: the decimal comma.
    assert rows["3"].split()[3:8] == ["Cid", "1,5", "1", "3", "sí"]
    assert rows["4"].split()[3:8] == ["Dan", "0,5", "2", "4", "no"]
    # As the English test of issue 22 works them out: Adams is first only by beating Dunne, and then by DE; Clark
    # first in 6 of the 9 outcomes (5 on points, 1 by DE); Dunne never.
    assert rows["1"].endswith("primero solo si gana a Dunne, Dan (ronda 3); primero en 1 resultado: 1 por DE")
    assert rows["3"].endswith(
        "primero solo si no pierde contra Brown, Bob (ronda 3); primero en 6 resultados: 5 por puntos, 1 por DE"
    )
    assert rows["4"].endswith("no puede terminar primero")
    assert "- ronda 3: 2 partidas emparejadas y aún por jugar, cada una victoria, tablas o derrota" in lines
    assert any(line.startswith("- exacto: cada uno de los 9 resultados, ") for line in lines)
    for english in ("Now", "Best", "Worst", "Win?", "First place", "first only if", "cannot", "paired", "outcomes"):
        assert english not in out, english


def test_whatif_of_a_team_event_in_spanish() -> None:
    code, out = run("whatif", str(TEAMS), "-t", "DE", "--lang", "es")
    assert code == 0, out
    assert (
        "- ronda 3: 2 encuentros emparejados y aún por jugar, cada uno con cualquier resultado de sus tableros" in out
    )
    # Alpha must score at least 1½-½ against Delta (issue 22's test, in English).
    assert "primero solo si logra al menos 1½-½ contra Delta (ronda 3); primero en 4 resultados: 4 por DE" in out


def test_whatif_chances_with_a_decimal_comma() -> None:
    code, out = run("--lang", "es", "whatif", str(ROUND_ROBIN), "-t", "DE,WIN", "--method", "simulation",
                    "--runs", "200")  # fmt: skip
    assert code == 0, out
    assert out.splitlines()[0] == "Qué pasaría si: simulación de 200 ejecuciones; puestos 1-3; lista DE,WIN"
    # Spanish writes 58,3 % (a no-break space before the sign, as Babel's percent pattern for es has it).
    cells = re.findall(r"\d+[.,]\d\xa0?%±\d+[.,]\d\xa0?%", out)
    assert cells and all(re.fullmatch(r"\d+,\d\xa0%±\d+,\d\xa0%", cell) for cell in cells)
    assert re.search(r"primero en el \d+,\d\xa0% de las ejecuciones", out)
    english = run("whatif", str(ROUND_ROBIN), "-t", "DE,WIN", "--method", "simulation", "--runs", "200")[1]
    assert re.findall(r"\d+\.\d%±\d+\.\d%", english) and "\xa0" not in english
    assert "- simulación: 200 ejecuciones (semilla 0), " in out
    english_run = run("whatif", str(ROUND_ROBIN), "-t", "DE,WIN", "--method", "simulation", "--runs", "1")[1]
    assert english_run.splitlines()[0] == "What if: simulation of 1 run; places 1-3; list DE,WIN"


@pytest.mark.parametrize("code", ["th", "ko"])
def test_whatif_in_thai_and_korean(code: str) -> None:
    status, out = run("whatif", str(ROUND_ROBIN), "-t", "DE,WIN", "--lang", code)
    assert status == 0, out
    first = out.splitlines()[1].split()
    for english in ("Now", "No", "Name", "Best", "Worst", "Clinched"):
        assert said(code, english) in first, (english, first)
    assert said(code, "cannot finish first") in out
    assert "1.5" in out  # Thai and Korean write a decimal point
    for english in ("Now", "Best", "Worst", "First place", "cannot", "paired", "outcomes", "What if"):
        assert english not in out, english


@pytest.mark.parametrize("fmt", ["json"])
def test_whatif_json_is_the_same_in_every_language(fmt: str) -> None:
    english = run("whatif", str(ROUND_ROBIN), "-t", "DE,WIN", "-f", fmt)[1]
    data = json.loads(english)
    assert "round 3: 2 games paired and still to be played, each a win, a draw or a loss" in data["notes"]
    assert {row["start"]: row["decides"] for row in data["standings"]}[4] == "cannot finish first"
    for code in ("es", "th", "ko"):
        assert run("--lang", code, "whatif", str(ROUND_ROBIN), "-t", "DE,WIN", "-f", fmt)[1] == english


# --- compare ----------------------------------------------------------------------------------------------------


def test_compare_in_spanish_and_korean() -> None:
    # MP 7, 5, 3, 0: both lists rank the four clubs alike, no team's rank changes (issue 20's test).
    code, out = run("--lang", "es", "compare", str(FOUR_CLUBS), "-t", "MPvGP", "-t", "BH:MP")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[3].split() == ["N.º", "Nombre", "MP", "A", "Pos", "A", "MPvGP", "B", "Pos", "B", "BH:MP"]
    assert lines[-1] == "* el puesto difiere entre las variantes (0 equipos)."
    values = [cell for line in lines[4:8] for cell in line.split()[4::2]]
    assert values and all("." not in cell for cell in values) and any("," in cell for cell in values)
    code, korean = run("--lang", "ko", "compare", str(FOUR_CLUBS), "-t", "MPvGP", "-t", "BH:MP")
    assert korean.splitlines()[3].split()[:4] == [said("ko", "No"), said("ko", "Name"), "MP", "A"]
    assert korean.splitlines()[-1] == "* 변형마다 순위가 다름 (0팀)."
    for text in (out, korean):
        assert "Name" not in text and "Rk" not in text and "rank differs" not in text


def test_compare_of_players_counts_the_changed_in_the_language(tmp_path: Path) -> None:
    """The seed event (Sloth, Zagorovsky 11, Kosenkov 10½): SB puts Sloth (69.50) before Zagorovsky (66.75), WIN
    the other way round (8 wins against 9); the players whose rank changes counted from the two rankings."""
    path = tmp_path / "seed.trf"
    path.write_text(render_trf(rank(seed_event(), parse_list("SB"))), encoding="utf-8")
    by_sb, by_win = (rank(seed_event(), parse_list(text)).ranks.tolist() for text in ("SB", "WIN"))
    changed = sum(a != b for a, b in zip(by_sb, by_win, strict=True))
    assert changed >= 2  # Sloth and Zagorovsky at least
    code, out = run("--lang", "es", "compare", str(path), "-t", "SB", "-t", "WIN")
    assert code == 0, out
    assert out.splitlines()[-1] == f"* el puesto difiere entre las variantes ({changed} jugadores)."
    assert "69,50" in out and "66,75" in out and "10,5" in out
    assert run("compare", str(path), "-t", "SB", "-t", "WIN")[1].splitlines()[-1] == (
        f"* rank differs between the variants ({changed} player(s))."
    )


# --- identify ---------------------------------------------------------------------------------------------------


def test_identify_in_spanish() -> None:
    code, out = run("--lang", "es", "identify", str(SB_TYPO))
    assert code == 1, out
    lines = out.splitlines()
    assert lines[0].startswith("Ninguna configuración reproduce todos los puestos y valores registrados (puntos, ")
    assert lines[1].split() == ["#", "desempates", "reglas", "opciones", "predefinida", "difiere"]
    # Delta's SB is ½ × 1½ = 0,75 under every edition and modifier; the file says 1.
    assert "  jugador 4 (Delta): SB 1 registrado, 0,75 calculado: ninguna edición ni variante de SB lo da" in lines
    assert "puntos 1-0,5-0, no jugadas tal como se leen" in lines[2]
    for english in ("tie-breaks", "rules", "options", "preset", "recorded", "computed", "under", "as read"):
        assert english not in out, english


@pytest.mark.parametrize("code", ["th", "ko"])
def test_identify_in_thai_and_korean(code: str) -> None:
    status, out = run("identify", str(SB_TYPO), "--lang", code)
    assert status == 1, out
    heading = out.splitlines()[1]
    for english in ("tie-breaks", "rules", "options", "preset", "off"):
        assert said(code, english) in heading
        assert english not in heading
    assert said(code, "no edition nor variant of {code} gives it").replace("{code}", "SB") in out


def test_identify_finds_the_list_in_spanish(tmp_path: Path) -> None:
    """The seed event written with its ranks under SB, the list and edition left out: settings reproduce it."""
    written = render_trf(rank(seed_event(), parse_list("SB")))
    path = tmp_path / "seed.trf"
    path.write_text("".join(line for line in written.splitlines(keepends=True) if not line.startswith(("202", "XXT"))))
    code, out = run("--lang", "es", "identify", str(path), "--limit", "1")
    assert code == 0, out
    assert re.match(r"\d+ configuraciones reproducen todos los valores registrados \(puntos, puestos registrados; "
                    r"\d+ configuraciones evaluadas\)$", out.splitlines()[0])  # fmt: skip
    assert re.match(r"… y \d+ más \(--limit N muestra más\)\.$", out.splitlines()[-1])
    english = run("identify", str(path), "-f", "json")[1]
    assert run("--lang", "es", "identify", str(path), "-f", "json")[1] == english
    assert json.loads(english)["recorded"] == ["points", "ranks"]


def test_nothing_to_identify_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / "games.tsv"
    path.write_text("\tName\t1\t2\n1\tA\tX\t1\n2\tB\t0\tX\n", encoding="utf-8")
    code, out = run("--lang", "es", "identify", str(path))
    assert code == 0, out
    assert out == ("Nada que identificar: el archivo no registra puestos ni valores de desempate de sus 2 jugadores.\n")


# --- lots verify, profiles, batch -------------------------------------------------------------------------------

SECRET = "open sesame, 2026 club cup"
ANNA_WINS = (
    "\tPlayer\t1\t2\t3\t4\n1\tAnna\tX\t1\t1\t1\n2\tBoris\t0\tX\t½\t½\n3\tCarla\t0\t½\tX\t½\n4\tDmitri\t0\t½\t½\tX\n"
)


def test_lots_verify_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / "club.tsv"
    path.write_text(ANNA_WINS, encoding="utf-8")
    commitment = hashlib.sha256(("sonneborn-lots-1\n" + SECRET).encode()).hexdigest()
    code, out = run("--lang", "es", "lots", "verify", str(path), "--secret", SECRET, "--commitment", commitment)
    assert code == 0, out
    assert re.search(r"^El secreto coincide con el compromiso; el hash de los resultados es [0-9a-f]{64}\.$", out,
                     re.MULTILINE)  # fmt: skip
    # Boris, Carla and Dmitri (1 point each) are tied behind Anna: places 2 to 4 by their tickets.
    drawn = re.findall(r"^puesto ([234]): n\.º ([234]) (\w+), boleto ([0-9a-f]{64})$", out, re.MULTILINE)
    assert sorted(place for place, *_ in drawn) == ["2", "3", "4"]
    assert sorted(name for *_, name, _ticket in drawn) == ["Boris", "Carla", "Dmitri"]
    assert "ticket" not in out and "The secret" not in out
    tickets = [ticket for _place, *_, ticket in sorted(drawn)]
    assert tickets == sorted(tickets)  # the lowest ticket takes the first place drawn (docs/lots.md)


def test_profiles_in_spanish() -> None:
    code, out = run("--lang", "es", "profiles")
    assert code == 0, out
    assert "fide-swiss: FIDE, suizo individual" in out.splitlines()
    assert "  lista: DE,WIN,BPG,ARO/C1,BH/C1,BH,SB" in out.splitlines()
    assert "No incluidos, por falta de fuente:" in out.splitlines()
    assert any(line.startswith("  fuente: ") for line in out.splitlines())
    assert "  list:" not in out and "  source:" not in out and "for want of" not in out
    english = json.loads(run("profiles", "-f", "json")[1])
    assert json.loads(run("--lang", "es", "profiles", "-f", "json")[1]) == english
    assert english["profiles"][0]["title"] == "FIDE, individual Swiss"


# --- plurals ----------------------------------------------------------------------------------------------------


def test_a_count_picks_each_languages_plural() -> None:
    rounds: list[Any] = [Message.ngettext("{count} round", "{count} rounds", n) for n in (1, 2, 21)]
    assert [str(message) for message in rounds] == ["1 round", "2 rounds", "21 rounds"]
    assert [language("es").message(message) for message in rounds] == ["1 ronda", "2 rondas", "21 rondas"]
    assert [language("ko").message(message) for message in rounds] == ["1라운드", "2라운드", "21라운드"]
    assert [language("th").message(message) for message in rounds] == ["1 รอบ", "2 รอบ", "21 รอบ"]
    nested = Message.ngettext("round {list}", "rounds {list}", 2, list="8, 9")
    assert str(nested) == "rounds 8, 9" and language("es").message(nested) == "rondas 8, 9"


def test_the_environment_chooses_the_language_too() -> None:
    """``LANG`` as gettext reads it, when no ``--lang`` is given (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` unset)."""
    unset: dict[str, str | None] = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None}
    result = CliRunner().invoke(cli, ["compare", str(FOUR_CLUBS), "-t", "MPvGP"], env={**unset, "LANG": "ko_KR.UTF-8"})
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "* 변형마다 순위가 다름 (0팀)."
    result = CliRunner().invoke(cli, ["identify", str(SB_TYPO)], env={**unset, "LANG": "es_ES.UTF-8"})
    assert result.stdout.startswith("Ninguna configuración reproduce")


def test_the_warning_of_blank_results_in_spanish() -> None:
    """The round-robin file pairs round 3's two games with blank results (line 6 is the first player's)."""
    result = CliRunner().invoke(cli, ["--lang", "es", "whatif", str(ROUND_ROBIN), "-t", "DE,WIN"])
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        f"sonneborn: aviso: {ROUND_ROBIN}:6: ronda 3: 2 partidas emparejadas con el resultado en blanco, leídas como "
        "aún no jugadas (la clasificación es provisional; `sonneborn whatif` las juega)\n"
    )
    english = CliRunner().invoke(cli, ["whatif", str(ROUND_ROBIN), "-t", "DE,WIN"]).stderr
    assert "round 3: 2 games paired with a blank result, read as not played yet" in english
