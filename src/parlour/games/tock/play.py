"""Tock's rules of play on a position: a turn's rules (docs/rules/en/tock.md, "A turn", "Joker bonus").

``TockPlay`` is Tock's ``core.game.RulesOfPlay``: it holds one rule set's
constants and every step that reads or changes a ``TockPosition``, and the
core's one ``State`` class calls it for everything. A turn is one phase or a
short chain of them:

* ``play``: play a card that has a legal use, or, only when none has,
  discard one; the hand is refilled to 5 after every card.
* after a joker: ``bonus`` — ``bonus play`` (play another card now, the
  ``extra`` phase) or ``bonus keep`` (store it). With 2 stored the bonus is
  played at once; with no playable card it is stored, or lost with 2 stored
  **[decision: there is nothing to choose then]**.
* ``spend``: a player who began the turn with stored bonuses may, after
  playing a card, spend them one at a time (``bonus play``) or stop
  (``bonus keep``). Not after a discard **[decision: the rules say "after
  playing your card" ("Joker bonus")]**.

When a turn begins, the pawns of the seat to play that stand on an
intersection become *settled*: only they may take a shortcut (docs/rules/en/tock.md, "Material and board").
Which card actions are legal, what they do and why others are not is
``plays``; the hidden-information side (views, determinization) is ``views``.

Chance: the deal is chance event 0 of the seed, and the k-th time the pile
becomes the stock it is shuffled by chance event k (``pos.reshuffles``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Final, final

from parlour.core.actions import Discard
from parlour.core.cards import card_str, shuffled, sort_key
from parlour.core.chance import chance_rng
from parlour.core.game import TERMINAL, LedgerEntry, View
from parlour.core.refusals import Refusal
from parlour.games.tock.actions import (
    BONUS_KEEP,
    BONUS_PLAY,
    JOKER,
    PAWNS,
    SEAT_LETTERS,
    Bonus,
    CardAction,
    Enter,
    For,
    Move,
    Push,
    Seven,
    Swap,
    TockAction,
    discard,
)
from parlour.games.tock.board import HOME
from parlour.games.tock.deck import HAND_SIZE, KIND, full_deck
from parlour.games.tock.pawns import Effect
from parlour.games.tock.plays import Play, Plays, plays_for
from parlour.games.tock.position import BONUS, EXTRA, OVER, PLAY, SPEND, TockPosition
from parlour.games.tock.rules import TockRules
from parlour.games.tock.setup import set_up
from parlour.games.tock.views import view_of

MAX_STORED: Final = 2
FULL_HOME: Final = (1 << HOME) - 1
RACE_SCALE: Final = 25.0
"""Steps still to go that weigh a factor e in a seat's chance of winning, for ``estimate``."""

Listed = tuple[TockPosition, int, tuple[TockAction, ...], list[Play]]
"""The card actions ``legal`` last listed, with their plays: (position, its version, actions, plays)."""


@final
class TockPlay:
    """The rules of play of one rule set (see the module docstring); states of that rule set share one."""

    rules: TockRules
    plays: Plays
    team_of: tuple[tuple[int, ...], ...] | None
    """By seat: the seats of its team, itself included (flag ``teams``); None in the individual game."""
    """The legal card actions of these rules, with their effects and refusals (plays.py)."""
    listed: Listed | None
    """The card actions ``legal`` last listed, with their plays, for ``apply`` to reuse: valid only for that
    very position object at that version (the version ``apply`` finds is one more: the core counts the action
    first). Replaced, never changed; states of a game share it, and one that finds another's misses it."""

    def __init__(self, rules: TockRules) -> None:
        self.rules = rules
        self.plays = plays_for(rules.players, rules.home_entry == "optional", rules.two_of_spades_enters)
        self.listed = None
        self.team_of = None
        if rules.teams != "none":
            teams = rules.team_seats()
            self.team_of = tuple(next(t for t in teams if s in t) for s in range(rules.players))

    def __reduce__(self) -> tuple[type[TockPlay], tuple[TockRules]]:
        """Pickled as its rules (a state pickles its game, this included), without ``listed``."""
        return (TockPlay, (self.rules,))

    # ----------------------------------------------------------------- dealing

    def deal(self, seed: int, dealer: int) -> TockPosition:
        """Shuffle (chance event 0), deal 5 cards each one at a time from the dealer's left, who plays first."""
        n = self.rules.players
        pos = TockPosition.blank(n)
        first = (dealer + 1) % n
        cards = shuffled(full_deck(n, self.rules.extra_sevens), chance_rng(seed, 0))
        for i in range(HAND_SIZE * n):
            pos.hands[(first + i) % n].append(cards.pop())
        pos.stock = cards
        pos.cur = first
        return pos

    def set_up(self, position: Mapping[str, Any], seed: int) -> TockPosition:
        """The hand-built position (setup.py's keys), the cards it does not name shuffled by chance event 0."""
        return set_up(self.rules, position, chance_rng(seed, 0))

    # -------------------------------------------------------- what a state reads

    def to_play(self, pos: TockPosition) -> int:
        return pos.cur

    def returns(self, pos: TockPosition) -> list[float]:
        """1 for the winner, or each member of the winning team, 0 for everyone else (and for everyone before the
        end)."""
        winner = pos.winner
        if self.team_of is not None and winner >= 0:
            team = self.team_of[winner]
            return [1.0 if s in team else 0.0 for s in range(pos.players)]
        return [1.0 if s == winner else 0.0 for s in range(pos.players)]

    def estimate(self, pos: TockPosition) -> list[float]:
        """The returns, or before the end each seat's chance of winning guessed from the steps
        its four pawns still have to go: a softmax of ``-to_go / RACE_SCALE`` (with teams, of each team's
        steps, the team's chance given to each member)."""
        if pos.winner >= 0:
            return self.returns(pos)
        board, places = self.plays.board, pos.pawns.pos
        to_go = [sum(board.to_go(s, places[p]) for p in range(s * PAWNS, s * PAWNS + PAWNS))
                 for s in range(pos.players)]
        team_of = self.team_of
        if team_of is not None:
            to_go = [sum(to_go[q] for q in team_of[s]) for s in range(pos.players)]
        weights = [math.exp(-steps / RACE_SCALE) for steps in to_go]
        total = sum(weights) / (1 if team_of is None else len(team_of[0]))
        return [w / total for w in weights]

    def settlement(self, pos: TockPosition) -> list[LedgerEntry]:
        """None: Tock is not played for stakes."""
        return []

    def view(self, pos: TockPosition, seat: int | None, recent: int | None) -> View:
        """views.py's; a Tock view does not grow with the game, so ``recent`` changes nothing."""
        if self.team_of is None:
            return view_of(pos, seat)
        return view_of(pos, seat, self.rules.team_seats(), self.served(pos))

    def hand(self, pos: TockPosition, seat: int) -> list[int]:
        return sorted(pos.hands[seat], key=sort_key)

    def hidden_cards(self, pos: TockPosition, seat: int | None) -> set[int]:
        """The stock and every hand but ``seat``'s."""
        hidden = set(pos.stock)
        for q, cards in enumerate(pos.hands):
            if q != seat:
                hidden.update(cards)
        return hidden

    def interned_actions(self) -> type[Any] | None:
        """None: Tock's actions are of several types, found by identity then equality."""
        return None

    # ---------------------------------------------------------------- legal

    def legal(self, pos: TockPosition) -> tuple[TockAction, ...]:
        """The card actions of the hand, else (in the play phase only) its discards; a bonus's two choices."""
        phase = pos.phase
        if phase in (PLAY, EXTRA):
            actions, plays = self.card_moves(pos, effects=False)
            if actions or phase == EXTRA:
                legal = tuple(actions)
                self.listed = (pos, pos.version, legal, plays)
                return legal
            faces = {discard(c) for c in pos.hands[pos.cur]}
            return tuple(sorted(faces, key=lambda d: sort_key(d.card)))
        if phase in (BONUS, SPEND):
            return (BONUS_PLAY, BONUS_KEEP)
        return ()

    def served(self, pos: TockPosition) -> list[int]:
        """The teammates the seat to play plays for: none unless its 4 pawns are home in a team game, then
        those of its teammates whose pawns are not all home."""
        team_of = self.team_of
        if team_of is None or pos.phase == OVER:
            return []
        homes = pos.pawns.homes
        cur = pos.cur
        if homes[cur] != FULL_HOME:
            return []
        return [s for s in team_of[cur] if homes[s] != FULL_HOME]

    def card_moves(self, pos: TockPosition, first: bool = False,
                   effects: bool = True) -> tuple[Sequence[CardAction | For], list[Play]]:
        """``Plays.card_moves`` for the seat to play, or, when it plays for teammates, each served
        teammate's card actions as ``For`` actions."""
        served = self.served(pos)
        if not served:
            return self.plays.card_moves(pos, first, effects)
        actions: list[For] = []
        plays: list[Play] = []
        for owner in served:
            theirs, found = self.plays.card_moves(pos, first, effects, owner)
            actions.extend([For(owner, a) for a in theirs])
            plays.extend(found)
            if first and actions:
                break
        return actions, plays

    def why_illegal(self, pos: TockPosition, action: Any) -> Refusal:
        """Why ``action`` is refused (refusals.py): what the phase asks for, or why the card cannot do it."""
        phase = pos.phase
        if isinstance(action, Bonus):
            return Refusal("tock/no_bonus", todo=self.todo(pos))
        if isinstance(action, Discard):
            if phase != PLAY:
                return Refusal("tock/no_discard_now", todo=self.todo(pos))
            if self.playable(pos):
                return Refusal("tock/discard_playable")
            return Refusal("tock/not_held", card=card_str(action.card))
        if isinstance(action, Enter | Move | Push | Seven | Swap | For):
            if phase not in (PLAY, EXTRA):
                return Refusal("tock/not_now", todo=self.todo(pos))
            return self.why_card(pos, action)
        return Refusal("tock/not_an_action", action=repr(action))

    def why_card(self, pos: TockPosition, action: CardAction | For) -> Refusal:
        """Why the card action ``action`` is refused: whom it serves, then the rules of the card."""
        served = self.served(pos)
        if isinstance(action, For):
            letter = SEAT_LETTERS[action.seat] if 0 <= action.seat < pos.players else "?"
            if not served:
                if self.team_of is None:
                    return Refusal("tock/no_teams")
                return Refusal("tock/not_home_yet")
            if action.seat not in served:
                return Refusal("tock/not_served", seat=letter, seats=", ".join(SEAT_LETTERS[s] for s in served))
            return self.plays.why(pos, action.action, action.seat)
        if served:
            return Refusal("tock/play_for_teammate", seat=SEAT_LETTERS[served[0]])
        return self.plays.why(pos, action)

    def todo(self, pos: TockPosition) -> Refusal:
        """What the seat to play has to do now, for refusals (a ``todo_`` refusal, worded inside another)."""
        phase = pos.phase
        if phase == BONUS:
            return Refusal("tock/todo_bonus")
        if phase == SPEND:
            return Refusal("tock/todo_spend")
        if phase == EXTRA:
            return Refusal("tock/todo_extra")
        return Refusal("tock/todo_play" if self.playable(pos) else "tock/todo_discard")

    def playable(self, pos: TockPosition) -> bool:
        """Whether the seat to play has a card with a legal use."""
        return bool(self.card_moves(pos, first=True, effects=False)[0])

    # ---------------------------------------------------------------- apply

    def apply(self, pos: TockPosition, seed: int, action: TockAction) -> None:
        if isinstance(action, Bonus):
            self.apply_bonus(pos, action.play)
        elif isinstance(action, Discard):
            hand = pos.hands[pos.cur]
            card = next(c for c in hand if discard(c) is action or discard(c) == action)
            hand.remove(card)
            pos.pile.append(card)
            self.refill(pos, seed)
            self.end_turn(pos)
        else:
            listed = self.listed
            if listed is not None and listed[0] is pos and listed[1] == pos.version - 1:
                # ``State.apply`` hands over the listed tuple's own object: found by identity
                for i, known in enumerate(listed[2]):
                    if known is action:
                        play = listed[3][i]
                        if play[1]:  # not NOT_WORKED_OUT
                            self.play_card(pos, seed, play[0], play[1])
                            return
                        break
            if isinstance(action, For):
                found = self.plays.play_of(pos, action.action, owner=action.seat)
            else:
                found = self.plays.play_of(pos, action)
            assert found is not None, action
            self.play_card(pos, seed, found[0], found[1])

    def play_card(self, pos: TockPosition, seed: int, card: int, effect: Effect) -> None:
        """Play ``card`` with its worked-out ``effect``, then refill, and go on to the bonus, the spending of
        stored bonuses or the next turn."""
        seat = pos.cur
        pos.hands[seat].remove(card)
        pos.pile.append(card)
        pawns = pos.pawns
        pawns.execute(effect)
        team_of = self.team_of
        if (pawns.homes[seat] == FULL_HOME if team_of is None
                else all(pawns.homes[s] == FULL_HOME for s in team_of[seat])):
            pos.winner = seat
            pos.phase = OVER
            pos.cur = TERMINAL
            return
        hand = pos.hands[seat]
        if pos.stock and len(hand) == HAND_SIZE - 1:
            hand.append(pos.stock.pop())  # ``refill``'s common case
        else:
            self.refill(pos, seed)
        if KIND[card] == JOKER:
            self.bonus_earned(pos)
        elif pos.spendable and self.playable(pos):  # ``maybe_spend``, inline
            pos.phase = SPEND
        else:
            self.end_turn(pos)

    def refill(self, pos: TockPosition, seed: int) -> None:
        """Draw back up to 5, turning the pile into a new stock (chance event k) when the stock is out."""
        hand = pos.hands[pos.cur]
        while len(hand) < HAND_SIZE:
            if not pos.stock:
                pos.reshuffles += 1
                pos.stock = shuffled(pos.pile, chance_rng(seed, pos.reshuffles))
                pos.pile = []
                pos.log_start = pos.version
                pos.log_board = pos.pawns.snapshot()
            hand.append(pos.stock.pop())

    def bonus_earned(self, pos: TockPosition) -> None:
        """A joker was played: offer its bonus, play it at once (2 stored), or store or lose it (nothing playable)."""
        seat = pos.cur
        playable = self.playable(pos)
        if pos.stored[seat] >= MAX_STORED:
            if playable:
                pos.phase = EXTRA
            else:
                self.maybe_spend(pos)
        elif playable:
            pos.phase = BONUS
        else:
            pos.stored[seat] += 1
            self.maybe_spend(pos)

    def maybe_spend(self, pos: TockPosition) -> None:
        """Offer the spending of stored bonuses when there are some and a card to play, else end the turn."""
        if pos.spendable and self.playable(pos):
            pos.phase = SPEND
        else:
            self.end_turn(pos)

    def apply_bonus(self, pos: TockPosition, play: bool) -> None:
        """``bonus play`` or ``bonus keep``, in the bonus or the spend phase."""
        seat = pos.cur
        if pos.phase == BONUS:
            if play:
                pos.phase = EXTRA
            else:
                pos.stored[seat] += 1
                self.maybe_spend(pos)
        elif play:
            pos.stored[seat] -= 1
            pos.spendable -= 1
            pos.phase = EXTRA
        else:
            self.end_turn(pos)

    def end_turn(self, pos: TockPosition) -> None:
        """The next seat's turn: its stored bonuses become spendable and its pawns on intersections settle."""
        cur = pos.cur = (pos.cur + 1) % pos.players
        pos.phase = PLAY
        pos.spendable = pos.stored[cur]
        crossings = self.plays.board.crossings
        if crossings:
            pos.pawns.settle(cur, crossings)
            if self.team_of is not None:
                for owner in self.served(pos):
                    pos.pawns.settle(owner, crossings)
