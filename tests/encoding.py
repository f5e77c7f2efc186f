"""Checking a game's encoding: the observation ``encode`` writes from the state is ``observe`` of the seat's view."""

from __future__ import annotations

from typing import Any

import numpy as np

from parlour.core.encoding import Encoding
from parlour.core.game import State
from parlour.core.parts import encoding_of


def differences(state: State[Any, Any], seat: int | None, encoding: Encoding | None = None) -> list[str]:
    """The sections where ``encode`` and ``observe`` of ``seat``'s view disagree (none when they match);
    ``encoding`` is the game's, when the caller has it already."""
    encoding = encoding or encoding_of(state.game)
    out = np.zeros(encoding.layout.size, np.float32)
    encoding.encode(state, seat, out)
    expected = np.asarray(encoding.observe(state.view(seat)), np.float32)
    wrong = np.flatnonzero(out != expected)
    return sorted({s.name for s in encoding.layout.sections for i in wrong if s.start <= i < s.start + s.size})


def assert_encodes_as_observed(state: State[Any, Any], seats: list[int | None],
                               encoding: Encoding | None = None) -> None:
    """For each of ``seats`` (``None``: a spectator), ``encode`` writes exactly ``observe`` of its view."""
    encoding = encoding or encoding_of(state.game)
    for seat in seats:
        assert differences(state, seat, encoding) == [], f"seat {seat} at version {state.version}"
