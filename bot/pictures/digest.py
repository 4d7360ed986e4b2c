"""Keys kept as 16 bytes: what the bot remembers of every live table between two moves (the key of each private panel
shown, of each picture kept) without the trees of tuples they are made of.

A key is a tuple of plain values, tuples and frozensets. Kept as it is, every move of every table leaves a few dozen
new tuples alive, replacing the last move's: the garbage collector's young generation fills with them between two
collections (freeing the old ones lowers its count, so it waits long), and each collection then walks tens of
thousands of objects with the event loop stopped. Bytes are not tracked by the collector at all.

Equal keys give equal digests (frozensets are read in a sorted order, not in the order their table happens to hold
them); unequal keys give unequal digests but with a chance of 2^-128, as for the table pictures' view digests.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Hashable

SIZE = 16


def digest(key: Hashable) -> bytes:
    """``key`` as 16 bytes: equal keys, and only they, give equal bytes."""
    return hashlib.blake2b(pickle.dumps(_canonical(key), protocol=pickle.HIGHEST_PROTOCOL), digest_size=SIZE).digest()


def _canonical(value: object) -> object:
    """``value`` with every frozenset in it, at any depth of tuples, made a tuple in a fixed order."""
    kind = type(value)
    if kind is tuple:
        return tuple(map(_canonical, value))  # type: ignore[call-overload]
    if kind is frozenset:
        return _Sorted(sorted(map(_canonical, value), key=_order))  # type: ignore[call-overload]
    return value


def _order(value: object) -> tuple[str, str]:
    """How a frozenset's members are sorted: by type, then by their text (members of mixed types compare)."""
    return type(value).__qualname__, repr(value)


class _Sorted(tuple[object, ...]):
    """A frozenset's members in a fixed order: pickled with its own class, it never reads as a tuple of them."""

    __slots__ = ()
