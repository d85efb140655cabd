"""The Revenue phase, the first of a turn (rules, "Revenue"): a player collects for every control
marker on the board, every Trust (all the markers of an industry space), every Monopoly (Trusts
on every space of a Major industry) and Great Monopoly, unless a card froze their revenue; a
bankrupt player re-enters here. Collected without a decision, then the Speculation phase begins.
A mixin of RobberBaronsState."""

from __future__ import annotations

from engine.core.contract import Event
from engine.games.robber_barons.data import (
    INDUSTRIES,
    INDUSTRY_CLASS,
    INDUSTRY_SPACES,
    MARKERS_PER_PLAYER,
    REVENUE,
    SPACES,
    START_MONEY,
)
from engine.games.robber_barons.words import money

MAJORS = tuple(sp for name, sp in INDUSTRIES.items() if INDUSTRY_CLASS[name] == "major")
GREATS = tuple(sp for name, sp in INDUSTRIES.items() if INDUSTRY_CLASS[name] == "great")


class RevenueRules:
    __slots__ = ()

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


    def _frame_turn(self) -> list[Event]:
        seat = self.current
        events: list[Event] = []
        if self.out[seat]:
            # "reenter the game on a later turn just as if you were starting a new game"
            self.out[seat] = False
            self.pos[seat] = 0
            self._gain(seat, START_MONEY)
            events.append(Event(f"{{p{seat}}} re-enters the game with {money(START_MONEY)} on Start.", "setup"))
        self.begin_next_phase(after="revenue")   # Speculation follows, collected or not
        if self.frozen[seat]:
            self.frozen[seat] -= 1
            return events + [Event(f"{{p{seat}}} collects no revenue this turn.", "info")]
        income = self.revenue(seat)
        if income:
            self._gain(seat, income)
            events.append(Event(f"Revenue: {{p{seat}}} collects {money(income)}.", "gain"))
        return events
