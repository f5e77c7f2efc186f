"""parlour's bots as ``pyspiel.Bot``s: whole games through ``pyspiel.evaluate_bots``, each action the one the
parlour bot chooses from its seat's view, word by word."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install -e .[openspiel])")

from parlour.bots import make_bot  # noqa: E402
from parlour.core.game import Action, View  # noqa: E402
from parlour.openspiel import PREFIX, SpielState, parlour_bot, register  # noqa: E402

register()

BOARDS = [
    ("tonk", {"preset": "classic?hands=4", "players": 3}),
    ("plonk", {"preset": "?target=100"}),
    ("tock", {"players": 4}),
]
"""Tonk (a match; spreads of several words), Plonk (one word a card), Tock (7 splits of several parts)."""


def load(name: str, params: dict[str, object]) -> Any:
    return pyspiel.load_game(PREFIX + name, params)


@pytest.mark.parametrize(("name", "params"), BOARDS, ids=[n for n, _ in BOARDS])
def test_evaluate_bots_plays_whole_games_with_parlours_bots(name: str, params: dict[str, object]) -> None:
    game = load(name, params)
    bots = [parlour_bot(game, "heuristic" if p % 2 else "random", p, seed=p) for p in range(game.num_players())]
    for seed in range(3):
        state = game.new_initial_state()
        returns = pyspiel.evaluate_bots(state, bots, seed)
        assert state.is_terminal() and state.state.is_terminal
        assert returns == state.returns() == [float(r) for r in state.state.returns()]
        assert sum(returns) == pytest.approx(game.utility_sum())


@pytest.mark.parametrize(("name", "params"), BOARDS, ids=[n for n, _ in BOARDS])
def test_each_action_is_the_one_the_parlour_bot_chooses(name: str, params: dict[str, object]) -> None:
    """From a dealt game (``evaluate_bots`` calls ``restart_at``), the actions played are those of parlour's
    own loop: each seat's bot asked with its view and the legal actions, its generator seeded alike."""
    game = load(name, params)
    specs = ["heuristic" if p % 2 else "random" for p in range(game.num_players())]
    played = 0
    for seed in range(5, 9):
        state = game.deal(seed)
        expected = state.state.clone()
        pyspiel.evaluate_bots(state, [parlour_bot(game, spec, p, seed=10 + p) for p, spec in enumerate(specs)], 0)
        bots = [make_bot(spec, game.parlour) for spec in specs]
        rngs = [random.Random(10 + p) for p in range(len(specs))]
        while not expected.is_terminal:
            seat = expected.current_player
            expected.apply(bots[seat].choose(expected.view(seat), expected.legal_actions(), rngs[seat]))
        assert state.state.history() == expected.history()
        played += len(expected.history())
    assert played > 20


class Spy:
    """A bot that checks it is shown its seat's view of the game being played, and plays at random."""

    name = "spy"

    def __init__(self, state: SpielState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.asked = 0

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        assert view == self.state.state.view(self.seat) != self.state.state.view(None)
        assert list(legal) == list(self.state.state.legal_actions())
        self.asked += 1
        return rng.choice(legal)


def test_the_bot_is_shown_its_seats_view_and_the_legal_actions_only() -> None:
    game = load("plonk", {"preset": "?target=40"})
    state = game.deal(3)
    spies = [Spy(state, p) for p in range(4)]
    returns = pyspiel.evaluate_bots(state, [parlour_bot(game, spy, p) for p, spy in enumerate(spies)], 0)
    assert state.is_terminal() and returns == state.returns()
    assert all(spy.asked > 0 for spy in spies)


def test_asked_in_the_middle_of_an_action_it_finishes_one_those_words_begin() -> None:
    """A Tonk spread begun by someone else (``restart_at`` such a state): the bot's words lead to a legal
    action that starts with the word already chosen."""
    game = load("tonk", {"preset": "classic", "players": 2})
    rng = random.Random(1)
    begun = 0
    for seed in range(40):
        state = game.deal(seed)
        while not state.is_terminal() and begun <= seed:
            words = state.words
            firsts = {w[0] for w, _ in words.candidates if len(w) > 1}
            many = [w for w in firsts if sum(1 for c, _ in words.candidates if c[0] == w) > 1]
            if not words.chosen and many:
                first = rng.choice(many)
                state.apply_action(first)
                player = state.current_player()
                bot = parlour_bot(game, "heuristic", player, seed=0)
                bot.restart_at(state)
                before = state.state.version
                while state.state.version == before:
                    word = bot.step(state)
                    assert word in state.legal_actions()
                    state.apply_action(word)
                said = state.state.history()[-1][1]
                assert str(said).split()[0] == words.vocabulary[first]
                begun += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert begun >= 10


def test_a_bot_refuses_another_seats_turn_and_a_seat_not_at_the_table() -> None:
    game = load("plonk", {})
    state = game.deal(1)
    other = (state.current_player() + 1) % 4
    with pytest.raises(ValueError, match=f"plays seat {other}"):
        parlour_bot(game, "random", other).step(state)
    with pytest.raises(ValueError, match="player 4 is not at this table"):
        parlour_bot(game, "random", 4)
