def sign(n)
  if n > 0 then :pos
  elsif n < 0 then :neg
  else :zero
  end
end

p [5, -2, 0].map { |n| sign(n) }
v = unless false then :ran end
p v
p(if false then 1 end)
p((:modifier if true))
p((:modifier if false))
w = 3
w = w * 2 unless w > 10
p w
