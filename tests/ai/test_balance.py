"""`tycoons balance` (ai/balance.py): the report's shape, and that its counts add up."""

from __future__ import annotations

from ai.balance import UNFINISHED, balance, play_games, tally
from ui.cli import main


def _section(lines: list[str], header: str) -> list[str]:
    """The table rows under the table whose header line starts with `header`."""
    i = next(i for i, ln in enumerate(lines) if ln.startswith(header))
    rows = []
    for ln in lines[i + 2:]:
        if not ln.startswith("|"):
            break
        rows.append(ln)
    return rows


def test_counts_add_up_for_a_game_with_starting_assets():
    games, n = 3, 2
    rep = balance("victory-through-industry", n, games, seed=5)
    assert len(rep.records) == games
    assert sum(rep.endings.values()) == games
    fin = rep.finished
    # every finished game is one trial for each position, and its victory is shared out once
    assert [t.trials for t in rep.by_position] == [fin] * n
    assert abs(sum(t.wins for t in rep.by_position) - fin) < 1e-9
    # every seat of every finished game holds one starting set
    assert sum(t.trials for t in rep.by_asset.values()) == n * fin
    assert abs(sum(t.wins for t in rep.by_asset.values()) - fin) < 1e-9
    assert all(r.assets is not None and len(r.assets) == n for r in rep.records)
    assert all(r.rounds > 0 and r.decisions > 0 for r in rep.records)
    lines = rep.lines()
    assert len(_section(lines, "| position in turn order")) == n
    assert len(_section(lines, "| starting asset")) == len(rep.by_asset)
    assert len(_section(lines, "| how the game ended")) == len(rep.endings)
    assert [r.split("|")[1].strip() for r in _section(lines, "| length")] == ["rounds", "decisions"]
    assert len(_section(lines, "| final scores")) == 4


def test_first_ceo_names_corporations_and_winner_routes():
    rep = balance("first-ceo", 3, 2, seed=3)
    assert rep.endings[UNFINISHED] == 0
    from engine.games.first_ceo.data import CORPORATIONS

    names = {c.name for c in CORPORATIONS.values()}
    assert set(rep.by_asset) <= names and sum(t.trials for t in rep.by_asset.values()) == 3 * 2
    assert all(r.notes for r in rep.records)
    text = "\n".join(rep.lines())
    assert "winner's main company-scoring route" in text


def test_positions_are_counted_from_the_first_player():
    recs = play_games("robber-barons", 3, 2, seed=9)
    for r in recs:
        r.first, r.winners = 2, [2]  # the first player won both games, whatever its seat
    rep = tally("robber-barons", 3, 9, "normal", recs)
    assert [t.wins for t in rep.by_position] == [2, 0, 0]
    assert rep.by_asset == {}  # every Robber Barons player starts alike


def test_parallel_games_are_the_same_games():
    one = play_games("robber-barons", 2, 2, seed=4, jobs=1)
    two = play_games("robber-barons", 2, 2, seed=4, jobs=2)
    assert one == two


def test_command_line_prints_the_report(capsys):
    assert main(["balance", "robber-barons", "--players", "2", "--games", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("### robber-barons: 1 games, 2 players, all normal, seed 2")
    assert "| 1 (moves first) |" in out and "the Legacy deck is empty" in out


def test_command_line_refuses_bad_input(capsys):
    assert main(["balance", "robber-barons", "--players", "2", "--games", "0"]) == 2
    assert "--games" in capsys.readouterr().err
    assert main(["balance", "no-such-game", "--players", "2", "--games", "1"]) == 2


def test_captains_positions_follow_the_drawn_turn_order_and_ages_are_measured():
    rep = balance("captains-of-industry", 3, 2, seed=6)
    assert rep.finished == 2
    for r in rep.records:
        # the first round's order is a drawn permutation: positions come from it, not from seats
        assert sorted(r.order) == [0, 1, 2]
        assert [r.position(s, 3) for s in r.order] == [0, 1, 2]
        ages = r.measures["rounds in an age"]
        assert len(ages) == 3 and all(a >= 1 for a in ages) and sum(ages) == r.rounds
        assert len(r.measures["money at the end ($)"]) == 3
        assert len(r.measures["money before the last age's sales ($)"]) == 3
        assert r.assets is not None and len(r.assets) == 3   # each seat's first-built facility
    # a game whose winner moved second in the first round counts for position 2, whatever its seat
    r = rep.records[0]
    r.winners = [r.order[1]]
    assert [t.wins for t in tally("captains-of-industry", 3, 6, "normal", [r]).by_position] == [0, 1, 0]
    text = "\n".join(rep.lines())
    assert "| rounds in an age |" in text and "| starting asset (per seat)" in text


def test_big_shoulders_counts_starting_companies_and_the_first_decades_order():
    from engine.games.big_shoulders.data import COMPANIES

    games, n = 2, 3
    rep = balance("big-shoulders", n, games, seed=2)
    assert rep.finished == games
    assert set(rep.by_asset) <= {c.name for c in COMPANIES.values()}
    assert sum(t.trials for t in rep.by_asset.values()) == n * games
    assert abs(sum(t.wins for t in rep.by_asset.values()) - games) < 1e-9
    for r in rep.records:
        assert len(set(r.assets)) == n  # every seat starts its own company
        assert r.rounds == 5 and r.ended == "the end of the fifth Decade"
        assert sorted(r.order) == list(range(n))
        assert r.order == [(r.order[0] + i) % n for i in range(n)]  # the first Decade goes clockwise
    text = "\n".join(rep.lines())
    assert "winner's largest part of its fortune" in text and "companies started" in text


def test_big_shoulders_first_chooser_of_a_company_moves_last_in_the_first_decade():
    """The players choose their starting companies counter-clockwise from a drawn first chooser;
    the last to choose takes the Priority Deal marker: the first chooser moves last."""
    from ai.core.agent import Budget
    from ai.core.agents import get_agent
    from ai.games.big_shoulders import balance as hooks
    from ai.simulate import play_out
    from engine.core.session import Session

    for seed in range(3):
        session = Session.new("big-shoulders", ["A", "B", "C", "D"], seed=seed)
        memo: dict = {}
        play_out(session, ["normal"] * 4, {"normal": get_agent("big-shoulders", "normal")},
                 {"normal": Budget()}, decision_cap=40, after=lambda st, memo=memo: hooks.track(st, memo))
        chooser = next(a.args[0] for a in session.actions() if a.kind == "first_chooser")
        order = hooks.turn_order(session.state, memo)
        assert order[-1] == chooser and len(order) == 4
