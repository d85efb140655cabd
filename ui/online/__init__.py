"""Play over the network through Matrix rooms (ARCHITECTURE §12). Qt-free: `tycoons host` runs it
headless, and the GUI drives it from ui/dialogs/online.py and ui/online/gui/game.py.

- `protocol`: the custom events, their limits, and the compressed view stream;
- `host`: the host's rules of the road (who may decide, what goes to which room), no I/O;
- `client`: what a remote player's app knows of the game, no I/O;
- `matrix`: the Matrix client (matrix-nio, the optional extra ``tycoons[online]``);
- `outbox`: the host's events on their way, sent again until they go out;
- `service`: host and player services over `matrix`, on an asyncio loop;
- `records`, `credentials`: the files that keep hosted games and the sign-in.

Only `matrix`, `outbox` and `service` import the Matrix library, and nothing imports this package
unless a player goes online: the offline app never loads it."""


def available() -> str | None:
    """None if online play can run here, else why not (the optional extra is missing). Looks for
    the library without importing it: the offline app never loads it."""
    import importlib.util

    if importlib.util.find_spec("nio") is None:
        return ("Online play needs the Matrix client library: install Tycoons with the online extra "
                "(pip install 'tycoons[online]').")
    return None
