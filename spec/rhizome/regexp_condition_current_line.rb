# A bare Regexp as a condition matches $_ (the last line read), which
# rhizome does not support.
p :before
p(1) if /x/
