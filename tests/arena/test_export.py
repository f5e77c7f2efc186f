"""A dataset written as .npz and as Parquet: the same rows and metadata, whole or not at all."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from parlour.arena.dataset import COLUMNS, Dataset, dataset, read_records
from parlour.arena.export import check_ready, format_of, write
from parlour.arena.tournament import tournament
from parlour.core.errors import ParlourError


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Dataset:
    out = tmp_path_factory.mktemp("arena")
    tournament("tonk:speno?players=3", ["heuristic", "random"], 6, out, seed=2)
    return dataset(read_records([out]))


def read_npz(path: Path) -> tuple[dict[str, np.ndarray], dict[str, object]]:
    with np.load(path, allow_pickle=False) as f:
        columns = {name: f[name] for name in COLUMNS}
        return columns, json.loads(str(f["metadata"]))


def read_parquet(path: Path) -> tuple[dict[str, np.ndarray], dict[str, object]]:
    pq = pytest.importorskip("pyarrow.parquet")
    table = pq.read_table(path)
    columns = {}
    for name in COLUMNS:
        column = table.column(name).combine_chunks()
        if name in ("observation", "mask", "next_observation", "next_mask"):
            columns[name] = column.flatten().to_numpy().reshape(len(table), column.type.list_size)
        else:
            columns[name] = column.to_numpy(zero_copy_only=False)
    return columns, json.loads(table.schema.metadata[b"parlour"])


def test_npz_and_parquet_hold_the_same_rows_and_metadata(data: Dataset, tmp_path: Path) -> None:
    write(data, tmp_path / "d.npz", "npz")
    write(data, tmp_path / "d.parquet", "parquet")
    npz, npz_meta = read_npz(tmp_path / "d.npz")
    parquet, parquet_meta = read_parquet(tmp_path / "d.parquet")
    for name, column in data.columns().items():
        assert npz[name].dtype == column.dtype and np.array_equal(npz[name], column), name
        assert parquet[name].dtype == column.dtype and np.array_equal(parquet[name], column), name
    assert npz_meta == parquet_meta == json.loads(json.dumps(data.metadata))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.npz", "d.parquet"]  # no temporary file left


def test_an_empty_selection_writes_empty_columns(data: Dataset, tmp_path: Path) -> None:
    empty = Dataset(**{name: column[:0] for name, column in data.columns().items()}, metadata=data.metadata)
    write(empty, tmp_path / "e.parquet", "parquet")
    write(empty, tmp_path / "e.npz", "npz")
    parquet, _ = read_parquet(tmp_path / "e.parquet")
    npz, _ = read_npz(tmp_path / "e.npz")
    assert parquet["observation"].shape == npz["observation"].shape == (0, data.observation.shape[1])


def test_the_format_comes_from_the_option_or_the_files_suffix() -> None:
    assert format_of(Path("x.parquet"), None) == "parquet"
    assert format_of(Path("x.bin"), "NPZ") == "npz"
    with pytest.raises(ParlourError, match=r"--format 'csv': the formats are npz, parquet"):
        format_of(Path("x.npz"), "csv")
    with pytest.raises(ParlourError, match=r"--out 'x.csv' \(no --format\): the formats are npz, parquet"):
        format_of(Path("x.csv"), None)


def test_a_failed_write_leaves_the_old_file_and_nothing_else(data: Dataset, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "d.npz"
    out.write_text("old", encoding="utf-8")

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(np, "savez_compressed", broken)
    with pytest.raises(OSError, match="disk full"):
        write(data, out, "npz")
    assert out.read_text(encoding="utf-8") == "old" and [p.name for p in tmp_path.iterdir()] == ["d.npz"]


def test_parquet_without_pyarrow_names_the_extra(data: Dataset, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # import pyarrow raises ImportError
    with pytest.raises(ParlourError, match=r"--format parquet needs pyarrow, which is not installed: "
                                           r"pip install 'parlour\[rl\]'"):
        write(data, tmp_path / "d.parquet", "parquet")
    assert list(tmp_path.iterdir()) == []


def test_an_out_that_cannot_be_written_is_refused_before_anything_is_replayed(tmp_path: Path) -> None:
    with pytest.raises(ParlourError, match=r"--out '.*' is a folder: give the file to write"):
        check_ready(tmp_path, "npz")
    with pytest.raises(ParlourError, match=r"--out '.*x.npz': the folder '.*missing' does not exist"):
        check_ready(tmp_path / "missing" / "x.npz", "npz")
    with pytest.raises(ParlourError, match=r"format 'csv': the formats are npz, parquet"):
        check_ready(tmp_path / "x.csv", "csv")
