"""A game's rules, as players read them: its own pages, in each language, with the flags in force.

A game ships its rules pages in its package, one markdown file per language,
``rules.<lang>.md`` beside its Game class (``docs/rules/<lang>/<game>.md`` in
the repository points at them). ``rules_page`` adds, for the rules a table or
a command line uses, every flag with its value and what it does, so a page
always says exactly what is played. A game without a page in the language
asked gets its English page, and one without any its title and description.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib.resources import files
from typing import Any

from parlour.core.errors import RulesError
from parlour.core.game import Game
from parlour.core.i18n import SOURCE_LANGUAGE, check_language, gettext
from parlour.core.registry import load_game, parse_spec
from parlour.core.rules import Rules

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


def rules_in_words(game: Game[Any], lang: str = SOURCE_LANGUAGE) -> str:
    """The rules a table plays, as people say them, in ``lang``: "Tock · 4 players · standard (the basic rules:
    …)", then each flag that differs from the preset, "teams: partners facing". What the lobby, a table's header
    and a rules page show in place of the spec (``tock:standard?players=4``)."""
    rules_type = type(game.rules)
    _name, preset, changed = parse_spec(game.name_with_rules())
    parts = [game.spec.title, gettext("{n} players", lang).format(n=game.rules.players)]
    if preset:
        title, description = rules_type.preset_in_words(preset, lang)
        parts.append(gettext("{preset} ({description})", lang).format(preset=title, description=description)
                     if description else title)
    infos = rules_type.flags()
    for name in changed:
        info = infos.get(name)
        if info is not None and name != "players":
            parts.append(gettext("{flag}: {value}", lang).format(
                flag=gettext(info.title, lang), value=info.value_words(getattr(game.rules, name), lang)))
    return " · ".join(parts)


def flags_in_force(game: Game[Any], lang: str, written: bool = False) -> str:
    """Markdown: the rules in force in words and every flag's name, value and meaning in words; ``written``
    (the terminal, where flags are typed) adds the spec that reads them back and each flag's identifier."""
    heading = gettext("Rules in force: {spec}", lang).format(spec=rules_in_words(game, lang))
    columns = (gettext("flag", lang), gettext("value", lang), gettext("what it does", lang))
    lines = ["## " + heading, ""]
    if written:
        lines += [gettext("Written: {spec}", lang).format(spec=f"`{game.name_with_rules()}`"), ""]
    lines += ["| " + " | ".join(columns) + " |", "|---|---|---|"]
    for name, info in type(game.rules).flags().items():
        value = getattr(game.rules, name)
        title = gettext(info.title, lang) + (f" (`{name}`)" if written else "")
        shown = info.value_words(value, lang) + (f" (`{value_text(value)}`)" if written else "")
        meaning = gettext(info.help, lang)
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in (title, shown, meaning)) + " |")
    return "\n".join(lines) + "\n"


IDENTIFIER = re.compile(r"`([a-z0-9_]+)(?:=([a-z0-9_]+))?`")
"""A flag, a flag with its value, a preset or a value, written as code in a rules page: `drop_timing`,
`stock_out=end`, `classic`."""


def identifiers_in_words(text: str, rules_type: type[Rules], lang: str) -> str:
    """``text`` (a rules page's markdown) with each flag, preset and flag value written as code put in words in
    ``lang``: «when to drop» for `drop_timing`, «empty stock: end the hand» for `stock_out=end`, «classic» for
    `classic`. A page read in the browser names no identifier; what is not one stays as written."""
    infos = rules_type.flags()
    values = {value_text(choice): (info, choice) for info in reversed(infos.values()) for choice in info.choices}
    quote = gettext("“{words}”", lang)

    def words(match: re.Match[str]) -> str:
        word, value = match.group(1), match.group(2)
        info = infos.get(word)
        if info is not None and value is None:
            return quote.format(words=gettext(info.title, lang))
        if info is not None:
            try:
                shown = info.value_words(info.read(value), lang)
            except RulesError:
                return match.group(0)
            return quote.format(words=gettext("{flag}: {value}", lang).format(flag=gettext(info.title, lang),
                                                                               value=shown))
        if value is None and word in rules_type.presets:
            return quote.format(words=rules_type.preset_in_words(word, lang)[0])
        if value is None and word in values:
            owner, choice = values[word]
            return quote.format(words=owner.value_words(choice, lang))
        return match.group(0)

    return IDENTIFIER.sub(words, text)


def rules_page(game: Game[Any], lang: str = SOURCE_LANGUAGE, written: bool = False) -> str:
    """The whole page for ``game`` in ``lang``: the game's own text, then the flags in force. In words only (a
    page for the browser), unless ``written`` (the terminal's, where flags and presets are typed as written)."""
    code = check_language(lang)
    cls = type(game)
    text = page_text(cls, code) or f"# {cls.spec.title}\n\n{cls.spec.description}\n"
    if not written:
        text = identifiers_in_words(text, type(game.rules), code)
    return text.rstrip("\n") + "\n\n" + flags_in_force(game, code, written)


def game_with_rules(name: str, rules: str | None = None) -> Game[Any]:
    """The game ``name`` played under ``rules``: a preset with flags (``classic?jokers=2``), a whole
    spec of that game (``tonk:classic?players=3``), or nothing (the defaults); ``RulesError`` otherwise."""
    text = (rules or "").strip()
    if not text or text.lower() == name.lower():
        return load_game(name)
    if text.lower().startswith((f"{name.lower()}:", f"{name.lower()}?")):
        return load_game(text)
    return load_game(f"{name}{text}" if text.startswith("?") else f"{name}:{text}")
