# upto: characters, numbers as strings, and succ sequences.
r = []
p "a".upto("e") { |x| r << x }, r
r = []
"9".upto("11") { |x| r << x }
p r
r = []
"07".upto("11") { |x| r << x }
p r
r = []
"a8".upto("b2") { |x| r << x }
p r
r = []
"9".upto("A") { |x| r << x }
p r
r = []
"az".upto("bc", true) { |x| r << x }
p r
r = []
"b".upto("a") { |x| r << x }
"a".upto("a", true) { |x| r << x }
"zz".upto("a") { |x| r << x }
p r
r = []
"a".upto("zz") { |x| r << x }
p r.size, r.last
r = []
"1".upto("3", true) { |x| r << x }
p r
"a".upto("e") { |x| break if x == "c"; p x }
begin
  "a".upto(1) {}
rescue => e
  p e.class, e.message
end
