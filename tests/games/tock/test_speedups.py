"""Golden checks of Tock's speed-ups: the legal actions of seeded games and hand-built positions, in order.

(Tock's deals and legal actions at every preset and player count are pinned with every other game's:
``tests/test_golden.py``.)

The engine's speed-ups (``plays``, ``seven``) must never change which actions are legal, how
they are written, or their order: this hashes the legal action texts at every step of a few
seeded random games (2 to 8 players, both home-entry rules, extra 7s, the 2♠ flag) and of
random hand-built positions where the mover holds a 7 with many pawns out, settled ones on
intersections among them.

The digests were made by the engine before the speed-ups (commit e6d951f). When a rule change
is *meant* to change legal actions, regenerate them: run ``python tests/games/tock/test_speedups.py``
and paste what it prints into ``DIGESTS``.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator

from parlour import load_game
from parlour.core.errors import RulesError
from parlour.games.tock.board import board_for

GAMES = (
    ("tock?players=2", 3),
    ("tock?players=3&extra_sevens=true", 1),
    ("tock?players=4", 2),
    ("tock?players=4&home_entry=optional&two_of_spades_enters=true", 2),
    ("tock?players=6&home_entry=optional", 1),
    ("tock?players=8", 1),
    ("tock?players=8&home_entry=optional&extra_sevens=true", 1),
)
"""Rule sets and how many seeded games of each are played."""
SEVENS = ((4, "mandatory"), (6, "optional"), (8, "mandatory"), (8, "optional"))
"""Board sizes and home-entry rules of the hand-built 7 positions."""
SEVEN_POSITIONS = 40
RANKS = ("A", "2", "3", "4", "5", "6", "8", "9", "10", "J", "Q", "K")

DIGESTS = {
    "games": "6888ce8c26ae52032f42616d4e5b7d7fd0fe1a13100e478cf232f3f882862867",
    "sevens": "ad37de6ceef4bfbe3800478addd0ae36a6872fe32e332a78ece5adc8abf2a4e5",
}


def game_texts() -> Iterator[str]:
    """The legal action texts at every step of the seeded random games, one line a step."""
    for spec, count in GAMES:
        game = load_game(spec)
        for seed in range(count):
            state = game.new_state(seed * 7919 + 13)
            rng = random.Random(seed)
            while not state.is_terminal:
                legal = state.legal_actions()
                yield "|".join(map(str, legal))
                state.apply(legal[rng.randrange(len(legal))])


def seven_texts() -> Iterator[str]:
    """The legal action texts of random hand-built positions where seat a holds a 7."""
    for players, entry in SEVENS:
        rng = random.Random(players * 10 + len(entry))
        board = board_for(players)
        game = load_game("tock", players=players, home_entry=entry)
        made = 0
        while made < SEVEN_POSITIONS:
            names = [f"{'abcdefgh'[s]}{k}" for s in range(players) for k in range(1, 5)]
            pawns: dict[str, int | str] = {}
            used: set[int] = set()
            for name in rng.sample(names, rng.randrange(4, min(24, len(names)) + 1)):
                seat = "abcdefgh".index(name[0])
                if rng.random() < 0.1:
                    pawns[name] = f"h{rng.randrange(1, 5)}"
                    continue
                if seat == 0 and board.intersections and rng.random() < 0.5:
                    square = rng.choice(board.intersections)
                elif rng.random() < 0.3:
                    square = (board.feet[seat] - rng.randrange(9)) % board.squares
                else:
                    square = rng.randrange(board.squares)
                if square not in used:
                    used.add(square)
                    pawns[name] = square
            hand = ["7h"] + [rng.choice(RANKS) + rng.choice("cd") for _ in range(rng.randrange(5))]
            try:
                state = game.new_state(made, {"pawns": pawns, "hands": [hand] + [[]] * (players - 1)})
            except RulesError:
                continue  # two pawns on one home square
            made += 1
            yield "|".join(map(str, state.legal_actions()))


def digest(lines: Iterator[str]) -> str:
    h = hashlib.sha256()
    for line in lines:
        h.update(line.encode())
        h.update(b"\n")
    return h.hexdigest()


def test_legal_actions_of_seeded_games_are_unchanged() -> None:
    assert digest(game_texts()) == DIGESTS["games"]


def test_legal_actions_of_hand_built_sevens_are_unchanged() -> None:
    assert digest(seven_texts()) == DIGESTS["sevens"]


if __name__ == "__main__":
    print({"games": digest(game_texts()), "sevens": digest(seven_texts())})
