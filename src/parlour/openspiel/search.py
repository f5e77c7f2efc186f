"""OpenSpiel's MCTS family on parlour games, with parlour's own judgement of a position.

``EstimateEvaluator`` gives OpenSpiel's ``MCTSBot`` and ``ISMCTSBot`` the
game's ``estimate`` (each seat's expected return, judged from the position
alone) instead of a random rollout to the end: a Tock race played out at
random takes thousands of moves, and the estimate is what parlour's own
search uses where it cuts a simulation short.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

from parlour.openspiel.state import SpielState


class EstimateEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Values from ``State.estimate``; every legal word equally likely a priori."""

    def evaluate(self, state: SpielState) -> Any:
        return np.asarray(state.state.estimate(), dtype=np.float64)

    def prior(self, state: SpielState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]
