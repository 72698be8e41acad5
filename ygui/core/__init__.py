"""The rules of the Y family: boards, win predicates, the game model and records.

Nothing below this package imports Qt.
"""
