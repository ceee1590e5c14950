"""The fuzz suite's budget (about 45 s on two cores): the ``fuzz`` profile, derandomized so a CI
run is repeatable.  ``CARDRULES_FUZZ_EXAMPLES=N`` sets the examples per test (default 400; each
entry point gets a fifth of them) and ``CARDRULES_FUZZ_RANDOM=1`` draws fresh examples, for a
longer hunt."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "fuzz",
    deadline=None,
    max_examples=int(os.environ.get("CARDRULES_FUZZ_EXAMPLES", "400")),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=os.environ.get("CARDRULES_FUZZ_RANDOM") is None,
)
