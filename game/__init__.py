"""Pure rules engines, agents and match driving. Never imports pygame."""
