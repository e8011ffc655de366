"""Database passwords never leave the process: :func:`mask_url` hides every form of one.

A PostgreSQL connection string can carry a password in several places, all accepted by
libpq (and so by psycopg):

* the URL's user information: ``postgresql://user:PASSWORD@host/db`` (percent-encoded or
  not);
* a URL query parameter: ``?password=PASSWORD`` (libpq percent-decodes the *key* too,
  so ``?pass%77ord=…`` is the same parameter), or ``sslpassword``;
* a keyword/value string: ``host=h password=PASSWORD`` or ``password='a b\\'c'``.

:func:`mask_url` replaces each with ``***`` wherever it appears in a text — a URL shown
as the ledger's place, or an error message that quotes the connection string. Given the
URL the text is about (``source``), it also removes every literal occurrence of that
URL's secrets, in case a driver quoted a fragment out of context.

>>> mask_url("postgresql://me:s3cret@db.example:5432/paigow")
'postgresql://me:***@db.example:5432/paigow'
>>> mask_url("postgres://db/paigow?sslmode=require&pass%77ord=s3cret")
'postgres://db/paigow?sslmode=require&pass%77ord=***'
>>> mask_url("cannot connect: host=db password='s3 cret' dbname=x")
'cannot connect: host=db password=*** dbname=x'
>>> mask_url("/home/me/paigow.sqlite3")
'/home/me/paigow.sqlite3'
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, unquote, urlsplit

SECRET_KEYS = frozenset({"password", "sslpassword", "passwd", "pwd", "pass", "secret",
                         "token", "access_token", "api_key", "apikey"})
"""Parameter names whose value is a secret (compared lower-case, percent-decoded)."""

MASK = "***"

# scheme://userinfo@ : the userinfo runs to the last '@' before the path, query or a blank
_USERINFO = re.compile(r"(?P<head>[A-Za-z][A-Za-z0-9+.-]*://)(?P<info>[^/\s]*)@")
# key=value in a URL's query string (after ? & or ;): the value runs to the next & or #
_QUERY = re.compile(r"(?P<lead>[?&;])(?P<key>[A-Za-z0-9_.%-]+)(?P<eq>=)(?P<value>[^&#\s]*)")
# key=value in a keyword/value string (after a blank or at the start): quoted, or to a blank
_KEYWORD = re.compile(
    r"(?P<lead>^|\s)(?P<key>[A-Za-z0-9_.%-]+)(?P<eq>\s*=\s*)"
    r"(?P<value>'(?:[^'\\]|\\.)*'?|(?:[^\s\\]|\\.)*)"
)


def _is_secret_key(key: str) -> bool:
    return unquote(key).strip().lower() in SECRET_KEYS


def _mask_userinfo(m: re.Match[str]) -> str:
    info = m.group("info")
    if ":" not in info:
        return m.group(0)
    user = info.split(":", 1)[0]
    return f"{m.group('head')}{user}:{MASK}@"


def _mask_param(m: re.Match[str]) -> str:
    if not _is_secret_key(m.group("key")):
        return m.group(0)
    return f"{m.group('lead')}{m.group('key')}{m.group('eq')}{MASK}"


def secrets_of(url: str) -> list[str]:
    """The secret values a connection string carries, as written and decoded."""
    found: list[str] = []
    try:
        parts = urlsplit(url)
        if parts.password:
            found.append(parts.password)
        for key, value in parse_qsl(parts.query, keep_blank_values=True):
            if _is_secret_key(key) and value:
                found.append(value)
    except ValueError:
        pass
    for m in [*_QUERY.finditer(url), *_KEYWORD.finditer(url)]:
        if _is_secret_key(m.group("key")):
            raw = m.group("value")
            if raw.startswith("'"):
                raw = raw[1:-1] if raw.endswith("'") and len(raw) > 1 else raw[1:]
            if raw and raw != m.group("value"):
                found.append(raw)
            raw = re.sub(r"\\(.)", r"\1", raw)
            if raw:
                found.append(raw)
    info = _USERINFO.search(url)
    if info and ":" in info.group("info"):
        found.append(info.group("info").split(":", 1)[1])
    out: list[str] = []
    for s in found:
        # a driver may quote one word of a secret with blanks ("missing = after ...")
        words = [w for w in s.split() if len(w) >= 4] if len(s.split()) > 1 else []
        for v in (s, unquote(s), *words):
            if v and v not in out:
                out.append(v)
    return sorted(out, key=len, reverse=True)


def mask_url(text: str, source: str | None = None) -> str:
    """``text`` with every database password replaced by ``***`` (see the module).

    ``source``: the connection string ``text`` talks about; every secret it carries is
    also removed wherever it appears in ``text`` (a secret shorter than four characters
    would garble the text, so then the whole text is withheld).

    >>> mask_url("FATAL: bad password 'hunter22' for u", source="postgresql://u:hunter22@h/d")
    "FATAL: bad password '***' for u"
    """
    out = _USERINFO.sub(_mask_userinfo, text)
    out = _QUERY.sub(_mask_param, out)
    out = _KEYWORD.sub(_mask_param, out)
    if source:
        for secret in secrets_of(source):
            if secret and secret in out:
                if len(secret) < 4:
                    return "(details withheld: they would show the database password)"
                out = out.replace(secret, MASK)
    return out
