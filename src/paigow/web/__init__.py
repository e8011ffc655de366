"""The browser table: one table served over HTTP, people at some seats, bots at the others.

:mod:`paigow.web.host` runs the table's rounds in a thread and takes people's answers;
:mod:`paigow.web.app` is the FastAPI app (page, JSON API, history); :mod:`paigow.cli.serve`
is ``paigow serve``. See ``docs/web.md``.
"""
