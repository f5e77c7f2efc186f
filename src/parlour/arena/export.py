"""Writing a dataset (``arena.dataset``) as NumPy's ``.npz`` or as Parquet, all or nothing.

``.npz``: one array per column (``COLUMNS``) and ``metadata``, the metadata
as JSON text in a 0-d string array, so ``numpy.load`` reads it all without
pickles. Parquet: one column per column, the observation and the mask as
fixed-size lists, and the metadata as JSON under the schema's ``parlour``
key. Parquet needs pyarrow (the ``rl`` extra).

The file is written beside its destination under a temporary name and renamed
onto it once complete, so a failure leaves no file, and no half-written one.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import numpy as np

from parlour.arena.dataset import Dataset
from parlour.core.errors import ParlourError

FORMATS = ("npz", "parquet")
METADATA_KEY = b"parlour"
"""The Parquet schema's metadata key holding the dataset's metadata (JSON)."""
EXTRA = "pip install 'parlour[rl]'"
"""How to install pyarrow, for Parquet."""


def format_of(out: Path, given: str | None) -> str:
    """The format asked (``--format``), or else the one ``out``'s suffix names; ``ParlourError`` otherwise."""
    name = given if given is not None else out.suffix.lstrip(".")
    if name.lower() not in FORMATS:
        asked = f"--format {given!r}" if given is not None else f"--out {str(out)!r} (no --format)"
        raise ParlourError(f"{asked}: the formats are {', '.join(FORMATS)}")
    return name.lower()


def check_out(out: Path) -> None:
    """``ParlourError`` for an ``--out`` that cannot be written: a folder, or in a folder that is not there."""
    if out.is_dir():
        raise ParlourError(f"--out {str(out)!r} is a folder: give the file to write")
    if not out.parent.is_dir():
        raise ParlourError(f"--out {str(out)!r}: the folder {str(out.parent)!r} does not exist")


def check_ready(out: Path, kind: str) -> None:
    """``ParlourError`` if ``out`` cannot be written in format ``kind``: an unknown format, a folder, a folder
    that is not there, Parquet without pyarrow. Checked before the records are replayed, and again to write."""
    if kind not in FORMATS:
        raise ParlourError(f"format {kind!r}: the formats are {', '.join(FORMATS)}")
    if kind == "parquet":
        arrow()
    check_out(out)


def write(data: Dataset, out: Path, kind: str) -> None:
    """Write ``data`` to ``out`` in format ``kind`` (one of ``FORMATS``), whole or not at all."""
    check_ready(out, kind)
    writers: dict[str, Callable[[Dataset, IO[bytes]], None]] = {"npz": write_npz, "parquet": write_parquet}
    handle, temporary = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".part", dir=out.parent)
    try:
        with os.fdopen(handle, "wb") as f:
            writers[kind](data, f)
        os.chmod(temporary, 0o666 & ~current_umask())  # as an ordinary new file (mkstemp's is private)
        os.replace(temporary, out)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def current_umask() -> int:
    """The process's umask (read by setting it, then set back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_npz(data: Dataset, f: IO[bytes]) -> None:
    arrays: dict[str, Any] = {**data.columns(), "metadata": np.array(json.dumps(data.metadata))}
    np.savez_compressed(f, **arrays)


def arrow() -> tuple[Any, Any]:
    """pyarrow and pyarrow.parquet, or ``ParlourError`` naming the extra that installs them."""
    try:
        import pyarrow  # type: ignore[import-untyped]
        import pyarrow.parquet  # type: ignore[import-untyped]
    except ImportError:
        raise ParlourError(f"--format parquet needs pyarrow, which is not installed: {EXTRA}") from None
    return pyarrow, pyarrow.parquet


def write_parquet(data: Dataset, f: IO[bytes]) -> None:
    pa, pq = arrow()
    columns: dict[str, Any] = {}
    for name, column in data.columns().items():
        if column.ndim == 2:
            columns[name] = pa.FixedSizeListArray.from_arrays(pa.array(column.reshape(-1)), column.shape[1])
        else:
            columns[name] = pa.array(column)
    table = pa.table(columns).replace_schema_metadata({METADATA_KEY: json.dumps(data.metadata).encode()})
    pq.write_table(table, f)
