p $!
begin
  raise "first"
rescue
  p $!.message
  begin
    raise "second"
  rescue
    p $!.message
  end
  p $!.message
end
p $!
