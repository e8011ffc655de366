"""``paigow proxy``: write (and run) the nginx front proxy of a card room of many
``paigow serve --slot K`` processes (:mod:`paigow.web.proxy`, docs/web.md).

Register on the main app with ``app.command("proxy")(proxy)``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Annotated

import typer

from paigow.cli.common import (
    JSON_OPTION,
    Token,
    console,
    new_app,
    option,
    print_json_line,
    run_command,
)
from paigow.errors import PaigowError


def proxy(
    upstream: Annotated[list[str], option("--upstream", parser=Token("--upstream", allow_empty=False, max_length=300, metavar="SLOT=HOST:PORT"), help="A process of the room: SLOT=HOST:PORT, as started with `paigow serve --slot SLOT --port PORT`; repeat for each.")],
    listen: Annotated[str, option("--listen", parser=Token("--listen", allow_empty=False, max_length=300, metavar="HOST:PORT"), help="The room's one front address, HOST:PORT.")] = "127.0.0.1:8000",
    prefix: Annotated[str, option("--prefix", parser=Token("--prefix", allow_empty=False, metavar="FOLDER"), help="nginx's folder for its pid, logs and temporary files (created).")] = "/tmp/paigow-proxy",
    output: Annotated[str | None, option("-o", "--output", parser=Token("--output", allow_empty=False, metavar="FILE"), help="Write the configuration here (default: PREFIX/nginx.conf).")] = None,
    run: Annotated[bool, typer.Option("--run", help="Then run nginx in the foreground with it (Ctrl-C stops it).")] = False,
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Write the nginx configuration that puts a card room behind one address.

    Each process of the room is `paigow serve --db postgresql://… --slot K --port P
    --behind-proxy` (so it believes the client address nginx sends); the proxy routes a table's pages, API and socket to the slot its id ends with, and the rest
    to any live process (docs/web.md, "Many processes").

    Example: paigow proxy --upstream 1=127.0.0.1:8001 --upstream 2=127.0.0.1:8002 --run
    """

    def body() -> None:
        from paigow.web.proxy import nginx_config, parse_upstream

        slots: dict[int, str] = {}
        for text in upstream:
            slot, address = parse_upstream(text)
            if slot in slots:
                raise PaigowError(f"--upstream {text!r}: slot {slot} is given twice")
            slots[slot] = address
        nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists()
                                         else None)
        if run and nginx is None:
            raise PaigowError("--run needs nginx (Debian: apt-get install nginx)")
        folder = Path(prefix).resolve()
        conf = nginx_config(listen, slots, str(folder),
                            user="root" if os.geteuid() == 0 else None)
        target = Path(output) if output else folder / "nginx.conf"
        if not target.parent.is_dir() and target.parent != folder:
            raise PaigowError(f"cannot write {str(target)!r}: its folder does not exist")
        folder.mkdir(parents=True, exist_ok=True)
        target.write_text(conf)
        if json:  # one line: with --run, nginx's own output follows
            print_json_line({"listen": listen, "config": str(target), "run": run,
                             "upstreams": {str(s): a for s, a in sorted(slots.items())}})
        else:
            console.print(f"paigow proxy: {listen} -> "
                          + ", ".join(f"slot {s} at {a}" for s, a in sorted(slots.items()))
                          + f"; configuration in {target} (start each process with "
                          "--behind-proxy)", highlight=False)
        if run:
            assert nginx is not None
            done = subprocess.run([nginx, "-p", str(folder), "-c", str(target.resolve()),
                                   "-g", "daemon off;"], check=False)
            if done.returncode not in (0, -2, 130):
                raise PaigowError(f"nginx stopped with status {done.returncode} "
                                  f"(its log: {folder / 'error.log'})")

    run_command(body)


app = new_app()
app.command("proxy")(proxy)
