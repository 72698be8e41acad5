"""The core, the engine, the session and record I/O never import Qt."""

import subprocess
import sys


def test_core_does_not_import_qt():
    code = (
        "import sys\n"
        "import ygui.core.game, ygui.core.record, ygui.core.variants, ygui.gtp, ygui.cli\n"
        "import ygui.core.diagram, ygui.core.study, ygui.core.wording, ygui.session\n"
        "import ygui.ai.engine, ygui.settings, ygui.desktop, ygui.autosave, ygui.engines\n"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'ygui.ui'))]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_every_package_is_in_the_wheel():
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    listed = set(
        tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(p.parent.relative_to(root).parts) for p in (root / "ygui").rglob("__init__.py")
    }
    resources = root / "resources"
    data = {"ygui.resources"} | {
        f"ygui.resources.{d.name}" for d in resources.iterdir() if d.is_dir() and d.name[0] != "_"
    }
    assert found | data == listed
