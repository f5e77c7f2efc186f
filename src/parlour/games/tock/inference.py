"""How likely the heuristic, in each other seat, was to begin its last turn as it did.

Policy-based inference (Rebstock, Solinas, Buro & Sturtevant 2019) weighs a
determinization by the chance that a model of the other players (the
heuristic) would have acted as the view's public log shows. In Tock a seat
draws back up to 5 after every card, so the hand it held when its last turn
began is known only up to which cards it drew since: it is the first card it
played (or discarded) with 4 of the cards it holds now or played later that
turn, every such choice taken as equally likely (the drawn cards came at
random). Only each other seat's last turn in the log is read; the hands of
earlier turns would need guessing several draws.

* **A discard** shows that no card of that hand was playable: a hand with a
  playable card gets ``EPSILON``, not nothing (a player may err, and
  determinizations should never all vanish); otherwise the heuristic throws
  the card it least wants to keep, taken as a softmax over ``KEEP``.
* **A card played** was the heuristic's choice among the hand's legal
  actions: a softmax over its scores (the gain of each action on the board as
  it was, less the card's keep value for that hand), mixed with ``EPSILON``.

The board before the turn comes from replaying the log from the view's
``log_board``. Everything that depends on the board alone (each action's gain,
which kinds were playable) is worked out once per view, for the heuristic's
score splits into a board part and a hand part (``Scorer``, ``hand_keep``,
``sole_entry``); each determinization then costs a few sums per choice of
the drawn cards. Only the view's public log and the determinization's hands
are read, never the true state.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from parlour.core.actions import Discard
from parlour.core.cards import make_card
from parlour.core.errors import InvalidActionError
from parlour.core.game import Game, State, View
from parlour.core.shapes import log_entry
from parlour.games.tock.actions import (
    FIVE,
    JACK,
    SEVEN,
    TWO,
    Bonus,
    Enter,
    For,
    Move,
    Push,
    Seven,
    TockAction,
    parse_tock_action,
)
from parlour.games.tock.deck import KIND, TWO_OF_SPADES
from parlour.games.tock.heuristic import ENTRY_KEEP, KEEP, Scorer, Seen, hand_keep, sole_entry
from parlour.games.tock.plays import Plays, plays_for
from parlour.games.tock.position import PLAY, TockPosition
from parlour.games.tock.view_shape import TockView, tock_view
from parlour.games.tock.views import board_of

EPSILON = 0.1
"""Each factor's floor: the chance given to a move the heuristic would not have made."""
TEMPERATURE = 4.0
"""The softmax temperature over action scores (in steps): how loosely a player is taken to play its best move."""
KINDS = 14
HAND = 5
SPADE_TWO = KINDS
"""The class of the 2♠, apart from the other 2s: it may enter a pawn (flag ``two_of_spades_enters``)."""
SAMPLES = (*(make_card(kind, 0) if kind else 52 for kind in range(KINDS)), TWO_OF_SPADES)
"""One card of each class, by class: what the seat is given to list every action a card could have had."""
KIND_OF = (*range(KINDS), TWO)
"""The kind of each class."""


def card_class(card: int) -> int:
    """A card's class: its kind (JOKER = 0, A = 1 … K = 13), or ``SPADE_TWO``."""
    return SPADE_TWO if card % 54 == TWO_OF_SPADES else KIND[card]


def action_class(action: TockAction) -> int:
    """The class of the card a logged card action used, as far as its text tells."""
    if isinstance(action, Enter):
        return SPADE_TWO if action.card == TWO else action.card
    if isinstance(action, Move):
        return action.card
    return FIVE if isinstance(action, Push) else SEVEN if isinstance(action, Seven) else JACK


@dataclass(frozen=True)
class TurnStart:
    """What one seat's last turn shows, worked out from the board before it; nothing here reads a hand.

    ``enter`` and ``moves`` are, by kind, the sums of ``exp((gain - top) /
    TEMPERATURE)`` over the kind's entry actions and its other actions on that
    board (``top``: the highest gain); for a card played, ``mine`` is the same
    term for the action played.
    """

    seat: int
    first: int
    """The class of the card played or discarded first."""
    later: tuple[int, ...]
    """The classes of the cards played later in the turn (after a joker or with a kept bonus)."""
    discarded: bool
    playable: tuple[bool, ...]
    """By class: whether a card of it had a legal action."""
    keep: tuple[float, ...]
    """The heuristic's keep values by kind on that board, before ``hand_keep``."""
    waiting: bool
    """Whether a pawn of the seat waited in its reserve (its only entry card then costs more to spend)."""
    enter: tuple[float, ...]
    moves: tuple[float, ...]
    mine: float
    mine_enters: bool


def _replay(view: TockView, plays: Plays) -> list[tuple[int, int, TockPosition]] | None:
    """Each turn that begins in the view's log: its first entry, its seat, and the position before it
    (``cur`` that seat, every class of card in its hand); None when the log cannot be replayed."""
    shown = view.get("log_board")
    if shown is None:
        return None
    n = view["players"]
    pos = TockPosition.blank(n)
    places, adv, settled = board_of(shown, n)
    for pawn, place in enumerate(places):
        if place >= 0:
            pos.pawns.place(pawn, place)
    pos.pawns.adv, pos.pawns.settled = adv, settled
    log = [log_entry(entry) for entry in view["log"]]
    whole = len(log) == view["version"]
    out = []
    crossings = plays.board.crossings
    previous = -1
    for i, (seat, text) in enumerate(log):
        if seat != previous and (i or whole):
            if i and crossings:
                pos.pawns.settle(seat, crossings)
            before = pos.copy()
            before.cur, before.phase = seat, PLAY
            before.hands[seat] = list(SAMPLES)
            out.append((i, seat, before))
        previous = seat
        try:
            action = parse_tock_action(text, seat)
        except InvalidActionError:
            return None
        if isinstance(action, Bonus | Discard):
            continue
        pos.cur = seat
        pos.hands[seat] = list(SAMPLES)
        owner = -1
        if isinstance(action, For):
            owner, action = action.seat, action.action
        found = plays.play_of(pos, action, owner=owner)
        if found is None:
            return None
        pos.pawns.execute(found[1])
    return out


def last_turns(game: Game[Any], view: TockView) -> list[TurnStart]:
    """Each other seat's last turn in the view's log, read against the board before it."""
    if view.get("winner") is not None:
        return []
    rules = game.rules
    plays = plays_for(rules.players, rules.home_entry == "optional", rules.two_of_spades_enters)
    starts = _replay(view, plays)
    if not starts:
        return []
    log = [log_entry(entry) for entry in view["log"]]
    latest: dict[int, tuple[int, TockPosition]] = {}
    for i, seat, before in starts:
        latest[seat] = (i, before)
    out = []
    for seat, (i, before) in latest.items():
        if seat == view["seat"]:
            continue
        run = []
        for s, text in log[i:]:
            if s != seat:
                break
            run.append(parse_tock_action(text, seat))
        if any(s == seat for s, _ in log[i + len(run):]):
            continue  # not its last turn (cannot happen: turns go round)
        turn = _turn_start(plays, seat, before, run)
        if turn is not None:
            out.append(turn)
    return out


def _turn_start(plays: Plays, seat: int, before: TockPosition, run: Sequence[TockAction]) -> TurnStart | None:
    """The ``TurnStart`` of the turn ``run`` by ``seat`` from ``before`` (None if its first action is not
    among the legal ones, which only a log from other rules would give)."""
    actions, found = plays.card_moves(before)
    pawns = before.pawns
    seen = Seen(seat=seat, board=plays.board, pos=pawns.pos, occ=pawns.occ, adv=pawns.adv, hand=[1] * KINDS,
                phase=PLAY, actions=actions, plays=found)
    scorer = Scorer(seen)
    gains = [scorer.gain(effect) for _, effect in found]
    kinds = [KIND[card] for card, _ in found]
    enters = [isinstance(a, Enter) for a in actions]
    playable = [False] * (KINDS + 1)
    for kind, entering in zip(kinds, enters, strict=True):
        if kind != TWO or not entering:
            playable[kind] = True
        playable[SPADE_TWO] = playable[SPADE_TWO] or kind == TWO
    top = max(gains, default=0.0)
    enter, moves = [0.0] * KINDS, [0.0] * KINDS
    for kind, entering, gain in zip(kinds, enters, gains, strict=True):
        term = math.exp((gain - top) / TEMPERATURE)
        if entering:
            enter[kind] += term
        else:
            moves[kind] += term
    first = run[0]
    later = tuple(action_class(a) for a in run[1:] if not isinstance(a, Bonus | Discard))
    turn = TurnStart(seat=seat, first=0, later=later, discarded=False, playable=tuple(playable),
                     keep=tuple(scorer.base_keep), waiting=scorer.waiting, enter=tuple(enter), moves=tuple(moves),
                     mine=0.0, mine_enters=False)
    if isinstance(first, Discard):
        return replace(turn, first=card_class(first.card), discarded=True)
    text = str(first)
    index = next((j for j, a in enumerate(actions) if str(a) == text), -1)
    if index < 0:
        return None
    return replace(turn, first=action_class(first), mine=math.exp((gains[index] - top) / TEMPERATURE),
                   mine_enters=enters[index])


def hand_chance(turn: TurnStart, classes: Sequence[int]) -> float:
    """The chance, floored by ``EPSILON``, that the heuristic began ``turn`` as it did holding ``classes``."""
    if turn.discarded:
        if any(turn.playable[c] for c in classes):
            return EPSILON
        kinds = {KIND_OF[c] for c in classes}
        odds = sum(math.exp(-KEEP[k] / TEMPERATURE) for k in kinds)
        return EPSILON + (1 - EPSILON) * math.exp(-KEEP[KIND_OF[turn.first]] / TEMPERATURE) / odds
    hand = [0] * KINDS
    for c in classes:
        hand[KIND_OF[c]] += 1
    keep = hand_keep(turn.keep, hand)
    sole = sole_entry(hand) if turn.waiting else -1
    spared = math.exp(-ENTRY_KEEP / TEMPERATURE)
    spade = SPADE_TWO in classes
    odds = 0.0
    for kind in range(KINDS):
        if hand[kind]:
            terms = turn.moves[kind] * (spared if kind == sole else 1.0)
            if kind != TWO or spade:
                terms += turn.enter[kind]
            odds += math.exp(-keep[kind] / TEMPERATURE) * terms
    kind = KIND_OF[turn.first]
    mine = turn.mine * math.exp(-keep[kind] / TEMPERATURE) * (spared if kind == sole and not turn.mine_enters else 1.0)
    return EPSILON + (1 - EPSILON) * (mine / odds if odds > 0 else 0.0)


def turn_chance(turn: TurnStart, now: Sequence[int]) -> float:
    """The chance of ``turn`` for a seat that holds the cards ``now``: the mean over which of them (and of
    the cards it played later that turn) it drew since, every choice alike."""
    pool = [card_class(c) for c in now] + list(turn.later)
    keeps = list(combinations(pool, HAND - 1)) if len(pool) >= HAND - 1 else [tuple(pool)]
    return sum(hand_chance(turn, (turn.first, *kept)) for kept in keeps) / len(keeps)


def likelihood(game: Game[Any], view: View) -> Callable[[State[Any, TockPosition]], float]:
    """The chance, up to a constant, that the heuristic in each other seat began its last turn as the
    view's log shows, given the hands of a determinization of ``view``."""
    shown = tock_view(view)
    turns = last_turns(game, shown)

    def weight(state: State[Any, TockPosition]) -> float:
        hands = state.pos.hands
        total = 1.0
        for turn in turns:
            total *= turn_chance(turn, hands[turn.seat])
        return total

    return weight

