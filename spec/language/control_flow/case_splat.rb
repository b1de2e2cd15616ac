SMALL = [1, 2, 3]
BIG = [100, 200]

def classify(n)
  case n
  when *SMALL then "small"
  when *BIG, 300 then "big"
  when 4, *[5, 6] then "medium"
  else "unknown"
  end
end

[1, 3, 200, 300, 5, 7].each { |n| puts "#{n} #{classify(n)}" }
