def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

%w[12 0x1f 0X1F 0b11 0o17 017 0d19 -0x1f +42 1_000 007].each { |s| show { Integer(s) } }
show { Integer(" 42 ") }
show { Integer("\n42\t") }
%w[1__0 12.5 1e5 _1 1_ 0x 08 09 0b2 abc].each { |s| show { Integer(s) } }
show { Integer("") }
show { Integer("4 2") }
show { Integer("+ 1") }
show { Integer("1\0") }
p Integer("1" * 30)
