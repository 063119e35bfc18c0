"""hotdeath."""
