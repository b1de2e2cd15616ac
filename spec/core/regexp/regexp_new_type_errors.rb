# Regexp.new needs a String or a Regexp.
[1, nil, :sym, [1]].each do |arg|
  begin
    Regexp.new(arg)
  rescue TypeError => e
    p [e.class, e.message]
  end
end
