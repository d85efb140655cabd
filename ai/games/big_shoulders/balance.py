"""City of the Big Shoulders' hooks for the balance report (ai/balance.py): each seat's starting
company as its starting asset (the players choose them in turn before the first Decade),
positions in the first Decade's turn order (the last to choose a company takes the Priority Deal
marker and moves first, so the first to choose moves last), what the winner's fortune was made
of, and the companies, share values, cash and Public Goals at the end.

    tycoons balance big-shoulders --players 4 --games 400 --seed 1 --jobs 2
"""

from __future__ import annotations

from engine.games.big_shoulders.data import COMPANIES
from engine.games.big_shoulders.round import ROUND
from engine.games.big_shoulders.scoring import final_outcome


def starting_assets(state) -> list[str] | None:
    """Each seat's starting company, once every seat has chosen one."""
    if ROUND.in_setup(state.phase):   # the starting companies are still being chosen
        return None
    return [COMPANIES[cid].name for cid in state.founder]


def track(state, memo: dict) -> None:
    """The first Decade's turn order, from the Priority Deal marker as its Stock Phase begins."""
    if not ROUND.in_setup(state.phase):
        memo.setdefault("order", state.clockwise_from(state.priority))


def turn_order(state, memo: dict) -> list[int] | None:
    return memo.get("order")


def ended_by(state) -> str:
    return "the end of the fifth Decade"


def rounds(state) -> int:
    """Decades begun."""
    return state.decade


def winner_notes(state, seat: int) -> dict[str, str]:
    """The largest part of the winner's fortune (cash, certificates, Public Goals) and how many
    companies it directs at the end."""
    parts = final_outcome(state).breakdown[seat]
    directs = len(state.directed(seat))
    return {"winner's largest part of its fortune": max(parts, key=parts.get),
            "companies the winner directs at the end": str(directs) if directs < 3 else "3 or more"}


def measures(state, memo: dict) -> dict[str, list[float]]:
    started = state.started()
    parts = final_outcome(state).breakdown
    return {"companies started": [len(started)],
            "share value of a started company at the end ($)": [state.share_value(cid) for cid in started],
            "cash at the end ($)": list(state.cash),
            "Public Goals' money per seat ($)": [p["Public Goals"] for p in parts]}
