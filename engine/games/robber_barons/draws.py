"""Every roll and draw of Robber Barons as a CHANCE decision (ARCHITECTURE §2): the roll for first
player, the speculation roll, a die (fleecing, a Business card's 1D6), the risky venture's two
dice, and the Legacy and Business cards drawn. A mixin of RobberBaronsState.

The chance frames: ["first", seats, rolls], ["move", dice], ["fleece"], ["die", purpose, target],
["venture"], ["legacy"], ["business"].
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial

from engine.core.contract import CHANCE, Action, Event
from engine.games.robber_barons.data import BUSINESS, BUSINESS_IDS, LEGACY, LEGACY_IDS
from engine.games.robber_barons.words import money

CHANCE_FRAMES = frozenset(("first", "move", "fleece", "die", "venture", "legacy", "business"))


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
VENTURE_OUTCOMES = [(Action("venture", CHANCE, (a, b)), 1) for a in range(1, 7) for b in range(1, 7)]


class ChanceDraws:
    __slots__ = ()

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


    def _chance_is_legal(self, action: Action) -> bool:
        """A direct check of a chance outcome: building every outcome to test one is the hot path."""
        kind, _seat, args = action
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
        self.stack.append(["end"])
        self.begin_next_phase(after="setup")   # the first player's turn
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
