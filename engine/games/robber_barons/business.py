"""Business cards (rules, "Business Cards"): each card's effects, resolved one frame at a time —
taxes, a die to gain or lose by, the risky venture, frozen revenue, extra speculation phases, a
control marker placed (Demand, Production, Anti-Trust Act) or taken over (Monopolize), a target
opponent, Black Friday, a move to a space — and the choices and refusals of the decisions they
ask for. A mixin of RobberBaronsState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.games.robber_barons.data import BOARD_SIZE, BUSINESS, GROUPS, INDUSTRY_SPACES
from engine.games.robber_barons.words import DECISION_WORDS, GOTO_WORDS, money, space_name

FREEZE_TURNS = 2
EXTRA_PHASES = 2
BLACK_FRIDAY = 2
ARGUMENTS = {"dice": 1, "target": 1, "place": 1, "monopolize": 2, "goto": 1}
"""How many arguments the action answering each decision frame takes (others: none)."""


class BusinessRules:
    __slots__ = ()

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

    def _choices_target(self, seat: int, *_effect_card) -> list[Action]:
        return [Action("target", seat, (t,)) for t in self.opponents(seat)]

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

    def _choices_place(self, seat: int, purpose: str) -> list[Action]:
        return [Action("place", seat, (sp,)) for sp in self._place_spaces(seat, purpose)]

    def _place_spaces(self, seat: int, purpose: str) -> list[int]:
        if self.supply[seat] <= 0:
            return []
        if purpose == "demand":
            return self.trusts(seat)
        if purpose == "production":
            return [sp for sp in self.investments(seat) if not self.is_trust(sp, seat)]
        # anti_trust: an opponent's Trust
        return [sp for sp in INDUSTRY_SPACES if any(self.is_trust(sp, o) for o in range(self.players) if o != seat)]

    def _do_place(self, seat: int, space: int) -> list[Event]:
        f = self.stack.pop()
        self._place(seat, space)
        what = {"demand": "Demand", "production": "Production", "anti_trust": "Anti-Trust Act"}[f[1]]
        return [Event(f"{what}: {{p{seat}}} places a control marker on {space_name(space)}.", "info")]

    def _choices_monopolize(self, seat: int) -> list[Action]:
        return [Action("monopolize", seat, (sp, v)) for sp, v in self._monopolize_targets(seat)]

    def _monopolize_targets(self, seat: int) -> list[tuple[int, int]]:
        if self.supply[seat] <= 0:
            return []
        return [(sp, v) for sp in INDUSTRY_SPACES for v in range(self.players)
                if v != seat and self.markers[sp][v] > 0]

    def _do_monopolize(self, seat: int, space: int, victim: int) -> list[Event]:
        self.stack.pop()
        self._remove(victim, space)
        self._place(seat, space)
        return [Event(f"Monopolize: {{p{seat}}} replaces a marker of {{p{victim}}} on {space_name(space)}.", "info")]

    def _choices_goto(self, seat: int, group: str) -> list[Action]:
        return [Action("goto", seat, (sp,)) for sp in self._goto_spaces(seat, group)]

    def _goto_spaces(self, seat: int, group: str) -> list[int]:
        spaces = range(BOARD_SIZE) if group == "any" else GROUPS[group]
        return [sp for sp in spaces if sp != self.pos[seat]]

    def _do_goto(self, seat: int, space: int) -> list[Event]:
        self.stack.pop()
        steps = (space - self.pos[seat]) % BOARD_SIZE
        # decision: card moves go forward (clockwise), so they pass Start like any move
        return self._move(seat, steps)

    # -- refusals: what the decision frame asks, and why a space or a seat is not one of them ------
    def _not_now(self, action: Action) -> str | None:
        """The refusal of an action of another kind (or shape) than the frame on top asks for."""
        kind = self.stack[-1][0]
        if action.kind != kind or len(action.args) != ARGUMENTS.get(kind, 0):
            return f"Not now: you must {DECISION_WORDS[kind]}."
        return None

    def _why_target(self, action: Action) -> str | None:
        problem = self._not_now(action)
        if problem:
            return problem
        target, mover = action.args[0], action.seat
        if target == mover:
            return "Choose an opponent, not yourself."
        if 0 <= target < self.players and self.out[target]:
            return f"{{p{target}}} is out of the game."
        return "Choose one of your opponents."

    def _why_place(self, action: Action) -> str | None:
        return self._not_now(action) or self._why_space(action)

    _why_monopolize = _why_goto = _why_place

    def _why_space(self, action: Action) -> str:
        """Why the space (and the opponent) an action names is not one the frame on top takes."""
        f, mover, args = self.stack[-1], action.seat, action.args
        space = args[0]
        if not 0 <= space < BOARD_SIZE:
            return "There is no such space."
        if f[0] == "goto":
            if space == self.pos[mover]:
                return "You are on that space already: choose another."
            return f"The card sends you to {GOTO_WORDS[f[1]]}; {space_name(space)} is not one."
        if self.supply[mover] <= 0:
            return "You have no control markers left."
        if f[0] == "place":
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
