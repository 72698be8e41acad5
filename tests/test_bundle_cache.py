"""The compiled engine's cache in a bundle (``ygui.ai.bundle_cache``): filed under ygui's cache
folder by one path, whatever folder the program is started from (tester 22: each new folder
compiled it afresh, 40 s, into a folder of its own). The bundle itself is checked end to end by
scripts/bundle-check, from two folders."""

from __future__ import annotations

import sys

from numba.core import config

from ygui.ai.bundle_cache import FrozenCacheLocator


def kernel() -> int:
    return 1


def test_a_bundles_cache_is_filed_by_one_path_whatever_the_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path / "cache"), raising=False)
    # outside a bundle: numba's own locators
    assert FrozenCacheLocator.from_function(kernel, "ygui/ai/kernels.py") is None
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", sys.executable)  # (the stamp: the executable's)
    paths = set()
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        monkeypatch.chdir(tmp_path / folder)
        # a frozen module's file is named relative, and does not exist
        locator = FrozenCacheLocator.from_function(kernel, "ygui/ai/kernels.py")
        assert locator is not None
        paths.add(locator.get_cache_path())
        assert locator.get_source_stamp()  # (stamped by the executable, not the missing file)
    assert paths == {str(tmp_path / "cache" / "bundle" / "kernels")}
    monkeypatch.setattr(config, "CACHE_DIR", "", raising=False)
    assert FrozenCacheLocator.from_function(kernel, "ygui/ai/kernels.py") is None
