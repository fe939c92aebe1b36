"""The package's layout as docs/architecture.md draws it: no import cycle, no private name borrowed.

Every ``import`` of a sonneborn module counts, those inside functions too: a lazy import delays a
dependency, it does not reverse it. So do imports under ``if TYPE_CHECKING:``: a module that names
another's type depends on it as much as one that calls it, and a cycle hidden from the interpreter is a
cycle all the same (``unplayed`` once named the ``Context`` that calls it, issue 18).
"""

from __future__ import annotations

import ast
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "src"


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted((SOURCE / "sonneborn").rglob("*.py")):
        parts = list(path.relative_to(SOURCE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _module_of(name: str) -> str:
    """The module a dotted name lives in (``sonneborn.formats.lines.MAX_LINE`` → ``sonneborn.formats.lines``)."""
    while name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def _package(module: str) -> str:
    return module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]


def _imports(module: str) -> list[tuple[str, str]]:
    """Every (module, name) the module imports from sonneborn; the name is empty for ``import x``."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "sonneborn":
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.append((full if full in MODULES else node.module, alias.name))
        elif isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names if alias.name.split(".")[0] == "sonneborn"]
    return found


def _graph() -> dict[str, set[str]]:
    return {
        module: {_module_of(target) for target, _ in _imports(module)} - {module} for module in MODULES
    }  # fmt: skip


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph, if it has any (depth first, colouring the modules on the current path)."""
    on_path: list[str] = []
    done: set[str] = set()

    def visit(module: str) -> list[str] | None:
        on_path.append(module)
        for target in sorted(graph[module]):
            if target in on_path:
                return [*on_path[on_path.index(target) :], target]
            if target not in done:
                found = visit(target)
                if found:
                    return found
        on_path.pop()
        done.add(module)
        return None

    for module in sorted(graph):
        if module not in done:
            found = visit(module)
            if found:
                return found
    return None


def test_the_finder_sees_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_the_graph_holds_the_pipeline() -> None:
    # A check of the checker: the edges the architecture's picture draws are found.
    graph = _graph()
    assert "sonneborn.formats.lines" in graph["sonneborn.formats.trf.read"]
    assert "sonneborn.ranking" in graph["sonneborn.pipeline"]
    assert "sonneborn.render.crosstable" in graph["sonneborn.render.html"]
    # An import only the type checker reads is an edge too (cli names Standings under TYPE_CHECKING).
    assert "sonneborn.ranking" in graph["sonneborn.cli"]


def test_the_unplayed_rounds_know_no_context() -> None:
    # C.07 15-16 are plain functions over arrays; the Context is the cache that calls them, never the reverse
    # (issue 18): not even a type of it is named there.
    assert "sonneborn.tiebreaks.context" not in _graph()["sonneborn.tiebreaks.unplayed"]


def test_no_import_cycle() -> None:
    assert _cycle(_graph()) is None


def test_no_private_name_imported_from_another_package() -> None:
    borrowed = [
        f"{module} imports {name} from {target}"
        for module in MODULES
        for target, name in _imports(module)
        if name.startswith("_") and not name.startswith("__") and _package(_module_of(target)) != _package(module)
    ]
    assert borrowed == []
