"""Robber Barons of the Gilded Age rules as a State (DESIGN §2).

A turn is a Revenue phase (automatic) and a Speculation phase: choose 1, 2 or 3 dice (a decision),
roll them (a CHANCE decision), move, and resolve what the pawn meets: the Start bonus, fleecing,
an industry to invest in, a Legacy card to buy or put on the bottom, a Business card.

The turn is driven by a stack of small frames (`self.stack`, last = top). A frame is a plain list
whose first item names it. Three sorts exist:

- decision frames, answered by the seat to move: dice, bonus, offer, invest, target, place,
  monopolize, goto;
- chance frames, answered by the CHANCE seat: first, move, fleece, die, venture, legacy, business;
- automatic frames, resolved at once by `_run`: turn, end, land, effect.

Nothing is secret: every card drawn is revealed, decks are public multisets (the Legacy deck also
has a public, ordered "bottom" of cards put back), and money is counted in the open. So
`determinize` returns a copy.

Decisions on points the rules text leaves open are listed in the rules help (rules.md) and
marked "decision:" in comments here.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial

from engine.core.action_types import exactly_typed
from engine.core.contract import CHANCE, Action, Event, GameSpec, Outcome
from engine.core.frames import FrameStackState
from engine.core.invariants import money_problems
from engine.core.text import seat_ref
from engine.games.robber_barons.data import (
    BOARD_SIZE,
    BUSINESS,
    BUSINESS_IDS,
    GROUPS,
    INDUSTRIES,
    INDUSTRY_CLASS,
    INDUSTRY_SPACES,
    LEGACY,
    LEGACY_IDS,
    MARKERS_PER_PLAYER,
    REVENUE,
    RULES,
    SPACES,
    START_MONEY,
)

CHANCE_FRAMES = frozenset(("first", "move", "fleece", "die", "venture", "legacy", "business"))
AUTO_FRAMES = frozenset(("turn", "end", "land", "effect"))
MAJORS = tuple(sp for name, sp in INDUSTRIES.items() if INDUSTRY_CLASS[name] == "major")
GREATS = tuple(sp for name, sp in INDUSTRIES.items() if INDUSTRY_CLASS[name] == "great")
MARKER_COST = RULES["marker_cost"]
TAKEOVER_COST = RULES["takeover_cost"]
START_BONUS = RULES["start_bonus"]
MARKER_SALE = RULES["marker_sale"]
FLEECE = RULES["fleece"]
OTHER_SPACES = tuple(sp for sp in range(BOARD_SIZE) if sp not in INDUSTRY_SPACES)
LEGACY_SET = frozenset(LEGACY_IDS)
BUSINESS_SET = frozenset(BUSINESS_IDS)
FREEZE_TURNS = 2
EXTRA_PHASES = 2
BLACK_FRIDAY = 2


def _dice_outcomes(n: int) -> list[tuple[tuple[int, ...], int]]:
    """Sorted dice faces of `n` dice with their multinomial weights (the 216 ordered rolls of 3
    dice fold into 56 outcomes)."""
    out = []
    for faces in combinations_with_replacement(range(1, 7), n):
        weight = factorial(n)
        for f in set(faces):
            weight //= factorial(faces.count(f))
        out.append((faces, weight))
    return out


DICE = {n: _dice_outcomes(n) for n in (1, 2, 3)}
# Chance outcome lists built once: random play and search ask for them at every roll.
ROLL_OUTCOMES = {n: [(Action("roll", CHANCE, faces), w) for faces, w in DICE[n]] for n in DICE}
ROLL_SETS = {n: frozenset(a.args for a, _ in outs) for n, outs in ROLL_OUTCOMES.items()}
DIE_OUTCOMES = [(Action("die", CHANCE, (v,)), 1) for v in range(1, 7)]
DRAW_BUSINESS = {c: (Action("draw_business", CHANCE, (c,)), 1) for c in BUSINESS_IDS}
DRAW_LEGACY = {c: (Action("draw_legacy", CHANCE, (c,)), 1) for c in LEGACY_IDS}
DICE_CHOICES = [[Action("dice", seat, (n,)) for n in (1, 2, 3)] for seat in range(8)]
VENTURE_OUTCOMES = [(Action("venture", CHANCE, (a, b)), 1) for a in range(1, 7) for b in range(1, 7)]
GOTO_WORDS = {"any": "any space", "oil": "an Oil space", "steel": "a Steel space",
              "railroads": "a Railroads space", "ore": "an ore space (Mining, Gold, Silver)"}


def money(m: int) -> str:
    """$ millions as printed in the log: $3M, -$2M."""
    return f"-${-m}M" if m < 0 else f"${m}M"


def space_name(i: int) -> str:
    """'Steel (13)': a space's name and its number as printed in the rules."""
    return _SPACE_NAMES[i]


_SPACE_NAMES = tuple(f"{SPACES[i].name} ({i + 1})" for i in range(BOARD_SIZE))


class RobberBaronsState(FrameStackState):
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

    # -- board queries ----------------------------------------------------------------------------
    def active(self) -> list[int]:
        """Seats in the game (not out after a bankruptcy)."""
        return [s for s in range(self.players) if not self.out[s]]

    def opponents(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat and not self.out[s]]

    def is_trust(self, space: int, seat: int) -> bool:
        """True if `seat` owns every control marker on `space` (and there is at least one)."""
        row = self.markers[space]
        return row[seat] > 0 and row[seat] == sum(row)

    def trusts(self, seat: int) -> list[int]:
        markers = self.markers
        return [sp for sp in INDUSTRY_SPACES if (row := markers[sp])[seat] and row[seat] == sum(row)]

    def investments(self, seat: int) -> list[int]:
        return [sp for sp in INDUSTRY_SPACES if self.markers[sp][seat] > 0]

    def monopolies(self, seat: int, trusts: list[int] | None = None) -> tuple[list[str], list[str]]:
        """Names of the Major industries (Monopolies) and Great industries (Great Monopolies) in
        which `seat` has a Trust on every space."""
        held = set(self.trusts(seat) if trusts is None else trusts)
        majors = [SPACES[sp[0]].industry for sp in MAJORS if held.issuperset(sp)]
        greats = [SPACES[sp[0]].industry for sp in GREATS if held.issuperset(sp)]
        return majors, greats

    def revenue_parts(self, seat: int, trusts: list[int] | None = None) -> dict[str, int]:
        """The Revenue phase income of `seat`, per category (all additive)."""
        if trusts is None:
            trusts = self.trusts(seat)
        majors, greats = self.monopolies(seat, trusts)
        return {
            # every marker not in hand is on an industry space (check_invariants holds this)
            "markers": REVENUE["per_marker"] * (MARKERS_PER_PLAYER - self.supply[seat]),
            "trusts": REVENUE["per_trust"] * len(trusts),
            "monopolies": REVENUE["per_monopoly"] * len(majors),
            "great_monopolies": REVENUE["per_great_monopoly"] * len(greats),
        }

    def revenue(self, seat: int) -> int:
        return sum(self.revenue_parts(seat).values())

    def legacy_left(self) -> int:
        """Cards in the Legacy deck (shuffled part and bottom)."""
        return len(self.legacy_deck) + len(self.legacy_bottom)

    def legacy_points(self, seat: int) -> dict[str, int]:
        """Legacy pile of `seat` by category; bad legacy and scandals count against."""
        phil = sum(LEGACY[c].value for c in self.philanthropy[seat])
        good = bad = scandal = 0
        for c in self.business_pile[seat]:
            card = BUSINESS[c]
            if card.legacy in ("business", "innovation"):
                good += card.value
            elif card.legacy == "bad":
                bad -= card.value
            else:
                scandal -= card.value
        return {"philanthropy": phil, "business_legacy": good, "bad_legacy": bad, "scandals": scandal}

    def points(self, seat: int) -> int:
        return sum(self.legacy_points(seat).values())

    # -- whose decision (FrameStackState.to_move: TERMINAL, CHANCE at CHANCE_FRAMES, else this) ------
    def _mover(self, f: list) -> int:
        return self.current

    def round_phase(self) -> str:
        """The roll for first player, then Speculation phases (round.py; Revenue needs no decision)."""
        if self.over:
            return "over"
        return "setup" if self.stack[-1][0] == "first" else "speculation"

    def _top(self) -> list:
        return self.stack[-1]

    # the choices at each decision frame (FrameStackState.legal_actions asks _choices_<frame>)
    def _choices_dice(self, seat: int) -> list[Action]:
        return list(DICE_CHOICES[seat])

    def _choices_bonus(self, seat: int) -> list[Action]:
        acts = [Action("bonus", seat, ("cash",))]
        if self.legacy_left():
            acts.append(Action("bonus", seat, ("legacy",)))
        return acts

    def _choices_offer(self, seat: int) -> list[Action]:
        acts = [Action("bottom", seat, ())]
        if self.money[seat] >= LEGACY[self.offer].value:
            acts.insert(0, Action("buy", seat, ()))
        return acts

    def _choices_invest(self, seat: int, space: int, took: int) -> list[Action]:
        return self._invest_actions(seat, space, took)

    def _choices_target(self, seat: int, *_effect_card) -> list[Action]:
        return [Action("target", seat, (t,)) for t in self.opponents(seat)]

    def _choices_place(self, seat: int, purpose: str) -> list[Action]:
        return [Action("place", seat, (sp,)) for sp in self._place_spaces(seat, purpose)]

    def _choices_monopolize(self, seat: int) -> list[Action]:
        return [Action("monopolize", seat, (sp, v)) for sp, v in self._monopolize_targets(seat)]

    def _choices_goto(self, seat: int, group: str) -> list[Action]:
        return [Action("goto", seat, (sp,)) for sp in self._goto_spaces(seat, group)]

    def _invest_actions(self, seat: int, space: int, took: int) -> list[Action]:
        acts = []
        if self.supply[seat] > 0:
            if not took and self.money[seat] >= MARKER_COST:
                acts.append(Action("invest", seat, ()))
            if self.money[seat] >= TAKEOVER_COST:
                acts += [Action("takeover", seat, (v,)) for v in range(self.players)
                         if v != seat and self.markers[space][v] > 0]
        acts.append(Action("stop", seat, ()))
        return acts

    def _place_spaces(self, seat: int, purpose: str) -> list[int]:
        if self.supply[seat] <= 0:
            return []
        if purpose == "demand":
            return self.trusts(seat)
        if purpose == "production":
            return [sp for sp in self.investments(seat) if not self.is_trust(sp, seat)]
        # anti_trust: an opponent's Trust
        return [sp for sp in INDUSTRY_SPACES if any(self.is_trust(sp, o) for o in range(self.players) if o != seat)]

    def _monopolize_targets(self, seat: int) -> list[tuple[int, int]]:
        if self.supply[seat] <= 0:
            return []
        return [(sp, v) for sp in INDUSTRY_SPACES for v in range(self.players)
                if v != seat and self.markers[sp][v] > 0]

    def _goto_spaces(self, seat: int, group: str) -> list[int]:
        spaces = range(BOARD_SIZE) if group == "any" else GROUPS[group]
        return [sp for sp in spaces if sp != self.pos[seat]]

    def explain_illegal(self, action: Action) -> str:
        mover = self.to_move()
        if mover < 0:
            return None
        kind = self.stack[-1][0]
        expected = {"dice": "choose how many dice to roll", "bonus": "take $1M or draw a Legacy card",
                    "offer": "buy the Legacy card or put it on the bottom",
                    "invest": "invest in this industry or stop", "target": "choose a target opponent",
                    "place": "choose where to place a control marker",
                    "monopolize": "choose an opponent's control marker to replace",
                    "goto": "choose the space to move to"}[kind]
        if action.kind == "buy" and kind == "offer":
            return f"{LEGACY[self.offer].name} costs ${LEGACY[self.offer].value}M; you have ${self.money[mover]}M."
        f = self.stack[-1]
        args = action.args
        if action.kind in ("invest", "takeover") and kind == "invest":
            if self.supply[mover] <= 0:
                return "You have no control markers left."
            if action.kind == "invest" and f[2]:
                return "After taking over a marker you may only repeat Option 2 or stop."
            cost = MARKER_COST if action.kind == "invest" else TAKEOVER_COST
            if self.money[mover] < cost:
                return f"That costs {money(cost)}; you have {money(self.money[mover])}."
            if args and args[0] == mover:
                return "You cannot take over your own control marker."
            if args and 0 <= args[0] < self.players:
                return f"{{p{args[0]}}} has no control marker on {space_name(f[1])}."
            return "Choose an opponent's control marker on this space."
        if action.kind != kind or len(args) != {"dice": 1, "target": 1, "place": 1, "monopolize": 2,
                                               "goto": 1}.get(kind, 0):
            return f"Not now: you must {expected}."
        if kind == "dice":
            return "Roll 1, 2 or 3 dice."
        if kind == "target":
            if args[0] == mover:
                return "Choose an opponent, not yourself."
            if 0 <= args[0] < self.players and self.out[args[0]]:
                return f"{{p{args[0]}}} is out of the game."
            return "Choose one of your opponents."
        space = args[0]
        if not 0 <= space < BOARD_SIZE:
            return "There is no such space."
        if kind == "goto":
            if space == self.pos[mover]:
                return "You are on that space already: choose another."
            return f"The card sends you to {GOTO_WORDS[f[1]]}; {space_name(space)} is not one."
        if self.supply[mover] <= 0:
            return "You have no control markers left."
        if kind == "place":
            return {"demand": "A Demand marker goes on one of your Trusts.",
                    "production": "A Production marker goes on an industry you have invested in that is "
                                  "not your Trust.",
                    "anti_trust": "An Anti-Trust marker goes on an opponent's Trust."}[f[1]]
        victim = args[1]
        if victim == mover:
            return "Choose an opponent's control marker, not your own."
        if 0 <= victim < self.players:
            return f"{{p{victim}}} has no control marker on {space_name(space)}."
        return "Choose an opponent's control marker."

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        f = self.stack[-1]
        kind = f[0]
        if kind == "first":
            seat = f[1][len(f[2])]
            return [(Action("first_roll", CHANCE, (seat, v)), 1) for v in range(1, 7)]
        if kind == "move":
            return ROLL_OUTCOMES[f[1]]
        if kind in ("fleece", "die"):
            return DIE_OUTCOMES
        if kind == "venture":
            return VENTURE_OUTCOMES
        if kind == "legacy":
            if self.legacy_deck:
                # card ids are unique, so every card left is one outcome of weight 1
                return [DRAW_LEGACY[c] for c in self.legacy_deck]
            return [DRAW_LEGACY[self.legacy_bottom[0]]]
        if kind == "business":
            return [DRAW_BUSINESS[c] for c in self.business_deck]
        raise AssertionError(f"no chance at frame {kind}")

    def is_legal(self, action: Action) -> bool:
        kind, seat, args = action
        if not exactly_typed(action):
            return False
        if seat == CHANCE:
            f = self.stack[-1]
            try:
                if kind == "draw_business":
                    return f[0] == "business" and len(args) == 1 and args[0] in self.business_deck
                if kind == "draw_legacy":
                    if f[0] != "legacy" or len(args) != 1:
                        return False
                    return args[0] in self.legacy_deck if self.legacy_deck else args[0] == self.legacy_bottom[0]
                if kind == "roll":
                    return f[0] == "move" and args in ROLL_SETS[f[1]]
                if kind == "die":
                    return f[0] in ("die", "fleece") and len(args) == 1 and args[0] in (1, 2, 3, 4, 5, 6)
                if kind == "venture":
                    return f[0] == "venture" and len(args) == 2 and all(x in (1, 2, 3, 4, 5, 6) for x in args)
            except (IndexError, TypeError):
                return False
            return any(a == action for a, _ in self.chance_outcomes())
        return action in self.legal_actions(seat)

    # -- applying -------------------------------------------------------------------------------
    # -- applying (FrameStackState calls _do_<kind> and resolves the _frame_<name> frames) ---------
    # chance outcomes
    def _do_first_roll(self, _chance, seat: int, value: int) -> list[Event]:
        f = self.stack[-1]
        f[2].append(value)
        self.last_dice = [value]
        events = [Event(f"{{p{seat}}} rolls {value} for first player.", "roll")]
        if len(f[2]) < len(f[1]):
            return events
        best = max(f[2])
        tied = [s for s, v in zip(f[1], f[2], strict=True) if v == best]
        self.stack.pop()
        if len(tied) > 1:
            # the rules say "roll high": tied high rollers roll again
            self.stack.append(["first", tied, []])
            names = ", ".join(f"{{p{s}}}" for s in tied)
            return events + [Event(f"{names} tie with {best} and roll again.", "setup")]
        self.first = self.current = tied[0]
        self.stack += [["end"], ["turn"]]
        return events + [Event(f"{{p{tied[0]}}} rolled highest and goes first.", "setup")]

    def _do_roll(self, _chance, *faces: int) -> list[Event]:
        self.stack.pop()
        self.last_dice = list(faces)
        total = sum(faces)
        seat = self.current
        dice = " + ".join(str(f) for f in faces)
        word = f"{dice} = {total}" if len(faces) > 1 else str(total)
        return [Event(f"{{p{seat}}} rolls {word}.", "roll")] + self._move(seat, total)

    def _do_die(self, _chance, value: int) -> list[Event]:
        f = self.stack.pop()
        self.last_dice = [value]
        seat = self.current
        if f[0] == "fleece":
            return [Event(f"{{p{seat}}} rolls {value} and moves on.", "roll")] + self._move(seat, value)
        purpose, target = f[1], f[2]
        events = [Event(f"Rolled {value}.", "roll")]
        if purpose == "gain":
            self._gain(seat, value)
            events.append(Event(f"{{p{seat}}} gains {money(value)}.", "gain"))
        elif purpose == "lose":
            events += self._pay(seat, value, None)
        elif purpose == "all_lose":
            for s in self._round_from(seat):
                events += self._pay(s, value, None)
        elif purpose == "target_lose":
            events += self._pay(target, value, None)
        elif purpose == "target_steal":
            events += self._pay(target, value, seat)
        return events

    def _do_venture(self, _chance, a: int, b: int) -> list[Event]:
        self.stack.pop()
        self.last_dice = [a, b]
        seat = self.current
        diff = a - b
        events = [Event(f"Risky venture: {a} - {b} = {diff:+d}.", "roll")]
        if diff > 0:
            self._gain(seat, diff)
            events.append(Event(f"{{p{seat}}} gains {money(diff)}.", "gain"))
        elif diff < 0:
            events += self._pay(seat, -diff, None)
        else:
            events.append(Event(f"{{p{seat}}} breaks even.", "info"))
        return events

    def _do_draw_legacy(self, _chance, card: str) -> list[Event]:
        self.stack.pop()
        if self.legacy_deck:
            self.legacy_deck.remove(card)
        else:
            self.legacy_bottom.pop(0)
        self.offer = card
        self.last_card = ["legacy", card]
        self.stack.append(["offer"])
        c = LEGACY[card]
        return [Event(f"{{p{self.current}}} draws the Legacy card {c.name} (value {c.value}, "
                      f"costs {money(c.value)}).", "card")]

    def _do_draw_business(self, _chance, card: str) -> list[Event]:
        self.stack.pop()
        self.business_deck.remove(card)
        self.last_card = ["business", card]
        c = BUSINESS[card]
        seat = self.current
        events = [Event(f"{{p{seat}}} draws the Business card {c.name}: {c.notes}.", "card")]
        effects = list(c.effects)
        if "target_scandal" in effects:
            self.in_play = card  # the card goes to the target's Legacy pile
        elif c.legacy:
            self.business_pile[seat].append(card)
            if c.legacy in ("bad", "innovation"):
                self._gain(seat, c.value)
                events.append(Event(f"{{p{seat}}} gains {money(c.value)} and keeps {c.name} in their "
                                    f"Legacy pile ({c.points:+d} Legacy).", "gain"))
            elif c.legacy == "costly_scandal":
                events.append(Event(f"{c.name} goes to {{p{seat}}}'s Legacy pile ({c.points:+d} Legacy).", "loss"))
                events += self._pay(seat, c.value, None)
            else:
                kind = "gain" if c.points > 0 else "loss"
                events.append(Event(f"{c.name} goes to {{p{seat}}}'s Legacy pile ({c.points:+d} Legacy).", kind))
        else:
            self.business_discard.append(card)
        if self.out[seat]:
            return events  # bankrupt by the card itself: the rest of the turn is lost
        for eff in reversed(effects):
            self.stack.append(["effect", eff, card])
        return events

    # player decisions
    def _do_dice(self, seat: int, n: int) -> list[Event]:
        self.stack[-1] = ["move", n]
        return [Event(f"{{p{seat}}} speculates with {n} {'die' if n == 1 else 'dice'}.", "info")]

    def _do_bonus(self, seat: int, choice: str) -> list[Event]:
        self.stack.pop()
        if choice == "cash":
            self._gain(seat, START_BONUS)
            return [Event(f"{{p{seat}}} passes Start and takes {money(START_BONUS)}.", "gain")]
        self.stack.append(["legacy"])
        return [Event(f"{{p{seat}}} passes Start and draws a Legacy card.", "info")]

    def _do_buy(self, seat: int) -> list[Event]:
        self.stack.pop()
        card = LEGACY[self.offer]
        self.money[seat] -= card.value
        self.bank += card.value
        self.philanthropy[seat].append(self.offer)
        self.offer = None
        events = [Event(f"{{p{seat}}} buys {card.name} for {money(card.value)} (+{card.value} Legacy).", "loss")]
        if not self.legacy_left():
            self.over, self.ended_by, self.stack = True, "legacy", []
            events.append(Event("The Legacy deck is empty: the game ends. Final scoring.", "endgame"))
        return events

    def _do_bottom(self, seat: int) -> list[Event]:
        self.stack.pop()
        card = LEGACY[self.offer]
        self.legacy_bottom.append(self.offer)
        self.offer = None
        return [Event(f"{{p{seat}}} puts {card.name} on the bottom of the Legacy deck.", "info")]

    def _do_invest(self, seat: int) -> list[Event]:
        space = self.stack[-1][1]
        self._take_money(seat, MARKER_COST)
        self._place(seat, space)
        self.stack.pop()  # option 1 ends the investment
        return [Event(f"{{p{seat}}} pays {money(MARKER_COST)} for a control marker on {space_name(space)}.", "loss")]

    def _do_takeover(self, seat: int, victim: int) -> list[Event]:
        f = self.stack[-1]
        space = f[1]
        self._take_money(seat, TAKEOVER_COST)
        self._remove(victim, space)
        self._place(seat, space)
        f[2] = 1
        if self._invest_actions(seat, space, 1) == [Action("stop", seat, ())]:
            self.stack.pop()  # nothing more can be done here
        return [Event(f"{{p{seat}}} pays {money(TAKEOVER_COST)} to replace a marker of {{p{victim}}} on "
                      f"{space_name(space)}.", "loss")]

    def _do_stop(self, seat: int) -> list[Event]:
        f = self.stack.pop()
        if f[2]:
            return []
        return [Event(f"{{p{seat}}} does not invest in {space_name(f[1])}.", "info")]

    def _do_target(self, seat: int, target: int) -> list[Event]:
        f = self.stack.pop()
        return self._targeted(seat, f[1], f[2], target)

    def _targeted(self, seat: int, effect: str, card: str, target: int) -> list[Event]:
        name = BUSINESS[card].name
        if effect == "target_scandal":
            self.in_play = None
            self.business_pile[target].append(card)
            return [Event(f"{{p{seat}}} gives {name} to {{p{target}}}: a scandal ({BUSINESS[card].points:+d} "
                          "Legacy).", "info")]
        purpose = "target_lose" if effect == "target_lose_d6" else "target_steal"
        self.stack.append(["die", purpose, target])
        return [Event(f"{{p{seat}}} targets {{p{target}}} with {name}.", "info")]

    def _do_place(self, seat: int, space: int) -> list[Event]:
        f = self.stack.pop()
        self._place(seat, space)
        what = {"demand": "Demand", "production": "Production", "anti_trust": "Anti-Trust Act"}[f[1]]
        return [Event(f"{what}: {{p{seat}}} places a control marker on {space_name(space)}.", "info")]

    def _do_monopolize(self, seat: int, space: int, victim: int) -> list[Event]:
        self.stack.pop()
        self._remove(victim, space)
        self._place(seat, space)
        return [Event(f"Monopolize: {{p{seat}}} replaces a marker of {{p{victim}}} on {space_name(space)}.", "info")]

    def _do_goto(self, seat: int, space: int) -> list[Event]:
        self.stack.pop()
        steps = (space - self.pos[seat]) % BOARD_SIZE
        # decision: card moves go forward (clockwise), so they pass Start like any move
        return self._move(seat, steps)

    # automatic frames
    def _frame_turn(self) -> list[Event]:
        seat = self.current
        events: list[Event] = []
        if self.out[seat]:
            # "reenter the game on a later turn just as if you were starting a new game"
            self.out[seat] = False
            self.pos[seat] = 0
            self._gain(seat, START_MONEY)
            events.append(Event(f"{{p{seat}}} re-enters the game with {money(START_MONEY)} on Start.", "setup"))
        self.stack.append(["dice"])
        if self.frozen[seat]:
            self.frozen[seat] -= 1
            return events + [Event(f"{{p{seat}}} collects no revenue this turn.", "info")]
        income = self.revenue(seat)
        if income:
            self._gain(seat, income)
            events.append(Event(f"Revenue: {{p{seat}}} collects {money(income)}.", "gain"))
        return events

    def _frame_end(self) -> list[Event]:
        seat = self.current
        if self.extra and not self.out[seat]:
            self.extra -= 1
            self.stack += [["end"], ["dice"]]
            return [Event(f"{{p{seat}}} takes an extra speculation phase.", "info")]
        self.extra = 0
        self.turns += 1
        self.current = (seat + 1) % self.players
        events: list[Event] = []
        if self.current == self.first:
            if self.turn_limit and self.turns >= self.turn_limit:
                self.over, self.ended_by, self.stack = True, "turns", []
                return [Event(f"The turn limit ({self.turn_limit}) is reached at the end of round {self.round}. "
                              "Final scoring.", "endgame")]
            self.round += 1
        self.stack += [["end"], ["turn"]]
        return events

    def _frame_land(self) -> list[Event]:
        seat = self.current
        pos = self.pos[seat]
        victims = [s for s in self.opponents(seat) if self.pos[s] == pos]
        if victims:
            # decision: every opponent on the space is fleeced; the space itself is not resolved
            events: list[Event] = []
            for v in victims:
                events.append(Event(f"{{p{seat}}} lands on {{p{v}}} and fleeces them.", "info"))
                events += self._pay(v, FLEECE, seat)
            self.stack.append(["fleece"])
            return events
        space = SPACES[pos]
        if space.kind == "legacy":
            if self.legacy_left():
                self.stack.append(["legacy"])
        elif space.kind == "business":
            return self._push_business()
        elif space.kind == "industry":
            if len(self._invest_actions(seat, pos, 0)) > 1:
                self.stack.append(["invest", pos, 0])
            else:
                return [Event(f"{{p{seat}}} cannot invest in {space_name(pos)}.", "info")]
        return []

    def _push_business(self) -> list[Event]:
        events: list[Event] = []
        if not self.business_deck:
            self.business_deck = sorted(self.business_discard)
            self.business_discard = []
            events.append(Event("The Business deck is empty: the discards are shuffled into a new deck.", "info"))
        if self.business_deck:
            self.stack.append(["business"])
        return events

    def _frame_effect(self, effect: str, card: str) -> list[Event]:
        seat = self.current
        name = BUSINESS[card].name
        if effect == "income_tax":
            events = []
            for s in self._round_from(seat):
                tax = self.money[s] // 10  # decision: 10% rounded down to whole $ millions
                self._take_money(s, tax)
                events.append(Event(f"{{p{s}}} pays {money(tax)} income tax.", "loss"))
            return events
        if effect == "estate_tax":
            tax = self.money[seat] // 10
            self._take_money(seat, tax)
            return [Event(f"{{p{seat}}} pays {money(tax)} estate tax.", "loss")]
        if effect in ("gain_d6", "lose_d6", "all_lose_d6"):
            # decision: "All Players lose 1D6" is one roll that every player pays
            self.stack.append(["die", {"gain_d6": "gain", "lose_d6": "lose", "all_lose_d6": "all_lose"}[effect], -1])
            return []
        if effect == "risky_venture":
            self.stack.append(["venture"])
            return []
        if effect == "freeze_revenue":
            # decision: not cumulative; a second freeze restarts everyone's count at 2 turns
            self.frozen = [FREEZE_TURNS] * self.players
            return [Event(f"{name}: no one collects revenue on their next {FREEZE_TURNS} turns.", "info")]
        if effect == "extra_speculation":
            self.extra += EXTRA_PHASES
            return [Event(f"{{p{seat}}} gains {EXTRA_PHASES} extra speculation phases.", "info")]
        if effect in ("demand", "production", "anti_trust"):
            if self._place_spaces(seat, effect):
                self.stack.append(["place", effect])
                return []
            return [Event(f"{name}: {{p{seat}}} has no space where it can take effect.", "info")]
        if effect == "monopolize":
            if self._monopolize_targets(seat):
                self.stack.append(["monopolize"])
                return []
            return [Event(f"{name}: there is no opponent's control marker to replace.", "info")]
        if effect in ("target_lose_d6", "target_steal_d6", "target_scandal"):
            opponents = self.opponents(seat)
            if not opponents:
                if effect == "target_scandal":
                    self.business_discard.append(card)
                    self.in_play = None
                return [Event(f"{name}: there is no opponent to target.", "info")]
            if len(opponents) == 1:  # a single possible target needs no decision
                return self._targeted(seat, effect, card, opponents[0])
            self.stack.append(["target", effect, card])
            return []
        if effect == "collect_2_from_all":
            events = []
            for s in self.opponents(seat):
                events += self._pay(s, BLACK_FRIDAY, seat)
            return events
        if effect == "business_plan":
            self.stack.append(["goto", "any"])
            return []
        if effect.startswith("goto_"):
            self.stack.append(["goto", effect[5:]])
            return []
        raise AssertionError(f"unknown effect {effect}")

    # -- money and markers ------------------------------------------------------------------------
    def _round_from(self, seat: int) -> list[int]:
        """Active seats in turn order starting with `seat`."""
        return [(seat + i) % self.players for i in range(self.players) if not self.out[(seat + i) % self.players]]

    def _gain(self, seat: int, amount: int) -> None:
        self.money[seat] += amount
        self.bank -= amount

    def _take_money(self, seat: int, amount: int) -> None:
        self.money[seat] -= amount
        self.bank += amount

    def _place(self, seat: int, space: int) -> None:
        self.markers[space][seat] += 1
        self.supply[seat] -= 1

    def _remove(self, seat: int, space: int) -> None:
        self.markers[space][seat] -= 1
        self.supply[seat] += 1

    def _move(self, seat: int, steps: int) -> list[Event]:
        old = self.pos[seat]
        new = (old + steps) % BOARD_SIZE
        self.pos[seat] = new
        self.stack.append(["land"])
        events = [Event(f"{{p{seat}}} moves to {space_name(new)}.", "move")]
        if old + steps >= BOARD_SIZE:
            self.stack.append(["bonus"])  # resolved before the space landed on
        return events

    def _sale_order(self, seat: int) -> int:
        """The space whose marker costs `seat` the least revenue to sell (lowest number on ties).

        decision: markers are sold automatically, cheapest first, and only as many as needed."""
        base = self.revenue(seat)
        best, best_loss = -1, None
        for sp in self.investments(seat):
            self.markers[sp][seat] -= 1
            loss = base - self.revenue(seat)
            self.markers[sp][seat] += 1
            if best_loss is None or loss < best_loss:
                best, best_loss = sp, loss
        return best

    def _pay(self, seat: int, amount: int, to: int | None = None) -> list[Event]:
        """`seat` pays `amount` to seat `to` (None: the Bank), selling control markers first if
        short, and going bankrupt if even that is not enough (the creditor gets what there is)."""
        events: list[Event] = []
        sold = 0
        while self.money[seat] < amount and self.investments(seat):
            sp = self._sale_order(seat)
            self._remove(seat, sp)
            self._gain(seat, MARKER_SALE)
            sold += 1
        if sold:
            events.append(Event(f"{{p{seat}}} sells {sold} control marker{'s' if sold > 1 else ''} to the Bank "
                                f"for {money(sold * MARKER_SALE)}.", "loss"))
        paid = min(amount, self.money[seat])
        self._take_money(seat, paid)
        if to is not None:
            self._gain(to, paid)
            events.append(Event(f"{{p{seat}}} pays {money(paid)} to {{p{to}}}.", "loss"))
        else:
            events.append(Event(f"{{p{seat}}} loses {money(paid)}.", "loss"))
        if paid < amount:
            events += self._bankrupt(seat)
        return events

    def _bankrupt(self, seat: int) -> list[Event]:
        self.out[seat] = True
        self.pos[seat] = None
        self.bankruptcies += 1
        # "Shuffle your Legacy cards back into the Legacy deck": the whole deck is reshuffled, so the
        # cards put on the bottom lose their place too.
        self.legacy_deck = sorted(self.legacy_deck + self.legacy_bottom + self.philanthropy[seat])
        self.legacy_bottom = []
        # decision: Business cards in the pile (legacies, scandals) go to the Business discard
        self.business_discard += self.business_pile[seat]
        self.philanthropy[seat] = []
        self.business_pile[seat] = []
        if seat == self.current:
            # the rest of the bankrupt player's turn is lost: drop every frame above the turn's end
            while self.stack[-1][0] != "end":
                self.stack.pop()
            self.extra = 0
            if self.in_play:
                self.business_discard.append(self.in_play)
                self.in_play = None
        return [Event(f"{{p{seat}}} is bankrupt and out of the game; their Legacy cards are shuffled back "
                      "into the Legacy deck. They may re-enter on their next turn.", "endgame")]

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

    def label(self, action: Action) -> str:
        k, seat, a = action
        if k == "dice":
            return f"Roll {a[0]} {'die' if a[0] == 1 else 'dice'}"
        if k == "bonus":
            return f"Take {money(START_BONUS)}" if a[0] == "cash" else "Draw a Legacy card"
        if k == "buy":
            c = LEGACY[self.offer] if self.offer else None
            return f"Buy {c.name} for {money(c.value)}" if c else "Buy the Legacy card"
        if k == "bottom":
            return "Put it on the bottom of the Legacy deck"
        if k == "invest":
            return f"Option 1: a control marker for {money(MARKER_COST)}"
        if k == "takeover":
            return f"Option 2: replace a marker of {seat_ref(a[0])} for {money(TAKEOVER_COST)}"
        if k == "stop":
            return "Do nothing more here" if self.stack and self.stack[-1][0] == "invest" and self.stack[-1][2] \
                else "Option 3: do nothing"
        if k == "target":
            return f"Target {seat_ref(a[0])}"
        if k == "place":
            return f"Place a control marker on {space_name(a[0])}"
        if k == "monopolize":
            return f"Replace a marker of {seat_ref(a[1])} on {space_name(a[0])}"
        if k == "goto":
            return f"Go to {space_name(a[0])}"
        if k == "first_roll":
            return f"{{p{a[0]}}} rolls {a[1]}"
        if k == "roll":
            return f"Roll {' + '.join(map(str, a))}"
        if k in ("die",):
            return f"Roll {a[0]}"
        if k == "venture":
            return f"Roll {a[0]} and {a[1]}"
        if k == "draw_legacy":
            return f"Draw {LEGACY[a[0]].name}"
        if k == "draw_business":
            return f"Draw {BUSINESS[a[0]].name}"
        return str(action)

    # -- end ------------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        breakdown = [self.legacy_points(s) for s in range(self.players)]
        scores = [sum(b.values()) for b in breakdown]
        # decision: equal Legacy points are settled by money; equal on both share the victory.
        # decision: a player who is out at the end (bankrupt and not yet back) ranks below every
        # player still in, whatever the scores: an empty pile is not a score of 0 that could win
        in_game = [0 if out else 1 for out in self.out]
        return Outcome.from_scores(scores, breakdown, tiebreak=list(self.money), tie_rule="most money",
                                   standing=in_game)

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
