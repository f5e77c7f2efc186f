"""Plonk's state: the contract around a ``PlonkPosition``, and why anything illegal is refused.

The position (``position.PlonkPosition``) holds hands and piles as bit
masks of card ids, so a step is a few integer operations: each hand is also
kept as its list of legal actions (``plays``, one shared ``Play`` per card),
from which a step removes the card played, and a full trick is resolved
with two masks (``tricks.resolve_cards``). A state is one whole match:
when a deal ends it is scored and, unless the match is over, the next deal
is dealt at once. Deals go on as long as the match needs, as docs/rules/en/plonk.md
("Winning") says: no cap on their number. The rules of play themselves
(dealing, what may be played, tricks and deals) are ``PlonkPlay``'s
(play.py), the state's ``play``, which the core calls directly.

Chance is the rules of play's (play.py): it follows from the seed and the
deal number in the position, so ``clone`` copies data only.

**[decision]** ``returns()`` is 0 for every seat until the match ends, then
+1 for both seats of the winning side and −1 for both of the other (the
match is what is won; the points only decide it).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from mypy_extensions import mypyc_attr

from parlour.core.cards import cards_of
from parlour.core.game import RECENT_RESULTS, Game, State, View
from parlour.core.i18n import gettext as _
from parlour.games.plonk.actions import Play
from parlour.games.plonk.cards import mask_text
from parlour.games.plonk.play import PlonkPlay
from parlour.games.plonk.position import SEATS, PlonkPosition, set_up
from parlour.games.plonk.rules import PlonkRules
from parlour.games.plonk.tricks import deal_points
from parlour.games.plonk.views import view_of

LEAD_SCALE = 60.0
"""Points of lead that make a side about 73 % sure to win the match, for ``estimate``."""


def hand_text(hand: int) -> str:
    """``your hand is Ac 5c Kd …`` (display order), for error messages, in the current language."""
    cards = mask_text(hand)
    return _("your hand is {cards}").format(cards=" ".join(cards)) if cards else _("your hand is empty")


@mypyc_attr(native_class=False)  # a regular class when compiled: State.clone copies its __dict__
class PlonkState(State[Play, PlonkPosition]):
    """One Plonk match; see the module docstring."""

    game: Game[PlonkRules]
    play: PlonkPlay
    """The rules of play (play.py), shared by the state's clones."""
    interned_actions = Play

    def _bind(self) -> None:
        self.play = PlonkPlay(self.game.rules)

    def _deal(self) -> PlonkPosition:
        return self.play.deal(self.seed, self.first_dealer)

    def _set_up(self, position: Mapping[str, Any]) -> PlonkPosition:
        return set_up(position)

    @property
    def current_player(self) -> int:
        return self.pos.cur

    @property
    def is_terminal(self) -> bool:
        return self.pos.cur < 0

    def why_illegal(self, action: Any) -> str:
        if type(action) is not Play:
            return _("{action} is not a Plonk action: play a card, e.g. Ah").format(action=repr(action))
        return _("you have no {cards}; {hand}").format(cards=action, hand=hand_text(self.pos.hands[self.pos.cur]))

    def returns(self) -> list[float]:
        winner = self.pos.winner
        if winner < 0:
            return [0.0] * SEATS
        return [1.0 if seat & 1 == winner else -1.0 for seat in range(SEATS)]

    def estimate(self) -> list[float]:
        """The returns, or before the end a guess from the lead: both sides' scores with this
        deal's points so far, as a match-winning chance ``1 / (1 + exp(-lead / LEAD_SCALE))``."""
        pos = self.pos
        if pos.winner >= 0:
            return self.returns()
        points = deal_points(pos.live, pos.dead)
        lead = pos.scores[0] + points[0] - pos.scores[1] - points[1]
        edge = 2.0 / (1.0 + math.exp(-lead / LEAD_SCALE)) - 1.0
        return [edge, -edge, edge, -edge]

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know (``None``: a spectator); see ``views.view_of``."""
        return view_of(self.pos, seat, self.game.rules)

    def message_view(self, seat: int | None) -> View:
        """The view with the latest deals in full, the earlier ones counted with the sides' scores after them."""
        return view_of(self.pos, seat, self.game.rules, RECENT_RESULTS)

    def hand(self, seat: int) -> list[int]:
        return sorted(cards_of(self.pos.hands[seat]))

    def hidden_cards(self, seat: int | None) -> set[int]:
        hidden: set[int] = set()
        for q, hand in enumerate(self.pos.hands):
            if q != seat:
                hidden.update(cards_of(hand))
        return hidden
