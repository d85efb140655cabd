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
from urllib.parse import urlsplit

from engine import command_line as arg

# asyncio, getpass and signal are imported where they are used: every launch of the app builds
# the command line's parser (add_parser, below), and asyncio alone took ~40 ms before the start
# screen's first paint (ARCHITECTURE §9 cold start; the GUI imports it after the paint)


def add_parser(sub) -> None:
    host = sub.add_parser("host", help="host online games (headless): signin, new, run, list")
    cmds = host.add_subparsers(dest="host_command", required=True)
    sign = cmds.add_parser("signin", help="sign in to a Matrix homeserver (kept for the next runs)")
    sign.add_argument("--homeserver", type=homeserver_arg, required=True, help="e.g. https://matrix.example.org")
    sign.add_argument("--user", type=user_arg, required=True, help="the Matrix user, e.g. @tycoons:example.org")
    sign.add_argument("--token", type=token_arg, default=None, help="an access token instead of a password")
    sign.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    new = cmds.add_parser("new", help="start a game: invite the online players")
    new.add_argument("game", type=arg.game)
    new.add_argument("--seat", type=seat_arg, action="append", required=True,
                     help="NAME=@user:server for a player online, NAME=ai:LEVEL for an AI (in seat order)")
    new.add_argument("--option", action="append", default=[], help="KEY=VALUE, a game option")
    new.add_argument("--seed", type=arg.seed, default=None)
    run = cmds.add_parser("run", help="host every game here until stopped")
    run.add_argument("--max-s", type=arg.decimal("the number of seconds", 0.001, 10**9), default=None,
                     help="stop after this many seconds")
    run.add_argument("--think-ms", type=arg.think_ms, default=None,
                     help="cap the thinking time of searching AI levels")
    cmds.add_parser("list", help="the games hosted here and whose turn it is")
    cmds.add_parser("signout", help="forget the sign-in kept here")


MAX_MATRIX_ID = 255
"""The Matrix specification's limit on a user id, and a generous one on a homeserver's address."""


def parse_seat(text: str):
    """"Ann=@ann:example.org" or "Robo=ai:easy" as a SeatInfo; ValueError says what is wrong."""
    from engine.core.contract import SeatInfo

    name, sep, who = text.partition("=")
    name, who = name.strip(), who.strip()
    if not sep or not name or not who:
        raise ValueError(f"a seat is NAME=@user:server or NAME=ai:LEVEL, not {arg.shown(text)}")
    try:
        name = arg.name(name)
    except argparse.ArgumentTypeError as exc:
        raise ValueError(str(exc)) from None
    if who.startswith("ai:"):
        level = who[3:] or "normal"
        if not (level.isascii() and level.isalnum() and len(level) <= 20):
            raise ValueError(f"{arg.shown(level)} is not an AI level (easy, normal, hard…)")
        return SeatInfo(name, "ai", level)
    problem = user_problem(who)
    if problem:
        raise ValueError(problem)
    return SeatInfo(name, "online", user=who)


def seat_arg(text: str):
    """The argparse type of --seat (`parse_seat`)."""
    try:
        return parse_seat(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def user_problem(text: str) -> str | None:
    """Why `text` is not a Matrix user id (``@name:server``), or None."""
    local, sep, server = text[1:].partition(":")
    if not (text.startswith("@") and sep and local and server and len(text) <= MAX_MATRIX_ID
            and text.isprintable() and not any(c.isspace() for c in text)):
        return f"{arg.shown(text)} is not a Matrix user id (they look like @ann:example.org)"
    return None


def user_arg(text: str) -> str:
    """The argparse type of --user: a Matrix user id."""
    problem = user_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def homeserver_arg(text: str) -> str:
    """A homeserver's address: http(s)://host[:port][/path], nothing else (a malformed one made the
    sign-in wait on the network, or end in a traceback)."""
    problem = None
    if len(text) > MAX_MATRIX_ID or not text.isprintable() or any(c.isspace() for c in text):
        problem = "holds spaces or control characters, or is far too long"
    else:
        try:
            parts = urlsplit(text)
            parts.port  # noqa: B018 - reading it checks it (ValueError for a port out of range)
        except ValueError as exc:
            problem = f"is malformed ({exc})"
        else:
            if parts.scheme not in ("http", "https"):
                problem = "does not start with https:// (or http://)"
            elif not parts.hostname:
                problem = "names no server"
            elif parts.query or parts.fragment or parts.username or parts.password:
                problem = "holds more than a server's address"
    if problem:
        raise argparse.ArgumentTypeError(f"the homeserver {arg.shown(text)} {problem} "
                                         "(it looks like https://matrix.example.org)")
    return text.rstrip("/")


def token_arg(text: str) -> str:
    if not text or len(text) > 4096 or not text.isprintable() or any(c.isspace() for c in text):
        raise argparse.ArgumentTypeError("the access token is one word of printable characters")
    return text


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
            print(f"tycoons host: {arg.printable(exc.reason)}", file=sys.stderr)
            return 1
        except Exception as exc:  # noqa: BLE001 - the network library's own errors: one line, never a traceback
            print(f"tycoons host: {args.homeserver} cannot be reached ({arg.printable(exc)[:200]})", file=sys.stderr)
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
    setup = None
    if command == "new":
        try:
            setup = _new_game_setup(args)  # a bad seat or option is refused before the network is asked
        except (ValueError, KeyError) as exc:
            print(f"tycoons host: {arg.printable(exc)}", file=sys.stderr)
            return 2
    creds = load_credentials()
    if creds is None:
        print("tycoons host: not signed in: run `tycoons host signin` first.", file=sys.stderr)
        return 2
    from ui.online.service import HostService

    link = MatrixLink(creds, notice=lambda text: print(f"tycoons host: {text}", file=sys.stderr, flush=True))
    # --think-ms belongs to `host run` only; `host new` runs the service without it
    service = HostService(link, think_ms=getattr(args, "think_ms", None), log=lambda line: print(line, flush=True))
    try:
        if command == "new":
            return await _new(service, args.game, *setup)
        return await _run(service, args)
    except MatrixError as exc:
        print(f"tycoons host: {exc.reason}", file=sys.stderr)
        return 1
    finally:
        await service.close()
        await link.close()


def _new_game_setup(args) -> tuple[list, dict, int]:
    """The seats, options and seed of `tycoons host new`; ValueError (or KeyError) says what is
    wrong with them (the seats themselves were checked as they were read)."""
    import time

    from ai.core.agents import levels
    from engine.core.registry import get_spec

    seats = list(args.seat)
    options = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"an option is KEY=VALUE, not {arg.shown(item)}")
        options[key.strip()] = _option_value(value.strip())
    spec = get_spec(args.game)
    spec.resolve_options(options)
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise ValueError(f"{spec.title} takes {spec.min_players}–{spec.max_players} players, not {len(seats)}")
    if len({s.name.casefold() for s in seats}) != len(seats):
        raise ValueError("every player needs a different name")
    known = levels(args.game)
    for s in seats:
        if s.is_ai and s.level not in known:
            raise ValueError(f"{spec.title} has no AI level {arg.shown(s.level)} (its levels: {', '.join(known)})")
    if not any(s.is_online for s in seats):
        raise ValueError("an online game needs at least one seat NAME=@user:server")
    seed = args.seed if args.seed is not None else int(time.time() * 1000) & 0x7FFFFFFF
    return seats, options, seed


async def _new(service, game: str, seats: list, options: dict, seed: int) -> int:
    run = await service.new_game(game, seats, options, seed)
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
    from engine.core.errors import reason_of
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
            print(f"{record.game}  {record.title}: cannot be read ({reason_of(exc)})")
            continue
        mover = session.to_move()
        turn = "game over" if mover == TERMINAL else (f"{session.names[mover]} to move" if mover >= 0 else "…")
        print(f"{record.game}  {record.title}: {', '.join(session.names)} — {turn}, "
              f"{len(session.log)} decisions")
    return 0
