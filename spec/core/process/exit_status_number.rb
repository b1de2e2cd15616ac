# exit(n): SystemExit carries the status; rescuing it continues.
begin
  exit(2)
rescue SystemExit => e
  p e.status, e.success?, e.message, e.class.ancestors.take(3)
end
begin
  exit(true)
rescue SystemExit => e
  p e.status, e.success?
end
begin
  exit(2.7)
rescue SystemExit => e
  p e.status
end
[nil, "x", :a].each do |status|
  exit(status)
rescue TypeError => e
  p e.message
end
exit 3
