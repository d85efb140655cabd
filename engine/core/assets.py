"""Finding the assets folder (source tree, installed wheel, or frozen bundle) and loading
component data from assets/games/<game_id>/*.toml."""

from __future__ import annotations

import functools
import os
import sys
import tomllib
from pathlib import Path


@functools.cache
def assets_dir() -> Path:
    """The assets folder: $TYCOONS_ASSETS, the PyInstaller bundle, or the source checkout."""
    env = os.environ.get("TYCOONS_ASSETS")
    if env:
        return Path(env)
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"


def game_asset(game_id: str, name: str) -> Path:
    return assets_dir() / "games" / game_id / name


@functools.cache
def load_toml(game_id: str, name: str) -> dict:
    """Parse assets/games/<game_id>/<name> once; callers must not mutate the result."""
    with open(game_asset(game_id, name), "rb") as fh:
        return tomllib.load(fh)


SPEC_FIELDS = ("title", "pitch", "min_players", "max_players", "rules_version")
"""What a game's game.toml gives its GameSpec besides the options."""


def game_spec(game_id: str, state_class: type):
    """The GameSpec of a game described as data: its title, pitch, player range, rules version and
    options from assets/games/<game_id>/game.toml, its rules help from rules.md there."""
    from engine.core.contract import GameSpec, Option

    data = load_toml(game_id, "game.toml")
    options = tuple(Option(o["key"], o["label"], o["default"], tuple(o.get("choices", ())), o.get("help", ""))
                    for o in data.get("option", ()))
    facts = {name: data[name] for name in SPEC_FIELDS}
    return GameSpec(id=game_id, state_class=state_class, options=options, **facts,
                    rules_help=game_asset(game_id, "rules.md").read_text(encoding="utf-8"))
