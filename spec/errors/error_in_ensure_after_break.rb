def scan
  [1, 2, 3].each do |i|
    begin
      break if i == 2
    ensure
      raise "ensure saw #{i}" if i == 2
    end
  end
end
scan
