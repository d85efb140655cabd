"""The label of every Robber Barons action, in players' words (names, never ids or seat numbers),
built with engine.core.text."""

from __future__ import annotations

from engine.core.contract import Action
from engine.core.text import seat_ref
from engine.games.robber_barons.data import BUSINESS, LEGACY
from engine.games.robber_barons.industries import MARKER_COST, TAKEOVER_COST
from engine.games.robber_barons.speculation import START_BONUS
from engine.games.robber_barons.words import money, space_name


def label(state, action: Action) -> str:
    k, seat, a = action
    if k == "dice":
        return f"Roll {a[0]} {'die' if a[0] == 1 else 'dice'}"
    if k == "bonus":
        return f"Take {money(START_BONUS)}" if a[0] == "cash" else "Draw a Legacy card"
    if k == "buy":
        c = LEGACY[state.offer] if state.offer else None
        return f"Buy {c.name} for {money(c.value)}" if c else "Buy the Legacy card"
    if k == "bottom":
        return "Put it on the bottom of the Legacy deck"
    if k == "invest":
        return f"Option 1: a control marker for {money(MARKER_COST)}"
    if k == "takeover":
        return f"Option 2: replace a marker of {seat_ref(a[0])} for {money(TAKEOVER_COST)}"
    if k == "stop":
        return "Do nothing more here" if state.stack and state.stack[-1][0] == "invest" and state.stack[-1][2] \
            else "Option 3: do nothing"
    if k == "target":
        return f"Target {seat_ref(a[0])}"
    if k == "place":
        return f"Place a control marker on {space_name(a[0])}"
    if k == "monopolize":
        return f"Replace a marker of {seat_ref(a[1])} on {space_name(a[0])}"
    if k == "goto":
        return f"Go to {space_name(a[0])}"
    if k == "first_roll":
        return f"{{p{a[0]}}} rolls {a[1]}"
    if k == "roll":
        return f"Roll {' + '.join(map(str, a))}"
    if k in ("die",):
        return f"Roll {a[0]}"
    if k == "venture":
        return f"Roll {a[0]} and {a[1]}"
    if k == "draw_legacy":
        return f"Draw {LEGACY[a[0]].name}"
    if k == "draw_business":
        return f"Draw {BUSINESS[a[0]].name}"
    return str(action)
