"""The label of every 1st CEO action, in players' words (names, never ids or seat numbers), built
with engine.core.text."""

from __future__ import annotations

from engine.core.contract import Action
from engine.core.text import article, seat_ref
from engine.games.first_ceo.data import COMPANIES
from engine.games.first_ceo.words import company, corporation


def label(state, action: Action) -> str:
    k, a = action.kind, action.args
    if k == "acquire":
        c = COMPANIES[state.market[a[0]]] if state.market[a[0]] else None
        return f"Acquire {c.name} for ${state.acquire_price(a[0])}" if c else "Acquire (empty space)"
    if k == "buy_share":
        name = corporation(state.corp[a[0]])
        return f"Buy {article(name)} share from {seat_ref(a[0])} for ${state.share_price(a[0])}"
    if k == "dividends":
        return f"Pay dividends (${state.income(action.seat)} per share)"
    if k == "deal_corp":
        return f"Deal {corporation(a[1])} to {seat_ref(a[0])}"
    if k == "start_player":
        return f"{seat_ref(a[0])} starts"
    if k == "reveal":
        return f"Reveal {company(a[1])} on space {a[0] + 1}"
    if k == "draw_asset":
        return f"{seat_ref(a[0])} draws an asset {a[1]} card {a[2]:+d}"
    return str(action)
