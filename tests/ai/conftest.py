import pytest

from ai.core.own_levels import own_levels
from engine.core.registry import GAME_MODULES


@pytest.fixture
def toy_game(monkeypatch):
    """Register the agent-less test game 'toy-nim' for the duration of one test."""
    monkeypatch.setitem(GAME_MODULES, "toy-nim", "tests.ai.toy_game")
    own_levels.cache_clear()
    yield "toy-nim"
    own_levels.cache_clear()
