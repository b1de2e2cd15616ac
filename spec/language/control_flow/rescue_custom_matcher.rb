module Code42
  def self.===(error) = error.message == "E42"
end

class Category
  def self.===(error) = error.is_a?(KeyError) || error.is_a?(IndexError)
end

def classify(error)
  raise error
rescue Code42
  :code_42
rescue Category
  :lookup
rescue StandardError => e
  [:other, e.message]
end

p classify(RuntimeError.new("E42"))
p classify(KeyError.new("k"))
p classify(IndexError.new("i"))
p classify(RuntimeError.new("nope"))
begin
  begin
    raise "x"
  rescue 5
    :never
  end
rescue TypeError => e
  p e.message
end
