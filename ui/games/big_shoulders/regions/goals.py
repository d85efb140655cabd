"""The Public Goals."""

from __future__ import annotations

from engine.games.big_shoulders.data import GOALS
from ui.games.big_shoulders.items import Label
from ui.games.big_shoulders.regions.geometry import HALF_W, RIGHT_W, RIGHT_X
from ui.games.big_shoulders.words import goal_forms


class GoalsRegion:
    """The Public Goals (a part of `BigShouldersScene`, which gives it the view, the names, the seat
    at the screen and the pool of pieces)."""

    @classmethod
    def goals_sizes(cls, view: dict) -> tuple[tuple[float, float], tuple[float, float]]:
        """The goals panel in one row, or half as wide in rows of two."""
        n = len(view.get("goals") or []) or 1
        return (RIGHT_W, 36 + 34 + 8.0), (HALF_W, 36 + -(-n // 2) * 38 + 4.0)

    def _show_goals(self, view: dict, top: float, half: bool = False) -> float:
        """The Public Goals in a row under the hands (the right column is the shorter one for most
        of a game), or (`half`) two to a row: each a number and a word or two, the whole goal in
        its tooltip."""
        goals = view.get("goals") or []
        w, h = self.goals_sizes(view)[1 if half else 0]
        self._panel("goals", "Public Goals", "$200 each to the best" if goals else "", RIGHT_X, top, w, h,
                    short=("Goals",), note_short=("$200 each",))
        if not goals:
            line = self.pooled(("goals-off",), lambda: Label(RIGHT_W - 24, 34, pt=10, bold=False))
            line.resize(w - 24, 34)
            line.set_label("Off in this game", "The Public Goals option is off in this game")
            line.setPos(RIGHT_X + 12, top + 36)
            return top + h
        gap = 4.0  # 6 left '7. Richest company' a hair (0.7 units of ink) wider than its place at 1600×1000
        per_row = 2 if half else len(goals)
        gw = (w - 24 - (per_row - 1) * gap) / per_row
        for i, gid in enumerate(goals):
            g = GOALS[gid]
            forms = goal_forms(gid)
            line = self.pooled(("goal", gid), lambda: Label(gw, 34, pt=10, bold=False, centre=True))
            line.resize(gw, 34)
            line.set_label(forms[0], f"Goal {gid}: {g.text} (${g.reward} to every player "
                           "tied for the best; none if the best is 0)", short=forms[1:])
            line.setPos(RIGHT_X + 12 + (i % per_row) * (gw + gap), top + 36 + (i // per_row) * 38)
        return top + h
