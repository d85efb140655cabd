"""City of the Big Shoulders rules as a State (ARCHITECTURE §2). "§" is a section of the components
file (city-of-the-big-shoulders-components.md); where its §15 and §16 leave a question open, our
ruling is marked "ruling §N" (the rulings are listed in assets/games/big-shoulders/rules.md).

The rules live in one mixin per part of a Decade, each in its own module: stock.py (the starting
companies and the Stock Phase), buildings.py (the Building Phase and the buildings' effects),
actions.py (the Action Phase), capital.py (Capital Assets, Haymarket trades), operating.py (the
Operating Phase), cleanup.py (Cleanup and the end), company.py (dividends, appeal, automation,
Partners, gains), draws.py (every CHANCE draw); scoring.py scores, labels.py and words.py name
things. This class holds the fields, the set-up, the queries, whose decision it is, and the views.

The game is driven by a stack of frames (engine.core.frames): chance frames (draws.CHANCE_FRAMES),
decision frames answered by a seat (`_choices_<frame>`, `_why_<frame>` for the refusals) and
automatic frames (AUTO_FRAMES). Hidden information: each seat's buildings in hand, its discards,
and its pick in the Building Phase until every seat has picked. Every deck is a multiset each draw
of which is a chance outcome, so no order is hidden.
"""

from __future__ import annotations

from engine.core.action_types import exactly_typed
from engine.core.contract import CHANCE, Action, GameSpec, Outcome
from engine.core.frames import FrameStackState
from engine.core.plain import Shapes, plain_copy
from engine.games.big_shoulders import market
from engine.games.big_shoulders.actions import ActionRules
from engine.games.big_shoulders.buildings import BuildingRules
from engine.games.big_shoulders.capital import CapitalRules
from engine.games.big_shoulders.cleanup import CleanupRules
from engine.games.big_shoulders.company import CHARTER, POOL, CompanyRules
from engine.games.big_shoulders.data import (
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
    GOALS,
    GOODS_ROWS,
    HAYMARKET_START,
    JOB_SPACES,
    REFILL,
    RESOURCE_TOTAL,
    RESOURCES,
    SETUP,
    START_ASSET_AT_TOP,
    SUPPLY_SPACES,
    buildings_for,
    demand_for,
)
from engine.games.big_shoulders.draws import CHANCE_FRAMES, ChanceDraws
from engine.games.big_shoulders.labels import label
from engine.games.big_shoulders.operating import OperatingRules
from engine.games.big_shoulders.scoring import final_outcome
from engine.games.big_shoulders.stock import StockRules

__all__ = ["CHARTER", "POOL", "BigShouldersState"]

AUTO_FRAMES = frozenset(("stock_start", "stock_end", "building_start", "action_start", "action_next",
                         "bonus_next", "gain_next", "asset_slide", "op_begin", "op_start", "op_end",
                         "op_produce_next", "cleanup", "game_end"))
SEAT_FRAMES = frozenset(("stock", "hire", "bonus", "advertise", "gain", "asset_buy", "asset_keep",
                         "op_emergency", "op_buy", "op_produce", "op_ship", "op_dividend", "op_last"))
"""Decision frames whose second item is the seat to decide."""
HIDDEN_FIELDS = ("hands", "discards", "picks", "decks", "stack", "asset_start", "goal_pool")


def _new_company(cid: str, players: int) -> dict:
    c = COMPANIES[cid]
    n = len(c.factories)
    return {
        "started": False, "step": 0, "appeal": 0, "cash": 0,
        "dir": CHARTER, "pref": CHARTER, "com_charter": 0, "com_pool": 0, "com": [0] * players,
        "workers": [0] * n,       # Workers on each factory's worker spaces
        "automated": [0] * n,     # automation tokens moved onto worker spaces
        "managers": [0] * n,
        "sales": 0, "resources": dict.fromkeys(RESOURCES, 0), "goods": 0, "tokens": 0,
        "asset": None, "assets_acquired": 0, "exhausted": False,
        "revenue": 0,             # earned by shipping in this Operating Phase
        "extra_revenue": 0,       # from revenue assets used this Decade (paid when it operates)
        "ran": 0, "shipped": 0,   # factories run and goods shipped in this Operating Phase
    }


def _copy_company(c: dict) -> dict:
    d = c.copy()
    for k in ("com", "workers", "automated", "managers"):
        d[k] = c[k][:]
    d["resources"] = c["resources"].copy()
    return d


class BigShouldersState(StockRules, BuildingRules, ActionRules, CapitalRules, OperatingRules, CleanupRules,
                        CompanyRules, ChanceDraws, FrameStackState):
    """The whole game. Seats are 0..players-1, clockwise in seat order; companies are ids."""

    AUTO_FRAMES = AUTO_FRAMES
    CHANCE_FRAMES = CHANCE_FRAMES

    _FIELDS = (
        "players", "opts", "decade", "phase", "cash", "partners", "partner_gains", "founder",
        "priority", "order", "companies", "appeal_stack", "sold_decade", "job_market", "bag",
        "haymarket", "supply", "asset_row", "asset_start", "asset_deck", "goals", "goal_pool",
        "demand_piles", "demand_grid", "demand_goods", "decks", "hands", "discards", "played",
        "picks", "placed", "passed", "space_uses", "ad_first", "used_buildings", "placements",
        "op_done", "op_next", "operating", "stack", "over",
    )
    __slots__ = _FIELDS

    _SHAPES = Shapes(
        values=("players", "decade", "phase", "priority", "job_market", "op_next", "operating", "over"),
        lists=("cash", "partners", "founder", "order", "appeal_stack", "asset_row", "asset_start", "asset_deck",
               "goals", "goal_pool", "placed", "passed", "ad_first", "used_buildings", "op_done"),
        lists_of_lists=("partner_gains", "sold_decade", "demand_piles", "demand_grid", "demand_goods", "hands",
                        "discards", "played", "placements"),
        dicts=("opts", "bag", "haymarket", "space_uses"),
        dicts_of_lists=("decks",))

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
        s.phase = s.spec.round.first().id
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
        s.used_buildings = []                           # buildings a Partner used this Decade
        s.placements = []                               # [seat, space id or building id, company]
        s.op_done = []                                  # companies that operated this Decade
        s.op_next = None                                # the company fixed to operate next
        s.operating = None                              # the company operating now
        deal = [seat for seat in range(players) for _ in range(SETUP["buildings_dealt"])]
        # the first Stock Phase begins once the set-up's draws and starting companies are done
        s.stack = [s.first_round_frame(), ["chooser"], ["deal", 1, deal],
                   ["supply", SETUP["supply_per_space"], list(SUPPLY_SPACES), 0]]
        if s.opts["public_goals"]:
            s.stack.append(["goal", SETUP["goals_drawn"]])
        s.stack += [["start_asset"], ["demand"]]
        s.over = False
        return s

    def copy(self) -> BigShouldersState:
        """A faster copy than the generic one (AI search copies states all the time): the
        companies' dicts by their known shape, the rest as plain data."""
        s = BigShouldersState.__new__(BigShouldersState)
        self._SHAPES.copy_into(self, s)
        s.supply = {k: v.copy() for k, v in self.supply.items()}
        s.picks = [p[:] if p else p for p in self.picks]
        s.stack = plain_copy(self.stack)
        s.companies = {cid: _copy_company(c) for cid, c in self.companies.items()}
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
        return c["started"] and c["pref"] >= 0 and c["com_charter"] == 0 and c["com_pool"] == 0

    def operating_order(self) -> list[str]:
        """Started companies from the highest Appeal space down; on one space, the top of the
        stack first (§4)."""
        return sorted(self.appeal_stack, key=lambda cid: (-self.companies[cid]["appeal"],
                                                          self.appeal_stack.index(cid)))

    def clockwise_from(self, seat: int) -> list[int]:
        return [(seat + i) % self.players for i in range(self.players)]

    # -- whose decision ---------------------------------------------------------------------------
    def round_phase(self) -> str:
        """The phase of the Decade (round.py), kept in the field `phase` as the phases begin."""
        return self.phase

    def _phase_begins(self, phase: str) -> None:
        self.phase = phase

    def _mover(self, f: list) -> int:
        name = f[0]
        if name in SEAT_FRAMES:
            return f[1]
        if name == "found":
            return f[1][f[2]]
        if name == "build":
            return self._next_picker()
        if name == "action":
            return self.order[f[1]]
        raise AssertionError(f"no decision at frame {name}")

    def is_legal(self, action: Action) -> bool:
        if not exactly_typed(action):
            return False
        if action.seat == CHANCE:
            return self.to_move() == CHANCE and any(a == action for a, _ in self.chance_outcomes())
        if self.stack[-1][0] == "action" and action.seat == self.to_move():
            return self.action_is_legal(action)
        return action in self.legal_actions(action.seat)

    def label(self, action: Action) -> str:
        return label(self, action)

    # -- what a seat sees -------------------------------------------------------------------------
    def _view(self, seat: int | None, open_all: bool) -> dict:
        d = {f: plain_copy(getattr(self, f)) for f in self._FIELDS if f not in HIDDEN_FIELDS}
        d["hands"] = [list(h) if open_all or s == seat else len(h) for s, h in enumerate(self.hands)]
        d["discards"] = [list(h) if open_all or s == seat else len(h) for s, h in enumerate(self.discards)]
        d["picks"] = [list(p) if p is not None and (open_all or s == seat) else p is not None
                      for s, p in enumerate(self.picks)]
        d["decks"] = {era: len(ids) for era, ids in self.decks.items()}
        d["asset_deck"] = len(self.asset_deck)
        d["demand_piles"] = [len(p) for p in self.demand_piles]
        d["frame"] = self.stack[-1][0]
        d["company"] = self.decision_company()
        d["to_move"] = self.to_move()
        d["viewer"] = seat
        return d

    def decision_company(self) -> str | None:
        """The company the decision now open is for (the board shows it on its charter)."""
        f = self.stack[-1]
        return f[2] if f[0] in SEAT_FRAMES and len(f) > 2 and isinstance(f[2], str) else None

    def view(self, seat: int | None) -> dict:
        """Public information plus `seat`'s own buildings in hand, its discards and its pick."""
        return self._view(seat, open_all=False)

    def open_view(self) -> dict:
        """Every hand, discard and pick shown (the review of a finished game)."""
        return self._view(None, open_all=True)

    def determinize(self, seat: int | None, rng) -> BigShouldersState:
        """Re-deal what `seat` cannot see: the other seats' hands and discards. What is public
        stays: how many tiles of each era a seat was dealt and played (so the eras of its hand and
        discards together), and in a Building Phase the tiles just dealt. Which of the older tiles
        it kept and which it discarded is shuffled, then every hidden tile is drawn again from its
        era's unknown tiles (those and the undealt deck). Another seat's pending pick becomes a
        pick from its new hand (the view shows only that it has picked)."""
        s = self.copy()
        others = [o for o in range(self.players) if o != seat]
        slots = {1: [], 2: [], 3: []}   # era -> (seat, "hands" | "discards") of each hidden tile
        pools = {e: list(s.decks[str(e)]) for e in slots}
        for o in others:
            hand, gone = s.hands[o], s.discards[o]
            new = []
            if s.phase == "building" and s.decade > 1:   # the tiles dealt this Decade are in hand
                now = BUILDING_ERA[s.decade - 1]
                new = [now] * min(len(hand) - 1, sum(BUILDINGS[b].era == now for b in hand))
            eras = sorted(BUILDINGS[b].era for b in hand + gone)
            for e in new:
                eras.remove(e)
            rng.shuffle(eras)
            for e, where in zip(new + eras, ["hands"] * len(hand) + ["discards"] * len(gone), strict=True):
                slots[e].append((o, where))
            for b in hand + gone:
                pools[BUILDINGS[b].era].append(b)
            s.hands[o], s.discards[o] = [], []
        for e, pool in pools.items():
            pool.sort()   # the same unknown tiles in the same order, whatever the true deal
            rng.shuffle(pool)
            for o, where in slots[e]:
                getattr(s, where)[o].append(pool.pop())
            s.decks[str(e)] = sorted(pool)
        for o in others:
            if s.picks[o] is not None:
                s.picks[o] = [s.hands[o][0], s.hands[o][1]]
        return s

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
            if not self.opts["advanced"]:   # a transfer may leave a player over the cap until they sell
                for seat in range(self.players):
                    if self.units(seat, cid) > CAP_UNITS:
                        problems.append(f"player {seat} holds more than 60% of {cid}")
            if c["cash"] < 0 or c["goods"] < 0 or min(c["resources"].values()) < 0:
                problems.append(f"{cid} has a negative treasury, goods or resources")
            for f, fac in enumerate(COMPANIES[cid].factories):
                if c["workers"][f] < 0 or c["workers"][f] + c["automated"][f] > fac.workers:
                    problems.append(f"{cid} factory {f} holds {c['workers'][f]} Workers")
        if min(self.cash) < 0:
            problems.append("a player has negative cash")
        if min(min(g.values()) for g in (self.bag, self.haymarket, *self.supply.values())) < 0:
            problems.append("a negative count of resources")
        if not 0 <= self.job_market <= JOB_SPACES:
            problems.append(f"the Job Market holds {self.job_market} Workers")
        if max(self.partners) > SETUP["max_partners"]:
            problems.append("more than 5 Partners")
        if self.goods_tokens_left() < 0:
            problems.append("more Appeal Bonus Goods tokens than exist")
        return problems

    def progress(self) -> float:
        """The share of the game's phases gone by: those of the Decades before this one, and of
        this one (in round.py's order; none during the set-up)."""
        order = self.spec.round
        phases = [p.id for p in order.every()]
        done = max(0, phases.index(self.phase) - len(order.setup))
        return min(1.0, ((self.decade - 1) * len(order.phases) + done) / (len(REFILL) * len(order.phases)))

    def score_track(self) -> list[float]:
        """Cash plus the value of every certificate held (the end-of-game score less the goals)."""
        out = []
        for seat in range(self.players):
            worth = self.cash[seat]
            for cid in self.started():
                worth += self.units(seat, cid) * self.share_value(cid)
            out.append(float(worth))
        return out

    def outcome(self) -> Outcome | None:
        """Cash, certificates at their final value and the Public Goals won (§13.7)."""
        return final_outcome(self) if self.over else None

