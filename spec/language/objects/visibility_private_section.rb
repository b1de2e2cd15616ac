class Safe
  def open
    "open: #{combination}"
  end

  def open_self
    "self: #{self.combination}"
  end

  private

  def combination
    "1-2-3"
  end

  def other
    "other"
  end
end

s = Safe.new
puts s.open
puts s.open_self
p Safe.private_instance_methods(false).sort
p Safe.public_instance_methods(false).sort
begin
  s.combination
rescue NoMethodError => e
  puts e.class
end
