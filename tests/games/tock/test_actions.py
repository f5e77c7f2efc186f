"""Action notation: canonical text, lenient reading, errors that quote the input."""

from __future__ import annotations

import pytest

from parlour.core.errors import IllegalActionError, InvalidActionError
from parlour.games.tock.actions import (
    BONUS_KEEP,
    BONUS_PLAY,
    JOKER,
    Part,
    Seven,
    discard,
    enter,
    move,
    parse_tock_action,
    push,
    swap,
)
from parlour.games.tock.seven import seven
from tests.games.tock.helpers import position


@pytest.mark.parametrize(("text", "action"), [
    ("K enter", enter(13)),
    ("Jk enter", enter(JOKER)),
    ("2s enter", enter(2)),
    ("8 p2", move(8, 2)),
    ("4 p1", move(4, 1)),
    ("5 b3", push(1, 3)),
    ("Jk 18 p3", move(JOKER, 3)),
    ("J p2<>c1", swap(2, 2, 1)),
    ("discard 9h", discard(34)),
    ("discard Jk", discard(53)),
    ("bonus play", BONUS_PLAY),
    ("bonus keep", BONUS_KEEP),
    ("8 p2>", move(8, 2, 1)),
    ("Q p1>>", move(12, 1, 2)),
    ("3 p1~", move(3, 1, 0, True)),
    ("5 b3>", push(1, 3, 1)),
])
def test_canonical_text_round_trips(text: str, action: object) -> None:
    assert parse_tock_action(text) == action
    assert str(action) == text
    assert parse_tock_action(text.upper()) == action


def test_seven_parts() -> None:
    action = parse_tock_action("7 p1+3 p4+4")
    assert action == Seven((Part(1, 3), Part(4, 4)))
    assert str(action) == "7 p1+3 p4+4"
    assert str(parse_tock_action("7 p2")) == "7 p2"
    assert parse_tock_action("7 p2+7") == parse_tock_action("7 p2")
    assert str(seven((1 << 6 | 3 << 3 | 1 << 1 | 1, 2 << 6 | 4 << 3))) == "7 p1+3>~ p2+4"


@pytest.mark.parametrize(("text", "lenient"), [
    ("Jk p3", "Jk 18 p3"),
    ("K 13 p1", "K p1"),
    ("joker enter", "Jk enter"),
    ("J c1<>p2", "J p2<>c1"),
    ("J p2 <> c1", "J p2<>c1"),
    ("1 p1", "A p1"),
    ("t p4", "10 p4"),
    ("2 enter", "2s enter"),
])
def test_lenient_spellings(text: str, lenient: str) -> None:
    assert str(parse_tock_action(text)) == lenient


@pytest.mark.parametrize(("text", "says"), [
    ("", "Nothing was written"),
    ("7 p9+99", "Pawns are numbered 1 to 4"),
    ("8 9 p2", "moves 8 squares, not 9"),
    ("8h p2", "rank only"),
    ("8 b2", "The 8 moves one of your own pawns: b2 is not yours"),
    ("J p2", "swaps two pawns"),
    ("p2 8", "no Tock action"),
    ("8 p2>>>", "at most two shortcuts"),
    ("bonus later", "bonus play or bonus keep"),
    ("discard", "A discard names one card"),
    ("8", "which pawn"),
])
def test_errors_quote_the_input_and_say_why(text: str, says: str) -> None:
    with pytest.raises(InvalidActionError) as caught:
        parse_tock_action(text)
    message = str(caught.value)
    assert message.startswith(repr(text)) or text == ""
    assert says in message


@pytest.mark.parametrize(("text", "says"), [
    ("5 p3", "never your own"),
    ("J p2<>p3", "not two of yours"),
])
def test_own_pawns_where_another_seats_belong_are_refused_by_the_rules_even_without_a_position(
        text: str, says: str) -> None:
    """Read without the mover's seat, ``5 p3`` is still a well-formed move: refused as illegal, not unreadable."""
    with pytest.raises(IllegalActionError) as caught:
        parse_tock_action(text)
    assert str(caught.value).startswith(repr(text))
    assert says in str(caught.value)


def test_the_mover_may_name_their_own_pawns_as_the_board_shows_them() -> None:
    """Pawns are named by seat letter everywhere (a1 … h4); the mover may also write their own p1 … p4."""
    from parlour.core.registry import load_game

    game = load_game("tock?players=4")
    state = game.new_state(seed=3)
    state.pos.cur = 2  # seat c moves
    assert game.parse_action("K c1", state) == game.parse_action("K p1", state)
    assert game.parse_action("7 c1+3 c2+4", state) == game.parse_action("7 p1+3 p2+4", state)
    assert game.parse_action("J c3<>b1", state) == game.parse_action("J p3<>b1", state)
    assert game.parse_action("discard 2c", state) == parse_tock_action("discard 2c")
    assert game.parse_action("5 a1", state) == push(0, 1)


@pytest.mark.parametrize(("typed", "reason"), [
    ("5 a1", "The 5 pushes another player's pawn, never your own"),
    ("5 P2", "The 5 pushes another player's pawn, never your own"),
    ("J a1<>a2", "The J swaps your pawn with another player's, not two of yours"),
    ("j p1 <> A2", "The J swaps your pawn with another player's, not two of yours"),
    ("9 enter", "Only an A, a K or a Jk enters a pawn (and the 2♠, at a table that allows it): the 9 does not"),
    ("7 p1+3 P2+3", "The parts of a 7 add up to 7 squares, not 6"),
    ("7 p1+3 a1+4", "Each pawn takes at most one part of a 7"),
    ("4 a1~", "The 4 moves back and never enters a home, so it has nothing to stay out of"),
])
def test_a_well_formed_move_the_rules_refuse_gets_their_reason_quoting_it_as_typed(typed: str, reason: str) -> None:
    """A 5 on one's own pawn, a J between two of one's own, a 9 entering: moves the rules refuse (code
    action/illegal), not text that is no action; the refusal quotes what was typed, not ``5 p1``."""
    state = position(pawns={"a1": 4, "a2": 10, "b1": 20}, hand=["5c", "Jc", "9s", "9h", "10c"])
    with pytest.raises(IllegalActionError) as caught:
        state.apply(typed)
    assert caught.value.code == "action/illegal"
    assert str(caught.value) == f"'{typed}': {reason}"
