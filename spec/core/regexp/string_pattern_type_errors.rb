# Non-pattern arguments: MRI's TypeErrors.
[-> { "a".sub(1, "x") }, -> { "a".gsub(nil, "x") }, -> { "a".scan(:a) }, -> { "a".split(1) },
 -> { "a".index(1) }, -> { "a".rindex(nil) }, -> { "a".partition(2) }, -> { "a".start_with?(/a/, 3) },
 -> { "a".match?(1) }, -> { "a"[/a/, :zz] }].each do |f|
  begin
    p f.call
  rescue TypeError, IndexError => e
    p [e.class, e.message]
  end
end
