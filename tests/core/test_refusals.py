"""Every refusal a game declares is given by its rules and reads as a sentence saying the rule, in French and
English alike, naming pawns as the board does (core/refusals.py).

For each game, actions of every family of its notation are tried along seeded games (the families of each
game's ``test_refusals.py``), and hand-built positions reach the rarer refusals: every declared code must be
given and every code given declared, and each is worded in both languages and checked.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from parlour.core.cards import Card
from parlour.core.errors import ParlourError
from parlour.core.game import State
from parlour.core.i18n import gettext
from parlour.core.refusals import Refusal
from parlour.core.registry import load_game
from parlour.games.tock.actions import Move
from parlour.games.tonk.actions import Hit
from tests.games.tock.helpers import position as tock
from tests.games.tock.test_refusals import texts as tock_texts
from tests.games.tonk.helpers import play, tonk
from tests.games.tonk.test_refusals import texts as tonk_texts
from tests.refusals import positions

OWN_PAWN = re.compile(r"(?<![a-z0-9])p[1-4](?![0-9])", re.IGNORECASE)
"""The engine's name for the mover's own pawn, which the board never shows."""

NOTATION = {"action", "forms", "example", "written", "own", "theirs", "play", "keep"}
"""Parameters that quote notation (what was typed, what to type): a refusal's words name pawns as the board does
everywhere else."""

CORE = {"action/game_over", "action/illegal", "card/unreadable"}
"""Core's own refusals, which any game may give."""


def tock_scenarios() -> Iterator[tuple[State[Any, Any], object]]:
    """Positions and actions for the Tock refusals that seeded games rarely reach."""
    dull = ["9s", "9h", "10c", "10d"]
    yield tock(players=8, pawns={"a1": 9, "a2": 63}, hand=["Qc", "4s", *dull[:3]]), "4 p2>>"
    yield tock(players=8, pawns={"a1": 10}, hand=["8c", *dull]), "8 p1>"
    yield tock(players=6, pawns={"a1": 9, "a2": 45, "b1": 15}, hand=["8c", "4s", *dull[1:]]), "8 p2>>"
    yield tock(pawns={"a1": 0}, advantaged=["a1"], hand=["Ac", *dull]), "A enter"
    yield tock(pawns={"a1": 10, "a2": 30}, hand=["7c", *dull]), "7 p2+4 p1+3"
    yield tock(pawns={"a1": 5}, hand=["5c", "4c", "8c", "7c", "Jc"]), "5 f1"
    for wrong in (Move(5, 1), Move(7, 1), Move(11, 1)):
        yield tock(pawns={"a1": 5}, hand=["5c", "4c", "8c", "7c", "Jc"]), wrong
    yield tock(pawns={"a1": 5}, hand=["5c", "4c", "8c", "7c", "Jc"]), "4 b1"
    yield tock(pawns={"a1": 5}, hand=["5c", "4c", "8c", "7c", "Jc"]), "8 b1"
    yield tock(hand=["2c", *dull], two_of_spades_enters=True), "2 enter"
    home = {"a1": "h1", "a2": "h2", "a3": "h3", "a4": "h4"}
    yield tock(pawns={**home, "c1": 40}, hand=["8c"], teams="pairs"), "8 p1"
    yield tock(pawns={**home, "c1": 40}, hand=["8c"], teams="pairs"), "for b: 8 p1"
    yield tock(pawns={"a1": 5, "c1": 40}, hand=["8c"], teams="pairs"), "for c: 8 p1"
    yield tock(pawns={"a1": 5}, hand=["8c"]), "for c: 8 p1"
    joker = tock(players=8, pawns={"a1": 117}, hand=["Jk", "Qc", "4s", "9h", "10c"])
    joker.apply("Jk 18 p1")
    yield joker.clone(), "discard 9h"  # the bonus is decided first
    joker.apply("bonus play")
    yield joker.clone(), "bonus keep"  # one more card is played first
    yield joker, "Q p1>"  # a1 came to the intersection this turn


def tonk_scenarios() -> Iterator[tuple[State[Any, Any], object]]:
    """Positions and actions for the Tonk refusals that seeded games rarely reach."""
    run = [{"owner": 1, "cards": ["6h", "7h", "8h"]}]
    yield tonk("tonk:speno", ["2c 3d", "Kc Kd"], discard=[]), "draw discard"
    emptied = tonk("tonk:speno?stock_out=discard_only", ["2c 3d", "Kc Kd"], discard="9s")
    emptied.pos.stock = emptied.pos.stock[:0]  # the stock ran out: only the discard pile is drawn from
    yield emptied, "draw stock"
    fits = tonk("tonk:classic", ["Kc 5c 9d", "Ac 2c"], stock="Jd Js", spreads=run)
    play(fits, "draw stock")
    yield fits.clone(), "hit Kc 1"
    yield fits, Hit(Card(52), 1)  # a joker face where the card it stands for belongs
    hearts = [{"owner": 1, "cards": [f"{r}h" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
                                                        "K")]}]
    full_run = tonk("tonk:classic", ["Kc 5c 9d", "Ac 2c"], stock="Jd Js", spreads=hearts)
    play(full_run, "draw stock")
    yield full_run, "hit 5c 1"
    four = tonk("tonk:classic", ["Kc 5c 8d", "Ac 2c"], stock="Jd Js",
                spreads=[{"owner": 1, "cards": ["9c", "9s", "9h", "9d"]}])
    play(four, "draw stock")
    yield four, "hit 5c 1"
    locked = tonk("tonk:classic", ["5h Kc", "Ac 2c", "Qc Qd"], stock="Jd Js Jc Qs", spreads=run)
    play(locked, "draw stock", "hit 5h 1", "discard Jd")
    yield locked, "drop"
    taken = tonk("tonk:speno", ["2c 3d", "Kc Kd"], discard="9s")
    play(taken, "draw discard")
    yield taken, "discard 9s"
    no_jokers = tonk("tonk:speno", ["3c 3d 9d Kh", "Kc Kd"], stock="Ks")
    play(no_jokers, "draw stock")
    yield no_jokers, "spread 3c 3d Jk=3h"
    high = tonk("tonk:speno?ace_high=true", ["3c 5d 9h Kh", "Kc Kd"], stock="Ks")
    play(high, "draw stock")
    yield high, "spread 3c 5d 9h"


UNREADABLE = {
    "tock": ["", "p2 8", "8h p2", "8 9 p2", "8 p9", "8 p2>>>", "J p2", "J p1><>c1", "8 b2", "4 b2", "8 x", "5 x",
             "3 p1+3", "7 p1+0", "7 p1 p2", "8", "8 p1 p2", "bonus later", "discard", "discard 9", "5 enter now",
             "for z: 8 p1", "for c: discard 9h"],
    "tonk": ["", "fly", "discard Zz", "hit 8s two", "spread Jk 6h 7h", "spread 5h=6h 6h 7h", "spread Jk=Jk 6h 7h"],
    "plonk": ["Zz", "Jk"],
}
"""Text that is no action of each game, one for each way of being none."""


def unreadable_scenarios(name: str) -> Iterator[tuple[State[Any, Any], object]]:
    state = load_game(name).new_state(0)
    for text in UNREADABLE[name]:
        yield state, text


SCENARIOS: dict[str, Callable[[], Iterator[tuple[State[Any, Any], object]]]] = {
    "tock": tock_scenarios, "tonk": tonk_scenarios}


def refusals(state_texts: Iterator[tuple[object, list[object]]]) -> Iterator[Refusal]:
    """The refusals given for each (state, actions) pair: text, or objects that are no action."""
    for state, actions in state_texts:
        for action in actions:
            try:
                state.clone().apply(action)  # type: ignore[attr-defined]
            except ParlourError as e:
                if isinstance(e.refusal, Refusal):
                    yield e.refusal


def given(name: str) -> list[Refusal]:
    spec = {"tock": "tock?players=4", "tonk": "tonk?players=3&jokers=2&spades_side_bet=true", "plonk": "plonk"}[name]
    rng = random.Random(name)
    families = {"tock": tock_texts, "tonk": tonk_texts}

    def pairs() -> Iterator[tuple[object, list[object]]]:
        for state in positions(spec, [0, 1], stops=25 if name == "tock" else 3):
            if state.is_terminal:
                continue
            actions: list[object] = [object()]
            if name in families:
                actions += families[name](state, rng)
            else:
                actions += ["Ah", "2c", "Kd", "9s", "Qh"]
            yield state, actions
        if name in SCENARIOS:
            for state, action in SCENARIOS[name]():
                yield state, [action]
        for state, action in unreadable_scenarios(name):
            yield state, [action]

    return list(refusals(pairs()))


def inner(refusal: Refusal) -> Iterator[Refusal]:
    yield refusal
    for value in refusal.params.values():
        if isinstance(value, Refusal):
            yield from inner(value)


def values(refusal: Refusal) -> list[str]:
    return [str(v) for r in inner(refusal) for v in r.params.values() if not isinstance(v, Refusal)]


@pytest.mark.parametrize("name", ["tock", "tonk", "plonk"])
def test_every_declared_refusal_is_given_and_every_given_one_declared(name: str) -> None:
    declared = set(load_game(name).refusals)
    seen = {r.code for refusal in given(name) for r in inner(refusal)}
    assert seen <= declared | CORE, seen - declared
    assert declared <= seen, sorted(declared - seen)


@pytest.mark.parametrize("name", ["tock", "tonk", "plonk"])
def test_every_declared_refusal_is_translated(name: str) -> None:
    for code, template in load_game(name).refusals.items():
        assert gettext(template, "fr") != template, code


@pytest.mark.parametrize("name", ["tock", "tonk", "plonk"])
def test_every_refusal_given_reads_as_the_rule_in_both_languages(name: str) -> None:
    checked = set()
    for refusal in given(name):
        if refusal.code in checked or refusal.code in CORE:
            continue
        checked.add(refusal.code)
        english, french = refusal.text("en"), refusal.text("fr")
        assert french != english, refusal
        words = french
        for value in sorted(values(refusal), key=len, reverse=True):
            words = words.replace(value, "")
        assert re.search(r"[^\W\d_]{3}", words), (refusal, french)  # more than the action's notation
        typed = [str(v) for r in inner(refusal) for k, v in r.params.items() if k in NOTATION]
        for text in (english, french):
            for value in sorted(typed, key=len, reverse=True):
                text = text.replace(value, "")
            assert not OWN_PAWN.search(text), (refusal, text)
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), (refusal, text)  # a table's rules in words, no flag
    assert checked


def test_the_four_on_another_seats_pawn_says_the_rule_naming_the_pawn_as_the_board_does() -> None:
    state = load_game("tock").new_state(1)
    with pytest.raises(ParlourError) as caught:
        state.apply("4 c1")
    assert caught.value.refusal is not None and caught.value.refusal.code == "tock/four_own_pawn"
    assert caught.value.params == {"action": "4 c1", "pawn": "c1"}
    assert caught.value.worded("fr") == "Le 4 fait reculer un de vos propres pions\u00a0: c1 n'est pas à vous"
    assert caught.value.worded("en") == "The 4 moves one of your own pawns backwards: c1 is not yours"
    assert str(caught.value).startswith("'4 c1': ")
