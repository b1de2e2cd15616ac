module Zoo
  class Cage
    class Lock
    end
  end
end

p Zoo.name
p Zoo::Cage.name
p Zoo::Cage::Lock.name
p Zoo::Cage::Lock.to_s
p Zoo::Cage::Lock
anon = Class.new
p anon.name
Named = anon
p anon.name
p Named.new.class
