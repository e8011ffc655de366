"""The front proxy of a card room: one address, each table's requests to its process.

:func:`nginx_config` writes an nginx configuration (Debian's ``nginx`` package, nothing
else) for the processes of a room (:mod:`paigow.web.room`), each given by its slot and its
``host:port``:

* ``/tables/N…``, ``/api/tables/N/…`` and ``/ws/tables/N`` go to the process whose slot is
  the last two digits of ``N`` (a table's id names the slot of the process holding it);
* everything else (the lobby, opening a table, the trainer, static files) to any live
  process, the same one for one client address while it lives (the trainer keeps a
  person's practice in that process's memory);
* WebSockets pass through (HTTP/1.1 upgrade, hour-long reads); the browser's ``Host`` is
  passed on unchanged, so the server's Host and Origin checks see what the browser sent;
  the client's address goes in ``X-Forwarded-For``, which a process started with
  ``serve --behind-proxy`` believes from this machine only (:mod:`paigow.web.server`),
  so the per-client limits count people, not the proxy;
* a table whose process is down answers 410 "this table has closed" (JSON under ``/api/``
  and ``/ws/``, a short page otherwise): its rounds were voided and every bet returned by
  the room (:meth:`paigow.web.room.Room.reap`).

>>> conf = nginx_config("127.0.0.1:8000", {1: "127.0.0.1:8001", 2: "127.0.0.1:8002"}, "/tmp/p")
>>> "server 127.0.0.1:8002" in conf and "tables/\\\\d+02(?:/|$)" in conf
True
"""

from __future__ import annotations

import html
import json
import re

from paigow.errors import PaigowError

CLOSED = ("this table has closed: the server holding it stopped; a round in play there was "
          "voided and its bets returned")


def check_address(text: str, what: str) -> str:
    """``host:port`` (an IPv4 address or a name, a port 1-65535), or a clear error."""
    m = re.fullmatch(r"([A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]+\]):([0-9]{1,5})", text.strip())
    if not m or not 1 <= int(m.group(2)) <= 65535:
        raise PaigowError(f"{what} {text!r} is not HOST:PORT (e.g. 127.0.0.1:8001)")
    return text.strip()


def parse_upstream(text: str) -> tuple[int, str]:
    """``SLOT=HOST:PORT`` → ``(slot, "host:port")``.

    >>> parse_upstream("2=127.0.0.1:8002")
    (2, '127.0.0.1:8002')
    """
    from paigow.web.room import check_slot

    slot, eq, address = text.partition("=")
    if not eq or not slot.strip().isdigit():
        raise PaigowError(f"--upstream {text!r} is not SLOT=HOST:PORT (e.g. 1=127.0.0.1:8001)")
    return check_slot(int(slot), f"--upstream {text!r}"), check_address(address, "--upstream")


def nginx_config(listen: str, upstreams: dict[int, str], prefix: str,
                 user: str | None = None) -> str:
    """The nginx configuration of a room served at ``listen`` (``host:port``) by the
    processes ``upstreams`` (slot: ``host:port``); nginx keeps its pid, logs and temporary
    files under ``prefix``; ``user``: the workers' user when nginx starts as root."""
    if not upstreams:
        raise PaigowError("a room needs at least one process: give --upstream SLOT=HOST:PORT")
    listen = check_address(listen, "--listen")
    slots = sorted(upstreams)
    routes = "\n".join(
        f'        "~^/(?:api/|ws/)?tables/\\d+{s:02d}(?:/|$)" paigow_slot{s:02d};' for s in slots)
    groups = "\n".join(
        f"    upstream paigow_slot{s:02d} {{ server {upstreams[s]}; keepalive 16; }}"
        for s in slots)
    anyone = "\n".join(f"        server {upstreams[s]};" for s in slots)
    closed_json = json.dumps({"error": CLOSED})
    closed_page = ('<!doctype html><meta name="viewport" content="width=device-width">'
                   f"<title>Table closed</title><p>{html.escape(CLOSED[0].upper() + CLOSED[1:])}."
                   '</p><p><a href="/">Back to the lobby</a></p>')
    return f"""# The front proxy of a paigow card room; written by `paigow proxy` (docs/web.md).
# Run: nginx -p {prefix} -c THIS_FILE -g 'daemon off;'
{f"user {user};" if user else ""}
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 4096; }}

http {{
    access_log off;
    client_body_temp_path {prefix}/client_body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    # the app's own guard refuses bodies over 16 KiB with its message
    client_max_body_size 1m;

    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ""      "";
    }}
    # a table's id ends with the slot of the process that holds it
    map $uri $paigow_upstream {{
        default paigow_any;
{routes}
    }}
{groups}
    upstream paigow_any {{
        hash $remote_addr consistent;
{anyone}
        keepalive 16;
    }}

    server {{
        listen {listen};
        location / {{
            proxy_pass http://$paigow_upstream;
            proxy_http_version 1.1;
            proxy_set_header Host $http_host;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 3600s;
            proxy_send_timeout 3600s;
            proxy_next_upstream error timeout;
            error_page 502 504 = @closed;
        }}
        location @closed {{
            if ($uri ~ ^/(api|ws)/) {{
                return 410 '{closed_json}';
            }}
            default_type text/html;
            return 410 '{closed_page}';
        }}
    }}
}}
"""
