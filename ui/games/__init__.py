"""One package per game: `ui/games/<pkg>/__init__.py` exposes

- `make_scene() -> GameScene` (ui/board/scene.py),
- `player_summary(view: dict, seat: int) -> list[tuple[str, str]]`: label/value rows for the
  players panel (money, assets, shares…),
- `prompt(view: dict, legal: list[Action], names: list[str]) -> str`: the plain-words instruction
  for the prompt bar ("Ann: choose a company to acquire, buy a share, or pay dividends").
"""

import importlib
import importlib.util


def game_ui(game_id: str):
    """The ui package of `game_id` (imported on first use)."""
    return importlib.import_module("ui.games." + game_id.replace("-", "_"))


def has_board(game_id: str) -> bool:
    """True if `game_id` has a scene in ui/games/ (a game whose rules are registered before its
    board is drawn is not offered to players)."""
    return importlib.util.find_spec("ui.games." + game_id.replace("-", "_")) is not None


def playable_specs() -> list:
    """The GameSpecs of every registered game that has a board, in menu order."""
    from engine.core.registry import all_specs

    return [spec for spec in all_specs() if has_board(spec.id)]


def not_asked(view: dict, legal: list, names: list[str], idle: str = "Dealing…", unit: str = "points",
              reason: str = "") -> str | None:
    """The prompt bar's line while the person at this screen has nothing to choose: the result
    once the game is over (in `unit`, ended for `reason`), `idle` during a chance draw, "Waiting
    for …" on another seat's decision; None when they are asked."""
    outcome = view.get("outcome")
    if outcome:
        return game_over_text(outcome, names, unit, reason)
    mover = view["to_move"]
    if mover is None or mover < 0:
        return idle
    if not legal:
        return f"Waiting for {names[mover]}…"
    return None


def game_over_text(outcome: dict, names: list[str], unit: str = "points", reason: str = "") -> str:
    """The prompt bar's last line: who won (or shared the victory) with how much, and why it ended."""
    winners = outcome["winners"]
    top = outcome["scores"][winners[0]]
    who = " and ".join(names[w] for w in winners)
    verb = "share the victory" if len(winners) > 1 else "wins"
    why = f" ({reason})" if reason else ""
    amount = f"{top:g} {unit}" if top != 1 else f"1 {unit[:-1] if unit.endswith('s') else unit}"
    return f"Game over{why}: {who} {verb} with {amount}."



def prompt_head(view: dict, legal: list, names: list[str], unit: str = "points", reason: str = "",
                chance: str = "Drawing…") -> tuple[str | None, str]:
    """The start every game's prompt shares: `(text, "")` when that text is the whole prompt (the
    game is over, chance is drawing, or the person at the screen waits for the mover), else
    `(None, name of the seat to move)`."""
    outcome = view.get("outcome")
    if outcome:
        return game_over_text(outcome, names, unit, reason), ""
    mover = view.get("to_move")
    if mover is None or mover < 0:
        return chance, ""
    if not legal:
        return f"Waiting for {names[mover]}…", ""
    return None, names[mover]
