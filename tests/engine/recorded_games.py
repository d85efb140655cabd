"""Whole games recorded as fixtures, so that reshaping a game's engine is shown to change nothing.

Each file in tests/fixtures/games/<game id>/ is one whole game played by Easy and Normal AIs
through a real `Session` (its seeded generator draws every die and card, and the draws are in the
log). It holds the game id, the seats (with the AI level each used), the options, the seed, and
for every decision in the log: the action, whether an AI took it, the events it produced (the log
texts, as templates with their visibility) and, in the position it left:

- ``legal``: a digest of whose decision it is, the legal actions and their labels;
- ``views``: a digest of every seat's view, the spectator's and the open (review) view;
- ``refusals``: the refusal reasons of a few actions that were legal earlier and are not now;
- ``state``: the state's own `state_hash()` (its fields as stored).

`test_recorded_games.py` replays the action list and compares all of it. The state hash is
part of the promise too: a save keeps the hash of the position it reached and loading refuses a
replay that reaches another (saves/store.py), so a game that stores its state another way must
keep `to_data()` as it was (1st CEO's frame stack is stored as the `pending` list it replaced).
``--rehash`` rewrites only the state hashes, and only when nothing else differs: for a change of
stored form that comes with a migration of the saves written before it. ``--relabel`` rewrites
only the words: the legal actions' digest (their labels), the refusals and the log lines, when
they are changed on purpose (two moves that read alike, a code spelt out); the actions, the views
and the states must not change.

Regenerate (only when a rule is meant to change; a reshape never needs it):

    PYTHONPATH=. python -m tests.engine.recorded_games              # every game
    PYTHONPATH=. python -m tests.engine.recorded_games big-shoulders
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import msgpack

from engine.core.contract import CHANCE, Action, SeatInfo
from engine.core.session import Session

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "games"
REFUSALS_PER_DECISION = 3


@dataclass(frozen=True)
class Game:
    """One recorded game: who plays at which level, with which options and seed."""

    game_id: str
    name: str
    levels: tuple[str, ...]
    seed: int
    options: dict | None = None

    @property
    def path(self) -> Path:
        return FIXTURES / self.game_id / f"{self.name}.json"


GAMES: tuple[Game, ...] = (
    Game("first-ceo", "3p-normal-easy", ("normal", "easy", "normal"), 11),
    Game("first-ceo", "4p-mixed", ("easy", "normal", "easy", "normal"), 12),
    Game("first-ceo", "6p-mixed", ("normal", "easy", "easy", "normal", "easy", "normal"), 13),
    Game("robber-barons", "2p-normal-easy", ("normal", "easy"), 21),
    Game("robber-barons", "4p-mixed", ("easy", "normal", "normal", "easy"), 22),
    Game("robber-barons", "6p-mixed", ("normal", "easy", "normal", "easy", "normal", "easy"), 23),
    Game("victory-through-industry", "2p-normal", ("normal", "normal"), 31),
    Game("victory-through-industry", "3p-mixed", ("easy", "normal", "easy"), 32),
    Game("victory-through-industry", "5p-mixed", ("normal", "easy", "normal", "normal", "easy"), 33),
    Game("captains-of-industry", "3p-normal-easy", ("normal", "easy", "normal"), 41),
    Game("captains-of-industry", "4p-mixed", ("easy", "normal", "normal", "easy"), 42),
    Game("captains-of-industry", "5p-mixed", ("normal", "easy", "normal", "easy", "normal"), 43),
    Game("big-shoulders", "2p-advanced", ("normal", "easy"), 51, {"advanced": True}),
    Game("big-shoulders", "3p-default", ("easy", "normal", "normal"), 52),
    Game("big-shoulders", "4p-no-goals-unfriendly", ("normal", "easy", "normal", "easy"), 53,
         {"public_goals": False, "friendly": False}),
)


def _canonical(value):
    """Plain data in one order: dict items sorted, tuples as lists, so that a view built in
    another order of keys hashes the same."""
    if isinstance(value, dict):
        return [[repr(k), _canonical(v)] for k, v in sorted(value.items(), key=lambda kv: repr(kv[0]))]
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((_canonical(v) for v in value), key=repr)
    return value


def digest(value) -> str:
    """A short, platform-independent digest of plain data, whatever the order of a dict's keys.

    >>> digest({"b": (1, 2), "a": None}) == digest({"a": None, "b": [1, 2]})
    True
    """
    try:  # JSON with sorted keys is the quick way; dicts whose keys mix types cannot be sorted so
        text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                          default=lambda v: sorted(v, key=repr))
        packed = text.encode()
    except TypeError:
        packed = msgpack.packb(_canonical(value), use_bin_type=True)
    return hashlib.blake2b(packed, digest_size=12).hexdigest()


def position(session: Session, recent: list[Action]) -> dict:
    """What the recorded games compare after every decision (see the module docstring).
    `recent` holds actions legal at earlier decisions: a few of them that are refused now are
    asked for their reasons."""
    state = session.state
    mover = state.to_move()
    legal = state.legal_actions(mover) if mover >= 0 else []
    labels = [session.label(a) for a in legal]
    seats = range(state.players)
    views = [state.view(s) for s in seats] + [state.view(None), state.open_view()]
    refusals = []
    if mover >= 0:
        legal_set = set(legal)
        for old in recent:
            candidate = Action(old.kind, mover, old.args)
            if candidate in legal_set or any(candidate == r[0] for r in refusals):
                continue
            refusals.append((candidate, session.illegal_reason(candidate)))
            if len(refusals) == REFUSALS_PER_DECISION:
                break
    outcome = state.outcome()
    return {
        "legal": digest([mover, [a.to_dict() for a in legal], labels,
                         outcome.to_dict() if outcome is not None else None, state.score_track()]),
        "views": digest(views),
        "refusals": [[a.to_dict(), reason] for a, reason in refusals],
        "state": state.state_hash(),
    }


def record(game: Game) -> dict:
    """Play `game` to its end with its AI levels and return the fixture's content."""
    from ai.core.agent import Budget
    from ai.core.agents import get_agent
    from ai.core.observe import observe

    seats = [SeatInfo(f"AI {i + 1}", "ai", lv) for i, lv in enumerate(game.levels)]
    session = Session.new(game.game_id, seats, game.options, game.seed)
    agents = {lv: get_agent(game.game_id, lv) for lv in set(game.levels)}
    budget = Budget()
    while not session.is_over():
        seat = session.to_move()
        action = agents[game.levels[seat]].choose(observe(session.state, seat, game.game_id), session.ai_rng(), budget)
        session.apply(action, by_ai=True)
    return {
        "game": game.game_id,
        "seats": [s.to_dict() for s in seats],
        "options": session.options,
        "seed": game.seed,
        "decisions": replay_positions(game.game_id, seats, session.options, game.seed,
                                      [(e.action, e.by_ai) for e in session.log]),
    }


def replay_positions(game_id: str, seats, options, seed, entries) -> list[dict]:
    """Replay `entries` ((action, by_ai) pairs) one at a time and record each decision: the
    action, its events and the position it left. The positions before the first decision (the
    set-up's chance draws) come first, as decisions of their own."""
    session = Session.new(game_id, seats, options, seed, auto_chance=False)
    out = []
    recent: list[Action] = []
    for i, (action, by_ai) in enumerate(entries):
        if action.seat == CHANCE and action != session.chance_outcome():
            raise AssertionError(f"decision {i + 1}: the seed draws {session.chance_outcome()}, not {action}")
        events = session._apply_entry(action, by_ai)
        entry = {"action": action.to_dict(), "by_ai": by_ai, "events": [e.to_dict() for e in events]}
        entry.update(position(session, recent))
        out.append(entry)
        mover = session.state.to_move()
        if mover >= 0:
            legal = session.state.legal_actions(mover)
            # a few of each kind, so that the refusals asked later cover several kinds
            seen: dict[str, int] = {}
            for a in legal:
                if seen.get(a.kind, 0) < 2:
                    seen[a.kind] = seen.get(a.kind, 0) + 1
                    recent.insert(0, a)
            del recent[40:]
    return out


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def entries_of(fixture: dict) -> list[tuple[Action, bool]]:
    return [(Action.from_dict(d["action"]), bool(d["by_ai"])) for d in fixture["decisions"]]


def seats_of(fixture: dict) -> list[SeatInfo]:
    return [SeatInfo.from_dict(s) for s in fixture["seats"]]


def write(path: Path, fixture: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(fixture, ensure_ascii=False, separators=(",", ":"))
    # one decision a line, so a diff shows which decision changed
    text = text.replace(',{"action":', ',\n{"action":')
    path.write_text(text + "\n", encoding="utf-8")


def rehash(path: Path, keys: tuple[str, ...] = ("state",)) -> None:
    """Replay a fixture and write what it gives now for `keys` (the state hashes; with --relabel
    the legal actions' digest, the refusals and the events, whose words a deliberate change of
    labels and log lines alters), only if nothing else differs."""
    fixture = load(path)
    new = replay_positions(fixture["game"], seats_of(fixture), fixture["options"], fixture["seed"],
                           entries_of(fixture))
    for i, (old, now) in enumerate(zip(fixture["decisions"], new, strict=True)):
        for key in ("action", "by_ai", "events", "legal", "views", "refusals", "state"):
            if key not in keys and old[key] != now[key]:
                raise SystemExit(f"{path.name}: decision {i + 1} differs in {key!r}; nothing written")
        for key in keys:
            old[key] = now[key]
    write(path, fixture)


def main(argv: list[str]) -> None:
    rehashing = "--rehash" in argv
    relabelling = "--relabel" in argv
    wanted = [a for a in argv if not a.startswith("--")]
    for game in GAMES:
        if wanted and game.game_id not in wanted:
            continue
        if relabelling:
            rehash(game.path, ("legal", "refusals", "events"))
        elif rehashing:
            rehash(game.path)
        else:
            write(game.path, record(game))
        print(game.path.relative_to(FIXTURES.parents[2]), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

