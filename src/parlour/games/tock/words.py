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
    TWO,
    VALUE,
    Bonus,
    Enter,
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
        refuse it here (or it moves no pawn)."""
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
        """``story``, each move narrated once: the log is kept as told so far (``LogTelling``)."""
        shown = tock_view(view)
        log = shown.get("log") or []
        first = shown["version"] - len(log)
        named = tuple(names)
        lines = [told.said(stock_out_line, lang)] if first else []
        lines += told.kept(("log", first, shown["players"], named, lang), LogTelling).tell(
            shown.get("log_board"), log, first, shown["players"], named, lang)
        winner = shown.get("winner")
        if winner is not None:  # the first seat with all four pawns home wins at once (no partners in Tock)
            lines.append(told.said(winner_line, winner, names[winner], lang))
        return lines


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
            telling = telling.then(seat, names[seat], text, first + i, lang)
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

    def then(self, seat: int, name: str, text: str, index: int, lang: str) -> Telling:
        """The log told one move further: ``text``, by ``name`` (seat ``seat``), its action ``index``."""
        try:
            action = parse_tock_action(text, seat)
        except InvalidActionError:
            return Telling(self.board, self.previous, (StoryLine(seat, f"{name}: {text}", index),))
        previous = self.previous
        board = None if self.board is None else self.board.copy()
        if board is not None and (previous is None or previous[0] != seat):
            board.settle(seat)
        effect = board.effect(action, seat) if board is not None else None
        lines = [StoryLine(seat, _told(action, name, seat, effect, previous, lang), index)]
        if board is not None and effect is not None:
            lines += [StoryLine(seat, event, None) for event in board.events(effect, seat, lang)]
        return Telling(board, (seat, action), tuple(lines))


def stock_out_line(lang: str) -> StoryLine:
    """Why the log starts after the first move: the stock ran out."""
    return StoryLine(None, gettext("The stock ran out: the played cards were shuffled into a new stock.", lang), None)


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
