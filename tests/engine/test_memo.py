"""engine/core/memo.py: rule helpers memoised for one game and forgotten after it."""

from __future__ import annotations

from engine.core import memo


def test_a_game_cache_memoises_until_the_game_caches_are_forgotten():
    calls = []

    @memo.game_cache(maxsize=8)
    def square(n: int) -> int:
        calls.append(n)
        return n * n

    assert (square(3), square(3), square(4)) == (9, 9, 16)
    assert calls == [3, 4]
    assert square in memo.game_caches()
    assert memo.forget_game_caches() >= 2
    assert square.cache_info().currsize == 0
    assert square(3) == 9
    assert calls == [3, 4, 3]
