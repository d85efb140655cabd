"""Every option of every game, and its rules version, has a declared range in game.toml; the API
refuses a value outside it (BadSetup), saves refuse it (CorruptSave, the saves package's own
error), and a value at either end of the range plays, saves and loads."""

from __future__ import annotations

import pytest

from engine.core import Session, game_ids, get_spec
from engine.core.assets import load_toml
from engine.core.errors import BadSetup
from saves import CorruptSave, SaveError, SaveTooNew, SaveWriteError, read_session, write_session
from saves.envelope import build_payload, encode_container
from tests.saves.helpers import play

GAMES = sorted(game_ids())


def _names(spec) -> list[str]:
    return ["Ann", "Bob", "Cy", "Dee", "Eli", "Fay"][: spec.min_players]


def _beyond(option) -> list:
    """Values just outside `option`'s range, and of the wrong type."""
    if isinstance(option.default, bool):
        return [1, 0, "true", None]
    if isinstance(option.default, int):
        return [option.minimum - 1, option.maximum + 1, -(2**63), 2**64 - 1, True, 1.0, str(option.default)]
    return [object.__name__, 7]


def _at(option) -> list:
    if option.minimum is not None:
        return [option.minimum, option.maximum]
    return list(option.choices)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_and_the_rules_version_declare_their_range_in_game_toml(game_id):
    data = load_toml(game_id, "game.toml")
    spec = get_spec(game_id)
    assert type(data["oldest_rules_version"]) is int and 0 <= data["oldest_rules_version"] <= data["rules_version"]
    for raw, option in zip(data.get("option", ()), spec.options, strict=True):
        if type(raw["default"]) is int:
            assert type(raw["min"]) is int and type(raw["max"]) is int and raw["min"] <= raw["default"] <= raw["max"]
            assert (option.minimum, option.maximum) == (raw["min"], raw["max"])
        else:
            assert raw["default"] in raw["choices"] and option.choices == tuple(raw["choices"])


def test_an_option_without_a_range_is_refused_when_the_game_loads():
    from engine.core.assets import _option

    with pytest.raises(ValueError, match="min and a max"):
        _option("x", {"key": "limit", "label": "Limit", "default": 3})
    with pytest.raises(ValueError, match="choices"):
        _option("x", {"key": "on", "label": "On", "default": True})


@pytest.mark.parametrize("game_id", [g for g in GAMES if get_spec(g).options])
def test_options_at_the_ends_of_their_range_play_save_and_load(game_id, tmp_path):
    spec = get_spec(game_id)
    for option in spec.options:
        for value in _at(option):
            session = play(Session.new(game_id, _names(spec), {option.key: value}, seed=3), 12, 3)
            path = write_session(session, tmp_path / f"{option.key}-{value}.tycoons")
            loaded = read_session(path)
            assert loaded.options[option.key] == value and type(loaded.options[option.key]) is type(value)
            assert loaded.state.state_hash() == session.state.state_hash()


@pytest.mark.parametrize("game_id", [g for g in GAMES if get_spec(g).options])
def test_options_beyond_their_range_are_refused_by_the_api_and_by_saves(game_id, tmp_path):
    spec = get_spec(game_id)
    good = play(Session.new(game_id, _names(spec), seed=3), 12, 3)
    for option in spec.options:
        for value in _beyond(option):
            with pytest.raises(BadSetup, match=option.key):
                Session.new(game_id, _names(spec), {option.key: value}, seed=3)
            payload = build_payload(good)
            payload["options"][option.key] = value
            path = tmp_path / "forged.tycoons"
            path.write_bytes(encode_container(payload))  # its checksum recomputed: only the range refuses it
            with pytest.raises(SaveError) as info:
                read_session(path)
            assert type(info.value) is CorruptSave and "malformed" in info.value.reason
            forged = Session(good.spec, good.seats, dict(good.options, **{option.key: value}), good.seed, good.state)
            with pytest.raises(SaveWriteError):  # the app never writes what it could not read back
                write_session(forged, tmp_path / "never.tycoons")
            assert not (tmp_path / "never.tycoons").exists()


def test_the_robber_barons_turn_limit_of_the_audit(tmp_path):
    """The audit's case: turn_limit -1, -2**63 or True with a recomputed hash used to load and play."""
    spec = get_spec("robber-barons")
    good = play(Session.new("robber-barons", ["Ann", "Bob"], seed=5), 10, 5)
    for value in (-1, -(2**63), True):
        payload = build_payload(good)
        payload["options"]["turn_limit"] = value
        path = tmp_path / "turns.tycoons"
        path.write_bytes(encode_container(payload))
        with pytest.raises(CorruptSave, match="turn_limit"):
            read_session(path)
    assert spec.options[0].range_text == "0–5,000"


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_versions_at_and_beyond_their_range(game_id, tmp_path):
    spec = get_spec(game_id)
    session = play(Session.new(game_id, _names(spec), seed=4), 8, 4)
    path = tmp_path / "rules.tycoons"
    for version, refused in ((spec.rules_version, None), (spec.oldest_rules_version - 1, CorruptSave),
                             (-1, CorruptSave), (-(2**63), CorruptSave), (spec.rules_version + 1, SaveTooNew),
                             (2**64 - 1, SaveTooNew)):
        payload = build_payload(session)
        payload["rules_version"] = version
        path.write_bytes(encode_container(payload))
        if refused is None:
            assert read_session(path).state.state_hash() == session.state.state_hash()
        else:
            with pytest.raises(SaveError) as info:
                read_session(path)
            assert type(info.value) is refused, info.value.reason
            assert f"{version:,}" in info.value.reason or str(version) in info.value.reason
