"""The local commands of ``python -m bot``: a game played without Discord (``demo``, ``simulate``) and a SQLite
file copied into PostgreSQL (``migrate_store``)."""
