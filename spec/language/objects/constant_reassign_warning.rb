LIMIT = 1
p LIMIT
LIMIT = 2
p LIMIT
module Conf
  SIZE = 1
  SIZE = 2
end
p Conf::SIZE
