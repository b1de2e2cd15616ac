def each_pair
  yield 1
  yield 2
ensure
  puts "each_pair ensure"
end

def finder
  each_pair do |v|
    begin
      return "found #{v}" if v == 2
    ensure
      puts "block ensure #{v}"
    end
  end
  "nothing"
ensure
  puts "finder ensure"
end
p finder
