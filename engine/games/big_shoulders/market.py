"""The numbers of City of the Big Shoulders' markets as small pure functions: the Stock Track,
the stock price after a payout (§13.4.1), dividends per share (§13.4.2) and the Job Market's
price per Worker (§5). "§" is a section of the components file."""

from __future__ import annotations

from engine.games.big_shoulders.data import (
    APPEAL_BONUSES,
    APPEAL_TOP,
    JOB_BANDS,
    JOB_SPACES,
    STOCK_VALUES,
    TOP_STEP,
    TRIPLE_BUMP_MIN_STEP,
)


def value(step: int) -> int:
    """The share value at a Stock Track step."""
    return STOCK_VALUES[step]


def moved(step: int, delta: int) -> int:
    """The step after moving `delta` steps; the marker stops at $10 and $450 (extra movement lost)."""
    return max(0, min(TOP_STEP, step + delta))


def payout_steps(paid: int, step: int) -> int:
    """Steps a payout of `paid` (already rounded to $10) gives a share at `step` (§13.4.1): +3 for
    three times the value when the value is at least $60 (ruling: as the code does), +2 for twice,
    +1 for once, else none."""
    v = STOCK_VALUES[step]
    if paid >= 3 * v and step >= TRIPLE_BUMP_MIN_STEP:
        return 3
    if paid >= 2 * v:
        return 2
    if paid >= v:
        return 1
    return 0


def rounded_payout(revenue: int) -> int:
    """A dividend is the revenue rounded down to $10 (§13.4 step 4)."""
    return revenue // 10 * 10


def per_share(paid: int) -> int:
    """What one 10% share receives of a dividend of `paid` (a multiple of $10)."""
    return paid // 10


def worker_price(in_market: int) -> int:
    """The price of the next Worker hired when `in_market` Workers are in the Job Market (§5)."""
    if not 0 <= in_market <= JOB_SPACES:
        raise ValueError(f"the Job Market holds 0–{JOB_SPACES} Workers, not {in_market}")
    return next(price for least, most, price in JOB_BANDS if least <= in_market <= most)


def hire_cost(in_market: int, n: int) -> int:
    """The cost of hiring `n` Workers one after another, each priced as it is taken (§5)."""
    total = 0
    for _ in range(n):
        total += worker_price(in_market)
        in_market = max(0, in_market - 1)
    return total


def appeal_after(appeal: int, steps: int) -> int:
    """The Appeal Track never goes down and stops at its top space (§4)."""
    return min(APPEAL_TOP, appeal + max(0, steps))


def appeal_bonuses(before: int, after: int) -> list[int]:
    """The bonus spaces a company reaches or passes moving from `before` to `after`, in order
    (§4): every one passed in a single move is resolved, the start space never counts."""
    return [space for space in sorted(APPEAL_BONUSES) if before < space <= after]


def slid_supply(groups: list[dict[str, int]]) -> tuple[list[dict[str, int]], list[int]]:
    """The supply chain after its slide (§11.1 step 1): `groups` are the spaces X, $30, $20, $10
    in that order; every non-empty group moves toward $10, closing gaps and keeping its order.
    Returns the new groups and the indices of the spaces left empty (to be refilled, X included)."""
    full = [dict(g) for g in groups if sum(g.values())]
    empty_count = len(groups) - len(full)
    new = [{k: 0 for k in groups[0]} for _ in range(empty_count)] + full
    return new, list(range(empty_count))
