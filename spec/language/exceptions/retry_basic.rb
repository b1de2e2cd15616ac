attempts = 0
begin
  attempts += 1
  puts "attempt #{attempts}"
  raise "flaky" if attempts < 3
  puts "succeeded"
rescue
  retry
end
p attempts
def fetch(limit)
  tries = 0
  begin
    tries += 1
    raise ArgumentError if tries <= limit
    "got it after #{tries}"
  rescue ArgumentError
    retry if tries < 5
    "gave up after #{tries}"
  end
end
p fetch(2)
p fetch(10)
