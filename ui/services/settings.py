"""User preferences of the application shell: one typed schema, kept as a small JSON file.

Not QSettings: the file lives beside the autosave in `data_dir()` (or `$TYCOONS_DATA_DIR`), so
tests never touch the real user's preferences and a portable install keeps everything together.

**The schema.** Every key is a `Setting` in `SCHEMA`, made by one of the constructors below (one
line per key): its type, its range or choices, its default, a short label and a help line. A
Preferences dialog is built from it (`preferences()` lists the ones a player sets; the others
are the app's own memory: window size, last folder). Adding a key is one line in `_SCHEMA`::

    flag("hints", True, "Hints", "Offer a hint of the AI's best moves on request."),

`Settings.get(key)` returns a valid value always; `Settings.set(key, value)` refuses a value
outside the key's type or range (ValueError: a bug in the caller, never the player's doing)
and writes the file at once (preferences change rarely).

**Reading never hurts the app.** The file is opened without blocking (a FIFO or a device named
``settings.json`` is refused, not waited on), read up to `MAX_BYTES`, its nesting bounded before
it is parsed, and every value checked against the schema. A file that is unreadable, not a
regular file, too large, too deeply nested, not JSON, or holds a value of the wrong type or out
of range is set aside as ``settings.json.bad`` (so nothing is lost), the bad values are replaced
by their defaults (the good ones are kept), and `Settings.notice` holds one line saying so, which
the start screen shows. The app always starts.

Imported before the first paint: nothing here imports the engine, the saves or Qt.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from saves.files import Unreadable, data_dir, read_bounded, write_atomic

NAME_LIMIT = 40
"""Longest player name, as `engine.core.names.NAME_LIMIT` (repeated here so that start-up does
not import the engine; tests/ui/test_settings.py checks they agree)."""

AI_SPEEDS: dict[str, int] = {"instant": 0, "fast": 250, "normal": 700, "slow": 1500, "step": 0}
"""AI pace setting -> pause in ms before the first decision of an AI's turn is shown ("step":
none, each decision waits for Space or Next instead: ui/game/controller.py)."""

AI_TURN_MS: dict[str, int] = {"instant": 0, "fast": 600, "normal": 1300, "slow": 3000, "step": 0}
"""AI speed setting -> the time an AI's whole turn (its run of decisions) is shown in, the motion
of its last decision included: the decisions after the first follow one another quickly, so a
turn of many small decisions (a Victory Through Industry turn has a dozen) is shown within about
this time (ARCHITECTURE §9: 1.5 s at Normal, less 200 ms for a busy machine's lateness, measured by
tests/bench/pace_bench.py; `paced_ms` leaves room for the last motion)."""

ANIMATION_FACTORS: dict[str, float] = {"instant": 0.0, "fast": 1.6, "normal": 1.0, "slow": 0.6, "step": 1.0}
"""AI pace setting -> the scene's animation speed factor (a motion takes its time divided by it:
quicker at Fast, slower at Slow; 0 turns motion off)."""

MOTION_MS = 320
"""The longest motion of a piece at speed 1 (a slide is at most 300 ms and a card turning over
300 ms, ui/board/items.py; Robber Barons' card drawn 320 ms)."""

LATE_MOTION = 2.0
"""How much quicker pieces move once an AI's turn has spent its paced time: its remaining
decisions show as soon as they are made, and their motion must not carry the turn past its time."""


def paced_ms(speed: str, factor: float) -> int:
    """The part of an AI's turn at pace `speed` that its pauses may use, with motion at speed
    `factor`: the turn's time less its last decision's longest motion, so that the turn is shown,
    that motion included, within `AI_TURN_MS[speed]`."""
    motion = MOTION_MS / factor if factor > 0 else 0
    return max(0, int(AI_TURN_MS[speed] - motion))

PALETTE_NAMES = {"#E69F00": "Orange", "#56B4E9": "Sky blue", "#009E73": "Bluish green", "#D55E00": "Vermillion",
                 "#0072B2": "Blue", "#CC79A7": "Reddish purple"}
"""The seat colours (ui/board/style.SEAT_COLOURS, repeated so that start-up imports no Qt) by name."""

MAX_BYTES = 512 * 1024
"""Largest settings file read (a real one is under 2 KB: the window state is the bulk of it;
every key at its longest, a 32,768-character folder of four-byte characters, is some 150 KB)."""
MAX_DEPTH = 8
"""Deepest nesting of a settings file (the deepest key, `last_game`, nests 3 deep)."""
BAD_SUFFIX = ".bad"


# -- the schema ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Setting:
    """One key of the settings: what it holds and what a Preferences dialog shows for it.

    `kind` is "bool", "int", "choice", "text" or "data" (structured data the app keeps, checked
    by `check`). `choices` pairs each allowed value with its label; `minimum`/`maximum` bound an
    int; `max_length` a text; `optional` also allows None ("not set"). `stored` False keeps the
    value for this run only; `preference` False marks the app's own memory (not in Preferences).
    """

    key: str
    kind: str
    default: Any
    label: str
    help: str = ""
    choices: tuple[tuple[Any, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    max_length: int = 0
    pattern: str = ""
    optional: bool = False
    check: Callable[[Any], str | None] | None = None
    stored: bool = True
    preference: bool = True

    @property
    def values(self) -> tuple:
        """The allowed values of a "choice" setting, in order."""
        return tuple(v for v, _ in self.choices)

    def label_of(self, value) -> str:
        """The label of one of a "choice" setting's values."""
        return next((label for v, label in self.choices if v == value), str(value))

    def problem(self, value) -> str | None:
        """Why `value` is not valid for this key, or None. Types are exact: True is not a number."""
        if value is None and self.optional:
            return None
        if self.kind == "bool":
            return None if type(value) is bool else "is not true or false"
        if self.kind == "int":
            if type(value) is not int:
                return "is not a whole number"
            if not self.minimum <= value <= self.maximum:
                return f"is outside {self.minimum}–{self.maximum}"
            return None
        if self.kind == "choice":
            if not any(type(value) is type(v) and value == v for v in self.values):
                return "is not one of " + ", ".join(repr(v) for v in self.values)
            return None
        if self.kind == "text":
            if type(value) is not str:
                return "is not text"
            if len(value) > self.max_length:
                return f"is longer than {self.max_length:,} characters"
            if self.pattern and not re.fullmatch(self.pattern, value):
                return "is not in the expected form"
            return None
        return self.check(value) if self.check is not None else None


def flag(key: str, default: bool, label: str, help: str = "", **more) -> Setting:
    """A yes/no setting (a check box)."""
    return Setting(key, "bool", default, label, help, **more)


def number(key: str, default: int | None, label: str, minimum: int, maximum: int, help: str = "",
           **more) -> Setting:
    """A whole number between `minimum` and `maximum` (a spin box)."""
    return Setting(key, "int", default, label, help, minimum=minimum, maximum=maximum, **more)


def choice(key: str, default, label: str, choices, help: str = "", **more) -> Setting:
    """One of a few values; `choices` is a dict (or pairs) of value -> label (a combo box)."""
    pairs = tuple(choices.items()) if isinstance(choices, dict) else tuple(choices)
    return Setting(key, "choice", default, label, help, choices=pairs, **more)


def text(key: str, default: str, label: str, max_length: int, help: str = "", **more) -> Setting:
    """A line of text of at most `max_length` characters (a line edit)."""
    return Setting(key, "text", default, label, help, max_length=max_length, **more)


def data(key: str, default, label: str, check: Callable[[Any], str | None], help: str = "",
         **more) -> Setting:
    """Structured data the app keeps for itself, checked by `check` (value -> problem or None)."""
    return Setting(key, "data", default, label, help, check=check, preference=False, **more)


def _last_game_problem(value) -> str | None:
    """`last_game`: {} or {"game": id, "seats": [{"name", "kind", "level"}, … at most 8]}; an
    online seat (kind "online") also has the player's Matrix "user"."""
    if type(value) is not dict:
        return "is not a record of a game"
    if not value:
        return None
    if set(value) - {"game", "seats"} or type(value.get("game")) is not str or len(value["game"]) > 64:
        return "does not name a game"
    seats = value.get("seats")
    if type(seats) is not list or len(seats) > 8:
        return "does not list the seats"
    for seat in seats:
        if type(seat) is not dict or set(seat) - {"name", "kind", "level", "user"} \
                or type(seat.get("name")) is not str or not 0 < len(seat["name"]) <= NAME_LIMIT \
                or seat.get("kind") not in ("human", "ai", "online") \
                or not (seat.get("level") is None or (type(seat["level"]) is str and len(seat["level"]) <= 20)) \
                or not (seat.get("user") is None or (type(seat["user"]) is str and len(seat["user"]) <= 255)):
            return "has a seat that is not a name, a kind and a level"
    return None


def _games_started_problem(value) -> str | None:
    """`games_started`: {game id: how many games of it the player began here}, at most 64 titles."""
    if type(value) is not dict or len(value) > 64:
        return "is not a count of games by title"
    for key, n in value.items():
        if type(key) is not str or not re.fullmatch(r"[a-z0-9_-]{1,64}", key) or type(n) is not int \
                or not 0 <= n <= 1_000_000:
            return "has a title or a count that is not one"
    return None


_BASE64 = r"[A-Za-z0-9+/=]*"
_ONE_LINE = r"[^\x00-\x1f\x7f]*"
_SCHEMA: tuple[Setting, ...] = (
    choice("ai_speed", "normal", "AI pace", {"step": "Step", "slow": "Slow", "normal": "Normal", "fast": "Fast",
                                             "instant": "Instant"},  # the key kept from "AI speed"
           "How quickly the AI players' decisions are shown; Step waits for Space or Next before each one."),
    flag("animations", True, "Animations",
         "Pieces slide, cards turn over and an AI's move is ringed; off, every change shows at once."),
    flag("confirm_turn", True, "Confirm each turn",  # ARCHITECTURE §3: the AIs (or the curtain) wait
         "The AI players wait until you confirm your turn, so a misclick can still be undone."),
    flag("only_choice", True, "Take a lone step for me",  # ui/game/controller.py
         "A step with one choice that decides nothing (Finish shipping with no goods, the only dividend "
         "allowed) is taken for you and logged; Undo takes it back with your decision before it."),
    flag("hints_allowed", True, "Allow hints",  # ui/game/hint.py
         "Suggest a move (Ctrl+H) shows the three best moves the search finds, with their chances to win."),
    flag("coach_first_games", True, "Coach my first games",  # ui/game/caution.py
         "In your first three games of each title, a move the search judges to cost a lot asks once, saying "
         "what it risks, before it is taken."),
    choice("seat_colour", "", "Your seat colour", {"": "Seat order", **PALETTE_NAMES},
           "The colour of the first human seat in the games you open from now on; the seat that had "
           "it takes that seat's colour. Every seat keeps its own mark."),
    choice("chrome", "system", "Window colours", {"system": "As the system", "light": "Light", "dark": "Dark"},
           "Light or dark menus, panels and dialogs (the board keeps its paper)."),
    text("player_name", "Player 1", "Your name", NAME_LIMIT,  # the log names players: not "You"
         "The name the new-game dialog gives the first seat.", pattern=_ONE_LINE),
    number("record_limit", 200, "Finished games kept", 1, 10_000,
           "Past games keeps this many finished games (and every game marked Keep); "
           "a game takes some 10–40 KB on disk.", preference=False),  # set under Past games
    number("text_size", 100, "Text size (%)", 90, 150,
           "How large the board's smallest words and the window's text are drawn (View → Text size)."),
    choice("dock_layout", "auto", "Panels", {"auto": "Automatic", "tabs": "Tabs", "split": "Side by side"},
           "Players and log as tabs on the right, the log under the board, or the log beside a wide "
           "window's board and under a taller one's.", preference=False),  # set in the View menu
    choice("players_dock", "auto", "Players panel", {"auto": "Automatic", "shown": "Shown", "hidden": "Hidden"},
           "Beside the board, closed, or only for a board without its own player mats.",
           preference=False),  # opened and closed in the View menu
    choice("log_dock", "auto", "Game log", {"auto": "Automatic", "shown": "Shown", "hidden": "Hidden"},
           "Beside or under the board, closed, or only in a large window.",
           preference=False),  # opened and closed in the View menu, Ctrl+L or the status bar
    text("last_dir", "", "Last folder", 32_768, preference=False),  # the longest path Windows takes
    text("window_geometry", "", "Window size", 16_384, pattern=_BASE64, preference=False),  # saveGeometry()
    text("window_state", "", "Window layout", 16_384, pattern=_BASE64, preference=False),  # saveState()
    data("last_game", {}, "Last new game", _last_game_problem),  # the new-game dialog's start
    data("games_started", {}, "Games started", _games_started_problem),  # per title: the first games' coach
    # how the AI runs: "process" (spawn pool, the normal case), "thread" (fallback), "inline"
    # (tests: synchronous, deterministic); a run-time choice, never stored
    choice("ai_mode", "process", "AI runs in", {"process": "a process", "thread": "a thread",
                                                "inline": "the GUI thread"}, stored=False, preference=False),
    number("think_ms", None, "AI thinking time (ms)", 1, 600_000, optional=True, stored=False,
           preference=False),  # a cap on searching AI levels (benchmarks and soaks)
)
SCHEMA: dict[str, Setting] = {s.key: s for s in _SCHEMA}
"""Every settings key and what it holds, in the order a Preferences dialog lists them."""

DEFAULTS: dict = {s.key: s.default for s in _SCHEMA}
"""Every key's default (kept for callers that read it directly)."""


def preferences() -> list[Setting]:
    """The settings a player sets in Preferences, in order."""
    return [s for s in _SCHEMA if s.preference]


# -- the data folder ---------------------------------------------------------------------------------
def autosave_exists() -> bool:
    """Cheap check for `saves.has_autosave()` (same path, without importing the engine)."""
    return (data_dir() / "autosave.tycoons").is_file()


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def nesting_depth(text: str) -> int:
    """How deeply `text`'s JSON arrays and objects nest (brackets inside strings do not count),
    found without parsing, so that a file nested 100,000 deep never reaches the parser."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def parse_settings(raw: bytes) -> dict:
    """The JSON object in `raw`; Unreadable if it is not text, too deeply nested, not JSON or
    not an object."""
    try:
        content = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Unreadable("it is not text") from None
    if nesting_depth(content) > MAX_DEPTH:
        raise Unreadable("it is nested far too deeply")
    try:
        loaded = json.loads(content, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise Unreadable(f"it is not valid JSON ({_first_line(exc)})") from None
    if type(loaded) is not dict:
        raise Unreadable("it does not hold a set of named settings")
    return loaded


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number")


def _first_line(exc: BaseException) -> str:
    line = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return line if len(line) <= 60 else line[:59] + "…"


# -- the settings object -----------------------------------------------------------------------------
class Settings:
    """Preferences with defaults; `set` writes through to disk at once (they change rarely).

    `notice` is one line for the player when the file had to be set aside ("" when all was well).
    `write_problem` is the reason the last write failed ("" when it went through); the listeners
    of `on_write_failed` hear each new reason once, so the player is told that the preferences
    hold for this session only, without a message at every later change.
    """

    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path else data_dir() / "settings.json"
        self._values = dict(DEFAULTS)
        self._extra: dict = {}  # keys of a newer Tycoons, written back as they were
        self._listeners: list[Callable[[str, Any], None]] = []
        self._writable = True
        self.notice = ""
        self.write_problem = ""
        self._write_listeners: list[Callable[[str], None]] = []
        self._load()

    @property
    def bad_path(self) -> Path:
        """Where a damaged settings file is set aside: ``settings.json.bad``."""
        return self.path.with_name(self.path.name + BAD_SUFFIX)

    def _load(self) -> None:
        try:
            loaded = parse_settings(read_bounded(self.path, MAX_BYTES))
        except FileNotFoundError:
            return
        except Unreadable as exc:
            folder = self.path.parent
            if os.path.lexists(folder) and not folder.is_dir():  # $TYCOONS_DATA_DIR naming a file
                self._writable = False
                self.notice = (f"Your data folder {folder} is a file, not a folder: settings, the autosave "
                               "and finished games cannot be kept until it is moved or renamed.")
                return
            self._set_aside(str(exc), repaired=False)
            return
        wrong = []
        for key, value in loaded.items():
            spec = SCHEMA.get(key)
            if spec is None:
                if type(key) is str and len(key) <= 64:
                    self._extra[key] = value  # bounded: the whole file is
                continue
            if not spec.stored:
                continue
            if spec.problem(value) is None:
                self._values[key] = _copy(value)
            else:
                wrong.append(key)
        if wrong:
            what = ", ".join(SCHEMA[k].label.lower() for k in wrong[:3]) + (" …" if len(wrong) > 3 else "")
            self._set_aside(f"{len(wrong)} value{'s' if len(wrong) != 1 else ''} in it "
                            f"{'were' if len(wrong) != 1 else 'was'} not valid ({what})", repaired=True)

    def _set_aside(self, why: str, repaired: bool) -> None:
        """Move the damaged file to ``settings.json.bad`` and say so in `notice`."""
        bad = self.bad_path
        try:
            if bad.is_dir() and not bad.is_symlink():
                raise OSError(f"{bad.name} is a folder")
            os.replace(self.path, bad)
        except OSError:
            # cannot be moved: leave it, and do not write over it either (it is the player's)
            self._writable = False
            self.notice = (f"Your settings could not be read ({why}), and the file could not be set aside: "
                           f"defaults are used and changes are not remembered. The file is {self.path}.")
            return
        kept = "the other settings were kept" if repaired else "the defaults are used"
        self.notice = f"Your settings could not be read ({why}): {kept}, and the old file set aside as {bad.name}."
        if repaired:
            self._write()

    # -- the values ------------------------------------------------------------------------------
    def get(self, key: str):
        return self._values[key]

    def set(self, key: str, value) -> None:
        """Set `key` (KeyError if there is no such key, ValueError if `value` is not valid for
        it) and write the file; listeners hear of a change."""
        spec = SCHEMA.get(key)
        if spec is None:
            raise KeyError(key)
        problem = spec.problem(value)
        if problem is not None:
            raise ValueError(f"the setting {key!r} {problem}: {value!r:.60}")
        changed = self._values[key] != value or type(self._values[key]) is not type(value)
        self._values[key] = _copy(value)
        if spec.stored:
            self._write()
        if changed:
            for listener in list(self._listeners):
                listener(key, value)

    def subscribe(self, listener: Callable[[str, Any], None]) -> None:
        """Call `listener(key, value)` after each change (a Preferences dialog, a scene's pace)."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[str, Any], None]) -> None:
        with contextlib.suppress(ValueError):
            self._listeners.remove(listener)

    def on_write_failed(self, listener: Callable[[str], None]) -> None:
        """Call `listener(message)` when a write fails for a reason not said before."""
        self._write_listeners.append(listener)

    def _write(self) -> None:
        if not self._writable:
            return
        stored = dict(self._extra)
        stored.update({k: v for k, v in self._values.items() if SCHEMA[k].stored})
        try:
            write_atomic(self.path, _encoded(stored, {k: v for k, v in stored.items() if k in SCHEMA}))
        except (OSError, ValueError) as exc:
            # preferences are a convenience: never fail a game over them, but say it (once a reason)
            why = getattr(exc, "reason", None) or _first_line(exc)
            if why != self.write_problem:
                self.write_problem = why
                message = (f"Your preferences could not be saved ({why}): they hold until Tycoons "
                           "closes. Free some room on the disk or check the data folder's permissions.")
                for listener in list(self._write_listeners):
                    listener(message)
            return
        self.write_problem = ""

    @property
    def ai_delay_ms(self) -> int:
        return AI_SPEEDS[self._values["ai_speed"]]

    @property
    def ai_turn_ms(self) -> int:
        return AI_TURN_MS[self._values["ai_speed"]]

    @property
    def ai_paced_ms(self) -> int:
        """The part of an AI's turn its pauses may use (`paced_ms`)."""
        return paced_ms(self._values["ai_speed"], self.animation_factor)

    @property
    def animation_factor(self) -> float:
        """The scene's motion speed: the pace's, or 0 with Animations off."""
        return ANIMATION_FACTORS[self._values["ai_speed"]] if self._values["animations"] else 0.0


def _encoded(stored: dict, known: dict) -> bytes:
    """The file's bytes: readable, else compact, else without another version's keys, whichever
    first fits MAX_BYTES, so that what is written is always read back."""
    for value, indent in ((stored, 1), (stored, None), (known, None)):
        data = json.dumps(value, indent=indent, ensure_ascii=False,
                          separators=None if indent else (",", ":")).encode("utf-8")
        if len(data) <= MAX_BYTES:
            break
    return data


def _copy(value):
    """A value's own copy (a dict or list given to `set` may change later in the caller's hands)."""
    return json.loads(json.dumps(value)) if isinstance(value, dict | list) else value


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
