"""The terminal game loop, the same for every game: you against bots.

You type an action in notation or the number of a legal action; ``help``
lists them, ``quit`` leaves (saving the game so far when asked to save).
Bad input is answered and asked again; it never changes the game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import typer
from rich.columns import Columns
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from parlour.bots import make_bot
from parlour.bots.base import Bot, explain
from parlour.bots.reasons import estimate, share_range
from parlour.core.errors import BotSpecError, ParlourError
from parlour.core.game import Action, Game, State
from parlour.core.i18n import current_language
from parlour.core.i18n import gettext as _
from parlour.core.parts import Renderer, words_of
from parlour.core.record import GameRecord
from parlour.core.words import StoryLine

HINT_BOT = "strong:ms=1500"
"""The bot asked for hints (plain ISMCTS with random rollouts for a game without a heuristic)."""


COMMANDS = {"help": "help", "?": "help", "h": "help", "hint": "hint", "quit": "quit", "exit": "quit", "q": "quit"}
"""What may be typed at the prompt besides an action, and the command it is; each command's own word in the
current language is understood too (``commands``)."""


def command_words() -> dict[str, str]:
    """Each command as it is typed in the current language: "aide", "indice", "quitter" in French."""
    return {"help": _("help"), "hint": _("hint"), "quit": _("quit")}


def commands() -> dict[str, str]:
    """``COMMANDS`` and each command's word in the current language, by what is typed (lower case)."""
    return {**COMMANDS, **{word.lower(): command for command, word in command_words().items()}}


def help_text() -> str:
    return _("Type an action in notation, or the number of a legal action.\n"
             "  {help}   this list        {hint}   what the strongest bot would play, and why        {quit}   leave"
             ).format(**command_words())


@runtime_checkable
class GameHelp(Protocol):
    """A renderer whose game adds to ``help`` (Tock's teams: how to play a card for a teammate)."""

    def help(self, view: Any, names: Sequence[str]) -> Any:
        """What ``help`` says of this game at the seat's ``view``, or None."""


@runtime_checkable
class TurnNotice(Protocol):
    """A renderer that says what the seat must know before it acts, read from its legal actions (Tock: no card
    can be played, so a card is discarded)."""

    def turn_notice(self, legal: Sequence[str]) -> Any:
        """What to say before the seat acts, given its legal actions' texts, or None."""


class Quit(Exception):
    """The player left the game."""


def legal_list(state: State[Any, Any], seat: int, names: Sequence[str]) -> Columns:
    """The legal actions, numbered, each in the game's plain words with its notation beside it (dim) when
    the two differ: what to type is either the number or the notation."""
    texts = [str(action) for action in state.legal_actions()]
    said = words_of(state.game).actions(texts, state.view(seat), names, current_language())
    return Columns([Text(f"{i}. {words}") + (Text(f"  {text}", style="dim") if words != text else Text(""))
                    for i, (text, words) in enumerate(zip(texts, said, strict=True), start=1)], padding=(0, 3))


def told(before: Sequence[StoryLine], after: Sequence[StoryLine]) -> list[StoryLine]:
    """The lines of the story ``after`` that ``before`` did not tell yet (a new hand's story starts afresh)."""
    seen = Counter(before)
    fresh = []
    for line in after:
        if seen[line]:
            seen[line] -= 1
        else:
            fresh.append(line)
    return fresh


def read_action(state: State[Any, Any], text: str) -> Action | str:
    """What ``text`` names: the legal action of its number, or the notation itself, for ``State.apply`` to read
    (so that a refusal quotes it as typed and gives the rules' reason)."""
    legal = state.legal_actions()
    stripped = text.strip()
    if stripped.isdigit():
        number = int(stripped)
        if 1 <= number <= len(legal):
            chosen: Action = legal[number - 1]
            return chosen
        raise ParlourError(_("{text}: pick a number from 1 to {n}, or type an action").format(
            text=repr(text), n=len(legal)))
    return stripped


def human_turn(state: State[Any, Any], seat: int, names: Sequence[str], renderer: Renderer,
               console: Console, ask: Callable[[str], str]) -> Action:
    """Show the table and ask until the player gives a legal action; returns it (applied)."""
    console.print(renderer.screen(state.view(seat), names))
    console.print(legal_list(state, seat, names))
    notice = renderer.turn_notice([str(a) for a in state.legal_actions()]) if isinstance(renderer, TurnNotice) \
        else None
    if notice is not None:
        console.print(notice)
    while True:
        try:
            text = ask(f"{names[seat]} > ")
        except EOFError:
            raise Quit from None
        word = text.strip().lower()
        command = commands().get(word)
        if command == "quit":
            raise Quit
        if command == "help":
            console.print(help_text())
            more = renderer.help(state.view(seat), names) if isinstance(renderer, GameHelp) else None
            if more is not None:
                console.print(more)
            console.print(legal_list(state, seat, names))
            continue
        if command == "hint":
            console.print(hint(state, seat, names))
            continue
        if not word:
            continue
        try:
            action: Action = state.apply(read_action(state, text))
        except ParlourError as e:  # the rule in the language of --lang, quoting what was typed
            said = str(e) if e.refusal is None else _("{text}: {problem}").format(text=repr(text.strip()),
                                                                                problem=e.worded())
            console.print(Text(said, style="red"))
            continue
        return action


def hint(state: State[Any, Any], seat: int, names: Sequence[str]) -> Group:
    """Ask the search bot about this seat's view (its ``explain``): the move its estimate rates best and why, in
    the game's terms; then, dim, the numbers behind it and the moves it weighed, best first, with their mean
    return (± its standard error), the share of games ahead (as its 95 % interval, when enough playouts reached
    the end) and their playouts. Moves are shown as the board names their pieces; the bot is called by what it
    is ("the strong bot"), never by its spec."""
    game = state.game
    try:
        bot = make_bot(HINT_BOT, game)
    except BotSpecError:
        bot = make_bot("ismcts:ms=1500", game)
    said = explain(bot, game, state.view(seat), state.legal_actions(), random.Random(state.version),
                   current_language(), names)
    move = said.move
    head = Text.assemble((_("Hint from the strong bot:") + " ", "bold"), (move.words, "bold green"),
                         (f"  {move.label or move.action}", "dim"))
    table = Table(style="dim")
    for column in (_("move"), _("notation")):
        table.add_column(column)
    for column in (_("mean return"), _("ahead"), _("playouts")):
        table.add_column(column, justify="right")
    lang = current_language()
    for weighed in (move, *said.alternatives):
        if weighed.value is not None:
            table.add_row(weighed.words, weighed.label or str(weighed.action), estimate(weighed, lang),
                          share_range(weighed, lang) or "–", str(weighed.visits))
    lines: list[Text | Table] = [head, Text(said.reason)]
    if said.details:
        lines.append(Text(_("Details: {details}").format(details=said.details), style="dim"))
    if table.row_count:
        lines.append(table)
    return Group(*lines)


def play_game(game: Game[Any], seed: int, names: Sequence[str], bots: dict[int, Bot], human: int,
              renderer: Renderer, console: Console, ask: Callable[[str], str],
              save: Path | None = None) -> State[Any, Any]:
    """Play one game in the terminal; returns the final (or abandoned) state.

    Ctrl-C leaves the game like ``quit`` (the record saved when asked), then exits with status 130.
    """
    state = game.new_state(seed)
    bot_rng = random.Random(seed * 7919 + 17)
    before = state.view(human)
    words = words_of(game)
    lang = current_language()
    story = words.story(before, names, lang)
    interrupted = False
    try:
        while not state.is_terminal:
            seat = state.current_player
            if seat == human:
                action = human_turn(state, seat, names, renderer, console, ask)
            else:
                action = bots[seat].choose(state.view(seat), state.legal_actions(), bot_rng)
                state.apply(action)
            after = state.view(human)
            now = words.story(after, names, lang)
            fresh = told(story, now)
            if not fresh and seat != human:  # a game without a story of its own: its notation
                console.print(Text(_("{name}: {action}").format(name=names[seat], action=action), style="cyan"))
            for line in fresh:
                console.print(Text(line.text, style="cyan" if line.seat not in (human, None) else ""))
            story = now
            news = renderer.news(before, after, names)
            if news is not None:
                console.print(news)
            before = after
    except Quit:
        console.print(_("You left the game."))
    except KeyboardInterrupt:
        console.print()  # Ctrl-C came in the middle of a line (the prompt, a bot's think): end it
        console.print(_("Interrupted: you left the game."))
        interrupted = True
    if state.is_terminal:
        console.print(renderer.screen(state.view(human), names))
        result = ", ".join(f"{n} {r:+g}" for n, r in zip(names, state.returns(), strict=True))
        console.print(Text(_("Game over: {result}").format(result=result), style="bold"))
    if save is not None:
        GameRecord.of(state, list(names)).save(save)
        console.print(_("Saved to {path}").format(path=save))
    if interrupted:
        raise typer.Exit(130)
    return state
