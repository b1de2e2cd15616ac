def process(items)
  items.each do |i|
    raise "bad item #{i}" if i == 2
  end
end

process([1, 2, 3])
