"""The Discord adapter: tables, delivery, buttons and one thin cog per game. No rules live here."""
