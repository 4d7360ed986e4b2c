"""Ratings per server and game: the openskill model of a finished game (``model``) and the ratings kept as games
end, rebuilt on demand (``service``)."""
