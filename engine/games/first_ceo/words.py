"""How 1st CEO names its things in labels, log lines and refusals: company cards and corporations
by their printed names; seats are `{pN}` (engine.core.text), never numbers.

>>> company("netflicks"), corporation("novideo")
('Netflicks', 'NoVideo')
"""

from __future__ import annotations

from engine.games.first_ceo.data import COMPANIES, CORPORATIONS


def company(cid: str) -> str:
    """A company card by its name ("Netflicks")."""
    return COMPANIES[cid].name


def corporation(corp: str) -> str:
    """A corporation by its name ("NoVideo")."""
    return CORPORATIONS[corp].name


def risk(state, seat: int, chosen, best) -> str | None:
    """What `chosen` risks where `best` would not (engine/core/risk.py): a smaller Income for every
    dividend to come, or the money spent that the other move keeps."""
    from engine.core.risk import after

    mine, other = after(state, chosen), after(state, best)
    name = corporation(state.corp[seat])
    if mine.income(seat) < other.income(seat):
        return (f"{name}'s Income stays ${mine.income(seat)} a share where the other move makes it "
                f"${other.income(seat)}: every dividend you pay from now on is smaller.")
    if mine.money[seat] + 5 < other.money[seat]:
        return (f"It leaves you ${mine.money[seat]} where the other move leaves ${other.money[seat]}: money pays for "
                "the acquisitions to come, and scores up to 50 points at the end.")
    return None
