"""Tonk in the terminal: hand with its value, discard top, stock, numbered spreads, ledger."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.core.game import View
from parlour.core.i18n import gettext as _
from parlour.games.tonk.outcomes import sentence
from parlour.games.tonk.view_shape import tonk_view

SUIT_STYLE = {"c": "green", "d": "bright_red", "h": "red", "s": "bright_blue"}
SUIT_SYMBOL = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def card_text(card: str) -> Text:
    """A card in colour with its suit symbol; jokers in magenta."""
    if card.startswith("Jk"):
        named = card.partition("=")[2]
        return Text("Jk", style="bold magenta") + (Text("=") + card_text(named) if named else Text(""))
    return Text(card[:-1] + SUIT_SYMBOL[card[-1]], style=f"bold {SUIT_STYLE[card[-1]]}")


def cards_text(cards: Sequence[str]) -> Text:
    return Text(" ").join(card_text(c) for c in cards) if cards else Text("—", style="dim")


def payment_text(payer: int, payee: int, stakes: int, names: Sequence[str], seat: int | None) -> str:
    """One payment, the viewer's seat said as "you": "You pay Ana 2", "Ana pays you 2", "Ana pays Bob 2"."""
    if payer == seat:
        return _("You pay {payee} {stakes}").format(payee=names[payee], stakes=stakes)
    if payee == seat:
        return _("{payer} pays you {stakes}").format(payer=names[payer], stakes=stakes)
    return _("{payer} pays {payee} {stakes}").format(payer=names[payer], payee=names[payee], stakes=stakes)


class TonkRenderer:
    def screen(self, view: View, names: Sequence[str]) -> RenderableType:
        shown = tonk_view(view)
        seat = shown["seat"]
        top = shown["discard"][-1] if shown["discard"] else None
        head = Text.assemble(
            (_("Tonk · hand {n}").format(n=shown["hand_number"]), "bold"),
            " · " + _("dealer {name} · stock {n} · discard").format(name=names[shown["dealer"]],
                                                                   n=shown["stock"]) + " ",
            card_text(top) if top else Text(_("empty"), style="dim"),
            " " + _("({n} in pile)").format(n=len(shown["discard"])),
        )
        players = Table(box=None, show_header=True, header_style="dim", pad_edge=False)
        for column in ("", _("player"), _("cards"), _("known"), _("balance")):
            players.add_column(column)
        for q, name in enumerate(names):
            marks = "▶" if q == shown["to_play"] else ""
            notes = []
            if shown["lockout"][q]:
                notes.append(_("locked {n}").format(n=shown["lockout"][q]))
            if shown["spades_shown"][q]:
                notes.append(_("shows {card}").format(card=shown["spades_shown"][q]))
            players.add_row(
                marks, name + (" " + _("(you)") if q == seat else ""), str(shown["hand_sizes"][q]),
                Text.assemble(cards_text(shown["known"][q]), " " + ", ".join(notes)),
                f"{shown['balances'][q]:+d}",
            )
        parts: list[RenderableType] = [head, players]
        if shown["spreads"]:
            spreads = Table(box=None, show_header=False, pad_edge=False)
            for i, spread in enumerate(shown["spreads"], start=1):
                spreads.add_row(f"{i}.", names[spread["owner"]], cards_text(spread["cards"]))
            parts += [Text(_("On the table:"), style="bold"), spreads]
        else:
            parts.append(Text(_("No spread on the table."), style="dim"))
        if seat is not None and "hand" in shown:
            parts.append(Text.assemble((_("Your hand:") + " ", "bold"), cards_text(shown["hand"]),
                                       ("   " + _("value {n}").format(n=shown["hand_value"]), "bold yellow")))
        return Group(*parts)

    def news(self, before: View, after: View, names: Sequence[str]) -> RenderableType | None:
        shown = tonk_view(after)
        finished = shown["results"][len(tonk_view(before)["results"]):]
        if not finished:
            return None
        parts: list[RenderableType] = []
        for result in finished:
            title = _("Hand {n}: {outcome}").format(n=result["hand"], outcome=sentence(result["outcome"], names))
            table = Table(title=title, title_justify="left")
            table.add_column(_("player"))
            table.add_column(_("hand"))
            table.add_column(_("total"), justify="right")
            table.add_column(_("this hand"), justify="right")
            gains = [0] * len(names)
            for payer, payee, stakes in result["payments"]:
                gains[payer] -= stakes
                gains[payee] += stakes
            for q, name in enumerate(names):
                table.add_row(name, cards_text(result["hands"][q]), str(result["totals"][q]),
                              f"{gains[q]:+d}")
            parts.append(table)
            for payer, payee, stakes in result["payments"]:
                parts.append(Text("  " + payment_text(payer, payee, stakes, names, shown["seat"])))
        return Group(*parts)
