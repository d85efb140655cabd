"""Capital Assets (§8) and the free actions of a company's turn (§13.3.4): buying an asset from
the row (Capital Investment, or buildings 1, 19 and 40 at a discount) with its immediate bonus,
keeping one on a charter that has the slot, the row sliding down and a new tile drawn; using
("exhausting") an asset once a Decade; and trading 2 identical resources for 1 at Haymarket
Square. A mixin of BigShouldersState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.core.text import money
from engine.games.big_shoulders.data import ASSET_PRICES, ASSETS, COMPANIES, RESOURCES
from engine.games.big_shoulders.words import aname, cname, res

STOCK_ASSET_FRAMES = ("op_ship", "op_dividend", "op_last")
"""Popular Partners and Backroom Deals work only after production (§8)."""


class CapitalRules:
    __slots__ = ()

    # -- buying ---------------------------------------------------------------------------------
    def asset_slots(self) -> list[int]:
        return [slot for slot, a in enumerate(self.asset_row) if a is not None]

    @staticmethod
    def asset_price(slot: int, discount: int) -> int:
        return max(0, ASSET_PRICES[slot] - discount)

    def _choices_asset_buy(self, seat: int, _seat, cid: str, discount: int) -> list[Action]:
        cash = self.companies[cid]["cash"]
        return [Action("buy_asset", seat, (slot,)) for slot in self.asset_slots()
                if self.asset_price(slot, discount) <= cash]

    def _why_asset_buy(self, action: Action) -> str | None:
        _, _, cid, discount = self.stack[-1]
        if action.kind == "buy_asset" and action.args and isinstance(action.args[0], int):
            slot = action.args[0]
            if not 0 <= slot < len(ASSET_PRICES) or self.asset_row[slot] is None:
                return "That slot of the Capital Asset row is empty."
            price = self.asset_price(slot, discount)
            return f"It costs {money(price)}; {cname(cid)} holds {money(self.companies[cid]['cash'])}."
        return "Choose a Capital Asset from the row."

    def _do_buy_asset(self, seat: int, slot: int) -> list[Event]:
        """The company pays the bank, always takes the immediate bonus, and keeps the tile if its
        charter has the slot (choosing between two), else discards it [code]; then the row slides."""
        _, _, cid, discount = self.stack.pop()
        c = self.companies[cid]
        asset = self.asset_row[slot]
        price = self.asset_price(slot, discount)
        c["cash"] -= price
        c["assets_acquired"] += 1
        self.asset_row[slot] = None
        events = [Event(f"{cname(cid)} buys {aname(asset)} for {money(price)}.", "asset")]
        self.stack.append(["asset_slide", slot])
        if COMPANIES[cid].asset_slot:
            if c["asset"] is None:
                c["asset"], c["exhausted"] = asset, False
            else:
                self.stack.append(["asset_keep", seat, cid, asset])
        else:
            events.append(Event(f"{cname(cid)} has no Capital Asset slot and discards {aname(asset)} "
                                "after its bonus.", "asset"))
        bonus = dict(ASSETS[asset].bonus)
        self.queue_gain(seat, cid, "automate", bonus.get("automate", 0))
        self.queue_gain(seat, cid, "worker", bonus.get("free_workers", 0))
        if bonus.get("appeal"):
            events += self.appeal_up(cid, bonus["appeal"])
        return events

    def _choices_asset_keep(self, seat: int, _seat, cid: str, new: str) -> list[Action]:
        return [Action("keep_asset", seat, (self.companies[cid]["asset"],)), Action("keep_asset", seat, (new,))]

    def _why_asset_keep(self, action: Action) -> str | None:
        return "Keep either the Capital Asset the company holds or the new one."

    def _do_keep_asset(self, seat: int, asset: str) -> list[Event]:
        _, _, cid, new = self.stack.pop()
        c = self.companies[cid]
        old = c["asset"]
        if asset != old:
            c["asset"], c["exhausted"] = asset, False
        dropped = new if asset == old else old
        return [Event(f"{cname(cid)} keeps {aname(asset)} and discards {aname(dropped)}.", "asset")]

    def _frame_asset_slide(self, slot: int) -> list[Event]:
        """The tiles in dearer slots than the gap slide down one; a new tile is drawn into $80."""
        row = self.asset_row
        self.asset_row = row[:slot] + row[slot + 1:] + [None]
        if self.asset_deck:
            self.stack.append(["asset_draw"])
        return []

    # -- using an asset -------------------------------------------------------------------------
    def _asset_problem(self, seat: int, cid: str) -> str | None:
        if cid not in self.companies or self.companies[cid]["dir"] != seat:
            return "A player uses only the assets of a company they direct."
        c = self.companies[cid]
        a = c["asset"]
        if a is None:
            return f"{cname(cid)} holds no Capital Asset."
        use = dict(ASSETS[a].use)
        if "passive" in use:
            return f"{aname(a)} works by itself and is never used."
        if c["exhausted"]:
            return f"{aname(a)} has been used this Decade."
        if "stock" in use and self.stack[-1][0] not in STOCK_ASSET_FRAMES:
            return f"{aname(a)} may be used only after {cname(cid)} has produced in the Operating Phase."
        if "revenue" in use and self.stack[-1][0] == "op_last":
            return f"{aname(a)} adds to this Decade's revenue, which {cname(cid)} has already paid out or withheld."
        if c["cash"] < use.get("pay", 0):
            return f"{aname(a)} costs {money(use['pay'])}; {cname(cid)} holds {money(c['cash'])}."
        if "resources" in use and not any(self.haymarket[r] for r in dict(use["resources"])):
            return f"Haymarket holds none of what {aname(a)} gives."
        return None

    def _do_use_asset(self, seat: int, cid: str) -> list[Event]:
        c = self.companies[cid]
        a = c["asset"]
        use = dict(ASSETS[a].use)
        c["exhausted"] = True
        c["cash"] -= use.get("pay", 0)
        events = [Event(f"{cname(cid)} uses {aname(a)}.", "asset")]
        if "appeal" in use:
            events += self.appeal_up(cid, use["appeal"])
        if "resources" in use:
            events += self.take_from_haymarket(cid, dict(use["resources"]))
        if "revenue" in use:
            # counted in this Decade's operating revenue (ruling §16.15)
            c["extra_revenue"] += use["revenue"]
            events.append(Event(f"{cname(cid)} adds {money(use['revenue'])} to its revenue this Decade.", "asset"))
        if "stock" in use and self.move_price(cid, use["stock"]):
            events.append(Event(f"{cname(cid)}'s price rises to {self.price_words(cid)}.", "asset"))
        if self.stack[-1][0] == "op_last":  # its last chance taken: the company's run goes on
            self.stack.pop()
        return events

    # -- Haymarket trades -----------------------------------------------------------------------
    def _trade_problem(self, seat: int, cid: str, give: str, take: str) -> str | None:
        if cid not in self.companies or self.companies[cid]["dir"] != seat:
            return "A player trades only for a company they direct."
        if give not in RESOURCES or take not in RESOURCES or give == take:
            return "Give 2 of one resource for 1 of another."
        if self.companies[cid]["resources"][give] < 2:
            return f"{cname(cid)} holds fewer than 2 {res(give, 2)}."
        if not self.haymarket[take]:
            return f"Haymarket holds no {res(take, 2)}."
        return None

    def _do_trade(self, seat: int, cid: str, give: str, take: str) -> list[Event]:
        """§6: 2 identical resources from the company into Haymarket, 1 of its choice back."""
        c = self.companies[cid]
        c["resources"][give] -= 2
        self.haymarket[give] += 2
        self.haymarket[take] -= 1
        c["resources"][take] += 1
        return [Event(f"{cname(cid)} trades {res(give, 2)} for {res(take)} at Haymarket.", "action")]

    def free_actions(self, seat: int, cids: list[str]) -> list[Action]:
        """The trades and asset uses open to `seat` for `cids` now (§13.3.4)."""
        acts = []
        for cid in cids:
            have = self.companies[cid]["resources"]
            for give in RESOURCES:
                if have[give] >= 2:
                    acts += [Action("trade", seat, (cid, give, take)) for take in RESOURCES
                             if take != give and self.haymarket[take]]
            if self._asset_problem(seat, cid) is None:
                acts.append(Action("use_asset", seat, (cid,)))
        return acts

    def free_problem(self, action: Action) -> str | None:
        kind, seat, args = action
        if kind == "trade":
            return self._trade_problem(seat, *args)
        return self._asset_problem(seat, *args)

