"""The terminal table: display width for wide scripts, fitting the terminal, colour only when asked."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from builders import event
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.demo import seed_event
from sonneborn.errors import excerpt
from sonneborn.languages import language
from sonneborn.pipeline import read_text
from sonneborn.ranking import rank
from sonneborn.render.text import render_table
from sonneborn.tiebreaks import parse_list
from sonneborn.width import display_width, fit, wrapped

WIDE_NAMES = """
1 王小明: 2w1 3b=
2 สมชาย ใจดี: 1b0 -U
3 Zoë Ångström: -U 1w=
"""


def test_wide_and_combining_characters_align() -> None:
    # CJK characters take two columns, Thai vowel and tone marks none.
    assert display_width("王小明") == 6
    assert display_width("สมชาย ใจดี") == 9
    text = render_table(rank(event(WIDE_NAMES), parse_list("SB")))
    rows = text.splitlines()[:4]  # header and three players; the legend and the note on the shared place follow
    assert text.splitlines()[4] == "Tie-breaks: SB = Sonneborn–Berger (Neustadtl)."
    assert text.splitlines()[5].startswith("Players still tied")
    # The last column is right-aligned: every line ends at the same display column.
    assert len({display_width(line) for line in rows}) == 1, rows
    assert [line.split()[2] for line in rows[1:]] == ["王小明", "Zoë", "สมชาย"]


def test_fits_the_terminal_width_by_cutting_names() -> None:
    text = render_table(rank(seed_event(), parse_list("SB,DE,WIN")), width=38)
    lines = text.splitlines()
    assert all(display_width(line) <= 38 for line in lines)
    # Numbers are whole, names give way.
    assert lines[3].split() == ["1", "1", "Sloth", "11", "69.50", "–", "8"]  # alone on 11: DE does not apply
    assert lines[4].split()[2] == "Zagorov…"


def test_colour_only_when_asked() -> None:
    standings = rank(seed_event(), parse_list("SB"))
    assert "\x1b[" not in render_table(standings)
    assert "\x1b[" in render_table(standings, color=True)


def run_in_terminal(*args: str, env: dict[str, str] | None = None) -> str:
    """Runs the command with its stdout on a pseudo-terminal, as a user at a terminal would."""
    import os
    import pty
    import subprocess
    import sys

    leader, follower = pty.openpty()
    environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"} | (env or {})
    process = subprocess.Popen(
        [sys.executable, "-m", "sonneborn", *args], stdout=follower, stderr=subprocess.DEVNULL, env=environment
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=30)
    os.close(leader)
    return b"".join(chunks).decode()


def test_colour_on_a_terminal_unless_refused() -> None:
    assert "\x1b[" in run_in_terminal("demo")
    assert "\x1b[" not in run_in_terminal("--no-color", "demo")
    assert "\x1b[" not in run_in_terminal("demo", env={"NO_COLOR": "1"})


def test_the_legend_names_every_code_in_full_issue_12() -> None:
    # The terminal legend gives each code's name with its modifiers in words (C.07 14.1: a cut of the lowest).
    text = render_table(rank(seed_event(), parse_list("BH/C1,SB/M1,KS/L+1,DE")))
    assert text.splitlines()[-1] == (
        "Tie-breaks: BH/C1 = Buchholz cut 1; SB/M1 = Sonneborn–Berger (Neustadtl) median 1; "
        "KS/L+1 = Koya limit +1 half point; DE = Direct encounter."
    )


# --- issue 21: Thai and Korean headings and names line up by display width -------------------------------------

# SB by hand: Somchai 1×1.5 + ½×1.5 + 1×0.5 = 2.75; Minjun 1×1.5 + ½×0.5 = 1.75; Xiaoming ½×2.5 + 1×0.5 = 1.75;
# Zoë ½×1.5 = 0.75. Minjun and Xiaoming share 2-3.
SCRIPTS = """\
\tPlayer\t1\t2\t3\t4
1\tสมชาย ใจดี\tX\t1\t½\t1
2\t김민준\t0\tX\t1\t½
3\t王小明\t½\t0\tX\t1
4\tZoë Ångström\t0\t½\t0\tX
"""
# Display widths by hand: สมชาย ใจดี 9 (ี is a mark, 10 characters), 김민준 and 王小明 6 (wide), Zoë Ångström 12.
# Thai headings: อันดับ 4 (two marks ั), เลข 3, ชื่อ 2 (marks ื ่), ผู้เล่น 4 (marks ู ้ ่), คะแนน 5 (ะ is a spacing
# vowel). Korean ones: 순위, 번호, 이름, 선수, 점수, 4 each (two wide syllables).


def _lines(tmp_path: Path, *args: str) -> list[str]:
    path = tmp_path / "scripts.tsv"
    path.write_text(SCRIPTS, encoding="utf-8")
    result = CliRunner().invoke(cli, [*args[:3], str(path), *args[3:]])
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


def test_thai_standings_line_up_by_display_width(tmp_path: Path) -> None:
    # Columns: Rk 4 (its heading), No 3 (its heading), the names 12 (Zoë Ångström), Pts 5 (its heading), SB 4.
    assert _lines(tmp_path, "--lang", "th", "standings", "-t", "SB")[:5] == [
        "อันดับ  เลข  ชื่อ" + " " * 10 + "  คะแนน    SB",
        "   1    1  สมชาย ใจดี" + " " * 3 + "    2.5  2.75",
        " 2-3    2  김민준" + " " * 6 + "    1.5  1.75",
        " 2-3    3  王小明" + " " * 6 + "    1.5  1.75",
        "   4    4  Zoë Ångström    0.5  0.75",
    ]


def test_korean_standings_line_up_by_display_width(tmp_path: Path) -> None:
    # Columns: Rk 4, No 4, the names 12, Pts 4: each the width of its two-syllable heading or of its widest cell.
    assert _lines(tmp_path, "--lang", "ko", "standings", "-t", "SB")[:5] == [
        "순위  번호  이름" + " " * 8 + "  점수    SB",
        "   1     1  สมชาย ใจดี" + " " * 3 + "   2.5  2.75",
        " 2-3     2  김민준" + " " * 6 + "   1.5  1.75",
        " 2-3     3  王小明" + " " * 6 + "   1.5  1.75",
        "   4     4  Zoë Ångström   0.5  0.75",
    ]


@pytest.mark.parametrize(
    ("code", "heading"),
    [
        ("th", "อันดับ  เลข  ผู้เล่น" + " " * 8 + "  1  2  3  4  คะแนน    SB"),
        ("ko", "순위  번호  선수" + " " * 8 + "  1  2  3  4  점수    SB"),
    ],
)
def test_the_crosstable_lines_up_in_thai_and_korean(tmp_path: Path, code: str, heading: str) -> None:
    lines = _lines(tmp_path, "--lang", code, "crosstable", "-t", "SB")
    rk, no = (4, 3) if code == "th" else (4, 4)  # อันดับ 4, เลข 3; 순위 4, 번호 4
    points = 5 if code == "th" else 4  # คะแนน 5, 점수 4
    assert lines[0] == heading
    assert (
        lines[1]
        == " " * (rk - 1) + "1" + " " * (no + 1) + "1  สมชาย ใจดี     X  1  ½  1" + " " * (points - 1) + "2.5  2.75"
    )
    assert (
        lines[4]
        == " " * (rk - 1) + "4" + " " * (no + 1) + "4  Zoë Ångström  0  ½  0  X" + " " * (points - 1) + "0.5  0.75"
    )


def test_a_narrow_terminal_cuts_names_between_clusters() -> None:
    # At 30 columns the Thai table's other columns take 4+2, 3+2, 2+5 and 2+4 = 24: the names get 6.
    standings = rank(read_text(SCRIPTS, path="scripts.tsv").event, parse_list("SB"))
    lines = render_table(standings, width=30, lang=language("th")).splitlines()
    assert [line[11:].split("  ")[0] for line in lines[1:5]] == ["สมชาย…", "김민준", "王小明", "Zoë Å…"]
    assert lines[0] == "อันดับ  เลข  ชื่อ" + " " * 4 + "  คะแนน    SB"


def test_fit_and_wrap_by_display_width() -> None:
    assert fit("สมศักดิ์", 4) == "สมศั…"  # ส ม ศ and the mark ั on ศ: 3 columns, the ellipsis the 4th
    assert fit("สมศักดิ์", 3) == "สม…"  # ศ does not fit: its mark ั is not left on ม
    assert fit("김민준", 5) == "김민…" and fit("김민준", 4) == "김…"
    nfd = unicodedata.normalize("NFD", "김민준")  # each syllable an initial, a vowel, a final: 9 characters
    assert len(nfd) == 9 and display_width(nfd) == 6
    assert wrapped("ผู้เล่น คะแนน 김민준 王小明", 11) == ["ผู้เล่น คะแนน", "김민준", "王小明"]  # 4+1+5, 6+1+6 > 11
    assert wrapped("ที่ยังเสมอ", 3) == ["ที่ยัง", "เสม", "อ"]  # Thai has no blank between words: cut at clusters


def test_the_error_caret_sits_under_the_column_in_thai_and_korean() -> None:
    # The caret's line: a blank for each column before the marked character, none under a mark.
    assert excerpt("สมชาย x", 7)[1] == " " * 6 + "^"
    assert excerpt("ผู้เล่น x", 9)[1] == " " * 5 + "^"  # ผ ู ้ เ ล ่ น: 4 columns, then the blank
    assert excerpt("김민준 x", 5)[1] == " " * 7 + "^"  # three wide syllables, then the blank
