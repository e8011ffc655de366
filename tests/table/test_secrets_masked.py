"""Class "secrets" (issue 11): a database password never shows, whatever form it takes
and wherever a database URL is shown.

Forms: the URL's user information (plain and percent-encoded), ``?password=`` and
``&password=`` (key in any case, or percent-encoded as libpq accepts it),
``sslpassword``, and the keyword/value string (plain, quoted with blanks, with an escaped
quote). Places: :func:`mask_url` itself, the store's ``path``, the store's errors
(psycopg quotes the URL in some), the command line's error lines for every command that
takes ``--db``, and, on a real PostgreSQL server, ``history --json``'s ``db``, ``play``'s
summary and JSON, and ``replay``'s errors. (The browser table's places are the web's
tests, using the same function.)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from paigow.cli import app
from paigow.errors import PaigowError
from paigow.masking import secrets_of
from paigow.store import mask_url, open_store, resolve_db
from paigow.store.postgres import display_url
from pgkit import PgServer, free_port, pg_server  # noqa: F401

runner = CliRunner()
SECRET = "Hunter2-s3cret"

FORMS = [
    ("userinfo", f"postgresql://ann:{SECRET}@HOST/paigow"),
    ("userinfo percent-encoded", "postgresql://ann:Hunter2%2Ds3cret@HOST/paigow"),
    ("query password", f"postgresql://ann@HOST/paigow?password={SECRET}"),
    ("query password after another", f"postgresql://ann@HOST/paigow?sslmode=disable&password={SECRET}"),
    ("query key in capitals", f"postgres://ann@HOST/paigow?PASSWORD={SECRET}"),
    ("query key percent-encoded", f"postgresql://ann@HOST/paigow?pass%77ord={SECRET}"),
    ("query sslpassword", f"postgresql://ann@HOST/paigow?sslpassword={SECRET}"),
    ("both places", f"postgresql://ann:{SECRET}@HOST/paigow?password={SECRET}"),
]
KEYWORD_FORMS = [
    ("keyword plain", f"host=HOST password={SECRET} dbname=paigow"),
    ("keyword quoted with blanks", f"host=HOST password='{SECRET} and more' dbname=paigow"),
    ("keyword escaped quote", f"password='{SECRET}\\'x' host=HOST"),
    ("keyword spaced equals", f"host=HOST password = {SECRET} dbname=paigow"),
]


def _hidden(text: str) -> bool:
    return SECRET not in text and "Hunter2%2Ds3cret" not in text and "s3cret" not in text


@pytest.mark.parametrize(("form", "url"), FORMS + KEYWORD_FORMS, ids=[f for f, _ in FORMS + KEYWORD_FORMS])
def test_mask_url_hides_every_form_and_keeps_the_rest(form: str, url: str) -> None:
    shown = mask_url(url)
    assert _hidden(shown), shown
    assert "HOST" in shown and "***" in shown
    assert mask_url(f"an error about {url} and more") == f"an error about {shown} and more"
    # the secret quoted out of context is removed when the source is given
    value = {"keyword quoted with blanks": f"{SECRET} and more",
             "keyword escaped quote": f"{SECRET}'x"}.get(form, SECRET)
    assert _hidden(mask_url(f'invalid value "{value}" in the string', source=url))
    assert SECRET in secrets_of(url)[0] or "Hunter2-s3cret" in secrets_of(url)


def test_text_without_secrets_is_unchanged() -> None:
    for text in ("/home/ann/paigow.sqlite3", "postgresql://ann@db/paigow?sslmode=require",
                 "sqlite:////tmp/x.db", "host=db dbname=paigow user=ann", "a = b"):
        assert mask_url(text) == text


@pytest.mark.parametrize(("form", "url"), FORMS, ids=[f for f, _ in FORMS])
def test_the_store_and_its_errors_hide_it(form: str, url: str) -> None:
    pytest.importorskip("psycopg")
    url = url.replace("HOST", f"127.0.0.1:{free_port()}")
    assert _hidden(display_url(url))  # the store's `path`
    with pytest.raises(PaigowError) as err:
        open_store(url)  # nobody listens there
    assert "cannot connect" in str(err.value) and _hidden(str(err.value))
    with pytest.raises(PaigowError) as err:
        resolve_db(url)  # a server URL is no file
    assert _hidden(str(err.value))


def test_a_driver_error_that_quotes_the_url_is_masked() -> None:
    pytest.importorskip("psycopg")
    url = f"postgresql://ann:{SECRET}@[bad/paigow"  # psycopg quotes the whole URI back
    with pytest.raises(PaigowError) as err:
        open_store(url)
    assert _hidden(str(err.value)) and "[bad" in str(err.value)


COMMANDS = [
    ["history", "--db", "URL", "--json"],
    ["replay", "1", "--db", "URL"],
    ["void", "1", "--db", "URL", "--reason", "x"],
    ["verify", "1", "--db", "URL"],
    ["play", "tiles", "--auto", "--rounds", "1", "--db", "URL"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=[a[0] for a in COMMANDS])
@pytest.mark.parametrize(("form", "url"), FORMS, ids=[f for f, _ in FORMS])
def test_every_command_taking_db_hides_it_in_its_error(form: str, url: str, args: list[str]) -> None:
    pytest.importorskip("psycopg")
    url = url.replace("HOST", f"127.0.0.1:{free_port()}")
    res = runner.invoke(app, [url if a == "URL" else a for a in args])
    assert res.exit_code == 2, res.output
    assert "cannot connect" in res.stderr and _hidden(res.output) and _hidden(res.stderr)


@pytest.mark.parametrize("url", ["mysql://ann:Hunter2-s3cret@db/paigow",
                                 "postgresql://ann:Hunter2-s3cret@[bad/paigow",
                                 "sqlite://ann:Hunter2-s3cret@x/y"])
def test_a_url_refused_by_the_command_line_is_masked(url: str) -> None:
    for cmd in (["history", "--db", url], ["play", "tiles", "--db", url, "--auto", "--rounds", "1"]):
        res = runner.invoke(app, cmd)
        assert res.exit_code == 2 and _hidden(res.stderr), res.stderr


def test_a_real_server_never_shows_the_password(pg_server: PgServer, tmp_path: Path) -> None:  # noqa: F811
    base = pg_server.new_database()  # trust authentication: the password is not needed
    for name, form in FORMS:
        if name == "query key in capitals":
            continue  # libpq refuses PASSWORD as a key: no connection to show
        host_db = base.split("@", 1)[1]
        url = form.replace("HOST/paigow", host_db).replace("ann", "postgres")
        played = runner.invoke(app, ["play", "tiles", "--auto", "--rounds", "1", "--seed", "1",
                                     "--db", url, "--json"])
        assert played.exit_code == 0, played.output
        assert _hidden(played.stdout) and "***" in json.loads(played.stdout)["db"]
        text = runner.invoke(app, ["play", "tiles", "--auto", "--rounds", "1", "--db", url])
        assert text.exit_code == 0 and _hidden(text.output)
        hist = runner.invoke(app, ["history", "--db", url, "--json"])
        assert hist.exit_code == 0 and _hidden(hist.stdout)
        assert "***" in json.loads(hist.stdout)["db"]
        missing = runner.invoke(app, ["replay", "99999", "--db", url])
        assert missing.exit_code == 2 and "no round 99999" in missing.stderr
        assert _hidden(missing.stderr)
        store = open_store(url)
        assert _hidden(store.path)
        store.close()
