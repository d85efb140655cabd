"""Memoised rule helpers whose entries one game makes: kept for the game, forgotten after it.

A helper memoised on a game's positions (a complex's cells, a hand of cards) fills its cache
with keys and values made during play. Kept from game to game, such caches grew to thousands
of entries over an hour of the soak (tests/bench/soak.py), and each entry, made between the
game's own objects, kept a block of Python's arenas in use after the game was gone. The app
calls `forget_game_caches()` when it gives a closed game's memory back (ui/app/memory.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

_GAME_CACHES: list = []


def game_cache(maxsize: int = 4096) -> Callable:
    """`functools.lru_cache(maxsize)`, registered so that `forget_game_caches` empties it."""

    def wrap(fn):
        cached = lru_cache(maxsize=maxsize)(fn)
        _GAME_CACHES.append(cached)
        return cached

    return wrap


def game_caches() -> tuple:
    """Every function memoised with `game_cache` in the modules imported so far."""
    return tuple(_GAME_CACHES)


def forget_game_caches() -> int:
    """Empty every `game_cache`; returns how many entries they held."""
    held = 0
    for cached in _GAME_CACHES:
        held += cached.cache_info().currsize
        cached.cache_clear()
    return held
