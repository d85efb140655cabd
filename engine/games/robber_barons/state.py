"""Robber Barons of the Gilded Age rules as a State (ARCHITECTURE §2).

A turn is a Revenue phase (automatic) and a Speculation phase: choose 1, 2 or 3 dice (a decision),
roll them (a CHANCE decision), move, and resolve what the pawn meets: the Start bonus, fleecing,
an industry to invest in, a Legacy card to buy or put on the bottom, a Business card.

The rules live in one mixin per part of the turn, each in its own module: revenue.py (the Revenue
phase), speculation.py (the dice, the move, the space landed on, the end of the turn),
industries.py (investing), legacy.py (Legacy cards and piles), business.py (Business cards and
the decisions they ask for), payments.py (debts, markers sold, bankruptcy), draws.py (every roll
and draw); scoring.py scores, labels.py and words.py name things, round.py declares the order of
a turn. This class holds the fields, the set-up, the views and the outcome.

The turn is driven by a stack of small frames (engine.core.frames; `self.stack`, last = top). A
frame is a plain list whose first item names it. Three sorts exist:

- decision frames, answered by the seat to move: dice, bonus, offer, invest, target, place,
  monopolize, goto (their refusals: `_why_<frame>`);
- chance frames, answered by the CHANCE seat: first, move, fleece, die, venture, legacy, business;
- automatic frames, resolved at once by `_run`: turn, end, land, effect.

Nothing is secret: every card drawn is revealed, decks are public multisets (the Legacy deck also
has a public, ordered "bottom" of cards put back), and money is counted in the open. So
`determinize` returns a copy.

Decisions on points the rules text leaves open are listed in the rules help (rules.md) and
marked "decision:" in comments.
"""

from __future__ import annotations

from engine.core.action_types import exactly_typed
from engine.core.contract import CHANCE, Action, GameSpec, Outcome
from engine.core.frames import FrameStackState
from engine.core.invariants import money_problems
from engine.games.robber_barons import scoring
from engine.games.robber_barons.business import BusinessRules
from engine.games.robber_barons.data import (
    BOARD_SIZE,
    BUSINESS_IDS,
    INDUSTRY_SPACES,
    LEGACY_IDS,
    MARKERS_PER_PLAYER,
    START_MONEY,
)
from engine.games.robber_barons.draws import CHANCE_FRAMES, DICE, ChanceDraws
from engine.games.robber_barons.industries import IndustryRules
from engine.games.robber_barons.labels import label
from engine.games.robber_barons.legacy import LegacyRules
from engine.games.robber_barons.payments import PaymentRules
from engine.games.robber_barons.revenue import RevenueRules
from engine.games.robber_barons.speculation import SpeculationRules

__all__ = ["DICE", "MARKERS_PER_PLAYER", "RobberBaronsState"]

AUTO_FRAMES = frozenset(("turn", "end", "land", "effect"))
OTHER_SPACES = tuple(sp for sp in range(BOARD_SIZE) if sp not in INDUSTRY_SPACES)
LEGACY_SET = frozenset(LEGACY_IDS)
BUSINESS_SET = frozenset(BUSINESS_IDS)


class RobberBaronsState(RevenueRules, SpeculationRules, IndustryRules, LegacyRules, BusinessRules, PaymentRules,
                        ChanceDraws, FrameStackState):
    """The whole game. Seats are 0..players-1; spaces are indices 0..39 (0 = Start)."""

    AUTO_FRAMES = AUTO_FRAMES
    CHANCE_FRAMES = CHANCE_FRAMES

    _FIELDS = (
        "players", "turn_limit", "money", "bank", "pos", "out", "markers", "supply", "philanthropy",
        "business_pile", "legacy_deck", "legacy_bottom", "business_deck", "business_discard", "offer",
        "in_play", "frozen", "extra", "current", "first", "round", "turns", "stack", "over",
        "last_dice", "last_card", "bankruptcies", "ended_by",
    )
    __slots__ = _FIELDS

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def new(cls, spec: GameSpec, players: int, options: dict) -> RobberBaronsState:
        s = cls.__new__(cls)
        s.players = players
        s.turn_limit = max(0, int(options.get("turn_limit", 0)))  # 0: no limit
        s.money = [START_MONEY] * players
        s.bank = -START_MONEY * players      # the Bank's net balance: money is conserved at 0
        s.pos = [0] * players                # pawn space; None while a bankrupt player is out
        s.out = [False] * players
        s.markers = [[0] * players for _ in range(BOARD_SIZE)]  # markers[space][seat]
        s.supply = [MARKERS_PER_PLAYER] * players
        s.philanthropy = [[] for _ in range(players)]     # Legacy deck cards bought
        s.business_pile = [[] for _ in range(players)]    # Business cards kept in the Legacy pile
        s.legacy_deck = sorted(LEGACY_IDS)   # shuffled part: a multiset, each draw a chance outcome
        s.legacy_bottom = []                 # cards put on the bottom, in order (public)
        s.business_deck = sorted(BUSINESS_IDS)
        s.business_discard = []
        s.offer = None                       # Legacy card drawn and awaiting buy-or-bottom
        s.in_play = None                     # Business card awaiting its target (Excessive Wealth)
        s.frozen = [0] * players             # turns left without revenue (Depression…)
        s.extra = 0                          # extra speculation phases left this turn
        s.current = 0
        s.first = 0
        s.round = 1
        s.turns = 0
        s.stack = [["first", list(range(players)), []]]
        s.over = False
        s.last_dice = []                     # the latest roll, for the board's dice
        s.last_card = None                   # ["business" | "legacy", id] of the latest card drawn
        s.bankruptcies = 0
        s.ended_by = ""                      # "legacy" or "turns" once over
        return s

    def copy(self) -> RobberBaronsState:
        s = RobberBaronsState.__new__(RobberBaronsState)
        s.players, s.turn_limit = self.players, self.turn_limit
        s.money = list(self.money)
        s.bank = self.bank
        s.pos = list(self.pos)
        s.out = list(self.out)
        s.markers = [list(m) for m in self.markers]
        s.supply = list(self.supply)
        s.philanthropy = [list(p) for p in self.philanthropy]
        s.business_pile = [list(p) for p in self.business_pile]
        s.legacy_deck = list(self.legacy_deck)
        s.legacy_bottom = list(self.legacy_bottom)
        s.business_deck = list(self.business_deck)
        s.business_discard = list(self.business_discard)
        s.offer, s.in_play = self.offer, self.in_play
        s.frozen = list(self.frozen)
        s.extra, s.current, s.first, s.round, s.turns = self.extra, self.current, self.first, self.round, self.turns
        s.stack = [[list(x) if isinstance(x, list) else x for x in f] for f in self.stack]
        s.over = self.over
        s.last_dice = list(self.last_dice)
        s.last_card = list(self.last_card) if self.last_card else None
        s.bankruptcies, s.ended_by = self.bankruptcies, self.ended_by
        return s


    # -- who decides, and where the game is ---------------------------------------------------------
    def active(self) -> list[int]:
        """Seats in the game (not out after a bankruptcy)."""
        return [s for s in range(self.players) if not self.out[s]]

    def opponents(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat and not self.out[s]]

    def _mover(self, f: list) -> int:
        return self.current

    def round_phase(self) -> str:
        """The roll for first player, then Speculation phases (round.py; Revenue needs no decision)."""
        if self.over:
            return "over"
        return "setup" if self.frame()[0] == "first" else "speculation"

    def is_legal(self, action: Action) -> bool:
        if not exactly_typed(action):
            return False
        if action.seat == CHANCE:
            return self._chance_is_legal(action)
        return action in self.legal_actions(action.seat)

    def label(self, action: Action) -> str:
        return label(self, action)

    # -- views ---------------------------------------------------------------------------------
    def prompt(self) -> dict | None:
        """What the seat to move is deciding, as data for the UI and the AI."""
        if self.over or self.to_move() == CHANCE:
            return None
        f = self.stack[-1]
        p = {"kind": f[0]}
        if f[0] == "invest":
            p.update(space=f[1], took=f[2])
        elif f[0] in ("target", "place"):
            p["purpose"] = f[1]
        elif f[0] == "goto":
            p["group"] = f[1]
        return p

    def view(self, seat: int | None) -> dict:
        """Everything is public in Robber Barons: every seat sees the same."""
        seats = []
        for s in range(self.players):
            trusts = self.trusts(s)
            majors, greats = self.monopolies(s, trusts)
            seats.append({
                "money": self.money[s],
                "pos": self.pos[s],
                "out": self.out[s],
                "frozen": self.frozen[s],
                "supply": self.supply[s],
                "markers": MARKERS_PER_PLAYER - self.supply[s],
                "trusts": trusts,
                "monopolies": majors,
                "great_monopolies": greats,
                "revenue": sum(self.revenue_parts(s, trusts).values()),
                "philanthropy": list(self.philanthropy[s]),
                "business_pile": list(self.business_pile[s]),
                "legacy": self.legacy_points(s),
                "points": self.points(s),
            })
        return {
            "game": "robber-barons",
            "viewer": seat,
            "players": self.players,
            "to_move": self.to_move(),
            "current": self.current,
            "first": self.first,
            "round": self.round,
            "turn_limit": self.turn_limit,
            "turns": self.turns,
            "prompt": self.prompt(),
            "markers": [list(m) for m in self.markers],
            "seats": seats,
            "legacy_deck": len(self.legacy_deck),
            "legacy_bottom": list(self.legacy_bottom),
            "legacy_left": self.legacy_left(),
            "business_deck": len(self.business_deck),
            "business_discard": list(self.business_discard),
            "offer": self.offer,
            "in_play": self.in_play,
            "extra_phases": self.extra,
            "last_dice": list(self.last_dice),
            "last_card": list(self.last_card) if self.last_card else None,
            "over": self.over,
            "ended_by": self.ended_by,
            "outcome": self.outcome().to_dict() if self.over else None,
        }

    def determinize(self, seat: int | None, rng) -> RobberBaronsState:
        """Nothing is hidden (decks are public multisets), so this is a copy."""
        return self.copy()

    # -- end ------------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        return scoring.final_outcome(self) if self.over else None

    def score_track(self) -> list[float]:
        return [float(self.points(s)) for s in range(self.players)]

    def progress(self) -> float:
        if self.over:
            return 1.0
        by_deck = 1.0 - self.legacy_left() / len(LEGACY_IDS)
        by_rounds = self.turns / self.turn_limit if self.turn_limit else 0.0
        return min(0.99, max(by_deck, by_rounds))

    def check_invariants(self) -> list[str]:
        problems = money_problems(self.money, self.bank)
        columns = [sum(col) for col in zip(*self.markers, strict=True)]
        for s in range(self.players):
            on_board = columns[s]
            if on_board + self.supply[s] != MARKERS_PER_PLAYER or self.supply[s] < 0:
                problems.append(f"control markers of seat {s} not conserved")
            if self.out[s] and (on_board or self.philanthropy[s] or self.business_pile[s] or self.pos[s] is not None):
                problems.append(f"bankrupt seat {s} still has pieces")
        if any(any(self.markers[sp]) for sp in OTHER_SPACES):
            problems.append("control marker off an industry space")
        # card ids are unique, so a deck is conserved when the count and the set both match
        legacy = self.legacy_deck + self.legacy_bottom + [c for p in self.philanthropy for c in p]
        if self.offer:
            legacy.append(self.offer)
        if len(legacy) != len(LEGACY_IDS) or set(legacy) != LEGACY_SET:
            problems.append("Legacy cards not conserved")
        business = self.business_deck + self.business_discard + [c for p in self.business_pile for c in p]
        if self.in_play:
            business.append(self.in_play)
        if len(business) != len(BUSINESS_IDS) or set(business) != BUSINESS_SET:
            problems.append("Business cards not conserved")
        if self.over and self.ended_by == "legacy" and self.legacy_left():
            problems.append("ended by the Legacy deck but cards remain")
        return problems
