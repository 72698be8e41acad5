import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hypothesis import settings  # noqa: E402

# "slow" property runs use the ci profile's example count unless YGUI_THOROUGH is set.
settings.register_profile("default", deadline=None)
settings.register_profile("thorough", deadline=None, max_examples=2000)
settings.load_profile("thorough" if os.environ.get("YGUI_THOROUGH") else "default")


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def light_palette_after():
    """Each test leaves the application's palette light, as the next test's window expects: a
    test that turned the dark theme on left every later window of its worker dark, and a
    test of the tree's colours failed in one order of the tests and not in another."""
    yield
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if isinstance(app, QApplication):
        from ygui.ui.theme import THEMES, apply_palette

        apply_palette(app, THEMES["light"])


@pytest.fixture(autouse=True)
def fixed_game_seeds(request, monkeypatch):
    """The window's computer draws a seed for each game (its openings and answers vary from
    game to game); the tests' computers use seed 0 for every game, so that what they play is
    the same from run to run (a test clicked a cell the computer had taken in one run of
    many), unless a test is marked ``random_seeds``."""
    if request.node.get_closest_marker("random_seeds") is None:
        from ygui.ui import computer

        monkeypatch.setattr(computer.ComputerPlay, "_new_game_seed", staticmethod(lambda: 0))


@pytest.fixture
def ygui_home(tmp_path, monkeypatch):
    """Settings and autosaves in a folder of the test's own."""
    monkeypatch.setenv("YGUI_HOME", str(tmp_path / "home"))
    return tmp_path


@pytest.fixture
def answers():
    from gui_helpers import Answers

    a = Answers()
    yield a
    a.close_all()


@pytest.fixture
def y5_window(qtbot, answers, ygui_home):
    """A window with a hot-seat game of Y on 5 cells a side, without the pie rule."""
    from gui_helpers import make_window

    from ygui.core.variants import GameOptions

    w = make_window(qtbot, answers)
    w.start_new_game(GameOptions(game="y", size=5, pie=False).validated(), ("Ann", "Bo"))
    return w


@pytest.fixture(scope="session")
def compiled_engine():
    """The engine's kernels compiled (or loaded from the cache) in the main thread, before a
    window's worker thread searches: the tests then never compile in a thread."""
    from ygui.ai import warmup

    warmup.main()
