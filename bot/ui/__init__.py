"""Buttons and selects (DynamicItems whose custom_id carries the table id), lobby and votes."""
