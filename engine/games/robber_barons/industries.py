"""Investing in an industry, where the pawn lands on an industry space (rules, "Industry
Spaces"): Option 1, a control marker from the Bank; Option 2, replacing an opponent's marker
(repeatable); Option 3, nothing. And the control markers placed and removed. A mixin of
RobberBaronsState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.games.robber_barons.data import RULES
from engine.games.robber_barons.words import money, space_name

MARKER_COST = RULES["marker_cost"]
TAKEOVER_COST = RULES["takeover_cost"]


class IndustryRules:
    __slots__ = ()

    def _choices_invest(self, seat: int, space: int, took: int) -> list[Action]:
        return self._invest_actions(seat, space, took)

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

    def _why_invest(self, action: Action) -> str | None:
        if action.kind not in ("invest", "takeover"):
            return self._not_now(action) or self._why_space(action)
        mover, f, args = action.seat, self.stack[-1], action.args
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

    def _place(self, seat: int, space: int) -> None:
        self.markers[space][seat] += 1
        self.supply[seat] -= 1

    def _remove(self, seat: int, space: int) -> None:
        self.markers[space][seat] -= 1
        self.supply[seat] += 1
