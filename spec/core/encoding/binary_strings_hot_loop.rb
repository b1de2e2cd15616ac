# spec: skip-mode gc-stress 11.7 s under --gc-stress in a release build (it loops until its methods are compiled), some fifty times that in the debug build cargo test runs
# String operations the JIT treats specially (==, length, [], <=>,
# interpolation) give the same answers for binary Strings when hot.
def probe(a, b)
  [a == b, a.length, a[0], a[-1], a <=> b, "#{a}!".encoding, a.size]
end

results = []
2000.times do |i|
  x = i.even? ? "é".b : "é"
  y = i % 3 == 0 ? "é" : "é".b
  results << probe(x, y)
end
p results.uniq

def count_high(s)
  n = 0
  i = 0
  while i < s.length
    n += 1 if s[i].ord > 127
    i += 1
  end
  n
end
data = ("ab\xC3\xA9" * 50).b
p 500.times.map { count_high(data) }.uniq, count_high("abé" * 50)

def join(parts)
  "#{parts[0]}-#{parts[1]}"
end
out = 1000.times.map do |i|
  begin
    join(i.even? ? ["a".b, "é"] : ["\xff".b, "é"]).encoding
  rescue => e
    e.class
  end
end
p out.tally
