"""The Legacy deck (rules, "Legacy Cards"): a Legacy card drawn is bought at its value or put on
the bottom of the deck, and the game ends when the last one is bought; a player's Legacy pile
(the cards bought and the Business cards kept) is what scores. A mixin of RobberBaronsState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.games.robber_barons.data import BUSINESS, LEGACY
from engine.games.robber_barons.words import money


class LegacyRules:
    __slots__ = ()

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

    def _choices_offer(self, seat: int) -> list[Action]:
        acts = [Action("bottom", seat, ())]
        if self.money[seat] >= LEGACY[self.offer].value:
            acts.insert(0, Action("buy", seat, ()))
        return acts

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

    def _why_offer(self, action: Action) -> str | None:
        if action.kind == "buy":
            mover = action.seat
            return f"{LEGACY[self.offer].name} costs ${LEGACY[self.offer].value}M; you have ${self.money[mover]}M."
        return self._not_now(action) or self._why_space(action)
