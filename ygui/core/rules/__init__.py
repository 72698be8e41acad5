"""Win predicates of the Y-family games."""
