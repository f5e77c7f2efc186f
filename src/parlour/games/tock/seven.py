"""The 7 split: every distinct legal way to share 7 steps among one's pawns, bounded.

Ordered parts, each a legal forward move on the board left by the parts
before it, all 7 steps used, each pawn at most one part **[decision: a pawn
moving twice in one 7 would only re-spell a single part or let it hop round
another pawn]**. Splits that end in the same position are the same move: only
the first found is listed (``apply`` refuses the other spellings, naming the
listed one).

Generation is bounded without searching every ordering: for each
*assignment* (which pawn moves how far, by which route) every part is first
tried alone on the current board. When the parts' footprints (``Board.footprint``:
every place a part may look at, its start included) are pairwise disjoint,
no part can block, free or capture another, so the parts are legal in any
order and one listing (by pawn number) stands for all of them. Only
assignments whose footprints meet are played out order by order, skipping
orders that reach a position already reached. At most 4 pawns × 7 counts ×
3 routes single moves are worked out, and at most 119 assignments of counts
exist for 4 pawns, so the work stays small (see the benchmark's worst case).
"""

from __future__ import annotations

from itertools import chain, product

from parlour.games.tock.actions import PAWNS, Part, Seven, part
from parlour.games.tock.pawns import Effect, Pawns, Why

STEPS = 7
Option = tuple[int, Effect | None, int]
"""One part tried alone: its code (see ``_code``), its effect (None if illegal alone), its footprint."""
Outcome = tuple[tuple[int, int], ...]

_parts: dict[int, Part] = {}
_sevens: dict[tuple[int, ...], Seven] = {}


def _code(number: int, steps: int, jumps: int, stay_out: bool) -> int:
    return (number << 6) | (steps << 3) | (jumps << 1) | stay_out


def _part(code: int) -> Part:
    found = _parts.get(code)
    if found is None:
        found = _parts[code] = part(code >> 6, code >> 3 & 7, code >> 1 & 3, bool(code & 1))
    return found


def seven(codes: tuple[int, ...]) -> Seven:
    """The (cached) 7 whose parts have these codes, in this order."""
    found = _sevens.get(codes)
    if found is None:
        found = _sevens[codes] = Seven(tuple(_part(c) for c in codes))
    return found


def outcome(effect: Effect) -> Outcome:
    """Where every pawn an effect touches ends up: two splits with one outcome are one move."""
    return tuple(sorted(dict(effect).items()))


def _shares(count: int) -> tuple[tuple[int, ...], ...]:
    """Every tuple of ``count`` counts from 0 to 7."""
    if count == 0:
        return ((),)
    out: list[tuple[int, ...]] = []
    for first in range(STEPS + 1):
        if count == 1:
            out.append((first,))
            continue
        out.extend((first, *rest) for rest in _shares(count - 1))
    return tuple(out)


COMPOSITIONS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(c for c in _shares(count) if sum(c) == STEPS) for count in range(PAWNS + 1)
)
"""By number of pawns that can move: every split of the 7 steps between them."""


def splits(pawns: Pawns, seat: int) -> list[tuple[Seven, Effect]]:
    """Every distinct legal 7 of ``seat``, with its effect.

    Assignments whose parts do not interact give distinct outcomes (each
    moving pawn ends somewhere its count and route alone decide), so only
    the outcomes of interacting ones are compared.
    """
    base = seat * PAWNS
    length = pawns.board.squares
    starts = {p: (1 << at if at < length else 0xF << length)
              for p, at in enumerate(pawns.pos[base:base + PAWNS], start=base) if at >= 0}
    tables = []
    for pawn in starts:
        by_steps: list[list[Option]] = [[] for _ in range(STEPS + 1)]
        for option in _options(pawns, seat, pawn, starts):
            by_steps[option[0] >> 3 & 7].append(option)
        if any(by_steps):
            tables.append(by_steps)
    unions = [0] * len(tables)
    for i, table in enumerate(tables):
        for options in table:
            for _, _, footprint in options:
                unions[i] |= footprint
    apart = all(not unions[i] & unions[j] for i in range(len(tables)) for j in range(i))
    plain: list[tuple[Seven, Effect]] = []
    tangled: dict[Outcome, tuple[Seven, Effect]] = {}
    for shares in COMPOSITIONS[len(tables)]:
        lists = [table[c] for table, c in zip(tables, shares, strict=True) if c]
        if not all(lists):
            continue
        for chosen in product(*lists):
            codes, effects, footprints = zip(*chosen, strict=True)
            if not apart and len(footprints) > 1 and _meet(footprints):
                _play_out(pawns, seat, codes, tangled)
            elif None not in effects:
                effect = effects[0] if len(effects) == 1 else tuple(chain.from_iterable(effects))
                plain.append((seven(codes), effect))
    if not tangled:
        return plain
    found = {tuple(sorted(effect)): (action, effect) for action, effect in plain}
    for key, value in tangled.items():
        found.setdefault(key, value)
    return list(found.values())


def _meet(footprints: tuple[int, ...]) -> bool:
    """Whether any two of ``footprints`` share a place."""
    seen = 0
    for footprint in footprints:
        if seen & footprint:
            return True
        seen |= footprint
    return False


def _options(pawns: Pawns, seat: int, pawn: int, starts: dict[int, int]) -> list[Option]:
    """Every (count, route) ``pawn`` could take as one part, by count.

    A part illegal on its own is kept only if another of the seat's pawns
    stands in its footprint: moving that pawn first might clear its way.
    """
    at = pawns.pos[pawn]
    board = pawns.board
    number = pawn % PAWNS + 1
    others = 0
    for other, mask in starts.items():
        if other != pawn:
            others |= mask
    out: list[Option] = []
    on_track = at < board.squares
    optional = pawns.optional_entry
    for steps in range(1, STEPS + 1):
        if not on_track and at - board.squares + steps >= 4:
            break
        for jumps in board.jump_choices(at, steps) if on_track else (0,):
            footprint = board.footprint(seat, at, steps, jumps)
            routes = (False, True) if (
                on_track and optional and 1 <= board.past_foot(seat, at, steps, jumps) <= 4
            ) else (False,)
            for stay_out in routes:
                effect = pawns.forward(pawn, steps, jumps, stay_out)
                if effect is not None or footprint & others:
                    out.append((_code(number, steps, jumps, stay_out), effect, footprint))
    return out


def _play_out(pawns: Pawns, seat: int, codes: tuple[int, ...], found: dict[Outcome, tuple[Seven, Effect]]) -> None:
    """Try every order of parts that interact, skipping orders that reach a position already reached."""
    base = seat * PAWNS - 1
    visited: set[tuple[int, tuple[int, ...]]] = set()

    def play(work: Pawns, left: int, done: tuple[int, ...], effect: Effect) -> None:
        if not left:
            key = outcome(effect)
            if key not in found:
                found[key] = (seven(done), effect)
            return
        for i, code in enumerate(codes):
            if not left >> i & 1:
                continue
            step = work.forward(base + (code >> 6), code >> 3 & 7, code >> 1 & 3, bool(code & 1))
            if step is None:
                continue
            after = work.copy()
            after.execute(step)
            mark = (left & ~(1 << i), tuple(after.pos))
            if mark in visited:
                continue
            visited.add(mark)
            play(after, left & ~(1 << i), (*done, code), effect + step)

    play(pawns, (1 << len(codes)) - 1, (), ())


def effect_of(pawns: Pawns, seat: int, parts: tuple[Part, ...], why: Why = None) -> Effect | None:
    """The effect of playing ``parts`` in order, or None (with the first part's reason in ``why``)."""
    work = pawns.copy()
    effect: Effect = ()
    for p in parts:
        inner: list[str] = []
        step = work.forward(seat * PAWNS + p.pawn - 1, p.steps, p.jumps, p.stay_out, why=inner)
        if step is None:
            if why is not None:
                why.append(f"part {p}: {inner[0]}")
            return None
        work.execute(step)
        effect += step
    return effect
