"""Issue 21, Languages: the derivations ("SB 69.5 = ½×11 (Zagorovsky) + …") in the language asked for.

The kernels give their derivations' words as phrases (:class:`~sonneborn.messages.Phrase`: an English template
and its values) that the boundary writes in a language, numbers with its decimal sign. The expected texts here
are built from the catalogues' own translations and from values worked out by hand: the seed articles' Sloth
(11 points, SB 69.5 = ½×11 (Zagorovsky) + ½×10.5 (Kosenkov) + 1×8.5 (Khasin) + …, 8 wins) and P4 of FIDE's TEC
exercise (Held 2024: a win in round 1, a half-point bye in round 2, 3.5 points in 5 rounds).
"""

from __future__ import annotations

import gettext
import io
from html import unescape
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.demo import seed_event, seed_text
from sonneborn.explain import explain_player, explain_value, explained
from sonneborn.languages import ENGLISH, Language, language
from sonneborn.messages import N_, Number, Phrase
from sonneborn.pipeline import read
from sonneborn.ranking import parse_list, rank
from sonneborn.render.html import render_html
from sonneborn.tiebreaks.rules import Rules
from sonneborn.web.report import explanations, report_data

HELD = Path(__file__).parent / "data" / "held" / "fide_tec_exercise_2023.trf"
DECIMAL = {"es": ",", "th": ".", "ko": "."}
"""Each language's decimal sign (CLDR's, as Babel gives it): Spanish writes 69,5."""


def _sb_start(decimal: str) -> str:
    """Sloth's SB derivation as the seed article writes it, with a decimal sign."""
    return f"SB 69{decimal}5 = ½×11 (Zagorovsky) + ½×10{decimal}5 (Kosenkov) + 1×8{decimal}5 (Khasin) + "


def _words(lang: Language, template: str) -> str:
    """The words of a template's translation before its first field: what a derivation's text begins with."""
    return lang.gettext(template).split("{", 1)[0]


@pytest.mark.parametrize("code", ["es", "th", "ko"])
def test_the_seed_event_explained_in_each_language(code: str, tmp_path: Path) -> None:
    """``--lang X standings --explain 1``: the words from the catalogue, the numbers with the decimal sign."""
    lang = language(code)
    seed = tmp_path / "seed.txt"
    seed.write_text(seed_text(), encoding="utf-8")
    result = CliRunner().invoke(cli, ["--lang", code, "standings", str(seed), "-t", "SB,DE,WIN", "--explain", "1"])
    assert result.exit_code == 0, result.output
    heading, points, sb, de, win = result.stdout.split("\n\n", 1)[1].splitlines()[:5]
    assert heading == lang.format(N_("{name} (no. {start}), rank {rank}"), name="Sloth", start=1, rank=1)
    assert sb.strip().startswith(_sb_start(DECIMAL[code]))
    # Sloth drew with Zagorovsky (½×11 in SB) and won against Khasin (1×8.5): the PTS words say so.
    assert points.strip().startswith("PTS 11 = ")
    assert f"{lang.format('drew with {name}', name='Zagorovsky')})" in points
    assert f"{lang.format('won against {name}', name='Khasin')})" in points
    assert _words(lang, "{result} (round {round}: ").strip() in points
    assert win.strip().startswith("WIN 8: ") and _words(lang, "rounds {rounds}") in win
    assert de.strip().startswith("DE ")
    for english in ("round", "drew with", "won against", "after", "not tied"):
        assert english not in points + sb + de + win, english


def test_issue21_korean_names_the_opponent_first() -> None:
    """A round against an opponent is one sentence with the name in it, so that Korean writes it in its own order:
    Zagorovsky drew Sloth in round 2 (the seed's crosstable), "Sloth 상대로 무승부", never "무승부, 상대 Sloth"."""
    points = explain_value(rank(seed_event(), parse_list("SB")), 2, "PTS", language("ko"))
    assert "½ (2라운드: Sloth 상대로 무승부)" in points and "상대 Sloth" not in points
    assert language("ko").gettext("won against {name}").startswith("{name}")


def test_english_is_the_code_and_the_derivation_is_the_same_value() -> None:
    """English writes the phrases as they are; every language derives the same value and the same addends."""
    standings = rank(seed_event(), parse_list("SB,DE,WIN"))
    english = explain_value(standings, 1, "SB")
    assert english.startswith(_sb_start("."))
    assert explain_value(standings, 1, "SB", ENGLISH) == english
    spanish = explain_value(standings, 1, "SB", language("es"))
    assert spanish == english.replace(".", ",")  # SB has no word of its own: only the numbers change
    assert explained(standings, "SB", language("es"))[0] == spanish  # a column at once, the same text


def test_the_de_group_mini_table_in_spanish() -> None:
    """DE alone on the seed: Sloth and Zagorovsky, tied on 11, drew their game (½ each in their mini-table)."""
    spanish = language("es")
    standings = rank(seed_event(), parse_list("DE"))
    value = standings.column("DE").number(0)
    table = spanish.format(N_("separate standings: {standings}"), standings="Sloth 0,5, Zagorovsky 0,5")
    assert explain_value(standings, 1, "DE", spanish) == f"DE {value}: {table}"
    # Kosenkov (10½) is alone on his score.
    assert explain_value(standings, 3, "DE", spanish).endswith(": " + spanish.gettext("not tied at this point"))


@pytest.mark.parametrize("code", ["es", "th", "ko"])
def test_unplayed_rounds_in_each_language(code: str) -> None:
    """P4's half-point bye (round 2) in BH: under 2026 a dummy with his own 3.5, capped at a draw's points × 5
    rounds = 2.5 (16.4.2); under 2009 a virtual opponent with 1 point before the round + (1 − ½) + ½ × 3 later
    rounds = 3 (C.02 13.15)."""
    lang, d = language(code), DECIMAL[code]
    event = read(HELD).event
    bye = lang.gettext("half-point bye")
    dummy = lang.format(
        N_("round {round}: {kind}, {category}, dummy with own score {own}"),
        round=2,
        kind=bye,
        category=lang.format(N_("cat. {article}"), article="16.2.3"),
        own=f"3{d}5",
    ) + lang.format(
        N_(" capped at {score} ({rule})"), score=f"2{d}5", rule=lang.gettext("16.4.2, a draw's points × rounds")
    )
    now = explain_value(rank(event, parse_list("BH"), rules=Rules.FIDE_2026), 4, "BH", lang)
    assert f" + 2{d}5 ({dummy} (16.4)) + " in now
    template = "round {round}: {kind}, virtual opponent {before} + ({win} − {points}) + {draw}×{later} = {score} "
    virtual = lang.format(
        template + "(C.02 13.15)",
        round=2, kind=bye, before="1", win="1", points=f"0{d}5", draw=f"0{d}5", later=3, score="3",
    )  # fmt: skip
    before = explain_value(rank(event, parse_list("BH"), rules=Rules.FIDE_2009), 4, "BH", lang)
    assert f" + 3 ({virtual}) + " in before
    assert "round" not in now + before and "dummy" not in now and "virtual opponent" not in before


def test_the_report_and_the_api_data_in_the_language() -> None:
    """The HTML report's tooltips, the page's report and the explanations carry the derivations in ``lang``."""
    standings = rank(seed_event(), parse_list("SB,DE,WIN"))
    spanish = language("es")
    html = unescape(render_html(standings, lang=spanish))
    assert f'title="{_sb_start(",")}' in html
    data = report_data(standings, path="seed", input_format="crosstable", lang=spanish)
    sloth = data["rows"][0]
    assert sloth["explanations"]["SB"].startswith(_sb_start(","))
    assert sloth["lines"][0] == spanish.format(N_("{name} (no. {start}), rank {rank}"), name="Sloth", start=1, rank=1)
    assert sloth["values"]["SB"] == "69.50"  # the values as the page reads them, in every language
    (korean,) = explanations(standings, [1], language("ko"))
    assert korean["values"]["SB"].startswith(_sb_start("."))
    assert korean["lines"][0] == language("ko").format(
        "{name} (no. {start}), rank {rank}", name="Sloth", start=1, rank=1
    )


def test_a_missing_translation_falls_back_to_english_never_to_a_key() -> None:
    """A catalogue that knows one phrase: the others are English, the numbers still the language's."""
    partial = Catalog(locale="es")
    partial.add("drew with {name}", "hizo tablas con {name}")
    compiled = io.BytesIO()
    write_mo(compiled, partial)
    half = Language("es", ",", "-", gettext.GNUTranslations(io.BytesIO(compiled.getvalue())))
    standings = rank(seed_event(), parse_list("SB,WIN,PS"))
    lines = explain_player(standings, 1, half)
    assert lines[0] == "Sloth (no. 1), rank 1"
    assert "hizo tablas con Zagorovsky)" in lines[1] and "won against Khasin)" in lines[1]
    assert lines[2].strip().startswith(_sb_start(","))
    assert lines[3].strip().startswith("WIN 8: rounds ")
    assert " (after round 1) + " in lines[4]
    assert not any("{" in line for line in lines)


def test_a_phrase_is_its_english_text_and_its_template() -> None:
    """A phrase is the English text; added to a name it stays a phrase whose name is never translated."""
    spanish = language("es")
    after = Phrase.of(N_(" (after round {round})"), round=3)
    score = Phrase.number("10.5") + after
    assert score == "10.5 (after round 3)" and isinstance(score, str)
    assert spanish.phrase(score) == "10,5" + spanish.gettext(" (after round {round})").replace("{round}", "3")
    named = Phrase.of(N_("{kind} against {name}"), kind=Phrase.of(N_("forfeit win")), name="Round, Robin") + ")"
    assert (
        spanish.phrase(named)
        == spanish.format("{kind} against {name}", kind=spanish.gettext("forfeit win"), name="Round, Robin") + ")"
    )
    assert spanish.phrase("drew with") == "drew with"  # a plain text is a name: never translated
    assert str(Phrase.of(N_("{score}² (own score squared)"), score=Number("5.5"))) == "5.5² (own score squared)"
    assert ENGLISH.phrase(score) is score
