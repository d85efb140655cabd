"""The Speculation phase (rules, "Speculation"): the dice chosen (1, 2 or 3) and rolled, the pawn
moved, the Start bonus when it passes Start ($1M or a Legacy card), what the space it lands on
leads to (fleecing, a Legacy card, a Business card, an industry to invest in), and the end of the
turn: an extra speculation phase, the next player, the end of a round and the turn limit.
A mixin of RobberBaronsState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.games.robber_barons.data import BOARD_SIZE, RULES, SPACES
from engine.games.robber_barons.words import money, space_name

START_BONUS = RULES["start_bonus"]
FLEECE = RULES["fleece"]
DICE_CHOICES = [[Action("dice", seat, (n,)) for n in (1, 2, 3)] for seat in range(8)]


class SpeculationRules:
    __slots__ = ()

    def _choices_dice(self, seat: int) -> list[Action]:
        return list(DICE_CHOICES[seat])

    def _do_dice(self, seat: int, n: int) -> list[Event]:
        self.stack[-1] = ["move", n]
        return [Event(f"{{p{seat}}} speculates with {n} {'die' if n == 1 else 'dice'}.", "info")]

    def _why_dice(self, action: Action) -> str | None:
        return self._not_now(action) or "Roll 1, 2 or 3 dice."

    def _move(self, seat: int, steps: int) -> list[Event]:
        old = self.pos[seat]
        new = (old + steps) % BOARD_SIZE
        self.pos[seat] = new
        self.stack.append(["land"])
        events = [Event(f"{{p{seat}}} moves to {space_name(new)}.", "move")]
        if old + steps >= BOARD_SIZE:
            self.stack.append(["bonus"])  # resolved before the space landed on
        return events

    def _choices_bonus(self, seat: int) -> list[Action]:
        acts = [Action("bonus", seat, ("cash",))]
        if self.legacy_left():
            acts.append(Action("bonus", seat, ("legacy",)))
        return acts

    def _do_bonus(self, seat: int, choice: str) -> list[Event]:
        self.stack.pop()
        if choice == "cash":
            self._gain(seat, START_BONUS)
            return [Event(f"{{p{seat}}} passes Start and takes {money(START_BONUS)}.", "gain")]
        self.stack.append(["legacy"])
        return [Event(f"{{p{seat}}} passes Start and draws a Legacy card.", "info")]

    def _why_bonus(self, action: Action) -> str | None:
        return self._not_now(action) or self._why_space(action)

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

    def _frame_end(self) -> list[Event]:
        seat = self.current
        if self.extra and not self.out[seat]:
            self.extra -= 1
            self.stack.append(["end"])
            self.repeat_phase()
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
        # the next player's turn begins with the phase that follows this one (round.py: Revenue)
        self.stack.append(["end"])
        self.begin_next_phase()
        return events
