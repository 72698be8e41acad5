"""The limits of what ygui reads, in one place: a file or a line past one of them is refused
with a message before the work it bounds is done (README: "Limits").
"""

from __future__ import annotations

# a game record (.ysgf), in bytes; the writer refuses to write a larger one
MAX_RECORD_BYTES = 20_000_000
# moves and variations in a record, all told (each one is replayed to be checked, and the
# window lists them all)
MAX_RECORD_NODES = 50_000
# a comment on a position, in characters (a text box lays out a longer one too slowly)
MAX_COMMENT_CHARS = 100_000
# nesting of variations in a record (a deeper tree is refused, never recursed into)
MAX_RECORD_DEPTH = 10_000
# a board file (JSON), in bytes, and what it may describe
MAX_BOARD_FILE_BYTES = 5_000_000
MAX_BOARD_CELLS = 5_000
MAX_CELL_NEIGHBOURS = 64
MAX_OUTLINE_POINTS = 256
# a coordinate of a board file, in cell widths (ygui's own boards stay within 20); larger ones
# would only draw a board too big for any screen and strain the drawing arithmetic
MAX_COORDINATE = 1_000_000
# one line of GTP input, in bytes (a longer line is answered with an error and skipped)
MAX_GTP_LINE = 1_000_000
# the settings file, in bytes
MAX_SETTINGS_BYTES = 1_000_000

# a figure's width in pixels (Export figure, ``ygui render``): a picture wider than this is
# more than Qt paints in one image
MIN_FIGURE_WIDTH = 100
MAX_FIGURE_WIDTH = 6000
