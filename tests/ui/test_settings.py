"""The settings file cannot hurt the app: whatever lies at ``settings.json`` (wrong
types, deep nesting, a huge file, a FIFO, a device, a folder), the settings come up with valid
values at once, a damaged file is set aside as ``settings.json.bad`` with a one-line notice, and
the app starts and opens games."""

from __future__ import annotations

import json
import os
import threading

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from ui.services import settings as settings_module
from ui.services.settings import DEFAULTS, MAX_BYTES, SCHEMA, Settings, nesting_depth, preferences


def _load(path, timeout=5.0) -> Settings:
    """Settings(path) on a thread, failing (not hanging) the test if it blocks."""
    out = []
    t = threading.Thread(target=lambda: out.append(Settings(path)), daemon=True)
    t.start()
    t.join(timeout)
    assert out, f"reading {path.name} blocked for {timeout} s"
    return out[0]


def _all_valid(s: Settings) -> None:
    for key, spec in SCHEMA.items():
        assert spec.problem(s.get(key)) is None, key


# -- the schema ------------------------------------------------------------------------------------
def test_every_key_has_a_type_a_range_a_default_and_a_label():
    for key, spec in SCHEMA.items():
        assert spec.key == key and spec.label, key
        assert spec.problem(spec.default) is None, f"{key}'s default is not valid for it"
        if spec.kind == "int":
            assert spec.minimum is not None and spec.maximum is not None and spec.minimum <= spec.maximum
        if spec.kind == "choice":
            assert len(spec.choices) >= 2 and all(label for _, label in spec.choices)
        if spec.kind == "text":
            assert spec.max_length > 0
        if spec.kind == "data":
            assert spec.check is not None
        assert spec.kind in ("bool", "int", "choice", "text", "data")
    assert DEFAULTS == {k: s.default for k, s in SCHEMA.items()}
    shown = [s.key for s in preferences()]
    assert "ai_speed" in shown and "confirm_turn" in shown and "window_geometry" not in shown


def test_set_refuses_a_value_outside_the_schema(tmp_path):
    s = Settings(tmp_path / "settings.json")
    for key, bad in (("ai_speed", "warp"), ("confirm_turn", 1), ("record_limit", 0), ("record_limit", True),
                     ("record_limit", 10_001), ("player_name", "x" * 41), ("player_name", "a\nb"),
                     ("window_geometry", 5), ("window_state", "not base64!"), ("last_game", "x"),
                     ("think_ms", 2.5)):
        with pytest.raises(ValueError):
            s.set(key, bad)
        assert s.get(key) == DEFAULTS[key]
    with pytest.raises(KeyError):
        s.set("no_such_key", 1)
    s.set("record_limit", 10_000)
    s.set("player_name", "𝕎" * 40)
    again = Settings(tmp_path / "settings.json")
    assert again.get("record_limit") == 10_000 and again.get("player_name") == "𝕎" * 40
    assert not again.notice


def test_a_write_killed_midway_leaves_no_temporary_file_for_long(tmp_path):
    s = Settings(tmp_path / "settings.json")
    stale, fresh = tmp_path / ".settings.json.dead.tmp", tmp_path / ".settings.json.live.tmp"
    stale.write_text("{")
    fresh.write_text("{")
    os.utime(stale, (0, 0))
    s.set("ai_speed", "fast")
    assert not stale.exists() and fresh.exists()  # a live one may be another app's write
    assert sorted(p.name for p in tmp_path.iterdir()) == [".settings.json.live.tmp", "settings.json"]


def test_every_key_at_its_longest_is_written_and_read_back(tmp_path):
    path = tmp_path / "settings.json"
    s = Settings(path)
    for key, spec in SCHEMA.items():
        if spec.kind == "text" and spec.stored:
            s.set(key, ("A" if spec.pattern else "𝕎") * spec.max_length)
        elif spec.kind == "int" and spec.stored:
            s.set(key, spec.maximum)
    s.set("last_game", {"game": "g" * 64, "seats": [{"name": chr(0x1D400 + i) * 40, "kind": "ai", "level": "l" * 20}
                                                    for i in range(8)]})
    again = Settings(path)
    assert not again.notice
    assert all(again.get(k) == s.get(k) for k in SCHEMA if SCHEMA[k].stored)
    # a newer Tycoons' keys that would not fit with ours are dropped rather than make the file unreadable
    path.write_text(json.dumps({"from_a_newer_tycoons": [1] * 200_000}, separators=(",", ":")))
    grown = Settings(path)
    assert not grown.notice
    grown.set("last_dir", "𝕎" * 32_768)
    assert not Settings(path).notice and Settings(path).get("last_dir") == "𝕎" * 32_768


def test_listeners_hear_of_changes(tmp_path):
    s = Settings(tmp_path / "settings.json")
    heard = []
    s.subscribe(lambda key, value: heard.append((key, value)))
    s.set("ai_speed", "fast")
    s.set("ai_speed", "fast")  # no change: nothing heard
    s.set("confirm_turn", False)
    assert heard == [("ai_speed", "fast"), ("confirm_turn", False)]


def test_the_name_limit_agrees_with_the_engine():
    from engine.core.names import NAME_LIMIT

    assert settings_module.NAME_LIMIT == NAME_LIMIT


def test_nesting_is_measured_without_parsing():
    assert nesting_depth('{"a": [1, {"b": "[[[[[["}]}') == 3
    assert nesting_depth("[" * 100_000) == 100_000


# -- the audit's cases -------------------------------------------------------------------------------
AUDIT = {
    "nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
    "an unhashable AI speed": '{"ai_speed": []}',
    "window geometry not text": '{"window_geometry": 5}',
    "window state not text": '{"window_state": {"a": 1}}',
    "last game not a record": '{"last_game": "x"}',
    "player name a number": '{"player_name": 5}',
    "record limit 1e30": '{"record_limit": 1e30}',
    "record limit NaN": '{"record_limit": NaN}',
    "AI speed Infinity": '{"ai_speed": Infinity, "confirm_turn": false}',
    "a huge number": '{"record_limit": ' + "9" * 5000 + "}",
    "not an object": "[1, 2, 3]",
    "not JSON": "{ai_speed: fast",
    "not text": b"\xff\xfe\x00garbage",
    "empty": "",
    "oversized": '{"last_dir": "' + "x" * (MAX_BYTES + 10) + '"}',
}


@pytest.mark.parametrize("case", sorted(AUDIT))
def test_a_damaged_file_is_set_aside_and_the_defaults_used(tmp_path, case):
    path = tmp_path / "settings.json"
    content = AUDIT[case]
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    s = _load(path)
    _all_valid(s)
    assert s.notice and "\n" not in s.notice and "settings.json.bad" in s.notice
    assert s.bad_path.read_bytes() == (content if isinstance(content, bytes) else content.encode())
    s.set("ai_speed", "slow")  # the settings work on: written to a fresh file
    assert Settings(path).get("ai_speed") == "slow"


def test_good_values_beside_a_bad_one_are_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"ai_speed": "fast", "confirm_turn": False, "player_name": 5,
                                "from_a_newer_tycoons": [1, 2]}))
    s = _load(path)
    assert s.get("ai_speed") == "fast" and s.get("confirm_turn") is False
    assert s.get("player_name") == DEFAULTS["player_name"]
    assert "your name" in s.notice and "kept" in s.notice
    stored = json.loads(path.read_text())
    assert stored["ai_speed"] == "fast" and "player_name" in stored
    assert stored["from_a_newer_tycoons"] == [1, 2]  # another version's keys are left alone
    assert json.loads(s.bad_path.read_text())["player_name"] == 5


def test_a_fifo_is_refused_without_waiting(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    s = _load(path)
    _all_valid(s)
    assert "not a regular file" in s.notice
    assert s.bad_path.exists() and not path.exists()


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/urandom", "/dev/null", "missing", "folder"])
def test_links_and_folders_are_refused(tmp_path, target):
    path = tmp_path / "settings.json"
    if target == "folder":
        path.mkdir()
        (path / "inside").write_text("{}")
    else:
        if target.startswith("/dev/") and not os.path.exists(target):
            pytest.skip(f"no {target} here")
        dest = target if target.startswith("/") else str(tmp_path / target)
        try:
            os.symlink(dest, path)
        except (OSError, NotImplementedError):
            pytest.skip("no symbolic links here")
    s = _load(path)
    _all_valid(s)
    assert s.notice
    assert os.path.lexists(s.bad_path)  # the link (or folder) itself, moved
    s.set("confirm_turn", False)
    assert Settings(path).get("confirm_turn") is False


def test_a_file_that_cannot_be_set_aside_is_left_alone(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("[" * 50)
    (tmp_path / "settings.json.bad").mkdir()  # in the way
    s = _load(path)
    _all_valid(s)
    assert "could not be set aside" in s.notice
    s.set("ai_speed", "fast")  # in memory only: the player's file is not written over
    assert s.get("ai_speed") == "fast" and path.read_text() == "[" * 50


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=50),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12)


@hyp_settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=st.dictionaries(st.sampled_from(sorted(SCHEMA) + ["other"]), json_values, max_size=6))
def test_fuzz_every_key_with_every_type(tmp_path_factory, values):
    path = tmp_path_factory.mktemp("fuzz") / "settings.json"
    path.write_text(json.dumps(values))
    s = _load(path)
    _all_valid(s)
    for key, value in values.items():
        spec = SCHEMA.get(key)
        if spec is not None and spec.stored and spec.problem(value) is None:
            assert s.get(key) == value  # a good value is kept
    if any(k in SCHEMA and SCHEMA[k].stored and SCHEMA[k].problem(v) is not None for k, v in values.items()):
        assert s.notice and s.bad_path.exists()
    else:
        assert not s.notice
    Settings(path)  # what it wrote back reads cleanly
    assert not Settings(path).notice


@hyp_settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=300) | st.text(alphabet='[]{}",:0123456789 aetrufnl\\', max_size=300)
       .map(str.encode))
def test_fuzz_raw_bytes(tmp_path_factory, raw):
    path = tmp_path_factory.mktemp("raw") / "settings.json"
    path.write_bytes(raw)
    _all_valid(_load(path))


# -- the app with such a file ------------------------------------------------------------------------
def _audit_file(path) -> None:
    path.write_text(json.dumps({"window_geometry": 5, "window_state": [], "last_game": "x", "player_name": 5,
                                "record_limit": 1e30, "ai_speed": [], "dock_layout": None}))


def test_the_app_starts_says_so_and_opens_games(qtbot, data_dir, monkeypatch):
    from engine.core.contract import SeatInfo
    from ui.app.shell import Shell
    from ui.dialogs.new_game import NewGameDialog

    path = data_dir / "settings.json"
    _audit_file(path)
    s = settings_module.reset_for_tests(path)
    s.set("ai_mode", "inline")
    shell = Shell(s, start_pool=False)
    qtbot.addWidget(shell.start)
    shell.show_start()
    assert shell.start.notice.isVisible() and "settings.json.bad" in shell.start.notice.text()
    # the features the audit found broken: the new-game dialog, New game, the game window
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: NewGameDialog.DialogCode.Accepted)
    window = shell.new_game(shell.start)
    assert window is not None and window.controller is not None
    qtbot.waitExposed(window)
    window.controller.close()
    window.close()
    again = shell.start_game("first-ceo", [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy"),
                                          SeatInfo("Cy", "ai", "easy")], {}, 1)
    assert again is not None
    again.controller.close()
    again.close()
    shell.start.close()


def test_a_data_folder_that_is_a_file_is_said_so(tmp_path):
    folder = tmp_path / "data"
    folder.write_text("a file where the data folder should be")
    s = _load(folder / "settings.json")
    _all_valid(s)
    assert "data folder" in s.notice and "is a file, not a folder" in s.notice and "\n" not in s.notice
    s.set("ai_speed", "fast")  # in memory only, and the file named as the folder is left alone
    assert s.get("ai_speed") == "fast" and folder.read_text() == "a file where the data folder should be"
