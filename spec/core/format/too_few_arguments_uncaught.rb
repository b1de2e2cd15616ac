puts format("%s and %s", "one")
