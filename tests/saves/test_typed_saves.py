"""A save whose decisions hold floats or booleans where the rules take whole numbers is refused,
even when its final hash and checksum were recomputed to match: such a file used to load and put
floats into a Victory Through Industry state that then crashed the board."""

from __future__ import annotations

import functools

import pytest

from engine.core import Action, Rng, Session, get_spec
from saves import CorruptSave
from saves.envelope import build_payload, encode_container
from saves.store import decode_save
from tests.saves.test_fuzz import refused

VTI = "victory-through-industry"


@functools.cache
def vti_until_rotate() -> Session:
    """A Victory Through Industry game played at random until its first factory is rotated."""
    s = Session.new(VTI, ["Ann", "Bob", "Cy"], seed=5)
    rng = Rng(5)
    while not any(e.action.kind == "rotate" for e in s.log):
        s.apply(rng.choice(s.legal_actions()))
    return s


def forged(session: Session, change) -> bytes:
    """The session's save with `change(action)` applied to every logged action, its final hash
    recomputed by replaying the forged log unchecked: what an editor of the file would write."""
    payload = build_payload(session, created="2026-11-30T12:00:00Z")
    state = get_spec(session.spec.id).new_state(len(session.seats), session.options)
    for entry in payload["log"]:
        a = change(Action(**{**entry["action"], "args": tuple(entry["action"]["args"])}))
        entry["action"] = {"kind": a.kind, "seat": a.seat, "args": list(a.args)}
        if state is not None:
            try:
                state.apply_unchecked(a)
            except (TypeError, IndexError, KeyError):
                state = None  # the rules cannot even run it: keep the genuine hash
    if state is not None:
        payload["state_hash"] = state.state_hash()
    return encode_container(payload)


def as_float(a: Action) -> Action:
    return a._replace(args=tuple(float(x) for x in a.args)) if a.kind == "rotate" else a


def as_bool(a: Action) -> Action:
    """0 and 1 written as false and true (the file has first_drafter(0) and site(0,0))."""
    return a._replace(args=tuple(bool(x) if x in (0, 1) and type(x) is int else x for x in a.args))


@pytest.mark.parametrize(("change", "words"), [(as_float, "a decimal number"), (as_bool, "true/false")])
def test_mistyped_arguments_refused(change, words):
    session = vti_until_rotate()
    data = forged(session, change)
    with pytest.raises(CorruptSave) as info:
        decode_save(data)
    assert words in info.value.reason
    assert "decision" in info.value.reason
    refused(data, CorruptSave)


def test_mistyped_seat_refused():
    data = forged(vti_until_rotate(), lambda a: a._replace(seat=float(a.seat)) if a.seat >= 0 else a)
    err = refused(data, CorruptSave)
    assert "seat" in err.reason and "decimal" in err.reason


def test_the_unforged_save_loads():
    session = vti_until_rotate()
    saved, _ = decode_save(forged(session, lambda a: a))
    assert saved.actions == session.actions()
    assert all(type(x) is int or type(x) is str for a in saved.actions for x in a.args)
