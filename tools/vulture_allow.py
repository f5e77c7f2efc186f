"""What vulture may not call unused under ``src/parlour``, and why: read by ``tests/test_architecture.py``.

Vulture reads ``src/`` and, as its users, ``tools/``, ``benchmarks/`` and the scripts under ``docs/``
(never ``tests/``: code that only its tests use is dead), and names every function, class,
method, attribute or variable nothing reads. Some are read by what it cannot see: a framework that
calls a method by its name, a name given as text. Those are allowed here, each with who uses it;
the fields of pydantic models and of ``TypedDict``s (data sent or read by key) are left aside by the
test itself. Anything else vulture names is to be deleted, or used.
"""

from __future__ import annotations

IGNORED_DECORATORS = ("@router.*", "@app.*", "@field_validator", "@model_validator")
"""FastAPI's routes, exception handlers and middleware, Typer's commands, pydantic's validators: the framework
calls what they decorate."""

ALLOWED = {
    # Python's and the libraries' protocols, called by name
    "memo": "``__deepcopy__``'s argument (the copy protocol)",
    "revision": "Alembic reads each migration's revision, by name",
    "down_revision": "Alembic",
    "branch_labels": "Alembic",
    "depends_on": "Alembic",
    "upgrade": "Alembic",
    "downgrade": "Alembic",
    "served_app": "uvicorn's app factory, named as text by ``parlour serve`` (cli/serve.py)",
    "JsonFormatter": "named as text in logging's configuration (server/logs.py)",
    "uncertainty": "a rating's field, sent as JSON (server/ratings.py, ``Rating``)",
    "provisional": "a rating's field, sent as JSON (server/ratings.py, ``Rating``)",
    # PettingZoo, Gymnasium and Stable-Baselines3 call these (parlour.rl)
    "state_space": "PettingZoo's AEC environment (rl/aec.py)",
    "action_masks": "sb3-contrib's MaskablePPO (rl/single.py, rl/vector.py, rl/sb3.py)",
    "reset_infos": "Stable-Baselines3's VecEnv (rl/sb3.py)",
    "close_extras": "Gymnasium's VectorEnv.close calls it (rl/vector.py)",
    "all_observations": "a self-play learner's loop bootstraps the seats not to move with it (rl/vector.py; "
                        "docs/rl.md's self-play section)",
    "seat_advantages": "a self-play learner's loop (rl/selfplay.py; docs/rl.md's self-play section)",
    "step_async": "Stable-Baselines3's VecEnv",
    "step_wait": "Stable-Baselines3's VecEnv",
    "get_attr": "Stable-Baselines3's VecEnv",
    "set_attr": "Stable-Baselines3's VecEnv",
    "env_method": "Stable-Baselines3's VecEnv",
    "env_is_wrapped": "Stable-Baselines3's VecEnv",
    "wrapper_class": "Stable-Baselines3's VecEnv (``env_is_wrapped``'s argument)",
    "get_images": "Stable-Baselines3's VecEnv",
    # pgx calls these (parlour.jax)
    "_init": "pgx's Env.init (jax/plonk.py)",
    "_step": "pgx's Env.step",
    "_observe": "pgx's Env.observe",
    "save_svg": "pgx's api_test and its users save a state's picture by this name (jax/plonk.py)",
    "color_theme": "an argument of pgx's State.to_svg and save_svg",
    # OpenSpiel calls these (parlour.openspiel)
    "max_chance_nodes_in_history": "OpenSpiel's game (openspiel/game.py)",
    "make_py_observer": "OpenSpiel's game",
    "set_from": "OpenSpiel's observer (openspiel/observer.py)",
    "string_from": "OpenSpiel's observer",
    "chance_outcomes": "OpenSpiel's state (openspiel/state.py)",
    "_legal_actions": "OpenSpiel's state",
    "_apply_action": "OpenSpiel's state",
    "_action_to_string": "OpenSpiel's state",
    "resample_from_infostate": "OpenSpiel's state",
    "evaluate": "OpenSpiel's MCTS evaluator (openspiel/search.py)",
    "prior": "OpenSpiel's MCTS evaluator",
    "restart": "OpenSpiel's Bot (openspiel/bots.py), called by evaluate_bots",
    "restart_at": "OpenSpiel's Bot, called by evaluate_bots",
    "inform_action": "OpenSpiel's Bot, called by evaluate_bots",
}
"""Names vulture would call unused, and who uses them."""
