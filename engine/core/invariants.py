"""Checks that several games' `check_invariants` share."""

from __future__ import annotations


def money_problems(money: list[int], bank: int) -> list[str]:
    """No seat below zero, and money conserved: the seats' money plus the bank's net balance
    (negative by what it has paid out) is always 0.

    >>> money_problems([3, 0], -3)
    []
    >>> money_problems([-1, 4], -3)
    ['negative money [-1, 4]']
    """
    problems = []
    if any(m < 0 for m in money):
        problems.append(f"negative money {money}")
    if sum(money) + bank != 0:
        problems.append("money not conserved")
    return problems
