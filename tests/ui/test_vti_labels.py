"""Two different moves never share a label in Victory Through Industry: the board's words for a
move (`describe`: its chips, and the hover and status text of its pieces) and the log's (the
state's `label`: the prompt bar's buttons) tell apart two cards of a kind ("Pay with the first Oil
card from the top left"), two contracts alike in the row ("Claim Coal (5), the second of 2") and
two spaces ("the space diagonal to your Forest" was said of two). Played through whole random
games that meet each of these (Qt-free: the words are read from the view, as the board reads
them)."""

from __future__ import annotations

from collections import defaultdict

import pytest

from engine.core.contract import CHANCE, TERMINAL
from engine.core.registry import get_spec
from engine.core.rng import Rng
from ui.games.victory_through_industry.words import describe

NAMES = ["You", "Ann", "Bob", "Cyd"]


@pytest.mark.parametrize(("seed", "players"), [(2, 2), (24, 3), (53, 4)])
def test_two_moves_never_share_a_label(seed, players):
    state = get_spec("victory-through-industry").new_state(players)
    rng = Rng(seed)
    kinds = set()
    for _ in range(1500):
        if state.to_move() == TERMINAL:
            break
        if state.to_move() == CHANCE:
            state.apply(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        legal = state.legal_actions()
        view = state.view(state.to_move())
        for words in (lambda a, view=view: describe(a, view, NAMES[:players]), state.label):
            said = defaultdict(list)
            for action in legal:
                said[words(action)].append(action)
            shared = {label: acts for label, acts in said.items() if len(acts) > 1}
            assert not shared, f"moves sharing a label: {shared}"
        kinds.update(a.kind for a in legal if sum(b.kind == a.kind for b in legal) > 1)
        state.apply(rng.choice(legal))
    assert {"pay", "claim", "site"} <= kinds  # the moves that were said alike came up
