"""Our generator: deterministic, in range, unbiased enough, platform-independent."""

from hypothesis import given
from hypothesis import strategies as st

from engine.core import Rng


def test_known_sequence_is_stable():
    # pinned: saves replay identically only if this never changes
    r = Rng(42)
    assert [r.randbelow(6) + 1 for _ in range(5)] == [1, 1, 6, 6, 5]
    assert Rng(0).next64() == Rng(0).next64()


@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=1, max_value=10**12))
def test_randbelow_in_range(seed, n):
    r = Rng(seed)
    assert all(0 <= r.randbelow(n) < n for _ in range(5))


@given(st.integers(min_value=0, max_value=2**32), st.lists(st.integers(min_value=0, max_value=5), min_size=1))
def test_weighted_index_never_picks_zero_weight(seed, weights):
    if sum(weights) == 0:
        return
    r = Rng(seed)
    for _ in range(5):
        assert weights[r.weighted_index(weights)] > 0


def test_roughly_uniform():
    r = Rng(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.randbelow(6)] += 1
    assert all(9_400 < c < 10_600 for c in counts)


def test_state_round_trip_and_derive_independent():
    r = Rng(9)
    r.next64()
    saved = r.getstate()
    a = [r.next64() for _ in range(3)]
    r.setstate(saved)
    assert [r.next64() for _ in range(3)] == a
    assert Rng.derive(1, "chance", 0).next64() != Rng.derive(1, "chance", 1).next64()


def test_shuffle_is_a_permutation():
    items = list(range(50))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))
