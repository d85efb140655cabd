"""A shared check for the searching levels' opponent model: a Normal agent's light view
(`model_view`, built cheaply inside rollouts) must hold the same as the full view on every part it
has, and Normal must decide the same from either."""

from __future__ import annotations

from collections.abc import Callable

from ai.core.agent import Budget, Observation
from ai.core.observe import observe
from engine.core import Rng, Session


def light_view_decides_alike(session: Session, agent, same: Callable[[str, object, dict], bool] | None = None) -> int:
    """Play `session` to its end with `agent` at every seat, checking at each decision that the
    light view agrees with the full view (`same(key, light_value, full_view)` for a part a game
    holds in another shape, else equality) and that the agent's pick is the same from either.
    Returns how many real choices (more than one legal action) were checked."""
    decisions = 0
    while not session.is_over():
        seat = session.to_move()
        full = session.state.view(seat)
        light = agent.model_view(session.state, seat)
        for key, value in light.items():
            assert (same(key, value, full) if same else value == full[key]), key
        obs = observe(session.state, seat)
        pick = agent.choose(obs, Rng(1), Budget())
        if len(obs.legal) > 1:
            assert agent.choose(Observation(obs.game_id, seat, light, obs.legal, obs.sample), Rng(1), Budget()) == pick
            decisions += 1
        session.apply(pick, by_ai=True)
    return decisions
