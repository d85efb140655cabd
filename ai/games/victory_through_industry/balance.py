"""Victory Through Industry's hooks for the balance report (ai/balance.py): each seat's starting
factory set (what it drafted) and which of the rulebook's end conditions ended the game."""

from __future__ import annotations

from engine.games.victory_through_industry.data import FACTORIES, FACTORY_IDS, FULFIL_TO_END, MAX_CONTRACTS

ROUND_LIMIT = "the round limit (option, not a rulebook end)"


def first_player(state) -> int:
    return state.first


def starting_assets(state) -> list[str] | None:
    """Each seat's drafted starting factories, once the draft is over (before any is placed)."""
    if state.phase != "place":
        return None
    return [set_name(d) for d in state.drafted]


def set_name(factories) -> str:
    order = sorted(factories, key=FACTORY_IDS.index)
    names = []
    for f in dict.fromkeys(order):
        n = order.count(f)
        names.append(f"{n} {FACTORIES[f].name}" if n > 1 else FACTORIES[f].name)
    return " + ".join(names)


def ended_by(state) -> str:
    if state.max_rounds and state.round > state.max_rounds:
        return ROUND_LIMIT
    if not state.row:
        return "no contracts left to claim"
    if any(len(h) >= MAX_CONTRACTS for h in state.held):
        return f"a player holds {MAX_CONTRACTS} contracts"
    return f"a player fulfilled {FULFIL_TO_END} contracts"


def rounds(state) -> int:
    """Rounds begun: the counter starts at 0 and moves on as each round ends (the round limit
    ends the game just after that)."""
    return state.round if state.max_rounds and state.round > state.max_rounds else state.round + 1


RULEBOOK_ENDS = ("no contracts left to claim", f"a player holds {MAX_CONTRACTS} contracts",
                 f"a player fulfilled {FULFIL_TO_END} contracts")
