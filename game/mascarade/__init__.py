"""Mascarade (Vũ Hội Hóa Trang) for 2–13 seats: data, rules, belief tracker and AI."""
