"""Shared test set-up: the Hypothesis profile named by ``HYPOTHESIS_PROFILE`` (see ``hypothesis_profiles``)."""

from __future__ import annotations

from hypothesis_profiles import register

register()
