"""Bot specs and the random bot."""

from __future__ import annotations

import random
import re

import pytest

from parlour import load_game
from parlour.bots import make_bot
from parlour.core.errors import BotSpecError


def test_random_bot_picks_a_legal_action_from_the_view_only() -> None:
    game = load_game("tonk:speno", players=2)
    state = game.new_state(1)
    bot = make_bot("random", game)
    picks = {str(bot.choose(state.view(0), state.legal_actions(), random.Random(i))) for i in range(30)}
    assert picks == {str(a) for a in state.legal_actions()}


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [("random:x=1", "takes no settings"),
     ("random:x", "'x' should be KEY=VALUE")],
)
def test_bad_specs(spec: str, fragment: str) -> None:
    with pytest.raises(BotSpecError) as caught:
        make_bot(spec, load_game("tonk"))
    assert fragment in str(caught.value)


def test_an_unknown_bot_is_refused_listing_the_bots() -> None:
    """Every bot by name, in order: parlour's own, and any a script registered (examples/mctx_plonk.py does, when a
    test imports it)."""
    with pytest.raises(BotSpecError) as caught:
        make_bot("genius", load_game("tonk"))
    assert re.fullmatch(r"unknown bot 'genius': bots are heuristic, ismcts, learned, level, (\w+, )*random, strong",
                        str(caught.value)), caught.value


@pytest.mark.parametrize("spec", ["ismcts:c=nan", "ismcts:c=inf", "ismcts:iters=-inf", "ismcts:c=1e999",
                                  "strong:ms=NaN"])
def test_bot_settings_that_are_no_finite_number_are_refused(spec: str) -> None:
    with pytest.raises(BotSpecError, match="is not a finite number") as caught:
        make_bot(spec, load_game("tonk"))
    assert repr(spec) in str(caught.value)
