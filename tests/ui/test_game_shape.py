"""Every game's ui package has the same parts (ARCHITECTURE §13), checked over every
registered game with a board, so a new game inherits the checks:

- its `__init__.py` gives every hook of `GameUi` (ui/games/__init__.py), with the protocol's
  parameters, so the window, the review and the dialogs call them without probing;
- its `words.py` (the prompt, the players panel's rows, the labels) loads no Qt, nor does the
  package itself: the words are read and tested without a display, and the board's code is
  imported only when a board is made;
- its `scene.py` declares the panels and draws them in at most 600 lines, and defines no piece
  of the board: the pieces are in `items.py` (or `regions/`).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
import typing
from pathlib import Path

import pytest
from PySide6.QtWidgets import QGraphicsItem

import ui.games
from ui.games import GameUi, game_ui, playable_specs

GAMES = [spec.id for spec in playable_specs()]
ROOT = Path(ui.games.__file__).parent
SCENE_BUDGET = 600


def package(game_id: str) -> str:
    return game_id.replace("-", "_")


def hooks() -> dict[str, inspect.Signature | None]:
    """The members of `GameUi`: a function's signature without `self`, None for a value."""
    found: dict[str, inspect.Signature | None] = {name: None for name in GameUi.__annotations__}
    for name, member in vars(GameUi).items():
        if inspect.isfunction(member) and not name.startswith("_"):
            sig = inspect.signature(member)
            found[name] = sig.replace(parameters=list(sig.parameters.values())[1:])
    return found


def test_the_protocol_names_the_hooks_the_window_asks_for():
    # the reading of the protocol above must see its members, or the test below checks nothing
    assert {"BOARD_HAS_MATS", "make_scene", "player_summary", "prompt", "auto_pass", "pass_phase",
            "revealed_rows"} <= set(hooks())


def shape(sig: inspect.Signature) -> list[tuple[str, object, bool]]:
    """The parameters as a caller meets them: name, kind, and whether it may be left out."""
    return [(p.name, p.kind, p.default is not inspect.Parameter.empty) for p in sig.parameters.values()]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_gives_every_hook_of_the_protocol(game_id):
    game = game_ui(game_id)
    for name, sig in hooks().items():
        assert hasattr(game, name), f"ui/games/{package(game_id)} has no {name}"
        member = getattr(game, name)
        if sig is None:
            kind = typing.get_type_hints(GameUi)[name]
            assert isinstance(member, kind), f"{package(game_id)}.{name} is not a {kind.__name__}"
            continue
        assert callable(member), f"{package(game_id)}.{name} is not a function"
        assert shape(inspect.signature(member)) == shape(sig), (
            f"{package(game_id)}.{name}{inspect.signature(member)} does not take {name}{sig}")


def test_a_missing_or_misshapen_hook_is_found(monkeypatch):
    # the check above fails for a game without a hook or with one of other parameters
    game = game_ui(GAMES[0])
    with monkeypatch.context() as patch:
        patch.setattr(game, "prompt", lambda view, legal: "")
        with pytest.raises(AssertionError, match="does not take"):
            test_the_game_gives_every_hook_of_the_protocol(GAMES[0])
    with monkeypatch.context() as patch:
        patch.delattr(game, "revealed_rows")
        with pytest.raises(AssertionError, match="has no revealed_rows"):
            test_the_game_gives_every_hook_of_the_protocol(GAMES[0])
    with monkeypatch.context() as patch:
        patch.setattr(game, "BOARD_HAS_MATS", "yes")
        with pytest.raises(AssertionError, match="is not a bool"):
            test_the_game_gives_every_hook_of_the_protocol(GAMES[0])


def test_the_words_and_the_hooks_load_no_qt():
    modules = [f"ui.games.{package(g)}{part}" for g in GAMES for part in ("", ".words")]
    code = ("import sys\n"
            f"for name in {modules!r}:\n"
            "    __import__(name)\n"
            "    qt = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6'))\n"
            "    assert not qt, f'importing {name} loads {qt[:3]}'\n")
    root = str(ROOT.parents[1])
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": root, "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_scene_keeps_to_its_budget(game_id):
    pkg = package(game_id)
    lines = len((ROOT / pkg / "scene.py").read_text(encoding="utf-8").splitlines())
    assert lines <= SCENE_BUDGET, f"{pkg}/scene.py is {lines} lines (at most {SCENE_BUDGET}): move a region to regions/"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_scene_defines_no_piece_of_the_board(game_id):
    pkg = package(game_id)
    scene = importlib.import_module(f"ui.games.{pkg}.scene")
    pieces = sorted(name for name, obj in vars(scene).items()
                    if inspect.isclass(obj) and obj.__module__ == scene.__name__ and issubclass(obj, QGraphicsItem))
    assert not pieces, f"{pkg}/scene.py defines pieces of the board (move them to items.py): {pieces}"


def test_every_game_has_the_parts():
    for game_id in GAMES:
        folder = ROOT / package(game_id)
        for part in ("__init__.py", "words.py", "scene.py"):
            assert (folder / part).is_file(), f"ui/games/{package(game_id)} has no {part}"
        assert (folder / "items.py").is_file() or (folder / "regions").is_dir()
        # the scene's module docstring says what the board shows
        assert ast.get_docstring(ast.parse((folder / "scene.py").read_text(encoding="utf-8")))
