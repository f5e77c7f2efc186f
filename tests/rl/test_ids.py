"""parlour.rl.ids: Gymnasium ids from the registry, pinned ids that keep their rule set and encoding."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

import gymnasium
from tools.rl_tables import IDS_DOC, update

from parlour import rl
from parlour.core.registry import game_classes, load_game
from parlour.rl.ids import IDS_BEGIN, IDS_END, VERSION, digest, ids_table, pinned_game, pinned_ids
from parlour.rl.vector import VectorEnv

PINNED = Path(__file__).resolve().parents[1] / "data" / "rl" / "pinned_ids.json"
"""Every pinned id ever released, with the digest of what it fixes: an id never changes its game."""


def test_every_preset_at_every_table_size_has_a_pinned_id_that_makes_it() -> None:
    ids = pinned_ids()
    for name, game_class in game_classes().items():
        for preset in game_class.rules_type.presets or [None]:
            for players in range(game_class.spec.min_players, game_class.spec.max_players + 1):
                label = "-".join([name.capitalize(), *([preset] if preset else []), f"{players}p"])
                assert f"parlour/{label}-v{VERSION}" in ids
    assert ids["parlour/Tonk-classic-2p-v0"] == {"spec": "tonk:classic", "players": 2}
    assert ids["parlour/Plonk-4p-v0"] == {"spec": "plonk", "players": 4}
    assert all(env_id in gymnasium.registry for env_id in ids)
    single = gymnasium.make("parlour/Tock-sevens-6p-v0", opponents="random")
    assert single.unwrapped.multi.game.name_with_rules() == load_game("tock:sevens", players=6).name_with_rules()
    vector = gymnasium.make_vec("parlour/Tonk-pagat-3p-v0", num_envs=2, opponents="random")
    assert isinstance(vector, VectorEnv) and vector.game.name_with_rules() == "tonk:pagat?players=3"
    assert vector.spec is not None and vector.spec.id == "parlour/Tonk-pagat-3p-v0"


def test_no_pinned_id_changes_its_rules_or_encoding() -> None:
    """Each id's digest (flags, words, layout) is the one it was released with; a change needs a new VERSION,
    whose ids are then added to the file."""
    released = json.loads(PINNED.read_text(encoding="utf-8"))
    current = {env_id: digest(pinned_game(env_id)) for env_id in pinned_ids()}
    changed = [env_id for env_id, made in current.items() if env_id in released and released[env_id] != made]
    assert changed == [], "these ids no longer make what they made: raise parlour.rl.ids.VERSION"
    assert set(current) <= set(released), f"add the new ids and their digests to {PINNED}"


def test_the_digest_sees_flags_words_and_layout() -> None:
    base = load_game("tonk:classic", players=2)
    assert digest(base) == digest(load_game("tonk:classic", players=2))
    assert digest(base) != digest(load_game("tonk:classic", players=2, jokers=2))  # words and flags
    assert digest(base) != digest(load_game("tonk:texas", players=2))  # flags alone
    assert digest(base) != digest(load_game("tonk:classic", players=3))  # the layout


def test_the_doc_lists_the_pinned_ids(tmp_path: Path) -> None:
    text = IDS_DOC.read_text(encoding="utf-8")
    assert IDS_BEGIN in text and IDS_END in text, "docs/rl.md has lost the gymnasium-ids marks"
    assert text.partition(IDS_BEGIN)[2].partition(IDS_END)[0].strip() == ids_table().strip(), \
        "run PYTHONPATH=src .venv/bin/python tools/rl_tables.py --update"
    page = tmp_path / "rl.md"
    page.write_text(f"a\n{IDS_BEGIN}\nold\n{IDS_END}\nb\n", encoding="utf-8")
    update(page, IDS_BEGIN, IDS_END, ids_table())
    assert page.read_text(encoding="utf-8") == f"a\n{IDS_BEGIN}\n\n{ids_table()}\n{IDS_END}\nb\n"
    assert rl.pinned_ids() == pinned_ids()


def test_a_pinned_id_takes_the_environments_keywords_and_refuses_other_rules() -> None:
    single = gymnasium.make("parlour/Tonk-speno-2p-v0", opponents="random", seat=1, players=2, max_episode_steps=7)
    assert single.unwrapped.seat == 1 and single.unwrapped.multi.game.name_with_rules() == "tonk:speno?players=2"
    vector = gymnasium.make_vec("parlour/Plonk-4p-v0", num_envs=2, seat="all", max_episode_steps=9)
    assert isinstance(vector, VectorEnv) and vector.all_seats and vector.max_episode_steps == 9
    for changed, named in (({"players": 3}, "players"), ({"jokers": 2}, "jokers"), ({"preset": "texas"}, "preset"),
                           ({"spec": "tonk:texas"}, "spec")):
        with pytest.raises(ValueError, match=f"parlour/Tonk-classic-2p-v0 fixes its rule set: {named} cannot be "
                                             "given .*parlour/Tonk-v0"):
            gymnasium.make("parlour/Tonk-classic-2p-v0", **changed)
        with pytest.raises(ValueError, match=f"fixes its rule set: {named}"):
            gymnasium.make_vec("parlour/Tonk-classic-2p-v0", num_envs=2, **changed)
