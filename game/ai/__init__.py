"""Agents: the shared protocol, the random agent and search helpers."""
