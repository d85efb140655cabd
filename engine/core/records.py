"""Component records: the rows of a game's toml tables as small frozen dataclasses.

Every game's data module declares its records (a facility, a company card, a Capital Asset) and
builds them from toml rows the same way, so the declaration's field names are the toml keys and
one loader, `records`, does the building for all of them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Named:
    """A component with an id (what states and saves refer to) and the name players read."""

    id: str
    name: str


def _frozen(value: Any) -> Any:
    """toml lists as tuples (nested ones too), so records stay immutable and hashable."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def records(cls: type, rows: Iterable[dict], **parse: Callable[[Any], Any]) -> dict:
    """`cls` records (a frozen dataclass with an `id`) from toml rows, keyed by id, in row order.

    Each field is the row's value under the field's own name: through `parse[name]` where the
    toml spells it otherwise (an inline table of costs, a condition written as text), else with
    lists made tuples. A key the row lacks takes the field's default; without one it is an error
    that names the row. Keys the record does not declare (provenance, notes for people) are left.
    """
    fields = [f for f in dataclasses.fields(cls) if f.init]
    unknown = set(parse) - {f.name for f in fields}
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    out = {}
    for row in rows:
        values = {}
        for f in fields:
            if f.name in row:
                raw = row[f.name]
                values[f.name] = parse[f.name](raw) if f.name in parse else _frozen(raw)
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise ValueError(f"{cls.__name__} {row.get('id', row)!r} has no {f.name!r}")
        record = cls(**values)
        if record.id in out:
            raise ValueError(f"two {cls.__name__} rows have the id {record.id!r}")
        out[record.id] = record
    return out
