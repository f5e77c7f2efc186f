"""The golden digests of every game's deals and legal actions (``tests/golden.py``), checked or rewritten.

Without ``--update`` it says, for each game, which cases (preset and player count) differ from the
game's ``tests/games/NAME/golden.json``; with ``--update`` it rewrites those files from the engine
as it is now. Run it when a change to dealing, shuffling, drawing or move generation is meant, after
raising the game's engine version (``engine_version`` in its ``GameSpec``; it refuses otherwise), and
commit the files with the change:

    PYTHONPATH=src .venv/bin/python tools/golden.py --update [GAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    """Check (or with ``--update`` rewrite) the digests of the games named in ``argv``, or of every game."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))  # run as a script: the tests package lives beside this folder
    from tests.golden import EngineVersionNotRaised, computed, fixture, stored, write

    from parlour.core.registry import game_classes

    update = "--update" in argv
    names = [a for a in argv if a != "--update"] or sorted(game_classes())
    changed = 0
    for name in names:
        if not fixture(name).parent.is_dir():
            raise SystemExit(f"no test folder {fixture(name).parent} for game {name!r}")
        if update:
            try:
                print(f"wrote {write(name)}")
            except EngineVersionNotRaised as e:
                print(e)
                changed += 1
            continue
        now = computed(name)
        before = stored(name) if fixture(name).exists() else {}
        for case in sorted(set(now) | set(before)):
            if now.get(case) != before.get(case):
                changed += 1
                print(f"{name}: {case} differs from {fixture(name)}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
