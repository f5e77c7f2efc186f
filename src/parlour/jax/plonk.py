"""Plonk as a pgx environment: the match as pure JAX functions over fixed-shape arrays, equal to the Python engine.

A state holds the deal as card sets, each two ``uint32`` words of bits (a ``[seat, 2]`` hand each, ``[side, 2]``
live and dead piles), the trick as four card ids from its leader on (-1 where none yet), and the match's numbers
(each side's points this deal, scores, dealer, leader, tricks done, winner, target): a step is elementwise work on
these few numbers, with no scatter or gather of whole card arrays, and the observation is read from them in one
pass (``observe``). An action is a word of ``parlour.rl``'s Plonk vocabulary (``END``, then the 52
cards: word ``c + 1`` plays card ``c``), so a policy trained on ``parlour.rl.vector_env("plonk", ...)`` reads the
same mask; ``END`` is never legal. The observation is ``parlour.rl``'s row for the player to move, float32, slot
for slot: the Python encoder's (``games/plonk/encoding.py``), then a zero for each word (the words of the action
chosen so far: none, every action being one word). Rewards are the engine's returns: 0 until the match is
won, then +1 for both seats of the winning side and -1 for the other two. Chance is the deal of each new deal,
drawn from the step's key (a uniform deal, not the Python engine's shuffle): ``from_state`` starts from a Python
engine position, so both engines can be compared from the same deal.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
import pgx.core
from pgx._src.struct import dataclass

from parlour.core.errors import ParlourError
from parlour.core.registry import load_game
from parlour.games.plonk.rules import PlonkRules
from parlour.jax.common import TextPicture

SEATS = 4
CARDS = 52
WORDS = CARDS + 1
"""``END`` and the 52 cards: the vocabulary of the game's ``encoding`` part."""
TRICKS_PER_DEAL = 13
DEAL_MOST = 396
DEAL_LEAST = -52
POINT_SCALE = 100.0
TARGET = 500
"""The default match target, as ``PlonkRules``'."""
ENV_ID = PlonkRules.game_name
WORD_BITS = 32
"""A card set is two ``uint32`` words: card ``c`` is bit ``c % 32`` of word ``c // 32``."""
SET_WORDS = 2
SECTIONS = 9
"""The observation's card sections: the hand, the four trick cards, the two live and the two dead piles."""
NUMBERS = 14
"""The observation's slots after the card sections: the leader (4), hand sizes (4), scores, points, to target."""
_IDS = np.arange(CARDS)
FACE_VALUE = jnp.asarray(np.where(_IDS % 13 == 0, 15, np.minimum(_IDS % 13 + 1, 10)), jnp.int32)
"""What a live card scores: pips, 10 for J Q K, 15 for an ace."""


@dataclass
class PlonkState(TextPicture, pgx.core.State):  # type: ignore[misc]
    """A Plonk match in JAX arrays (module docstring); the underscored fields are the game's own."""

    current_player: jax.Array = jnp.int32(0)
    observation: jax.Array = jnp.zeros(0, jnp.float32)
    rewards: jax.Array = jnp.zeros(SEATS, jnp.float32)
    terminated: jax.Array = jnp.bool_(False)
    truncated: jax.Array = jnp.bool_(False)
    legal_action_mask: jax.Array = jnp.zeros(WORDS, jnp.bool_)
    _step_count: jax.Array = jnp.int32(0)
    _hands: jax.Array = jnp.zeros((SEATS, SET_WORDS), jnp.uint32)
    """Each seat's cards, a card set (``WORD_BITS``)."""
    _trick: jax.Array = jnp.full(SEATS, -1, jnp.int32)
    _trick_len: jax.Array = jnp.int32(0)
    _leader: jax.Array = jnp.int32(0)
    _live: jax.Array = jnp.zeros((2, SET_WORDS), jnp.uint32)
    """Each side's live cards won this deal, a card set."""
    _dead: jax.Array = jnp.zeros((2, SET_WORDS), jnp.uint32)
    """Each side's dead cards won this deal, a card set."""
    _points: jax.Array = jnp.zeros(2, jnp.int32)
    """Each side's points this deal so far (its live cards' face values less its dead cards), kept as tricks
    are won."""
    _scores: jax.Array = jnp.zeros(2, jnp.int32)
    _dealer: jax.Array = jnp.int32(3)
    _tricks_done: jax.Array = jnp.int32(0)
    _winner: jax.Array = jnp.int32(-1)
    _target: jax.Array = jnp.int32(TARGET)
    _chance: jax.Array = jnp.bool_(False)
    """Whether the next deal is due: set by ``play`` at the end of a deal, cleared by ``deal_due``."""

    @property
    def env_id(self) -> Any:
        return ENV_ID

    def summary(self) -> str:
        """The env's id and the scores and the winning side."""
        return f"{ENV_ID}: scores {np.asarray(self._scores).tolist()}, winning side {np.asarray(self._winner).tolist()}"


def seat(n: jax.Array) -> jax.Array:
    """``n`` modulo the four seats, as two bits (two's complement keeps it right below zero): jnp's ``%`` on signed
    integers adds sign fixes to every use."""
    return n & (SEATS - 1)


def card_set(card: jax.Array) -> jax.Array:
    """The card set (``WORD_BITS``) of ``card``'s one card (``[..., 2]`` for cards ``[...]``); empty for -1."""
    word = jnp.arange(SET_WORDS)
    bits = card[..., None].astype(jnp.uint32)  # -1 is a word past the set's
    return jnp.where(bits // WORD_BITS == word, jnp.uint32(1) << bits % WORD_BITS, jnp.uint32(0))


def card_flags(sets: jax.Array) -> jax.Array:
    """The 52 flags (bool, ``[..., 52]``) of card sets ``[..., 2]``: whether each card is in the set."""
    bits = (sets[..., None] >> jnp.arange(WORD_BITS, dtype=jnp.uint32)) & 1
    return bits.reshape((*sets.shape[:-1], SET_WORDS * WORD_BITS))[..., :CARDS] == 1


def packed(flags: jax.Array) -> jax.Array:
    """The card sets (``[..., 2]`` uint32) of 52 flags ``[..., 52]``."""
    wide = jnp.zeros((*flags.shape[:-1], SET_WORDS * WORD_BITS), jnp.uint32).at[..., :CARDS].set(flags)
    words = wide.reshape((*flags.shape[:-1], SET_WORDS, WORD_BITS))
    return (words << jnp.arange(WORD_BITS, dtype=jnp.uint32)).sum(axis=-1, dtype=jnp.uint32)


def of_seat(rows: jax.Array, which: jax.Array) -> jax.Array:
    """Row ``which`` of ``rows`` (``[4, ...]``), picked without a gather (elementwise under ``vmap``)."""
    chosen = (jnp.arange(rows.shape[0]) == which).reshape((-1,) + (1,) * (rows.ndim - 1))
    return jnp.where(chosen, rows, 0).sum(axis=0, dtype=rows.dtype)


def deal(key: jax.Array, dealer: jax.Array) -> jax.Array:
    """Four hands of 13 (card sets, ``[4, 2]``) from a uniform shuffle drawn from ``key``, dealt from the
    dealer's left: the owner of each card is the seat of its place in the shuffled deck, so a uniform shuffle of
    the seats of the deck's places gives each card's owner."""
    owner = jax.random.permutation(key, seat(dealer + 1 + jnp.arange(CARDS)))
    return packed(owner[None, :] == jnp.arange(SEATS)[:, None])


def begin_deal(state: PlonkState, hands: jax.Array, dealer: jax.Array) -> PlonkState:
    """``state`` at the start of a deal with ``hands`` by ``dealer``: the seat on the dealer's left leads."""
    first = seat(dealer + 1)
    dealt: PlonkState = state.replace(
        _hands=hands, _dealer=dealer, _leader=first, current_player=first, _chance=jnp.bool_(False),
        _trick=jnp.full(SEATS, -1, jnp.int32), _trick_len=jnp.int32(0), _tricks_done=jnp.int32(0),
        _live=jnp.zeros((2, SET_WORDS), jnp.uint32), _dead=jnp.zeros((2, SET_WORDS), jnp.uint32),
        _points=jnp.zeros(2, jnp.int32), legal_action_mask=legal_mask(of_seat(hands, first)))
    return dealt


def legal_mask(hand: jax.Array) -> jax.Array:
    """The words legal with ``hand`` (a card set): every card of it, never ``END``."""
    return jnp.concatenate([jnp.zeros(1, jnp.bool_), card_flags(hand)])


def play(state: PlonkState, action: jax.Array) -> PlonkState:
    """Play the card of word ``action``, all but chance: the fourth card of a trick finishes it, the thirteenth
    trick the deal, which is scored; then the match is won, or the next deal is due (``_chance``: the hands are
    empty until ``deal_due`` deals them). Elementwise work on a few numbers and card sets: no scatter, no
    gather."""
    card = jnp.int32(action) - 1
    mover = state.current_player
    hands = state._hands & ~jnp.where((jnp.arange(SEATS) == mover)[:, None], card_set(card)[None, :], jnp.uint32(0))
    trick = jnp.where(jnp.arange(SEATS) == state._trick_len, card, state._trick)
    trick_len = state._trick_len + 1
    full = trick_len == SEATS
    cards = trick.astype(jnp.uint32)  # unsigned: division by 13 without sign fixes (-1's suit is none of the four)
    suits = cards // 13
    rank = (cards % 13).astype(jnp.int32)
    of_led = suits == suits[0]
    winner = seat(state._leader + jnp.argmax(jnp.where(of_led, jnp.where(rank == 0, 12, rank - 1), -1)))
    next_leader = jnp.where(of_led.sum() >= 2, winner, seat(state._leader + 3))
    sets = card_set(trick)
    dead_won = jnp.where(of_led[:, None], sets, jnp.uint32(0)).sum(axis=0, dtype=jnp.uint32)
    live_won = jnp.where(of_led[:, None], jnp.uint32(0), sets).sum(axis=0, dtype=jnp.uint32)
    taken = jnp.where(of_led, -1, jnp.where(rank == 0, 15, jnp.minimum(rank + 1, 10))).sum()
    won = full & (jnp.arange(2) == winner & 1)
    live = state._live | jnp.where(won[:, None], live_won[None, :], jnp.uint32(0))
    dead = state._dead | jnp.where(won[:, None], dead_won[None, :], jnp.uint32(0))
    points = state._points + jnp.where(won, taken, 0)
    tricks_done = state._tricks_done + full
    deal_over = tricks_done == TRICKS_PER_DEAL
    scores = state._scores + jnp.where(deal_over, points, 0)
    match_over = deal_over & (scores.max() >= state._target) & (scores[0] != scores[1])
    side_won = jnp.where(scores[0] > scores[1], 0, 1)
    cur = jnp.where(full, next_leader, seat(mover + 1))
    played_on: PlonkState = state.replace(
        _hands=hands, _trick=jnp.where(full, -1, trick), _trick_len=jnp.where(full, 0, trick_len),
        _live=live, _dead=dead, _points=points, _tricks_done=tricks_done, _scores=scores,
        _leader=jnp.where(full, next_leader, state._leader), current_player=cur,
        legal_action_mask=legal_mask(of_seat(hands, cur)), _chance=deal_over & ~match_over,
        _winner=jnp.where(match_over, side_won, -1), terminated=match_over,
        rewards=jnp.where(match_over, jnp.where(jnp.arange(SEATS) & 1 == side_won, 1.0, -1.0), 0.0
                          ).astype(jnp.float32))
    return played_on


def deal_due(state: PlonkState, key: jax.Array) -> PlonkState:
    """``state`` with the deal it waits for (``_chance``) dealt from ``key`` by the next dealer; as it was when
    none is due."""
    dealer = seat(state._dealer + 1)
    redealt = begin_deal(state, deal(key, dealer), dealer)
    after: PlonkState = jax.tree_util.tree_map(lambda new, old: jnp.where(state._chance, new, old), redealt, state)
    return after


def step(state: PlonkState, action: jax.Array, key: jax.Array) -> PlonkState:
    """Play the card of word ``action`` (``play``), then deal the next deal from ``key`` if it is due."""
    return deal_due(play(state, action), key)


class Fractions(NamedTuple):
    """The observation's numbers, looked up by their integers: each the float32 of the Python encoder's float
    division. XLA turns a division by a constant into a multiplication by its rounded reciprocal, which is a bit
    off for some numerators (12 / 13 among them), so the JAX observation reads tables made by numpy instead."""

    sizes: jax.Array
    """``n / 13`` for a hand of ``n`` cards."""
    points: jax.Array
    """``p / 100`` for deal points ``p`` from ``DEAL_LEAST``."""
    scores: jax.Array
    """``s / 100`` for a clipped score ``s`` from ``-reach``."""
    to_target: jax.Array
    """``(target - s) / target`` for a clipped score ``s`` from ``-reach``."""


def fractions(target: int) -> Fractions:
    """The tables of ``Fractions`` for a match to ``target``."""
    scores = np.arange(-(target + DEAL_MOST), target + DEAL_MOST + 1)
    return Fractions(
        sizes=jnp.asarray(np.arange(TRICKS_PER_DEAL + 1) / 13, jnp.float32),
        points=jnp.asarray(np.arange(DEAL_LEAST, DEAL_MOST + 1) / POINT_SCALE, jnp.float32),
        scores=jnp.asarray(scores / POINT_SCALE, jnp.float32),
        to_target=jnp.asarray((target - scores) / target, jnp.float32))


FLAG_SLOTS = SECTIONS * (CARDS + 1)
"""The row's slots of cards (each 0 or 1): the nine sections of 52 faces and a joker slot, before the numbers."""
ROW_WORDS = (FLAG_SLOTS + NUMBERS + WORDS) // WORD_BITS
"""The row's 544 slots as 17 words of 32 slots: ``observe`` packs the card slots' bits in these words first."""
NUMBERS_AT = divmod(FLAG_SLOTS, WORD_BITS)
"""The word and the slot in it where the numbers begin (14, 29): they end in the next word."""


def packing() -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each word of the row, the (card set word, shift) pairs whose bits land in it: card set word ``q`` (of
    section ``q // 2``) holds slots from ``53 * (q // 2) + 32 * (q % 2)`` on; a shift is left when positive."""
    terms = []
    for word in range(ROW_WORDS):
        shifts = [(q, int(FLAG_SLOTS // SECTIONS * (q // SET_WORDS) + WORD_BITS * (q % SET_WORDS) - WORD_BITS * word))
                  for q in range(SECTIONS * SET_WORDS)]
        terms.append(tuple((q, d) for q, d in shifts if -WORD_BITS < d < WORD_BITS))
    return tuple(terms)


PACKING = packing()


def observe(state: PlonkState, player: jax.Array, tables: Fractions) -> jax.Array:
    """``player``'s row of ``parlour.rl``: the Python encoder's (``PlonkEncoding``), float32, seats counted from
    ``player``, sides from its side; then the words chosen so far (none: zeros). The nine card sets of the card
    sections (the hand, the trick's cards by relative seat, the live and dead piles by side) are shifted into the
    row's bits as 17 words of 32 slots (``PACKING``), which unpack into 0.0 and 1.0 in one pass of fixed-width
    shifts; the 14 numbers go in after the card slots. XLA compiles this far better than a lookup per slot."""
    side = player & 1
    relative_seats = seat(player + jnp.arange(SEATS))
    in_trick = seat(relative_seats - state._leader)
    trick_cards = jnp.where(in_trick < state._trick_len,
                            (state._trick[None, :] * (in_trick[:, None] == jnp.arange(SEATS))).sum(axis=1), -1)
    ours_first = jnp.where(side == 0, jnp.arange(2), 1 - jnp.arange(2))
    reach = state._target + DEAL_MOST
    clipped = jnp.clip(jnp.where(ours_first == 0, state._scores[0], state._scores[1]), -reach, reach) + reach
    points = jnp.where(ours_first == 0, state._points[0], state._points[1])
    sizes = jax.lax.population_count(state._hands).astype(jnp.int32).sum(axis=1)
    numbers = jnp.concatenate([
        (jnp.arange(SEATS) == seat(state._leader - player)).astype(jnp.float32),
        tables.sizes[sizes[relative_seats]], tables.scores[clipped], tables.points[points - DEAL_LEAST],
        tables.to_target[clipped]])
    sets = jnp.concatenate([
        of_seat(state._hands, player), card_set(trick_cards).reshape(-1),
        jnp.where(ours_first[:, None] == 0, state._live[0], state._live[1]).reshape(-1),
        jnp.where(ours_first[:, None] == 0, state._dead[0], state._dead[1]).reshape(-1)])
    words = []
    for terms in PACKING:
        word = jnp.uint32(0)
        for q, shift in terms:
            word = word | (sets[q] << shift if shift >= 0 else sets[q] >> -shift)
        words.append(word)
    flags = ((jnp.stack(words)[:, None] >> jnp.arange(WORD_BITS, dtype=jnp.uint32)) & 1).astype(jnp.float32)
    at, into = NUMBERS_AT
    with_numbers = jnp.concatenate([flags[at, :into], numbers, jnp.zeros(2 * WORD_BITS - into - NUMBERS, jnp.float32)])
    return jnp.concatenate([flags[:at].reshape(-1), with_numbers,
                            jnp.zeros((ROW_WORDS - at - 2) * WORD_BITS, jnp.float32)])


class Plonk(pgx.core.Env):  # type: ignore[misc]
    """Plonk's pgx environment (module docstring): four players, 53 words, a match to ``target``."""

    def __init__(self, target: int = TARGET) -> None:
        super().__init__()
        if not 1 <= target <= 100_000:
            raise ParlourError(f"{ENV_ID}: the target should be from 1 to 100000, got {target}")
        self.target = target
        self.tables = fractions(target)

    def _init(self, key: jax.Array) -> PlonkState:
        dealer = jnp.int32(3)
        return begin_deal(PlonkState(_target=jnp.int32(self.target)), deal(key, dealer), dealer)

    def _step(self, state: pgx.core.State, action: jax.Array, key: jax.Array | None) -> PlonkState:
        if key is None:
            raise ParlourError(f"{ENV_ID}: step needs a key (the next deal is drawn from it)")
        assert isinstance(state, PlonkState)
        return step(state, action, key)

    def _observe(self, state: pgx.core.State, player_id: jax.Array) -> jax.Array:
        assert isinstance(state, PlonkState)
        return observe(state, player_id, self.tables)

    def play(self, state: PlonkState, action: jax.Array) -> PlonkState:
        """``state`` after ``action``, the next deal left due (``parlour.jax.batch`` deals in bulk)."""
        return play(state, action)

    def deal_due(self, state: PlonkState, key: jax.Array) -> PlonkState:
        """``state`` with its due deal dealt from ``key``."""
        return deal_due(state, key)

    def chance_due(self, state: PlonkState) -> jax.Array:
        """Whether ``state`` waits for its next deal (``play`` left it so)."""
        return state._chance

    @property
    def id(self) -> Any:
        return ENV_ID

    @property
    def version(self) -> str:
        return "v1"

    @property
    def num_players(self) -> int:
        return SEATS


def from_state(state: Any) -> PlonkState:
    """The JAX state of a Python engine ``State`` of Plonk at a decision (``load_game("plonk")``): its hands,
    trick, piles, scores, dealer and target, with the observation and mask of the player to move. Step it with
    an env of the same target (``Plonk(target)``; ``make`` gives the default 500): the observation's tables are
    the env's."""
    pos = state.pos
    if pos.cur < 0:
        raise ParlourError(f"{ENV_ID}: from_state needs a match in play, this one is over")

    def cards(masks: Any) -> jax.Array:
        return jnp.asarray([[m & 0xFFFFFFFF, m >> WORD_BITS] for m in masks], jnp.uint32)

    def points(live: int, dead: int) -> int:
        return int(np.asarray(FACE_VALUE)[[c for c in range(CARDS) if live >> c & 1]].sum()) - dead.bit_count()

    trick = np.full(SEATS, -1, np.int32)
    trick[:len(pos.trick)] = pos.trick
    hands = cards(pos.hands)
    new = PlonkState(
        current_player=jnp.int32(pos.cur), legal_action_mask=legal_mask(hands[pos.cur]),
        _hands=hands, _trick=jnp.asarray(trick), _trick_len=jnp.int32(len(pos.trick)),
        _leader=jnp.int32(pos.leader), _live=cards(pos.live), _dead=cards(pos.dead),
        _points=jnp.asarray([points(pos.live[s], pos.dead[s]) for s in (0, 1)], jnp.int32),
        _scores=jnp.asarray(pos.scores, jnp.int32), _dealer=jnp.int32(pos.dealer),
        _tricks_done=jnp.int32(len(pos.tricks)), _target=jnp.int32(state.game.rules.target))
    observed: PlonkState = new.replace(observation=Plonk(state.game.rules.target).observe(new))
    return observed


def make(spec: str) -> Plonk:
    """The environment of a Plonk spec as the Python side reads it (``plonk``, ``plonk?target=200``: its one
    flag besides the four players), or ``ParlourError`` quoting it."""
    try:
        rules = load_game(spec).rules
        return Plonk(rules.target)
    except ParlourError as e:
        raise ParlourError(f"parlour.jax.make: {spec!r}: {e}") from None
