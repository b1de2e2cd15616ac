# Sizes the machine cannot hold raise NoMemoryError at once (MRI's
# message, no backtrace) instead of exhausting memory.
[
  -> { "x" * (2**40) },
  -> { Array.new(2**40) },
  -> { Array.new(2**40, 0) },
  -> { [1, 2] * (2**40) },
  -> { "ab".ljust(2**40) },
  -> { "ab".center(2**40, "-") },
].each do |make|
  begin
    make.call
  rescue NoMemoryError => e
    p [e.class, e.message, e.backtrace]
  end
end
p NoMemoryError.ancestors.take(3)
begin
  "x" * (2**40)
rescue StandardError
  p :not_a_standard_error
rescue Exception => e
  p e.class
end
puts "done"
def grow
  "x" * (2**40)
end
grow
