"""Words a player reads: every action label, log line, prompt, players-panel row
and refusal reason produced over random games of every registered game reads right: "an" before
a vowel sound and "a" before a consonant one, "1 marker" never "1 markers", and players named by
name, never "seat 2". The checks are `engine.core.text.wording_problems`, so a new game is
scanned as soon as it is registered (and can run the same check on any text of its own).
"""

from __future__ import annotations

import importlib

import pytest

from engine.core import CHANCE, TERMINAL, Action, Rng, Session, game_ids, get_spec
from engine.core.text import (
    a_or_an,
    article,
    count,
    fill_names,
    join_words,
    money,
    plural,
    whose,
    wording_problems,
)
from ui.games import game_ui

NAMES = ["You", "Bob", "Cy", "Dee", "Eve", "Fay"]  # "You": the name the app gives the first player
GAMES_PER_COUNT = 2


def player_texts(game_id: str, players: int, seed: int):
    """(where, text) of everything a player reads over one random game."""
    spec = get_spec(game_id)
    ui = _game_ui_or_none(game_id)
    # a game's own short labels for the chips and pieces of its board, where it has them
    describe = getattr(importlib.import_module(ui.__name__ + ".words"), "describe", None) if ui else None
    session = Session.new(game_id, NAMES[:players], seed=seed)
    rng = Rng(seed)
    steps = 0
    while not session.is_over() and steps < 3000:
        mover = session.to_move()
        legal = session.legal_actions()
        view = session.state.view(mover)
        if ui is not None:
            yield "prompt", ui.prompt(view, legal, session.names)
        if steps % 7 == 0:
            for seat in range(players if ui is not None else 0):
                for label, value in ui.player_summary(view, seat):
                    yield "players panel", f"{label}: {value}"
            # a few refusals too: another kind's action, a mangled argument
            for a in legal[:2]:
                bad = Action(a.kind, mover, tuple(x + 41 if type(x) is int else x for x in a.args))
                reason = session.illegal_reason(bad)
                if reason:
                    yield "refusal", reason
        for a in legal:
            yield "label", session.label(a)
            if describe is not None:
                yield "chip", describe(a, view, session.names)
        logged = len(session.log)
        session.apply(legal[rng.randbelow(len(legal))])
        steps += 1
        for entry in session.log[logged:]:  # the draws and rolls that followed, in words
            if entry.action.seat == CHANCE:
                yield "chance label", session.label(entry.action)
    assert spec.id == game_id
    view = session.state.view(None)
    if ui is not None:
        yield "prompt", ui.prompt(view, [], session.names)
    for viewer in [None, *range(players)]:
        for line in session.render_log(viewer):
            yield "log", line


def _game_ui_or_none(game_id: str):
    """The game's ui package, or None while a new game has its rules but no ui yet (its labels
    and log are scanned all the same)."""
    try:
        return game_ui(game_id)
    except ModuleNotFoundError:
        return None


@pytest.mark.parametrize("game_id", game_ids())
def test_everything_a_player_reads_is_worded_right(game_id):
    spec = get_spec(game_id)
    problems: dict[str, str] = {}
    seen = 0
    for players in range(spec.min_players, spec.max_players + 1):
        for g in range(GAMES_PER_COUNT):
            for where, text in player_texts(game_id, players, seed=100 * players + g):
                seen += 1
                for problem in wording_problems(text):
                    problems.setdefault(f"{where}: {problem}", text)
    assert seen > 1000
    assert not problems, "\n".join(f"{k}  <- {v!r}" for k, v in sorted(problems.items())[:40])


# -- the helper itself --------------------------------------------------------------------------------


def test_articles_follow_the_sound_not_the_letter():
    assert article("Iron Mine") == "an Iron Mine"
    assert article("Coal Mine") == "a Coal Mine"
    assert article("hour") == "an hour" and article("honest deal") == "an honest deal"
    assert article("unit") == "a unit" and article("European railway") == "a European railway"
    assert article("one-way ticket") == "a one-way ticket"
    assert article("Oil Well") == "an Oil Well" and article("umbrella") == "an umbrella"
    assert article("8") == "an 8" and article("11") == "an 11" and article("1") == "a 1"
    assert article("Steel Mill", definite=True) == "the Steel Mill"
    assert a_or_an("Anti-Trust marker") == "an"


def test_plurals_and_counts():
    assert count(1, "marker") == "1 marker"
    assert count(2, "marker") == "2 markers"
    assert count(0, "factory") == "0 factories"
    assert count(3, "box") == "3 boxes"
    assert count(2, "Iron Mine") == "2 Iron Mines"
    assert count(2, "Coal", "Coal") == "2 Coal"
    assert plural("day") == "days"


def test_lists_money_names():
    assert join_words([]) == "" and join_words(["Ann"]) == "Ann"
    assert join_words(["Ann", "Bob"]) == "Ann and Bob"
    assert join_words(["a", "b", "c"], "or") == "a, b or c"
    assert money(5) == "$5" and money(12, "M") == "$12M" and money(-3, "M") == "-$3M"
    assert whose("Ann") == "Ann's" and whose("James") == "James'"
    assert whose("You") == "your" and whose("You", start=True) == "Your"  # never "You's"
    assert fill_names("{p1} pays {p0}", ["Ann", "Bob"]) == "Bob pays Ann"
    assert fill_names("{p0}'s turn; {p1}'s card", ["You", "James"]) == "Your turn; James' card"
    assert fill_names("{p7}", ["Ann"]) == "{p7}"  # no such seat: left visible, and the scan flags it


def test_the_scan_catches_each_kind_of_mistake():
    assert wording_problems("Build an Iron Mine with 1 marker for Bob.") == []
    assert wording_problems("Build a Iron Mine") == ["'a' before 'Iron'"]
    assert wording_problems("an unit") == ["'an' before 'unit'"]
    assert wording_problems("You have 1 markers left") == ["'1 markers'"]
    assert wording_problems("1 starting factories are left over") == ["'1 starting factories'"]
    assert wording_problems("1 more cards to go") == ["'1 more cards'"]
    assert wording_problems("1 starting factory is left over and returns to the piles.") == []
    assert wording_problems("1 Iron Mine costs 2 products; 1 Worker takes 1 of its places") == []
    assert wording_problems("Offer a trade to seat 2") == ["names a seat by number: 'seat 2'"]
    assert wording_problems("Seat 3 drafts first")
    assert wording_problems("Replace player 2's marker") == ["names a seat by number: 'player 2'"]
    assert wording_problems("{p2} drafts first")  # a name never filled in
    assert wording_problems("A: 1 business, 1 class, $1 bonus") == []
    assert wording_problems("Put it at 2,-1") == ["grid coordinates: '2,-1'"]
    assert wording_problems("Roll 1, 2 or 3 dice for $1,000") == []
    assert wording_problems("You is setting a price.") == ["'You is' (a player called You)"]
    assert wording_problems("You are setting a price; Bob is choosing.") == []
    assert wording_problems("Revenue: You collects $3M.") == ["'You collects' (a player called You)"]
    assert wording_problems("You pass Start and take $1M. Bob pays You dividends.") == []


def test_a_player_called_you_is_spoken_to():
    """The log and prompts speak to a player called You in the second person, and of the others
    in the third: the verbs of each clause whose subject is You, and "their"/"them" meaning You."""
    names = ["You", "Ann"]
    assert fill_names("{p0} buys a share from {p1} and pays them $5.", names) == \
        "You buy a share from Ann and pay them $5."
    assert fill_names("Revenue: {p0} collects $3M; {p1} passes.", names) == "Revenue: You collect $3M; Ann passes."
    assert fill_names("{p1} lands on {p0} and fleeces them.", names) == "Ann lands on You and fleeces you."
    assert fill_names("{p0} expands their Mill (and chooses first).", names) == \
        "You expand your Mill (and choose first)."
    assert fill_names("{p0} does not invest; {p0} carries on.", names) == "You do not invest; You carry on."
    assert fill_names("{p0} buys 2 shares and sells 1.", ["Ann", "You"]) == "Ann buys 2 shares and sells 1."


def test_names_never_reach_the_log_as_placeholders():
    session = Session.new(game_ids()[0], NAMES[:3], seed=4)
    rng = Rng(4)
    while not session.is_over() and len(session.log) < 40:
        legal = session.legal_actions()
        session.apply(legal[rng.randbelow(len(legal))])
    assert session.state.to_move() in (TERMINAL, CHANCE) or session.state.to_move() >= 0
    assert all("{p" not in line for line in session.render_log(None))
