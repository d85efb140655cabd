"""What the game window asks the AI worker for the seat to move, as one function, so a lesson's
headless check (`tycoons tutorial GAME --check`) sees exactly the AI moves the window plays.

The request is a pure function of the session: the sample is `determinize` with a generator
derived from the seed and the log's length, the agent's seed is the session's AI generator for
that decision. A non-searching level therefore answers the same on every machine and at every
speed; a searching one also depends on its time budget.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from engine.core.rng import Rng

if TYPE_CHECKING:
    from engine.core.contract import Action
    from engine.core.session import Session


class AiRequest(NamedTuple):
    """The arguments of `ai.core.worker.choose_action` but the game id and the time budget."""

    state_data: dict
    seat: int
    level: str
    seed: int


def ai_request(session: Session) -> AiRequest:
    """The request for the AI seat to move: a determinized copy of the state (the others' hidden
    cards re-dealt, so the worker never holds their secrets), the seat, its level, its seed."""
    seat = session.to_move()
    if seat < 0:
        raise ValueError("no player is to move (chance or game over)")
    level = session.seats[seat].level or "normal"
    seed = session.ai_rng().next64() >> 1
    sample = session.state.determinize(seat, Rng.derive(session.seed, "ai-determinize", len(session.log)))
    return AiRequest(sample.to_data(), seat, level, seed)


def window_decision(session: Session, think_ms: int | None = None) -> Action:
    """The move the game window's AI makes for the seat to move (in this process)."""
    from ai.core.worker import choose_action
    from engine.core.contract import Action

    request = ai_request(session)
    return Action.from_dict(choose_action(session.spec.id, request.state_data, request.seat, request.level,
                                          request.seed, think_ms))


def jump_task(game_id: str, seats: list[dict], options: dict, seed: int, actions: list[dict], ai_flags: list[bool],
              learner: int, until: list) -> list[dict]:
    """A lesson's jump ahead (engine.core.tutorial.play_jump), in the worker: the game rebuilt from
    its log, then every seat played by the window's AI, the learner's too, until the learner is to
    move where `until` holds. Returns the decisions made (chance outcomes follow from the seed:
    the window draws the same ones as it applies them). ValueError if the position never comes."""
    from engine.core.contract import Action, SeatInfo
    from engine.core.session import Session
    from engine.core.tutorial import play_jump

    session = Session.replay(game_id, [SeatInfo.from_dict(s) for s in seats], options, seed,
                             [Action.from_dict(a) for a in actions], ai_flags)
    start = len(session.log)
    _, problem = play_jump(session, learner, tuple((str(k), v) for k, v in until), window_decision)
    if problem:
        raise ValueError(problem)
    return [e.action.to_dict() for e in session.log[start:] if e.action.seat >= 0]
