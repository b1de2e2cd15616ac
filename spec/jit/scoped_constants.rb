# `Scope::NAME` in compiled code is the constant's value until the constant
# is assigned again.

module Geometry
  PEERS = [[1, 2], [0, 2], [0, 1]]
  module Inner
    LIMIT = 3
  end
end

class Base
  SIZE = 10
end

class Derived < Base; end

def peers_sum(i)
  Geometry::PEERS[i].sum + Geometry::Inner::LIMIT + Derived::SIZE
end

total = 0
3000.times { |i| total += peers_sum(i % 3) }
p total

Geometry.send(:remove_const, :PEERS)
Geometry.const_set(:PEERS, [[5], [6], [7]])
p peers_sum(1)

class Derived
  SIZE = 100
end
p peers_sum(2)

def missing = Geometry::NOPE
begin
  missing
rescue NameError => e
  p e.message
end
