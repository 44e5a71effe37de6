"""Event and metric sources: plain classes with a blocking ``run(feed, stop)``, no widgets."""
