"""``parlour export``: game records (an arena's) replayed into a dataset for learning, as .npz or Parquet."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from parlour.cli.failure import fail
from parlour.core.errors import ParlourError
from parlour.core.i18n import gettext as _


def export(
    records: Annotated[list[Path], typer.Argument(
        metavar="RECORDS", help="an arena's output folder, its records.jsonl (one record a line) or a game "
                                   "record (.json); all of one game and rule set")],
    out: Annotated[Path, typer.Option(help="the file to write (replaced whole, or left as it was on an error)")],
    format_name: Annotated[str | None, typer.Option(
        "--format", help="npz or parquet (default: from --out's suffix); parquet needs pyarrow")] = None,
    seats: Annotated[list[str] | None, typer.Option(
        "--seats", help="keep only this seat's decisions: a seat number (0 is the first) or a player's name as "
                        "the records hold it, an arena's bot spec (repeatable)")] = None,
) -> None:
    """Replay game records into a dataset for offline RL: one row per word decision, as parlour.rl shows it, with
    the seat's next row and whether the game ended there (next_observation, next_mask, terminal; docs/rl.md)."""
    import importlib.util

    if importlib.util.find_spec("numpy") is None:
        raise fail(_("parlour export needs NumPy, which is not installed: {extra}").format(
            extra="pip install 'parlour[rl]'"))
    from parlour.arena.dataset import dataset, read_records
    from parlour.arena.export import check_ready, format_of, write

    try:
        kind = format_of(out, format_name)
        check_ready(out, kind)
        data = dataset(read_records(records), seats or [])
        write(data, out, kind)
    except ParlourError as e:
        raise fail(e) from None
    games = len(data.metadata["games"])
    Console(highlight=False).print(_("Wrote {path}: {rows} rows (word decisions) from {games} game records").format(
        path=out, rows=len(data.action), games=games))
