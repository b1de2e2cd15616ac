# casefold? and the option constants.
p(/a/i.casefold?, /a/.casefold?)
p Regexp::IGNORECASE, Regexp::EXTENDED, Regexp::MULTILINE
p Regexp.new("a", Regexp::IGNORECASE | Regexp::MULTILINE).options
p(/a/ix.options & Regexp::EXTENDED != 0)
