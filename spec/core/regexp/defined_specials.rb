# defined? of the match variables.
p defined?($~), defined?($1), defined?($&)
"ab" =~ /(a)(x)?/
p defined?($1), defined?($2), defined?($&), defined?($`), defined?($+)
