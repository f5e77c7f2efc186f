"""No bot spec a server accepts can hold a worker past ``max_bot_ms`` or ask for unbounded work or memory.

Generated specs (every declared setting of every offered bot, at and past the ends of its range, huge, negative
and garbage values) go through the server's validation; each accepted one is built as a worker builds it
(``botpool.built``, capped) and thinks once on positions with long public logs, in all three games. Its CPU
time (the thread's, so that another process on the machine cannot make it look slow) must stay within 5 % of
the cap; its iterations within what it asked (and the paired round under way).
"""

from __future__ import annotations

import gc
import json
import random
import time
import tracemalloc
from functools import cache
from typing import Any

import pytest
from fastapi import FastAPI
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.bots.base import Option, options_of, parse_bot_spec
from parlour.bots.heuristic import rollout_policy
from parlour.bots.ismcts import PAIRED_WIDTH, ISMCTSBot
from parlour.core.errors import BotSpecError
from parlour.core.game import State
from parlour.core.registry import load_game
from parlour.server.botpool import built
from parlour.server.settings import Settings
from tests.server.conftest import TestClient

CAP_MS = 300.0
SLACK = 1.05
"""A move may overrun the cap by at most 5 %."""
MAX_ITERS = 2_000
SERVER = Settings(db_url="sqlite://", max_bot_ms=CAP_MS, max_bot_iters=MAX_ITERS)
SPECS = {"tonk": "tonk:classic?players=3&hands=5", "tock": "tock?players=4", "plonk": "plonk?players=4"}
"""Games with an inference part (Tonk, Plonk, Tock), where ``infer`` draws and weighs candidate deals."""


@cache
def position(game: str) -> State[Any, Any]:
    """A position well into a game (the longest public log of the first seeds' heuristic play, before its
    end), with a choice to make."""
    played = load_game(SPECS[game])
    policy = rollout_policy(played)
    rng = random.Random(5)
    best: State[Any, Any] | None = None
    for seed in range(10):
        state = played.new_state(seed)
        while not state.is_terminal and state.version < 400:
            if len(state.legal_actions()) > 1 and (best is None or state.version > best.version):
                best = state.clone()
            state.apply(policy(state, rng))
    assert best is not None
    return best


def value_texts(option: Option) -> st.SearchStrategy[str]:
    """Values for ``option``: in its range, at its ends, just past them, absurd, and not numbers at all."""
    absurd = st.sampled_from(["0", "-1", "9223372036854775808", "1e308", "1e-300", "x", "1.5", "1_000"])
    if option.kind == "word":
        return st.one_of(st.sampled_from(option.words), absurd)
    low = option.low if option.low is not None else 0.0
    high = option.high if option.high is not None else 1e9
    if option.kind == "int":
        inside = st.integers(int(low), int(high)).map(str)
        ends = st.sampled_from([int(low), int(high), int(high) + 1, int(low) - 1]).map(str)
    else:
        inside = st.floats(low, high, exclude_min=option.above).map(repr)
        ends = st.sampled_from([low, high, high * 1.0001]).map(repr)
    return st.one_of(inside, ends, absurd)


@st.composite
def bot_specs(draw: st.DrawFn) -> str:
    """A spec of one of the bots the server offers, with some of its settings."""
    name = draw(st.sampled_from(SERVER.allowed_bots))
    options = options_of(name)
    chosen = draw(st.lists(st.sampled_from(sorted(options)), unique=True, max_size=5)) if options else []
    if name == "level":
        chosen = ["level", *(k for k in chosen if k != "level")]
    parts = [f"{key}={draw(value_texts(options[key]))}" for key in chosen]
    return f"{name}:{','.join(parts)}" if parts else name


def accepted(spec: str) -> bool:
    """Whether the server's validation takes ``spec`` (as ``Lobby.check_budget`` asks it)."""
    try:
        return SERVER.over_budget(spec) is None
    except BotSpecError:
        return False


def think_once(spec: str, game: str) -> tuple[float, Any]:
    """The thread CPU seconds one move of ``spec`` took in ``game``, built as a worker builds it, and the bot."""
    state = position(game)
    played = state.game
    rules = json.dumps(played.rules.to_dict(), sort_keys=True)
    try:
        bot = built(played.spec.name, rules, spec, CAP_MS)
    except BotSpecError:  # a setting this game cannot honour (a game without inference): refused, nothing runs
        return 0.0, None
    seat = state.current_player
    view, legal = state.view(seat), list(state.legal_actions())
    gc.collect()  # a full collection of this test process's heap (60-90 ms) falls on no move: it is not the bot's
    started = time.thread_time()
    assert bot.choose(view, legal, random.Random(3)) in legal
    return time.thread_time() - started, bot


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=bot_specs(), game=st.sampled_from(sorted(SPECS)))
def test_no_accepted_spec_thinks_past_the_cap(spec: str, game: str) -> None:
    if not accepted(spec):
        return
    seconds, bot = think_once(spec, game)
    assert seconds <= SLACK * CAP_MS / 1000, f"{spec!r} thought {seconds * 1000:.0f} ms in {game} (cap {CAP_MS:g})"
    if isinstance(bot, ISMCTSBot):
        asked = parse_bot_spec(spec)[1].get("iters")
        assert asked is None or bot.last_iterations < int(asked) + PAIRED_WIDTH  # a paired round is played whole
        assert bot.ms is not None and bot.ms <= CAP_MS


@pytest.mark.parametrize("spec", ["strong:infer=256", "ismcts:infer=256,rollout=heuristic,depth=2000",
                                  "level:expert,infer=256,ms=300", "ismcts:iters=2000,infer=1,opponents=rollout"])
@pytest.mark.parametrize("game", sorted(SPECS))
def test_the_costliest_settings_stay_within_the_cap_and_a_memory_bound(spec: str, game: str) -> None:
    assert accepted(spec), spec
    seconds, _ = think_once(spec, game)
    assert seconds <= SLACK * CAP_MS / 1000, f"{spec!r} thought {seconds * 1000:.0f} ms in {game}"
    tracemalloc.start()
    try:
        think_once(spec, game)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 64 * 2**20, f"{spec!r} allocated {peak / 2**20:.0f} MiB at its peak in {game}"


@pytest.mark.parametrize(("spec", "code", "said"), [
    ("strong:infer=9223372036854775808", "bot/invalid",
     "infer='9223372036854775808' is out of range; infer (uniform deals drawn for each determinization, one "
     "kept by likelihood) is a whole number from 1 to 256"),
    ("strong:infer=100000", "bot/invalid", "a whole number from 1 to 256"),
    ("ismcts:depth=1000000", "bot/invalid", "depth='1000000' is out of range"),
    ("ismcts:c=1e300", "bot/invalid", "c='1e300' is out of range; c (the exploration constant) is a number above "
     "0 and at most 100"),
    ("level:expert,iters=300,infer=8", "bot/over_budget", "iters=300 times the work each does (2400); this "
     "server allows at most max_bot_iters = 2000"),
])
def test_the_server_refuses_a_setting_out_of_range_quoting_it_and_its_range(
        app_factory: Any, spec: str, code: str, said: str) -> None:
    app: FastAPI = app_factory(max_bot_iters=MAX_ITERS)
    with TestClient(app) as client:
        response = client.post("/api/tables", json={"game": "tonk", "seats": ["human", spec]})
        assert response.status_code == 422
        error = response.json()["error"]
        assert error["code"] == code and said in error["message"] and "seat 1" in error["message"]
        assert client.get("/api/tables").json() == [] or all(
            t["seats"][1]["bot"] != spec for t in client.get("/api/tables").json())
