"""Tock's JAX environment: pgx's own API checks, the specs it offers and refuses, and equal to the Python engine word
for word.

The equivalence test plays random games from Python deals through both engines with the code of
``benchmarks/jax_equivalence.py`` (``TockHooks``), comparing at every word the mask (``parlour.rl``'s word
vocabulary), the player to move, the observation row with the words chosen so far (exactly), the rewards and the
end. Until the stock runs out the JAX env draws the Python stock's cards in order; when the Python engine shuffles
the pile into a new stock, the JAX game is set to the Python one again (``from_state``).
"""

from __future__ import annotations

from typing import Any

import pytest

jax = pytest.importorskip("jax")
pytest.importorskip("pgx")

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

import parlour.jax  # noqa: E402
from benchmarks import jax_api, jax_equivalence  # noqa: E402
from parlour.core.encoding import WordChooser  # noqa: E402
from parlour.core.errors import ParlourError  # noqa: E402
from parlour.core.parts import encoding_of  # noqa: E402
from parlour.core.registry import load_game  # noqa: E402
from parlour.games.tock import seven  # noqa: E402
from parlour.games.tock.actions import SEAT_LETTERS, Seven, part  # noqa: E402
from parlour.games.tock.board import board_for  # noqa: E402
from parlour.jax.common import unpacked  # noqa: E402
from parlour.jax.tock import from_state, seven_splits  # noqa: E402


def test_make_reads_the_flags_offered() -> None:
    assert parlour.jax.make("tock?players=3").num_players == 3
    assert parlour.jax.make("tock:sevens").table.deck_size == 108 + 4
    assert parlour.jax.make("tock").num_players == 4
    assert parlour.jax.make("tock?teams=two").table.teams
    assert parlour.jax.make("tock?players=8&home_entry=optional").table.stays == 2


def test_make_refuses_what_the_rules_refuse() -> None:
    with pytest.raises(ParlourError, match=r"'tock\?players=9'.*players"):
        parlour.jax.make("tock?players=9")


def test_pgx_api() -> None:
    """pgx's api_test as ``benchmarks/jax_api.py`` runs it on every preset: here the 2-player game, the shortest."""
    jax_api.api_test(parlour.jax.make("tock?players=2"), num=1)


@pytest.mark.parametrize(("spec", "games"), [("tock", 12), ("tock?players=2&two_of_spades_enters=true", 4),
                                             ("tock?players=3&extra_sevens=true", 4), ("tock?teams=pairs", 4)])
def test_equal_to_the_python_engine(spec: str, games: int) -> None:
    """A few random games through both engines, compared at every word by the equivalence benchmark's code (a
    game is some 600 to 1,500 words: 200 of them would take minutes here; the benchmark plays 10,000 a spec)."""
    played = jax_equivalence.play(spec, games)
    assert played.difference is None, played.difference
    seen = played.seen
    assert seen["split 7 parts"] > 0 and seen["bonus"] > 0 and seen["discard"] > 0 and seen["reshuffles"] > 0, seen
    assert seen["for a teammate"] > 0 or "teams" not in spec, seen


HANDS = (["Ac", "7d", "4h", "5s", "Kc"], ["7c", "Qd", "Jk", "8h", "Js"], ["2c", "3d", "6h", "9s", "Th"],
         ["7h", "7s", "4c", "5d", "Ad"])
"""Hands of every kind of card action, shortcuts and 7s first (a seat has one of them at a time)."""


def crowd(spec: str, i: int, rng: np.random.Generator) -> Any:
    """A position of ``spec`` for seat a's turn with pawns crowded where the rules of the spec meet: the
    intersections (``set_up`` settles the pawns on them), or, with optional home entry, the squares before the
    feet of the homes; in a team game of 6, seat a's pawns are all home and it plays for c and e, whose pawns are
    crowded so. A hand of ``HANDS`` for seat a."""
    game = load_game(spec)
    players = game.rules.players
    board = board_for(players)
    near = board.intersections or tuple((foot - k) % board.squares for foot in board.feet for k in range(1, 8))
    squares = [int(x) for x in rng.choice(board.squares, 12, replace=False)]
    crossings = [int(x) for x in rng.choice(near, min(len(near), 8), replace=False)]
    names = [f"{SEAT_LETTERS[s]}{k}" for s in range(players) for k in range(1, 5) if s % 2 == 0 or k < 3]
    places = [q for q in dict.fromkeys(crossings + squares) if q not in board.starts]
    pawns: dict[str, Any] = dict(zip(rng.permutation(names).tolist(), places, strict=False))
    homes = (f"a{k}" for k in range(1, 5)) if "teams" in spec else ("a4",) if i % 3 == 0 else ()
    for k, name in enumerate(homes):
        pawns[name] = f"h{4 - k}"
    return game.new_state(i, {"pawns": pawns, "hands": [HANDS[i % len(HANDS)]] + [[]] * (players - 1)})


@pytest.mark.parametrize(("spec", "marks"), [("tock?players=8", ">"), ("tock?players=6&teams=two", "for "),
                                             ("tock?home_entry=optional", "~")])
def test_legal_actions_on_crowded_boards_are_the_python_engines(spec: str, marks: str) -> None:
    """On crowded boards (``crowd``), with hands of every card: the legal actions at the start of a decision
    are exactly the Python engine's, spelt word for word: shortcuts (double jumps, 4s and 5s over them, 7 parts
    taking them) on 8 sections, cards played for either of two teammates, moves and 7 parts staying out of the
    home."""
    env = parlour.jax.make(spec)
    words = env.table.vocabulary
    texts = [" ".join(words[w] for w in row if w >= 0) for row in env.table.words]
    rng = np.random.default_rng(8)
    marked = 0
    served = set()
    for i in range(30):
        state = crowd(spec, i, rng)
        jax_state = from_state(state, env)
        owners = np.asarray(jax_state._owners)
        slots = np.asarray(unpacked(jax_state._candidates, env.table.size))
        listed = [("" if owner == 0 else f"for {SEAT_LETTERS[owner]}: ") + texts[k]
                  for owner, slot in zip(owners, slots, strict=True) for k in np.flatnonzero(slot)]
        expected = sorted(str(a) for a in state.legal_actions())
        assert sorted(listed) == expected, (i, state.pos.pawns)
        marked += sum(marks in a.replace("<>", "") for a in expected)
        served |= {a[:6] for a in expected if a.startswith("for ")}
    assert marked > 30, marked
    assert served == ({"for c:", "for e:"} if "teams" in spec else set()), served


def test_from_state_along_a_game_shows_what_the_encoder_shows() -> None:
    """``from_state`` at decisions of every phase: the Python encoder's row and the legal first words."""
    game = load_game("tock")
    encoding = encoding_of(game)
    env = parlour.jax.make("tock")
    words = WordChooser(encoding.vocabulary)
    width = encoding.layout.size
    expected = np.zeros(width, np.float32)
    state = game.new_state(5)
    rng = np.random.default_rng(5)
    phases = set()
    for move in range(400):
        legal = state.legal_actions()
        if move % 7 == 0 or state.pos.phase:
            jax_state = from_state(state, env)
            expected[:] = 0.0
            encoding.encode(state, state.current_player, expected)
            words.begin(legal)
            assert np.array_equal(np.asarray(jax_state.observation)[:width], expected), move
            assert not np.asarray(jax_state.observation)[width:].any()
            assert np.array_equal(np.asarray(jax_state.legal_action_mask), np.array(words.mask(), np.bool_)), move
            assert int(jax_state.current_player) == state.current_player
            phases.add(state.pos.phase)
        state.apply(legal[rng.integers(len(legal))])
        if state.is_terminal:
            break
    assert len(phases) >= 3, phases


def crowded(players: int, rng: np.random.Generator) -> Any:
    """A random position of seat a's turn with its pawns and others' crowded into a stretch of the track, some
    near its home's foot or in it, some with the advantage on their start: where the parts of a 7 meet."""
    game = load_game(f"tock?players={players}")
    starts = [18 * (s * 4 // players) for s in range(players)]
    while True:
        base = int(rng.integers(72)) if rng.random() < 0.7 else 70 - int(rng.integers(14))
        placed: dict[str, Any] = {}
        advantaged = []
        names = [f"a{k}" for k in range(1, 5)] + [f"{'abcd'[s]}{k}" for s in range(1, players) for k in range(1, 5)]
        for name in names[:int(rng.integers(2, 5))] + list(rng.choice(names[4:], int(rng.integers(0, 7)),
                                                                       replace=False)):
            seat = "abcd".index(name[0])
            if rng.random() < 0.12:
                placed[name] = f"h{rng.integers(1, 5)}"
            elif rng.random() < 0.15:
                placed[name] = starts[seat]
                if rng.random() < 0.5:
                    advantaged.append(name)
            else:
                placed[name] = (base + int(rng.integers(16))) % 72
        squares = [p for p in placed.values() if isinstance(p, int)]
        homes = [(n[0], p) for n, p in placed.items() if isinstance(p, str)]
        if len(set(squares)) == len(squares) and len(set(homes)) == len(homes):
            return game.new_state(0, {"pawns": placed, "advantaged": advantaged})


@pytest.mark.parametrize("players", [4, 3])
def test_the_listed_sevens_are_the_python_engines(players: int) -> None:
    """On crowded boards: the 7s listed by the tree of parts, and by the pawn-order shortcut where no part can
    affect another's, are exactly the Python engine's ``seven.sevens``."""
    env = parlour.jax.make(f"tock?players={players}")
    rules = env.rules
    texts = [str(Seven(tuple(part(p + 1, s, j, bool(o)) for p, s, j, o in split))) for split in seven_splits()]
    rng = np.random.default_rng(players)
    states = [crowded(players, rng) for _ in range(150)]
    pos = jnp.asarray([s.pos.pawns.pos for s in states], jnp.int32)
    adv = jnp.asarray([[s.pos.pawns.adv >> g & 1 for g in range(4 * players)] for s in states], jnp.bool_)
    seat = jnp.zeros(len(states), jnp.int32)
    ready = jnp.zeros_like(adv)
    searched = np.asarray(jax.jit(jax.vmap(lambda p, a, r, q: rules.sevens(rules.seven_tables, p, a, r, q)))(
        pos, adv, ready, seat))
    listed = np.asarray(unpacked(jax.jit(jax.vmap(lambda p, a, r, q: rules.seven_list(jnp.bool_(True), p, a, r, q)))(
        pos, adv, ready, seat), len(texts)))
    apart = np.asarray(jax.vmap(rules.apart)(pos, ready, seat))
    splits = 0
    for i, state in enumerate(states):
        expected = {str(s) for s in seven.sevens(state.play.plays.mover, state.pos.pawns, 0)}
        assert {texts[k] for k in np.flatnonzero(searched[i])} == expected, state.pos.pawns
        assert {texts[k] for k in np.flatnonzero(listed[i])} == expected, state.pos.pawns
        splits += len(expected)
    assert 0 < apart.sum() < len(states) - 20 and splits > 1000, (apart.sum(), splits)
