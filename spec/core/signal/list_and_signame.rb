list = Signal.list
p list.size
p list.first(4)
p list.values_at("CHLD", "CLD", "IO", "POLL", "USR1", "USR2", "KILL")
p list.keys.all?(String)
p Signal.signame(0), Signal.signame(2), Signal.signame(17), Signal.signame(29)
p Signal.signame(-1), Signal.signame(99)
p Signal.list.map { |name, number| Signal.signame(number) == name }.count(false)
begin
  Signal.signame("hello")
rescue TypeError => e
  p e.message
end
