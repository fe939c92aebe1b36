"""The documentation keeps up with the registry."""

from __future__ import annotations

import re
from pathlib import Path

from sonneborn.tiebreaks import REGISTRY

ROOT = Path(__file__).resolve().parents[1]


def test_every_registered_tiebreak_has_a_section() -> None:
    sections = {s.upper() for s in re.findall(r"^## (\S+)$", (ROOT / "docs" / "tiebreaks.md").read_text(), re.M)}
    assert set(REGISTRY) <= sections, set(REGISTRY) - sections


def test_every_tiebreak_function_cites_its_source() -> None:
    for code, definition in REGISTRY.items():
        function = definition.kernel or definition.group_kernel
        assert function is not None and function.__doc__, code
        assert definition.article.split()[0] in function.__doc__ or code == "PTS", (code, definition.article)


def test_the_architecture_names_modules_that_exist() -> None:
    # Every module and folder the map of docs/architecture.md names exists; so do the engine's two calls.
    text = (ROOT / "docs" / "architecture.md").read_text()
    block = text.split("## Packages", 1)[1].split("```")[1]
    package = ROOT / "src" / "sonneborn"
    files = {path.name for path in package.rglob("*.py")} | {path.name for path in (ROOT / "tests").rglob("*.py")}
    folders = {path.name + "/" for path in package.rglob("*") if path.is_dir()} | {"src/", "sonneborn/", "tests/"}
    for name in re.findall(r"\b[a-z_]+\.py\b", block):
        assert name in files, name
    for name in re.findall(r"^\s*([a-z_]+/)", block, re.M):
        assert name in folders, name
    from sonneborn import pipeline

    assert callable(pipeline.read) and callable(pipeline.standings)


def test_the_steps_for_a_new_tiebreak_were_followed_for_solkoff() -> None:
    # docs/architecture.md walks through adding SOLK: its kernel, oracle, hand values and docs exist.
    from oracle.registry import REGISTRY as ORACLE

    assert "SOLK" in REGISTRY and "SOLK" in ORACLE
    assert "## SOLK" in (ROOT / "docs" / "tiebreaks.md").read_text()
    assert 'code = "SOLK"' in (ROOT / "tests" / "data" / "answers" / "hand.toml").read_text()


def test_one_version_number() -> None:
    # pyproject.toml, the installed package (sonneborn --version, /healthz) and the changelog agree.
    import importlib.metadata
    import tomllib

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    newest = re.search(r"^## (\S+) ", (ROOT / "CHANGELOG.md").read_text(), re.M)
    assert newest is not None
    assert declared == newest.group(1) == importlib.metadata.version("sonneborn")


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
