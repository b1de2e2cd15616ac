# An arity error of a method or lambda with required keywords names every
# keyword it requires (not only the missing ones), as MRI's does.
def one(a, j:) = a
def two(a, j:, k:) = a
def optional(a, b = 1, j:, k: 2) = a
def rest(a, *r, j:) = a
def only_keyword(j:) = j

[
  -> { one },
  -> { one(1, 2) },
  -> { one(j: 1) },
  -> { two },
  -> { two(1, 2, j: 1) },
  -> { optional },
  -> { optional(1, 2, 3) },
  -> { rest },
  -> { only_keyword(1) },
  -> { lambda { |a, j:| a }.call },
  -> { one(1) },
  -> { two(1) },
  -> { proc { |a, j:| a }.call },
].each do |call|
  call.call
rescue ArgumentError => e
  puts e.message
end

two(1, 2)
