"""Hypothesis profiles: the same examples on every run of ``make test``, many fresh ones on ``make random``.

``default`` is derandomized and keeps no example database, so a failure is the same on every machine
and in CI; ``long`` draws new examples each run and many more of them. ``HYPOTHESIS_PROFILE`` selects
one (``tests/conftest.py`` loads it). A test's own budget is written for the default profile and
scaled with :func:`scaled`, so that ``long`` multiplies every test's budget alike.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

DEFAULT_EXAMPLES = 100
"""The default profile's budget, the unit :func:`scaled` measures against."""

LONG_EXAMPLES = 2_000
"""The long profile's budget: twenty times the default one."""


def register() -> str:
    """Registers both profiles and loads the one ``HYPOTHESIS_PROFILE`` names (``default`` when unset)."""
    settings.register_profile(
        "default", derandomize=True, database=None, print_blob=True, max_examples=DEFAULT_EXAMPLES
    )
    settings.register_profile(
        "long",
        derandomize=False,
        database=None,
        print_blob=True,
        max_examples=LONG_EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    name = os.environ.get("HYPOTHESIS_PROFILE", "default")
    settings.load_profile(name)
    return name


def scaled(examples: int) -> int:
    """A test's budget under the loaded profile: ``examples`` under ``default``, twenty times that under ``long``.

    >>> scaled(60) == 60 * settings().max_examples // DEFAULT_EXAMPLES
    True
    """
    return max(1, examples * settings().max_examples // DEFAULT_EXAMPLES)
