"""The wheel a first ``pip install`` builds must be compiled: ``make wheel-check`` (part of ``make test``).

    python tools/wheel_check.py [OUT]     # build from HEAD, install, check; keep the wheel in OUT
    python tools/wheel_check.py --installed   # check the parlour this interpreter imports

From a clean copy of the checkout's HEAD (``git archive``: what is committed, no build output) the wheel
is built as pip builds it for a first install: in an isolated environment holding only pyproject.toml's
build requirements, with ``PARLOUR_REQUIRE_COMPILED=1`` so that a build that would fall back to pure
Python fails here instead of passing unseen. The wheel is installed in a fresh virtual environment, which
runs this script with ``--installed``: the engine must run compiled (``parlour.compiled()``, its modules
extensions, ``parlour --version`` saying so) and play a random game of each game to its end.
cibuildwheel runs the same ``--installed`` check on every wheel it builds (pyproject.toml).

The wheel stays in OUT (``build/wheelcheck``) beside ``commit``, the commit it was built from:
``tests/test_install.py`` installs it instead of building its own when the checkout is that commit,
unchanged. pip's cache serves the build requirements and the dependencies; parlour itself is built from
scratch (mypyc, then one C file), which takes most of the time.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("tonk", "plonk", "tock")
SENTINELS = ("parlour.core.cards", "parlour.games.tonk.play", "parlour.games.tock.seven")
"""Compiled modules that must be loaded from extensions once the games have been played."""
MAX_MOVES = 20_000


def require(condition: bool, failure: str) -> None:
    """Stop with ``failure`` unless ``condition`` holds (not ``assert``, which ``python -O`` drops)."""
    if not condition:
        sys.exit(f"wheel check: {failure}")


def check_installed() -> None:
    """Stop unless the parlour this interpreter imports runs compiled and plays."""
    import parlour
    from parlour import load_game

    where = Path(parlour.__file__).parent
    require(parlour.compiled(), f"{where}: the engine runs as pure Python: {parlour.why_pure()}")
    played = []
    for name in GAMES:
        state = load_game(name).new_state(seed=7)
        rng = random.Random(7)
        moves = 0
        while not state.is_terminal and moves < MAX_MOVES:
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
        require(state.is_terminal, f"a random game of {name} did not end in {MAX_MOVES} moves")
        played.append(f"{name} ({moves} moves)")
    for module in SENTINELS:
        file = sys.modules[module].__file__ or ""
        require(file.endswith(tuple(EXTENSION_SUFFIXES)), f"{module} was loaded from {file}, not an extension")
    command = shutil.which("parlour", path=sysconfig.get_path("scripts"))
    require(command is not None, "the parlour command is not installed")
    said = subprocess.run([str(command), "--version"], capture_output=True, text=True, check=True).stdout.strip()
    require(said == f"parlour {parlour.__version__} (compiled engine)", f"parlour --version said {said!r}")
    print(f"{said}, from {where}: played {', '.join(played)}")


def run(args: list[str | Path], cwd: Path, env: dict[str, str]) -> str:
    """Run a command and return its output, stopping with all of it when it fails."""
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, check=False)
    require(done.returncode == 0, f"{' '.join(map(str, args))} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def build_and_check(out: Path) -> None:
    """Build the wheel from HEAD in isolation, install it in a fresh environment, check it there, keep it."""
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.strip()
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PARLOUR_PURE_PYTHON", "PIP_NO_BUILD_ISOLATION")}
    env["PARLOUR_REQUIRE_COMPILED"] = "1"
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="parlour-wheelcheck-") as folder:
        work = Path(folder)
        archive = subprocess.run(["git", "archive", "--format=tar", "HEAD"], cwd=ROOT, capture_output=True,
                                 check=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(work / "src", filter="data")
        print(f"wheel check: building the wheel of {commit[:12]} in an isolated environment ...", flush=True)
        run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", work / "dist",
             work / "src"], cwd=work, env=env)
        wheel = next((work / "dist").glob("parlour-*.whl"))
        built = time.monotonic()
        print(f"wheel check: built {wheel.name} in {built - started:.0f} s; installing it in a fresh environment",
              flush=True)
        run([sys.executable, "-m", "venv", "--without-pip", work / "venv"], cwd=work, env=env)
        python = work / "venv" / ("Scripts" if os.name == "nt" else "bin") / "python"
        run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", wheel], cwd=work, env=env)
        checked = run([python, Path(__file__).resolve(), "--installed"], cwd=work, env=env).strip()
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        shutil.copy2(wheel, out)
        (out / "commit").write_text(commit + "\n")
    print(f"wheel check: {checked}; {time.monotonic() - started:.0f} s in all "
          f"({time.monotonic() - built:.0f} s to install and check); wheel kept in {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "build" / "wheelcheck",
                        help="where to keep the checked wheel (default: build/wheelcheck)")
    parser.add_argument("--installed", action="store_true", help="check the installed parlour instead")
    args = parser.parse_args()
    if args.installed:
        check_installed()
    else:
        build_and_check(args.out.resolve())


if __name__ == "__main__":
    main()
