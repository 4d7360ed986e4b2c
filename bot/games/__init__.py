"""The rules engines, one module per game, plus base.py (the protocol and the typed views): pure."""
