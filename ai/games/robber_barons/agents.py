"""Robber Barons agents.

Only Legacy points score, and every Legacy card costs exactly its value, so money is worth points
only once it buys a card; control markers turn $1M into at least $1M a turn. The agents differ in
how well they use that.

**Easy** picks at random among sensible choices: it usually invests when it lands on an industry,
buys a Legacy card it can afford more often than not, rolls a random number of dice, and picks
targets at random.

**Normal** reasons about the public position (nothing is hidden in this game):
- it invests toward Trusts and Monopolies, valuing each placement, takeover, Monopolize, Demand,
  Production or Anti-Trust by the change it makes to its own revenue and to the strongest
  opponent's, over the turns the game is likely to last;
- it buys Legacy cards while keeping a reserve against fines and fleecing (bankruptcy loses the
  whole Legacy pile), and draws a Legacy card at Start when it can afford one;
- it chooses how many dice to roll by the expected value of the spaces each choice can reach
  (fleecing an opponent, an industry worth investing in, a Legacy corner it can use, passing Start);
- it aims its targeted cards at the leader.
"""

from __future__ import annotations

from ai.core.agent import HeuristicAgent, Observation
from engine.core.contract import Action
from engine.games.robber_barons.data import (
    BOARD_SIZE,
    INDUSTRIES,
    INDUSTRY_CLASS,
    INDUSTRY_SPACES,
    LEGACY,
    LEGACY_IDS,
    SPACES,
)
from engine.games.robber_barons.state import DICE, MARKERS_PER_PLAYER

_MAJORS = tuple(sp for name, sp in INDUSTRIES.items() if INDUSTRY_CLASS[name] == "major")
_GREATS = tuple(sp for name, sp in INDUSTRIES.items() if INDUSTRY_CLASS[name] == "great")
_INDUSTRY_OF = {sp: SPACES[sp].industry for sp in INDUSTRY_SPACES}
_MEAN_LEGACY = sum(c.value for c in LEGACY.values()) / len(LEGACY)


def revenue(markers: list[list[int]], seat: int) -> int:
    """Revenue of `seat` for a markers matrix markers[space][seat] (the rules' Revenue phase)."""
    total = 0
    trust = {}
    for sp in INDUSTRY_SPACES:
        row = markers[sp]
        mine = row[seat]
        if mine:
            total += mine
            if mine == sum(row):
                total += 1
                trust[sp] = True
    for spaces in _MAJORS:
        if all(sp in trust for sp in spaces):
            total += 3
    for spaces in _GREATS:
        if all(sp in trust for sp in spaces):
            total += 5
    return total


_BONUS = {"great": 5, "major": 3, "minor": 0}
_SPACES_OF = {sp: INDUSTRIES[SPACES[sp].industry] for sp in INDUSTRY_SPACES}
_CLASS_OF = {sp: SPACES[sp].cls for sp in INDUSTRY_SPACES}


def industry_revenue(markers: list[list[int]], seat: int, space: int) -> int:
    """The part of `seat`'s revenue that comes from the industry of `space` (the only part a
    change on that space can alter)."""
    total = 0
    trusts = 0
    spaces = _SPACES_OF[space]
    for sp in spaces:
        row = markers[sp]
        mine = row[seat]
        if mine:
            total += mine
            if mine == sum(row):
                total += 1
                trusts += 1
    if trusts == len(spaces) and len(spaces) > 1:
        total += _BONUS[_CLASS_OF[space]]
    return total


def _changed(markers, space: int, changes: dict[int, int]) -> list[list[int]]:
    m = list(markers)  # rows are shared: only the changed one is copied
    row = m[space] = list(m[space])
    for seat, delta in changes.items():
        row[seat] += delta
    return m


def _dice_sums(n: int) -> list[tuple[int, int]]:
    """How far `n` dice move and with what weight (only the sum matters to where a pawn lands)."""
    sums: dict[int, int] = {}
    for faces, w in DICE[n]:
        steps = sum(faces)
        sums[steps] = sums.get(steps, 0) + w
    return sorted(sums.items())


_DICE_SUMS = {n: _dice_sums(n) for n in DICE}


class _Pos:
    """The parts of the view the Normal agent weighs."""

    def __init__(self, view: dict, me: int):
        self.view = view
        self.me = me
        self.n = view["players"]
        self.seats = view["seats"]
        self.markers = view["markers"]
        self.money = [s["money"] for s in self.seats]
        self.points = [s["points"] for s in self.seats]
        self.pos = [s["pos"] for s in self.seats]
        self.out = [s["out"] for s in self.seats]
        self.opps = [s for s in range(self.n) if s != me and not self.out[s]]
        self.cache: dict = {}
        self.revenue_now: dict[int, list[int]] = {}
        self._leader = self.leader(self.opps) if self.opps else -1
        # the end comes when the Legacy deck is bought out: estimate the turns this player has left
        left = view["legacy_left"]
        frac = left / len(LEGACY_IDS)
        self.horizon = max(1.0, min(12.0, 14.0 * frac))
        limit = view.get("turn_limit") or 0
        if limit:
            self.horizon = max(1.0, min(self.horizon, (limit - view["turns"]) / self.n + 1))

    def leader(self, among: list[int]) -> int:
        return max(among, key=lambda s: (self.points[s] + 0.5 * self.money[s], -s))

    def threat(self, seat: int) -> float:
        """How much hurting `seat` helps me: most for the strongest opponent."""
        if not self.opps:
            return 0.0
        return 0.6 if seat == self._leader else 0.3

    def marker_value(self, space: int, changes: dict[int, int]) -> float:
        """Revenue change over the horizon: mine, minus the harm done to opponents."""
        after = _changed(self.markers, space, changes)
        before = self._revenue_before(space)
        value = (industry_revenue(after, self.me, space) - before[self.me]) * self.horizon
        for s in self.opps:
            d = industry_revenue(after, s, space) - before[s]
            value -= self.threat(s) * d * self.horizon
        return value

    def _revenue_before(self, space: int) -> list[int]:
        """Each seat's revenue from the industry of `space` as the markers stand (asked for again
        by every change weighed on that industry)."""
        row = self.revenue_now.get(space)
        if row is None:
            row = self.revenue_now[space] = [industry_revenue(self.markers, s, space) for s in range(self.n)]
        return row

    def reserve(self) -> int:
        """Cash kept against fines: less when markers could be sold to cover a debt."""
        markers = self.seats[self.me]["markers"]
        return max(1, 4 - markers // 2)

    def money_weight(self) -> float:
        """What $1M of cash is worth, in Legacy points: rises as the end nears."""
        return 0.5 + 0.5 * (1 - min(self.horizon, 12.0) / 12.0)


class NormalAgent(HeuristicAgent):
    """Heuristic player: invests toward trusts and monopolies, weighs legacy purchases, picks dice
    by the spaces each number of dice can reach."""

    level = "normal"

    @staticmethod
    def model_view(state, seat: int) -> dict:
        """The parts of `state.view(seat)` this agent reads, without the rest (trusts, monopolies
        and revenue of every seat): as the opponent model inside the Hard search it decides about
        ten times an iteration."""
        return {
            "players": state.players,
            "seats": [{"money": state.money[s], "points": state.points(s), "pos": state.pos[s],
                       "out": state.out[s], "markers": MARKERS_PER_PLAYER - state.supply[s]}
                      for s in range(state.players)],
            "markers": state.markers,  # not copied: Normal copies a row before it changes one
            "legacy_left": state.legacy_left(),
            "turn_limit": state.turn_limit,
            "turns": state.turns,
            "prompt": state.prompt(),
            "offer": state.offer,
        }

    def decide(self, obs: Observation, rng) -> Action:
        legal = obs.legal
        p = _Pos(obs.view, obs.seat)
        prompt = obs.view["prompt"] or {}
        # the best value wins; ties go to the earlier legal action, so the choice is reproducible
        scored = [(self._value(p, prompt, a), -i, a) for i, a in enumerate(legal)]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    # -- values of each decision -------------------------------------------------------------
    def _value(self, p: _Pos, prompt: dict, a: Action) -> float:
        k = a.kind
        me = p.me
        if k == "dice":
            return self._dice_value(p, a.args[0])
        if k == "bonus":
            if a.args[0] == "cash":
                return 1.0 * p.money_weight() + 0.01
            return self._legacy_draw_value(p)
        if k == "buy":
            cost = LEGACY[p.view["offer"]].value
            left = p.money[me] - cost
            if left < p.reserve() and p.horizon > 2:
                return -1.0
            # a point now against what the money could still earn
            return cost * (1.0 - 0.4 * p.money_weight() * (1 if p.horizon > 6 else 0.5)) + 0.1
        if k == "bottom":
            return 0.0
        if k == "invest":
            space = prompt["space"]
            return p.marker_value(space, {me: 1}) - 1.0 * p.money_weight() * (1 + 0.3 * (p.money[me] < 3))
        if k == "takeover":
            space = prompt["space"]
            cost = 2.0 * p.money_weight() * (1 + 0.3 * (p.money[me] < 4))
            return p.marker_value(space, {me: 1, a.args[0]: -1}) - cost
        if k == "stop":
            return 0.0
        if k == "place":
            return p.marker_value(a.args[0], {me: 1})
        if k == "monopolize":
            return p.marker_value(a.args[0], {me: 1, a.args[1]: -1})
        if k == "target":
            t = a.args[0]
            return p.points[t] + 0.3 * p.money[t] + (3 if t == p.leader(p.opps) else 0)
        if k == "goto":
            return self._space_value(p, a.args[0], passes_start=a.args[0] < p.pos[me])
        return 0.0

    def _legacy_draw_value(self, p: _Pos) -> float:
        spare = p.money[p.me] - p.reserve()
        if spare < 2:
            return 0.0
        # chance the drawn card is affordable, times the points it brings
        affordable = [c.value for c in LEGACY.values() if c.value <= spare]
        frac = len(affordable) / len(LEGACY)
        mean = sum(affordable) / len(affordable) if affordable else 0.0
        return frac * mean * 0.6

    def _space_value(self, p: _Pos, space: int, passes_start: bool) -> float:
        key = (space, passes_start)
        if key not in p.cache:
            p.cache[key] = self._space_value_uncached(p, space, passes_start)
        return p.cache[key]

    def _space_value_uncached(self, p: _Pos, space: int, passes_start: bool) -> float:
        me = p.me
        value = 0.0
        if passes_start:
            value += max(1.0 * p.money_weight(), self._legacy_draw_value(p))
        pawns = [s for s in p.opps if p.pos[s] == space]
        if pawns:
            # $1M from each, then another 1D6 move (valued one step deep: pawns there count as $1M)
            stolen = sum(min(1, p.money[s]) * (1 + p.threat(s)) for s in pawns)
            onward = 0.0
            for d in range(1, 7):
                dest = (space + d) % BOARD_SIZE
                if any(p.pos[s] == dest for s in p.opps):
                    onward += 1.5
                else:
                    onward += self._space_value(p, dest, passes_start=space + d >= BOARD_SIZE)
            return value + stolen + onward / 6
        sp = SPACES[space]
        if sp.kind == "industry":
            if p.money[me] < 1:
                return value
            opts = [p.marker_value(space, {me: 1}) - p.money_weight()]
            if p.money[me] >= 2:
                for v in range(p.n):
                    if v != me and p.markers[space][v]:
                        opts.append(p.marker_value(space, {me: 1, v: -1}) - 2 * p.money_weight())
            return value + max(0.0, max(opts))
        if sp.kind == "legacy":
            return value + self._legacy_draw_value(p)
        if sp.kind == "business":
            return value + 0.6
        return value

    def _dice_value(self, p: _Pos, n: int) -> float:
        me = p.me
        here = p.pos[me]
        total_w = 0
        value = 0.0
        for steps, w in _DICE_SUMS[n]:
            dest = (here + steps) % BOARD_SIZE
            value += w * self._space_value(p, dest, passes_start=here + steps >= BOARD_SIZE)
            total_w += w
        return value / total_w


class EasyAgent(HeuristicAgent):
    """Weighted random over sensible choices."""

    level = "easy"

    def decide(self, obs: Observation, rng) -> Action:
        legal = obs.legal
        view, me = obs.view, obs.seat
        money = view["seats"][me]["money"]
        weights = []
        for a in legal:
            k = a.kind
            if k == "buy":
                cost = LEGACY[view["offer"]].value
                weights.append(6 if money - cost >= 2 else 2)
            elif k == "bottom":
                weights.append(4)
            elif k == "invest":
                weights.append(8)
            elif k == "takeover":
                weights.append(2 if money >= 4 else 1)
            elif k == "stop":
                weights.append(3)
            elif k == "bonus":
                weights.append(3 if a.args[0] == "cash" or money >= 5 else 1)
            else:
                weights.append(1)
        return legal[rng.weighted_index(weights)]


AGENTS = {"easy": EasyAgent, "normal": NormalAgent}
