"""The mutation run of ``make mutate``: mutmut over the tie-break kernels and the ranking.

mutmut 3 copies ``src`` to ``mutants/``, rewrites every function of the
modules named in ``[tool.mutmut]`` of ``pyproject.toml`` into its original
and its mutants behind a trampoline, learns from one run of the selected
tests which tests call which function, and then runs, for each mutant, only
those tests, two at a time. Every test selected is deterministic: values
worked out by hand or published, brute force, fixed examples.

mutmut leaves decorated functions alone, and here nearly every kernel is
registered by ``@tiebreak(...)`` and the shared arrays of
:class:`~sonneborn.tiebreaks.context.Context` are cached properties. This
script lets mutmut mutate functions whose decorators are only these
(``tiebreak``, ``property``, ``cached_property``): the decorators stay on the
trampoline, so the registry holds it, and are left off the copies, so that no
code is registered twice. The arguments of a decorator are never mutated. It
also hands each mutant's tests to pytest quickest first, so that a mutant is
killed by its quickest failing test.

Then it prints the score (killed / total, by module) and every mutant not
killed with its change, and checks each against the table of kept survivors
in ``docs/mutation.md``: the run fails (exit 1) when the score is under 90 %
or a survivor is not explained there.

    python mutation/run.py                  # the whole run (``make mutate``)
    python mutation/run.py --report         # the report of the last run again
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import libcst as cst

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "mutation.md"
MUTMUT_VERSION = "3.8.1"
"""The version whose internals the two adaptations below rely on (pinned in ``pyproject.toml``)."""
TARGET = 0.90
"""The least share of mutants the deterministic tests must kill."""
OURS = {"tiebreak", "property", "cached_property"}
"""Decorators of functions mutmut may mutate all the same: they register or cache, and call the function."""
KILLED = {"killed", "timeout"}
"""The statuses counted as killed: a test failed, or the tests ran far past their time (an endless loop)."""


def _decorator_name(decorator: cst.Decorator) -> str:
    node = decorator.decorator
    if isinstance(node, cst.Call):
        node = node.func
    return node.value if isinstance(node, cst.Name) else ""


def _ours(function: cst.FunctionDef) -> bool:
    return bool(function.decorators) and all(_decorator_name(d) in OURS for d in function.decorators)


def adapt_mutmut() -> None:
    """Lets mutmut mutate the functions decorated by :data:`OURS` only (see the module's docstring)."""
    import mutmut
    from libcst.metadata import PositionProvider
    from mutmut.mutation import file_mutation

    if mutmut.__version__ != MUTMUT_VERSION:
        raise SystemExit(f"mutation/run.py is written for mutmut {MUTMUT_VERSION}, found {mutmut.__version__}")
    visitor = file_mutation.MutationVisitor
    skip = visitor._skip_node_and_children
    arrange = file_mutation.function_trampoline_arrangement

    def skip_node_and_children(self: file_mutation.MutationVisitor, node: cst.CSTNode) -> bool:
        if isinstance(node, cst.FunctionDef) and _ours(node):
            position = self.get_metadata(PositionProvider, node, None)
            if position and position.start.line in self._ignored_node_lines:  # pragma: no mutate block
                self.ignored_functions.add(node.name.value)
                return True
            return node.name.value in file_mutation.NEVER_MUTATE_FUNCTION_NAMES
        return skip(self, node)

    def function_trampoline_arrangement(function: cst.FunctionDef, *args: object, **kwargs: object) -> object:
        declarations, methods, assignments, names = arrange(function, *args, **kwargs)  # type: ignore[arg-type]
        if _ours(function):
            # The trampoline (first) keeps the decorators; the original's copy and the mutants lose them.
            methods = [methods[0], *(m.with_changes(decorators=[]) for m in methods[1:])]
        return declarations, methods, assignments, names

    visitor._skip_node_and_children = skip_node_and_children  # type: ignore[method-assign]
    file_mutation.function_trampoline_arrangement = function_trampoline_arrangement  # type: ignore[assignment]

    from mutmut.runners.harness import PytestRunner
    from mutmut.state import state

    regular_run = PytestRunner._pytest_args_regular_run

    def fastest_first(self: PytestRunner, tests: Iterable[str]) -> list[str]:
        # A mutant's tests stop at the first failure (-x): the quickest first, not in the order of a set.
        durations = state().duration_by_test
        return regular_run(self, sorted(tests, key=lambda test: (durations.get(test, 0.0), test)))

    PytestRunner._pytest_args_regular_run = fastest_first  # type: ignore[method-assign]


@dataclass(frozen=True, slots=True)
class Mutant:
    """One mutant of the last run: its name, status and change."""

    name: str
    module: str
    status: str
    change: str
    """The mutated line as it reads after the change (``-`` old and ``+`` new lines of the diff)."""

    @property
    def killed(self) -> bool:
        return self.status in KILLED


def _change(diff: str) -> str:
    removed = [line[1:].strip() for line in diff.splitlines() if line.startswith("-") and not line.startswith("---")]
    added = [line[1:].strip() for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]
    return " / ".join(removed) + " → " + " / ".join(added)


def results() -> list[Mutant]:
    """Every mutant of the last run (read from ``mutants/``)."""
    from mutmut.mutation.data import SourceFileMutationData
    from mutmut.mutation.diff_apply import get_diff_for_mutant
    from mutmut.stats import status_by_exit_code
    from mutmut.utils.file_utils import walk_mutatable_files

    found = []
    for path in walk_mutatable_files():
        data = SourceFileMutationData(path=path)
        data.load()
        module = ".".join(Path(path).with_suffix("").parts[1:])
        for name, code in sorted(data.exit_code_by_key.items(), key=lambda item: _natural(item[0])):
            status = status_by_exit_code[code]
            change = "" if status in KILLED else _change(get_diff_for_mutant(name, path=path))
            found.append(Mutant(name, module, status, change))
    return found


def _natural(name: str) -> tuple[str, int]:
    stem, _, number = name.rpartition("_")
    return stem, int(number) if number.isdigit() else 0


def explained() -> dict[str, str]:
    """The kept survivors of ``docs/mutation.md``: mutant name → the change the table shows."""
    rows = re.findall(r"^\| `([^`]+__mutmut_\d+)` \| `(.*?)` \|", DOC.read_text(encoding="utf-8"), re.M)
    return {name: change.replace("\\|", "|") for name, change in rows}


def report(mutants: list[Mutant], seconds: float | None) -> int:
    """Prints the score and the survivors; 1 when under :data:`TARGET` or a survivor is unexplained."""
    total = Counter(m.module for m in mutants)
    killed = Counter(m.module for m in mutants if m.killed)
    print("\nmodule                                      killed / total")
    for module in sorted(total):
        print(f"  {module:<42} {killed[module]:>5} / {total[module]:<5} {killed[module] / total[module]:7.1%}")
    all_killed, all_total = sum(killed.values()), sum(total.values())
    score = all_killed / all_total if all_total else 0.0
    statuses = Counter(m.status for m in mutants)
    print(f"  {'all':<42} {all_killed:>5} / {all_total:<5} {score:7.1%}")
    print("  " + ", ".join(f"{count} {status}" for status, count in sorted(statuses.items())))
    if seconds is not None:
        print(f"  run time {seconds / 60:.1f} min")
    documented = explained()
    unexplained = []
    print("\nsurvivors (mutants not killed):")
    for mutant in (m for m in mutants if not m.killed):
        doc = documented.get(mutant.name)
        mark = "kept" if doc == mutant.change else "UNEXPLAINED" if doc is None else "CHANGED"
        if mark != "kept":
            unexplained.append(mutant.name)
        print(f"  [{mark}] {mutant.name} ({mutant.status}): {mutant.change}")
    stale = sorted(set(documented) - {m.name for m in mutants if not m.killed})
    for name in stale:
        print(f"  [killed now, still in docs/mutation.md] {name}")
    ok = score >= TARGET and not unexplained
    print(
        f"\nscore {all_killed}/{all_total} = {score:.1%} (target {TARGET:.0%}); "
        f"{len(unexplained)} survivor(s) not explained in docs/mutation.md"
    )
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", action="store_true", help="only report the last run")
    parser.add_argument("--max-children", type=int, default=os.cpu_count() or 2, help="mutants run at once")
    parser.add_argument("mutants", nargs="*", help="only these mutants (names or globs), kept from the last run")
    args = parser.parse_args()
    os.chdir(ROOT)
    adapt_mutmut()
    seconds = None
    if not args.report:
        from mutmut.__main__ import cli

        if not args.mutants:
            shutil.rmtree(ROOT / "mutants", ignore_errors=True)  # a whole run starts afresh
        begin = time.monotonic()
        cli(["run", "--max-children", str(args.max_children), *args.mutants], standalone_mode=False)
        seconds = time.monotonic() - begin
    return report(results(), seconds)


if __name__ == "__main__":
    sys.exit(main())
