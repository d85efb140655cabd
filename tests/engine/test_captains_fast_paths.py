"""The fast paths of Captains of Industry (costing every bill from one row of unit costs per good,
interned actions, legality checked by a direct rule) change no game.

`REFERENCE` holds, for random games at 3, 4 and 5 players, the total number of decisions and a
digest of every game's final state hash, recorded from the engine before those paths were written.
A change of the rules themselves changes it too: then regenerate it with
`python tests/engine/test_captains_fast_paths.py` and say why in the commit."""

from __future__ import annotations

import hashlib

from engine.core.contract import CHANCE, TERMINAL, Action
from engine.core.rng import Rng
from engine.games.captains_of_industry import SPEC
from engine.games.captains_of_industry.data import ADVANCES, CAPTAINS, FACILITIES, MARKETS, PRICES, ZONES
from tests.engine.test_contract import random_step

GAMES_PER_COUNT = 70
REFERENCE = {3: (16332, "a0ac9d4d5a70a080c33ec4a4"), 4: (19872, "10bd2bed753a0cb47b0b6c6f"),
             5: (21213, "2e7854867801197cd8610e79")}
"""Recorded from the engine before its fast paths (commit 7a0159f's rules), and again after the
balance changes to the facility data (Farm, Foundry, Oil Well, Parts Factory costs): the same
rules, other component values."""


def random_games(players: int, games: int = GAMES_PER_COUNT) -> tuple[int, str]:
    """(decisions, digest of the final state hashes) of `games` random games, seeds 0..games-1,
    chance outcomes drawn by their weights."""
    decisions = 0
    digest = hashlib.sha256()
    for seed in range(games):
        st = SPEC.new_state(players)
        rng = Rng(1000 * players + seed)
        while st.to_move() != TERMINAL:
            st.apply(random_step(st, rng))
            decisions += 1
        digest.update(st.state_hash().encode())
    return decisions, digest.hexdigest()[:24]


def test_random_games_are_the_games_of_the_reference():
    for players in (3, 4, 5):
        assert random_games(players) == REFERENCE[players], f"{players} players"


def candidates(st) -> list[Action]:
    """Every turn action and price of every seat, and outcomes of every kind of draw: legal or not."""
    out = []
    for seat in range(st.players):
        out += [Action(k, seat, (t,)) for k in ("build", "expand") for t in FACILITIES]
        out += [Action("run", seat, (t, m)) for t in FACILITIES for m in ("normal", "overtime", "fast")]
        out += [Action("research", seat, (a,)) for a in ADVANCES] + [Action("manipulate", seat, ())]
        out += [Action("real_estate", seat, (z,)) for z in ZONES]
        out += [Action("price", seat, (m, p)) for m in MARKETS for p in (0, *PRICES, PRICES[-1] + 1)]
        out += [Action("deal", CHANCE, (seat, c)) for c in CAPTAINS]
        out += [Action("draw_captain", CHANCE, (seat, c)) for c in CAPTAINS]
    out += [Action("progress", CHANCE, (card,)) for card in ("city", "country", "town")]
    order = tuple(range(st.players))
    out += [Action("first_order", CHANCE, order), Action("first_order", CHANCE, order[::-1]),
            Action("first_order", CHANCE, order[:-1]), Action("first_order", CHANCE, (0,) * st.players)]
    return out


def test_direct_legality_agrees_with_the_generated_choices():
    """`is_legal` (a rule per frame) says yes exactly to the actions `legal_actions` or
    `chance_outcomes` offer, and the turn actions offered are those `_action_problem` allows."""
    checked = 0
    for players, seed in ((3, 11), (4, 12), (5, 13)):
        st = SPEC.new_state(players)
        rng = Rng(seed)
        while (mover := st.to_move()) != TERMINAL:
            legal = [a for a, _ in st.chance_outcomes()] if mover == CHANCE else st.legal_actions(mover)
            by_seat = {mover: set(legal)}
            for a in candidates(st):
                if a.seat != CHANCE and a.seat != mover:
                    continue   # the contract refuses another seat's action before is_legal
                assert st.is_legal(a) == (a in by_seat.get(a.seat, ())), a
                checked += 1
            if st.stack[-1][0] == "action":
                allowed = [a for a in candidates(st) if a.seat == mover and a.kind != "price"
                           and st._action_problem(mover, a.kind, a.args) is None]
                assert legal == [a for a in legal if a in allowed] and set(legal) == set(allowed)
            st.apply(legal[rng.randbelow(len(legal))])
    assert checked > 100_000


if __name__ == "__main__":
    print({players: random_games(players) for players in (3, 4, 5)})
