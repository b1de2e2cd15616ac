# compact drops nil values (false stays); compact! answers nil when there
# were none.
form = { name: "Ann", nickname: nil, age: 31, admin: false, note: nil }
p form.compact, form
p form.compact!, form
p form.compact!
p({}.compact, { a: nil }.compact)
d = Hash.new(0)
d[:x] = nil
p d.compact.default
