"""City of the Big Shoulders component data, checked against the components file's counts and
totals (city-of-the-big-shoulders-components.md) and the rules excerpt's set-up."""

import tomllib

import pytest

from engine.core.assets import game_asset
from engine.games.big_shoulders import data as d

FILES = ("board.toml", "companies.toml", "buildings.toml", "assets.toml", "goals.toml", "demand.toml", "game.toml")


def _rows(tree):
    """Every row of a parsed TOML file: each table at the top, and each table inside a list
    (an array of tables, or an inline table in a list such as a charter's factories)."""
    for value in tree.values():
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, dict):
                yield item
                for inner in item.values():
                    if isinstance(inner, list):
                        yield from (x for x in inner if isinstance(x, dict))


@pytest.mark.parametrize("name", FILES)
def test_every_row_has_its_provenance(name):
    with open(game_asset(d.GAME_ID, name), "rb") as fh:
        tree = tomllib.load(fh)
    rows = list(_rows(tree))
    assert rows
    untagged = [r for r in rows if not str(r.get("provenance", "")).startswith(("components", "rules", "ruling"))]
    assert not untagged, untagged[:2]


def test_the_game_as_data():
    """The spec comes from game.toml: 2–4 players (§1) and the three options of §14 with their
    defaults (Public Goals Yes, Advanced Rules No, Friendly Stock Sales Yes)."""
    from engine.games.big_shoulders import SPEC

    assert (SPEC.id, SPEC.title, SPEC.min_players, SPEC.max_players) == ("big-shoulders", "City of the Big Shoulders",
                                                                         2, 4)
    assert {o.key: o.default for o in SPEC.options} == {"public_goals": True, "advanced": False, "friendly": True}
    assert SPEC.resolve_options({}) == {"public_goals": True, "advanced": False, "friendly": True}
    assert "Public Goals" in SPEC.rules_help and SPEC.state_class.spec is SPEC


def test_ten_charters_by_goods_type():
    assert len(d.COMPANIES) == 10
    by_type = {}
    for c in d.COMPANIES.values():
        by_type[c.goods] = by_type.get(c.goods, 0) + 1
    assert by_type == {"dry_goods": 4, "food_dairy": 2, "meat_packing": 2, "shoes": 2}
    assert sorted(c.short for c in d.COMPANIES.values() if c.asset_slot) == \
        ["Anglo-American", "Brunswick", "Libby", "Spalding", "Swift"]
    assert {c.short: c.appeal for c in d.COMPANIES.values() if c.appeal == 3} == {"Fairbank": 3, "Swift": 3}


def test_factories_and_salespeople_tracks():
    assert sum(len(c.factories) for c in d.COMPANIES.values()) == 21
    assert len(d.COMPANIES["henderson"].factories) == 3
    assert d.COMPANIES["brunswick"].prices == (80, 90, 100, 110)
    assert d.COMPANIES["brunswick"].max_salespeople == 3
    assert d.COMPANIES["spalding"].max_salespeople == 1
    assert all(c.max_salespeople == 2 for c in d.COMPANIES.values() if c.id not in ("brunswick", "spalding"))
    f = d.COMPANIES["anglo"].factories[1]
    assert f.workers == 2 and f.uses_dict() == {"coal": 2, "livestock": 1, "wood": 1} and f.makes == 3
    assert dict(d.COMPANIES["swift"].factories[1].manager) == {"goods": 1, "appeal": 1}


def test_stock_track():
    assert len(d.STOCK_VALUES) == 21
    assert d.STOCK_VALUES[0] == 10 and d.STOCK_VALUES[-1] == 450
    assert [d.STOCK_VALUES[s] for s in d.START_STEPS] == [35, 40, 50, 60]
    assert list(d.STOCK_VALUES) == sorted(set(d.STOCK_VALUES))


def test_certificates():
    assert sum(d.CERT_COUNTS.values()) == 7
    assert sum(d.CERT_UNITS[k] * d.CERT_COUNTS[k] for k in d.CERT_UNITS) == 10
    assert d.CAP_UNITS == 6
    assert d.CERT_LIMIT == {2: 10, 3: 12, 4: 14}


def test_appeal_track_and_job_market():
    assert d.APPEAL_TOP == 16
    assert sorted(d.APPEAL_BONUSES) == [3, 5, 7, 9, 11, 13, 15, 16]
    assert d.GOODS_TOKENS == 10 and d.FORFEIT_CASH == 25
    assert d.JOB_SPACES == 12
    prices = {n: next(p for lo, hi, p in d.JOB_BANDS if lo <= n <= hi) for n in range(13)}
    assert [prices[n] for n in range(13)] == [50] + [40] * 4 + [30] * 4 + [20] * 4


def test_general_action_spaces():
    g = d.GENERAL_SPACES
    assert len(g) == 9
    assert {k for k, v in g.items() if v["uses"] == 0} == {
        "hire_workers", "advertising", "fund_40", "capital_investment", "extra_dividends"}
    assert g["fund_60"]["from_decade"] == 3 and g["fund_80"]["from_decade"] == 5
    assert (g["hire_manager"]["company_pays"], g["hire_salesperson"]["company_pays"],
            g["extra_dividends"]["company_pays"], g["advertising"]["company_pays"]) == (60, 70, 100, 20)


def test_buildings_counts_by_era_and_players():
    assert len(d.BUILDINGS) == 44
    assert sorted(d.BUILDINGS) == list(range(1, 45))
    expected = {2: (6, 8, 8), 3: (9, 12, 12), 4: (12, 16, 16)}
    for players, counts in expected.items():
        assert tuple(len(d.buildings_for(players, era)) for era in (1, 2, 3)) == counts
        # each deck is used up exactly: 3 per player in era I, 2 per player in each of 2 decades
        assert counts == (3 * players, 4 * players, 4 * players)
    assert d.buildings_for(2, 1) == [1, 2, 6, 9, 10, 11]
    assert d.buildings_for(2, 3) == [34, 36, 37, 38, 39, 40, 41, 42]
    assert set(d.buildings_for(3, 2)) - set(d.buildings_for(2, 2)) == {16, 18, 20, 27}
    assert set(d.buildings_for(4, 3)) - set(d.buildings_for(3, 3)) == {30, 32, 43, 44}
    assert {b.id for b in d.BUILDINGS.values() if b.pay == "bank"} == {1, 3, 5, 7, 13, 15, 17, 19, 29, 30, 31, 32, 40}
    assert [dict(d.BUILDINGS[i].effect)["dividend"] for i in (29, 30, 31, 32)] == [150, 200, 250, 300]


def test_capital_assets():
    assert len(d.ASSETS) == 16
    starts = [a.id for a in d.ASSETS.values() if a.start]
    assert len(starts) == 5 and d.START_ASSET_AT_TOP in starts
    assert d.ASSET_PRICES == (40, 50, 60, 70, 80)
    assert "Workshop" in {a.name for a in d.ASSETS.values()}   # ruling §15.6
    assert dict(d.ASSETS["price_protection"].bonus) == {"automate": 1, "appeal": 2}


def test_goals():
    assert len(d.GOALS) == 10
    assert all(g.reward == 200 for g in d.GOALS.values())
    assert d.SETUP["goals_drawn"] == 5


def test_demand_tiles():
    assert len(d.DEMAND) == 24
    for pips in (1, 2, 3, 4):
        assert sum(1 for t in d.DEMAND.values() if t.pips == pips) == 6
    assert [len(d.demand_for(p)) for p in (2, 3, 4)] == [15, 19, 24]
    assert sorted(t.demand for t in d.DEMAND.values() if t.pips == 1) == [0, 1, 1, 2, 2, 3]
    assert d.GOODS_ROWS == ("food_dairy", "dry_goods", "meat_packing", "shoes")
    assert d.COLUMN_BONUS == (50, 20, 0)


def test_resources_bag_and_supply_chain():
    assert d.RESOURCE_TOTAL == {"livestock": 20, "steel": 18, "coal": 16, "wood": 16}
    assert sum(d.RESOURCE_TOTAL.values()) == 70
    assert sum(d.HAYMARKET_START.values()) == 8
    assert sum(d.RESOURCE_TOTAL.values()) - sum(d.HAYMARKET_START.values()) == 62
    assert d.SUPPLY_SPACES == ("x", "30", "20", "10")
    assert d.REFILL == (3, 4, 4, 5, 6)
    assert d.YEARS == (1875, 1885, 1895, 1905, 1915)


def test_setup_numbers():
    s = d.SETUP
    assert (s["start_cash"], s["start_partners"], s["max_partners"], s["job_market_workers"],
            s["supply_per_space"], s["buildings_dealt"]) == (175, 2, 5, 4, 3, 3)
