# abort without a message inside a rescue clause reports the exception
# being handled first.
def f
  raise ArgumentError, "inner"
end
begin
  f
rescue ArgumentError
  warn "rescued"
  abort
end
