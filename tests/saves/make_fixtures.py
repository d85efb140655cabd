"""Writes the committed save fixtures in tests/fixtures/saves/ (run: python -m tests.saves.make_fixtures).

They use the toy game of these tests, whose rules never change, so that the files stay valid:
`toy-race-format0.tycoons` and `toy-race-format1.tycoons` (old layouts that `saves.migrations`
upgrades) and `toy-race-format2.tycoons` (the current layout, with hints used: a guard against
accidental format changes).
"""

from __future__ import annotations

from pathlib import Path

from engine.core import Session
from engine.core.contract import SeatInfo
from saves.envelope import build_payload, encode_container

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
CREATED = "2026-11-29T12:00:00Z"
SAVED_EPOCH = 1795953600.0  # the same moment as CREATED
FIXTURE_HINTS = [(3, 0), (9, 0)]
"""Ann asked for a hint before the 4th and the 10th entry of the log (format 2)."""


def fixture_session() -> Session:
    """The game stored in both fixtures: a finished toy race, Ann against two AIs."""
    from tests.saves.helpers import play

    seats = [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy"), SeatInfo("Cy", "ai", "normal")]
    return play(Session.new("toy-race", seats, seed=21), None, 21)


def format0_payload(session: Session) -> dict:
    """The session in the format-0 layout described in saves/migrations.py."""
    return {
        "game": session.spec.id,
        "players": session.names,
        "ai": [s.level if s.is_ai else None for s in session.seats],
        "seed": session.seed,
        "moves": [[e.action.kind, e.action.seat, list(e.action.args), e.by_ai] for e in session.log],
        "hash": session.state.state_hash(),
        "saved": SAVED_EPOCH,
    }


def format0_bytes(session: Session) -> bytes:
    return encode_container(format0_payload(session), format_version=0, app="0.0.1")


def main() -> None:
    from engine.core import registry

    registry.GAME_MODULES.setdefault("toy-race", "tests.saves.toy_game")
    FIXTURES.mkdir(parents=True, exist_ok=True)
    session = fixture_session()
    (FIXTURES / "toy-race-format0.tycoons").write_bytes(format0_bytes(session))
    format1 = build_payload(session, created=CREATED)
    del format1["hints"]
    (FIXTURES / "toy-race-format1.tycoons").write_bytes(encode_container(format1, format_version=1, app="0.1.0"))
    session.hints = list(FIXTURE_HINTS)
    (FIXTURES / "toy-race-format2.tycoons").write_bytes(
        encode_container(build_payload(session, created=CREATED), format_version=2, app="0.1.0"))


if __name__ == "__main__":
    main()
