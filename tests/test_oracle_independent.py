"""The oracle (``tests/oracle``) stays independent of the code it checks (issue 18).

An oracle that calls production's rules, or repeats its lines, agrees with production by construction and
checks nothing. The tie-break oracle may take from :mod:`sonneborn` only what is data or text, never what
computes a rule:

- :mod:`sonneborn.model`: the records it reads (Tournament, Player, Entry, ResultKind, PointSystem as a
  record of numbers, Colour, EventKind). Its methods that decide a rule (``PointSystem.points``,
  ``Tournament.event_kind`` …) are refused below by name;
- :mod:`sonneborn.numbers`: how numbers are written (``exact_text``, ``result_text``), since derivations
  are compared character for character;
- :mod:`sonneborn.errors`: the exception types a refused code raises;
- :mod:`sonneborn.tiebreaks.rules`: the enum that names the rule editions (and the default one); the
  oracle decides for itself which rule each edition has, it reads none of the enum's properties.

The TRF reader oracle (``trf_reader``, the line reader the column reader replaced) also shares
:mod:`sonneborn.formats.lines`, the line splitting and the messages both readers give, and ``trf_compare``
runs production's reader against it, which is its purpose.

Nor may the tie-break oracle repeat production's code: no run of :data:`SHARED_RUN` lines of code stands
in both (docstrings, comments, imports, field declarations and decorators left out: they describe, they
compute nothing). ``duplicates`` (see docs/architecture.md) shows also runs alike in shape.
"""

from __future__ import annotations

import ast
import doctest
import itertools
import random
from fractions import Fraction
from pathlib import Path

import orjson
import pytest
from oracle.direct_encounter import Encounters, order
from oracle.rating import DP, PD

import sonneborn

ORACLE = Path(__file__).resolve().parent / "oracle"
SOURCE = Path(sonneborn.__file__).resolve().parent
SHARED_RUN = 6

ALLOWED = {
    "sonneborn.model": "the data records",
    "sonneborn.numbers": "how numbers are written in derivations",
    "sonneborn.errors": "exception types",
    "sonneborn.tiebreaks.rules": "the names of the rule editions",
}
ALLOWED_IN = {
    "trf_reader.py": {"sonneborn.formats.lines": "line splitting and the messages shared by both TRF readers"},
    "trf_compare.py": {
        "sonneborn.formats.trf": "the production reader it compares",
        "sonneborn.event": "what the production reader returns",
    },
}
ALLOWED_IN_DOCTESTS = {"sonneborn.demo": "the seed event, as input"}

RULES_OF_THE_MODEL = {
    "points": "PointSystem.points, the value of a result (call it and the oracle scores as production does)",
    "event_kind": "Tournament.event_kind, round robin or Swiss",
    "meetings_per_pair": "Tournament.meetings_per_pair, the round-robin detection",
    "played_rounds": "Tournament.played_rounds, the rounds the standings are taken after",
    "unplayed": "Rules.unplayed, which unplayed-round rules an edition has",
    "dummy_cap": "Rules.dummy_cap, whether an edition caps the 16.4 dummy",
    "forfeits_unplayed_in_round_robins": "Rules.forfeits_unplayed_in_round_robins, the 2026 15.2 exception",
}
"""Attributes of sonneborn's records that compute a rule. ``points`` is refused as a call only (an
Entry's ``points`` is data) and ``played_rounds`` unless read from the oracle's own context."""


def _sonneborn_imports(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "sonneborn":
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.split(".")[0] == "sonneborn"]
    return found


def _doctest_sources(text: str) -> list[str]:
    """The code of every doctest example in a module's text."""
    return [example.source for example in doctest.DocTestParser().get_examples(text)]


MODULES = sorted(ORACLE.glob("*.py"))


def test_the_oracle_modules_are_all_read() -> None:
    names = {path.name for path in MODULES}
    assert {"scoring.py", "direct_encounter.py", "ranking.py", "base.py", "rating.py"} <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_the_oracle_imports_only_data_and_text_from_sonneborn(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    allowed = ALLOWED | ALLOWED_IN.get(path.name, {})
    refused = [name for name in _sonneborn_imports(ast.parse(text)) if name not in allowed]
    assert not refused, f"{path.name} imports {refused}: the oracle must compute its rules itself"
    in_doctests = [name for source in _doctest_sources(text) for name in _sonneborn_imports(ast.parse(source))]
    refused = [name for name in in_doctests if name not in allowed | ALLOWED_IN_DOCTESTS]
    assert not refused, f"{path.name}'s doctests import {refused}"


@pytest.mark.parametrize("path", [p for p in MODULES if not p.name.startswith("trf_")], ids=lambda p: p.name)
def test_the_oracle_asks_no_record_for_a_rule(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or node.attr not in RULES_OF_THE_MODEL:
            continue
        if node.attr == "points" and id(node) not in called:
            continue  # an Entry's points: data
        if node.attr == "played_rounds" and isinstance(node.value, ast.Name) and node.value.id in ("self", "context"):
            continue  # the oracle's own count
        found.append(f"line {node.lineno}: {RULES_OF_THE_MODEL[node.attr]}")
    assert not found, f"{path.name} asks sonneborn for a rule: {found}"


def test_the_import_check_sees_a_rule_imported() -> None:
    tree = ast.parse("from sonneborn.scoring import scores\nimport sonneborn.tiebreaks.direct_encounter\n")
    assert [name for name in _sonneborn_imports(tree) if name not in ALLOWED] == [
        "sonneborn.scoring",
        "sonneborn.tiebreaks.direct_encounter",
    ]
    assert _doctest_sources('"""A doctest.\n\n>>> from sonneborn.ranking import rank\n"""') == [
        "from sonneborn.ranking import rank\n"
    ]


def _code_lines(text: str) -> list[tuple[int, str]]:
    """The lines that compute, white space folded, with their numbers."""
    tree = ast.parse(text)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        described = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        if isinstance(node, ast.stmt) and (described or isinstance(node, ast.Import | ast.ImportFrom | ast.AnnAssign)):
            skipped.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for decorator in node.decorator_list:
                skipped.update(range(decorator.lineno, (decorator.end_lineno or decorator.lineno) + 1))
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        folded = " ".join(line.split())
        if number in skipped or folded.startswith("#") or len(folded.strip("()[]{},:")) <= 3:
            continue
        found.append((number, folded))
    return found


def _runs(lines: list[tuple[int, str]]) -> dict[tuple[str, ...], int]:
    """Every run of :data:`SHARED_RUN` lines, with the number of its first line."""
    starts = range(len(lines) - SHARED_RUN + 1)
    return {tuple(text for _, text in lines[i : i + SHARED_RUN]): lines[i][0] for i in starts}


def test_the_oracle_repeats_no_run_of_production_code() -> None:
    production: dict[tuple[str, ...], str] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        for run, line in _runs(_code_lines(path.read_text(encoding="utf-8"))).items():
            production.setdefault(run, f"{path.relative_to(SOURCE.parent)}:{line}")
    shared = [
        f"tests/oracle/{path.name}:{line} ~ {production[run]}"
        for path in MODULES
        if not path.name.startswith("trf_")  # the TRF reader oracle is the line reader production replaced
        for run, line in _runs(_code_lines(path.read_text(encoding="utf-8"))).items()
        if run in production
    ]
    assert not shared, f"the oracle repeats {SHARED_RUN} or more lines of production code: {shared}"


def test_the_run_check_sees_a_copy() -> None:
    code = "def f(a, b):\n    total = a + b\n    if total > 3:\n        total -= 1\n    elif total < 0:\n" + (
        "        total = 0\n    return total\n"
    )
    assert len(_runs(_code_lines(code))) == 2
    assert _code_lines('"""Doc."""\nimport os\n# note\nx: int = 1\n') == []


def test_the_two_transcriptions_of_the_rating_tables_agree() -> None:
    # The oracle typed B.02 8.1.1 and 8.1.2 in from the printed tables; the package ships them as data.
    data = orjson.loads((Path(sonneborn.__file__).parent / "data" / "fide_b02_tables.json").read_bytes())
    assert [DP[hundredths] for hundredths in range(101)] == data["dp"]["values"]
    assert [(row["from"], row["to"], row["higher"], row["lower"]) for row in data["pd"]["rows"]] == PD
    # The tables' own checks: 8.1.1 is antisymmetric, 8.1.2's ranges follow each other from 0, H + L = 1.
    assert all(DP[100 - h] == -DP[h] for h in range(101))
    assert PD[0][0] == 0 and PD[-1][1] is None
    assert all(high is not None and high + 1 == nxt for (_, high, _, _), (nxt, _, _, _) in itertools.pairwise(PD))
    assert all(higher + lower == 100 for _, _, higher, lower in PD)


# Direct encounter: the oracle decides C.07 6.3 rival by rival; here every outcome of the missing games is tried.

SYSTEMS = [
    (Fraction(1), Fraction(1, 2), Fraction(0)),
    (Fraction(3), Fraction(1), Fraction(0)),
    (Fraction(2), Fraction(1), Fraction(-1)),
    (Fraction(1), Fraction(1), Fraction(0)),
]
"""Win, draw, loss: 1-½-0, 3-1-0, a penalty for a loss, and a draw worth a win."""


def _random_group(rng: random.Random, size: int, values: tuple[Fraction, ...]) -> Encounters:
    win, draw, loss = values
    results: dict[tuple[int, int], list[Fraction]] = {}
    for a, b in itertools.combinations(range(1, size + 1), 2):
        roll = rng.random()
        if roll < 0.35:
            continue  # they did not meet
        for _ in range(2 if roll > 0.9 else 1):
            mine, theirs = rng.choice([(win, loss), (draw, draw), (loss, win)])
            results.setdefault((a, b), []).append(mine)
            results.setdefault((b, a), []).append(theirs)
    return Encounters(results, values)


def _by_enumeration(members: list[int], games: Encounters) -> list[list[int]]:
    """C.07 6.2-6.3 with "whatever the outcome" tried outcome by outcome."""
    members = sorted(members)
    if len(members) < 2:
        return [members]
    table = games.standings(members)
    missing = [sorted(pair) for pair in games.missing(members)]
    if not missing:
        levels = sorted(set(table.values()), reverse=True)
        if len(levels) == 1:
            return [members]
        return [part for level in levels for part in _by_enumeration([m for m in members if table[m] == level], games)]
    win, draw, loss = games.possible
    totals = []
    for outcome in itertools.product([(win, loss), (draw, draw), (loss, win)], repeat=len(missing)):
        total = dict(table)
        for (a, b), (for_a, for_b) in zip(missing, outcome, strict=True):
            total[a] += for_a
            total[b] += for_b
        totals.append(total)
    placed, left = [], list(members)
    while len(left) > 1:
        first = [c for c in left if all(all(t[c] > t[r] for r in left if r != c) for t in totals)]
        if not first:
            break
        placed.append(first)
        left.remove(first[0])
    return placed + _by_enumeration(left, games) if placed else [members]


@pytest.mark.parametrize("seed", range(300))
def test_the_oracle_direct_encounter_equals_an_enumeration_of_every_outcome(seed: int) -> None:
    rng = random.Random(seed)
    values = SYSTEMS[seed % len(SYSTEMS)]
    members = list(range(1, rng.randint(2, 5) + 1))
    games = _random_group(rng, len(members), values)
    while len(games.missing(members)) > 7:  # at most 3^7 outcomes
        games = _random_group(rng, len(members), values)
    assert order(members, games) == _by_enumeration(members, games), games.results
