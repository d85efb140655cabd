"""What one candidate does against another, world by world: the facts behind a hint's reason, an
analysis's loss and its standard error (ai/core/estimate.py measures them).

In each world every candidate's rollout ends in a position the game's `standing` scores for every
seat, by its own categories, in its own points (1st CEO's shares, company cards and money; Big
Shoulders' cash, each company's certificates and the Public Goals; …: `Knowledge.standing`). A
candidate's `Outcome` in a world is the deciding seat's share of the win there, its points by
category, and those of its strongest rival (the opponent with the most points where the world
starts, the same player for every candidate of that world).
Two candidates are compared over the worlds both were played in (common random numbers: the same
deal and dice), so every difference is a paired one whose noise is known.

A `Tally` holds the sums a comparison needs, so that comparisons made of different worlds (an
analysis that adds worlds to a costly decision) pool by adding them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

SURE_Z = 2.0
"""A difference is sure when it is this many standard errors or more from zero: a loss is marked,
a reason said plainly, two moves told apart. Below it, two moves are about as good."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One candidate's rollout in one world, as the deciding seat sees its end."""

    value: float
    """The seat's (raw, uncalibrated) share of the win at the rollout's end."""
    mine: Mapping[str, float]
    """The seat's points by category."""
    rival: Mapping[str, float]
    """The strongest rival's points by category."""

    @property
    def margin(self) -> float:
        """The seat's points less its strongest rival's."""
        return sum(self.mine.values()) - sum(self.rival.values())


def strongest_rival(standing: Sequence[Mapping[str, float]], seat: int) -> int | None:
    """The opponent of `seat` with the most points in `standing` (the earliest seat on a tie)."""
    others = [s for s in range(len(standing)) if s != seat]
    return max(others, key=lambda s: (sum(standing[s].values()), -s)) if others else None


def outcome_of(value: float, standing: Sequence[Mapping[str, float]], seat: int, rival: int | None) -> Outcome:
    """The `Outcome` of a rollout that ended with `standing` (every seat's points by category),
    against `rival`: the same seat for every candidate of a world (the strongest where the world
    starts), so that what a move does to the rival is measured on one player."""
    return Outcome(value, dict(standing[seat]), dict(standing[rival]) if rival is not None else {})


@dataclass(slots=True)
class Moments:
    """Count, sum and sum of squares of a paired difference: its mean and standard error."""

    n: int = 0
    s: float = 0.0
    ss: float = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        self.s += x
        self.ss += x * x

    def merged(self, other: Moments) -> Moments:
        return Moments(self.n + other.n, self.s + other.s, self.ss + other.ss)

    @property
    def mean(self) -> float:
        return self.s / self.n if self.n else 0.0

    @property
    def se(self) -> float:
        """The standard error of the mean (inf with fewer than two worlds)."""
        if self.n < 2:
            return math.inf
        var = max(0.0, (self.ss - self.s * self.s / self.n) / (self.n - 1))
        return math.sqrt(var / self.n)

    @property
    def z(self) -> float:
        """The mean in standard errors (inf for a difference with no spread over two worlds or more;
        0 for none at all, and for one world, whose spread is unknown)."""
        mean = self.mean
        if self.n < 2:
            return 0.0
        se = self.se
        if se <= 1e-9:
            return 0.0 if mean <= 1e-12 else math.inf
        return mean / se

    def to_list(self) -> list:
        return [self.n, self.s, self.ss]

    @staticmethod
    def from_list(raw) -> Moments:
        n, s, ss = raw
        if type(n) is not int or n < 0 or not all(isinstance(x, int | float) and math.isfinite(x) for x in (s, ss)):
            raise ValueError("not the sums of a difference")
        return Moments(n, float(s), float(ss))


@dataclass(frozen=True, slots=True)
class Part:
    """One category of the game's points: what a move does to it against another, on average over
    their common worlds, for the deciding seat (`mine`) and its strongest rival (`rival`)."""

    key: str
    mine: float
    rival: float
    se: float
    """The standard error of `margin`."""

    @property
    def margin(self) -> float:
        """What the move gains in this category over the rival: the seat's gain less the rival's."""
        return self.mine - self.rival

    @property
    def sure(self) -> bool:
        """The difference is `SURE_Z` standard errors or more from zero."""
        return abs(self.margin) >= SURE_Z * self.se

    def to_list(self) -> list:
        return [self.key, round(self.mine, 3), round(self.rival, 3), round(min(self.se, 1e9), 3)]

    @staticmethod
    def from_list(raw) -> Part:
        key, mine, rival, se = raw
        if not isinstance(key, str) or len(key) > 60 or not all(
                isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) for x in (mine, rival, se)):
            raise ValueError("not a part of a reason")
        return Part(key, float(mine), float(rival), float(se))


@dataclass(slots=True)
class Tally:
    """The sums of a comparison of a move `a` against `b` (each world: a's outcome less b's)."""

    win: Moments = field(default_factory=Moments)
    margin: Moments = field(default_factory=Moments)
    mine: dict[str, Moments] = field(default_factory=dict)
    rival: dict[str, Moments] = field(default_factory=dict)
    part: dict[str, Moments] = field(default_factory=dict)
    """Per category, the seat's gain less the rival's (its standard error is the part's)."""

    def add(self, a: Outcome, b: Outcome) -> None:
        self.win.add(a.value - b.value)
        self.margin.add(a.margin - b.margin)
        n = self.win.n - 1  # worlds before this one: a category new here was 0 in them
        for key in {*a.mine, *b.mine, *a.rival, *b.rival}:
            mine = a.mine.get(key, 0.0) - b.mine.get(key, 0.0)
            rival = a.rival.get(key, 0.0) - b.rival.get(key, 0.0)
            for table, x in ((self.mine, mine), (self.rival, rival), (self.part, mine - rival)):
                m = table.get(key)
                if m is None:
                    m = table[key] = Moments(n)
                m.add(x)
        for table in (self.mine, self.rival, self.part):
            for m in table.values():
                if m.n < self.win.n:
                    m.add(0.0)

    def merged(self, other: Tally) -> Tally:
        out = Tally(self.win.merged(other.win), self.margin.merged(other.margin))
        for name in ("mine", "rival", "part"):
            mine, theirs, into = getattr(self, name), getattr(other, name), getattr(out, name)
            for key in {*mine, *theirs}:
                into[key] = mine.get(key, Moments(self.win.n)).merged(theirs.get(key, Moments(other.win.n)))
        return out

    def parts(self) -> tuple[Part, ...]:
        """Every category's difference, the largest margin (either way) first."""
        out = [Part(k, self.mine[k].mean, self.rival[k].mean, self.part[k].se) for k in self.part]
        return tuple(sorted(out, key=lambda p: (-abs(p.margin), p.key)))

    def to_dict(self) -> dict:
        return {"win": self.win.to_list(), "margin": self.margin.to_list(),
                "parts": {k: [self.mine[k].to_list(), self.rival[k].to_list(), self.part[k].to_list()]
                          for k in self.part}}

    @staticmethod
    def from_dict(d: dict) -> Tally:
        t = Tally(Moments.from_list(d["win"]), Moments.from_list(d["margin"]))
        parts = d.get("parts", {})
        if not isinstance(parts, dict) or len(parts) > 64:
            raise ValueError("not the categories of a comparison")
        for key, (mine, rival, part) in parts.items():
            t.mine[key], t.rival[key], t.part[key] = (Moments.from_list(mine), Moments.from_list(rival),
                                                      Moments.from_list(part))
        return t


def tally(a: Sequence[Outcome], b: Sequence[Outcome]) -> Tally:
    """The comparison of a move whose worlds gave `a` against one whose worlds gave `b`, over the
    worlds both were played in (the first `min(len(a), len(b))`: a candidate stopped early by the
    successive halving was played in the first worlds only)."""
    t = Tally()
    for x, y in zip(a, b, strict=False):
        t.add(x, y)
    return t


def against_field(a: Sequence[Outcome], others: Sequence[Sequence[Outcome]]) -> Tally:
    """The comparison of a move against the field: in each world it was played in, its outcome
    against the average of the other candidates played in that world."""
    t = Tally()
    for w, x in enumerate(a):
        rest = [o[w] for o in others if len(o) > w]
        if not rest:
            continue
        k = len(rest)
        keys = {key for o in rest for key in (*o.mine, *o.rival)}
        avg = Outcome(sum(o.value for o in rest) / k,
                      {key: sum(o.mine.get(key, 0.0) for o in rest) / k for key in keys},
                      {key: sum(o.rival.get(key, 0.0) for o in rest) / k for key in keys})
        t.add(x, avg)
    return t
