"""The browser's catalogs (docs/i18n.md): extract, convert, compile, check.

    python scripts/i18n.py extract   # messages.pot from the code, templates and scripts;
                                     # zh_Hant's .po brought up to date with it
    python scripts/i18n.py hans      # zh_Hans's .po converted from zh_Hant's (OpenCC, t2s)
    python scripts/i18n.py compile   # each .po to its .mo (committed: a wheel needs no build)
    python scripts/i18n.py check     # exit 1 if a message of the code has no translation,
                                     # or a .mo is not its .po (CI and the tests run it)

The translations are written in ``zh_Hant/LC_MESSAGES/messages.po``; zh_Hans is made from
it, never edited by hand (a person's review of its terms goes into the zh_Hant source or
into :data:`HANS_TERMS`).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "paigow" / "web" / "locale"
POT = LOCALE / "messages.pot"
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "Msg": None, "worded": None, "t": None,
            "tn": (1, 2)}
METHODS = [("src/paigow/web/templates/**.html", "jinja2"),
           ("src/paigow/web/static/js/**.js", "javascript"),
           ("src/paigow/**.py", "python")]

#: Words OpenCC's t2s renders other than a mainland player says them (a person's review).
HANS_TERMS: dict[str, str] = {}


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / "messages.po"


def extract() -> Catalog:
    """Every message of the code, the templates and the page's scripts."""
    cat = Catalog(project="paigow", charset="utf-8")
    method_map = [(pat, m) for pat, m in METHODS]
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map={"**.html": {"extensions": "jinja2.ext.i18n"}},
            keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        if not message or (isinstance(message, str) and not message.strip()):
            continue
        cat.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    for message, filename, lineno in data_messages():
        known = cat.get(message)
        if known is None:
            cat.add(message, None, [(filename, lineno)])
        elif (filename, lineno) not in known.locations:
            known.locations.append((filename, lineno))
    return cat


def data_messages() -> list[tuple[str, str, int]]:
    """The words the engine says from its data rather than from a literal in the code: every
    shipped way file's title and rules, the pay tables' names and lines, the hand
    categories, the ranks' words, the kinds a trainer deals, the Australian and split-table
    ways' own names of pairs and rows. ``(message, file, line)`` each: the catalog holds them
    as messages, which the pages say by their words (never by reading English back)."""
    import tomllib

    found: list[tuple[str, str, int]] = []

    def add(message: object, where: Path, text: str | None = None) -> None:
        message = str(message)
        if not message.strip():
            return
        rel = where.relative_to(ROOT).as_posix() if where.is_absolute() else where.as_posix()
        line = 0
        if text is not None:
            for i, row in enumerate(text.splitlines(), 1):
                if message in row:
                    line = i
                    break
        found.append((message, rel, line))

    src = ROOT / "src" / "paigow"
    from paigow.poker.ways.file_way import read_way, shipped_path, shipped_ways
    from paigow.tiles.ways.way_file import compile_rules
    from paigow.web.words import _poker_file_title

    for f in sorted((src / "tiles" / "ways" / "files").glob("*.toml")):
        text = f.read_text("utf-8")
        add(tomllib.loads(text).get("way", {}).get("title", ""), f, text)
        for rule in compile_rules(text, f.name)[1]:
            add(rule.text, f, text)
    for name in shipped_ways():
        f = shipped_path(name)
        assert f is not None
        text = f.read_text("utf-8")
        spec = read_way(name)
        add(spec.title, f, text)
        short = _poker_file_title(name)  # its menu title names the casino: said too
        if short is not None:
            for arg in short.args.values():
                add(arg, f, text)
        for prule in spec.rules:  # a rule the file words itself, or the words made for it
            add(prule.text, f, text)
    for f in sorted((src / "poker" / "paytables").glob("*.toml")):
        text = f.read_text("utf-8")
        add(tomllib.loads(text)["name"], f, text)

    from paigow.poker import kinds, sidebet
    from paigow.poker.cards import RANKS, Rank
    from paigow.poker.rank import Category
    from paigow.tiles.ways import australian, split_tables
    from paigow.training.kinds import POKER_KINDS, TILE_KINDS

    for label in sidebet.LINES.values():
        add(label, src / "poker" / "sidebet.py")
    for cat in Category:
        add(cat.label, src / "poker" / "rank.py")
    for r in Rank:
        for word in (r.word, r.plural, r.article):
            add(word, src / "poker" / "cards.py")
    for label in (*TILE_KINDS.values(), *POKER_KINDS.values()):
        add(label, src / "training" / "kinds.py")
    for spec in ("none", *(f"pai-gow:{r}" for r in RANKS[::-1]),
                 *(f"low:{r}" for r in RANKS[::-1])):
        try:
            add(kinds.parse_kind(spec).label, src / "poker" / "kinds.py")
        except ValueError:
            continue
    for reads in ("own", "banker", "banker-set"):
        offer = next((o for o in (sidebet_offer_reads(reads),) if o), None)
        if offer:
            add(offer, src / "table" / "house_rules.py")
    aus = src / "tiles" / "ways" / "australian.py"
    for name in australian.NEVER_SPLIT.values():
        add(name, aus)
    for row in australian.SPLIT_TABLE:
        add(row.pair_text, aus)
        add(row.text, aus)
    for item in australian.EXCEPTIONS:
        add(item.text, aus)
    for name in australian._KIND_NAMES.values():
        add(name, aus)
    for luger in split_tables.LUGER_TABLE:
        add(luger.name, src / "tiles" / "ways" / "split_tables.py")
    return found


def sidebet_offer_reads(on: str) -> str:
    """What a side bet read on ``on`` reads, in words (:attr:`SideBetOffer.reads`)."""
    from paigow.table.house_rules import SideBetOffer

    return str(SideBetOffer.reads.fget(type("O", (), {"on": on})()))  # type: ignore[attr-defined]


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def write(path: Path, cat: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, cat, width=100, omit_header=False, sort_output=True)
    path.write_bytes(buf.getvalue())


def cmd_extract() -> None:
    template = extract()
    write(POT, template)
    src = po_path("zh_Hant")
    cat = read(src, "zh_Hant") if src.exists() else Catalog(locale="zh_Hant", project="paigow")
    cat.update(template, no_fuzzy_matching=True)
    write(src, cat)
    missing = [m.id for m in cat if m.id and not _translated(m)]
    print(f"{len(template)} messages; zh_Hant lacks {len(missing)}")


def cmd_hans() -> None:
    from opencc_purepy import OpenCC

    conv = OpenCC("t2s")
    src = read(po_path("zh_Hant"), "zh_Hant")
    out = Catalog(locale="zh_Hans", project="paigow", charset="utf-8")
    for m in src:
        if not m.id:
            continue
        if isinstance(m.string, tuple):
            string: str | tuple[str, ...] = tuple(_hans(conv, s) for s in m.string)
        else:
            string = _hans(conv, m.string)
        out.add(m.id, string, m.locations, auto_comments=m.auto_comments,
                context=m.context, flags=m.flags)
    write(po_path("zh_Hans"), out)
    print(f"zh_Hans: {len(out)} messages from zh_Hant")


def _hans(conv: object, text: str) -> str:
    if not text:
        return text
    out: str = conv.convert(text)  # type: ignore[attr-defined]
    for a, b in HANS_TERMS.items():
        out = out.replace(a, b)
    return out


def mo_bytes(po: Path, code: str) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, read(po, code))
    return buf.getvalue()


def cmd_compile() -> None:
    for code in ("zh_Hant", "zh_Hans"):
        po = po_path(code)
        po.with_suffix(".mo").write_bytes(mo_bytes(po, code))
        print(f"{code}: compiled")


def _translated(message: object) -> bool:
    """Whether a catalog's ``message`` has its translation (every form of a plural)."""
    string = getattr(message, "string", None)
    if isinstance(string, tuple):
        return bool(string) and all(string)
    return bool(string)


def cmd_check() -> int:
    bad = 0
    template = extract()
    for code in ("zh_Hant", "zh_Hans"):
        cat = read(po_path(code), code)
        lacking = [m.id for m in template if m.id and not _translated(cat.get(m.id))]
        if lacking:
            bad += 1
            print(f"{code}: {len(lacking)} messages have no translation, e.g. {lacking[:5]}")
        mo = po_path(code).with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != mo_bytes(po_path(code), code):
            bad += 1
            print(f"{code}: {mo.name} is not its .po compiled: python scripts/i18n.py compile")
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    cmds = {"extract": cmd_extract, "hans": cmd_hans, "compile": cmd_compile}
    if len(argv) != 1 or argv[0] not in (*cmds, "check"):
        print(__doc__, file=sys.stderr)
        return 2
    if argv[0] == "check":
        return cmd_check()
    cmds[argv[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
