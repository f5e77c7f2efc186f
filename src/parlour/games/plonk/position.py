"""A Plonk match as data: ``PlonkPosition``, its JSON form, and deals set up by hand.

Hands and piles are bit masks of card ids (faces 0..51). A position is one
whole match: the deal in play (hands, the trick, this deal's finished
tricks), the match scores, the finished deals, who deals and who is to play.
``to_json`` writes cards as their notation (Plonk has one deck and no
jokers, so the text is exact) and ``from_json`` reads it back, checking that
the cards add up.

Setting up a deal by hand (for tests, puzzles and teaching):
``load_game("plonk").new_state(seed, position)`` with a position like::

    {"hands": [["Ac", "Kc", …13 cards], [...], [...], [...]],   # by seat, all 52 cards
     "dealer": 3,            # default 3: seat 0 leads the first trick
     "scores": [450, 430],   # the match scores before this deal, default [0, 0]
     "deal": 4}              # the number of this deal, default 1

The match starts with this deal; later deals are shuffled from the seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Self

from parlour.core.cards import card_str, parse_card
from parlour.core.errors import ParlourError, RecordError, RulesError
from parlour.core.position import Position, check_keys, read_card
from parlour.games.plonk.actions import Play, parse_plonk_action, plays_of
from parlour.games.plonk.cards import mask_text
from parlour.games.plonk.tricks import TRICKS_PER_DEAL, DealResult, Trick, piles, resolve

SEATS: Final = 4
FIRST_DEALER: Final = 3
"""**[decision]** The first dealer is seat 3, so seat 0 leads the first trick."""
KEYS = ("hands", "dealer", "scores", "deal")
"""The keys of a hand-built position."""


@dataclass(slots=True, kw_only=True, eq=False)
class PlonkPosition(Position):
    """Everything that defines a Plonk match in play; sides are indexed by ``seat % 2``."""

    hands: list[int] = field(default_factory=lambda: [0] * SEATS)
    """Each seat's cards, as a mask."""
    plays: list[list[Play]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    """Each seat's cards as its legal actions, in their order (``actions.plays_of``): kept
    beside ``hands`` (``set_hands``), so that a step removes one play instead of listing a hand."""
    leader: int = 0
    """The seat that led the trick in play (-1 once the match is over)."""
    cur: int = 0
    """The seat to play (-1 once the match is over)."""
    trick: list[int] = field(default_factory=list)
    """The cards of the trick in play, from the leader on."""
    tricks: list[Trick] = field(default_factory=list)
    """This deal's finished tricks."""
    live: list[int] = field(default_factory=lambda: [0, 0])
    """Each side's live cards won this deal (cards not of the suit led)."""
    dead: list[int] = field(default_factory=lambda: [0, 0])
    """Each side's dead cards won this deal (cards of the suit led)."""
    scores: list[int] = field(default_factory=lambda: [0, 0])
    """The match scores before this deal."""
    results: list[DealResult] = field(default_factory=list)
    """The finished deals."""
    deal_no: int = 0
    """The number of the deal in play (1, 2, …); deal ``k`` is chance event ``k``."""
    dealer: int = FIRST_DEALER
    winner: int = -1
    """The side that won the match, or -1 while it goes on."""

    def copy(self) -> Self:
        cls = type(self)
        new = cls.__new__(cls)
        new.version = self.version
        new.history = self.history
        new.hands = self.hands[:]
        first, second, third, fourth = self.plays
        new.plays = [first[:], second[:], third[:], fourth[:]]
        new.leader = self.leader
        new.cur = self.cur
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.live = self.live[:]
        new.dead = self.dead[:]
        new.scores = self.scores[:]
        new.results = self.results[:]
        new.deal_no = self.deal_no
        new.dealer = self.dealer
        new.winner = self.winner
        return new

    def set_hands(self, hands: list[int]) -> None:
        """Give the seats the cards ``hands`` (masks): ``hands`` and ``plays`` are set together."""
        self.hands = hands
        self.plays = [list(plays_of(hand)) for hand in hands]

    def set_hand(self, seat: int, hand: int) -> None:
        """Give ``seat`` the cards ``hand`` (a mask), its ``plays`` with them."""
        self.hands[seat] = hand
        self.plays[seat] = list(plays_of(hand))

    def begin_deal(self, hands: list[int]) -> None:
        """Start the next deal with ``hands``: the player left of the dealer leads."""
        self.deal_no += 1
        self.set_hands(hands)
        self.leader = self.cur = (self.dealer + 1) & 3
        self.trick = []
        self.tricks = []
        self.live = [0, 0]
        self.dead = [0, 0]

    def end_match(self, winner: int) -> None:
        """The match is won by side ``winner``: nobody is to play, the last deal is in ``results``."""
        self.winner = winner
        self.cur = self.leader = -1
        self.tricks = []
        self.live = [0, 0]
        self.dead = [0, 0]

    # ----------------------------------------------------------------- JSON

    def to_json(self) -> dict[str, Any]:
        """The match as JSON: cards as text, tricks as ``[leader, [cards…], winner]``."""
        return {
            **Position.to_json(self),
            "deal": self.deal_no,
            "dealer": self.dealer,
            "leader": self.leader,
            "to_play": self.cur,
            "hands": [mask_text(h) for h in self.hands],
            "trick": [card_str(c) for c in self.trick],
            "tricks": [trick_to_json(t) for t in self.tricks],
            "scores": list(self.scores),
            "results": [{"deal": r.deal, "dealer": r.dealer, "tricks": [trick_to_json(t) for t in r.tricks],
                         "scores": list(r.scores)} for r in self.results],
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], game: Any) -> Self:
        """The position ``to_json`` wrote; ``RecordError`` if its cards or turn do not add up.

        Each side's live and dead piles are worked out from this deal's tricks.
        """
        new = cls(**Position.shared_from_json(data, parse_plonk_action))
        new.deal_no = _integer(data["deal"], "deal", 0, 10**9)
        new.dealer = _integer(data["dealer"], "dealer", 0, 3)
        new.leader = _integer(data["leader"], "leader", -1, 3)
        new.cur = _integer(data["to_play"], "to_play", -1, 3)
        new.winner = _integer(data["winner"], "winner", -1, 1)
        new.set_hands([_mask(cards, f"hand {q}") for q, cards in enumerate(_list(data["hands"], "hands", SEATS))])
        new.trick = [_card(t, "trick") for t in _list(data["trick"], "trick")]
        new.tricks = [trick_from_json(t) for t in _list(data["tricks"], "tricks")]
        new.live, new.dead = piles(new.tricks)
        new.scores = [_integer(s, "scores", -10**9, 10**9) for s in _list(data["scores"], "scores", 2)]
        new.results = []
        for r in _list(data["results"], "results"):
            first, second = _list(r["scores"], "result scores", 2)
            new.results.append(DealResult(_integer(r["deal"], "result deal", 1, 10**9),
                                          _integer(r["dealer"], "result dealer", 0, 3),
                                          tuple(trick_from_json(t) for t in _list(r["tricks"], "result tricks")),
                                          (_integer(first, "result scores", -10**9, 10**9),
                                           _integer(second, "result scores", -10**9, 10**9))))
        new.check()
        return new

    def check(self) -> None:
        """Refuse a position whose cards, hand sizes or turn do not add up (``RecordError``)."""
        if self.winner >= 0 or self.cur < 0:
            if not (self.winner >= 0 and self.cur == self.leader == -1 and not any(self.hands)
                    and not self.trick and not self.tricks):
                raise RecordError("position: a finished match has a winner, nobody to play and no cards in play")
            return
        if len(self.trick) >= SEATS or len(self.tricks) >= TRICKS_PER_DEAL:
            raise RecordError(f"position: {len(self.tricks)} tricks and {len(self.trick)} cards in play")
        if self.cur != (self.leader + len(self.trick)) & 3:
            raise RecordError(f"position: seat {self.cur} cannot be to play in a trick led by seat "
                              f"{self.leader} with {len(self.trick)} card(s) played")
        seen = 0
        for c in [c for _, cards, _ in self.tricks for c in cards] + self.trick:
            if seen >> c & 1:
                raise RecordError(f"position: {card_str(c)} is played twice")
            seen |= 1 << c
        for q, hand in enumerate(self.hands):
            if hand & seen:
                raise RecordError(f"position: hand {q} holds card(s) played or held before it: "
                                  + " ".join(mask_text(hand & seen)))
            seen |= hand
            played_now = (q - self.leader) & 3 < len(self.trick)
            if hand.bit_count() != TRICKS_PER_DEAL - len(self.tricks) - played_now:
                raise RecordError(f"position: hand {q} holds {hand.bit_count()} cards, which does not fit "
                                  f"{len(self.tricks)} tricks played and {len(self.trick)} card(s) in this one")



def trick_to_json(trick: Trick) -> list[Any]:
    """``[leader, ["Ah", "2h", "Kc", "3h"], winner]``: the cards in play order from the leader."""
    leader, cards, winner = trick
    return [leader, [card_str(c) for c in cards], winner]


def trick_from_json(data: Any) -> Trick:
    """The trick ``trick_to_json`` wrote; its winner must be the one the cards give."""
    leader, texts, winner = data
    cards = tuple(_card(t, "trick") for t in texts)
    leader = _integer(leader, "trick leader", 0, 3)
    if len(cards) != SEATS:
        raise RecordError(f"position: a finished trick has 4 cards, got {data!r:.80}")
    if resolve(leader, cards)[0] != winner:
        raise RecordError(f"position: the trick {data!r:.80} is won by seat {resolve(leader, cards)[0]}")
    return leader, cards, winner


def _card(text: Any, where: str) -> int:
    try:
        card = parse_card(text) if isinstance(text, str) else -1
    except ParlourError:
        card = -1
    if not 0 <= card < 52:
        raise RecordError(f"position: {where}: {text!r:.40} is not a Plonk card")
    return card


def _mask(texts: Any, where: str) -> int:
    mask = 0
    for text in _list(texts, where):
        mask |= 1 << _card(text, where)
    return mask


def _list(value: Any, where: str, size: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (size is not None and len(value) != size):
        raise RecordError(f"position: {where} should be a list{f' of {size}' if size else ''}, got {value!r:.80}")
    return value


def _integer(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RecordError(f"position: {where} should be an integer from {low} to {high}, got {value!r:.40}")
    return value


# ------------------------------------------------------------ hand-built deals


def set_up(position: Mapping[str, Any]) -> PlonkPosition:
    """The start of the match ``position`` describes (see the module docstring), or ``RulesError``."""
    check_keys(position, KEYS)
    hands_in = position.get("hands")
    if not isinstance(hands_in, list | tuple) or len(hands_in) != 4:
        raise RulesError(f"position: 'hands' should be a list of 4 hands of 13 cards, got {hands_in!r}")
    used = 0
    hands = []
    for seat, hand in enumerate(hands_in):
        if not isinstance(hand, list | tuple) or len(hand) != 13:
            raise RulesError(f"position: hand {seat} should be a list of 13 cards, got {hand!r}")
        mask = 0
        for text in hand:
            card = read_card(text, f"hand {seat}")
            if card >= 52:
                raise RulesError(f"position: hand {seat}: Plonk has no jokers, got {text!r}")
            if used >> card & 1:
                raise RulesError(f"position: {card_str(card)} is named twice")
            used |= 1 << card
            mask |= 1 << card
        hands.append(mask)
    pos = PlonkPosition()
    pos.dealer = _number(position.get("dealer", FIRST_DEALER), "dealer", 0, 3)
    scores = position.get("scores", [0, 0])
    if not isinstance(scores, list | tuple) or len(scores) != 2:
        raise RulesError(f"position: 'scores' should be [side 0, side 1], got {scores!r}")
    pos.scores = [_number(s, "scores", -100_000, 100_000) for s in scores]
    pos.deal_no = _number(position.get("deal", 1), "deal", 1, 100_000) - 1
    pos.begin_deal(hands)
    return pos


def _number(value: Any, key: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RulesError(f"position: {key!r} should be an integer from {low} to {high}, got {value!r}")
    return value
