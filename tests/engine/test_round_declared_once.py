"""The order of a game's round is written once, in its round.py (ARCHITECTURE §2): the engine moves
from phase to phase only through the core's phase step (engine/core/frames.py: `begin_next_phase`,
`repeat_phase`, `first_round_frame`, `begin_end`), which reads that declaration. Checked over every
registered game by reading its code, so a new game inherits the checks:

- no module of the game's engine but round.py builds a frame that begins a phase (a list whose
  first item names it): a phase that ends by pushing the next one's frame by hand writes the
  order a second time;
- no module of the game's engine sets the phase it keeps as a field to a phase it names: the core
  begins a phase as its frame is reached, in the order declared;
- no module of the game's engine, AI or board writes a list of the round's phases of its own
  (`("setup", "found")`): it asks the round (`in_setup`, `every`, `ids`, `name`).

The behaviour (the phases come in the declared order in play) is checked by
tests/engine/test_contract.py; these checks fail when a game writes an order again, right or not.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from engine.core import game_ids, get_spec
from engine.core.frames import FrameStackState
from engine.core.round import Round

GAMES = game_ids()
ROOT = Path(__file__).resolve().parents[2]


def package(game_id: str) -> str:
    return game_id.replace("-", "_")


def engine_modules(game_id: str) -> list[Path]:
    """The modules of the game's engine package but its round.py (the declaration itself)."""
    folder = Path(importlib.import_module(get_spec(game_id).state_class.__module__).__file__).parent
    return sorted(p for p in folder.rglob("*.py") if p.name != "round.py")


def other_modules(game_id: str) -> list[Path]:
    """The modules of the game's AI and board packages (those it has)."""
    found = []
    for layer in ("ai", "ui"):
        folder = ROOT / layer / "games" / package(game_id)
        if folder.is_dir():
            found += sorted(folder.rglob("*.py"))
    return found


def frame_names(game_id: str) -> set[str]:
    """Every frame the game's turn machine knows: its decisions, automatic frames and draws."""
    cls = get_spec(game_id).state_class
    return set(cls._CHOICES) | set(cls._FRAMES) | set(cls.CHANCE_FRAMES) | set(cls.AUTO_FRAMES)


def _string(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def hand_built_phase_frames(tree: ast.AST, order: Round) -> list[tuple[int, str]]:
    """(line, phase) of each list whose first item names the frame that begins a phase."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.List) and node.elts:
            name = _string(node.elts[0])
            if name in order.begun_by:
                found.append((node.lineno, order.begun_by[name]))
    return found


def phases_set_by_name(tree: ast.AST, order: Round) -> list[tuple[int, str]]:
    """(line, phase) of each `<something>.phase = "<a phase of the round>"`."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = _string(node.value) if node.value is not None else None
            if value in order and any(isinstance(t, ast.Attribute) and t.attr == "phase" for t in targets):
                found.append((node.lineno, value))
    return found


def phase_lists(tree: ast.AST, order: Round, frames: set[str]) -> list[tuple[int, tuple[str, ...]]]:
    """(line, items) of each tuple, list or set of two or more strings that are all phases of the
    round (unless they are all frames too: a list of frames that share their phase's name)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple | ast.List | ast.Set) and len(node.elts) >= 2:
            items = tuple(_string(e) for e in node.elts)
            if all(i is not None and i in order for i in items) and not set(items) <= frames:
                found.append((node.lineno, items))
    return found


def where(path: Path, line: int) -> str:
    return f"{path.relative_to(ROOT)}:{line}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_round_declares_the_frames_its_phases_begin_with(game_id):
    """Every frame a phase begins with is one the game's turn machine knows (a misspelt `begins`
    would leave that phase never begun)."""
    order = get_spec(game_id).round
    assert order is not None, f"{game_id} declares no round"
    unknown = set(order.begun_by) - frame_names(game_id)
    assert not unknown, f"{game_id}'s round.py names frames its engine does not have: {sorted(unknown)}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_phase_a_game_on_the_stack_moves_to_begins_with_a_frame(game_id):
    """A game that keeps a stack names, for each phase it moves to, the frame that begins it (the
    core pushes that frame; a phase without one could be begun by a push written anywhere). The
    phase a new game is in and the end need none; a game that keeps no stack (its phases are a
    field) begins its phases at once."""
    spec = get_spec(game_id)
    if spec.state_class.frame is not FrameStackState.frame:
        return
    order = spec.round
    bare = [p.id for p in order.every()[1:-1] if not p.begins]
    assert not bare, f"{game_id}'s round.py names no frame that begins {bare}"


@pytest.mark.parametrize("game_id", GAMES)
def test_only_the_core_pushes_the_frame_that_begins_a_phase(game_id):
    order = get_spec(game_id).round
    found = []
    for path in engine_modules(game_id):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{where(path, line)} builds the frame that begins {phase!r} by hand"
                  for line, phase in hand_built_phase_frames(tree, order)]
        found += [f"{where(path, line)} sets the phase to {phase!r} by name"
                  for line, phase in phases_set_by_name(tree, order)]
    assert not found, ("the engine moves from phase to phase through the core's phase step "
                       "(begin_next_phase, repeat_phase, first_round_frame, begin_end), which reads "
                       "round.py:\n" + "\n".join(found))


@pytest.mark.parametrize("game_id", GAMES)
def test_no_part_of_the_game_lists_the_phases_of_its_own(game_id):
    order, frames = get_spec(game_id).round, frame_names(game_id)
    found = []
    for path in engine_modules(game_id) + other_modules(game_id):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{where(path, line)} lists the phases {items}" for line, items in phase_lists(tree, order, frames)]
    assert not found, "ask the round (engine/games/<game>/round.py) instead:\n" + "\n".join(found)


HAND_WRITTEN = '''
class Rules:
    def _frame_stock_end(self):
        self.stack.append(["building_start"])          # the next phase, written here again

    def _do_first_chooser(self, order):
        self.stack.append(["found", order, 0])
        self.phase = "found"

def progress(state):
    return ("setup", "found", "stock").index(state.phase)
'''


def test_the_checks_find_an_order_written_by_hand():
    """The checks above are not empty: on code that writes an order again, each finds it."""
    order = get_spec("big-shoulders").round
    tree = ast.parse(HAND_WRITTEN)
    assert hand_built_phase_frames(tree, order) == [(4, "building"), (7, "found")]
    assert phases_set_by_name(tree, order) == [(8, "found")]
    assert phase_lists(tree, order, frame_names("big-shoulders")) == [(11, ("setup", "found", "stock"))]
