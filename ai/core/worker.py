"""Entry points that take one AI decision.

`choose_action` runs in the UI's spawn-context `ProcessPoolExecutor`: a top-level, picklable
function whose module imports no Qt and little else, so a fresh worker starts fast. The caller
sends `state.determinize(seat, rng).to_data()`, so the worker never holds another seat's secrets.

`decide` is the in-process equivalent for simulations and tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai.core.agent import Budget
from ai.core.agents import get_agent
from ai.core.observe import observe
from engine.core.registry import get_spec
from engine.core.rng import Rng

if TYPE_CHECKING:
    from engine.core.contract import Action
    from engine.core.session import Session


def choose_action(game_id: str, state_data: dict, seat: int, level: str, seed: int,
                  think_ms: int | None = None) -> dict:
    """Rebuild the (already determinized) state, let the `level` agent choose for `seat`, and
    return the chosen action as `Action.to_dict()`."""
    state = get_spec(game_id).state_from_data(state_data)
    agent = get_agent(game_id, level)
    action = agent.choose(observe(state, seat, game_id), Rng(seed), Budget(think_ms, None))
    return action.to_dict()


def decide(session: Session, seat: int | None = None, level: str | None = None,
           think_ms: int | None = None, iterations: int | None = None) -> Action:
    """The decision of the AI in `seat` (default: the seat to move) at the session's state.

    Uses the seat's own level unless `level` is given, and `session.ai_rng()`, so the same session
    position always gives the same decision. `think_ms`/`iterations` cap searching levels.
    """
    seat = session.to_move() if seat is None else seat
    if seat < 0:
        raise ValueError("no player is to move (chance or game over)")
    level = level or session.seats[seat].level or "normal"
    agent = get_agent(session.spec.id, level)
    return agent.choose(observe(session.state, seat, session.spec.id), session.ai_rng(),
                        Budget(think_ms, iterations))
