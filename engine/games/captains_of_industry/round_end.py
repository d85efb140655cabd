"""The end of a turn and of a round: the next player on the Turn Order track; after the last, rent
for every Real Estate card, the new turn order (those who built Real Estate this round behind the
others, in reverse order of building), the round's Progress chip onto the track, and as many
Progress cards drawn as the printed draws and the chips say (draws.py); then the next round.
A mixin of CaptainsState."""

from __future__ import annotations

from engine.core.contract import Event
from engine.games.captains_of_industry.data import MAX_CHIPS, RULES


class RoundEndRules:
    __slots__ = ()

    def _frame_end_turn(self) -> list[Event]:
        self.turns += 1
        self.turn_pos += 1
        if self.turn_pos < len(self.order):
            self.repeat_phase()   # the next player's turn
            return []
        return self._round_end()

    def _round_end(self) -> list[Event]:
        events = [Event(f"End of round {self.round}.", "round")]
        for s in self.order:
            r = self.rent(s)
            if r:
                self.money[s] += r
                self.bank -= r
                events.append(Event(f"{{p{s}}} collects ${r} rent.", "gain"))
        if self.moved:
            # builders took the last free spaces of the Next Turn Order track, so their order is
            # reversed behind the players who stayed on the top track (rules)
            self.order = [s for s in self.order if s not in self.moved] + self.moved[::-1]
            names = ", ".join(f"{{p{s}}}" for s in self.order)
            events.append(Event(f"New turn order: {names}.", "round"))
        if self.wheel:
            self.wheel = False
            self.chips += 1
            events.append(Event(f"The Progress chip moves to the track ({self.chips} of {MAX_CHIPS}).", "progress"))
        draws = RULES["printed_draws"] + self.chips
        self.begin_next_phase(draws, after="turns")
        return events + [Event(f"{draws} Progress card{'s' if draws > 1 else ''} to draw.", "progress")]

    def _next_round(self, after: str) -> None:
        """The phase `after` ends the round (the Progress draws, or the end of an Age): the next
        round's turns begin, once the Age's end has passed if it does not come now."""
        self.round += 1
        self.turn_pos = 0
        self.moved = []
        self.begin_next_phase(after=after, skip_optional=True)
