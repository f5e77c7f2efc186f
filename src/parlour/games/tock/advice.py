"""What a Tock move does for the seat playing it, in words (the ``advice`` part, ``parlour.core.advice``).

Everything is read from the board the view shows, played on the engine's own ``Mover`` (``words.ShownBoard``),
never from a hand but the seat's: a pawn entered (safe on its start, where nobody may capture or pass it), a
pawn brought home, a capture (an opponent's pawn sent back to its reserve, or, a risk, one's own or a
teammate's), the squares a pawn gains toward its home, a pawn moved out of reach of the opponents' pawns
behind it (or left within their reach), and, with teams, a teammate helped. Pawns are named as the board shows
them (``a1`` … ``h4``), in the facts and in the notation (``label``). Values are chances to win the game, said
as games won in 100.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from parlour.core.advice import Advice, wins
from parlour.core.game import View
from parlour.core.i18n import gettext, ngettext
from parlour.games.tock.actions import PAWNS, SEAT_LETTERS, For, parse_tock_action
from parlour.games.tock.pawns import Effect
from parlour.games.tock.view_shape import TockView, tock_view
from parlour.games.tock.words import ShownBoard, pawn_name

REACH = 13
"""The farthest a card moves a pawn forward in one play (the king): a pawn fewer squares ahead of an opponent's
is within its reach."""
OWN_PAWN = re.compile(r"\bp(\d)")
"""A pawn of the seat that plays, as the notation writes it (``p1`` … ``p4``)."""


def side_of(shown: TockView, seat: int) -> set[int]:
    """``seat`` and its teammates (just ``seat`` without teams)."""
    return next((set(team) for team in shown.get("teams", []) if seat in team), {seat})


class TockAdvice(Advice):
    """Tock's facts about a move, its values in games won (see the module docstring)."""

    def worth(self, difference: float, lang: str) -> str | None:
        return wins(difference, lang)

    def label(self, action: str, view: View) -> str:
        shown = tock_view(view)
        seat = shown["seat"]
        if seat is None:
            return action
        head, colon, rest = action.partition(": ")
        if colon and head.startswith("for "):
            return f"{head}: {OWN_PAWN.sub(lambda m: head[4] + m[1], rest)}"
        return OWN_PAWN.sub(lambda m: SEAT_LETTERS[seat] + m[1], action)

    def facts(self, view: View, action: str, lang: str, names: Sequence[str]) -> list[str]:
        shown = tock_view(view)
        seat = shown["seat"]
        if seat is None:
            return []
        move = parse_tock_action(action)
        owner = move.seat if isinstance(move, For) else seat
        played = move.action if isinstance(move, For) else move
        board = ShownBoard.of(shown, shown["players"])
        board.settle(seat)
        effect = board.effect(played, owner)
        if not effect:
            return []
        said = self.changes(board, effect, seat, side_of(shown, seat), lang)
        if isinstance(move, For) and any(pawn // PAWNS == owner and to >= 0 for pawn, to in effect):
            name = names[owner] if 0 <= owner < len(names) else SEAT_LETTERS[owner]
            said.append(gettext("helps your teammate {name}", lang).format(name=name))
        return said

    def changes(self, board: ShownBoard, effect: Effect, seat: int, side: set[int], lang: str) -> list[str]:
        """What ``effect`` does, for ``seat`` whose side is ``side``: captures, entries, homes, squares gained,
        reach of the opponents' pawns."""
        length, track = board.length, board.board
        before = list(board.pawns.pos)
        threatened = {pawn for pawn in range(len(before))
                      if self.within_reach(before, pawn, side, length) is not None and not board.pawns.adv >> pawn & 1}
        after = board.copy()
        after.pawns.execute(effect)
        now = after.pawns.pos
        said = []
        for pawn, to in effect:
            owner, name, was = pawn // PAWNS, pawn_name(pawn), before[pawn]
            if to < 0 <= was:
                if owner == seat:
                    said.append(gettext("sends your own {pawn} back to its reserve", lang).format(pawn=name))
                elif owner in side:
                    said.append(gettext("sends your teammate's {pawn} back to its reserve", lang).format(pawn=name))
                else:
                    said.append(gettext("captures {pawn}, sending it back to its reserve", lang).format(pawn=name))
            elif was < 0 <= to:
                said.append(gettext("enters {pawn} on its start, where nobody may capture or pass it", lang)
                            .format(pawn=name))
            elif to >= length > was and now[pawn] == to:
                said.append(gettext("brings {pawn} into its home", lang).format(pawn=name))
            elif was >= 0 and to >= 0:
                gained = track.to_go(owner, was) - track.to_go(owner, to)
                if gained > 0:
                    said.append(ngettext("brings {pawn} {n} square closer to its home",
                                         "brings {pawn} {n} squares closer to its home", gained, lang)
                                .format(pawn=name, n=gained))
                elif gained < 0:
                    said.append(ngettext("leaves {pawn} {n} more square to go to its home",
                                         "leaves {pawn} {n} more squares to go to its home", -gained, lang)
                                .format(pawn=name, n=-gained))
        for pawn, to in effect:
            if to < 0 or to >= length or pawn // PAWNS not in side:
                continue
            name, reach = pawn_name(pawn), self.within_reach(now, pawn, side, length)
            if pawn in threatened and reach is None:
                said.append(gettext("moves {pawn} out of reach of the pawns behind it", lang).format(pawn=name))
            elif reach is not None and pawn not in threatened and not after.pawns.adv >> pawn & 1:
                said.append(gettext("leaves {pawn} within reach of {other}", lang).format(
                    pawn=name, other=pawn_name(reach)))
        return said

    @staticmethod
    def within_reach(places: Sequence[int], pawn: int, side: set[int], length: int) -> int | None:
        """An opponent's pawn on the track at most ``REACH`` squares behind ``pawn`` (None: none, or ``pawn`` is
        not on the track)."""
        at = places[pawn]
        if not 0 <= at < length:
            return None
        for other, there in enumerate(places):
            if other // PAWNS not in side and 0 <= there < length and 0 < (at - there) % length <= REACH:
                return other
        return None
