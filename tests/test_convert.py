"""``sonneborn convert`` and ``sonneborn crosstable``, and the report formats through the command (issue 4)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_seed_event import SEED, published

from sonneborn.cli import cli

DATA = Path(__file__).parent / "data"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_convert_seed_to_trf_keeps_the_sb_values(tmp_path: Path) -> None:
    target = tmp_path / "seed.trf"
    code, _, err = run("convert", str(SEED), str(target))
    assert code == 0, err
    code, out, _ = run("standings", str(target), "-t", "SB", "-f", "json")
    assert code == 0
    table = published()
    assert {r["start"]: r["values"]["SB"] for r in json.loads(out)["standings"]} == {
        start: float(ns) for start, (_, ns) in table.items()
    }


@pytest.mark.parametrize("suffix", [".json", ".trf", ".tsv", ".csv", ".pgn"])
def test_every_event_format_reads_back_to_the_same_standings(tmp_path: Path, suffix: str) -> None:
    target = tmp_path / f"seed{suffix}"
    code, _, err = run("convert", str(SEED), str(target))
    assert code == 0, err
    expected = run("standings", str(SEED), "-f", "json")[1]
    code, out, err = run("standings", str(target), "-f", "json")
    assert code == 0, err

    # PGN has no start numbers: its reader numbers the players itself, so compare by name.
    def table(text: str) -> list[tuple[object, ...]]:
        return [(r["rank"], r["name"], r["points"], r["values"]) for r in json.loads(text)["standings"]]

    assert table(out) == table(expected)


def test_convert_names_what_the_target_cannot_hold(tmp_path: Path) -> None:
    source = DATA / "held" / "fide_tec_exercise_2023.trf"
    code, _, err = run("convert", str(source), str(tmp_path / "held.pgn"))
    assert code == 0
    assert "byes and absences:" in err and "forfeits:" in err
    code, _, err = run("convert", str(source), str(tmp_path / "held.tsv"))
    assert code == 2 and "round robins only" in err


def test_convert_never_overwrites_without_force(tmp_path: Path) -> None:
    target = tmp_path / "out.trf"
    target.write_text("mine", encoding="utf-8")
    code, _, err = run("convert", str(SEED), str(target))
    assert code == 2 and "--force" in err
    assert target.read_text(encoding="utf-8") == "mine"
    code, _, _ = run("convert", str(SEED), str(target), "--force")
    assert code == 0 and target.read_text(encoding="utf-8") != "mine"
    code, _, err = run("convert", str(target), str(target), "--force")
    assert code == 2 and "overwritten" in err


def test_json_with_event_round_trips(tmp_path: Path) -> None:
    source = DATA / "held" / "fide_tec_exercise_2023.trf"
    code, first, _ = run("standings", str(source), "-f", "json", "--with-event")
    assert code == 0
    path = tmp_path / "held.json"
    path.write_text(first, encoding="utf-8")
    code, second, _ = run("standings", str(path), "-f", "json", "--with-event")
    assert second == first


def test_crosstable_reproduces_the_seed(tmp_path: Path) -> None:
    code, out, _ = run("crosstable", str(SEED), "-t", "SB", "-f", "csv")
    assert code == 0
    produced = [line.split(",") for line in out.splitlines()]
    seed = [line.split("\t") for line in SEED.read_text(encoding="utf-8").splitlines()]
    assert produced[0][-2:] == ["Pts", "SB"]
    for mine, theirs in zip(produced[1:], seed[1:], strict=True):
        # Same rows in the same (final) order, the same cells, cs and ns; a column more, the place ("Rk").
        assert mine[1:3] == theirs[0:2], mine[1]
        assert mine[3:18] == theirs[2:17], mine[2]
        assert float(mine[18]) == float(theirs[17]) and float(mine[19]) == float(theirs[18])


@pytest.mark.parametrize(("fmt", "marker"), [("html", "<!doctype html>"), ("md", "| ")])
def test_report_formats(fmt: str, marker: str) -> None:
    code, out, _ = run("standings", str(SEED), "-f", fmt)
    assert code == 0 and marker in out.lower()
    code, out, _ = run("crosstable", str(DATA / "held" / "fide_tec_exercise_2023.trf"), "-f", fmt)
    assert code == 0 and marker in out.lower()


@pytest.mark.parametrize(
    "content",
    [
        # Excel, semicolons, decimal commas, a BOM, CRLF, quoted names with commas.
        '\ufeff;Name;1;2;3;Pts\r\n1;"Sloth, Jørn";X;0,5;1;1,5\r\n'
        '2;"Zagorovsky, V";0,5;X;1;1,5\r\n3;"Nun, J";0;0;X;0\r\n',
        # Google Sheets, commas, decimal commas quoted.
        'No,Name,1,2,3,Pts\n1,"Sloth, Jørn",X,"0,5",1,"1,5"\n2,"Zagorovsky, V","0,5",X,1,"1,5"\n3,"Nun, J",0,0,X,0\n',
    ],
)
def test_spreadsheet_exports(tmp_path: Path, content: str) -> None:
    path = tmp_path / "sheet.csv"
    path.write_bytes(content.encode("utf-8"))
    code, out, err = run("standings", str(path), "-t", "SB", "-f", "json")
    assert code == 0 and err == "", err
    rows = json.loads(out)["standings"]
    # Sloth drew Zagorovsky and beat Nun: ½×1.5 + 1×0.
    assert [(r["name"], r["points"], r["values"]["SB"]) for r in rows] == [
        ("Sloth, Jørn", 1.5, 0.75),
        ("Zagorovsky, V", 1.5, 0.75),
        ("Nun, J", 0.0, 0.0),
    ]


def _published_ranks(path: Path) -> dict[str, int]:
    """The rank column of a chess-results crosstable, by name: read here from the file's own cells."""
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines() if line[:1].isdigit()]
    return {row[2]: int(row[0]) for row in rows}


def test_convert_to_trf_keeps_the_published_ranks(tmp_path: Path) -> None:
    source = DATA / "published" / "naantali_2015_final_crosstable.tsv"
    target = tmp_path / "naantali.trf"
    code, _, err = run("convert", str(source), str(target))
    assert code == 0, err
    # TRF holds the ranks (columns 86-89) but no recorded tie-break values: that loss is named, the ranks kept.
    assert "the tie-break values the file records: not written" in err
    assert "the ranks the file records" not in err
    code, out, err = run("standings", str(target), "-f", "json", "--with-event")
    assert code == 0, err
    read_back = {p["name"]: p["recorded_rank"] for p in json.loads(out)["tournament"]["players"]}
    assert read_back == _published_ranks(source)
    assert len(set(read_back.values())) == 44


def test_convert_names_the_published_standings_a_crosstable_drops(tmp_path: Path) -> None:
    # tnr437642 records its ranks, its SB and DE values and the list SB,DE: a crosstable written by
    # sonneborn holds none of them, so reading it back ranks by the default list unless -t gives it.
    source = DATA / "published" / "tnr437642_final_crosstable.csv"
    code, _, err = run("convert", str(source), str(tmp_path / "t.tsv"))
    assert code == 0, err
    said = [line.split(": ", 3)[3] for line in err.splitlines() if line.startswith("sonneborn: warning:")]
    assert said[-3:] == [
        "the ranks the file records: not written",
        "the tie-break values the file records: not written",
        "the tie-break list SB,DE: not written (give it with -t when reading it back)",
    ]
    code, _, err = run("convert", str(source), str(tmp_path / "t.json"))
    assert code == 0 and "not written" not in err, err


def _dates_by_round(text: str) -> dict[int, set[str]]:
    """The ``Date`` tags of a PGN text's games, by the number their ``Round`` tag starts with."""
    found: dict[int, set[str]] = {}
    for game in text.split("[Event ")[1:]:
        round_no = int(re.search(r'\[Round "(\d+)', game).group(1))  # type: ignore[union-attr]
        found.setdefault(round_no, set()).add(re.search(r'\[Date "([^"]*)"', game).group(1))  # type: ignore[union-attr]
    return found


def test_convert_to_pgn_keeps_the_games_dates(tmp_path: Path) -> None:
    # Each round of the rapid was played on one day: its games' Date tags, as the file gives them.
    source = DATA / "pgn" / "fide_womens_world_rapid_2024.pgn"
    target = tmp_path / "rapid.pgn"
    code, _, err = run("convert", str(source), str(target))
    assert code == 0, err
    published = _dates_by_round(source.read_text(encoding="utf-8"))
    assert all(len(days) == 1 for days in published.values()) and len(published) == 11
    assert _dates_by_round(target.read_text(encoding="utf-8")) == published
    code, out, _ = run("standings", str(target), "-f", "json")
    event = json.loads(out)["event"]
    assert (event["start_date"], event["end_date"]) == ("2024-12-26", "2024-12-28")


def test_convert_swiss_perfect_round_dates_to_pgn(tmp_path: Path) -> None:
    # Bunratty's 132 gives its rounds as YY.DD.MM (11.25.02 ... 11.27.02), 042/052 the event's 25.02.2011 to
    # 27.02.2011: round 1 on Friday 25 February, rounds 2-4 on the 26th, rounds 5-6 on the 27th.
    source = DATA / "trf" / "icu_bunratty_masters_2011.trf"
    target = tmp_path / "bunratty.pgn"
    code, _, err = run("convert", str(source), str(target))
    assert code == 0, err
    assert "dates:" not in err
    days = {1: "2011.02.25", 2: "2011.02.26", 3: "2011.02.26", 4: "2011.02.26", 5: "2011.02.27", 6: "2011.02.27"}
    assert _dates_by_round(target.read_text(encoding="utf-8")) == {r: {day} for r, day in days.items()}


def test_convert_to_pgn_names_dates_it_cannot_give(tmp_path: Path) -> None:
    # Two days, no round dates: no game can be given its day.
    text = "012 Open\n042 2024/05/01\n052 2024/05/02\n"
    text += f"{'001    1      Adams, Ann':<91}   2 w 1\n{'001    2      Brown, Bob':<91}   1 b 0\n"
    source = tmp_path / "two_days.trf"
    source.write_text(text, encoding="utf-8")
    code, _, err = run("convert", str(source), str(tmp_path / "two_days.pgn"))
    assert code == 0, err
    assert "dates: a round without a known date has its games written as ????.??.??" in err
    one_day = tmp_path / "one_day.trf"
    one_day.write_text(text.replace("052 2024/05/02", "052 2024/05/01"), encoding="utf-8")
    code, _, err = run("convert", str(one_day), str(tmp_path / "one_day.pgn"))
    assert code == 0 and "dates:" not in err, err
    assert '[Date "2024.05.01"]' in (tmp_path / "one_day.pgn").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("lang", "more"), [("en", "and 26 more"), ("es", "y 26 más"), ("th", "และอีก 26"), ("ko", "그리고 26명 더")]
)
def test_the_players_a_list_leaves_out_are_counted_in_the_language(tmp_path: Path, lang: str, more: str) -> None:
    # Bunratty Masters under 3-1-0: every one of its 34 players records a total above 0, which 1-½-0 and
    # 3-1-0 give alike only at 0, so all 34 totals differ; the warning lists 8 and counts the other 26.
    source = DATA / "trf" / "icu_bunratty_masters_2011.trf"
    code, _, err = run("--lang", lang, "convert", str(source), str(tmp_path / "p.trf"), "--points", "3,1,0")
    assert code == 0, err
    assert f"(1, 2, 3, 4, 5, 6, 7, 8 {more})" in err.splitlines()[-2], err


def test_a_team_conversion_keeps_the_recorded_ranks_and_names_the_totals_it_rewrites(tmp_path: Path) -> None:
    # four_clubs_recorded's 310 records Beta (2) without its penalty of -1 MP and -0.5 GP (its 299): 1 and 1.5
    # recorded, 0 and 1 from the results; Gamma's and Delta's ranks are swapped (3 and 2). The ranks are the
    # file's and kept; the totals written are the results', and Beta's are said to be.
    source = DATA / "teams" / "four_clubs_recorded.trf"
    target = tmp_path / "four.trf"
    code, _, err = run("convert", str(source), str(target))
    assert code == 0, err
    assert (
        f"sonneborn: warning: {target}: the MP and GP written are those the results give, not the recorded ones "
        "of team 2\n"
    ) in err
    written = {line[4:8].strip(): line for line in target.read_text(encoding="utf-8").splitlines() if line[:3] == "310"}
    # 310: number, name, nickname, MP, GP, then the rank (the names here are one word): 1, 4, 3, 2 as recorded.
    assert [written[n].split()[6] for n in "1234"] == ["1", "4", "3", "2"]
    code, out, _ = run("standings", str(target), "-f", "json", "--with-event")
    players = {p["start"]: p.get("recorded_rank") for p in json.loads(out)["tournament"]["players"]}
    assert set(players.values()) == {None}  # this file records no player ranks
