"""Victory Through Industry component data, loaded once from
assets/games/victory-through-industry/*.toml.

Everything here is immutable; states refer to products, factories and contracts by id.

Geometry: a complex is a grid of cells (x to the right, y downwards). A factory occupies one cell;
a product card occupies one cell beside a factory. Sides are numbered 0 top, 1 right, 2 bottom,
3 left; a factory turned by `rot` quarter turns clockwise shows its printed side `i` towards
direction `(i + rot) % 4`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations_with_replacement

from engine.core.assets import load_toml
from engine.core.records import Named, records

GAME_ID = "victory-through-industry"

DIRS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""Unit steps of the four sides: top, right, bottom, left (y grows downwards)."""
SIDE_NAMES = ("top", "right", "bottom", "left")
NEIGHBOURS8: tuple[tuple[int, int], ...] = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                                                 if dx or dy)


@dataclass(frozen=True, slots=True)
class Product(Named):
    """A product type: its name, point value and a short glyph."""

    value: int
    glyph: str


@dataclass(frozen=True, slots=True)
class Side:
    """One printed side of a factory: blank, an input or an output, with one or more products
    (more than one = the owner's choice)."""

    kind: str                 # "", "in" or "out"
    products: tuple[str, ...]

    @staticmethod
    def parse(text: str) -> Side:
        if not text:
            return Side("", ())
        kind, _, rest = text.partition(":")
        if kind not in ("in", "out") or not rest:
            raise ValueError(f"bad factory side {text!r}")
        return Side(kind, tuple(rest.split("|")))


@dataclass(frozen=True, slots=True)
class Factory(Named):
    """A factory type: four printed sides (top, right, bottom, left at rotation 0).

    The derived facts below are computed once at load (AI code reads them in its inner loops)."""

    sides: tuple[Side, Side, Side, Side]
    inputs: tuple[tuple[int, Side], ...] = field(init=False, repr=False, compare=False)
    """(printed side, side) of every input."""
    outputs: tuple[tuple[int, Side], ...] = field(init=False, repr=False, compare=False)
    """(printed side, side) of every output."""
    choice_output: int | None = field(init=False, repr=False, compare=False)
    """The printed side whose output the owner chooses, if any (at most one per factory)."""
    products: frozenset[str] = field(init=False, repr=False, compare=False)
    """Every product printed on the factory, inputs and outputs."""
    cost_products: frozenset[str] = field(init=False, repr=False, compare=False)
    """What may pay for building (or moving) it: its inputs, its outputs, and Wood."""

    def __post_init__(self):
        sides = self.sides
        derived = {
            "inputs": tuple((i, s) for i, s in enumerate(sides) if s.kind == "in"),
            "outputs": tuple((i, s) for i, s in enumerate(sides) if s.kind == "out"),
            "choice_output": next((i for i, s in enumerate(sides) if s.kind == "out" and len(s.products) > 1),
                                  None),
            "products": frozenset(p for s in sides for p in s.products),
        }
        derived["cost_products"] = derived["products"] | {"wood"}
        for key, value in derived.items():
            object.__setattr__(self, key, value)  # frozen: set once, here


@dataclass(frozen=True, slots=True)
class Contract:
    """A government contract: the product it asks for and the points it is worth."""

    id: str
    product: str
    points: int


def _load():
    prods = records(Product, load_toml(GAME_ID, "products.toml")["product"])
    ftoml = load_toml(GAME_ID, "factories.toml")
    facs = records(Factory, ftoml["factory"], sides=lambda texts: tuple(Side.parse(t) for t in texts))
    for fac in facs.values():
        if len(fac.sides) != 4:
            raise ValueError(f"factory {fac.id} needs four sides")
        unknown = fac.products - set(prods)
        if unknown:
            raise ValueError(f"factory {fac.id} names unknown products {sorted(unknown)}")
        if sum(1 for s in fac.sides if s.kind == "out" and len(s.products) > 1) > 1:
            raise ValueError(f"factory {fac.id}: at most one choice output side")
    contracts = records(Contract, load_toml(GAME_ID, "contracts.toml")["contract"])
    for c in contracts.values():
        if c.product not in prods:
            raise ValueError(f"contract {c.id} names unknown product {c.product}")
    return prods, facs, contracts, ftoml["rules"]


PRODUCTS, FACTORIES, CONTRACTS, _RULES = _load()
PRODUCT_IDS: tuple[str, ...] = tuple(PRODUCTS)
FACTORY_IDS: tuple[str, ...] = tuple(FACTORIES)
CONTRACT_IDS: tuple[str, ...] = tuple(CONTRACTS)
MAX_PER_TYPE: int = int(_RULES["max_per_type"])
SUPPLY_PER_TYPE: int = int(_RULES["supply_per_type"])
START_SET: tuple[str, ...] = tuple(_RULES["start_set"])
CONTRACTS_PER_PLAYER: int = int(_RULES["contracts_per_player"])
MAX_CONTRACTS: int = int(_RULES["max_contracts"])
FULFIL_TO_END: int = int(_RULES["fulfil_to_end"])

COST_SETS: dict[str, frozenset[str]] = {f: FACTORIES[f].cost_products for f in FACTORY_IDS}
VALUE: dict[str, int] = {p: PRODUCTS[p].value for p in PRODUCT_IDS}
PRODUCT_ORDER: dict[str, int] = {p: i for i, p in enumerate(PRODUCT_IDS)}
"""Product id -> its place in the products' order, the order choices and lists name them in."""
FACTORY_ORDER: dict[str, int] = {f: i for i, f in enumerate(FACTORY_IDS)}


def payment_pairs(factory_id: str) -> list[tuple[str, str]]:
    """Every unordered pair of products that may pay for building `factory_id`.

    >>> len(payment_pairs("nylon_factory"))
    10
    """
    order = {p: i for i, p in enumerate(PRODUCT_IDS)}
    opts = sorted(COST_SETS[factory_id], key=order.__getitem__)
    return list(combinations_with_replacement(opts, 2))


def facing(factory_id: str, rot: int) -> list[tuple[int, Side]]:
    """(direction, printed side) for every non-blank side of a factory turned by `rot`."""
    return [((i + rot) % 4, s) for i, s in enumerate(FACTORIES[factory_id].sides) if s.kind]
