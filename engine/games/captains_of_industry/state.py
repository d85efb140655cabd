"""Captains of Industry rules as a State (DESIGN §2).

A turn is one of five actions (build or expand a facility, run a facility, Market Research,
Market Manipulation, build Real Estate), each split into small decisions: the action itself, a
seller among tied lowest-priced tokens (only where the buyer really has a choice), how to split
produced goods between two markets, a price per market, the Real Estate card and side. Every draw
(the Captain deal and draws, the first turn order, each Progress card) is a CHANCE decision.

The turn is driven by a stack of frames (`self.stack`, last = top), each a plain list whose first
item names it: decision frames are answered by a seat, chance frames by CHANCE, automatic frames
are resolved at once by `_run`.

Hidden information (R18): each Player Bank (Market Share) and each Captain hand. Every Market
Share a bank receives comes from a public event (a sale, a bonus), so a player with perfect memory
could total it; the view still shows only one's own bank, as the rules keep it secret. Captain
hands are truly hidden, and `determinize` re-deals them.

Rulings of the component specification (R1-R28) are cited where they apply; points the spec and
the rules text both leave open are marked "decision:".
"""

from __future__ import annotations

from itertools import permutations

from engine.core.action_types import exactly_typed
from engine.core.contract import CHANCE, Action, Event, GameSpec, Outcome
from engine.core.frames import FrameStackState
from engine.core.invariants import money_problems
from engine.core.plain import Shapes, plain_copy
from engine.core.text import article, count
from engine.games.captains_of_industry import scoring
from engine.games.captains_of_industry.data import (
    ADVANCE_IDS,
    ADVANCES,
    BANK_ELIGIBLE_MARKETS,
    BANK_PRICE,
    BUY_MARKET,
    CAPTAIN_DECK,
    CAPTAINS,
    CONSUMER_MARKETS,
    FACILITIES,
    FACILITY_IDS,
    GOODS,
    LEVELS,
    MARKET_IDS,
    MARKETS,
    PRICES,
    RE_CARDS,
    RULES,
    SECTORS,
    SPACES,
    START_MONEY,
    ZONE_IDS,
    ZONE_SPACES,
    ZONES,
)
from engine.games.captains_of_industry.demand import kept_tokens, market_demand

CHANCE_FRAMES = frozenset(("deal", "first_order", "captain", "progress"))
SETUP_FRAMES = frozenset(("deal", "first_order"))
AGE_END_FRAMES = frozenset(("age_end", "age_reset", "return", "settle", "insider"))
CITY_CARDS = RULES["city_cards"]
COUNTRY_CARDS = RULES["country_cards"]
MAX_CHIPS = RULES["progress_chips"]
AGES = RULES["ages"]
RENT = RULES["rent"]
SECTOR_BONUS = RULES["sector_bonus"]
CONTRACT_OF_GOOD = {a.good: a.id for a in ADVANCES.values() if a.effect == "contract"}
"""Good -> the Advance that adds 1 Market Share per token of it sold (A1-A4)."""
BRAND_GOODS = frozenset(g for g in GOODS if not GOODS[g].buyable)
"""Corn, Oil and Parts: the goods Consumer Brands (B5) counts."""
MS_CATEGORIES = ("goods", "contracts", "domination", "age_advances")
"""Categories of the Market Share a Player Bank holds during the game."""
ADVANCE_BILLS = {a: (("research", ADVANCES[a].cost),) for a in ADVANCES}
_TURN_ACTIONS = [{**{(k, t): Action(k, seat, (t,)) for k in ("build", "expand") for t in FACILITIES},
                  **{("run", t, m): Action("run", seat, (t, m)) for t in FACILITIES for m in ("normal", "overtime")},
                  **{("research", a): Action("research", seat, (a,)) for a in ADVANCES},
                  **{("real_estate", z): Action("real_estate", seat, (z,)) for z in ZONES},
                  "manipulate": Action("manipulate", seat, ())} for seat in range(5)]
"""The turn actions of each seat, made once (legal_actions hands out these shared values)."""
_PRICE_ACTIONS = [{m: tuple(Action("price", seat, (m, p)) for p in PRICES) for m in MARKETS} for seat in range(5)]
"""Each seat's price actions per market, made once."""
_DEAL_ACTIONS = [{c: Action("deal", CHANCE, (seat, c)) for c in CAPTAINS} for seat in range(5)]
_DRAW_ACTIONS = [{c: Action("draw_captain", CHANCE, (seat, c)) for c in CAPTAINS} for seat in range(5)]
_PROGRESS_ACTIONS = {card: Action("progress", CHANCE, (card,)) for card in ("city", "country")}
"""The chance outcomes of Captain and Progress draws, made once."""
_ACCEPTING = {g: [(m, MARKETS[m].unlock if MARKETS[m].locked == g else None) for m in MARKET_IDS
                  if g in MARKETS[m].accepts] for g in GOODS}
"""Good -> the markets that accept it, each with the Advance that unlocks it there (None: open to all, R27)."""
_ACTION_KINDS = ("build", "expand", "run", "research", "manipulate", "real_estate")


def _goods(n: int, good: str) -> str:
    """'2 Steel', '1 Part', '3 Parts'."""
    return count(n, GOODS[good].one, GOODS[good].name)


def _goods_text(bill) -> str:
    """'1 Research + 2 Steel' for a bill ((good, count), ...)."""
    return " + ".join(_goods(n, g) for g, n in bill) or "nothing"


def _merge(*bills) -> list[list]:
    """Bills added up, good by good, in the order the goods first appear."""
    total: dict[str, int] = {}
    for bill in bills:
        for g, n in bill:
            total[g] = total.get(g, 0) + n
    return [[g, n] for g, n in total.items() if n > 0]


_EXPANSION_BILLS = {(t, double): tuple(tuple(x) for x in _merge(f.build, f.expand_double if double else f.expand))
                    for t, f in FACILITIES.items() for double in (0, 1)}
"""Facility type and whether its top card is the double card -> the expansion bill (R13)."""
_MOST_UNITS = max(n for bill in [*(f.build for f in FACILITIES.values()), *_EXPANSION_BILLS.values(),
                                  *(sp.cost for sp in SPACES.values()), *ADVANCE_BILLS.values()] for _, n in bill)
"""Units of one good a row of `unit_costs` covers in `_choices_action`: the most any bill needs."""


def _unit_costs(toks: list, prices: list, players: int, seat: int, most: int, eligible: bool) -> list[int | None]:
    """`CaptainsState.unit_costs` from a market's tokens and prices (one row per good and decision
    in the hot path of `_choices_action`)."""
    # (price, bought from someone else, units): own units sort first at a tied price
    lots = sorted([(prices[s], s != seat, toks[s][0]) for s in range(players) if toks[s][0]])
    out: list[int | None] = [0]
    total = 0
    left = most
    for price, other, k in lots:
        unit = price if other else 0
        for _ in range(k if k < left else left):
            total += unit
            out.append(total)
        left -= k
        if left <= 0:
            return out
    if not eligible:
        return out + [None] * left
    for _ in range(left):
        total += BANK_PRICE
        out.append(total)
    return out


def _fname(ftype: str) -> str:
    return FACILITIES[ftype].name


class CaptainsState(FrameStackState):
    """The whole game. Seats are 0..players-1; markets, goods, facility types, spaces, cards and
    Advances are referred to by their ids (see data.py)."""

    AUTO_FRAMES = frozenset(("turn", "buy", "produce", "reprice_start", "end_turn", "age_end", "settle",
                             "age_reset"))
    CHANCE_FRAMES = CHANCE_FRAMES

    _FIELDS = (
        "players", "age", "round", "turns", "money", "bank", "ms", "hands", "captain_deck", "facilities",
        "stock", "advances", "built", "re_left", "tokens", "price", "order", "turn_pos", "moved", "eligible",
        "cities", "country_out", "chips", "wheel", "dominations", "brand_sold", "stack", "over", "report",
    )
    __slots__ = _FIELDS

    _SHAPES = Shapes(
        values=("players", "age", "round", "turns", "bank", "turn_pos", "eligible", "cities", "country_out",
                "chips", "wheel", "over"),
        lists=("money", "captain_deck", "order", "moved", "dominations", "brand_sold"),
        lists_of_lists=("hands", "advances"),
        dicts_of_lists=("stock", "built", "re_left", "price"))

    # -- construction ---------------------------------------------------------------------------
    def copy(self) -> CaptainsState:
        """A faster copy than the generic one (AI search copies states all the time): each field by
        its known shape. `report` is replaced whole at an age end, never changed in place, so the
        copy shares it."""
        s = CaptainsState.__new__(CaptainsState)
        self._SHAPES.copy_into(self, s)
        s.ms = [d.copy() for d in self.ms]
        s.facilities = [{t: v[:] for t, v in f.items()} for f in self.facilities]
        s.tokens = {m: [t[:] for t in rows] for m, rows in self.tokens.items()}
        s.stack = plain_copy(self.stack)   # frames hold lists changed in place (a purchase's bill)
        s.report = self.report
        return s

    @classmethod
    def new(cls, spec: GameSpec, players: int, options: dict) -> CaptainsState:
        s = cls.__new__(cls)
        s.players = players
        s.age = 1
        s.round = 1
        s.turns = 0
        s.money = [START_MONEY] * players
        s.bank = -START_MONEY * players            # the bank's net balance: money is conserved at 0
        s.ms = [dict.fromkeys(MS_CATEGORIES, 0) for _ in range(players)]   # Player Banks (secret)
        s.hands = [[] for _ in range(players)]     # Captain cards (secret), sorted
        s.captain_deck = sorted(CAPTAIN_DECK)      # a multiset: each draw is a chance outcome
        s.facilities = [{} for _ in range(players)]  # type -> [size, 1 if the top card is the double]
        s.stock = {f: [FACILITIES[f].double_cards, FACILITIES[f].standard_cards] for f in FACILITY_IDS}
        s.advances = [[] for _ in range(players)]
        s.built = {}                               # space -> [card, side, owner]
        s.re_left = {lv: sorted(c for c in RE_CARDS if RE_CARDS[c].level == lv) for lv in LEVELS}
        s.tokens = {m: [[0] * len(MARKETS[m].accepts) for _ in range(players)] for m in MARKET_IDS}
        s.price = {m: [0] * players for m in MARKET_IDS}   # 0: no Pricing Marker on the track
        s.order = list(range(players))             # the Turn Order track (set by chance)
        s.turn_pos = 0
        s.moved = []                               # seats that built Real Estate this round, in order
        s.eligible = False                         # may the seat to act buy an absent good for $13?
        s.cities = 0                               # City cards face up this age
        s.country_out = 0                          # Country cards set aside this round
        s.chips = 0                                # Progress chips on the track
        s.wheel = False                            # this round's chip in the centre of the wheel
        s.dominations = [0] * players              # Sector Domination bonuses won (public)
        s.brand_sold = [0] * players               # Corn, Oil, Parts sold to consumers this age
        s.report = []                              # the last age end, market by market, for the board
        s.over = False
        deal = [seat for seat in range(players) for _ in range(RULES["captains_dealt"])]
        s.stack = [["turn"], ["first_order"], ["deal", deal]]
        return s

    # -- queries ----------------------------------------------------------------------------------
    @property
    def current(self) -> int:
        """The seat whose turn it is on the Turn Order track."""
        return self.order[self.turn_pos]

    def unlocked(self, seat: int, market: str, good: str) -> bool:
        m = MARKETS[market]
        return good in m.accepts and (m.locked != good or m.unlock in self.advances[seat])

    def markets_for(self, seat: int, good: str) -> list[str]:
        """The markets where `seat` may place `good` (accepting and unlocked for them)."""
        owned = self.advances[seat]
        return [m for m, unlock in _ACCEPTING[good] if unlock is None or unlock in owned]

    def held(self, market: str, seat: int) -> int:
        return sum(self.tokens[market][seat])

    def size(self, seat: int, ftype: str) -> int:
        f = self.facilities[seat].get(ftype)
        return f[0] if f else 0

    def normal_output(self, seat: int, size: int) -> int:
        return size + (1 if "B4" in self.advances[seat] else 0)   # Mass Production (R22)

    def overtime_cost(self, seat: int, ftype: str) -> int:
        cost = FACILITIES[ftype].overtime * self.size(seat, ftype)   # R14
        return cost // 2 if "A6" in self.advances[seat] else cost

    def expansion_bill(self, seat: int, ftype: str):
        return _EXPANSION_BILLS[ftype, self.facilities[seat][ftype][1]]

    def next_space(self, zone: str) -> str | None:
        """The lowest free level of a zone (None when the zone is full)."""
        return next((sp for sp in ZONE_SPACES[zone] if sp not in self.built), None)

    def rent(self, seat: int) -> int:
        per = RENT + (1 if "B6" in self.advances[seat] else 0)
        return per * sum(1 for e in self.built.values() if e[2] == seat)

    def re_spaces(self, seat: int) -> list[str]:
        return [sp for sp, e in self.built.items() if e[2] == seat]

    def demand(self, market: str) -> int:
        return market_demand(market, self.built)

    def advance_problem(self, seat: int, adv: str) -> str | None:
        a = ADVANCES[adv]
        if adv in self.advances[seat]:
            return f"You already own {a.name}."
        if a.level > self.age:
            return f"{a.name} is a Level {a.level} Advance: it is on sale from Age {a.level}."
        if a.prereqs and not any(p in self.advances[seat] for p in a.prereqs):
            names = " or ".join(ADVANCES[p].name for p in a.prereqs)
            return f"{a.name} needs {names} first."
        return None

    # -- buying (core principle 1) -----------------------------------------------------------------
    def _levels(self, market: str) -> list[tuple[int, list[int]]]:
        """(price, sellers) of a market's tokens, cheapest first."""
        prices = self.price[market]
        toks = self.tokens[market]
        by: dict[int, list[int]] = {}
        for s in range(self.players):
            if toks[s][0]:
                by.setdefault(prices[s], []).append(s)
        return sorted(by.items())

    def unit_costs(self, seat: int, good: str, most: int, eligible: bool | None = None) -> list[int | None]:
        """What the first 0, 1, ... `most` units of `good` cost `seat` now, unit by unit at the
        lowest price (own tokens at a tied price first, since they are free; the bank's $13 once
        the market is empty, if eligible); None from the first unit that cannot be had."""
        market = BUY_MARKET[good]
        return _unit_costs(self.tokens[market], self.price[market], self.players, seat, most,
                           self.eligible if eligible is None else eligible)

    def bill_cost(self, seat: int, bill, eligible: bool | None = None, costs: dict | None = None) -> int | None:
        """The least a bill of goods ((good, count), ...) costs `seat` now (see `unit_costs`), or
        None if some unit cannot be had. `costs` caches unit costs per good across bills."""
        total = 0
        for g, n in bill:
            if g not in BUY_MARKET:
                return None
            if costs is not None:
                if g not in costs:
                    costs[g] = self.unit_costs(seat, g, _MOST_UNITS, eligible)
                row = costs[g]
                cost = row[n] if n < len(row) else self.unit_costs(seat, g, n, eligible)[n]
            else:
                cost = self.unit_costs(seat, g, n, eligible)[n]
            if cost is None:
                return None
            total += cost
        return total

    def bill_problem(self, seat: int, bill) -> str | None:
        """Why `seat` cannot pay a bill now; None if it can."""
        cost = self.bill_cost(seat, bill)
        if cost is None:
            short = next(g for g, n in bill if sum(t[0] for t in self.tokens[BUY_MARKET[g]]) < n)
            return (f"There is not enough {GOODS[short].name} on the market, and only a player who began "
                    f"the turn with goods in a central market may buy the rest from the bank for ${BANK_PRICE}.")
        if cost > self.money[seat]:
            return f"{_goods_text(bill)} costs ${cost} at the lowest prices; you have ${self.money[seat]}."
        return None

    def _can_pay(self, seat: int, bill, costs: dict | None = None) -> bool:
        cost = self.bill_cost(seat, bill, costs=costs)
        return cost is not None and cost <= self.money[seat]

    def _take_choices(self, seat: int, good: str, needs: list) -> list[int]:
        """Tied sellers `seat` may take the next unit of `good` from, keeping the rest payable."""
        market = BUY_MARKET[good]
        price, sellers = self._levels(market)[0]
        rest = [[g, n - 1 if i == 0 else n] for i, (g, n) in enumerate(needs)]
        ok = []
        for s in sellers:
            paid = 0 if s == seat else price
            self.tokens[market][s][0] -= 1
            cost = self.bill_cost(seat, rest)
            self.tokens[market][s][0] += 1
            if cost is not None and cost + paid <= self.money[seat]:
                ok.append(s)
        return ok

    def _take(self, buyer: int, seller: int, good: str, k: int) -> list[Event]:
        market = BUY_MARKET[good]
        price = self.price[market][seller]
        self.tokens[market][seller][0] -= k
        if not self.held(market, seller):
            self.price[market][seller] = 0   # the marker leaves with the last token (R26)
        if seller == buyer:
            return [Event(f"{{p{buyer}}} takes back {_goods(k, good)} of their own at ${price} (no money, no "
                          "Market Share).", "buy")]
        cost = k * price
        self.money[buyer] -= cost
        self.money[seller] += cost
        self._score(seller, "goods", k)
        if CONTRACT_OF_GOOD.get(good) in self.advances[seller]:
            self._score(seller, "contracts", k)
        return [Event(f"{{p{buyer}}} buys {_goods(k, good)} from {{p{seller}}} at ${price} and pays {{p{seller}}} "
                      f"${cost}.", "buy")]

    def _score(self, seat: int, category: str, points: int) -> None:
        self.ms[seat][category] += points

    # -- whose decision (FrameStackState.to_move: TERMINAL, CHANCE at CHANCE_FRAMES, else this) ------
    def round_phase(self) -> str:
        """The part of the round (round.py) the frames on the stack belong to."""
        if self.over:
            return "over"
        names = {f[0] for f in self.stack}
        if names & SETUP_FRAMES:
            return "setup"
        if names & AGE_END_FRAMES:
            return "age_end"
        return "progress" if self.stack[-1][0] == "progress" else "turns"

    def _mover(self, f: list) -> int:
        kind = f[0]
        if kind == "insider":
            return f[1]
        if kind == "return":
            return f[1][0]
        return self.current

    # the choices at each decision frame (FrameStackState.legal_actions asks _choices_<frame>)
    def _choices_take(self, seat: int, good: str) -> list[Action]:
        return [Action("take", seat, (s,)) for s in self._take_choices(seat, good, self.stack[-2][1])]

    def _choices_split(self, seat: int, good: str, n: int, *_markets) -> list[Action]:
        return [Action("split", seat, (k,)) for k in range(n, -1, -1)]

    def _choices_price(self, seat: int, market: str) -> list[Action]:
        return list(_PRICE_ACTIONS[seat][market])

    def _choices_reprice(self, seat: int, markets: list) -> list[Action]:
        return [Action("done", seat, ())] + self._choices_price(seat, markets[0])

    def _choices_re_card(self, seat: int, space: str) -> list[Action]:
        level = SPACES[space].level
        return [Action("re_card", seat, (c, side)) for c in self.re_left[level] for side in (0, 1)]

    def _choices_insider(self, seat: int, _seat: int, markets: list) -> list[Action]:
        market = markets[0]
        return [Action("insider", seat, (market, k)) for k in range(min(2, self.held(market, seat)) + 1)]

    def _choices_return(self, seat: int, _seats: list) -> list[Action]:
        return [Action("return_captain", seat, (c,)) for c in sorted(set(self.hands[seat]))]

    def _choices_action(self, seat: int) -> list[Action]:
        # the hot path of random play and search: interned actions, the unit costs of each good
        # computed once and every bill costed from them
        acts = []
        own = self.facilities[seat]
        made = _TURN_ACTIONS[seat]
        money = self.money[seat]
        tokens, prices, players, eligible = self.tokens, self.price, self.players, self.eligible
        rows = {g: _unit_costs(tokens[m], prices[m], players, seat, _MOST_UNITS, eligible)
                for g, m in BUY_MARKET.items()}

        def payable(bill) -> bool:
            total = 0
            for g, n in bill:
                cost = rows[g][n]
                if cost is None:
                    return False
                total += cost
            return total <= money

        stock = self.stock
        for t in FACILITY_IDS:
            fac = own.get(t)
            if fac is not None:
                if stock[t][1] and payable(_EXPANSION_BILLS[t, fac[1]]):
                    acts.append(made["expand", t])
            elif (stock[t][0] or stock[t][1]) and payable(FACILITIES[t].build):
                acts.append(made["build", t])
        halved = "A6" in self.advances[seat]
        for t, fac in own.items():
            acts.append(made["run", t, "normal"])
            cost = FACILITIES[t].overtime * fac[0]   # `overtime_cost`, inlined
            if money >= (cost // 2 if halved else cost):
                acts.append(made["run", t, "overtime"])
        research = rows["research"]
        affordable = sum(1 for c in research[1:] if c is not None and c <= money)
        if affordable:
            owned = self.advances[seat]
            age = self.age
            for a in ADVANCE_IDS:
                adv = ADVANCES[a]
                # the rule of `advance_problem`, without building its reasons
                if (adv.cost <= affordable and adv.level <= age and a not in owned
                        and (not adv.prereqs or any(p in owned for p in adv.prereqs))):
                    acts.append(made["research", a])
        acts.append(made["manipulate"])
        built = self.built
        re_left = self.re_left
        for z in ZONE_IDS:
            for space in ZONE_SPACES[z]:
                if space not in built:
                    sp = SPACES[space]
                    if re_left[sp.level] and payable(sp.cost):
                        acts.append(made["real_estate", z])
                    break
        return acts

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        f = self.stack[-1]
        kind = f[0]
        if kind in ("deal", "captain"):
            counts: dict[str, int] = {}
            for c in self.captain_deck:
                counts[c] = counts.get(c, 0) + 1
            made = _DEAL_ACTIONS[f[1][0]] if kind == "deal" else _DRAW_ACTIONS[self.current]
            return [(made[c], n) for c, n in counts.items()]
        if kind == "first_order":
            return [(Action("first_order", CHANCE, p), 1) for p in permutations(range(self.players))]
        if kind == "progress":
            outs = []
            if CITY_CARDS - self.cities:
                outs.append((_PROGRESS_ACTIONS["city"], CITY_CARDS - self.cities))
            if COUNTRY_CARDS - self.country_out:
                outs.append((_PROGRESS_ACTIONS["country"], COUNTRY_CARDS - self.country_out))
            return outs
        raise AssertionError(f"no chance at frame {kind}")

    def is_legal(self, action: Action) -> bool:
        if not exactly_typed(action):
            return False
        kind, seat, args = action
        if seat == CHANCE:
            return self._chance_is_legal(kind, args)
        f = self.stack[-1]
        if f[0] == "action":
            # a direct check: building every legal action costs a bill per candidate
            if kind not in _ACTION_KINDS:
                return False
            return self._action_problem(seat, kind, args) is None
        if f[0] == "price":
            # the commonest decision: any price on the track, in the market asked
            return (kind == "price" and seat == self.current and len(args) == 2 and args[0] == f[1]
                    and args[1] in PRICES)
        return action in self.legal_actions(seat)

    def _chance_is_legal(self, kind: str, args: tuple) -> bool:
        """Whether a chance outcome is one of `chance_outcomes`, checked by the rule of each draw
        (the apply of every chance outcome would otherwise build all of them again)."""
        if self.over:
            return False
        frame = self.stack[-1]
        if frame[0] == "deal":
            return kind == "deal" and len(args) == 2 and args[0] == frame[1][0] and args[1] in self.captain_deck
        if frame[0] == "captain":
            return (kind == "draw_captain" and len(args) == 2 and args[0] == self.current
                    and args[1] in self.captain_deck)
        if frame[0] == "first_order":
            return (kind == "first_order" and len(args) == self.players
                    and set(args) == set(range(self.players)))
        if frame[0] == "progress":
            return kind == "progress" and len(args) == 1 and (
                (args[0] == "city" and CITY_CARDS > self.cities)
                or (args[0] == "country" and COUNTRY_CARDS > self.country_out))
        return False

    def _action_problem(self, seat: int, kind: str, args: tuple) -> str | None:
        """Why the turn action is not allowed; None if it is."""
        own = self.facilities[seat]
        if kind in ("build", "expand"):
            if len(args) != 1 or args[0] not in FACILITIES:
                return "Choose one of the seven facility types."
            t = args[0]
            if kind == "build":
                if t in own:
                    return f"You already own {article(_fname(t))}: expand it instead (one facility per type)."
                if not sum(self.stock[t]):
                    return f"The {_fname(t)} stack is empty (R21)."
                return self.bill_problem(seat, FACILITIES[t].build)
            if t not in own:
                return f"You do not own {article(_fname(t))}: build one first."
            if not self.stock[t][1]:
                return f"The {_fname(t)} stack is empty (R21)."
            return self.bill_problem(seat, self.expansion_bill(seat, t))
        if kind == "run":
            if len(args) != 2 or args[0] not in FACILITIES or args[1] not in ("normal", "overtime"):
                return "Run one of your facilities with normal or overtime production."
            t, mode = args
            if t not in own:
                return f"You do not own {article(_fname(t))}."
            if mode == "overtime" and self.money[seat] < self.overtime_cost(seat, t):
                cost = self.overtime_cost(seat, t)
                return f"Overtime at your {_fname(t)} costs ${cost}; you have ${self.money[seat]}."
            return None
        if kind == "research":
            if len(args) != 1 or args[0] not in ADVANCES:
                return "Choose an Advance on the Market Research board."
            return self.advance_problem(seat, args[0]) or self.bill_problem(seat, ADVANCE_BILLS[args[0]])
        if kind == "manipulate":
            return None if not args else "Market Manipulation takes no choice."
        if kind == "real_estate":
            if len(args) != 1 or args[0] not in ZONES:
                return "Choose one of the four Real Estate zones."
            space = self.next_space(args[0])
            if space is None:
                return f"The {ZONES[args[0]]} zone is full."
            if not self.re_left[SPACES[space].level]:
                return f"No {SPACES[space].level.title()} Real Estate cards are left."
            return self.bill_problem(seat, SPACES[space].cost)
        return "That is not one of the five actions."

    def explain_illegal(self, action: Action) -> str:
        kind, seat, args = action
        f = self.stack[-1]
        if f[0] == "action" and kind in _ACTION_KINDS:
            return self._action_problem(seat, kind, args) or "That is not allowed now."
        expected = {
            "action": "choose one of the five actions",
            "take": f"choose whose {GOODS[f[1]].name} to buy among the tied lowest prices" if f[0] == "take" else "",
            "split": "choose how to split the goods between the two markets",
            "price": "set the price in this market",
            "reprice": "re-price this market or keep the other prices",
            "re_card": "choose a Real Estate card and its side",
            "insider": "choose how many tokens to sell with Market Insider",
            "return": "choose a Captain card to return",
        }[f[0]]
        if f[0] == "take" and kind == "take":
            return (f"You must buy at the lowest price, and the purchase must stay payable: take "
                    f"{GOODS[f[1]].name} from one of the tied sellers you can afford.")
        if kind == "price" and f[0] == "action":
            return ("Choose your action first: you price a market when your goods arrive there, or re-price "
                    "after Market Research or Market Manipulation (R23).")
        if kind == "price" and f[0] in ("price", "reprice"):
            asked = f[1] if f[0] == "price" else f[1][0]
            if args and args[0] in MARKETS and args[0] != asked:
                why = "your goods just arrived there (R23)" if f[0] == "price" else "markets are re-priced in turn"
                return (f"Set your price in {MARKETS[asked].name} now, not in {MARKETS[args[0]].name}: "
                        f"{why}.")
            return f"Prices are whole dollars from ${PRICES[0]} to ${PRICES[-1]} (R11), in the market asked."
        return f"Not now: you must {expected}."

    # -- applying (FrameStackState calls _do_<kind> and resolves the _frame_<name> frames) ---------
    # chance outcomes
    def _do_deal(self, _chance, seat: int, card: str) -> list[Event]:
        f = self.stack[-1]
        f[1].pop(0)
        if not f[1]:
            self.stack.pop()
        self._to_hand(seat, card)
        return [Event(f"{{p{seat}}} is dealt {CAPTAINS[card].name}.", "card", seat,
                      f"{{p{seat}}} is dealt a Captain card.")]

    def _to_hand(self, seat: int, card: str) -> None:
        self.captain_deck.remove(card)
        self.hands[seat].append(card)
        self.hands[seat].sort()

    def _do_first_order(self, _chance, *order: int) -> list[Event]:
        self.stack.pop()
        self.order = list(order)
        names = ", ".join(f"{{p{s}}}" for s in order)
        return [Event(f"Turn order for the first round: {names}.", "setup")]

    def _do_draw_captain(self, _chance, seat: int, card: str) -> list[Event]:
        self.stack.pop()
        self._to_hand(seat, card)
        return [Event(f"{{p{seat}}} draws {CAPTAINS[card].name}.", "card", seat,
                      f"{{p{seat}}} draws a Captain card.")]

    def _do_progress(self, _chance, card: str) -> list[Event]:
        f = self.stack.pop()
        if card == "city":
            self.cities += 1
            events = [Event(f"Progress: a City card ({self.cities} of {CITY_CARDS}).", "progress")]
            if self.cities == CITY_CARDS:   # drawing stops at the sixth City (R5)
                self.country_out = 0
                self.stack.append(["age_end"])
                return events + [Event(f"The sixth City card ends Age {self.age}.", "endgame")]
        else:
            self.country_out += 1
            events = [Event("Progress: a Country card (no effect, R4).", "progress")]
        if f[1] > 1:
            self.stack.append(["progress", f[1] - 1])
        else:
            self.country_out = 0   # Country cards are shuffled back after the round's draws
            self._next_round()
        return events

    # the turn actions
    def _do_build(self, seat: int, ftype: str) -> list[Event]:
        self.stack.pop()
        stock = self.stock[ftype]
        double = 1 if stock[0] else 0   # the double card lies on top of the stack
        stock[0 if double else 1] -= 1
        size = 2 if double else 1
        self.facilities[seat][ftype] = [size, double]
        f = FACILITIES[ftype]
        self.stack += [["end_turn"], ["produce", f.good, self.normal_output(seat, size)],
                       ["buy", _merge(f.build)]]
        card = "the double-production card (size 2)" if double else "a size 1 card"
        return [Event(f"{{p{seat}}} builds {article(f.name)}, taking {card}; build cost {_goods_text(f.build)}.",
                      "build")]

    def _do_expand(self, seat: int, ftype: str) -> list[Event]:
        self.stack.pop()
        bill = self.expansion_bill(seat, ftype)
        self.stock[ftype][1] -= 1
        fac = self.facilities[seat][ftype]
        fac[0] += 1
        f = FACILITIES[ftype]
        self.stack += [["end_turn"], ["produce", f.good, self.normal_output(seat, fac[0])], ["buy", _merge(bill)]]
        return [Event(f"{{p{seat}}} expands their {f.name} to size {fac[0]} for {_goods_text(bill)}.", "build")]

    def _do_run(self, seat: int, ftype: str, mode: str) -> list[Event]:
        self.stack.pop()
        f = FACILITIES[ftype]
        size = self.size(seat, ftype)
        if mode == "overtime":
            cost = self.overtime_cost(seat, ftype)
            self.money[seat] -= cost
            self.bank += cost
            n = 2 * size
            text = f"{{p{seat}}} runs their {f.name} on overtime: {_goods(n, f.good)} for ${cost}."
        else:
            n = self.normal_output(seat, size)
            text = f"{{p{seat}}} runs their {f.name}: {_goods(n, f.good)}."
        self.stack += [["end_turn"], ["produce", f.good, n]]
        return [Event(text, "produce")]

    def _do_research(self, seat: int, adv: str) -> list[Event]:
        self.stack.pop()
        a = ADVANCES[adv]
        self.advances[seat].append(adv)
        self.stack += [["end_turn"], ["reprice_start"], ["buy", [["research", a.cost]]]]
        return [Event(f"{{p{seat}}} buys the Advance {a.name} for {a.cost} Research.", "research")]

    def _do_manipulate(self, seat: int) -> list[Event]:
        self.stack.pop()
        self.stack += [["end_turn"], ["reprice_start"]]
        if self.captain_deck:
            self.stack.append(["captain"])
            return [Event(f"{{p{seat}}} takes Market Manipulation.", "info")]
        return [Event(f"{{p{seat}}} takes Market Manipulation; the Captain deck is empty (R9).", "info")]

    def _do_real_estate(self, seat: int, zone: str) -> list[Event]:
        self.stack.pop()
        space = self.next_space(zone)
        sp = SPACES[space]
        self.stack += [["end_turn"], ["re_card", space], ["buy", _merge(sp.cost)]]
        return [Event(f"{{p{seat}}} builds {sp.level.title()} Real Estate in the {ZONES[zone]} zone for "
                      f"{_goods_text(sp.cost)}.", "build")]

    # the small decisions inside an action
    def _do_take(self, seat: int, seller: int) -> list[Event]:
        f = self.stack.pop()
        needs = self.stack[-1][1]
        needs[0][1] -= 1
        if not needs[0][1]:
            needs.pop(0)
        return self._take(seat, seller, f[1], 1)

    def _do_split(self, seat: int, k: int) -> list[Event]:
        _, good, n, m1, m2 = self.stack.pop()
        return self._place(seat, good, [(m1, k), (m2, n - k)])

    def _do_price(self, seat: int, market: str, price: int) -> list[Event]:
        f = self.stack.pop()
        if f[0] == "reprice" and len(f[1]) > 1:
            self.stack.append(["reprice", f[1][1:]])
        old = self.price[market][seat]
        self.price[market][seat] = price
        name = MARKETS[market].name
        if old == price:
            return [Event(f"{{p{seat}}} keeps their price in {name} at ${price}.", "price")]
        if old:
            return [Event(f"{{p{seat}}} moves their price in {name} from ${old} to ${price}.", "price")]
        return [Event(f"{{p{seat}}} prices their goods in {name} at ${price}.", "price")]

    def _do_done(self, seat: int) -> list[Event]:
        self.stack.pop()
        return []

    def _do_re_card(self, seat: int, card: str, side: int) -> list[Event]:
        f = self.stack.pop()
        space = f[1]
        sp = SPACES[space]
        self.re_left[sp.level].remove(card)
        self.built[space] = [card, side, seat]
        icons = RE_CARDS[card].sides[side]
        events = [Event(f"{{p{seat}}} places {card} ({icons}) on {space} in the {ZONES[sp.zone]} zone and moves to "
                        "the end of the Next Turn Order track.", "build")]
        self.moved.append(seat)
        if not self.wheel and self.chips < MAX_CHIPS:
            self.wheel = True   # only the round's first Real Estate adds a chip (R5)
            events.append(Event("A Progress chip goes to the centre of the Progression wheel.", "progress"))
        return events

    def _do_insider(self, seat: int, market: str, k: int) -> list[Event]:
        f = self.stack.pop()
        if len(f[2]) > 1:
            self.stack.append(["insider", seat, f[2][1:]])
        if not k:
            return []
        sold = self._sell(seat, market, k)
        return [Event(f"Market Insider: {{p{seat}}} sells {k} from {MARKETS[market].name} to the bank for "
                      f"${sold}.", "sell")]

    def _do_return_captain(self, seat: int, card: str) -> list[Event]:
        f = self.stack.pop()
        if len(f[1]) > 1:
            self.stack.append(["return", f[1][1:]])
        self.hands[seat].remove(card)
        self.captain_deck.append(card)
        self.captain_deck.sort()
        return [Event(f"{{p{seat}}} returns {CAPTAINS[card].name} to the Captain deck.", "card", seat,
                      f"{{p{seat}}} returns a Captain card to the deck.")]

    # automatic frames
    def _frame_turn(self) -> list[Event]:
        seat = self.current
        # the $13 bank purchase is open only to a player who began the turn with goods in a
        # central market (rules), judged now even if those goods are bought during the turn
        self.eligible = any(self.held(m, seat) for m in BANK_ELIGIBLE_MARKETS)
        self.stack.append(["action"])
        return []

    def _frame_buy(self, needs: list) -> list[Event]:
        seat = self.current
        events: list[Event] = []
        while needs:
            good, n = needs[0]
            market = BUY_MARKET[good]
            levels = self._levels(market)
            if not levels:
                needs.pop(0)
                self.money[seat] -= n * BANK_PRICE
                self.bank += n * BANK_PRICE
                events.append(Event(f"{{p{seat}}} buys {_goods(n, good)} from the bank at ${BANK_PRICE} each "
                                    "(no one gains Market Share, R25).", "buy"))
                continue
            price, sellers = levels[0]
            toks = self.tokens[market]
            total = sum(toks[s][0] for s in sellers)
            if len(sellers) > 1 and total > n:
                # a real choice: the buyer picks among tied sellers, unit by unit (R1)
                self.stack += [["buy", needs], ["take", good]]
                return events
            for s in sellers:
                k = min(n, toks[s][0])
                events += self._take(seat, s, good, k)
                n -= k
            if n:
                needs[0][1] = n
            else:
                needs.pop(0)
        return events

    def _frame_produce(self, good: str, n: int) -> list[Event]:
        seat = self.current
        markets = self.markets_for(seat, good)
        if len(markets) == 1:
            return self._place(seat, good, [(markets[0], n)])
        self.stack.append(["split", good, n, markets[0], markets[1]])
        return []

    def _place(self, seat: int, good: str, parts) -> list[Event]:
        events = []
        for market, k in reversed(parts):
            if not k:
                continue
            self.tokens[market][seat][MARKETS[market].accepts.index(good)] += k
            self.stack.append(["price", market])   # re-price only where goods arrived (R23)
        for market, k in parts:
            if k:
                events.append(Event(f"{{p{seat}}} places {_goods(k, good)} in {MARKETS[market].name}.", "produce"))
        return events

    def _frame_reprice_start(self) -> list[Event]:
        seat = self.current
        markets = [m for m in MARKET_IDS if self.price[m][seat]]
        if markets:
            self.stack.append(["reprice", markets])
        return []

    def _frame_end_turn(self) -> list[Event]:
        self.turns += 1
        self.turn_pos += 1
        if self.turn_pos < len(self.order):
            self.stack.append(["turn"])
            return []
        return self._round_end()

    def _round_end(self) -> list[Event]:
        events = [Event(f"End of round {self.round}.", "round")]
        for s in self.order:
            r = self.rent(s)
            if r:
                self.money[s] += r
                self.bank -= r
                events.append(Event(f"{{p{s}}} collects ${r} rent.", "gain"))
        if self.moved:
            # builders took the last free spaces of the Next Turn Order track, so their order is
            # reversed behind the players who stayed on the top track (rules)
            self.order = [s for s in self.order if s not in self.moved] + self.moved[::-1]
            names = ", ".join(f"{{p{s}}}" for s in self.order)
            events.append(Event(f"New turn order: {names}.", "round"))
        if self.wheel:
            self.wheel = False
            self.chips += 1
            events.append(Event(f"The Progress chip moves to the track ({self.chips} of {MAX_CHIPS}).", "progress"))
        draws = RULES["printed_draws"] + self.chips
        self.stack.append(["progress", draws])
        return events + [Event(f"{draws} Progress card{'s' if draws > 1 else ''} to draw.", "progress")]

    def _next_round(self) -> None:
        self.round += 1
        self.turn_pos = 0
        self.moved = []
        self.stack.append(["turn"])

    def _frame_age_end(self) -> list[Event]:
        self.stack += [["age_reset"]]
        holders = [s for s in self.order if self.hands[s]]
        if holders:
            self.stack.append(["return", holders])   # R10: a player without cards returns none
        self.stack.append(["settle"])
        for s in reversed(self.order):
            if "C1" in self.advances[s]:
                markets = [m for m in CONSUMER_MARKETS if self.held(m, s)]
                if markets:
                    self.stack.append(["insider", s, markets])
        return [Event(f"End of Age {self.age}.", "endgame")]

    def _frame_settle(self) -> list[Event]:
        """Age-end steps 1-4: demand, sector domination, sales, age-end Advances."""
        events: list[Event] = []
        report = []
        for m in CONSUMER_MARKETS:
            demand = self.demand(m)
            holdings = {s: (self.price[m][s], self.held(m, s)) for s in range(self.players) if self.held(m, s)}
            keep = kept_tokens(demand, holdings)
            discarded = {s: holdings[s][1] - keep[s] for s in holdings}
            for s in holdings:
                self._discard(s, m, discarded[s])
                if not keep[s]:
                    self.price[m][s] = 0   # the marker leaves with the last token (R26)
            report.append({"market": m, "demand": demand, "kept": {str(s): keep[s] for s in holdings},
                           "discarded": {str(s): discarded[s] for s in holdings},
                           "price": {str(s): holdings[s][0] for s in holdings}})
            if holdings:
                kept = ", ".join(f"{{p{s}}} {keep[s]}" for s in holdings)
                thrown = sum(discarded.values())
                events.append(Event(f"{MARKETS[m].name}: demand {demand}; bought: {kept}; {thrown} discarded.",
                                    "demand"))
        for sector, markets in SECTORS.items():
            counts = [sum(self.held(m, s) for m in markets) for s in range(self.players)]
            best = max(counts)
            leaders = [s for s in range(self.players) if counts[s] == best]
            if best and len(leaders) == 1:
                self._score(leaders[0], "domination", SECTOR_BONUS)
                self.dominations[leaders[0]] += 1
                events.append(Event(f"{{p{leaders[0]}}} dominates the {sector.title()} Sector: "
                                    f"+{SECTOR_BONUS} Market Share.", "score"))
            elif best:
                events.append(Event(f"The {sector.title()} Sector is tied: no domination bonus.", "score"))
        for m in CONSUMER_MARKETS:
            for s in range(self.players):
                n = self.held(m, s)
                if n:
                    paid = self._sell(s, m, n)
                    events.append(Event(f"{{p{s}}} sells {n} in {MARKETS[m].name} for ${paid}.", "sell"))
        for s in range(self.players):
            if "A5" in self.advances[s] and self.facilities[s]:
                self._score(s, "age_advances", len(self.facilities[s]))
                events.append(Event(f"Industrial Holdings: {{p{s}}} +{len(self.facilities[s])} Market Share.",
                                    "score"))
            if "B5" in self.advances[s] and self.brand_sold[s]:
                self._score(s, "age_advances", self.brand_sold[s])
                events.append(Event(f"Consumer Brands: {{p{s}}} +{self.brand_sold[s]} Market Share.", "score"))
        self.report = report
        return events

    def _goods_order(self, seat: int, market: str) -> list[int]:
        """Indexes of a market's goods, those worth most to `seat` when sold first.

        decision: when only some of a player's tokens in a two-good market are bought (or sold by
        Market Insider), the goods that earn the owner a bonus (A1-A4, B5) go first."""
        accepts = MARKETS[market].accepts
        owned = self.advances[seat]

        def worth(i):
            g = accepts[i]
            return (CONTRACT_OF_GOOD.get(g) in owned) or (g in BRAND_GOODS and "B5" in owned)
        return sorted(range(len(accepts)), key=lambda i: (not worth(i), i))

    def _discard(self, seat: int, market: str, k: int) -> None:
        toks = self.tokens[market][seat]
        for i in reversed(self._goods_order(seat, market)):
            take = min(k, toks[i])
            toks[i] -= take
            k -= take

    def _sell(self, seat: int, market: str, k: int) -> int:
        """Sell `k` of `seat`'s tokens in a consumer market to the bank at their price."""
        toks = self.tokens[market][seat]
        price = self.price[market][seat]
        accepts = MARKETS[market].accepts
        paid = 0
        for i in self._goods_order(seat, market):
            n = min(k, toks[i])
            if not n:
                continue
            toks[i] -= n
            k -= n
            good = accepts[i]
            self._score(seat, "goods", n)
            if CONTRACT_OF_GOOD.get(good) in self.advances[seat]:
                self._score(seat, "contracts", n)
            if good in BRAND_GOODS:
                self.brand_sold[seat] += n
            paid += n * price
        self.money[seat] += paid
        self.bank -= paid
        if not sum(toks):
            self.price[market][seat] = 0
        return paid

    def _frame_age_reset(self) -> list[Event]:
        self.cities = self.chips = self.country_out = 0
        self.wheel = False
        self.brand_sold = [0] * self.players
        if self.age == AGES:
            self.over = True
            self.stack = []
            return [Event("The third Age is over: the Player Banks are revealed. Final scoring.", "endgame")]
        self.age += 1
        self._next_round()
        return [Event(f"Age {self.age} begins.", "endgame")]

    # -- views ------------------------------------------------------------------------------------
    def prompt(self) -> dict | None:
        """What the seat to move is deciding, as data for the UI and the AI."""
        if self.over or self.to_move() == CHANCE:
            return None
        f = self.stack[-1]
        p: dict = {"kind": f[0]}
        if f[0] == "take":
            price, sellers = self._levels(BUY_MARKET[f[1]])[0]
            p.update(good=f[1], price=price, sellers=sellers, needed=self.stack[-2][1][0][1])
        elif f[0] == "split":
            p.update(good=f[1], count=f[2], markets=[f[3], f[4]])
        elif f[0] in ("price", "re_card"):
            p["market" if f[0] == "price" else "space"] = f[1]
        elif f[0] == "reprice":
            p["markets"] = list(f[1])
        elif f[0] == "insider":
            p["markets"] = list(f[2])
        return p

    def view(self, seat: int | None) -> dict:
        """Public information plus `seat`'s own Captain hand and Player Bank (R18); at the end the
        banks are revealed."""
        return self._view(seat, open_all=False)

    def open_view(self) -> dict:
        """Every hand and every Player Bank shown (the review of a finished game)."""
        return self._view(None, open_all=True)

    def _view(self, seat: int | None, open_all: bool) -> dict:
        seats = []
        for s in range(self.players):
            mine = s == seat or open_all
            seats.append({
                "money": self.money[s],
                "facilities": {t: list(v) for t, v in self.facilities[s].items()},
                "advances": list(self.advances[s]),
                "real_estate": self.re_spaces(s),
                "rent": self.rent(s),
                "dominations": self.dominations[s],
                "hand_count": len(self.hands[s]),
                "hand": list(self.hands[s]) if mine else None,
                "market_share": dict(self.ms[s]) if mine or self.over else None,
            })
        return {
            "game": "captains-of-industry",
            "viewer": seat,
            "players": self.players,
            "to_move": self.to_move(),
            "current": self.current if self.turn_pos < len(self.order) else None,
            "age": self.age,
            "round": self.round,
            "order": list(self.order),
            "turn_pos": self.turn_pos,
            "next_order": self.moved[::-1],
            "eligible": self.eligible,
            "prompt": self.prompt(),
            "markets": {m: {"tokens": [list(t) for t in self.tokens[m]], "price": list(self.price[m]),
                            "demand": self.demand(m)} for m in MARKET_IDS},
            "real_estate": {sp: list(e) for sp, e in self.built.items()},
            "re_left": {lv: list(c) for lv, c in self.re_left.items()},
            "stock": {t: list(v) for t, v in self.stock.items()},
            "seats": seats,
            "captain_deck": len(self.captain_deck),
            "progress": {"cities": self.cities, "country_out": self.country_out, "chips": self.chips,
                         "wheel": self.wheel},
            "report": plain_copy(self.report),
            "over": self.over,
            "outcome": self.outcome().to_dict() if self.over else None,
        }

    def determinize(self, seat: int | None, rng) -> CaptainsState:
        """Re-deal the Captain cards `seat` cannot see: every other hand, from those hands and the
        deck together, keeping each hand's size."""
        s = self.copy()
        if self.over:
            return s
        others = [o for o in range(self.players) if o != seat]
        pool = sorted(s.captain_deck + [c for o in others for c in s.hands[o]])
        rng.shuffle(pool)
        for o in others:
            n = len(s.hands[o])
            s.hands[o] = sorted(pool[:n])
            pool = pool[n:]
        s.captain_deck = sorted(pool)
        return s

    def label(self, action: Action) -> str:
        kind, seat, args = action
        try:
            return _LABELS[kind](self, seat, *args)
        except (KeyError, IndexError, TypeError, ValueError):
            return str(action)

    def _run_label(self, seat: int, ftype: str, mode: str) -> str:
        good = FACILITIES[ftype].good
        size = self.size(seat, ftype)
        if mode == "overtime":
            return f"Overtime at your {_fname(ftype)}: {_goods(2 * size, good)} for ${self.overtime_cost(seat, ftype)}"
        return f"Run your {_fname(ftype)}: {_goods(self.normal_output(seat, size), good)}"

    def _split_label(self, k: int) -> str:
        _, _, n, m1, m2 = self.stack[-1]
        return f"{k} to {MARKETS[m1].name}, {n - k} to {MARKETS[m2].name}"

    # -- end --------------------------------------------------------------------------------------
    def final_breakdown(self) -> list[dict[str, int]]:
        """Each seat's Market Share by category, as End-of-Game Business totals it."""
        out = []
        owners: dict[str, set[int]] = {}
        for s in range(self.players):
            for adv in self.advances[s]:
                owners.setdefault(adv, set()).add(s)
        bonus = scoring.money_bonus(self.money)
        for s in range(self.players):
            b = dict(self.ms[s])
            game_adv = 0
            if "C2" in self.advances[s]:
                game_adv += 2 * len(self.facilities[s])
            if "C3" in self.advances[s]:
                game_adv += sum(1 for adv, who in owners.items() if adv != "C3" and who - {s})
            if "C4" in self.advances[s]:
                game_adv += 3 * len(self.re_spaces(s))
            b["game_advances"] = game_adv
            h = scoring.Holdings(s, self.facilities, self.re_spaces(s), self.advances[s], self.dominations[s],
                                 self.money)
            b["captains"] = sum(scoring.captain_points(c, h) for c in self.hands[s])
            b["money_bonus"] = bonus[s]
            out.append(b)
        return out

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        breakdown = self.final_breakdown()
        scores = [sum(b.values()) for b in breakdown]
        # ties: most money, then earliest on the Turn Order track (rules)
        position = {s: i for i, s in enumerate(self.order)}
        tiebreak = [(self.money[s], -position[s]) for s in range(self.players)]
        return Outcome.from_scores(scores, breakdown, tiebreak=tiebreak,
                                   tie_rule="most money, then turn order")

    def score_track(self) -> list[float]:
        return [float(sum(self.ms[s].values())) for s in range(self.players)]

    def progress(self) -> float:
        if self.over:
            return 1.0
        return min(0.99, (self.age - 1 + self.cities / CITY_CARDS) / AGES)

    def check_invariants(self) -> list[str]:
        problems = money_problems(self.money, self.bank)
        cards = self.captain_deck + [c for h in self.hands for c in h]
        if sorted(cards) != sorted(CAPTAIN_DECK):
            problems.append("Captain cards not conserved")
        for t in FACILITY_IDS:
            f = FACILITIES[t]
            used = sum(p[t][0] for p in self.facilities if t in p)
            if used + 2 * self.stock[t][0] + self.stock[t][1] != 2 * f.double_cards + f.standard_cards:
                problems.append(f"{t} cards not conserved")
        for lv in LEVELS:
            placed = [e[0] for e in self.built.values() if RE_CARDS[e[0]].level == lv]
            if sorted(placed + self.re_left[lv]) != sorted(c for c in RE_CARDS if RE_CARDS[c].level == lv):
                problems.append(f"{lv} Real Estate cards not conserved")
        pricing = {f[1] for f in self.stack if f[0] == "price"}
        for m in MARKET_IDS:
            for s in range(self.players):
                n = self.held(m, s)
                if min(self.tokens[m][s]) < 0:
                    problems.append(f"negative tokens in {m}")
                if bool(n) != bool(self.price[m][s]) and m not in pricing:
                    problems.append(f"marker of seat {s} in {m} does not match its tokens")
                if self.price[m][s] and self.price[m][s] not in PRICES:
                    problems.append(f"price off the track in {m}")
        if sorted(self.order) != list(range(self.players)):
            problems.append("turn order is not a permutation")
        return problems


_LABELS = {
    "build": lambda st, seat, t: f"Build {article(_fname(t))}",
    "expand": lambda st, seat, t: f"Expand your {_fname(t)} to size {st.size(seat, t) + 1}",
    "run": CaptainsState._run_label,
    "research": lambda st, seat, adv: f"Market Research: {ADVANCES[adv].name} ({ADVANCES[adv].cost} Research)",
    "manipulate": lambda st, seat: "Market Manipulation: draw a Captain card and re-price",
    "real_estate": lambda st, seat, z: f"Build {SPACES[st.next_space(z)].level.title()} Real Estate in {ZONES[z]}",
    "take": lambda st, seat, s: "Take back your own token" if s == seat else f"Buy from {{p{s}}}",
    "split": lambda st, seat, k: st._split_label(k),
    "price": lambda st, seat, m, p: f"Price {MARKETS[m].name} at ${p}",
    "done": lambda st, seat: "Keep the other prices",
    "re_card": lambda st, seat, c, side: f"{c}, side {'AB'[side]} ({RE_CARDS[c].sides[side]})",
    "insider": lambda st, seat, m, k: f"Sell {k} from {MARKETS[m].name}",
    "return_captain": lambda st, seat, c: f"Return {CAPTAINS[c].name}",
    "deal": lambda st, chance, seat, c: f"Deal {CAPTAINS[c].name} to {{p{seat}}}",
    "draw_captain": lambda st, chance, seat, c: f"Draw {CAPTAINS[c].name}",
    "first_order": lambda st, chance, *order: "Turn order: " + ", ".join(f"{{p{s}}}" for s in order),
    "progress": lambda st, chance, card: f"Draw a {card.title()} card",
}
"""Action kind -> its label for the prompt bar and the log (the state, the seat, the arguments)."""
