"""User preferences of the application shell, kept as a small JSON file in the data folder.

Not QSettings: the file lives beside the autosave in `saves.data_dir()` (or `$TYCOONS_DATA_DIR`),
so tests never touch the real user's preferences and a portable install keeps everything together.
A missing or damaged file simply gives the defaults.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

AI_SPEEDS: dict[str, int] = {"instant": 0, "fast": 250, "normal": 700, "slow": 1500}
"""AI speed setting -> pause in ms before the first decision of an AI's turn is shown."""

AI_TURN_MS: dict[str, int] = {"instant": 0, "fast": 600, "normal": 1400, "slow": 3000}
"""AI speed setting -> the most an AI's whole turn (its run of decisions) is paced for: the
decisions after the first follow one another quickly, so a turn of many small decisions (a
Victory Through Industry turn has a dozen) is shown within about this time (DESIGN §9)."""

ANIMATION_FACTORS: dict[str, float] = {"instant": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.6}
"""AI speed setting -> the scene's animation speed factor (0 turns motion off)."""

DEFAULTS: dict = {
    "ai_speed": "normal",
    "last_dir": "",
    "player_name": "Player 1",  # the log names players, so "You acquires…" would read badly
    # "process" (spawn pool, the normal case), "thread" (fallback), "inline" (tests: synchronous,
    # deterministic, no extra process).
    "ai_mode": "process",
    "think_ms": None,
    "confirm_turn": True,  # DESIGN §3: the AIs (or the curtain) wait until the human confirms
    "window_geometry": "",  # base64 of QMainWindow.saveGeometry()
    "window_state": "",  # base64 of QMainWindow.saveState() (where the log dock is)
    "last_game": {},  # {"game": id, "seats": [{"name", "kind", "level"}]}: the new-game dialog's start
    "dock_layout": "auto",  # "auto" (tabs in a small window), "tabs" or "split"
    "record_limit": 200,  # finished games kept for review (saves/record.py); marked ones always
    "hints_allowed": True,  # "Suggest a move" (ui/hint.py); a Preferences choice
}


def data_dir() -> Path:
    """The user data folder, by the rule of `saves.paths.data_dir` (``$TYCOONS_DATA_DIR``, else
    platformdirs' user data dir for "tycoons"). Repeated here so that the start screen can look
    for the autosave before the saves package (and the engine behind it) is imported."""
    env = os.environ.get("TYCOONS_DATA_DIR")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("tycoons", appauthor=False))


def autosave_exists() -> bool:
    """Cheap check for `saves.has_autosave()` (same path, no imports of the saves package)."""
    return (data_dir() / "autosave.tycoons").is_file()


class Settings:
    """Preferences with defaults; `set` writes through to disk at once (they change rarely)."""

    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path else data_dir() / "settings.json"
        self._values = dict(DEFAULTS)
        try:
            loaded = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(loaded, dict):
                self._values.update({k: v for k, v in loaded.items() if k in DEFAULTS})
        except (OSError, ValueError):
            pass
        if self._values["ai_speed"] not in AI_SPEEDS:
            self._values["ai_speed"] = DEFAULTS["ai_speed"]

    def get(self, key: str):
        return self._values[key]

    def set(self, key: str, value) -> None:
        if key not in DEFAULTS:
            raise KeyError(key)
        self._values[key] = value
        if key == "ai_mode":  # a run-time choice (tests, fallback), not a user preference
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            stored = {k: v for k, v in self._values.items() if k != "ai_mode"}
            tmp.write_text(json.dumps(stored, indent=1), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError:
            pass  # preferences are a convenience; never fail a game over them

    @property
    def ai_delay_ms(self) -> int:
        return AI_SPEEDS[self._values["ai_speed"]]

    @property
    def ai_turn_ms(self) -> int:
        return AI_TURN_MS[self._values["ai_speed"]]

    @property
    def animation_factor(self) -> float:
        return ANIMATION_FACTORS[self._values["ai_speed"]]


_settings: Settings | None = None


def settings() -> Settings:
    """The process-wide settings object (created on first use)."""
    global _settings
    if _settings is None:
        _settings = Settings()
    return _settings


def reset_for_tests(path: Path | None = None) -> Settings:
    """Replace the process-wide settings (tests point them at a temporary file)."""
    global _settings
    _settings = Settings(path)
    return _settings
