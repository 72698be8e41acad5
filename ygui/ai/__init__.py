"""The computer player. Nothing here imports Qt.

numba keeps its compiled kernels in the user cache folder (platformdirs), so an installed
program compiles them once; ``YGUI_HOME`` moves that folder too.
"""

import os

if "NUMBA_CACHE_DIR" not in os.environ:
    from ygui.settings import cache_dir

    os.environ["NUMBA_CACHE_DIR"] = str(cache_dir() / "numba")
