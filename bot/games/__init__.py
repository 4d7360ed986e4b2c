"""The rules engines; importing this package registers every game."""

from bot.games import chat_vert as chat_vert
from bot.games import nain_jaune as nain_jaune
from bot.games import neurotrio as neurotrio
from bot.games import njet as njet
from bot.games import triominos as triominos
