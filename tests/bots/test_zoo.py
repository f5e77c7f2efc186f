"""The zoo: a learned baseline per game shipped in the package, played as ``learned:zoo/NAME``."""

from __future__ import annotations

import fnmatch
import importlib.util
import tomllib
from pathlib import Path

import pytest

from parlour import load_game
from parlour.arena.tournament import tournament
from parlour.bots import make_bot
from parlour.bots.learned import zoo_entries, zoo_file
from parlour.core.errors import BotSpecError

ROOT = Path(__file__).resolve().parents[2]
ZOO = ROOT / "src" / "parlour" / "bots" / "zoo"
ENTRIES = zoo_entries()
EXTRAS = {"rl": "numpy", "learn": "sb3_contrib"}
"""The library each extra brings that an entry needs, to skip where it is missing."""


def test_there_is_a_baseline_for_every_game_named_by_its_game() -> None:
    games = {name: entry["game"].partition("?")[0].partition(":")[0] for name, entry in ENTRIES.items()}
    assert set(games.values()) == {"tonk", "plonk", "tock"}
    assert all(name == game for name, game in games.items())


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_each_baseline_plays_its_game_in_the_arena(name: str, tmp_path: Path) -> None:
    entry = ENTRIES[name]
    if importlib.util.find_spec(EXTRAS[entry["extra"]]) is None:
        pytest.skip(f"the {entry['extra']} extra is not installed")
    assert load_game(entry["game"]).name_with_rules() == entry["game"]
    assert entry["arena"]["games"] > 0 and len(entry["arena"]["edge_ci"]) == 2 and entry["made_by"]
    bot = f"learned:zoo/{name}"
    results = tournament(entry["game"], [bot, "heuristic"], 2, tmp_path, figures_only=True)
    assert {r.bot for r in results} == {bot, "heuristic"}
    assert len({r.games for r in results}) == 1 and results[0].games >= 2  # seat-games where a bot holds two seats


def test_an_unknown_name_is_refused_quoting_it_and_listing_the_names() -> None:
    with pytest.raises(BotSpecError) as refused:
        make_bot("learned:zoo/nope", load_game("tonk"))
    assert str(refused.value) == ("bot spec 'learned:zoo/nope': the zoo has no policy 'nope'; it has "
                                  f"{', '.join(sorted(ENTRIES))} (learned:zoo/NAME)")


def test_a_file_at_the_path_comes_before_the_zoo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "zoo").mkdir()
    (tmp_path / "zoo" / "tonk").write_text("no policy", encoding="utf-8")
    with pytest.raises(BotSpecError, match="'zoo/tonk' is not"):
        make_bot("learned:zoo/tonk", load_game("tonk"))


def test_the_files_ship_as_package_data() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["parlour"]
    shipped = sorted(p.name for p in ZOO.iterdir() if p.is_file())
    assert shipped == sorted(["index.json", *(entry["file"] for entry in ENTRIES.values())])
    for name in shipped:
        assert any(fnmatch.fnmatch(f"bots/zoo/{name}", pattern) for pattern in patterns), name
    for name in ENTRIES:
        assert zoo_file("learned:zoo/x", name).is_file()
