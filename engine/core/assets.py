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


SPEC_FIELDS = ("title", "pitch", "min_players", "max_players", "rules_version", "oldest_rules_version")
"""What a game's game.toml gives its GameSpec besides the options."""


def _option(game_id: str, o: dict):
    """An option of game.toml, which must declare its range: `min` and `max` for a whole
    number, `choices` for anything else (``[false, true]`` for yes or no). `help` says what it
    changes (a line under it in the new-game dialog), `rule` quotes the rule it follows (its
    tooltip), and `shown = false` marks a safety bound that players never see."""
    from engine.core.contract import Option

    default = o["default"]
    choices = tuple(o.get("choices", ()))
    lo, hi = o.get("min"), o.get("max")
    if type(default) is int:
        if type(lo) is not int or type(hi) is not int or not lo <= default <= hi:
            raise ValueError(f"{game_id}/game.toml: option {o['key']!r} needs a min and a max around its default")
    elif not choices or default not in choices or any(type(c) is not type(default) for c in choices):
        raise ValueError(f"{game_id}/game.toml: option {o['key']!r} needs its choices (its default among them)")
    if type(o.get("shown", True)) is not bool or type(o.get("rule", "")) is not str:
        raise ValueError(f"{game_id}/game.toml: option {o['key']!r}: shown is true or false, rule is text")
    return Option(o["key"], o["label"], default, choices, o.get("help", ""), lo, hi,
                  o.get("rule", ""), o.get("shown", True))


def game_spec(game_id: str, state_class: type, round=None):
    """The GameSpec of a game described as data: its title, pitch, player range, rules versions and
    options (each with its declared range) from assets/games/<game_id>/game.toml, its rules help
    from rules.md there; `round` is the order of its round (the game's round.py)."""
    from engine.core.contract import GameSpec

    data = load_toml(game_id, "game.toml")
    options = tuple(_option(game_id, o) for o in data.get("option", ()))
    facts = {name: data[name] for name in SPEC_FIELDS}
    if not 0 <= facts["oldest_rules_version"] <= facts["rules_version"]:
        raise ValueError(f"{game_id}/game.toml: oldest_rules_version must lie in 0..rules_version")
    return GameSpec(id=game_id, state_class=state_class, options=options, round=round, **facts,
                    rules_help=game_asset(game_id, "rules.md").read_text(encoding="utf-8"))
