"""Tock as a pgx environment: the game as pure JAX functions over fixed-shape arrays, equal to the Python engine.

Supported: 2 to 8 players on the 4-, 6- and 8-section boards (``board_for``), with their shortcuts: a pawn settled
on an intersection (standing there when its owner's turn began, not moved since: the state keeps the settled bits)
may start a forward move with one shortcut, or two in a row on 8 sections, and a 4 back with one; a 5 may push a
settled pawn over them; home entry ``mandatory`` or ``optional`` (a move whose count ends in the home lane may
stay out, ``~``: the table of 7s then holds 49,631 entries at 6 players, 89,435 at 8); the flags ``extra_sevens``
and ``two_of_spades_enters``; the joker bonus (bonus, spend and extra phases); teams at 4, 6 and 8 players
(``pairs`` and ``two``: a player whose pawns are all home plays its cards for a teammate whose pawns are not, each
such action spelt ``for c:`` then the card action's words, ``c:`` chosen among those teammates that have a legal
card action; each teammate is a slot of candidates).
Every flag of the Python engine is offered.

An action is one word of ``parlour.rl``'s Tock vocabulary (``TockEncoding.vocabulary``), chosen one at a time as
``core.encoding.WordChooser`` chooses them: every legal action of a decision is an entry of a fixed table built at
construction (each card use, each spelling of a 7, each discard, the two bonus words), with its words; the legal
entries are worked out when a decision begins, each word keeps the entries it fits, and the action is settled (and
played) as soon as one entry is left. The candidates are kept as packed bits (``common.packed``), 32 entries a word,
and a word narrows them with one ``and`` against the entries that have it at that depth. The 7's entries are every
ordered split into parts (pawns in any order, each at most once, counts adding up to 7, each part with the shortcuts
it may take first or staying out of the home), searched as a tree of parts worked out on the board left by the parts
before them; of the legal splits with one outcome only the first in the Python search's order (parts compared by
pawn number, count, shortcuts, then staying out) is listed, so the mask after each part's word allows exactly the
parts that lead on to a listed 7, as the Python encoding's does.

A state holds each pawn's place (-1 the reserve, then the track, then the home lane), the advantage and
settled bits, the hands as five card ids in the Python list order, the stock as ordered card ids (drawn from the
end, as Python pops it), the pile's ids with its counts by kind, the stored bonuses and the phase. The observation
is the Python encoder's row for the player to move, then a slot per word for the words chosen so far (as
``parlour.rl``'s observations), float32. Rewards are the engine's returns: 1 for the winner or each member of the
winning team, 0 for everyone else. Chance: the
deal at ``init`` and the shuffle when the stock runs out; until then the stock is drawn in its order, so a game
started by ``from_state`` draws the cards the Python engine draws. After a reshuffle the next card is drawn
uniformly from the stock left (one draw per card played, no permutation in a step).
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
import pgx.core
from pgx._src.struct import dataclass

from parlour.core.encoding import END, WordChooser
from parlour.core.errors import ParlourError
from parlour.core.registry import load_game
from parlour.games.tock.actions import (
    BONUS_KEEP,
    BONUS_PLAY,
    DISCARDS,
    PAWNS,
    SEAT_LETTERS,
    Seven,
    enter,
    move,
    part,
    push,
    swap,
)
from parlour.games.tock.board import HOME, board_for
from parlour.games.tock.deck import HAND_SIZE, KIND, TWO_OF_SPADES, full_deck
from parlour.games.tock.encoding import KINDS, words
from parlour.games.tock.position import BONUS, EXTRA, OVER, PHASES, PLAY, SPEND
from parlour.games.tock.rules import HOME_ENTRY, TEAMS, TockRules
from parlour.jax.common import (
    PACK,
    TextPicture,
    count_set,
    first_set,
    only_where,
    packed,
    pick,
    unpacked,
    where_tree,
)

ENV_ID = TockRules.game_name
SUPPORTED_PLAYERS = (2, 3, 4, 5, 6, 7, 8)
"""The player counts offered: every one (the 4-, 6- and 8-section boards)."""
STEPS = 7
FACES = 53
"""Card faces as discards name them: 52 cards, then the joker."""
MAX_STORED = 2
JOKER_KIND = 0
KING_KIND = 13
FORWARD = ((1, 1), (2, 2), (3, 3), (6, 6), (8, 8), (9, 9), (10, 10), (12, 12), (13, 13), (JOKER_KIND, 18))
"""(card kind, squares) of the cards that move one own pawn forward (the K capturing what it passes)."""
ENTERS = (1, 2, 13, JOKER_KIND)
"""The card kinds that enter a pawn (the 2 only as the 2♠, by flag)."""
ENTER, MOVE, BACK, PUSH, SWAP, SEVEN, DISCARD, BONUS_YES, BONUS_NO, BLANK = range(10)
"""The types of the action table's entries (``BLANK``: no action, an entry that pads a part of the table to whole
words of candidates)."""
LONGEST_PATH = 18


def kind_slot(kind: int) -> int:
    """A card kind's slot among ``KINDS`` (A … K, then the joker)."""
    return (kind - 1) % len(KINDS)


def seven_splits(max_jumps: int = 0, optional: bool = False) -> list[tuple[tuple[int, int, int, int], ...]]:
    """Every ordered split of 7 into parts (own pawn 0–3, count, shortcuts taken first, stays out of the home),
    each pawn at most once, in the order the Python search finds them: by pawn number, count, shortcuts, then
    staying out (its part codes' order), depth first. A part takes up to ``max_jumps`` shortcuts (at most its
    count), or, with ``optional`` home entry, may stay out when it takes none (a part that takes a shortcut
    never reaches a home's foot: the intersections lie 7 squares past them)."""
    out: list[tuple[tuple[int, int, int, int], ...]] = []

    def walk(used: int, left: int, prefix: tuple[tuple[int, int, int, int], ...]) -> None:
        for pawn in range(PAWNS):
            if used >> pawn & 1:
                continue
            for steps in range(1, left + 1):
                for jumps in range(min(max_jumps, steps) + 1):
                    for stay in (0, 1) if optional and not jumps else (0,):
                        done = (*prefix, (pawn, steps, jumps, stay))
                        if steps == left:
                            out.append(done)
                        else:
                            walk(used | 1 << pawn, left - steps, done)

    walk(0, STEPS, ())
    return out


class Table:
    """What an env of one rule set knows before any game: the action table, the tree of 7s, the board and the
    observation's numbers (numpy, made once; see the module docstring)."""

    def __init__(self, players: int, extra_sevens: bool, two_of_spades_enters: bool, teams: str,
                 optional: bool = False) -> None:
        n = self.players = players
        self.teams = teams != "none"
        self.optional = optional
        board = board_for(n)
        self.squares = board.squares
        self.places = board.squares + HOME + 1
        self.starts = np.array(board.starts, np.int32)
        self.feet = np.array(board.feet, np.int32)
        self.max_jumps = board.max_jumps
        self.jumps = board.max_jumps + 1
        """How many shortcut counts a forward move may take: 0 up to ``max_jumps``."""
        self.stays = 2 if optional else 1
        self.crossing = np.zeros(board.squares, np.bool_)
        self.crossing[list(board.intersections)] = True
        self.jump_forward = np.arange(board.squares, dtype=np.int32)
        self.jump_back = np.arange(board.squares, dtype=np.int32)
        for a, b in board.shortcuts:
            self.jump_forward[a] = b
            self.jump_back[b] = a
        seats = range(n)
        self.team_of = np.array([[any(s in t and q in t for t in TockRules(players=n, teams=teams).team_seats())
                                  for q in seats] for s in seats], np.bool_)
        """By seat, its team's seats (itself alone without teams)."""
        self.two_of_spades_enters = two_of_spades_enters
        deck = full_deck(n, extra_sevens)
        self.deck_size = len(deck)
        self.cards = max(deck) + 1
        self.kind = np.array([KIND[c] for c in range(self.cards)], np.int32)
        self.face = np.array([min(c % 54, 52) for c in range(self.cards)], np.int32)
        self.vocabulary = (END, *words(n, self.teams))
        chooser = WordChooser(self.vocabulary)
        self.for_words = np.array([[chooser.index["for"], chooser.index[f"{SEAT_LETTERS[s]}:"]] if self.teams
                                   else [0, 0] for s in range(n)], np.int32)
        """By teammate served: the two words a card action played for it begins with (``for c:``)."""
        self.slots = n // 2 - 1 if teams == "two" else 1
        """How many teammates a seat may play for at once: whose pawns its cards move, a slot each."""
        mates = [[q for q in range(n) if q != s and self.team_of[s, q]] for s in range(n)]
        self.mates = np.array([m + [s] * (self.slots - len(m)) for s, m in zip(range(n), mates, strict=True)],
                              np.int32)
        """By seat, its teammates in seat order, a slot each (itself, in the slots of none without teams)."""
        rows: list[tuple[int, int, int, int, int, int, tuple[int, ...]]] = []
        """(type, card kind, own pawn 0–3 or split index, target pawn or face, shortcuts, stays out, words)."""
        for kind in ENTERS:
            rows.append((ENTER, kind, 0, 0, 0, 0, chooser.words_of(enter(kind))))
        for kind, steps in FORWARD:
            for pawn in range(PAWNS):
                for jumps in range(min(self.max_jumps, steps) + 1):
                    for stay in range(self.stays):
                        rows.append((MOVE, kind, pawn, 0, jumps, stay,
                                     chooser.words_of(move(kind, pawn + 1, jumps, bool(stay)))))
        for pawn in range(PAWNS):
            for jumps in range(min(self.max_jumps, 1) + 1):
                rows.append((BACK, 4, pawn, 0, jumps, 0, chooser.words_of(move(4, pawn + 1, jumps))))
        for target in range(PAWNS * n):
            for jumps in range(self.jumps):
                rows.append((PUSH, 5, 0, target, jumps, 0,
                             chooser.words_of(push(target // PAWNS, target % PAWNS + 1, jumps))))
        for pawn in range(PAWNS):
            for target in range(PAWNS * n):
                rows.append((SWAP, 11, pawn, target, 0, 0,
                             chooser.words_of(swap(pawn + 1, target // PAWNS, target % PAWNS + 1))))
        self.backs = [i for i, r in enumerate(rows) if r[0] == BACK]
        self.card_entries = len(rows)
        """The entries of the card actions but the 7s (``Rules.card_legal``'s)."""
        self.blanks(rows)
        splits = seven_splits(self.max_jumps, optional)
        for i, split in enumerate(splits):
            rows.append((SEVEN, 7, i, 0, 0, 0,
                         chooser.words_of(Seven(tuple(part(p + 1, s, j, bool(o)) for p, s, j, o in split)))))
        self.blanks(rows)
        for face in range(FACES):
            rows.append((DISCARD, 0, 0, face, 0, 0, chooser.words_of(DISCARDS[face])))
        rows.append((BONUS_YES, 0, 0, 0, 0, 0, chooser.words_of(BONUS_PLAY)))
        rows.append((BONUS_NO, 0, 0, 0, 0, 0, chooser.words_of(BONUS_KEEP)))
        self.size = len(rows)
        self.longest = max(len(r[6]) for r in rows)
        self.type = np.array([r[0] for r in rows], np.int32)
        self.card_kind = np.array([r[1] for r in rows], np.int32)
        self.pawn = np.array([r[2] for r in rows], np.int32)
        self.target = np.array([r[3] for r in rows], np.int32)
        self.route_jumps = np.array([r[4] for r in rows], np.int32)
        self.route_stay = np.array([r[5] for r in rows], np.bool_)
        self.steps = np.array([dict(FORWARD).get(r[1], 5) for r in rows], np.int32)
        """A forward move's count (a push's 5)."""
        self.words = np.full((self.size, self.longest), -1, np.int32)
        for i, r in enumerate(rows):
            self.words[i, :len(r[6])] = r[6]
        self.seven_tree(splits)
        self.fractions()

    @staticmethod
    def blanks(rows: list[tuple[int, int, int, int, int, int, tuple[int, ...]]]) -> None:
        """``rows`` padded with ``BLANK`` entries to a whole number of ``PACK`` entries: the card actions but the
        7s, then the 7s, each begin a word of the packed candidates (``Rules.begun`` joins them as words)."""
        rows.extend([(BLANK, 0, 0, 0, 0, 0, ())] * (-len(rows) % PACK))

    def seven_tree(self, splits: list[tuple[tuple[int, int, int, int], ...]]) -> None:
        """The tree of 7s: each level's nodes (a prefix of parts) with their parent, pawn, count, shortcuts and
        staying out; the leaf (node) of each split; which splits go in pawn order, each split's parts, and the
        parts each uses."""
        levels: list[dict[tuple[tuple[int, int, int, int], ...], int]] = [{(): 0}]
        for split in splits:
            for k in range(1, len(split) + 1):
                while len(levels) <= k:
                    levels.append({})
                levels[k].setdefault(split[:k], len(levels[k]))
        self.level_parent = [np.array([levels[k - 1][p[:-1]] for p in levels[k]], np.int32)
                             for k in range(1, len(levels))]
        self.level_parts = [np.array([p[-1] for p in levels[k]], np.int32).reshape(-1, 4)
                            for k in range(1, len(levels))]
        """By level, each node's last part as (pawn, count, shortcuts, stays out)."""
        offsets = np.cumsum([0] + [len(levels[k]) for k in range(1, len(levels))])
        self.split_node = np.array([offsets[len(s) - 1] + levels[len(s)][s] for s in splits], np.int32)
        self.split_apart = np.array([all(a[0] < b[0] for a, b in itertools.pairwise(split))
                                     for split in splits], np.bool_)
        """Whether a split's parts go in pawn order: the one spelling listed when no pawn's part can affect
        another's."""
        self.split_parts = np.zeros((len(splits), PAWNS, 4), np.int32)
        """By split, its parts in order as (pawn, count, shortcuts, stays out), a count of 0 past the last."""
        for i, split in enumerate(splits):
            for k, one in enumerate(split):
                self.split_parts[i, k] = one
        parts = PAWNS * STEPS * self.jumps * self.stays
        self.uses = np.zeros((len(splits), -(-parts // PACK)), np.uint32)
        """Which parts (own pawn × count × shortcuts × staying out, ``part_index``) each split has, as
        ``common.packed`` words by split: a split with an illegal part shares a bit with the illegal parts' words
        (an ``and`` a split; XLA on CPU reads a computed array through a constant gather very slowly)."""
        for i, split in enumerate(splits):
            for pawn, steps, jumps, stay in split:
                part = self.part_index(pawn, steps, jumps, stay)
                self.uses[i, part // PACK] |= np.uint32(1 << (part % PACK))

    def part_index(self, pawn: int, steps: int, jumps: int, stay: int) -> int:
        """A part's row among every part a 7 may have (``uses``)."""
        return ((pawn * STEPS + steps - 1) * self.jumps + jumps) * self.stays + stay

    def fractions(self) -> None:
        """The observation's numbers as the Python encoder's float divisions, cast to float32 by numpy."""
        self.size_fraction = (np.arange(HAND_SIZE + 1) / 5).astype(np.float32)
        self.stock_fraction = (np.arange(self.deck_size + 1) / float(self.deck_size)).astype(np.float32)
        self.quarter = (np.arange(MAX_STORED + 2) / 4).astype(np.float32)
        self.pile_fraction = (np.arange(self.deck_size + 1) / 8).astype(np.float32)


@cache
def table_for(players: int, extra_sevens: bool, two_of_spades_enters: bool, teams: str, optional: bool) -> Table:
    """The (shared) table of a rule set."""
    return Table(players, extra_sevens, two_of_spades_enters, teams, optional)


@dataclass
class TockState(TextPicture, pgx.core.State):  # type: ignore[misc]
    """A Tock game in JAX arrays (module docstring); the underscored fields are the game's own."""

    current_player: jax.Array = jnp.int32(0)
    observation: jax.Array = jnp.zeros(0, jnp.float32)
    rewards: jax.Array = jnp.zeros(4, jnp.float32)
    terminated: jax.Array = jnp.bool_(False)
    truncated: jax.Array = jnp.bool_(False)
    legal_action_mask: jax.Array = jnp.zeros(0, jnp.bool_)
    _step_count: jax.Array = jnp.int32(0)
    _pos: jax.Array = jnp.zeros(0, jnp.int32)
    _adv: jax.Array = jnp.zeros(0, jnp.bool_)
    _settled: jax.Array = jnp.zeros(0, jnp.bool_)
    _hands: jax.Array = jnp.zeros((0, HAND_SIZE), jnp.int32)
    _stock: jax.Array = jnp.zeros(0, jnp.int32)
    _stock_n: jax.Array = jnp.int32(0)
    _pile: jax.Array = jnp.zeros(0, jnp.int32)
    _pile_n: jax.Array = jnp.int32(0)
    _pile_kinds: jax.Array = jnp.zeros(len(KINDS), jnp.int32)
    _top: jax.Array = jnp.int32(-1)
    _stored: jax.Array = jnp.zeros(0, jnp.int32)
    _spendable: jax.Array = jnp.int32(0)
    _phase: jax.Array = jnp.int32(PLAY)
    _winner: jax.Array = jnp.int32(-1)
    _random_draw: jax.Array = jnp.bool_(False)
    _candidates: jax.Array = jnp.zeros(0, jnp.uint32)
    """``[slots, words]``: the table entries the words so far fit, by slot, as ``common.packed`` words."""
    _depth: jax.Array = jnp.int32(0)
    _prefix: jax.Array = jnp.int32(0)
    _owners: jax.Array = jnp.zeros(1, jnp.int32)
    _chosen: jax.Array = jnp.zeros(0, jnp.bool_)

    @property
    def env_id(self) -> Any:
        return ENV_ID

    def summary(self) -> str:
        """The env's id and the pawns' places and the winner."""
        return f"{ENV_ID}: places {np.asarray(self._pos).tolist()}, winner {np.asarray(self._winner).tolist()}"


class SevenTables(NamedTuple):
    """The arrays the listing of 7s reads, handed to it as arguments (``common.only_where`` wants no array
    closed over)."""

    feet: jax.Array
    jump_forward: jax.Array
    crossing: jax.Array
    level_parent: tuple[jax.Array, ...]
    level_parts: tuple[jax.Array, ...]
    split_node: jax.Array
    split_apart: jax.Array
    split_uses: jax.Array


class Rules:
    """The JAX functions of one rule set over its ``Table`` (arrays as jnp constants)."""

    def __init__(self, table: Table) -> None:
        self.t = table
        self.n = table.players
        self.length = table.squares
        self.starts = jnp.asarray(table.starts)
        self.feet = jnp.asarray(table.feet)
        self.crossing = jnp.asarray(table.crossing)
        self.jump_forward = jnp.asarray(table.jump_forward)
        self.jump_back = jnp.asarray(table.jump_back)
        self.team_of = jnp.asarray(table.team_of)
        self.kind = jnp.asarray(table.kind)
        self.face = jnp.asarray(table.face)
        self.type = jnp.asarray(table.type)
        self.vocabulary = len(table.vocabulary)
        first_seven = int(np.argmax(table.type == SEVEN))
        self.sevens_at = first_seven, first_seven + len(table.split_node)
        """Where the 7s lie in the table: from, to."""
        self.seven_word = int(table.words[self.sevens_at[0], 0])
        """The first word of every 7."""
        self.seven_mask = only_where(self.sevens_mask, (self.vocabulary,), jnp.bool_, chunks=32)
        """``sevens_mask`` computed only where asked: few matches are spelling a 7 at a step."""
        self.words = -(-table.size // PACK)
        """The candidates of a slot are this many ``packed`` words (``begun``)."""
        self.seven_words = first_seven // PACK, -(-self.sevens_at[1] // PACK)
        """Where the 7s lie in the packed candidates (``Table.blanks``: the 7s begin a word): from word, to word."""
        self.pair_of, self.by_pair = self.word_pairs()
        self.split_apart = jnp.asarray(table.split_apart)
        self.seven_tables = SevenTables(
            self.feet, self.jump_forward, self.crossing, tuple(jnp.asarray(a) for a in table.level_parent),
            tuple(jnp.asarray(a) for a in table.level_parts), jnp.asarray(table.split_node),
            self.split_apart, jnp.asarray(table.uses))
        self.split_parts = jnp.asarray(table.split_parts)
        self.size_fraction = jnp.asarray(table.size_fraction)
        self.stock_fraction = jnp.asarray(table.stock_fraction)
        self.quarter = jnp.asarray(table.quarter)
        self.pile_fraction = jnp.asarray(table.pile_fraction)
        self.pawns = PAWNS * self.n
        self.pawn_feet = jnp.asarray(table.feet[np.arange(self.pawns) // PAWNS])
        """Each pawn's home's foot."""
        kinds = np.array([kind for kind, _ in FORWARD])
        self.forward_steps = jnp.asarray([steps for _, steps in FORWARD], jnp.int32)[:, None, None, None]
        self.forward_king = jnp.asarray(kinds == KING_KIND)[:, None, None, None]
        self.forward_kinds = jnp.asarray(kinds)
        """The kinds of ``FORWARD``'s cards, their counts and whether each is the K, shaped for ``forwards_legal``'s
        grid of own moves (kind, pawn, shortcuts, staying out)."""
        parts = np.array([(p, s, j, o) for p in range(PAWNS) for s in range(1, STEPS + 1)
                          for j in range(table.jumps) for o in range(table.stays)], np.int32)
        self.all_parts = parts
        """Every part a 7 may have, in ``Table.part_index`` order, as (pawn, count, shortcuts, stays out)."""
        splits = len(table.split_node)
        self.searched = only_where(self.sevens, (splits,), jnp.bool_, chunks=128, words=True)
        """``sevens`` computed only where asked (``common.only_where``): few matches need it at a step. This and
        the next four give their flags as ``packed`` words, the candidates' form (``begun``)."""
        self.alone = only_where(self.sevens_apart, (splits,), jnp.bool_, words=True)
        """``sevens_apart`` computed only where asked."""
        self.mates_sevens = only_where(self.slot_sevens, (table.slots - 1, splits), jnp.bool_, words=True)
        """``slot_sevens`` computed only where asked (the seat plays for teammates in several slots)."""
        entries = table.card_entries
        self.legal_where = only_where(self.card_legal, (entries,), jnp.bool_, chunks=8, words=True)
        """``card_legal`` computed only where a decision begins (``begun``'s ``fresh``)."""
        self.mates_where = only_where(self.mates_legal, (table.slots - 1, entries), jnp.bool_, chunks=8, words=True)
        """``mates_legal`` computed only where a decision begins."""
        self.any_simple = only_where(self.simple, (), jnp.bool_, chunks=16)
        """``simple`` computed only where asked: only a joker played, or a bonus to spend, asks it."""

    def word_pairs(self) -> tuple[jax.Array, jax.Array]:
        """The entries of the table that each word has at each depth, for ``step`` to narrow the packed
        candidates by a word with one ``and``: ``pair_of`` (``[depth, word]``) numbers each depth and word some
        entry has, and ``by_pair`` holds the entries of each number as ``packed`` words (the last, of none, is
        zero)."""
        t = self.t
        numbers: dict[tuple[int, int], int] = {}
        found: list[list[int]] = []
        for entry, row in enumerate(t.words):
            for depth, word in enumerate(row):
                if word >= 0:
                    number = numbers.setdefault((int(depth), int(word)), len(found))
                    if number == len(found):
                        found.append([])
                    found[number].append(entry)
        pair_of = np.full((t.longest, self.vocabulary), len(found), np.int32)
        by_pair = np.zeros((len(found) + 1, self.words), np.uint32)
        for (depth, word), number in numbers.items():
            pair_of[depth, word] = number
            entries = np.asarray(found[number])
            bits = np.left_shift(np.uint32(1), (entries % PACK).astype(np.uint32))
            np.bitwise_or.at(by_pair[number], entries // PACK, bits)
        return jnp.asarray(pair_of), jnp.asarray(by_pair)

    # ------------------------------------------------------------------ the board

    def occupancy(self, pos: jax.Array) -> jax.Array:
        """Each track square's pawn, or -1."""
        on_track = (pos >= 0) & (pos < self.length)
        return jnp.full(self.length + 1, -1, jnp.int32).at[jnp.where(on_track, pos, self.length)].set(
            jnp.arange(self.pawns, dtype=jnp.int32))[:self.length]

    def lane(self, pos: jax.Array, seat: jax.Array) -> jax.Array:
        """The seat's home lane as 4 bits."""
        own = jax.lax.dynamic_slice(pos, (seat * PAWNS,), (PAWNS,))
        home = own >= self.length
        return jnp.sum(jnp.where(home, 1 << jnp.clip(own - self.length, 0, HOME - 1), 0))

    def lanes(self, pos: jax.Array) -> jax.Array:
        """Every seat's home lane as 4 bits."""
        own = pos.reshape(self.n, PAWNS)
        return jnp.sum(jnp.where(own >= self.length, 1 << jnp.clip(own - self.length, 0, HOME - 1), 0), axis=1)

    def route(self, jump_forward: jax.Array, at: jax.Array, jumps: jax.Array, count: int) -> jax.Array:
        """The track squares a forward move from square ``at`` visits, one per step for ``count`` steps, taking
        ``jumps`` shortcuts first (``at`` an intersection when it takes any): by ``at``'s shape, then step."""
        length = self.length
        at = jnp.clip(at, 0, length - 1)
        first = jump_forward[at]
        crossings = [at, first, jump_forward[first]]
        last = at
        for j in range(1, self.t.jumps):
            last = jnp.where(jumps == j, crossings[j], last)
        k = jnp.arange(1, count + 1)
        walked = (last[..., None] + k - jumps[..., None]) % length
        out = walked
        for j in range(1, self.t.jumps):
            out = jnp.where((k == j) & (jumps[..., None] >= j), crossings[j][..., None], out)
        return out

    def board_bits(self, pos: jax.Array, adv: jax.Array) -> tuple[jax.Array, jax.Array]:
        """The track squares holding a pawn, and those holding one with the advantage, as ``common.packed``
        words (``on_squares``): each pawn's bit in its square's word, summed (a square holds one pawn at most)."""
        on_track = (pos >= 0) & (pos < self.length)
        word = jnp.where(on_track, pos // PACK, -1)[None, :] == jnp.arange(-(-self.length // PACK))[:, None]
        bit = jnp.left_shift(jnp.uint32(1), (pos & (PACK - 1)).astype(jnp.uint32))
        return (jnp.where(word, bit, 0).sum(axis=1, dtype=jnp.uint32),
                jnp.where(word & adv, bit, 0).sum(axis=1, dtype=jnp.uint32))

    @staticmethod
    def on_squares(words: jax.Array, squares: jax.Array) -> jax.Array:
        """Whether each of ``squares`` is set in the ``board_bits`` ``words``: the word picked by selects, where
        XLA's CPU backend reads a computed array through a gather an element at a time."""
        word = jnp.broadcast_to(words[0], squares.shape)
        for w in range(1, words.shape[0]):
            word = jnp.where(squares >= w * PACK, words[w], word)
        return ((word >> (squares & (PACK - 1)).astype(jnp.uint32)) & 1) == 1

    def forward(self, pos: jax.Array, occ: jax.Array, pawn: jax.Array, steps: jax.Array, jumps: jax.Array,
                stay: jax.Array, king: jax.Array, pushed: jax.Array) -> tuple[jax.Array, jax.Array, jax.Array]:
        """Pawn ``pawn`` forward ``steps`` (``Mover.forward``), a legal move (``forwards_legal``): after ``jumps``
        shortcuts, into its home when the count allows (unless it ``stay``s out, optional home entry) but when
        ``pushed`` (a 5), the K capturing what it passes: where it lands, the squares it visits and which of them
        hold a pawn it captures."""
        length = self.length
        seat = pawn // PAWNS
        at = pos[pawn]
        lane = self.lanes(pos)[seat]
        on_track = (at >= 0) & (at < length)
        squares = self.route(self.jump_forward, at, jumps, LONGEST_PATH)
        offsets = jnp.arange(1, LONGEST_PATH + 1)
        foot = self.feet[seat]
        on_foot = (squares == foot) & (offsets < steps)
        k_foot = jnp.where((at == foot) & (jumps == 0), 0, jnp.min(jnp.where(on_foot, offsets, LONGEST_PATH + 1)))
        left = jnp.where((k_foot < steps) & ~pushed, steps - k_foot, 0)
        into = (left >= 1) & (left <= HOME) & ((lane & ((1 << jnp.clip(left, 0, HOME)) - 1)) == 0) & ~stay
        taken = occ[squares] >= 0
        passed = offsets <= jnp.where(into, steps - left, steps - 1)
        landing = offsets == steps
        land = jnp.where(at >= length, at + steps,
                         jnp.where(into, length + left - 1, jnp.sum(jnp.where(landing, squares, 0))))
        captured = taken & ((king & passed) | (~into & landing)) & on_track
        return land, squares, captured

    def forward_ok(self, taken: jax.Array, taken_adv: jax.Array, k_foot: jax.Array, lane: jax.Array,
                   at: jax.Array, may_jump: jax.Array, jumps: jax.Array, steps: jax.Array, stay: jax.Array,
                   king: jax.Array, pushed: jax.Array) -> jax.Array:
        """Whether forward moves are legal (``forward``'s first result), by the arguments' shape, from each
        route's squares as bits (bit ``k`` the route's square ``k + 1``: those holding a pawn, those holding one
        with the advantage), the step at which it meets the home's foot (0 standing on it), the owner's home
        lane, the pawn's place and whether it may take the route's shortcuts."""
        length = self.length
        left = jnp.where((k_foot < steps) & ~pushed, steps - k_foot, 0)
        can_enter = (left >= 1) & (left <= HOME) & ((lane & ((1 << jnp.clip(left, 0, HOME)) - 1)) == 0)
        into = can_enter & ~stay
        passed = (1 << jnp.where(into, steps - left, steps - 1)) - 1
        blocked = (jnp.where(king, taken_adv, taken) & passed) != 0
        land_adv = ((taken_adv >> (steps - 1)) & 1) == 1
        track_ok = (at >= 0) & (at < length) & may_jump & ~(stay & ~can_enter) & ~blocked & (into | ~land_adv)
        h = at - length
        to = h + steps
        home_ok = (at >= length) & (jumps == 0) & ~stay & (to < HOME) & (
            (lane & ((2 << jnp.clip(to, 0, HOME)) - (2 << jnp.clip(h, 0, HOME)))) == 0)
        return track_ok | home_ok

    def forwards_legal(self, pos: jax.Array, adv: jax.Array, settled: jax.Array, seat: jax.Array,
                       held: jax.Array) -> tuple[jax.Array, jax.Array]:
        """Which own forward moves (``FORWARD``'s cards, in the table's order) ``seat`` may play with the card
        kinds ``held``, and which pushes (by pawn pushed, then shortcuts: the table's order) a 5 may make, its
        card and the pawn's owner apart. Each pawn's routes (one a number of shortcuts) are worked out once, as
        bits (``forward_ok``), and every move is a few operations on them: a move by move walk of its 18
        squares read the board a move at a time, most of a decision's work."""
        t = self.t
        length = self.length
        jumps = jnp.arange(t.jumps)
        squares = self.route(self.jump_forward, pos[:, None], jumps[None, :], LONGEST_PATH)
        words, adv_words = self.board_bits(pos, adv)
        bit = jnp.left_shift(1, jnp.arange(LONGEST_PATH))
        taken = jnp.where(self.on_squares(words, squares), bit, 0).sum(axis=-1)
        taken_adv = jnp.where(self.on_squares(adv_words, squares), bit, 0).sum(axis=-1)
        offsets = jnp.arange(1, LONGEST_PATH + 1)
        feet = self.pawn_feet[:, None]
        k_foot = jnp.min(jnp.where(squares == feet[..., None], offsets, LONGEST_PATH + 1), axis=-1)
        k_foot = jnp.where((pos[:, None] == feet) & (jumps == 0), 0, k_foot)
        lane = jnp.broadcast_to(jnp.repeat(self.lanes(pos), PAWNS)[:, None], k_foot.shape)
        may_jump = (jumps == 0) | (settled & self.crossing[jnp.clip(pos, 0, length - 1)])[:, None]
        at = jnp.broadcast_to(pos[:, None], k_foot.shape)
        no = jnp.bool_(False)
        pushes = self.forward_ok(taken, taken_adv, k_foot, lane, at, may_jump, jumps, jnp.int32(5), no, no,
                                 jnp.bool_(True))

        def own(x: jax.Array) -> jax.Array:
            return pick(x.reshape(self.n, PAWNS, t.jumps), seat)[None, :, :, None]

        stay = jnp.arange(t.stays)[None, None, None, :] == 1
        grid = self.forward_ok(own(taken), own(taken_adv), own(k_foot), own(lane), own(at),
                               own(may_jump), jumps[None, None, :, None], self.forward_steps, stay,
                               self.forward_king, no) & held[self.forward_kinds][:, None, None, None]
        moves = jnp.concatenate([grid[k, :, :min(t.max_jumps, steps) + 1].reshape(-1)
                                 for k, (_, steps) in enumerate(FORWARD)])
        return moves, pushes

    def backward(self, pos: jax.Array, adv: jax.Array, settled: jax.Array, occ: jax.Array, pawn: jax.Array,
                 jumps: jax.Array) -> tuple[jax.Array, jax.Array]:
        """Own track pawn ``pawn`` 4 back (``Mover.backward``), taking a shortcut back first if ``jumps`` (a
        settled pawn on an intersection): whether it is legal, and where it lands."""
        length = self.length
        at = pos[pawn]
        on_track = (at >= 0) & (at < length)
        square = jnp.clip(at, 0, length - 1)
        first = jnp.where(jumps > 0, self.jump_back[square], square)
        k = jnp.arange(1, 5)
        squares = jnp.where(k <= jumps[..., None], first[..., None], first[..., None] - k + jumps[..., None]) % length
        there = occ[squares]
        jumps_ok = (jumps == 0) | (settled[pawn] & self.crossing[square])
        free = jnp.all(there[..., :3] < 0, axis=-1)
        land_adv = (there[..., 3] >= 0) & adv[jnp.maximum(there[..., 3], 0)]
        return on_track & jumps_ok & free & ~land_adv, squares[..., 3]

    # ------------------------------------------------------------------ card actions

    def held(self, hand: jax.Array) -> jax.Array:
        """Which card kinds (joker 0, A 1 … K 13) ``hand`` holds."""
        kinds = self.kind[jnp.maximum(hand, 0)]
        return jnp.zeros(14, jnp.bool_).at[jnp.where(hand >= 0, kinds, 14)].set(True, mode="drop")

    def card_legal(self, pos: jax.Array, adv: jax.Array, settled: jax.Array, hand: jax.Array,
                   seat: jax.Array) -> jax.Array:
        """Which entries of the card actions but the 7s (enter, moves, pushes, swaps) ``seat`` may play with
        ``hand``: a bool per entry of the table before the 7s."""
        t = self.t
        length = self.length
        held = self.held(hand)
        spade = jnp.any((hand >= 0) & (self.face[jnp.maximum(hand, 0)] == TWO_OF_SPADES))
        occ = self.occupancy(pos)
        owner = jnp.arange(self.pawns) // PAWNS
        own_ids = seat * PAWNS + jnp.arange(PAWNS)
        at = pos[own_ids]
        own_adv = adv[own_ids]
        start = self.starts[seat]
        # enter
        reserve = at < 0
        there = occ[start]
        can_enter = jnp.any(reserve) & ((there < 0) | ~adv[jnp.maximum(there, 0)])
        enter_held = jnp.array([held[1], spade & t.two_of_spades_enters, held[13], held[0]])
        enters = enter_held & can_enter
        # other seats' track pawns without the advantage: what 5s and Js use
        theirs = (owner != seat) & (pos >= 0) & (pos < length) & ~adv
        # forward moves and pushes
        moves, pushes = self.forwards_legal(pos, adv, settled, seat, held)
        pushes = pushes & theirs[:, None] & held[5]
        # the 4, back
        backs = np.asarray(t.backs)
        back_ok, _ = self.backward(pos, adv, settled, occ, seat * PAWNS + jnp.asarray(t.pawn[backs]),
                                   jnp.asarray(t.route_jumps[backs]))
        swaps = held[11] & ((at >= 0) & (at < length) & ~own_adv)[:, None] & theirs[None, :]
        # the table's order: the entries, the own moves, the 4s, the pushes, the swaps
        return jnp.concatenate([enters, moves, held[4] & back_ok, pushes.reshape(-1), swaps.reshape(-1)])

    def seven_context(self, tables: SevenTables, pos: jax.Array, adv: jax.Array, settled: jax.Array,
                      occ: jax.Array, seat: jax.Array) -> tuple[jax.Array, ...]:
        """What every part of a 7 of ``seat`` reads of the board besides its own pawns: their places, the
        squares of each own pawn's route by shortcuts taken, the other seats' pawns on them (bits) and those
        with the advantage, the step at which each route meets the home's foot, which routes the pawn may take,
        and each own pawn's advantage."""
        length = self.length
        own_ids = seat * PAWNS + jnp.arange(PAWNS)
        at = pos[own_ids]
        jumps = jnp.broadcast_to(jnp.arange(self.t.jumps), (PAWNS, self.t.jumps))
        squares = self.route(tables.jump_forward, jnp.broadcast_to(at[:, None], jumps.shape), jumps, STEPS)
        ahead = occ[squares]
        other = (ahead >= 0) & (ahead // PAWNS != seat) & ((at >= 0) & (at < length))[:, None, None]
        bit = 1 << jnp.arange(STEPS)
        others = jnp.sum(jnp.where(other, bit, 0), axis=-1)
        others_adv = jnp.sum(jnp.where(other & adv[jnp.maximum(ahead, 0)], bit, 0), axis=-1)
        foot = tables.feet[seat]
        on_foot = squares == foot
        k_foot = jnp.where(jnp.any(on_foot, axis=-1), jnp.argmax(on_foot, axis=-1) + 1, STEPS + 1)
        k_foot = jnp.where((at == foot)[:, None] & (jumps == 0), 0, k_foot)
        square = jnp.clip(at, 0, length - 1)
        may_jump = (jumps == 0) | (settled[own_ids] & tables.crossing[square] & (at >= 0) & (at < length))[:, None]
        return at, squares, others, others_adv, k_foot, may_jump, adv[own_ids]

    def seven_part(self, cur: jax.Array, part: jax.Array, context: tuple[jax.Array, ...]) -> tuple[
            jax.Array, jax.Array]:
        """Own pawn ``pawn`` forward ``steps`` after ``jumps`` shortcuts (``stay``ing out of the home or not) as
        a part of a 7 (``part``'s columns), for each row of ``cur`` (the own pawns' places after the parts
        before it): the places after it, and whether it is legal."""
        at0, squares_all, others_all, others_adv_all, k_foot_all, may_jump, own_adv = context
        pawn, steps, jumps, stay = part[:, 0], part[:, 1], part[:, 2], part[:, 3] > 0
        length = self.length
        rows = jnp.arange(cur.shape[0])
        at = cur[rows, pawn]
        squares = squares_all[pawn, jumps]
        home_pawns = cur >= length
        lane = jnp.sum(jnp.where(home_pawns, 1 << jnp.clip(cur - length, 0, HOME - 1), 0), axis=1)
        # up the home lane
        h = at - length
        to = h + steps
        home_ok = (jumps == 0) & ~stay & (to < HOME) & (
            (lane & ((2 << jnp.clip(to, 0, HOME)) - (2 << jnp.clip(h, 0, HOME)))) == 0)
        # along the track
        k_foot = k_foot_all[pawn, jumps]
        left = jnp.where(k_foot < steps, steps - k_foot, 0)
        can_enter = (left >= 1) & (left <= HOME) & ((lane & ((1 << jnp.clip(left, 0, HOME)) - 1)) == 0)
        into = can_enter & ~stay
        stay_bad = stay & ~can_enter
        others_here = (jnp.arange(PAWNS)[None, :] != pawn[:, None]) & (cur >= 0) & (cur < length)
        mine = others_here[:, :, None] & (cur[:, :, None] == squares[:, None, :])
        own_bits = jnp.sum(jnp.where(jnp.any(mine, axis=1), 1 << jnp.arange(STEPS), 0), axis=1)
        occupied = others_all[pawn, jumps] | own_bits
        passmask = jnp.where(into, (1 << (steps - left)) - 1, (1 << (steps - 1)) - 1)
        land_bit = 1 << (steps - 1)
        land = jnp.take_along_axis(squares, (steps - 1)[:, None], axis=1)[:, 0]
        on_land = (cur == land[:, None]) & others_here
        land_adv = ((others_adv_all[pawn, jumps] & land_bit) != 0) | jnp.any(
            on_land & own_adv[None, :] & (cur == at0[None, :]), axis=1)
        track_ok = may_jump[pawn, jumps] & ~stay_bad & ((occupied & passmask) == 0) & (into | ~land_adv)
        ok = jnp.where(at >= length, home_ok, (at >= 0) & track_ok)
        captured = ~into[:, None] & (at < length)[:, None] & on_land
        new_place = jnp.where(at >= length, length + to, jnp.where(into, length + left - 1, land))
        after = jnp.where(captured, -1, cur)
        after = jnp.where(jnp.arange(PAWNS)[None, :] == pawn[:, None], new_place[:, None], after)
        return after, ok

    def seven_outcomes(self, tables: SevenTables, context: tuple[jax.Array, ...]) -> tuple[jax.Array, jax.Array]:
        """Every split's own pawns' places after it and whether it is legal (by the tree of 7s), from
        ``seven_context``'s board."""
        cur = context[0][None, :]
        ok = jnp.ones(1, jnp.bool_)
        places = []
        oks = []
        for parent, parts in zip(tables.level_parent, tables.level_parts, strict=True):
            cur, legal = self.seven_part(cur[parent], parts, context)
            ok = ok[parent] & legal
            places.append(cur)
            oks.append(ok)
        all_places = jnp.concatenate(places)[tables.split_node]
        all_ok = jnp.concatenate(oks)[tables.split_node]
        return all_places, all_ok

    def apart(self, pos: jax.Array, settled: jax.Array, seat: jax.Array) -> jax.Array:
        """Whether no part of a 7 of one of ``seat``'s pawns can affect another's: no two of its track pawns
        within 7 squares of each other, at most one that may reach its home lane (up the lane already, or
        within 7 squares of its foot), and none that may take a shortcut."""
        length = self.length
        at = jax.lax.dynamic_slice(pos, (seat * PAWNS,), (PAWNS,))
        track = (at >= 0) & (at < length)
        gap = (at[None, :] - at[:, None]) % length
        close = track[:, None] & track[None, :] & ~jnp.eye(PAWNS, dtype=jnp.bool_) & (
            (gap <= STEPS) | (gap >= length - STEPS))
        lane = (at >= length) | (track & ((self.feet[seat] - at) % length < STEPS))
        jumpy = jax.lax.dynamic_slice(settled, (seat * PAWNS,), (PAWNS,)) & track & self.crossing[
            jnp.clip(at, 0, length - 1)]
        return ~jnp.any(close) & (jnp.sum(lane) <= 1) & ~jnp.any(jumpy)

    def sevens_apart(self, tables: SevenTables, pos: jax.Array, adv: jax.Array, settled: jax.Array,
                     seat: jax.Array) -> jax.Array:
        """The listed 7s when ``apart``: the splits in pawn order whose every part is legal alone."""
        context = self.seven_context(tables, pos, adv, settled, self.occupancy(pos), seat)
        parts = jnp.asarray(self.all_parts)
        _, ok = self.seven_part(jnp.broadcast_to(context[0], (parts.shape[0], PAWNS)), parts, context)
        illegal = packed(~ok)
        return tables.split_apart & ~jnp.any((tables.split_uses & illegal) != 0, axis=-1)

    def slot_sevens(self, tables: SevenTables, pos: jax.Array, adv: jax.Array, settled: jax.Array,
                    owners: jax.Array) -> jax.Array:
        """The listed 7s of each of ``owners`` (none for -1) by the tree, one owner after the other (traced
        once)."""
        listed: jax.Array = jax.lax.map(
            lambda owner: self.sevens(tables, pos, adv, settled, jnp.maximum(owner, 0)) & (owner >= 0), owners)
        return listed

    def simple(self, pos: jax.Array, adv: jax.Array, settled: jax.Array, hand: jax.Array,
               owners: jax.Array) -> jax.Array:
        """Whether ``hand`` has a legal card action but the 7s for one of ``owners`` (by slot, -1 for none)."""
        simple = jnp.any(self.card_legal(pos, adv, settled, hand, jnp.maximum(owners[0], 0))) & (owners[0] >= 0)
        if self.t.slots > 1:
            mates = owners[1:]
            simple = simple | jnp.any(self.mates_legal(pos, adv, settled, hand, mates) & (mates >= 0)[:, None])
        return simple

    def mates_legal(self, pos: jax.Array, adv: jax.Array, settled: jax.Array, hand: jax.Array,
                    owners: jax.Array) -> jax.Array:
        """``card_legal`` for each of ``owners`` (meaningless for -1), traced once."""
        return jax.vmap(lambda owner: self.card_legal(pos, adv, settled, hand, jnp.maximum(owner, 0)))(owners)

    def seven_list(self, need: jax.Array, pos: jax.Array, adv: jax.Array, settled: jax.Array,
                   seat: jax.Array) -> jax.Array:
        """The listed 7s of ``seat`` (where ``need``): worked out alone when ``apart``, else by the tree."""
        apart = self.apart(pos, settled, seat)
        alone = self.alone(need & apart, self.seven_tables, pos, adv, settled, seat)
        return alone | self.searched(need & ~apart, self.seven_tables, pos, adv, settled, seat)

    def sevens(self, tables: SevenTables, pos: jax.Array, adv: jax.Array, settled: jax.Array,
               seat: jax.Array) -> jax.Array:
        """The listed 7s: legal, and no legal split before it has its outcome (the own pawns' places after it,
        which fix the other seats' pawns it captures): the lowest index of each outcome among the legal splits, kept
        in a table by outcome (a pawn captured by a later part may have taken any route, and been captured by any
        pawn, so splits of one outcome are not found by their parts alone). An outcome is a number below
        ``codes ** 4``, each pawn's place as a code among the few it may end on; a table so small costs far less
        than sorting the splits (XLA's sort on the CPU)."""
        context = self.seven_context(tables, pos, adv, settled, self.occupancy(pos), seat)
        places, ok = self.seven_outcomes(tables, context)
        at, squares = context[0], context[1].reshape(PAWNS, -1)
        codes = 6 + squares.shape[1]
        # a pawn's place after a legal split as a small code: unmoved 1, captured 0, its home lane's squares 2 to
        # 5, else 6 and up by the square of its routes it stands on (a legal part ends on one of them): one
        # number per square (a square on two routes has one of theirs)
        pawns = jnp.arange(PAWNS)
        on_route = jnp.zeros((PAWNS, self.length), jnp.int32).at[pawns[:, None], squares].set(
            jnp.arange(squares.shape[1])[None, :])[pawns[None, :], jnp.clip(places, 0, self.length - 1)]
        code = jnp.where(places == at[None, :], 1, jnp.where(
            places < 0, 0, jnp.where(places >= self.length, 2 + places - self.length, 6 + on_route)))
        key = jnp.sum(code * codes ** jnp.arange(PAWNS)[None, :], axis=1)
        index = jnp.arange(key.shape[0])
        first = jnp.full(codes ** PAWNS, key.shape[0], jnp.int32).at[jnp.where(ok, key, codes ** PAWNS)].min(
            index, mode="drop")
        return ok & (first[key] == index)

    # ------------------------------------------------------------------ one action's effect

    def land_effect(self, pos: jax.Array, occ: jax.Array, pawn: jax.Array, land: jax.Array) -> jax.Array:
        """The places after ``pawn`` lands on track square ``land``, capturing what stands there."""
        there = occ[land]
        return pos.at[jnp.where(there >= 0, there, self.pawns)].set(-1, mode="drop").at[pawn].set(land)

    def seven_effect(self, pos: jax.Array, adv: jax.Array, settled: jax.Array, occ: jax.Array, seat: jax.Array,
                     split: jax.Array) -> jax.Array:
        """The places after the 7 ``split`` of ``seat`` (legal): its parts one after the other; the other seats'
        pawns on the squares where own pawns end are captured."""
        context = self.seven_context(self.seven_tables, pos, adv, settled, occ, seat)
        cur = context[0][None, :]
        for k in range(PAWNS):
            one = self.split_parts[split, k]
            after, _ = self.seven_part(cur, jnp.maximum(one, jnp.array([0, 1, 0, 0]))[None, :], context)
            cur = jnp.where(one[1] > 0, after, cur)
        final = cur[0]
        own_ids = seat * PAWNS + jnp.arange(PAWNS)
        owner = jnp.arange(self.pawns) // PAWNS
        ends = (final >= 0) & (final < self.length)
        taken = jnp.any((pos[:, None] == final[None, :]) & ends[None, :], axis=1) & (owner != seat) & (pos >= 0)
        return jnp.where(taken, -1, pos).at[own_ids].set(final)

    def effect(self, pos: jax.Array, adv: jax.Array, settled: jax.Array, seat: jax.Array, entry: jax.Array) -> tuple[
            jax.Array, jax.Array, jax.Array]:
        """The places, advantages and settled pawns after the card action of table entry ``entry`` (its type,
        kind, own pawn or split, target, route), played by ``seat``."""
        t = self.t
        typ = self.type[entry]
        kind = jnp.asarray(t.card_kind)[entry]
        local = jnp.asarray(t.pawn)[entry]
        own = seat * PAWNS + local
        target = jnp.asarray(t.target)[entry]
        jumps = jnp.asarray(t.route_jumps)[entry]
        occ = self.occupancy(pos)
        own_ids = seat * PAWNS + jnp.arange(PAWNS)
        reserve = own_ids[jnp.argmax(pos[own_ids] < 0)]
        start = self.starts[seat]
        entered = self.land_effect(pos, occ, reserve, start)
        moved = jnp.where(typ == PUSH, target, own)
        land, squares, captured = self.forward(
            pos, occ, moved, jnp.asarray(t.steps)[entry], jumps, jnp.asarray(t.route_stay)[entry],
            kind == KING_KIND, typ == PUSH)
        hit = jnp.where(captured, occ[squares], self.pawns)
        forward = pos.at[hit].set(-1, mode="drop").at[moved].set(land)
        _, back_land = self.backward(pos, adv, settled, occ, own, jumps)
        back = self.land_effect(pos, occ, own, back_land)
        swapped = pos.at[own].set(pos[target]).at[target].set(pos[own])
        seven = self.seven_effect(pos, adv, settled, occ, seat, local)
        choices = jnp.stack([entered, forward, back, forward, swapped, seven, pos, pos, pos])
        after = choices[typ]
        new_adv = jnp.where(after == pos, adv, False)
        new_adv = new_adv | ((typ == ENTER) & (jnp.arange(self.pawns) == reserve))
        return after, new_adv, settled & (after == pos)

    # ------------------------------------------------------------------ a decision

    def candidates(self, hand: jax.Array, phase: jax.Array, card: jax.Array, playable: jax.Array) -> jax.Array:
        """The table entries legal at the start of a decision, ``card`` being the card actions legal with this
        hand (``card_legal``'s and the 7s, for the first slot's owner) and ``playable`` whether any is, for any
        owner: the card actions, or the discards when none is legal (play phase), or the bonus's two."""
        faces = jnp.zeros(FACES + 1, jnp.bool_).at[jnp.where(hand >= 0, self.face[jnp.maximum(hand, 0)], FACES)].set(
            True)[:FACES]
        playing = (phase == PLAY) | (phase == EXTRA)
        discards = (phase == PLAY) & ~playable & faces
        bonus = (phase == BONUS) | (phase == SPEND)
        rest = packed(jnp.concatenate([discards, jnp.stack([bonus, bonus])]))
        return jnp.concatenate([jnp.where(playing, card, 0), rest])

    def words_at(self, depth: jax.Array, start: int = 0, stop: int | None = None) -> jax.Array:
        """The ``depth``-th word of each entry from ``start`` to ``stop`` (-1 past its last): the table's words by
        depth, one picked by ``where`` (a gather of a column of the table costs several times more)."""
        rows = self.t.words.T[:, start:stop]
        out = jnp.full(rows.shape[1], -1, jnp.int32)
        for k, row in enumerate(rows):
            out = jnp.where(depth == k, jnp.asarray(row), out)
        return out

    def words_in(self, candidates: jax.Array, words: jax.Array) -> jax.Array:
        """Which words of the vocabulary ``words`` holds where ``candidates`` (-1 for none)."""
        return jnp.zeros(self.vocabulary + 1, jnp.bool_).at[jnp.where(candidates & (words >= 0), words,
                                                                      self.vocabulary)].set(True)[:self.vocabulary]

    def sevens_mask(self, sevens: jax.Array, depth: jax.Array) -> jax.Array:
        """The ``depth``-th word of each 7 among ``sevens`` (the packed candidates of the table's 7s)."""
        start = self.sevens_at[0]
        stop = start + sevens.shape[-1] * PACK
        return self.words_in(unpacked(sevens, stop - start), self.words_at(depth, start, stop))

    def mask(self, candidates: jax.Array, depth: jax.Array) -> jax.Array:
        """The words that may come next: the ``depth``-th word of each candidate (``packed`` words). The 7s,
        most of the table, are looked at word by word only in the matches spelling one (``seven_mask``): their
        first word is one."""
        first_word, last_word = self.seven_words
        start, after = self.sevens_at[0], last_word * PACK
        others = self.words_in(
            jnp.concatenate([unpacked(candidates[:first_word], start),
                             unpacked(candidates[last_word:], self.t.size - after)]),
            jnp.concatenate([self.words_at(depth, 0, start), self.words_at(depth, after)]))
        sevens = candidates[first_word:last_word]
        some = jnp.any(sevens != 0)
        first = (jnp.arange(self.vocabulary) == self.seven_word) & some & (depth == 0)
        return others | first | self.seven_mask(some & (depth > 0), sevens, depth)

    def begin(self, state: TockState, fresh: jax.Array) -> TockState:
        """``state`` at the start of a decision of its player: its candidates, mask, no word chosen. The 7s are
        listed only where ``fresh`` (a decision does begin: elsewhere the state is not used)."""
        return self.masked(self.begun(state, fresh))

    def owners(self, pos: jax.Array, seat: jax.Array) -> jax.Array:
        """Whose pawns ``seat``'s cards move, by slot (``Table.slots``): itself, or, once its own pawns are all
        home in a team game, each teammate whose pawns are not (in seat order), -1 for a slot of none."""
        done = jnp.all((pos >= self.length).reshape(self.n, PAWNS), axis=1)
        if not self.t.teams:
            return seat[None]
        mates = jnp.asarray(self.t.mates)[seat]
        serving = done[seat]
        alone = jnp.where(jnp.arange(self.t.slots) == 0, seat, -1)
        return jnp.where(serving, jnp.where(done[mates], -1, mates), alone)

    def begun(self, state: TockState, fresh: jax.Array) -> TockState:
        """``begin`` but the mask."""
        seat = state.current_player
        owners = self.owners(state._pos, seat)
        hand = state._hands[seat]
        phase = state._phase
        seven = self.held(hand)[7] & ((phase == PLAY) | (phase == EXTRA))
        owner = jnp.maximum(owners[0], 0)
        sevens = self.seven_list(fresh & seven & (owners[0] >= 0), state._pos, state._adv, state._settled, owner)
        legal = self.legal_where(fresh, state._pos, state._adv, state._settled, hand, owner)
        card = jnp.where(owners[0] >= 0, jnp.concatenate([legal, jnp.where(seven, sevens, 0)]), 0)[None]
        if self.t.slots > 1:
            mates = owners[1:]
            legal = self.mates_where(fresh, state._pos, state._adv, state._settled, hand, mates)
            sevens = self.mates_sevens(fresh & seven & jnp.any(mates >= 0), self.seven_tables, state._pos, state._adv,
                                       state._settled, mates)
            card = jnp.concatenate([card, jnp.where((mates >= 0)[:, None],
                                                    jnp.concatenate([legal, jnp.where(seven, sevens, 0)], axis=1), 0)])
        first = self.candidates(hand, phase, card[0], jnp.any(card != 0))
        playing = (phase == PLAY) | (phase == EXTRA)
        rest = jnp.concatenate([jnp.where(playing, card[1:], 0),
                                jnp.zeros((self.t.slots - 1, self.words - card.shape[1]), jnp.uint32)], axis=1)
        candidates = jnp.where(phase != OVER, jnp.concatenate([first[None], rest]), 0)
        begun: TockState = state.replace(_candidates=candidates, _depth=jnp.int32(0),
                                         _chosen=jnp.zeros(self.vocabulary, jnp.bool_), _owners=owners,
                                         _prefix=jnp.where((owners[0] != seat) & playing & jnp.any(card), 2, 0))
        return begun

    def masked(self, state: TockState) -> TockState:
        """``state`` with the mask of its candidates at its depth: the words ``for c:`` of a card played for
        a teammate (``c:`` each teammate served with a legal card action), then the table's words."""
        prefix = state._prefix
        table = self.mask(jnp.bitwise_or.reduce(state._candidates, axis=0), jnp.maximum(state._depth - prefix, 0))
        served = self.mask_words(state) == jnp.arange(self.vocabulary)[:, None]
        forced = jnp.any(served & jnp.any(state._candidates != 0, axis=1)[None, :], axis=1)
        mask = jnp.where(state._depth < prefix, forced, table)
        out: TockState = state.replace(legal_action_mask=mask)
        return out

    def mask_words(self, state: TockState) -> jax.Array:
        """By slot, the word of ``for c:`` due at the state's depth (meaningful below its prefix)."""
        return jnp.asarray(self.t.for_words)[jnp.maximum(state._owners, 0), jnp.minimum(state._depth, 1)]

    def step(self, state: TockState, word: jax.Array, key: jax.Array) -> TockState:
        """Take ``word``: keep the candidates it fits; when one is left, play it."""
        depth = state._depth
        prefix = state._prefix
        table = self.by_pair[self.pair_of[jnp.minimum(jnp.maximum(depth - prefix, 0), self.t.longest - 1), word]]
        served = jnp.where(word == self.mask_words(state), jnp.uint32(0xFFFFFFFF), jnp.uint32(0))
        fits = state._candidates & jnp.where(depth < prefix, served[:, None], table[None, :])
        found = first_set(fits.reshape(-1))
        settled = count_set(fits.reshape(-1)) == 1
        chosen = state._chosen.at[word].set(True)
        going_on: TockState = state.replace(_candidates=fits, _depth=depth + 1, _chosen=chosen)
        slot = found // (self.words * PACK)
        played = self.play(state.replace(_owners=state._owners[slot][None].repeat(self.t.slots)),
                           found % (self.words * PACK), key, settled)
        after: TockState = where_tree(settled, played, going_on)
        return self.masked(after)

    def card_slot(self, hand: jax.Array, typ: jax.Array, kind: jax.Array, face: jax.Array) -> jax.Array:
        """The hand slot of the card an action plays: the lowest id of its kind (a 2's move a 2 other than the
        2♠ when there is one, a 2's entry the 2♠), or for a discard the first card of its face."""
        valid = hand >= 0
        ids = jnp.maximum(hand, 0)
        spade = self.face[ids] == TWO_OF_SPADES
        of_kind = valid & (self.kind[ids] == kind)
        eligible = jnp.where(typ == DISCARD, valid & (self.face[ids] == face),
                             of_kind & ~((typ == ENTER) & (kind == 2) & ~spade))
        big = 1 << 20
        order = jnp.where(typ == DISCARD, jnp.arange(HAND_SIZE),
                          ids + jnp.where((typ == MOVE) & (kind == 2) & spade, big // 2, 0))
        return jnp.argmin(jnp.where(eligible, order, big))

    def play(self, state: TockState, entry: jax.Array, key: jax.Array, settled: jax.Array) -> TockState:
        """Play table entry ``entry`` (module docstring) for the owner of the state's first slot: the card, the
        refill, the turn's next phase. The 7s are worked out only where ``settled`` (the entry is played;
        elsewhere the state is not used)."""
        t = self.t
        n = self.n
        seat = state.current_player
        typ = self.type[entry]
        kind = jnp.asarray(t.card_kind)[entry]
        is_card = typ <= SEVEN
        is_discard = typ == DISCARD
        lays = is_card | is_discard
        owner = state._owners[0]
        pos, adv, ready = self.effect(state._pos, state._adv, state._settled, owner, entry)
        hand = state._hands[seat]
        slot = self.card_slot(hand, typ, kind, jnp.asarray(t.target)[entry])
        card = hand[slot]
        card_kind = self.kind[jnp.maximum(card, 0)]
        after = hand[jnp.minimum(jnp.arange(HAND_SIZE) + 1, HAND_SIZE - 1)]
        kept = jnp.where(jnp.arange(HAND_SIZE) < slot, hand, after)
        kept = kept.at[HAND_SIZE - 1].set(-1)
        pile = jnp.where(lays, state._pile.at[state._pile_n].set(card), state._pile)
        pile_n = state._pile_n + lays
        pile_kinds = state._pile_kinds.at[kind_slot_of(card_kind)].add(lays.astype(jnp.int32))
        top = jnp.where(lays, kind_slot_of(card_kind), state._top)
        team = self.team(seat)
        won = is_card & jnp.all(jnp.where(team[:, None], (pos >= self.length).reshape(n, PAWNS), True))
        # refill: one card, the pile turned into the stock when the stock is out
        refill = lays & ~won
        out = refill & (state._stock_n == 0)
        stock = jnp.where(out, pile, state._stock)
        stock_n = jnp.where(out, pile_n, state._stock_n)
        random_draw = state._random_draw | out
        pile_n = jnp.where(out, 0, pile_n)
        pile_kinds = jnp.where(out, 0, pile_kinds)
        top = jnp.where(out, -1, top)
        drawn_at = jnp.where(random_draw, jax.random.randint(key, (), 0, jnp.maximum(stock_n, 1)), stock_n - 1)
        drawn_at = jnp.maximum(drawn_at, 0)
        last = jnp.maximum(stock_n - 1, 0)
        kept = jnp.where(refill, kept.at[HAND_SIZE - 1].set(stock[drawn_at]), kept)
        stock = jnp.where(refill, stock.at[drawn_at].set(stock[last]), stock)
        stock_n = stock_n - refill
        hand = jnp.where(lays, kept, hand)
        hands = state._hands.at[seat].set(hand)
        # the turn's next phase
        stored = state._stored
        stored_here = stored[seat]
        spendable = state._spendable
        joker = kind == JOKER_KIND
        asked = settled & ~won & ~is_discard & ((is_card & joker) | (spendable > 0))
        owners = self.owners(pos, seat)
        owner = jnp.maximum(owners[0], 0)
        mates = owners[1:]
        simple = self.any_simple(asked, pos, adv, ready, hand, owners)
        asked = asked & ~simple & self.held(hand)[7]
        playable = simple | jnp.any(self.seven_list(asked & (owners[0] >= 0), pos, adv, ready, owner))
        if t.slots > 1:
            playable = playable | jnp.any(self.mates_sevens(asked & ~playable & jnp.any(mates >= 0),
                                                            self.seven_tables, pos, adv, ready, mates))
        can_spend = (spendable > 0) & playable
        phase = state._phase
        playing = (typ == BONUS_YES)
        next_phase = jnp.select(
            [is_discard,
             is_card & joker & (stored_here >= MAX_STORED),
             is_card & joker,
             is_card,
             (phase == BONUS) & playing,
             phase == BONUS,
             playing],
            [jnp.int32(-1),
             jnp.where(playable, EXTRA, jnp.where(can_spend, SPEND, -1)),
             jnp.where(playable, BONUS, -1),
             jnp.where(can_spend, SPEND, -1),
             jnp.int32(EXTRA),
             jnp.where(can_spend, SPEND, -1),
             jnp.int32(EXTRA)],
            jnp.int32(-1))
        store = (is_card & joker & (stored_here < MAX_STORED) & ~playable) | ((phase == BONUS) & ~playing & ~is_card
                                                                             & ~is_discard)
        spend = (phase == SPEND) & playing & ~is_card & ~is_discard
        stored = stored.at[seat].add(store.astype(jnp.int32) - spend.astype(jnp.int32))
        spendable = spendable - spend
        ends = next_phase < 0
        cur = jnp.where(won, seat, jnp.where(ends, (seat + 1) % n, seat))
        new_phase = jnp.where(won, OVER, jnp.where(ends, PLAY, next_phase))
        spendable = jnp.where(ends, stored[cur], spendable)
        settled_now = self.settle(pos, ready, cur)
        for owner in self.owners(pos, cur):
            settled_now = self.settle(pos, settled_now, owner)
        ready = jnp.where(ends & ~won, settled_now, ready)
        rewards = jnp.where(won, team.astype(jnp.float32), jnp.zeros(n, jnp.float32))
        played: TockState = state.replace(
            _pos=pos, _adv=adv, _settled=ready, _hands=hands, _stock=stock, _stock_n=stock_n, _pile=pile,
            _pile_n=pile_n, _pile_kinds=pile_kinds, _top=top, _random_draw=random_draw, _stored=stored,
            _spendable=spendable, _phase=new_phase, current_player=cur, _winner=jnp.where(won, seat, -1),
            terminated=won, rewards=rewards)
        return self.begun(played, settled)

    def team(self, seat: jax.Array) -> jax.Array:
        """The seats of ``seat``'s team (itself alone without teams), as flags by seat."""
        return self.team_of[seat]

    def settle(self, pos: jax.Array, settled: jax.Array, seat: jax.Array) -> jax.Array:
        """``settled`` after ``seat``'s turn begins (none where ``seat`` is -1): its pawns on intersections may
        take a shortcut this turn, its others may not (``Pawns.settle``)."""
        length = self.length
        crossing = (pos >= 0) & (pos < length) & self.crossing[jnp.clip(pos, 0, length - 1)]
        own = jnp.arange(self.pawns) // PAWNS == seat
        return jnp.where(own, crossing, settled)

    # ------------------------------------------------------------------ the observation

    def observe(self, state: TockState, player: jax.Array) -> jax.Array:
        """``player``'s row of the Python encoder (``TockEncoding``), then the words chosen so far, float32."""
        n = self.n
        length = self.length
        places = self.t.places
        order = (jnp.arange(self.pawns) + player * PAWNS) % self.pawns
        pos = state._pos[order]
        start = self.starts[player]
        slot = jnp.where(pos < 0, places - 1, jnp.where(pos >= length, pos, (pos - start) % length))
        pawns = (slot[:, None] == jnp.arange(places)[None, :]).astype(jnp.float32).reshape(-1)
        advantaged = state._adv[order].astype(jnp.float32)
        settled = state._settled[order].astype(jnp.float32)
        hand = state._hands[player]
        ids = jnp.maximum(hand, 0)
        kinds = jnp.where(hand >= 0, kind_slot_of(self.kind[ids]), len(KINDS))
        counts = jnp.sum(kinds[:, None] == jnp.arange(len(KINDS))[None, :], axis=0).astype(jnp.float32)
        spade = jnp.any((hand >= 0) & (self.face[ids] == TWO_OF_SPADES))
        hand_row = jnp.concatenate([counts, spade.astype(jnp.float32)[None]])
        pile = self.pile_fraction[state._pile_kinds]
        top = (jnp.arange(len(KINDS)) == state._top).astype(jnp.float32)
        seats = (player + jnp.arange(n)) % n
        sizes = self.size_fraction[jnp.sum(state._hands[seats] >= 0, axis=1)]
        stock = self.stock_fraction[state._stock_n][None]
        bonuses = self.quarter[state._stored[seats]]
        spendable = self.quarter[state._spendable][None]
        phase = (jnp.arange(len(PHASES)) == state._phase).astype(jnp.float32)
        to_play = ((jnp.arange(n) == (state.current_player - player) % n) & (state._phase != OVER)).astype(
            jnp.float32)
        teammates = (self.team(player)[seats] & (jnp.arange(n) > 0)).astype(jnp.float32)
        return jnp.concatenate([pawns, advantaged, settled, hand_row, pile, top, sizes, stock, bonuses, spendable,
                                phase, to_play, teammates, state._chosen.astype(jnp.float32)])


def kind_slot_of(kind: jax.Array) -> jax.Array:
    """``kind_slot`` of traced kinds."""
    return (kind - 1) % len(KINDS)


class Tock(pgx.core.Env):  # type: ignore[misc]
    """Tock's pgx environment (module docstring) for ``players`` players and the flags offered."""

    def __init__(self, players: int = 4, extra_sevens: bool = False, two_of_spades_enters: bool = False,
                 teams: str = "none", home_entry: str = "mandatory") -> None:
        super().__init__()
        if players not in SUPPORTED_PLAYERS:
            raise ParlourError(f"{ENV_ID}: the JAX environment plays {', '.join(map(str, SUPPORTED_PLAYERS))} "
                               f"players, not players={players}")
        self.players = players
        self.table = table_for(players, extra_sevens, two_of_spades_enters, teams, home_entry == "optional")
        self.rules = Rules(self.table)
        self.deck = jnp.asarray(full_deck(players, extra_sevens), jnp.int32)
        self.begin = jax.jit(lambda state: self.rules.begin(state, jnp.bool_(True)))

    def blank(self) -> TockState:
        """Every pawn in its reserve, no cards anywhere, seat 0 to play."""
        t = self.table
        n = self.players
        return TockState(
            rewards=jnp.zeros(n, jnp.float32), legal_action_mask=jnp.zeros(len(t.vocabulary), jnp.bool_),
            _pos=jnp.full(PAWNS * n, -1, jnp.int32), _adv=jnp.zeros(PAWNS * n, jnp.bool_),
            _settled=jnp.zeros(PAWNS * n, jnp.bool_),
            _hands=jnp.full((n, HAND_SIZE), -1, jnp.int32), _stock=jnp.zeros(t.deck_size, jnp.int32),
            _pile=jnp.zeros(t.deck_size, jnp.int32), _stored=jnp.zeros(n, jnp.int32),
            _candidates=jnp.zeros((t.slots, self.rules.words), jnp.uint32), _owners=jnp.zeros(t.slots, jnp.int32),
            _chosen=jnp.zeros(len(t.vocabulary), jnp.bool_))

    def _init(self, key: jax.Array) -> TockState:
        n = self.players
        deck = jax.random.permutation(key, self.deck)
        dealt = HAND_SIZE * n
        # card i of the deal is the i-th popped from the end, to seat i % n (the dealer, seat n - 1, deals first
        # to seat 0)
        hands = deck[::-1][:dealt].reshape(HAND_SIZE, n).T
        blank = self.blank()
        stock = jnp.zeros(self.table.deck_size, jnp.int32).at[:deck.shape[0] - dealt].set(deck[:deck.shape[0] - dealt])
        dealt_state = blank.replace(_hands=hands, _stock=stock, _stock_n=jnp.int32(deck.shape[0] - dealt))
        return self.rules.begin(dealt_state, jnp.bool_(True))

    def step(self, state: pgx.core.State, action: jax.Array, key: jax.Array | None = None) -> TockState:
        """pgx's ``Env.step`` (a finished game stands still with zero rewards, an illegal word ends it with pgx's
        penalty, the mask is all true once finished, the observation is the player to move's) with ``where``
        in place of its ``lax.cond``s: under ``vmap`` those compute both sides and hand every match the whole of
        ``only_where``'s tables."""
        assert isinstance(state, TockState)
        finished = state.terminated | state.truncated
        illegal = ~state.legal_action_mask[action] & ~finished
        moved = self._step(state.replace(_step_count=state._step_count + 1), action, key)
        players = self.num_players
        penalty = moved.replace(terminated=jnp.bool_(True), rewards=jnp.full(players, players - 1.0, jnp.float32)
                                .at[state.current_player].set(-1.0))
        still = state.replace(rewards=jnp.zeros_like(state.rewards))
        after = jax.tree_util.tree_map(lambda a, b, c: jnp.where(finished, a, jnp.where(illegal, b, c)),
                                       still, penalty, moved)
        after = after.replace(legal_action_mask=after.legal_action_mask | after.terminated)
        observed: TockState = after.replace(observation=self.observe(after))
        return observed

    def _step(self, state: pgx.core.State, action: jax.Array, key: jax.Array | None) -> TockState:
        if key is None:
            raise ParlourError(f"{ENV_ID}: step needs a key (the stock is shuffled from it when it runs out)")
        assert isinstance(state, TockState)
        return self.rules.step(state, jnp.int32(action), key)

    def _observe(self, state: pgx.core.State, player_id: jax.Array) -> jax.Array:
        assert isinstance(state, TockState)
        return self.rules.observe(state, player_id)

    @property
    def id(self) -> Any:
        return ENV_ID

    @property
    def version(self) -> str:
        return "v1"

    @property
    def num_players(self) -> int:
        return self.players


OFFERED = {"players": SUPPORTED_PLAYERS, "extra_sevens": (False, True), "two_of_spades_enters": (False, True),
           "home_entry": HOME_ENTRY, "teams": TEAMS}
"""The flags the JAX environment plays, and the values it offers (``refusal`` names the combinations it does
not)."""


def env_for(rules: TockRules) -> Tock:
    """The environment of a rule set, or ``ParlourError`` naming the flag it does not offer."""
    for name, values in OFFERED.items():
        value = getattr(rules, name)
        if value not in values:
            raise ParlourError(f"{ENV_ID}: the JAX environment offers {name}="
                               f"{'|'.join(str(v) for v in values)}, not {name}={value}")
    return Tock(rules.players, rules.extra_sevens, rules.two_of_spades_enters, rules.teams, rules.home_entry)


def from_state(state: Any, env: Tock | None = None) -> TockState:
    """The JAX state of a Python engine ``State`` of Tock at a decision (no word chosen yet): its pawns, hands,
    stock (in order), pile, bonuses, phase and player, with the candidates, mask and observation of the player
    to move. ``env`` (made for the state's rules when not given) supplies the tables."""
    pos = state.pos
    if pos.cur < 0:
        raise ParlourError(f"{ENV_ID}: from_state needs a game in play, this one is over")
    env = env or env_for(state.game.rules)
    t = env.table
    n = env.players

    def padded(cards: list[int], size: int) -> jax.Array:
        out = np.full(size, -1 if size == HAND_SIZE else 0, np.int32)
        out[:len(cards)] = cards
        return jnp.asarray(out)

    kinds = np.zeros(len(KINDS), np.int32)
    for c in pos.pile:
        kinds[kind_slot(KIND[c])] += 1
    adv = np.array([pos.pawns.adv >> g & 1 for g in range(PAWNS * n)], np.bool_)
    settled = np.array([pos.pawns.settled >> g & 1 for g in range(PAWNS * n)], np.bool_)
    blank = env.blank()
    new = blank.replace(
        current_player=jnp.int32(pos.cur), _pos=jnp.asarray(pos.pawns.pos, jnp.int32), _adv=jnp.asarray(adv),
        _settled=jnp.asarray(settled),
        _hands=jnp.stack([padded(h, HAND_SIZE) for h in pos.hands]),
        _stock=padded(pos.stock, t.deck_size), _stock_n=jnp.int32(len(pos.stock)),
        _pile=padded(pos.pile, t.deck_size), _pile_n=jnp.int32(len(pos.pile)), _pile_kinds=jnp.asarray(kinds),
        _top=jnp.int32(kind_slot(KIND[pos.pile[-1]]) if pos.pile else -1),
        _stored=jnp.asarray(pos.stored, jnp.int32), _spendable=jnp.int32(pos.spendable),
        _phase=jnp.int32(pos.phase))
    begun = env.begin(new)
    observed: TockState = begun.replace(observation=env.observe(begun))
    return observed



def make(spec: str) -> Tock:
    """The environment of a Tock spec (``tock``, ``tock:sevens``, ``tock?players=3``), or ``ParlourError``
    quoting it and naming what the JAX environment offers."""
    try:
        game = load_game(spec)
    except ParlourError as e:
        raise ParlourError(f"parlour.jax.make: {spec!r}: {e}") from None
    try:
        return env_for(game.rules)
    except ParlourError as e:
        raise ParlourError(f"parlour.jax.make: {spec!r}: {e}") from None
