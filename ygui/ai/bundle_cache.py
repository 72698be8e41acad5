"""Where numba keeps the compiled engine in a bundle (PyInstaller).

A bundle holds no source files: numba's own locators then either refuse to cache (they want
the kernels' ``.py`` file on disk) or, since the path a frozen module names is relative, file
the cache under the folder the program was started from: each new folder compiled the engine
afresh, 40 seconds, into a folder of its own (tester 22). This locator keeps it in ygui's cache
folder (``NUMBA_CACHE_DIR``) under one path, stamped by the bundle's executable, so that a new
bundle compiles anew and the same bundle never twice. ``ygui.ai`` names it to numba through
``NUMBA_CACHE_LOCATOR_CLASSES`` when frozen.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from numba.core import config

try:
    from numba.core.caching import UserProvidedCacheLocator
except ImportError:  # (numba before 0.61 named it as private; the bundle has a newer one)
    from numba.core.caching import (  # type: ignore[attr-defined,no-redef]
        _UserProvidedCacheLocator as UserProvidedCacheLocator,
    )


def _cache_dir() -> str:
    return str(getattr(config, "CACHE_DIR", ""))


class FrozenCacheLocator(UserProvidedCacheLocator):
    def __init__(self, py_func: Any, py_file: str) -> None:
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        module = os.path.splitext(os.path.basename(py_file))[0]
        self._cache_path = os.path.join(_cache_dir(), "bundle", module)

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> FrozenCacheLocator | None:
        if not _cache_dir() or not getattr(sys, "frozen", False):
            return None  # (numba's other locators then)
        self = cls(py_func, py_file)
        try:
            self.ensure_cache_path()  # type: ignore[no-untyped-call]
        except OSError:
            return None
        return self
