"""Rule tests of Arditi del Popolo (rules/arditi.md)."""
