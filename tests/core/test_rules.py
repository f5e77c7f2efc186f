"""Declared flags: their names and choices in words (what the lobby shows), defaults for a game that gives none."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from parlour.core.rules import Rules, flag, in_words


@dataclass(frozen=True)
class Sample(Rules):
    mode: str = flag("slow", "how fast", title=in_words("pace"), choices=("slow", "fast_ish"),
                     words={"slow": in_words("slowly")})
    rounds_left: int = flag(3, "rounds to play", minimum=1)


def test_a_flag_carries_its_title_and_its_choices_in_words_in_their_order() -> None:
    flags = Sample.flags()
    assert (flags["mode"].title, flags["mode"].choice_words) == ("pace", ("slowly", "fast_ish"))
    assert (flags["rounds_left"].title, flags["rounds_left"].choice_words) == ("rounds left", ())
    assert flags["players"].title == "players"


def test_words_for_a_value_that_is_no_choice_are_refused_where_the_flag_is_declared() -> None:
    with pytest.raises(ValueError, match=r"words given for \['quick'\], which are not among the choices"):
        flag("slow", "how fast", choices=("slow", "fast"), words={"quick": "quickly"})
