"""examples/jax_ppo_plonk.py: its network saved as a learned bot's policy computes what the JAX network computes,
and a run of two updates writes a curve and a policy that ``learned:PATH`` plays in the arena."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path
from typing import Any

import pytest

jax = pytest.importorskip("jax")
torch = pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from examples.jax_ppo_plonk import POINTS, SCORES, forward, init_params, lead, main, save  # noqa: E402

from parlour.bots import make_bot  # noqa: E402
from parlour.bots.learned import LearnedBot  # noqa: E402
from parlour.core.encoding import WordChooser, observation_of  # noqa: E402
from parlour.core.parts import encoding_of  # noqa: E402
from parlour.core.registry import load_game  # noqa: E402

SPEC = "plonk"


def test_the_saved_policy_chooses_and_values_as_the_jax_network(tmp_path: Path) -> None:
    game = load_game(SPEC)
    encoding = encoding_of(game)
    size = encoding.layout.size + len(encoding.vocabulary)
    params = init_params(jax.random.PRNGKey(0), size, [24, 16], len(encoding.vocabulary))
    params["pi"] = (params["pi"][0] * 300.0, params["pi"][1])  # logits far apart: float16 weights keep the order
    path = tmp_path / "policy.pt"
    save(params, path, {"test": 1})
    bot = make_bot(f"learned:{path}", game)
    assert isinstance(bot, LearnedBot)
    state = game.new_state(5)
    rng = np.random.default_rng(0)
    score = jax.jit(forward)
    for _ in range(12):
        seat, legal = state.current_player, state.legal_actions()
        words = WordChooser(bot.encoding.vocabulary)
        words.begin(legal)
        mask = np.asarray(words.mask(), bool)
        row = np.asarray(observation_of(bot.encoding, state.view(seat), None), np.float32)
        log_probs, value = score(params, row, mask)
        with torch.no_grad():
            tensor = torch.as_tensor(row)[None]
            distribution: Any = bot.policy.get_distribution(tensor, action_masks=mask[None]).distribution
            torch_log_probs = distribution.logits[0]
            torch_value = float(bot.policy.predict_values(tensor)[0, 0])
        np.testing.assert_allclose(torch_log_probs.numpy()[mask], np.asarray(log_probs)[mask], atol=0.05)
        assert torch_value == pytest.approx(float(value), abs=0.01)
        chosen = bot.choose(state.view(seat), legal, random.Random(0))
        assert bot.encoding.vocabulary.index(str(chosen)) == int(np.argmax(np.asarray(log_probs)))
        state.apply(legal[int(rng.integers(len(legal)))])


def test_the_lead_reads_both_sides_points_from_the_observation() -> None:
    row = jnp.zeros(600).at[SCORES:SCORES + 2].set(jnp.array([3.10, 2.40]))  # scores 310 and 240
    row = row.at[POINTS:POINTS + 2].set(jnp.array([0.25, -0.03]))  # this deal 25 and -3
    assert float(lead(row, jnp.bool_(False))) == pytest.approx(0.98)
    assert float(lead(row, jnp.bool_(True))) == pytest.approx(0.70)  # the match over: its last deal is in the scores


def test_two_updates_write_a_curve_and_a_policy_the_learned_bot_plays(tmp_path: Path) -> None:
    summary = main(["--updates", "2", "--envs", "8", "--rollout", "4", "--minibatches", "2", "--epochs", "1",
                    "--hidden", "16", "--checkpoints", "0", "--games", "2", "--out", str(tmp_path)])
    assert summary["updates"] == 2 and summary["env_steps"] == 2 * 8 * 4
    with (tmp_path / "curve.csv").open(encoding="utf-8") as rows:
        curve = list(csv.DictReader(rows))
    assert [row["update"] for row in curve] == ["1", "2"] and all(float(row["entropy"]) > 0 for row in curve)
    assert summary["arena"]["games"] == 2
    assert json.loads((tmp_path / "training.json").read_text(encoding="utf-8"))["arena"]["games"] == 2
    assert "| `heuristic` | 2 |" in (tmp_path / "results.md").read_text(encoding="utf-8")
    assert isinstance(make_bot(f"learned:{tmp_path / 'policy.pt'}", load_game(SPEC)), LearnedBot)
