# min_by/max_by/sort_by work on [key, value] pairs.
population = { "Oslo" => 709_000, "Bergen" => 286_000, "Tromsø" => 77_000, "Trondheim" => 212_000 }
p population.min_by { |_, n| n }
p population.max_by { |_, n| n }
p population.max_by(2) { |_, n| n }
p population.min_by(2) { |city, _| city.length }
p population.sort_by { |_, n| -n }.first(2)
p population.sort_by { |city, _| city }.to_h
p population.minmax_by { |_, n| n }
p population.sort_by { |pair| pair[1] }.map(&:first)
p({}.min_by { |k, v| v }, {}.max_by { |k, v| v })
p population.max_by { |city, n| city.size }
