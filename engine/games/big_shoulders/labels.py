"""The label of every City of the Big Shoulders action, in players' words (names, never ids or
seat numbers), built with engine.core.text."""

from __future__ import annotations

from engine.core.contract import Action
from engine.core.text import count, money
from engine.games.big_shoulders import market
from engine.games.big_shoulders.data import (
    APPEAL_BONUSES,
    ASSET_PRICES,
    ASSETS,
    COLUMN_BONUS,
    COMPANIES,
    DEMAND,
    FORFEIT_CASH,
    GOALS,
    GOODS_NAMES,
    SUPPLY_PRICES,
)
from engine.games.big_shoulders.words import (
    KIND_WORDS,
    aname,
    bname,
    bname_full,
    cname,
    factory,
    res,
    space_name,
    supply_space,
)

_BONUS_WORDS = {"worker": "Take the free Worker", "salesperson": "Take the Salesperson",
                "automate": "Automate a Worker", "goods_token": "Take the Appeal Bonus Goods token",
                "stock": "Take the stock step"}
_PLAIN = {"pass": "Pass", "end_turn": "End the turn without buying",
          "pass_action": "Pass for the rest of the Action Phase", "done_hiring": "Stop hiring",
          "take_first": "Move to first place on the Action turn order track",
          "keep_place": "Keep your place in the turn order", "bonus_forfeit": f"Take {money(FORFEIT_CASH)} instead",
          "skip_gain": "Skip the rest", "skip_emergency": "No Emergency Fundraising",
          "done_buying": "Finish buying resources", "stop_producing": "Stop producing",
          "done_shipping": "Finish shipping", "withhold": "Withhold the revenue",
          "done_operating": "Go on without using the asset"}


def _where(cid: str, worker_dest: int) -> str:
    return "the Job Market" if worker_dest < 0 else factory(cid, worker_dest)


def _buy(state, args, cid, top) -> str:
    c, what, source = args
    cost = (2 if what == "preferred" else 1) * state.share_value(c)
    where = "the company" if source == "charter" else "the bank pool"
    return f"Buy the {KIND_WORDS[what]} certificate of {cname(c)} from {where} for {money(cost)}"


def _bonus(state, args, cid, top) -> str:
    bonus = APPEAL_BONUSES[top[3][0]] if top[0] == "bonus" else ""
    words = _BONUS_WORDS.get(bonus, "Take the bonus")
    if bonus == "worker":
        return f"{words} into {factory(cid, args[0])}"
    if bonus == "automate":
        return f"{words} in {factory(cid, args[0])}, moving it to {_where(cid, args[1])}"
    return words


def _pair(state, args, cid, top) -> str:
    a, b = args
    return f"Take {res(a, 2)} from Haymarket" if a == b else f"Take {res(a)} and {res(b)} from Haymarket"


def _buy_asset(state, args, cid, top) -> str:
    discount = top[3] if top[0] == "asset_buy" else 0
    price = max(0, ASSET_PRICES[args[0]] - discount)
    return f"Buy {aname(state.asset_row[args[0]])} for {money(price)}"


def _emergency(state, args, cid, top) -> str:
    commons, pref = args
    parts = [f"{commons} Common" if commons == 1 else f"{commons} Commons"] if commons else []
    if pref:
        parts.append("the Preferred")
    return f"Emergency Fundraising: sell {' and '.join(parts)} from the charter"


def _ship(state, args, cid, top) -> str:
    if args[0] < 0:
        return "Ship a good to the half-price bank space"
    goods = GOODS_NAMES[COMPANIES[cid].goods] if cid else "goods"
    return f"Ship a good to the {goods} demand in the {money(COLUMN_BONUS[args[0]])} column"


def _pay_out(state, args, cid, top) -> str:
    return f"Pay {money(market.rounded_payout(state.revenue_of(cid) if cid else 0))} out as dividends"


_LABELS = {
    "start": lambda st, a, cid, top: f"Start {COMPANIES[a[0]].name} at {money(market.value(a[1]))} a share",
    "sell": lambda st, a, cid, top: f"Sell the {KIND_WORDS[a[1]]} certificate of {cname(a[0])}",
    "buy": _buy,
    "build": lambda st, a, cid, top: f"Play {bname_full(a[0])} and discard {bname(a[1])}",
    "place": lambda st, a, cid, top: f"Send a Partner to {space_name(a[0])} for {cname(a[1])}",
    "use_building": lambda st, a, cid, top: f"Send a Partner to {bname_full(a[0])} for {cname(a[1])}",
    "trade": lambda st, a, cid, top: f"Trade {res(a[1], 2)} of {cname(a[0])} for {res(a[2])} at Haymarket",
    "use_asset": lambda st, a, cid, top: f"Use {aname(st.companies[a[0]]['asset'])} for {cname(a[0])}",
    "hire": lambda st, a, cid, top: (f"Hire a Worker for {factory(cid, a[0])} "
                                     f"({money(market.worker_price(st.job_market))})"),
    "bonus_take": _bonus,
    "automate": lambda st, a, cid, top: f"Automate a Worker in {factory(cid, a[0])}, moving it to {_where(cid, a[1])}",
    "place_worker": lambda st, a, cid, top: f"Put a free Worker in {factory(cid, a[0])}",
    "manager": lambda st, a, cid, top: f"Put the Manager in {factory(cid, a[0])}",
    "take_resource": lambda st, a, cid, top: f"Take {res(a[0])} from Haymarket",
    "take_pair": _pair,
    "buy_asset": _buy_asset,
    "keep_asset": lambda st, a, cid, top: f"Keep {aname(a[0])}",
    "emergency": _emergency,
    "buy_resource": lambda st, a, cid, top: f"Buy {res(a[1])} from {supply_space(a[0])} ({money(SUPPLY_PRICES[a[0]])})",
    "produce": lambda st, a, cid, top: f"Run {factory(cid, a[0])}",
    "ship": _ship,
    "pay_out": _pay_out,
    # chance outcomes
    "first_chooser": lambda st, a, cid, top: f"{{p{a[0]}}} chooses first",
    "draw": lambda st, a, cid, top: f"Draw {res(a[0])}",
    "deal": lambda st, a, cid, top: f"Deal a building to {{p{a[0]}}}",
    "demand": lambda st, a, cid, top: f"A Demand tile for {count(DEMAND[a[0]].demand, 'good')}",
    "start_asset": lambda st, a, cid, top: f"Draw {ASSETS[a[0]].name}",
    "asset_draw": lambda st, a, cid, top: f"Draw {ASSETS[a[0]].name}",
    "goal": lambda st, a, cid, top: f"Public Goal: {GOALS[a[0]].text}",
}


def label(state, action: Action) -> str:
    """The words for `action` in `state` (the frame on top says which company a choice is for)."""
    kind, _, args = action
    if kind in _PLAIN:
        return _PLAIN[kind]
    top = state.stack[-1] if state.stack else [""]
    cid = top[2] if len(top) > 2 and isinstance(top[2], str) and top[2] in COMPANIES else None
    fn = _LABELS.get(kind)
    return fn(state, args, cid, top) if fn else kind.replace("_", " ").capitalize()
