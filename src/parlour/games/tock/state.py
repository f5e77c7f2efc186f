"""A Tock game in play: the pawns, the hands, stock and pile, the joker bonuses.

A turn (RULES §2.3) is one phase or a short chain of them:

* ``play``: play a card that has a legal use, or, only when none has,
  discard one; the hand is refilled to 5 after every card.
* after a joker: ``bonus`` — ``bonus play`` (play another card now, the
  ``extra`` phase) or ``bonus keep`` (store it). With 2 stored the bonus is
  played at once; with no playable card it is stored, or lost with 2 stored
  **[decision: there is nothing to choose then]**.
* ``spend``: a player who began the turn with stored bonuses may, after
  playing a card, spend them one at a time (``bonus play``) or stop
  (``bonus keep``). Not after a discard **[decision: RULES says "after
  playing their card"]**.

Legal card actions and their effects are worked out once per position and
kept, so ``apply`` of a listed action is a lookup, and the reason an action
is refused comes from the same move functions (``pawns``, ``seven``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from parlour.core.cards import CARDS, card_str, deck, make_card, sort_key
from parlour.core.errors import IllegalActionError
from parlour.core.game import TERMINAL, State, View
from parlour.games.tock import seven
from parlour.games.tock.actions import (
    BONUS_KEEP,
    BONUS_PLAY,
    ENTER_KINDS,
    FIVE,
    FOUR,
    JACK,
    JOKER,
    KIND_ORDER,
    KIND_TEXT,
    KING,
    PAWNS,
    SEAT_LETTERS,
    SEVEN,
    TWO,
    VALUE,
    Bonus,
    CardAction,
    Discard,
    Enter,
    Move,
    Push,
    Seven,
    Swap,
    TockAction,
    discard,
    enter,
    move,
    push,
    swap,
)
from parlour.games.tock.board import HOME, board_for
from parlour.games.tock.pawns import Effect, Pawns

if TYPE_CHECKING:
    from parlour.games.tock.game import TockGame

PLAY, BONUS, SPEND, EXTRA, OVER = range(5)
PHASES = ("play", "bonus", "spend", "extra", "over")
HAND_SIZE = 5
MAX_STORED = 2
FULL_HOME = (1 << HOME) - 1
TWO_OF_SPADES = make_card(2, 3)
KIND = tuple(0 if c % 54 >= 52 else c % 54 % 13 + 1 for c in range(len(CARDS)))
"""The card kind (JOKER, or A = 1 … K = 13) of every card id."""



class Moves:
    """The legal card actions of one position, each with the card it uses and its effect.

    Actions are the cached instances of ``actions``, so ``find`` looks them
    up by identity first (cheap) and by value only for actions built elsewhere.
    """

    __slots__ = ("_index", "actions", "plays")

    def __init__(self) -> None:
        self.actions: list[CardAction] = []
        self.plays: list[tuple[int, Effect]] = []
        self._index: dict[int, int] | None = None

    def add(self, action: CardAction, card: int, effect: Effect) -> None:
        self.actions.append(action)
        self.plays.append((card, effect))

    def find(self, action: CardAction) -> tuple[int, Effect] | None:
        """The card and effect of ``action`` if it is legal here."""
        index = self._index
        if index is None:
            index = self._index = dict(zip(map(id, self.actions), range(len(self.actions)), strict=True))
        at = index.get(id(action))
        if at is None:
            try:
                at = self.actions.index(action)
            except ValueError:
                return None
        return self.plays[at]

    def __len__(self) -> int:
        return len(self.actions)


def full_deck(players: int, extra_sevens: bool) -> list[int]:
    """Two decks with their 4 jokers, and one more 7 per player with ``extra_sevens``.

    The extra sevens are further copies (``id // 54`` of 2 and 3), clubs first.
    """
    cards = deck(jokers=2, copies=2)
    if extra_sevens:
        cards += [make_card(7, i % 4, copy=2 + i // 4) for i in range(players)]
    return cards


def cards_text(cards: list[int]) -> list[str]:
    return [card_str(c) for c in sorted(cards, key=sort_key)]


RACE_SCALE = 25.0
"""Steps still to go that weigh a factor e in a seat's chance of winning, for ``estimate``."""


class TockState(State):
    """One Tock game; see the module docstring."""

    game: TockGame

    def _set_up(self, position: Mapping[str, Any]) -> None:
        from parlour.games.tock.position import set_up

        set_up(self, position)

    def _blank(self, game: TockGame, seed: int) -> None:  # type: ignore[override]
        """Every field at its start value, nothing dealt."""
        super()._blank(game, seed)
        rules = game.rules
        self.rules = rules
        self.n = rules.players
        self.rng = random.Random(seed)
        self.board = board_for(self.n)
        self.pawns = Pawns(self.board, rules.home_entry == "optional")
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.stock: list[int] = []
        self.pile: list[int] = []
        self.stored = [0] * self.n
        self.spendable = 0
        self.phase = PLAY
        self.cur = 0
        self.winner = -1
        self.log_start = 0
        self._moves: Moves | None = None
        self._legal: tuple[TockAction, ...] | None = None

    def _deal(self) -> None:
        """Shuffle, deal 5 cards each one at a time from seat 0 (left of the dealer)."""
        cards = full_deck(self.n, self.rules.extra_sevens)
        self.rng.shuffle(cards)
        for i in range(HAND_SIZE * self.n):
            self.hands[i % self.n].append(cards.pop())
        self.stock = cards
        self.spendable = self.stored[self.cur]

    # --------------------------------------------------------- the contract

    @property
    def current_player(self) -> int:
        return self.cur

    def returns(self) -> list[float]:
        return [1.0 if s == self.winner else 0.0 for s in range(self.n)]

    def hand(self, seat: int) -> list[int]:
        return sorted(self.hands[seat], key=sort_key)

    def hidden_cards(self, seat: int | None) -> set[int]:
        hidden = set(self.stock)
        for q in range(self.n):
            if q != seat:
                hidden.update(self.hands[q])
        return hidden

    def clone(self) -> TockState:
        new = TockState.__new__(TockState)
        new.__dict__.update(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.pawns = self.pawns.copy()
        new.hands = [h[:] for h in self.hands]
        new.stock = self.stock[:]
        new.pile = self.pile[:]
        new.stored = self.stored[:]
        return new

    def estimate(self) -> list[float]:
        """The returns, or before the end each seat's chance of winning guessed from the steps
        its four pawns still have to go: a softmax of ``-to_go / RACE_SCALE``."""
        if self.winner >= 0:
            return self.returns()
        board, pos = self.board, self.pawns.pos
        weights = [
            math.exp(-sum(board.to_go(s, pos[p]) for p in range(s * PAWNS, s * PAWNS + PAWNS)) / RACE_SCALE)
            for s in range(self.n)
        ]
        total = sum(weights)
        return [w / total for w in weights]

    def ranking(self) -> list[int]:
        """Seats best first: the winner, then by pawns home, then by distance still to go."""
        board, pos = self.board, self.pawns.pos

        def key(seat: int) -> tuple[bool, int, int]:
            to_go = sum(board.to_go(seat, pos[p]) for p in range(seat * PAWNS, seat * PAWNS + PAWNS))
            return (seat != self.winner, -self.pawns.pawns_home(seat), to_go)

        return sorted(range(self.n), key=key)

    def __repr__(self) -> str:
        return f"<TockState {self.game.name_with_rules()!r} seed={self.seed} version={self.version}>"

    # ---------------------------------------------------------------- legal

    def legal_actions(self) -> tuple[TockAction, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal

    def _generate(self) -> tuple[TockAction, ...]:
        phase = self.phase
        if phase in (PLAY, EXTRA):
            moves = self.card_moves()
            if moves or phase == EXTRA:
                return tuple(moves.actions)
            faces = {discard(c) for c in self.hands[self.cur]}
            return tuple(sorted(faces, key=lambda d: sort_key(d.card)))
        if phase in (BONUS, SPEND):
            return (BONUS_PLAY, BONUS_KEEP)
        return ()

    def card_moves(self) -> Moves:
        """Every legal card action of the seat to play, with the card it uses and its effect."""
        moves = self._moves
        if moves is None:
            moves = self._moves = self._card_moves()
        return moves

    def _card_moves(self) -> Moves:
        seat = self.cur
        pawns = self.pawns
        board = self.board
        length = board.squares
        pos = pawns.pos
        out = Moves()
        by_kind: dict[int, list[int]] = {}
        for card in self.hands[seat]:
            by_kind.setdefault(KIND[card], []).append(card)
        base = seat * PAWNS
        own = range(base, base + PAWNS)
        mine, theirs = pawns.movable(seat) if FIVE in by_kind or JACK in by_kind else ([], [])
        for kind in KIND_ORDER:
            cards = by_kind.get(kind)
            if cards is None:
                continue
            card = min(cards)
            if kind in ENTER_KINDS:
                entry_card = self._entry_card(kind, cards)
                if entry_card >= 0:
                    effect = pawns.enter(seat)
                    if effect is not None:
                        out.add(enter(kind), entry_card, effect)
                if kind == TWO:
                    card = min(cards, key=lambda c: (c % 54 == TWO_OF_SPADES, c))
            if kind == FOUR:
                for pawn in own:
                    at = pos[pawn]
                    if 0 <= at < length:
                        for jumps in board.jump_choices(at, 4, backwards=True):
                            effect = pawns.backward(pawn, 4, jumps)
                            if effect is not None:
                                out.add(move(FOUR, pawn - base + 1, jumps), card, effect)
            elif kind == FIVE:
                for pawn in theirs:
                    for jumps in board.jump_choices(pos[pawn], 5):
                        effect = pawns.forward(pawn, 5, jumps, False, False, seat)
                        if effect is not None:
                            out.add(push(pawn >> 2, pawn % PAWNS + 1, jumps), card, effect)
            elif kind == SEVEN:
                for action, effect in seven.splits(pawns, seat):
                    out.add(action, card, effect)
            elif kind == JACK:
                for pawn in mine:
                    for other in theirs:
                        out.add(swap(pawn - base + 1, other >> 2, other % PAWNS + 1), card,
                                ((pawn, pos[other]), (other, pos[pawn])))
            else:
                self._forward_moves(kind, card, out)
        return out

    def _entry_card(self, kind: int, cards: list[int]) -> int:
        """The card of ``kind`` that enters a pawn, or -1 (only the 2♠ among the 2s, by flag)."""
        if kind != TWO:
            return min(cards)
        if not self.rules.two_of_spades_enters:
            return -1
        spades = [c for c in cards if c % 54 == TWO_OF_SPADES]
        return min(spades) if spades else -1

    def _forward_moves(self, kind: int, card: int, out: Moves) -> None:
        seat = self.cur
        pawns, board = self.pawns, self.board
        steps = VALUE[kind]
        king = kind == KING
        optional = pawns.optional_entry
        length = board.squares
        base = seat * PAWNS
        for pawn in range(base, base + PAWNS):
            at = pawns.pos[pawn]
            if at < 0:
                continue
            number = pawn - base + 1
            if at >= length:
                if at - length + steps < HOME:
                    effect = pawns.forward(pawn, steps)
                    if effect is not None:
                        out.add(move(kind, number), card, effect)
                continue
            for jumps in board.jump_choices(at, steps):
                effect = pawns.forward(pawn, steps, jumps, False, king)
                if effect is not None:
                    out.add(move(kind, number, jumps), card, effect)
                if optional and 1 <= board.past_foot(seat, at, steps, jumps) <= HOME:
                    effect = pawns.forward(pawn, steps, jumps, True, king)
                    if effect is not None:
                        out.add(move(kind, number, jumps, True), card, effect)

    # ---------------------------------------------------------------- apply

    def apply(self, action: TockAction) -> None:  # type: ignore[override]
        phase = self.phase
        if phase == OVER:
            raise self._refuse(action, "the game is over")
        if isinstance(action, Bonus):
            if phase not in (BONUS, SPEND):
                raise self._refuse(action, f"there is no bonus to decide now: {self._todo()}")
            self._record(action)
            self._apply_bonus(action.play)
        elif isinstance(action, Discard):
            if phase != PLAY:
                raise self._refuse(action, f"no discard now: {self._todo()}")
            if self.card_moves():
                raise self._refuse(action, "you may discard only when no card can be played, and "
                                           f"you can play {self._examples()}")
            hand = self.hands[self.cur]
            card = next((c for c in hand if discard(c) == action), -1)
            if card < 0:
                raise self._refuse(action, f"you have no {action.card}; {self._hand_text()}")
            self._record(action)
            hand.remove(card)
            self.pile.append(card)
            self._refill()
            self._end_turn()
        elif isinstance(action, Enter | Move | Push | Seven | Swap):
            if phase not in (PLAY, EXTRA):
                raise self._refuse(action, f"not now: {self._todo()}")
            entry = self.card_moves().find(action)
            if entry is None:
                raise self._refuse(action, self._why(action))
            self._record(action)
            self._play(*entry)
        else:
            raise IllegalActionError(f"{action!r} is not a Tock action")

    def _record(self, action: TockAction) -> None:
        self._history = (self.cur, action, self._history)
        self.version += 1
        self._legal = None

    def _play(self, card: int, effect: Effect) -> None:
        seat = self.cur
        self.hands[seat].remove(card)
        self.pile.append(card)
        self.pawns.execute(effect)
        self._moves = None
        if self.pawns.homes[seat] == FULL_HOME:
            self.winner = seat
            self.phase = OVER
            self.cur = TERMINAL
            return
        self._refill()
        if KIND[card] == JOKER:
            self._bonus_earned()
        else:
            self._maybe_spend()

    def _refill(self) -> None:
        """Draw back up to 5, turning the pile into a new, shuffled stock when the stock is out."""
        hand = self.hands[self.cur]
        while len(hand) < HAND_SIZE:
            if not self.stock:
                self.stock = self.pile
                self.pile = []
                self.rng.shuffle(self.stock)
                self.log_start = self.version
            hand.append(self.stock.pop())
        self._moves = None

    def _bonus_earned(self) -> None:
        seat = self.cur
        playable = bool(self.card_moves())
        if self.stored[seat] >= MAX_STORED:
            if playable:
                self.phase = EXTRA
            else:
                self._maybe_spend()
        elif playable:
            self.phase = BONUS
        else:
            self.stored[seat] += 1
            self._maybe_spend()

    def _maybe_spend(self) -> None:
        if self.spendable and self.card_moves():
            self.phase = SPEND
        else:
            self._end_turn()

    def _apply_bonus(self, play: bool) -> None:
        seat = self.cur
        if self.phase == BONUS:
            if play:
                self.phase = EXTRA
            else:
                self.stored[seat] += 1
                self._maybe_spend()
        elif play:
            self.stored[seat] -= 1
            self.spendable -= 1
            self.phase = EXTRA
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.cur = (self.cur + 1) % self.n
        self.phase = PLAY
        self.spendable = self.stored[self.cur]
        self._moves = None

    # -------------------------------------------------------------- refusals

    def _refuse(self, action: TockAction, why: str) -> IllegalActionError:
        return IllegalActionError(f"'{action}': {why}")

    def _todo(self) -> str:
        if self.phase == BONUS:
            return "you have a joker bonus: bonus play or bonus keep"
        if self.phase == SPEND:
            return "spend a stored bonus (bonus play) or end your turn (bonus keep)"
        if self.phase == EXTRA:
            return "play one more card for your bonus"
        return "play a card" if self.card_moves() else "no card can be played: discard one"

    def _examples(self) -> str:
        actions = self.card_moves().actions
        return ", ".join(str(a) for a in actions[:6]) + (", …" if len(actions) > 6 else "")

    def _hand_text(self) -> str:
        return "your hand is " + " ".join(cards_text(self.hands[self.cur]))

    def _pawn(self, seat: int, number: int) -> int:
        return seat * PAWNS + number - 1

    def _why(self, action: CardAction) -> str:
        """Why a card action not among the legal ones is refused."""
        seat = self.cur
        pawns = self.pawns
        why: list[str] = []
        if isinstance(action, Enter | Move):
            kind = action.card
        else:
            kind = FIVE if isinstance(action, Push) else SEVEN if isinstance(action, Seven) else JACK
        if isinstance(action, Enter) and kind not in ENTER_KINDS:
            return "only A, K and Jk enter a pawn (and 2s with flag two_of_spades_enters)"
        if isinstance(action, Move) and (kind in (FIVE, SEVEN, JACK) or kind not in VALUE):
            return f"a {KIND_TEXT.get(kind, '?')} is played as {_how_played(kind)}"
        held = [c for c in self.hands[seat] if KIND[c] == kind]
        if not held:
            return f"you hold no {KIND_TEXT[kind]}; {self._hand_text()}"
        if isinstance(action, Enter):
            if kind == TWO and not self.rules.two_of_spades_enters:
                return "the 2s enters a pawn only with flag two_of_spades_enters"
            if self._entry_card(kind, held) < 0:
                return f"only the 2s enters a pawn, and you have none; {self._hand_text()}"
            pawns.enter(seat, why)
        elif isinstance(action, Move):
            if not 1 <= action.pawn <= PAWNS:
                return f"pawns are numbered 1 to {PAWNS}"
            pawn = self._pawn(seat, action.pawn)
            if kind == FOUR:
                pawns.backward(pawn, 4, action.jumps, why)
            else:
                pawns.forward(pawn, VALUE[kind], action.jumps, action.stay_out, kind == KING, why=why)
        elif isinstance(action, Push | Swap):
            if not 0 <= action.seat < self.n:
                return (f"there is no seat {SEAT_LETTERS[action.seat]} at a {self.n}-player table "
                        f"(seats a to {SEAT_LETTERS[self.n - 1]})")
            if isinstance(action, Push):
                pawns.push(self._pawn(action.seat, action.pawn), seat, 5, action.jumps, why)
            else:
                pawns.swap(self._pawn(seat, action.pawn), self._pawn(action.seat, action.other), why)
        else:
            effect = seven.effect_of(pawns, seat, action.parts, why)
            if effect is not None:
                key = seven.outcome(effect)
                moves = self.card_moves()
                same = next((a for a, (_, e) in zip(moves.actions, moves.plays, strict=True)
                             if isinstance(a, Seven) and seven.outcome(e) == key), None)
                if same is not None:
                    return f"the same moves as '{same}': write it that way"
        return why[0] if why else "not a legal move here"

    # ----------------------------------------------------------------- view

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know (``None``: a spectator); hands other than ``seat``'s are counts."""
        n = self.n
        length = self.board.squares
        pos = self.pawns.pos
        out: View = {
            "game": "tock",
            "seat": seat,
            "version": self.version,
            "players": n,
            "to_play": self.cur,
            "phase": PHASES[self.phase],
            "pawns": [[_place_text(pos[q * PAWNS + i], length) for i in range(PAWNS)] for q in range(n)],
            "advantaged": [self.pawns.name(p, -1) for p in range(n * PAWNS) if self.pawns.adv >> p & 1],
            "hand_sizes": [len(h) for h in self.hands],
            "stock": len(self.stock),
            "pile": [card_str(c) for c in self.pile],
            "bonuses": list(self.stored),
            "spendable": self.spendable,
            "winner": None if self.winner < 0 else self.winner,
            "log": [[s, str(a)] for s, a in self._log()],
        }
        if seat is not None:
            out["hand"] = cards_text(self.hands[seat])
        if self.phase == OVER:
            out["ranking"] = self.ranking()
        return out

    def _log(self) -> list[tuple[int, Any]]:
        """The actions since the pile was last turned into the stock, oldest first."""
        out = []
        node = self._history
        for _ in range(self.version - self.log_start):
            if node is None:
                break
            out.append((node[0], node[1]))
            node = node[2]
        out.reverse()
        return out


def _how_played(kind: int) -> str:
    """How the cards that are not simple moves are written."""
    return {FIVE: "a push (5 b3)", SEVEN: "a split (7 p1+3 p4+4)", JACK: "a swap (J p2<>c1)"}.get(
        kind, "nothing: there is no 11")


def _place_text(place: int, length: int) -> int | str | None:
    """A pawn's place in a view: None (reserve), a track square, or ``h1`` … ``h4``."""
    if place < 0:
        return None
    return place if place < length else f"h{place - length + 1}"


def place_of(text: int | str | None, length: int) -> int:
    """The inverse of a view's pawn place."""
    if text is None:
        return -1
    if isinstance(text, int):
        return text
    return length + int(text[1:]) - 1
