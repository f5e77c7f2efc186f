"""Every well-formed Plonk action text is played or refused by the rules (``tests/refusals.py``)."""

from __future__ import annotations

import pytest

from parlour.core.cards import card_str
from tests.refusals import assert_refusals, assert_unreadable, positions


@pytest.mark.parametrize("spec", ["plonk", "plonk?target=100"])
def test_every_card_is_played_or_refused_by_the_rules(spec: str) -> None:
    """Plonk's one family, a card: every one, as written and in lower case."""
    texts = [card_str(c) for c in range(52)]
    texts += [text.lower() for text in texts]
    refused = 0
    for state in positions(spec, range(2), stops=7):
        refused += assert_refusals(state, texts)
    assert refused > 1000


def test_text_that_is_no_action_is_unreadable() -> None:
    state = next(positions("plonk", [0]))
    assert_unreadable(state, ["", "Jk", "play Ah", "1h", "Ahh", "pass 2c 3c"])
