"""The 7 split: every distinct legal way to share 7 steps among one's pawns.

Ordered parts, each a legal forward move on the board left by the parts
before it, all 7 steps used, each pawn at most one part **[decision: a pawn
moving twice in one 7 would only re-spell a single part or let it hop round
another pawn]**. Splits that end in the same position are the same move: only
the first found is listed (``apply`` refuses the other spellings, naming the
listed one). A shortcut is taken only by a pawn settled on its intersection
when the turn began (``Pawns.settled``); a part never moves a pawn an earlier
part moved, so that rule holds inside a split by itself.

Every single part a pawn could take is first worked out alone on the
current board, noting the places it *looks* at (``Board.footprint``) and the
places it *changes* (its start and landing). When no pawn's parts look at a
place another pawn's parts change, every combination of legal parts is a
distinct split, legal in any order, listed by pawn number (``_apart``).
Otherwise the splits are searched depth first, part after part, pawns in
number order (so a split is listed in pawn order whenever that order is
legal): a part whose footprint meets nothing changed so far reuses its effect
worked out alone, the others are worked out again on the board as it then is;
a board already reached with the same pawns and steps left is not searched
again, and each final position is kept once.
"""

from __future__ import annotations

from itertools import chain, product

from parlour.games.tock.actions import PAWNS, Part, Seven, part
from parlour.games.tock.pawns import Effect, Mover, Pawns, Why

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


def splits(mover: Mover, pawns: Pawns, seat: int) -> list[tuple[Seven, Effect]]:
    """Every distinct legal 7 of ``seat``, with its effect."""
    base = seat * PAWNS
    length = mover.board.squares
    starts = {p: 1 << at for p, at in enumerate(pawns.pos[base:base + PAWNS], start=base) if at >= 0}
    tables: list[list[list[Option]]] = []
    movers: list[int] = []
    for pawn in starts:
        by_steps: list[list[Option]] = [[] for _ in range(STEPS + 1)]
        for option in _options(mover, pawns, seat, pawn, starts, length):
            by_steps[option[0] >> 3 & 7].append(option)
        if any(by_steps):
            tables.append(by_steps)
            movers.append(pawn)
    looks = [0] * len(tables)
    changes = [0] * len(tables)
    for i, table in enumerate(tables):
        for options in table:
            for _, _, look, change in options:
                looks[i] |= look
                changes[i] |= change
    if not _interact(looks, changes):
        return _apart(tables)
    return _search(mover, pawns, movers, tables)


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


def _interact(looks: list[int], changes: list[int]) -> bool:
    """Whether one pawn's parts look at a place another's change: then their order may matter."""
    for i, look in enumerate(looks):
        for j, change in enumerate(changes):
            if i != j and look & change:
                return True
    return False


def _options(mover: Mover, pawns: Pawns, seat: int, pawn: int, starts: dict[int, int],
             length: int) -> list[Option]:
    """Every (count, route) ``pawn`` could take as one part, by count."""
    at = pawns.pos[pawn]
    board = mover.board
    number = pawn % PAWNS + 1
    others = 0
    for other, mask in starts.items():
        if other != pawn:
            others |= mask
    start = starts[pawn]
    if at < length and not pawns.settled >> pawn & 1 and not board.past_foot(seat, at, STEPS):
        return plain_options(pawns, pawn, number, start, others, length)
    return general_options(mover, pawns, seat, pawn, number, start, others, length)


def general_options(mover: Mover, pawns: Pawns, seat: int, pawn: int, number: int, start: int,
                    others: int, length: int) -> list[Option]:
    """``_options`` by ``Mover.forward`` for every count and route."""
    at = pawns.pos[pawn]
    board = mover.board
    on_track = at < length
    out: list[Option] = []
    optional = mover.optional_entry
    forward = mover.forward
    for steps in range(1, STEPS + 1):
        if not on_track and at - length + steps >= 4:
            break
        for jumps in mover.jump_choices(pawns, pawn, steps) if on_track else (0,):
            look = board.footprint(seat, at, steps, jumps)
            routes = (False, True) if (
                on_track and optional and 1 <= board.past_foot(seat, at, steps, jumps) <= 4
            ) else (False,)
            for stay_out in routes:
                effect = forward(pawns, pawn, steps, jumps, stay_out)
                if effect is not None:
                    out.append((_code(number, steps, jumps, stay_out), effect, look,
                                start | 1 << effect[-1][1]))
                elif look & others:
                    out.append((_code(number, steps, jumps, stay_out), None, look, look))
    return out


def plain_options(pawns: Pawns, pawn: int, number: int, start: int, others: int,
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


def _search(mover: Mover, pawns: Pawns, movers: list[int],
            tables: list[list[list[Option]]]) -> list[tuple[Seven, Effect]]:
    """The splits when parts may interact: depth first, see the module docstring.

    Two parts in a row that do not interact (neither looks at what the other
    changes) give the same board in either order: only the order by pawn
    number is searched.
    """
    found: dict[Outcome, tuple[tuple[int, ...], Effect]] = {}
    seen: set[tuple[int, int, Outcome]] = set()
    count = len(movers)
    forward = mover.forward

    def search(work: Pawns, used: int, left: int, changed: int, last: int, last_look: int,
               last_change: int, codes: tuple[int, ...], effect: Effect) -> None:
        for i in range(count):
            if used >> i & 1:
                continue
            pawn = movers[i]
            table = tables[i]
            for steps in range(1, left + 1):
                for code, step, look, change in table[steps]:
                    if i < last and not (look & last_change or last_look & change):
                        continue
                    if look & changed:
                        step = forward(work, pawn, steps, code >> 1 & 3, bool(code & 1))
                        if step is None:
                            continue
                        change = 1 << work.pos[pawn] | 1 << step[-1][1]
                    elif step is None:
                        continue
                    whole = effect + step
                    if steps == left:
                        key = outcome(whole)
                        if key not in found:
                            found[key] = ((*codes, code), whole)
                        continue
                    rest = used | 1 << i
                    mark = (rest, left - steps, outcome(whole))
                    if mark in seen:
                        continue
                    seen.add(mark)
                    after = work.copy()
                    after.execute(step)
                    search(after, rest, left - steps, changed | change, i, look, change, (*codes, code), whole)

    search(pawns, 0, STEPS, 0, -1, 0, 0, (), ())
    return [(seven(codes), effect) for codes, effect in found.values()]


def effect_of(mover: Mover, pawns: Pawns, seat: int, parts: tuple[Part, ...], why: Why = None) -> Effect | None:
    """The effect of playing ``parts`` in order, or None (with the first part's reason in ``why``)."""
    work = pawns.copy()
    effect: Effect = ()
    for p in parts:
        inner: list[str] = []
        step = mover.forward(work, seat * PAWNS + p.pawn - 1, p.steps, p.jumps, p.stay_out, why=inner)
        if step is None:
            if why is not None:
                why.append(f"part {p}: {inner[0]}")
            return None
        work.execute(step)
        effect += step
    return effect
