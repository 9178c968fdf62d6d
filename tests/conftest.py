"""Hypothesis profiles for the whole suite.

The README's test command (which CI runs) uses ``deterministic``: every property test draws
the same examples on every run, so a red run is reproducible and a green one stays green
until the code changes. Exploration with fresh random examples is a separate, deliberate
act: ``pytest --hypothesis-profile fuzz`` (repeat it, or loop it, to search longer); a
failure there prints the example and a ``@reproduce_failure`` blob, and the fix comes with
a scenario test that pins it."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("deterministic", derandomize=True, database=None, print_blob=True)
settings.register_profile("fuzz", derandomize=False, print_blob=True)
settings.load_profile("deterministic")
