"""The computer player. Nothing here imports Qt.

numba keeps its compiled kernels in the user cache folder (platformdirs), so an installed
program compiles them once; ``YGUI_HOME`` moves that folder too. In a bundle, where there are
no source files for numba to file its cache by, ``ygui.ai.bundle_cache`` says where.
"""

import os
import sys

if "NUMBA_CACHE_DIR" not in os.environ:
    from ygui.settings import cache_dir

    os.environ["NUMBA_CACHE_DIR"] = str(cache_dir() / "numba")
if getattr(sys, "frozen", False):
    os.environ.setdefault("NUMBA_CACHE_LOCATOR_CLASSES", "ygui.ai.bundle_cache.FrozenCacheLocator")
