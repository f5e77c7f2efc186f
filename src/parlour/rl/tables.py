"""The tables of ``docs/rl.md``, written from the games' encodings so that the two cannot disagree."""

from __future__ import annotations

from parlour.core.encoding import encoding_of
from parlour.core.registry import game_classes, load_game


def documented() -> list[str]:
    """The rule sets whose tables ``docs/rl.md`` shows: each game with an encoding, at its fewest and most players."""
    return [
        f"{name}?players={players}"
        for name, game_class in sorted(game_classes().items()) if "encoding" in game_class.parts
        for players in sorted({game_class.spec.min_players, game_class.spec.max_players})
    ]


def layout_table(spec: str) -> str:
    """The observation layout and the action space of ``spec`` as a Markdown table."""
    game = load_game(spec)
    encoding = encoding_of(game)
    words = encoding.vocabulary
    lines = [
        f"#### `{game.name_with_rules()}`: observation {encoding.layout.size + len(words)} floats, "
        f"`Discrete({len(words)})`",
        "",
        "| section | slots | what |",
        "|---|---:|---|",
        *(f"| `{s.name}` | {s.start}–{s.start + s.size - 1} | {s.what} |" for s in encoding.layout.sections),
        f"| `chosen` | {encoding.layout.size}–{encoding.layout.size + len(words) - 1} | "
        "the words of the action chosen so far, one slot per word |",
        "",
        f"Words: `{'`, `'.join(words[:12])}`, … `{words[-1]}` ({len(words)} in all).",
    ]
    return "\n".join(lines)


def tables() -> str:
    """Every documented table, as ``docs/rl.md`` carries them."""
    return "\n\n".join(layout_table(spec) for spec in documented()) + "\n"
