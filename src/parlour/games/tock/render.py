"""Tock in the terminal: the board as a ring in colour, the players, your hand and bonuses.

The track is drawn clockwise round a rectangle, each section's start in the
middle of a side; every pawn shows as its seat letter and number (``b3``),
reversed while it holds the position advantage. Starts show their seat's
capital letter, feet a ``▾``, intersections a yellow ``✚``, home lanes run
inwards from their foot.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.core.cards import SUIT_SYMBOLS, SUITS
from parlour.core.game import View
from parlour.core.i18n import gettext as _
from parlour.games.tock.board import HOME, SECTION, Board, board_for
from parlour.games.tock.view_shape import TockView, tock_view

SUIT_STYLE = {"c": "green", "d": "bright_red", "h": "red", "s": "bright_blue"}
SEAT_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan", "white", "orange1")
LETTERS = "abcdefgh"
Cell = tuple[int, int]


def card_text(card: str) -> Text:
    """A card in colour with its suit symbol; jokers in magenta."""
    if card.startswith("Jk"):
        return Text("Jk", style="bold magenta")
    return Text(card[:-1] + SUIT_SYMBOLS[SUITS.index(card[-1])], style=f"bold {SUIT_STYLE[card[-1]]}")


def cards_text(cards: Sequence[str]) -> Text:
    """Cards in colour, or a dim dash for none."""
    return Text(" ").join(card_text(c) for c in cards) if cards else Text("—", style="dim")


def ring_size(board: Board) -> tuple[int, int]:
    """Steps along the top (and bottom) side and along the right (and left) side."""
    across = SECTION * {4: 1, 6: 2, 8: 2}[board.sections]
    down = SECTION * {4: 1, 6: 1, 8: 2}[board.sections]
    return across, down


def layout(board: Board) -> tuple[dict[int, Cell], dict[tuple[int, int], Cell]]:
    """Where each track square and each home square (seat, h) is drawn, as (row, column)."""
    across, down = ring_size(board)
    inward = {0: (1, 0), 1: (0, -1), 2: (-1, 0), 3: (0, 1)}
    track: dict[int, Cell] = {}
    sides: dict[int, int] = {}
    for square in range(board.squares):
        p = (square + SECTION // 2) % board.squares
        if p < across:
            cell, side = (0, p), 0
        elif p < across + down:
            cell, side = (p - across, across), 1
        elif p < 2 * across + down:
            cell, side = (down, across - (p - across - down)), 2
        else:
            cell, side = (down - (p - 2 * across - down), 0), 3
        track[square] = cell
        sides[square] = side
    homes: dict[tuple[int, int], Cell] = {}
    for seat, foot in enumerate(board.feet):
        dr, dc = inward[sides[foot]]
        row, col = track[foot]
        for h in range(HOME):
            homes[(seat, h)] = (row + dr * (h + 1), col + dc * (h + 1))
    return track, homes


def pawn_cell(seat: int, number: int, advantaged: bool, width: int) -> Text:
    label = f"{LETTERS[seat]}{number}".ljust(width)
    style = f"bold {SEAT_COLOURS[seat]}" + (" reverse" if advantaged else "")
    return Text(label, style=style)


def draw_board(view: TockView) -> Text:
    """The ring, the home lanes and every pawn, as lines of coloured text."""
    board = board_for(view["players"])
    track, homes = layout(board)
    width = 3 if board.sections == 4 else 2
    across, down = ring_size(board)
    grid: list[list[Text]] = [[Text(" " * width) for _col in range(across + 1)] for _row in range(down + 1)]
    starts = {start: seat for seat, start in enumerate(board.starts)}
    feet = set(board.feet)
    crossings = set(board.intersections)
    for square, (row, col) in track.items():
        if square in starts:
            seat = starts[square]
            grid[row][col] = Text(LETTERS[seat].upper().ljust(width), style=f"dim {SEAT_COLOURS[seat]}")
        elif square in crossings:
            grid[row][col] = Text("✚".ljust(width), style="yellow")
        elif square in feet:
            grid[row][col] = Text("▾".ljust(width), style="dim")
        else:
            grid[row][col] = Text("·".ljust(width), style="dim")
    for (seat, _square), (row, col) in homes.items():
        grid[row][col] = Text("○".ljust(width), style=f"dim {SEAT_COLOURS[seat]}")
    advantaged = set(view["advantaged"])
    for seat, places in enumerate(view["pawns"]):
        for i, place in enumerate(places):
            if place is None:
                continue
            name = f"{LETTERS[seat]}{i + 1}"
            if isinstance(place, int):
                row, col = track[place]
            else:
                row, col = homes[(seat, int(place[1:]) - 1)]
            grid[row][col] = pawn_cell(seat, i + 1, name in advantaged, width)
    return Text("\n").join(Text("").join(line) for line in grid)


class TockRenderer:
    def screen(self, view: View, names: Sequence[str]) -> RenderableType:
        shown = tock_view(view)
        seat = shown["seat"]
        board = board_for(shown["players"])
        top = shown["pile"][-1] if shown["pile"] else None
        head = Text.assemble(
            ("Tock", "bold"), " · " + _("{sections}-section board of {squares} squares · stock {stock} · pile").format(
                sections=board.sections, squares=board.squares, stock=shown["stock"]) + " ",
            cards_text([top]) if top else Text(_("empty"), style="dim"), f" ({len(shown['pile'])})",
        )
        players = Table(box=None, show_header=True, header_style="dim", pad_edge=False)
        for column in ("", _("seat"), _("player"), _("cards"), _("reserve"), _("home"), _("bonuses"), _("start"),
                       _("foot")):
            players.add_column(column)
        for q, name in enumerate(names):
            places = shown["pawns"][q]
            players.add_row(
                "▶" if q == shown["to_play"] else "",
                Text(LETTERS[q], style=f"bold {SEAT_COLOURS[q]}"),
                name + (" " + _("(you)") if q == seat else ""),
                str(shown["hand_sizes"][q]),
                str(sum(p is None for p in places)),
                str(sum(isinstance(p, str) for p in places)),
                "★" * shown["bonuses"][q] or "—",
                str(board.starts[q]), str(board.feet[q]),
            )
        parts: list[RenderableType] = [head, draw_board(shown), players]
        if board.intersections:
            hops = _("one step, two in a row allowed") if board.max_jumps == 2 else _("one step")
            parts.append(Text("✚ " + _("intersections {squares}: a shortcut to the next one counts {hops} "
                                       "(write 8 p2>).").format(squares=", ".join(map(str, board.intersections)),
                                                                hops=hops), style="dim"))
        if seat is not None and "hand" in shown:
            line = Text.assemble((_("Your hand:") + " ", "bold"), cards_text(shown["hand"]))
            if shown["bonuses"][seat]:
                line.append("   " + _("stored joker bonuses: {n}").format(n=shown["bonuses"][seat]),
                            style="bold yellow")
            parts.append(line)
            phase = {"bonus": _("Joker bonus: bonus play (another card now) or bonus keep (store it)."),
                     "spend": _("Spend a stored bonus (bonus play) or end your turn (bonus keep)."),
                     "extra": _("Play one more card for your bonus.")}.get(shown["phase"])
            if phase and shown["to_play"] == seat:
                parts.append(Text(phase, style="bold yellow"))
        if shown["winner"] is not None:
            parts.append(Text(_("Winner: {name}").format(name=names[shown["winner"]]), style="bold green"))
        return Group(*parts)

    def news(self, before: View, after: View, names: Sequence[str]) -> RenderableType | None:
        lines: list[Text] = []
        for q, (old, new) in enumerate(zip(tock_view(before)["pawns"], tock_view(after)["pawns"], strict=True)):
            for i, (was, now) in enumerate(zip(old, new, strict=True)):
                if was == now:
                    continue
                name = Text(f"{LETTERS[q]}{i + 1}", style=f"bold {SEAT_COLOURS[q]}")
                if now is None:
                    lines.append(Text.assemble("  ", name, " " + _("is captured and goes back to the reserve")))
                elif was is None:
                    lines.append(Text.assemble("  ", name, " " + _("enters on square {n}").format(n=now)))
                else:
                    lines.append(Text.assemble("  ", name, f" {_where(was)} → {_where(now)}"))
        if len(after["pile"]) < len(before["pile"]):
            lines.append(Text("  " + _("The pile is shuffled into a new stock."), style="dim"))
        if after["winner"] is not None and before["winner"] is None:
            lines.append(Text("  " + _("All four pawns of {name} are home!").format(name=names[after["winner"]]),
                              style="bold green"))
        return Group(*lines) if lines else None


def _where(place: int | str) -> str:
    return _("square {n}").format(n=place) if isinstance(place, int) else _("home {n}").format(n=place[1:])
