"""A time bound for one call: a hang or a runaway search fails the test instead of the run."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator

#: Seconds any one call of a public entry point may take on wrong input.
CALL_SECONDS = 5.0


class TooSlow(Exception):
    """A call ran past its time bound."""


@contextlib.contextmanager
def time_bound(what: str, seconds: float = CALL_SECONDS) -> Iterator[None]:
    def stop(signum: int, frame: object) -> None:
        raise TooSlow(f"{what} ran for more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
