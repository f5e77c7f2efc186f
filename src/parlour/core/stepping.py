"""The per-step part of ``core.game.State``: legal actions, ``apply`` and the terminal test, compiled.

These run once or more per decision, so they live in a module of setup.py's
``COMPILED`` list (``core.game`` itself stays pure: games from other
distributions subclass its ``State`` and ``clone`` copies an instance's
``__dict__``). ``Stepping`` is a regular class when compiled, a base of
``State`` that holds nothing of its own: what the methods read (``pos``,
``game``, the cached ``_legal``, the game's ``_legal_actions`` and ``_apply``)
is ``State``'s, and documented there.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from parlour.core.errors import GAME_OVER, IllegalActionError
from parlour.core.i18n import gettext

TERMINAL = -1
"""``current_player`` of a finished game."""


@mypyc_attr(native_class=False)  # a regular class when compiled: State (pure) extends it
class Stepping:
    """``State``'s per-step methods (see the module docstring and ``State``).

    ``self`` is typed ``Any``: mypyc then checks no type on entry (it would ask for exactly this class,
    as it knows no subclass of it), and what the methods read is ``State``'s, typed there.
    """

    @property
    def is_terminal(self: Any) -> bool:
        player: int = self.current_player
        return player == TERMINAL

    def legal_actions(self: Any) -> tuple[Any, ...]:
        """Every legal action of the seat to play, in a deterministic order (empty once over)."""
        legal: tuple[Any, ...] | None = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return legal

    def apply(self: Any, action: Any) -> Any:
        """Play ``action`` (or its text) for the seat to play and return it.

        Raises ``InvalidActionError`` for text that is no action and
        ``IllegalActionError`` (via ``refuse``) for one the rules do not
        allow here; either way the state is unchanged. A refusal of text
        quotes it as typed, not as the game would write the action.
        """
        legal: tuple[Any, ...] | None = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        chosen: Any
        if type(action) is self.interned_actions and action in legal:  # identity alone, in C
            chosen = action
        else:
            chosen = self.game.parse_action(action, self) if isinstance(action, str) else action
            for listed in legal:  # by identity first: the legal tuple's own objects are what callers pass
                if listed is chosen:
                    break
            else:
                try:
                    chosen = legal[legal.index(chosen)]
                except ValueError:
                    quoted = action.strip() if isinstance(action, str) else chosen
                    if self.is_terminal:
                        raise self.refuse(quoted, gettext("the game is over"), GAME_OVER) from None
                    raise self.refuse(quoted, self.why_illegal(chosen)) from None
        pos = self.pos
        pos.history = (self.current_player, chosen, pos.history)
        pos.version += 1
        self._legal = None
        self._apply(chosen)
        return chosen

    def refuse(self: Any, action: Any, why: str, code: str | None = None) -> IllegalActionError:
        """The error refusing ``action``: it quotes the action and says why (every refusal comes here)."""
        return IllegalActionError(f"'{action}': {why}", code)
