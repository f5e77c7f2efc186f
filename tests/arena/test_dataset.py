"""Arena records replayed into a learner's dataset: the rows are what parlour.rl shows, word by word."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from parlour import rl
from parlour.arena.dataset import COLUMNS, Dataset, Source, dataset, read_records
from parlour.arena.tournament import tournament
from parlour.core.errors import RecordError
from parlour.core.record import GameRecord, start_of

SPECS = ("tonk:speno?players=3&hands=3", "tock?players=4")
"""A Tonk match, whose spreads take several words and where a hand may be paid before a seat's first turn;
Tock, whose moves take two words or more (a 7 split, three)."""


@pytest.fixture(scope="module", params=SPECS)
def arena(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The output folder of a small real arena run."""
    out = tmp_path_factory.mktemp("arena")
    tournament(request.param, ["heuristic", "random"], 4, out, seed=5)
    return out


Exported = tuple[list[tuple[Source, GameRecord]], Dataset]


@pytest.fixture(scope="module")
def exported(arena: Path) -> Exported:
    """The arena's records, and their dataset (every seat's rows)."""
    records = read_records([arena])
    return records, dataset(records)


def env_run(record: GameRecord, actions: np.ndarray) -> tuple[list[dict[str, np.ndarray]], list[int],
                                                                 list[dict[str, float]], list[float]]:
    """``actions`` (word indices) stepped through parlour.rl's PettingZoo environment from ``record``'s deal:
    the acting agent's observation before each word, its seat, each step's rewards, and the final returns."""
    env = rl.env(f"{record.game}", **record.rules)
    env.reset(seed=0)
    env.game_state = start_of(record)
    env.words.begin(env.game_state.legal_actions())
    env.agent_selection = env.possible_agents[env.game_state.current_player]
    seen, seats, rewards = [], [], []
    for word in actions:
        agent = env.agent_selection
        seen.append(env.observe(agent))
        seats.append(env.possible_agents.index(agent))
        env.step(int(word))
        rewards.append(dict(env.rewards))
    assert env.game_state.is_terminal and all(env.terminations.values())  # over at the last row, not before
    return seen, seats, rewards, env.game_state.returns()


def test_each_row_is_what_the_environment_shows_and_the_actions_replay_the_records(exported: Exported) -> None:
    records, data = exported
    assert len(records) >= 4 and set(data.game) == set(range(len(records)))
    for index, (_, record) in enumerate(records):
        rows = data.game == index
        seen, seats, _, returns = env_run(record, data.action[rows])
        assert np.array_equal(np.stack([s["observation"] for s in seen]), data.observation[rows])
        assert np.array_equal(np.stack([s["action_mask"] for s in seen]), data.mask[rows])
        assert seats == list(data.seat[rows])
        assert returns == record.result["returns"]  # the dataset's words replay the record to its result
    assert data.mask[np.arange(len(data.action)), data.action].all()


def test_there_is_one_row_per_word_chosen_and_settled_marks_each_actions_last(exported: Exported) -> None:
    records, data = exported
    for index, (_, record) in enumerate(records):
        rows = data.game == index
        assert data.settled[rows].sum() == len(record.actions)
        assert data.settled[rows][-1]
    assert (~data.settled).sum() > 0  # some actions took several words
    lengths = [len(t.split()) for _, r in records for t in r.actions]
    assert len(data.action) <= sum(lengths)  # an implied word has no row


def test_rewards_are_what_a_learner_at_the_seat_is_paid_and_add_up_to_its_return(exported: Exported) -> None:
    """A row's reward: the seat's rewards in the environment from its row to its next (first row: from the
    start), as the single-agent environment pays; so a seat's rewards in a game add up to its return."""
    records, data = exported
    checked = 0
    for index, (_, record) in enumerate(records):
        rows = data.game == index
        _, seats, steps, _ = env_run(record, data.action[rows])
        expected = [0.0] * len(seats)
        latest: dict[int, int] = {}
        owed = [0.0] * len(record.players)
        for row, seat in enumerate(seats):
            latest[seat] = row
            expected[row] += owed[seat]
            owed[seat] = 0.0
            for other, reward in enumerate(steps[row].values()):
                if other in latest:
                    expected[latest[other]] += reward
                else:
                    owed[other] += reward
        assert np.allclose(data.reward[rows], expected)
        for seat, result in enumerate(record.result["returns"]):
            mine = rows & (data.seat == seat)
            if mine.any():
                assert data.reward[mine].sum() == pytest.approx(result)
                checked += 1
    assert checked >= len(records) * 2


def returns_before_each_action(record: GameRecord) -> list[tuple[int, list[float]]]:
    """The seat to play and every seat's return before each of ``record``'s actions, then at the end (seat -1)."""
    state = start_of(record)
    out = []
    for text in record.actions:
        out.append((state.current_player, list(state.returns())))
        state.apply(text)
    return [*out, (-1, list(state.returns()))]


def test_what_a_seat_is_paid_before_its_first_turn_comes_with_its_first_row(tmp_path: Path) -> None:
    """In a Tonk match a hand may end, and be paid, before a seat's first turn (seat 0 goes down at once)."""
    tournament("tonk:speno?players=3&hands=2", ["heuristic", "random"], 30, tmp_path, seed=1)
    records = read_records([tmp_path])
    data = dataset(records)
    early = 0
    for index, (_, record) in enumerate(records):
        steps = returns_before_each_action(record)
        for seat in range(3):
            mine = np.flatnonzero((data.game == index) & (data.seat == seat))
            turns = [i for i, (at, _) in enumerate(steps) if at == seat]
            if not turns or steps[turns[0]][1][seat] == 0:
                continue
            early += 1
            before = steps[turns[0]][1][seat]
            after = steps[turns[1] if len(turns) > 1 else -1][1][seat]
            assert data.reward[mine[0]] == pytest.approx(after if data.settled[mine[0]] else before)
    assert early > 0


def test_seats_keeps_the_rows_of_the_seats_or_players_named(exported: Exported) -> None:
    records, everything = exported
    first = dataset(records, ["0"])
    assert set(first.seat) == {0} and len(first.action) == (everything.seat == 0).sum()
    heuristic = dataset(records, ["heuristic"])
    at = [[seat for seat, name in enumerate(r.players) if name == "heuristic"] for _, r in records]
    wanted = np.array([seat in at[game] for game, seat in zip(everything.game, everything.seat, strict=True)])
    assert np.array_equal(heuristic.reward, everything.reward[wanted])
    assert np.array_equal(heuristic.observation, everything.observation[wanted])
    assert heuristic.metadata["seats"] == ["heuristic"]
    with pytest.raises(RecordError, match=r"--seats 'bob': give a seat number, 0 to \d, or a player's name as "
                                          r"the records hold it: heuristic, random"):
        dataset(records, ["bob"])


def test_the_metadata_names_the_game_its_words_layout_and_each_games_source(arena: Path, exported: Exported) -> None:
    records, data = exported
    meta = json.loads(json.dumps(data.metadata))
    assert meta["spec"] == json.loads((arena / "results.json").read_text(encoding="utf-8"))["spec"]
    env = rl.env(meta["spec"])
    assert meta["vocabulary"] == list(env.words.vocabulary)
    space = env.observation_spaces["player_0"]["observation"]
    assert meta["observation_size"] == data.observation.shape[1] == space.shape[0]
    assert sum(section["size"] for section in meta["layout"]) == meta["observation_size"]
    assert meta["layout"][-1]["start"] == meta["observation_size"] - len(meta["vocabulary"])
    assert [(g["source"], g["line"]) for g in meta["games"]] == [(str(arena / "records.jsonl"), i)
                                                                  for i in range(1, len(records) + 1)]
    assert [g["returns"] for g in meta["games"]] == [r.result["returns"] for _, r in records]
    assert [g["seed"] for g in meta["games"]] == [r.seed for _, r in records]


def test_a_record_file_and_records_files_read_in_order(arena: Path, exported: Exported, tmp_path: Path) -> None:
    lines = (arena / "records.jsonl").read_text(encoding="utf-8").splitlines()
    GameRecord.from_json(lines[2]).save(tmp_path / "one.json")
    (tmp_path / "two.jsonl").write_text("\n" + lines[0] + "\n\n" + lines[1] + "\n", encoding="utf-8")
    records = read_records([tmp_path / "one.json", tmp_path / "two.jsonl"])
    assert [str(source) for source, _ in records] == [str(tmp_path / "one.json"), f"{tmp_path / 'two.jsonl'}, line 2",
                                                      f"{tmp_path / 'two.jsonl'}, line 4"]
    data = dataset(records)
    whole = exported[1]
    assert np.array_equal(data.action[data.game == 0], whole.action[whole.game == 2])


def mixed(arena: Path, tmp_path: Path, line: str) -> Path:
    """The arena's records with ``line`` put in as the third, in a file of their own."""
    lines = (arena / "records.jsonl").read_text(encoding="utf-8").splitlines()
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join([*lines[:2], line, *lines[2:]]) + "\n", encoding="utf-8")
    return path


def test_records_of_another_game_or_rule_set_are_refused(arena: Path, tmp_path: Path) -> None:
    record = json.loads((arena / "records.jsonl").read_text(encoding="utf-8").splitlines()[0])
    other = "plonk" if record["game"] != "plonk" else "tonk"
    path = mixed(arena, tmp_path, json.dumps({**record, "game": other}))
    with pytest.raises(RecordError, match=rf"mixed.jsonl, line 3: a record of '{other}.*' among records of "):
        dataset(read_records([path]))
    rules = {**record["rules"], "players": record["rules"]["players"] + 1}
    path = mixed(arena, tmp_path, json.dumps({**record, "rules": rules}))
    with pytest.raises(RecordError, match=r"line 3: a record of .* among records of .*: a dataset holds one game "
                                          r"with one rule set"):
        dataset(read_records([path]))


def test_a_record_that_does_not_replay_is_refused_naming_its_action(arena: Path, tmp_path: Path) -> None:
    record = json.loads((arena / "records.jsonl").read_text(encoding="utf-8").splitlines()[1])
    actions = record["actions"]
    path = mixed(arena, tmp_path, json.dumps({**record, "actions": [actions[0], "nonsense", *actions[2:]]}))
    with pytest.raises(RecordError, match=r"mixed.jsonl, line 3: action 2 'nonsense' by seat \d does not replay"):
        dataset(read_records([path]))
    path = mixed(arena, tmp_path, json.dumps({**record, "result": {"returns": [9], "payments": []}}))
    with pytest.raises(RecordError, match=r"line 3: the replay ends with .*, but the record says"):
        dataset(read_records([path]))


@pytest.mark.parametrize(("content", "error"), [
    ("not json\n", r"bad.jsonl, line 1: not JSON"),
    ('{"game": "tonk"}\n', r"bad.jsonl, line 1: missing field 'rules'"),
    ("\n\n", r"no records in '.*bad.jsonl'"),
])
def test_unreadable_records_are_refused_quoting_where(tmp_path: Path, content: str, error: str) -> None:
    (tmp_path / "bad.jsonl").write_text(content, encoding="utf-8")
    with pytest.raises(RecordError, match=error):
        read_records([tmp_path / "bad.jsonl"])


def test_a_missing_file_or_a_folder_without_records_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"'.*nowhere.jsonl' does not exist: give an arena's output folder"):
        read_records([tmp_path / "nowhere.jsonl"])
    with pytest.raises(RecordError, match=r"is a folder without records.jsonl"):
        read_records([tmp_path])


def test_columns_have_one_row_each_and_fixed_types(exported: Exported) -> None:
    data = exported[1]
    columns = data.columns()
    assert tuple(columns) == COLUMNS
    assert {len(c) for c in columns.values()} == {len(data.action)}
    assert [str(c.dtype) for c in columns.values()] == ["float32", "int8", "int32", "float32", "int8", "int32",
                                                        "bool", "float32", "int8", "bool"]


def final_views(record: GameRecord, actions: np.ndarray) -> dict[int, dict[str, np.ndarray]]:
    """Each seat's observation once ``actions`` (word indices) are stepped through the PettingZoo environment
    from ``record``'s deal: what the environments show a seat where its episode ends."""
    env = rl.env(f"{record.game}", **record.rules)
    env.reset(seed=0)
    env.game_state = start_of(record)
    env.words.begin(env.game_state.legal_actions())
    env.agent_selection = env.possible_agents[env.game_state.current_player]
    for word in actions:
        env.step(int(word))
    return {seat: env.observe(agent) for seat, agent in enumerate(env.possible_agents)}


def test_next_observation_is_the_seats_next_row_or_its_view_at_the_end(exported: Exported) -> None:
    """(observation, action, reward, next_observation, terminal): a seat's next row's observation and mask, and
    after its last row its observation at the game's end (mask all 0), terminal there only."""
    records, data = exported
    for index, (_, record) in enumerate(records):
        rows = np.flatnonzero(data.game == index)
        ends = final_views(record, data.action[rows])
        for seat in set(data.seat[rows].tolist()):
            mine = rows[data.seat[rows] == seat]
            assert np.array_equal(data.next_observation[mine[:-1]], data.observation[mine[1:]])
            assert np.array_equal(data.next_mask[mine[:-1]], data.mask[mine[1:]])
            assert not data.terminal[mine[:-1]].any()
            last = mine[-1]
            assert data.terminal[last]
            assert np.array_equal(data.next_observation[last], ends[seat]["observation"])
            assert not data.next_mask[last].any() and not ends[seat]["action_mask"].any()
            assert not np.array_equal(data.next_observation[last], data.observation[last])
        assert data.terminal[rows].sum() == len(set(data.seat[rows].tolist()))


def test_a_record_cut_short_ends_each_seat_on_its_view_there_not_terminal(exported: Exported) -> None:
    """A record stopped before its game's end (no result): each seat's last row leads to its view where the
    record stops, not terminal; the seat to play there gets its legal words as the next mask."""
    records, whole = exported
    source, record = records[0]
    cut = dataclasses.replace(record, actions=record.actions[:len(record.actions) // 2], result=None, digest=None)
    data = dataset([(source, cut)])
    state = start_of(cut)
    for text in cut.actions:
        state.apply(text)
    ends = final_views(cut, data.action)
    assert not data.terminal.any()
    for seat in set(data.seat.tolist()):
        last = np.flatnonzero(data.seat == seat)[-1]
        assert np.array_equal(data.next_observation[last], ends[seat]["observation"])
        assert np.array_equal(data.next_mask[last], ends[seat]["action_mask"])
        assert data.next_mask[last].any() == (seat == state.current_player)
    same = len(data.action)
    assert np.array_equal(data.observation, whole.observation[whole.game == 0][:same])
