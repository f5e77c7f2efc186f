"""Golden digests: deals and legal actions of seeded games, pinned per game in ``tests/data/golden/NAME/digests.json``.

A stored table is restored by replaying its record (rules, seed, actions), so a change to chance
(dealing, shuffling, drawing) or to move generation silently changes every stored game.
``tests/test_golden.py`` recomputes, for every registered game (``parlour.core.registry``: a game gets the checks
by registering, and fails them until its file is written), at every preset and player count the game supports
(and a few flag combinations in ``VARIANTS``) and for each of ``SEEDS``:

* the digest of the deal: the state's JSON (``State.to_json``), then what every seat and a
  spectator see of it (``State.view``), each as JSON with sorted keys;
* the digest of a seeded random game: the sorted texts of the legal actions at every step, to
  the end, then the returns.

and compares them with the game's file. Everything hashed is text with a fixed form (never
``hash()``), so the digests are the same in every process and on every machine. When a change is
*meant* to change deals or legal actions, raise the game's engine version (``engine_version`` in its
``GameSpec``: records and stored tables made under the old one are then checked by replay, see
``parlour.core.versions``), regenerate the files and commit them with it:

    PYTHONPATH=src .venv/bin/python tools/golden.py --update [GAME ...]

Without ``--update`` the command says, for each game, which cases (preset and player count) differ
from its file. Each file names the engine version it was made under, and ``write`` refuses
to change a case's digests under the same version: digests and versions move together.

The machinery lives here, with the command, rather than under ``tests/``: the tests import the tools
they test (this one among them), and a tool never imports the tests, so the two folders depend one way
only (``tests/test_architecture.py`` keeps it so).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from parlour.bots.heuristic import make_heuristic, rollout_policy
from parlour.core.game import Game, State
from parlour.core.registry import game_class, game_classes, load_game

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DIR = ROOT / "tests" / "data" / "golden"
"""Each game's digests, found by the game's name: ``GOLDEN_DIR / NAME / "digests.json"``."""
SEEDS = (0, 1, 2, 2**53 + 1, 2**127 + 12345)
"""Small seeds, and seeds that JSON carries as decimal text (the server deals from 128-bit ones)."""
VARIANTS: dict[str, tuple[str, ...]] = {
    "tonk": (
        "tonk:speno?players=3&hands=3&jokers=2&hand_size=7&spades_side_bet=true",
        "tonk:classic?players=4&jokers=2&joker_points=15&hand_size=9&deal_49_wins=in_turn&deal_13_double=true",
        "tonk:pagat?players=2&upcard=false&drop_timing=any&may_rediscard_taken=true&hands=2",
    ),
    "plonk": ("plonk?target=100",),
    "tock": (
        "tock?players=4&home_entry=optional&two_of_spades_enters=true",
        "tock:sevens?players=6&home_entry=optional",
        "tock?players=4&teams=pairs",
    ),
}
"""Flags beyond the presets that reach more chance events (later hands, jokers) or other moves."""
GAMES_PER_CASE = {"tock": 1}
"""Random games played per case where a full game is long (a Tock race is thousands of steps);
elsewhere one per seed. Case ``i`` plays them from ``SEEDS`` turned by ``i``, so every seed is used."""
END_CHANCE = 0.05
"""How often the random game accepts an action that ends the game while another would not."""


def fixture(name: str) -> Path:
    """Where game ``name``'s expected digests are stored."""
    return GOLDEN_DIR / name / "digests.json"


def cases(name: str) -> list[Game[Any]]:
    """Every preset of game ``name`` at every player count its spec allows, then its ``VARIANTS``."""
    found = game_class(name)
    games = [load_game(name, preset=preset, players=players)
             for preset in list(found.rules_type.presets) or [None]
             for players in range(found.spec.min_players, found.spec.max_players + 1)]
    return games + [load_game(spec) for spec in VARIANTS.get(name, ())]


def canonical(value: Any) -> str:
    """``value`` as JSON with sorted keys and no spaces: the same text in every process."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def deal_lines(game: Game[Any], seed: int) -> Iterator[str]:
    """The state dealt from ``seed``, then what each seat and a spectator see of it."""
    state = game.new_state(seed)
    yield canonical(state.to_json())
    for seat in [*range(game.num_players), None]:
        yield canonical(state.view(seat))


def game_lines(game: Game[Any], seed: int) -> Iterator[str]:
    """The sorted legal action texts at every step of a random game dealt from ``seed``, then its returns.

    Actions are drawn from the sorted texts by a generator seeded with ``seed``; an action that
    ends the game is taken only ``END_CHANCE`` of the time while another does not (a drop is always
    on offer in Tonk, so uniform play would end most games at once, before any spread or stock-out).
    """
    rng = random.Random(seed)
    state = game.new_state(seed)
    while not state.is_terminal:
        legal = sorted((str(action), action) for action in state.legal_actions())
        yield " ".join(text for text, _ in legal)
        state.apply(_choose(state, [action for _, action in legal], rng))
    yield canonical(state.returns())


def _choose(state: State[Any, Any], legal: list[Any], rng: random.Random) -> Any:
    """A random one of ``legal``, re-drawn among the others while it would end the game (mostly)."""
    while True:
        action = legal.pop(rng.randrange(len(legal)))
        if not legal or rng.random() < END_CHANCE:
            return action
        trial = state.clone()
        trial.apply(action)
        if not trial.is_terminal:
            return action


def heuristic_lines(game: Game[Any], seed: int, on_view: bool) -> Iterator[str]:
    """The actions of a game dealt from ``seed`` with the game's heuristic at every seat, then its returns.

    ``on_view``: the heuristic bot, deciding from each seat's view (as it plays a person); otherwise the
    rollout policy, deciding on the state itself (as the search's playouts do). Pinned per game, these
    digests fail when the heuristic plays any move otherwise: compiled and pure builds must agree.
    """
    rng = random.Random(seed)
    state = game.new_state(seed)
    bot = make_heuristic(game, {})
    policy = rollout_policy(game)
    while not state.is_terminal:
        if on_view:
            action = bot.choose(state.view(state.current_player), state.legal_actions(), rng)
        else:
            action = policy(state, rng)
        yield str(state.apply(action))
    yield canonical(state.returns())


def digest(lines: Iterable[str]) -> str:
    """SHA-256 (hex) of ``lines``, each ended by a newline, in UTF-8."""
    h = hashlib.sha256()
    for line in lines:
        h.update(line.encode("utf-8"))
        h.update(b"\n")
    return h.hexdigest()


def game_seeds(name: str, index: int) -> tuple[int, ...]:
    """The seeds of the random games of case ``index`` of game ``name``."""
    count = GAMES_PER_CASE.get(name, len(SEEDS))
    turned = SEEDS[index % len(SEEDS):] + SEEDS[:index % len(SEEDS)]
    return turned[:count]


def case_digests(game: Game[Any], index: int) -> dict[str, list[str]]:
    """The digests of ``game``, case ``index`` of its game: of the deal of each of ``SEEDS``, of its random games."""
    return {"deals": [digest(deal_lines(game, seed)) for seed in SEEDS],
            "games": [digest(game_lines(game, seed)) for seed in game_seeds(game.spec.name, index)]}


def computed(name: str) -> dict[str, dict[str, list[str]]]:
    """Every case of game ``name`` (by its spec string) with its digests, as the engine makes them now."""
    return {game.name_with_rules(): case_digests(game, index) for index, game in enumerate(cases(name))}


class EngineVersionNotRaised(AssertionError):
    """Digests that changed under the engine version the stored ones were made under."""


def stored_engine(name: str) -> int | None:
    """The engine version the file of game ``name`` was made under (None: no file, or one made before
    versions were written)."""
    if not fixture(name).exists():
        return None
    version = json.loads(fixture(name).read_text(encoding="utf-8")).get("engine")
    return version if isinstance(version, int) else None


def changed_cases(name: str, now: dict[str, dict[str, list[str]]]) -> list[str]:
    """The cases of game ``name`` pinned in its file whose digests ``now`` differ (new or gone ones aside)."""
    before = stored(name) if fixture(name).exists() else {}
    return sorted(case for case in set(now) & set(before) if now[case] != before[case])


def stored(name: str) -> dict[str, dict[str, list[str]]]:
    """The digests the file of game ``name`` pins."""
    data = json.loads(fixture(name).read_text(encoding="utf-8"))
    if data.get("seeds") != [str(seed) for seed in SEEDS]:
        raise AssertionError(f"{fixture(name)} was made for other seeds: regenerate it (see tools/golden.py)")
    digests: dict[str, dict[str, list[str]]] = data["digests"]
    return digests


def write(name: str) -> Path:
    """Store the digests of game ``name`` as the engine makes them now, with its engine version; the file
    written. ``EngineVersionNotRaised`` when a pinned case changed while the version stayed the same."""
    path = fixture(name)
    now = computed(name)
    version = game_class(name).spec.engine_version
    changed = changed_cases(name, now)
    if changed and stored_engine(name) == version:
        raise EngineVersionNotRaised(
            f"{name}: {len(changed)} cases deal or play differently (first {changed[0]}), but the engine version is "
            f"still {version}: raise engine_version in the game's GameSpec, so that records and stored tables of "
            f"version {version} are checked by replay, then regenerate")
    data = {"about": "Golden digests of deals and random games (tools/golden.py); "
                     "regenerate with: PYTHONPATH=src .venv/bin/python tools/golden.py --update",
            "engine": version,
            "seeds": [str(seed) for seed in SEEDS],
            "digests": now}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def assert_all_pinned(name: str) -> None:
    """Every case of game ``name`` (each preset and player count) has stored digests, and no other, made under
    the engine version the game declares."""
    assert fixture(name).exists(), (f"{name} has no golden digests ({fixture(name)}): write them with "
                                     f"PYTHONPATH=src .venv/bin/python tools/golden.py --update {name}")
    assert sorted(stored(name)) == sorted(game.name_with_rules() for game in cases(name))
    version = game_class(name).spec.engine_version
    assert stored_engine(name) == version, (
        f"{fixture(name)} was made under engine version {stored_engine(name)}, but {name} declares {version}: "
        "regenerate it (tools/golden.py --update)")


def assert_unchanged(name: str, index: int, game: Game[Any]) -> None:
    """Case ``index`` of game ``name`` still deals and plays as its stored digests say."""
    expected = stored(name)[game.name_with_rules()]
    got = case_digests(game, index)
    meant = ("; if meant, raise the game's engine_version and regenerate (tools/golden.py --update)")
    assert got["deals"] == expected["deals"], "a deal changed: chance (dealing, shuffling) is not what it was" + meant
    assert got["games"] == expected["games"], "the legal actions along a seeded random game changed" + meant


def main(argv: list[str]) -> int:
    """Check (or with ``--update`` rewrite) the digests of the games named in ``argv``, or of every game."""
    update = "--update" in argv
    names = [a for a in argv if a != "--update"] or sorted(game_classes())
    changed = 0
    for name in names:
        if name not in game_classes():
            raise SystemExit(f"no game {name!r} is registered: games are {', '.join(sorted(game_classes()))}")
        if update:
            try:
                print(f"wrote {write(name)}")
            except EngineVersionNotRaised as e:
                print(e)
                changed += 1
            continue
        now = computed(name)
        before = stored(name) if fixture(name).exists() else {}
        for case in sorted(set(now) | set(before)):
            if now.get(case) != before.get(case):
                changed += 1
                print(f"{name}: {case} differs from {fixture(name)}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
