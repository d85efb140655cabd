"""1st CEO rules as a State (DESIGN §2).

A turn is one of three actions: acquire a company, buy a share, pay dividends. Every draw (the
corporation deal, the starting player, market refills, asset cards) is a CHANCE decision, so the
session's seeded generator decides them and replays are exact.

Decisions on points the rules text leaves open are listed in RULES_NOTES (shown in the in-game
rules help) and marked "decision:" in comments here.
"""

from __future__ import annotations

from engine.core.action_types import exactly_typed
from engine.core.contract import CHANCE, TERMINAL, Action, Event, GameSpec, Outcome, State
from engine.core.text import article, count, seat_ref
from engine.games.first_ceo import scoring
from engine.games.first_ceo.data import (
    ASSET_DECREASE,
    ASSET_INCREASE,
    COMPANIES,
    COMPANY_IDS,
    CORPORATION_IDS,
    CORPORATIONS,
    END_TRIGGER,
    MARKET_SPACES,
    NPC_START,
    SHARES_PER_CORP,
    START_MONEY,
)

MARKET_SIZE = len(MARKET_SPACES)
KIND_VALUES = {"increase": ASSET_INCREASE, "decrease": ASSET_DECREASE}

# Interned actions and flattened prices: legal_actions and chance_outcomes run millions of times
# in AI search, so they hand out shared immutable values instead of building new ones.
_MAX_SEATS = 6
_ACQUIRE = [[Action("acquire", s, (i,)) for i in range(MARKET_SIZE)] for s in range(_MAX_SEATS)]
_BUY = [[Action("buy_share", s, (t,)) for t in range(_MAX_SEATS)] for s in range(_MAX_SEATS)]
_DIVIDENDS = [Action("dividends", s, ()) for s in range(_MAX_SEATS)]
_REVEAL = [{cid: Action("reveal", CHANCE, (i, cid)) for cid in COMPANY_IDS} for i in range(MARKET_SIZE)]
_SURCHARGE = [m.surcharge for m in MARKET_SPACES]
_PRICES = {c: CORPORATIONS[c].share_prices for c in CORPORATIONS}


class FirstCeoState(State):
    """The whole 1st CEO game. Seats are 0..players-1; corporations are referred to by id."""

    __slots__ = (
        "players", "corp", "npc", "assets", "money", "sold", "held", "companies", "market", "deck",
        "discard", "asset_cards", "asset_left", "pending", "current", "start", "round", "triggered",
        "countdown", "over", "turns",
    )

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def new(cls, spec: GameSpec, players: int, options: dict) -> FirstCeoState:
        s = cls.__new__(cls)
        s.players = players
        s.corp = [None] * players          # corporation id of each seat (dealt by chance)
        s.npc = []                         # NPC corporation ids (3–5 players)
        s.assets = {}                      # asset track position of every corporation in play
        s.money = [START_MONEY] * players
        s.sold = [0] * players             # shares each seat has issued (sold) so far
        s.held = [[0] * players for _ in range(players)]  # held[holder][issuer]: shares bought
        s.companies = [[] for _ in range(players)]
        s.market = [None] * MARKET_SIZE
        s.deck = sorted(COMPANY_IDS)       # unordered: each draw is a chance decision
        s.discard = []
        s.asset_cards = [[] for _ in range(players)]  # [kind, value] face down
        s.asset_left = {k: sorted(v) for k, v in KIND_VALUES.items()}
        s.pending = [["deal", seat] for seat in range(players)] + [["start"], ["refill"]]
        s.current = 0
        s.start = 0
        s.round = 1
        s.triggered = False
        s.countdown = None                 # None, then 2, then 1 (the final round)
        s.over = False
        s.turns = 0
        return s

    def copy(self) -> FirstCeoState:
        s = FirstCeoState.__new__(FirstCeoState)
        s.players = self.players
        s.corp = list(self.corp)
        s.npc = list(self.npc)
        s.assets = dict(self.assets)
        s.money = list(self.money)
        s.sold = list(self.sold)
        s.held = [list(r) for r in self.held]
        s.companies = [list(c) for c in self.companies]
        s.market = list(self.market)
        s.deck = list(self.deck)
        s.discard = list(self.discard)
        s.asset_cards = [[list(c) for c in cards] for cards in self.asset_cards]
        s.asset_left = {k: list(v) for k, v in self.asset_left.items()}
        s.pending = [list(p) for p in self.pending]
        s.current, s.start, s.round = self.current, self.start, self.round
        s.triggered, s.countdown, s.over, s.turns = self.triggered, self.countdown, self.over, self.turns
        return s

    _FIELDS = ("players", "corp", "npc", "assets", "money", "sold", "held", "companies", "market", "deck",
               "discard", "asset_cards", "asset_left", "pending", "current", "start", "round", "triggered",
               "countdown", "over", "turns")

    # -- whose decision ---------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.pending:
            return CHANCE
        if self.over:
            return TERMINAL
        return self.current

    def round_phase(self) -> str:
        """Set-up until the first turn (round.py), then rounds of turns until the game is over."""
        if self.over and not self.pending:
            return "over"
        return "setup" if self.turns == 0 and self.pending else "turns"

    @property
    def final_round(self) -> bool:
        """The round on space 1 of the endgame track: no share buying."""
        return self.countdown == 1

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        mover = self.to_move()
        if seat is None:
            seat = mover
        if mover < 0 or seat != mover:
            return []
        # the hot path of AI search: plain comparisons and cached Action values, no messages built
        money = self.money[seat]
        acts = [_ACQUIRE[seat][i] for i, cid in enumerate(self.market)
                if cid is not None and COMPANIES[cid].cost + _SURCHARGE[i] <= money]
        if not self.countdown == 1:
            sold, corp = self.sold, self.corp
            acts += [_BUY[seat][t] for t in range(self.players)
                     if t != seat and sold[t] < SHARES_PER_CORP and _PRICES[corp[t]][sold[t]] <= money]
        acts.append(_DIVIDENDS[seat])
        return acts

    def _acquire_problem(self, seat: int, slot: int) -> str | None:
        if not 0 <= slot < MARKET_SIZE or self.market[slot] is None:
            return "That market space is empty."
        price = self.acquire_price(slot)
        if self.money[seat] < price:
            name = COMPANIES[self.market[slot]].name
            return f"{name} costs ${price} here and your corporation has only ${self.money[seat]}."
        return None

    def _buy_problem(self, seat: int, target: int) -> str | None:
        if not 0 <= target < self.players:
            return "There is no such player."
        if target == seat:
            # decision: buying your own share would only pay yourself; the rules say "choose a player".
            return "You cannot buy your own corporation's shares."
        if self.final_round:
            return "No shares may be bought in the final round."
        if self.sold[target] >= SHARES_PER_CORP:
            return f"{CORPORATIONS[self.corp[target]].name} has no shares left to issue."
        price = self.share_price(target)
        if self.money[seat] < price:
            name = CORPORATIONS[self.corp[target]].name
            return f"The next {name} share costs ${price}; you have ${self.money[seat]}."
        return None

    def is_legal(self, action: Action) -> bool:
        kind, seat, args = action
        if not exactly_typed(action):
            return False
        if seat == CHANCE:
            return self._chance_is_legal(kind, args)
        if kind == "dividends":
            return args == ()
        if len(args) != 1 or not isinstance(args[0], int):
            return False
        if kind == "acquire":
            return self._acquire_problem(seat, args[0]) is None
        if kind == "buy_share":
            return self._buy_problem(seat, args[0]) is None
        return False

    def _chance_is_legal(self, kind: str, args: tuple) -> bool:
        # A direct check: building every outcome (up to 42 cards) just to test one is the hot path.
        task = self.pending[0]
        if len(args) != {"deal_corp": 2, "start_player": 1, "reveal": 2, "draw_asset": 3}.get(kind):
            return False
        try:
            if kind == "deal_corp":
                return task == ["deal", args[0]] and args[1] in CORPORATIONS and args[1] not in self.corp
            if kind == "start_player":
                return task[0] == "start" and 0 <= args[0] < self.players
            if kind == "reveal":
                return task[0] == "refill" and args[0] == self.market.index(None) and args[1] in self.deck
            if kind == "draw_asset":
                return task == ["draw", args[0], args[1]] and args[2] in self.asset_left[args[1]]
        except (IndexError, TypeError, ValueError, KeyError):
            return False
        return False

    def explain_illegal(self, action: Action) -> str | None:
        args = action.args
        if action.kind == "acquire" and len(args) == 1:
            if type(args[0]) is not int:
                return "Choose a company by its market space."
            return self._acquire_problem(action.seat, args[0])
        if action.kind == "buy_share" and len(args) == 1:
            if type(args[0]) is not int:
                return "Choose the player whose share you buy."
            return self._buy_problem(action.seat, args[0])
        if action.kind in ("acquire", "buy_share", "dividends"):
            return None  # the wrong number of arguments: the choices open now say it best
        return "That is not a 1st CEO action."

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        task = self.pending[0]
        if task[0] == "deal":
            dealt = set(self.corp)
            return [(Action("deal_corp", CHANCE, (task[1], c)), 1) for c in CORPORATION_IDS if c not in dealt]
        if task[0] == "start":
            return [(Action("start_player", CHANCE, (s,)), 1) for s in range(self.players)]
        if task[0] == "refill":
            reveal = _REVEAL[self.market.index(None)]
            return [(reveal[cid], 1) for cid in self.deck]
        seat, kind = task[1], task[2]
        left = self.asset_left[kind]
        return [(Action("draw_asset", CHANCE, (seat, kind, v)), left.count(v)) for v in sorted(set(left))]

    # -- prices ---------------------------------------------------------------------------------
    def acquire_price(self, slot: int) -> int:
        """Acquisition cost of the company on `slot` plus that space's surcharge."""
        return COMPANIES[self.market[slot]].cost + MARKET_SPACES[slot].surcharge

    def share_price(self, issuer: int) -> int:
        """Price of the issuer's leftmost remaining share."""
        return CORPORATIONS[self.corp[issuer]].share_prices[self.sold[issuer]]

    def income(self, seat: int) -> int:
        """Income icons of the corporation card and every company it owns."""
        return CORPORATIONS[self.corp[seat]].income + sum(COMPANIES[c].income for c in self.companies[seat])

    def shares_held(self, holder: int, issuer: int) -> int:
        """Shares of `issuer`'s corporation that `holder` has: its own unissued ones count."""
        if holder == issuer:
            return SHARES_PER_CORP - self.sold[issuer] + self.held[holder][issuer]
        return self.held[holder][issuer]

    # -- applying -------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        handler = getattr(self, "_do_" + action.kind)
        return handler(action.seat, *action.args)

    def _do_deal_corp(self, _chance, seat: int, corp: str) -> list[Event]:
        self.pending.pop(0)
        self.corp[seat] = corp
        self.assets[corp] = 0
        events = [Event(f"{{p{seat}}} runs {CORPORATIONS[corp].name}.", "setup")]
        if all(c is not None for c in self.corp):
            unused = [c for c in CORPORATION_IDS if c not in self.corp]
            for c, pos in zip(unused, NPC_START[self.players], strict=True):
                self.npc.append(c)
                self.assets[c] = pos
                events.append(Event(f"{CORPORATIONS[c].name} (NPC) starts at {pos} assets.", "setup"))
        return events

    def _do_start_player(self, _chance, seat: int) -> list[Event]:
        self.pending.pop(0)
        self.start = self.current = seat
        return [Event(f"{{p{seat}}} is the starting player.", "setup")]

    def _do_reveal(self, _chance, slot: int, cid: str) -> list[Event]:
        self.deck.remove(cid)
        self.market[slot] = cid
        if None not in self.market or not self.deck:
            self.pending.pop(0)
        c = COMPANIES[cid]
        return [Event(f"{c.name} (${c.cost}) enters the market on space {slot + 1}.", "market")]

    def _do_draw_asset(self, _chance, seat: int, kind: str, value: int) -> list[Event]:
        self.pending.pop(0)
        self.asset_left[kind].remove(value)
        self.asset_cards[seat].append([kind, value])
        word = "increase" if kind == "increase" else "decrease"
        return [Event(f"{{p{seat}}} draws an asset {word} card ({value:+d}) and keeps it face down.", "secret",
                      visible_to=seat, public_text=f"{{p{seat}}} draws an asset {word} card face down.")]

    def _do_acquire(self, seat: int, slot: int) -> list[Event]:
        cid = self.market[slot]
        company = COMPANIES[cid]
        space = MARKET_SPACES[slot]
        price = self.acquire_price(slot)
        self.money[seat] -= price
        self.companies[seat].append(cid)
        self.market[slot] = None
        extra = f" + ${space.surcharge}" if space.surcharge else ""
        events = [Event(f"{{p{seat}}} acquires {company.name} for ${company.cost}{extra}.", "loss")]
        if space.discard:
            left = next((i for i, c in enumerate(self.market) if c is not None), None)
            if left is not None:
                gone = self.market[left]
                self.market[left] = None
                self.discard.append(gone)
                events.append(Event(f"The discard icon removes {COMPANIES[gone].name} from the market.", "market"))
        if company.asset_card != "none" and self.asset_left[company.asset_card]:
            self.pending.append(["draw", seat, company.asset_card])
        corp = self.corp[seat]
        self.assets[corp] += company.cost
        events.append(Event(f"{CORPORATIONS[corp].name} assets rise to {self.assets[corp]}.", "info"))
        self.market = [c for c in self.market if c is not None]
        self.market += [None] * (MARKET_SIZE - len(self.market))
        if None in self.market and self.deck:
            self.pending.append(["refill"])
        if self.assets[corp] >= END_TRIGGER and not self.triggered:
            self.triggered = True
            events.append(Event(f"{CORPORATIONS[corp].name} reaches {END_TRIGGER} assets: the end is near. "
                                "This round is finished, then two more rounds are played.", "endgame"))
        return events + self._end_turn()

    def _do_buy_share(self, seat: int, target: int) -> list[Event]:
        price = self.share_price(target)
        self.money[seat] -= price
        self.money[target] += price
        self.sold[target] += 1
        self.held[seat][target] += 1
        name = CORPORATIONS[self.corp[target]].name
        bought = Event(f"{{p{seat}}} buys {article(name)} share from {{p{target}}} for ${price}.", "info")
        return [bought] + self._end_turn()

    def _do_dividends(self, seat: int) -> list[Event]:
        income = self.income(seat)
        name = CORPORATIONS[self.corp[seat]].name
        events = [Event(f"{{p{seat}}} pays {name} dividends: ${income} per share.", "info")]
        for holder in range(self.players):
            n = self.shares_held(holder, seat)
            if n:
                self.money[holder] += income * n
                events.append(Event(f"{{p{holder}}} receives ${income * n} ({count(n, 'share')}).", "gain"))
        return events + self._end_turn()

    def _end_turn(self) -> list[Event]:
        self.turns += 1
        self.current = (self.current + 1) % self.players
        events: list[Event] = []
        if not self.triggered and not self.deck and all(c is None for c in self.market):
            # decision: with no company left to acquire the game could not progress; end as at 100.
            self.triggered = True
            events.append(Event("No companies are left to acquire: the end is triggered.", "endgame"))
        if self.current != self.start:
            return events
        # a round ends when play returns to the starting player
        self.round += 1
        if self.countdown == 1:
            self.over = True
            events.append(Event("The final round is over. Final scoring.", "endgame"))
        elif self.countdown == 2:
            self.countdown = 1
            events.append(Event("Countdown marker on 1: this is the final round — no share buying.", "endgame"))
        elif self.triggered:
            self.countdown = 2
            events.append(Event("Countdown marker on 2.", "endgame"))
        return events

    # -- views -------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        """Public information plus `seat`'s own asset card values (decision: you may look at yours);
        at the end every asset card is revealed."""
        return self._view(seat, open_all=False)

    def open_view(self) -> dict:
        """Every seat's asset card values shown (the review of a finished game)."""
        return self._view(None, open_all=True)

    def _view(self, seat: int | None, open_all: bool) -> dict:
        corps = []
        owner = {c: s for s, c in enumerate(self.corp)}
        for c in CORPORATION_IDS:
            if c in self.assets:
                corps.append({"id": c, "name": CORPORATIONS[c].name, "owner": owner.get(c),
                              "npc": c in self.npc, "assets": self.assets[c]})
        seats = []
        for s in range(self.players):
            corp = self.corp[s]
            seats.append({
                "corp": corp,
                "money": self.money[s],
                "shares_sold": self.sold[s],
                "share_prices": list(CORPORATIONS[corp].share_prices) if corp else [],
                "holdings": {self.corp[t]: self.shares_held(s, t) for t in range(self.players)
                             if self.corp[t] and self.shares_held(s, t)},
                "companies": list(self.companies[s]),
                "income": self.income(s) if corp else 0,
                "asset_cards": [{"kind": k, "value": v if s == seat or self.over or open_all else None}
                                for k, v in self.asset_cards[s]],
            })
        return {
            "game": "first-ceo",
            "viewer": seat,
            "players": self.players,
            "to_move": self.to_move(),
            "start_player": self.start,
            "round": self.round,
            "triggered": self.triggered,
            "countdown": self.countdown,
            "final_round": self.final_round,
            "corporations": corps,
            "seats": seats,
            "market": [{"slot": i, "card": c, "surcharge": MARKET_SPACES[i].surcharge,
                        "discard": MARKET_SPACES[i].discard,
                        "price": self.acquire_price(i) if c else None} for i, c in enumerate(self.market)],
            "deck_count": len(self.deck),
            "discard_count": len(self.discard),
            "asset_cards_left": {k: len(v) for k, v in self.asset_left.items()},
            "outcome": self.outcome().to_dict() if self.over and not self.pending else None,
        }

    def determinize(self, seat: int | None, rng) -> FirstCeoState:
        """Re-deal the asset card values `seat` cannot see (other seats' face-down cards and the
        undrawn decks) from the values not yet seen by `seat`."""
        s = self.copy()
        if self.over:
            return s  # final scoring revealed every asset card
        for kind in KIND_VALUES:
            pool = list(s.asset_left[kind])
            slots = []
            for other in range(s.players):
                if other == seat:
                    continue
                for i, (k, v) in enumerate(s.asset_cards[other]):
                    if k == kind:
                        pool.append(v)
                        slots.append((other, i))
            pool.sort()  # canonical order: the deal depends only on what `seat` sees and on rng
            rng.shuffle(pool)
            for (other, i), v in zip(slots, pool, strict=False):
                s.asset_cards[other][i][1] = v
            s.asset_left[kind] = sorted(pool[len(slots):])
        return s

    def label(self, action: Action) -> str:
        k, a = action.kind, action.args
        if k == "acquire":
            c = COMPANIES[self.market[a[0]]] if self.market[a[0]] else None
            return f"Acquire {c.name} for ${self.acquire_price(a[0])}" if c else "Acquire (empty space)"
        if k == "buy_share":
            name = CORPORATIONS[self.corp[a[0]]].name
            return f"Buy {article(name)} share from {seat_ref(a[0])} for ${self.share_price(a[0])}"
        if k == "dividends":
            return f"Pay dividends (${self.income(action.seat)} per share)"
        if k == "deal_corp":
            return f"Deal {CORPORATIONS[a[1]].name} to {seat_ref(a[0])}"
        if k == "start_player":
            return f"{seat_ref(a[0])} starts"
        if k == "reveal":
            return f"Reveal {COMPANIES[a[1]].name} on space {a[0] + 1}"
        if k == "draw_asset":
            return f"{seat_ref(a[0])} draws an asset {a[1]} card {a[2]:+d}"
        return str(action)

    # -- scoring ---------------------------------------------------------------------------------
    def final_assets(self) -> dict[str, int]:
        """Asset track plus every face-down asset card (revealed at the end)."""
        final = dict(self.assets)
        for s, cards in enumerate(self.asset_cards):
            final[self.corp[s]] += sum(v for _, v in cards)
        return final

    def score_breakdown(self) -> list[dict[str, float]]:
        values = scoring.share_values(self.final_assets())
        out = []
        for s in range(self.players):
            shares = sum(values[self.corp[t]] * self.shares_held(s, t) for t in range(self.players))
            cards = [self.corp[s]] + self.companies[s]
            out.append({"shares": shares, "companies": scoring.company_score(cards),
                        "money": scoring.money_score(self.money[s])})
        return out

    def outcome(self) -> Outcome | None:
        if not self.over or self.pending:
            return None
        breakdown = self.score_breakdown()
        scores = [sum(b.values()) for b in breakdown]
        return Outcome.from_scores(scores, breakdown)

    def score_track(self) -> list[float]:
        """Each seat's score if the game ended now, on public information (asset cards unrevealed
        until the end, when this is the final score)."""
        if any(c is None for c in self.corp):
            return [0.0] * self.players
        final = self.outcome()
        if final is not None:
            return [float(x) for x in final.scores]
        values = scoring.share_values(self.assets)
        out = []
        for s in range(self.players):
            shares = sum(values[self.corp[t]] * self.shares_held(s, t) for t in range(self.players))
            out.append(float(shares + scoring.company_score([self.corp[s]] + self.companies[s])
                             + scoring.money_score(self.money[s])))
        return out

    def progress(self) -> float:
        if self.over:
            return 1.0
        lead = max((self.assets.get(c, 0) for c in self.corp if c), default=0)
        base = min(lead / END_TRIGGER, 1.0) * 0.8
        return base + {None: 0.0, 2: 0.1, 1: 0.15}[self.countdown]

    def check_invariants(self) -> list[str]:
        problems = []
        if any(m < 0 for m in self.money):
            problems.append(f"negative money {self.money}")
        owned = [c for cs in self.companies for c in cs]
        every = self.deck + [c for c in self.market if c] + self.discard + owned
        if sorted(every) != sorted(COMPANY_IDS):
            problems.append("company cards not conserved")
        for t in range(self.players):
            if self.sold[t] != sum(self.held[h][t] for h in range(self.players)):
                problems.append(f"shares of seat {t} not conserved")
            if not 0 <= self.sold[t] <= SHARES_PER_CORP:
                problems.append(f"seat {t} sold {self.sold[t]} shares")
        for kind, values in KIND_VALUES.items():
            drawn = [v for cards in self.asset_cards for k, v in cards if k == kind]
            if sorted(drawn + self.asset_left[kind]) != sorted(values):
                problems.append(f"asset {kind} cards not conserved")
        for s, cs in enumerate(self.companies):
            if self.corp[s] and self.assets[self.corp[s]] != sum(COMPANIES[c].cost for c in cs):
                problems.append(f"asset track of seat {s} does not match its companies")
        return problems
