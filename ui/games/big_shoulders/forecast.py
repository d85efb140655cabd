"""What a company can make this Decade and where its goods would go, read from a view (plain data).

The board's one-line summary under each charter ("Makes 3 Dry Goods · 2 demand tiles take 5 ·
$90 each") comes from here; it imports no Qt, so tests check the numbers directly.

The forecast follows the Operating Phase as the components file gives it (§13.4): factories run in
order and production stops at the first factory that cannot run (not fully staffed, or short of a
resource); a fully automated factory makes one good more, a Manager's "good" bonus adds its goods,
and every Appeal Bonus Goods token one more at the end. Resources are those on the charter now (a
company may still buy from the supply chain when it operates: `short` says what it lacks).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.text import count
from engine.games.big_shoulders.data import COLUMN_BONUS, COMPANIES, GOODS_NAMES, GOODS_ROWS, RESOURCE_NAMES
from engine.games.big_shoulders.words import FACTORY_ORDINALS as ORDINALS


@dataclass
class Forecast:
    """A company's production this Decade as the view stands."""

    goods: int = 0                 # goods the factories (and tokens) would make with what it holds
    runs: int = 0                  # factories that would run, in order
    staffed: int = 0               # factories fully staffed (workers or automation on every space)
    factories: int = 0
    idle_reason: str = ""          # why the next factory in order would not run ("" if all run)
    idle_short: str = ""           # the same in a few words: "F1 needs 1 Worker", "F2 lacks coal"
    short: dict[str, int] = field(default_factory=dict)   # resources missing for the staffed ones
    held: int = 0                  # goods already on the charter, waiting to be shipped
    tiles: int = 0                 # demand tiles of its row with room
    room: int = 0                  # goods those tiles still take
    price: int = 0                 # price per good with its Salespeople

    @property
    def ships(self) -> int:
        """Goods it would place on demand tiles at full price."""
        return min(self.goods + self.held, self.room)


def _staffed(cid: str, c: dict, f: int) -> bool:
    """Every worker space of factory `f` holds a Worker or an automation token."""
    return c["workers"][f] + c["automated"][f] >= COMPANIES[cid].factories[f].workers


def forecast(view: dict, cid: str) -> Forecast:
    """The production and shipping forecast of `cid` from `view`."""
    data = COMPANIES[cid]
    c = view["companies"][cid]
    out = Forecast(factories=len(data.factories))
    out.staffed = sum(_staffed(cid, c, f) for f in range(len(data.factories)))
    have = dict(c.get("resources") or {})
    for f, fac in enumerate(data.factories):
        if not _staffed(cid, c, f):
            missing = fac.workers - c["workers"][f] - c["automated"][f]
            out.idle_reason = f"its {ORDINALS[f]} factory needs {missing} more Worker{'s' if missing > 1 else ''}"
            out.idle_short = f"F{f + 1} needs {missing} Worker{'s' if missing > 1 else ''}"
            break
        uses = fac.uses_dict()
        lack = {r: n - have.get(r, 0) for r, n in uses.items() if have.get(r, 0) < n}
        if lack:
            for r, n in lack.items():
                out.short[r] = out.short.get(r, 0) + n
            words = " + ".join(f"{n} {RESOURCE_NAMES[r].lower()}" for r, n in lack.items())
            out.idle_reason = out.idle_reason or f"its {ORDINALS[f]} factory lacks {words}"
            out.idle_short = out.idle_short or f"F{f + 1} lacks " + " + ".join(
                RESOURCE_NAMES[r].lower() for r in lack)
            # the later staffed factories' needs count too: the company may buy them all at once
            for g in range(f + 1, len(data.factories)):
                if _staffed(cid, c, g):
                    for r, n in data.factories[g].uses_dict().items():
                        extra = max(0, n - max(0, have.get(r, 0) - uses.get(r, 0)))
                        if extra:
                            out.short[r] = out.short.get(r, 0) + extra
            break
        for r, n in uses.items():
            have[r] -= n
        out.runs += 1
        made = fac.makes + (1 if c["automated"][f] >= fac.workers else 0)
        if c["managers"][f]:
            made += dict(fac.manager).get("goods", 0)
        out.goods += made
    out.goods += int(c.get("tokens", 0))
    out.held = int(c.get("goods", 0))
    out.price = data.prices[min(int(c.get("sales", 0)), len(data.prices) - 1)]
    row = GOODS_ROWS.index(data.goods)
    grid = view.get("demand_grid") or []
    goods = view.get("demand_goods") or []
    demand = _demand_values()
    if row < len(grid):
        for col, tile in enumerate(grid[row]):
            if tile is None:
                continue
            left = demand.get(tile, 0) - goods[row][col]
            if left > 0:
                out.tiles += 1
                out.room += left
    return out


def _demand_values() -> dict[int, int]:
    from engine.games.big_shoulders.data import DEMAND

    return {t: d.demand for t, d in DEMAND.items()}


def summary_line(view: dict, cid: str) -> str:
    """ "Makes 3 Dry Goods · 2 demand tiles take 5 · $90 each": the charter's one-line forecast."""
    return " · ".join(summary_parts(view, cid))


def summary_parts(view: dict, cid: str, f: Forecast | None = None) -> tuple[str, str]:
    """The forecast in two parts: what it makes ("Makes 3 Dry Goods"), where they go and at what
    price ("2 demand tiles take 5 · $90 each")."""
    f = forecast(view, cid) if f is None else f  # (a caller showing several parts passes it)
    kind = GOODS_NAMES[COMPANIES[cid].goods]
    if f.goods:
        made = f"Makes {f.goods} {kind}"
    elif f.idle_reason:
        made = f"Makes nothing yet: {f.idle_reason}"
    else:
        made = f"Makes no {kind}"
    if f.held:
        made += f" (+{f.held} held)"
    if f.tiles:
        where = f"{count(f.tiles, 'demand tile')} take{'s' if f.tiles == 1 else ''} {f.room}"
    else:
        where = "no demand tile has room: half price only"
    return made, f"{where} · ${f.price} each"


def part_forms(view: dict, cid: str, f: Forecast | None = None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The two parts of `summary_parts`, each followed by its shorter forms: what it makes
    ("Makes 3 Dry Goods", "Makes 3"; "Makes nothing yet: …", "Idle: F1 needs 1 Worker", "Idle")
    and where they go ("2 demand tiles take 5 · $90 each", "room 5 · $90 each", "room 5 · $90")."""
    f = forecast(view, cid) if f is None else f
    made, where = summary_parts(view, cid, f)
    held = f" +{f.held} held" if f.held else ""
    if f.goods or not f.idle_reason:
        made_forms = (made, f"Makes {f.goods}{held}", f"Makes {f.goods}")
    else:
        made_forms = (made, f"Idle: {f.idle_short}{held}", f"Idle: {f.idle_short}", f"Idle{held}", "Idle")
    where_forms = (where, f"room {f.room} · ${f.price} each", f"room {f.room} · ${f.price}", f"room {f.room}")
    return tuple(dict.fromkeys(made_forms)), tuple(dict.fromkeys(where_forms))


def summary_short(view: dict, cid: str, f: Forecast | None = None) -> tuple[str, ...]:
    """The forecast on one line, in ever fewer words, for a board shown small: the first form that
    fits is drawn ("Makes 3 · room 7 · $90 each", …, "Makes 3"; "Idle: F1 needs 1 Worker · room
    7", …, "Idle")."""
    f = forecast(view, cid) if f is None else f
    held = f" +{f.held} held" if f.held else ""
    if f.goods or not f.idle_reason:
        made = f"Makes {f.goods}{held}"
        tail = (f" · room {f.room} · ${f.price} each", f" · room {f.room} · ${f.price}", f" · room {f.room}", "")
    else:
        made = f"Idle: {f.idle_short}{held}"
        tail = (f" · room {f.room} · ${f.price}", f" · room {f.room}", "")
    forms = [made + t for t in tail]
    if f.held and not f.goods and f.idle_reason:
        forms.append(f"Idle{held}")
    forms.append(made.split(":")[0] if f.idle_reason and not f.goods else f"Makes {f.goods}")
    return tuple(dict.fromkeys(forms))


def detail_lines(view: dict, cid: str, f: Forecast | None = None) -> list[str]:
    """The tooltip of the forecast: every reason in full."""
    f = forecast(view, cid) if f is None else f
    kind = GOODS_NAMES[COMPANIES[cid].goods]
    lines = [f"Fully staffed: {f.staffed} of {f.factories} factories. With the resources on the charter "
             f"{count(f.runs, 'factory', 'factories')} would run, making {f.goods} {kind}."]
    if f.idle_reason:
        lines.append(f"Production would stop at {f.idle_reason}.")
    if f.short:
        lines.append("To run every staffed factory it would buy "
                     + ", ".join(f"{n} {RESOURCE_NAMES[r].lower()}" for r, n in f.short.items())
                     + " from the supply chain or get them at Haymarket.")
    bonus = ", ".join(f"${b}" for b in COLUMN_BONUS)
    lines.append(f"{kind} demand tiles with room: {f.tiles}, taking {count(f.room, 'good')} at ${f.price} each "
                 f"(a tile filled exactly pays its column's bonus: {bonus}).")
    return lines
