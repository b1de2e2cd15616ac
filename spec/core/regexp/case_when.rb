# case/when with Regexps uses ===, which sets $~.
def kind(s)
  case s
  when /\A\d+\z/ then [:number, $~[0]]
  when /\A([a-z]+)(\d+)\z/ then [:mixed, $1, $2]
  when /\A\s*\z/ then [:blank]
  else [:other, $~]
  end
end
p kind("42"), kind("abc7"), kind("  "), kind("!?")
case :sym
when /y/ then p :symbol_matched
end
