"""Files built to hurt the app: each is refused in one line (or loaded
correctly) at a cost bounded by its size; a long legal log replays in proportion to its length;
only SaveError leaves `read_session`; chance outcomes must be the seed's; file-system oddities
are named for what they are."""

from __future__ import annotations

import os
import time
import tracemalloc

import msgpack
import pytest

from engine.core import CHANCE, Session
from engine.core.contract import SeatInfo
from engine.core.session import UNDO_DEPTH
from saves import CorruptSave, ReplayFailed, SaveError, SaveWriteError, read_session, write_session
from saves.check import check_save_command
from saves.envelope import MAGIC, build_payload, encode_container
from saves.errors import REASON_LIMIT
from saves.store import backup_path, describe_save, remove_leftover_temps
from tests.saves.helpers import REAL_GAME, finished_game, long_session, new_game, play
from tests.saves.test_fuzz import good_payload, refused

MB = 1024 * 1024


def peak_python_memory(fn) -> tuple[object, float]:
    """`fn()`'s result (or exception) and the peak of Python allocations while it ran, in MB."""
    tracemalloc.start()
    try:
        try:
            result = fn()
        except Exception as exc:  # noqa: BLE001 - handed back to the test
            result = exc
        return result, tracemalloc.get_traced_memory()[1] / MB
    finally:
        tracemalloc.stop()


def read_refused(path) -> SaveError:
    err, peak = peak_python_memory(lambda: read_session(path))
    assert isinstance(err, SaveError), err
    return err, peak


# -- 3: bounded cost before and after the checksum ----------------------------------------------
def test_a_container_of_millions_of_empty_arrays_costs_little(tmp_path):
    n = 3_000_000  # 3 MB of file; decoded as lists it would be some 200 MB
    path = tmp_path / "arrays.tycoons"
    path.write_bytes(MAGIC + b"\xdd" + n.to_bytes(4, "big") + b"\x90" * n)
    err, peak = read_refused(path)
    assert isinstance(err, CorruptSave)
    assert peak < 30, f"{peak:.0f} MB to refuse a 3 MB file"


@pytest.mark.parametrize("field", ["game", "options", "log", "seats", "summary", "junk"])
def test_a_checksummed_payload_of_empty_arrays_costs_little(tmp_path, field):
    """The checksum is only a check against damage: a forger recomputes it."""
    n = 3_000_000
    payload = good_payload()
    payload[field] = [[] for _ in range(10)]
    body = msgpack.packb(payload)
    # splice n empty arrays in place of the 10 (packb of the real list would take the memory)
    small = msgpack.packb([[] for _ in range(10)])
    big = b"\xdd" + n.to_bytes(4, "big") + b"\x90" * n
    assert body.count(small) == 1
    data = encode_container_raw(body.replace(small, big))
    path = tmp_path / "payload.tycoons"
    path.write_bytes(data)
    err, peak = read_refused(path)
    assert isinstance(err, CorruptSave), err
    assert peak < 40, f"{peak:.0f} MB to refuse a 3 MB file"
    assert len(err.reason) < 400


def encode_container_raw(body: bytes) -> bytes:
    """A container around already-packed payload bytes, with a correct checksum."""
    from saves.envelope import app_version, checksum

    app = app_version()
    return MAGIC + msgpack.packb({"format": 1, "app": app, "payload": body,
                                  "checksum": checksum(1, app, body)}, use_bin_type=True)


def test_a_ten_megabyte_game_id_is_refused_in_a_short_line(tmp_path):
    payload = good_payload()
    payload["game"] = "x" * (10 * MB)
    path = tmp_path / "long-id.tycoons"
    path.write_bytes(encode_container(payload))
    err = refused(path.read_bytes(), CorruptSave)
    assert "game id" in err.reason or "far more than" in err.reason
    assert len(err.reason) < 400


def test_every_reason_is_cut_to_a_sensible_length():
    err = CorruptSave("x" * 100_000, "/some/" + "y" * 5000 + ".tycoons")
    assert len(err.reason) < REASON_LIMIT + 200 and "\n" not in err.reason


def test_a_decision_larger_than_any_real_one_is_refused(tmp_path):
    payload = good_payload()
    payload["log"][3]["action"]["args"] = [7] * 5000
    err = refused(encode_container(payload), CorruptSave)
    assert "decision 4" in err.reason


# -- 4: a long legal log replays in proportion to its length ------------------------------------
def test_replay_keeps_undo_snapshots_only_inside_the_undo_window(tmp_path):
    session = long_session(3 * UNDO_DEPTH)
    path = write_session(session, tmp_path / "long.tycoons")
    loaded = read_session(path)
    assert loaded.state.state_hash() == session.state.state_hash()
    kept = sum(1 for s in loaded._snapshots if s is not None)
    assert kept <= UNDO_DEPTH, f"{kept} copies of the state for {len(loaded.log)} decisions"
    # the window is still there: the last decisions undo, exactly
    hashes = []
    while loaded.can_undo():
        hashes.append(loaded.state.state_hash())
        loaded.undo()
    assert 0 < len(hashes) <= UNDO_DEPTH
    assert len(set(hashes[:2])) == 2


def test_a_live_game_keeps_at_most_the_undo_depth_of_copies():
    session = long_session(UNDO_DEPTH + 50)
    assert sum(1 for s in session._snapshots if s is not None) <= UNDO_DEPTH


def test_replay_memory_grows_with_the_log_not_its_square(tmp_path):
    short, long = long_session(1000), long_session(4000)
    peaks = []
    for s in (short, long):
        path = write_session(s, tmp_path / f"l{len(s.log)}.tycoons")
        loaded, peak = peak_python_memory(lambda p=path: read_session(p))
        assert isinstance(loaded, Session)
        peaks.append(peak)
    assert peaks[1] < 6 * peaks[0], peaks  # 4x the log: about 4x the memory, never 16x


# -- 5: one kind of error -----------------------------------------------------------------------
def test_mixed_type_option_keys_are_a_save_error(tmp_path):
    payload = good_payload()
    payload["options"] = {"a": 1, 2: "b"}
    refused(encode_container(payload), CorruptSave)


def test_actions_nested_500_deep_are_a_save_error():
    payload = good_payload()
    deep = [1]
    for _ in range(500):
        deep = [deep]
    payload["log"][3]["action"]["args"] = [deep]
    refused(encode_container(payload), CorruptSave)


@pytest.mark.parametrize("saved", [float("inf"), float("nan"), 2**63, -(2**63)])
def test_impossible_timestamps_of_old_formats_are_an_unknown_time(tmp_path, saved):
    """Format 0 stored the time as a number; one no clock can show is not a broken game."""
    session = finished_game("toy-race", seed=2)
    log = [[e.action.kind, e.action.seat, list(e.action.args), e.by_ai] for e in session.log]
    old = {"game": "toy-race", "players": session.names, "ai": [s.level for s in session.seats],
           "seed": session.seed, "moves": log, "hash": session.state.state_hash(), "saved": saved}
    path = tmp_path / "old.tycoons"
    path.write_bytes(encode_container(old, format_version=0))
    assert read_session(path).state.state_hash() == session.state.state_hash()
    assert "unknown time" in describe_save(path)


def test_check_save_calls_a_year_one_save_good_in_any_time_zone(tmp_path, monkeypatch, capsys):
    session = finished_game(REAL_GAME, seed=2)
    path = tmp_path / "year1.tycoons"
    path.write_bytes(encode_container(build_payload(session, created="0001-01-01T00:00:00Z")))
    for zone in ("America/New_York", "Asia/Tokyo", "UTC"):
        monkeypatch.setenv("TZ", zone)
        time.tzset()
        assert check_save_command(str(path)) == 0, capsys.readouterr().err
        assert capsys.readouterr().out.startswith("OK ")
    monkeypatch.delenv("TZ")
    time.tzset()


def test_check_save_refuses_control_characters_in_names_in_one_line(tmp_path, capsys):
    """A name is one line (engine/core/names.py): the API refuses one with control characters,
    and a crafted file holding one is refused in a line that does not carry them."""
    with pytest.raises(ValueError):
        new_game(REAL_GAME, seed=2, seats=[SeatInfo("Ann\n\x1b[2JEvil\rX"), SeatInfo("Bob"), SeatInfo("Cy")])
    payload = build_payload(play(new_game(REAL_GAME, seed=2), 10))
    payload["seats"][0]["name"] = "Ann\n\x1b[2JEvil\rX"
    path = tmp_path / "names.tycoons"
    path.write_bytes(encode_container(payload))
    assert check_save_command(str(path)) != 0
    out = capsys.readouterr()
    text = out.out + out.err
    assert text.count("\n") == 1 and "\x1b" not in text and "\r" not in text
    assert "name of player 1" in text


# -- 6: no stuck games, no edited dice ------------------------------------------------------------
def forge_last_chance(session: Session) -> bytes:
    """The save with its last chance outcome replaced by another legal one, hash recomputed."""
    payload = build_payload(session, created="2026-11-30T12:00:00Z")
    replay = Session.new(session.spec.id, session.seats, session.options, session.seed, auto_chance=False)
    last = max(i for i, e in enumerate(session.log) if e.action.seat == CHANCE)
    for i, entry in enumerate(session.log):
        action = entry.action
        if i == last:
            others = [a for a, _ in replay.state.chance_outcomes() if a != action]
            assert others, "the last chance decision had only one outcome"
            action = others[0]
            payload["log"][i]["action"] = action.to_dict()
        replay.state.apply(action)
        if i >= last:
            payload["log"] = payload["log"][: i + 1]
            break
    payload["state_hash"] = replay.state.state_hash()
    return encode_container(payload)


@pytest.mark.parametrize("game_id", ["first-ceo", "robber-barons", "victory-through-industry", "toy-race"])
def test_an_edited_chance_outcome_is_refused(game_id):
    from engine.core import get_spec

    spec = get_spec(game_id)
    session = play(Session.new(game_id, [f"P{i}" for i in range(spec.max_players)], seed=4), 60, seed=4)
    err = refused(forge_last_chance(session), ReplayFailed)
    assert "seed gives" in err.reason


def test_a_log_ending_at_a_chance_decision_resolves_it_on_load(tmp_path):
    session = play(new_game(REAL_GAME, seed=3), 40, seed=3)
    # cut the log just before a chance outcome that follows a player's decision
    cut = max(i for i, e in enumerate(session.log) if e.action.seat == CHANCE and i > 0
              and session.log[i - 1].action.seat != CHANCE)
    short = Session.replay(REAL_GAME, session.seats, session.options, session.seed,
                           session.actions()[:cut])
    assert short.state.to_move() == CHANCE
    path = write_session(short, tmp_path / "at-chance.tycoons")
    loaded = read_session(path)
    assert loaded.state.to_move() != CHANCE
    assert loaded.actions() == session.actions()[: len(loaded.log)]


# -- 7: file-system edges -------------------------------------------------------------------------
def test_leftover_temporary_files_are_removed_at_start(tmp_path):
    game = write_session(new_game(), tmp_path / "g.tycoons")
    old = time.time() - 600
    leftovers = [tmp_path / f".g.tycoons.dead{i:04d}.tmp" for i in range(60)]
    leftovers.append(tmp_path / ".g.tycoons.bak.dead.tmp")
    for p in leftovers:
        p.write_bytes(b"x" * 40_000)
        os.utime(p, (old, old))
    fresh = tmp_path / ".other.tycoons.live.tmp"  # a write in progress right now
    fresh.write_bytes(b"y")
    unrelated = tmp_path / ".notes.tmp"
    unrelated.write_bytes(b"z")
    os.utime(unrelated, (old, old))
    assert remove_leftover_temps(tmp_path) == 61
    assert sorted(p.name for p in tmp_path.iterdir()) == [".notes.tmp", ".other.tycoons.live.tmp", game.name]


def test_a_backup_path_that_is_a_folder_is_named(tmp_path):
    path = write_session(new_game(), tmp_path / "g.tycoons")
    before = path.read_bytes()
    backup_path(path).mkdir()
    with pytest.raises(SaveWriteError) as info:
        write_session(play(new_game(), 5), path)
    assert "backup" in info.value.reason and "is a folder" in info.value.reason
    assert path.read_bytes() == before


def test_a_data_folder_that_is_a_file_is_named(tmp_path):
    data = tmp_path / "data"
    data.write_bytes(b"not a folder")
    with pytest.raises(SaveWriteError) as info:
        write_session(new_game(), data / "saves" / "g.tycoons")
    assert f"{data} should be a folder but is a file" in info.value.reason
    assert data.read_bytes() == b"not a folder"


def test_a_save_path_that_is_a_symlink_is_written_through(tmp_path):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    real = write_session(new_game(), real_dir / "g.tycoons")
    link = tmp_path / "link.tycoons"
    link.symlink_to(real)
    session = play(new_game(), 8)
    write_session(session, link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert read_session(real).state.state_hash() == session.state.state_hash()
    assert backup_path(real).exists()  # the backup sits beside the real file


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_save_that_becomes_a_fifo_after_its_check_is_refused_without_waiting(tmp_path, monkeypatch):
    """The name checked as a regular file, then swapped for a FIFO before it is opened (two
    Tycoons, or anything else, changing the folder meanwhile): refused, never waited on."""
    import saves.store as store

    regular = tmp_path / "regular.tycoons"
    regular.write_bytes(MAGIC)
    fifo = tmp_path / "game.tycoons"
    os.mkfifo(fifo)
    real_stat = os.stat
    monkeypatch.setattr(store.os, "stat", lambda p, *a, **k: real_stat(regular if os.fspath(p) == os.fspath(fifo)
                                                                         else p, *a, **k))
    with pytest.raises(SaveError, match="not a regular file"):
        store.read_bytes(fifo)
