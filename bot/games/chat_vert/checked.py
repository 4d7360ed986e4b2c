"""Le Chat vert's added rules once checked (``chat_vert_rules.check_rules``): frozen, so that they are never
checked again. A table's games take the same rules; a rule that changes (seen at work, say) is a new rule."""

from __future__ import annotations

from typing import Any
from typing import NoReturn


class FrozenRule(dict[str, Any]):
    """A rule as ``check_rules`` gives it: a dict that nobody may change (a changed rule is a new one, made as
    ``{**rule, "seen": True}``), so that the rules of a game, once checked, stay as they were checked."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type[FrozenRule], tuple[dict[str, Any]]]:
        return type(self), (dict(self),)


class CheckedRules(list[dict[str, Any]]):
    """The rules in force as ``check_rules`` gives them: a list of ``FrozenRule`` that nobody may change, which
    ``check_rules`` therefore takes as it is (a table's games need not check their rules again)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type[CheckedRules], tuple[list[dict[str, Any]]]]:
        return type(self), (list(self),)


def _frozen(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise TypeError(f"a {type(self).__name__} does not change: make a new one")


for _name in ("__setitem__", "__delitem__", "__ior__", "clear", "pop", "popitem", "setdefault", "update"):
    setattr(FrozenRule, _name, _frozen)
_LIST_CHANGES = ("__setitem__", "__delitem__", "__iadd__", "__imul__", "append", "extend", "insert", "remove", "pop")
for _name in (*_LIST_CHANGES, "clear", "sort", "reverse"):
    setattr(CheckedRules, _name, _frozen)
