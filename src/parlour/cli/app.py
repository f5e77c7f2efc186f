"""``parlour``: play a game against bots, show a game's rules, replay a record."""

from __future__ import annotations

import random
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

import parlour
from parlour.bots.base import bot_names, make_bot, options_of
from parlour.bots.names import name_in, readable_name
from parlour.cli.arena import arena, split_specs
from parlour.cli.export import export
from parlour.cli.failure import fail
from parlour.cli.play import play_game
from parlour.cli.serve import open_replay, serve
from parlour.cli.speech import speak
from parlour.core.cards import cards_str
from parlour.core.chance import seed_commitment, verify_seed
from parlour.core.errors import ActionDoesNotReplay, ParlourError, RecordError
from parlour.core.game import Action, Game, State
from parlour.core.i18n import LANGUAGES, current_language, language_from_environment, ngettext, set_language
from parlour.core.i18n import gettext as _
from parlour.core.manual import game_with_rules, rules_page, value_text
from parlour.core.record import GameRecord, replay, start_of
from parlour.core.registry import ENTRY_POINT_GROUP, broken_games, game_classes, load_game, parse_spec
from parlour.core.registry import game_class as find_game_class
from parlour.core.versions import engine_note
from parlour.games.render import renderer_for

GAME_NAMES = sorted({point.name for point in entry_points(group=ENTRY_POINT_GROUP)})
"""The installed games' names, read from their entry points without importing them (for the help)."""
GAME_HELP = f"the game: {', '.join(GAME_NAMES) or 'none installed'} (parlour games lists them)"

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Play and study card games: " + (", ".join(GAME_NAMES) or "none installed") + ". "
                  "Play against bots in the terminal (play) or at tables in the browser (serve), read a game's "
                  "rules (rules), pit bots against each other (arena), re-play game records (replay) and turn "
                  "them into datasets for learning (export).")
console = Console(highlight=False)


def choose_language(ctx: typer.Context, lang: str | None) -> str | None:
    """Speak ``--lang`` (else the environment's language) from here on, the help included: the option is eager,
    read before ``--help`` when written before it."""
    try:
        set_language(lang if lang is not None else language_from_environment())
    except ParlourError as e:
        raise fail(e) from None
    speak(ctx.find_root().command)
    return lang


def show_version(value: bool) -> None:
    """``--version``: the version, and whether the engine runs compiled or as pure Python, and why
    (``parlour.why_pure``)."""
    if value:
        why = parlour.why_pure()
        mode = _("compiled engine") if why is None else _("pure Python engine: {why}").format(why=why)
        console.print(f"parlour {parlour.__version__} ({mode})")
        raise typer.Exit


@app.callback()
def options(lang: Annotated[str | None, typer.Option(
        "--lang", help=f"language of the messages: {', '.join(LANGUAGES)} (default: from the environment's LANG)",
        is_eager=True, callback=choose_language)] = None,
            version: Annotated[bool, typer.Option(
        "--version", help="print the version and whether the engine runs compiled, then exit", is_eager=True,
        callback=show_version)] = False) -> None:
    """Options for every command."""


def _flags(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise ParlourError(f"--flag {pair!r}: write FLAG=VALUE, e.g. --flag jokers=2")
        out[key.strip()] = value.strip()
    return out


def build_game(name: str, rules: str | None, players: int | None, flags: list[str]) -> Game[Any]:
    """The game for the command line's GAME, --rules, --players and --flag options."""
    base, preset, spec_flags = parse_spec(name if rules is None else f"{name}:{rules}")
    overrides: dict[str, Any] = {**spec_flags, **_flags(flags)}
    if players is not None:
        overrides["players"] = players
    spec = f"{base}:{preset}" if preset else base
    return load_game(spec, **overrides)


@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    rules: Annotated[str | None, typer.Option("--rules", "-r",
                     help="preset, optionally with flags: classic?jokers=2")] = None,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    seed: Annotated[int | None, typer.Option(help="seed of the deal (random if not given)")] = None,
    name: Annotated[str | None, typer.Option(help="your name at the table (default: Player)")] = None,
    save: Annotated[Path | None, typer.Option(help="write the game record to this JSON file")] = None,
    vs: Annotated[str, typer.Option(help="opponents' bot specs, comma-separated, reused in turn")]
        = "random",
    flag: Annotated[list[str] | None, typer.Option("--flag", "-f",
                    help="a rules flag, FLAG=VALUE (repeatable)")] = None,
) -> None:
    """Play GAME in the terminal against bots."""
    try:
        game = build_game(game_name, rules, players, flag or [])
        specs = split_specs(vs + ",random")[:-1] if vs.strip() else []
        if not specs:
            raise ParlourError(f"--vs {vs!r}: name at least one bot, e.g. --vs random")
        n = game.num_players
        bots = {seat: make_bot(specs[(seat - 1) % len(specs)], game) for seat in range(1, n)}
        if save is not None and save.parent and not save.parent.exists():
            raise ParlourError(f"--save {str(save)!r}: the folder {str(save.parent)!r} does not exist")
    except ParlourError as e:
        raise fail(e) from None
    name = name if name is not None else _("Player")  # a name, not "You": the story says "Player leads…"
    names = [name] + [f"{readable_name(specs[(s - 1) % len(specs)], current_language())} {s + 1}" for s in range(1, n)]
    actual_seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
    console.print(Text(_("{title}: {rules} · seed {seed}").format(
        title=game.spec.title, rules=game.name_with_rules(), seed=actual_seed), style="dim"))
    play_game(game, actual_seed, names, bots, 0, renderer_for(game), console,
              console.input, save)


@app.command("rules")
def rules_command(game_spec: Annotated[str, typer.Argument(
        metavar="GAME", help="a game, optionally with its preset and flags: NAME[:PRESET][?FLAG=VALUE&...]")]) -> None:
    """Print GAME's rules with the flags in force, then its presets and every flag's allowed values."""
    try:
        name, _preset, _flags = parse_spec(game_spec)
        game_class = find_game_class(name)
        page = rules_page(game_with_rules(name, game_spec), current_language(), written=True)
    except ParlourError as e:
        raise fail(e) from None
    console.print(Markdown(page))
    rules_type = game_class.rules_type
    flags = rules_type.flags()
    presets = list(rules_type.presets) or ["default"]
    table = Table(title=_("Flags by preset"), title_justify="left")
    table.add_column(_("flag"), no_wrap=True)
    for p in presets:
        table.add_column(p + (" *" if p == rules_type.default_preset else ""), no_wrap=True)
    for flag_name, info in flags.items():
        values = [value_text(rules_type.presets.get(p, {}).get(flag_name, info.default)) for p in presets]
        table.add_row(flag_name, *values)
    console.print(table)
    for flag_name, info in flags.items():
        allowed = info.allowed(current_language())
        console.print(Text.assemble((flag_name, "bold"), f" — {_(info.help)} ", (f"({allowed})", "dim")))
    settable = [f for f, info in flags.items() if info.minimum is None or info.minimum != info.maximum]
    example = (settable or list(flags))[0]
    console.print(_("* default preset. Example: {command}").format(
        command=f"parlour play {game_class.spec.name} --rules {presets[-1]} --flag {example}=…"))


@app.command("replay")
def replay_command(
    path: Annotated[Path, typer.Argument(metavar="FILE", help="a game record (JSON), or an arena's records.jsonl "
                                         "(one record a line: choose it with --game)")],
    game: Annotated[int | None, typer.Option("--game", min=1, help="which line of a records.jsonl file to replay "
                                             "(1 is the first)")] = None,
    quiet: Annotated[bool, typer.Option(help="only check; print the result")] = False,
    verify: Annotated[str | None, typer.Option(
        "--verify", metavar="COMMITMENT",
        help="the commitment (SHA-256 hex) a server published when the table opened: check that the deal is "
             "the one committed to")] = None,
    open_viewer: Annotated[bool, typer.Option("--open", help="step through it in the browser's replay viewer "
                                              "(serves it on a free local port until Ctrl+C)")] = False,
) -> None:
    """Re-play a game record, checking every action, and print the hands as they went."""
    try:
        record = load_record(path, game)
        names = [name_in(name, current_language()) for name in record.players]  # bots named in the reader's words
        if verify is not None:
            if not verify_seed(record.seed, verify):
                raise RecordError(_("the deal does not match: the record's seed hashes to {actual}, not to the "
                                    "published commitment {given}").format(actual=seed_commitment(record.seed),
                                                                           given=verify.strip()[:80]))
            console.print(_("Deal verified: the record's seed is the one committed to ({commitment}).").format(
                commitment=seed_commitment(record.seed)))

        def show(state: State[Any, Any], seat: int, action: Action) -> None:
            if quiet:
                return
            who = names[seat] if 0 <= seat < len(names) else f"seat {seat}"
            hand = cards_str(state.hand(seat)) if not state.is_terminal else ""
            after = f"   [dim]→ {hand}[/dim]" if hand else ""
            console.print(f"{state.version:4d}. {who}: {action}{after}")

        if not quiet:
            start = start_of(record)
            for seat, who in enumerate(names):
                cards = cards_str(start.hand(seat))
                console.print("      " + _("{name} starts with {cards}").format(name=who, cards=cards))
        final = replay(record, show)
    except ActionDoesNotReplay as e:  # the whole record, seed and hands, is here: the engine's reason too
        raise fail(RecordError(f"{e}: {e.detail}")) from None
    except ParlourError as e:
        raise fail(e) from None
    note = engine_note(record.game, record.engine, final.game.spec.engine_version)
    if note is not None:
        Console(stderr=True, highlight=False).print(Text(_("warning: {note}").format(note=note), style="yellow"),
                                                    soft_wrap=True)
    result = ", ".join(f"{n} {r:+g}" for n, r in zip(names, final.returns(), strict=False))
    status = _("finished") if final.is_terminal else _("unfinished")
    replayed = ngettext("Replayed {n} action: {status}; {result}", "Replayed {n} actions: {status}; {result}",
                        len(record.actions))
    console.print(Text(replayed.format(n=len(record.actions), status=status, result=result), style="bold"))
    if open_viewer:
        open_replay(record)


def load_record(path: Path, game: int | None) -> GameRecord:
    """The record in ``path``: the whole file, or its line ``game`` (an arena's ``records.jsonl``)."""
    if game is None and path.suffix != ".jsonl":
        return GameRecord.load(path)
    try:
        lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(f"cannot read records {str(path)!r}: {e}") from None
    if game is None and len(lines) == 1:
        game = 1
    if game is None or not 1 <= game <= len(lines):
        asked = "" if game is None else f" (got --game {game})"
        raise RecordError(f"{str(path)!r} holds {len(lines)} records, one a line: choose one with --game 1 to "
                          f"{len(lines)}{asked}")
    return GameRecord.from_json(lines[game - 1], where=f"{path}, line {game}")


def players_range(game_class: type[Game[Any]]) -> str:
    """How many play the game: ``2–6``, or ``4`` when it is always four."""
    low, high = game_class.spec.min_players, game_class.spec.max_players
    return str(low) if low == high else f"{low}–{high}"


@app.command("games")
def games_command() -> None:
    """List the installed games and their presets (and any whose plug-in fails to load)."""
    for name, game_class in sorted(game_classes().items()):
        presets = ", ".join(game_class.rules_type.presets) or "—"
        console.print(_("{name}: {title}, {players} players; presets {presets}").format(
            name=name, title=game_class.spec.title, players=players_range(game_class), presets=presets))
    for name, why in sorted(broken_games().items()):
        console.print(Text(_("{name}: broken: {why}").format(name=name, why=why), style="red"))


@app.command("bots")
def bots_command() -> None:
    """List the bots a spec may name, with every setting each takes and the range it must lie in."""
    table = Table(_("Bot"), _("Setting"), _("Allowed"), _("What it sets"), box=None)
    for name in bot_names():
        options = options_of(name)
        if not options:
            table.add_row(name, "—", "", _("no settings"))
        for i, option in enumerate(options.values()):
            table.add_row(name if i == 0 else "", option.name, option.allowed(), option.help)
    console.print(table)


app.command("arena")(arena)
app.command("serve")(serve)
app.command("export")(export)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        console.print("\n" + _("Interrupted."))
        sys.exit(130)
