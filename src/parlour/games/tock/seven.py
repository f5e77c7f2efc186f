"""The 7 split: every distinct legal way to share 7 steps among one's pawns, bounded.

Ordered parts, each a legal forward move on the board left by the parts
before it, all 7 steps used, each pawn at most one part **[decision: a pawn
moving twice in one 7 would only re-spell a single part or let it hop round
another pawn]**. Splits that end in the same position are the same move: only
the first found is listed (``apply`` refuses the other spellings, naming the
listed one).

Generation never searches every ordering blindly. For each *assignment*
(which pawn moves how far, by which route) every part is first tried alone
on the current board, noting the places it *looks* at (``Board.footprint``)
and the places it *changes* (its start and landing). When no part looks at a
place another changes, the parts are legal in any order with one outcome,
and one listing (by pawn number) stands for all orders. Parts that do
interact are split into groups (connected by "looks at what the other
changes"); each group is played out order by order, skipping orders that
reach a position already reached, and its outcomes are remembered for the
other assignments it appears in. A part illegal alone is kept only when
another of the seat's pawns stands where it looks (moving first might clear
its way). So at most 4 pawns × 7 counts × 3 routes × 2 home choices single
moves are worked out, over at most 120 splits of the counts. Measured on one
core of a shared machine: about 0.35 ms for the 116 splits of 4 free pawns,
24 ms for the 1860 splits of 4 pawns on the intersections of the 8-section
board with optional home entry (the worst case found).
"""

from __future__ import annotations

from itertools import chain, product

from parlour.games.tock.actions import PAWNS, Part, Seven, part
from parlour.games.tock.pawns import Effect, Pawns, Why

STEPS = 7
Option = tuple[int, Effect | None, int, int]
"""One part tried alone: its code (``_code``), its effect (None if illegal alone), the places
it looks at and the places it changes (bit masks as in ``Board.footprint``)."""
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
    return tuple((first, *rest) for first in range(STEPS + 1) for rest in _shares(count - 1))


COMPOSITIONS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(c for c in _shares(count) if sum(c) == STEPS) for count in range(PAWNS + 1)
)
"""By number of pawns that can move: every split of the 7 steps between them (0: stays)."""


def splits(pawns: Pawns, seat: int) -> list[tuple[Seven, Effect]]:
    """Every distinct legal 7 of ``seat``, with its effect.

    Assignments whose parts do not interact give distinct outcomes (each
    moving pawn ends where its count and route alone decide), so only the
    outcomes of interacting ones need comparing.
    """
    base = seat * PAWNS
    length = pawns.board.squares
    starts = {p: 1 << at for p, at in enumerate(pawns.pos[base:base + PAWNS], start=base) if at >= 0}
    tables = []
    for pawn in starts:
        by_steps: list[list[Option]] = [[] for _ in range(STEPS + 1)]
        for option in _options(pawns, seat, pawn, starts, length):
            by_steps[option[0] >> 3 & 7].append(option)
        if any(by_steps):
            tables.append(by_steps)
    looks = [0] * len(tables)
    changes = [0] * len(tables)
    for i, table in enumerate(tables):
        for options in table:
            for _, _, look, change in options:
                looks[i] |= look
                changes[i] |= change
    if not _interact(tuple(looks), tuple(changes)):
        return _apart(tables)
    plain: list[tuple[Seven, Effect]] = []
    tangled: dict[Outcome, tuple[Seven, Effect]] = {}
    known: dict[tuple[int, ...], list[tuple[tuple[int, ...], Effect]]] = {}
    for shares in COMPOSITIONS[len(tables)]:
        lists = [table[c] for table, c in zip(tables, shares, strict=True) if c]
        if not all(lists):
            continue
        for chosen in product(*lists):
            if len(chosen) == 1:
                code, effect, _, _ = chosen[0]
                if effect is not None:
                    plain.append((seven((code,)), effect))
                continue
            codes, effects, part_looks, part_changes = zip(*chosen, strict=True)
            if _interact(part_looks, part_changes):
                if _may_clear(effects, part_looks, part_changes):
                    _play_out(pawns, seat, chosen, tangled, known)
            elif None not in effects:
                plain.append((seven(codes), tuple(chain.from_iterable(effects))))
    if not tangled:
        return plain
    found = {tuple(sorted(effect)): (action, effect) for action, effect in plain}
    for key, value in tangled.items():
        found.setdefault(key, value)
    return list(found.values())


def _apart(tables: list[list[list[Option]]]) -> list[tuple[Seven, Effect]]:
    """The splits when no pawn's part can ever affect another's: every combination of legal parts."""
    legal = [[[(code, effect) for code, effect, _, _ in options if effect is not None] for options in table]
             for table in tables]
    out: list[tuple[Seven, Effect]] = []
    for shares in COMPOSITIONS[len(legal)]:
        lists = [table[c] for table, c in zip(legal, shares, strict=True) if c]
        if not all(lists):
            continue
        if len(lists) == 1:
            out.extend((seven((code,)), effect) for code, effect in lists[0])
            continue
        for chosen in product(*lists):
            codes, effects = zip(*chosen, strict=True)
            out.append((seven(codes), tuple(chain.from_iterable(effects))))
    return out


def _interact(looks: tuple[int, ...], changes: tuple[int, ...]) -> bool:
    """Whether one part looks at a place another changes: then their order may matter."""
    for i, look in enumerate(looks):
        for j, change in enumerate(changes):
            if i != j and look & change:
                return True
    return False


def _may_clear(effects: tuple[Effect | None, ...], looks: tuple[int, ...], changes: tuple[int, ...]) -> bool:
    """Whether every part illegal alone looks at a place another part changes (else none can help it)."""
    for i, effect in enumerate(effects):
        if effect is None and not any(
            looks[i] & change for j, change in enumerate(changes) if j != i
        ):
            return False
    return True


def _options(pawns: Pawns, seat: int, pawn: int, starts: dict[int, int], length: int) -> list[Option]:
    """Every (count, route) ``pawn`` could take as one part, by count."""
    at = pawns.pos[pawn]
    board = pawns.board
    number = pawn % PAWNS + 1
    others = 0
    for other, mask in starts.items():
        if other != pawn:
            others |= mask
    start = starts[pawn]
    if at < length and at not in board.intersections and not board.past_foot(seat, at, STEPS):
        return _plain_options(pawns, pawn, number, start, others, length)
    return _general_options(pawns, seat, pawn, number, start, others, length)


def _general_options(pawns: Pawns, seat: int, pawn: int, number: int, start: int, others: int,
                     length: int) -> list[Option]:
    """``_options`` by ``Pawns.forward`` for every count and route."""
    at = pawns.pos[pawn]
    board = pawns.board
    on_track = at < length
    out: list[Option] = []
    optional = pawns.optional_entry
    for steps in range(1, STEPS + 1):
        if not on_track and at - length + steps >= 4:
            break
        for jumps in board.jump_choices(at, steps) if on_track else (0,):
            look = board.footprint(seat, at, steps, jumps)
            routes = (False, True) if (
                on_track and optional and 1 <= board.past_foot(seat, at, steps, jumps) <= 4
            ) else (False,)
            for stay_out in routes:
                effect = pawns.forward(pawn, steps, jumps, stay_out)
                if effect is not None:
                    out.append((_code(number, steps, jumps, stay_out), effect, look,
                                start | 1 << effect[-1][1]))
                elif look & others:
                    out.append((_code(number, steps, jumps, stay_out), None, look, look))
    return out


def _plain_options(pawns: Pawns, pawn: int, number: int, start: int, others: int,
                   length: int) -> list[Option]:
    """``_options`` for the common case, one walk along the track: a track pawn off any
    intersection whose 7 squares ahead do not reach its home. Each count lands one square
    further; the first pawn met is captured by the count landing on it and blocks the rest.
    """
    occ, adv = pawns.occ, pawns.adv
    out: list[Option] = []
    look = start
    blocked = False
    for steps in range(1, STEPS + 1):
        square = (pawns.pos[pawn] + steps) % length
        look |= 1 << square
        code = _code(number, steps, 0, False)
        if blocked:
            if look & others:
                out.append((code, None, look, look))
            continue
        there = occ[square]
        if there < 0:
            out.append((code, ((pawn, square),), look, start | 1 << square))
            continue
        blocked = True
        if adv >> there & 1:
            if look & others:
                out.append((code, None, look, look))
        else:
            out.append((code, ((there, -1), (pawn, square)), look, start | 1 << square))
    return out


def _play_out(pawns: Pawns, seat: int, chosen: tuple[Option, ...],
              found: dict[Outcome, tuple[Seven, Effect]],
              known: dict[tuple[int, ...], list[tuple[tuple[int, ...], Effect]]]) -> None:
    """Add the outcomes of parts that interact: each group of interacting parts is played in
    every order (skipping orders that reach a position already reached), groups one after the
    other. ``known`` keeps each group's outcomes, met again with other parts beside it.
    """
    groups = _groups([o[2] for o in chosen], [o[3] for o in chosen])
    results: list[list[tuple[tuple[int, ...], Effect]]] = []
    for group in groups:
        if len(group) == 1:
            code, effect, _, _ = chosen[group[0]]
            if effect is None:
                return
            results.append([((code,), effect)])
        else:
            codes = tuple(chosen[i][0] for i in group)
            orders = known.get(codes)
            if orders is None:
                orders = known[codes] = _orders(pawns, seat, codes)
            if not orders:
                return
            results.append(orders)
    for combination in product(*results):
        codes = tuple(chain.from_iterable(c for c, _ in combination))
        effect = tuple(chain.from_iterable(e for _, e in combination))
        key = outcome(effect)
        if key not in found:
            found[key] = (seven(codes), effect)


def _groups(looks: list[int], changes: list[int]) -> list[list[int]]:
    """The parts, in groups that interact within and not across (connected components)."""
    count = len(looks)
    group = list(range(count))
    for i in range(count):
        for j in range(count):
            if i != j and looks[i] & changes[j]:
                old, new = group[j], group[i]
                group = [new if g == old else g for g in group]
    out: dict[int, list[int]] = {}
    for i, g in enumerate(group):
        out.setdefault(g, []).append(i)
    return list(out.values())


def _orders(pawns: Pawns, seat: int, codes: tuple[int, ...]) -> list[tuple[tuple[int, ...], Effect]]:
    """Every distinct outcome of playing the parts ``codes`` in some legal order."""
    base = seat * PAWNS - 1
    visited: set[tuple[int, tuple[int, ...]]] = set()
    found: dict[Outcome, tuple[tuple[int, ...], Effect]] = {}

    def play(work: Pawns, left: int, done: tuple[int, ...], effect: Effect) -> None:
        for i, code in enumerate(codes):
            if not left >> i & 1:
                continue
            step = work.forward(base + (code >> 6), code >> 3 & 7, code >> 1 & 3, bool(code & 1))
            if step is None:
                continue
            rest = left & ~(1 << i)
            if not rest:
                whole = effect + step
                found.setdefault(outcome(whole), ((*done, code), whole))
                continue
            after = work.copy()
            after.execute(step)
            mark = (rest, tuple(after.pos))
            if mark not in visited:
                visited.add(mark)
                play(after, rest, (*done, code), effect + step)

    play(pawns, (1 << len(codes)) - 1, (), ())
    return list(found.values())


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
