"""Victory Through Industry agents.

Victory Through Industry has no hidden information that matters (only the contracts left in the
box, which never enter play), so both agents read the full position from `obs.sample(rng)`, which
for this game is an exact copy of the public state.

**Easy** plays sensible moves at random: it produces with a random type that can operate, and in
a non-production move claims a contract it can pay for, sometimes builds a random affordable
factory, moves a product or trades with the bank, and ends the move at random. It always
supplies its contracts when it can and accepts a trade when it receives at least the face value
it gives.

**Normal** plans production chains. With three or more players it drafts the starting factory
worth most to it (the contracts on offer for what it makes, Wood as the building material, a new
type over a copy). With two the drafted sets are complements of one another, so it searches the
rest of the draft and takes the pick that leads to the best value of its set less the rival's
(each set valued by the measured strength of its factories and, lightly, the contracts on offer). It
values each product by its points plus the demand for it (its held contracts, the contracts on
offer, the inputs of its factories), and pushes that demand down the chains to the raw materials.
In a non-production move it, in order: claims a contract when its points beat the card paid and
the cards its fulfilments will take before the end (a leader also claims at a small loss once it
holds three contracts or the game runs long), or the first contract of a sprint to an end it
would win (every contract left, eight held, or five held with a card kept for each, buying
missing cards from the bank); moves products into the input spaces of factories that lack them;
clears output spaces blocked by idle products; builds the factory that best serves the demand
(paying with its least useful products, sited and turned so that its inputs and outputs line up
with its neighbours); trades surplus to the bank for what it needs, or for Wood to keep growing.
Late in the game, when a contract left on offer asks for a product no one can supply, it builds the
factory that makes it, buys its inputs and runs it. A production move uses the type that adds the
most value. It ends the game by a claim only when it is ahead; it offers two or three spare cards
for a card it owes a contract, and answers trade offers by comparing what it gives and gets at its
own valuation.

Requests to move a factory into or out of their complex (the rule "with their permission"): Easy
welcomes any factory and lets one go only if it cannot operate right now; Normal accepts a factory
only if it makes a product it has a use for, and lets one go only if it is idle and makes nothing
its contracts or its other factories need. Neither level ever makes such a request itself.
"""

from __future__ import annotations

from ai.core.agent import HeuristicAgent, Observation
from engine.core.contract import Action
from engine.games.victory_through_industry.data import (
    CONTRACTS,
    COST_SETS,
    DIRS,
    FACTORIES,
    FACTORY_IDS,
    FULFIL_TO_END,
    MAX_CONTRACTS,
    NEIGHBOURS8,
    PRODUCT_IDS,
    START_SET,
    VALUE,
    facing,
)

FACING = {(f, r): tuple(facing(f, r)) for f in FACTORY_IDS for r in range(4)}
PRODUCERS: dict[str, list[str]] = {p: [] for p in PRODUCT_IDS}
for _f in FACTORY_IDS:
    for _i, _side in FACTORIES[_f].outputs:
        for _p in _side.products:
            PRODUCERS[_p].append(_f)
RAW = tuple(f for f in FACTORY_IDS if not FACTORIES[f].inputs)


def _find(legal: list[Action], kind: str, args=None) -> Action | None:
    for a in legal:
        if a.kind == kind and (args is None or a.args == tuple(args)):
            return a
    return None


# -- position analysis shared by the agents ------------------------------------------------------
class Complex:
    """What one seat's complex offers: the role of every cell beside a factory side."""

    def __init__(self, st, s: int):
        self.st = st
        self.s = s
        self.fac = st.fac[s]
        self.prod = st.prod[s]
        self.ins: dict = {}    # cell -> list of (factory cell, accepted products)
        self.outs: dict = {}   # cell -> list of (factory cell, products it may put there)
        for c, (f, r) in self.fac.items():
            for d, side in FACING[(f, r)]:
                n = (c[0] + DIRS[d][0], c[1] + DIRS[d][1])
                (self.ins if side.kind == "in" else self.outs).setdefault(n, []).append((c, side.products))
        self.types = {f for f, _ in self.fac.values()}

    def feeds(self, cell, p) -> bool:
        """The product `p` at `cell` is an input of a factory beside it."""
        return any(p in prods for _, prods in self.ins.get(cell, ()))

    def blocks(self, cell) -> bool:
        return cell in self.outs

    def dest_score(self, cell, p) -> float:
        """How good an empty cell is for a card of `p`: feeding an input that lacks it is best;
        a cell where a factory puts its output is bad (the card would block it)."""
        score = 0.0
        if self.feeds(cell, p):
            score += 3
        elif cell in self.ins:
            score -= 1
        if cell in self.outs:
            score -= 2
        return score

    def best_dest(self, p, free, exclude=None):
        best, best_score = None, -99.0
        for c in free:
            if c == exclude:
                continue
            sc = self.dest_score(c, p)
            if sc > best_score:
                best, best_score = c, sc
        return best, best_score


def sustainable(types: set[str]) -> set[str]:
    """Products the seat can make from its own raw materials with the factory types it has."""
    made: set[str] = set()
    changed = True
    while changed:
        changed = False
        for f in types:
            fac = FACTORIES[f]
            if all(any(p in made for p in side.products) for _, side in fac.inputs):
                for _, side in fac.outputs:
                    for p in side.products:
                        if p not in made:
                            made.add(p)
                            changed = True
    return made


def demand(st, s: int, cx: Complex) -> dict[str, float]:
    """How much the seat wants each product beyond its face value."""
    d = {p: 0.0 for p in PRODUCT_IDS}
    for cid in st.held[s]:
        c = CONTRACTS[cid]
        d[c.product] += 3 + 0.3 * c.points
    room = len(st.held[s]) < MAX_CONTRACTS
    made = sustainable(cx.types)
    if room:
        # the last contracts stand between the players and the end: whoever can make their
        # products can close the game, so they count in full once few are left
        closing = len(st.row) <= st.players + 1
        for cid in st.row:
            c = CONTRACTS[cid]
            d[c.product] += (0.3 if c.product in made or closing else 0.12) * c.points
    for f, _ in cx.fac.values():
        for _, side in FACTORIES[f].inputs:
            for p in side.products:
                d[p] += 1.0 / len(side.products)
    d["wood"] += 1.0  # the building material
    for _ in range(3):
        add = {}
        for p, v in d.items():
            if v <= 0.5 or p in made:
                continue
            # the cheapest producer to complete: the one with the fewest inputs we cannot make
            best = None
            for f in PRODUCERS[p]:
                missing = sum(1 for _, side in FACTORIES[f].inputs if not any(q in made for q in side.products))
                if best is None or missing < best[0]:
                    best = (missing, f)
            if best is None:
                continue
            for _, side in FACTORIES[best[1]].inputs:
                for q in side.products:
                    add[q] = add.get(q, 0.0) + 0.35 * v / len(side.products)
        for q, v in add.items():
            d[q] = max(d[q], v)
    # cards in stock already meet part of the demand
    for p, n in st.product_counts(s).items():
        d[p] = max(0.0, d[p] - 0.7 * n)
    return d


def reserve(st, s: int) -> dict[str, int]:
    """Cards of each product the seat must keep for its contracts' next fulfilment."""
    out: dict[str, int] = {}
    for cid in st.held[s]:
        p = CONTRACTS[cid].product
        out[p] = out.get(p, 0) + 1
    return out


def keep_value(p: str, cell, cx: Complex, dem: dict, res: dict | None = None, counts: dict | None = None) -> float:
    v = VALUE[p] + min(dem[p], 6.0) * 0.5 + (2.0 if cx.feeds(cell, p) else 0.0)
    if res and counts is not None and counts.get(p, 0) <= res.get(p, 0):
        v += 10.0
    return v


def site_score(cx: Complex, f: str, cell, rot: int) -> float:
    """How well a factory of type `f` at `cell` turned `rot` fits the complex."""
    fac, prod = cx.fac, cx.prod
    score = 0.0
    x, y = cell
    for d, side in FACING[(f, rot)]:
        n = (x + DIRS[d][0], y + DIRS[d][1])
        if n in fac:
            score -= 4
        elif side.kind == "in":
            if prod.get(n) in side.products:
                score += 3
            elif n in prod:
                score -= 1
            elif any(set(ps) & set(side.products) for _, ps in cx.outs.get(n, ())):
                score += 3
            elif n in cx.outs:
                score -= 1
            else:
                score += 1
        else:
            if n in prod:
                score -= 1
            elif any(set(ps) & set(side.products) for _, ps in cx.ins.get(n, ())):
                score += 3
            elif n in cx.outs or n in cx.ins:
                score -= 1
            else:
                score += 1
    score -= 4 * (len(cx.ins.get(cell, ())) + len(cx.outs.get(cell, ())))
    # factories touching by corners only (a chequerboard) leave every side cell free for cards
    score -= 2.5 * sum(1 for dx, dy in DIRS if (x + dx, y + dy) in fac)
    score += 0.05 * sum(1 for dx, dy in NEIGHBOURS8 if (x + dx, y + dy) in fac)
    return score


def rounds_left(st) -> float:
    """A rough count of the rounds still to come."""
    limit = st.max_rounds or 40
    by_limit = max(0, limit - st.round)
    row = len(st.row)
    by_contracts = 4 + row * 1.5
    return min(by_limit, by_contracts, 15.0)


LONG_GAME = 30
"""Rounds after which a leader claims even a contract that will cost a little more than it pays,
to bring on the end: well past the usual length (a median of about 20 rounds in self-play)."""


def horizon(st) -> float:
    """Rounds the game may still last: contracts are claimed until someone can end it by
    fulfilling five or holding eight, or until the row is empty."""
    limit = max(1, st.max_rounds - st.round) if st.max_rounds else 99
    most = max(len(h) for h in st.held)
    by_row = 1.0 + len(st.row) / st.players
    return max(1.0, min(limit, 8.0, by_row, 1.0 + 1.5 * max(0, FULFIL_TO_END - most)))


def contract_net(st, s: int, cid: str, made: set[str]) -> float:
    """What claiming a contract gains by the end: its points, less the card paid to claim it and
    the cards handed over at each fulfilment still to come (the holder fulfils once in every
    players - 1 rounds; a product the seat cannot make costs a bank trade, about three cards)."""
    c = CONTRACTS[cid]
    v = VALUE[c.product]
    per = v if c.product in made else 3 * v
    fulfils = horizon(st) / max(1, st.players - 1)
    return c.points - v - fulfils * per


def rounds_to_fulfil(st, s: int) -> int:
    """Rounds until the seat next holds the fulfilment token at the start of its turn (the token
    moves one seat to the right each time its holder's turn starts; the first claimer takes it)."""
    if st.token is None:
        return 1
    k = (st.token - s) % st.players
    return k if k else 1


def sprint_plan(st, s: int, counts: dict, res: dict):
    """A sprint to the end: (contracts to claim, bank trades (give, get) still needed) that ends
    the game by one of the rulebook's conditions with the seat ahead: claiming every contract
    left, holding eight, or holding five with a card kept for each to fulfil them all at the
    seat's next fulfilment. None unless the seat would then lead by more than the others can gain
    before the end. Missing cards come from the bank: three surplus cards of at least their value."""
    held = len(st.held[s])
    mine = current_score(st, s)
    others = max(current_score(st, t) for t in range(st.players) if t != s)
    spare = {p: n - res.get(p, 0) for p, n in counts.items()}
    best = None
    ends = [(len(st.row), 1, 0), (MAX_CONTRACTS - held, 1, 0),
            (FULFIL_TO_END - held, 2, rounds_to_fulfil(st, s))]
    for need, cards, wait in ends:
        if need < 1 or need > len(st.row) or held + need > MAX_CONTRACTS:
            continue
        got = _pick(st, need, cards, spare)
        if got is None:
            continue
        picks, trades, gain = got
        if cards == 2:
            gain -= sum(VALUE[CONTRACTS[h].product] for h in st.held[s])  # the held contracts' cards
        margin = mine + gain - others - 3.0 * wait
        if margin > 0 and (best is None or margin > best[0]):
            best = (margin, picks, trades)
    return None if best is None else (best[1], best[2])


def _pick(st, need: int, cards: int, spare: dict):
    """The `need` best contracts on offer with `cards` cards each (claim, and fulfil if 2) from
    the seat's spare cards or bank trades: (picks, trades, points gained) or None."""
    spare = dict(spare)
    picks, trades, gain = [], [], 0.0
    for cid in sorted(st.row, key=lambda c: (-(CONTRACTS[c].points - cards * VALUE[CONTRACTS[c].product]), c)):
        p = CONTRACTS[cid].product
        trial = dict(spare)
        bought = []
        for _ in range(cards):
            if trial.get(p, 0) >= 1:
                trial[p] -= 1
                continue
            give = min((q for q, n in trial.items() if n >= 3 and VALUE[q] >= VALUE[p] and q != p),
                       key=lambda q: (VALUE[q], -trial[q], q), default=None)
            if give is None:
                break
            trial[give] -= 3
            bought.append((give, p))
        else:
            spare = trial
            picks.append(cid)
            trades += bought
            gain += CONTRACTS[cid].points - cards * VALUE[p] - sum(3 * VALUE[g] for g, _ in bought)
            if len(picks) == need:
                return picks, trades, gain
    return None


def closing_factory(st, s: int, cx: Complex) -> str | None:
    """Late in the game, a factory type that makes the product of a contract left on offer that
    the seat can neither supply nor buy from the bank, and whose inputs it can make, hold or buy:
    building it lets the last contracts be claimed and the game end."""
    if len(st.row) > st.players + 1 or len(st.held[s]) >= MAX_CONTRACTS:
        return None
    counts = st.product_counts(s)
    made = sustainable(cx.types)
    for cid in sorted(st.row, key=lambda c: -CONTRACTS[c].points):
        p = CONTRACTS[cid].product
        if counts.get(p) or p in made or bankable(p, counts):
            continue
        for f in PRODUCERS[p]:
            if all(any(q in made or counts.get(q) or bankable(q, counts) for q in side.products)
                   for _, side in FACTORIES[f].inputs):
                return f
    return None


def closing_build(st, s: int, cx: Complex) -> str | None:
    """The closing factory (see closing_factory), if the seat can build it now."""
    f = closing_factory(st, s, cx)
    return f if f is not None and f in st.buildable_types(s) else None


def bankable(p: str, counts: dict) -> bool:
    """The seat has three cards of a kind worth at least `p` to trade for it."""
    return any(n >= 3 and VALUE[q] >= VALUE[p] and q != p for q, n in counts.items())


def closing_input(st, s: int, give: str) -> str | None:
    """Late in the game, what the seat buys from the bank with `give` towards a contract left on
    offer that no one can supply: Wood to build the closing factory (see closing_factory), or an
    input it lacks for the factory of that kind it has."""
    if len(st.row) > st.players + 1:
        return None
    counts = st.product_counts(s)
    f = closing_factory(st, s, Complex(st, s))
    if f is not None and f not in st.type_counts(s):
        return "wood" if give != "wood" and f not in st.buildable_types(s) else None
    wanted = {CONTRACTS[c].product for c in st.row}
    for f in sorted(set(st.type_counts(s))):
        if not _outputs(f) & wanted:
            continue
        for _, side in FACTORIES[f].inputs:
            if any(counts.get(q) for q in side.products):
                continue
            options = [q for q in side.products if VALUE[q] <= VALUE[give] and q != give]
            if options:
                return min(options, key=lambda q: (VALUE[q], q))
    return None


def current_score(st, s: int) -> float:
    return sum(st.score(s).values())


# -- answering a request to move a factory between complexes ----------------------------------------
# Neither level ever asks to move a factory to or from another complex itself (it would need to
# value the other player's complex); both only answer such requests.
def _outputs(f: str) -> set[str]:
    return {p for side in FACTORIES[f].sides if side.kind == "out" for p in side.products}


def _factory_needed(st, s: int, f: str) -> bool:
    """Whether a factory of type `f` makes a product of a contract the seat holds or an input of
    one of its other factories."""
    wanted = {CONTRACTS[c].product for c in st.held[s]}
    for g, _ in st.fac[s].values():
        for _, side in FACTORIES[g].inputs:
            wanted.update(side.products)
    return bool(_outputs(f) & wanted)


def easy_allows(st, s: int) -> bool:
    """Easy: welcomes a factory into its complex; lets one go only if it is idle right now."""
    sub = st.sub
    if sub["dst"] == s:
        return True
    return not st.can_operate(s, tuple(sub["cell"]))


def normal_allows(st, s: int, dem: dict) -> bool:
    """Normal: takes a factory only if it makes something it has a use for (its demand table);
    lets one go only if it is idle right now and makes nothing its contracts or its other
    factories need (so it costs it nothing useful)."""
    sub = st.sub
    f = sub["f"]
    if sub["dst"] == s:
        return any(dem.get(p, 0) > 0 for p in _outputs(f))
    return not st.can_operate(s, tuple(sub["cell"])) and not _factory_needed(st, s, f)


# -- Easy -------------------------------------------------------------------------------------------
class EasyAgent(HeuristicAgent):
    """Sensible moves at random (see the module docstring)."""

    level = "easy"

    def decide(self, obs: Observation, rng) -> Action:
        legal = obs.legal
        st = obs.sample(rng)
        s = obs.seat
        kinds = {a.kind for a in legal}
        if "accept" in kinds and st.sub["k"] == "frespond":
            return _find(legal, "accept" if easy_allows(st, s) else "refuse")
        if "accept" in kinds:
            sub = st.sub
            get = VALUE[sub["give"]] * sub["gn"] if sub["gn"] else 0
            give = VALUE[sub["get"]] * sub["qn"] if sub["qn"] else 0
            return _find(legal, "accept" if get >= give else "refuse")
        if "fulfil" in kinds:
            return next(a for a in legal if a.kind == "fulfil")
        if "forfeit" in kinds:
            return _find(legal, "forfeit")
        if "produce" in kinds:
            prods = [a for a in legal if a.kind == "produce"]
            if prods and rng.randbelow(10) < 7:
                return prods[rng.randbelow(len(prods))]
            return _find(legal, "nonproduction")
        if "end_move" in kinds:
            claims = [a for a in legal if a.kind == "claim" and CONTRACTS[a.args[0]].points > VALUE[
                CONTRACTS[a.args[0]].product] + 2]
            if claims and len(st.held[s]) < MAX_CONTRACTS - 1:
                return claims[rng.randbelow(len(claims))]
            roll = rng.randbelow(10)
            if roll < 5:
                return _find(legal, "end_move")
            pool = [a for a in legal if a.kind in ("build", "bank")]
            if roll < 8 and pool:
                return pool[rng.randbelow(len(pool))]
            moves = [a for a in legal if a.kind == "move_product"]
            if moves:
                return moves[rng.randbelow(len(moves))]
            return _find(legal, "end_move")
        if "discard" in kinds:  # moving a product: anywhere but the bin
            sites = [a for a in legal if a.kind == "site"]
            return sites[rng.randbelow(len(sites))] if sites else _find(legal, "discard")
        if "place_product" in kinds:
            sites = [a for a in legal if a.kind == "place_product"]
            return sites[rng.randbelow(len(sites))] if sites else _find(legal, "discard_incoming")
        return legal[rng.randbelow(len(legal))]


# -- Normal -----------------------------------------------------------------------------------------
def draft_value(st, s: int, f: str) -> float:
    """What a starting factory is worth to the seat drafting it: the contracts on offer for what it
    makes (directly, or one factory further on), wood as the building material, and a new type
    over a copy (a copy adds output but no new product)."""
    have = st.drafted[s]
    value = _row_value(f, st.row)
    if "wood" in _outputs(f):
        value += 4.0
    value /= 1 + 1.5 * have.count(f)
    if f not in have:
        value += 3.0
    return value


DRAFT_STRENGTH = {"coal_mine": 0.237, "iron_mine": 0.133, "forest": 0.0, "cattle_ranch": -0.057,
                  "cotton_plantation": 0.216, "oil_well": -0.283}
"""What holding each starting factory is worth to a two-player set, in log-odds of winning, beside a
second Forest. These, BESIDE_A_MINE, the Forest terms and ROW_WEIGHT below are measured: a logistic
fit over 2,000 all-Normal two-player games with a random draft (draft_fit.py, seed 101; standard
errors 0.07-0.22, ROW_WEIGHT 0.006). The Oil Well is the weakest starting factory, the mines and
the Cotton Plantation the strongest. (An earlier fit, 2,384 games of which only 333 had a random
draft, put the Cotton Plantation beside a mine at +0.40: with it, Normal's first drafter took
Cotton and a mine in 82 % of games and won 58.5 %; see RESULTS.md.)"""
BESIDE_A_MINE = {"cotton_plantation": -0.202, "cattle_ranch": -0.173}
"""Log-odds added to a set holding this factory and a Coal or Iron Mine."""
MINES = ("coal_mine", "iron_mine")
FIRST_FOREST = -0.100
THIRD_FOREST = 0.260
ROW_WEIGHT = 0.020
"""Log-odds per point of the contracts on offer that a set's products answer: small, because
either player may claim any contract and build any factory."""


def set_value(factories, row) -> float:
    """What a whole two-player starting set is worth with `row` on offer, in log-odds of winning:
    the measured strength of its factories and of its pairs (DRAFT_STRENGTH, BESIDE_A_MINE) and,
    weighted lightly, the contracts on offer that its factories answer."""
    forests = factories.count("forest")
    total = FIRST_FOREST * (forests >= 1) + THIRD_FOREST * (forests >= 3)
    mine = any(m in factories for m in MINES)
    for t in dict.fromkeys(factories):
        total += DRAFT_STRENGTH[t] + ROW_WEIGHT * _row_value(t, row)
        if mine:
            total += BESIDE_A_MINE.get(t, 0.0)
    return total


def _row_value(f: str, row) -> float:
    """The points of the contracts in `row` a factory of type `f` answers: in full for what it
    makes, a quarter for what one factory further on makes from it; shared over its products."""
    made = set(_outputs(f))
    later = {p for g in FACTORY_IDS for _, side in FACTORIES[g].inputs if made & set(side.products)
             for _, out in FACTORIES[g].outputs for p in out.products}
    value = 0.0
    for cid in row:
        c = CONTRACTS[cid]
        if c.product in made:
            value += c.points - VALUE[c.product]
        elif c.product in later:
            value += 0.25 * c.points
    return value / len(made)  # a factory making two products runs once for both


def draft_search(st, s: int) -> str:
    """Two players: the pick that leads, with both drafting the same way to the end of the draft,
    to the best value of the seat's set less the value of the rival's. The two sets are
    complements (all but one of the nine factories), so what one player leaves the other takes."""
    t = 1 - s
    row = tuple(st.row)
    types = tuple(dict.fromkeys(sorted(st.pool, key=FACTORY_IDS.index)))
    values: dict = {}
    memo: dict = {}
    # the draft ends when a round would start with fewer factories than players: each takes 4
    picks = 2 * (len(START_SET) // 2) - len(st.drafted[s]) - len(st.drafted[t])

    def value(fs: tuple) -> float:
        v = values.get(fs)
        if v is None:
            v = values[fs] = set_value(fs, row)
        return v

    def best(pool: tuple, mine: tuple, theirs: tuple, left: int, me: bool):
        if left == 0:
            return value(mine) - value(theirs), None
        key = (pool, mine, theirs, me)
        hit = memo.get(key)
        if hit is not None:
            return hit
        out = None
        for f in dict.fromkeys(pool):
            i = pool.index(f)
            rest = pool[:i] + pool[i + 1:]
            if me:
                v, _ = best(rest, tuple(sorted(mine + (f,))), theirs, left - 1, False)
                if out is None or v > out[0]:
                    out = (v, f)
            else:
                v, _ = best(rest, mine, tuple(sorted(theirs + (f,))), left - 1, True)
                if out is None or v < out[0]:
                    out = (v, f)
        memo[key] = out
        return out

    pool = tuple(sorted(st.pool))
    _, f = best(pool, tuple(sorted(st.drafted[s])), tuple(sorted(st.drafted[t])), picks, True)
    assert f in types
    return f


class NormalAgent(HeuristicAgent):
    """Builds production chains towards its contracts (see the module docstring)."""

    level = "normal"

    def decide(self, obs: Observation, rng) -> Action:
        legal = obs.legal
        st = obs.sample(rng)
        s = obs.seat
        action = self._choice(st, s, legal)
        if action is None or action not in legal:
            return legal[0]
        return action

    # the decision proper -----------------------------------------------------------------------
    def _choice(self, st, s: int, legal: list[Action]) -> Action | None:
        kinds = {a.kind for a in legal}
        cx = Complex(st, s)
        if "accept" in kinds:
            return self._respond(st, s, cx)
        if "place_product" in kinds or "discard_incoming" in kinds:
            p = st.incoming[s][0]
            dest, _ = cx.best_dest(p, st.free_product_cells(s))
            return Action("place_product", s, dest) if dest is not None else Action("discard_incoming", s, ())
        if "draft" in kinds:
            if st.players == 2:
                return Action("draft", s, (draft_search(st, s),))
            drafts = [a for a in legal if a.kind == "draft"]
            return max(drafts, key=lambda a: (draft_value(st, s, a.args[0]), -FACTORY_IDS.index(a.args[0])))
        if "place" in kinds:
            return legal[0]
        if "fulfil" in kinds or "forfeit" in kinds:
            fulfils = [a for a in legal if a.kind == "fulfil"]
            if not fulfils:
                return _find(legal, "forfeit")
            dem = demand(st, s, cx)
            return min(fulfils, key=lambda a: (keep_value(st.prod[s][a.args[1:]], a.args[1:], cx, dem), a.args))
        sub = st.sub
        if sub is not None:
            return self._sub_step(st, s, cx, sub, legal)
        dem = demand(st, s, cx)
        if "nonproduction" in kinds:
            best_prod, gain = self._best_production(st, s, cx, dem, legal)
            plan = self._np_step(st, s, cx, dem)
            if st.moves == 0 and plan is not None:
                return Action("nonproduction", s, ())
            if best_prod is not None and gain > 0:
                return best_prod
            return Action("nonproduction", s, ())
        if "end_move" in kinds:
            return self._np_step(st, s, cx, dem) or Action("end_move", s, ())
        return None

    def _respond(self, st, s: int, cx: Complex) -> Action:
        sub = st.sub
        dem = demand(st, s, cx)
        if sub["k"] == "frespond":
            return Action("accept" if normal_allows(st, s, dem) else "refuse", s, ())
        get = (VALUE[sub["give"]] + min(dem[sub["give"]], 6) * 0.5) * sub["gn"] if sub["gn"] else 0.0
        give = (VALUE[sub["get"]] + min(dem[sub["get"]], 6) * 0.5) * sub["qn"] if sub["qn"] else 0.0
        return Action("accept" if get > give else "refuse", s, ())

    def _best_production(self, st, s, cx, dem, legal):
        res = reserve(st, s)
        counts = st.product_counts(s)
        # late in the game, a product of a contract left on offer that the seat lacks lets it claim
        # the contract and bring the end nearer
        closing = set()
        if len(st.row) <= st.players + 1 and len(st.held[s]) < MAX_CONTRACTS:
            closing = {CONTRACTS[c].product for c in st.row} - set(counts)
        best, best_gain = None, 0.0
        for a in legal:
            if a.kind != "produce":
                continue
            f = FACTORIES[a.args[0]]
            n = len(st.operable(s, a.args[0]))
            gain = 10.0 if any(closing & set(side.products) for _, side in f.outputs) else 0.0
            for _, side in f.outputs:
                gain += max(VALUE[p] + min(dem[p], 6) * 0.4 for p in side.products)
            for _, side in f.inputs:
                gain -= min(VALUE[p] for p in side.products)
                for p in side.products:
                    if counts.get(p, 0) - n < res.get(p, 0):
                        gain -= 6  # would eat a card owed to a contract
            gain *= n
            if best is None or gain > best_gain:
                best, best_gain = a, gain
        return best, best_gain

    def _np_step(self, st, s: int, cx: Complex, dem) -> Action | None:
        """The next action of a non-production move, or None to end it."""
        claim = self._claim(st, s, cx, dem)
        if claim is not None:
            return claim
        free = st.free_product_cells(s)
        # feed: move idle cards into input spaces that lack them
        for c, p in sorted(cx.prod.items()):
            if cx.feeds(c, p):
                continue
            dest, score = cx.best_dest(p, free, exclude=c)
            if dest is not None and score >= 2:
                return Action("move_product", s, c)
        # unblock: clear output spaces of factories that could otherwise work
        stuck = []
        for c, p in sorted(cx.prod.items()):
            if cx.feeds(c, p) or not cx.blocks(c):
                continue
            dest, score = cx.best_dest(p, free, exclude=c)
            if dest is not None and score >= -1:
                return Action("move_product", s, c)
            # discarding a card only to make another of the same kind gains nothing
            same = all(p in ps for _, ps in cx.outs.get(c, ()))
            if VALUE[p] <= 1 and not same and st.product_counts(s).get(p, 0) > reserve(st, s).get(p, 0):
                stuck.append(c)
        # clear input spaces held by a card the factory does not take
        for c, p in sorted(cx.prod.items()):
            if c not in cx.ins or cx.feeds(c, p):
                continue
            dest, score = cx.best_dest(p, free, exclude=c)
            if dest is not None and score >= 0 and dest not in cx.ins:
                return Action("move_product", s, c)
        # a card owed to a contract: a trade (two or three cards for one) is cheaper than the bank
        if not st.offered:
            plan = self._trade_plan(st, s, dem)
            if plan is not None:
                return Action("offer", s, (plan[0],))
        build = closing_build(st, s, cx) or self._build_choice(st, s, cx, dem)
        if build is not None:
            return Action("build", s, (build,))
        bank = self._bank_choice(st, s, cx, dem)
        if bank is not None:
            return Action("bank", s, (bank[0],))
        if stuck:
            return Action("move_product", s, stuck[0])  # nowhere to go: discard it to free the factory
        return None

    def _claim(self, st, s, cx, dem) -> Action | None:
        if len(st.held[s]) >= MAX_CONTRACTS:
            return None
        counts = st.product_counts(s)
        made = sustainable(cx.types)
        res = reserve(st, s)
        plan = sprint_plan(st, s, counts, res)
        if plan is not None and not plan[1]:
            return Action("claim", s, (plan[0][0],))
        # a leader with contracts in hand pushes for the end (five fulfilled at once, or eight held)
        mine = current_score(st, s)
        leading = all(mine >= current_score(st, t) for t in range(st.players) if t != s)
        bar = -2.0 if leading and (len(st.held[s]) >= 3 or st.round >= LONG_GAME) else 1.0
        best = None
        for cid in st.row:
            c = CONTRACTS[cid]
            if counts.get(c.product, 0) <= res.get(c.product, 0):
                continue  # the card paid must not be one owed at the next fulfilment
            net = contract_net(st, s, cid, made)
            if net < bar:
                continue
            if best is None or net > best[0]:
                best = (net, cid)
        if best is None:
            return None
        cid = best[1]
        ends = len(st.held[s]) + 1 >= MAX_CONTRACTS or len(st.row) == 1
        if ends:
            mine = current_score(st, s) + CONTRACTS[cid].points - VALUE[CONTRACTS[cid].product]
            if any(current_score(st, t) >= mine for t in range(st.players) if t != s):
                return None
        return Action("claim", s, (cid,))

    def _build_choice(self, st, s, cx, dem) -> str | None:
        """The factory type worth building now, if any: an investment valued by what it adds per
        activation times the activations still to come, against the cards it costs."""
        owned = st.type_counts(s)
        counts = st.product_counts(s)
        res = reserve(st, s)
        made = sustainable(cx.types)
        left = rounds_left(st)
        types_run = max(1, len(cx.types))
        # a full complex must grow: every factory adds side cells to store cards in
        crowded = len(st.free_product_cells(s)) <= 2
        best, best_score = None, 0.0
        for f in st.buildable_types(s):
            fac = FACTORIES[f]
            n = owned.get(f, 0)
            gain = 0.0
            for _, side in fac.outputs:
                gain += max(VALUE[p] + min(dem[p], 6.0) * 0.3 for p in side.products)
            for _, side in fac.inputs:
                gain -= min(VALUE[p] for p in side.products) * 0.8
            if gain <= 0:
                continue
            feasible = all(any(p in made for p in side.products) for _, side in fac.inputs)
            if not feasible:
                have = all(any(counts.get(p, 0) for p in side.products) for _, side in fac.inputs)
                gain *= 0.35 if have else 0.1
            # activations still to come: a type already run shares its moves; a new type needs its own
            acts = left * 2 / (types_run if n else types_run + 1) * 0.6
            score = gain * min(acts, 8.0)
            costs = sorted(keep_value(p, c, cx, dem, res, counts) for c, p in cx.prod.items()
                           if p in COST_SETS[f])
            score -= sum(costs[:2]) * (0.3 if crowded else 1.0)
            if crowded:
                score += 3.0
            if score > best_score:
                best, best_score = f, score
        return best if best_score > 1.0 else None

    def _bank_choice(self, st, s, cx, dem):
        """Three surplus cards for one the seat needs: a card for a sprint to the end, a card owed
        to a contract, or one that claims a contract on offer worth more than the three cards."""
        counts = st.product_counts(s)
        res = reserve(st, s)
        plan = sprint_plan(st, s, counts, res) if len(st.held[s]) < MAX_CONTRACTS else None
        if plan is not None and plan[1]:
            return plan[1][0]
        for give, n in sorted(counts.items(), key=lambda kv: (dem[kv[0]], kv[0])):
            if n - res.get(give, 0) < 3:
                continue
            want = self._bank_target(st, s, give, dem)
            if want is not None:
                return give, want
        return None

    def _trade_plan(self, st, s, dem, target: int | None = None):
        """(seat, give, n, get, m): two or three surplus cards for one card owed to a contract
        that another player has; None if nothing is owed or nothing is spare."""
        counts = st.product_counts(s)
        res = reserve(st, s)
        owed = [p for p, need in sorted(res.items()) if counts.get(p, 0) < need]
        if not owed:
            return None
        spare = [(n - res.get(p, 0), p) for p, n in counts.items()
                 if n - res.get(p, 0) >= 2 and dem[p] < 3]
        if not spare:
            return None
        room, give = max(spare)
        for get in owed:
            n = 2 if 2 * VALUE[give] >= VALUE[get] else 3
            if n > room:
                continue
            seats = [target] if target is not None else [t for t in range(st.players) if t != s]
            for t in seats:
                if st.product_counts(t).get(get, 0) >= 1:
                    return t, give, n, get, 1
        return None

    def _bank_target(self, st, s, give, dem):
        counts = st.product_counts(s)
        res = reserve(st, s)
        plan = sprint_plan(st, s, counts, res) if len(st.held[s]) < MAX_CONTRACTS else None
        if plan is not None:
            for g, want in plan[1]:
                if g == give:
                    return want
        v = VALUE[give]
        for p, need in sorted(res.items()):
            if VALUE[p] <= v and counts.get(p, 0) < need and p != give:
                return p
        closing = closing_input(st, s, give)
        if closing is not None:
            return closing
        if len(st.held[s]) < MAX_CONTRACTS - 1:
            best, best_gain = None, 0.0
            for cid in st.row:
                c = CONTRACTS[cid]
                if VALUE[c.product] <= v and not counts.get(c.product) and c.product != give:
                    gain = c.points - VALUE[c.product] - 3 * v
                    if gain > best_gain:
                        best, best_gain = c.product, gain
            if best_gain >= 2:
                return best
        # Wood builds any factory: a complex without it trades surplus for it to keep growing
        if give != "wood" and not counts.get("wood") and sum(st.type_counts(s).values()) < 12:
            return "wood"
        return None

    # steps inside a sub-action -----------------------------------------------------------------
    def _sub_step(self, st, s, cx, sub, legal) -> Action | None:
        k = sub["k"]
        dem = demand(st, s, cx)
        if k == "build":
            f = sub["f"]
            if sub["pay"] > 0:
                pays = [a for a in legal if a.kind == "pay"]
                res, counts = reserve(st, s), st.product_counts(s)
                return min(pays, key=lambda a: (keep_value(cx.prod[a.args], a.args, cx, dem, res, counts), a.args))
            if sub["site"] is None:
                sites = [a.args for a in legal if a.kind == "site"]
                best = max((site_score(cx, f, c, r), -c[1], -c[0], -r, c) for c in sites for r in range(4))
                return Action("site", s, best[4])
            site = tuple(sub["site"])
            best_r = max(range(4), key=lambda r: (site_score(cx, f, site, r), -r))
            return Action("rotate", s, (best_r,))
        if k == "claim":
            want = CONTRACTS[sub["cid"]].product
            cells = [a.args for a in legal if a.kind == "pay"]
            return Action("pay", s, min(cells, key=lambda c: (cx.feeds(c, want), c[1], c[0])))
        if k == "mvprod":
            origin = tuple(sub["origin"])
            p = cx.prod[origin]
            free = [a.args for a in legal if a.kind == "site"]
            dest, score = cx.best_dest(p, free, exclude=origin)
            if dest is not None and score >= -1:
                return Action("site", s, dest)
            if dest is not None and not cx.feeds(origin, p) and cx.blocks(origin) and VALUE[p] > 1:
                return Action("site", s, dest)  # anywhere rather than lose a valuable card
            return Action("discard", s, ())
        if k == "bank":
            want = self._bank_target(st, s, sub["give"], dem)
            a = _find(legal, "bank_get", (want,)) if want else None
            return a or _find(legal, "bank_get", (sub["give"],))
        if k == "produce":
            f = FACTORIES[sub["f"]]
            side = f.sides[f.choice_output]
            best = max(side.products, key=lambda p: (dem[p] + VALUE[p], p))
            if len(st.row) <= st.players + 1:
                counts = st.product_counts(s)
                missing = [p for p in side.products if not counts.get(p) and any(CONTRACTS[c].product == p
                                                                                  for c in st.row)]
                best = missing[0] if missing else best
            return Action("output", s, (best,))
        if k == "replace":
            return legal[0]
        if k == "offer":
            plan = self._trade_plan(st, s, dem, target=sub["t"])
            if plan is None:
                return legal[0]
            if sub["give"] is None:
                return _find(legal, "offer_give", (plan[1], plan[2])) or legal[0]
            return _find(legal, "offer_get", (plan[3], plan[4])) or legal[0]
        return None


AGENTS = {"easy": EasyAgent, "normal": NormalAgent}
