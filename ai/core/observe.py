"""Build an agent's `Observation` from a state without handing the agent the state itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai.core.agent import Observation

if TYPE_CHECKING:
    from engine.core.contract import State


def observe(state: State, seat: int, game_id: str | None = None) -> Observation:
    """The observation of `seat` in `state`: its view, its legal actions and a sampler.

    The sampler closes over `state` but only ever returns `state.determinize(seat, rng)`, a new
    state whose hidden parts are re-dealt; the agent never receives `state` itself.
    """
    gid = game_id if game_id is not None else state.spec.id

    def sample(rng):
        return state.determinize(seat, rng)

    return Observation(gid, seat, state.view(seat), list(state.legal_actions(seat)), sample)


def observe_everything(state: State, seat: int, game_id: str | None = None) -> Observation:
    """An observation whose sampler returns copies of the true state: every hidden card shown.

    Only for measuring how far a cheating searcher gets (the "oracle" level of `tycoons
    simulate`); players' opponents always get `observe`.
    """
    gid = game_id if game_id is not None else state.spec.id

    def sample(rng):
        return state.copy()

    return Observation(gid, seat, state.view(seat), list(state.legal_actions(seat)), sample)
