"""``parlour export``: an arena's records into a dataset file, or a clear refusal that writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from parlour.cli.app import app

ENV = {"COLUMNS": "300", "LANG": "C"}


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder ``parlour arena`` wrote: a real run of the command."""
    out = tmp_path_factory.mktemp("arena")
    result = CliRunner().invoke(app, ["arena", "tonk:speno?players=2", "--bots", "heuristic,random", "--games", "6",
                                      "--out", str(out)], env=ENV)
    assert result.exit_code == 0, result.output
    return out


def export(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["export", *args], env=ENV)
    return result.exit_code, " ".join(result.output.split())


def test_an_arenas_folder_exports_to_npz(arena: Path, tmp_path: Path) -> None:
    code, output = export(str(arena), "--out", str(tmp_path / "tonk.npz"))
    assert code == 0, output
    with np.load(tmp_path / "tonk.npz", allow_pickle=False) as f:
        rows = len(f["action"])
        meta = json.loads(str(f["metadata"]))
        assert f["observation"].shape == (rows, meta["observation_size"]) and set(f["game"]) <= set(range(6))
    assert meta["spec"] == "tonk:speno?players=2" and len(meta["games"]) == 6
    assert f"Wrote {tmp_path / 'tonk.npz'}: {rows} rows (word decisions) from 6 game records" in output


def test_seats_and_parquet(arena: Path, tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    code, output = export(str(arena / "records.jsonl"), "--out", str(tmp_path / "h.data"), "--format", "parquet",
                          "--seats", "heuristic")
    assert code == 0, output
    table = pq.read_table(tmp_path / "h.data")
    meta = json.loads(table.schema.metadata[b"parlour"])
    seats = table.column("seat").to_pylist()
    games = table.column("game").to_pylist()
    assert seats and all(meta["games"][g]["players"][s] == "heuristic" for g, s in zip(games, seats, strict=True))


@pytest.mark.parametrize(("args", "error"), [
    (["{arena}/nowhere.jsonl", "--out", "{tmp}/d.npz"], "error: '{arena}/nowhere.jsonl' does not exist: give an "
                                                        "arena's output folder, a records .jsonl file or a record "
                                                        ".json file"),
    (["{arena}", "--out", "{tmp}/d.csv"], "error: --out '{tmp}/d.csv' (no --format): the formats are npz, parquet"),
    (["{arena}", "--out", "{tmp}/d.npz", "--format", "zip"], "error: --format 'zip': the formats are npz, parquet"),
    (["{arena}/results.json", "--out", "{tmp}/d.npz"], "error: {arena}/results.json: missing field 'rules'"),
    (["{arena}", "--out", "{tmp}/d.npz", "--seats", "3"], "error: --seats '3': give a seat number, 0 to 1, or a "
                                                          "player's name as the records hold it: heuristic, random"),
    (["{arena}", "--out", "{tmp}/no/d.npz"], "error: --out '{tmp}/no/d.npz': the folder '{tmp}/no' does not exist"),
])
def test_bad_input_is_refused_quoting_it_and_nothing_is_written(arena: Path, tmp_path: Path, args: list[str],
                                                                error: str) -> None:
    (tmp_path / "d.npz").write_text("old", encoding="utf-8")
    code, output = export(*(a.format(arena=arena, tmp=tmp_path) for a in args))
    assert code == 2 and error.format(arena=arena, tmp=tmp_path) in output, output
    assert [p.name for p in tmp_path.iterdir()] == ["d.npz"] and (tmp_path / "d.npz").read_text() == "old"


def test_records_of_two_games_or_that_do_not_replay_are_refused(arena: Path, tmp_path: Path) -> None:
    lines = (arena / "records.jsonl").read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[0])
    (tmp_path / "other.jsonl").write_text(json.dumps({**record, "game": "plonk"}) + "\n", encoding="utf-8")
    code, output = export(str(arena), str(tmp_path / "other.jsonl"), "--out", str(tmp_path / "d.npz"))
    assert code == 2 and f"error: {tmp_path / 'other.jsonl'}, line 1: a record of " in output, output
    assert "among records of 'tonk:speno?players=2'" in output
    broken = {**record, "actions": ["discard Zz", *record["actions"][1:]]}
    (tmp_path / "broken.jsonl").write_text(lines[1] + "\n" + json.dumps(broken) + "\n", encoding="utf-8")
    code, output = export(str(tmp_path / "broken.jsonl"), "--out", str(tmp_path / "d.npz"))
    assert code == 2 and f"{tmp_path / 'broken.jsonl'}, line 2: action 1 'discard Zz' by seat" in output, output
    assert not (tmp_path / "d.npz").exists()


@pytest.mark.parametrize(("lang", "says"), [("en", "for offline RL"), ("fr", "apprentissage hors ligne")])
def test_the_help_names_the_offline_rl_columns_in_either_language(lang: str, says: str) -> None:
    result = CliRunner().invoke(app, ["--lang", lang, "export", "--help"], env=ENV)
    output = " ".join(result.output.split())
    assert result.exit_code == 0 and says in output
    assert all(column in output for column in ("next_observation", "next_mask", "terminal"))
