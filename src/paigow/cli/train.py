"""``paigow train`` (practice at the terminal) and ``paigow tiles grade`` / ``paigow poker
grade`` (grade one setting): thin shells over :mod:`paigow.training`.

``paigow train tiles|poker`` deals a hand, reads the person's setting at a prompt (``HIGH |
LOW``, the front hand alone, or the number of a listed setting), shows the grade, and deals
the next; ``quit``, Ctrl-C or the end of input ends the session with its summary. Every
graded hand is kept in the project's database under the person's name (``--name``, default
the login name; ``--no-save`` keeps nothing), and ``paigow train stats`` sums them up.
"""

from __future__ import annotations

import getpass
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow.cli.common import (
    JSON_OPTION,
    MAX_SEED,
    Choice,
    Int,
    Rate,
    Token,
    any_way_names,
    argument,
    console,
    db_option,
    err_console,
    new_app,
    option,
    print_json,
    run_command,
)
from paigow.errors import AmountError, PaigowError
from paigow.settle import parse_rate
from paigow.tiles.rules import TileRules

if TYPE_CHECKING:
    from paigow.cli.terminal import UI
    from paigow.poker.rules import PokerRules
    from paigow.store import Store
    from paigow.training import Grade, TrainerSession, TrainerStats

app = new_app(
    help="Practise setting hands: the player's best setting or the dealer's house way.",
    no_args_is_help=True,
)

SETTING_OPTION = option(
    "--setting", parser=Token("--setting", allow_empty=False),
    help='The setting to grade: "HIGH | LOW" (either order), or the front hand alone.',
)
WAY_OPTION = option("--way", parser=Token("--way", allow_empty=False, table_path=True, complete=any_way_names),
                    help="The house way shown (and drilled): a way's name or a way file.")
DEALER_OPTION = option("--dealer", parser=Token("--dealer", allow_empty=False, table_path=True, complete=any_way_names),
                       help="The way the other side sets by.")
BANKING_OPTION = typer.Option(
    "--banking", help="Your hand is the bank's, against a player of the --dealer way."
)
COMMISSION_OPTION = option("--commission", parser=Rate("--commission"),
                           help="Commission on a win: 5%, 0.05 or 0.")
GJ_OPTION = option("--gee-joon-tiebreak",
                   parser=Choice("--gee-joon-tiebreak", "ranked", "no_value"),
                   help="ranked or no_value (tiles).")
JOKER_OPTION = option("--joker", parser=Choice("--joker", "bug", "wild"), help="bug or wild (poker).")
WHEEL_OPTION = option("--wheel", parser=Choice("--wheel", "second", "lowest"),
                      help="second or lowest (poker).")
FOUL_OPTION = option("--foul", parser=Choice("--foul", "house", "forfeit"),
                     help="house or forfeit (poker).")
DB_OPTION = db_option("write")


# ------------------------------------------------------------------------- showing a grade


def _ev(x: Fraction) -> str:
    return f"{float(x):+.4f}"


def grade_lines(g: Grade) -> list[str]:
    """A grade as lines of text: the verdict, yours, the house way's with its rule, the
    best, and what was given up."""
    mark = "✓" if g.correct else "✗"
    y = g.yours
    lines = [f"{mark} {g.verdict()}"]
    yours = f"  yours  {y.text}  ({y.choice.high_value} / {y.choice.low_value})  EV {_ev(y.ev)}"
    house = (f"  house  {g.house.text}  EV {_ev(g.house.ev)}\n"
             f"         {g.rule.way} rule {g.rule.number}: {g.rule.words}" if g.rule.number
             else f"  house  {g.house.text}  EV {_ev(g.house.ev)}\n         {g.rule.text}")
    best = (f"  best   {g.best.text}  ({g.best.choice.high_value} / "
            f"{g.best.choice.low_value})  EV {_ev(g.best.ev)}")
    order = [house, yours, best] if g.drill == "dealer" else [yours, best, house]
    lines += order
    lines.append(f"  EV given up {float(g.ev_lost):.4f} (exactly {g.ev_lost}); the house way "
                 f"gives up {float(g.house_ev_lost):.4f}")
    return lines


def _grade_table(g: Grade) -> None:
    from rich import box
    from rich.table import Table

    role = f"as the bank, the player setting by {g.dealer}" if g.banking else \
        f"as a player, the banker setting by {g.dealer}"
    t = Table(title=f"{' '.join(g.hand)} {role}: {g.opponent_hands:,} opponent hands, "
                    f"commission {float(g.commission):.2%}", box=box.SIMPLE)
    for col in ("#", "setting", "win", "push", "lose", "EV", ""):
        t.add_column(col, justify="right" if col in ("#", "win", "push", "lose", "EV") else "left",
                     no_wrap=bool(col))
    for o in g.options:
        marks = [m for m, on in (("best", o.choice.same(g.best.choice)),
                                 ("house", o.choice.same(g.house.choice)),
                                 ("yours", o.choice.same(g.yours.choice))) if on]
        n = g.opponent_hands
        t.add_row(str(o.number), o.text, f"{o.win / n:.1%}", f"{o.push / n:.1%}",
                  f"{o.lose / n:.1%}", _ev(o.ev), " ".join(marks))
    console.print(t)
    for line in grade_lines(g):
        console.print(line, highlight=False, markup=False, soft_wrap=True)


# ------------------------------------------------------------------------- grade commands


def _tile_rules(gee_joon_tiebreak: str) -> TileRules:
    from paigow.cli.tiles import rules_from

    return rules_from(gee_joon_tiebreak)


def _grade(game: str, hand: list[str], setting: str, way: str | None, dealer: str | None,
           banking: bool, commission: str, rules: TileRules | PokerRules, json: bool) -> None:
    from paigow.cli.poker_odds import _interruptible, _progress
    from paigow.training import make_grader

    grader = make_grader(game, way, dealer, banking, parse_rate(commission), rules)
    pieces = grader.parse_hand(hand)
    label = "building the opponent's table (once)" if game == "poker" else \
        "setting every hand by the opponent's way (once)"
    with _progress(label) as update:
        g = _interruptible(lambda: grader.grade(pieces, setting, "player", update), "grade")
    if json:
        print_json(g.to_json())
    else:
        _grade_table(g)


def register_grade(tiles_app: typer.Typer | None, poker_app: typer.Typer | None) -> None:
    """Add ``grade`` to the ``tiles`` and ``poker`` groups (either may be ``None``: each
    group is loaded on its own when used)."""
    if tiles_app is not None:
        _register_tiles_grade(tiles_app)
    if poker_app is not None:
        _register_poker_grade(poker_app)


def _register_tiles_grade(tiles_app: typer.Typer) -> None:
    @tiles_app.command("grade")
    def tiles_grade(
        tiles: Annotated[list[str], argument(parser=Token("TILES"),
                                             help="The four tiles, e.g. 6-5 3-2 6-4 4-3.")],
        setting: Annotated[str, SETTING_OPTION],
        banking: Annotated[bool, BANKING_OPTION] = False,
        dealer: Annotated[str, DEALER_OPTION] = "australian",
        way: Annotated[str, WAY_OPTION] = "australian",
        commission: Annotated[str, COMMISSION_OPTION] = "5%",
        gee_joon_tiebreak: Annotated[str, GJ_OPTION] = "ranked",
        json: Annotated[bool, JSON_OPTION] = False,
    ) -> None:
        """Grade a setting of four tiles: its exact EV beside every other setting's, the
        house way's setting and numbered rule, the best setting, and the EV given up.

        Example: paigow tiles grade 6-5 3-2 6-4 4-3 --setting "6-5 4-3 | 6-4 3-2"
        """
        run_command(lambda: _grade("tiles", tiles, setting, way, dealer, banking, commission,
                                   _tile_rules(gee_joon_tiebreak), json))


def _register_poker_grade(poker_app: typer.Typer) -> None:
    @poker_app.command("grade")
    def poker_grade(
        cards: Annotated[list[str], argument(parser=Token("CARDS"),
                                             help="The seven cards, e.g. As Kd Qh Jc 9s 8d Jk.")],
        setting: Annotated[str, SETTING_OPTION],
        banking: Annotated[bool, BANKING_OPTION] = False,
        dealer: Annotated[str, DEALER_OPTION] = "house",
        way: Annotated[str, WAY_OPTION] = "house",
        commission: Annotated[str, COMMISSION_OPTION] = "5%",
        joker: Annotated[str, JOKER_OPTION] = "bug",
        wheel: Annotated[str, WHEEL_OPTION] = "second",
        foul: Annotated[str, FOUL_OPTION] = "house",
        json: Annotated[bool, JSON_OPTION] = False,
    ) -> None:
        """Grade a setting of seven cards: its exact EV over all 53,524,680 opponent hands
        beside every other setting's, the house way's setting and numbered rule, the best
        setting, and the EV given up. The first run builds a cached table (a minute or two).

        Example: paigow poker grade As Ah Kd Kc Qs Jh 9d --setting "Kd Kc Qs Jh 9d | As Ah"
        """
        from paigow.poker.rules import PokerRules  # here: ``tiles`` never loads the poker package

        run_command(lambda: _grade("poker", cards, setting, way, dealer, banking, commission,
                                   PokerRules.of(joker, wheel, foul), json))


# ------------------------------------------------------------------------- the session


HELP = """Type your setting and press Enter:
  HIGH | LOW      both hands, in either order (poker: FIVE | TWO)
  TWO             the low (front) hand alone; the rest forms the other
  N               the number of a listed setting
  list            show the hand's settings again
  skip            deal another hand without grading this one
  quit            end the session (Ctrl-C and the end of input do too)"""


def run_session(session: TrainerSession, ui: UI, limit: int | None = None,
                progress: Callable[[], Any] | None = None) -> None:
    """Deal, prompt, grade, until the person quits, input ends, or ``limit`` hands are
    graded. Bad input is answered with a clear message and the same hand again."""
    graded = 0
    while limit is None or graded < limit:
        ex = session.deal()
        _show_exercise(ui, ex)
        while True:
            text = ui.ask("your setting> ").strip()
            word = text.lower()
            if word in ("quit", "q", "exit"):
                return
            if word in ("help", "?", "h"):
                ui.say(HELP)
                continue
            if word in ("list", "l"):
                _show_exercise(ui, ex)
                continue
            if word in ("skip", "next", "s"):
                ui.say("skipped: not graded")
                break
            if not text:
                continue
            try:
                if progress is None:
                    g = session.grade(text)
                else:
                    with progress() as update:
                        g = session.grade(text, update)
            except PaigowError as exc:
                ui.say(f"not a setting of this hand: {exc}")
                continue
            for line in grade_lines(g):
                ui.say(line)
            graded += 1
            break


def _show_exercise(ui: UI, ex: Any) -> None:
    ui.say("")
    ui.say(f"Hand {ex.number}: {' '.join(ex.hand)}")
    if ex.reason:
        ui.say(f"  ({ex.reason})")
    ui.say(f"  {ex.task}")
    width = max(len(c.text) for c in ex.choices)
    for c in ex.choices:
        values = f"{c.high_value} / {c.low_value}" if ex.game == "tiles" else ""
        ui.say(f"  {c.number:>2}. {c.text:<{width}}  {values}".rstrip())


def summary_lines(s: TrainerStats, title: str) -> list[str]:
    """Statistics as lines of text."""
    if s.hands == 0:
        return [f"{title}: no hand graded."]
    lines = [
        f"{title}: {s.hands} hand{'s' if s.hands != 1 else ''}"
        + (f" in {s.sessions} sessions" if s.sessions > 1 else ""),
        f"  set right by the drill {s.correct} ({float(s.correct_share):.1%}); optimally "
        f"{s.optimal} ({float(s.optimal_share):.1%}); the house way {s.house} "
        f"({float(s.house_share):.1%})",
        f"  EV given up {float(s.ev_lost):.4f} in all, {float(s.mean_ev_lost):.4f} a hand",
    ]
    if s.costliest:
        lines.append("  costliest mistakes:")
        for m in s.costliest:
            lines.append(f"    {m.hand}: you {m.setting}; best {m.best}; house {m.house} "
                         f"(gave up {float(m.ev_lost):.4f})")
    weak = [k for k in s.kinds if k.wrong]
    if weak:
        lines.append("  by kind of hand (wrong / seen): " + "; ".join(
            f"{k.label} {k.wrong}/{k.hands}" for k in weak))
    return lines


def _default_name() -> str:
    try:
        return getpass.getuser()
    except (OSError, KeyError):  # no login name (a container, say)
        return "player"


@contextmanager
def _maybe_store(db: str | None, save: bool) -> Iterator[Store | None]:
    from paigow.store import open_store

    if not save:
        yield None
        return
    store = open_store(db)
    try:
        yield store
    finally:
        store.close()


def _train(game: str, drill: str, way: str | None, dealer: str | None, banking: bool | None,
           seed: int | None, name: str, db: str | None, save: bool, commission: str,
           rules: TileRules | PokerRules, hands: int | None, json: bool = False) -> None:
    from paigow.cli.poker_odds import _interruptible, _progress
    from paigow.cli.terminal import ConsoleUI
    from paigow.training import TrainerSession

    ui = ConsoleUI(stderr=json)  # --json: the conversation on stderr, the result on stdout
    # the session (way, dealer, name, rules) is checked before the ledger is opened
    session = TrainerSession(
        game, drill, way, banking, None, name or _default_name(), seed,
        dealer=dealer, commission=parse_rate(commission), rules=rules,
    )
    with _maybe_store(db, save) as store:
        session.store = store
        ui.say(f"Trainer: {session.describe()}.")
        ui.say("Type a setting as HIGH | LOW, the front hand alone, or a listed number; "
               "'help' for more, 'quit' to stop.")
        label = "building the opponent's table (once)" if game == "poker" else \
            "setting every hand by the opponent's way (once)"
        with _progress(label) as update:
            _interruptible(lambda: session.prepare(update), "preparing")
        try:
            run_session(session, ui, hands)
        except (EOFError, KeyboardInterrupt):
            ui.say("")
        ui.say("")
        if json:
            print_json({"game": game, "drill": drill, "name": session.name,
                        "kept": store is not None and bool(session.records),
                        **session.summary().to_json()})
        else:
            for line in summary_lines(session.summary(), "This session"):
                ui.say(line)
        if store is not None and session.records:
            ui.say(f"Kept for {session.name} in {store.path}; see `paigow train stats "
                   f"--name {session.name}`.")


def _common(drill: str, way: str | None, dealer: str | None, banking: bool | None,
            seed: int | None, name: str, db: str | None, save: bool, commission: str,
            hands: int | None, json: bool) -> dict[str, Any]:
    if hands is not None and hands < 1:
        raise AmountError(f"--hands must be at least 1, got {hands}")
    return {"drill": drill, "way": way, "dealer": dealer, "banking": banking, "seed": seed,
            "name": name, "db": db, "save": save, "commission": commission, "hands": hands,
            "json": json}


DRILL_OPTION = option("--drill", parser=Choice("--drill", "player", "dealer"),
                      help="player (best EV) or dealer (the house way).")
TRAIN_WAY_OPTION = option("--way", parser=Token("--way", allow_empty=False, table_path=True, complete=any_way_names),
                          help="The house way drilled and shown.")
TRAIN_DEALER_OPTION = option(
    "--dealer", parser=Token("--dealer", allow_empty=False, table_path=True, complete=any_way_names),
    help="The way the other side sets by (default the game's house way).")
TRAIN_BANKING_OPTION = typer.Option(
    "--banking/--no-banking",
    help="Set the bank's hand or a player's (default: the bank's in the dealer drill).")
SEED_OPTION = option("--seed", parser=Int("--seed", 0, MAX_SEED),
                     help="Deal reproducibly (default: a secure random source).")
NAME_OPTION = option("--name", parser=Token("--name", max_length=40),
                     help="Whose practice this is (default: the login name).")
SAVE_OPTION = typer.Option("--save/--no-save", help="Keep the graded hands in the database.")
TRAIN_JSON_OPTION = typer.Option(
    "--json", help="Print the session's figures as JSON when it ends (the hands and the "
    "grades go to stderr).")
HANDS_OPTION = option("--hands", parser=Int("--hands", 1, 1_000_000),
                      help="Stop after this many graded hands.")


@app.command("tiles")
def train_tiles(
    drill: Annotated[str, DRILL_OPTION] = "player",
    way: Annotated[str | None, TRAIN_WAY_OPTION] = None,
    dealer: Annotated[str | None, TRAIN_DEALER_OPTION] = None,
    banking: Annotated[bool | None, TRAIN_BANKING_OPTION] = None,
    seed: Annotated[int | None, SEED_OPTION] = None,
    name: Annotated[str, NAME_OPTION] = "",
    db: Annotated[str | None, DB_OPTION] = None,
    save: Annotated[bool, SAVE_OPTION] = True,
    commission: Annotated[str, COMMISSION_OPTION] = "5%",
    gee_joon_tiebreak: Annotated[str, GJ_OPTION] = "ranked",
    hands: Annotated[int | None, HANDS_OPTION] = None,
    json: Annotated[bool, TRAIN_JSON_OPTION] = False,
    card: Annotated[str | None, option(
        "--card", parser=Token("--card", allow_empty=False, table_path=True),
        help="Learn this card: a tile way file (derive-strategy -o FILE.toml); each hand is "
             "graded against the card's setting, the optimal one shown beside it.")] = None,
) -> None:
    """Practise setting four tiles, hand after hand, each graded exactly.

    Example: paigow train tiles --drill dealer --seed 7
    """
    if card is not None:
        # "learn this card": the house-way drill of the card's way file, as a player
        # unless --banking; every grade shows the card's setting and rule, and the
        # optimal setting with the EV given up against it
        def body() -> None:
            if drill != "player" or way is not None:
                raise PaigowError("--card drills the card's way: give no --drill or --way")
            if not card.lower().endswith(".toml"):
                raise PaigowError(f"--card {card!r}: a card is a tile way file (.toml)")
            err_console.print(f"Learn this card: {card}. Set each hand as the card says; "
                              "the grade names the card's rule and shows the optimal setting "
                              "and the EV given up against it.", highlight=False)
            from paigow.training.ways import card_dealer

            against = dealer if dealer is not None else card_dealer("tiles", card)
            _train("tiles", rules=_tile_rules(gee_joon_tiebreak), **_common(
                "dealer", card, against, False if banking is None else banking, seed, name,
                db, save, commission, hands, json))

        run_command(body)
        return
    run_command(lambda: _train("tiles", rules=_tile_rules(gee_joon_tiebreak), **_common(
        drill, way, dealer, banking, seed, name, db, save, commission, hands, json)))


@app.command("poker")
def train_poker(
    drill: Annotated[str, DRILL_OPTION] = "player",
    way: Annotated[str | None, TRAIN_WAY_OPTION] = None,
    dealer: Annotated[str | None, TRAIN_DEALER_OPTION] = None,
    banking: Annotated[bool | None, TRAIN_BANKING_OPTION] = None,
    seed: Annotated[int | None, SEED_OPTION] = None,
    name: Annotated[str, NAME_OPTION] = "",
    db: Annotated[str | None, DB_OPTION] = None,
    save: Annotated[bool, SAVE_OPTION] = True,
    commission: Annotated[str, COMMISSION_OPTION] = "5%",
    joker: Annotated[str, JOKER_OPTION] = "bug",
    wheel: Annotated[str, WHEEL_OPTION] = "second",
    foul: Annotated[str, FOUL_OPTION] = "house",
    hands: Annotated[int | None, HANDS_OPTION] = None,
    json: Annotated[bool, TRAIN_JSON_OPTION] = False,
) -> None:
    """Practise setting seven cards, hand after hand, each graded exactly (the first run
    builds a cached table of the opponent's settings: a minute or two).

    Example: paigow train poker --drill player --hands 10
    """
    from paigow.poker.rules import PokerRules

    run_command(lambda: _train("poker", rules=PokerRules.of(joker, wheel, foul), **_common(
        drill, way, dealer, banking, seed, name, db, save, commission, hands, json)))


@app.command("stats")
def train_stats(
    name: Annotated[str, NAME_OPTION] = "",
    game: Annotated[str | None, option("--game", parser=Choice("--game", "tiles", "poker"),
                                       help="tiles or poker (default both).")] = None,
    drill: Annotated[str | None, option("--drill", parser=Choice("--drill", "player", "dealer"),
                                        help="player or dealer (default both).")] = None,
    db: Annotated[str | None, db_option("read")] = None,
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """A person's practice over every session kept: hands, shares set right, EV given up,
    the costliest mistakes, the kinds of hands set wrong, and each session's figures.

    Example: paigow train stats
    """
    from paigow.store import open_store
    from paigow.training import ev_lost_series
    from paigow.training.grade import check_drill
    from paigow.training.session import check_name
    from paigow.training.stats import training_stats
    from paigow.training.ways import check_game

    def body() -> None:
        person = check_name(name or _default_name())
        g = None if game is None else check_game(game)
        d = None if drill is None else check_drill(drill)
        store = open_store(db)
        try:
            s = training_stats(store, person, g, d)
            series = ev_lost_series(store, person, g, d)
        finally:
            store.close()
        if json:
            print_json({**s.to_json(), "series": series})
            return
        if s.hands == 0:
            err_console.print(f"{person} has no graded hand kept here yet: practise with "
                              f"`paigow train tiles --name {person}`", highlight=False)
            return
        for line in summary_lines(s, f"{person}"):
            console.print(line, highlight=False, markup=False, soft_wrap=True)
        from rich import box
        from rich.table import Table

        t = Table(title="EV given up, session by session", box=box.SIMPLE)
        for col in ("session", "started (UTC)", "game", "drill", "hands", "right", "EV given up"):
            t.add_column(col, justify="right" if col in ("session", "hands", "right",
                                                         "EV given up") else "left", no_wrap=True)
        for p in series:
            when = str(p["started"] or "")[:16].replace("T", " ")
            t.add_row(str(p["session"]), when, str(p["game"]), str(p["drill"]),
                      str(p["hands"]), f"{p['correct_share']:.0%}", f"{p['mean_ev_lost']:.4f} a hand")
        console.print(t)

    run_command(body)


__all__ = ["app", "grade_lines", "register_grade", "run_session", "summary_lines"]
