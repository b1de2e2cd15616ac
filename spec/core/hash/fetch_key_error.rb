# A missing key raises KeyError, naming the key (with did_you_mean's
# suggestions in the message); the error knows the key and the receiver.
settings = { "color" => "blue", size: 3, 42 => :answer }
begin
  settings.fetch(:colour)
rescue KeyError => e
  p e.class, e.message, e.key, e.receiver.equal?(settings)
end
begin
  settings.fetch("colr")
rescue KeyError => e
  puts e.message
end
begin
  settings.fetch("size")
rescue KeyError => e
  puts e.message
end
begin
  settings.fetch(:zzz)
rescue IndexError => e
  puts e.message
end
begin
  settings.fetch(4)
rescue KeyError => e
  puts e.message
end
begin
  settings.fetch_values(:size, :sise)
rescue KeyError => e
  puts e.message
end
begin
  {}.fetch(nil)
rescue KeyError => e
  p e.message
end
