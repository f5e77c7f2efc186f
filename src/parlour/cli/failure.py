"""How every command says it cannot go on: one red line, exit status 2."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.text import Text


def fail(error: object, console: Console | None = None) -> typer.Exit:
    """Print ``error: …`` (to standard error unless ``console`` is given) and return the exit to raise.

    The message is printed as plain text, never read as Rich markup: errors quote what the user
    typed, and an install hint such as ``pip install 'parlour[learn]'`` must keep its brackets.
    """
    (console or Console(stderr=True, highlight=False)).print(Text(f"error: {error}", style="bold red"),
                                                             soft_wrap=True)
    return typer.Exit(2)
