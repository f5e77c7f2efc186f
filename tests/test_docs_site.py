"""The documentation site and its front door: the strict build passes, the README stays short and links only to
files that exist, and the pages made from the code (the import contracts here; the settings and the encodings in
their own tests) are the ones the code makes."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest
from tools.architecture_doc import BEGIN, END, contracts, update

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def local_links(text: str) -> list[str]:
    """The targets of the Markdown links and images of ``text`` that point into the repository (no URL, no anchor)."""
    return [target.partition("#")[0] for target in LINK.findall(text)
            if not re.match(r"[a-z]+:", target) and not target.startswith("#")]


def test_the_readme_is_a_front_door() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150, f"README.md has {len(lines)} lines: move the detail into docs/"


def test_the_readme_links_only_to_files_that_exist() -> None:
    links = local_links(README.read_text(encoding="utf-8"))
    assert links, "README.md links into the documentation"
    missing = [link for link in links if not (ROOT / unquote(link)).exists()]
    assert not missing, f"README.md links to files that do not exist: {missing}"


def test_the_readme_links_to_every_part_of_the_site() -> None:
    links = set(local_links(README.read_text(encoding="utf-8")))
    for page in ("docs/index.md", "docs/players/games.md", "docs/operators/install.md", "docs/rl.md",
                 "docs/contributors/architecture.md"):
        assert page in links, f"README.md does not link to {page}"


def test_the_architecture_page_carries_the_contracts_of_pyproject() -> None:
    text = (ROOT / "docs" / "contributors" / "architecture.md").read_text(encoding="utf-8")
    assert BEGIN in text and END in text, "docs/contributors/architecture.md has lost the import-contracts marks"
    assert text.partition(BEGIN)[2].partition(END)[0].strip() == contracts(), \
        "run .venv/bin/python tools/architecture_doc.py --update"


def test_the_tool_writes_between_the_marks_and_refuses_a_page_without_them(tmp_path: Path) -> None:
    page = tmp_path / "architecture.md"
    page.write_text(f"before\n{BEGIN}\nstale\n{END}\nafter\n", encoding="utf-8")
    update(page)
    assert page.read_text(encoding="utf-8") == f"before\n{BEGIN}\n{contracts()}\n{END}\nafter\n"
    page.write_text("no marks\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"no .* marks"):
        update(page)


def test_every_page_of_the_site_is_in_its_navigation() -> None:
    """A page left out of ``nav`` is built but reachable from nowhere: each page under docs/ is listed, or excluded."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    block = config.partition("exclude_docs: |\n")[2].splitlines()
    excluded = [line.strip() for line in block[:next(i for i, line in enumerate(block) if not line.startswith("  "))]]
    listed = set(re.findall(r":\s+(\S+\.md)\s*$", config, re.M))
    docs = ROOT / "docs"
    pages = {str(page.relative_to(docs)) for page in docs.rglob("*.md")}
    unlisted = sorted(page for page in pages - listed if not any(page.startswith(e) for e in excluded))
    assert not unlisted, f"pages missing from mkdocs.yml's nav: {unlisted}"


@pytest.mark.skipif(shutil.which("mkdocs", path=str(Path(sys.executable).parent)) is None,
                    reason="mkdocs is not installed (pip install -e '.[docs]')")
def test_the_site_builds_strictly(tmp_path: Path) -> None:
    """``mkdocs build --strict``: a broken link, a page missing from the nav or a stale API reference fails it."""
    mkdocs = str(Path(sys.executable).parent / "mkdocs")
    run = subprocess.run([mkdocs, "build", "--strict", "--site-dir", str(tmp_path / "site")], cwd=ROOT,
                         capture_output=True, text=True, check=False, timeout=300,
                         env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    warnings = [line for line in run.stderr.splitlines() if line.startswith(("WARNING", "ERROR"))]
    assert run.returncode == 0, "\n".join(warnings) or run.stderr[-3000:]
    assert (tmp_path / "site" / "index.html").exists()
    assert (tmp_path / "site" / "researchers" / "encodings.html").exists()
    assert not (tmp_path / "site" / "notes").exists(), "docs/notes/ is excluded from the site"
