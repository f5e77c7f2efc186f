"""The command line's help and its library's own words in the chosen language (``--lang``).

Every command's and option's help is a message of the catalogs like any other (``tools/messages.py`` gathers
them with ``help_texts``; the library's own words, "Show this message and exit." included, are
``LIBRARY_WORDS``), and so are the titles of Typer's panels
("Options", "Commands"). ``speak`` puts a command tree into the current language; it can be called again in
another language (a test's process, an embedding program), the English texts kept. (Typer's own copy of
Click writes "Usage:" as it is, untranslatable.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import typer.rich_utils

from parlour.core.i18n import gettext

PANELS = {
    "ARGUMENTS_PANEL_TITLE": "Arguments", "OPTIONS_PANEL_TITLE": "Options", "COMMANDS_PANEL_TITLE": "Commands",
    "ERRORS_PANEL_TITLE": "Error", "ABORTED_TEXT": "Aborted.", "REQUIRED_LONG_STRING": "[required]",
    "DEFAULT_STRING": "[default: {}]", "RICH_HELP": "Try [blue]'{command_path} {help_option}'[/] for help.",
}
"""Typer's own words, set once when its module is imported: ``speak`` sets them again in the language."""
HELP_OPTION = "Show this message and exit."
"""The help of every command's ``--help``, which the library words itself (set again by ``speak``)."""
LIBRARY_WORDS = (*PANELS.values(), HELP_OPTION)
"""The words of the command line's library translated in the catalogs."""
ENGLISH = "_parlour_english_help"
"""The attribute keeping a command's or option's English help once ``speak`` has translated it."""


def _children(command: Any) -> list[Any]:
    """A group's commands (Typer's commands are its own copy of Click's: known by what they hold)."""
    return list(getattr(command, "commands", {}).values())


def help_texts(command: Any) -> Iterator[str]:
    """Every help text of ``command``, its options and its subcommands, in English (for the catalogs)."""
    for item in (command, *command.params):
        text = getattr(item, ENGLISH, getattr(item, "help", None))
        if text:
            yield text
    for child in _children(command):
        yield from help_texts(child)


def speak(command: Any) -> None:
    """``command``'s help, its ``--help``'s and Typer's panels in the current language from now on."""
    helper = command.get_help_option(command.context_class(command))  # made once, kept by the command
    if helper is not None:
        helper.help = gettext(HELP_OPTION)
    for item in (command, *command.params):
        if not hasattr(item, "help"):
            continue
        english = item.__dict__.setdefault(ENGLISH, item.help)
        if english:
            item.help = gettext(english)
    for child in _children(command):
        speak(child)
    for name, english in PANELS.items():
        setattr(typer.rich_utils, name, gettext(english))
