"""Tock in plain words, English and French (the ``words`` part): each legal action as an instruction, the log
as sentences.

Pawns are named as the board shows them, by seat letter and number (``a1`` … ``h4``), the mover's own too.
What a move does besides moving (a capture, a pawn reaching its home) is worked out by the engine's own
``Mover`` on the pawns the view shows, never guessed: for a legal action from the view's board, for the story
by replaying the view's log from the board it starts on (the view's ``log_board``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.core.actions import Discard
from parlour.core.cards import the_card as the_card_of
from parlour.core.errors import InvalidActionError
from parlour.core.game import View
from parlour.core.i18n import gettext
from parlour.core.shapes import LogEntry, log_entry
from parlour.core.words import StoryLine, Told, Words
from parlour.games.tock import seven
from parlour.games.tock.actions import (
    ACE,
    FOUR,
    JOKER,
    KING,
    PAWNS,
    QUEEN,
    SEAT_LETTERS,
    TWO,
    VALUE,
    Bonus,
    Enter,
    For,
    Move,
    Push,
    Seven,
    Swap,
    TockAction,
    parse_tock_action,
    pawn_text,
)
from parlour.games.tock.board import board_for
from parlour.games.tock.pawns import Effect, Mover, Pawns
from parlour.games.tock.view_shape import TockBoard, tock_view
from parlour.games.tock.views import board_of


def pawn_name(pawn: int) -> str:
    """Pawn id ``pawn`` as the board shows it: ``a1`` … ``h4``."""
    return pawn_text(pawn // PAWNS, pawn % PAWNS + 1)


def the_card(kind: int, lang: str) -> str:
    """A card kind with its article, as in "with the king" / "avec le roi" (the 2 of spades for a 2)."""
    names = {ACE: gettext("the ace", lang), TWO: gettext("the 2 of spades", lang), 11: gettext("the jack", lang),
             QUEEN: gettext("the queen", lang), KING: gettext("the king", lang), JOKER: gettext("the joker", lang)}
    return names.get(kind) or gettext("the {rank}", lang).format(rank=kind)


def _route(jumps: int, stay_out: bool, lang: str) -> str:
    """What a move's route marks say: the shortcuts it takes, staying out of the home."""
    text = ""
    if jumps == 1:
        text += gettext(" by the shortcut", lang)
    elif jumps:
        text += gettext(" by two shortcuts", lang)
    if stay_out:
        text += gettext(", going on round instead of home", lang)
    return text


class ShownBoard:
    """The pawns the view shows, on the engine's own board, to work out what a move does."""

    def __init__(self, players: int) -> None:
        board = board_for(players)
        self.board = board
        self.length = board.squares
        self.pawns = Pawns(players, board.squares)

    @classmethod
    def of(cls, shown: TockBoard, players: int) -> ShownBoard:
        """The board ``shown`` as a view shows one (its ``pawns``, ``advantaged`` and ``settled``)."""
        made = cls(players)
        places, adv, settled = board_of(shown, players)
        made.pawns.execute(tuple((pawn, place) for pawn, place in enumerate(places) if place >= 0))
        made.pawns.adv, made.pawns.settled = adv, settled
        return made

    def effect(self, action: TockAction, seat: int) -> Effect | None:
        """What ``seat`` playing ``action`` changes, as (pawn, place) pairs, captures first; None if the rules
        refuse it here (or it moves no pawn). A card played for a teammate moves that teammate's pawns."""
        if isinstance(action, For):
            return self.effect(action.action, action.seat)
        mover = Mover(self.board, optional_entry="~" in str(action))
        pawns = self.pawns
        if isinstance(action, Enter):
            return mover.enter(pawns, seat)
        if isinstance(action, Move):
            pawn = seat * PAWNS + action.pawn - 1
            if action.card == FOUR:
                return mover.backward(pawns, pawn, 4, action.jumps)
            return mover.forward(pawns, pawn, VALUE[action.card], action.jumps, action.stay_out,
                                 king=action.card == KING)
        if isinstance(action, Push):
            if action.seat >= len(pawns.homes):
                return None
            return mover.push(pawns, action.seat * PAWNS + action.pawn - 1, seat, 5, action.jumps)
        if isinstance(action, Swap):
            if action.seat >= len(pawns.homes):
                return None
            return mover.swap(pawns, seat * PAWNS + action.pawn - 1, action.seat * PAWNS + action.other - 1)
        if isinstance(action, Seven):
            return seven.effect_of(mover, pawns, seat, action.parts)
        return None

    def events(self, effect: Effect, seat: int, lang: str) -> list[str]:
        """What ``effect`` does besides moving (captures, pawns reaching their home), then makes it."""
        pawns = self.pawns
        out = []
        for i, (pawn, to) in enumerate(effect):
            if to < 0:  # a capture comes just before the move that makes it (a 7's parts one after the other)
                mover = next(p for p, there in effect[i + 1:] if there >= 0)
                out.append(gettext("{mover} captures {pawn}, which goes back to its reserve", lang)
                           .format(mover=pawn_name(mover), pawn=pawn_name(pawn)))
        before = [pawns.pos[pawn] for pawn, _ in effect]
        pawns.execute(effect)
        for (pawn, to), was in zip(effect, before, strict=True):
            if to >= self.length > was and pawns.pos[pawn] == to:
                out.append(gettext("{pawn} reaches its home", lang).format(pawn=pawn_name(pawn)))
        return out

    def settle(self, seat: int) -> None:
        """``seat``'s turn begins: its pawns on intersections may take a shortcut."""
        if self.board.crossings:
            self.pawns.settle(seat, self.board.crossings)

    def copy(self) -> ShownBoard:
        """The same pawns on the same board, to change without changing these."""
        made = ShownBoard.__new__(ShownBoard)
        made.board, made.length, made.pawns = self.board, self.length, self.pawns.copy()
        return made


class TockWords(Words):
    """Tock's actions and story in English and French; see the module docstring."""

    def action(self, text: str, view: View, lang: str) -> str:
        return self.said(text, view, None, lang)

    def actions(self, texts: Sequence[str], view: View, names: Sequence[str], lang: str) -> list[str]:
        """Each legal action in words, a card played for a teammate naming that teammate (``names``)."""
        return [self.said(text, view, names, lang) for text in texts]

    def said(self, text: str, view: View, names: Sequence[str] | None, lang: str) -> str:
        """The legal action ``text`` as an instruction to the view's seat; a card played for a teammate says
        for whom (by name from ``names``, else by seat letter)."""
        shown = tock_view(view)
        seat = shown.get("seat")
        try:
            action = parse_tock_action(text, seat)
        except InvalidActionError:
            return text
        if isinstance(action, Bonus):
            return _bonus_choice(action.play, shown.get("phase"), lang)
        if isinstance(action, Discard):
            return gettext("Discard {card}", lang).format(card=the_card_of(action.card, lang))
        if seat is None:
            return text
        if isinstance(action, For):
            said = _instruction(action.action, action.seat, lang) + _for_whom(action.seat, names, lang)
        else:
            said = _instruction(action, seat, lang)
        board = ShownBoard.of(shown, shown["players"])
        effect = board.effect(action, seat)
        if effect is None:
            return said
        return gettext("; ", lang).join([said, *board.events(effect, seat, lang)])

    def story(self, view: View, names: Sequence[str], lang: str) -> list[StoryLine]:
        """The log since the stock last ran out, move by move, with what each move did (captures, pawns
        reaching their home), worked out on the board the log starts from; then the winner."""
        return self.tell(view, names, lang, Told())

    def tell(self, view: View, names: Sequence[str], lang: str, told: Told) -> list[StoryLine]:
        """``story``, each move narrated once: the log is kept as told so far (``LogTelling``), and what was told
        before the stock last ran out (the view's log starts afresh then) is kept before it (``Earlier``), so
        that the story goes on across a reshuffle."""
        shown = tock_view(view)
        log = shown.get("log") or []
        first = shown["version"] - len(log)
        named = tuple(names)
        earlier = told.kept(("earlier", shown["players"], named, lang), Earlier)
        lines = [told.said(stock_out_line, lang)] if first else []
        lines += told.kept(("log", first, shown["players"], named, lang), LogTelling).tell(
            shown.get("log_board"), log, first, shown["players"], named, lang)
        lines = earlier.before(first, lines) + lines
        winner = shown.get("winner")
        teams = shown.get("teams")
        if winner is not None and teams:  # the first team with all its pawns home wins, all its players
            team = next(team for team in teams if winner in team)
            lines.append(told.said(team_winner_line, winner, ", ".join(names[q] for q in team), lang))
        elif winner is not None:  # the first seat with all four pawns home wins at once
            lines.append(told.said(winner_line, winner, names[winner], lang))
        return lines


EARLIER_LINES = 100
"""The most lines told before the stock last ran out that a story keeps (a state message shows fewer)."""


class Earlier:
    """The story told before the view's log last started afresh (the stock ran out), kept in ``Told``: the log's
    lines are public, the same for every seat, so what one log told stays true once the next begins."""

    def __init__(self) -> None:
        self.first: int | None = None
        """Where the log told last began (its first action's index)."""
        self.lines: list[StoryLine] = []
        """What the logs before it told, the latest ``EARLIER_LINES``."""
        self.last: list[StoryLine] = []
        """What the log beginning at ``first`` told so far."""

    def before(self, first: int, told: list[StoryLine]) -> list[StoryLine]:
        """The lines told before the log beginning at action ``first``, whose lines so far are ``told``: a log
        beginning later than the last one told follows it, whose lines join the earlier ones; one beginning
        sooner (another game, a replay) has nothing before it that this story told."""
        if self.first is not None and first > self.first:
            self.lines = (self.lines + self.last)[-EARLIER_LINES:]
        elif self.first is not None and first < self.first:
            self.lines = []
        self.first, self.last = first, told
        return self.lines


class LogTelling:
    """The log told so far, kept in ``Told`` from one telling to the next: the board it starts from, the moves
    told, where the telling stands after them (``Telling``) and their lines. The moves the view's log holds
    beyond them are told from there; a log that does not begin with them, or another board, is told afresh."""

    def __init__(self) -> None:
        self.shown: TockBoard | None = None
        self.log: list[LogEntry] = []
        self.telling: Telling | None = None
        self.lines: list[StoryLine] = []

    def tell(self, shown: TockBoard | None, log: list[LogEntry], first: int, players: int,
             names: tuple[str, ...], lang: str) -> list[StoryLine]:
        """The lines of ``log``, told from the board ``shown`` (a view's ``log_board``), its first move being
        action ``first``."""
        done = len(self.log)
        telling = self.telling
        if telling is None or shown != self.shown or log[:done] != self.log:
            telling = Telling.start(shown, players)
            self.shown, self.log, self.lines, done = shown, [], [], 0
        for i, entry in enumerate(log[done:], done):
            seat, text = log_entry(entry)
            telling = telling.then(seat, names, text, first + i, lang)
            self.lines += telling.lines
            self.log.append([seat, text])  # as the view's entries, which it is compared with
        self.telling = telling
        return self.lines


class Telling:
    """The log told up to one move: the board after it (None when the view shows no board), the last move
    read (by whom, and what), and the lines of that move; the next move's telling is made from it (``then``)."""

    __slots__ = ("board", "lines", "previous")

    def __init__(self, board: ShownBoard | None, previous: tuple[int, Any] | None,
                 lines: tuple[StoryLine, ...]) -> None:
        self.board = board
        self.previous = previous
        self.lines = lines

    @staticmethod
    def start(shown: TockBoard | None, players: int) -> Telling:
        """Nothing told yet, on the board ``shown`` (a view's ``log_board``)."""
        return Telling(None if shown is None else ShownBoard.of(shown, players), None, ())

    def then(self, seat: int, names: Sequence[str], text: str, index: int, lang: str) -> Telling:
        """The log told one move further: ``text``, by seat ``seat`` (players named by ``names``), its action
        ``index``."""
        name = names[seat]
        try:
            action = parse_tock_action(text, seat)
        except InvalidActionError:
            return Telling(self.board, self.previous, (StoryLine(seat, f"{name}: {text}", index),))
        previous = self.previous
        board = None if self.board is None else self.board.copy()
        if board is not None and (previous is None or previous[0] != seat):
            board.settle(seat)
        effect = board.effect(action, seat) if board is not None else None
        if isinstance(action, For):
            said = _told(action.action, name, action.seat, effect, previous, lang) + _for_whom(action.seat, names, lang)
        else:
            said = _told(action, name, seat, effect, previous, lang)
        lines = [StoryLine(seat, said, index)]
        if board is not None and effect is not None:
            lines += [StoryLine(seat, event, None) for event in board.events(effect, seat, lang)]
        played = action.action if isinstance(action, For) else action  # a joker played for a teammate gives a bonus
        return Telling(board, (seat, played), tuple(lines))


def stock_out_line(lang: str) -> StoryLine:
    """Why the log starts after the first move: the stock ran out."""
    return StoryLine(None, gettext("The stock ran out: the played cards were shuffled into a new stock.", lang), None)


def team_winner_line(winner: int, names: str, lang: str) -> StoryLine:
    """The team of seat ``winner``, its players ``names``, has won."""
    return StoryLine(winner, gettext("{names} win: all their team's pawns are home", lang).format(names=names), None)


def winner_line(winner: int, name: str, lang: str) -> StoryLine:
    """``name`` (seat ``winner``) has won."""
    return StoryLine(winner, gettext("{name} wins: all four pawns are home", lang).format(name=name), None)


def _bonus_choice(play: bool, phase: Any, lang: str) -> str:
    """The choice of a joker's bonus (phase ``bonus``) or of spending a kept one (phase ``spend``)."""
    if phase == "spend":
        return gettext("Spend a kept bonus: play one more card", lang) if play else \
            gettext("End your turn, keeping your bonuses", lang)
    return gettext("Play another card now (the joker's bonus)", lang) if play else \
        gettext("Keep the joker's bonus for a later turn", lang)


def _for_whom(teammate: int, names: Sequence[str] | None, lang: str) -> str:
    """What follows a card played for ``teammate``: " (for Bea)", or the seat's letter without names."""
    who = SEAT_LETTERS[teammate] if names is None else names[teammate]
    return gettext(" (for {name})", lang).format(name=who)


def _forward(pawn: str, steps: int, lang: str) -> str:
    return gettext("{pawn} forward {n}", lang).format(pawn=pawn, n=steps)


def _instruction(action: TockAction, seat: int, lang: str) -> str:
    """A card action as an instruction to ``seat``, who plays it."""
    if isinstance(action, Enter):
        return gettext("Enter a pawn with {card}", lang).format(card=the_card(action.card, lang))
    if isinstance(action, Move):
        route = _route(action.jumps, action.stay_out, lang)
        if action.card == FOUR:
            return gettext("Move {pawn} back 4", lang).format(pawn=pawn_text(seat, action.pawn)) + route
        said = gettext("Move {pawn} forward {n}", lang).format(pawn=pawn_text(seat, action.pawn), n=VALUE[action.card])
        if action.card in (ACE, QUEEN, KING, JOKER):
            said += gettext(" with {card}", lang).format(card=the_card(action.card, lang))
        return said + route
    if isinstance(action, Push):
        return gettext("Push {pawn} forward 5", lang).format(
            pawn=pawn_text(action.seat, action.pawn)) + _route(action.jumps, False, lang)
    if isinstance(action, Swap):
        return gettext("Swap {pawn} with {other}", lang).format(
            pawn=pawn_text(seat, action.pawn), other=pawn_text(action.seat, action.other))
    assert isinstance(action, Seven)
    if len(action.parts) == 1:
        part = action.parts[0]
        return gettext("Move {pawn} forward 7", lang).format(pawn=pawn_text(seat, part.pawn)) + _route(
            part.jumps, part.stay_out, lang)
    return gettext("Split the 7: {parts}", lang).format(parts=", ".join(
        _forward(pawn_text(seat, p.pawn), p.steps, lang) + _route(p.jumps, p.stay_out, lang) for p in action.parts))


def _told(action: TockAction, name: str, seat: int, effect: Effect | None, previous: tuple[int, Any] | None,
          lang: str) -> str:
    """The log's ``action`` by ``name`` (seat ``seat``) as a sentence."""
    if isinstance(action, Bonus):
        after_joker = (previous is not None and previous[0] == seat and isinstance(previous[1], Enter | Move)
                       and previous[1].card == JOKER)
        if after_joker:
            said = gettext("{name} plays the joker's bonus at once", lang) if action.play else \
                gettext("{name} keeps the joker's bonus", lang)
        else:
            said = gettext("{name} spends a kept bonus", lang) if action.play else \
                gettext("{name} ends the turn, keeping the bonuses", lang)
        return said.format(name=name)
    if isinstance(action, Discard):
        return gettext("{name} cannot play and discards {card}", lang).format(
            name=name, card=the_card_of(action.card, lang))
    if isinstance(action, Enter):
        card = the_card(action.card, lang)
        if effect is None:
            return gettext("{name} enters a pawn with {card}", lang).format(name=name, card=card)
        pawn = pawn_name(next(p for p, to in effect if to >= 0))
        return gettext("{name} enters {pawn} with {card}", lang).format(name=name, pawn=pawn, card=card)
    if isinstance(action, Move):
        route = _route(action.jumps, action.stay_out, lang)
        if action.card == FOUR:
            return gettext("{name} moves {pawn} back 4", lang).format(
                name=name, pawn=pawn_text(seat, action.pawn)) + route
        said = gettext("{name} moves {pawn} forward {n}", lang).format(
            name=name, pawn=pawn_text(seat, action.pawn), n=VALUE[action.card])
        if action.card in (ACE, QUEEN, KING, JOKER):
            said += gettext(" with {card}", lang).format(card=the_card(action.card, lang))
        return said + route
    if isinstance(action, Push):
        return gettext("{name} pushes {pawn} forward 5", lang).format(
            name=name, pawn=pawn_text(action.seat, action.pawn)) + _route(action.jumps, False, lang)
    if isinstance(action, Swap):
        return gettext("{name} swaps {pawn} with {other}", lang).format(
            name=name, pawn=pawn_text(seat, action.pawn), other=pawn_text(action.seat, action.other))
    assert isinstance(action, Seven)
    if len(action.parts) == 1:
        part = action.parts[0]
        return gettext("{name} moves {pawn} forward 7", lang).format(
            name=name, pawn=pawn_text(seat, part.pawn)) + _route(part.jumps, part.stay_out, lang)
    return gettext("{name} splits the 7: {parts}", lang).format(name=name, parts=", ".join(
        _forward(pawn_text(seat, p.pawn), p.steps, lang) + _route(p.jumps, p.stay_out, lang) for p in action.parts))
