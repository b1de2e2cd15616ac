def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p [1234.round(-2), 1250.round(-2), 1350.round(-2), -1250.round(-2), 1234.round(1), 1234.round]
p [15.round(-1), 25.round(-1), 15.round(-1, half: :even), 25.round(-1, half: :even), 25.round(-1, half: :down), -25.round(-1, half: :down)]
p (10**20 + 5).round(-1)
p (10**20 + 15).round(-1, half: :even)
p (10**20 + 5).round(-1, half: :down)
p (-(10**20) - 5).round(-1)
p 1234.round(-30)
p (10**30).round(-40)
p 1.round(half: :bogus)
show { 15.round(-1, half: :bogus) }
show { 15.round(1, half: :bogus) }
show { 15.round("1") }
