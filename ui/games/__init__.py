"""One package per game: `ui/games/<pkg>/__init__.py` exposes

- `make_scene() -> GameScene` (ui/board/scene.py),
- `player_summary(view: dict, seat: int) -> list[tuple[str, str]]`: label/value rows for the
  players panel (money, assets, shares…),
- `prompt(view: dict, legal: list[Action], names: list[str]) -> str`: the plain-words instruction
  for the prompt bar ("Ann: choose a company to acquire, buy a share, or pay dividends").
"""

import importlib


def game_ui(game_id: str):
    """The ui package of `game_id` (imported on first use)."""
    return importlib.import_module("ui.games." + game_id.replace("-", "_"))
