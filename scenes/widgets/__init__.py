"""Reusable UI pieces shared by every scene and table."""
