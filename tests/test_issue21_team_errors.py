"""Issue 21: the errors of team events (a match's boards, its teams, its records; the team JSON) in English,
Spanish, Thai and Korean, and a cut value's count written as each language writes numbers.

The expected texts are written here by hand from the files (which team meets which, which record is wrong),
in each language; the place of the problem (file, line, column) is the English message's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.errors import shown
from sonneborn.languages import language

BAD = Path(__file__).parent / "data" / "bad"

CONVERT = ["convert", "{path}", "-", "--to", "trf"]

CASES = [
    (
        # Round 2: Alpha (players 1 to 3) meets Gamma (6, 7), player 3 against player 6; the 330 says Alpha v Beta.
        "trf_team_330_other_match.trf",
        "22:5",
        {
            "en": "round 2: record 330 says team 1 (Alpha) met team 2 (Beta), but its player 3 plays player 6 of "
            "team 3 (Gamma)",
            "es": "ronda 2: el registro 330 dice que el equipo 1 (Alpha) se enfrentó al equipo 2 (Beta), pero su "
            "jugador 3 juega contra el jugador 6 del equipo 3 (Gamma)",
            "th": "รอบที่ 2: เรคคอร์ด 330 ระบุว่า ทีม 1 (Alpha) พบกับ ทีม 2 (Beta) แต่ผู้เล่นหมายเลข 3 ของทีมพบกับ"
            "ผู้เล่นหมายเลข 6 ของ ทีม 3 (Gamma)",
            "ko": "2라운드: 330 레코드는 1번 팀(Alpha)이(가) 2번 팀(Beta)과(와) 만났다고 하지만 그 팀의 3번 선수는 "
            "3번 팀(Gamma)의 6번 선수와 둡니다",
        },
    ),
    (
        # Players 6 and 8 are both listed in Gamma, and they meet in round 1 (line 16 is player 6's).
        "trf_team_team_mates_meet.trf",
        "16:92",
        {
            "en": "round 1: players 6 and 8, both of team 3 (Gamma), play each other (expected a game between two "
            "teams)",
            "es": "ronda 1: los jugadores 6 y 8, ambos del equipo 3 (Gamma), juegan entre sí (se esperaba una "
            "partida entre dos equipos)",
            "th": "รอบที่ 1: ผู้เล่นหมายเลข 6 และ 8 ซึ่งอยู่ใน ทีม 3 (Gamma) ทั้งคู่ แข่งกันเอง (ควรเป็นเกมระหว่างสองทีม)",
            "ko": "1라운드: 6번과 8번 선수는 둘 다 3번 팀(Gamma) 소속인데 서로 둡니다 (게임은 두 팀 사이여야 합니다)",
        },
    ),
    (
        # The 240 of line 20 names team 5 of the four.
        "trf_team_240_team.trf",
        "20:11",
        {
            "en": "record 240 names team 5, but there are 4 teams (expected 1 to 4)",
            "es": "el registro 240 nombra el equipo 5, pero hay 4 equipos (se esperaba de 1 a 4)",
            "th": "เรคคอร์ด 240 ระบุทีม 5 แต่มี 4 ทีม (ควรเป็น 1 ถึง 4)",
            "ko": "240 레코드가 5번 팀을 가리키지만 팀은 4개입니다 (1부터 4까지여야 합니다)",
        },
    ),
    (
        # The second team of the JSON is numbered 3.
        "json_team_number_order.json",
        "83:16",
        {
            "en": "tournament.teams.teams[1].number: expected team 2 (teams in number order), found 3",
            "es": "tournament.teams.teams[1].number: se esperaba el equipo 2 (los equipos en orden de número), se "
            "encontró 3",
            "th": "tournament.teams.teams[1].number: ควรเป็นทีม 2 (ทีมเรียงตามหมายเลข) แต่พบ 3",
            "ko": "tournament.teams.teams[1].number: 2번 팀이어야 하는데 (팀은 번호 순서로) 3이(가) 있습니다",
        },
    ),
    (
        # The teams object without its "teams": the message said only "the teams object" before.
        "json_team_teams_missing.json",
        "46:12",
        {
            "en": "tournament.teams: missing key 'teams' (expected in the teams object)",
            "es": "tournament.teams: falta la clave 'teams' (se esperaba en el objeto teams)",
            "th": "tournament.teams: ไม่มีคีย์ 'teams' (ควรมีในอ็อบเจกต์ teams)",
            "ko": "tournament.teams: 'teams' 키가 없습니다 (teams 객체에 있어야 합니다)",
        },
    ),
]

ERROR = {"en": "error", "es": "error", "th": "ข้อผิดพลาด", "ko": "오류"}


@pytest.mark.parametrize(("name", "where", "said"), CASES, ids=[case[0] for case in CASES])
@pytest.mark.parametrize("code", ["en", "es", "th", "ko"])
def test_a_bad_team_file_in_each_language(code: str, name: str, where: str, said: dict[str, str]) -> None:
    """One line on stderr, exit 2, at the same file, line and column in every language."""
    path = str(BAD / name)
    args = [arg.replace("{path}", path) for arg in (CONVERT if name.endswith(".json") else ["standings", path])]
    result = CliRunner().invoke(cli, ["--lang", code, *args])
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert lines[0] == f"sonneborn: {ERROR[code]}: {path}:{where}: {said[code]}"
    assert all(line.startswith("  ") for line in lines[1:])  # the rest is the file's line and its caret


def test_an_inferred_bye_warning_writes_its_points_as_the_language_does() -> None:
    """Three one-board teams of TRF-16, each idle in one round: the idle team had the pairing-allocated bye,
    a drawn match's 1 MP and half a board's point, 0.5 GP (C.04.6): ``0,5`` in Spanish."""
    path = str(BAD / "trf_team_inferred_byes.trf")
    said = {code: CliRunner().invoke(cli, ["--lang", code, "standings", path]).stderr for code in ("en", "es")}
    assert said["en"].startswith(f"sonneborn: warning: {path}:3: a team without a match")
    assert "bye, 1 MP and 0.5 GP (a drawn match" in said["en"]
    assert said["en"].rstrip().endswith(": round 1: team 3 (Gamma), round 2: team 2 (Beta)")
    assert "asignado por el emparejamiento, 1 MP y 0,5 GP (un encuentro empatado" in said["es"]
    assert said["es"].rstrip().endswith(": ronda 1: equipo 3 (Gamma), ronda 2: equipo 2 (Beta)")


def test_a_cut_value_counts_its_characters_as_the_language_writes_numbers() -> None:
    cut = shown("x" * 1234, 3)
    assert str(cut) == "'xxx'… (1,234 characters)"
    assert language("es").message(cut) == "'xxx'… (1.234 caracteres)"
    assert language("th").message(cut) == "'xxx'… (1,234 ตัวอักษร)"
    assert language("ko").message(cut) == "'xxx'… (1,234자)"
    assert shown("x" * 40) == repr("x" * 40)  # 40 characters are shown whole


def test_a_long_bad_value_of_a_team_file_is_cut_in_spanish(tmp_path: Path) -> None:
    """Board colours of 1,500 characters: quoted to 40, their count with Spanish's group separator."""
    text = (BAD / "json_team_valid_reference.json").read_text(encoding="utf-8")
    path = tmp_path / "colours.json"
    path.write_text(text.replace('"teams": {', '"teams": {"board_colours": "' + "WX" * 750 + '",', 1), encoding="utf-8")
    spanish = CliRunner().invoke(cli, ["--lang", "es", *[arg.replace("{path}", str(path)) for arg in CONVERT]])
    english = CliRunner().invoke(cli, [arg.replace("{path}", str(path)) for arg in CONVERT])
    assert spanish.exit_code == english.exit_code == 2
    quoted = repr("WX" * 20)
    assert english.stderr.splitlines()[0].endswith(f"found {quoted}… (1,500 characters)")
    assert spanish.stderr.splitlines()[0].endswith(f"se encontró {quoted}… (1.500 caracteres)")


ROUND_ROBIN = Path(__file__).parent / "data" / "whatif" / "rr4_before_last.trf"


def test_what_ifs_option_errors_in_spanish() -> None:
    """The runs, the processes and an exact answer of too many outcomes: options the API and the page give too
    (the CLI's own ranges refuse them earlier), each message in the request's language."""
    from sonneborn.errors import OptionError
    from sonneborn.pipeline import read
    from sonneborn.whatif import what_if

    reading = read(ROUND_ROBIN)
    spanish = language("es")
    with pytest.raises(OptionError) as runs:
        what_if(reading, method="simulation", runs=0)
    assert (runs.value.option, str(runs.value)) == ("runs", "the runs must be at least 1 (found 0)")
    assert spanish.message(runs.value.text) == "las simulaciones deben ser al menos 1 (se encontró 0)"
    with pytest.raises(OptionError) as jobs:
        what_if(reading, method="simulation", jobs=0)
    assert spanish.message(jobs.value.text) == "-j debe ser al menos 1 (se encontró 0)"


def test_a_round_paired_with_blank_results_in_each_language() -> None:
    """rr4_before_last.trf: round 3 of 3 is paired, its two games without a result."""
    said = {
        code: CliRunner().invoke(cli, ["--lang", code, "standings", str(ROUND_ROBIN)]).stderr.splitlines()[0]
        for code in ("en", "es", "ko")
    }
    assert said["en"].endswith(":6: round 3: 2 games paired with a blank result, read as not played yet (the "
                               "standings are provisional; `sonneborn whatif` plays them)")  # fmt: skip
    assert said["es"].endswith(":6: ronda 3: 2 partidas emparejadas con el resultado en blanco, leídas como aún no "
                               "jugadas (la clasificación es provisional; `sonneborn whatif` las juega)")  # fmt: skip
    assert said["ko"].endswith(":6: 3라운드: 결과가 빈 대진 2경기, 아직 두지 않은 것으로 읽습니다 (순위표는 잠정적"
                               "입니다; `sonneborn whatif`이(가) 그 경기들을 둡니다)")  # fmt: skip


def test_a_value_trf_cannot_hold_in_thai(tmp_path: Path) -> None:
    """A player's federation of five letters where TRF has three columns: ``convert`` to TRF refuses it."""
    text = (BAD / "json_team_valid_reference.json").read_text(encoding="utf-8")
    path = tmp_path / "federation.json"
    path.write_text(text.replace('{"name": "Adams, Ann",', '{"name": "Adams, Ann", "federation": "ABCDE",', 1))
    args = ["convert", str(path), "-", "--to", "trf"]
    english = CliRunner().invoke(cli, args)
    thai = CliRunner().invoke(cli, ["--lang", "th", *args])
    assert english.exit_code == thai.exit_code == 2, english.output
    assert english.stderr.endswith("cannot write the event: player 1: federation 'ABCDE' is longer than 3 characters\n")
    assert thai.stderr.endswith(": เขียนข้อมูลการแข่งขันไม่ได้: ผู้เล่นหมายเลข 1: สหพันธ์ 'ABCDE' ยาวเกิน 3 ตัวอักษร\n")


def test_a_team_file_to_a_format_without_teams_in_korean(tmp_path: Path) -> None:
    """PGN cannot hold a team competition's teams: a usage error (click's frame), its message in Korean."""
    source = str(BAD / "json_team_valid_reference.json")
    result = CliRunner().invoke(cli, ["--lang", "ko", "convert", source, str(tmp_path / "teams.pgn")])
    assert result.exit_code == 2
    assert (
        result.stderr.splitlines()[-1]
        == f"Error: {source}은(는) 단체전입니다: pgn에는 팀을 담을 수 없습니다 (trf, json 중 하나여야 합니다)"
    )
    assert not (tmp_path / "teams.pgn").exists()


def test_the_parts_of_a_warning_and_an_option_error_in_spanish() -> None:
    """The pieces a message lists (a spelling with its rounds, a player with his number, the names written
    otherwise) are messages too: no English word is left inside the Spanish text."""
    from sonneborn.errors import InputWarning, OptionError
    from sonneborn.explain import find_player
    from sonneborn.formats.lines import changed_names
    from sonneborn.formats.pgn import read_pgn
    from sonneborn.pipeline import read

    spanish = language("es")
    games = [(1, "Carlsen, Magnus", "Adams, Ann"), (2, "Brown, Bob", "Magnus Carlsen")]
    text = "".join(f'[Round "{r}"]\n[White "{w}"]\n[Black "{b}"]\n[Result "1-0"]\n\n1-0\n\n' for r, w, b in games)
    found: list[InputWarning] = []
    read_pgn(text, path="t.pgn", warn=found.append)
    assert spanish.message(found[0].text).startswith("'Carlsen, Magnus' (ronda 1) y 'Magnus Carlsen' (ronda 2) ")
    event = read(Path(__file__).parent / "data" / "pgn" / "fide_womens_world_rapid_2024.pgn").event
    with pytest.raises(OptionError) as raised:
        find_player(event, "Muzychuk", option="explain")
    assert spanish.message(raised.value.text).startswith(
        "'Muzychuk' designa a 2 jugadores: 'Muzychuk, Mariya' (n.º 11), 'Muzychuk, Anna' (n.º 14) "
    )
    _, names = changed_names(["Ann", "Bo\nb"])
    assert names is not None
    assert spanish.message(names).endswith(": n.º 2 'Bo\\nb' como 'Bo b'")


def test_a_usage_error_of_standings_and_convert_in_spanish(tmp_path: Path) -> None:
    """Click's frame (``Usage:``, ``Error:``) stays click's; the message is the language's."""
    source = str(BAD / "json_team_valid_reference.json")
    csv = CliRunner().invoke(cli, ["--lang", "es", "standings", source, "--csv", "excel", "-f", "html"])
    assert csv.exit_code == 2
    assert csv.stderr.splitlines()[-1] == "Error: --csv va con -f csv, no con -f html"
    same = CliRunner().invoke(cli, ["--lang", "es", "convert", source, source, "--force"])
    assert same.exit_code == 2
    assert same.stderr.splitlines()[-1] == "Error: OUT es IN: se sobrescribiría la entrada"


def test_the_readers_last_plain_warnings_in_korean() -> None:
    """Two warnings that were plain English texts: a TRF's XXS beside its record 162, a PGN's broken tag."""
    from sonneborn.errors import InputWarning
    from sonneborn.formats.pgn import read_pgn
    from sonneborn.formats.trf import read_trf

    korean = language("ko")
    found: list[InputWarning] = []
    read_trf("XXS W=2\n162  W 3.0    D 1.0\n" + f"{'001    1      Adams, Ann':<91}", path="x.trf", warn=found.append)
    assert [korean.message(warning.text) for warning in found] == [
        "XXS의 점수 체계가 162 레코드와 다릅니다; 162 레코드를 씁니다"
    ]
    found.clear()
    text = '[Event "x"]\n[Annotator "x\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1-0\n'
    read_pgn(text, path="w.pgn", warn=found.append)
    assert "잘못된 태그 쌍을 무시했습니다: '[Annotator \"x'" in [korean.message(warning.text) for warning in found]


def test_a_pgn_of_several_events_names_them_in_thai() -> None:
    """Two events of 2 and 1 games: each with its count of games, as Thai writes it."""
    from sonneborn.errors import InputError
    from sonneborn.formats.pgn import read_pgn

    def game(event: str, white: str, black: str) -> str:
        return f'[Event "{event}"]\n[White "{white}"]\n[Black "{black}"]\n[Result "1-0"]\n\n1-0\n\n'

    text = game("Masters", "A", "B") + game("Masters", "B", "A") + game("Open", "C", "D")
    with pytest.raises(InputError) as caught:
        read_pgn(text, path="two.pgn")
    assert "2 events: 'Masters' (2 games), 'Open' (1 game); choose one" in str(caught.value)
    assert "'Masters' (2 เกม), 'Open' (1 เกม)" in language("th").message(caught.value.text)
