"""The record's index (saves/record_index.py): written atomically beside games/, rebuilt when it is
missing, damaged or stale, so that only new or changed files are ever decoded; results the app
did not record itself stay unchecked until their files are replayed."""

from __future__ import annotations

import io
import os
import threading

import pytest

from saves import read_session
from saves.envelope import build_payload, encode_container
from saves.errors import SaveError
from saves.record import (
    KEPT_SUFFIX,
    MAX_LIMIT,
    claim_held,
    prune,
    read_entry,
    read_record,
    record_game,
    set_kept,
    verify,
    win_rates,
)
from saves.record_index import index_path, load_index
from tests.saves.helpers import big_record, finished_game, new_game, play


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "games"


def test_the_index_lies_beside_the_folder_and_spares_decoding(folder):
    paths = big_record(folder, 30)
    first = read_record(folder)
    assert len(first.entries) == 30 and first.decoded == 30 and not first.notes
    assert index_path(folder) == folder.parent / "games.index" and index_path(folder).is_file()
    assert not [n for n in os.listdir(folder.parent) if n.endswith(".tmp")]
    again = read_record(folder)
    assert again.decoded == 0
    assert [e.path for e in again.entries] == [e.path for e in first.entries] == paths  # newest first
    assert [(e.winners, e.scores, e.seats) for e in again.entries] == \
        [(e.winners, e.scores, e.seats) for e in first.entries]


def test_a_stale_index_is_brought_in_step_file_by_file(folder):
    paths = big_record(folder, 10)
    read_record(folder)
    os.unlink(paths[0])  # a file gone
    big_record(folder.parent / "more", 1)[0].rename(folder / "robber-barons-new.tycoons")  # a file added
    payload = build_payload(finished_game(seed=5))
    paths[3].write_bytes(encode_container(payload))  # a file changed
    record = read_record(folder)
    assert record.decoded == 2 and len(record.entries) == 10
    assert sum(e.game == "first-ceo" for e in record.entries) == 1
    assert paths[0] not in [e.path for e in record.entries]
    assert read_record(folder).decoded == 0


@pytest.mark.parametrize("damage", ["garbage", "truncated", "folder", "fifo", "wrong rows", "huge numbers"])
def test_a_damaged_index_is_rebuilt_from_the_files(folder, damage):
    big_record(folder, 12)
    read_record(folder)
    index = index_path(folder)
    good = index.read_bytes()
    index.unlink()
    if damage == "garbage":
        index.write_bytes(os.urandom(5000))
    elif damage == "truncated":
        index.write_bytes(good[: len(good) // 2])
    elif damage == "folder":
        index.mkdir()
    elif damage == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(index)
    else:
        import msgpack

        header, *objects = list(msgpack.Unpacker(io.BytesIO(good)))  # a header, then a row at a time
        assert header == {"version": 3, "rows": 12}
        rows = [x for x in objects if isinstance(x, list)]  # (each followed by its signature)
        if damage == "wrong rows":
            rows[0][6][0][0] = "x" * 10_000  # a name beyond the limit
            rows[1][7] = [99]  # a winner who is not at the table
            objects[objects.index(rows[2])] = "not a row"
        else:
            rows[0][1] = 2**64 - 1
        index.write_bytes(b"".join(msgpack.packb(x) for x in [header, *objects]))
    result: list = []
    t = threading.Thread(target=lambda: result.append(read_record(folder)), daemon=True)
    t.start()
    t.join(30)
    assert result, "reading the record blocked"
    record = result[0]
    assert len(record.entries) == 12 and not record.notes
    assert all(len(s.name) <= 40 for e in record.entries for s in e.seats)
    if damage in ("folder", "fifo"):
        assert record.decoded == 12  # not an index file: rebuilt in memory, the odd file left alone
    else:
        assert record.decoded >= (3 if damage == "wrong rows" else 1)
        assert read_record(folder).decoded == 0  # and written again


def test_a_keep_mark_renames_without_decoding_again(folder):
    paths = big_record(folder, 5)
    read_record(folder)
    kept = set_kept(paths[2], True)
    record = read_record(folder)
    assert record.decoded == 0 and kept in [e.path for e in record.entries]
    assert [e.kept for e in record.entries] == [False, False, True, False, False]
    assert kept.name.endswith(KEPT_SUFFIX)


def test_games_the_app_records_are_checked_and_others_are_not_until_replayed(folder):
    ours = record_game(finished_game(seed=3), folder)
    copied = big_record(folder.parent / "elsewhere", 1)[0]
    target = folder / copied.name
    copied.rename(target)
    record = read_record(folder)
    by_path = {e.path: e for e in record.entries}
    assert by_path[ours].checked and not by_path[target].checked
    assert record.unchecked == 1
    checked = verify(by_path[target])
    assert checked.checked and claim_held(by_path[target], checked)
    assert read_record(folder).unchecked == 0  # the index keeps it


def test_a_game_with_an_online_seat_is_listed_from_the_index(folder):
    """Saves take online seats (a Matrix user at another computer): the index keeps their rows too,
    instead of decoding the file again at every listing, and the app's own check is kept."""
    from engine.core import Session
    from engine.core.contract import SeatInfo

    seats = [SeatInfo("Ann"), SeatInfo("Bob", "online", None, "@bob:example.org")]
    session = play(Session.new("robber-barons", seats, {"turn_limit": 1}, seed=1), None, 1)
    path = record_game(session, folder)
    first = read_record(folder)
    again = read_record(folder)
    assert again.decoded == 0 and not again.notes
    assert [(s.name, s.kind) for s in again.entries[0].seats] == [("Ann", "human"), ("Bob", "online")]
    assert again.entries[0].checked and again.entries[0].path == path == first.entries[0].path


def test_a_false_claim_is_corrected_when_the_file_is_replayed(folder):
    session = finished_game(seed=3)
    real = session.state.outcome()
    payload = build_payload(session)
    loser = next(i for i in range(len(session.seats)) if i not in real.winners)
    payload["summary"]["winners"] = [loser]  # a crafted file claiming another winner
    folder.mkdir()
    (folder / "first-ceo-crafted.tycoons").write_bytes(encode_container(payload))
    entry, = read_record(folder).entries
    assert entry.winners == [loser] and not entry.checked  # shown as a claim, marked unchecked
    assert win_rates([entry], checked_only=True) == {}
    checked = verify(entry)
    assert checked.winners == real.winners and not claim_held(entry, checked)
    again, = read_record(folder).entries
    assert again.checked and again.winners == real.winners


def test_a_file_that_does_not_replay_is_noted_when_checked(folder):
    session = finished_game(seed=3)
    payload = build_payload(session)
    payload["state_hash"] = "0" * 32
    folder.mkdir()
    path = folder / "first-ceo-bad.tycoons"
    path.write_bytes(encode_container(payload))
    entry, = read_record(folder).entries
    with pytest.raises(SaveError):
        verify(entry)
    record = read_record(folder)
    assert not record.entries and "first-ceo-bad.tycoons" in record.notes[0]


def test_recording_and_listing_at_once_lose_nothing(folder):
    big_record(folder, 300)  # a rebuild under way while games are recorded
    games = [play(new_game(seed=s), None, s) for s in range(20, 26)]
    errors = []

    def reader():
        try:
            for _ in range(3):
                read_record(folder)
        except Exception as exc:  # noqa: BLE001
            errors.append(exc)

    t = threading.Thread(target=reader)
    t.start()
    paths = [record_game(g, folder, limit=MAX_LIMIT) for g in games]
    t.join(60)
    assert not errors
    record = read_record(folder)
    assert len(record.entries) == 306
    by_path = {e.path: e for e in record.entries}
    assert all(by_path[p].checked for p in paths)
    assert read_session(paths[0]).is_over()


def test_a_large_record_lists_prunes_and_stays_bounded(folder, monkeypatch):
    """(tests/ui/test_record_scale.py lists 10,000 games; here 2,000, with the listing bound at 1,500.)"""
    import saves.record_index as record_index

    big_record(folder, 2_000)
    record = read_record(folder)
    assert len(record.entries) == 2_000 and record.decoded == 2_000
    assert len(load_index(folder)) == 2_000
    assert read_record(folder).decoded == 0
    deleted = prune(folder, 1_990)
    assert len(deleted) == 10 and len(read_record(folder).entries) == 1_990
    assert read_record(folder).decoded == 0
    monkeypatch.setattr(record_index, "MAX_LISTED", 1_500)
    bounded = read_record(folder)
    assert len(bounded.entries) == 1_500 and bounded.left_out == 490
    assert "490 older files" in bounded.notes[-1]


def test_checked_results_are_stored_a_batch_at_a_time(folder, monkeypatch):
    """Checking thousands of results must not write the index once each (that was quadratic)."""
    import saves.record_index as record_index
    from saves.record_index import update_entries

    big_record(folder, 50)
    entries = read_record(folder).entries
    writes = []
    real = record_index.save_index
    monkeypatch.setattr(record_index, "save_index", lambda *a: (writes.append(1), real(*a)))
    checked = [verify(e, store=False) for e in entries]
    assert not writes and all(c.checked for c in checked)
    update_entries(folder, [(c, None) for c in checked])
    assert len(writes) == 1
    assert read_record(folder).unchecked == 0


def test_a_rebuild_stopped_midway_keeps_what_it_decoded(folder):
    from saves.record_index import refresh

    big_record(folder, 20)
    seen = []
    partial = refresh(folder, stop=lambda: len(seen) >= 6, decode=lambda p: (seen.append(p), read_entry(p))[1])
    assert partial.decoded == 6 and len(partial.rows) == 6
    assert len(load_index(folder)) == 6
    assert read_record(folder).decoded == 14  # the rest, not the six again


def test_only_rows_signed_with_the_folders_own_key_are_believed(folder):
    """The index is a cache, never the files' authority: a row not signed with this data
    folder's key (written by hand, by another program, under another key) is decoded again
    from its file, its result unchecked until replayed."""
    import secrets

    from saves.record_index import forget_keys, key_path

    record_game(finished_game(seed=3), folder)
    key = key_path(folder)
    assert key == folder.parent / "games.key" and key.stat().st_mode & 0o777 == 0o600
    assert read_record(folder).decoded == 0 and read_record(folder).entries[0].checked
    key.unlink()
    key.write_bytes(secrets.token_bytes(32))
    key.chmod(0o600)
    forget_keys()
    record = read_record(folder)
    assert record.decoded == 1 and not record.entries[0].checked
    assert read_record(folder).decoded == 0  # signed again with the new key


def test_a_key_others_may_read_is_not_used_and_a_new_one_is_made_private(folder):
    old_umask = os.umask(0)
    try:
        from saves.record_index import forget_keys, key_path

        record_game(finished_game(seed=3), folder)
        key = key_path(folder)
        assert key.stat().st_mode & 0o777 == 0o600  # even under umask 000
        before = key.read_bytes()
        key.chmod(0o644)
        forget_keys()
        record = read_record(folder)
        assert record.decoded == 1 and not record.entries[0].checked
        assert key.stat().st_mode & 0o777 == 0o600 and key.read_bytes() != before
    finally:
        os.umask(old_umask)
