"""Plonk in the terminal: the trick around the table, the hand by suit, piles and scores.

The viewer sits South; play goes to the left, so the next seat is West, the
partner North and the last East.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.core.game import View
from parlour.core.i18n import gettext as _
from parlour.games.plonk.view_shape import PlonkDeal, PlonkTrick, PlonkView, play_of, plonk_view

SUIT_STYLE = {"c": "green", "d": "bright_red", "h": "red", "s": "bright_blue"}
SUIT_SYMBOL = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def places() -> tuple[str, str, str, str]:
    """Where each seat sits, counted to the left of the viewer: the four places round the table from the
    player's own, clockwise, in the current language."""
    return _("South"), _("West"), _("North"), _("East")


def card_text(card: str) -> Text:
    """A card in its suit's colour, with the suit symbol: ``A♥``."""
    return Text(card[:-1] + SUIT_SYMBOL[card[-1]], style=f"bold {SUIT_STYLE[card[-1]]}")


def cards_text(cards: Sequence[str]) -> Text:
    return Text(" ").join(card_text(c) for c in cards) if cards else Text("—", style="dim")


def hand_by_suit(cards: Sequence[str]) -> Text:
    """One line per suit held: the symbol, then the ranks in the order of the view's hand (from the two up)."""
    lines = []
    for suit in "cdhs":
        ranks = [c[:-1] for c in cards if c[-1] == suit]
        if ranks:
            lines.append(Text.assemble((SUIT_SYMBOL[suit] + " ", f"bold {SUIT_STYLE[suit]}"),
                                       (" ".join(ranks), SUIT_STYLE[suit])))
    return Text("\n").join(lines) if lines else Text(_("(no cards)"), style="dim")


def side_names(names: Sequence[str]) -> tuple[str, str]:
    """The two partnerships: seats 0 & 2, seats 1 & 3."""
    return f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"


def trick_line(number: int, trick: PlonkTrick, names: Sequence[str]) -> Text:
    """``Trick 4: North Q♥, East 6♥, … → won by North``, with the lead rule when it applies."""
    parts: list[Text | str] = [Text(_("Trick {n}:").format(n=number) + " ", style="bold")]
    plays = [play_of(play) for play in trick["plays"]]
    for i, (seat, card) in enumerate(plays):
        parts += [", " if i else "", f"{names[seat]} ", card_text(card)]
    winner, leader = trick["winner"], trick["leader"]
    led = plays[0][1][-1]
    followed = sum(card[-1] == led for _seat, card in plays) > 1
    parts.append(Text.assemble(" → " + _("won by") + " ", (names[winner], "bold")))
    if not followed:
        parts.append(Text(" " + _("(nobody followed: next lead {leader}, then {winner})").format(
            leader=names[(leader + 3) % 4], winner=names[winner]), style="yellow"))
    return Text.assemble(*parts)


class PlonkRenderer:
    """Draws a seat's Plonk view; see the module docstring for the layout."""

    def screen(self, view: View, names: Sequence[str]) -> RenderableType:
        shown = plonk_view(view)
        me = shown["seat"] if shown["seat"] is not None else 0
        ours, theirs = side_names(names)
        head = Text.assemble(
            ("Plonk", "bold"), " · " + _("deal {n} · dealer {name} · target {target}").format(
                n=shown["deal"], name=names[shown["dealer"]], target=shown["target"]),
        )
        parts: list[RenderableType] = [head, self._scores(shown, (ours, theirs))]
        winner = shown["winner"]
        if winner is not None:
            parts.append(Text(_("Match over: {side} win {score} to {other}.").format(
                side=(ours, theirs)[winner], score=shown["scores"][winner], other=shown["scores"][1 - winner]),
                style="bold green"))
            return Group(*parts)
        parts.append(self._table(shown, names, me))
        parts.append(self._piles(shown, (ours, theirs)))
        if shown["seat"] is not None:
            parts += [Text(_("Your hand:"), style="bold"), hand_by_suit(shown["hand"])]
        return Group(*parts)

    def news(self, before: View, after: View, names: Sequence[str]) -> RenderableType | None:
        """Each trick as it completes, and the score of each deal as it ends."""
        finished = plonk_view(after)["results"][len(plonk_view(before)["results"]):]
        parts: list[RenderableType] = []
        done = len(before["tricks"]) if before["winner"] is None else 13
        for deal in finished:
            tricks = deal["tricks"][done if deal["deal"] == before["deal"] else 0:]
            parts += [trick_line(13 - len(tricks) + i, t, names) for i, t in enumerate(tricks, 1)]
            parts.append(self._deal_table(deal, names))
            done = 0
        if not finished:
            new = after["tricks"][done:]
            parts += [trick_line(done + i, t, names) for i, t in enumerate(new, start=1)]
        return Group(*parts) if parts else None

    @staticmethod
    def _scores(view: PlonkView, sides: tuple[str, str]) -> Text:
        pieces: list[Text | tuple[str, str] | str] = [_("Scores") + "  "]
        for side in (0, 1):
            label = _("{side}:").format(side=sides[side]) + " "
            pieces += [" · " if side else "", label, (str(view["scores"][side]), "bold yellow")]
            if view["tricks"]:
                pieces.append(" " + _("({points} this deal)").format(points=f"{view['points'][side]:+d}"))
        return Text.assemble(*pieces)

    @staticmethod
    def _table(view: PlonkView, names: Sequence[str], me: int) -> Table:
        """The current trick around the table: who played what, who leads, who is to play."""
        played = dict(map(play_of, view["trick"]))

        def place(seat: int) -> Text:
            marks = []
            if seat == view["leader"]:
                marks.append(_("lead"))
            if seat == view["to_play"]:
                marks.append("▶ " + _("to play"))
            label = Text(f"{places()[(seat - me) % 4]}: {names[seat]}"
                         + (f" ({view['hand_sizes'][seat]})" if seat != me else ""))
            card = card_text(played[seat]) if seat in played else Text("·", style="dim")
            note = Text(" " + ", ".join(marks), style="cyan") if marks else Text("")
            return Text.assemble(label, "\n", card, note)

        grid = Table.grid(padding=(0, 4))
        for _column in range(3):
            grid.add_column(justify="center", min_width=18)
        grid.add_row("", place((me + 2) % 4), "")
        grid.add_row(place((me + 1) % 4), "", place((me + 3) % 4))
        grid.add_row("", place(me), "")
        return grid

    @staticmethod
    def _piles(view: PlonkView, sides: tuple[str, str]) -> Table:
        table = Table(box=None, show_header=True, header_style="dim", pad_edge=False)
        for column in (_("side"), _("live"), _("points"), _("dead")):
            table.add_column(column)
        for side in (0, 1):
            table.add_row(sides[side], cards_text(view["live"][side]), str(view["live_points"][side]),
                          Text.assemble(str(view["dead_counts"][side]),
                                        (f" ({' '.join(view['dead'][side])})" if view["dead"][side]
                                         else "", "dim")))
        return table

    @staticmethod
    def _deal_table(deal: PlonkDeal, names: Sequence[str]) -> Table:
        sides = side_names(names)
        table = Table(title=_("Deal {n} scored").format(n=deal["deal"]), title_justify="left")
        for column, justify in ((_("side"), "left"), (_("live cards"), "left"), (_("live"), "right"),
                                (_("dead"), "right"), (_("deal"), "right"), (_("total"), "right")):
            table.add_column(column, justify=justify)  # type: ignore[arg-type]
        for side in (0, 1):
            table.add_row(sides[side], cards_text(deal["live"][side]), str(deal["live_points"][side]),
                          f"−{deal['dead_counts'][side]}", f"{deal['points'][side]:+d}",
                          str(deal["scores"][side]))
        return table
