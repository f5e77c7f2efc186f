"""The ``parlour`` command: play, rules, replay, and clear errors for bad arguments."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.bots import make_bot
from parlour.cli.app import app
from parlour.cli.play import play_game
from parlour.core.registry import load_game
from parlour.games.render import renderer_for
from parlour.games.tonk.game import TonkGame

runner = CliRunner()


def test_play_a_whole_game_by_numbers_and_save_it(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    answers = "\n".join(["2", "1"] * 200) + "\n"
    result = runner.invoke(app, ["play", "tonk", "--seed", "7", "--players", "3", "--name", "Ana",
                                 "--save", str(save)], input=answers)
    assert result.exit_code == 0, result.output
    assert "Your hand:" in result.output and "Game over:" in result.output
    record = json.loads(save.read_text())
    assert record["players"][0] == "Ana" and record["result"] is not None
    replayed = runner.invoke(app, ["replay", str(save)])
    assert replayed.exit_code == 0 and "Replayed" in replayed.output and "finished" in replayed.output


@pytest.mark.parametrize(("why", "args", "said"), [
    (None, [], "(compiled engine)"),
    ("PARLOUR_PURE_PYTHON=1", [], "(pure Python engine: PARLOUR_PURE_PYTHON=1)"),
    ("PARLOUR_PURE_PYTHON=1", ["--lang", "fr"], "(moteur en Python pur : PARLOUR_PURE_PYTHON=1)"),
])
def test_version_says_which_engine_runs_and_why_not_the_compiled_one(
        monkeypatch: pytest.MonkeyPatch, why: str | None, args: list[str], said: str) -> None:
    monkeypatch.setattr(parlour, "_WHY_PURE", why)
    result = runner.invoke(app, [*args, "--version"])
    assert result.exit_code == 0 and result.output.strip() == f"parlour {parlour.__version__} {said}"


def test_bad_input_is_answered_and_asked_again() -> None:
    answers = "fly\ndiscard Zz\n99\nhelp\ndiscard 2c\ndrop\n"
    result = runner.invoke(app, ["play", "tonk", "--seed", "7", "--players", "2"], input=answers)
    assert result.exit_code == 0, result.output
    assert "'fly': This is no Tonk action" in result.output
    assert "'Zz' is not a card" in result.output
    assert "'99': pick a number from 1 to 3" in result.output
    assert "Type an action in notation" in result.output
    assert "A turn begins with a drop or a draw" in result.output  # a discard before drawing: the rule, in words
    assert "Traceback" not in result.output


def test_end_of_input_leaves_the_game_cleanly(tmp_path: Path) -> None:
    save = tmp_path / "partial.json"
    result = runner.invoke(app, ["play", "tonk", "--seed", "1", "--save", str(save)], input="draw stock\n")
    assert result.exit_code == 0 and "You left the game." in result.output
    assert json.loads(save.read_text())["result"] is None


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "tonk", "--players", "9"], "flag 'players' cannot be 9"),
        (["play", "tonk", "--rules", "vegas"], "unknown preset 'vegas'"),
        (["play", "tonk", "--vs", "genius"], "unknown bot 'genius'"),
        (["play", "tonk", "--flag", "jokers"], "write FLAG=VALUE"),
        (["play", "tonk", "--save", "/no/such/dir/g.json"], "does not exist"),
        (["rules", "chess"], "unknown game 'chess'"),
        (["replay", "/no/such/file.json"], "cannot read record"),
    ],
)
def test_bad_arguments_give_one_clear_line(args: list[str], fragment: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert fragment in result.output
    assert "Traceback" not in result.output


def test_rules_lists_presets_and_flags() -> None:
    result = runner.invoke(app, ["rules", "tonk"])
    assert result.exit_code == 0
    for word in ("speno", "classic", "texas", "pagat", "hit_lockout", "stock_out", "spades_side_bet"):
        assert word in result.output


def test_replay_refuses_a_tampered_record(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    runner.invoke(app, ["play", "tonk", "--seed", "3", "--save", str(save)], input="drop\n")
    data = json.loads(save.read_text())
    data["actions"] = ["discard Qh"]
    save.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(save)])
    assert result.exit_code == 2 and "does not replay" in result.output


def test_replay_of_another_engine_version_warns_when_it_replays_and_refuses_when_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "game.json"
    runner.invoke(app, ["play", "tonk", "--seed", "3", "--save", str(save)], input="drop\n")
    assert json.loads(save.read_text())["engine"] == 1
    monkeypatch.setattr(TonkGame, "spec", replace(TonkGame.spec, engine_version=2))
    same = runner.invoke(app, ["replay", str(save), "--quiet"])
    assert same.exit_code == 0
    assert "warning: the record was made under tonk engine version 1; this is version 2, under which it replays " \
           "the same" in same.output.replace("\n", " ")
    data = json.loads(save.read_text())
    data["seed"] += 1
    save.write_text(json.dumps(data))
    changed = runner.invoke(app, ["replay", str(save), "--quiet"])
    assert changed.exit_code == 2
    assert "error: it was made under tonk engine version 1, but this is version 2, and it does not replay the " \
           "same" in changed.output.replace("\n", " ")


def test_hint_says_why_in_the_games_terms_with_the_numbers_apart_and_no_bot_spec(monkeypatch: pytest.MonkeyPatch
                                                                                 ) -> None:
    monkeypatch.setattr("parlour.cli.play.HINT_BOT", "strong:iters=200")
    result = runner.invoke(app, ["play", "tonk", "--seed", "7", "--vs", "heuristic"], input="draw stock\nhint\nquit\n")
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert re.search(r"Hint from the strong bot: Discard the \w+ of \w+", flat), flat
    assert re.search(r"Discard the \w+ of \w+: lowers your hand's total from (\d+) to (\d+)", flat), flat
    assert re.search(r"Details: Discard the \w+ of \w+: [+-]\d\.\d\d ± \d\.\d\d a game on average, over \d+ "
                     r"playouts\.", flat), flat
    assert "playouts" in result.output and "ismcts" not in flat and not re.search(r"\w+=\w+,", flat)


def test_vs_takes_bot_specs_with_their_own_settings() -> None:
    result = runner.invoke(app, ["play", "tonk", "--players", "4", "--seed", "2",
                                 "--vs", "heuristic,ismcts:iters=20,c=1,strong:iters=20"], input="drop\n")
    assert result.exit_code == 0, result.output
    assert "Heuristic bot 2" in result.output and "Search bot 3" in result.output
    assert "Strong bot 4" in result.output and "Ismcts" not in result.output


def test_bots_are_named_as_at_a_table_in_the_language_asked() -> None:
    result = runner.invoke(app, ["--lang", "fr", "play", "tonk", "--seed", "2", "--vs", "strong:iters=20"],
                           input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Bot fort 2" in result.output and "Ismcts" not in result.output


def test_a_well_formed_but_illegal_action_is_answered_with_the_rules_reason() -> None:
    result = runner.invoke(app, ["play", "tonk", "--seed", "7", "--players", "2"],
                           input="draw stock\nspread 3C 3d\nquit\n")
    assert result.exit_code == 0, result.output
    assert "'spread 3C 3d': A spread needs at least three cards, not 2" in result.output
    assert "This is no Tonk action" not in result.output
    french = runner.invoke(app, ["--lang", "fr", "play", "tonk", "--seed", "7", "--players", "2"],
                           input="fly\ndiscard Zz\ndraw stock\nspread 3C 3d\nquit\n")
    assert "'spread 3C 3d'\u00a0: Une combinaison demande au moins trois cartes, pas 2" in french.output
    assert "'fly'\u00a0: Ce n'est pas une action du Tonk" in french.output
    assert "'discard Zz'\u00a0: 'Zz' n'est pas une carte" in french.output


def test_games_says_how_many_play() -> None:
    result = runner.invoke(app, ["games"])
    assert "plonk: Plonk, 4 players;" in result.output and "tonk: Tonk, 2–6 players;" in result.output
    assert "4–4" not in result.output


def test_help_explains_every_command_without_pointing_outside_the_repository() -> None:
    shown = runner.invoke(app, ["--help"], env={"COLUMNS": "200"}).output
    commands = list(typer.main.get_group(app).commands)
    assert len(commands) >= 6
    for command in commands:
        line = next(line for line in shown.splitlines() if f"│ {command} " in line)
        assert len(line.split(command, 1)[1].strip(" │")) > 20, line
        page = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"}).output
        outputs = [shown, page] + [runner.invoke(app, ["rules", g]).output for g in ("tonk", "tock", "plonk")]
        for text in outputs:
            for outside in ("the seed'", "the seed ", "RULES.md", "../", "shared/"):
                assert outside not in text, (command, outside)


def test_ctrl_c_ends_the_prompt_line_and_leaves_cleanly(tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    game = load_game("tonk", players=2)

    def ask(prompt: str) -> str:
        console.print(prompt, end="")
        raise KeyboardInterrupt

    save = tmp_path / "left.json"
    with pytest.raises(typer.Exit) as exited:
        play_game(game, 3, ["You", "Bot"], {1: make_bot("random", game)}, 0, renderer_for(game), console, ask, save)
    assert exited.value.exit_code == 130
    assert "You > \nInterrupted: you left the game.\n" in out.getvalue()
    assert json.loads(save.read_text())["result"] is None


def test_rules_prints_the_page_with_the_flags_in_force_in_the_language_asked() -> None:
    result = runner.invoke(app, ["--lang", "fr", "rules", "tonk:classic?jokers=2"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Un rami américain" in result.output and "Règles en vigueur" in result.output
    assert "tonk:classic?players=2&jokers=2" in result.output
    assert "Réglages par variante" in result.output and "speno" in result.output
    english = runner.invoke(app, ["rules", "tonk"], env={"LANG": "en_US.UTF-8", "COLUMNS": "200"}).output
    assert "Rules in force: Tonk · 2 players · Speno" in english and "Written: tonk:speno?players=2" in english
    assert "Flags by preset" in english
    french = runner.invoke(app, ["rules", "plonk"], env={"LANG": "fr_CA.UTF-8", "COLUMNS": "200"}).output
    assert "Le jeu de levées de David Parlett" in french


@pytest.mark.parametrize(("lang", "only", "integers"), [
    ("en", "(only 4)", "(an integer from 1 to 1000)"), ("fr", "(uniquement 4)", "(un entier de 1 à 1000)")])
def test_rules_say_the_allowed_values_in_words_of_the_language(lang: str, only: str, integers: str) -> None:
    """A flag whose minimum is its maximum takes one value ("only 4", never "an integer from 4 to 4")."""
    plonk = runner.invoke(app, ["--lang", lang, "rules", "plonk"], env={"COLUMNS": "200"}).output
    assert only in plonk and "from 4 to 4" not in plonk and "de 4 à 4" not in plonk
    tonk = runner.invoke(app, ["--lang", lang, "rules", "tonk"], env={"COLUMNS": "200"}).output
    assert integers in tonk
    if lang == "fr":
        assert "an integer" not in tonk and "true or false" not in tonk


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", ["tonk", "tock", "plonk"])
def test_rules_pages_name_a_flag_never_in_place_of_its_value(lang: str, game: str) -> None:
    """"A match lasts `hands` hands" reads "A match lasts hands hands" in the terminal: a page says the value
    and names the flag beside it."""
    page = runner.invoke(app, ["--lang", lang, "rules", game], env={"COLUMNS": "200"}).output
    for leftover in ("hands hands", "hands manches", "target points", "joker_points (0", "you tonk_out_pay",
                     "paie tonk_out_pay", "atteigne target"):
        assert leftover not in " ".join(page.split()), leftover


def test_an_unknown_language_is_one_clear_line() -> None:
    result = runner.invoke(app, ["--lang", "klingon", "games"])
    assert result.exit_code == 2 and "language 'klingon' is not available: languages are en, fr" in result.output


def test_the_terminal_speaks_french_when_asked() -> None:
    answers = "\n".join(["2", "1"] * 200) + "\n"
    result = runner.invoke(app, ["--lang", "fr", "play", "tonk", "--seed", "7", "--players", "3"], input=answers)
    assert result.exit_code == 0, result.output
    assert "Votre main\u00a0:" in result.output and "Partie terminée\u00a0:" in result.output
    assert "Your hand" not in result.output
    assert "Manche 1\u00a0:" in result.output and "Bot au hasard 2 défausse " in result.output  # its words
    for english in (" drops with ", " tonks out", " runs out", "stock out", "dealt TONK", " wins", "seat "):
        assert english not in result.output, english
    listed = runner.invoke(app, ["games"], env={"LANG": "fr_FR.UTF-8"}).output
    assert "plonk\u00a0: Plonk, 4 joueurs\u00a0; variantes" in listed


def test_help_shows_the_defaults_written_in_it() -> None:
    shown = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"}).output
    assert "(default: 127.0.0.1)" in shown and "(default: 8000)" in shown and "sqlite:///parlour.db" in shown
    assert "(default: from the environment's LANG)" in runner.invoke(app, ["--help"], env={"COLUMNS": "200"}).output


def test_replay_reads_one_line_of_an_arena_records_file(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    answers = "\n".join(["2", "1"] * 200) + "\n"
    assert runner.invoke(app, ["play", "tonk", "--seed", "7", "--players", "2", "--save", str(save)],
                         input=answers).exit_code == 0
    line = json.dumps(json.loads(save.read_text()))
    records = tmp_path / "records.jsonl"
    records.write_text(f"{line}\n{line}\n")
    second = runner.invoke(app, ["replay", str(records), "--game", "2", "--quiet"])
    assert second.exit_code == 0 and "Replayed" in second.output and "finished" in second.output
    unsaid = runner.invoke(app, ["replay", str(records)])
    said = "".join(unsaid.output.split())  # Rich wraps the long path anywhere
    assert unsaid.exit_code == 2 and "holds2records,onealine:chooseonewith--game1to2" in said
    beyond = runner.invoke(app, ["replay", str(records), "--game", "3"])
    assert beyond.exit_code == 2 and "(got--game3)" in "".join(beyond.output.split())
    one = tmp_path / "one.jsonl"
    one.write_text(line + "\n")
    assert runner.invoke(app, ["replay", str(one), "--quiet"]).exit_code == 0


def test_replay_open_serves_the_record_to_the_viewer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--open`` hands the record to a server whose viewer page is /?record=opened (the server is not run here)."""
    import uvicorn

    served: list[object] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: served.append(self.config.app))
    # uvicorn's logging set-up would bind handlers to this invocation's streams, closed when it returns
    monkeypatch.setattr(uvicorn.Config, "configure_logging", lambda self: None)
    save = tmp_path / "game.json"
    answers = "\n".join(["2", "1"] * 200) + "\n"
    runner.invoke(app, ["play", "tonk", "--seed", "7", "--players", "2", "--save", str(save)], input=answers)
    result = runner.invoke(app, ["replay", str(save), "--quiet", "--open"])
    assert result.exit_code == 0, result.output
    [viewer] = served
    assert viewer.state.opened_record.to_dict() == json.loads(save.read_text())  # type: ignore[attr-defined]


def test_french_help_words_the_help_option_too() -> None:
    """Click words ``--help``'s own line itself: in French it is translated like every other help."""
    for args in (["--lang", "fr", "--help"], ["--lang", "fr", "play", "--help"], ["--lang", "fr", "rules", "--help"]):
        shown = runner.invoke(app, args, env={"COLUMNS": "200"}).output
        assert "Afficher ce message et quitter." in shown and "Show this message" not in shown, args
    assert "Show this message and exit." in runner.invoke(app, ["--lang", "en", "play", "--help"],
                                                          env={"COLUMNS": "200"}).output


def test_the_prompt_understands_its_commands_in_the_language_asked() -> None:
    """At the French prompt "aide" is help and "quitter" leaves, as "help" and "quit" still do."""
    for typed in ("aide\nquitter\n", "help\nquit\n", "AIDE\nq\n"):
        result = runner.invoke(app, ["--lang", "fr", "play", "tonk", "--seed", "7"], input=typed,
                               env={"COLUMNS": "200"})
        assert "  aide   cette liste" in result.output and "  quitter   quitter la partie" in result.output, typed
        assert result.output.rstrip().endswith("> Vous avez quitté la partie.") and result.exit_code == 0, typed


def test_replay_names_the_bots_in_the_readers_language(tmp_path: Path) -> None:
    """A record keeps the names its players had, in the language they were given in; replayed in another, its
    bots are named in that one, as the server names a table's bots for each reader. People keep their names."""
    save = tmp_path / "game.json"
    answers = "\n".join(["2", "1"] * 200) + "\n"
    assert runner.invoke(app, ["play", "tonk", "--seed", "7", "--players", "4", "--save", str(save)],
                         input=answers).exit_code == 0
    data = json.loads(save.read_text())
    data["players"] = ["Ana", "Random bot 1", "Bot fort 2", "level:expert"]
    save.write_text(json.dumps(data))
    french = runner.invoke(app, ["--lang", "fr", "replay", str(save)], env={"COLUMNS": "200"}).output
    assert "Bot au hasard 1 commence avec" in french and "Bot fort 2 commence avec" in french
    assert "Bot expert commence avec" in french and "Ana commence avec" in french
    assert "Random bot" not in french and "level:" not in french
    english = runner.invoke(app, ["--lang", "en", "replay", str(save)], env={"COLUMNS": "200"}).output
    assert "Strong bot 2 starts with" in english and "Random bot 1 starts with" in english
    assert "Expert bot starts with" in english
