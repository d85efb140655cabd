"""Older save formats are migrated on load; the migration registry chains steps in order."""

from __future__ import annotations

import pytest

import saves.migrations as migrations
from saves import CorruptSave, read_save, read_session, write_session
from saves.envelope import FORMAT_VERSION, build_payload, encode_container, open_envelope
from saves.migrations import MIGRATIONS, migration, upgrade
from tests.saves.helpers import REAL_GAME, finished_game, log_dicts, new_game, play
from tests.saves.make_fixtures import (
    CREATED,
    FIXTURE_HINTS,
    FIXTURES,
    fixture_session,
    format0_bytes,
    format0_payload,
)
from ui.cli import main


def test_there_is_a_path_from_every_old_format():
    assert FORMAT_VERSION == 2
    assert all(v in MIGRATIONS for v in range(FORMAT_VERSION))


def test_format0_of_a_real_game_loads(tmp_path):
    session = finished_game(REAL_GAME, seed=6)
    path = tmp_path / "old.tycoons"
    path.write_bytes(format0_bytes(session))
    loaded = read_save(path)
    assert loaded.format == 0
    s = loaded.session
    assert s.state.state_hash() == session.state.state_hash()
    assert log_dicts(s) == log_dicts(session)
    assert [x.to_dict() for x in s.seats] == [x.to_dict() for x in session.seats]
    assert s.options == session.options  # format 0 had no options: the defaults
    assert loaded.saved.created == CREATED
    assert loaded.saved.rules_version == 1
    # reading changed nothing; saving again writes the current format
    assert path.read_bytes() == format0_bytes(session)
    write_session(s, path)
    assert open_envelope(path.read_bytes()).format == FORMAT_VERSION
    assert read_session(path).state.state_hash() == session.state.state_hash()


def test_format0_mid_game_with_humans_only(tmp_path):
    session = play(new_game(REAL_GAME, seed=3, seats=["Ann", "Bob", "Cy"]), 9)
    payload = format0_payload(session)
    del payload["ai"]  # format 0 wrote no "ai" list when every seat was human
    path = tmp_path / "old.tycoons"
    path.write_bytes(encode_container(payload, format_version=0))
    loaded = read_session(path)
    assert loaded.state.state_hash() == session.state.state_hash()
    assert all(not s.is_ai for s in loaded.seats)


def test_committed_format0_fixture(capsys):
    path = FIXTURES / "toy-race-format0.tycoons"
    loaded = read_save(path)
    assert loaded.format == 0
    assert loaded.session.state.state_hash() == fixture_session().state.state_hash()
    assert main(["check-save", str(path)]) == 0
    assert "Toy Race; 3 players: Ann (human), Bob (AI, easy), Cy (AI, normal)" in capsys.readouterr().out


def test_committed_format1_fixture():
    """Format 1 (before hints were recorded) is migrated: the same game, no hints used."""
    loaded = read_save(FIXTURES / "toy-race-format1.tycoons")
    assert loaded.format == 1
    assert loaded.saved.created == CREATED
    session = fixture_session()
    assert loaded.session.state.state_hash() == session.state.state_hash()
    assert log_dicts(loaded.session) == log_dicts(session)
    assert loaded.saved.hints == [] and loaded.session.hints == []


def test_committed_format2_fixture():
    """The current format must keep reading the files it wrote before, hints included."""
    loaded = read_save(FIXTURES / "toy-race-format2.tycoons")
    assert loaded.format == 2
    assert loaded.saved.created == CREATED
    session = fixture_session()
    assert loaded.session.state.state_hash() == session.state.state_hash()
    assert log_dicts(loaded.session) == log_dicts(session)
    assert loaded.session.hints == FIXTURE_HINTS
    assert loaded.session.hints_used(0) == 2 and loaded.session.hints_used(1) == 0


def test_a_format1_payload_with_hints_is_not_format1(tmp_path):
    payload = build_payload(fixture_session(), created=CREATED)
    path = tmp_path / "odd.tycoons"
    path.write_bytes(encode_container(payload, format_version=1))
    with pytest.raises(CorruptSave, match="does not fit save format 1"):
        read_save(path)
    del payload["hints"]
    path.write_bytes(encode_container(payload, format_version=1))
    assert read_save(path).session.hints == []


@pytest.mark.parametrize("damage", ["no players", "bad move", "ai length", "bad args", "not a map"])
def test_malformed_format0_is_corrupt(tmp_path, damage):
    payload = format0_payload(finished_game(REAL_GAME, seed=6))
    if damage == "no players":
        del payload["players"]
    elif damage == "bad move":
        payload["moves"][3] = ["acquire", 0]
    elif damage == "ai length":
        payload["ai"] = [None]
    elif damage == "bad args":
        payload["moves"][0][2] = 5
    else:
        payload = [payload]
    path = tmp_path / "old.tycoons"
    path.write_bytes(encode_container(payload, format_version=0))
    with pytest.raises(CorruptSave) as info:
        read_session(path)
    assert "old.tycoons: " in info.value.reason
    expected = "its payload is not a map" if damage == "not a map" else "does not fit save format 0"
    assert expected in info.value.reason


def test_upgrade_chains_steps_in_order(monkeypatch):
    monkeypatch.setattr(migrations, "MIGRATIONS", dict(MIGRATIONS))
    v = FORMAT_VERSION  # steps beyond the real ones
    seen = []

    @migration(v)
    def one_to_two(p):
        seen.append(1)
        return {**p, "two": True}

    @migration(v + 1)
    def two_to_three(p):
        seen.append(2)
        assert p["two"]
        return {**p, "three": True}

    assert upgrade({"x": 1}, v, to_version=v + 2) == {"x": 1, "two": True, "three": True}
    assert seen == [1, 2]
    with pytest.raises(ValueError, match="already registered"):
        migration(v)(lambda p: p)
    with pytest.raises(CorruptSave, match=f"format {v + 2}, which this version cannot convert"):
        upgrade({}, v + 2, to_version=v + 3)
