"""Builders of board geometries, one module per board family."""
