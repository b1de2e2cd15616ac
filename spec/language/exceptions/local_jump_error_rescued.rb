def no_block
  yield
end

begin
  no_block
rescue LocalJumpError => e
  p e.message
  p e.reason
end
def make_proc = proc { return 1 }
begin
  make_proc.call
rescue LocalJumpError => e
  p e.message
  p e.reason
  p e.exit_value
end
pr = proc { break 5 }
begin
  pr.call
rescue LocalJumpError => e
  p e.message
  p e.reason
end
