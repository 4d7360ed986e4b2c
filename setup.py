"""The build of Tablée's package: everything is in ``pyproject.toml`` but Le Chat vert's engine core, which mypyc
compiles to C when a C compiler is at hand (the same modules run as plain Python otherwise, only slower)."""

from setuptools import setup

try:
    from mypyc.build import mypycify
except ImportError:  # mypyc comes with mypy, a build requirement: a build without it is plain Python
    extensions = []
else:
    extensions = mypycify(
        ["bot/games/chat_vert/cards.py", "bot/games/chat_vert/state.py", "bot/games/chat_vert/core.py"],
        group_name="tablee_chat_vert",
        opt_level="3",
    )
    for extension in extensions:
        extension.optional = True  # a failed compilation leaves the plain modules in use

setup(ext_modules=extensions)
