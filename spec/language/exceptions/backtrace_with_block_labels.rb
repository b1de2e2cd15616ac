def outer
  [1].each do |x|
    [2].map do |y|
      helper(x + y)
    end
  end
end

def helper(n)
  raise ArgumentError, "n=#{n}"
end

begin
  outer
rescue => e
  puts e.backtrace
end
