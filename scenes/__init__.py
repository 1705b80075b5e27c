"""Everything that draws: pygame-ce lives only in this package."""
