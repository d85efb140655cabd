"""1st CEO rules as a State (ARCHITECTURE §2).

A turn is one of three actions: acquire a company, buy a share, pay dividends. Every draw (the
corporation deal, the starting player, market refills, asset cards) is a CHANCE decision, so the
session's seeded generator decides them and replays are exact.

The rules live in one mixin per part of the round, each in its own module: draws.py (every
CHANCE draw, the set-up's included), turn.py (a turn's choices, its refusals, the end of a turn
and of a round, the countdown), market.py (acquiring a company), shares.py (buying a share,
paying dividends); scoring.py scores, labels.py and words.py name things, round.py declares the
order of the round. This class holds the fields, the set-up, the views and the outcome.

The game is driven by a stack of frames (engine.core.frames): the turn frame ["turn"] at the
bottom, decided by `current`, and above it the draws waiting (draws.CHANCE_FRAMES), the next to
draw on top. A save checks the hash of the state it reaches, so the stored form (`to_data`) keeps
the layout of the first saves: the waiting draws as the list `pending`, the next one first.

Decisions on points the rules text leaves open are listed in the rules help (rules.md) and
marked "decision:" in comments.
"""

from __future__ import annotations

from engine.core.contract import GameSpec, Outcome
from engine.core.frames import FrameStackState
from engine.core.plain import plain_copy
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
    SHARES_PER_CORP,
    START_MONEY,
)
from engine.games.first_ceo.draws import CHANCE_FRAMES, ChanceDraws
from engine.games.first_ceo.labels import label
from engine.games.first_ceo.market import MARKET_SIZE, MarketRules
from engine.games.first_ceo.shares import ShareRules
from engine.games.first_ceo.turn import TurnRules

KIND_VALUES = {"increase": ASSET_INCREASE, "decrease": ASSET_DECREASE}
STORED = ("players", "corp", "npc", "assets", "money", "sold", "held", "companies", "market", "deck",
          "discard", "asset_cards", "asset_left", "pending", "current", "start", "round", "triggered",
          "countdown", "over", "turns")
"""The stored form's fields, in their order (`to_data`; a save's hash depends on both)."""


class FirstCeoState(TurnRules, MarketRules, ShareRules, ChanceDraws, FrameStackState):
    """The whole 1st CEO game. Seats are 0..players-1; corporations are referred to by id."""

    CHANCE_FRAMES = CHANCE_FRAMES
    __slots__ = tuple(f for f in STORED if f != "pending") + ("stack",)

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
        # the set-up's draws above the first turn: corporations dealt, the starting player, the market
        s.stack = [s.first_round_frame(), ["refill"], ["start"]]
        s.stack += [["deal", seat] for seat in reversed(range(players))]
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
        s.stack = [list(f) for f in self.stack]
        s.current, s.start, s.round = self.current, self.start, self.round
        s.triggered, s.countdown, s.over, s.turns = self.triggered, self.countdown, self.over, self.turns
        return s

    def to_data(self) -> dict:
        """The stored form: every field, and the waiting draws as `pending` (the next one first)."""
        data = {}
        for f in STORED:
            if f == "pending":
                data[f] = [list(t) for t in reversed(self.stack) if t[0] in CHANCE_FRAMES]
            else:
                data[f] = getattr(self, f)
        return data

    @classmethod
    def from_data(cls, spec: GameSpec, data: dict) -> FirstCeoState:
        s = cls.__new__(cls)
        for f in STORED:
            if f != "pending":
                setattr(s, f, plain_copy(data[f]))
        # the turn frame stays at the bottom of the stack for the whole game: only the draws are stored
        s.stack = [s.first_round_frame()] + [list(t) for t in reversed(plain_copy(data["pending"]))]
        return s

    # -- where the game is ------------------------------------------------------------------------
    def round_phase(self) -> str:
        """Set-up until the first turn (round.py), then rounds of turns until the game is over."""
        drawing = self.stack[-1][0] in CHANCE_FRAMES
        if self.over and not drawing:
            return "over"
        return "setup" if self.turns == 0 and drawing else "turns"

    def label(self, action) -> str:
        return label(self, action)

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
        outcome = self.outcome()
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
            "outcome": outcome.to_dict() if outcome is not None else None,
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

    # -- the end ---------------------------------------------------------------------------------
    def final_assets(self) -> dict[str, int]:
        """Asset track plus every face-down asset card (revealed at the end)."""
        return scoring.final_assets(self)

    def score_breakdown(self) -> list[dict[str, float]]:
        return scoring.score_breakdown(self)

    def outcome(self) -> Outcome | None:
        if not self.over or self.stack[-1][0] in CHANCE_FRAMES:
            return None
        return scoring.final_outcome(self)

    def score_track(self) -> list[float]:
        """Each seat's score if the game ended now, on public information (asset cards unrevealed
        until the end, when this is the final score)."""
        if any(c is None for c in self.corp):
            return [0.0] * self.players
        final = self.outcome()
        if final is not None:
            return [float(x) for x in final.scores]
        return scoring.running_scores(self)

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
