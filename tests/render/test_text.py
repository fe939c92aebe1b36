"""The terminal table: display width for wide scripts, fitting the terminal, colour only when asked."""

from __future__ import annotations

from builders import event

from sonneborn.demo import seed_event
from sonneborn.ranking import rank
from sonneborn.render.cells import display_width
from sonneborn.render.text import render_table
from sonneborn.tiebreaks import parse_list

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
