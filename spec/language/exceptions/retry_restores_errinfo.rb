# `retry` hands the exception back: the retried body sees `$!` as it was
# before `begin`, and so does the code after the whole statement.
attempts = 0
begin
  attempts += 1
  p [:attempt, attempts, $!]
  raise "boom #{attempts}" if attempts < 3
rescue => e
  p [e.message, $!.message]
  retry
end
p $!

# Nested: the outer rescue's `$!` comes back after the inner retry loop.
begin
  raise ArgumentError, "outer"
rescue
  tries = 0
  begin
    tries += 1
    raise "inner" if tries < 2
    p [:inner_done, $!.message]
  rescue
    retry
  end
  p $!.message
end
p $!
