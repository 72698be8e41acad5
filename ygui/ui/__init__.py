"""The Qt user interface. Everything that imports PySide6 lives here."""
