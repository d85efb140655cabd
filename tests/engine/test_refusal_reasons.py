"""Every refused action explains itself: at many random positions of every
registered game, every illegal action of the seat to move gets a specific reason, never the
generic "That is not allowed now.", and wrong argument types are refused, never a TypeError.

The candidates come from the game itself, so a new game inherits the test: every (kind, args)
that random play of that game ever offered as legal, at any position, asked of the seat to move
now, plus mangled copies (numbers pushed out of range, names where numbers belong, None).
"""

from __future__ import annotations

import pytest

from engine.core import CHANCE, TERMINAL, Action, IllegalAction, Rng, get_spec
from tests.engine.test_contract import GAMES, player_counts, random_step

GENERIC = "That is not allowed now."
POSITIONS = 60
"""Positions looked at per game (spread over a few random games)."""
CANDIDATES = 120
"""Illegal candidates tried per position (sampled from the game's whole repertoire)."""


def repertoire(game_id: str, games: int = 3) -> list[tuple[str, tuple]]:
    """Every (kind, args) that random play of the game offered a player, sorted for a stable order."""
    spec = get_spec(game_id)
    seen: set[tuple[str, tuple]] = set()
    for seed in range(games):
        state = spec.new_state(player_counts(game_id)[seed % len(player_counts(game_id))])
        rng = Rng(7000 + seed)
        while state.to_move() != TERMINAL:
            mover = state.to_move()
            if mover >= 0:
                seen.update((a.kind, a.args) for a in state.legal_actions(mover))
            state.apply(random_step(state, rng))
    return sorted(seen, key=repr)


def mangled(kind: str, args: tuple) -> list[Action]:
    """Copies of one action's arguments pushed off the board or into the wrong type (seat later)."""
    out = []
    for i, value in enumerate(args):
        for sub in ((value + 37, -1, None, "x") if type(value) is int else (None, 5)):
            out.append((kind, args[:i] + (sub,) + args[i + 1:]))
    out.append((kind, args + (1,)))
    if args:
        out.append((kind, ()))
    return out


def positions(game_id: str):
    """States with a player to move, spread over a few random games with every player count."""
    spec = get_spec(game_id)
    counts = player_counts(game_id)
    found = 0
    for seed in range(1000):
        state = spec.new_state(counts[seed % len(counts)])
        rng = Rng(500 + seed)
        step = 0
        while state.to_move() != TERMINAL and found < POSITIONS:
            if state.to_move() >= 0 and rng.randbelow(6) == 0:
                found += 1
                yield state
            state.apply(random_step(state, rng))
            step += 1
        if found >= POSITIONS:
            return


@pytest.mark.parametrize("game_id", GAMES)
def test_every_illegal_action_gets_a_specific_reason(game_id):
    kinds = repertoire(game_id)
    extra = [m for kind, args in kinds[:: max(1, len(kinds) // 60)] for m in mangled(kind, args)]
    generic: dict[str, Action] = {}
    checked = 0
    for state in positions(game_id):
        mover = state.to_move()
        rng = Rng(checked)
        legal = set(state.legal_actions(mover))
        pool = kinds + extra
        picks = [pool[rng.randbelow(len(pool))] for _ in range(CANDIDATES)]
        picks.append(("no-such-action", ()))
        before = state.state_hash()
        for kind, args in picks:
            action = Action(kind, mover, args)
            if action in legal:
                continue
            reason = state.illegal_reason(action)  # never a TypeError, whatever the arguments
            assert reason, f"{action} is not legal but got no reason"
            if reason == GENERIC:
                generic.setdefault(kind, action)
            with pytest.raises(IllegalAction):
                state.apply(action)
            assert state.state_hash() == before
            checked += 1
        for action in legal:  # and a legal action is never refused
            assert state.illegal_reason(action) is None, action
    assert checked > POSITIONS * CANDIDATES // 3
    assert not generic, f"generic refusals in {game_id}: {sorted(map(str, generic.values()))}"


@pytest.mark.parametrize("game_id", GAMES)
def test_other_seats_and_chance_actions_are_refused_with_reasons(game_id):
    for state in positions(game_id):
        mover = state.to_move()
        for a in state.legal_actions(mover)[:3]:
            other = Action(a.kind, (mover + 1) % state.players, a.args)
            assert state.illegal_reason(other) == f"It is not that player's turn: {{p{mover}}} is to move."
            assert state.illegal_reason(Action(a.kind, CHANCE, a.args))
