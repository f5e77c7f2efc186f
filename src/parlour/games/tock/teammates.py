"""Team Tock's convention for bots (flag ``teams``): a teammate's pawn is captured only when no other move exists.

The rules let a seat capture a teammate's pawn like anyone's; no partner
wants it, so the heuristic and the search bots keep to the convention. The
heuristic weighs it in its own choice; a search bot filters its root
through ``spares_teammates``, Tock's ``candidates`` part, so it never
searches (nor plays) such a move while another is legal. Both test a move
with ``captures_teammate``.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import Any

from parlour.core.game import Action, Game, View
from parlour.core.parts import Candidates
from parlour.games.tock.actions import PAWNS
from parlour.games.tock.pawns import Effect
from parlour.games.tock.play import TockPlay


def captures_teammate(places: Sequence[int], team: Collection[int], effect: Effect) -> bool:
    """Whether ``effect`` sends a pawn of ``team`` (the mover's seats, its own included) from the track back to
    its reserve, ``places`` being where each pawn stood; never when the mover plays alone (a ``team`` of one)."""
    return len(team) > 1 and any(to < 0 <= places[pawn] and pawn // PAWNS in team for pawn, to in effect)


def spares_teammates(game: Game[Any]) -> Candidates:
    """Tock's ``candidates`` part for ``game``'s rules: the legal actions less those capturing a pawn of the
    seat's team, unless every legal action does (then all of them); every legal action without teams."""
    teams = game.teams()
    if all(len(team) < 2 for team in teams):
        return lambda view, legal: legal

    def candidates(view: View, legal: Sequence[Action]) -> Sequence[Action]:
        state = game.determinize(view, random.Random(0))  # the board and our hand: all a move's effect needs
        rules, pos = state.play, state.pos
        assert isinstance(rules, TockPlay)
        team = next(team for team in teams if pos.cur in team)
        actions, plays = rules.card_moves(pos)
        places = pos.pawns.pos
        hurting = {action for action, (_, effect) in zip(actions, plays, strict=True)
                   if captures_teammate(places, team, effect)}
        kept = [action for action in legal if action not in hurting]
        return kept if 0 < len(kept) < len(legal) else legal

    return candidates
