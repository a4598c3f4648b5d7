"""The ``parlour`` command.

``parlour`` opens the table; ``parlour replay FILE`` replays a deal record and prints its
outcome as JSON; ``parlour review FILE`` opens a record in the review window. Headless
commands never import Qt: this module imports PySide6 (through ``gui.app.app`` or
``gui.windows.reviewwindow``) only on a path that opens a window, once the file has been read.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from gamecore.match import Session


def _replay(path: str) -> int:
    """Replay the record at ``path``: the outcome as JSON on standard output and status 0,
    or one line on standard error and status 2. The output is built whole before anything
    is written, so a failure never leaves part of it behind; its integers are exact, of
    any length."""
    from gamecore.errors import ParlourError
    from gamecore.limits import exact_ints, short_message
    from gamecore.record import read_record, replay

    try:
        with exact_ints():
            text = json.dumps(replay(read_record(path)), ensure_ascii=False, indent=1) + "\n"
    except ParlourError as e:
        print(short_message(f"parlour replay: {e}"), file=sys.stderr)
        return 2
    except Exception as e:  # a bug must still not print a traceback at the user
        print(
            short_message(f"parlour replay: internal error: {type(e).__name__}: {e}"),
            file=sys.stderr,
        )
        return 2
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (``parlour replay f | head``): no noise
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def review_target(
    path: str, notes: list[str] | None = None
) -> tuple[Session, int, list[int], int | None, bool]:
    """What ``parlour review FILE`` opens, read without Qt: ``(session, deal, people,
    person, reveal)``. The record at ``path`` is read and replayed with its journal
    (:func:`gui.store.persistence.load_noted`); a journal that could not all be used is
    said in ``notes`` (a list the note is appended to, when given). Its side file says who
    sat at the screen. A record without one (from elsewhere) is shown as one person in
    seat 0 saw it, with every seat called by its name: ``people`` is empty, for nobody
    known was at this screen, and no seat is "You". The deal is the first finished one,
    else the last, as the person's seat saw it
    (:func:`gui.model.reviewtext.first_review_deal`); ``reveal`` (Spoil Five's unplayed
    cards) is on with one person at the screen, off with several. Raises
    :class:`~gamecore.errors.ParlourError` (one line) for a bad file, a record with no deal
    or a deal the review rule refuses (:func:`gamecore.review.show_rule`)."""
    from pathlib import Path

    from gamecore.errors import ParlourError
    from gamecore.review import show_rule
    from gui.model.reviewtext import first_review_deal
    from gui.store import persistence

    session, meta, note = persistence.load_noted(Path(path), shown="The review shows")
    if note is not None and notes is not None:
        notes.append(note)
    if not session.logs:
        raise ParlourError("the record holds no deal")
    people = [s for s, p in enumerate(meta.people) if p]
    person = people[0] if len(people) == 1 else None
    if not meta.known:
        people = []  # seat 0's view, but not "You": whose record it is is not known
    reveal = len(people) <= 1
    deal = first_review_deal(session)
    rule = show_rule(
        session.logs[deal - 1].finished, session.game.family, len(people), reveal, None, person
    )
    if not rule.allowed:
        raise ParlourError(f"deal {deal}: {rule.reason[:1].lower()}{rule.reason[1:]}")
    return session, deal, people, person, reveal


#: A record this large (bytes) takes a few seconds to replay before the window opens: said.
LONG_READ = 1 << 20


def _say_a_long_read(path: str) -> None:
    """One line on standard error before a long record is replayed (a 10,000-deal record
    takes seconds before any window shows), so that the wait is not taken for a hang."""
    try:
        size = os.path.getsize(path)
    except OSError:
        return  # said as the file's error, once it is read
    if size >= LONG_READ:
        name = os.path.basename(path)
        print(f"parlour review: reading {name} ({size / (1 << 20):.1f} MB)…", file=sys.stderr)


def _review(path: str) -> int:
    """Open the record at ``path`` in the review window; a file that cannot be reviewed:
    one line on standard error and status 2, before any window opens."""
    from gamecore.errors import ParlourError
    from gamecore.limits import short_message

    notes: list[str] = []
    _say_a_long_read(path)
    try:
        session, deal, people, person, reveal = review_target(path, notes)
    except ParlourError as e:
        print(short_message(f"parlour review: {e}"), file=sys.stderr)
        return 2
    except Exception as e:  # a bug must still not print a traceback at the user
        print(
            short_message(f"parlour review: internal error: {type(e).__name__}: {e}"),
            file=sys.stderr,
        )
        return 2
    for note in notes:  # the journal beside the file, not all used: said, then reviewed
        print(f"parlour review: {note}", file=sys.stderr)
    from gui.app.preflight import startup_problem  # Qt-free: it must work when Qt cannot

    problem = startup_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    from gui.app.stopsignals import close_on_stop_signals
    from gui.windows.reviewwindow import run_review  # Qt, only now

    return run_review(
        session, deal, people=people, person=person, reveal=reveal, on_show=close_on_stop_signals
    )


def _desktop_entry(install: bool) -> int:
    """Add Parlour to the user's application menu (``install``) or take it out: one line
    on standard output and status 0, or one line on standard error and status 1 (2 off
    Linux, where there is no such menu)."""
    from gui.app import desktopentry

    verb = "--install-desktop-entry" if install else "--remove-desktop-entry"
    if sys.platform in ("win32", "darwin"):
        print(f"parlour: {verb} is for Linux desktops (XDG menus)", file=sys.stderr)
        return 2
    home = desktopentry.data_home()
    try:
        if install:
            command = desktopentry.program_command()
            icons = desktopentry.bundled_icons() or desktopentry.drawn_icons()
            entry = desktopentry.install(home, command, icons)[0]
            print(f"parlour: added to the application menu: {entry} (starts {command[0]})")
        else:
            removed = desktopentry.remove(home)
            icons = sum(p.name != desktopentry.DESKTOP_FILE for p in removed)
            entries = len(removed) - icons
            said = f"{entries} desktop entry and {icons} icons" if removed else "nothing"
            print(f"parlour: removed from the application menu under {home}: {said}")
    except OSError as e:  # in words, not Python's: "cannot write …: Not a directory"
        where = f" {e.filename}" if e.filename else ""
        doing = "cannot write" if install else "cannot delete"
        print(f"parlour: {verb}: {doing}{where}: {e.strerror or e}", file=sys.stderr)
        return 1
    except ValueError as e:
        print(f"parlour: {verb}: {e}", file=sys.stderr)
        return 1
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse's parser, but a wrong argument is said in one line (exit status 2), as
    every other wrong value on the command line is."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message} (see {self.prog.split()[0]} --help)", file=sys.stderr)
        raise SystemExit(2)


def _add_menu_options(parser: argparse.ArgumentParser) -> None:
    """``--install-desktop-entry`` and ``--remove-desktop-entry`` (one or the other)."""
    menu = parser.add_mutually_exclusive_group()
    menu.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help="Linux: add Parlour and its icon to your application menu, then exit",
    )
    menu.add_argument(
        "--remove-desktop-entry",
        action="store_true",
        help="Linux: take Parlour out of your application menu again, then exit",
    )


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser: no sub-command opens the table."""
    from gamecore.games import available_games, descriptors, entries  # Qt-free: the registry

    profiles = list(dict.fromkeys(e.profile for _, e in entries() if e.profile is not None))

    titles = ", ".join(d.title for d in descriptors())
    parser = _Parser(prog="parlour", description=f"Parlour: {titles}.")
    parser.add_argument(
        "--game",
        default=None,
        choices=list(available_games()),
        help="start with this game (default: Newmarket)",
    )
    parser.add_argument(
        "--profile",
        default=None,
        choices=profiles,
        help="the game's profile: "
        + "; ".join(
            f"{d.title} " + ", ".join(f"{e.profile} ({e.label})" for e in d.entries if e.profile)
            for d in descriptors()
            if d.profile_key is not None
        ),
    )
    parser.add_argument(
        "--players", type=int, default=None, help="players at the table, you included"
    )
    parser.add_argument(
        "--watch", action="store_true", help="computer players in every seat: watch a game"
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="continue the unfinished autosaved game without asking",
    )
    parser.add_argument("--seed", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--pace", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument(
        "--size", default=None, metavar="WxH", help="the window's size in pixels, e.g. 1920x1080"
    )
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="check this installation offscreen (Qt plugins, fonts, card art, collation, "
        "one all-computer deal of every game), exit 0 or 1",
    )
    _add_menu_options(parser)
    parser.add_argument("--startup-probe", action="store_true", help=argparse.SUPPRESS)
    # Tests: every notice the window shows is also appended to this file.
    parser.add_argument("--notice-log", default=None, help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command")
    rp = sub.add_parser("replay", help="replay a deal record and print its outcome as JSON")
    rp.add_argument("file", help="the record (*.parlour.json)")
    rv = sub.add_parser("review", help="review a deal of a record step by step in a window")
    rv.add_argument("file", help="the record (*.parlour.json)")
    return parser


def _other_command(args: argparse.Namespace) -> int | None:
    """Run what ``args`` asks for other than the table (a replay, a review, the self-test,
    the menu entry); its exit status, or ``None`` when they ask for the table."""
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "review":
        return _review(args.file)
    if args.self_test:
        from gui.app.selftest import main as self_test  # Qt, offscreen

        return self_test()
    if args.install_desktop_entry or args.remove_desktop_entry:
        return _desktop_entry(install=args.install_desktop_entry)
    return None


def main(argv: list[str] | None = None) -> int:
    """Run the ``parlour`` command with ``argv`` (default: ``sys.argv[1:]``); returns the
    exit status."""
    import multiprocessing

    from gui.app.utf8locale import use_utf8_locale

    multiprocessing.freeze_support()  # Hard's search workers in a frozen build
    use_utf8_locale()  # before Qt starts: it would switch itself, with four lines of warning
    args = build_parser().parse_args(argv)
    done = _other_command(args)
    if done is not None:
        return done
    from gui.model.choices import game_with_profile, size_problem, table_args_problem  # Qt-free

    if args.game is None and args.profile is not None:
        args.game = game_with_profile(args.profile)  # the game that has that profile
    wrong = None
    if args.game is not None:
        wrong = table_args_problem(args.game, args.profile, args.players)
    if wrong is None and args.size is not None:
        wrong = size_problem(args.size)
    if wrong is not None:
        print(f"parlour: {wrong}", file=sys.stderr)
        return 2
    from gui.app.preflight import startup_problem  # Qt-free: it must work when Qt cannot

    problem = startup_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    if args.startup_probe:
        from gui.app.selftest import arm_startup_probe

        arm_startup_probe()
    from gui.app.app import run  # the only path that imports Qt

    return run(
        game=args.game,
        profile=args.profile,
        players=args.players,
        watch=args.watch,
        resume=args.resume,
        seed=args.seed,
        pace=args.pace,
        size=args.size,
        notice_log=args.notice_log,
    )


if __name__ == "__main__":
    sys.exit(main())
