"""Bad files (ARCHITECTURE §7, §10): truncated, bit-flipped, random, foreign, another game, a future
format, a damaged log. Each gives a SaveError subclass with a one-line reason naming the file,
nothing else ever escapes, and reading never changes the file."""

from __future__ import annotations

import functools
import json
import os
import tempfile
from pathlib import Path

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saves import (
    CorruptSave,
    NotASave,
    ReplayFailed,
    SaveError,
    SaveNotFound,
    SaveTooNew,
    UnknownSavedGame,
    WrongGame,
    read_session,
    write_session,
)
from saves.envelope import FORMAT_VERSION, MAGIC, build_payload, encode_container, open_envelope
from saves.store import decode_save
from tests.saves.helpers import REAL_GAME, TOY_GAME, finished_game

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@functools.cache
def good_session():
    return finished_game(REAL_GAME, seed=2)


@functools.cache
def good_bytes() -> bytes:
    return encode_container(build_payload(good_session(), created="2026-11-29T12:00:00Z"))


def good_payload() -> dict:
    return build_payload(good_session(), created="2026-11-29T12:00:00Z")


def refused(data: bytes, expected=SaveError, name: str = "bad.tycoons", **kwargs) -> SaveError:
    """Write `data` to a fresh folder, read it, and check the refusal and that nothing changed."""
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / name
        path.write_bytes(data)
        stat = path.stat()
        with pytest.raises(SaveError) as info:
            read_session(path, **kwargs)
        err = info.value
        assert isinstance(err, expected), f"{type(err).__name__}: {err.reason}"
        assert err.reason.startswith(f"{name}: ")
        assert "\n" not in err.reason and len(err.reason) < 400
        assert "Traceback" not in err.reason
        assert path.read_bytes() == data
        assert path.stat().st_mtime_ns == stat.st_mtime_ns
        assert os.listdir(d) == [name]
        return err


def test_the_good_file_is_good(tmp_path):
    path = tmp_path / "good.tycoons"
    path.write_bytes(good_bytes())
    assert read_session(path).state.state_hash() == good_session().state.state_hash()


# -- truncation ---------------------------------------------------------------------------------
def test_every_truncation_is_refused_in_memory():
    data = good_bytes()
    for n in range(len(data)):
        with pytest.raises(CorruptSave) as info:
            decode_save(data[:n])
        assert "truncated" in info.value.reason or "empty" in info.value.reason, (n, info.value.reason)


@pytest.mark.parametrize("where", ["empty", "in-magic", "after-magic", "in-header", "in-payload",
                                   "last-byte"])
def test_truncation_classes(where):
    data = good_bytes()
    n = {"empty": 0, "in-magic": 5, "after-magic": len(MAGIC), "in-header": len(MAGIC) + 12,
         "in-payload": len(data) // 2, "last-byte": len(data) - 1}[where]
    err = refused(data[:n], CorruptSave)
    assert "truncated" in err.reason or "empty" in err.reason


@FUZZ
@given(st.data())
def test_truncation_anywhere(data):
    raw = good_bytes()
    n = data.draw(st.integers(0, len(raw) - 1))
    refused(raw[:n], CorruptSave)


def test_appended_garbage_is_refused():
    err = refused(good_bytes() + b"\x00junk", CorruptSave)
    assert "unexpected bytes" in err.reason


# -- bit flips and random bytes -----------------------------------------------------------------
@FUZZ
@given(st.data())
def test_bit_flips(data):
    raw = bytearray(good_bytes())
    flips = data.draw(st.lists(st.tuples(st.integers(0, len(raw) - 1), st.integers(0, 7)),
                               min_size=1, max_size=3, unique_by=lambda t: t[0]))
    for pos, bit in flips:
        raw[pos] ^= 1 << bit
    refused(bytes(raw))


def test_every_single_bit_flip_in_memory():
    raw = good_bytes()
    for pos in range(len(raw)):  # every bit of the file, in memory
        for bit in range(8):
            flipped = bytearray(raw)
            flipped[pos] ^= 1 << bit
            with pytest.raises(SaveError):
                decode_save(bytes(flipped))


@FUZZ
@given(st.binary(max_size=4000))
def test_random_bytes(blob):
    refused(blob, NotASave if not MAGIC.startswith(blob[:8]) else CorruptSave)


@FUZZ
@given(st.binary(min_size=1, max_size=2000))
def test_random_bytes_after_the_magic(blob):
    refused(MAGIC + blob, (CorruptSave, SaveTooNew))


# -- foreign files ------------------------------------------------------------------------------
@pytest.mark.parametrize("data", [
    msgpack.packb({"game": "first-ceo", "log": []}),
    json.dumps({"game": "first-ceo"}).encode(),
    b"\x89PNG\r\n\x1a\n" + bytes(100),
    b"PK\x03\x04" + bytes(60),
    b"Tycoons save, honest",
])
def test_foreign_files_are_not_saves(data):
    err = refused(data, NotASave)
    assert "not a Tycoons save" in err.reason


@pytest.mark.parametrize("container", [
    {"hello": "world"},
    [1, 2, 3],
    {"format": 1, "app": "0", "payload": b"\x80"},  # no checksum
    {"format": "1", "app": "0", "payload": b"\x80", "checksum": bytes(32)},
])
def test_foreign_msgpack_behind_the_magic(container):
    refused(MAGIC + msgpack.packb(container, use_bin_type=True), CorruptSave)


@pytest.mark.parametrize("payload", [{"hello": "world"}, {}, [1, 2], "text"])
def test_foreign_payload_with_a_valid_checksum(payload):
    err = refused(encode_container(payload), CorruptSave)
    assert "malformed" in err.reason or "not a map" in err.reason


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(SaveNotFound) as info:
        read_session(tmp_path / "nope.tycoons")
    assert info.value.reason == "nope.tycoons: there is no such file"
    with pytest.raises(NotASave, match="folder"):
        read_session(tmp_path)


# -- other game, unknown game, newer format or rules --------------------------------------------
def test_a_save_of_another_game(tmp_path):
    path = tmp_path / "toy.tycoons"
    write_session(finished_game(TOY_GAME, seed=1), path)
    read_session(path)  # a good save...
    err = refused(path.read_bytes(), WrongGame, expect_game=REAL_GAME)  # ...of the wrong game
    assert err.reason == "bad.tycoons: it is a save of Toy Race, not of 1st CEO"


def test_a_save_of_an_unknown_game():
    payload = good_payload()
    payload["game"] = "big-shoulders-deluxe"
    err = refused(encode_container(payload), UnknownSavedGame)
    assert "does not have ('big-shoulders-deluxe')" in err.reason


def test_a_future_format():
    err = refused(encode_container(good_payload(), format_version=FORMAT_VERSION + 1, app="9.0"), SaveTooNew)
    assert f"newer Tycoons (9.0, save format {FORMAT_VERSION + 1})" in err.reason
    assert f"reads formats up to {FORMAT_VERSION}" in err.reason
    # even if the future layout is nothing we know
    refused(encode_container({"whatever": [1, 2]}, format_version=77), SaveTooNew)


def test_newer_rules():
    payload = good_payload()
    payload["rules_version"] = 99
    err = refused(encode_container(payload), SaveTooNew)
    assert "newer rules of 1st CEO" in err.reason


# -- a log that does not replay -----------------------------------------------------------------
def test_wrong_final_hash():
    payload = good_payload()
    payload["state_hash"] = "0" * 32
    err = refused(encode_container(payload), ReplayFailed)
    assert "does not reach the saved position" in err.reason


def test_illegal_decision_in_log():
    payload = good_payload()
    i = next(i for i, e in enumerate(payload["log"]) if e["action"]["seat"] >= 0)
    payload["log"][i]["action"]["args"] = [999]
    err = refused(encode_container(payload), ReplayFailed)
    assert f"decision {i + 1}" in err.reason


def test_older_rules_that_no_longer_replay(monkeypatch):
    payload = good_payload()
    payload["state_hash"] = "f" * 32
    payload["rules_version"] = 1  # the oldest 1st CEO rules this version reads (game.toml)
    err = refused(encode_container(payload), ReplayFailed)
    assert "saved with rules version 1 of 1st CEO" in err.reason


@pytest.mark.parametrize("key,value", [
    ("seats", [{"name": "solo"}]),  # too few players
    ("seats", [{"name": 3}, {"name": "b"}, {"name": "c"}]),
    ("options", {"no such option": 1}),
    ("log", [{"action": {"kind": "acquire"}}]),
    ("log", [17]),
    ("seed", "one"),
    ("game", None),
])
def test_malformed_fields(key, value):
    payload = good_payload()
    payload[key] = value
    err = refused(encode_container(payload), CorruptSave)
    assert "malformed" in err.reason


msgpack_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats(allow_nan=False)
    | st.text(max_size=20) | st.binary(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@FUZZ
@given(st.data())
def test_any_field_replaced_by_junk(data):
    """Whatever a (checksummed) payload holds, the reader answers with a session or a SaveError."""
    payload = good_payload()
    key = data.draw(st.sampled_from(sorted(payload)))
    if key == "log" and data.draw(st.booleans()):
        entry = data.draw(st.integers(0, len(payload["log"]) - 1))
        payload["log"][entry] = data.draw(msgpack_values)
    else:
        payload[key] = data.draw(msgpack_values)
    raw = encode_container(payload)
    try:
        session = decode_and_replay(raw)
    except SaveError as err:
        assert "\n" not in err.reason
        return
    assert session.state.state_hash() == good_session().state.state_hash()


def decode_and_replay(raw: bytes):
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "j.tycoons"
        path.write_bytes(raw)
        return read_session(path)


def test_open_envelope_reads_the_format_before_the_checksum():
    raw = encode_container(good_payload(), format_version=3)
    flipped = raw[:-1] + bytes([raw[-1] ^ 1])  # damaged checksum of a newer file: still "too new"
    with pytest.raises(SaveTooNew):
        open_envelope(flipped)
