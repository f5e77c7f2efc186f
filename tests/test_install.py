"""Install anywhere: the built wheel, installed (not editable) in a fresh virtual environment outside
the checkout, serves the browser client and plays a terminal game; installed without extras, it plays,
runs the arena and says which extra the server needs.

This is the only test that installs: it catches package data left out of the wheel (static files, the
games' client modules, rules pages, translations), which the editable install of the checkout never would.
The wheel is the one ``make wheel-check`` (run first by ``make test``) built and checked compiled, when the
checkout is the commit it was built from, unchanged, as on CI; otherwise it is built here from the
checkout as it is. pip reuses its cache; the dependencies come from the package registry.
"""

from __future__ import annotations

import json
import os
import selectors
import shutil
import subprocess
import sys
import sysconfig
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMPILER = shutil.which((sysconfig.get_config_var("CC") or "cc").split()[0])
"""The C compiler Python builds extensions with, when there is one: the wheel is then compiled (setup.py)."""
WHEEL_CHECK = ROOT / "build" / "wheelcheck"
"""Where ``make wheel-check`` keeps the wheel it checked, and the commit it was built from."""
pytestmark = pytest.mark.slow


def run(*args: str | Path, cwd: Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=600,
                          check=False, **kwargs)  # type: ignore[call-overload]
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done  # type: ignore[no-any-return]


def checked_wheel() -> Path | None:
    """The wheel ``tools/wheel_check.py`` kept, if the checkout is the commit it was built from with nothing
    changed (its source is then this checkout's)."""
    try:
        built_from = (WHEEL_CHECK / "commit").read_text().strip()
        wheel = next(WHEEL_CHECK.glob("parlour-*.whl"))
        head = run("git", "rev-parse", "HEAD", cwd=ROOT).stdout.strip()
        changed = run("git", "status", "--porcelain", cwd=ROOT).stdout.strip()
    except (OSError, StopIteration, AssertionError):
        return None
    return wheel if head == built_from and not changed else None


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel of this checkout: the checked one when it is this checkout's, else one built here."""
    checked = checked_wheel()
    if checked is not None:
        return checked
    where = tmp_path_factory.mktemp("wheel")
    run(sys.executable, "-m", "pip", "wheel", ROOT, "--no-deps", "--no-build-isolation", "-q", "-w", where, cwd=where)
    return next(where.glob("parlour-*.whl"))


def environment(where: Path, requirement: str) -> tuple[Path, dict[str, str]]:
    """The bin folder of a fresh virtual environment in ``where`` holding ``requirement``, and the environment
    variables that run it."""
    run(sys.executable, "-m", "venv", where / "venv", cwd=where)
    bin_dir = where / "venv" / "bin"
    run(bin_dir / "python", "-m", "pip", "install", "-q", requirement, cwd=where)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", LANG="C.UTF-8", COLUMNS="120")
    return bin_dir, env


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A fresh virtual environment holding the wheel with the server's extra."""
    return environment(tmp_path_factory.mktemp("install"), f"{wheel}[server]")


def test_without_extras_it_plays_and_runs_the_arena_and_names_the_servers_extra(
        wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    bin_dir, env = environment(tmp_path_factory.mktemp("engine"), str(wheel))
    for library in ("fastapi", "sqlalchemy", "matplotlib", "numpy", "redis"):
        found = run(bin_dir / "python", "-c", f"import importlib.util as u; print(u.find_spec({library!r}))",
                    cwd=bin_dir, env=env).stdout
        assert found.strip() == "None", f"{library} came with the engine-only install"
    done = run(bin_dir / "parlour", "play", "tonk", "--seed", "5", "--vs", "heuristic", cwd=bin_dir, env=env,
               input="1\n" * 400)
    assert "Game over:" in done.stdout and "Traceback" not in done.stdout + done.stderr
    arena = run(bin_dir / "parlour", "arena", "plonk", "--bots", "heuristic,random", "--games", "2", "--out",
                bin_dir.parent / "arena", cwd=bin_dir, env=env).stdout
    assert "(the plot needs matplotlib: pip install 'parlour[report]')" in " ".join(arena.split())
    assert (bin_dir.parent / "arena" / "results.json").exists()
    assert not (bin_dir.parent / "arena" / "plot.png").exists()
    served = subprocess.run([str(bin_dir / "parlour"), "serve", "--no-browser"], cwd=bin_dir, env=env,
                            capture_output=True, text=True, timeout=120, check=False)
    assert served.returncode == 2 and served.stdout == ""
    said = " ".join(served.stderr.split())
    assert said.startswith("error: the server needs libraries that are not installed (fastapi, ")
    assert said.endswith(": pip install 'parlour[server]'") and "Traceback" not in said


def test_the_package_is_imported_from_the_environment_not_the_checkout(
        installed: tuple[Path, dict[str, str]]) -> None:
    bin_dir, env = installed
    where = run(bin_dir / "python", "-c", "import parlour; print(parlour.__file__)", cwd=bin_dir, env=env).stdout
    assert Path(where.strip()).is_relative_to(bin_dir.parent)


def test_the_zoo_of_learned_baselines_ships_in_the_wheel(installed: tuple[Path, dict[str, str]]) -> None:
    bin_dir, env = installed
    found = run(bin_dir / "python", "-c", "from parlour.bots.learned import zoo_entries, zoo_file; "
                "print(*(f'{n}={zoo_file(n, n).is_file()}' for n in sorted(zoo_entries())))", cwd=bin_dir, env=env)
    assert found.stdout.split() == ["plonk=True", "tock=True", "tonk=True"]


def test_the_wheel_runs_compiled_where_a_compiler_is_and_as_pure_python_on_request(
        installed: tuple[Path, dict[str, str]]) -> None:
    bin_dir, env = installed
    said = run(bin_dir / "parlour", "--version", cwd=bin_dir, env=env).stdout
    assert ("(compiled engine)" if COMPILER else "(pure Python engine)") in said
    pure = run(bin_dir / "parlour", "--version", cwd=bin_dir, env={**env, "PARLOUR_PURE_PYTHON": "1"}).stdout
    assert "(pure Python engine: PARLOUR_PURE_PYTHON=1)" in pure
    done = run(bin_dir / "parlour", "play", "tonk", "--seed", "5", "--players", "3", "--vs", "heuristic",
               cwd=bin_dir, env={**env, "PARLOUR_PURE_PYTHON": "1"}, input="1\n" * 400)
    assert "Game over:" in done.stdout and "Traceback" not in done.stdout + done.stderr


def fetch(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status, response.headers.get("content-type", ""), response.read()


def served_address(server: subprocess.Popen[str], deadline: float) -> str:
    """The address ``parlour serve`` announces on its first line, waited for until ``deadline``."""
    assert server.stdout is not None
    selector = selectors.DefaultSelector()
    selector.register(server.stdout, selectors.EVENT_READ)
    while time.monotonic() < deadline:
        if selector.select(timeout=deadline - time.monotonic()):
            line = server.stdout.readline()
            if "http://" in line:
                return line[line.index("http://"):].split()[0]
            assert line, "parlour serve stopped before announcing its address"
    raise AssertionError("parlour serve did not announce its address in time")


def test_serve_answers_the_page_its_scripts_a_rules_page_and_the_french_messages(
        installed: tuple[Path, dict[str, str]]) -> None:
    bin_dir, env = installed
    work = bin_dir.parent.parent
    server = subprocess.Popen([str(bin_dir / "parlour"), "serve", "--port", "0", "--no-browser",
                               "--db", f"sqlite:///{work / 'parlour.db'}"],
                              cwd=work, env={**env, "PARLOUR_OPS_PORT": "0"}, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    try:
        base = served_address(server, time.monotonic() + 60)
        status, kind, page = fetch(base)
        assert status == 200 and "text/html" in kind and b"/static/app.js" in page
        for path in ("static/app.js", "static/ui.js", "static/cards.js", "static/i18n.js", "static/style.css",
                     "favicon.ico"):
            assert fetch(base + path)[0] == 200, path
        games = json.loads(fetch(base + "api/games")[2])
        assert {g["name"] for g in games} >= {"tonk", "tock", "plonk"}
        for game in games:
            status, kind, script = fetch(base + game["client"].lstrip("/"))
            assert status == 200 and "javascript" in kind and b"export" in script, game["name"]
        status, kind, rules = fetch(base + "rules/tonk?rules=classic&lang=fr")
        assert status == 200 and "text/html" in kind
        assert "Un rami américain".encode() in rules and "Règles en vigueur".encode() in rules
        messages = json.loads(fetch(base + "api/i18n/fr")[2])["messages"]
        assert messages["Create table"] == "Créer la table"
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_play_a_game_against_bots_from_standard_input_and_read_rules_in_french(
        installed: tuple[Path, dict[str, str]]) -> None:
    bin_dir, env = installed
    done = run(bin_dir / "parlour", "play", "tonk", "--seed", "5", "--players", "3", "--vs", "heuristic",
               cwd=bin_dir, env=env, input="1\n" * 400)
    assert "Game over:" in done.stdout and "Traceback" not in done.stdout + done.stderr
    french = run(bin_dir / "parlour", "--lang", "fr", "play", "plonk", "--seed", "2", cwd=bin_dir, env=env,
                 input="quit\n").stdout
    assert "Votre main" in french and "Vous avez quitté la partie." in french
    rules = run(bin_dir / "parlour", "--lang", "fr", "rules", "tock:sevens", cwd=bin_dir, env=env).stdout
    assert "extra_sevens" in rules and "Règles en vigueur" in rules and "pions" in rules
