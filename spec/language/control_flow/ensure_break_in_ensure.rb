r = [1, 2].each do |i|
  begin
    raise "boom #{i}"
  ensure
    break "ensure broke #{i}"
  end
end
p r
def next_in_ensure
  [1, 2].map do |i|
    begin
      i
    ensure
      next :ens if i == 1
    end
  end
end
p next_in_ensure
