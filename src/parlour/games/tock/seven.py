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
worked out alone, the others are worked out again on the board as it then is
(and remembered by what they look at); each final position is kept once. A
board reached again with the same pawns moved is searched again: the splits
it leads to are already listed, and that is too rare to be worth noting the
boards reached.

The search changes one board and changes it back (make and unmake), names
a board by an int updated part by part (``_Search``), and builds effects
only when asked: ``legal_actions`` needs the 7s alone (``sevens``), the
heuristic their effects too (``splits``). The order of the list is part of
the contract (tests/games/tock/test_speedups.py; tests/games/tock/test_seven.py
checks splits, spellings and order against a plain search over every
ordering). The worst case known is four settled pawns on the intersections
of the 8-section board with optional home entry: 1,860 splits (the
``tock-seven`` group of ``benchmarks/speed.py`` times it). Hence parts
worked out again are remembered, and a place set is a mask of the places
the 7 looks at alone (``SquareBits``), not a bit per place of the board: that
int is wider than a machine word from 4 sections on, and so slow compiled.
"""

from __future__ import annotations

from functools import cache
from itertools import chain, product
from typing import Final

from parlour.core.refusals import Refusal
from parlour.games.tock.actions import PAWNS, Part, Seven, own_pawns_shown, part
from parlour.games.tock.board import HOME, RESERVE
from parlour.games.tock.pawns import Effect, Mover, Pawns, Why

STEPS: Final = 7
Option = tuple[int, Effect | None, int, int, int]
"""One part tried alone: its code (``_code``), its effect (None if illegal alone), the places
it looks at and the places it changes (bit masks, a bit per place as ``SquareBits`` numbers them),
and the change its effect makes to the board's key (``shift``; 0 when illegal alone)."""
Outcome = tuple[tuple[int, int], ...]
Found = tuple[list[int], list[Effect]]
"""The splits found, in order: their parts' codes packed 9 bits a part (the first part highest,
see ``seven_of``), and their effects (an empty list when effects were not asked for)."""

_parts: Final[dict[int, Part]] = {}
_sevens: Final[dict[int, Seven]] = {}
CODE_BITS: Final = 9
CODE_MASK: Final = (1 << CODE_BITS) - 1


class SquareBits:
    """The places one 7 looks at, numbered in the order first met, each a bit: the search's masks are
    made of these bits rather than ``Board.footprint``'s, a bit per place of the whole board.

    A 7 looks at a few dozen places, the 8-section board has 148: masks of the board's bits grow
    wider than a machine word, and every operation on them then makes a new int object, while masks
    of these bits stay small ints (native in the compiled build)."""

    __slots__ = ("bits", "places")

    def __init__(self, size: int) -> None:
        self.bits = [0] * size
        """Each place's bit, by place (0: not met yet)."""
        self.places: list[int] = []
        """The places met, in the order of their bits."""

    def bit(self, place: int) -> int:
        """The bit of ``place``, given it now if it has none yet."""
        found = self.bits[place]
        if not found:
            found = self.bits[place] = 1 << len(self.places)
            self.places.append(place)
        return found

    def mask(self, board_mask: int) -> int:
        """The places of ``board_mask`` (a bit per place of the board, as ``Board.footprint``) as these bits."""
        out = 0
        for place in places_of(board_mask):
            out |= self.bit(place)
        return out


PLACES: Final[dict[int, tuple[int, ...]]] = {}
"""``places_of`` by its argument: a board has few footprints and routes."""


def places_of(board_mask: int) -> tuple[int, ...]:
    """The places of a mask of a bit per place of the board, in order."""
    found = PLACES.get(board_mask)
    if found is None:
        found = PLACES[board_mask] = tuple(place for place in range(board_mask.bit_length())
                                           if board_mask >> place & 1)
    return found


def _code(number: int, steps: int, jumps: int, stay_out: bool) -> int:
    return (number << 6) | (steps << 3) | (jumps << 1) | stay_out


def _part(code: int) -> Part:
    found = _parts.get(code)
    if found is None:
        found = _parts[code] = part(code >> 6, code >> 3 & 7, code >> 1 & 3, bool(code & 1))
    return found


def seven_of(packed: int) -> Seven:
    """The (cached) 7 whose parts' codes are packed in ``packed``, 9 bits a part, the first highest."""
    found = _sevens.get(packed)
    if found is None:
        codes = []
        rest = packed
        while rest:
            codes.append(rest & CODE_MASK)
            rest >>= CODE_BITS
        found = _sevens[packed] = Seven(tuple(_part(c) for c in reversed(codes)))
    return found


def seven(codes: tuple[int, ...]) -> Seven:
    """The (cached) 7 whose parts have these codes (``_code``), in this order."""
    packed = 0
    for code in codes:
        packed = packed << CODE_BITS | code
    return seven_of(packed)


def outcome(effect: Effect) -> Outcome:
    """Where every pawn an effect touches ends up: two splits with one outcome are one move."""
    return tuple(sorted(dict(effect).items()))


def _shares(count: int) -> tuple[tuple[int, ...], ...]:
    """Every tuple of ``count`` counts from 0 to 7."""
    if count == 0:
        return ((),)
    return tuple((first, *rest) for first in range(STEPS + 1) for rest in _shares(count - 1))


COMPOSITIONS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(c for c in _shares(count) if sum(c) == STEPS) for count in range(PAWNS + 1)
)
"""By number of pawns that can move: every split of the 7 steps between them (0: stays)."""


def splits(mover: Mover, pawns: Pawns, seat: int) -> list[tuple[Seven, Effect]]:
    """Every distinct legal 7 of ``seat``, with its effect."""
    codes, effects = _found(mover, pawns, seat, True)
    return [(seven_of(packed), effect) for packed, effect in zip(codes, effects, strict=True)]


def sevens(mover: Mover, pawns: Pawns, seat: int) -> list[Seven]:
    """Every distinct legal 7 of ``seat``, as ``splits`` lists them, without their effects."""
    codes, _ = _found(mover, pawns, seat, False)
    made = _sevens
    out: list[Seven] = []
    for packed in codes:
        found = made.get(packed)  # every 7 made before: the common case, looked up without a call
        out.append(seven_of(packed) if found is None else found)
    return out


def _found(mover: Mover, pawns: Pawns, seat: int, effects: bool) -> Found:
    base = seat * PAWNS
    board = mover.board
    length = board.squares
    places = pawns.pos
    settled = pawns.settled
    squares = SquareBits(length + HOME)
    everyone = 0
    for pawn in range(base, base + PAWNS):
        if places[pawn] >= 0:
            everyone |= squares.bit(places[pawn])
    tables: list[list[list[Option]]] = []
    movers: list[int] = []
    has: list[int] = []
    looks: list[int] = []
    changes: list[int] = []
    step_looks: list[list[int]] = []
    step_changes: list[list[int]] = []
    for pawn in range(base, base + PAWNS):
        at = places[pawn]
        if at < 0:
            continue
        start = squares.bit(at)
        if at < length and not settled >> pawn & 1 and not board.past_foot(seat, at, STEPS):
            options = plain_options(pawns, pawn, pawn - base + 1, start, everyone & ~start, length, squares)
        elif at < length and settled >> pawn & 1 and (routes := short_routes(mover, pawns, pawn)):
            options = route_options(pawns, pawn, pawn - base + 1, start, everyone & ~start, routes, squares)
        else:
            options = general_options(mover, pawns, seat, pawn, pawn - base + 1, start, everyone & ~start, length,
                                      squares)
        if not options:
            continue
        by_steps: list[list[Option]] = [[], [], [], [], [], [], [], []]
        look_by = [0] * (STEPS + 1)
        change_by = [0] * (STEPS + 1)
        for option in options:
            steps = option[0] >> 3 & 7
            by_steps[steps].append(option)
            look_by[steps] |= option[2]
            change_by[steps] |= option[3]
        look = change = counts = 0
        for steps in range(1, STEPS + 1):
            if by_steps[steps]:
                counts |= 1 << steps
                look |= look_by[steps]
                change |= change_by[steps]
        look_by[0] = look  # index 0 (no part has 0 steps): the pawn's parts all told
        change_by[0] = change
        tables.append(by_steps)
        step_looks.append(look_by)
        step_changes.append(change_by)
        movers.append(pawn)
        has.append(counts)
        looks.append(look)
        changes.append(change)
    if len(tables) < 2 or not _interact(looks, changes):
        return _apart(tables, effects)
    return _Search(mover, pawns, seat, movers, tables, has, step_looks, step_changes, effects, squares).run()


def _apart(tables: list[list[list[Option]]], effects: bool) -> Found:
    """The splits when no pawn's part can ever affect another's: every combination of legal parts,
    the counts shared as ``COMPOSITIONS`` lists them."""
    codes: list[int] = []
    found_effects: list[Effect] = []
    if len(tables) == 1:  # one pawn takes all 7
        for code, effect, _, _, _ in tables[0][STEPS]:
            if effect is not None:
                codes.append(code)
                if effects:
                    found_effects.append(effect)
        return codes, found_effects
    legal = [[[(code, effect) for code, effect, _, _, _ in options if effect is not None] if options else []
              for options in table] for table in tables]
    for shares in _shares_of(tuple(sum(1 << c for c, options in enumerate(table) if options) for table in legal)):
        lists = [table[c] for table, c in zip(legal, shares, strict=True) if c]
        if len(lists) == 1:
            codes.extend([code for code, _ in lists[0]])
            if effects:
                found_effects.extend([effect for _, effect in lists[0]])
            continue
        for chosen in product(*lists):
            packed = 0
            for code, _ in chosen:
                packed = packed << CODE_BITS | code
            codes.append(packed)
            if effects:
                found_effects.append(tuple(chain.from_iterable(e for _, e in chosen)))
    return codes, found_effects


@cache
def _shares_of(has: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The shares of ``COMPOSITIONS`` that give each pawn 0 or a count it has parts of (``has``: bits)."""
    return tuple(shares for shares in COMPOSITIONS[len(has)]
                 if all(not c or h >> c & 1 for h, c in zip(has, shares, strict=True)))


def _interact(looks: list[int], changes: list[int]) -> bool:
    """Whether one pawn's parts look at a place another's change: then their order may matter."""
    for i, look in enumerate(looks):
        for j, change in enumerate(changes):
            if i != j and look & change:
                return True
    return False


def general_options(mover: Mover, pawns: Pawns, seat: int, pawn: int, number: int, start: int,
                    others: int, length: int, squares: SquareBits) -> list[Option]:
    """Every (count, route) ``pawn`` could take as one part, by count, by ``Mover.forward``:
    those legal alone, and those illegal alone whose footprint meets the places of the seat's
    ``others`` pawns (moving them first might make them legal)."""
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
            look = squares.mask(board.footprint(seat, at, steps, jumps))
            routes = (False, True) if (
                on_track and optional and 1 <= board.past_foot(seat, at, steps, jumps) <= 4
            ) else (False,)
            for stay_out in routes:
                effect = forward(pawns, pawn, steps, jumps, stay_out)
                if effect is not None:
                    out.append((_code(number, steps, jumps, stay_out), effect, look,
                                start | squares.bit(effect[-1][1]), key_change(effect, at, seat)))
                elif look & others:
                    out.append((_code(number, steps, jumps, stay_out), None, look, look, 0))
    return out


def plain_options(pawns: Pawns, pawn: int, number: int, start: int, others: int,
                  length: int, squares: SquareBits) -> list[Option]:
    """``general_options`` for the common case, one walk along the track: a track pawn off any
    intersection whose 7 squares ahead do not reach its home. Each count lands one square
    further; the first pawn met is captured by the count landing on it and blocks the rest.
    """
    at = pawns.pos[pawn]
    return route_options(pawns, pawn, number, start, others, (tuple((at + steps) % length
                                                                     for steps in range(1, STEPS + 1)),), squares)


def short_routes(mover: Mover, pawns: Pawns, pawn: int) -> tuple[tuple[int, ...], ...]:
    """The squares of the 7-step route of track ``pawn`` by each number of shortcuts it may start with
    (``Mover.jump_choices``), when none of them goes past its home's foot; else ()."""
    board = mover.board
    at = pawns.pos[pawn]
    routes = []
    for jumps in mover.jump_choices(pawns, pawn, STEPS):
        path = board.forward_path(at, STEPS, jumps)
        if path is None or board.past_foot(pawn // PAWNS, at, STEPS, jumps):
            return ()
        routes.append(path)
    return tuple(routes)


def route_options(pawns: Pawns, pawn: int, number: int, start: int, others: int,
                  routes: tuple[tuple[int, ...], ...], squares: SquareBits) -> list[Option]:
    """``general_options`` when no route goes past the pawn's home foot (``short_routes``): one walk
    along each route, as ``plain_options`` along the track; a count takes a route with up to as
    many shortcuts as steps (the squares of a route's first shortcuts are passed by all its counts)."""
    occ, adv = pawns.occ, pawns.adv
    out: list[Option] = []
    looks = [start] * len(routes)
    blocked = [False] * len(routes)
    at = pawns.pos[pawn]
    place = 8 * (pawn & 3)
    for steps in range(1, STEPS + 1):
        for jumps, route in enumerate(routes):
            code = _code(number, steps, jumps, False)
            square = route[steps - 1]
            bit = squares.bit(square)
            look = looks[jumps] = looks[jumps] | bit
            if jumps > steps:  # not a move of this count: the square is passed on the way
                blocked[jumps] = blocked[jumps] or occ[square] >= 0
                continue
            if blocked[jumps]:
                if look & others:
                    out.append((code, None, look, look, 0))
                continue
            there = occ[square]
            if there < 0:
                out.append((code, ((pawn, square),), look, start | bit, (square - at) << place))
                continue
            blocked[jumps] = True
            if adv >> there & 1:
                if look & others:
                    out.append((code, None, look, look, 0))
            else:
                step = ((there, -1), (pawn, square))
                out.append((code, step, look, start | bit, key_change(step, at, pawn >> 2)))
    return out


def key_change(effect: Effect, at: int, seat: int) -> int:
    """How a part's effect (an optional capture, then the move of the pawn from ``at``) changes the
    key naming the board (``_Search``): each of ``seat``'s pawns' place + 1 in 8 bits, then a bit
    per other pawn captured (bit 28 + its number counted on from the seat's first pawn, modulo 32:
    bits 32 to 59, so the key stays a small int)."""
    pawn, land = effect[-1]
    out = (land - at) << 8 * (pawn & 3)
    if len(effect) > 1:
        there = effect[0][0]
        out += (-1 - land) << 8 * (there & 3) if there >> 2 == seat else 1 << (28 + ((there - seat * PAWNS) & 31))
    return out


LONE: Final = tuple(unused.bit_length() - 1 if unused & (unused - 1) == 0 else -1 for unused in range(1 << PAWNS))
"""For each set of pawns not yet used (bits): the one pawn left, or -1 (none or several)."""


ORDERS: Final = tuple(tuple(tuple(i for i in range(count) if not used >> i & 1) for used in range(1 << count))
               for count in range(PAWNS + 1))
"""By number of pawns that can move, and the set of them used (bits): the others, in number order."""


COUNTS: Final[dict[int, tuple[int, ...]]] = {}
"""``_counts`` by its arguments packed in an int (``has``, ``further``, ``left``): cheaper to look up."""


def _counts(has: int, further: int, left: int) -> tuple[int, ...]:
    """The counts a pawn with parts of the counts ``has`` (bits) may take with ``left`` steps left,
    when the pawns after it can still use up the counts ``further`` (bits)."""
    return tuple(steps for steps in range(1, left + 1)
                 if has >> steps & 1 and (steps == left or further >> (left - steps) & 1))


@cache
def _reach(has: tuple[int, ...]) -> tuple[int, ...]:
    """For each set of pawns (bits) with parts of the counts ``has`` (bits), the totals they could make."""
    reach = [1] * (1 << len(has))
    for some in range(1, 1 << len(has)):
        i = some.bit_length() - 1
        below = reach[some & ~(1 << i)]
        sums = below
        for steps in range(1, STEPS + 1):
            if has[i] >> steps & 1:
                sums |= below << steps
        reach[some] = sums & ((2 << STEPS) - 1)
    return tuple(reach)


Next = tuple[int, list[list[Option]], int, int, bool, int, int, int, list[int], list[int], int]
"""What ``_Search.search`` needs of a pawn it may move next (``_Search.nexts``)."""


Redone = tuple[int, int, Effect | None, int, int]
"""A part worked out again (``_Search.redo``): a square and the pawn that stood on it (or -1) when
it was worked out, its effect (None if illegal), the places it changes, and its change to the
board's key."""


Again = tuple[int, int, int, int, int, int, int, bool] | None
"""How to work a part out again on a changed board (``_Search.again``): the pawn's start, the
steps left past its foot (-1 for a pawn in its home lane), the squares it passes (bits) and
where it lands going round the track, the same entering its home, the home squares that must
be free to enter (or to move up the lane), and whether it stays out; None when the part can
never be legal."""

ROUTES: Final[dict[int, Again]] = {}
"""``_Search.prepare`` by what it depends on, packed in an int (board size, home foot, place, the
part's count and route, settled, optional home entry): geometry, the same in every search."""


class _Search:
    """The splits when parts may interact: depth first, see the module docstring.

    Two parts in a row that do not interact (neither looks at what the other
    changes) give the same board in either order: only the order by pawn
    number is searched.

    One board is changed and changed back as the search goes (``occ``); the
    occupied squares (bits), advantages and the seat's home lane are passed
    down as ints. A board is named by an int (``key``): each of the seat's
    pawns' place + 1 in 8 bits, then a bit per other pawn captured (``key_change``). A board
    from which the pawns left cannot use up the steps left is not searched;
    the last pawn's part is tried in the loop that made the part before it,
    at once from its parts worked out alone when nothing made can affect them.
    """

    __slots__ = ("bits", "board", "choices", "count", "effects", "everyone", "found", "found_effects", "has", "hot",
                 "key", "length", "movers", "next_of", "occ", "occupied", "optional", "pawns", "places", "prepared",
                 "reach", "redos", "seat", "squares", "starts", "step_changes", "step_looks")

    def __init__(self, mover: Mover, pawns: Pawns, seat: int, movers: list[int],
                 tables: list[list[list[Option]]], has: list[int], step_looks: list[list[int]],
                 step_changes: list[list[int]], effects: bool, squares: SquareBits) -> None:
        self.board = board = mover.board
        self.optional = mover.optional_entry
        self.pawns = pawns
        self.seat = seat
        self.movers = movers
        self.effects = effects
        self.length = board.squares
        self.places = places = pawns.pos
        self.occ = occ = pawns.occ[:]
        self.squares = squares
        self.bits = bits = squares.bits
        """Each place's bit in the search's masks (``SquareBits``), by place."""
        occupied = 0
        for place in squares.places:
            if place < self.length and occ[place] >= 0:
                occupied |= bits[place]
        self.occupied = occupied
        """The occupied track squares among the places the parts look at, as their bits."""
        self.starts = [places[p] for p in movers]
        base = seat * PAWNS
        key = 0
        for k in range(PAWNS):
            key |= (places[base + k] + 1) << (8 * k)
        self.key = key
        self.choices = tables
        self.count = count = len(movers)
        self.everyone = (1 << count) - 1
        self.has = has
        """For each pawn, the counts it has parts of (bits)."""
        self.step_looks = step_looks
        self.step_changes = step_changes
        """For each pawn and count (0: every count), all that its parts of that count look at and change
        (bits): when neither meets the part made last, none of those parts interacts with it."""
        self.reach = _reach(tuple(has))
        """For each set of pawns not yet used (bits), the step counts they could still use up."""
        self.found: dict[int, int] = {}
        """The splits found, by the key of the board they end on: their parts' codes, packed."""
        self.found_effects: dict[int, Effect] = {}
        """Their effects, when asked for."""
        self.next_of: list[list[Next] | None] = [None] * (1 << count)
        """For each set of pawns used (bits), what the search needs of each pawn it may move next (``nexts``)."""
        self.prepared: dict[int, Again] = {}
        self.redos: dict[tuple[int, int, int], Redone] = {}
        """Parts worked out again (``redo``), by what they look at: the places among them that hold a pawn,
        the part's code, the home lane. Which pawn stands where it lands is checked on use (``Redone``);
        a part is only worked out again while its pawn stands on its start, so the rest follows."""
        self.hot = (movers, self.found, self.occ, self.starts, self.redo, self.redos, effects, has,
                    self.reach, self.found_effects, self.length, self.everyone, tables, step_looks, step_changes,
                    self.next_of, bits)
        """What ``search`` reads, in one attribute: cheaper to unpack at each call."""

    def run(self) -> Found:
        pawns = self.pawns
        self.search(0, STEPS, 0, -1, 0, 0, 0, (), self.key, pawns.adv, pawns.homes[self.seat], self.occupied)
        return list(self.found.values()), list(self.found_effects.values())

    def again(self, code: int, pawn: int, adv: int, lane: int, occupied: int) -> Effect | None:
        """The effect of part ``code`` of ``pawn`` on the board as it now is, or None."""
        prepared = self.prepared
        if code in prepared:
            spec = prepared[code]
        else:
            at = self.places[pawn]
            route = ((((self.length << 8 | self.board.feet[self.seat]) << 8 | at) << 6 | code & 63) << 1
                     | self.pawns.settled >> pawn & 1) << 1 | self.optional
            if route in ROUTES:
                spec = ROUTES[route]
            else:
                spec = ROUTES[route] = self.prepare(code, pawn)
            if spec is not None:  # its masks as the search's bits
                squares = self.squares
                spec = (spec[0], spec[1], squares.mask(spec[2]), spec[3], squares.mask(spec[4]), spec[5], spec[6],
                        spec[7])
            prepared[code] = spec
        if spec is None:
            return None
        at, left, round_passed, round_land, home_passed, home_land, enter_mask, stay_out = spec
        if left < 0:  # up the home lane
            return None if lane & enter_mask else ((pawn, home_land),)
        occ = self.occ
        if occ[at] != pawn:  # captured by an earlier part
            return None
        if left:
            can_enter = left <= HOME and not lane & enter_mask
            if can_enter and not stay_out:
                return None if home_passed & occupied else ((pawn, home_land),)
            if stay_out and not can_enter:
                return None
        if round_passed & occupied:
            return None
        if not occupied & self.bits[round_land]:
            return ((pawn, round_land),)
        there = occ[round_land]
        if adv >> there & 1:
            return None
        return ((there, RESERVE), (pawn, round_land))

    def redo(self, code: int, pawn: int, adv: int, lane: int, occupied: int) -> Redone:
        """Part ``code`` of ``pawn`` worked out again on the board as it now is (``again``), with the square
        whose pawn it depended on besides the places it looks at (where it lands, or the pawn's own start)."""
        step = self.again(code, pawn, adv, lane, occupied)
        spec = self.prepared[code]
        start = self.places[pawn]
        square = spec[3] if spec is not None and spec[1] >= 0 else start if start < self.length else 0
        if step is None:
            return square, self.occ[square], None, 0, 0
        land = step[-1][1]
        shift = (land - start) << 8 * (pawn & 3)
        if len(step) > 1:
            there = step[0][0]
            shift += ((-1 - land) << 8 * (there & 3) if there >> 2 == self.seat
                      else 1 << (28 + ((there - self.seat * PAWNS) & 31)))
        return square, self.occ[square], step, self.bits[start] | self.bits[land], shift

    def prepare(self, code: int, pawn: int) -> Again:
        """What ``again`` needs to know of part ``code`` of ``pawn`` (see ``Again``): it depends on the
        board's size, the foot of the pawn's home, its place, the part's count and route, whether the
        pawn is settled and the home-entry rule alone, so it is kept in ``ROUTES``."""
        steps, jumps, stay_out = code >> 3 & 7, code >> 1 & 3, bool(code & 1)
        board = self.board
        pawns = self.pawns
        length = self.length
        at = pawns.pos[pawn]
        if at >= length:
            h = at - length
            to = h + steps
            if jumps or stay_out or to >= HOME:
                return None
            return (at, -1, 0, 0, 0, length + to, (2 << to) - (2 << h), False)
        path = board.forward_path(at, steps, jumps)
        if path is None or (jumps and not pawns.settled >> pawn & 1):
            return None
        left = board.past_foot(self.seat, at, steps, jumps)
        if stay_out and (not left or not self.optional):
            return None
        home = sum(1 << square for square in path[: steps - left]) if left else 0
        return (at, left, sum(1 << square for square in path[:-1]), path[-1], home, length + left - 1,
                (1 << left) - 1, stay_out)

    def search(self, used: int, left: int, changed: int, last: int, last_look: int, last_change: int,
               codes: int, effect: Effect, key: int, adv: int, lane: int, occupied: int) -> None:
        """Every split that goes on from the parts ``codes`` made so far (see the class docstring).

        How a part changes the key (``key_change``) and ``make`` before searching on are written out
        inline: this is the hot loop."""
        (movers, found, occ, starts, redo, redos, effects, has, reach, found_effects, length, everyone,
         choices, step_looks, step_changes, next_of, bits) = self.hot
        counts_of = COUNTS
        nexts = next_of[used]
        if nexts is None:
            nexts = next_of[used] = self.nexts(used)
        for i, table, pawn, start, on_track, start_bit, rest, j, looks_i, changes_i, counts_base in nexts:
            before = i < last  # then only parts that interact with the last one
            if before and not (looks_i[0] & last_change or last_look & changes_i[0]):
                continue
            if on_track and occ[start] != pawn:
                continue  # captured by an earlier part
            j_lower = 0 <= j < i
            counts = counts_of.get(counts_base | left)
            if counts is None:
                counts = counts_of[counts_base | left] = _counts(has[i], reach[everyone & ~rest], left)
            for steps in counts:
                if j_lower and steps < left and not looks_i[steps] & (step_looks[j][left - steps]
                                                                       | step_changes[j][left - steps]):
                    continue  # the pawn left, lower, only follows parts it interacts with: none of these
                if before:
                    if not (looks_i[steps] & last_change or last_look & changes_i[steps]):
                        continue
                elif steps == left and not looks_i[steps] & changed:  # the last part, each as worked out alone
                    self.alone(table[steps], codes << CODE_BITS, key, effect)
                    continue
                elif j >= 0 and steps < left:  # two pawns left: as worked out alone, if neither can be affected
                    rest_steps = left - steps
                    if not (looks_i[steps] & (changed | step_changes[j][rest_steps])
                            or step_looks[j][rest_steps] & (changed | changes_i[steps])):
                        if j > i:  # j < i: each such pair was made in the other order
                            made = codes << CODE_BITS
                            for code_i, step_i, _, _, shift_i in table[steps]:
                                if step_i is not None:
                                    self.alone(choices[j][rest_steps], (made | code_i) << CODE_BITS,
                                               key + shift_i, effect + step_i if effects else ())
                        continue
                final = steps == left
                for code, step, look, change, shift in table[steps]:
                    if before and not (look & last_change or last_look & change):
                        continue
                    if look & changed:
                        redo_key = (occupied & look, code, lane)
                        redone = redos.get(redo_key)
                        if redone is None or occ[redone[0]] != redone[1]:
                            redone = redos[redo_key] = redo(code, pawn, adv, lane, occupied)
                        _, _, step, change, shift = redone
                        if step is None:
                            continue
                    elif step is None:
                        continue
                    after = key + shift
                    if final:
                        if after not in found:
                            found[after] = codes << CODE_BITS | code
                            if effects:
                                found_effects[after] = effect + step
                        continue
                    if j >= 0:  # one pawn left: it takes the steps left, if it can
                        rest_steps = left - steps
                        j_before = j < i  # then only its parts that interact with this one
                        if j_before and not (step_looks[j][rest_steps] & change
                                             or look & step_changes[j][rest_steps]):
                            continue
                        pawn2 = movers[j]
                        if (starts[j] < length and occ[starts[j]] != pawn2) or step[0][0] == pawn2:
                            continue  # captured by an earlier part, or by this one
                        changed_after = changed | change
                        made = (codes << CODE_BITS | code) << CODE_BITS
                        if not j_before and not step_looks[j][rest_steps] & changed_after:
                            self.alone(choices[j][rest_steps], made, after, effect + step if effects else ())
                            continue
                        land = step[-1][1]  # the board after this part, as bits (made only to work a part out)
                        occupied_after = occupied & ~start_bit if on_track else occupied
                        lane_after = lane if on_track else lane & ~(1 << (start - length))
                        if land < length:
                            occupied_after |= bits[land]
                        else:
                            lane_after |= 1 << (land - length)
                        for code2, step2, look2, change2, shift2 in choices[j][rest_steps]:
                            if j_before and not (look2 & change or look & change2):
                                continue
                            if look2 & changed_after:
                                redo_key = (occupied_after & look2, code2, lane_after)
                                redone = redos.get(redo_key)
                                if redone is None or redone[1] != (
                                        pawn if redone[0] == land else -1 if redone[0] == start and on_track
                                        else occ[redone[0]]):
                                    land, there, adv_after, lane_after, occupied_after = self.make(
                                        pawn, start, step, adv, lane, occupied)
                                    redone = redos[redo_key] = redo(code2, pawn2, adv_after, lane_after,
                                                                    occupied_after)
                                    if land < length:
                                        occ[land] = there
                                    if on_track:
                                        occ[start] = pawn
                                _, _, step2, _, shift2 = redone
                                if step2 is None:
                                    continue
                            elif step2 is None:
                                continue
                            final_key = after + shift2
                            if final_key not in found:
                                found[final_key] = made | code2
                                if effects:
                                    found_effects[final_key] = effect + step + step2
                        continue
                    # make the part (``make`` inline), search on, take it back
                    land = step[-1][1]
                    there = step[0][0] if len(step) > 1 else -1
                    adv_after = adv & ~(1 << pawn)
                    lane_after = lane
                    occupied_after = occupied
                    if on_track:
                        occ[start] = -1
                        occupied_after &= ~start_bit
                    else:
                        lane_after &= ~(1 << (start - length))
                    if land < length:
                        occ[land] = pawn
                        occupied_after |= bits[land]
                        if there >= 0:
                            adv_after &= ~(1 << there)
                    else:
                        lane_after |= 1 << (land - length)
                    self.search(rest, left - steps, changed | change, i, look, change, codes << CODE_BITS | code,
                                effect + step if effects else (), after, adv_after, lane_after, occupied_after)
                    if land < length:
                        occ[land] = there
                    if on_track:
                        occ[start] = pawn

    def alone(self, options: list[Option], made: int, key: int, effect: Effect) -> None:
        """Note each of ``options`` as the last part, as worked out alone, after the parts ``made`` that led
        to ``key`` (and ``effect``): nothing before it can change what it does."""
        found, found_effects = self.found, self.found_effects
        effects = self.effects
        for code, step, _, _, shift in options:
            if step is None:
                continue
            final_key = key + shift
            if final_key not in found:
                found[final_key] = made | code
                if effects:
                    found_effects[final_key] = effect + step

    def nexts(self, used: int) -> list[Next]:
        """For each pawn not in ``used`` (bits), in number order, what ``search`` needs to try its parts
        next: its index, parts, pawn, start (as a place, whether on the track, as a bit), the pawns used
        after it, the one pawn left then (or -1), what its parts look at and change by count, and the
        key of ``COUNTS`` but for the steps left."""
        out: list[Next] = []
        for i in ORDERS[self.count][used]:
            start = self.starts[i]
            rest = used | 1 << i
            unused = self.everyone & ~rest
            out.append((i, self.choices[i], self.movers[i], start, start < self.length, self.bits[start], rest,
                        LONE[unused],
                        self.step_looks[i], self.step_changes[i], (self.has[i] << 8 | self.reach[unused]) << 3))
        return out

    def make(self, pawn: int, start: int, step: Effect, adv: int, lane: int,
             occupied: int) -> tuple[int, int, int, int, int]:
        """Make the part ``step`` of ``pawn`` on ``occ``: its landing, the pawn it captures (or -1),
        and the advantages, home lane and occupied squares after it. The caller takes it back."""
        occ = self.occ
        length = self.length
        land = step[-1][1]
        there = step[0][0] if len(step) > 1 else -1
        adv &= ~(1 << pawn)
        if start < length:
            occ[start] = -1
            occupied &= ~self.bits[start]
        else:
            lane &= ~(1 << (start - length))
        if land < length:
            occ[land] = pawn
            occupied |= self.bits[land]
            if there >= 0:
                adv &= ~(1 << there)
        else:
            lane |= 1 << (land - length)
        return land, there, adv, lane, occupied


def effect_of(mover: Mover, pawns: Pawns, seat: int, parts: tuple[Part, ...], why: Why = None) -> Effect | None:
    """The effect of playing ``parts`` in order, or None (with the first part's reason in ``why``)."""
    work = pawns.copy()
    effect: Effect = ()
    for p in parts:
        inner: list[Refusal] = []
        step = mover.forward(work, seat * PAWNS + p.pawn - 1, p.steps, p.jumps, p.stay_out, why=inner)
        if step is None:
            if why is not None:
                why.append(Refusal("tock/seven_part", part=own_pawns_shown(str(p), seat), reason=inner[0]))
            return None
        work.execute(step)
        effect += step
    return effect
