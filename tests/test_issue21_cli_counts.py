"""Issue 21, Languages: ``batch``'s usage errors, ``profiles``' kind labels and the "and N more" of long lists
in the language of ``--lang``; each list's count says what it counts, so that Korean uses the right counter.

The expected words are written here. ``five_rounds_inferred_byes_trf16.trf``: three one-board teams, one idle in
each of five rounds (Gamma, Beta, Alpha, Gamma, Beta), each idle round read as the pairing-allocated bye; the
warning shows the first three and counts the other 2 rounds.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.formats.lines import changed_names
from sonneborn.languages import language

FIVE_ROUNDS = Path(__file__).parent / "data" / "teams" / "five_rounds_inferred_byes_trf16.trf"


def _refused(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 2, result.output
    return result.stderr


def test_batch_of_a_folder_without_events_in_spanish_and_korean(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    english = _refused("batch", str(empty), "-o", str(tmp_path / "out"))
    assert english.splitlines()[-1] == f"Error: no event files in {str(empty)!r}"
    spanish = _refused("--lang", "es", "batch", str(empty), "-o", str(tmp_path / "out"))
    assert spanish.splitlines()[-1] == f"Error: no hay archivos de torneos en {str(empty)!r}"
    korean = _refused("--lang", "ko", "batch", str(empty), "-o", str(tmp_path / "out"))
    assert korean.splitlines()[-1] == f"Error: {str(empty)!r}에 대회 파일이 없습니다"


def test_batch_with_dask_and_no_scheduler_in_thai(tmp_path: Path) -> None:
    said = _refused("--lang", "th", "batch", str(tmp_path), "-o", str(tmp_path / "out"), "--executor", "dask")
    assert said.startswith("sonneborn: ข้อผิดพลาด: --scheduler: ")
    assert "needs the address" not in said and "--scheduler tcp://host:8786" in said


def test_profiles_name_the_kinds_of_event_in_the_language() -> None:
    english = CliRunner().invoke(cli, ["profiles"]).stdout.splitlines()
    assert "  round-robin: MPvGP,DE,EMGSB" in english and "  swiss: MPvGP,BH:MP/C1,EMGSB/C1" in english
    spanish = CliRunner().invoke(cli, ["--lang", "es", "profiles"]).stdout.splitlines()
    assert "  todos contra todos: MPvGP,DE,EMGSB" in spanish and "  suizo: MPvGP,BH:MP/C1,EMGSB/C1" in spanish
    korean = CliRunner().invoke(cli, ["--lang", "ko", "profiles"]).stdout.splitlines()
    assert "  라운드 로빈: DE,WIN,SB,KS" in korean and "  스위스 시스템: BH/C1,DE,BH,SB,WIN" in korean


def test_more_rounds_are_counted_as_rounds() -> None:
    english = CliRunner().invoke(cli, ["standings", str(FIVE_ROUNDS)])
    assert english.exit_code == 0, english.output
    assert english.stderr.rstrip().endswith("round 3: team 1 (Alpha) and 2 more rounds")
    korean = CliRunner().invoke(cli, ["--lang", "ko", "standings", str(FIVE_ROUNDS)]).stderr.rstrip()
    assert korean.endswith("3라운드: 1번 팀(Alpha) 그 밖에 라운드 2개") and "명" not in korean
    spanish = CliRunner().invoke(cli, ["--lang", "es", "standings", str(FIVE_ROUNDS)]).stderr.rstrip()
    assert spanish.endswith(" y 2 rondas más")


def test_more_names_are_counted_as_names() -> None:
    """Seven names with a line break each: five shown, 2 more (1 more of six)."""
    seven = [f"Player\n{n}" for n in range(1, 8)]
    _, note = changed_names(seven)
    _, one_more = changed_names(seven[:6])
    assert note is not None and one_more is not None
    assert str(note).endswith("no. 5 'Player\\n5' as 'Player 5' and 2 more names")
    assert str(one_more).endswith(" and 1 more name")
    assert language("ko").message(note).endswith(" 그 밖에 이름 2개")
    assert language("es").message(note).endswith(" y 2 nombres más")
    assert language("es").message(one_more).endswith(" y 1 nombre más")
