def show
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { [1, 2, 3].fetch(10) }
show { 1 + nil }
show { "a" + 1 }
show { Integer("zz") }
show { 5 / 0 }
show { :sym.unknown_thing }
show { raise IndexError }
show { [].first(-1) }
show { "abc".freeze.upcase! }
