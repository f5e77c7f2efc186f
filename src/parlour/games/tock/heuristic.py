"""A Tock player that scores what each card would leave: the race, danger, blocking, the cards kept
(rules: docs/rules/en/tock.md).

Every legal card action is played out on a copy of the pawn places (the
engine has already worked out each action's *effect*: which pawns go where)
and the position it leaves is scored from the acting seat's side:

* **the race**: minus the steps our pawns still have to go (``Board.to_go``;
  a reserve pawn counts the whole way round plus ``ENTRY_COST``, so entering
  pays, being captured costs what the pawn had gained, and the 4-then-3
  trick — back up 4 from the start to just before the foot — shows as a jump
  of 68 steps), a bonus per pawn home (safe for good), and the opponents'
  steps still to go, weighted more for the leader: capturing a pawn about to
  reach home, or pushing it past its home's foot with a 5 (a pushed pawn
  never enters), throws the most back;
* **danger**: for each of our track pawns, the chance that some opponent can
  hit it before our next turn, times what it would lose. An opponent pawn
  ``d`` squares behind with a clear path hits it with a card of value ``d``,
  a 7 for ``d ≤ 7``, a King for ``d ≤ 13`` (Kings also hit through other
  pawns), a Joker for 18; one 4 squares ahead backs onto it with a 4; an
  opponent with a reserve pawn takes it on their start with A, K or Joker; an
  opponent's 5 pushes it past our foot when it waits 0–4 squares before it.
  So 14–17 squares ahead of a follower are out of reach of any one card, 11
  and 13 of all but a King, 4 and 5 of all but a 7 or a King (no card moves
  11, the 4 goes back and the 5 pushes others): hence the advice to stand
  11 squares, or 4, ahead of a following pawn. Not counted, for speed: the shortcuts of 6-
  and 8-section boards, an attacker that would turn into its own home first,
  pawns pushed onto ours, the cards already played (and the extra sevens);
* **blocking**: our pawn on its own start with the position advantage cannot
  be passed; it earns a bonus per opponent pawn stuck behind it;
* **keeping cards**: the card spent loses its keep value, highest for the
  Joker and the flexible J, 7 and 4 (the 4 more so with a pawn on or just past
  its start, for the trick), and any card that would take a pawn from where
  it stands into its home (the 3 or 6 after the trick's 4); a second copy of
  a rank is worth half. Spending our only entry card (A, K, Joker) on
  anything but an entry costs more while pawns wait in the reserve.

Card actions are chosen by the best score. A Joker's bonus is played at once,
and a stored one spent, only when the best card gains ``PLAY_NOW`` or more
(keeping the second move for later is often better). With no card
playable, the card with the least keep value is discarded.

The same decisions run on a view (the heuristic bot) and, for search
rollouts, directly on a determinized state, through the ``Seen`` summary of
what the acting seat knows: the board, its own hand and its legal card
actions (``heuristic``, the game's ``heuristic`` part).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from parlour.core.actions import Discard
from parlour.core.game import Action, Game, State
from parlour.core.parts import Seeing
from parlour.games.tock.actions import (
    ACE,
    BONUS_KEEP,
    BONUS_PLAY,
    FIVE,
    FOUR,
    JACK,
    JOKER,
    KING,
    PAWNS,
    QUEEN,
    SEVEN,
    VALUE,
    Bonus,
    CardAction,
    Enter,
    For,
)
from parlour.games.tock.board import FOOT_BEFORE_START, HOME, Board
from parlour.games.tock.deck import KIND
from parlour.games.tock.pawns import Effect
from parlour.games.tock.play import TockPlay
from parlour.games.tock.position import BONUS, SPEND, TockPosition
from parlour.games.tock.teammates import captures_teammate

SEARCH = {"root": "paired", "anchor": "1", "depth": "16"}
"""The ISMCTS settings, beyond heuristic rollouts, that beat this heuristic most clearly in the arena."""

ENTRY_COST: Final = 8
"""What a pawn in the reserve costs beyond its steps: a turn and an entry card to bring it out."""
HOME_BONUS: Final = 4.0
"""Worth of a pawn in its home beyond its steps: nothing can send it back."""
WIN: Final = 1000.0
W_LEADER: Final = 1.0
"""Weight of the leading opponent's steps to go against ours (one step back for them = one for us)."""
W_OTHER: Final = 0.4
"""Weight of another opponent's steps: hurting a trailing opponent helps us less than racing."""
BLOCK: Final = 3.0
"""Per opponent pawn stuck behind our advantaged start pawn, up to ``REACH`` squares behind."""
REACH: Final = 13
"""A King's reach: how far behind our start pawn an opponent pawn counts as blocked by it."""
WILLING: Final = 0.7
"""Chance an opponent who can hit our pawn does so (they have their own plans)."""
PLAY_NOW: Final = 20.0
"""The gain that makes playing a joker bonus now, or spending a stored one, worth it."""
DECK: Final = 108
COPIES: Final = 8
"""Copies of each rank in the two decks (without the extra sevens of flag ``extra_sevens``)."""
JOKERS: Final = 4
HAND: Final = 5

KEEP = {JOKER: 12.0, ACE: 3.0, 2: 1.0, 3: 2.0, FOUR: 6.0, FIVE: 3.0, 6: 2.0, SEVEN: 7.0, 8: 1.0,
        9: 1.0, 10: 1.0, JACK: 7.0, QUEEN: 1.0, KING: 4.0}
"""Worth of keeping one card of each rank for later, in steps."""
ENTRY_KEEP: Final = 6.0
"""Extra cost of spending our only entry card (A, K, Joker) on anything but an entry while a pawn
waits in the reserve."""
TRICK_KEEP: Final = 8.0
"""Extra worth of a 4 while a pawn of ours stands on its start or up to 3 past it."""
HOMING_KEEP: Final = 4.0
"""Extra worth of a card that would take one of our pawns from where it stands into its home."""
ENTRY_KINDS: Final = (ACE, KING, JOKER)
HOMING_KINDS: Final = (ACE, 2, 3, 6, SEVEN, 8, 9, 10, QUEEN)
"""The cards that may move a pawn of ours into its home (forward moves of our own pawns)."""
ENTRY_COPIES: Final = 2 * COPIES + JOKERS
"""Copies of the entry cards: A, K and the jokers."""
BEHIND: Final = 18
"""How far behind our pawn an opponent pawn can hit it from (with a Joker's 18)."""
AHEAD: Final = FIVE
"""How far ahead of our pawn a square matters: a 4 backing onto it, the path of a 5 pushing it."""
BEHIND_BITS: Final = (1 << BEHIND) - 1
AHEAD_BITS: Final = (1 << AHEAD) - 1


def _hit_chance(copies: int) -> float:
    """Chance one opponent's hand of 5 holds at least one of ``copies`` cards that hit."""
    return 1.0 - (1.0 - min(copies, DECK) / DECK) ** HAND


MISS: Final = tuple(1.0 - _hit_chance(c) for c in range(DECK + 1))
"""By copies of hitting cards: the chance an opponent holds none of them."""
PLAIN_STEPS: Final = (1, 2, 3, 6, 8, 9, 10, 12)
"""The counts of the cards that move one pawn exactly their value forward: A, 2, 3, 6, 8, 9, 10, Q."""


def _forward_copies(d: int) -> int:
    """Copies of the cards whose forward move can land exactly ``d`` squares on.

    The card worth ``d``, a 7 (split) up to 7, a King up to 13, a Joker at 18.
    """
    return (COPIES * (d in PLAIN_STEPS) + COPIES * (d <= VALUE[SEVEN]) + COPIES * (d <= VALUE[KING])
            + JOKERS * (d == VALUE[JOKER]))


HIT: Final = tuple(_forward_copies(d) for d in range(19))
"""By distance 0–18: copies of the cards with which the nearest pawn behind can land on ours."""


@cache
def _to_go(board: Board) -> tuple[tuple[int, ...], ...]:
    """``[seat][place]``: the steps a pawn of ``seat`` has to go from ``place``.

    The reserve comes last, so place -1 indexes it, and counts ``ENTRY_COST`` more.
    """
    places = range(board.squares + HOME)
    return tuple((*(board.to_go(seat, p) for p in places), board.to_go(seat, -1) + ENTRY_COST)
                 for seat in range(board.players))


@dataclass(slots=True)
class Seen:
    """What the acting seat knows: the board, its hand, the phase, its legal card actions.

    ``actions`` are our legal card actions and ``plays`` the card each spends
    and its effect; in the bonus phases these are what a bonus would play.
    """

    seat: int
    board: Board
    pos: list[int]
    occ: list[int]
    adv: int
    hand: list[int]
    """Cards of each kind in our hand, indexed by kind (JOKER = 0, A = 1 … K = 13)."""
    phase: int
    actions: Sequence[CardAction | For]
    """Our legal card actions; when we play for teammates, theirs wrapped as ``For`` (as ``legal`` has them)."""
    plays: list[tuple[int, Effect]]
    team: tuple[int, ...] = ()
    """The seats of our team, ours included (flag ``teams``; empty: we play alone)."""


def seen_from_state(state: State[Any, Any]) -> Seen:
    """The summary of ``state`` (a Tock state) for the seat to play: public board, own hand, own legal cards."""
    rules = state.play
    assert isinstance(rules, TockPlay)
    pos: TockPosition = state.pos
    seat = pos.cur
    hand = [0] * 14
    for card in pos.hands[seat]:
        hand[KIND[card]] += 1
    actions, plays = rules.card_moves(pos)
    pawns = pos.pawns
    return Seen(
        seat=seat, board=rules.plays.board, pos=pawns.pos, occ=pawns.occ, adv=pawns.adv, hand=hand,
        phase=pos.phase, actions=actions, plays=plays,
        team=next(team for team in state.game.teams() if seat in team),
    )


# ------------------------------------------------------------------ scoring

class Scorer:
    """Scores the actions of one decision as gains over the current position.

    Weights and keep values are fixed from the current position. The race
    terms change only for the pawns an effect moves; the danger or blocking
    term of one of our pawns is worked out again only when the effect moves it
    or changes a square it depends on (``BEHIND`` squares behind it, ``AHEAD``
    ahead), or when it stands on an opponent's start (where captures elsewhere
    change who can enter onto it). Occupied track squares are also kept as bits
    (doubled, so a window across square 0 is one shift) to find pawns near
    ours without walking every square.
    """

    __slots__ = ("adv", "base_keep", "bits", "board", "keep", "length", "me", "mine", "occ", "pos", "sole_entry",
                 "starts", "team", "terms", "to_go", "waiting", "weights", "windows")

    def __init__(self, seen: Seen) -> None:
        board = seen.board
        me = seen.seat
        length = board.squares
        self.board = board
        self.me = me
        self.length = length
        self.starts = board.starts
        self.mine = range(me * PAWNS, me * PAWNS + PAWNS)
        self.pos, self.occ, self.adv = seen.pos, seen.occ, seen.adv
        self.bits = sum(1 << at for at in seen.pos if 0 <= at < length)
        self.to_go = _to_go(board)
        team = self.team = frozenset(seen.team or (me,))
        pos, to_go = seen.pos, self.to_go
        leader = 1 - me if board.players == 2 else min(
            (q for q in range(board.players) if q not in team),
            key=lambda q: sum(to_go[q][pos[p]] for p in range(q * PAWNS, q * PAWNS + PAWNS)))
        self.weights = [0.0 if q in team else W_LEADER if q == leader else W_OTHER
                        for q in range(board.players)]
        self.base_keep = self._keep_values()
        self.keep = hand_keep(self.base_keep, seen.hand)
        self.waiting = any(pos[p] < 0 for p in self.mine)
        self.sole_entry = sole_entry(seen.hand) if self.waiting else -1
        self.terms = [self._term(p, pos, pos[p], seen.occ, self.bits, seen.adv) for p in self.mine]
        self.windows = [self._window(pos[p]) for p in self.mine]

    def _window(self, at: int) -> int:
        """The track squares (as bits) whose change may change the term of our pawn on ``at``."""
        length = self.length
        everything = (1 << length) - 1
        if not 0 <= at < length:
            return 0
        if at in self.starts:
            return everything
        spread = ((1 << (BEHIND + AHEAD + 1)) - 1) << (at - BEHIND + length)
        return (spread | spread >> length | spread >> 2 * length) & everything

    def _keep_values(self) -> list[float]:
        """The cost, by kind, of spending one card now, before ``hand_keep`` (``sole_entry`` aside)."""
        keep = [KEEP[k] for k in range(14)]
        me, board, pos, length = self.me, self.board, self.pos, self.length
        lane = sum(1 << (pos[p] - length) for p in self.mine if pos[p] >= length)
        for p in self.mine:
            at = pos[p]
            if not 0 <= at < length:
                continue
            to_foot = board.steps_to_foot(me, at)
            if to_foot >= length - FOOT_BEFORE_START - 3:
                keep[FOUR] += TRICK_KEEP
            elif to_foot >= VALUE[QUEEN]:
                continue
            for kind in HOMING_KINDS:
                left = VALUE[kind] - to_foot
                if 0 < left <= HOME and not lane & ((1 << left) - 1):
                    keep[kind] += HOMING_KEEP
        return keep

    def gain(self, effect: Effect) -> float:
        """How much better than now the position is that ``effect`` leaves."""
        me, length, to_go, weights, pos = self.me, self.length, self.to_go, self.weights, self.pos
        final = dict(effect)
        gain = 0.0
        changed = 0
        for pawn, to in final.items():
            was = pos[pawn]
            seat = pawn >> 2
            table = to_go[seat]
            if seat == me or seat in self.team:
                gain += table[was] - table[to] + HOME_BONUS * ((to >= length) - (was >= length))
            else:
                gain += weights[seat] * (table[to] - table[was])
            if 0 <= was < length:
                changed |= 1 << was
            if 0 <= to < length:
                changed |= 1 << to
        after: tuple[list[int], list[int], int, int] | None = None
        home = 0
        for i, p in enumerate(self.mine):
            at = final.get(p, pos[p])
            if at >= length:
                home += 1
            if p in final or self.windows[i] & changed:
                if after is None:
                    after = self._play(effect)
                gain += self._term(p, after[0], at, after[1], after[2], after[3]) - self.terms[i]
        return gain + WIN if home == PAWNS else gain

    def _play(self, effect: Effect) -> tuple[list[int], list[int], int, int]:
        """Places, squares' pawns, occupied bits and advantages after ``effect``, on copies."""
        pos, occ = self.pos[:], self.occ[:]
        bits, adv = self.bits, self.adv
        length = self.length
        for pawn, to in effect:
            was = pos[pawn]
            if 0 <= was < length and occ[was] == pawn:
                occ[was] = -1
                bits &= ~(1 << was)
            pos[pawn] = to
            if 0 <= to < length:
                occ[to] = pawn
                bits |= 1 << to
                adv = adv | (1 << pawn) if was < 0 else adv & ~(1 << pawn)
            else:
                adv &= ~(1 << pawn)
        return pos, occ, bits, adv

    def _term(self, pawn: int, pos: list[int], at: int, occ: list[int], bits: int, adv: int) -> float:
        """Our ``pawn``'s blocking bonus (advantaged on its start) or minus its danger (elsewhere on the track)."""
        if not 0 <= at < self.length:
            return 0.0
        behind = (bits | bits << self.length) >> (at + self.length - BEHIND) & BEHIND_BITS
        if adv >> pawn & 1:
            return self._blocking(at, occ, behind)
        return -self._danger(at, pos, occ, bits, behind, adv)

    def _blocking(self, at: int, occ: list[int], behind: int) -> float:
        """The bonus of our advantaged pawn on ``at``: opponent pawns within ``REACH`` behind it are stuck."""
        me = self.me
        stuck = 0
        behind >>= BEHIND - REACH
        while behind:
            j = behind.bit_length() - 1
            behind ^= 1 << j
            if occ[at - REACH + j] >> 2 != me:
                stuck += 1
        return BLOCK * stuck

    def _danger(self, at: int, pos: list[int], occ: list[int], bits: int, behind: int, adv: int) -> float:
        """Expected loss of our unadvantaged track pawn on ``at`` before our next turn.

        ``behind`` has bit ``BEHIND − d`` set when a pawn stands ``d`` squares behind.
        """
        me, length = self.me, self.length
        copies = [0] * len(self.weights)
        nearest = True
        while behind:
            j = behind.bit_length() - 1
            behind ^= 1 << j
            d = BEHIND - j
            other = occ[at - d]
            seat = other >> 2
            if seat != me:
                copies[seat] += HIT[d] if nearest else COPIES if d <= VALUE[KING] else 0
            if adv >> other & 1 or d >= VALUE[KING]:
                break
            nearest = False
        ahead = (bits | bits << length) >> (at + 1) & AHEAD_BITS
        if ahead & -ahead == 1 << (FOUR - 1):
            other = occ[at + FOUR - length]
            if other >> 2 != me:
                copies[other >> 2] += COPIES
        for seat, start in enumerate(self.starts):
            if start == at and seat != me and any(pos[p] < 0 for p in range(seat * PAWNS, seat * PAWNS + PAWNS)):
                copies[seat] += ENTRY_COPIES
        mine = self.to_go[me]
        loss = 0.0
        if any(copies):
            miss = 1.0
            for c in copies:
                miss *= MISS[c]
            loss = (1.0 - miss) * WILLING * (mine[-1] - mine[at])
        if not ahead & (AHEAD_BITS >> 1) and self.board.steps_to_foot(me, at) <= HOME:
            landing = occ[at + FIVE - length]
            if landing < 0 or not adv >> landing & 1:
                miss = MISS[COPIES] ** (len(self.weights) - 1)
                loss += (1.0 - miss) * WILLING * (mine[(at + FIVE) % length] - mine[at])
        return loss


def hand_keep(keep: Sequence[float], hand: Sequence[int]) -> list[float]:
    """The keep values ``keep`` (by kind) for ``hand`` (cards by kind): a kind held twice or more, half."""
    return [k if n < 2 else k / 2 for k, n in zip(keep, hand, strict=True)]


def sole_entry(hand: Sequence[int]) -> int:
    """The kind of ``hand``'s only entry card (A, K, Joker), or -1 when it holds none or more than one."""
    entries = [k for k in ENTRY_KINDS if hand[k]]
    if len(entries) == 1 and hand[entries[0]] == 1:
        return entries[0]
    return -1


# ------------------------------------------------------------------ decisions

def _best(seen: Seen) -> tuple[int, float]:
    """The index in ``seen.actions`` of the best card action, and its gain less the card's keep value.

    Scores count a teammate's race as our own (a card played for a teammate is scored by their progress),
    and an action capturing a teammate's pawn is chosen only when every legal action does."""
    scorer = Scorer(seen)
    keep, sole_entry, actions = scorer.keep, scorer.sole_entry, seen.actions
    best, best_value, best_hurts = -1, -WIN * 10, True
    for i, (card, effect) in enumerate(seen.plays):
        kind = KIND[card]
        value = scorer.gain(effect) - keep[kind]
        action = actions[i]
        if kind == sole_entry and not isinstance(action.action if isinstance(action, For) else action, Enter):
            value -= ENTRY_KEEP
        hurts = captures_teammate(seen.pos, seen.team, effect)
        if (best_hurts and not hurts) or (hurts == best_hurts and value > best_value):
            best, best_value, best_hurts = i, value, hurts
    return best, best_value


def choose(seen: Seen, legal: Sequence[Action], rng: random.Random) -> Action:
    """The heuristic's action among ``legal``; deterministic, so ``rng`` goes unused."""
    first = legal[0]
    if isinstance(first, Discard):
        discards = [a for a in legal if isinstance(a, Discard)]
        return min(discards, key=lambda d: KEEP[KIND[d.card]])
    if isinstance(first, Bonus):
        if seen.phase in (BONUS, SPEND) and seen.plays:
            return BONUS_PLAY if _best(seen)[1] >= PLAY_NOW else BONUS_KEEP
        return BONUS_KEEP
    if len(legal) == 1:
        return first
    return seen.actions[_best(seen)[0]]


def heuristic(game: Game[Any]) -> Seeing[Seen]:
    """The heuristic, on a state or on a view, through ``Seen``.

    On a view, the game's own ``determinize`` (with a fixed generator)
    rebuilds the public board and our hand (and so our legal card actions,
    needed in the bonus phases too); the other hands it deals at random are
    never read.
    """
    return Seeing(SEARCH, lambda view: seen_from_state(game.determinize(view, random.Random(0))),
                  seen_from_state, choose)
