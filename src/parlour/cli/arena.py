"""``parlour arena``: a tournament between bots, with a live table and written reports."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Annotated, NoReturn

import typer
from rich.console import Console, Group
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from parlour.arena import report
from parlour.arena.play import Outcome
from parlour.arena.runner import BACKENDS, run
from parlour.arena.schedule import schedule
from parlour.arena.stats import BotResult, Tally
from parlour.arena.tournament import team_seats
from parlour.bots import make_bot
from parlour.cli.failure import fail
from parlour.core.errors import ParlourError
from parlour.core.i18n import gettext as _
from parlour.core.registry import load_game

BUSY_SHARE = 0.7
"""A time-budgeted bot that got less of the processor than this while choosing is warned about."""


def results_table(results: list[BotResult], title: str) -> Table:
    table = Table(title=title, title_justify="left")
    columns = ((_("bot"), "left"), (_("games"), "right"), (_("wins"), "right"), (_("mean"), "right"),
               (_("95 % CI"), "left"), (_("edge"), "right"), (_("edge 95 % CI"), "left"), (_("rating"), "right"),
               (_("iters/move"), "right"))
    for column, justify in columns:
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for r in sorted(results, key=lambda r: -r.mean):
        table.add_row(r.bot, str(r.games), str(r.wins), f"{r.mean:+.3f}",
                      f"[{r.ci_low:+.3f}, {r.ci_high:+.3f}]", f"{r.edge:+.3f}",
                      f"[{r.edge_low:+.3f}, {r.edge_high:+.3f}]", f"{r.rating:.0f}",
                      report.iterations(r))
    return table


def check_out_dir(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise ParlourError(f"--out {str(out)!r} is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ParlourError(f"--out {str(out)!r}: cannot create the folder ({e.strerror})") from None
    if not os.access(out, os.W_OK):
        raise ParlourError(f"--out {str(out)!r}: the folder is not writable")


def arena(
    game_spec: Annotated[str, typer.Argument(metavar="GAME", help="game spec: NAME[:PRESET][?FLAG=VALUE&...]; "
                                             "parlour games lists the names")],
    bots: Annotated[str, typer.Option(help="bot specs, comma-separated: random,heuristic,ismcts:iters=500")],
    games: Annotated[int, typer.Option(help="games to play (rounded up to whole duplicate deals)")] = 100,
    workers: Annotated[int, typer.Option(help="worker processes (or Ray CPUs)")] = 1,
    seed: Annotated[int, typer.Option(help="tournament seed")] = 0,
    out: Annotated[Path, typer.Option(help="folder for records.jsonl, results.json, results.md, plot.png")]
        = Path("arena-out"),
    backend: Annotated[str, typer.Option(help="local (processes on this machine) or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="address of an existing Ray cluster")] = None,
) -> None:
    """Play a tournament between bots with fair seating and duplicate deals; write the reports."""
    console = Console(highlight=False)
    try:
        game = load_game(game_spec)
        specs = split_specs(bots)
        for spec in specs:
            make_bot(spec, game)
        if games <= 0:
            raise ParlourError(f"--games {games}: play at least one game")
        if workers <= 0:
            raise ParlourError(f"--workers {workers}: use at least one worker")
        if backend not in BACKENDS:
            raise ParlourError(f"--backend {backend!r}: backends are {', '.join(BACKENDS)}")
        check_out_dir(out)
    except ParlourError as e:
        raise fail(e) from None
    spec = game.name_with_rules()
    teams = team_seats(game)
    tasks = schedule(len(specs), game.num_players, games, seed, teams or None)
    tally = Tally(specs, teams or None)
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    bar = progress.add_task(f"{spec}", total=len(tasks))
    with Live(Group(progress), console=console, refresh_per_second=4) as live:

        def on_result(outcome: Outcome) -> None:
            tally.add(outcome)
            progress.advance(bar)
            if tally.played % max(1, len(tasks) // 50) == 0 or tally.played == len(tasks):
                live.update(Group(progress, results_table(tally.results(), _("so far"))))

        try:
            with terminate_as_exit():
                outcomes = run(spec, specs, tasks, workers, backend, address, on_result)
        except ParlourError as e:
            raise fail(e) from None
        live.update(Group(progress), refresh=True)  # the final table is printed once, below
    results = tally.results()
    settings = {"spec": spec, "seed": seed, "backend": backend, "workers": workers,
                "bot_specs": list(specs)}
    plotted = report.write(out, spec, settings, outcomes, results, teams)
    console.print(results_table(results, _("{spec}: {n} games").format(spec=spec, n=len(outcomes))))
    for result in results:
        if result.cpu_share is not None and result.cpu_share < BUSY_SHARE:
            console.print("[bold yellow]" + _("warning:") + "[/] " + _(
                "{bot} got {share:.0%} of the processor while it chose (the machine was busy), so it searched "
                "less than its time budget allows; give it iters= for results that do not depend on the load"
            ).format(bot=result.bot, share=result.cpu_share))
    if plotted:
        console.print(_("Wrote {folder}/records.jsonl, results.json, results.md and plot.png").format(folder=out))
    else:
        console.print(_("Wrote {folder}/records.jsonl, results.json and results.md (the plot needs matplotlib: "
                        "{extra})").format(folder=out, extra="pip install 'parlour[report]'"), markup=False)


@contextmanager
def terminate_as_exit() -> Iterator[None]:
    """Within: ``SIGTERM`` ends the arena as Ctrl-C does, by an exception, so that it stops its workers and
    releases what they shared rather than dying on the spot (its workers would end anyway, but the system
    would warn of leaked semaphores). Only the main thread may set signal handlers; elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminated(signum: int, _: FrameType | None) -> NoReturn:
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


def split_specs(text: str) -> list[str]:
    """Bot specs separated by commas, where a spec's own settings also use commas.

    ``ismcts:iters=500,c=1,heuristic`` is two bots: a part with ``=`` and no
    ``:`` continues the previous spec's settings.
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "=" in part and ":" not in part and specs:
            specs[-1] += "," + part
        else:
            specs.append(part)
    if len(specs) < 2:
        raise ParlourError(f"--bots {text!r}: name at least two bots, e.g. --bots heuristic,random")
    return specs
