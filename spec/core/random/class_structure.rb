# Random's place in the hierarchy, as in MRI 3.1.
p Random.ancestors
p Random.superclass, Random::Base.superclass
p Random::Formatter.class
p Random.new(1).is_a?(Random::Formatter)
p Random.new(2).respond_to?(:random_number)
p Random.new_seed.is_a?(Integer)
p Random.new_seed != Random.new_seed
p Random.new.seed.is_a?(Integer)
