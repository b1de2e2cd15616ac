# ==, eql?, ===, <=> and Comparable.
p "a" == "a", "a" == "b", "a" == :a, "1" == 1, "a" != "b"
p "a".eql?("a"), "a".eql?(:a), "a" === "a"
p "a" <=> "b", "b" <=> "a", "a" <=> "a", "a" <=> "ab", "B" <=> "a", "a" <=> 1
p "abc" < "abd", "abc" > "ab", "a" <= "a", "b" >= "c"
p "b".between?("a", "c"), "d".between?("a", "c"), "b".clamp("c", "e"), "z".clamp("c", "e")
p ["pear", "apple", "fig", "Banana"].sort, ["b", "a"].max, ["b", "a"].min
p "é" > "z", "日" <=> "本"
begin
  "a" < 1
rescue => e
  p e.class, e.message
end
class Str
  def to_str
    "x"
  end

  def ==(other)
    other == "x"
  end
end
p "x" == Str.new, "y" == Str.new
