"""Captains of Industry agents.

**Normal** judges each turn action by what it is worth now: the goods it puts on the board (a token
is worth its likely price plus a Market Share where consumer demand or buyers are waiting for it,
little where the market is already full), the facility's future output for the rounds left, rent
for the rounds left, and each Advance's bonus for its own facilities and Real Estate, less the
goods' price. It prices to sell: in a consumer market the highest price at which its tokens still
fit under the demand left by cheaper rivals, in a market players buy from just under the cheapest
rival. Money scores only through the end-of-game bonus, so the more spare money Normal holds (and
in the last age in any case) the more dollars a Market Share is worth to it: a rich Normal prices
lower to sell every token, runs Overtime, buys goods for Real Estate and Advances, rather than
ending on an unspent pile. It watches the progress deck: it reckons the rounds left in the age from
the City cards still to come and the Progress chips (each draws one more card a round), so the
nearer the age end, the less future output and rent count and the more goods that sell at the age
end are worth. It takes its own tokens first among tied sellers, splits goods towards the market
with free demand, chooses the Real Estate side whose icons feed the markets it sells in (a zone's
icons feed only the markets beside that zone), and returns the Captain card worth least to it.

**Easy** picks at random among sensible moves: it favours building, expanding and running
facilities over drawing Captain cards, prices goods in the middle of the track (cheaper for the
goods other players buy, dearer for the goods consumers buy at the age end), takes its own tokens
first when sellers tie, and usually keeps its prices when it could re-price.

It reads only the observation's view.
"""

from __future__ import annotations

import functools

from ai.core.agent import HeuristicAgent, Observation
from engine.core.contract import Action
from engine.games.captains_of_industry.data import (
    ADVANCES,
    CONSUMER_MARKETS,
    FACILITIES,
    GOODS,
    MARKETS,
    PRICES,
    RE_CARDS,
    SECTOR_ICON,
    SPACES,
)
from engine.games.captains_of_industry.scoring import Holdings, captain_points
from engine.games.captains_of_industry.state import AGES, CITY_CARDS, COUNTRY_CARDS, MAX_CHIPS

_ACTION_WEIGHTS = {"build": 6, "expand": 4, "run": 5, "research": 3, "real_estate": 4, "manipulate": 1}


def _price_weight(market: str, price: int) -> int:
    """A tent around a sensible price: about $4 where players buy, about $7 where consumers do."""
    centre = 4 if MARKETS[market].buyable else 7
    return max(1, 6 - abs(price - centre))


class EasyAgent(HeuristicAgent):
    """Weighted random over sensible choices."""

    level = "easy"

    def decide(self, obs: Observation, rng) -> Action:
        legal = obs.legal
        me = obs.seat
        money = obs.view["seats"][me]["money"]
        weights = []
        for a in legal:
            k = a.kind
            if k in _ACTION_WEIGHTS:
                w = _ACTION_WEIGHTS[k]
                if k == "run" and a.args[1] == "overtime":
                    w = 2 if money >= 15 else 0
                weights.append(w)
            elif k == "take":
                weights.append(6 if a.args[0] == me else 1)
            elif k == "price":
                weights.append(_price_weight(a.args[0], a.args[1]))
            elif k == "done":
                weights.append(40)
            elif k == "insider":
                weights.append(1 + 3 * a.args[1])
            else:
                weights.append(1)
        if not any(weights):
            weights = [1] * len(legal)
        return legal[rng.weighted_index(weights)]


MS_DOLLARS = 3.0
"""What Normal reckons one Market Share is worth in dollars while it has no money to spare."""
RESERVE = 20
"""Money Normal keeps for the bills ahead; above it, money only counts through the 20/10/5 bonus."""
SPARE_PER_MS = 10
"""Each this many spare dollars make one Market Share worth one dollar more to Normal."""
MAX_MS_DOLLARS = 12.0
LAST_AGE_MS_DOLLARS = 6.0
"""In the last age money has only the bonus left to buy, so a Market Share is worth at least this."""
RE_BONUS = 6.0
"""What Normal adds to a Real Estate card beyond its rent and demand (turn order, progress)."""
ROUNDS_PER_AGE = 6
"""Rounds Normal expects of an age not yet begun."""
CHIP_RATE = 0.7
"""Progress chips Normal expects a round to add (most rounds someone builds Real Estate)."""


def ms_dollars(st, seat: int) -> float:
    """Dollars one Market Share is worth to `seat` now. Money scores only through the end-of-game
    bonus, so spare money is worth less the more of it there is: a rich Normal pays more for goods,
    Overtime and Advances and prices lower to sell, instead of ending on an unspent pile."""
    spare = max(0, st.money[seat] - RESERVE)
    floor = LAST_AGE_MS_DOLLARS if st.age == AGES else MS_DOLLARS
    return min(MAX_MS_DOLLARS, max(floor, MS_DOLLARS + spare / SPARE_PER_MS))


def age_rounds_left(st) -> float:
    """Rounds this age is expected to last, by the progress deck (see `_age_rounds`)."""
    return _age_rounds(st.cities, st.chips + (1 if st.wheel else 0))


@functools.cache
def _age_rounds(cities_up: int, chips: int) -> float:
    """Rounds the age is expected to last, read from the progress deck: each round draws one card
    plus one per Progress chip from the City cards still to come and the four Country cards
    (shuffled back every round), and the sixth City ends the age; chips keep coming while Real
    Estate is built."""
    cities = CITY_CARDS - cities_up
    chips = min(MAX_CHIPS, chips)
    rounds = 0.0
    while cities > 0.5 and rounds < 12:
        draws = 1 + chips
        cities -= max(0.3, draws * cities / (cities + COUNTRY_CARDS))
        chips = min(MAX_CHIPS, chips + CHIP_RATE)
        rounds += 1
    return max(0.5, rounds)


def rounds_left(st) -> float:
    """Rounds left in the game: this age's, by the progress deck, and six for each age after it."""
    return age_rounds_left(st) + (AGES - st.age) * ROUNDS_PER_AGE


_ZONE_MARKETS = {z: {SECTOR_ICON[MARKETS[m].sector]: m for m in CONSUMER_MARKETS if z in MARKETS[m].zones}
                 for z in {z for m in CONSUMER_MARKETS for z in MARKETS[m].zones}}
"""For each Real Estate zone, the market each of its demand icons (C, D, E) feeds."""

UNDERCUT = 6
"""A rival's tokens priced above this can be undercut, so they do not close a market to Normal."""


def market_free(st, market: str, seat: int) -> int:
    """Consumer demand that `seat`'s tokens could still take: the demand less its own tokens and
    the rivals' tokens priced too low to undercut."""
    prices = st.price[market]
    return st.demand(market) - sum(st.held(market, s) for s in range(st.players)
                                   if s == seat or prices[s] <= UNDERCUT)


def token_value(st, seat: int, market: str, extra: int = 0) -> float:
    """What one more token of `seat` in `market` is worth, in dollars."""
    m = MARKETS[market]
    value = 0.0
    if m.buyable:
        # players buy these all through the age; a crowded market sells slowly
        crowd = sum(st.held(market, s) for s in range(st.players)) + extra
        value += max(0.5, 5.0 - crowd) + ms_dollars(st, seat) * max(0.1, 1.0 - crowd / 6)
    if market in CONSUMER_MARKETS:
        free = market_free(st, market, seat) - extra
        if free > 0:
            value = max(value, 7.0 + ms_dollars(st, seat) + (2.0 if age_rounds_left(st) < 3 else 0.0))
    return value


def output_value(st, seat: int, good: str, n: int) -> float:
    """The goods of `n` tokens of `good`, each to the market where it is worth most."""
    markets = st.markets_for(seat, good)
    placed = dict.fromkeys(markets, 0)
    total = 0.0
    for _ in range(n):
        best = max(markets, key=lambda m: token_value(st, seat, m, placed[m]))
        total += token_value(st, seat, best, placed[best])
        placed[best] += 1
    return total


def best_price(st, seat: int, market: str) -> int:
    """Normal's price for its tokens in `market`."""
    prices = st.price[market]
    rivals = [(prices[s], st.held(market, s)) for s in range(st.players) if s != seat and st.held(market, s)]
    mine = st.held(market, seat)
    if MARKETS[market].buyable:
        cheapest = min((p for p, _ in rivals), default=6)
        return max(2, min(PRICES[-1], cheapest - 1))
    demand = st.demand(market)
    best, best_value = PRICES[0], -1.0
    for p in PRICES:
        below = sum(n for q, n in rivals if q < p)
        tied = sum(n for q, n in rivals if q == p)
        room = max(0, demand - below)
        sold = min(mine, room) if not tied else min(mine, max(room // 2, 1 if room else 0))
        value = sold * (p + ms_dollars(st, seat))
        if value > best_value:
            best, best_value = p, value
    return best


def advance_value(st, seat: int, adv: str) -> float:
    a = ADVANCES[adv]
    own = st.facilities[seat]
    goods = {FACILITIES[t].good for t in own}
    ages_left = 4 - st.age
    left = rounds_left(st)
    if a.effect == "contract":
        return (4.0 * ms_dollars(st, seat) * ages_left / 2) if a.good in goods else 0.5
    if a.effect == "holdings":
        return ms_dollars(st, seat) * max(1, len(own)) * ages_left
    if a.effect == "overtime":
        return 2.0
    if a.effect == "unlock":
        return 8.0 if a.good in goods else 0.5
    if a.effect == "mass":
        return min(left, 8) * 2.5
    if a.effect == "brands":
        return ms_dollars(st, seat) * 4 * ages_left if goods & {"corn", "oil", "parts"} else 0.5
    if a.effect == "civic":
        return len(st.re_spaces(seat)) * left + 2
    if a.effect == "insider":
        return 12.0
    if a.effect == "conglomerate":
        return ms_dollars(st, seat) * 2 * len(own)
    if a.effect == "legacy":
        return ms_dollars(st, seat) * 6
    if a.effect == "empire":
        return ms_dollars(st, seat) * 3 * max(1, len(st.re_spaces(seat)))
    return 1.0


class NormalAgent(HeuristicAgent):
    """A one-step judge of every turn action, and rules of thumb for the small decisions."""

    level = "normal"

    def decide(self, obs: Observation, rng) -> Action:
        legal = obs.legal
        st = obs.sample(rng)
        me = obs.seat
        kind = legal[0].kind
        if kind == "done" or kind == "price":
            market = next(a.args[0] for a in legal if a.kind == "price")
            target = best_price(st, me, market)
            return next(a for a in legal if a.kind == "price" and a.args[1] == target)
        if kind == "take":
            sellers = [a.args[0] for a in legal]
            if me in sellers:
                return Action("take", me, (me,))
            return min(legal, key=lambda a: (st.money[a.args[0]], a.args[0]))   # feed the poorest
        if kind == "split":
            good, n, m1, m2 = st.stack[-1][1:]

            def split_value(k):
                return (sum(token_value(st, me, m1, i) for i in range(k))
                        + sum(token_value(st, me, m2, i) for i in range(n - k)))
            return max(legal, key=lambda a: (split_value(a.args[0]), a.args[0]))
        if kind == "re_card":
            zone = SPACES[st.stack[-1][1]].zone
            return max(legal, key=lambda a: self._side_value(st, me, *a.args, zone))
        if kind == "insider":
            return max(legal, key=lambda a: a.args[1])
        if kind == "return_captain":
            h = Holdings(me, st.facilities, st.re_spaces(me), st.advances[me], st.dominations[me], st.money)
            return min(legal, key=lambda a: (captain_points(a.args[0], h), a.args[0]))
        scored = [(self._action_value(st, me, a) + rng.random() * 0.01, i) for i, a in enumerate(legal)]
        return legal[max(scored)[1]]

    @staticmethod
    def _side_value(st, me, card, side, zone: str) -> float:
        """What a Real Estate side built in `zone` is worth to `me`: one for each icon that feeds a
        market `zone` is adjacent to where `me` sells (has tokens, or a facility whose good may go
        there). A zone's Consumables icons feed only its own Consumables market, so a Stone seller
        gains nothing from Consumables icons in the Residential zone (they feed Corn)."""
        feeds = _ZONE_MARKETS[zone]
        mine = {m for m in CONSUMER_MARKETS if st.held(m, me)}
        for t in st.facilities[me]:
            mine.update(st.markets_for(me, FACILITIES[t].good))
        icons = RE_CARDS[card].sides[side]
        return sum(1 for i in icons if feeds[i] in mine) + 0.1 * len(icons)

    @staticmethod
    def _action_value(st, me, a: Action) -> float:
        k = a.kind
        left = rounds_left(st)
        if k == "manipulate":
            return 3.0 if st.captain_deck else 0.0
        if k == "run":
            t, mode = a.args
            good = FACILITIES[t].good
            size = st.size(me, t)
            if mode == "overtime":
                return output_value(st, me, good, 2 * size) - st.overtime_cost(me, t) - 1.0
            return output_value(st, me, good, st.normal_output(me, size))
        if k in ("build", "expand"):
            t = a.args[0]
            f = FACILITIES[t]
            bill = f.build if k == "build" else st.expansion_bill(me, t)
            cost = st.bill_cost(me, bill)
            new_size = (2 if st.stock[t][0] else 1) if k == "build" else st.size(me, t) + 1
            gain = new_size - st.size(me, t)
            now = output_value(st, me, f.good, st.normal_output(me, new_size))
            future = gain * min(left, 10) * 1.2
            return now + future - cost - (2.0 if not GOODS[f.good].buyable and st.age == 1 else 0.0)
        if k == "real_estate":
            space = st.next_space(a.args[0])
            cost = st.bill_cost(me, SPACES[space].cost)
            rent = (2 + ("B6" in st.advances[me])) * left
            # demand for its own goods, and a push on the progress deck (shorter ages, R5)
            level = SPACES[space].level
            demand = max((NormalAgent._side_value(st, me, c, side, a.args[0])
                          for c in st.re_left[level] for side in (0, 1)), default=0.0)
            return rent + RE_BONUS + ms_dollars(st, me) * demand - cost
        if k == "research":
            adv = a.args[0]
            cost = st.bill_cost(me, [("research", ADVANCES[adv].cost)])
            return advance_value(st, me, adv) - cost
        return 0.0


AGENTS = {"easy": EasyAgent, "normal": NormalAgent}
