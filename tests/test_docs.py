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
