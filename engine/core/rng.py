"""Our own seeded generator, so saves replay identically on every platform and Python version.

The algorithm is xoshiro256** seeded through splitmix64 (both public domain, Blackman & Vigna).
It is pure integer arithmetic, so its sequence never depends on Python's `random` module.

>>> r = Rng(42)
>>> [r.randbelow(6) + 1 for _ in range(5)]
[1, 1, 6, 6, 5]
>>> Rng.derive(7, "chance", 3).randbelow(100) == Rng.derive(7, "chance", 3).randbelow(100)
True
"""

from __future__ import annotations

import hashlib

_MASK = (1 << 64) - 1


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK


def _splitmix64(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return x, z ^ (z >> 31)


class Rng:
    """A small deterministic generator (xoshiro256**)."""

    __slots__ = ("_s",)

    def __init__(self, seed: int = 0):
        x = seed & _MASK
        s = []
        for _ in range(4):
            x, z = _splitmix64(x)
            s.append(z)
        self._s = s

    @classmethod
    def derive(cls, seed: int, *labels) -> Rng:
        """An independent stream for (seed, labels...): e.g. the n-th chance draw of a game.

        Deriving instead of carrying one stream along keeps replays and undo exact: the n-th
        chance outcome depends only on the seed and n, never on what was undone before it.
        """
        text = repr((seed, *labels)).encode()
        return cls(int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little"))

    def next64(self) -> int:
        s = self._s
        result = (_rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
        t = (s[1] << 17) & _MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def randbelow(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq):
        return seq[self.randbelow(len(seq))]

    def weighted_index(self, weights) -> int:
        """An index drawn with probability proportional to the non-negative integer weights."""
        total = sum(weights)
        if total <= 0:
            raise ValueError("weights must have a positive sum")
        x = self.randbelow(total)
        for i, w in enumerate(weights):
            if x < w:
                return i
            x -= w
        raise AssertionError("unreachable")

    def shuffle(self, items: list) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def getstate(self) -> list[int]:
        return list(self._s)

    def setstate(self, state) -> None:
        self._s = [int(v) & _MASK for v in state]
