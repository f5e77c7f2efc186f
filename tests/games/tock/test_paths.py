"""The browser's paths.js puts every pawn where the engine does, for every legal action of games played at random
on every board size (shortcuts and optional home entry included): the board circles the true destinations."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from parlour import load_game
from parlour.games.tock.layout import board_layout

PATHS = Path(__file__).resolve().parents[3] / "src" / "parlour" / "games" / "tock" / "paths.js"
NODE = shutil.which("node")
CHECK = """
import { readFileSync } from "fs";
import { after, placesOf } from "%s";
const cases = JSON.parse(readFileSync(0, "utf8"));
const wrong = [];
for (const c of cases) {
  const got = after(c.layout, placesOf({ pawns: c.before }), c.seat, c.action);
  const want = placesOf({ pawns: c.after });
  if ([...want].some(([name, place]) => got.get(name) !== place)) wrong.push([c.action, c.before, [...got]]);
}
console.log(JSON.stringify(wrong.slice(0, 5)));
"""


def cases(players: int, seed: int, **flags: Any) -> list[dict[str, Any]]:
    """Every card action legal every third turn of a game played at random, with the pawns before and after."""
    game = load_game("tock", players=players, **flags)
    layout = board_layout(players)
    rng = random.Random(seed)
    state = game.new_state(seed)
    out = []
    for turn in range(400):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        if turn % 3 == 0:
            before = state.view(None)["pawns"]
            for action in legal:
                if str(action).startswith(("discard", "bonus")):
                    continue
                played = state.clone()
                played.apply(action)
                out.append({"layout": layout, "seat": state.current_player, "action": str(action),
                            "before": before, "after": played.view(None)["pawns"]})
        state.apply(rng.choice(legal))
    return out


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.parametrize(("players", "flags"), [(2, {}), (4, {}), (6, {"home_entry": "optional"}), (8, {})])
def test_paths_js_moves_pawns_as_the_engine_does(players: int, flags: dict[str, Any], tmp_path: Path) -> None:
    script = tmp_path / "check.mjs"
    script.write_text(CHECK % PATHS.as_uri())
    todo = cases(players, players, **flags)
    assert len(todo) > 300
    ran = subprocess.run([str(NODE), str(script)], input=json.dumps(todo), capture_output=True, text=True,
                         timeout=120, check=True)
    assert json.loads(ran.stdout) == []
