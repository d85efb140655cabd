"""Shared helpers for the save tests: games played with seeded random choices."""

from __future__ import annotations

from engine.core import Rng, Session
from engine.core.contract import SeatInfo

REAL_GAME = "first-ceo"
TOY_GAME = "toy-race"
TOY_MODULE = "tests.saves.toy_game"

SEATS = [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy"), SeatInfo("Cy", "ai", "normal")]


def play(session: Session, moves: int | None = None, seed: int = 7) -> Session:
    """Apply up to `moves` decisions (None: to the end), chosen from the legal ones with a seeded
    Rng; seats whose SeatInfo is AI are flagged by_ai, as the UI would."""
    rng = Rng(seed)
    done = 0
    while not session.is_over() and (moves is None or done < moves):
        action = rng.choice(session.legal_actions())
        session.apply(action, by_ai=session.seats[action.seat].is_ai)
        done += 1
    return session


def new_game(game_id: str = REAL_GAME, seed: int = 1, seats=None) -> Session:
    return Session.new(game_id, seats if seats is not None else SEATS, seed=seed)


def finished_game(game_id: str = REAL_GAME, seed: int = 1) -> Session:
    return play(new_game(game_id, seed), None, seed)


def log_dicts(session: Session) -> list[dict]:
    return [e.to_dict() for e in session.log]


def long_session(decisions: int, seed: int = 3) -> Session:
    """A legal Victory Through Industry game of two humans whose log is `decisions` long: the
    player to move picks a product up and puts it down again and again (the rules allow that
    forever), the long log of issue 13 that once took a copy of the state per decision."""
    s = Session.new("victory-through-industry", [SeatInfo("Ann"), SeatInfo("Bob")], seed=seed)
    rng = Rng(seed)
    while not any(a.kind == "move_product" for a in s.legal_actions()):
        s.apply(rng.choice(s.legal_actions()))
    while len(s.log) < decisions:
        acts = s.legal_actions()
        s.apply(next((a for a in acts if a.kind == "move_product"), None)
                or next(a for a in acts if a.kind == "site"))
    return s
