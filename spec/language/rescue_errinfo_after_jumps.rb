# `$!` is restored when a rescue clause is left by `next`, `break` or
# `return`, as when it ends normally; a later exception has no stale cause.

[1, 2].each do |x|
  begin
    Integer("z")
  rescue ArgumentError
    p $!.class
    next
  end
end
p $!

i = 0
while i < 3
  begin
    raise "in loop #{i}"
  rescue RuntimeError
    break if i == 1
  ensure
    i += 1
  end
end
p $!, i

def leave_early
  raise KeyError, "k"
rescue KeyError
  return $!.message
end
p leave_early, $!

begin
  raise "outer"
rescue RuntimeError
  [1].each do
    begin
      raise ArgumentError, "inner"
    rescue ArgumentError
      next
    end
  end
  p $!.message
end
p $!

begin
  raise TypeError, "later"
rescue TypeError => e
  p e.cause
end
