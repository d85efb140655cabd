import pytest

from ai.core import agents as agent_registry
from engine.core.registry import GAME_MODULES


@pytest.fixture
def toy_game(monkeypatch):
    """Register the agent-less test game 'toy-nim' for the duration of one test."""
    monkeypatch.setitem(GAME_MODULES, "toy-nim", "tests.ai.toy_game")
    agent_registry._game_agents.cache_clear()
    yield "toy-nim"
    agent_registry._game_agents.cache_clear()
