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

from functools import cache

from parlour.games.tock.actions import PAWNS, Part, Seven, part
from parlour.games.tock.pawns import Effect, Pawns, Why

STEPS = 7
Option = tuple[Part, Effect | None, int]
"""One part tried alone: the part, its effect (None if illegal alone), its footprint."""


@cache
def seven(parts: tuple[Part, ...]) -> Seven:
    return Seven(parts)


def outcome(effect: Effect) -> tuple[tuple[int, int], ...]:
    """Where every pawn an effect touches ends up: two splits with one outcome are one move."""
    return tuple(sorted(dict(effect).items()))


def splits(pawns: Pawns, seat: int) -> dict[tuple[tuple[int, int], ...], tuple[Seven, Effect]]:
    """Every distinct legal 7 of ``seat``, by outcome."""
    options = [_options(pawns, seat, pawn) for pawn in range(seat * PAWNS, seat * PAWNS + PAWNS)]
    options = [o for o in options if o]
    found: dict[tuple[tuple[int, int], ...], tuple[Seven, Effect]] = {}
    chosen: list[Option] = []

    def assign(k: int, left: int) -> None:
        if left == 0:
            _settle(pawns, seat, chosen, found)
            return
        if k == len(options):
            return
        for option in options[k]:
            steps = option[0].steps
            if steps <= left:
                chosen.append(option)
                assign(k + 1, left - steps)
                chosen.pop()
        assign(k + 1, left)

    assign(0, STEPS)
    return found


def _options(pawns: Pawns, seat: int, pawn: int) -> list[Option]:
    """Every (count, route) ``pawn`` could take as one part, tried alone."""
    at = pawns.pos[pawn]
    if at < 0:
        return []
    board = pawns.board
    number = pawn % PAWNS + 1
    out: list[Option] = []
    on_track = at < board.squares
    for steps in range(1, STEPS + 1):
        if not on_track and at - board.squares + steps >= 4:
            break
        for jumps in board.jump_choices(at, steps) if on_track else (0,):
            footprint = board.footprint(seat, at, steps, jumps)
            routes = [False]
            if on_track and pawns.optional_entry and 1 <= board.past_foot(seat, at, steps, jumps) <= 4:
                routes.append(True)
            for stay_out in routes:
                effect = pawns.forward(pawn, steps, jumps, stay_out)
                out.append((part(number, steps, jumps, stay_out), effect, footprint))
    return out


def _settle(pawns: Pawns, seat: int, chosen: list[Option],
            found: dict[tuple[tuple[int, int], ...], tuple[Seven, Effect]]) -> None:
    """Add the outcomes of one assignment of parts to ``found``."""
    seen = 0
    independent = True
    for _, _, footprint in chosen:
        if seen & footprint:
            independent = False
            break
        seen |= footprint
    if independent:
        effect: Effect = ()
        for _, single, _ in chosen:
            if single is None:
                return
            effect += single
        key = outcome(effect)
        if key not in found:
            found[key] = (seven(tuple(p for p, _, _ in chosen)), effect)
        return
    parts = [p for p, _, _ in chosen]
    visited: set[tuple[int, tuple[int, ...]]] = set()

    def play_out(work: Pawns, left: int, done: tuple[Part, ...], effect: Effect) -> None:
        if not left:
            key = outcome(effect)
            if key not in found:
                found[key] = (seven(done), effect)
            return
        for i, p in enumerate(parts):
            if not left >> i & 1:
                continue
            step = work.forward(seat * PAWNS + p.pawn - 1, p.steps, p.jumps, p.stay_out)
            if step is None:
                continue
            after = work.copy()
            after.execute(step)
            mark = (left & ~(1 << i), tuple(after.pos))
            if mark in visited:
                continue
            visited.add(mark)
            play_out(after, left & ~(1 << i), (*done, p), effect + step)

    play_out(pawns, (1 << len(parts)) - 1, (), ())


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
