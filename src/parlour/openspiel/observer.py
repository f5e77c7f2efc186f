"""OpenSpiel observers of a parlour game, one per kind of ``IIGObservationType`` offered.

A seat's view (``State.view(seat)``) is the spectator's view (``view(None)``,
everything public) plus what only that seat knows (its hand, in Tonk its
hand's value). So, for seat ``p``:

* **default** (public and private information, no perfect recall): the
  encoding of ``p``'s view, then one slot per word of the action ``p`` is
  choosing (set for the words chosen so far). String: the view as JSON, then
  those words.
* **public** (``private_info=NONE``): the encoding of the spectator's view
  counted from ``p``'s seat; the word slots stay 0 (the actor's choice is not
  public until it is settled). It does not change when the cards ``p`` holds
  or cannot see are dealt otherwise. String: the public view as JSON.
* **private** (``public_info=False``): the default tensor minus the public one
  (same layout; non-zero only in the sections only ``p`` knows), then the
  words chosen. String: the view's private keys as JSON, then the words.
* **perfect recall** (the information state, ``perfect_recall=True`` with
  public and private information): ``p``'s private part (as above), ``p``'s
  hand each time it changed (with the version: all a seat learns privately
  is the cards it is dealt or draws), the whole public action history since
  the deal (every settled action with its seat) and the words chosen so far,
  as a **string only**. A game runs to thousands
  of actions, so no bounded tensor can hold its history: asking for this
  observer's tensor (``information_state_tensor``) raises ``ValueError`` saying
  so. With ``private_info=NONE`` it is the public history alone.

Every other request (another player's private information, perfect recall of
private information alone, no information at all, parameters) is refused with
a ``ValueError`` naming what is offered. Before the deal (at a chance node)
nothing is known: tensors are 0 and strings say so.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

import numpy as np
import pyspiel

from parlour.core.encoding import Encoding
from parlour.core.game import State, View
from parlour.openspiel.state import SpielState

OFFERED = ("default (public and private), public only (private_info=NONE), private only (public_info=False), "
           "and perfect recall with public information, as a string only")

NOT_DEALT = "not dealt yet"
"""Every observation string before the deal."""


def private_part(view: View, public: View) -> View:
    """The keys of a seat's ``view`` that the spectator's view (``public``) lacks or shows otherwise."""
    return {k: v for k, v in view.items() if k != "seat" and public.get(k, None) != v}


def as_json(data: Any) -> str:
    """``data`` as compact JSON with sorted keys: equal knowledge, equal strings (OpenSpiel keys tables by them)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class Observed(Protocol):
    """What an observer reads of its OpenSpiel game (a ``SpielGame``): the encoding, and a seat's view and vector
    of a state. Declared here so that the observers never import the game that makes them."""

    @property
    def encoding(self) -> Encoding: ...

    def view_of(self, state: State[Any, Any], seat: int | None) -> View: ...

    def vector_of(self, state: State[Any, Any], seat: int, public: bool = False) -> np.ndarray[Any, Any]: ...


class Observer:
    """One kind of observation (see the module docstring): ``tensor`` and ``dict`` as OpenSpiel reads them
    (``tensor`` is None for the string-only perfect recall), ``set_from`` and ``string_from``."""

    def __init__(self, game: Observed, public: bool, private: bool, perfect_recall: bool) -> None:
        self.game = game
        self.public, self.private, self.perfect_recall = public, private, perfect_recall
        size = game.encoding.layout.size
        self.size = size
        self.tensor: np.ndarray[Any, Any] | None
        if perfect_recall:
            self.tensor, self.dict = None, {}
        else:
            self.tensor = np.zeros(size + len(game.encoding.vocabulary), np.float32)
            self.dict = {"view": self.tensor[:size], "chosen": self.tensor[size:]}

    def set_from(self, state: SpielState, player: int) -> None:
        tensor = self.tensor
        if tensor is None:
            raise ValueError("parlour offers the perfect-recall information state as a string only "
                             "(information_state_string): a game's whole action history fits no bounded tensor; "
                             "use observation_tensor, or the string")
        play = state.play
        if play is None:
            tensor.fill(0.0)
            return
        game = self.game
        if self.public and self.private:  # the encoding written in place: no array made or copied
            view = self.dict["view"]
            view.fill(0.0)
            game.encoding.encode(play.state, player, view)
        elif self.public:
            tensor[: self.size] = game.vector_of(play.state, player, public=True)
        else:
            np.subtract(game.vector_of(play.state, player), game.vector_of(play.state, player, public=True),
                        out=tensor[: self.size])
        chosen = self.dict["chosen"]
        chosen.fill(0.0)
        if self.private and player == state.current_player():
            chosen[play.words.chosen] = 1.0

    def string_from(self, state: SpielState, player: int) -> str:
        play = state.play
        if play is None:
            return NOT_DEALT
        game = self.game
        if self.perfect_recall:
            parts = [play.said]
            if self.private:
                now = private_part(game.view_of(play.state, player), game.view_of(play.state, None))
                parts[:0] = [as_json(now), play.held[player]]
        elif not self.private:
            parts = [as_json({**game.view_of(play.state, None), "seat": player})]
        elif self.public:
            parts = [as_json(game.view_of(play.state, player))]
        else:
            parts = [as_json(private_part(game.view_of(play.state, player), game.view_of(play.state, None)))]
        if self.private:
            chosen = play.words.chosen if player == state.current_player() else []
            parts.append(" ".join(play.words.vocabulary[i] for i in chosen))
        return " | ".join(parts)


def make_observer(game: Observed, iig_obs_type: Any = None, params: Any = None) -> Observer:
    """The observer of ``iig_obs_type`` (None: the default observation), or ``ValueError`` naming those offered."""
    if isinstance(iig_obs_type, dict):  # OpenSpiel passes the parameters alone when no type is asked for
        iig_obs_type, params = None, iig_obs_type
    if params:
        raise ValueError(f"parlour observers take no parameters; got {params!r}")
    if iig_obs_type is None:
        return Observer(game, public=True, private=True, perfect_recall=False)
    kind = iig_obs_type.private_info
    if kind == pyspiel.PrivateInfoType.ALL_PLAYERS:
        raise ValueError(f"parlour offers no observation of every player's private cards; offered: {OFFERED}")
    private = kind == pyspiel.PrivateInfoType.SINGLE_PLAYER
    public = bool(iig_obs_type.public_info)
    recall = bool(iig_obs_type.perfect_recall)
    if not (public or private) or (recall and not public):
        raise ValueError(f"parlour offers no observation with public_info={public}, private_info={kind}, "
                         f"perfect_recall={recall}; offered: {OFFERED}")
    return Observer(game, public=public, private=private, perfect_recall=recall)
