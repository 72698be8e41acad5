"""ygui: play and study the Y family of connection games."""

__version__ = "0.1.0"
