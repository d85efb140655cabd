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
    forever): the kind of long log whose load once took a copy of the state per decision."""
    s = Session.new("victory-through-industry", [SeatInfo("Ann"), SeatInfo("Bob")], seed=seed)
    rng = Rng(seed)
    while not any(a.kind == "move_product" for a in s.legal_actions()):
        s.apply(rng.choice(s.legal_actions()))
    while len(s.log) < decisions:
        acts = s.legal_actions()
        s.apply(next((a for a in acts if a.kind == "move_product"), None)
                or next(a for a in acts if a.kind == "site"))
    return s


def big_record(folder, games: int, bases: int = 5) -> list:
    """`games` small legal finished games written into the record folder `folder`, cheaply: a few
    two-player Robber Barons games of one round (turn limit 1, some 740 bytes a file), each
    written many times over with its own time of play and file name, as a player's record of
    thousands of games would hold them. Each copy's AI is named apart ("Bob 17"), so each is a game
    of its own, named after its content as the record names games (prune removes nothing else).
    Returns the paths, newest first. Their summaries are what the files claim (unchecked), as
    after an index is lost."""
    from datetime import UTC, datetime, timedelta
    from pathlib import Path

    from saves.envelope import build_payload, encode_container
    from saves.record import game_digest

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    sessions = [play(Session.new("robber-barons", [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy")],
                                 {"turn_limit": 1}, seed=s), None, s) for s in range(1, bases + 1)]
    payloads = [build_payload(s) for s in sessions]
    start = datetime(2024, 1, 1, tzinfo=UTC)
    paths = []
    for i in range(games):
        session, payload = sessions[i % bases], payloads[i % bases]
        session.seats[1] = SeatInfo(f"Bob {i}", "ai", "easy")
        payload["seats"][1] = session.seats[1].to_dict()
        payload["created"] = (start + timedelta(minutes=i)).strftime("%Y-%m-%dT%H:%M:%SZ")
        path = folder / f"robber-barons-{game_digest(session)}.tycoons"
        path.write_bytes(encode_container(payload))
        paths.append(path)
    return paths[::-1]
