"""``python -m paigow.cli``: the ``paigow`` command."""

from paigow.cli import main

main()
