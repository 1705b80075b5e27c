"""Kowah / Cheki with Chinese money cards (Cardavia rules, exposed-pair wait)."""
