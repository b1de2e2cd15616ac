# abort raises SystemExit (status 1, the message); a non-String message
# is a TypeError; $stderr may be redirected.
begin
  abort("m")
rescue SystemExit => e
  p e.status, e.message
end
begin
  abort(:sym)
rescue TypeError => e
  p e.message
end
$stderr = $stdout
begin
  abort("to stdout")
rescue SystemExit => e
  p e.message
end
