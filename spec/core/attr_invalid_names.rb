# attr_reader, attr_writer and attr_accessor take identifiers only.
[:"foo bar", :Foo, :foo?, :foo!, :foo=, :_x, :"9a", :"é", "name", "bad name"].each do |name|
  %i[attr_reader attr_writer attr_accessor].each do |kind|
    Class.new { send(kind, name) }
    puts "#{kind} #{name.inspect}: ok"
  rescue NameError => e
    puts "#{kind} #{name.inspect}: #{e.message}"
  end
end

class Point
  attr_reader :x?
end
