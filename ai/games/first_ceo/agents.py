"""1st CEO agents.

**Easy** picks at random among sensible moves, weighted towards acquisitions that score well for
their price; it sometimes pays dividends and now and then buys a share of a corporation that is
doing well.

**Normal** tries each legal action, lets the next player answer with the reply best for them
(two-ply), and judges the result with a heuristic forecast of every player's final score. The
forecast ranks the six corporations by projected final assets (asset track, the expected value of
face-down asset cards, growth still to come from money and remaining turns) into expected share
values, scores each player's cards with their icon synergies, and values money up to the $50
cap plus what it can still buy. It chooses the action that most improves its forecast score against
the strongest and the average opponent.

Both read only the observation's view. The one hidden part of 1st CEO is the value of face-down
asset cards; Normal takes its exact expectation over the cards this seat has not seen (the same
mean that averaging over `obs.sample(rng)` determinizations converges to), so its decisions depend
on the view alone and two different deals of the hidden cards give the same choice.
"""

from __future__ import annotations

import math

from ai.core.agent import HeuristicAgent, Observation
from engine.core.contract import TERMINAL, Action
from engine.core.memo import game_cache
from engine.games.first_ceo.data import (
    ASSET_DECREASE,
    ASSET_INCREASE,
    COMPANIES,
    END_TRIGGER,
    MONEY_CAP,
    SHARE_VALUES,
)
from engine.games.first_ceo.scoring import company_score

_ALL_ASSET_VALUES = {"increase": ASSET_INCREASE, "decrease": ASSET_DECREASE}


@game_cache(maxsize=1 << 16)
def _card_score(cards: tuple[str, ...]) -> int:
    """Company score of a corporation's cards (memoised: the same hands recur all game long)."""
    return company_score(list(cards))


# -- a light model of the public position --------------------------------------------------------
class Pos:
    """The parts of a 1st CEO view the agents reason about, in a form cheap to copy and change."""

    __slots__ = ("n", "me", "start", "countdown", "triggered", "final_round", "over", "corp", "money", "sold",
                 "prices", "hold", "cards", "card_pts", "income", "assets", "npc", "known_adj", "unknown", "market",
                 "mean_unseen")

    @classmethod
    def from_view(cls, view: dict, me: int) -> Pos:
        p = cls()
        seats = view["seats"]
        p.n = view["players"]
        p.me = me
        p.start = view["start_player"]
        p.countdown = view["countdown"]
        p.triggered = view["triggered"]
        p.final_round = view["final_round"]
        p.over = view["to_move"] == TERMINAL
        p.corp = [s["corp"] for s in seats]
        p.money = [s["money"] for s in seats]
        p.sold = [s["shares_sold"] for s in seats]
        p.prices = [s["share_prices"] for s in seats]
        # hold[h][c]: shares of corporation c that seat h holds (its own unsold shares included)
        p.hold = [dict(s["holdings"]) for s in seats]
        p.cards = [[s["corp"], *s["companies"]] for s in seats]
        p.card_pts = [_card_score(tuple(c)) for c in p.cards]
        p.income = [s["income"] for s in seats]
        p.assets = {c["id"]: c["assets"] for c in view["corporations"]}
        p.npc = [c["id"] for c in view["corporations"] if c["npc"]]
        # face-down asset cards: the values this seat has seen (its own), and how many it has not
        seen = {"increase": [], "decrease": []}
        p.known_adj = [0] * p.n
        p.unknown = [[0, 0] for _ in range(p.n)]
        for s, seat in enumerate(seats):
            drawn = {"increase": 0, "decrease": 0}
            for card in seat["asset_cards"]:
                drawn[card["kind"]] += 1
                if card["value"] is not None:
                    seen[card["kind"]].append(card["value"])
                    p.known_adj[s] += card["value"]
            # a card owed for a just-acquired company may not be drawn yet: count icons, not cards
            owed = {"increase": 0, "decrease": 0}
            for cid in seat["companies"]:
                kind = COMPANIES[cid].asset_card
                if kind != "none":
                    owed[kind] += 1
            known = {k: sum(1 for c in seat["asset_cards"] if c["kind"] == k and c["value"] is not None)
                     for k in owed}
            p.unknown[s] = [max(owed["increase"], drawn["increase"]) - known["increase"],
                            max(owed["decrease"], drawn["decrease"]) - known["decrease"]]
        p.mean_unseen = []
        for kind in ("increase", "decrease"):
            pool = list(_ALL_ASSET_VALUES[kind])
            for v in seen[kind]:
                pool.remove(v)
            p.mean_unseen.append(sum(pool) / len(pool) if pool else 0.0)
        p.market = [(m["card"], m["price"], m["discard"]) for m in view["market"]]
        return p

    def copy(self) -> Pos:
        q = Pos.__new__(Pos)
        for f in ("n", "me", "start", "countdown", "triggered", "final_round", "over", "npc", "prices", "mean_unseen"):
            setattr(q, f, getattr(self, f))
        q.corp = self.corp
        q.money = list(self.money)
        q.sold = list(self.sold)
        q.hold = [dict(h) for h in self.hold]
        q.cards = [list(c) for c in self.cards]
        q.card_pts = list(self.card_pts)
        q.income = list(self.income)
        q.assets = dict(self.assets)
        q.known_adj = list(self.known_adj)
        q.unknown = [list(u) for u in self.unknown]
        q.market = list(self.market)
        return q

    # -- the three actions, as the rules change the public position ----------------------------
    def play(self, action: Action) -> Pos:
        """The position after `action` by seat `me` (asset cards drawn stay unknown)."""
        q = self.copy()
        s = action.seat
        if action.kind == "acquire":
            slot = action.args[0]
            cid, price, discard = q.market[slot]
            company = COMPANIES[cid]
            q.money[s] -= price
            q.cards[s].append(cid)
            q.card_pts[s] = _card_score(tuple(q.cards[s]))
            q.income[s] += company.income
            q.assets[q.corp[s]] += company.cost
            if company.asset_card == "increase":
                q.unknown[s][0] += 1
            elif company.asset_card == "decrease":
                q.unknown[s][1] += 1
            rest = [m for i, m in enumerate(q.market) if i != slot and m[0] is not None]
            if discard and rest:
                rest.pop(0)
            q.market = rest
            if q.assets[q.corp[s]] >= END_TRIGGER:
                q.triggered = True
        elif action.kind == "buy_share":
            t = action.args[0]
            price = q.prices[t][q.sold[t]]
            c = q.corp[t]
            q.money[s] -= price
            q.money[t] += price
            q.sold[t] += 1
            q.hold[s][c] = q.hold[s].get(c, 0) + 1
            q.hold[t][c] -= 1
            if not q.hold[t][c]:
                del q.hold[t][c]  # as in the view: only shares actually held are listed
        elif action.kind == "dividends":
            c = q.corp[s]
            inc = q.income[s]
            for h in range(q.n):
                q.money[h] += inc * q.hold[h].get(c, 0)
        return q

    # -- queries ----------------------------------------------------------------------------------
    def adj(self, s: int) -> float:
        """Expected total of seat s's face-down asset cards."""
        inc, dec = self.unknown[s]
        return self.known_adj[s] + inc * self.mean_unseen[0] + dec * self.mean_unseen[1]

    def own_shares(self, s: int) -> int:
        return self.hold[s].get(self.corp[s], 0)

    def next_seat(self, s: int) -> int:
        return (s + 1) % self.n

    def moves(self, s: int) -> list[Action]:
        """The legal actions of seat s in this position (as the engine lists them)."""
        money = self.money[s]
        acts = [Action("acquire", s, (i,)) for i, (cid, price, _) in enumerate(self.market)
                if cid is not None and price <= money]
        if not self.final_round:
            acts += [Action("buy_share", s, (t,)) for t in range(self.n)
                     if t != s and self.sold[t] < len(self.prices[t]) and self.prices[t][self.sold[t]] <= money]
        acts.append(Action("dividends", s, ()))
        return acts


# -- Normal's forecast ------------------------------------------------------------------------------
class Weights:
    """Tunable constants of Normal's forecast (fitted by self-play against Easy and older Normals)."""

    lead_growth = 12.0     # asset track growth per round of the leading corporation, to estimate the end
    growth_turn = 4.0      # projected asset growth per remaining turn, whatever the money
    growth_money = 0.6     # projected asset growth per dollar that remaining turns can still spend
    spend_turn = 40.0      # dollars one turn can turn into companies or shares (caps what money can still do)
    sigma0 = 4.0           # spread of a player's final asset total while it still has a turn to come
    sigma_card = 3.5       # spread added by each face-down asset card of unknown value
    sigma_turn = 7.0       # spread added per remaining turn
    money_option = 0.45    # extra value per dollar that can still be spent well
    option_turns = 3.0     # turns over which that option value builds up to its full size
    dividend_rate = 0.1    # chance an owner pays dividends on a given future turn
    reply = True           # also weigh the next player's best reply (two-ply)
    vs_max = 0.5           # weight of the strongest opponent (rest on the average opponent)


def _round_order(p: Pos, s: int) -> int:
    return (s - p.start) % p.n


def future_turns(p: Pos, w: Weights = Weights) -> list[float]:
    """Turns each seat still has after the decision being judged (the mover's own turn is spent)."""
    if p.over:
        return [0.0] * p.n
    if p.countdown == 1:
        rounds = 0.0
    elif p.countdown == 2:
        rounds = 1.0
    elif p.triggered:
        rounds = 2.0
    else:
        lead = max(p.assets[c] for c in p.corp)
        rounds = max(0.0, (END_TRIGGER - lead) / w.lead_growth) + 2.0
    me_pos = _round_order(p, p.me)
    return [rounds + (1.0 if _round_order(p, s) > me_pos else 0.0) for s in range(p.n)]


def forecast(p: Pos, w: Weights = Weights) -> list[float]:
    """Each seat's forecast final score."""
    return [shares + cards + money + option for shares, cards, money, option, _ in forecast_parts(p, w)[1]]


def forecast_parts(p: Pos, w: Weights = Weights) -> tuple[list[float], list[tuple[float, ...]]]:
    """The remaining turns of each seat, and each seat's forecast by part: (expected worth of its
    shares, company points, money that scores, option value of money still to spend, expected
    worth of one share of its own corporation)."""
    turns = future_turns(p, w)
    n = p.n
    # future dividends each seat will receive, as money
    income_in = [0.0] * n
    for t in range(n):
        per_turn = p.income[t] * w.dividend_rate * turns[t]
        if per_turn:
            c = p.corp[t]
            for h in range(n):
                k = p.hold[h].get(c, 0)
                if k:
                    income_in[h] += per_turn * k
    # projected final assets and their variance
    corps = list(p.npc)
    mean = [float(p.assets[c]) for c in corps]
    var = [0.0] * len(corps)  # NPCs never move
    for s in range(n):
        c = p.corp[s]
        corps.append(c)
        spendable = min(p.money[s] + income_in[s], turns[s] * w.spend_turn)
        mean.append(p.assets[c] + p.adj(s) + w.growth_turn * turns[s] + w.growth_money * spendable)
        cards = p.unknown[s][0] + p.unknown[s][1]
        var.append(w.sigma0 ** 2 * min(1.0, turns[s]) + cards * w.sigma_card ** 2 + (w.sigma_turn * turns[s]) ** 2)
    # expected number of corporations finishing ahead of each (share value is linear in rank)
    k = len(corps)
    ahead = [0.0] * k
    exp, sqrt = math.exp, math.sqrt
    for i in range(k):
        mi, vi = mean[i], var[i]
        for j in range(i + 1, k):
            v = vi + var[j]
            if v == 0.0:  # both totals are settled: an exact comparison, ties share the ranks
                d = mean[j] - mi
                pj = 1.0 if d > 0 else 0.5 if d == 0 else 0.0
            else:  # P(j ends above i), a logistic approximation of the normal
                z = 1.702 * (mean[j] - mi) / sqrt(v)
                pj = 1.0 if z > 30 else 0.0 if z < -30 else 1.0 / (1.0 + exp(-z))
            ahead[i] += pj
            ahead[j] += 1.0 - pj
    top = SHARE_VALUES[0]
    step = SHARE_VALUES[0] - SHARE_VALUES[1]
    value = {c: max(0.0, top - step * a) for c, a in zip(corps, ahead, strict=True)}
    parts = []
    for s in range(n):
        shares = 0.0
        for c, k in p.hold[s].items():
            shares += value.get(c, 0.0) * k
        m = p.money[s] + income_in[s]
        option = w.money_option * min(1.0, turns[s] / w.option_turns) * min(m, turns[s] * w.spend_turn)
        parts.append((shares, p.card_pts[s], min(m, MONEY_CAP), option, value[p.corp[s]]))
    return turns, parts


def judge(p: Pos, w: Weights = Weights) -> float:
    """How good position `p` is for seat `p.me`: its forecast minus a blend of its rivals'."""
    scores = forecast(p, w)
    mine = scores[p.me]
    others = [s for i, s in enumerate(scores) if i != p.me]
    return mine - w.vs_max * max(others) - (1.0 - w.vs_max) * sum(others) / len(others)


class NormalAgent(HeuristicAgent):
    """Two-ply lookahead (own action, next player's best reply) on a forecast of the final scores."""

    level = "normal"
    weights = Weights

    def decide(self, obs: Observation, rng) -> Action:
        legal = obs.legal
        pos = Pos.from_view(obs.view, obs.seat)
        best, best_value = legal[0], -math.inf
        w = self.weights
        for action in legal:  # ties keep the first in legal order: deterministic for a given view
            after = pos.play(action)
            value = self._reply_value(after, w) if w.reply else judge(after, w)
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best

    @staticmethod
    def _reply_value(after: Pos, w) -> float:
        """My judgement after the next player answers with the reply best for them."""
        opp = after.next_seat(after.me)
        if opp == after.me:
            return judge(after, w)
        me = after.me
        best_for_them, value = -math.inf, 0.0
        for reply in after.moves(opp):
            q = after.play(reply)
            q.me = opp
            theirs = judge(q, w)
            if theirs > best_for_them:
                q.me = me
                best_for_them, value = theirs, judge(q, w)
        return value


# -- Easy ---------------------------------------------------------------------------------------------
class EasyAgent(HeuristicAgent):
    """Weighted random over sensible moves: mostly acquisitions that score well for their price,
    sometimes dividends, now and then a share of a corporation in the top half of the asset track."""

    level = "easy"

    def decide(self, obs: Observation, rng) -> Action:
        legal = obs.legal
        view, me = obs.view, obs.seat
        seat = view["seats"][me]
        cards = [seat["corp"], *seat["companies"]]
        base = company_score(cards)
        track = sorted((c["assets"] for c in view["corporations"]), reverse=True)
        own = seat["holdings"].get(seat["corp"], 0)
        weights = []
        for action in legal:
            if action.kind == "acquire":
                m = view["market"][action.args[0]]
                gain = company_score([*cards, m["card"]]) - base  # points the card adds, synergy included
                weights.append(30 + int(40 * gain / max(m["price"], 1)))
            elif action.kind == "dividends":
                # pointless once every own share is sold; otherwise more tempting the more it pays
                weights.append(0 if own == 0 else 8 + 4 * seat["income"] * own // 3)
            elif action.kind == "buy_share":
                corp = view["seats"][action.args[0]]["corp"]
                assets = next(c["assets"] for c in view["corporations"] if c["id"] == corp)
                rank = track.index(assets)
                weights.append(10 if rank < 2 else 5 if rank < 3 else 0)
            else:
                weights.append(1)
        if sum(weights) <= 0:
            return legal[rng.randbelow(len(legal))]
        return legal[rng.weighted_index(weights)]


AGENTS = {"easy": EasyAgent, "normal": NormalAgent}
