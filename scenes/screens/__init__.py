"""The screens around the tables: menu, setup, settings and keys, pause, handoff,
results, statistics, replay and the rules viewer."""
