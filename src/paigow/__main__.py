"""``python -m paigow``: the ``paigow`` command."""

from paigow.cli import main

main()
