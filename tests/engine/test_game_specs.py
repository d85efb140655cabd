"""Every game's GameSpec is data (assets/games/<id>/game.toml read by engine.core.assets.game_spec).
Saves record the game id, rules version and options, so the specs read from the toml must equal
the ones the code used to spell out: the facts below are those values, copied from the
`GameSpec(...)` blocks the toml files replaced (and Big Shoulders' from its first game.toml)."""

import pytest

from engine.core import game_ids, get_spec
from engine.core.assets import game_asset
from engine.core.contract import Option

FACTS = {
    "first-ceo": ("1st CEO",
                  "Acquire companies, sell shares and pay dividends in a race to the top of the asset track.",
                  3, 6, 2, ()),
    "robber-barons": (
        "Robber Barons of the Gilded Age",
        "Speculate, fleece your rivals, build trusts and monopolies, then buy a Legacy of philanthropy.",
        2, 6, 1,
        (Option("turn_limit", "Turn limit", 1000, (),
                "The game also ends at the end of the round in which this many turns (all players' together) "
                "have been played; 0: only when the Legacy deck is empty.", 0, 5000),)),
    "victory-through-industry": (
        "Victory Through Industry",
        "Build a connected complex of factories, chain their products and supply government contracts.",
        2, 6, 5,
        (Option("max_rounds", "Round limit", 100,
                help="The game also ends after this many rounds (0 = no limit). The rulebook has no "
                     "limit; this one only stops games in which no end condition is ever reached.",
                minimum=0, maximum=1000),)),
    "captains-of-industry": (
        "Captains of Industry",
        "Build facilities, price your goods, shape demand with Real Estate, and sell for Market Share.",
        3, 5, 1, ()),
    "big-shoulders": (
        "City of the Big Shoulders",
        "Found companies in Chicago after the Great Fire, trade their stock, hire, build and ship.",
        2, 4, 2,
        (Option("public_goals", "Public Goals", True, (False, True),
                "Five of the ten goal cards are drawn at set-up; each pays $200 at the end."),
         Option("advanced", "Advanced Rules", False, (False, True),
                "Directorship transfers, selling the Director's certificate and Emergency Fundraising."),
         Option("friendly", "Friendly Stock Sales", True, (False, True),
                "A sale by a player other than the director drops the price one step, however much is sold."))),
}


def test_every_registered_game_has_its_facts_here():
    assert sorted(FACTS) == sorted(game_ids())


@pytest.mark.parametrize("game_id", sorted(FACTS))
def test_the_spec_read_from_game_toml_is_the_one_the_code_gave(game_id):
    spec = get_spec(game_id)
    title, pitch, lo, hi, version, options = FACTS[game_id]
    assert (spec.id, spec.title, spec.pitch, spec.min_players, spec.max_players, spec.rules_version) == \
        (game_id, title, pitch, lo, hi, version)
    # what a save records and checks: the words that explain an option (help, the rule quoted,
    # whether a safety bound is shown) are the new-game dialog's and may be reworded
    def kept(opts):
        return [(o.key, o.label, o.default, o.choices, o.minimum, o.maximum) for o in opts]

    assert kept(spec.options) == kept(options)
    assert all(o.help for o in spec.options), "every option says what it changes"
    # an option read from toml keeps its Python type, so validation and saves see the same values
    assert [type(o.default) for o in spec.options] == [type(o.default) for o in options]
    assert spec.rules_help == game_asset(game_id, "rules.md").read_text(encoding="utf-8")
    assert spec.state_class.spec is spec and spec.state_class.__module__.startswith(
        "engine.games." + game_id.replace("-", "_") + ".")
