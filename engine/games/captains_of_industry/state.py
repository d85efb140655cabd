"""Captains of Industry rules as a State (ARCHITECTURE §2).

A turn is one of five actions (build or expand a facility, run a facility, Market Research,
Market Manipulation, build Real Estate), each split into small decisions: the action itself, a
seller among tied lowest-priced tokens (only where the buyer really has a choice), how to split
produced goods between two markets, a price per market, the Real Estate card and side. Every draw
(the Captain deal and draws, the first turn order, each Progress card) is a CHANCE decision.

The turn is driven by a stack of frames (engine.core.frames; `self.stack`, last = top), each a
plain list whose first item names it: decision frames are answered by a seat (their choices
`_choices_<frame>`, their refusals `_why_<frame>`), chance frames by CHANCE, automatic frames are
resolved at once. The rules live in one mixin per part of the round: draws.py (every draw),
actions.py (a turn's five actions), market.py (buying), pricing.py, round_end.py (the end of a
turn and of a round), age_end.py; scoring.py scores, labels.py and words.py name things. This
class holds the fields, the set-up, the queries, whose decision it is, and the views.

Hidden information (R18): each Player Bank (Market Share) and each Captain hand. Every Market
Share a bank receives comes from a public event (a sale, a bonus), so a player with perfect memory
could total it; the view still shows only one's own bank, as the rules keep it secret. Captain
hands are truly hidden, and `determinize` re-deals them.

Rulings of the component specification (R1-R28) are cited where they apply; points the spec and
the rules text both leave open are marked "decision:".
"""

from __future__ import annotations

from engine.core.action_types import exactly_typed
from engine.core.contract import CHANCE, Action, GameSpec, Outcome
from engine.core.frames import FrameStackState
from engine.core.invariants import money_problems
from engine.core.plain import Shapes, plain_copy
from engine.games.captains_of_industry import scoring
from engine.games.captains_of_industry.actions import ACTION_KINDS, ActionRules
from engine.games.captains_of_industry.age_end import AgeEndRules
from engine.games.captains_of_industry.data import (
    AGES,
    BUY_MARKET,
    CAPTAIN_DECK,
    CITY_CARDS,
    COUNTRY_CARDS,
    FACILITIES,
    FACILITY_IDS,
    GOODS,
    LEVELS,
    MARKET_IDS,
    MARKETS,
    MAX_CHIPS,
    PRICES,
    RE_CARDS,
    RENT,
    RULES,
    START_MONEY,
    ZONE_SPACES,
)
from engine.games.captains_of_industry.demand import market_demand
from engine.games.captains_of_industry.draws import CHANCE_FRAMES, ChanceDraws
from engine.games.captains_of_industry.labels import label
from engine.games.captains_of_industry.market import EXPANSION_BILLS, MarketRules
from engine.games.captains_of_industry.pricing import PricingRules
from engine.games.captains_of_industry.round_end import RoundEndRules

__all__ = ["AGES", "CITY_CARDS", "COUNTRY_CARDS", "MAX_CHIPS", "CaptainsState"]

SETUP_FRAMES = frozenset(("deal", "first_order"))
AGE_END_FRAMES = frozenset(("age_end", "age_reset", "return", "settle", "insider"))
MS_CATEGORIES = ("goods", "contracts", "domination", "age_advances")
"""Categories of the Market Share a Player Bank holds during the game."""
_ACCEPTING = {g: [(m, MARKETS[m].unlock if MARKETS[m].locked == g else None) for m in MARKET_IDS
                  if g in MARKETS[m].accepts] for g in GOODS}
"""Good -> the markets that accept it, each with the Advance that unlocks it there (None: open to all, R27)."""


class CaptainsState(ActionRules, MarketRules, PricingRules, RoundEndRules, AgeEndRules, ChanceDraws,
                    FrameStackState):
    """The whole game. Seats are 0..players-1; markets, goods, facility types, spaces, cards and
    Advances are referred to by their ids (see data.py)."""

    AUTO_FRAMES = frozenset(("turn", "buy", "produce", "reprice_start", "end_turn", "age_end", "settle",
                             "age_reset"))
    CHANCE_FRAMES = CHANCE_FRAMES

    _FIELDS = (
        "players", "age", "round", "turns", "money", "bank", "ms", "hands", "captain_deck", "facilities",
        "stock", "advances", "built", "re_left", "tokens", "price", "order", "turn_pos", "moved", "eligible",
        "cities", "country_out", "chips", "wheel", "dominations", "brand_sold", "stack", "over", "report",
        "bought",
    )
    __slots__ = _FIELDS
    _MEMORY = ("bought",)

    _SHAPES = Shapes(
        values=("players", "age", "round", "turns", "bank", "turn_pos", "eligible", "cities", "country_out",
                "chips", "wheel", "over"),
        lists=("money", "captain_deck", "order", "moved", "dominations", "brand_sold"),
        lists_of_lists=("hands", "advances", "bought"),
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
        s.bought = []                              # the purchases of the last lap, for the board (view)
        s.over = False
        deal = [seat for seat in range(players) for _ in range(RULES["captains_dealt"])]
        s.stack = [s.first_round_frame(), ["first_order"], ["deal", deal]]
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
        return EXPANSION_BILLS[ftype, self.facilities[seat][ftype][1]]

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

    # -- whose decision (FrameStackState.to_move: CHANCE at CHANCE_FRAMES, TERMINAL, else this) -------
    def round_phase(self) -> str:
        """The part of the round (round.py) the frames on the stack belong to."""
        if self.over:
            return "over"
        names = {f[0] for f in self.stack}
        if names & SETUP_FRAMES:
            return "setup"
        if names & AGE_END_FRAMES:
            return "age_end"
        return "progress" if self.frame()[0] == "progress" else "turns"

    def _mover(self, f: list) -> int:
        kind = f[0]
        if kind == "insider":
            return f[1]
        if kind == "return":
            return f[1][0]
        return self.current

    def is_legal(self, action: Action) -> bool:
        if not exactly_typed(action):
            return False
        kind, seat, args = action
        if seat == CHANCE:
            return self._chance_is_legal(kind, args)
        f = self.stack[-1]
        if f[0] == "action":
            # a direct check: building every legal action costs a bill per candidate
            if kind not in ACTION_KINDS:
                return False
            return self._action_problem(seat, kind, args) is None
        if f[0] == "price":
            # the commonest decision: any price on the track, in the market asked
            return (kind == "price" and seat == self.current and len(args) == 2 and args[0] == f[1]
                    and args[1] in PRICES)
        return action in self.legal_actions(seat)

    def label(self, action: Action) -> str:
        return label(self, action)

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
            "bought": self.recent_purchases(),
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

    # -- end --------------------------------------------------------------------------------------
    def final_breakdown(self) -> list[dict[str, int]]:
        """Each seat's Market Share by category, as End-of-Game Business totals it."""
        return scoring.final_breakdown(self)

    def outcome(self) -> Outcome | None:
        return scoring.final_outcome(self) if self.over else None

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
