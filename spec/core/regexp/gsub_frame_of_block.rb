# The block of gsub sees the match of the method it is written in.
def rewrite(s)
  s.gsub(/(\d+)/) { ($1.to_i + 1).to_s }
end
p rewrite("a1 b9 c41")
def nested
  "outer" =~ /(out)/
  inner = "x1".gsub(/(\d)/) { $1 + "!" }
  [inner, $1]
end
p nested
