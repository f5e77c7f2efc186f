"""The learned bot: its spec, its policy file, clear refusals, and legal play from the view alone."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

import numpy as np
from gymnasium import spaces
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from torch import nn
from typer.testing import CliRunner

from parlour import load_game, rl
from parlour.bots import make_bot
from parlour.bots.base import parse_bot_spec
from parlour.bots.learned import LearnedBot, save_policy
from parlour.bots.names import readable_name
from parlour.cli.app import app
from parlour.core.encoding import observation_of
from parlour.core.errors import BotSpecError
from parlour.core.parts import encoding_of

SPEC = "tonk:speno?players=2"


def untrained(spec: str, path: Path) -> Path:
    """A small untrained policy for ``spec``, saved at ``path`` as the benchmark saves a trained one."""
    game = load_game(spec)
    encoding = encoding_of(game)
    size = encoding.layout.size + len(encoding.vocabulary)
    policy = MaskableActorCriticPolicy(spaces.Box(-np.inf, np.inf, (size,), np.float32),
                                       spaces.Discrete(len(encoding.vocabulary)), lambda _: 0.0, net_arch=[8],
                                       activation_fn=nn.Tanh)
    save_policy(path, policy, game, [8], "tanh", {"steps": 0})
    return path


@pytest.fixture(scope="module")
def policy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return untrained(SPEC, tmp_path_factory.mktemp("learned") / "policy.pt")


def test_the_spec_takes_the_path_bare_or_named() -> None:
    assert parse_bot_spec("learned:docs/rl/policy.pt") == ("learned", {"path": "docs/rl/policy.pt"})
    assert parse_bot_spec("Learned:path=Run/P.pt") == ("learned", {"path": "Run/P.pt"})
    assert readable_name("learned:docs/rl/policy.pt") == "Learned bot"
    with pytest.raises(BotSpecError, match="'x' should be KEY=VALUE"):
        parse_bot_spec("random:x")


def test_it_plays_whole_games_with_legal_actions_the_same_way_each_time(policy: Path) -> None:
    game = load_game(SPEC)
    bot, other = make_bot(f"learned:{policy}", game), make_bot("random", game)
    assert isinstance(bot, LearnedBot)
    plays = []
    for seed in range(2):
        moves = []
        for deal in range(15):
            state = game.new_state(deal)
            mine, theirs = random.Random(seed), random.Random(deal)  # the bot's generator differs between passes
            while not state.is_terminal:
                seat, legal = state.current_player, state.legal_actions()
                if seat == deal % 2:
                    action = bot.choose(state.view(seat), legal, mine)
                    moves.append(str(action))
                else:
                    action = other.choose(state.view(seat), legal, theirs)
                assert action in legal
                state.apply(action)
        plays.append(moves)
    assert plays[0] and plays[0] == plays[1]


def test_it_sees_what_the_learner_saw(policy: Path) -> None:
    """Each word the bot picks is the policy's most probable word on parlour.rl's own observation."""
    env = rl.env(SPEC)
    bot = make_bot(f"learned:{policy}", env.game)
    assert isinstance(bot, LearnedBot)
    env.reset(seed=3)
    state = env.live()
    seat = state.current_player
    expected = bot.choose(state.view(seat), state.legal_actions(), random.Random(0))
    agent = env.agent_selection
    while True:
        observation = env.observe(agent)
        assert np.array_equal(observation["observation"],
                              np.asarray(observation_of(env.encoding, state.view(seat), env.words), np.float32))
        mask = observation["action_mask"].astype(bool)
        word, _ = bot.policy.predict(observation["observation"], action_masks=mask, deterministic=True)
        settled = env.words.choose(int(word))
        if settled is not None:
            assert settled == expected
            return


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [("learned", "needs the policy file: learned:PATH"),
     ("learned:no/such/policy.pt", "bot spec 'learned:no/such/policy.pt': cannot read the policy file "
                                   "'no/such/policy.pt'"),
     ("learned:path=a.pt,depth=3", "learned: unknown setting(s) depth; settings are path")],
)
def test_bad_specs_are_refused_quoting_them(spec: str, fragment: str) -> None:
    with pytest.raises(BotSpecError) as caught:
        make_bot(spec, load_game(SPEC))
    assert fragment in str(caught.value) and "\n" not in str(caught.value)


def test_a_file_that_is_no_policy_is_refused(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a policy\n")
    with pytest.raises(BotSpecError, match=r"bot spec 'learned:.*notes.txt': '.*notes.txt' is not a policy file"):
        make_bot(f"learned:{notes}", load_game(SPEC))


def test_a_policy_for_another_game_is_refused_naming_both(policy: Path) -> None:
    with pytest.raises(BotSpecError, match=r"trained for tonk:speno\?players=2 \(132 words, observation 2398\), "
                                           r"not for plonk"):
        make_bot(f"learned:{policy}", load_game("plonk"))


def test_without_torch_the_error_names_the_extra(policy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)
    with pytest.raises(BotSpecError, match=r"needs torch and sb3-contrib, and torch is not installed: "
                                           r"pip install 'parlour\[learn\]'"):
        make_bot(f"learned:{policy}", load_game(SPEC))


def test_the_arena_refuses_a_bad_path_in_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["arena", SPEC, "--bots", "learned:missing.pt,random", "--games", "2",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert " ".join(result.output.split()) == ("error: bot spec 'learned:missing.pt': cannot read the policy file "
                                               "'missing.pt' (No such file or directory)")


def test_the_arena_plays_a_policy_as_a_bot(policy: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["arena", SPEC, "--bots", f"learned:{policy},random", "--games", "4",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    assert summary["games"] == 4 and {b["bot"] for b in summary["bots"]} == {f"learned:{policy}", "random"}
    assert sum(b["games"] for b in summary["bots"]) == 8
