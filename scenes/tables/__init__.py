"""One table scene per game, built on the shared pieces in base.py."""
