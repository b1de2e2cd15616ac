def run
  [1, 2].map { |x| x + offset }
end

run
