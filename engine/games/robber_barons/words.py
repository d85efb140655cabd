"""How Robber Barons names its things in labels, log lines and refusals: money in $ millions as
the rules print it, spaces by name and number, the groups a card sends a pawn to, and what each
decision asks; seats are `{pN}`, never numbers.

>>> money(3), money(-2), space_name(12)
('$3M', '-$2M', 'Steel (13)')
"""

from __future__ import annotations

from engine.games.robber_barons.data import BOARD_SIZE, SPACES

GOTO_WORDS = {"any": "any space", "oil": "an Oil space", "steel": "a Steel space",
              "railroads": "a Railroads space", "ore": "an ore space (Mining, Gold, Silver)"}
DECISION_WORDS = {"dice": "choose how many dice to roll", "bonus": "take $1M or draw a Legacy card",
                  "offer": "buy the Legacy card or put it on the bottom",
                  "invest": "invest in this industry or stop", "target": "choose a target opponent",
                  "place": "choose where to place a control marker",
                  "monopolize": "choose an opponent's control marker to replace",
                  "goto": "choose the space to move to"}
"""What the seat to move must do at each decision frame (the refusal of anything else says it)."""


def money(m: int) -> str:
    """$ millions as printed in the log: $3M, -$2M."""
    return f"-${-m}M" if m < 0 else f"${m}M"


def space_name(i: int) -> str:
    """'Steel (13)': a space's name and its number as printed in the rules."""
    return _SPACE_NAMES[i]


_SPACE_NAMES = tuple(f"{SPACES[i].name} ({i + 1})" for i in range(BOARD_SIZE))


def risk(state, seat: int, chosen, best) -> str | None:
    """What `chosen` risks where `best` would not (engine/core/risk.py): Legacy points forgone, or
    money spent that the other move keeps."""
    from engine.core.risk import after

    mine, other = after(state, chosen), after(state, best)
    if mine.points(seat) < other.points(seat):
        return (f"It gives up {other.points(seat) - mine.points(seat)} Legacy points the other move takes: only "
                "Legacy points count when the Legacy deck runs out.")
    if mine.money[seat] + 3 < other.money[seat]:
        return (f"It leaves you ${mine.money[seat]}M where the other move leaves ${other.money[seat]}M: money buys "
                "the Legacy cards that win, and pays what the Business cards ask.")
    return None
