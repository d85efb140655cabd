"""A tiny game with hidden information and no agents of its own, for testing the generic AI parts.

Hidden Nim: chance sets a public pile of 7–12 stones and deals each seat a secret bonus 0–3.
Seats take 1–3 stones in turn; whoever takes the last stone scores 10; everyone adds their bonus.
"""

from __future__ import annotations

from engine.core.contract import CHANCE, TERMINAL, Action, Event, GameSpec, Outcome, State


class ToyState(State):
    def __init__(self, players: int, pile: int = -1, bonus=None, turn: int = 0, winner: int = -1):
        self.players = players
        self.pile = pile
        self.bonus = list(bonus) if bonus is not None else []
        self.turn = turn
        self.winner = winner

    @classmethod
    def new(cls, spec, players, options):
        return cls(players)

    def to_data(self):
        return {"players": self.players, "pile": self.pile, "bonus": list(self.bonus), "turn": self.turn,
                "winner": self.winner}

    @classmethod
    def from_data(cls, spec, data):
        return cls(data["players"], data["pile"], data["bonus"], data["turn"], data["winner"])

    def to_move(self):
        if self.pile < 0 or len(self.bonus) < self.players:
            return CHANCE
        if self.pile == 0:
            return TERMINAL
        return self.turn

    def legal_actions(self, seat=None):
        mover = self.to_move()
        if seat is None:
            seat = mover
        if mover < 0 or seat != mover:
            return []
        return [Action("take", seat, (k,)) for k in range(1, min(3, self.pile) + 1)]

    def chance_outcomes(self):
        if self.pile < 0:
            return [(Action("pile", CHANCE, (n,)), 1) for n in range(7, 13)]
        return [(Action("bonus", CHANCE, (b,)), 1) for b in range(4)]

    def _apply(self, action):
        if action.kind == "pile":
            self.pile = action.args[0]
            return [Event(f"The pile has {self.pile} stones.")]
        if action.kind == "bonus":
            self.bonus.append(action.args[0])
            return []
        self.pile -= action.args[0]
        if self.pile == 0:
            self.winner = action.seat
        self.turn = (self.turn + 1) % self.players
        return [Event(f"{{p{action.seat}}} takes {action.args[0]}.")]

    def view(self, seat):
        return {"pile": self.pile, "turn": self.turn, "winner": self.winner,
                "bonus": [b if i == seat else None for i, b in enumerate(self.bonus)]}

    def determinize(self, seat, rng):
        bonus = [b if i == seat else rng.randbelow(4) for i, b in enumerate(self.bonus)]
        return ToyState(self.players, self.pile, bonus, self.turn, self.winner)

    def outcome(self):
        if self.to_move() != TERMINAL:
            return None
        scores = [b + (10 if i == self.winner else 0) for i, b in enumerate(self.bonus)]
        return Outcome.from_scores(scores, [{"bonus": b} for b in self.bonus])


SPEC = GameSpec("toy-nim", "Hidden Nim", "A test game.", 2, 4, 1, ToyState)
ToyState.spec = SPEC
