"""Robber Barons' hooks for the balance report (ai/balance.py). Every player starts alike ($10M,
a pawn on Start), so there is no starting asset to compare."""

from __future__ import annotations


def first_player(state) -> int:
    return state.first


def ended_by(state) -> str:
    return {"legacy": "the Legacy deck is empty", "turns": "the turn limit (option)"}.get(state.ended_by,
                                                                                        state.ended_by)


def rounds(state) -> int:
    return state.round
