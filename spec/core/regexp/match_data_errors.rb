# Unknown names and out-of-range indexes.
m = /(?<a>x)(y)?/.match("xy")
[-> { m[:nope] }, -> { m["nope"] }, -> { m.begin(3) }, -> { m.end(-1) },
 -> { m.offset(:nope) }, -> { m[1, 2, 3] }, -> { m.values_at(:zz) }].each do |f|
  begin
    p f.call
  rescue IndexError, ArgumentError => e
    p [e.class, e.message]
  end
end
p m[7]
