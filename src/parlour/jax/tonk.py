"""Tonk as a pgx environment: a match as pure JAX functions over fixed-shape arrays, equal to the Python engine.

A card set is four int32 words, one per suit, bit ``r`` of word ``s`` the card ``s * 13 + r`` (the engine's
card ids, suit-major), so a hand, the discard pile, a spread or what a hit may add is a ``[4]`` array and
every test on it a few bit operations; with ``jokers=2`` a hand, a seat's known cards and the pile have a fifth
word, whose bits 0 and 1 are the jokers (ids 52 and 53: which one matters, as the engine lays the lowest held
and keeps track of the one taken from the pile). The stock is the shuffled deck's first ``stock_len`` cards
(top last), the discard pile an array with its length. A spread on the table keeps its real cards, the cards
its jokers stand for (a joker names any card its spread needs, even one held or shown elsewhere, and keeps it)
and its shape (a set's rank, a run's suit and ends), from which what it accepts is worked out.

An action is one word of ``parlour.rl``'s Tonk vocabulary (the ``encoding`` part's), and an action of several
words (``spread 8c 8d 8h``, ``hit 5h 2``, ``draw stock``) is chosen a word at a time exactly as
``core.encoding.WordChooser`` offers them: the mask lists the words that lead to a legal action, an action is
played as soon as the words so far fit one legal action only, and ``END`` closes a spread that a longer legal
spread begins with. The spreads a hand may lay are rows of a table of every spread the rules allow (sets and
runs up to ``hand_size + 1`` cards, with jokers also those with one or two jokers, in the engine's words:
``spread 5h Jk=5h 5s``), each with the real cards and the jokers it needs, so choosing a spread word narrows the
candidates (packed, 32 rows a word) with one ``and``; a joker's hit is ``hit Jk=8s 2``, its discard ``discard Jk``.
The observation is ``core.encoding.encode_into``'s row for the player to move, float32, slot for slot: the encoder's
layout (its joker slots counting jokers, 0 to 2), then one slot per word chosen so far. Rewards are the change of
the engine's returns (the balances, in stakes) in that step, so they add up to its returns.

Chance is each hand's shuffle, drawn from the key (a uniform deal, not the Python engine's shuffle); a hand
that ends at the deal, or a void hand, is settled and the next dealt in the same step. ``init`` deals until
the first hand is at a decision with every balance 0 (a first deal that would end at once is dealt again),
so a match never starts over. ``from_state`` starts from a Python engine position, so both engines can be
compared from the same deal. Every preset and flag is offered, ``jokers`` and ``joker_points`` among them.
"""

from __future__ import annotations

import functools
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import pgx.core
from pgx._src.struct import dataclass

from parlour.core.cards import CARD_TEXT, JOKER_TEXT, value_of_face
from parlour.core.encoding import END
from parlour.core.errors import ParlourError
from parlour.core.parts import encoding_of
from parlour.core.registry import load_game
from parlour.games.tonk.encoding import NAMED, spread_slots
from parlour.games.tonk.game import TonkGame
from parlour.games.tonk.moves import spread_actions
from parlour.games.tonk.position import BET, OVER, PLAY, TURN
from parlour.games.tonk.rules import TonkRules
from parlour.games.tonk.settlement import DEAL_WIN_HIGH, DEAL_WIN_LOW, deal_win_stakes
from parlour.games.tonk.spreads import REAL, Shape, spread_shape
from parlour.jax.common import PACK, TextPicture, count_set, first_set, packed, pick, put, where_tree

ENV_ID = TonkRules.game_name
CARDS = 52
SUITS = 4
RANKS = 13
TURN_LIMIT = 100
"""Turns count in the observation up to this many (``turns / 100``, at most 1)."""
VALUE_SCALE = 50.0
FLAT = 1 << 30
"""A bound no hand value or balance reaches."""
WORD_BITS = 16
"""Bits used in each int32 word of a packed observation source."""

JOKER = CARDS
"""The first joker's card id (the second is ``JOKER + 1``): bits 0 and 1 of a card set's fifth word."""
COUNT_BITS = 3
"""The mask of a two-bit count (0 to 2 jokers) in a packed observation source."""

_SHIFTS = jnp.arange(RANKS, dtype=jnp.int32)
_SUIT_IDS = jnp.arange(SUITS, dtype=jnp.int32)
_RANK_IDS = jnp.arange(RANKS, dtype=jnp.int32)


def popcount(words: jax.Array) -> jax.Array:
    """The cards in a card set (``[..., 4]`` words), as int32."""
    return jax.lax.population_count(words).sum(axis=-1)


def unpack(words: jax.Array) -> jax.Array:
    """A card set (``[..., 4]`` words) as ``[..., 52]`` float32 ones, card id order."""
    out = (words[..., :, None] >> _SHIFTS) & 1
    return out.reshape(*words.shape[:-1], CARDS).astype(jnp.float32)


def card_set(card: jax.Array, width: int = SUITS) -> jax.Array:
    """The set of the one card ``card`` (0..51, or a joker where ``width`` is 5; -1 or less: the empty set) as
    ``width`` words."""
    return jnp.where((card // RANKS == jnp.arange(width)) & (card >= 0), jnp.left_shift(1, card % RANKS), 0)


def counted(words: jax.Array) -> jax.Array:
    """A card set as the observation packs it: its four suits' words, then (where it has a fifth, the jokers')
    how many jokers it holds, the joker slot's count."""
    if words.shape[-1] == SUITS:
        return words
    return jnp.concatenate([words[..., :SUITS], jax.lax.population_count(words[..., SUITS:])], axis=-1)


def without_lowest(bits: jax.Array, times: jax.Array) -> jax.Array:
    """``bits`` less its lowest set bit, ``times`` (0, 1 or 2) times: the jokers left after laying ``times``
    (the engine lays the lowest ids first)."""
    once = jnp.where(times >= 1, bits & (bits - 1), bits)
    return jnp.where(times >= 2, once & (once - 1), once)


def holds(words: jax.Array, card: jax.Array) -> jax.Array:
    """Whether the set ``words`` holds ``card`` (0..51)."""
    return ((words[..., card // RANKS] >> (card % RANKS)) & 1) == 1


def lowest(words: jax.Array) -> jax.Array:
    """The lowest card of a non-empty set."""
    suit = jnp.argmax(words != 0).astype(jnp.int32)
    word = words[suit]
    return suit * RANKS + jax.lax.population_count((word & -word) - 1)


def shuffled(key: jax.Array, size: int) -> jax.Array:
    """The cards ``0 .. size - 1`` in a uniformly random order from ``key``: each card goes where its rank among
    ``size`` random 32-bit keys says (ties, about one deal in three million, broken by card id). Counting the
    keys below each is a few thousand compares, three times faster on the CPU than the sort of
    ``jax.random.permutation``, and a deal is most of the cost of a new match."""
    ids = jnp.arange(size, dtype=jnp.int32)
    keys = jax.random.bits(key, (size,))
    below = (keys[None, :] < keys[:, None]) | ((keys[None, :] == keys[:, None]) & (ids[None, :] < ids[:, None]))
    return jnp.zeros(size, jnp.int32).at[below.sum(axis=1)].set(ids)


def chosen(flag: jax.Array, new: TonkState, old: TonkState) -> TonkState:
    """``new`` where ``flag``, else ``old`` (``common.where_tree``: only the fields a branch changes cost a
    select), but the observation, recomputed after every step, kept as it was."""
    out: TonkState = where_tree(flag, new.replace(observation=old.observation), old)
    return out


@dataclass
class TonkState(TextPicture, pgx.core.State):  # type: ignore[misc]
    """A Tonk match in JAX arrays (module docstring); the underscored fields are the game's own, each shaped by
    the rules (``n`` seats, ``S`` spread slots, ``T`` table spreads, ``V`` words, ``D`` cards, ``W`` words of a
    card set: 4, and 5 with jokers, ``J`` jokers)."""

    current_player: jax.Array = jnp.int32(0)
    observation: jax.Array = jnp.zeros(0, jnp.float32)
    rewards: jax.Array = jnp.zeros(0, jnp.float32)
    terminated: jax.Array = jnp.bool_(False)
    truncated: jax.Array = jnp.bool_(False)
    legal_action_mask: jax.Array = jnp.zeros(0, jnp.bool_)
    _step_count: jax.Array = jnp.int32(0)
    _hands: jax.Array = jnp.zeros((0, SUITS), jnp.int32)
    """``[n, W]``: each seat's hand."""
    _values: jax.Array = jnp.zeros(0, jnp.int32)
    _known: jax.Array = jnp.zeros((0, SUITS), jnp.int32)
    """``[n, W]``: the cards of each hand the others know (taken from the discard pile, a shown spade)."""
    _deck: jax.Array = jnp.zeros(0, jnp.int32)
    """``[D]``: the stock is ``_deck[:_stock_len]``, its top last."""
    _stock_len: jax.Array = jnp.int32(0)
    _discard: jax.Array = jnp.zeros(0, jnp.int32)
    """``[D]``: the discard pile, bottom first, ``_discard_len`` cards."""
    _discard_len: jax.Array = jnp.int32(0)
    _pile: jax.Array = jnp.zeros(SUITS, jnp.int32)
    """The discard pile's cards as a set."""
    _taken: jax.Array = jnp.int32(-1)
    _spreads: jax.Array = jnp.int32(0)
    """How many spreads lie on the table; each ``_sp_`` field is ``[S]`` (``_sp_real`` ``[S, 4]``, ``_sp_named``
    ``[S, J]``)."""
    _sp_owner: jax.Array = jnp.zeros(0, jnp.int32)
    _sp_real: jax.Array = jnp.zeros((0, SUITS), jnp.int32)
    """The spread's real cards (its jokers apart)."""
    _sp_named: jax.Array = jnp.zeros((0, 0), jnp.int32)
    """The cards its jokers stand for, in the order laid, -1 past them."""
    _sp_run: jax.Array = jnp.zeros(0, jnp.bool_)
    _sp_rank: jax.Array = jnp.zeros(0, jnp.int32)
    """A set's rank index (0 = ace)."""
    _sp_suit: jax.Array = jnp.zeros(0, jnp.int32)
    _sp_lo: jax.Array = jnp.zeros(0, jnp.int32)
    _sp_hi: jax.Array = jnp.zeros(0, jnp.int32)
    """A run's end positions, 1 (ace low) to 14 (ace high)."""
    _lockout: jax.Array = jnp.zeros(0, jnp.int32)
    _bets: jax.Array = jnp.zeros(0, jnp.int32)
    """The spades side bet per seat: -1 not decided, 1 in, 0 out."""
    _shown: jax.Array = jnp.zeros(0, jnp.int32)
    """The spade each bettor showed, or -1."""
    _pending49: jax.Array = jnp.int32(0)
    _turns: jax.Array = jnp.int32(0)
    _stock_out_seat: jax.Array = jnp.int32(-1)
    _phase: jax.Array = jnp.int32(TURN)
    _dealer: jax.Array = jnp.int32(0)
    _counted: jax.Array = jnp.int32(0)
    """Hands finished that count toward the match's ``hands`` (not void)."""
    _balances: jax.Array = jnp.zeros(0, jnp.int32)
    _kind: jax.Array = jnp.int32(0)
    """The first word of the action being chosen (0 before it)."""
    _depth: jax.Array = jnp.int32(0)
    """Words of the action chosen so far."""
    _face: jax.Array = jnp.int32(-1)
    """The card word of a hit being chosen, less the word of card 0: a card id, or ``JOKER + 1`` plus the card
    its joker stands for."""
    _cand: jax.Array = jnp.zeros(0, jnp.uint32)
    """``[ceil(T / 32)]``: the table spreads that the words chosen so far may still become, packed
    (``Table.words``)."""
    _chosen: jax.Array = jnp.zeros(0, jnp.int32)
    """The words chosen so far, as bits: word ``v`` is bit ``v % 16`` of ``_chosen[v // 16]``."""
    _chance: jax.Array = jnp.bool_(False)
    """Whether the match waits for its next deal (``deal_due``)."""

    @property
    def env_id(self) -> Any:
        return ENV_ID

    def summary(self) -> str:
        """The env's id and the balances."""
        return f"{ENV_ID}: balances {np.asarray(self._balances).tolist()}"


class Words:
    """The word indices the env reads, from the encoding's vocabulary."""

    def __init__(self, vocabulary: tuple[str, ...]) -> None:
        index = {word: i for i, word in enumerate(vocabulary)}
        self.index = index
        self.size = len(vocabulary)
        self.end = index[END]
        self.drop, self.draw, self.stock, self.discard = index["drop"], index["draw"], index["stock"], index["discard"]
        self.spread, self.hit, self.spades, self.bet_in, self.bet_out = (
            index["spread"], index["hit"], index["spades"], index["in"], index["out"])
        self.face = index[vocabulary[self.bet_out + 1]]
        """The word of card 0; card ``c`` is word ``face + c``."""
        self.joker = self.face + CARDS
        """The word of a joker discarded (``discard Jk``)."""
        self.named = self.joker + 1
        """The word of a joker standing for card 0 (``Jk=Ac``); for card ``c``, word ``named + c``."""
        self.number = index["0"]
        """The word ``0``; spread number ``k`` is word ``number + k``."""
        self.numbers = self.size - self.number
        if vocabulary[self.face:self.face + CARDS] != CARD_TEXT[:CARDS] or vocabulary[self.joker] != JOKER_TEXT or (
                vocabulary[self.named:self.named + CARDS] != tuple(NAMED + text for text in CARD_TEXT[:CARDS])) or (
                [vocabulary[self.number + k] for k in range(self.numbers)] != [str(k) for k in range(self.numbers)]):
            raise ParlourError(f"{ENV_ID}: the encoding's vocabulary is not the one this env reads")


SAID = 2 * CARDS + 1
"""The words a spread says after ``spread``, from the word of card 0: the real cards, the joker's discard word (never
said in a spread), then a joker naming each card."""


def group_of(shape: Shape) -> tuple[int, int]:
    """Where a spread of ``shape`` goes in the ``Table``: runs by suit, then sets by rank."""
    return (0, shape.suit) if shape.is_run else (1, shape.rank)


class Table:
    """Every spread the rules allow a hand of ``hand_size + 1`` cards (its jokers among them), in the engine's
    words, as arrays: each row's real cards (``mask`` ``[T, 4]``), the jokers it needs and the cards they stand
    for, its value, shape, and its words in order with each word's card suit and bit and whether a joker names it
    (``-1`` and 0 past its length)."""

    def __init__(self, rules: TonkRules, words: Words) -> None:
        longest = rules.hand_size + 1
        jokers = rules.jokers
        rows: list[tuple[Shape, int, tuple[int, ...], tuple[int, ...]]] = []
        seen: set[tuple[int, ...]] = set()
        for action in spread_actions(REAL, jokers, rules.ace_high):
            said = tuple(words.index[word] for word in str(action).split()[1:])
            if len(said) > longest or said in seen:
                continue
            seen.add(said)
            named = tuple(int(c) for c in action.jokers)
            real = sum(1 << int(c) for c in action.real)
            shape = spread_shape(real, named, rules.ace_high)
            assert shape is not None
            rows.append((shape, real, named, said))
        rows.sort(key=lambda row: group_of(row[0]))
        size = len(rows)
        self.size = size
        self.width = longest
        mask = np.zeros((size, SUITS), np.int32)
        value = np.zeros(size, np.int32)
        needs = np.zeros(size, np.int32)
        named_faces = np.full((size, jokers), -1, np.int32)
        said_words = np.full((size, longest), -1, np.int32)
        run = np.zeros(size, np.bool_)
        rank, suit, lo, hi = (np.zeros(size, np.int32) for _ in range(4))
        for t, (shape, real, named, said) in enumerate(rows):
            for c in range(CARDS):
                if real >> c & 1:
                    mask[t, c // RANKS] |= 1 << (c % RANKS)
                    value[t] += value_of_face(c)
            value[t] += len(named) * rules.joker_points
            needs[t] = len(named)
            named_faces[t, :len(named)] = named
            said_words[t, :len(said)] = said
            run[t], rank[t], suit[t], lo[t], hi[t] = shape.is_run, shape.rank, shape.suit, shape.lo, shape.hi
        self.mask, self.value, self.run = jnp.asarray(mask), jnp.asarray(value), jnp.asarray(run)
        self.named = jnp.asarray(named_faces)
        """``[T, J]``: the cards the row's jokers stand for, -1 past them."""
        self.needs = jnp.asarray(needs)
        """``[T]``: the jokers the row lays."""
        by_rank = np.zeros(size, np.int32)
        for t in range(size):
            for s in range(SUITS):
                by_rank[t] |= (mask[t, s] >> max(rank[t], 0) & 1) << s
        need = np.where(run, mask[np.arange(size), np.maximum(suit, 0)], by_rank)
        self.runs = int(run.sum()) // SUITS
        if run[:SUITS * self.runs].sum() != SUITS * self.runs or (size - SUITS * self.runs) % RANKS:
            raise ParlourError(f"{ENV_ID}: the spreads do not group by suit and rank")
        self.run_need = jnp.asarray(need[:SUITS * self.runs].reshape(SUITS, self.runs), jnp.int32)
        """``[4, R]``: the cards of each suit's runs, as bits of that suit's word of a hand (``legal_spreads``)."""
        self.set_need = jnp.asarray(need[SUITS * self.runs:].reshape(RANKS, -1), jnp.int32)
        """``[13, K]``: the cards of each rank's sets, as bits (one a suit) of that rank's word of a hand."""
        self.run_jokers = jnp.asarray(needs[:SUITS * self.runs].reshape(SUITS, self.runs))
        self.set_jokers = jnp.asarray(needs[SUITS * self.runs:].reshape(RANKS, -1))
        """The jokers each run and each set needs, shaped as ``run_need`` and ``set_need``."""
        self.rank, self.suit, self.lo, self.hi = (jnp.asarray(a) for a in (rank, suit, lo, hi))
        length = (said_words >= 0).sum(axis=1)
        self.words = -(-size // PACK)
        """Words of a packed set of rows (``common.packed``: row ``t`` bit ``t % 32`` of word ``t // 32``)."""
        says = np.zeros((longest, SAID, size), np.bool_)
        for t in range(size):
            for column in range(length[t]):
                says[column, said_words[t, column] - words.face, t] = True
        self.said = packed(jnp.asarray(says))
        """``[width, SAID, words]``: the rows whose card word ``column`` is the word ``face + k``, packed, by
        ``column`` and ``k`` (a real card's word, or a joker's naming card ``k - CARDS - 1``)."""
        lengths = np.arange(longest + 1)[:, None]
        self.ends = packed(jnp.asarray(length[None, :] == lengths))
        """``[width + 1, words]``: the rows of each length, packed."""
        self.longer = packed(jnp.asarray(length[None, :] > lengths))
        """``[width + 1, words]``: the rows longer than each length, packed."""


class Tonk(pgx.core.Env):  # type: ignore[misc]
    """Tonk's pgx environment for one rule set (module docstring): ``players`` seats, the encoding's words."""

    def __init__(self, rules: TonkRules | None = None) -> None:
        super().__init__()
        rules = TonkRules() if rules is None else rules
        self.rules = rules
        self.jokers = rules.jokers
        self.set_width = SUITS + (1 if rules.jokers else 0)
        """The words of a card set: a fifth holds the jokers where the deck has them."""
        game = TonkGame(rules)
        self.game = game
        encoding = encoding_of(game)
        self.encoding = encoding
        self.n = rules.players
        self.w = Words(tuple(encoding.vocabulary))
        self.table = Table(rules, self.w)
        self.slots = spread_slots(rules.jokers)
        self.deck = rules.deck_size
        values = np.array([value_of_face(c, rules.joker_points) for c in range(self.deck)], np.int32)
        self.card_value = jnp.asarray(values)
        most = (rules.hand_size + 1) * max(10, rules.joker_points)
        self.deal_stakes = jnp.asarray([
            deal_win_stakes(v, rules) if v <= DEAL_WIN_LOW or v >= DEAL_WIN_HIGH else 0 for v in range(most + 1)],
            jnp.int32)
        low, high = game.utility
        self.reach = int(max(-low, high)) + (self.n - 1) * (rules.hands + 10) + 1
        """Balances shown exactly up to this many stakes either way: the game's bound on returns and a margin for
        the side bets of void hands, which it leaves out."""
        reach = np.arange(-self.reach, self.reach + 1)
        self.value_fraction = jnp.asarray(np.arange(most + 1) / VALUE_SCALE, jnp.float32)
        self.stock_fraction = jnp.asarray(np.arange(self.deck + 1) / 52, jnp.float32)
        self.turn_fraction = jnp.asarray(np.minimum(np.arange(TURN_LIMIT + 1) / 100, 1.0), jnp.float32)
        self.size_fraction = jnp.asarray(np.arange(self.deck + 1) / rules.hand_size, jnp.float32)
        self.balance_fraction = jnp.asarray(reach / rules.stake / 10, jnp.float32)
        self.layout_size = encoding.layout.size
        self.row = Slots(encoding, self.n, self.slots, self.w.size, rules.jokers)

    # ------------------------------------------------------------------ pgx

    def _init(self, key: jax.Array) -> TonkState:

        def again(carry: tuple[TonkState, jax.Array, jax.Array]) -> tuple[TonkState, jax.Array, jax.Array]:
            _, key, _ = carry
            key, deal_key = jax.random.split(key)
            dealt, stands = self.first_deal(deal_key)
            return dealt, key, stands

        state, _, _ = jax.lax.while_loop(lambda carry: ~carry[2], again, (self.blank(), key, jnp.bool_(False)))
        return state

    def first_deal(self, key: jax.Array) -> tuple[TonkState, jax.Array]:
        """A match's first hand dealt from ``key``, offered but not observed, and whether the deal stands: a deal that
        ends at once is dealt again by ``init`` (``batch.Redealt``: ``Stepper`` deals again only where it must)."""
        dealt, ended, _, _ = self.deal_hand(self.blank(), key)
        return self.offered(dealt), ~ended

    def _step(self, state: pgx.core.State, action: jax.Array, key: jax.Array | None) -> TonkState:
        if key is None:
            raise ParlourError(f"{ENV_ID}: step needs a key (the next deal is drawn from it)")
        assert isinstance(state, TonkState)
        return self.deal_due(self.play(state, action), key)

    def _observe(self, state: pgx.core.State, player_id: jax.Array) -> jax.Array:
        assert isinstance(state, TonkState)
        return self.observe_row(state, player_id)

    def chance_due(self, state: TonkState) -> jax.Array:
        """Whether ``state`` waits for its next deal (``play`` left it so: ``batch.Chanced``)."""
        return state._chance

    def hands_counted(self, state: TonkState) -> jax.Array:
        """The hands of the match counted so far (a void hand is not), as the Python engine's
        ``pos.hands_counted``: how a comparison tells which hands ended."""
        return state._counted

    @property
    def id(self) -> Any:
        return ENV_ID

    @property
    def version(self) -> str:
        return "v1"

    @property
    def num_players(self) -> int:
        return self.n

    # ------------------------------------------------------------------ dealing

    def blank(self) -> TonkState:
        """A state of the right shapes before the first deal: the last seat deals, every balance 0."""
        n, d, s, width = self.n, self.deck, self.slots, self.set_width
        zeros = jnp.zeros(n, jnp.int32)
        return TonkState(
            rewards=jnp.zeros(n, jnp.float32), legal_action_mask=jnp.zeros(self.w.size, jnp.bool_),
            observation=jnp.zeros(self.layout_size + self.w.size, jnp.float32),
            _hands=jnp.zeros((n, width), jnp.int32), _values=zeros, _known=jnp.zeros((n, width), jnp.int32),
            _deck=jnp.zeros(d, jnp.int32), _discard=jnp.zeros(d, jnp.int32), _pile=jnp.zeros(width, jnp.int32),
            _sp_owner=jnp.zeros(s, jnp.int32), _sp_real=jnp.zeros((s, SUITS), jnp.int32),
            _sp_named=jnp.full((s, self.jokers), -1, jnp.int32),
            _sp_run=jnp.zeros(s, jnp.bool_), _sp_rank=jnp.zeros(s, jnp.int32), _sp_suit=jnp.zeros(s, jnp.int32),
            _sp_lo=jnp.zeros(s, jnp.int32), _sp_hi=jnp.zeros(s, jnp.int32), _lockout=zeros,
            _bets=jnp.full(n, -1, jnp.int32), _shown=jnp.full(n, -1, jnp.int32), _dealer=jnp.int32(n - 1),
            _balances=zeros, _cand=jnp.zeros(self.table.words, jnp.uint32),
            _chosen=jnp.zeros(-(-self.w.size // WORD_BITS), jnp.int32))

    def deal_hand(self, state: TonkState, key: jax.Array) -> tuple[TonkState, jax.Array, jax.Array, jax.Array]:
        """A hand dealt by ``state``'s dealer from a shuffle drawn from ``key``, one card at a time from the
        dealer's left, the next card turned up (``upcard``), then the spades bet or the deal checks and the first
        turn: the state, and whether the hand ended, with its payments and whether it is void (not yet settled)."""
        n, d, rules, width = self.n, self.deck, self.rules, self.set_width
        deck = shuffled(key, d)
        count = n * rules.hand_size
        dealt = deck[d - count:][::-1]
        seats = (state._dealer + 1 + jnp.arange(count)) % n
        hands = jnp.zeros((n, width), jnp.int32).at[seats, dealt // RANKS].add(jnp.left_shift(1, dealt % RANKS))
        values = jnp.zeros(n, jnp.int32).at[seats].add(self.card_value[dealt])
        stock_len = d - count - (1 if rules.upcard else 0)
        upcard = deck[stock_len]
        first = (state._dealer + 1) % n
        begun: TonkState = state.replace(
            _hands=hands, _values=values, _known=jnp.zeros((n, width), jnp.int32), _deck=deck,
            _stock_len=jnp.int32(stock_len), _discard=jnp.zeros(d, jnp.int32).at[0].set(upcard),
            _discard_len=jnp.int32(1 if rules.upcard else 0),
            _pile=card_set(upcard, width) if rules.upcard else jnp.zeros(width, jnp.int32),
            _taken=jnp.int32(-1), _spreads=jnp.int32(0), _sp_real=jnp.zeros_like(state._sp_real),
            _sp_named=jnp.full_like(state._sp_named, -1),
            _lockout=jnp.zeros(n, jnp.int32), _bets=jnp.full(n, -1, jnp.int32), _shown=jnp.full(n, -1, jnp.int32),
            _pending49=jnp.int32(0), _turns=jnp.int32(0), _stock_out_seat=jnp.int32(-1), current_player=first,
            _phase=jnp.int32(BET if rules.spades_side_bet else TURN))
        if rules.spades_side_bet:
            no = jnp.zeros(n, jnp.int32)
            return begun, jnp.bool_(False), no, jnp.bool_(False)
        return self.deal_checks(begun)

    def deal_checks(self, state: TonkState) -> tuple[TonkState, jax.Array, jax.Array, jax.Array]:
        """The deal-time wins (``settlement.deal_win_stakes``), then the first turn (``start_turn``)."""
        rules, n = self.rules, self.n
        stakes = self.deal_stakes[jnp.clip(state._values, 0, self.deal_stakes.shape[0] - 1)]
        winners = stakes > 0
        won = winners.any()
        void = won & (rules.deal_wins == "pagat") & (((state._values == 49) | (state._values == 50)).sum() >= 2)
        delta = jnp.where(winners, stakes * (n - winners.sum()), -jnp.where(winners, stakes, 0).sum())
        pending = jnp.where(state._values == 49, jnp.left_shift(1, jnp.arange(n)), 0).sum() \
            if rules.deal_49_wins == "in_turn" else jnp.int32(0)
        turned, ended, paid, turn_void = self.start_turn(
            state.replace(_pending49=jnp.int32(pending), _phase=jnp.int32(TURN)), state.current_player)
        out: TonkState = chosen(won, state, turned)
        return (out, won | ended, jnp.where(won, jnp.where(void, 0, delta), paid),
                jnp.where(won, void, turn_void))

    # ------------------------------------------------------------------ turns

    def everyone_pays(self, winner: jax.Array, stakes: int) -> jax.Array:
        """Each other seat pays ``winner`` ``stakes``: the balance changes."""
        return jnp.where(jnp.arange(self.n) == winner, stakes * (self.n - 1), -stakes).astype(jnp.int32)

    def stock_out(self, values: jax.Array) -> tuple[jax.Array, jax.Array]:
        """The lowest hand is paid 1 by each (the payments), or a tie for lowest: a void hand (True)."""
        low = values.min()
        holders = values == low
        return self.everyone_pays(jnp.argmax(holders), 1) * (holders.sum() == 1), holders.sum() > 1

    def start_turn(self, state: TonkState, seat: jax.Array) -> tuple[TonkState, jax.Array, jax.Array, jax.Array]:
        """``seat``'s turn begins: a dealt 49 wins now (``deal_49_wins=in_turn``), an empty stock may end the hand
        (the state, whether the hand ended, its payments, whether void)."""
        bit = jnp.left_shift(1, seat)
        won49 = (state._pending49 & bit) != 0
        empty = state._stock_len == 0
        out_now = empty & ((state._discard_len == 0) | (state._stock_out_seat == seat))
        marks = empty & ~out_now & (self.rules.stock_out == "discard_only") & (state._stock_out_seat < 0)
        stock_paid, stock_void = self.stock_out(state._values)
        turned: TonkState = state.replace(
            current_player=seat, _phase=jnp.int32(TURN), _turns=state._turns + 1, _taken=jnp.int32(-1),
            _pending49=state._pending49 & ~bit, _stock_out_seat=jnp.where(marks, seat, state._stock_out_seat))
        paid = jnp.where(won49, self.everyone_pays(seat, 1), jnp.where(out_now, stock_paid, 0))
        return turned, won49 | out_now, paid, ~won49 & out_now & stock_void

    def accepts(self, state: TonkState) -> jax.Array:
        """``[S, 4]``: the cards a hit may add to each spread on the table (``spreads.accept_mask``)."""
        rules = self.rules
        lo, hi, suit = state._sp_lo, state._sp_hi, state._sp_suit
        below = card_set(jnp.where(lo > 1, suit * RANKS + (lo - 2) % RANKS, -1)[:, None])
        above_ok = (hi < 13) | ((hi == 13) & rules.ace_high & (lo > 1))
        above = card_set(jnp.where(above_ok, suit * RANKS + hi % RANKS, -1)[:, None])
        named = state._sp_named
        run = (below | above) & ~(state._sp_real | self.named_cards(named))
        if rules.hit_sets:
            full = popcount(state._sp_real) + (named >= 0).sum(axis=1) >= 4
            of_rank = jnp.where(full[:, None], 0, jnp.broadcast_to(jnp.left_shift(1, state._sp_rank)[:, None],
                                                                    state._sp_real.shape))
        else:
            of_rank = jnp.zeros_like(run)
        on_table = (jnp.arange(self.slots) < state._spreads)[:, None]
        return jnp.where(on_table, jnp.where(state._sp_run[:, None], run, of_rank), 0)

    def named_cards(self, named: jax.Array) -> jax.Array:
        """``[..., 4]``: the cards that the jokers of ``named`` (``[..., J]`` cards, -1 for none) stand for."""
        out = jnp.zeros((*named.shape[:-1], SUITS), jnp.int32)
        for j in range(self.jokers):
            out = out | card_set(named[..., j, None])
        return out

    def jokers_held(self, hand: jax.Array) -> jax.Array:
        """How many jokers ``hand`` holds."""
        if not self.jokers:
            return jnp.zeros((), jnp.int32)
        held: jax.Array = jax.lax.population_count(hand[SUITS])
        return held

    def joker_hits(self, hand: jax.Array, accepts: jax.Array) -> jax.Array:
        """``[S, 4]``: the cards a joker of ``hand`` may stand for in a hit on each spread (none without one)."""
        return jnp.where(self.jokers_held(hand) > 0, accepts, 0)

    def discardable(self, state: TonkState, hand: jax.Array) -> jax.Array:
        """The cards ``hand`` may discard: not the one taken from the discard pile this turn, unless allowed or
        it is the only card."""
        if self.rules.may_rediscard_taken:
            return hand
        taken = card_set(state._taken, self.set_width)
        return jnp.where((taken != hand).any(), hand & ~taken, hand)

    def discards(self, discardable: jax.Array) -> jax.Array:
        """How many discards ``discardable`` offers: one a real card, and ``discard Jk`` once for any jokers."""
        if not self.jokers:
            return popcount(discardable)
        return popcount(discardable[:SUITS]) + (discardable[SUITS] != 0)

    def joker_discarded(self, state: TonkState, hand: jax.Array) -> jax.Array:
        """The joker ``discard Jk`` lays from ``hand`` (``TonkPlay.discard``): the lowest held, but the other
        when both are held and the one taken from the discard pile may not go back."""
        bits = hand[SUITS] if self.jokers else jnp.int32(0)
        lowest_held = JOKER + ((bits & 1) == 0)
        if self.rules.may_rediscard_taken:
            return lowest_held
        taken = state._taken
        return jnp.where((bits == 3) & (taken >= JOKER), 2 * JOKER + 1 - taken, lowest_held)

    def legal_spreads(self, hand: jax.Array) -> jax.Array:
        """``[T]``: the table spreads ``hand`` holds: the table lists each suit's runs, then each rank's sets, so
        each row's real cards are bits of one word of the hand's suits (a run) or of its ranks (a set: bit ``s`` of
        rank word ``r`` for the card of suit ``s``), compared by broadcasting, with no gather; a row's jokers must
        be held too."""
        suits = hand[:SUITS]
        ranks = (((suits[:, None] >> _RANK_IDS) & 1) << _SUIT_IDS[:, None]).sum(axis=0)
        runs, sets, table = self.table.run_need, self.table.set_need, self.table
        run_ok, set_ok = (suits[:, None] & runs) == runs, (ranks[:, None] & sets) == sets
        if self.jokers:
            held = self.jokers_held(hand)
            run_ok, set_ok = run_ok & (table.run_jokers <= held), set_ok & (table.set_jokers <= held)
        return jnp.concatenate([run_ok.reshape(-1), set_ok.reshape(-1)])

    def offered(self, state: TonkState) -> TonkState:
        """``state`` with its mask (``word_mask``) and, at the start of a decision, the spreads its player may
        lay as the candidates a ``spread`` word starts from."""
        hand = pick(state._hands, state.current_player)
        fresh: TonkState = state.replace(
            _cand=jnp.where(state._depth == 0, packed(self.legal_spreads(hand)), state._cand))
        return fresh.replace(legal_action_mask=self.word_mask(fresh))  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ a word

    def play(self, state: TonkState, action: jax.Array) -> TonkState:
        """Take the word ``action``: when it settles an action, play it (and enter a hand it ends, the next deal
        left due: ``_chance``); else remember it and offer the next words. Everything of a step but chance
        (``batch.Chanced``)."""
        w, table, n = self.w, self.table, self.n
        word = jnp.int32(action)
        seat = state.current_player
        depth = state._depth
        kind = jnp.where(depth == 0, word, state._kind)
        hand = pick(state._hands, seat)
        accepts = self.accepts(state)
        hits = accepts & hand[:SUITS]
        discardable = self.discardable(state, hand)
        have_stock, have_discard = state._stock_len > 0, state._discard_len > 0
        # the spread candidates after this word
        cards_so_far = jnp.maximum(depth - 1, 0)
        column = jnp.minimum(cards_so_far, table.width - 1)
        said_row = table.said[column, jnp.clip(word - w.face, 0, SAID - 1)]
        match = jnp.where(word == w.end, pick(table.ends, cards_so_far),
                          jnp.where((word >= w.face) & (word < w.face + SAID), said_row, 0))
        cand = jnp.where(depth == 0, state._cand, state._cand & match)
        spread_row = first_set(cand)
        # the hit: the spread, the card and whether a joker stands for it, once settled
        said = jnp.where(depth == 1, word - w.face, state._face)
        named_hit = said > JOKER
        hit_face = jnp.where(named_hit, said - JOKER - 1, said)
        fits = holds(accepts, jnp.maximum(hit_face, 0))
        first_hit = jnp.argmax((hits != 0).any(axis=1))
        only_hit, only_card, only_joker, hit_count = first_hit, lowest(hits[first_hit]), jnp.bool_(False), \
            popcount(hits).sum()
        if self.jokers:  # the one hit offered: a real card's, else a joker's
            joker_hits = self.joker_hits(hand, accepts)
            first_joker = jnp.argmax((joker_hits != 0).any(axis=1))
            only_joker = ~(hits != 0).any()
            only_hit = jnp.where(only_joker, first_joker, first_hit)
            only_card = jnp.where(only_joker, lowest(joker_hits[first_joker]), only_card)
            hit_count = hit_count + popcount(joker_hits).sum()
        hit_spread = jnp.where(depth == 0, only_hit, jnp.where(depth == 1, jnp.argmax(fits), word - w.number - 1))
        hit_card = jnp.where(depth == 0, only_card, hit_face)
        hit_joker = jnp.where(depth == 0, only_joker, named_hit)
        from_stock = jnp.where(depth == 1, word == w.stock, have_stock)
        discard_card = jnp.where(depth == 1, word - w.face, lowest(discardable))
        if self.jokers:
            discard_card = jnp.where(discard_card >= JOKER, self.joker_discarded(state, hand), discard_card)
        settles = jnp.select(
            [kind == w.drop, kind == w.draw, kind == w.discard, kind == w.spread, kind == w.hit],
            [jnp.bool_(True), (depth == 1) | ~(have_stock & have_discard),
             (depth == 1) | (self.discards(discardable) == 1), (count_set(cand) == 1) | (word == w.end),
             jnp.select([depth == 0, depth == 1], [hit_count == 1, fits.sum() == 1], jnp.bool_(True))],
            depth == 1)
        played = self.act(state, kind, from_stock, discard_card, spread_row, hit_spread, hit_card, hit_joker,
                          word == w.bet_in)
        choosing: TonkState = state.replace(
            _kind=kind, _depth=depth + 1, _cand=cand, _face=said,
            _chosen=state._chosen | jnp.where(jnp.arange(state._chosen.shape[0]) == word // WORD_BITS,
                                              jnp.left_shift(1, word % WORD_BITS), 0),
            rewards=jnp.zeros(n, jnp.float32))
        after: TonkState = chosen(settles, played, choosing)
        return self.offered(after)

    def act(self, state: TonkState, kind: jax.Array, from_stock: jax.Array, discard_card: jax.Array,
            spread_row: jax.Array, hit_spread: jax.Array, hit_card: jax.Array, hit_joker: jax.Array,
            bet_in: jax.Array) -> TonkState:
        """Play the settled action whose first word is ``kind`` (its card, spread or source given; a hit's card
        laid by a joker where ``hit_joker``), then enter the hand if it ended (``enter``)."""
        w, rules, table, n, width = self.w, self.rules, self.table, self.n, self.set_width
        seat = state.current_player
        hand = pick(state._hands, seat)
        is_draw, is_discard, is_spread, is_hit, is_drop, is_bet = (
            kind == w.draw, kind == w.discard, kind == w.spread, kind == w.hit, kind == w.drop, kind == w.spades)
        # draw
        top_stock = pick(state._deck, state._stock_len - 1)
        top_discard = pick(state._discard, state._discard_len - 1)
        drawn = jnp.where(from_stock, top_stock, top_discard)
        drawn_set = card_set(drawn, width)
        from_pile = is_draw & ~from_stock
        # the card or cards leaving the hand (a hit's or a spread's jokers: the lowest held first)
        spread_laid, hit_laid = table.mask[spread_row], hit_card
        if self.jokers:
            jokers = hand[SUITS]
            left = without_lowest(jokers, table.needs[spread_row])
            spread_laid = jnp.concatenate([spread_laid, (jokers & ~left)[None]])
            hit_laid = jnp.where(hit_joker, JOKER + ((jokers & 1) == 0), hit_card)
        laid = jnp.select([is_discard, is_spread, is_hit],
                          [card_set(discard_card, width), spread_laid, card_set(hit_laid, width)],
                          jnp.zeros(width, jnp.int32))
        laid_value = jnp.select([is_discard, is_spread, is_hit],
                                [self.card_value[discard_card], table.value[spread_row], self.card_value[hit_laid]], 0)
        new_hand = jnp.where(is_draw, hand | drawn_set, hand & ~laid)
        new_value = pick(state._values, seat) + jnp.where(is_draw, self.card_value[drawn], -laid_value)
        known = pick(state._known, seat)
        new_known = jnp.where(is_draw, jnp.where(from_stock, known, known | drawn_set), known & new_hand)
        emptied = (new_hand == 0).all()
        # a spread laid or hit
        slot = jnp.where(is_spread, state._spreads, hit_spread)
        old_lo, old_hi, old_run = pick(state._sp_lo, slot), pick(state._sp_hi, slot), pick(state._sp_run, slot)
        position = hit_card % RANKS + 1
        extends_low = old_run & (position == old_lo - 1)
        extends_high = old_run & ~extends_low
        hit_lo = jnp.where(extends_low, position, old_lo)
        hit_hi = jnp.where(extends_high, jnp.where(position == 1, 14, position), old_hi)
        owner = pick(state._sp_owner, hit_spread)
        locks = is_hit & rules.hit_lockout & (owner != seat)
        on_table = is_spread | is_hit
        table_slot, spread_slot = jnp.where(on_table, slot, -1), jnp.where(is_spread, slot, -1)
        hands = put(state._hands, seat, new_hand)
        values = put(state._values, seat, new_value)
        laid_state: TonkState = state.replace(
            _hands=hands, _values=values, _known=put(state._known, seat, new_known),
            _stock_len=state._stock_len - (is_draw & from_stock),
            _discard=put(state._discard, jnp.where(is_discard, state._discard_len, -1), discard_card),
            _discard_len=state._discard_len - from_pile + is_discard,
            _pile=jnp.where(from_pile, state._pile & ~drawn_set,
                            jnp.where(is_discard, state._pile | laid, state._pile)),
            _taken=jnp.where(from_pile, drawn, state._taken),
            _phase=jnp.where(is_draw, PLAY, state._phase),
            _stock_out_seat=jnp.where(is_draw & from_stock & (state._stock_len == 1)
                                      & (rules.stock_out == "discard_only"), seat, state._stock_out_seat),
            _spreads=state._spreads + is_spread,
            _sp_owner=put(state._sp_owner, jnp.where(is_spread, slot, -1), seat),
            _sp_real=put(state._sp_real, table_slot, pick(state._sp_real, slot) | laid[:SUITS]),
            _sp_named=self.named_after(state._sp_named, slot, is_spread, is_hit & hit_joker, table.named[spread_row],
                                       hit_card),
            _sp_run=put(state._sp_run, spread_slot, table.run[spread_row]),
            _sp_rank=put(state._sp_rank, spread_slot, table.rank[spread_row]),
            _sp_suit=put(state._sp_suit, spread_slot, table.suit[spread_row]),
            _sp_lo=put(state._sp_lo, table_slot, jnp.where(is_spread, table.lo[spread_row], hit_lo)),
            _sp_hi=put(state._sp_hi, table_slot, jnp.where(is_spread, table.hi[spread_row], hit_hi)),
            _lockout=state._lockout + (jnp.arange(n) == owner) * locks,
            _kind=jnp.int32(0), _depth=jnp.int32(0), _face=jnp.int32(-1),
            _chosen=jnp.zeros_like(state._chosen))
        # the end of the turn after a discard that keeps cards
        lockout = laid_state._lockout - ((jnp.arange(n) == seat) & (laid_state._lockout > 0))
        ends_stock = (laid_state._stock_len == 0) & (rules.stock_out != "discard_only")
        turned, turn_ended, turn_paid, turn_void = self.start_turn(laid_state.replace(_lockout=lockout),
                                                                   (seat + 1) % n)
        stock_paid, stock_void = self.stock_out(values)
        passes = is_discard & ~emptied
        moved: TonkState = chosen(passes & ~ends_stock, turned,
                                  laid_state.replace(_lockout=jnp.where(passes, lockout, laid_state._lockout)))
        bet_ended, bet_paid, bet_void = jnp.bool_(False), jnp.zeros(n, jnp.int32), jnp.bool_(False)
        if rules.spades_side_bet:
            bet_state, bet_ended, bet_paid, bet_void = self.bet(laid_state, bet_in)
            moved = chosen(is_bet, bet_state, moved)
        # how the hand ends, if it does
        drop_paid = self.drop_payments(seat, state._values)
        lay_out = (is_spread | is_hit) & emptied
        run_out = is_discard & emptied
        ended = is_drop | lay_out | run_out | (passes & (ends_stock | turn_ended)) | (is_bet & bet_ended)
        paid = jnp.select(
            [is_drop, lay_out, run_out, passes & ends_stock, passes, is_bet],
            [drop_paid, self.everyone_pays(seat, rules.tonk_out_pay), self.everyone_pays(seat, 1), stock_paid,
             turn_paid, bet_paid], jnp.zeros(n, jnp.int32))
        void = jnp.select([passes & ends_stock, passes, is_bet], [stock_void, turn_void, bet_void], jnp.bool_(False))
        return self.enter(moved, state._balances, ended, paid, void)

    def named_after(self, named: jax.Array, slot: jax.Array, spread: jax.Array, joker_hit: jax.Array,
                    laid: jax.Array, card: jax.Array) -> jax.Array:
        """The spreads' joker cards (``_sp_named``) after a ``spread`` in ``slot`` whose jokers stand for
        ``laid``, or a ``joker_hit`` on it standing for ``card`` (the next of its jokers)."""
        if not self.jokers:
            return named
        row = pick(named, slot)
        hit_row = row.at[(row >= 0).sum()].set(card, mode="drop")
        return put(named, slot, jnp.where(spread, laid, jnp.where(joker_hit, hit_row, row)))

    def drop_payments(self, dropper: jax.Array, values: jax.Array) -> jax.Array:
        """The balance changes after ``dropper`` drops (``settlement.drop_payments``, the rules' ``caught``)."""
        n = self.n
        seats = jnp.arange(n)
        others = seats != dropper
        d = values[dropper]
        low = jnp.where(others, values, FLAT).min()
        winners = others & (values == low)
        losers = others & ~winners
        caught = self.rules.caught
        if caught == "texas":
            to_others = jnp.where(winners, 2, 0)
        elif caught == "classic":
            to_others = jnp.where(winners, 2, jnp.where(others & (values < d), 1, 0))
        else:
            to_others = jnp.where(others & (values <= d), 2, 0)
        caught_delta = (to_others - jnp.where(seats == dropper, to_others.sum(), 0)
                        + winners * losers.sum() - losers * winners.sum())
        return jnp.where(d < low, jnp.where(others, -1, n - 1), caught_delta).astype(jnp.int32)

    def bet(self, state: TonkState, bet_in: jax.Array) -> tuple[TonkState, jax.Array, jax.Array, jax.Array]:
        """The seat to play joins the spades bet or not; after the last seat, the bet is settled (the highest
        spade among the bettors takes one stake from each other bettor) and the deal checks follow."""
        n = self.n
        seat = state.current_player
        bets = put(state._bets, seat, bet_in.astype(jnp.int32))
        after = (seat + 1) % n
        last = after == (state._dealer + 1) % n
        spades = state._hands[:, SUITS - 1]
        ace = (spades & 1) == 1
        top = 31 - jax.lax.clz(spades)
        joined = bets == 1
        has_spade = joined & (spades != 0)
        best = jnp.where(has_spade, jnp.where(ace, 13, top), -1)
        shown = jnp.where(has_spade, (SUITS - 1) * RANKS + jnp.where(ace, 0, top), -1)
        highest = jnp.where(joined, best + 1, 0)
        winner = jnp.argmax(highest)
        stake = joined & (highest.max() > 0)
        paid = jnp.where(stake, jnp.where(jnp.arange(n) == winner, stake.sum() - 1, -1), 0).astype(jnp.int32)
        known = state._known | card_set(shown[:, None], self.set_width)
        settled: TonkState = state.replace(_bets=bets, _shown=shown, _known=known,
                                           _balances=state._balances + paid, current_player=after)
        checked, ended, deal_paid, void = self.deal_checks(settled)
        waiting: TonkState = state.replace(_bets=bets, current_player=after)
        out: TonkState = chosen(last, checked, waiting)
        return out, last & ended, jnp.where(last, deal_paid, 0), last & void

    # ------------------------------------------------------------------ the end of a hand

    def enter(self, state: TonkState, before: jax.Array, ended: jax.Array, paid: jax.Array,
              void: jax.Array) -> TonkState:
        """Enter a hand that ``ended`` (its payments ``paid``, ``void`` or not) and end the match when it is over,
        else leave it waiting for the next deal (``_chance``); rewards are the balances' change since
        ``before``."""
        balances = state._balances + jnp.where(ended, paid, 0)
        counted = state._counted + (ended & ~void)
        over = ended & ((counted >= self.rules.hands) | (balances.max() >= self.target))
        entered: TonkState = state.replace(
            _balances=balances, _counted=counted, terminated=over, _chance=ended & ~over,
            _dealer=jnp.where(ended & ~void & ~over, (state._dealer + 1) % self.n, state._dealer),
            _phase=jnp.where(over, OVER, state._phase), rewards=(balances - before).astype(jnp.float32))
        return entered

    def deal_due(self, state: TonkState, key: jax.Array) -> TonkState:
        """``state`` with the next hand dealt from ``key`` when it waits for one (``_chance``), and again while a
        deal ends at once and the match goes on, the deal-time payments added to the rewards; as it was when
        none is due (``batch.Chanced``)."""

        def deal_again(carry: tuple[TonkState, jax.Array]) -> tuple[TonkState, jax.Array]:
            s, key = carry
            key, deal_key = jax.random.split(key)
            dealt, ended, paid, void = self.deal_hand(s, deal_key)
            entered = self.enter(dealt, state._balances, ended, paid, void)
            return self.offered(entered.replace(rewards=state.rewards + entered.rewards)), key

        dealt, _ = jax.lax.while_loop(lambda carry: carry[0]._chance, deal_again, (state, key))
        return dealt

    @property
    def target(self) -> int:
        """The match's target balance (one no balance reaches when there is none)."""
        return FLAT if self.rules.target is None else self.rules.target

    # ------------------------------------------------------------------ what a seat sees

    def word_mask(self, state: TonkState) -> jax.Array:
        """The words that lead to a legal action of the seat to play, after the words chosen so far."""
        w, table, rules = self.w, self.table, self.rules
        seat = state.current_player
        hand = pick(state._hands, seat)
        depth, kind, phase = state._depth, state._kind, state._phase
        locked = pick(state._lockout, seat) > 0
        accepts = self.accepts(state)
        hits = accepts & hand[:SUITS]
        joker_hits = self.joker_hits(hand, accepts)
        discardable = self.discardable(state, hand)
        have_stock, have_discard = state._stock_len > 0, state._discard_len > 0
        start = depth == 0
        in_play = start & (phase == PLAY)
        in_turn = start & (phase == TURN)
        cards_so_far = jnp.maximum(depth - 1, 0)
        column = jnp.minimum(cards_so_far, table.width - 1)
        spreading = ~start & (kind == w.spread)
        longer = state._cand & pick(table.longer, cards_so_far)
        # the words that go on a spread being said: a card's, or a joker's naming one (Table.said)
        goes_on = ((table.said[column] & longer) != 0).any(axis=1) & spreading
        none = jnp.zeros(SUITS, jnp.int32)
        drawing = ~start & (kind == w.draw)
        offered = {
            w.end: spreading & (state._cand & pick(table.ends, cards_so_far) != 0).any(),
            w.drop: ~locked & (in_turn | (in_play & (rules.drop_timing == "any"))),
            w.draw: in_turn & (have_stock | have_discard),
            w.stock: drawing & have_stock,
            w.discard: in_play | (drawing & have_discard),
            w.spread: in_play & (state._cand != 0).any(),
            w.hit: in_play & ((hits != 0).any() | (joker_hits != 0).any()),
            w.spades: start & (phase == BET),
            w.bet_in: ~start & (kind == w.spades),
            w.bet_out: ~start & (kind == w.spades),
        }
        head = jnp.stack([offered[index] for index in range(w.bet_out + 1)])
        hitting = (kind == w.hit) & (depth == 1)
        faces = jnp.select([start, kind == w.discard, hitting],
                           [none, discardable[:SUITS], jnp.bitwise_or.reduce(hits, axis=0)], none)
        named, joker = none, jnp.bool_(False)
        if self.jokers:
            named = jnp.where(hitting, jnp.bitwise_or.reduce(joker_hits, axis=0), none)
            joker = ~start & (kind == w.discard) & (discardable[SUITS] != 0)
        said = jnp.maximum(state._face, 0)
        fits = holds(accepts, jnp.where(said > JOKER, said - JOKER - 1, said)) & (kind == w.hit) & (depth == 2)
        numbers = jnp.concatenate([jnp.zeros(1, jnp.bool_), fits[:w.numbers - 1]])
        middle = jnp.zeros(w.number - w.named - CARDS, jnp.bool_)
        return jnp.concatenate([head, (unpack(faces) > 0) | goes_on[:CARDS], joker[None],
                                (unpack(named) > 0) | goes_on[CARDS + 1:], middle, numbers])

    def observe_row(self, state: TonkState, player: jax.Array) -> jax.Array:
        """``player``'s row of ``core.encoding.encode_into`` for the Python encoder (``TonkEncoding``): seats
        counted from ``player``, then the words it has chosen so far. Every slot that is 0 or 1 is a bit of a
        small vector of int32 words (``Slots``) and every fraction an entry of a few numbers, so the row is one
        gather: a slot-by-slot build wrote the whole row several times over."""
        n, s = self.n, self.slots
        order = (player + jnp.arange(n)) % n
        over = state._phase == OVER
        seen = jnp.where(over, state._hands, state._known)[order]
        top = jnp.where(state._discard_len > 0, state._discard[jnp.maximum(state._discard_len - 1, 0)], -1)
        seats = jnp.left_shift(1, jnp.arange(n))

        def seat_bit(seat: jax.Array, on: jax.Array | bool = True) -> jax.Array:
            return jnp.where(on, jnp.left_shift(1, (seat - player) % n), 0)[None]

        owners = jnp.where(jnp.arange(s) < state._spreads, jnp.left_shift(1, (state._sp_owner - player) % n), 0)
        bets = (jnp.where(state._bets[order] == 1, seats * seats, 0) + jnp.where(
            state._bets[order] == 0, seats * seats * 2, 0)).sum()
        shown = jax.vmap(card_set)(state._shown[order])
        width = self.set_width
        spreads = state._sp_real
        if self.jokers:  # each spread's jokers, then how often each card is named by one, two bits a card
            named = state._sp_named
            on = (named >= 0)[:, :, None] & (named[:, :, None] // RANKS == _SUIT_IDS)
            fields = jnp.where(on, jnp.left_shift(1, 2 * (named[:, :, None] % RANKS)), 0).sum(axis=1)
            spreads = jnp.concatenate([spreads, (named >= 0).sum(axis=1, keepdims=True), fields], axis=1)
        words = jnp.concatenate([
            jnp.zeros(1, jnp.int32), counted(state._hands[player]), counted(seen).reshape(-1), counted(state._pile),
            counted(card_set(top, width)), counted(card_set(state._taken, width)), spreads.reshape(-1), owners,
            jnp.left_shift(1, state._phase)[None],
            seat_bit(state.current_player, ~over), seat_bit(state._dealer),
            (jnp.where(state._lockout[order] > 0, seats, 0)).sum()[None],
            seat_bit(state._stock_out_seat, state._stock_out_seat >= 0), bets[None], shown.reshape(-1),
            jnp.where((state.current_player == player) & ~over, state._chosen, 0)])
        balances = jnp.clip(state._balances[order], -self.reach, self.reach) + self.reach
        numbers = jnp.concatenate([
            self.value_fraction[jnp.clip(state._values[player], 0, self.value_fraction.shape[0] - 1)][None],
            self.size_fraction[popcount(state._hands[order])], self.stock_fraction[state._stock_len][None],
            self.balance_fraction[balances], self.turn_fraction[jnp.minimum(state._turns, TURN_LIMIT)][None]])
        placed: jax.Array = self.row.place(jnp.concatenate([words, jax.lax.bitcast_convert_type(numbers, jnp.int32)]))
        return placed


class Slots:
    """Where each slot of the observation row comes from (``Tonk.observe_row``): bits ``shift[j]`` on (under
    ``mask``: one bit, or with jokers two for a count of 0 to 2) of word ``word[j]`` of the match's packed words,
    or, where ``is_number[j]``, number ``number[j]`` of its fractions. Built from the encoding's layout section by
    section, in the order ``observe_row`` packs its words: a card set is its four suits' words, with jokers then
    how many it holds; a spread, with jokers, then its jokers and how often each card is named, two bits a card."""

    def __init__(self, encoding: Any, n: int, slots: int, words: int, jokers: int) -> None:
        packed: dict[str, int] = {}
        size = 1  # word 0 is always 0: the slots nothing sets (the joker slots without jokers)
        cards_width = SUITS + (1 if jokers else 0)
        spread_width = SUITS + (1 + SUITS if jokers else 0)
        for name, count in [("hand", cards_width), ("known", cards_width * n), ("pile", cards_width),
                            ("top", cards_width), ("taken", cards_width), ("spreads", spread_width * slots),
                            ("owners", slots), ("phase", 1), ("to_play", 1), ("dealer", 1), ("lockout", 1),
                            ("stock_out_seat", 1), ("bets", 1), ("spades", SUITS * n),
                            ("chosen", -(-words // WORD_BITS))]:
            packed[name] = size
            size += count
        numbers = {"hand_value": 0, "hand_sizes": 1, "stock": 1 + n, "balances": 2 + n, "turns": 2 + 2 * n}
        word: list[int] = []
        shift: list[int] = []
        mask: list[int] = []
        number: list[int] = []

        def bit(w: int, b: int, m: int = 1) -> None:
            word.append(w)
            shift.append(b)
            mask.append(m)
            number.append(-1)

        def cards(base: int, with_jokers: bool) -> None:
            for c in range(CARDS):
                bit(base + c // RANKS, c % RANKS)
            if with_jokers:
                bit(base + SUITS, 0, COUNT_BITS)
            else:
                bit(0, 0)

        sources = {"hand": "hand", "discard_top": "top", "discard_pile": "pile", "taken": "taken"}
        for section in encoding.layout.sections:
            name = section.name
            if name in sources:
                cards(packed[sources[name]], bool(jokers))
            elif name.startswith("known_"):
                cards(packed["known"] + cards_width * int(name[len("known_"):]), bool(jokers))
            elif name.startswith("spread_"):
                k = int(name[len("spread_"):])
                base = packed["spreads"] + spread_width * k
                cards(base, bool(jokers))
                for c in range(CARDS):
                    if jokers:
                        bit(base + SUITS + 1 + c // RANKS, 2 * (c % RANKS), COUNT_BITS)
                    else:
                        bit(0, 0)
                for q in range(n):
                    bit(packed["owners"] + k, q)
            elif name == "spades_shown":
                for q in range(n):
                    cards(packed["spades"] + SUITS * q, False)
            elif name in packed:
                for b in range(section.size):
                    bit(packed[name], b)
            else:
                for k in range(section.size):
                    word.append(0)
                    shift.append(0)
                    mask.append(1)
                    number.append(numbers[name] + k)
        for v in range(words):
            bit(packed["chosen"] + v // WORD_BITS, v % WORD_BITS)
        self.shift = jnp.asarray(shift, jnp.int32)
        self.mask: jax.Array | int = jnp.asarray(mask, jnp.int32) if jokers else 1
        """Each slot's bits under its shift: one everywhere without jokers."""
        self.is_number = jnp.asarray(np.array(number) >= 0)
        self.source = jnp.asarray(np.where(np.array(number) >= 0, size + np.array(number), word), jnp.int32)
        """Each slot's entry of the source (``placed``): its word, or its fraction after the words."""
        self.place = jax.custom_batching.custom_vmap(self.placed)
        """``placed``, batched by ``placed_batch``: the rows of a batch taken along their last axis at once,
        where ``vmap``'s own gather writes the batch slot-major and transposes it (twice the time and more)."""
        self.place.def_vmap(self.placed_batch)

    def placed(self, source: jax.Array) -> jax.Array:
        """The row of one match from its packed words, then its fractions' bits (``observe_row``: one int32
        array, made once, which the row's gather reads; fractions apart were recomputed for every slot)."""
        return self.placed_rows(source[None])[0]

    def placed_rows(self, source: jax.Array) -> jax.Array:
        """The rows of a batch from its ``[batch, K + M]`` sources."""
        taken = jnp.take(source, self.source, axis=1)
        bits = ((taken >> self.shift) & self.mask).astype(jnp.float32)
        return jnp.where(self.is_number, jax.lax.bitcast_convert_type(taken, jnp.float32), bits)

    def placed_batch(self, size: int, batched: list[bool], source: jax.Array) -> tuple[jax.Array, bool]:
        """``custom_vmap``'s rule for ``placed``: the batch's rows in one ``placed_rows``."""
        if not batched[0]:
            source = jnp.broadcast_to(source, (size, *source.shape))
        return self.placed_rows(source), True


@functools.lru_cache(maxsize=8)
def env_for(rules: TonkRules) -> Tonk:
    """The environment of ``rules``, made once (``from_state`` is called at every deal a comparison replays, and
    with jokers the spread table lists thousands of spreads)."""
    return Tonk(rules)


def from_state(state: Any) -> TonkState:
    """The JAX state of a Python engine ``State`` of Tonk at the start of a decision (no word chosen yet): its
    hands, stock, discard pile, spreads, bets, turn and match, with the observation and mask of the player to
    move. Step it with ``Tonk(state.game.rules)``."""
    pos = state.pos
    if pos.cur < 0:
        raise ParlourError(f"{ENV_ID}: from_state needs a match in play, this one is over")
    env = env_for(state.game.rules)
    d, s, width = env.deck, env.slots, env.set_width

    def words(mask: int, size: int = width) -> np.ndarray[Any, np.dtype[np.int32]]:
        return np.array([mask >> (RANKS * k) & 0x1FFF for k in range(size)], np.int32)

    deck = np.zeros(d, np.int32)
    deck[:len(pos.stock)] = pos.stock
    discard = np.zeros(d, np.int32)
    discard[:len(pos.discard)] = pos.discard
    real = np.zeros((s, SUITS), np.int32)
    named = np.full((s, env.jokers), -1, np.int32)
    owner, rank, suit, lo, hi = (np.zeros(s, np.int32) for _ in range(5))
    run = np.zeros(s, np.bool_)
    for k, spread in enumerate(pos.spreads[:s]):
        real[k] = words(spread.real, SUITS)
        named[k, :len(spread.joker_faces)] = spread.joker_faces
        owner[k], run[k], rank[k], suit[k] = spread.owner, spread.shape.is_run, spread.shape.rank, spread.shape.suit
        lo[k], hi[k] = spread.shape.lo, spread.shape.hi
    pile = 0
    for c in pos.discard:
        pile |= 1 << c
    blank = env.blank()
    new: TonkState = blank.replace(
        current_player=jnp.int32(pos.cur),
        _hands=jnp.asarray(np.stack([words(h) for h in pos.hands])), _values=jnp.asarray(pos.values, jnp.int32),
        _known=jnp.asarray(np.stack([words(k) for k in pos.known])), _deck=jnp.asarray(deck),
        _stock_len=jnp.int32(len(pos.stock)), _discard=jnp.asarray(discard), _discard_len=jnp.int32(len(pos.discard)),
        _pile=jnp.asarray(words(pile)), _taken=jnp.int32(pos.taken), _spreads=jnp.int32(min(len(pos.spreads), s)),
        _sp_owner=jnp.asarray(owner), _sp_real=jnp.asarray(real), _sp_named=jnp.asarray(named),
        _sp_run=jnp.asarray(run),
        _sp_rank=jnp.asarray(rank), _sp_suit=jnp.asarray(suit), _sp_lo=jnp.asarray(lo), _sp_hi=jnp.asarray(hi),
        _lockout=jnp.asarray(pos.lockout, jnp.int32),
        _bets=jnp.asarray([-1 if b is None else int(b) for b in pos.bets], jnp.int32),
        _shown=jnp.asarray([-1 if c is None else c for c in pos.spades_shown], jnp.int32),
        _pending49=jnp.int32(pos.pending49), _turns=jnp.int32(pos.turns),
        _stock_out_seat=jnp.int32(pos.stock_out_seat), _phase=jnp.int32(pos.phase), _dealer=jnp.int32(pos.dealer),
        _counted=jnp.int32(pos.hands_counted), _balances=jnp.asarray(pos.balances, jnp.int32))
    masked = env.offered(new)
    observed: TonkState = masked.replace(observation=env.observe(masked))
    return observed


def make(spec: str) -> Tonk:
    """The environment of a Tonk spec as the Python side reads it (``tonk``, ``tonk:classic``,
    ``tonk:classic?jokers=2``, ``tonk:pagat?players=4&hands=5``: every preset and flag, 2 to 6 players), or
    ``ParlourError`` quoting a spec the rules refuse and why."""
    try:
        return Tonk(load_game(spec).rules)
    except ParlourError as e:
        raise ParlourError(f"parlour.jax.make: {spec!r}: {e}") from None
