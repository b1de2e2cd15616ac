class Pairs
  include Enumerable

  def each
    yield 1, :a
    yield 2, :b
  end
end

pr = Pairs.new
p pr.to_a
p pr.map { |n, s| "#{n}#{s}" }
p pr.map { |x| x }
p pr.select { |n, s| n > 1 }
p pr.first
p pr.sort_by { |n, s| -n }
p pr.include?([1, :a])
