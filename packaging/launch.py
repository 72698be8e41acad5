"""Entry script for the PyInstaller bundle (packaging/ygui.spec)."""

import sys

from ygui.cli import main

sys.exit(main())
