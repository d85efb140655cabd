"""Every draw of Captains of Industry as a CHANCE decision (ARCHITECTURE §2): the Captain cards dealt at
set-up, the first turn order, a Captain card drawn in Market Manipulation, and the Progress cards
drawn at each round's end (the sixth City card ends the Age). The Captain deck is a multiset, so
each draw is a chance outcome and no order is hidden. A mixin of CaptainsState."""

from __future__ import annotations

from itertools import permutations

from engine.core.contract import CHANCE, Action, Event
from engine.games.captains_of_industry.data import CAPTAINS, CITY_CARDS, COUNTRY_CARDS

CHANCE_FRAMES = frozenset(("deal", "first_order", "captain", "progress"))
_DEAL_ACTIONS = [{c: Action("deal", CHANCE, (seat, c)) for c in CAPTAINS} for seat in range(5)]
_DRAW_ACTIONS = [{c: Action("draw_captain", CHANCE, (seat, c)) for c in CAPTAINS} for seat in range(5)]
_PROGRESS_ACTIONS = {card: Action("progress", CHANCE, (card,)) for card in ("city", "country")}
"""The chance outcomes of Captain and Progress draws, made once."""


class ChanceDraws:
    __slots__ = ()

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        f = self.stack[-1]
        kind = f[0]
        if kind in ("deal", "captain"):
            counts: dict[str, int] = {}
            for c in self.captain_deck:
                counts[c] = counts.get(c, 0) + 1
            made = _DEAL_ACTIONS[f[1][0]] if kind == "deal" else _DRAW_ACTIONS[self.current]
            return [(made[c], n) for c, n in counts.items()]
        if kind == "first_order":
            return [(Action("first_order", CHANCE, p), 1) for p in permutations(range(self.players))]
        if kind == "progress":
            outs = []
            if CITY_CARDS - self.cities:
                outs.append((_PROGRESS_ACTIONS["city"], CITY_CARDS - self.cities))
            if COUNTRY_CARDS - self.country_out:
                outs.append((_PROGRESS_ACTIONS["country"], COUNTRY_CARDS - self.country_out))
            return outs
        raise AssertionError(f"no chance at frame {kind}")

    def _chance_is_legal(self, kind: str, args: tuple) -> bool:
        """Whether a chance outcome is one of `chance_outcomes`, checked by the rule of each draw
        (the apply of every chance outcome would otherwise build all of them again)."""
        if self.over:
            return False
        frame = self.stack[-1]
        if frame[0] == "deal":
            return kind == "deal" and len(args) == 2 and args[0] == frame[1][0] and args[1] in self.captain_deck
        if frame[0] == "captain":
            return (kind == "draw_captain" and len(args) == 2 and args[0] == self.current
                    and args[1] in self.captain_deck)
        if frame[0] == "first_order":
            return (kind == "first_order" and len(args) == self.players
                    and set(args) == set(range(self.players)))
        if frame[0] == "progress":
            return kind == "progress" and len(args) == 1 and (
                (args[0] == "city" and CITY_CARDS > self.cities)
                or (args[0] == "country" and COUNTRY_CARDS > self.country_out))
        return False

    def _do_deal(self, _chance, seat: int, card: str) -> list[Event]:
        f = self.stack[-1]
        f[1].pop(0)
        if not f[1]:
            self.stack.pop()
        self._to_hand(seat, card)
        return [Event(f"{{p{seat}}} is dealt {CAPTAINS[card].name}.", "card", seat,
                      f"{{p{seat}}} is dealt a Captain card.")]

    def _to_hand(self, seat: int, card: str) -> None:
        self.captain_deck.remove(card)
        self.hands[seat].append(card)
        self.hands[seat].sort()

    def _do_first_order(self, _chance, *order: int) -> list[Event]:
        self.stack.pop()
        self.order = list(order)
        names = ", ".join(f"{{p{s}}}" for s in order)
        return [Event(f"Turn order for the first round: {names}.", "setup")]

    def _do_draw_captain(self, _chance, seat: int, card: str) -> list[Event]:
        self.stack.pop()
        self._to_hand(seat, card)
        return [Event(f"{{p{seat}}} draws {CAPTAINS[card].name}.", "card", seat,
                      f"{{p{seat}}} draws a Captain card.")]

    def _do_progress(self, _chance, card: str) -> list[Event]:
        f = self.stack.pop()
        if card == "city":
            self.cities += 1
            events = [Event(f"Progress: a City card ({self.cities} of {CITY_CARDS}).", "progress")]
            if self.cities == CITY_CARDS:   # drawing stops at the sixth City (R5)
                self.country_out = 0
                self.begin_next_phase(after="progress")
                return events + [Event(f"The sixth City card ends Age {self.age}.", "endgame")]
        else:
            self.country_out += 1
            events = [Event("Progress: a Country card (no effect, R4).", "progress")]
        if f[1] > 1:
            self.stack.append([f[0], f[1] - 1])   # the next of the round's draws
        else:
            self.country_out = 0   # Country cards are shuffled back after the round's draws
            self._next_round(after="progress")
        return events
