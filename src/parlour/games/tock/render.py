"""Tock in the terminal: the board as a ring in colour, the players, your hand and bonuses.

The track is drawn clockwise round a rectangle, each section's start in the
middle of a side; every pawn shows as its seat letter and number (``b3``),
reversed while it holds the position advantage. Starts show their seat's
capital letter, feet a ``▾``, intersections a yellow ``✚``, home lanes run
inwards from their foot. In a team game the players' table shows each seat's team, the screen names your
partners and, once your own pawns are all home, whom you play for and how to write it (``for c: 8 p2``);
``help`` says so too.
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
TEAM_COLOURS = ("bright_white", "magenta", "dark_orange", "cyan")
"""Each team's colour in the players' table, by team index (its name in words beside it)."""
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
        teams = shown.get("teams")
        for column in ("", _("seat"), _("player"), *([_("team")] if teams else []), _("cards"), _("reserve"),
                       _("home"), _("bonuses"), _("start"), _("foot")):
            players.add_column(column)
        for q, name in enumerate(names):
            places = shown["pawns"][q]
            team = [team_text(teams, q)] if teams else []
            players.add_row(
                "▶" if q == shown["to_play"] else "",
                Text(LETTERS[q], style=f"bold {SEAT_COLOURS[q]}"),
                name + (" " + _("(you)") if q == seat else ""),
                *team,
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
        parts += team_lines(shown, names)
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
            winner = shown["winner"]
            said = (_("Winners: {names}").format(names=", ".join(names[q] for q in _team_of(teams, winner)))
                    if teams else _("Winner: {name}").format(name=names[winner]))
            parts.append(Text(said, style="bold green"))
        return Group(*parts)

    def turn_notice(self, legal: Sequence[str]) -> RenderableType | None:
        """Said before the seat acts when its only legal moves are discards: no card of its hand can be played."""
        if legal and all(action.startswith("discard ") for action in legal):
            return Text(_("No card can be played: discard one"), style="bold yellow")
        return None

    def help(self, view: View, names: Sequence[str]) -> RenderableType | None:
        """What ``help`` adds in a team game: who the partners are and how to play a card for one."""
        shown = tock_view(view)
        teams = shown.get("teams")
        if not teams:
            return None
        seat = shown["seat"]
        partners = [] if seat is None else [q for q in _team_of(teams, seat) if q != seat]
        return Text(_("Teams: you play with {names}. Once your four pawns are home, each card you play is for a "
                      "teammate whose pawns are not: write for, that teammate's seat letter and a colon, then the "
                      "card as usual, with that teammate's pawns as p1 to p4 (for {letter}: 8 p2 moves {letter}2 "
                      "forward 8).").format(names=", ".join(names[q] for q in partners) or "—",
                                            letter=LETTERS[partners[0] if partners else 0]))

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


def _team_of(teams: Sequence[Sequence[int]], seat: int) -> Sequence[int]:
    """The team (its seats) that ``seat`` plays in."""
    return next(team for team in teams if seat in team)


def team_text(teams: Sequence[Sequence[int]], seat: int) -> Text:
    """Seat ``seat``'s team in words, in the team's colour: "Team 1"."""
    number = next(i for i, team in enumerate(teams) if seat in team)
    return Text(_("Team {n}").format(n=number + 1), style=f"bold {TEAM_COLOURS[number % len(TEAM_COLOURS)]}")


def team_lines(shown: TockView, names: Sequence[str]) -> list[RenderableType]:
    """A team game's lines under the board: the seat's partners, and on its turn, its own pawns all home, whom it
    plays for and how to write it."""
    teams = shown.get("teams")
    seat = shown["seat"]
    if not teams or seat is None:
        return []
    partners = [q for q in _team_of(teams, seat) if q != seat]
    lines: list[RenderableType] = [Text.assemble((_("Partner: {names}").format(
        names=", ".join(names[q] for q in partners)), "bold"), "  ", team_text(teams, seat))]
    serving = shown.get("serving") or []
    if serving and shown["to_play"] == seat:
        lines.append(Text(_("Your four pawns are home: you play for {names}. Write for {letter}: and the card, "
                            "their pawns being p1 to p4 (for {letter}: 8 p2).").format(
            names=", ".join(names[q] for q in serving), letter=LETTERS[serving[0]]), style="bold yellow"))
    return lines


def _where(place: int | str) -> str:
    return _("square {n}").format(n=place) if isinstance(place, int) else _("home {n}").format(n=place[1:])
