"""parlour's Gymnasium ids, made from the registry and the games' presets (``parlour.rl`` registers them).

Two kinds. ``parlour/<Game>-v0`` (``gymnasium_ids``) is each game with an
encoding, its rule set given by keywords (``preset=``, ``players=``, flags).
A **pinned** id (``pinned_ids``) names one rule set: a preset (for games
that have presets) and a number of players, ``parlour/Tonk-classic-2p-v0``
style, so that an id in a paper or a config file always means the same game
and the same observation and action encoding. Its environments are made by
``make_pinned`` (``gymnasium.make``) and ``make_pinned_vector``
(``gymnasium.make_vec``), which take the environments' own keywords
(opponents, seat, reward, time limit, …) and refuse any that would change
the rule set (a flag, a preset, another number of players). Its version is ``VERSION``:
when the rules or the encoding under an id change, ``VERSION`` is raised, so
the old id is no longer made by a parlour that would play it otherwise.
``tests/rl/test_ids.py`` holds each pinned id's ``digest`` (its rules' flags,
its words and its observation layout) and fails when one changes under the
same id. ``ids_table`` is the list of them in ``docs/rl.md``, written by
``tools/rl_tables.py --update``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from parlour.core.errors import RulesError
from parlour.core.game import Game
from parlour.core.parts import encoding_of
from parlour.core.registry import load_game
from parlour.rl.single import SingleAgentEnv
from parlour.rl.tables import encoded_games
from parlour.rl.vector import vector_env

NAMESPACE = "parlour"
"""The Gymnasium namespace of parlour's ids."""
VERSION = 0
"""The version of every pinned id: raised when the rules or the encoding of a pinned rule set change."""
IDS_BEGIN = "<!-- gymnasium-ids: made by tools/rl_tables.py --update -->"
IDS_END = "<!-- /gymnasium-ids -->"


def gymnasium_ids() -> dict[str, str]:
    """The Gymnasium id of each installed game with an encoding (``parlour/Tonk-v0``), by game name."""
    return {name: f"{NAMESPACE}/{name.capitalize()}-v0" for name in encoded_games()}


def pinned_ids() -> dict[str, dict[str, Any]]:
    """Each pinned id with the keywords that make its rule set: ``{"parlour/Tonk-classic-2p-v0": {"spec":
    "tonk:classic", "players": 2}, …}``, for every preset (or the game's rules, where it has no presets) at every
    number of players it allows, in game, preset and player order."""
    found: dict[str, dict[str, Any]] = {}
    for name, game_class in encoded_games().items():
        presets: list[str | None] = list(game_class.rules_type.presets) or [None]
        for preset in presets:
            for players in range(game_class.spec.min_players, game_class.spec.max_players + 1):
                spec = name if preset is None else f"{name}:{preset}"
                try:
                    load_game(spec, players=players)
                except RulesError:  # a preset that does not seat that many
                    continue
                label = "-".join([name.capitalize(), *([preset] if preset else []), f"{players}p"])
                found[f"{NAMESPACE}/{label}-v{VERSION}"] = {"spec": spec, "players": players}
    return found


def pinned_game(env_id: str) -> Game[Any]:
    """The game pinned id ``env_id`` makes."""
    return load_game(**pinned_ids()[env_id])


def pinned_keywords(pinned: str, keywords: dict[str, Any]) -> dict[str, Any]:
    """The keywords that make pinned id ``pinned``'s environment: its rule set's, then ``keywords``, the
    environment's own; a rule flag, a preset or a spec among them is refused with a ``ValueError`` (the id fixes
    them: ``parlour/<Game>-v0`` takes them), unless it repeats the id's own value."""
    fixed = pinned_ids()[pinned]
    rules = set(type(load_game(**fixed)).rules_type.flags()) | {"spec", "preset"}
    changed = sorted(key for key in keywords if key in rules and keywords[key] != fixed.get(key))
    if changed:
        raise ValueError(f"{pinned} fixes its rule set: {', '.join(changed)} cannot be given (use "
                         f"{gymnasium_ids()[load_game(**fixed).spec.name]} to choose the rules)")
    return {**fixed, **keywords}


def make_pinned(pinned: str, **keywords: Any) -> SingleAgentEnv:
    """Pinned id ``pinned``'s single-agent environment (``gymnasium.make``), ``single_agent``'s keywords."""
    return SingleAgentEnv(**pinned_keywords(pinned, keywords))


def make_pinned_vector(pinned: str, num_envs: int, **keywords: Any) -> Any:
    """Pinned id ``pinned``'s vector environment of ``num_envs`` games (``gymnasium.make_vec``), ``vector_env``'s
    keywords."""
    return vector_env(num_envs=num_envs, **pinned_keywords(pinned, keywords))


def digest(game: Game[Any]) -> str:
    """A SHA-256 of what a pinned id fixes: the rules' flags, the action words and the observation layout."""
    encoding = encoding_of(game)
    fixed = {
        "game": game.spec.name,
        "rules": game.rules.to_dict(),
        "words": list(encoding.vocabulary),
        "layout": [[s.name, s.start, s.size, s.low, s.high] for s in encoding.layout.sections],
    }
    return hashlib.sha256(json.dumps(fixed, sort_keys=True, default=str).encode()).hexdigest()


def ids_table() -> str:
    """Every pinned id as a Markdown table (``docs/rl.md`` carries it between ``IDS_BEGIN`` and ``IDS_END``)."""
    lines = ["| id | rule set | observation | actions |", "|---|---|---:|---:|"]
    for env_id in pinned_ids():
        game = pinned_game(env_id)
        encoding = encoding_of(game)
        words = len(encoding.vocabulary)
        lines.append(f"| `{env_id}` | `{game.name_with_rules()}` | {encoding.layout.size + words} floats "
                     f"| `Discrete({words})` |")
    return "\n".join(lines) + "\n"
