e = RuntimeError.new("never raised")
p e.backtrace
p e.message
begin
  raise e
rescue => caught
  p caught.equal?(e)
  p caught.backtrace
end
def again(ex) = raise(ex)
begin
  again(e)
rescue => c2
  p c2.backtrace
end
