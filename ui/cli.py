"""`tycoons` command line (ARCHITECTURE §8). Only the GUI (and `tutorial` without `--check`) and `render`
import Qt; `simulate`, `balance`, `check-save`, `analyse`, `tutorial --check` and `host` (online
games, ARCHITECTURE §12) run headless and start fast."""

from __future__ import annotations

import argparse
import sys

from engine import command_line as arg


def build_parser() -> argparse.ArgumentParser:
    """The parser of every subcommand. Each argument is checked by its type (engine/command_line.py)
    as it is read: a bad one is refused in one line with exit 2 before anything starts."""
    p = arg.Parser(prog="tycoons", description="Tycoons: economic board games.")
    sub = p.add_subparsers(dest="command")

    sim = sub.add_parser("simulate", help="play whole AI games and print a JSON summary")
    sim.add_argument("game", type=arg.game)
    sim.add_argument("--players", type=arg.players, required=True)
    sim.add_argument("--games", type=arg.whole("the number of games", 0, arg.MAX_GAMES), default=1)
    sim.add_argument("--seed", type=arg.seed, default=0)
    sim.add_argument("--ai", default="easy", help="one level for every seat, or one per seat: normal,easy,easy")
    sim.add_argument("--rotate", action="store_true", help="rotate the levels over the seats from game to game")
    sim.add_argument("--think-ms", type=arg.think_ms, default=None,
                     help="cap the thinking time of searching AI levels")
    sim.add_argument("--iterations", type=arg.iterations, default=None,
                     help="cap searching AI levels at this many iterations a decision (reproducible)")
    sim.add_argument("--jobs", type=arg.jobs, default=1, help="play the games in this many processes")
    sim.add_argument("--save-dir", type=arg.folder, default=None, help="write each game's save file here")

    bal = sub.add_parser("balance", help="all-Normal self-play: wins by position and starting asset, endings")
    bal.add_argument("game", type=arg.game)
    bal.add_argument("--players", type=arg.players, required=True)
    bal.add_argument("--games", type=arg.games, default=100)
    bal.add_argument("--seed", type=arg.seed, default=1)
    bal.add_argument("--jobs", type=arg.jobs, default=1, help="play the games in this many processes")
    bal.add_argument("--ai", default="normal", help="the level every seat plays")

    chk = sub.add_parser("check-save", help="verify a save file (exit 0 if good)")
    chk.add_argument("file")

    from ui.online.headless import add_parser as add_host_parser

    add_host_parser(sub)

    ana = sub.add_parser("analyse", aliases=["analyze"],
                         help="estimate, for each decision, the win chance of the move made and of the best move found")
    ana.add_argument("file")
    ana.add_argument("--json", action="store_true",
                     help="print one JSON object: a list `decisions` (each with its `mark`, mistake, blunder or "
                          "null, and the standard error `se` of its loss) and a `summary` per seat (the win "
                          "chance given away in all)")
    ana.add_argument("--budget-ms", type=arg.think_ms, default=None,
                     help="CPU milliseconds per analysed decision, on average (default 450: ai/ANALYSIS.md)")
    ana.add_argument("--seat", type=arg.seat, action="append", default=None,
                     help="analyse this seat (0 is the first player; repeat for more); default: the human "
                          "seats, or every seat of a game without humans")
    ana.add_argument("--jobs", type=arg.jobs, default=1, help="analyse in this many processes")

    tut = sub.add_parser("tutorial", help="a game's guided first game: open it, or --check its script headless")
    tut.add_argument("game", type=arg.game)
    tut.add_argument("--check", action="store_true",
                     help="play the lesson headless; exit 0 only if every move is legal and it reaches its end")
    tut.add_argument("--verbose", action="store_true", help="with --check: print every move of the lesson")

    ren = sub.add_parser("render", help="draw a board offscreen to PNG after M AI decisions")
    ren.add_argument("game", type=arg.game)
    ren.add_argument("--players", type=arg.players, default=4)
    ren.add_argument("--seed", type=arg.seed, default=0)
    ren.add_argument("--moves", type=arg.moves, default=0)
    ren.add_argument("--out", type=arg.output_file, required=True)
    ren.add_argument("--scale", type=arg.decimal("the scale", 0.25, 4.0), default=1.0,
                     help="device-pixel ratio of the picture (0.25 to 4)")
    ren.add_argument("--names", type=arg.names, default=None,
                     help="the players' names, comma-separated (at most 40 characters each)")
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the command `argv` asks for; its exit code (2 for a refused argument, in one line)."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as done:  # a refusal, or --help: its code, returned as every command's is
        return done.code if isinstance(done.code, int) else 2
    if args.command == "simulate":
        from ai.simulate import run_from_args

        return run_from_args(args)
    if args.command == "balance":
        from ai.balance import run_from_args as run_balance

        return run_balance(args)
    if args.command == "check-save":
        from saves.check import check_save_command

        return check_save_command(args.file)
    if args.command == "host":
        from ui.online.headless import run_from_args as run_host

        return run_host(args)
    if args.command in ("analyse", "analyze"):
        from ai.analysis import analyse_command

        return analyse_command(args.file, args.json, args.budget_ms, args.seat, args.jobs)
    if args.command == "tutorial" and args.check:
        from ai.core.request import window_decision
        from engine.core.tutorial import check_command

        return check_command(args.game, window_decision, verbose=args.verbose)
    if args.command == "render":
        from ui.board.render import render_from_args

        return render_from_args(args)
    from ui.app.shell import run_gui

    return run_gui(lesson=args.game if args.command == "tutorial" else None)


if __name__ == "__main__":
    sys.exit(main())
