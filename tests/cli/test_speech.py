"""The command line's help in the language asked: every command's and option's help, and Typer's panels."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from parlour.cli.app import app

runner = CliRunner()


def said(args: list[str]) -> str:
    """What ``parlour ARGS`` prints, its panels' borders and line breaks taken out."""
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return re.sub(r"[\s│]+", " ", result.output)


def test_the_help_speaks_the_language_asked_and_back() -> None:
    french = said(["--lang", "fr", "--help"])
    assert "Jouer aux jeux de cartes et les étudier" in french and "Commandes" in french
    assert "langue des messages" in french
    serve = said(["--lang", "fr", "serve", "--help"])
    assert "Servir le salon et les tables dans le navigateur" in serve and "ne pas ouvrir de navigateur" in serve
    english = said(["--lang", "en", "play", "--help"])
    assert "Play GAME in the terminal against bots." in english and "Commandes" not in english
    assert "your name at the table" in english
