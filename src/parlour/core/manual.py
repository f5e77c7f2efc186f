"""A game's rules, as players read them: its own pages, in each language, with the flags in force.

A game ships its rules pages in its package, one markdown file per language,
``rules.<lang>.md`` beside its Game class (``docs/rules/<lang>/<game>.md`` in
the repository points at them). ``rules_page`` adds, for the rules a table or
a command line uses, every flag with its value and what it does, so a page
always says exactly what is played. A game without a page in the language
asked gets its English page, and one without any its title and description.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from typing import Any

from parlour.core.game import Game
from parlour.core.i18n import SOURCE_LANGUAGE, check_language, gettext
from parlour.core.registry import load_game

PAGE = "rules.{lang}.md"


@lru_cache(maxsize=64)
def page_text(cls: type[Game[Any]], lang: str) -> str | None:
    """The game's own page in ``lang`` (else in English), or None when it ships none."""
    package = cls.__module__.rpartition(".")[0] or cls.__module__
    for code in dict.fromkeys((lang, SOURCE_LANGUAGE)):
        try:
            path = files(package).joinpath(PAGE.format(lang=code))
            if path.is_file():
                return path.read_text(encoding="utf-8")
        except (ModuleNotFoundError, TypeError):
            return None
    return None


def value_text(value: Any) -> str:
    """A flag's value as a spec string writes it: ``true``, ``none``, ``classic``, ``7``."""
    return "none" if value is None else str(value).lower()


def flags_in_force(game: Game[Any], lang: str) -> str:
    """Markdown: the rules in force (the spec that reads them back) and every flag's value and meaning."""
    heading = gettext("Rules in force: {spec}", lang).format(spec=f"`{game.name_with_rules()}`")
    columns = (gettext("flag", lang), gettext("value", lang), gettext("what it does", lang))
    lines = ["## " + heading, "", "| " + " | ".join(columns) + " |", "|---|---|---|"]
    for name, info in type(game.rules).flags().items():
        meaning = gettext(info.help, lang).replace("|", "\\|")
        lines.append(f"| `{name}` | `{value_text(getattr(game.rules, name))}` | {meaning} |")
    return "\n".join(lines) + "\n"


def rules_page(game: Game[Any], lang: str = SOURCE_LANGUAGE) -> str:
    """The whole page for ``game`` in ``lang``: the game's own text, then the flags in force."""
    code = check_language(lang)
    cls = type(game)
    text = page_text(cls, code) or f"# {cls.spec.title}\n\n{cls.spec.description}\n"
    return text.rstrip("\n") + "\n\n" + flags_in_force(game, code)


def game_with_rules(name: str, rules: str | None = None) -> Game[Any]:
    """The game ``name`` played under ``rules``: a preset with flags (``classic?jokers=2``), a whole
    spec of that game (``tonk:classic?players=3``), or nothing (the defaults); ``RulesError`` otherwise."""
    text = (rules or "").strip()
    if not text or text.lower() == name.lower():
        return load_game(name)
    if text.lower().startswith((f"{name.lower()}:", f"{name.lower()}?")):
        return load_game(text)
    return load_game(f"{name}{text}" if text.startswith("?") else f"{name}:{text}")
