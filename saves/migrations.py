"""Upgrading payloads written in older save formats (ARCHITECTURE §7: "an older format is migrated").

`MIGRATIONS` maps a format version ``v`` to a function that turns a payload of format ``v`` into
one of format ``v + 1``; `upgrade` chains them up to `FORMAT_VERSION`. Migrations work on plain
dicts only and never touch the file: a migrated game is written in the current format the next
time it is saved.

Format 0 is the layout of the first prototype (kept as the worked example of a migration)::

    {"game": "first-ceo",
     "players": ["Ann", "Bob", "Cy"],          # names only
     "ai": [None, "easy", None],                # AI level per seat, None for a human
     "seed": 1,
     "moves": [["acquire", 0, [3], False], …],  # [kind, seat, args, by_ai]
     "hash": "…",                               # final state hash
     "saved": 1764412345.0}                     # POSIX seconds

It had no options (the defaults applied) and no rules version (1).

Format 2 added the hints the players used (``"hints": [[decisions before the hint, seat], …]``);
a format-1 game used none that were recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from saves.envelope import FORMAT_VERSION
from saves.errors import CorruptSave

MIGRATIONS: dict[int, Callable[[dict], dict]] = {}


def migration(from_version: int):
    """Register a function that upgrades a payload of `from_version` to `from_version + 1`."""

    def register(fn: Callable[[dict], dict]) -> Callable[[dict], dict]:
        if from_version in MIGRATIONS:
            raise ValueError(f"a migration from format {from_version} is already registered")
        MIGRATIONS[from_version] = fn
        return fn

    return register


def upgrade(payload: dict, from_version: int, to_version: int = FORMAT_VERSION) -> dict:
    """Run the migrations from `from_version` up to `to_version`. A payload that does not fit
    the layout its format promises raises CorruptSave."""
    version = from_version
    while version < to_version:
        step = MIGRATIONS.get(version)
        if step is None:
            raise CorruptSave(f"it uses save format {version}, which this version cannot convert")
        try:
            payload = step(payload)
        except CorruptSave:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError, RecursionError):
            raise CorruptSave(f"the save is malformed (it does not fit save format {version})") from None
        version += 1
    return payload


@migration(0)
def _format0_to_1(old: dict) -> dict:
    names, levels = old["players"], old.get("ai") or [None] * len(old["players"])
    if len(levels) != len(names):
        raise ValueError("one AI entry per player")
    seats = [{"name": str(n), "kind": "ai" if lvl else "human", "level": lvl}
             for n, lvl in zip(names, levels, strict=True)]
    log = []
    for kind, seat, args, by_ai in old["moves"]:
        log.append({"action": {"kind": kind, "seat": seat, "args": list(args)}, "by_ai": bool(by_ai)})
    saved = old.get("saved")
    try:  # a time no clock can show (inf, 2**63) is only an unknown time, not a broken save
        created = (datetime.fromtimestamp(float(saved), UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
                   if isinstance(saved, int | float) and not isinstance(saved, bool) else "")
    except (OverflowError, ValueError, OSError):
        created = ""
    return {
        "game": old["game"],
        "rules_version": 1,
        "app_version": "0",
        "options": {},
        "seats": seats,
        "seed": old["seed"],
        "log": log,
        "state_hash": old["hash"],
        "created": created,
        "summary": {},
    }


@migration(1)
def _format1_to_2(old: dict) -> dict:
    if "hints" in old:
        raise ValueError("format 1 had no record of hints")
    return {**old, "hints": []}
