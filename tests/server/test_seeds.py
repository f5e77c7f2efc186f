"""In-process servers deal a test's tables from the run's seed (``tests/server/seeds.py``): the same
``PARLOUR_TEST_SEED`` deals the same tables, and a failing test names the seed that replays it."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi import FastAPI

from parlour.core.chance import seed_commitment
from parlour.server.lobby import SEED_BITS
from tests.server import seeds
from tests.server.conftest import TestClient, new_table

ROOT = Path(__file__).resolve().parents[2]


def first_commitments(app_factory: Callable[..., FastAPI], monkeypatch: pytest.MonkeyPatch, run_seed: int,
                      nodeid: str) -> list[str]:
    """The seed commitments of the first three tables a fresh server creates under ``TableSeeds(run_seed, nodeid)``."""
    dealt = seeds.TableSeeds(run_seed, nodeid)
    monkeypatch.setattr(secrets, "randbits", dealt.randbits)
    with TestClient(app_factory()) as client:
        made = [new_table(client, "tonk", ["human", "random"], rules={"hands": 3}) for _ in range(3)]
    assert [t["seed_commitment"] for t in made] == [seed_commitment(seed) for seed in dealt.drawn]
    return [t["seed_commitment"] for t in made]


def test_the_same_run_seed_deals_the_same_tables(app_factory: Callable[..., FastAPI],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    once = first_commitments(app_factory, monkeypatch, 1234, "tests/server/test_x.py::test_y")
    again = first_commitments(app_factory, monkeypatch, 1234, "tests/server/test_x.py::test_y")
    assert once == again and len(set(once)) == 3
    assert first_commitments(app_factory, monkeypatch, 1235, "tests/server/test_x.py::test_y") != once
    assert first_commitments(app_factory, monkeypatch, 1234, "tests/server/test_x.py::test_z") != once


def test_this_tests_tables_are_dealt_from_its_fixture_seed(client: TestClient,
                                                           table_seeds: seeds.TableSeeds,
                                                           request: pytest.FixtureRequest) -> None:
    table = new_table(client, "plonk", ["human", "random", "random", "random"])
    assert table_seeds.seed == seeds.seed_of_test(seeds.RUN_SEED, request.node.nodeid)
    first = seeds.TableSeeds(seeds.RUN_SEED, request.node.nodeid).randbits(SEED_BITS)
    assert table_seeds.drawn == [first] and table["seed_commitment"] == seed_commitment(first)
    assert client.app.state.lobby.tables[table["id"]].state.seed == first  # type: ignore[attr-defined]
    assert (seeds.PROPERTY, seeds.RUN_SEED) in request.node.user_properties


def test_the_run_seed_is_read_from_the_environment() -> None:
    assert seeds.run_seed_from({seeds.ENV: " 42 "}) == 42
    assert seeds.run_seed_from({seeds.ENV: str(2**70)}) == 2**70
    assert len({seeds.run_seed_from({}) for _ in range(5)}) > 1  # unset: a new one each run
    with pytest.raises(pytest.UsageError, match="PARLOUR_TEST_SEED must be a decimal integer, got 'x1'"):
        seeds.run_seed_from({seeds.ENV: "x1"})


FAILING = '''
from tests.server.seeds import pytest_runtest_makereport, pytest_terminal_summary, table_seeds
'''
DEAL = '''
from starlette.testclient import TestClient

from parlour.server import create_app
from tests.server.conftest import settings_for


def test_first_table(tmp_path):
    with TestClient(create_app(settings_for(f"sqlite:///{tmp_path / 'db'}"))) as client:
        made = client.post("/api/tables", json={"game": "tonk", "seats": ["human", "random"], "rules": {"hands": 3}})
    print("DEALT", made.json()["seed_commitment"])
    assert made.json()["seed_commitment"] == ""
'''


def failing_run(where: Path, seed: str) -> tuple[str, str]:
    """Run the failing test in ``where`` with ``PARLOUR_TEST_SEED=seed``: its first table's commitment, the output."""
    env = {**os.environ, seeds.ENV: seed, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "src")])}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                          "-p", "no:randomly", "--rootdir", str(where), str(where)],
                         check=False, cwd=where, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 1, run.stdout + run.stderr
    dealt = re.findall(r"^DEALT ([0-9a-f]+)$", run.stdout, re.MULTILINE)
    assert len(dealt) == 1, run.stdout
    return dealt[0], run.stdout


@pytest.mark.slow
def test_a_failing_server_test_names_the_seed_that_deals_its_tables_again(tmp_path: Path) -> None:
    """Two runs of a failing test with the same ``PARLOUR_TEST_SEED`` deal its first table the same, and the
    failure says how to replay it; another seed deals it otherwise."""
    (tmp_path / "conftest.py").write_text(textwrap.dedent(FAILING))
    (tmp_path / "test_deal.py").write_text(textwrap.dedent(DEAL))
    first, output = failing_run(tmp_path, "8675309")
    again, _ = failing_run(tmp_path, "8675309")
    other, _ = failing_run(tmp_path, "8675310")
    assert len(first) == 64 and first == again and other != first
    replay = "replay with PARLOUR_TEST_SEED=8675309 pytest 'test_deal.py::test_first_table'"
    assert "table seeds" in output and output.count(replay) == 2, output  # the report's section and the summary
