"""House ways shipped as files (format: ``docs/poker-house-way-files.md``); loaded by
:func:`paigow.poker.ways.file_way.load_way` and :func:`paigow.ways.get_way`."""
