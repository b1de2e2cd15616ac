r = catch(:stop) do
  begin
    [1, 2, 3].each do |i|
      begin
        throw :stop, i if i == 2
      ensure
        puts "inner ensure #{i}"
      end
    end
  ensure
    puts "outer ensure"
  end
end
p r
