"""Final scoring (§13.7) and the Public Goals (§9): cash, every certificate at its company's final
share value, and $200 for each goal won (every player tied for the best wins it; a goal whose
best value is 0 pays no one, ruling §16.9). The tie-break is the goals won; still tied, players
share the place."""

from __future__ import annotations

from engine.core.contract import Outcome
from engine.games.big_shoulders.data import COMPANY_IDS, GOALS


def goal_values(state, measure: str) -> list[int]:
    """Each seat's count for the goal `measure`, over the companies it directs at the end."""
    out = []
    for seat in range(state.players):
        mine = [state.companies[cid] for cid in COMPANY_IDS
                if state.companies[cid]["started"] and state.companies[cid]["dir"] == seat]
        if measure == "managers":
            v = sum(sum(c["managers"]) for c in mine)
        elif measure == "salespeople":
            v = sum(c["sales"] for c in mine)
        elif measure == "assets_acquired":
            v = sum(c["assets_acquired"] for c in mine)   # over the whole game: ruling §15.7
        elif measure == "workers":
            v = sum(sum(c["workers"]) for c in mine)
        elif measure == "automation":
            v = sum(sum(c["automated"]) for c in mine)
        elif measure == "top_appeal":
            v = max((c["appeal"] for c in mine), default=0)
        elif measure == "richest_company":
            v = max((c["cash"] for c in mine), default=0)
        elif measure == "partners":
            v = state.partners[seat]
        elif measure == "common":
            v = sum(state.companies[cid]["com"][seat] for cid in COMPANY_IDS)
        elif measure == "preferred":
            v = sum(state.companies[cid]["pref"] == seat for cid in COMPANY_IDS)
        else:
            raise AssertionError(measure)
        out.append(v)
    return out


def goal_winners(state, goal: int) -> list[int]:
    """The seats tied for the best value of `goal`; none when the best is 0."""
    values = goal_values(state, GOALS[goal].measure)
    best = max(values)
    return [seat for seat, v in enumerate(values) if v == best] if best > 0 else []


def certificate_worth(state, seat: int) -> int:
    return sum(state.units(seat, cid) * state.share_value(cid) for cid in state.started())


def final_outcome(state) -> Outcome:
    goals = [0] * state.players
    won = [0] * state.players
    for goal in state.goals:
        for seat in goal_winners(state, goal):
            goals[seat] += GOALS[goal].reward
            won[seat] += 1
    breakdown = [{"Cash": float(state.cash[s]), "Certificates": float(certificate_worth(state, s)),
                  "Public Goals": float(goals[s])} for s in range(state.players)]
    scores = [sum(b.values()) for b in breakdown]
    return Outcome.from_scores(scores, breakdown, tiebreak=won, tie_rule="Public Goals won")
