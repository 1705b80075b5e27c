"""Dashavatara Ganjifa (Cardavia rules)."""
