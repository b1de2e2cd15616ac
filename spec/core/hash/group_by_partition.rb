# Grouping and splitting records kept in a Hash.
employees = {
  "ann" => { dept: "eng", salary: 120 },
  "bob" => { dept: "ops", salary: 90 },
  "cid" => { dept: "eng", salary: 100 },
  "dan" => { dept: "hr", salary: 70 },
}
by_dept = employees.group_by { |_, info| info[:dept] }
by_dept.each do |dept, members|
  puts "#{dept}: #{members.map(&:first).join(', ')}"
end
p by_dept.transform_values { |members| members.sum { |_, info| info[:salary] } }
high, low = employees.partition { |_, info| info[:salary] >= 100 }
p high.map(&:first), low.to_h.keys
slices = []
employees.each_slice(3) { |slice| slices << slice.map(&:first) }
p slices
