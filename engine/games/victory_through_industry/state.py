"""Victory Through Industry rules as a State (DESIGN §2).

Each player builds a complex: a grid of factories (one cell each, turned in quarter turns) with
product cards in the cells beside them. Set-up reveals 4 contracts per player and drafts the nine
starting factories; then each turn is an optional contract fulfilment and two moves, each either a
production move (every factory of one type that can, operates) or a non-production move (any
number of small actions, ended explicitly).

Every multi-part rulebook action is a sequence of small decisions:
  build            build(type) -> pay(cell) -> pay(cell) -> site(cell) -> rotate(r)
  tear down        tear_down(cell) [-> build(type) -> pay -> pay -> rotate, if it split the complex]
  move a factory   move_factory(cell) -> pay(cell) -> site(cell) -> rotate(r)
  move a product   move_product(cell) -> site(cell)
  discard          move_product(cell) -> discard
  bank trade       bank(product given) -> bank_get(product received)
  claim            claim(contract) -> pay(cell)
  trade            offer(seat) -> offer_give(product, n) -> offer_get(product, n) -> accept/refuse
                   (the last by the other seat: `to_move()` returns it)
  factory to/from  lend(seat) | borrow(seat) -> fpick(cell) -> accept/refuse (by that seat)
  another complex    -> pay(cell) -> site(cell of the receiving complex) -> rotate(r)
  received cards   place_product(cell) or discard_incoming, by the receiving seat (a card handed
                   over in a trade to a seat not on turn must be placed while there is a place)
Chance decisions: each revealed contract, and the player who starts the draft.

Decisions on points the rules text leaves open are listed in assets/.../rules.md ("How Tycoons
settles what the rulebook leaves open") and marked "decision:" in comments here.
"""

from __future__ import annotations

from engine.core.action_types import exactly_typed
from engine.core.contract import CHANCE, TERMINAL, Action, Event, GameSpec, Outcome, State
from engine.core.memo import game_cache
from engine.core.text import article, count, join_words, plural, seat_ref, whose
from engine.games.victory_through_industry.data import (
    CONTRACT_IDS,
    CONTRACTS,
    CONTRACTS_PER_PLAYER,
    COST_SETS,
    DIRS,
    FACTORIES,
    FACTORY_IDS,
    FULFIL_TO_END,
    MAX_CONTRACTS,
    MAX_PER_TYPE,
    NEIGHBOURS8,
    PRODUCT_IDS,
    PRODUCTS,
    START_SET,
    SUPPLY_PER_TYPE,
    VALUE,
    facing,
)
from engine.games.victory_through_industry.words import card_words, factory_words, idle_words, space_words

Cell = tuple[int, int]
OFFER_MAX = 3
"""decision: a trade offer gives and asks at most three cards of one product type each way."""

_FACING = {(f, r): tuple(facing(f, r)) for f in FACTORY_IDS for r in range(4)}
_WANTED = {cid: CONTRACTS[cid].product for cid in CONTRACT_IDS}
"""The product each contract asks for."""
_CHECKS = {key: tuple((DIRS[d][0], DIRS[d][1], side.kind == "in", frozenset(side.products)) for d, side in sides)
           for key, sides in _FACING.items()}
"""For each (type, rotation): (dx, dy, is an input, products accepted) of every printed side, the
form `can_operate` (the hottest test of a search) reads fastest."""
_ORDER = {p: i for i, p in enumerate(PRODUCT_IDS)}
_KINDS_INCOMING = frozenset({"place_product", "discard_incoming"})
_KINDS_DRAFT = frozenset({"draft"})
_KINDS_PAY = frozenset({"pay"})
_KINDS_SITE = frozenset({"site"})
_KINDS_ROTATE = frozenset({"rotate"})
_KINDS_BUILD = frozenset({"build"})
_KINDS_MVPROD = frozenset({"site", "discard"})
_KINDS_BANK_GET = frozenset({"bank_get"})
_KINDS_OUTPUT = frozenset({"output"})
_KINDS_GIVE = frozenset({"offer_give"})
_KINDS_GET = frozenset({"offer_get"})
_KINDS_RESPOND = frozenset({"accept", "refuse"})
_KINDS_FPICK = frozenset({"fpick"})
_KINDS_PLACE = frozenset({"place"})
_KINDS_FULFIL = frozenset({"fulfil", "forfeit"})
_KINDS_TURN = frozenset({"produce", "nonproduction"})
_KINDS_MENU = frozenset({"build", "tear_down", "move_factory", "move_product", "bank", "offer", "claim", "lend",
                         "borrow", "end_move"})
_KINDS_ALL = frozenset().union(_KINDS_INCOMING, _KINDS_DRAFT, _KINDS_PAY, _KINDS_SITE, _KINDS_ROTATE, _KINDS_MVPROD,
                               _KINDS_BANK_GET, _KINDS_OUTPUT, _KINDS_GIVE, _KINDS_GET, _KINDS_RESPOND, _KINDS_FPICK,
                               _KINDS_PLACE, _KINDS_FULFIL, _KINDS_TURN, _KINDS_MENU)
"""The kinds a player's action may have, by the step that asks for them (`VtiState._step`)."""
_FACTORY_ORDER = {f: i for i, f in enumerate(FACTORY_IDS)}


def _fname(f: str, n: int = 1) -> str:
    name = FACTORIES[f].name
    return name if n == 1 else plural(name)  # "Cattle Ranches", "Nylon Factories"


def _pname(p: str) -> str:
    return PRODUCTS[p].name


def _touches(cell: Cell, cells) -> bool:
    """Whether `cell` touches one of `cells` by a side or a corner."""
    x, y = cell
    return any((x + dx, y + dy) in cells for dx, dy in NEIGHBOURS8)


def connected(cells) -> bool:
    """Whether factory cells form one group touching by sides or corners (empty counts as one)."""
    return len(groups(cells if isinstance(cells, frozenset) else frozenset(cells))) <= 1


# A search meets the same few complexes again and again, so these answers are cached on the set of
# factory cells (a frozenset: hashable, and equal for equal complexes).
@game_cache(maxsize=4096)
def groups(cells: frozenset) -> tuple[frozenset, ...]:
    """The groups of cells touching by sides or corners (none for no cells)."""
    left = set(cells)
    out = []
    while left:
        start = left.pop()
        group = {start}
        todo = [start]
        while todo:
            x, y = todo.pop()
            for dx, dy in NEIGHBOURS8:
                n = (x + dx, y + dy)
                if n in left:
                    left.remove(n)
                    group.add(n)
                    todo.append(n)
        out.append(frozenset(group))
    return tuple(out)


@game_cache(maxsize=4096)
def cut_cells(cells: frozenset) -> frozenset:
    """The factory cells whose removal would leave the others not connected."""
    return frozenset(c for c in cells if len(groups(cells - {c})) > 1)


@game_cache(maxsize=4096)
def _free_types(layout: frozenset) -> frozenset:
    """For a complex given as (cell, (type, rotation)) pairs: the types of the factories that may
    leave it for another complex (it keeps two or more and stays connected without them)."""
    if len(layout) < 2:
        return frozenset()
    cuts = cut_cells(frozenset(c for c, _ in layout))
    return frozenset(f for c, (f, _) in layout if c not in cuts)


@game_cache(maxsize=4096)
def _affordable(held: frozenset) -> tuple[str, ...]:
    """The factory types two of these product cards may pay for (in `FACTORY_IDS` order)."""
    pay = _paying_cards(held)
    return tuple(f for f in FACTORY_IDS if pay[f] >= 2)


@game_cache(maxsize=4096)
def _paying_cards(held: frozenset) -> dict[str, int]:
    """For product cards held (a frozenset of (product, count) pairs): how many of them may pay
    for each factory type. Cached like the complexes, so callers must not change the dict."""
    return {f: sum(n for p, n in held if p in COST_SETS[f]) for f in FACTORY_IDS}


class VtiState(State):
    """The whole game. Seats are 0..players-1; play proceeds to the left (seat + 1), the draft and
    the fulfilment token pass to the right (seat - 1)."""

    _FIELDS = ("players", "opts", "deck", "row", "held", "lost", "fulfilled", "token", "claimed_any",
               "pool", "drafter", "draft_start", "last_drafter", "drafted", "first", "fac", "prod",
               "supply", "incoming", "made", "spent", "phase", "pending", "current", "round", "moves",
               "in_np", "sub", "fq", "fcount", "offered", "over", "end_reason", "turns", "asked", "handed")
    __slots__ = _FIELDS

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def new(cls, spec: GameSpec, players: int, options: dict) -> VtiState:
        s = cls.__new__(cls)
        s.players = players
        s.opts = dict(options)
        s.deck = sorted(CONTRACT_IDS)      # face down and unordered: each reveal is a chance decision
        s.row = []                         # revealed, unclaimed contracts
        s.held = [[] for _ in range(players)]
        s.lost = []                        # contracts lost at fulfilment (out of the game)
        s.fulfilled = [0] * players        # products handed over at fulfilments (statistics)
        s.token = None
        s.claimed_any = False
        s.pool = []
        s.drafter = 0
        s.draft_start = 0
        s.last_drafter = 0
        s.drafted = [[] for _ in range(players)]   # starting factories chosen, not yet placed
        s.first = 0
        s.fac = [{} for _ in range(players)]      # cell -> (factory type, rotation)
        s.prod = [{} for _ in range(players)]     # cell -> product type
        s.supply = {f: SUPPLY_PER_TYPE for f in FACTORY_IDS}
        s.incoming = [[] for _ in range(players)]  # products received, waiting for a cell
        # how many of them another player handed over in a trade: "who must place it in a valid
        # location within his industrial complex" (only stranded cards may be thrown away instead)
        s.handed = [0] * players
        s.made = {p: 0 for p in PRODUCT_IDS}      # products ever taken from the piles
        s.spent = {p: 0 for p in PRODUCT_IDS}     # products ever returned to the piles
        s.phase = "setup"
        s.pending = [["reveal"]] * (CONTRACTS_PER_PLAYER * players) + [["first"]]
        s.current = 0
        s.round = 0
        s.moves = 0
        s.in_np = False
        s.sub = None
        s.fq = []
        s.fcount = 0
        s.offered = []
        s.asked = False                    # a factory move to/from another complex asked this move
        s.over = False
        s.end_reason = ""
        s.turns = 0
        return s

    def copy(self) -> VtiState:
        s = VtiState.__new__(VtiState)
        s.players = self.players
        s.opts = self.opts
        s.deck = list(self.deck)
        s.row = list(self.row)
        s.held = [list(h) for h in self.held]
        s.lost = list(self.lost)
        s.fulfilled = list(self.fulfilled)
        s.token, s.claimed_any = self.token, self.claimed_any
        s.pool = list(self.pool)
        s.drafter, s.draft_start, s.last_drafter = self.drafter, self.draft_start, self.last_drafter
        s.drafted = [list(d) for d in self.drafted]
        s.first = self.first
        s.fac = [dict(f) for f in self.fac]
        s.prod = [dict(p) for p in self.prod]
        s.supply = dict(self.supply)
        s.incoming = [list(i) for i in self.incoming]
        s.handed = list(self.handed)
        s.made = dict(self.made)
        s.spent = dict(self.spent)
        s.phase = self.phase
        s.pending = [list(p) for p in self.pending]
        s.current, s.round, s.moves, s.in_np = self.current, self.round, self.moves, self.in_np
        s.sub = _copy_sub(self.sub)
        s.fq = list(self.fq)
        s.fcount = self.fcount
        s.offered = list(self.offered)
        s.asked = self.asked
        s.over, s.end_reason, s.turns = self.over, self.end_reason, self.turns
        return s

    def to_data(self) -> dict:
        d = {f: getattr(self, f) for f in self._FIELDS}
        d["fac"] = [sorted([x, y, f, r] for (x, y), (f, r) in g.items()) for g in self.fac]
        d["prod"] = [sorted([x, y, p] for (x, y), p in g.items()) for g in self.prod]
        d["opts"] = dict(self.opts)
        if not any(self.handed):  # as before the field existed: saves of those positions keep their hash
            del d["handed"]
        return d

    @classmethod
    def from_data(cls, spec: GameSpec, data: dict) -> VtiState:
        s = cls.__new__(cls)
        added = {"asked": False, "handed": [0] * data["players"]}  # fields that older data lacks
        for f in cls._FIELDS:
            setattr(s, f, data[f] if f in data or f not in added else added[f])
        s.fac = [{(x, y): (f, r) for x, y, f, r in g} for g in data["fac"]]
        s.prod = [{(x, y): p for x, y, p in g} for g in data["prod"]]
        s.opts = dict(data["opts"])
        s.sub = _copy_sub(data["sub"])
        return s.copy()

    # -- queries --------------------------------------------------------------------------------
    @property
    def max_rounds(self) -> int:
        return int(self.opts.get("max_rounds", 0))

    def type_counts(self, seat: int) -> dict[str, int]:
        """Factories of each type the seat owns: placed, lifted for a move, or drafted and unplaced."""
        n: dict[str, int] = {}
        for f, _ in self.fac[seat].values():
            n[f] = n.get(f, 0) + 1
        for f in self.drafted[seat]:
            n[f] = n.get(f, 0) + 1
        lifted = self._lifted()
        if lifted is not None and lifted[0] == seat:
            n[lifted[1]] = n.get(lifted[1], 0) + 1
        return n

    def _lifted(self) -> tuple[int, str] | None:
        """(owner, type) of a factory lifted for a move and not yet put down: the mover's own
        factory, or for a move between complexes the receiving seat's (it owns it from then on)."""
        sub = self.sub
        if sub and sub["k"] == "build":
            if sub["mode"] == "move":
                return self.current, sub["f"]
            if sub["mode"] == "xmove":
                return sub["dst"], sub["f"]
        return None

    def xmove_cells(self, s: int, t: int, lend: bool) -> list[Cell]:
        """Factories `s` may move between its complex and `t`'s: lend (its own into `t`'s) or
        borrow (one of `t`'s into its own). The complex it leaves must keep two or more factories
        and stay connected without it, the receiver must own fewer than four of the type, and `s`
        must be able to pay one product for it (its inputs, outputs or Wood)."""
        src, dst = (s, t) if lend else (t, s)
        fac = self.fac[src]
        owned = self.type_counts(dst)
        cells = self._leaving_cells(src, self.paying_cards(s))
        return sorted((c for c in cells if owned.get(fac[c][0], 0) < MAX_PER_TYPE), key=lambda c: (c[1], c[0]))

    def _leaving_types(self, src: int, pay: dict) -> list[str]:
        """The types of the factories `_leaving_cells` lists (the same rule, cached per layout)."""
        fac = self.fac[src]
        if len(fac) < 2:
            return []
        return [f for f in _free_types(frozenset(fac.items())) if pay[f]]

    def _leaving_cells(self, src: int, pay: dict) -> list[Cell]:
        """The factories that may leave `src`'s complex for another one and that a seat with these
        `paying_cards` can pay one product for (in no particular order)."""
        fac = self.fac[src]
        if len(fac) < 2:
            return []
        # decision: no forced replacement in someone else's complex: a factory whose removal
        # would split the complex it leaves cannot be moved out of it
        cuts = cut_cells(frozenset(fac))
        return [c for c, (f, _) in fac.items() if c not in cuts and pay[f]]

    def count_type(self, seat: int, ftype: str) -> int:
        return self.type_counts(seat).get(ftype, 0)

    def product_counts(self, seat: int) -> dict[str, int]:
        """How many cards of each product the seat has in its complex."""
        n: dict[str, int] = {}
        for p in self.prod[seat].values():
            n[p] = n.get(p, 0) + 1
        return n

    def must_place(self, seat: int) -> bool:
        """The first card `seat` holds was handed over by another player while `seat` is not on
        turn: it must go into the complex (the rules: the receiver "must place it in a valid
        location"), and is thrown away only if no cell is free. The player on turn may discard
        products in a non-production move anyway, and stranded cards may be discarded."""
        return self.handed[seat] > 0 and seat != self.current

    def free_product_cells(self, seat: int) -> list[Cell]:
        """Empty cells beside a side (not a corner) of one of the seat's factories."""
        fac, prod = self.fac[seat], self.prod[seat]
        out = set()
        for x, y in fac:
            for dx, dy in DIRS:
                c = (x + dx, y + dy)
                if c not in fac and c not in prod:
                    out.add(c)
        return sorted(out, key=lambda c: (c[1], c[0]))

    def build_sites(self, seat: int) -> list[Cell]:
        """Empty cells touching one of the seat's factories by a side or a corner."""
        fac, prod = self.fac[seat], self.prod[seat]
        if not fac:
            return [(0, 0)]
        out = set()
        for x, y in fac:
            for dx, dy in NEIGHBOURS8:
                c = (x + dx, y + dy)
                if c not in fac and c not in prod:
                    out.add(c)
        return sorted(out, key=lambda c: (c[1], c[0]))

    def move_sites(self, seat: int, origin: Cell) -> list[Cell]:
        """Where a lifted factory may go: its own cell, or an empty cell touching the others such
        that the whole complex is connected again."""
        fac = self.fac[seat]
        if not fac:
            return [origin]
        # a new cell joins the groups of the others into one exactly when it touches each of them
        parts = groups(frozenset(fac))
        out = [origin]
        for c in self.build_sites(seat):  # each touches at least one group
            if c != origin and (len(parts) == 1 or all(_touches(c, g) for g in parts)):
                out.append(c)
        return sorted(out, key=lambda c: (c[1], c[0]))

    def can_operate(self, seat: int, cell: Cell) -> bool:
        """Every input side has an accepted product beside it and every output side a free space."""
        fac, prod = self.fac[seat], self.prod[seat]
        x, y = cell
        for dx, dy, is_input, accepted in _CHECKS[fac[cell]]:
            n = (x + dx, y + dy)
            if is_input:
                if prod.get(n) not in accepted:
                    return False
            elif n in prod or n in fac:
                return False
        return True

    def idle_reason(self, seat: int, cell: Cell) -> str | None:
        """Why the seat's factory on `cell` cannot run, in words ("its right output is blocked by
        a Coal card"); None if it can (`words.idle_words`, which the board's tooltips use too)."""
        return idle_words(self.fac[seat], self.prod[seat], cell)

    def operable(self, seat: int, ftype: str) -> list[Cell]:
        cells = [c for c, (f, _) in self.fac[seat].items() if f == ftype]
        return sorted((c for c in cells if self.can_operate(seat, c)), key=lambda c: (c[1], c[0]))

    def paying_cards(self, seat: int, counts: dict | None = None) -> dict[str, int]:
        """For each factory type, how many of the seat's product cards may pay for it (its inputs,
        outputs or Wood); `counts` are the seat's product counts if the caller has them. The dict
        is shared: read it, do not change it."""
        counts = counts if counts is not None else self.product_counts(seat)
        return _paying_cards(frozenset(counts.items()))

    def can_afford(self, seat: int, ftype: str, n: int = 2, counts: dict | None = None) -> bool:
        """Whether the seat has `n` products that may pay for a factory of this type."""
        return self.paying_cards(seat, counts)[ftype] >= n

    def buildable_types(self, seat: int, owned: dict | None = None, counts: dict | None = None) -> list[str]:
        """Types the seat may build now: one left in the pile, fewer than four owned, affordable.
        `owned` and `counts` are the seat's type and product counts, if the caller has them."""
        owned = owned if owned is not None else self.type_counts(seat)
        counts = counts if counts is not None else self.product_counts(seat)
        supply = self.supply
        return [f for f in _affordable(frozenset(counts.items())) if supply[f] > 0 and owned.get(f, 0) < MAX_PER_TYPE]

    def _replaceable(self, seat: int, torn: str, buildable: list[str], counts: dict | None = None) -> bool:
        """Whether the seat could build a replacement after tearing down a factory of type `torn`,
        given the types it may build now."""
        # decision: the replacement may be any type, the torn-down one included. Tearing down puts
        # one back in its pile and leaves the seat owning fewer than four of it, so that type only
        # needs paying for; every other type is as buildable as it is now.
        return bool(buildable) or self.paying_cards(seat, counts)[torn] >= 2

    def score(self, seat: int) -> dict[str, float]:
        products = sum(VALUE[p] for p in self.prod[seat].values()) + sum(VALUE[p] for p in self.incoming[seat])
        contracts = sum(CONTRACTS[c].points for c in self.held[seat])
        return {"products": float(products), "contracts": float(contracts)}

    # -- whose decision ---------------------------------------------------------------------------
    def round_phase(self) -> str:
        """The part of the game (round.py): set-up, draft, placing, turns, or over."""
        return "over" if self.over and not self.pending else self.phase

    def to_move(self) -> int:
        if self.pending:
            return CHANCE
        if self.over:
            return TERMINAL
        inc = self.incoming
        if any(inc):  # cheap test first: someone rarely has received cards waiting
            for s in range(self.players):
                if inc[s] and s != self.current:
                    return s
        sub = self.sub
        if sub is not None and sub["k"] in ("respond", "frespond"):
            return sub["t"]
        if self.phase == "draft":
            return self.drafter
        return self.current

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        task = self.pending[0][0]
        if task == "reveal":
            return [(Action("reveal_contract", CHANCE, (c,)), 1) for c in self.deck]
        return [(Action("first_drafter", CHANCE, (s,)), 1) for s in range(self.players)]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        mover = self.to_move()
        if seat is None:
            seat = mover
        if mover < 0 or seat != mover:
            return []
        s = seat
        if self.incoming[s]:
            acts = [Action("place_product", s, c) for c in self.free_product_cells(s)]
            if not acts or not self.must_place(s):
                acts.append(Action("discard_incoming", s, ()))
            return acts
        if self.phase == "draft":
            return [Action("draft", s, (f,)) for f in sorted(set(self.pool), key=FACTORY_IDS.index)]
        sub = self.sub
        if sub is not None:
            return self._sub_actions(s, sub)
        if self.phase == "place":
            return [Action("place", s, (f,)) for f in sorted(set(self.drafted[s]), key=FACTORY_IDS.index)]
        if self.fq:
            cid = self.fq[0]
            want = CONTRACTS[cid].product
            acts = [Action("fulfil", s, (cid, x, y)) for (x, y), p in sorted(self.prod[s].items()) if p == want]
            acts.append(Action("forfeit", s, (cid,)))
            return acts
        if not self.in_np:
            ready = set()  # types with at least one factory that can operate
            for c, (f, _) in self.fac[s].items():
                if f not in ready and self.can_operate(s, c):
                    ready.add(f)
            acts = [Action("produce", s, (f,)) for f in sorted(ready, key=_FACTORY_ORDER.__getitem__)]
            acts.append(Action("nonproduction", s, ()))
            return acts
        return self._np_actions(s)

    def _np_actions(self, s: int, only: str | None = None) -> list[Action]:
        """The actions of a non-production move; `only` restricts them to one kind (for is_legal).

        (Each part is skipped outright when it cannot yield anything: a search asks for this menu
        tens of times per iteration, often in a small complex where most parts are empty.)"""
        fac, prod = self.fac[s], self.prod[s]
        counts = self.product_counts(s)
        owned = self.type_counts(s)
        buildable = self.buildable_types(s, owned, counts) if counts else []
        acts: list[Action] = []
        if buildable and (only is None or only == "build"):
            acts += [Action("build", s, (f,)) for f in buildable]
        if only in (None, "tear_down", "move_factory") and fac:
            fcells = sorted(fac)
            if only != "move_factory" and len(fac) >= 2:
                # a factory that is no cut cell can always go; the others need a replacement
                cuts = cut_cells(frozenset(fac))
                acts += [Action("tear_down", s, c) for c in fcells
                         if c not in cuts or self._replaceable(s, fac[c][0], buildable, counts)]
            if only != "tear_down" and counts:  # a move costs one product card
                pay = self.paying_cards(s, counts)
                acts += [Action("move_factory", s, c) for c in fcells if pay[fac[c][0]]]
        if prod and only in (None, "move_product"):
            # picking up a product card leads to moving it elsewhere or discarding it
            acts += [Action("move_product", s, c) for c in sorted(prod)]
        if only in (None, "bank") and counts and max(counts.values()) >= 3:
            acts += [Action("bank", s, (g,)) for g in sorted(counts, key=_ORDER.__getitem__) if counts[g] >= 3]
        # decision: one trade offer per non-production move (so no seat can be pestered endlessly)
        if (only is None or only == "offer") and not self.offered:
            acts += [Action("offer", s, (t,)) for t in range(self.players) if t != s and (prod or self.prod[t])]
        if prod and only in (None, "claim"):
            acts += [Action("claim", s, (cid,)) for cid in self.claimable(s)]
        # decision: one request to move a factory to or from another complex per non-production move
        # (the menu only asks whether some factory could move, as `xmove_cells` would list it)
        if not self.asked and counts:
            pay = self.paying_cards(s, counts)
            others = [t for t in range(self.players) if t != s]
            if only is None or only == "lend":
                leaving = self._leaving_types(s, pay)
                acts += [Action("lend", s, (t,)) for t in others if leaving and _room_for(self.type_counts(t), leaving)]
            if only is None or only == "borrow":
                acts += [Action("borrow", s, (t,)) for t in others if _room_for(owned, self._leaving_types(t, pay))]
        if only is None or only == "end_move":
            acts.append(Action("end_move", s, ()))
        return acts

    def menu_seat(self) -> int | None:
        """The seat choosing from the non-production menu now (build, claim, trade… or end the
        move), or None when the decision is another one."""
        s = self.current
        if (self.phase == "play" and self.in_np and self.sub is None and not self.fq and not self.incoming[s]
                and self.to_move() == s):
            return s
        return None

    def claimable(self, s: int) -> list[str]:
        """Contracts in the row the seat may claim in a non-production move: it holds fewer than
        eight and has a card of the product in its complex (in row order)."""
        prod = self.prod[s]
        if len(self.held[s]) >= MAX_CONTRACTS or not prod:
            return []
        have = set(prod.values())
        return [cid for cid in self.row if _WANTED[cid] in have]

    def is_legal(self, action: Action) -> bool:
        """Direct checks for chance outcomes and the non-production menu (the common cases in
        random play and search); everything else compares against `legal_actions`."""
        if not exactly_typed(action):
            return False
        seat = action.seat
        if seat == CHANCE:
            if not self.pending:
                return False
            if self.pending[0][0] == "reveal":
                return action.kind == "reveal_contract" and len(action.args) == 1 and action.args[0] in self.deck
            return (action.kind == "first_drafter" and len(action.args) == 1
                    and action.args[0] in range(self.players))
        if (self.phase == "play" and self.in_np and self.sub is None and not self.fq
                and not self.incoming[seat] and seat == self.current):
            return action in self._np_actions(seat, action.kind)
        return action in self.legal_actions(seat)

    def _sub_actions(self, s: int, sub: dict) -> list[Action]:
        k = sub["k"]
        if k == "build":
            if sub["pay"] > 0:
                costs = COST_SETS[sub["f"]]
                return [Action("pay", s, c) for c, p in sorted(self.prod[s].items()) if p in costs]
            if sub["site"] is None:
                if sub["mode"] == "move":
                    sites = self.move_sites(s, tuple(sub["origin"]))
                elif sub["mode"] == "xmove":
                    sites = self.build_sites(sub["dst"])
                else:
                    sites = self.build_sites(s)
                return [Action("site", s, c) for c in sites]
            return [Action("rotate", s, (r,)) for r in range(4)]
        if k == "replace":
            return [Action("build", s, (f,)) for f in self.buildable_types(s)]
        if k == "claim":
            want = CONTRACTS[sub["cid"]].product
            return [Action("pay", s, c) for c, p in sorted(self.prod[s].items()) if p == want]
        if k == "mvprod":
            origin = tuple(sub["origin"])
            acts = [Action("site", s, c) for c in self.free_product_cells(s) if c != origin]
            acts.append(Action("discard", s, ()))
            return acts
        if k == "bank":
            v = VALUE[sub["give"]]
            return [Action("bank_get", s, (p,)) for p in PRODUCT_IDS if VALUE[p] <= v]
        if k == "produce":
            f = FACTORIES[sub["f"]]
            side = f.sides[f.choice_output]
            return [Action("output", s, (p,)) for p in side.products]
        if k == "offer":
            if sub["give"] is None:
                # giving nothing is a request for a gift, possible only if the other has something
                acts = [Action("offer_give", s, ("", 0))] if self.prod[sub["t"]] else []
                for p, n in sorted(self.product_counts(s).items(), key=lambda kv: _ORDER[kv[0]]):
                    acts += [Action("offer_give", s, (p, i)) for i in range(1, min(n, OFFER_MAX) + 1)]
                return acts
            acts = [Action("offer_get", s, ("", 0))] if sub["give"] else []
            for p, n in sorted(self.product_counts(sub["t"]).items(), key=lambda kv: _ORDER[kv[0]]):
                acts += [Action("offer_get", s, (p, i)) for i in range(1, min(n, OFFER_MAX) + 1)]
            return acts
        if k in ("respond", "frespond"):
            return [Action("accept", s, ()), Action("refuse", s, ())]
        if k == "fpick":
            return [Action("fpick", s, c) for c in self.xmove_cells(s, sub["t"], sub["lend"])]
        raise AssertionError(f"unknown step {k}")

    def _step(self, s: int) -> tuple[frozenset, str]:
        """The action kinds open to the seat to move at this step, and what it must do, in words
        (the first half of every refusal: a click of another step is answered with this)."""
        if self.incoming[s]:
            if self.must_place(s) and self.free_product_cells(s):
                return frozenset({"place_product"}), "place the product card you were given in your complex"
            return _KINDS_INCOMING, "place the product cards you were given, or discard them"
        if self.phase == "draft":
            return _KINDS_DRAFT, "draft a factory from the pool"
        sub = self.sub
        if sub is not None:
            k = sub["k"]
            if k == "build":
                name = _fname(sub["f"])
                if sub["pay"] > 0:
                    return _KINDS_PAY, f"pay for the {name} with a product card of your complex"
                if sub["site"] is None:
                    return _KINDS_SITE, f"choose where the {name} goes"
                return _KINDS_ROTATE, f"turn the {name} the way it should face"
            if k == "replace":
                return _KINDS_BUILD, "choose the factory that takes the torn-down one's place"
            if k == "claim":
                return _KINDS_PAY, f"hand over {article(_pname(CONTRACTS[sub['cid']].product))} card for the contract"
            if k == "mvprod":
                return _KINDS_MVPROD, "put the product card on a free space, or discard it"
            if k == "bank":
                return _KINDS_BANK_GET, "choose the product the bank gives you"
            if k == "produce":
                return _KINDS_OUTPUT, f"choose what the {_fname(sub['f'])} makes"
            if k == "offer":
                if sub["give"] is None:
                    return _KINDS_GIVE, f"choose what you offer {seat_ref(sub['t'])}"
                return _KINDS_GET, f"choose what you ask {seat_ref(sub['t'])} for"
            if k == "respond":
                return _KINDS_RESPOND, "accept or refuse the trade offer"
            if k == "frespond":
                return _KINDS_RESPOND, "allow or refuse the factory move"
            return _KINDS_FPICK, "choose the factory to move"
        if self.phase == "place":
            return _KINDS_PLACE, "place a factory you drafted"
        if self.fq:
            want = _pname(CONTRACTS[self.fq[0]].product)
            return _KINDS_FULFIL, f"supply {article(want)} card for your contract, or give the contract up"
        if not self.in_np:
            return _KINDS_TURN, "run the factories of one type, or take a non-production move"
        return _KINDS_MENU, "choose a non-production action, or end the move"

    def explain_illegal(self, action: Action) -> str | None:
        s, k, a = action.seat, action.kind, action.args
        if k not in _KINDS_ALL:
            return "That is not a Victory Through Industry action."
        kinds, must = self._step(s)
        if k not in kinds:
            return f"Not now: you must {must}."
        try:
            return self._explain_in_step(s, k, a) or f"That is not possible: you must {must}."
        except (IndexError, TypeError, KeyError, ValueError):
            return f"That is not possible: you must {must}."

    def _explain_in_step(self, s: int, k: str, a: tuple) -> str | None:
        """Why an action of the kind the step asks for is still refused."""
        sub = self.sub
        if k in ("build", "draft", "place", "produce", "output") and a[0] not in (FACTORIES if k != "output"
                                                                                  else PRODUCTS):
            return "There is no such factory." if k != "output" else "There is no such product."
        if k == "draft":
            return f"No {_fname(a[0])} is left in the pool."
        if k == "place":
            return f"You have not drafted {article(_fname(a[0]))}."
        if k == "build":
            f = a[0]
            if self.supply[f] <= 0:
                return f"No {_fname(f)} is left in the supply."
            if self.count_type(s, f) >= MAX_PER_TYPE:
                return f"You already have four {_fname(f, 2)}: at most four of a type."
            names = join_words([_pname(p) for p in sorted(COST_SETS[f], key=_ORDER.__getitem__)], "or")
            return f"{article(_fname(f))} costs two products from {names}; you do not have two of them."
        if k in ("site", "place_product", "pay", "fulfil", "tear_down", "move_factory", "move_product", "fpick"):
            cell = tuple(a[-2:])
            if k == "fpick":
                t = sub["t"]
                owner = t if sub["lend"] is False else s
                if cell not in self.fac[owner]:
                    return f"There is no factory of {seat_ref(owner)} there."
                return ("That factory cannot move: the complex it leaves must stay connected with two or "
                        "more factories, the receiver may own at most four of a type, and you must pay one "
                        "product for it.")
            if k in ("tear_down", "move_factory"):
                if cell not in self.fac[s]:
                    return "There is no factory of yours there."
                name = _fname(self.fac[s][cell][0])
                if k == "move_factory":
                    return f"Moving the {name} costs a product card of its inputs, outputs or Wood; you have none."
                if len(self.fac[s]) < 2:
                    return "You cannot tear down your last factory."
                return (f"Tearing the {name} down would split your complex, and you cannot pay for a "
                        "factory to put in its place.")
            if k == "move_product":
                return "There is no product card of yours there."
            if k in ("pay", "fulfil"):
                if cell not in self.prod[s]:
                    return "There is no product card of yours there."
                have = _pname(self.prod[s][cell])
                if k == "fulfil" or sub["k"] == "claim":
                    cid = self.fq[0] if k == "fulfil" else sub["cid"]
                    if k == "fulfil" and a[0] != cid:
                        return "Settle the first contract in the queue first."
                    return f"The contract asks for {_pname(CONTRACTS[cid].product)}, not {have}."
                names = join_words([_pname(p) for p in sorted(COST_SETS[sub['f']], key=_ORDER.__getitem__)], "or")
                return f"The {_fname(sub['f'])} is paid with {names}, not {have}."
            if k == "place_product" or (sub and sub["k"] == "mvprod"):
                return "A product card goes on an empty space beside a side of one of your factories."
            mode = sub["mode"]
            if mode == "move":
                return "The factory must go back where it was, or where it joins your whole complex again."
            return "A factory goes on an empty space touching your complex by a side or a corner."
        if k == "rotate":
            return "A factory turns by quarters: choose 0, 1, 2 or 3 quarter turns."
        if k == "produce":
            cells = sorted(c for c, (f, _) in self.fac[s].items() if f == a[0])
            if not cells:
                return f"You have no {_fname(a[0])}."
            why = self.idle_reason(s, cells[0])
            if len(cells) == 1:
                return f"The {_fname(a[0])} cannot run: {why}."
            return f"No {_fname(a[0])} of yours can run; the first: {why}."
        if k == "output":
            f = FACTORIES[sub["f"]]
            makes = join_words([_pname(p) for p in f.sides[f.choice_output].products], "or")
            return f"The {f.name} makes {makes}, not {_pname(a[0])}."
        if k == "bank":
            have = self.product_counts(s).get(a[0], 0) if a[0] in PRODUCTS else 0
            return f"The bank takes three cards of one product; you have {count(have, _pname(a[0]) + ' card')}."
        if k == "bank_get":
            return f"The bank gives a product worth at most what you traded ({_pname(sub['give'])})."
        if k == "claim":
            if len(self.held[s]) >= MAX_CONTRACTS:
                return "No player may hold more than eight contracts."
            if a[0] not in self.row:
                return "That contract is not in the row."
            return f"To claim it you need {article(_pname(CONTRACTS[a[0]].product))} card in your complex."
        if k == "forfeit":
            return "Settle the first contract in the queue first."
        if k == "offer":
            if a[0] == s or not 0 <= a[0] < self.players:
                return "Choose another player to trade with."
            if self.offered:
                return "You have already made a trade offer during this move."
            return f"Neither you nor {seat_ref(a[0])} has a product card to trade."
        if k in ("offer_give", "offer_get"):
            p, n = a
            who = s if k == "offer_give" else sub["t"]
            if n > OFFER_MAX:
                return f"A trade moves at most {count(OFFER_MAX, 'card')} each way."
            if p == "" or n <= 0:
                return "Ask for something in return." if k == "offer_get" else \
                    f"{seat_ref(sub['t'])} has no product card to give."
            have = self.product_counts(who).get(p, 0)
            owner = "You have" if who == s else f"{seat_ref(who)} has"
            return f"{owner} {count(have, _pname(p) + ' card')}."
        if k in ("lend", "borrow"):
            if a[0] == s or not 0 <= a[0] < self.players:
                return "Choose another player."
            if self.asked:
                return "You have already asked to move a factory between complexes during this move."
            return ("No factory can move: the complex it leaves must stay connected, the receiver may "
                    "own at most four of a type, and you must pay one product for it.")
        return None

    # -- applying -------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        return _HANDLERS[action.kind](self, action.seat, *action.args)

    # chance
    def _do_reveal_contract(self, _chance, cid: str) -> list[Event]:
        self.pending.pop(0)
        self.deck.remove(cid)
        self.row.append(cid)
        c = CONTRACTS[cid]
        return [Event(f"Contract revealed: {_pname(c.product)} ({c.points} points).", "setup")]

    def _do_first_drafter(self, _chance, seat: int) -> list[Event]:
        self.pending.pop(0)
        self.phase = "draft"
        self.pool = sorted(START_SET)
        self.drafter = self.draft_start = seat
        return [Event(f"{{p{seat}}} receives the nine starting factories and chooses first.", "setup")]

    # set-up
    def _do_draft(self, s: int, f: str) -> list[Event]:
        self.pool.remove(f)
        self.drafted[s].append(f)
        self.supply[f] -= 1
        self.last_drafter = s
        events = [Event(f"{{p{s}}} takes {article(_fname(f))}.", "setup")]
        nxt = (s - 1) % self.players
        if nxt == self.draft_start and len(self.pool) < self.players:
            if self.pool:
                left = len(self.pool)
                verbs = "is left over and returns" if left == 1 else "are left over and return"
                events.append(Event(f"{count(left, 'starting factory')} {verbs} to the piles.", "setup"))
            self.pool = []
            self.phase = "place"
            self.first = self.current = s
            events.append(Event(f"{{p{s}}} chose the last starting factory and will play first. "
                                "Everyone places their starting factories.", "setup"))
        else:
            self.drafter = nxt
        return events

    def _do_place(self, s: int, f: str) -> list[Event]:
        self.sub = {"k": "build", "f": f, "pay": 0, "site": None, "mode": "start", "origin": None, "paid": []}
        return []

    # fulfilment
    def _start_turn(self) -> list[Event]:
        s = self.current
        if self.token == s and not self.over:
            self.fq = list(self.held[s])
            self.fcount = 0
            if not self.fq:
                return self._end_fulfilment(s)
            return [Event(f"{{p{s}}} holds the fulfilment token and must supply each contract.", "info")]
        return []

    def _do_fulfil(self, s: int, cid: str, x: int, y: int) -> list[Event]:
        p = self.prod[s].pop((x, y))
        self.spent[p] += 1
        self.fq.pop(0)
        self.fcount += 1
        self.fulfilled[s] += 1
        events = [Event(f"{{p{s}}} supplies {_pname(p)} for the {_pname(p)} contract.", "info")]
        if not self.fq:
            events += self._end_fulfilment(s)
        return events

    def _do_forfeit(self, s: int, cid: str) -> list[Event]:
        self.fq.pop(0)
        self.held[s].remove(cid)
        self.lost.append(cid)
        c = CONTRACTS[cid]
        events = [Event(f"{{p{s}}} loses the {_pname(c.product)} contract ({c.points} points).", "loss")]
        if not self.fq:
            events += self._end_fulfilment(s)
        return events

    def _end_fulfilment(self, s: int) -> list[Event]:
        self.token = (s - 1) % self.players
        events = [Event(f"{{p{s}}} passes the fulfilment token to {{p{self.token}}}.", "info")]
        if self.fcount >= FULFIL_TO_END:
            events += self._end_game(f"{{p{s}}} fulfilled {self.fcount} contracts at once")
        self.fcount = 0
        return events

    # moves
    def _do_produce(self, s: int, f: str) -> list[Event]:
        cells = self.operable(s, f)
        self.sub = {"k": "produce", "f": f, "q": [list(c) for c in cells], "made": []}
        return self._run_production(s)

    def _do_output(self, s: int, p: str) -> list[Event]:
        c = tuple(self.sub["q"].pop(0))
        self._operate(s, c, p)
        return self._run_production(s)

    def _run_production(self, s: int) -> list[Event]:
        sub = self.sub
        f = FACTORIES[sub["f"]]
        choice = f.choice_output
        while sub["q"]:
            c = tuple(sub["q"][0])
            # decision: factories of the type operate one after another (top row first); one that
            # an earlier factory of this move has blocked (a shared input used, an output space
            # filled) does not operate.
            if not self.can_operate(s, c):
                sub["q"].pop(0)
                continue
            if choice is not None:
                return []
            sub["q"].pop(0)
            self._operate(s, c, None)
        made = sub["made"]
        self.sub = None
        text = ", ".join(f"{made.count(p)} {_pname(p)}" for p in sorted(set(made), key=_ORDER.__getitem__))
        events = [Event(f"{{p{s}}} runs {f.name} production: {text or 'nothing'}.", "gain")]
        return events + self._finish_move(s)

    def _operate(self, s: int, cell: Cell, choice: str | None) -> None:
        ftype, rot = self.fac[s][cell]
        prod = self.prod[s]
        x, y = cell
        for d, side in _FACING[(ftype, rot)]:
            dx, dy = DIRS[d]
            n = (x + dx, y + dy)
            if side.kind == "in":
                self.spent[prod.pop(n)] += 1
            else:
                p = choice if len(side.products) > 1 else side.products[0]
                prod[n] = p
                self.made[p] += 1
                self.sub["made"].append(p)

    def _do_nonproduction(self, s: int) -> list[Event]:
        self.in_np = True
        self.offered = []
        self.asked = False
        return [Event(f"{{p{s}}} makes a non-production move.", "info")]

    def _do_end_move(self, s: int) -> list[Event]:
        return self._finish_move(s)

    def _finish_move(self, s: int) -> list[Event]:
        self.in_np = False
        self.offered = []
        self.asked = False
        self.moves += 1
        if self.moves < 2 or self.over:
            return []
        return self._end_turn()

    def _end_turn(self) -> list[Event]:
        self.moves = 0
        self.turns += 1
        self.current = (self.current + 1) % self.players
        events: list[Event] = []
        if self.current == self.first:
            self.round += 1
            if self.max_rounds and self.round > self.max_rounds:
                return self._end_game(f"the round limit ({self.max_rounds} rounds) is reached")
        return events + self._start_turn()

    def _end_game(self, why: str) -> list[Event]:
        self.over = True
        self.end_reason = why
        return [Event(f"The game ends: {why}. Final scoring.", "endgame")]

    # non-production actions
    def _do_build(self, s: int, f: str) -> list[Event]:
        if self.sub is not None and self.sub["k"] == "replace":
            origin = self.sub["origin"]
            self.sub = {"k": "build", "f": f, "pay": 2, "site": origin, "mode": "replace", "origin": origin,
                        "paid": []}
        else:
            self.sub = {"k": "build", "f": f, "pay": 2, "site": None, "mode": "build", "origin": None, "paid": []}
        return []

    def _do_pay(self, s: int, x: int, y: int) -> list[Event]:
        if self.sub["k"] == "claim":
            return self._claim(s, self.sub["cid"], x, y)
        p = self.prod[s].pop((x, y))
        self.spent[p] += 1
        self.sub["pay"] -= 1
        self.sub["paid"].append(p)
        return []

    def _do_site(self, s: int, x: int, y: int) -> list[Event]:
        sub = self.sub
        if sub["k"] == "mvprod":
            ox, oy = sub["origin"]
            p = self.prod[s].pop((ox, oy))
            self.prod[s][(x, y)] = p
            self.sub = None
            return [Event(f"{{p{s}}} moves {article(_pname(p))} card.", "info")]
        sub["site"] = [x, y]
        return []

    def _do_rotate(self, s: int, r: int) -> list[Event]:
        sub = self.sub
        f, mode = sub["f"], sub["mode"]
        x, y = sub["site"]
        self.sub = None
        if mode == "xmove":
            src, dst = sub["src"], sub["dst"]
            self.fac[dst][(x, y)] = (f, r)
            paid = _pname(sub["paid"][0])
            return [Event(f"{{p{s}}} moves {article(_fname(f))} from {{p{src}}}'s complex into {{p{dst}}}'s "
                          f"(paid {paid}).", "info")] + self._strand(src)
        self.fac[s][(x, y)] = (f, r)
        paid = " + ".join(_pname(p) for p in sub["paid"])
        if mode == "start":
            self.drafted[s].remove(f)
            events = [Event(f"{{p{s}}} places {article(_fname(f))}.", "setup")]
            if not self.drafted[s]:
                events += self._next_placer(s)
            return events
        if mode == "move":
            events = [Event(f"{{p{s}}} moves {article(_fname(f))} (paid {paid}).", "info")]
        elif mode == "replace":
            self.supply[f] -= 1
            events = [Event(f"{{p{s}}} builds {article(_fname(f))} in its place to keep the complex connected "
                            f"(paid {paid}).", "info")]
        else:
            self.supply[f] -= 1
            events = [Event(f"{{p{s}}} builds {article(_fname(f))} (paid {paid}).", "info")]
        return events + self._strand(s)

    def _next_placer(self, s: int) -> list[Event]:
        nxt = (s + 1) % self.players
        if nxt == self.first:
            self.phase = "play"
            self.current = self.first
            self.round = 1
            return [Event(f"The starting complexes are built. {{p{self.first}}} plays first.", "setup")]
        self.current = nxt
        return []

    def _strand(self, s: int) -> list[Event]:
        """Products no longer beside a factory go back to the owner's hand to be placed again
        (or discarded): the rules say they must be moved to valid locations or discarded."""
        fac, prod = self.fac[s], self.prod[s]
        stranded = []
        for (x, y), p in sorted(prod.items()):
            if not any((x + dx, y + dy) in fac for dx, dy in DIRS):
                stranded.append(((x, y), p))
        for c, p in stranded:
            del prod[c]
            self.incoming[s].append(p)
        if not stranded:
            return []
        names = ", ".join(_pname(p) for _, p in stranded)
        return [Event(f"{{p{s}}} must place again or discard: {names}.", "info")]

    def _do_tear_down(self, s: int, x: int, y: int) -> list[Event]:
        f, _ = self.fac[s].pop((x, y))
        self.supply[f] += 1
        events = [Event(f"{{p{s}}} tears down {article(_fname(f))}.", "info")]
        if connected(self.fac[s]):
            return events + self._strand(s)
        self.sub = {"k": "replace", "f": f, "origin": [x, y]}
        return events + [Event(f"{{p{s}}} must build a factory in its place to reconnect the complex.", "info")]

    def _do_move_factory(self, s: int, x: int, y: int) -> list[Event]:
        f, rot = self.fac[s].pop((x, y))
        self.sub = {"k": "build", "f": f, "pay": 1, "site": None, "mode": "move", "origin": [x, y], "paid": [],
                    "rot": rot}
        return []

    def _do_move_product(self, s: int, x: int, y: int) -> list[Event]:
        self.sub = {"k": "mvprod", "origin": [x, y]}
        return []

    def _do_discard(self, s: int) -> list[Event]:
        x, y = self.sub["origin"]
        self.sub = None
        p = self.prod[s].pop((x, y))
        self.spent[p] += 1
        return [Event(f"{{p{s}}} discards {article(_pname(p))}.", "loss")]

    def _take_cells(self, s: int, p: str, n: int) -> None:
        """Remove `n` cards of product `p` from the seat's complex, idle ones first.

        decision: for bank trades and trades between players the cards leave from cells that feed
        no factory input first, then from the top row down, so a trade never asks for cell picks.
        """
        fac = self.fac[s]
        prod = self.prod[s]

        def feeds(c):
            x, y = c
            for d, (dx, dy) in enumerate(DIRS):
                owner = (x - dx, y - dy)  # a factory whose side d faces this cell
                if owner in fac:
                    f, rot = fac[owner]
                    for dd, side in _FACING[(f, rot)]:
                        if dd == d and side.kind == "in" and p in side.products:
                            return 1
            return 0

        cells = sorted((c for c, q in prod.items() if q == p), key=lambda c: (feeds(c), c[1], c[0]))
        for c in cells[:n]:
            del prod[c]

    def _do_bank(self, s: int, give: str) -> list[Event]:
        self.sub = {"k": "bank", "give": give}
        return []

    def _do_bank_get(self, s: int, get: str) -> list[Event]:
        give = self.sub["give"]
        self.sub = None
        self._take_cells(s, give, 3)
        self.spent[give] += 3
        self.made[get] += 1
        self.incoming[s].append(get)
        return [Event(f"{{p{s}}} trades three {_pname(give)} to the bank for one {_pname(get)}.", "info")]

    def _do_claim(self, s: int, cid: str) -> list[Event]:
        self.sub = {"k": "claim", "cid": cid}
        return []

    def _claim(self, s: int, cid: str, x: int, y: int) -> list[Event]:
        self.sub = None
        p = self.prod[s].pop((x, y))
        self.spent[p] += 1
        self.row.remove(cid)
        self.held[s].append(cid)
        c = CONTRACTS[cid]
        events = [Event(f"{{p{s}}} claims the {_pname(c.product)} contract ({c.points} points).", "gain")]
        if not self.claimed_any:
            self.claimed_any = True
            self.token = s
            events.append(Event(f"{{p{s}}} is the first to claim a contract and takes the fulfilment token.",
                                "info"))
        if len(self.held[s]) >= MAX_CONTRACTS:
            events += self._end_game(f"{{p{s}}} holds {MAX_CONTRACTS} contracts")
        elif not self.row:
            events += self._end_game("no contracts remain to be claimed")
        return events

    def _do_offer(self, s: int, t: int) -> list[Event]:
        self.sub = {"k": "offer", "t": t, "give": None, "gn": 0}
        return []

    def _do_offer_give(self, s: int, p: str, n: int) -> list[Event]:
        self.sub["give"], self.sub["gn"] = p, n
        return []

    def _do_offer_get(self, s: int, p: str, n: int) -> list[Event]:
        sub = self.sub
        self.sub = {"k": "respond", "t": sub["t"], "give": sub["give"], "gn": sub["gn"], "get": p, "qn": n}
        self.offered.append(sub["t"])
        return [Event(f"{{p{s}}} offers {{p{sub['t']}}} {_describe(sub['give'], sub['gn'])} "
                      f"for {_describe(p, n)}.", "info")]

    def _do_accept(self, t: int) -> list[Event]:
        sub = self.sub
        if sub["k"] == "frespond":
            return self._accept_xmove(t)
        s = self.current
        self.sub = None
        if sub["gn"]:
            self._take_cells(s, sub["give"], sub["gn"])
            self.incoming[t] += [sub["give"]] * sub["gn"]
            self.handed[t] += sub["gn"]
        if sub["qn"]:
            self._take_cells(t, sub["get"], sub["qn"])
            self.incoming[s] += [sub["get"]] * sub["qn"]
        return [Event(f"{{p{t}}} accepts the trade.", "info")]

    def _do_refuse(self, t: int) -> list[Event]:
        what = "the factory move" if self.sub["k"] == "frespond" else "the trade"
        self.sub = None
        return [Event(f"{{p{t}}} refuses {what}.", "info")]

    def _do_lend(self, s: int, t: int) -> list[Event]:
        self.sub = {"k": "fpick", "t": t, "lend": True}
        self.asked = True
        return []

    def _do_borrow(self, s: int, t: int) -> list[Event]:
        self.sub = {"k": "fpick", "t": t, "lend": False}
        self.asked = True
        return []

    def _do_fpick(self, s: int, x: int, y: int) -> list[Event]:
        t, lend = self.sub["t"], self.sub["lend"]
        src, dst = (s, t) if lend else (t, s)
        f = self.fac[src][(x, y)][0]
        self.sub = {"k": "frespond", "t": t, "lend": lend, "src": src, "dst": dst, "cell": [x, y], "f": f}
        if lend:
            text = f"{{p{s}}} asks {{p{t}}} for permission to move {article(_fname(f))} into {{p{t}}}'s complex."
        else:
            text = f"{{p{s}}} asks {{p{t}}} for permission to take {article(_fname(f))} from {{p{t}}}'s complex."
        return [Event(text, "info")]

    def _accept_xmove(self, t: int) -> list[Event]:
        sub = self.sub
        x, y = sub["cell"]
        f = sub["f"]
        # the factory leaves its complex now; products left beside no factory are handed back
        # to their owner after it is put down (as for a move within a complex)
        self.fac[sub["src"]].pop((x, y))
        self.sub = {"k": "build", "f": f, "pay": 1, "site": None, "mode": "xmove", "origin": [x, y], "paid": [],
                    "src": sub["src"], "dst": sub["dst"]}
        return [Event(f"{{p{t}}} agrees to the factory move.", "info")]

    def _do_place_product(self, s: int, x: int, y: int) -> list[Event]:
        p = self.incoming[s].pop(0)
        self.handed[s] = max(0, self.handed[s] - 1)
        self.prod[s][(x, y)] = p
        return []

    def _do_discard_incoming(self, s: int) -> list[Event]:
        p = self.incoming[s].pop(0)
        self.handed[s] = max(0, self.handed[s] - 1)
        self.spent[p] += 1
        return [Event(f"{{p{s}}} discards {article(_pname(p))}.", "loss")]

    # -- views ----------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        """Everything is public except the contracts left in the box (only their number)."""
        seats = []
        for s in range(self.players):
            seats.append({
                "factories": [{"type": f, "x": x, "y": y, "rot": r}
                              for (x, y), (f, r) in sorted(self.fac[s].items(), key=lambda kv: (kv[0][1], kv[0][0]))],
                "products": [{"type": p, "x": x, "y": y}
                             for (x, y), p in sorted(self.prod[s].items(), key=lambda kv: (kv[0][1], kv[0][0]))],
                "contracts": list(self.held[s]),
                "incoming": list(self.incoming[s]),
                "unplaced": list(self.drafted[s]),
                "fulfilled": self.fulfilled[s],
                "score": self.score(s),
            })
        return {
            "game": "victory-through-industry",
            "viewer": seat,
            "players": self.players,
            "to_move": self.to_move(),
            "phase": self.phase,
            "current": self.current,
            "first_player": self.first,
            "round": self.round,
            "max_rounds": self.max_rounds,
            "moves_done": self.moves,
            "in_nonproduction": self.in_np,
            "step": _copy_sub(self.sub),
            "fulfilling": list(self.fq),
            "offered": list(self.offered),
            "asked_factory_move": self.asked,
            "row": list(self.row),
            "deck_count": len(self.deck),
            "lost": list(self.lost),
            "token": self.token,
            "draft_pool": list(self.pool),
            "drafter": self.drafter if self.phase == "draft" else None,
            "supply": dict(self.supply),
            "seats": seats,
            "end_reason": self.end_reason,
            "outcome": self.outcome().to_dict() if self.over else None,
        }

    def determinize(self, seat: int | None, rng) -> VtiState:
        """The only hidden part is which contracts stay in the box; they never enter play and the
        box always holds exactly the unrevealed ones, so a copy is consistent with every view."""
        return self.copy()

    def _types(self, s: int) -> dict[Cell, str]:
        """The seat's factories as cell -> type (what the words of a place need)."""
        return {c: f for c, (f, _) in self.fac[s].items()}

    def _card_words(self, s: int, cell: Cell) -> str:
        return card_words(self._types(s), cell, _pname(self.prod[s][cell]))

    def _site_words(self, s: int, cell: Cell) -> str:
        """The space a factory or a moved card goes to, in the complex it goes into."""
        sub = self.sub or {}
        owner = sub.get("dst", s) if sub.get("mode") == "xmove" else s
        facs = self._types(owner)
        if sub.get("k") == "build" and sub.get("mode") == "move" and sub.get("origin"):
            facs.pop(tuple(sub["origin"]), None)  # the lifted factory is not there while it moves
        return space_words(facs, cell, "your" if owner == s else whose(seat_ref(owner)))

    def label(self, action: Action) -> str:
        """The words of a decision: places are described by their neighbours ("Tear down the Coal
        Mine to the left of your Iron Mine"), never by grid coordinates; seats as {pN}."""
        k, a = action.kind, action.args
        try:
            if k == "reveal_contract":
                c = CONTRACTS[a[0]]
                return f"Reveal the {_pname(c.product)} contract ({c.points})"
            if k == "first_drafter":
                return f"{seat_ref(a[0])} drafts first"
            if k in ("draft", "place"):
                return f"{'Take' if k == 'draft' else 'Place'} {article(_fname(a[0]))}"
            if k == "build":
                return f"Build {article(_fname(a[0]))}"
            if k == "pay":
                what = "Hand over" if self.sub and self.sub["k"] == "claim" else "Pay"
                return f"{what} {self._card_words(action.seat, tuple(a))}"
            if k == "site":
                return f"Put it on {self._site_words(action.seat, tuple(a))}"
            if k == "rotate":
                return f"Turn it {a[0] * 90}°"
            if k == "produce":
                return f"Production: {_fname(a[0], 2)}"
            if k == "output":
                return f"Make {_pname(a[0])}"
            if k == "nonproduction":
                return "Non-production move"
            if k == "end_move":
                return "End this move"
            if k == "tear_down":
                return f"Tear down {factory_words(self._types(action.seat), tuple(a))}"
            if k == "move_factory":
                return f"Move {factory_words(self._types(action.seat), tuple(a))}"
            if k == "move_product":
                return f"Move {self._card_words(action.seat, tuple(a))}"
            if k == "discard":
                return f"Discard the {_pname(self.prod[action.seat][tuple(self.sub['origin'])])}"
            if k == "bank":
                return f"Trade three {_pname(a[0])} to the bank"
            if k == "bank_get":
                return f"Take one {_pname(a[0])} from the bank"
            if k == "claim":
                c = CONTRACTS[a[0]]
                return f"Claim the {_pname(c.product)} contract ({c.points} points)"
            if k == "fulfil":
                return f"Supply {_pname(CONTRACTS[a[0]].product)} for its contract"
            if k == "forfeit":
                c = CONTRACTS[a[0]]
                return f"Give up the {_pname(c.product)} contract ({c.points})"
            if k == "offer":
                return f"Offer a trade to {seat_ref(a[0])}"
            if k == "offer_give":
                return f"Give {_describe(a[0], a[1])}"
            if k == "offer_get":
                return f"Ask for {_describe(a[0], a[1])}"
            if k in ("accept", "refuse") and self.sub and self.sub["k"] == "frespond":
                return f"{'Allow' if k == 'accept' else 'Refuse'} the factory move"
            if k == "accept":
                return "Accept the trade"
            if k == "refuse":
                return "Refuse the trade"
            if k == "lend":
                return f"Ask {seat_ref(a[0])} to take one of your factories"
            if k == "borrow":
                return f"Ask {seat_ref(a[0])} for one of their factories"
            if k == "fpick":
                src = action.seat if self.sub["lend"] else self.sub["t"]
                owner = "your" if src == action.seat else whose(seat_ref(src))
                return f"Choose {factory_words(self._types(src), tuple(a), owner)}"
            if k == "place_product":
                card = _pname(self.incoming[action.seat][0])
                return f"Place the {card} card on {space_words(self._types(action.seat), tuple(a))}"
            if k == "discard_incoming":
                return f"Discard the {_pname(self.incoming[action.seat][0])}"
        except (IndexError, KeyError, TypeError):
            pass
        return str(action)

    # -- end ----------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        breakdown = [self.score(s) for s in range(self.players)]
        return Outcome.from_scores([sum(b.values()) for b in breakdown], breakdown)

    def score_track(self) -> list[float]:
        return [sum(self.score(s).values()) for s in range(self.players)]

    def progress(self) -> float:
        if self.over:
            return 1.0
        if self.phase != "play":
            return 0.0
        total = CONTRACTS_PER_PLAYER * self.players
        claimed = 1 - len(self.row) / total
        most = max(len(h) for h in self.held) / MAX_CONTRACTS
        rounds = self.round / self.max_rounds if self.max_rounds else 0.0
        return min(0.99, max(claimed, most, rounds))

    def check_invariants(self) -> list[str]:
        """Factories and products conserved, four of a type at most, complexes connected with every
        product beside a factory (between decisions), contracts conserved, eight held at most."""
        problems = []
        sub = self.sub
        total = dict(self.supply)
        lifted = self._lifted()
        if lifted is not None:
            total[lifted[1]] += 1
        in_play = {p: 0 for p in PRODUCT_IDS}
        for s in range(self.players):
            owned: dict[str, int] = {}
            for f, _ in self.fac[s].values():
                owned[f] = owned.get(f, 0) + 1
            for f in self.drafted[s]:
                owned[f] = owned.get(f, 0) + 1
            for f, n in owned.items():
                total[f] += n
            if lifted is not None and lifted[0] == s:
                owned[lifted[1]] = owned.get(lifted[1], 0) + 1
            if owned and max(owned.values()) > MAX_PER_TYPE:
                problems.append(f"seat {s} has more than four of a factory type")
            fac, prod = self.fac[s], self.prod[s]
            for p in prod.values():
                in_play[p] += 1
            for p in self.incoming[s]:
                in_play[p] += 1
            if any(c in fac for c in prod):
                problems.append(f"seat {s}: a cell holds a factory and a product")
            if sub is None and self.phase == "play":
                if not connected(fac):
                    problems.append(f"seat {s}: complex not connected")
                for (x, y) in prod:
                    if (x, y - 1) not in fac and (x + 1, y) not in fac and (x, y + 1) not in fac \
                            and (x - 1, y) not in fac:
                        problems.append(f"seat {s}: product at {x},{y} beside no factory")
            if len(self.held[s]) > MAX_CONTRACTS:
                problems.append(f"seat {s} holds {len(self.held[s])} contracts")
        # the draft pool is still counted in the supply: a pick takes the card from the pile
        for f, n in total.items():
            if n != SUPPLY_PER_TYPE:
                problems.append(f"factories of type {f} not conserved ({n})")
        made, spent = self.made, self.spent
        for p, n in in_play.items():
            if n != made[p] - spent[p]:
                problems.append(f"products of type {p} not conserved")
        n_contracts = len(self.deck) + len(self.row) + len(self.lost) + sum(len(h) for h in self.held)
        distinct = len(set(self.deck).union(self.row, self.lost, *self.held))
        if n_contracts != len(CONTRACT_IDS) or distinct != n_contracts:
            problems.append("contracts not conserved")
        if self.token is not None and not 0 <= self.token < self.players:
            problems.append("bad fulfilment token")
        return problems


def _room_for(owned: dict[str, int], types) -> bool:
    """Whether a seat owning `owned` factories of each type may receive one of these types."""
    return any(owned.get(f, 0) < MAX_PER_TYPE for f in types)


_HANDLERS = {name[4:]: fn for name, fn in vars(VtiState).items() if name.startswith("_do_")}
"""Action kind -> the `_do_<kind>` method that performs it."""


def _copy_sub(sub):
    if sub is None:
        return None
    return {k: (list(v) if isinstance(v, list | tuple) else v) for k, v in sub.items()}


def _describe(p: str, n: int) -> str:
    if not n:
        return "nothing"
    return f"{n} {_pname(p)}"
