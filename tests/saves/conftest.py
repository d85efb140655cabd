import pytest

from engine.core import registry
from tests.saves.helpers import TOY_GAME, TOY_MODULE


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    """Register the tiny test game (a second game, to save "another game")."""
    monkeypatch.setitem(registry.GAME_MODULES, TOY_GAME, TOY_MODULE)


@pytest.fixture
def user_data(tmp_path, monkeypatch):
    """A private user data folder for autosave tests."""
    d = tmp_path / "data"
    monkeypatch.setenv("TYCOONS_DATA_DIR", str(d))
    return d
