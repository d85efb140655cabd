"""`tycoons host`: hosts online games from any always-on machine, headless and Qt-free.

    tycoons host signin --homeserver https://matrix.example.org --user @bot:example.org
    tycoons host new first-ceo --seat Ann=@ann:example.org --seat Bob=@bob:example.net --seat Cy=ai:normal
    tycoons host run          # hosts every game until stopped (Ctrl+C); safe to kill and restart
    tycoons host list         # the games hosted here and whose turn it is

The password is read from the terminal (or one line of standard input) and used once; what is
kept is an access token, in a file only its owner can read."""

from __future__ import annotations

import argparse
import sys

# asyncio, getpass and signal are imported where they are used: every launch of the app builds
# the command line's parser (add_parser, below), and asyncio alone took ~40 ms before the start
# screen's first paint (DESIGN §9 cold start; the GUI imports it after the paint)


def add_parser(sub) -> None:
    host = sub.add_parser("host", help="host online games (headless): signin, new, run, list")
    cmds = host.add_subparsers(dest="host_command", required=True)
    sign = cmds.add_parser("signin", help="sign in to a Matrix homeserver (kept for the next runs)")
    sign.add_argument("--homeserver", required=True, help="e.g. https://matrix.example.org")
    sign.add_argument("--user", required=True, help="the Matrix user, e.g. @tycoons:example.org")
    sign.add_argument("--token", default=None, help="an access token instead of a password")
    sign.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    new = cmds.add_parser("new", help="start a game: invite the online players")
    new.add_argument("game")
    new.add_argument("--seat", action="append", required=True,
                     help="NAME=@user:server for a player online, NAME=ai:LEVEL for an AI (in seat order)")
    new.add_argument("--option", action="append", default=[], help="KEY=VALUE, a game option")
    new.add_argument("--seed", type=int, default=None)
    run = cmds.add_parser("run", help="host every game here until stopped")
    run.add_argument("--max-s", type=float, default=None, help="stop after this many seconds")
    run.add_argument("--think-ms", type=int, default=None, help="cap the thinking time of searching AI levels")
    cmds.add_parser("list", help="the games hosted here and whose turn it is")
    cmds.add_parser("signout", help="forget the sign-in kept here")


def parse_seat(text: str):
    """"Ann=@ann:example.org" or "Robo=ai:easy" as a SeatInfo; ValueError says what is wrong."""
    from engine.core.contract import SeatInfo

    name, sep, who = text.partition("=")
    name, who = name.strip(), who.strip()
    if not sep or not name or not who:
        raise ValueError(f"a seat is NAME=@user:server or NAME=ai:LEVEL, not {text!r}")
    if who.startswith("ai:"):
        return SeatInfo(name, "ai", who[3:] or "normal")
    if not who.startswith("@") or ":" not in who:
        raise ValueError(f"{who!r} is not a Matrix user id (they look like @ann:example.org)")
    return SeatInfo(name, "online", user=who)


def _option_value(text: str):
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        return text


def run_from_args(args: argparse.Namespace) -> int:
    from ui.online import available

    problem = available()
    if problem:
        print(f"tycoons host: {problem}", file=sys.stderr)
        return 2
    try:
        import asyncio

        return asyncio.run(_main(args))
    except KeyboardInterrupt:
        return 130


async def _main(args) -> int:
    from ui.online.credentials import forget_credentials, load_credentials, save_credentials
    from ui.online.matrix import MatrixError, MatrixLink, sign_in

    command = args.host_command
    if command == "signin":
        password = None
        if not args.token:
            import getpass

            password = sys.stdin.readline().rstrip("\n") if args.password_stdin else getpass.getpass("Password: ")
        try:
            creds = await sign_in(args.homeserver, args.user, password=password, token=args.token)
        except MatrixError as exc:
            print(f"tycoons host: {exc.reason}", file=sys.stderr)
            return 1
        try:
            path = save_credentials(creds)
        except OSError as exc:
            from saves.files import reason
            from ui.online.credentials import credentials_path

            print(f"tycoons host: signed in, but the sign-in could not be kept in {credentials_path()} "
                  f"({reason(exc)})", file=sys.stderr)
            return 1
        print(f"Signed in as {creds.user_id}; the sign-in is kept in {path} (readable by you only).")
        return 0
    if command == "signout":
        try:
            forget_credentials()
        except OSError as exc:
            from saves.files import reason
            from ui.online.credentials import credentials_path

            print(f"tycoons host: the sign-in could not be forgotten ({reason(exc)}): remove "
                  f"{credentials_path()} by hand", file=sys.stderr)
            return 1
        print("The sign-in kept here is forgotten.")
        return 0
    if command == "list":
        return _list()
    creds = load_credentials()
    if creds is None:
        print("tycoons host: not signed in: run `tycoons host signin` first.", file=sys.stderr)
        return 2
    from ui.online.service import HostService

    link = MatrixLink(creds, notice=lambda text: print(f"tycoons host: {text}", file=sys.stderr, flush=True))
    service = HostService(link, think_ms=getattr(args, "think_ms", None), log=lambda line: print(line, flush=True))
    try:
        if command == "new":
            return await _new(service, args)
        return await _run(service, args)
    except MatrixError as exc:
        print(f"tycoons host: {exc.reason}", file=sys.stderr)
        return 1
    finally:
        await service.close()
        await link.close()


async def _new(service, args) -> int:
    import time

    try:
        seats = [parse_seat(s) for s in args.seat]
        options = {}
        for item in args.option:
            key, sep, value = item.partition("=")
            if not sep:
                raise ValueError(f"an option is KEY=VALUE, not {item!r}")
            options[key.strip()] = _option_value(value.strip())
        from engine.core.registry import get_spec

        spec = get_spec(args.game)
        spec.resolve_options(options)
        if not spec.min_players <= len(seats) <= spec.max_players:
            raise ValueError(f"{spec.title} takes {spec.min_players}–{spec.max_players} players, not {len(seats)}")
        if not any(s.is_online for s in seats):
            raise ValueError("an online game needs at least one seat NAME=@user:server")
    except (ValueError, KeyError) as exc:
        print(f"tycoons host: {exc}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else int(time.time() * 1000) & 0x7FFFFFFF
    run = await service.new_game(args.game, seats, options, seed)
    if not await service.outbox.drain(timeout_s=60):  # `tycoons host run` sends them again anyway
        print("tycoons host: the game's first frames are not all sent yet; `tycoons host run` sends them.",
              file=sys.stderr)
    print(run.record.game)
    return 0


async def _run(service, args) -> int:
    for problem in service.resume_all():
        print(f"not hosted: {problem}", file=sys.stderr)
    if not service.runs:
        print("No games to host here: start one with `tycoons host new`.", file=sys.stderr)
    import asyncio
    import signal

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C raises KeyboardInterrupt instead
            pass
    await service.start()
    print(f"Hosting {len(service.runs)} game(s) as {service.link.user_id}.", flush=True)
    await service.run(stop, max_s=args.max_s, poll_ms=5000)
    return 0


def _list() -> int:
    from engine.core.contract import TERMINAL
    from saves.store import read_session
    from ui.online.records import hosted_games

    problems: list[str] = []
    games = hosted_games(problems)
    for problem in problems:
        print(f"skipped {problem}", file=sys.stderr)
    if not games:
        print("No games are hosted here.")
    for record in games:
        try:
            session = read_session(record.save_path)
        except Exception as exc:  # noqa: BLE001 - SaveError carries .reason
            print(f"{record.game}  {record.title}: cannot be read ({getattr(exc, 'reason', exc)})")
            continue
        mover = session.to_move()
        turn = "game over" if mover == TERMINAL else (f"{session.names[mover]} to move" if mover >= 0 else "…")
        print(f"{record.game}  {record.title}: {', '.join(session.names)} — {turn}, "
              f"{len(session.log)} decisions")
    return 0
