# A required file with an invalid literal raises SyntaxError.
begin
  require_relative "lib/bad_regexp"
rescue SyntaxError => e
  p e.class, e.message.include?("unmatched close parenthesis")
end
