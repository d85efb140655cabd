"""A tiny game used only by the save tests ("toy-race"): players race to 15 steps.

It exists so the save system can be tested against a second registered game (a save of another
game, an unknown game) independently of the real games. It has a set-up chance decision
(`start_player`), player decisions (`step` 1 or 2), and a chance `gust` after a long step that may
push the mover one step further, so logs mix chance and player decisions like a real game.
"""

from __future__ import annotations

from engine.core.contract import CHANCE, TERMINAL, Action, Event, GameSpec, Option, Outcome, State

GOAL = 15


class ToyState(State):
    def __init__(self, players: int, options: dict):
        self.players = players
        self.options = dict(options)
        self.pos = [0] * players
        self.turn = -1  # -1: start player not drawn yet
        self.pending_gust = False

    @classmethod
    def new(cls, spec, players, options):
        return cls(players, options)

    def to_data(self) -> dict:
        return {"players": self.players, "options": self.options, "pos": list(self.pos),
                "turn": self.turn, "gust": self.pending_gust}

    @classmethod
    def from_data(cls, spec, data):
        s = cls(data["players"], data["options"])
        s.pos = list(data["pos"])
        s.turn = data["turn"]
        s.pending_gust = data["gust"]
        return s

    def copy(self):
        s = ToyState(self.players, self.options)
        s.pos = list(self.pos)
        s.turn = self.turn
        s.pending_gust = self.pending_gust
        return s

    def _goal(self) -> int:
        return self.options.get("goal", GOAL)

    def to_move(self) -> int:
        if max(self.pos) >= self._goal():
            return TERMINAL
        if self.turn < 0 or self.pending_gust:
            return CHANCE
        return self.turn

    def legal_actions(self, seat=None):
        mover = self.to_move()
        if seat is None:
            seat = mover
        if mover < 0 or seat != mover:
            return []
        return [Action("step", seat, (1,)), Action("step", seat, (2,))]

    def chance_outcomes(self):
        if self.turn < 0:
            return [(Action("start_player", CHANCE, (p,)), 1) for p in range(self.players)]
        return [(Action("gust", CHANCE, (0,)), 2), (Action("gust", CHANCE, (1,)), 1)]

    def _apply(self, action):
        if action.kind == "start_player":
            self.turn = action.args[0]
            return [Event(f"{{p{self.turn}}} starts.")]
        if action.kind == "step":
            self.pos[action.seat] += action.args[0]
            if action.args[0] == 2:  # a long step risks a gust; a short one just ends the turn
                self.pending_gust = True
            else:
                self.turn = (self.turn + 1) % self.players
            return [Event(f"{{p{action.seat}}} steps {action.args[0]}.")]
        # gust
        self.pending_gust = False
        self.pos[self.turn] += action.args[0]
        self.turn = (self.turn + 1) % self.players
        return [Event("A gust." if action.args[0] else "Calm.")]

    def view(self, seat):
        return self.to_data()

    def determinize(self, seat, rng):
        return self.copy()

    def outcome(self):
        if self.to_move() != TERMINAL:
            return None
        return Outcome.from_scores([float(p) for p in self.pos], [{"steps": float(p)} for p in self.pos])

    def score_track(self):
        return [float(p) for p in self.pos]


SPEC = GameSpec(
    id="toy-race", title="Toy Race", pitch="Race to the goal.", min_players=2, max_players=4,
    rules_version=1, state_class=ToyState,
    options=(Option("goal", "Goal", GOAL, minimum=1, maximum=100_000),),
)
ToyState.spec = SPEC
