begin
  raise 42
rescue TypeError => e
  p e.message
end
begin
  raise Object
rescue TypeError => e
  p e.message
end
class NotAnError
  def exception(msg = nil) = RuntimeError.new("converted: #{msg}")
end
begin
  raise NotAnError.new, "hi"
rescue => e
  p e.message
end
