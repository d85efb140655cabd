"""The atomic store: the .bak copy, failed writes leave the previous save byte-identical, no
temporary file is left behind or mistaken for a save."""

from __future__ import annotations

import errno
import os
import time

import pytest

import saves.store as store
from saves import (
    SaveWriteError,
    backup_path,
    list_saves,
    read_session,
    write_session,
)
from tests.saves.helpers import TOY_GAME, finished_game, new_game, play


def temps(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.fixture
def two_games():
    return play(new_game(TOY_GAME, seed=1), 4), finished_game(TOY_GAME, seed=2)


def test_previous_save_is_kept_as_bak(tmp_path, two_games):
    a, b = two_games
    path = tmp_path / "g.tycoons"
    write_session(a, path)
    assert not backup_path(path).exists()
    first = path.read_bytes()
    write_session(b, path)
    assert backup_path(path).read_bytes() == first
    assert read_session(backup_path(path)).state.state_hash() == a.state.state_hash()
    assert read_session(path).state.state_hash() == b.state.state_hash()
    second = path.read_bytes()
    write_session(a, path)
    assert backup_path(path).read_bytes() == second
    assert temps(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.tycoons", "g.tycoons.bak"]


def test_write_creates_missing_folders(tmp_path, two_games):
    path = tmp_path / "a" / "b" / "g.tycoons"
    write_session(two_games[0], path)
    assert read_session(path).state.state_hash() == two_games[0].state.state_hash()


def _assert_untouched(path, old_bytes, folder):
    assert path.read_bytes() == old_bytes
    assert temps(folder) == []
    read_session(path)  # still a good save


def test_failed_replace_leaves_previous_save(tmp_path, two_games, monkeypatch):
    a, b = two_games
    path = tmp_path / "g.tycoons"
    write_session(a, path)
    old = path.read_bytes()
    real_replace = os.replace

    def failing_replace(src, dst):
        if os.fspath(dst) == str(path):
            raise OSError(errno.EIO, "Input/output error")
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(SaveWriteError) as info:
        write_session(b, path)
    assert info.value.reason.startswith("g.tycoons: could not be saved (Input/output error)")
    assert "\n" not in info.value.reason
    _assert_untouched(path, old, tmp_path)


@pytest.mark.parametrize("broken", ["encoder", "fsync", "write", "backup"])
def test_failed_write_leaves_previous_save(tmp_path, two_games, monkeypatch, broken):
    a, b = two_games
    path = tmp_path / "g.tycoons"
    write_session(a, path)
    write_session(a, path)  # a .bak exists as well
    old, old_bak = path.read_bytes(), backup_path(path).read_bytes()

    def boom(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    if broken == "encoder":
        monkeypatch.setattr(store, "encode_session", lambda session: 1 / 0)
    elif broken == "fsync":
        monkeypatch.setattr(os, "fsync", boom)
    elif broken == "write":
        monkeypatch.setattr(os, "fdopen", boom)
    else:
        monkeypatch.setattr(store, "_keep_backup", boom)
    with pytest.raises(SaveWriteError) as info:
        write_session(b, path)
    assert "previous save is unchanged" in info.value.reason
    _assert_untouched(path, old, tmp_path)
    if broken != "backup":
        assert backup_path(path).read_bytes() == old_bak


def test_unencodable_game_is_refused_cleanly(tmp_path, two_games, monkeypatch):
    a, b = two_games
    path = tmp_path / "g.tycoons"
    write_session(a, path)
    old = path.read_bytes()
    b.options = {"goal": object()}  # not an option's value: refused before it is encoded
    with pytest.raises(SaveWriteError, match="option 'goal' must be a whole number"):
        write_session(b, path)
    _assert_untouched(path, old, tmp_path)

    def unencodable(session, created=None):
        raise TypeError("can not serialize 'object' object")

    monkeypatch.setattr("saves.store.encode_session", unencodable)  # the real encoder raising
    with pytest.raises(SaveWriteError, match="could not be encoded"):
        write_session(a, path)
    _assert_untouched(path, old, tmp_path)


def test_backup_falls_back_to_copy_without_hard_links(tmp_path, two_games, monkeypatch):
    a, b = two_games
    path = tmp_path / "g.tycoons"
    write_session(a, path)
    first = path.read_bytes()

    def no_links(src, dst):
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    write_session(b, path)
    assert backup_path(path).read_bytes() == first
    assert temps(tmp_path) == []


def test_stale_temp_files_are_cleaned_and_never_listed(tmp_path, two_games):
    a, _ = two_games
    path = tmp_path / "g.tycoons"
    write_session(a, path)
    stale = tmp_path / ".g.tycoons.dead1234.tmp"
    fresh = tmp_path / ".g.tycoons.live5678.tmp"
    stale.write_bytes(path.read_bytes())
    fresh.write_bytes(b"partial")
    hour_ago = time.time() - 2 * 3600
    os.utime(stale, (hour_ago, hour_ago))
    assert list_saves(tmp_path) == [path]
    write_session(a, path)
    assert not stale.exists()  # left by a killed writer long ago
    assert fresh.exists()  # might belong to a writer still running
    assert list_saves(tmp_path) == [path]


def test_list_saves_newest_first(tmp_path, two_games):
    a, b = two_games
    p1 = write_session(a, tmp_path / "one.tycoons")
    p2 = write_session(b, tmp_path / "two.tycoons")
    os.utime(p1, (time.time() - 100, time.time() - 100))
    assert list_saves(tmp_path) == [p2, p1]
    assert list_saves(tmp_path / "missing") == []
