"""City of the Big Shoulders agents.

A company earns only when its factories run: every worker space filled, the resources bought, the
goods shipped to demand with room. Both levels read only the observation's view. Measured
figures: RESULTS.md beside this file.

**Easy** picks at random among sensible moves: it favours staffing factories, producing and
shipping over trading and passing, buys resources its factories use, and usually pays dividends.

**Normal** runs a production chain on purpose: in the Action Phase it staffs the factories it can
fill first, raises money when its treasury runs low, and takes the buildings that give what its
factories lack; in the Operating Phase it buys exactly the resources its staffed factories need
(the first factory short of resources first, since factories run in order; then the cheapest
space), trades 2 for 1 at Haymarket only when that lets another factory run, runs every
factory it can, ships each good where it earns most (a tile it completes first), and pays out
when the payout lifts the share price or the treasury can spare it. On the stock market it buys
into the company with the best income for its price (its own charters first, money that stays in
its companies), starts a second company when it can afford one with money to spare, sells out of
a company it does not direct that is about to fall (no factory staffed and no money to staff
one: it must withhold), and otherwise sells only what the limits force.
"""

from __future__ import annotations

from ai.core.agent import HeuristicAgent, Observation
from engine.core.contract import Action
from engine.games.big_shoulders import market
from engine.games.big_shoulders.data import BUILDING_EFFECTS, BUILDINGS, COLUMN_BONUS, COMPANIES, SUPPLY_PRICES
from engine.games.big_shoulders.operating import BUY_SPACES

_SPACE_WEIGHTS = {"hire_workers": 6, "fund_40": 2, "fund_60": 3, "fund_80": 4, "capital_investment": 3,
                  "advertising": 2, "hire_manager": 3, "hire_salesperson": 3, "extra_dividends": 1}
_OTHER_WEIGHTS = {"hire": 6, "done_hiring": 1, "bonus_take": 4, "bonus_forfeit": 1, "automate": 5,
                  "place_worker": 5, "manager": 5, "take_resource": 5, "take_pair": 5, "skip_gain": 0.3,
                  "skip_emergency": 6, "emergency": 1, "produce": 12, "stop_producing": 0.3,
                  "pay_out": 6, "withhold": 1, "use_asset": 2, "trade": 0.2, "use_building": 4,
                  "pass_action": 0.4, "pass": 5, "end_turn": 3, "sell": 0.4, "buy": 3, "start": 2,
                  "take_first": 1, "keep_place": 1, "done_buying": 2, "done_shipping": 0.5,
                  "done_operating": 1}


def wants(company: dict, cid: str) -> dict[str, int]:
    """The resources the staffed factories of a company use to run, in order, this Decade."""
    want: dict[str, int] = {}
    for f, fac in enumerate(COMPANIES[cid].factories):
        if company["workers"][f] + company["automated"][f] < fac.workers:
            break   # factories run in order: the chain stops at the first unstaffed one
        for r, n in fac.uses:
            want[r] = want.get(r, 0) + n
    return want


def needs(company: dict, cid: str) -> dict[str, int]:
    """What the staffed factories of a company still lack to run, in order, this Decade."""
    return {r: max(0, n - company["resources"].get(r, 0)) for r, n in wants(company, cid).items()}


def first_short(company: dict, cid: str) -> dict[str, int]:
    """What the first staffed factory that its holdings cannot yet run lacks (factories run in
    order, so the resources for a later one are wasted until this one is covered)."""
    have = dict(company["resources"])
    for f, fac in enumerate(COMPANIES[cid].factories):
        if company["workers"][f] + company["automated"][f] < fac.workers:
            return {}
        lack = {r: n - have.get(r, 0) for r, n in fac.uses if have.get(r, 0) < n}
        if lack:
            return lack
        for r, n in fac.uses:
            have[r] -= n
    return {}


def coverable(company: dict, cid: str, resources: dict, supply: dict) -> tuple[int, int]:
    """How many factories, in order, the company could run with `resources` plus what it can
    afford from `supply` (cheapest space first), and what that buying costs."""
    have, left, cash, spent = dict(resources), {sp: dict(supply[sp]) for sp in BUY_SPACES}, company["cash"], 0
    runs = 0
    for f, fac in enumerate(COMPANIES[cid].factories):
        if company["workers"][f] + company["automated"][f] < fac.workers:
            break
        for r, n in fac.uses:
            while have.get(r, 0) < n:
                sp = min((sp for sp in BUY_SPACES if left[sp].get(r)), key=SUPPLY_PRICES.get, default=None)
                if sp is None or SUPPLY_PRICES[sp] > cash:
                    return runs, spent
                left[sp][r] -= 1
                have[r] = have.get(r, 0) + 1
                cash -= SUPPLY_PRICES[sp]
                spent += SUPPLY_PRICES[sp]
            have[r] -= n
        runs += 1
    return runs, spent


def falling(company: dict, cid: str) -> bool:
    """A company that cannot run a factory this Decade, so it must withhold and its price drops a
    step: no factory staffed, and too little in its treasury to staff one and buy its resources."""
    staffed = any(company["workers"][f] + company["automated"][f] >= fac.workers
                  for f, fac in enumerate(COMPANIES[cid].factories))
    return company["started"] and not staffed and company["cash"] < 60


def trade_helps(view: dict, cid: str, give: str, take: str, memo: dict | None = None) -> bool:
    """Whether 2 `give` for 1 `take` at Haymarket lets more factories run this Decade (say, when
    the supply chain has none of what the first factory lacks)."""
    c = view["companies"][cid]
    after = dict(c["resources"])
    after[give] -= 2
    after[take] = after.get(take, 0) + 1
    now = _memo({} if memo is None else memo, ("runs", cid), coverable, c, cid, c["resources"], view["supply"])
    return coverable(c, cid, after, view["supply"])[0] > now[0]


def _memo(memo: dict, key, fn, *args):
    """`fn(*args)`, worked out once per `memo` (one decision: every choice reads the same view)."""
    got = memo.get(key)
    if got is None:
        got = memo[key] = fn(*args)
    return got


def _ship_value(view: dict, cid: str, col: int) -> float:
    """Roughly what one good earns at `col` (HALF = the bank space)."""
    price = COMPANIES[cid].prices[view["companies"][cid]["sales"]]
    if col < 0:
        return price / 2
    row = ["food_dairy", "dry_goods", "meat_packing", "shoes"].index(COMPANIES[cid].goods)
    tile = view["demand_grid"][row][col]
    if tile is None:
        return price / 2 if col == 2 else price + (COLUMN_BONUS[col] / 6)
    return price + COLUMN_BONUS[col] / 2


class EasyAgent(HeuristicAgent):
    """Weighted random over sensible choices."""

    level = "easy"

    def weight(self, obs: Observation, a: Action) -> float:
        view = obs.view
        k = a.kind
        if k == "place":
            return _SPACE_WEIGHTS.get(a.args[0], 1)
        if k == "buy_resource":
            cid = view["operating"]
            return 4 if needs(view["companies"][cid], cid).get(a.args[1], 0) > 0 else 0.1
        if k == "ship":
            return 2 + _ship_value(view, view["operating"], a.args[0]) / 10
        if k == "done_shipping":
            return 0.3 if view["companies"][view["operating"]]["goods"] else 5
        return _OTHER_WEIGHTS.get(k, 1)

    def decide(self, obs: Observation, rng) -> Action:
        weights = [self.weight(obs, a) for a in obs.legal]
        if not any(weights):
            weights = [1] * len(obs.legal)
        return obs.legal[rng.weighted_index([max(1, int(w * 10)) if w else 0 for w in weights])]


class NormalAgent(EasyAgent):
    """A production chain run on purpose, and stock bought where the income is."""

    level = "normal"

    @staticmethod
    def model_view(state, seat: int) -> dict:
        """The parts of `state.view(seat)` this agent reads, shared rather than copied (Normal never
        changes its view): inside Hard's rollouts Normal plays every seat, and copying the whole
        view was three quarters of a rollout's time."""
        return {"cash": state.cash, "companies": state.companies, "demand_grid": state.demand_grid,
                "operating": state.operating, "played": state.played, "viewer": seat,
                "supply": state.supply, "frame": state.stack[-1][0], "company": state.decision_company()}

    def decide(self, obs: Observation, rng) -> Action:
        memo: dict = {}   # what every choice of this one decision reads alike, worked out once
        scored = [(self.score(obs, a, memo), i) for i, a in enumerate(obs.legal)]
        best = max(s for s, _ in scored)
        ties = [i for s, i in scored if s == best]
        return obs.legal[rng.choice(ties) if len(ties) > 1 else ties[0]]

    # -- the score of each choice -------------------------------------------------------------
    def score(self, obs: Observation, a: Action, memo: dict | None = None) -> float:
        """How much Normal likes `a`; `memo` carries what the choices of one decision share."""
        view = obs.view
        k = a.kind
        me = obs.seat
        memo = {} if memo is None else memo
        # the kinds are disjoint: the two most frequent (a Partner's placements) are asked first
        if k == "use_building":
            return self._building_use_value(view, a.args[0], a.args[1], memo)
        if k == "place":
            return self._space_value(view, a.args[0], a.args[1])
        if k in ("pass", "end_turn"):
            return 1
        if k == "buy":
            return self._stock_value(view, me, a.args[0]) * (1.3 if a.args[2] == "charter" else 1) - \
                (5 if a.args[1] == "preferred" else 0)
        if k == "start":
            mine = [c for c in view["companies"].values() if c["started"] and c["dir"] == me]
            step = a.args[1]
            return (6 if len(mine) < 2 and view["cash"][me] >= 3 * market.value(step) + 60 else -1) + step / 10
        if k == "sell":
            # sell out of a company about to fall (priced before its drop), before the turn's buy;
            # never one's own, whose price the director can still lift
            c = view["companies"][a.args[0]]
            return 20 if c["dir"] != me and falling(c, a.args[0]) else 0.5
        if k == "build":
            return self._building_value(view, a.args[0]) - 0.1 * self._building_value(view, a.args[1])
        if k == "pass_action":
            return 0.5
        if k == "buy_resource":
            # the first factory short of resources first, cheapest space first
            cid = view["operating"]
            c = view["companies"][cid]
            if _memo(memo, ("first_short", cid), first_short, c, cid).get(a.args[1], 0) > 0:
                return 30 - SUPPLY_PRICES[a.args[0]] / 10
            return 20 - SUPPLY_PRICES[a.args[0]] / 10 if _memo(memo, ("needs", cid), needs, c, cid).get(
                a.args[1], 0) > 0 else -1
        if k == "done_buying":
            return 0
        if k == "produce":
            return 50
        if k == "ship":
            return _ship_value(view, view["operating"], a.args[0])
        if k == "done_shipping":
            return 0
        if k == "pay_out":
            # pay when the payout lifts the price; a payout that does not is still paid unless
            # the treasury is too low to hire and buy next Decade
            c = view["companies"][view["operating"]]
            paid = market.rounded_payout(c["revenue"] + c["extra_revenue"])
            rises = market.payout_steps(paid, c["step"]) > 0
            return 10 if rises or c["cash"] >= 60 else 0.5
        if k == "withhold":
            return 1
        if k == "trade":
            # 2 for 1 at Haymarket, before production, when it lets another factory run
            cid, give, take = a.args
            return 25 if view["frame"] == "op_buy" and trade_helps(view, cid, give, take, memo) else -5
        if k == "use_asset":
            return 4
        if k == "done_operating":  # the last chance (§13.4 step 5): an asset still unused is used
            return 0
        if k in ("skip_gain", "bonus_forfeit", "emergency", "keep_place", "done_hiring"):
            return 0
        if k in ("hire", "place_worker", "manager"):
            # factories run in order: a Worker or Manager goes to the earliest factory open to it
            # (picked at random, three Workers often left the first factory one short all game)
            return 10 - a.args[0]
        if k == "automate":
            f, dest = a.args   # the displaced Worker fills an empty space (earliest first) or leaves
            return 6 - dest if dest >= 0 else 2 + f / 10
        if k in ("take_resource", "take_pair"):
            c = view["companies"][view["company"]] if view.get("company") else None
            lack = needs(c, view["company"]) if c is not None else {}
            return 2 + sum(1 for r in a.args if lack.get(r, 0) > 0)
        return 2

    def _stock_value(self, view: dict, me: int, cid: str) -> float:
        c = view["companies"][cid]
        value = market.value(c["step"])
        income = sum(COMPANIES[cid].prices[c["sales"]] * fac.makes for fac in COMPANIES[cid].factories)
        staffed = sum(c["workers"][f] + c["automated"][f] >= fac.workers
                      for f, fac in enumerate(COMPANIES[cid].factories))
        own = 3 if c["dir"] == me else 0
        if falling(c, cid) and not own:
            return 0
        return own + income * (0.5 + staffed) / (value * 3) + c["appeal"] / 8

    def _space_value(self, view: dict, space: str, cid: str) -> float:
        c = view["companies"][cid]
        if space == "hire_workers":
            open_spaces = sum(fac.workers - c["workers"][f] - c["automated"][f]
                              for f, fac in enumerate(COMPANIES[cid].factories))
            return 9 if open_spaces else 0
        if space.startswith("fund_"):
            return 4 + int(space[5:]) / 40 + (3 if c["cash"] < 60 else 0)
        if space == "hire_manager":
            return 6 if c["cash"] >= 120 else 2
        if space == "hire_salesperson":
            return 6 if c["cash"] >= 150 else 2
        if space == "capital_investment":
            return 5 if c["cash"] >= 120 else 1
        if space == "advertising":
            return 3
        if space == "extra_dividends":
            return 4 if c["cash"] >= 250 else 0
        return 1

    def _building_value(self, view: dict, building: int) -> float:
        return BUILDINGS[building].cost / 10 + BUILDINGS[building].workers

    def _building_use_value(self, view: dict, building: int, cid: str, memo: dict) -> float:
        b = BUILDINGS[building]
        effect = BUILDING_EFFECTS[building]
        c = view["companies"][cid]
        cost = b.cost if b.pay == "company" else 0
        value = 4.0
        if "resources" in effect:
            lack = _memo(memo, ("needs", cid), needs, c, cid)
            value = 3 + 3 * sum(min(n, lack.get(r, 0)) for r, n in effect["resources"])
        elif "produce" in effect:
            value = 4 + 2 * effect["produce"]
        elif "dividend" in effect:
            value = 3
        mine = _memo(memo, "owners", self._owners, view).get(building) == view["viewer"]
        return value - cost / 20 + (2 if mine else 0)

    @staticmethod
    def _owners(view: dict) -> dict[int, int]:
        """The seat that played each building (the first, should two seats list one)."""
        owners: dict[int, int] = {}
        for seat, played in enumerate(view["played"]):
            for _, b in played:
                owners.setdefault(b, seat)
        return owners


AGENTS = {"easy": EasyAgent, "normal": NormalAgent}
