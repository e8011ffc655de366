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
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "t": None,
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
    return cat


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
    missing = [m.id for m in cat if m.id and not m.string]
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


def cmd_check() -> int:
    bad = 0
    template = extract()
    for code in ("zh_Hant", "zh_Hans"):
        cat = read(po_path(code), code)
        lacking = [m.id for m in template if m.id and not (cat.get(m.id) and cat.get(m.id).string)]
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
