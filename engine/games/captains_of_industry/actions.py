"""A player's turn: one of five actions (build or expand a facility, run a facility, Market
Research, Market Manipulation, build Real Estate), each split into small decisions: the action,
the bill bought (market.py), the produced goods placed (split between two markets where both take
them) and priced (pricing.py), the Real Estate card and side. Then the next player on the Turn
Order track, or the round's end (round_end.py). A mixin of CaptainsState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.core.text import article
from engine.games.captains_of_industry.data import (
    ADVANCE_IDS,
    ADVANCES,
    BANK_ELIGIBLE_MARKETS,
    BUY_MARKET,
    FACILITIES,
    FACILITY_IDS,
    MARKETS,
    MAX_CHIPS,
    RE_CARDS,
    SPACES,
    ZONE_IDS,
    ZONE_SPACES,
    ZONES,
)
from engine.games.captains_of_industry.market import ADVANCE_BILLS, EXPANSION_BILLS, MOST_UNITS, merge, unit_cost_row
from engine.games.captains_of_industry.words import fname, goods, goods_text, not_now

_TURN_ACTIONS = [{**{(k, t): Action(k, seat, (t,)) for k in ("build", "expand") for t in FACILITIES},
                  **{("run", t, m): Action("run", seat, (t, m)) for t in FACILITIES for m in ("normal", "overtime")},
                  **{("research", a): Action("research", seat, (a,)) for a in ADVANCES},
                  **{("real_estate", z): Action("real_estate", seat, (z,)) for z in ZONES},
                  "manipulate": Action("manipulate", seat, ())} for seat in range(5)]
"""The turn actions of each seat, made once (legal_actions hands out these shared values)."""
ACTION_KINDS = ("build", "expand", "run", "research", "manipulate", "real_estate")


class ActionRules:
    __slots__ = ()

    def _frame_turn(self) -> list[Event]:
        seat = self.current
        # the $13 bank purchase is open only to a player who began the turn with goods in a
        # central market (rules), judged now even if those goods are bought during the turn
        self.eligible = any(self.held(m, seat) for m in BANK_ELIGIBLE_MARKETS)
        self.stack.append(["action"])
        return []

    # -- the action chosen ------------------------------------------------------------------------------
    def _choices_action(self, seat: int) -> list[Action]:
        # the hot path of random play and search: interned actions, the unit costs of each good
        # computed once and every bill costed from them
        acts = []
        own = self.facilities[seat]
        made = _TURN_ACTIONS[seat]
        money = self.money[seat]
        tokens, prices, players, eligible = self.tokens, self.price, self.players, self.eligible
        rows = {g: unit_cost_row(tokens[m], prices[m], players, seat, MOST_UNITS, eligible)
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
                if stock[t][1] and payable(EXPANSION_BILLS[t, fac[1]]):
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

    def _action_problem(self, seat: int, kind: str, args: tuple) -> str | None:
        """Why the turn action is not allowed; None if it is."""
        own = self.facilities[seat]
        if kind in ("build", "expand"):
            if len(args) != 1 or args[0] not in FACILITIES:
                return "Choose one of the seven facility types."
            t = args[0]
            if kind == "build":
                if t in own:
                    return f"You already own {article(fname(t))}: expand it instead (one facility per type)."
                if not sum(self.stock[t]):
                    return f"The {fname(t)} stack is empty (R21)."
                return self.bill_problem(seat, FACILITIES[t].build)
            if t not in own:
                return f"You do not own {article(fname(t))}: build one first."
            if not self.stock[t][1]:
                return f"The {fname(t)} stack is empty (R21)."
            return self.bill_problem(seat, self.expansion_bill(seat, t))
        if kind == "run":
            if len(args) != 2 or args[0] not in FACILITIES or args[1] not in ("normal", "overtime"):
                return "Run one of your facilities with normal or overtime production."
            t, mode = args
            if t not in own:
                return f"You do not own {article(fname(t))}."
            if mode == "overtime" and self.money[seat] < self.overtime_cost(seat, t):
                cost = self.overtime_cost(seat, t)
                return f"Overtime at your {fname(t)} costs ${cost}; you have ${self.money[seat]}."
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

    def _why_action(self, action: Action) -> str:
        kind, seat, args = action
        if kind in ACTION_KINDS:
            return self._action_problem(seat, kind, args) or "That is not allowed now."
        if kind == "price":
            return ("Choose your action first: you price a market when your goods arrive there, or re-price "
                    "after Market Research or Market Manipulation (R23).")
        return not_now("choose one of the five actions")

    def _do_build(self, seat: int, ftype: str) -> list[Event]:
        self.stack.pop()
        stock = self.stock[ftype]
        double = 1 if stock[0] else 0   # the double card lies on top of the stack
        stock[0 if double else 1] -= 1
        size = 2 if double else 1
        self.facilities[seat][ftype] = [size, double]
        f = FACILITIES[ftype]
        self.stack += [["end_turn"], ["produce", f.good, self.normal_output(seat, size)],
                       ["buy", merge(f.build)]]
        card = "the double-production card (size 2)" if double else "a size 1 card"
        return [Event(f"{{p{seat}}} builds {article(f.name)}, taking {card}; build cost {goods_text(f.build)}.",
                      "build")]

    def _do_expand(self, seat: int, ftype: str) -> list[Event]:
        self.stack.pop()
        bill = self.expansion_bill(seat, ftype)
        self.stock[ftype][1] -= 1
        fac = self.facilities[seat][ftype]
        fac[0] += 1
        f = FACILITIES[ftype]
        self.stack += [["end_turn"], ["produce", f.good, self.normal_output(seat, fac[0])], ["buy", merge(bill)]]
        return [Event(f"{{p{seat}}} expands their {f.name} to size {fac[0]} for {goods_text(bill)}.", "build")]

    def _do_run(self, seat: int, ftype: str, mode: str) -> list[Event]:
        self.stack.pop()
        f = FACILITIES[ftype]
        size = self.size(seat, ftype)
        if mode == "overtime":
            cost = self.overtime_cost(seat, ftype)
            self.money[seat] -= cost
            self.bank += cost
            n = 2 * size
            text = f"{{p{seat}}} runs their {f.name} on overtime: {goods(n, f.good)} for ${cost}."
        else:
            n = self.normal_output(seat, size)
            text = f"{{p{seat}}} runs their {f.name}: {goods(n, f.good)}."
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
        self.stack += [["end_turn"], ["re_card", space], ["buy", merge(sp.cost)]]
        return [Event(f"{{p{seat}}} builds {sp.level.title()} Real Estate in the {ZONES[zone]} zone for "
                      f"{goods_text(sp.cost)}.", "build")]

    # -- the goods produced, placed in the markets that take them ---------------------------------------
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
                events.append(Event(f"{{p{seat}}} places {goods(k, good)} in {MARKETS[market].name}.", "produce"))
        return events

    def _choices_split(self, seat: int, good: str, n: int, *_markets) -> list[Action]:
        return [Action("split", seat, (k,)) for k in range(n, -1, -1)]

    def _why_split(self, action: Action) -> str:
        return not_now("choose how to split the goods between the two markets")

    def _do_split(self, seat: int, k: int) -> list[Event]:
        _, good, n, m1, m2 = self.stack.pop()
        return self._place(seat, good, [(m1, k), (m2, n - k)])

    # -- the Real Estate card ---------------------------------------------------------------------------
    def _choices_re_card(self, seat: int, space: str) -> list[Action]:
        level = SPACES[space].level
        return [Action("re_card", seat, (c, side)) for c in self.re_left[level] for side in (0, 1)]

    def _why_re_card(self, action: Action) -> str:
        return not_now("choose a Real Estate card and its side")

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
