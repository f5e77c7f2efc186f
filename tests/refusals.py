"""Every well-formed action text is played or refused by the rules, never called unreadable.

Each game's ``tests/games/NAME/test_refusals.py`` writes out, for positions along seeded random
games, the text of every family of its notation (each verb with every argument the notation can
spell, whether or not it fits the position) and hands them to ``assert_refusals``: each must be
applied, or refused with ``IllegalActionError`` whose message quotes the text as typed. Only text
that is no action of the game may raise ``InvalidActionError``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator

from parlour.core.errors import IllegalActionError, InvalidActionError
from parlour.core.game import State
from parlour.core.registry import load_game


def positions(spec: str, seeds: Iterable[int], stops: int = 6) -> Iterator[State[object, object]]:
    """States along seeded random games of ``spec``: the start, then every few steps, to the end."""
    for seed in seeds:
        rng = random.Random(seed)
        state = load_game(spec).new_state(seed)
        step = 0
        while not state.is_terminal:
            if step % stops == 0:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        yield state


def assert_refusals(state: State[object, object], texts: Iterable[str]) -> int:
    """Apply each of ``texts`` to a copy of ``state``: played, or refused by the rules quoting it as typed.

    Returns how many were refused, so that a test can check the families reach the rules at all.
    """
    refused = 0
    for text in texts:
        try:
            state.clone().apply(text)
        except IllegalActionError as e:
            assert str(e).startswith(f"'{text}': "), (text, str(e))
            refused += 1
        except InvalidActionError as e:
            raise AssertionError(f"well-formed {text!r} read as no action: {e}") from None
    return refused


def assert_unreadable(state: State[object, object], texts: Iterable[str]) -> None:
    """Each of ``texts`` is no action of the game: ``InvalidActionError`` quoting it as typed."""
    for text in texts:
        try:
            state.clone().apply(text)
        except InvalidActionError as e:
            assert str(e).startswith(repr(text)), (text, str(e))
        else:
            raise AssertionError(f"{text!r} was read as an action")


Families = Callable[[State[object, object], random.Random], list[str]]
