"""Server tables in tests are dealt from a seed the test run chooses, and a failing test says how to deal them again.

The server draws a new table's seed from ``secrets.randbits`` (``parlour.server.lobby``): a secret in production,
a different deal in every test run. For every server test, the autouse fixture ``table_seeds`` (imported into
``tests/server/conftest.py``) replaces ``secrets.randbits`` with the ``getrandbits`` of a ``random.Random`` seeded
from the run's seed and the test's node id, so the n-th table a test creates is dealt the same in every run with
that run seed, whichever worker runs the test and whatever ran before it. The run's seed is
``PARLOUR_TEST_SEED`` when set, else a random one per test process. A failing server test carries the seed in
its report (a "table seeds" section) and the run ends with a line per failed test::

    replay with PARLOUR_TEST_SEED=1234567 pytest 'tests/server/test_x.py::test_y'

Only servers in the test's own process are covered: the app of a ``TestClient`` and the servers run on a thread
(the browser tests). Servers started as ``parlour serve`` processes (``tests/server/serving.py``: the cluster,
logging and proxy tests) draw their seeds from ``secrets`` as in production; production code reads no test
variable. A test that sets ``secrets.randbits`` itself (``test_rematch``, ``test_hint``) still wins: its
monkeypatch comes after this fixture's and is undone before it.
"""

from __future__ import annotations

import hashlib
import os
import random
import secrets
from collections.abc import Iterator
from typing import Any

import pytest

ENV = "PARLOUR_TEST_SEED"
PROPERTY = "parlour_test_seed"
"""The name under which a server test's run seed is kept in its report's ``user_properties``."""


def run_seed_from(environ: dict[str, str] | os._Environ[str]) -> int:
    """The run's seed: ``PARLOUR_TEST_SEED`` (a decimal integer) when set, else a fresh random one."""
    text = environ.get(ENV, "").strip()
    if not text:
        return secrets.randbits(32)
    try:
        return int(text)
    except ValueError:
        raise pytest.UsageError(f"{ENV} must be a decimal integer, got {text!r}") from None


RUN_SEED = run_seed_from(os.environ)
"""This process's run seed, read once: every server test of the process derives its own from it."""


def seed_of_test(run_seed: int, nodeid: str) -> int:
    """The seed of the tables of test ``nodeid`` in a run seeded ``run_seed``: the same in every process."""
    return int.from_bytes(hashlib.sha256(f"{run_seed}:{nodeid}".encode()).digest()[:8], "big")


class TableSeeds:
    """The seeds the server draws for one test's tables, from ``random.Random(seed_of_test(run_seed, nodeid))``."""

    def __init__(self, run_seed: int, nodeid: str) -> None:
        self.run_seed = run_seed
        self.nodeid = nodeid
        self.seed = seed_of_test(run_seed, nodeid)
        self.rng = random.Random(self.seed)
        self.drawn: list[int] = []

    def randbits(self, bits: int) -> int:
        """What ``secrets.randbits`` returns while the test runs: the next draw of the seeded generator."""
        value = self.rng.getrandbits(bits)
        self.drawn.append(value)
        return value

    def replay(self) -> str:
        """How to run the test again with the same table seeds."""
        return f"replay with {ENV}={self.run_seed} pytest '{self.nodeid}'"


@pytest.fixture(autouse=True)
def table_seeds(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[TableSeeds]:
    """Every table this test's in-process servers create is dealt from the run's seed (see the module)."""
    seeds = TableSeeds(RUN_SEED, request.node.nodeid)
    monkeypatch.setattr(secrets, "randbits", seeds.randbits)
    request.node.user_properties.append((PROPERTY, seeds.run_seed))
    yield seeds


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failing server test's report says how to deal its tables again."""
    outcome: Any = yield
    report: pytest.TestReport = outcome.get_result()
    seed = dict(item.user_properties).get(PROPERTY)
    if report.failed and isinstance(seed, int):
        report.sections.append(("table seeds", TableSeeds(seed, item.nodeid).replay()))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """After the run, one replay line per failed server test (from its report, so also under xdist)."""
    lines = []
    for report in terminalreporter.stats.get("failed", []):
        seed = dict(getattr(report, "user_properties", ())).get(PROPERTY)
        if isinstance(seed, int):
            lines.append(TableSeeds(seed, report.nodeid).replay())
    if lines:
        terminalreporter.section("server table seeds")
        for line in dict.fromkeys(lines):
            terminalreporter.write_line(line)
