"""engine.core.records: the one loader every game's data module builds its component rows with."""

from dataclasses import FrozenInstanceError, dataclass

import pytest

from engine.core.records import Named, records


@dataclass(frozen=True, slots=True)
class Card(Named):
    icons: tuple[str, ...]
    cost: int
    note: str = ""


ROWS = [{"id": "a", "name": "Alpha", "icons": ["x", "y"], "cost": 3, "provenance": "designed"},
        {"id": "b", "name": "Beta", "icons": [], "cost": 1, "note": "spare"}]


def test_rows_become_frozen_records_keyed_by_id_in_order():
    cards = records(Card, ROWS)
    assert list(cards) == ["a", "b"]
    assert cards["a"] == Card("a", "Alpha", ("x", "y"), 3)  # list made a tuple, default taken, provenance left
    assert cards["b"].note == "spare"
    with pytest.raises(FrozenInstanceError):
        cards["a"].cost = 4  # type: ignore[misc]


def test_parse_reads_a_field_that_the_toml_spells_otherwise():
    cards = records(Card, ROWS, cost=lambda n: n * 10, icons=lambda xs: frozenset(xs))
    assert cards["a"].cost == 30 and cards["a"].icons == frozenset({"x", "y"})


def test_bad_rows_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="Card 'c' has no 'cost'"):
        records(Card, [{"id": "c", "name": "Gamma", "icons": []}])
    with pytest.raises(ValueError, match="two Card rows have the id 'a'"):
        records(Card, ROWS + ROWS[:1])
    with pytest.raises(TypeError, match="Card has no field 'price'"):
        records(Card, ROWS, price=int)
