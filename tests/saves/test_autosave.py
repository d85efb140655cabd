"""The autosave behind Continue, in a private data folder ($TYCOONS_DATA_DIR)."""

from __future__ import annotations

import platformdirs
import pytest

from engine.core import Rng
from saves import (
    CorruptSave,
    WrongGame,
    autosave,
    autosave_path,
    backup_path,
    clear_autosave,
    data_dir,
    has_autosave,
    load_autosave,
    saves_dir,
)
from tests.saves.helpers import REAL_GAME, TOY_GAME, log_dicts, new_game


def test_data_dir_follows_the_environment(user_data):
    assert data_dir() == user_data
    assert saves_dir() == user_data / "saves"
    assert autosave_path() == user_data / "autosave.tycoons"


def test_data_dir_defaults_to_platformdirs(monkeypatch):
    monkeypatch.delenv("TYCOONS_DATA_DIR", raising=False)
    assert str(data_dir()) == platformdirs.user_data_dir("tycoons", appauthor=False)


def test_no_autosave(user_data):
    assert not has_autosave()
    assert load_autosave() is None
    clear_autosave()  # nothing to clear is fine


def test_continue_after_a_crash(user_data):
    """The UI autosaves after every decision; after a crash Continue gives the last position."""
    session = new_game(REAL_GAME, seed=8)
    autosave(session)
    rng = Rng(8)
    for _ in range(25):
        if session.is_over():
            break
        action = rng.choice(session.legal_actions())
        session.apply(action, by_ai=session.seats[action.seat].is_ai)
        autosave(session)
    assert has_autosave()
    assert backup_path(autosave_path()).is_file()
    resumed = load_autosave()
    assert resumed.state.state_hash() == session.state.state_hash()
    assert log_dicts(resumed) == log_dicts(session)
    assert load_autosave(expect_game=REAL_GAME) is not None
    with pytest.raises(WrongGame):
        load_autosave(expect_game=TOY_GAME)
    # the resumed game plays on
    resumed.apply(Rng(1).choice(resumed.legal_actions()))


def test_autosave_after_undo_keeps_the_shorter_log(user_data):
    session = new_game(REAL_GAME, seed=11, seats=["Ann", "Bob", "Cy"])
    rng = Rng(4)
    while True:
        session.apply(rng.choice(session.legal_actions()))
        if session.can_undo():
            break
    session.undo()
    autosave(session)
    assert log_dicts(load_autosave()) == log_dicts(session)


def test_a_broken_autosave_is_reported_and_left_alone(user_data):
    session = new_game(REAL_GAME, seed=8)
    autosave(session)
    path = autosave_path()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(CorruptSave) as info:
        load_autosave()
    assert info.value.reason.startswith("autosave.tycoons: the file is truncated")
    assert path.read_bytes() == data[: len(data) // 2]
    assert has_autosave()


def test_clear_autosave(user_data):
    session = new_game(REAL_GAME, seed=8)
    autosave(session)
    autosave(session)
    assert backup_path(autosave_path()).is_file()
    clear_autosave()
    assert not has_autosave()
    assert not backup_path(autosave_path()).exists()
    assert load_autosave() is None
    assert list(user_data.iterdir()) == []
