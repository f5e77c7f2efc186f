"""Residual policies (``learned:PATH.npz``): a base bot's play, with learned corrections where they pay.

A residual policy keeps a base bot (the heuristic) and a few learned
*corrections*. Each correction belongs to a pair of words of the game's
action notation: the word the base bot would choose next (its *default*) and
an *alternative* that is also legal at that point. It is a linear model of
the seat's observation (``core.encoding.observation_of``: the view and the
words chosen so far) estimating how much more the alternative is worth, in
the game's returns, than the default. The bot chooses its action word by
word: it takes the default unless some correction at that point estimates
more than the policy's ``threshold``, and then takes that alternative and
lets the base bot finish the action among those that begin so.

This is residual policy learning (a learned correction on top of a fixed
controller) with the corrections fitted by approximate policy iteration:
``docs/notes/rl-residual/rl_residual.py`` plays the base bot against itself, values every
legal action at each decision by a playout of the base bot from the true
position, and fits each pair's model to the differences by ridge regression,
keeping only the pairs whose held-out corrections gained. A correction thus
says, from what the seat can see, that the base bot's choice is worse on
average over the positions that look like this one.

The file is a NumPy archive of plain arrays (read with ``allow_pickle=False``,
so that loading it cannot run code) holding its game, the words, the
observation size, the base bot's spec, the threshold and per correction its
words, weights and bias. NumPy comes with the ``rl`` extra.
"""

from __future__ import annotations

import random
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parlour.bots.base import Bot, make_bot
from parlour.core.encoding import Encoding, WordChooser, observation_of
from parlour.core.errors import BotSpecError
from parlour.core.game import Action, Game, View
from parlour.core.parts import encoding_of

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

FORMAT = 1
"""The version of a residual policy file's layout."""
EXTRA = "pip install 'parlour[rl]'"
"""How to install what a residual policy needs (NumPy)."""


@dataclass(frozen=True)
class Correction:
    """When the base bot's next word is ``default`` and ``alternative`` is legal, the alternative's
    estimated gain is ``weights · observation + bias``."""

    default: int
    alternative: int
    weights: npt.NDArray[np.float32]
    bias: float


@dataclass(frozen=True)
class Residual:
    """A residual policy: ``base`` (a bot spec) corrected by ``corrections`` above ``threshold``, for the
    game ``game`` with the action words ``words`` and observations of ``observation`` values."""

    game: str
    words: tuple[str, ...]
    observation: int
    base: str
    threshold: float
    corrections: tuple[Correction, ...]
    notes: Mapping[str, str] = field(default_factory=dict)


def _numpy(spec: str) -> Any:
    """NumPy, or ``BotSpecError`` naming the extra that installs it."""
    try:
        import numpy
    except ImportError:
        raise BotSpecError(f"bot spec {spec!r}: a residual policy needs NumPy, which is not installed: "
                           f"{EXTRA}") from None
    return numpy


def save_residual(path: Path, residual: Residual) -> None:
    """Write ``residual`` to ``path`` (a ``.npz`` file) as ``learned:PATH`` reads it."""
    np = _numpy("learned")
    size = residual.observation
    with path.open("wb") as out:
        np.savez_compressed(
            out, format=np.int64(FORMAT), kind=np.str_("residual"), game=np.str_(residual.game),
            words=np.array(residual.words, dtype=np.str_), observation=np.int64(size),
            base=np.str_(residual.base), threshold=np.float64(residual.threshold),
            pairs=np.array([[c.default, c.alternative] for c in residual.corrections], np.int64).reshape(-1, 2),
            weights=np.array([c.weights for c in residual.corrections], np.float32).reshape(-1, size),
            bias=np.array([c.bias for c in residual.corrections], np.float64),
            notes=np.array([f"{k}={v}" for k, v in residual.notes.items()], dtype=np.str_))


def is_residual_file(path: Path) -> bool:
    """Whether ``path`` is a NumPy archive that names its kind, as residual policies are stored (torch's
    policy files are zip files too, without that entry)."""
    try:
        with zipfile.ZipFile(path) as archive:
            return "kind.npy" in archive.namelist()
    except (OSError, zipfile.BadZipFile):
        return False


def read_residual(spec: str, path: Path) -> Residual:
    """The residual policy in ``path``, or ``BotSpecError`` quoting ``spec`` and saying what is wrong."""
    np = _numpy(spec)
    try:
        with np.load(path, allow_pickle=False) as data:
            if int(data["format"]) != FORMAT or str(data["kind"]) != "residual":
                raise BotSpecError(f"bot spec {spec!r}: {str(path)!r} is not a residual policy of format {FORMAT}")
            size = int(data["observation"])
            pairs, weights, bias = data["pairs"], data["weights"], data["bias"]
            if weights.shape != (len(pairs), size) or bias.shape != (len(pairs),):
                raise BotSpecError(f"bot spec {spec!r}: the corrections in {str(path)!r} do not fit its "
                                   f"observation size {size}")
            return Residual(
                game=str(data["game"]), words=tuple(str(w) for w in data["words"]), observation=size,
                base=str(data["base"]), threshold=float(data["threshold"]),
                corrections=tuple(Correction(int(d), int(a), weights[i].astype(np.float32), float(bias[i]))
                                  for i, (d, a) in enumerate(pairs)),
                notes=dict(str(n).partition("=")[::2] for n in data["notes"]))
    except (OSError, KeyError, ValueError, TypeError, zipfile.BadZipFile) as e:
        reason = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise BotSpecError(f"bot spec {spec!r}: {str(path)!r} is not a residual policy ({reason[:120]})") from None


class ResidualBot:
    """Plays a residual policy from the seat's view (see the module docstring); deterministic when its base
    bot is."""

    name = "learned"

    def __init__(self, encoding: Encoding, residual: Residual, base: Bot) -> None:
        np = _numpy("learned")
        self.encoding = encoding
        self.base = base
        self.threshold = residual.threshold
        self.words = WordChooser(encoding.vocabulary)
        self.by_default: dict[int, list[Correction]] = {}
        for correction in residual.corrections:
            self.by_default.setdefault(correction.default, []).append(correction)
        self.np = np

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        default = self.base.choose(view, legal, rng)
        if len(legal) == 1 or not self.by_default:
            return default
        words = self.words
        words.begin(legal)
        while True:
            depth = len(words.chosen)
            planned = words.words_of(default)
            word = planned[depth] if len(planned) > depth else 0
            better = self.alternative(view, word, words)
            if better is not None:
                word = better
            action = words.choose(word)
            if action is not None:
                return action
            if better is not None:
                default = self.base.choose(view, [a for _, a in words.candidates], rng)

    def alternative(self, view: View, default: int, words: WordChooser) -> int | None:
        """The legal word whose correction estimates the most gain over ``default``, when above the threshold."""
        corrections = [c for c in self.by_default.get(default, ()) if c.alternative in words.allowed()]
        if not corrections:
            return None
        x = self.np.asarray(observation_of(self.encoding, view, words), self.np.float32)
        best, gain = None, self.threshold
        for c in corrections:
            estimate = float(c.weights @ x) + c.bias
            if estimate > gain:
                best, gain = c.alternative, estimate
        return best


def make_residual(spec: str, path: Path, game: Game[Any]) -> ResidualBot:
    """The residual policy in ``path`` ready to play ``game``, or ``BotSpecError`` quoting ``spec`` (the file
    is no residual policy, or it was made for another game)."""
    residual = read_residual(spec, path)
    encoding = encoding_of(game)
    size = encoding.layout.size + len(encoding.vocabulary)
    if residual.words != tuple(encoding.vocabulary) or residual.observation != size:
        raise BotSpecError(f"bot spec {spec!r}: the policy was made for {residual.game} ({len(residual.words)} "
                           f"words, observation {residual.observation}), not for {game.name_with_rules()} "
                           f"({len(encoding.vocabulary)} words, observation {size})")
    if residual.base.split(":")[0].lower() == "learned":
        raise BotSpecError(f"bot spec {spec!r}: a residual policy's base must not be another learned bot "
                           f"({residual.base!r})")
    return ResidualBot(encoding, residual, make_bot(residual.base, game))
