"""The record of games played (saves/record.py): every finished game kept once, listed newest
first; damaged, foreign and unknown files skipped with a note; the limit prunes only unmarked games."""

import os

import pytest

from engine.core.contract import SeatInfo
from saves import read_session
from saves.envelope import build_payload, encode_container
from saves.record import (
    KEPT_SUFFIX,
    prune,
    read_record,
    record_dir,
    record_game,
    recorded_path,
    set_kept,
    win_rates,
)
from tests.saves.helpers import finished_game, new_game, play


def _finished(seed, seats=None, created=None):
    s = play(new_game(seed=seed, seats=seats), None, seed)
    return s


def _record(folder, seed, created, seats=None):
    """Record a finished game as if it had ended at `created` (the listing's order)."""
    s = _finished(seed, seats)
    path = record_game(s, folder, limit=1000)
    path.write_bytes(encode_container(build_payload(s, created)))
    return path, s


def test_a_finished_game_is_recorded_once_and_reviews_from_its_file(user_data):
    s = finished_game(seed=3)
    path = record_game(s)
    assert path.parent == record_dir() and path.is_file()
    assert record_game(s) == path  # again (a reload, a redo of the last decision): no second copy
    assert len(list(record_dir().iterdir())) == 1
    assert read_session(path).state.state_hash() == s.state.state_hash()
    assert path.stat().st_size < 32_000  # small: the log, not the states
    entry, = read_record().entries
    assert entry.game == "first-ceo" and entry.title == "1st CEO"
    assert [x.name for x in entry.seats] == ["Ann", "Bob", "Cy"]
    assert entry.winners == s.state.outcome().winners
    assert entry.scores == [float(x) for x in s.state.outcome().scores]
    assert entry.when is not None and not entry.kept


def test_the_same_game_recorded_by_two_apps_at_once_leaves_one_file(tmp_path, monkeypatch):
    """Two Tycoons on one folder recording one game: the other's file lands between this one's
    look and its write. The game is still one file, with no backup beside it."""
    import saves.record as record

    s = finished_game(seed=3)
    real_write = record.write_encoded

    def other_app_first(data, path):
        real_write(data, path)  # the other Tycoons' write
        return real_write(data, path)

    monkeypatch.setattr(record, "write_encoded", other_app_first)
    path = record_game(s, tmp_path)
    assert os.listdir(tmp_path) == [path.name]
    assert read_record(tmp_path).entries[0].path == path


def test_an_unfinished_game_is_not_recorded(user_data):
    with pytest.raises(ValueError):
        record_game(play(new_game(seed=2), 10))


def test_the_record_survives_damaged_and_foreign_files(tmp_path):
    good, _ = _record(tmp_path, 1, "2026-11-01T10:00:00Z")
    other, _ = _record(tmp_path, 2, "2026-11-02T10:00:00Z")
    damaged = tmp_path / "first-ceo-damaged.tycoons"
    data = bytearray(other.read_bytes())
    data[len(data) // 2] ^= 0xFF
    damaged.write_bytes(bytes(data))
    (tmp_path / "first-ceo-cut.tycoons").write_bytes(other.read_bytes()[:100])
    (tmp_path / "notes.txt").write_text("my notes")
    (tmp_path / "empty.tycoons").write_bytes(b"")
    (tmp_path / "a-folder.tycoons").mkdir()
    unknown = finished_game(seed=4)
    payload = build_payload(unknown)
    payload["game"] = "captains-of-the-future"
    (tmp_path / "unknown.tycoons").write_bytes(encode_container(payload))
    unfinished = build_payload(play(new_game(seed=5), 5))
    (tmp_path / "unfinished.tycoons").write_bytes(encode_container(unfinished))
    record = read_record(tmp_path)
    assert [e.path for e in record.entries] == [other, good]  # newest first
    noted = " ".join(record.notes)
    for name in ("first-ceo-damaged.tycoons", "first-ceo-cut.tycoons", "notes.txt", "empty.tycoons",
                 "a-folder.tycoons", "unknown.tycoons", "unfinished.tycoons"):
        assert name in noted
    assert "checksum" in noted and "does not have" in noted and "not a finished game" in noted
    assert len(record.notes) == 7
    # pruning to one game deletes the older good one only, never a file it cannot read
    assert prune(tmp_path, 1) == [good]
    assert damaged.is_file() and (tmp_path / "notes.txt").is_file() and (tmp_path / "unknown.tycoons").is_file()


def test_the_limit_never_deletes_a_kept_game(tmp_path):
    paths = [_record(tmp_path, seed, f"2026-11-0{seed}T10:00:00Z")[0] for seed in range(1, 6)]
    kept = set_kept(paths[0], True)  # the oldest
    assert kept.name.endswith(KEPT_SUFFIX) and not paths[0].exists()
    assert read_record(tmp_path).entries[-1].kept
    deleted = prune(tmp_path, 2)
    assert sorted(deleted) == sorted(paths[1:3])
    left = read_record(tmp_path).entries
    assert [e.path for e in left] == [paths[4], paths[3], kept]
    assert prune(tmp_path, 0) == [paths[4], paths[3]]
    assert [e.path for e in read_record(tmp_path).entries] == [kept]
    back = set_kept(kept, False)
    assert back == paths[0] and set_kept(back, False) == back


def test_recording_prunes_to_the_limit(tmp_path):
    for seed in range(1, 4):
        _record(tmp_path, seed, f"2026-11-0{seed}T10:00:00Z")
    newest = record_game(_finished(9), tmp_path, limit=2)
    assert len(read_record(tmp_path).entries) == 2
    assert newest.is_file()


def test_win_rates_per_game_and_ai_level(tmp_path):
    seats = [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy"), SeatInfo("Cy", "ai", "normal")]
    results = {}
    for seed in range(1, 7):
        path, s = _record(tmp_path, seed, f"2026-11-0{seed}T10:00:00Z", seats)
        results[seed] = 0 in s.state.outcome().winners
    all_ai = [SeatInfo("A", "ai", "easy"), SeatInfo("B", "ai", "easy"), SeatInfo("C", "ai", "hard")]
    _record(tmp_path, 7, "2026-11-07T10:00:00Z", all_ai)
    rates = win_rates(read_record(tmp_path).entries)
    wins = sum(results.values())
    assert set(rates) == {"1st CEO"}
    assert set(rates["1st CEO"]) == {"easy", "normal"}  # the all-AI game counts for nobody
    for level in ("easy", "normal"):
        assert rates["1st CEO"][level].games == 6
        assert rates["1st CEO"][level].wins == wins
        assert rates["1st CEO"][level].percent == pytest.approx(100 * wins / 6)


def test_an_unreadable_record_folder_is_empty(tmp_path):
    assert read_record(tmp_path / "missing").entries == []
    (tmp_path / "file").write_text("x")
    assert read_record(tmp_path / "file").entries == []
    assert os.listdir(tmp_path) == ["file"]


def test_an_analysis_beside_a_recorded_game_follows_it(tmp_path):
    """The analysis kept beside a recorded game (ai/analysis.py) is not a game of the record; it
    is renamed with its game when the game is marked to keep and deleted with it when pruned."""
    paths = [_record(tmp_path, seed, f"2026-11-0{seed}T10:00:00Z")[0] for seed in range(1, 4)]
    sidecars = [p.with_name(p.name + ".analysis") for p in paths]
    for sidecar in sidecars:
        sidecar.write_text("{}")
    record = read_record(tmp_path)
    assert len(record.entries) == 3 and record.notes == []
    kept = set_kept(paths[0], True)
    assert not sidecars[0].exists() and kept.with_name(kept.name + ".analysis").is_file()
    assert prune(tmp_path, 1) == [paths[1]]
    assert not sidecars[1].exists() and sidecars[2].is_file()
    back = set_kept(kept, False)
    assert back.with_name(back.name + ".analysis").is_file()


def test_recorded_path(tmp_path):
    path, s = _record(tmp_path, 1, "2026-11-01T10:00:00Z")
    assert recorded_path(s, tmp_path) == path
    kept = set_kept(path, True)
    assert recorded_path(s, tmp_path) == kept
    assert recorded_path(_finished(2), tmp_path) is None
