LIST = [1, 2, 3].freeze

def add(v)
  LIST << v
end

add(4)
