"""Whatever the app writes, it reads back: every game saved with the largest legal value
of every field (the most players, names of 40 four-byte characters, each option at the top and
the bottom of its range, the largest and smallest seeds, a finished game's summary) loads and
replays; names beyond the limit are refused at the API and in a loaded save."""

from __future__ import annotations

import pytest

from engine.core import Session, game_ids, get_spec
from engine.core.contract import SeatInfo
from engine.core.errors import BadSetup
from engine.core.names import NAME_LIMIT, clean_name, name_problem, short_name
from engine.core.session import SEED_RANGE
from saves import CorruptSave, SaveWriteError, read_session, write_session
from saves.envelope import FIELD_BYTES, build_payload, encode_container, pack
from tests.saves.helpers import play

GAMES = sorted(game_ids())


def longest_names(n: int) -> list[str]:
    """`n` different names of NAME_LIMIT characters of four UTF-8 bytes each (the most bytes)."""
    return [chr(0x1D400 + i) * NAME_LIMIT for i in range(n)]


def _options(spec, top: bool) -> dict:
    out = {}
    for o in spec.options:
        if o.minimum is not None:
            out[o.key] = o.maximum if top else o.minimum
        else:
            out[o.key] = o.choices[-1 if top else 0]
    return out


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("top", [True, False], ids=["top", "bottom"])
def test_the_largest_legal_values_of_every_field_save_and_load(game_id, top, tmp_path):
    spec = get_spec(game_id)
    seats = [SeatInfo(name, "ai", "normal") for name in longest_names(spec.max_players)]
    seed = SEED_RANGE[1] if top else SEED_RANGE[0]
    session = play(Session.new(game_id, seats, _options(spec, top), seed=seed), 40, 5)
    path = write_session(session, tmp_path / "largest.tycoons")
    loaded = read_session(path)
    assert loaded.state.state_hash() == session.state.state_hash()
    assert [s.name for s in loaded.seats] == [s.name for s in seats] and loaded.seed == seed
    payload = build_payload(session)
    for key, value in payload.items():  # each field well inside what a load accepts
        if key != "log":
            assert len(pack(value)) < FIELD_BYTES // 8, key


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_with_the_longest_names_records_and_loads(game_id, tmp_path):
    from saves.record import read_record, record_game

    spec = get_spec(game_id)
    seats = [SeatInfo(name, "ai", "easy") for name in longest_names(spec.max_players)]
    session = play(Session.new(game_id, seats, seed=2), None, 2)
    path = record_game(session, tmp_path / "games")
    assert read_session(path).state.state_hash() == session.state.state_hash()
    record = read_record(tmp_path / "games")
    entry, = record.entries
    assert [s.name for s in entry.seats] == [s.name for s in seats]
    # the record's index holds the row at these sizes too: listed from it, not decoded again
    assert record.decoded == 0 and entry.checked and read_record(tmp_path / "games").decoded == 0


def test_names_at_the_limit():
    assert name_problem("W" * NAME_LIMIT) is None and name_problem("𝕎" * NAME_LIMIT) is None
    for bad in ("W" * (NAME_LIMIT + 1), "x" * 10_000, "", "   ", "Ann\nLee", "Ann\tLee", "\x1b[2J", 5, None):
        assert name_problem(bad), repr(bad)
    assert clean_name("  Ann \t  Lee  ") == "Ann Lee" and clean_name("x" * 50) == "x" * NAME_LIMIT
    assert clean_name("Ann\x00\x1b") == "Ann" and clean_name("   ") == ""
    assert short_name("Ann") == "Ann" and len(short_name("W" * 40)) == 16 and short_name("W" * 40).endswith("…")
    assert short_name("Maximilian Alexander von Habsburg") == "Maximilian…"


@pytest.mark.parametrize("name", ["W" * (NAME_LIMIT + 1), "x" * 10_000, "", "  ", "Ann\nLee"])
def test_the_api_refuses_a_name_beyond_the_limit(name):
    with pytest.raises(BadSetup, match="name of player 2"):
        Session.new("first-ceo", ["Ann", name, "Cy"], seed=1)
    with pytest.raises(BadSetup):
        Session.new("first-ceo", ["Ann", "Bob", SeatInfo("Cy", "robot")], seed=1)
    for seed in (SEED_RANGE[1] + 1, SEED_RANGE[0] - 1, 1.5, True):
        with pytest.raises(BadSetup, match="seed"):
            Session.new("first-ceo", ["Ann", "Bob", "Cy"], seed=seed)


def test_a_save_with_a_name_beyond_the_limit_is_refused_and_never_written(tmp_path):
    """The audit's files: one 10,000-character name (it made windows 154,665 px wide), and six
    names of 11,000 characters (the app wrote that file and then could not read it)."""
    good = play(Session.new("first-ceo", ["Ann", "Bob", "Cy"], seed=1), 10)
    for names in (["x" * 10_000, "Bob", "Cy"], ["W" * (NAME_LIMIT + 1), "Bob", "Cy"],
                  [chr(0x41 + i) * 11_000 for i in range(6)]):
        payload = build_payload(good)
        payload["seats"] = [{"name": n, "kind": "human", "level": None} for n in names]
        path = tmp_path / "long.tycoons"
        path.write_bytes(encode_container(payload))
        with pytest.raises(CorruptSave):
            read_session(path)
        forged = Session(good.spec, [SeatInfo(n) for n in names], good.options, good.seed, good.state)
        with pytest.raises(SaveWriteError, match="name of player 1"):
            write_session(forged, tmp_path / "never.tycoons")
        assert not (tmp_path / "never.tycoons").exists()


def test_a_log_too_long_to_read_back_is_never_written(tmp_path, monkeypatch):
    session = play(Session.new("first-ceo", ["Ann", "Bob", "Cy"], seed=1), 30)
    path = write_session(session, tmp_path / "g.tycoons")
    before = path.read_bytes()
    monkeypatch.setattr("saves.store.MAX_SAVE_BYTES", len(before) - 1)
    with pytest.raises(SaveWriteError, match="longer than a save holds"):
        write_session(play(session, 5), path)
    assert path.read_bytes() == before
