"""The 7 split generator: its one-walk shortcuts (plain pawns, shortcut routes) agree with the general
rules, and its splits, in order, are those of a plain search over every ordering of parts (``reference``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import product

import pytest

from parlour import load_game
from parlour.core.errors import RulesError
from parlour.core.game import State
from parlour.games.tock import seven
from parlour.games.tock.actions import PAWNS, Part, Seven, part
from parlour.games.tock.board import HOME, board_for
from parlour.games.tock.game import TockState
from parlour.games.tock.pawns import Effect, Mover, Pawns
from parlour.games.tock.seven import Outcome


@pytest.mark.parametrize("players", [4, 8])
def test_the_one_walk_options_agree_with_forward(players: int) -> None:
    board = board_for(players)
    rng = random.Random(players)
    game = load_game("tock", players=players)
    checked = 0
    for _ in range(60):
        squares = rng.sample(range(board.squares), 12)
        names = [f"{'abcdefgh'[i % players]}{i // players + 1}" for i in range(12)]
        placed = dict(zip(names, squares, strict=True))
        on_start = [n for n, sq in placed.items() if board.starts["abcdefgh".index(n[0])] == sq]
        state = game.new_state(0, {"pawns": placed, "advantaged": on_start})
        assert isinstance(state, State)
        pawns = state.pos.pawns
        mover = state.play.plays.mover
        bits = seven.SquareBits(board.squares + HOME)  # shared: the same place, the same bit in both
        starts = {p: bits.bit(pawns.pos[p]) for p in range(4) if pawns.pos[p] >= 0}
        for pawn, start in starts.items():
            at = pawns.pos[pawn]
            if pawns.settled >> pawn & 1 or board.past_foot(0, at, 7):
                continue
            others = sum(m for p, m in starts.items() if p != pawn)
            number = pawn + 1
            fast = seven.plain_options(pawns, pawn, number, start, others, board.squares, bits)
            slow = seven.general_options(mover, pawns, 0, pawn, number, start, others, board.squares, bits)
            assert fast == slow
            checked += 1
    assert checked > 20


@pytest.mark.parametrize(("players", "optional"), [(6, True), (8, False), (8, True)])
def test_the_walks_along_shortcut_routes_agree_with_forward(players: int, optional: bool) -> None:
    rng = random.Random(players + optional)
    checked = 0
    for _ in range(150):
        state = hand_built(players, optional, rng)
        pawns, mover, squares = state.pos.pawns, state.play.plays.mover, state.play.plays.board.squares
        bits = seven.SquareBits(squares + HOME)
        starts = {p: bits.bit(pawns.pos[p]) for p in range(PAWNS) if pawns.pos[p] >= 0}
        for pawn, start in starts.items():
            routes = seven.short_routes(mover, pawns, pawn) if pawns.pos[pawn] < squares else ()
            if not routes:
                continue
            others = sum(m for p, m in starts.items() if p != pawn)
            fast = seven.route_options(pawns, pawn, pawn + 1, start, others, routes, bits)
            assert fast == seven.general_options(mover, pawns, 0, pawn, pawn + 1, start, others, squares, bits)
            checked += len(routes) > 1
    assert checked > 100


def test_square_bits_number_the_places_met_in_order() -> None:
    bits = seven.SquareBits(148)
    assert [bits.bit(place) for place in (140, 3, 140, 147)] == [1, 2, 1, 4]
    assert bits.mask(1 << 3 | 1 << 147 | 1 << 100) == 2 | 4 | 8
    assert bits.places == [140, 3, 147, 100]


def test_worst_case_stays_bounded() -> None:
    """Four pawns on intersections of the 8-section board, optional home entry: the most splits found."""
    state = load_game("tock", players=8, home_entry="optional").new_state(
        0, {"pawns": {"a1": 9, "a2": 45, "a3": 81, "a4": 117}})
    assert isinstance(state, State)
    found = seven.splits(state.play.plays.mover, state.pos.pawns, 0)
    assert len(found) == len({seven.outcome(e) for _, e in found}) == 1860


def reference(mover: Mover, pawns: Pawns, seat: int) -> list[tuple[str, Outcome]]:
    """Every distinct 7 the plain way, in the order the generator promises (``listed_apart``).

    Each ordering of parts is tried on a copied board, part by part, pawns in number order,
    counts then routes ascending (a board reached again with the same pawns moved is not
    searched again); the first spelling of each outcome is kept."""
    found: dict[Outcome, tuple[Part, ...]] = {}
    seen: set[tuple[int, tuple[int, ...]]] = set()

    def walk(work: Pawns, used: int, left: int, parts: tuple[Part, ...], effect: Effect) -> None:
        for number in range(1, PAWNS + 1):
            if used >> number & 1:
                continue
            pawn = seat * PAWNS + number - 1
            for steps, jumps, stay_out in product(range(1, left + 1), range(3), (False, True)):
                step = mover.forward(work, pawn, steps, jumps, stay_out)
                if step is None:
                    continue
                done = (*parts, part(number, steps, jumps, stay_out))
                if steps == left:
                    found.setdefault(seven.outcome(effect + step), done)
                    continue
                after = work.copy()
                after.execute(step)
                mark = (used | 1 << number, tuple(after.pos))
                if mark not in seen:
                    seen.add(mark)
                    walk(after, used | 1 << number, left - steps, done, effect + step)

    walk(pawns, 0, seven.STEPS, (), ())
    spelt = [(parts, key) for key, parts in found.items()]
    movers = listed_apart(mover, pawns, seat)
    if movers:
        spelt.sort(key=lambda item: ([sum(p.steps for p in item[0] if p.pawn == n) for n in movers],
                                     [(p.pawn, p.steps, p.jumps, p.stay_out) for p in item[0]]))
    return [(str(Seven(parts)), key) for parts, key in spelt]


def listed_apart(mover: Mover, pawns: Pawns, seat: int) -> list[int] | None:
    """The numbers of the pawns that have parts when no part of one pawn can affect another's, else None.

    A pawn has the parts (of ``routes``) legal alone on the board, and those illegal alone that look at
    another of the seat's pawns (moving that one first might make them legal). A part looks at
    its ``Board.footprint`` and changes its start and landing (an illegal one: its footprint).
    When no part of a pawn looks at a place another pawn's part changes, the 7s are listed by
    the steps each pawn takes (the counts in pawn order, a pawn that stays counting 0, compared
    lexicographically), then by their parts; otherwise in the order the plain search finds them."""
    board = mover.board
    places = {n: pawns.pos[seat * PAWNS + n - 1] for n in range(1, PAWNS + 1)}
    looks: dict[int, int] = {}
    changes: dict[int, int] = {}
    for number, at in places.items():
        if at < 0:
            continue
        pawn = seat * PAWNS + number - 1
        others = sum(1 << place for n, place in places.items() if n != number and place >= 0)
        for steps, jumps, stay_out in routes(mover, pawns, pawn):
            look = board.footprint(seat, at, steps, jumps)
            effect = mover.forward(pawns, pawn, steps, jumps, stay_out)
            if effect is None and not look & others:
                continue
            looks[number] = looks.get(number, 0) | look
            changes[number] = changes.get(number, 0) | (look if effect is None else 1 << at | 1 << effect[-1][1])
    if any(looks[i] & changes[j] for i in looks for j in changes if i != j):
        return None
    return sorted(looks)


def routes(mover: Mover, pawns: Pawns, pawn: int) -> Iterator[tuple[int, int, bool]]:
    """The (steps, shortcuts, stays out) a part of ``pawn`` may try: shortcuts only where ``jump_choices``
    allows them, staying out only with optional home entry past the foot and home within reach, a
    home pawn only up to its last square."""
    board = mover.board
    at = pawns.pos[pawn]
    for steps in range(1, seven.STEPS + 1):
        if at >= board.squares:
            if at - board.squares + steps < HOME:
                yield steps, 0, False
            continue
        for jumps in mover.jump_choices(pawns, pawn, steps):
            yield steps, jumps, False
            if mover.optional_entry and 1 <= board.past_foot(pawn // PAWNS, at, steps, jumps) <= HOME:
                yield steps, jumps, True


def hand_built(players: int, optional: bool, rng: random.Random) -> TockState:
    """A random position, seat a to play: 2 to 4 of its pawns out, often on intersections (settled)
    or near its home, up to 16 others, some pawns in their homes."""
    board = board_for(players)
    game = load_game("tock", players=players, home_entry="optional" if optional else "mandatory")
    while True:
        mine = [f"a{k}" for k in range(1, PAWNS + 1)]
        theirs = [f"{'abcdefgh'[s]}{k}" for s in range(1, players) for k in range(1, PAWNS + 1)]
        placed: dict[str, int | str] = {}
        chosen = rng.sample(theirs, rng.randrange(min(17, len(theirs) + 1)))
        for name in rng.sample(mine, rng.randrange(2, PAWNS + 1)) + chosen:
            seat = "abcdefgh".index(name[0])
            if rng.random() < 0.15:
                placed[name] = f"h{rng.randrange(1, 5)}"
            elif seat == 0 and board.intersections and rng.random() < 0.5:
                placed[name] = rng.choice(board.intersections)
            elif rng.random() < 0.3:
                placed[name] = (board.feet[seat] - rng.randrange(10)) % board.squares
            else:
                placed[name] = rng.randrange(board.squares)
        if len({p for p in placed.values() if isinstance(p, int)}) < sum(isinstance(p, int) for p in placed.values()):
            continue
        try:
            state = game.new_state(0, {"pawns": placed})
        except RulesError:
            continue  # two pawns on one home square
        assert isinstance(state, State)
        return state


def played(spec: str, seed: int, every: int) -> Iterator[TockState]:
    """Every ``every``-th position of a random game of ``spec``."""
    state = load_game(spec).new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        if state.version % every == 0:
            assert isinstance(state, State)
            yield state
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def agree(state: TockState) -> tuple[int, bool]:
    """The 7s of the player to play, as ``sevens`` and ``splits`` list them, against ``reference``:
    how many, and whether some pawn's parts may affect another's (the order is the search's)."""
    mover, pawns, seat = state.play.plays.mover, state.pos.pawns, state.pos.cur
    expected = reference(mover, pawns, seat)
    assert [str(s) for s in seven.sevens(mover, pawns, seat)] == [text for text, _ in expected]
    assert [(str(s), seven.outcome(e)) for s, e in seven.splits(mover, pawns, seat)] == expected
    return len(expected), listed_apart(mover, pawns, seat) is None


@pytest.mark.parametrize(("players", "optional"), [(4, False), (6, True), (8, False), (8, True)])
def test_the_splits_of_hand_built_positions_are_the_plain_search_s(players: int, optional: bool) -> None:
    rng = random.Random(players * 2 + optional)
    found = [agree(hand_built(players, optional, rng)) for _ in range(100)]
    assert sum(count for count, _ in found) > 2500
    assert sum(searched for _, searched in found) > 40


@pytest.mark.parametrize("spec", ["tock?players=4", "tock?players=8&home_entry=optional"])
def test_the_splits_along_random_games_are_the_plain_search_s(spec: str) -> None:
    found = [agree(state) for seed in range(2) for state in played(spec, seed, 5)]
    assert sum(count for count, _ in found) > 800
    assert sum(searched for _, searched in found) > 100


def test_the_worst_case_is_the_plain_search_s() -> None:
    state = load_game("tock", players=8, home_entry="optional").new_state(
        0, {"pawns": {"a1": 9, "a2": 45, "a3": 81, "a4": 117}})
    assert isinstance(state, State)
    assert agree(state) == (1860, True)
