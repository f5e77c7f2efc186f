"""A game's fixed-size numeric form, for learning agents: its action words and its observation layout.

Every game that research interfaces (``parlour.rl``, ``parlour.openspiel``)
can play has an ``encoding`` part (``Parts.encoding`` in ``parts``), built
for the game's rules, that gives

* ``vocabulary``: every word its action notation can produce, in a fixed
  order. An action is the sequence of the words of its text
  (``str(action).split()``); an agent chooses one word at a time, so a game
  whose actions are combinations (a Tonk spread, a Tock 7 split) still fits
  one small, fixed ``Discrete`` space. Index 0 is always ``END``: it closes
  an action whose words are also the beginning of a longer one.
* ``layout``: the observation vector's sections, named and sized, so that
  the documentation tables and the code cannot disagree.
* ``observe(view)``: the vector of one seat's view. It reads the view and
  nothing else, so it holds nothing the seat may not know. It is the
  reference, and what a bot (which sees only views) encodes.
* ``encode(state, seat, out)``: the same vector written straight from the
  position into the first ``layout.size`` slots of ``out``, a zeroed numpy
  ``float32`` array (no view dict, no card text): what the research interfaces call on every
  step. Each game's tests check that it equals ``observe(state.view(seat))``
  over many random positions, which is also what proves it leaks nothing.
* optionally ``encode_rows(states, seats, out, rows)``: ``encode`` of many
  states at once into rows of a 2-D array, every slot of the layout
  written, for the batched environment (``parlour.rl.vector_env``): numpy's
  cost is per call, so a game whose ``encode`` ends in a few numpy calls
  makes them once for all rows. ``encode_rows`` (the function) uses it, or
  ``encode`` row by row for an encoding without one.

``observe`` works in plain floats in lists, so the core needs no array
library; ``encode`` is given its array by the caller (the ``rl`` and
``openspiel`` extras bring numpy).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from parlour.core.cards import parse_card
from parlour.core.game import State, View

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    FloatArray = NDArray[np.float32]

END = "END"
"""Word 0 of every vocabulary: ends an action that a longer legal action begins with."""

FACES = 53
"""Card faces in an observation: the 52 cards, then one slot for any joker."""


@dataclass(frozen=True)
class Section:
    """One named run of an observation vector: ``size`` floats from ``start``, each within ``low``–``high``."""

    name: str
    start: int
    size: int
    what: str
    low: float = 0.0
    high: float = 1.0


class Layout:
    """The sections of an observation vector, in order; ``size`` is its length."""

    def __init__(self) -> None:
        self.sections: list[Section] = []
        self.size = 0

    def add(self, name: str, size: int, what: str, low: float = 0.0, high: float = 1.0) -> Section:
        """Append a section of ``size`` floats, each within ``low``–``high`` (every value the encoding can
        write there, so that observation spaces are finite), and return it (encodings keep it to write into)."""
        section = Section(name, self.size, size, what, low, high)
        self.sections.append(section)
        self.size += size
        return section

    def bounds(self) -> tuple[list[float], list[float]]:
        """The lowest and the highest value of each slot, from its section's."""
        low = [s.low for s in self.sections for _ in range(s.size)]
        high = [s.high for s in self.sections for _ in range(s.size)]
        return low, high

    def blank(self) -> list[float]:
        """A vector of zeros the length of the layout."""
        return [0.0] * self.size


class Encoding(Protocol):
    """What a game's ``encoding`` part provides (see the module docstring)."""

    vocabulary: tuple[str, ...]
    layout: Layout

    def observe(self, view: View) -> list[float]: ...

    def encode(self, state: State[Any, Any], seat: int | None, out: FloatArray) -> None:
        """Write ``observe(state.view(seat))`` into ``out[:layout.size]`` from the position (``out`` is zeroed,
        and may be longer: ``encode_into`` gives one array for the view and the words chosen)."""


def face_slot(text: str) -> int:
    """The observation slot of a card's text: 0–51 by face, 52 for any joker."""
    card = parse_card(text)
    return FACES - 1 if card >= 52 else card


def put_faces(vector: list[float], section: Section, cards: Iterable[str], weight: float = 1.0) -> None:
    """Add ``weight`` at each card's face slot in ``section`` (53 slots: counts when copies repeat)."""
    start = section.start
    for text in cards:
        vector[start + face_slot(text)] += weight


def put_one_hot(vector: list[float], section: Section, index: int | None) -> None:
    """Set slot ``index`` of ``section`` (nothing when ``index`` is None or out of range)."""
    if index is not None and 0 <= index < section.size:
        vector[section.start + index] = 1.0


def put_values(vector: list[float], section: Section, values: Sequence[float]) -> None:
    """Write ``values`` at the start of ``section`` (at most its size)."""
    for i, value in enumerate(values[: section.size]):
        vector[section.start + i] = float(value)


T = TypeVar("T")


def rotated(values: Sequence[T], seat: int | None) -> list[T]:
    """``values`` indexed by seat, turned so that ``seat`` comes first (as is, for a spectator)."""
    if seat is None or seat < 0:
        return list(values)
    return [*values[seat:], *values[:seat]]


def relative(other: int | None, seat: int | None, players: int) -> int | None:
    """Seat ``other`` counted from ``seat`` (0 is ``seat`` itself); None stays None."""
    if other is None or other < 0:
        return None
    return (other - (seat or 0)) % players


class WordChooser:
    """The legal actions of a position, chosen one word of their notation at a time.

    ``begin(legal)`` starts a choice; ``mask()`` lists the word indices that
    lead to a legal action; ``choose(index)`` takes one and returns the action
    once it is settled — when the words so far fit one legal action only (the
    rest of its words are then implied), or on ``END`` after words that are a
    whole action and the beginning of longer ones. ``chosen`` holds the
    indices taken so far, for the observation.
    """

    CACHED: ClassVar[int] = 1 << 16
    """At most this many actions' words are remembered (then the memory starts again)."""

    def __init__(self, vocabulary: Sequence[str]) -> None:
        self.vocabulary = tuple(vocabulary)
        self.index = {word: i for i, word in enumerate(self.vocabulary)}
        self.candidates: list[tuple[tuple[int, ...], object]] = []
        self.chosen: list[int] = []
        self.cache: dict[object, tuple[int, ...]] = {}
        """Actions' word indices already worked out: actions are values, and the same ones come back."""

    def words_of(self, action: object) -> tuple[int, ...]:
        """The word indices of ``action``'s notation; ``KeyError`` names a word the vocabulary lacks."""
        words = self.cache.get(action)
        if words is None:
            try:
                words = tuple(self.index[word] for word in str(action).split())
            except KeyError as e:
                raise KeyError(f"{action}: the word {e.args[0]!r} is not in the game's vocabulary") from None
            if len(self.cache) >= self.CACHED:
                self.cache.clear()
            self.cache[action] = words
        return words

    def copy(self) -> WordChooser:
        """A chooser at the same point of the same choice (the candidates are shared: they never change)."""
        out = WordChooser(())
        out.vocabulary, out.index, out.cache = self.vocabulary, self.index, self.cache
        out.candidates, out.chosen = list(self.candidates), list(self.chosen)
        return out

    def __deepcopy__(self, memo: dict[int, object]) -> WordChooser:
        return self.copy()

    def begin(self, legal: Iterable[object]) -> None:
        """Start choosing among ``legal``."""
        self.candidates = [(self.words_of(a), a) for a in legal]
        self.chosen = []

    def mask(self) -> list[int]:
        """1 for each word index that may come next, else 0."""
        return list(self.flags())

    def flags(self) -> bytearray:
        """``mask()`` as a new ``bytearray``, written in one pass over the candidates: the buffer of an
        ``int8`` mask array (``numpy.frombuffer``) with no list or index array in between."""
        out = bytearray(len(self.vocabulary))
        depth = len(self.chosen)
        for words, _ in self.candidates:
            out[words[depth] if len(words) > depth else 0] = 1
        return out

    def allowed(self) -> set[int]:
        """The word indices that may come next (``mask``'s ones, for writing into an array)."""
        depth = len(self.chosen)
        return {words[depth] if len(words) > depth else 0 for words, _ in self.candidates}

    def choose(self, index: int) -> object | None:
        """Take word ``index``: the settled action, or None while more words are needed.

        Raises ``ValueError`` quoting the index and the allowed words when it
        leads to no legal action (nothing changes then).
        """
        depth = len(self.chosen)
        if index == 0:
            done = [a for words, a in self.candidates if len(words) == depth]
            if not done:
                raise ValueError(self.refusal(index))
            return done[0]
        left = [(w, a) for w, a in self.candidates if len(w) > depth and w[depth] == index]
        if not left:
            raise ValueError(self.refusal(index))
        self.candidates = left
        self.chosen.append(index)
        if len(left) == 1:
            return left[0][1]
        return None

    def refusal(self, index: int) -> str:
        """Why ``index`` cannot be chosen now, with the words that can."""
        word = self.vocabulary[index] if 0 <= index < len(self.vocabulary) else None
        allowed = [self.vocabulary[i] for i, on in enumerate(self.mask()) if on]
        said = " ".join(self.vocabulary[i] for i in self.chosen)
        after = f" after {said!r}" if said else ""
        named = f" ({word!r})" if word is not None else f" (there are {len(self.vocabulary)} words)"
        return f"action index {index}{named} is not legal here{after}; allowed: {', '.join(allowed)}"


def observation_of(encoding: Encoding, view: View, words: WordChooser | None) -> list[float]:
    """What a learning agent sees: ``view``'s encoding, then one slot per word, set for the words of the
    action chosen so far in ``words`` (all 0 for a seat that is not choosing, ``words`` None).

    ``parlour.rl`` and the ``learned`` bot both build their inputs here, so a policy trained in one
    sees in the other exactly what it learnt from.
    """
    chosen = [0.0] * len(encoding.vocabulary)
    if words is not None:
        for index in words.chosen:
            chosen[index] = 1.0
    return [*encoding.observe(view), *chosen]


def encode_into(encoding: Encoding, state: State[Any, Any], seat: int | None, words: WordChooser | None,
                out: FloatArray) -> None:
    """``observation_of`` of ``seat``'s view, written from the position into ``out`` (zeroed, the
    layout's size plus one slot per word): ``encoding.encode``, then the words chosen so far."""
    encoding.encode(state, seat, out[:encoding.layout.size])
    if words is not None and words.chosen:
        out[[encoding.layout.size + index for index in words.chosen]] = 1.0


def encode_rows(encoding: Encoding, states: Sequence[State[Any, Any]], seats: Sequence[int | None], out: FloatArray,
                rows: Sequence[int]) -> None:
    """``encoding.encode`` of each ``states[k]`` from ``seats[k]`` into row ``rows[k]`` of the 2-D ``out``, every
    slot of its first ``layout.size`` written (the rest of each row left as it is): by the encoding's own
    ``encode_rows`` when it has one (module docstring), else row by row, each row's slots zeroed first."""
    batched = getattr(encoding, "encode_rows", None)
    if batched is not None:
        batched(states, seats, out, rows)
        return
    size = encoding.layout.size
    for state, seat, row in zip(states, seats, rows, strict=True):
        view = out[row, :size]
        view.fill(0.0)
        encoding.encode(state, seat, view)
