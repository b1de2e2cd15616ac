def twice
  yield 1, 2
end

strict = ->(a) { a }
twice(&strict)
