def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

["1.5", "  2.5  ", "1e5", "1E+5", "-1.5e-3", ".5", "+.5", "0x1A", "0x1.8p1", "1_000.5", "017", "0.1e1_0"].each { |s| show { Float(s) } }
["1.", "1.e5", "1__0", "_1", "1_", "Infinity", "NaN", "0b101", "0o17", "12abc", "1e", "1.5.5", "+-1", "", "1 2"].each { |s| show { Float(s) } }
show { Float("1\0") }
p Float("1e400")
p Float("-1e400")
p Float("1e-400")
