class WrapError < StandardError; end
def load_config
  Integer("abc")
rescue ArgumentError
  raise WrapError, "config broken"
end

begin
  load_config
rescue WrapError => e
  p e.message
  p e.cause.class
  p e.cause.message
  p e.cause.cause
end
begin
  raise "no cause"
rescue => e
  p e.cause
end
begin
  raise "explicit", cause: nil
rescue => e
  p e.cause
end
