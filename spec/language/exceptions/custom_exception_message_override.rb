class Oops < StandardError
  def message
    "custom message"
  end
end

class WithToS < StandardError
  def to_s
    "from to_s"
  end
end

begin
  raise Oops, "ignored"
rescue => e
  p e.message
end
begin
  raise WithToS
rescue => e
  p e.message
  p e.inspect
end
p Oops.new.message
