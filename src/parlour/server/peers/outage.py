"""One warning when a dependency goes away and one line when it is back, however often it is tried meanwhile."""

from __future__ import annotations

import logging
import time

log = logging.getLogger("parlour.server")


class Outage:
    """Whether ``what`` (Redis, the bot leases, …) works now, logging only the changes."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.since: float | None = None
        """When it was lost (``time.monotonic``), or None while it works."""

    @property
    def up(self) -> bool:
        return self.since is None

    def lost(self, why: object) -> None:
        """It failed: a warning the first time, nothing while the outage lasts."""
        if self.since is None:
            self.since = time.monotonic()
            log.warning("%s unavailable (%s); going on without it and trying again", self.what, why)

    def back(self) -> None:
        """It works: one line saying so after an outage."""
        if self.since is not None:
            log.warning("%s available again after %.1f s", self.what, time.monotonic() - self.since)
            self.since = None
