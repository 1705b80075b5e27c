"""Đạo Tâm: Hành Trình Chính Đạo (shared/rules/daotam.md)."""
