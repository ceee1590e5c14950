"""The fuzz suite's budget: ``HYPOTHESIS_PROFILE=fuzz-long`` runs each test ten times longer."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "fuzz",
    deadline=None,
    max_examples=int(os.environ.get("CARDRULES_FUZZ_EXAMPLES", "150")),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=os.environ.get("CARDRULES_FUZZ_RANDOM") is None,
)
