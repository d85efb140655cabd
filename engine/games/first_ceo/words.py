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
