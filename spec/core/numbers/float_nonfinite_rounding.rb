def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { Float::INFINITY.round }
show { (-Float::INFINITY).floor }
show { Float::NAN.ceil }
show { Float::NAN.to_i }
show { Float::INFINITY.round(2) }
show { Float::NAN.round(1) }
show { Float::INFINITY.round(-2) }
show { Float::INFINITY.floor(2) }
show { Float::NAN.truncate }
