"""Victory Through Industry rules, including the worked example turn of the rules text
(shared/rules/victory-through-industry.txt)."""

import time

import pytest

from engine.core import CHANCE, TERMINAL, Action, IllegalAction, Rng
from engine.games.victory_through_industry import SPEC
from engine.games.victory_through_industry.data import (
    CONTRACTS,
    FACTORIES,
    PRODUCTS,
    SUPPLY_PER_TYPE,
    payment_pairs,
)
from engine.games.victory_through_industry.state import connected

# rotation 0: a raw producer outputs below itself
DOWN = 0


def setup_state(players=2, row=None, first=0, options=None):
    """A state after set-up with forced chance outcomes: the contracts in `row` revealed first,
    `first` drafting first, every draft taking the first type offered and every placement the
    first legal cell at rotation 0. Tests then lay out complexes with `lay_out`."""
    st = SPEC.new_state(players, options)
    wanted = list(row or [])
    while st.to_move() == CHANCE and st.pending[0][0] == "reveal":
        cid = wanted.pop(0) if wanted else st.deck[0]
        st.apply(Action("reveal_contract", CHANCE, (cid,)))
    st.apply(Action("first_drafter", CHANCE, (first,)))
    while st.phase != "play":
        st.apply(st.legal_actions()[0])
    return st


def lay_out(st, seat, factories, products=()):
    """Replace a seat's complex: factories {cell: (type, rot)} and products {cell: type}. Keeps the
    supply and product accounting straight so check_invariants still holds."""
    for f, _ in st.fac[seat].values():
        st.supply[f] += 1
    for p in st.prod[seat].values():
        st.spent[p] += 1
    st.fac[seat] = {}
    st.prod[seat] = {}
    for cell, (f, rot) in dict(factories).items():
        st.fac[seat][cell] = (f, rot)
        st.supply[f] -= 1
    for cell, p in dict(products).items():
        st.prod[seat][cell] = p
        st.made[p] += 1
    assert st.check_invariants() == []


def do(st, *actions):
    for kind, args in actions:
        st.apply(Action(kind, st.to_move(), tuple(args)))


def kinds(st):
    return {a.kind for a in st.legal_actions()}


# -- set-up ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,each,left", [(2, 4, 1), (3, 3, 0), (4, 2, 1), (5, 1, 4), (6, 1, 3)])
def test_draft_goes_round_until_fewer_than_players_remain(players, each, left):
    st = SPEC.new_state(players)
    while st.to_move() == CHANCE and st.pending[0][0] == "reveal":
        st.apply(st.chance_outcomes()[0][0])
    assert len(st.row) == 4 * players
    st.apply(Action("first_drafter", CHANCE, (1,)))
    order = []
    while st.phase == "draft":
        order.append(st.to_move())
        st.apply(st.legal_actions()[0])
    # passed to the right: seat 1, then 0, then the last seat, ...
    assert order[:players] == [(1 - i) % players for i in range(players)]
    assert all(len(d) == each for d in st.drafted)
    placed_total = sum(len(d) for d in st.drafted)
    assert 9 - placed_total == left
    # the player who chose the last starting factory plays first
    assert st.first == order[-1] == st.current
    assert st.check_invariants() == []
    while st.phase != "play":
        st.apply(st.legal_actions()[0])
    assert st.to_move() == order[-1]
    assert all(connected(st.fac[s]) and len(st.fac[s]) == each for s in range(players))


def test_first_starting_factory_goes_in_the_middle_then_touching():
    st = SPEC.new_state(2)
    while st.to_move() == CHANCE:
        st.apply(st.chance_outcomes()[0][0])
    while st.phase == "draft":
        st.apply(st.legal_actions()[0])
    s = st.to_move()
    st.apply(st.legal_actions()[0])                 # choose which factory to place
    assert [a.args for a in st.legal_actions()] == [(0, 0)]
    st.apply(st.legal_actions()[0])
    assert {a.kind for a in st.legal_actions()} == {"rotate"}
    st.apply(Action("rotate", s, (1,)))
    st.apply(st.legal_actions()[0])
    sites = {a.args for a in st.legal_actions()}
    assert sites == {(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1)} - {(0, 0)}


# -- building ----------------------------------------------------------------------------------
def test_nylon_factory_ten_payment_pairs():
    """'To build a Nylon Factory, you may pay with any of the following pairs of products'."""
    expected = {
        ("naphtha", "naphtha"), ("naphtha", "cloth"), ("naphtha", "parachutes"), ("naphtha", "wood"),
        ("cloth", "cloth"), ("cloth", "parachutes"), ("cloth", "wood"),
        ("parachutes", "parachutes"), ("parachutes", "wood"), ("wood", "wood"),
    }
    pairs = payment_pairs("nylon_factory")
    assert len(pairs) == 10
    assert {tuple(sorted(p)) for p in pairs} == {tuple(sorted(p)) for p in expected}


@pytest.mark.parametrize("pair", payment_pairs("nylon_factory"))
def test_each_nylon_pair_pays_in_the_engine(pair):
    st = setup_state()
    s = st.current
    lay_out(st, s, {(0, 0): ("oil_well", DOWN)}, {(1, 0): pair[0], (-1, 0): pair[1], (0, -1): "steel"})
    do(st, ("nonproduction", ()))
    assert Action("build", s, ("nylon_factory",)) in st.legal_actions()
    do(st, ("build", ("nylon_factory",)))
    payable = {a.args for a in st.legal_actions()}
    assert payable == {(1, 0), (-1, 0)}               # never the Steel
    do(st, ("pay", (1, 0)), ("pay", (-1, 0)))
    assert Action("site", s, (1, 0)) in st.legal_actions()   # a cell freed by the payment
    do(st, ("site", (1, 1)), ("rotate", (2,)))
    assert st.fac[s][(1, 1)] == ("nylon_factory", 2)
    assert st.prod[s] == {(0, -1): "steel"}
    assert st.supply["nylon_factory"] == SUPPLY_PER_TYPE - 1
    assert st.check_invariants() == []


def test_build_refused_with_one_matching_product_or_four_of_a_type():
    st = setup_state()
    s = st.current
    lay_out(st, s, {(0, 0): ("oil_well", DOWN)}, {(1, 0): "naphtha", (-1, 0): "steel"})
    do(st, ("nonproduction", ()))
    assert Action("build", s, ("nylon_factory",)) not in st.legal_actions()
    assert "costs two products" in st.illegal_reason(Action("build", s, ("nylon_factory",)))
    four = {(i, 0): ("forest", DOWN) for i in range(4)}
    lay_out(st, s, four, {(0, -1): "wood", (1, -1): "wood"})
    assert Action("build", s, ("forest",)) not in st.legal_actions()
    assert "four" in st.illegal_reason(Action("build", s, ("forest",)))
    assert Action("build", s, ("copper_mine",)) in st.legal_actions()


# -- bank --------------------------------------------------------------------------------------
def test_bank_three_of_a_kind_for_one_of_same_or_lower_value():
    """'you may give the bank three Rubber cards (each worth 2 points) to receive a Parachutes card'."""
    st = setup_state()
    s = st.current
    rubber = {(-1, 0): "rubber", (1, 0): "rubber", (0, -1): "rubber", (0, 1): "oil", (2, 1): "oil"}
    lay_out(st, s, {(0, 0): ("forest", 1), (1, 1): ("forest", 1)}, rubber)
    do(st, ("nonproduction", ()))
    banks = [a.args for a in st.legal_actions() if a.kind == "bank"]
    assert banks == [("rubber",)]                    # two Oil are not enough
    do(st, ("bank", ("rubber",)))
    gets = {a.args[0] for a in st.legal_actions()}
    assert "parachutes" in gets and "rubber" in gets and "wood" in gets
    assert "steel" not in gets and "ammunition" not in gets
    assert all(PRODUCTS[p].value <= 2 for p in gets)
    do(st, ("bank_get", ("parachutes",)))
    assert sorted(st.prod[s].values()) == ["oil", "oil"]
    assert st.incoming[s] == ["parachutes"]
    assert {a.kind for a in st.legal_actions()} == {"place_product", "discard_incoming"}
    do(st, ("place_product", (-1, 0)))
    assert st.prod[s][(-1, 0)] == "parachutes"
    assert st.check_invariants() == []


# -- production --------------------------------------------------------------------------------
def test_steel_mill_needs_every_input():
    st = setup_state()
    s = st.current
    lay_out(st, s, {(0, 0): ("steel_mill", 0)}, {(1, 0): "iron_ore"})
    assert Action("produce", s, ("steel_mill",)) not in st.legal_actions()
    # the reason names the side that stops it (Iron Ore is on the right, Coal missing on the left)
    assert st.illegal_reason(Action("produce", s, ("steel_mill",))) == \
        "The Steel Mill cannot run: its left input needs Coal beside it."
    lay_out(st, s, {(0, 0): ("steel_mill", 0)}, {(1, 0): "iron_ore", (-1, 0): "coal"})
    do(st, ("produce", ("steel_mill",)))
    assert st.prod[s] == {(0, 1): "steel"}


def test_refinery_blocked_by_sulfur_on_an_output_space():
    st = setup_state()
    s = st.current
    lay_out(st, s, {(0, 0): ("oil_refinery", 0)}, {(0, -1): "oil", (-1, 0): "sulfur"})
    assert Action("produce", s, ("oil_refinery",)) not in st.legal_actions()
    lay_out(st, s, {(0, 0): ("oil_refinery", 0)}, {(0, -1): "oil"})
    do(st, ("produce", ("oil_refinery",)))
    assert st.prod[s] == {(1, 0): "naphtha", (0, 1): "fuel", (-1, 0): "sulfur"}


def test_production_factory_by_factory_two_of_three_textile_mills():
    """Three Cotton cards above three Textile Mills, one Cloth below one of them: two operate."""
    st = setup_state()
    s = st.current
    mills = {(x, 0): ("textile_mill", 0) for x in (0, 1, 2)}
    lay_out(st, s, mills, {(0, -1): "cotton", (1, -1): "cotton", (2, -1): "cotton", (1, 1): "cloth"})
    moves_before = st.moves
    do(st, ("produce", ("textile_mill",)))
    assert st.prod[s] == {(1, -1): "cotton", (0, 1): "cloth", (1, 1): "cloth", (2, 1): "cloth"}
    assert st.moves == moves_before + 1
    assert st.check_invariants() == []


def test_output_space_facing_a_factory_blocks():
    st = setup_state()
    s = st.current
    # the Forest's one output (bottom) faces the Iron Mine below it; the mine's two outputs (top
    # and bottom) face the Forest and a free cell
    lay_out(st, s, {(0, 0): ("forest", 0), (0, 1): ("iron_mine", 0)})
    assert Action("produce", s, ("forest",)) not in st.legal_actions()
    assert Action("produce", s, ("iron_mine",)) not in st.legal_actions()
    st.fac[s][(0, 1)] = ("iron_mine", 1)  # turned a quarter, its outputs go left and right
    assert Action("produce", s, ("iron_mine",)) in st.legal_actions()


def test_nylon_outputs_chosen_per_factory_and_choice_input():
    st = setup_state()
    s = st.current
    nylons = {(x, 0): ("nylon_factory", 0) for x in (0, 2, 4)}
    lay_out(st, s, {**nylons, (1, 1): ("forest", 1), (3, 1): ("forest", 1)},
            {(0, -1): "naphtha", (2, -1): "naphtha", (4, -1): "naphtha"})
    do(st, ("produce", ("nylon_factory",)))
    assert {a.args for a in st.legal_actions()} == {("cloth",), ("parachutes",)}
    do(st, ("output", ("cloth",)), ("output", ("parachutes",)), ("output", ("parachutes",)))
    assert [st.prod[s][(x, 1)] for x in (0, 2, 4)] == ["cloth", "parachutes", "parachutes"]
    # the Ammunition Factory takes Wood or Cotton on its top side
    for top in ("wood", "cotton"):
        lay_out(st, s, {(0, 0): ("ammunition_factory", 0)},
                {(0, -1): top, (-1, 0): "nitroglycerin", (1, 0): "copper"})
        assert st.operable(s, "ammunition_factory") == [(0, 0)]
    lay_out(st, s, {(0, 0): ("ammunition_factory", 0)},
            {(0, -1): "coal", (-1, 0): "nitroglycerin", (1, 0): "copper"})
    assert st.operable(s, "ammunition_factory") == []


def test_rotation_turns_the_sides():
    st = setup_state()
    s = st.current
    # a Steel Mill turned a quarter clockwise takes Coal above, Iron Ore below and outputs left
    lay_out(st, s, {(0, 0): ("steel_mill", 1)}, {(0, -1): "coal", (0, 1): "iron_ore"})
    do(st, ("produce", ("steel_mill",)))
    assert st.prod[s] == {(-1, 0): "steel"}


# -- tear down, move ---------------------------------------------------------------------------
def test_tear_down_keeps_the_complex_connected():
    st = setup_state()
    s = st.current
    row3 = {(0, 0): ("forest", 0), (1, 0): ("coal_mine", 0), (2, 0): ("iron_mine", 0)}
    lay_out(st, s, row3, {(0, 1): "coal"})
    do(st, ("nonproduction", ()))
    downs = {a.args for a in st.legal_actions() if a.kind == "tear_down"}
    assert downs == {(0, 0), (2, 0)}                 # the middle one would split the complex
    assert "split" in st.illegal_reason(Action("tear_down", s, (1, 0)))
    # corners connect: a diagonal neighbour keeps the ends joined
    lay_out(st, s, {**row3, (1, 1): ("oil_well", 0)}, {(0, 1): "coal"})
    assert Action("tear_down", s, (1, 0)) in st.legal_actions()
    # with two products that can pay for a factory the middle one may go, but must be replaced
    lay_out(st, s, row3, {(0, 1): "wood", (2, 1): "wood"})
    assert Action("tear_down", s, (1, 0)) in st.legal_actions()
    do(st, ("tear_down", (1, 0)))
    assert kinds(st) == {"build"}
    do(st, ("build", ("copper_mine",)), ("pay", (0, 1)), ("pay", (2, 1)))
    assert kinds(st) == {"rotate"}                   # the site is the gap itself
    do(st, ("rotate", (0,)))
    assert st.fac[s][(1, 0)] == ("copper_mine", 0)
    assert connected(st.fac[s]) and st.check_invariants() == []


def test_last_factory_cannot_be_torn_down():
    st = setup_state()
    s = st.current
    lay_out(st, s, {(0, 0): ("forest", 0)}, {(0, 1): "wood"})
    do(st, ("nonproduction", ()))
    assert "tear_down" not in kinds(st)


def test_move_factory_costs_one_product_and_strands_products():
    st = setup_state()
    s = st.current
    lay_out(st, s, {(0, 0): ("forest", 0), (1, 0): ("coal_mine", 0)}, {(2, 0): "coal", (0, 1): "wood"})
    do(st, ("nonproduction", ()), ("move_factory", (1, 0)))
    assert {a.args for a in st.legal_actions()} == {(2, 0), (0, 1)}   # Coal or Wood pays for a Coal Mine
    do(st, ("pay", (0, 1)))
    sites = {a.args for a in st.legal_actions()}
    assert (1, 0) in sites and (-1, 1) in sites and (3, 0) not in sites
    do(st, ("site", (-1, -1)), ("rotate", (0,)))
    assert st.fac[s] == {(0, 0): ("forest", 0), (-1, -1): ("coal_mine", 0)}
    # the Coal at (2, 0) is beside no factory now: back to hand, to be placed or discarded
    assert st.prod[s] == {} and st.incoming[s] == ["coal"]
    do(st, ("discard_incoming", ()))
    assert st.check_invariants() == []


def test_products_left_beside_no_factory_must_be_placed_or_discarded():
    st = setup_state()
    s = st.current
    lay_out(st, s, {(0, 0): ("forest", 0), (1, 0): ("coal_mine", 0)}, {(2, 0): "coal"})
    do(st, ("nonproduction", ()), ("tear_down", (1, 0)))
    assert st.incoming[s] == ["coal"] and (2, 0) not in st.prod[s]
    assert kinds(st) == {"place_product", "discard_incoming"}
    cells = {a.args for a in st.legal_actions() if a.kind == "place_product"}
    assert cells == {(0, -1), (1, 0), (0, 1), (-1, 0)}
    do(st, ("place_product", (0, -1)))
    assert st.prod[s] == {(0, -1): "coal"} and st.check_invariants() == []


def test_move_and_discard_a_product():
    st = setup_state()
    s = st.current
    lay_out(st, s, {(0, 0): ("forest", 0)}, {(0, 1): "wood", (1, 0): "coal"})
    do(st, ("nonproduction", ()), ("move_product", (0, 1)))
    assert {a.args for a in st.legal_actions() if a.kind == "site"} == {(0, -1), (-1, 0)}
    do(st, ("site", (-1, 0)), ("move_product", (1, 0)), ("discard", ()))
    assert st.prod[s] == {(-1, 0): "wood"}
    assert st.check_invariants() == []


# -- trades ------------------------------------------------------------------------------------
def test_trade_offer_is_answered_by_the_other_seat():
    st = setup_state(3)
    s = st.current
    t = (s + 1) % 3
    lay_out(st, s, {(0, 0): ("forest", 0)}, {(0, 1): "wood", (1, 0): "wood"})
    lay_out(st, t, {(0, 0): ("coal_mine", 0)}, {(0, 1): "coal"})
    do(st, ("nonproduction", ()), ("offer", (t,)), ("offer_give", ("wood", 2)))
    assert {a.args for a in st.legal_actions()} == {("", 0), ("coal", 1)}
    do(st, ("offer_get", ("coal", 1)))
    assert st.to_move() == t
    assert {a.kind for a in st.legal_actions(t)} == {"accept", "refuse"}
    assert st.legal_actions(s) == []
    do(st, ("accept", ()))
    # the receiver places first, then the player on turn
    assert st.to_move() == t and st.incoming[t] == ["wood", "wood"]
    do(st, ("place_product", (0, 1)), ("place_product", (1, 0)))
    assert st.to_move() == s and st.incoming[s] == ["coal"]
    do(st, ("place_product", (0, 1)))
    assert sorted(st.prod[t].values()) == ["wood", "wood"] and list(st.prod[s].values()) == ["coal"]
    assert "offer" not in kinds(st)                  # one offer per non-production move
    assert st.check_invariants() == []


def test_a_product_given_in_a_trade_must_be_placed_while_there_is_a_place():
    """"To give a product, simply hand it to the player in question, who must place it in a valid
    location within his industrial complex": the receiver, not on turn, may not throw it away
    while a cell beside one of its factories is free; with no free cell it is discarded. The
    player on turn, who may discard products in a non-production move anyway, may discard what
    it receives."""
    st = setup_state(2)
    s = st.current
    t = 1 - s
    lay_out(st, s, {(0, 0): ("forest", 0)}, {(0, 1): "wood", (1, 0): "wood"})
    full = {(0, 1): "coal", (1, 0): "coal", (-1, 0): "coal", (0, -1): "coal"}
    lay_out(st, t, {(0, 0): ("coal_mine", 0)}, full)
    do(st, ("nonproduction", ()), ("offer", (t,)), ("offer_give", ("wood", 2)), ("offer_get", ("coal", 1)),
       ("accept", ()))
    assert st.to_move() == t and st.incoming[t] == ["wood", "wood"]
    free = st.free_product_cells(t)
    assert len(free) == 1 and kinds(st) == {"place_product"}   # the Coal's cell is free: no discarding
    refused = st.illegal_reason(Action("discard_incoming", t, ()))
    assert refused is not None and "place" in refused
    do(st, ("place_product", free[0]))
    assert kinds(st) == {"discard_incoming"}         # the second has no place left: discarded
    do(st, ("discard_incoming", ()))
    assert st.to_move() == s and st.incoming[s] == ["coal"]
    assert kinds(st) == {"place_product", "discard_incoming"}   # on turn: the player may discard
    do(st, ("discard_incoming", ()))
    assert st.check_invariants() == []

def test_refused_trade_changes_nothing():
    st = setup_state(2)
    s = st.current
    t = 1 - s
    lay_out(st, s, {(0, 0): ("forest", 0)}, {(0, 1): "wood"})
    lay_out(st, t, {(0, 0): ("coal_mine", 0)}, {(0, 1): "coal"})
    before = (dict(st.prod[s]), dict(st.prod[t]))
    do(st, ("nonproduction", ()), ("offer", (t,)), ("offer_give", ("wood", 1)), ("offer_get", ("coal", 1)),
       ("refuse", ()))
    assert (st.prod[s], st.prod[t]) == before and st.to_move() == s


# -- contracts ---------------------------------------------------------------------------------
def test_first_claim_takes_the_token_and_fulfilment_passes_it_right():
    st = setup_state(3, row=["oil-5", "brass-5", "coal-5"])
    s = st.current
    lay_out(st, s, {(0, 0): ("oil_well", 0)}, {(0, 1): "oil", (1, 0): "oil"})
    do(st, ("nonproduction", ()), ("claim", ("oil-5",)), ("pay", (0, 1)))
    assert st.token == s and st.held[s] == ["oil-5"] and "oil-5" not in st.row
    do(st, ("end_move", ()), ("nonproduction", ()), ("end_move", ()))
    # the next two players move; the token holder fulfils at the start of its next turn
    for _ in range(2):
        assert st.to_move() != s
        do(st, ("nonproduction", ()), ("end_move", ()), ("nonproduction", ()), ("end_move", ()))
    assert st.to_move() == s and st.fq == ["oil-5"]
    assert {a.kind for a in st.legal_actions()} == {"fulfil", "forfeit"}
    do(st, ("fulfil", ("oil-5", 1, 0)))
    assert st.token == (s - 1) % 3 and st.held[s] == ["oil-5"] and st.prod[s] == {}


def test_worked_example_turn():
    """The rules text's example: fulfil the Oil contract, lose the Brass one, pass the token;
    trade three Oil to the bank for Wood; build an Iron Mine with Wood + Iron Ore; then a
    production move with both Iron Mines."""
    st = setup_state(2, row=["oil-5", "brass-5"])
    s = st.current
    right = (s - 1) % 2
    lay_out(st, s, {(0, 0): ("oil_well", 0), (1, 0): ("iron_mine", 0)},
            {(0, 1): "oil", (-1, 0): "oil", (0, -1): "oil", (1, -1): "oil", (2, 0): "iron_ore"})
    # the Oil well and Brass contracts are his; he holds the token at the start of his turn
    st.row.remove("oil-5")
    st.row.remove("brass-5")
    st.held[s] = ["brass-5", "oil-5"]
    st.claimed_any, st.token = True, s
    st.fq = list(st.held[s])
    assert st.check_invariants() == []
    assert {a.kind for a in st.legal_actions()} == {"forfeit"}     # no Brass: he must lose it
    do(st, ("forfeit", ("brass-5",)))
    do(st, ("fulfil", ("oil-5", 0, 1)))
    assert st.held[s] == ["oil-5"] and st.lost == ["brass-5"] and st.token == right
    # first move: non-production
    do(st, ("nonproduction", ()), ("bank", ("oil",)), ("bank_get", ("wood",)))
    assert st.prod[s] == {(2, 0): "iron_ore"} and st.incoming[s] == ["wood"]
    do(st, ("place_product", (0, -1)))
    do(st, ("build", ("iron_mine",)), ("pay", (0, -1)), ("pay", (2, 0)), ("site", (2, 0)), ("rotate", (0,)))
    assert sorted(f for f, _ in st.fac[s].values()) == ["iron_mine", "iron_mine", "oil_well"]
    assert st.prod[s] == {}
    do(st, ("end_move", ()))
    # second move: production with both Iron Mines (no inputs, free outputs)
    assert st.operable(s, "iron_mine") == [(1, 0), (2, 0)]
    do(st, ("produce", ("iron_mine",)))
    # our Iron Mine has two output sides (top and bottom; the rules text does not say how many)
    assert st.prod[s] == {(1, 1): "iron_ore", (2, 1): "iron_ore", (1, -1): "iron_ore", (2, -1): "iron_ore"}
    assert st.current == (s + 1) % 2 and st.check_invariants() == []


def test_unsatisfied_contracts_are_lost_and_leave_the_game():
    st = setup_state(2, row=["oil-5", "coal-5", "rubber-10"])
    s = st.current
    lay_out(st, s, {(0, 0): ("forest", 0)}, {(0, 1): "wood"})
    st.row.remove("coal-5")
    st.row.remove("rubber-10")
    st.held[s] = ["coal-5", "rubber-10"]
    st.claimed_any, st.token = True, s
    st.fq = list(st.held[s])
    do(st, ("forfeit", ("coal-5",)), ("forfeit", ("rubber-10",)))
    assert st.held[s] == [] and sorted(st.lost) == ["coal-5", "rubber-10"]
    assert "coal-5" not in st.row
    assert st.score(s)["contracts"] == 0
    assert st.check_invariants() == []


# -- the end -----------------------------------------------------------------------------------
def test_end_when_someone_holds_eight_contracts():
    st = setup_state(3)
    s = st.current
    st.claimed_any, st.token = True, (s + 1) % 3
    for cid in st.row[:7]:
        st.row.remove(cid)
        st.held[s].append(cid)
    target = st.row[0]
    want = CONTRACTS[target].product
    lay_out(st, s, {(0, 0): ("forest", 0)}, {(0, 1): want})
    do(st, ("nonproduction", ()))
    do(st, ("claim", (target,)), ("pay", (0, 1)))
    assert st.to_move() == TERMINAL and "8 contracts" in st.end_reason
    assert st.outcome().scores[s] == sum(CONTRACTS[c].points for c in st.held[s])


def test_no_more_than_eight_contracts():
    st = setup_state(3)
    s = st.current
    for cid in st.row[:8]:
        st.row.remove(cid)
        st.held[s].append(cid)
    want = CONTRACTS[st.row[0]].product
    lay_out(st, s, {(0, 0): ("forest", 0)}, {(0, 1): want})
    do(st, ("nonproduction", ()))
    assert "claim" not in kinds(st)
    assert "eight" in st.illegal_reason(Action("claim", s, (st.row[0],)))


def test_end_when_no_contracts_remain():
    st = setup_state(2, row=["oil-5", "coal-5"])
    s = st.current
    last = st.row[-1]
    for cid in st.row[:-1]:
        st.row.remove(cid)
        st.held[1 - s].append(cid)
    st.claimed_any, st.token = True, 1 - s
    lay_out(st, s, {(0, 0): ("forest", 0)}, {(0, 1): CONTRACTS[last].product})
    do(st, ("nonproduction", ()), ("claim", (last,)), ("pay", (0, 1)))
    assert st.is_terminal() and "no contracts remain" in st.end_reason


def test_end_when_five_contracts_fulfilled_at_once():
    st = setup_state(3)
    s = st.current
    five = st.row[:5]
    cells = {}
    for i, cid in enumerate(five):
        st.row.remove(cid)
        st.held[s].append(cid)
        cells[(i, 1)] = CONTRACTS[cid].product
    kinds5 = ["forest", "coal_mine", "iron_mine", "oil_well", "copper_mine"]
    lay_out(st, s, {(i, 0): (kinds5[i], 1) for i in range(5)}, cells)
    st.claimed_any, st.token = True, s
    st.fq = list(st.held[s])
    for i, cid in enumerate(five[:4]):
        do(st, ("fulfil", (cid, i, 1)))
        assert not st.is_terminal()
    do(st, ("fulfil", (five[4], 4, 1)))
    assert st.is_terminal() and "fulfilled 5" in st.end_reason


def test_four_fulfilments_do_not_end_and_round_limit_ends():
    st = setup_state(2, options={"max_rounds": 2})
    while not st.is_terminal():
        do(st, ("nonproduction", ()), ("end_move", ()))
    assert "round limit" in st.end_reason and st.round == 3 and st.turns == 4


def test_scores_products_and_contracts_shared_victory():
    st = setup_state(2)
    lay_out(st, 0, {(0, 0): ("forest", 0)}, {(0, 1): "ammunition", (1, 0): "rubber"})
    lay_out(st, 1, {(0, 0): ("forest", 0)}, {(0, 1): "wood"})
    st.held[1] = [st.row.pop()]
    pts = CONTRACTS[st.held[1][0]].points
    st.over = True
    out = st.outcome()
    assert out.breakdown[0] == {"products": 11, "contracts": 0}
    assert out.breakdown[1] == {"products": 1, "contracts": pts}
    if pts + 1 == 11:
        assert out.winners == [0, 1]
    else:
        assert out.winners == [0 if 11 > pts + 1 else 1]


# -- data ----------------------------------------------------------------------------------------
def test_component_data_complete():
    assert PRODUCTS["ammunition"].value == 9 and PRODUCTS["rubber"].value == 2
    assert PRODUCTS["parachutes"].value == 2
    assert len(CONTRACTS) >= 4 * 6
    assert {"steel_mill", "oil_refinery", "textile_mill", "ammunition_factory", "nylon_factory"} <= set(FACTORIES)
    made = {p for f in FACTORIES.values() for _, side in f.outputs for p in side.products}
    assert made == set(PRODUCTS)                     # every product can be made
    for c in CONTRACTS.values():
        assert c.product in made
    assert CONTRACTS["knapsacks-35"].points == 35


def test_contract_ids_name_their_product_and_points():
    # the ids are what a player sees in logs and saves; a balance change that moves a contract to
    # another product or value renames it, so the id never tells a different story from the card
    for cid, c in CONTRACTS.items():
        product, points = cid.rsplit("-", 1)
        assert product == c.product and points.rstrip("bc") == str(c.points), cid


# -- whole games -------------------------------------------------------------------------------
def _random_game(players, seed, check=True):
    # random play never meets an end condition, so these games run to a 20-round limit
    st = SPEC.new_state(players, {"max_rounds": 20})
    rng = Rng(seed)
    n = 0
    while not st.is_terminal():
        if st.to_move() == CHANCE:
            outs = st.chance_outcomes()
            a = outs[rng.weighted_index([w for _, w in outs])][0]
        else:
            legal = st.legal_actions()
            assert legal
            a = rng.choice(legal)
        st.apply(a)
        n += 1
        if check:
            assert st.check_invariants() == []
        assert n < 20_000
    return st


def test_random_games_terminate_with_invariants():
    start = time.perf_counter()
    lengths = []
    for g in range(150):
        st = _random_game(2 + g % 5, g, check=g % 6 == 0)
        out = st.outcome()
        assert out is not None and out.winners
        lengths.append(st.turns)
    assert max(lengths) <= 20 * 6  # the round limit bounds every game
    assert time.perf_counter() - start < 60


def test_illegal_refused_unchanged_and_data_round_trip():
    st = setup_state(3)
    before = st.state_hash()
    with pytest.raises(IllegalAction):
        st.apply(Action("produce", st.current, ("truck_factory",)))
    assert st.state_hash() == before
    copy = SPEC.state_from_data(st.to_data())
    assert copy.state_hash() == before


def test_leftover_starting_factories_return_to_the_piles():
    st = setup_state(2)
    # two players take four each; the ninth goes back: every pile is full again except what was placed
    placed = [f for s in range(2) for f, _ in st.fac[s].values()]
    assert len(placed) == 8
    for f in FACTORIES:
        assert st.supply[f] == SUPPLY_PER_TYPE - placed.count(f)


def test_two_players_token_goes_to_the_other_player_who_fulfils_next():
    st = setup_state(2, row=["oil-5", "wood-5"])
    s = st.current
    t = 1 - s
    lay_out(st, s, {(0, 0): ("oil_well", 0)}, {(0, 1): "oil", (1, 0): "oil"})
    lay_out(st, t, {(0, 0): ("forest", 0)}, {(0, 1): "wood", (1, 0): "wood"})
    do(st, ("nonproduction", ()), ("claim", ("oil-5",)), ("pay", (0, 1)), ("end_move", ()),
       ("nonproduction", ()), ("end_move", ()))
    # the other player claims on their turn; the holder fulfils at the start of its next turn
    assert st.current == t and not st.fq
    do(st, ("nonproduction", ()), ("claim", ("wood-5",)), ("pay", (0, 1)), ("end_move", ()),
       ("nonproduction", ()), ("end_move", ()))
    assert st.current == s and st.fq == ["oil-5"]
    do(st, ("fulfil", ("oil-5", 1, 0)))
    assert st.token == t
    do(st, ("nonproduction", ()), ("end_move", ()), ("nonproduction", ()), ("end_move", ()))
    assert st.current == t and st.fq == ["wood-5"]


def test_a_gift_offer_gives_without_taking():
    st = setup_state(2)
    s = st.current
    t = 1 - s
    lay_out(st, s, {(0, 0): ("forest", 0)}, {(0, 1): "wood"})
    lay_out(st, t, {(0, 0): ("coal_mine", 0)})
    do(st, ("nonproduction", ()), ("offer", (t,)))
    # the other has nothing: asking for a gift is not offered, and giving nothing is impossible
    assert ("", 0) not in {a.args for a in st.legal_actions()}
    do(st, ("offer_give", ("wood", 1)))
    assert {a.args for a in st.legal_actions()} == {("", 0)}
    do(st, ("offer_get", ("", 0)), ("accept", ()), ("place_product", (1, 0)))
    assert st.prod[s] == {} and st.prod[t] == {(1, 0): "wood"}
    assert st.check_invariants() == []
