LIMIT ||= 10
p LIMIT
LIMIT ||= 20
p LIMIT
module Conf
  SIZE ||= 3
  NAMES ||= []
end
Conf::NAMES << "x"
p Conf::SIZE
p Conf::NAMES
Conf::OTHER ||= "scoped"
p Conf::OTHER
