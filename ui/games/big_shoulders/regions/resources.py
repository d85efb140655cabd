"""The supply chain, Haymarket Square, the bag and the Job Market."""

from __future__ import annotations

from engine.core.text import count, money
from engine.games.big_shoulders import market
from engine.games.big_shoulders.data import (
    JOB_BANDS,
    JOB_SPACES,
    RESOURCE_NAMES,
    RESOURCES,
    SUPPLY_PRICES,
    SUPPLY_SPACES,
)
from ui.board import style
from ui.board.pieces import Chip
from ui.games.big_shoulders.items import CubeButton, MarketItem, ResourceSpace
from ui.games.big_shoulders.regions.geometry import LEFT_W, M
from ui.games.big_shoulders.words import resource_words


class ResourcesRegion:
    """The resources and the Workers (a part of `BigShouldersScene`, which gives it the view, the
    names, the seat at the screen and the pool of pieces)."""

    def _show_resources(self, view: dict, top: float) -> float:
        h = 176.0
        self._panel("resources", "Resources and Workers", "supply slides toward $10; X not for sale",
                    M, top, LEFT_W, h, note_short=("X not for sale",))
        sw, sh = 104.0, 78.0
        x = M + 12
        for sid in SUPPLY_SPACES:
            sp = self.pooled(("supply", sid), lambda: ResourceSpace(sw, sh))
            price = SUPPLY_PRICES[sid]
            label = "X (next)" if not price else f"${price} each"
            counts = view["supply"][sid]
            sp.set_space(label, counts, f"Supply chain {label}: {resource_words(counts) or 'empty'}"
                         + ("" if price else " — not for sale; it slides on after each company operates"),
                         dark=not price, cubes=False, short=("X" if not price else f"${price}",))
            sp.setPos(x, top + 36)
            self._cubes(("supply", sid), sp, counts,
                        lambda r, sid=sid: self.take_pending(lambda a: a.kind == "buy_resource" and a.args == (sid, r)),
                        f"{label} in the supply chain")
            x += sw + 6
        x += 10
        hay = self.pooled(("haymarket",), lambda: ResourceSpace(150, sh))
        give = self.trade_give
        hay.set_space("Haymarket" if give is None else "Haymarket: take 1",
                      view["haymarket"], "Haymarket Square: " + (resource_words(view["haymarket"]) or "empty")
                      + ". Trade 2 identical resources of a company for 1 of your choice from here.", cubes=False,
                      short=("Hay",) if give is None else ("Take 1",))
        hay.setPos(x, top + 36)

        def haymarket_take(r: str):
            if give is not None:
                return self.take_pending(lambda a: a.kind == "trade" and a.args == (*give, r))
            return self.take_pending(lambda a: a.kind == "take_resource" and a.args == (r,))

        self._cubes(("haymarket",), hay, view["haymarket"], haymarket_take, "at Haymarket")
        x += 156
        bag = self.pooled(("bag",), lambda: ResourceSpace(LEFT_W - (x - M) - 12, sh))
        bag.resize(LEFT_W - (x - M) - 12, sh)
        total = sum(view["bag"].values())
        bag.set_space(f"Bag ({total})", view["bag"], f"The bag holds {count(total, 'resource')}: "
                      + resource_words(view["bag"]), dark=True, short=(f"Bag {total}",))
        bag.setPos(x, top + 36)
        jm = self.pooled(("jobs",), lambda: MarketItem(LEFT_W - 180, 50))
        n = int(view["job_market"])
        price = market.worker_price(n)
        jm.set_market(n, JOB_SPACES, JOB_BANDS, f"Job Market: {count(n, 'Worker')}; the next one costs "
                      f"{money(price)} (each Worker is priced as it is taken)")
        jm.setPos(M + 170, top + 36 + sh + 10)
        lab = self.pooled(("jobs-label",), lambda: Chip(150, 28))
        lab.set_chip(f"Job Market {n}/12", f"Next Worker {money(price)}", style.PAPER_DARK,
                     short=(f"Jobs {n}/12", f"{n}/12"))
        lab.setPos(M + 12, top + 36 + sh + 12)
        self._target(lab, None)
        return top + h

    def _cubes(self, key: tuple, space: ResourceSpace, counts: dict, action_for, where: str) -> None:
        """The resources of a space as buttons: a click buys, takes or trades for that resource."""
        k = 0
        for r in RESOURCES:
            n = int(counts.get(r, 0))
            if not n:
                continue
            cube = self.pooled(("cube", *key, r), lambda: CubeButton(24, 24, parent=space))
            cube.set_cube(r, n, f"{count(n, RESOURCE_NAMES[r])} {where}")
            cube.setPos(ResourceSpace.cube_pos(k, space.w))
            cube.setZValue(2)
            act = action_for(r)
            self._target(cube, act, self._label(act) if act else "")
            k += 1
