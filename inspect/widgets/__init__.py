"""The inspector's views: each reads a ``CacheState`` (and scrape data) and renders; no I/O."""
