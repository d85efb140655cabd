"""Victory Through Industry rules as a State (ARCHITECTURE §2).

Each player builds a complex: a grid of factories (one cell each, turned in quarter turns) with
product cards in the cells beside them. Set-up reveals 4 contracts per player and drafts the nine
starting factories; then each turn is an optional contract fulfilment and two moves, each either a
production move (every factory of one type that can, operates) or a non-production move (any
number of small actions, ended explicitly).

The rules live in one mixin per part of the game: draws.py, draft.py (the starting complexes),
fulfilment.py, turn.py, production.py, menu.py (a non-production move), building.py, cards.py
(product cards out of their place), trade.py, factory_moves.py, contracts.py; complex.py answers
questions about a complex, scoring.py scores, labels.py and words.py name things. This class
holds the fields, the set-up, whose decision it is and the views.

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

The turn machine is the frame stack (engine.core.frames), but the fields are those the game
stored before it had frames, and saves check the digest of those fields: so the state keeps no
stack, and `frame()` reads the decision open now from them (the set-up's queue of draws, the
step of an action in progress, the phase). Each part answers for its frames: `_choices_<frame>`,
`_ask_<frame>` (the kinds it asks for and what the player must do, in words) and `_why_<frame>`
(why an action of those kinds is still refused).

Decisions on points the rules text leaves open are listed in assets/.../rules.md ("How Tycoons
settles what the rulebook leaves open") and marked "decision:" in comments.
"""

from __future__ import annotations

from engine.core.action_types import exactly_typed
from engine.core.contract import CHANCE, Action, GameSpec, Outcome
from engine.core.frames import FrameStackState
from engine.games.victory_through_industry import invariants, scoring
from engine.games.victory_through_industry.building import BuildingRules
from engine.games.victory_through_industry.cards import CardRules
from engine.games.victory_through_industry.complex import ComplexQueries, connected, cut_cells, groups, reach_with
from engine.games.victory_through_industry.contracts import ContractRules
from engine.games.victory_through_industry.data import (
    CONTRACT_IDS,
    CONTRACTS_PER_PLAYER,
    FACTORY_IDS,
    MAX_CONTRACTS,
    PRODUCT_IDS,
    SUPPLY_PER_TYPE,
)
from engine.games.victory_through_industry.draft import DraftRules
from engine.games.victory_through_industry.draws import CHANCE_FRAMES, ChanceDraws
from engine.games.victory_through_industry.factory_moves import FactoryMoveRules
from engine.games.victory_through_industry.fulfilment import FulfilmentRules
from engine.games.victory_through_industry.labels import label
from engine.games.victory_through_industry.menu import MenuRules
from engine.games.victory_through_industry.production import ProductionRules
from engine.games.victory_through_industry.trade import OFFER_MAX, TradeRules
from engine.games.victory_through_industry.turn import TurnRules

__all__ = ["OFFER_MAX", "VtiState", "connected", "cut_cells", "groups"]

_KINDS = frozenset({"place_product", "discard_incoming", "draft", "place",
                    "pay", "site", "rotate", "build", "discard", "bank_get", "output", "offer_give", "offer_get",
                    "accept", "refuse", "fpick", "fulfil", "forfeit", "produce", "nonproduction", "tear_down",
                    "move_factory", "move_product", "bank", "offer", "claim", "lend", "borrow", "end_move"})
"""The kinds of the players' actions (a refusal of any other says it is no action of the game)."""
_STEP_FRAMES = {"replace": "replace", "claim": "hand_over", "mvprod": "put_card", "bank": "bank_get",
                "produce": "output", "fpick": "fpick"}
"""The frame of each step of an action in progress (`sub["k"]`) with a single decision."""


class VtiState(ComplexQueries, ChanceDraws, DraftRules, FulfilmentRules, TurnRules, ProductionRules, MenuRules,
               BuildingRules, CardRules, TradeRules, FactoryMoveRules, ContractRules, FrameStackState):
    """The whole game. Seats are 0..players-1; play proceeds to the left (seat + 1), the draft and
    the fulfilment token pass to the right (seat - 1)."""

    CHANCE_FRAMES = CHANCE_FRAMES

    _FIELDS = ("players", "opts", "deck", "row", "held", "lost", "fulfilled", "token", "claimed_any",
               "pool", "drafter", "draft_start", "last_drafter", "drafted", "first", "fac", "prod",
               "supply", "incoming", "made", "spent", "phase", "pending", "current", "round", "moves",
               "in_np", "sub", "fq", "fcount", "offered", "over", "end_reason", "turns", "asked", "handed",
               "reach")
    __slots__ = _FIELDS
    _MEMORY = ("reach",)

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
        s.phase = s.spec.round.first().id
        s.pending = [["reveal"]] * (CONTRACTS_PER_PLAYER * players) + [["first"]]
        s.current = 0
        s.round = 0
        s.moves = 0
        s.in_np = False
        s.sub = None                       # the step of an action in progress ({"k": ...})
        s.fq = []
        s.fcount = 0
        s.offered = []
        s.asked = False                    # a factory move to/from another complex asked this move
        s.over = False
        s.end_reason = ""
        s.turns = 0
        s.reach = [None] * players         # how far each complex has reached: the board's grid (view)
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
        s.reach = [r and list(r) for r in self.reach]
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
        added = {"asked": False, "handed": [0] * data["players"],  # fields that older data lacks
                 "reach": [_reach_of((x, y) for x, y, _, _ in g) for g in data["fac"]]}
        for f in cls._FIELDS:
            setattr(s, f, data[f] if f in data or f not in added else added[f])
        s.fac = [{(x, y): (f, r) for x, y, f, r in g} for g in data["fac"]]
        s.prod = [{(x, y): p for x, y, p in g} for g in data["prod"]]
        s.opts = dict(data["opts"])
        s.sub = _copy_sub(data["sub"])
        return s.copy()

    @property
    def max_rounds(self) -> int:
        return int(self.opts.get("max_rounds", 0))

    # -- whose decision ---------------------------------------------------------------------------
    def round_phase(self) -> str:
        """The part of the game (round.py): set-up, draft, placing, turns, or over."""
        return "over" if self.over and not self.pending else self.phase

    def _phase_begins(self, phase: str) -> None:
        """The core's phase step moves the game on in the order round.py declares (the set-up's
        parts, then play): VTI keeps the phase as a field (its phases begin no frame)."""
        self.phase = phase

    def frame(self) -> tuple:
        """The frame on top, read from the fields: (name,) for a draw, (name, seat) for a decision.
        A seat holding cards handed to it while another plays places them first; an answer to an
        offer or a factory move is the other seat's; the draft is the drafter's; every other
        decision is the player's on turn: a card in hand, the step of an action in progress, a
        starting factory to place, a contract to supply, the choice of a move, or the menu."""
        if self.pending:
            return self.pending[0]
        if self.over:
            return ("over",)
        cur, inc, sub = self.current, self.incoming, self.sub
        if any(inc):  # cheap test first: someone rarely has received cards waiting
            for s in range(self.players):
                if inc[s] and s != cur:
                    return ("incoming", s)
        if sub is not None and sub["k"] in ("respond", "frespond"):
            return (sub["k"], sub["t"])
        if self.phase == "draft":
            return ("draft", self.drafter)
        if inc[cur]:
            return ("incoming", cur)
        if sub is not None:
            k = sub["k"]
            if k == "build":
                return ("pay" if sub["pay"] > 0 else "site" if sub["site"] is None else "rotate", cur)
            if k == "offer":
                return ("offer_give" if sub["give"] is None else "offer_get", cur)
            return (_STEP_FRAMES[k], cur)
        if self.phase == "place":
            return ("place", cur)
        if self.fq:
            return ("fulfil", cur)
        return ("menu" if self.in_np else "move", cur)

    def _mover(self, frame: tuple) -> int:
        return frame[1]

    def is_legal(self, action: Action) -> bool:
        """Direct checks for chance outcomes and the non-production menu (the common cases in
        random play and search); everything else compares against `legal_actions`."""
        if not exactly_typed(action):
            return False
        seat = action.seat
        if seat == CHANCE:
            return self.chance_is_legal(action)
        if self._in_menu(seat):
            return action in self._np_actions(seat, action.kind)
        return action in self.legal_actions(seat)

    def explain_illegal(self, action: Action) -> str | None:
        """What the frame open now asks for ("Not now: you must …"), or the part's reason why an
        action of a kind it asks for is refused."""
        if action.kind not in _KINDS:
            return "That is not a Victory Through Industry action."
        name = self.frame()[0]
        ask = getattr(self, f"_ask_{name}", None)
        if ask is None:  # a draw, or the end: what may happen now says it
            return None
        kinds, must = ask(action.seat)
        if action.kind not in kinds:
            return f"Not now: you must {must}."
        why = self._WHYS.get(name)
        try:
            return (why(self, action) if why else None) or f"That is not possible: you must {must}."
        except (IndexError, TypeError, KeyError, ValueError):
            return f"That is not possible: you must {must}."

    def label(self, action: Action) -> str:
        return label(self, action)

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
                # [left, top, right, bottom] of every cell a factory has stood on and the ring round
                # it (None before the first): the board's grid, which never shrinks under the cursor
                "reach": self.reach[s] and list(self.reach[s]),
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

    # -- scores and the end -------------------------------------------------------------------------
    def score(self, seat: int) -> dict[str, float]:
        return scoring.score(self, seat)

    def outcome(self) -> Outcome | None:
        return scoring.final_outcome(self) if self.over else None

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
        return invariants.broken(self)

def _reach_of(cells) -> list[int] | None:
    """The reach of a complex whose factories stand on `cells` (data older than the reach)."""
    reach = None
    for cell in cells:
        reach = reach_with(reach, cell)
    return reach


def _copy_sub(sub):
    if sub is None:
        return None
    return {k: (list(v) if isinstance(v, list | tuple) else v) for k, v in sub.items()}
