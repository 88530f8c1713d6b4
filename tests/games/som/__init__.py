"""Rule tests of Som el que decidim! (rules/som.md)."""
