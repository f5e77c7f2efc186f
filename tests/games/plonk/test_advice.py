"""Plonk's advice: what a card does to the trick from the seat's view alone (taken and its points, left to the
partner, given up, the partner overtaken), in English and French, and the hint's reason built from it."""

from __future__ import annotations

from parlour.bots.ismcts import Choice
from parlour.bots.reasons import explained
from parlour.core.parts import advice_of
from parlour.games.plonk.game import PlonkState
from tests.games.plonk.helpers import hands_with, start


def trick_to_third_seat() -> PlonkState:
    """Ana (seat 0) leads the Q♣, Bob plays the 2♦; Cy, Ana's partner, holds the 9♥ and the A♣; Dee the K♣ and
    the 5♥."""
    state = start(hands_with({0: "Qc 3c", 1: "2d 4d", 2: "9h Ac", 3: "Kc 5h"}), dealer=3)
    state.apply("Qc")
    state.apply("2d")
    return state


def test_a_card_tells_the_trick_won_given_up_or_left_to_the_partner_in_both_languages() -> None:
    state = trick_to_third_seat()
    advice = advice_of(state.game)
    view = state.view(2)
    assert advice.facts(view, "9h", "en", []) == ["leaves the trick to your partner for now",
                                                  "adds 9 points to your side's trick"]
    assert advice.facts(view, "Ac", "en", []) == ["overtakes your partner's Q♣",
                                                  "is sure to take the trick: no card left can beat it"]
    assert advice.facts(view, "9h", "fr", []) == ["laisse le pli à votre partenaire pour l'instant",
                                                  "ajoute 9 points au pli de votre camp"]
    state.apply("9h")
    last = state.view(3)
    assert advice.facts(last, "Kc", "en", []) == ["takes the trick: 9 points for your side"]
    assert advice.facts(last, "Kc", "fr", []) == ["prend le pli\u00a0: 9 points pour votre camp"]
    assert advice.facts(last, "5h", "en", []) == ["gives the trick up to the other side",
                                                  "gives them 5 points with the 5 of hearts"]


def test_a_hints_reason_says_the_trick_taken_and_what_the_next_best_gives_up() -> None:
    state = trick_to_third_seat()
    state.apply("9h")
    legal = state.legal_actions()
    take, give = (next(a for a in legal if str(a) == text) for text in ("Kc", "5h"))
    choices = [Choice(take, 200, 0.30, 0, 0, 0.03), Choice(give, 200, 0.10, 0, 0, 0.03)]
    said = explained(state.game, state.view(3), take, choices, len(legal), 400, "strong", "en", [])
    assert said.reason == (
        "Play the king of clubs, following suit: takes the trick: 9 points for your side. It is better than “Play "
        "the 5 of hearts, not following clubs” by about 10 more games won in 100. “Play the 5 of hearts, not "
        "following clubs” instead: gives the trick up to the other side; gives them 5 points with the 5 of hearts.")
