"""The documentation keeps up with the registry."""

from __future__ import annotations

import re
from pathlib import Path

from sonneborn.tiebreaks import REGISTRY

ROOT = Path(__file__).resolve().parents[1]


def test_every_registered_tiebreak_has_a_section() -> None:
    sections = set(re.findall(r"^## (\S+)$", (ROOT / "docs" / "tiebreaks.md").read_text(), re.M))
    assert set(REGISTRY) <= sections, set(REGISTRY) - sections


def test_every_tiebreak_function_cites_its_source() -> None:
    for code, definition in REGISTRY.items():
        function = definition.kernel or definition.group_kernel
        assert function is not None and function.__doc__, code
        assert definition.article.split()[0] in function.__doc__ or code == "PTS", (code, definition.article)


def test_the_mutation_report_adds_up_and_names_what_exists() -> None:
    # docs/mutation.md: the figure, its table by module, and a reason for every mutant kept (make mutate checks
    # the survivors against this table; this test keeps the page consistent without running mutmut).
    import importlib

    text = (ROOT / "docs" / "mutation.md").read_text(encoding="utf-8")
    found = re.search(r"\*\*(\d+) / (\d+) mutants killed \((\d+\.\d) %\)\*\*", text)
    assert found, "the figure"
    killed, total = int(found[1]), int(found[2])
    assert killed / total >= 0.90 and found[3] == f"{100 * killed / total:.1f}"
    modules = re.findall(r"^\| `(sonneborn[\w.]*)` \| (\d+) \| (\d+) \|$", text, re.M)
    assert sum(int(k) for _, k, _ in modules) == killed and sum(int(t) for *_, t in modules) == total
    kept = re.findall(r"^\| `(sonneborn\.[^`]+)__mutmut_\d+` \| `.+?` \| (.+) \|$", text, re.M)
    assert len(kept) == total - killed
    for mutant, reason in kept:
        assert reason.startswith(("equivalent", "not seen", "not pinned")), mutant
        module, _, function = mutant.rpartition(".")
        owner: object = importlib.import_module(module)
        for part in function.removeprefix("x_").removeprefix("xǁ").split("ǁ"):
            owner = getattr(owner, part)
    # The tool is the one mutation/run.py is written for, installed by the extra the Makefile target uses.
    version = re.search(r'MUTMUT_VERSION = "([\d.]+)"', (ROOT / "mutation" / "run.py").read_text())
    assert version and f'"mutmut=={version[1]}"' in (ROOT / "pyproject.toml").read_text()
    makefile = (ROOT / "Makefile").read_text()
    assert "mutation/run.py" in makefile and ".[dev,mutate]" in makefile
