"""One thin cog per game, plus the generic /game group."""
