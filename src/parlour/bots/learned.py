"""The learned bot (``learned:PATH``): a policy trained by reinforcement learning, playing from its seat's view.

The policy is a MaskablePPO network (sb3-contrib) trained through
``parlour.rl`` (``docs/notes/rl-agent/rl_agent.py`` trains one). The bot sees what
the learner saw: ``core.encoding.observation_of`` of its view and of the words
chosen so far, and chooses the action word by word with the game's
``WordChooser``, each time the most probable word among the legal ones, so
its play is deterministic.

torch and sb3-contrib are imported only when such a bot is made, so parlour
runs without them; the ``learn`` extra installs them.

A policy file holds plain values only (the game it was trained for, its
words, the observation size, the network's shape and its weights, stored as
float16 to keep files small), saved by ``save_policy`` and read back with
torch's ``weights_only`` loader, so that loading a file cannot run code from
it.

The *zoo* is a learned baseline for each game, shipped in the package
(``parlour/bots/zoo/``, its ``index.json`` saying per name the file, the game,
how it was made, the extra it needs and its arena result against the
heuristic): ``learned:zoo/NAME`` plays one, wherever parlour is installed.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from parlour.bots.base import Option
from parlour.bots.residual import ResidualBot, is_residual_file, make_residual
from parlour.core.encoding import Encoding, WordChooser, observation_of
from parlour.core.errors import BotSpecError
from parlour.core.game import Action, Game, View
from parlour.core.parts import encoding_of

if TYPE_CHECKING:
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

FORMAT = 1
"""The version of a policy file's layout."""
ACTIVATIONS = ("tanh", "relu")
"""The activation functions a policy file may name (torch.nn's Tanh and ReLU)."""
EXTRA = "pip install 'parlour[learn]'"
"""How to install what the learned bot needs."""

_LOADED: dict[tuple[str, int, int], dict[str, Any]] = {}
"""Policy files read so far, by resolved path, modification time and size: the arena makes a bot per game."""
ZOO = "zoo/"
"""How ``learned:PATH`` names a baseline of the zoo (``learned:zoo/NAME``), unless a file of that path exists."""


def _libraries(spec: str) -> tuple[Any, Any, Any]:
    """torch, torch.nn and sb3-contrib's maskable policy class, or ``BotSpecError`` naming the missing extra."""
    try:
        import torch
        from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
        from torch import nn
    except ImportError as e:
        raise BotSpecError(f"bot spec {spec!r}: the learned bot needs torch and sb3-contrib, and "
                           f"{e.name or 'one of them'} is not installed: {EXTRA}") from None
    return torch, nn, MaskableActorCriticPolicy


def save_policy(path: Path, policy: MaskableActorCriticPolicy, game: Game[Any], net_arch: list[int],
                activation: str, notes: Mapping[str, str | int | float] | None = None) -> None:
    """Write ``policy`` (trained on ``game`` through ``parlour.rl`` with hidden layers ``net_arch`` and
    ``activation``) to ``path`` as a learned bot reads it; ``notes`` (how it was trained) go along."""
    if activation not in ACTIVATIONS:
        raise ValueError(f"activation {activation!r}: use one of {', '.join(ACTIVATIONS)}")
    torch, _, _ = _libraries("learned")
    encoding = encoding_of(game)
    torch.save({
        "format": FORMAT,
        "game": game.name_with_rules(),
        "words": list(encoding.vocabulary),
        "observation": encoding.layout.size + len(encoding.vocabulary),
        "net_arch": list(net_arch),
        "activation": activation,
        "notes": dict(notes or {}),
        "state_dict": {k: v.detach().to(torch.float16).cpu() for k, v in policy.state_dict().items()},
    }, path)


def read_policy_file(spec: str, path: str) -> dict[str, Any]:
    """The contents of the policy file ``path`` (cached), or ``BotSpecError`` quoting ``spec`` and saying why."""
    torch, _, _ = _libraries(spec)
    file = Path(path).expanduser()
    try:
        stat = file.resolve().stat()
    except OSError as e:
        raise BotSpecError(f"bot spec {spec!r}: cannot read the policy file {path!r} ({e.strerror})") from None
    key = (str(file.resolve()), stat.st_mtime_ns, stat.st_size)
    if key not in _LOADED:
        try:
            data = torch.load(file, map_location="cpu", weights_only=True)
        except (OSError, RuntimeError, EOFError, ValueError, pickle.UnpicklingError) as e:
            reason = str(e).splitlines()[0] if str(e) else type(e).__name__
            raise BotSpecError(f"bot spec {spec!r}: {path!r} is not a policy file ({reason[:120]})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BotSpecError(f"bot spec {spec!r}: {path!r} is not a parlour policy file of format {FORMAT}")
        _LOADED[key] = data
    return _LOADED[key]


def zoo_entries() -> dict[str, dict[str, Any]]:
    """The zoo's index, by name: each baseline's policy file (in ``parlour/bots/zoo/``), game spec, kind, the
    extra it needs, how it was made and its arena result against the heuristic."""
    text = (resources.files("parlour.bots") / "zoo" / "index.json").read_text(encoding="utf-8")
    return cast("dict[str, dict[str, Any]]", json.loads(text))


def zoo_file(spec: str, name: str) -> Path:
    """The policy file of the zoo's baseline ``name``, or ``BotSpecError`` quoting ``spec`` and listing the names.
    The package is installed as files (a wheel is unpacked), so the file has a path."""
    entries = zoo_entries()
    if name not in entries:
        raise BotSpecError(f"bot spec {spec!r}: the zoo has no policy {name!r}; it has "
                           f"{', '.join(sorted(entries))} (learned:zoo/NAME)")
    return Path(str(resources.files("parlour.bots") / "zoo" / entries[name]["file"]))


def load_policy(spec: str, path: str, game: Game[Any]) -> MaskableActorCriticPolicy:
    """The policy in ``path`` ready to play ``game``, or ``BotSpecError`` quoting ``spec``: the file is
    missing or no policy, or it was trained for a game whose words or observation differ."""
    _, nn, policy_class = _libraries(spec)
    data = read_policy_file(spec, path)
    encoding = encoding_of(game)
    size = encoding.layout.size + len(encoding.vocabulary)
    if data["words"] != list(encoding.vocabulary) or data["observation"] != size:
        raise BotSpecError(f"bot spec {spec!r}: the policy was trained for {data['game']} ({len(data['words'])} "
                           f"words, observation {data['observation']}), not for {game.name_with_rules()} "
                           f"({len(encoding.vocabulary)} words, observation {size})")
    if data["activation"] not in ACTIVATIONS:
        raise BotSpecError(f"bot spec {spec!r}: the policy's activation {data['activation']!r} is not one of "
                           f"{', '.join(ACTIVATIONS)}")
    import numpy as np
    from gymnasium import spaces

    policy = policy_class(
        spaces.Box(-np.inf, np.inf, (size,), np.float32), spaces.Discrete(len(encoding.vocabulary)),
        lambda _: 0.0, net_arch=list(data["net_arch"]),
        activation_fn=nn.Tanh if data["activation"] == "tanh" else nn.ReLU)
    try:
        policy.load_state_dict(data["state_dict"])
    except (RuntimeError, KeyError) as e:
        raise BotSpecError(f"bot spec {spec!r}: the weights in {path!r} do not fit the network it names "
                           f"({str(e).splitlines()[0][:120]})") from None
    policy.set_training_mode(False)
    return cast("MaskableActorCriticPolicy", policy)


class LearnedBot:
    """Plays ``policy`` from the seat's view, word by word (see the module docstring)."""

    name = "learned"

    def __init__(self, encoding: Encoding, policy: MaskableActorCriticPolicy) -> None:
        import numpy

        self.np = numpy
        """NumPy, which comes with torch: imported with the bot, so that parlour itself runs without it."""
        self.encoding = encoding
        self.policy = policy
        self.words = WordChooser(encoding.vocabulary)

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        words = self.words
        words.begin(legal)
        while True:
            vector = self.np.asarray(observation_of(self.encoding, view, words), self.np.float32)
            mask = self.np.asarray(words.mask(), bool)
            index, _ = self.policy.predict(vector, action_masks=mask, deterministic=True)
            action = words.choose(int(index))
            if action is not None:
                return action


OPTIONS = (Option("path", "the policy file", "text"),)
"""The one setting ``learned`` takes."""


def make_learned(game: Game[Any], settings: dict[str, str]) -> LearnedBot | ResidualBot:
    """``learned:PATH`` (or ``learned:path=PATH``): the policy saved at PATH, for ``game`` — a MaskablePPO
    network, or a residual policy (``bots.residual``: a NumPy archive) over a base bot; ``learned:zoo/NAME``,
    when no file has that path, the zoo's baseline NAME."""
    path = settings.get("path")
    if not path:
        raise BotSpecError("bot 'learned' needs the policy file: learned:PATH (docs/notes/rl-agent/rl_agent.py "
                           "and docs/notes/rl-residual/rl_residual.py write one)")
    spec = f"learned:{path}"
    file = Path(path).expanduser()
    if path.startswith(ZOO) and not file.exists():
        file = zoo_file(spec, path.removeprefix(ZOO))
        path = str(file)
    if file.is_file() and is_residual_file(file):
        return make_residual(spec, file, game)
    return LearnedBot(encoding_of(game), load_policy(spec, path, game))

