class Rec
  attr_accessor :v
  def inspect = "#<Rec v=#{@v.inspect}>"
end

r = Rec.new
r.v = 1
r.freeze
[-> { r.v = 2 }, -> { "lit".freeze << "x" }, -> { [1].freeze.push(2) },
 -> { r.instance_variable_set(:@w, 1) }].each do |t|
  t.call
rescue FrozenError => e
  puts e.message
rescue => e
  puts "other: #{e.class}: #{e.message}"
end
