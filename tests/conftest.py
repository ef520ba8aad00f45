"""Shared test settings: hypothesis profiles and the import path of the bundle's components."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# "ci" is the default; scripts/fuzz.py (or HYPOTHESIS_PROFILE=fuzz) runs the same properties at scale.
settings.register_profile(
    "ci", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=False
)
settings.register_profile("dev", max_examples=200, deadline=None)
settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("LFX_CITATIONS_FUZZ_EXAMPLES", "20000")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
