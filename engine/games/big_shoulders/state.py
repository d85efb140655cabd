"""City of the Big Shoulders rules as a State (DESIGN §2): set-up, the choice of starting
companies, the Stock Phase and the Building Phase. "§" is a section of the components file
(city-of-the-big-shoulders-components.md); the issue's rulings on its §15 and §16 are taken as
written and marked "ruling" here.

The Action Phase runs its sequences of placements in turn-order-track order, with the pass of
ruling §15.1 and the $25 per Partner of a player without a company. It offers the general spaces
Fundraising ($40, $60, $80), Hire Salesperson, Extra Dividends, Hire Workers (one Worker at a time
into a chosen factory, each at the Job Market's price then), Hire Manager (into a chosen factory)
and Advertising (its Appeal bonuses, then first place from the next sequence). Not yet implemented
(the next step of issue 16): Capital Investment, the buildings, free actions (Haymarket trades,
asset uses), the Operating Phase (the state stops at its start: phase "operating", no legal
actions), Cleanup, scoring and the advanced options.

The game is driven by a stack of frames (engine.core.frames):

- chance frames, answered by CHANCE: chooser (who picks a starting company first), demand (the
  next Demand tile into the next empty space), start_asset (a starting Capital Asset into the next
  slot), goal (a Public Goal), supply (a resource from the bag into a supply-chain space), deal
  (a building tile into a seat's hand);
- decision frames: found (a starting company), stock (a Stock Phase turn), build (the Building
  Phase's secret pick), action (a Partner's placement), hire (the next Worker's factory, or
  done), manager (the Manager's factory), bonus (take an Appeal bonus or $25 instead),
  operating (not yet implemented);
- automatic frames: stock_start, stock_end, building_start, action_start, action_next.

Hidden information: each seat's buildings in hand, its discards, and its pick in the Building
Phase until every seat has picked. Every deck is a multiset each draw of which is a chance
outcome, so no order is hidden.
"""

from __future__ import annotations

from engine.core.action_types import exactly_typed
from engine.core.contract import CHANCE, TERMINAL, Action, Event, GameSpec
from engine.core.frames import FrameStackState
from engine.core.plain import plain_copy
from engine.core.text import count, join_words, money
from engine.games.big_shoulders import market
from engine.games.big_shoulders.data import (
    APPEAL_BONUSES,
    APPEAL_TOP,
    ASSET_PRICES,
    ASSETS,
    BUILDING_ERA,
    BUILDINGS,
    CAP_UNITS,
    CERT_UNITS,
    COLUMN_BONUS,
    COMPANIES,
    COMPANY_IDS,
    DEMAND,
    FORFEIT_CASH,
    GENERAL_SPACES,
    GOALS,
    GOODS_ROWS,
    GOODS_TOKENS,
    HAYMARKET_START,
    JOB_SPACES,
    RESOURCE_NAMES,
    RESOURCE_TOTAL,
    RESOURCES,
    SETUP,
    START_ASSET_AT_TOP,
    START_STEPS,
    SUPPLY_SPACES,
    YEARS,
    buildings_for,
    cert_limit,
    demand_for,
)

CHARTER = -1
"""Where a certificate is while the company still holds it (it sells it to players)."""
POOL = -2
"""The bank pool."""

CHANCE_FRAMES = frozenset(("chooser", "demand", "start_asset", "goal", "supply", "deal"))
AUTO_FRAMES = frozenset(("stock_start", "stock_end", "building_start", "action_start", "action_next",
                         "bonus_next"))
SIMPLE_SPACES = ("fund_40", "fund_60", "fund_80", "hire_salesperson", "extra_dividends", "hire_workers",
                 "hire_manager", "advertising")
"""The general spaces the Action Phase offers so far."""
KIND_WORDS = {"common": "Common (10%)", "preferred": "Preferred (20%)", "director": "Director's (30%)"}
FRAME_WORDS = {"found": "start your first company", "stock": "sell, buy, start a company or pass",
               "build": "pick a building to play and one to discard"}


def _name(cid: str) -> str:
    return COMPANIES[cid].short


def _new_company(cid: str, players: int) -> dict:
    c = COMPANIES[cid]
    return {
        "started": False, "step": 0, "appeal": 0, "cash": 0,
        "dir": CHARTER, "pref": CHARTER, "com_charter": 0, "com_pool": 0, "com": [0] * players,
        "workers": [0] * len(c.factories),      # Workers on each factory's worker spaces
        "automated": [0] * len(c.factories),    # automation tokens moved onto worker spaces
        "managers": [0] * len(c.factories),
        "sales": 0, "resources": dict.fromkeys(RESOURCES, 0), "goods": 0, "tokens": 0,
        "asset": None, "assets_acquired": 0, "exhausted": False,
    }


class BigShouldersState(FrameStackState):
    """The whole game. Seats are 0..players-1, clockwise in seat order; companies are ids."""

    AUTO_FRAMES = AUTO_FRAMES

    _FIELDS = (
        "players", "opts", "decade", "phase", "cash", "partners", "partner_gains", "founder",
        "priority", "order", "companies", "appeal_stack", "sold_decade", "job_market", "bag",
        "haymarket", "supply", "asset_row", "asset_start", "asset_deck", "goals", "goal_pool",
        "demand_piles", "demand_grid", "demand_goods", "decks", "hands", "discards", "played",
        "picks", "placed", "passed", "space_uses", "ad_first", "stack", "over",
    )
    __slots__ = _FIELDS

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def new(cls, spec: GameSpec, players: int, options: dict) -> BigShouldersState:
        """Set-up (rules set-up 1–18, §13.1): what is fixed is placed here; every draw follows as
        a CHANCE decision (Demand tiles, starting assets, goals, the bag, the buildings dealt,
        and who chooses a company first)."""
        s = cls.__new__(cls)
        s.players = players
        s.opts = {"public_goals": bool(options.get("public_goals", True)),
                  "advanced": bool(options.get("advanced", False)),
                  "friendly": bool(options.get("friendly", True))}
        s.decade = 1
        s.phase = "setup"
        s.cash = [SETUP["start_cash"]] * players
        s.partners = [SETUP["start_partners"]] * players
        s.partner_gains = [[] for _ in range(players)]  # "founding", "decade", "appeal": once each
        s.founder = [None] * players                    # company whose last factory holds the Partner
        s.priority = 0
        s.order = list(range(players))                  # Action Phase turn order track
        s.companies = {cid: _new_company(cid, players) for cid in COMPANY_IDS}
        s.appeal_stack = []                             # started companies; earlier = on top of a stack
        s.sold_decade = [[] for _ in range(players)]    # companies a seat sold this Decade
        s.job_market = SETUP["job_market_workers"]
        s.haymarket = dict(HAYMARKET_START)
        s.bag = {r: RESOURCE_TOTAL[r] - HAYMARKET_START[r] for r in RESOURCES}
        s.supply = {sp: dict.fromkeys(RESOURCES, 0) for sp in SUPPLY_SPACES}
        starts = [a for a in ASSETS if ASSETS[a].start and a != START_ASSET_AT_TOP]
        s.asset_row = [None] * (len(ASSET_PRICES) - 1) + [START_ASSET_AT_TOP]
        s.asset_start = sorted(starts)                  # the 4 starting tiles still to be placed
        s.asset_deck = sorted(a for a in ASSETS if not ASSETS[a].start)
        s.goals = []
        s.goal_pool = sorted(GOALS) if s.opts["public_goals"] else []
        used = set(demand_for(players))
        s.demand_piles = [sorted(t for t in used if DEMAND[t].pips == p) for p in (1, 2, 3, 4)]
        s.demand_grid = [[None] * len(COLUMN_BONUS) for _ in GOODS_ROWS]
        s.demand_goods = [[0] * len(COLUMN_BONUS) for _ in GOODS_ROWS]
        s.decks = {str(era): buildings_for(players, era) for era in (1, 2, 3)}
        s.hands = [[] for _ in range(players)]
        s.discards = [[] for _ in range(players)]
        s.played = [[] for _ in range(players)]         # [decade, building id] per building played
        s.picks = [None] * players                      # [play, discard] while the Building Phase runs
        s.placed = [0] * players                        # Partners placed this Action Phase
        s.passed = [False] * players                    # passed for the rest of this Action Phase
        s.space_uses = {}                               # general space id -> Partners on it this Decade
        s.ad_first = []                                 # who advertised for first place this sequence
        deal = [seat for seat in range(players) for _ in range(SETUP["buildings_dealt"])]
        s.stack = [["stock_start"], ["chooser"], ["deal", 1, deal],
                   ["supply", SETUP["supply_per_space"], list(SUPPLY_SPACES), 0]]
        if s.opts["public_goals"]:
            s.stack.append(["goal", SETUP["goals_drawn"]])
        s.stack += [["start_asset"], ["demand"]]
        s.over = False
        return s

    # -- queries --------------------------------------------------------------------------------
    def started(self) -> list[str]:
        return [cid for cid in COMPANY_IDS if self.companies[cid]["started"]]

    def units(self, seat: int, cid: str) -> int:
        """Share units (10% each) `seat` holds in `cid`."""
        c = self.companies[cid]
        return (CERT_UNITS["director"] * (c["dir"] == seat) + CERT_UNITS["preferred"] * (c["pref"] == seat)
                + c["com"][seat])

    def certificates(self, seat: int) -> int:
        """Certificates `seat` holds, the Director's counting as one (ruling §16.11)."""
        total = 0
        for cid in self.started():
            c = self.companies[cid]
            total += (c["dir"] == seat) + (c["pref"] == seat) + c["com"][seat]
        return total

    def share_value(self, cid: str) -> int:
        return market.value(self.companies[cid]["step"])

    def directed(self, seat: int) -> list[str]:
        return [cid for cid in self.started() if self.companies[cid]["dir"] == seat]

    def sold_out(self, cid: str) -> bool:
        """All 7 certificates are in players' hands: none on the charter or in the bank pool
        (ruling §16.12)."""
        c = self.companies[cid]
        return (c["started"] and c["pref"] >= 0 and c["com_charter"] == 0 and c["com_pool"] == 0)

    def operating_order(self) -> list[str]:
        """Started companies from the highest Appeal space down; on one space, the top of the
        stack first (§4)."""
        return sorted(self.appeal_stack, key=lambda cid: (-self.companies[cid]["appeal"],
                                                          self.appeal_stack.index(cid)))

    def clockwise_from(self, seat: int) -> list[int]:
        return [(seat + i) % self.players for i in range(self.players)]

    # -- whose decision ---------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.over:
            return TERMINAL
        f = self.stack[-1]
        if f[0] in CHANCE_FRAMES:
            return CHANCE
        if f[0] == "found":
            return f[1][f[2]]
        if f[0] == "stock":
            return f[1]
        if f[0] == "build":
            return self._next_picker()
        if f[0] == "action":
            return self.order[f[1]]
        if f[0] in ("hire", "manager", "bonus", "advertise"):
            return f[1]
        if f[0] == "operating":
            return self.order[0]
        raise AssertionError(f"no decision at frame {f[0]}")

    def _next_picker(self) -> int:
        """The Building Phase choice is simultaneous; the engine asks the seats one at a time in
        Priority Deal order, each pick hidden from the others until all have picked."""
        return next(seat for seat in self.clockwise_from(self.priority) if self.picks[seat] is None)

    # the choices at each decision frame (FrameStackState.legal_actions asks _choices_<frame>)
    def _choices_found(self, seat: int, _order, _idx) -> list[Action]:
        return [Action("start", seat, (cid, step)) for cid in COMPANY_IDS for step in START_STEPS
                if self._start_problem(seat, cid, step) is None]

    def _choices_stock(self, seat: int, _seat, _passes, _last, sold: dict) -> list[Action]:
        acts = []
        for cid in self.started():
            c = self.companies[cid]
            if c["com"][seat]:
                acts.append(Action("sell", seat, (cid, "common")))
            if c["pref"] == seat:
                acts.append(Action("sell", seat, (cid, "preferred")))
        for cid in self.started():
            for kind in ("common", "preferred"):
                for source in ("charter", "pool"):
                    if self._buy_problem(seat, cid, kind, source) is None:
                        acts.append(Action("buy", seat, (cid, kind, source)))
        if self.decade >= 2:
            acts += [Action("start", seat, (cid, step)) for cid in COMPANY_IDS for step in START_STEPS
                     if self._start_problem(seat, cid, step) is None]
        acts.append(Action("end_turn", seat, ()) if sold else Action("pass", seat, ()))
        return acts

    def _choices_build(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        return [Action("build", seat, (play, drop)) for play in hand for drop in hand if play != drop]

    def _choices_action(self, seat: int, _pos) -> list[Action]:
        acts = [Action("place", seat, (space, cid)) for space in SIMPLE_SPACES for cid in self.directed(seat)
                if self._place_problem(seat, space, cid) is None]
        return acts + [Action("pass_action", seat, ())]

    def _choices_hire(self, seat: int, _seat, cid: str, _pos, hired: int) -> list[Action]:
        acts = [Action("hire", seat, (f,)) for f in self._open_worker_factories(cid)
                if self.companies[cid]["cash"] >= market.worker_price(self.job_market)]
        if hired:
            acts.append(Action("done_hiring", seat, ()))
        return acts

    def _choices_advertise(self, seat: int, _seat) -> list[Action]:
        return [Action("take_first", seat, ()), Action("keep_place", seat, ())]

    def _choices_manager(self, seat: int, _seat, cid: str, _pos) -> list[Action]:
        return [Action("manager", seat, (f,)) for f in self._managerless(cid)]

    def _open_worker_factories(self, cid: str) -> list[int]:
        """Factories of `cid` with an empty worker space (neither a Worker nor automation on it)."""
        c = self.companies[cid]
        return [f for f, fac in enumerate(COMPANIES[cid].factories)
                if c["workers"][f] + c["automated"][f] < fac.workers]

    def _managerless(self, cid: str) -> list[int]:
        return [f for f, m in enumerate(self.companies[cid]["managers"]) if not m]

    def _choices_bonus(self, seat: int, _seat, cid: str, spaces) -> list[Action]:
        options = self._bonus_options(cid, APPEAL_BONUSES[spaces[0]])
        return [Action("bonus_take", seat, args) for args in options] + [Action("bonus_forfeit", seat, ())]

    def _choices_operating(self, seat: int) -> list[Action]:
        return []  # the Operating Phase is the next step of issue 16

    def _place_problem(self, seat: int, space: str, cid: str) -> str | None:
        """Why `seat` may not send a Partner to general space `space` for `cid` (§6, §13.3.4)."""
        if space not in GENERAL_SPACES:
            return "There is no such space."
        if space not in SIMPLE_SPACES:
            return f"{GENERAL_SPACES[space]['name']} is not playable yet."
        if cid not in self.companies or self.companies[cid]["dir"] != seat or not self.companies[cid]["started"]:
            return f"{{p{seat}}} may act only for a company they direct."
        g = GENERAL_SPACES[space]
        if self.decade < g.get("from_decade", 1):
            return f"{g['name']} opens in Decade {g['from_decade']}."
        if g["uses"] and self.space_uses.get(space, 0) >= g["uses"]:
            return f"{g['name']} is taken this Decade."
        c = self.companies[cid]
        cost = g.get("company_pays", 0)
        if c["cash"] < cost:
            return f"It costs {_name(cid)} {money(cost)}; its treasury holds {money(c['cash'])}."
        if space == "hire_salesperson" and c["sales"] >= COMPANIES[cid].max_salespeople:
            return f"{_name(cid)} has no room for another Salesperson."
        if space == "hire_workers":
            if not self._open_worker_factories(cid):
                return f"{_name(cid)} has no empty worker space."
            price = market.worker_price(self.job_market)
            if c["cash"] < price:
                return f"A Worker costs {money(price)}; {_name(cid)}'s treasury holds {money(c['cash'])}."
        if space == "hire_manager" and not self._managerless(cid):
            return f"Every factory of {_name(cid)} has a Manager."
        return None

    # -- why not --------------------------------------------------------------------------------
    def _start_problem(self, seat: int, cid: str, step: int) -> str | None:
        if cid not in self.companies:
            return "There is no such company."
        if self.companies[cid]["started"]:
            return f"{_name(cid)} is already in play."
        if step not in START_STEPS:
            values = join_words([money(market.value(s)) for s in START_STEPS], "or")
            return f"A company starts at a share value of {values}."
        cost = 3 * market.value(step)
        if self.cash[seat] < cost:
            return (f"The Director's certificate at {money(market.value(step))} a share costs "
                    f"{money(cost)}; {{p{seat}}} has {money(self.cash[seat])}.")
        if self.certificates(seat) >= cert_limit(self.players):
            return f"{{p{seat}}} holds {cert_limit(self.players)} certificates, the limit with {self.players} players."
        return None

    def _buy_problem(self, seat: int, cid: str, kind: str, source: str) -> str | None:
        if cid not in self.companies:
            return "There is no such company."
        c = self.companies[cid]
        if not c["started"]:
            return f"{_name(cid)} has not been started."
        if kind == "director":
            return "The Director's certificate can never be bought."
        if kind not in ("common", "preferred") or source not in ("charter", "pool"):
            return "Buy a Common or the Preferred certificate, from the charter or the bank pool."
        where = CHARTER if source == "charter" else POOL
        if kind == "preferred" and c["pref"] != where:
            return f"The Preferred certificate of {_name(cid)} is not {self._where_words(where)}."
        if kind == "common" and not c["com_charter" if source == "charter" else "com_pool"]:
            return f"No Common certificate of {_name(cid)} is {self._where_words(where)}."
        if cid in self.sold_decade[seat]:
            return f"{{p{seat}}} sold {_name(cid)} this Decade and may not buy it again until the next."
        if kind == "preferred" and c["dir"] == seat:
            return f"{{p{seat}}} directs {_name(cid)} and may not also hold its Preferred certificate."
        if self.units(seat, cid) + CERT_UNITS[kind] > CAP_UNITS:
            return f"No player may hold more than {CAP_UNITS * 10}% of a company."
        if self.certificates(seat) >= cert_limit(self.players):
            return f"{{p{seat}}} holds {cert_limit(self.players)} certificates, the limit with {self.players} players."
        cost = CERT_UNITS[kind] * self.share_value(cid)
        if self.cash[seat] < cost:
            return f"It costs {money(cost)}; {{p{seat}}} has {money(self.cash[seat])}."
        return None

    def _sell_problem(self, seat: int, cid: str, kind: str) -> str | None:
        if cid not in self.companies or not self.companies[cid]["started"]:
            return "That company is not in play."
        c = self.companies[cid]
        if kind == "director":
            return f"The Director may not sell the Director's certificate of {_name(cid)}."
        if kind == "common" and not c["com"][seat]:
            return f"{{p{seat}}} holds no Common certificate of {_name(cid)}."
        if kind == "preferred" and c["pref"] != seat:
            return f"{{p{seat}}} does not hold the Preferred certificate of {_name(cid)}."
        if kind not in ("common", "preferred"):
            return "Sell a Common or the Preferred certificate."
        return None

    @staticmethod
    def _where_words(where: int) -> str:
        return "on the charter" if where == CHARTER else "in the bank pool"

    def explain_illegal(self, action: Action) -> str | None:
        mover = self.to_move()
        if mover < 0:
            return None
        frame = self.stack[-1][0]
        kind, seat, args = action
        if frame == "found":
            if kind != "start":
                return "Every player first starts one company: choose a charter and a share value."
            return self._start_problem(seat, *args)
        if frame == "stock":
            sold = self.stack[-1][4]
            if kind == "sell":
                return self._sell_problem(seat, *args)
            if kind == "buy":
                return self._buy_problem(seat, *args)
            if kind == "start":
                if self.decade < 2:
                    return "No other company may be started in the first Decade."
                return self._start_problem(seat, *args)
            if kind == "pass" and sold:
                return "A player who sold this turn has acted: end the turn instead of passing."
            if kind == "end_turn" and not sold:
                return "Nothing was sold this turn: pass instead."
            return f"Now {{p{seat}}} may {FRAME_WORDS['stock']}."
        if frame == "build":
            if kind != "build":
                return f"Now {{p{seat}}} must {FRAME_WORDS['build']}."
            play, drop = args
            hand = self.hands[seat]
            if play == drop:
                return "Play one building and discard another: they must differ."
            missing = [b for b in (play, drop) if b not in hand]
            if missing:
                return f"Building {missing[0]} is not in {{p{seat}}}'s hand."
        if frame == "action":
            if kind == "place":
                return self._place_problem(seat, *args)
            return f"Now {{p{seat}}} may send a Partner to a space or pass."
        if frame == "hire":
            if kind == "hire" and args and args[0] not in self._open_worker_factories(self.stack[-1][2]):
                return "That factory has no empty worker space."
            if kind == "done_hiring":
                return "Hire at least one Worker first."
            return f"Now {{p{seat}}} hires a Worker for a factory, or stops."
        if frame == "manager":
            return "Choose a factory without a Manager."
        if frame == "bonus":
            return "Take the appeal bonus as offered, or $25 instead."
        if frame == "advertise":
            return "Choose whether to move to first place on the turn order track."
        if frame == "operating":
            return "The Operating Phase is not playable yet."
        return None

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        f = self.stack[-1]
        kind = f[0]
        if kind == "chooser":
            return [(Action("first_chooser", CHANCE, (seat,)), 1) for seat in range(self.players)]
        if kind == "demand":
            pile = next(p for p in self.demand_piles if p)
            return [(Action("demand", CHANCE, (t,)), 1) for t in pile]
        if kind == "start_asset":
            return [(Action("start_asset", CHANCE, (a,)), 1) for a in self.asset_start]
        if kind == "goal":
            return [(Action("goal", CHANCE, (g,)), 1) for g in self.goal_pool]
        if kind == "supply":
            return [(Action("draw", CHANCE, (r,)), n) for r, n in self.bag.items() if n]
        if kind == "deal":
            seat = f[2][0]
            return [(Action("deal", CHANCE, (seat, b)), 1) for b in self.decks[str(f[1])]]
        raise AssertionError(f"no chance at frame {kind}")

    def is_legal(self, action: Action) -> bool:
        if not exactly_typed(action):
            return False
        if action.seat == CHANCE:
            return self.to_move() == CHANCE and any(a == action for a, _ in self.chance_outcomes())
        return action in self.legal_actions(action.seat)

    # -- applying: chance (FrameStackState calls _do_<kind>) ----------------------------------------
    def _do_first_chooser(self, _chance, seat: int) -> list[Event]:
        self.stack.pop()
        # choosing goes counter-clockwise from the first chooser (rules set-up 17)
        order = [(seat - i) % self.players for i in range(self.players)]
        self.stack.append(["found", order, 0])
        self.phase = "found"
        return [Event(f"{{p{seat}}} chooses a starting company first; the choice goes "
                      "counter-clockwise.", "setup")]

    def _next_demand_space(self) -> tuple[int, int] | None:
        """The next empty space to fill: the $50 column first, rows top to bottom (§13.6)."""
        for col in range(len(COLUMN_BONUS)):
            for row in range(len(GOODS_ROWS)):
                if self.demand_grid[row][col] is None:
                    return row, col
        return None

    def _do_demand(self, _chance, tile: int) -> list[Event]:
        pile = next(p for p in self.demand_piles if p)
        pile.remove(tile)
        row, col = self._next_demand_space()
        self.demand_grid[row][col] = tile
        if self._next_demand_space() is None or not any(self.demand_piles):
            self.stack.pop()
        return [Event(f"A Demand tile for {DEMAND[tile].demand} goods is placed in the "
                      f"{money(COLUMN_BONUS[col])} column.", "setup")]

    def _do_start_asset(self, _chance, asset: str) -> list[Event]:
        self.asset_start.remove(asset)
        slot = self.asset_row.index(None)
        self.asset_row[slot] = asset
        if not self.asset_start:
            self.stack.pop()
        return [Event(f"{ASSETS[asset].name} is offered for {money(ASSET_PRICES[slot])}.", "setup")]

    def _do_goal(self, _chance, goal: int) -> list[Event]:
        f = self.stack[-1]
        self.goal_pool.remove(goal)
        self.goals.append(goal)
        f[1] -= 1
        if f[1] == 0:
            self.stack.pop()
        return [Event(f"Public Goal: {GOALS[goal].text}.", "setup")]

    def _do_draw(self, _chance, resource: str) -> list[Event]:
        f = self.stack[-1]
        amount, targets = f[1], f[2]
        self.bag[resource] -= 1
        space = targets[0]
        self.supply[space][resource] += 1
        f[3] += 1
        events = []
        if f[3] == amount:
            got = [count(n, RESOURCE_NAMES[r], RESOURCE_NAMES[r]) for r, n in self.supply[space].items() if n]
            where = "the X space" if space == "x" else f"the {money(int(space))} space"
            events.append(Event(f"{join_words(got)} drawn from the bag to {where}.", "supply"))
            targets.pop(0)
            f[3] = 0
            if not targets:
                self.stack.pop()
        return events

    def _do_deal(self, _chance, seat: int, building: int) -> list[Event]:
        f = self.stack[-1]
        self.decks[str(f[1])].remove(building)
        self.hands[seat].append(building)
        f[2].pop(0)
        if not f[2]:
            self.stack.pop()
        return [Event(f"{{p{seat}}} is dealt building {building}: {BUILDINGS[building].text}.", "deal",
                      visible_to=seat, public_text=f"{{p{seat}}} is dealt a building.")]

    # -- applying: decisions ----------------------------------------------------------------------
    def _start_company(self, seat: int, cid: str, step: int) -> None:
        """§13.1: pay 3× the value to the company, take the Director's certificate, put the share
        marker on its space and the appeal marker at the bottom of any stack on its space."""
        c = self.companies[cid]
        cost = 3 * market.value(step)
        self.cash[seat] -= cost
        c.update(started=True, step=step, appeal=COMPANIES[cid].appeal, cash=cost, dir=seat, pref=CHARTER,
                 com_charter=5)
        self.appeal_stack.append(cid)

    def _do_start(self, seat: int, cid: str, step: int) -> list[Event]:
        self._start_company(seat, cid, step)
        text = (f"{{p{seat}}} starts {COMPANIES[cid].name} at {money(market.value(step))} a share, "
                f"paying {money(3 * market.value(step))} into its treasury.")
        f = self.stack[-1]
        if f[0] == "found":
            # the extra Partner goes on the last factory (rules set-up 17, §12)
            self.founder[seat] = cid
            f[2] += 1
            if f[2] == self.players:
                self.stack.pop()
                self.priority = seat   # the last to choose takes the Priority Deal marker
                self.order = self.clockwise_from(seat)
                return [Event(text, "stock"), Event(f"{{p{seat}}} takes the Priority Deal marker and "
                                                    "is first on the Action turn order track.", "setup")]
            return [Event(text, "stock")]
        return [Event(text, "stock")] + self._stock_acted(seat)

    def _do_sell(self, seat: int, cid: str, kind: str) -> list[Event]:
        """A sale is priced before the drop (ruling §16.13): every certificate of one company sold
        in one turn is paid at the value the company had when that turn's sale of it began."""
        c = self.companies[cid]
        sold = self.stack[-1][4]
        first = cid not in sold
        if first:
            sold[cid] = [market.value(c["step"]), self._protects(seat, cid)]
        price, protected = sold[cid]
        units = CERT_UNITS[kind]
        if kind == "common":
            c["com"][seat] -= 1
            c["com_pool"] += 1
        else:
            c["pref"] = POOL
        self.cash[seat] += units * price
        if cid not in self.sold_decade[seat]:
            self.sold_decade[seat].append(cid)
        drop = 0 if protected else self._sale_drop(seat, cid, units, first)
        old = c["step"]
        c["step"] = market.moved(old, -drop)
        moved = f", and its price falls to {money(market.value(c['step']))}" if c["step"] != old else ""
        return [Event(f"{{p{seat}}} sells the {KIND_WORDS[kind]} certificate of {_name(cid)} for "
                      f"{money(units * price)}{moved}.", "stock")]

    def _protects(self, seat: int, cid: str) -> bool:
        """Whether the company's Price Protection cancels the drop of this sale: only for sellers
        other than its director, and once per Decade (ruling §15.3), so using it exhausts it."""
        c = self.companies[cid]
        if c["asset"] != "price_protection" or c["exhausted"] or c["dir"] == seat:
            return False
        c["exhausted"] = True
        return True

    def _sale_drop(self, seat: int, cid: str, units: int, first: bool) -> int:
        """Steps one certificate's sale moves the price down (§13.2, §14): one per 10% sold; with
        Friendly Stock Sales a seller other than the director drops it one step per sale, whatever
        is sold (ruling §15.4: the director's own sales drop at the full rate)."""
        if self.opts["friendly"] and self.companies[cid]["dir"] != seat:
            return 1 if first else 0
        return units

    def _do_buy(self, seat: int, cid: str, kind: str, source: str) -> list[Event]:
        c = self.companies[cid]
        cost = CERT_UNITS[kind] * self.share_value(cid)
        self.cash[seat] -= cost
        if source == "charter":
            c["cash"] += cost   # bought from the company: the money goes to its treasury
        if kind == "common":
            c["com_charter" if source == "charter" else "com_pool"] -= 1
            c["com"][seat] += 1
        else:
            c["pref"] = seat
        where = "the company" if source == "charter" else "the bank pool"
        return [Event(f"{{p{seat}}} buys the {KIND_WORDS[kind]} certificate of {_name(cid)} from {where} "
                      f"for {money(cost)}.", "stock")] + self._stock_acted(seat)

    def _do_end_turn(self, seat: int) -> list[Event]:
        return self._stock_acted(seat)

    def _do_pass(self, seat: int) -> list[Event]:
        f = self.stack[-1]
        passes = f[2] + 1
        events = [Event(f"{{p{seat}}} passes.", "stock")]
        if passes == self.players:
            self.stack[-1] = ["stock_end", f[3]]
            return events
        self.stack[-1] = ["stock", (seat + 1) % self.players, passes, f[3], {}]
        return events

    def _stock_acted(self, seat: int) -> list[Event]:
        """A turn that did something other than pass: the run of passes starts again."""
        self.stack[-1] = ["stock", (seat + 1) % self.players, 0, seat, {}]
        return []

    def _do_build(self, seat: int, play: int, drop: int) -> list[Event]:
        self.picks[seat] = [play, drop]
        events = [Event(f"{{p{seat}}} picks building {play} to play and discards building {drop}.", "build",
                        visible_to=seat, public_text=f"{{p{seat}}} has chosen a building.")]
        if any(p is None for p in self.picks):
            return events
        return events + self._reveal_buildings()

    def reveals(self, action: Action) -> bool:
        """The last pick of the Building Phase turns every played tile face up."""
        return (action.kind == "build" and self.stack[-1][0] == "build"
                and sum(p is None for p in self.picks) == 1)

    def _reveal_buildings(self) -> list[Event]:
        """§13.3.1: the played tiles go face up onto their owners' tracks, the discards leave the
        game face down, and the Workers shown on the new tiles join the Job Market (at most 12)."""
        events = []
        workers = 0
        for seat in self.clockwise_from(self.priority):
            play, drop = self.picks[seat]
            self.hands[seat].remove(play)
            self.hands[seat].remove(drop)
            self.discards[seat].append(drop)
            self.played[seat].append([self.decade, play])
            workers += BUILDINGS[play].workers
            events.append(Event(f"{{p{seat}}} builds building {play}: {BUILDINGS[play].text} "
                                f"({money(BUILDINGS[play].cost)}).", "build"))
        self.picks = [None] * self.players
        before = self.job_market
        self.job_market = min(JOB_SPACES, before + workers)
        if workers:
            events.append(Event(f"{count(self.job_market - before, 'Worker')} join the Job Market.", "build"))
        self.stack[-1] = ["action_start"]
        return events

    # -- automatic frames ---------------------------------------------------------------------------
    def _frame_stock_start(self) -> list[Event]:
        self.phase = "stock"
        self.stack.append(["stock", self.priority, 0, -1, {}])
        return [Event(f"Decade {self.decade} ({YEARS[self.decade - 1]}): the Stock Phase begins with "
                      f"{{p{self.priority}}}.", "phase")]

    def _frame_stock_end(self, last: int) -> list[Event]:
        """The phase ends when every player has passed in a row: the Priority Deal marker goes
        to the left of the last player who acted (§13.2), and every sold-out company rises a step."""
        events = []
        if last >= 0:
            self.priority = (last + 1) % self.players
            events.append(Event(f"{{p{self.priority}}} takes the Priority Deal marker.", "stock"))
        for cid in self.started():
            if self.sold_out(cid):
                c = self.companies[cid]
                old = c["step"]
                c["step"] = market.moved(old, 1)
                if c["step"] != old:
                    events.append(Event(f"{_name(cid)} is sold out: its price rises to "
                                        f"{money(market.value(c['step']))}.", "stock"))
        self.stack.append(["building_start"])
        return events

    def _frame_building_start(self) -> list[Event]:
        """Decades 2–5 deal 2 buildings of the Decade's era to each player first (§13.3.1)."""
        self.phase = "building"
        self.stack.append(["build"])
        if self.decade > 1:
            deal = [seat for seat in self.clockwise_from(self.priority)
                    for _ in range(SETUP["buildings_dealt_later"])]
            self.stack.append(["deal", BUILDING_ERA[self.decade - 1], deal])
        return [Event("The Building Phase: every player secretly picks a building to play and one to "
                      "discard.", "phase")]

    def _frame_action_start(self) -> list[Event]:
        events = [Event("The Action Phase begins.", "phase")]
        self.phase = "action"
        if self.decade == SETUP["third_partner_decade"]:
            # ruling §16.2: the third Partner arrives at the start of the Decade-3 Action Phase
            for seat in range(self.players):
                self._gain_partner(seat, "decade")
            events.append(Event("Every player gains a Partner.", "action"))
        self.placed = [0] * self.players
        self.passed = [False] * self.players
        self.space_uses = {}
        self.stack.append(["action_next", 0])
        return events

    def _frame_action_next(self, pos: int) -> list[Event]:
        """The next placement (§13.3.2): in turn-order-track order, sequence after sequence, every
        player with a Partner left places one. A player without a company gets $25 for each
        Partner left, which counts as used; the phase ends when no one can place."""
        events = []
        for start in (pos, 0):
            if start == 0:
                events += self._end_sequence()
            for p in range(start, self.players):
                seat = self.order[p]
                left = self.partners[seat] - self.placed[seat]
                if self.passed[seat] or left <= 0:
                    continue
                if not self.directed(seat):
                    pay = SETUP["no_company_pay_per_partner"] * left
                    self.cash[seat] += pay
                    self.placed[seat] = self.partners[seat]
                    events.append(Event(f"{{p{seat}}} directs no company and takes {money(pay)} for "
                                        f"{count(left, 'Partner')}.", "action"))
                    continue
                self.stack.append(["action", p])
                return events
        self.phase = "operating"
        self.stack.append(["operating"])
        return events + [Event("The Operating Phase begins.", "phase")]

    def _end_sequence(self) -> list[Event]:
        """§13.3.3: who advertised for first place this sequence moves to the front of the turn
        order track, the last of them first, the others keeping their order behind."""
        if not self.ad_first:
            return []
        front = list(reversed(self.ad_first))
        self.order = front + [s for s in self.order if s not in front]
        self.ad_first = []
        return [Event(f"{{p{self.order[0]}}} is now first on the Action turn order track.", "action")]

    def _do_place(self, seat: int, space: str, cid: str) -> list[Event]:
        pos = self.stack.pop()[1]
        g = GENERAL_SPACES[space]
        c = self.companies[cid]
        self.placed[seat] += 1
        self.space_uses[space] = self.space_uses.get(space, 0) + 1
        events = [Event(f"{{p{seat}}} sends a Partner to {g['name']} for {_name(cid)}.", "action")]
        if g["effect"] == "fundraise":
            c["cash"] += g["bank_pays"]
        elif g["effect"] == "salesperson":
            c["cash"] -= g["company_pays"]
            c["sales"] += 1
        elif g["effect"] == "dividend":
            events += self.pay_dividend(cid, g["company_pays"], from_treasury=True)
        elif g["effect"] == "hire":
            self.stack.append(["hire", seat, cid, pos, 0])
            return events
        elif g["effect"] == "manager":
            c["cash"] -= g["company_pays"]
            self.stack.append(["manager", seat, cid, pos])
            return events
        elif g["effect"] == "advertise":
            # the bonuses of the appeal step resolve first, then the choice of first place
            c["cash"] -= g["company_pays"]
            self.stack += [["action_next", pos + 1], ["advertise", seat]]
            return events + self.appeal_up(cid, 1)
        self.stack.append(["action_next", pos + 1])
        return events

    def _do_hire(self, seat: int, factory: int) -> list[Event]:
        """One Worker, priced by the Workers in the market as it is taken (§5); with none left it
        comes from the general supply at $50."""
        f = self.stack[-1]
        cid = f[2]
        c = self.companies[cid]
        price = market.worker_price(self.job_market)
        c["cash"] -= price
        self.job_market = max(0, self.job_market - 1)
        c["workers"][factory] += 1
        f[4] += 1
        if not self._open_worker_factories(cid) or c["cash"] < market.worker_price(self.job_market):
            self.stack.pop()       # nothing more can be hired: the placement ends
            self.stack.append(["action_next", f[3] + 1])
        return [Event(f"{_name(cid)} hires a Worker for factory {factory + 1} for {money(price)}.", "action")]

    def _do_done_hiring(self, seat: int) -> list[Event]:
        f = self.stack.pop()
        self.stack.append(["action_next", f[3] + 1])
        return []

    def _do_manager(self, seat: int, factory: int) -> list[Event]:
        f = self.stack.pop()
        self.companies[f[2]]["managers"][factory] = 1
        self.stack.append(["action_next", f[3] + 1])
        return [Event(f"{_name(f[2])} puts a Manager in factory {factory + 1}.", "action")]

    def _do_take_first(self, seat: int) -> list[Event]:
        self.stack.pop()
        if seat in self.ad_first:
            self.ad_first.remove(seat)
        self.ad_first.append(seat)
        return [Event(f"{{p{seat}}} will be first on the Action turn order track from the next sequence.",
                      "action")]

    def _do_keep_place(self, seat: int) -> list[Event]:
        self.stack.pop()
        return []

    def _do_pass_action(self, seat: int) -> list[Event]:
        """Ruling §15.1: a pass ends that player's placements for the Decade."""
        pos = self.stack.pop()[1]
        self.passed[seat] = True
        self.stack.append(["action_next", pos + 1])
        return [Event(f"{{p{seat}}} passes for the rest of the Action Phase.", "action")]

    def _gain_partner(self, seat: int, source: str) -> bool:
        """Each source gives a seat a Partner once in the game, up to 5 Partners (§12)."""
        if source in self.partner_gains[seat] or self.partners[seat] >= SETUP["max_partners"]:
            return False
        self.partner_gains[seat].append(source)
        self.partners[seat] += 1
        return True

    # -- company money and markers (used by the Action and Operating Phases to come) --------------
    def pay_dividend(self, cid: str, paid: int, from_treasury: bool) -> list[Event]:
        """§13.4.2: `paid` (a multiple of $10) is paid out at a tenth per 10% share: to players for
        what they hold, back into the treasury for what is still on the charter, to no one for the
        bank pool. Extra Dividends and buildings 29–32 first take it from the treasury
        (`from_treasury`). Then the price moves as in §13.4.1."""
        c = self.companies[cid]
        if from_treasury:
            c["cash"] -= paid
        each = market.per_share(paid)
        for seat in range(self.players):
            self.cash[seat] += each * self.units(seat, cid)
        c["cash"] += each * (CERT_UNITS["preferred"] * (c["pref"] == CHARTER) + c["com_charter"])
        steps = market.payout_steps(paid, c["step"])
        old = c["step"]
        c["step"] = market.moved(old, steps)
        text = f"{_name(cid)} pays {money(paid)}, {money(each)} a share"
        if c["step"] != old:
            text += f"; its price rises to {money(market.value(c['step']))}"
        return [Event(text + ".", "dividend")]

    def pay_revenue(self, cid: str, revenue: int) -> list[Event]:
        """Pay the operating revenue out: rounded down to $10, the remainder staying in the
        company (ruling §15.5)."""
        paid = market.rounded_payout(revenue)
        self.companies[cid]["cash"] += revenue - paid
        return self.pay_dividend(cid, paid, from_treasury=False)

    def withhold(self, cid: str, revenue: int) -> list[Event]:
        """The whole revenue goes to the treasury and the price drops a step, unless the company
        spends its Price Protection (once per Decade, ruling §15.3)."""
        c = self.companies[cid]
        c["cash"] += revenue
        if c["asset"] == "price_protection" and not c["exhausted"]:
            c["exhausted"] = True
            return [Event(f"{_name(cid)} withholds {money(revenue)}; Price Protection holds its price.", "dividend")]
        c["step"] = market.moved(c["step"], -1)
        return [Event(f"{_name(cid)} withholds {money(revenue)}; its price falls to "
                      f"{money(market.value(c['step']))}.", "dividend")]

    def appeal_up(self, cid: str, steps: int) -> list[Event]:
        """Move `cid` up the Appeal Track and queue the bonuses it reached for its director to
        take (on top of the stack: they resolve before whatever comes next)."""
        before = self.companies[cid]["appeal"]
        spaces = self.raise_appeal(cid, steps)
        events = [Event(f"{_name(cid)} rises to appeal {self.companies[cid]['appeal']}.", "appeal")] \
            if self.companies[cid]["appeal"] != before else []
        if spaces:
            self.stack.append(["bonus_next", self.companies[cid]["dir"], cid, spaces])
        return events

    def goods_tokens_left(self) -> int:
        return GOODS_TOKENS - sum(c["tokens"] for c in self.companies.values())

    def _bonus_options(self, cid: str, bonus: str) -> list[tuple]:
        """The ways to take an Appeal bonus (§4); empty when it cannot be used (then it is
        forfeited for $25 automatically)."""
        c = self.companies[cid]
        if bonus == "worker":
            return [(f,) for f in self._open_worker_factories(cid)]
        if bonus == "salesperson":
            return [()] if c["sales"] < COMPANIES[cid].max_salespeople else []
        if bonus == "automate":
            return self._automations(cid)
        if bonus == "goods_token":
            return [()] if self.goods_tokens_left() > 0 else []
        if bonus == "stock":
            return [()]
        raise AssertionError(bonus)

    def _automations(self, cid: str) -> list[tuple[int, int]]:
        """(factory, where the displaced Worker goes) for each legal automation (§13.3.8): the
        factory still has a token off its worker spaces and a Worker on one; the Worker moves to
        an empty worker space of the same company, or (-1) back to the Job Market if there is none."""
        c = self.companies[cid]
        dests = self._open_worker_factories(cid) or [-1]
        return [(f, d) for f, fac in enumerate(COMPANIES[cid].factories)
                if c["automated"][f] < fac.workers and c["workers"][f] > 0 for d in dests]

    def automate(self, cid: str, factory: int, dest: int) -> list[Event]:
        """§13.3.8: an automation token replaces a Worker, who moves to `dest` (a factory with an
        empty worker space), or with no such space back to the Job Market (removed if it is full)."""
        c = self.companies[cid]
        c["automated"][factory] += 1
        c["workers"][factory] -= 1
        if dest >= 0:
            c["workers"][dest] += 1
            where = f"moves to factory {dest + 1}"
        elif self.job_market < JOB_SPACES:
            self.job_market += 1
            where = "goes back to the Job Market"
        else:
            where = "leaves the game (the Job Market is full)"
        return [Event(f"{_name(cid)} automates a Worker in factory {factory + 1}; the Worker {where}.", "appeal")]

    def _frame_bonus_next(self, seat: int, cid: str, spaces: list) -> list[Event]:
        """Resolve the Appeal bonuses reached, in order: the Partner of space 9 at once (never
        swapped for $25, ruling §16.14), a bonus that cannot be used is $25 at once, any other
        waits for the director's choice."""
        events = []
        c = self.companies[cid]
        while spaces:
            bonus = APPEAL_BONUSES[spaces[0]]
            if bonus == "partner":
                spaces.pop(0)
                if self._gain_partner(seat, "appeal"):
                    events.append(Event(f"{{p{seat}}} gains a Partner from {_name(cid)}'s appeal.", "appeal"))
                continue
            if not self._bonus_options(cid, bonus):
                spaces.pop(0)
                c["cash"] += FORFEIT_CASH
                events.append(Event(f"{_name(cid)} cannot use its appeal bonus and takes "
                                    f"{money(FORFEIT_CASH)}.", "appeal"))
                continue
            self.stack.append(["bonus", seat, cid, spaces])
            break
        return events

    def _do_bonus_take(self, seat: int, *args) -> list[Event]:
        _, _, cid, spaces = self.stack.pop()
        bonus = APPEAL_BONUSES[spaces.pop(0)]
        c = self.companies[cid]
        if bonus == "worker":
            c["workers"][args[0]] += 1
            events = [Event(f"{_name(cid)} takes a free Worker for factory {args[0] + 1}.", "appeal")]
        elif bonus == "salesperson":
            c["sales"] += 1
            events = [Event(f"{_name(cid)} takes a free Salesperson.", "appeal")]
        elif bonus == "automate":
            events = self.automate(cid, *args)
        elif bonus == "goods_token":
            c["tokens"] += 1
            events = [Event(f"{_name(cid)} takes an Appeal Bonus Goods token.", "appeal")]
        else:
            c["step"] = market.moved(c["step"], 1)
            events = [Event(f"{_name(cid)}'s price rises to {money(market.value(c['step']))}.", "appeal")]
        self.stack.append(["bonus_next", seat, cid, spaces])
        return events

    def _do_bonus_forfeit(self, seat: int) -> list[Event]:
        _, _, cid, spaces = self.stack.pop()
        spaces.pop(0)
        self.companies[cid]["cash"] += FORFEIT_CASH
        self.stack.append(["bonus_next", seat, cid, spaces])
        return [Event(f"{_name(cid)} takes {money(FORFEIT_CASH)} instead of its appeal bonus.", "appeal")]

    def raise_appeal(self, cid: str, steps: int) -> list[int]:
        """Move `cid` up the Appeal Track (§4): a marker that moves goes on top of the stack on its
        new space. Returns the bonus spaces reached or passed, in order, for the caller to resolve."""
        c = self.companies[cid]
        before = c["appeal"]
        c["appeal"] = market.appeal_after(before, steps)
        if c["appeal"] != before:
            self.appeal_stack.remove(cid)
            self.appeal_stack.insert(0, cid)
        return market.appeal_bonuses(before, c["appeal"])

    # -- what a seat sees -------------------------------------------------------------------------
    def _view(self, seat: int | None, open_all: bool) -> dict:
        d = {f: plain_copy(getattr(self, f)) for f in self._FIELDS
             if f not in ("hands", "discards", "picks", "decks", "stack", "asset_start", "goal_pool")}
        d["hands"] = [list(h) if open_all or s == seat else len(h) for s, h in enumerate(self.hands)]
        d["discards"] = [list(h) if open_all or s == seat else len(h) for s, h in enumerate(self.discards)]
        d["picks"] = [list(p) if p is not None and (open_all or s == seat) else p is not None
                      for s, p in enumerate(self.picks)]
        d["decks"] = {era: len(ids) for era, ids in self.decks.items()}
        d["asset_deck"] = len(self.asset_deck)
        d["demand_piles"] = [len(p) for p in self.demand_piles]
        d["frame"] = self.stack[-1][0]
        d["to_move"] = self.to_move()
        d["seat"] = seat
        return d

    def view(self, seat: int | None) -> dict:
        """Public information plus `seat`'s own buildings in hand, its discards and its pick."""
        return self._view(seat, open_all=False)

    def open_view(self) -> dict:
        """Every hand, discard and pick shown (the review of a finished game)."""
        return self._view(None, open_all=True)

    def determinize(self, seat: int | None, rng) -> BigShouldersState:
        """Re-deal what `seat` cannot see: the other seats' hands and discards, per era, from those
        and the era's undealt deck, keeping every count. Another seat's pending pick becomes a pick
        from its new hand (the view shows only that it has picked)."""
        s = self.copy()
        others = [o for o in range(self.players) if o != seat]
        for era in ("1", "2", "3"):
            e = int(era)
            pool = list(s.decks[era])
            slots = []   # (seat, "hands" | "discards") per hidden tile of this era
            for o in others:
                for where in ("hands", "discards"):
                    tiles = getattr(s, where)[o]
                    for b in [b for b in tiles if BUILDINGS[b].era == e]:
                        tiles.remove(b)
                        pool.append(b)
                        slots.append((o, where))
            rng.shuffle(pool)
            for o, where in slots:
                getattr(s, where)[o].append(pool.pop())
            s.decks[era] = sorted(pool)
        for o in others:
            if s.picks[o] is not None:
                s.picks[o] = [s.hands[o][0], s.hands[o][1]]
        return s

    # -- labels -----------------------------------------------------------------------------------
    def label(self, action: Action) -> str:
        kind, seat, args = action
        if kind == "start":
            cid, step = args
            return f"Start {COMPANIES[cid].name} at {money(market.value(step))} a share"
        if kind == "sell":
            cid, what = args
            return f"Sell the {KIND_WORDS[what]} certificate of {_name(cid)}"
        if kind == "buy":
            cid, what, source = args
            cost = CERT_UNITS[what] * self.share_value(cid)
            where = "the company" if source == "charter" else "the bank pool"
            return f"Buy the {KIND_WORDS[what]} certificate of {_name(cid)} from {where} for {money(cost)}"
        if kind == "pass":
            return "Pass"
        if kind == "end_turn":
            return "End the turn without buying"
        if kind == "build":
            play, drop = args
            return f"Play building {play} and discard building {drop}"
        if kind == "place":
            space, cid = args
            return f"Send a Partner to {GENERAL_SPACES[space]['name']} for {_name(cid)}"
        if kind == "pass_action":
            return "Pass for the rest of the Action Phase"
        if kind == "hire":
            return f"Hire a Worker for factory {args[0] + 1} ({money(market.worker_price(self.job_market))})"
        if kind == "done_hiring":
            return "Stop hiring"
        if kind == "take_first":
            return "Move to first place on the Action turn order track"
        if kind == "keep_place":
            return "Keep your place in the turn order"
        if kind == "bonus_forfeit":
            return f"Take {money(FORFEIT_CASH)} instead"
        if kind == "bonus_take":
            bonus = APPEAL_BONUSES[self.stack[-1][3][0]] if self.stack[-1][0] == "bonus" else "bonus"
            words = {"worker": "Take the free Worker", "salesperson": "Take the Salesperson",
                     "automate": "Automate a Worker", "goods_token": "Take the Appeal Bonus Goods token",
                     "stock": "Take the stock step"}.get(bonus, "Take the bonus")
            if bonus == "worker":
                return f"{words} into factory {args[0] + 1}"
            if bonus == "automate":
                where = "the Job Market" if args[1] < 0 else f"factory {args[1] + 1}"
                return f"{words} in factory {args[0] + 1}, moving it to {where}"
            return words
        if kind == "manager":
            return f"Put the Manager in factory {args[0] + 1}"
        if kind == "first_chooser":
            return f"{{p{args[0]}}} chooses first"
        if kind == "draw":
            return f"Draw {RESOURCE_NAMES[args[0]]}"
        if kind == "deal":
            return f"Deal a building to {{p{args[0]}}}"
        return f"{kind.replace('_', ' ').capitalize()} {args[0]}" if args else kind

    # -- checks -----------------------------------------------------------------------------------
    def check_invariants(self) -> list[str]:
        problems = []
        for r in RESOURCES:
            total = (self.bag[r] + self.haymarket[r] + sum(sp[r] for sp in self.supply.values())
                     + sum(c["resources"][r] for c in self.companies.values()))
            if total != RESOURCE_TOTAL[r]:
                problems.append(f"{total} {r} in the game, not {RESOURCE_TOTAL[r]}")
        for cid in self.started():
            c = self.companies[cid]
            commons = c["com_charter"] + c["com_pool"] + sum(c["com"])
            if commons != 5:
                problems.append(f"{cid} has {commons} Common certificates")
            if not 0 <= c["appeal"] <= APPEAL_TOP:
                problems.append(f"{cid} is off the Appeal Track")
            for seat in range(self.players):
                if self.units(seat, cid) > CAP_UNITS:
                    problems.append(f"seat {seat} holds more than 60% of {cid}")
        if not 0 <= self.job_market <= JOB_SPACES:
            problems.append(f"the Job Market holds {self.job_market} Workers")
        return problems

    def progress(self) -> float:
        phases = ("setup", "found", "stock", "building", "action", "operating", "cleanup")
        return min(1.0, ((self.decade - 1) * 5 + max(0, phases.index(self.phase) - 2)) / 25)

    def score_track(self) -> list[float]:
        """Cash plus the value of every certificate held (the end-of-game score less the goals)."""
        out = []
        for seat in range(self.players):
            worth = self.cash[seat]
            for cid in self.started():
                worth += self.units(seat, cid) * self.share_value(cid)
            out.append(float(worth))
        return out

    def outcome(self):
        return None   # scoring comes with the Operating Phase (the next step of issue 16)

