"""Review of recorded games (engine/core/review.py), over every registered game: stepping reaches
the very states of the original play; a finished game shows every secret, an unfinished one only
what a spectator may see."""

import pytest

from engine.core import CHANCE, Rng, Session, game_ids, get_spec
from engine.core.contract import SeatInfo
from engine.core.review import SNAPSHOT_EVERY, Review

GAMES = game_ids()


def play(game_id, players, seed, limit=None):
    """A game of random decisions on a Session (every other seat an AI), with the state hash
    after each decision as the session's listeners saw it, and who decided."""
    seats = [SeatInfo(f"P{i}", "ai" if i % 2 else "human", "easy" if i % 2 else None) for i in range(players)]
    s = Session.new(game_id, seats, seed=seed)
    hashes = [s.state.state_hash()]
    s.subscribe(lambda session: hashes.append(session.state.state_hash()))
    movers = [None]
    rng = Rng(seed)
    while not s.is_over() and (limit is None or len(movers) <= limit):
        seat = s.to_move()
        movers.append((seat, s.seats[seat].is_ai))
        s.apply(rng.choice(s.legal_actions()), by_ai=s.seats[seat].is_ai)
    return s, hashes, movers


def leaves(value, path=()):
    """Every (path, leaf) of a nested view."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, (*path, k))
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from leaves(v, (*path, i))
    else:
        yield path, value


@pytest.mark.parametrize("game_id", GAMES)
def test_review_reaches_the_played_states_at_every_decision(game_id):
    spec = get_spec(game_id)
    for players, seed in ((spec.min_players, 3), (spec.max_players, 4)):
        s, hashes, movers = play(game_id, players, seed)
        review = Review.of_session(s)
        assert review.finished and review.open_secrets
        assert review.steps == len(hashes) - 1 == sum(1 for e in s.log if e.action.seat != CHANCE)
        order = list(range(review.steps + 1))
        Rng(seed).shuffle(order)  # jumps in any order, not only forward
        for k in order:
            assert review.state_at_step(k).state_hash() == hashes[k], f"step {k}"
            info = review.info(k)
            if k:
                assert (info.seat, info.by_ai) == movers[k]
                assert info.label
        # every log position, chance draws included, against the log applied step by step (the
        # session keeps copies only inside its undo window)
        state = spec.new_state(players, s.options)
        for i, entry in enumerate(s.log):
            assert review.state_at(i).state_hash() == state.state_hash()
            state.apply(entry.action)
        assert review.state_at(len(s.log)).state_hash() == s.state.state_hash()


@pytest.mark.parametrize("game_id", GAMES)
def test_review_of_a_loaded_save_matches_the_played_game(game_id, tmp_path):
    from saves import read_save, write_session

    s, hashes, _ = play(game_id, get_spec(game_id).min_players, 8)
    write_session(s, tmp_path / "g.tycoons")
    saved = read_save(tmp_path / "g.tycoons").saved
    review = Review(get_spec(saved.game), saved.seats, saved.options, saved.seed, saved.actions,
                    saved.ai_flags)  # events replayed, not taken from the session
    assert [review.state_at_step(k).state_hash() for k in range(review.steps + 1)] == hashes
    assert [line.text for line in review.lines()] == [line.text for line in Review.of_session(s).lines()]


@pytest.mark.parametrize("game_id", GAMES)
def test_spectator_review_of_an_unfinished_game_shows_no_secret(game_id):
    """Over random unfinished games: every step shows exactly the spectator's view, which does not
    change when everything hidden is re-dealt, and the log reads as a spectator reads it."""
    spec = get_spec(game_id)
    for g in range(6):
        players = spec.min_players + g % (spec.max_players - spec.min_players + 1)
        s, _, _ = play(game_id, players, 100 + g, limit=20 + 25 * g)
        if s.is_over():
            continue
        review = Review.of_session(s)
        assert not review.open_secrets
        with pytest.raises(ValueError):
            Review.of_session(s, open_secrets=True)
        spectator_lines = {line.text for line in review.lines()}
        for k in range(0, review.steps + 1, 3):
            state = review.state_at_step(k)
            view = review.view_at_step(k)
            assert view == state.view(None)
            for n in range(2):
                other = state.determinize(None, Rng(k * 7 + n))
                assert other.view(None) == view
                assert other.score_track() == state.score_track()  # the chart shows it
            if k:  # what the step says was decided comes from the log a spectator reads
                assert review.info(k).label in spectator_lines | {"a decision"}
        spectator = [ev.render(s.names, None) for e in s.log for ev in e.events]
        assert [line.text for line in review.lines()] == [t for t in spectator if t]


@pytest.mark.parametrize("game_id", GAMES)
def test_open_view_shows_every_seats_secrets(game_id):
    """Wherever a seat sees more than a spectator, the open view shows what that seat sees; it is
    what the review of a finished game shows."""
    spec = get_spec(game_id)
    s, _, _ = play(game_id, spec.max_players, 21)
    review = Review.of_session(s)
    for k in range(0, review.steps + 1, 5):
        state = review.state_at_step(k)
        opened = dict(leaves(review.view_at_step(k)))
        assert review.view_at_step(k) == state.open_view()
        public = dict(leaves(state.view(None)))
        for seat in range(spec.max_players):
            for path, value in leaves(state.view(seat)):
                if path != ("viewer",) and public.get(path) != value:
                    assert opened.get(path) == value, f"step {k}: seat {seat}'s {path} is not open"


def test_open_view_opens_first_ceo_asset_cards_mid_game():
    s, _, _ = play("first-ceo", 3, 5, limit=30)
    assert not s.is_over()
    values = [c["value"] for seat in s.state.open_view()["seats"] for c in seat["asset_cards"]]
    assert values and None not in values
    spectator = [c["value"] for seat in s.state.view(None)["seats"] for c in seat["asset_cards"]]
    assert set(spectator) == {None}


def test_steps_and_log_lines_line_up():
    s, _, _ = play("robber-barons", 3, 6)
    review = Review.of_session(s)
    assert len(review._snaps) == len(s.log) // SNAPSHOT_EVERY + 1
    lines = review.lines()
    assert lines[0].step == 0 and lines[-1].step == review.steps
    assert [line.step for line in lines] == sorted(line.step for line in lines)
    for line in lines:
        entry = line.entry
        # a line belongs to the step that shows its entry
        assert review.stops[line.step - 1] <= entry < review.stops[line.step] if line.step else \
            entry < review.stops[0]
    assert review.log_text(0).count("\n") < review.log_text().count("\n")
    tracks = review.score_tracks()
    assert len(tracks) == review.steps + 1
    assert tracks[-1] == [float(x) for x in s.state.outcome().scores]
    assert review.clamp(-5) == 0 and review.clamp(10**6) == review.steps


def test_a_game_with_only_its_set_up_draws_reviews_as_one_step():
    """A game saved before anyone decided (its log: the set-up draws only) has just its start."""
    session = Session.new("first-ceo", ["Ann", "Bob", "Cy"], seed=1)
    assert session.log and all(e.action.seat < 0 for e in session.log)
    review = Review.of_session(session)
    assert review.steps == 0
    assert review.info(review.steps).label == "The start of the game"
    assert review.state_at_step(0).state_hash() == session.state.state_hash()
