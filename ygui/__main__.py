import sys

from ygui.cli import main

sys.exit(main())
