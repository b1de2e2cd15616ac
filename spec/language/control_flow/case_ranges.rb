def grade(score)
  case score
  when 90..100 then "A"
  when 80...90 then "B"
  when 70...80 then "C"
  when ..69 then "F"
  else "invalid"
  end
end

[100, 95, 90, 89, 80, 79.5, 70, 12, -5, 101].each do |s|
  puts "#{s}: #{grade(s)}"
end
